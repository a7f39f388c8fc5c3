//! Literal text and numbers: names that are numbers, number literals with
//! their radix, double-quoted strings with interpolation (and the rewriting of
//! `${name}` to `${$name}`), heredocs, and EPP templates.

use super::Parser;
use crate::error::Result;
use crate::syntax::ast::{node_text, Call, Expr, ExprKind, Lambda};
use crate::syntax::span::Span;
use crate::syntax::token::{Token, TokenKind as T};

/// The value and radix of a number literal's text, `None` when it is not a number.
pub(crate) enum Number {
    /// An integer and its radix.
    Int(i128, u32),
    /// A float.
    Float(f64),
}

/// Reads a number as the reference does: hex `0x..`, octal `0..`, decimal, or float.
pub(crate) fn parse_number(text: &str) -> Option<Number> {
    // the common case: a short decimal without a leading zero (what the rest gives)
    let b = text.as_bytes();
    if (1..=18).contains(&b.len())
        && (b[0] != b'0' || b.len() == 1)
        && b.iter().all(u8::is_ascii_digit)
    {
        let v = b.iter().fold(0i128, |v, d| v * 10 + i128::from(d - b'0'));
        return Some(Number::Int(v, 10));
    }
    let t = text.strip_prefix("::").unwrap_or(text);
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let sign = |v: i128| if neg { -v } else { v };
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        if h.is_empty() || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        return i128::from_str_radix(h, 16)
            .ok()
            .map(|v| Number::Int(sign(v), 16));
    }
    if t.is_empty() || !t.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    if t.bytes().all(|b| b.is_ascii_digit()) {
        if t.len() > 1 && t.starts_with('0') {
            if !t.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
                return None;
            }
            return i128::from_str_radix(&t[1..], 8)
                .ok()
                .map(|v| Number::Int(sign(v), 8));
        }
        return t.parse::<i128>().ok().map(|v| Number::Int(sign(v), 10));
    }
    // a float: digits, optional fraction, optional exponent
    let ok = {
        let b = t.as_bytes();
        let mut i = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == s {
                return None;
            }
        }
        if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
            i += 1;
            if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
                i += 1;
            }
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == s {
                return None;
            }
        }
        i == b.len()
    };
    if !ok {
        return None;
    }
    t.parse::<f64>()
        .ok()
        .map(|v| Number::Float(if neg { -v } else { v }))
}

/// The sign and lower-case hex digits of an integer literal (decimal, `0x`
/// hex or `0` octal) of any width, for the message about one too wide for
/// 64 bits; `None` when `text` is not an integer literal.
fn oversized_integer_hex(text: &str) -> Option<(bool, String)> {
    let (neg, t) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (radix, digits) = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        (16, h)
    } else if t.len() > 1 && t.starts_with('0') {
        (8, &t[1..])
    } else {
        (10, t)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    // base 2^32 limbs, least significant first
    let mut limbs: Vec<u32> = vec![0];
    for d in digits.chars().filter_map(|c| c.to_digit(radix)) {
        let mut carry = u64::from(d);
        for l in &mut limbs {
            let v = u64::from(*l) * u64::from(radix) + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
    }
    let mut hex = String::new();
    for (i, l) in limbs.iter().rev().enumerate() {
        if i == 0 {
            hex.push_str(&format!("{l:x}"));
        } else {
            hex.push_str(&format!("{l:08x}"));
        }
    }
    Some((neg, hex))
}

impl<'a> Parser<'a> {
    /// A NAME token: a qualified name, or a number when it reads as one.
    pub(super) fn name_or_number(&self, t: &Token<'_>) -> Expr {
        match parse_number(t.text()) {
            Some(Number::Int(v, radix)) if i64::try_from(v).is_ok() => Expr::new(
                ExprKind::LiteralInteger {
                    value: v as i64,
                    radix,
                },
                t.span,
            ),
            Some(Number::Float(f)) => Expr::new(ExprKind::LiteralFloat(f), t.span),
            _ => Expr::new(ExprKind::QualifiedName(node_text(t.text())), t.span),
        }
    }

    /// A NUMBER token.
    pub(super) fn number(&self, t: &Token<'_>) -> Result<Expr> {
        match parse_number(t.text()) {
            Some(Number::Int(v, radix)) => match i64::try_from(v) {
                Ok(value) => Ok(Expr::new(ExprKind::LiteralInteger { value, radix }, t.span)),
                Err(_) => Err(self.error_at(
                    format!(
                        "A Literal Integer resulted in a value outside of Puppet Integer max range, got '{}0x{:x}'",
                        if v < 0 { "-" } else { "+" },
                        v.unsigned_abs()
                    ),
                    t.span,
                )),
            },
            Some(Number::Float(f)) => Ok(Expr::new(ExprKind::LiteralFloat(f), t.span)),
            None => Err(self.error_at(
                match oversized_integer_hex(t.text()) {
                    // (wider than 128 bits)
                    Some((neg, hex)) => format!(
                        "A Literal Integer resulted in a value outside of Puppet Integer max range, got '{}0x{hex}'",
                        if neg { "-" } else { "+" }
                    ),
                    None => format!(
                        "Internal Error, NUMBER token does not contain a valid number, {}",
                        t.text()
                    ),
                },
                t.span,
            )),
        }
    }

    /// `"pre${expr}mid$var post"`: DQPRE, expressions and DQMID parts, DQPOST.
    pub(super) fn dq_string(&mut self) -> Result<Expr> {
        let pre = self.bump();
        self.enter()?;
        let r = crate::stack::deep(|| self.dq_rest(pre));
        self.leave();
        r
    }

    fn dq_rest(&mut self, pre: Token<'a>) -> Result<Expr> {
        let mut segments = Vec::new();
        let start = pre.span;
        push_text(&mut segments, &pre);
        loop {
            let e = self.assignment()?;
            let span = e.span;
            segments.push(Expr::new(ExprKind::Text(Box::new(interpolate(e))), span));
            match self.kind() {
                T::DqMid => {
                    let t = self.bump();
                    push_text(&mut segments, &t);
                }
                T::DqPost => {
                    let t = self.bump();
                    push_text(&mut segments, &t);
                    return Ok(Expr::new(
                        ExprKind::ConcatenatedString(segments),
                        start.cover(t.span),
                    ));
                }
                _ => return Err(self.syntax_error("the end of the string interpolation")),
            }
        }
    }

    /// `@(END:syntax)` followed by its text.
    pub(super) fn heredoc(&mut self) -> Result<Expr> {
        let h = self.bump();
        let syntax = h.text().to_string();
        self.expect(T::SubLocate, "heredoc text")?;
        let text = match self.kind() {
            T::String => {
                let t = self.bump();
                Expr::new(ExprKind::LiteralString(node_text(t.text())), t.span)
            }
            T::DqPre => self.dq_string()?,
            _ => return Err(self.syntax_error("heredoc text")),
        };
        Ok(Expr::new(
            ExprKind::Heredoc {
                syntax,
                text: Box::new(text),
            },
            h.span,
        ))
    }

    /// `<%= expr %>` or `<%= { statements } %>`.
    pub(super) fn render_expr(&mut self) -> Result<Expr> {
        let start = self.advance();
        let inner = if self.at(T::LBrace) {
            let (b, s) = self.braced_body()?;
            b.map(|b| *b).unwrap_or_else(|| Expr::new(ExprKind::Nop, s))
        } else {
            self.expression()?
        };
        if !matches!(self.kind(), T::EppEnd | T::EppEndTrim) {
            return Err(self.syntax_error("'%>'"));
        }
        let end = self.advance();
        Ok(Expr::new(
            ExprKind::Render(Box::new(inner)),
            start.cover(end),
        ))
    }

    /// An EPP template: optional `|params|` then statements; the program body is a
    /// lambda whose body is the `Epp` node.
    pub(super) fn epp_program(&mut self) -> Result<Expr> {
        let start = self.span();
        self.eat(T::EppStart);
        let (parameters, specified) = if self.at(T::Pipe) {
            self.advance();
            let ps = if self.at(T::Pipe) {
                Vec::new()
            } else {
                self.parameters(T::Pipe)?
            };
            self.expect(T::Pipe, "'|' or ','")?;
            (ps, true)
        } else {
            (Vec::new(), false)
        };
        let stmts = self.statements_until(T::Eof)?;
        if !self.at(T::Eof) {
            return Err(self.syntax_error(""));
        }
        let span = Span::new(start.start as usize, self.src.len());
        let body = if stmts.is_empty() {
            None
        } else {
            Some(Expr::boxed(ExprKind::Block(stmts), span))
        };
        let epp = Expr::new(
            ExprKind::Epp {
                parameters_specified: specified,
                body,
            },
            span,
        );
        Ok(Expr::new(
            ExprKind::Lambda(Box::new(Lambda {
                parameters,
                body: Some(Box::new(epp)),
                return_type: None,
            })),
            span,
        ))
    }
}

fn push_text(segments: &mut Vec<Expr>, t: &Token<'_>) {
    if !t.text().is_empty() {
        segments.push(Expr::new(
            ExprKind::LiteralString(node_text(t.text())),
            t.span,
        ));
    }
}

/// Rewrites an interpolated expression: `${name}` and `${0}` mean `${$name}`, also
/// as the left side of accesses and method calls (`${x[1]}`, `${x.y}`).
pub(crate) fn interpolate(e: Expr) -> Expr {
    let span = e.span;
    if matches!(
        e.kind,
        ExprKind::QualifiedName(_) | ExprKind::LiteralInteger { .. }
    ) {
        return Expr::new(ExprKind::Variable(Box::new(e)), span);
    }
    match e.into_kind() {
        ExprKind::Access { left, keys } => Expr::new(
            ExprKind::Access {
                left: Box::new(interpolate_lhs(*left)),
                keys,
            },
            span,
        ),
        ExprKind::NamedAccess { left, right } => Expr::new(
            ExprKind::NamedAccess {
                left: Box::new(interpolate_lhs(*left)),
                right,
            },
            span,
        ),
        ExprKind::CallMethod(c) => {
            let Call {
                functor,
                args,
                lambda,
                rval_required,
            } = *c;
            Expr::new(
                ExprKind::CallMethod(Box::new(Call {
                    functor: Box::new(interpolate_lhs(*functor)),
                    args,
                    lambda,
                    rval_required,
                })),
                span,
            )
        }
        kind => Expr::new(kind, span),
    }
}

fn interpolate_lhs(e: Expr) -> Expr {
    let rewrite = match &e.kind {
        ExprKind::Access { .. }
        | ExprKind::QualifiedName(_)
        | ExprKind::NamedAccess { .. }
        | ExprKind::CallMethod(_) => true,
        ExprKind::LiteralInteger { radix, .. } => *radix == 10,
        _ => false,
    };
    if rewrite {
        interpolate(e)
    } else {
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_number_starts_with_a_letter() {
        // (the parser takes such names as names without asking `parse_number`)
        let mut texts: Vec<String> = ["e1", "inf", "nan", "x0x1", "a1", "E5", "f1.5", "z::1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for c in ('a'..='z').chain('A'..='Z') {
            for rest in ["", "0", "1", "x1", "e10", ".5", "_1", "::2", "1e3"] {
                texts.push(format!("{c}{rest}"));
            }
        }
        for t in &texts {
            assert!(parse_number(t).is_none(), "{t}");
        }
    }
}
