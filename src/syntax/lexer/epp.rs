//! EPP templates: text mode between tags, `<%` / `<%-` (code), `<%=`
//! (rendered expression), `<%#` (comment), `<%%` and `%%>` (literal tags),
//! `%>` / `-%>` closing tags with trimming, as the reference's EPP scanner.

use super::{find, EppMode, Lexer};
use crate::error::Error;
use crate::syntax::span::Span;
use crate::syntax::token::{Token, TokenKind};

/// Where the text scan stopped.
enum Stop {
    /// End of input.
    Text,
    /// `<%` or `<%-`: code follows.
    Epp,
    /// `<%=`: an expression to render follows.
    Expr,
}

/// Removes `[ \t]*\r?\n?` from the start of `s` (trim after `-%>`).
fn trim_leading_line(s: &mut String) {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if b.get(i) == Some(&b'\r') {
        i += 1;
    }
    if b.get(i) == Some(&b'\n') {
        i += 1;
    }
    s.drain(..i);
}

fn trim_trailing_blanks(s: &mut String) {
    let n = s.trim_end_matches([' ', '\t']).len();
    s.truncate(n);
}

impl Lexer<'_> {
    /// Scans template text from the current position and queues RENDER_STRING
    /// (and RENDER_EXPR) tokens; switches to code mode at an opening tag.
    pub(super) fn interpolate_epp(&mut self, skip_leading: bool) -> Result<(), Error> {
        let before = self.pos;
        let (text, stop) = self.scan_epp_text(skip_leading)?;
        let render =
            |t: String, end: usize| Token::new(TokenKind::RenderString, Span::new(before, end), t);
        match stop {
            Stop::Text => {
                if let Some(t) = text {
                    self.queue.push_back(render(t, self.pos));
                }
                self.epp_open = None;
            }
            Stop::Epp => {
                if let Some(t) = text.filter(|t| !t.is_empty()) {
                    self.queue.push_back(render(t, self.pos));
                }
                self.epp_mode = Some(EppMode::Epp);
                self.epp_open = Some(self.pos);
            }
            Stop::Expr => {
                if let Some(t) = text.filter(|t| !t.is_empty()) {
                    self.queue.push_back(render(t, self.pos));
                }
                self.queue
                    .push_back(Token::new(TokenKind::RenderExpr, Span::at(before), ""));
                self.epp_mode = Some(EppMode::Expr);
                self.epp_open = Some(self.pos);
            }
        }
        Ok(())
    }

    /// The reference's EPP text scanner: returns the processed text (None when
    /// there is none to render) and why it stopped.
    fn scan_epp_text(&mut self, mut skip: bool) -> Result<(Option<String>, Stop), Error> {
        let b = self.b;
        if self.pos >= b.len() {
            return Ok((None, Stop::Text));
        }
        let mut s = String::new();
        while self.pos < b.len() {
            let from = self.pos;
            let end = find(&b[from..], b"<%").map_or(b.len(), |i| from + i + 2);
            self.pos = end;
            let mut part = String::from_utf8_lossy(&b[from..end]).into_owned();
            if skip {
                trim_leading_line(&mut part);
                skip = false;
            }
            if part.contains("%%>") {
                part = part.replace("%%>", "%>");
            }
            s.push_str(&part);
            match b.get(self.pos) {
                None => {
                    if s.ends_with("<%") {
                        return Err(self.error_at(
                            "Unbalanced embedded expression - opening <% and reaching end of input",
                            self.pos,
                        ));
                    }
                    return Ok((Some(s), Stop::Text));
                }
                Some(b'-') => {
                    self.pos += 1;
                    s.truncate(s.len() - 2);
                    trim_trailing_blanks(&mut s);
                    return Ok((Some(s), Stop::Epp));
                }
                Some(b'%') => {
                    // `<%%` is a literal `<%`
                    self.pos += 1;
                }
                Some(b'=') => {
                    self.pos += 1;
                    s.truncate(s.len() - 2);
                    return Ok((Some(s), Stop::Expr));
                }
                Some(b'#') => {
                    s.truncate(s.len() - 2);
                    let start = self.pos;
                    let close = (start + 1..b.len().saturating_sub(1))
                        .find(|&k| b[k] == b'%' && b[k + 1] == b'>' && b[k - 1] != b'%');
                    let Some(k) = close else {
                        return Err(self.error_at(
                            "Reaching end after opening <%# without seeing %>",
                            self.pos,
                        ));
                    };
                    self.pos = k + 2;
                    if b.get(start + 1) == Some(&b'-') {
                        trim_trailing_blanks(&mut s);
                    }
                    if k > start && b[k - 1] == b'-' {
                        skip = true;
                    }
                }
                Some(_) => {
                    s.truncate(s.len() - 2);
                    return Ok((Some(s), Stop::Epp));
                }
            }
        }
        // the reference's scanner yields no text when a comment or `<%%` ends the input
        Ok((None, Stop::Text))
    }
}
