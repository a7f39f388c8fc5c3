//! Whole programs, one per rule of the language, against the reference's
//! outcomes (tests/fixtures/eval/programs.expected, written by
//! tools/ref_eval_programs.rb from programs.txt): the value of the last
//! expression, every logged message, and for errors the message, line and
//! column. Rules in `DIVERGENT` differ on purpose (docs/divergences.md).

#[path = "common/eval_outcome.rs"]
mod eval_outcome;

use eval_outcome::ours;
use puppet_types::eval::{run, Options};

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

/// A Sensitive's content never appears in an error or a log (unless the
/// program unwraps it): every operator, function and constructor given one.
#[test]
fn sensitive_content_never_shows() {
    let secret = "Sensitive('hunter2')";
    let ops = [
        "+", "-", "*", "/", "%", "<<", ">>", "==", "<", ">=", "=~", "in", "and",
    ];
    let others = [
        "1", "'a'", "[1]", "{a => 1}", "/h/", "Integer", "undef", secret,
    ];
    let mut programs = Vec::new();
    for op in ops {
        for o in others {
            programs.push(format!("{secret} {op} {o}"));
            programs.push(format!("{o} {op} {secret}"));
        }
    }
    let functions = [
        "size",
        "upcase",
        "split(',')",
        "join",
        "match(/h/)",
        "abs",
        "keys",
        "sort",
        "strftime('%Y')",
        "regsubst('h', 'x')",
        "dig(0)",
        "type",
        "md5",
        "sprintf('%s')",
        "assert_type(Integer)",
        "each |$x| { }",
        "map |$x| { $x }",
        "with |$x| { fail($x) }",
        "then |$x| { notice($x) }",
    ];
    for f in functions {
        programs.push(format!("{secret}.{f}"));
    }
    for t in [
        "Integer",
        "String",
        "Array",
        "Hash",
        "Timespan",
        "SemVer",
        "Sensitive[Integer]",
        "Boolean",
    ] {
        programs.push(format!("{t}({secret})"));
    }
    programs.push(format!("fail({secret})"));
    programs.push(format!("notice({secret}, \"${{{secret}}}\")"));
    programs.push(format!("{secret} ? {{ 'x' => 1 }}"));
    programs.push(format!("case {secret} {{ 1: {{ }} }} $x = {secret} $x = 1"));
    for src in &programs {
        let (message, log) = match run(src, &Options::default()) {
            Ok(o) => (String::new(), o.log),
            Err(f) => (f.error.message.clone(), f.log),
        };
        assert!(!message.contains("hunter2"), "{src}: {message}");
        for e in log {
            assert!(!e.message.contains("hunter2"), "{src}: {}", e.message);
        }
    }
    assert!(programs.len() > 200);
}
