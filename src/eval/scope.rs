//! Variable scopes: the given variables, local assignments, lambda frames and
//! the numeric match variables `$0..$n` set by a successful regex match.

use crate::values::Value;
use indexmap::IndexMap;
use std::collections::HashMap;

/// One frame: its variables and its match variables.
#[derive(Default)]
struct Frame {
    vars: HashMap<String, Value>,
    matches: Option<Vec<Value>>,
}

/// A stack of frames; lookups go from the innermost frame outwards.
pub(crate) struct Scope {
    frames: Vec<Frame>,
}

impl Scope {
    /// A scope whose outermost frame holds `variables`.
    pub(crate) fn new(variables: &IndexMap<String, Value>) -> Scope {
        let mut top = Frame::default();
        for (k, v) in variables {
            let k = k.strip_prefix('$').unwrap_or(k);
            let k = k.strip_prefix("::").unwrap_or(k);
            top.vars.insert(k.to_string(), v.clone());
        }
        Scope { frames: vec![top] }
    }

    /// The value of `$name` (`undef` when unknown).
    pub(crate) fn get(&self, name: &str) -> Value {
        let name = name.strip_prefix("::").unwrap_or(name);
        for f in self.frames.iter().rev() {
            if let Some(v) = f.vars.get(name) {
                return v.clone();
            }
        }
        Value::Undef
    }

    /// Assign `$name` in the innermost frame; a second assignment is an error.
    pub(crate) fn set(&mut self, name: &str, v: Value) -> Result<(), String> {
        let local = name.strip_prefix("::").unwrap_or(name);
        if local.contains("::") {
            return Err(format!(
                "Cannot assign to variables in other namespaces, '${local}'"
            ));
        }
        if name.starts_with("::") && self.frames.len() > 1 {
            return Err(format!(
                "Cannot assign to variables in other namespaces, '{name}'"
            ));
        }
        let frame = self.frames.last_mut().expect("scope has a frame");
        if frame.vars.contains_key(local) {
            return Err(format!("Cannot reassign variable '${local}'"));
        }
        frame.vars.insert(local.to_string(), v);
        Ok(())
    }

    /// `$n`: the n-th group of the last match visible from here.
    pub(crate) fn match_var(&self, n: i64) -> Value {
        for f in self.frames.iter().rev() {
            if let Some(m) = &f.matches {
                return usize::try_from(n)
                    .ok()
                    .and_then(|i| m.get(i).cloned())
                    .unwrap_or(Value::Undef);
            }
        }
        Value::Undef
    }

    /// Record the groups of a successful match in the innermost frame.
    pub(crate) fn set_matches(&mut self, groups: Vec<Value>) {
        if let Some(f) = self.frames.last_mut() {
            f.matches = Some(groups);
        }
    }

    /// Enter a lambda frame with its parameters bound.
    pub(crate) fn push(&mut self, vars: Vec<(String, Value)>) {
        self.frames.push(Frame {
            vars: vars.into_iter().collect(),
            matches: None,
        });
    }

    /// Leave the innermost frame.
    pub(crate) fn pop(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }
}
