//! Snapshot tests: every `tests/fixtures/ok/*.pp` (and `.epp`) must parse and print
//! exactly the PN in its `.pn` file (in the reference's `--pretty` form, one
//! element per line); every `tests/fixtures/err/*.pp` must fail with
//! the message and position in its `.err` file (a caret-marked snapshot).
//!
//! The `.json` snapshots hold the reference's `to_data` of the PN, compared with
//! [`Program::to_pn_data`](puppet_types::syntax::ast::Program::to_pn_data).
//!
//! The snapshots come from the reference (`ruby tools/ref_pn.rb --fixtures DIR`);
//! set `PUPPET_REGEN=1` to regenerate them before comparing (needs `puppet`).

use puppet_types::syntax::parser::{parse, parse_epp};
use puppet_types::syntax::pn::{self, program_to_pn_pretty};
use std::path::{Path, PathBuf};

fn fixtures(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir);
    if std::env::var("PUPPET_REGEN").is_ok() {
        let status = std::process::Command::new("ruby")
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/ref_pn.rb"))
            .arg("--fixtures")
            .arg(&root)
            .status()
            .expect("running ruby tools/ref_pn.rb");
        assert!(status.success());
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("fixture dir")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("pp" | "epp")))
        .collect();
    files.sort();
    files
}

fn parse_file(path: &Path, src: &str) -> puppet_types::Result<puppet_types::syntax::ast::Program> {
    if path.extension().and_then(|e| e.to_str()) == Some("epp") {
        parse_epp(src)
    } else {
        parse(src)
    }
}

#[test]
fn ok_fixtures_print_the_reference_pn() {
    let mut failures = Vec::new();
    let files = fixtures("ok");
    assert!(files.len() >= 40);
    for f in &files {
        let src = std::fs::read_to_string(f).expect("read fixture");
        let expected =
            std::fs::read_to_string(f.with_extension("pn")).expect("missing .pn snapshot");
        match parse_file(f, &src) {
            Ok(p) => {
                let json_path = f.with_extension("json");
                if let Ok(expected_json) = std::fs::read_to_string(&json_path) {
                    let mut got = String::new();
                    got.push_str(&pn::data_to_json(&p.to_pn_data()));
                    if got != expected_json.trim_end() {
                        failures.push(format!(
                            "{}:\n  expected {}\n  got      {got}",
                            json_path.display(),
                            expected_json.trim_end()
                        ));
                    }
                }
                let got = program_to_pn_pretty(&p);
                if got != expected.trim_end() {
                    failures.push(format!(
                        "{}:\nexpected:\n{}\ngot:\n{}",
                        f.display(),
                        expected.trim_end(),
                        got
                    ));
                }
            }
            Err(e) => failures.push(format!("{}: unexpected error {}", f.display(), e.message)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Renders an error as the `.err` snapshots show it.
fn caret(src: &str, message: &str, line: usize, col: usize) -> String {
    let text = src.lines().nth(line - 1).unwrap_or("");
    format!(
        "{message}\n --> {line}:{col}\n  |\n  | {text}\n  | {}^\n",
        " ".repeat(col - 1)
    )
}

#[test]
fn err_fixtures_fail_where_the_reference_does() {
    let mut failures = Vec::new();
    let files = fixtures("err");
    assert!(files.len() >= 50);
    for f in &files {
        let src = std::fs::read_to_string(f).expect("read fixture");
        let expected =
            std::fs::read_to_string(f.with_extension("err")).expect("missing .err snapshot");
        let exp_msg = expected.lines().next().unwrap_or("");
        match parse_file(f, &src) {
            Ok(_) => failures.push(format!("{}: parsed, expected error {exp_msg}", f.display())),
            Err(e) => {
                // our messages may add "(expected ...)" / "(first: ...)" after the reference's text
                if !e.message.starts_with(exp_msg) {
                    failures.push(format!(
                        "{}: message\n  expected {exp_msg}\n  got      {}",
                        f.display(),
                        e.message
                    ));
                    continue;
                }
                if expected.contains("--> end of input") {
                    continue;
                }
                let span = e.span.expect("error without span");
                let idx = puppet_types::syntax::span::LineIndex::new(&src);
                let (l, c) = idx.line_col(&src, span.start as usize);
                let got = caret(&src, exp_msg, l, c);
                if got != expected {
                    failures.push(format!(
                        "{}:\nexpected:\n{expected}got:\n{got}",
                        f.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_node_has_a_span_inside_the_source() {
    fn walk(e: &puppet_types::syntax::ast::Expr, len: usize, count: &mut usize) {
        *count += 1;
        assert!(
            e.span.start <= e.span.end && (e.span.end as usize) <= len,
            "{e:?}"
        );
        for c in e.children() {
            walk(c, len, count);
        }
    }
    let mut count = 0;
    for f in fixtures("ok") {
        let src = std::fs::read_to_string(&f).expect("read fixture");
        let p = parse_file(&f, &src).expect("ok fixture parses");
        walk(&p.body, src.len(), &mut count);
    }
    assert!(count > 1000, "{count} nodes");
}
