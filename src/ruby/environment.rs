//! `PuppetTypes::Environment`: the module path index ([`crate::env`]).
//! `lib/puppet_types/environment.rb` gives it its keyword constructor and
//! `#modules`; the finders, `#load_all` (on all cores, with the GVL
//! released), `#definitions`, `#diagnostics` and `#parse_type` are here.

use super::convert;
use super::definition::RbDefinition;
use super::diagnostic;
use super::errors::{self, guard};
use super::type_object::RbType;
use crate::env::{Environment, Kind};
use magnus::{
    function, method, prelude::*, Error, IntoValue, RArray, RModule, RString, Ruby, Value,
};
use std::sync::Arc;

/// The Ruby object of an environment (shared with its definitions).
#[magnus::wrap(class = "PuppetTypes::Environment", free_immediately, size)]
pub struct RbEnvironment(pub Arc<Environment>);

impl Drop for RbEnvironment {
    /// An environment's trees are freed on another thread, so that the
    /// garbage collection that frees the Ruby object does not wait for them.
    fn drop(&mut self) {
        let env = std::mem::replace(&mut self.0, empty());
        // (a thread of its own, not a pool's: see env::parallel; if none can
        // be started the closure, and the environment with it, drops here)
        let _ = std::thread::Builder::new().spawn(move || drop(env));
    }
}

/// An environment of no module path (what a dropped object is left holding).
pub(super) fn empty() -> Arc<Environment> {
    static EMPTY: std::sync::OnceLock<Arc<Environment>> = std::sync::OnceLock::new();
    EMPTY
        .get_or_init(|| Arc::new(Environment::new(Vec::<String>::new())))
        .clone()
}

fn new(ruby: &Ruby, paths: RArray) -> Result<RbEnvironment, Error> {
    guard(ruby, || {
        let mut entries = Vec::with_capacity(paths.len());
        for v in paths.into_iter() {
            let Some(s) = RString::from_value(v) else {
                return Err(errors::argument(ruby, "modulepath entries must be Strings"));
            };
            entries.push(convert::rstring_to_str(ruby, s)?.to_string());
        }
        Ok(RbEnvironment(Arc::new(Environment::new(entries))))
    })
}

fn name_arg(ruby: &Ruby, name: Value) -> Result<String, Error> {
    match RString::from_value(name) {
        Some(s) => Ok(convert::rstring_to_str(ruby, s)?.to_string()),
        None => match magnus::Symbol::from_value(name) {
            Some(sym) => Ok(convert::symbol_name(ruby, sym)?.to_string()),
            None => Err(errors::argument(ruby, "a definition name must be a String")),
        },
    }
}

fn find(ruby: &Ruby, rb_self: &RbEnvironment, kind: Kind, name: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let name = name_arg(ruby, name)?;
        Ok(match rb_self.0.find(kind, &name) {
            Some(d) => RbDefinition::wrap(ruby, &rb_self.0, d),
            None => ruby.qnil().as_value(),
        })
    })
}

fn find_class(ruby: &Ruby, rb_self: &RbEnvironment, name: Value) -> Result<Value, Error> {
    find(ruby, rb_self, Kind::Class, name)
}

fn find_defined_type(ruby: &Ruby, rb_self: &RbEnvironment, name: Value) -> Result<Value, Error> {
    find(ruby, rb_self, Kind::DefinedType, name)
}

fn find_function(ruby: &Ruby, rb_self: &RbEnvironment, name: Value) -> Result<Value, Error> {
    find(ruby, rb_self, Kind::Function, name)
}

fn find_plan(ruby: &Ruby, rb_self: &RbEnvironment, name: Value) -> Result<Value, Error> {
    find(ruby, rb_self, Kind::Plan, name)
}

fn find_type_alias(ruby: &Ruby, rb_self: &RbEnvironment, name: Value) -> Result<Value, Error> {
    find(ruby, rb_self, Kind::TypeAlias, name)
}

/// Parse every file, on all cores, with the GVL released.
fn load_all(ruby: &Ruby, rb_self: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let env = <&RbEnvironment>::try_convert(rb_self)?.0.clone();
        // (when interrupted, the guard delivers the interruption)
        let _ = super::gvl::without_gvl(super::gvl::Cut::BetweenUnits, move || env.load_all());
        Ok(rb_self)
    })
}

/// `load_all` on the calling thread only, GVL held (for benchmarks).
fn load_all_serial(ruby: &Ruby, rb_self: Value) -> Result<Value, Error> {
    guard(ruby, || {
        <&RbEnvironment>::try_convert(rb_self)?.0.load_all_serial();
        Ok(rb_self)
    })
}

fn definitions(ruby: &Ruby, rb_self: &RbEnvironment) -> Result<Value, Error> {
    guard(ruby, || {
        let env = rb_self.0.clone();
        if super::gvl::without_gvl(super::gvl::Cut::BetweenUnits, move || env.load_all()).is_none()
        {
            // (interrupted: the guard delivers the interruption)
            return Ok(ruby.qnil().as_value());
        }
        let defs = rb_self.0.definitions();
        let ary = ruby.ary_new_capa(defs.len());
        for d in defs {
            ary.push(RbDefinition::wrap(ruby, &rb_self.0, d))?;
        }
        ary.freeze();
        Ok(ary.as_value())
    })
}

fn diagnostics(ruby: &Ruby, rb_self: &RbEnvironment) -> Result<Value, Error> {
    guard(ruby, || diagnostic::array(ruby, rb_self.0.diagnostics()))
}

fn parse_type(ruby: &Ruby, rb_self: &RbEnvironment, source: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let text = convert::rstring_to_str(ruby, convert::source_string(ruby, source)?)?;
        match rb_self.0.parse_type(&text) {
            Ok(t) => Ok(RbType::wrap(ruby, t)),
            Err(e) => Err(errors::located(ruby, e, Some(&text), None)),
        }
    })
}

fn modulepath(rb_self: &RbEnvironment) -> Vec<String> {
    rb_self
        .0
        .modulepath()
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect()
}

/// `[[name, path, version, [[dependency, requirement], ...], metadata name], ...]`
/// (the facade makes `Environment::Module` values of them).
fn module_rows(ruby: &Ruby, rb_self: &RbEnvironment) -> Result<RArray, Error> {
    guard(ruby, || {
        let rows = ruby.ary_new();
        for m in rb_self.0.modules() {
            let meta = m.metadata();
            let deps = ruby.ary_new();
            for d in &meta.dependencies {
                deps.push((d.name.as_str(), d.version_requirement.as_deref()))?;
            }
            let row = ruby.ary_new();
            row.push(m.name.as_str())?;
            row.push(m.path.to_string_lossy().as_ref())?;
            row.push(meta.version.as_deref().into_value_with(ruby))?;
            row.push(deps)?;
            row.push(meta.name.as_deref().into_value_with(ruby))?;
            rows.push(row)?;
        }
        Ok(rows)
    })
}

fn inspect(rb_self: &RbEnvironment) -> String {
    format!(
        "#<PuppetTypes::Environment {} modules, modulepath: {:?}>",
        rb_self.0.modules().len(),
        modulepath(rb_self)
    )
}

/// Define `PuppetTypes::Environment`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let class = module.define_class("Environment", ruby.class_object())?;
    class.undef_default_alloc_func();
    class.define_singleton_method("__new", function!(new, 1))?;
    class.define_method("find_class", method!(find_class, 1))?;
    class.define_method("find_defined_type", method!(find_defined_type, 1))?;
    class.define_method("find_function", method!(find_function, 1))?;
    class.define_method("find_plan", method!(find_plan, 1))?;
    class.define_method("find_type_alias", method!(find_type_alias, 1))?;
    class.define_method("load_all", method!(load_all, 0))?;
    class.define_method("__load_all_serial", method!(load_all_serial, 0))?;
    class.define_method("definitions", method!(definitions, 0))?;
    class.define_method("diagnostics", method!(diagnostics, 0))?;
    class.define_method("parse_type", method!(parse_type, 1))?;
    class.define_method("modulepath", method!(modulepath, 0))?;
    class.define_method("__module_rows", method!(module_rows, 0))?;
    class.define_method("inspect", method!(inspect, 0))?;
    Ok(())
}
