//! Source text to syntax trees: spans, the lexer, the parser, the AST and its PN form.

pub mod ast;
pub mod lexer;
pub mod parser;
pub mod pn;
pub mod span;
pub mod token;
pub mod validate;
