//! The arguments of `PuppetTypes::TypeFactory`'s methods read as the
//! reference reads them: type arguments (types, Ruby classes, Strings),
//! range ends and sizes, Strings, Regexps, Enumerables, and the Ruby errors
//! of bad ones.

use super::R;
use crate::ruby::type_object::RbType;
use crate::ruby::value_view::with_view;
use crate::ruby::{convert, errors, ruby_class};
use crate::types::construct::parameters::CreateError;
use crate::types::{calc, factory as f};
use crate::types::{IntRange, RuntimeName, Type, TypeKind};
use crate::values::Value as PValue;
use magnus::{
    prelude::*, rb_sys::AsRawValue, Error, Float, Integer, RClass, RModule, RRegexp, RString, Ruby,
    Symbol, Value,
};
use std::sync::Arc;

pub(super) fn core(ruby: &Ruby, r: crate::Result<Type>) -> R<Value> {
    r.map(|t| RbType::wrap(ruby, t))
        .map_err(|e| errors::to_ruby(ruby, e))
}

pub(super) fn ok(ruby: &Ruby, t: Type) -> R<Value> {
    Ok(RbType::wrap(ruby, t))
}

pub(super) fn arity(ruby: &Ruby, name: &str, args: &[Value], min: usize, max: usize) -> R<()> {
    if args.len() < min || args.len() > max {
        let expected = if min == max {
            min.to_string()
        } else {
            format!("{min}..{max}")
        };
        return Err(Error::new(
            super::errors::class_for(ruby, crate::error::ErrorKind::Argument),
            format!(
                "wrong number of arguments to TypeFactory.{name} (given {}, expected {expected})",
                args.len()
            ),
        ));
    }
    Ok(())
}

pub(super) fn is_absent(_ruby: &Ruby, v: Value) -> bool {
    v.is_nil() || is_default_symbol(v)
}

pub(super) fn is_default_symbol(v: Value) -> bool {
    Symbol::from_value(v).is_some_and(|s| s.name().is_ok_and(|n| n == "default"))
}

/// The String `'default'`, which range ends take for `:default` as the reference does.
pub(super) fn is_default_string(v: Value) -> bool {
    RString::from_value(v).is_some_and(|s| {
        // SAFETY: the bytes are compared at once, with no Ruby call in between.
        (unsafe { s.as_slice() }) == b"default"
    })
}

/// How Ruby's conversion errors name an object: `nil`, `true` and `false`
/// themselves, any other by its class.
pub(super) fn conversion_name(ruby: &Ruby, v: Value) -> String {
    if v.is_nil() {
        "nil".to_string()
    } else if v.is_kind_of(ruby.class_true_class()) {
        "true".to_string()
    } else if v.is_kind_of(ruby.class_false_class()) {
        "false".to_string()
    } else {
        // SAFETY: the class name is copied at once.
        unsafe { v.classname() }.into_owned()
    }
}

/// A class or module.
pub(super) fn is_module(v: Value) -> bool {
    RModule::from_value(v).is_some() || RClass::from_value(v).is_some()
}

/// A type argument: a `PuppetTypes::Type`, a Ruby class (the Puppet type of
/// its instances) or a String (a Runtime type of that class name). Any other
/// object is an `ArgumentError`: the factory methods that take a type and
/// nothing else (`not_undef`, `iterable`, `type_type`, `hash_kv`, ...) make
/// no type of a plain value.
pub fn type_arg(ruby: &Ruby, v: Value) -> R<Type> {
    if let Some(t) = RbType::from_value(v) {
        return Ok(Type::clone(&t));
    }
    if let Some(s) = RString::from_value(v) {
        let name = convert::rstring_to_str(ruby, s)?;
        if name.is_empty() {
            return Err(errors::to_ruby(ruby, crate::Error::type_error(
                "Runtime 'name_or_pattern' has wrong type, expects a value of type String[1] or Tuple[Regexp, String[1]], got String",
            )));
        }
        return Ok(f::runtime(Some("ruby"), Some(RuntimeName::Name(name))));
    }
    if let Some(class) = RClass::from_value(v) {
        return Ok(ruby_class_type(ruby, class));
    }
    Err(errors::argument(
        ruby,
        format!(
            "expected a PuppetTypes::Type, a Ruby class or a class name, got {}",
            describe(v)
        ),
    ))
}

/// A type argument as the reference's `TypeFactory.type_of` reads it: as
/// [`type_arg`], and any other object (nil, a number, an Array, a Symbol, a
/// module, ...) stands for the generalised type of the value
/// (`TypeCalculator.infer_generic`): `array_of(1)` is `Array[Integer]`.
pub fn type_of_arg(ruby: &Ruby, v: Value) -> R<Type> {
    if RbType::from_value(v).is_some()
        || RString::from_value(v).is_some()
        || RClass::from_value(v).is_some()
    {
        return type_arg(ruby, v);
    }
    crate::ruby::runtime_classes::resolving(ruby, || {
        with_view(ruby, v, |v| calc::generalize(&calc::infer_view(v)))
    })
}

/// A short description of a Ruby object for error messages: its class and inspect text.
pub fn describe(v: Value) -> String {
    // SAFETY: the class name is copied at once.
    let class = unsafe { v.classname() }.into_owned();
    let text = v.inspect();
    let text: String = text.chars().take(60).collect();
    format!("{class} {text}")
}

/// The Puppet type of instances of a Ruby class, as the reference's
/// `TypeCalculator#type(klass)`: the classes that are Puppet types
/// themselves (exactly: a subclass of Array or Hash is a Runtime type, as its
/// instances are Runtime values), `Class` (Type), and a Runtime type of the
/// class's name for any other (no name for an anonymous class).
pub(super) fn ruby_class_type(ruby: &Ruby, class: RClass) -> Type {
    let is = |c: RClass| class.as_raw() == c.as_raw();
    if is(ruby.class_integer()) {
        f::integer()
    } else if is(ruby.class_float()) {
        f::float()
    } else if is(ruby.class_numeric()) {
        f::numeric()
    } else if is(ruby.class_string()) {
        f::string()
    } else if is(ruby.class_true_class()) || is(ruby.class_false_class()) {
        f::boolean()
    } else if is(ruby.class_nil_class()) {
        f::undef()
    } else if is(ruby.class_array()) {
        f::array_of_any()
    } else if is(ruby.class_hash()) {
        f::hash_of_any()
    } else if is(ruby.class_regexp()) {
        f::regexp_any()
    } else if is(ruby.class_class()) {
        f::type_type(None)
    } else {
        let name = ruby_class::module_name(class.as_value()).map(Arc::from);
        f::runtime(Some("ruby"), name.map(RuntimeName::Name))
    }
}

pub(super) fn opt_type_arg(ruby: &Ruby, args: &[Value], i: usize) -> R<Option<Type>> {
    match args.get(i) {
        None => Ok(None),
        Some(v) if v.is_nil() => Ok(None),
        Some(v) => type_arg(ruby, *v).map(Some),
    }
}

/// A range end: an Integer, or nil/`:default`/`'default'`/±Infinity for an open end.
pub(super) fn bound(ruby: &Ruby, v: Value) -> R<Option<i64>> {
    if is_absent(ruby, v) || is_default_string(v) {
        return Ok(None);
    }
    if let Some(x) = Float::from_value(v) {
        if x.to_f64().is_infinite() {
            return Ok(None);
        }
    }
    if let Some(i) = Integer::from_value(v) {
        return i.to_i64().map(Some).map_err(|_| {
            errors::argument(
                ruby,
                format!("integer {i} is out of range: Puppet integers are signed 64-bit"),
            )
        });
    }
    Err(errors::argument(
        ruby,
        format!(
            "expected an Integer or default as a range bound, got {}",
            describe(v)
        ),
    ))
}

pub(super) fn float_bound(ruby: &Ruby, v: Value) -> R<Option<f64>> {
    if is_absent(ruby, v) {
        return Ok(None);
    }
    if let Some(x) = Float::from_value(v) {
        let x = x.to_f64();
        return Ok(if x.is_infinite() { None } else { Some(x) });
    }
    if let Some(i) = Integer::from_value(v) {
        return Ok(Some(i.to_i64()? as f64));
    }
    // Anything else converts as Ruby's `Float()` converts it, as in the
    // reference: a numeric String, a Rational, a Time (its `to_f`); others
    // fail with Ruby's message ("can't convert Symbol into Float").
    let x: f64 = ruby
        .module_kernel()
        .funcall("Float", (v,))
        .map_err(|e| errors::from_ruby_conversion(ruby, e))?;
    Ok(if x.is_infinite() { None } else { Some(x) })
}

/// A size argument: nil, or an Integer type such as `TypeFactory.range(1, 10)`.
pub(super) fn size_arg(ruby: &Ruby, args: &[Value], i: usize) -> R<Option<IntRange>> {
    match args.get(i) {
        None => Ok(None),
        Some(v) if v.is_nil() => Ok(None),
        Some(v) => {
            let t = type_arg(ruby, *v)?;
            match t.kind() {
                TypeKind::Integer(r) => Ok(Some(
                    f::size_range(r.from, r.to).map_err(|e| errors::to_ruby(ruby, e))?,
                )),
                _ => Err(errors::to_ruby(
                    ruby,
                    crate::Error::type_error(format!("a size must be an Integer type, got {t}")),
                )),
            }
        }
    }
}

pub(super) fn string_arg(ruby: &Ruby, v: Value, what: &str) -> R<Arc<str>> {
    match RString::from_value(v) {
        Some(s) => convert::rstring_to_str(ruby, s),
        None => match Symbol::from_value(v) {
            Some(s) => Ok(Arc::from(s.name()?.as_ref())),
            None => Err(errors::argument(
                ruby,
                format!("expected a String for {what}, got {}", describe(v)),
            )),
        },
    }
}

pub(super) fn regexp_arg(ruby: &Ruby, v: Value) -> R<crate::values::Regexp> {
    let source: Arc<str> = if let Some(r) = RRegexp::from_value(v) {
        let s: RString = r.funcall("source", ())?;
        let source = convert::rstring_to_str(ruby, s)?;
        let options = ruby_class::regexp_options(r.as_raw());
        return crate::values::Regexp::from_ruby(&source, options)
            .map_err(|e| errors::to_ruby(ruby, e));
    } else if let Some(s) = RString::from_value(v) {
        convert::rstring_to_str(ruby, s)?
    } else {
        return Err(errors::argument(
            ruby,
            format!("expected a Regexp or a String, got {}", describe(v)),
        ));
    };
    crate::values::Regexp::new(&source).map_err(|e| errors::to_ruby(ruby, e))
}

/// The elements of an Enumerable other than an Array (a Hash's pairs, a
/// Range's or a Struct's members), which the reference maps over as over an
/// Array; at most [`MAX_ENUMERATED`] of them.
pub(super) fn enumerated(ruby: &Ruby, v: Value) -> R<magnus::RArray> {
    let enumerable = ruby.module_enumerable();
    if !v.is_kind_of(enumerable) {
        return Err(errors::argument(
            ruby,
            format!("expected an Array of types, got {}", describe(v)),
        ));
    }
    let a: magnus::RArray = v
        .funcall("take", (MAX_ENUMERATED + 1,))
        .map_err(|e| errors::from_ruby_conversion(ruby, e))?;
    if a.len() > MAX_ENUMERATED {
        return Err(errors::argument(
            ruby,
            format!(
                "expected at most {MAX_ENUMERATED} types, got {}",
                describe(v)
            ),
        ));
    }
    Ok(a)
}

/// The most elements [`enumerated`] takes (an endless Range has no end).
pub(super) const MAX_ENUMERATED: usize = 10_000;

/// A type parameter's error as the Ruby exception.
pub(super) fn created(ruby: &Ruby, r: Result<Type, CreateError>, what: &str) -> R<Value> {
    match r {
        Ok(t) => ok(ruby, t),
        Err(CreateError::Other(e)) => Err(errors::to_ruby(ruby, e)),
        Err(CreateError::InvalidSpec) => Err(errors::argument(
            ruby,
            format!("invalid parameters of TypeFactory.{what}"),
        )),
    }
}

/// The factory's arguments as Puppet values (nil as `default`), for the rich
/// types' parameters, which read them as the TypeParser does.
pub(super) fn rich_values(ruby: &Ruby, args: &[Value], what: &str) -> R<Vec<PValue>> {
    args.iter()
        .map(|v| {
            if is_absent(ruby, *v) {
                return Ok(PValue::Default);
            }
            convert::to_value(ruby, *v).map_err(|_| {
                // SAFETY: the class name is copied at once.
                let class = unsafe { v.classname() }.into_owned();
                errors::argument(ruby, format!("Unable to create a {what} from a {class}"))
            })
        })
        .collect()
}
