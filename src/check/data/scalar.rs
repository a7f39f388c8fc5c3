//! What a YAML scalar becomes when hiera loads it: Ruby's Psych rules (YAML
//! 1.1 flavoured: `yes`/`off` are booleans, `0o`-less octal, `1:30` is
//! sexagesimal, `~` is nil, `:sym` a Symbol) and its safe loading (an
//! unquoted date or time, or a tag naming a Ruby class, makes the whole file
//! fail to load: "Tried to load unspecified class: Date").
//!
//! The rules are checked against `Psych.safe_load` itself on a corpus of
//! scalars (`spec/data_check_spec.rb`).

use regex::Regex;
use std::sync::OnceLock;

/// A loaded scalar.
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    /// `nil` (Puppet's undef).
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// An integer outside the 64-bit range (Ruby makes it a Bignum).
    BigInt,
    /// A float.
    Float(f64),
    /// A string.
    Str(String),
    /// A Ruby Symbol (hiera's YAML loader permits them), by name.
    Symbol(String),
}

/// Why the loader refuses a scalar (the whole file then fails to load).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

impl Refused {
    fn class(name: &str) -> Refused {
        Refused(format!("Tried to load unspecified class: {name}"))
    }
}

/// How a scalar was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Unquoted: its text is resolved by the rules below.
    Plain,
    /// Single- or double-quoted, literal or folded: always a string.
    Quoted,
}

struct Patterns {
    time: Regex,
    date: Regex,
    float: Regex,
    integer: Regex,
    sexagesimal_int: Regex,
    sexagesimal_float: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let re = |s: &str| Regex::new(s).expect("a valid pattern");
        Patterns {
            time: re(
                r"^-?[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t\r\n\x0B\x0C]+)[0-9]{1,2}:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t\r\n\x0B\x0C]*(?:Z|[-+][0-9]{1,2}:?(?:[0-9][0-9])?))?$",
            ),
            date: re(r"^[0-9]{4}-(?:1[012]|0[0-9]|[0-9])-(?:[12][0-9]|3[01]|0[0-9]|[0-9])$"),
            float: re(r"^(?:[-+]?(?:[0-9][0-9_,]*)?\.[0-9]*(?:[eE][-+][0-9]+)?)$"),
            integer: re(
                r"^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$",
            ),
            sexagesimal_int: re(r"^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9]){1,2}$"),
            sexagesimal_float: re(r"^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9]){1,2}\.[0-9_]*$"),
        }
    })
}

/// Characters of Ruby's `\s`.
fn ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n' | '\u{b}' | '\u{c}')
}

/// A character of the class Psych takes for "text" at the start of a plain scalar.
fn wordish(c: char) -> bool {
    c.is_alphabetic() || ruby_space(c) || "_!@#$%^&*(){}<>|/\\~;=".contains(c)
}

/// True when the start of `s` looks like words (Psych's first test): an
/// optional character that is not a digit, `.`, `:` or `-`, then a word character.
fn starts_like_text(s: &str) -> bool {
    let mut cs = s.chars();
    let Some(a) = cs.next() else { return false };
    if wordish(a) {
        return true;
    }
    !(a.is_ascii_digit() || matches!(a, '.' | ':' | '-')) && cs.next().is_some_and(wordish)
}

/// The value of a plain scalar's text.
pub fn tokenize(s: &str) -> Result<Scalar, Refused> {
    if s.is_empty() {
        return Ok(Scalar::Null);
    }
    if starts_like_text(s) || s.contains('\n') {
        if s.chars().count() > 5 {
            return Ok(Scalar::Str(s.to_string()));
        }
        let first = s.chars().next().unwrap_or(' ').to_ascii_lowercase();
        if !"ytonf~".contains(first) {
            return Ok(Scalar::Str(s.to_string()));
        }
        let lower = s.to_ascii_lowercase();
        return Ok(match lower.as_str() {
            "~" | "null" => Scalar::Null,
            "yes" | "true" | "on" => Scalar::Bool(true),
            "no" | "false" | "off" => Scalar::Bool(false),
            _ => Scalar::Str(s.to_string()),
        });
    }
    let p = patterns();
    if p.time.is_match(s) {
        return Err(Refused::class("Time"));
    }
    if p.date.is_match(s) {
        return Err(Refused::class("Date"));
    }
    let lower = s.to_ascii_lowercase();
    match lower.as_str() {
        ".inf" | "+.inf" => return Ok(Scalar::Float(f64::INFINITY)),
        "-.inf" => return Ok(Scalar::Float(f64::NEG_INFINITY)),
        ".nan" => return Ok(Scalar::Float(f64::NAN)),
        _ => {}
    }
    if let Some(rest) = s.strip_prefix(':') {
        if !rest.is_empty() {
            return Ok(Scalar::Symbol(symbol_name(rest)));
        }
    }
    if p.sexagesimal_int.is_match(s) {
        return Ok(sexagesimal_int(s));
    }
    if p.sexagesimal_float.is_match(s) {
        return Ok(Scalar::Float(sexagesimal_float(s)));
    }
    if p.float.is_match(s) {
        let bare = s.trim_start_matches(['-', '+']);
        if bare == "." {
            return Ok(Scalar::Str(s.to_string()));
        }
        return ruby_float(&float_cleaned(s)).map(Scalar::Float);
    }
    if p.integer.is_match(s) {
        let cleaned: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
        return ruby_integer(&cleaned);
    }
    Ok(Scalar::Str(s.to_string()))
}

/// The name of `:name`, `:"name"` or `:'name'` (what follows the colon).
fn symbol_name(rest: &str) -> String {
    let bytes = rest.as_bytes();
    if let Some(&q) = bytes.first() {
        if (q == b'"' || q == b'\'') && rest.len() >= 2 {
            // the text up to the last matching quote (a greedy match)
            if let Some(end) = rest[1..].rfind(q as char) {
                let inner = &rest[1..1 + end];
                return inner.strip_prefix(':').unwrap_or(inner).to_string();
            }
        }
    }
    rest.to_string()
}

/// Ruby's `String#to_i` of a decimal part: an optional sign, digits and
/// underscores between digits; what follows is ignored.
fn ruby_to_i(s: &str) -> Option<i64> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut n: i64 = 0;
    for c in digits.chars() {
        match c {
            '0'..='9' => n = n.checked_mul(10)?.checked_add(c as i64 - '0' as i64)?,
            '_' => {}
            _ => break,
        }
    }
    Some(if neg { -n } else { n })
}

fn sexagesimal_int(s: &str) -> Scalar {
    let parts: Vec<&str> = s.split(':').collect();
    let mut total: i64 = 0;
    for (i, part) in parts.iter().enumerate() {
        let exp = (i as i32 - 2).unsigned_abs();
        let Some(v) = ruby_to_i(part)
            .and_then(|n| n.checked_mul(60i64.pow(exp)))
            .and_then(|n| total.checked_add(n))
        else {
            return Scalar::BigInt;
        };
        total = v;
    }
    Scalar::Int(total)
}

fn sexagesimal_float(s: &str) -> f64 {
    s.split(':')
        .enumerate()
        .map(|(i, part)| {
            let exp = (i as i32 - 2).unsigned_abs();
            ruby_to_f(part) * 60f64.powi(exp as i32)
        })
        .sum()
}

/// Ruby's `String#to_f` of `digits[.digits]` with underscores.
fn ruby_to_f(s: &str) -> f64 {
    let cleaned: String = s.chars().filter(|c| *c != '_').collect();
    let end = cleaned
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || ((c == '-' || c == '+') && i == 0)))
        .map_or(cleaned.len(), |(i, _)| i);
    cleaned[..end].trim_end_matches('.').parse().unwrap_or(0.0)
}

/// The float text Psych hands to `Float()`: without `,` and `_`, and
/// without a `.` that is followed by the exponent or ends the text.
fn float_cleaned(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        match c {
            ',' | '_' => {}
            '.' if matches!(chars.get(i + 1), None | Some('e' | 'E')) => {}
            _ => out.push(c),
        }
    }
    out
}

/// Ruby's `Float(text)` for the texts that reach it here.
fn ruby_float(text: &str) -> Result<f64, Refused> {
    let digits = text.trim_start_matches(['-', '+']);
    let valid = !digits.is_empty()
        && !digits.starts_with(['e', 'E'])
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || "eE.+-".contains(c));
    match text.parse::<f64>() {
        Ok(f) if valid => Ok(f),
        _ => Err(Refused(format!("invalid value for Float(): {text:?}"))),
    }
}

/// Ruby's `Integer(text)`: decimal, `0b` binary, `0x` hex, leading-zero octal.
fn ruby_integer(text: &str) -> Result<Scalar, Refused> {
    let (neg, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (radix, digits) = if let Some(d) = body.strip_prefix("0b") {
        (2, d)
    } else if let Some(d) = body.strip_prefix("0x") {
        (16, d)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    if digits.is_empty() {
        return Err(Refused(format!("invalid value for Integer(): {text:?}")));
    }
    match i128::from_str_radix(digits, radix) {
        Ok(n) => {
            let n = if neg { -n } else { n };
            Ok(i64::try_from(n).map_or(Scalar::BigInt, Scalar::Int))
        }
        Err(_) if digits.chars().all(|c| c.is_digit(radix)) => Ok(Scalar::BigInt),
        Err(_) => Err(Refused(format!("invalid value for Integer(): {text:?}"))),
    }
}

/// The value of a scalar written with `style` and the (resolved) `tag`.
pub fn resolve(text: &str, style: Style, tag: Option<&str>) -> Result<Scalar, Refused> {
    let Some(tag) = tag else {
        return match style {
            Style::Quoted => Ok(Scalar::Str(text.to_string())),
            Style::Plain => tokenize(text),
        };
    };
    match tag {
        "!binary" | "tag:yaml.org,2002:binary" => Ok(Scalar::Str(decode_base64(text))),
        "tag:yaml.org,2002:str" | "!str" | "!ruby/string" => Ok(Scalar::Str(text.to_string())),
        "tag:yaml.org,2002:float" | "!float" => match tokenize(text)? {
            Scalar::Int(i) => Ok(Scalar::Float(i as f64)),
            Scalar::Float(f) => Ok(Scalar::Float(f)),
            Scalar::Str(s) => ruby_float(s.trim()).map(Scalar::Float),
            _ => Err(Refused(format!("can't convert {text:?} into Float"))),
        },
        _ => {
            if let Some(class) = tag
                .strip_prefix("!str:")
                .or_else(|| tag.strip_prefix("!ruby/string:"))
            {
                return match class {
                    "" | "String" => Ok(Scalar::Str(text.to_string())),
                    other => Err(Refused::class(other)),
                };
            }
            if tag.starts_with("!ruby/sym") {
                return Ok(Scalar::Symbol(text.to_string()));
            }
            if let Some(class) = ruby_scalar_class(tag, text) {
                return Err(Refused::class(&class));
            }
            tokenize(text)
        }
    }
}

/// The Ruby class a `!ruby/...` scalar tag asks the loader for.
fn ruby_scalar_class(tag: &str, text: &str) -> Option<String> {
    Some(match tag {
        "!ruby/object:BigDecimal" => "BigDecimal".into(),
        "!ruby/object:DateTime" => "DateTime".into(),
        "!ruby/object:Complex" => "Complex".into(),
        "!ruby/object:Rational" => "Rational".into(),
        "!ruby/regexp" => "Regexp".into(),
        "!ruby/range" => "Range".into(),
        "!ruby/encoding" => "Encoding".into(),
        "!ruby/class" | "!ruby/module" => text.to_string(),
        _ => return None,
    })
}

/// Ruby's `unpack('m')`: base64, characters outside the alphabet skipped.
fn decode_base64(text: &str) -> String {
    use base64::Engine;
    let clean: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '+' || *c == '/')
        .collect();
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    let mut clean = clean;
    if clean.len() % 4 == 1 {
        clean.pop();
    }
    let bytes = engine.decode(clean.as_bytes()).unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The class a tagged sequence asks for, when the loader refuses it.
pub fn sequence_tag_refused(tag: &str) -> Option<Refused> {
    if tag == "!omap" || tag == "tag:yaml.org,2002:omap" {
        return Some(Refused::class("Psych::Omap"));
    }
    let class = tag
        .strip_prefix("!seq:")
        .or_else(|| tag.strip_prefix("!ruby/array:"))?;
    (class != "Array").then(|| Refused::class(class))
}

/// The class a tagged mapping asks for, when the loader refuses it.
pub fn mapping_tag_refused(tag: &str) -> Option<Refused> {
    if let Some(rest) = tag.strip_prefix("!ruby/object") {
        let name = rest.strip_prefix(':').unwrap_or(rest);
        let name = if name.is_empty() { "Object" } else { name };
        return (name != "Hash").then(|| Refused::class(name));
    }
    if let Some(rest) = tag.strip_prefix("!ruby/struct") {
        let name = rest.strip_prefix(':').unwrap_or(rest);
        return Some(Refused::class(if name.is_empty() {
            "Struct"
        } else {
            name
        }));
    }
    for prefix in ["!map:", "!ruby/hash:"] {
        if let Some(class) = tag.strip_prefix(prefix) {
            return (class != "Hash").then(|| Refused::class(class));
        }
    }
    let refused = match tag {
        "!set" | "tag:yaml.org,2002:set" => "Psych::Set",
        "!omap" | "tag:yaml.org,2002:omap" => "Psych::Omap",
        "!ruby/range" => "Range",
        _ if tag.starts_with("!ruby/exception") => "Exception",
        _ if tag.starts_with("!ruby/array:")
            || tag.starts_with("!ruby/marshalable:")
            || tag.starts_with("!ruby/hash-with-ivars")
            || tag.starts_with("!str")
            || tag.starts_with("!ruby/string") =>
        {
            tag.rsplit(':').next().unwrap_or(tag)
        }
        _ => return None,
    };
    Some(Refused::class(refused))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Scalar {
        tokenize(s).unwrap()
    }

    #[test]
    fn yaml_1_1_words_are_booleans_and_nulls() {
        assert_eq!(t("yes"), Scalar::Bool(true));
        assert_eq!(t("Off"), Scalar::Bool(false));
        assert_eq!(t("ON"), Scalar::Bool(true));
        assert_eq!(t("~"), Scalar::Null);
        assert_eq!(t("nULL"), Scalar::Null);
        assert_eq!(t(""), Scalar::Null);
        assert_eq!(t("y"), Scalar::Str("y".into()));
        assert_eq!(t("yesno"), Scalar::Str("yesno".into()));
    }

    #[test]
    fn numbers_follow_psych() {
        assert_eq!(t("017"), Scalar::Int(15));
        assert_eq!(t("08"), Scalar::Str("08".into()));
        assert_eq!(t("0b101"), Scalar::Int(5));
        assert_eq!(t("0x1F"), Scalar::Int(31));
        assert_eq!(t("1,000"), Scalar::Int(1000));
        assert_eq!(t("1:30"), Scalar::Int(5400));
        assert_eq!(t("-1:30"), Scalar::Int(-1800));
        assert_eq!(t("1:30:10"), Scalar::Int(5410));
        assert_eq!(t("1:30.5"), Scalar::Float(5430.0));
        assert_eq!(t("1."), Scalar::Float(1.0));
        assert_eq!(t(".5"), Scalar::Float(0.5));
        assert_eq!(t("1e3"), Scalar::Str("1e3".into()));
        assert_eq!(t("1.0e+3"), Scalar::Float(1000.0));
        assert_eq!(t("12345678901234567890"), Scalar::BigInt);
        assert_eq!(t("."), Scalar::Str(".".into()));
        assert!(tokenize("0x_").is_err());
    }

    #[test]
    fn dates_and_times_are_refused() {
        assert_eq!(
            tokenize("2024-01-15").unwrap_err().0,
            "Tried to load unspecified class: Date"
        );
        assert_eq!(
            tokenize("2024-01-15 10:00:00").unwrap_err().0,
            "Tried to load unspecified class: Time"
        );
    }

    #[test]
    fn symbols_and_tags() {
        assert_eq!(t(":foo"), Scalar::Symbol("foo".into()));
        assert_eq!(t(":\"a b\""), Scalar::Symbol("a b".into()));
        let r = |s, tag| resolve(s, Style::Plain, Some(tag)).unwrap();
        assert_eq!(r("12", "tag:yaml.org,2002:int"), Scalar::Int(12));
        assert_eq!(r("3", "tag:yaml.org,2002:float"), Scalar::Float(3.0));
        assert_eq!(r("12", "tag:yaml.org,2002:str"), Scalar::Str("12".into()));
        assert_eq!(r("bar", "!foo"), Scalar::Str("bar".into()));
        assert_eq!(r("aGk=", "!binary"), Scalar::Str("hi".into()));
        assert!(resolve("x", Style::Plain, Some("!ruby/regexp")).is_err());
        assert_eq!(
            resolve("yes", Style::Quoted, None).unwrap(),
            Scalar::Str("yes".into())
        );
    }
}
