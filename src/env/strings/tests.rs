//! The generator against puppet-strings' output for the fixture modules
//! (`tests/fixtures/env/strings/*.json`, made with Debian's puppet-strings
//! 2.9.0 by `ruby tools/strings_reference.rb`).

use super::*;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/env")
}

/// The inputs of a module directory, as puppet-strings names them.
fn module_inputs(dir: &Path) -> Vec<Input> {
    let mut out = Vec::new();
    for sub in ["manifests", "functions", "types", "plans"] {
        let mut files = Vec::new();
        let mut visited = std::collections::HashSet::new();
        let mut diags = Vec::new();
        let d = dir.join(sub);
        if d.is_dir() {
            crate::env::files::walk_pp(&d, &mut visited, &mut files, &mut diags);
        }
        for f in files {
            let rel = f.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
            if let Ok(text) = std::fs::read_to_string(&f) {
                out.push(Input {
                    file: rel,
                    source: Arc::from(text),
                });
            }
        }
    }
    out
}

#[test]
fn the_fixture_modules_document_as_puppet_strings_documents_them() {
    for name in ["fx", "docs"] {
        let dir = if name == "fx" {
            root().join("modulepath/fx")
        } else {
            root().join("strings/docs")
        };
        let expected =
            std::fs::read_to_string(root().join(format!("strings/{name}.json"))).unwrap();
        let got = render(&generate(&module_inputs(&dir)).document);
        if got != expected {
            let g: Value = serde_json::from_str(&got).unwrap();
            let e: Value = serde_json::from_str(&expected).unwrap();
            for section in SECTIONS {
                let (ga, ea) = (
                    g[section].as_array().unwrap(),
                    e[section].as_array().unwrap(),
                );
                assert_eq!(ga.len(), ea.len(), "{name} {section}");
                for (x, y) in ga.iter().zip(ea) {
                    assert_eq!(
                        serde_json::to_string_pretty(x).unwrap(),
                        serde_json::to_string_pretty(y).unwrap(),
                        "{name} {section}"
                    );
                }
            }
            assert_eq!(got, expected, "{name}: the layout differs");
        }
    }
}

#[test]
fn every_section_is_present_and_the_layout_is_rubys() {
    let g = generate(&[]);
    let text = render(&g.document);
    assert!(text.starts_with("{\n  \"puppet_classes\": [\n\n  ],\n  \"data_types\": [\n\n  ],"));
    assert!(text.ends_with("  \"puppet_plans\": [\n\n  ]\n}\n"));
}

#[test]
fn a_file_that_does_not_parse_is_left_out_with_a_diagnostic() {
    let inputs = [
        Input {
            file: "manifests/bad.pp".into(),
            source: Arc::from("class bad {"),
        },
        Input {
            file: "manifests/good.pp".into(),
            source: Arc::from("class good {}"),
        },
    ];
    let g = generate(&inputs);
    assert_eq!(g.document["puppet_classes"].as_array().unwrap().len(), 1);
    assert_eq!(g.diagnostics.len(), 1);
    assert_eq!(g.diagnostics[0].path.as_deref(), Some("manifests/bad.pp"));
}

#[test]
fn function_sources_lose_the_indentation_of_their_last_line() {
    assert_eq!(
        format_source("  function f() {\n    1\n  }\n"),
        "function f() {\n  1\n}"
    );
    assert_eq!(format_source("function f() {\n}"), "function f() {\n}");
}
