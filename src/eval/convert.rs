//! Conversions: truthiness, the string-to-number conversion arithmetic
//! applies, and the conversions the type constructors `Integer(...)`,
//! `Float(...)`, `Numeric(...)`, `Boolean(...)`, `Array(...)` and `Hash(...)` make.

use super::substring::{text_number, Number};
use super::text::interpolate;
use crate::error::{Error, Result};
use crate::types::calc::infer_generic;
use crate::values::{Value, ValueMap};

/// Puppet truthiness: only `undef` and `false` are false.
pub fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Undef | Value::Boolean(false))
}

/// A number as arithmetic makes one: numbers as they are, strings holding
/// a number converted as arithmetic reads them (decimal, `0x` hex, `0`
/// octal, float; blanks around, a leading `::`), anything else (an
/// integer beyond 64 bits included) an error.
pub fn to_number(v: &Value) -> Result<Value> {
    match v {
        Value::Integer(_) | Value::Float(_) => Ok(v.clone()),
        Value::String(s) => match text_number(s) {
            Number::Integer(i) => i64::try_from(i)
                .map(Value::Integer)
                .map_err(|_| not_numeric(v)),
            Number::Float(f) => Ok(Value::Float(f)),
            Number::Wide { .. } | Number::None => Err(not_numeric(v)),
        },
        _ => Err(not_numeric(v)),
    }
}

/// The most digits a String's integer may have for its warning to give
/// it in decimal (the conversion is quadratic); a longer one is named as
/// written.
pub(crate) const MAX_CONVERTED_DIGITS: usize = 20_000;

/// `s` read as a number as arithmetic and array indexes read it
/// ([`text_number`]); when it is one, the reference's warning that it was
/// coerced is added to `coerced`.
pub(crate) fn coerced_number(s: &str, coerced: &mut Vec<String>) -> Number {
    let n = text_number(s);
    let after = match &n {
        Number::Integer(v) => v.to_string(),
        Number::Wide {
            negative,
            radix,
            digits,
        } => wide_text(*negative, *radix, digits),
        Number::Float(f) => super::functions::ruby_float(*f),
        Number::None => return n,
    };
    coerced.push(format!(
        "The string '{s}' was automatically coerced to the numerical value {after}"
    ));
    n
}

/// The decimal text of an integer given by its sign and digits in `radix`
/// (as written when it has more than [`MAX_CONVERTED_DIGITS`] digits).
fn wide_text(negative: bool, radix: u32, digits: &str) -> String {
    let sign = if negative { "-" } else { "" };
    let decimal = (radix != 10 && digits.len() <= MAX_CONVERTED_DIGITS)
        .then(|| num_bigint::BigUint::parse_bytes(digits.as_bytes(), radix))
        .flatten();
    match decimal {
        Some(v) => format!("{sign}{v}"),
        None => {
            let prefix = match radix {
                16 => "0x",
                8 => "0",
                _ => "",
            };
            format!("{sign}{prefix}{digits}")
        }
    }
}

/// The reference's error about `v`, which is not a number.
pub(crate) fn not_numeric(v: &Value) -> Error {
    Error::evaluation(format!(
        "The value '{}' cannot be converted to Numeric.",
        interpolate(v)
    ))
}

/// Parse `s` as a number: optional sign, then hex (`0x`), binary (`0b`, only
/// when `binary`), octal (leading `0`), decimal, or a float.
pub(crate) fn parse_number(s: &str, binary: bool) -> Option<Value> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let int = |digits: &str, radix: u32| -> Option<Value> {
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        let m = i128::from_str_radix(digits, radix).ok()?;
        let v = if neg { -m } else { m };
        i64::try_from(v).ok().map(Value::Integer)
    };
    let lower = body.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        return int(hex, 16);
    }
    if let Some(bin) = lower.strip_prefix("0b") {
        return if binary { int(bin, 2) } else { None };
    }
    if body.len() > 1 && body.starts_with('0') && body.bytes().all(|b| b.is_ascii_digit()) {
        return int(&body[1..], 8);
    }
    if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) {
        return int(body, 10);
    }
    if is_float_text(body) {
        let f: f64 = body.parse().ok()?;
        return Some(Value::Float(if neg { -f } else { f }));
    }
    None
}

/// `digits [. digits] [e [sign] digits]` with a fraction or exponent.
fn is_float_text(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > start
    };
    if !digits(&mut i) {
        return false;
    }
    let mut special = false;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
        special = true;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
        special = true;
    }
    special && i == b.len()
}

fn type_desc(v: &Value) -> String {
    if v.is_undef() {
        "Undef".to_string()
    } else {
        infer_generic(v).to_string()
    }
}

fn cannot(func: &str, v: &Value, target: &str) -> Error {
    match v {
        Value::String(s) => Error::evaluation(format!(
            "'{func}' The string '{s}' cannot be converted to {target}"
        )),
        _ => Error::evaluation(format!(
            "'{func}' Value of type {} cannot be converted to {target}",
            type_desc(v)
        )),
    }
}

/// `Integer.new(value, radix)` (radix `None` or `default` detects the prefix).
pub(crate) fn new_integer(args: &[Value]) -> Result<Value> {
    let (from, radix) = match args {
        [Value::Hash(h)] => (
            h.get(&Value::from("from")).cloned().unwrap_or(Value::Undef),
            h.get(&Value::from("radix")).cloned(),
        ),
        [v] => (v.clone(), None),
        [v, r] | [v, r, _] => (v.clone(), Some(r.clone())),
        _ => {
            return Err(Error::evaluation(format!(
                "'new' expects between 1 and 3 arguments, got {}",
                if args.is_empty() {
                    "none".to_string()
                } else {
                    args.len().to_string()
                }
            )))
        }
    };
    let abs = matches!(args.get(2), Some(Value::Boolean(true)))
        || matches!(&args[0], Value::Hash(h) if h.get(&Value::from("abs")) == Some(&Value::Boolean(true)));
    let v = integer_from(&from, radix)?;
    Ok(match (abs, v) {
        (true, Value::Integer(i)) => Value::Integer(
            i.checked_abs()
                .ok_or_else(|| invalid_integer(&i.to_string()))?,
        ),
        (_, v) => v,
    })
}

/// The seconds of a time value, floored (Ruby's `to_i`).
fn time_seconds(v: &Value) -> Option<i64> {
    let nanos = match v {
        Value::Timespan(t) => t.nanos,
        Value::Timestamp(t) => t.nanos,
        _ => return None,
    };
    i64::try_from(nanos.div_euclid(1_000_000_000)).ok()
}

/// The seconds of a time value as a Float.
fn time_float(v: &Value) -> Option<f64> {
    match v {
        Value::Timespan(t) => Some(t.to_f()),
        Value::Timestamp(t) => Some(t.to_f()),
        _ => None,
    }
}

fn integer_from(from: &Value, radix: Option<Value>) -> Result<Value> {
    if let Some(s) = time_seconds(from) {
        return Ok(Value::Integer(s));
    }
    match from {
        Value::Integer(_) => Ok(from.clone()),
        Value::Float(f) => Ok(Value::Integer(f.trunc() as i64)),
        Value::Boolean(b) => Ok(Value::Integer(*b as i64)),
        Value::String(s) => {
            let radix = match radix {
                None | Some(Value::Default) | Some(Value::Undef) => None,
                Some(Value::Integer(r @ (2 | 8 | 10 | 16))) => Some(r as u32),
                Some(r) => {
                    return Err(Error::evaluation(format!(
                    "'new' parameter 'radix' expects a value of type Default or Integer, got {}",
                    type_desc(&r)
                )))
                }
            };
            let Some((neg, body)) = integer_text(s) else {
                return Err(cannot("new", from, "Integer"));
            };
            let lower = body.to_ascii_lowercase();
            let (detected, digits) = if let Some(h) = lower.strip_prefix("0x") {
                (16, h)
            } else if let Some(b) = lower.strip_prefix("0b") {
                (2, b)
            } else if lower.len() > 1 && lower.starts_with('0') {
                (8, &lower[1..])
            } else {
                (10, lower.as_str())
            };
            let r = match radix {
                None => detected,
                Some(r) if detected == 16 || detected == 2 => {
                    if r != detected {
                        return Err(invalid_integer(s));
                    }
                    r
                }
                Some(r) => r,
            };
            let digits = if r == 8 || (r != detected && detected == 8) {
                &lower
            } else {
                digits
            };
            if !digits.chars().all(|c| c.is_digit(r)) {
                return Err(invalid_integer(s));
            }
            let m = i128::from_str_radix(digits, r).map_err(|_| invalid_integer(s))?;
            i64::try_from(if neg { -m } else { m })
                .map(Value::Integer)
                .map_err(|_| invalid_integer(s))
        }
        _ => Err(cannot("new", from, "Integer")),
    }
}

/// The reference's `Ruby Integer()` complaint about `s`.
fn invalid_integer(s: &str) -> Error {
    Error::evaluation(format!("invalid value for Integer(): \"{s}\""))
}

/// Split a constructor's integer text into sign and body: an optional sign,
/// optional whitespace, then a `0x` hex, `0b` binary or decimal digit run; no
/// trailing whitespace.
fn integer_text(s: &str) -> Option<(bool, &str)> {
    let (neg, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let body = rest.trim_start();
    let lower = body.to_ascii_lowercase();
    let ok = if let Some(h) = lower.strip_prefix("0x") {
        !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit())
    } else if let Some(b) = lower.strip_prefix("0b") {
        !b.is_empty() && b.bytes().all(|b| b == b'0' || b == b'1')
    } else {
        !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit())
    };
    ok.then_some((neg, body))
}

/// The text of a Float or Numeric constructor argument: leading whitespace is
/// allowed, trailing is not.
fn constructor_text(s: &str) -> Option<&str> {
    if s.ends_with(char::is_whitespace) {
        None
    } else {
        Some(s.trim_start())
    }
}

/// `Float.new(value)`.
pub(crate) fn new_float(args: &[Value]) -> Result<Value> {
    let (from, abs) = from_and_abs("new_float", args)?;
    let v = float_from(from)?;
    Ok(match (abs, v) {
        (true, Value::Float(f)) => Value::Float(f.abs()),
        (_, v) => v,
    })
}

/// The value to convert and the `abs` flag of a Float or Numeric constructor.
fn from_and_abs<'a>(func: &str, args: &'a [Value]) -> Result<(&'a Value, bool)> {
    match args {
        [Value::Hash(h)] if h.contains_key(&Value::from("from")) => Ok((
            h.get(&Value::from("from")).unwrap_or(&crate::values::UNDEF),
            h.get(&Value::from("abs")) == Some(&Value::Boolean(true)),
        )),
        [v] => Ok((v, false)),
        [v, Value::Boolean(b)] => Ok((v, *b)),
        _ => Err(Error::evaluation(format!(
            "'{func}' expects between 1 and 2 arguments, got {}",
            args.len()
        ))),
    }
}

fn float_from(from: &Value) -> Result<Value> {
    if let Some(f) = time_float(from) {
        return Ok(Value::Float(f));
    }
    match from {
        Value::Integer(i) => Ok(Value::Float(*i as f64)),
        Value::Float(_) => Ok(from.clone()),
        Value::Boolean(b) => Ok(Value::Float(if *b { 1.0 } else { 0.0 })),
        Value::String(s) => {
            let Some(t) = constructor_text(s) else {
                return Err(cannot("new_float", from, "Float"));
            };
            let octal_like = t.trim_start_matches(['-', '+']).starts_with('0')
                && !t.to_ascii_lowercase().contains(['x', 'b', '.', 'e']);
            let n = if octal_like {
                t.parse::<i64>().ok().map(Value::Integer)
            } else {
                parse_number(t, true)
            };
            match n {
                Some(Value::Integer(i)) => Ok(Value::Float(i as f64)),
                Some(f @ Value::Float(_)) => Ok(f),
                _ => Err(cannot("new_float", from, "Float")),
            }
        }
        _ => Err(cannot("new_float", from, "Float")),
    }
}

/// `Numeric.new(value)`.
pub(crate) fn new_numeric(args: &[Value]) -> Result<Value> {
    let (from, abs) = from_and_abs("new_numeric", args)?;
    if let Some(f) = time_float(from) {
        return Ok(Value::Float(if abs { f.abs() } else { f }));
    }
    let v = match from {
        Value::Integer(_) | Value::Float(_) => Ok(from.clone()),
        Value::Boolean(b) => Ok(Value::Integer(*b as i64)),
        Value::String(s) => constructor_text(s)
            .and_then(|t| parse_number(t, true))
            .ok_or_else(|| cannot("new_numeric", from, "Numeric")),
        _ => Err(cannot("new_numeric", from, "Numeric")),
    }?;
    Ok(match (abs, v) {
        (true, Value::Integer(i)) => Value::Integer(i.saturating_abs()),
        (true, Value::Float(f)) => Value::Float(f.abs()),
        (_, v) => v,
    })
}

/// `Boolean.new(value)`.
pub(crate) fn new_boolean(args: &[Value]) -> Result<Value> {
    let from = one_arg("new_boolean", args)?;
    match from {
        Value::Boolean(_) => Ok(from.clone()),
        Value::Integer(i) => Ok(Value::Boolean(*i != 0)),
        Value::Float(f) => Ok(Value::Boolean(*f != 0.0)),
        Value::String(s) => match s.to_lowercase().as_str() {
            "true" | "yes" | "y" => Ok(Value::Boolean(true)),
            "false" | "no" | "n" => Ok(Value::Boolean(false)),
            _ => Err(cannot("new_boolean", from, "Boolean")),
        },
        _ => Err(cannot("new_boolean", from, "Boolean")),
    }
}

/// `Array.new(value, wrap)`.
pub(crate) fn new_array(args: &[Value], limit: usize) -> Result<Value> {
    let (from, wrap) = match args {
        [v] => (v, false),
        [v, w] => (v, super::truthy(w)),
        _ => {
            return Err(Error::evaluation(format!(
                "'new_array' expects between 1 and 2 arguments, got {}",
                args.len()
            )))
        }
    };
    if wrap {
        return Ok(match from {
            Value::Array(_) => from.clone(),
            _ => Value::array(vec![from.clone()]),
        });
    }
    if let Value::Binary(b) = from {
        return Ok(Value::array(
            b.bytes
                .iter()
                .map(|x| Value::Integer(i64::from(*x)))
                .collect(),
        ));
    }
    if !values_known(from) {
        return Err(cannot("new_array", from, "Array"));
    }
    match super::iterate(from, limit) {
        Some(items) => items.map(Value::array),
        None => Err(cannot("new_array", from, "Array")),
    }
}

/// False for a type whose values cannot be listed (`String`, `Integer`):
/// the new functions of Array and Hash cannot convert it.
fn values_known(v: &Value) -> bool {
    match v {
        Value::Type(t) => crate::types::calc::type_value_iterable(t),
        _ => true,
    }
}

/// `Hash.new(value)`: from a hash, a flat array of keys and values, or an array of pairs.
pub(crate) fn new_hash(args: &[Value]) -> Result<Value> {
    let from = one_arg("new_hash", args)?;
    match from {
        Value::Hash(_) => Ok(from.clone()),
        Value::Array(a) => array_to_hash(a).map(Value::hash),
        other => match super::iterate(other, super::MAX_ITERATIONS).filter(|_| values_known(other))
        {
            Some(items) => array_to_hash(&items?).map(Value::hash),
            None => Err(Error::evaluation(format!(
                "Value of type {} cannot be converted to Hash",
                type_desc(other)
            ))),
        },
    }
}

/// An array as a hash: all pairs, or a flat list of keys and values.
pub(crate) fn array_to_hash(a: &[Value]) -> Result<ValueMap> {
    let mut out = ValueMap::new();
    let pairs = !a.is_empty()
        && a.iter()
            .all(|x| matches!(x, Value::Array(p) if p.len() == 2));
    if pairs {
        for x in a {
            if let Value::Array(p) = x {
                out.insert(p[0].clone(), p[1].clone());
            }
        }
        return Ok(out);
    }
    if a.len() % 2 != 0 {
        return Err(Error::evaluation("odd number of arguments for Hash"));
    }
    for kv in a.chunks(2) {
        out.insert(kv[0].clone(), kv[1].clone());
    }
    Ok(out)
}

fn one_arg<'a>(func: &str, args: &'a [Value]) -> Result<&'a Value> {
    match args {
        [v] => Ok(v),
        _ => Err(Error::evaluation(format!(
            "'{func}' expects 1 argument, got {}",
            args.len()
        ))),
    }
}

/// `String.new(value, format)`.
pub(crate) fn new_string(args: &[Value]) -> Result<Value> {
    use crate::format::{string, Format};
    let (v, fmt) = match args {
        [v] => (v, Format::Default),
        [v, Value::String(f)] => (v, Format::Text(f.to_string())),
        [v, Value::Default] => (v, Format::Default),
        [v, Value::Hash(h)] => (
            v,
            Format::Map(crate::format::FormatMap::from_value(h).map_err(|e| {
                Error::evaluation(format!(
                    "'new_string' parameter 'string_formats' {}",
                    e.message
                ))
            })?),
        ),
        [_, other] => {
            return Err(Error::evaluation(format!(
                "'new_string' parameter 'string_formats' expects a String or Hash value, got {}",
                crate::types::calc::infer_generic(other)
            )))
        }
        _ => {
            return Err(Error::evaluation(format!(
                "'new_string' expects between 1 and 2 arguments, got {}",
                args.len()
            )))
        }
    };
    string(v, &fmt)
        .map(Value::string)
        .map_err(|e| Error::evaluation(e.into_message()))
}

#[cfg(test)]
mod tests {
    use super::wide_text;

    #[test]
    fn wide_integers_are_given_in_decimal() {
        assert_eq!(
            wide_text(false, 16, &"f".repeat(51)),
            "25711008708143844408671393477458601640355247900524685364822015"
        );
        assert_eq!(wide_text(true, 8, "1000"), "-512");
        assert_eq!(wide_text(false, 10, "123"), "123");
    }
}
