//! The type calculator: `instance?`, `assignable?`, inference, generalization,
//! common types, iteration and mismatch descriptions, behaving as Puppet 7's
//! `TypeCalculator` does.
//!
//! Instance checks, inference and mismatch descriptions are generic over
//! [`ValueView`] so the Ruby binding can walk Ruby objects in place;
//! [`instance_of`], [`infer`], [`infer_set`] and [`describe_mismatch`] are the
//! `Value` entry points.
//!
//! | module | answers |
//! | --- | --- |
//! | `instance` | `instance?` (Struct keys, Tuple sizes, ranges, URI parts, aliases guarded) |
//! | `assignable` | `assignable?` and type equality (`==` as mutual assignability) |
//! | `infer` | `infer`, `type(v, mode)` |
//! | `infer_set` | `infer_set` (Tuple and Struct for containers), with caches for big data |
//! | `generalize`, `normalize`, `common` | `generalize`, `normalize`, `common_type` |
//! | `iterate` | `Iterable` rules and iterating `Integer[a, b]` / `Enum[...]` |
//! | `describe` | `describe_mismatch` messages and the reference's `to_s` of a type |
//! | `mismatches` | each problem of a value with its path (keys and indexes), and a parameter's message |
//! | `init` | `Init[T, args]` from the reference's `T.new` signatures |
//! | `runtime_classes` | Ruby's class hierarchy behind `Runtime[ruby, 'Name']`, as the host resolves it |
//!
//! Conformance: `tests/calc_fixtures.rs` against `tests/fixtures/calc/`
//! (regenerate with `ruby tools/ref_calc.rb`); speed: `cargo bench --bench calc`
//! against `ruby tools/bench_calc_ref.rb`.

pub mod assignable;
pub mod common;
pub mod describe;
pub mod generalize;
pub mod infer;
pub mod infer_set;
mod init;
pub mod instance;
pub mod iterate;
pub mod mismatches;
pub mod normalize;
pub mod runtime_classes;
pub mod signatures;
mod uri;
pub mod value_view;
pub(crate) mod walk;

#[cfg(test)]
mod tests;

pub use assignable::{is_assignable, types_equal};
pub use common::common_type;
pub use describe::{describe_mismatch, describe_mismatch_view, describe_types, type_to_s};
pub use generalize::generalize;
pub use infer::{infer, infer_generic, infer_view, type_of, TypeOfMode};
pub use infer_set::{infer_set, infer_set_view, infer_set_view_sized};
pub use instance::{instance_of, instance_of_view, str_instance_of};
pub use iterate::{is_iterable, iterate_type, type_value_iterable};
pub use mismatches::{mismatches, mismatches_view, MismatchKind, PathStep, ValueMismatch};
pub use normalize::normalize;
pub use signatures::{
    describe_call, describe_signatures, signature_accepts, tuple_parts, CallArgs, Signature,
};
pub use value_view::{ValueView, ViewKind};

use crate::types::{factory, IntRange, Type, TypeKind};
use std::sync::OnceLock;

/// How deep the walks of values (`instance?`, `infer`, `infer_set`,
/// `describe_mismatch`) follow nested data: deeper data (or data containing
/// itself) stops the walk with an error ([`too_deep`]), never a wrong answer.
/// The walks grow their stack as they go ([`crate::stack::deep`]).
pub const MAX_DATA_DEPTH: u32 = 10_000;

/// How deep the walks of types (`assignable?`, normalization, descriptions)
/// follow nested types before stopping with an error.
pub const MAX_TYPE_DEPTH: u32 = 20_000;

/// Stop the current call: its data (or types) are nested more than `limit`
/// levels deep. The caller answers with what it has; the host raises the error.
#[cold]
pub(crate) fn too_deep(what: &str, limit: u32) {
    crate::stop::record(crate::stop::Stop::Failed(crate::Error::argument(format!(
        "{what} nested more than {limit} levels deep (or containing itself) cannot be checked"
    ))));
}

/// How often (in levels of recursion) the walks look at the room left on the
/// stack ([`crate::stack::deep`]): a power of two.
pub(crate) const STACK_CHECK_EVERY: u32 = 8;

macro_rules! shared_type {
    ($name:ident, $kind:expr) => {
        pub(crate) fn $name() -> &'static Type {
            static T: OnceLock<Type> = OnceLock::new();
            T.get_or_init(|| Type::from_kind($kind))
        }
    };
}

shared_type!(undef_type, TypeKind::Undef);
shared_type!(any_type, TypeKind::Any);
shared_type!(unit_type, TypeKind::Unit);

/// A size range as `(from, to)` with `to == None` meaning infinity; `None` range is `[0, inf)`.
pub(crate) fn size_bounds(r: Option<&IntRange>) -> (i64, Option<i64>) {
    match r {
        Some(r) => (r.from.unwrap_or(i64::MIN), r.to),
        None => (0, None),
    }
}

/// True when the range `outer` contains the range `inner` (both `(from, to)` with `None` = infinity).
pub(crate) fn range_covers(outer: (i64, Option<i64>), inner: (i64, Option<i64>)) -> bool {
    outer.0 <= inner.0
        && match (outer.1, inner.1) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a >= b,
        }
}

/// The canonical text of a type, for messages.
pub(crate) fn type_text(t: &Type) -> String {
    t.to_string()
}

/// The built-in `Data` alias (the factory's shared node).
pub fn data_type() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(factory::data)
}

/// The built-in `RichData` alias (the factory's shared node).
pub fn rich_data_type() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(factory::rich_data)
}
