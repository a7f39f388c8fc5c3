//! The `.new` constructors of the rich values, taking the Puppet arguments as
//! given (`SemVer('1.2.3')`, `Timespan(4, 0, 0, 2)`, `Binary({value => ...})`).
//!
//! Each function picks the signature the arguments fit (positional or one
//! Hash of named arguments) and builds the value; arguments that fit no
//! signature, or that a signature rejects, give an Argument error naming the
//! signature tried and what was wrong.

mod data;
mod time;
mod version;

pub use data::{is_deferred_name, new_binary, new_deferred, new_uri};
pub use time::{new_timespan, new_timestamp};
pub use version::{new_semver, new_semver_range};

use super::{Value, ValueMap};
use crate::error::{Error, Result};
use std::sync::Arc;

/// A short name for the kind of a value, for messages (`Integer`, `URI`).
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

pub(super) fn reject(func: &str, sigs: &str, why: impl std::fmt::Display) -> Error {
    Error::argument(format!(
        "The function '{func}' was called with arguments it does not accept. It expects one of: {sigs}; rejected: {why}"
    ))
}

pub(super) fn count_error(func: &str, min: usize, max: usize, got: usize) -> Error {
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

pub(super) fn param(name: &str, expected: &str, got: &Value) -> String {
    let shown = match got {
        Value::String(s) => format!("'{s}'"),
        Value::Integer(i) => format!("Integer[{i}, {i}]"),
        v => kind_name(v).to_string(),
    };
    format!("parameter '{name}' expects {expected}, got {shown}")
}

/// A Hash argument's entries, checking that only `allowed` keys are present.
pub(super) fn hash_args<'a>(
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

pub(super) fn get<'a>(entries: &[(&str, &'a Value)], key: &str) -> Option<&'a Value> {
    entries
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| *v)
        .filter(|v| !v.is_undef())
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
    fn semver_new_forms() {
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
    fn timespan_new_forms() {
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
    fn binary_and_deferred_new() {
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
