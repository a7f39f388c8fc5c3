//! Text helpers: Puppet's quoting for `%p` (single quotes unless a control
//! character forces double quotes with escapes), Ruby's case conversions and
//! strip, Ruby's `String#inspect` for byte strings, and field fitting
//! (width and precision counted in characters, as Ruby's `%s` does).

use super::integer::push_n;
use std::fmt::Write;

/// Append `s` fitted to `width` (padding with spaces, left justified if `left`)
/// after truncating it to `prec` characters.
pub fn write_field(
    buf: &mut String,
    s: &str,
    left: bool,
    width: Option<usize>,
    prec: Option<usize>,
) {
    let s = match prec {
        Some(p) => match s.char_indices().nth(p) {
            Some((i, _)) => &s[..i],
            None => s,
        },
        None => s,
    };
    let pad = match width {
        Some(w) => w as isize - s.chars().count() as isize,
        None => 0,
    };
    if !left {
        push_n(buf, ' ', pad);
    }
    buf.push_str(s);
    if left {
        push_n(buf, ' ', pad);
    }
}

/// Append `s` quoted as Puppet source: in single quotes with `'` and a trailing
/// backslash escaped, unless it holds a control character (or `double` is set),
/// in which case it is double quoted with escapes.
pub fn write_quoted(buf: &mut String, s: &str, double: bool) {
    if double || s.bytes().any(|b| b < 0x20) {
        write_double_quoted(buf, s);
        return;
    }
    buf.reserve(s.len() + 2);
    buf.push('\'');
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => buf.push_str("\\'"),
            '\\' => match chars.next() {
                // A backslash keeps the character after it escaped.
                Some(n) => {
                    buf.push('\\');
                    buf.push(n);
                }
                None => buf.push('\\'),
            },
            _ => buf.push(c),
        }
    }
    buf.push('\'');
}

/// Append `s` in double quotes, escaping `\t \n \r " $ \` and other control characters as `\u{X}`.
pub fn write_double_quoted(buf: &mut String, s: &str) {
    buf.reserve(s.len() + 2);
    buf.push('"');
    for c in s.chars() {
        match c {
            '\t' => buf.push_str("\\t"),
            '\n' => buf.push_str("\\n"),
            '\r' => buf.push_str("\\r"),
            '"' => buf.push_str("\\\""),
            '$' => buf.push_str("\\$"),
            '\\' => buf.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(buf, "\\u{{{:X}}}", c as u32);
            }
            c => buf.push(c),
        }
    }
    buf.push('"');
}

pub use crate::values::ruby_case::{capitalize, downcase, upcase};

/// Ruby's `String#strip`: leading whitespace, trailing whitespace and NULs removed.
pub fn strip(s: &str) -> &str {
    let ws = |c: char| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r');
    s.trim_start_matches(|c: char| ws(c) || c == '\0')
        .trim_end_matches(|c: char| ws(c) || c == '\0')
}

/// True for the characters Ruby's `rstrip` removes.
pub fn is_rstrip_char(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | 0)
}

/// Ruby's `String#inspect` of a binary (ASCII-8BIT) string.
pub fn write_inspect_bytes(buf: &mut String, bytes: &[u8]) {
    buf.push('"');
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'"' => buf.push_str("\\\""),
            b'\\' => buf.push_str("\\\\"),
            b'\n' => buf.push_str("\\n"),
            b'\r' => buf.push_str("\\r"),
            b'\t' => buf.push_str("\\t"),
            0x0c => buf.push_str("\\f"),
            0x0b => buf.push_str("\\v"),
            0x08 => buf.push_str("\\b"),
            0x07 => buf.push_str("\\a"),
            0x1b => buf.push_str("\\e"),
            b'#' if matches!(bytes.get(i + 1), Some(b'{' | b'$' | b'@')) => buf.push_str("\\#"),
            0x20..=0x7e => buf.push(b as char),
            _ => {
                let _ = write!(buf, "\\x{b:02X}");
            }
        }
    }
    buf.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> String {
        let mut out = String::new();
        write_quoted(&mut out, s, false);
        out
    }

    #[test]
    fn string_p_quoting() {
        assert_eq!(q("it's"), r"'it\'s'");
        assert_eq!(q(r"a\b"), r"'a\b'");
        assert_eq!(q(r"a\"), r"'a\'");
        assert_eq!(q("a\nb"), r#""a\nb""#);
        assert_eq!(q("$x\u{1}\"y"), r#""\$x\u{1}\"y""#);
        assert_eq!(q("é"), "'é'");
    }

    #[test]
    fn field_width_counts_characters() {
        let mut out = String::new();
        write_field(&mut out, "héllo", true, Some(8), Some(3));
        assert_eq!(out, "hél     ");
    }

    #[test]
    fn ruby_case_and_strip() {
        let mut out = String::new();
        capitalize("ǆa", &mut out);
        assert_eq!(out, "ǅa");
        assert_eq!(strip("\0 a \t\0"), "a");
    }
}
