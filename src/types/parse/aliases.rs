//! The type alias registry: `type X = ...` definitions from source text and
//! from module paths (`<modulepath>/<module>/types/**/*.pp`, so
//! `stdlib/types/port.pp` defines `Stdlib::Port`).
//!
//! Definitions are kept as parsed type expressions and resolved lazily, the
//! first time a name is looked up; the result is cached. A name being resolved
//! is visible as its (not yet resolved) alias node, which is how a recursive
//! alias (`type Tree = Array[Variant[Integer, Tree]]`) refers to itself
//! without looping. Names are matched case-insensitively, as Puppet does.

use crate::error::{Error, Result};
use crate::syntax::ast::{Expr, ExprKind, Program};
use crate::types::factory as tf;
use crate::types::model::{Type, TypeAlias, TypeKind};
use crate::types::parse::TypeParser;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// How many aliases may be in the middle of resolution at once (a chain A -> B -> C ...).
const MAX_CHAIN: usize = 64;

/// One definition: where it came from and its type expression.
#[derive(Clone)]
struct Definition {
    name: Arc<str>,
    program: Arc<Program>,
    expr: Expr,
}

#[derive(Default)]
struct State {
    defs: HashMap<String, Definition>,
    resolved: HashMap<String, Type>,
    resolving: usize,
    /// The names resolved since the outermost resolution under way began, in
    /// order: when one fails, it and those after it (which may have taken its
    /// unfinished node) are forgotten, so that a failed resolution leaves the
    /// registry as it found it and the next lookup gives the same answer.
    trail: Vec<String>,
}

/// A set of type aliases that type expressions can refer to by name.
#[derive(Default)]
pub struct AliasRegistry {
    state: Mutex<State>,
    /// Types parsed with this registry, by source text; emptied when a definition changes.
    parsed: Mutex<HashMap<Box<str>, Type>>,
}

impl std::fmt::Debug for AliasRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.lock().defs.len();
        write!(f, "AliasRegistry({n} definitions)")
    }
}

fn key(name: &str) -> String {
    name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase()
}

impl AliasRegistry {
    /// An empty registry.
    pub fn new() -> AliasRegistry {
        AliasRegistry::default()
    }

    /// The cache of type strings parsed with this registry.
    pub(crate) fn parse_cache(&self) -> &Mutex<HashMap<Box<str>, Type>> {
        &self.parsed
    }

    fn forget_parsed(&self) {
        if let Ok(mut m) = self.parsed.lock() {
            m.clear();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock leaves consistent maps; keep going.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Add every `type Name = <type>` statement of `source` (other statements are ignored).
    /// Returns the names defined. A later definition of a name replaces an earlier one.
    pub fn add_source(&self, source: &str) -> Result<Vec<String>> {
        let program = Arc::new(crate::syntax::parser::parse(source)?);
        let mut found = Vec::new();
        collect_aliases(&program.body, &mut |name, expr| {
            found.push((name.to_string(), expr.clone()));
        });
        self.forget_parsed();
        let mut st = self.lock();
        let mut names = Vec::with_capacity(found.len());
        for (name, expr) in found {
            let k = key(&name);
            st.resolved.remove(&k);
            st.defs.insert(
                k,
                Definition {
                    name: name.as_str().into(),
                    program: program.clone(),
                    expr,
                },
            );
            names.push(name);
        }
        Ok(names)
    }

    /// Add one alias: `name` for the type expression `type_source` (`add("MyInt", "Integer[1]")`).
    pub fn add(&self, name: &str, type_source: &str) -> Result<()> {
        let program = Arc::new(crate::syntax::parser::parse(type_source)?);
        let expr = program.body.clone();
        self.forget_parsed();
        let mut st = self.lock();
        let k = key(name);
        st.resolved.remove(&k);
        st.defs.insert(
            k,
            Definition {
                name: name.into(),
                program,
                expr,
            },
        );
        Ok(())
    }

    /// Load the aliases of every module under `modulepath` (`<module>/types/**/*.pp`).
    /// Several paths may be joined with `:`. Returns the names defined.
    pub fn load_module_path(&self, modulepath: &str) -> Result<Vec<String>> {
        let mut names = Vec::new();
        let mut visited = HashSet::new();
        for dir in modulepath.split(':').filter(|d| !d.is_empty()) {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut modules: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            modules.sort();
            for module in modules {
                let types = module.join("types");
                if types.is_dir() {
                    self.load_dir(&types, &mut names, &mut visited)?;
                }
            }
        }
        Ok(names)
    }

    /// Load the `.pp` files under `dir`, following symbolic links but entering
    /// each directory once (`visited` holds their canonical paths, so links
    /// that loop end), and reading regular files only (a FIFO or a device
    /// named `x.pp` would block or never end).
    fn load_dir(
        &self,
        dir: &Path,
        names: &mut Vec<String>,
        visited: &mut HashSet<PathBuf>,
    ) -> Result<()> {
        let first_visit = std::fs::canonicalize(dir).is_ok_and(|real| visited.insert(real));
        if !first_visit {
            return Ok(());
        }
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Ok(());
        };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            let Ok(meta) = std::fs::metadata(&p) else {
                continue;
            };
            if meta.is_dir() {
                self.load_dir(&p, names, visited)?;
            } else if meta.is_file() && p.extension().is_some_and(|e| e == "pp") {
                let text = std::fs::read_to_string(&p)
                    .map_err(|e| Error::argument(format!("cannot read {}: {e}", p.display())))?;
                let defined = self.add_source(&text).map_err(|mut e| {
                    e.message = format!("{} (file: {})", e.message, p.display());
                    e
                })?;
                names.extend(defined);
            }
        }
        Ok(())
    }

    /// True when `name` is defined here.
    pub fn contains(&self, name: &str) -> bool {
        self.lock().defs.contains_key(&key(name))
    }

    /// The names defined, in no particular order.
    pub fn names(&self) -> Vec<String> {
        self.lock()
            .defs
            .values()
            .map(|d| d.name.to_string())
            .collect()
    }

    /// The alias type called `name` (resolving it on first use), or `None` when undefined.
    pub fn lookup(&self, name: &str) -> Result<Option<Type>> {
        let k = key(name);
        let def = {
            let mut st = self.lock();
            if let Some(t) = st.resolved.get(&k) {
                return Ok(Some(t.clone()));
            }
            let Some(def) = st.defs.get(&k).cloned() else {
                return Ok(None);
            };
            if st.resolving >= MAX_CHAIN {
                return Err(Error::type_error(format!(
                    "Type alias '{}' is nested too deeply to resolve",
                    def.name
                )));
            }
            st.resolving += 1;
            def
        };
        let node = Arc::new(TypeAlias::new(def.name.clone()));
        let alias_type = tf::type_alias(node.clone());
        let mark = {
            let mut st = self.lock();
            st.resolved.insert(k.clone(), alias_type.clone());
            st.trail.push(k.clone());
            st.trail.len() - 1
        };
        let body = TypeParser::new()
            .with_aliases(self)
            .interpret(&def.program, &def.expr);
        let mut st = self.lock();
        st.resolving -= 1;
        let body = match body {
            Ok(b) if refers_only_to_itself(&b, &node) => Err(Error::type_error(format!(
                "Type alias '{}' cannot be resolved to a real type",
                def.name
            ))),
            b => b,
        };
        let body = match body {
            Ok(b) => b,
            Err(e) => {
                let forgotten: Vec<String> = st.trail.drain(mark..).collect();
                for name in forgotten {
                    st.resolved.remove(&name);
                }
                return Err(e);
            }
        };
        if st.resolving == 0 {
            st.trail.clear();
        }
        node.resolve(crate::types::calc::normalize(&body));
        Ok(Some(alias_type))
    }
}

/// True when `body` is nothing but a chain of aliases leading back to `node`.
fn refers_only_to_itself(body: &Type, node: &Arc<TypeAlias>) -> bool {
    let mut t = body.clone();
    for _ in 0..MAX_CHAIN {
        match t.kind() {
            TypeKind::Alias(a) if Arc::ptr_eq(a, node) => return true,
            TypeKind::Alias(a) => match a.resolved() {
                Some(r) => t = r.clone(),
                None => return false,
            },
            _ => return false,
        }
    }
    false
}

/// Visit each `type Name = expr` statement in a program body.
fn collect_aliases(e: &Expr, f: &mut impl FnMut(&str, &Expr)) {
    match &e.kind {
        ExprKind::Block(stmts) => stmts.iter().for_each(|s| collect_aliases(s, f)),
        ExprKind::TypeAlias { name, type_expr } => f(name, type_expr),
        _ => {}
    }
}
