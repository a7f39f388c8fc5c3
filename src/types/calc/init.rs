//! `Init[T, args...]`: the values and types from which `T.new` can create a
//! `T`. Like the reference, the answer comes from the parameter tuples of
//! `T.new`'s dispatch signatures (recorded from the reference in
//! `init_signatures.txt` by `tools/ref_init_signatures.rb`): a one-parameter
//! signature contributes its parameter type, longer ones are matched as
//! argument tuples (a lone value also as a one-element tuple).

use super::infer_set::infer_set;
use super::{instance_of, is_assignable};
use crate::types::{Type, TypeKind};
use crate::values::Value;
use std::collections::HashMap;
use std::sync::OnceLock;

const SIGNATURES: &str = include_str!("init_signatures.txt");

/// The parameter tuples of `T.new` for the types that have one, by name.
fn signatures(name: &str) -> Option<&'static [Type]> {
    static TABLE: OnceLock<HashMap<&'static str, Vec<Type>>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            SIGNATURES
                .lines()
                .filter_map(|l| {
                    let mut cols = l.split('\t');
                    let name = cols.next()?;
                    let tuples = cols
                        .filter_map(|c| crate::types::parse::parse(c).ok())
                        .collect();
                    Some((name, tuples))
                })
                .collect()
        })
        .get(name)
        .map(Vec::as_slice)
}

/// The name under which `T.new` is found (Tuple creates through Array, Struct through Hash).
fn new_function_name(t: &Type) -> Option<&'static str> {
    use TypeKind as K;
    Some(match t.kind() {
        K::Tuple { .. } => "Array",
        K::Struct(_) => "Hash",
        K::Alias(a) => return a.resolved().and_then(new_function_name),
        k @ (K::Integer(_)
        | K::Float(..)
        | K::Numeric
        | K::String { .. }
        | K::Boolean(_)
        | K::Array { .. }
        | K::Hash { .. }
        | K::Regexp(_)
        | K::SemVer(_)
        | K::SemVerRange
        | K::Timespan(..)
        | K::Timestamp(..)
        | K::Binary
        | K::Uri(_)
        | K::Sensitive(_)
        | K::Type(_)) => k.simple_name(),
        _ => return None,
    })
}

fn size_range(t: &Type) -> (i64, Option<i64>) {
    match t.kind() {
        TypeKind::Tuple { size: Some(r), .. } => (r.from.unwrap_or(0), r.to),
        TypeKind::Tuple {
            types: Some(ts), ..
        } if !ts.is_empty() => (ts.len() as i64, Some(ts.len() as i64)),
        _ => (0, None),
    }
}

fn first_type(t: &Type) -> Option<Type> {
    match t.kind() {
        TypeKind::Tuple {
            types: Some(ts), ..
        } => ts.first().cloned(),
        _ => None,
    }
}

fn variant(ts: Vec<Type>) -> Type {
    super::generalize::variant_of(ts)
}

fn tuple(ts: Vec<Type>) -> Type {
    Type::from_kind(TypeKind::Tuple {
        types: Some(ts),
        size: None,
    })
}

/// What `Init[T, args]` accepts besides `T` itself.
pub(crate) struct InitInfo {
    single: Type,
    other: Option<Type>,
    optional_single: bool,
}

/// The signatures-derived parts of `Init[T, args]`; `None` when `T.new` does not exist
/// or no signature takes the arguments (the reference raises then).
pub(crate) fn init_info(t: &Type, args: &[Value]) -> Option<InitInfo> {
    let tuples = signatures(new_function_name(t)?)?;
    let mut single = vec![t.clone()];
    if args.is_empty() {
        let (one, other): (Vec<&Type>, Vec<&Type>) =
            tuples.iter().partition(|tu| size_range(tu) == (1, Some(1)));
        single.extend(one.into_iter().filter_map(first_type));
        let optional_single = other.iter().any(|tu| size_range(tu).0 == 1);
        let other = (!other.is_empty()).then(|| variant(other.into_iter().cloned().collect()));
        Some(InitInfo {
            single: variant(single),
            other,
            optional_single,
        })
    } else {
        let arg_types: Vec<Type> = args.iter().map(infer_set).collect();
        let count = 1 + arg_types.len() as i64;
        let mut any = false;
        for tu in tuples {
            let (min, max) = size_range(tu);
            if count < min || max.is_some_and(|m| count > m) {
                continue;
            }
            let Some(first) = first_type(tu) else {
                continue;
            };
            let mut given = vec![first.clone()];
            given.extend(arg_types.iter().cloned());
            if is_assignable(tu, &tuple(given)) {
                single.push(first);
                any = true;
            }
        }
        any.then(|| InitInfo {
            single: variant(single),
            other: None,
            optional_single: false,
        })
    }
}

/// `Init[T, args].instance?(v)`.
pub(crate) fn init_instance(t: &Type, args: &[Value], v: &Value) -> bool {
    if instance_of(t, v) {
        return true;
    }
    let Some(info) = init_info(t, args) else {
        return false;
    };
    if instance_of(&info.single, v) {
        return true;
    }
    match &info.other {
        Some(o) => {
            instance_of(o, v)
                || (info.optional_single && instance_of(o, &Value::array(vec![v.clone()])))
        }
        None => false,
    }
}

/// `Init[T, args].assignable?(b)` for a `b` that is not an `Init`.
pub(crate) fn init_accepts(t: &Type, args: &[Value], b: &Type) -> bool {
    if is_assignable(t, b) {
        return true;
    }
    let Some(info) = init_info(t, args) else {
        return false;
    };
    if is_assignable(&info.single, b) {
        return true;
    }
    match &info.other {
        Some(o) => {
            is_assignable(o, b)
                || (info.optional_single && is_assignable(o, &tuple(vec![b.clone()])))
        }
        None => false,
    }
}
