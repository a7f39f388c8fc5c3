//! Where the reference's parser model locates an expression itself (not its
//! subtree), which is the text puppet-strings shows for defaults and alias
//! keys: a binary operation is located at its operator (`1 + 2` shows `+`), a
//! unary one at its operator (`-1` shows `-`), a parenthesised expression at
//! `(`, a selector where its tested expression is, a method call at its
//! argument list (`(1)`) or at `.name` when it has none, an access from where
//! its left side is located to its `]`. Everything else covers its whole text.

use crate::syntax::ast::{Expr, ExprKind};
use crate::syntax::span::Span;
use crate::syntax::walk::{walk_expr, Visitor};

/// How deep [`own_span`] follows left operands before taking the whole span.
const MAX_DEPTH: usize = 256;

/// The span the reference's model gives `e` itself, in `src`.
pub fn own_span(src: &str, e: &Expr) -> Span {
    own(src, e, 0)
}

fn own(src: &str, e: &Expr, depth: usize) -> Span {
    if depth > MAX_DEPTH {
        return e.span;
    }
    let first = |s: Span| Span::new(s.start as usize, (s.start as usize + 1).min(s.end as usize));
    match &e.kind {
        ExprKind::Binary { op_span, .. } => *op_span,
        ExprKind::UnaryMinus(_) | ExprKind::Not(_) | ExprKind::Unfold(_) | ExprKind::Paren(_) => {
            first(e.span)
        }
        ExprKind::Selector { left, .. } => own(src, left, depth + 1),
        ExprKind::Access { left, .. } => Span::new(
            own(src, left, depth + 1).start as usize,
            e.span.end as usize,
        ),
        ExprKind::NamedAccess { left, right } => dot_name(src, left, right),
        ExprKind::CallMethod(call) => {
            let functor_end = call.functor.span.end as usize;
            match next_non_space(src, functor_end) {
                Some(open) if src.as_bytes()[open] == b'(' => {
                    if call.args.is_empty() {
                        Span::new(open, open + 1)
                    } else {
                        let close = match &call.lambda {
                            None => e.span.end as usize,
                            Some(l) => closing_paren_before(src, l.span.start as usize)
                                .unwrap_or(l.span.start as usize),
                        };
                        Span::new(open, close)
                    }
                }
                _ => match &call.functor.kind {
                    ExprKind::NamedAccess { left, right } => dot_name(src, left, right),
                    _ => call.functor.span,
                },
            }
        }
        _ => e.span,
    }
}

/// The extent the reference's model gives `e` with everything below it (what
/// its `extract_tree_text` shows, and so a parameter's default text): the
/// union of the own spans of the nodes of the tree. It differs from `e.span`
/// where a node is located inside its own text, as a selector is: a selector's
/// tree ends at its last entry, without the closing `}`.
pub fn tree_span(src: &str, e: &Expr) -> Span {
    struct Union<'s> {
        src: &'s str,
        start: u32,
        end: u32,
    }
    impl<'a> Visitor<'a> for Union<'_> {
        fn visit_expr(&mut self, e: &'a Expr) {
            let own = own_span(self.src, e);
            self.start = self.start.min(own.start);
            self.end = self.end.max(own.end);
            walk_expr(self, e);
        }
    }
    let own = own_span(src, e);
    let mut union = Union {
        src,
        start: own.start,
        end: own.end,
    };
    // The tree is a parsed program's, whose depth the parser bounds.
    walk_expr(&mut union, e);
    Span::new(union.start as usize, union.end as usize)
}

/// `.name` of a named access.
fn dot_name(src: &str, left: &Expr, right: &Expr) -> Span {
    let from = left.span.end as usize;
    let dot = src
        .get(from..right.span.start as usize)
        .and_then(|between| between.find('.'))
        .map_or(from, |i| from + i);
    Span::new(dot, right.span.end as usize)
}

/// The first byte at or after `from` that is not whitespace.
fn next_non_space(src: &str, from: usize) -> Option<usize> {
    let rest = src.get(from..)?;
    rest.find(|c: char| !c.is_whitespace()).map(|i| from + i)
}

/// One past the last `)` before `before` (skipping whitespace).
fn closing_paren_before(src: &str, before: usize) -> Option<usize> {
    let head = src.get(..before)?;
    let trimmed = head.trim_end();
    trimmed.ends_with(')').then_some(trimmed.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The own text of the default of `class a($x = <src>) {}`.
    fn own_text(default: &str) -> String {
        let src = format!("class a($x = {default}) {{}}");
        let program = crate::syntax::parse(&src).unwrap();
        let ExprKind::HostClass(d) = &program.body.kind else {
            panic!("not a class")
        };
        let e = d.parameters[0].value.as_deref().unwrap();
        program.text(own_span(&src, e)).to_string()
    }

    /// The tree text of the default of `class a($x = <src>) {}`.
    fn tree_text(default: &str) -> String {
        let src = format!("class a($x = {default}) {{}}");
        let program = crate::syntax::parse(&src).unwrap();
        let ExprKind::HostClass(d) = &program.body.kind else {
            panic!("not a class")
        };
        let e = d.parameters[0].value.as_deref().unwrap();
        program.text(tree_span(&src, e)).to_string()
    }

    #[test]
    fn a_selector_tree_ends_at_its_last_entry() {
        assert_eq!(
            tree_text("$os ? {\n  'a' => 1,\n  default => 2,\n}"),
            "$os ? {\n  'a' => 1,\n  default => 2"
        );
        assert_eq!(tree_text("[$os ? { 'a' => 1 }]"), "[$os ? { 'a' => 1 }]");
        assert_eq!(tree_text("1 + 2"), "1 + 2");
        assert_eq!(tree_text("{ 'a' => 1 }"), "{ 'a' => 1 }");
    }

    #[test]
    fn operations_are_located_at_their_operator() {
        assert_eq!(own_text("1 + 2"), "+");
        assert_eq!(own_text("1 * 2 + 3"), "+");
        assert_eq!(own_text("$a and $b or $c"), "or");
        assert_eq!(own_text("1 in [1]"), "in");
        assert_eq!(own_text("-1"), "-");
        assert_eq!(own_text("!$x"), "!");
        assert_eq!(own_text("(1)"), "(");
    }

    #[test]
    fn selectors_calls_and_accesses_follow_the_reference() {
        assert_eq!(
            own_text("$facts['os']['family'] ? { 'x' => 1, default => 2 }"),
            "$facts['os']['family']"
        );
        assert_eq!(own_text("(1 + 2) ? { 1 => 2 }"), "(");
        assert_eq!(own_text("$x.map |$v| { $v }"), ".map");
        assert_eq!(own_text("$x.foo(1)"), "(1)");
        assert_eq!(own_text("$x.foo()"), "(");
        assert_eq!(own_text("$x.foo(1).bar"), ".bar");
        assert_eq!(own_text("$x.foo[1]"), ".foo[1]");
        assert_eq!(own_text("foo(1)[2]"), "foo(1)[2]");
        assert_eq!(own_text("foo(1) |$y| { $y }"), "foo(1) |$y| { $y }");
        assert_eq!(own_text("[1,\n    2]"), "[1,\n    2]");
        assert_eq!(own_text("\"x${y}z\""), "\"x${y}z\"");
    }
}
