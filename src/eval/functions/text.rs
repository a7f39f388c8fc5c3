//! Text-producing functions of the 3.x library: `sprintf` (Ruby's `format`),
//! `shellquote`, the digests `md5`, `sha1`, `sha256`, and `versioncmp`.

use super::Args;
use crate::error::{Error, Result};
use crate::eval::flow::EResult;
use crate::eval::interp::Interp;
use crate::eval::text::interpolate;
use crate::format::float::write_float;
use crate::format::integer::{write_int, IntArg};
use crate::format::string::write_field;
use crate::format::Spec;
use crate::values::Value;
use std::cmp::Ordering;

/// The text a 3.x function sees for an argument (`undef` is empty).
fn arg_text(v: &Value) -> String {
    interpolate(v)
}

/// Ruby's `Integer(v)` for `%d` and friends.
fn int_arg(v: &Value) -> Result<IntArg> {
    match v {
        Value::Integer(i) => Ok(IntArg::Small(*i)),
        Value::Float(f) => crate::format::float::float_to_int(f.trunc()),
        Value::Boolean(_) | Value::Undef => Err(Error::evaluation(format!(
            "can't convert {} into Integer",
            if v.is_undef() { "nil" } else { "true" }
        ))),
        Value::String(s) => match crate::eval::convert::parse_number(s.trim(), true) {
            Some(Value::Integer(i)) => Ok(IntArg::Small(i)),
            _ => Err(Error::evaluation(format!(
                "invalid value for Integer(): \"{s}\""
            ))),
        },
        other => Err(Error::evaluation(format!(
            "can't convert {} into Integer",
            crate::eval::ops::ruby_class(other)
        ))),
    }
}

/// Ruby's `Float(v)` for `%f` and friends.
fn float_arg(v: &Value) -> Result<f64> {
    match v {
        Value::Integer(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        Value::String(s) => match crate::eval::convert::parse_number(s.trim(), true) {
            Some(Value::Integer(i)) => Ok(i as f64),
            Some(Value::Float(f)) => Ok(f),
            _ => Err(Error::evaluation(format!(
                "invalid value for Float(): \"{s}\""
            ))),
        },
        other => Err(Error::evaluation(format!(
            "can't convert {} into Float",
            crate::eval::ops::ruby_class(other)
        ))),
    }
}

/// Ruby's `format(fmt, args...)`.
pub(crate) fn ruby_format(fmt: &str, args: &[Value]) -> Result<String> {
    let mut out = String::new();
    let mut next = 0usize;
    let take = |next: &mut usize| -> Result<Value> {
        let v = args
            .get(*next)
            .cloned()
            .ok_or_else(|| Error::evaluation("too few arguments"))?;
        *next += 1;
        Ok(v)
    };
    let b = fmt.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c != b'%' {
            let start = i;
            while i < b.len() && b[i] != b'%' {
                i += 1;
            }
            out.push_str(&fmt[start..i]);
            continue;
        }
        i += 1;
        if i >= b.len() {
            return Err(Error::evaluation(
                "incomplete format specifier; use %% (double %) instead",
            ));
        }
        if b[i] == b'%' {
            out.push('%');
            i += 1;
            continue;
        }
        // flags, width (or *), precision, an optional <name> or {name}, the letter
        let mut flags = String::new();
        while i < b.len() && b" #+-0".contains(&b[i]) {
            if !flags.contains(b[i] as char) {
                flags.push(b[i] as char);
            }
            i += 1;
        }
        let mut named: Option<Value> = None;
        if i < b.len() && (b[i] == b'<' || b[i] == b'{') {
            let close = if b[i] == b'<' { b'>' } else { b'}' };
            let braces = b[i] == b'{';
            let end = fmt[i + 1..]
                .find(close as char)
                .map(|e| i + 1 + e)
                .ok_or_else(|| Error::evaluation("malformed name - unmatched parenthesis"))?;
            let name = &fmt[i + 1..end];
            let Some(Value::Hash(h)) = args.first() else {
                return Err(Error::evaluation("one hash required"));
            };
            let v = h
                .get(&Value::from(name))
                .cloned()
                .ok_or_else(|| Error::evaluation(format!("key<{name}> not found")))?;
            i = end + 1;
            if braces {
                out.push_str(&arg_text(&v));
                continue;
            }
            named = Some(v);
        }
        let mut width = String::new();
        if i < b.len() && b[i] == b'*' {
            let w = take(&mut next)?;
            let Value::Integer(n) = w else {
                return Err(Error::evaluation("width must be an Integer"));
            };
            if n < 0 && !flags.contains('-') {
                flags.push('-');
            }
            width = n.unsigned_abs().to_string();
            i += 1;
        } else {
            while i < b.len() && b[i].is_ascii_digit() {
                width.push(b[i] as char);
                i += 1;
            }
        }
        let mut prec = String::new();
        if i < b.len() && b[i] == b'.' {
            prec.push('.');
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                prec.push(b[i] as char);
                i += 1;
            }
            if prec == "." {
                prec.push('0');
            }
        }
        let Some(&letter) = b.get(i) else {
            return Err(Error::evaluation(
                "incomplete format specifier; use %% (double %) instead",
            ));
        };
        i += 1;
        let v = match named.take() {
            Some(v) => v,
            None => take(&mut next)?,
        };
        let width = width.trim_start_matches('0').to_string();
        let letter_for_spec = match letter {
            b'i' | b'u' => b'd',
            l => l,
        };
        let spec = Spec::parse(&format!("%{flags}{width}{prec}{}", letter_for_spec as char))
            .map_err(|_| {
                Error::evaluation(format!("malformed format string - %{}", letter as char))
            })?;
        match letter {
            b'd' | b'i' | b'u' | b'x' | b'X' | b'o' | b'b' | b'B' => {
                write_int(&mut out, &spec, letter_for_spec, int_arg(&v)?)
            }
            b'f' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                write_float(&mut out, &spec, letter, float_arg(&v)?)
            }
            b's' | b'p' => {
                let text = if letter == b'p' {
                    crate::format::string(&v, &crate::format::Format::Text("%p".into()))?
                } else {
                    arg_text(&v)
                };
                write_field(&mut out, &text, spec.left, spec.width, spec.prec)
            }
            b'c' => {
                let text = match &v {
                    Value::Integer(n) => char::from_u32(*n as u32)
                        .map(String::from)
                        .ok_or_else(|| Error::evaluation(format!("{n} out of char range")))?,
                    Value::String(s) => s.chars().next().map(String::from).unwrap_or_default(),
                    _ => return Err(Error::evaluation("%c requires a character")),
                };
                write_field(&mut out, &text, spec.left, spec.width, None)
            }
            other => {
                return Err(Error::evaluation(format!(
                    "malformed format string - %{}",
                    other as char
                )))
            }
        }
    }
    Ok(out)
}

pub(super) fn sprintf(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    let fmt = string_arg(a.get(0))?.to_string();
    Ok(Value::string(ruby_format(&fmt, &a.values[1..])?))
}

/// `shellquote(args...)`: each word quoted for a Bourne shell, joined by spaces.
pub(super) fn shellquote(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    fn words(v: &Value, out: &mut Vec<String>) -> crate::error::Result<()> {
        match v {
            Value::Array(xs) => xs.iter().try_for_each(|x| words(x, out)),
            other => match string_arg(other) {
                Ok(s) => {
                    out.push(s.into_owned());
                    Ok(())
                }
                Err(_) => Err(Error::evaluation(format!(
                    "shellquote(): expects String words, got {}",
                    crate::eval::ops::type_label(other)
                ))),
            },
        }
    }
    let mut all = Vec::new();
    a.values.iter().try_for_each(|v| words(v, &mut all))?;
    let safe = |c: char| c.is_ascii_alphanumeric() || "@%_+=:,./-".contains(c);
    let dangerous = |c: char| "!\"`$\\".contains(c);
    let quoted: Vec<String> = all
        .into_iter()
        .map(|w| {
            if !w.is_empty() && w.chars().all(safe) {
                w
            } else if !w.chars().any(dangerous) {
                format!("\"{w}\"")
            } else if !w.contains('\'') {
                format!("'{w}'")
            } else {
                let mut r = String::from("\"");
                for c in w.chars() {
                    if dangerous(c) {
                        r.push('\\');
                    }
                    r.push(c);
                }
                r.push('"');
                r
            }
        })
        .collect();
    Ok(Value::string(quoted.join(" ")))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The String a 3.x function needs: a String, or what the reference gives
/// 3.x functions as a String (`undef` as `''`, a regexp, version or time
/// value as its text); anything else is Ruby's "no implicit conversion".
fn string_arg(v: &Value) -> crate::error::Result<std::borrow::Cow<'_, str>> {
    match v {
        Value::String(s) => Ok(std::borrow::Cow::Borrowed(s)),
        Value::Undef
        | Value::Regexp(_)
        | Value::Binary(_)
        | Value::Timespan(_)
        | Value::Timestamp(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_) => Ok(std::borrow::Cow::Owned(interpolate(v))),
        other => Err(Error::evaluation(format!(
            "no implicit conversion of {} into String",
            crate::eval::ops::ruby_conversion_name(other)
        ))),
    }
}

pub(super) fn md5(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    use md5::Digest;
    Ok(Value::string(hex(&md5::Md5::digest(
        string_arg(a.get(0))?.as_bytes(),
    ))))
}

pub(super) fn sha1(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    use sha1::Digest;
    Ok(Value::string(hex(&sha1::Sha1::digest(
        string_arg(a.get(0))?.as_bytes(),
    ))))
}

pub(super) fn sha256(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    use sha2::Digest;
    Ok(Value::string(hex(&sha2::Sha256::digest(
        string_arg(a.get(0))?.as_bytes(),
    ))))
}

/// The tokens `versioncmp` compares: separators (`-`, `.`), digit runs, other runs.
fn version_tokens(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i] == b'-' || b[i] == b'.' {
            i += 1;
        } else if b[i].is_ascii_digit() {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        } else {
            while i < b.len() && !(b[i] == b'-' || b[i] == b'.' || b[i].is_ascii_digit()) {
                i += 1;
            }
            // keep whole characters
            while !s.is_char_boundary(i) {
                i += 1;
            }
        }
        out.push(&s[start..i]);
    }
    out
}

/// A version without trailing `.0`s in its first dash-separated part.
fn drop_trailing_zeroes(v: &str) -> String {
    let mut parts: Vec<String> = v.split('-').map(String::from).collect();
    if let Some(first) = parts.first_mut() {
        let trimmed = first.trim_end_matches(['.', '0']).len();
        first.truncate(trimmed);
    }
    parts.join("-")
}

/// Puppet's `versioncmp(a, b)`: -1, 0 or 1.
pub(crate) fn versioncmp_str(a: &str, b: &str, ignore_trailing_zeroes: bool) -> i64 {
    let (a, b) = if ignore_trailing_zeroes {
        (drop_trailing_zeroes(a), drop_trailing_zeroes(b))
    } else {
        (a.to_string(), b.to_string())
    };
    let sign = |o: Ordering| match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    };
    for (x, y) in version_tokens(&a).into_iter().zip(version_tokens(&b)) {
        if x == y {
            continue;
        }
        if x == "-" {
            return -1;
        }
        if y == "-" {
            return 1;
        }
        if x == "." {
            return -1;
        }
        if y == "." {
            return 1;
        }
        let digits = |t: &str| t.bytes().all(|c| c.is_ascii_digit());
        if digits(x) && digits(y) && !x.starts_with('0') && !y.starts_with('0') {
            let (p, q) = (
                x.parse::<u128>().unwrap_or(u128::MAX),
                y.parse::<u128>().unwrap_or(u128::MAX),
            );
            if x.len() != y.len() {
                return sign(x.len().cmp(&y.len()));
            }
            return sign(p.cmp(&q));
        }
        return sign(x.to_uppercase().cmp(&y.to_uppercase()));
    }
    sign(a.cmp(&b))
}

pub(super) fn versioncmp(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    let ignore = matches!(a.get(2), Value::Boolean(true));
    Ok(Value::Integer(versioncmp_str(
        a.get(0).as_str().unwrap_or(""),
        a.get(1).as_str().unwrap_or(""),
        ignore,
    )))
}
