//! `lookup` (every signature: name or names, value type, merge, default
//! value, options hash, default block) and the deprecated `hiera`,
//! `hiera_array` and `hiera_hash`, over the evaluation's [`DataSource`]
//! (hiera 5 data). The caller's variables (and `$facts`) are what the
//! data's `%{...}` interpolations see. A found value is converted by its
//! `lookup_options`' `convert_to`, then checked against the value type, as
//! the reference checks it ("Found value has wrong type, ...").
//!
//! [`DataSource`]: crate::eval::DataSource

use super::Args;
use crate::error::Error;
use crate::eval::calls::Block;
use crate::eval::construct::new_instance;
use crate::eval::flow::EResult;
use crate::eval::interp::{err, Interp};
use crate::types::calc::{describe_mismatch, instance_of};
use crate::types::Type;
use crate::values::{Value, ValueMap};

/// What one call asks for.
struct Request<'b> {
    /// The name given (a String, or an Array of names).
    names: Value,
    value_type: Option<Type>,
    merge: Option<Value>,
    default: Option<Value>,
    default_values: Option<ValueMap>,
    overrides: Option<ValueMap>,
    block: Option<Block<'b>>,
    /// False for the `hiera` functions (no module data).
    modules: bool,
}

fn opt(v: &Value) -> Option<Value> {
    (!v.is_undef()).then(|| v.clone())
}

fn as_hash(v: &Value) -> Option<ValueMap> {
    match v {
        Value::Hash(h) => Some((**h).clone()),
        _ => None,
    }
}

fn as_type(v: &Value) -> Option<Type> {
    match v {
        Value::Type(t) => Some(t.clone()),
        _ => None,
    }
}

pub(super) fn lookup(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let mut r = Request {
        names: a.get(0).clone(),
        value_type: None,
        merge: None,
        default: None,
        default_values: None,
        overrides: None,
        block: a.block,
        modules: true,
    };
    // (which signature matched, from the arguments' shapes)
    let with_name = matches!(a.get(0), Value::Hash(_));
    let options = if with_name {
        as_hash(a.get(0))
    } else if matches!(a.get(1), Value::Hash(_)) {
        as_hash(a.get(1))
    } else {
        r.value_type = as_type(a.get(1));
        r.merge = opt(a.get(2));
        if a.values.len() == 4 {
            r.default = Some(a.get(3).clone());
        }
        None
    };
    if let Some(o) = options {
        let get = |k: &str| o.get(&Value::string(k));
        if with_name {
            r.names = get("name").cloned().unwrap_or(Value::Undef);
        }
        r.value_type = get("value_type").and_then(as_type);
        r.merge = get("merge").and_then(opt);
        r.default = get("default_value").cloned();
        r.default_values = get("default_values_hash").and_then(as_hash);
        r.overrides = get("override").and_then(as_hash);
    }
    run(interp, r, a)
}

/// `hiera`, `hiera_array` (merge `unique`), `hiera_hash` (merge `hash`):
/// `(key, default, override)`, the same in one array, or a default block.
fn hiera_like(interp: &mut Interp, a: &mut Args, merge: Option<&str>) -> EResult<Value> {
    interp.warn_once(
        &format!(
            "The function '{}' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/7.23/deprecated_language.html",
            a.name
        ),
        None,
    );
    let args: Vec<Value> = match (a.sig, a.get(0)) {
        (0, Value::Array(inner)) => (**inner).clone(),
        _ => a.values.clone(),
    };
    let r = Request {
        names: args.first().cloned().unwrap_or(Value::Undef),
        value_type: None,
        merge: merge.map(Value::string),
        // (the block form has no default; an override is a hiera 3 level, which hiera 5 data has not)
        default: if a.block.is_none() && args.len() > 1 {
            Some(args[1].clone())
        } else {
            None
        },
        default_values: None,
        overrides: None,
        block: a.block,
        modules: false,
    };
    run(interp, r, a)
}

pub(super) fn hiera(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    hiera_like(interp, a, None)
}

pub(super) fn hiera_array(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    hiera_like(interp, a, Some("unique"))
}

pub(super) fn hiera_hash(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    hiera_like(interp, a, Some("hash"))
}

fn run(interp: &mut Interp, r: Request, a: &Args) -> EResult<Value> {
    let names: Vec<String> = match &r.names {
        Value::String(s) => vec![s.to_string()],
        Value::Array(list) => list
            .iter()
            .filter_map(|n| n.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    let Some(data) = interp.data else {
        return Err(err(
            format!(
                "The function '{}' needs hiera data (an evaluator given a hiera configuration or an environment) and is not supported by this evaluator",
                a.name
            ),
            a.span,
        )
        .into());
    };
    if let Some(m) = &r.merge {
        check_merge(m).map_err(|e| e.with_span(a.span))?;
    }
    let check = |interp: &mut Interp, label: &str, v: Value| -> EResult<Value> {
        match &r.value_type {
            Some(t) if !instance_of(t, &v) => {
                let message = describe_mismatch(t, &v, Some(&format!("{label} has wrong type,")))
                    .unwrap_or_else(|| format!("{label} has wrong type"));
                let _ = interp;
                Err(err(message, a.span).into())
            }
            _ => Ok(v),
        }
    };
    for name in &names {
        if let Some(v) = r
            .overrides
            .as_ref()
            .and_then(|o| o.get(&Value::string(name.as_str())))
        {
            return check(interp, "Found value", v.clone());
        }
        let found = {
            let scopes = &interp.scopes;
            let variable = |n: &str| scopes.get(n).cloned();
            data.lookup(name, r.merge.as_ref(), r.modules, &variable)
        }
        .map_err(|e| {
            if e.span.is_some() {
                e
            } else {
                e.with_span(a.span)
            }
        })?;
        if let Some(found) = found {
            let value = match &found.convert_to {
                Some(c) => convert(interp, c, found.value).map_err(|e| {
                    err(
                        format!(
                            "The convert_to lookup_option for key '{name}' raised error: {}",
                            e.message
                        ),
                        a.span,
                    )
                })?,
                None => found.value,
            };
            return check(interp, "Found value", value);
        }
    }
    for name in &names {
        if let Some(v) = r
            .default_values
            .as_ref()
            .and_then(|o| o.get(&Value::string(name.as_str())))
        {
            return check(interp, "Found value", v.clone());
        }
    }
    if let Some(d) = r.default {
        return check(interp, "Default value", d);
    }
    if let Some(block) = r.block {
        let v = interp.call_block(&block, vec![r.names.clone()])?;
        return check(interp, "Value returned from default block", v);
    }
    let message = match &r.names {
        Value::Array(list) if list.len() != 1 => format!(
            "Function lookup() did not find a value for any of the names [{}]",
            names
                .iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => format!(
            "Function lookup() did not find a value for the name '{}'",
            names.first().map_or("", String::as_str)
        ),
    };
    Err(err(message, a.span).into())
}

/// The merge strategies lookup accepts.
const STRATEGIES: [&str; 5] = ["first", "unique", "hash", "deep", "default"];

fn check_merge(m: &Value) -> Result<(), Error> {
    let name = match m {
        Value::String(s) => s.to_string(),
        Value::Hash(h) => match h.get(&Value::string("strategy")) {
            Some(Value::String(s)) => s.to_string(),
            _ => {
                return Err(Error::evaluation(
                    "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'",
                ))
            }
        },
        _ => return Ok(()),
    };
    if STRATEGIES.contains(&name.as_str()) {
        Ok(())
    } else {
        Err(Error::evaluation(format!(
            "Unknown merge strategy: '{name}'"
        )))
    }
}

/// `convert_to`: a type (by name) or `[type, arguments...]`, called as a constructor.
fn convert(interp: &mut Interp, to: &Value, v: Value) -> Result<Value, Error> {
    let (name, rest) = match to {
        Value::Array(list) if !list.is_empty() => (list[0].clone(), list[1..].to_vec()),
        other => (other.clone(), Vec::new()),
    };
    let t = match &name {
        Value::String(s) => interp.parse_type(s)?,
        Value::Type(t) => t.clone(),
        _ => return Ok(v),
    };
    let mut args = vec![v];
    args.extend(rest);
    new_instance(interp, &t, &args)
}
