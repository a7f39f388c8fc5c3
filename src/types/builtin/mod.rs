//! The built-in type names (`Integer`, `Array`, `Data`, ...): recognising
//! them (exactly spelled, through a perfect hash, or ignoring case, as the
//! reference does), their [`Builtin`] for dispatch, and the factory's
//! unparameterised instance of each.

pub mod shared;

use crate::types::factory as tf;
use crate::types::Type;
use std::sync::OnceLock;

/// The built-in type names, as printed, in byte order (for binary search).
pub const BUILTIN_NAMES: &[&str] = &[
    "Any",
    "Array",
    "Binary",
    "Boolean",
    "Callable",
    "CatalogEntry",
    "Class",
    "Collection",
    "Data",
    "Default",
    "Deferred",
    "Enum",
    "Float",
    "Hash",
    "Init",
    "Integer",
    "Iterable",
    "Iterator",
    "NotUndef",
    "Numeric",
    "Object",
    "Optional",
    "Pattern",
    "Regexp",
    "Resource",
    "RichData",
    "RichDataKey",
    "Runtime",
    "Scalar",
    "ScalarData",
    "SemVer",
    "SemVerRange",
    "Sensitive",
    "String",
    "Struct",
    "Timespan",
    "Timestamp",
    "Tuple",
    "Type",
    "TypeSet",
    "URI",
    "Undef",
    "Variant",
];

/// The built-in types, for dispatch without comparing names again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::upper_case_acronyms)] // variants are spelled as the type names
pub(crate) enum Builtin {
    Any,
    Array,
    Binary,
    Boolean,
    Callable,
    CatalogEntry,
    Class,
    Collection,
    Data,
    Default,
    Deferred,
    Enum,
    Float,
    Hash,
    Init,
    Integer,
    Iterable,
    Iterator,
    NotUndef,
    Numeric,
    Object,
    Optional,
    Pattern,
    Regexp,
    Resource,
    RichData,
    RichDataKey,
    Runtime,
    Scalar,
    ScalarData,
    SemVer,
    SemVerRange,
    Sensitive,
    String,
    Struct,
    Timespan,
    Timestamp,
    Tuple,
    Type,
    TypeSet,
    URI,
    Undef,
    Variant,
}

/// One built-in type name with its exact-spelling key (see [`name_key`]).
#[derive(Clone, Copy)]
struct Entry {
    key: (u64, u64),
    name: &'static str,
    builtin: Builtin,
}

const fn entry(name: &'static str, builtin: Builtin) -> Entry {
    Entry {
        key: const_key(name.as_bytes()),
        name,
        builtin,
    }
}

/// The little-endian integer of `width` bytes of `b` from `start`.
const fn le_bytes(b: &[u8], start: usize, width: usize) -> u64 {
    let mut v = 0u64;
    let mut i = 0;
    while i < width {
        v |= (b[start + i] as u64) << (8 * i);
        i += 1;
    }
    v
}

/// The key of a name of 3 to 16 bytes: its first and its last `w` bytes
/// (overlapping), `w` being 2, 4 or 8 by length, so that two names of the same
/// length have the same key only when they are the same.
const fn const_key(b: &[u8]) -> (u64, u64) {
    let w = key_width(b.len());
    (le_bytes(b, 0, w), le_bytes(b, b.len() - w, w))
}

const fn key_width(len: usize) -> usize {
    if len >= 8 {
        8
    } else if len >= 4 {
        4
    } else {
        2
    }
}

/// [`const_key`] of `b` (of 3 to 16 bytes) with plain loads.
#[inline]
fn name_key(b: &[u8]) -> (u64, u64) {
    let n = b.len();
    if n >= 8 {
        let first = u64::from_le_bytes(b[..8].try_into().unwrap_or_default());
        let last = u64::from_le_bytes(b[n - 8..].try_into().unwrap_or_default());
        (first, last)
    } else if n >= 4 {
        let first = u32::from_le_bytes(b[..4].try_into().unwrap_or_default());
        let last = u32::from_le_bytes(b[n - 4..].try_into().unwrap_or_default());
        (first as u64, last as u64)
    } else {
        let first = u16::from_le_bytes(b[..2].try_into().unwrap_or_default());
        let last = u16::from_le_bytes(b[n - 2..].try_into().unwrap_or_default());
        (first as u64, last as u64)
    }
}

/// [`BUILTIN_NAMES`] by length (the exact-spelling lookup compares only the keys
/// of names of the right length; checked against the list by a test).
const BUILTIN_BY_LEN: [&[Entry]; 13] = [
    &[],
    &[],
    &[],
    &[entry("Any", Builtin::Any), entry("URI", Builtin::URI)],
    &[
        entry("Data", Builtin::Data),
        entry("Enum", Builtin::Enum),
        entry("Hash", Builtin::Hash),
        entry("Init", Builtin::Init),
        entry("Type", Builtin::Type),
    ],
    &[
        entry("Array", Builtin::Array),
        entry("Class", Builtin::Class),
        entry("Float", Builtin::Float),
        entry("Tuple", Builtin::Tuple),
        entry("Undef", Builtin::Undef),
    ],
    &[
        entry("Binary", Builtin::Binary),
        entry("Object", Builtin::Object),
        entry("Regexp", Builtin::Regexp),
        entry("Scalar", Builtin::Scalar),
        entry("SemVer", Builtin::SemVer),
        entry("String", Builtin::String),
        entry("Struct", Builtin::Struct),
    ],
    &[
        entry("Boolean", Builtin::Boolean),
        entry("Default", Builtin::Default),
        entry("Integer", Builtin::Integer),
        entry("Numeric", Builtin::Numeric),
        entry("Pattern", Builtin::Pattern),
        entry("Runtime", Builtin::Runtime),
        entry("TypeSet", Builtin::TypeSet),
        entry("Variant", Builtin::Variant),
    ],
    &[
        entry("Callable", Builtin::Callable),
        entry("Deferred", Builtin::Deferred),
        entry("Iterable", Builtin::Iterable),
        entry("Iterator", Builtin::Iterator),
        entry("NotUndef", Builtin::NotUndef),
        entry("Optional", Builtin::Optional),
        entry("Resource", Builtin::Resource),
        entry("RichData", Builtin::RichData),
        entry("Timespan", Builtin::Timespan),
    ],
    &[
        entry("Sensitive", Builtin::Sensitive),
        entry("Timestamp", Builtin::Timestamp),
    ],
    &[
        entry("Collection", Builtin::Collection),
        entry("ScalarData", Builtin::ScalarData),
    ],
    &[
        entry("RichDataKey", Builtin::RichDataKey),
        entry("SemVerRange", Builtin::SemVerRange),
    ],
    &[entry("CatalogEntry", Builtin::CatalogEntry)],
];

/// The canonical spelling of a built-in type name, matched case-insensitively.
pub fn builtin_name(name: &str) -> Option<&'static str> {
    builtin(name).map(|(n, _)| n)
}

/// The slot of a name of 3 or more bytes in [`BUILTIN_TABLE`]: a mix of its
/// second and last bytes and its length, different for every built-in name
/// (checked when the table is built).
#[inline]
const fn table_slot(b: &[u8]) -> usize {
    (b[1] as usize * 54 + b[b.len() - 1] as usize + b.len() * 51) & (BUILTIN_TABLE_SLOTS - 1)
}

const BUILTIN_TABLE_SLOTS: usize = 128;

/// The built-in names at their [`table_slot`] (a perfect hash of the names).
const BUILTIN_TABLE: [Option<Entry>; BUILTIN_TABLE_SLOTS] = {
    let mut table = [None; BUILTIN_TABLE_SLOTS];
    let mut len = 0;
    while len < BUILTIN_BY_LEN.len() {
        let bucket = BUILTIN_BY_LEN[len];
        let mut i = 0;
        while i < bucket.len() {
            let slot = table_slot(bucket[i].name.as_bytes());
            if table[slot].is_some() {
                panic!("two built-in names share a slot of BUILTIN_TABLE");
            }
            table[slot] = Some(bucket[i]);
            i += 1;
        }
        len += 1;
    }
    table
};

/// `name` when it is a built-in type name spelled exactly as printed
/// (`Integer`, not `INTEGER`): the static text of that name.
#[inline]
pub fn exact_name(name: &str) -> Option<&'static str> {
    exact_entry(name.as_bytes()).map(|e| e.name)
}

/// The entry of a name spelled exactly as printed (the perfect hash, then one
/// key compare).
#[inline(always)]
fn exact_entry(bytes: &[u8]) -> Option<&'static Entry> {
    if bytes.len() < 3 || bytes.len() >= BUILTIN_BY_LEN.len() {
        return None;
    }
    match BUILTIN_TABLE.get(table_slot(bytes)) {
        Some(Some(e)) if e.name.len() == bytes.len() && e.key == name_key(bytes) => Some(e),
        _ => None,
    }
}

/// The built-in type called `name` (case-insensitively) and its canonical name.
#[inline]
pub(crate) fn builtin(name: &str) -> Option<(&'static str, Builtin)> {
    let bytes = name.as_bytes();
    // Names are nearly always written canonically: try an exact match first.
    if let Some(e) = exact_entry(bytes) {
        return Some((e.name, e.builtin));
    }
    if bytes.len() < 3 {
        return None;
    }
    let same_len = BUILTIN_BY_LEN.get(bytes.len()).copied().unwrap_or(&[]);
    builtin_ignoring_case(name, same_len)
}

#[cold]
fn builtin_ignoring_case(name: &str, same_len: &[Entry]) -> Option<(&'static str, Builtin)> {
    // (canonical names start with a capital: most candidates differ there)
    let first = name.as_bytes().first()?.to_ascii_uppercase();
    same_len
        .iter()
        .find(|e| e.name.as_bytes()[0] == first && e.name.eq_ignore_ascii_case(name))
        .map(|e| (e.name, e.builtin))
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
    match types.get(b as usize) {
        Some(t) => t.clone(),
        None => build_canonical_type(b),
    }
}

/// Every [`Builtin`], in declaration order (`ALL_BUILTINS[b as usize] == b`).
const ALL_BUILTINS: [Builtin; 43] = {
    use Builtin as B;
    [
        B::Any,
        B::Array,
        B::Binary,
        B::Boolean,
        B::Callable,
        B::CatalogEntry,
        B::Class,
        B::Collection,
        B::Data,
        B::Default,
        B::Deferred,
        B::Enum,
        B::Float,
        B::Hash,
        B::Init,
        B::Integer,
        B::Iterable,
        B::Iterator,
        B::NotUndef,
        B::Numeric,
        B::Object,
        B::Optional,
        B::Pattern,
        B::Regexp,
        B::Resource,
        B::RichData,
        B::RichDataKey,
        B::Runtime,
        B::Scalar,
        B::ScalarData,
        B::SemVer,
        B::SemVerRange,
        B::Sensitive,
        B::String,
        B::Struct,
        B::Timespan,
        B::Timestamp,
        B::Tuple,
        B::Type,
        B::TypeSet,
        B::URI,
        B::Undef,
        B::Variant,
    ]
};

/// The unparameterised built-in type `b`, from the factory.
fn build_canonical_type(b: Builtin) -> Type {
    use Builtin as B;
    match b {
        B::Any => tf::any(),
        B::Array => tf::array_of_any(),
        B::Binary => tf::binary(),
        B::Boolean => tf::boolean(),
        B::Callable => tf::callable_any(),
        B::CatalogEntry => tf::catalog_entry(),
        B::Class => tf::host_class_any(),
        B::Collection => tf::collection(),
        B::Data => tf::data(),
        B::Default => tf::default(),
        B::Deferred => tf::deferred(),
        B::Enum => tf::enum_any(),
        B::Float => tf::float(),
        B::Hash => tf::hash_of_any(),
        B::Init => tf::init_any(),
        B::Integer => tf::integer(),
        B::Iterable => tf::iterable_any(),
        B::Iterator => tf::iterator_any(),
        B::NotUndef => tf::not_undef_any(),
        B::Numeric => tf::numeric(),
        B::Object => tf::object(),
        B::Optional => tf::optional_any(),
        B::Pattern => tf::pattern_any(),
        B::Regexp => tf::regexp_any(),
        B::Resource => tf::resource_any(),
        B::RichData => tf::rich_data(),
        B::RichDataKey => tf::rich_data_key(),
        B::Runtime => tf::runtime_any(),
        B::Scalar => tf::scalar(),
        B::ScalarData => tf::scalar_data(),
        B::SemVer => tf::sem_ver_any(),
        B::SemVerRange => tf::sem_ver_range(),
        B::Sensitive => tf::sensitive_any(),
        B::String => tf::string(),
        B::Struct => tf::struct_any(),
        B::Timespan => tf::timespan_any(),
        B::Timestamp => tf::timestamp_any(),
        B::Tuple => tf::tuple_any(),
        B::Type => tf::type_any(),
        B::TypeSet => tf::type_set(),
        B::Undef => tf::undef(),
        B::URI => tf::uri_any(),
        B::Variant => tf::variant_any(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_names_sorted_and_bucketed_by_length() {
        assert!(BUILTIN_NAMES.windows(2).all(|w| w[0] < w[1]));
        let mut bucketed: Vec<&str> = BUILTIN_BY_LEN
            .iter()
            .flat_map(|b| b.iter().map(|e| e.name))
            .collect();
        bucketed.sort_unstable();
        assert_eq!(bucketed, BUILTIN_NAMES);
        assert!(BUILTIN_BY_LEN.iter().enumerate().all(|(len, b)| b
            .iter()
            .all(|e| e.name.len() == len && format!("{:?}", e.builtin) == e.name)));
        // the runtime key is the compile-time one, and keys differ within a length
        for b in BUILTIN_BY_LEN {
            for e in b {
                assert_eq!(name_key(e.name.as_bytes()), e.key);
                assert_eq!(b.iter().filter(|o| o.key == e.key).count(), 1);
                assert_eq!(builtin(e.name), Some((e.name, e.builtin)));
                assert_eq!(builtin(&e.name.to_lowercase()), Some((e.name, e.builtin)));
            }
        }
        for (i, b) in ALL_BUILTINS.iter().enumerate() {
            assert_eq!(*b as usize, i);
            assert_eq!(format!("{b:?}"), BUILTIN_NAMES[i]);
            assert!(canonical_type(*b).ptr_eq(&build_canonical_type(*b)));
        }
        assert_eq!(builtin("Integez"), None);
        assert_eq!(builtin("Ab"), None);
        assert_eq!(builtin(""), None);
        assert_eq!(builtin_name("uri"), Some("URI"));
        assert_eq!(builtin_name("Foo"), None);
        // the exact spelling only, as the parser keeps it without a copy
        for name in BUILTIN_NAMES {
            assert!(exact_name(name).is_some_and(|n| std::ptr::eq(n, *name) || n == *name));
            assert_eq!(exact_name(&name.to_lowercase()), None);
        }
        assert_eq!(exact_name("Integez"), None);
        assert_eq!(exact_name("Foo::Bar"), None);
    }
}
