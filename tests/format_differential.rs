//! Differential test: the conversions recorded from the reference by
//! tools/ref_format.rb (values crossed with formats) must come out identical,
//! errors included (same message).

mod format_common;

use format_common::{format_code, rows, Reader};
use puppet_types::format::string;

fn check(path: &str) -> (usize, usize, Vec<String>) {
    let mut agree = 0;
    let mut total = 0;
    let mut diffs = Vec::new();
    for row in rows(path) {
        if row.status == "invalid" || row.status == "leak" {
            // invalid UTF-8 from the reference (the Rust side errors), or Ruby's default
            // object inspection (class name and address): documented divergences
            continue;
        }
        total += 1;
        let v = Reader::new(&row.value_code).value();
        let f = format_code(&row.format_code);
        let got = string(&v, &f);
        let ok = match (&got, row.status.as_str()) {
            (Ok(s), "ok") => *s == row.text,
            (Err(e), "err") => e.message == row.text,
            (Err(_), "errany") => true,
            _ => false,
        };
        if ok {
            agree += 1;
        } else {
            diffs.push(format!(
                "{} {}: expected {} {:?}, got {:?}",
                row.value_code, row.format_code, row.status, row.text, got
            ));
        }
    }
    (agree, total, diffs)
}

#[test]
fn reference_cross_values_and_formats() {
    let (agree, total, diffs) = check("tests/fixtures/format/cross.tsv");
    for d in diffs.iter().take(60) {
        eprintln!("{d}");
    }
    eprintln!("agreement: {agree}/{total}");
    assert!(diffs.is_empty(), "{} of {total} rows differ", diffs.len());
}

#[test]
fn reference_format_maps() {
    let (agree, total, diffs) = check("tests/fixtures/format/maps.tsv");
    for d in diffs.iter().take(60) {
        eprintln!("{d}");
    }
    eprintln!("agreement: {agree}/{total}");
    assert!(diffs.is_empty(), "{} of {total} rows differ", diffs.len());
}

#[test]
fn reference_float_digits() {
    let (agree, total, diffs) = check("tests/fixtures/format/floats.tsv");
    for d in diffs.iter().take(60) {
        eprintln!("{d}");
    }
    eprintln!("agreement: {agree}/{total}");
    assert!(diffs.is_empty(), "{} of {total} rows differ", diffs.len());
}
