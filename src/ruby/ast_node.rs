//! `PuppetTypes::AST::Node`: lazy, read-only Ruby views of the nodes of a parsed
//! program, and the walking methods of `PuppetTypes::AST` (`root`, `each_node`).
//!
//! A node object is created only when Ruby asks for it (`root`, `children`,
//! `each_child`, `each_node`); parsing, `to_pn` and errors never build one. Each
//! holds the `Arc<Program>` of its tree and a pointer to its [`Expr`], so it
//! stays valid after the `AST` object is collected. Node objects are frozen and
//! Ractor-shareable. Children are the expression nodes of [`Expr::children`]:
//! the model's entry objects (`ResourceBody`, `AttributeOperation`, `Parameter`,
//! `KeyedEntry`, `SelectorEntry`, `CaseOption`) are not nodes of their own; their
//! expressions appear directly as children of the enclosing node.
//!
//! Locations are the node's byte span: `offset`, `length`, and 1-based `line`
//! and `column` (characters) through the program's line index. The reference
//! locates binary operator expressions at the operator token; here they cover
//! both operands (`operator_offset` gives the operator's position).
//!
//! Each node is an instance of the subclass of `AST::Node` named after its
//! model class (`AST::HostClassDefinition`, `AST::Parameter`, ...), which has
//! the model's attributes (`parameters`, `body`, `parent_class`, ...: see
//! [`super::ast_model`]); through them the entry objects are nodes too, with
//! their own kind and location.

use super::errors::guard;
use super::parser::RbAst;
use crate::syntax::ast::{
    AttributeOp, CaseOption, Expr, ExprKind, KeyedEntry, Parameter, Program, ResourceBody,
    SelectorEntry,
};
use crate::syntax::pn;
use magnus::{method, prelude::*, Error, IntoValue, RClass, RModule, Ruby, Value};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

type R<T> = Result<T, Error>;

/// One node of a parsed program, as seen from Ruby.
#[magnus::wrap(
    class = "PuppetTypes::AST::Node",
    free_immediately,
    frozen_shareable,
    size
)]
pub struct RbNode {
    pub(crate) program: Arc<Program>,
    node: NodeRef,
}

/// What a node object stands for: an expression, or one of the model's entry
/// objects (pointers into the tree of the node's program).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeRef {
    Expr(*const Expr),
    Parameter(*const Parameter),
    ResourceBody(*const ResourceBody),
    AttributeOp(*const AttributeOp),
    KeyedEntry(*const KeyedEntry),
    SelectorEntry(*const SelectorEntry),
    CaseOption(*const CaseOption),
}

/// A [`NodeRef`] read.
#[derive(Clone, Copy)]
pub(crate) enum Node<'a> {
    Expr(&'a Expr),
    Parameter(&'a Parameter),
    ResourceBody(&'a ResourceBody),
    AttributeOp(&'a AttributeOp),
    KeyedEntry(&'a KeyedEntry),
    SelectorEntry(&'a SelectorEntry),
    CaseOption(&'a CaseOption),
}

impl<'a> Node<'a> {
    /// The reference's model class name.
    pub(crate) fn model_name(self) -> &'static str {
        match self {
            Node::Expr(e) => e.model_name(),
            Node::Parameter(_) => "Parameter",
            Node::ResourceBody(_) => "ResourceBody",
            Node::AttributeOp(AttributeOp::Set { .. }) => "AttributeOperation",
            Node::AttributeOp(AttributeOp::Splat { .. }) => "AttributesOperation",
            Node::KeyedEntry(_) => "KeyedEntry",
            Node::SelectorEntry(_) => "SelectorEntry",
            Node::CaseOption(_) => "CaseOption",
        }
    }

    /// The bytes of the source the node covers.
    pub(crate) fn span(self) -> crate::syntax::span::Span {
        match self {
            Node::Expr(e) => e.span,
            Node::Parameter(p) => p.span,
            Node::ResourceBody(b) => b.span,
            Node::AttributeOp(op) => op.span(),
            Node::KeyedEntry(en) => en.span,
            Node::SelectorEntry(en) => en.span,
            Node::CaseOption(o) => o.span,
        }
    }

    /// The expressions directly inside (for an expression, [`Expr::children`]).
    pub(crate) fn children(self) -> Vec<&'a Expr> {
        use crate::syntax::walk::{self, Visitor};
        struct Collect<'a>(Vec<&'a Expr>);
        impl<'a> Visitor<'a> for Collect<'a> {
            fn visit_expr(&mut self, e: &'a Expr) {
                self.0.push(e);
            }
        }
        let mut c = Collect(Vec::new());
        match self {
            Node::Expr(e) => return e.children().to_vec(),
            Node::Parameter(p) => walk::walk_parameter(&mut c, p),
            Node::ResourceBody(b) => walk::walk_resource_body(&mut c, b),
            Node::AttributeOp(op) => walk::walk_attribute_op(&mut c, op),
            Node::KeyedEntry(en) => walk::walk_hash_entry(&mut c, en),
            Node::SelectorEntry(en) => walk::walk_selector_entry(&mut c, en),
            Node::CaseOption(o) => walk::walk_case_option(&mut c, o),
        }
        c.0
    }

    fn to_ref(self) -> NodeRef {
        match self {
            Node::Expr(x) => NodeRef::Expr(x),
            Node::Parameter(x) => NodeRef::Parameter(x),
            Node::ResourceBody(x) => NodeRef::ResourceBody(x),
            Node::AttributeOp(x) => NodeRef::AttributeOp(x),
            Node::KeyedEntry(x) => NodeRef::KeyedEntry(x),
            Node::SelectorEntry(x) => NodeRef::SelectorEntry(x),
            Node::CaseOption(x) => NodeRef::CaseOption(x),
        }
    }
}

// SAFETY: `node` points into the tree owned by `program`. The tree is immutable
// after parsing (the only interior mutability of `Program` is its line index,
// a `OnceLock` outside the tree), so reading it from any thread is as safe as
// reading through `&Program`, which is `Send + Sync`.
unsafe impl Send for RbNode {}
// SAFETY: as for `Send`: shared access only reads the immutable tree.
unsafe impl Sync for RbNode {}

impl RbNode {
    /// The node this object stands for.
    pub(crate) fn get(&self) -> Node<'_> {
        // SAFETY: every pointer was taken from a reference into the tree of
        // `program` (see `wrap_node`, whose callers pass only `program.body` or
        // parts reached from it). `self.program` keeps that heap-allocated tree
        // alive for as long as `self` lives, and the tree is never mutated or
        // moved after parsing (it sits behind the `Arc`, so its boxes and
        // vectors are never reallocated).
        unsafe {
            match self.node {
                NodeRef::Expr(p) => Node::Expr(&*p),
                NodeRef::Parameter(p) => Node::Parameter(&*p),
                NodeRef::ResourceBody(p) => Node::ResourceBody(&*p),
                NodeRef::AttributeOp(p) => Node::AttributeOp(&*p),
                NodeRef::KeyedEntry(p) => Node::KeyedEntry(&*p),
                NodeRef::SelectorEntry(p) => Node::SelectorEntry(&*p),
                NodeRef::CaseOption(p) => Node::CaseOption(&*p),
            }
        }
    }

    /// The expression this node stands for, when it is one.
    fn expr(&self) -> Option<&Expr> {
        match self.get() {
            Node::Expr(e) => Some(e),
            _ => None,
        }
    }

    /// Wrap an expression of `program` as a frozen Ruby object.
    fn wrap(ruby: &Ruby, program: &Arc<Program>, expr: &Expr) -> Value {
        wrap_node(ruby, program, Node::Expr(expr))
    }
}

/// The frozen Ruby object, of the subclass named after its model class, for
/// `node`, which must be `program.body` or a part reached from it.
pub(crate) fn wrap_node(ruby: &Ruby, program: &Arc<Program>, node: Node<'_>) -> Value {
    let data = RbNode {
        program: Arc::clone(program),
        node: node.to_ref(),
    };
    let obj = match super::ast_model::class_for(ruby, node.model_name()) {
        Some(class) => ruby.obj_wrap_as(data, class),
        None => ruby.obj_wrap(data),
    };
    obj.freeze();
    obj.as_value()
}

/// Yields nodes one by one, creating each Ruby object only when it is reached.
struct NodeIter {
    program: Arc<Program>,
    /// Nodes still to visit (pointers into `program`'s tree, last is next).
    stack: Vec<*const Expr>,
    /// Depth-first (push the children of each visited node) or one level only.
    deep: bool,
}

impl NodeIter {
    fn new(program: &Arc<Program>, start: Vec<&Expr>, deep: bool) -> NodeIter {
        NodeIter {
            program: Arc::clone(program),
            stack: start.into_iter().rev().map(|e| e as *const Expr).collect(),
            deep,
        }
    }
}

impl Iterator for NodeIter {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        let ptr = self.stack.pop()?;
        // SAFETY: every pointer on the stack was taken from a reference into the
        // tree of `self.program` (the start nodes and, below, their children),
        // which `self.program` keeps alive and unchanged.
        let expr = unsafe { &*ptr };
        if self.deep {
            let children = expr.children();
            self.stack
                .extend(children.into_iter().rev().map(|e| e as *const Expr));
        }
        let ruby = Ruby::get().ok()?;
        Some(RbNode::wrap(&ruby, &self.program, expr))
    }
}

/// The frozen `AST::Node` for `expr`, which must be `program.body` or a node
/// reached from it.
pub(crate) fn node_value(ruby: &Ruby, program: &Arc<Program>, expr: &Expr) -> Value {
    RbNode::wrap(ruby, program, expr)
}

fn node_of(value: Value) -> R<&'static RbNode> {
    <&RbNode>::try_convert(value)
}

fn kind(rb_self: &RbNode) -> &'static str {
    rb_self.get().model_name()
}

fn children(ruby: &Ruby, rb_self: &RbNode) -> R<Value> {
    guard(ruby, || {
        let kids = rb_self.get().children();
        let ary = ruby.ary_new_capa(kids.len());
        for k in kids {
            ary.push(RbNode::wrap(ruby, &rb_self.program, k))?;
        }
        Ok(ary.as_value())
    })
}

/// Shared body of `each_child` and `each_node`: an Enumerator without a block.
fn walk(
    ruby: &Ruby,
    rb_self: Value,
    name: &'static str,
    deep: bool,
) -> R<magnus::block::Yield<NodeIter>> {
    if !ruby.block_given() {
        return Ok(magnus::block::Yield::Enumerator(
            rb_self.enumeratorize(name, ()),
        ));
    }
    let node = node_of(rb_self)?;
    let start = match (deep, node.expr()) {
        (true, Some(e)) => vec![e],
        _ => node.get().children(),
    };
    Ok(magnus::block::Yield::Iter(NodeIter::new(
        &node.program,
        start,
        deep,
    )))
}

fn each_child(ruby: &Ruby, rb_self: Value) -> R<magnus::block::Yield<NodeIter>> {
    walk(ruby, rb_self, "each_child", false)
}

fn each_node(ruby: &Ruby, rb_self: Value) -> R<magnus::block::Yield<NodeIter>> {
    walk(ruby, rb_self, "each_node", true)
}

fn offset(rb_self: &RbNode) -> usize {
    rb_self.get().span().start as usize
}

fn length(rb_self: &RbNode) -> usize {
    rb_self.get().span().len()
}

fn line(rb_self: &RbNode) -> usize {
    rb_self.program.line_col(offset(rb_self)).0
}

fn column(rb_self: &RbNode) -> usize {
    rb_self.program.line_col(offset(rb_self)).1
}

fn text(rb_self: &RbNode) -> String {
    rb_self.program.text(rb_self.get().span()).to_string()
}

/// The PN of an expression (nil for an entry, which has none of its own).
fn to_pn(ruby: &Ruby, rb_self: &RbNode) -> R<Option<String>> {
    guard(ruby, || Ok(rb_self.expr().map(|e| pn::to_pn(e).format())))
}

/// `value` of a literal: Integer, Float, String, true/false, nil for `undef`,
/// `:default` for `default`, the pattern source for a regex; nil otherwise.
fn value(ruby: &Ruby, rb_self: &RbNode) -> Value {
    use ExprKind as K;
    let Some(e) = rb_self.expr() else {
        return ruby.qnil().as_value();
    };
    match &e.kind {
        K::LiteralInteger { value, .. } => (*value).into_value_with(ruby),
        K::LiteralFloat(f) => (*f).into_value_with(ruby),
        K::LiteralBoolean(b) => (*b).into_value_with(ruby),
        K::LiteralString(s) => s.as_str().into_value_with(ruby),
        K::LiteralRegex(s) | K::RenderString(s) => s.as_str().into_value_with(ruby),
        K::LiteralDefault => ruby.to_symbol("default").as_value(),
        _ => ruby.qnil().as_value(),
    }
}

/// The name a node carries: of a name, reference or reserved word, of a
/// variable (without `$`), of a definition or type alias, and the called
/// name of a function or method call.
fn name_of(e: &Expr) -> Option<String> {
    use ExprKind as K;
    match &e.kind {
        K::QualifiedName(s) | K::QualifiedReference(s) => Some(s.to_string()),
        K::ReservedWord(s) => Some(s.clone()),
        K::Variable(x) => match &x.kind {
            K::QualifiedName(s) => Some(s.to_string()),
            K::LiteralInteger { value, .. } => Some(value.to_string()),
            _ => None,
        },
        K::HostClass(d)
        | K::ResourceTypeDefinition(d)
        | K::FunctionDefinition(d)
        | K::PlanDefinition(d) => Some(d.name.clone()),
        K::TypeAlias { name, .. } => Some(name.clone()),
        K::TypeDefinition { name, .. } => Some(name.to_string()),
        K::CallNamedFunction(c) | K::CallMethod(c) => name_of(&c.functor),
        K::NamedAccess { right, .. } => name_of(right),
        _ => None,
    }
}

fn name(rb_self: &RbNode) -> Option<String> {
    match rb_self.get() {
        Node::Expr(e) => name_of(e),
        Node::Parameter(p) => Some(p.name.clone()),
        Node::AttributeOp(AttributeOp::Set { name, .. }) => Some(name.clone()),
        _ => None,
    }
}

/// The operator of an operator expression (`"+"`, `"=="`, `"!"`, `"-"`, `"*"`)
/// or attribute operation (`"=>"`, `"+>"`), else nil.
fn operator(rb_self: &RbNode) -> Option<&'static str> {
    let e = match rb_self.get() {
        Node::Expr(e) => e,
        Node::AttributeOp(AttributeOp::Set { append, .. }) => {
            return Some(if *append { "+>" } else { "=>" })
        }
        _ => return None,
    };
    match &e.kind {
        ExprKind::Binary { op, .. } => Some(op.symbol()),
        ExprKind::Not(_) => Some("!"),
        ExprKind::UnaryMinus(_) => Some("-"),
        ExprKind::Unfold(_) => Some("*"),
        _ => None,
    }
}

/// Byte offset of a binary operator token (where the reference locates the expression).
fn operator_offset(rb_self: &RbNode) -> Option<usize> {
    match &rb_self.expr()?.kind {
        ExprKind::Binary { op_span, .. } => Some(op_span.start as usize),
        _ => None,
    }
}

fn inspect(ruby: &Ruby, rb_self: &RbNode) -> R<String> {
    guard(ruby, || {
        let node = rb_self.get();
        let span = node.span();
        let (l, c) = rb_self.program.line_col(span.start as usize);
        let mut snippet: String = rb_self.program.text(span).chars().take(40).collect();
        if snippet.len() < span.len() {
            snippet.push_str("...");
        }
        Ok(format!(
            "#<PuppetTypes::AST::Node {} {}:{} {:?}>",
            node.model_name(),
            l,
            c,
            snippet
        ))
    })
}

/// Same program (by identity) and same node of it.
fn eq(rb_self: &RbNode, other: Value) -> bool {
    match node_of(other) {
        Ok(o) => Arc::ptr_eq(&rb_self.program, &o.program) && rb_self.node == o.node,
        Err(_) => false,
    }
}

fn hash(rb_self: &RbNode) -> i64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (Arc::as_ptr(&rb_self.program) as usize).hash(&mut h);
    rb_self.get().span().hash(&mut h);
    rb_self.get().model_name().hash(&mut h);
    // Ruby wants a Fixnum; keep it in range.
    (h.finish() >> 2) as i64
}

fn ast_root(ruby: &Ruby, rb_self: &RbAst) -> Value {
    RbNode::wrap(ruby, &rb_self.program, &rb_self.program.body)
}

fn ast_each_node(ruby: &Ruby, rb_self: Value) -> R<magnus::block::Yield<NodeIter>> {
    if !ruby.block_given() {
        return Ok(magnus::block::Yield::Enumerator(
            rb_self.enumeratorize("each_node", ()),
        ));
    }
    let ast = <&RbAst>::try_convert(rb_self)?;
    Ok(magnus::block::Yield::Iter(NodeIter::new(
        &ast.program,
        vec![&ast.program.body],
        true,
    )))
}

/// Define `PuppetTypes::AST::Node` and `AST#root`, `AST#each_node`
/// (after `PuppetTypes::AST` is defined).
pub fn init(ruby: &Ruby, module: RModule) -> R<()> {
    let ast: RClass = module.const_get("AST")?;
    ast.define_method("root", method!(ast_root, 0))?;
    ast.define_method("each_node", method!(ast_each_node, 0))?;

    let node = ast.define_class("Node", ruby.class_object())?;
    node.undef_default_alloc_func();
    node.include_module(ruby.module_enumerable())?;
    node.define_method("kind", method!(kind, 0))?;
    node.define_method("children", method!(children, 0))?;
    node.define_method("each_child", method!(each_child, 0))?;
    node.define_method("each", method!(each_child, 0))?;
    node.define_method("each_node", method!(each_node, 0))?;
    node.define_method("offset", method!(offset, 0))?;
    node.define_method("length", method!(length, 0))?;
    node.define_method("line", method!(line, 0))?;
    node.define_method("column", method!(column, 0))?;
    node.define_method("text", method!(text, 0))?;
    node.define_method("to_pn", method!(to_pn, 0))?;
    node.define_method("value", method!(value, 0))?;
    node.define_method("name", method!(name, 0))?;
    node.define_method("operator", method!(operator, 0))?;
    node.define_method("operator_offset", method!(operator_offset, 0))?;
    node.define_method("inspect", method!(inspect, 0))?;
    node.define_method("==", method!(eq, 1))?;
    node.define_method("eql?", method!(eq, 1))?;
    node.define_method("hash", method!(hash, 0))?;
    super::ast_model::init(ruby, ast, node)?;
    Ok(())
}
