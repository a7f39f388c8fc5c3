//! `normalize`: the reference's canonical simplification of a type, used by
//! mismatch descriptions, alias printing and alias resolution (an alias body is
//! normalised when resolved; a type written directly is not). A Variant holding
//! `Undef` becomes an `Optional`, nested Variants flatten, Enums/Strings,
//! Patterns, SemVers and NotUndefs merge, and Integer (overlapping or
//! adjacent), Float and Timespan (overlapping) ranges merge; `Optional[T]`
//! collapses when `T` already accepts undef and `NotUndef[T]` when it never does.

use super::generalize::variant_of;
use super::{is_assignable, undef_type};
use crate::types::{factory, IntRange, SmolStr, StructElement, Type, TypeKind};
use crate::values::{Timespan, TimespanBound};

/// The normalized form of `t`.
pub fn normalize(t: &Type) -> Type {
    normalize_at(t, 0)
}

fn normalize_at(t: &Type, depth: u32) -> Type {
    if depth > super::MAX_TYPE_DEPTH {
        super::too_deep("types", super::MAX_TYPE_DEPTH);
        return t.clone();
    }
    crate::stack::deep(|| normalize_here(t, depth))
}

fn normalize_here(t: &Type, depth: u32) -> Type {
    use TypeKind as K;
    let n = |x: &Type| normalize_at(x, depth + 1);
    match t.kind() {
        K::Variant(ts) if !ts.is_empty() => {
            let nts: Vec<Type> = ts.iter().map(n).collect();
            let modified = nts != *ts;
            let r = normalize_variant(nts, depth);
            // Unchanged members, only reordered: the Variant stays as written.
            match r.kind() {
                K::Variant(rs)
                    if !modified && rs.len() == ts.len() && rs.iter().all(|x| ts.contains(x)) =>
                {
                    t.clone()
                }
                _ => r,
            }
        }
        K::Optional(Some(i)) => {
            let ni = n(i);
            match ni.kind() {
                K::NotUndef(x) => n(&Type::from_kind(K::Optional(x.clone()))),
                _ if is_assignable(&ni, undef_type()) => ni,
                _ => Type::from_kind(K::Optional(Some(ni))),
            }
        }
        K::NotUndef(Some(i)) => {
            let ni = n(i);
            match ni.kind() {
                K::Optional(x) => n(&Type::from_kind(K::NotUndef(x.clone()))),
                _ if !is_assignable(&ni, undef_type()) => ni,
                _ => Type::from_kind(K::NotUndef(Some(ni))),
            }
        }
        K::Collection(_) => Type::from_kind(K::Collection(None)),
        K::Array { element, size } if !matches!(element.kind(), K::Any) => {
            Type::from_kind(K::Array {
                element: n(element),
                size: *size,
            })
        }
        K::Hash { key, value, size } => {
            let default =
                matches!(key.kind(), K::Any) && matches!(value.kind(), K::Any) && size.is_none();
            let empty = matches!(key.kind(), K::Unit) && matches!(value.kind(), K::Unit);
            if default || empty {
                t.clone()
            } else {
                Type::from_kind(K::Hash {
                    key: n(key),
                    value: n(value),
                    size: *size,
                })
            }
        }
        K::Struct(Some(es)) if !es.is_empty() => Type::from_kind(K::Struct(Some(
            es.iter()
                .map(|e| StructElement {
                    key_type: e.key_type.clone(),
                    value_type: n(&e.value_type),
                })
                .collect(),
        ))),
        K::Alias(_) => t.clone(),
        _ => super::walk::map_children(t, &mut |c| n(c)),
    }
}

fn normalize_variant(types: Vec<Type>, depth: u32) -> Type {
    use TypeKind as K;
    if types.len() == 1 {
        return types.into_iter().next().expect("one");
    }
    if types
        .iter()
        .any(|t| matches!(t.kind(), K::Undef | K::Optional(_)))
    {
        let rest: Vec<Type> = types
            .iter()
            .filter(|t| !matches!(t.kind(), K::Undef))
            .filter_map(|t| match t.kind() {
                K::Optional(i) => i.clone(),
                _ => Some(t.clone()),
            })
            .collect();
        let inner = if rest.is_empty() {
            None
        } else {
            Some(variant_of(rest))
        };
        return normalize_at(&Type::from_kind(K::Optional(inner)), depth + 1);
    }
    let mut types = flatten(types);
    let before = types.len();
    types = merge_group(
        types,
        |t| matches!(t.kind(), K::NotUndef(_)),
        |g| {
            let inner: Vec<Type> = g
                .iter()
                .filter_map(|t| match t.kind() {
                    K::NotUndef(i) => Some(i.clone().unwrap_or_else(|| super::any_type().clone())),
                    _ => None,
                })
                .collect();
            Type::from_kind(K::NotUndef(Some(normalize_at(
                &variant_of(inner),
                depth + 1,
            ))))
        },
    );
    types = merge_group(
        types,
        |t| match t.kind() {
            K::Enum {
                values,
                case_insensitive,
            } => !values.is_empty() && !case_insensitive,
            K::String { value, size } => value.is_some() && size.is_none(),
            _ => false,
        },
        |g| {
            let mut vals: Vec<SmolStr> = Vec::new();
            for t in g {
                match t.kind() {
                    K::Enum { values, .. } => vals.extend(values.iter().cloned()),
                    K::String { value: Some(v), .. } => vals.push(v.clone()),
                    _ => {}
                }
            }
            factory::enum_of_texts(vals, false)
        },
    );
    types = merge_group(
        types,
        |t| matches!(t.kind(), K::Enum { values, case_insensitive: true } if !values.is_empty()),
        |g| {
            let mut vals: Vec<String> = Vec::new();
            for t in g {
                if let K::Enum { values, .. } = t.kind() {
                    vals.extend(values.iter().map(|v| v.to_lowercase()));
                }
            }
            factory::enum_ci(&vals, true)
        },
    );
    types = merge_group(
        types,
        |t| matches!(t.kind(), K::Pattern(_)),
        |g| {
            let mut ps = Vec::new();
            for t in g {
                if let K::Pattern(p) = t.kind() {
                    for r in p {
                        if !ps.contains(r) {
                            ps.push(r.clone());
                        }
                    }
                }
            }
            Type::from_kind(K::Pattern(ps))
        },
    );
    if types
        .iter()
        .filter(|t| matches!(t.kind(), K::SemVer(_)))
        .count()
        > 1
    {
        let (semvers, others): (Vec<Type>, Vec<Type>) = types
            .into_iter()
            .partition(|t| matches!(t.kind(), K::SemVer(_)));
        let ranges = semvers
            .iter()
            .flat_map(|t| match t.kind() {
                K::SemVer(r) => r.clone(),
                _ => Vec::new(),
            })
            .collect();
        types = vec![factory::sem_ver(ranges)];
        types.extend(others);
    }
    types = merge_ranges(types, int_bounds, |hi, lo| hi + 1 == lo, int_type);
    types = merge_ranges(types, float_bounds, |_, _| false, float_type);
    types = merge_ranges(types, timespan_bounds, |_, _| false, timespan_type);
    if types.len() == 1 {
        return types.pop().expect("one");
    }
    if types.len() != before {
        variant_of(types)
    } else {
        Type::from_kind(K::Variant(types))
    }
}

fn flatten(types: Vec<Type>) -> Vec<Type> {
    let mut out = Vec::with_capacity(types.len());
    for t in types {
        match t.kind() {
            TypeKind::Variant(inner) => out.extend(inner.iter().cloned()),
            _ => out.push(t),
        }
    }
    out
}

/// Replace the members matching `is` by one merged type appended at the end, when there are several.
fn merge_group(
    types: Vec<Type>,
    is: impl Fn(&Type) -> bool,
    merge: impl Fn(&[Type]) -> Type,
) -> Vec<Type> {
    if types.len() < 2 {
        return types;
    }
    if types.iter().filter(|t| is(t)).count() < 2 {
        return types;
    }
    let (group, mut others): (Vec<Type>, Vec<Type>) = types.into_iter().partition(|t| is(t));
    others.push(merge(&group));
    others
}

/// Integer bounds, unbounded ends as `i64::MIN`/`i64::MAX`.
fn int_bounds(t: &Type) -> Option<(i128, i128)> {
    match t.kind() {
        TypeKind::Integer(r) => Some((r.min() as i128, r.max() as i128)),
        _ => None,
    }
}

fn int_type(lo: i128, hi: i128) -> Type {
    let from = (lo != i64::MIN as i128).then_some(lo as i64);
    let to = (hi != i64::MAX as i128).then_some(hi as i64);
    Type::from_kind(TypeKind::Integer(IntRange::new(from, to)))
}

/// Timespan bounds, unbounded ends as `i128::MIN`/`i128::MAX` nanoseconds
/// (a bound keeps whether it was given as Float seconds, for its text).
fn timespan_bounds(t: &Type) -> Option<(TimespanBound, TimespanBound)> {
    let open = |nanos: i128| TimespanBound::from(Timespan::new(nanos));
    match t.kind() {
        TypeKind::Timespan(a, b) => {
            Some((a.unwrap_or(open(i128::MIN)), b.unwrap_or(open(i128::MAX))))
        }
        _ => None,
    }
}

fn timespan_type(lo: TimespanBound, hi: TimespanBound) -> Type {
    let at = |v: TimespanBound, unbounded: i128| (v.span.nanos != unbounded).then_some(v);
    Type::from_kind(TypeKind::Timespan(at(lo, i128::MIN), at(hi, i128::MAX)))
}

/// Float bounds, unbounded ends as infinities.
fn float_bounds(t: &Type) -> Option<(f64, f64)> {
    match t.kind() {
        TypeKind::Float(a, b) => Some((a.unwrap_or(f64::NEG_INFINITY), b.unwrap_or(f64::INFINITY))),
        _ => None,
    }
}

fn float_type(lo: f64, hi: f64) -> Type {
    let f = |v: f64| (!v.is_infinite()).then_some(v);
    Type::from_kind(TypeKind::Float(f(lo), f(hi)))
}

/// Merge the ranges (as found by `bounds`) that overlap, or that touch when
/// `adjacent(hi, lo)` says so (only Integers: `hi + 1 == lo`); the merged
/// ranges come first.
fn merge_ranges<B: PartialOrd + Copy>(
    types: Vec<Type>,
    bounds: impl Fn(&Type) -> Option<(B, B)>,
    adjacent: impl Fn(B, B) -> bool,
    build: impl Fn(B, B) -> Type,
) -> Vec<Type> {
    if types.iter().filter(|t| bounds(t).is_some()).count() < 2 {
        return types;
    }
    let (mut ranges, others): (Vec<Type>, Vec<Type>) =
        types.into_iter().partition(|t| bounds(t).is_some());
    let mut result = Vec::new();
    while let Some(x) = ranges.pop() {
        let (mut lo, mut hi) = bounds(&x).expect("range");
        let mut unmerged = Vec::new();
        for y in ranges.drain(..) {
            let (ylo, yhi) = bounds(&y).expect("range");
            let overlaps = !(hi < ylo || yhi < lo);
            if overlaps || adjacent(hi, ylo) || adjacent(yhi, lo) {
                if ylo < lo {
                    lo = ylo;
                }
                if yhi > hi {
                    hi = yhi;
                }
            } else {
                unmerged.push(y);
            }
        }
        result.push(build(lo, hi));
        ranges = unmerged;
    }
    result.extend(others);
    result
}
