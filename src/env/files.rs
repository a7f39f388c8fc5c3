//! Reading source files and walking module directories, with a diagnostic
//! for each file that cannot be used (unreadable, not a regular file, not
//! UTF-8) and for each directory reached again through symbolic links.

use crate::check::{Code, Diagnostic};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The biggest source file read (larger files are a diagnostic, not a parse).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// How many bytes at the start of a file are looked at for a NUL byte,
/// which makes it binary (as version control tools decide).
const BINARY_PROBE: usize = 8000;

/// The text of an I/O error without Rust's `(os error N)` suffix.
pub fn io_reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// What reading a source file gave.
pub enum Read {
    /// The file does not exist.
    Missing,
    /// The file's text.
    Text(String),
    /// It exists but cannot be used: the diagnostic says why.
    Bad(Diagnostic),
}

/// Read `path` as UTF-8 text (`display` is how diagnostics name it).
pub fn read_source(path: &Path, display: &Arc<str>) -> Read {
    let bad = |code: Code, message: String| {
        Read::Bad(Diagnostic::new(code, message).in_file(Some(display.clone())))
    };
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // a dangling symbolic link is a broken file; a missing file is no file
            return match std::fs::symlink_metadata(path) {
                Ok(_) => bad(
                    Code::UNREADABLE_FILE,
                    "Cannot read the file: it is a symbolic link to nothing".to_string(),
                ),
                Err(_) => Read::Missing,
            };
        }
        Err(e) => {
            return bad(
                Code::UNREADABLE_FILE,
                format!("Cannot read the file: {}", io_reason(&e)),
            )
        }
    };
    if !meta.is_file() {
        return bad(
            Code::UNREADABLE_FILE,
            "Cannot read the file: it is not a regular file".to_string(),
        );
    }
    if meta.len() > MAX_FILE_BYTES {
        return bad(
            Code::UNREADABLE_FILE,
            format!(
                "Cannot read the file: it has {} bytes, more than the {} read",
                meta.len(),
                MAX_FILE_BYTES
            ),
        );
    }
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            return bad(
                Code::UNREADABLE_FILE,
                format!("Cannot read the file: {}", io_reason(&e)),
            )
        }
    };
    if let Some(at) = bytes[..bytes.len().min(BINARY_PROBE)]
        .iter()
        .position(|&b| b == 0)
    {
        let mut d = Diagnostic::new(
            Code::BINARY_FILE,
            "The file is binary (it has a NUL byte), not Puppet source",
        )
        .in_file(Some(display.clone()));
        d.place_at_byte(&bytes, at);
        return Read::Bad(d);
    }
    match String::from_utf8(bytes) {
        Ok(s) => Read::Text(s),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.as_bytes();
            let mut d = Diagnostic::new(
                Code::INVALID_ENCODING,
                format!("The file is not valid UTF-8 (byte 0x{:02X})", bytes[at]),
            )
            .in_file(Some(display.clone()));
            d.place_at_byte(bytes, at);
            Read::Bad(d)
        }
    }
}

/// Every `*.pp` file under `dir`, sorted, following symbolic links but
/// entering each directory once: a directory reached again (a link loop, or
/// two links to one place) is skipped with a diagnostic. `visited` holds the
/// canonical paths of the directories entered so far.
pub fn walk_pp(
    dir: &Path,
    visited: &mut HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    walk_sources(dir, &["pp"], visited, out, diagnostics)
}

/// As [`walk_pp`], for the files whose extension is one of `extensions`.
pub fn walk_sources(
    dir: &Path,
    extensions: &[&str],
    visited: &mut HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Ok(root) = std::fs::canonicalize(dir) else {
        return;
    };
    let walk = Walk {
        root: &root,
        extensions,
    };
    walk.dir(dir, visited, out, diagnostics, 0);
}

/// A walk under `root` for files with one of `extensions`.
struct Walk<'w> {
    root: &'w Path,
    extensions: &'w [&'w str],
}

/// How deep directories may nest under a module directory.
const MAX_DIR_DEPTH: usize = 64;

impl Walk<'_> {
    fn dir(
        &self,
        dir: &Path,
        visited: &mut HashSet<PathBuf>,
        out: &mut Vec<PathBuf>,
        diagnostics: &mut Vec<Diagnostic>,
        depth: usize,
    ) {
        let root = self.root;
        let display = || Some(Arc::from(dir.to_string_lossy().as_ref()));
        let Ok(real) = std::fs::canonicalize(dir) else {
            return;
        };
        // (a directory above the walk's start is a loop too: walking it would reach the start again)
        let above = depth > 0 && root.starts_with(&real);
        if above || !visited.insert(real) || depth > MAX_DIR_DEPTH {
            diagnostics.push(
            Diagnostic::new(
                Code::SYMLINK_LOOP,
                "The directory was reached again through symbolic links; its files are loaded once"
                    .to_string(),
            )
            .in_file(display()),
        );
            return;
        }
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::UNREADABLE_FILE,
                        format!("Cannot read the directory: {}", io_reason(&e)),
                    )
                    .in_file(display()),
                );
                return;
            }
        };
        // (the entry's own type spares a stat; a link is followed to what it names)
        let mut paths: Vec<(PathBuf, bool)> = entries
            .flatten()
            .map(|e| {
                let dir = match e.file_type() {
                    Ok(t) if t.is_symlink() => e.path().is_dir(),
                    Ok(t) => t.is_dir(),
                    Err(_) => false,
                };
                (e.path(), dir)
            })
            .collect();
        paths.sort();
        for (p, dir) in paths {
            if dir {
                self.dir(&p, visited, out, diagnostics, depth + 1);
            } else if p
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| self.extensions.contains(&e))
            {
                out.push(p);
            }
        }
    }
}
