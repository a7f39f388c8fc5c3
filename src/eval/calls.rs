//! Calls: `name(args)`, `receiver.name(args)`, type constructor calls
//! (`Integer('0x10')`, `Optional[Integer]('3')`, `String.new(1)`), and
//! the lambdas given to them.
//!
//! A name is looked up first among the program's and the environment's
//! Puppet-language functions (see [`super::loader`]), then among the
//! built-in functions ([`super::functions`]); arguments are checked against
//! the callee's signatures as the reference checks them. Errors a callee
//! raises are prefixed as the reference prefixes them ("Error while
//! evaluating a Function Call, ...") and placed at the call.

use super::flow::{EResult, Flow};
use super::interp::{err, Interp};
use super::loader::PuppetFunction;
use crate::error::{Error, Result};
use crate::syntax::ast::{Call, Expr, ExprKind, Lambda, Parameter};
use crate::syntax::span::Span;
use crate::types::calc::{describe_mismatch, describe_signatures, instance_of, Signature};
use crate::types::{factory as tf, IntRange, Type};
use crate::values::Value;
use std::sync::Arc;

/// The prefix of errors raised by a function called as `name(...)`.
pub(crate) const FUNCTION_CALL: &str = "Error while evaluating a Function Call, ";
/// The prefix of errors raised by a function called as `x.name(...)`.
pub(crate) const METHOD_CALL: &str = "Error while evaluating a Method call, ";

/// A lambda given to a call, with the scope it was written in.
#[derive(Clone, Copy)]
pub(crate) struct Block<'b> {
    pub(crate) lambda: &'b Lambda,
    /// The scope the lambda's body sees (its closure).
    pub(crate) scope: usize,
    pub(crate) span: Span,
}

/// Mark an error raised by a callee with the reference's prefix and the call's span.
pub(crate) fn prefixed(f: Flow, prefix: &str, span: Span) -> Flow {
    match f {
        Flow::Error(e) if e.span.is_none() => Flow::Error(
            Error::at(e.kind, format!("{prefix}{}", e.message), Some(span)).into_evaluation(),
        ),
        other => other,
    }
}

trait IntoEvaluation {
    fn into_evaluation(self) -> Error;
}

impl IntoEvaluation for Error {
    /// Errors of functions are evaluation errors, whatever raised them.
    fn into_evaluation(mut self) -> Error {
        if self.kind != crate::error::ErrorKind::Internal {
            self.kind = crate::error::ErrorKind::Evaluation;
        }
        self
    }
}

impl<'l> Interp<'l> {
    fn block_of<'b>(&self, lambda: &'b Option<Box<Expr>>) -> Option<Block<'b>> {
        match lambda.as_deref() {
            Some(Expr {
                kind: ExprKind::Lambda(l),
                span,
            }) => Some(Block {
                lambda: l,
                scope: self.scopes.current(),
                span: *span,
            }),
            _ => None,
        }
    }

    /// `name(args)` or `Type(args)`.
    pub(crate) fn call_function(&mut self, call: &Call, span: Span) -> EResult<Value> {
        let functor = &call.functor;
        let is_type = match &functor.kind {
            ExprKind::QualifiedReference(_) => true,
            ExprKind::Access { left, .. } => {
                matches!(left.kind, ExprKind::QualifiedReference(_))
            }
            _ => false,
        };
        if is_type {
            let t = self.eval(functor)?;
            let mut args = vec![t];
            args.extend(self.eval_list(&call.args)?);
            let block = self.block_of(&call.lambda);
            return self.call_named("new", args, block, span, FUNCTION_CALL);
        }
        let ExprKind::QualifiedName(name) = &functor.kind else {
            return Err(err(
                format!(
                    "Illegal expression. {} is unacceptable as function name in a Function Call",
                    crate::syntax::validate::label(functor)
                ),
                functor.span,
            )
            .into());
        };
        let args = self.eval_list(&call.args)?;
        let block = self.block_of(&call.lambda);
        self.call_named(name, args, block, span, FUNCTION_CALL)
    }

    /// Where the reference places a method call `left.right(...)` (else at
    /// `span`): at the parenthesis of its arguments, or at its dot when it
    /// has none.
    pub(crate) fn method_call_place(&self, left: &Expr, right: &Expr, span: Span) -> Span {
        let text = &self.source.text;
        let after = text[right.span.end as usize..].trim_start();
        if after.starts_with('(') {
            Span::at(text.len() - after.len())
        } else {
            text[left.span.end as usize..right.span.start as usize]
                .find('.')
                .map_or(span, |i| Span::at(left.span.end as usize + i))
        }
    }

    /// Where the reference places the value of `e` in an error about it: a
    /// binary operation at its operator, a method call as
    /// [`Interp::method_call_place`] says, anything else where it begins.
    pub(crate) fn value_place(&self, e: &Expr) -> Span {
        match &e.kind {
            ExprKind::Binary { op_span, .. } => *op_span,
            ExprKind::CallMethod(call) => match &call.functor.kind {
                ExprKind::NamedAccess { left, right } => {
                    self.method_call_place(left, right, e.span)
                }
                _ => e.span,
            },
            _ => e.span,
        }
    }

    /// `receiver.name(args)`.
    pub(crate) fn call_method(&mut self, call: &Call, span: Span) -> EResult<Value> {
        let ExprKind::NamedAccess { left, right } = &call.functor.kind else {
            return Err(err("Illegal method call", call.functor.span).into());
        };
        let ExprKind::QualifiedName(name) = &right.kind else {
            return Err(err("Illegal method name", right.span).into());
        };
        let span = self.method_call_place(left, right, span);
        let receiver = match &left.kind {
            ExprKind::Unfold(inner) => {
                let v = self.eval(inner)?;
                super::unfold(v).into_iter().next().unwrap_or(Value::Undef)
            }
            _ => self.eval(left)?,
        };
        // a URI's parts are its attributes (`$u.host`, `$u.port`); any other
        // method call is a function call with the receiver first
        if let Value::Uri(u) = &receiver {
            if let Some(v) = u.part(name) {
                if !call.args.is_empty() {
                    return Err(prefixed(
                        Error::evaluation(format!(
                            "'{name}' expects no arguments, got {}",
                            call.args.len()
                        ))
                        .into(),
                        METHOD_CALL,
                        span,
                    ));
                }
                return Ok(v);
            }
        }
        let mut args = Vec::with_capacity(call.args.len() + 1);
        args.push(receiver);
        args.extend(self.eval_list(&call.args)?);
        let block = self.block_of(&call.lambda);
        self.call_named(name, args, block, span, METHOD_CALL)
    }

    /// Call the function `name`: a Puppet-language function the loader
    /// knows, else a built-in one.
    pub(crate) fn call_named(
        &mut self,
        name: &str,
        args: Vec<Value>,
        block: Option<Block>,
        span: Span,
        prefix: &str,
    ) -> EResult<Value> {
        let name = name.strip_prefix("::").unwrap_or(name);
        if let Some(f) = self.loader.function(name) {
            if block.is_some() {
                return Err(prefixed(
                    Error::evaluation(format!("'{name}' does not expect a block")).into(),
                    prefix,
                    span,
                ));
            }
            return self
                .call_puppet(&f, args, span)
                .map_err(|e| prefixed(e, prefix, span));
        }
        match super::functions::lookup(name) {
            Some(builtin) => {
                self.enter(span)?;
                let r = super::functions::invoke(self, builtin, args, block, span);
                self.leave();
                r.map_err(|e| prefixed(e, prefix, span))
            }
            None => match self.loader.ruby_function(name) {
                Some(file) => Err(err(
                    format!(
                        "The function '{name}' is written in Ruby ({file}) and is not supported by this evaluator"
                    ),
                    span,
                )
                .into()),
                None => Err(err(format!("Unknown function: '{name}'."), span).into()),
            },
        }
    }

    /// The types of the parameters of `params` (Any when untyped), evaluated
    /// in the current scope.
    fn parameter_types(&mut self, params: &[Parameter]) -> EResult<Vec<Type>> {
        let mut out = Vec::with_capacity(params.len());
        for p in params {
            out.push(match &p.type_expr {
                None => tf::any(),
                Some(te) => match self.eval(te)?.into_type() {
                    Ok(t) => t,
                    Err(_) => return Err(err("A parameter type must be a type", te.span).into()),
                },
            });
        }
        Ok(out)
    }

    /// The `Callable` type of a block, as signatures see it.
    pub(crate) fn block_type(&mut self, block: &Block) -> EResult<Type> {
        let params = &block.lambda.parameters;
        let types = self.parameter_types(params)?;
        let (min, max) = arity(params);
        Ok(tf::callable(
            types,
            Some(IntRange::new(Some(min as i64), max.map(|m| m as i64))),
            None,
            None,
        )?)
    }

    /// Call a lambda with `args` (extra arguments are dropped) in a scope
    /// whose parent is the lambda's closure; `next(v)` ends it with `v`.
    pub(crate) fn call_block(&mut self, block: &Block, args: Vec<Value>) -> EResult<Value> {
        if self.steps.stop() {
            return Err(err("Evaluation interrupted", block.span).into());
        }
        self.enter(block.span)?;
        self.scopes.push(block.scope);
        let r = self
            .bind_parameters(&block.lambda.parameters, args, "block", true)
            .and_then(|()| self.eval_opt(&block.lambda.body));
        self.scopes.pop();
        self.leave();
        match r {
            Err(Flow::Next(v, _)) => Ok(*v),
            other => other,
        }
    }

    /// Bind `params` to `args` in the current (new) scope: defaults for
    /// missing arguments, a captures-rest parameter takes the rest, each
    /// value checked against the parameter's type.
    fn bind_parameters(
        &mut self,
        params: &[Parameter],
        args: Vec<Value>,
        label: &str,
        lambda: bool,
    ) -> EResult<()> {
        let mut args = args.into_iter();
        for p in params {
            let t = match &p.type_expr {
                None => None,
                Some(te) => match self.eval(te)?.into_type() {
                    Ok(t) => Some(t),
                    Err(_) => return Err(err("A parameter type must be a type", te.span).into()),
                },
            };
            let v = if p.captures_rest {
                let rest: Vec<Value> = args.by_ref().collect();
                if let Some(t) = &t {
                    for x in &rest {
                        self.check_parameter(t, x, label, &p.name)?;
                    }
                }
                Value::array(rest)
            } else {
                let v = match args.next() {
                    Some(v) => v,
                    None => match &p.value {
                        Some(d) => self.eval(d)?,
                        None if lambda => {
                            return Err(err(
                                format!("Parameter ${} is required but no value was given", p.name),
                                p.span,
                            )
                            .into())
                        }
                        None => Value::Undef,
                    },
                };
                if let Some(t) = &t {
                    self.check_parameter(t, &v, label, &p.name)?;
                }
                v
            };
            self.scopes.bind(&p.name, v);
        }
        Ok(())
    }

    fn check_parameter(&self, t: &Type, v: &Value, label: &str, name: &str) -> Result<()> {
        if instance_of(t, v) {
            return Ok(());
        }
        let text = describe_mismatch(t, v, Some(&format!("parameter '{name}'")))
            .unwrap_or_else(|| format!("parameter '{name}' has a wrong type"));
        Err(Error::evaluation(format!("{label} {text}")))
    }

    /// Call a Puppet-language function: check the arguments against its
    /// signature, bind them in a scope whose parent is the top scope, run
    /// the body (`return(v)` and `next(v)` end it), check the returned value.
    pub(crate) fn call_puppet(
        &mut self,
        f: &Arc<PuppetFunction>,
        args: Vec<Value>,
        span: Span,
    ) -> EResult<Value> {
        let saved = std::mem::replace(&mut self.source, f.source.clone());
        self.enter(span)?;
        let r = self.run_puppet(f, args);
        self.leave();
        let own_source = Arc::ptr_eq(&self.source, &saved);
        self.source = saved;
        match r {
            Ok(v) => Ok(v),
            Err(flow) => {
                let e = match flow {
                    Flow::Return(v, _) | Flow::Next(v, _) => return Ok(*v),
                    other => other.into_error(),
                };
                if !own_source && self.located.is_none() {
                    if let Some(s) = e.span {
                        self.located = Some((f.source.clone(), s));
                    }
                }
                Err(e.into())
            }
        }
    }

    fn run_puppet(&mut self, f: &Arc<PuppetFunction>, args: Vec<Value>) -> EResult<Value> {
        let Some(def) = f.body.definition() else {
            return Err(Error::evaluation("The function has no definition").into());
        };
        let types = self.parameter_types(&def.parameters)?;
        let (min, max) = arity(&def.parameters);
        let params = tf::tuple_sized(types.clone(), Some(min as i64), max.map(|m| m as i64))?;
        let names: Vec<String> = def.parameters.iter().map(|p| p.name.clone()).collect();
        let sig = Signature {
            params: &params,
            names: &names,
            block: None,
            block_name: "",
        };
        if !crate::types::calc::signature_accepts(&sig, &args, None) {
            let actual: Vec<Type> = args.iter().map(crate::types::calc::infer_set).collect();
            let label = format!("'{}'", def.name);
            return Err(
                Error::evaluation(describe_signatures(&label, &[sig], &actual, None)).into(),
            );
        }
        self.scopes.push(0);
        let r = self
            .bind_parameters(&def.parameters, args, "", false)
            .and_then(|()| self.eval_opt(&def.body));
        self.scopes.pop();
        let v = match r {
            Ok(v) => v,
            Err(Flow::Return(v, _)) | Err(Flow::Next(v, _)) => *v,
            Err(other) => return Err(other),
        };
        if let Some(rt) = &def.return_type {
            if let Ok(t) = self.eval(rt)?.into_type() {
                if !instance_of(&t, &v) {
                    let label = format!("value returned from {}", def.name);
                    let text = describe_mismatch(&t, &v, Some(&label))
                        .unwrap_or_else(|| format!("{label} has wrong type"));
                    let text = text.replacen(&label, &format!("{label} has wrong type,"), 1);
                    return Err(Error::evaluation(text).into());
                }
            }
        }
        Ok(v)
    }
}

/// How many arguments parameters take: the required ones, and all (`None`
/// with a captures-rest parameter).
pub(crate) fn arity(params: &[Parameter]) -> (usize, Option<usize>) {
    let required = params
        .iter()
        .take_while(|p| p.value.is_none() && !p.captures_rest)
        .count();
    let max = if params.last().is_some_and(|p| p.captures_rest) {
        None
    } else {
        Some(params.len())
    };
    (required, max)
}
