//! The one walk over the syntax tree: for each kind of node, the list of what
//! it contains, written once ([`walk_expr`] and the `walk_*` functions of the
//! parts of nodes). A [`Visitor`] overrides the `visit_*` methods it cares
//! about and calls the matching `walk_*` function to go on into the children
//! (as ruff's `source_order` visitor does).
//!
//! Children come in the order of the reference's model, which is the source
//! order except that a lambda's or a definition's body comes before its
//! return type. [`Expr::children`] lists the expressions directly below a node
//! through this walk; the validator, the Ruby binding's lazy `AST::Node` and
//! the tests walk with it.

use crate::syntax::ast::{
    AttributeOp, CaseOption, Expr, ExprKind, KeyedEntry, Parameter, ResourceBody, SelectorEntry,
};
use smallvec::SmallVec;

/// What a walk does at each node; every method's default goes on into the
/// node's children.
pub trait Visitor<'a> {
    /// An expression.
    fn visit_expr(&mut self, e: &'a Expr) {
        walk_expr(self, e);
    }

    /// A parameter of a lambda or definition.
    fn visit_parameter(&mut self, p: &'a Parameter) {
        walk_parameter(self, p);
    }

    /// A `key => value` entry of a hash literal.
    fn visit_hash_entry(&mut self, en: &'a KeyedEntry) {
        walk_hash_entry(self, en);
    }

    /// A `match => value` entry of a selector.
    fn visit_selector_entry(&mut self, en: &'a SelectorEntry) {
        walk_selector_entry(self, en);
    }

    /// A `values: { body }` option of a case expression.
    fn visit_case_option(&mut self, o: &'a CaseOption) {
        walk_case_option(self, o);
    }

    /// A `title: operations` body of a resource expression.
    fn visit_resource_body(&mut self, b: &'a ResourceBody) {
        walk_resource_body(self, b);
    }

    /// An attribute operation (`name => value`, `name +> value`, `* => hash`).
    fn visit_attribute_op(&mut self, op: &'a AttributeOp) {
        walk_attribute_op(self, op);
    }
}

/// Visits the parts of `e`, in the model's order.
pub fn walk_expr<'a, V: Visitor<'a> + ?Sized>(v: &mut V, e: &'a Expr) {
    use ExprKind as K;
    let opt = |v: &mut V, x: &'a Option<Box<Expr>>| {
        if let Some(x) = x {
            v.visit_expr(x);
        }
    };
    match &e.kind {
        K::Variable(x)
        | K::Text(x)
        | K::Not(x)
        | K::UnaryMinus(x)
        | K::Unfold(x)
        | K::Paren(x)
        | K::Render(x) => v.visit_expr(x),
        K::LiteralList(xs) | K::ConcatenatedString(xs) | K::Block(xs) => {
            xs.iter().for_each(|x| v.visit_expr(x));
        }
        K::LiteralHash { entries, .. } => entries.iter().for_each(|en| v.visit_hash_entry(en)),
        K::Heredoc { text, .. } => v.visit_expr(text),
        K::Access { left, keys } => {
            v.visit_expr(left);
            keys.iter().for_each(|k| v.visit_expr(k));
        }
        K::NamedAccess { left, right } | K::Binary { left, right, .. } => {
            v.visit_expr(left);
            v.visit_expr(right);
        }
        K::Selector { left, entries } => {
            v.visit_expr(left);
            entries.iter().for_each(|en| v.visit_selector_entry(en));
        }
        K::Case { test, options } => {
            v.visit_expr(test);
            options.iter().for_each(|o| v.visit_case_option(o));
        }
        K::If {
            test,
            then_expr,
            else_expr,
        }
        | K::Unless {
            test,
            then_expr,
            else_expr,
        } => {
            v.visit_expr(test);
            opt(v, then_expr);
            opt(v, else_expr);
        }
        K::CallNamedFunction(c) | K::CallMethod(c) => {
            v.visit_expr(&c.functor);
            c.args.iter().for_each(|a| v.visit_expr(a));
            opt(v, &c.lambda);
        }
        K::Lambda(l) => {
            l.parameters.iter().for_each(|p| v.visit_parameter(p));
            opt(v, &l.body);
            opt(v, &l.return_type);
        }
        K::Resource {
            type_name, bodies, ..
        } => {
            v.visit_expr(type_name);
            bodies.iter().for_each(|b| v.visit_resource_body(b));
        }
        K::ResourceDefaults {
            type_ref: x,
            operations,
            ..
        }
        | K::ResourceOverride {
            resources: x,
            operations,
            ..
        } => {
            v.visit_expr(x);
            operations.iter().for_each(|op| v.visit_attribute_op(op));
        }
        K::Collect {
            type_expr,
            query,
            operations,
        } => {
            v.visit_expr(type_expr);
            v.visit_expr(query);
            operations.iter().for_each(|op| v.visit_attribute_op(op));
        }
        K::VirtualQuery(q) | K::ExportedQuery(q) => opt(v, q),
        K::HostClass(d)
        | K::ResourceTypeDefinition(d)
        | K::FunctionDefinition(d)
        | K::PlanDefinition(d) => {
            d.parameters.iter().for_each(|p| v.visit_parameter(p));
            opt(v, &d.body);
            opt(v, &d.return_type);
        }
        K::NodeDefinition {
            host_matches,
            parent,
            body,
        } => {
            host_matches.iter().for_each(|h| v.visit_expr(h));
            opt(v, parent);
            opt(v, body);
        }
        K::TypeAlias { type_expr, .. } => v.visit_expr(type_expr),
        K::TypeMapping { type_expr, mapping } => {
            v.visit_expr(type_expr);
            v.visit_expr(mapping);
        }
        K::TypeDefinition { body, .. } | K::Epp { body, .. } => opt(v, body),
        K::Apply { arguments, body } => {
            arguments
                .iter()
                .chain(body.iter())
                .for_each(|x| v.visit_expr(x));
        }
        K::Nop
        | K::LiteralUndef
        | K::LiteralDefault
        | K::LiteralBoolean(_)
        | K::LiteralInteger { .. }
        | K::LiteralFloat(_)
        | K::LiteralString(_)
        | K::LiteralRegex(_)
        | K::QualifiedName(_)
        | K::QualifiedReference(_)
        | K::ReservedWord(_)
        | K::RenderString(_) => {}
    }
}

/// Visits a parameter's type and default value.
pub fn walk_parameter<'a, V: Visitor<'a> + ?Sized>(v: &mut V, p: &'a Parameter) {
    if let Some(t) = &p.type_expr {
        v.visit_expr(t);
    }
    if let Some(x) = &p.value {
        v.visit_expr(x);
    }
}

/// Visits a hash entry's key and value.
pub fn walk_hash_entry<'a, V: Visitor<'a> + ?Sized>(v: &mut V, en: &'a KeyedEntry) {
    v.visit_expr(&en.key);
    v.visit_expr(&en.value);
}

/// Visits a selector entry's matching expression and value.
pub fn walk_selector_entry<'a, V: Visitor<'a> + ?Sized>(v: &mut V, en: &'a SelectorEntry) {
    v.visit_expr(&en.matching);
    v.visit_expr(&en.value);
}

/// Visits a case option's values and body.
pub fn walk_case_option<'a, V: Visitor<'a> + ?Sized>(v: &mut V, o: &'a CaseOption) {
    o.values.iter().for_each(|x| v.visit_expr(x));
    if let Some(x) = &o.then_expr {
        v.visit_expr(x);
    }
}

/// Visits a resource body's title and operations.
pub fn walk_resource_body<'a, V: Visitor<'a> + ?Sized>(v: &mut V, b: &'a ResourceBody) {
    v.visit_expr(&b.title);
    b.operations.iter().for_each(|op| v.visit_attribute_op(op));
}

/// Visits an attribute operation's value.
pub fn walk_attribute_op<'a, V: Visitor<'a> + ?Sized>(v: &mut V, op: &'a AttributeOp) {
    match op {
        AttributeOp::Set { value, .. } => v.visit_expr(value),
        AttributeOp::Splat { expr, .. } => v.visit_expr(expr),
    }
}

/// The expressions directly below a node (most nodes have a few: they stay
/// on the stack).
pub type Children<'a> = SmallVec<[&'a Expr; 4]>;

/// [`Expr::children`]: collects the expressions the walk meets first, without
/// going below them.
struct Collect<'a>(Children<'a>);

impl<'a> Visitor<'a> for Collect<'a> {
    fn visit_expr(&mut self, e: &'a Expr) {
        self.0.push(e);
    }
}

impl Expr {
    /// The expressions directly contained in this node (including those inside
    /// its entries, bodies, operations and parameters), in the order of
    /// [`walk_expr`].
    pub fn children(&self) -> Children<'_> {
        let mut c = Collect(SmallVec::new());
        walk_expr(&mut c, self);
        c.0
    }
}
