//! `URI[...]` parameter constraints: matching a URI's parts, and comparing two
//! parameter hashes for assignability. A part matches a constraint the way
//! Puppet's `=~`/case matching does: a String is compared case-insensitively,
//! a Regexp matches, a Type must accept the part, `undef` requires absence.

use super::instance::instance_of;
use super::is_assignable;
use crate::values::{Uri, Value, ValueMap};

/// Puppet's match of a value against a constraint (String, Regexp, Type, undef, other).
fn matches(v: &Value, constraint: &Value) -> bool {
    match constraint {
        Value::Regexp(r) => v.as_str().is_some_and(|s| r.is_match(s)),
        Value::Type(t) => instance_of(t, v),
        Value::String(c) => v
            .as_str()
            .is_some_and(|s| s.to_lowercase() == c.to_lowercase()),
        Value::Undef => v.is_undef(),
        other => v == other,
    }
}

/// True when every constrained part of `u` matches.
pub(crate) fn uri_matches(params: &ValueMap, u: &Uri) -> bool {
    params.iter().all(|(k, c)| match k.as_str() {
        Some(name) => matches(&u.part(name).unwrap_or(Value::Undef), c),
        None => false,
    })
}

/// True when a `URI[a]` type accepts a `URI[b]` type.
pub(crate) fn uri_type_accepts(a: Option<&ValueMap>, b: Option<&ValueMap>) -> bool {
    let Some(a) = a else { return true };
    let empty = ValueMap::new();
    let b = b.unwrap_or(&empty);
    a.iter().all(|(k, ca)| match b.get(k) {
        None => false,
        Some(cb) => {
            matches(cb, ca)
                || matches!((cb, ca), (Value::Type(tb), Value::Type(ta)) if is_assignable(ta, tb))
        }
    })
}
