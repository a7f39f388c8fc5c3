//! The built-in types (`Integer`, `Array`, `Data`, ...), listed once in
//! [`builtins!`]: their names, recognised as spelled or ignoring case (as
//! the reference does), their [`Builtin`] tag for dispatch, and the factory's
//! unparameterised instance of each.

pub mod shared;

use crate::types::factory as tf;
use crate::types::Type;
use std::sync::OnceLock;

/// Puppet 7's own resource types (lower case), which resolve without a
/// module. `node` is among them: `Node` and `Node['x']` are types as the
/// others are, though `node` is a keyword and no resource is declared with it.
pub const BUILTIN_RESOURCE_TYPES: [&str; 15] = [
    "component",
    "exec",
    "file",
    "filebucket",
    "group",
    "node",
    "notify",
    "package",
    "resources",
    "schedule",
    "service",
    "stage",
    "tidy",
    "user",
    "whit",
];

/// The one of Puppet's own resource types that `name` (without `::`, in
/// any case) names, as listed in [`BUILTIN_RESOURCE_TYPES`].
pub fn builtin_resource_type(name: &str) -> Option<&'static str> {
    BUILTIN_RESOURCE_TYPES
        .iter()
        .copied()
        .find(|t| t.eq_ignore_ascii_case(name))
}

/// The one list of built-in types: each name with the factory call that
/// makes its unparameterised instance. It defines [`Builtin`],
/// [`BUILTIN_NAMES`], the exact-spelling lookup and the instances.
macro_rules! builtins {
    ($($name:ident => $make:expr,)*) => {
        /// The built-in types, for dispatch without comparing names again.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(clippy::upper_case_acronyms)] // variants are spelled as the type names
        pub(crate) enum Builtin {
            $($name,)*
        }

        /// The built-in type names, as printed, in [`Builtin`] order.
        pub const BUILTIN_NAMES: &[&str] = &[$(stringify!($name),)*];

        /// Every [`Builtin`], in declaration order (`ALL_BUILTINS[b as usize] == b`).
        const ALL_BUILTINS: [Builtin; BUILTIN_NAMES.len()] = [$(Builtin::$name,)*];

        /// The built-in type whose name is spelled exactly `name`.
        #[inline]
        fn exact(name: &str) -> Option<Builtin> {
            Some(match name {
                $(stringify!($name) => Builtin::$name,)*
                _ => return None,
            })
        }

        /// The unparameterised built-in type `b`, from the factory.
        fn build_canonical_type(b: Builtin) -> Type {
            match b {
                $(Builtin::$name => $make,)*
            }
        }
    };
}

builtins! {
    Any => tf::any(),
    Array => tf::array_of_any(),
    Binary => tf::binary(),
    Boolean => tf::boolean(),
    Callable => tf::callable_any(),
    CatalogEntry => tf::catalog_entry(),
    Class => tf::host_class_any(),
    Collection => tf::collection(),
    Data => tf::data(),
    Default => tf::default(),
    Deferred => tf::deferred(),
    Enum => tf::enum_any(),
    Float => tf::float(),
    Hash => tf::hash_of_any(),
    Init => tf::init_any(),
    Integer => tf::integer(),
    Iterable => tf::iterable_any(),
    Iterator => tf::iterator_any(),
    NotUndef => tf::not_undef_any(),
    Numeric => tf::numeric(),
    Object => tf::object(),
    Optional => tf::optional_any(),
    Pattern => tf::pattern_any(),
    Regexp => tf::regexp_any(),
    Resource => tf::resource_any(),
    RichData => tf::rich_data(),
    RichDataKey => tf::rich_data_key(),
    Runtime => tf::runtime_any(),
    Scalar => tf::scalar(),
    ScalarData => tf::scalar_data(),
    SemVer => tf::sem_ver_any(),
    SemVerRange => tf::sem_ver_range(),
    Sensitive => tf::sensitive_any(),
    String => tf::string(),
    Struct => tf::struct_any(),
    Timespan => tf::timespan_any(),
    Timestamp => tf::timestamp_any(),
    Tuple => tf::tuple_any(),
    Type => tf::type_any(),
    TypeSet => tf::type_set(),
    URI => tf::uri_any(),
    Undef => tf::undef(),
    Variant => tf::variant_any(),
}

impl Builtin {
    /// The name as printed.
    pub(crate) fn name(self) -> &'static str {
        BUILTIN_NAMES[self as usize]
    }
}

/// The canonical spelling of a built-in type name, matched case-insensitively.
pub fn builtin_name(name: &str) -> Option<&'static str> {
    builtin(name).map(|(n, _)| n)
}

/// `name` when it is a built-in type name spelled exactly as printed
/// (`Integer`, not `INTEGER`): the static text of that name.
#[inline]
pub fn exact_name(name: &str) -> Option<&'static str> {
    exact(name).map(Builtin::name)
}

/// The built-in type called `name` (case-insensitively) and its canonical name.
#[inline]
pub(crate) fn builtin(name: &str) -> Option<(&'static str, Builtin)> {
    // names are nearly always written as printed
    match exact(name) {
        Some(b) => Some((b.name(), b)),
        None => builtin_ignoring_case(name),
    }
}

#[cold]
fn builtin_ignoring_case(name: &str) -> Option<(&'static str, Builtin)> {
    ALL_BUILTINS
        .iter()
        .find(|b| b.name().eq_ignore_ascii_case(name))
        .map(|&b| (b.name(), b))
}

/// The unparameterised built-in type called `name` (`Integer`, `Data`, ...), if there is one.
pub fn builtin_type(name: &str) -> Option<Type> {
    builtin(name).map(|(_, b)| canonical_type(b))
}

/// The unparameterised built-in type `b` (the factory's shared instance).
#[inline]
pub(crate) fn canonical_type(b: Builtin) -> Type {
    static TYPES: OnceLock<[Type; ALL_BUILTINS.len()]> = OnceLock::new();
    let types = TYPES.get_or_init(|| ALL_BUILTINS.map(build_canonical_type));
    types[b as usize].clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_names_are_found_as_spelled_and_ignoring_case() {
        assert!(BUILTIN_NAMES.windows(2).all(|w| w[0] < w[1]));
        for (i, b) in ALL_BUILTINS.iter().enumerate() {
            assert_eq!(*b as usize, i);
            let name = BUILTIN_NAMES[i];
            assert_eq!(format!("{b:?}"), name);
            assert_eq!(builtin(name), Some((name, *b)));
            assert_eq!(builtin(&name.to_lowercase()), Some((name, *b)));
            assert_eq!(builtin(&name.to_uppercase()), Some((name, *b)));
            assert_eq!(exact_name(name), Some(name));
            assert_eq!(exact_name(&name.to_lowercase()), None);
            assert!(canonical_type(*b).ptr_eq(&build_canonical_type(*b)));
        }
        assert_eq!(builtin("Integez"), None);
        assert_eq!(builtin("Ab"), None);
        assert_eq!(builtin(""), None);
        assert_eq!(builtin_name("uri"), Some("URI"));
        assert_eq!(builtin_name("Foo"), None);
        assert_eq!(exact_name("Foo::Bar"), None);
    }
}
