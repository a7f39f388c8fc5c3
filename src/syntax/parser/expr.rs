//! Expressions: operator precedence, prefix and postfix operators, primaries,
//! arrays, hashes and call arguments.
//!
//! Binary operator precedence, lowest first (seed 002, as the reference's grammar
//! orders it): `or`, `and`, `?` (selector), `< <= > >=`, `== !=`, `<< >>`, `+ -`,
//! `* / %`, `=~ !~`, `in`; then the prefix operators `-`, `*` (unfold), `!`; then
//! the postfix collect `<| |>`, access `[ ]`, method call `.name` and call `( )`,
//! which all bind tighter than any prefix operator.

use super::Parser;
use crate::error::Result;
use crate::syntax::ast::{node_text, BinaryOp, Call, Expr, ExprKind, KeyedEntry};
use crate::syntax::span::Span;
use crate::syntax::token::TokenKind as T;

/// Precedence of the selector operator `?`.
pub(super) const P_SELECT: u8 = 3;

/// The precedence and operator of an infix token (`None` for `?`, handled apart).
fn infix(k: T) -> Option<(u8, Option<BinaryOp>)> {
    use BinaryOp::*;
    Some(match k {
        T::Or => (1, Some(Or)),
        T::And => (2, Some(And)),
        T::QMark => (P_SELECT, None),
        T::LessThan => (4, Some(Lt)),
        T::LessEqual => (4, Some(Le)),
        T::GreaterThan => (4, Some(Gt)),
        T::GreaterEqual => (4, Some(Ge)),
        T::IsEqual => (5, Some(Eq)),
        T::NotEqual => (5, Some(Ne)),
        T::LShift => (6, Some(LShift)),
        T::RShift => (6, Some(RShift)),
        T::Plus => (7, Some(Add)),
        T::Minus => (7, Some(Sub)),
        T::Times => (8, Some(Mul)),
        T::Div => (8, Some(Div)),
        T::Modulo => (8, Some(Mod)),
        T::Match => (9, Some(Match)),
        T::NoMatch => (9, Some(NoMatch)),
        T::In => (10, Some(In)),
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    /// A full expression (the grammar's `expression`: no assignment, no resource).
    pub(super) fn expression(&mut self) -> Result<Expr> {
        self.expr_bp(0)
    }

    /// An expression whose binary operators all have precedence `>= min`.
    pub(super) fn expr_bp(&mut self, min: u8) -> Result<Expr> {
        self.enter()?;
        let start_depth = self.depth;
        let result = crate::stack::deep(|| self.expr_bp_inner(min));
        self.depth = start_depth - 1;
        result
    }

    fn expr_bp_inner(&mut self, min: u8) -> Result<Expr> {
        let mut left = self.unary()?;
        while let Some((prec, op)) = infix(self.kind()) {
            if prec < min {
                break;
            }
            // an operator chain nests the tree one level deeper per operator
            self.enter()?;
            let op_span = self.advance();
            left = match op {
                Some(op) => {
                    let right = self.expr_bp(prec + 1)?;
                    let span = left.span.cover(right.span);
                    Expr::new(
                        ExprKind::Binary {
                            op,
                            op_span,
                            left: Box::new(left),
                            right: Box::new(right),
                        },
                        span,
                    )
                }
                None => self.selector(left)?,
            };
        }
        Ok(left)
    }

    /// Prefix operators (`!`, `-`, `*`) and a postfix expression.
    pub(super) fn unary(&mut self) -> Result<Expr> {
        let k = self.kind();
        let make: fn(Box<Expr>) -> ExprKind = match k {
            T::Not => ExprKind::Not,
            T::Minus => ExprKind::UnaryMinus,
            T::Times => ExprKind::Unfold,
            _ => return self.postfix(),
        };
        let start = self.advance();
        self.enter()?;
        let operand = crate::stack::deep(|| self.unary());
        self.leave();
        let operand = operand?;
        let span = start.cover(operand.span);
        Ok(Expr::new(make(Box::new(operand)), span))
    }

    /// A primary followed by any number of calls, accesses, method calls and collects.
    pub(super) fn postfix(&mut self) -> Result<Expr> {
        let e = self.primary()?;
        let base = self.depth;
        let r = self.postfix_ops(e);
        self.depth = base;
        r
    }

    /// Calls, accesses, method calls and collects after `e` (each one level deeper).
    pub(super) fn postfix_ops(&mut self, mut e: Expr) -> Result<Expr> {
        loop {
            let k = self.kind();
            if !matches!(
                k,
                T::LParen | T::LBrack | T::Dot | T::LCollect | T::LLCollect
            ) {
                return Ok(e);
            }
            self.enter()?;
            e = match k {
                T::LParen => self.call_named(e)?,
                T::LBrack => {
                    self.advance();
                    self.access_tail(e, true)?
                }
                T::Dot => self.method_call(e)?,
                _ => self.collect(e)?,
            };
        }
    }

    /// The `args]` of `left[args]`, the `[` already consumed.
    pub(super) fn access_tail(&mut self, left: Expr, trailing_comma: bool) -> Result<Expr> {
        let keys = self.access_args(trailing_comma)?;
        let end = self.expect_span(T::RBrack, "']'")?;
        Ok(access_node(left, keys, end))
    }

    /// Access arguments: expressions or `k => v` pairs (merged into unfolded hashes),
    /// up to `]`. A trailing `,` is consumed; it is an error unless `trailing_comma`.
    pub(super) fn access_args(&mut self, trailing_comma: bool) -> Result<Vec<Expr>> {
        // the capacity a first push gives, without the growth path
        let mut args = Vec::with_capacity(4);
        loop {
            let arg = self.arg(ArgCtx::Access)?;
            push_argument(&mut args, arg);
            if self.eat(T::Comma) {
                if self.at(T::RBrack) {
                    if !trailing_comma {
                        return Err(self.syntax_error("a type parameter"));
                    }
                    return Ok(args);
                }
                continue;
            }
            return Ok(args);
        }
    }

    /// One argument: an assignment (an expression for access arguments) or a
    /// `k => v` pair (an unfolded one-entry hash). `ctx` says where the argument is.
    fn arg(&mut self, ctx: ArgCtx) -> Result<Expr> {
        let first = if self.keyword_literal_here(if ctx == ArgCtx::Element {
            KwPos::Element
        } else {
            KwPos::Key
        }) {
            self.keyword_literal()
        } else {
            self.assignment()?
        };
        if ctx == ArgCtx::Access && !self.at(T::FArrow) && !is_plain_expression(&first) {
            // an access argument is an expression unless it is the key of a `k => v` pair
            return Err(self.syntax_error("'=>'"));
        }
        if self.at(T::FArrow) {
            self.advance();
            let value = self.hash_value()?;
            let span = first.span.cover(value.span);
            let entry = KeyedEntry {
                span,
                key: first,
                value,
            };
            return Ok(Expr::new(
                ExprKind::LiteralHash {
                    entries: vec![entry],
                    unfolded: true,
                },
                span,
            ));
        }
        Ok(first)
    }

    /// `type` or `function` standing alone as a string: as a hash key (before `=>`),
    /// a hash value (after `=>`) or an array element.
    fn keyword_literal_here(&self, pos: KwPos) -> bool {
        matches!(self.kind(), T::Type | T::Function)
            && match pos {
                KwPos::Key => self.peek_kind(1) == T::FArrow,
                KwPos::Value => matches!(
                    self.peek_kind(1),
                    T::Comma | T::RBrack | T::RBrace | T::RParen
                ),
                KwPos::Element => matches!(self.peek_kind(1), T::Comma | T::FArrow | T::RBrack),
            }
    }

    fn keyword_literal(&mut self) -> Expr {
        let t = self.bump();
        Expr::new(ExprKind::LiteralString(node_text(t.text())), t.span)
    }

    /// A hash key: an assignment, or `type`/`function` before `=>`.
    pub(super) fn hash_key(&mut self) -> Result<Expr> {
        if self.keyword_literal_here(KwPos::Key) {
            return Ok(self.keyword_literal());
        }
        self.assignment()
    }

    /// A hash value: an assignment, or `type`/`function` as a string.
    pub(super) fn hash_value(&mut self) -> Result<Expr> {
        if self.keyword_literal_here(KwPos::Value) {
            return Ok(self.keyword_literal());
        }
        self.assignment()
    }

    /// Call arguments up to and including `)`; the `(` is already consumed.
    pub(super) fn call_args(&mut self) -> Result<Vec<Expr>> {
        if self.eat(T::RParen) {
            return Ok(Vec::new());
        }
        let mut args = Vec::with_capacity(4);
        loop {
            let arg = self.arg(ArgCtx::Call)?;
            push_argument(&mut args, arg);
            if self.eat(T::Comma) {
                if self.eat(T::RParen) {
                    return Ok(args);
                }
                continue;
            }
            self.expect(T::RParen, "')' or ','")?;
            return Ok(args);
        }
    }

    /// An optional lambda after a call's arguments, and where the call ends.
    fn trailing_lambda(&mut self) -> Result<(Option<Box<Expr>>, Span)> {
        if !self.at(T::Pipe) {
            return Ok((None, self.prev_span()));
        }
        let l = self.lambda()?;
        let end = l.span;
        Ok((Some(Box::new(l)), end))
    }

    /// `functor(args) |params| { body }`.
    fn call_named(&mut self, functor: Expr) -> Result<Expr> {
        self.advance();
        let args = self.call_args()?;
        let (lambda, end) = self.trailing_lambda()?;
        let span = functor.span.cover(end);
        Ok(Expr::new(
            ExprKind::CallNamedFunction(Box::new(Call {
                functor: Box::new(functor),
                args,
                lambda,
                rval_required: true,
            })),
            span,
        ))
    }

    /// `left.name`, `left.name(args)`, optionally followed by a lambda.
    fn method_call(&mut self, left: Expr) -> Result<Expr> {
        self.advance();
        let name = match self.kind() {
            T::Name | T::Type => self.bump(),
            _ => return Err(self.syntax_error("a method name")),
        };
        let right = Expr::new(ExprKind::QualifiedName(node_text(name.text())), name.span);
        let access_span = left.span.cover(name.span);
        let functor = Expr::new(
            ExprKind::NamedAccess {
                left: Box::new(left),
                right: Box::new(right),
            },
            access_span,
        );
        let args = if self.at(T::LParen) {
            self.advance();
            self.call_args()?
        } else {
            Vec::new()
        };
        let (lambda, end) = self.trailing_lambda()?;
        let span = functor.span.cover(end);
        Ok(Expr::new(
            ExprKind::CallMethod(Box::new(Call {
                functor: Box::new(functor),
                args,
                lambda,
                rval_required: true,
            })),
            span,
        ))
    }

    /// A primary expression. Every arm only calls: this function is on the
    /// recursion path of nested expressions, so its frame is kept small.
    fn primary(&mut self) -> Result<Expr> {
        match self.kind() {
            T::DqPre => self.dq_string(),
            T::Heredoc => self.heredoc(),
            T::ListStart | T::LBrack => self.array(),
            T::LBrace => self.hash(),
            T::LParen | T::WsLParen => self.paren(),
            T::If => self.if_expr(),
            T::Unless => self.unless_expr(),
            T::Case => self.case_expr(),
            T::Class => self.class_def(),
            T::Define => self.define_def(),
            T::Node => self.node_def(),
            T::Function => self.function_def(),
            T::Plan => self.plan_def(),
            T::Apply => self.apply_expr(),
            T::Type => self.type_expr_statement(),
            T::RenderExpr => self.render_expr(),
            _ => self.literal(),
        }
    }

    /// `(assignment)`.
    fn paren(&mut self) -> Result<Expr> {
        let span = self.advance();
        self.enter()?;
        let inner = crate::stack::deep(|| self.assignment());
        self.leave();
        let inner = inner?;
        let end = self.expect_span(T::RParen, "')'")?;
        Ok(Expr::new(ExprKind::Paren(Box::new(inner)), span.cover(end)))
    }

    /// A one-token primary: variable, name, word, string, number, boolean, `default`,
    /// `undef`, type reference, regex, reserved word, EPP text.
    pub(super) fn literal(&mut self) -> Result<Expr> {
        let span = self.span();
        let Some(t) = self.tok(self.pos) else {
            return self.rare_literal(span);
        };
        let e = match t.kind {
            T::Variable => {
                let name_span = Span::new(span.start as usize + 1, span.end as usize);
                let name = Expr::new(ExprKind::QualifiedName(node_text(t.text())), name_span);
                Expr::new(ExprKind::Variable(Box::new(name)), span)
            }
            T::Name => self.name_or_number(t),
            T::Number => self.number(t)?,
            T::Word | T::String => Expr::new(ExprKind::LiteralString(node_text(t.text())), span),
            T::Boolean => Expr::new(ExprKind::LiteralBoolean(t.text() == "true"), span),
            T::Default => Expr::new(ExprKind::LiteralDefault, span),
            T::Undef => Expr::new(ExprKind::LiteralUndef, span),
            T::ClassRef => Expr::new(ExprKind::QualifiedReference(node_text(t.text())), span),
            _ => return self.rare_literal(span),
        };
        self.pos += 1;
        self.moved();
        Ok(e)
    }

    /// The one-token primaries [`Self::literal`] does not read in place, or an error.
    fn rare_literal(&mut self, span: Span) -> Result<Expr> {
        let kind = match self.kind() {
            // the lexer rejects regexes that do not compile (as the reference's does)
            T::Regex => ExprKind::LiteralRegex(self.bump().text().to_string()),
            T::Private | T::Attr => ExprKind::ReservedWord(self.bump().text().to_string()),
            T::RenderString => ExprKind::RenderString(self.bump().text().to_string()),
            _ => return Err(self.syntax_error("an expression")),
        };
        Ok(Expr::new(kind, span))
    }

    /// `[entries]`.
    pub(super) fn array(&mut self) -> Result<Expr> {
        let start = self.advance();
        self.enter()?;
        let mut values = Vec::new();
        if !self.at(T::RBrack) {
            values.reserve_exact(4);
        }
        while !self.at(T::RBrack) {
            let v = self.arg(ArgCtx::Element)?;
            push_argument(&mut values, v);
            if !self.eat(T::Comma) {
                break;
            }
        }
        self.leave();
        let end = self.expect_span(T::RBrack, "']' or ','")?;
        Ok(Expr::new(ExprKind::LiteralList(values), start.cover(end)))
    }

    /// `{k => v, ...}`.
    pub(super) fn hash(&mut self) -> Result<Expr> {
        let start = self.advance();
        self.enter()?;
        let mut entries = Vec::new();
        if !self.at(T::RBrace) {
            entries.reserve_exact(4);
        }
        while !self.at(T::RBrace) {
            let key = self.hash_key()?;
            self.expect_span(T::FArrow, "'=>'")?;
            let value = self.hash_value()?;
            let span = key.span.cover(value.span);
            entries.push(KeyedEntry { span, key, value });
            if !self.eat(T::Comma) {
                break;
            }
        }
        self.leave();
        let end = self.expect_span(T::RBrace, "'}' or ','")?;
        Ok(Expr::new(
            ExprKind::LiteralHash {
                entries,
                unfolded: false,
            },
            start.cover(end),
        ))
    }
}

/// Where an argument appears.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ArgCtx {
    /// Inside `[...]` after an expression.
    Access,
    /// Inside `(...)` of a call.
    Call,
    /// An array element.
    Element,
}

/// Where a `type`/`function` keyword may stand for its name as a string.
#[derive(Clone, Copy)]
enum KwPos {
    Key,
    Value,
    Element,
}

/// The access `left[keys]` whose `]` is at `end`.
pub(super) fn access_node(left: Expr, keys: Vec<Expr>, end: Span) -> Expr {
    let span = left.span.cover(end);
    Expr::new(
        ExprKind::Access {
            left: Box::new(left),
            keys,
        },
        span,
    )
}

/// Adds an argument, merging adjacent unfolded hashes (`f(a => 1, b => 2)` passes one hash).
#[inline(always)]
pub(super) fn push_argument(args: &mut Vec<Expr>, arg: Expr) {
    if matches!(arg.kind, ExprKind::LiteralHash { unfolded: true, .. }) {
        push_unfolded(args, arg);
    } else {
        args.push(arg);
    }
}

/// [`push_argument`] of an unfolded hash.
#[inline(never)]
fn push_unfolded(args: &mut Vec<Expr>, arg: Expr) {
    if let ExprKind::LiteralHash {
        unfolded: true,
        entries: new_entries,
    } = &arg.kind
    {
        if let Some(Expr {
            kind:
                ExprKind::LiteralHash {
                    unfolded: true,
                    entries,
                },
            span,
        }) = args.last_mut()
        {
            entries.extend(new_entries.iter().cloned());
            *span = span.cover(arg.span);
            return;
        }
    }
    args.push(arg);
}

/// False for what only the statement level produces: assignments, relationships
/// and resource expressions.
fn is_plain_expression(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary { op, .. } => !matches!(
            op,
            BinaryOp::Assign
                | BinaryOp::AddAssign
                | BinaryOp::SubAssign
                | BinaryOp::InEdge
                | BinaryOp::InEdgeSub
                | BinaryOp::OutEdge
                | BinaryOp::OutEdgeSub
        ),
        ExprKind::Resource { .. }
        | ExprKind::ResourceDefaults { .. }
        | ExprKind::ResourceOverride { .. } => false,
        _ => true,
    }
}
