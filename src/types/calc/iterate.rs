//! Iterability of types (`Iterable[T]` assignability) and iteration over the
//! types that yield values: `Integer[from, to]` (finite ranges only) and
//! `Enum[...]` (its unique values in lexicographical order).

use super::generalize::variant_of;
use crate::error::{Error, Result};
use crate::types::{IntRange, Type, TypeKind};
use crate::values::Value;

fn tuple2(k: Type, v: Type) -> Type {
    Type::from_kind(TypeKind::Tuple {
        types: Some(vec![k, v]),
        size: Some(IntRange::new(Some(2), Some(2))),
    })
}

fn single_char_string() -> Type {
    Type::from_kind(TypeKind::String {
        size: Some(IntRange::new(Some(1), Some(1))),
        value: None,
    })
}

/// True when values of `t` can be iterated (`iterable?`).
pub fn is_iterable(t: &Type) -> bool {
    use TypeKind as K;
    match t.kind() {
        K::Collection(_)
        | K::Array { .. }
        | K::Hash { .. }
        | K::Struct(_)
        | K::Tuple { .. }
        | K::String { .. }
        | K::Enum { .. }
        | K::Integer(_)
        | K::Iterable(_)
        | K::Iterator(_) => true,
        K::Type(Some(inner)) => type_value_iterable(inner),
        K::Alias(a) => a.resolved().is_some_and(is_iterable),
        _ => false,
    }
}

/// True when the type `t`, used as a value, iterates (`Enum`, finite `Integer`, via aliases).
pub fn type_value_iterable(t: &Type) -> bool {
    match t.kind() {
        TypeKind::Enum { .. } => true,
        TypeKind::Integer(r) => r.from.is_some() && r.to.is_some(),
        TypeKind::Alias(a) => a.resolved().is_some_and(type_value_iterable),
        _ => false,
    }
}

/// The `Iterable` type `t` is assignable to, as its element type: `None` when `t`
/// is not iterable, `Some(None)` when the element type is unspecified.
pub fn iterable_type(t: &Type) -> Option<Option<Type>> {
    use TypeKind as K;
    match t.kind() {
        K::Iterable(e) | K::Iterator(e) => Some(e.clone()),
        K::String { .. } | K::Enum { .. } => Some(Some(single_char_string())),
        K::Integer(_) => Some(Some(Type::from_kind(K::Integer(IntRange::unbounded())))),
        K::Array { element, .. } => match element.kind() {
            K::Any => Some(None),
            _ => Some(Some(element.clone())),
        },
        K::Hash { key, value, size } => {
            let default =
                matches!(key.kind(), K::Any) && matches!(value.kind(), K::Any) && size.is_none();
            let empty = matches!(key.kind(), K::Unit) && matches!(value.kind(), K::Unit);
            if default || empty {
                let unit = Type::from_kind(K::Unit);
                Some(Some(tuple2(unit.clone(), unit)))
            } else {
                Some(Some(tuple2(key.clone(), value.clone())))
            }
        }
        K::Struct(es) => match es.as_deref() {
            None | Some([]) => {
                let unit = Type::from_kind(K::Unit);
                Some(Some(tuple2(unit.clone(), unit)))
            }
            Some(es) => Some(Some(tuple2(
                variant_of(es.iter().map(|e| e.key_type.clone()).collect()),
                variant_of(es.iter().map(|e| e.value_type.clone()).collect()),
            ))),
        },
        K::Tuple { types, .. } => Some(Some(variant_of(types.clone().unwrap_or_default()))),
        K::Type(Some(inner)) => {
            if type_value_iterable(inner) {
                Some(Some(inner.clone()))
            } else {
                None
            }
        }
        K::Alias(a) => a.resolved().and_then(iterable_type),
        _ => None,
    }
}

/// The values a type yields when iterated: a finite `Integer` range or an `Enum`.
pub fn iterate_type(t: &Type) -> Result<Vec<Value>> {
    match t.kind() {
        TypeKind::Integer(r) => match (r.from, r.to) {
            (Some(from), Some(to)) => {
                let count = (to as i128 - from as i128 + 1).max(0);
                if count > 100_000_000 {
                    return Err(Error::argument(format!(
                        "The range Integer[{from}, {to}] is too large to iterate"
                    )));
                }
                Ok((from..=to).map(Value::Integer).collect())
            }
            _ => Err(Error::argument(format!(
                "The type '{}' does not represent a finite range of integers",
                type_text(t)
            ))),
        },
        TypeKind::Enum { values, .. } => {
            let mut vs: Vec<&str> = values.iter().map(|v| &**v).collect();
            vs.sort_unstable();
            vs.dedup();
            Ok(vs.into_iter().map(Value::string).collect())
        }
        TypeKind::Alias(a) => match a.resolved() {
            Some(r) => iterate_type(r),
            None => Err(Error::argument("reference to an unresolved type alias")),
        },
        _ => Err(Error::argument(format!(
            "The type '{}' is not iterable",
            type_text(t)
        ))),
    }
}

fn type_text(t: &Type) -> String {
    super::type_text(t)
}
