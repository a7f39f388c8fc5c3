//! Snapshot tests of `check::validate_source`: every
//! `tests/fixtures/validate/*.pp` (and `.epp`) gives exactly the diagnostics
//! of its `.diag` file, each with the line it points at and a caret under
//! its span; set `PUPPET_REGEN=1` to write the `.diag` files from what the
//! gem gives (review the diff like code).
//!
//! The `.ref` files hold what the reference reports for the same file (its
//! first error and its warnings; written by `ruby tools/ref_validate.rb
//! --fixtures tests/fixtures/validate`): the first diagnostic must be the
//! reference's error, and every reference warning must be there.

use puppet_types::check::{validate_source, Diagnostic, Severity, SourceKind};
use std::path::{Path, PathBuf};

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validate");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("fixture dir")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("pp" | "epp")))
        .collect();
    files.sort();
    files
}

/// One diagnostic as a caret-marked snapshot.
fn render(d: &Diagnostic, src: &str) -> String {
    let head = format!("{}[{}]: {}", d.severity.name(), d.code.name(), d.message);
    let (Some(line), Some(col)) = (d.line, d.column) else {
        return format!("{head}\n --> (no position)\n");
    };
    let text = src.lines().nth(line as usize - 1).unwrap_or("");
    let width = match (d.end_line, d.end_column) {
        (Some(el), Some(ec)) if el == line && ec > col => (ec - col) as usize,
        _ => 1,
    };
    let pad = " ".repeat(col as usize - 1);
    let gutter = " ".repeat(line.to_string().len());
    format!(
        "{head}\n{gutter}--> {line}:{col}\n{gutter} |\n{line} | {text}\n{gutter} | {pad}{}\n",
        "^".repeat(width)
    )
}

fn line_of(d: &Diagnostic) -> String {
    let at = match (d.line, d.column) {
        (Some(l), Some(c)) => format!("{l}:{c}"),
        _ => "-:-".to_string(),
    };
    format!("{} {at}: {}", d.severity.name(), d.message)
}

#[test]
fn fixtures_give_their_snapshot_and_the_reference_first_error() {
    let regen = std::env::var("PUPPET_REGEN").is_ok();
    let mut failures = Vec::new();
    let files = fixtures();
    assert!(files.len() >= 14);
    for f in &files {
        let src = String::from_utf8_lossy(&std::fs::read(f).expect("read")).into_owned();
        let kind = SourceKind::of_path(&f.to_string_lossy());
        let ds = validate_source(&src, None, kind);
        let got: String = ds
            .iter()
            .map(|d| render(d, &src))
            .collect::<Vec<_>>()
            .join("\n");
        let diag = f.with_extension("diag");
        if regen {
            std::fs::write(&diag, &got).expect("write .diag");
        }
        let want = std::fs::read_to_string(&diag).unwrap_or_default();
        if got != want {
            failures.push(format!("{}:\nwant:\n{want}\ngot:\n{got}", f.display()));
        }
        let reference = std::fs::read_to_string(f.with_extension("ref")).expect("missing .ref");
        let mine: Vec<String> = ds.iter().map(line_of).collect();
        for (i, r) in reference.lines().enumerate() {
            let ok = if r.starts_with("error ") {
                i == 0 && mine.first() == Some(&r.to_string())
            } else {
                mine.iter().any(|m| m == r)
            };
            if !ok {
                failures.push(format!(
                    "{}: the reference's `{r}` is not given: {mine:?}",
                    f.display()
                ));
            }
        }
        if !reference.starts_with("error ") && ds.iter().any(|d| d.severity == Severity::Error) {
            failures.push(format!(
                "{}: the reference finds no error: {mine:?}",
                f.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
