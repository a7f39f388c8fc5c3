//! `PuppetTypes::TypeFactory`: the reference's factory method names
//! (`integer`, `range`, `array_of`, `hash_kv`, `struct`, ...), each building a
//! validated, normalised type through [`crate::types::factory`].
//!
//! Arguments follow the reference: a type argument is a `PuppetTypes::Type`,
//! a Ruby class (`Integer`, `String`, ... map to their Puppet types) or a
//! String (a Runtime type, as the reference's `type_of` does); range ends are
//! Integers, or `nil`/`:default` for an open end; a size argument is an
//! Integer type (as made by `range`) or `nil` (read in [`args`]).

mod args;

use super::convert;
use super::errors::{self, guard};
use super::type_object::RbType;
use crate::types::construct::rich_parameters as rich;
use crate::types::factory::{self as f, KeyMode};
use crate::types::{RuntimeName, Type, TypeKind};
use crate::values::Value as PValue;
use args::{
    arity, bound, conversion_name, core, created, enumerated, float_bound, is_absent,
    is_default_string, is_default_symbol, is_module, ok, opt_type_arg, regexp_arg, rich_values,
    size_arg, string_arg,
};
pub use args::{describe, type_arg, type_of_arg};
use magnus::{
    function, prelude::*, r_hash::ForEach, Error, Integer, RHash, RModule, RRegexp, RString, Ruby,
    Value,
};
use std::sync::Arc;

type R<T> = Result<T, Error>;

macro_rules! fixed {
    ($module:expr, $($name:literal => $ctor:expr),* $(,)?) => {
        $(
            $module.define_module_function($name, function!(|ruby: &Ruby| -> R<Value> {
                guard(ruby, || ok(ruby, $ctor))
            }, 0))?;
        )*
    };
}

macro_rules! variadic {
    ($module:expr, $($name:literal => $fn:ident),* $(,)?) => {
        $(
            $module.define_module_function($name, function!(|ruby: &Ruby, args: &[Value]| -> R<Value> {
                guard(ruby, || $fn(ruby, args))
            }, -1))?;
        )*
    };
}

fn range(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "range", args, 2, 2)?;
    // (the reference compares the ends with `>`, an open end being Infinity:
    // a class or module compared with anything but a class or module, or a
    // Hash with anything but a Hash, is Ruby's TypeError)
    if is_module(args[0]) && !is_module(args[1]) {
        return Err(errors::conversion(ruby, "compared with non class/module"));
    }
    if RHash::from_value(args[0]).is_some() && RHash::from_value(args[1]).is_none() {
        let to = if is_absent(ruby, args[1]) || is_default_string(args[1]) {
            "Float".to_string()
        } else {
            conversion_name(ruby, args[1])
        };
        return Err(errors::conversion(
            ruby,
            format!("no implicit conversion of {to} into Hash"),
        ));
    }
    core(ruby, f::range(bound(ruby, args[0])?, bound(ruby, args[1])?))
}

fn float_range(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "float_range", args, 2, 2)?;
    core(
        ruby,
        f::float_range(float_bound(ruby, args[0])?, float_bound(ruby, args[1])?),
    )
}

fn string(ruby: &Ruby, args: &[Value]) -> R<Value> {
    // (the reference's deprecated forms: `string(ignored, size_type_or_value)`
    // and `string(ignored, [values...], case_insensitive)`, an Enum)
    if args.len() == 2 {
        return string(ruby, &args[1..]);
    }
    if args.len() == 3 {
        let values = magnus::RArray::from_value(args[1]).ok_or_else(|| {
            errors::argument(
                ruby,
                format!(
                    "expected an Array of Enum values, got {}",
                    describe(args[1])
                ),
            )
        })?;
        let ci = args[2];
        if !(ci.is_nil()
            || ci.is_kind_of(ruby.class_true_class())
            || ci.is_kind_of(ruby.class_false_class()))
        {
            return Err(errors::argument(
                ruby,
                format!(
                    "expected true or false for case insensitivity, got {}",
                    describe(ci)
                ),
            ));
        }
        let mut enum_args: Vec<Value> = values.into_iter().collect();
        enum_args.push(ruby.into_value(ci.to_bool()));
        return enum_(ruby, &enum_args);
    }
    arity(ruby, "string", args, 0, 3)?;
    match args.first() {
        None => ok(ruby, f::string()),
        Some(v) if v.is_nil() => ok(ruby, f::string()),
        Some(v) => {
            if let Some(s) = RString::from_value(*v) {
                return ok(ruby, f::string_value(&convert::rstring_to_str(ruby, s)?));
            }
            let size = size_arg(ruby, args, 0)?.unwrap_or_default();
            ok(ruby, f::string_sized(size))
        }
    }
}

/// A wrapper's argument: a String means the String type of that value (as the reference).
fn wrapped_arg(ruby: &Ruby, args: &[Value]) -> R<Option<Type>> {
    match args.first() {
        Some(v) if RString::from_value(*v).is_some() => {
            Ok(Some(f::string_value(&string_arg(ruby, *v, "a key")?)))
        }
        _ => opt_type_arg(ruby, args, 0),
    }
}

fn optional(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "optional", args, 0, 1)?;
    let inner = match args.first() {
        Some(v) if !v.is_nil() && RString::from_value(*v).is_none() => Some(type_of_arg(ruby, *v)?),
        _ => wrapped_arg(ruby, args)?,
    };
    ok(ruby, f::optional(inner))
}

fn not_undef(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "not_undef", args, 0, 1)?;
    ok(ruby, f::not_undef(wrapped_arg(ruby, args)?))
}

macro_rules! one_type {
    ($($fn:ident => $ctor:path),* $(,)?) => {
        $(
            fn $fn(ruby: &Ruby, args: &[Value]) -> R<Value> {
                arity(ruby, stringify!($fn), args, 0, 1)?;
                ok(ruby, $ctor(opt_type_arg(ruby, args, 0)?))
            }
        )*
    };
}

one_type!(sensitive => f::sensitive, iterable => f::iterable, iterator => f::iterator, type_type => f::type_type);

fn init_type(ruby: &Ruby, args: &[Value]) -> R<Value> {
    let t = opt_type_arg(ruby, args, 0)?;
    if t.is_none() && args.len() > 1 {
        return Err(errors::argument(
            ruby,
            "Init cannot be parameterized with an undefined type and additional arguments",
        ));
    }
    let rest = args
        .iter()
        .skip(1)
        .map(|v| convert::to_value(ruby, *v))
        .collect::<R<Vec<PValue>>>()?;
    ok(ruby, f::init(t, rest))
}

fn enum_(ruby: &Ruby, args: &[Value]) -> R<Value> {
    let mut values = args;
    let mut ci = false;
    if let Some(last) = args.last() {
        if last.is_kind_of(ruby.class_true_class()) || last.is_kind_of(ruby.class_false_class()) {
            ci = last.is_kind_of(ruby.class_true_class());
            values = &args[..args.len() - 1];
        }
    }
    // (Strings only: the reference's Enum of other values matches nothing)
    let strings = values
        .iter()
        .map(|v| match RString::from_value(*v) {
            Some(s) => convert::rstring_to_str(ruby, s),
            None => Err(errors::argument(
                ruby,
                format!("expected a String for an Enum value, got {}", describe(*v)),
            )),
        })
        .collect::<R<Vec<Arc<str>>>>()?;
    ok(ruby, f::enum_ci(&strings, ci))
}

fn variant(ruby: &Ruby, args: &[Value]) -> R<Value> {
    let types = args
        .iter()
        .map(|v| type_of_arg(ruby, *v))
        .collect::<R<Vec<Type>>>()?;
    ok(ruby, f::variant(types))
}

fn struct_(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "struct", args, 0, 1)?;
    let Some(arg) = args.first() else {
        return ok(ruby, f::struct_any());
    };
    let entry = |k: Value, v: Value| -> R<(Arc<str>, KeyMode, Type)> {
        let value_type = type_of_arg(ruby, v)?;
        let (name, mode) = if let Some(s) = RString::from_value(k) {
            (convert::rstring_to_str(ruby, s)?, KeyMode::Plain)
        } else if let Some(kt) = RbType::from_value(k) {
            key_of(ruby, &kt)?
        } else {
            // SAFETY: the class name is copied at once.
            let class = unsafe { k.classname() }.into_owned();
            return Err(errors::argument(
                ruby,
                format!("Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {class}"),
            ));
        };
        Ok((name, mode, value_type))
    };
    let mut entries = Vec::new();
    if let Some(hash) = RHash::from_value(*arg) {
        hash.foreach(|k: Value, v: Value| {
            entries.push(entry(k, v)?);
            Ok(ForEach::Continue)
        })?;
    } else if let Some(list) = magnus::RArray::from_value(*arg) {
        // (the reference maps over its argument as over a Hash: an Array's
        // elements are [key, value] pairs, or keys without a value)
        for e in list.into_iter().collect::<Vec<Value>>() {
            let (k, v) = match magnus::RArray::from_value(e) {
                Some(pair) => (pair.entry::<Value>(0)?, pair.entry::<Value>(1)?),
                None => (e, ruby.qnil().as_value()),
            };
            entries.push(entry(k, v)?);
        }
    } else {
        return Err(errors::argument(
            ruby,
            format!("expected a Hash of key => type, got {}", describe(*arg)),
        ));
    }
    core(ruby, f::struct_of(entries))
}

/// The name and mode of a Struct key given as a type (`Optional['a']`, `NotUndef['a']`, `String` of a value, `Enum['a']`).
fn key_of(ruby: &Ruby, t: &Type) -> R<(Arc<str>, KeyMode)> {
    let literal = |t: &Type| -> Option<Arc<str>> {
        match t.kind() {
            TypeKind::String { value: Some(v), .. } => Some(Arc::from(v.as_str())),
            TypeKind::Enum { values, .. } if values.len() == 1 => {
                Some(Arc::from(values[0].as_str()))
            }
            _ => None,
        }
    };
    let found = match t.kind() {
        TypeKind::Optional(Some(inner)) => literal(inner).map(|n| (n, KeyMode::Optional)),
        TypeKind::NotUndef(Some(inner)) => literal(inner).map(|n| (n, KeyMode::NotUndef)),
        // (a String or Enum type key is required, as NotUndef says: only a
        // plain String key is optional when its value may be undef)
        _ => literal(t).map(|n| (n, KeyMode::NotUndef)),
    };
    found.ok_or_else(|| {
        errors::to_ruby(
            ruby,
            crate::Error::type_error(format!(
                "Unable to extract a non-empty literal string from Struct member key type {t}"
            )),
        )
    })
}

fn tuple(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "tuple", args, 0, 2)?;
    let types = match args.first() {
        None => Vec::new(),
        Some(v) => {
            let a = match magnus::RArray::from_value(*v) {
                Some(a) => a,
                None => enumerated(ruby, *v)?,
            };
            a.into_iter()
                .map(|v| type_of_arg(ruby, v))
                .collect::<R<Vec<Type>>>()?
        }
    };
    match size_arg(ruby, args, 1)? {
        None => ok(ruby, f::tuple(types)),
        Some(size) => core(ruby, f::tuple_sized(types, size.from, size.to)),
    }
}

fn boolean(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "boolean", args, 0, 1)?;
    match args.first() {
        None => ok(ruby, f::boolean()),
        Some(v) if v.is_nil() => ok(ruby, f::boolean()),
        Some(v) => ok(ruby, f::boolean_value(v.to_bool())),
    }
}

fn regexp(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "regexp", args, 0, 1)?;
    match args.first() {
        // (nil and false: the reference tests the argument's truth)
        None => ok(ruby, f::regexp_any()),
        Some(v) if !v.to_bool() => ok(ruby, f::regexp_any()),
        Some(v) if RRegexp::from_value(*v).is_some() || RString::from_value(*v).is_some() => {
            ok(ruby, f::regexp(Some(regexp_arg(ruby, *v)?)))
        }
        // Any other object is what Ruby's `Regexp.new` makes of it (its
        // `to_str`), or Ruby's conversion error, as the reference's type raises
        // when used ("no implicit conversion of Integer into String").
        Some(v) => {
            let converted: Value = ruby
                .class_regexp()
                .funcall("new", (*v,))
                .map_err(|e| errors::from_ruby_conversion(ruby, e))?;
            ok(ruby, f::regexp(Some(regexp_arg(ruby, converted)?)))
        }
    }
}

fn pattern(ruby: &Ruby, args: &[Value]) -> R<Value> {
    let mut regexps = Vec::with_capacity(args.len());
    for v in args {
        if let Some(t) = RbType::from_value(*v) {
            match t.kind() {
                TypeKind::Regexp(Some(r)) => regexps.push(r.clone()),
                TypeKind::Pattern(ps) => regexps.extend(ps.iter().cloned()),
                _ => {
                    return Err(errors::to_ruby(
                        ruby,
                        crate::Error::type_error(format!(
                        "Only String, Regexp, Pattern-Type, and Regexp-Type are allowed: got '{}'",
                        *t
                    )),
                    ))
                }
            }
        } else if RRegexp::from_value(*v).is_some() || RString::from_value(*v).is_some() {
            regexps.push(regexp_arg(ruby, *v)?);
        } else {
            // SAFETY: the class name is copied at once.
            let class = unsafe { v.classname() }.into_owned();
            return Err(errors::argument(
                ruby,
                format!(
                    "Only String, Regexp, Pattern-Type, and Regexp-Type are allowed: got '{class}"
                ),
            ));
        }
    }
    ok(ruby, f::pattern(regexps))
}

fn callable(ruby: &Ruby, args: &[Value]) -> R<Value> {
    // `callable([params...], return_type)` or `callable(params..., [from, [to]], [block])`.
    let (params, return_type): (Vec<Value>, Option<Type>) = match args {
        [list, ret] if magnus::RArray::from_value(*list).is_some() => (
            magnus::RArray::from_value(*list)
                .into_iter()
                .flatten()
                .collect(),
            Some(type_of_arg(ruby, *ret)?),
        ),
        _ => (args.to_vec(), None),
    };
    let mut params = params;
    let block = match params.last().and_then(|v| RbType::from_value(*v)) {
        Some(t) if is_callable(&t) => {
            let t = Type::clone(&t);
            params.pop();
            Some(t)
        }
        _ => None,
    };
    // (as the reference: an Integer or default, never nil, which is the Undef type)
    let is_range = |v: &Value| {
        Integer::from_value(*v).is_some() || is_default_symbol(*v) || is_default_string(*v)
    };
    let size = match params.as_slice() {
        [.., a, b] if is_range(a) && is_range(b) => {
            let r = (bound(ruby, *a)?, bound(ruby, *b)?);
            params.truncate(params.len() - 2);
            Some(r)
        }
        [.., a] if is_range(a) => {
            let r = (bound(ruby, *a)?, None);
            params.pop();
            Some(r)
        }
        _ => None,
    };
    let types = params
        .iter()
        .map(|v| type_of_arg(ruby, *v))
        .collect::<R<Vec<Type>>>()?;
    let size = match size {
        Some((from, to)) => Some(f::size_range(from, to).map_err(|e| errors::to_ruby(ruby, e))?),
        None => None,
    };
    core(ruby, f::callable(types, size, block, return_type))
}

fn is_callable(t: &Type) -> bool {
    match t.kind() {
        TypeKind::Callable(_) => true,
        TypeKind::Optional(Some(inner)) => matches!(inner.kind(), TypeKind::Callable(_)),
        _ => false,
    }
}

fn collection(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "collection", args, 0, 1)?;
    match size_arg(ruby, args, 0)? {
        None => ok(ruby, f::collection()),
        Some(s) => core(ruby, f::collection_size(s.from, s.to)),
    }
}

/// `sem_ver(ranges...)`: SemVerRange values or range Strings (parsed), merged as the reference merges them.
fn sem_ver(ruby: &Ruby, args: &[Value]) -> R<Value> {
    let values = rich_values(ruby, args, "SemVerRange")?;
    created(ruby, rich::sem_ver(&values), "sem_ver")
}

/// `timespan(from = nil, to = nil)`: Timespan values, seconds, Strings or Hashes of fields.
fn timespan(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "timespan", args, 0, 2)?;
    if args.is_empty() {
        return core(ruby, f::timespan(None, None));
    }
    let values = rich_values(ruby, args, "Timespan")?;
    created(ruby, rich::timespan(&values), "timespan")
}

/// `timestamp(from = nil, to = nil)`: Timestamp values, seconds since the
/// epoch, Strings, or Hashes of `string`, `format` and `timezone`.
fn timestamp(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "timestamp", args, 0, 2)?;
    if args.is_empty() {
        return core(ruby, f::timestamp(None, None));
    }
    let values = rich_values(ruby, args, "Timestamp")?;
    created(ruby, rich::timestamp(&values), "timestamp")
}

fn resource(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "resource", args, 0, 2)?;
    let title = match args.get(1) {
        Some(v) if !v.is_nil() => Some(string_arg(ruby, *v, "a resource title")?),
        _ => None,
    };
    let name: Option<Arc<str>> = match args.first() {
        None => None,
        Some(v) if v.is_nil() => {
            if title.is_some() {
                return Err(errors::argument(
                    ruby,
                    "The type name cannot be nil, if title is given",
                ));
            }
            None
        }
        Some(v) => match RbType::from_value(*v) {
            Some(t) => match t.kind() {
                TypeKind::Resource { type_name, .. } => type_name.clone(),
                _ => {
                    return Err(errors::argument(
                        ruby,
                        format!("The type name cannot be a {}", *t),
                    ))
                }
            },
            None => match RString::from_value(*v) {
                Some(s) => Some(convert::rstring_to_str(ruby, s)?),
                None => {
                    // SAFETY: the class name is copied at once.
                    let class = unsafe { v.classname() }.into_owned();
                    return Err(errors::argument(
                        ruby,
                        format!("The type name cannot be a {class}"),
                    ));
                }
            },
        },
    };
    core(ruby, f::resource(name.as_deref(), title.as_deref()))
}

fn host_class(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "host_class", args, 0, 1)?;
    match args.first() {
        Some(v) if !v.is_nil() => ok(
            ruby,
            f::host_class(Some(&string_arg(ruby, *v, "a class name")?)),
        ),
        _ => ok(ruby, f::host_class(None)),
    }
}

fn array_of(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "array_of", args, 1, 2)?;
    let t = type_of_arg(ruby, args[0])?;
    match size_arg(ruby, args, 1)? {
        None => ok(ruby, f::array_of(t)),
        Some(s) => core(ruby, f::array_of_size(t, s.from, s.to)),
    }
}

fn hash_of(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "hash_of", args, 1, 3)?;
    let v = type_of_arg(ruby, args[0])?;
    let k = match args.get(1) {
        Some(k) => type_of_arg(ruby, *k)?,
        None => f::scalar(),
    };
    match size_arg(ruby, args, 2)? {
        None => ok(ruby, f::hash_kv(k, v)),
        Some(s) => core(ruby, f::hash_kv_size(k, v, s.from, s.to)),
    }
}

fn hash_kv(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "hash_kv", args, 2, 3)?;
    // (nil is Any, as the reference's Hash type reads it)
    let or_any = |v: Value| {
        if v.is_nil() {
            Ok(f::any())
        } else {
            type_arg(ruby, v)
        }
    };
    let k = or_any(args[0])?;
    let v = or_any(args[1])?;
    match size_arg(ruby, args, 2)? {
        None => ok(ruby, f::hash_kv(k, v)),
        Some(s) => core(ruby, f::hash_kv_size(k, v, s.from, s.to)),
    }
}

fn uri(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "uri", args, 0, 1)?;
    match args.first() {
        None => ok(ruby, f::uri(None)),
        Some(v) if v.is_nil() => ok(ruby, f::uri(None)),
        // (a String is parsed into its parts; any other object but a Hash
        // leaves the type unconstrained, as in the reference)
        Some(v) if RString::from_value(*v).is_some() => {
            let value = convert::to_value(ruby, *v)?;
            created(ruby, rich::uri(&value), "uri")
        }
        Some(v) if RHash::from_value(*v).is_some() => match &convert::to_value(ruby, *v)? {
            PValue::Hash(map) if !map.is_empty() => ok(ruby, f::uri(Some((**map).clone()))),
            _ => ok(ruby, f::uri(None)),
        },
        Some(_) => ok(ruby, f::uri(None)),
    }
}

fn type_of(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "type_of", args, 1, 1)?;
    ok(ruby, type_of_arg(ruby, args[0])?)
}

fn runtime(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "runtime", args, 0, 2)?;
    let rt = match args.first() {
        Some(v) if !v.is_nil() => Some(string_arg(ruby, *v, "a runtime")?),
        _ => None,
    };
    let name = match args.get(1) {
        Some(v) if !v.is_nil() => Some(runtime_name(ruby, *v)?),
        _ => None,
    };
    ok(ruby, f::runtime(rt.as_deref(), name))
}

/// A Runtime type's class name, or its `[regexp, replacement]` pattern.
fn runtime_name(ruby: &Ruby, v: Value) -> R<RuntimeName> {
    if let Some(pair) = magnus::RArray::from_value(v) {
        if pair.len() == 2 {
            let pattern = regexp_arg(ruby, pair.entry(0)?)?;
            let replacement = string_arg(ruby, pair.entry(1)?, "a runtime name replacement")?;
            return Ok(RuntimeName::Pattern(pattern, replacement));
        }
    }
    Ok(RuntimeName::Name(string_arg(
        ruby,
        v,
        "a runtime type name",
    )?))
}

fn ruby_type(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "ruby_type", args, 0, 1)?;
    let name = match args.first() {
        Some(v) if !v.is_nil() => Some(RuntimeName::Name(string_arg(ruby, *v, "a class name")?)),
        _ => None,
    };
    ok(ruby, f::runtime(Some("ruby"), name))
}

fn type_reference(ruby: &Ruby, args: &[Value]) -> R<Value> {
    arity(ruby, "type_reference", args, 0, 1)?;
    match args.first() {
        // (the reference's default reference)
        Some(v) if !v.is_nil() => ok(
            ruby,
            f::type_reference(&string_arg(ruby, *v, "a type name")?),
        ),
        _ => ok(ruby, f::type_reference("UnresolvedReference")),
    }
}

/// Define `PuppetTypes::TypeFactory`.
pub fn init(_ruby: &Ruby, module: RModule) -> R<()> {
    let m = module.define_module("TypeFactory")?;
    fixed!(m,
        "integer" => f::integer(), "float" => f::float(), "numeric" => f::numeric(),
        "any" => f::any(), "undef" => f::undef(), "default" => f::default(),
        "scalar" => f::scalar(), "scalar_data" => f::scalar_data(),
        "data" => f::data(), "rich_data" => f::rich_data(), "rich_data_key" => f::rich_data_key(),
        "binary" => f::binary(), "catalog_entry" => f::catalog_entry(),
        "sem_ver_range" => f::sem_ver_range(), "deferred" => f::deferred(),
        "all_callables" => f::callable_any(), "array_of_any" => f::array_of_any(),
        "hash_of_any" => f::hash_of_any(), "array_of_data" => f::array_of(f::data()),
        "hash_of_data" => f::hash_kv(f::string(), f::data()),
        "object" => f::object(), "type_set" => f::type_set(),
    );
    variadic!(m,
        "range" => range, "float_range" => float_range, "string" => string,
        "optional" => optional, "not_undef" => not_undef, "sensitive" => sensitive,
        "iterable" => iterable, "iterator" => iterator, "type_type" => type_type, "init" => init_type,
        "enum" => enum_, "variant" => variant, "struct" => struct_, "tuple" => tuple,
        "boolean" => boolean, "regexp" => regexp, "pattern" => pattern, "callable" => callable,
        "collection" => collection, "sem_ver" => sem_ver, "timespan" => timespan,
        "timestamp" => timestamp, "resource" => resource, "host_class" => host_class,
        "array_of" => array_of, "hash_of" => hash_of, "hash_kv" => hash_kv, "uri" => uri,
        "type_of" => type_of, "runtime" => runtime, "ruby_type" => ruby_type,
        "type_reference" => type_reference,
    );
    Ok(())
}
