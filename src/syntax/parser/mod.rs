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
    let mut lexer = crate::syntax::lexer::Lexer::with_options(source, options);
    let mut tokens = Vec::new();
    let lex_error = lexer.lex_into(&mut tokens).err();
    let mut p = Parser::new(source, &mut tokens, false);
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
    let (mut tokens, lex_error) = lex(source, epp);
    let mut p = Parser::new(source, &mut tokens, false);
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
    let (mut tokens, lex_error) = lex(source, false);
    let mut p = Parser::new(source, &mut tokens, false);
    p.lex_error = lex_error;
    let body = p.program(false)?;
    match p.lex_error.take() {
        Some(e) => Err(e),
        None => Ok(body),
    }
}

/// Parses an already lexed token stream of `source` (no validation).
pub fn parse_tokens<'a>(source: &'a str, mut tokens: Vec<Token<'a>>, epp: bool) -> Result<Program> {
    let mut p = Parser::new(source, &mut tokens, false);
    let body = p.program(epp)?;
    Ok(Program::new(source, body))
}

/// Parses as far as possible, returning the tree (with the erroneous parts
/// skipped) and every syntax and validation error found, in source order.
pub fn parse_with_recovery(source: &str) -> (Program, Vec<Error>) {
    let mk = |body: Expr| Program::new(source, body);
    let (mut tokens, lex_error) = lex(source, false);
    let mut p = Parser::new(source, &mut tokens, true);
    p.lex_error = lex_error;
    let body = match p.program(false) {
        Ok(b) => b,
        Err(e) => {
            p.errors.push(e);
            Expr::new(ExprKind::Nop, Span::at(0))
        }
    };
    let mut errors = std::mem::take(&mut p.errors);
    errors.extend(p.lex_error.take());
    let program = mk(body);
    errors.extend(crate::syntax::validate::validate_all(&program));
    errors.sort_by_key(|e| e.span.map(|s| s.start).unwrap_or(0));
    (program, errors)
}

/// The tokens up to the first lexing error, and that error.
fn lex(source: &str, epp: bool) -> (Vec<Token<'_>>, Option<Error>) {
    let options = crate::syntax::lexer::Options {
        epp,
        ..Default::default()
    };
    let mut lexer = crate::syntax::lexer::Lexer::with_options(source, options);
    let mut tokens = Vec::new();
    // (a huge source takes seconds to lex: the host may stop it meanwhile,
    // and the parse is then not answered)
    let mut steps = crate::stop::Steps::new();
    let error = lexer.lex_into_until(&mut tokens, || steps.stop()).err();
    (tokens, error)
}

/// Parser state: the token list (whose values it moves out as it goes), a
/// cursor and the nesting depth.
pub(crate) struct Parser<'a, 't> {
    src: &'a str,
    toks: &'t mut [Token<'a>],
    pos: usize,
    depth: usize,
    /// Names of the enclosing classes (nested classes get qualified names).
    namestack: Vec<String>,
    /// Recovery mode: errors are collected instead of ending the parse.
    recover: bool,
    errors: Vec<Error>,
    /// The error that ended lexing early: reported when parsing reaches it.
    lex_error: Option<Error>,
    /// Steps of the parse, for stopping it when the host asks (see [`crate::stop`]).
    steps: crate::stop::Steps,
}

impl<'a, 't> Parser<'a, 't> {
    fn new(src: &'a str, toks: &'t mut [Token<'a>], recover: bool) -> Parser<'a, 't> {
        Parser {
            src,
            toks,
            pos: 0,
            depth: 0,
            namestack: Vec::new(),
            recover,
            errors: Vec::new(),
            lex_error: None,
            steps: crate::stop::Steps::new(),
        }
    }

    /// The kind of the current token (`Eof` at the end).
    fn kind(&self) -> TokenKind {
        self.toks.get(self.pos).map_or(TokenKind::Eof, |t| t.kind)
    }

    /// The kind of the token `n` ahead of the current one.
    fn peek_kind(&self, n: usize) -> TokenKind {
        self.toks
            .get(self.pos + n)
            .map_or(TokenKind::Eof, |t| t.kind)
    }

    /// True when the current token is `k`.
    fn at(&self, k: TokenKind) -> bool {
        self.kind() == k
    }

    /// Span of the current token (an empty span at the end of input).
    fn span(&self) -> Span {
        self.toks
            .get(self.pos)
            .map_or(Span::at(self.src.len()), |t| t.span)
    }

    /// Span of the previous token.
    fn prev_span(&self) -> Span {
        if self.pos == 0 {
            Span::at(0)
        } else {
            self.toks[self.pos - 1].span
        }
    }

    /// Moves past the current token, returning it.
    /// The token is moved out (its kind and span stay behind for [`Self::prev_span`]).
    fn bump(&mut self) -> Token<'a> {
        match self.toks.get_mut(self.pos) {
            Some(slot) => {
                self.pos += 1;
                let value = std::mem::take(&mut slot.value);
                Token {
                    kind: slot.kind,
                    span: slot.span,
                    value,
                    sub_span: slot.sub_span,
                }
            }
            None => Token::new(TokenKind::Eof, Span::at(self.src.len()), ""),
        }
    }

    /// Moves past the current token, returning its span (its value stays in place).
    fn advance(&mut self) -> Span {
        match self.toks.get(self.pos) {
            Some(t) => {
                self.pos += 1;
                t.span
            }
            None => Span::at(self.src.len()),
        }
    }

    /// Consumes the current token if it is `k`.
    fn eat(&mut self, k: TokenKind) -> bool {
        if self.at(k) {
            self.pos += 1;
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
        if self.pos >= self.toks.len() {
            if let Some(e) = &self.lex_error {
                return e.clone();
            }
        }
        let (found, span) = match self.toks.get(self.pos) {
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
