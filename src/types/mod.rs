//! The Puppet type system: the type model, its construction and validation,
//! the canonical text, the parser from type expressions, and the calculator.

pub mod aliases;
pub mod builtin;
pub mod calc;
pub mod counted;
pub mod create;
pub mod display;
pub mod factory;
mod interp;
pub mod model;
pub mod parse;
pub mod release;
pub mod rich;
pub mod rich_create;
pub mod shared;
mod unique;

pub use model::{
    CallableType, IntRange, RuntimeName, SmolStr, StructElement, StructElements, Type, TypeAlias,
    TypeKind, TypeRef,
};
