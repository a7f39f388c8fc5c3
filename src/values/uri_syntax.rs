//! RFC 3986 character classes and the pieces of URI syntax Ruby's parser
//! checks: percent escapes, the authority (`userinfo@host:port`), query and
//! fragment escaping as `URI#query=` / `URI#fragment=` do, and Ruby-style
//! quoting of the input in error messages.

use crate::error::{Error, Result};

/// The bytes of RFC 3986 `unreserved` and `sub-delims`, as a table.
const UNRESERVED_SUBDELIM: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
            );
        i += 1;
    }
    t
};

/// An RFC 3986 `unreserved` or `sub-delims` byte.
pub(super) fn is_unreserved_subdelim(b: u8) -> bool {
    UNRESERVED_SUBDELIM[usize::from(b)]
}

/// Length of the run at `s` of `%hh` escapes and bytes accepted by `ok`.
pub(super) fn run(s: &[u8], ok: impl Fn(u8) -> bool) -> usize {
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%'
            && s.len() > i + 2
            && s[i + 1].is_ascii_hexdigit()
            && s[i + 2].is_ascii_hexdigit()
        {
            i += 3;
        } else if s[i] != b'%' && ok(s[i]) {
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// Ruby's `URI#query=`: tab/CR/LF removed, a bad `%` escape is an error, other
/// characters outside the query set percent-encoded.
pub(super) fn escape_query(q: &str) -> Result<String> {
    let b: Vec<u8> = q
        .bytes()
        .filter(|c| !matches!(c, b'\t' | b'\r' | b'\n'))
        .collect();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            let ok =
                b.len() > i + 2 && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit();
            if !ok {
                let bad: String = b[i..(i + 3).min(b.len())]
                    .iter()
                    .map(|&x| x as char)
                    .collect();
                return Err(Error::argument(format!("invalid percent escape: {bad}")));
            }
        }
        let allowed =
            matches!(c, b'!' | b'$'..=b'&' | b'('..=b';' | b'=' | b'?'..=b'_' | b'a'..=b'~');
        if allowed {
            out.push(c as char);
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
        i += 1;
    }
    Ok(out)
}

/// Ruby's `URI#fragment=` when building: characters outside `!`..`~` percent-encoded.
pub(super) fn escape_fragment(f: &str) -> String {
    f.bytes()
        .map(|c| {
            if (b'!'..=b'~').contains(&c) {
                (c as char).to_string()
            } else {
                format!("%{c:02X}")
            }
        })
        .collect()
}

pub(super) fn pchar(b: u8) -> bool {
    is_unreserved_subdelim(b) || b == b':' || b == b'@'
}

pub(super) fn ruby_inspect(s: &str) -> String {
    let mut out = String::from("\"");
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '#' if matches!(it.peek(), Some('$' | '@' | '{')) => out.push_str("\\#"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            c if !c.is_ascii() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub(super) fn bad(s: &str) -> Error {
    Error::argument(format!("bad URI(is not URI?): {}", ruby_inspect(s)))
}

/// Parse `//authority` at the start of `s` (after the slashes); returns (userinfo, host, port text, consumed).
pub(super) fn authority(s: &[u8]) -> Option<(Option<String>, String, Option<String>, usize)> {
    let text = |a: &[u8]| String::from_utf8_lossy(a).into_owned();
    let mut i = 0;
    let mut userinfo = None;
    let u = run(s, |b| is_unreserved_subdelim(b) || b == b':');
    if s.get(u) == Some(&b'@') {
        userinfo = Some(text(&s[..u]));
        i = u + 1;
    }
    let h_start = i;
    if s.get(i) == Some(&b'[') {
        let end = s[i..].iter().position(|&b| b == b']')? + i;
        let inner = &s[i + 1..end];
        let ok = if inner.first().is_some_and(|b| *b == b'v' || *b == b'V') {
            let dot = inner.iter().position(|&b| b == b'.')?;
            dot > 1
                && inner[1..dot].iter().all(u8::is_ascii_hexdigit)
                && dot + 1 < inner.len()
                && inner[dot + 1..]
                    .iter()
                    .all(|&b| is_unreserved_subdelim(b) || b == b':')
        } else {
            !inner.is_empty()
                && inner
                    .iter()
                    .all(|&b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
                && inner.contains(&b':')
        };
        if !ok {
            return None;
        }
        i = end + 1;
    } else {
        i += run(&s[i..], is_unreserved_subdelim);
    }
    let host = text(&s[h_start..i]);
    let mut port = None;
    if s.get(i) == Some(&b':') {
        let p = s[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        port = Some(text(&s[i + 1..i + 1 + p]));
        i += 1 + p;
    }
    Some((userinfo, host, port, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uri_character_classes() {
        for b in 0..=255u8 {
            let expected = b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=".contains(&b);
            assert_eq!(is_unreserved_subdelim(b), expected, "{b}");
            assert_eq!(pchar(b), expected || b == b':' || b == b'@', "{b}");
        }
    }
}
