//! The reference's labels of nodes in messages (`ModelLabelProvider`):
//! `a 'Block Expression'`, `an Access Expression`.

use crate::syntax::ast::{Expr, ExprKind};

/// The reference's label for a node (`ModelLabelProvider`).
pub fn label(e: &Expr) -> String {
    use ExprKind as K;
    match &e.kind {
        K::Nop => "Nop Expression".into(),
        K::LiteralUndef => "'undef' expression".into(),
        K::LiteralDefault => "'default' expression".into(),
        K::LiteralBoolean(_) => "Boolean".into(),
        K::LiteralInteger { .. } => "Literal Integer".into(),
        K::LiteralFloat(_) => "Literal Float".into(),
        K::LiteralString(_) => "String".into(),
        K::LiteralRegex(_) => "Regular Expression".into(),
        K::LiteralList(_) => "Array Expression".into(),
        K::LiteralHash { .. } => "Hash Expression".into(),
        K::QualifiedName(_) => "Name".into(),
        K::QualifiedReference(_) => "Type-Name".into(),
        K::ReservedWord(w) => format!("Reserved Word '{w}'"),
        K::Variable(_) => "Variable".into(),
        K::ConcatenatedString(_) => "Double Quoted String".into(),
        K::Text(_) => "Expression in Interpolated String".into(),
        K::Heredoc { syntax, .. } => format!("'@({syntax})' expression"),
        K::Access { .. } => "'[]' expression".into(),
        K::NamedAccess { .. } => "'.' expression".into(),
        K::Not(_) => "'not' expression".into(),
        K::UnaryMinus(_) => "Unary Minus".into(),
        K::Unfold(_) => "Unfold".into(),
        K::Binary { op, .. } => format!("'{}' expression", op.symbol()),
        K::Paren(_) => "Parenthesized Expression".into(),
        K::Selector { .. } => "Selector Expression".into(),
        K::Case { .. } => "'case' statement".into(),
        K::If { .. } => "'if' statement".into(),
        K::Unless { .. } => "'unless' Statement".into(),
        K::Block(_) => "Block Expression".into(),
        K::CallNamedFunction(_) => "Function Call".into(),
        K::CallMethod(_) => "Method call".into(),
        K::Lambda(_) => "Lambda".into(),
        K::Resource { .. } => "Resource Statement".into(),
        K::ResourceDefaults { .. } => "Resource Defaults Expression".into(),
        K::ResourceOverride { .. } => "Resource Override".into(),
        K::Collect { query, .. } => label(query),
        K::VirtualQuery(_) => "Virtual Query".into(),
        K::ExportedQuery(_) => "Exported Query".into(),
        K::HostClass(_) => "Host Class Definition".into(),
        K::ResourceTypeDefinition(_) => "'define' expression".into(),
        K::FunctionDefinition(_) => "Function Definition".into(),
        K::PlanDefinition(_) => "Plan Definition".into(),
        K::NodeDefinition { .. } => "Node Definition".into(),
        K::TypeAlias { .. } => "Type Alias".into(),
        K::TypeMapping { .. } => "Type Mapping".into(),
        K::TypeDefinition { .. } => "Type Definition".into(),
        K::Apply { .. } => "'apply' expression".into(),
        K::Epp { .. } => "Epp Template".into(),
        K::RenderString(_) => "Epp Text".into(),
        K::Render(_) => "Epp Interpolated Expression".into(),
    }
}

/// `a`/`an` + label, as the reference's label provider (quotes are skipped).
pub(super) fn a_an(text: &str) -> String {
    let first = text
        .trim_start_matches(['\'', '"'])
        .chars()
        .next()
        .map(|c| c.to_ascii_lowercase());
    let art = if matches!(first, Some('a' | 'e' | 'i' | 'o' | 'u' | 'y')) {
        "an"
    } else {
        "a"
    };
    format!("{art} {text}")
}

pub(super) fn a_an_uc(text: &str) -> String {
    let s = a_an(text);
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => s,
    }
}
