//! Number functions: `abs`, `ceiling`, `floor`, `round` (Strings holding
//! numbers are still accepted by `abs`, `ceiling` and `floor`, deprecated).

use super::Args;
use crate::error::Error;
use crate::eval::flow::EResult;
use crate::eval::interp::Interp;
use crate::values::Value;

fn overflow() -> Error {
    Error::evaluation("integer overflow")
}

pub(super) fn abs(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    match a.get(0) {
        Value::Integer(i) => Ok(Value::Integer(i.checked_abs().ok_or_else(overflow)?)),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        Value::String(s) => {
            interp.warn_once("The abs() function's auto conversion of String to Numeric is deprecated - change to convert input before calling", None);
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            let body = s.strip_prefix('-').unwrap_or(s);
            if let Some((i, f)) = body.split_once('.') {
                if digits(i) && digits(f) {
                    return Ok(Value::Float(s.parse::<f64>().unwrap_or(0.0).abs()));
                }
            } else if digits(body) {
                return match s.parse::<i64>() {
                    Ok(i) => Ok(Value::Integer(i.checked_abs().ok_or_else(overflow)?)),
                    Err(_) => Err(overflow().into()),
                };
            }
            Err(Error::evaluation(
                "abs(): Requires float or integer to work with - was given non decimal string",
            )
            .into())
        }
        _ => unreachable!("dispatch checked the argument"),
    }
}

/// Ruby's `Float(s)` for the string forms `ceiling` and `floor` accept.
fn ruby_float(s: &str) -> Option<f64> {
    match crate::eval::convert::parse_number(s.trim(), true)? {
        Value::Integer(i) => Some(i as f64),
        Value::Float(f) => Some(f),
        _ => None,
    }
}

fn to_int(f: f64) -> EResult<Value> {
    if f.is_finite() && f >= i64::MIN as f64 && f < i64::MAX as f64 {
        Ok(Value::Integer(f as i64))
    } else {
        Err(overflow().into())
    }
}

fn rounding(interp: &mut Interp, a: &Args, name: &str, f: fn(f64) -> f64) -> EResult<Value> {
    match a.get(0) {
        Value::Integer(i) => Ok(Value::Integer(*i)),
        Value::Float(x) => to_int(f(*x)),
        Value::String(s) => {
            interp.warn_once(&format!("The {name}() function's auto conversion of String to Float is deprecated - change to convert input before calling"), None);
            match ruby_float(s) {
                Some(x) => to_int(f(x)),
                None => Err(Error::evaluation(format!(
                    "{name}(): cannot convert given value to a floating point value."
                ))
                .into()),
            }
        }
        _ => unreachable!("dispatch checked the argument"),
    }
}

pub(super) fn ceiling(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    rounding(interp, a, "ceiling", f64::ceil)
}

pub(super) fn floor(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    rounding(interp, a, "floor", f64::floor)
}

/// `round(n)`: to the nearest integer, halves away from zero.
pub(super) fn round(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    match a.get(0) {
        Value::Integer(i) => Ok(Value::Integer(*i)),
        Value::Float(x) => to_int(if *x > 0.0 {
            (x + 0.5).trunc()
        } else {
            (x - 0.5).trunc()
        }),
        _ => unreachable!("dispatch checked the argument"),
    }
}
