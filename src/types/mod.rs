//! The Puppet type system: what can be done with a [`Type`] (the model of a
//! type as a value is [`crate::values::type_model`]).
//!
//! - [`builtin`]: the built-in type names, their dispatch tag and shared instances
//! - [`construct`]: building validated, normalised types — the typed
//!   constructors of the [`factory`] and, from a name and parameter values,
//!   [`construct::parameters`] (what `Integer[1, 10]` means)
//! - [`text`]: the canonical text of types (the reference's `to_s`)
//! - [`parse`]: type strings to types ([`parse::TypeParser`]), alias registries
//! - [`calc`]: the calculator (instance, assignable, infer, common, describe)
//!
//! Imports go downward only: this layer uses `values` and `syntax`, never
//! `format`, `eval` or the binding.

pub mod builtin;
pub mod calc;
pub mod construct;
pub mod parse;
pub mod text;

pub use construct::factory;
pub use parse::aliases;

/// The model of a type (kept with the other values: a type is a Puppet value).
pub use crate::values::type_model as model;

pub use model::{
    CallableType, IntRange, RuntimeName, SmolStr, StructElement, StructElements, Type, TypeAlias,
    TypeKind, TypeRef, TypeStock,
};
