//! [`RubyView`]: the calculator's [`ValueView`] over Ruby objects, so that
//! `instance?`, `infer` and friends walk Ruby data in place instead of first
//! deep-copying it into [`crate::Value`]s.
//!
//! A view is a Ruby object (classified on demand: a Fixnum or String check is
//! a tag test) or, inside a `PuppetTypes::Sensitive`, a Rust value. While a
//! view is walked, no Ruby code runs and no Ruby object is allocated, so the
//! borrowed string slices and array contents stay valid.

use super::rich::{RbBinary, RbDeferred, RbSemVer, RbSemVerRange, RbSensitive, RbTimespan, RbTimestamp, RbUri};
use super::type_object::RbType;
use crate::types::calc::value_view::{ValueView, ViewKind};
use crate::values::Value;
use magnus::{
    prelude::*, r_hash::ForEach, rb_sys::AsRawValue, Fixnum, Float, RArray, RBignum, RHash, RRegexp, RString, Ruby,
    Symbol, TryConvert,
};

/// A value seen through Ruby: a Ruby object, or a Rust value (inside a Sensitive).
pub enum RubyView {
    /// A Ruby object.
    Ruby(magnus::Value),
    /// A Rust value.
    Rust(Value),
}

impl RubyView {
    /// A view of a Ruby object.
    pub fn new(obj: magnus::Value) -> RubyView {
        RubyView::Ruby(obj)
    }
}

/// The UTF-8 content of a Ruby String, if it has one. Uses Ruby's cached coderange.
fn str_of<'a>(s: RString) -> Option<&'a str> {
    // SAFETY: the views only exist during a calculator call, while no Ruby code
    // runs, so the string is neither mutated nor moved while the slice is used.
    unsafe {
        match s.as_str() {
            Ok(text) => Some(std::mem::transmute::<&str, &'a str>(text)),
            Err(_) => std::str::from_utf8(std::mem::transmute::<&[u8], &'a [u8]>(s.as_slice())).ok(),
        }
    }
}

fn classify<'a>(obj: magnus::Value) -> ViewKind<'a> {
    if let Some(n) = Fixnum::from_value(obj) {
        return ViewKind::Integer(n.to_i64());
    }
    if let Some(s) = RString::from_value(obj) {
        return match str_of(s) {
            Some(text) => ViewKind::String(text),
            None => ViewKind::Runtime("String"),
        };
    }
    if obj.is_nil() {
        return ViewKind::Undef;
    }
    let ruby = Ruby::get_with(obj);
    if obj.is_kind_of(ruby.class_true_class()) {
        return ViewKind::Boolean(true);
    }
    if obj.is_kind_of(ruby.class_false_class()) {
        return ViewKind::Boolean(false);
    }
    if let Some(f) = Float::from_value(obj) {
        return ViewKind::Float(f.to_f64());
    }
    if let Some(a) = RArray::from_value(obj) {
        return ViewKind::Array(a.len());
    }
    if let Some(h) = RHash::from_value(obj) {
        return ViewKind::Hash(h.len());
    }
    if let Some(sym) = Symbol::from_value(obj) {
        return match sym.name().as_deref() {
            Ok("default") => ViewKind::Default,
            Ok("undef") => ViewKind::Undef,
            _ => ViewKind::Runtime("Symbol"),
        };
    }
    if let Some(i) = RBignum::from_value(obj) {
        return ViewKind::BigInteger(i.is_negative());
    }
    if let Some(r) = RRegexp::from_value(obj) {
        let source: Result<RString, _> = r.funcall("source", ());
        return match source.ok().and_then(str_of) {
            Some(text) => ViewKind::RegexpSource(text),
            None => ViewKind::Runtime("Regexp"),
        };
    }
    // The wrapped classes hand out references that live as long as the Ruby object.
    if let Ok(t) = <&RbType>::try_convert(obj) {
        return ViewKind::Type(&t.0);
    }
    if let Ok(v) = <&RbSemVer>::try_convert(obj) {
        return ViewKind::SemVer(&v.0);
    }
    if let Ok(v) = <&RbSemVerRange>::try_convert(obj) {
        return ViewKind::SemVerRange(&v.0);
    }
    if let Ok(v) = <&RbTimespan>::try_convert(obj) {
        return ViewKind::Timespan(v.0);
    }
    if let Ok(v) = <&RbTimestamp>::try_convert(obj) {
        return ViewKind::Timestamp(v.0);
    }
    if let Ok(v) = <&RbBinary>::try_convert(obj) {
        return ViewKind::Binary(&v.0);
    }
    if let Ok(v) = <&RbUri>::try_convert(obj) {
        return ViewKind::Uri(&v.0);
    }
    if <&RbSensitive>::try_convert(obj).is_ok() {
        return ViewKind::Sensitive;
    }
    if let Ok(v) = <&RbDeferred>::try_convert(obj) {
        return ViewKind::Deferred(&v.0);
    }
    // SAFETY: rb_obj_classname points into the class's name, which lives as long
    // as the class, and so at least as long as the object being viewed.
    match unsafe { obj.classname() } {
        std::borrow::Cow::Borrowed(name) => {
            ViewKind::Runtime(unsafe { std::mem::transmute::<&str, &'a str>(name) })
        }
        std::borrow::Cow::Owned(_) => ViewKind::Runtime("Object"),
    }
}

impl ValueView for RubyView {
    fn kind(&self) -> ViewKind<'_> {
        match self {
            RubyView::Ruby(obj) => classify(*obj),
            RubyView::Rust(v) => v.kind(),
        }
    }

    fn each_element<F: FnMut(&Self) -> bool>(&self, mut f: F) -> bool {
        match self {
            RubyView::Ruby(obj) => match RArray::from_value(*obj) {
                // SAFETY: no Ruby code runs during the walk, so the array is not mutated.
                Some(a) => unsafe { a.as_slice() }.iter().all(|v| f(&RubyView::Ruby(*v))),
                None => true,
            },
            RubyView::Rust(Value::Array(items)) => items.iter().all(|v| f(&RubyView::Rust(v.clone()))),
            RubyView::Rust(_) => true,
        }
    }

    fn each_entry<F: FnMut(&Self, &Self) -> bool>(&self, mut f: F) -> bool {
        match self {
            RubyView::Ruby(obj) => match RHash::from_value(*obj) {
                Some(h) => {
                    let mut completed = true;
                    let _ = h.foreach(|k: magnus::Value, v: magnus::Value| {
                        if f(&RubyView::Ruby(k), &RubyView::Ruby(v)) {
                            Ok(ForEach::Continue)
                        } else {
                            completed = false;
                            Ok(ForEach::Stop)
                        }
                    });
                    completed
                }
                None => true,
            },
            RubyView::Rust(Value::Hash(map)) => map
                .iter()
                .all(|(k, v)| f(&RubyView::Rust(k.clone()), &RubyView::Rust(v.clone()))),
            RubyView::Rust(_) => true,
        }
    }

    fn with_sensitive<F: FnOnce(&Self) -> bool>(&self, f: F) -> bool {
        match self {
            RubyView::Ruby(obj) => match <&RbSensitive>::try_convert(*obj) {
                Ok(s) => f(&RubyView::Rust((*s.0).clone())),
                Err(_) => false,
            },
            RubyView::Rust(Value::Sensitive(inner)) => f(&RubyView::Rust((**inner).clone())),
            RubyView::Rust(_) => false,
        }
    }

    fn to_value(&self) -> Option<Value> {
        match self {
            RubyView::Ruby(obj) => super::convert::to_value(&Ruby::get_with(*obj), *obj).ok(),
            RubyView::Rust(v) => Some(v.clone()),
        }
    }

    fn identity(&self) -> usize {
        match self {
            RubyView::Ruby(obj) => obj.as_raw() as usize,
            RubyView::Rust(v) => v as *const Value as usize,
        }
    }
}
