//! hiera.yaml: the data files of a hierarchy, for checking.
//!
//! Version 5 is read as hiera reads it (checked against the reference's
//! configuration type and rules, in its words): `defaults` (`datadir`, the
//! backend), and each level of `hierarchy` (and, in a module,
//! `default_hierarchy`) with its `path`, `paths`, `glob`, `globs` or
//! `mapped_paths` and backend. Interpolations in paths (`%{facts.os.family}`,
//! `%{trusted.certname}`) are not known without a node, so each one matches
//! any file name there: every data file a node could use is found. Levels
//! with `data_hash: yaml_data`, `json_data` or `lookup_key:
//! eyaml_lookup_key` are checked; other backends are named in a warning.
//! Version 3 files (`:backends:`, `:hierarchy:`, `:yaml: :datadir:`) are
//! read for their YAML and JSON levels.

use super::document::{self, Dialect};
use super::{DataFile, Scope};
use crate::check::{Code, Diagnostic};
use crate::types::calc::describe_mismatch;
use crate::types::parse::TypeParser;
use crate::values::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The backends of the levels found, and the data files they read.
#[derive(Debug, Default)]
pub struct Hierarchy {
    /// The data files that exist, in hierarchy order, each once.
    pub files: Vec<DataFile>,
    /// Problems with the configuration.
    pub diagnostics: Vec<Diagnostic>,
}

impl Hierarchy {
    /// Report a problem of the configuration file `file` as a whole.
    fn report(&mut self, code: Code, message: String, file: &Arc<str>) {
        self.diagnostics
            .push(Diagnostic::new(code, message).in_file(Some(file.clone())));
    }
}

/// Who a hiera.yaml belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layer {
    /// An environment's (or the global one given on the command line).
    Environment,
    /// A module's: its data is checked against the module's classes.
    Module(Arc<str>),
}

const FUNCTION_KEYS: [&str; 4] = ["data_hash", "lookup_key", "data_dig", "hiera3_backend"];
const LOCATION_KEYS: [&str; 7] = [
    "path",
    "paths",
    "glob",
    "globs",
    "uri",
    "uris",
    "mapped_paths",
];

/// The reference's type of a version 5 configuration.
fn config_type() -> &'static crate::types::Type {
    static T: std::sync::OnceLock<crate::types::Type> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let nes = "String[1]";
        let options = "Hash[Pattern[/\\A[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?\\z/], Data]";
        let level = format!(
            "Struct[{{name => {nes}, Optional[options] => {options}, Optional[data_hash] => {nes}, \
             Optional[lookup_key] => {nes}, Optional[hiera3_backend] => {nes}, Optional[v4_data_hash] => {nes}, \
             Optional[data_dig] => {nes}, Optional[path] => {nes}, Optional[paths] => Array[{nes}, 1], \
             Optional[glob] => {nes}, Optional[globs] => Array[{nes}, 1], Optional[uri] => {nes}, \
             Optional[uris] => Array[{nes}, 1], Optional[mapped_paths] => Array[{nes}, 3, 3], \
             Optional[datadir] => {nes}}}]"
        );
        let text = format!(
            "Struct[{{version => Integer[5, 5], Optional[defaults] => Struct[{{Optional[data_hash] => {nes}, \
             Optional[lookup_key] => {nes}, Optional[data_dig] => {nes}, Optional[datadir] => {nes}, \
             Optional[options] => {options}}}], Optional[hierarchy] => Array[{level}], \
             Optional[plan_hierarchy] => Array[{level}], Optional[default_hierarchy] => Array[{level}]}}]"
        );
        TypeParser::new()
            .parse(&text)
            .expect("the configuration type parses")
    })
}

/// Where a level's data files are (its location key and values, as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Locations {
    /// No location key: the level's data file is its datadir itself (no file).
    None,
    /// `path` or `paths`.
    Paths(Vec<String>),
    /// `glob` or `globs`.
    Globs(Vec<String>),
    /// `mapped_paths`: the variable holding the list, the name each element
    /// is bound to, and the path template.
    MappedPaths(Vec<String>),
    /// `uri` or `uris` (no data file).
    Uris(Vec<String>),
}

/// One level of a version 5 hierarchy.
#[derive(Clone, Debug)]
pub struct Level {
    /// Its name.
    pub name: String,
    /// Its kind of backend function (`data_hash`, `lookup_key`, ...) and the function's name.
    pub function: (String, String),
    /// Its data directory as written (relative to the configuration's directory unless absolute).
    pub datadir: String,
    /// Where its data files are.
    pub locations: Locations,
    /// Its `options`, if any.
    pub options: Option<Value>,
}

/// A version 5 configuration, read and checked as hiera checks it.
#[derive(Clone, Debug)]
pub struct Config {
    /// The directory of the hiera.yaml (relative data directories are in it).
    pub root: PathBuf,
    /// The levels of `hierarchy` (or the default one, `common.yaml`).
    pub hierarchy: Vec<Level>,
    /// The levels of a module's `default_hierarchy`.
    pub default_hierarchy: Vec<Level>,
}

/// What reading a hiera.yaml gave.
#[derive(Debug)]
pub enum Read {
    /// A version 5 configuration.
    V5(Config),
    /// A version 3 configuration (its top-level hash).
    V3(crate::values::ValueMap, PathBuf),
    /// A configuration hiera refuses (the problem is in the diagnostics).
    Invalid,
}

/// The data files of the hiera.yaml at `path` (belonging to `layer`), and
/// the problems of the configuration.
pub fn hierarchy(path: &Path, layer: &Layer) -> Hierarchy {
    let mut out = Hierarchy::default();
    let display: Arc<str> = Arc::from(path.to_string_lossy().as_ref());
    let config = match read_config(path, layer, &mut out.diagnostics) {
        Read::V5(c) => c,
        Read::V3(h, root) => {
            version3(&mut out, &h, &root, layer, &display);
            return out;
        }
        Read::Invalid => return out,
    };
    let scope = match layer {
        Layer::Environment => Scope::Environment,
        Layer::Module(m) => Scope::Module(m.clone()),
    };
    for level in config.hierarchy.iter().chain(&config.default_hierarchy) {
        let name = &level.name;
        let function = &level.function;
        let dialect = match (function.0.as_str(), function.1.as_str()) {
            ("data_hash", "yaml_data") | ("lookup_key", "eyaml_lookup_key") => Dialect::Yaml,
            ("data_hash", "json_data") => Dialect::Json,
            (kind, f) => {
                out.report(
                    Code::UNCHECKED_BACKEND,
                    format!("The data of hierarchy '{name}' ({kind}: {f}) is not checked: only yaml_data, json_data and eyaml_lookup_key are read"),
                    &display,
                );
                continue;
            }
        };
        let dir = dir_pattern(&config.root, &level.datadir);
        let patterns: Vec<String> = match &level.locations {
            Locations::Paths(p) => p.iter().map(|p| with_wildcards(p)).collect(),
            Locations::Globs(g) => g
                .iter()
                .flat_map(|g| expand_braces(&interpolations_as_wildcards(g)))
                .collect(),
            Locations::MappedPaths(m) => m
                .get(2)
                .map(|t| vec![with_wildcards(t)])
                .unwrap_or_default(),
            Locations::Uris(_) => continue,
            Locations::None => Vec::new(),
        };
        for p in patterns {
            for file in glob_files(&dir, &p) {
                if !out.files.iter().any(|f| f.path == file) {
                    out.files.push(DataFile {
                        path: file,
                        dialect,
                        scope: scope.clone(),
                    });
                }
            }
        }
    }
    out
}

/// Read the hiera.yaml at `path` (belonging to `layer`) as hiera reads it;
/// its problems, in hiera's words, are added to `diagnostics`.
pub fn read_config(path: &Path, layer: &Layer, diagnostics: &mut Vec<Diagnostic>) -> Read {
    let display: Arc<str> = Arc::from(path.to_string_lossy().as_ref());
    let fail = |diagnostics: &mut Vec<Diagnostic>, message: String| {
        diagnostics.push(
            Diagnostic::new(Code::INVALID_HIERA_CONFIG, message).in_file(Some(display.clone())),
        );
        Read::Invalid
    };
    let text = match crate::env::files::read_source(path, &display) {
        crate::env::files::Read::Text(t) => t,
        crate::env::files::Read::Bad(d) => {
            diagnostics.push(d);
            return Read::Invalid;
        }
        crate::env::files::Read::Missing => {
            return fail(
                diagnostics,
                "Cannot read the file: it does not exist".to_string(),
            );
        }
    };
    let doc = document::parse(&text, Dialect::Yaml);
    if let Some(p) = &doc.fatal {
        let mut d = Diagnostic::new(Code::INVALID_HIERA_CONFIG, p.message.clone())
            .in_file(Some(display.clone()));
        if let Some(at) = p.at {
            d.line = Some(at.line);
            d.column = Some(at.column);
        }
        diagnostics.push(d);
        return Read::Invalid;
    }
    let root = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let config = doc.root.map(|r| r.value).unwrap_or(Value::Undef);
    let Value::Hash(h) = &config else {
        return fail(
            diagnostics,
            format!("The Lookup Configuration at '{display}' has wrong type, expects a Hash value, got {}", kind_name(&config)),
        );
    };
    let get = |k: &str| h.get(&Value::string(k));
    match get("version") {
        Some(Value::Integer(5)) => {}
        Some(Value::Integer(v)) if *v != 3 => {
            return fail(
                diagnostics,
                format!("This runtime does not support hiera.yaml version {v}"),
            );
        }
        _ => return Read::V3((**h).clone(), root),
    }
    let mut checked = config.clone();
    if let Value::Hash(m) = &mut checked {
        let m = std::sync::Arc::make_mut(m);
        m.entry(Value::string("defaults")).or_insert_with(|| {
            Value::hash(
                [
                    (Value::string("datadir"), Value::string("data")),
                    (Value::string("data_hash"), Value::string("yaml_data")),
                ]
                .into_iter()
                .collect(),
            )
        });
    }
    let label = format!("The Lookup Configuration at '{display}' has wrong type,");
    if let Some(m) = describe_mismatch(config_type(), &checked, Some(&label)) {
        return fail(diagnostics, m);
    }
    let defaults = match get("defaults") {
        Some(Value::Hash(d)) => Some(d.clone()),
        _ => None,
    };
    if let Some(d) = &defaults {
        if FUNCTION_KEYS
            .iter()
            .filter(|k| d.contains_key(&Value::string(**k)))
            .count()
            > 1
        {
            return fail(
                diagnostics,
                "Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in defaults"
                    .to_string(),
            );
        }
    }
    let default_function = match &defaults {
        None => Some(("data_hash".to_string(), "yaml_data".to_string())),
        Some(d) => FUNCTION_KEYS.iter().find_map(|k| {
            Some((
                k.to_string(),
                d.get(&Value::string(*k))?.as_str()?.to_string(),
            ))
        }),
    };
    let default_options = defaults
        .as_ref()
        .and_then(|d| d.get(&Value::string("options")).cloned());
    let datadir = defaults
        .as_ref()
        .and_then(|d| {
            d.get(&Value::string("datadir"))?
                .as_str()
                .map(str::to_string)
        })
        .unwrap_or_else(|| "data".to_string());
    let mut levels: Vec<&Value> = Vec::new();
    let hierarchy_default;
    match get("hierarchy") {
        Some(Value::Array(a)) => levels.extend(a.iter()),
        _ => {
            hierarchy_default = Value::hash(
                [
                    (Value::string("name"), Value::string("Common")),
                    (Value::string("path"), Value::string("common.yaml")),
                ]
                .into_iter()
                .collect(),
            );
            levels.push(&hierarchy_default);
        }
    }
    let regular = levels.len();
    if let Some(Value::Array(a)) = get("default_hierarchy") {
        if *layer == Layer::Environment {
            return fail(
                diagnostics,
                "'default_hierarchy' is only allowed in the module layer".to_string(),
            );
        }
        levels.extend(a.iter());
    }
    let mut names: Vec<String> = Vec::new();
    let mut read: Vec<Level> = Vec::new();
    for level in levels {
        let Value::Hash(l) = level else { continue };
        let lget = |k: &str| l.get(&Value::string(k));
        let name = lget("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        if names.contains(&name) {
            return fail(
                diagnostics,
                format!("Hierarchy name '{name}' defined more than once."),
            );
        }
        names.push(name.clone());
        let functions: Vec<&str> = FUNCTION_KEYS
            .iter()
            .chain(["v4_data_hash"].iter())
            .copied()
            .filter(|k| l.contains_key(&Value::string(*k)))
            .collect();
        let function = match functions.len() {
            0 => match &default_function {
                Some(f) => f.clone(),
                None => {
                    return fail(diagnostics, format!("One of data_hash, lookup_key, data_dig, or hiera3_backend must be defined in hierarchy '{name}'"));
                }
            },
            1 => (
                functions[0].to_string(),
                lget(functions[0])
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
            ),
            _ => {
                return fail(diagnostics, format!("Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in hierarchy '{name}'"));
            }
        };
        let keys: Vec<&str> = LOCATION_KEYS
            .iter()
            .copied()
            .filter(|k| l.contains_key(&Value::string(*k)))
            .collect();
        if keys.len() > 1 {
            return fail(diagnostics, format!("Only one of path, paths, glob, globs, uri, uris, or mapped_paths can be defined in hierarchy '{name}'"));
        }
        let locations = match keys.first().copied() {
            Some(k @ ("path" | "paths")) => Locations::Paths(strings(lget(k))),
            Some(k @ ("glob" | "globs")) => Locations::Globs(strings(lget(k))),
            Some(k @ ("uri" | "uris")) => Locations::Uris(strings(lget(k))),
            Some(k) => Locations::MappedPaths(strings(lget(k))),
            None => Locations::None,
        };
        let options = match (lget("options"), &default_options) {
            (Some(o), _) => Some(o.clone()),
            (None, Some(d)) if lget(function.0.as_str()).is_none() => Some(d.clone()),
            _ => None,
        };
        read.push(Level {
            name,
            function,
            datadir: lget("datadir")
                .and_then(Value::as_str)
                .unwrap_or(&datadir)
                .to_string(),
            locations,
            options,
        });
    }
    let default_hierarchy = read.split_off(regular.min(read.len()));
    Read::V5(Config {
        root,
        hierarchy: read,
        default_hierarchy,
    })
}

/// The strings of a setting that is a string or a list of them.
fn strings(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::String(s)) => vec![s.to_string()],
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|x| x.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    }
}

/// A version 3 configuration: `:backends:` (yaml, json), `:hierarchy:`,
/// and each backend's `:datadir:`.
fn version3(
    out: &mut Hierarchy,
    h: &crate::values::ValueMap,
    root: &Path,
    layer: &Layer,
    display: &Arc<str>,
) {
    let get = |k: &str| h.get(&Value::string(k));
    let backends = match get("backends") {
        None => vec!["yaml".to_string()],
        v => strings(v),
    };
    let hierarchy = match get("hierarchy") {
        None => vec!["common".to_string()],
        v => strings(v),
    };
    for backend in backends {
        let dialect = match backend.as_str() {
            "yaml" | "eyaml" => Dialect::Yaml,
            "json" => Dialect::Json,
            other => {
                out.report(
                    Code::UNCHECKED_BACKEND,
                    format!("The data of backend '{other}' is not checked: only yaml, eyaml and json are read"),
                    display,
                );
                continue;
            }
        };
        let datadir = match get(&backend) {
            Some(Value::Hash(o)) => o
                .get(&Value::string("datadir"))
                .and_then(Value::as_str)
                .map(str::to_string),
            _ => None,
        }
        .unwrap_or_else(|| {
            "/etc/puppetlabs/code/environments/%{environment}/hieradata".to_string()
        });
        let dir = dir_pattern(root, &datadir);
        let ext = if backend == "json" { "json" } else { "yaml" };
        for level in &hierarchy {
            for file in glob_files(&dir, &format!("{}.{ext}", with_wildcards(level))) {
                if !out.files.iter().any(|f| f.path == file) {
                    out.files.push(DataFile {
                        path: file,
                        dialect,
                        scope: match layer {
                            Layer::Environment => Scope::Environment,
                            Layer::Module(m) => Scope::Module(m.clone()),
                        },
                    });
                }
            }
        }
    }
}

fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Undef => "Undef",
        Value::String(_) => "String",
        Value::Array(_) => "Array",
        Value::Integer(_) => "Integer",
        Value::Boolean(_) => "Boolean",
        _ => "Scalar",
    }
}

/// A literal path with each `%{...}` interpolation made a `*` wildcard
/// (the rest escaped for the glob).
pub fn with_wildcards(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(i) = rest.find("%{") {
        out.push_str(&glob::Pattern::escape(&rest[..i]));
        match rest[i..].find('}') {
            Some(close) => {
                out.push('*');
                rest = &rest[i + close + 1..];
            }
            None => {
                out.push_str(&glob::Pattern::escape(&rest[i..]));
                rest = "";
            }
        }
    }
    out.push_str(&glob::Pattern::escape(rest));
    out
}

/// A glob with each `%{...}` made a `*` (the glob syntax kept).
fn interpolations_as_wildcards(g: &str) -> String {
    let mut out = String::new();
    let mut rest = g;
    while let Some(i) = rest.find("%{") {
        out.push_str(&rest[..i]);
        match rest[i..].find('}') {
            Some(close) => {
                out.push('*');
                rest = &rest[i + close + 1..];
            }
            None => {
                out.push_str(&rest[i..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Ruby's `{a,b}` alternatives expanded (the glob crate has none).
pub fn expand_braces(g: &str) -> Vec<String> {
    let Some(open) = g.find('{') else {
        return vec![g.to_string()];
    };
    let mut depth = 0;
    let mut close = None;
    let mut commas = Vec::new();
    for (i, c) in g[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            ',' if depth == 1 => commas.push(open + i),
            _ => {}
        }
    }
    let Some(close) = close else {
        return vec![g.to_string()];
    };
    let mut parts = Vec::new();
    let mut start = open + 1;
    for c in commas.iter().copied().chain([close]) {
        parts.push(&g[start..c]);
        start = c + 1;
    }
    let (pre, post) = (&g[..open], &g[close + 1..]);
    let mut out = Vec::new();
    for p in parts {
        if out.len() > 1000 {
            break;
        }
        out.extend(expand_braces(&format!("{pre}{p}{post}")));
    }
    out
}

/// The glob of a data directory (relative to `root` unless absolute).
fn dir_pattern(root: &Path, datadir: &str) -> String {
    if Path::new(datadir).is_absolute() {
        with_wildcards(datadir)
    } else {
        format!(
            "{}/{}",
            glob::Pattern::escape(&root.to_string_lossy()),
            with_wildcards(datadir)
        )
    }
}

/// The regular files matching `pattern` under the directory glob `dir` (a
/// wildcard does not cross a `/`), sorted.
pub fn glob_files(dir: &str, pattern: &str) -> Vec<PathBuf> {
    let full = if Path::new(pattern).is_absolute() {
        pattern.to_string()
    } else {
        format!("{dir}/{pattern}")
    };
    let options = glob::MatchOptions {
        case_sensitive: true,
        require_literal_separator: true,
        require_literal_leading_dot: false,
    };
    let mut out: Vec<PathBuf> = match glob::glob_with(&full, options) {
        Ok(paths) => paths.flatten().filter(|p| p.is_file()).collect(),
        Err(_) => Vec::new(),
    };
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolations_in_paths_match_any_file_name() {
        assert_eq!(
            with_wildcards("nodes/%{trusted.certname}.yaml"),
            "nodes/*.yaml"
        );
        assert_eq!(
            with_wildcards("os/%{facts.os.family}/%{facts.os.release.major}.yaml"),
            "os/*/*.yaml"
        );
        assert_eq!(with_wildcards("a[1].yaml"), "a[[]1[]].yaml");
    }

    #[test]
    fn braces_expand_to_alternatives() {
        assert_eq!(
            expand_braces("x/{a,b}/*.yaml"),
            ["x/a/*.yaml", "x/b/*.yaml"]
        );
        assert_eq!(expand_braces("plain.yaml"), ["plain.yaml"]);
    }
}
