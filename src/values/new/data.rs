//! `Binary.new`, `URI.new` and `Deferred.new`.

use super::{count_error, get, hash_args, kind_name, param, reject};
use crate::error::Result;
use crate::values::binary::Binary;
use crate::values::deferred::Deferred;
use crate::values::uri::Uri;
use crate::values::Value;

const BINARY_SIGS: &str = "(String str, Base64Format = Enum['%B', '%b', '%r', '%s', '%u'] format?) | (Array[ByteInteger] byte_array) | (BinaryArgsHash hash_args)";

fn binary_format(v: Option<&Value>) -> Result<Option<&str>> {
    match v {
        None | Some(Value::Undef) => Ok(None),
        Some(Value::String(s)) if crate::values::binary::FORMATS.contains(&s.as_ref()) => {
            Ok(Some(s))
        }
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
