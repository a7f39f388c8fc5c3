//! The comparison operators, as the reference's compare operator defines
//! them: `==` (strings case-insensitively, numbers across Integer, Float,
//! Timespan and Timestamp, containers deeply, types by equality), ordering
//! (`<` `<=` `>` `>=`: strings, numbers and time values, versions; types by
//! assignability), `in`, and the matching of case and selector options.
//! Arithmetic is in [`super::arith`].

use crate::error::{Error, Result};
use crate::syntax::ast::BinaryOp;
use crate::types::calc::{instance_of, is_assignable, types_equal};
use crate::values::Value;
use std::cmp::Ordering;

/// Where an operator's error is reported: at the operator, or at an operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum At {
    Op,
    Left,
    Right,
}

/// An operator's error and where it belongs.
pub(crate) type OpResult<T> = std::result::Result<T, (Error, At)>;

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
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan",
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp",
        Value::SemVer(_) => "SemanticPuppet::Version",
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange",
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary",
        Value::Uri(u) => match u.scheme.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("http") => "URI::HTTP",
            Some("https") => "URI::HTTPS",
            Some("ftp") => "URI::FTP",
            Some("file") => "URI::File",
            Some("ldap") => "URI::LDAP",
            Some("ldaps") => "URI::LDAPS",
            Some("mailto") => "URI::MailTo",
            _ => "URI::Generic",
        },
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        Value::Deferred(_) => "Puppet::Pops::Evaluator::DeferredValue",
        _ => "Object",
    }
}

/// How Ruby names a value in "no implicit conversion of X into String":
/// `nil`, `true`, `false`, else the class name.
pub(crate) fn ruby_conversion_name(v: &Value) -> &'static str {
    match v {
        Value::Undef => "nil",
        Value::Boolean(true) => "true",
        Value::Boolean(false) => "false",
        other => ruby_class(other),
    }
}

/// The reference's label of a value (its model label provider's): `Integer`,
/// `Undef Value`, `Integer[1, 5]-Type`, `Semver`, `Object` for others.
pub(crate) fn type_label(v: &Value) -> String {
    match v {
        Value::Undef => "Undef Value".to_string(),
        Value::Boolean(_) => "Boolean".to_string(),
        Value::Integer(_) => "Integer".to_string(),
        Value::Float(_) => "Float".to_string(),
        Value::String(_) => "String".to_string(),
        Value::Regexp(_) => "Regexp".to_string(),
        Value::Array(_) => "Array".to_string(),
        Value::Hash(_) => "Hash".to_string(),
        Value::Type(t) => match t.kind() {
            crate::types::TypeKind::Resource { title: Some(_), .. } => {
                format!("{t} Resource-Reference")
            }
            _ => format!("{t}-Type"),
        },
        Value::Binary(_) => "Binary".to_string(),
        Value::Sensitive(_) => "Sensitive".to_string(),
        Value::Timespan(_) => "Timespan".to_string(),
        Value::Timestamp(_) => "Timestamp".to_string(),
        Value::SemVer(_) => "Semver".to_string(),
        Value::SemVerRange(_) => "SemverRange".to_string(),
        _ => "Object".to_string(),
    }
}

/// The generalized type name of a value with an article: `an Integer`, `a String`.
pub(crate) fn a_type_name(v: &Value) -> String {
    a_an(&type_label(v), false)
}

/// `label` with its article: "an Enum-Type", "A Regexp-Type" (`upper`).
pub(crate) fn a_an(label: &str, upper: bool) -> String {
    let vowel = label.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']);
    match (vowel, upper) {
        (true, true) => format!("An {label}"),
        (true, false) => format!("an {label}"),
        (false, true) => format!("A {label}"),
        (false, false) => format!("a {label}"),
    }
}

/// ASCII case folding, as Ruby's `casecmp`.
fn fold(s: &str) -> impl Iterator<Item = u8> + '_ {
    s.bytes().map(|b| b.to_ascii_lowercase())
}

/// The language's `==`.
pub fn equals(a: &Value, b: &Value) -> bool {
    use Value as V;
    match (a, b) {
        (V::String(x), V::String(y)) => x.len() == y.len() && fold(x).eq(fold(y)),
        (V::Integer(_) | V::Float(_) | V::Timespan(_) | V::Timestamp(_), _) => numeric_equals(a, b),
        (V::Array(x), V::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| equals(p, q))
        }
        (V::Hash(x), V::Hash(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| match y.get(k) {
                    Some(w) => equals(w, v),
                    None => false,
                })
        }
        (V::Type(x), V::Type(y)) => types_equal(x, y),
        _ => a == b,
    }
}

/// `==` between a number (or time value) and anything.
fn numeric_equals(a: &Value, b: &Value) -> bool {
    use Value as V;
    match (a, b) {
        (V::Integer(x), V::Integer(y)) => x == y,
        (V::Integer(x), V::Float(y)) | (V::Float(y), V::Integer(x)) => (*x as f64) == *y,
        (V::Float(x), V::Float(y)) => x == y,
        (V::Timespan(x), V::Timespan(y)) => x == y,
        (V::Timestamp(x), V::Timestamp(y)) => x == y,
        (V::Timespan(_) | V::Timestamp(_), V::Integer(_) | V::Float(_)) => {
            time_cmp(a, b) == Some(Ordering::Equal)
        }
        (V::Integer(_) | V::Float(_), V::Timespan(_) | V::Timestamp(_)) => {
            time_cmp(b, a) == Some(Ordering::Equal)
        }
        _ => false,
    }
}

fn time_nanos(v: &Value) -> Option<i128> {
    match v {
        Value::Timespan(t) => Some(t.nanos),
        Value::Timestamp(t) => Some(t.nanos),
        _ => None,
    }
}

/// A time value against a number: Integers compare with the whole seconds,
/// Floats with the seconds as a Float.
fn time_cmp(t: &Value, n: &Value) -> Option<Ordering> {
    let nanos = time_nanos(t)?;
    match n {
        Value::Integer(i) => {
            let secs = nanos / 1_000_000_000; // truncated, as Ruby's Integer#/ on the positive side
            let secs = if nanos < 0 && nanos % 1_000_000_000 != 0 {
                secs - 1
            } else {
                secs
            };
            Some(secs.cmp(&(*i as i128)))
        }
        Value::Float(f) => (nanos as f64 / 1e9).partial_cmp(f),
        _ => None,
    }
}

fn as_f64(v: &Value) -> f64 {
    match v {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        Value::Timespan(t) => t.nanos as f64 / 1e9,
        Value::Timestamp(t) => t.nanos as f64 / 1e9,
        _ => f64::NAN,
    }
}

/// The ordering of two values, or why they cannot be ordered.
pub(crate) fn compare(l: &Value, r: &Value) -> std::result::Result<Ordering, String> {
    use Value as V;
    let numeric = |v: &Value| matches!(v, V::Integer(_) | V::Float(_));
    match (l, r) {
        (V::String(a), V::String(b)) => Ok(fold(a).cmp(fold(b))),
        (V::String(_), _) => Err("A String is not comparable to a non String".to_string()),
        (V::Integer(a), V::Integer(b)) => Ok(a.cmp(b)),
        (V::Integer(_) | V::Float(_), V::Integer(_) | V::Float(_)) => {
            Ok(as_f64(l).partial_cmp(&as_f64(r)).unwrap_or(Ordering::Equal))
        }
        (V::Integer(_) | V::Float(_), V::Timespan(_) | V::Timestamp(_)) => {
            Ok(as_f64(l).partial_cmp(&as_f64(r)).unwrap_or(Ordering::Equal))
        }
        (V::Integer(_) | V::Float(_), _) => {
            Err("A Numeric is not comparable to non Numeric".to_string())
        }
        (V::Timespan(a), V::Timespan(b)) => Ok({ a.nanos }.cmp(&{ b.nanos })),
        (V::Timespan(_), b) if numeric(b) => Ok(time_cmp(l, r).unwrap_or(Ordering::Equal)),
        (V::Timespan(_), _) => {
            Err("Timespans are only comparable to Timespans, Integers, and Floats".to_string())
        }
        (V::Timestamp(a), V::Timestamp(b)) => Ok({ a.nanos }.cmp(&{ b.nanos })),
        (V::Timestamp(_), b) if numeric(b) => Ok(time_cmp(l, r).unwrap_or(Ordering::Equal)),
        (V::Timestamp(_), _) => {
            Err("Timestamps are only comparable to Timestamps, Integers, and Floats".to_string())
        }
        (V::SemVer(a), V::SemVer(b)) => Ok(a.cmp(b)),
        (V::SemVer(_), _) => Err("Versions not comparable to non Versions".to_string()),
        (V::Default, V::Default) => Ok(Ordering::Equal),
        (V::Default, _) => Err("Symbol not comparable to non Symbol".to_string()),
        _ => Err(
            "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable".to_string(),
        ),
    }
}

/// A comparison operator (`==` `!=` `<` `<=` `>` `>=`) applied to two values.
pub(crate) fn comparison(op: BinaryOp, l: &Value, r: &Value) -> OpResult<bool> {
    use BinaryOp as B;
    if let Value::Type(a) = l {
        let b = match r {
            Value::Type(b) => b,
            // (a type is never assignable to or from a value)
            _ => return Ok(op == B::Ne),
        };
        return Ok(match op {
            B::Eq => types_equal(a, b),
            B::Ne => !types_equal(a, b),
            B::Lt => is_assignable(b, a) && !types_equal(a, b),
            B::Le => is_assignable(b, a),
            B::Gt => is_assignable(a, b) && !types_equal(a, b),
            _ => is_assignable(a, b),
        });
    }
    match op {
        B::Eq => return Ok(equals(l, r)),
        B::Ne => return Ok(!equals(l, r)),
        _ => {}
    }
    let ord = compare(l, r).map_err(|cause| (not_comparable(op, l, r, &cause), At::Op))?;
    Ok(match op {
        B::Lt => ord == Ordering::Less,
        B::Le => ord != Ordering::Greater,
        B::Gt => ord == Ordering::Greater,
        _ => ord != Ordering::Less,
    })
}

fn not_comparable(op: BinaryOp, l: &Value, r: &Value, cause: &str) -> Error {
    Error::evaluation(format!(
        "Comparison of: {} {} {}, is not possible. Caused by '{cause}'.",
        type_label(l),
        op.symbol(),
        type_label(r)
    ))
}

/// Whether a regex matches a string, and the groups when it does.
pub(crate) fn regex_groups(re: &crate::values::Regexp, s: &str) -> Result<Option<Vec<Value>>> {
    let mut region = onig::Region::new();
    if re.search(s, Some(&mut region))?.is_none() {
        return Ok(None);
    }
    Ok(Some(
        (0..region.len())
            .map(|i| match region.pos(i) {
                Some((from, to)) => Value::string(&s[from..to]),
                None => Value::Undef,
            })
            .collect(),
    ))
}

/// What a match that sets `$0..$n` reports: whether it matched, and the
/// groups to set (`None` leaves the match variables alone).
pub(crate) type Matched = (bool, Option<Vec<Value>>);

/// `needle in container`.
pub(crate) fn in_op(needle: &Value, container: &Value) -> Result<Matched> {
    use Value as V;
    Ok(match container {
        V::String(s) => match needle {
            V::String(n) => (s.to_lowercase().contains(&n.to_lowercase()), None),
            V::Regexp(re) => match regex_groups(re, s)? {
                Some(g) => (true, Some(g)),
                None => (false, None),
            },
            _ => (false, None),
        },
        V::Binary(b) => (
            match needle {
                V::Binary(n) => contains_bytes(&b.bytes, &n.bytes),
                V::String(n) => contains_bytes(&b.bytes, n.as_bytes()),
                V::Integer(i) => b.bytes.iter().any(|x| i64::from(*x) == *i),
                _ => false,
            },
            None,
        ),
        V::Array(items) => in_array(needle, items.iter())?,
        V::Hash(h) => in_array(needle, h.keys())?,
        V::SemVerRange(range) => (
            match needle {
                V::SemVer(v) => range.includes(v),
                V::String(s) => crate::values::SemVer::parse(s).is_ok_and(|v| range.includes(&v)),
                _ => false,
            },
            None,
        ),
        _ => (false, None),
    })
}

fn contains_bytes(hay: &[u8], needle: &[u8]) -> bool {
    needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle)
}

fn in_array<'a>(needle: &Value, items: impl Iterator<Item = &'a Value>) -> Result<Matched> {
    use Value as V;
    match needle {
        V::Regexp(re) => {
            for x in items {
                if let V::String(s) = x {
                    if let Some(g) = regex_groups(re, s)? {
                        return Ok((true, Some(g)));
                    }
                }
            }
            Ok((false, None))
        }
        V::String(_) | V::SemVer(_) => {
            for x in items {
                if case_match(needle, x)?.0 {
                    return Ok((true, None));
                }
            }
            Ok((false, None))
        }
        V::Type(t) => Ok((items.into_iter().any(|x| instance_of(t, x)), None)),
        _ => Ok((items.into_iter().any(|x| equals(x, needle)), None)),
    }
}

/// Whether `v` matches the case or selector option `pattern`: a regex
/// matches strings, a type its instances, a version range its versions,
/// arrays and hashes element by element, `default` anything, other values
/// by `==`.
pub(crate) fn case_match(v: &Value, pattern: &Value) -> Result<Matched> {
    use Value as V;
    Ok(match pattern {
        V::Default => (true, None),
        V::Regexp(re) => match v {
            V::String(s) => match regex_groups(re, s)? {
                Some(g) => (true, Some(g)),
                None => (false, None),
            },
            _ => (false, None),
        },
        V::Type(t) => (instance_of(t, v), None),
        V::SemVer(ver) => (
            match v {
                V::SemVer(x) => x == ver,
                V::String(s) => crate::values::SemVer::parse(s).is_ok_and(|x| x == **ver),
                _ => false,
            },
            None,
        ),
        V::SemVerRange(range) => (
            match v {
                V::SemVer(x) => range.includes(x),
                V::String(s) => crate::values::SemVer::parse(s).is_ok_and(|x| range.includes(&x)),
                _ => false,
            },
            None,
        ),
        V::Array(ps) => {
            let V::Array(xs) = v else {
                return Ok((false, None));
            };
            if xs.len() != ps.len() {
                return Ok((false, None));
            }
            let mut last = None;
            for (x, p) in xs.iter().zip(ps.iter()) {
                let (hit, groups) = case_match(x, p)?;
                if !hit {
                    return Ok((false, None));
                }
                if groups.is_some() {
                    last = groups;
                }
            }
            (true, last)
        }
        V::Hash(ph) => {
            let V::Hash(h) = v else {
                return Ok((false, None));
            };
            let mut last = None;
            for (k, p) in ph.iter() {
                let x = h.get(k).cloned().unwrap_or(V::Undef);
                let (hit, groups) = case_match(&x, p)?;
                if !hit {
                    return Ok((false, None));
                }
                if groups.is_some() {
                    last = groups;
                }
            }
            (true, last)
        }
        _ => (equals(v, pattern), None),
    })
}
