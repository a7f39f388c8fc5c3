//! What the reference makes of Ruby's own classes and modules: the name of a
//! class (none for an anonymous one), whether an Array or Hash is exactly one
//! (an instance of a subclass is a Runtime value, as in the reference), and
//! the type a class or module used as a value stands for (`Runtime[ruby,
//! 'Foo']`, whose type is `Type[Runtime[ruby, 'Foo']]`), kept for the life
//! of the process so that a walk can borrow it.
//!
//! Everything here reads objects without running Ruby code or allocating a
//! Ruby object, so it can run inside a walk of Ruby data.

use super::value_view::{text_of, Text};
use crate::types::factory as f;
use crate::types::{RuntimeName, Type};
use magnus::rb_sys::AsRawValue;
use rb_sys::ruby_value_type as T;
use rb_sys::VALUE;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The name of a class or module object (`Foo::Bar`); `None` for an anonymous
/// one (or one whose name is not UTF-8). Borrowed from the frozen name String
/// the module keeps, which lives as long as the module.
pub(crate) fn module_name<'a>(module: magnus::Value) -> Option<&'a str> {
    name_of(module.as_raw())
}

fn name_of<'a>(raw: VALUE) -> Option<&'a str> {
    // SAFETY: rb_mod_name reads the name the module caches (it allocates
    // nothing); the result is checked to be a String before it is read.
    unsafe {
        let name = rb_sys::rb_mod_name(raw);
        if rb_sys::NIL_P(name) || rb_sys::RB_TYPE(name) != T::RUBY_T_STRING {
            return None;
        }
        match text_of(name) {
            Text::Utf8(text) => Some(text),
            _ => None,
        }
    }
}

/// The name of the class of `obj`, empty for an object of an anonymous class.
pub(crate) fn class_name_of<'a>(obj: magnus::Value) -> &'a str {
    // SAFETY: rb_obj_class reads the object's class (skipping singleton
    // classes) without allocating.
    name_of(unsafe { rb_sys::rb_obj_class(obj.as_raw()) }).unwrap_or("")
}

/// True when a superclass of the class of `obj`, or a module that class or
/// a superclass includes, is named `name`.
pub(crate) fn ancestor_named(obj: magnus::Value, name: &str) -> bool {
    !each_ancestor_name(obj, |n| n != name)
}

/// The names of the superclasses of the class of `obj` and of the modules
/// they include, nearest first (anonymous ones left out).
pub(crate) fn ancestor_names(obj: magnus::Value) -> Vec<Arc<str>> {
    let mut names = Vec::new();
    each_ancestor_name(obj, |n| {
        names.push(Arc::from(n));
        true
    });
    names
}

/// Calls `f` with the name of each named ancestor of the class of `obj`
/// (not the class itself) while it returns true; false when `f` stopped.
/// Walks the class's chain of superclasses, where an included module stands
/// as a proxy class whose class is the module, reading names only.
fn each_ancestor_name(obj: magnus::Value, mut f: impl FnMut(&str) -> bool) -> bool {
    /// Deeper chains than any real program's are cut short.
    const MAX_ANCESTORS: usize = 10_000;
    // SAFETY: rb_obj_class and rb_class_get_superclass read class pointers
    // without allocating; a proxy class's RBasic header holds its module.
    unsafe {
        let mut k = rb_sys::rb_obj_class(obj.as_raw());
        for _ in 0..MAX_ANCESTORS {
            k = rb_sys::rb_class_get_superclass(k);
            if k == 0 || rb_sys::NIL_P(k) {
                return true;
            }
            let named = if rb_sys::RB_TYPE(k) == T::RUBY_T_ICLASS {
                (*(k as *const rb_sys::RBasic)).klass
            } else {
                k
            };
            if named == 0 {
                continue;
            }
            if let Some(name) = name_of(named) {
                if !f(name) {
                    return false;
                }
            }
        }
    }
    true
}

/// True when `raw` (an object whose type tag is T_ARRAY or T_HASH) is an
/// instance of `builtin` itself, not of a subclass. One load and a compare
/// in the common case; an object with a singleton class takes a walk up to
/// its real class.
#[inline(always)]
pub(crate) fn is_exactly(raw: VALUE, builtin: VALUE) -> bool {
    // SAFETY: `raw` is a live heap object (its type tag was checked by the
    // caller), whose RBasic header holds its class.
    let klass = unsafe { (*(raw as *const rb_sys::RBasic)).klass };
    klass == builtin || real_class_is(raw, builtin)
}

#[cold]
#[inline(never)]
fn real_class_is(raw: VALUE, builtin: VALUE) -> bool {
    // SAFETY: as above; rb_obj_class does not allocate.
    unsafe { rb_sys::rb_obj_class(raw) == builtin }
}

/// The options of a Regexp object (`raw` has the tag T_REGEXP) that change
/// what it matches (IGNORECASE 1, EXTENDED 2, MULTILINE 4); 0 for one that
/// is not initialised.
pub(crate) fn regexp_options(raw: VALUE) -> u8 {
    // SAFETY: a T_REGEXP is an RRegexp (a public struct); its pattern
    // buffer, when there is one, is Onigmo's public `re_pattern_buffer`.
    unsafe {
        let ptr = (*(raw as *const rb_sys::RRegexp)).ptr;
        if ptr.is_null() {
            return 0;
        }
        ((*ptr).options & 7) as u8
    }
}

/// Ruby's `Array` class.
#[inline(always)]
pub(crate) fn array_class() -> VALUE {
    // SAFETY: set once when Ruby starts, never changed.
    unsafe { rb_sys::rb_cArray }
}

/// Ruby's `Hash` class.
#[inline(always)]
pub(crate) fn hash_class() -> VALUE {
    // SAFETY: as for `array_class`.
    unsafe { rb_sys::rb_cHash }
}

/// The type a class or module used as a value stands for (`module` has the
/// tag T_CLASS or T_MODULE), as in the reference: `Runtime[ruby, 'Name']`,
/// `Runtime[ruby, undef]` for an anonymous one. Shared per name for the life of the process, so that a
/// view can lend it out (one small type per distinct class name that ever
/// met a calculator: no more than the named classes Ruby itself keeps).
pub(crate) fn class_value_type(module: magnus::Value) -> &'static Type {
    static ANONYMOUS: OnceLock<Type> = OnceLock::new();
    static NAMED: OnceLock<Mutex<HashMap<Arc<str>, &'static Type>>> = OnceLock::new();
    let Some(name) = module_name(module) else {
        return ANONYMOUS.get_or_init(|| type_of_class(None));
    };
    let mut named = NAMED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(t) = named.get(name) {
        return t;
    }
    let name: Arc<str> = Arc::from(name);
    let t: &'static Type = Box::leak(Box::new(type_of_class(Some(name.clone()))));
    named.insert(name, t);
    t
}

/// `Runtime[ruby, name]`: a class as a value is the type of its instances
/// (so that its inferred type is `Type[Runtime[ruby, name]]`).
pub(crate) fn type_of_class(name: Option<Arc<str>>) -> Type {
    f::runtime(Some("ruby"), name.map(RuntimeName::Name))
}
