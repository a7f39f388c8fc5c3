//! The canonical text of types: [`display`] implements `Display for Type`
//! (the reference's `to_s`), [`rich`] the text of rich values inside types.

pub mod display;
pub mod rich;
