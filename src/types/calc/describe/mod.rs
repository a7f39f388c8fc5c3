//! Mismatch descriptions in the reference's words (`TypeMismatchDescriber`):
//! "expects a value of type Undef or String, got Integer",
//! "entry 'port' expects an Integer[0, 65535] value, got String",
//! "expects size to be at least 1, got 0", pointing at the innermost
//! offending entry of nested data. Also the reference's `to_s` of a type
//! (aliases expanded as `Name = Type`).

mod describer;
mod mismatch;
mod text;

pub(super) use describer::Describer;
pub(super) use mismatch::{covers, type_mismatch, Kind, Mismatch, PathEl, Range};
pub use text::{expanded, type_to_s};

use super::infer_set::infer_set_view;
use super::value_view::ValueView;
use super::{instance_of_view, MAX_TYPE_DEPTH};
use crate::types::{Type, TypeKind};
use crate::values::Value;

/// A message describing why `v` is not an instance of `t`, or `None` when it is.
/// `label` prefixes the message (e.g. `parameter 'port'`).
pub fn describe_mismatch(t: &Type, v: &Value, label: Option<&str>) -> Option<String> {
    describe_mismatch_view(t, v, label)
}

/// [`describe_mismatch`] over a viewed value.
pub fn describe_mismatch_view<V: ValueView + ?Sized>(
    t: &Type,
    v: &V,
    label: Option<&str>,
) -> Option<String> {
    let stops = crate::stop::count();
    if instance_of_view(t, v) {
        return None;
    }
    let actual = infer_set_view(v);
    if crate::stop::stopped_since(stops) {
        // (a walk stopped: the caller answers with why)
        return None;
    }
    let label = label.unwrap_or("");
    let text = describe_types(t, &actual, label);
    if !text.is_empty() {
        return Some(text);
    }
    // No value is an instance of an empty Variant, and where one is what
    // fails the reference has nothing to say.
    if has_empty_variant(t, 0) {
        return Some(String::new());
    }
    // The walk found no innermost entry to blame (the mismatch lies deeper
    // than it follows, or the value contains itself): say it of the whole.
    let whole = type_mismatch(&[PathEl::Subject(label.to_string())], t, &actual, false);
    Some(whole.format().trim().to_string())
}

/// True when `t` holds an empty `Variant` (aliases are not followed).
fn has_empty_variant(t: &Type, depth: u32) -> bool {
    if matches!(t.kind(), TypeKind::Variant(ts) if ts.is_empty()) {
        return true;
    }
    if depth > MAX_TYPE_DEPTH || matches!(t.kind(), TypeKind::Alias(_)) {
        return false;
    }
    let mut found = false;
    crate::stack::deep(|| {
        super::walk::each_child(t, &mut |c| found = found || has_empty_variant(c, depth + 1))
    });
    found
}

/// The reference's `describe_mismatch(label, expected, actual)` for two types.
pub fn describe_types(expected: &Type, actual: &Type, label: &str) -> String {
    let mut d = Describer::new();
    let errors = d.describe(expected, actual, vec![PathEl::Subject(label.to_string())]);
    match errors.len() {
        0 => String::new(),
        1 => errors[0].format().trim().to_string(),
        _ => errors
            .iter()
            .map(Mismatch::format)
            .collect::<Vec<_>>()
            .join("\n "),
    }
}
