//! Format maps keyed by types: validating a user map, merging it with the
//! defaults (a given format overrides the default for the same type, and a
//! default for a type more specific than a given one is dropped), ordering
//! the entries most specific first, and matching values against the keys.

use super::map::{defaults, Fmt, Rules};
use super::spec::Spec;
use super::{FormatEntry, FormatMap, MapKey};
use crate::error::Result;
use crate::types::calc::{instance_of, is_assignable};
use crate::types::{factory, Type, TypeKind};
use crate::values::Value;
use std::cmp::Ordering;
use std::sync::Arc;

type Entries = Vec<(Type, Arc<Fmt>)>;

/// True when `value` is described by the key `t`.
pub fn matches(t: &Type, value: &Value) -> bool {
    match (t.kind(), value) {
        // Deferred values are Objects in the reference.
        (TypeKind::Object(_), Value::Deferred(_)) => true,
        _ => instance_of(t, value),
    }
}

/// The entries a map stands for.
fn entries(rules: &Rules) -> Entries {
    let d = defaults();
    match rules {
        Rules::Top => vec![
            (factory::object(), d.p.clone()),
            (factory::float(), d.f.clone()),
            (factory::numeric(), d.d.clone()),
            (factory::array_of_any(), d.array.clone()),
            (factory::hash_of_any(), d.hash.clone()),
            (factory::binary(), d.binary.clone()),
            (factory::any(), d.s.clone()),
        ],
        Rules::Container => vec![(factory::any(), d.p.clone())],
        Rules::Single(f) => vec![(factory::any(), f.clone())],
        Rules::Given(kind, f) => {
            let mut e = entries(&Rules::Top);
            let key = match kind {
                super::map::Given::Array => factory::array_of_any(),
                super::map::Given::Hash => factory::hash_of_any(),
            };
            for entry in e.iter_mut() {
                if entry.0 == key {
                    entry.1 = f.clone();
                }
            }
            e
        }
        Rules::Custom(e) => e.as_ref().clone(),
    }
}

/// `higher` merged over `lower`, ordered most specific first.
pub fn merge_rules(lower: &Rules, higher: &Rules) -> Rules {
    let lower = entries(lower);
    let higher = entries(higher);
    let mut merged: Entries = Vec::with_capacity(lower.len() + higher.len());
    for (lk, lf) in &lower {
        // A lower entry for a type some other higher key covers must not override it.
        if higher
            .iter()
            .any(|(hk, _)| hk != lk && is_assignable(hk, lk))
        {
            continue;
        }
        let f = match higher.iter().find(|(hk, _)| hk == lk) {
            Some((_, hf)) => Arc::new(lf.merged(hf)),
            None => lf.clone(),
        };
        merged.push((lk.clone(), f));
    }
    for (hk, hf) in &higher {
        if !merged.iter().any(|(k, _)| k == hk) {
            merged.push((hk.clone(), hf.clone()));
        }
    }
    sort_most_specific_first(&mut merged);
    Rules::Custom(Arc::new(merged))
}

/// Order entries so a type comes before the types it is assignable to; types not
/// ordered that way go by rank (Struct, Hash, Tuple, Array, Pattern, Enum, String) or
/// by their text. That comparison is not transitive, so the result depends on the sort
/// algorithm: this is a top-down merge sort (halves `n/2` and `n - n/2`, ties taken
/// from the left), the algorithm under the reference's sort, so the same order results.
fn sort_most_specific_first(entries: &mut Entries) {
    if entries.len() <= 1 {
        return;
    }
    let right_part = entries.split_off(entries.len() / 2);
    let mut left = std::mem::take(entries);
    let mut right = right_part;
    sort_most_specific_first(&mut left);
    sort_most_specific_first(&mut right);
    let mut l = left.into_iter().peekable();
    let mut r = right.into_iter().peekable();
    while let (Some(a), Some(b)) = (l.peek(), r.peek()) {
        let take_left = compare(&a.0, &b.0) != Ordering::Greater;
        let next = if take_left { l.next() } else { r.next() };
        entries.extend(next);
    }
    entries.extend(l);
    entries.extend(r);
}

fn compare(a: &Type, b: &Type) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    let a_in_b = is_assignable(b, a);
    let b_in_a = is_assignable(a, b);
    match (a_in_b, b_in_a) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => {
            let (ra, rb) = (rank(a), rank(b));
            if ra == 0 || rb == 0 {
                a.to_string().cmp(&b.to_string())
            } else {
                ra.cmp(&rb)
            }
        }
    }
}

fn rank(t: &Type) -> u8 {
    match t.kind() {
        TypeKind::Struct(_) => 1,
        TypeKind::Hash { .. } => 2,
        TypeKind::Tuple { .. } => 3,
        TypeKind::Array { .. } => 4,
        TypeKind::Pattern(_) => 10,
        TypeKind::Enum { .. } => 11,
        TypeKind::String { .. } => 12,
        _ => 0,
    }
}

/// A user map as entries in the order given (validated, not merged).
fn user_entries(map: &FormatMap) -> Result<Entries> {
    let mut out: Entries = Vec::with_capacity(map.0.len());
    for (key, entry) in &map.0 {
        let t = match key {
            MapKey::Type(t) => t.clone(),
            MapKey::Text(text) => crate::types::parse::parse(text)?,
        };
        let f = match entry {
            FormatEntry::Text(text) => Fmt::parse(text)?,
            FormatEntry::Container(c) => Fmt {
                spec: Spec::parse(c.format.as_deref().unwrap_or(""))?,
                separator: c.separator.as_deref().map(Into::into),
                separator2: c.separator2.as_deref().map(Into::into),
                string_formats: match &c.string_formats {
                    Some(m) => Some(Rules::Custom(Arc::new(user_entries(m)?))),
                    None => None,
                },
            },
        };
        match out.iter_mut().find(|(k, _)| *k == t) {
            Some(slot) => slot.1 = Arc::new(f),
            None => out.push((t, Arc::new(f))),
        }
    }
    Ok(out)
}

/// The rules of a user format map merged with the defaults.
pub fn rules_from_map(map: &FormatMap) -> Result<Rules> {
    let user = Rules::Custom(Arc::new(user_entries(map)?));
    Ok(merge_rules(&Rules::Top, &user))
}
