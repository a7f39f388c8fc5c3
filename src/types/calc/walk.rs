//! Walking the structure of types: the direct children of a type, whether an
//! alias refers back to itself, and rebuilding a type with its children
//! replaced (used to print types with their aliases expanded).

use crate::types::{CallableType, StructElement, Type, TypeAlias, TypeKind};
use std::sync::Arc;

/// Calls `f` on each type directly contained in `t` (an alias's resolved type included).
pub(crate) fn each_child<'a>(t: &'a Type, f: &mut dyn FnMut(&'a Type)) {
    use TypeKind as K;
    match t.kind() {
        K::NotUndef(Some(i))
        | K::Optional(Some(i))
        | K::Type(Some(i))
        | K::Init(Some(i), _)
        | K::Iterable(Some(i))
        | K::Iterator(Some(i))
        | K::Sensitive(Some(i)) => f(i),
        K::Variant(ts) => ts.iter().for_each(f),
        K::Array { element, .. } => f(element),
        K::Hash { key, value, .. } => {
            f(key);
            f(value)
        }
        K::Struct(Some(es)) => es.iter().for_each(|e| {
            f(&e.key_type);
            f(&e.value_type)
        }),
        K::Tuple {
            types: Some(ts), ..
        } => ts.iter().for_each(f),
        K::Callable(c) => {
            c.params
                .iter()
                .chain(&c.block)
                .chain(&c.return_type)
                .for_each(f);
        }
        K::Alias(a) => {
            if let Some(r) = a.resolved() {
                f(r)
            }
        }
        _ => {}
    }
}

/// True when the alias refers to itself, directly or through other aliases.
pub(crate) fn is_self_recursive(a: &Arc<TypeAlias>) -> bool {
    let target = Arc::as_ptr(a);
    let Some(r) = a.resolved() else { return false };
    let mut visited: Vec<*const TypeAlias> = vec![target];
    let mut stack: Vec<Type> = vec![r.clone()];
    let mut found = false;
    while let Some(t) = stack.pop() {
        if found {
            break;
        }
        each_child(&t, &mut |c| {
            if let TypeKind::Alias(ca) = c.kind() {
                let p = Arc::as_ptr(ca);
                if p == target {
                    found = true;
                    return;
                }
                if visited.contains(&p) {
                    return;
                }
                visited.push(p);
            }
            stack.push(c.clone());
        });
        if let TypeKind::Alias(_) = t.kind() {
            // an alias's resolved type was pushed by each_child above
        }
    }
    found
}

/// `t` with every directly contained type replaced by `f(child)` (aliases are left as they are).
pub(crate) fn map_children(t: &Type, f: &mut dyn FnMut(&Type) -> Type) -> Type {
    use TypeKind as K;
    let k = match t.kind() {
        K::NotUndef(Some(i)) => K::NotUndef(Some(f(i))),
        K::Optional(Some(i)) => K::Optional(Some(f(i))),
        K::Type(Some(i)) => K::Type(Some(f(i))),
        K::Init(Some(i), args) => K::Init(Some(f(i)), args.clone()),
        K::Iterable(Some(i)) => K::Iterable(Some(f(i))),
        K::Iterator(Some(i)) => K::Iterator(Some(f(i))),
        K::Sensitive(Some(i)) => K::Sensitive(Some(f(i))),
        K::Variant(ts) => K::Variant(ts.iter().map(&mut *f).collect()),
        K::Array { element, size } => K::Array {
            element: f(element),
            size: *size,
        },
        K::Hash { key, value, size } => K::Hash {
            key: f(key),
            value: f(value),
            size: *size,
        },
        K::Struct(Some(es)) => K::Struct(Some(
            es.iter()
                .map(|e| StructElement {
                    key_type: e.key_type.clone(),
                    value_type: f(&e.value_type),
                })
                .collect(),
        )),
        K::Tuple {
            types: Some(ts),
            size,
        } => K::Tuple {
            types: Some(ts.iter().map(&mut *f).collect()),
            size: *size,
        },
        K::Callable(c) => K::Callable(Box::new(CallableType {
            params: c.params.as_ref().map(&mut *f),
            block: c.block.as_ref().map(&mut *f),
            return_type: c.return_type.as_ref().map(&mut *f),
        })),
        _ => return t.clone(),
    };
    Type::from_kind(k)
}
