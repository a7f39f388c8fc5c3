//! The crate's layers import downward only (docs/architecture.md):
//!
//! ```text
//! values  <-  syntax  <-  types  <-  format, eval  <-  env, check  <-  hiera  <-  ruby
//! ```
//!
//! `error`, `prefetch`, `stack` and `stop` are leaves every layer may use (`error` knows
//! `syntax::span`, the position its errors carry). This test reads the
//! sources and fails on any path naming a module above the file's own layer,
//! in `use` items and in code alike (doc comments may point anywhere).
//! It also holds each source file to at most [`MAX_LINES`] lines: a module
//! that grows past it is split by what its parts own.

use std::fs;
use std::path::{Path, PathBuf};

/// Each layer with the top-level modules it may name besides the leaves.
const LAYERS: &[(&str, &[&str])] = &[
    ("values", &["values"]),
    ("syntax", &["values", "syntax"]),
    ("types", &["values", "syntax", "types"]),
    ("format", &["values", "syntax", "types", "format"]),
    ("eval", &["values", "syntax", "types", "format", "eval"]),
    (
        "env",
        &[
            "values", "syntax", "types", "format", "eval", "env", "check",
        ],
    ),
    (
        "check",
        &[
            "values", "syntax", "types", "format", "eval", "env", "check",
        ],
    ),
    (
        "hiera",
        &[
            "values", "syntax", "types", "format", "eval", "env", "check", "hiera",
        ],
    ),
];

const LEAVES: &[&str] = &["error", "prefetch", "stack", "stop", "testutil"];

/// The module a name of the crate root stands for (`lib.rs` re-exports
/// `error::{Error, ErrorKind, Result}`, `types::Type` and `values::Value`).
fn home(name: &str) -> &str {
    match name {
        "Error" | "ErrorKind" | "Result" => "error",
        "Type" => "types",
        "Value" => "values",
        other => other,
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a line of code names through `crate::`, including
/// those of a grouped `use crate::{a::x, b}`.
fn named_modules(line: &str) -> Vec<String> {
    let code = line.split("//").next().unwrap_or("");
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    names.push(name);
                }
            }
        } else {
            names.push(
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect(),
            );
        }
    }
    names
}

fn upward_imports(src: &Path, layer: &str, allowed: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&src.join(layer), &mut files);
    assert!(!files.is_empty(), "no sources under src/{layer}");
    let mut found = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for name in named_modules(line) {
                let module = home(&name);
                if !allowed.contains(&module) && !LEAVES.contains(&module) {
                    found.push(format!("{}:{}: crate::{name}", file.display(), n + 1));
                }
            }
        }
    }
    found
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found: Vec<String> = LAYERS
        .iter()
        .flat_map(|(layer, allowed)| upward_imports(&src, layer, allowed))
        .collect();
    assert!(found.is_empty(), "upward imports:\n{}", found.join("\n"));
}

#[test]
fn the_leaves_import_nothing_but_each_other_and_syntax_spans() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for leaf in ["error", "prefetch", "stack", "stop"] {
        let file = src.join(format!("{leaf}.rs"));
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for name in named_modules(line) {
                let span = name == "syntax" && line.contains("crate::syntax::span::");
                if !LEAVES.contains(&home(&name)) && !span {
                    found.push(format!("{}:{}: crate::{name}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "leaves importing layers:\n{}",
        found.join("\n")
    );
}

#[test]
fn grouped_use_items_name_each_module() {
    assert_eq!(
        named_modules("use crate::{types::Type, eval::x}; // crate::ruby"),
        ["types", "eval"]
    );
    assert_eq!(named_modules("let t = crate::types::Type::Any;"), ["types"]);
}

/// The most lines a file under `src/` may have.
const MAX_LINES: usize = 1_000;

#[test]
fn no_source_file_is_over_a_thousand_lines() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = fs::read_to_string(f).unwrap().lines().count();
            (lines > MAX_LINES).then(|| format!("{}: {lines} lines", f.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}
