//! Interpretation of a parsed type expression (the AST of
//! [`crate::syntax::parser::parse_type_expression`]) as a [`Type`], for
//! [`crate::types::parse::TypeParser`].
//!
//! The general way evaluates every access key to a [`Value`] and hands the
//! values to [`create`], which validates them as the reference does. The
//! commonest shapes of the commonest built-in types (`Integer[1, 10]`,
//! `Array[String, 1]`, `Enum[a, b]`, `Struct[{a => Integer}]`, ...) are built
//! straight from the keys instead ([`Interp::direct`]), without the
//! intermediate values; any other shape goes the general way, so that answers
//! and errors stay exactly those of [`create`]. A test checks both ways
//! against each other.

use crate::error::{Error, Result};
use crate::syntax::ast::{Call, Expr, ExprKind, KeyedEntry};
use crate::types::aliases::AliasRegistry;
use crate::types::construct::parameters::{self as create, Builtin, CreateError};
use crate::types::factory::{self as tf, KeyMode};
use crate::types::model::{SmolStr, Type, TypeKind};
use crate::types::parse::UnknownNames;
use crate::values::{Regexp, SemVerRange, Timespan, Value, ValueMap};
use smallvec::SmallVec;
use std::sync::Arc;

/// Interpretation of the tree of one source text.
pub(crate) struct Interp<'p> {
    /// The registry whose aliases names resolve to.
    pub aliases: Option<&'p AliasRegistry>,
    /// What names that resolve to nothing else mean.
    pub unknown: UnknownNames,
    /// The source text the tree's spans point into.
    pub src: &'p str,
    /// Build the common shapes straight from the keys (false only in tests,
    /// which compare both ways).
    pub direct: bool,
}

/// Access keys of a type are few: these many stay on the stack.
const FEW: usize = 4;

/// The name without a leading `::`.
fn bare(name: &str) -> &str {
    name.strip_prefix("::").unwrap_or(name)
}

/// True for a key that is a type expression (evaluated with [`Interp::type_of`]).
fn is_type(k: &Expr) -> bool {
    matches!(
        k.kind,
        ExprKind::QualifiedReference(_) | ExprKind::Access { .. }
    )
}

/// A key that is an Integer literal (possibly negated) or `default`: a bound,
/// `None` for `default`; `None` overall for any other key.
fn bound(k: &Expr) -> Option<Option<i64>> {
    match &k.kind {
        ExprKind::LiteralInteger { value, .. } => Some(Some(*value)),
        ExprKind::LiteralDefault => Some(None),
        ExprKind::UnaryMinus(inner) => match inner.kind {
            ExprKind::LiteralInteger { value, .. } => value.checked_neg().map(Some),
            _ => None,
        },
        _ => None,
    }
}

/// As [`bound`] for a Float bound: Integer and Float literals and `default`.
fn float_bound(k: &Expr) -> Option<Option<f64>> {
    match &k.kind {
        ExprKind::LiteralFloat(x) => Some(Some(*x)),
        ExprKind::UnaryMinus(inner) => match inner.kind {
            ExprKind::LiteralFloat(x) => Some(Some(-x)),
            _ => bound(k).map(|b| b.map(|i| i as f64)),
        },
        _ => bound(k).map(|b| b.map(|i| i as f64)),
    }
}

/// A key that is a string: a string literal or a bare word.
fn string(k: &Expr) -> Option<&str> {
    match &k.kind {
        ExprKind::LiteralString(s) | ExprKind::QualifiedName(s) => Some(s.as_str()),
        _ => None,
    }
}

/// As [`string`], the tree's own string.
fn smol_string(k: &Expr) -> Option<&SmolStr> {
    match &k.kind {
        ExprKind::LiteralString(s) | ExprKind::QualifiedName(s) => Some(s),
        _ => None,
    }
}

/// A Struct key `Optional[name]` or `NotUndef[name]`: the name and its mode.
fn struct_key_wrapped(k: &Expr) -> Option<(&SmolStr, KeyMode)> {
    let ExprKind::Access { left, keys } = &k.kind else {
        return None;
    };
    let mode = match &left.kind {
        ExprKind::QualifiedReference(n) => match create::builtin(bare(n)) {
            Some((_, Builtin::Optional)) => KeyMode::Optional,
            Some((_, Builtin::NotUndef)) => KeyMode::NotUndef,
            _ => return None,
        },
        _ => return None,
    };
    match keys.as_slice() {
        [k] => Some((smol_string(k)?, mode)),
        _ => None,
    }
}

/// A resource title: a string or an Integer literal (as text).
fn title(k: &Expr) -> Option<String> {
    match &k.kind {
        ExprKind::LiteralInteger { value, .. } => Some(value.to_string()),
        _ => string(k).map(str::to_string),
    }
}

/// An evaluated key of a Callable's parameter list.
enum Item {
    Type(Type),
    Bound(Option<i64>),
}

/// The bounds of up to two keys that are all bounds (`[from]` or `[from, to]`).
fn bounds(keys: &[Expr]) -> Option<(Option<i64>, Option<i64>)> {
    match keys {
        [a] => Some((bound(a)?, None)),
        [a, b] => Some((bound(a)?, bound(b)?)),
        _ => None,
    }
}

impl Interp<'_> {
    fn text(&self, e: &Expr) -> &str {
        self.src.get(e.span.range()).unwrap_or("")
    }

    fn invalid(&self, e: &Expr) -> Error {
        Error::type_error(create::invalid_spec_message(self.text(e))).with_span(e.span)
    }

    /// The expression as a type.
    pub(crate) fn type_of(&self, e: &Expr) -> Result<Type> {
        match &e.kind {
            ExprKind::QualifiedReference(name) => match create::builtin(bare(name)) {
                // a built-in name alone (the commonest operand) needs no more
                Some((_, b)) => Ok(create::canonical_type(b)),
                None => self.other(bare(name), &[], e),
            },
            ExprKind::Access { left, keys } => self.access(left, keys, e),
            _ => Err(self.invalid(e)),
        }
    }

    /// The access `left[keys]` (the expression `e`) as a type.
    #[inline(never)]
    fn access(&self, left: &Expr, keys: &[Expr], e: &Expr) -> Result<Type> {
        let ExprKind::QualifiedReference(name) = &left.kind else {
            return Err(self.invalid(e));
        };
        let name = bare(name);
        let builtin = create::builtin(name);
        if self.direct && !keys.is_empty() {
            let direct = match builtin {
                Some((_, b)) => self.direct(b, keys, e),
                None => self.direct_resource_shorthand(name, keys, e),
            };
            if let Some(t) = direct {
                return t;
            }
        }
        self.general(name, builtin, keys, e)
    }

    /// The general way: `name[keys]` from the values of the keys.
    #[inline(never)]
    fn general(
        &self,
        name: &str,
        builtin: Option<(&'static str, Builtin)>,
        keys: &[Expr],
        e: &Expr,
    ) -> Result<Type> {
        let mut params: SmallVec<[Value; FEW]> = SmallVec::with_capacity(keys.len());
        for k in keys {
            params.push(self.value_of(k)?);
        }
        match builtin {
            Some((n, b)) => create::create_known(n, b, &params).map_err(|err| self.map(err, e)),
            None => self.other(name, &params, e),
        }
    }

    /// A [`CreateError`] for the expression `e`.
    fn map(&self, err: CreateError, e: &Expr) -> Error {
        match err {
            CreateError::InvalidSpec => self.invalid(e),
            CreateError::Other(err) => err.with_span(e.span),
        }
    }

    /// The type `name[params]` of a name that is not a built-in type: an alias
    /// or else, as chosen, a resource type or a type reference.
    fn other(&self, name: &str, params: &[Value], e: &Expr) -> Result<Type> {
        if let Some(reg) = self.aliases {
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
        match self.unknown {
            UnknownNames::Resource => {
                create::create_resource_shorthand(name, params).map_err(|err| self.map(err, e))
            }
            UnknownNames::TypeReference => Ok(tf::type_reference(self.text(e))),
            UnknownNames::Loader => match self.aliases {
                Some(reg) if reg.is_resource_type(name) => {
                    create::create_resource_shorthand(name, params).map_err(|err| self.map(err, e))
                }
                _ => Ok(tf::type_reference(self.text(e))),
            },
        }
    }

    /// The built-in type `b[keys]` built straight from the keys, when they
    /// have one of the common shapes; `None` for the general way.
    ///
    /// Shapes are checked before anything is evaluated, and the keys are
    /// evaluated in order, so that the first error is the one the general way
    /// reports; any key the general way could take differently is left to it.
    fn direct(&self, b: Builtin, keys: &[Expr], e: &Expr) -> Option<Result<Type>> {
        use Builtin as B;
        let at = |err: Error| err.with_span(e.span);
        Some(match (b, keys) {
            (B::Integer, _) => {
                let (from, to) = bounds(keys)?;
                tf::range(from, to).map_err(at)
            }
            (B::Float, [a]) => tf::float_range(float_bound(a)?, None).map_err(at),
            (B::Float, [a, z]) => tf::float_range(float_bound(a)?, float_bound(z)?).map_err(at),
            (B::String, _) => {
                let (from, to) = bounds(keys)?;
                tf::size_range(from, to).map(tf::string_sized).map_err(at)
            }
            (B::Collection, _) => {
                let (from, to) = bounds(keys)?;
                tf::size_range(from, to)
                    .map(|r| Type::from_kind(TypeKind::Collection(Some(r))))
                    .map_err(at)
            }
            (B::Boolean, [k]) => match k.kind {
                ExprKind::LiteralBoolean(v) => Ok(tf::boolean_value(v)),
                _ => return None,
            },
            (B::Enum, _) => self.direct_enum(keys)?,
            (B::Pattern, _) => self.direct_pattern(keys, e)?,
            (B::Regexp, [k]) => match (&k.kind, string(k)) {
                (ExprKind::LiteralRegex(r), _) => Regexp::cached(r)
                    .map(|r| tf::regexp(Some(r)))
                    .map_err(|err| err.with_span(k.span)),
                (_, Some(s)) => Regexp::cached(s).map(|r| tf::regexp(Some(r))).map_err(at),
                _ => return None,
            },
            (B::Array, [t, rest @ ..]) if is_type(t) => {
                let size = match rest {
                    [] => None,
                    _ => Some(bounds(rest)?),
                };
                self.type_of(t).and_then(|t| match size {
                    None => Ok(tf::array_of(t)),
                    Some((from, to)) => tf::size_range(from, to)
                        .map(|r| tf::array_sized(t, r))
                        .map_err(at),
                })
            }
            (B::Array, [a, z]) => {
                let (from, to) = (bound(a)?, bound(z)?);
                tf::size_range(from, to)
                    .map(|r| tf::array_sized(tf::default(), r))
                    .map_err(at)
            }
            (B::Hash, [k, v, rest @ ..]) if is_type(k) && is_type(v) => {
                let size = match rest {
                    [] => None,
                    _ => Some(bounds(rest)?),
                };
                self.type_of(k).and_then(|k| {
                    let v = self.type_of(v)?;
                    match size {
                        None => Ok(tf::hash_kv(k, v)),
                        Some((from, to)) => tf::size_range(from, to)
                            .map(|r| tf::hash_sized(k, v, r))
                            .map_err(at),
                    }
                })
            }
            (B::Hash, [a, z]) => {
                let (from, to) = (bound(a)?, bound(z)?);
                tf::size_range(from, to)
                    .map(|r| tf::hash_sized(tf::default(), tf::default(), r))
                    .map_err(at)
            }
            (B::Optional | B::NotUndef, [k]) => {
                let t = if is_type(k) {
                    match self.type_of(k) {
                        Ok(t) => t,
                        Err(err) => return Some(Err(err)),
                    }
                } else {
                    tf::string_value(string(k)?)
                };
                Ok(if b == B::Optional {
                    tf::optional(Some(t))
                } else {
                    tf::not_undef(Some(t))
                })
            }
            (B::Type | B::Iterable | B::Iterator | B::Sensitive, [k]) if is_type(k) => {
                self.type_of(k).map(|t| match b {
                    B::Type => tf::type_type(Some(t)),
                    B::Iterable => tf::iterable(Some(t)),
                    B::Iterator => tf::iterator(Some(t)),
                    _ => tf::sensitive(Some(t)),
                })
            }
            (B::Variant, _) if keys.iter().all(is_type) => self.types(keys).map(tf::variant),
            (B::Tuple, _) => self.direct_tuple(keys, e)?,
            (B::Struct, [k]) => match &k.kind {
                ExprKind::LiteralHash { entries, .. } => self.direct_struct(entries, e)?,
                _ => return None,
            },
            (B::Class, [k]) => Ok(tf::host_class(Some(string(k)?))),
            (B::Callable, [k, r]) if is_type(r) => match &k.kind {
                ExprKind::LiteralList(items) => {
                    let items = match self.callable_items(items)? {
                        Ok(items) => items,
                        Err(err) => return Some(Err(err)),
                    };
                    let ret = match self.type_of(r) {
                        Ok(t) => t,
                        Err(err) => return Some(Err(err)),
                    };
                    return self.callable_of(items, Some(ret), e).transpose();
                }
                _ => self.direct_callable(keys, e)?,
            },
            (B::Callable, _) => self.direct_callable(keys, e)?,
            (B::Resource, [n, rest @ ..]) if rest.len() <= 1 => {
                let title = match rest {
                    [] => None,
                    [t] => Some(title(t)?),
                    _ => return None,
                };
                let name: Option<Arc<str>> = match string(n) {
                    Some(s) => Some(s.into()),
                    None if is_type(n) => match self.type_of(n) {
                        Ok(t) => match t.kind() {
                            TypeKind::Resource { type_name, .. } => type_name.clone(),
                            _ => return None,
                        },
                        Err(err) => return Some(Err(err)),
                    },
                    None => return None,
                };
                match name {
                    // `Resource[Resource, 'x']` has no type name to attach the title to.
                    None => Ok(tf::resource_any()),
                    Some(n) => tf::resource(Some(&n), title.as_deref()).map_err(at),
                }
            }
            _ => return None,
        })
    }

    /// `Name['title']` of a name that is not a built-in type, with no
    /// aliases to look in and unknown names taken as resource types.
    fn direct_resource_shorthand(
        &self,
        name: &str,
        keys: &[Expr],
        e: &Expr,
    ) -> Option<Result<Type>> {
        if self.aliases.is_some() || self.unknown != UnknownNames::Resource {
            return None;
        }
        match keys {
            [t] => Some(
                tf::resource(Some(name), Some(&title(t)?)).map_err(|err| err.with_span(e.span)),
            ),
            _ => None,
        }
    }

    /// `Callable[params..., from?, to?, block?]` whose keys are types and bounds.
    fn direct_callable(&self, keys: &[Expr], e: &Expr) -> Option<Result<Type>> {
        match self.callable_items(keys)? {
            Ok(items) => self.callable_of(items, None, e).transpose(),
            Err(err) => Some(Err(err)),
        }
    }

    /// The keys of a Callable's parameter list evaluated, when each is a type
    /// or a bound; `None` for any other key.
    fn callable_items(&self, keys: &[Expr]) -> Option<Result<SmallVec<[Item; FEW]>>> {
        if !keys.iter().all(|k| is_type(k) || bound(k).is_some()) {
            return None;
        }
        let mut items = SmallVec::with_capacity(keys.len());
        for k in keys {
            items.push(match bound(k) {
                Some(b) => Item::Bound(b),
                None => match self.type_of(k) {
                    Ok(t) => Item::Type(t),
                    Err(err) => return Some(Err(err)),
                },
            });
        }
        Some(Ok(items))
    }

    /// The Callable of evaluated parameter list `items` (as
    /// `create`'s `callable_from` takes them), `Ok(None)` for a list that
    /// the general way must judge.
    fn callable_of(
        &self,
        mut items: SmallVec<[Item; FEW]>,
        return_type: Option<Type>,
        e: &Expr,
    ) -> Result<Option<Type>> {
        let block = match items.last() {
            Some(Item::Type(b)) if create::is_block_type(b) => match items.pop() {
                Some(Item::Type(b)) => Some(b),
                _ => None,
            },
            _ => None,
        };
        let n = items.len();
        let (types, size) = match (n >= 2, items.get(n.wrapping_sub(2)), items.last()) {
            (true, Some(Item::Bound(a)), Some(Item::Bound(z))) => (n - 2, Some((*a, *z))),
            (_, _, Some(Item::Bound(a))) => (n - 1, Some((*a, None))),
            _ => (n, None),
        };
        items.truncate(types);
        let mut ts = Vec::with_capacity(types);
        for item in items {
            ts.push(match item {
                Item::Type(t) => t,
                // an Integer stands for `Integer`, as the reference infers it
                Item::Bound(Some(_)) => tf::integer(),
                Item::Bound(None) => return Ok(None),
            });
        }
        let at = |err: Error| err.with_span(e.span);
        let size = match size {
            None => None,
            Some((a, z)) => Some(tf::size_range(a, z).map_err(at)?),
        };
        tf::callable(ts, size, block, return_type)
            .map(Some)
            .map_err(at)
    }

    /// The types of `keys`, all type expressions.
    fn types(&self, keys: &[Expr]) -> Result<Vec<Type>> {
        let mut ts = Vec::with_capacity(keys.len());
        for k in keys {
            ts.push(self.type_of(k)?);
        }
        Ok(ts)
    }

    /// `Enum[strings...]` with an optional trailing case-insensitivity flag.
    fn direct_enum(&self, keys: &[Expr]) -> Option<Result<Type>> {
        let (strings, ci) = match keys.split_last() {
            Some((
                Expr {
                    kind: ExprKind::LiteralBoolean(ci),
                    ..
                },
                rest,
            )) => (rest, *ci),
            _ => (keys, false),
        };
        if strings.is_empty() {
            return None;
        }
        let mut values: Vec<SmolStr> = Vec::with_capacity(strings.len());
        for k in strings {
            values.push(smol_string(k)?.clone());
        }
        Some(Ok(tf::enum_of_texts(values, ci)))
    }

    /// `Pattern[...]` of regexps only or of strings only (the general way
    /// compiles regexp literals before strings: mixed keys go that way).
    fn direct_pattern(&self, keys: &[Expr], e: &Expr) -> Option<Result<Type>> {
        let regexps = matches!(keys.first()?.kind, ExprKind::LiteralRegex(_));
        let mut out: Vec<Regexp> = Vec::with_capacity(keys.len());
        for k in keys {
            let compiled = match (&k.kind, regexps) {
                (ExprKind::LiteralRegex(r), true) => {
                    Regexp::cached(r).map_err(|err| err.with_span(k.span))
                }
                (_, false) => Regexp::cached(string(k)?).map_err(|err| err.with_span(e.span)),
                _ => return None,
            };
            match compiled {
                Ok(r) => out.push(r),
                // (the keys after this one may still make it the general way's case)
                Err(err) => {
                    return keys
                        .iter()
                        .all(|k| match regexps {
                            true => matches!(k.kind, ExprKind::LiteralRegex(_)),
                            false => string(k).is_some(),
                        })
                        .then_some(Err(err))
                }
            }
        }
        Some(Ok(tf::pattern(out)))
    }

    /// `Tuple[types..., from?, to?]`.
    fn direct_tuple(&self, keys: &[Expr], e: &Expr) -> Option<Result<Type>> {
        let n = keys.len();
        let (types, size) = match (
            n.checked_sub(2)
                .map(|i| (bound(&keys[i]), bound(&keys[n - 1]))),
            keys.last().map(bound),
        ) {
            (Some((Some(a), Some(z))), _) => (&keys[..n - 2], Some((a, z))),
            (_, Some(Some(a))) => (&keys[..n - 1], Some((a, None))),
            _ => (keys, None),
        };
        if !types.iter().all(is_type) {
            return None;
        }
        Some(self.types(types).and_then(|ts| match size {
            None => Ok(tf::tuple(ts)),
            // Tuple checks a `default` lower bound as 0 against the upper one.
            Some((a, z)) => {
                tf::tuple_sized(ts, a.or(Some(0)), z).map_err(|err| err.with_span(e.span))
            }
        }))
    }

    /// `Struct[{key => type, ...}]` whose keys are strings or
    /// `Optional`/`NotUndef` of one string, and whose values are types.
    /// The key names are the tree's own strings (shared, not copied).
    fn direct_struct(&self, entries: &[KeyedEntry], e: &Expr) -> Option<Result<Type>> {
        let mut out: SmallVec<[(SmolStr, KeyMode, Type); FEW]> =
            SmallVec::with_capacity(entries.len());
        for en in entries {
            let key = match smol_string(&en.key) {
                Some(s) => (s, KeyMode::Plain),
                None => struct_key_wrapped(&en.key)?,
            };
            if !is_type(&en.value) {
                return None;
            }
            match self.type_of(&en.value) {
                Ok(t) => out.push((key.0.clone(), key.1, t)),
                Err(err) => return Some(Err(err)),
            }
        }
        Some(tf::struct_of_names(out).map_err(|err| err.with_span(e.span)))
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
                Value::Regexp(Regexp::cached(r).map_err(|err| err.with_span(e.span))?)
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
    fn constructor(&self, e: &Expr, call: &Call) -> Result<Value> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parser::parse_type_expression;

    /// Interpret `src` the direct way or only the general way.
    fn interpret(src: &str, direct: bool, unknown: UnknownNames) -> Option<Result<Type>> {
        let expr = parse_type_expression(src).ok()?;
        let i = Interp {
            aliases: None,
            unknown,
            src,
            direct,
        };
        Some(i.type_of(&expr))
    }

    /// Type strings: the reference fixture's, the benchmark's, and shapes at
    /// the edges of [`Interp::direct`].
    fn inputs() -> Vec<String> {
        let mut v: Vec<String> = include_str!("../../../tests/fixtures/types/canonical.tsv")
            .lines()
            .filter_map(|l| l.split('\t').next())
            .chain(
                include_str!("../../../spec/fixtures/type_strings.txt")
                    .lines()
                    .filter(|l| !l.starts_with('#')),
            )
            .map(str::to_string)
            .collect();
        for s in [
            "Integer[-9223372036854775808]",
            "Integer[- 1, -0x10]",
            "Float[-1, -2.5]",
            "Float[2, 1]",
            "Float[-9223372036854775808]",
            "String[Integer[1, 2]]",
            "String[-1]",
            "Collection[3, 2]",
            "Array[String, -1]",
            "Array[String, 2, 1]",
            "Array[Foo[1, 2], 1]",
            "Array[Strin[1], 1, 2, 3]",
            "Array[String, Integer]",
            "Array[1]",
            "Array[1, 'a']",
            "Hash[String, Integer, 3, 1]",
            "Hash[String, 1]",
            "Hash[String, Integer, Integer]",
            "Hash[default, default]",
            "Enum[true]",
            "Enum[a, true, b]",
            "Enum[a, false]",
            "Enum['a', 1]",
            "Enum[b, a, b]",
            "Pattern[/(/, '(']",
            "Pattern['(', /(/]",
            "Pattern[/a/, /(/, 'b']",
            "Pattern[/a/, '(', /(/]",
            "Pattern['a', /b/]",
            "Pattern['(', 'x']",
            "Pattern[a, b]",
            "Regexp[/(/]",
            "Regexp['(']",
            "Regexp[foo]",
            "Regexp[1]",
            "Optional[foo]",
            "Optional[1]",
            "Optional[Foo[1, 2, 3]]",
            "NotUndef['']",
            "Sensitive[Integer[2, 1]]",
            "Iterable['a']",
            "Variant[Integer, 1]",
            "Variant[Integer, Integer, Variant[String, Integer]]",
            "Variant[Integer[2, 1], Strin[1]]",
            "Tuple[1, 2]",
            "Tuple[String, 1, 2, 3]",
            "Tuple[String, 3, 1]",
            "Tuple[String, default, 1]",
            "Tuple[String, 1, Integer]",
            "Tuple[String, -1]",
            "Tuple[default]",
            "Struct[{a => 1}]",
            "Struct[{a => Integer, NotUndef[''] => String}]",
            "Struct[{a => Strin[1], '' => String}]",
            "Struct[{'a' => Optional[Integer], Optional[b] => Variant[Undef, String], NotUndef[c] => Variant[Integer, Undef]}]",
            "Struct[{a_very_long_key_name_beyond_the_inline_size => Integer, Optional['another_long_key_name_beyond_inline'] => String}]",
            "Struct[{a => Integer, b => String, c => Float, d => Boolean, e => Undef}]",
            "Struct[{a => Integer, b => String, a => Float}]",
            "Struct[{a => Integer, a => String}]",
            "Struct[{a => Integer, 'a' => String, Optional[a] => Float}]",
            "Struct[{'' => Integer}]",
            "Struct[{Optional[''] => Integer}]",
            "Struct[{NotUndef[a] => Optional[String]}]",
            "Struct[{Optional[a] => Optional[String]}]",
            "Struct[{Optional[Enum[a]] => String}]",
            "Struct[{Optional[a, b] => String}]",
            "Struct[{Variant[a] => String}]",
            "Struct[{a => Strin[1], b => 1}]",
            "Struct[{a => String, b => 1.5}]",
            "Struct[a => Integer]",
            "Class[foo, bar]",
            "Class['::foo']",
            "Boolean[1]",
            "Integer[]",
            "Variant[]",
            "Foo::Bar[1, 2]",
            "Foo::Bar[-1]",
            "Foo::Bar[default]",
            "foo[x]",
            "File[1]",
            "File['']",
            "Resource[File, 1]",
            "Resource[File, -1]",
            "Resource[Resource, 'x']",
            "Resource[Integer, 'x']",
            "Resource['', 'x']",
            "Resource[foo::bar, x]",
            "Resource[File['a'], 'x']",
            "Resource[1]",
            "Resource[File, Integer]",
            "Resource[Strin[1], 'x']",
            "Callable[1, String]",
            "Callable[default, String]",
            "Callable[String, default]",
            "Callable[String, default, default]",
            "Callable[String, 2, 1]",
            "Callable[String, -1]",
            "Callable[Callable]",
            "Callable[Optional[Callable]]",
            "Callable[String, Optional[Callable[Integer]]]",
            "Callable[String, 1, 2, Callable]",
            "Callable[Callable, Callable]",
            "Callable[Optional[Integer]]",
            "Callable[[String], Integer, 1]",
            "Callable[[String, 1, 2], Integer]",
            "Callable[[String, Callable], Any]",
            "Callable[[String], 1]",
            "Callable[[String, 'a'], Integer]",
            "Callable[[Strin[1]], Integer[2, 1]]",
            "Callable[[String], Integer[2, 1]]",
            "Callable[String, [String]]",
            "Callable['a']",
            "Callable[Strin[1], 1, 2]",
            "Callable[String, Integer[2, 1], 1]",
        ] {
            v.push(s.to_string());
        }
        v
    }

    /// The benchmark's type strings with one character dropped, or replaced
    /// by a character that changes the shape of a key.
    fn mutations() -> Vec<String> {
        let mut v = Vec::new();
        for line in include_str!("../../../spec/fixtures/type_strings.txt").lines() {
            let chars: Vec<char> = line.chars().collect();
            for i in 0..chars.len() {
                let mut dropped = chars.clone();
                dropped.remove(i);
                v.push(dropped.into_iter().collect());
                for c in ['1', '-', 'x', '['] {
                    let mut replaced = chars.clone();
                    replaced[i] = c;
                    v.push(replaced.into_iter().collect());
                }
            }
        }
        v
    }

    #[test]
    fn direct_and_general_ways_agree() {
        let mut compared = 0;
        for src in inputs().into_iter().chain(mutations()) {
            for unknown in [UnknownNames::Resource, UnknownNames::TypeReference] {
                let (Some(direct), Some(general)) = (
                    interpret(&src, true, unknown),
                    interpret(&src, false, unknown),
                ) else {
                    continue;
                };
                match (direct, general) {
                    (Ok(a), Ok(b)) => {
                        assert_eq!(a, b, "{src}");
                        assert_eq!(a.to_string(), b.to_string(), "{src}");
                    }
                    (Err(a), Err(b)) => {
                        assert_eq!(
                            (a.kind, &a.message, a.span),
                            (b.kind, &b.message, b.span),
                            "{src}"
                        );
                    }
                    (a, b) => panic!("{src}: {a:?} vs {b:?}"),
                }
                compared += 1;
            }
        }
        assert!(compared > 20000, "{compared}");
    }
}
