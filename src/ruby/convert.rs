//! Conversion between Ruby objects and [`crate::Value`], following DESIGN.md's
//! table: `Integer`, `Float`, `String`, `true`/`false`, `nil` (undef),
//! `:default`, `:undef` (undef, as in the reference), `Array`, `Hash` (order
//! kept), `Regexp`, `PuppetTypes::Type`, the gem's rich value classes, and any
//! other object as a Runtime value, which keeps the object alive
//! ([`super::kept`]) so that converting back gives that very object.
//!
//! Conversion to a value ([`pure_value`]) calls no Ruby method and allocates
//! no Ruby object, so it can run inside a walk of Ruby data, at any depth
//! (on a stack segment of [`crate::stack::deep`]). Strings in other
//! encodings are the one thing it cannot do: [`to_value`] then converts a
//! copy whose text Ruby transcoded ([`super::encoding`]). Integers wider than
//! 64 bits and strings that cannot be read as UTF-8 are
//! `PuppetTypes::ArgumentError`s; containers nested deeper than
//! [`MAX_DEPTH`] (which includes self-containing arrays and hashes) too.
//!
//! Conversion back to Ruby ([`to_ruby`]) allocates Ruby objects, so it runs on
//! the thread's own stack (nesting it cannot hold is an error), and makes one
//! Ruby object per distinct shared container of the value.

use super::errors;
use super::kept::Kept;
use super::type_object::RbType;
use super::value_view::{self, RubyView, Text};
use crate::types::calc::value_view::ValueView;
use crate::values::{RuntimeValue, Value, ValueMap};
use magnus::{
    prelude::*, rb_sys::AsRawValue, rb_sys::FromRawValue, Error, Float, RArray, RString, Ruby,
    Symbol, Value as RValue,
};
use rb_sys::ruby_value_type as T;
use std::collections::HashMap;
use std::sync::Arc;

/// How deep Ruby containers may nest before conversion gives up: deeper than
/// the reference goes (about 1,100 levels of arrays), and shallow enough for
/// the recursive drop of the value on a thread's own stack.
pub const MAX_DEPTH: usize = 2_000;

/// Why [`pure_value`] could not convert.
pub enum Impure {
    /// A String needs transcoding, which runs Ruby code.
    Foreign,
    /// The object has no Puppet value.
    Error(crate::Error),
}

impl From<crate::Error> for Impure {
    fn from(e: crate::Error) -> Impure {
        Impure::Error(e)
    }
}

/// Convert a Ruby object to a Puppet value.
pub fn to_value(ruby: &Ruby, obj: RValue) -> Result<Value, Error> {
    match pure_value(obj) {
        Ok(v) => Ok(v),
        Err(Impure::Error(e)) => Err(errors::to_ruby(ruby, e)),
        Err(Impure::Foreign) => {
            let copy = super::encoding::transcoded_copy(ruby, obj, true)?.unwrap_or(obj);
            let v = pure_value(copy);
            // (the copy is referenced from this frame until it is converted)
            std::hint::black_box(copy);
            match v {
                Ok(v) => Ok(v),
                Err(Impure::Error(e)) => Err(errors::to_ruby(ruby, e)),
                Err(Impure::Foreign) => Err(errors::argument(
                    ruby,
                    "expected UTF-8 text, got a String that changed while it was converted",
                )),
            }
        }
    }
}

thread_local! {
    /// While a value is converted for `String.new` ([`to_value_for_formatting`]):
    /// the texts of the classes and modules met, by their type's address.
    static FORMATTING: std::cell::RefCell<Option<HashMap<usize, Arc<str>>>> =
        const { std::cell::RefCell::new(None) };
}

/// [`to_value`] for `String.new`, which shows Ruby objects as the reference
/// does: an instance of a subclass of Array is an Array, and a class or
/// module, a type value, shows as its name (Ruby's `to_s`). Answers the value
/// and those texts, by the address of the type ([`crate::Type::raw`]).
pub fn to_value_for_formatting(
    ruby: &Ruby,
    obj: RValue,
) -> Result<(Value, HashMap<usize, Arc<str>>), Error> {
    /// Leaves the formatting mode however the conversion ends (a panic included).
    struct Leave;
    impl Drop for Leave {
        fn drop(&mut self) {
            FORMATTING.with(|f| f.borrow_mut().take());
        }
    }
    FORMATTING.with(|f| *f.borrow_mut() = Some(HashMap::new()));
    let leave = Leave;
    let value = to_value(ruby, obj);
    let texts = FORMATTING
        .with(|f| f.borrow_mut().take())
        .unwrap_or_default();
    drop(leave);
    Ok((value?, texts))
}

fn formatting() -> bool {
    FORMATTING.with(|f| f.borrow().is_some())
}

/// A class or module as a value: the type of its instances; when converted
/// for formatting, a type of its own, whose text is the class's name.
fn class_value(obj: RValue, raw: rb_sys::VALUE) -> Value {
    if !formatting() {
        return Value::Type(super::ruby_class::class_value_type(obj).clone());
    }
    let name = super::ruby_class::module_name(obj);
    let t = super::ruby_class::type_of_class(name.map(Arc::from));
    let text: Arc<str> = match name {
        Some(n) => Arc::from(n),
        None => {
            // SAFETY: `raw` is a live class or module.
            let kind = match unsafe { rb_sys::RB_TYPE(raw) } {
                T::RUBY_T_MODULE => "Module",
                _ => "Class",
            };
            Arc::from(format!("#<{kind}:0x{raw:016x}>"))
        }
    };
    FORMATTING.with(|f| {
        if let Some(texts) = f.borrow_mut().as_mut() {
            texts.insert(t.raw().as_ptr() as usize, text);
        }
    });
    Value::Type(t)
}

/// Convert a Ruby object to a Puppet value without running Ruby code.
pub fn pure_value(obj: RValue) -> Result<Value, Impure> {
    pure(obj, 0)
}

fn pure(obj: RValue, depth: usize) -> Result<Value, Impure> {
    // (big data takes seconds to convert: the host may stop it meanwhile)
    if crate::stop::tick() {
        return Err(Impure::Error(crate::Error::interrupted()));
    }
    let raw = obj.as_raw();
    // SAFETY: `raw` is a live object, referenced from the caller's frame.
    Ok(match unsafe { rb_sys::RB_TYPE(raw) } {
        T::RUBY_T_FIXNUM => Value::Integer((raw as i64) >> 1),
        T::RUBY_T_STRING => Value::String(pure_text(raw)?),
        T::RUBY_T_NIL => Value::Undef,
        T::RUBY_T_TRUE => Value::Boolean(true),
        T::RUBY_T_FALSE => Value::Boolean(false),
        T::RUBY_T_FLOAT => match Float::from_value(obj) {
            Some(f) => Value::Float(f.to_f64()),
            None => runtime(obj),
        },
        T::RUBY_T_ARRAY | T::RUBY_T_HASH if !read_as_container(raw) => runtime(obj),
        T::RUBY_T_ARRAY => {
            too_deep(depth)?;
            let mut items = Vec::new();
            let mut failed = None;
            RubyView::new(obj).each_element(|e| match convert_nested(e, depth) {
                Ok(v) => {
                    items.push(v);
                    true
                }
                Err(e) => {
                    failed = Some(e);
                    false
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            Value::array(items)
        }
        T::RUBY_T_HASH => {
            too_deep(depth)?;
            let mut map = ValueMap::new();
            let mut failed = None;
            RubyView::new(obj).each_entry(|k, v| {
                match convert_nested(k, depth).and_then(|k| Ok((k, convert_nested(v, depth)?))) {
                    Ok((k, v)) => {
                        map.insert(k, v);
                        true
                    }
                    Err(e) => {
                        failed = Some(e);
                        false
                    }
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            Value::hash(map)
        }
        T::RUBY_T_SYMBOL => match value_view::symbol_meaning(raw) {
            Some(true) => Value::Default,
            Some(false) => Value::Undef,
            None => runtime(obj),
        },
        T::RUBY_T_BIGNUM => match value_view::bignum_i64(raw) {
            Ok(n) => Value::Integer(n),
            Err(_) => return Err(out_of_range(obj).into()),
        },
        T::RUBY_T_REGEXP => {
            // SAFETY: a T_REGEXP is an RRegexp (a public struct); its source
            // String lives as long as it.
            let src = unsafe { (*(raw as *const rb_sys::RRegexp)).src };
            // SAFETY: `src` is checked to be a String before it is read as one.
            if src == 0 || unsafe { rb_sys::RB_TYPE(src) } != T::RUBY_T_STRING {
                return Ok(runtime(obj));
            }
            let source = pure_text(src)?;
            let options = super::ruby_class::regexp_options(raw);
            Value::Regexp(crate::values::Regexp::from_ruby(&source, options)?)
        }
        T::RUBY_T_CLASS | T::RUBY_T_MODULE => class_value(obj, raw),
        T::RUBY_T_DATA => {
            if let Some(t) = RbType::from_value(obj) {
                Value::Type(crate::Type::clone(&t))
            } else if let Some(v) = super::rich::to_value(obj) {
                v
            } else {
                runtime(obj)
            }
        }
        _ => runtime(obj),
    })
}

/// True when `raw` (an Array or a Hash) is read as a Puppet Array or Hash:
/// an instance of Array or Hash itself (one of a subclass is a Runtime value,
/// as in the reference), or of a subclass of Array when converted for
/// formatting. The one home of that rule for conversion and for the
/// transcoded copy ([`super::encoding::transcoded_copy`]).
pub(crate) fn read_as_container(raw: rb_sys::VALUE) -> bool {
    exact_container(raw) || (is_array(raw) && formatting())
}

fn is_array(raw: rb_sys::VALUE) -> bool {
    // SAFETY: `raw` is a live object.
    unsafe { rb_sys::RB_TYPE(raw) == T::RUBY_T_ARRAY }
}

fn exact_container(raw: rb_sys::VALUE) -> bool {
    use super::ruby_class::{array_class, hash_class, is_exactly};
    is_exactly(raw, array_class()) || is_exactly(raw, hash_class())
}

/// An element or entry of a container one level down, on a fresh stack
/// segment when the thread's stack runs low.
fn convert_nested(v: &RubyView, depth: usize) -> Result<Value, Impure> {
    match v {
        RubyView::Ruby(obj) => crate::stack::deep(|| pure(*obj, depth + 1)),
        RubyView::Rust(v) => Ok(v.clone()),
    }
}

/// The text of a String, copied; [`Impure::Foreign`] when it needs transcoding.
fn pure_text(raw: rb_sys::VALUE) -> Result<Arc<str>, Impure> {
    match value_view::text_of(raw) {
        Text::Utf8(text) => Ok(Arc::from(text)),
        Text::Foreign => Err(Impure::Foreign),
        Text::Invalid => {
            // SAFETY: `raw` is a live String; its bytes are only read here.
            let Some(s) = RString::from_value(unsafe { RValue::from_raw(raw) }) else {
                return Err(crate::Error::argument("expected a String").into());
            };
            // SAFETY: as above.
            let e = std::str::from_utf8(unsafe { s.as_slice() })
                .err()
                .map_or_else(String::new, |e| e.to_string());
            Err(crate::Error::argument(super::encoding::invalid_utf8_message(s, &e)).into())
        }
    }
}

fn too_deep(depth: usize) -> Result<(), Impure> {
    if depth >= MAX_DEPTH {
        return Err(crate::Error::argument(format!(
            "data nested more than {MAX_DEPTH} levels deep (or containing itself) cannot be converted"
        ))
        .into());
    }
    Ok(())
}

/// The error for an Integer outside the 64-bit range.
fn out_of_range(obj: RValue) -> crate::Error {
    crate::Error::argument(format!(
        "integer {} is out of range: Puppet integers are signed 64-bit (-2**63 to 2**63-1)",
        bignum_text(obj).unwrap_or_default()
    ))
}

/// The decimal text of a Bignum, read without allocating a Ruby object.
pub fn bignum_text(obj: RValue) -> Option<String> {
    let raw = obj.as_raw();
    // SAFETY: the tag is read first; the digits of a live Bignum are copied
    // into `words`, which is as long as `rb_absint_numwords` says they need.
    unsafe {
        if rb_sys::RB_TYPE(raw) != T::RUBY_T_BIGNUM {
            return None;
        }
        let n = rb_sys::rb_absint_numwords(raw, 4, std::ptr::null_mut());
        let mut words = vec![0u32; (n as usize).max(1)];
        let flags =
            (rb_sys::INTEGER_PACK_LSWORD_FIRST | rb_sys::INTEGER_PACK_NATIVE_BYTE_ORDER) as i32;
        let sign = rb_sys::rb_integer_pack(
            raw,
            words.as_mut_ptr().cast(),
            words.len() as _,
            4,
            0,
            flags,
        );
        let mut text = decimal(&mut words);
        if sign < 0 {
            text.insert(0, '-');
        }
        Some(text)
    }
}

/// The decimal digits of the magnitude `words` (least significant first),
/// which it uses up.
fn decimal(words: &mut [u32]) -> String {
    let mut chunks = Vec::new();
    let mut len = words.len();
    while len > 0 {
        let mut rem: u64 = 0;
        for w in words[..len].iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*w);
            *w = (cur / 1_000_000_000) as u32;
            rem = cur % 1_000_000_000;
        }
        chunks.push(rem as u32);
        while len > 0 && words[len - 1] == 0 {
            len -= 1;
        }
    }
    let mut out = String::new();
    for (i, c) in chunks.iter().rev().enumerate() {
        if i == 0 {
            out.push_str(&c.to_string());
        } else {
            out.push_str(&format!("{c:09}"));
        }
    }
    if out.is_empty() {
        out.push('0');
    }
    out
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

/// A Runtime value holding `obj`.
fn runtime(obj: RValue) -> Value {
    let class_name: Arc<str> = Arc::from(value_view::class_name(obj));
    let object: crate::values::HostObject = Kept::new(obj);
    Value::Runtime(Arc::new(RuntimeValue {
        class_name,
        id: obj.as_raw(),
        ancestors: super::ruby_class::ancestor_names(obj).into(),
        texts: Default::default(),
        object: Some(object),
    }))
}

/// Room on the thread's own stack below which [`to_ruby`] stops nesting
/// (it calls Ruby, so it cannot go on on another stack segment): what Ruby's
/// allocation, a GC it runs and a key's `hash` need, small enough that a
/// thread with a small stack still gets its values.
const TO_RUBY_ROOM: usize = 64 * 1024;

/// Convert a Puppet value to a Ruby object. A container shared inside the
/// value (the same `Arc` met again) becomes one Ruby object, referenced again.
pub fn to_ruby(ruby: &Ruby, value: &Value) -> Result<RValue, Error> {
    let mut shared = HashMap::new();
    // (the objects in `shared` are referenced by the result being built, which
    // is referenced from this thread's stack)
    to_ruby_shared(ruby, value, &mut shared)
}

fn to_ruby_shared(
    ruby: &Ruby,
    value: &Value,
    shared: &mut HashMap<usize, RValue>,
) -> Result<RValue, Error> {
    let key = match value {
        Value::Array(a) if !a.is_empty() => Some(Arc::as_ptr(a) as usize),
        Value::Hash(h) if !h.is_empty() => Some(Arc::as_ptr(h) as usize),
        _ => None,
    };
    if let Some(k) = key {
        if let Some(found) = shared.get(&k) {
            return Ok(*found);
        }
        if !crate::stack::on_host_stack(TO_RUBY_ROOM) {
            return Err(errors::argument(
                ruby,
                "the value is nested too deeply to be converted to Ruby objects",
            ));
        }
    }
    let obj = match value {
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
                array.push(to_ruby_shared(ruby, item, shared)?)?;
            }
            array.as_value()
        }
        Value::Hash(map) => {
            let hash = ruby.hash_new();
            for (k, v) in map.iter() {
                let k = to_ruby_shared(ruby, k, shared)?;
                hash.aset(k, to_ruby_shared(ruby, v, shared)?)?;
            }
            hash.as_value()
        }
        Value::Type(t) => RbType::wrap(ruby, t.clone()),
        Value::Runtime(r) => match r.object.as_ref().and_then(Kept::of) {
            Some(kept) => kept.get(),
            None => {
                return Err(errors::argument(
                    ruby,
                    format!(
                        "the {} object of this Runtime value is not known to Ruby",
                        r.class_name
                    ),
                ))
            }
        },
        other => super::rich::to_ruby(ruby, other)?,
    };
    if let Some(k) = key {
        shared.insert(k, obj);
    }
    Ok(obj)
}

/// Convert a Rust list of values to a Ruby Array.
pub fn to_ruby_array(ruby: &Ruby, values: &[Value]) -> Result<RArray, Error> {
    let array = ruby.ary_new_capa(values.len());
    let mut shared = HashMap::new();
    for v in values {
        array.push(to_ruby_shared(ruby, v, &mut shared)?)?;
    }
    Ok(array)
}

/// `v` as the String of source text a method takes, or the gem's
/// `ArgumentError` (Ruby's own `TypeError` would not be a `PuppetTypes::Error`).
pub fn source_string(ruby: &Ruby, v: RValue) -> Result<RString, Error> {
    source_string_at(ruby, v, None)
}

/// [`source_string`] for source text from the file `path`: text that starts
/// with the byte order mark of an encoding other than UTF-8 is the
/// reference's parse error (`Illegal UTF-16 Byte Order mark at beginning of
/// input: [FF FE] ...`), whatever the String's encoding says; text in an
/// encoding that is not ASCII-compatible is an `ArgumentError`
/// ([`super::encoding::check_source_encoding`]).
pub fn source_string_at(ruby: &Ruby, v: RValue, path: Option<&str>) -> Result<RString, Error> {
    let s = RString::from_value(v).ok_or_else(|| {
        super::errors::argument(
            ruby,
            format!(
                "the source must be a String, got {}",
                super::type_factory::describe(v)
            ),
        )
    })?;
    // SAFETY: the bytes are only read here, before any other Ruby call.
    // (A UTF-8 mark in UTF-8 text is the lexer's to report.)
    let bom = crate::syntax::lexer::check_bom(unsafe { s.as_slice() });
    match bom {
        Err(e) if !e.message.starts_with("Illegal UTF-8 ") => {
            Err(super::errors::located(ruby, e, Some(""), path))
        }
        _ => {
            super::encoding::check_source_encoding(ruby, s)?;
            Ok(s)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn decimal_digits_of_wide_magnitudes() {
        assert_eq!(super::decimal(&mut [0]), "0");
        assert_eq!(super::decimal(&mut [42]), "42");
        // 2**70
        assert_eq!(super::decimal(&mut [0, 0, 64]), "1180591620717411303424");
        // 10**18 + 7 = 0x0DE0B6B3A7640007
        assert_eq!(
            super::decimal(&mut [0xA764_0007, 0x0DE0_B6B3]),
            "1000000000000000007"
        );
    }
}
