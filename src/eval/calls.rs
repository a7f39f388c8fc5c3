//! Calls: type constructor calls (`Integer('0x10')`, `String.new(1, '%05d')`),
//! the built-in functions `type`, `size`/`length`, `keys`, `values`, the
//! logging functions, and the iteration functions `each`, `map`, `filter` and
//! `reduce` with their lambdas.

use super::convert::{new_array, new_boolean, new_float, new_hash, new_integer, new_numeric};
use super::{err, truthy, Evaluator, MAX_ITERATIONS};
use crate::error::{Error, Result};
use crate::syntax::ast::{Call, Expr, ExprKind, Lambda};
use crate::syntax::span::Span;
use crate::types::calc::{instance_of, type_of, TypeOfMode};
use crate::values::{Value, ValueMap};

/// The elements iterating `v` yields, or `None` when `v` is not iterable.
pub(crate) fn iterate(v: &Value, limit: usize) -> Option<Result<Vec<Value>>> {
    Some(match v {
        Value::Array(a) => Ok((**a).clone()),
        Value::Hash(h) => Ok(h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect()),
        Value::String(s) => Ok(s.chars().map(|c| Value::string(c.to_string())).collect()),
        Value::Integer(n) => {
            if *n > limit as i64 {
                Err(Error::evaluation(format!(
                    "Iteration over {n} elements exceeds the limit of {limit}"
                )))
            } else {
                Ok((0..(*n).max(0)).map(Value::Integer).collect())
            }
        }
        Value::Type(t) if crate::types::calc::is_iterable(t) => {
            if let crate::types::TypeKind::Integer(r) = t.kind() {
                if let (Some(a), Some(b)) = (r.from, r.to) {
                    if (b as i128 - a as i128) >= limit as i128 {
                        return Some(Err(Error::evaluation(format!(
                            "Iteration over {t} exceeds the limit of {limit} elements"
                        ))));
                    }
                }
            }
            crate::types::calc::iterate_type(t).map_err(|e| Error::evaluation(e.into_message()))
        }
        _ => return None,
    })
}

/// The types with a constructor of their own.
const CONSTRUCTORS: &[&str] = &[
    "Integer",
    "Float",
    "Numeric",
    "Boolean",
    "Array",
    "Hash",
    "String",
    "SemVer",
    "SemVerRange",
    "Timespan",
    "Timestamp",
    "Binary",
    "URI",
    "Deferred",
    "Sensitive",
];

/// Construct a value of the type named `name` from `args` (`Type.new(args)`).
pub(crate) fn construct(name: &str, args: &[Value]) -> Result<Value> {
    match name {
        "Integer" => new_integer(args),
        "Float" => new_float(args),
        "Numeric" => new_numeric(args),
        "Boolean" => new_boolean(args),
        "Array" => new_array(args, MAX_ITERATIONS),
        "Hash" => new_hash(args),
        "String" => new_string(args),
        "SemVer" | "SemVerRange" | "Timespan" | "Timestamp" | "Binary" | "URI" | "Deferred"
        | "Sensitive" => crate::values::new::new_value(name, args)
            .map_err(|e| Error::evaluation(e.into_message())),
        other => Err(Error::evaluation(format!(
            "Creation of new instance of type '{other}' is not supported"
        ))),
    }
}

/// `String.new(value, format)`.
fn new_string(args: &[Value]) -> Result<Value> {
    use crate::format::{string, Format};
    let (v, fmt) = match args {
        [v] => (v, Format::Default),
        [v, Value::String(f)] => (v, Format::Text(f.to_string())),
        [v, Value::Default] => (v, Format::Default),
        [v, Value::Hash(h)] => (
            v,
            Format::Map(crate::format::FormatMap::from_value(h).map_err(|e| {
                Error::evaluation(format!(
                    "'new_string' parameter 'string_formats' {}",
                    e.message
                ))
            })?),
        ),
        [_, other] => {
            return Err(Error::evaluation(format!(
                "'new_string' parameter 'string_formats' expects a String or Hash value, got {}",
                crate::types::calc::infer_generic(other)
            )))
        }
        _ => {
            return Err(Error::evaluation(format!(
                "'new_string' expects between 1 and 2 arguments, got {}",
                args.len()
            )))
        }
    };
    string(v, &fmt)
        .map(Value::string)
        .map_err(|e| Error::evaluation(e.into_message()))
}

impl Evaluator<'_> {
    /// `name(args)` or `Type(args)`.
    pub(crate) fn call_function(&mut self, call: &Call, span: Span) -> Result<Value> {
        let args = self.eval_list(&call.args)?;
        let prefix = "Error while evaluating a Function Call, ";
        match &call.functor.kind {
            ExprKind::QualifiedReference(name) => {
                let name = name.strip_prefix("::").unwrap_or(name);
                let canonical =
                    crate::types::construct::parameters::builtin_name(name).unwrap_or(name);
                construct(canonical, &args).map_err(|e| prefixed(e, prefix, span))
            }
            ExprKind::QualifiedName(name) => {
                let name = name.strip_prefix("::").unwrap_or(name);
                self.builtin(name, args, call.lambda.as_deref(), span, prefix)
            }
            _ => Err(err("Illegal function name", call.functor.span)),
        }
    }

    /// `receiver.name(args)`.
    pub(crate) fn call_method(&mut self, call: &Call, span: Span) -> Result<Value> {
        let ExprKind::NamedAccess { left, right } = &call.functor.kind else {
            return Err(err("Illegal method call", call.functor.span));
        };
        let ExprKind::QualifiedName(name) = &right.kind else {
            return Err(err("Illegal method name", right.span));
        };
        let receiver = self.eval(left)?;
        let mut args = self.eval_list(&call.args)?;
        let prefix = "Error while evaluating a Method call, ";
        if let (Value::Type(t), "new") = (&receiver, name.as_str()) {
            let tname = t.to_string();
            let base = tname.split('[').next().unwrap_or("");
            let known = CONSTRUCTORS.contains(&base);
            if !known {
                if let [v] = args.as_slice() {
                    if instance_of(t, v) {
                        return Ok(v.clone());
                    }
                }
            }
            return construct(if known { base } else { &tname }, &args)
                .map_err(|e| prefixed(e, prefix, span));
        }
        args.insert(0, receiver);
        self.builtin(name, args, call.lambda.as_deref(), span, prefix)
    }

    fn builtin(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&Expr>,
        span: Span,
        prefix: &str,
    ) -> Result<Value> {
        let lambda = match lambda.map(|l| &l.kind) {
            Some(ExprKind::Lambda(l)) => Some(&**l),
            _ => None,
        };
        let own = |e: Error| prefixed(e, prefix, span);
        match name {
            "each" | "map" | "filter" | "reduce" => {
                let Some(lambda) = lambda else {
                    return Err(own(Error::evaluation(format!("'{name}' expects a block"))));
                };
                self.iteration(name, &args, lambda, span, prefix)
            }
            "type" => {
                let mode = match args.get(1) {
                    None => TypeOfMode::Detailed,
                    Some(Value::String(m)) if &**m == "detailed" => TypeOfMode::Detailed,
                    Some(Value::String(m)) if &**m == "reduced" => TypeOfMode::Reduced,
                    Some(Value::String(m)) if &**m == "generalized" => TypeOfMode::Generalized,
                    Some(other) => {
                        let got = match other {
                            Value::String(s) => format!("'{s}'"),
                            v => crate::types::calc::infer_generic(v).to_string(),
                        };
                        return Err(own(Error::evaluation(format!(
                            "'type' parameter 'inference_method' expects a match for Enum['detailed', 'generalized', 'reduced'], got {got}"
                        ))));
                    }
                };
                match args.first() {
                    Some(v) if args.len() <= 2 => Ok(Value::Type(type_of(v, mode))),
                    _ => Err(own(Error::evaluation(format!(
                        "'type' expects between 1 and 2 arguments, got {}",
                        args.len()
                    )))),
                }
            }
            "size" | "length" => match args.as_slice() {
                [Value::Array(a)] => Ok(Value::Integer(a.len() as i64)),
                [Value::Hash(h)] => Ok(Value::Integer(h.len() as i64)),
                [Value::String(s)] => Ok(Value::Integer(s.chars().count() as i64)),
                [Value::Binary(b)] => Ok(Value::Integer(b.bytes.len() as i64)),
                _ => Err(own(Error::evaluation(format!(
                    "'{name}' expects one Collection, String or Binary argument"
                )))),
            },
            "keys" | "values" => match args.as_slice() {
                [Value::Hash(h)] => Ok(Value::array(if name == "keys" {
                    h.keys().cloned().collect()
                } else {
                    h.values().cloned().collect()
                })),
                _ => Err(own(Error::evaluation(format!(
                    "'{name}' expects one Hash argument"
                )))),
            },
            "notice" | "info" | "warning" | "debug" | "err" | "alert" | "crit" | "emerg" => {
                Ok(Value::Undef)
            }
            "include" | "require" | "contain" | "realize" | "tag" | "tagged" | "defined" => {
                Err(err(
                    format!("The function '{name}' needs a catalog and is not supported by this evaluator"),
                    span,
                ))
            }
            _ => Err(err(format!("Unknown function: '{name}'."), span)),
        }
    }

    fn iteration(
        &mut self,
        name: &str,
        args: &[Value],
        lambda: &Lambda,
        span: Span,
        prefix: &str,
    ) -> Result<Value> {
        let own = |e: Error| prefixed(e, prefix, span);
        let Some(receiver) = args.first() else {
            return Err(own(Error::evaluation(format!(
                "'{name}' expects at least 1 argument, got none"
            ))));
        };
        let max_args = if name == "reduce" { 3 } else { 2 };
        if args.len() > max_args {
            return Err(own(Error::evaluation(format!(
                "'{name}' expects at most {max_args} arguments, got {}",
                args.len()
            ))));
        }
        let items = match iterate(receiver, MAX_ITERATIONS) {
            Some(items) => items.map_err(own)?,
            None => {
                return Err(own(Error::evaluation(format!(
                    "'{name}' expects an Iterable value, got {}",
                    crate::types::calc::infer_generic(receiver)
                ))))
            }
        };
        let nparams = lambda.parameters.len();
        let required = lambda
            .parameters
            .iter()
            .filter(|p| p.value.is_none() && !p.captures_rest)
            .count();
        if name == "reduce" {
            if nparams != 2 {
                return Err(own(Error::evaluation(format!(
                    "'reduce' block expects 2 arguments, got {nparams}"
                ))));
            }
            let mut it = items.into_iter();
            let mut memo = match args.get(1) {
                Some(m) => m.clone(),
                None => match it.next() {
                    Some(first) => first,
                    None => return Ok(Value::Undef),
                },
            };
            for x in it {
                memo = self.call_lambda(lambda, vec![memo, x], span, prefix)?;
            }
            return Ok(memo);
        }
        if nparams == 0 || required > 2 {
            return Err(own(Error::evaluation(format!(
                "'{name}' block expects between 1 and 2 arguments, got {}",
                nparams.max(required)
            ))));
        }
        let is_hash = matches!(receiver, Value::Hash(_));
        let mut mapped = Vec::new();
        let mut kept_pairs = ValueMap::new();
        let mut kept = Vec::new();
        for (i, x) in items.into_iter().enumerate() {
            let call_args = if nparams >= 2 {
                match (&x, is_hash) {
                    (Value::Array(pair), true) => vec![pair[0].clone(), pair[1].clone()],
                    _ => vec![Value::Integer(i as i64), x.clone()],
                }
            } else {
                vec![x.clone()]
            };
            let r = self.call_lambda(lambda, call_args, span, prefix)?;
            match name {
                "map" => mapped.push(r),
                "filter" if truthy(&r) => match (&x, is_hash) {
                    (Value::Array(pair), true) => {
                        kept_pairs.insert(pair[0].clone(), pair[1].clone());
                    }
                    _ => kept.push(x),
                },
                _ => {}
            }
        }
        Ok(match name {
            "map" => Value::array(mapped),
            "filter" if is_hash => Value::hash(kept_pairs),
            "filter" => Value::array(kept),
            _ => receiver.clone(),
        })
    }

    /// Call `lambda` with `args` in a new frame.
    fn call_lambda(
        &mut self,
        lambda: &Lambda,
        args: Vec<Value>,
        span: Span,
        prefix: &str,
    ) -> Result<Value> {
        if self.steps.stop() {
            return Err(err("Evaluation interrupted", span));
        }
        let mut vars = Vec::with_capacity(lambda.parameters.len());
        let mut args = args.into_iter();
        for p in &lambda.parameters {
            let v = if p.captures_rest {
                Value::array(args.by_ref().collect())
            } else {
                match args.next() {
                    Some(v) => v,
                    None => match &p.value {
                        Some(d) => self.eval(d)?,
                        None => {
                            return Err(prefixed(
                                Error::evaluation(format!(
                                    "block expects a value for parameter '{}'",
                                    p.name
                                )),
                                prefix,
                                span,
                            ))
                        }
                    },
                }
            };
            if let Some(te) = &p.type_expr {
                let t = match self.eval(te)?.into_type() {
                    Ok(t) => t,
                    Err(_) => return Err(err("A parameter type must be a type", te.span)),
                };
                let ok = if p.captures_rest {
                    matches!(&v, Value::Array(a) if a.iter().all(|x| instance_of(&t, x)))
                } else {
                    instance_of(&t, &v)
                };
                if !ok {
                    return Err(prefixed(
                        Error::evaluation(format!(
                            "block parameter '{}' expects {} value, got {}",
                            p.name,
                            super::ops::a_type_name(&Value::Type(t.clone()))
                                .replace("a Type", &article(&t.to_string())),
                            type_name_only(&v)
                        )),
                        prefix,
                        span,
                    ));
                }
            }
            vars.push((p.name.clone(), v));
        }
        self.scope.push(vars);
        let r = self.eval_opt(&lambda.body);
        self.scope.pop();
        r
    }
}

fn article(name: &str) -> String {
    if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}

fn type_name_only(v: &Value) -> String {
    let t = crate::types::calc::infer_generic(v).to_string();
    t.split('[').next().unwrap_or("").to_string()
}

/// Mark an error raised by a function itself with the reference's prefix and the call's span.
fn prefixed(e: Error, prefix: &str, span: Span) -> Error {
    if e.span.is_some() {
        return e;
    }
    Error::evaluation(format!("{prefix}{}", e.message)).with_span(span)
}
