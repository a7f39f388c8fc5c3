//! Deferred function calls: a function name and its arguments, equal when
//! both are (a Deferred without arguments differs from one with `[]`).
//! Sensitive values are `Value::Sensitive`; their fixed text forms are here too.

use super::Value;
use std::sync::Arc;

/// A call of `name` with `arguments`, to be resolved later. Equal when name and arguments are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deferred {
    /// The function name.
    pub name: Arc<str>,
    /// The arguments, if any were given.
    pub arguments: Option<Arc<Vec<Value>>>,
}

impl Deferred {
    /// A deferred call of `name` with `arguments` (no validation; see `new::new_deferred`).
    pub fn new(name: &str, arguments: Option<Vec<Value>>) -> Deferred {
        Deferred {
            name: name.into(),
            arguments: arguments.map(Arc::new),
        }
    }

    /// The function name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The arguments (empty when none were given).
    pub fn arguments(&self) -> &[Value] {
        self.arguments.as_deref().map(Vec::as_slice).unwrap_or(&[])
    }
}

/// The text of a Sensitive value wherever it is shown (`to_s`, interpolation).
pub const SENSITIVE_TEXT: &str = "Sensitive [value redacted]";

/// The `inspect` text of a Sensitive value (also its form inside arrays and hashes).
pub const SENSITIVE_INSPECT: &str = "#<Sensitive [value redacted]>";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deferred_equality() {
        let a = Deferred::new("f", Some(vec![Value::Integer(1)]));
        assert_eq!(a, Deferred::new("f", Some(vec![Value::Integer(1)])));
        assert_ne!(Deferred::new("f", Some(vec![])), Deferred::new("f", None));
        assert_eq!(a.arguments().len(), 1);
    }

    #[test]
    fn sensitive_equality_is_by_wrapped_value() {
        let a = Value::Sensitive(Arc::new(Value::Integer(42)));
        let b = Value::Sensitive(Arc::new(Value::Integer(42)));
        assert_eq!(a, b);
        assert_ne!(a, Value::Sensitive(Arc::new(Value::Integer(43))));
    }
}
