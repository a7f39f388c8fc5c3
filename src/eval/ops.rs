//! The operators on values: arithmetic with Integer/Float promotion and
//! overflow checks, array and hash `+ - <<`, equality (case-insensitive for
//! strings, deep for containers), ordering, and `in`.

use super::convert::to_number;
use crate::error::{Error, Result};
use crate::syntax::ast::BinaryOp;
use crate::types::calc::{instance_of, is_assignable, types_equal};
use crate::values::{Value, ValueMap};
use std::cmp::Ordering;

/// The Ruby class name of a value, as the reference's messages show it.
pub(crate) fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Undef => "NilClass",
        Value::Default => "Symbol",
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Regexp(_) => "Regexp",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        _ => "Object",
    }
}

/// The generalized type name of a value with an article: `an Integer`, `a String`.
pub(crate) fn a_type_name(v: &Value) -> String {
    let name = match v {
        Value::Undef => return "an Undef Value".to_string(),
        Value::Type(_) => "Type".to_string(),
        Value::Default => "Default".to_string(),
        _ => {
            let t = crate::types::calc::infer_generic(v).to_string();
            t.split('[').next().unwrap_or("").to_string()
        }
    };
    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// `-v`.
pub fn negate(v: &Value) -> Result<Value> {
    match to_number(v)? {
        Value::Integer(i) => i
            .checked_neg()
            .map(Value::Integer)
            .ok_or_else(|| overflow("-", -(i as i128))),
        Value::Float(f) => Ok(Value::Float(-f)),
        _ => unreachable!("to_number gives numbers"),
    }
}

fn overflow(op: &str, value: i128) -> Error {
    let (bound, sign) = if value < 0 {
        ("min", '-')
    } else {
        ("max", '+')
    };
    Error::evaluation(format!(
        "A '{op}' expression resulted in a value outside of Puppet Integer {bound} range, got '{sign}0x{:x}'",
        value.unsigned_abs()
    ))
}

/// A binary arithmetic or comparison operator applied to two values.
pub fn binary(op: BinaryOp, l: &Value, r: &Value) -> Result<Value> {
    use BinaryOp as B;
    match op {
        B::Eq => Ok(Value::Boolean(equals(l, r))),
        B::Ne => Ok(Value::Boolean(!equals(l, r))),
        B::Lt | B::Le | B::Gt | B::Ge => compare_op(op, l, r).map(Value::Boolean),
        B::Add | B::Sub | B::LShift | B::Mul | B::Div | B::Mod | B::RShift => match (op, l) {
            (B::Add, Value::Array(a)) => {
                check_size(op, a.len() + operand_len(r))?;
                let mut out = (**a).clone();
                out.extend(collection_operand(r));
                Ok(Value::array(out))
            }
            (B::Sub, Value::Array(a)) => {
                let remove = collection_operand(r);
                Ok(Value::array(
                    a.iter().filter(|x| !remove.contains(x)).cloned().collect(),
                ))
            }
            (B::LShift, Value::Array(a)) => {
                check_size(op, a.len() + 1)?;
                let mut out = (**a).clone();
                out.push(r.clone());
                Ok(Value::array(out))
            }
            (B::Add, Value::Hash(h)) => {
                check_size(op, h.len() + operand_len(r))?;
                hash_add(h, r)
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
                Ok(Value::hash(out))
            }
            (_, Value::Hash(_)) if op != B::Add && op != B::Sub && op != B::Mul => {
                Err(Error::evaluation(format!(
                    "Operator '{}' is not applicable to a Hash.",
                    op.symbol()
                )))
            }
            _ => arithmetic(op, &to_number(l)?, &to_number(r)?),
        },
        _ => Err(Error::evaluation(format!(
            "Unsupported operator '{}'",
            op.symbol()
        ))),
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
fn check_size(op: BinaryOp, n: usize) -> Result<()> {
    if n > super::MAX_ITERATIONS {
        return Err(Error::evaluation(format!(
            "The result of '{}' would have {n} elements, more than the evaluator's limit of {}",
            op.symbol(),
            super::MAX_ITERATIONS
        )));
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

fn hash_add(h: &ValueMap, r: &Value) -> Result<Value> {
    let mut out = h.clone();
    match r {
        Value::Hash(o) => out.extend(o.iter().map(|(k, v)| (k.clone(), v.clone()))),
        Value::Array(a) => {
            let pairs = super::convert::array_to_hash(a).map_err(|e| {
                Error::evaluation(format!(
                    "Error while evaluating a '+' expression, {}",
                    e.message
                ))
            })?;
            out.extend(pairs);
        }
        _ => {
            return Err(Error::evaluation(
                "Error while evaluating a '+' expression, Can only append Array or Hash to a Hash",
            ))
        }
    }
    Ok(Value::hash(out))
}

fn arithmetic(op: BinaryOp, l: &Value, r: &Value) -> Result<Value> {
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
                        return Err(Error::evaluation("Division by 0"));
                    }
                    // floored division, as Ruby's
                    let mut q = a / b;
                    if a % b != 0 && ((a < 0) != (b < 0)) {
                        q -= 1;
                    }
                    let m = a - q * b;
                    if op == B::Div {
                        q
                    } else {
                        m
                    }
                }
                B::LShift | B::RShift => {
                    let left = if op == B::LShift { b } else { -b };
                    if left >= 0 {
                        if a == 0 {
                            0
                        } else if left >= 64 {
                            return Err(overflow(sym, big_shift(a, left)));
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
                .map_err(|_| overflow(sym, v))
        }
        (Value::Float(_), _) if matches!(op, B::Mod | B::LShift | B::RShift) => Err(
            Error::evaluation(format!("Operator '{sym}' is not applicable to a Float.")),
        ),
        (_, Value::Float(_)) if matches!(op, B::Mod | B::LShift | B::RShift) => {
            Err(Error::evaluation(format!(
                "Operator '{sym}' is not applicable to an Integer when right side is a Float."
            )))
        }
        _ => {
            let a = as_f64(l);
            let b = as_f64(r);
            let v = match op {
                B::Add => a + b,
                B::Sub => a - b,
                B::Mul => a * b,
                B::Div => a / b,
                _ => unreachable!(),
            };
            if v.is_infinite() {
                return Err(Error::evaluation(format!(
                    "The result of the {sym} expression is Infinity"
                )));
            }
            if v.is_nan() {
                return Err(Error::evaluation(format!(
                    "The result of the {sym} expression is NaN"
                )));
            }
            Ok(Value::Float(v))
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

/// ASCII-case-insensitive string equality (as Ruby's `casecmp`).
fn str_eq_ci(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// The language's `==`.
pub fn equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) => str_eq_ci(x, y),
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            (*x as f64) == *y
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| equals(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| match y.get(k) {
                    Some(w) => equals(v, w),
                    None => false,
                })
        }
        (Value::Type(x), Value::Type(y)) => types_equal(x, y),
        _ => a == b,
    }
}

fn compare_op(op: BinaryOp, l: &Value, r: &Value) -> Result<bool> {
    use BinaryOp as B;
    if let (Value::Type(a), Value::Type(b)) = (l, r) {
        return Ok(match op {
            B::Lt => is_assignable(b, a) && !types_equal(a, b),
            B::Le => is_assignable(b, a),
            B::Gt => is_assignable(a, b) && !types_equal(a, b),
            _ => is_assignable(a, b),
        });
    }
    let ord = compare(l, r).map_err(|cause| {
        Error::evaluation(format!(
            "Comparison of: {} {} {}, is not possible. Caused by '{cause}'.",
            type_label(l),
            op.symbol(),
            type_label(r)
        ))
    })?;
    Ok(match op {
        B::Lt => ord == Ordering::Less,
        B::Le => ord != Ordering::Greater,
        B::Gt => ord == Ordering::Greater,
        _ => ord != Ordering::Less,
    })
}

fn type_label(v: &Value) -> String {
    let s = a_type_name(v);
    s.split_once(' ').map(|x| x.1).unwrap_or("").to_string()
}

/// The ordering of two comparable values, or why they are not comparable.
pub(crate) fn compare(l: &Value, r: &Value) -> std::result::Result<Ordering, String> {
    use Value as V;
    let not_numeric = || "A Numeric is not comparable to non Numeric".to_string();
    let only =
        || "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable".to_string();
    match (l, r) {
        (V::Integer(a), V::Integer(b)) => Ok(a.cmp(b)),
        (V::Integer(_) | V::Float(_), V::Integer(_) | V::Float(_)) => {
            Ok(as_f64(l).partial_cmp(&as_f64(r)).unwrap_or(Ordering::Equal))
        }
        (V::Integer(_) | V::Float(_), _) => Err(not_numeric()),
        (V::String(a), V::String(b)) => Ok(a.to_lowercase().cmp(&b.to_lowercase())),
        (V::String(_), _) => Err("A String is not comparable to a non String".to_string()),
        (V::SemVer(a), V::SemVer(b)) => a.partial_cmp(b).ok_or_else(only),
        (V::Timespan(a), V::Timespan(b)) => a.partial_cmp(b).ok_or_else(only),
        (V::Timestamp(a), V::Timestamp(b)) => a.partial_cmp(b).ok_or_else(only),
        _ => Err(only()),
    }
}

/// Whether `re` matches one of the strings among `values`.
fn any_match<'a>(
    re: &crate::values::Regexp,
    values: impl Iterator<Item = &'a Value>,
) -> Result<bool> {
    for v in values {
        if let Value::String(s) = v {
            if re.try_match(s)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// `l in r`.
pub fn in_op(l: &Value, r: &Value) -> Result<bool> {
    Ok(match (l, r) {
        (Value::String(s), Value::String(t)) => t.to_lowercase().contains(&s.to_lowercase()),
        (Value::Regexp(re), Value::String(t)) => re.try_match(t)?,
        (Value::Regexp(re), Value::Array(a)) => any_match(re, a.iter())?,
        (Value::Regexp(re), Value::Hash(h)) => any_match(re, h.keys())?,
        (Value::Type(t), Value::Array(a)) => a.iter().any(|x| instance_of(t, x)),
        (Value::Type(_), _) => false,
        (_, Value::Array(a)) => a.iter().any(|x| equals(l, x)),
        (_, Value::Hash(h)) => h.keys().any(|x| equals(l, x)),
        _ => false,
    })
}
