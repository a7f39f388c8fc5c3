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
    pub(crate) fn access_type(&self, name: &str, params: &[Value], span: Span) -> Result<Type> {
        let name = bare(name);
        match create::builtin(name) {
            Some((n, b)) => create::create_known(n, b, params).map_err(|err| self.map(err, span)),
            None => self.other(name, params, span),
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
    fn other(&self, name: &str, params: &[Value], span: Span) -> Result<Type> {
        if let Some(reg) = self.aliases {
            if let Some(t) = reg.lookup(name).map_err(|err| err.with_span(span))? {
                if !params.is_empty() {
                    return Err(
                        Error::type_error(format!("Not a parameterized type <{name}>"))
                            .with_span(span),
                    );
                }
                return Ok(t);
            }
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
