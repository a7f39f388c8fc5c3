//! Substrings: `'text'[index]`, `'text'[start, count]` and the same on a
//! Binary (over its bytes, giving a Binary).
//!
//! The keys are flattened first (`'abc'[[1], [2]]` is `'abc'[1, 2]`); one
//! or two must remain. Each is an Integer, or a String holding one (after
//! an optional leading `::`: decimal, `0` octal or `0x` hex, with a sign,
//! blanks around the sign and number allowed). Anything else, a String
//! holding a float included, is refused with its generalized type's name,
//! at the key's expression: the flattened key's position in the list of
//! key expressions (no position when the flattening made more keys than
//! there are expressions).
//!
//! Indexes are computed without a 64-bit limit (a String may hold any
//! integer); an index or count that does not fit 64 bits when the slice is
//! taken is the reference's error about its Ruby `long`.

use super::ops::a_an;
use crate::error::{Error, Result};
use crate::syntax::span::Span;
use crate::types::calc::infer_generic;
use crate::values::{Binary, Value};

/// A key made a number: an integer (wider than 64 bits when a String said
/// so), a float, or no number at all.
enum Number {
    Integer(i128),
    Float,
    None,
}

/// `target[keys]` for a String or Binary `target`; `spans` are the key
/// expressions' places and `left` the indexed expression's (errors
/// without a place are left so).
pub(crate) fn substring(
    target: &Value,
    keys: &[Value],
    spans: &[Span],
    left: Option<Span>,
) -> Result<Value> {
    let place = |e: Error| match left {
        Some(s) => e.with_span(s),
        None => e,
    };
    let mut flat = Vec::with_capacity(keys.len());
    flatten(keys, &mut flat);
    if flat.is_empty() || flat.len() > 2 {
        return Err(place(Error::evaluation(format!(
            "String supports [] with one or two arguments. Got {}",
            flat.len()
        ))));
    }
    let mut numbers = Vec::with_capacity(2);
    for k in &flat {
        numbers.push(to_number(k));
    }
    let mut ints = [0i128; 2];
    for (i, (n, k)) in numbers.iter().zip(&flat).enumerate() {
        match n {
            Number::Integer(v) => ints[i] = *v,
            _ => {
                let name = match (n, k) {
                    (Number::Float, _) => "Float".to_string(),
                    (_, Value::Undef) => "Undef".to_string(),
                    (_, Value::Default) => "Default".to_string(),
                    (_, k) => infer_generic(k).to_string(),
                };
                let e = Error::evaluation(format!(
                    "A substring operation does not accept {} as a character index. Expected an Integer",
                    a_an(&name, false)
                ));
                return Err(match spans.get(i) {
                    Some(s) => e.with_span(*s),
                    None => e,
                });
            }
        }
    }
    match target {
        Value::Binary(b) => {
            let range = slice(b.bytes.len(), &ints[..flat.len()]).map_err(place)?;
            Ok(Value::Binary(Binary::new(b.bytes[range].to_vec())))
        }
        Value::String(s) => {
            let chars: Vec<char> = s.chars().collect();
            let range = slice(chars.len(), &ints[..flat.len()]).map_err(place)?;
            Ok(Value::string(chars[range].iter().collect::<String>()))
        }
        _ => unreachable!("substring of a String or Binary"),
    }
}

fn flatten(keys: &[Value], out: &mut Vec<Value>) {
    for k in keys {
        match k {
            Value::Array(a) => flatten(a, out),
            other => out.push(other.clone()),
        }
    }
}

/// The items `keys` (one index, or a start and a count) select out of
/// `len`; an index or count beyond 64 bits is an error.
fn slice(len: usize, keys: &[i128]) -> Result<std::ops::Range<usize>> {
    let len_i = len as i128;
    let (start, count) = match *keys {
        [k] => {
            let k = if k < 0 { len_i + k } else { k };
            if k < 0 {
                return Ok(0..0);
            }
            (k, 1)
        }
        [mut k1, mut k2] => {
            if k1 < 0 {
                k1 += len_i;
            }
            if k2 < 0 {
                k2 = len_i - k1 + k2 + 1;
            }
            if k1 < 0 {
                k2 += k1;
                k1 = 0;
            }
            (k1, k2)
        }
        _ => unreachable!("one or two keys"),
    };
    if i64::try_from(start).is_err() || i64::try_from(count).is_err() {
        return Err(Error::evaluation(
            "Error while evaluating a '[]' expression, bignum too big to convert into `long'",
        ));
    }
    if start > len_i || count < 0 {
        return Ok(0..0);
    }
    let end = start.saturating_add(count).min(len_i);
    Ok(start as usize..end as usize)
}

/// A key as a number: numbers as they are, a String holding a number read
/// as described in the module documentation.
fn to_number(v: &Value) -> Number {
    match v {
        Value::Integer(i) => Number::Integer(*i as i128),
        Value::Float(_) => Number::Float,
        Value::String(s) => string_number(s.strip_prefix("::").unwrap_or(s)),
        _ => Number::None,
    }
}

/// Space separators and tab (a regular expression's `[[:blank:]]`).
fn blank(c: char) -> bool {
    matches!(
        c,
        '\t' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

fn string_number(s: &str) -> Number {
    let s = s.trim_start_matches(blank).trim_end_matches(blank);
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let body = body.trim_start_matches(blank);
    let signed = |v: Option<i128>| match v {
        Some(v) => Number::Integer(if negative { -v } else { v }),
        // (wider than 128 bits: beyond any slice)
        None if body
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b'x' || b == b'X') =>
        {
            Number::Integer(if negative { i128::MIN + 1 } else { i128::MAX })
        }
        None => Number::None,
    };
    let b = body.as_bytes();
    if b.len() > 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        let hex = &body[2..];
        if !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
            return Number::None;
        }
        return signed(i128::from_str_radix(hex, 16).ok());
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return Number::None;
    }
    let (int, rest) = body.split_at(digits);
    if rest.is_empty() {
        return integer(int).map_or(Number::None, signed);
    }
    if !is_fraction(rest) {
        return Number::None;
    }
    // the integer part must be a valid integer (no 8 or 9 after a leading 0)
    let Some(whole) = integer(int) else {
        return Number::None;
    };
    let zero_mantissa = whole == Some(0) && {
        let r = rest.strip_prefix('.').unwrap_or(rest);
        r.trim_start_matches('0').starts_with(['e', 'E'])
    };
    if zero_mantissa {
        return Number::None;
    }
    match body.parse::<f64>() {
        Ok(f) if f.is_finite() => Number::Float,
        _ => Number::None,
    }
}

/// Decimal digits as an integer, octal after a leading `0`: `None` when
/// not valid, `Some(None)` when wider than 128 bits.
fn integer(digits: &str) -> Option<Option<i128>> {
    if digits.len() > 1 && digits.starts_with('0') {
        let octal = digits.trim_start_matches('0');
        if !octal.bytes().all(|c| (b'0'..=b'7').contains(&c)) {
            return None;
        }
        return Some(if octal.is_empty() {
            Some(0)
        } else {
            i128::from_str_radix(octal, 8).ok()
        });
    }
    Some(digits.parse::<i128>().ok())
}

/// `[.digits][e[-]digits]`, not empty.
fn is_fraction(s: &str) -> bool {
    let mut rest = s;
    if let Some(r) = rest.strip_prefix('.') {
        let n = r.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &r[n..];
    }
    if let Some(r) = rest.strip_prefix(['e', 'E']) {
        let r = r.strip_prefix('-').unwrap_or(r);
        let n = r.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 || n != r.len() {
            return false;
        }
        rest = "";
    }
    rest.is_empty()
}
