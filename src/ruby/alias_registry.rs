//! `PuppetTypes::AliasRegistry`: type aliases that `TypeParser.parse(s,
//! aliases: registry)` resolves, filled from `type X = ...` source text, one
//! name at a time, or from module paths (`<module>/types/**/*.pp`).

use super::convert;
use super::errors::{self, guard};
use super::type_object::RbType;
use crate::types::aliases::AliasRegistry;
use magnus::{function, method, prelude::*, Error, RModule, RString, Ruby, TryConvert, Value};

/// The Ruby-side handle of a registry (shared, internally locked). An
/// allocated registry (`AliasRegistry.allocate`) is an empty one; `dup` and
/// `clone` copy the definitions.
#[derive(Default)]
#[magnus::wrap(class = "PuppetTypes::AliasRegistry", free_immediately, size)]
pub struct RbAliasRegistry(pub AliasRegistry);

/// The text of a String argument, or the gem's `ArgumentError` naming `what`.
fn text(ruby: &Ruby, v: Value, what: &str) -> Result<std::sync::Arc<str>, Error> {
    match RString::from_value(v) {
        Some(s) => convert::rstring_to_str(ruby, s),
        None => Err(errors::argument(
            ruby,
            format!(
                "{what} must be a String, got {}",
                super::type_factory::describe(v)
            ),
        )),
    }
}

fn new(ruby: &Ruby) -> RbAliasRegistry {
    let _ = ruby;
    RbAliasRegistry(AliasRegistry::new())
}

/// `initialize_copy(orig)` (for `dup` and `clone`): the definitions of `orig`.
fn initialize_copy(ruby: &Ruby, rb_self: &RbAliasRegistry, orig: Value) -> Result<(), Error> {
    guard(ruby, || {
        let orig = <&RbAliasRegistry>::try_convert(orig).map_err(|_| {
            errors::argument(ruby, "an AliasRegistry can only copy another AliasRegistry")
        })?;
        if !std::ptr::eq(orig, rb_self) {
            rb_self.0.copy_definitions_from(&orig.0);
        }
        Ok(())
    })
}

fn add_source(ruby: &Ruby, rb_self: &RbAliasRegistry, source: Value) -> Result<Vec<String>, Error> {
    guard(ruby, || {
        let src = text(ruby, source, "the source")?;
        rb_self
            .0
            .add_source(&src)
            .map_err(|e| errors::located(ruby, e, Some(&src), None))
    })
}

fn add(ruby: &Ruby, rb_self: &RbAliasRegistry, name: Value, source: Value) -> Result<(), Error> {
    guard(ruby, || {
        let (name, src) = (
            text(ruby, name, "the name")?,
            text(ruby, source, "the type")?,
        );
        rb_self
            .0
            .add(&name, &src)
            .map_err(|e| errors::located(ruby, e, Some(&src), None))
    })
}

fn load_module_path(
    ruby: &Ruby,
    rb_self: &RbAliasRegistry,
    path: Value,
) -> Result<Vec<String>, Error> {
    guard(ruby, || {
        let path = text(ruby, path, "the module path")?;
        rb_self
            .0
            .load_module_path(&path)
            .map_err(|e| errors::to_ruby(ruby, e))
    })
}

fn names(ruby: &Ruby, rb_self: &RbAliasRegistry) -> Result<Vec<String>, Error> {
    guard(ruby, || {
        let mut names = rb_self.0.names();
        names.sort();
        Ok(names)
    })
}

fn include(ruby: &Ruby, rb_self: &RbAliasRegistry, name: Value) -> Result<bool, Error> {
    guard(ruby, || {
        Ok(rb_self.0.contains(&text(ruby, name, "the name")?))
    })
}

fn lookup(ruby: &Ruby, rb_self: &RbAliasRegistry, name: Value) -> Result<Value, Error> {
    guard(ruby, || {
        match rb_self
            .0
            .lookup(&text(ruby, name, "the name")?)
            .map_err(|e| errors::to_ruby(ruby, e))?
        {
            Some(t) => Ok(RbType::wrap(ruby, t)),
            None => Ok(ruby.qnil().as_value()),
        }
    })
}

/// Define `PuppetTypes::AliasRegistry`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let class = module.define_class("AliasRegistry", ruby.class_object())?;
    class.define_alloc_func::<RbAliasRegistry>();
    class.define_singleton_method("new", function!(new, 0))?;
    class.define_method("initialize_copy", method!(initialize_copy, 1))?;
    class.define_method("add_source", method!(add_source, 1))?;
    class.define_method("add", method!(add, 2))?;
    class.define_method("load_module_path", method!(load_module_path, 1))?;
    class.define_method("names", method!(names, 0))?;
    class.define_method("include?", method!(include, 1))?;
    class.define_method("[]", method!(lookup, 1))?;
    Ok(())
}
