//! `PuppetTypes::Lexer`: `tokenize(source)` and `tokenize_epp(source)` give
//! the reference `Lexer2#fullscan` token stream as
//! `[[:NAME, 'x', offset, length], ...]`: the reference's token names as
//! Symbols, the value as the reference types it (a String; `true`/`false`
//! for BOOLEAN, a Regexp for REGEX, the Array of a heredoc's lines for
//! SUBLOCATE, nil for EPP_START and RENDER_EXPR), and the byte offset and
//! length the reference reports. A lexical error is a
//! `PuppetTypes::ParseError` with line and column.

use super::convert;
use super::errors::{self, guard};
use crate::syntax::lexer;
use crate::syntax::token::{ReferenceValue, Token, TokenKind};
use magnus::{
    function, prelude::*, rb_sys::AsRawValue, rb_sys::FromRawValue, Error, RArray, RModule, Ruby,
    Value,
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

/// Frozen one-character Strings for ASCII punctuation values (`=`, `,`, `[` ...),
/// made once and kept alive as GC roots, so most punctuation tokens allocate no String.
static PUNCT: OnceLock<Vec<rb_sys::VALUE>> = OnceLock::new();

fn punct_string(byte: u8) -> Option<rb_sys::VALUE> {
    let table = PUNCT.get_or_init(|| {
        (0u8..128)
            .map(|b| {
                if b.is_ascii_punctuation() {
                    // SAFETY: plain allocation of a 1-byte String, frozen and registered
                    // as a permanent GC root before it is shared.
                    unsafe {
                        let s = rb_sys::rb_utf8_str_new(
                            &b as *const u8 as *const std::os::raw::c_char,
                            1,
                        );
                        rb_sys::rb_obj_freeze(s);
                        rb_sys::rb_gc_register_mark_object(s);
                        s
                    }
                } else {
                    0
                }
            })
            .collect()
    });
    table.get(byte as usize).copied().filter(|v| *v != 0)
}

/// A small integer as a Ruby Fixnum VALUE (offsets and lengths always fit).
fn fixnum(n: usize) -> rb_sys::VALUE {
    (((n as i64) << 1) | 1) as rb_sys::VALUE
}

/// The token list as Ruby objects. Built with the raw C API: these calls only
/// allocate (they cannot raise except on out-of-memory), so no protect frame
/// per call is needed; one-character punctuation values are shared frozen Strings.
fn to_ruby(ruby: &Ruby, tokens: &[Token<'_>]) -> Result<RArray, Error> {
    // SAFETY: every VALUE made here stays on this stack frame (scanned by Ruby's
    // conservative GC) or inside `out` until `out` is returned.
    unsafe {
        let out = rb_sys::rb_ary_new_capa(tokens.len() as std::os::raw::c_long);
        // (millions of tokens take seconds to convert: the host may stop it
        // meanwhile, and then takes no answer)
        // (Ruby may run there: the arrays made so far are referenced from
        // this frame, which the host's check makes sure is on Ruby's stack)
        let mut steps = crate::stop::Steps::new();
        for t in tokens {
            if steps.stop() {
                break;
            }
            let (offset, length) = t.reference_offset_length();
            let value = match t.kind {
                TokenKind::Boolean if t.value == "true" => rb_sys::Qtrue as rb_sys::VALUE,
                TokenKind::Boolean => rb_sys::Qfalse as rb_sys::VALUE,
                // (the reference's types of values: nil, a Regexp, the heredoc's lines)
                TokenKind::EppStart
                | TokenKind::RenderExpr
                | TokenKind::Regex
                | TokenKind::SubLocate => match t.reference_value() {
                    ReferenceValue::Regex(source) => regexp_value(ruby, source),
                    ReferenceValue::Lines(lines) => {
                        let array = rb_sys::rb_ary_new_capa(lines.len() as std::os::raw::c_long);
                        for line in lines {
                            rb_sys::rb_ary_push(array, str_new(line));
                        }
                        array
                    }
                    _ => rb_sys::Qnil as rb_sys::VALUE,
                },
                _ => match t.value.as_bytes() {
                    [b] if b.is_ascii_punctuation() => match punct_string(*b) {
                        Some(v) => v,
                        None => rb_sys::rb_utf8_str_new(
                            t.value.as_ptr() as *const std::os::raw::c_char,
                            1,
                        ),
                    },
                    // An empty Rust str may have a dangling pointer: pass a real one.
                    [] => rb_sys::rb_utf8_str_new(c"".as_ptr(), 0),
                    bytes => rb_sys::rb_utf8_str_new(
                        bytes.as_ptr() as *const std::os::raw::c_char,
                        bytes.len() as std::os::raw::c_long,
                    ),
                },
            };
            let entry = [
                symbol(ruby, t.kind).as_raw(),
                value,
                fixnum(offset),
                fixnum(length),
            ];
            let array = rb_sys::rb_ary_new_from_values(4, entry.as_ptr());
            rb_sys::rb_ary_push(out, array);
        }
        Ok(RArray::from_value(Value::from_raw(out)).expect("rb_ary_new_capa makes an Array"))
    }
}

/// A new UTF-8 String of `text`.
fn str_new(text: &str) -> rb_sys::VALUE {
    // SAFETY: plain allocation of a String copied from `text` (an empty str
    // may have a dangling pointer: a real one is passed).
    unsafe {
        if text.is_empty() {
            return rb_sys::rb_utf8_str_new(c"".as_ptr(), 0);
        }
        rb_sys::rb_utf8_str_new(
            text.as_ptr() as *const std::os::raw::c_char,
            text.len() as std::os::raw::c_long,
        )
    }
}

/// The value of a REGEX token, as the reference gives it: a Ruby Regexp of
/// its source; the source String should Ruby refuse the pattern.
fn regexp_value(ruby: &Ruby, source: &str) -> rb_sys::VALUE {
    match ruby.reg_new(source, magnus::r_regexp::Opts::new()) {
        Ok(r) => r.as_raw(),
        Err(_) => str_new(source),
    }
}

fn run(ruby: &Ruby, source: Value, epp: bool) -> Result<RArray, Error> {
    guard(ruby, || {
        let src = convert::rstring_to_str(ruby, convert::source_string(ruby, source)?)?;
        // (the source is a copy: Ruby may run while it is lexed and while
        // its tokens become Ruby arrays, so that Timeout reaches both)
        super::interrupts::with_call_outs(|| {
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
    })
}

fn tokenize(ruby: &Ruby, source: Value) -> Result<RArray, Error> {
    run(ruby, source, false)
}

fn tokenize_epp(ruby: &Ruby, source: Value) -> Result<RArray, Error> {
    run(ruby, source, true)
}

/// Define `PuppetTypes::Lexer`.
pub fn init(_ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let m = module.define_module("Lexer")?;
    m.define_module_function("tokenize", function!(tokenize, 1))?;
    m.define_module_function("tokenize_epp", function!(tokenize_epp, 1))?;
    Ok(())
}
