//! Normalisation of a resolved alias body, as the reference does when it
//! resolves a type alias (a type written directly is not normalised).
//!
//! - `Optional[Optional[T]]` is `Optional[T]`, `Optional[Undef]` is `Undef`,
//!   `NotUndef[Optional[T]]` and `NotUndef[NotUndef[T]]` are `T`.
//! - A Variant with `Undef` or `Optional` members becomes `Optional[Variant[...]]`
//!   of the rest (or the rest alone when it already accepts undef).
//! - Within a Variant, Integer, Float and Timespan ranges that touch are merged
//!   (merged ranges come first), case-sensitive Enums are merged into one and
//!   Patterns into one (each placed after the other members), and SemVer types
//!   are merged into one.
//! - Containers are normalised member by member; aliases are left alone (they
//!   are normalised when they are resolved).

use super::factory as tf;
use super::model::{CallableType, IntRange, StructElement, Type, TypeKind};
use crate::values::SemVerRange;
use std::sync::Arc;

/// The normalised form of `t`.
pub fn normalize(t: &Type) -> Type {
    normalize_depth(t, 0)
}

const MAX_DEPTH: usize = 1000;

fn opt(t: &Option<Type>, depth: usize) -> Option<Type> {
    t.as_ref().map(|t| normalize_depth(t, depth + 1))
}

fn normalize_depth(t: &Type, depth: usize) -> Type {
    use TypeKind as K;
    if depth > MAX_DEPTH {
        return t.clone();
    }
    let d = depth + 1;
    match t.kind() {
        K::Optional(Some(inner)) => {
            let n = normalize_depth(inner, d);
            match n.kind() {
                K::Optional(_) => n,
                K::NotUndef(Some(x)) => tf::optional(Some(x.clone())),
                K::Undef => n,
                _ => tf::optional(Some(n)),
            }
        }
        K::NotUndef(Some(inner)) => {
            let mut n = normalize_depth(inner, d);
            if let K::Optional(Some(x)) | K::NotUndef(Some(x)) = n.kind() {
                n = x.clone();
            }
            if tf::accepts_undef(&n) {
                tf::not_undef(Some(n))
            } else {
                n
            }
        }
        K::Variant(ts) => normalize_variant(ts, d),
        K::Array { element, size } => {
            let e = normalize_depth(element, d);
            if e.ptr_eq(element) {
                return t.clone();
            }
            Type::from_kind(K::Array {
                element: e,
                size: *size,
            })
        }
        K::Hash { key, value, size } => Type::from_kind(K::Hash {
            key: normalize_depth(key, d),
            value: normalize_depth(value, d),
            size: *size,
        }),
        K::Struct(Some(es)) => Type::from_kind(K::Struct(Some(
            es.iter()
                .map(|e| StructElement {
                    name: e.name.clone(),
                    key_type: e.key_type.clone(),
                    value_type: normalize_depth(&e.value_type, d),
                })
                .collect(),
        ))),
        K::Tuple {
            types: Some(ts),
            size,
        } => Type::from_kind(K::Tuple {
            types: Some(ts.iter().map(|x| normalize_depth(x, d)).collect()),
            size: *size,
        }),
        K::Callable(c) => Type::from_kind(K::Callable(Box::new(CallableType {
            params: opt(&c.params, d),
            block: opt(&c.block, d),
            return_type: opt(&c.return_type, d),
        }))),
        K::Type(Some(x)) => tf::type_type(Some(normalize_depth(x, d))),
        K::Iterable(Some(x)) => tf::iterable(Some(normalize_depth(x, d))),
        K::Iterator(Some(x)) => tf::iterator(Some(normalize_depth(x, d))),
        K::Init(Some(x), args) => tf::init(Some(normalize_depth(x, d)), args.clone()),
        _ => t.clone(),
    }
}

fn flatten_into(out: &mut Vec<Type>, t: Type) {
    match t.kind() {
        TypeKind::Variant(inner) => inner.iter().for_each(|i| flatten_into(out, i.clone())),
        _ => {
            if !out.contains(&t) {
                out.push(t)
            }
        }
    }
}

fn normalize_variant(ts: &[Type], d: usize) -> Type {
    use TypeKind as K;
    let mut members = Vec::with_capacity(ts.len());
    for t in ts {
        flatten_into(&mut members, normalize_depth(t, d));
    }
    // Undef and Optional members make the whole variant optional.
    if members
        .iter()
        .any(|m| matches!(m.kind(), K::Undef | K::Optional(_)))
    {
        let mut rest = Vec::with_capacity(members.len());
        for m in members {
            match m.kind() {
                K::Undef | K::Optional(None) => {}
                K::Optional(Some(x)) | K::NotUndef(Some(x)) => flatten_into(&mut rest, x.clone()),
                _ => flatten_into(&mut rest, m),
            }
        }
        if rest.is_empty() {
            return tf::undef();
        }
        let inner = normalize_variant(&rest, d);
        return if tf::accepts_undef(&inner) {
            inner
        } else {
            tf::optional(Some(inner))
        };
    }
    let members = merge_enums(members);
    let members = merge_patterns(members);
    let members = merge_ranges(members, int_range, merge_int);
    let members = merge_ranges(members, float_range, merge_float);
    let members = merge_ranges(members, timespan_range, merge_timespan);
    let members = merge_semver(members);
    tf::variant(members)
}

/// Case-sensitive Enums merged into one, after the other members.
fn merge_enums(members: Vec<Type>) -> Vec<Type> {
    let is_enum = |t: &Type| matches!(t.kind(), TypeKind::Enum { values, case_insensitive: false } if !values.is_empty());
    if members.iter().filter(|t| is_enum(t)).count() < 2 {
        return members;
    }
    let mut values: Vec<Arc<str>> = Vec::new();
    let mut out = Vec::with_capacity(members.len());
    for m in members {
        if is_enum(&m) {
            if let TypeKind::Enum { values: vs, .. } = m.kind() {
                values.extend(vs.iter().cloned());
            }
        } else {
            out.push(m);
        }
    }
    out.push(tf::enum_of(&values));
    out
}

/// Patterns merged into one, after the other members.
fn merge_patterns(members: Vec<Type>) -> Vec<Type> {
    let is_pattern = |t: &Type| matches!(t.kind(), TypeKind::Pattern(ps) if !ps.is_empty());
    if members.iter().filter(|t| is_pattern(t)).count() < 2 {
        return members;
    }
    let mut regexps = Vec::new();
    let mut out = Vec::with_capacity(members.len());
    for m in members {
        match m.kind() {
            TypeKind::Pattern(ps) if !ps.is_empty() => regexps.extend(ps.iter().cloned()),
            _ => out.push(m),
        }
    }
    out.push(tf::pattern(regexps));
    out
}

fn int_range(t: &Type) -> Option<IntRange> {
    match t.kind() {
        TypeKind::Integer(r) => Some(*r),
        _ => None,
    }
}

fn merge_int(a: &IntRange, b: &IntRange) -> Option<Type> {
    // Overlapping or adjacent ranges merge.
    let touch =
        |x: &IntRange, y: &IntRange| x.max() >= y.min() || x.max().checked_add(1) == Some(y.min());
    let (lo, hi) = if a.min() <= b.min() { (a, b) } else { (b, a) };
    if !touch(lo, hi) {
        return None;
    }
    let from = lo.from;
    let to = match (lo.to, hi.to) {
        (Some(x), Some(y)) => Some(x.max(y)),
        _ => None,
    };
    tf::range(from, to).ok()
}

fn float_range(t: &Type) -> Option<(Option<f64>, Option<f64>)> {
    match t.kind() {
        TypeKind::Float(a, b) => Some((*a, *b)),
        _ => None,
    }
}

fn merge_float(a: &(Option<f64>, Option<f64>), b: &(Option<f64>, Option<f64>)) -> Option<Type> {
    let min = |r: &(Option<f64>, Option<f64>)| r.0.unwrap_or(f64::NEG_INFINITY);
    let max = |r: &(Option<f64>, Option<f64>)| r.1.unwrap_or(f64::INFINITY);
    let (lo, hi) = if min(a) <= min(b) { (a, b) } else { (b, a) };
    if max(lo) < min(hi) {
        return None;
    }
    let to = if max(lo) >= max(hi) { lo.1 } else { hi.1 };
    tf::float_range(lo.0, to).ok()
}

type SpanRange = (
    Option<crate::values::Timespan>,
    Option<crate::values::Timespan>,
);

fn timespan_range(t: &Type) -> Option<SpanRange> {
    match t.kind() {
        TypeKind::Timespan(a, b) => Some((*a, *b)),
        _ => None,
    }
}

fn merge_timespan(a: &SpanRange, b: &SpanRange) -> Option<Type> {
    let min = |r: &SpanRange| r.0.map(|t| t.nanos).unwrap_or(i128::MIN);
    let max = |r: &SpanRange| r.1.map(|t| t.nanos).unwrap_or(i128::MAX);
    let (lo, hi) = if min(a) <= min(b) { (a, b) } else { (b, a) };
    if max(lo) < min(hi) {
        return None;
    }
    let to = if max(lo) >= max(hi) { lo.1 } else { hi.1 };
    tf::timespan(lo.0, to).ok()
}

/// Merge touching ranges of one kind; when anything merged, the ranges come first.
fn merge_ranges<R>(
    members: Vec<Type>,
    get: impl Fn(&Type) -> Option<R>,
    merge: impl Fn(&R, &R) -> Option<Type>,
) -> Vec<Type> {
    if members.iter().filter(|t| get(t).is_some()).count() < 2 {
        return members;
    }
    let original = members.clone();
    let (mut pending, others): (Vec<Type>, Vec<Type>) =
        members.into_iter().partition(|t| get(t).is_some());
    let mut merged_any = false;
    let mut done: Vec<Type> = Vec::new();
    while !pending.is_empty() {
        let a = pending.remove(0);
        let ra = get(&a);
        let hit = pending.iter().enumerate().find_map(|(j, b)| {
            let (Some(x), Some(y)) = (ra.as_ref(), get(b)) else {
                return None;
            };
            merge(x, &y).map(|m| (j, m))
        });
        match hit {
            Some((j, m)) => {
                pending.remove(j);
                pending.push(m);
                merged_any = true;
            }
            None => done.push(a),
        }
    }
    if !merged_any {
        // Nothing merged: keep the original order.
        return original;
    }
    done.extend(others);
    done
}

/// SemVer types merged into one holding all their ranges.
fn merge_semver(members: Vec<Type>) -> Vec<Type> {
    let is_sv = |t: &Type| matches!(t.kind(), TypeKind::SemVer(rs) if !rs.is_empty());
    if members.iter().filter(|t| is_sv(t)).count() < 2 {
        return members;
    }
    let mut ranges: Vec<SemVerRange> = Vec::new();
    let mut out = Vec::with_capacity(members.len());
    let mut at = None;
    for m in members {
        match m.kind() {
            TypeKind::SemVer(rs) if !rs.is_empty() => {
                ranges.extend(rs.iter().cloned());
                at.get_or_insert(out.len());
            }
            _ => out.push(m),
        }
    }
    let merged = tf::sem_ver(SemVerRange::merge_all_for_type(ranges));
    out.insert(at.unwrap_or(0), merged);
    out
}
