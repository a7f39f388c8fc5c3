//! The arithmetic operators `+ - * / % << >>` and unary `-`: on numbers
//! (Strings holding numbers converted, Integer overflow and Float infinity
//! are errors), on Timespans and Timestamps (which take part as numbers of
//! seconds), array and hash `+ - <<`, URI merging and Binary concatenation.
//!
//! A String is read as a number as substring indexes read it (see
//! [`super::substring`]), with the reference's warning that it was
//! coerced. An integer it holds may be wider than 64 bits: the operation
//! is then computed without bound and only its result must be a Puppet
//! Integer (`'0x8000000000000000' - 1` is one).

use super::convert::{coerced_number, not_numeric, MAX_CONVERTED_DIGITS};
use super::ops::{a_type_name, At, OpResult};
use super::substring::Number;
use crate::error::Error;
use crate::syntax::ast::BinaryOp;
use crate::values::{Binary, Timespan, Timestamp, Value, ValueMap};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

const NANOS: i128 = 1_000_000_000;

/// The widest shift computed exactly on an integer wider than 64 bits (a
/// wider one names its result saturated to 128 bits, as 64-bit shifts do).
const MAX_WIDE_SHIFT: u64 = 1 << 16;

/// An operand made a number: a value (Integer, Float, a time value or a
/// version), or an integer a String held that does not fit 64 bits.
enum Num {
    Value(Value),
    Wide(BigInt),
}

/// `-v` (a String holding a number is converted, noted in `coerced`).
pub(crate) fn negate(v: &Value, coerced: &mut Vec<String>) -> crate::error::Result<Value> {
    let v = match numeric(v, coerced).map_err(|(e, _)| e)? {
        Num::Wide(b) => {
            let n = -b;
            return n
                .to_i64()
                .map(Value::Integer)
                .ok_or_else(|| wide_overflow("-", &n));
        }
        Num::Value(v) => v,
    };
    match v {
        Value::Integer(i) => i
            .checked_neg()
            .map(Value::Integer)
            .ok_or_else(|| overflow("-", -(i as i128))),
        Value::Float(f) => Ok(Value::Float(-f)),
        Value::Timespan(t) => Ok(Value::Timespan(t.neg()?)),
        other @ (Value::Timestamp(_) | Value::SemVer(_)) => Err(Error::evaluation(format!(
            "Operator '-' is not applicable to {}.",
            a_type_name(&other)
        ))),
        _ => unreachable!("numeric gives numbers"),
    }
}

fn overflow(op: &str, value: i128) -> Error {
    overflow_text(op, value < 0, &format!("{:x}", value.unsigned_abs()))
}

/// The reference's error about a result outside of the 64-bit range.
fn wide_overflow(op: &str, value: &BigInt) -> Error {
    overflow_text(op, value.is_negative(), &value.magnitude().to_str_radix(16))
}

fn overflow_text(op: &str, negative: bool, hex: &str) -> Error {
    let (bound, sign) = if negative { ("min", '-') } else { ("max", '+') };
    Error::evaluation(format!(
        "A '{op}' expression resulted in a value outside of Puppet Integer {bound} range, got '{sign}0x{hex}'"
    ))
}

/// An operand as a number: numbers and time values as they are, strings
/// holding a number converted (the reference's warning about it added to `coerced`).
fn numeric(v: &Value, coerced: &mut Vec<String>) -> OpResult<Num> {
    let s = match v {
        // (a version is a Ruby Numeric in the reference: it gets as far as the operation)
        Value::Integer(_)
        | Value::Float(_)
        | Value::Timespan(_)
        | Value::Timestamp(_)
        | Value::SemVer(_) => return Ok(Num::Value(v.clone())),
        Value::String(s) => s,
        _ => return Err((not_numeric(v), At::Op)),
    };
    match coerced_number(s, coerced) {
        Number::Integer(i) => Ok(match i64::try_from(i) {
            Ok(i) => Num::Value(Value::Integer(i)),
            Err(_) => Num::Wide(BigInt::from(i)),
        }),
        Number::Wide {
            negative,
            radix,
            digits,
        } => {
            if digits.len() > MAX_CONVERTED_DIGITS {
                return Err((
                    Error::evaluation(format!(
                        "A String holding an integer of more than {MAX_CONVERTED_DIGITS} digits cannot be used in arithmetic"
                    )),
                    At::Op,
                ));
            }
            wide_of_digits(negative, radix, &digits)
                .map(Num::Wide)
                .ok_or_else(|| (not_numeric(v), At::Op))
        }
        Number::Float(f) => Ok(Num::Value(Value::Float(f))),
        Number::None => Err((not_numeric(v), At::Op)),
    }
}

/// An arithmetic operator applied to two values; Strings converted to
/// numbers are noted in `coerced`.
pub(crate) fn arithmetic(
    op: BinaryOp,
    l: &Value,
    r: &Value,
    coerced: &mut Vec<String>,
) -> OpResult<Value> {
    use BinaryOp as B;
    match (op, l) {
        (B::Add, Value::Uri(u)) => {
            let other = match r {
                Value::Uri(o) => (**o).clone(),
                Value::String(s) => crate::values::Uri::parse(s)
                    .map_err(|e| (runtime(&e.into_message()), At::Op))?,
                _ => {
                    return Err((
                        runtime("An URI can only be merged with an URI or String"),
                        At::Op,
                    ))
                }
            };
            let merged = u
                .merge(&other)
                .map_err(|e| (runtime(&e.into_message()), At::Op))?;
            return Ok(Value::Uri(std::sync::Arc::new(merged)));
        }
        (B::Add, Value::Binary(a)) => {
            let Value::Binary(b) = r else {
                return Err((runtime("Can only append Binary to a Binary"), At::Op));
            };
            let mut bytes = a.bytes.to_vec();
            bytes.extend_from_slice(&b.bytes);
            return Ok(Value::Binary(Binary::new(bytes)));
        }
        (B::Add, Value::Array(a)) => {
            check_size(op, a.len() + operand_len(r))?;
            let mut out = (**a).clone();
            out.extend(collection_operand(r));
            return Ok(Value::array(out));
        }
        (B::Sub, Value::Array(a)) => {
            let remove = collection_operand(r);
            return Ok(Value::array(
                a.iter().filter(|x| !remove.contains(x)).cloned().collect(),
            ));
        }
        (B::LShift, Value::Array(a)) => {
            check_size(op, a.len() + 1)?;
            let mut out = (**a).clone();
            out.push(r.clone());
            return Ok(Value::array(out));
        }
        (B::Add, Value::Hash(h)) => {
            check_size(op, h.len() + operand_len(r))?;
            return hash_add(h, r).map_err(|e| (e, At::Op));
        }
        (B::Sub, Value::Hash(h)) => {
            let mut out = (**h).clone();
            match r {
                Value::Hash(k) => k.keys().for_each(|k| {
                    out.shift_remove(k);
                }),
                Value::Array(k) => k.iter().for_each(|k| {
                    out.shift_remove(k);
                }),
                k => {
                    out.shift_remove(k);
                }
            }
            return Ok(Value::hash(out));
        }
        (B::LShift, Value::Hash(_)) => {
            return Err((
                Error::evaluation("Operator '<<' is not applicable to a Hash."),
                At::Left,
            ))
        }
        _ => {}
    }
    let a = numeric(l, coerced).map_err(|(e, _)| (e, At::Left))?;
    let b = numeric(r, coerced).map_err(|(e, _)| (e, At::Right))?;
    match (a, b) {
        (Num::Value(a), Num::Value(b)) => numbers(op, &a, &b),
        (a, b) => wide_numbers(op, a, b),
    }
}

/// Arithmetic where an operand is an integer wider than 64 bits: with
/// an integer computed without bound, with a Float as Floats.
fn wide_numbers(op: BinaryOp, a: Num, b: Num) -> OpResult<Value> {
    use BinaryOp as B;
    // (what messages about the operands name: a wide integer is an Integer)
    let shown = |n: &Num| match n {
        Num::Value(v) => v.clone(),
        Num::Wide(_) => Value::Integer(0),
    };
    let (l, r) = (shown(&a), shown(&b));
    if matches!(l, Value::SemVer(_)) || matches!(r, Value::SemVer(_)) {
        return numbers(op, &l, &r);
    }
    if is_time(&l) || is_time(&r) {
        return wide_time(op, &a, &b);
    }
    let int = |n: &Num| match n {
        Num::Wide(w) => Some(w.clone()),
        Num::Value(Value::Integer(i)) => Some(BigInt::from(*i)),
        _ => None,
    };
    let float = |n: &Num| match n {
        Num::Wide(w) => wide_f64(w),
        Num::Value(v) => as_f64(v),
    };
    let shift = matches!(op, B::LShift | B::RShift);
    let (Some(x), Some(y)) = (int(&a), int(&b)) else {
        if op == B::Mod || (shift && matches!(l, Value::Float(_))) {
            return numbers(op, &l, &r);
        }
        if shift {
            // a Float shift count is truncated
            let count = BigInt::from(float(&b).trunc() as i128);
            return wide_shift(op, &int(&a).unwrap_or_default(), &count);
        }
        return plain(op, &Value::Float(float(&a)), &Value::Float(float(&b)));
    };
    let result = match op {
        B::Add => x + y,
        B::Sub => x - y,
        B::Mul => x * y,
        B::Div | B::Mod => {
            if y.is_zero() {
                return Err((Error::evaluation("Division by 0"), At::Right));
            }
            let (q, m) = x.div_mod_floor(&y);
            if op == B::Div {
                q
            } else {
                m
            }
        }
        _ => return wide_shift(op, &x, &y),
    };
    fit(op, &result)
}

/// A time value with an integer wider than 64 bits: an operation that
/// does not apply to them is refused as with any Integer, the others are
/// computed on nanoseconds (an error past 128 bits of them).
fn wide_time(op: BinaryOp, a: &Num, b: &Num) -> OpResult<Value> {
    use BinaryOp as B;
    let (time, wide, time_left) = match (a, b) {
        (Num::Value(t), Num::Wide(w)) => (t, w, true),
        (Num::Wide(w), Num::Value(t)) => (t, w, false),
        _ => unreachable!("a time value and a wide integer"),
    };
    let one = Value::Integer(1);
    let (l, r) = if time_left {
        (time, &one)
    } else {
        (&one, time)
    };
    if let Err((e, at)) = numbers(op, l, r) {
        if e.message.starts_with("Operator '") {
            return Err((e, at));
        }
    }
    let nanos = BigInt::from(match time {
        Value::Timespan(t) => t.nanos,
        Value::Timestamp(t) => t.nanos,
        _ => 0,
    });
    // (a wide integer is never zero: it does not fit 64 bits)
    let wide_nanos = wide * BigInt::from(NANOS);
    let result = match op {
        B::Add => nanos + wide_nanos,
        B::Sub if time_left => nanos - wide_nanos,
        B::Sub => wide_nanos - nanos,
        B::Mul => nanos * wide,
        B::Div => nanos.div_floor(wide),
        B::Mod => {
            // an Integer: the whole seconds' floored remainder
            let secs = nanos.div_floor(&BigInt::from(NANOS));
            return fit(op, &secs.mod_floor(wide));
        }
        _ => return Err(not_applicable(op, l, None)),
    };
    match time {
        Value::Timestamp(_) if matches!(op, B::Add | B::Sub) => stamp_of(op, result.to_i128()),
        _ => span_of(op, result.to_i128()),
    }
}

/// `x << count` or `x >> count` on integers of any width (a right shift
/// rounds toward negative infinity, as Ruby's).
fn wide_shift(op: BinaryOp, x: &BigInt, count: &BigInt) -> OpResult<Value> {
    let left = if op == BinaryOp::LShift {
        count.clone()
    } else {
        -count
    };
    let result = if left.is_negative() {
        match left.magnitude().to_u64() {
            Some(n) => x >> n,
            None => BigInt::from(if x.is_negative() { -1 } else { 0 }),
        }
    } else if x.is_zero() {
        return Ok(Value::Integer(0));
    } else {
        match left.to_u64().filter(|n| *n <= MAX_WIDE_SHIFT) {
            Some(n) => x << n,
            None => {
                let saturated = if x.is_negative() {
                    i128::MIN
                } else {
                    i128::MAX
                };
                return Err((overflow(op.symbol(), saturated), At::Op));
            }
        }
    };
    fit(op, &result)
}

/// The integer written with `digits` (all digits of `radix`), negated when
/// `negative`; `None` when a character is not a digit of the radix.
fn wide_of_digits(negative: bool, radix: u32, digits: &str) -> Option<BigInt> {
    // (the parser would also take `_` between digits)
    if !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = BigUint::parse_bytes(digits.as_bytes(), radix)?;
    let sign = if negative { Sign::Minus } else { Sign::Plus };
    Some(BigInt::from_biguint(sign, magnitude))
}

/// The nearest Float (ties to even, as Ruby's conversion), infinite beyond
/// the largest.
fn wide_f64(v: &BigInt) -> f64 {
    v.to_f64().unwrap_or(if v.is_negative() {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    })
}

/// A result of integer arithmetic: a Puppet Integer, or the reference's
/// error about its range.
fn fit(op: BinaryOp, v: &BigInt) -> OpResult<Value> {
    v.to_i64()
        .map(Value::Integer)
        .ok_or_else(|| (wide_overflow(op.symbol(), v), At::Op))
}

/// Why an operator does not apply: to the left operand, or to it with this right operand.
fn not_applicable(op: BinaryOp, l: &Value, r: Option<&Value>) -> (Error, At) {
    let sym = op.symbol();
    let text = match r {
        None => format!("Operator '{sym}' is not applicable to {}.", a_type_name(l)),
        Some(r) => format!(
            "Operator '{sym}' is not applicable to {} when right side is {}.",
            a_type_name(l),
            a_type_name(r)
        ),
    };
    (Error::evaluation(text), At::Left)
}

/// A Ruby ArgumentError raised by an operation, as the reference reports it.
fn runtime(message: &str) -> Error {
    Error::evaluation(format!(
        "Error while evaluating a '+' expression, {message}"
    ))
}

fn is_time(v: &Value) -> bool {
    matches!(v, Value::Timespan(_) | Value::Timestamp(_))
}

/// Arithmetic on two numbers (Integer, Float, Timespan, Timestamp).
fn numbers(op: BinaryOp, l: &Value, r: &Value) -> OpResult<Value> {
    use BinaryOp as B;
    if op == B::Mod && (matches!(l, Value::Float(_)) || matches!(r, Value::Float(_))) {
        return Err(if matches!(l, Value::Float(_)) {
            not_applicable(op, l, None)
        } else {
            not_applicable(op, l, Some(r))
        });
    }
    if let (Value::SemVer(_), false) = (r, is_time(l)) {
        // (a version on the right of a number is a Ruby conversion error in
        // the reference, named as elsewhere; shifts and a version on the
        // left name the left side only)
        let shift = matches!(op, B::LShift | B::RShift);
        let right = !(shift || matches!(l, Value::SemVer(_)));
        return Err(not_applicable(op, l, right.then_some(r)));
    }
    if is_time(r) && !is_time(l) {
        return match (op, r) {
            (B::Add, _) | (B::Mul, Value::Timespan(_)) => numbers(op, r, l),
            (B::Sub, Value::Timespan(_)) if matches!(l, Value::SemVer(_)) => {
                Err(not_applicable(op, l, None))
            }
            (B::Sub, Value::Timespan(_)) => {
                let left = Timespan::new(seconds_to_nanos(op, l)?);
                numbers(op, &Value::Timespan(left), r)
            }
            _ => Err(not_applicable(op, l, Some(r))),
        };
    }
    match l {
        Value::SemVer(_) => Err(not_applicable(op, l, None)),
        Value::Timespan(t) => timespan_op(op, *t, r),
        Value::Timestamp(t) => timestamp_op(op, *t, r),
        _ => plain(op, l, r),
    }
}

/// Seconds (Integer or Float) as nanoseconds, truncated as Ruby's `to_i`
/// (an infinite Float, or one past 128 bits of nanoseconds, is an error).
fn seconds_to_nanos(op: BinaryOp, v: &Value) -> OpResult<i128> {
    match v {
        Value::Integer(i) => Ok(*i as i128 * NANOS),
        Value::Float(f) => {
            crate::values::timespan::float_to_i128(f * 1e9).map_err(|e| time_err(op, e))
        }
        _ => Ok(0),
    }
}

/// A time value's nanoseconds as a Timespan, or the error about passing 128 bits.
fn span_of(op: BinaryOp, n: Option<i128>) -> OpResult<Value> {
    n.map(|n| Value::Timespan(Timespan::new(n)))
        .ok_or_else(|| (runtime_op(op, "Timespan out of range"), At::Op))
}

/// A time value's nanoseconds as a Timestamp, or the error about passing 128 bits.
fn stamp_of(op: BinaryOp, n: Option<i128>) -> OpResult<Value> {
    n.map(|n| Value::Timestamp(Timestamp::new(n)))
        .ok_or_else(|| (runtime_op(op, "Timestamp out of range"), At::Op))
}

/// An error of a time operation (a Ruby error in the reference), as the reference wraps it.
fn time_err(op: BinaryOp, e: Error) -> (Error, At) {
    (runtime_op(op, &e.message), At::Op)
}

fn timespan_op(op: BinaryOp, t: Timespan, r: &Value) -> OpResult<Value> {
    use BinaryOp as B;
    let ts = |n: Option<i128>| span_of(op, n);
    match (op, r) {
        (B::Add, Value::Timespan(o)) => ts(t.nanos.checked_add(o.nanos)),
        (B::Add, Value::Timestamp(o)) => stamp_of(op, t.nanos.checked_add(o.nanos)),
        (B::Add, Value::SemVer(_)) => Err((
            runtime_op(op, "A Version cannot be added to a Timespan"),
            At::Op,
        )),
        (B::Add, n) => ts(t.nanos.checked_add(seconds_to_nanos(op, n)?)),
        (B::Sub, Value::Timespan(o)) => ts(t.nanos.checked_sub(o.nanos)),
        (B::Sub, Value::Timestamp(_)) => Err((
            runtime_op(op, "A Timestamp cannot be subtracted from a Timespan"),
            At::Op,
        )),
        (B::Sub, Value::SemVer(_)) => Err((
            runtime_op(op, "A Version cannot be subtracted from a Timespan"),
            At::Op,
        )),
        (B::Sub, n) => ts(t.nanos.checked_sub(seconds_to_nanos(op, n)?)),
        (B::Mul, Value::Integer(i)) => t
            .mul_int(*i)
            .map(Value::Timespan)
            .map_err(|e| time_err(op, e)),
        (B::Mul, Value::Float(f)) => t
            .mul_float(*f)
            .map(Value::Timespan)
            .map_err(|e| time_err(op, e)),
        (B::Mul, other) => Err((
            runtime_op(
                op,
                &format!(
                    "A Timestamp cannot be multiplied by {}",
                    time_operand(other)
                ),
            ),
            At::Op,
        )),
        (B::Div, Value::Timespan(o)) => {
            if o.nanos == 0 {
                return Err((Error::evaluation("Division by 0"), At::Right));
            }
            float_result(op, t.div_timespan(*o))
        }
        (B::Div, Value::Integer(0)) => Err((Error::evaluation("Division by 0"), At::Right)),
        (B::Div, Value::Float(f)) if *f == 0.0 => {
            Err((Error::evaluation("Division by 0"), At::Right))
        }
        (B::Div, Value::Integer(i)) => t
            .div_int(*i)
            .map(Value::Timespan)
            .map_err(|e| time_err(op, e)),
        (B::Div, Value::Float(f)) => t
            .div_float(*f)
            .map(Value::Timespan)
            .map_err(|e| time_err(op, e)),
        (B::Div, other) => Err((
            runtime_op(
                op,
                &format!("A Timespan cannot be divided by {}", time_operand(other)),
            ),
            At::Op,
        )),
        (B::Mod, Value::Integer(0)) => Err((Error::evaluation("Division by 0"), At::Right)),
        (B::Mod, Value::Integer(i)) => {
            let secs = t.nanos.div_euclid(NANOS);
            let m = secs.rem_euclid(*i as i128);
            let m = if *i < 0 && m != 0 { m + *i as i128 } else { m };
            Ok(Value::Integer(m as i64))
        }
        (B::Mod, other) => Err((
            runtime_op(
                op,
                &format!(
                    "Can not do modulus on a Timespan using a {}",
                    time_operand(other)
                ),
            ),
            At::Op,
        )),
        _ => Err(not_applicable(op, &Value::Timespan(t), None)),
    }
}

/// An operand as the time operations' own messages name it: with its
/// article, a version as `a Version` (the modulus message adds another `a`,
/// as the reference's does).
fn time_operand(v: &Value) -> String {
    match v {
        Value::SemVer(_) => "a Version".to_string(),
        other => a_type_name(other),
    }
}

fn timestamp_op(op: BinaryOp, t: Timestamp, r: &Value) -> OpResult<Value> {
    use BinaryOp as B;
    let stamp = |n: Option<i128>| stamp_of(op, n);
    match (op, r) {
        (B::Add, Value::Timespan(o)) => stamp(t.nanos.checked_add(o.nanos)),
        (B::Add, Value::Timestamp(_)) => Err((
            runtime_op(op, "A Timestamp cannot be added to a Timestamp"),
            At::Op,
        )),
        (B::Add, Value::SemVer(_)) => Err((
            runtime_op(op, "A Version cannot be added to a Timestamp"),
            At::Op,
        )),
        (B::Add, n) => stamp(t.nanos.checked_add(seconds_to_nanos(op, n)?)),
        (B::Sub, Value::Timestamp(o)) => span_of(op, t.nanos.checked_sub(o.nanos)),
        (B::Sub, Value::Timespan(o)) => stamp(t.nanos.checked_sub(o.nanos)),
        (B::Sub, Value::SemVer(_)) => Err((
            runtime_op(op, "A Version cannot be subtracted from a Timestamp"),
            At::Op,
        )),
        (B::Sub, n) => stamp(t.nanos.checked_sub(seconds_to_nanos(op, n)?)),
        _ => Err(not_applicable(op, &Value::Timestamp(t), None)),
    }
}

/// An ArgumentError of an operator, as the reference wraps it.
fn runtime_op(op: BinaryOp, message: &str) -> Error {
    Error::evaluation(format!(
        "Error while evaluating a '{}' expression, {message}",
        op.symbol()
    ))
}

fn float_result(op: BinaryOp, v: f64) -> OpResult<Value> {
    if v.is_infinite() {
        return Err((
            Error::evaluation(format!(
                "The result of the {} expression is Infinity",
                op.symbol()
            )),
            At::Left,
        ));
    }
    Ok(Value::Float(v))
}

/// Arithmetic on Integers and Floats.
fn plain(op: BinaryOp, l: &Value, r: &Value) -> OpResult<Value> {
    use BinaryOp as B;
    let sym = op.symbol();
    match (l, r) {
        (Value::Integer(a), Value::Integer(b)) => {
            let (a, b) = (*a as i128, *b as i128);
            let v: i128 = match op {
                B::Add => a + b,
                B::Sub => a - b,
                B::Mul => a * b,
                B::Div | B::Mod => {
                    if b == 0 {
                        return Err((Error::evaluation("Division by 0"), At::Right));
                    }
                    // floored division, as Ruby's
                    let mut q = a / b;
                    if a % b != 0 && ((a < 0) != (b < 0)) {
                        q -= 1;
                    }
                    if op == B::Div {
                        q
                    } else {
                        a - q * b
                    }
                }
                B::LShift | B::RShift => {
                    let left = if op == B::LShift { b } else { -b };
                    if left >= 0 {
                        if a == 0 {
                            0
                        } else if left >= 64 {
                            return Err((overflow(sym, big_shift(a, left)), At::Op));
                        } else {
                            a << left
                        }
                    } else if -left >= 127 {
                        if a < 0 {
                            -1
                        } else {
                            0
                        }
                    } else {
                        a >> (-left)
                    }
                }
                _ => unreachable!(),
            };
            i64::try_from(v)
                .map(Value::Integer)
                .map_err(|_| (overflow(sym, v), At::Op))
        }
        (Value::Float(_), _) if matches!(op, B::LShift | B::RShift) => {
            Err(not_applicable(op, l, None))
        }
        // a Float shift count is truncated, as Ruby's `Integer#<<` does
        (Value::Integer(_), Value::Float(f)) if matches!(op, B::LShift | B::RShift) => {
            let count = f.trunc().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
            plain(op, l, &Value::Integer(count))
        }
        _ => {
            let (a, b) = (as_f64(l), as_f64(r));
            let v = match op {
                B::Add => a + b,
                B::Sub => a - b,
                B::Mul => a * b,
                B::Div => a / b,
                _ => unreachable!(),
            };
            if v.is_nan() {
                return Err((
                    Error::evaluation(format!("The result of the {sym} expression is NaN")),
                    At::Left,
                ));
            }
            float_result(op, v)
        }
    }
}

/// The (unrepresentable) value of `a << shift` for messages: saturated to i128.
fn big_shift(a: i128, shift: i128) -> i128 {
    if shift <= 64 {
        a << shift
    } else if a < 0 {
        i128::MIN
    } else {
        i128::MAX
    }
}

fn as_f64(v: &Value) -> f64 {
    match v {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        _ => f64::NAN,
    }
}

/// The elements the right operand of `+` adds (at most).
fn operand_len(r: &Value) -> usize {
    match r {
        Value::Array(a) => a.len(),
        Value::Hash(h) => h.len(),
        _ => 1,
    }
}

/// An error when a collection built by `op` would pass the evaluator's limit.
fn check_size(op: BinaryOp, n: usize) -> OpResult<()> {
    if n > super::MAX_ITERATIONS {
        return Err((
            Error::evaluation(format!(
                "The result of '{}' would have {n} elements, more than the evaluator's limit of {}",
                op.symbol(),
                super::MAX_ITERATIONS
            )),
            At::Op,
        ));
    }
    Ok(())
}

/// The right operand of array `+`/`-` as elements.
fn collection_operand(r: &Value) -> Vec<Value> {
    match r {
        Value::Array(a) => (**a).clone(),
        Value::Hash(h) => h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect(),
        other => vec![other.clone()],
    }
}

fn hash_add(h: &ValueMap, r: &Value) -> crate::error::Result<Value> {
    let mut out = h.clone();
    match r {
        Value::Hash(o) => out.extend(o.iter().map(|(k, v)| (k.clone(), v.clone()))),
        Value::Array(a) => {
            // an array of arrays gives one entry per element, else keys and values alternate
            let nested = !a.is_empty() && a.iter().all(|x| matches!(x, Value::Array(_)));
            if nested {
                for x in a.iter() {
                    if let Value::Array(kv) = x {
                        match kv.len() {
                            1 => out.insert(kv[0].clone(), Value::Undef),
                            2 => out.insert(kv[0].clone(), kv[1].clone()),
                            n => {
                                return Err(runtime(&format!(
                                    "invalid number of elements ({n} for 1..2)"
                                )))
                            }
                        };
                    }
                }
            } else {
                let pairs = super::convert::array_to_hash(a).map_err(|e| runtime(&e.message))?;
                out.extend(pairs);
            }
        }
        _ => return Err(runtime("Can only append Array or Hash to a Hash")),
    }
    Ok(Value::hash(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(v: i128) -> BigInt {
        BigInt::from(v)
    }

    /// Wide integers divide and shift as Ruby's Integers: floored.
    #[test]
    fn wide_integers_divide_and_shift_floored() {
        let values = [
            0i128,
            1,
            -1,
            7,
            -7,
            1 << 40,
            -(1 << 40) - 3,
            i64::MAX as i128 + 1,
            i64::MIN as i128 - 5,
            (1 << 100) + 12345,
            -(1 << 90),
        ];
        for a in values {
            for b in values.into_iter().filter(|b| *b != 0) {
                let mut fq = a / b;
                if a % b != 0 && (a < 0) != (b < 0) {
                    fq -= 1;
                }
                assert_eq!(big(a).div_mod_floor(&big(b)), (big(fq), big(a - fq * b)));
            }
            for n in [0u64, 1, 5, 31, 32, 33, 64] {
                assert_eq!(big(a) >> n, big(a >> n), "{a} >> {n}");
            }
            assert_eq!(big(a) >> u64::MAX, big(if a < 0 { -1 } else { 0 }));
            assert_eq!(wide_f64(&big(a)), a as f64);
        }
    }

    /// A wide integer becomes the nearest Float, ties to even, infinite
    /// beyond the largest.
    #[test]
    fn wide_integers_round_to_the_nearest_float() {
        assert_eq!(
            wide_f64(&big((1 << 64) + (1 << 11))),
            18446744073709551616.0
        );
        assert_eq!(
            wide_f64(&big((1 << 64) + (1 << 11) + 1)),
            18446744073709555712.0
        );
        assert_eq!(wide_f64(&(big(1) << 1100u32)), f64::INFINITY);
        assert_eq!(wide_f64(&(big(-1) << 1100u32)), f64::NEG_INFINITY);
    }

    /// Digits of a String's integer are read in their radix, nothing else
    /// (no `_` separators), and the range error shows the hexadecimal.
    #[test]
    fn wide_integers_from_digits_and_in_range_errors() {
        let v = wide_of_digits(false, 16, &"f".repeat(40)).unwrap();
        assert_eq!(v.bits(), 160);
        assert!(wide_overflow("+", &v)
            .message
            .ends_with(&format!("got '+0x{}'", "f".repeat(40))));
        assert_eq!(
            wide_of_digits(true, 10, "99999999999999999999"),
            Some(big(-99999999999999999999))
        );
        assert_eq!(wide_of_digits(false, 8, "777"), Some(big(511)));
        assert_eq!(wide_of_digits(false, 10, "1_000"), None);
        assert_eq!(wide_of_digits(false, 8, "78"), None);
        assert_eq!(
            fit(BinaryOp::Add, &big(i64::MIN as i128)).ok(),
            Some(Value::Integer(i64::MIN))
        );
        assert!(fit(BinaryOp::Add, &big(i64::MAX as i128 + 1)).is_err());
    }

    /// Shifts past the gem's bound are the range error, not a huge number.
    #[test]
    fn wide_shift_bounds_the_result() {
        assert!(wide_shift(BinaryOp::LShift, &big(1), &big(MAX_WIDE_SHIFT as i128 + 1)).is_err());
        assert_eq!(
            wide_shift(BinaryOp::RShift, &big(-(1 << 100)), &big(1 << 70)).ok(),
            Some(Value::Integer(-1))
        );
        assert_eq!(
            wide_shift(BinaryOp::LShift, &big(1 << 70), &big(-70)).ok(),
            Some(Value::Integer(1))
        );
    }
}
