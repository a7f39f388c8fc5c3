//! Ruby's meaning of the shorthand classes `\d`, `\w`, `\s` and `\h`.
//!
//! In a Ruby regexp these (and `\D`, `\W`, `\S`, `\H`) are ASCII-only:
//! `/\w/` does not match `é` and `/\d/` does not match `٣`, while `\b`,
//! POSIX brackets (`[[:alpha:]]`) and `\p{...}` follow Unicode. Oniguruma's
//! Ruby syntax makes the shorthands Unicode-aware, and its options that make
//! them ASCII also change `\b`, POSIX brackets and `\p{Word}`. So the pattern
//! text handed to Oniguruma spells each shorthand as the bracketed ASCII class
//! it means in Ruby (`\d` is `[0-9]`), which is valid both inside and outside
//! a character class (`[\d.]` becomes the nested class `[[0-9].]`).

use std::borrow::Cow;

/// The ASCII class a Ruby shorthand stands for, if `c` (after a backslash) is one.
pub(super) fn ascii_class(c: char) -> Option<&'static str> {
    Some(match c {
        'd' => "[0-9]",
        'D' => "[^0-9]",
        'w' => "[a-zA-Z0-9_]",
        'W' => "[^a-zA-Z0-9_]",
        's' => "[\\t\\n\\v\\f\\r ]",
        'S' => "[^\\t\\n\\v\\f\\r ]",
        'h' => "[0-9a-fA-F]",
        'H' => "[^0-9a-fA-F]",
        _ => return None,
    })
}

/// `source` with every shorthand class spelled out as Ruby means it.
///
/// Escapes are read pairwise (`\\d` is a backslash and a `d`); the operand of
/// a control or meta escape (`\cX`, `\C-X`, `\M-X`) is copied as it is.
pub(super) fn spelled_out(source: &str) -> Cow<'_, str> {
    if !source.contains('\\') {
        return Cow::Borrowed(source);
    }
    let mut out = String::with_capacity(source.len() + 16);
    let mut chars = source.chars().peekable();
    let mut changed = false;
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(n) = chars.next() else {
            out.push('\\');
            break;
        };
        if let Some(class) = ascii_class(n) {
            out.push_str(class);
            changed = true;
            continue;
        }
        out.push('\\');
        out.push(n);
        let operand = match n {
            'c' => true,
            'C' | 'M' if chars.peek() == Some(&'-') => {
                out.push('-');
                chars.next();
                true
            }
            _ => false,
        };
        if operand {
            // the controlled character, itself possibly an escape (`\c\\`)
            if let Some(o) = chars.next() {
                out.push(o);
                if o == '\\' {
                    if let Some(e) = chars.next() {
                        out.push(e);
                    }
                }
            }
        }
    }
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorthands_become_ascii_classes_inside_and_outside_brackets() {
        assert_eq!(spelled_out(r"\A\d+\z"), r"\A[0-9]+\z");
        assert_eq!(spelled_out(r"[\w.-]"), r"[[a-zA-Z0-9_].-]");
        assert_eq!(spelled_out(r"[^\S]"), r"[^[^\t\n\v\f\r ]]");
        assert_eq!(spelled_out(r"\H"), r"[^0-9a-fA-F]");
    }

    #[test]
    fn other_escapes_are_left_alone() {
        for s in [
            r"\\d",
            r"\b\B",
            r"\p{Word}",
            r"\x{41}",
            r"\k<n>",
            r"a\.b",
            r"plain",
        ] {
            assert_eq!(spelled_out(s), s);
        }
        // the operand of a control escape is not a shorthand
        assert_eq!(spelled_out(r"\cd\d"), r"\cd[0-9]");
        assert_eq!(spelled_out(r"\C-s\M-w"), r"\C-s\M-w");
        assert_eq!(spelled_out(r"\c\\d"), r"\c\\d");
        assert_eq!(spelled_out("a\\"), "a\\");
    }
}
