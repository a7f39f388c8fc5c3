//! Inputs found by the cargo-fuzz targets (fuzz/) that once crashed the
//! process, reduced, with the reference's answers where it gives one.
//!
//! Expected values from Puppet 7.23:
//! `Puppet::Pops::Types::StringConverter.singleton.convert(value, format)`.

use puppet_types::format::{string, Format};
use puppet_types::values::Value;

fn text(v: Value, fmt: &str) -> String {
    string(&v, &Format::Text(fmt.to_string())).unwrap()
}

/// fuzz target `format`, crash `%.91100g` on an Integer: Rust's formatter
/// panics for a precision above 65535 (seed 001 `%g`: precision = significant digits).
#[test]
fn fuzz_format_precision_above_65535_significant() {
    assert_eq!(text(Value::from(1i64), "%.91100g"), "1");
    assert_eq!(
        text(Value::from(0.1f64), "%.70000g"),
        "0.1000000000000000055511151231257827021181583404541015625"
    );
}

/// Same crash, `%f` and `%e`: the digits past the exact expansion are zeros.
#[test]
fn fuzz_format_precision_above_65535_fraction() {
    let s = text(Value::from(1.5f64), "%.91100f");
    assert_eq!(s.len(), 91102);
    assert!(s.starts_with("1.50") && s[2..].bytes().skip(1).all(|b| b == b'0'));

    let s = text(Value::from(0.1f64), "%.91100e");
    assert_eq!(s.len(), 91106);
    assert!(s.starts_with("1.000000000000000055511151231257827021181583404541015625000"));
    assert!(s.ends_with("0000e-01"));

    let s = text(Value::from(5e-324f64), "%.70000f");
    assert_eq!(s.len(), 70002);
    assert!(s.starts_with("0.000"));
    assert!(s.contains("494065645841246544"));
}
