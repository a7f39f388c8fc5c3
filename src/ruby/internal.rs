//! `PuppetTypes::Internal`: diagnostics for the binding's own tests. Not part
//! of the public API.
//!
//! `roundtrip(obj)` converts a Ruby object to a [`crate::Value`] and back, so
//! specs can check the value mapping; `panic` panics inside a guarded entry
//! point, so specs can check that panics become `PuppetTypes::InternalError`.

use super::convert;
use super::errors::guard;
use magnus::{function, prelude::*, Error, RModule, Ruby, Value};

fn roundtrip(ruby: &Ruby, obj: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let v = convert::to_value(ruby, obj)?;
        convert::to_ruby(ruby, &v)
    })
}

fn debug(ruby: &Ruby, obj: Value) -> Result<String, Error> {
    guard(ruby, || Ok(format!("{:?}", convert::to_value(ruby, obj)?)))
}

fn panic(ruby: &Ruby) -> Result<(), Error> {
    guard(ruby, || {
        panic!("deliberate panic from PuppetTypes::Internal.panic")
    })
}

/// Define `PuppetTypes::Internal`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let internal = module.define_module("Internal")?;
    let _ = ruby;
    internal.define_module_function("roundtrip", function!(roundtrip, 1))?;
    internal.define_module_function("debug", function!(debug, 1))?;
    internal.define_module_function("panic", function!(panic, 0))?;
    Ok(())
}
