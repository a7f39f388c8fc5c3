//! Heredocs: `@(END)`, `@("END")` (interpolating), `:syntax`, `/escapes`,
//! the end line with margin `|` and trim `-`, and several heredocs on one
//! line (each one's text follows the previous one's end line).
//!
//! A heredoc produces HEREDOC (value: the syntax), SUBLOCATE (value: the
//! raw text lines) and the tokens of its processed text, lexed by a nested
//! lexer as the reference does. Those tokens keep the reference's offsets
//! (relative to the processed text) in [`Token::sub_span`], and get absolute
//! spans mapped back through the removed margins.

use super::scanner::{char_at, is_blank};
use super::strings::{Escapes, Slurp};
use super::{memchr, Lexer, UqMode, MAX_NESTING};
use crate::error::Error;
use crate::syntax::span::Span;
use crate::syntax::token::{Token, TokenKind};

/// The parsed `@(...)` specification.
struct Spec<'a> {
    tag: &'a str,
    syntax: &'a str,
    escapes: Option<&'a str>,
}

/// Length of a run of `[[:blank:]]` (no `\r`) at the start of `b`.
fn blanks(b: &[u8]) -> usize {
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' => i += 1,
            c if c < 0x80 => break,
            _ => match char_at(&b[i..]) {
                Some((ch, n)) if is_blank(ch) => i += n,
                _ => break,
            },
        }
    }
    i
}

/// Matches `@(tag(:syntax)?(/escapes)?)` at `b[at]` (which is `@(`); `b`
/// ends with the first `)`.
fn spec_at(s: &str, at: usize) -> Option<Spec<'_>> {
    let b = s.as_bytes();
    let tag_start = at + 2;
    let mut i = tag_start;
    while i < b.len() && !matches!(b[i], b':' | b'/' | b'\r' | b'\n' | b')') {
        i += 1;
    }
    if i == tag_start {
        return None;
    }
    let tag = &s[tag_start..i];
    let mut syntax = "";
    if b.get(i) == Some(&b':') {
        let mut j = i + 1;
        j += blanks(&b[j..]);
        let syn_start = j;
        if b.get(j).is_some_and(u8::is_ascii_lowercase) {
            j += 1;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'+') {
                j += 1;
            }
        }
        if j - syn_start < 2 {
            return None;
        }
        syntax = &s[syn_start..j];
        i = j + blanks(&b[j..]);
    }
    let mut escapes = None;
    if b.get(i) == Some(&b'/') {
        let mut j = i + 1;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'$') {
            j += 1;
        }
        escapes = Some(&s[i + 1..j]);
        i = j + blanks(&b[j..]);
    }
    (b.get(i) == Some(&b')')).then_some(Spec {
        tag,
        syntax,
        escapes,
    })
}

/// The first match of the heredoc specification pattern in `s`.
fn parse_spec(s: &str) -> Option<Spec<'_>> {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(1))
        .filter(|&i| b[i] == b'@' && b[i + 1] == b'(')
        .find_map(|i| spec_at(s, i))
}

/// How an end line matched: (leading blanks, margin `|` seen, trim `-` seen).
struct EndLine {
    /// Start and end of the leading blanks, relative to the line start.
    leading: (usize, usize),
    margin: bool,
    trim: bool,
}

/// Searches `line` (including its line break) for the end tag pattern
/// `blank* ('|' blank*)? ('-' blank*)? TAG blank* \r? (\n | end)`.
fn match_end_line(line: &[u8], tag: &[u8]) -> Option<EndLine> {
    // most lines do not contain the tag at all
    let occurs = occurrences(line, tag)?;
    let tail_ok = |k: usize| {
        let mut k = k + blanks(&line[k..]);
        if line.get(k) == Some(&b'\r') {
            k += 1;
        }
        k == line.len() || line[k] == b'\n'
    };
    let tag_at = |k: usize| occurs.get(k).copied().unwrap_or(false) && tail_ok(k + tag.len());
    let mut i = 0;
    while i <= line.len() {
        let j = i + blanks(&line[i..]);
        for margin in [true, false] {
            let mut k = j;
            if margin {
                if line.get(k) != Some(&b'|') {
                    continue;
                }
                k += 1;
                k += blanks(&line[k..]);
            }
            for trim in [true, false] {
                let mut m = k;
                if trim {
                    if line.get(m) != Some(&b'-') {
                        continue;
                    }
                    m += 1;
                    m += blanks(&line[m..]);
                }
                if tag_at(m) {
                    return Some(EndLine {
                        leading: (i, j),
                        margin,
                        trim,
                    });
                }
            }
        }
        // every start inside the same blank run continues identically
        i = if j > i { j + 1 } else { i + 1 };
    }
    None
}

/// Where `tag` occurs in `line` (a flag per position), or None when it does
/// not occur: Knuth-Morris-Pratt, linear in both lengths.
fn occurrences(line: &[u8], tag: &[u8]) -> Option<Vec<bool>> {
    if tag.is_empty() || line.len() < tag.len() {
        return None;
    }
    let mut fail = vec![0usize; tag.len()];
    let mut k = 0;
    for i in 1..tag.len() {
        while k > 0 && tag[i] != tag[k] {
            k = fail[k - 1];
        }
        if tag[i] == tag[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let mut found: Option<Vec<bool>> = None;
    let mut k = 0;
    for (i, &c) in line.iter().enumerate() {
        while k > 0 && c != tag[k] {
            k = fail[k - 1];
        }
        if c == tag[k] {
            k += 1;
        }
        if k == tag.len() {
            found.get_or_insert_with(|| vec![false; line.len()])[i + 1 - tag.len()] = true;
            k = fail[k - 1];
        }
    }
    found
}

/// Maps offsets in processed heredoc text back to the enclosing text.
struct LineMap {
    /// (processed start, enclosing start) of each line's kept text.
    lines: Vec<(usize, usize)>,
}

impl LineMap {
    fn map(&self, q: usize) -> usize {
        let k = match self.lines.binary_search_by(|&(p, _)| p.cmp(&q)) {
            Ok(k) => k,
            Err(0) => 0,
            Err(k) => k - 1,
        };
        let (p, r) = self.lines.get(k).copied().unwrap_or((0, 0));
        r + q.saturating_sub(p)
    }

    fn map_span(&self, s: Span) -> Span {
        let start = self.map(s.start as usize);
        let end = if s.end > s.start {
            self.map(s.end as usize - 1) + 1
        } else {
            start
        };
        Span::new(start, end)
    }
}

impl<'src> Lexer<'src> {
    /// Lexes a heredoc at the current position (`@(`), queueing its tokens.
    pub(super) fn heredoc(&mut self) -> Result<(), Error> {
        let start = self.pos;
        let Some(close) = memchr(b')', &self.b[start..]) else {
            self.last_match = None;
            let msg = format!(
                "Unclosed parenthesis after '@(' followed by '{}'",
                self.followed_by(start)
            );
            return Err(self.error_at(msg, start));
        };
        let after_spec = start + close + 1;
        self.pos = after_spec;
        self.last_match = Some((start, after_spec));
        let spec_text = self.text(start, after_spec);
        let Some(spec) = parse_spec(spec_text) else {
            return Err(self.error_at(
                "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])",
                after_spec,
            ));
        };
        let mut tag = spec
            .tag
            .trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0');
        let mut interpolate = false;
        if tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"') {
            interpolate = true;
            tag =
                tag[1..tag.len() - 1].trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0');
        }
        if tag.is_empty() {
            return Err(self.error_at("Heredoc with an empty endtag", after_spec));
        }
        let escapes = self.heredoc_escapes(spec.escapes, after_spec)?;
        self.queue.push_back(Token::new(
            TokenKind::Heredoc,
            Span::new(start, after_spec),
            spec.syntax,
        ));

        // the text starts on the next line, or after the previous heredoc's end line
        let text_start = match self.newline_jump {
            Some(jump) => jump,
            None => match memchr(b'\n', &self.b[after_spec..]) {
                Some(i) => after_spec + i + 1,
                None => {
                    return Err(
                        self.error_at("Heredoc without any following lines of text", after_spec)
                    )
                }
            },
        };
        let b = self.b;
        let mut line_start = text_start;
        let mut lines: Vec<(usize, usize)> = Vec::new();
        while line_start < b.len() {
            let line_end = memchr(b'\n', &b[line_start..]).map_or(b.len(), |i| line_start + i + 1);
            if let Some(end) = match_end_line(&b[line_start..line_end], tag.as_bytes()) {
                self.newline_jump = Some(line_end);
                let (li, lj) = end.leading;
                let leading = self.text(line_start + li, line_start + lj);
                self.heredoc_body(text_start, &lines, &end, leading, escapes, interpolate)?;
                self.pos = after_spec;
                return Ok(());
            }
            lines.push((line_start, line_end));
            line_start = line_end;
        }
        Err(self.error_at("Heredoc without end-tagged line", text_start))
    }

    fn heredoc_escapes(&self, spec: Option<&str>, at: usize) -> Result<Escapes, Error> {
        let Some(spec) = spec else {
            return Ok(Escapes::default());
        };
        let chars: Vec<char> = if spec.is_empty() {
            "trnsuL$".chars().collect()
        } else {
            spec.chars().collect()
        };
        let mut seen = std::collections::HashSet::new();
        if !chars.iter().all(|c| seen.insert(*c)) {
            let list: Vec<String> = chars.iter().map(|c| c.to_string()).collect();
            let msg = format!(
                "An escape char for @() may only appear once. Got '{}'",
                list.join(", ")
            );
            return Err(self.error_at(msg, at));
        }
        let mut esc = Escapes::default().with(Escapes::BACKSLASH);
        for c in chars {
            let flag = match c {
                't' => Escapes::T,
                'r' => Escapes::R,
                'n' => Escapes::N,
                's' => Escapes::S,
                'u' => Escapes::U,
                '$' => Escapes::DOLLAR,
                'L' => Escapes::NEWLINE,
                other => {
                    let msg = format!(
                        "Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{other}'"
                    );
                    return Err(self.error_at(msg, at));
                }
            };
            esc = esc.with(flag);
        }
        Ok(esc)
    }

    /// Queues SUBLOCATE and the tokens of the processed heredoc text.
    fn heredoc_body(
        &mut self,
        text_start: usize,
        lines: &[(usize, usize)],
        end: &EndLine,
        leading: &str,
        escapes: Escapes,
        interpolate: bool,
    ) -> Result<(), Error> {
        let raw_end = lines.last().map_or(text_start, |l| l.1);
        let raw = self.text(text_start, raw_end);
        let mut sub = Token::new(TokenKind::SubLocate, Span::new(text_start, raw_end), raw);
        let chars = raw.chars().count();
        if chars != raw.len() {
            // the reference reports the length of the lines in characters
            sub.sub_span = Some(Span::new(text_start, text_start + chars));
        }
        self.queue.push_back(sub);

        // remove the margin, join, and trim the last line break if asked
        let margin = if end.margin { leading.len() } else { 0 };
        let mut text = String::with_capacity(raw_end - text_start);
        let mut map = LineMap {
            lines: Vec::with_capacity(lines.len()),
        };
        for &(a, z) in lines {
            let line = self.text(a, z);
            let cut = if margin > 0 && line.starts_with(leading) {
                margin
            } else {
                0
            };
            map.lines.push((text.len(), a + cut));
            text.push_str(&line[cut..]);
        }
        if end.trim {
            if text.ends_with("\r\n") {
                text.truncate(text.len() - 2);
            } else if text.ends_with('\n') {
                text.truncate(text.len() - 1);
            }
        }

        if self.depth + 1 > MAX_NESTING {
            return Err(self.error_at("Heredocs nested too deep", text_start));
        }
        let slurp = if !interpolate {
            Slurp::All
        } else if escapes.has(Escapes::DOLLAR) {
            Slurp::Uq
        } else {
            Slurp::UqNoEscape
        };
        let mut sub = Lexer::with_options(&text, self.options);
        sub.options.epp = false;
        sub.started = true;
        sub.depth = self.depth + 1;
        sub.uq = Some(UqMode { escapes, slurp });
        if let Err(mut e) = crate::stack::deep(|| sub.interpolate_uq()) {
            e.span = e.span.map(|s| map.map_span(s));
            return Err(e);
        }
        for mut w in sub.warnings.drain(..) {
            w.span = map.map_span(w.span);
            self.warnings.push(w);
        }
        for t in sub.queue.drain(..) {
            let mut t = t.into_owned();
            if t.sub_span.is_none() {
                t.sub_span = Some(t.span);
            }
            t.span = map.map_span(t.span);
            self.queue.push_back(t);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heredoc_spec() {
        let s = parse_spec("@(END:json/t$)").unwrap();
        assert_eq!((s.tag, s.syntax, s.escapes), ("END", "json", Some("t$")));
        let s = parse_spec("@(\"END\")").unwrap();
        assert_eq!((s.tag, s.syntax, s.escapes), ("\"END\"", "", None));
        assert!(parse_spec("@(END:x)").is_none());
        assert!(parse_spec("@()").is_none());
    }

    #[test]
    fn heredoc_end_line() {
        let m = match_end_line(b"   | - END  \n", b"END").unwrap();
        assert_eq!((m.leading, m.margin, m.trim), ((0, 3), true, true));
        let m = match_end_line(b"foo END\n", b"END").unwrap();
        assert_eq!((m.leading, m.margin, m.trim), ((3, 4), false, false));
        assert!(match_end_line(b"END x\n", b"END").is_none());
        assert!(match_end_line(b"ENDX", b"END").is_none());
    }
}
