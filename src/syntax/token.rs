//! Tokens of the Puppet language, named exactly as the reference lexer
//! (`Puppet::Pops::Parser::Lexer2`) names them.
//!
//! A [`Token`] has a [`TokenKind`], an absolute byte [`Span`] into the source,
//! and a value (the text the reference puts in its token value: processed
//! string content for strings, the name for names and variables, the number
//! text for numbers, the regex source for regexes, ...).
//!
//! Tokens lexed from inside heredoc text also remember the offset and length
//! the reference reports for them, which are relative to the processed
//! heredoc text (see [`Token::sub_span`]).

use crate::syntax::span::Span;
use std::borrow::Cow;

macro_rules! token_kinds {
    ($( $(#[$doc:meta])* $variant:ident => $name:literal, )*) => {
        /// The kind of a token; [`TokenKind::name`] gives the reference's symbol name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum TokenKind {
            $( $(#[$doc])* $variant, )*
        }

        impl TokenKind {
            /// Every token kind, in declaration order.
            pub const ALL: &'static [TokenKind] = &[ $( TokenKind::$variant, )* ];

            /// The reference's token symbol name, e.g. `"NAME"`, `"LISTSTART"`, `"DQPRE"`.
            pub fn name(&self) -> &'static str {
                match self {
                    $( TokenKind::$variant => $name, )*
                }
            }

            /// The kind whose reference name is `name`.
            pub fn from_name(name: &str) -> Option<TokenKind> {
                match name {
                    $( $name => Some(TokenKind::$variant), )*
                    _ => None,
                }
            }
        }
    };
}

token_kinds! {
    // ---- punctuation
    /// `[` directly after a token (index access).
    LBrack => "LBRACK",
    /// `[` at the start of input or after whitespace (array literal).
    ListStart => "LISTSTART",
    /// `]`
    RBrack => "RBRACK",
    /// `{`
    LBrace => "LBRACE",
    /// `}`
    RBrace => "RBRACE",
    /// `{` directly after `?` (selector body).
    SelBrace => "SELBRACE",
    /// `(` after something else than line-leading whitespace.
    LParen => "LPAREN",
    /// `(` first on a line (only blanks before it on the line).
    WsLParen => "WSLPAREN",
    /// `)`
    RParen => "RPAREN",
    /// `.`
    Dot => "DOT",
    /// `|`
    Pipe => "PIPE",
    /// `@`
    At => "AT",
    /// `@@`
    AtAt => "ATAT",
    /// `:`
    Colon => "COLON",
    /// `,`
    Comma => "COMMA",
    /// `;`
    Semic => "SEMIC",
    /// `?`
    QMark => "QMARK",
    /// `~` (lexed, not an operator).
    Tilde => "TILDE",

    // ---- operators
    /// `=`
    Equals => "EQUALS",
    /// `+=`
    Appends => "APPENDS",
    /// `-=`
    Deletes => "DELETES",
    /// `==`
    IsEqual => "ISEQUAL",
    /// `!=`
    NotEqual => "NOTEQUAL",
    /// `=~`
    Match => "MATCH",
    /// `!~`
    NoMatch => "NOMATCH",
    /// `>=`
    GreaterEqual => "GREATEREQUAL",
    /// `>`
    GreaterThan => "GREATERTHAN",
    /// `<=`
    LessEqual => "LESSEQUAL",
    /// `<`
    LessThan => "LESSTHAN",
    /// `=>`
    FArrow => "FARROW",
    /// `+>`
    PArrow => "PARROW",
    /// `<<`
    LShift => "LSHIFT",
    /// `<<|`
    LLCollect => "LLCOLLECT",
    /// `<|`
    LCollect => "LCOLLECT",
    /// `>>`
    RShift => "RSHIFT",
    /// `|>>`
    RRCollect => "RRCOLLECT",
    /// `|>`
    RCollect => "RCOLLECT",
    /// `+`
    Plus => "PLUS",
    /// `-`
    Minus => "MINUS",
    /// `/` as division.
    Div => "DIV",
    /// `*`
    Times => "TIMES",
    /// `%`
    Modulo => "MODULO",
    /// `!`
    Not => "NOT",
    /// `->`
    InEdge => "IN_EDGE",
    /// `~>`
    InEdgeSub => "IN_EDGE_SUB",
    /// `<-`
    OutEdge => "OUT_EDGE",
    /// `<~`
    OutEdgeSub => "OUT_EDGE_SUB",

    // ---- literals and names
    /// `/regex/`; the value is the regex source without the slashes, `\/` unescaped to `/`.
    Regex => "REGEX",
    /// A string without interpolation; the value is the processed content.
    String => "STRING",
    /// A bare word that is not a NAME (e.g. `foo-bar`, `_x`); the value is the word.
    Word => "WORD",
    /// A lower case (qualified) name; the value is the name.
    Name => "NAME",
    /// An upper case (qualified) type reference; the value is the reference text.
    ClassRef => "CLASSREF",
    /// A number; the value is its source text (radix kept).
    Number => "NUMBER",
    /// `$name`; the value is the name without `$` (empty for a lone `$`).
    Variable => "VARIABLE",
    /// First text part of an interpolated string; the value is the processed text.
    DqPre => "DQPRE",
    /// Middle text part of an interpolated string.
    DqMid => "DQMID",
    /// Last text part of an interpolated string.
    DqPost => "DQPOST",
    /// `@(tag:syntax/escapes)`; the value is the syntax (empty when none).
    Heredoc => "HEREDOC",
    /// Follows HEREDOC: the raw heredoc lines (value = the raw text of the lines,
    /// span = those lines in the source).
    SubLocate => "SUBLOCATE",
    /// An unrecognised character; the value is that character.
    Other => "OTHER",

    // ---- keywords
    /// `case`
    Case => "CASE",
    /// `class`
    Class => "CLASS",
    /// `default`
    Default => "DEFAULT",
    /// `define`
    Define => "DEFINE",
    /// `if`
    If => "IF",
    /// `elsif`
    Elsif => "ELSIF",
    /// `else`
    Else => "ELSE",
    /// `inherits`
    Inherits => "INHERITS",
    /// `node`
    Node => "NODE",
    /// `and`
    And => "AND",
    /// `or`
    Or => "OR",
    /// `undef`
    Undef => "UNDEF",
    /// `true` or `false`; the value is `"true"` or `"false"`.
    Boolean => "BOOLEAN",
    /// `in`
    In => "IN",
    /// `unless`
    Unless => "UNLESS",
    /// `function`
    Function => "FUNCTION",
    /// `type`
    Type => "TYPE",
    /// `attr`
    Attr => "ATTR",
    /// `private`
    Private => "PRIVATE",
    /// `plan` (a keyword only in tasks mode).
    Plan => "PLAN",
    /// `apply` (a keyword only in tasks mode).
    Apply => "APPLY",

    // ---- EPP
    /// Start of an EPP template (value empty, zero length at offset 0).
    EppStart => "EPP_START",
    /// `%>` closing an expression tag.
    EppEnd => "EPP_END",
    /// `-%>` closing an expression tag with trimming.
    EppEndTrim => "EPP_END_TRIM",
    /// Template text to render; the value is the processed text.
    RenderString => "RENDER_STRING",
    /// `<%=` opening an expression whose value is rendered (zero length).
    RenderExpr => "RENDER_EXPR",

    /// End of input (the reference's `[false, false]`); not included by `tokenize`.
    Eof => "EOF",
}

impl TokenKind {
    /// The keyword kind for an identifier, outside tasks mode.
    pub fn keyword(word: &str) -> Option<TokenKind> {
        Some(match word {
            "case" => TokenKind::Case,
            "class" => TokenKind::Class,
            "default" => TokenKind::Default,
            "define" => TokenKind::Define,
            "if" => TokenKind::If,
            "elsif" => TokenKind::Elsif,
            "else" => TokenKind::Else,
            "inherits" => TokenKind::Inherits,
            "node" => TokenKind::Node,
            "and" => TokenKind::And,
            "or" => TokenKind::Or,
            "undef" => TokenKind::Undef,
            "false" | "true" => TokenKind::Boolean,
            "in" => TokenKind::In,
            "unless" => TokenKind::Unless,
            "function" => TokenKind::Function,
            "type" => TokenKind::Type,
            "attr" => TokenKind::Attr,
            "private" => TokenKind::Private,
            _ => return None,
        })
    }

    /// True for keyword kinds (including BOOLEAN, PLAN and APPLY).
    pub fn is_keyword(&self) -> bool {
        matches!(
            self,
            TokenKind::Case
                | TokenKind::Class
                | TokenKind::Default
                | TokenKind::Define
                | TokenKind::If
                | TokenKind::Elsif
                | TokenKind::Else
                | TokenKind::Inherits
                | TokenKind::Node
                | TokenKind::And
                | TokenKind::Or
                | TokenKind::Undef
                | TokenKind::Boolean
                | TokenKind::In
                | TokenKind::Unless
                | TokenKind::Function
                | TokenKind::Type
                | TokenKind::Attr
                | TokenKind::Private
                | TokenKind::Plan
                | TokenKind::Apply
        )
    }

    /// After a token of this kind a `/` is a division, not the start of a regex.
    pub fn ends_operand(&self) -> bool {
        matches!(
            self,
            TokenKind::RParen
                | TokenKind::RBrack
                | TokenKind::RRCollect
                | TokenKind::RCollect
                | TokenKind::Name
                | TokenKind::ClassRef
                | TokenKind::Number
                | TokenKind::String
                | TokenKind::Boolean
                | TokenKind::DqPre
                | TokenKind::DqMid
                | TokenKind::DqPost
                | TokenKind::Heredoc
                | TokenKind::Regex
                | TokenKind::Variable
                | TokenKind::Word
        )
    }
}

impl std::fmt::Display for TokenKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A token's value typed as the reference's `TokenValue[:value]` is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReferenceValue<'a> {
    /// `nil` (EPP_START, RENDER_EXPR).
    Nil,
    /// `true` / `false` (BOOLEAN).
    Bool(bool),
    /// A string (most tokens).
    Str(&'a str),
    /// The raw heredoc lines, each with its line break (SUBLOCATE).
    Lines(Vec<&'a str>),
    /// A regexp with this source (REGEX).
    Regex(&'a str),
}

/// One token: its kind, where it is, and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token<'src> {
    /// What kind of token.
    pub kind: TokenKind,
    /// Absolute byte span in the source given to the lexer. For tokens lexed
    /// from heredoc text the span is mapped back to the raw source text.
    pub span: Span,
    /// The token's value as the reference gives it: processed content for
    /// STRING/DQPRE/DQMID/DQPOST/RENDER_STRING, the name for NAME/WORD/
    /// CLASSREF/VARIABLE (without `$`), the source text for NUMBER and
    /// punctuation, the regex source for REGEX, the syntax for HEREDOC,
    /// `"true"`/`"false"` for BOOLEAN, the raw lines for SUBLOCATE, and the
    /// empty string for EPP_START, RENDER_EXPR and EOF.
    pub value: Cow<'src, str>,
    /// The offset and length the reference reports, where they differ from
    /// `span`: for tokens lexed from heredoc text (relative to the processed
    /// heredoc text), and for SUBLOCATE over non-ASCII text (the reference
    /// counts its length in characters). `None` elsewhere.
    pub sub_span: Option<Span>,
}

impl<'src> Token<'src> {
    /// A token with a value and an absolute span.
    pub fn new(kind: TokenKind, span: Span, value: impl Into<Cow<'src, str>>) -> Token<'src> {
        Token {
            kind,
            span,
            value: value.into(),
            sub_span: None,
        }
    }

    /// The token's value text.
    pub fn text(&self) -> &str {
        &self.value
    }

    /// The (offset, length) pair the reference's `TokenValue` reports.
    pub fn reference_offset_length(&self) -> (usize, usize) {
        let s = self.sub_span.unwrap_or(self.span);
        (s.start as usize, s.len())
    }

    /// The value typed as the reference types it (for bindings and dumps).
    pub fn reference_value(&self) -> ReferenceValue<'_> {
        match self.kind {
            TokenKind::EppStart | TokenKind::RenderExpr | TokenKind::Eof => ReferenceValue::Nil,
            TokenKind::Boolean => ReferenceValue::Bool(self.value == "true"),
            TokenKind::SubLocate => {
                ReferenceValue::Lines(self.value.split_inclusive('\n').collect())
            }
            TokenKind::Regex => ReferenceValue::Regex(&self.value),
            _ => ReferenceValue::Str(&self.value),
        }
    }

    /// The same token, owning its value.
    pub fn into_owned(self) -> Token<'static> {
        Token {
            kind: self.kind,
            span: self.span,
            value: Cow::Owned(self.value.into_owned()),
            sub_span: self.sub_span,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for k in TokenKind::ALL {
            assert_eq!(TokenKind::from_name(k.name()), Some(*k));
        }
        assert_eq!(TokenKind::ListStart.name(), "LISTSTART");
        assert_eq!(TokenKind::ClassRef.name(), "CLASSREF");
        assert_eq!(TokenKind::InEdgeSub.name(), "IN_EDGE_SUB");
    }

    #[test]
    fn keywords_are_case_sensitive() {
        assert_eq!(TokenKind::keyword("true"), Some(TokenKind::Boolean));
        assert_eq!(TokenKind::keyword("If"), None);
        assert_eq!(TokenKind::keyword("plan"), None);
    }
}
