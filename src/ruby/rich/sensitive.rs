//! `PuppetTypes::Sensitive`: `unwrap` gives the wrapped value back; every
//! text form (`to_s`, `inspect`) is redacted.

use super::RbSensitive;
use crate::ruby::{convert, errors::guard};
use magnus::{method, prelude::*, Error, RClass, Ruby, Value};

fn unwrap(ruby: &Ruby, rb_self: &RbSensitive) -> Result<Value, Error> {
    guard(ruby, || convert::to_ruby(ruby, &rb_self.0))
}

/// Add `unwrap`.
pub fn init(_ruby: &Ruby, class: RClass) -> Result<(), Error> {
    class.define_method("unwrap", method!(unwrap, 0))?;
    Ok(())
}
