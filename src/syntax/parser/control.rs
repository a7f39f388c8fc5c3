//! Conditional expressions: `if`/`elsif`/`else`, `unless`/`else`, `case` and
//! selectors (`x ? { a => b, default => c }`).

use super::{block_or_expression, Parser};
use crate::error::Result;
use crate::syntax::ast::{CaseOption, Expr, ExprKind, SelectorEntry};
use crate::syntax::span::Span;
use crate::syntax::token::TokenKind as T;

impl<'a> Parser<'a> {
    /// `{ statements }` as the body of an `if`/`unless`: `None` when empty, the
    /// single statement, or a block; the span covers the braces.
    pub(super) fn braced_body(&mut self) -> Result<(Option<Box<Expr>>, Span)> {
        let (stmts, span) = self.braced_statements()?;
        Ok((block_or_expression(stmts, Some(span)), span))
    }

    /// `{ statements }` as the body of a definition, lambda or case option: `None`
    /// when empty, else always a block (as the reference builds them).
    pub(super) fn braced_block(&mut self) -> Result<(Option<Box<Expr>>, Span)> {
        let (stmts, span) = self.braced_statements()?;
        let body = if stmts.is_empty() {
            None
        } else {
            Some(Expr::boxed(ExprKind::Block(stmts), span))
        };
        Ok((body, span))
    }

    fn braced_statements(&mut self) -> Result<(Vec<Expr>, Span)> {
        let start = self.expect_span(T::LBrace, "'{'")?;
        self.enter()?;
        let stmts = crate::stack::deep(|| self.statements_until(T::RBrace));
        self.leave();
        let stmts = stmts?;
        let end = self.expect_span(T::RBrace, "'}'")?;
        Ok((stmts, start.cover(end)))
    }

    /// `if test { } elsif test { } else { }`.
    pub(super) fn if_expr(&mut self) -> Result<Expr> {
        let start = self.advance();
        self.enter()?;
        let r = crate::stack::deep(|| self.if_part(start));
        self.leave();
        r
    }

    fn if_part(&mut self, start: Span) -> Result<Expr> {
        let test = self.expression()?;
        let (then_expr, body_span) = self.braced_body()?;
        let mut end = body_span;
        let else_expr = match self.kind() {
            T::Elsif => {
                let s = self.advance();
                self.enter()?;
                let e = crate::stack::deep(|| self.if_part(s));
                self.leave();
                let e = e?;
                end = e.span;
                Some(Box::new(e))
            }
            T::Else => {
                self.advance();
                let (b, s) = self.braced_body()?;
                end = s;
                b
            }
            _ => None,
        };
        Ok(Expr::new(
            ExprKind::If {
                test: Box::new(test),
                then_expr,
                else_expr,
            },
            start.cover(end),
        ))
    }

    /// `unless test { } else { }`.
    pub(super) fn unless_expr(&mut self) -> Result<Expr> {
        let start = self.advance();
        let test = self.expression()?;
        let (then_expr, mut end) = self.braced_body()?;
        let else_expr = if self.eat(T::Else) {
            let (b, s) = self.braced_body()?;
            end = s;
            b
        } else {
            None
        };
        Ok(Expr::new(
            ExprKind::Unless {
                test: Box::new(test),
                then_expr,
                else_expr,
            },
            start.cover(end),
        ))
    }

    /// `case test { values: { body } ... }`.
    pub(super) fn case_expr(&mut self) -> Result<Expr> {
        let start = self.advance();
        let test = self.expression()?;
        self.expect(T::LBrace, "'{'")?;
        self.enter()?;
        let mut options = Vec::new();
        loop {
            let mut values = vec![self.expression()?];
            while self.eat(T::Comma) {
                values.push(self.expression()?);
            }
            self.expect(T::Colon, "':' or ','")?;
            let (then_expr, body) = self.braced_block()?;
            options.push(CaseOption {
                span: values[0].span.cover(body),
                values,
                then_expr,
            });
            if self.at(T::RBrace) {
                break;
            }
        }
        self.leave();
        let end = self.advance();
        Ok(Expr::new(
            ExprKind::Case {
                test: Box::new(test),
                options,
            },
            start.cover(end),
        ))
    }

    /// The part of a selector after `?`: one `m => v` entry or `{ m => v, ... }`.
    pub(super) fn selector(&mut self, left: Expr) -> Result<Expr> {
        let mut entries = Vec::new();
        let end;
        if self.at(T::SelBrace) {
            self.advance();
            loop {
                entries.push(self.selector_entry()?);
                if self.eat(T::Comma) {
                    if self.at(T::RBrace) {
                        break;
                    }
                    continue;
                }
                break;
            }
            end = self.expect_span(T::RBrace, "'}' or ','")?;
        } else {
            let e = self.selector_entry()?;
            end = e.span;
            entries.push(e);
        }
        let span = left.span.cover(end);
        Ok(Expr::new(
            ExprKind::Selector {
                left: Box::new(left),
                entries,
            },
            span,
        ))
    }

    fn selector_entry(&mut self) -> Result<SelectorEntry> {
        let matching = self.expression()?;
        self.expect(T::FArrow, "'=>'")?;
        let value = self.expression()?;
        Ok(SelectorEntry {
            span: matching.span.cover(value.span),
            matching,
            value,
        })
    }
}
