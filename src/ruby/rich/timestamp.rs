//! `PuppetTypes::Timestamp`: `to_i`, `to_f`, `nanoseconds`,
//! `format(fmt, timezone = nil)`, `<=>` against Timestamps and numbers of
//! seconds, `+` of a Timespan or seconds, and `-` of a Timestamp (giving a
//! Timespan), a Timespan or seconds.

use super::{core, integer_i128, num, ordering, Num, RbTimespan, RbTimestamp};
use crate::ruby::errors::{self, guard};
use crate::values::Timestamp;
use magnus::{method, prelude::*, Error, RClass, RString, Ruby, TryConvert, Value};

fn stamp(v: Value) -> Option<Timestamp> {
    <&RbTimestamp>::try_convert(v).ok().map(|t| t.0)
}

fn span(v: Value) -> Option<crate::values::Timespan> {
    <&RbTimespan>::try_convert(v).ok().map(|t| t.0)
}

fn operand_error(ruby: &Ruby, op: &str, v: Value) -> Error {
    errors::argument(
        ruby,
        format!(
            "a Timestamp {op} expects a Timespan, an Integer or a Float, got {}",
            crate::ruby::type_factory::describe(v)
        ),
    )
}

fn to_i(ruby: &Ruby, rb_self: &RbTimestamp) -> Result<Value, Error> {
    integer_i128(ruby, rb_self.0.to_i())
}

fn to_f(rb_self: &RbTimestamp) -> f64 {
    rb_self.0.to_f()
}

fn nanoseconds(ruby: &Ruby, rb_self: &RbTimestamp) -> Result<Value, Error> {
    integer_i128(ruby, rb_self.0.nanos)
}

fn format(ruby: &Ruby, rb_self: &RbTimestamp, args: &[Value]) -> Result<String, Error> {
    guard(ruby, || {
        let text = |v: Option<&Value>| -> Result<Option<std::sync::Arc<str>>, Error> {
            match v.and_then(|v| RString::from_value(*v)) {
                Some(s) => Ok(Some(crate::ruby::convert::rstring_to_str(ruby, s)?)),
                None => Ok(None),
            }
        };
        let fmt = text(args.first())?
            .ok_or_else(|| errors::argument(ruby, "format expects a format String"))?;
        let tz = text(args.get(1))?;
        core(ruby, rb_self.0.format(&fmt, tz.as_deref()))
    })
}

fn cmp(ruby: &Ruby, rb_self: &RbTimestamp, other: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let o = match (stamp(other), num(other)) {
            (Some(t), _) => Some(rb_self.0.cmp(&t)),
            (None, Some(Num::Int(i))) => Some(rb_self.0.cmp_int(i)),
            (None, Some(Num::Float(f))) => rb_self.0.cmp_float(f),
            _ => None,
        };
        Ok(ordering(ruby, o))
    })
}

fn wrap(ruby: &Ruby, r: crate::Result<Timestamp>) -> Result<Value, Error> {
    Ok(RbTimestamp::wrap(ruby, core(ruby, r)?))
}

fn add(ruby: &Ruby, rb_self: &RbTimestamp, other: Value) -> Result<Value, Error> {
    guard(ruby, || match (span(other), num(other)) {
        (Some(t), _) => wrap(ruby, rb_self.0.add(t)),
        (None, Some(Num::Int(i))) => wrap(ruby, rb_self.0.add_int(i)),
        (None, Some(Num::Float(f))) => wrap(ruby, rb_self.0.add_float(f)),
        _ => Err(operand_error(ruby, "+", other)),
    })
}

fn sub(ruby: &Ruby, rb_self: &RbTimestamp, other: Value) -> Result<Value, Error> {
    guard(ruby, || {
        if let Some(t) = stamp(other) {
            return Ok(RbTimespan::wrap(ruby, core(ruby, rb_self.0.diff(t))?));
        }
        match (span(other), num(other)) {
            (Some(t), _) => wrap(ruby, rb_self.0.sub(t)),
            (None, Some(Num::Int(i))) => {
                wrap(ruby, rb_self.0.add_int(i.checked_neg().unwrap_or(i64::MAX)))
            }
            (None, Some(Num::Float(f))) => wrap(ruby, rb_self.0.add_float(-f)),
            _ => Err(operand_error(ruby, "-", other)),
        }
    })
}

/// Add the Timestamp readers, `format`, comparison and arithmetic.
pub fn init(_ruby: &Ruby, class: RClass) -> Result<(), Error> {
    class.define_method("to_i", method!(to_i, 0))?;
    class.define_method("to_f", method!(to_f, 0))?;
    class.define_method("nanoseconds", method!(nanoseconds, 0))?;
    class.define_method("format", method!(format, -1))?;
    class.define_method("<=>", method!(cmp, 1))?;
    class.define_method("+", method!(add, 1))?;
    class.define_method("-", method!(sub, 1))?;
    Ok(())
}
