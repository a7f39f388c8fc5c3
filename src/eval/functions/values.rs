//! Functions about values and types: `new`, `type`, `assert_type`,
//! `convert_to`, `unwrap` (of a Sensitive), `strftime` (of a Timespan or
//! Timestamp) and `call` (a function by name, or a Deferred).

use super::Args;
use crate::error::Error;
use crate::eval::calls::{Block, FUNCTION_CALL};
use crate::eval::construct::new_instance;
use crate::eval::flow::EResult;
use crate::eval::interp::Interp;
use crate::types::calc::{describe_mismatch, instance_of, type_of, TypeOfMode};
use crate::values::{Timestamp, Value};

/// Call the block of `a` with `v` when there is one, else `v`.
fn then_block(interp: &mut Interp, block: Option<Block>, v: Value) -> EResult<Value> {
    match block {
        Some(b) => interp.call_block(&b, vec![v]),
        None => Ok(v),
    }
}

/// `new(Type, args...)`.
pub(super) fn new(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let Ok(t) = a.get(0).clone().into_type() else {
        return Err(Error::evaluation("'new' expects a Type").into());
    };
    let args = &a.values[1..];
    if let ([v], false) = (args, matches!(t.kind(), crate::types::TypeKind::Init(..))) {
        if instance_of(&t, v) {
            return Ok(v.clone());
        }
    }
    let v = new_instance(interp, &t, args)?;
    then_block(interp, a.block, v)
}

/// `type(value, inference_method = 'detailed')`.
pub(super) fn type_of_fn(v: &Value, method: &Value) -> Value {
    let mode = match method.as_str() {
        Some("reduced") => TypeOfMode::Reduced,
        Some("generalized") => TypeOfMode::Generalized,
        _ => TypeOfMode::Detailed,
    };
    Value::Type(type_of(v, mode))
}

pub(super) fn type_fn(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    Ok(type_of_fn(a.get(0), a.get(1)))
}

/// `assert_type(type, value) |$expected, $actual| { ... }`.
pub(super) fn assert_type(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let t = match a.get(0) {
        Value::Type(t) => t.clone(),
        Value::String(s) => interp.parse_type(s)?,
        _ => unreachable!("dispatch checked the type"),
    };
    let v = a.get(1).clone();
    if instance_of(&t, &v) {
        return Ok(v);
    }
    if let Some(b) = a.block {
        let actual = crate::types::calc::infer_set(&v);
        return interp.call_block(&b, vec![Value::Type(t), Value::Type(actual)]);
    }
    let why = describe_mismatch(&t, &v, None).unwrap_or_default();
    Err(Error::evaluation(format!("assert_type(): {why}")).into())
}

/// `convert_to(value, type, args...) |$converted| { ... }`.
pub(super) fn convert_to(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let Ok(t) = a.get(1).clone().into_type() else {
        unreachable!("dispatch checked the type")
    };
    let mut args = vec![a.get(0).clone()];
    args.extend(a.values[2..].iter().cloned());
    let v = new_instance(interp, &t, &args)?;
    then_block(interp, a.block, v)
}

/// `unwrap(sensitive) |$clear| { ... }`: the clear value (anything else as it is).
pub(super) fn unwrap(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let v = match a.get(0) {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    then_block(interp, a.block, v)
}

/// `strftime(time, format[, timezone])` or `strftime(format[, timezone])` (now).
pub(super) fn strftime(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    if let Value::String(_) = a.get(0) {
        interp.warn_once("The argument signature (String format, [String timezone]) is deprecated for #strftime. See #strftime documentation and Timespan type for more info", Some(a.span));
    }
    let text = match (a.get(0), a.get(1), a.get(2)) {
        (Value::Timespan(t), Value::String(f), _) => t.format(f),
        (Value::Timestamp(t), Value::String(f), tz) => t.format(f, tz.as_str()),
        (Value::String(f), tz, _) => Timestamp::now().format(f, tz.as_str()),
        _ => unreachable!("dispatch checked the arguments"),
    };
    Ok(Value::string(
        text.map_err(|e| Error::evaluation(e.into_message()))?,
    ))
}

/// `call(name, args...) |...| { ... }` or `call(deferred)`.
pub(super) fn call(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    match &a.get(0).clone() {
        Value::Deferred(d) => resolve_deferred(interp, d, a.span),
        Value::String(name) => {
            let args = a.values[1..].to_vec();
            interp.call_named(name, args, a.block, a.span, FUNCTION_CALL)
        }
        _ => unreachable!("dispatch checked the arguments"),
    }
}

/// Resolve a Deferred: call its function with its arguments (Deferred
/// arguments resolved first), or dig into a variable for `$name`.
pub(crate) fn resolve_deferred(
    interp: &mut Interp,
    d: &crate::values::Deferred,
    span: crate::syntax::span::Span,
) -> EResult<Value> {
    let mut args = Vec::with_capacity(d.arguments().len());
    for x in d.arguments() {
        args.push(match x {
            Value::Deferred(inner) => resolve_deferred(interp, inner, span)?,
            other => other.clone(),
        });
    }
    if let Some(var) = d.name().strip_prefix('$') {
        let mut v = interp.scopes.get(var).cloned().unwrap_or(Value::Undef);
        for k in &args {
            v = crate::eval::access::access_value(&v, std::slice::from_ref(k))
                .unwrap_or(Value::Undef);
        }
        return Ok(v);
    }
    interp.call_named(d.name(), args, None, span, FUNCTION_CALL)
}
