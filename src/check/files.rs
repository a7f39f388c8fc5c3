//! Validating files and directory trees, on all cores: what
//! `puppet-types validate PATH...` runs.
//!
//! A directory is walked for `.pp` and `.epp` files (following symbolic
//! links, entering each directory once); a file is validated whatever its
//! name. A file that cannot be used (unreadable, not a regular file, too
//! big, not UTF-8) gets one diagnostic saying why, and the run goes on.
//! Diagnostics come out ordered by path, then position.

use super::validate::{validate_source, SourceKind};
use super::{Code, Diagnostic};
use crate::env::files::{io_reason, read_source, walk_sources, Read};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The extensions of the files a directory walk validates.
pub const EXTENSIONS: &[&str] = &["pp", "epp"];

/// How far a run has got: files validated and files to validate.
#[derive(Debug, Default)]
pub struct Progress {
    /// Files validated so far.
    pub done: AtomicUsize,
    /// Files found to validate.
    pub total: AtomicUsize,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Run {
    /// The files validated (or found unreadable), as the diagnostics name
    /// them, in the order the paths gave them.
    pub files: Vec<Arc<str>>,
    /// Every diagnostic, ordered by path and position.
    pub diagnostics: Vec<Diagnostic>,
}

/// Every diagnostic of the file at `path` (called `display` in them).
pub fn validate_file(path: &Path, display: Arc<str>) -> Vec<Diagnostic> {
    match read_source(path, &display) {
        Read::Text(text) => {
            let kind = SourceKind::of_path(&display);
            validate_source(&text, Some(display), kind)
        }
        Read::Bad(d) => vec![d],
        Read::Missing => vec![Diagnostic::new(
            Code::UNREADABLE_FILE,
            "Cannot read the file: No such file or directory",
        )
        .in_file(Some(display))],
    }
}

/// The files to validate for `paths` (each file itself, each directory
/// walked), with the diagnostics of the walk.
pub fn collect(paths: &[PathBuf]) -> (Vec<(PathBuf, Arc<str>)>, Vec<Diagnostic>) {
    let mut files = Vec::new();
    let mut diagnostics = Vec::new();
    let mut visited = HashSet::new();
    let mut seen = HashSet::new();
    for p in paths {
        let display = || Arc::from(p.to_string_lossy().as_ref());
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {
                let mut found = Vec::new();
                walk_sources(p, EXTENSIONS, &mut visited, &mut found, &mut diagnostics);
                for f in found {
                    if seen.insert(f.clone()) {
                        let d: Arc<str> = Arc::from(f.to_string_lossy().as_ref());
                        files.push((f, d));
                    }
                }
            }
            Ok(_) => {
                if seen.insert(p.clone()) {
                    files.push((p.clone(), display()));
                }
            }
            Err(e) => {
                let reason = if e.kind() == std::io::ErrorKind::NotFound {
                    "No such file or directory".to_string()
                } else {
                    io_reason(&e)
                };
                diagnostics.push(
                    Diagnostic::new(
                        Code::UNREADABLE_FILE,
                        format!("Cannot read the file: {reason}"),
                    )
                    .in_file(Some(display())),
                );
            }
        }
    }
    (files, diagnostics)
}

/// Validates everything `paths` name, on `jobs` threads (all cores when
/// `None`), counting finished files in `progress`.
pub fn validate_paths(paths: &[PathBuf], jobs: Option<usize>, progress: &Progress) -> Run {
    let (files, mut diagnostics) = collect(paths);
    progress.total.store(files.len(), Ordering::Relaxed);
    let work = || {
        use rayon::prelude::*;
        files
            .par_iter()
            .map(|(path, display)| {
                let ds = validate_file(path, display.clone());
                progress.done.fetch_add(1, Ordering::Relaxed);
                ds
            })
            .collect::<Vec<_>>()
    };
    let per_file = match jobs {
        Some(n) => match rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()
        {
            Ok(pool) => pool.install(work),
            Err(_) => work(),
        },
        None => work(),
    };
    diagnostics.extend(per_file.into_iter().flatten());
    sort(&mut diagnostics);
    Run {
        files: files.into_iter().map(|(_, display)| display).collect(),
        diagnostics,
    }
}

/// Orders diagnostics by path, then position, those without one last
/// (stable: a file's diagnostics at one position keep their order).
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        let (x, y) = (a.sort_key(), b.sort_key());
        (x.0, x.1, x.2).cmp(&(y.0, y.1, y.2))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("pt_check_files_{}_{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_directory_is_walked_for_manifests_and_templates_in_path_order() {
        let d = tmp("walk");
        std::fs::create_dir_all(d.join("m/manifests")).unwrap();
        std::fs::create_dir_all(d.join("m/templates")).unwrap();
        std::fs::write(d.join("m/manifests/b.pp"), "$x = [1,,2]\n").unwrap();
        std::fs::write(d.join("m/manifests/a.pp"), "class a($x, $x) {}\n").unwrap();
        std::fs::write(d.join("m/templates/t.epp"), "<%= $x %>\n").unwrap();
        std::fs::write(d.join("m/templates/n.txt"), "$x = ,\n").unwrap();
        std::fs::write(d.join("bad.pp"), [b'$', b'x', 0xff, b'\n']).unwrap();
        let run = validate_paths(std::slice::from_ref(&d), Some(2), &Progress::default());
        assert_eq!(run.files.len(), 4);
        let got: Vec<(String, Option<u32>, &str)> = run
            .diagnostics
            .iter()
            .map(|x| {
                let p = x.path.as_deref().unwrap_or("");
                (
                    p[d.to_string_lossy().len()..].to_string(),
                    x.line,
                    x.code.name(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("/bad.pp".to_string(), Some(1), "INVALID_ENCODING"),
                (
                    "/m/manifests/a.pp".to_string(),
                    Some(1),
                    "DUPLICATE_PARAMETER"
                ),
                ("/m/manifests/b.pp".to_string(), Some(1), "SYNTAX_ERROR"),
            ]
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_missing_path_is_one_diagnostic() {
        let run = validate_paths(
            &[PathBuf::from("/no/such/file.pp")],
            None,
            &Progress::default(),
        );
        assert!(run.files.is_empty());
        assert_eq!(run.diagnostics.len(), 1);
        assert_eq!(run.diagnostics[0].code, Code::UNREADABLE_FILE);
    }
}
