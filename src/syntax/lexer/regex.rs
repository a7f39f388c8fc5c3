//! `/`: the start of a `/* */` comment, a regex literal where an operand may
//! start (not after `)`, `]`, names, numbers, strings, ...), or DIV. The
//! regex is compiled as the reference does while lexing, so an invalid one is
//! an error with Ruby's message.

use super::{find, memchr, Lexed, Lexer};
use crate::error::Error;
use crate::syntax::span::Span;
use crate::syntax::token::{Token, TokenKind};
use std::borrow::Cow;

impl<'src> Lexer<'src> {
    /// `/*` comments, regexes where an operand may start, else DIV.
    pub(super) fn lex_slash(&mut self) -> Result<Lexed<'src>, Error> {
        let start = self.pos;
        if self.peek(1) == b'*' {
            return match find(&self.b[start + 2..], b"*/") {
                Some(i) => {
                    let end = start + 2 + i + 2;
                    self.last_match = Some((start, end));
                    self.pos = end;
                    Ok(Lexed::Nothing)
                }
                None => {
                    self.last_match = None;
                    Err(self.error_at("Unclosed multiline comment", start))
                }
            };
        }
        if self.regex_acceptable() {
            if let Some(end) = self.scan_regex(start) {
                self.pos = end;
                let inner = self.text(start + 1, end - 1);
                let value = if inner.contains("\\/") {
                    Cow::Owned(inner.replace("\\/", "/"))
                } else {
                    Cow::Borrowed(inner)
                };
                // The reference compiles the regex while lexing; an invalid one is an error.
                if let Some(message) = regex_error(&value) {
                    // shown as Ruby shows a regexp: with `/` escaped
                    let shown = escape_slashes(&value);
                    return Err(self.error_at(format!("{message}: /{shown}/"), start));
                }
                return Ok(Lexed::Token(Token::new(
                    TokenKind::Regex,
                    Span::new(start, end),
                    value,
                )));
            }
        }
        Ok(self.emit(TokenKind::Div, 1))
    }

    /// The end of a regex literal starting at `start` (a `/`): the first `/`
    /// that is not escaped by an odd number of backslashes.
    fn scan_regex(&mut self, start: usize) -> Option<usize> {
        let b = self.b;
        let Some(first) = memchr(b'/', &b[start + 1..]) else {
            self.last_match = None;
            return None;
        };
        if self.regex_fail.is_some_and(|p| start > p) {
            // An earlier scan found every later `/` escaped; only the first
            // one can differ now (its backslash run may start at this scan).
            let close = start + 1 + first;
            let run = b[start + 1..close]
                .iter()
                .rev()
                .take_while(|&&c| c == b'\\')
                .count();
            if run % 2 == 0 {
                self.last_match = Some((start, close + 1));
                return Some(close + 1);
            }
            self.last_match = None;
            return None;
        }
        let mut close = start + 1 + first;
        self.last_match = Some((start, close + 1));
        loop {
            // the closing slash is escaped when preceded by an odd run of backslashes
            let mut k = close;
            while k > start + 1 && b[k - 1] == b'\\' {
                k -= 1;
            }
            if (close - k) % 2 == 0 {
                return Some(close + 1);
            }
            match memchr(b'/', &b[close + 1..]) {
                Some(i) => {
                    close = close + 1 + i;
                    self.last_match = Some((close, close + 1));
                }
                None => {
                    self.last_match = None;
                    self.regex_fail = Some(start);
                    return None;
                }
            }
        }
    }
}

/// A regex source as Ruby shows it in messages: unchanged unless it holds
/// a `/` or an ASCII control character; then `/` is written `\/`, other
/// controls than blanks as `\xNN`, and non-ASCII characters as `\uXXXX`
/// (a backslash and the character after it are kept as they are).
fn escape_slashes(src: &str) -> String {
    use std::fmt::Write as _;
    let needs = src.bytes().any(|b| b == b'/' || b < 0x20 || b == 0x7F);
    if !needs {
        return src.to_string();
    }
    let mut out = String::with_capacity(src.len() + 8);
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek().is_some() => {
                out.push(c);
                out.extend(chars.next());
            }
            '/' => out.push_str("\\/"),
            '\t' | '\n' | '\x0B' | '\x0C' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c as u32 == 0x7F => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c if c.is_ascii() => out.push(c),
            c if (c as u32) <= 0xFFFF => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => {
                let _ = write!(out, "\\u{{{:X}}}", c as u32);
            }
        }
    }
    out
}

/// Oniguruma's ONIGERR_TARGET_OF_REPEAT_OPERATOR_INVALID.
const REPEAT_OF_ANCHOR: i32 = -114;

fn compile_error(pattern: &str) -> Option<onig::Error> {
    onig::Regex::with_options(
        pattern,
        onig::RegexOptions::REGEX_OPTION_NONE,
        onig::Syntax::ruby(),
    )
    .err()
}

/// Why `pattern` is not a valid Ruby regex, or None when it is. Ruby's Onigmo
/// accepts a quantifier on an anchor (`^*`, `$+`, `\b?`) where Oniguruma says
/// "target of repeat operator is invalid"; such quantifiers are dropped and
/// the rest is checked again.
fn regex_error(pattern: &str) -> Option<String> {
    // through the cache of compiled patterns: a type built from this literal reuses it
    let e = crate::values::regexp::cached_or_error(pattern).err()?;
    if e.code() != REPEAT_OF_ANCHOR {
        return Some(e.description().to_string());
    }
    let e = compile_error(&drop_anchor_quantifiers(pattern))?;
    (e.code() != REPEAT_OF_ANCHOR).then(|| e.description().to_string())
}

/// `pattern` without the quantifiers that directly follow an anchor.
fn drop_anchor_quantifiers(pattern: &str) -> String {
    let b = pattern.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let mut in_class = 0usize;
    while i < b.len() {
        let c = b[i];
        let anchor_len = match c {
            b'\\' => {
                let n = b.get(i + 1).copied();
                if in_class == 0 && matches!(n, Some(b'b' | b'B' | b'A' | b'z' | b'Z' | b'G')) {
                    2
                } else {
                    out.push(c);
                    out.extend(n);
                    i += 2;
                    continue;
                }
            }
            b'^' | b'$' if in_class == 0 => 1,
            b'[' => {
                in_class += 1;
                0
            }
            b']' if in_class > 0 => {
                in_class -= 1;
                0
            }
            _ => 0,
        };
        if anchor_len == 0 {
            out.push(c);
            i += 1;
            continue;
        }
        out.extend_from_slice(&b[i..i + anchor_len]);
        i += anchor_len;
        // skip `*`, `+`, `?` and `{n,m}` quantifiers (and lazy/possessive marks)
        loop {
            match b.get(i) {
                Some(b'*' | b'+' | b'?') => i += 1,
                Some(b'{') => match b[i..].iter().position(|&c| c == b'}') {
                    Some(k)
                        if b[i + 1..i + k]
                            .iter()
                            .all(|c| c.is_ascii_digit() || *c == b',') =>
                    {
                        i += k + 1
                    }
                    _ => break,
                },
                _ => break,
            }
        }
    }
    String::from_utf8(out).unwrap_or_default()
}
