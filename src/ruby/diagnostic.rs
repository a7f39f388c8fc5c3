//! `PuppetTypes::Diagnostic`: a frozen value for one problem found in a file
//! ([`crate::check::Diagnostic`]): `path`, `line`, `column`, `end_line`,
//! `end_column` (nil when unknown), `severity` (`:error`, `:warning`), `code`
//! (a Symbol, the reference's issue code or the gem's own), `message`
//! (without the position), `to_s` (the reference's form, with `(file: f,
//! line: l, column: c)`) and `to_h`; a finding in hiera data also has `key`,
//! `class_name` and `parameter` (nil otherwise; in `to_h` only when set).

use crate::check::{Diagnostic, Severity};
use magnus::{method, prelude::*, Error, IntoValue, RHash, RModule, Ruby, Value};

/// The Ruby object of a diagnostic.
#[magnus::wrap(
    class = "PuppetTypes::Diagnostic",
    free_immediately,
    frozen_shareable,
    size
)]
pub struct RbDiagnostic(pub Diagnostic);

impl RbDiagnostic {
    /// A frozen Ruby object for `d`.
    pub fn wrap(ruby: &Ruby, d: Diagnostic) -> Value {
        let obj = ruby.obj_wrap(RbDiagnostic(d));
        obj.freeze();
        obj.as_value()
    }
}

/// A frozen Array of diagnostic objects.
pub fn array(ruby: &Ruby, ds: Vec<Diagnostic>) -> Result<Value, Error> {
    let ary = ruby.ary_new_capa(ds.len());
    for d in ds {
        ary.push(RbDiagnostic::wrap(ruby, d))?;
    }
    ary.freeze();
    Ok(ary.as_value())
}

fn path(rb_self: &RbDiagnostic) -> Option<String> {
    rb_self.0.path.as_deref().map(str::to_string)
}

fn line(rb_self: &RbDiagnostic) -> Option<u32> {
    rb_self.0.line
}

fn column(rb_self: &RbDiagnostic) -> Option<u32> {
    rb_self.0.column
}

fn end_line(rb_self: &RbDiagnostic) -> Option<u32> {
    rb_self.0.end_line
}

fn end_column(rb_self: &RbDiagnostic) -> Option<u32> {
    rb_self.0.end_column
}

fn severity(ruby: &Ruby, rb_self: &RbDiagnostic) -> Value {
    ruby.to_symbol(rb_self.0.severity.name()).as_value()
}

fn code(ruby: &Ruby, rb_self: &RbDiagnostic) -> Value {
    ruby.to_symbol(rb_self.0.code.name()).as_value()
}

fn message(rb_self: &RbDiagnostic) -> String {
    rb_self.0.message.clone()
}

fn hint(rb_self: &RbDiagnostic) -> Option<String> {
    rb_self.0.hint.as_deref().cloned()
}

fn key(rb_self: &RbDiagnostic) -> Option<String> {
    rb_self.0.data_key.as_ref().map(|k| k.key.to_string())
}

fn class_name(rb_self: &RbDiagnostic) -> Option<String> {
    rb_self
        .0
        .data_key
        .as_ref()
        .and_then(|k| k.class_name.as_deref().map(str::to_string))
}

fn parameter(rb_self: &RbDiagnostic) -> Option<String> {
    rb_self
        .0
        .data_key
        .as_ref()
        .and_then(|k| k.parameter.as_deref().map(str::to_string))
}

fn to_s(rb_self: &RbDiagnostic) -> String {
    rb_self.0.to_string()
}

fn is_error(rb_self: &RbDiagnostic) -> bool {
    rb_self.0.severity == Severity::Error
}

fn is_warning(rb_self: &RbDiagnostic) -> bool {
    rb_self.0.severity == Severity::Warning
}

fn to_h(ruby: &Ruby, rb_self: &RbDiagnostic) -> Result<RHash, Error> {
    let d = &rb_self.0;
    let h = ruby.hash_new();
    let sym = |s: &str| ruby.to_symbol(s);
    h.aset(sym("path"), path(rb_self).into_value_with(ruby))?;
    h.aset(sym("line"), d.line.into_value_with(ruby))?;
    h.aset(sym("column"), d.column.into_value_with(ruby))?;
    h.aset(sym("end_line"), d.end_line.into_value_with(ruby))?;
    h.aset(sym("end_column"), d.end_column.into_value_with(ruby))?;
    h.aset(sym("severity"), severity(ruby, rb_self))?;
    h.aset(sym("code"), code(ruby, rb_self))?;
    h.aset(sym("message"), d.message.as_str())?;
    if d.data_key.is_some() {
        h.aset(sym("key"), key(rb_self))?;
        h.aset(sym("class_name"), class_name(rb_self))?;
        h.aset(sym("parameter"), parameter(rb_self))?;
    }
    Ok(h)
}

fn inspect(rb_self: &RbDiagnostic) -> String {
    let d = &rb_self.0;
    let at = match (&d.path, d.line, d.column) {
        (Some(p), Some(l), Some(c)) => format!("{p}:{l}:{c}"),
        (Some(p), _, _) => p.to_string(),
        (None, Some(l), Some(c)) => format!("{l}:{c}"),
        _ => String::new(),
    };
    format!(
        "#<PuppetTypes::Diagnostic {} {} {} {:?}>",
        d.severity.name(),
        d.code.name(),
        at,
        d.message
    )
}

fn eq(rb_self: &RbDiagnostic, other: Value) -> bool {
    match <&RbDiagnostic>::try_convert(other) {
        Ok(o) => o.0 == rb_self.0,
        Err(_) => false,
    }
}

fn hash(rb_self: &RbDiagnostic) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    rb_self.0.hash(&mut h);
    (h.finish() >> 2) as i64
}

/// Define `PuppetTypes::Diagnostic`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let class = module.define_class("Diagnostic", ruby.class_object())?;
    class.undef_default_alloc_func();
    class.define_method("path", method!(path, 0))?;
    class.define_method("line", method!(line, 0))?;
    class.define_method("column", method!(column, 0))?;
    class.define_method("end_line", method!(end_line, 0))?;
    class.define_method("end_column", method!(end_column, 0))?;
    class.define_method("severity", method!(severity, 0))?;
    class.define_method("code", method!(code, 0))?;
    class.define_method("message", method!(message, 0))?;
    class.define_method("hint", method!(hint, 0))?;
    class.define_method("to_s", method!(to_s, 0))?;
    class.define_method("key", method!(key, 0))?;
    class.define_method("class_name", method!(class_name, 0))?;
    class.define_method("parameter", method!(parameter, 0))?;
    class.define_method("to_h", method!(to_h, 0))?;
    class.define_method("error?", method!(is_error, 0))?;
    class.define_method("warning?", method!(is_warning, 0))?;
    class.define_method("inspect", method!(inspect, 0))?;
    class.define_method("==", method!(eq, 1))?;
    class.define_method("eql?", method!(eq, 1))?;
    class.define_method("hash", method!(hash, 0))?;
    Ok(())
}
