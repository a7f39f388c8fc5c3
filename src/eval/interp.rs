//! The interpreter: one [`Interp`] per evaluation, walking the AST of
//! [`crate::syntax::ast`] and answering as Puppet 7's evaluator does for
//! literals, variables, strings, blocks, operators and access. Conditionals
//! and assignment are in [`super::control`], calls in [`super::calls`].

use super::flow::{EResult, Flow};
use super::loader::{Loader, Source};
use super::ops::{self, At};
use super::scope::Scopes;
use super::text::interpolate;
use super::{truthy, unfold, Level, LogEntry, MAX_DEPTH, MAX_STRING_BYTES};
use crate::error::{Error, Result};
use crate::syntax::ast::{BinaryOp, Expr, ExprKind};
use crate::syntax::span::Span;
use crate::values::{Value, ValueMap};
use std::sync::Arc;

/// The state of one evaluation.
pub(crate) struct Interp<'l> {
    /// Functions and type aliases beyond the built-in ones.
    pub(crate) loader: &'l dyn Loader,
    /// Where `lookup` finds hiera data.
    pub(crate) data: Option<&'l dyn crate::eval::DataSource>,
    pub(crate) scopes: Scopes,
    /// What the logging functions (and warnings) logged so far.
    pub(crate) log: Vec<LogEntry>,
    /// The source of the code being evaluated (the program, or a function's file).
    pub(crate) source: Arc<Source>,
    /// Where an error left code of another source than the program's (set at
    /// the call that left it; the innermost one counts).
    pub(crate) located: Option<(Arc<Source>, Span)>,
    /// The deprecation warnings logged so far.
    warned: Vec<String>,
    /// The output of the EPP templates being rendered, innermost last, and
    /// whether a Sensitive value was rendered into it.
    pub(crate) epp: Vec<(String, bool)>,
    depth: usize,
    /// Steps of this evaluation, for stopping it when the host asks (see [`crate::stop`]).
    pub(crate) steps: crate::stop::Steps,
}

/// An evaluation error at `span`.
pub(crate) fn err(message: impl Into<String>, span: Span) -> Error {
    Error::evaluation(message).with_span(span)
}

impl<'l> Interp<'l> {
    /// An interpreter for code of `source`, with `scopes` and `loader`.
    pub(crate) fn new(loader: &'l dyn Loader, scopes: Scopes, source: Arc<Source>) -> Interp<'l> {
        Interp {
            loader,
            data: None,
            scopes,
            log: Vec::new(),
            source,
            located: None,
            warned: Vec::new(),
            epp: Vec::new(),
            depth: 0,
            steps: crate::stop::Steps::default(),
        }
    }

    /// Log `message` at `level`.
    pub(crate) fn log(&mut self, level: Level, message: String) {
        self.log.push(LogEntry { level, message });
    }

    /// Log the reference's warnings about Strings used as numbers.
    pub(crate) fn coerced(&mut self, warnings: Vec<String>) {
        for w in warnings {
            self.log(Level::Warning, w);
        }
    }

    /// Log a deprecation warning, once per evaluation.
    /// The reference says where the warning comes from when it can (`at`, a
    /// call in the current source), else that it cannot.
    pub(crate) fn warn_once(&mut self, message: &str, at: Option<Span>) {
        let place = match at {
            Some(span) => {
                let (line, _) = self.source.line_col(span.start as usize);
                let file = self.source.path.as_deref().unwrap_or("unknown");
                format!("(file: {file}, line: {line})")
            }
            None => "(file & line not available)".to_string(),
        };
        let text = format!("{message}\n   {place}");
        if !self.warned.contains(&text) {
            self.warned.push(text.clone());
            self.log(Level::Warning, text);
        }
    }

    /// The source text of a span of the current source.
    pub(crate) fn text(&self, span: Span) -> &str {
        self.source.slice(span)
    }

    /// Evaluate one expression.
    pub(crate) fn eval(&mut self, e: &Expr) -> EResult<Value> {
        if self.steps.stop() {
            return Err(err("Evaluation interrupted", e.span).into());
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(err("Evaluation nested too deeply", e.span).into());
        }
        // (on more stack when the thread's runs low: programs nest thousands deep)
        let r = crate::stack::deep(|| self.eval_inner(e));
        self.depth -= 1;
        r
    }

    /// Evaluate an optional body (`undef` when absent).
    pub(crate) fn eval_opt(&mut self, e: &Option<Box<Expr>>) -> EResult<Value> {
        match e {
            Some(e) => self.eval(e),
            None => Ok(Value::Undef),
        }
    }

    /// Count one more level of nesting (a call); an error past the limit.
    pub(crate) fn enter(&mut self, span: Span) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(err("Evaluation nested too deeply", span));
        }
        Ok(())
    }

    /// Undo [`Interp::enter`].
    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    fn eval_inner(&mut self, e: &Expr) -> EResult<Value> {
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
            K::QualifiedReference(name) => Value::Type(self.type_named(name, &[], &[], e.span)?),
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
            K::ConcatenatedString(parts) => self.concatenate(parts, e.span)?,
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
                let mut coerced = Vec::new();
                let r = super::arith::negate(&v, &mut coerced);
                self.coerced(coerced);
                r.map_err(|x| x.with_span(e.span))?
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
            } => self.if_expr(test, then_expr, else_expr, false)?,
            K::Unless {
                test,
                then_expr,
                else_expr,
            } => self.if_expr(test, then_expr, else_expr, true)?,
            K::Case { test, options } => self.case(test, options)?,
            K::Selector { left, entries } => self.selector(left, entries, e.span)?,
            K::CallNamedFunction(call) => self.call_function(call, e.span)?,
            K::CallMethod(call) => self.call_method(call, e.span)?,
            K::Lambda(_) => return Err(err("A lambda can only be given to a call", e.span).into()),
            K::NamedAccess { .. } => {
                return Err(err("A named access must be a method call", e.span).into())
            }
            K::Epp { body, .. } => {
                self.epp.push((String::new(), false));
                let r = self.eval_opt(body);
                let (text, sensitive) = self.epp.pop().unwrap_or_default();
                r?;
                let text = Value::string(text);
                if sensitive {
                    Value::Sensitive(Arc::new(text))
                } else {
                    text
                }
            }
            K::RenderString(s) => {
                self.render(s, e.span)?;
                Value::Undef
            }
            K::Render(inner) => {
                let v = self.eval(inner)?;
                let (text, sensitive) = match &v {
                    Value::Sensitive(x) => (interpolate(x), true),
                    other => (interpolate(other), false),
                };
                self.render(&text, e.span)?;
                if sensitive {
                    if let Some(out) = self.epp.last_mut() {
                        out.1 = true;
                    }
                }
                Value::Undef
            }
            // definitions are collected before evaluation (see super::loader);
            // classes and defined types are definitions too, used only by a catalog
            K::FunctionDefinition(_)
            | K::TypeAlias { .. }
            | K::HostClass(_)
            | K::ResourceTypeDefinition(_) => Value::Undef,
            other => {
                return Err(err(
                    format!(
                        "{} needs a catalog and is not supported by this evaluator",
                        catalog_label(other)
                    ),
                    e.span,
                )
                .into())
            }
        })
    }

    /// Evaluate list items, unfolding splats.
    pub(crate) fn eval_list(&mut self, items: &[Expr]) -> EResult<Vec<Value>> {
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

    /// Append `text` to the output of the template being rendered.
    fn render(&mut self, text: &str, span: Span) -> Result<()> {
        let Some(out) = self.epp.last_mut() else {
            return Err(err(
                "Text can only be rendered inside an EPP template",
                span,
            ));
        };
        out.0.push_str(text);
        if out.0.len() > MAX_STRING_BYTES {
            return Err(err(
                format!("A template's output is longer than the evaluator's limit of {MAX_STRING_BYTES} bytes"),
                span,
            ));
        }
        Ok(())
    }

    fn concatenate(&mut self, parts: &[Expr], span: Span) -> EResult<Value> {
        let mut out = String::new();
        for p in parts {
            match &p.kind {
                ExprKind::LiteralString(s) => out.push_str(s),
                _ => {
                    let v = self.eval(p)?;
                    out.push_str(&interpolate(&v));
                }
            }
            if out.len() > MAX_STRING_BYTES {
                return Err(err(
                    format!(
                        "An interpolated string is longer than the evaluator's limit of {MAX_STRING_BYTES} bytes"
                    ),
                    span,
                )
                .into());
            }
        }
        Ok(Value::string(out))
    }

    fn variable(&mut self, inner: &Expr) -> Result<Value> {
        match &inner.kind {
            ExprKind::QualifiedName(name) if name.bytes().all(|b| b.is_ascii_digit()) => Ok(name
                .parse()
                .map_or(Value::Undef, |n| self.scopes.match_var(n))),
            ExprKind::QualifiedName(name) => match self.scopes.get(name) {
                Some(v) => Ok(v.clone()),
                // `"${true}"`: the words cannot name variables (the reference crashes)
                None if name == "true" || name == "false" => Ok(Value::Boolean(name == "true")),
                None => {
                    let shown = name.strip_prefix("::").unwrap_or(name);
                    self.log(Level::Warning, format!("Unknown variable: '{shown}'."));
                    Ok(Value::Undef)
                }
            },
            ExprKind::LiteralInteger { value, .. } => Ok(self.scopes.match_var(*value)),
            _ => Err(err("Illegal variable name", inner.span)),
        }
    }

    fn binary(&mut self, op: BinaryOp, op_span: Span, left: &Expr, right: &Expr) -> EResult<Value> {
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
            )
            .into()),
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
                )
                .into())
            }
            _ => {
                let l = self.eval(left)?;
                let r = self.eval(right)?;
                let place = |at: At| match at {
                    At::Op => op_span,
                    At::Left => left.span,
                    At::Right => right.span,
                };
                let r = match op {
                    B::Match | B::NoMatch => self
                        .match_op(&l, &r)
                        .map(|m| Value::Boolean(m == (op == B::Match))),
                    B::In => match ops::in_op(&l, &r) {
                        Ok((hit, groups)) => {
                            if let Some(g) = groups {
                                self.scopes.set_matches(g);
                            }
                            Ok(Value::Boolean(hit))
                        }
                        Err(e) => Err((e, At::Op)),
                    },
                    B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge => {
                        ops::comparison(op, &l, &r).map(Value::Boolean)
                    }
                    _ => {
                        let mut coerced = Vec::new();
                        let r = super::arith::arithmetic(op, &l, &r, &mut coerced);
                        self.coerced(coerced);
                        r
                    }
                };
                r.map_err(|(e, at)| e.with_span(place(at)).into())
            }
        }
    }

    /// `left =~ right`, setting the match variables on a regex match.
    pub(crate) fn match_op(&mut self, l: &Value, r: &Value) -> ops::OpResult<bool> {
        match r {
            Value::Type(t) => Ok(crate::types::calc::instance_of(t, l)),
            Value::SemVerRange(range) => match l {
                Value::SemVer(v) => Ok(range.includes(v)),
                Value::String(s) => {
                    Ok(crate::values::SemVer::parse(s).is_ok_and(|v| range.includes(&v)))
                }
                _ => Ok(false),
            },
            Value::Regexp(_) | Value::String(_) => {
                let re = match r {
                    Value::Regexp(re) => re.clone(),
                    Value::String(s) => crate::values::Regexp::new(s).map_err(|x| {
                        (
                            Error::evaluation(format!(
                                "Can not convert right match operand to a regular expression. Caused by '{}'.",
                                x.message
                            )),
                            At::Right,
                        )
                    })?,
                    _ => unreachable!(),
                };
                let Value::String(s) = l else {
                    return Err((
                        Error::evaluation(format!(
                            "Left match operand must result in a String value. Got {}.",
                            ops::a_type_name(l)
                        )),
                        At::Left,
                    ));
                };
                self.regex_match(&re, s).map_err(|e| (e, At::Op))
            }
            other => Err((
                Error::evaluation(format!(
                    "Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of {} into String'.",
                    ops::ruby_conversion_name(other)
                )),
                At::Right,
            )),
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
        self.scopes.set_matches(groups);
        Ok(true)
    }

    /// The type `name[params]`: a built-in type, an alias the loader knows,
    /// or a resource type (`spans`: where each parameter is written, when known).
    pub(crate) fn type_named(
        &self,
        name: &str,
        params: &[Value],
        spans: &[Span],
        span: Span,
    ) -> Result<crate::types::Type> {
        self.known_type_named(name, params, spans, span)?
            .ok_or_else(|| err(format!("Resource type not found: {name}"), span))
    }

    /// [`Interp::type_named`], or `None` for a name of no known type.
    pub(crate) fn known_type_named(
        &self,
        name: &str,
        params: &[Value],
        spans: &[Span],
        span: Span,
    ) -> Result<Option<crate::types::Type>> {
        let name = name.strip_prefix("::").unwrap_or(name);
        let builtin = crate::types::construct::parameters::builtin_name(name);
        match builtin {
            None => {
                if let Some(t) = self.loader.type_alias(name).map_err(|e| {
                    err(
                        format!("Error while evaluating a Type-Name, {}", e.message),
                        span,
                    )
                })? {
                    if params.is_empty() {
                        return Ok(Some(t));
                    }
                    return Err(err(format!("{name} is not a parameterized type"), span));
                }
                if let Some(own) = crate::types::builtin::builtin_resource_type(name) {
                    // named as the type names itself: `EXEC` is `Exec`
                    let name = crate::types::factory::capitalize_type_name(own);
                    return crate::types::construct::parameters::create(&name, params)
                        .map(Some)
                        .map_err(|x| x.with_span(span));
                }
                if !self.loader.is_resource_type(name) {
                    return Ok(None);
                }
            }
            Some(b @ ("Array" | "Hash" | "Init")) => {
                let typed = if b == "Hash" { 2 } else { 1 };
                if let Some((i, bad)) = params
                    .iter()
                    .take(typed)
                    .enumerate()
                    .find(|(_, p)| !matches!(p, Value::Type(_)))
                {
                    return Err(err(
                        format!(
                            "{b}-Type[] arguments must be types. Got {}",
                            ops::a_type_name(bad).split_once(' ').map_or("", |x| x.1)
                        ),
                        spans.get(i).copied().unwrap_or(span),
                    ));
                }
            }
            _ => {}
        }
        crate::types::construct::parameters::create(name, params)
            .map(Some)
            .map_err(|x| x.with_span(span))
    }
}

impl From<Flow> for Error {
    fn from(f: Flow) -> Error {
        f.into_error()
    }
}

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

/// The name of a construct that needs a catalog.
fn catalog_label(kind: &ExprKind) -> &'static str {
    use ExprKind as K;
    match kind {
        K::Resource { .. } => "A resource expression",
        K::ResourceDefaults { .. } => "A resource defaults expression",
        K::ResourceOverride { .. } => "A resource override expression",
        K::Collect { .. } | K::VirtualQuery(_) | K::ExportedQuery(_) => "A collector",
        K::PlanDefinition(_) => "A plan definition",
        K::NodeDefinition { .. } => "A node definition",
        K::TypeMapping { .. } | K::TypeDefinition { .. } => "A type definition",
        K::Apply { .. } => "An apply expression",
        _ => "This expression",
    }
}
