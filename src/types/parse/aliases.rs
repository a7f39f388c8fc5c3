//! The type alias registry: `type X = ...` definitions from source text and
//! from module paths (`<modulepath>/<module>/types/**/*.pp`, so
//! `stdlib/types/port.pp` defines `Stdlib::Port`).
//!
//! Definitions are kept as parsed type expressions and resolved lazily, the
//! first time a name is looked up; the result is cached. A name being resolved
//! is visible as its (not yet resolved) alias node, which is how a recursive
//! alias (`type Tree = Array[Variant[Integer, Tree]]`) refers to itself
//! without looping. Names are matched case-insensitively, as Puppet does.
//!
//! A registry may have an [`AliasSource`] (a module path index): names it does
//! not hold are then asked of the source, which loads their definitions on
//! demand, and names that are no alias resolve as the source says (a resource
//! type it knows, else an unresolved `TypeReference`, as the reference's
//! loaders do). Aliases are resolved by one thread at a time (a thread may
//! re-enter for the aliases an alias refers to), so that no thread sees an
//! alias another is still resolving. A parse begun after a definition changed
//! reads the new one: the cache of types parsed with the registry keeps no
//! answer a parse under way computed from the old ones.

use super::alias_cycles::Made;
use crate::error::{Error, Result};
use crate::syntax::ast::{Expr, ExprKind, Program};
use crate::types::factory as tf;
use crate::types::model::{Type, TypeAlias, TypeKind};
use crate::types::parse::{ParseCache, TypeParser, UnknownNames};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::ThreadId;

/// How many aliases may be in the middle of resolution at once (a chain A -> B -> C ...).
const MAX_CHAIN: usize = 64;

/// One definition: where it came from and its type expression.
#[derive(Clone)]
struct Definition {
    name: Arc<str>,
    program: Arc<Program>,
    expr: Expr,
}

impl Definition {
    /// True when `other` is this definition (the same expression of the same program).
    fn is(&self, other: &Definition) -> bool {
        Arc::ptr_eq(&self.program, &other.program) && self.expr.span == other.expr.span
    }
}

#[derive(Default)]
struct State {
    defs: HashMap<String, Definition>,
    resolved: HashMap<String, Type>,
    /// Names the source was asked for and does not define.
    absent: HashSet<String>,
    /// The names resolved since the outermost resolution under way began, in
    /// order: when one fails, it and those after it (which may have taken its
    /// unfinished node) are forgotten, so that a failed resolution leaves the
    /// registry as it found it and the next lookup gives the same answer.
    trail: Vec<String>,
}

/// An alias definition a source found: its name as written and its type expression.
#[derive(Clone, Debug)]
pub struct SourceAlias {
    /// The name as written in the definition.
    pub name: Arc<str>,
    /// The program the definition is in.
    pub program: Arc<Program>,
    /// The aliased type expression (a node of `program`).
    pub expr: Expr,
}

/// Where a registry finds the aliases it does not hold (a module path index).
pub trait AliasSource: Send + Sync {
    /// The definition of the alias whose canonical name (lower case, no
    /// leading `::`) is `key`; `Ok(None)` when there is none, an error when
    /// the file that should hold it is broken (the reference's message).
    fn alias(&self, key: &str) -> Result<Option<SourceAlias>>;

    /// True when `name` (as written) is a resource type of the source.
    fn is_resource_type(&self, name: &str) -> bool;
}

/// A lock one thread holds at a time and may take again while holding it.
#[derive(Default)]
struct ReentrantLock {
    owner: Mutex<(Option<ThreadId>, usize)>,
    released: Condvar,
}

/// A hold of a [`ReentrantLock`]; the depth of the holder's nesting is `depth`.
struct Hold<'a> {
    lock: &'a ReentrantLock,
    depth: usize,
}

impl ReentrantLock {
    fn hold(&self) -> Hold<'_> {
        let me = std::thread::current().id();
        let mut g = self.owner.lock().unwrap_or_else(|e| e.into_inner());
        while g.0.is_some_and(|o| o != me) {
            g = self.released.wait(g).unwrap_or_else(|e| e.into_inner());
        }
        g.0 = Some(me);
        g.1 += 1;
        Hold {
            lock: self,
            depth: g.1,
        }
    }
}

impl Drop for Hold<'_> {
    fn drop(&mut self) {
        let mut g = self.lock.owner.lock().unwrap_or_else(|e| e.into_inner());
        g.1 -= 1;
        if g.1 == 0 {
            g.0 = None;
            self.lock.released.notify_all();
        }
    }
}

/// A set of type aliases that type expressions can refer to by name.
#[derive(Default)]
pub struct AliasRegistry {
    state: Mutex<State>,
    /// Types parsed with this registry, by source text; emptied when a definition changes.
    parsed: Mutex<ParseCache>,
    /// Where names not defined here are looked for.
    source: Option<Arc<dyn AliasSource>>,
    /// Held while an alias is resolved.
    resolving: ReentrantLock,
    /// The aliases made here, for freeing the recursive ones nothing holds
    /// any more (see [`super::alias_cycles`]). Dropped last, once the maps
    /// and the parse cache above have let their types go.
    made: Mutex<Made>,
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

    /// An empty registry that asks `source` for the names it does not hold.
    pub fn with_source(source: Arc<dyn AliasSource>) -> AliasRegistry {
        AliasRegistry {
            source: Some(source),
            ..AliasRegistry::default()
        }
    }

    /// What names that are neither built-in types nor aliases mean in type
    /// expressions parsed with this registry: as the source says when there
    /// is one, else resource types.
    pub fn unknown_names(&self) -> UnknownNames {
        if self.source.is_some() {
            UnknownNames::Loader
        } else {
            UnknownNames::Resource
        }
    }

    /// The source asked for names this registry does not hold, if any (a
    /// registry of other definitions can fall back to the same one).
    pub fn source(&self) -> Option<Arc<dyn AliasSource>> {
        self.source.clone()
    }

    /// True when the source knows a resource type called `name`.
    pub fn is_resource_type(&self, name: &str) -> bool {
        self.source
            .as_ref()
            .is_some_and(|s| s.is_resource_type(name))
    }

    /// The cache of type strings parsed with this registry.
    pub(crate) fn parse_cache(&self) -> &Mutex<ParseCache> {
        &self.parsed
    }

    /// After definitions changed (and the state lock was let go): forget the
    /// types parsed with the old ones, and those of parses still under way
    /// (which may have read the old ones), so that a parse begun from now on
    /// reads the new definitions (see [`ParseCache`]); and free the
    /// recursive aliases nothing holds any more, when enough were made since
    /// the last look (see [`Made::due`]).
    fn definitions_changed(&self) {
        self.parsed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .forget();
        let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        if made.due() {
            made.collect();
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
        let mut st = self.lock();
        let mut names = Vec::with_capacity(found.len());
        for (name, expr) in found {
            let k = key(&name);
            st.resolved.remove(&k);
            st.absent.remove(&k);
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
        drop(st);
        self.definitions_changed();
        Ok(names)
    }

    /// Add one alias: `name` for the type expression `type_source` (`add("MyInt", "Integer[1]")`).
    pub fn add(&self, name: &str, type_source: &str) -> Result<()> {
        let program = Arc::new(crate::syntax::parser::parse(type_source)?);
        let expr = program.body.clone();
        let mut st = self.lock();
        let k = key(name);
        st.resolved.remove(&k);
        st.absent.remove(&k);
        st.defs.insert(
            k,
            Definition {
                name: name.into(),
                program,
                expr,
            },
        );
        drop(st);
        self.definitions_changed();
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

    /// Make this registry's definitions those of `other` (its own are
    /// dropped; `other`'s source, if any, is not shared); names are resolved
    /// again here when first looked up.
    pub fn copy_definitions_from(&self, other: &AliasRegistry) {
        let defs = other.lock().defs.clone();
        let mut st = self.lock();
        st.defs = defs;
        st.resolved.clear();
        st.absent.clear();
        drop(st);
        self.definitions_changed();
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
        if let Some(t) = self.lock().resolved.get(&k) {
            // (an alias another thread is resolving waits for the hold below)
            if !matches!(t.kind(), TypeKind::Alias(a) if a.resolved().is_none()) {
                return Ok(Some(t.clone()));
            }
        }
        let hold = self.resolving.hold();
        // The state is let go while the source is asked and the node made:
        // a definition changed meanwhile is read again, so that a lookup
        // begun after a change never leaves the old definition resolved.
        let (def, node, alias_type, mark) = loop {
            let def = {
                let st = self.lock();
                if let Some(t) = st.resolved.get(&k) {
                    return Ok(Some(t.clone()));
                }
                match st.defs.get(&k).cloned() {
                    Some(def) => def,
                    None if st.absent.contains(&k) => return Ok(None),
                    None => {
                        drop(st);
                        match self.ask_source(&k)? {
                            Some(def) => def,
                            None => return Ok(None),
                        }
                    }
                }
            };
            if hold.depth > MAX_CHAIN {
                return Err(Error::type_error(format!(
                    "Type alias '{}' is nested too deeply to resolve",
                    def.name
                )));
            }
            let node = Arc::new(TypeAlias::new(def.name.clone()));
            let alias_type = tf::type_alias(node.clone());
            let mut st = self.lock();
            if !st.defs.get(&k).is_some_and(|d| d.is(&def)) {
                continue;
            }
            st.resolved.insert(k.clone(), alias_type.clone());
            st.trail.push(k.clone());
            let mark = st.trail.len() - 1;
            break (def, node, alias_type, mark);
        };
        // (listed once it is the one resolved: a node a changed definition
        // made stale is dropped at once)
        self.made
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(&node);
        let body = TypeParser::new()
            .with_aliases(self)
            .unknown_names(self.unknown_names())
            .interpret(&def.program, &def.expr);
        let mut st = self.lock();
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
        if hold.depth == 1 {
            st.trail.clear();
        }
        node.resolve(crate::types::calc::normalize(&body));
        Ok(Some(alias_type))
    }

    /// Ask the source for `k` and remember the answer. A definition of `k`
    /// added meanwhile (the state is not locked while the source is asked)
    /// is the later one: it stays, and is the answer.
    fn ask_source(&self, k: &str) -> Result<Option<Definition>> {
        let Some(source) = &self.source else {
            return Ok(None);
        };
        let found = source.alias(k)?;
        let mut st = self.lock();
        if let Some(added) = st.defs.get(k) {
            return Ok(Some(added.clone()));
        }
        match found {
            Some(a) => {
                let def = Definition {
                    name: a.name,
                    program: a.program,
                    expr: a.expr,
                };
                st.defs.insert(k.to_string(), def.clone());
                Ok(Some(def))
            }
            None => {
                st.absent.insert(k.to_string());
                Ok(None)
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::parse::parse_with_aliases;
    use std::sync::{OnceLock, Weak};

    /// A source that knows no alias and calls every unknown name a resource
    /// type, and that defines `Loop0` in its registry the first time it is
    /// asked for `Other`: in a parse of `Tuple[Loop0, Other]`, a definition
    /// made after the parse found none for `Loop0`, before the parse ends.
    #[derive(Default)]
    struct DefinesWhileAsked {
        registry: OnceLock<Weak<AliasRegistry>>,
        asked: Mutex<bool>,
    }

    impl AliasSource for DefinesWhileAsked {
        fn alias(&self, key: &str) -> Result<Option<SourceAlias>> {
            if key == "other" && !std::mem::replace(&mut *self.asked.lock().unwrap(), true) {
                if let Some(r) = self.registry.get().and_then(Weak::upgrade) {
                    r.add("Loop0", "Array[Variant[String, Loop0]]")?;
                }
            }
            Ok(None)
        }

        fn is_resource_type(&self, _: &str) -> bool {
            true
        }
    }

    #[test]
    fn a_name_defined_before_a_parse_begins_never_reads_as_a_resource_type() {
        let source = Arc::new(DefinesWhileAsked::default());
        let r = Arc::new(AliasRegistry::with_source(source.clone()));
        source.registry.set(Arc::downgrade(&r)).unwrap();
        let first = |t: &Type| match t.kind() {
            TypeKind::Tuple {
                types: Some(types), ..
            } => types[0].clone(),
            k => panic!("not a tuple: {k:?}"),
        };
        // this parse met the definition half-way: either answer will do
        let overlapped = parse_with_aliases("Tuple[Loop0, Other]", &r).unwrap();
        assert!(*source.asked.lock().unwrap() && r.contains("Loop0"));
        assert!(matches!(
            first(&overlapped).kind(),
            TypeKind::Resource { .. }
        ));
        for _ in 0..2 {
            let t = first(&parse_with_aliases("Tuple[Loop0, Other]", &r).unwrap());
            assert!(
                matches!(t.kind(), TypeKind::Alias(_)),
                "Loop0 read as {t:?} after its definition"
            );
        }
    }

    /// A source that defines `Loop0` as an Integer, and whose registry gets
    /// its own definition of `Loop0` (a String) while the source is asked.
    #[derive(Default)]
    struct AddedWhileAsked {
        registry: OnceLock<Weak<AliasRegistry>>,
    }

    impl AliasSource for AddedWhileAsked {
        fn alias(&self, key: &str) -> Result<Option<SourceAlias>> {
            if key != "loop0" {
                return Ok(None);
            }
            if let Some(r) = self.registry.get().and_then(Weak::upgrade) {
                r.add("Loop0", "String")?;
            }
            let program = Arc::new(crate::syntax::parser::parse("type Loop0 = Integer")?);
            let mut found = None;
            collect_aliases(&program.body, &mut |name, expr| {
                found = Some((name.into(), expr.clone()))
            });
            Ok(found.map(|(name, expr)| SourceAlias {
                name,
                program,
                expr,
            }))
        }

        fn is_resource_type(&self, _: &str) -> bool {
            false
        }
    }

    #[test]
    fn a_definition_added_while_the_source_is_asked_is_not_replaced_by_the_sources() {
        let source = Arc::new(AddedWhileAsked::default());
        let r = Arc::new(AliasRegistry::with_source(source.clone()));
        source.registry.set(Arc::downgrade(&r)).unwrap();
        let _overlapped = r.lookup("Loop0").unwrap();
        let t = parse_with_aliases("Loop0", &r).unwrap();
        let body = match t.kind() {
            TypeKind::Alias(a) => a.resolved().cloned(),
            k => panic!("not an alias: {k:?}"),
        };
        assert_eq!(body.map(|b| b.to_string()).as_deref(), Some("String"));
    }

    #[test]
    fn a_lookup_begun_after_a_redefinition_resolves_the_new_definition() {
        use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
        let r = Arc::new(AliasRegistry::new());
        r.add("Version", "Integer[0, 0]").unwrap();
        let published = Arc::new(AtomicI64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let readers: Vec<_> = (0..2)
            .map(|_| {
                let (r, published, stop) = (r.clone(), published.clone(), stop.clone());
                std::thread::spawn(move || {
                    while !stop.load(Ordering::SeqCst) {
                        let at_least = published.load(Ordering::SeqCst);
                        let t = r.lookup("Version").unwrap().unwrap();
                        let body = match t.kind() {
                            TypeKind::Alias(a) => a.resolved().cloned().unwrap(),
                            k => panic!("not an alias: {k:?}"),
                        };
                        let read = match body.kind() {
                            TypeKind::Integer(range) => range.from.unwrap_or(-1),
                            k => panic!("unexpected body {k:?}"),
                        };
                        assert!(
                            read >= at_least,
                            "version {read} read after {at_least} was defined"
                        );
                    }
                })
            })
            .collect();
        for i in 1..3000 {
            r.add("Version", &format!("Integer[{i}, {i}]")).unwrap();
            published.store(i, Ordering::SeqCst);
        }
        stop.store(true, Ordering::SeqCst);
        for t in readers {
            t.join().unwrap();
        }
    }
}
