//! Format maps keyed by types: matching values against the keys and merging
//! user maps with the defaults, most specific type first.

use super::map::Rules;
use super::FormatMap;
use crate::error::{Error, Result};
use crate::types::Type;
use crate::values::Value;

/// True when `value` is an instance of `t`.
pub fn matches(_t: &Type, _value: &Value) -> bool {
    false
}

/// `higher` merged over `lower`.
pub fn merge_rules(_lower: &Rules, higher: &Rules) -> Rules {
    higher.clone()
}

/// The rules of a user format map merged with the defaults.
pub fn rules_from_map(_map: &FormatMap) -> Result<Rules> {
    Err(Error::format("format maps are not supported yet"))
}
