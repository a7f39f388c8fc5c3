//! The module path index: the classes, defined types, functions, plans and
//! type aliases of a module path, with their parameters, found as Puppet's
//! autoloader finds them, and type names resolved as Puppet resolves them in
//! that environment.
//!
//! ```
//! use puppet_types::env::{Environment, Kind};
//! let env = Environment::new(["/usr/share/puppet/modules"]);
//! if let Some(def) = env.find(Kind::Class, "apache::mod::ssl") {
//!     for (i, p) in def.parameters.iter().enumerate() {
//!         let _type = env.parameter_type(&def, i); // a Type resolved in this environment
//!         let _text = p.type_span.map(|s| def.text(s)); // the type as written
//!     }
//! }
//! ```
//!
//! Loading is lazy: [`Environment::find`] parses only the files Puppet's
//! autoloader would look in ([`autoload`]), once each; [`Environment::load_all`]
//! parses every file of the module path on all cores. Nothing here raises on
//! bad input: unreadable or non-UTF-8 files, syntax errors, broken
//! `metadata.json`, directory loops and missing module path entries become
//! [`Diagnostic`]s ([`Environment::diagnostics`]) and the rest loads.
//!
//! # For the evaluator: Puppet-language functions and aliases by name
//!
//! [`Environment::find`] with [`Kind::Function`] (or [`Kind::TypeAlias`],
//! [`Kind::Plan`], ...) gives the [`Definition`]: its parsed program
//! ([`Definition::program`], shared, immutable), its node
//! ([`Definition::node`]) and, for functions, classes, defines and plans, the
//! AST definition with parameters, body and return type ([`Definition::ast`]).
//! A name that is not defined, or whose file is broken, gives `None` (the
//! file's problem is in the diagnostics). [`Environment::parse_type`] and
//! [`Environment::resolve_type`] turn type text and type expressions into
//! [`Type`]s with the environment's aliases and resource types.

pub mod autoload;
mod checks;
pub mod definition;
mod eval_loader;
pub mod files;
mod index;
pub mod module;
pub mod parallel;
mod resolve;
pub mod strings;
pub mod value;

pub use autoload::Kind;
pub use definition::{Definition, Parameter};
pub use index::SourceFile;
pub use module::{Dependency, Metadata, Module};
pub use value::DefaultValue;

use crate::check::Diagnostic;
use crate::error::Result;
use crate::syntax::ast::{Expr, Program};
use crate::types::aliases::AliasRegistry;
use crate::types::parse::TypeParser;
use crate::types::Type;
use index::Index;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A module path and everything found in it so far.
pub struct Environment {
    index: Arc<Index>,
    aliases: AliasRegistry,
    /// The type diagnostics of each file checked so far, by path.
    checked: Mutex<HashMap<Arc<str>, Vec<Diagnostic>>>,
}

impl std::fmt::Debug for Environment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Environment({} modules on {:?})",
            self.index.modules.len(),
            self.index.modulepath
        )
    }
}

impl Environment {
    /// The environment of `modulepath` (its modules are listed now; files are read on demand).
    pub fn new<P: Into<PathBuf>>(modulepath: impl IntoIterator<Item = P>) -> Environment {
        let index = Arc::new(Index::new(modulepath.into_iter().map(Into::into).collect()));
        let names = Arc::new(resolve::Names::new(index.clone()));
        Environment {
            index,
            aliases: AliasRegistry::with_source(names),
            checked: Mutex::new(HashMap::new()),
        }
    }

    /// The module path entries.
    pub fn modulepath(&self) -> &[PathBuf] {
        &self.index.modulepath
    }

    /// The modules, in search order (the first of two with one name hides the other).
    pub fn modules(&self) -> &[Arc<Module>] {
        &self.index.modules
    }

    /// The definition of `kind` called `name`, loading the files Puppet would look in.
    pub fn find(&self, kind: Kind, name: &str) -> Option<Arc<Definition>> {
        self.index.find(kind, name)
    }

    /// Parse every file of the module path, on all cores (files already
    /// loaded are not parsed again).
    pub fn load_all(&self) {
        self.index.load_all(true);
    }

    /// As [`Environment::load_all`], on the calling thread only.
    pub fn load_all_serial(&self) {
        self.index.load_all(false);
    }

    /// The files loaded so far, in module path order.
    pub fn files(&self) -> Vec<Arc<SourceFile>> {
        self.index.loaded()
    }

    /// The definitions of the files loaded so far, in module path, file and source order.
    pub fn definitions(&self) -> Vec<Arc<Definition>> {
        self.index
            .loaded()
            .iter()
            .flat_map(|f| f.definitions.iter().cloned())
            .collect()
    }

    /// The problems found so far: the module path's and the metadata's, each
    /// loaded file's (reading, syntax, loading), unresolved or invalid types
    /// in the signatures of loaded definitions, and definitions given twice;
    /// sorted by path and position.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let files = self.index.loaded();
        let mut out = self.index.module_diagnostics();
        for f in &files {
            out.extend(f.diagnostics.iter().cloned());
            out.extend(self.type_diagnostics(f));
        }
        let defs: Vec<_> = files
            .iter()
            .flat_map(|f| f.definitions.iter().cloned())
            .collect();
        out.extend(checks::duplicates(&defs));
        out.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
        out.dedup();
        out
    }

    /// The problems of the module path entries themselves (an entry that
    /// is missing or cannot be read), without reading any module.
    pub fn modulepath_diagnostics(&self) -> Vec<Diagnostic> {
        let mut out = self.index.modulepath_diagnostics().to_vec();
        out.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
        out.dedup();
        out
    }

    /// The type diagnostics of a file's definitions (checked once).
    fn type_diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic> {
        if let Some(d) = self.lock_checked().get(&file.path) {
            return d.clone();
        }
        let found: Vec<Diagnostic> = file
            .definitions
            .iter()
            .flat_map(|d| checks::check_definition(self, d))
            .collect();
        self.lock_checked().insert(file.path.clone(), found.clone());
        found
    }

    fn lock_checked(&self) -> std::sync::MutexGuard<'_, HashMap<Arc<str>, Vec<Diagnostic>>> {
        self.checked.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The environment's alias registry (aliases load from the modules on demand).
    pub fn aliases(&self) -> &AliasRegistry {
        &self.aliases
    }

    fn parser(&self) -> TypeParser<'_> {
        TypeParser::new()
            .with_aliases(&self.aliases)
            .unknown_names(self.aliases.unknown_names())
    }

    /// A type string with names resolved as Puppet resolves them here:
    /// aliases of the modules, resource types, else an unresolved `TypeReference`.
    pub fn parse_type(&self, source: &str) -> Result<Type> {
        self.parser().parse(source)
    }

    /// A type expression of `program`, with names resolved as in [`Environment::parse_type`].
    pub fn resolve_type(&self, program: &Program, expr: &Expr) -> Result<Type> {
        self.parser().interpret(program, expr)
    }

    /// The type of parameter `i` of `def` (`Any` when it has none).
    pub fn parameter_type(&self, def: &Definition, i: usize) -> Result<Type> {
        match def.parameter_node(i).and_then(|p| p.type_expr.as_deref()) {
            Some(t) => self.resolve_type(&def.program, t),
            None => Ok(crate::types::factory::any()),
        }
    }

    /// A function's declared return type.
    pub fn return_type(&self, def: &Definition) -> Result<Option<Type>> {
        def.return_type_node()
            .map(|t| self.resolve_type(&def.program, t))
            .transpose()
    }

    /// A type alias's type: the alias (resolved) when the autoloader finds
    /// this name, else its type expression read on its own.
    pub fn alias_type(&self, def: &Definition) -> Result<Option<Type>> {
        if def.kind != Kind::TypeAlias {
            return Ok(None);
        }
        if let Some(found) = self.find(Kind::TypeAlias, &def.name) {
            if Arc::ptr_eq(&found.program, &def.program) {
                if let Some(t) = self.aliases.lookup(&def.name)? {
                    return Ok(Some(t));
                }
            }
        }
        def.alias_node()
            .map(|e| self.resolve_type(&def.program, e))
            .transpose()
    }

    /// The value of parameter `i`'s default, when it has one.
    pub fn default_value(&self, def: &Definition, i: usize) -> Option<DefaultValue> {
        let e = def.parameter_node(i)?.value.as_deref()?;
        Some(value::default_value(&def.program, e, |t| {
            self.resolve_type(&def.program, t).ok()
        }))
    }
}

#[cfg(test)]
mod tests;
