//! `generalize`: drop the value-specific parameters of a type (ranges, sizes,
//! string values), as Puppet's `PAnyType#generalize` does, so that
//! `Array[Integer[1, 2], 2, 2]` becomes `Array[Integer]`.

use crate::types::{CallableType, IntRange, StructElement, Type, TypeKind};

/// The generalized form of `t`. The recursion over its members grows its
/// stack ([`crate::stack::deep`]): types nest as deep as they were built.
pub fn generalize(t: &Type) -> Type {
    crate::stack::deep(|| generalize_here(t))
}

fn generalize_here(t: &Type) -> Type {
    use TypeKind as K;
    match t.kind() {
        K::Integer(_) => Type::from_kind(K::Integer(IntRange::unbounded())),
        K::Float(..) => Type::from_kind(K::Float(None, None)),
        K::String { .. } => Type::from_kind(K::String {
            size: None,
            value: None,
        }),
        K::Enum { values, .. } => {
            if values.is_empty() {
                Type::from_kind(K::String {
                    size: None,
                    value: None,
                })
            } else {
                let lens = values.iter().map(|v| v.chars().count() as i64);
                let (mn, mx) = lens.fold((i64::MAX, i64::MIN), |(a, b), l| (a.min(l), b.max(l)));
                Type::from_kind(K::String {
                    size: Some(IntRange::new(Some(mn), Some(mx))),
                    value: None,
                })
            }
        }
        K::Boolean(_) => Type::from_kind(K::Boolean(None)),
        K::Timespan(..) => Type::from_kind(K::Timespan(None, None)),
        K::Timestamp(..) => Type::from_kind(K::Timestamp(None, None)),
        K::Uri(_) => Type::from_kind(K::Uri(None)),
        K::Collection(_) => Type::from_kind(K::Collection(None)),
        K::Array { element, size } => {
            if matches!(element.kind(), K::Any) {
                return Type::from_kind(K::Array {
                    element: element.clone(),
                    size: None,
                });
            }
            let ge = generalize(element);
            if size.is_none() && ge.ptr_eq(element) {
                t.clone()
            } else {
                Type::from_kind(K::Array {
                    element: ge,
                    size: None,
                })
            }
        }
        K::Hash { key, value, size } => {
            let unit = matches!(key.kind(), K::Unit) && matches!(value.kind(), K::Unit);
            let default =
                matches!(key.kind(), K::Any) && matches!(value.kind(), K::Any) && size.is_none();
            if unit || default {
                return t.clone();
            }
            let (gk, gv) = (generalize(key), generalize(value));
            if size.is_none() && gk.ptr_eq(key) && gv.ptr_eq(value) {
                t.clone()
            } else {
                Type::from_kind(K::Hash {
                    key: gk,
                    value: gv,
                    size: None,
                })
            }
        }
        K::Struct(Some(es)) if !es.is_empty() => Type::from_kind(K::Struct(Some(
            es.iter()
                .map(|e| StructElement {
                    key_type: e.key_type.clone(),
                    value_type: generalize(&e.value_type),
                })
                .collect(),
        ))),
        K::Struct(_) => Type::from_kind(K::Struct(None)),
        K::Tuple {
            types: Some(ts),
            size,
        } if !ts.is_empty() => Type::from_kind(K::Tuple {
            types: Some(ts.iter().map(generalize).collect()),
            size: *size,
        }),
        K::Tuple { .. } => t.clone(),
        K::Variant(ts) if !ts.is_empty() => variant_of(ts.iter().map(generalize).collect()),
        K::NotUndef(Some(i)) => Type::from_kind(K::NotUndef(Some(generalize(i)))),
        K::Optional(Some(i)) => Type::from_kind(K::Optional(Some(generalize(i)))),
        K::Type(Some(i)) => Type::from_kind(K::Type(Some(generalize(i)))),
        K::Sensitive(Some(i)) => Type::from_kind(K::Sensitive(Some(generalize(i)))),
        K::Iterable(Some(i)) => Type::from_kind(K::Iterable(Some(generalize(i)))),
        K::Iterator(Some(i)) => Type::from_kind(K::Iterator(Some(generalize(i)))),
        K::Init(Some(i), args) => Type::from_kind(K::Init(Some(generalize(i)), args.clone())),
        K::Callable(c) => {
            if c.params.is_none() && c.block.is_none() && c.return_type.is_none() {
                return t.clone();
            }
            Type::from_kind(K::Callable(Box::new(CallableType {
                params: c.params.as_ref().map(generalize),
                block: c.block.as_ref().map(generalize),
                return_type: c.return_type.as_ref().map(generalize),
            })))
        }
        _ => t.clone(),
    }
}

/// `Variant.maybe_create`: flatten nested Variants, drop duplicates, and unwrap a single type.
// A Type's hash and equality never look inside an alias's resolution cell, so keys are stable.
#[allow(clippy::mutable_key_type)]
pub fn variant_of(types: Vec<Type>) -> Type {
    let mut out: Vec<Type> = Vec::with_capacity(types.len());
    let mut seen: std::collections::HashSet<Type> = std::collections::HashSet::new();
    let big = types.len() > 16;
    let mut add = |t: &Type, out: &mut Vec<Type>| {
        let fresh = if big {
            seen.insert(t.clone())
        } else {
            !out.contains(t)
        };
        if fresh {
            out.push(t.clone());
        }
    };
    for t in &types {
        match t.kind() {
            TypeKind::Variant(inner) => inner.iter().for_each(|i| add(i, &mut out)),
            _ => add(t, &mut out),
        }
    }
    if out.len() == 1 {
        out.pop().expect("one element")
    } else {
        Type::from_kind(TypeKind::Variant(out))
    }
}
