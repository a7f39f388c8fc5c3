//! Whole programs, one per rule of the language, against the reference's
//! outcomes (tests/fixtures/eval/programs.expected, written by
//! tools/ref_eval_programs.rb from programs.txt): the value of the last
//! expression, every logged message, and for errors the message, line and
//! column. Rules in `DIVERGENT` differ on purpose (docs/divergences.md).

use puppet_types::eval::{run, Options};
use puppet_types::format::{string, Format};
use puppet_types::values::Value;

const NL: &str = "\u{23CE}";

/// Rules whose reference outcome is a Ruby artifact (see docs/divergences.md).
const DIVERGENT: &[&str] = &[
    // the reference gives a line and no column
    "return/at top level is illegal",
    "next/at top level is illegal",
    "break/in a function body is illegal",
    // there is no catalog (the reference's recording ran with one)
    "catalog constructs/resource",
    "catalog constructs/include",
    "catalog constructs/resource defaults",
    "catalog constructs/collector",
    "catalog constructs/node definition",
    "catalog constructs/realize",
    "catalog constructs/create_resources",
    // Ruby's inspection of the walked path
    "collections/dig into a scalar is an error",
];

/// A value as the reference's recording shows it: `String(v, '%p')`, time
/// values as their nanoseconds (the reference's `%p` shows Ruby objects).
fn text(v: &Value) -> String {
    match v {
        Value::Timespan(t) => format!("Timespan({})", { t.nanos }),
        Value::Timestamp(t) => format!("Timestamp({})", { t.nanos }),
        Value::Array(a) => format!("[{}]", a.iter().map(text).collect::<Vec<_>>().join(", ")),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter()
                .map(|(k, x)| format!("{} => {}", text(k), text(x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => string(other, &Format::Text("%p".into())).unwrap_or_else(|e| e.into_message()),
    }
}

fn ours(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let log = match run(source, &Options::default()) {
        Ok(o) => {
            out.push(format!("ok {}", text(&o.value)));
            o.log
        }
        Err(f) => {
            let (l, c) = f
                .position
                .map_or(("-".to_string(), "-".to_string()), |(l, c)| {
                    (l.to_string(), c.to_string())
                });
            out.push(format!("err {l} {c} {}", f.error.message));
            f.log
        }
    };
    for e in log {
        out.push(format!("log {} {}", e.level.name(), e.message));
    }
    out.into_iter().map(|l| l.replace('\n', NL)).collect()
}

#[test]
fn programs_match_the_reference() {
    let programs = include_str!("fixtures/eval/programs.txt");
    let expected = include_str!("fixtures/eval/programs.expected");
    let sources: Vec<(&str, &str)> = programs
        .split("## rule: ")
        .skip(1)
        .map(|chunk| chunk.split_once('\n').unwrap_or((chunk, "")))
        .collect();
    let outcomes: Vec<(&str, Vec<&str>)> = expected
        .split("== ")
        .skip(1)
        .map(|block| {
            let mut lines = block.lines();
            let rule = lines.next().unwrap_or("");
            (rule, lines.collect())
        })
        .collect();
    assert_eq!(
        sources.len(),
        outcomes.len(),
        "regenerate programs.expected"
    );
    let mut failures = Vec::new();
    for ((rule, source), (erule, want)) in sources.iter().zip(&outcomes) {
        assert_eq!(rule, erule, "regenerate programs.expected");
        if DIVERGENT.contains(rule) {
            continue;
        }
        let got = ours(source);
        if got != *want {
            failures.push(format!(
                "{rule}\n  want: {}\n  got:  {}",
                want.join("\n        "),
                got.join("\n        ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs differ:\n{}",
        failures.len(),
        sources.len(),
        failures.join("\n")
    );
}
