//! `PuppetTypes::Lexer`: `tokenize(source)` and `tokenize_epp(source)` give
//! the reference `Lexer2#fullscan` token stream as
//! `[[:NAME, 'x', offset, length], ...]`: the reference's token names as
//! Symbols, the value (a String; `true`/`false` for BOOLEAN), and the byte
//! offset and length the reference reports. A lexical error is a
//! `PuppetTypes::ParseError` with line and column.

use super::convert;
use super::errors::{self, guard};
use crate::syntax::lexer;
use crate::syntax::token::{Token, TokenKind};
use magnus::{
    function, prelude::*, rb_sys::AsRawValue, rb_sys::FromRawValue, Error, RArray, RModule,
    RString, Ruby, Value,
};
use std::sync::OnceLock;

/// The token-name Symbols, by kind. Static Symbols are never collected, so
/// their raw VALUEs stay valid for the life of the process.
static SYMBOLS: OnceLock<Vec<rb_sys::VALUE>> = OnceLock::new();

fn symbol(ruby: &Ruby, kind: TokenKind) -> Value {
    let table = SYMBOLS.get_or_init(|| {
        TokenKind::ALL
            .iter()
            .map(|k| ruby.sym_new(k.name()).as_value().as_raw())
            .collect()
    });
    // `TokenKind` is `repr(u8)` and `ALL` lists the kinds in declaration order.
    let raw = match table.get(kind as usize) {
        Some(raw) => *raw,
        None => ruby.sym_new(kind.name()).as_value().as_raw(),
    };
    // SAFETY: `raw` is a static (immortal) Symbol made above.
    unsafe { Value::from_raw(raw) }
}

fn to_ruby(ruby: &Ruby, tokens: &[Token<'_>]) -> Result<RArray, Error> {
    let out = ruby.ary_new_capa(tokens.len());
    for t in tokens {
        let value = match t.kind {
            TokenKind::Boolean => ruby.into_value(t.value == "true"),
            _ => ruby.str_new(&t.value).as_value(),
        };
        let (offset, length) = t.reference_offset_length();
        let entry = ruby.ary_new_from_values(&[
            symbol(ruby, t.kind),
            value,
            ruby.integer_from_i64(offset as i64).as_value(),
            ruby.integer_from_i64(length as i64).as_value(),
        ]);
        out.push(entry)?;
    }
    Ok(out)
}

fn run(ruby: &Ruby, source: RString, epp: bool) -> Result<RArray, Error> {
    guard(ruby, || {
        let src = convert::rstring_to_str(ruby, source)?;
        let tokens = if epp {
            lexer::tokenize_epp(&src)
        } else {
            lexer::tokenize(&src)
        };
        match tokens {
            Ok(tokens) => to_ruby(ruby, &tokens),
            Err(e) => Err(errors::located(ruby, e, Some(&src), None)),
        }
    })
}

fn tokenize(ruby: &Ruby, source: RString) -> Result<RArray, Error> {
    run(ruby, source, false)
}

fn tokenize_epp(ruby: &Ruby, source: RString) -> Result<RArray, Error> {
    run(ruby, source, true)
}

/// Define `PuppetTypes::Lexer`.
pub fn init(_ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let m = module.define_module("Lexer")?;
    m.define_module_function("tokenize", function!(tokenize, 1))?;
    m.define_module_function("tokenize_epp", function!(tokenize_epp, 1))?;
    Ok(())
}
