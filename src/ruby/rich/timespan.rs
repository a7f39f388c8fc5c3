//! `PuppetTypes::Timespan`: `to_i`, `to_f`, `nanoseconds`, `format(fmt)`,
//! `<=>` against Timespans and numbers of seconds, and `+ - * /` and unary
//! minus as the seeds define them.

use super::{core, integer_i128, num, ordering, Num, RbTimespan};
use crate::ruby::errors::{self, guard};
use crate::values::Timespan;
use magnus::{method, prelude::*, Error, RClass, RString, Ruby, TryConvert, Value};

fn span(v: Value) -> Option<Timespan> {
    <&RbTimespan>::try_convert(v).ok().map(|t| t.0)
}

fn operand_error(ruby: &Ruby, op: &str, v: Value) -> Error {
    errors::argument(
        ruby,
        format!(
            "a Timespan {op} expects a Timespan, an Integer or a Float, got {}",
            crate::ruby::type_factory::describe(v)
        ),
    )
}

fn to_i(ruby: &Ruby, rb_self: &RbTimespan) -> Result<Value, Error> {
    integer_i128(ruby, rb_self.0.to_i())
}

fn to_f(rb_self: &RbTimespan) -> f64 {
    rb_self.0.to_f()
}

fn nanoseconds(ruby: &Ruby, rb_self: &RbTimespan) -> Result<Value, Error> {
    integer_i128(ruby, rb_self.0.nanos)
}

fn format(ruby: &Ruby, rb_self: &RbTimespan, fmt: RString) -> Result<String, Error> {
    guard(ruby, || {
        let fmt = crate::ruby::convert::rstring_to_str(ruby, fmt)?;
        core(ruby, rb_self.0.format(&fmt))
    })
}

fn cmp(ruby: &Ruby, rb_self: &RbTimespan, other: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let o = match (span(other), num(other)) {
            (Some(t), _) => Some(rb_self.0.cmp(&t)),
            (None, Some(Num::Int(i))) => Some(rb_self.0.cmp_int(i)),
            (None, Some(Num::Float(f))) => rb_self.0.cmp_float(f),
            _ => None,
        };
        Ok(ordering(ruby, o))
    })
}

fn wrap(ruby: &Ruby, r: crate::Result<Timespan>) -> Result<Value, Error> {
    Ok(RbTimespan::wrap(ruby, core(ruby, r)?))
}

fn add(ruby: &Ruby, rb_self: &RbTimespan, other: Value) -> Result<Value, Error> {
    guard(ruby, || match (span(other), num(other)) {
        (Some(t), _) => wrap(ruby, rb_self.0.add(t)),
        (None, Some(Num::Int(i))) => wrap(ruby, rb_self.0.add_int(i)),
        (None, Some(Num::Float(f))) => wrap(ruby, rb_self.0.add_float(f)),
        _ => Err(operand_error(ruby, "+", other)),
    })
}

fn sub(ruby: &Ruby, rb_self: &RbTimespan, other: Value) -> Result<Value, Error> {
    guard(ruby, || match (span(other), num(other)) {
        (Some(t), _) => wrap(ruby, rb_self.0.sub(t)),
        (None, Some(Num::Int(i))) => {
            wrap(ruby, rb_self.0.add_int(i.checked_neg().unwrap_or(i64::MAX)))
        }
        (None, Some(Num::Float(f))) => wrap(ruby, rb_self.0.add_float(-f)),
        _ => Err(operand_error(ruby, "-", other)),
    })
}

fn mul(ruby: &Ruby, rb_self: &RbTimespan, other: Value) -> Result<Value, Error> {
    guard(ruby, || match num(other) {
        Some(Num::Int(i)) => wrap(ruby, rb_self.0.mul_int(i)),
        Some(Num::Float(f)) => wrap(ruby, rb_self.0.mul_float(f)),
        None => Err(operand_error(ruby, "*", other)),
    })
}

fn div(ruby: &Ruby, rb_self: &RbTimespan, other: Value) -> Result<Value, Error> {
    guard(ruby, || match (span(other), num(other)) {
        (Some(t), _) => Ok(ruby.float_from_f64(rb_self.0.div_timespan(t)).as_value()),
        (None, Some(Num::Int(i))) => wrap(ruby, rb_self.0.div_int(i)),
        (None, Some(Num::Float(f))) => wrap(ruby, rb_self.0.div_float(f)),
        _ => Err(operand_error(ruby, "/", other)),
    })
}

fn neg(ruby: &Ruby, rb_self: &RbTimespan) -> Result<Value, Error> {
    guard(ruby, || wrap(ruby, rb_self.0.neg()))
}

/// Add the Timespan readers, `format`, comparison and arithmetic.
pub fn init(_ruby: &Ruby, class: RClass) -> Result<(), Error> {
    class.define_method("to_i", method!(to_i, 0))?;
    class.define_method("to_f", method!(to_f, 0))?;
    class.define_method("nanoseconds", method!(nanoseconds, 0))?;
    class.define_method("format", method!(format, 1))?;
    class.define_method("<=>", method!(cmp, 1))?;
    class.define_method("+", method!(add, 1))?;
    class.define_method("-", method!(sub, 1))?;
    class.define_method("*", method!(mul, 1))?;
    class.define_method("/", method!(div, 1))?;
    class.define_method("-@", method!(neg, 0))?;
    Ok(())
}
