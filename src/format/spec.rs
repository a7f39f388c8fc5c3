//! Parsing of one format specification `%[flags][width][.precision]letter`.
//!
//! The grammar is strict: a `%`, any of the flags space `#` `+` `-` `0` and
//! the container delimiters `[ { ( < |` (each at most once, at most one
//! delimiter), an optional width that does not start with `0`, an optional
//! precision, and exactly one ASCII letter. Anything else is a format error
//! with the reference's message.

use crate::error::{Error, Result};
use std::sync::Arc;

/// How the sign of a number is shown (and, for containers, whether delimiters are dropped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// No sign flag: negative numbers get `-` (or two's complement for x/o/b).
    Default,
    /// `+` flag: always show a sign.
    Plus,
    /// space flag: a space where `+` would be; containers drop their delimiters.
    Space,
}

/// One parsed format specification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The format letter.
    pub letter: u8,
    /// `#`: the alternate form.
    pub alt: bool,
    /// `-`: left justify.
    pub left: bool,
    /// `0`: pad numbers with zeros.
    pub zero: bool,
    /// Sign handling from the `+` and space flags.
    pub sign: Sign,
    /// True when both `+` and space were given (`+` wins for numbers).
    pub plus_and_space: bool,
    /// The container delimiter flag (`[`, `{`, `(`, `<`, `|`), if any.
    pub delimiter: Option<u8>,
    /// Field width.
    pub width: Option<usize>,
    /// Precision.
    pub prec: Option<usize>,
    /// The text this was parsed from.
    pub text: Arc<str>,
    /// Byte length of the flags part (after the `%`).
    flags_len: usize,
}

const DELIMITERS: &[u8] = b"[{(<|";

/// The largest width or precision accepted (a guard against huge allocations).
pub const MAX_WIDTH: usize = 1 << 20;

impl Spec {
    /// Parse `text`; a malformed specification is an error naming it.
    pub fn parse(text: &str) -> Result<Spec> {
        let bytes = text.as_bytes();
        let invalid = || {
            Error::format(format!(
                "The format '{text}' is not a valid format on the form '%<flags><width>.<prec><format>'"
            ))
        };
        if bytes.first() != Some(&b'%') {
            return Err(invalid());
        }
        let mut i = 1;
        let mut spec = Spec {
            letter: 0,
            alt: false,
            left: false,
            zero: false,
            sign: Sign::Default,
            plus_and_space: false,
            delimiter: None,
            width: None,
            prec: None,
            text: text.into(),
            flags_len: 0,
        };
        let mut seen = [false; 128];
        let mut space = false;
        let mut plus = false;
        let mut duplicate = false;
        let mut delimiters = 0;
        while i < bytes.len() {
            let c = bytes[i];
            match c {
                b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | b'#' | b'+' | b'-' | b'0'
                | b'[' | b'{' | b'(' | b'<' | b'|' => {
                    if seen[c as usize] {
                        duplicate = true;
                    }
                    seen[c as usize] = true;
                    match c {
                        b' ' => space = true,
                        b'+' => plus = true,
                        b'#' => spec.alt = true,
                        b'-' => spec.left = true,
                        b'0' => spec.zero = true,
                        _ if DELIMITERS.contains(&c) => {
                            delimiters += 1;
                            spec.delimiter = Some(c);
                        }
                        _ => {}
                    }
                    i += 1;
                }
                _ => break,
            }
        }
        spec.flags_len = i - 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i > start {
            if bytes[start] == b'0' {
                return Err(invalid());
            }
            spec.width = Some(parse_number(&text[start..i]));
        }
        if i < bytes.len() && bytes[i] == b'.' {
            i += 1;
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                return Err(invalid());
            }
            spec.prec = Some(parse_number(&text[start..i]));
        }
        if i + 1 != bytes.len() || !bytes[i].is_ascii_alphabetic() {
            return Err(invalid());
        }
        spec.letter = bytes[i];
        if spec.width.is_some_and(|w| w > MAX_WIDTH) {
            return Err(Error::format("width too big"));
        }
        if spec.prec.is_some_and(|p| p > MAX_WIDTH) {
            return Err(Error::format("precision too big"));
        }
        if duplicate {
            return Err(Error::format(format!(
                "The same flag can only be used once, got '{text}'"
            )));
        }
        if delimiters > 1 {
            return Err(Error::format(format!(
                "Only one of the delimiters [ {{ ( < | can be given in the format flags, got '{text}'"
            )));
        }
        spec.sign = if space {
            Sign::Space
        } else if plus {
            Sign::Plus
        } else {
            Sign::Default
        };
        spec.plus_and_space = space && plus;
        Ok(spec)
    }

    /// True when nothing but the letter was given (`%d`, `%p`, ...).
    pub fn is_plain(&self) -> bool {
        self.text.len() == 2
    }

    /// The letter as a char.
    pub fn letter_char(&self) -> char {
        self.letter as char
    }

    /// True when the numeric sign flag `+` was given (also together with space).
    pub fn plus(&self) -> bool {
        self.sign == Sign::Plus || self.plus_and_space
    }

    /// True when the space flag was given without `+`.
    pub fn space(&self) -> bool {
        self.sign == Sign::Space && !self.plus_and_space
    }

    /// The sign character a number gets: `-` when negative, else `+` or a
    /// space as the flags ask, else none.
    pub fn sign_char(&self, negative: bool) -> Option<char> {
        if negative {
            Some('-')
        } else if self.plus() {
            Some('+')
        } else if self.space() {
            Some(' ')
        } else {
            None
        }
    }

    /// The flag characters as written, in order.
    pub fn flags(&self) -> &str {
        &self.text[1..1 + self.flags_len]
    }

    /// The error Ruby's `format` raises for flags it does not know (the container
    /// delimiters and whitespace other than space), when this spec is applied to a scalar
    /// through the general formatting rules.
    pub fn check_scalar_flags(&self) -> Result<()> {
        for &c in self.flags().as_bytes() {
            match c {
                b'[' | b'(' | b'|' => {
                    return Err(Error::format(format!(
                        "malformed format string - %{}",
                        c as char
                    )))
                }
                b'{' | b'<' => return Err(Error::format("malformed name - unmatched parenthesis")),
                b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' => {
                    return Err(Error::format("malformed format string"))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The opening and closing delimiters for a container, given its defaults.
    pub fn delimiters(
        &self,
        default: (&'static str, &'static str),
    ) -> (&'static str, &'static str) {
        match self.delimiter {
            Some(b'[') => ("[", "]"),
            Some(b'{') => ("{", "}"),
            Some(b'(') => ("(", ")"),
            Some(b'<') => ("<", ">"),
            Some(b'|') => ("|", "|"),
            _ if self.sign == Sign::Space => ("", ""),
            _ => default,
        }
    }
}

/// Parse a run of ASCII digits, saturating on overflow.
fn parse_number(digits: &str) -> usize {
    digits.bytes().fold(0usize, |n, d| {
        n.saturating_mul(10).saturating_add((d - b'0') as usize)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_flags_width_precision() {
        let s = Spec::parse("%-#+08.3x").unwrap();
        assert!(s.left && s.alt && s.zero && s.plus());
        assert_eq!((s.width, s.prec, s.letter), (Some(8), Some(3), b'x'));
        assert_eq!(s.flags(), "-#+0");
        let s = Spec::parse("% (a").unwrap();
        assert_eq!(s.delimiters(("[", "]")), ("(", ")"));
        assert_eq!(Spec::parse("% a").unwrap().delimiters(("[", "]")), ("", ""));
    }

    #[test]
    fn format_errors() {
        assert_eq!(
            Spec::parse("%--d").unwrap_err().message,
            "The same flag can only be used once, got '%--d'"
        );
        assert_eq!(
            Spec::parse("%[(a").unwrap_err().message,
            "Only one of the delimiters [ { ( < | can be given in the format flags, got '%[(a'"
        );
        assert!(Spec::parse("%010.2").is_err());
        assert_eq!(
            Spec::parse("%[d")
                .unwrap()
                .check_scalar_flags()
                .unwrap_err()
                .message,
            "malformed format string - %["
        );
    }
}
