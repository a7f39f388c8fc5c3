//! The Puppet lexer: source text to [`Token`]s, identical to the reference
//! `Puppet::Pops::Parser::Lexer2` (token names, values, offsets, errors).
//!
//! The lexer is a pull lexer ([`Lexer::next_token`]); [`tokenize`] collects
//! a whole source. The context-free part of the scanning is a `logos` DFA
//! (module `scanner`); this module dispatches on the first byte and handles the
//! context-dependent tokens by hand: `[` (LISTSTART after blanks or at the
//! start, else LBRACK), `(` (WSLPAREN when first on a line), `{` (SELBRACE
//! after `?`), `/` (`regex`: a regex where an operand may start, else DIV),
//! numbers (`numbers`),
//! quoted strings with interpolation (`strings`), heredocs (`heredoc`)
//! and EPP templates (`epp`).
//!
//! Like the reference, a double quoted string (with everything interpolated
//! in it) or a heredoc is lexed in one go into a queue that `next_token`
//! then drains; everything else is lexed on demand.
//!
//! What the stream looks like (all as the reference's `fullscan`):
//! - `"a $x b ${y.z} c"`: DQPRE("a "), VARIABLE("x"), DQMID(" b "),
//!   VARIABLE("y"), DOT, NAME("z"), DQPOST(" c"). A lone name, number or
//!   keyword in `${}` (or the first one before `.` or `[`) comes out as
//!   VARIABLE; `${x + 1}` keeps NAME("x"). The closing
//!   `}` of an interpolation is not a token; a string without interpolation
//!   is one STRING.
//! - `@("END":json/t)` + text: HEREDOC(value "json", span of `@(...)`),
//!   SUBLOCATE(value = the raw text lines, span = those lines), then STRING or
//!   DQPRE ... DQPOST for the processed text (margin removed, escapes done).
//!   Those text tokens have absolute spans mapped into the raw lines and keep
//!   the reference's offsets, relative to the processed text, in `sub_span`.
//! - EPP (`Options { epp: true, .. }`): EPP_START, then RENDER_STRING(text),
//!   RENDER_EXPR (for `<%=`), code tokens, EPP_END (`%>` after `<%=`) or
//!   EPP_END_TRIM (`-%>` after `<%=`); tags closing `<%` code give no token.
//! - The reference's end marker is an EOF token from [`Lexer::next_token`]
//!   (never part of [`tokenize`]'s result).

pub mod dump;
mod epp;
mod heredoc;
mod numbers;
mod regex;
mod scanner;
mod strings;

use crate::error::Error;
use crate::syntax::span::Span;
use crate::syntax::token::{Token, TokenKind};
/// True when a bare word is a NAME (`apache::port`, `::apache`), as the lexer reads one.
pub(crate) use scanner::is_name;
use scanner::{blank_run, char_at, char_before, is_blank, scan_raw, Raw};
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// How deeply strings may nest inside interpolations (and heredocs inside
/// heredoc text) before lexing stops with an error (the reference stops at
/// about 700); the recursion grows its stack ([`crate::stack::deep`]).
pub const MAX_NESTING: u32 = 2_000;

/// A warning the reference logs while lexing (the text is still lexed):
/// unrecognised escapes in double quoted strings, `\u` without hex digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The reference's message, e.g. `Unrecognized escape sequence '\q'`.
    pub message: String,
    /// Where the reference reports it: just after the string part.
    pub span: Span,
}

/// Lexer settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Lex an EPP template (`fullscan_epp`): text mode first, `<% %>` tags.
    pub epp: bool,
    /// Tasks mode (`Puppet[:tasks]`): `plan` and `apply` are keywords.
    pub tasks: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EppMode {
    Text,
    Epp,
    Expr,
}

/// What one lexing step produced.
enum Lexed<'src> {
    /// A token to deliver now.
    Token(Token<'src>),
    /// Tokens of an interpolated double quoted string were queued.
    QueuedString,
    /// Nothing (blanks, comments, line breaks) or tokens queued by a heredoc or EPP tag.
    Nothing,
}

/// Configuration of a lexer lexing heredoc text (the reference's unquoted string mode).
#[derive(Clone, Copy, Debug)]
struct UqMode {
    escapes: strings::Escapes,
    slurp: strings::Slurp,
}

/// A pull lexer over one source text.
pub struct Lexer<'src> {
    src: &'src str,
    b: &'src [u8],
    pos: usize,
    queue: VecDeque<Token<'src>>,
    /// Kind of the last token delivered or lexed (the reference's `:after`).
    after: Option<TokenKind>,
    brace_count: i64,
    /// Where the current line started, for WSLPAREN.
    line_start: usize,
    /// Where to continue after the next line break when heredoc text follows it.
    newline_jump: Option<usize>,
    epp_mode: Option<EppMode>,
    epp_open: Option<usize>,
    options: Options,
    uq: Option<UqMode>,
    /// The span of the scanner's last successful match (used in error messages).
    last_match: Option<(usize, usize)>,
    depth: u32,
    /// (line start, first position on that line that is not a blank) for WSLPAREN.
    first_nonblank: (usize, usize),
    /// Start of the last regex scan that found no closing `/` (to stay linear).
    regex_fail: Option<usize>,
    warnings: Vec<Warning>,
    started: bool,
    done: bool,
    failed: Option<Error>,
    /// Lex every token through [`Self::lex_token`] (tests compare the tokens
    /// with and without [`Self::simple_token`]).
    #[cfg(test)]
    no_shortcuts: bool,
}

/// Lexes a whole Puppet source text into tokens (without the final EOF).
pub fn tokenize(source: &str) -> Result<Vec<Token<'_>>, Error> {
    Lexer::new(source).collect_tokens()
}

/// Lexes a whole EPP template into tokens (starting with EPP_START).
pub fn tokenize_epp(source: &str) -> Result<Vec<Token<'_>>, Error> {
    Lexer::with_options(
        source,
        Options {
            epp: true,
            ..Options::default()
        },
    )
    .collect_tokens()
}

/// Lexes source bytes: a byte order mark or invalid UTF-8 is an error.
pub fn tokenize_bytes(source: &[u8], options: Options) -> Result<Vec<Token<'_>>, Error> {
    check_bom(source)?;
    let text = std::str::from_utf8(source).map_err(|e| {
        let at = e.valid_up_to();
        Error::parse(
            format!("Invalid UTF-8 byte sequence at byte offset {at}: puppet source must be UTF-8"),
            Span::new(at, at + e.error_len().unwrap_or(0)),
        )
    })?;
    Lexer::with_options(text, options).collect_tokens()
}

/// Rejects input that starts with a byte order mark, naming its encoding.
#[inline]
pub fn check_bom(source: &[u8]) -> Result<(), Error> {
    // every byte order mark starts with a control byte or a byte above 0x7F
    if !matches!(source.first(), Some(b) if *b < 0x20 || *b >= 0x80) {
        return Ok(());
    }
    check_bom_marks(source)
}

/// [`check_bom`] where a byte order mark may start.
#[inline(never)]
fn check_bom_marks(source: &[u8]) -> Result<(), Error> {
    let b = |i: usize| source.get(i).copied().unwrap_or(b' ');
    let (name, size) = match (b(0), b(1), b(2), b(3)) {
        (0x00, 0x00, 0xFE, 0xFF) | (0xFF, 0xFE, 0x00, 0x00) => ("UTF-32", 4),
        (0x84, 0x31, 0x95, 0x33) => ("GB-18030", 4),
        (0xDD, 0x73, 0x66, 0x73) => ("UTF-EBCDIC", 4),
        (0x0E, 0xFE, 0xFF, _) => ("SCSU", 3),
        (0xEF, 0xBB, 0xBF, _) => ("UTF-8", 3),
        (0xF7, 0x64, 0x4C, _) => ("UTF-1", 3),
        (0xFB, 0xEE, 0x28, _) => ("BOCU", 3),
        (0xFE, 0xFF, _, _) | (0xFF, 0xFE, _, _) => ("UTF-16", 2),
        _ => return Ok(()),
    };
    let bytes: Vec<String> = (0..size).map(|i| format!("{:X}", b(i))).collect();
    Err(Error::parse(
        format!(
            "Illegal {name} Byte Order mark at beginning of input: [{}] - remove these from the puppet source",
            bytes.join(" ")
        ),
        Span::new(0, size),
    ))
}

impl<'src> Lexer<'src> {
    /// A lexer for ordinary Puppet source.
    pub fn new(src: &'src str) -> Lexer<'src> {
        Lexer::with_options(src, Options::default())
    }

    /// A lexer with the given options (EPP mode, tasks mode).
    pub fn with_options(src: &'src str, options: Options) -> Lexer<'src> {
        Lexer {
            src,
            b: src.as_bytes(),
            pos: 0,
            queue: VecDeque::new(),
            after: None,
            brace_count: 0,
            line_start: 0,
            newline_jump: None,
            epp_mode: None,
            epp_open: None,
            options,
            uq: None,
            last_match: None,
            depth: 0,
            first_nonblank: (usize::MAX, 0),
            regex_fail: None,
            warnings: Vec::new(),
            started: false,
            done: false,
            failed: None,
            #[cfg(test)]
            no_shortcuts: false,
        }
    }

    /// Warnings found so far (unrecognised escapes and the like).
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// Takes the warnings found so far.
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        std::mem::take(&mut self.warnings)
    }

    /// The source text being lexed.
    pub fn source(&self) -> &'src str {
        self.src
    }

    /// The next token; at the end of input an EOF token (repeatedly).
    /// After an error the same error is returned again.
    #[inline(always)]
    pub fn next_token(&mut self) -> Result<Token<'src>, Error> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        match self.next_inner() {
            Ok(t) => Ok(t),
            Err(e) => {
                self.failed = Some(e.clone());
                self.queue.clear();
                Err(e)
            }
        }
    }

    /// All remaining tokens, without the final EOF.
    pub fn collect_tokens(mut self) -> Result<Vec<Token<'src>>, Error> {
        let mut out = Vec::with_capacity(self.b.len() / 8 + 4);
        // (a huge source takes seconds to lex: the host may stop it meanwhile,
        // and then takes no answer)
        let mut steps = crate::stop::Steps::new();
        self.lex_into_until(&mut out, || steps.stop())?;
        Ok(out)
    }

    /// Appends the remaining tokens (without the final EOF) to `out`: those
    /// [`Self::next_token`] delivers, up to the first error, which is returned
    /// (the tokens before it stay in `out`). Faster than pulling them one by one.
    pub fn lex_into(&mut self, out: &mut Vec<Token<'src>>) -> Result<(), Error> {
        self.lex_into_until(out, || false)
    }

    /// [`Self::lex_into`], stopping early (with the tokens so far) once
    /// `stop` says so; it is asked after each token (a host interrupting a
    /// long parse).
    pub fn lex_into_until(
        &mut self,
        out: &mut Vec<Token<'src>>,
        stop: impl FnMut() -> bool,
    ) -> Result<(), Error> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let r = self.lex_into_inner(out, stop);
        if let Err(e) = &r {
            self.failed = Some(e.clone());
            self.queue.clear();
        }
        r
    }

    /// Pushes every token [`Self::deliver`] gives.
    #[inline(always)]
    fn lex_into_inner(
        &mut self,
        out: &mut Vec<Token<'src>>,
        mut stop: impl FnMut() -> bool,
    ) -> Result<(), Error> {
        self.deliver(|t| {
            out.push(t);
            if stop() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    }

    #[inline(always)]
    fn next_inner(&mut self) -> Result<Token<'src>, Error> {
        let mut next = None;
        self.deliver(|t| {
            next = Some(t);
            ControlFlow::Break(())
        })?;
        Ok(next.unwrap_or_else(|| Token::new(TokenKind::Eof, Span::at(self.b.len()), "")))
    }

    /// Gives `sink` the tokens to deliver (queued ones first) until it breaks
    /// or the input ends (an unclosed EPP tag is an error there).
    #[inline(always)]
    fn deliver(
        &mut self,
        mut sink: impl FnMut(Token<'src>) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        if !self.started {
            // (what `start` does for a source starting with a visible ASCII character)
            if !self.options.epp && self.uq.is_none() && matches!(self.b.first(), Some(0x21..=0x7f))
            {
                self.started = true;
                self.last_match = None;
            } else {
                self.start()?;
            }
        }
        loop {
            let t = if let Some(t) = self.queue.pop_front() {
                t
            } else if self.pos >= self.b.len() || self.done {
                if self.options.epp && self.epp_open.is_some() {
                    return Err(self.error_at(
                        "Unbalanced epp tag, reached <eof> without closing tag.",
                        self.b.len(),
                    ));
                }
                self.done = true;
                return Ok(());
            } else if let Some(t) = self
                .shortcut_allowed()
                .then(|| self.simple_token())
                .flatten()
            {
                // simple tokens queue nothing: the ones that follow are taken here
                let mut t = t;
                loop {
                    self.after = Some(t.kind);
                    if sink(t).is_break() {
                        return Ok(());
                    }
                    if self.pos >= self.b.len() {
                        break;
                    }
                    match self.simple_token() {
                        Some(next) => t = next,
                        None => break,
                    }
                }
                continue;
            } else if let Lexed::Token(t) = self.lex_token()? {
                t
            } else {
                continue;
            };
            self.after = Some(t.kind);
            if sink(t).is_break() {
                return Ok(());
            }
        }
    }

    fn start(&mut self) -> Result<(), Error> {
        self.started = true;
        check_bom(self.b)?;
        if self.options.epp {
            self.epp_mode = Some(EppMode::Text);
            self.queue
                .push_back(Token::new(TokenKind::EppStart, Span::at(0), ""));
            self.interpolate_epp(false)?;
        } else if self.uq.is_none() {
            self.skip_blanks();
        }
        Ok(())
    }

    // ---- small helpers

    fn peek(&self, ahead: usize) -> u8 {
        self.b.get(self.pos + ahead).copied().unwrap_or(0)
    }

    /// The source text `a..b`, or "" when that is not on character boundaries.
    fn text(&self, a: usize, b: usize) -> &'src str {
        self.src.get(a..b).unwrap_or("")
    }

    /// A parse error at byte offset `at`.
    fn error_at(&self, message: impl Into<String>, at: usize) -> Error {
        Error::parse(message, Span::at(at.min(self.b.len())))
    }

    /// The reference's "followed by" text: the next 5 characters and "...", or "<eof>".
    fn followed_by(&self, at: usize) -> String {
        if at >= self.b.len() {
            return "<eof>".to_string();
        }
        let rest = String::from_utf8_lossy(&self.b[at..(at + 24).min(self.b.len())]);
        let head: String = rest.chars().take(5).collect();
        format!("{head}...")
            .replace('\t', "\\t")
            .replace('\n', "\\n")
            .replace('\r', "\\r")
    }

    /// Skips `[[:blank:]\r]+` at the current position (the reference's `skip(PATTERN_WS)`).
    #[inline]
    fn skip_blanks(&mut self) {
        // most tokens are not preceded by blanks: answer that without a call
        if matches!(self.b.get(self.pos), None | Some(0x21..=0x7f | b'\n')) {
            self.last_match = None;
            return;
        }
        // a run of ASCII blanks not followed by a unicode one
        let start = self.pos;
        let mut end = start;
        while matches!(self.b.get(end), Some(b' ' | b'\t' | b'\r')) {
            end += 1;
        }
        if self.b.get(end).is_some_and(|&c| c >= 0x80) {
            self.skip_blank_run();
        } else if end > start {
            self.last_match = Some((start, end));
            self.pos = end;
        } else {
            self.last_match = None;
        }
    }

    /// [`Self::skip_blanks`] where a blank may start.
    #[inline(never)]
    fn skip_blank_run(&mut self) {
        let n = blank_run(&self.b[self.pos..]);
        if n > 0 {
            self.last_match = Some((self.pos, self.pos + n));
            self.pos += n;
        } else {
            self.last_match = None;
        }
    }

    /// A token of `kind` covering `start..end`, valued with its source text.
    fn tok(&self, kind: TokenKind, start: usize, end: usize) -> Token<'src> {
        Token::new(kind, Span::new(start, end), self.text(start, end))
    }

    /// Emits a token of `kind` at the current position with `len` bytes and advances.
    fn emit(&mut self, kind: TokenKind, len: usize) -> Lexed<'src> {
        let start = self.pos;
        self.pos += len;
        Lexed::Token(self.tok(kind, start, self.pos))
    }

    /// Emits a punctuation token whose text is `text` and advances past it.
    #[inline(always)]
    fn emit_text(&mut self, kind: TokenKind, text: &'static str) -> Lexed<'src> {
        let start = self.pos;
        self.pos += text.len();
        Lexed::Token(Token::new(kind, Span::new(start, self.pos), text))
    }

    fn regex_acceptable(&self) -> bool {
        !self.after.is_some_and(|k| k.ends_operand())
    }

    /// True unless a test turned [`Self::simple_token`] off.
    #[inline(always)]
    fn shortcut_allowed(&self) -> bool {
        #[cfg(test)]
        return !self.no_shortcuts;
        #[cfg(not(test))]
        true
    }

    /// The commonest tokens (type references, integers, plain single quoted
    /// strings, bare words, brackets, commas), lexed as [`Self::lex_token`]
    /// would lex them, but built where they are delivered; `None` for
    /// anything else. This is the lexer's one speed trick (the corpus
    /// tokenizing benchmark needs it); a test compares it with the full path.
    #[inline(always)]
    fn simple_token(&mut self) -> Option<Token<'src>> {
        let mut start = self.pos;
        // one space before the token (as `skip_blanks` skips it)
        if self.b[start] == b' ' && matches!(self.b.get(start + 1), Some(0x21..=0x7e)) {
            self.last_match = Some((start, start + 1));
            start += 1;
            self.pos = start;
        }
        let (kind, end, text) = match self.b[start] {
            b'A'..=b'Z' => {
                let end = scanner::class_ref_end(self.b, start);
                if self.b.get(end) == Some(&b':') {
                    // perhaps an illegal reference
                    return None;
                }
                self.last_match = Some((start, end));
                (TokenKind::ClassRef, end, self.text(start, end))
            }
            b'1'..=b'9' => {
                let end = numbers::plain_integer(self.b, start)?;
                self.last_match = Some((start, end));
                (TokenKind::Number, end, self.text(start, end))
            }
            b'\'' => {
                // a single quoted string without escapes (as `lex_sq` reads it)
                let from = start + 1;
                if self.b.get(from) == Some(&b'\'') {
                    return None;
                }
                let close = from + memchr(b'\'', &self.b[from..])?;
                if self.b[from..close].contains(&b'\\') {
                    return None;
                }
                self.last_match = Some((close.saturating_sub(1).max(from), close + 1));
                (TokenKind::String, close + 1, self.text(from, close))
            }
            b'a'..=b'z' | b'_' => {
                let end = scanner::bare_word_end(self.b, start);
                self.last_match = Some((start, end));
                let word = self.text(start, end);
                (self.bare_word_kind(word), end, word)
            }
            b'=' if self.b.get(start + 1) == Some(&b'>') => (TokenKind::FArrow, start + 2, "=>"),
            b'{' => (self.open_brace(), start + 1, "{"),
            b'}' => {
                self.brace_count -= 1;
                (TokenKind::RBrace, start + 1, "}")
            }
            b',' => (TokenKind::Comma, start + 1, ","),
            b']' => (TokenKind::RBrack, start + 1, "]"),
            b'[' if start > 0 && self.b[start - 1].is_ascii_graphic() => {
                (TokenKind::LBrack, start + 1, "[")
            }
            _ => return None,
        };
        self.pos = end;
        Some(Token::new(kind, Span::new(start, end), text))
    }

    /// Counts an opening `{` and gives its kind: a selector's brace after `?`.
    #[inline(always)]
    fn open_brace(&mut self) -> TokenKind {
        self.brace_count += 1;
        if self.after == Some(TokenKind::QMark) {
            TokenKind::SelBrace
        } else {
            TokenKind::LBrace
        }
    }

    /// Lexes one token (or skips blanks, a comment, a line break) at the current position.
    #[inline(always)]
    fn lex_token(&mut self) -> Result<Lexed<'src>, Error> {
        let c = self.b[self.pos];
        match c {
            b' ' | b'\t' | b'\r' => {
                self.skip_blanks();
                Ok(Lexed::Nothing)
            }
            b'\n' => {
                if let Some(jump) = self.newline_jump.take() {
                    self.pos = jump;
                } else {
                    self.pos += 1;
                }
                self.line_start = self.pos;
                Ok(Lexed::Nothing)
            }
            b'"' => self.interpolate_dq(),
            b'\'' => self.lex_sq(),
            b'0'..=b'9' => self.lex_number(),
            b'[' => {
                let list = self.pos == 0
                    || match self.b[self.pos - 1] {
                        p if p < 0x80 => matches!(p, b' ' | b'\t' | b'\r' | b'\n'),
                        _ => char_before(self.b, self.pos).is_some_and(is_blank),
                    };
                let kind = if list {
                    TokenKind::ListStart
                } else {
                    TokenKind::LBrack
                };
                Ok(self.emit_text(kind, "["))
            }
            b'(' => {
                let ls = self.line_start.min(self.pos);
                if self.first_nonblank.0 != ls {
                    // computed once per line, so lines of many `(` stay linear
                    self.first_nonblank = (ls, ls + blank_run(&self.b[ls..]));
                }
                let ws = self.first_nonblank.1 >= self.pos;
                let kind = if ws {
                    TokenKind::WsLParen
                } else {
                    TokenKind::LParen
                };
                Ok(self.emit_text(kind, "("))
            }
            b'{' => {
                let kind = self.open_brace();
                Ok(self.emit_text(kind, "{"))
            }
            b'}' => {
                self.brace_count -= 1;
                Ok(self.emit_text(TokenKind::RBrace, "}"))
            }
            // the commonest punctuation, which no longer token starts with
            // (as the scanner would give it)
            b',' => Ok(self.emit_text(TokenKind::Comma, ",")),
            b']' => Ok(self.emit_text(TokenKind::RBrack, "]")),
            b')' => Ok(self.emit_text(TokenKind::RParen, ")")),
            b'/' => self.lex_slash(),
            b'=' if self.peek(1) == b'>' => Ok(self.emit_text(TokenKind::FArrow, "=>")),
            // names and references, scanned without the scanner's DFA
            b'A'..=b'Z' => {
                let end = scanner::class_ref_end(self.b, self.pos);
                self.class_ref(self.pos, end)
            }
            b'a'..=b'z' | b'_' => {
                let end = scanner::bare_word_end(self.b, self.pos);
                Ok(self.bare_word(self.pos, end))
            }
            b'@' if self.peek(1) == b'(' => {
                self.heredoc()?;
                Ok(Lexed::Nothing)
            }
            b'%' if self.peek(1) == b'>' && self.epp_mode.is_some() => {
                let start = self.pos;
                self.pos += 2;
                if self.epp_mode == Some(EppMode::Expr) {
                    let t = self.tok(TokenKind::EppEnd, start, self.pos);
                    self.queue.push_back(t);
                }
                self.epp_mode = Some(EppMode::Text);
                self.interpolate_epp(false)?;
                Ok(Lexed::Nothing)
            }
            b'-' if self.epp_mode.is_some() && self.peek(1) == b'%' && self.peek(2) == b'>' => {
                let start = self.pos;
                self.pos += 3;
                if self.epp_mode == Some(EppMode::Expr) {
                    let t = self.tok(TokenKind::EppEndTrim, start, self.pos);
                    self.queue.push_back(t);
                }
                self.interpolate_epp(true)?;
                Ok(Lexed::Nothing)
            }
            _ => self.lex_raw(),
        }
    }

    /// Context-free tokens via the logos scanner; unicode blanks and OTHER by hand.
    #[inline(always)]
    fn lex_raw(&mut self) -> Result<Lexed<'src>, Error> {
        let start = self.pos;
        let Some((raw, len)) = scan_raw(&self.b[start..]) else {
            // unicode blanks, or an unrecognised byte
            if self.b[start] >= 0x80 {
                if let Some((ch, _)) = char_at(&self.b[start..]) {
                    if is_blank(ch) {
                        self.skip_blanks();
                        return Ok(Lexed::Nothing);
                    }
                }
            }
            self.last_match = None;
            self.pos += 1;
            return Ok(Lexed::Token(Token::new(
                TokenKind::Other,
                Span::new(start, start + 1),
                "",
            )));
        };
        let end = start + len;
        match raw {
            Raw::Blank | Raw::Comment => {
                self.last_match = Some((start, end));
                self.pos = end;
                self.skip_trailing_unicode_blanks(raw);
                Ok(Lexed::Nothing)
            }
            Raw::BareWord => Ok(self.bare_word(start, end)),
            Raw::ClassRef => self.class_ref(start, end),
            Raw::ColonColon => Err(self.error_at("Illegal fully qualified name", start + 2)),
            Raw::Variable => {
                self.last_match = Some((start, end));
                self.pos = end;
                Ok(Lexed::Token(Token::new(
                    TokenKind::Variable,
                    Span::new(start, end),
                    self.text(start + 1, end),
                )))
            }
            Raw::Dollar => {
                self.last_match = None;
                self.pos = end;
                Ok(Lexed::Token(Token::new(
                    TokenKind::Variable,
                    Span::new(start, end),
                    "",
                )))
            }
            _ => {
                let kind = raw.fixed_kind().unwrap_or(TokenKind::Other);
                Ok(self.emit(kind, len))
            }
        }
    }

    /// A bare word `start..end` (the scanner's `BareWord`): NAME, keyword or WORD.
    #[inline(always)]
    fn bare_word(&mut self, start: usize, end: usize) -> Lexed<'src> {
        self.last_match = Some((start, end));
        self.pos = end;
        let word = self.text(start, end);
        let span = Span::new(start, end);
        Lexed::Token(Token::new(self.bare_word_kind(word), span, word))
    }

    /// NAME, keyword or WORD: the kind of a bare word.
    #[inline(always)]
    fn bare_word_kind(&self, word: &str) -> TokenKind {
        if !is_name(word) {
            TokenKind::Word
        } else if word.starts_with("::") {
            TokenKind::Name
        } else {
            match TokenKind::keyword(word) {
                Some(k) => k,
                None if self.options.tasks && word == "plan" => TokenKind::Plan,
                None if self.options.tasks && word == "apply" => TokenKind::Apply,
                None => TokenKind::Name,
            }
        }
    }

    /// A type reference `start..end` (the scanner's `ClassRef`); one followed
    /// by `::` (and no upper case letter) is an error.
    #[inline(always)]
    fn class_ref(&mut self, start: usize, end: usize) -> Result<Lexed<'src>, Error> {
        self.last_match = Some((start, end));
        self.pos = end;
        if self.peek(0) == b':' && self.peek(1) == b':' {
            let (msg, at) = if self.b[start] == b':' {
                ("Illegal fully qualified class reference", end + 3)
            } else {
                ("Illegal class reference", end + 1)
            };
            return Err(self.error_at(msg, at));
        }
        Ok(Lexed::Token(self.tok(TokenKind::ClassRef, start, end)))
    }

    /// A `[[:blank:]\r]+` run may continue with unicode blanks after the ASCII ones.
    fn skip_trailing_unicode_blanks(&mut self, raw: Raw) {
        if raw == Raw::Blank && self.peek(0) >= 0x80 {
            let n = blank_run(&self.b[self.pos..]);
            if let Some((s, _)) = self.last_match {
                self.last_match = Some((s, self.pos + n));
            }
            self.pos += n;
        }
    }

    fn lex_number(&mut self) -> Result<Lexed<'src>, Error> {
        let start = self.pos;
        if let Some(end) = numbers::plain_integer(self.b, start) {
            self.last_match = Some((start, end));
            self.pos = end;
            return Ok(Lexed::Token(self.tok(TokenKind::Number, start, end)));
        }
        match numbers::scan_number(self.b, start) {
            Some(end) => {
                let value = self.text(start, end);
                if let Some(msg) = numbers::number_error(value) {
                    return Err(self.error_at(msg, start));
                }
                self.last_match = Some((start, end));
                self.pos = end;
                Ok(Lexed::Token(self.tok(TokenKind::Number, start, end)))
            }
            None => {
                let (at, msg) = numbers::invalid_number(self.b, start);
                Err(self.error_at(msg, at))
            }
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<Token<'static>, Error>;

    /// Owned tokens until EOF (convenient for bindings; the parser should use
    /// [`Lexer::next_token`], which borrows values from the source).
    fn next(&mut self) -> Option<Self::Item> {
        if self.done && (self.queue.is_empty() || self.failed.is_some()) {
            return None;
        }
        match self.next_token() {
            Ok(t) if t.kind == TokenKind::Eof => None,
            Ok(t) => Some(Ok(t.into_owned())),
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

/// Position of the first `needle` byte in `hay`.
fn memchr(needle: u8, hay: &[u8]) -> Option<usize> {
    hay.iter().position(|&c| c == needle)
}

/// Position of the first occurrence of `needle` in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    let first = needle[0];
    let mut from = 0;
    while let Some(i) = memchr(first, &hay[from..]) {
        let at = from + i;
        if hay[at..].starts_with(needle) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod shortcut_tests {
    use super::*;

    /// Tokens (kind, span, value) and the error, as `lex_into` gives them.
    fn lexed(source: &str, shortcuts: bool) -> String {
        let mut lexer = Lexer::new(source);
        lexer.no_shortcuts = !shortcuts;
        let mut toks = Vec::new();
        let r = lexer.lex_into(&mut toks);
        let toks: Vec<String> = toks
            .iter()
            .map(|t| format!("{:?} {:?} {:?} {:?}", t.kind, t.span, t.value, t.sub_span))
            .collect();
        format!("{toks:?} {r:?}")
    }

    #[test]
    fn simple_tokens_lex_as_the_full_lexer_lexes_them() {
        let mut sources = crate::testutil::fixture_sources();
        for piece in [
            "A", "A::B", "A::b", "A:", "A::", "1", "10", "1x", "1.5", "0", ",", "]", "[", " [",
            "x[", " ", "  ", "\t", "\n", " \u{a0}", "=>", "$x", "'s'", "a", "''", "'''x'", "'x",
            r"'a\'b'", r"'a\\'", "'\u{e9}'",
        ] {
            for other in ["", "A", " 1", "]", ",", "[1]", " ", "::B", "\u{3000}x"] {
                sources.push(format!("{piece}{other}"));
                sources.push(format!("X[{piece}{other}]"));
                sources.push(format!("{other}{piece}"));
            }
        }
        assert!(sources.len() > 500, "{}", sources.len());
        for src in &sources {
            assert_eq!(lexed(src, true), lexed(src, false), "{src}");
        }
    }
}
