//! Accesses of the shape type strings are made of, read in one pass: a literal
//! with one access whose arguments are lone literals, such accesses, or hashes
//! of them (`Integer[1, 2]`, `Array[String[1], 2,]`,
//! `Struct[{a => String[1], Optional[b] => Integer}]`).
//!
//! A bounded scan of the tokens first checks the whole shape; only then is it
//! read, into the tree the full descent builds (the tests compare the two). Any
//! other shape is left to the descent, with nothing read.

use super::Parser;
use crate::error::Result;
use crate::syntax::ast::{Expr, ExprKind, KeyedEntry};
use crate::syntax::token::TokenKind as T;

/// How deeply accesses and hashes may nest in a shape read in one pass.
const MAX_NESTING: usize = 8;

/// What encloses an operand of the shape [`Parser::flat_access`] reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Within {
    /// The arguments of an access.
    Access,
    /// The keys of a hash.
    Key,
    /// The values of a hash.
    Value,
}

impl<'a, 't> Parser<'a, 't> {
    /// What [`Self::literal`] and [`Self::postfix_ops`] give for a literal
    /// with one access whose arguments are lone literals, such accesses, or
    /// hashes of them (`Integer[1, 2]`, `Array[String[1], 2,]`,
    /// `Struct[{a => String[1], Optional[b] => Integer}]`), when the token
    /// after its `]` is one that `follow` accepts: read in one pass, without
    /// the descent's calls and look aheads. The descent would enter `levels`
    /// levels before the literal (the room for them and for the nested
    /// accesses and hashes is checked). `None` (nothing read) for any other
    /// shape.
    #[inline(never)]
    pub(super) fn flat_access(
        &mut self,
        levels: usize,
        follow: fn(T) -> bool,
    ) -> Option<Result<Expr>> {
        let (close, nesting) = self.flat_shape()?;
        let after = self.toks.get(close + 1).map_or(T::Eof, |t| t.kind);
        // (each access or hash enters one level, and its operands three more)
        if !follow(after) || !self.shortcut_room(levels + 4 * nesting) {
            return None;
        }
        let e = self.read_flat();
        debug_assert!(e.is_err() || self.pos == close + 1);
        Some(e)
    }

    /// The index of the `]` closing the access at the current token and how
    /// deep its accesses and hashes nest, when it has the shape
    /// [`Self::flat_access`] reads (within [`Self::look_ahead`], so that
    /// parsing stays linear).
    fn flat_shape(&self) -> Option<(usize, usize)> {
        match self.flat_shape_without_hashes() {
            Ok(shape) => Some(shape),
            Err(true) => self.flat_shape_with_hashes(),
            Err(false) => None,
        }
    }

    /// [`Self::flat_shape`] of an access with hash arguments.
    #[inline(never)]
    fn flat_shape_with_hashes(&self) -> Option<(usize, usize)> {
        let toks = self.look_ahead(self.pos)?;
        let kind = |i: usize| toks.get(i).map(|t| t.kind);
        if !super::stmt::is_literal_token(kind(0)?) || kind(1)? != T::LBrack {
            return None;
        }
        // what encloses the current operand, innermost last
        let mut within = [Within::Access; MAX_NESTING];
        let (mut i, mut open, mut deepest) = (2, 1, 1);
        'operand: loop {
            // an operand: a literal, possibly with an access, or (as an access
            // argument) a hash
            let k = kind(i)?;
            i += 1;
            let opens = if super::stmt::is_literal_token(k) {
                (kind(i)? == T::LBrack).then_some(Within::Access)
            } else if k == T::LBrace && within[open - 1] == Within::Access {
                Some(Within::Key)
            } else {
                return None;
            };
            if let Some(w) = opens {
                if open == MAX_NESTING {
                    return None;
                }
                within[open] = w;
                open += 1;
                deepest = deepest.max(open);
                if w == Within::Access {
                    i += 1;
                    continue 'operand;
                }
                if kind(i)? != T::RBrace {
                    continue 'operand;
                }
                // `{}`: the operand ends at its `}`
                open -= 1;
                i += 1;
            }
            // after an operand: what may follow it where it is
            loop {
                match (within[open - 1], kind(i)?) {
                    (Within::Key, T::FArrow) => {
                        within[open - 1] = Within::Value;
                        i += 1;
                        continue 'operand;
                    }
                    (Within::Key, _) => return None,
                    (Within::Access, T::Comma) | (Within::Value, T::Comma) => {
                        i += 1;
                        if within[open - 1] == Within::Value {
                            within[open - 1] = Within::Key;
                        }
                        if !matches!(kind(i)?, T::RBrack | T::RBrace) {
                            continue 'operand;
                        }
                    }
                    _ => {}
                }
                // the closing bracket of what encloses the operand
                let closes = match within[open - 1] {
                    Within::Access => T::RBrack,
                    _ => T::RBrace,
                };
                if kind(i)? != closes {
                    return None;
                }
                open -= 1;
                if open == 0 {
                    return Some((self.pos + i, deepest));
                }
                i += 1;
            }
        }
    }

    /// The index of the `]` closing the access at the current token and how
    /// deep its accesses nest, when its arguments are lone literals and such
    /// accesses (within [`Self::look_ahead`], so that parsing stays linear);
    /// else whether a hash argument was met (for [`Self::flat_shape`]).
    fn flat_shape_without_hashes(&self) -> std::result::Result<(usize, usize), bool> {
        let toks = self.look_ahead(self.pos).ok_or(false)?;
        let kind = |i: usize| toks.get(i).map(|t| t.kind);
        if !super::stmt::is_literal_token(kind(0).ok_or(false)?)
            || kind(1).ok_or(false)? != T::LBrack
        {
            return Err(false);
        }
        let (mut i, mut open, mut deepest) = (2, 1, 1);
        'argument: loop {
            // an argument: a literal, possibly with an access
            match kind(i) {
                Some(k) if super::stmt::is_literal_token(k) => {}
                k => return Err(k == Some(T::LBrace)),
            }
            i += 1;
            if kind(i).ok_or(false)? == T::LBrack {
                open += 1;
                deepest = deepest.max(open);
                if open > MAX_NESTING {
                    return Err(false);
                }
                i += 1;
                continue 'argument;
            }
            // after an argument: `,` and another argument, or the closing `]`
            // (which ends an argument of the enclosing access, or the whole)
            loop {
                match kind(i).ok_or(false)? {
                    T::Comma => {
                        i += 1;
                        if kind(i).ok_or(false)? != T::RBrack {
                            continue 'argument;
                        }
                    }
                    T::RBrack => {}
                    _ => return Err(false),
                }
                open -= 1;
                if open == 0 {
                    return Ok((self.pos + i, deepest));
                }
                i += 1;
            }
        }
    }

    /// Reads an access of the shape [`Self::flat_shape`] found (its literals
    /// in order, so that an error is the one the descent meets first).
    fn read_flat(&mut self) -> Result<Expr> {
        let left = self.literal_inline()?;
        // past the `[`
        self.pos += 1;
        // (the capacity `access_args` starts with)
        let mut keys = Vec::with_capacity(4);
        loop {
            // (written out: `?` here measured ~20 instructions more per string)
            match self.read_flat_operand() {
                Ok(k) => keys.push(k),
                Err(e) => return Err(e),
            }
            self.eat(T::Comma);
            if self.at(T::RBrack) {
                break;
            }
        }
        let end = self.advance();
        Ok(super::expr::access_node(left, keys, end))
    }

    /// One operand of the shape [`Self::flat_shape`] found: a literal, an
    /// access or a hash.
    #[inline(always)]
    fn read_flat_operand(&mut self) -> Result<Expr> {
        if self.at(T::LBrace) {
            self.read_flat_hash()
        } else if self.peek_kind(1) == T::LBrack {
            self.read_flat()
        } else {
            self.literal_inline()
        }
    }

    /// A hash of the shape [`Self::flat_shape`] found, as [`Self::hash`] reads it.
    #[inline(never)]
    fn read_flat_hash(&mut self) -> Result<Expr> {
        let start = self.advance();
        let mut entries = Vec::new();
        if !self.at(T::RBrace) {
            entries.reserve_exact(4);
        }
        while !self.at(T::RBrace) {
            let key = self.read_flat_operand()?;
            // past the `=>`
            self.pos += 1;
            let value = self.read_flat_operand()?;
            let span = key.span.cover(value.span);
            entries.push(KeyedEntry { span, key, value });
            if !self.eat(T::Comma) {
                break;
            }
        }
        let end = self.advance();
        Ok(Expr::new(
            ExprKind::LiteralHash {
                entries,
                unfolded: false,
            },
            start.cover(end),
        ))
    }
}
