//! The abstract syntax tree of the Puppet language.
//!
//! The node kinds mirror the reference's `Puppet::Pops::Model` classes one to
//! one (their PN names are given in brackets), so that the PN text of a tree
//! (see [`crate::syntax::pn`]) is the reference's. Every node is an [`Expr`]:
//! a [`Span`] of byte offsets into the source plus an [`ExprKind`]. Nodes that
//! are not expressions in the model (resource bodies, attribute operations,
//! parameters, case options, selector and hash entries) are plain structs with
//! their own span.
//!
//! # Reading a type expression
//!
//! `TypeParser` interprets these nodes (the parser performs no type checking):
//!
//! | source                 | node                                                                  |
//! |------------------------|-----------------------------------------------------------------------|
//! | `Integer`, `Foo::Bar`  | [`ExprKind::QualifiedReference`] with the text as written             |
//! | `Integer[1, 10]`       | [`ExprKind::Access`] `{ left: QualifiedReference, keys: [1, 10] }`     |
//! | `'x'`, `"x"`, `x-y`    | [`ExprKind::LiteralString`] (a double-quoted string without interpolation, or a bare word) |
//! | `"a${b}"`              | [`ExprKind::ConcatenatedString`] of `LiteralString` and [`ExprKind::Text`] segments |
//! | `1`, `0x1f`, `1.5`     | [`ExprKind::LiteralInteger`] (value, radix) / [`ExprKind::LiteralFloat`] |
//! | `-1`                   | [`ExprKind::UnaryMinus`] around the literal (fold it when interpreting) |
//! | `true`, `undef`, `default` | [`ExprKind::LiteralBoolean`], [`ExprKind::LiteralUndef`], [`ExprKind::LiteralDefault`] |
//! | `/re/`                 | [`ExprKind::LiteralRegex`] with the pattern source (`\/` unescaped)   |
//! | `foo`, `foo::bar`      | [`ExprKind::QualifiedName`]                                           |
//! | `[a, b]`               | [`ExprKind::LiteralList`]                                             |
//! | `{a => 1}`             | [`ExprKind::LiteralHash`] of [`KeyedEntry`]                           |
//! | `X[a => 1]`            | the `a => 1` argument is an unfolded `LiteralHash` (`unfolded: true`) |
//! | `SemVerRange('>=1')`   | [`ExprKind::CallNamedFunction`] with functor `QualifiedReference`     |
//! | `$x`, `$0`             | [`ExprKind::Variable`] around a `QualifiedName` (`"x"`, `"0"`; a `LiteralInteger` for `"${0}"` in strings) |
//! | `(x)`                  | [`ExprKind::Paren`]                                                   |
//!
//! A whole source is a [`Program`]: the source text, its (lazy) [`LineIndex`] and the
//! body (a [`ExprKind::Block`] when there are several statements, the single
//! statement otherwise, a [`ExprKind::Nop`] when empty). Bodies of definitions,
//! lambdas and case options are always blocks (as in the reference); `if`/`unless`
//! bodies are the single statement or a block. Calls, lambdas and definitions are
//! boxed ([`Call`], [`Lambda`], [`Definition`]) to keep [`Expr`] at 64 bytes.
//!
//! Entry points: [`crate::syntax::parse`] (with validation),
//! [`crate::syntax::parser::parse_syntax`] (without), [`crate::syntax::parse_epp`],
//! [`crate::syntax::parse_with_recovery`]; [`Program::to_pn`] prints the PN.

use crate::syntax::span::{LineIndex, Span};
use smol_str::SmolStr;
use std::sync::Arc;

/// A parsed source text.
#[derive(Clone, Debug)]
pub struct Program {
    /// The source text.
    pub source: Arc<str>,
    /// Line starts of `source`, computed on first use.
    line_index: std::sync::OnceLock<LineIndex>,
    /// The body: a block, a single expression, or `Nop` for an empty source.
    pub body: Expr,
}

impl Program {
    /// A program of `source` with `body`.
    pub fn new(source: &str, body: Expr) -> Program {
        Program {
            source: Arc::from(source),
            line_index: std::sync::OnceLock::new(),
            body,
        }
    }

    /// Line starts of the source, to turn spans into line and column.
    pub fn line_index(&self) -> &LineIndex {
        self.line_index.get_or_init(|| LineIndex::new(&self.source))
    }

    /// The source text a span covers.
    pub fn text(&self, span: Span) -> &str {
        self.source.get(span.range()).unwrap_or("")
    }

    /// 1-based (line, column) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.line_index().line_col(&self.source, offset)
    }

    /// The PN text of the program, as `puppet parser dump --format pn` prints it.
    pub fn to_pn(&self) -> String {
        crate::syntax::pn::program_to_pn_string(self)
    }

    /// The PN of the program as data (the reference's `to_data`, `--format json`).
    pub fn to_pn_data(&self) -> crate::values::Value {
        crate::syntax::pn::program_to_pn_data(self)
    }
}

/// The text of a name or string node: short texts (most names) are stored
/// inline, copied without the checks of the generic constructor.
#[inline]
pub fn node_text(text: &str) -> SmolStr {
    if text.len() <= SmolStr::INLINE_CAP {
        SmolStr::new_inline(text)
    } else {
        SmolStr::new(text)
    }
}

/// An expression node: where it is and what it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// Bytes of the source this node covers.
    pub span: Span,
    /// The node itself.
    pub kind: ExprKind,
}

impl Drop for Expr {
    /// Dropping a node drops its children, recursively: a tree nested
    /// thousands of levels deep is dropped on more stack when the thread's
    /// runs low ([`crate::stack::deep`]).
    fn drop(&mut self) {
        use ExprKind as K;
        if matches!(
            self.kind,
            K::Nop
                | K::LiteralUndef
                | K::LiteralDefault
                | K::LiteralBoolean(..)
                | K::LiteralInteger { .. }
                | K::LiteralFloat(..)
                | K::LiteralString(..)
                | K::LiteralRegex(..)
                | K::QualifiedName(..)
                | K::QualifiedReference(..)
                | K::ReservedWord(..)
                | K::Text(..)
        ) {
            return;
        }
        let kind = std::mem::replace(&mut self.kind, ExprKind::Nop);
        crate::stack::deep(move || drop(kind));
    }
}

impl Expr {
    /// The node's kind, taken out of it (the node is dropped).
    pub fn into_kind(mut self) -> ExprKind {
        std::mem::replace(&mut self.kind, ExprKind::Nop)
    }

    /// A node of `kind` at `span`.
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { span, kind }
    }

    /// A boxed node of `kind` at `span`.
    pub fn boxed(kind: ExprKind, span: Span) -> Box<Expr> {
        Box::new(Expr { span, kind })
    }

    /// The model class name of this node (e.g. `"AccessExpression"`), as the
    /// reference's validator and label provider name it.
    pub fn model_name(&self) -> &'static str {
        self.kind.model_name()
    }
}

/// The resource form of a resource, defaults or override expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceForm {
    /// A regular resource.
    Regular,
    /// `@`: a virtual resource.
    Virtual,
    /// `@@`: an exported resource.
    Exported,
}

impl ResourceForm {
    /// The reference's name: `"regular"`, `"virtual"`, `"exported"`.
    pub fn name(self) -> &'static str {
        match self {
            ResourceForm::Regular => "regular",
            ResourceForm::Virtual => "virtual",
            ResourceForm::Exported => "exported",
        }
    }
}

/// Binary operators, grouped as the model groups them (see [`BinaryOp::model_name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `<<`
    LShift,
    /// `>>`
    RShift,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `=~`
    Match,
    /// `!~`
    NoMatch,
    /// `in`
    In,
    /// `and`
    And,
    /// `or`
    Or,
    /// `=`
    Assign,
    /// `+=`
    AddAssign,
    /// `-=`
    SubAssign,
    /// `->`
    InEdge,
    /// `~>`
    InEdgeSub,
    /// `<-`
    OutEdge,
    /// `<~`
    OutEdgeSub,
}

impl BinaryOp {
    /// The operator as written (and as the PN call name).
    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Mod => "%",
            LShift => "<<",
            RShift => ">>",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Match => "=~",
            NoMatch => "!~",
            In => "in",
            And => "and",
            Or => "or",
            Assign => "=",
            AddAssign => "+=",
            SubAssign => "-=",
            InEdge => "->",
            InEdgeSub => "~>",
            OutEdge => "<-",
            OutEdgeSub => "<~",
        }
    }

    /// The model class: `ArithmeticExpression`, `ComparisonExpression`, `MatchExpression`,
    /// `InExpression`, `AndExpression`, `OrExpression`, `AssignmentExpression` or
    /// `RelationshipExpression`.
    pub fn model_name(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add | Sub | Mul | Div | Mod | LShift | RShift => "ArithmeticExpression",
            Eq | Ne | Lt | Le | Gt | Ge => "ComparisonExpression",
            Match | NoMatch => "MatchExpression",
            In => "InExpression",
            And => "AndExpression",
            Or => "OrExpression",
            Assign | AddAssign | SubAssign => "AssignmentExpression",
            InEdge | InEdgeSub | OutEdge | OutEdgeSub => "RelationshipExpression",
        }
    }
}

/// What an expression node is. PN names in brackets.
#[derive(Clone, Debug, PartialEq)]
// An explicit one-byte tag: matching a node's kind (the interpreter's and drop
// code's first step) reads a byte instead of decoding a niche in the largest
// variant's fields. The rare big variants hold boxed text so that a node
// stays 64 bytes.
#[repr(u8)]
pub enum ExprKind {
    /// No operation: an empty body `[(nop)]`.
    Nop,
    /// `undef` [`nil`].
    LiteralUndef,
    /// `default` [`(default)`].
    LiteralDefault,
    /// `true` / `false`.
    LiteralBoolean(bool),
    /// An integer literal and the radix it was written in (10, 16 or 8) [`1`, `(int {:radix 16 :value 31})`].
    LiteralInteger {
        /// The value.
        value: i64,
        /// 8, 10 or 16.
        radix: u32,
    },
    /// A float literal.
    LiteralFloat(f64),
    /// A string without interpolation (single or double quoted, a bare word, heredoc text) [`"text"`].
    LiteralString(SmolStr),
    /// A regular expression literal: the pattern between the slashes [`(regexp "pat")`].
    LiteralRegex(String),
    /// `[a, b]` [`(array ...)`].
    LiteralList(Vec<Expr>),
    /// `{k => v}` [`(hash (=> k v) ...)`]; `unfolded` marks `a => 1` written directly as an argument.
    LiteralHash {
        /// The entries in source order.
        entries: Vec<KeyedEntry>,
        /// True for a hash written without braces as a call or access argument.
        unfolded: bool,
    },
    /// A lower case name, `foo::bar` [`(qn "foo::bar")`].
    QualifiedName(SmolStr),
    /// A type reference as written, `Foo::Bar` [`(qr "Foo::Bar")`].
    QualifiedReference(SmolStr),
    /// A reserved word used as an expression, `private` / `attr` [`(reserved "attr")`].
    ReservedWord(String),
    /// `$name`: the inner node is a `QualifiedName` (or a `LiteralInteger` for `${0}` in strings, or
    /// another expression in interpolation) [`(var "name")`].
    Variable(Box<Expr>),
    /// A double-quoted string with interpolation; segments are `LiteralString` and `Text` [`(concat ...)`].
    ConcatenatedString(Vec<Expr>),
    /// An interpolated expression inside a string [`(str expr)`].
    Text(Box<Expr>),
    /// `@(END:syntax)` heredoc: the syntax (empty when none) and the text expression
    /// (a `LiteralString` or `ConcatenatedString`) [`(heredoc {:syntax "json" :text ...})`].
    Heredoc {
        /// The syntax after `:`, or empty.
        syntax: String,
        /// The text.
        text: Box<Expr>,
    },
    /// `left[keys]` [`(access left keys...)`].
    Access {
        /// The accessed expression.
        left: Box<Expr>,
        /// The keys (an unfolded hash for `a => b` keys).
        keys: Vec<Expr>,
    },
    /// `left.name` [`(. left (qn "name"))`]; always the functor of a `CallMethod`.
    NamedAccess {
        /// The receiver.
        left: Box<Expr>,
        /// The method name (a `QualifiedName`).
        right: Box<Expr>,
    },
    /// `!expr` [`(! expr)`].
    Not(Box<Expr>),
    /// `-expr` [`(- expr)`; a negated numeric literal prints as the negative number].
    UnaryMinus(Box<Expr>),
    /// `*expr` [`(unfold expr)`].
    Unfold(Box<Expr>),
    /// A binary operation [`(op left right)`]. The reference locates these at the
    /// operator (error positions use `op_span`).
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Span of the operator token.
        op_span: Span,
        /// Left operand.
        left: Box<Expr>,
        /// Right operand.
        right: Box<Expr>,
    },
    /// `(expr)` [`(paren expr)`].
    Paren(Box<Expr>),
    /// `left ? { m => v, ... }` [`(? left [(=> m v) ...])`].
    Selector {
        /// The tested expression.
        left: Box<Expr>,
        /// The entries.
        entries: Vec<SelectorEntry>,
    },
    /// `case test { options }` [`(case test [{:when [...] :then [...]} ...])`].
    Case {
        /// The tested expression.
        test: Box<Expr>,
        /// The options.
        options: Vec<CaseOption>,
    },
    /// `if test { then } else { else }`; an `elsif` is a nested `If` in `else_expr` [`(if {...})`].
    If {
        /// The condition.
        test: Box<Expr>,
        /// The then-part (`None` when empty).
        then_expr: Option<Box<Expr>>,
        /// The else-part (`None` when absent or empty).
        else_expr: Option<Box<Expr>>,
    },
    /// `unless test { then } else { else }` [`(unless {...})`].
    Unless {
        /// The condition.
        test: Box<Expr>,
        /// The then-part (`None` when empty).
        then_expr: Option<Box<Expr>>,
        /// The else-part (`None` when absent or empty).
        else_expr: Option<Box<Expr>>,
    },
    /// A sequence of statements [`(block ...)`].
    Block(Vec<Expr>),
    /// `name(args)`, `name args` (statement call) or `Type(args)` [`(call ...)` / `(invoke ...)`].
    CallNamedFunction(Box<Call>),
    /// `recv.name(args)` [`(call-method ...)` / `(invoke-method ...)`].
    CallMethod(Box<Call>),
    /// `|params| { body }` [`(lambda {...})`].
    Lambda(Box<Lambda>),
    /// `type { title: ops; ... }` [`(resource {...})`].
    Resource {
        /// Regular, virtual or exported.
        form: ResourceForm,
        /// The type name (`QualifiedName`, or any expression the validator judges).
        type_name: Box<Expr>,
        /// The bodies.
        bodies: Vec<ResourceBody>,
    },
    /// `Type { ops }` [`(resource-defaults {...})`].
    ResourceDefaults {
        /// Regular, virtual or exported.
        form: ResourceForm,
        /// The type reference.
        type_ref: Box<Expr>,
        /// The attribute operations.
        operations: Vec<AttributeOp>,
    },
    /// `Type[title] { ops }` [`(resource-override {...})`].
    ResourceOverride {
        /// Regular, virtual or exported.
        form: ResourceForm,
        /// The overridden resources.
        resources: Box<Expr>,
        /// The attribute operations.
        operations: Vec<AttributeOp>,
    },
    /// `Type <| query |> { ops }` [`(collect {...})`].
    Collect {
        /// The collected type.
        type_expr: Box<Expr>,
        /// A `VirtualQuery` or `ExportedQuery`.
        query: Box<Expr>,
        /// The attribute operations.
        operations: Vec<AttributeOp>,
    },
    /// `<| expr |>` [`(virtual-query expr)`].
    VirtualQuery(Option<Box<Expr>>),
    /// `<<| expr |>>` [`(exported-query expr)`].
    ExportedQuery(Option<Box<Expr>>),
    /// `class name(params) inherits parent { body }` [`(class {...})`].
    HostClass(Box<Definition>),
    /// `define name(params) { body }` [`(define {...})`].
    ResourceTypeDefinition(Box<Definition>),
    /// `function name(params) >> Type { body }` [`(function {...})`].
    FunctionDefinition(Box<Definition>),
    /// `plan name(params) { body }` [`(plan {...})`].
    PlanDefinition(Box<Definition>),
    /// `node matches inherits parent { body }` [`(node {...})`].
    NodeDefinition {
        /// The host matchers: strings, regexes, `default`.
        host_matches: Vec<Expr>,
        /// The parent (rejected by the validator).
        parent: Option<Box<Expr>>,
        /// The body.
        body: Option<Box<Expr>>,
    },
    /// `type Name = type_expr` [`(type-alias "Name" type_expr)`].
    TypeAlias {
        /// The alias name.
        name: String,
        /// The aliased type expression.
        type_expr: Box<Expr>,
    },
    /// `type Name[...] = mapping` [`(type-mapping type_expr mapping)`].
    TypeMapping {
        /// The mapped type expression.
        type_expr: Box<Expr>,
        /// The mapping.
        mapping: Box<Expr>,
    },
    /// `type Name inherits Parent { body }` [`(type-definition "Name" "Parent" body)`].
    TypeDefinition {
        /// The type name.
        name: Box<str>,
        /// The parent name, or empty.
        parent: Box<str>,
        /// The body.
        body: Option<Box<Expr>>,
    },
    /// `apply(args) { body }` (accepted only in tasks mode).
    Apply {
        /// The arguments.
        arguments: Vec<Expr>,
        /// The body statements.
        body: Vec<Expr>,
    },
    /// The body of an EPP template [`(epp ...)`].
    Epp {
        /// True when the template declares `|params|`.
        parameters_specified: bool,
        /// The template body.
        body: Option<Box<Expr>>,
    },
    /// EPP text to render [`(render-s "text")`].
    RenderString(String),
    /// `<%= expr %>` [`(render expr)`].
    Render(Box<Expr>),
}

impl ExprKind {
    /// The reference's model class name for this kind.
    pub fn model_name(&self) -> &'static str {
        use ExprKind::*;
        match self {
            Nop => "Nop",
            LiteralUndef => "LiteralUndef",
            LiteralDefault => "LiteralDefault",
            LiteralBoolean(_) => "LiteralBoolean",
            LiteralInteger { .. } => "LiteralInteger",
            LiteralFloat(_) => "LiteralFloat",
            LiteralString(_) => "LiteralString",
            LiteralRegex(_) => "LiteralRegularExpression",
            LiteralList(_) => "LiteralList",
            LiteralHash { .. } => "LiteralHash",
            QualifiedName(_) => "QualifiedName",
            QualifiedReference(_) => "QualifiedReference",
            ReservedWord(_) => "ReservedWord",
            Variable(_) => "VariableExpression",
            ConcatenatedString(_) => "ConcatenatedString",
            Text(_) => "TextExpression",
            Heredoc { .. } => "HeredocExpression",
            Access { .. } => "AccessExpression",
            NamedAccess { .. } => "NamedAccessExpression",
            Not(_) => "NotExpression",
            UnaryMinus(_) => "UnaryMinusExpression",
            Unfold(_) => "UnfoldExpression",
            Binary { op, .. } => op.model_name(),
            Paren(_) => "ParenthesizedExpression",
            Selector { .. } => "SelectorExpression",
            Case { .. } => "CaseExpression",
            If { .. } => "IfExpression",
            Unless { .. } => "UnlessExpression",
            Block(_) => "BlockExpression",
            CallNamedFunction(_) => "CallNamedFunctionExpression",
            CallMethod(_) => "CallMethodExpression",
            Lambda(_) => "LambdaExpression",
            Resource { .. } => "ResourceExpression",
            ResourceDefaults { .. } => "ResourceDefaultsExpression",
            ResourceOverride { .. } => "ResourceOverrideExpression",
            Collect { .. } => "CollectExpression",
            VirtualQuery(_) => "VirtualQuery",
            ExportedQuery(_) => "ExportedQuery",
            HostClass(_) => "HostClassDefinition",
            ResourceTypeDefinition(_) => "ResourceTypeDefinition",
            FunctionDefinition(_) => "FunctionDefinition",
            PlanDefinition(_) => "PlanDefinition",
            NodeDefinition { .. } => "NodeDefinition",
            TypeAlias { .. } => "TypeAlias",
            TypeMapping { .. } => "TypeMapping",
            TypeDefinition { .. } => "TypeDefinition",
            Apply { .. } => "ApplyExpression",
            Epp { .. } => "EppExpression",
            RenderString(_) => "RenderStringExpression",
            Render(_) => "RenderExpression",
        }
    }
}

/// A function or method call.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// What is called: a `QualifiedName`/`QualifiedReference` (named call) or a `NamedAccess` (method call).
    pub functor: Box<Expr>,
    /// The arguments.
    pub args: Vec<Expr>,
    /// An attached lambda (an `ExprKind::Lambda` node).
    pub lambda: Option<Box<Expr>>,
    /// True when the call's value is used (`call`), false for a statement call (`invoke`).
    pub rval_required: bool,
}

/// A lambda: `|params| >> Type { body }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    /// The parameters.
    pub parameters: Vec<Parameter>,
    /// The body (`None` when empty).
    pub body: Option<Box<Expr>>,
    /// The declared return type.
    pub return_type: Option<Box<Expr>>,
}

/// A class, define, function or plan definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    /// The (fully qualified) name.
    pub name: String,
    /// Span of the name in the source.
    pub name_span: Span,
    /// The parameters.
    pub parameters: Vec<Parameter>,
    /// The body (`None` when empty).
    pub body: Option<Box<Expr>>,
    /// The parent class of a class (`inherits`).
    pub parent: Option<String>,
    /// The return type of a function.
    pub return_type: Option<Box<Expr>>,
}

/// A parameter of a definition or lambda: `Type *$name = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// Span of the parameter (from the variable).
    pub span: Span,
    /// The name without `$`.
    pub name: String,
    /// The declared type.
    pub type_expr: Option<Box<Expr>>,
    /// The default value.
    pub value: Option<Box<Expr>>,
    /// True for `*$name` (captures the rest).
    pub captures_rest: bool,
}

/// `key => value` in a hash.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyedEntry {
    /// Span of the entry.
    pub span: Span,
    /// The key.
    pub key: Expr,
    /// The value.
    pub value: Expr,
}

/// `match => value` in a selector.
#[derive(Clone, Debug, PartialEq)]
pub struct SelectorEntry {
    /// Span of the entry.
    pub span: Span,
    /// The matching expression.
    pub matching: Expr,
    /// The value.
    pub value: Expr,
}

/// `values: { body }` in a case expression.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseOption {
    /// Span of the option.
    pub span: Span,
    /// The values to match.
    pub values: Vec<Expr>,
    /// The body (`None` when empty).
    pub then_expr: Option<Box<Expr>>,
}

/// `title: ops` in a resource expression.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceBody {
    /// Span of the body.
    pub span: Span,
    /// The title expression.
    pub title: Expr,
    /// The attribute operations.
    pub operations: Vec<AttributeOp>,
}

/// An attribute operation in a resource body, defaults, override or collector.
#[derive(Clone, Debug, PartialEq)]
pub enum AttributeOp {
    /// `name => value` or `name +> value`.
    Set {
        /// Span of the operation.
        span: Span,
        /// The attribute name.
        name: String,
        /// True for `+>`.
        append: bool,
        /// The value.
        value: Expr,
    },
    /// `* => hash`.
    Splat {
        /// Span of the operation.
        span: Span,
        /// The hash expression.
        expr: Expr,
    },
}

impl AttributeOp {
    /// Span of the operation.
    pub fn span(&self) -> Span {
        match self {
            AttributeOp::Set { span, .. } | AttributeOp::Splat { span, .. } => *span,
        }
    }
}
#[cfg(test)]
mod layout_tests {
    /// A node stays 64 bytes (a cache line): growing a variant past 48 bytes
    /// of fields makes every node bigger.
    #[test]
    fn an_expression_node_is_64_bytes() {
        assert_eq!(std::mem::size_of::<super::Expr>(), 64);
    }
}
