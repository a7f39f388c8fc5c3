//! The shared unparameterised types (`Integer`, `String`, `Data`, ...) numbered,
//! so that a binding can keep one wrapper object per shared type and hand it out
//! instead of wrapping the same type again (see `crate::ruby::type_object`).
//!
//! The factory builds each of these types once ([`super::factory`]'s
//! singletons); [`shared_index`] recognises exactly those instances (by
//! pointer), not types that are merely equal to them.

use super::factory as tf;
use super::model::{Type, TypeKind};

/// How many shared types [`shared_index`] numbers.
pub const SHARED_COUNT: usize = 44;

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
    ]
}

/// The number of `t` among [`shared_types`] when `t` is that very instance
/// (an equal type built elsewhere is not), else `None`.
pub fn shared_index(t: &Type) -> Option<usize> {
    use TypeKind as K;
    let (i, shared) = match t.kind() {
        K::Any => (0, tf::any()),
        K::Unit => (1, tf::unit()),
        K::Undef => (2, tf::undef()),
        K::Default => (3, tf::default()),
        K::Scalar => (4, tf::scalar()),
        K::ScalarData => (5, tf::scalar_data()),
        K::Numeric => (6, tf::numeric()),
        K::Binary => (7, tf::binary()),
        K::CatalogEntry => (8, tf::catalog_entry()),
        K::Deferred => (9, tf::deferred()),
        K::SemVerRange => (10, tf::sem_ver_range()),
        K::Integer(r) if r.from.is_none() && r.to.is_none() => (11, tf::integer()),
        K::Float(None, None) => (12, tf::float()),
        K::String {
            size: None,
            value: None,
        } => (13, tf::string()),
        K::Enum { values, .. } if values.is_empty() => (14, tf::enum_any()),
        K::Pattern(ps) if ps.is_empty() => (15, tf::pattern_any()),
        K::Boolean(None) => (16, tf::boolean()),
        K::Regexp(None) => (17, tf::regexp_any()),
        K::SemVer(rs) if rs.is_empty() => (18, tf::sem_ver_any()),
        K::Timespan(None, None) => (19, tf::timespan_any()),
        K::Timestamp(None, None) => (20, tf::timestamp_any()),
        K::Uri(None) => (21, tf::uri_any()),
        K::Collection(None) => (22, tf::collection()),
        K::Array { size: None, .. } => (23, tf::array_of_any()),
        K::Hash { size: None, .. } => (24, tf::hash_of_any()),
        K::Struct(None) => (25, tf::struct_any()),
        K::Tuple { types: None, .. } => (26, tf::tuple_any()),
        K::Variant(ts) if ts.is_empty() => (27, tf::variant_any()),
        K::Optional(None) => (28, tf::optional_any()),
        K::NotUndef(None) => (29, tf::not_undef_any()),
        K::Type(None) => (30, tf::type_any()),
        K::Iterable(None) => (31, tf::iterable_any()),
        K::Iterator(None) => (32, tf::iterator_any()),
        K::Sensitive(None) => (33, tf::sensitive_any()),
        K::Callable(_) => (34, tf::callable_any()),
        K::Resource {
            type_name: None, ..
        } => (35, tf::resource_any()),
        K::Class(None) => (36, tf::host_class_any()),
        K::Runtime { runtime: None, .. } => (37, tf::runtime_any()),
        K::Init(None, _) => (38, tf::init_any()),
        K::Object(_) => (39, tf::object()),
        K::TypeSet(_) => (40, tf::type_set()),
        K::Alias(a) => match &*a.name {
            "Data" => (41, tf::data()),
            "RichData" => (42, tf::rich_data()),
            "RichDataKey" => (43, tf::rich_data_key()),
            _ => return None,
        },
        _ => return None,
    };
    t.ptr_eq(&shared).then_some(i)
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
