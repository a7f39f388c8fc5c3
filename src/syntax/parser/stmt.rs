//! Statement lists, assignment and relationship operators, and the
//! transformation of `name arg, arg` sequences into statement calls.
//!
//! A statement list is a sequence of statements, optionally separated by `;`
//! (a `;` must be followed by another statement). A statement may be a comma
//! separated list of assignments; such a list is only valid as the arguments
//! of a preceding statement function name (`include a, b`). The names that may
//! be called without parentheses are those of [`STATEMENT_CALLS`].

use super::Parser;
use crate::error::{Error, Result};
use crate::syntax::ast::{BinaryOp, Call, Expr, ExprKind};
use crate::syntax::span::Span;
use crate::syntax::token::{Token, TokenKind as T};

/// Functions that can be called without parentheses around their arguments.
pub const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err",
    "fail", "import", "break", "next", "return",
];

/// True when `name` may be called without parentheses.
pub fn is_statement_call(name: &str) -> bool {
    STATEMENT_CALLS.contains(&name)
}

impl<'a, 't> Parser<'a, 't> {
    /// Statements up to (not including) `end` or the end of input.
    pub(super) fn statements_until(&mut self, end: T) -> Result<Vec<Expr>> {
        let mut memo: Vec<Expr> = Vec::new();
        // A misplaced comma list is reported when the whole list has parsed (as the
        // reference transforms calls then): a later syntax error comes first.
        let mut deferred: Option<Error> = None;
        loop {
            if self.at(end) || self.at(T::Eof) {
                return match deferred {
                    Some(e) if self.recover => {
                        self.errors.push(e);
                        Ok(memo)
                    }
                    Some(e) => Err(e),
                    None => Ok(memo),
                };
            }
            let stmt_start = self.pos;
            let depth = self.depth;
            let mut r = self.syntactic_statement(&mut memo, &mut deferred);
            if r.is_ok() && self.eat(T::Semic) && (self.at(end) || self.at(T::Eof)) {
                r = Err(self.syntax_error("a statement after ';'"));
            }
            if r.is_err() && self.pos == stmt_start {
                // the list ended at a token that starts no statement: the reference
                // reduces the list (and reports a misplaced comma list) first
                if let Some(d) = deferred.take() {
                    if !self.recover {
                        return Err(d);
                    }
                    self.errors.push(d);
                }
            }
            match r {
                Ok(()) => {}
                Err(e) if self.recover => {
                    // an error may leave nesting levels entered: restore the count
                    self.depth = depth;
                    self.errors.push(e);
                    if !self.synchronize(end, stmt_start) {
                        return Ok(memo);
                    }
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Skips tokens after an error to the next plausible statement start (a
    /// statement keyword, variable or name first on a line, or after a `;` or a
    /// balanced `}`), never stopping at `stmt_start` (the failed statement's first
    /// token). Returns false when `end` or the end of input is reached first.
    fn synchronize(&mut self, end: T, stmt_start: usize) -> bool {
        let mut depth = 0usize;
        loop {
            let k = self.kind();
            if k == T::Eof || (depth == 0 && k == end && end != T::Eof) {
                return false;
            }
            if self.pos > stmt_start && depth == 0 && self.starts_statement_on_new_line() {
                return true;
            }
            match k {
                T::LBrace | T::SelBrace | T::LBrack | T::ListStart | T::LParen | T::WsLParen => {
                    depth += 1
                }
                T::RBrace | T::RBrack | T::RParen if depth > 0 => {
                    depth -= 1;
                    if depth == 0 && k == T::RBrace {
                        self.advance();
                        return true;
                    }
                }
                T::Semic if depth == 0 => {
                    self.advance();
                    return true;
                }
                _ => {}
            }
            self.advance();
        }
    }

    fn starts_statement_on_new_line(&self) -> bool {
        let prev = self.prev_span().end as usize;
        let cur = self.span().start as usize;
        let gap = self.src.get(prev..cur).unwrap_or("");
        gap.contains('\n')
            && matches!(
                self.kind(),
                T::Variable
                    | T::Name
                    | T::ClassRef
                    | T::If
                    | T::Unless
                    | T::Case
                    | T::Class
                    | T::Define
                    | T::Node
                    | T::Function
                    | T::Type
                    | T::At
                    | T::AtAt
            )
    }

    /// One statement (or comma separated list), transformed into `memo`.
    fn syntactic_statement(
        &mut self,
        memo: &mut Vec<Expr>,
        deferred: &mut Option<Error>,
    ) -> Result<()> {
        let first = self.assignment()?;
        let mut list: Option<(Vec<Expr>, Span)> = None;
        while self.at(T::Comma) {
            let comma = self.advance();
            let next = self.assignment()?;
            match &mut list {
                Some((l, _)) => l.push(next),
                None => list = Some((vec![next], comma)),
            }
        }
        let callee = matches!(
            memo.last(),
            Some(Expr { kind: ExprKind::QualifiedName(n), .. }) if is_statement_call(n)
        );
        if callee {
            let name = memo
                .pop()
                .unwrap_or_else(|| Expr::new(ExprKind::Nop, Span::default()));
            let args = match list {
                Some((mut rest, _)) => {
                    rest.insert(0, first);
                    rest
                }
                None => vec![first],
            };
            let end = args.last().map_or(name.span, |a| a.span);
            let span = name.span.cover(end);
            memo.push(Expr::new(
                ExprKind::CallNamedFunction(Box::new(Call {
                    functor: Box::new(name),
                    args,
                    lambda: None,
                    rval_required: false,
                })),
                span,
            ));
            return Ok(());
        }
        if let Some((_, comma)) = &list {
            let comma = *comma;
            let msg = match memo.last() {
                Some(Expr {
                    kind: ExprKind::QualifiedName(n),
                    ..
                }) => format!(
                    "attempt to pass argument list to the function '{n}' which cannot be called without parentheses"
                ),
                _ => "illegal comma separated argument list".to_string(),
            };
            if deferred.is_none() {
                *deferred = Some(self.error_at(msg, comma));
            }
            memo.push(first);
            if let Some((rest, _)) = list {
                memo.extend(rest);
            }
            return Ok(());
        }
        let mut stmt = first;
        if let ExprKind::CallNamedFunction(c) = &mut stmt.kind {
            c.rval_required = false;
        }
        memo.push(stmt);
        Ok(())
    }

    /// `relationship (= | += | -=) assignment` (right associative).
    #[inline(always)]
    pub(super) fn assignment(&mut self) -> Result<Expr> {
        // assignment, resource and expression each enter one level
        if let Some(e) = self.lone_operand(3) {
            return e;
        }
        self.assignment_full()
    }

    /// [`Self::assignment`] through the full descent.
    #[inline(never)]
    fn assignment_full(&mut self) -> Result<Expr> {
        self.enter()?;
        let r = crate::stack::deep(|| self.assignment_inner());
        self.leave();
        r
    }

    /// Shortcut for the commonest operands (type parameters, arguments,
    /// elements, hash keys and values): one literal token, possibly followed
    /// by a bracketed access or a call (`Integer[1, 2]`, `Foo('x')`), or an
    /// array or hash literal, directly followed by `,`, `=>` or a closing
    /// bracket or the end of input. Through the full descent (assignment,
    /// relationship, resource, expression, operators) such an operand is just
    /// [`Self::postfix`], so that is called directly, counting the `levels`
    /// of nesting the descent would have entered (when they are available).
    /// `None` when the shortcut does not apply.
    #[inline(always)]
    pub(super) fn lone_operand(&mut self, levels: usize) -> Option<Result<Expr>> {
        if !self.shortcut_room(levels) {
            return None;
        }
        // the commonest operand, read where it is needed: one literal token
        if self.at_lone_literal() {
            return Some(self.literal());
        }
        self.bracketed_operand(levels)
    }

    /// True when the `levels` of nesting the full descent would enter are
    /// available (then a shortcut gives what the descent gives).
    #[inline(always)]
    pub(super) fn shortcut_room(&self, levels: usize) -> bool {
        let room = self.depth + levels <= super::MAX_DEPTH;
        #[cfg(test)]
        let room = room && !self.no_shortcuts;
        room
    }

    /// True at a literal token that is a whole operand (directly followed by
    /// `,`, `=>`, a closing bracket or the end of input).
    #[inline(always)]
    pub(super) fn at_lone_literal(&self) -> bool {
        is_literal_token(self.kind()) && ends_operand(self.peek_kind(1))
    }

    /// [`Self::lone_operand`] other than a lone literal token (`room` is checked).
    #[inline(never)]
    fn bracketed_operand(&mut self, levels: usize) -> Option<Result<Expr>> {
        // the primary is one literal token (else a bracketed literal)
        let mut literal = true;
        let close = match self.kind() {
            k if is_literal_token(k) => match self.peek_kind(1) {
                next if ends_operand(next) => return Some(self.literal()),
                T::LBrack => match self.flat_access(levels, ends_operand) {
                    Some(e) => return Some(e),
                    None => self.matching_close(self.pos + 1)?,
                },
                T::LParen => self.matching_close(self.pos + 1)?,
                _ => return None,
            },
            T::LBrace | T::ListStart | T::LBrack => {
                literal = false;
                self.matching_close(self.pos)?
            }
            _ => return None,
        };
        let after = self.toks.get(close + 1).map_or(T::Eof, |t| t.kind);
        if !ends_operand(after) {
            return None;
        }
        let depth = self.depth;
        self.depth += levels;
        // `postfix`, knowing that its primary is a literal
        let e = if literal {
            self.literal().and_then(|e| self.postfix_ops(e))
        } else {
            self.postfix()
        };
        self.depth = depth;
        debug_assert!(e.is_err() || self.pos == close + 1);
        Some(e)
    }

    /// The tokens a shortcut may look at from `from` on: at most
    /// [`LOOK_AHEAD`] of them, so that parsing stays linear (`None` past the end).
    #[inline(always)]
    pub(super) fn look_ahead(&self, from: usize) -> Option<&[Token<'a>]> {
        let end = self.toks.len().min(from.saturating_add(LOOK_AHEAD));
        self.toks.get(from..end)
    }

    /// The index of the token closing the bracket opened at `open`, when it is
    /// near (within [`Self::look_ahead`]) and of the same kind.
    pub(super) fn matching_close(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (i, t) in (open..).zip(self.look_ahead(open)?) {
            match t.kind {
                T::LBrack | T::ListStart | T::LParen | T::WsLParen | T::LBrace | T::SelBrace => {
                    depth += 1
                }
                T::RBrack | T::RParen | T::RBrace => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        let opened = self.toks[open].kind;
                        let same = matches!(
                            (opened, t.kind),
                            (T::LBrack | T::ListStart, T::RBrack)
                                | (T::LParen, T::RParen)
                                | (T::LBrace, T::RBrace)
                        );
                        return same.then_some(i);
                    }
                }
                _ => {}
            }
        }
        None
    }

    fn assignment_inner(&mut self) -> Result<Expr> {
        let left = self.relationship()?;
        let op = match self.kind() {
            T::Equals => BinaryOp::Assign,
            T::Appends => BinaryOp::AddAssign,
            T::Deletes => BinaryOp::SubAssign,
            _ => return Ok(left),
        };
        let op_span = self.advance();
        let right = self.assignment()?;
        let span = left.span.cover(right.span);
        Ok(Expr::new(
            ExprKind::Binary {
                op,
                op_span,
                left: Box::new(left),
                right: Box::new(right),
            },
            span,
        ))
    }

    /// `resource ((-> | <- | ~> | <~) resource)*` (left associative).
    fn relationship(&mut self) -> Result<Expr> {
        let mut left = self.resource()?;
        let base = self.depth;
        loop {
            let op = match self.kind() {
                T::InEdge => BinaryOp::InEdge,
                T::InEdgeSub => BinaryOp::InEdgeSub,
                T::OutEdge => BinaryOp::OutEdge,
                T::OutEdgeSub => BinaryOp::OutEdgeSub,
                _ => break,
            };
            if let Err(e) = self.enter() {
                self.depth = base;
                return Err(e);
            }
            let op_span = self.advance();
            let right = match self.resource() {
                Ok(r) => r,
                Err(e) => {
                    self.depth = base;
                    return Err(e);
                }
            };
            let span = left.span.cover(right.span);
            left = Expr::new(
                ExprKind::Binary {
                    op,
                    op_span,
                    left: Box::new(left),
                    right: Box::new(right),
                },
                span,
            );
        }
        self.depth = base;
        Ok(left)
    }
}

/// How many tokens a shortcut looks at before it leaves the text to the full
/// descent.
const LOOK_AHEAD: usize = 128;

/// The tokens that are a whole primary (as [`Parser::literal`] reads them).
pub(super) fn is_literal_token(k: T) -> bool {
    matches!(
        k,
        T::ClassRef
            | T::Name
            | T::Number
            | T::String
            | T::Word
            | T::Boolean
            | T::Default
            | T::Undef
            | T::Regex
            | T::Variable
    )
}

/// Tokens after which an operand ends whatever came before: `,`, `=>`,
/// closing brackets and the end of input.
fn ends_operand(k: T) -> bool {
    matches!(
        k,
        T::Comma | T::RBrack | T::RParen | T::RBrace | T::FArrow | T::Eof
    )
}
