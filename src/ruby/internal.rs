//! `PuppetTypes::Internal`: diagnostics for the binding's own tests. Not part
//! of the public API.
//!
//! `roundtrip(obj)` converts a Ruby object to a [`crate::Value`] and back, so
//! specs can check the value mapping; `panic` panics inside a guarded entry
//! point, so specs can check that panics become `PuppetTypes::InternalError`;
//! `kept_count` is how many Ruby objects Rust values keep alive;
//! `*_converted` run the calculator on the converted Rust value, to compare
//! with the path that walks Ruby objects in place.

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

/// `infer` of the converted Rust value (the path that does not walk Ruby objects),
/// so specs can check that both paths agree.
fn infer_converted(ruby: &Ruby, obj: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let v = convert::to_value(ruby, obj)?;
        Ok(super::type_object::RbType::wrap(
            ruby,
            crate::types::calc::infer(&v),
        ))
    })
}

/// `infer_set` of the converted Rust value.
fn infer_set_converted(ruby: &Ruby, obj: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let v = convert::to_value(ruby, obj)?;
        Ok(super::type_object::RbType::wrap(
            ruby,
            crate::types::calc::infer_set(&v),
        ))
    })
}

/// `instance?` of the converted Rust value.
fn instance_converted(ruby: &Ruby, t: Value, obj: Value) -> Result<bool, Error> {
    guard(ruby, || {
        let t: super::type_object::RbType = magnus::TryConvert::try_convert(t)?;
        let v = convert::to_value(ruby, obj)?;
        Ok(crate::types::calc::instance_of(&t, &v))
    })
}

/// How many Ruby objects Rust values keep alive ([`super::kept`]).
fn kept_count() -> usize {
    super::kept::count()
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
    internal.define_module_function("kept_count", function!(kept_count, 0))?;
    internal.define_module_function("infer_converted", function!(infer_converted, 1))?;
    internal.define_module_function("infer_set_converted", function!(infer_set_converted, 1))?;
    internal.define_module_function("instance_converted", function!(instance_converted, 2))?;
    Ok(())
}
