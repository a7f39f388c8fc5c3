//! A plain text rendering of a token stream in the format of
//! `tools/ref_tokens.rb`, for comparing with the reference lexer:
//! one `KIND<TAB>offset<TAB>length<TAB>value` line per token (offsets and
//! lengths as the reference reports them), or only an
//! `ERROR<TAB>line<TAB>column<TAB>message` line when lexing fails.

use super::{Lexer, Options};
use crate::syntax::span::LineIndex;
use crate::syntax::token::TokenKind;
use std::fmt::Write as _;

/// Escapes `\`, line breaks, tabs and other control characters.
pub fn escape_value(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c => out.push(c),
        }
    }
}

/// The token stream of `src` (or its error) in the reference dump format.
pub fn reference_dump(src: &str, options: Options) -> String {
    let mut out = String::new();
    let mut lexer = Lexer::with_options(src, options);
    loop {
        match lexer.next_token() {
            Ok(t) if t.kind == TokenKind::Eof => return out,
            Ok(t) => {
                let (offset, length) = t.reference_offset_length();
                let _ = write!(out, "{}\t{}\t{}\t", t.kind.name(), offset, length);
                escape_value(&t.value, &mut out);
                out.push('\n');
            }
            Err(e) => {
                // like `fullscan`, an error replaces the whole token list
                out.clear();
                out.push_str("ERROR\t");
                match e.span {
                    // the reference reports no position for a byte order mark
                    Some(span) if !e.message.contains("Byte Order mark") => {
                        let (line, col) = LineIndex::new(src).line_col(src, span.start as usize);
                        let _ = write!(out, "{line}\t{col}\t");
                    }
                    _ => out.push_str("\t\t"),
                }
                escape_value(&e.message, &mut out);
                out.push('\n');
                return out;
            }
        }
    }
}
