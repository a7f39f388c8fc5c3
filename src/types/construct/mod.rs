//! Building types: every [`Type`](super::Type) is made here, validated and
//! normalised, so that equal types have equal structure.
//!
//! - [`factory`]: typed constructors named as the reference's `TypeFactory`
//!   (`range`, `array_of`, `struct_of`, ...), for code that builds types
//! - [`parameters`]: a type from its name and evaluated parameter values
//!   (`Integer[1, 10]` is `create("Integer", &[1, 10])`), with the
//!   reference's checks and messages; used by the type parser and the evaluator
//! - [`rich_parameters`]: the parameters of `SemVer`, `Timespan`, `Timestamp`, `URI`
//! - `unique`: lists without repeats (Variant, Pattern and SemVer members)

pub mod factory;
pub mod parameters;
pub mod rich_parameters;
mod unique;
