//! The index of a module path: modules, the files loaded so far (each parsed
//! once, on demand or all at once in parallel) and the definitions in them.
//!
//! Loading a file never resolves types, so loads may run on any thread while
//! another resolves aliases (see [`crate::types::aliases`]).

use super::autoload::{self, Kind};
use super::definition::{self, Definition};
use super::files::{self, Read};
use super::module::{self, Module};
use crate::check::{Code, Diagnostic};
use crate::syntax::ast::{ExprKind, Program};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The module directories whose `.pp` files hold definitions.
pub const SOURCE_DIRS: [&str; 4] = ["manifests", "functions", "types", "plans"];

/// One file of the module path, parsed (or found missing or broken).
#[derive(Debug)]
pub struct SourceFile {
    /// The file's path, as diagnostics name it.
    pub path: Arc<str>,
    /// The index of its module in the module list, if it is in one.
    pub module: Option<usize>,
    /// Its path inside the module (`manifests/init.pp`).
    pub relative: String,
    /// True when the file exists.
    pub exists: bool,
    /// The parsed program, when the file could be read and parsed.
    pub program: Option<Arc<Program>>,
    /// The definitions the loaders can use (for `functions/`, `types/` and
    /// `plans/`, only the one the file is named after, when it is the only one).
    pub definitions: Vec<Arc<Definition>>,
    /// Problems found reading, parsing and checking the file.
    pub diagnostics: Vec<Diagnostic>,
    /// The reference's error for loading the definition this file is named
    /// after, when it cannot be loaded (a `functions/`, `types/` or `plans/`
    /// file that is broken or does not define exactly that name).
    pub load_error: Option<crate::Error>,
}

/// The module path index.
pub struct Index {
    /// The module path entries.
    pub modulepath: Vec<PathBuf>,
    /// The modules, in search order.
    pub modules: Vec<Arc<Module>>,
    by_name: HashMap<String, usize>,
    /// Problems with the module path itself.
    discovery: Vec<Diagnostic>,
    files: Mutex<HashMap<PathBuf, Arc<OnceLock<Arc<SourceFile>>>>>,
    /// Problems found walking the module directories (`load_all`).
    walk: Mutex<Vec<Diagnostic>>,
    /// Every source file of the module path (module index, path in the module), walked once.
    all_loaded: OnceLock<Vec<(usize, String)>>,
}

impl Index {
    /// The index of `modulepath` (modules are discovered now, files read on demand).
    pub fn new(modulepath: Vec<PathBuf>) -> Index {
        let (modules, discovery) = module::discover(&modulepath);
        let by_name = modules
            .iter()
            .enumerate()
            .map(|(i, m)| (m.name.clone(), i))
            .collect();
        Index {
            modulepath,
            modules,
            by_name,
            discovery,
            files: Mutex::new(HashMap::new()),
            walk: Mutex::new(Vec::new()),
            all_loaded: OnceLock::new(),
        }
    }

    /// The module called `name`.
    pub fn module(&self, name: &str) -> Option<(usize, &Arc<Module>)> {
        let i = *self.by_name.get(name)?;
        Some((i, &self.modules[i]))
    }

    /// The file `relative` of module `m`, loaded on first use.
    pub fn file(&self, m: usize, relative: &str) -> Arc<SourceFile> {
        let path = self.modules[m].path.join(relative);
        let slot = {
            let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
            files.entry(path.clone()).or_default().clone()
        };
        slot.get_or_init(|| Arc::new(self.load(&path, m, relative)))
            .clone()
    }

    /// The definition of `kind` called `name`, looked for where Puppet's autoloader looks.
    pub fn find(&self, kind: Kind, name: &str) -> Option<Arc<Definition>> {
        let key = autoload::key(name);
        for (module, relative) in autoload::candidates(kind, name) {
            let ms: Vec<usize> = match module {
                Some(m) => self.module(&m).map(|(i, _)| i).into_iter().collect(),
                None => (0..self.modules.len()).collect(),
            };
            for m in ms {
                let file = self.file(m, &relative);
                if let Some(d) = file
                    .definitions
                    .iter()
                    .find(|d| d.kind == kind && autoload::key(&d.name) == key)
                {
                    return Some(d.clone());
                }
            }
        }
        None
    }

    /// The file a type alias, function or plan `name` must be in, and its
    /// load error when it is there but cannot be loaded.
    pub fn load_error(&self, kind: Kind, name: &str) -> Option<crate::Error> {
        for (module, relative) in autoload::candidates(kind, name) {
            let (m, _) = self.module(module.as_deref()?)?;
            let file = self.file(m, &relative);
            if file.exists {
                return file.load_error.clone();
            }
        }
        None
    }

    /// Every `.pp` file of the module path's source directories (walked
    /// once): its module's index and its path in the module.
    pub fn all_paths(&self) -> &[(usize, String)] {
        self.all_loaded.get_or_init(|| {
            let mut out = Vec::new();
            let mut diagnostics = Vec::new();
            for (i, m) in self.modules.iter().enumerate() {
                let mut visited = HashSet::new();
                let mut found = Vec::new();
                for dir in SOURCE_DIRS {
                    let d = m.dir(dir);
                    if d.is_dir() {
                        files::walk_pp(&d, &mut visited, &mut found, &mut diagnostics);
                    }
                }
                out.extend(found.iter().filter_map(|p| {
                    let rel = p.strip_prefix(&m.path).ok()?.to_str()?;
                    Some((i, rel.replace(std::path::MAIN_SEPARATOR, "/")))
                }));
            }
            *self.walk.lock().unwrap_or_else(|e| e.into_inner()) = diagnostics;
            out
        })
    }

    /// Load every file of the module path, `parallel` on all cores. When
    /// the host cancels the work ([`crate::stop::cancelled`]), the files not
    /// begun are left to load later (a file begun is loaded whole).
    pub fn load_all(&self, parallel: bool) {
        let jobs = self.all_paths();
        let load = |(m, rel): &(usize, String)| {
            if !crate::stop::cancelled() {
                self.file(*m, rel);
            }
        };
        if parallel {
            use rayon::prelude::*;
            super::parallel::run(|| jobs.par_iter().for_each(load));
        } else {
            jobs.iter().for_each(load);
        }
    }

    /// The files loaded so far, in module path order then path order.
    pub fn loaded(&self) -> Vec<Arc<SourceFile>> {
        let files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        let mut out: Vec<Arc<SourceFile>> =
            files.values().filter_map(|s| s.get().cloned()).collect();
        out.sort_by(|a, b| (a.module, &a.relative).cmp(&(b.module, &b.relative)));
        out
    }

    /// Problems with the module path entries themselves (missing, unreadable).
    pub fn modulepath_diagnostics(&self) -> &[Diagnostic] {
        &self.discovery
    }

    /// Problems with the module path and its directories, and with each module's metadata.
    pub fn module_diagnostics(&self) -> Vec<Diagnostic> {
        let mut out = self.discovery.clone();
        out.extend(
            self.walk
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
                .cloned(),
        );
        out.extend(
            self.modules
                .iter()
                .filter_map(|m| m.metadata().diagnostic.clone()),
        );
        out
    }

    /// Read, parse and take the definitions out of one file.
    fn load(&self, path: &Path, m: usize, relative: &str) -> SourceFile {
        let display: Arc<str> = Arc::from(path.to_string_lossy().as_ref());
        let module_name: Arc<str> = Arc::from(self.modules[m].name.as_str());
        let mut file = SourceFile {
            path: display.clone(),
            module: Some(m),
            relative: relative.to_string(),
            exists: true,
            program: None,
            definitions: Vec::new(),
            diagnostics: Vec::new(),
            load_error: None,
        };
        let text = match files::read_source(path, &display) {
            Read::Missing => {
                file.exists = false;
                return file;
            }
            Read::Bad(d) => {
                file.load_error = Some(crate::Error::argument(d.to_string()));
                file.diagnostics.push(d);
                return file;
            }
            Read::Text(t) => t,
        };
        let program = match parse(&text, relative) {
            Ok(p) => Arc::new(p),
            Err(e) => {
                let index = crate::syntax::span::LineIndex::new(&text);
                let d = Diagnostic::of_error(&e, &text, &index).in_file(Some(display.clone()));
                file.load_error = Some(crate::Error::at(e.kind, d.to_string(), None));
                file.diagnostics.push(d);
                return file;
            }
        };
        let defs = definition::extract(&program, &display, Some(&module_name));
        let dir = relative.split('/').next().unwrap_or("");
        let loader_kind = match dir {
            "types" => Some(Kind::TypeAlias),
            "functions" => Some(Kind::Function),
            "plans" => Some(Kind::Plan),
            _ => None,
        };
        file.definitions = match loader_kind {
            None => defs.into_iter().map(Arc::new).collect(),
            Some(kind) => {
                let expected = autoload::expected_name(&module_name, relative).unwrap_or_default();
                match loadable(&program, &defs, kind, &expected, &display) {
                    Ok(()) => defs.into_iter().map(Arc::new).collect(),
                    Err((code, message, span)) => {
                        let index = program.line_index();
                        let mut d =
                            Diagnostic::new(code, message.clone()).in_file(Some(display.clone()));
                        if let Some(span) = span {
                            d = d.at(&program.source, index, span);
                        }
                        file.diagnostics.push(d);
                        file.load_error = Some(crate::Error::argument(message));
                        Vec::new()
                    }
                }
            }
        };
        file.program = Some(program);
        file
    }
}

/// Parse a module file (validated): the files of `plans/` in tasks mode.
fn parse(text: &str, relative: &str) -> crate::Result<Program> {
    if relative.starts_with("plans/") {
        crate::syntax::parser::parse_tasks(text)
    } else {
        crate::syntax::parse(text)
    }
}

/// Whether the file of a `types/`, `functions/` or `plans/` directory can be
/// loaded as the reference's loaders load it: exactly one definition, of the
/// kind, named after the path, and nothing else. The error is the
/// reference's message.
fn loadable(
    program: &Program,
    defs: &[Definition],
    kind: Kind,
    expected: &str,
    path: &str,
) -> Result<(), (Code, String, Option<crate::syntax::span::Span>)> {
    let what = match kind {
        Kind::TypeAlias => "type",
        Kind::Function => "function",
        _ => "plan",
    };
    let quote = |s: &str| {
        if kind == Kind::TypeAlias {
            format!("'{s}'")
        } else {
            s.to_string()
        }
    };
    let statements: Vec<_> = match &program.body.kind {
        ExprKind::Block(s) => s.iter().collect(),
        ExprKind::Nop => Vec::new(),
        _ => vec![&program.body],
    };
    let definitions: Vec<_> = statements.iter().filter(|s| is_definition(s)).collect();
    let content = Code::DEFINITION_FILE_CONTENT;
    match definitions.len() {
        0 if statements.is_empty() => {
            return Err((
                content,
                format!("The code loaded from {path} does not define the {what} '{expected}' - it is empty."),
                None,
            ))
        }
        0 | 1 => {}
        _ => {
            return Err((
                content,
                format!(
                    "The code loaded from {path} must contain only the {what} '{expected}' - it has additional definitions."
                ),
                Some(definitions[1].span),
            ))
        }
    }
    let Some(def) = defs.iter().find(|d| d.kind == kind) else {
        let found = match kind {
            Kind::TypeAlias => "no type alias or type definition found",
            Kind::Function => "no function found",
            _ => "no plan found",
        };
        return Err((
            content,
            format!(
                "The code loaded from {path} does not define the {what} '{expected}' - {found}."
            ),
            statements.first().map(|s| s.span),
        ));
    };
    if autoload::key(&def.name) != expected {
        return Err((
            Code::DEFINITION_NAME_MISMATCH,
            format!(
                "The code loaded from {path} produced {what} with the wrong name, expected {}, actual {}",
                quote(expected),
                quote(&def.name)
            ),
            Some(def.span),
        ));
    }
    if statements.len() > 1 {
        let other = statements
            .iter()
            .find(|s| s.span != def.span)
            .map(|s| s.span);
        let message = match kind {
            Kind::TypeAlias => format!(
                "The code loaded from {path} contains additional logic - can only contain the type '{expected}'"
            ),
            _ => format!("The code loaded from {path} contains additional logic - can only contain the {what} {expected}"),
        };
        return Err((content, message, other));
    }
    Ok(())
}

fn is_definition(e: &crate::syntax::ast::Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::HostClass(_)
            | ExprKind::ResourceTypeDefinition(_)
            | ExprKind::FunctionDefinition(_)
            | ExprKind::PlanDefinition(_)
            | ExprKind::NodeDefinition { .. }
            | ExprKind::TypeAlias { .. }
            | ExprKind::TypeDefinition { .. }
            | ExprKind::TypeMapping { .. }
    )
}
