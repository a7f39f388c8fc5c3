//! puppet_types: the Puppet language's type system, lexer, parser, evaluator
//! and value formatter, as a Rust library with an optional Ruby binding.
//!
//! The core never touches Ruby; everything Ruby-specific is in `ruby` (behind
//! the `ruby` feature).

pub mod check;
pub mod env;
pub mod error;
pub mod eval;
pub mod format;
pub mod hiera;
pub mod prefetch;
pub mod stack;
pub mod stop;
pub mod syntax;
pub mod types;
pub mod values;

pub use error::{Error, ErrorKind, Result};
pub use types::Type;
pub use values::Value;

#[cfg(feature = "ruby")]
mod ruby;
#[cfg(test)]
mod testutil;
