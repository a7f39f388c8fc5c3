//! Quoted strings and interpolation: single quoted strings, double quoted
//! strings split into DQPRE / expression tokens / DQMID / DQPOST, the same
//! for heredoc text (the reference's "unquoted" strings), and escape
//! processing with the reference's rules.

use super::{Lexed, Lexer, UqMode, Warning, MAX_NESTING};
use crate::error::Error;
use crate::syntax::span::Span;
use crate::syntax::token::{Token, TokenKind};
use std::borrow::Cow;

/// A set of escape sequences that are processed (others are kept verbatim).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Escapes(u16);

impl Escapes {
    pub(crate) const BACKSLASH: u16 = 1;
    pub(crate) const DOLLAR: u16 = 2;
    pub(crate) const SQUOTE: u16 = 4;
    pub(crate) const DQUOTE: u16 = 8;
    pub(crate) const R: u16 = 16;
    pub(crate) const N: u16 = 32;
    pub(crate) const T: u16 = 64;
    pub(crate) const S: u16 = 128;
    pub(crate) const U: u16 = 256;
    /// A backslash before a line break removes both.
    pub(crate) const NEWLINE: u16 = 512;
    /// Warn about unrecognised escapes (double quoted strings, not heredocs).
    pub(crate) const WARN: u16 = 1024;

    /// The escapes of a double quoted string.
    pub(crate) const DQ: Escapes = Escapes(
        Self::BACKSLASH
            | Self::DOLLAR
            | Self::SQUOTE
            | Self::DQUOTE
            | Self::R
            | Self::N
            | Self::T
            | Self::S
            | Self::U
            | Self::NEWLINE
            | Self::WARN,
    );

    pub(crate) fn with(self, flag: u16) -> Escapes {
        Escapes(self.0 | flag)
    }

    pub(crate) fn has(self, flag: u16) -> bool {
        self.0 & flag != 0
    }

    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn replacement(self, ch: char) -> Option<&'static str> {
        let (flag, rep) = match ch {
            '\\' => (Self::BACKSLASH, "\\"),
            '$' => (Self::DOLLAR, "$"),
            '\'' => (Self::SQUOTE, "'"),
            '"' => (Self::DQUOTE, "\""),
            'r' => (Self::R, "\r"),
            'n' => (Self::N, "\n"),
            't' => (Self::T, "\t"),
            's' => (Self::S, " "),
            'u' => (Self::U, "\\u"),
            _ => return None,
        };
        self.has(flag).then_some(rep)
    }
}

/// Where a slurped string part ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slurp {
    /// Double quoted: at an unescaped `"`, `$` or `${`.
    Dq,
    /// Heredoc text with `$` escapable: at an unescaped `$`/`${` or the end.
    Uq,
    /// Heredoc text without the `$` escape: at any `$`/`${` or the end.
    UqNoEscape,
    /// Heredoc text without interpolation: everything.
    All,
}

/// What ended a slurped part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Terminator {
    Quote,
    Dollar,
    DollarBrace,
    End,
}

const ILLEGAL_UNICODE: &str =
    "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff";

/// Processes the escapes of a single quoted string part: `\\` and `\'`.
pub(crate) fn sq_unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.clone().next() {
                Some(n @ ('\\' | '\'')) => {
                    out.push(n);
                    chars.next();
                }
                _ => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Processes escapes in a double quoted or heredoc string part: unicode
/// escapes first, then the one-character escapes in `esc`. Unknown escapes
/// are kept with their backslash (with a warning in double quoted strings,
/// pushed to `warnings`). Errors carry only a message.
pub(crate) fn unescape<'a>(
    raw: &'a str,
    esc: Escapes,
    warnings: &mut Vec<String>,
) -> Result<Cow<'a, str>, &'static str> {
    if esc.is_empty() || !raw.contains('\\') {
        return Ok(Cow::Borrowed(raw));
    }
    let stage1 = if esc.has(Escapes::U) {
        unicode_escapes(raw)?
    } else {
        Cow::Borrowed(raw)
    };
    let s: &str = &stage1;
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let mut it = after.chars();
        match it.next() {
            None => {
                out.push('\\');
                rest = after;
            }
            Some('\r') if after.as_bytes().get(1) == Some(&b'\n') => {
                if !esc.has(Escapes::NEWLINE) {
                    out.push_str("\\\r\n");
                }
                rest = &after[2..];
            }
            Some('\r') => {
                out.push('\\');
                rest = after;
            }
            Some('\n') => {
                if !esc.has(Escapes::NEWLINE) {
                    out.push_str("\\\n");
                }
                rest = &after[1..];
            }
            Some(c) => {
                match esc.replacement(c) {
                    Some(rep) => {
                        if c == 'u' {
                            warnings.push(ILLEGAL_UNICODE.to_string());
                        }
                        out.push_str(rep)
                    }
                    None => {
                        if esc.has(Escapes::WARN) {
                            warnings.push(format!("Unrecognized escape sequence '\\{c}'"));
                        }
                        out.push('\\');
                        out.push(c);
                    }
                }
                rest = &after[c.len_utf8()..];
            }
        }
    }
    out.push_str(rest);
    Ok(Cow::Owned(out))
}

/// Replaces `\uXXXX` and `\u{X...}` escapes that are not themselves escaped.
fn unicode_escapes(s: &str) -> Result<Cow<'_, str>, &'static str> {
    if !s.contains("\\u") {
        return Ok(Cow::Borrowed(s));
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut copied = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        let run_start = i;
        while i < b.len() && b[i] == b'\\' {
            i += 1;
        }
        // an odd run: the last backslash is unescaped
        if (i - run_start) % 2 == 1 && b.get(i) == Some(&b'u') {
            if let Some((cp, len)) = hex_escape(&b[i + 1..]) {
                let ch = char::from_u32(cp).ok_or(ILLEGAL_UNICODE)?;
                out.push_str(&s[copied..i - 1]);
                out.push(ch);
                i += 1 + len;
                copied = i;
            }
        }
    }
    if copied == 0 {
        return Ok(Cow::Borrowed(s));
    }
    out.push_str(&s[copied..]);
    Ok(Cow::Owned(out))
}

/// `XXXX` or `{X..}` after `\u`: the code point and the bytes used.
fn hex_escape(b: &[u8]) -> Option<(u32, usize)> {
    let hex = |s: &[u8]| u32::from_str_radix(std::str::from_utf8(s).ok()?, 16).ok();
    if b.len() >= 4 && b[..4].iter().all(u8::is_ascii_hexdigit) {
        return Some((hex(&b[..4])?, 4));
    }
    if b.first() == Some(&b'{') {
        let n = b[1..]
            .iter()
            .take(7)
            .take_while(|c| c.is_ascii_hexdigit())
            .count();
        if (1..=6).contains(&n) && b.get(1 + n) == Some(&b'}') {
            return Some((hex(&b[1..1 + n])?, n + 2));
        }
    }
    None
}

/// Ruby's `\w+` variable name after `$` in a string: `(::)?(\w+::)*\w+`.
fn variable_name_len(b: &[u8]) -> usize {
    let word = |from: usize| {
        let mut i = from;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        i
    };
    let mut i = if b.starts_with(b"::") { 2 } else { 0 };
    let mut end = 0;
    loop {
        let w = word(i);
        if w == i {
            return end;
        }
        end = w;
        if b[w..].starts_with(b"::") {
            i = w + 2;
        } else {
            return end;
        }
    }
}

impl<'src> Lexer<'src> {
    /// A single quoted string.
    pub(super) fn lex_sq(&mut self) -> Result<Lexed<'src>, Error> {
        let start = self.pos;
        let from = start + 1;
        self.pos = from;
        let b = self.b;
        let mut i = from;
        // a quote right after the opening one is text when an evenly escaped quote follows
        if b.get(from) == Some(&b'\'') {
            let run = b[from + 1..].iter().take_while(|&&c| c == b'\\').count();
            if run % 2 == 0 && b.get(from + 1 + run) == Some(&b'\'') {
                i = from + 1;
            }
        }
        loop {
            match b[i..].iter().position(|&c| c == b'\'' || c == b'\\') {
                None => {
                    self.last_match = None;
                    let msg = format!(
                        "Unclosed quote after \"'\" followed by '{}'",
                        self.followed_by(from)
                    );
                    return Err(self.error_at(msg, from));
                }
                Some(k) if b[i + k] == b'\\' => i += k + 2,
                Some(k) => {
                    let close = i + k;
                    self.last_match = Some((close.saturating_sub(1).max(from), close + 1));
                    self.pos = close + 1;
                    let value = sq_unescape(self.text(from, close));
                    return Ok(Lexed::Token(Token::new(
                        TokenKind::String,
                        Span::new(start, close + 1),
                        value,
                    )));
                }
            }
            if i >= b.len() {
                i = b.len();
            }
        }
    }

    /// Finds the end of the next string part from the current position;
    /// returns (part end, terminator) and moves past the terminator.
    fn slurp(&mut self, kind: Slurp) -> Option<(usize, Terminator)> {
        let b = self.b;
        let from = self.pos;
        if kind == Slurp::All {
            self.pos = b.len();
            self.last_match = Some((from, b.len()));
            return Some((b.len(), Terminator::End));
        }
        let is_term = |c: u8| c == b'$' || (kind == Slurp::Dq && c == b'"');
        let mut i = from;
        // The reference's pattern lets a terminator character at the very
        // start be consumed as text when an (evenly escaped) terminator follows.
        if kind != Slurp::UqNoEscape && b.get(from).copied().is_some_and(is_term) {
            let run = b[from + 1..].iter().take_while(|&&c| c == b'\\').count();
            let next = b.get(from + 1 + run).copied();
            let follows = match next {
                Some(c) => is_term(c),
                None => kind == Slurp::Uq,
            };
            if run % 2 == 0 && follows {
                i = from + 1;
            }
        }
        let mut backslashes = 0usize;
        while i < b.len() {
            let c = b[i];
            match c {
                b'\\' => {
                    backslashes += 1;
                    i += 1;
                    continue;
                }
                b'"' if kind == Slurp::Dq && backslashes % 2 == 0 => {
                    self.pos = i + 1;
                    self.last_match = Some((i.saturating_sub(1).max(from), i + 1));
                    return Some((i, Terminator::Quote));
                }
                b'$' if kind == Slurp::UqNoEscape || backslashes % 2 == 0 => {
                    let brace = b.get(i + 1) == Some(&b'{');
                    let end = i + 1 + usize::from(brace);
                    self.pos = end;
                    self.last_match = Some((i.saturating_sub(1).max(from), end));
                    let t = if brace {
                        Terminator::DollarBrace
                    } else {
                        Terminator::Dollar
                    };
                    return Some((i, t));
                }
                _ => {}
            }
            backslashes = 0;
            i += 1;
        }
        if kind == Slurp::Dq {
            self.last_match = None;
            return None;
        }
        self.pos = b.len();
        self.last_match = Some((b.len(), b.len()));
        Some((b.len(), Terminator::End))
    }

    /// Appends the processed text `from..to` to `text`.
    fn add_part(
        &mut self,
        text: &mut Cow<'src, str>,
        from: usize,
        to: usize,
        escapes: Escapes,
    ) -> Result<(), Error> {
        let raw = self.text(from, to);
        let mut warnings = Vec::new();
        let part = unescape(raw, escapes, &mut warnings).map_err(|m| self.error_at(m, self.pos))?;
        for message in warnings {
            self.warnings.push(Warning {
                message,
                span: Span::at(self.pos),
            });
        }
        if text.is_empty() {
            *text = part;
        } else {
            text.to_mut().push_str(&part);
        }
        Ok(())
    }

    /// A double quoted string: a STRING, or DQPRE ... DQPOST queued.
    pub(super) fn interpolate_dq(&mut self) -> Result<Lexed<'src>, Error> {
        let start = self.pos;
        self.last_match = Some((start, start + 1));
        self.pos += 1;
        self.string_parts(start, Slurp::Dq, Escapes::DQ)
    }

    /// Heredoc text (the reference's unquoted string): STRING or DQPRE ... DQPOST queued.
    pub(super) fn interpolate_uq(&mut self) -> Result<(), Error> {
        let uq = self.uq.unwrap_or(UqMode {
            escapes: Escapes::default(),
            slurp: Slurp::All,
        });
        if let Lexed::Token(t) = self.string_parts(0, uq.slurp, uq.escapes)? {
            self.queue.push_back(t);
        }
        Ok(())
    }

    /// Lexes string parts from the current position to the end of the string.
    /// `start` is where the first part's token starts (the opening quote).
    fn string_parts(
        &mut self,
        start: usize,
        kind: Slurp,
        escapes: Escapes,
    ) -> Result<Lexed<'src>, Error> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error_at(
                format!("Strings nested more than {MAX_NESTING} deep in interpolation"),
                start,
            ));
        }
        let result = crate::stack::deep(|| self.string_parts_inner(start, kind, escapes));
        self.depth -= 1;
        result
    }

    fn string_parts_inner(
        &mut self,
        start: usize,
        kind: Slurp,
        escapes: Escapes,
    ) -> Result<Lexed<'src>, Error> {
        let mut first = true;
        let mut before = start;
        loop {
            let mut text: Cow<'src, str> = Cow::Borrowed("");
            let mut part_from = self.pos;
            let (pre, post) = if first {
                (TokenKind::DqPre, TokenKind::String)
            } else {
                (TokenKind::DqMid, TokenKind::DqPost)
            };
            loop {
                let at_error = self.pos;
                let last = self.last_match_text();
                let Some((part_end, term)) = self.slurp(kind) else {
                    let after = match last {
                        Some("'") => "\"'\"".to_string(),
                        Some(q) => format!("'{q}'"),
                        None => "''".to_string(),
                    };
                    let msg = format!(
                        "Unclosed quote after {after} followed by '{}'",
                        self.followed_by(at_error)
                    );
                    return Err(self.error_at(msg, at_error));
                };
                self.add_part(&mut text, part_from, part_end, escapes)?;
                match term {
                    Terminator::Quote | Terminator::End => {
                        let t = Token::new(post, Span::new(before, self.pos), text);
                        if first {
                            return Ok(Lexed::Token(t));
                        }
                        self.queue.push_back(t);
                        return Ok(Lexed::QueuedString);
                    }
                    Terminator::DollarBrace => {
                        let count = self.brace_count;
                        self.brace_count += 1;
                        let t = Token::new(pre, Span::new(before, self.pos), text);
                        self.queue.push_back(t);
                        self.enqueue_until(count)?;
                        break;
                    }
                    Terminator::Dollar => {
                        let dollar = part_end;
                        let n = variable_name_len(&self.b[self.pos..]);
                        if n > 0 {
                            let name_end = self.pos + n;
                            self.last_match = Some((self.pos, name_end));
                            let t = Token::new(pre, Span::new(before, dollar), text);
                            self.queue.push_back(t);
                            let v = Token::new(
                                TokenKind::Variable,
                                Span::new(dollar, name_end),
                                self.text(self.pos, name_end),
                            );
                            self.queue.push_back(v);
                            self.pos = name_end;
                            break;
                        }
                        // a `$` that does not start a variable is text
                        self.last_match = None;
                        text.to_mut().push('$');
                        part_from = self.pos;
                    }
                }
            }
            first = false;
            before = self.pos;
        }
    }

    fn last_match_text(&self) -> Option<&'src str> {
        self.last_match.map(|(a, b)| self.text(a, b))
    }

    /// Lexes the tokens of a `${ ... }` interpolation into the queue, up to
    /// the `}` that brings the brace count back to `count`.
    fn enqueue_until(&mut self, count: i64) -> Result<(), Error> {
        self.skip_blanks();
        let queue_size = self.queue.len();
        while self.pos < self.b.len() {
            match self.lex_token()? {
                Lexed::Token(t) => {
                    self.after = Some(t.kind);
                    if t.kind == TokenKind::RBrace && self.brace_count == count {
                        let qlength = self.queue.len() - queue_size;
                        if qlength == 1 {
                            let last = self.queue.len() - 1;
                            self.transform_to_variable(last);
                        } else if qlength > 1
                            && matches!(
                                self.queue[queue_size + 1].kind,
                                TokenKind::Dot | TokenKind::LBrack
                            )
                        {
                            self.transform_to_variable(queue_size);
                        }
                        return Ok(());
                    }
                    self.queue.push_back(t);
                }
                Lexed::QueuedString => {}
                Lexed::Nothing => self.skip_blanks(),
            }
        }
        Ok(())
    }

    /// `${name}`, `${1}`, `${keyword}`: a lone name, number or keyword (or the
    /// first such token before `.` or `[`) is a variable.
    fn transform_to_variable(&mut self, index: usize) {
        let tasks = self.options.tasks;
        let t = &mut self.queue[index];
        let k = t.kind;
        let eligible = matches!(k, TokenKind::Number | TokenKind::Name | TokenKind::Word)
            || (k.is_keyword() && (tasks || !matches!(k, TokenKind::Plan | TokenKind::Apply)));
        if eligible {
            t.kind = TokenKind::Variable;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dq_escapes() {
        let e = Escapes::DQ;
        let mut w = Vec::new();
        assert_eq!(
            unescape(r#"a\"b\\c\$d\'"#, e, &mut w).unwrap(),
            "a\"b\\c$d'"
        );
        assert_eq!(unescape(r"\r\n\t\s", e, &mut w).unwrap(), "\r\n\t ");
        assert_eq!(
            unescape(r"\u0041\u{1F600}", e, &mut w).unwrap(),
            "A\u{1F600}"
        );
        assert_eq!(unescape(r"\q\u12", e, &mut w).unwrap(), r"\q\u12");
        assert_eq!(unescape("a\\\nb", e, &mut w).unwrap(), "ab");
        assert_eq!(unescape(r"\\u0041", e, &mut w).unwrap(), r"\u0041");
        assert_eq!(unescape(r"\\\u0041", e, &mut w).unwrap(), r"\A");
        assert!(unescape(r"\uD800", e, &mut w).is_err());
        assert!(unescape(r"\u{110000}", e, &mut w).is_err());
        assert_eq!(
            w,
            vec![
                "Unrecognized escape sequence '\\q'".to_string(),
                ILLEGAL_UNICODE.to_string()
            ]
        );
    }

    #[test]
    fn sq_escapes() {
        assert_eq!(sq_unescape(r"a\'b\\c\n"), r"a'b\c\n");
    }

    #[test]
    fn variable_names_in_strings() {
        assert_eq!(variable_name_len(b"foo::bar::"), 8);
        assert_eq!(variable_name_len(b"::x y"), 3);
        assert_eq!(variable_name_len(b"-x"), 0);
        assert_eq!(variable_name_len(b"::"), 0);
    }
}
