//! Definitions found in a parsed file (classes, defined types, functions,
//! plans, type aliases) with their parameters, and the comment block above
//! each (its docstring).
//!
//! A [`Definition`] keeps the parsed program of its file and the place of its
//! node in it, so the AST is at hand ([`Definition::node`]) without a copy.

use super::autoload::Kind;
use super::strings::model_span::tree_span;
use crate::syntax::ast::{self, Expr, ExprKind, Program};
use crate::syntax::span::Span;
use std::sync::Arc;

/// A class, defined type, function, plan or type alias.
#[derive(Debug)]
pub struct Definition {
    /// What it defines.
    pub kind: Kind,
    /// The name as written (`apache::vhost`, `Stdlib::Port`).
    pub name: String,
    /// The file it is in.
    pub path: Arc<str>,
    /// The name of the module the file belongs to (`None` for a file given directly).
    pub module: Option<Arc<str>>,
    /// The file's parsed program.
    pub program: Arc<Program>,
    /// Indexes of the statements leading to the node (see [`Definition::node`]).
    node_path: Vec<u32>,
    /// The whole definition (from its keyword to its end).
    pub span: Span,
    /// The parameters, in order (none for a type alias).
    pub parameters: Vec<Parameter>,
    /// A class's parent (`inherits`), as written.
    pub parent: Option<String>,
    /// A function's return type expression.
    pub return_type: Option<Span>,
    /// A type alias's type expression.
    pub alias_type: Option<Span>,
}

/// A parameter of a definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// The name without `$`.
    pub name: String,
    /// Where `$name` is.
    pub span: Span,
    /// The declared type expression, when there is one.
    pub type_span: Option<Span>,
    /// Where the default value expression is, when there is one, as the
    /// reference's model gives the extent of its tree (a selector's ends at
    /// its last entry: [`tree_span`]).
    pub default_span: Option<Span>,
    /// True for `*$name`.
    pub captures_rest: bool,
}

impl Definition {
    /// The definition's AST node.
    pub fn node(&self) -> &Expr {
        node_at(&self.program, &self.node_path).unwrap_or(&self.program.body)
    }

    /// The class, define, function or plan node's definition (`None` for a type alias).
    pub fn ast(&self) -> Option<&ast::Definition> {
        match &self.node().kind {
            ExprKind::HostClass(d)
            | ExprKind::ResourceTypeDefinition(d)
            | ExprKind::FunctionDefinition(d)
            | ExprKind::PlanDefinition(d) => Some(d),
            _ => None,
        }
    }

    /// The AST node of parameter `i`.
    pub fn parameter_node(&self, i: usize) -> Option<&ast::Parameter> {
        self.ast()?.parameters.get(i)
    }

    /// A type alias's type expression node.
    pub fn alias_node(&self) -> Option<&Expr> {
        match &self.node().kind {
            ExprKind::TypeAlias { type_expr, .. } => Some(type_expr),
            _ => None,
        }
    }

    /// A function's return type node.
    pub fn return_type_node(&self) -> Option<&Expr> {
        self.ast()?.return_type.as_deref()
    }

    /// The source text of `span` in this definition's file.
    pub fn text(&self, span: Span) -> &str {
        self.program.text(span)
    }

    /// The definition's source text.
    pub fn source(&self) -> &str {
        self.program.text(self.span)
    }

    /// 1-based line and column of a byte offset of the file.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        self.program.line_col(offset as usize)
    }

    /// 1-based line and column of the definition.
    pub fn position(&self) -> (usize, usize) {
        self.line_col(self.span.start)
    }

    /// The comment block directly above (each line without its `#` marks
    /// and one space), as puppet-strings reads it; empty when none. (Read
    /// when asked: most lookups never need it.)
    pub fn docstring(&self) -> String {
        comment_block_before(&self.program.source, self.span.start as usize)
    }
}

/// The node at `path` (statement indexes: in the program, then in the
/// bodies of the classes on the way).
fn node_at<'p>(program: &'p Program, path: &[u32]) -> Option<&'p Expr> {
    let mut container = Some(&program.body);
    let mut node = None;
    for &i in path {
        let stmts = statements(container?);
        let n = stmts.get(i as usize)?;
        node = Some(*n);
        container = match &n.kind {
            ExprKind::HostClass(d) => d.body.as_deref(),
            _ => None,
        };
    }
    node
}

/// The statements of a body: a block's, or the one expression.
fn statements(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Block(stmts) => stmts.iter().collect(),
        ExprKind::Nop => Vec::new(),
        _ => vec![e],
    }
}

/// The definitions of `program` (top level, and classes and defines nested
/// in classes), in source order.
pub fn extract(
    program: &Arc<Program>,
    path: &Arc<str>,
    module: Option<&Arc<str>>,
) -> Vec<Definition> {
    let mut out = Vec::new();
    let mut stack = vec![(&program.body, Vec::new())];
    while let Some((container, prefix)) = stack.pop() {
        for (i, stmt) in statements(container).into_iter().enumerate() {
            let mut node_path = prefix.clone();
            node_path.push(i as u32);
            let (kind, name, params, parent, ret, alias) = match &stmt.kind {
                ExprKind::HostClass(d) => {
                    if let Some(body) = &d.body {
                        stack.push((body, node_path.clone()));
                    }
                    (
                        Kind::Class,
                        d.name.clone(),
                        &d.parameters[..],
                        d.parent.clone(),
                        None,
                        None,
                    )
                }
                ExprKind::ResourceTypeDefinition(d) => (
                    Kind::DefinedType,
                    d.name.clone(),
                    &d.parameters[..],
                    None,
                    None,
                    None,
                ),
                ExprKind::FunctionDefinition(d) => {
                    let ret = d.return_type.as_ref().map(|t| t.span);
                    (
                        Kind::Function,
                        d.name.clone(),
                        &d.parameters[..],
                        None,
                        ret,
                        None,
                    )
                }
                ExprKind::PlanDefinition(d) => (
                    Kind::Plan,
                    d.name.clone(),
                    &d.parameters[..],
                    None,
                    None,
                    None,
                ),
                ExprKind::TypeAlias { name, type_expr } => (
                    Kind::TypeAlias,
                    name.clone(),
                    &[][..],
                    None,
                    None,
                    Some(type_expr.span),
                ),
                _ => continue,
            };
            out.push(Definition {
                kind,
                name,
                path: path.clone(),
                module: module.cloned(),
                program: program.clone(),
                node_path,
                span: stmt.span,
                parameters: params
                    .iter()
                    .map(|p| parameter(&program.source, p))
                    .collect(),
                parent,
                return_type: ret,
                alias_type: alias,
            });
        }
    }
    out.sort_by_key(|d| d.span.start);
    out
}

fn parameter(src: &str, p: &ast::Parameter) -> Parameter {
    Parameter {
        name: p.name.clone(),
        span: p.span,
        type_span: p.type_expr.as_ref().map(|t| t.span),
        default_span: p.value.as_ref().map(|v| tree_span(src, v)),
        captures_rest: p.captures_rest,
    }
}

/// Characters Ruby's `String#strip` removes.
fn ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | '\0')
}

/// The comment lines directly above the line of byte `offset` of `source`
/// (no blank line between), each stripped of surrounding whitespace, its
/// leading `#` marks and one whitespace character after them, joined with
/// newlines.
pub fn comment_block_before(source: &str, offset: usize) -> String {
    let offset = offset.min(source.len());
    // the start of the definition's line, then each line above it in turn
    let mut end = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    let mut comment: Vec<&str> = Vec::new();
    while end > 0 {
        let line_end = end - 1;
        let start = source[..line_end].rfind('\n').map_or(0, |i| i + 1);
        end = start;
        let text = source[start..line_end].trim_matches(ruby_space);
        let Some(after) = text.strip_prefix('#') else {
            break;
        };
        let after = after.trim_start_matches('#');
        let after = match after.chars().next() {
            Some(c) if c.is_ascii_whitespace() || c == '\u{b}' => &after[1..],
            _ => after,
        };
        comment.push(after);
    }
    comment.reverse();
    comment.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defs(src: &str) -> Vec<Definition> {
        let program = Arc::new(crate::syntax::parser::parse_tasks(src).unwrap());
        extract(&program, &Arc::from("x.pp"), None)
    }

    #[test]
    fn definitions_and_their_parameters_are_found_with_their_spans() {
        let src = "class a(Integer $x = 1, $y) inherits b {\n  class c {}\n}\nfunction d(*$r) {}\n";
        let ds = defs(src);
        let names: Vec<_> = ds.iter().map(|d| (d.kind, d.name.as_str())).collect();
        assert_eq!(
            names,
            [
                (Kind::Class, "a"),
                (Kind::Class, "a::c"),
                (Kind::Function, "d")
            ]
        );
        let a = &ds[0];
        assert_eq!(a.parent.as_deref(), Some("b"));
        assert_eq!(a.parameters[0].name, "x");
        assert_eq!(a.text(a.parameters[0].type_span.unwrap()), "Integer");
        assert_eq!(a.text(a.parameters[0].default_span.unwrap()), "1");
        assert_eq!(a.text(a.parameters[1].span), "$y");
        assert!(ds[2].parameters[0].captures_rest);
        assert!(matches!(ds[1].node().kind, ExprKind::HostClass(_)));
        assert_eq!(ds[1].source(), "class c {}");
    }

    #[test]
    fn the_docstring_is_the_comment_block_directly_above() {
        let src = "# not this\n\n# @summary s\n  ## two\n#\n#\tx \nclass a {}\n";
        assert_eq!(defs(src)[0].docstring(), "@summary s\ntwo\n\nx");
        assert_eq!(defs("class a {}")[0].docstring(), "");
        assert_eq!(defs("$x = 1 # c\nclass a {}")[0].docstring(), "");
    }

    #[test]
    fn functions_aliases_and_plans_are_definitions_too() {
        let ds = defs(
            "function m::f(Integer $a) >> String { 'x' }\ntype M::T = Integer\nplan m::p($t) {}\n",
        );
        assert_eq!(ds[0].kind, Kind::Function);
        assert_eq!(ds[0].text(ds[0].return_type.unwrap()), "String");
        assert_eq!(ds[1].kind, Kind::TypeAlias);
        assert_eq!(ds[1].text(ds[1].alias_type.unwrap()), "Integer");
        assert!(ds[1].alias_node().is_some());
        assert_eq!(ds[2].kind, Kind::Plan);
    }
}
