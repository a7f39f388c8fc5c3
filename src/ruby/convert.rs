//! Conversion between Ruby objects and [`crate::Value`], following DESIGN.md's
//! table: `Integer`, `Float`, `String`, `true`/`false`, `nil` (undef),
//! `:default`, `:undef` (undef, as in the reference), `Array`, `Hash` (order
//! kept), `Regexp`, `PuppetTypes::Type`, the gem's rich value classes, and any
//! other object as a Runtime value.
//!
//! Strings in other encodings are transcoded to UTF-8 ([`super::encoding`]).
//! Integers wider than 64 bits and strings that cannot be read as UTF-8 are
//! `PuppetTypes::ArgumentError`s; containers nested deeper than
//! [`MAX_DEPTH`] (which includes self-containing arrays and hashes) too.

use super::errors;
use super::type_object::RbType;
use crate::values::{RuntimeValue, Value, ValueMap};
use magnus::{
    prelude::*, r_hash::ForEach, Error, Fixnum, Float, Integer, RArray, RHash, RRegexp, RString,
    Ruby, Symbol,
};
use std::sync::Arc;

/// How deep Ruby containers may nest before conversion gives up.
pub const MAX_DEPTH: usize = 1000;

/// Convert a Ruby object to a Puppet value.
pub fn to_value(ruby: &Ruby, obj: magnus::Value) -> Result<Value, Error> {
    convert(ruby, obj, 0)
}

/// The content of a Ruby String as UTF-8: UTF-8 or US-ASCII text (and binary
/// data holding only ASCII) as it is, text in another encoding transcoded; an
/// ArgumentError naming the encoding when that cannot be done (see [`super::encoding`]).
#[inline]
pub fn rstring_to_str(ruby: &Ruby, s: RString) -> Result<Arc<str>, Error> {
    // SAFETY: the text is copied before any other Ruby call can move or free the string.
    // `test_as_str` uses Ruby's cached coderange.
    if let Some(text) = unsafe { s.test_as_str() } {
        return Ok(Arc::from(text));
    }
    super::encoding::to_utf8(ruby, s)
}

/// The name of a Symbol as UTF-8 (transcoded when the Symbol's encoding is another).
pub fn symbol_name(ruby: &Ruby, sym: Symbol) -> Result<Arc<str>, Error> {
    match sym.name() {
        Ok(name) => Ok(Arc::from(name.as_ref())),
        Err(_) => rstring_to_str(ruby, sym.funcall("to_s", ())?),
    }
}

fn convert(ruby: &Ruby, obj: magnus::Value, depth: usize) -> Result<Value, Error> {
    if let Some(n) = Fixnum::from_value(obj) {
        return Ok(Value::Integer(n.to_i64()));
    }
    if let Some(s) = RString::from_value(obj) {
        return Ok(Value::String(rstring_to_str(ruby, s)?));
    }
    if obj.is_nil() {
        return Ok(Value::Undef);
    }
    if obj.is_kind_of(ruby.class_true_class()) {
        return Ok(Value::Boolean(true));
    }
    if obj.is_kind_of(ruby.class_false_class()) {
        return Ok(Value::Boolean(false));
    }
    if let Some(f) = Float::from_value(obj) {
        return Ok(Value::Float(f.to_f64()));
    }
    if let Some(a) = RArray::from_value(obj) {
        if depth >= MAX_DEPTH {
            return Err(too_deep(ruby));
        }
        let mut items = Vec::with_capacity(a.len());
        for i in 0..a.len() {
            let item: magnus::Value = a.entry(i as isize)?;
            items.push(convert(ruby, item, depth + 1)?);
        }
        return Ok(Value::array(items));
    }
    if let Some(h) = RHash::from_value(obj) {
        if depth >= MAX_DEPTH {
            return Err(too_deep(ruby));
        }
        let mut map = ValueMap::with_capacity(h.len());
        h.foreach(|k: magnus::Value, v: magnus::Value| {
            let key = convert(ruby, k, depth + 1)?;
            let value = convert(ruby, v, depth + 1)?;
            map.insert(key, value);
            Ok(ForEach::Continue)
        })?;
        return Ok(Value::hash(map));
    }
    if let Some(sym) = Symbol::from_value(obj) {
        match sym.name().as_deref() {
            Ok("default") => return Ok(Value::Default),
            // The reference treats the symbol :undef as undef too.
            Ok("undef") => return Ok(Value::Undef),
            _ => {}
        }
        return Ok(runtime(ruby, obj));
    }
    if let Some(i) = Integer::from_value(obj) {
        return match i.to_i64() {
            Ok(n) => Ok(Value::Integer(n)),
            Err(_) => Err(errors::argument(
                ruby,
                format!(
                    "integer {} is out of range: Puppet integers are signed 64-bit (-2**63 to 2**63-1)",
                    i
                ),
            )),
        };
    }
    if let Some(r) = RRegexp::from_value(obj) {
        let source: RString = r.funcall("source", ())?;
        let source = rstring_to_str(ruby, source)?;
        return crate::values::Regexp::new(&source)
            .map(Value::Regexp)
            .map_err(|e| errors::to_ruby(ruby, e));
    }
    if let Some(t) = RbType::from_value(obj) {
        return Ok(Value::Type(crate::Type::clone(&t)));
    }
    if let Some(v) = super::rich::to_value(obj) {
        return Ok(v);
    }
    Ok(runtime(ruby, obj))
}

fn too_deep(ruby: &Ruby) -> Error {
    errors::argument(
        ruby,
        format!("data nested more than {MAX_DEPTH} levels deep (or containing itself) cannot be converted"),
    )
}

fn runtime(ruby: &Ruby, obj: magnus::Value) -> Value {
    // SAFETY: the class name is copied at once, before other Ruby calls.
    let class_name: Arc<str> = Arc::from(unsafe { obj.classname() }.as_ref());
    let id: u64 = obj.funcall::<_, _, u64>("object_id", ()).unwrap_or(0);
    // Remember the object (weakly) so the value can be turned back into it.
    if let Ok(internal) = internal_module(ruby) {
        let _: Result<magnus::Value, Error> = internal.funcall("remember_runtime", (obj,));
    }
    Value::Runtime(Arc::new(RuntimeValue { class_name, id }))
}

fn internal_module(ruby: &Ruby) -> Result<magnus::RModule, Error> {
    ruby.class_object()
        .const_get::<_, magnus::RModule>("PuppetTypes")?
        .const_get("Internal")
}

/// Convert a Puppet value to a Ruby object.
pub fn to_ruby(ruby: &Ruby, value: &Value) -> Result<magnus::Value, Error> {
    Ok(match value {
        Value::Undef => ruby.qnil().as_value(),
        Value::Default => ruby.to_symbol("default").as_value(),
        Value::Boolean(true) => ruby.qtrue().as_value(),
        Value::Boolean(false) => ruby.qfalse().as_value(),
        Value::Integer(n) => ruby.integer_from_i64(*n).as_value(),
        Value::Float(f) => ruby.float_from_f64(*f).as_value(),
        Value::String(s) => ruby.str_new(s).as_value(),
        Value::Regexp(r) => ruby
            .reg_new(r.source(), magnus::r_regexp::Opts::new())?
            .as_value(),
        Value::Array(items) => {
            let array = ruby.ary_new_capa(items.len());
            for item in items.iter() {
                array.push(to_ruby(ruby, item)?)?;
            }
            array.as_value()
        }
        Value::Hash(map) => {
            let hash = ruby.hash_new();
            for (k, v) in map.iter() {
                hash.aset(to_ruby(ruby, k)?, to_ruby(ruby, v)?)?;
            }
            hash.as_value()
        }
        Value::Type(t) => RbType::wrap(ruby, t.clone()),
        Value::Runtime(r) => {
            // The value holds only the object's id; find the object while it lives
            // (lib/puppet_types/runtime_objects.rb keeps a weak map of them).
            let found: magnus::Value = internal_module(ruby)?.funcall("runtime_object", (r.id,))?;
            if found.is_nil() {
                return Err(errors::argument(
                    ruby,
                    format!(
                        "the {} object of this Runtime value no longer exists",
                        r.class_name
                    ),
                ));
            }
            found
        }
        other => super::rich::to_ruby(ruby, other)?,
    })
}

/// Convert a Rust list of values to a Ruby Array.
pub fn to_ruby_array(ruby: &Ruby, values: &[Value]) -> Result<RArray, Error> {
    let array = ruby.ary_new_capa(values.len());
    for v in values {
        array.push(to_ruby(ruby, v)?)?;
    }
    Ok(array)
}

/// `v` as the String of source text a method takes, or the gem's
/// `ArgumentError` (Ruby's own `TypeError` would not be a `PuppetTypes::Error`).
pub fn source_string(ruby: &Ruby, v: magnus::Value) -> Result<RString, Error> {
    RString::from_value(v).ok_or_else(|| {
        super::errors::argument(
            ruby,
            format!(
                "the source must be a String, got {}",
                super::type_factory::describe(v)
            ),
        )
    })
}
