//! The fast reader: type strings of the common shapes read straight from the
//! text to a [`Type`], without the lexer, the parser and the tree.
//!
//! This is the one speed trick of type parsing. It reads this subset of the
//! language, and nothing else:
//!
//! ```text
//! type    := Name                       Name: [A-Z]\w* ('::' [A-Z]\w*)*, no blank before '['
//!          | Name '[' param (',' param)* ','? ']'
//! param   := type | integer | float     decimal, optionally preceded by '-' (no blank)
//!          | word                       [a-z]\w*: a string; true, false, default, undef
//!          | 'text' | "text"            without backslashes (and without '$' in "...")
//!          | /regexp/                   without '\/' or line breaks
//!          | '[' (param (',' param)* ','?)? ']'
//!          | '{' (param '=>' param (',' param '=>' param)* ','?)? '}'
//! ```
//!
//! with blanks (space, tab, line breaks) between tokens. The parameters are
//! evaluated to the [`Value`]s the parser's tree evaluates to, and the type is
//! built by the same [`Interp::name_type`] and [`Interp::access_type`] the
//! general path uses, so the rules of names and parameters have one home.
//!
//! The reader gives up (`None`) on anything else — other tokens, comments,
//! escapes, keywords, operators, constructor calls, nesting deeper than
//! [`MAX_NESTING`] — and on any error, including the type rules' errors:
//! then [`super::TypeParser`] takes the text through the parser
//! ([`crate::syntax::parser::parse_type_expression`]), which gives the
//! answer and the reference's error. A differential test compares both ways
//! on the fixtures' type strings and their mutations; the `type_reader` fuzz
//! target does so on any input.

use super::interp::Interp;
use super::{TypeParser, UnknownNames};
use crate::syntax::parser::{parse_number, Number};
use crate::syntax::span::Span;
use crate::syntax::token::TokenKind;
use crate::types::Type;
use crate::values::{Regexp, Value, ValueMap};
use smallvec::SmallVec;
use std::sync::Arc;

/// How deeply types, arrays and hashes may nest in a text the reader reads.
pub const MAX_NESTING: usize = 32;

/// The type `src` stands for, when it is in the reader's subset and valid;
/// `None` for any other text (to be parsed by the parser).
pub(super) fn read(interp: &Interp<'_>, src: &str) -> Option<Type> {
    let mut r = Reader {
        b: src.as_bytes(),
        pos: 0,
        nesting: 0,
        interp,
    };
    r.blanks();
    let t = r.type_expr()?;
    r.blanks();
    (r.pos == r.b.len()).then_some(t)
}

/// Checks the reader against the parser's path on `source`, in both modes of
/// unknown names: `Err` describes a text the reader reads differently from the
/// parser (for the differential test and the `type_reader` fuzz target).
pub fn check_against_parser(source: &str) -> std::result::Result<(), String> {
    for unknown in [UnknownNames::Resource, UnknownNames::TypeReference] {
        let p = TypeParser::new().unknown_names(unknown).cached(false);
        let Some(fast) = read(&p.interp(source), source) else {
            continue;
        };
        match p.parse_general(source) {
            Ok(t) if t == fast && t.to_string() == fast.to_string() => {}
            Ok(t) => {
                return Err(format!(
                    "{source:?}: the reader read {fast}, the parser {t}"
                ))
            }
            Err(e) => {
                return Err(format!(
                    "{source:?}: the reader read {fast}, the parser: {e}"
                ))
            }
        }
    }
    Ok(())
}

/// The reader's place in the text.
struct Reader<'s, 'i> {
    b: &'s [u8],
    pos: usize,
    nesting: usize,
    interp: &'i Interp<'i>,
}

impl Reader<'_, '_> {
    /// The byte at the current position (0 at the end).
    #[inline]
    fn peek(&self) -> u8 {
        self.b.get(self.pos).copied().unwrap_or(0)
    }

    /// Skips blanks and line breaks.
    #[inline]
    fn blanks(&mut self) {
        while matches!(self.peek(), b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    /// Consumes `c` (after blanks), or gives up.
    #[inline]
    fn eat(&mut self, c: u8) -> bool {
        self.blanks();
        if self.peek() == c {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// The text `from..self.pos`.
    fn text(&self, from: usize) -> &str {
        std::str::from_utf8(&self.b[from..self.pos]).unwrap_or("")
    }

    /// `Name` or `Name[params]`.
    fn type_expr(&mut self) -> Option<Type> {
        let start = self.pos;
        self.name()?;
        let name_end = self.pos;
        if self.peek() != b'[' {
            let name = self.text(start);
            return self.interp.name_type(name, Span::new(start, name_end)).ok();
        }
        self.pos += 1;
        let mut params: SmallVec<[Value; 4]> = SmallVec::new();
        self.enter()?;
        loop {
            self.blanks();
            if self.peek() == b']' && !params.is_empty() {
                break;
            }
            // (a type string may give millions of parameters; an interrupted
            // read is left to the parser, which stops at once)
            if crate::stop::tick() {
                return None;
            }
            params.push(self.param()?);
            if !self.eat(b',') {
                break;
            }
        }
        self.nesting -= 1;
        if !self.eat(b']') {
            return None;
        }
        let name = std::str::from_utf8(&self.b[start..name_end]).ok()?;
        // (`Resource[Foo['t']]`, `Resource[::Foo]`: a name of no known type
        // there is read from its text, which the parser's path does)
        if matches!(params.first(), Some(Value::Type(_))) && self.interp.is_resource_access(name) {
            return None;
        }
        self.interp
            .access_type(name, &params, Span::new(start, self.pos))
            .ok()
    }

    /// One more level of nesting, or giving up past [`MAX_NESTING`].
    fn enter(&mut self) -> Option<()> {
        self.nesting += 1;
        (self.nesting <= MAX_NESTING).then_some(())
    }

    /// A type name: capitalised segments joined by `::`.
    fn name(&mut self) -> Option<()> {
        loop {
            if !self.peek().is_ascii_uppercase() {
                return None;
            }
            self.pos += 1;
            while is_word_byte(self.peek()) {
                self.pos += 1;
            }
            if self.peek() != b':' {
                return Some(());
            }
            if self.b.get(self.pos + 1) != Some(&b':') {
                return None;
            }
            self.pos += 2;
        }
    }

    /// One parameter, at the current position (after blanks).
    fn param(&mut self) -> Option<Value> {
        match self.peek() {
            b'A'..=b'Z' => self.type_expr().map(Value::Type),
            b'a'..=b'z' => self.word(),
            b'0'..=b'9' => self.number(false),
            b'-' => {
                self.pos += 1;
                self.number(true)
            }
            b'\'' => self.quoted(b'\''),
            b'"' => self.quoted(b'"'),
            b'/' => self.regexp(),
            b'[' => self.array(),
            b'{' => self.hash(),
            _ => None,
        }
    }

    /// A bare word: a string, or `true`, `false`, `default`, `undef`.
    fn word(&mut self) -> Option<Value> {
        let start = self.pos;
        while is_word_byte(self.peek()) {
            self.pos += 1;
        }
        // (`a::b`, `a-b` and the like are other tokens)
        if matches!(self.peek(), b':' | b'-') {
            return None;
        }
        let word = self.text(start);
        Some(match TokenKind::keyword(word) {
            None => Value::String(word.into()),
            Some(TokenKind::Boolean) => Value::Boolean(word == "true"),
            Some(TokenKind::Default) => Value::Default,
            Some(TokenKind::Undef) => Value::Undef,
            Some(_) => return None,
        })
    }

    /// A decimal integer or float (negated after a `-`).
    fn number(&mut self, negative: bool) -> Option<Value> {
        let start = self.pos;
        let digits = |r: &mut Self| {
            let from = r.pos;
            while r.peek().is_ascii_digit() {
                r.pos += 1;
            }
            r.pos > from
        };
        if !digits(self) {
            return None;
        }
        if self.peek() == b'.' {
            self.pos += 1;
            if !digits(self) {
                return None;
            }
        }
        if matches!(self.peek(), b'e' | b'E') {
            self.pos += 1;
            // (an exponent has no `+`: the reference's lexer refuses `1e+5`)
            if self.peek() == b'-' {
                self.pos += 1;
            }
            if !digits(self) {
                return None;
            }
        }
        if is_word_byte(self.peek()) || self.peek() == b'.' {
            return None;
        }
        let text = self.text(start);
        // (a leading zero not followed by '.' makes an octal number, `0e5`
        // an invalid one: the parser reads those, and gives the error)
        if text.len() > 1 && text.starts_with('0') && text.as_bytes()[1] != b'.' {
            return None;
        }
        match parse_number(text)? {
            Number::Int(v, 10) => {
                let v = i64::try_from(v).ok()?;
                Some(Value::Integer(if negative { -v } else { v }))
            }
            Number::Float(x) => Some(Value::Float(if negative { -x } else { x })),
            Number::Int(..) => None,
        }
    }

    /// A quoted string without escapes (nor interpolation in `"..."`).
    fn quoted(&mut self, quote: u8) -> Option<Value> {
        let from = self.pos + 1;
        let len = self.b[from..].iter().position(|&c| c == quote)?;
        let content = &self.b[from..from + len];
        if content.contains(&b'\\') || (quote == b'"' && content.contains(&b'$')) {
            return None;
        }
        self.pos = from + len + 1;
        Some(Value::String(std::str::from_utf8(content).ok()?.into()))
    }

    /// `/regexp/` on one line, without an escaped `/`.
    fn regexp(&mut self) -> Option<Value> {
        let from = self.pos + 1;
        let len = self.b[from..].iter().position(|&c| c == b'/')?;
        let pattern = &self.b[from..from + len];
        if len == 0 || pattern[0] == b'*' || pattern.ends_with(b"\\") || pattern.contains(&b'\n') {
            return None;
        }
        self.pos = from + len + 1;
        let r = Regexp::cached(std::str::from_utf8(pattern).ok()?).ok()?;
        Some(Value::Regexp(r))
    }

    /// `[params]`.
    fn array(&mut self) -> Option<Value> {
        self.pos += 1;
        self.enter()?;
        let mut items = Vec::new();
        loop {
            self.blanks();
            if self.peek() == b']' {
                break;
            }
            items.push(self.param()?);
            if !self.eat(b',') {
                break;
            }
        }
        self.nesting -= 1;
        self.eat(b']').then(|| Value::Array(Arc::new(items)))
    }

    /// `{key => value, ...}`.
    fn hash(&mut self) -> Option<Value> {
        self.pos += 1;
        self.enter()?;
        let mut map = ValueMap::new();
        loop {
            self.blanks();
            if self.peek() == b'}' {
                break;
            }
            let key = self.param()?;
            self.blanks();
            if !self.b[self.pos..].starts_with(b"=>") {
                return None;
            }
            self.pos += 2;
            self.blanks();
            let value = self.param()?;
            map.insert(key, value);
            if !self.eat(b',') {
                break;
            }
        }
        self.nesting -= 1;
        self.eat(b'}').then(|| Value::Hash(Arc::new(map)))
    }
}

/// A byte that continues a name or word.
#[inline]
fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

#[cfg(test)]
mod tests {
    use super::super::{TypeParser, UnknownNames};

    #[test]
    fn a_type_string_of_many_parameters_stops_once_the_host_stops_the_walk() {
        use crate::stop::{self, test_check};
        let members: Vec<String> = (0..1 << 17).map(|i| format!("Enum[a{i}]")).collect();
        let source = format!("Variant[{}]", members.join(", "));
        let before = stop::count();
        let r = stop::within_call(before, || {
            test_check::stop_next(1);
            TypeParser::new().cached(false).parse(&source)
        });
        test_check::stop_next(0);
        let e = r.expect_err("read to the end");
        assert!(e.to_string().contains("interrupted"), "{e}");
        assert!(stop::take(before).is_some());
    }

    /// The reference fixture's type strings.
    fn canonical() -> impl Iterator<Item = String> {
        include_str!("../../../tests/fixtures/types/canonical.tsv")
            .lines()
            .filter_map(|l| l.split('\t').next())
            .map(str::to_string)
    }

    /// Type strings to mutate: the benchmark's, and shapes at the edges of
    /// the reader's subset.
    fn inputs() -> Vec<String> {
        let mut v: Vec<String> = include_str!("../../../spec/fixtures/type_strings.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        for s in [
            " Integer ",
            "Integer [1]",
            "Integer\n[1]",
            "Integer[\n1 ,\t2\n]",
            "Integer[1,]",
            "Integer[1,,]",
            "Integer[]",
            "Integer[-1, -0]",
            "Integer[- 1]",
            "Integer[01]",
            "Integer[0]",
            "Integer[9223372036854775807]",
            "Integer[-9223372036854775808]",
            "Integer[99999999999999999999]",
            "Float[1.5e3, 2E-2]",
            "Float[1.]",
            "Float[1.5.3]",
            "Float[1e]",
            "Enum[a, b_c, d1, true, false, default, undef]",
            "Enum[type, function, in, and]",
            "Enum[a::b, a-b, _a]",
            "Enum['a\\'b', \"a${b}\", \"a$b\", \"a\\nb\", '', \"\"]",
            "Enum['é', \"ü\"]",
            "Pattern[/a\\/b/, /a\\\\/, //, /*a*/]",
            "Pattern[/a\nb/]",
            "Pattern[/(/]",
            "Callable[[], Any]",
            "Callable[[String, 1, 2], Integer]",
            "Tuple[[1, 2,], [,]]",
            "Struct[{}]",
            "Struct[{a => Integer,}]",
            "Struct[{a => Integer,,}]",
            "Struct[{a Integer}]",
            "Struct[{a => Integer} ]",
            "Struct[a => Integer]",
            "Struct[{Optional[a] => String, 'b' => Integer, a => Float}]",
            "Hash[{a => 1}, {b => [2]}]",
            "Foo::Bar",
            "Foo::bar",
            "Foo:Bar",
            "::Foo",
            "Foo::Bar[1, 'x']",
            "Foo[1]",
            "File['/tmp']",
            "Resource[File, 'x']",
            "Integer # note",
            "Integer /* note */",
            "Integer[1] + 1",
            "Integer[1][2]",
            "SemVerRange('>=1.0.0')",
            "Array[Array[Array[Array[Array[Array[Array[Array[Array[Array[Integer]]]]]]]]]]",
        ] {
            v.push(s.to_string());
        }
        v
    }

    /// A number with a leading zero not followed by '.' is octal (`0e5`,
    /// `00.5` invalid ones, which the reference's lexer refuses): left to the
    /// parser, also where the reader would keep the whole text as a
    /// TypeReference (found by the `type_reader` fuzz target).
    #[test]
    fn a_leading_zero_number_is_left_to_the_parser() {
        for src in [
            "Foo[0e00]",
            "Foo[Bar[0E1]]",
            "Float[0e0]",
            "Float[00.5]",
            "Foo[-0e5]",
        ] {
            if let Err(e) = super::check_against_parser(src) {
                panic!("{e}");
            }
            let p = TypeParser::new()
                .unknown_names(UnknownNames::TypeReference)
                .cached(false);
            assert!(super::read(&p.interp(src), src).is_none(), "{src}");
            assert!(p.parse(src).is_err(), "{src}");
        }
    }

    /// An exponent is `e` or `E`, an optional `-` and digits: `1e+15` is
    /// the reference's 'Not a valid decimal number 1e', left to the parser
    /// (found by the `type_reader` fuzz target).
    #[test]
    fn an_exponent_with_a_plus_sign_is_left_to_the_parser() {
        for src in ["Float[1e+15]", "Float[1.5E+2]", "Foo[-1e+1]"] {
            if let Err(e) = super::check_against_parser(src) {
                panic!("{e}");
            }
            let p = TypeParser::new().cached(false);
            assert!(super::read(&p.interp(src), src).is_none(), "{src}");
            assert!(p.parse(src).is_err(), "{src}");
        }
        let p = TypeParser::new().cached(false);
        assert!(p.parse("Float[1e-5, 1E5]").is_ok());
    }

    #[test]
    fn the_reader_reads_what_the_parser_reads_or_leaves_the_text_to_it() {
        let mut read = 0;
        let mut compared = 0;
        let inputs = inputs();
        let mut sources: Vec<String> = inputs.iter().cloned().chain(canonical()).collect();
        // each string with one character dropped, or replaced by one that
        // changes the shape of a parameter
        for line in &inputs {
            let chars: Vec<char> = line.chars().collect();
            for i in 0..chars.len() {
                let mut dropped = chars.clone();
                dropped.remove(i);
                sources.push(dropped.into_iter().collect());
                for c in ['1', '-', 'x', '[', ',', '{', ' '] {
                    let mut replaced = chars.clone();
                    replaced[i] = c;
                    sources.push(replaced.into_iter().collect());
                }
            }
        }
        for src in &sources {
            if let Err(e) = super::check_against_parser(src) {
                panic!("{e}");
            }
            for unknown in [UnknownNames::Resource, UnknownNames::TypeReference] {
                let p = TypeParser::new().unknown_names(unknown).cached(false);
                compared += 1;
                read += usize::from(super::read(&p.interp(src), src).is_some());
            }
        }
        assert!(compared > 40000 && read > 8000, "{compared} {read}");
    }
}
