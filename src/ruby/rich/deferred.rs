//! `PuppetTypes::Deferred`: `name` and `arguments` of the deferred call.

use super::RbDeferred;
use crate::ruby::{convert, errors::guard};
use magnus::{method, prelude::*, Error, RClass, Ruby, Value};

fn name(rb_self: &RbDeferred) -> String {
    rb_self.0.name().to_string()
}

fn arguments(ruby: &Ruby, rb_self: &RbDeferred) -> Result<Value, Error> {
    guard(ruby, || {
        Ok(convert::to_ruby_array(ruby, rb_self.0.arguments())?.as_value())
    })
}

/// Add the Deferred readers.
pub fn init(_ruby: &Ruby, class: RClass) -> Result<(), Error> {
    class.define_method("name", method!(name, 0))?;
    class.define_method("arguments", method!(arguments, 0))?;
    Ok(())
}
