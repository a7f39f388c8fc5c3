//! Ruby's class hierarchy behind `Runtime[ruby, 'Name']` types.
//!
//! As in the reference, `Runtime[ruby, 'Base']` accepts `Runtime[ruby,
//! 'Derived']` when the class the second name stands for is, inherits from,
//! or includes the class the first one stands for. Finding the class a name
//! stands for runs the host's code (Ruby's `const_get`, which may autoload),
//! which never runs in the middle of a check. So a host runs a check inside
//! [`with_classes`], giving what it knows of the names ([`RuntimeClasses`]);
//! the rules ask [`class_within`], which records each name the table lacks
//! (answering false meanwhile); the host then resolves those names and runs
//! the check again ([`Session`] drives the rounds). Outside such a call (Rust
//! callers, the evaluator) a rule knows no hierarchy between two names.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

/// A class or module a name stands for, as identities the host gives:
/// equal identities are the same class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuntimeClass {
    /// The class itself.
    pub id: u64,
    /// The class and its ancestors (superclasses, included and prepended
    /// modules), as Ruby's `Module#ancestors` lists them.
    pub ancestors: Box<[u64]>,
}

/// What the host found for each class name it was asked about: the class,
/// or `None` when the name stands for no class or module.
#[derive(Clone, Debug, Default)]
pub struct RuntimeClasses {
    known: HashMap<Arc<str>, Option<RuntimeClass>>,
}

impl RuntimeClasses {
    /// Records what `name` stands for.
    pub fn insert(&mut self, name: Arc<str>, class: Option<RuntimeClass>) {
        self.known.insert(name, class);
    }

    /// How many names are recorded.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// True when no name is recorded.
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }
}

/// The table of the call running on this thread, and the names it lacked.
struct Current {
    classes: Rc<RuntimeClasses>,
    wanted: RefCell<HashSet<Arc<str>>>,
}

thread_local! {
    static CURRENT: RefCell<Option<Rc<Current>>> = const { RefCell::new(None) };
}

/// Runs `f` with `classes` consulted by the Runtime rules; answers what `f`
/// answered and the names it needed that `classes` lacks (the answer stands
/// only when there are none). Calls nest: the outer table is back after.
pub fn with_classes<T>(classes: &Rc<RuntimeClasses>, f: impl FnOnce() -> T) -> (T, Vec<Arc<str>>) {
    let current = Rc::new(Current {
        classes: classes.clone(),
        wanted: RefCell::new(HashSet::new()),
    });
    let outer = CURRENT.with(|c| c.replace(Some(current.clone())));
    /// Puts the outer table back, also when `f` unwinds.
    struct Restore(Option<Option<Rc<Current>>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take().flatten();
            CURRENT.with(|c| *c.borrow_mut() = outer);
        }
    }
    let restore = Restore(Some(outer));
    let answer = f();
    drop(restore);
    let wanted = current.wanted.borrow_mut().drain().collect();
    (answer, wanted)
}

/// Whether the class named `sub` is, inherits from or includes the class
/// named `sup` (two different names of `Runtime[ruby, name]` types): `None`
/// outside [`with_classes`]; false while a name is not known yet (it is
/// recorded as wanted) or stands for no class.
pub(crate) fn class_within(sup: &str, sub: &str) -> Option<bool> {
    CURRENT.with(|c| {
        let current = c.borrow().clone()?;
        let known = &current.classes.known;
        let answer = match (known.get(sup), known.get(sub)) {
            (Some(Some(a)), Some(Some(b))) => b.ancestors.contains(&a.id),
            (Some(None), _) | (_, Some(None)) => false,
            (a, b) => {
                let mut wanted = current.wanted.borrow_mut();
                for (name, found) in [(sup, a), (sub, b)] {
                    if found.is_none() && !wanted.contains(name) {
                        wanted.insert(Arc::from(name));
                    }
                }
                false
            }
        };
        Some(answer)
    })
}

/// Drives the rounds of one call: run the check, resolve the names it
/// lacked, run it again, until it lacks none (each round knows more names,
/// so the rounds end; a round cut short answers as it is).
pub struct Session {
    classes: Rc<RuntimeClasses>,
}

/// The most rounds of one call: each adds the names the answers so far
/// led to (one or two in practice); the last round's answer stands.
const MAX_ROUNDS: usize = 16;

impl Session {
    /// A session knowing no name yet.
    pub fn new() -> Session {
        Session {
            classes: Rc::new(RuntimeClasses::default()),
        }
    }

    /// Runs `f` (a check without side effects) until it needs no name
    /// unknown to the session, resolving the names it needs with `resolve`
    /// (the host's code, run between the rounds). `stopped` says whether a
    /// round was cut short (its answer then stands). Errors of `resolve` end
    /// the call.
    pub fn run<T, E>(
        &mut self,
        mut f: impl FnMut() -> T,
        mut stopped: impl FnMut() -> bool,
        mut resolve: impl FnMut(&str) -> Result<Option<RuntimeClass>, E>,
    ) -> Result<T, E> {
        let mut round = 0;
        loop {
            let (answer, wanted) = with_classes(&self.classes, &mut f);
            round += 1;
            if wanted.is_empty() || round >= MAX_ROUNDS || stopped() {
                return Ok(answer);
            }
            drop(answer);
            let table = Rc::make_mut(&mut self.classes);
            for name in wanted {
                let class = resolve(&name)?;
                table.insert(name, class);
            }
        }
    }
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::calc::is_assignable;
    use crate::types::factory as f;
    use crate::types::RuntimeName;

    fn rt(name: &str) -> crate::types::Type {
        f::runtime(Some("ruby"), Some(RuntimeName::Name(Arc::from(name))))
    }

    /// A hierarchy: Object(1) > Base(2) > Derived(3), Mixin(4) included in Base.
    fn resolve(name: &str) -> Result<Option<RuntimeClass>, ()> {
        let class = |id, ancestors: &[u64]| {
            Some(RuntimeClass {
                id,
                ancestors: ancestors.into(),
            })
        };
        Ok(match name {
            "Object" | "::Object" => class(1, &[1]),
            "Base" => class(2, &[2, 4, 1]),
            "Derived" => class(3, &[3, 2, 4, 1]),
            "Mixin" => class(4, &[4]),
            _ => None,
        })
    }

    fn assignable_resolving(a: &str, b: &str) -> (bool, usize) {
        let mut session = Session::new();
        let mut rounds = 0;
        let answer = session
            .run(
                || {
                    rounds += 1;
                    is_assignable(&rt(a), &rt(b))
                },
                || false,
                resolve,
            )
            .unwrap();
        (answer, rounds)
    }

    #[test]
    fn runtime_types_follow_the_resolved_class_hierarchy() {
        assert_eq!(assignable_resolving("Base", "Derived"), (true, 2));
        assert_eq!(assignable_resolving("Mixin", "Derived"), (true, 2));
        assert_eq!(assignable_resolving("::Object", "Base"), (true, 2));
        assert_eq!(assignable_resolving("Derived", "Base"), (false, 2));
        assert_eq!(assignable_resolving("Object", "Mixin"), (false, 2));
        assert_eq!(assignable_resolving("Base", "Missing"), (false, 2));
        assert_eq!(assignable_resolving("Missing", "Missing"), (true, 1));
    }

    #[test]
    fn runtime_types_outside_a_session_compare_names_only() {
        assert!(!is_assignable(&rt("Base"), &rt("Derived")));
        assert!(is_assignable(&rt("Base"), &rt("Base")));
    }

    #[test]
    fn sessions_nest_and_restore_the_outer_table() {
        let mut outer = RuntimeClasses::default();
        outer.insert(Arc::from("Base"), resolve("Base").unwrap());
        outer.insert(Arc::from("Derived"), resolve("Derived").unwrap());
        let outer = Rc::new(outer);
        let (answers, wanted) = with_classes(&outer, || {
            let (inner, inner_wanted) = with_classes(&Rc::new(RuntimeClasses::default()), || {
                is_assignable(&rt("Base"), &rt("Derived"))
            });
            assert_eq!(inner_wanted.len(), 2);
            (inner, is_assignable(&rt("Base"), &rt("Derived")))
        });
        assert_eq!(answers, (false, true));
        assert!(wanted.is_empty());
    }
}
