//! Held-out broken files: corpus manifests with one realistic mistake each
//! (`tests/fixtures/validate/mutants.jsonl`, written by
//! `tools/validate_mutants.rb --only 'puppetlabs-*' --fixture`, which keeps
//! the mutants the reference rejects and records its first error). The
//! mutants are made again from the installed corpus; a file that is missing
//! or changed is skipped.
//!
//! Each must give the reference's error as its first diagnostic (line,
//! column, message), with no diagnostic repeated; few may get a second
//! error (a file with one mistake has one error, but recovery cannot always
//! tell where the mistake was).

use puppet_types::check::{validate_source, SourceKind};
use std::path::Path;

const CORPUS: &str = "/usr/share/puppet/modules.available";

#[test]
fn broken_files_get_the_reference_error_first_and_few_more() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validate/mutants.jsonl");
    let text = std::fs::read_to_string(fixture).expect("mutants.jsonl");
    let (mut checked, mut extra) = (0, 0);
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.is_empty()) {
        let m: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let file = Path::new(CORPUS).join(m["file"].as_str().expect("file"));
        let Ok(src) = std::fs::read(&file) else {
            continue;
        };
        if src.len() as u64 != m["size"].as_u64().expect("size") {
            continue;
        }
        let (off, del) = (
            m["offset"].as_u64().unwrap() as usize,
            m["delete"].as_u64().unwrap() as usize,
        );
        let mut mutant = src[..off].to_vec();
        mutant.extend_from_slice(m["insert"].as_str().unwrap().as_bytes());
        mutant.extend_from_slice(&src[off + del..]);
        let Ok(mutant) = String::from_utf8(mutant) else {
            continue;
        };
        checked += 1;
        let ds = validate_source(&mutant, None, SourceKind::Manifest);
        let want = (
            m["line"].as_u64().map(|l| l as u32),
            m["column"].as_u64().map(|c| c as u32),
            m["message"].as_str().unwrap_or(""),
        );
        let got = ds.first().map(|d| (d.line, d.column, d.message.as_str()));
        if got != Some(want) {
            failures.push(format!(
                "{} ({}): want {want:?}, got {got:?}",
                m["file"], m["kind"]
            ));
        }
        let mut seen = std::collections::HashSet::new();
        if !ds
            .iter()
            .all(|d| seen.insert((d.line, d.column, d.message.clone())))
        {
            failures.push(format!(
                "{} ({}): a diagnostic is repeated: {ds:?}",
                m["file"], m["kind"]
            ));
        }
        if ds
            .iter()
            .filter(|d| d.severity == puppet_types::check::Severity::Error)
            .count()
            > 1
        {
            extra += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if checked > 0 {
        assert!(
            checked >= 200,
            "only {checked} mutants could be made from the corpus"
        );
        assert!(
            extra * 8 <= checked,
            "{extra} of {checked} mutants got more than one error"
        );
    }
}
