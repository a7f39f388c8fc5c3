//! `PuppetTypes::Definition`: a class, defined type, function, plan or type
//! alias of an environment ([`crate::env::Definition`]), as a frozen value:
//! `kind`, `name`, `file`, `line`, `column`, `parameters`, `parent`,
//! `return_type`, `type`, `docstring`, `source`, `module` and `node` (its
//! `AST::Node`). Types are resolved in the environment when asked for.

use super::errors::{self, guard};
use super::parameter::RbParameter;
use super::type_object::RbType;
use crate::env::{Definition, Environment};
use magnus::{method, prelude::*, Error, RModule, Ruby, Value};
use std::sync::Arc;

/// The Ruby object of a definition.
#[magnus::wrap(
    class = "PuppetTypes::Definition",
    free_immediately,
    frozen_shareable,
    size
)]
pub struct RbDefinition {
    pub(crate) env: Arc<Environment>,
    pub(crate) def: Arc<Definition>,
}

impl RbDefinition {
    /// A frozen Ruby object for `def` of `env`.
    pub fn wrap(ruby: &Ruby, env: &Arc<Environment>, def: Arc<Definition>) -> Value {
        let obj = ruby.obj_wrap(RbDefinition {
            env: env.clone(),
            def,
        });
        obj.freeze();
        obj.as_value()
    }
}

fn kind(ruby: &Ruby, rb_self: &RbDefinition) -> Value {
    ruby.to_symbol(rb_self.def.kind.name()).as_value()
}

fn name(rb_self: &RbDefinition) -> String {
    rb_self.def.name.clone()
}

fn file(rb_self: &RbDefinition) -> String {
    rb_self.def.path.to_string()
}

fn module_name(rb_self: &RbDefinition) -> Option<String> {
    rb_self.def.module.as_deref().map(str::to_string)
}

fn line(rb_self: &RbDefinition) -> usize {
    rb_self.def.position().0
}

fn column(rb_self: &RbDefinition) -> usize {
    rb_self.def.position().1
}

fn parameters(ruby: &Ruby, rb_self: &RbDefinition) -> Result<Value, Error> {
    let ary = ruby.ary_new_capa(rb_self.def.parameters.len());
    for i in 0..rb_self.def.parameters.len() {
        ary.push(RbParameter::wrap(ruby, rb_self, i))?;
    }
    ary.freeze();
    Ok(ary.as_value())
}

fn parent(rb_self: &RbDefinition) -> Option<String> {
    rb_self.def.parent.clone()
}

fn type_value(
    ruby: &Ruby,
    t: crate::Result<Option<crate::Type>>,
    def: &Definition,
) -> Result<Value, Error> {
    match t {
        Ok(Some(t)) => Ok(RbType::wrap(ruby, t)),
        Ok(None) => Ok(ruby.qnil().as_value()),
        Err(e) => Err(errors::located(ruby, e, None, Some(&def.path))),
    }
}

fn return_type(ruby: &Ruby, rb_self: &RbDefinition) -> Result<Value, Error> {
    guard(ruby, || {
        type_value(ruby, rb_self.env.return_type(&rb_self.def), &rb_self.def)
    })
}

fn alias_type(ruby: &Ruby, rb_self: &RbDefinition) -> Result<Value, Error> {
    guard(ruby, || {
        type_value(ruby, rb_self.env.alias_type(&rb_self.def), &rb_self.def)
    })
}

fn docstring(rb_self: &RbDefinition) -> String {
    rb_self.def.docstring()
}

fn source(rb_self: &RbDefinition) -> String {
    rb_self.def.source().to_string()
}

fn node(ruby: &Ruby, rb_self: &RbDefinition) -> Value {
    super::ast_node::node_value(ruby, &rb_self.def.program, rb_self.def.node())
}

fn inspect(rb_self: &RbDefinition) -> String {
    let d = &rb_self.def;
    let (l, c) = d.position();
    format!(
        "#<PuppetTypes::Definition {} {} {}:{l}:{c}>",
        d.kind.name(),
        d.name,
        d.path
    )
}

fn eq(rb_self: &RbDefinition, other: Value) -> bool {
    match <&RbDefinition>::try_convert(other) {
        Ok(o) => Arc::ptr_eq(&o.def, &rb_self.def),
        Err(_) => false,
    }
}

fn hash(rb_self: &RbDefinition) -> i64 {
    (Arc::as_ptr(&rb_self.def) as usize >> 3) as i64
}

/// Define `PuppetTypes::Definition`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let class = module.define_class("Definition", ruby.class_object())?;
    class.undef_default_alloc_func();
    class.define_method("kind", method!(kind, 0))?;
    class.define_method("name", method!(name, 0))?;
    class.define_method("file", method!(file, 0))?;
    class.define_method("module", method!(module_name, 0))?;
    class.define_method("line", method!(line, 0))?;
    class.define_method("column", method!(column, 0))?;
    class.define_method("parameters", method!(parameters, 0))?;
    class.define_method("parent", method!(parent, 0))?;
    class.define_method("return_type", method!(return_type, 0))?;
    class.define_method("type", method!(alias_type, 0))?;
    class.define_method("docstring", method!(docstring, 0))?;
    class.define_method("source", method!(source, 0))?;
    class.define_method("node", method!(node, 0))?;
    class.define_method("inspect", method!(inspect, 0))?;
    class.define_method("==", method!(eq, 1))?;
    class.define_method("eql?", method!(eq, 1))?;
    class.define_method("hash", method!(hash, 0))?;
    Ok(())
}
