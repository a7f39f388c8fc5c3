//! Checking Puppet code and data: the one diagnostic type and its catalogue
//! of codes ([`diagnostic`]), used by the module path index while loading and
//! by the validators built on it; validating a file ([`validate`]); hiera data
//! checked against class parameter types ([`data`]).

pub mod data;
pub mod diagnostic;
pub mod environment;
pub mod files;
pub mod validate;

pub use diagnostic::{Code, DataKey, Diagnostic, Severity};
pub use validate::{validate_source, SourceKind};
