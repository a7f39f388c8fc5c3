//! Checking Puppet code and data: the one diagnostic type and its catalogue
//! of codes ([`diagnostic`]), used by the module path index while loading and
//! by the validators built on it; validating a file ([`validate`]).

pub mod diagnostic;
pub mod files;
pub mod validate;

pub use diagnostic::{Code, Diagnostic, Severity};
pub use validate::{validate_source, SourceKind};
