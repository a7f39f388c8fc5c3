//! Checks of loaded definitions that need the whole environment: type names
//! in signatures and alias bodies that resolve to nothing, type expressions
//! that are not valid types, and names defined more than once.

use super::autoload::{self, Kind};
use super::definition::Definition;
use super::Environment;
use crate::check::{Code, Diagnostic};
use crate::syntax::ast::{Expr, ExprKind};
use std::collections::HashMap;
use std::sync::Arc;

/// The diagnostics of the type expressions of `def`.
pub fn check_definition(env: &Environment, def: &Definition) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut check = |expr: &Expr, what: &dyn Fn() -> String| {
        let at = |code: Code, message: String, span| {
            Diagnostic::new(code, message)
                .in_file(Some(def.path.clone()))
                .at(&def.program.source, def.program.line_index(), span)
        };
        if let Err(e) = env.resolve_type(&def.program, expr) {
            out.push(at(
                Code::INVALID_TYPE_EXPRESSION,
                format!("{}: {}", what(), e.message),
                e.span.unwrap_or(expr.span),
            ));
            return;
        }
        for (name, span) in unresolved_names(env, expr) {
            out.push(at(
                Code::UNRESOLVED_TYPE,
                format!("{} references an unresolved type '{name}'", what()),
                span,
            ));
        }
    };
    if let Some(ast) = def.ast() {
        for p in &ast.parameters {
            if let Some(t) = &p.type_expr {
                check(t, &|| format!("The type of parameter ${}", p.name));
            }
        }
        if let Some(t) = &ast.return_type {
            check(t, &|| {
                format!("The return type of {} '{}'", def.kind.label(), def.name)
            });
        }
    }
    if let Some(t) = def.alias_node() {
        check(t, &|| format!("The type alias '{}'", def.name));
    }
    out
}

/// The capitalised names in a type expression that are neither built-in
/// types, nor aliases, nor resource types in `env`, with their spans.
fn unresolved_names(env: &Environment, expr: &Expr) -> Vec<(String, crate::syntax::span::Span)> {
    let mut out = Vec::new();
    let mut stack = vec![expr];
    while let Some(e) = stack.pop() {
        if let ExprKind::QualifiedReference(name) = &e.kind {
            let bare = name.strip_prefix("::").unwrap_or(name);
            if crate::types::builtin::builtin_name(bare).is_none()
                && !matches!(env.aliases().lookup(bare), Ok(Some(_)) | Err(_))
                && !env.aliases().is_resource_type(bare)
            {
                out.push((name.to_string(), e.span));
            }
        }
        stack.extend(e.children());
    }
    out.sort_by_key(|(_, s)| s.start);
    out
}

/// A diagnostic for each definition whose kind and name an earlier one
/// (in module path and file order) already has.
pub fn duplicates(defs: &[Arc<Definition>]) -> Vec<Diagnostic> {
    let mut first: HashMap<(Kind, String), &Arc<Definition>> = HashMap::new();
    let mut out = Vec::new();
    for d in defs {
        let key = (d.kind, autoload::key(&d.name));
        match first.get(&key) {
            None => {
                first.insert(key, d);
            }
            Some(earlier) => {
                let (line, _) = earlier.position();
                out.push(
                    Diagnostic::new(
                        Code::DUPLICATE_DEFINITION,
                        format!(
                            "The {} '{}' is already defined at {}:{line}",
                            d.kind.label(),
                            d.name,
                            earlier.path
                        ),
                    )
                    .in_file(Some(d.path.clone()))
                    .at(&d.program.source, d.program.line_index(), d.span),
                );
            }
        }
    }
    out
}
