//! One expression from a short source text (a type string), without the
//! statement machinery and without building a [`Program`](crate::syntax::ast::Program).
//!
//! The text is parsed with the ordinary grammar of a postfix expression
//! ([`Parser::postfix`]: a primary and its accesses and calls), which is what
//! type expressions are. When that does not consume the whole text cleanly (a
//! lexing or syntax error, operators, several statements, a statement call, an
//! assignment), the text is parsed again as a program by
//! [`parse_syntax`](super::parse_syntax), so the answer and any error are
//! exactly what the program parser gives.

use super::Parser;
use crate::error::Result;
use crate::syntax::ast::{Expr, ExprKind};
use crate::syntax::lexer::{Lexer, TokenBuffer};
use crate::syntax::span::Span;
use crate::syntax::token::Token;
use smallvec::SmallVec;
use std::borrow::Cow;
use std::mem::ManuallyDrop;

/// Parses `source` as one expression (no validation), as a program whose body
/// is that expression would be parsed. Any other text yields the program's body
/// (a block, `Nop`, a statement) or the program parser's error.
pub fn parse_type_expression(source: &str) -> Result<Expr> {
    // a lone type name (a quarter of type strings) is the node the parser
    // makes of its one token, without setting up the lexer and the parser
    if crate::syntax::lexer::is_lone_class_ref(source) {
        let kind = ExprKind::QualifiedReference(crate::syntax::ast::node_text(source));
        return Ok(Expr::new(kind, Span::new(0, source.len())));
    }
    // (the tree is handed back as it is returned, not rewrapped: moving a
    // node just built stalls on its last, narrow writes)
    let lone = expression_only(source);
    if lone.is_ok() {
        return lone;
    }
    Ok(super::parse_syntax(source, false)?.body)
}

/// Room on the stack for the tokens of a type string: most have fewer, and
/// need no allocation for them (longer ones move to the heap once).
const TOKENS_ROOM: usize = 32;

/// The single expression spanning all of `source`; an error (to be left to
/// the program parser, which reports the reference's error) when the text is
/// anything else or has an error.
fn expression_only(source: &str) -> Result<Expr> {
    let mut toks = LoneTokens {
        toks: SmallVec::new(),
        owned: false,
    };
    // (without the EPP option the lexer gives no EPP_START)
    // (released below, so that there is no drop code to run)
    let mut lexer = ManuallyDrop::new(Lexer::new(source));
    let lexed = lexer.lex_into(&mut toks);
    lexer.release();
    lexed?;
    // (released below, so that there is no drop code to run)
    let mut p = ManuallyDrop::new(Parser::new(source, &mut toks.toks, false));
    // A primary with its postfix operations that spans all of the text is what
    // the full descent gives too (no operator or statement follows it); any
    // other text is left to the program parser. The expression grammar enters
    // one level of nesting before the primary.
    p.depth += 1;
    let mut lone = p.whole_type_postfix();
    if lone.is_ok() && p.pos != p.toks.len() {
        lone = Err(not_alone(p.span()));
    }
    p.release();
    if let Ok(e) = &mut lone {
        // as a statement, a call's value is not required
        if let ExprKind::CallNamedFunction(c) = &mut e.kind {
            c.rval_required = false;
        }
    }
    lone
}

/// The tokens of a lone expression: on the stack for most type strings, and
/// let go without a look at each one when none owns its text (most type
/// strings have no escapes).
struct LoneTokens<'a> {
    toks: SmallVec<[Token<'a>; TOKENS_ROOM]>,
    /// Whether some token's value is an owned string.
    owned: bool,
}

impl<'a> TokenBuffer<'a> for LoneTokens<'a> {
    #[inline(always)]
    fn push_token(&mut self, t: Token<'a>) {
        self.owned |= matches!(t.value, Cow::Owned(_));
        self.toks.push(t);
    }
}

impl Drop for LoneTokens<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        if !self.owned && !self.toks.spilled() {
            // SAFETY: every token's value is borrowed and the rest of a token
            // is plain data, so forgetting them frees nothing that needed it;
            // the inline buffer itself is the SmallVec's to drop.
            unsafe { self.toks.set_len(0) };
        }
    }
}

/// What [`expression_only`] gives for a text that goes on after an expression.
#[cold]
fn not_alone(at: crate::syntax::span::Span) -> crate::error::Error {
    crate::error::Error::parse("more than one expression", at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The program parser's body for `src`, every operand through the full
    /// descent (none of the operand shortcuts).
    fn descent(src: &str) -> Result<Expr> {
        let (mut tokens, lex_error) = super::super::lex(src, false);
        let mut p = Parser::new(src, &mut tokens, false);
        p.no_shortcuts = true;
        p.lex_error = lex_error;
        let body = p.program(false)?;
        match p.lex_error.take() {
            Some(e) => Err(e),
            None => Ok(body),
        }
    }

    fn same_as_program(src: &str) {
        let program = descent(src);
        let single = parse_type_expression(src);
        match (program, single) {
            (Ok(p), Ok(e)) => assert_eq!(p, e, "{src}"),
            (Err(a), Err(b)) => {
                assert_eq!(a.message, b.message, "{src}");
                assert_eq!(a.span, b.span, "{src}");
            }
            (a, b) => panic!("{src}: program {a:?} vs single {b:?}"),
        }
    }

    #[test]
    fn seed002_type_strings_parse_as_the_program_parser_parses_them() {
        for src in [
            "Integer",
            "Array[Integer[1, 10], 2]",
            "Struct[{a => Optional[String], Optional['b'] => Enum[x, 'y']}]",
            "Pattern[/a+/, /\\Ab\\z/]",
            "SemVer[SemVerRange('>=1.0.0 <2.0.0')]",
            "Callable[[Integer, String], Any]",
            "File['/tmp']",
            "Integer[-1, default]",
            "",
            "Integer[1",
            "Integer[1,]",
            "Integer Foo",
            "notice Integer",
            "$a = Integer",
            "Integer; String",
            "Pattern[/(/]",
            "Integer[1] -> String",
            "Foo { 'x': }",
            "'unterminated",
            "-1",
            "1 + 2 * 3",
            "Integer[1] == Integer[1]",
            "!true",
            "Foo('x')",
            "$x.foo(1)",
            "[1, 2][0]",
            "{a => 1}",
            "Integer[1] in [Integer[1]]",
            "x ? { default => Integer }",
            // accesses whose arguments are lone literals
            "Enum[a, 'b', c,]",
            "Integer[99999999999999999999999]",
            "Integer[1, 0x1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF]",
            "Integer[]",
            "Integer[1 2]",
            "Integer[,]",
            "Integer[1,,]",
            "Integer[1][2]",
            "Integer[1](2)",
            "Integer[1].foo",
            "Integer[1] + 1",
            "Array[Integer[1, 2], String[1,]]",
            "Optional[String[1]] + 1",
            "$a[1, 2]",
            "a[1, 2]",
            "Array[Hash[String, Array[Integer[0, 10], 1]], 2,]",
            "Array[String[1]",
            "Array[String[]]",
            "Array[String[1] 2]",
            "Array[String[99999999999999999999999]]",
            "Array[String[1](2)]",
            "Array[String[1][2]]",
            "A[B[C[D[E[F[G[H[I[J[1]]]]]]]]]]",
            // hashes as access arguments
            "Struct[{}]",
            "Struct[{a => Integer, b => String[1],}]",
            "Struct[{a => Integer,,}]",
            "Struct[{a => {b => Integer, c => {}}}]",
            "Struct[{a => Integer + 1}]",
            "Struct[{a => Integer[1] + 1, b => String}]",
            "Struct[{a => Integer}, 1]",
            "Struct[{a => Integer},]",
            "Struct[{a => Integer}][0]",
            "X[{a => 1} + 1]",
            "X[{a => 1} => 2]",
            "X[{a => 1}[a]]",
            "X[{a => 1}, b => 2, c => 3]",
            "Hash[{a => 1}, {b => 2}]",
            "Struct[{a Integer}]",
            "Struct[{a => }]",
            "Struct[{=> a}]",
            "Struct[{a => Integer}",
            "Struct[{a => Integer]}]",
            "Struct[{Optional['a'] => String, NotUndef[b] => Integer[1]}]",
            "Struct[{Optional['a', 'b'] => String}]",
            "Struct[{Optional['a'][0] => String}]",
            "Struct[{type => Integer, function => String}]",
            "Struct[{a => type, b => function}]",
            "Struct[{'a' => Integer, \"b\" => String, \"c${x}\" => Float}]",
            "Struct[{$x => Integer, a => $y}]",
            "Struct[{a => Integer[1].foo}]",
            "Struct[{a => Integer[1](2)}]",
            "Struct[{a => -1, b => [1, 2], c => /r/}]",
            "Struct[{a => Foo['x'] { 'y': }}]",
            "URI[{scheme => 'http', host => 'example.com'}]",
        ] {
            same_as_program(src);
        }
    }

    #[test]
    fn seed002_fixture_type_strings_and_their_mutations_parse_as_the_descent_parses_them() {
        let mut n = 0;
        for line in include_str!("../../../spec/fixtures/type_strings.txt")
            .lines()
            .chain(
                include_str!("../../../tests/fixtures/types/canonical.tsv")
                    .lines()
                    .filter_map(|l| l.split('\t').next()),
            )
            .filter(|l| !l.starts_with('#'))
        {
            same_as_program(line);
            let chars: Vec<char> = line.chars().collect();
            for i in 0..chars.len() {
                let mut dropped = chars.clone();
                dropped.remove(i);
                same_as_program(&dropped.into_iter().collect::<String>());
                for c in ['1', ',', '[', ']', '{', '}', '+'] {
                    let mut replaced = chars.clone();
                    replaced[i] = c;
                    same_as_program(&replaced.into_iter().collect::<String>());
                }
                n += 1;
            }
        }
        assert!(n > 5000, "{n}");
    }
}
