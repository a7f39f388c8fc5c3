//! Assignment (`$x = v`, `[$a, $b] = [1, 2]`) and the conditionals `if`,
//! `unless`, `case` and selectors, each of which evaluates its test and the
//! chosen branch in a match scope of its own (see [`super::scope`]).

use super::flow::EResult;
use super::interp::{err, Interp};
use super::ops;
use super::scope::AssignError;
use super::text::interpolate;
use super::{truthy, unfold};
use crate::syntax::ast::{CaseOption, Expr, ExprKind, SelectorEntry};
use crate::syntax::span::Span;
use crate::values::Value;

impl Interp<'_> {
    /// Evaluate `f` in a match scope of its own.
    fn guarded<T>(&mut self, f: impl FnOnce(&mut Self) -> EResult<T>) -> EResult<T> {
        let depth = self.scopes.open_match_scope();
        let r = f(self);
        self.scopes.close_match_scope(depth);
        r
    }

    pub(crate) fn if_expr(
        &mut self,
        test: &Expr,
        then_expr: &Option<Box<Expr>>,
        else_expr: &Option<Box<Expr>>,
        unless: bool,
    ) -> EResult<Value> {
        self.guarded(|me| {
            if truthy(&me.eval(test)?) != unless {
                me.eval_opt(then_expr)
            } else {
                me.eval_opt(else_expr)
            }
        })
    }

    pub(crate) fn case(&mut self, test: &Expr, options: &[CaseOption]) -> EResult<Value> {
        self.guarded(|me| {
            let v = me.eval(test)?;
            let mut default = None;
            for opt in options {
                for value in &opt.values {
                    if matches!(value.kind, ExprKind::LiteralDefault) {
                        default = Some(opt);
                        continue;
                    }
                    if me.option_matches(&v, value)? {
                        return me.eval_opt(&opt.then_expr);
                    }
                }
            }
            match default {
                Some(opt) => me.eval_opt(&opt.then_expr),
                None => Ok(Value::Undef),
            }
        })
    }

    pub(crate) fn selector(
        &mut self,
        left: &Expr,
        entries: &[SelectorEntry],
        span: Span,
    ) -> EResult<Value> {
        self.guarded(|me| {
            let v = me.eval(left)?;
            let mut default = None;
            for entry in entries {
                if matches!(entry.matching.kind, ExprKind::LiteralDefault) {
                    default = Some(entry);
                    continue;
                }
                if me.option_matches(&v, &entry.matching)? {
                    return me.eval(&entry.value);
                }
            }
            match default {
                Some(entry) => me.eval(&entry.value),
                None => Err(err(
                    format!(
                        "No matching entry for selector parameter with value '{}'",
                        interpolate(&v)
                    ),
                    span,
                )
                .into()),
            }
        })
    }

    /// Whether the case/selector option `option` matches the tested value `v`
    /// (a regex match sets the match variables).
    fn option_matches(&mut self, v: &Value, option: &Expr) -> EResult<bool> {
        let candidates = match &option.kind {
            ExprKind::Unfold(inner) => unfold(self.eval(inner)?),
            _ => vec![self.eval(option)?],
        };
        for c in candidates {
            let (hit, groups) = ops::case_match(v, &c).map_err(|e| e.with_span(option.span))?;
            if let Some(g) = groups {
                self.scopes.set_matches(g);
            }
            if hit {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Assign `v` to the variable (or list of variables) `target`.
    pub(crate) fn assign(&mut self, target: &Expr, v: Value, span: Span) -> EResult<()> {
        match &target.kind {
            ExprKind::Variable(inner) => match &inner.kind {
                ExprKind::QualifiedName(name) => {
                    if name.contains("::") {
                        return Err(err(
                            format!(
                                "Illegal attempt to assign to '{name}'. Cannot assign to variables in other namespaces"
                            ),
                            target.span,
                        )
                        .into());
                    }
                    match self.scopes.set(name, v) {
                        Ok(()) => Ok(()),
                        Err(AssignError::Reassign) => Err(err(
                            format!("Cannot reassign variable '${name}'"),
                            span,
                        )
                        .into()),
                    }
                }
                _ => Err(err(
                    format!(
                        "Illegal attempt to assign to 'a Numeric Variable'. Cannot assign to variables in other namespaces or numeric variables, '{}'",
                        self.text(target.span)
                    ),
                    span,
                )
                .into()),
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
                        )
                        .into());
                    }
                    for (t, x) in targets.iter().zip(values.iter()) {
                        self.assign(t, x.clone(), span)?;
                    }
                    Ok(())
                }
                Value::Hash(h) => {
                    for t in targets {
                        let ExprKind::Variable(inner) = &t.kind else {
                            return Err(err(
                                "Illegal attempt to assign to an Array from a Hash with non Variable entries",
                                span,
                            )
                            .into());
                        };
                        let key = Value::string(self.text(inner.span));
                        let Some(x) = h.get(&key).cloned() else {
                            return Err(err(
                                format!("No value for required variable '${}' in hash", self.text(inner.span)),
                                span,
                            )
                            .into());
                        };
                        self.assign(t, x, span)?;
                    }
                    Ok(())
                }
                _ => Err(err(
                    "Illegal attempt to assign to an Array from a non Array value",
                    span,
                )
                .into()),
            },
            _ => Err(err(
                format!(
                    "Illegal attempt to assign to '{}'. Not an assignable reference",
                    target.model_name()
                ),
                span,
            )
            .into()),
        }
    }
}
