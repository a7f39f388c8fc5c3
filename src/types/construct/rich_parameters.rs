//! Parameters of the types over rich values: `SemVer[ranges...]`,
//! `Timespan[from, to]`, `Timestamp[from, to]` and `URI[string or hash]`.
//! Strings are parsed with the rich values' own parsers.

use crate::error::Error;
use crate::types::construct::parameters::{
    implicit_conversion, ruby_class_name, value_desc, CreateError,
};
use crate::types::factory as tf;
use crate::types::model::Type;
use crate::values::new::kind_name;
use crate::values::{SemVerRange, Timespan, TimespanBound, Timestamp, Uri, Value, ValueMap};
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

fn timespan_param(v: &Value) -> CResult<Option<TimespanBound>> {
    match v {
        Value::Default | Value::Undef => Ok(None),
        Value::Timespan(t) => Ok(Some((*t).into())),
        Value::String(s) => Timespan::parse_default(s)
            .map(|t| Some(t.into()))
            .map_err(|e| err(e.into_message())),
        Value::Hash(m) => timespan_from_hash(m).map(Some),
        Value::Integer(i) => Ok(Some(Timespan::from_seconds(*i).into())),
        Value::Float(x) => {
            float_nanos(x * NANOS as f64).map(|n| Some(TimespanBound::from_float(n)))
        }
        _ => Err(err(format!(
            "Unable to create a Timespan from a {}",
            value_desc(v)
        ))),
    }
}

/// A Float number of nanoseconds truncated to whole ones (the reference keeps
/// the Float; its text shows the whole nanoseconds).
fn float_nanos(nanos: f64) -> CResult<i128> {
    if !nanos.is_finite() || nanos.abs() >= i64::MAX as f64 * NANOS as f64 {
        return Err(err(format!(
            "Unable to create a Timespan of {} nanoseconds",
            nanos
        )));
    }
    Ok(nanos.trunc() as i128)
}

/// A Timespan from a Hash as the reference reads one: its `string` (and
/// `format`) when it has one, else its fields (Integers or Floats; a missing
/// or undef field is 0, `negative` is true unless false or undef), ignoring
/// keys that name no field. With a Float field the sum is a Float, as in
/// the reference, truncated to whole nanoseconds.
fn timespan_from_hash(m: &ValueMap) -> CResult<TimespanBound> {
    if let Some(string) = m.get(&Value::string("string")) {
        return timespan_from_text(string, m.get(&Value::string("format")))
            .map(TimespanBound::from);
    }
    let mut negative = false;
    let mut fields: [Option<&Value>; 7] = [None; 7];
    for (k, v) in m.iter() {
        let Some(key) = k.as_str() else { continue };
        if key == "negative" {
            negative = !matches!(v, Value::Undef | Value::Boolean(false));
        } else if let Some(i) = Timespan::FIELD_NAMES.iter().position(|n| *n == key) {
            fields[i] = Some(v);
        }
    }
    let nanos = match field_sum(&fields)? {
        Sum::Int(n) => return Ok(Timespan::new(if negative { -n } else { n }).into()),
        Sum::Float(x) => float_nanos(x)?,
        Sum::Str | Sum::Arr => {
            return Err(err(
                "Unable to create a Timespan from a Hash whose fields are not numbers",
            ))
        }
    };
    Ok(TimespanBound::from_float(if negative {
        -nanos
    } else {
        nanos
    }))
}

/// A Timespan from the `string` and `format` of a Hash, as the reference
/// parses them: each format in turn (a String, an Array of them, or undef
/// for the default formats) is read, then tried on the `string`, which is
/// Ruby's `TypeError` when it is not text (undef or a Symbol match nothing).
fn timespan_from_text(string: &Value, format: Option<&Value>) -> CResult<Timespan> {
    let defaults: Vec<Value> = crate::values::timespan::DEFAULT_FORMATS
        .iter()
        .map(|f| Value::string(*f))
        .collect();
    let formats: &[Value] = match format {
        None | Some(Value::Undef) => &defaults,
        Some(f @ Value::String(_)) => std::slice::from_ref(f),
        Some(Value::Array(fs)) => fs,
        Some(_) => return Err(err("Format must be a String")),
    };
    let text = || match string {
        Value::String(s) => Ok(Some(s.as_ref())),
        Value::Undef | Value::Default => Ok(None),
        Value::Runtime(r) if &*r.class_name == "Symbol" => Ok(None),
        v => Err(implicit_conversion(v, "String")),
    };
    for f in formats {
        let f = f.as_str().ok_or_else(|| err("Format must be a String"))?;
        let compiled = crate::values::timespan::TimespanFormat::cached(f)
            .map_err(|e| err(e.into_message()))?;
        if let Some(t) = text()?.and_then(|t| compiled.try_parse(t)) {
            return Ok(t);
        }
    }
    Err(err(format!(
        "Unable to parse {} as a Timespan",
        crate::types::construct::parameters::source_text_value(string)
    )))
}

/// The running sum of [`field_sum`], of the Ruby class the reference's
/// arithmetic makes it (Strings and Arrays repeat and concatenate).
enum Sum {
    Int(i128),
    Float(f64),
    Str,
    Arr,
}

/// The fields (days first; missing, undef or false being 0) summed as the
/// reference does in Ruby's arithmetic,
/// `(((((d * 24 + h) * 60 + m) * 60 + s) * 1000 + ms) * 1000 + us) * 1000 + ns`:
/// a field that is not a number
/// raises Ruby's `TypeError` where the reference's does ("String can't be
/// coerced into Integer"); days of a class without `*` (a Hash, `true`) are
/// an illegal parameter (the reference: a NoMethodError).
fn field_sum(fields: &[Option<&Value>; 7]) -> CResult<Sum> {
    let zero = Value::Integer(0);
    let field = |i: usize| match fields[i] {
        None | Some(Value::Undef) | Some(Value::Boolean(false)) => &zero,
        Some(v) => v,
    };
    let mut sum = match field(0) {
        Value::Integer(n) => Sum::Int(*n as i128),
        Value::Float(x) => Sum::Float(*x),
        Value::String(_) => Sum::Str,
        Value::Array(_) => Sum::Arr,
        _ => {
            return Err(err(
                "Unable to create a Timespan from a Hash with key 'days'",
            ))
        }
    };
    for (i, factor) in [24, 60, 60, 1000, 1000, 1000].into_iter().enumerate() {
        let v = field(i + 1);
        // (Ruby names a Symbol here by its inspection)
        let coerce = |into: &str| {
            let name = match v {
                Value::Default => ":default".to_string(),
                v => ruby_class_name(v),
            };
            CreateError::Other(Error::conversion(format!(
                "{name} can't be coerced into {into}"
            )))
        };
        let implicit = |into: &str| {
            CreateError::Other(Error::conversion(format!(
                "no implicit conversion of {} into {into}",
                ruby_class_name(v)
            )))
        };
        sum = match (sum, v) {
            (Sum::Int(n), Value::Integer(x)) => Sum::Int(n * factor + *x as i128),
            (Sum::Int(n), Value::Float(x)) => Sum::Float((n * factor) as f64 + x),
            (Sum::Int(_), _) => return Err(coerce("Integer")),
            (Sum::Float(n), Value::Integer(x)) => Sum::Float(n * factor as f64 + *x as f64),
            (Sum::Float(n), Value::Float(x)) => Sum::Float(n * factor as f64 + x),
            (Sum::Float(_), _) => return Err(coerce("Float")),
            (Sum::Str, Value::String(_)) => Sum::Str,
            (Sum::Str, _) => return Err(implicit("String")),
            (Sum::Arr, Value::Array(_)) => Sum::Arr,
            (Sum::Arr, _) => return Err(implicit("Array")),
        };
    }
    Ok(sum)
}

fn timestamp_param(v: &Value) -> CResult<Option<Timestamp>> {
    if let Value::Default | Value::Undef = v {
        return Ok(None);
    }
    if let Value::Hash(m) = v {
        return timestamp_from_hash(m).map(Some);
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

/// A Timestamp from a Hash as the reference reads one: its `string`, parsed
/// with its `format` and `timezone` when given (other keys are ignored). A
/// `string` or `format` that is not text is Ruby's `TypeError` there.
fn timestamp_from_hash(m: &ValueMap) -> CResult<Timestamp> {
    let field = |k: &str| {
        m.get(&Value::string(k))
            .filter(|v| !matches!(v, Value::Undef))
    };
    // The reference reads the text, then each format in turn (none: the text
    // is not read), as Ruby's `DateTime._strptime` does; a format that is not
    // text is its TypeError unless an earlier one read the text.
    let mut format = field("format")
        .filter(|f| !matches!(f, Value::Default))
        .cloned();
    if let Some(Value::Array(fs)) = &format {
        if fs.is_empty() {
            return Err(err("Unable to parse a Timestamp with no formats"));
        }
    }
    if !matches!(field("string"), Some(Value::String(_))) {
        return Err(implicit_conversion(
            field("string").unwrap_or(&Value::Undef),
            "String",
        ));
    }
    match &format {
        None | Some(Value::Default | Value::String(_)) => {}
        Some(Value::Array(fs)) => {
            if let Some(i) = fs.iter().position(|f| !matches!(f, Value::String(_))) {
                let earlier = Value::array(fs[..i].to_vec());
                if i == 0 || timestamp_parse(field("string"), Some(&earlier), None).is_err() {
                    return Err(implicit_conversion(&fs[i], "String"));
                }
                format = Some(earlier);
            }
        }
        Some(v) => return Err(implicit_conversion(v, "String")),
    }
    let parse = |zone: Option<&Value>| timestamp_parse(field("string"), format.as_ref(), zone);
    // (an empty zone is none; one that is not text is Ruby's TypeError once
    // the text is read, or a NoMethodError of the reference for a number or
    // a Boolean)
    let zone = match field("timezone") {
        None | Some(Value::Default) => None,
        Some(Value::String(z)) if z.is_empty() => None,
        Some(Value::Array(a)) if a.is_empty() => None,
        Some(Value::Hash(h)) if h.is_empty() => None,
        Some(z @ Value::String(_)) => Some(z),
        Some(z @ (Value::Array(_) | Value::Hash(_) | Value::Runtime(_))) => {
            parse(None)?;
            return Err(implicit_conversion(z, "String"));
        }
        Some(z) => {
            return Err(err(format!(
                "A Timestamp's timezone must be a String, got {}",
                value_desc(z)
            )))
        }
    };
    parse(zone)
}

/// A Timestamp of `string` read with `format` and `zone` (those given).
fn timestamp_parse(
    string: Option<&Value>,
    format: Option<&Value>,
    zone: Option<&Value>,
) -> CResult<Timestamp> {
    let mut args = ValueMap::new();
    for (k, v) in [("string", string), ("format", format), ("timezone", zone)] {
        if let Some(v) = v {
            args.insert(Value::string(k), v.clone());
        }
    }
    crate::values::new::new_timestamp(&[Value::Hash(std::sync::Arc::new(args))])
        .map_err(|e| err(e.into_message()))
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
