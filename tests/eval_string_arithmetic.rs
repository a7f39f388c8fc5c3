//! Arithmetic makes Strings numbers: every operator `+ - * / % << >>` and
//! unary `-` with a String holding a number (decimal, `0` octal, `0x`
//! hex, a float; signs, blanks and a leading `::`; integers beyond 64 and
//! 128 bits) or not, on either side, against the reference's outcomes
//! (tests/fixtures/eval/string_arithmetic.expected, written by
//! `ruby tools/ref_eval_family.rb string_arithmetic` from the programs of
//! `EvalCases.string_arithmetic`): the value, the warnings that a String
//! was coerced, and for errors the message, line and column.
//!
//! Some outcomes differ on purpose (docs/divergences.md): where the
//! reference's value is an Integer beyond 64 bits (unary minus does not
//! check its result) the gem gives its range error, where it is a
//! Timespan or Timestamp past 128 bits of nanoseconds the gem's error
//! says it is out of range, and where it is NaN (`'0.0' / 0`) the gem's
//! error says so.

#[path = "common/eval_outcome.rs"]
mod eval_outcome;

use eval_outcome::{ours, NL};

/// The gem's outcome where it differs from the reference's on purpose:
/// `None` where it must be the same.
fn divergent(want: &[&str]) -> Option<String> {
    let value = want.first()?.strip_prefix("ok ")?;
    if value == "NaN" {
        return Some("The result of the / expression is NaN".to_string());
    }
    let time = ["Timespan(", "Timestamp("]
        .iter()
        .find_map(|p| value.strip_prefix(p)?.strip_suffix(')'));
    if let Some(nanos) = time {
        return nanos
            .parse::<i128>()
            .is_err()
            .then(|| "out of range".to_string());
    }
    let wide = value.trim_start_matches('-');
    if !wide.bytes().all(|b| b.is_ascii_digit()) || value.parse::<i64>().is_ok() {
        return None;
    }
    let bound = if value.starts_with('-') { "min" } else { "max" };
    Some(format!(
        "A '-' expression resulted in a value outside of Puppet Integer {bound} range"
    ))
}

#[test]
fn strings_are_made_numbers_by_arithmetic_as_the_reference_makes_them() {
    let expected = include_str!("fixtures/eval/string_arithmetic.expected");
    let mut failures = Vec::new();
    let mut count = 0;
    let mut divergences = 0;
    for block in expected.split("== ").skip(1) {
        let mut lines = block.lines();
        let source = lines.next().unwrap_or("").replace(NL, "\n");
        let want: Vec<&str> = lines.collect();
        let got = ours(&source);
        count += 1;
        if let Some(message) = divergent(&want) {
            divergences += 1;
            let err = got.first().map_or("", String::as_str);
            // the same warnings, then the gem's error
            if !(err.starts_with("err 1 ") && err.contains(&message) && got[1..] == want[1..]) {
                failures.push(format!(
                    "{source}\n  want: {message}\n  got:  {}",
                    got.join("\n        ")
                ));
            }
            continue;
        }
        if got != want {
            failures.push(format!(
                "{source}\n  want: {}\n  got:  {}",
                want.join("\n        "),
                got.join("\n        ")
            ));
        }
    }
    assert!(count > 4000, "{count} programs: regenerate the fixture");
    assert!(divergences < 40, "{divergences} divergent outcomes");
    assert!(
        failures.is_empty(),
        "{} of {count} programs differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
