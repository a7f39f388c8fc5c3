//! Deferred function calls: a function name and its arguments.

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
