//! `PuppetTypes::AliasRegistry`: type aliases that `TypeParser.parse(s,
//! aliases: registry)` resolves, filled from `type X = ...` source text, one
//! name at a time, or from module paths (`<module>/types/**/*.pp`).

use super::convert;
use super::errors::{self, guard};
use super::type_object::RbType;
use crate::types::aliases::AliasRegistry;
use magnus::{function, method, prelude::*, Error, RModule, RString, Ruby, Value};

/// The Ruby-side handle of a registry (shared, internally locked).
#[magnus::wrap(class = "PuppetTypes::AliasRegistry", free_immediately, size)]
pub struct RbAliasRegistry(pub AliasRegistry);

fn text(ruby: &Ruby, s: RString) -> Result<std::sync::Arc<str>, Error> {
    convert::rstring_to_str(ruby, s)
}

fn new(ruby: &Ruby) -> RbAliasRegistry {
    let _ = ruby;
    RbAliasRegistry(AliasRegistry::new())
}

fn add_source(
    ruby: &Ruby,
    rb_self: &RbAliasRegistry,
    source: RString,
) -> Result<Vec<String>, Error> {
    guard(ruby, || {
        let src = text(ruby, source)?;
        rb_self
            .0
            .add_source(&src)
            .map_err(|e| errors::located(ruby, e, Some(&src), None))
    })
}

fn add(
    ruby: &Ruby,
    rb_self: &RbAliasRegistry,
    name: RString,
    source: RString,
) -> Result<(), Error> {
    guard(ruby, || {
        let (name, src) = (text(ruby, name)?, text(ruby, source)?);
        rb_self
            .0
            .add(&name, &src)
            .map_err(|e| errors::located(ruby, e, Some(&src), None))
    })
}

fn load_module_path(
    ruby: &Ruby,
    rb_self: &RbAliasRegistry,
    path: RString,
) -> Result<Vec<String>, Error> {
    guard(ruby, || {
        let path = text(ruby, path)?;
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

fn include(ruby: &Ruby, rb_self: &RbAliasRegistry, name: RString) -> Result<bool, Error> {
    guard(ruby, || Ok(rb_self.0.contains(&text(ruby, name)?)))
}

fn lookup(ruby: &Ruby, rb_self: &RbAliasRegistry, name: RString) -> Result<Value, Error> {
    guard(ruby, || {
        match rb_self
            .0
            .lookup(&text(ruby, name)?)
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
    class.define_singleton_method("new", function!(new, 0))?;
    class.define_method("add_source", method!(add_source, 1))?;
    class.define_method("add", method!(add, 2))?;
    class.define_method("load_module_path", method!(load_module_path, 1))?;
    class.define_method("names", method!(names, 0))?;
    class.define_method("include?", method!(include, 1))?;
    class.define_method("[]", method!(lookup, 1))?;
    Ok(())
}
