//! The context-free part of the scanner: a `logos` DFA over ASCII source
//! bytes for blanks, comments, operators, punctuation, names, bare words,
//! type references and variables.
//!
//! Everything whose meaning depends on context (`[`, `(`, `{`, `}`, `/`,
//! quotes, numbers, heredocs, EPP tags, newlines) is recognised by hand in
//! the parent module before this scanner is consulted.

use crate::syntax::token::TokenKind;
use logos::Logos;

/// Raw tokens recognised without context.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
#[logos(utf8 = false)]
pub(crate) enum Raw {
    /// ASCII blanks and carriage returns (unicode blanks are handled by hand).
    #[regex(b"[ \t\r]+")]
    Blank,
    /// `#` to the end of the line (the line break is not included).
    #[regex(b"#[^\n]*", allow_greedy = true)]
    Comment,
    /// A bare word, possibly `::`-prefixed and qualified: NAME, keyword or WORD.
    #[regex(b"(::)?[a-z_]([A-Za-z0-9_-]*[A-Za-z0-9_])?(::[a-z_]([A-Za-z0-9_-]*[A-Za-z0-9_])?)*")]
    BareWord,
    /// An upper case (qualified) reference.
    #[regex(b"(::)?[A-Z][A-Za-z0-9_]*(::[A-Z][A-Za-z0-9_]*)*")]
    ClassRef,
    /// `$name`, `$::a::b`, `$0`.
    #[regex(b"\\$(::)?([A-Za-z0-9_]+::)*[A-Za-z0-9_]+")]
    Variable,
    /// A lone `$`.
    #[token(b"$")]
    Dollar,
    /// `::` not followed by a name or reference (an error).
    #[token(b"::")]
    ColonColon,
    #[token(b":")]
    Colon,
    #[token(b".")]
    Dot,
    #[token(b",")]
    Comma,
    #[token(b"]")]
    RBrack,
    #[token(b")")]
    RParen,
    #[token(b";")]
    Semic,
    #[token(b"?")]
    QMark,
    #[token(b"*")]
    Times,
    #[token(b"%")]
    Modulo,
    #[token(b"@")]
    At,
    #[token(b"@@")]
    AtAt,
    #[token(b"|")]
    Pipe,
    #[token(b"|>")]
    RCollect,
    #[token(b"|>>")]
    RRCollect,
    #[token(b"=")]
    Equals,
    #[token(b"==")]
    IsEqual,
    #[token(b"=>")]
    FArrow,
    #[token(b"=~")]
    Match,
    #[token(b"+")]
    Plus,
    #[token(b"+=")]
    Appends,
    #[token(b"+>")]
    PArrow,
    #[token(b"-")]
    Minus,
    #[token(b"->")]
    InEdge,
    #[token(b"-=")]
    Deletes,
    #[token(b"!")]
    Not,
    #[token(b"!=")]
    NotEqual,
    #[token(b"!~")]
    NoMatch,
    #[token(b"~")]
    Tilde,
    #[token(b"~>")]
    InEdgeSub,
    #[token(b"<")]
    LessThan,
    #[token(b"<=")]
    LessEqual,
    #[token(b"<|")]
    LCollect,
    #[token(b"<<")]
    LShift,
    #[token(b"<<|")]
    LLCollect,
    #[token(b"<-")]
    OutEdge,
    #[token(b"<~")]
    OutEdgeSub,
    #[token(b">")]
    GreaterThan,
    #[token(b">=")]
    GreaterEqual,
    #[token(b">>")]
    RShift,
}

impl Raw {
    /// The token kind of a fixed operator or punctuation raw token.
    pub(crate) fn fixed_kind(self) -> Option<TokenKind> {
        use TokenKind as K;
        Some(match self {
            Raw::Colon => K::Colon,
            Raw::Dot => K::Dot,
            Raw::Comma => K::Comma,
            Raw::RBrack => K::RBrack,
            Raw::RParen => K::RParen,
            Raw::Semic => K::Semic,
            Raw::QMark => K::QMark,
            Raw::Times => K::Times,
            Raw::Modulo => K::Modulo,
            Raw::At => K::At,
            Raw::AtAt => K::AtAt,
            Raw::Pipe => K::Pipe,
            Raw::RCollect => K::RCollect,
            Raw::RRCollect => K::RRCollect,
            Raw::Equals => K::Equals,
            Raw::IsEqual => K::IsEqual,
            Raw::FArrow => K::FArrow,
            Raw::Match => K::Match,
            Raw::Plus => K::Plus,
            Raw::Appends => K::Appends,
            Raw::PArrow => K::PArrow,
            Raw::Minus => K::Minus,
            Raw::InEdge => K::InEdge,
            Raw::Deletes => K::Deletes,
            Raw::Not => K::Not,
            Raw::NotEqual => K::NotEqual,
            Raw::NoMatch => K::NoMatch,
            Raw::Tilde => K::Tilde,
            Raw::InEdgeSub => K::InEdgeSub,
            Raw::LessThan => K::LessThan,
            Raw::LessEqual => K::LessEqual,
            Raw::LCollect => K::LCollect,
            Raw::LShift => K::LShift,
            Raw::LLCollect => K::LLCollect,
            Raw::OutEdge => K::OutEdge,
            Raw::OutEdgeSub => K::OutEdgeSub,
            Raw::GreaterThan => K::GreaterThan,
            Raw::GreaterEqual => K::GreaterEqual,
            Raw::RShift => K::RShift,
            _ => return None,
        })
    }
}

/// Scans one raw token at the start of `bytes`: its kind and length, or
/// `None` when no context-free token starts there.
pub(crate) fn scan_raw(bytes: &[u8]) -> Option<(Raw, usize)> {
    let mut lex = Raw::lexer(bytes);
    match lex.next() {
        Some(Ok(raw)) => Some((raw, lex.span().end)),
        _ => None,
    }
}

/// Bit 0: `[A-Za-z0-9_]`; bit 1: `[A-Za-z0-9_-]`.
static WORD_BYTES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphanumeric() || b == b'_' {
            t[c] = 3;
        } else if b == b'-' {
            t[c] = 2;
        }
        c += 1;
    }
    t
};

/// True for `[A-Za-z0-9_]`.
#[inline(always)]
fn is_word_byte(c: u8) -> bool {
    WORD_BYTES[c as usize] & 1 != 0
}

/// True for `[A-Za-z0-9_-]`.
#[inline(always)]
fn is_word_or_hyphen(c: u8) -> bool {
    WORD_BYTES[c as usize] & 2 != 0
}

/// The end of the [`Raw::ClassRef`] match at `start`, where `b[start]` is `A-Z`
/// (what the scanner matches there, found without its DFA).
#[inline(always)]
pub(crate) fn class_ref_end(b: &[u8], start: usize) -> usize {
    let mut end = start + 1;
    loop {
        while let Some(&c) = b.get(end) {
            if !is_word_byte(c) {
                break;
            }
            end += 1;
        }
        // `::` continues the reference only before another upper case segment
        match b.get(end..end + 3) {
            Some([b':', b':', c]) if c.is_ascii_uppercase() => end += 3,
            _ => return end,
        }
    }
}

/// The end of the [`Raw::BareWord`] match at `start`, where `b[start]` is
/// `a-z` or `_` (what the scanner matches there, found without its DFA):
/// segments of word characters and inner hyphens, joined by `::`.
#[inline(always)]
pub(crate) fn bare_word_end(b: &[u8], start: usize) -> usize {
    let mut end = start + 1;
    loop {
        // a segment does not end with `-`
        let mut good = end;
        while let Some(&c) = b.get(end) {
            if !is_word_or_hyphen(c) {
                break;
            }
            end += 1;
            if c != b'-' {
                good = end;
            }
        }
        end = good;
        match b.get(end..end + 3) {
            Some([b':', b':', c]) if c.is_ascii_lowercase() || *c == b'_' => end += 3,
            _ => return end,
        }
    }
}

/// True when `name` (a bare word) is a NAME: every `::`-separated segment
/// starts with `a-z` and contains only word characters.
pub(crate) fn is_name(word: &str) -> bool {
    let b = word.as_bytes();
    let mut i = usize::from(b.starts_with(b"::")) * 2;
    loop {
        // a segment: [a-z] followed by word characters
        if !b.get(i).is_some_and(u8::is_ascii_lowercase) {
            return false;
        }
        i += 1;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if i == b.len() {
            return true;
        }
        if b[i] != b':' || b.get(i + 1) != Some(&b':') {
            return false;
        }
        i += 2;
    }
}

/// Decodes the character that starts at `bytes[0]`, if it is valid UTF-8.
pub(crate) fn char_at(bytes: &[u8]) -> Option<(char, usize)> {
    let n = match *bytes.first()? {
        b if b < 0x80 => 1,
        b if b >= 0xF0 => 4,
        b if b >= 0xE0 => 3,
        b if b >= 0xC0 => 2,
        _ => return None,
    };
    let s = std::str::from_utf8(bytes.get(..n)?).ok()?;
    s.chars().next().map(|c| (c, n))
}

/// Decodes the character that ends just before `bytes[end]`.
pub(crate) fn char_before(bytes: &[u8], end: usize) -> Option<char> {
    match end.checked_sub(1).map(|i| bytes[i]) {
        None => return None,
        Some(b) if b < 0x80 => return Some(char::from(b)),
        Some(_) => {}
    }
    let start = end.saturating_sub(4);
    (start..end)
        .find_map(|i| char_at(&bytes[i..end]).filter(|(_, n)| i + n == end))
        .map(|(c, _)| c)
}

/// Ruby's `[[:blank:]]` on UTF-8 text: tab and the Space_Separator characters.
pub(crate) fn is_blank(c: char) -> bool {
    matches!(
        c,
        '\t' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

/// Length of the run of `[[:blank:]\r]` characters at the start of `bytes`.
pub(crate) fn blank_run(bytes: &[u8]) -> usize {
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' | b'\r' => i += 1,
            b if b < 0x80 => break,
            _ => match char_at(&bytes[i..]) {
                Some((c, n)) if is_blank(c) => i += n,
                _ => break,
            },
        }
    }
    i
}

/// Ruby's `\b` word test for the character starting at `bytes[0]` (unicode aware).
pub(crate) fn is_word_char_at(bytes: &[u8]) -> bool {
    match bytes.first() {
        None => false,
        Some(b) if *b < 0x80 => b.is_ascii_alphanumeric() || *b == b'_',
        Some(_) => char_at(bytes).is_some_and(|(c, _)| c.is_alphanumeric()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_longest_match() {
        assert_eq!(scan_raw(b"<<|x"), Some((Raw::LLCollect, 3)));
        assert_eq!(scan_raw(b"|>>"), Some((Raw::RRCollect, 3)));
        assert_eq!(scan_raw(b"foo-bar- x"), Some((Raw::BareWord, 7)));
        assert_eq!(scan_raw(b"foo::Bar"), Some((Raw::BareWord, 3)));
        assert_eq!(scan_raw(b"::Foo::Bar::x"), Some((Raw::ClassRef, 10)));
        assert_eq!(scan_raw(b"$a::b::"), Some((Raw::Variable, 5)));
        assert_eq!(scan_raw(b"$-"), Some((Raw::Dollar, 1)));
        assert_eq!(scan_raw(b"::9"), Some((Raw::ColonColon, 2)));
        assert_eq!(scan_raw(b"\\"), None);
    }

    #[test]
    fn hand_scans_match_the_scanner() {
        let words = [
            "a",
            "A",
            "Foo",
            "Foo::Bar",
            "Foo::bar",
            "Foo::",
            "Foo::9",
            "F_9x::Y::Z[",
            "A::B::",
            "Foo-bar",
            "x",
            "_",
            "_x-",
            "foo-bar- x",
            "foo::Bar",
            "foo::_x",
            "a--b",
            "a-::b",
            "a::b-c::d-",
            "a::",
            "a::-",
            "ab\u{e9}",
            "a1_-2",
            "x::y::z::",
            "Ab\u{e9}c",
        ];
        // every text of up to 6 of these bytes after a first letter
        let alphabet = [b'a', b'B', b'_', b'-', b':', b'1', 0xC3, b' '];
        let mut texts: Vec<Vec<u8>> = Vec::new();
        for first in [b'a', b'Z', b'_'] {
            let mut level = vec![vec![first]];
            for _ in 0..6 {
                let next: Vec<Vec<u8>> = level
                    .iter()
                    .flat_map(|t| {
                        alphabet.iter().map(move |&c| {
                            let mut t = t.clone();
                            t.push(c);
                            t
                        })
                    })
                    .collect();
                texts.extend(level);
                level = next;
            }
            texts.extend(level);
        }
        texts.extend(words.iter().map(|w| w.as_bytes().to_vec()));
        for b in &texts {
            let b = b.as_slice();
            let w = String::from_utf8_lossy(b);
            let (raw, len) = scan_raw(b).unwrap_or((Raw::Blank, 0));
            if b[0].is_ascii_uppercase() {
                assert_eq!((raw, len), (Raw::ClassRef, class_ref_end(b, 0)), "{w}");
            } else {
                assert_eq!((raw, len), (Raw::BareWord, bare_word_end(b, 0)), "{w}");
            }
        }
    }

    #[test]
    fn name_vs_word() {
        assert!(is_name("apache::port"));
        assert!(is_name("::apache"));
        assert!(!is_name("_bare_word"));
        assert!(!is_name("this-is-a-bare-word"));
        assert!(!is_name("foo::_x"));
    }

    #[test]
    fn unicode_blanks() {
        assert_eq!(blank_run(" \u{a0}\u{3000}\tx".as_bytes()), 1 + 2 + 3 + 1);
        assert_eq!(blank_run("\u{200B}".as_bytes()), 0);
    }
}
