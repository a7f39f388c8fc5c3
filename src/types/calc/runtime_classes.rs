//! Ruby's class hierarchy behind `Runtime[ruby, 'Name']` types.
//!
//! As in the reference, `Runtime[ruby, 'Base']` accepts `Runtime[ruby,
//! 'Derived']` when the class the second name stands for is, inherits from,
//! or includes the class the first one stands for. Finding the class a name
//! stands for runs the host's code (Ruby's `const_get`, which may autoload),
//! which never runs in the middle of a check. So a host runs a check through
//! a [`Session`]: first as it is; when a rule met two different class names
//! ([`class_within`], [`common_superclass`]), again inside [`with_classes`]
//! with what the host knows of the names ([`RuntimeClasses`]), where a rule
//! records each name the table lacks (answering as if there were no such
//! class meanwhile), which the host then resolves for the next round. Outside
//! a session (Rust callers, the evaluator) a rule knows no hierarchy between
//! two names.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
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
    /// For a class, the class and its superclasses, nearest first, each
    /// with its name (`None` for an anonymous one); empty for a module.
    pub superclasses: Box<[(u64, Option<Arc<str>>)]>,
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
}

/// The table of the call running on this thread (none: nothing known yet),
/// and the names it lacked.
struct Current {
    classes: Option<Rc<RuntimeClasses>>,
    wanted: Vec<Arc<str>>,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
}

/// How many times, on any thread, a rule met two class names outside
/// [`with_classes`]: a check during which this did not change (most) needs
/// no name resolved and runs once, without a table.
static MISSES: AtomicU64 = AtomicU64::new(0);

/// Runs `f` with `classes` consulted by the Runtime rules; answers what `f`
/// answered and the names it needed that `classes` lacks (the answer stands
/// only when there are none). Calls nest: the outer table is back after.
pub fn with_classes<T>(
    classes: Option<&Rc<RuntimeClasses>>,
    f: impl FnOnce() -> T,
) -> (T, Vec<Arc<str>>) {
    /// Puts the outer call's table back when `f` unwinds.
    struct Restore(Option<Option<Current>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                CURRENT.with(|c| *c.borrow_mut() = outer);
            }
        }
    }
    let mine = Current {
        classes: classes.cloned(),
        wanted: Vec::new(),
    };
    let mut restore = Restore(Some(CURRENT.with(|c| c.replace(Some(mine)))));
    let answer = f();
    let outer = restore.0.take().flatten();
    let mine = CURRENT.with(|c| c.replace(outer));
    (answer, mine.map(|c| c.wanted).unwrap_or_default())
}

/// Records `name` as wanted (once).
fn want(wanted: &mut Vec<Arc<str>>, name: &str) {
    if !wanted.iter().any(|w| &**w == name) {
        wanted.push(Arc::from(name));
    }
}

/// Looks up the classes named `a` and `b` in the current call's table:
/// `None` outside [`with_classes`] (counted in [`MISSES`]); else `g` of what
/// each stands for, or `unknown` (the names the table lacks recorded as wanted).
fn with_pair<T>(
    a: &str,
    b: &str,
    unknown: T,
    g: impl FnOnce(Option<&RuntimeClass>, Option<&RuntimeClass>) -> T,
) -> Option<T> {
    CURRENT.with(|c| {
        let mut c = c.borrow_mut();
        let Some(current) = c.as_mut() else {
            MISSES.fetch_add(1, Ordering::Relaxed);
            return None;
        };
        let known = current.classes.as_deref().map(|t| &t.known);
        let x = known.and_then(|k| k.get(a));
        let y = known.and_then(|k| k.get(b));
        Some(match (x, y) {
            (Some(x), Some(y)) => g(x.as_ref(), y.as_ref()),
            // (a name standing for no class settles it without the other)
            (Some(None), _) | (_, Some(None)) => g(None, None),
            _ => {
                for (name, found) in [(a, x), (b, y)] {
                    if found.is_none() {
                        want(&mut current.wanted, name);
                    }
                }
                unknown
            }
        })
    })
}

/// Whether the class named `sub` is, inherits from or includes the class
/// named `sup` (two different names of `Runtime[ruby, name]` types): `None`
/// outside [`with_classes`] (counted in [`MISSES`]); false while a name is
/// not known yet (it is recorded as wanted) or stands for no class.
pub(crate) fn class_within(sup: &str, sub: &str) -> Option<bool> {
    with_pair(sup, sub, false, |a, b| match (a, b) {
        (Some(a), Some(b)) => b.ancestors.contains(&a.id),
        _ => false,
    })
}

/// The nearest superclass of the class named `a` that the class named `b`
/// also has (the name of the Runtime type of what two such objects have
/// in common; `Some(None)` for an anonymous class): `None` outside
/// [`with_classes`], for a module, for a name that stands for no class,
/// and while a name is not known yet (recorded as wanted).
pub(crate) fn common_superclass(a: &str, b: &str) -> Option<Option<Arc<str>>> {
    with_pair(a, b, None, |x, y| {
        let (x, y) = (x?, y?);
        x.superclasses
            .iter()
            .find(|(id, _)| y.superclasses.iter().any(|(other, _)| other == id))
            .map(|(_, name)| name.clone())
    })
    .flatten()
}

/// Drives the rounds of one call: run the check, resolve the names it
/// lacked, run it again, until it lacks none (each round knows more names,
/// so the rounds end; a round cut short answers as it is).
#[derive(Default)]
pub struct Session {
    classes: Option<Rc<RuntimeClasses>>,
}

/// The most rounds of one call: each adds the names the answers so far
/// led to (one or two in practice); the last round's answer stands.
const MAX_ROUNDS: usize = 16;

impl Session {
    /// A session knowing no name yet.
    pub fn new() -> Session {
        Session::default()
    }

    /// Runs `f` (a check without side effects) until it needs no name
    /// unknown to the session, resolving the names it needs with `resolve`
    /// (the host's code, run between the rounds). `stopped` says whether a
    /// round was cut short (its answer then stands). Errors of `resolve` end
    /// the call. The first round runs without a table: one that compares no
    /// two class names is the only one.
    #[inline]
    pub fn run<T, E>(
        &mut self,
        mut f: impl FnMut() -> T,
        mut stopped: impl FnMut() -> bool,
        resolve: impl FnMut(&str) -> Result<Option<RuntimeClass>, E>,
    ) -> Result<T, E> {
        if self.classes.is_none() {
            let misses = MISSES.load(Ordering::Relaxed);
            let answer = f();
            if MISSES.load(Ordering::Relaxed) == misses || stopped() {
                return Ok(answer);
            }
        }
        self.rounds(f, stopped, resolve)
    }

    /// The rounds with a table (see [`Session::run`]).
    #[cold]
    #[inline(never)]
    fn rounds<T, E>(
        &mut self,
        mut f: impl FnMut() -> T,
        mut stopped: impl FnMut() -> bool,
        mut resolve: impl FnMut(&str) -> Result<Option<RuntimeClass>, E>,
    ) -> Result<T, E> {
        let mut round = 0;
        loop {
            let (answer, wanted) = with_classes(self.classes.as_ref(), &mut f);
            round += 1;
            if wanted.is_empty() || round >= MAX_ROUNDS || stopped() {
                return Ok(answer);
            }
            drop(answer);
            let table = Rc::make_mut(self.classes.get_or_insert_with(Default::default));
            for name in wanted {
                let class = resolve(&name)?;
                table.insert(name, class);
            }
        }
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

    /// A hierarchy: Object(1) > Base(2) > Derived(3), Mixin(4) included in
    /// Base, Object(1) > Other(5).
    fn resolve(name: &str) -> Result<Option<RuntimeClass>, ()> {
        let class = |id, ancestors: &[u64]| {
            let superclasses = ancestors
                .iter()
                .filter(|&&a| a != 4)
                .map(|&a| {
                    (
                        a,
                        Some(Arc::from(
                            ["", "Object", "Base", "Derived", "", "Other"][a as usize],
                        )),
                    )
                })
                .collect();
            Some(RuntimeClass {
                id,
                ancestors: ancestors.into(),
                superclasses: if id == 4 { Box::new([]) } else { superclasses },
            })
        };
        Ok(match name {
            "Object" | "::Object" => class(1, &[1]),
            "Base" => class(2, &[2, 4, 1]),
            "Derived" => class(3, &[3, 2, 4, 1]),
            "Mixin" => class(4, &[4]),
            "Other" => class(5, &[5, 1]),
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
        // (a round without a table, one that finds the names, one answering)
        assert_eq!(assignable_resolving("Base", "Derived"), (true, 3));
        assert_eq!(assignable_resolving("Mixin", "Derived"), (true, 3));
        assert_eq!(assignable_resolving("::Object", "Base"), (true, 3));
        assert_eq!(assignable_resolving("Derived", "Base"), (false, 3));
        assert_eq!(assignable_resolving("Object", "Mixin"), (false, 3));
        assert_eq!(assignable_resolving("Base", "Missing"), (false, 3));
        assert_eq!(assignable_resolving("Missing", "Missing"), (true, 1));
    }

    fn common_resolving(a: &str, b: &str) -> String {
        let mut session = Session::new();
        let t = session
            .run(
                || crate::types::calc::common_type(&rt(a), &rt(b)),
                || false,
                resolve,
            )
            .unwrap();
        t.to_string()
    }

    #[test]
    fn the_common_type_of_runtime_types_is_their_nearest_common_superclass() {
        assert_eq!(common_resolving("Derived", "Base"), "Runtime[ruby, 'Base']");
        assert_eq!(
            common_resolving("Derived", "Object"),
            "Runtime[ruby, 'Object']"
        );
        assert_eq!(
            common_resolving("Derived", "Other"),
            "Runtime[ruby, 'Object']"
        );
        // (superclasses only: a module shares none)
        assert_eq!(
            common_resolving("Derived", "Mixin"),
            "Runtime[ruby, 'Mixin']"
        );
        assert_eq!(common_resolving("Mixin", "Object"), "Any");
        assert_eq!(common_resolving("Base", "Missing"), "Any");
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
        let (answers, wanted) = with_classes(Some(&outer), || {
            let (inner, inner_wanted) =
                with_classes(None, || is_assignable(&rt("Base"), &rt("Derived")));
            assert_eq!(inner_wanted.len(), 2);
            (inner, is_assignable(&rt("Base"), &rt("Derived")))
        });
        assert_eq!(answers, (false, true));
        assert!(wanted.is_empty());
    }
}
