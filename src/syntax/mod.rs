//! Source text to syntax trees: spans, the lexer, the parser, the AST and its PN form.

pub mod ast;
pub mod external_syntax;
pub mod lexer;
pub mod parser;
pub mod pn;
pub mod span;
pub mod token;
pub mod validate;

pub use parser::{parse, parse_epp, parse_with_recovery};
