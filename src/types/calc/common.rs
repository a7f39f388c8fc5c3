//! `common_type`: the narrowest type both arguments are assignable to, as the
//! reference's TypeCalculator computes it (the ∪ tables of seed 001: ranges
//! widen, strings become Enums, Variants merge, then Numeric, ScalarData,
//! Scalar, Data, Type, RichData, and finally Any).

use super::generalize::variant_of;
use super::{any_type, is_assignable};
use crate::types::{factory, IntRange, RuntimeName, SmolStr, Type, TypeKind};

/// `Enum[values]`, sorted and without duplicates.
pub(super) fn enum_of(values: Vec<SmolStr>) -> Type {
    factory::enum_of_texts(values, false)
}

fn string_size(size: &Option<IntRange>) -> Option<IntRange> {
    *size
}

/// The common type of `a` and `b`. The recursion over their members grows
/// its stack ([`crate::stack::deep`]): types nest as deep as they were built.
pub fn common_type(a: &Type, b: &Type) -> Type {
    crate::stack::deep(|| common_type_here(a, b))
}

fn common_type_here(a: &Type, b: &Type) -> Type {
    use TypeKind as K;
    match (a.kind(), b.kind()) {
        (K::Undef, _) | (K::Unit, _) => return b.clone(),
        (_, K::Undef) | (_, K::Unit) => return a.clone(),
        _ => {}
    }
    if is_assignable(a, b) {
        return a.clone();
    }
    if is_assignable(b, a) {
        return b.clone();
    }
    match (a.kind(), b.kind()) {
        (K::Array { element: x, .. }, K::Array { element: y, .. }) => {
            return Type::from_kind(K::Array {
                element: common_type(x, y),
                size: None,
            })
        }
        (
            K::Hash {
                key: k1, value: v1, ..
            },
            K::Hash {
                key: k2, value: v2, ..
            },
        ) => {
            return Type::from_kind(K::Hash {
                key: common_type(k1, k2),
                value: common_type(v1, v2),
                size: None,
            })
        }
        (K::Class(_), K::Class(_)) => return Type::from_kind(K::Class(None)),
        (K::Resource { type_name: n1, .. }, K::Resource { type_name: n2, .. }) => {
            let same = n1 == n2;
            return Type::from_kind(K::Resource {
                type_name: if same { n1.clone() } else { None },
                title: None,
            });
        }
        (K::Integer(r1), K::Integer(r2)) => {
            return Type::from_kind(K::Integer(hull(r1, r2)));
        }
        (K::Float(a1, b1), K::Float(a2, b2)) => {
            let from = match (a1, a2) {
                (Some(x), Some(y)) => Some(x.min(*y)),
                _ => None,
            };
            let to = match (b1, b2) {
                (Some(x), Some(y)) => Some(x.max(*y)),
                _ => None,
            };
            return Type::from_kind(K::Float(from, to));
        }
        (
            K::String {
                size: s1,
                value: v1,
            },
            K::Enum { values, .. },
        ) => {
            return match v1 {
                None if s1.is_none() => enum_of(Vec::new()),
                None => enum_of(Vec::new()),
                Some(v) => {
                    let mut vs = values.clone();
                    vs.push(v.clone());
                    enum_of(vs)
                }
            };
        }
        (
            K::String {
                size: s1,
                value: v1,
            },
            K::String {
                size: s2,
                value: v2,
            },
        ) => {
            if s1.is_none() || s2.is_none() {
                return match (v1, v2) {
                    (Some(x), Some(y)) => enum_of(vec![x.clone(), y.clone()]),
                    _ => Type::from_kind(K::String {
                        size: None,
                        value: None,
                    }),
                };
            }
            let (r1, r2) = (
                string_size(s1).unwrap_or_default(),
                string_size(s2).unwrap_or_default(),
            );
            return Type::from_kind(K::String {
                size: Some(hull(&r1, &r2)),
                value: None,
            });
        }
        (K::Pattern(p1), K::Pattern(p2)) => {
            let mut ps = p1.clone();
            for p in p2 {
                if !ps.contains(p) {
                    ps.push(p.clone());
                }
            }
            return Type::from_kind(K::Pattern(ps));
        }
        (K::Enum { values: e1, .. }, K::Enum { values: e2, .. }) => {
            let mut vs = e1.clone();
            vs.extend(e2.iter().cloned());
            return enum_of(vs);
        }
        (K::Enum { values, .. }, K::String { value, .. }) => {
            return match value {
                None => enum_of(Vec::new()),
                Some(v) => {
                    let mut vs = values.clone();
                    vs.push(v.clone());
                    enum_of(vs)
                }
            };
        }
        (K::Variant(t1), K::Variant(t2)) => {
            let mut ts = t1.clone();
            for t in t2 {
                if !ts.contains(t) {
                    ts.push(t.clone());
                }
            }
            return variant_of(ts);
        }
        (K::Regexp(_), K::Regexp(_)) => return Type::from_kind(K::Regexp(None)),
        (K::Callable(_), K::Callable(_)) => {
            return Type::from_kind(K::Callable(Box::new(crate::types::CallableType {
                params: None,
                block: None,
                return_type: None,
            })))
        }
        _ => {}
    }
    let both = |t: &Type| is_assignable(t, a) && is_assignable(t, b);
    let numeric = Type::from_kind(K::Numeric);
    if both(&numeric) {
        return numeric;
    }
    let scalar_data = Type::from_kind(K::ScalarData);
    if both(&scalar_data) {
        return scalar_data;
    }
    let scalar = Type::from_kind(K::Scalar);
    if both(&scalar) {
        return scalar;
    }
    if both(super::data_type()) {
        return super::data_type().clone();
    }
    if let (K::Type(t1), K::Type(t2)) = (a.kind(), b.kind()) {
        let inner = match (t1, t2) {
            (Some(x), Some(y)) => Some(common_type(x, y)),
            (None, y) => y.clone(),
            (x, None) => x.clone(),
        };
        return Type::from_kind(K::Type(inner));
    }
    if both(super::rich_data_type()) {
        return super::rich_data_type().clone();
    }
    if let (
        K::Runtime {
            runtime: r1,
            name: n1,
        },
        K::Runtime {
            runtime: r2,
            name: n2,
        },
    ) = (a.kind(), b.kind())
    {
        if r1 == r2 && n1 == n2 {
            return a.clone();
        }
        // (Ruby classes: their nearest common superclass, when the host
        // resolved their names; the reference means to answer so, but raises
        // NoMethodError instead)
        if let (Some(RuntimeName::Name(x)), Some(RuntimeName::Name(y))) = (n1, n2) {
            if r1.as_deref() == Some("ruby") && r2.as_deref() == Some("ruby") {
                if let Some(name) = super::runtime_classes::common_superclass(x, y) {
                    return factory::runtime(Some("ruby"), name.map(RuntimeName::Name));
                }
            }
        }
    }
    any_type().clone()
}

/// The smallest range covering both `a` and `b` (unbounded on a side where
/// either is).
fn hull(a: &IntRange, b: &IntRange) -> IntRange {
    let from = match (a.from, b.from) {
        (Some(x), Some(y)) => Some(x.min(y)),
        _ => None,
    };
    let to = match (a.to, b.to) {
        (Some(x), Some(y)) => Some(x.max(y)),
        _ => None,
    };
    IntRange::new(from, to)
}
