//! Checking Puppet code and data: the one diagnostic type and its catalogue
//! of codes ([`diagnostic`]), used by the module path index while loading and
//! by the validators built on it.

pub mod diagnostic;

pub use diagnostic::{Code, Diagnostic, Severity};
