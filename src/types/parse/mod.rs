//! TypeParser: type expressions (source text) to [`Type`]s.
//!
//! A text of the common shapes is read by the fast [`reader`]; any other is
//! parsed by the project's one parser in its type expression mode
//! ([`crate::syntax::parser::parse_type_expression`]) and the tree is
//! interpreted ([`interp`]) as the reference's `TypeParser` does: a type is a `QualifiedReference`
//! (`Integer`, `Stdlib::Port`) or an access on one (`Integer[1, 10]`); the
//! access keys are literals (numbers, strings, bare words, `default`,
//! `undef`, regexps, arrays, hashes), nested types, and constructor calls
//! such as `SemVerRange('>=1.0.0 <2.0.0')`. Anything else is
//! `The expression <...> is not a valid type specification.`
//!
//! Names resolve to built-in types, then to aliases of the registry given,
//! then to resource types: `Foo::Bar` is `Resource['foo::bar']` (printed
//! `Foo::Bar`) and `File['x']` is `Resource['file', 'x']`, as the language
//! treats them. (The reference's TypeParser, with a loader, makes an unknown
//! name a `TypeReference['Foo::Bar']` instead; [`UnknownNames::TypeReference`]
//! gives that behaviour.) Puppet's own resource types are read in any case
//! (`FILE` is `File`), and a name of no known type given to `Resource[...]`
//! is read from its text in both modes (`Resource[::Foo]` is `::Foo`,
//! `Resource[Foo['t']]` is `Foo['t']`), as the reference reads them.

mod alias_cycles;
pub mod aliases;
mod interp;
pub mod reader;

use crate::error::Result;
use crate::syntax::ast::{Expr, Program};
use crate::types::Type;
use aliases::AliasRegistry;
use interp::Interp;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What a capitalised name that is neither a built-in type nor an alias means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnknownNames {
    /// A resource type (`Foo::Bar` = `Resource['foo::bar']`), as in the language.
    #[default]
    Resource,
    /// An unresolved `TypeReference['Foo::Bar']` (the reference TypeParser's answer
    /// for names its loader does not know).
    TypeReference,
    /// As the reference's loaders answer in an environment: a resource type
    /// when the alias registry's source knows one by that name, else a
    /// `TypeReference` (see [`super::aliases::AliasSource`]).
    Loader,
}

/// Parses type expressions. Cheap to create; holds only its options.
///
/// Results are cached by source text (types are immutable and shared), in a
/// process-wide cache for parsers without aliases and in the registry for
/// parsers with aliases; [`TypeParser::cached`] turns this off.
#[derive(Clone, Copy, Debug)]
pub struct TypeParser<'a> {
    aliases: Option<&'a AliasRegistry>,
    unknown: UnknownNames,
    cache: bool,
}

impl Default for TypeParser<'_> {
    fn default() -> Self {
        TypeParser {
            aliases: None,
            unknown: UnknownNames::Resource,
            cache: true,
        }
    }
}

/// Types parsed from source texts, bounded by an estimate of the memory its
/// entries hold ([`CACHE_BYTES`]): when full it starts over.
///
/// A parse that missed may end after the definitions it read were changed
/// and the cache forgotten ([`ParseCache::forget`]); its answer is kept only
/// when no forgetting came in between (the `generation` it missed in is
/// still current), so that a parse begun after a change never finds an
/// answer computed before it.
#[derive(Default)]
pub(crate) struct ParseCache {
    map: HashMap<Box<str>, Type>,
    /// The estimated bytes of the entries.
    bytes: usize,
    /// How many times the cache was forgotten.
    generation: u64,
}

/// The most memory (estimated) one cache of parsed types holds.
pub(crate) const CACHE_BYTES: usize = 32 << 20;

/// Texts longer than this are parsed afresh every time, never cached: one
/// entry may take no more than a small share of the cache.
const CACHE_MAX_TEXT: usize = 256 << 10;

impl ParseCache {
    /// The estimated bytes an entry for `source` holds: its text, the map's
    /// slot, and the type's nodes (a node for every few bytes of text at
    /// most, 64 bytes each).
    fn cost(source: &str) -> usize {
        96 + 17 * source.len()
    }

    /// Empty the cache (when full: the answers are still right).
    fn clear(&mut self) {
        self.map = HashMap::new();
        self.bytes = 0;
    }

    /// Empty the cache because what its answers were computed from changed:
    /// answers of parses under way are not kept either. The change must be
    /// made before this is called.
    pub(crate) fn forget(&mut self) {
        self.clear();
        self.generation = self.generation.wrapping_add(1);
    }
}

/// The process-wide cache of types parsed without aliases, in the default mode.
fn global_cache() -> &'static Mutex<ParseCache> {
    static CACHE: OnceLock<Mutex<ParseCache>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(ParseCache::default()))
}

/// Look `source` up in `cache`: its type, or the generation of the cache
/// it was missed in (to give [`cache_put`]); `None` when the cache is unusable.
fn cache_get(cache: &Mutex<ParseCache>, source: &str) -> Option<std::result::Result<Type, u64>> {
    let c = cache.lock().ok()?;
    Some(c.map.get(source).cloned().ok_or(c.generation))
}

/// Remember `t` as the type of `source` in `cache` (which starts over when
/// full), unless the cache was forgotten since the miss in `generation`.
fn cache_put(cache: &Mutex<ParseCache>, source: &str, t: &Type, generation: u64) {
    if source.len() > CACHE_MAX_TEXT {
        return;
    }
    if let Ok(mut c) = cache.lock() {
        if c.generation != generation {
            return;
        }
        let cost = ParseCache::cost(source);
        if c.bytes + cost > CACHE_BYTES {
            c.clear();
        }
        if c.map.insert(source.into(), t.clone()).is_none() {
            c.bytes += cost;
        }
    }
}

/// Parse a type expression with no aliases: `parse("Array[Integer[1, 10]]")`.
pub fn parse(source: &str) -> Result<Type> {
    TypeParser::new().parse(source)
}

/// Parse a type expression resolving names through `aliases`.
pub fn parse_with_aliases(source: &str, aliases: &AliasRegistry) -> Result<Type> {
    TypeParser::new().with_aliases(aliases).parse(source)
}

impl<'a> TypeParser<'a> {
    /// A parser with no aliases, taking unknown names as resource types.
    pub fn new() -> TypeParser<'a> {
        TypeParser::default()
    }

    /// Resolve names through `aliases` too.
    pub fn with_aliases(mut self, aliases: &'a AliasRegistry) -> TypeParser<'a> {
        self.aliases = Some(aliases);
        self
    }

    /// Choose what unknown names mean.
    pub fn unknown_names(mut self, mode: UnknownNames) -> TypeParser<'a> {
        self.unknown = mode;
        self
    }

    /// Turn the cache of parsed strings on (the default) or off.
    pub fn cached(mut self, on: bool) -> TypeParser<'a> {
        self.cache = on;
        self
    }

    /// Parse `source` as one type expression.
    #[inline]
    pub fn parse(&self, source: &str) -> Result<Type> {
        if !self.cache {
            return self.parse_afresh(source);
        }
        let cache = match (self.unknown, self.aliases) {
            (UnknownNames::Resource, None) => global_cache(),
            (UnknownNames::Resource, Some(reg)) => reg.parse_cache(),
            (UnknownNames::Loader, Some(reg)) => reg.parse_cache(),
            (UnknownNames::TypeReference | UnknownNames::Loader, _) => {
                return self.parse_afresh(source)
            }
        };
        self.parse_through(cache, source)
    }

    /// [`TypeParser::parse`] without the cache.
    fn parse_afresh(&self, source: &str) -> Result<Type> {
        let interp = self.interp(source);
        match reader::read(&interp, source) {
            Some(t) => Ok(t),
            None => self.parse_general(source),
        }
    }

    /// [`TypeParser::parse`] through the parser, without the fast reader.
    fn parse_general(&self, source: &str) -> Result<Type> {
        let expr = crate::syntax::parser::parse_type_expression(source)?;
        self.interp(source).type_of(&expr)
    }

    /// [`TypeParser::parse`] through `cache`.
    #[inline(never)]
    fn parse_through(&self, cache: &Mutex<ParseCache>, source: &str) -> Result<Type> {
        let generation = match cache_get(cache, source) {
            Some(Ok(t)) => return Ok(t),
            Some(Err(generation)) => generation,
            None => return self.parse_afresh(source),
        };
        let since = crate::stop::count();
        let t = self.parse_afresh(source)?;
        // (a parse that stopped, interrupted, gives no answer to keep)
        if !crate::stop::stopped_since(since) {
            cache_put(cache, source, &t, generation);
        }
        Ok(t)
    }

    /// Interpret an already parsed expression of `program` as a type.
    pub fn interpret(&self, program: &Program, e: &Expr) -> Result<Type> {
        self.interp(&program.source).type_of(e)
    }

    /// The interpretation of trees of `src` with this parser's options.
    fn interp<'s>(&'s self, src: &'s str) -> Interp<'s> {
        Interp {
            aliases: self.aliases,
            unknown: self.unknown,
            src,
        }
    }
}
