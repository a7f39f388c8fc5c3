//! Where the evaluator finds the functions and type aliases a program
//! names: the [`Loader`] trait, which an environment (modules'
//! `functions/` and `types/`) implements, and [`ProgramLoader`], which
//! holds the `function` and `type` definitions of the program being
//! evaluated in front of an optional environment, as the reference's
//! loaders do (a program's definitions are found before built-in functions).

use crate::error::{Error, Result};
use crate::syntax::ast::{Definition, Expr, ExprKind, Program};
use crate::syntax::span::{LineIndex, Span};
use crate::types::aliases::{AliasRegistry, AliasSource};
use crate::types::Type;
use crate::values::Value;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// A source text the evaluator runs code from: the program, or the file of
/// a function it calls. Errors are located in the source of the code that
/// raised them.
#[derive(Debug)]
pub struct Source {
    /// The file, when the text came from one.
    pub path: Option<Arc<str>>,
    /// The text.
    pub text: Arc<str>,
    lines: OnceLock<LineIndex>,
}

impl Source {
    /// A source of `text` read from `path`.
    pub fn new(path: Option<&str>, text: Arc<str>) -> Source {
        Source {
            path: path.map(Arc::from),
            text,
            lines: OnceLock::new(),
        }
    }

    /// The text `span` covers.
    pub fn slice(&self, span: Span) -> &str {
        self.text.get(span.range()).unwrap_or("")
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        self.lines
            .get_or_init(|| LineIndex::new(&self.text))
            .line_col(&self.text, offset)
    }
}

/// Where a Puppet-language function's definition is: a copy, or a node of
/// a program a loader keeps (an environment's parsed file).
pub trait FunctionBody: Send + Sync + std::fmt::Debug {
    /// The definition: name, parameters, return type and body (`None` when
    /// the node is not a function definition).
    fn definition(&self) -> Option<&Definition>;
}

impl FunctionBody for Definition {
    fn definition(&self) -> Option<&Definition> {
        Some(self)
    }
}

/// A function written in the Puppet language (`function name(...) { ... }`).
#[derive(Debug)]
pub struct PuppetFunction {
    /// Its definition.
    pub body: Arc<dyn FunctionBody>,
    /// The source the definition was read from.
    pub source: Arc<Source>,
}

/// What a program's names resolve to beyond the built-in functions and types.
pub trait Loader: Send + Sync {
    /// The Puppet-language function called `name` (lower case, `::`-separated).
    fn function(&self, name: &str) -> Option<Arc<PuppetFunction>>;
    /// The type alias called `name` (as written, e.g. `Stdlib::Port`), resolved.
    fn type_alias(&self, name: &str) -> Result<Option<Type>>;
    /// Where the aliases a program declares find the names they do not
    /// define (the environment's aliases and resource types).
    fn alias_source(&self) -> Option<Arc<dyn AliasSource>> {
        None
    }
    /// True when `name` is a resource type this loader knows (a defined type
    /// or class of a module); the built-in ones are known without asking.
    fn is_resource_type(&self, _name: &str) -> bool {
        false
    }
    /// The file of a function called `name` that a module writes in Ruby,
    /// which the evaluator does not run (`None` when there is none).
    fn ruby_function(&self, _name: &str) -> Option<String> {
        None
    }
    /// The directory of the module called `name` (for `file`, `epp`,
    /// `find_file`, `module_directory`), `None` when there is no such module.
    fn module_directory(&self, _name: &str) -> Option<std::path::PathBuf> {
        None
    }
}

/// What a lookup of hiera data found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The value (merged, interpolated, dug into by the key's dotted segments).
    pub value: Value,
    /// The `convert_to` of the key's `lookup_options` (a type name, or an
    /// array of the type name and the arguments of its `new`).
    pub convert_to: Option<Value>,
}

/// Where `lookup` and the `hiera` functions find their data (hiera 5: a
/// configuration's hierarchy and the modules' data, see `crate::hiera`).
pub trait DataSource: Send + Sync {
    /// The value of `key` (dotted segments dig into it), merged by `merge`
    /// (a strategy name or a hash with `strategy`; `None`: the key's
    /// `lookup_options`, else `first`); `Ok(None)` when no level has it.
    /// `modules` is false for the `hiera` functions, which do not read the
    /// modules' data. `variable` gives the caller's variables (a name
    /// without `$`, `::`-prefixed for the top scope) for interpolation.
    fn lookup(
        &self,
        key: &str,
        merge: Option<&Value>,
        modules: bool,
        variable: &dyn Fn(&str) -> Option<Value>,
    ) -> Result<Option<Found>>;
}

/// A name as loaders key it: without a leading `::`, in lower case.
pub(crate) fn key(name: &str) -> String {
    name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase()
}

/// The `function` and `type` definitions of a program, in front of an
/// optional parent loader (an environment), whose functions it remembers.
pub(crate) struct ProgramLoader<'e> {
    functions: HashMap<String, Arc<PuppetFunction>>,
    /// The parent's answers so far, by name.
    found: std::sync::Mutex<HashMap<String, Option<Arc<PuppetFunction>>>>,
    /// Where each function's definition starts (for the message about a second one).
    starts: HashMap<String, Span>,
    aliases: Option<AliasRegistry>,
    parent: Option<&'e dyn Loader>,
}

impl<'e> ProgramLoader<'e> {
    /// A loader with no definitions and no parent.
    pub(crate) fn empty() -> ProgramLoader<'static> {
        ProgramLoader {
            functions: HashMap::new(),
            found: Default::default(),
            starts: HashMap::new(),
            aliases: None,
            parent: None,
        }
    }

    /// The definitions at the top level of `program` (read from `source`).
    pub(crate) fn new(
        program: &Program,
        source: &Arc<Source>,
        parent: Option<&'e dyn Loader>,
    ) -> Result<ProgramLoader<'e>> {
        let mut loader = ProgramLoader {
            functions: HashMap::new(),
            found: Default::default(),
            starts: HashMap::new(),
            aliases: None,
            parent,
        };
        let stmts: &[Expr] = match &program.body.kind {
            ExprKind::Block(stmts) => stmts,
            _ => std::slice::from_ref(&program.body),
        };
        for stmt in stmts {
            match &stmt.kind {
                ExprKind::FunctionDefinition(def) => {
                    let k = key(&def.name);
                    let entity = format!("function/{k}");
                    if let Some(first) = loader.starts.get(&entity) {
                        return Err(redefined(&entity, *first, source));
                    }
                    loader.starts.insert(entity, stmt.span);
                    let f = PuppetFunction {
                        body: Arc::new((**def).clone()),
                        source: source.clone(),
                    };
                    loader.functions.insert(k, Arc::new(f));
                }
                ExprKind::TypeAlias { name, type_expr } => {
                    let entity = format!("type/{}", key(name));
                    if let Some(first) = loader.starts.get(&entity) {
                        return Err(redefined(&entity, *first, source));
                    }
                    loader.starts.insert(entity, stmt.span);
                    let reg = loader.aliases.get_or_insert_with(|| {
                        match parent.and_then(|p| p.alias_source()) {
                            Some(s) => AliasRegistry::with_source(s),
                            None => AliasRegistry::new(),
                        }
                    });
                    reg.add(name, source.slice(type_expr.span))
                        .map_err(|e| Error::evaluation(e.into_message()).with_span(stmt.span))?;
                }
                _ => {}
            }
        }
        Ok(loader)
    }
}

/// The reference's error for a second definition of a name.
fn redefined(entity: &str, first: Span, source: &Source) -> Error {
    let (line, col) = source.line_col(first.start as usize);
    let origin = match &source.path {
        Some(p) => format!("file://{p}?line={line}&pos={col}"),
        None => format!("string:?line={line}&pos={col}"),
    };
    Error::evaluation(format!(
        "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/{entity}'. Originally set at {origin}."
    ))
}

impl Loader for ProgramLoader<'_> {
    fn function(&self, name: &str) -> Option<Arc<PuppetFunction>> {
        let parent = self.parent;
        if self.functions.is_empty() && parent.is_none() {
            return None;
        }
        let k = key(name);
        if let Some(f) = self.functions.get(&k) {
            return Some(f.clone());
        }
        let parent = parent?;
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found
            .entry(k)
            .or_insert_with(|| parent.function(name))
            .clone()
    }

    fn type_alias(&self, name: &str) -> Result<Option<Type>> {
        if let Some(reg) = &self.aliases {
            if let Some(t) = reg.lookup(name)? {
                return Ok(Some(t));
            }
        }
        match self.parent {
            Some(p) => p.type_alias(name),
            None => Ok(None),
        }
    }

    fn alias_source(&self) -> Option<Arc<dyn AliasSource>> {
        self.parent.and_then(|p| p.alias_source())
    }

    fn is_resource_type(&self, name: &str) -> bool {
        self.parent.is_some_and(|p| p.is_resource_type(name))
    }

    fn ruby_function(&self, name: &str) -> Option<String> {
        self.parent.and_then(|p| p.ruby_function(name))
    }

    fn module_directory(&self, name: &str) -> Option<std::path::PathBuf> {
        self.parent.and_then(|p| p.module_directory(name))
    }
}
