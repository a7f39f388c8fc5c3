//! TypeParser: type expressions (source text) to [`Type`]s.
//!
//! The text is parsed by the project's one parser
//! ([`crate::syntax::parser`]); this module interprets the resulting AST as
//! the reference's `TypeParser` does: a type is a `QualifiedReference`
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
//! gives that behaviour.)

use super::aliases::AliasRegistry;
use super::create::{self, CreateError};
use super::factory as tf;
use super::model::Type;
use crate::error::{Error, Result};
use crate::syntax::ast::{Expr, ExprKind, Program};
use crate::values::{SemVerRange, Timespan, Value, ValueMap};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// What a capitalised name that is neither a built-in type nor an alias means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnknownNames {
    /// A resource type (`Foo::Bar` = `Resource['foo::bar']`), as in the language.
    #[default]
    Resource,
    /// An unresolved `TypeReference['Foo::Bar']` (the reference TypeParser's answer
    /// for names its loader does not know).
    TypeReference,
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

/// How many parsed strings the process-wide cache keeps before it starts over.
const CACHE_LIMIT: usize = 8192;

/// The process-wide cache of types parsed without aliases, in the default mode.
fn global_cache() -> &'static Mutex<HashMap<Box<str>, Type>> {
    static CACHE: OnceLock<Mutex<HashMap<Box<str>, Type>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Look `source` up in `cache`.
pub(crate) fn cache_get(cache: &Mutex<HashMap<Box<str>, Type>>, source: &str) -> Option<Type> {
    cache.lock().ok()?.get(source).cloned()
}

/// Remember `t` as the type of `source` in `cache` (which starts over when full).
pub(crate) fn cache_put(cache: &Mutex<HashMap<Box<str>, Type>>, source: &str, t: &Type) {
    if let Ok(mut m) = cache.lock() {
        if m.len() >= CACHE_LIMIT {
            m.clear();
        }
        m.insert(source.into(), t.clone());
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
    pub fn parse(&self, source: &str) -> Result<Type> {
        let cache = match (self.cache, self.unknown, self.aliases) {
            (true, UnknownNames::Resource, None) => Some(global_cache()),
            (true, UnknownNames::Resource, Some(reg)) => Some(reg.parse_cache()),
            _ => None,
        };
        if let Some(c) = cache {
            if let Some(t) = cache_get(c, source) {
                return Ok(t);
            }
        }
        let expr = crate::syntax::parser::parse_type_expression(source)?;
        let t = Interp {
            p: self,
            src: source,
        }
        .type_of(&expr)?;
        if let Some(c) = cache {
            cache_put(c, source, &t);
        }
        Ok(t)
    }

    /// Interpret an already parsed expression of `program` as a type.
    pub fn interpret(&self, program: &Program, e: &Expr) -> Result<Type> {
        Interp {
            p: self,
            src: &program.source,
        }
        .type_of(e)
    }
}

/// Interpretation of the tree of one source text.
struct Interp<'p, 'a> {
    p: &'p TypeParser<'a>,
    /// The source text the tree's spans point into.
    src: &'p str,
}

impl Interp<'_, '_> {
    fn text(&self, e: &Expr) -> &str {
        self.src.get(e.span.range()).unwrap_or("")
    }

    fn invalid(&self, e: &Expr) -> Error {
        Error::type_error(create::invalid_spec_message(self.text(e))).with_span(e.span)
    }

    /// The expression as a type.
    fn type_of(&self, e: &Expr) -> Result<Type> {
        match &e.kind {
            ExprKind::QualifiedReference(name) => {
                // a built-in name alone (the commonest operand) needs no more
                let bare = name.strip_prefix("::").unwrap_or(name);
                match create::builtin_type(bare) {
                    Some(t) => Ok(t),
                    None => self.named(name, &[], e),
                }
            }
            ExprKind::Access { left, keys } => match &left.kind {
                ExprKind::QualifiedReference(name) => {
                    // the parameters of one type, on the stack when there are few
                    const FEW: usize = 4;
                    if keys.len() <= FEW {
                        let mut params: [Value; FEW] = std::array::from_fn(|_| Value::Undef);
                        for (slot, k) in params.iter_mut().zip(keys) {
                            *slot = self.value_of(k)?;
                        }
                        return self.named(name, &params[..keys.len()], e);
                    }
                    let mut params = Vec::with_capacity(keys.len());
                    for k in keys {
                        params.push(self.value_of(k)?);
                    }
                    self.named(name, &params, e)
                }
                _ => Err(self.invalid(e)),
            },
            _ => Err(self.invalid(e)),
        }
    }

    /// The type `name[params]` for the expression `e`.
    fn named(&self, name: &str, params: &[Value], e: &Expr) -> Result<Type> {
        let name = name.strip_prefix("::").unwrap_or(name);
        let map = |err: CreateError| match err {
            CreateError::InvalidSpec => self.invalid(e),
            CreateError::Other(err) => err.with_span(e.span),
        };
        if let Some(t) = create::create_builtin(name, params).map_err(map)? {
            return Ok(t);
        }
        if let Some(reg) = self.p.aliases {
            if let Some(t) = reg.lookup(name).map_err(|err| err.with_span(e.span))? {
                if !params.is_empty() {
                    return Err(
                        Error::type_error(format!("Not a parameterized type <{name}>"))
                            .with_span(e.span),
                    );
                }
                return Ok(t);
            }
        }
        match self.p.unknown {
            UnknownNames::Resource => create::create_resource_shorthand(name, params).map_err(map),
            UnknownNames::TypeReference => Ok(tf::type_reference(self.text(e))),
        }
    }

    /// The expression as a type parameter value.
    fn value_of(&self, e: &Expr) -> Result<Value> {
        Ok(match &e.kind {
            ExprKind::LiteralInteger { value, .. } => Value::Integer(*value),
            ExprKind::LiteralFloat(x) => Value::Float(*x),
            ExprKind::LiteralBoolean(b) => Value::Boolean(*b),
            ExprKind::LiteralDefault => Value::Default,
            ExprKind::LiteralUndef => Value::Undef,
            ExprKind::LiteralString(s) | ExprKind::QualifiedName(s) => {
                Value::String(s.as_str().into())
            }
            ExprKind::LiteralRegex(r) => {
                Value::Regexp(create::cached_regexp(r).map_err(|err| err.with_span(e.span))?)
            }
            ExprKind::UnaryMinus(inner) => match &inner.kind {
                ExprKind::LiteralInteger { value, .. } => {
                    Value::Integer(value.checked_neg().ok_or_else(|| self.invalid(e))?)
                }
                ExprKind::LiteralFloat(x) => Value::Float(-x),
                _ => return Err(self.invalid(e)),
            },
            ExprKind::QualifiedReference(_) | ExprKind::Access { .. } => {
                Value::Type(self.type_of(e)?)
            }
            ExprKind::LiteralList(items) => {
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    out.push(self.value_of(i)?);
                }
                Value::Array(Arc::new(out))
            }
            ExprKind::LiteralHash { entries, .. } => {
                let mut map = ValueMap::with_capacity(entries.len());
                for en in entries {
                    let k = self.value_of(&en.key)?;
                    let v = self.value_of(&en.value)?;
                    map.insert(k, v);
                }
                Value::Hash(Arc::new(map))
            }
            ExprKind::CallNamedFunction(call) => self.constructor(e, call)?,
            _ => return Err(self.invalid(e)),
        })
    }

    /// A constructor call inside type parameters: `SemVerRange('>=1.0.0')`, `Timespan(10)`.
    fn constructor(&self, e: &Expr, call: &crate::syntax::ast::Call) -> Result<Value> {
        let ExprKind::QualifiedReference(name) = &call.functor.kind else {
            return Err(self.invalid(e));
        };
        if call.lambda.is_some() {
            return Err(self.invalid(e));
        }
        let mut args = Vec::with_capacity(call.args.len());
        for a in &call.args {
            args.push(self.value_of(a)?);
        }
        let bad = |what: &str| {
            Error::type_error(format!(
                "{name}({}) cannot create a {what}",
                args.iter()
                    .map(create::source_text_value)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
            .with_span(e.span)
        };
        match (create::builtin_name(name), args.as_slice()) {
            (Some("SemVerRange"), [Value::String(s)]) => Ok(Value::SemVerRange(Arc::new(
                SemVerRange::parse(s).map_err(|err| err.with_span(e.span))?,
            ))),
            (Some("Timespan"), [Value::Integer(i)]) => {
                Ok(Value::Timespan(Timespan::from_seconds(*i)))
            }
            (Some("Timespan"), [Value::Float(x)]) => Ok(Value::Timespan(
                Timespan::from_float_seconds(*x).map_err(|err| err.with_span(e.span))?,
            )),
            (Some("Timespan"), [Value::String(s)]) => Ok(Value::Timespan(
                Timespan::parse_default(s).map_err(|err| err.with_span(e.span))?,
            )),
            (Some(n @ ("SemVerRange" | "Timespan")), _) => Err(bad(n)),
            _ => Err(self.invalid(e)),
        }
    }
}
