//! Checking Puppet code and data: the one diagnostic type and its catalogue
//! of codes ([`diagnostic`]), used by the module path index while loading and
//! by the validators built on it; hiera data checked against class
//! parameter types ([`data`]).

pub mod diagnostic;

pub mod data;

pub use diagnostic::{Code, DataKey, Diagnostic, Severity};
