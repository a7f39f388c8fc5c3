//! The shared types (the unparameterised ones such as `Integer`, `String`,
//! `Data`, and `Boolean[true]`, `Boolean[false]`, `Array[0, 0]`, `Hash[0, 0]`) numbered,
//! so that a binding can keep one wrapper object per shared type and hand it out
//! instead of wrapping the same type again (see `crate::ruby::type_object`).
//!
//! The factory builds each of these types once ([`super::factory`]'s
//! singletons); [`shared_index`] recognises exactly those instances (by
//! pointer), not types that are merely equal to them.

use super::factory as tf;
use super::model::{Type, TypeKind};
use std::sync::OnceLock;

/// How many shared types [`shared_index`] numbers.
pub const SHARED_COUNT: usize = 48;

/// The shared types, each at its [`shared_index`].
pub fn shared_types() -> [Type; SHARED_COUNT] {
    [
        tf::any(),
        tf::unit(),
        tf::undef(),
        tf::default(),
        tf::scalar(),
        tf::scalar_data(),
        tf::numeric(),
        tf::binary(),
        tf::catalog_entry(),
        tf::deferred(),
        tf::sem_ver_range(),
        tf::integer(),
        tf::float(),
        tf::string(),
        tf::enum_any(),
        tf::pattern_any(),
        tf::boolean(),
        tf::regexp_any(),
        tf::sem_ver_any(),
        tf::timespan_any(),
        tf::timestamp_any(),
        tf::uri_any(),
        tf::collection(),
        tf::array_of_any(),
        tf::hash_of_any(),
        tf::struct_any(),
        tf::tuple_any(),
        tf::variant_any(),
        tf::optional_any(),
        tf::not_undef_any(),
        tf::type_any(),
        tf::iterable_any(),
        tf::iterator_any(),
        tf::sensitive_any(),
        tf::callable_any(),
        tf::resource_any(),
        tf::host_class_any(),
        tf::runtime_any(),
        tf::init_any(),
        tf::object(),
        tf::type_set(),
        tf::data(),
        tf::rich_data(),
        tf::rich_data_key(),
        tf::boolean_value(false),
        tf::boolean_value(true),
        tf::array_empty(),
        tf::hash_empty(),
    ]
}

/// The addresses of the [`shared_types`] (they live as long as the process).
fn shared_addresses() -> &'static [usize; SHARED_COUNT] {
    static ADDRESSES: OnceLock<[usize; SHARED_COUNT]> = OnceLock::new();
    ADDRESSES.get_or_init(|| shared_types().map(|t| t.as_ptr() as usize))
}

/// The number of `t` among [`shared_types`] when `t` is that very instance
/// (an equal type built elsewhere is not), else `None`.
pub fn shared_index(t: &Type) -> Option<usize> {
    use TypeKind as K;
    // the one shared type of each kind it could be (three aliases)
    let i = match t.kind() {
        K::Any => 0,
        K::Unit => 1,
        K::Undef => 2,
        K::Default => 3,
        K::Scalar => 4,
        K::ScalarData => 5,
        K::Numeric => 6,
        K::Binary => 7,
        K::CatalogEntry => 8,
        K::Deferred => 9,
        K::SemVerRange => 10,
        K::Integer(_) => 11,
        K::Float(..) => 12,
        K::String { .. } => 13,
        K::Enum { .. } => 14,
        K::Pattern(_) => 15,
        K::Boolean(None) => 16,
        K::Boolean(Some(false)) => 44,
        K::Boolean(Some(true)) => 45,
        K::Regexp(_) => 17,
        K::SemVer(_) => 18,
        K::Timespan(..) => 19,
        K::Timestamp(..) => 20,
        K::Uri(_) => 21,
        K::Collection(_) => 22,
        K::Array { size: None, .. } => 23,
        K::Array { .. } => 46,
        K::Hash { size: None, .. } => 24,
        K::Hash { .. } => 47,
        K::Struct(_) => 25,
        K::Tuple { .. } => 26,
        K::Variant(_) => 27,
        K::Optional(_) => 28,
        K::NotUndef(_) => 29,
        K::Type(_) => 30,
        K::Iterable(_) => 31,
        K::Iterator(_) => 32,
        K::Sensitive(_) => 33,
        K::Callable(_) => 34,
        K::Resource { .. } => 35,
        K::Class(_) => 36,
        K::Runtime { .. } => 37,
        K::Init(..) => 38,
        K::Object(_) => 39,
        K::TypeSet(_) => 40,
        K::Alias(a) => match &*a.name {
            "Data" => 41,
            "RichData" => 42,
            "RichDataKey" => 43,
            _ => return None,
        },
        K::TypeReference(_) => return None,
    };
    (shared_addresses()[i] == t.as_ptr() as usize).then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shared_type_has_its_own_number() {
        for (i, t) in shared_types().iter().enumerate() {
            assert_eq!(shared_index(t), Some(i), "{t}");
        }
    }

    #[test]
    fn equal_types_built_apart_are_not_shared() {
        let apart = Type::from_kind(TypeKind::Integer(Default::default()));
        assert_eq!(apart, tf::integer());
        assert_eq!(shared_index(&apart), None);
        assert_eq!(shared_index(&tf::range(Some(1), None).unwrap()), None);
        assert_eq!(shared_index(&tf::array_of(tf::string())), None);
        let alias = tf::type_alias(std::sync::Arc::new(super::super::model::TypeAlias::new(
            "Data",
        )));
        assert_eq!(shared_index(&alias), None);
    }
}
