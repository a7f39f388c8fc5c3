//! `PuppetTypes::Parameter`: one parameter of a definition, as a frozen
//! value: `name`, `type` (resolved in the environment; `Any` when untyped),
//! `type_source` and `default_source` (the text as written, or nil), `line`,
//! `column`, `default` (the value of a literal or static default,
//! `:unevaluated` when it needs a catalog, nil when there is none; see
//! `default?`) and `captures_rest?`.

use super::convert;
use super::definition::RbDefinition;
use super::errors::{self, guard};
use super::type_object::RbType;
use crate::env::{DefaultValue, Definition, Environment, Parameter};
use magnus::{method, prelude::*, Error, RModule, Ruby, Value};
use std::sync::Arc;

/// The Ruby object of a parameter.
#[magnus::wrap(
    class = "PuppetTypes::Parameter",
    free_immediately,
    frozen_shareable,
    size
)]
pub struct RbParameter {
    env: Arc<Environment>,
    def: Arc<Definition>,
    index: usize,
}

impl RbParameter {
    /// A frozen Ruby object for parameter `index` of `def`.
    pub fn wrap(ruby: &Ruby, def: &RbDefinition, index: usize) -> Value {
        let obj = ruby.obj_wrap(RbParameter {
            env: def.env.clone(),
            def: def.def.clone(),
            index,
        });
        obj.freeze();
        obj.as_value()
    }

    fn param(&self) -> &Parameter {
        &self.def.parameters[self.index]
    }
}

fn name(rb_self: &RbParameter) -> String {
    rb_self.param().name.clone()
}

fn param_type(ruby: &Ruby, rb_self: &RbParameter) -> Result<Value, Error> {
    guard(ruby, || {
        match rb_self.env.parameter_type(&rb_self.def, rb_self.index) {
            Ok(t) => Ok(RbType::wrap(ruby, t)),
            Err(e) => Err(errors::to_ruby(ruby, e)),
        }
    })
}

fn type_source(rb_self: &RbParameter) -> Option<String> {
    rb_self
        .param()
        .type_span
        .map(|s| rb_self.def.text(s).to_string())
}

fn default_source(rb_self: &RbParameter) -> Option<String> {
    rb_self
        .param()
        .default_span
        .map(|s| rb_self.def.text(s).to_string())
}

fn line(rb_self: &RbParameter) -> usize {
    rb_self.def.line_col(rb_self.param().span.start).0
}

fn column(rb_self: &RbParameter) -> usize {
    rb_self.def.line_col(rb_self.param().span.start).1
}

fn default(ruby: &Ruby, rb_self: &RbParameter) -> Result<Value, Error> {
    guard(ruby, || {
        match rb_self.env.default_value(&rb_self.def, rb_self.index) {
            None => Ok(ruby.qnil().as_value()),
            Some(DefaultValue::Unevaluated) => Ok(ruby.to_symbol("unevaluated").as_value()),
            Some(DefaultValue::Value(v)) => convert::to_ruby(ruby, &v),
        }
    })
}

fn has_default(rb_self: &RbParameter) -> bool {
    rb_self.param().default_span.is_some()
}

fn captures_rest(rb_self: &RbParameter) -> bool {
    rb_self.param().captures_rest
}

fn inspect(rb_self: &RbParameter) -> String {
    let p = rb_self.param();
    let mut s = String::from("#<PuppetTypes::Parameter ");
    if let Some(t) = p.type_span {
        s.push_str(rb_self.def.text(t));
        s.push(' ');
    }
    if p.captures_rest {
        s.push('*');
    }
    s.push('$');
    s.push_str(&p.name);
    if let Some(d) = p.default_span {
        s.push_str(" = ");
        s.push_str(rb_self.def.text(d));
    }
    s.push('>');
    s
}

fn eq(rb_self: &RbParameter, other: Value) -> bool {
    match <&RbParameter>::try_convert(other) {
        Ok(o) => Arc::ptr_eq(&o.def, &rb_self.def) && o.index == rb_self.index,
        Err(_) => false,
    }
}

fn hash(rb_self: &RbParameter) -> i64 {
    ((Arc::as_ptr(&rb_self.def) as usize >> 3) ^ rb_self.index) as i64
}

/// Define `PuppetTypes::Parameter`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let class = module.define_class("Parameter", ruby.class_object())?;
    class.undef_default_alloc_func();
    class.define_method("name", method!(name, 0))?;
    class.define_method("type", method!(param_type, 0))?;
    class.define_method("type_source", method!(type_source, 0))?;
    class.define_method("default_source", method!(default_source, 0))?;
    class.define_method("line", method!(line, 0))?;
    class.define_method("column", method!(column, 0))?;
    class.define_method("default", method!(default, 0))?;
    class.define_method("default?", method!(has_default, 0))?;
    class.define_method("captures_rest?", method!(captures_rest, 0))?;
    class.define_method("inspect", method!(inspect, 0))?;
    class.define_method("==", method!(eq, 1))?;
    class.define_method("eql?", method!(eq, 1))?;
    class.define_method("hash", method!(hash, 0))?;
    Ok(())
}
