//! Source text to syntax trees: spans, the lexer, the parser, the AST and its PN form.

pub mod lexer;
pub mod span;
pub mod token;
