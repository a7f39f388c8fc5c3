//! Modules of a module path: discovery (the subdirectories of each module
//! path entry whose names are module names; the first entry wins for a name,
//! as in Puppet) and their `metadata.json` (name, version, dependencies),
//! read on first use.

use crate::check::{Code, Diagnostic};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// A module found on the module path.
#[derive(Debug)]
pub struct Module {
    /// The directory name, which is the module's name in Puppet (`apache`).
    pub name: String,
    /// The module's directory (the module path entry joined with the name).
    pub path: PathBuf,
    metadata: OnceLock<Metadata>,
}

/// What a module's `metadata.json` says (all empty when it has none).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    /// `name` (`puppetlabs-apache`).
    pub name: Option<String>,
    /// `version`.
    pub version: Option<String>,
    /// `dependencies`: each module's name and its `version_requirement`.
    pub dependencies: Vec<Dependency>,
    /// The problem found reading the file, if any.
    pub diagnostic: Option<Diagnostic>,
}

/// One entry of `dependencies` in `metadata.json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dependency {
    /// The module's name as written (`puppetlabs/stdlib` or `puppetlabs-stdlib`).
    pub name: String,
    /// The version range, when given.
    pub version_requirement: Option<String>,
}

/// True for a name Puppet takes as a module directory (`^[a-z][a-z0-9_]*$`).
pub fn is_module_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    matches!(bytes.next(), Some(b'a'..=b'z'))
        && bytes.all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'_'))
}

impl Module {
    fn new(name: String, path: PathBuf) -> Module {
        Module {
            name,
            path,
            metadata: OnceLock::new(),
        }
    }

    /// The module's metadata (read and parsed on first use).
    pub fn metadata(&self) -> &Metadata {
        self.metadata
            .get_or_init(|| read_metadata(&self.path.join("metadata.json")))
    }

    /// `dir` inside the module (`manifests`, `types`, ...).
    pub fn dir(&self, dir: &str) -> PathBuf {
        self.path.join(dir)
    }
}

/// The modules of `modulepath`, in the order Puppet searches them (first wins
/// for a name), and a diagnostic for each entry that is not a directory.
pub fn discover(modulepath: &[PathBuf]) -> (Vec<Arc<Module>>, Vec<Diagnostic>) {
    let mut modules: Vec<Arc<Module>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut diagnostics = Vec::new();
    for entry in modulepath {
        let entries = match std::fs::read_dir(entry) {
            Ok(entries) => entries,
            Err(e) => {
                diagnostics.push(missing_entry(entry, &e));
                continue;
            }
        };
        let mut names: Vec<String> = entries
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| is_module_name(n))
            .collect();
        names.sort();
        for name in names {
            let path = entry.join(&name);
            if !path.is_dir() || !seen.insert(name.clone()) {
                continue;
            }
            modules.push(Arc::new(Module::new(name, path)));
        }
    }
    (modules, diagnostics)
}

fn missing_entry(entry: &Path, e: &std::io::Error) -> Diagnostic {
    let why = if e.kind() == std::io::ErrorKind::NotFound {
        "does not exist".to_string()
    } else {
        format!("cannot be read: {}", super::files::io_reason(e))
    };
    Diagnostic::new(
        Code::MISSING_MODULEPATH,
        format!("The module path entry '{}' {why}", entry.display()),
    )
    .in_file(Some(Arc::from(entry.to_string_lossy().as_ref())))
}

/// Read `metadata.json`: a missing file is no metadata; an unreadable or
/// malformed one is a diagnostic and no metadata.
fn read_metadata(path: &Path) -> Metadata {
    let file: Arc<str> = Arc::from(path.to_string_lossy().as_ref());
    let bad = |message: String| Metadata {
        diagnostic: Some(
            Diagnostic::new(Code::INVALID_METADATA, message).in_file(Some(file.clone())),
        ),
        ..Metadata::default()
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Metadata::default(),
        Err(e) => {
            return bad(format!(
                "Cannot read metadata.json: {}",
                super::files::io_reason(&e)
            ))
        }
    };
    let json: serde_json::Value = match serde_json::from_slice(&bytes) {
        Ok(v) => v,
        Err(e) => return bad(format!("metadata.json is not valid JSON: {e}")),
    };
    let Some(obj) = json.as_object() else {
        return bad("metadata.json does not hold a JSON object".to_string());
    };
    let text = |key: &str| obj.get(key).and_then(|v| v.as_str()).map(str::to_string);
    let dependencies = obj
        .get("dependencies")
        .and_then(|d| d.as_array())
        .map(|list| {
            list.iter()
                .filter_map(|d| {
                    let name = d.get("name")?.as_str()?.to_string();
                    let version_requirement = d
                        .get("version_requirement")
                        .and_then(|v| v.as_str())
                        .map(str::to_string);
                    Some(Dependency {
                        name,
                        version_requirement,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Metadata {
        name: text("name"),
        version: text("version"),
        dependencies,
        diagnostic: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_names_follow_puppets_rule() {
        assert!(is_module_name("apache"));
        assert!(is_module_name("augeas_core"));
        assert!(is_module_name("a1"));
        assert!(!is_module_name("puppetlabs-apache"));
        assert!(!is_module_name("Apache"));
        assert!(!is_module_name("1a"));
        assert!(!is_module_name(""));
    }
}
