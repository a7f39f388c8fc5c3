//! The Puppet language parser: tokens to an [`ast::Program`](crate::syntax::ast::Program).
//!
//! A hand-written recursive descent parser with precedence climbing for
//! operators. It accepts what the reference's LALR grammar accepts and builds
//! the same tree (the PN of both agree). The grammar is split over modules:
//!
//! - [`expr`]: operators and their precedence, postfix access/calls, primaries
//! - [`stmt`]: statement lists, assignment, relationships, statement calls
//! - [`resource`]: resource declarations, defaults, overrides, collectors
//! - [`control`]: `if`, `unless`, `case`, selectors
//! - [`defs`]: class, define, node, function, plan, type aliases, parameters, lambdas
//! - [`text`]: strings, interpolation, heredocs, numbers, EPP
//!
//! Nesting is depth-limited ([`MAX_DEPTH`]); deeper input is a parse error.
//! The descent grows its stack as it goes ([`crate::stack::deep`]), so the
//! limit, not the thread's stack, says how deep input may nest. Errors carry the span of the offending token and
//! the reference's wording (`Syntax error at 'x'`).

mod control;
mod defs;
mod expr;
mod recover;
mod resource;
mod stmt;
mod text;

use crate::error::{Error, Result};
use crate::syntax::ast::{Expr, ExprKind, Program};
use crate::syntax::span::Span;
use crate::syntax::token::{Token, TokenKind};

pub(crate) use text::{parse_number, Number};

/// How deep constructs may nest (brackets, blocks, operator chains, each counting
/// a few levels) before parsing fails; this also bounds the depth of the tree.
/// Input the reference parses (types, arrays and `if`s about 1,100 to 2,000
/// deep, chains of about 2,000 terms) stays well within it.
pub const MAX_DEPTH: usize = 20_000;

/// Parses a Puppet manifest (the reference validator's checks included).
pub fn parse(source: &str) -> Result<Program> {
    let program = parse_syntax(source, false)?;
    crate::syntax::validate::validate(&program)?;
    Ok(program)
}

/// Parses an EPP template (the reference validator's checks included).
pub fn parse_epp(source: &str) -> Result<Program> {
    let program = parse_syntax(source, true)?;
    crate::syntax::validate::validate(&program)?;
    Ok(program)
}

/// Parses a manifest in tasks mode, where `plan` and `apply` are keywords (as
/// Puppet parses the files of a module's `plans/` directory), validated.
pub fn parse_tasks(source: &str) -> Result<Program> {
    let program = parse_tasks_syntax(source)?;
    crate::syntax::validate::validate(&program)?;
    Ok(program)
}

/// As [`parse_tasks`] without running the validator.
pub fn parse_tasks_syntax(source: &str) -> Result<Program> {
    let options = crate::syntax::lexer::Options {
        tasks: true,
        ..Default::default()
    };
    let (tokens, lex_error) = lex(source, options);
    let mut p = Parser::new(source, tokens, false);
    p.lex_error = lex_error;
    let body = p.program(false)?;
    if let Some(e) = p.lex_error.take() {
        return Err(e);
    }
    Ok(Program::new(source, body))
}

/// Parses without running the validator: only syntax errors are reported.
///
/// As in the reference, whose lexer runs lazily, a syntax error before the point
/// where lexing fails is reported instead of the lexing error.
pub fn parse_syntax(source: &str, epp: bool) -> Result<Program> {
    let (tokens, lex_error) = lex(
        source,
        crate::syntax::lexer::Options {
            epp,
            ..Default::default()
        },
    );
    let mut p = Parser::new(source, tokens, false);
    p.lex_error = lex_error;
    let body = p.program(epp)?;
    if let Some(e) = p.lex_error.take() {
        return Err(e);
    }
    Ok(Program::new(source, body))
}

/// Parses a type expression: the parser's entry point for type strings
/// (`Array[Integer[1, 10]]`), used by the type parser (`types::parse`) for the texts
/// its fast reader leaves to the parser.
///
/// A type string is read as the reference reads it, as a program: the result
/// is the program's body (one expression for a well-formed type string; a
/// block, a statement or `Nop` otherwise, which the type interpretation
/// rejects), or the program parser's syntax error. No validation runs.
pub fn parse_type_expression(source: &str) -> Result<Expr> {
    let (tokens, lex_error) = lex(source, Default::default());
    let mut p = Parser::new(source, tokens, false);
    p.lex_error = lex_error;
    let body = p.program(false)?;
    match p.lex_error.take() {
        Some(e) => Err(e),
        None => Ok(body),
    }
}

/// Parses an already lexed token stream of `source` (no validation).
pub fn parse_tokens<'a>(source: &'a str, tokens: Vec<Token<'a>>, epp: bool) -> Result<Program> {
    let mut p = Parser::new(source, tokens, false);
    let body = p.program(epp)?;
    Ok(Program::new(source, body))
}

/// Parses as far as possible, returning the tree (with the parts that could
/// not be repaired left out) and every error found: the syntax errors
/// ([`recover`]), then the validator's errors in the statements that parsed
/// without one (a statement next to a syntax error may look wrong only
/// because of it).
pub fn parse_with_recovery(source: &str) -> (Program, Vec<Error>) {
    recovered_program(source, false)
}

/// [`parse_with_recovery`] of an EPP template.
pub fn parse_epp_with_recovery(source: &str) -> (Program, Vec<Error>) {
    recovered_program(source, true)
}

fn recovered_program(source: &str, epp: bool) -> (Program, Vec<Error>) {
    let mut stmts = Vec::new();
    let mut syntax = Vec::new();
    let mut top = crate::syntax::validate::TopLevel::default();
    let mut validation = Vec::new();
    recover(source, epp, |event| match event {
        Recovered::Error(e) => syntax.push(e),
        Recovered::Warning(_) => {}
        Recovered::Statement(s) => {
            if s.clean {
                validation.extend(top.check(source, &s).errors);
            }
            stmts.push(s.expr);
        }
    });
    let block = top.finish(source).errors;
    let mut errors = syntax;
    if errors.is_empty() {
        errors.extend(block);
    }
    errors.extend(validation);
    let body = match stmts.len() {
        0 => Expr::new(ExprKind::Nop, Span::at(source.len())),
        1 => stmts.pop().unwrap_or_else(unreachable_nop),
        _ => {
            let span = stmts[0].span.cover(stmts[stmts.len() - 1].span);
            Expr::new(ExprKind::Block(stmts), span)
        }
    };
    (Program::new(source, body), errors)
}

/// What [`recover`] hands over, in source order.
#[derive(Debug)]
pub enum Recovered {
    /// A syntax error. The first is the one [`parse_syntax`] gives; the
    /// others follow it in the source, each where parsing failed again after
    /// the input was repaired (a token inserted, deleted or replaced, as the
    /// most likely fix) or skipped to the next statement.
    Error(Error),
    /// A warning of the lexer (an unrecognised escape).
    Warning(crate::syntax::lexer::Warning),
    /// A complete top-level statement (for an EPP template: the whole template).
    Statement(TopStatement),
}

/// A top-level statement found by [`recover`].
#[derive(Debug)]
pub struct TopStatement {
    /// The statement (partial nodes where a repair completed it).
    pub expr: Expr,
    /// No syntax error was found in it.
    pub clean: bool,
    /// It is the program's last statement.
    pub last: bool,
    /// The program has several statements (its body is a block).
    pub in_block: bool,
    /// It is an EPP template's program.
    pub epp: bool,
}

/// Parses `source` with error recovery, handing each syntax error, lexer
/// warning and top-level statement to `sink` as soon as it is known. Tokens
/// are lexed as parsing goes and dropped with their statement, so memory
/// stays in proportion to the biggest top-level statement, not the input.
pub fn recover(source: &str, epp: bool, mut sink: impl FnMut(Recovered)) {
    let options = crate::syntax::lexer::Options {
        epp,
        ..Default::default()
    };
    let mut p = Parser::streaming(source, options);
    if epp || p.at(TokenKind::EppStart) {
        let body = match p.epp_program() {
            Ok(b) => Some(b),
            Err(e) => {
                p.report(e);
                None
            }
        };
        p.report_lex_error();
        for w in std::mem::take(&mut p.warnings) {
            sink(Recovered::Warning(w));
        }
        let clean = p.errors.is_empty();
        for e in std::mem::take(&mut p.errors) {
            sink(Recovered::Error(e));
        }
        if let Some(expr) = body {
            sink(Recovered::Statement(TopStatement {
                expr,
                clean,
                last: true,
                in_block: false,
                epp: true,
            }));
        }
        return;
    }
    let mut held: Option<(Expr, bool)> = None;
    let mut count = 0usize;
    p.top_statements(&mut |p, expr, clean| {
        for w in std::mem::take(&mut p.warnings) {
            sink(Recovered::Warning(w));
        }
        for e in std::mem::take(&mut p.errors) {
            sink(Recovered::Error(e));
        }
        count += 1;
        if let Some((expr, clean)) = held.replace((expr, clean)) {
            sink(Recovered::Statement(TopStatement {
                expr,
                clean,
                last: false,
                in_block: true,
                epp: false,
            }));
        }
    });
    p.report_lex_error();
    for w in std::mem::take(&mut p.warnings) {
        sink(Recovered::Warning(w));
    }
    for e in std::mem::take(&mut p.errors) {
        sink(Recovered::Error(e));
    }
    if let Some((expr, clean)) = held {
        sink(Recovered::Statement(TopStatement {
            expr,
            clean,
            last: true,
            in_block: count > 1,
            epp: false,
        }));
    }
}

/// The tokens up to the first lexing error, and that error.
fn lex(source: &str, options: crate::syntax::lexer::Options) -> (Vec<Token<'_>>, Option<Error>) {
    let mut lexer = crate::syntax::lexer::Lexer::with_options(source, options);
    let mut tokens = Vec::new();
    // (a huge source takes seconds to lex: the host may stop it meanwhile,
    // and the parse is then not answered)
    let mut steps = crate::stop::Steps::new();
    let error = lexer.lex_into_until(&mut tokens, || steps.stop()).err();
    (tokens, error)
}

/// Tokens lexed at a time when the parser lexes as it goes.
const CHUNK: usize = 1024;

/// How many tokens past the current one the parser may look at.
const LOOKAHEAD: usize = 3;

/// Parser state: the tokens (whose values it moves out as it goes, unless it
/// may parse them again), a cursor and the nesting depth.
///
/// The tokens are a window of the token stream: `toks[i]` is token number
/// `base + i`, and `pos` counts from the stream's start. A parser made by
/// [`Parser::new`] has every token from the start; one made by
/// [`Parser::streaming`] lexes them as it goes and drops those before `keep`.
pub(crate) struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token<'a>>,
    base: usize,
    pos: usize,
    depth: usize,
    /// Names of the enclosing classes (nested classes get qualified names).
    namestack: Vec<String>,
    /// Recovery mode: errors are collected instead of ending the parse.
    recover: bool,
    /// Errors found (recovery mode), in the order found.
    errors: Vec<Error>,
    /// Errors caught so far (reported or not): a statement during which it
    /// grows is not clean.
    caught: usize,
    /// Where the last reported error starts: errors at or before it are
    /// repeats or consequences of it, not reported.
    reported_to: Option<u32>,
    /// The error that ended lexing early: reported when parsing reaches it.
    lex_error: Option<Error>,
    /// The lexer of a streaming parser, until its input is all lexed.
    feed: Option<crate::syntax::lexer::Lexer<'a>>,
    /// Lexer warnings of a streaming parser, not yet handed over.
    warnings: Vec<crate::syntax::lexer::Warning>,
    /// The first token that must stay in the window (the start of the
    /// top-level statement being parsed).
    keep: usize,
    /// Tokens keep their values when consumed (they may be parsed again).
    keep_values: bool,
    /// A trial parse stops once `pos` passes this token ([`recover`]).
    trial_limit: usize,
    /// The trial parse reached `trial_limit`.
    trial_done: bool,
    /// The token a trial edit took out, to put back.
    removed: Option<Token<'a>>,
    /// No more errors are reported (recovery mode; see [`Parser::report`]).
    quiet: bool,
    /// Tokens were skipped after an error and no statement has parsed since.
    skipped: bool,
    /// Tokens were skipped after an error.
    unbalanced: bool,
    /// Where the statement being parsed starts (of the innermost list).
    stmt_start: usize,
    /// Opening brackets lexed so far less closing ones (a streaming parser).
    balance: i64,
    /// Steps of the parse, for stopping it when the host asks (see [`crate::stop`]).
    steps: crate::stop::Steps,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, toks: Vec<Token<'a>>, recover: bool) -> Parser<'a> {
        Parser {
            src,
            toks,
            base: 0,
            pos: 0,
            depth: 0,
            namestack: Vec::new(),
            recover,
            errors: Vec::new(),
            caught: 0,
            reported_to: None,
            lex_error: None,
            feed: None,
            warnings: Vec::new(),
            keep: 0,
            keep_values: recover,
            trial_limit: usize::MAX,
            trial_done: false,
            removed: None,
            quiet: false,
            skipped: false,
            unbalanced: false,
            stmt_start: 0,
            balance: 0,
            steps: crate::stop::Steps::new(),
        }
    }

    /// A recovering parser that lexes `src` as it goes.
    fn streaming(src: &'a str, options: crate::syntax::lexer::Options) -> Parser<'a> {
        let mut p = Parser::new(src, Vec::with_capacity(CHUNK + LOOKAHEAD), true);
        p.feed = Some(crate::syntax::lexer::Lexer::with_options(src, options));
        p.refill();
        p
    }

    /// The token number `i` of the stream, if lexed and still in the window.
    #[inline(always)]
    fn tok(&self, i: usize) -> Option<&Token<'a>> {
        self.toks.get(i.wrapping_sub(self.base))
    }

    /// Lexes more tokens when the cursor comes near the end of the window.
    #[inline(always)]
    fn moved(&mut self) {
        if self.pos + LOOKAHEAD >= self.base + self.toks.len() {
            self.refill();
        }
    }

    /// Drops the tokens no longer needed and lexes the next ones (a no-op
    /// unless the parser is streaming and its input is not all lexed).
    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        while self.feed.is_some() && self.pos + LOOKAHEAD >= self.base + self.toks.len() {
            // (dropping moves the live tokens: only when at least as many are dead)
            let dead = self
                .keep
                .min(self.pos.saturating_sub(1))
                .saturating_sub(self.base);
            if dead >= CHUNK && dead >= self.toks.len() - dead {
                self.toks.drain(..dead);
                self.base += dead;
            }
            let Some(lexer) = self.feed.as_mut() else {
                return;
            };
            let mut n = 0;
            let lexed = self.toks.len();
            let r = lexer.lex_into_until(&mut self.toks, || {
                n += 1;
                n >= CHUNK
            });
            for t in &self.toks[lexed..] {
                match t.kind {
                    TokenKind::LBrace
                    | TokenKind::SelBrace
                    | TokenKind::LParen
                    | TokenKind::WsLParen
                    | TokenKind::LBrack
                    | TokenKind::ListStart => self.balance += 1,
                    TokenKind::RBrace | TokenKind::RParen | TokenKind::RBrack => self.balance -= 1,
                    _ => {}
                }
            }
            self.warnings.extend(lexer.take_warnings());
            match r {
                Ok(()) if n >= CHUNK => {}
                Ok(()) => self.feed = None,
                Err(e) => {
                    self.lex_error = Some(e);
                    self.feed = None;
                }
            }
        }
    }

    /// The kind of the current token (`Eof` at the end).
    #[inline(always)]
    fn kind(&self) -> TokenKind {
        self.tok(self.pos).map_or(TokenKind::Eof, |t| t.kind)
    }

    /// The kind of the token `n` ahead of the current one.
    fn peek_kind(&self, n: usize) -> TokenKind {
        self.tok(self.pos + n).map_or(TokenKind::Eof, |t| t.kind)
    }

    /// True when the current token is `k`.
    #[inline(always)]
    fn at(&self, k: TokenKind) -> bool {
        self.kind() == k
    }

    /// Span of the current token (an empty span at the end of input).
    fn span(&self) -> Span {
        self.tok(self.pos)
            .map_or(Span::at(self.src.len()), |t| t.span)
    }

    /// Span of the previous token.
    fn prev_span(&self) -> Span {
        if self.pos == 0 {
            Span::at(0)
        } else {
            self.tok(self.pos - 1).map_or(Span::at(0), |t| t.span)
        }
    }

    /// Moves past the current token, returning it.
    /// The token is moved out (its kind and span stay behind for
    /// [`Self::prev_span`]) unless tokens keep their values.
    fn bump(&mut self) -> Token<'a> {
        let keep_values = self.keep_values;
        match self.toks.get_mut(self.pos.wrapping_sub(self.base)) {
            Some(slot) => {
                let value = if keep_values {
                    slot.value.clone()
                } else {
                    std::mem::take(&mut slot.value)
                };
                let t = Token {
                    kind: slot.kind,
                    span: slot.span,
                    value,
                    sub_span: slot.sub_span,
                };
                self.pos += 1;
                self.moved();
                t
            }
            None => Token::new(TokenKind::Eof, Span::at(self.src.len()), ""),
        }
    }

    /// Moves past the current token, returning its span (its value stays in place).
    fn advance(&mut self) -> Span {
        match self.tok(self.pos) {
            Some(t) => {
                let span = t.span;
                self.pos += 1;
                self.moved();
                span
            }
            None => Span::at(self.src.len()),
        }
    }

    /// Consumes the current token if it is `k`.
    fn eat(&mut self, k: TokenKind) -> bool {
        if self.at(k) {
            self.pos += 1;
            self.moved();
            true
        } else {
            false
        }
    }

    /// Consumes a token of kind `k` or fails with a syntax error at the current token.
    fn expect(&mut self, k: TokenKind, what: &str) -> Result<Token<'a>> {
        if self.at(k) {
            Ok(self.bump())
        } else {
            Err(self.syntax_error(what))
        }
    }

    /// Consumes a token of kind `k` or fails as [`Self::expect`] does, giving its span.
    fn expect_span(&mut self, k: TokenKind, what: &str) -> Result<Span> {
        if self.at(k) {
            Ok(self.advance())
        } else {
            Err(self.syntax_error(what))
        }
    }

    /// `Syntax error at 'x'` (or `at end of input`) for the current token, naming what was expected.
    fn syntax_error(&self, expected: &str) -> Error {
        if self.tok(self.pos).is_none() {
            if let Some(e) = &self.lex_error {
                return e.clone();
            }
        }
        let (found, span) = match self.tok(self.pos) {
            None => ("end of input".to_string(), Span::at(self.src.len())),
            Some(t) => (format!("'{}'", token_display(t, self.src)), t.span),
        };
        let mut msg = format!("Syntax error at {found}");
        if !expected.is_empty() {
            msg.push_str(&format!(" (expected {expected})"));
        }
        Error::parse(msg, span)
    }

    /// An error with a custom message at `span`.
    fn error_at(&self, msg: impl Into<String>, span: Span) -> Error {
        Error::parse(msg, span)
    }

    /// Enters one nesting level; fails beyond [`MAX_DEPTH`].
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.pos > self.trial_limit {
            return Err(self.trial_end());
        }
        if self.steps.stop() {
            return Err(self.error_at("Syntax error: the parse was interrupted", self.span()));
        }
        if self.depth > MAX_DEPTH {
            return Err(self.error_at(
                "Syntax error: expressions are nested too deeply",
                self.span(),
            ));
        }
        Ok(())
    }

    /// Leaves one nesting level.
    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// The whole program: statements (or an EPP template) up to the end of input.
    fn program(&mut self, epp: bool) -> Result<Expr> {
        if epp || self.at(TokenKind::EppStart) {
            return self.epp_program();
        }
        let stmts = self.statements_until(TokenKind::Eof)?;
        if !self.at(TokenKind::Eof) {
            return Err(self.syntax_error(""));
        }
        Ok(match stmts.len() {
            0 => Expr::new(ExprKind::Nop, Span::at(self.src.len())),
            1 => stmts.into_iter().next().unwrap_or_else(unreachable_nop),
            _ => {
                let span = stmts[0].span.cover(stmts[stmts.len() - 1].span);
                Expr::new(ExprKind::Block(stmts), span)
            }
        })
    }
}

fn unreachable_nop() -> Expr {
    Expr::new(ExprKind::Nop, Span::at(0))
}

/// The text the reference shows for a token in `Syntax error at '...'`.
fn token_display(t: &Token<'_>, src: &str) -> String {
    use TokenKind::*;
    match t.kind {
        // the reference shows a regex token as Ruby's Regexp#to_s
        Regex => {
            let raw = src.get(t.span.range()).unwrap_or("");
            let inner = raw
                .strip_prefix('/')
                .and_then(|r| r.strip_suffix('/'))
                .unwrap_or(raw);
            ruby_regexp_to_s(inner)
        }
        Other => std::string::String::new(),
        DqPre | DqMid | DqPost | String => t.text().to_string(),
        EppStart | RenderExpr => std::string::String::new(),
        _ => t.text().to_string(),
    }
}

/// Ruby's `Regexp#to_s` of a pattern without options: `(?-mix:src)`, or, when the
/// whole pattern is one `(?on-off:...)` group, that group with all three flags.
fn ruby_regexp_to_s(src: &str) -> String {
    if let Some(rest) = src.strip_prefix("(?") {
        let flags_end = rest.find(':').unwrap_or(0);
        let flags = &rest[..flags_end];
        let (on, off) = flags.split_once('-').unwrap_or((flags, ""));
        let valid = |f: &str| f.chars().all(|c| "mix".contains(c));
        if flags_end > 0 || rest.starts_with(':') {
            let body = &rest[flags_end + 1..];
            if valid(on) && valid(off) && body.ends_with(')') && group_closes_at_end(src) {
                let body = &body[..body.len() - 1];
                let on: String = "mix".chars().filter(|c| on.contains(*c)).collect();
                let off: String = "mix".chars().filter(|c| !on.contains(*c)).collect();
                return if off.is_empty() {
                    format!("(?{on}:{body})")
                } else {
                    format!("(?{on}-{off}:{body})")
                };
            }
        }
    }
    format!("(?-mix:{src})")
}

/// True when the group opened by the first `(` of `src` closes at its last byte.
fn group_closes_at_end(src: &str) -> bool {
    let b = src.as_bytes();
    let mut depth = 0i32;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i == b.len() - 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// A statement list wrapped as the reference does: several statements make a block
/// spanning from the first to the last, one statement is itself, none is `None`.
pub(crate) fn block_or_expression(stmts: Vec<Expr>, braces: Option<Span>) -> Option<Box<Expr>> {
    match stmts.len() {
        0 => None,
        1 => stmts.into_iter().next().map(Box::new),
        _ => {
            let span = braces.unwrap_or_else(|| stmts[0].span.cover(stmts[stmts.len() - 1].span));
            Some(Expr::boxed(ExprKind::Block(stmts), span))
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::stop::{self, test_check};

    /// A parse whose lexing the host stopped answers at once that it was
    /// interrupted: the host drops the answer, and parsing (then validating)
    /// the tokens lexed so far would only delay it.
    #[test]
    fn a_parse_whose_lexing_was_stopped_does_not_parse_the_tokens_lexed_so_far() {
        let source = "notice(1)\n".repeat(50_000);
        let before = stop::count();
        let result = stop::within_call(before, || {
            // (one stop, as Ruby's check gives once per Ctrl-C)
            test_check::stop_next(1);
            super::parse(&source)
        });
        test_check::stop_next(0);
        let e = result.expect_err("the tokens lexed so far were parsed");
        assert!(e.to_string().contains("interrupted"), "{e}");
        assert!(matches!(stop::take(before), Some(stop::Stop::Interrupted)));
    }
}
