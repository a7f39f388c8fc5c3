//! Source text to syntax trees: spans, the lexer, the parser, the AST, its
//! one walk ([`walk`]), its PN form, its old dump ([`tree_dump`]) and the validator.

pub mod ast;
pub mod external_syntax;
pub mod lexer;
pub mod parser;
pub mod pn;
pub mod span;
pub mod token;
pub mod tree_dump;
pub mod validate;
pub mod walk;

pub use parser::{parse, parse_epp, parse_with_recovery};
