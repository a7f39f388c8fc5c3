//! The shared types (the unparameterised ones such as `Integer`, `String`,
//! `Data`, and `Boolean[true]`, `Boolean[false]`, `Array[0, 0]`, `Hash[0, 0]`) numbered,
//! so that a binding can keep one wrapper object per shared type and hand it out
//! instead of wrapping the same type again (the Ruby binding's `type_object`).
//!
//! The factory builds each of these types once ([`crate::types::factory`]'s
//! singletons); [`shared_index`] recognises exactly those instances (by
//! pointer), not types that are merely equal to them.

use crate::types::factory as tf;
use crate::types::model::Type;
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

/// How many slots the address table of [`shared_index`] has (a power of
/// two, far more than [`SHARED_COUNT`], so that runs are short and a free
/// slot ends each).
const SLOTS: usize = 256;

/// The first slot of the address table for the type at `address`.
#[inline]
fn slot(address: usize) -> usize {
    ((address >> 4) ^ (address >> 12)) & (SLOTS - 1)
}

/// Open addressing of the [`shared_types`]' addresses (they live as long as
/// the process): `(address, index)` at [`slot`] of the address or after it;
/// `(0, 0)` is free.
fn address_table() -> &'static [(usize, usize); SLOTS] {
    static TABLE: OnceLock<[(usize, usize); SLOTS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [(0usize, 0usize); SLOTS];
        for (i, t) in shared_types().iter().enumerate() {
            let address = t.as_ptr() as usize;
            let mut s = slot(address);
            while table[s].0 != 0 {
                s = (s + 1) & (SLOTS - 1);
            }
            table[s] = (address, i);
        }
        table
    })
}

/// The number of `t` among [`shared_types`] when `t` is that very instance
/// (an equal type built elsewhere is not), else `None`. Cheap: bindings look
/// up every type they wrap.
#[inline]
pub fn shared_index(t: &Type) -> Option<usize> {
    let table = address_table();
    let address = t.as_ptr() as usize;
    let mut s = slot(address);
    for _ in 0..SLOTS {
        let (a, i) = table[s];
        if a == address {
            return Some(i);
        }
        if a == 0 {
            return None;
        }
        s = (s + 1) & (SLOTS - 1);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::model::TypeKind;

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
        let alias = tf::type_alias(std::sync::Arc::new(crate::types::model::TypeAlias::new(
            "Data",
        )));
        assert_eq!(shared_index(&alias), None);
    }
}
