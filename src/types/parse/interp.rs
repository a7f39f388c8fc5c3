//! Interpretation of a parsed type expression (the AST of
//! [`crate::syntax::parser::parse_type_expression`]) as a [`Type`], for
//! [`super::TypeParser`]: every access key is evaluated to a [`Value`], and
//! the name and the values go to [`Interp::access_type`], which resolves the
//! name (built-in type, alias, resource type or type reference) and builds
//! the type through [`create`], with the reference's checks and messages.
//! The fast reader ([`super::reader`]) resolves its names through the same
//! two functions ([`Interp::name_type`], [`Interp::access_type`]).

use super::aliases::AliasRegistry;
use super::UnknownNames;
use crate::error::{Error, Result};
use crate::syntax::ast::{Call, Expr, ExprKind};
use crate::syntax::span::Span;
use crate::types::builtin::builtin_resource_type;
use crate::types::construct::parameters::{self as create, CreateError};
use crate::types::factory as tf;
use crate::types::Type;
use crate::values::{Regexp, SemVerRange, Timespan, Value, ValueMap};
use smallvec::SmallVec;
use std::sync::Arc;

/// Interpretation of the type expressions of one source text.
pub(crate) struct Interp<'p> {
    /// The registry whose aliases names resolve to.
    pub aliases: Option<&'p AliasRegistry>,
    /// What names that resolve to nothing else mean.
    pub unknown: UnknownNames,
    /// The source text the spans point into.
    pub src: &'p str,
}

/// Access keys of a type are few: these many stay on the stack.
const FEW: usize = 4;

/// The built-in `Resource`.
fn resource_builtin() -> create::Builtin {
    match create::builtin("Resource") {
        Some((_, b)) => b,
        None => unreachable!("Resource is a built-in type"),
    }
}

/// The error of parameters given to a type that takes none.
fn unparameterized(written: &str) -> String {
    format!("Not a parameterized type <{written}>")
}

/// The error of `::Name[params]` for the built-in type `Name` (`n`), which
/// the reference looks up as a loader's type, not as its own: only its
/// `Resource` takes a parameter there, and only `undef` (a title needs a
/// type name; `::Resource[undef]` is `Resource`).
fn absolute_access(written: &str, n: &str, params: &[Value]) -> Result<Type> {
    Err(match (n, params) {
        ("Resource", [Value::Undef]) => return Ok(tf::resource_any()),
        ("Resource", [_]) => Error::type_error("The type name cannot be nil, if title is given"),
        ("Resource", _) => Error::type_error(format!(
            "Invalid number of type parameters specified: {written} requires 1, {} provided",
            params.len()
        )),
        ("Object", _) => Error::type_error("The Object-Type cannot be parameterized using []"),
        _ => Error::type_error(unparameterized(written)),
    })
}

/// The name without a leading `::`.
fn bare(name: &str) -> &str {
    name.strip_prefix("::").unwrap_or(name)
}

impl Interp<'_> {
    fn text(&self, span: Span) -> &str {
        self.src.get(span.range()).unwrap_or("")
    }

    /// `The expression <...> is not a valid type specification.` for the
    /// expression at `span`.
    fn invalid(&self, span: Span) -> Error {
        Error::type_error(create::invalid_spec_message(self.text(span))).with_span(span)
    }

    /// The expression as a type.
    pub(crate) fn type_of(&self, e: &Expr) -> Result<Type> {
        match &e.kind {
            ExprKind::QualifiedReference(name) => self.name_type(name, e.span),
            ExprKind::Access { left, keys } => {
                let ExprKind::QualifiedReference(name) = &left.kind else {
                    return Err(self.invalid(e.span));
                };
                if let Some(t) = self.resource_of_unknown(name, keys, e.span)? {
                    return Ok(t);
                }
                let mut params: SmallVec<[Value; FEW]> = SmallVec::with_capacity(keys.len());
                for k in keys {
                    // (types nest thousands deep: on more stack when the thread's runs low)
                    params.push(crate::stack::deep(|| self.value_of(k))?);
                }
                self.access_type(name, &params, e.span)
            }
            _ => Err(self.invalid(e.span)),
        }
    }

    /// The type a name alone (`Integer`, `Stdlib::Port`) at `span` stands for.
    pub(crate) fn name_type(&self, name: &str, span: Span) -> Result<Type> {
        let name = bare(name);
        match create::builtin(name) {
            Some((_, b)) => Ok(create::canonical_type(b)),
            None => self.other(name, &[], span),
        }
    }

    /// The type `name[params]` (the access at `span`).
    pub(crate) fn access_type(&self, written: &str, params: &[Value], span: Span) -> Result<Type> {
        let name = bare(written);
        match create::builtin(name) {
            Some((n, _)) if written.len() != name.len() && !params.is_empty() => {
                absolute_access(written, n, params).map_err(|e| e.with_span(span))
            }
            Some((n, b)) => create::create_known(n, b, params).map_err(|err| match err {
                // (named as written: `DATA[1]` is "Not a parameterized type <DATA>")
                CreateError::Other(e) if e.to_string() == unparameterized(n) => {
                    Error::type_error(unparameterized(written)).with_span(span)
                }
                err => self.map(err, span),
            }),
            None => self.other(written, params, span),
        }
    }

    /// A [`CreateError`] for the expression at `span`.
    fn map(&self, err: CreateError, span: Span) -> Error {
        match err {
            CreateError::InvalidSpec => self.invalid(span),
            CreateError::Other(err) => err.with_span(span),
        }
    }

    /// The type `name[params]` of a name that is not a built-in type: an alias
    /// or else, as chosen, a resource type or a type reference.
    fn other(&self, written: &str, params: &[Value], span: Span) -> Result<Type> {
        let name = bare(written);
        if let Some(reg) = self.aliases {
            if let Some(t) = reg.lookup(name).map_err(|err| err.with_span(span))? {
                if !params.is_empty() {
                    return Err(Error::type_error(unparameterized(written)).with_span(span));
                }
                return Ok(t);
            }
        }
        // Puppet's own resource types, in any case (`FILE` is `File`)
        if let Some(own) = builtin_resource_type(name) {
            if params.len() > 1 {
                // (named as written: `::FILE['a', 'b']`)
                return Err(Error::type_error(format!(
                    "Invalid number of type parameters specified: {written} requires 1, {} provided",
                    params.len()
                ))
                .with_span(span));
            }
            return create::create_resource_shorthand(own, params)
                .map_err(|err| self.map(err, span));
        }
        match self.unknown {
            UnknownNames::Resource => {
                create::create_resource_shorthand(name, params).map_err(|err| self.map(err, span))
            }
            UnknownNames::TypeReference => Ok(tf::type_reference(self.text(span))),
            UnknownNames::Loader => match self.aliases {
                Some(reg) if reg.is_resource_type(name) => {
                    create::create_resource_shorthand(name, params)
                        .map_err(|err| self.map(err, span))
                }
                _ => Ok(tf::type_reference(self.text(span))),
            },
        }
    }

    /// `Resource[name, ...]` whose first key is a name of no known type,
    /// alone or with keys (`Resource[::Foo]`, `Resource[Foo['t']]`): the
    /// name is taken as written (its leading `::` kept) and the keys after
    /// it give the title, as the reference, which holds such a name as a
    /// type reference, reads its text: `Foo['t']` is the type name and its
    /// one key the title, and the `Resource` keys after it are left out.
    /// `None` for any other access.
    fn resource_of_unknown(&self, name: &str, keys: &[Expr], span: Span) -> Result<Option<Type>> {
        if !self.is_resource_access(name) {
            return Ok(None);
        }
        let Some(first) = keys.first() else {
            return Ok(None);
        };
        let (type_name, title_keys) = match &first.kind {
            ExprKind::QualifiedReference(n) => (n, None),
            ExprKind::Access { left, keys } => match &left.kind {
                ExprKind::QualifiedReference(n) => (n, Some(keys)),
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        if !self.is_unknown(type_name)? {
            return Ok(None);
        }
        let Some(title_keys) = title_keys else {
            let mut params: SmallVec<[Value; FEW]> = SmallVec::new();
            params.push(Value::String(type_name.as_str().into()));
            for k in &keys[1..] {
                params.push(crate::stack::deep(|| self.value_of(k))?);
            }
            return create::create_known("Resource", resource_builtin(), &params)
                .map(Some)
                .map_err(|err| self.map(err, span));
        };
        if title_keys.len() != 1 {
            return Err(Error::type_error(format!(
                "Invalid number of type parameters specified: {} requires 1, {} provided",
                tf::type_reference(self.text(first.span)),
                title_keys.len()
            ))
            .with_span(first.span));
        }
        let title = match &crate::stack::deep(|| self.value_of(&title_keys[0]))? {
            Value::String(t) => Some(t.to_string()),
            Value::Integer(i) => Some(i.to_string()),
            Value::Undef => None,
            // (the reference keeps any value as a title: `Foo[default]`)
            _ => return Err(self.invalid(first.span)),
        };
        tf::resource(Some(type_name), title.as_deref())
            .map(Some)
            .map_err(|err| err.with_span(first.span))
    }

    /// True when `name` is the built-in `Resource` (in any case, without
    /// `::`, which makes it a loader's name: see `absolute_access`).
    pub(crate) fn is_resource_access(&self, name: &str) -> bool {
        matches!(create::builtin(name), Some((n, _)) if n == "Resource")
    }

    /// True when `name` is no built-in type, alias or resource type known
    /// here (the names `other` gives a type reference, or the resource type
    /// of that name by default).
    fn is_unknown(&self, name: &str) -> Result<bool> {
        let name = bare(name);
        if create::builtin(name).is_some() || builtin_resource_type(name).is_some() {
            return Ok(false);
        }
        if let Some(reg) = self.aliases {
            if reg.lookup(name)?.is_some() {
                return Ok(false);
            }
            if self.unknown == UnknownNames::Loader && reg.is_resource_type(name) {
                return Ok(false);
            }
        }
        Ok(true)
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
                    Value::Integer(value.checked_neg().ok_or_else(|| self.invalid(e.span))?)
                }
                ExprKind::LiteralFloat(x) => Value::Float(-x),
                _ => return Err(self.invalid(e.span)),
            },
            ExprKind::QualifiedReference(_) | ExprKind::Access { .. } => {
                Value::Type(self.type_of(e)?)
            }
            ExprKind::LiteralList(items) => {
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    out.push(crate::stack::deep(|| self.value_of(i))?);
                }
                Value::Array(Arc::new(out))
            }
            ExprKind::LiteralHash { entries, .. } => {
                let mut map = ValueMap::with_capacity(entries.len());
                for en in entries {
                    let k = crate::stack::deep(|| self.value_of(&en.key))?;
                    let v = crate::stack::deep(|| self.value_of(&en.value))?;
                    map.insert(k, v);
                }
                Value::Hash(Arc::new(map))
            }
            ExprKind::CallNamedFunction(call) => self.constructor(e, call)?,
            _ => return Err(self.invalid(e.span)),
        })
    }

    /// A constructor call inside type parameters: `SemVerRange('>=1.0.0')`, `Timespan(10)`.
    fn constructor(&self, e: &Expr, call: &Call) -> Result<Value> {
        let ExprKind::QualifiedReference(name) = &call.functor.kind else {
            return Err(self.invalid(e.span));
        };
        if call.lambda.is_some() {
            return Err(self.invalid(e.span));
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
            _ => Err(self.invalid(e.span)),
        }
    }
}
