//! The subclasses of `PuppetTypes::AST::Node`, one per class of the
//! reference's `Puppet::Pops::Model` (`AST::HostClassDefinition`,
//! `AST::ResourceExpression`, `AST::Parameter`, ...), with the model's
//! attributes, so that a tool walks a tree as it walks Puppet's:
//! `HostClassDefinition#parameters`, `#body`, `#parent_class`;
//! `Parameter#name`, `#type_expr`, `#value`, `#captures_rest`;
//! `ResourceExpression#type_name`, `#bodies`; `ResourceBody#title`,
//! `#operations`; `AttributeOperation#attribute_name`, `#operator`,
//! `#value_expr`; `CallNamedFunctionExpression#functor_expr`, `#arguments`,
//! `#lambda`; `BinaryExpression`s' `#left_expr`, `#right_expr`; and so on.
//! An attribute that holds nodes gives node objects (or nil, or a frozen
//! Array of them); one that holds text gives a String.
//!
//! Differences from the model: `LiteralRegularExpression#value` is the
//! pattern's source (`#pattern` is the text with its slashes);
//! `ApplyExpression#body` is an Array of statements.

use super::ast_node::{wrap_node, Node, RbNode};
use crate::syntax::ast::{AttributeOp, Expr, ExprKind};
use magnus::{method, prelude::*, value::Opaque, Error, IntoValue, RClass, Ruby, Value};
use std::collections::HashMap;
use std::sync::OnceLock;

type R<T> = Result<T, Error>;

/// Every model class a node can be, and the model classes it inherits from
/// that have attributes (a method is defined on each class that has it).
const CLASSES: &[&str] = &[
    "Nop",
    "LiteralUndef",
    "LiteralDefault",
    "LiteralBoolean",
    "LiteralInteger",
    "LiteralFloat",
    "LiteralString",
    "LiteralRegularExpression",
    "LiteralList",
    "LiteralHash",
    "QualifiedName",
    "QualifiedReference",
    "ReservedWord",
    "VariableExpression",
    "ConcatenatedString",
    "TextExpression",
    "HeredocExpression",
    "AccessExpression",
    "NamedAccessExpression",
    "NotExpression",
    "UnaryMinusExpression",
    "UnfoldExpression",
    "ArithmeticExpression",
    "ComparisonExpression",
    "MatchExpression",
    "InExpression",
    "AndExpression",
    "OrExpression",
    "AssignmentExpression",
    "RelationshipExpression",
    "ParenthesizedExpression",
    "SelectorExpression",
    "CaseExpression",
    "IfExpression",
    "UnlessExpression",
    "BlockExpression",
    "CallNamedFunctionExpression",
    "CallMethodExpression",
    "LambdaExpression",
    "ResourceExpression",
    "ResourceDefaultsExpression",
    "ResourceOverrideExpression",
    "CollectExpression",
    "VirtualQuery",
    "ExportedQuery",
    "HostClassDefinition",
    "ResourceTypeDefinition",
    "FunctionDefinition",
    "PlanDefinition",
    "NodeDefinition",
    "TypeAlias",
    "TypeMapping",
    "TypeDefinition",
    "ApplyExpression",
    "EppExpression",
    "RenderStringExpression",
    "RenderExpression",
    "Parameter",
    "ResourceBody",
    "AttributeOperation",
    "AttributesOperation",
    "KeyedEntry",
    "SelectorEntry",
    "CaseOption",
];

const BINARY: &[&str] = &[
    "ArithmeticExpression",
    "ComparisonExpression",
    "MatchExpression",
    "InExpression",
    "AndExpression",
    "OrExpression",
    "AssignmentExpression",
    "RelationshipExpression",
    "NamedAccessExpression",
];
const UNARY: &[&str] = &[
    "ParenthesizedExpression",
    "NotExpression",
    "UnaryMinusExpression",
    "UnfoldExpression",
    "TextExpression",
    "VariableExpression",
    "RenderExpression",
    "VirtualQuery",
    "ExportedQuery",
    "AttributesOperation",
];
const NAMED_DEFINITIONS: &[&str] = &[
    "HostClassDefinition",
    "ResourceTypeDefinition",
    "FunctionDefinition",
    "PlanDefinition",
];
const CALLS: &[&str] = &["CallNamedFunctionExpression", "CallMethodExpression"];
const RESOURCES: &[&str] = &[
    "ResourceExpression",
    "ResourceDefaultsExpression",
    "ResourceOverrideExpression",
];

/// The subclasses, by model name (constants of `PuppetTypes::AST`, so the GC keeps them).
static SUBCLASSES: OnceLock<HashMap<&'static str, Opaque<RClass>>> = OnceLock::new();

/// The subclass for the model class `name`.
pub(crate) fn class_for(ruby: &Ruby, name: &str) -> Option<RClass> {
    SUBCLASSES.get()?.get(name).map(|c| ruby.get_inner(*c))
}

fn node(ruby: &Ruby, rb: &RbNode, n: Node<'_>) -> Value {
    wrap_node(ruby, &rb.program, n)
}

fn expr(ruby: &Ruby, rb: &RbNode, e: &Expr) -> Value {
    node(ruby, rb, Node::Expr(e))
}

fn opt(ruby: &Ruby, rb: &RbNode, e: Option<&Expr>) -> Value {
    match e {
        Some(e) => expr(ruby, rb, e),
        None => ruby.qnil().as_value(),
    }
}

fn list<'a>(ruby: &Ruby, rb: &RbNode, nodes: impl Iterator<Item = Node<'a>>) -> R<Value> {
    let ary = ruby.ary_new();
    for n in nodes {
        ary.push(node(ruby, rb, n))?;
    }
    ary.freeze();
    Ok(ary.as_value())
}

fn exprs<'a>(ruby: &Ruby, rb: &RbNode, es: impl Iterator<Item = &'a Expr>) -> R<Value> {
    list(ruby, rb, es.map(Node::Expr))
}

fn nil(ruby: &Ruby) -> Value {
    ruby.qnil().as_value()
}

/// The definition of a named definition node.
fn definition<'a>(n: Node<'a>) -> Option<&'a crate::syntax::ast::Definition> {
    match n {
        Node::Expr(e) => match &e.kind {
            ExprKind::HostClass(d)
            | ExprKind::ResourceTypeDefinition(d)
            | ExprKind::FunctionDefinition(d)
            | ExprKind::PlanDefinition(d) => Some(d),
            _ => None,
        },
        _ => None,
    }
}

fn kind_of(rb: &RbNode) -> Option<&ExprKind> {
    match rb.get() {
        Node::Expr(e) => Some(&e.kind),
        _ => None,
    }
}

fn left_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(
            ExprKind::Binary { left, .. }
            | ExprKind::NamedAccess { left, .. }
            | ExprKind::Access { left, .. }
            | ExprKind::Selector { left, .. },
        ) => expr(ruby, rb, left),
        _ => nil(ruby),
    }
}

fn right_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(ExprKind::Binary { right, .. } | ExprKind::NamedAccess { right, .. }) => {
            expr(ruby, rb, right)
        }
        _ => nil(ruby),
    }
}

/// `expr` of a unary expression, a query, or a `* =>` operation.
fn unary_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    use ExprKind as K;
    match rb.get() {
        Node::AttributeOp(AttributeOp::Splat { expr: e, .. }) => expr(ruby, rb, e),
        Node::Expr(e) => match &e.kind {
            K::Paren(x)
            | K::Not(x)
            | K::UnaryMinus(x)
            | K::Unfold(x)
            | K::Text(x)
            | K::Variable(x)
            | K::Render(x) => expr(ruby, rb, x),
            K::VirtualQuery(q) | K::ExportedQuery(q) => opt(ruby, rb, q.as_deref()),
            _ => nil(ruby),
        },
        _ => nil(ruby),
    }
}

fn keys(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    match kind_of(rb) {
        Some(ExprKind::Access { keys, .. }) => exprs(ruby, rb, keys.iter()),
        _ => Ok(nil(ruby)),
    }
}

/// `values` of a list or a case option.
fn values(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    match rb.get() {
        Node::CaseOption(o) => exprs(ruby, rb, o.values.iter()),
        Node::Expr(e) => match &e.kind {
            ExprKind::LiteralList(xs) => exprs(ruby, rb, xs.iter()),
            _ => Ok(nil(ruby)),
        },
        _ => Ok(nil(ruby)),
    }
}

fn entries(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    match kind_of(rb) {
        Some(ExprKind::LiteralHash { entries, .. }) => {
            list(ruby, rb, entries.iter().map(Node::KeyedEntry))
        }
        _ => Ok(nil(ruby)),
    }
}

fn key(ruby: &Ruby, rb: &RbNode) -> Value {
    match rb.get() {
        Node::KeyedEntry(en) => expr(ruby, rb, &en.key),
        _ => nil(ruby),
    }
}

/// `value` of an entry or a parameter (a node); of a name, its text (the
/// reference's `QualifiedReference#value` is in lower case).
fn entry_value(ruby: &Ruby, rb: &RbNode) -> Value {
    match rb.get() {
        Node::KeyedEntry(en) => expr(ruby, rb, &en.value),
        Node::Parameter(p) => opt(ruby, rb, p.value.as_deref()),
        Node::Expr(e) => match &e.kind {
            ExprKind::QualifiedName(s) => s.as_str().into_value_with(ruby),
            ExprKind::QualifiedReference(s) => s.to_lowercase().into_value_with(ruby),
            _ => nil(ruby),
        },
        _ => nil(ruby),
    }
}

fn statements(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    match kind_of(rb) {
        Some(ExprKind::Block(xs)) => exprs(ruby, rb, xs.iter()),
        _ => Ok(nil(ruby)),
    }
}

fn then_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match rb.get() {
        Node::CaseOption(o) => opt(ruby, rb, o.then_expr.as_deref()),
        Node::Expr(e) => match &e.kind {
            ExprKind::If { then_expr, .. } | ExprKind::Unless { then_expr, .. } => {
                opt(ruby, rb, then_expr.as_deref())
            }
            _ => nil(ruby),
        },
        _ => nil(ruby),
    }
}

fn else_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(ExprKind::If { else_expr, .. } | ExprKind::Unless { else_expr, .. }) => {
            opt(ruby, rb, else_expr.as_deref())
        }
        _ => nil(ruby),
    }
}

fn test(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(
            ExprKind::If { test, .. } | ExprKind::Unless { test, .. } | ExprKind::Case { test, .. },
        ) => expr(ruby, rb, test),
        _ => nil(ruby),
    }
}

fn options(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    match kind_of(rb) {
        Some(ExprKind::Case { options, .. }) => {
            list(ruby, rb, options.iter().map(Node::CaseOption))
        }
        _ => Ok(nil(ruby)),
    }
}

fn attribute_name(rb: &RbNode) -> Option<String> {
    match rb.get() {
        Node::AttributeOp(AttributeOp::Set { name, .. }) => Some(name.clone()),
        _ => None,
    }
}

fn value_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match rb.get() {
        Node::AttributeOp(AttributeOp::Set { value, .. }) => expr(ruby, rb, value),
        Node::SelectorEntry(en) => expr(ruby, rb, &en.value),
        _ => nil(ruby),
    }
}

fn matching_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match rb.get() {
        Node::SelectorEntry(en) => expr(ruby, rb, &en.matching),
        _ => nil(ruby),
    }
}

fn selectors(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    match kind_of(rb) {
        Some(ExprKind::Selector { entries, .. }) => {
            list(ruby, rb, entries.iter().map(Node::SelectorEntry))
        }
        _ => Ok(nil(ruby)),
    }
}

fn type_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match rb.get() {
        Node::Parameter(p) => opt(ruby, rb, p.type_expr.as_deref()),
        Node::Expr(e) => match &e.kind {
            ExprKind::Collect { type_expr, .. }
            | ExprKind::TypeAlias { type_expr, .. }
            | ExprKind::TypeMapping { type_expr, .. } => expr(ruby, rb, type_expr),
            _ => nil(ruby),
        },
        _ => nil(ruby),
    }
}

fn query(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(ExprKind::Collect { query, .. }) => expr(ruby, rb, query),
        _ => nil(ruby),
    }
}

fn operations(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    let ops = match rb.get() {
        Node::ResourceBody(b) => &b.operations,
        Node::Expr(e) => match &e.kind {
            ExprKind::Collect { operations, .. }
            | ExprKind::ResourceDefaults { operations, .. }
            | ExprKind::ResourceOverride { operations, .. } => operations,
            _ => return Ok(nil(ruby)),
        },
        _ => return Ok(nil(ruby)),
    };
    list(ruby, rb, ops.iter().map(Node::AttributeOp))
}

/// True for `*$name`, nil otherwise (the model's attribute is unset then).
fn captures_rest(rb: &RbNode) -> Option<bool> {
    match rb.get() {
        Node::Parameter(p) if p.captures_rest => Some(true),
        _ => None,
    }
}

fn parameters(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    let ps = match (definition(rb.get()), kind_of(rb)) {
        (Some(d), _) => &d.parameters,
        (None, Some(ExprKind::Lambda(l))) => &l.parameters,
        _ => return Ok(nil(ruby)),
    };
    list(ruby, rb, ps.iter().map(Node::Parameter))
}

fn body(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    if let Some(d) = definition(rb.get()) {
        return Ok(opt(ruby, rb, d.body.as_deref()));
    }
    Ok(match kind_of(rb) {
        Some(ExprKind::Lambda(l)) => opt(ruby, rb, l.body.as_deref()),
        Some(
            ExprKind::TypeDefinition { body, .. }
            | ExprKind::NodeDefinition { body, .. }
            | ExprKind::Epp { body, .. },
        ) => opt(ruby, rb, body.as_deref()),
        Some(ExprKind::Apply { body, .. }) => return exprs(ruby, rb, body.iter()),
        _ => nil(ruby),
    })
}

fn return_type(ruby: &Ruby, rb: &RbNode) -> Value {
    if let Some(d) = definition(rb.get()) {
        return opt(ruby, rb, d.return_type.as_deref());
    }
    match kind_of(rb) {
        Some(ExprKind::Lambda(l)) => opt(ruby, rb, l.return_type.as_deref()),
        _ => nil(ruby),
    }
}

fn parent_class(rb: &RbNode) -> Option<String> {
    definition(rb.get())?.parent.clone()
}

/// `parent` of a type definition (its name) or a node definition (a node).
fn parent(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(ExprKind::TypeDefinition { parent, .. }) if !parent.is_empty() => {
            parent.as_ref().into_value_with(ruby)
        }
        Some(ExprKind::NodeDefinition { parent, .. }) => opt(ruby, rb, parent.as_deref()),
        _ => nil(ruby),
    }
}

fn mapping_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(ExprKind::TypeMapping { mapping, .. }) => expr(ruby, rb, mapping),
        _ => nil(ruby),
    }
}

fn host_matches(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    match kind_of(rb) {
        Some(ExprKind::NodeDefinition { host_matches, .. }) => exprs(ruby, rb, host_matches.iter()),
        _ => Ok(nil(ruby)),
    }
}

fn syntax(rb: &RbNode) -> Option<String> {
    match kind_of(rb) {
        Some(ExprKind::Heredoc { syntax, .. }) => Some(syntax.clone()),
        _ => None,
    }
}

fn text_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(ExprKind::Heredoc { text, .. }) => expr(ruby, rb, text),
        _ => nil(ruby),
    }
}

fn call(rb: &RbNode) -> Option<&crate::syntax::ast::Call> {
    match kind_of(rb)? {
        ExprKind::CallNamedFunction(c) | ExprKind::CallMethod(c) => Some(c),
        _ => None,
    }
}

fn arguments(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    if let Some(c) = call(rb) {
        return exprs(ruby, rb, c.args.iter());
    }
    match kind_of(rb) {
        Some(ExprKind::Apply { arguments, .. }) => exprs(ruby, rb, arguments.iter()),
        _ => Ok(nil(ruby)),
    }
}

fn functor_expr(ruby: &Ruby, rb: &RbNode) -> Value {
    match call(rb) {
        Some(c) => expr(ruby, rb, &c.functor),
        None => nil(ruby),
    }
}

fn lambda(ruby: &Ruby, rb: &RbNode) -> Value {
    opt(ruby, rb, call(rb).and_then(|c| c.lambda.as_deref()))
}

fn rval_required(rb: &RbNode) -> Option<bool> {
    call(rb).map(|c| c.rval_required)
}

fn pattern(rb: &RbNode) -> Option<String> {
    match rb.get() {
        Node::Expr(e) if matches!(e.kind, ExprKind::LiteralRegex(_)) => {
            Some(rb.program.text(e.span).to_string())
        }
        _ => None,
    }
}

fn radix(rb: &RbNode) -> Option<u32> {
    match kind_of(rb) {
        Some(ExprKind::LiteralInteger { radix, .. }) => Some(*radix),
        _ => None,
    }
}

fn segments(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    match kind_of(rb) {
        Some(ExprKind::ConcatenatedString(xs)) => exprs(ruby, rb, xs.iter()),
        _ => Ok(nil(ruby)),
    }
}

fn word(rb: &RbNode) -> Option<String> {
    match kind_of(rb) {
        Some(ExprKind::ReservedWord(w)) => Some(w.clone()),
        _ => None,
    }
}

fn cased_value(rb: &RbNode) -> Option<String> {
    match kind_of(rb) {
        Some(ExprKind::QualifiedReference(s)) => Some(s.to_string()),
        _ => None,
    }
}

fn parameters_specified(rb: &RbNode) -> Option<bool> {
    match kind_of(rb) {
        Some(ExprKind::Epp {
            parameters_specified,
            ..
        }) => Some(*parameters_specified),
        _ => None,
    }
}

fn title(ruby: &Ruby, rb: &RbNode) -> Value {
    match rb.get() {
        Node::ResourceBody(b) => expr(ruby, rb, &b.title),
        _ => nil(ruby),
    }
}

fn form_of(rb: &RbNode) -> Option<crate::syntax::ast::ResourceForm> {
    match kind_of(rb)? {
        ExprKind::Resource { form, .. }
        | ExprKind::ResourceDefaults { form, .. }
        | ExprKind::ResourceOverride { form, .. } => Some(*form),
        _ => None,
    }
}

fn form(rb: &RbNode) -> Option<&'static str> {
    form_of(rb).map(|f| f.name())
}

fn is_virtual(rb: &RbNode) -> bool {
    use crate::syntax::ast::ResourceForm as F;
    matches!(form_of(rb), Some(F::Virtual | F::Exported))
}

fn is_exported(rb: &RbNode) -> bool {
    matches!(
        form_of(rb),
        Some(crate::syntax::ast::ResourceForm::Exported)
    )
}

fn type_name(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(ExprKind::Resource { type_name, .. }) => expr(ruby, rb, type_name),
        _ => nil(ruby),
    }
}

fn bodies(ruby: &Ruby, rb: &RbNode) -> R<Value> {
    match kind_of(rb) {
        Some(ExprKind::Resource { bodies, .. }) => {
            list(ruby, rb, bodies.iter().map(Node::ResourceBody))
        }
        _ => Ok(nil(ruby)),
    }
}

fn type_ref(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(ExprKind::ResourceDefaults { type_ref, .. }) => expr(ruby, rb, type_ref),
        _ => nil(ruby),
    }
}

fn resources(ruby: &Ruby, rb: &RbNode) -> Value {
    match kind_of(rb) {
        Some(ExprKind::ResourceOverride { resources, .. }) => expr(ruby, rb, resources),
        _ => nil(ruby),
    }
}

/// Define the subclasses of `AST::Node` and their attributes.
pub fn init(ruby: &Ruby, ast: RClass, base: RClass) -> R<()> {
    let mut classes = HashMap::new();
    for name in CLASSES {
        let class = ast.define_class(*name, base)?;
        class.undef_default_alloc_func();
        classes.insert(*name, class);
    }
    let on = |names: &[&str], f: &dyn Fn(RClass) -> R<()>| -> R<()> {
        for n in names {
            f(classes[n])?;
        }
        Ok(())
    };
    on(BINARY, &|c| {
        c.define_method("left_expr", method!(left_expr, 0))
    })?;
    on(BINARY, &|c| {
        c.define_method("right_expr", method!(right_expr, 0))
    })?;
    on(UNARY, &|c| c.define_method("expr", method!(unary_expr, 0)))?;
    on(&["AccessExpression", "SelectorExpression"], &|c| {
        c.define_method("left_expr", method!(left_expr, 0))
    })?;
    on(&["AccessExpression"], &|c| {
        c.define_method("keys", method!(keys, 0))
    })?;
    on(&["LiteralList", "CaseOption"], &|c| {
        c.define_method("values", method!(values, 0))
    })?;
    on(&["LiteralHash"], &|c| {
        c.define_method("entries", method!(entries, 0))
    })?;
    on(&["KeyedEntry"], &|c| {
        c.define_method("key", method!(key, 0))
    })?;
    on(
        &[
            "KeyedEntry",
            "Parameter",
            "QualifiedName",
            "QualifiedReference",
        ],
        &|c| c.define_method("value", method!(entry_value, 0)),
    )?;
    on(&["BlockExpression"], &|c| {
        c.define_method("statements", method!(statements, 0))
    })?;
    let conditionals = ["IfExpression", "UnlessExpression"];
    on(&[&conditionals[..], &["CaseOption"]].concat(), &|c| {
        c.define_method("then_expr", method!(then_expr, 0))
    })?;
    on(&conditionals, &|c| {
        c.define_method("else_expr", method!(else_expr, 0))
    })?;
    on(&[&conditionals[..], &["CaseExpression"]].concat(), &|c| {
        c.define_method("test", method!(test, 0))
    })?;
    on(&["CaseExpression"], &|c| {
        c.define_method("options", method!(options, 0))
    })?;
    on(&["AttributeOperation"], &|c| {
        c.define_method("attribute_name", method!(attribute_name, 0))
    })?;
    on(&["AttributeOperation", "SelectorEntry"], &|c| {
        c.define_method("value_expr", method!(value_expr, 0))
    })?;
    on(&["SelectorEntry"], &|c| {
        c.define_method("matching_expr", method!(matching_expr, 0))
    })?;
    on(&["SelectorExpression"], &|c| {
        c.define_method("selectors", method!(selectors, 0))
    })?;
    on(
        &["CollectExpression", "Parameter", "TypeAlias", "TypeMapping"],
        &|c| c.define_method("type_expr", method!(type_expr, 0)),
    )?;
    on(&["CollectExpression"], &|c| {
        c.define_method("query", method!(query, 0))
    })?;
    on(
        &[
            "CollectExpression",
            "ResourceBody",
            "ResourceDefaultsExpression",
            "ResourceOverrideExpression",
        ],
        &|c| c.define_method("operations", method!(operations, 0)),
    )?;
    on(&["Parameter"], &|c| {
        c.define_method("captures_rest", method!(captures_rest, 0))
    })?;
    let with_params = [NAMED_DEFINITIONS, &["LambdaExpression"]].concat();
    on(&with_params, &|c| {
        c.define_method("parameters", method!(parameters, 0))
    })?;
    let with_body = [
        NAMED_DEFINITIONS,
        &[
            "LambdaExpression",
            "TypeDefinition",
            "NodeDefinition",
            "EppExpression",
            "ApplyExpression",
        ],
    ]
    .concat();
    on(&with_body, &|c| c.define_method("body", method!(body, 0)))?;
    on(
        &["FunctionDefinition", "PlanDefinition", "LambdaExpression"],
        &|c| c.define_method("return_type", method!(return_type, 0)),
    )?;
    on(&["HostClassDefinition"], &|c| {
        c.define_method("parent_class", method!(parent_class, 0))
    })?;
    on(&["TypeDefinition", "NodeDefinition"], &|c| {
        c.define_method("parent", method!(parent, 0))
    })?;
    on(&["TypeMapping"], &|c| {
        c.define_method("mapping_expr", method!(mapping_expr, 0))
    })?;
    on(&["NodeDefinition"], &|c| {
        c.define_method("host_matches", method!(host_matches, 0))
    })?;
    on(&["HeredocExpression"], &|c| {
        c.define_method("syntax", method!(syntax, 0))?;
        c.define_method("text_expr", method!(text_expr, 0))
    })?;
    on(&[CALLS, &["ApplyExpression"]].concat(), &|c| {
        c.define_method("arguments", method!(arguments, 0))
    })?;
    on(CALLS, &|c| {
        c.define_method("functor_expr", method!(functor_expr, 0))?;
        c.define_method("lambda", method!(lambda, 0))?;
        c.define_method("rval_required", method!(rval_required, 0))
    })?;
    on(&["LiteralRegularExpression"], &|c| {
        c.define_method("pattern", method!(pattern, 0))
    })?;
    on(&["LiteralInteger"], &|c| {
        c.define_method("radix", method!(radix, 0))
    })?;
    on(&["ConcatenatedString"], &|c| {
        c.define_method("segments", method!(segments, 0))
    })?;
    on(&["ReservedWord"], &|c| {
        c.define_method("word", method!(word, 0))
    })?;
    on(&["QualifiedReference"], &|c| {
        c.define_method("cased_value", method!(cased_value, 0))
    })?;
    on(&["EppExpression"], &|c| {
        c.define_method("parameters_specified", method!(parameters_specified, 0))
    })?;
    on(&["ResourceBody"], &|c| {
        c.define_method("title", method!(title, 0))
    })?;
    on(RESOURCES, &|c| {
        c.define_method("form", method!(form, 0))?;
        c.define_method("virtual", method!(is_virtual, 0))?;
        c.define_method("exported", method!(is_exported, 0))
    })?;
    on(&["ResourceExpression"], &|c| {
        c.define_method("type_name", method!(type_name, 0))?;
        c.define_method("bodies", method!(bodies, 0))
    })?;
    on(&["ResourceDefaultsExpression"], &|c| {
        c.define_method("type_ref", method!(type_ref, 0))
    })?;
    on(&["ResourceOverrideExpression"], &|c| {
        c.define_method("resources", method!(resources, 0))
    })?;
    let opaque = classes
        .into_iter()
        .map(|(k, v)| (k, Opaque::from(v)))
        .collect();
    let _ = SUBCLASSES.set(opaque);
    let _ = ruby;
    Ok(())
}
