//! The classes that the names of `Runtime[ruby, 'Name']` types stand for,
//! found as the reference finds them (`const_get` of each segment from
//! `Object`, so Ruby's autoload and `const_missing` run; a `NameError` means
//! no class), between the rounds of a check ([`resolving`]): a check never
//! runs Ruby code while it walks Ruby data.
//!
//! The reference also asks Puppet's autoloader to load a file named after a
//! class it does not find; the gem loads no file (see docs/divergences.md).

use crate::types::calc::runtime_classes::{RuntimeClass, Session};
use magnus::rb_sys::{AsRawValue, FromRawValue};
use magnus::{prelude::*, Error, RArray, Ruby, Value};
use std::sync::Arc;

/// Runs `f`, a check without side effects (it may read Ruby data), so that
/// its `Runtime[ruby, 'Name']` rules answer by Ruby's class hierarchy: run
/// again after resolving the names a round needed (none: one round, no
/// Ruby code). An error raised while resolving (other than a `NameError`)
/// is raised, as in the reference.
#[inline]
pub(crate) fn resolving<T>(ruby: &Ruby, f: impl FnMut() -> T) -> Result<T, Error> {
    let stops = crate::stop::count();
    Session::new().run(
        f,
        || crate::stop::stopped_since(stops),
        |name| resolve(ruby, name),
    )
}

/// The class or module `name` stands for (`'Foo::Bar'`, `'::Foo'`), with
/// its ancestors (and a class's superclasses); `None` when a segment is no constant (or not one that
/// `const_get` accepts) or the constant is no class or module.
fn resolve(ruby: &Ruby, name: &str) -> Result<Option<RuntimeClass>, Error> {
    // (segments as Ruby's `split('::')` gives them: without trailing empty ones;
    // a leading empty one means from the root, which every name is looked up from)
    let mut segments: Vec<&str> = name.split("::").collect();
    while segments.last() == Some(&"") {
        segments.pop();
    }
    if segments.first() == Some(&"") {
        segments.remove(0);
    } else if segments.is_empty() {
        return Ok(None);
    }
    let mut found: Value = ruby.class_object().as_value();
    for segment in segments {
        match found.funcall::<_, _, Value>("const_get", (ruby.str_new(segment), false)) {
            Ok(v) => found = v,
            Err(e) if e.is_kind_of(ruby.exception_name_error()) => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    if !found.is_kind_of(ruby.class_module()) {
        return Ok(None);
    }
    // SAFETY: `found` is a Module (checked above); rb_mod_ancestors answers a
    // new Array of Modules, referenced from this frame while it is read.
    let ancestors = unsafe { Value::from_raw(rb_sys::rb_mod_ancestors(found.as_raw())) };
    let ancestors = RArray::from_value(ancestors)
        .ok_or_else(|| Error::new(ruby.exception_type_error(), "ancestors is not an Array"))?;
    let mut ids = Vec::with_capacity(ancestors.len());
    for i in 0..ancestors.len() {
        ids.push(object_id(ancestors.entry::<Value>(i as isize)?)?);
    }
    // (a class's chain ends with nil after BasicObject; one longer than any
    // program's, or leaving classes, is cut there)
    let mut superclasses = Vec::new();
    let mut class = found;
    while class.is_kind_of(ruby.class_class()) && superclasses.len() < 10_000 {
        let name = super::ruby_class::module_name(class).map(Arc::from);
        superclasses.push((object_id(class)?, name));
        class = class.funcall("superclass", ())?;
    }
    Ok(Some(RuntimeClass {
        id: object_id(found)?,
        ancestors: ids.into(),
        superclasses: superclasses.into(),
    }))
}

/// Ruby's `object_id` of `v`: fixed while it lives (where its address is not,
/// once the heap is compacted).
fn object_id(v: Value) -> Result<u64, Error> {
    // SAFETY: rb_obj_id answers an Integer for any object.
    let id = unsafe { Value::from_raw(rb_sys::rb_obj_id(v.as_raw())) };
    u64::try_convert(id)
}
