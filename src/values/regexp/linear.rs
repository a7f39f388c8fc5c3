//! A linear-time matcher (the `regex` crate) for the patterns whose meaning
//! it shares with Ruby, used to answer "does it match anywhere?".
//!
//! Most patterns of Puppet data are simple: literals, character classes,
//! anchors, groups, alternation and repetition (`/\A[0-7]{4}\z/`,
//! `/^[a-z][a-z0-9_]*$/`). For those, whether a text matches is the same
//! under Ruby's backtracking engine and under a finite automaton, and the
//! automaton answers several times faster than an Oniguruma search (which
//! allocates and copies its backtrack stack on every call) and never
//! backtracks catastrophically.
//!
//! [`translate`] accepts only that shared subset and spells it in the `regex`
//! crate's syntax; anything else (back references, look-around, options,
//! possessive repetition, POSIX brackets, `\b`, a `{` that is not a
//! repetition, ...) gets `None` and stays with Oniguruma.
//!
//! In the subset: `\A`, `\z`, `^` and `$` (line anchors in Ruby, so the
//! translation turns on multi-line mode), `.` (any character but a newline
//! in both), the ASCII shorthands (`\d` is `[0-9]` in Ruby, see
//! [`super::ruby_classes`]), escaped punctuation and `\t \n \r \f \v`,
//! classes of single characters and ranges, `(...)`, `(?:...)`, `|`, and
//! `* + ? {n} {n,} {n,m}` with their lazy forms.

use super::ruby_classes::ascii_class;

/// Punctuation that an escape may make literal, in and outside classes.
const ESCAPABLE: &str = "\\.+*?()|[]{}^$/-#&~ ";

/// The `regex` crate spelling of the Ruby pattern `source`, when it is in
/// the subset both engines read alike.
pub(super) fn translate(source: &str) -> Option<String> {
    let mut t = Translator {
        chars: source.chars().collect(),
        pos: 0,
        out: String::with_capacity(source.len() + 8),
        lines: false,
    };
    t.pattern()?;
    Some(if t.lines {
        format!("(?m:{})", t.out)
    } else {
        t.out
    })
}

/// Compile `source` for linear matching, when it is in the shared subset.
pub(super) fn compile(source: &str) -> Option<regex::Regex> {
    regex::RegexBuilder::new(&translate(source)?)
        .size_limit(1 << 20)
        .dfa_size_limit(256 << 10)
        .build()
        .ok()
}

/// Where the translation is relative to the last `^`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Caret {
    /// Not right after a `^` or its atom.
    None,
    /// Right after a `^`.
    Seen,
    /// Right after the atom following a `^` (a repetition that allows none is refused).
    Atom,
}

struct Translator {
    chars: Vec<char>,
    pos: usize,
    out: String,
    /// True when the pattern has `^` or `$`.
    lines: bool,
}

impl Translator {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    /// The whole pattern; None when something is outside the subset.
    fn pattern(&mut self) -> Option<()> {
        let mut groups = 0usize;
        // whether the last thing written can take a repetition
        let mut atom = false;
        // Ruby's `^` does not match at the very end after a final newline, the
        // `regex` crate's does: a `^` is taken only before an atom that must
        // consume a character, which cannot match there in either engine.
        let mut caret = Caret::None;
        while let Some(c) = self.next() {
            caret = match (caret, c) {
                (Caret::Seen, '\\') => match self.peek() {
                    Some('A' | 'z') | None => return None,
                    _ => Caret::Atom,
                },
                (Caret::Seen, '[' | '.') => Caret::Atom,
                (Caret::Seen, '^' | '$' | '(' | ')' | '|' | '*' | '+' | '?' | '{') => return None,
                (Caret::Seen, _) => Caret::Atom,
                (Caret::Atom, '*' | '?') => return None,
                (Caret::Atom, '{') if self.peek() == Some('0') => return None,
                (_, '^') => Caret::Seen,
                _ => Caret::None,
            };
            match c {
                '\\' => atom = self.escape()?,
                '.' => {
                    self.out.push('.');
                    atom = true;
                }
                '^' | '$' => {
                    self.out.push(c);
                    self.lines = true;
                    atom = false;
                }
                '(' => {
                    if self.peek() == Some('?') {
                        if self.chars.get(self.pos + 1) != Some(&':') {
                            return None;
                        }
                        self.pos += 2;
                        self.out.push_str("(?:");
                    } else {
                        self.out.push('(');
                    }
                    groups += 1;
                    atom = false;
                }
                ')' => {
                    groups = groups.checked_sub(1)?;
                    self.out.push(')');
                    atom = true;
                }
                '|' => {
                    self.out.push('|');
                    atom = false;
                }
                '*' | '+' | '?' => {
                    if !atom {
                        return None;
                    }
                    self.out.push(c);
                    self.lazy_or_greedy()?;
                    atom = false;
                }
                '{' => {
                    if !atom {
                        return None;
                    }
                    self.interval()?;
                    self.lazy_or_greedy()?;
                    atom = false;
                }
                '[' => {
                    self.class()?;
                    atom = true;
                }
                ']' | '}' => {
                    self.out.push('\\');
                    self.out.push(c);
                    atom = true;
                }
                _ => {
                    self.out.push(c);
                    atom = true;
                }
            }
        }
        (groups == 0 && caret != Caret::Seen).then_some(())
    }

    /// After a repetition: a `?` making it lazy is kept; Ruby's possessive `+` is not in the subset.
    fn lazy_or_greedy(&mut self) -> Option<()> {
        match self.peek() {
            Some('?') => {
                self.pos += 1;
                self.out.push('?');
                Some(())
            }
            Some('+') => None,
            _ => Some(()),
        }
    }

    /// `{n}`, `{n,}` or `{n,m}` (the `{` read); anything else is Ruby's literal brace.
    fn interval(&mut self) -> Option<()> {
        let digits = |t: &mut Translator| {
            let start = t.pos;
            while t.peek().is_some_and(|c| c.is_ascii_digit()) {
                t.pos += 1;
            }
            (t.pos > start).then(|| t.chars[start..t.pos].iter().collect::<String>())
        };
        let low = digits(self)?;
        let high = if self.peek() == Some(',') {
            self.pos += 1;
            Some(digits(self).unwrap_or_default())
        } else {
            None
        };
        if self.next()? != '}' {
            return None;
        }
        self.out.push('{');
        self.out.push_str(&low);
        if let Some(h) = high {
            self.out.push(',');
            self.out.push_str(&h);
        }
        self.out.push('}');
        Some(())
    }

    /// An escape outside a class (the backslash read); true when it is an atom.
    fn escape(&mut self) -> Option<bool> {
        let c = self.next()?;
        match c {
            'A' | 'z' => {
                self.out.push('\\');
                self.out.push(c);
                Some(false)
            }
            _ => {
                self.escaped_char(c)?;
                Some(true)
            }
        }
    }

    /// The character of an escape that stands for characters: a shorthand
    /// class, a control character, or escaped punctuation.
    fn escaped_char(&mut self, c: char) -> Option<()> {
        if let Some(class) = ascii_class(c) {
            self.out.push_str(class);
        } else if matches!(c, 't' | 'n' | 'r' | 'f' | 'v') {
            self.out.push('\\');
            self.out.push(c);
        } else if ESCAPABLE.contains(c) {
            self.out.push_str(&regex::escape(&c.to_string()));
        } else {
            return None;
        }
        Some(())
    }

    /// A bracketed class (the `[` read): single characters, ranges of them,
    /// escapes and shorthands; no nested classes, POSIX brackets or set operations.
    fn class(&mut self) -> Option<()> {
        self.out.push('[');
        if self.peek() == Some('^') {
            self.pos += 1;
            self.out.push('^');
        }
        if self.peek() == Some(']') {
            return None;
        }
        // whether the last item was a single character (a range may start there)
        let mut single = false;
        loop {
            let c = self.next()?;
            match c {
                ']' => {
                    self.out.push(']');
                    return Some(());
                }
                '[' => return None,
                '&' | '-' | '~' if self.peek() == Some(c) => return None,
                '-' if single && self.peek() != Some(']') => {
                    // a range: its end is a plain character
                    let end = self.next()?;
                    if matches!(end, '\\' | '[' | ']' | '&' | '~' | '-' | '^') {
                        return None;
                    }
                    self.out.push('-');
                    self.out.push(end);
                    single = false;
                }
                '-' => {
                    // a leading or trailing hyphen, or one after a shorthand
                    if !single && self.peek() != Some(']') && !self.out.ends_with('[') {
                        return None;
                    }
                    self.out.push_str("\\-");
                    single = false;
                }
                '\\' => {
                    let e = self.next()?;
                    single = ascii_class(e).is_none();
                    self.escaped_char(e)?;
                }
                '^' | '&' | '~' => {
                    self.out.push('\\');
                    self.out.push(c);
                    single = true;
                }
                _ => {
                    self.out.push(c);
                    single = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_patterns_are_translated() {
        assert_eq!(translate(r"\A[0-7]{4}\z").unwrap(), r"\A[0-7]{4}\z");
        assert_eq!(translate(r"^\d+$").unwrap(), r"(?m:^[0-9]+$)");
        assert_eq!(translate(r"a.b\.c").unwrap(), r"a.b\.c");
        assert_eq!(translate(r"[\w.-]+").unwrap(), r"[[a-zA-Z0-9_].\-]+");
        assert_eq!(translate(r"(?:ab|c)*?x{2,}").unwrap(), r"(?:ab|c)*?x{2,}");
        assert_eq!(translate(r"\/x\/").unwrap(), r"/x/");
        assert_eq!(translate("é+").unwrap(), "é+");
    }

    #[test]
    fn patterns_outside_the_shared_subset_are_not() {
        for p in [
            r"(a)\1",
            r"(?i)abc",
            r"(?=a)",
            r"(?<n>a)",
            r"a++",
            r"a{,3}",
            r"a{x}",
            r"{1}",
            r"\bword\b",
            r"\Z",
            r"[[:alpha:]]",
            r"[a[bc]]",
            r"[a&&b]",
            r"[a--b]",
            r"[\d-z]",
            r"\p{Word}",
            r"\x41",
            r"\<",
            r"*a",
            r"a**",
            r"(a",
            r"a)",
            r"[]a]",
            r"[a",
            r"^$",
            r"^\s*$",
            r"^(a)",
            r"a|^",
            r"^a*",
            r"^a?b",
            r"^a{0,2}",
        ] {
            assert!(translate(p).is_none(), "{p} -> {:?}", translate(p));
        }
    }
}
