//! Hiera data checked against the class parameters it binds, without a
//! catalog compile: every key `<class>::<parameter>` of a data file names a
//! class of the module path and one of its parameters, and its value is an
//! instance of the parameter's type. Findings are [`Diagnostic`]s with the
//! key, class and parameter ([`DataKey`]); a wrong value's message is the
//! one a compile reports (`Class[Apache]: parameter 'sendfile' expects a
//! match for Enum['Off', 'On', 'off', 'on'], got 'yes'`), placed at the
//! innermost offending node of the file.
//!
//! | module | owns |
//! | --- | --- |
//! | [`document`] | YAML and JSON read into positioned nodes with hiera's values |
//! | [`scalar`] | Psych's scalar rules |
//! | [`holes`] | values hiera finishes later (interpolation, aliases, eyaml) |
//! | [`classes`] | keys to classes and parameters, did-you-mean |
//! | [`lookup_options`] | the shape of `lookup_options`, and what it changes for a key |
//! | [`hiera`] | hiera.yaml (version 5): the data files of a hierarchy |
//!
//! Rules: an undef value for a parameter with a default leaves the default
//! (it is not checked); keys that bind no class parameter (`lookup_options`,
//! plain keys, keys of a module without such a class) are left alone unless
//! strict; in a module's data, keys outside the module's namespace are
//! reported (hiera drops them); values with `convert_to` in `lookup_options`
//! are not checked, and for keys merged across the hierarchy (`merge` other
//! than `first`) missing Struct keys and sizes are not reported (other
//! levels may supply them).

pub mod classes;
pub mod document;
pub mod hiera;
pub mod holes;
pub mod lookup_options;
pub mod scalar;

use super::{Code, DataKey, Diagnostic};
use crate::env::Environment;
use crate::types::calc::mismatches::parameter_message;
use crate::types::calc::{mismatches, MismatchKind, PathStep};
use crate::values::Value;
use classes::{did_you_mean, split_key, Classes};
use document::{Dialect, Node, Pos};
use lookup_options::KeyOptions;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Keys of one file from which they are checked on several threads.
const PARALLEL_KEYS: usize = 64;

/// Whose data a file is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The environment's (any class may be bound).
    Environment,
    /// A module's (only keys in the module's namespace are used).
    Module(Arc<str>),
}

/// A data file to check.
#[derive(Clone, Debug)]
pub struct DataFile {
    /// Where it is.
    pub path: PathBuf,
    /// YAML or JSON.
    pub dialect: Dialect,
    /// Whose data it is.
    pub scope: Scope,
}

impl DataFile {
    /// An environment data file, JSON when its name ends in `.json`, else YAML.
    pub fn new(path: impl Into<PathBuf>) -> DataFile {
        let path = path.into();
        let dialect = match path.extension().and_then(|e| e.to_str()) {
            Some("json") => Dialect::Json,
            _ => Dialect::Yaml,
        };
        DataFile {
            path,
            dialect,
            scope: Scope::Environment,
        }
    }
}

/// What a repository run checks.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The environment's hiera.yaml: the data files of its hierarchy.
    pub hiera_config: Option<PathBuf>,
    /// Check each module's own data (its hiera.yaml's hierarchy) too.
    pub module_data: bool,
    /// Data files given one by one (environment data).
    pub files: Vec<PathBuf>,
}

/// The checker: an environment's classes, looked up once for all files.
pub struct DataCheck {
    classes: Classes,
    strict: bool,
    jobs: Option<usize>,
}

/// What a run of a [`Plan`] looked at and found.
#[derive(Clone, Debug, Default)]
pub struct PlanRun {
    /// Every data file checked (as diagnostics name them), in the order found.
    pub files: Vec<Arc<str>>,
    /// Every diagnostic, ordered by path and position.
    pub diagnostics: Vec<Diagnostic>,
}

/// One file read, before its keys are checked.
struct Loaded {
    path: Arc<str>,
    scope: Scope,
    doc: document::Document,
    /// Problems of the file as a whole (reading, syntax, top level).
    diagnostics: Vec<Diagnostic>,
}

impl DataCheck {
    /// A checker over `env`'s module path.
    pub fn new(env: Arc<Environment>) -> DataCheck {
        DataCheck {
            classes: Classes::new(env),
            strict: false,
            jobs: None,
        }
    }

    /// Check files on `jobs` threads (`None`: one per core).
    pub fn jobs(mut self, jobs: Option<usize>) -> DataCheck {
        self.jobs = jobs;
        self
    }

    /// With `strict`, keys that bind no class parameter are reported too.
    pub fn strict(mut self, strict: bool) -> DataCheck {
        self.strict = strict;
        self
    }

    /// The environment.
    pub fn environment(&self) -> &Arc<Environment> {
        self.classes.env()
    }

    /// Check one environment data file.
    pub fn check_file(&self, path: &Path) -> Vec<Diagnostic> {
        self.check_files(&[DataFile::new(path)])
    }

    /// Check data files, on all cores. `lookup_options` of the files of one
    /// scope apply to all of them (as hiera merges them over the hierarchy).
    pub fn check_files(&self, files: &[DataFile]) -> Vec<Diagnostic> {
        use rayon::prelude::*;
        crate::env::parallel::run_on(self.jobs, || {
            let loaded: Vec<Loaded> = files.par_iter().map(|f| self.load(f)).collect();
            let mut options: Vec<(Scope, KeyOptions)> = Vec::new();
            for l in &loaded {
                let found = l
                    .doc
                    .root
                    .as_ref()
                    .map(|r| KeyOptions::of(&r.value))
                    .unwrap_or_default();
                match options.iter_mut().find(|(s, _)| *s == l.scope) {
                    Some((_, o)) => o.extend(found),
                    None => options.push((l.scope.clone(), found)),
                }
            }
            let none = KeyOptions::default();
            let mut out: Vec<Diagnostic> = loaded
                .par_iter()
                .flat_map_iter(|l| {
                    let opts = options
                        .iter()
                        .find(|(s, _)| *s == l.scope)
                        .map_or(&none, |(_, o)| o);
                    self.check_loaded(l, opts)
                })
                .collect();
            out.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
            out
        })
    }

    /// Check what `plan` names: the hierarchy's files, the modules' data
    /// and the files given, each file once, with the problems of the
    /// hiera.yaml files and of the module path.
    pub fn check_plan(&self, plan: &Plan) -> Vec<Diagnostic> {
        self.run_plan(plan).diagnostics
    }

    /// [`DataCheck::check_plan`], with the list of the files checked.
    pub fn run_plan(&self, plan: &Plan) -> PlanRun {
        let mut files: Vec<DataFile> = Vec::new();
        // (only the module path's own problems: the whole environment's
        // would read every module's metadata.json)
        let mut out: Vec<Diagnostic> = self.environment().modulepath_diagnostics();
        let add =
            |found: hiera::Hierarchy, files: &mut Vec<DataFile>, out: &mut Vec<Diagnostic>| {
                out.extend(found.diagnostics);
                for f in found.files {
                    if !files.iter().any(|g| g.path == f.path) {
                        files.push(f);
                    }
                }
            };
        if let Some(config) = &plan.hiera_config {
            add(
                hiera::hierarchy(config, &hiera::Layer::Environment),
                &mut files,
                &mut out,
            );
        }
        if plan.module_data {
            for m in self.environment().modules() {
                let config = m.path.join("hiera.yaml");
                if config.is_file() {
                    let layer = hiera::Layer::Module(Arc::from(m.name.as_str()));
                    add(hiera::hierarchy(&config, &layer), &mut files, &mut out);
                }
            }
        }
        for f in &plan.files {
            if !files.iter().any(|g| &g.path == f) {
                files.push(DataFile::new(f));
            }
        }
        out.extend(self.check_files(&files));
        out.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
        PlanRun {
            files: files
                .iter()
                .map(|f| Arc::from(f.path.to_string_lossy().as_ref()))
                .collect(),
            diagnostics: out,
        }
    }

    /// Check the text of a data file (`path` names it in diagnostics).
    pub fn check_text(
        &self,
        text: &str,
        path: Option<Arc<str>>,
        dialect: Dialect,
        scope: Scope,
    ) -> Vec<Diagnostic> {
        let l = self.parse_loaded(text, path, dialect, scope);
        let opts = l
            .doc
            .root
            .as_ref()
            .map(|r| KeyOptions::of(&r.value))
            .unwrap_or_default();
        self.check_loaded(&l, &opts)
    }

    /// Check a hash of data as hiera loaded it (no positions).
    pub fn check_value(&self, data: &Value, path: Option<Arc<str>>) -> Vec<Diagnostic> {
        let Value::Hash(h) = data else {
            return vec![
                Diagnostic::new(Code::DATA_NOT_A_HASH, "the data is not a hash").in_file(path),
            ];
        };
        let opts = KeyOptions::of(data);
        let ctx = Ctx {
            path,
            root: None,
            scope: &Scope::Environment,
            opts: &opts,
        };
        let mut out = Vec::new();
        for (k, v) in h.iter() {
            if let Some(key) = k.as_str() {
                self.check_key(key, v, &ctx, &mut out);
            }
        }
        out
    }

    /// Check the parameters `params` (a hash of name to value) given to
    /// class `class`: unknown parameters and wrong values, as a compile
    /// would find them. With `complete`, required parameters that are
    /// missing are reported too. An unknown class is one diagnostic.
    pub fn check_parameters(&self, class: &str, params: &Value, complete: bool) -> Vec<Diagnostic> {
        let class = class
            .strip_prefix("::")
            .unwrap_or(class)
            .to_ascii_lowercase();
        let Some(info) = self.classes.get(&class) else {
            return vec![Diagnostic::new(
                Code::UNKNOWN_CLASS,
                format!("Could not find class '{class}' in the module path"),
            )];
        };
        let opts = KeyOptions::default();
        let ctx = Ctx {
            path: None,
            root: None,
            scope: &Scope::Environment,
            opts: &opts,
        };
        let mut out = Vec::new();
        let given: Vec<(&str, &Value)> = match params {
            Value::Hash(h) => h
                .iter()
                .filter_map(|(k, v)| Some((k.as_str()?, v)))
                .collect(),
            _ => Vec::new(),
        };
        for (name, v) in &given {
            let key = format!("{class}::{name}");
            self.check_parameter(&key, &info, name, v, &ctx, &mut out);
        }
        if complete {
            for p in &info.params {
                if !p.has_default && !given.iter().any(|(n, _)| *n == p.name) {
                    out.push(
                        Diagnostic::new(
                            Code::TYPE_MISMATCH,
                            format!(
                                "{}: expects a value for parameter '{}'",
                                info.resource, p.name
                            ),
                        )
                        .for_key(data_key(
                            &format!("{class}::{}", p.name),
                            Some(&class),
                            Some(&p.name),
                        )),
                    );
                }
            }
        }
        out
    }

    fn load(&self, f: &DataFile) -> Loaded {
        let display: Arc<str> = Arc::from(f.path.to_string_lossy().as_ref());
        match crate::env::files::read_source(&f.path, &display) {
            crate::env::files::Read::Text(t) => {
                self.parse_loaded(&t, Some(display), f.dialect, f.scope.clone())
            }
            crate::env::files::Read::Bad(d) => Loaded {
                path: display,
                scope: f.scope.clone(),
                doc: document::Document::default(),
                diagnostics: vec![d],
            },
            crate::env::files::Read::Missing => Loaded {
                path: display.clone(),
                scope: f.scope.clone(),
                doc: document::Document::default(),
                diagnostics: vec![Diagnostic::new(
                    Code::UNREADABLE_FILE,
                    "Cannot read the file: it does not exist",
                )
                .in_file(Some(display))],
            },
        }
    }

    fn parse_loaded(
        &self,
        text: &str,
        path: Option<Arc<str>>,
        dialect: Dialect,
        scope: Scope,
    ) -> Loaded {
        // (a huge file takes seconds to read; when the host asks the check
        // to give up, its result is dropped)
        let Some(doc) = document::parse_until(text, dialect, crate::stop::cancelled) else {
            return Loaded {
                path: path.unwrap_or_else(|| Arc::from("")),
                scope,
                doc: document::Document::default(),
                diagnostics: Vec::new(),
            };
        };
        let mut diagnostics = Vec::new();
        let located = |d: Diagnostic, at: Option<Pos>| match at {
            Some(p) => with_position(d, p, p),
            None => d,
        };
        if let Some(p) = &doc.fatal {
            let code = match p.kind {
                document::ProblemKind::Syntax => Code::DATA_SYNTAX_ERROR,
                document::ProblemKind::Refused => Code::UNLOADABLE_DATA,
                document::ProblemKind::Limit => Code::DATA_LIMIT,
            };
            let message = match p.kind {
                document::ProblemKind::Refused => format!("Unable to parse: {}", p.message),
                _ => p.message.clone(),
            };
            diagnostics.push(located(Diagnostic::new(code, message), p.at).in_file(path.clone()));
        } else {
            for (at, first, key) in &doc.duplicates {
                diagnostics.push(
                    located(
                        Diagnostic::new(
                            Code::DUPLICATE_DATA_KEY,
                            format!(
                                "The key '{key}' is given more than once (first on line {}): the last value is used",
                                first.line
                            ),
                        ),
                        Some(*at),
                    )
                    .in_file(path.clone()),
                );
            }
            let not_hash = match &doc.root {
                None => true,
                Some(r) => !matches!(r.value, Value::Hash(_)),
            };
            if not_hash {
                let what = match dialect {
                    Dialect::Yaml => "yaml",
                    Dialect::Json => "json",
                };
                let at = doc.root.as_ref().map(|r| r.start);
                diagnostics.push(
                    located(
                        Diagnostic::new(
                            Code::DATA_NOT_A_HASH,
                            format!("file does not contain a valid {what} hash"),
                        ),
                        at,
                    )
                    .in_file(path.clone()),
                );
            }
        }
        Loaded {
            path: path.unwrap_or_else(|| Arc::from("")),
            scope,
            doc,
            diagnostics,
        }
    }

    fn check_loaded(&self, l: &Loaded, opts: &KeyOptions) -> Vec<Diagnostic> {
        let mut out = l.diagnostics.clone();
        let Some(root) = &l.doc.root else { return out };
        let Value::Hash(h) = &root.value else {
            return out;
        };
        let path = (!l.path.is_empty()).then(|| l.path.clone());
        let ctx = Ctx {
            path,
            root: Some(root),
            scope: &l.scope,
            opts,
        };
        let entry = |(k, v): (&Value, &Value)| {
            let mut found = Vec::new();
            if let Some(key) = k.as_str() {
                self.check_key(key, v, &ctx, &mut found);
            } else if self.strict {
                found.push(ctx.at_key(
                    Diagnostic::new(
                        Code::UNBOUND_KEY,
                        "A key that is not a string: hiera finds no value by it",
                    ),
                    None,
                ));
            }
            found
        };
        // (a big file's keys are checked on the pool's threads, which then
        // load the classes they name side by side; outside a pool, here)
        if h.len() >= PARALLEL_KEYS && rayon::current_thread_index().is_some() {
            use rayon::prelude::*;
            let entries: Vec<(&Value, &Value)> = h.iter().collect();
            out.extend(
                entries
                    .par_chunks(PARALLEL_KEYS / 2)
                    .flat_map_iter(|chunk| chunk.iter().flat_map(|&e| entry(e)))
                    .collect::<Vec<_>>(),
            );
        } else {
            out.extend(h.iter().flat_map(entry));
        }
        out
    }

    fn check_key(&self, key: &str, value: &Value, ctx: &Ctx, out: &mut Vec<Diagnostic>) {
        for (path, message) in invalid_interpolations(value) {
            let d = Diagnostic::new(Code::INVALID_INTERPOLATION, message)
                .for_key(data_key(key, None, None));
            out.push(ctx.at_value(d, key, &path, false));
        }
        let not_rich =
            (!crate::types::calc::instance_of(crate::types::calc::rich_data_type(), value))
                .then(|| first_not_rich(value))
                .flatten();
        if let Some(path) = not_rich {
            // hiera refuses a value that is not rich data: the lookup fails
            let d = Diagnostic::new(
                Code::UNLOADABLE_DATA,
                format!(
                    "Value for key '{key}' has wrong type, expects Puppet::LookupValue, got {}",
                    crate::types::calc::infer(value)
                ),
            )
            .for_key(data_key(key, None, None));
            out.push(ctx.at_value(d, key, &path, false));
            return;
        }
        if key == lookup_options::LOOKUP_OPTIONS {
            let module = match ctx.scope {
                Scope::Module(m) => Some(&**m),
                Scope::Environment => None,
            };
            for (path, at_key, d) in lookup_options::validate(value, module) {
                let d = d.for_key(data_key(key, None, None));
                out.push(ctx.at_value(d, key, &path, at_key));
            }
            return;
        }
        if let Scope::Module(m) = ctx.scope {
            if !key.starts_with(&format!("{m}::")) {
                out.push(ctx.at_key(
                    Diagnostic::new(
                        Code::MODULE_DATA_KEY,
                        format!("Module '{m}': the key '{key}' is not qualified with the name of the module, so hiera does not use it"),
                    )
                    .for_key(data_key(key, None, None)),
                    Some(key),
                ));
                return;
            }
        }
        let Some((class, param)) = split_key(key) else {
            self.unbound(key, ctx, out);
            return;
        };
        let Some(info) = self.classes.get(class) else {
            self.unknown_class(key, class, param, ctx, out);
            return;
        };
        self.check_parameter(key, &info, param, value, ctx, out);
    }

    fn check_parameter(
        &self,
        key: &str,
        info: &classes::ClassInfo,
        param: &str,
        value: &Value,
        ctx: &Ctx,
        out: &mut Vec<Diagnostic>,
    ) {
        let dk = data_key(key, Some(&info.name), Some(param));
        let Some(p) = info.param(param) else {
            let mut message = format!("{}: has no parameter named '{param}'", info.resource);
            if let Some(s) = did_you_mean(param, info.params.iter().map(|p| p.name.as_str())) {
                message.push_str(&format!(" (did you mean '{s}'?)"));
            }
            out.push(ctx.at_key(
                Diagnostic::new(Code::UNKNOWN_PARAMETER, message).for_key(dk),
                Some(key),
            ));
            return;
        };
        let Some(ty) = &p.ty else { return };
        if (value.is_undef() && p.has_default) || ctx.opts.converts(key) {
            return;
        }
        let mut found = if holes::has_holes(value) {
            if holes::may_be_instance(ty, value) {
                Vec::new()
            } else {
                mismatches(ty, &holes::resolved_known(value))
            }
        } else {
            mismatches(ty, value)
        };
        if ctx.opts.merges(key) {
            found.retain(|m| !matches!(m.kind, MismatchKind::Size | MismatchKind::MissingKey));
        }
        let Some(message) = parameter_message(&info.resource, param, &found) else {
            return;
        };
        let first = &found[0];
        out.push(ctx.at_value(
            Diagnostic::new(Code::TYPE_MISMATCH, message).for_key(dk),
            key,
            &first.path,
            first.at_key,
        ));
    }

    /// A key that does not have the shape of a class parameter.
    fn unbound(&self, key: &str, ctx: &Ctx, out: &mut Vec<Diagnostic>) {
        if let Some((class, param)) = Some(key.trim_start_matches(':'))
            .filter(|k| k.len() < key.len())
            .and_then(split_key)
        {
            if self
                .classes
                .get(class)
                .is_some_and(|c| c.param(param).is_some())
            {
                let d = Diagnostic::new(
                    Code::UNBOUND_KEY,
                    format!("The key '{key}' binds no class parameter: hiera 5 keys have no leading colons (did you mean '{class}::{param}'?)"),
                )
                .for_key(data_key(key, Some(class), Some(param)));
                out.push(ctx.at_key(d, Some(key)));
                return;
            }
        }
        if self.strict {
            let d = Diagnostic::new(
                Code::UNBOUND_KEY,
                format!("The key '{key}' binds no class parameter"),
            )
            .for_key(data_key(key, None, None));
            out.push(ctx.at_key(d, Some(key)));
        }
    }

    /// A key `class::param` whose class is not found.
    fn unknown_class(
        &self,
        key: &str,
        class: &str,
        param: &str,
        ctx: &Ctx,
        out: &mut Vec<Diagnostic>,
    ) {
        let module = class.split("::").next().unwrap_or(class);
        let dk = data_key(key, Some(class), Some(param));
        // a module that is not in the module path, or one without a class of
        // its own name (data for its functions): reported when strict only
        let strict_only = if !self.classes.has_module(module) {
            Some((
                Code::UNKNOWN_CLASS,
                format!("Could not find class '{class}' for the key '{key}': there is no module '{module}' in the module path"),
            ))
        } else if class == module {
            Some((
                Code::UNBOUND_KEY,
                format!("The key '{key}' binds no class parameter: module '{module}' has no class '{module}'"),
            ))
        } else {
            None
        };
        if let Some((code, message)) = strict_only {
            if self.strict {
                out.push(ctx.at_key(Diagnostic::new(code, message).for_key(dk), Some(key)));
            }
            return;
        }
        let names = self.classes.class_names_of_module(module);
        let mut message = format!("Could not find class '{class}' for the key '{key}'");
        if let Some(s) = did_you_mean(class, names.iter().map(String::as_str)) {
            message.push_str(&format!(" (did you mean '{s}'?)"));
        }
        out.push(ctx.at_key(
            Diagnostic::new(Code::UNKNOWN_CLASS, message).for_key(dk),
            Some(key),
        ));
    }
}

fn data_key(key: &str, class: Option<&str>, param: Option<&str>) -> Arc<DataKey> {
    Arc::new(DataKey {
        key: Arc::from(key),
        class_name: class.map(Arc::from),
        parameter: param.map(Arc::from),
    })
}

fn with_position(mut d: Diagnostic, start: Pos, end: Pos) -> Diagnostic {
    d.line = Some(start.line);
    d.column = Some(start.column);
    d.end_line = Some(end.line);
    d.end_column = Some(end.column);
    d
}

/// Where the diagnostics of one file go.
struct Ctx<'a> {
    path: Option<Arc<str>>,
    root: Option<&'a Node>,
    scope: &'a Scope,
    opts: &'a KeyOptions,
}

impl Ctx<'_> {
    /// `d` at the top-level key `key` (the file when there is no node).
    fn at_key(&self, d: Diagnostic, key: Option<&str>) -> Diagnostic {
        let d = d.in_file(self.path.clone());
        match (self.root, key) {
            (Some(root), Some(k)) => {
                let n = root.find(&[PathStep::Key(k.to_string())], true);
                with_position(d, n.start, n.end)
            }
            _ => d,
        }
    }

    /// `d` at the node of `path` inside the value of the top-level key `key`.
    fn at_value(&self, d: Diagnostic, key: &str, path: &[PathStep], at_key: bool) -> Diagnostic {
        let d = d.in_file(self.path.clone());
        match self.root {
            Some(root) => {
                let mut full = Vec::with_capacity(path.len() + 1);
                full.push(PathStep::Key(key.to_string()));
                full.extend(path.iter().cloned());
                let n = root.find(&full, at_key && !path.is_empty());
                with_position(d, n.start, n.end)
            }
            None => d,
        }
    }
}

/// The path of the first part of `v` that is not rich data: a Ruby Symbol
/// (YAML `:name`), or an entry whose key is neither a string nor a number.
fn first_not_rich(v: &Value) -> Option<Vec<PathStep>> {
    let mut stack: Vec<(&Value, Vec<PathStep>)> = vec![(v, Vec::new())];
    while let Some((v, path)) = stack.pop() {
        match v {
            Value::Runtime(r) if &*r.class_name == "Symbol" => return Some(path),
            Value::Hash(h)
                if h.keys().any(|k| {
                    !matches!(k, Value::String(_) | Value::Integer(_) | Value::Float(_))
                }) =>
            {
                return Some(path)
            }
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate().rev() {
                    let mut p = path.clone();
                    p.push(PathStep::Index(i));
                    stack.push((x, p));
                }
            }
            Value::Hash(h) => {
                for (k, x) in h.iter().rev() {
                    let mut p = path.clone();
                    if let Some(ks) = k.as_str() {
                        p.push(PathStep::Key(ks.to_string()));
                    }
                    stack.push((x, p));
                }
            }
            _ => {}
        }
    }
    None
}

/// Strings in `v` (keys and values) whose interpolation hiera refuses, with their paths.
fn invalid_interpolations(v: &Value) -> Vec<(Vec<PathStep>, String)> {
    let mut out = Vec::new();
    let mut stack: Vec<(&Value, Vec<PathStep>)> = vec![(v, Vec::new())];
    while let Some((v, path)) = stack.pop() {
        match v {
            Value::String(s) if s.contains("%{") => {
                if let holes::Interpolation::Invalid(m) = holes::interpolation(s) {
                    out.push((path, m));
                }
            }
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate().rev() {
                    let mut p = path.clone();
                    p.push(PathStep::Index(i));
                    stack.push((x, p));
                }
            }
            Value::Hash(h) => {
                for (k, x) in h.iter().rev() {
                    if let Some(ks) = k.as_str() {
                        let mut p = path.clone();
                        p.push(PathStep::Key(ks.to_string()));
                        if let Value::String(s) = k {
                            if s.contains("%{") {
                                if let holes::Interpolation::Invalid(m) = holes::interpolation(s) {
                                    out.push((p.clone(), m));
                                }
                            }
                        }
                        stack.push((x, p));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests;
