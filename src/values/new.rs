//! The `.new` constructors of the rich values, taking the Puppet arguments as
//! given (`SemVer('1.2.3')`, `Timespan(4, 0, 0, 2)`, `Binary({value => ...})`).
//!
//! Each function picks the signature the arguments fit (positional or one
//! Hash of named arguments) and builds the value; arguments that fit no
//! signature, or that a signature rejects, give an Argument error naming the
//! signature tried and what was wrong.

use super::binary::Binary;
use super::deferred::Deferred;
use super::semver::{is_qualifier, SemVer};
use super::semver_range::SemVerRange;
use super::timespan::Timespan;
use super::timestamp::Timestamp;
use super::uri::Uri;
use super::{Value, ValueMap};
use crate::error::{Error, Result};
use std::sync::Arc;

/// A short name for the kind of a value, for messages.
pub fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Undef => "Undef",
        Value::Default => "Default",
        Value::Boolean(_) => "Boolean",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Regexp(_) => "Regexp",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Type(_) => "Type",
        Value::SemVer(_) => "SemVer",
        Value::SemVerRange(_) => "SemVerRange",
        Value::Timespan(_) => "Timespan",
        Value::Timestamp(_) => "Timestamp",
        Value::Binary(_) => "Binary",
        Value::Uri(_) => "URI",
        Value::Sensitive(_) => "Sensitive",
        Value::Deferred(_) => "Deferred",
        Value::Runtime(_) => "Runtime",
    }
}

fn reject(func: &str, sigs: &str, why: impl std::fmt::Display) -> Error {
    Error::argument(format!(
        "The function '{func}' was called with arguments it does not accept. It expects one of: {sigs}; rejected: {why}"
    ))
}

fn count_error(func: &str, min: usize, max: usize, got: usize) -> Error {
    if min == 0 {
        Error::argument(format!(
            "'{func}' expects at most {max} arguments, got {got}"
        ))
    } else if min == max {
        let s = if min == 1 { "" } else { "s" };
        Error::argument(format!("'{func}' expects {min} argument{s}, got {got}"))
    } else {
        Error::argument(format!(
            "'{func}' expects between {min} and {max} arguments, got {got}"
        ))
    }
}

fn param(name: &str, expected: &str, got: &Value) -> String {
    let shown = match got {
        Value::String(s) => format!("'{s}'"),
        Value::Integer(i) => format!("Integer[{i}, {i}]"),
        v => kind_name(v).to_string(),
    };
    format!("parameter '{name}' expects {expected}, got {shown}")
}

/// A Hash argument's entries, checking that only `allowed` keys are present.
fn hash_args<'a>(
    h: &'a ValueMap,
    allowed: &[&str],
    func: &str,
    sigs: &str,
) -> Result<Vec<(&'a str, &'a Value)>> {
    let mut out = Vec::new();
    for (k, v) in h.iter() {
        match k.as_str() {
            Some(k) if allowed.contains(&k) => out.push((k, v)),
            _ => {
                let key = match k {
                    Value::String(s) => format!("'{s}'"),
                    v => kind_name(v).to_string(),
                };
                return Err(reject(
                    func,
                    sigs,
                    format!("parameter 'hash_args' unrecognized key {key}"),
                ));
            }
        }
    }
    Ok(out)
}

fn get<'a>(entries: &[(&str, &'a Value)], key: &str) -> Option<&'a Value> {
    entries
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| *v)
        .filter(|v| !v.is_undef())
}

const SEMVER_SIGS: &str = "(SemVerPattern str) | (PositiveInteger major, PositiveInteger minor, PositiveInteger patch, SemVerQualifier prerelease?, SemVerQualifier build?) | (SemVerHash hash_args)";

fn positive(func: &str, sigs: &str, name: &str, v: &Value) -> Result<u64> {
    match v {
        Value::Integer(i) if *i >= 0 => Ok(*i as u64),
        _ => Err(reject(
            func,
            sigs,
            param(name, "a PositiveInteger = Integer[0] value", v),
        )),
    }
}

/// Stands for an explicit `undef` positional qualifier, which the signature rejects.
static BAD_UNDEF: Value = Value::Default;

fn qualifier<'a>(
    func: &str,
    sigs: &str,
    name: &str,
    v: Option<&'a Value>,
) -> Result<Option<&'a str>> {
    match v {
        None | Some(Value::Undef) => Ok(None),
        Some(Value::String(s)) if is_qualifier(s) => Ok(Some(s)),
        Some(v) => Err(reject(func, sigs, param(name, "a match for SemVerQualifier = Pattern[/\\A(?<part>[0-9A-Za-z-]+)(?:\\.\\g<part>)*\\Z/]", v))),
    }
}

/// `SemVer.new(str)`, `SemVer.new(major, minor, patch, prerelease?, build?)`, `SemVer.new(hash)`.
pub fn new_semver(args: &[Value]) -> Result<SemVer> {
    let f = "new_Version";
    match args {
        [Value::String(s)] => SemVer::parse(s),
        [Value::Hash(h)] => {
            let e = hash_args(
                h,
                &["major", "minor", "patch", "prerelease", "build"],
                f,
                SEMVER_SIGS,
            )?;
            let need = |k: &str| {
                get(&e, k).ok_or_else(|| {
                    reject(
                        f,
                        SEMVER_SIGS,
                        format!("parameter 'hash_args' expects a value for key '{k}'"),
                    )
                })
            };
            let (a, b, c) = (need("major")?, need("minor")?, need("patch")?);
            SemVer::from_parts(
                positive(f, SEMVER_SIGS, "major", a)?,
                positive(f, SEMVER_SIGS, "minor", b)?,
                positive(f, SEMVER_SIGS, "patch", c)?,
                qualifier(f, SEMVER_SIGS, "prerelease", get(&e, "prerelease"))?,
                qualifier(f, SEMVER_SIGS, "build", get(&e, "build"))?,
            )
        }
        [a, b, c, rest @ ..] if rest.len() <= 2 => SemVer::from_parts(
            positive(f, SEMVER_SIGS, "major", a)?,
            positive(f, SEMVER_SIGS, "minor", b)?,
            positive(f, SEMVER_SIGS, "patch", c)?,
            qualifier(
                f,
                SEMVER_SIGS,
                "prerelease",
                rest.first()
                    .filter(|v| !v.is_undef())
                    .or(rest.first().map(|_| &BAD_UNDEF)),
            )?,
            qualifier(
                f,
                SEMVER_SIGS,
                "build",
                rest.get(1)
                    .filter(|v| !v.is_undef())
                    .or(rest.get(1).map(|_| &BAD_UNDEF)),
            )?,
        ),
        [v] => Err(reject(f, SEMVER_SIGS, param("str", "a String value", v))),
        _ => Err(count_error(f, 1, 5, args.len())),
    }
}

const RANGE_SIGS: &str = "(SemVerRangeString = String[1] str) | (Variant[Default, SemVer] min, Variant[Default, SemVer] max, Boolean exclude_max?) | (SemVerRangeHash hash_args)";

fn range_end(name: &str, v: &Value) -> Result<Option<SemVer>> {
    match v {
        Value::Default => Ok(None),
        Value::SemVer(s) => Ok(Some((**s).clone())),
        v => Err(reject(
            "new_VersionRange",
            RANGE_SIGS,
            param(name, "a value of type Default or SemVer", v),
        )),
    }
}

/// `SemVerRange.new(str)`, `SemVerRange.new(min, max, exclude_max?)`, `SemVerRange.new(hash)`.
pub fn new_semver_range(args: &[Value]) -> Result<SemVerRange> {
    let f = "new_VersionRange";
    match args {
        [Value::String(s)] if !s.is_empty() => SemVerRange::parse(s),
        [Value::Hash(h)] => {
            let e = hash_args(h, &["min", "max", "exclude_max"], f, RANGE_SIGS)?;
            let min = get(&e, "min").ok_or_else(|| {
                reject(
                    f,
                    RANGE_SIGS,
                    "parameter 'hash_args' expects a value for key 'min'",
                )
            })?;
            let max = get(&e, "max").unwrap_or(&Value::Default);
            let excl = match get(&e, "exclude_max") {
                None => false,
                Some(Value::Boolean(b)) => *b,
                Some(v) => {
                    return Err(reject(
                        f,
                        RANGE_SIGS,
                        param("exclude_max", "a Boolean value", v),
                    ))
                }
            };
            Ok(SemVerRange::from_versions(
                range_end("min", min)?,
                range_end("max", max)?,
                excl,
            ))
        }
        [a, b] => Ok(SemVerRange::from_versions(
            range_end("min", a)?,
            range_end("max", b)?,
            false,
        )),
        [a, b, c] => {
            let excl = match c {
                Value::Boolean(x) => *x,
                v => {
                    return Err(reject(
                        f,
                        RANGE_SIGS,
                        param("exclude_max", "a Boolean value", v),
                    ))
                }
            };
            Ok(SemVerRange::from_versions(
                range_end("min", a)?,
                range_end("max", b)?,
                excl,
            ))
        }
        [v] => Err(reject(
            f,
            RANGE_SIGS,
            param("str", "a SemVerRangeString = String[1] value", v),
        )),
        _ => Err(count_error(f, 1, 3, args.len())),
    }
}

/// Formats given as `Variant[String[2], Array[String[2], 1]]`.
fn formats(func: &str, sigs: &str, v: &Value) -> Result<(Vec<String>, bool)> {
    let bad = || {
        reject(
            func,
            sigs,
            param(
                "format",
                "a value of type String[2] or Array[String[2], 1]",
                v,
            ),
        )
    };
    match v {
        Value::String(s) if s.chars().count() >= 2 => Ok((vec![s.to_string()], true)),
        Value::Array(a) if !a.is_empty() => {
            let mut out = Vec::new();
            for x in a.iter() {
                match x {
                    Value::String(s) if s.chars().count() >= 2 => out.push(s.to_string()),
                    _ => return Err(bad()),
                }
            }
            Ok((out, false))
        }
        _ => Err(bad()),
    }
}

const TIMESPAN_SIGS: &str = "(Variant[Integer, Float] seconds) | (String[1] string, Formats format?) | (Integer days, Integer hours, Integer minutes, Integer seconds, Integer milliseconds?, Integer microseconds?, Integer nanoseconds?) | (Struct[{string, format?}] hash_arg) | (Struct[{negative?, days?, hours?, minutes?, seconds?, milliseconds?, microseconds?, nanoseconds?}] hash_arg)";

fn timespan_from_string(s: &str, fmt: Option<&Value>) -> Result<Timespan> {
    match fmt {
        None | Some(Value::Undef) => Timespan::parse_default(s),
        Some(v) => {
            let (list, single) = formats("new_timespan", TIMESPAN_SIGS, v)?;
            let refs: Vec<&str> = list.iter().map(String::as_str).collect();
            if single {
                Timespan::parse(s, refs[0])
            } else {
                Timespan::parse_any(s, &refs)
            }
        }
    }
}

/// Every `Timespan.new` signature: seconds, string and format(s), fields, Hash forms.
pub fn new_timespan(args: &[Value]) -> Result<Timespan> {
    let f = "new_timespan";
    let int = |name: &str, v: &Value| match v {
        Value::Integer(i) => Ok(*i),
        v => Err(reject(f, TIMESPAN_SIGS, param(name, "an Integer value", v))),
    };
    match args {
        [Value::Integer(i)] => Ok(Timespan::from_seconds(*i)),
        [Value::Float(x)] => Timespan::from_float_seconds(*x),
        [Value::String(s)] | [Value::String(s), _] if !s.is_empty() => {
            timespan_from_string(s, args.get(1))
        }
        [Value::Hash(h)] => {
            if h.contains_key(&Value::from("string")) {
                let e = hash_args(h, &["string", "format"], f, TIMESPAN_SIGS)?;
                match get(&e, "string") {
                    Some(Value::String(s)) if !s.is_empty() => {
                        timespan_from_string(s, get(&e, "format"))
                    }
                    Some(v) => Err(reject(
                        f,
                        TIMESPAN_SIGS,
                        param("string", "a String[1] value", v),
                    )),
                    None => Err(reject(
                        f,
                        TIMESPAN_SIGS,
                        "parameter 'hash_arg' expects a value for key 'string'",
                    )),
                }
            } else {
                let keys = [
                    "negative",
                    "days",
                    "hours",
                    "minutes",
                    "seconds",
                    "milliseconds",
                    "microseconds",
                    "nanoseconds",
                ];
                let e = hash_args(h, &keys, f, TIMESPAN_SIGS)?;
                let negative = match get(&e, "negative") {
                    None => false,
                    Some(Value::Boolean(b)) => *b,
                    Some(v) => {
                        return Err(reject(
                            f,
                            TIMESPAN_SIGS,
                            param("negative", "a Boolean value", v),
                        ))
                    }
                };
                let mut n = [0i64; 7];
                for (i, k) in keys[1..].iter().enumerate() {
                    if let Some(v) = get(&e, k) {
                        n[i] = int(k, v)?;
                    }
                }
                Ok(Timespan::from_fields(
                    negative, n[0], n[1], n[2], n[3], n[4], n[5], n[6],
                ))
            }
        }
        [_, _, _, _, ..] if args.len() <= 7 => {
            let names = [
                "days",
                "hours",
                "minutes",
                "seconds",
                "milliseconds",
                "microseconds",
                "nanoseconds",
            ];
            let mut n = [0i64; 7];
            for (i, v) in args.iter().enumerate() {
                n[i] = int(names[i], v)?;
            }
            Ok(Timespan::from_fields(
                false, n[0], n[1], n[2], n[3], n[4], n[5], n[6],
            ))
        }
        [v] | [v, _] => Err(reject(
            f,
            TIMESPAN_SIGS,
            param("seconds", "a value of type Integer or Float", v),
        )),
        _ => Err(count_error(f, 1, 7, args.len())),
    }
}

const TIMESTAMP_SIGS: &str = "() | (Variant[Integer, Float] seconds) | (String[1] string, Formats format?, String[1] timezone?) | (Struct[{string, format?, timezone?}] hash_arg)";

fn timestamp_from_string(s: &str, fmt: Option<&Value>, tz: Option<&Value>) -> Result<Timestamp> {
    let f = "new_timestamp";
    let tz = match tz {
        None | Some(Value::Undef) => None,
        Some(Value::String(t)) if !t.is_empty() => Some(t.as_ref()),
        Some(v) => {
            return Err(reject(
                f,
                TIMESTAMP_SIGS,
                param("timezone", "a String[1] value", v),
            ))
        }
    };
    match fmt {
        None | Some(Value::Undef) => Timestamp::parse(s, None, false, tz),
        Some(v) => {
            let (list, single) = formats(f, TIMESTAMP_SIGS, v)?;
            let refs: Vec<&str> = list.iter().map(String::as_str).collect();
            Timestamp::parse(s, Some(&refs), single, tz)
        }
    }
}

/// Every `Timestamp.new` signature: now, seconds, string with format(s) and time zone, Hash.
pub fn new_timestamp(args: &[Value]) -> Result<Timestamp> {
    let f = "new_timestamp";
    match args {
        [] => Ok(Timestamp::now()),
        [Value::Integer(i)] => Ok(Timestamp::from_seconds(*i)),
        [Value::Float(x)] => Timestamp::from_float_seconds(*x),
        [Value::String(s), ..] if !s.is_empty() && args.len() <= 3 => {
            timestamp_from_string(s, args.get(1), args.get(2))
        }
        [Value::Hash(h)] => {
            let e = hash_args(h, &["string", "format", "timezone"], f, TIMESTAMP_SIGS)?;
            match get(&e, "string") {
                Some(Value::String(s)) if !s.is_empty() => {
                    timestamp_from_string(s, get(&e, "format"), get(&e, "timezone"))
                }
                Some(v) => Err(reject(
                    f,
                    TIMESTAMP_SIGS,
                    param("string", "a String[1] value", v),
                )),
                None => Err(reject(
                    f,
                    TIMESTAMP_SIGS,
                    "parameter 'hash_arg' expects a value for key 'string'",
                )),
            }
        }
        [v, ..] if args.len() <= 3 => Err(reject(
            f,
            TIMESTAMP_SIGS,
            param("string", "a String[1] value", v),
        )),
        _ => Err(count_error(f, 0, 3, args.len())),
    }
}

const BINARY_SIGS: &str = "(String str, Base64Format = Enum['%B', '%b', '%r', '%s', '%u'] format?) | (Array[ByteInteger] byte_array) | (BinaryArgsHash hash_args)";

fn binary_format(v: Option<&Value>) -> Result<Option<&str>> {
    match v {
        None | Some(Value::Undef) => Ok(None),
        Some(Value::String(s)) if super::binary::FORMATS.contains(&s.as_ref()) => Ok(Some(s)),
        Some(v) => Err(reject(
            "new_Binary",
            BINARY_SIGS,
            param(
                "format",
                "a match for Base64Format = Enum['%B', '%b', '%r', '%s', '%u']",
                v,
            ),
        )),
    }
}

fn binary_array(a: &[Value]) -> Result<Binary> {
    let mut ints = Vec::with_capacity(a.len());
    for (i, v) in a.iter().enumerate() {
        match v {
            Value::Integer(n) => ints.push(*n),
            v => {
                return Err(reject("new_Binary", BINARY_SIGS, format!("parameter 'byte_array' index {i} expects a ByteInteger = Integer[0, 255] value, got {}", kind_name(v))))
            }
        }
    }
    Binary::from_array(&ints)
}

/// `Binary.new(str, format?)`, `Binary.new(byte_array)`, `Binary.new({value => ..., format => ...})`.
pub fn new_binary(args: &[Value]) -> Result<Binary> {
    let f = "new_Binary";
    match args {
        [Value::String(s)] | [Value::String(s), _] => {
            Binary::from_string(s, binary_format(args.get(1))?)
        }
        [Value::Array(a)] => binary_array(a),
        [Value::Hash(h)] => {
            let e = hash_args(h, &["value", "format"], f, BINARY_SIGS)?;
            match get(&e, "value") {
                Some(Value::String(s)) => Binary::from_string(s, binary_format(get(&e, "format"))?),
                Some(Value::Array(a)) if get(&e, "format").is_none() => binary_array(a),
                Some(v) => Err(reject(
                    f,
                    BINARY_SIGS,
                    param("value", "a value of type String or Array", v),
                )),
                None => Err(reject(
                    f,
                    BINARY_SIGS,
                    "parameter 'hash_args' expects a value for key 'value'",
                )),
            }
        }
        [v] | [v, _] => Err(reject(f, BINARY_SIGS, param("str", "a String value", v))),
        _ => Err(count_error(f, 1, 2, args.len())),
    }
}

const URI_SIGS: &str = "(String[1] uri) | (Struct[{scheme?, userinfo?, host?, port?, path?, query?, fragment?, opaque?}] hash)";

/// `URI.new(string)` or `URI.new({scheme => ..., host => ..., ...})`.
pub fn new_uri(args: &[Value]) -> Result<Uri> {
    let f = "new_URI";
    match args {
        [Value::String(s)] if !s.is_empty() => Uri::parse(s),
        [Value::Hash(h)] => {
            let keys = [
                "scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque",
            ];
            let e = hash_args(h, &keys, f, URI_SIGS)?;
            let text = |k: &str| -> Result<Option<&str>> {
                match get(&e, k) {
                    None => Ok(None),
                    Some(Value::String(s)) if !s.is_empty() => Ok(Some(s)),
                    Some(v) => Err(reject(f, URI_SIGS, param(k, "a String[1] value", v))),
                }
            };
            let port = match get(&e, "port") {
                None => None,
                Some(Value::Integer(p)) if *p >= 0 => Some(*p),
                Some(v) => {
                    return Err(reject(f, URI_SIGS, param("port", "an Integer[0] value", v)))
                }
            };
            Uri::build(
                text("scheme")?,
                text("userinfo")?,
                text("host")?,
                port,
                text("path")?,
                text("query")?,
                text("fragment")?,
                text("opaque")?,
            )
        }
        [v] => Err(reject(f, URI_SIGS, param("uri", "a String[1] value", v))),
        _ => Err(count_error(f, 1, 1, args.len())),
    }
}

/// True for a function name a Deferred accepts: `[$]?[a-z][a-z0-9_]*(::[a-z][a-z0-9_]*)*`.
pub fn is_deferred_name(s: &str) -> bool {
    let s = s.strip_prefix('$').unwrap_or(s);
    !s.is_empty()
        && s.split("::").all(|seg| {
            let b = seg.as_bytes();
            b.first().is_some_and(u8::is_ascii_lowercase)
                && b.iter()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'_')
        })
}

const DEFERRED_SIGS: &str = "(Struct[{'name' => Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], 'arguments' => Optional[Array]}] hash) | (Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/] name, Array arguments?)";

fn deferred_parts(name: &Value, arguments: Option<&Value>) -> Result<Deferred> {
    let f = "new_Deferred";
    let name = match name {
        Value::String(s) if is_deferred_name(s) => s.clone(),
        v => {
            return Err(reject(
                f,
                DEFERRED_SIGS,
                param(
                    "name",
                    "a match for Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/]",
                    v,
                ),
            ))
        }
    };
    let arguments = match arguments {
        None | Some(Value::Undef) => None,
        Some(Value::Array(a)) => Some(a.clone()),
        Some(v) => {
            return Err(reject(
                f,
                DEFERRED_SIGS,
                param("arguments", "a value of type Undef or Array", v),
            ))
        }
    };
    Ok(Deferred { name, arguments })
}

/// `Deferred.new(name, arguments?)` or `Deferred.new({name => ..., arguments => ...})`.
pub fn new_deferred(args: &[Value]) -> Result<Deferred> {
    match args {
        [Value::Hash(h)] => {
            let e = hash_args(h, &["name", "arguments"], "new_Deferred", DEFERRED_SIGS)?;
            let name = get(&e, "name").ok_or_else(|| {
                reject(
                    "new_Deferred",
                    DEFERRED_SIGS,
                    "parameter 'hash' expects a value for key 'name'",
                )
            })?;
            deferred_parts(name, get(&e, "arguments"))
        }
        [n] => deferred_parts(n, None),
        [n, a] => deferred_parts(n, Some(a)),
        _ => Err(count_error("new_Deferred", 1, 2, args.len())),
    }
}

/// `Sensitive.new(value)`: the value wrapped.
pub fn new_sensitive(args: &[Value]) -> Result<Value> {
    match args {
        [v] => Ok(Value::Sensitive(Arc::new(v.clone()))),
        _ => Err(count_error("new_Sensitive", 1, 1, args.len())),
    }
}

/// Construct the rich value named `type_name` (`SemVer`, `SemVerRange`,
/// `Timespan`, `Timestamp`, `Binary`, `URI`, `Deferred`, `Sensitive`) from `args`.
pub fn new_value(type_name: &str, args: &[Value]) -> Result<Value> {
    Ok(match type_name {
        "SemVer" => Value::SemVer(Arc::new(new_semver(args)?)),
        "SemVerRange" => Value::SemVerRange(Arc::new(new_semver_range(args)?)),
        "Timespan" => Value::Timespan(new_timespan(args)?),
        "Timestamp" => Value::Timestamp(new_timestamp(args)?),
        "Binary" => Value::Binary(new_binary(args)?),
        "URI" => Value::Uri(Arc::new(new_uri(args)?)),
        "Deferred" => Value::Deferred(Arc::new(new_deferred(args)?)),
        "Sensitive" => new_sensitive(args)?,
        other => {
            return Err(Error::argument(format!(
                "no rich value type named '{other}'"
            )))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Value {
        Value::from(x)
    }

    #[test]
    fn seed000_semver_new_forms() {
        assert_eq!(new_semver(&[s("1.2.3")]).unwrap().to_string(), "1.2.3");
        let v = new_semver(&[1.into(), 2.into(), 3.into(), s("rc4"), s("5")]).unwrap();
        assert_eq!(v.to_string(), "1.2.3-rc4+5");
        let mut h = ValueMap::new();
        for (k, x) in [("major", 1i64), ("minor", 2), ("patch", 3)] {
            h.insert(s(k), x.into());
        }
        h.insert(s("prerelease"), s("rc4"));
        h.insert(s("build"), s("5"));
        assert_eq!(new_semver(&[Value::hash(h)]).unwrap(), v);
        assert!(new_semver(&[(-1).into(), 2.into(), 3.into()])
            .unwrap_err()
            .message
            .contains("PositiveInteger"));
        assert_eq!(
            new_semver(&[1.into(), 2.into()]).unwrap_err().message,
            "'new_Version' expects between 1 and 5 arguments, got 2"
        );
    }

    #[test]
    fn seed001_timespan_new_forms() {
        let mut h = ValueMap::new();
        h.insert(s("days"), 4.into());
        assert_eq!(
            new_timespan(&[Value::hash(h)]).unwrap().to_string(),
            "4-00:00:00.0"
        );
        assert_eq!(
            new_timespan(&[13.5.into()]).unwrap().to_string(),
            "0-00:00:13.5"
        );
        let t = new_timespan(&[s("10:03.5"), s("%M:%S.%L")]).unwrap();
        assert_eq!(t.to_string(), "0-00:10:03.5");
    }

    #[test]
    fn seed001_binary_and_deferred_new() {
        assert_eq!(&*new_binary(&[s("YWJj")]).unwrap().bytes, b"abc");
        let d = new_deferred(&[
            s("some_function"),
            Value::array(vec![s("argument1"), 42.into()]),
        ])
        .unwrap();
        assert_eq!(&*d.name, "some_function");
        assert!(new_deferred(&[1.into()]).is_err());
        let mut h = ValueMap::new();
        h.insert(s("scheme"), s("http"));
        h.insert(s("host"), s("www.example.com"));
        h.insert(s("path"), s("/a/b"));
        assert_eq!(
            new_uri(&[Value::hash(h)]).unwrap().to_string(),
            "http://www.example.com/a/b"
        );
    }
}
