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

/// fuzz target `evaluator`, crash `Timestamp('2016-09-06T08:34:59.123456789éTC')`:
/// the fast reader of the default formats sliced the text after the seconds
/// inside a multi-byte character. The reference (`Timestamp.parse`) refuses
/// such text with its list of formats.
#[test]
fn fuzz_timestamp_text_with_a_multibyte_character_after_the_time() {
    use puppet_types::values::Timestamp;
    const FORMATS: &str = "%FT%T.%N %Z, %FT%T %Z, %F %T.%N %Z, %F %T %Z, %F %Z, \
                           %FT%T.%N, %FT%T, %F %T.%N, %F %T, %F";
    for s in [
        "2016-09-06T08:34:59.123456789\u{e9}TC",
        "2016-09-06T08:34:59\u{e9}UTC",
        "2016-09-06 \u{e9}",
        "2016-09-06\u{e9}",
    ] {
        let e = Timestamp::parse(s, None, false, None).unwrap_err();
        assert_eq!(
            e.message,
            format!("Unable to parse '{s}' using any of the formats {FORMATS}")
        );
    }
}

/// The first diagnostic of `src` (`validate_source`) as `line:column message`,
/// after checking that `parse_with_recovery` returns (its first error is the same).
fn first_diagnostic(src: &str) -> String {
    use puppet_types::check::{validate_source, SourceKind};
    let (_, errors) = puppet_types::syntax::parse_with_recovery(src);
    assert!(!errors.is_empty(), "{src:?}: no error");
    let d = validate_source(src, None, SourceKind::Manifest);
    let d = d.first().expect("a diagnostic");
    assert_eq!(d.message, errors[0].message);
    format!("{}:{} {}", d.line.unwrap(), d.column.unwrap(), d.message)
}

/// fuzz target `parser`, crash `i;0t`: a `;` whose next token is a lexer
/// error fails after its statement was added, and the recovering parser
/// handed out statements it had no clean/dirty mark for (an out-of-range
/// drain). Puppet 7.23 (`puppet parser validate`) reports the number.
#[test]
fn fuzz_a_statement_before_a_semicolon_and_a_lexer_error_is_recovered_from() {
    assert_eq!(first_diagnostic("i;0t"), "1:3 Not a valid octal number 0t");
}
