//! A type's text as the reference's describer prints it: aliases expanded as
//! `Name = Type`, the names it uses in messages, and the article before them.

use crate::types::calc::normalize::normalize;
use crate::types::calc::walk::{is_self_recursive, map_children};
use crate::types::calc::{any_type, MAX_TYPE_DEPTH};
use crate::types::{IntRange, Type, TypeAlias, TypeKind};
use std::sync::Arc;

pub(super) const BUILTIN_ALIASES: &[&str] = &[
    "Data",
    "RichDataKey",
    "RichData",
    "Puppet::LookupKey",
    "Puppet::LookupValue",
];

/// The reference's `to_s` of a type: an alias prints as `Name = Type`, with
/// the aliases inside expanded too (a recursive alias only once).
pub fn type_to_s(t: &Type) -> String {
    match t.kind() {
        TypeKind::Alias(_) => expanded(t),
        _ => t.to_string(),
    }
}

/// The reference's alias-expanded text of a type.
pub fn expanded(t: &Type) -> String {
    let mut seen = Vec::new();
    expand(t, &mut seen, 0).to_string()
}

pub(super) fn expand(t: &Type, seen: &mut Vec<*const TypeAlias>, depth: u32) -> Type {
    if depth > MAX_TYPE_DEPTH {
        crate::types::calc::too_deep("types", MAX_TYPE_DEPTH);
        return t.clone();
    }
    crate::stack::deep(|| expand_here(t, seen, depth))
}

pub(super) fn expand_here(t: &Type, seen: &mut Vec<*const TypeAlias>, depth: u32) -> Type {
    match t.kind() {
        TypeKind::Alias(a) => {
            if BUILTIN_ALIASES.contains(&&*a.name) {
                return t.clone();
            }
            let Some(r) = a.resolved() else {
                return t.clone();
            };
            if is_self_recursive(a) {
                let p = Arc::as_ptr(a);
                if seen.contains(&p) {
                    return t.clone();
                }
                seen.push(p);
            }
            let body = expand(&normalize(r), seen, depth + 1);
            let shown = Arc::new(TypeAlias::new(format!("{} = {}", a.name, body)));
            Type::from_kind(TypeKind::Alias(shown))
        }
        _ => map_children(t, &mut |c| expand(c, seen, depth + 1)),
    }
}

/// The reference's `name` of a type (its alias name, else the simple name).
pub(super) fn name(t: &Type) -> String {
    t.name().to_string()
}

/// The simple (class) name: like [`name`] but an alias is `TypeAlias`.
pub(super) fn simple_name(t: &Type) -> String {
    t.kind().simple_name().to_string()
}

/// `Outer[Inner]` for a type with one contained type, else the name.
pub(super) fn short_name(t: &Type) -> String {
    use TypeKind as K;
    match t.kind() {
        K::Type(Some(i))
        | K::NotUndef(Some(i))
        | K::Optional(Some(i))
        | K::Iterable(Some(i))
        | K::Iterator(Some(i))
        | K::Sensitive(Some(i))
        | K::Init(Some(i), _)
            if !matches!(i.kind(), K::Any) =>
        {
            format!("{}[{}]", name(t), name(i))
        }
        _ => name(t),
    }
}

pub(super) fn same_class(a: &Type, b: &Type) -> bool {
    std::mem::discriminant(a.kind()) == std::mem::discriminant(b.kind())
}

/// The unparameterised type of the same kind (`e.class::DEFAULT`).
pub(super) fn default_of(t: &Type) -> Type {
    use TypeKind as K;
    let k = match t.kind() {
        K::NotUndef(_) => K::NotUndef(None),
        K::Optional(_) => K::Optional(None),
        K::Type(_) => K::Type(None),
        K::Init(..) => K::Init(None, Vec::new()),
        K::Variant(_) => K::Variant(Vec::new()),
        K::Integer(_) => K::Integer(IntRange::unbounded()),
        K::Float(..) => K::Float(None, None),
        K::String { .. } => K::String {
            size: None,
            value: None,
        },
        K::Enum { .. } => K::Enum {
            values: Vec::new(),
            case_insensitive: false,
        },
        K::Pattern(_) => K::Pattern(Vec::new()),
        K::Boolean(_) => K::Boolean(None),
        K::Regexp(_) => K::Regexp(None),
        K::SemVer(_) => K::SemVer(Vec::new()),
        K::Timespan(..) => K::Timespan(None, None),
        K::Timestamp(..) => K::Timestamp(None, None),
        K::Uri(_) => K::Uri(None),
        K::Collection(_) => K::Collection(None),
        K::Array { .. } => K::Array {
            element: any_type().clone(),
            size: None,
        },
        K::Hash { .. } => K::Hash {
            key: any_type().clone(),
            value: any_type().clone(),
            size: None,
        },
        K::Struct(_) => K::Struct(None),
        K::Tuple { .. } => K::Tuple {
            types: None,
            size: None,
        },
        K::Callable(_) => K::Callable(Box::new(crate::types::CallableType {
            params: None,
            block: None,
            return_type: None,
        })),
        K::Iterable(_) => K::Iterable(None),
        K::Iterator(_) => K::Iterator(None),
        K::Resource { .. } => K::Resource {
            type_name: None,
            title: None,
        },
        K::Class(_) => K::Class(None),
        K::Runtime { .. } => K::Runtime {
            runtime: None,
            name: None,
        },
        K::Sensitive(_) => K::Sensitive(None),
        other => other.clone(),
    };
    Type::from_kind(k)
}

pub(super) fn resolved(t: &Type) -> Type {
    let mut t = t.clone();
    for _ in 0..64 {
        match t.kind() {
            TypeKind::Alias(a) => match a.resolved() {
                Some(r) => t = r.clone(),
                None => break,
            },
            _ => break,
        }
    }
    t
}

pub(super) fn article(s: &str) -> &'static str {
    let mut chars = s.chars();
    let mut c = chars.next().unwrap_or('x');
    if c == '"' || c == '\'' {
        c = chars.next().unwrap_or('x');
    }
    if "aeiouy".contains(c.to_ascii_lowercase()) {
        "an"
    } else {
        "a"
    }
}
