//! Error recovery: what the parser does after a syntax error in recovery
//! mode ([`super::recover`], [`super::parse_with_recovery`]).
//!
//! A statement that fails is repaired where it failed when a small edit
//! lets the parse go on: one token inserted (`,` `}` `)` `]` `=>` `:` `{` or
//! an operand), the failing token deleted, or replaced by one of those. Each
//! candidate edit is tried by parsing the statement again without recovery
//! up to a few tokens past the edit; the one that gets furthest wins, and
//! the statement is parsed again with it (so its nodes are kept, completed
//! by the edit). When no edit gets far enough, the parser skips to the next
//! statement instead.
//!
//! Reporting: an error is reported only when it starts after the last one
//! reported, so no error is reported twice and the errors a repair or a skip
//! could cause at the same place are not either.

use super::{Parser, CHUNK};
use crate::error::Error;
use crate::syntax::span::Span;
use crate::syntax::token::{Token, TokenKind as T};

/// How many tokens past an edit a trial parse goes: getting there is full success.
const TRIAL_TOKENS: usize = 24;

/// The furthest from its statement's start an error may be for repairs to
/// be tried (each trial parses the statement again from its start).
const MAX_TRIAL_SPAN: usize = 4 * CHUNK;

/// An edit of the token stream at the failing token, or at the token
/// before it (where a missing opening brace or a stray closing one shows
/// only one token later).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    /// Insert a token of this kind with this text before it.
    Insert(T, &'static str),
    /// Delete it.
    Delete,
    /// Replace it by a token of this kind with this text.
    Replace(T, &'static str),
    /// Insert a token of this kind with this text before the token before it.
    InsertBefore(T, &'static str),
    /// Delete the token before it.
    DeleteBefore,
}

/// The edits tried, in order of preference (the first of equally good ones wins).
const EDITS: &[Edit] = &[
    Edit::Insert(T::Comma, ","),
    Edit::Delete,
    Edit::Insert(T::RBrace, "}"),
    Edit::Insert(T::RParen, ")"),
    Edit::Insert(T::RBrack, "]"),
    Edit::Insert(T::FArrow, "=>"),
    Edit::Insert(T::Colon, ":"),
    Edit::Replace(T::Comma, ","),
    Edit::Replace(T::RBrace, "}"),
    Edit::Replace(T::RParen, ")"),
    Edit::Replace(T::RBrack, "]"),
    Edit::Replace(T::FArrow, "=>"),
    Edit::Replace(T::Colon, ":"),
    Edit::Insert(T::Variable, "x"),
    Edit::Replace(T::Variable, "x"),
    Edit::DeleteBefore,
    Edit::InsertBefore(T::LBrace, "{"),
    Edit::InsertBefore(T::LParen, "("),
    Edit::InsertBefore(T::LBrack, "["),
    Edit::Replace(T::LBrace, "{"),
    Edit::Insert(T::LBrace, "{"),
];

impl Edit {
    /// True for an edit that adds an opening bracket: it is made only when
    /// the bracket is closed again in the trial.
    fn opens(self) -> bool {
        matches!(
            self,
            Edit::Insert(k, _) | Edit::Replace(k, _) | Edit::InsertBefore(k, _)
                if matches!(k, T::LBrace | T::LParen | T::LBrack)
        )
    }
}

/// True for a syntax error at a closing bracket or at the end of the input.
fn at_closing(message: &str) -> bool {
    [
        "Syntax error at '}'",
        "Syntax error at ')'",
        "Syntax error at ']'",
        "Syntax error at end of input",
    ]
    .iter()
    .any(|m| message.starts_with(m))
}

impl<'a> Parser<'a> {
    /// Records a caught error (recovery mode): reported unless it starts at
    /// or before the last one reported.
    ///
    /// After an error at a string that spans lines (most likely a quote
    /// missing or too many, which turns code into text and text into code
    /// up to the end), nothing more is reported; after a skip to the next
    /// statement, nothing is until a statement parses again
    /// ([`Self::parsed_again`]), and from then on no error at a closing
    /// bracket that starts a statement, nor at the end of the input unless
    /// a bracket is left open (the skip may have left the brackets
    /// unbalanced).
    pub(super) fn report(&mut self, e: Error) {
        self.caught += 1;
        let at = e.span.map_or(self.src.len() as u32, |s| s.start);
        if self.quiet || self.skipped || self.reported_to.is_some_and(|r| at <= r) {
            return;
        }
        // a closing bracket starting a statement, or the end of the input
        // when no bracket is left open in the whole input: a bracket the skip
        // left unmatched
        let at_end = self.tok(self.pos).is_none();
        // (text that runs to the end because of a quote: the first error's doing)
        if e.message.starts_with("Unclosed quote") && !self.errors.is_empty() {
            return;
        }
        if self.unbalanced
            && at_closing(&e.message)
            && ((at_end && self.balance <= 0) || (!at_end && self.pos == self.stmt_start))
        {
            return;
        }
        self.reported_to = Some(at);
        if self.at_text_across_lines() {
            self.quiet = true;
        }
        self.errors.push(e);
    }

    /// True when the current token is string text that spans lines.
    fn at_text_across_lines(&self) -> bool {
        self.tok(self.pos).is_some_and(|t| {
            matches!(t.kind, T::String | T::DqPre | T::DqMid | T::DqPost)
                && self
                    .src
                    .get(t.span.range())
                    .is_some_and(|s| s.contains('\n'))
        })
    }

    /// A statement from token `start` to the current one parsed without
    /// error: after a skip, errors are reported again once one of at least
    /// three tokens has.
    pub(super) fn parsed_again(&mut self, start: usize) {
        if self.skipped && self.pos >= start + 3 {
            self.skipped = false;
        }
    }

    /// Reports the error that ended lexing, if any (parsing has reached it).
    pub(super) fn report_lex_error(&mut self) {
        if let Some(e) = self.lex_error.take() {
            self.report(e);
        }
    }

    /// The error that ends a trial parse at its limit.
    pub(super) fn trial_end(&mut self) -> Error {
        self.trial_done = true;
        Error::parse("Syntax error: trial parse ended", self.span())
    }

    /// After the statement of a list ending at `end` that starts at token
    /// `start` failed at the current token: makes the edit there (or at the
    /// token before) with which a parse without recovery gets furthest
    /// without failing, if one does. Returns where to parse again from:
    /// `start`, or the start of one of the list's two previous statements
    /// (`prev`, the last one first) for an edit before `start` (a stray `}`
    /// that ended the previous statement, a missing `{` after a resource's
    /// type name).
    pub(super) fn repair(
        &mut self,
        start: usize,
        prev: [Option<usize>; 2],
        end: T,
    ) -> Option<usize> {
        let q = self.pos;
        let at_end = self.tok(q).is_none();
        if at_end && self.lex_error.is_some() {
            return None;
        }
        if q < start || (!at_end && q - start > MAX_TRIAL_SPAN) || q < self.base {
            return None;
        }
        let mut best: Option<(Edit, usize, usize)> = None;
        for &edit in EDITS {
            let before = matches!(edit, Edit::InsertBefore(..) | Edit::DeleteBefore);
            if (at_end && !matches!(edit, Edit::Insert(..))) || (before && q <= self.base) {
                continue;
            }
            // (a parse again starts before the edited token)
            let edited = if before { q - 1 } else { q };
            let from_start = if !before || edited > start {
                start
            } else {
                match prev
                    .iter()
                    .flatten()
                    .find(|&&p| p < edited && p >= self.base)
                {
                    Some(&p) => p,
                    None => continue,
                }
            };
            let from = self.apply(edit, q);
            let opener = edit.opens();
            let (mut gain, mut ok) = self.trial(from_start, end, from, opener);
            if opener && !self.closes(edited, from + gain) {
                (gain, ok) = (0, false);
            }
            self.undo(edit, q);
            if ok && best.map_or(true, |(_, g, _)| gain > g) {
                best = Some((edit, gain, from_start));
            }
            if ok && gain >= TRIAL_TOKENS {
                break;
            }
        }
        let (edit, _, from_start) = best?;
        let _ = self.apply(edit, q);
        Some(from_start)
    }

    /// Makes `edit` at token `q`; returns the index of the first original
    /// token after the edit.
    fn apply(&mut self, edit: Edit, q: usize) -> usize {
        let i = q - self.base;
        let span = self.tok(q).map_or(Span::at(self.src.len()), |t| {
            Span::at(t.span.start as usize)
        });
        match edit {
            Edit::InsertBefore(kind, text) => {
                let span = Span::at(self.toks[i - 1].span.start as usize);
                self.toks.insert(i - 1, Token::new(kind, span, text));
                q + 1
            }
            Edit::DeleteBefore => {
                self.removed = Some(self.toks.remove(i - 1));
                q - 1
            }
            Edit::Insert(kind, text) => {
                self.toks
                    .insert(i.min(self.toks.len()), Token::new(kind, span, text));
                q + 1
            }
            Edit::Delete => {
                self.removed = Some(self.toks.remove(i));
                q
            }
            Edit::Replace(kind, text) => {
                let old = std::mem::replace(&mut self.toks[i], Token::new(kind, span, text));
                self.removed = Some(old);
                q + 1
            }
        }
    }

    /// Undoes `edit` made at token `q`.
    fn undo(&mut self, edit: Edit, q: usize) {
        let i = q - self.base;
        match edit {
            Edit::InsertBefore(..) => {
                self.toks.remove(i - 1);
            }
            Edit::DeleteBefore => {
                if let Some(t) = self.removed.take() {
                    self.toks.insert(i - 1, t);
                }
            }
            Edit::Insert(..) => {
                self.toks.remove(i.min(self.toks.len() - 1));
            }
            Edit::Delete => {
                if let Some(t) = self.removed.take() {
                    self.toks.insert(i, t);
                }
            }
            Edit::Replace(..) => {
                if let Some(t) = self.removed.take() {
                    self.toks[i] = t;
                }
            }
        }
    }

    /// Parses the list from token `start` again without recovery: how many
    /// tokens past token `from` it got, and whether it got there without
    /// failing (it got [`TRIAL_TOKENS`] past, to the end of the input, or to
    /// the end of the list past at least one token after the edit).
    fn trial(&mut self, start: usize, end: T, from: usize, long: bool) -> (usize, bool) {
        let tokens = if long { 4 * TRIAL_TOKENS } else { TRIAL_TOKENS };
        let saved_pos = self.pos;
        let saved_depth = self.depth;
        let saved_names = self.namestack.len();
        self.recover = false;
        self.trial_limit = from + tokens;
        self.trial_done = false;
        self.pos = start;
        let r = self.statements_until(end);
        let reached = self.pos;
        let (gain, ok) = if self.trial_done {
            (tokens, true)
        } else {
            match r {
                Ok(_) if self.at(T::Eof) && end == T::Eof => (tokens, true),
                // the list ended (the token ending it counts)
                Ok(_) if !self.at(T::Eof) => {
                    let gain = (reached + 1).saturating_sub(from);
                    (gain, gain >= 2)
                }
                _ => (reached.saturating_sub(from), false),
            }
        };
        self.recover = true;
        self.trial_limit = usize::MAX;
        self.trial_done = false;
        self.pos = saved_pos;
        self.depth = saved_depth;
        self.namestack.truncate(saved_names);
        (gain.min(tokens), ok)
    }

    /// True when the bracket opened at token `at` is closed before token
    /// `to` (the tokens in between balance it).
    fn closes(&self, at: usize, to: usize) -> bool {
        let mut depth = 0i32;
        for i in at..to {
            match self.tok(i).map(|t| t.kind) {
                Some(
                    T::LBrace | T::SelBrace | T::LParen | T::WsLParen | T::LBrack | T::ListStart,
                ) => depth += 1,
                Some(T::RBrace | T::RParen | T::RBrack) => {
                    depth -= 1;
                    if depth == 0 {
                        return true;
                    }
                }
                None => return false,
                _ => {}
            }
        }
        false
    }
}
