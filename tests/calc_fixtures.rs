//! Differential conformance of the type calculator against the reference's
//! answers recorded in tests/fixtures/calc/ (regenerate with `ruby tools/ref_calc.rb`).
//!
//! Every case must agree except the divergences listed (with reasons) in
//! `tests/fixtures/calc/divergences.txt`; each test prints its agreement count.

mod calc_support;
mod common;

use calc_support::*;
use common::unescape;
use puppet_types::types::calc;
use std::collections::HashSet;

/// Known, explained divergences: lines `KIND <TAB> case key`.
fn divergences(kind: &str) -> HashSet<String> {
    let path = fixture_dir().join("divergences.txt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split_once('\t'))
        .filter(|(k, _)| *k == kind)
        .map(|(_, rest)| rest.split('\t').take(2).collect::<Vec<_>>().join("\t"))
        .collect()
}

fn report(kind: &str, total: usize, failures: Vec<String>) {
    let allowed = divergences(kind);
    let unexpected: Vec<&String> = failures
        .iter()
        .filter(|f| !allowed.contains(&f.split('\t').take(2).collect::<Vec<_>>().join("\t")))
        .collect();
    println!(
        "{kind}: {} of {total} agree with the reference ({} listed divergences)",
        total - failures.len(),
        failures.len() - unexpected.len()
    );
    let shown = if std::env::var_os("CALC_SHOW_ALL").is_some() {
        usize::MAX
    } else {
        40
    };
    for f in unexpected.iter().take(shown) {
        println!("  {f}");
    }
    assert!(
        unexpected.is_empty(),
        "{} unexpected {kind} disagreements",
        unexpected.len()
    );
}

#[test]
fn reference_instance_of() {
    let types = Types::load();
    let values = fixture_values(&types);
    let mut total = 0;
    let mut failures = Vec::new();
    for row in rows("instance.txt") {
        let t = match types.parse(&row[0]) {
            Ok(t) => t,
            Err(e) => {
                println!("  unreadable type {}: {e}", row[0]);
                continue;
            }
        };
        for (i, c) in row[1].chars().enumerate() {
            if c == 'E' {
                continue;
            }
            total += 1;
            let got = calc::instance_of(&t, &values[i].1);
            if got != (c == '1') {
                failures.push(format!("{}\t{}\texpected {c}", row[0], values[i].0));
            }
        }
    }
    report("instance", total, failures);
}

#[test]
fn reference_assignable() {
    let types = Types::load();
    let all: Vec<_> = fixture_types(&types)
        .into_iter()
        .map(|(s, t)| {
            if let Err(e) = &t {
                println!("  unreadable type {s}: {e}");
            }
            (s, t.ok())
        })
        .collect();
    let mut total = 0;
    let mut failures = Vec::new();
    for (row, (sa, a)) in rows("assignable.txt").iter().zip(&all) {
        assert_eq!(&row[0], sa);
        let Some(a) = a else { continue };
        for (j, c) in row[1].chars().enumerate() {
            let Some(b) = &all[j].1 else { continue };
            if c == 'E' {
                continue;
            }
            total += 1;
            let got = calc::is_assignable(a, b);
            if got != (c == '1') {
                failures.push(format!("{sa}\t{}\texpected {c}", all[j].0));
            }
        }
    }
    report("assignable", total, failures);
}

#[test]
fn reference_infer() {
    let types = Types::load();
    let values = fixture_values(&types);
    let mut total = 0;
    let mut failures = Vec::new();
    for (row, (src, v)) in rows("infer.txt").iter().zip(&values) {
        assert_eq!(&row[0], src);
        let i = calc::infer(v);
        let is = calc::infer_set(v);
        let got = [
            calc::type_to_s(&i),
            calc::type_to_s(&is),
            calc::type_to_s(&calc::generalize(&i)),
            calc::type_to_s(&calc::generalize(&is)),
        ];
        for (n, (g, e)) in got.iter().zip(&row[1..]).enumerate() {
            total += 1;
            if g != e {
                let what = [
                    "infer",
                    "infer_set",
                    "generalize(infer)",
                    "generalize(infer_set)",
                ][n];
                failures.push(format!("{src}\t{what}\tgot {g}, expected {e}"));
            }
        }
    }
    report("infer", total, failures);
}

#[test]
fn reference_generalize() {
    let types = Types::load();
    let mut total = 0;
    let mut failures = Vec::new();
    for row in rows("generalize.txt") {
        let Ok(t) = types.parse(&row[0]) else {
            continue;
        };
        total += 1;
        let g = calc::type_to_s(&calc::generalize(&t));
        if g != row[1] {
            failures.push(format!("{}\t-\tgot {g}, expected {}", row[0], row[1]));
        }
    }
    report("generalize", total, failures);
}

#[test]
fn reference_common_type() {
    let types = Types::load();
    let mut total = 0;
    let mut failures = Vec::new();
    for row in rows("common.txt") {
        let (Ok(a), Ok(b)) = (types.parse(&row[0]), types.parse(&row[1])) else {
            continue;
        };
        total += 1;
        let g = calc::type_to_s(&calc::common_type(&a, &b));
        if g != row[2] {
            failures.push(format!(
                "{}\t{}\tgot {g}, expected {}",
                row[0], row[1], row[2]
            ));
        }
    }
    report("common", total, failures);
}

#[test]
fn reference_describe_mismatch() {
    let types = Types::load();
    let values: std::collections::HashMap<String, _> = fixture_values(&types).into_iter().collect();
    let mut total = 0;
    let mut failures = Vec::new();
    for row in rows("describe.txt") {
        let Ok(t) = types.parse(&row[0]) else {
            continue;
        };
        let v = &values[&row[1]];
        total += 1;
        let got = calc::describe_mismatch(&t, v, None).unwrap_or_default();
        let expected = unescape(&row[2]);
        if got != expected {
            failures.push(format!(
                "{}\t{}\tgot {got:?}, expected {:?}",
                row[0], row[1], row[2]
            ));
        }
    }
    report("describe", total, failures);
}
