//! `Timespan.new` and `Timestamp.new`.

use super::{count_error, get, hash_args, param, reject};
use crate::error::Result;
use crate::values::timespan::Timespan;
use crate::values::timestamp::Timestamp;
use crate::values::Value;

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

/// The non-empty `string` entry of a Hash argument, or the rejection naming
/// what was wrong with it.
fn hash_string<'a>(entries: &[(&str, &'a Value)], f: &str, sigs: &str) -> Result<&'a str> {
    match get(entries, "string") {
        Some(Value::String(s)) if !s.is_empty() => Ok(s),
        Some(v) => Err(reject(f, sigs, param("string", "a String[1] value", v))),
        None => Err(reject(
            f,
            sigs,
            "parameter 'hash_arg' expects a value for key 'string'",
        )),
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
                let s = hash_string(&e, f, TIMESPAN_SIGS)?;
                timespan_from_string(s, get(&e, "format"))
            } else {
                let mut keys = vec!["negative"];
                keys.extend(Timespan::FIELD_NAMES);
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
                for (i, k) in Timespan::FIELD_NAMES.iter().enumerate() {
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
            let mut n = [0i64; 7];
            for (i, v) in args.iter().enumerate() {
                n[i] = int(Timespan::FIELD_NAMES[i], v)?;
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
            let s = hash_string(&e, f, TIMESTAMP_SIGS)?;
            timestamp_from_string(s, get(&e, "format"), get(&e, "timezone"))
        }
        [v, ..] if args.len() <= 3 => Err(reject(
            f,
            TIMESTAMP_SIGS,
            param("string", "a String[1] value", v),
        )),
        _ => Err(count_error(f, 0, 3, args.len())),
    }
}
