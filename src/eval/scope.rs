//! Variable scopes, as the reference keeps them: the top scope (the given
//! variables and top-level assignments), a local scope per lambda call whose
//! parent is the scope the lambda was written in, and a local scope per
//! function call whose parent is the top scope. A variable may be assigned
//! once per scope; lookups go outwards through the parents.
//!
//! The numeric match variables `$0..$n` live in "ephemeral" match scopes:
//! a successful regex match sets them in the innermost one; `if`, `unless`,
//! `case` and selectors open one for their test and branches and drop it
//! after, so a match made in a test is seen by the branch and nowhere else.

use crate::values::Value;
use indexmap::IndexMap;
use smol_str::SmolStr;
use std::collections::HashMap;
use std::sync::Arc;

/// The match groups of one successful match (`$0` first); `None` for a
/// match scope where nothing matched yet.
type Groups = Option<Arc<[Value]>>;

/// One scope: its variables, its parent, and its stack of match scopes.
struct Frame {
    /// Variables assigned in this scope, in order (scopes are small).
    locals: Vec<(SmolStr, Value)>,
    /// Where lookups continue (`None` for the top scope).
    parent: Option<usize>,
    /// The match scopes opened in this scope, innermost last (never empty).
    matches: Vec<Groups>,
}

/// The scopes of one evaluation.
pub(crate) struct Scopes {
    /// The top scope's variables.
    top: HashMap<SmolStr, Value>,
    /// Frame 0 is the top scope (its `locals` stay empty).
    frames: Vec<Frame>,
}

/// What assigning a variable can run into.
pub(crate) enum AssignError {
    /// The name was assigned before in the same scope.
    Reassign,
}

impl Scopes {
    /// Scopes whose top scope holds `variables` (names with or without `$` and `::`).
    pub(crate) fn new(variables: &IndexMap<String, Value>) -> Scopes {
        let mut top = HashMap::with_capacity(variables.len());
        for (k, v) in variables {
            let k = k.strip_prefix('$').unwrap_or(k);
            let k = k.strip_prefix("::").unwrap_or(k);
            top.insert(SmolStr::new(k), v.clone());
        }
        Scopes {
            top,
            frames: vec![Frame {
                locals: Vec::new(),
                parent: None,
                matches: vec![None],
            }],
        }
    }

    /// The index of the innermost scope.
    #[inline]
    pub(crate) fn current(&self) -> usize {
        self.frames.len() - 1
    }

    /// The value of `$name` seen from the innermost scope, `None` when it does not exist.
    /// A `::`-prefixed name is looked up in the top scope only.
    pub(crate) fn get(&self, name: &str) -> Option<&Value> {
        if let Some(global) = name.strip_prefix("::") {
            return self.top.get(global);
        }
        let mut at = Some(self.current());
        while let Some(i) = at {
            let f = &self.frames[i];
            if i == 0 {
                return self.top.get(name);
            }
            if let Some((_, v)) = f.locals.iter().rev().find(|(k, _)| k == name) {
                return Some(v);
            }
            at = f.parent;
        }
        None
    }

    /// Assign `$name` in the innermost scope.
    pub(crate) fn set(&mut self, name: &str, v: Value) -> Result<(), AssignError> {
        let i = self.current();
        if i == 0 {
            if self.top.contains_key(name) {
                return Err(AssignError::Reassign);
            }
            self.top.insert(SmolStr::new(name), v);
            return Ok(());
        }
        let f = &mut self.frames[i];
        if f.locals.iter().any(|(k, _)| k == name) {
            return Err(AssignError::Reassign);
        }
        f.locals.push((SmolStr::new(name), v));
        Ok(())
    }

    /// Bind a parameter in the innermost scope (parameters are distinct names).
    pub(crate) fn bind(&mut self, name: &str, v: Value) {
        let i = self.current();
        if i == 0 {
            self.top.insert(SmolStr::new(name), v);
        } else {
            self.frames[i].locals.push((SmolStr::new(name), v));
        }
    }

    /// `$n`: the n-th group of the innermost match seen from here.
    pub(crate) fn match_var(&self, n: i64) -> Value {
        let mut at = Some(self.current());
        while let Some(i) = at {
            let f = &self.frames[i];
            if let Some(groups) = f.matches.iter().rev().flatten().next() {
                return usize::try_from(n)
                    .ok()
                    .and_then(|i| groups.get(i).cloned())
                    .unwrap_or(Value::Undef);
            }
            at = f.parent;
        }
        Value::Undef
    }

    /// Record the groups of a successful match in the innermost match scope.
    pub(crate) fn set_matches(&mut self, groups: Vec<Value>) {
        let i = self.current();
        if let Some(slot) = self.frames[i].matches.last_mut() {
            *slot = Some(groups.into());
        }
    }

    /// Open a match scope (for a conditional's test and branches); returns
    /// the depth to give [`Scopes::close_match_scope`].
    pub(crate) fn open_match_scope(&mut self) -> usize {
        let i = self.current();
        let m = &mut self.frames[i].matches;
        m.push(None);
        m.len() - 1
    }

    /// Drop the match scopes opened since `depth` was returned.
    pub(crate) fn close_match_scope(&mut self, depth: usize) {
        let i = self.current();
        self.frames[i].matches.truncate(depth.max(1));
    }

    /// Enter a local scope whose lookups continue in scope `parent`.
    pub(crate) fn push(&mut self, parent: usize) {
        self.frames.push(Frame {
            locals: Vec::new(),
            parent: Some(parent),
            matches: vec![None],
        });
    }

    /// Leave the innermost local scope.
    pub(crate) fn pop(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }
}
