//! The evaluator of the Puppet expression language: literals, variables,
//! operators, conditionals, access, type constructor calls and the iteration
//! functions, over the AST of [`crate::syntax::ast`], answering as Puppet 7's
//! `EvaluatingParser#evaluate_string` does.
//!
//! Catalog constructs (resources, classes, definitions, relationships,
//! collectors) are not evaluated: they give an evaluation error naming the
//! construct. Recursion is bounded by [`MAX_DEPTH`] and iteration by
//! [`MAX_ITERATIONS`].

mod access;
mod calls;
mod convert;
mod ops;
mod scope;
mod text;

#[cfg(test)]
mod tests;

use crate::error::{Error, Result};
use crate::syntax::ast::{BinaryOp, Expr, ExprKind, Program};
use crate::syntax::span::Span;
use crate::values::{Value, ValueMap};
use indexmap::IndexMap;
use scope::Scope;
use std::sync::Arc;

pub use convert::{to_number, truthy};
pub use text::interpolate;

/// How deep evaluation may nest (expressions within expressions, lambda calls).
pub const MAX_DEPTH: usize = 1000;

/// The most elements one iteration (`each`, `map`, an Integer range) may
/// visit, and the most elements an array or hash built by `+` or `<<` may have.
pub const MAX_ITERATIONS: usize = 10_000_000;

/// The longest string interpolation may build (bytes): doubling a string a
/// few dozen times would otherwise exhaust memory and abort the process.
pub const MAX_STRING_BYTES: usize = 256 * 1024 * 1024;

/// Evaluate `program` with the given top-level `variables` (names without `$`);
/// the result is the value of the last expression.
pub fn evaluate(program: &Program, variables: &IndexMap<String, Value>) -> Result<Value> {
    let mut ev = Evaluator::new(program, variables);
    ev.eval(&program.body)
}

/// Evaluate one expression `e` of `program`, with no variables set.
pub fn evaluate_expression(program: &Program, e: &Expr) -> Result<Value> {
    let variables = IndexMap::new();
    Evaluator::new(program, &variables).eval(e)
}

/// Parse and evaluate `source` (a convenience over [`evaluate`]).
pub fn evaluate_str(source: &str, variables: &IndexMap<String, Value>) -> Result<Value> {
    let program = crate::syntax::parser::parse(source)?;
    evaluate(&program, variables)
}

/// The state of one evaluation.
pub(crate) struct Evaluator<'p> {
    pub(crate) program: &'p Program,
    pub(crate) scope: Scope,
    depth: usize,
    /// Steps of this evaluation, for stopping it when the host asks (see [`crate::stop`]).
    pub(crate) steps: crate::stop::Steps,
}

/// An evaluation error at `span`.
pub(crate) fn err(message: impl Into<String>, span: Span) -> Error {
    Error::evaluation(message).with_span(span)
}

impl<'p> Evaluator<'p> {
    fn new(program: &'p Program, variables: &IndexMap<String, Value>) -> Evaluator<'p> {
        Evaluator {
            program,
            scope: Scope::new(variables),
            depth: 0,
            steps: crate::stop::Steps::default(),
        }
    }

    /// Evaluate one expression.
    pub(crate) fn eval(&mut self, e: &Expr) -> Result<Value> {
        if self.steps.stop() {
            return Err(err("Evaluation interrupted", e.span));
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(err("Evaluation nested too deeply", e.span));
        }
        // (on more stack when the thread's runs low: programs nest thousands deep)
        let r = crate::stack::deep(|| self.eval_inner(e));
        self.depth -= 1;
        r
    }

    /// Evaluate an optional body (`undef` when absent).
    pub(crate) fn eval_opt(&mut self, e: &Option<Box<Expr>>) -> Result<Value> {
        match e {
            Some(e) => self.eval(e),
            None => Ok(Value::Undef),
        }
    }

    fn eval_inner(&mut self, e: &Expr) -> Result<Value> {
        use ExprKind as K;
        Ok(match &e.kind {
            K::Nop | K::LiteralUndef => Value::Undef,
            K::LiteralDefault => Value::Default,
            K::LiteralBoolean(b) => Value::Boolean(*b),
            K::LiteralInteger { value, .. } => Value::Integer(*value),
            K::LiteralFloat(f) => Value::Float(*f),
            K::LiteralString(s) => Value::string(s.as_str()),
            K::QualifiedName(s) => Value::string(s.as_str()),
            K::ReservedWord(s) => Value::string(s.as_str()),
            K::LiteralRegex(src) => Value::Regexp(
                crate::values::Regexp::new(src).map_err(|x| err(x.into_message(), e.span))?,
            ),
            K::QualifiedReference(name) => Value::Type(self.type_named(name, &[], e.span)?),
            K::LiteralList(items) => Value::array(self.eval_list(items)?),
            K::LiteralHash { entries, .. } => {
                let mut map = ValueMap::with_capacity(entries.len());
                for entry in entries {
                    let k = self.eval(&entry.key)?;
                    let v = self.eval(&entry.value)?;
                    map.insert(k, v);
                }
                Value::hash(map)
            }
            K::Variable(inner) => self.variable(inner)?,
            K::ConcatenatedString(parts) => {
                let mut out = String::new();
                for p in parts {
                    let v = self.eval(p)?;
                    match &p.kind {
                        K::LiteralString(s) => out.push_str(s),
                        _ => out.push_str(&interpolate(&v)),
                    }
                    if out.len() > MAX_STRING_BYTES {
                        return Err(err(
                            format!(
                                "An interpolated string is longer than the evaluator's limit of {MAX_STRING_BYTES} bytes"
                            ),
                            e.span,
                        ));
                    }
                }
                Value::string(out)
            }
            K::Text(inner) => self.eval(inner)?,
            K::Heredoc { text, .. } => self.eval(text)?,
            K::Paren(inner) => self.eval(inner)?,
            K::Block(stmts) => {
                let mut last = Value::Undef;
                for s in stmts {
                    last = self.eval(s)?;
                }
                last
            }
            K::Not(inner) => Value::Boolean(!truthy(&self.eval(inner)?)),
            K::UnaryMinus(inner) => {
                let v = self.eval(inner)?;
                ops::negate(&v).map_err(|x| x.with_span(e.span))?
            }
            // outside an argument list or a case option, a splat is the array it makes
            K::Unfold(inner) => {
                let v = self.eval(inner)?;
                Value::array(unfold(v))
            }
            K::Binary {
                op,
                op_span,
                left,
                right,
            } => self.binary(*op, *op_span, left, right)?,
            K::Access { left, keys } => self.access(left, keys, e.span)?,
            K::If {
                test,
                then_expr,
                else_expr,
            } => {
                if truthy(&self.eval(test)?) {
                    self.eval_opt(then_expr)?
                } else {
                    self.eval_opt(else_expr)?
                }
            }
            K::Unless {
                test,
                then_expr,
                else_expr,
            } => {
                if truthy(&self.eval(test)?) {
                    self.eval_opt(else_expr)?
                } else {
                    self.eval_opt(then_expr)?
                }
            }
            K::Case { test, options } => self.case(test, options)?,
            K::Selector { left, entries } => self.selector(left, entries, e.span)?,
            K::CallNamedFunction(call) => self.call_function(call, e.span)?,
            K::CallMethod(call) => self.call_method(call, e.span)?,
            K::Lambda(_) => return Err(err("A lambda can only be given to a call", e.span)),
            K::NamedAccess { .. } => {
                return Err(err("A named access must be a method call", e.span))
            }
            other => {
                return Err(err(
                    format!(
                        "{} is not supported by this evaluator",
                        unsupported_label(other)
                    ),
                    e.span,
                ))
            }
        })
    }

    /// Evaluate list items, unfolding splats.
    pub(crate) fn eval_list(&mut self, items: &[Expr]) -> Result<Vec<Value>> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            if let ExprKind::Unfold(inner) = &item.kind {
                out.extend(unfold(self.eval(inner)?));
            } else {
                out.push(self.eval(item)?);
            }
        }
        Ok(out)
    }

    fn variable(&mut self, inner: &Expr) -> Result<Value> {
        match &inner.kind {
            ExprKind::QualifiedName(name) if name.bytes().all(|b| b.is_ascii_digit()) => Ok(name
                .parse()
                .map_or(Value::Undef, |n| self.scope.match_var(n))),
            ExprKind::QualifiedName(name) => Ok(self.scope.get(name)),
            ExprKind::LiteralInteger { value, .. } => Ok(self.scope.match_var(*value)),
            _ => Err(err("Illegal variable name", inner.span)),
        }
    }

    fn binary(&mut self, op: BinaryOp, op_span: Span, left: &Expr, right: &Expr) -> Result<Value> {
        use BinaryOp as B;
        match op {
            B::And => {
                let l = truthy(&self.eval(left)?);
                Ok(Value::Boolean(l && truthy(&self.eval(right)?)))
            }
            B::Or => {
                let l = truthy(&self.eval(left)?);
                Ok(Value::Boolean(l || truthy(&self.eval(right)?)))
            }
            B::Assign => {
                let v = self.eval(right)?;
                self.assign(left, v.clone(), op_span)?;
                Ok(v)
            }
            B::AddAssign | B::SubAssign => Err(err(
                format!("The operator '{}' is no longer supported", op.symbol()),
                op_span,
            )),
            B::InEdge | B::InEdgeSub | B::OutEdge | B::OutEdgeSub => {
                let l = self.eval(left)?;
                let r = self.eval(right)?;
                let bad = [&l, &r].into_iter().find(|v| !is_catalog_ref(v));
                Err(err(
                    match bad {
                        Some(v) => format!(
                            "Illegal relationship operand, can not form a relationship with {}. A Catalog type is required.",
                            ops::a_type_name(v)
                        ),
                        None => "A relationship expression needs a catalog and is not supported by this evaluator".to_string(),
                    },
                    op_span,
                ))
            }
            _ => {
                let l = self.eval(left)?;
                let r = self.eval(right)?;
                match op {
                    B::Match | B::NoMatch => {
                        let m = self.match_op(&l, &r).map_err(|x| x.with_span(op_span))?;
                        Ok(Value::Boolean(m == (op == B::Match)))
                    }
                    B::In => ops::in_op(&l, &r).map(Value::Boolean),
                    _ => ops::binary(op, &l, &r).map_err(|x| x.with_span(op_span)),
                }
            }
        }
    }

    /// `left =~ right`, setting the match variables on a regex match.
    pub(crate) fn match_op(&mut self, l: &Value, r: &Value) -> Result<bool> {
        match r {
            Value::Type(t) => Ok(crate::types::calc::instance_of(t, l)),
            Value::SemVerRange(range) => match l {
                Value::SemVer(v) => Ok(range.includes(v)),
                Value::String(s) => Ok(crate::values::SemVer::parse(s).is_ok_and(|v| range.includes(&v))),
                _ => Ok(false),
            },
            Value::Regexp(_) | Value::String(_) => {
                let re = match r {
                    Value::Regexp(re) => re.clone(),
                    Value::String(s) => crate::values::Regexp::new(s).map_err(|x| {
                        Error::evaluation(format!(
                            "Can not convert right match operand to a regular expression. Caused by '{}'.",
                            x.message
                        ))
                    })?,
                    _ => unreachable!(),
                };
                let Value::String(s) = l else {
                    return Err(Error::evaluation(format!(
                        "Left match operand must result in a String value. Got {}.",
                        ops::a_type_name(l)
                    )));
                };
                self.regex_match(&re, s)
            }
            other => Err(Error::evaluation(format!(
                "Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of {} into String'.",
                ops::ruby_class(other)
            ))),
        }
    }

    /// Match `s` against `re`, setting `$0..$n` when it matches.
    pub(crate) fn regex_match(&mut self, re: &crate::values::Regexp, s: &str) -> Result<bool> {
        let mut region = onig::Region::new();
        if re.search(s, Some(&mut region))?.is_none() {
            return Ok(false);
        }
        let groups = (0..region.len())
            .map(|i| match region.pos(i) {
                Some((from, to)) => Value::string(&s[from..to]),
                None => Value::Undef,
            })
            .collect();
        self.scope.set_matches(groups);
        Ok(true)
    }

    fn assign(&mut self, target: &Expr, v: Value, span: Span) -> Result<()> {
        match &target.kind {
            ExprKind::Variable(inner) => match &inner.kind {
                ExprKind::QualifiedName(name) => self.scope.set(name, v).map_err(|m| err(m, span)),
                _ => Err(err(
                    format!(
                        "Illegal attempt to assign to 'a Numeric Variable'. Cannot assign to variables in other namespaces or numeric variables, '{}'",
                        self.program.text(target.span)
                    ),
                    span,
                )),
            },
            ExprKind::LiteralList(targets) => match &v {
                Value::Array(values) => {
                    if values.len() != targets.len() {
                        return Err(err(
                            format!(
                                "Mismatched number of assignable entries and values, expected {}, got {}",
                                targets.len(),
                                values.len()
                            ),
                            span,
                        ));
                    }
                    for (t, x) in targets.iter().zip(values.iter()) {
                        self.assign(t, x.clone(), span)?;
                    }
                    Ok(())
                }
                _ => Err(err(
                    "Illegal attempt to assign to an Array from a non Array value",
                    span,
                )),
            },
            _ => Err(err(
                format!(
                    "Illegal attempt to assign to '{}'. Not an assignable reference",
                    target.model_name()
                ),
                span,
            )),
        }
    }

    /// The type `name[params]`.
    pub(crate) fn type_named(
        &self,
        name: &str,
        params: &[Value],
        span: Span,
    ) -> Result<crate::types::Type> {
        let name = name.strip_prefix("::").unwrap_or(name);
        let builtin = crate::types::construct::parameters::builtin_name(name);
        match builtin {
            None if !KNOWN_RESOURCE_TYPES.contains(&name.to_ascii_lowercase().as_str()) => {
                return Err(err(format!("Resource type not found: {name}"), span));
            }
            Some(b @ ("Array" | "Hash")) => {
                let typed = if b == "Array" { 1 } else { 2 };
                if let Some(bad) = params
                    .iter()
                    .take(typed)
                    .find(|p| !matches!(p, Value::Type(_)))
                {
                    return Err(err(
                        format!(
                            "{b}-Type[] arguments must be types. Got {}",
                            ops::a_type_name(bad).split_once(' ').map_or("", |x| x.1)
                        ),
                        span,
                    ));
                }
            }
            _ => {}
        }
        crate::types::construct::parameters::create(name, params).map_err(|x| x.with_span(span))
    }

    fn case(&mut self, test: &Expr, options: &[crate::syntax::ast::CaseOption]) -> Result<Value> {
        let v = self.eval(test)?;
        let mut default = None;
        for opt in options {
            for value in &opt.values {
                if matches!(value.kind, ExprKind::LiteralDefault) {
                    default = Some(opt);
                    continue;
                }
                if self.option_matches(&v, value)? {
                    return self.eval_opt(&opt.then_expr);
                }
            }
        }
        match default {
            Some(opt) => self.eval_opt(&opt.then_expr),
            None => Ok(Value::Undef),
        }
    }

    fn selector(
        &mut self,
        left: &Expr,
        entries: &[crate::syntax::ast::SelectorEntry],
        span: Span,
    ) -> Result<Value> {
        let v = self.eval(left)?;
        let mut default = None;
        for entry in entries {
            if matches!(entry.matching.kind, ExprKind::LiteralDefault) {
                default = Some(entry);
                continue;
            }
            if self.option_matches(&v, &entry.matching)? {
                return self.eval(&entry.value);
            }
        }
        match default {
            Some(entry) => self.eval(&entry.value),
            None => Err(err(
                format!(
                    "No matching entry for selector parameter with value '{}'",
                    interpolate(&v)
                ),
                span,
            )),
        }
    }

    /// Whether the case/selector option `option` matches the tested value `v`.
    fn option_matches(&mut self, v: &Value, option: &Expr) -> Result<bool> {
        let candidates = match &option.kind {
            ExprKind::Unfold(inner) => unfold(self.eval(inner)?),
            _ => vec![self.eval(option)?],
        };
        for c in candidates {
            let hit = match &c {
                Value::Default => true,
                Value::Regexp(re) => match v {
                    Value::String(s) => self.regex_match(re, s)?,
                    _ => false,
                },
                Value::Type(t) => crate::types::calc::instance_of(t, v),
                _ => ops::equals(v, &c),
            };
            if hit {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The resource types Puppet 7 has without modules (others are "not found").
const KNOWN_RESOURCE_TYPES: &[&str] = &[
    "component",
    "exec",
    "file",
    "filebucket",
    "group",
    "notify",
    "package",
    "resources",
    "schedule",
    "service",
    "stage",
    "tidy",
    "user",
    "whit",
];

/// True for values a relationship can be formed with (resource references, arrays of them, strings).
fn is_catalog_ref(v: &Value) -> bool {
    match v {
        Value::Type(t) => matches!(
            t.kind(),
            crate::types::TypeKind::Resource { .. } | crate::types::TypeKind::Class(_)
        ),
        Value::Array(a) => a.iter().all(is_catalog_ref),
        Value::String(_) => true,
        _ => false,
    }
}

/// The values a splat of `v` yields: an array's elements, a hash's pairs, or `v` alone.
pub(crate) fn unfold(v: Value) -> Vec<Value> {
    match v.into_array() {
        Ok(a) => Arc::try_unwrap(a).unwrap_or_else(|a| (*a).clone()),
        Err(Value::Hash(ref h)) => h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect(),
        Err(other) => vec![other],
    }
}

/// A label for a construct the evaluator does not support.
fn unsupported_label(kind: &ExprKind) -> &'static str {
    use ExprKind as K;
    match kind {
        K::Resource { .. } => "A resource expression",
        K::ResourceDefaults { .. } => "A resource defaults expression",
        K::ResourceOverride { .. } => "A resource override expression",
        K::Collect { .. } | K::VirtualQuery(_) | K::ExportedQuery(_) => "A collector",
        K::HostClass(_) => "A class definition",
        K::ResourceTypeDefinition(_) => "A defined resource type",
        K::FunctionDefinition(_) => "A function definition",
        K::PlanDefinition(_) => "A plan definition",
        K::NodeDefinition { .. } => "A node definition",
        K::TypeAlias { .. } | K::TypeMapping { .. } | K::TypeDefinition { .. } => {
            "A type definition"
        }
        K::Apply { .. } => "An apply expression",
        K::Epp { .. } | K::RenderString(_) | K::Render(_) => "An EPP template",
        _ => "This expression",
    }
}
