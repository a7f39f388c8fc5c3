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
use crate::syntax::token::TokenKind as T;

/// Functions that can be called without parentheses around their arguments.
pub const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err",
    "fail", "import", "break", "next", "return",
];

/// A statement list being parsed.
#[derive(Default)]
pub(super) struct StatementList {
    /// The statements so far.
    memo: Vec<Expr>,
    /// A misplaced comma list, reported when the list ends.
    deferred: Option<Error>,
    /// Where the last repair was made (recovery mode): the next one must be further on.
    repaired: Option<usize>,
    /// Where the last two statements of `memo` start (the last first), when known.
    starts: [Option<usize>; 2],
    /// The last statement failed (recovery mode): it was repaired, to be parsed again, or skipped.
    failed: bool,
    /// The last statement failed and was skipped.
    dropped: bool,
}

/// True when `name` may be called without parentheses.
pub fn is_statement_call(name: &str) -> bool {
    STATEMENT_CALLS.contains(&name)
}

impl<'a> Parser<'a> {
    /// Statements up to (not including) `end` or the end of input.
    pub(super) fn statements_until(&mut self, end: T) -> Result<Vec<Expr>> {
        let mut list = StatementList::default();
        loop {
            if self.list_step(end, &mut list)? {
                return Ok(list.memo);
            }
        }
    }

    /// The top-level statements of a streaming parser: each one is handed
    /// to `each` (with whether it parsed without error) once the next one
    /// has started (a statement may still become the name of a statement
    /// call), and its tokens are dropped.
    pub(super) fn top_statements(&mut self, each: &mut dyn FnMut(&mut Self, Expr, bool)) {
        let mut list = StatementList::default();
        let mut dirty: Vec<bool> = Vec::new();
        // an error was caught since the last statement was added: the next one is not clean
        let mut pending = false;
        loop {
            // (the statement before may be parsed again: its tokens stay)
            self.keep = list.starts[1]
                .or(list.starts[0])
                .unwrap_or(self.pos)
                .min(self.pos);
            let caught = self.caught;
            let before = list.memo.len();
            list.failed = false;
            let done = self.list_step(T::Eof, &mut list).unwrap_or(true);
            let now = self.caught != caught;
            let len = list.memo.len();
            if list.failed {
                // the statement before may look wrong only because the failed one is gone or changed
                pending = true;
                list.dropped = false;
                if let Some(d) = dirty.last_mut() {
                    *d = true;
                }
            } else if len > 0 {
                // the statement added, or the statement call that took the name before it
                let from = if len > before { before } else { len - 1 };
                dirty.resize(len, false);
                for d in &mut dirty[from..] {
                    *d |= now || pending;
                }
                pending = false;
            }
            // (a statement added by a step that then failed, `a;` at the end of
            // input, has an error caught since: it is not clean)
            dirty.resize(len, true);
            let ready = if done { len } else { len.saturating_sub(1) };
            if ready > 0 {
                let exprs: Vec<Expr> = list.memo.drain(..ready).collect();
                for (expr, d) in exprs.into_iter().zip(dirty.drain(..ready)) {
                    each(self, expr, !d);
                }
            }
            if done {
                return;
            }
        }
    }

    /// One statement of a list ending at `end`: parsed into `list`, or in
    /// recovery mode, recovered from. True when the list has ended.
    fn list_step(&mut self, end: T, list: &mut StatementList) -> Result<bool> {
        if self.recover && self.steps.stop() {
            // (the host stopped the parse and takes no answer: recovering
            // from each statement's failure would only delay it)
            return Ok(true);
        }
        if self.at(end) || self.at(T::Eof) {
            // A misplaced comma list is reported when the whole list has parsed (as the
            // reference transforms calls then): a later syntax error comes first.
            return match list.deferred.take() {
                Some(e) if self.recover => {
                    self.report(e);
                    Ok(true)
                }
                Some(e) => Err(e),
                None => Ok(true),
            };
        }
        if self.pos > self.trial_limit {
            return Err(self.trial_end());
        }
        let stmt_start = self.pos;
        let depth = self.depth;
        let before = list.memo.len();
        self.stmt_start = stmt_start;
        let mut r = self.syntactic_statement(&mut list.memo, &mut list.deferred);
        if r.is_ok() && self.eat(T::Semic) && (self.at(end) || self.at(T::Eof)) {
            r = Err(self.syntax_error("a statement after ';'"));
        }
        if r.is_err() && self.pos == stmt_start {
            // the list ended at a token that starts no statement: the reference
            // reduces the list (and reports a misplaced comma list) first
            if let Some(d) = list.deferred.take() {
                if !self.recover {
                    return Err(d);
                }
                self.report(d);
            }
        }
        match r {
            Ok(()) => {
                self.parsed_again(stmt_start);
                match list.memo.len().cmp(&before) {
                    std::cmp::Ordering::Greater if list.memo.len() == before + 1 => {
                        list.starts = [Some(stmt_start), list.starts[0]];
                    }
                    // (a statement call took the name before: it starts where the name did)
                    std::cmp::Ordering::Equal => {}
                    _ => list.starts = [None, None],
                }
                Ok(false)
            }
            Err(e) if self.recover => {
                // an error may leave nesting levels entered: restore the count
                self.depth = depth;
                self.report(e);
                list.failed = true;
                if self.pos > list.repaired.unwrap_or(0) || list.repaired.is_none() {
                    let at = self.pos;
                    if let Some(from) = self.repair(stmt_start, list.starts, end) {
                        list.repaired = Some(at);
                        // the previous statements from there are parsed again
                        for s in list.starts {
                            if s.is_some_and(|s| s >= from) {
                                list.memo.pop();
                            }
                        }
                        list.starts = [None, None];
                        self.pos = from;
                        return Ok(false);
                    }
                }
                list.failed = true;
                list.dropped = true;
                self.unbalanced = true;
                Ok(!self.synchronize(end, stmt_start))
            }
            Err(e) => Err(e),
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
                // (a name first on a line may as well be an attribute's: what
                // follows may fail only because of where the skip stopped)
                self.skipped = matches!(self.kind(), T::Name | T::ClassRef | T::At | T::AtAt);
                return true;
            }
            if self.pos > stmt_start && depth == 0 && matches!(k, T::RenderString | T::RenderExpr) {
                // (template text ends the code before it)
                self.skipped = false;
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
                    // (a `;` also ends a resource body: what follows may be a title)
                    self.skipped = true;
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
            if self.trial_limit != usize::MAX {
                // (a trial parse of a repair fails here: the list is wrong whatever follows)
                return Err(self.error_at(msg, comma));
            }
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
    pub(super) fn assignment(&mut self) -> Result<Expr> {
        self.enter()?;
        let r = crate::stack::deep(|| self.assignment_inner());
        self.leave();
        r
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
