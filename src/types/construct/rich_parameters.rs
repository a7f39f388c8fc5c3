//! Parameters of the types over rich values: `SemVer[ranges...]`,
//! `Timespan[from, to]`, `Timestamp[from, to]` and `URI[string or hash]`.
//! Strings are parsed with the rich values' own parsers.

use crate::error::Error;
use crate::types::construct::parameters::{value_desc, CreateError};
use crate::types::factory as tf;
use crate::types::model::Type;
use crate::values::new::kind_name;
use crate::values::{SemVerRange, Timespan, Timestamp, Uri, Value, ValueMap};
use std::sync::OnceLock;

type CResult<T> = std::result::Result<T, CreateError>;

fn err(msg: impl Into<String>) -> CreateError {
    CreateError::Other(Error::type_error(msg))
}

/// `SemVer[r...]` from range strings or SemVerRange values.
pub fn sem_ver(params: &[Value]) -> CResult<Type> {
    let mut ranges: Vec<SemVerRange> = Vec::with_capacity(params.len());
    for p in params {
        match p {
            Value::SemVerRange(r) => ranges.push((**r).clone()),
            Value::String(s) => ranges.push(parse_range(s)?),
            v => {
                return Err(err(format!(
                    "SemVer parameters must be version range Strings or SemVerRange values, got {}",
                    kind_name(v)
                )))
            }
        }
    }
    Ok(tf::sem_ver(SemVerRange::merge_all_for_type(ranges)))
}

fn parse_range(s: &str) -> CResult<SemVerRange> {
    SemVerRange::parse(s).map_err(|e| err(e.into_message()))
}

const NANOS: i128 = 1_000_000_000;

fn seconds_to_nanos(v: &Value) -> Option<i128> {
    match v {
        Value::Integer(i) => Some(*i as i128 * NANOS),
        Value::Float(x) if x.is_finite() => Some((x * NANOS as f64).round() as i128),
        _ => None,
    }
}

fn timespan_param(v: &Value) -> CResult<Option<Timespan>> {
    if let Value::Default = v {
        return Ok(None);
    }
    if let Value::Timespan(t) = v {
        return Ok(Some(*t));
    }
    if let Value::String(s) = v {
        return Timespan::parse_default(s)
            .map(Some)
            .map_err(|e| err(e.into_message()));
    }
    if let Value::Hash(m) = v {
        return timespan_from_hash(m).map(Some);
    }
    match seconds_to_nanos(v) {
        Some(nanos) => Ok(Some(Timespan { nanos })),
        None => Err(err(format!(
            "Unable to create a Timespan from a {}",
            value_desc(v)
        ))),
    }
}

/// A Timespan from a Hash as the reference reads one: its `string` (and
/// `format`) when it has one, else its fields (Integers or Floats; a missing
/// or undef field is 0, `negative` is true unless false or undef), ignoring
/// keys that name no field.
fn timespan_from_hash(m: &ValueMap) -> CResult<Timespan> {
    if m.get(&Value::string("string")).is_some() {
        return crate::values::new::new_timespan(&[Value::Hash(std::sync::Arc::new(m.clone()))])
            .map_err(CreateError::Other);
    }
    let mut f = [0i64; 7];
    let mut x = [0f64; 7];
    let mut fractional = false;
    let mut negative = false;
    for (k, v) in m.iter() {
        let Some(key) = k.as_str() else { continue };
        if key == "negative" {
            negative = !matches!(v, Value::Undef | Value::Boolean(false));
            continue;
        }
        match (Timespan::FIELD_NAMES.iter().position(|n| *n == key), v) {
            (None, _) | (Some(_), Value::Undef) => {}
            (Some(i), Value::Integer(n)) => {
                f[i] = *n;
                x[i] = *n as f64;
            }
            (Some(i), Value::Float(v)) => {
                x[i] = *v;
                fractional = true;
            }
            (Some(_), _) => {
                return Err(err(format!(
                    "Unable to create a Timespan from a Hash with key '{key}'"
                )))
            }
        }
    }
    if !fractional {
        return Ok(Timespan::from_fields(
            negative, f[0], f[1], f[2], f[3], f[4], f[5], f[6],
        ));
    }
    // (with a Float field the sum is a Float, as in the reference; it must
    // come to whole nanoseconds)
    let factors = [24.0, 60.0, 60.0, 1000.0, 1000.0, 1000.0];
    let nanos = factors
        .iter()
        .zip(&x[1..])
        .fold(x[0], |acc, (factor, field)| acc * factor + field);
    if !nanos.is_finite() || nanos.fract() != 0.0 || nanos.abs() >= i64::MAX as f64 {
        return Err(err(
            "Unable to create a Timespan from a Hash whose fields are not a whole number of nanoseconds",
        ));
    }
    let nanos = nanos as i128;
    Ok(Timespan {
        nanos: if negative { -nanos } else { nanos },
    })
}

fn timestamp_param(v: &Value) -> CResult<Option<Timestamp>> {
    if let Value::Default = v {
        return Ok(None);
    }
    if let Value::Timestamp(t) = v {
        return Ok(Some(*t));
    }
    if let Value::String(s) = v {
        return Timestamp::parse(s, None, false, None)
            .map(Some)
            .map_err(|e| err(e.into_message()));
    }
    match seconds_to_nanos(v) {
        Some(nanos) => Ok(Some(Timestamp { nanos })),
        None => Err(err(format!(
            "Unable to create a Timestamp from a {}",
            value_desc(v)
        ))),
    }
}

/// `Timespan[from, to]` from seconds (Integer/Float), Timespan values or `default`.
pub fn timespan(params: &[Value]) -> CResult<Type> {
    let from = timespan_param(&params[0])?;
    let to = match params.get(1) {
        Some(p) => timespan_param(p)?,
        None => None,
    };
    Ok(tf::timespan(from, to)?)
}

/// `Timestamp[from, to]` from seconds since the epoch, Timestamp values or `default`.
pub fn timestamp(params: &[Value]) -> CResult<Type> {
    let from = timestamp_param(&params[0])?;
    let to = match params.get(1) {
        Some(p) => timestamp_param(p)?,
        None => None,
    };
    Ok(tf::timestamp(from, to)?)
}

/// The URI parts a `URI[{...}]` hash may constrain.
pub const URI_KEYS: &[&str] = &[
    "scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque",
];

/// The key `name` (one of [`URI_KEYS`]) as a String value, shared.
fn uri_key(name: &str) -> Value {
    static KEYS: OnceLock<Vec<Value>> = OnceLock::new();
    let keys = KEYS.get_or_init(|| URI_KEYS.iter().map(|k| Value::string(*k)).collect());
    match URI_KEYS.iter().position(|k| *k == name) {
        Some(i) => keys[i].clone(),
        None => Value::string(name),
    }
}

/// `URI[hash]`: the keys must be URI parts. An Integer parameter is ignored, as the reference does.
pub fn uri(p: &Value) -> CResult<Type> {
    match p {
        Value::Hash(m) => {
            for k in m.keys() {
                match k.as_str() {
                    Some(name) if URI_KEYS.contains(&name) => {}
                    Some(name) => {
                        return Err(err(format!(
                            "URI-Type parameter has wrong type, unrecognized key '{name}'"
                        )))
                    }
                    None => {
                        return Err(err(
                            "URI-Type parameter has wrong type, keys must be Strings",
                        ))
                    }
                }
            }
            // the parameters as given (shared, not copied)
            Ok(tf::uri_of(m.clone()))
        }
        Value::Integer(_) | Value::Default | Value::Type(_) => Ok(tf::uri_any()),
        Value::String(s) => {
            let bad = || {
                err(format!(
                    "URI-Type parameter has wrong type, expects a match for Pattern[/(?x-mi:\n  an absolute URI (RFC 3986) with a scheme)/], got '{s}'"
                ))
            };
            let u = Uri::parse(s).map_err(|_| bad())?;
            if u.scheme.is_none() {
                return Err(bad());
            }
            let parts = u.type_parts();
            let mut out = ValueMap::with_capacity(parts.len());
            for (name, text) in parts {
                out.insert(uri_key(name), Value::string(&*text));
            }
            Ok(tf::uri(Some(out)))
        }
        _ => Err(CreateError::InvalidSpec),
    }
}
