//! TypeFactory: functions that build validated, normalised types.
//!
//! The names follow the reference's `TypeFactory` (`integer`, `range`,
//! `array_of`, `hash_kv`, `struct`, ...); where a name is a Rust keyword the
//! function is suffixed (`enum_of`, `struct_of`). Parameterless types are
//! shared singletons, so building them allocates nothing.
//!
//! Normalisation done here (so that equal types are structurally equal):
//! `Variant` flattens nested variants, drops duplicates and unwraps a single
//! member; `Enum` sorts and deduplicates; `Pattern` deduplicates; size ranges
//! clamp negative ends to 0; `NotUndef[Any]`, `Sensitive[Any]` and
//! `Array[Any]`/`Hash[Any, Any]` become their unparameterised forms; an
//! empty `Struct` is `Struct`; Struct keys drop a redundant
//! `Optional`/`NotUndef` wrapper.

use super::unique::Unique;
use crate::error::{Error, Result};
use crate::syntax::ast::node_text;
use crate::types::model::{
    CallableType, IntRange, RuntimeName, SmolStr, StructElement, Type, TypeAlias, TypeKind,
};
use crate::values::ruby_case;
use crate::values::{Regexp, SemVerRange, TimespanBound, Timestamp, Value, ValueMap};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

macro_rules! singleton {
    ($(#[$doc:meta])* $name:ident, $kind:expr) => {
        $(#[$doc])*
        pub fn $name() -> Type {
            static CELL: OnceLock<Type> = OnceLock::new();
            CELL.get_or_init(|| Type::from_kind($kind)).clone()
        }
    };
}

singleton!(/// `Any`.
    any, TypeKind::Any);
singleton!(/// The empty type (element type of `Array[0, 0]`).
    unit, TypeKind::Unit);
singleton!(/// `Undef`.
    undef, TypeKind::Undef);
singleton!(/// `Default`.
    default, TypeKind::Default);
singleton!(/// `Scalar`.
    scalar, TypeKind::Scalar);
singleton!(/// `ScalarData`.
    scalar_data, TypeKind::ScalarData);
singleton!(/// `Numeric`.
    numeric, TypeKind::Numeric);
singleton!(/// `Binary`.
    binary, TypeKind::Binary);
singleton!(/// `CatalogEntry`.
    catalog_entry, TypeKind::CatalogEntry);
singleton!(/// `Deferred`.
    deferred, TypeKind::Deferred);
singleton!(/// `SemVerRange`.
    sem_ver_range, TypeKind::SemVerRange);
singleton!(/// `Integer` (unbounded).
    integer, TypeKind::Integer(IntRange::unbounded()));
singleton!(/// `Float` (unbounded).
    float, TypeKind::Float(None, None));
singleton!(/// `String` (any size).
    string, TypeKind::String { size: None, value: None });
singleton!(/// `Enum` (unparameterised).
    enum_any, TypeKind::Enum { values: Vec::new(), case_insensitive: false });
singleton!(/// `Pattern` (unparameterised).
    pattern_any, TypeKind::Pattern(Vec::new()));
singleton!(/// `Boolean`.
    boolean, TypeKind::Boolean(None));
singleton!(/// `Regexp` (any pattern).
    regexp_any, TypeKind::Regexp(None));
singleton!(/// `SemVer` (any version).
    sem_ver_any, TypeKind::SemVer(Vec::new()));
singleton!(/// `Timespan` (unbounded).
    timespan_any, TypeKind::Timespan(None, None));
singleton!(/// `Timestamp` (unbounded).
    timestamp_any, TypeKind::Timestamp(None, None));
singleton!(/// `URI` (any URI).
    uri_any, TypeKind::Uri(None));
singleton!(/// `Collection` (any size).
    collection, TypeKind::Collection(None));
singleton!(/// `Array` (= `Array[Any]`).
    array_of_any, TypeKind::Array { element: any(), size: None });
singleton!(/// `Array[0, 0]`: only the empty array.
    array_empty, TypeKind::Array { element: unit(), size: Some(IntRange::new(Some(0), Some(0))) });
singleton!(/// `Hash` (= `Hash[Any, Any]`).
    hash_of_any, TypeKind::Hash { key: any(), value: any(), size: None });
singleton!(/// `Hash[0, 0]`: only the empty hash.
    hash_empty, TypeKind::Hash { key: unit(), value: unit(), size: Some(IntRange::new(Some(0), Some(0))) });
singleton!(/// `Struct` (unparameterised; the same as `Struct[{}]`).
    struct_any, TypeKind::Struct(None));
singleton!(/// `Tuple` (unparameterised).
    tuple_any, TypeKind::Tuple { types: None, size: None });
singleton!(/// `Variant` (unparameterised).
    variant_any, TypeKind::Variant(Vec::new()));
singleton!(/// `Optional` (unparameterised).
    optional_any, TypeKind::Optional(None));
singleton!(/// `NotUndef` (= `NotUndef[Any]`).
    not_undef_any, TypeKind::NotUndef(None));
singleton!(/// `Type` (= `Type[Any]`).
    type_any, TypeKind::Type(None));
singleton!(/// `Iterable`.
    iterable_any, TypeKind::Iterable(None));
singleton!(/// `Iterator`.
    iterator_any, TypeKind::Iterator(None));
singleton!(/// `Sensitive` (= `Sensitive[Any]`).
    sensitive_any, TypeKind::Sensitive(None));
singleton!(/// `Callable` (any callable).
    callable_any, TypeKind::Callable(Box::new(CallableType { params: None, block: None, return_type: None })));
singleton!(/// `Resource` (any resource).
    resource_any, TypeKind::Resource { type_name: None, title: None });
singleton!(/// `Class` (any class).
    host_class_any, TypeKind::Class(None));
singleton!(/// `Runtime` (any runtime type).
    runtime_any, TypeKind::Runtime { runtime: None, name: None });
singleton!(/// `Init` (unparameterised).
    init_any, TypeKind::Init(None, Vec::new()));
singleton!(/// `Object` (unparameterised), printed as the reference prints it.
    object, TypeKind::Object(crate::types::text::display::OBJECT_TEXT.into()));
singleton!(/// `TypeSet` (unparameterised), printed as the reference prints it.
    type_set, TypeKind::TypeSet(crate::types::text::display::TYPESET_TEXT.into()));

/// The reference's message for a descending range (its text lacks the closing parenthesis).
pub(crate) fn from_to_error(from: impl std::fmt::Display, to: impl std::fmt::Display) -> Error {
    Error::type_error(format!(
        "'from' must be less or equal to 'to'. Got ({from}, {to}"
    ))
}

/// `Integer[from, to]`; `None` is an open end. Errors when `from > to`.
pub fn range(from: Option<i64>, to: Option<i64>) -> Result<Type> {
    if let (Some(a), Some(b)) = (from, to) {
        if a > b {
            return Err(from_to_error(a, b));
        }
    }
    if from.is_none() && to.is_none() {
        return Ok(integer());
    }
    Ok(Type::from_kind(TypeKind::Integer(IntRange::new(from, to))))
}

/// `Float[from, to]`; `None` is an open end. Errors when `from > to` or a bound is NaN.
pub fn float_range(from: Option<f64>, to: Option<f64>) -> Result<Type> {
    if from.is_some_and(f64::is_nan) || to.is_some_and(f64::is_nan) {
        return Err(Error::type_error("Float bounds cannot be NaN"));
    }
    if let (Some(a), Some(b)) = (from, to) {
        if a > b {
            let mut sa = String::new();
            let mut sb = String::new();
            crate::types::text::display::write_float(&mut sa, a).ok();
            crate::types::text::display::write_float(&mut sb, b).ok();
            return Err(from_to_error(sa, sb));
        }
    }
    if from.is_none() && to.is_none() {
        return Ok(float());
    }
    Ok(Type::from_kind(TypeKind::Float(from, to)))
}

/// A size range for String, Array, Hash, Collection, Tuple and Callable:
/// `from` defaults to 0, negative ends clamp to 0, and a given `from` greater
/// than `to` is an error.
pub fn size_range(from: Option<i64>, to: Option<i64>) -> Result<IntRange> {
    // An open lower end is 0 and is not checked against the upper end.
    if let (Some(f), Some(t)) = (from, to) {
        if f > t {
            return Err(from_to_error(f, t));
        }
    }
    Ok(IntRange::new(
        Some(from.unwrap_or(0).max(0)),
        to.map(|t| t.max(0)),
    ))
}

/// `String[from, to]`: strings whose length is in the range.
pub fn string_size(from: Option<i64>, to: Option<i64>) -> Result<Type> {
    Ok(string_sized(size_range(from, to)?))
}

/// `String` with an already validated size range.
pub fn string_sized(size: IntRange) -> Type {
    Type::from_kind(TypeKind::String {
        size: Some(size),
        value: None,
    })
}

/// The String type of one known string (what inference gives; prints as `String`,
/// and as the quoted string inside `Optional`/`NotUndef`/Struct keys).
pub fn string_value(s: &str) -> Type {
    Type::from_kind(TypeKind::String {
        size: None,
        value: Some(s.into()),
    })
}

/// `Enum[values...]` (case-sensitive), sorted and without duplicates.
pub fn enum_of<S: AsRef<str>>(values: &[S]) -> Type {
    enum_ci(values, false)
}

/// `Enum[values..., true]` when `case_insensitive`.
pub fn enum_ci<S: AsRef<str>>(values: &[S], case_insensitive: bool) -> Type {
    enum_of_texts(
        values.iter().map(|s| node_text(s.as_ref())).collect(),
        case_insensitive,
    )
}

/// [`enum_ci`] of texts already made (sorted and deduplicated here; no
/// copy of a text is made).
pub fn enum_of_texts(mut values: Vec<SmolStr>, case_insensitive: bool) -> Type {
    if values.is_empty() && !case_insensitive {
        return enum_any();
    }
    values.sort();
    values.dedup();
    Type::from_kind(TypeKind::Enum {
        values,
        case_insensitive,
    })
}

/// `Pattern[regexps...]`, without duplicates (first occurrence kept).
pub fn pattern(regexps: Vec<Regexp>) -> Type {
    if regexps.is_empty() {
        return pattern_any();
    }
    let mut out = Unique::with_capacity(regexps.len());
    for r in regexps {
        out.push(r);
    }
    Type::from_kind(TypeKind::Pattern(out.into_vec()))
}

/// `Regexp[r]`, or `Regexp` for `None`.
pub fn regexp(r: Option<Regexp>) -> Type {
    match r {
        None => regexp_any(),
        Some(r) => Type::from_kind(TypeKind::Regexp(Some(r))),
    }
}

/// `Boolean[b]`: only `b`.
pub fn boolean_value(b: bool) -> Type {
    static T: OnceLock<Type> = OnceLock::new();
    static F: OnceLock<Type> = OnceLock::new();
    let cell = if b { &T } else { &F };
    cell.get_or_init(|| Type::from_kind(TypeKind::Boolean(Some(b))))
        .clone()
}

/// `Array[t]`.
pub fn array_of(t: Type) -> Type {
    if matches!(t.kind(), TypeKind::Any) {
        return array_of_any();
    }
    Type::from_kind(TypeKind::Array {
        element: t,
        size: None,
    })
}

/// `Array[t, from, to]`; a size of exactly 0 gives the empty array type `Array[0, 0]`.
pub fn array_of_size(t: Type, from: Option<i64>, to: Option<i64>) -> Result<Type> {
    let size = size_range(from, to)?;
    Ok(array_sized(t, size))
}

/// `Array[t]` with an already validated size range.
pub fn array_sized(t: Type, size: IntRange) -> Type {
    if size.to == Some(0) {
        return array_empty();
    }
    Type::from_kind(TypeKind::Array {
        element: t,
        size: Some(size),
    })
}

/// `Hash[k, v]`.
pub fn hash_kv(k: Type, v: Type) -> Type {
    if matches!(k.kind(), TypeKind::Any) && matches!(v.kind(), TypeKind::Any) {
        return hash_of_any();
    }
    Type::from_kind(TypeKind::Hash {
        key: k,
        value: v,
        size: None,
    })
}

/// `Hash[Any, v]` (the reference's `hash_of(value, key = any)`).
pub fn hash_of(v: Type) -> Type {
    hash_kv(any(), v)
}

/// `Hash[k, v, from, to]`; a size of exactly 0 gives `Hash[0, 0]`.
pub fn hash_kv_size(k: Type, v: Type, from: Option<i64>, to: Option<i64>) -> Result<Type> {
    let size = size_range(from, to)?;
    Ok(hash_sized(k, v, size))
}

/// `Hash[k, v]` with an already validated size range.
pub fn hash_sized(k: Type, v: Type, size: IntRange) -> Type {
    if size.to == Some(0) {
        return hash_empty();
    }
    Type::from_kind(TypeKind::Hash {
        key: k,
        value: v,
        size: Some(size),
    })
}

/// `Collection[from, to]`.
pub fn collection_size(from: Option<i64>, to: Option<i64>) -> Result<Type> {
    Ok(Type::from_kind(TypeKind::Collection(Some(size_range(
        from, to,
    )?))))
}

/// True when `undef` is an instance of `t` (used to normalise Struct keys).
pub fn accepts_undef(t: &Type) -> bool {
    accepts_undef_depth(t, 0)
}

fn accepts_undef_depth(t: &Type, depth: usize) -> bool {
    if depth > 64 {
        return false;
    }
    match t.kind() {
        TypeKind::Any | TypeKind::Undef | TypeKind::Optional(_) | TypeKind::Unit => true,
        TypeKind::Variant(ts) => ts.iter().any(|t| accepts_undef_depth(t, depth + 1)),
        TypeKind::Alias(a) => a
            .resolved()
            .is_some_and(|r| accepts_undef_depth(r, depth + 1)),
        _ => false,
    }
}

/// One Struct member key: its name and whether it is wrapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyMode {
    /// A plain string key: optional when the value type accepts undef.
    Plain,
    /// `Optional['name']`: the key may be absent.
    Optional,
    /// `NotUndef['name']`: the key must be present.
    NotUndef,
}

/// `Struct[{key => type, ...}]` from (name, mode, value type) entries, in order.
/// A later entry with the same name replaces an earlier one; empty names are an error.
pub fn struct_of(entries: Vec<(Arc<str>, KeyMode, Type)>) -> Result<Type> {
    struct_of_names(
        entries
            .into_iter()
            .map(|(name, mode, t)| (SmolStr::new(&*name), mode, t)),
    )
}

/// [`struct_of`] of names held as [`SmolStr`] (taken as they are, not copied).
pub fn struct_of_names<I>(entries: I) -> Result<Type>
where
    I: IntoIterator<Item = (SmolStr, KeyMode, Type)>,
    I::IntoIter: ExactSizeIterator,
{
    let entries = entries.into_iter();
    if entries.len() == 0 {
        return Ok(struct_any());
    }
    let mut elements = crate::types::StructElements::with_capacity(entries.len());
    // where each name is, once there are too many elements to search in turn
    let mut positions: Option<HashMap<SmolStr, usize>> = None;
    for (name, mode, value_type) in entries {
        if name.is_empty() && mode == KeyMode::Plain {
            return Err(Error::type_error(
                "Struct element key cannot be an empty String",
            ));
        }
        let undef_ok = accepts_undef(&value_type);
        let mode = match mode {
            KeyMode::Optional if undef_ok => KeyMode::Plain,
            KeyMode::NotUndef if !undef_ok => KeyMode::Plain,
            m => m,
        };
        let plain = Type::from_kind(TypeKind::String {
            size: None,
            value: Some(name),
        });
        let key_type = match mode {
            KeyMode::Plain => plain,
            KeyMode::Optional => Type::from_kind(TypeKind::Optional(Some(plain))),
            KeyMode::NotUndef => Type::from_kind(TypeKind::NotUndef(Some(plain))),
        };
        let element = StructElement::new(key_type, value_type);
        // a later entry of the same name replaces the earlier one, in its place
        let at = match &mut positions {
            Some(index) => index.get(element.name()).copied(),
            None => elements.iter().position(|e| e.name() == element.name()),
        };
        match at {
            Some(i) => elements[i] = element,
            None => {
                if positions.is_none() && elements.len() == STRUCT_SCAN_LIMIT {
                    positions = Some(name_positions(&elements));
                }
                if let Some(index) = &mut positions {
                    index.insert(SmolStr::new(element.name()), elements.len());
                }
                elements.push(element);
            }
        }
    }
    Ok(Type::from_kind(TypeKind::Struct(Some(elements))))
}

/// How many Struct elements are searched in turn for a repeated name; past
/// this, names are looked up in an index (a Struct of many thousand keys stays
/// linear to build).
const STRUCT_SCAN_LIMIT: usize = 32;

/// The position of each element's name.
fn name_positions(elements: &[StructElement]) -> HashMap<SmolStr, usize> {
    elements
        .iter()
        .enumerate()
        .map(|(i, e)| (SmolStr::new(e.name()), i))
        .collect()
}

/// `Tuple[types...]` with no size constraint.
pub fn tuple(types: Vec<Type>) -> Type {
    if types.is_empty() {
        return tuple_any();
    }
    Type::from_kind(TypeKind::Tuple {
        types: Some(types),
        size: None,
    })
}

/// `Tuple[types..., from, to]`.
pub fn tuple_sized(types: Vec<Type>, from: Option<i64>, to: Option<i64>) -> Result<Type> {
    let size = size_range(from, to)?;
    if types.is_empty() {
        return Ok(tuple_any());
    }
    Ok(Type::from_kind(TypeKind::Tuple {
        types: Some(types),
        size: Some(size),
    }))
}

/// `Variant[types...]`: nested variants are flattened, duplicates dropped,
/// and a single remaining member is returned as is.
pub fn variant(types: Vec<Type>) -> Type {
    let mut unique = Unique::with_capacity(types.len());
    for t in types {
        match t.kind() {
            TypeKind::Variant(inner) => {
                for i in inner {
                    unique.push(i.clone());
                }
            }
            _ => unique.push(t),
        }
    }
    let mut out = unique.into_vec();
    match out.len() {
        0 => variant_any(),
        1 => out.pop().unwrap_or_else(variant_any),
        _ => Type::from_kind(TypeKind::Variant(out)),
    }
}

/// `Optional[t]`, or `Optional` for `None`.
pub fn optional(t: Option<Type>) -> Type {
    match t {
        None => optional_any(),
        Some(t) => Type::from_kind(TypeKind::Optional(Some(t))),
    }
}

/// `NotUndef[t]`; `NotUndef[Any]` is `NotUndef`.
pub fn not_undef(t: Option<Type>) -> Type {
    match t {
        Some(t) if !matches!(t.kind(), TypeKind::Any) => {
            Type::from_kind(TypeKind::NotUndef(Some(t)))
        }
        _ => not_undef_any(),
    }
}

/// `Type[t]`, or `Type` for `None`.
pub fn type_type(t: Option<Type>) -> Type {
    match t {
        None => type_any(),
        Some(t) => Type::from_kind(TypeKind::Type(Some(t))),
    }
}

/// `Iterable[t]`, or `Iterable` for `None`.
pub fn iterable(t: Option<Type>) -> Type {
    match t {
        None => iterable_any(),
        Some(t) => Type::from_kind(TypeKind::Iterable(Some(t))),
    }
}

/// `Iterator[t]`, or `Iterator` for `None`.
pub fn iterator(t: Option<Type>) -> Type {
    match t {
        None => iterator_any(),
        Some(t) => Type::from_kind(TypeKind::Iterator(Some(t))),
    }
}

/// `Sensitive[t]` with `t` generalised (`Sensitive[Integer[1, 2]]` is
/// `Sensitive[Integer]`, as in the reference); `Sensitive[Any]` is `Sensitive`.
pub fn sensitive(t: Option<Type>) -> Type {
    match t {
        Some(t) if !matches!(t.kind(), TypeKind::Any) => Type::from_kind(TypeKind::Sensitive(
            Some(crate::types::calc::generalize(&t)),
        )),
        _ => sensitive_any(),
    }
}

/// `Init[t, args...]`, or `Init` for `None`.
pub fn init(t: Option<Type>, args: Vec<Value>) -> Type {
    match t {
        None => init_any(),
        Some(t) => Type::from_kind(TypeKind::Init(Some(t), args)),
    }
}

/// `Callable[params..., from, to, block]` or, with a return type,
/// `Callable[[params..., from, to, block], return]`. `size` `None` means
/// "as many as there are parameter types" (so none for an empty list, which
/// prints as `0, 0`); a return type of `Any` is no return type.
pub fn callable(
    params: Vec<Type>,
    size: Option<IntRange>,
    block: Option<Type>,
    return_type: Option<Type>,
) -> Result<Type> {
    if let Some(b) = &block {
        let ok = match b.kind() {
            TypeKind::Callable(_) => true,
            TypeKind::Optional(Some(inner)) => matches!(inner.kind(), TypeKind::Callable(_)),
            _ => false,
        };
        if !ok {
            return Err(Error::type_error(format!(
                "The block type of a Callable must be a Callable or Optional[Callable], got {b}"
            )));
        }
    }
    // `Callable[[...], Any]` is `Callable[...]`, as in the reference.
    let return_type = return_type.filter(|r| !matches!(r.kind(), TypeKind::Any));
    let tuple = Type::from_kind(TypeKind::Tuple {
        types: Some(params),
        size,
    });
    Ok(Type::from_kind(TypeKind::Callable(Box::new(
        CallableType {
            params: Some(tuple),
            block,
            return_type,
        },
    ))))
}

/// `SemVer[ranges...]`: overlapping or adjacent ranges are merged (done by the caller
/// through `SemVerRange` merging when available; here ranges are kept in the given order,
/// without duplicates).
pub fn sem_ver(mut ranges: Vec<SemVerRange>) -> Type {
    if ranges.is_empty() {
        return sem_ver_any();
    }
    // the first of equal ranges is kept, in place
    let mut kept = 0;
    for i in 0..ranges.len() {
        if !ranges[..kept].contains(&ranges[i]) {
            if kept != i {
                ranges.swap(kept, i);
            }
            kept += 1;
        }
    }
    ranges.truncate(kept);
    Type::from_kind(TypeKind::SemVer(ranges))
}

/// `Timespan[from, to]`; errors when `from > to`.
pub fn timespan(from: Option<TimespanBound>, to: Option<TimespanBound>) -> Result<Type> {
    if let (Some(a), Some(b)) = (&from, &to) {
        if a > b {
            return Err(from_to_error(a.text(), b.text()));
        }
    }
    if from.is_none() && to.is_none() {
        return Ok(timespan_any());
    }
    Ok(Type::from_kind(TypeKind::Timespan(from, to)))
}

/// `Timestamp[from, to]`; errors when `from > to`.
pub fn timestamp(from: Option<Timestamp>, to: Option<Timestamp>) -> Result<Type> {
    if let (Some(a), Some(b)) = (&from, &to) {
        if a > b {
            return Err(from_to_error(
                crate::types::text::rich::timestamp_text(a),
                crate::types::text::rich::timestamp_text(b),
            ));
        }
    }
    if from.is_none() && to.is_none() {
        return Ok(timestamp_any());
    }
    Ok(Type::from_kind(TypeKind::Timestamp(from, to)))
}

/// `URI[{part => constraint, ...}]`, or `URI` for `None`. The map is taken as validated.
pub fn uri(params: Option<ValueMap>) -> Type {
    match params {
        None => uri_any(),
        Some(m) => uri_of(Arc::new(m)),
    }
}

/// `URI[params]` with parameters already shared.
pub fn uri_of(params: Arc<ValueMap>) -> Type {
    Type::from_kind(TypeKind::Uri(Some(params)))
}

/// A capitalised resource type name as the reference's patterns take it:
/// `::`-separated segments (the first may follow a `::`), each an ASCII
/// capital followed by ASCII word characters.
pub fn is_class_reference(name: &str) -> bool {
    let name = name.strip_prefix("::").unwrap_or(name);
    name.split("::").all(|seg| {
        let mut chars = seg.chars();
        chars.next().is_some_and(|c| c.is_ascii_uppercase())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// A resource type name as every path that reads one normalises it (the
/// reference's rule, observed): a name that starts with an ASCII capital, at
/// the start of any of its lines, is kept as given (`Foo::bar`); otherwise
/// its `::`-separated segments, trailing empty ones dropped, are each
/// capitalised as Ruby's `String#capitalize` does (`fOO::bAR` is `Foo::Bar`,
/// `::foo` is `::Foo`, `ß` is `Ss`, `::` is empty), and a name of one segment
/// is capitalised whole (`foo::` is `Foo::`).
pub fn capitalize_type_name(name: &str) -> Cow<'_, str> {
    let starts_capital = |line: &str| line.as_bytes().first().is_some_and(u8::is_ascii_uppercase);
    if name.split('\n').any(starts_capital) {
        return Cow::Borrowed(name);
    }
    let mut segments: Vec<&str> = name.split("::").collect();
    while segments.last() == Some(&"") {
        segments.pop();
    }
    let mut out = String::with_capacity(name.len() + 2);
    if segments.len() == 1 {
        ruby_case::capitalize(name, &mut out);
        return Cow::Owned(out);
    }
    for (i, seg) in segments.iter().enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        ruby_case::capitalize(seg, &mut out);
    }
    Cow::Owned(out)
}

/// The resource type named by `name`: [`capitalize_type_name`], which must
/// give a class reference ([`is_class_reference`]); else the capitalised
/// name is the error, for each path to word as the reference does there.
pub fn resource_type_name(name: &str) -> std::result::Result<Arc<str>, String> {
    let name = capitalize_type_name(name);
    if is_class_reference(&name) {
        Ok(Arc::from(name.as_ref()))
    } else {
        Err(name.into_owned())
    }
}

/// `Resource[type_name, title]`; the name is normalised by [`resource_type_name`]
/// (`Resource[foo::bar]` prints `Foo::Bar`); one that is not a class
/// reference is an error ("Illegal type name 'Foo::bar'").
pub fn resource(type_name: Option<&str>, title: Option<&str>) -> Result<Type> {
    match type_name {
        None => Ok(resource_any()),
        Some(n) => {
            let type_name = resource_type_name(n)
                .map_err(|n| Error::type_error(format!("Illegal type name '{n}'")))?;
            Ok(Type::from_kind(TypeKind::Resource {
                type_name: Some(type_name),
                title: title.map(Arc::from),
            }))
        }
    }
}

/// `Class[name]` (a leading `::` is dropped), or `Class` for `None`.
pub fn host_class(name: Option<&str>) -> Type {
    match name {
        None => host_class_any(),
        Some(n) => Type::from_kind(TypeKind::Class(Some(
            n.strip_prefix("::").unwrap_or(n).into(),
        ))),
    }
}

/// `Runtime[runtime, name_or_pattern]`.
pub fn runtime(runtime: Option<&str>, name: Option<RuntimeName>) -> Type {
    if runtime.is_none() && name.is_none() {
        return runtime_any();
    }
    Type::from_kind(TypeKind::Runtime {
        runtime: runtime.map(Arc::from),
        name,
    })
}

/// A type alias node (resolved or to be resolved through [`TypeAlias::resolve`]).
pub fn type_alias(alias: Arc<TypeAlias>) -> Type {
    Type::from_kind(TypeKind::Alias(alias))
}

/// A reference to a type name that does not resolve (`TypeReference['Foo']`).
pub fn type_reference(name: &str) -> Type {
    Type::from_kind(TypeKind::TypeReference(name.into()))
}

/// The built-in alias `Data` = `Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]`.
pub fn data() -> Type {
    static CELL: OnceLock<Type> = OnceLock::new();
    CELL.get_or_init(|| {
        let alias = Arc::new(TypeAlias::new("Data"));
        let me = type_alias(alias.clone());
        alias.resolve(variant(vec![
            scalar_data(),
            undef(),
            hash_kv(string(), me.clone()),
            array_of(me.clone()),
        ]));
        me
    })
    .clone()
}

/// The built-in alias `RichDataKey` = `Variant[String, Numeric]`.
pub fn rich_data_key() -> Type {
    static CELL: OnceLock<Type> = OnceLock::new();
    CELL.get_or_init(|| {
        let alias = Arc::new(TypeAlias::new("RichDataKey"));
        alias.resolve(variant(vec![string(), numeric()]));
        type_alias(alias)
    })
    .clone()
}

/// The built-in alias `RichData` (everything serialisable), as the reference defines it.
pub fn rich_data() -> Type {
    static CELL: OnceLock<Type> = OnceLock::new();
    CELL.get_or_init(|| {
        let alias = Arc::new(TypeAlias::new("RichData"));
        let me = type_alias(alias.clone());
        alias.resolve(variant(vec![
            scalar(),
            sem_ver_range(),
            binary(),
            sensitive_any(),
            type_any(),
            type_set(),
            uri_any(),
            object(),
            undef(),
            default(),
            hash_kv(rich_data_key(), me.clone()),
            array_of(me.clone()),
        ]));
        me
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_repeated_key_keeps_its_place_and_takes_the_last_type() {
        // a repeated name, below and past the number of names searched in turn
        let n = 3 * STRUCT_SCAN_LIMIT;
        let mut entries: Vec<(Arc<str>, KeyMode, Type)> = (0..n)
            .map(|i| (Arc::from(format!("k{i}")), KeyMode::Plain, integer()))
            .collect();
        for i in [1, STRUCT_SCAN_LIMIT - 1, STRUCT_SCAN_LIMIT, n - 1] {
            entries.push((Arc::from(format!("k{i}")), KeyMode::Plain, string()));
        }
        let t = struct_of(entries).unwrap();
        let TypeKind::Struct(Some(elements)) = t.kind() else {
            panic!("{t}")
        };
        assert_eq!(elements.len(), n);
        for (i, e) in elements.iter().enumerate() {
            assert_eq!(e.name(), format!("k{i}"));
            let repeated = [1, STRUCT_SCAN_LIMIT - 1, STRUCT_SCAN_LIMIT, n - 1].contains(&i);
            assert_eq!(
                e.value_type,
                if repeated { string() } else { integer() },
                "k{i}"
            );
        }
    }

    #[test]
    fn integer_range_must_ascend() {
        assert_eq!(
            range(Some(1), Some(10)).unwrap().to_string(),
            "Integer[1, 10]"
        );
        let e = range(Some(10), Some(1)).unwrap_err();
        assert_eq!(
            e.message,
            "'from' must be less or equal to 'to'. Got (10, 1"
        );
        assert_eq!(
            range(None, Some(0)).unwrap().to_string(),
            "Integer[default, 0]"
        );
        assert_eq!(range(None, None).unwrap().to_string(), "Integer");
    }

    #[test]
    fn singletons_are_shared() {
        assert!(any().ptr_eq(&any()));
        assert!(integer().ptr_eq(&range(None, None).unwrap()));
        assert!(array_of(any()).ptr_eq(&array_of_any()));
    }

    #[test]
    fn variant_flattens_and_dedupes() {
        let v = variant(vec![integer(), variant(vec![string(), integer()]), float()]);
        assert_eq!(v.to_string(), "Variant[Integer, String, Float]");
        assert_eq!(variant(vec![integer(), integer()]).to_string(), "Integer");
    }

    #[test]
    fn variant_and_pattern_equal_in_any_order() {
        use std::hash::{Hash, Hasher};
        let h = |t: &Type| {
            let mut s = std::collections::hash_map::DefaultHasher::new();
            t.hash(&mut s);
            s.finish()
        };
        let a = variant(vec![integer(), string()]);
        let b = variant(vec![string(), integer()]);
        assert_eq!(a, b);
        assert_eq!(h(&a), h(&b));
        assert_ne!(a, variant(vec![string(), float()]));
        let p = |xs: &[&str]| pattern(xs.iter().map(|x| Regexp::new(x).unwrap()).collect());
        assert_eq!(p(&["a", "b"]), p(&["b", "a"]));
        assert_eq!(h(&p(&["a", "b"])), h(&p(&["b", "a"])));
    }

    #[test]
    fn enum_sorted_unique() {
        assert_eq!(enum_of(&["b", "a", "b"]).to_string(), "Enum['a', 'b']");
        assert_eq!(
            enum_ci(&["B", "a"], true).to_string(),
            "Enum['B', 'a', true]"
        );
    }

    #[test]
    fn struct_keys_normalised() {
        let t = struct_of(vec![
            ("a".into(), KeyMode::Optional, optional(Some(integer()))),
            ("b".into(), KeyMode::Optional, string()),
            ("c".into(), KeyMode::NotUndef, integer()),
            ("d".into(), KeyMode::NotUndef, optional(Some(integer()))),
        ])
        .unwrap();
        assert_eq!(
            t.to_string(),
            "Struct[{'a' => Optional[Integer], Optional['b'] => String, 'c' => Integer, NotUndef['d'] => Optional[Integer]}]"
        );
    }

    #[test]
    fn data_and_rich_data_aliases() {
        assert_eq!(data().to_string(), "Data");
        let TypeKind::Alias(a) = data().kind().clone() else {
            panic!("Data is an alias")
        };
        assert_eq!(
            a.resolved().unwrap().to_string(),
            "Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]"
        );
        assert_eq!(rich_data().to_string(), "RichData");
    }

    #[test]
    fn empty_collections() {
        assert_eq!(
            array_of_size(integer(), Some(0), Some(0))
                .unwrap()
                .to_string(),
            "Array[0, 0]"
        );
        assert_eq!(
            array_of_size(integer(), Some(-1), None)
                .unwrap()
                .to_string(),
            "Array[Integer, 0]"
        );
        assert_eq!(
            hash_kv_size(string(), integer(), None, Some(3))
                .unwrap()
                .to_string(),
            "Hash[String, Integer, 0, 3]"
        );
    }
}
