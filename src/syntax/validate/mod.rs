//! Validation of a parsed program: what the reference's validator
//! (`Checker4_0`, run by `EvaluatingParser#parse_string`) rejects after a
//! successful parse, with the reference's messages and positions.
//!
//! Checked: statements without effect that are not last, resources without
//! title, definition bodies ending in a value, assignments to non-variables,
//! numeric and cross-namespace variables and `+=`/`-=`, non-value expressions
//! used as values, definitions nested where not allowed, definition, variable
//! and parameter names, duplicate and reserved parameters, captures-rest,
//! virtual/exported defaults and classes, `+>` outside overrides and
//! collectors, duplicate `default`s, collector queries, node names and
//! inheritance, type aliases and mappings, function call functors, reserved
//! words, static heredoc text with a `json`, `base64` or `pp` syntax; duplicate
//! literal hash keys are warnings.

mod checks;
mod labels;
mod names;

pub use labels::label;

use crate::error::{Error, Result};
use crate::syntax::ast::{
    AttributeOp, CaseOption, Expr, ExprKind, KeyedEntry, Parameter, Program, ResourceBody,
    ResourceForm, SelectorEntry,
};
use crate::syntax::parser::TopStatement;
use crate::syntax::span::Span;
use crate::syntax::walk::{self, Visitor};

/// Validates a program. One error is returned as is; several become the
/// reference's `Language validation logged N errors[, and M warnings]. Giving up`,
/// positioned at the first and naming it.
pub fn validate(program: &Program) -> Result<()> {
    let Report {
        mut errors,
        warnings,
    } = check(program);
    match errors.len() {
        0 => Ok(()),
        1 => Err(errors.remove(0)),
        n => {
            let first = errors.remove(0);
            let warned = match warnings.len() {
                0 => String::new(),
                m => format!(", and {m} warnings"),
            };
            // the reference gives no position here; the first error's is more useful
            Err(Error::at(
                first.kind,
                format!(
                    "Language validation logged {n} errors{warned}. Giving up (first: {})",
                    first.message
                ),
                first.span,
            ))
        }
    }
}

/// What the validator found: errors, and warnings (which do not fail a parse).
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Errors, in the reference's order.
    pub errors: Vec<Error>,
    /// Warnings: duplicate literal hash keys.
    pub warnings: Vec<Error>,
}

/// Every validation error of a program, in the reference's order.
pub fn validate_all(program: &Program) -> Vec<Error> {
    check(program).errors
}

/// Runs every check of the validator on a program.
pub fn check(program: &Program) -> Report {
    let mut v = Checker {
        errors: Vec::new(),
        warnings: Vec::new(),
        path: Vec::new(),
        source: &program.source,
    };
    v.visit_expr(&program.body);
    Report {
        errors: v.errors,
        warnings: v.warnings,
    }
}

/// The validator over a program's top-level statements one at a time, as
/// [`crate::syntax::parser::recover`] hands them over: the same errors in
/// the same order as [`check`] of the whole program, when every statement is
/// given. [`TopLevel::finish`] gives the errors of the program's block
/// itself, which come before those of its statements.
#[derive(Default)]
pub struct TopLevel {
    count: usize,
    /// The error of the block itself: the first statement with no effect
    /// that is not last, or a name and a hash alone (a resource without title).
    block: Option<Error>,
    /// The first statement, when it is a name (with its span).
    first_name: Option<(String, Span)>,
    /// The second statement is a hash, ending where its span ends.
    second_hash: Option<Span>,
}

impl TopLevel {
    /// The errors and warnings of one top-level statement of `source`.
    pub fn check(&mut self, source: &str, s: &TopStatement) -> Report {
        let mut v = Checker {
            errors: Vec::new(),
            warnings: Vec::new(),
            path: Vec::new(),
            source,
        };
        self.count += 1;
        if s.in_block {
            match self.count {
                1 => {
                    if let ExprKind::QualifiedName(n) = &s.expr.kind {
                        self.first_name = Some((n.to_string(), s.expr.span));
                    }
                }
                2 if matches!(s.expr.kind, ExprKind::LiteralHash { .. }) && s.last => {
                    self.second_hash = Some(s.expr.span);
                }
                _ => {}
            }
            if !s.last && self.block.is_none() && checks::idem(Some(&s.expr)) {
                self.block = Some(Error::parse(
                    format!("This {} has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)", label(&s.expr)),
                    v.pos(&s.expr),
                ));
            }
        }
        let block = Expr::new(ExprKind::Block(Vec::new()), s.expr.span);
        if s.in_block {
            v.path.push(Parent::Expr(&block));
        }
        v.visit_expr(&s.expr);
        Report {
            errors: v.errors,
            warnings: v.warnings,
        }
    }

    /// The errors of the program's block itself, once every statement was checked.
    pub fn finish(&mut self, _source: &str) -> Report {
        let mut errors = Vec::new();
        match (&self.first_name, self.second_hash) {
            (Some((name, first)), Some(second)) if self.count == 2 => errors.push(Error::parse(
                format!("This expression is invalid. Did you try declaring a '{name}' resource without a title?"),
                first.cover(second),
            )),
            _ => errors.extend(self.block.take()),
        }
        Report {
            errors,
            warnings: Vec::new(),
        }
    }
}

/// A container on the path from the root to the node being checked.
#[derive(Clone, Copy)]
enum Parent<'a> {
    Expr(&'a Expr),
    /// A resource body, case option, parameter, entry or attribute operation.
    Other,
}

struct Checker<'a> {
    errors: Vec<Error>,
    warnings: Vec<Error>,
    path: Vec<Parent<'a>>,
    source: &'a str,
}

impl<'a> Checker<'a> {
    /// The position the reference reports for a node: its grammar rule locates
    /// binary operations at the operator, postfix forms at their left operand,
    /// method calls at the `(` of their arguments (else the `.`).
    fn pos(&self, e: &Expr) -> Span {
        use ExprKind as K;
        match &e.kind {
            K::Binary { op_span, .. } => *op_span,
            K::Selector { left, .. } | K::Access { left, .. } => self.pos(left),
            K::Collect { type_expr, .. } => self.pos(type_expr),
            K::Resource {
                form: ResourceForm::Regular,
                type_name: x,
                ..
            }
            | K::ResourceDefaults {
                form: ResourceForm::Regular,
                type_ref: x,
                ..
            }
            | K::ResourceOverride {
                form: ResourceForm::Regular,
                resources: x,
                ..
            } => Span::at(self.pos(x).start as usize),
            K::CallNamedFunction(c) => Span::at(self.pos(&c.functor).start as usize),
            K::NamedAccess { right, .. } => self.dot_before(right.span),
            K::CallMethod(c) => match &c.functor.kind {
                K::NamedAccess { right, .. } => {
                    let after = right.span.end as usize;
                    match self.source.get(after..).map(str::trim_start) {
                        Some(rest) if rest.starts_with('(') => {
                            let at = self.source.len() - rest.len();
                            Span::new(at, at + 1)
                        }
                        _ => self.dot_before(right.span),
                    }
                }
                _ => e.span,
            },
            _ => e.span,
        }
    }

    /// The `.` before a method name.
    fn dot_before(&self, name: Span) -> Span {
        let before = self.source.get(..name.start as usize).unwrap_or("");
        before.rfind('.').map_or(name, |i| Span::new(i, i + 1))
    }

    fn err(&mut self, msg: String, span: Span) {
        self.errors.push(Error::parse(msg, span));
    }

    fn container(&self, back: usize) -> Option<Parent<'a>> {
        self.path.len().checked_sub(back + 1).map(|i| self.path[i])
    }

    fn with<F: FnOnce(&mut Self)>(&mut self, p: Parent<'a>, f: F) {
        self.path.push(p);
        f(self);
        self.path.pop();
    }
}

/// The walk: every node is checked, then its children, with the path of
/// containers kept for the checks that look up the tree.
impl<'a> Visitor<'a> for Checker<'a> {
    fn visit_expr(&mut self, e: &'a Expr) {
        // (on more stack when the thread's runs low: trees nest thousands deep)
        crate::stack::deep(|| {
            self.check(e);
            if let ExprKind::LiteralHash { entries, .. } = &e.kind {
                self.check_hash_keys(entries);
            }
            self.with(Parent::Expr(e), |v| walk::walk_expr(v, e));
        })
    }

    fn visit_parameter(&mut self, p: &'a Parameter) {
        self.check_parameter(p);
        self.with(Parent::Other, |v| walk::walk_parameter(v, p));
    }

    fn visit_hash_entry(&mut self, en: &'a KeyedEntry) {
        self.rvalue(&en.key);
        self.rvalue(&en.value);
        self.with(Parent::Other, |v| walk::walk_hash_entry(v, en));
    }

    fn visit_selector_entry(&mut self, en: &'a SelectorEntry) {
        self.rvalue(&en.matching);
        self.with(Parent::Other, |v| walk::walk_selector_entry(v, en));
    }

    fn visit_case_option(&mut self, o: &'a CaseOption) {
        self.check_case_option(o);
        self.with(Parent::Other, |v| walk::walk_case_option(v, o));
    }

    fn visit_resource_body(&mut self, b: &'a ResourceBody) {
        self.check_resource_body(b);
        self.with(Parent::Other, |v| walk::walk_resource_body(v, b));
    }

    fn visit_attribute_op(&mut self, op: &'a AttributeOp) {
        self.check_attribute_op(op);
        self.with(Parent::Other, |v| walk::walk_attribute_op(v, op));
    }
}
