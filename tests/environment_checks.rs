//! Snapshot tests of `check::environment`: the files of the fixture module
//! path `tests/fixtures/envchecks/modules` get exactly the diagnostics of
//! their `.diag` siblings (`init.pp.diag` for `init.pp`), each with the line
//! it points at and a caret under its span; set `PUPPET_REGEN=1` to write
//! them from what the gem gives (review the diff like code). The default
//! mismatches are worded as the reference's compiler words them (`puppet
//! apply` of `include m` gives the same `parameter '...' expects ...` lines).

use puppet_types::check::{environment::check_files, Diagnostic};
use puppet_types::env::Environment;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    format!(
        "{head}\n --> {line}:{col}\n  |\n  | {text}\n  | {pad}{}\n",
        "^".repeat(width)
    )
}

fn manifests(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixture dir")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            manifests(&p, out);
        } else if p.extension().is_some_and(|e| e == "pp") {
            out.push(p);
        }
    }
}

#[test]
fn module_files_get_the_environment_checks_of_their_snapshot() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/envchecks/modules");
    let mut files = Vec::new();
    manifests(&root, &mut files);
    let named: Vec<(PathBuf, Arc<str>)> = files
        .iter()
        .map(|p| (p.clone(), Arc::from(p.to_string_lossy().as_ref())))
        .collect();
    let env = Environment::new([root.clone()]);
    let found = check_files(&env, &named);
    let regen = std::env::var("PUPPET_REGEN").is_ok();
    let mut failures = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).expect("read");
        let name = f.to_string_lossy();
        let got: String = found
            .iter()
            .filter(|d| d.path.as_deref() == Some(name.as_ref()))
            .map(|d| render(d, &src))
            .collect::<Vec<_>>()
            .join("\n")
            // (messages naming files name them from the module path, wherever the tree is)
            .replace(root.to_string_lossy().as_ref(), "<modules>");
        let diag = PathBuf::from(format!("{name}.diag"));
        if regen {
            std::fs::write(&diag, &got).expect("write .diag");
            continue;
        }
        let want = std::fs::read_to_string(&diag).unwrap_or_default();
        if got != want {
            failures.push(format!(
                "{}:\n--- want\n{want}\n--- got\n{got}",
                f.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        found.iter().all(|d| d.path.is_some()),
        "a diagnostic without a file: {found:?}"
    );
}

#[test]
fn a_file_outside_the_module_path_gets_no_environment_check() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/envchecks/modules");
    let outside = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validate/warnings.pp");
    let env = Environment::new([root]);
    let found = check_files(&env, &[(outside, Arc::from("warnings.pp"))]);
    assert!(found.is_empty(), "{found:?}");
}
