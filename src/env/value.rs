//! The value of a parameter's default when it can be known without a
//! catalog: literals and static expressions (operators, lists, hashes,
//! strings without interpolation of variables, type expressions and type
//! conversions of static values). Anything that needs facts, variables or
//! function calls is left unevaluated.

use crate::syntax::ast::{Expr, ExprKind, Program};
use crate::types::Type;
use crate::values::Value;

/// A default's value, or the fact that it needs evaluating in a catalog.
#[derive(Clone, Debug, PartialEq)]
pub enum DefaultValue {
    /// The value.
    Value(Value),
    /// It needs facts, variables or function calls.
    Unevaluated,
}

/// How deep [`is_static`] looks before giving up.
const MAX_DEPTH: usize = 200;

/// True when `e` can be evaluated without a catalog, facts or variables.
fn is_static(e: &Expr, depth: usize) -> bool {
    use ExprKind as K;
    if depth > MAX_DEPTH {
        return false;
    }
    match &e.kind {
        K::Variable(_)
        | K::CallMethod(_)
        | K::Lambda(_)
        | K::NamedAccess { .. }
        | K::Resource { .. }
        | K::ResourceDefaults { .. }
        | K::ResourceOverride { .. }
        | K::Collect { .. }
        | K::VirtualQuery(_)
        | K::ExportedQuery(_)
        | K::HostClass(_)
        | K::ResourceTypeDefinition(_)
        | K::FunctionDefinition(_)
        | K::PlanDefinition(_)
        | K::NodeDefinition { .. }
        | K::TypeAlias { .. }
        | K::TypeMapping { .. }
        | K::TypeDefinition { .. }
        | K::Apply { .. }
        | K::Epp { .. }
        | K::Render(_)
        | K::RenderString(_) => false,
        K::Binary { op, .. } if is_assignment(*op) => false,
        K::CallNamedFunction(c) => {
            matches!(c.functor.kind, K::QualifiedReference(_))
                && c.lambda.is_none()
                && c.args.iter().all(|a| is_static(a, depth + 1))
        }
        _ => e.children().into_iter().all(|c| is_static(c, depth + 1)),
    }
}

fn is_assignment(op: crate::syntax::ast::BinaryOp) -> bool {
    use crate::syntax::ast::BinaryOp as B;
    matches!(op, B::Assign | B::AddAssign | B::SubAssign)
}

/// True when `e` names a type that is not one of Puppet's built-in data types
/// (an alias or a resource type, which only the environment resolves).
fn names_other_type(e: &Expr) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if let ExprKind::QualifiedReference(n) = &x.kind {
            let n = n.strip_prefix("::").unwrap_or(n);
            if crate::types::builtin::builtin_name(n).is_none() {
                return true;
            }
        }
        stack.extend(x.children());
    }
    false
}

/// True for `Name` or `Name[...]`.
fn is_type_expression(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::QualifiedReference(_) => true,
        ExprKind::Access { left, .. } => matches!(left.kind, ExprKind::QualifiedReference(_)),
        _ => false,
    }
}

/// The value of the default `e` of `program`; `resolve` resolves a type
/// expression in the environment (for names that are not built-in types).
pub fn default_value(
    program: &Program,
    e: &Expr,
    resolve: impl FnOnce(&Expr) -> Option<Type>,
) -> DefaultValue {
    if !is_static(e, 0) {
        return DefaultValue::Unevaluated;
    }
    if names_other_type(e) {
        return match is_type_expression(e).then(|| resolve(e)).flatten() {
            Some(t) => DefaultValue::Value(Value::Type(t)),
            None => DefaultValue::Unevaluated,
        };
    }
    match crate::eval::evaluate_expression(program, e) {
        Ok(v) => DefaultValue::Value(v),
        Err(_) => DefaultValue::Unevaluated,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(src: &str) -> DefaultValue {
        let program = crate::syntax::parse(&format!("class a($x = {src}) {{}}")).unwrap();
        let ExprKind::HostClass(d) = &program.body.kind else {
            panic!("not a class")
        };
        let e = d.parameters[0].value.as_deref().unwrap();
        default_value(&program, e, |_| None)
    }

    #[test]
    fn literals_and_static_expressions_have_a_value() {
        assert_eq!(value("1"), DefaultValue::Value(Value::Integer(1)));
        assert_eq!(value("-1"), DefaultValue::Value(Value::Integer(-1)));
        assert_eq!(value("'a'"), DefaultValue::Value(Value::string("a")));
        assert_eq!(value("undef"), DefaultValue::Value(Value::Undef));
        assert_eq!(value("1 + 2 * 3"), DefaultValue::Value(Value::Integer(7)));
        assert!(matches!(
            value("[1, 'a', {b => true}]"),
            DefaultValue::Value(Value::Array(_))
        ));
        assert!(matches!(
            value("Integer[1]"),
            DefaultValue::Value(Value::Type(_))
        ));
        assert_eq!(
            value("\"a\\tb\""),
            DefaultValue::Value(Value::string("a\tb"))
        );
    }

    #[test]
    fn defaults_needing_a_catalog_are_unevaluated() {
        for src in [
            "$facts['os']",
            "$::osfamily ? { 'x' => 1, default => 2 }",
            "lookup('x')",
            "\"${y}\"",
            "[1].map |$v| { $v }",
            "Stdlib::Port",
        ] {
            assert_eq!(value(src), DefaultValue::Unevaluated, "{src}");
        }
    }
}
