//! Resource expressions: declarations (`file { 'x': ... }`, virtual `@`,
//! exported `@@`, several bodies, `class { 'x': }`), defaults (`File { ... }`),
//! overrides (`File['x'] { ... }`), attribute operations (`=>`, `+>`, `* =>`)
//! and collectors (`File <| query |> { ... }`, `<<| |>>`).

use super::{block_or_expression, Parser};
use crate::error::Result;
use crate::syntax::ast::{
    AttributeOp, Call, Expr, ExprKind, KeyedEntry, ResourceBody, ResourceForm,
};
use crate::syntax::span::Span;
use crate::syntax::token::TokenKind as T;

/// Keywords that may name an attribute.
fn is_attribute_keyword(k: T) -> bool {
    matches!(
        k,
        T::And
            | T::Case
            | T::Class
            | T::Default
            | T::Define
            | T::Else
            | T::Elsif
            | T::If
            | T::In
            | T::Inherits
            | T::Node
            | T::Or
            | T::Undef
            | T::Unless
            | T::Type
            | T::Attr
            | T::Function
            | T::Private
            | T::Plan
            | T::Apply
    )
}

impl<'a> Parser<'a> {
    /// The grammar's `resource` level: `@`/`@@` prefixes, `class { }` and an
    /// expression followed by resource bodies.
    pub(super) fn resource(&mut self) -> Result<Expr> {
        self.enter()?;
        let r = crate::stack::deep(|| self.resource_inner());
        self.leave();
        r
    }

    fn resource_inner(&mut self) -> Result<Expr> {
        let mut e = match self.kind() {
            T::At | T::AtAt => {
                let t = self.bump();
                let (form, what) = if t.kind == T::At {
                    (ResourceForm::Virtual, "Virtual (@)")
                } else {
                    (ResourceForm::Exported, "Exported (@@)")
                };
                let mut inner = self.resource()?;
                match &mut inner.kind {
                    ExprKind::Resource { form: f, .. }
                    | ExprKind::ResourceDefaults { form: f, .. }
                    | ExprKind::ResourceOverride { form: f, .. } => *f = form,
                    _ => {
                        return Err(self.error_at(
                            format!("{what} can only be applied to a Resource Expression"),
                            t.span,
                        ))
                    }
                }
                inner.span = t.span.cover(inner.span);
                return Ok(inner);
            }
            T::Class if self.peek_kind(1) == T::LBrace => {
                let start = self.advance();
                let type_name = Expr::new(ExprKind::QualifiedName("class".into()), start);
                self.advance();
                let bodies = self.titled_bodies()?;
                let end = self.expect_span(T::RBrace, "'}'")?;
                Expr::new(
                    ExprKind::Resource {
                        form: ResourceForm::Regular,
                        type_name: Box::new(type_name),
                        bodies,
                    },
                    start.cover(end),
                )
            }
            _ => self.expression()?,
        };
        while self.at(T::LBrace) {
            e = self.resource_rest(e)?;
        }
        Ok(e)
    }

    /// True when the tokens at the cursor start an attribute operation.
    fn at_attribute_op(&self) -> bool {
        let k = self.kind();
        let next = self.peek_kind(1);
        if k == T::Times {
            return next == T::FArrow;
        }
        (k == T::Name || is_attribute_keyword(k)) && matches!(next, T::FArrow | T::PArrow)
    }

    /// `left { ... }`: a resource, defaults, override, or a call with a hash.
    fn resource_rest(&mut self, left: Expr) -> Result<Expr> {
        let lbrace = self.advance();
        // keywords that cannot start a title can only be attribute names
        let attr_only = matches!(
            self.kind(),
            T::And | T::Else | T::Elsif | T::In | T::Inherits | T::Or
        );
        if self.at(T::RBrace) || self.at(T::Comma) || attr_only || self.at_attribute_op() {
            let ops = self.attribute_operations()?;
            let end = self.expect_span(T::RBrace, "'}' or ','")?;
            let span = left.span.cover(end);
            return match &left.kind {
                ExprKind::QualifiedName(_) => self.untitled_resource(left, ops, lbrace.cover(end)),
                ExprKind::QualifiedReference(_) => Ok(Expr::new(
                    ExprKind::ResourceDefaults {
                        form: ResourceForm::Regular,
                        type_ref: Box::new(left),
                        operations: ops,
                    },
                    span,
                )),
                ExprKind::Access { .. } => Ok(Expr::new(
                    ExprKind::ResourceOverride {
                        form: ResourceForm::Regular,
                        resources: Box::new(left),
                        operations: ops,
                    },
                    span,
                )),
                _ => Err(self.error_at(
                    "Expression is not valid as a resource, resource-default, or resource-override",
                    left.span,
                )),
            };
        }
        let bodies = self.titled_bodies()?;
        let end = self.expect_span(T::RBrace, "'}'")?;
        let span = left.span.cover(end);
        Ok(Expr::new(
            ExprKind::Resource {
                form: ResourceForm::Regular,
                type_name: Box::new(left),
                bodies,
            },
            span,
        ))
    }

    /// `name { a => 1 }`: a statement call with a hash, or the name followed by a hash
    /// (which the validator rejects as a resource without a title).
    fn untitled_resource(
        &mut self,
        left: Expr,
        ops: Vec<AttributeOp>,
        braces: Span,
    ) -> Result<Expr> {
        let mut entries = Vec::new();
        for op in ops {
            match op {
                AttributeOp::Set {
                    span,
                    name,
                    append: false,
                    value,
                } => {
                    let key_span = Span::new(span.start as usize, span.start as usize + name.len());
                    entries.push(KeyedEntry {
                        span,
                        key: Expr::new(
                            ExprKind::LiteralString(crate::syntax::ast::node_text(&name)),
                            key_span,
                        ),
                        value,
                    })
                }
                _ => {
                    return Err(self.error_at(
                        "Syntax error resource body without title or hash with +>",
                        Span::at(braces.start as usize),
                    ))
                }
            }
        }
        let hash = Expr::new(
            ExprKind::LiteralHash {
                entries,
                unfolded: false,
            },
            braces,
        );
        let span = left.span.cover(braces);
        if let ExprKind::QualifiedName(n) = &left.kind {
            if super::stmt::is_statement_call(n) {
                return Ok(Expr::new(
                    ExprKind::CallNamedFunction(Box::new(Call {
                        functor: Box::new(left),
                        args: vec![hash],
                        lambda: None,
                        rval_required: false,
                    })),
                    span,
                ));
            }
        }
        Ok(block_or_expression(vec![left, hash], None)
            .map(|b| *b)
            .unwrap_or_else(|| Expr::new(ExprKind::Nop, span)))
    }

    /// `title: ops; title: ops; ...` up to (not including) the closing `}`.
    fn titled_bodies(&mut self) -> Result<Vec<ResourceBody>> {
        let mut bodies = Vec::new();
        loop {
            let title = self.expression()?;
            self.expect(T::Colon, "':'")?;
            let operations = self.attribute_operations()?;
            let end = operations.last().map_or(title.span, |o| o.span());
            bodies.push(ResourceBody {
                span: title.span.cover(end),
                title,
                operations,
            });
            if self.eat(T::Semic) && !self.at(T::RBrace) {
                continue;
            }
            return Ok(bodies);
        }
    }

    /// Attribute operations separated by `,` (a trailing `,` allowed).
    fn attribute_operations(&mut self) -> Result<Vec<AttributeOp>> {
        let mut ops = Vec::new();
        let op_start = |k: T| k == T::Name || k == T::Times || is_attribute_keyword(k);
        loop {
            if !op_start(self.kind()) {
                // `{ , a => 1 }`: an empty list, then `, op` (or a lone trailing comma)
                if ops.is_empty() && self.eat(T::Comma) && op_start(self.kind()) {
                    continue;
                }
                break;
            }
            let name = self.bump();
            let op = self.bump_if_arrow(name.kind == T::Times)?;
            let value = self.expression()?;
            let span = name.span.cover(value.span);
            ops.push(if name.kind == T::Times {
                AttributeOp::Splat { span, expr: value }
            } else {
                AttributeOp::Set {
                    span,
                    name: name.text().to_string(),
                    append: op.kind == T::PArrow,
                    value,
                }
            });
            if !self.eat(T::Comma) {
                break;
            }
        }
        Ok(ops)
    }

    /// The `=>` (or `+>` unless `splat`) of an attribute operation.
    fn bump_if_arrow(&mut self, splat: bool) -> Result<crate::syntax::token::Token<'a>> {
        match self.kind() {
            T::FArrow => Ok(self.bump()),
            T::PArrow if !splat => Ok(self.bump()),
            _ => Err(self.syntax_error(if splat { "'=>'" } else { "'=>' or '+>'" })),
        }
    }

    /// `left <| query |> { ops }` or `left <<| query |>> { ops }`.
    pub(super) fn collect(&mut self, left: Expr) -> Result<Expr> {
        let open = self.bump();
        let close = if open.kind == T::LCollect {
            T::RCollect
        } else {
            T::RRCollect
        };
        let query = if self.at(close) {
            None
        } else {
            Some(Box::new(self.expression()?))
        };
        let end = self
            .expect(
                close,
                if close == T::RCollect {
                    "'|>'"
                } else {
                    "'|>>'"
                },
            )?
            .span;
        let qspan = open.span.cover(end);
        let query = Expr::new(
            if close == T::RCollect {
                ExprKind::VirtualQuery(query)
            } else {
                ExprKind::ExportedQuery(query)
            },
            qspan,
        );
        let mut span = left.span.cover(qspan);
        let mut operations = Vec::new();
        if self.at(T::LBrace) {
            self.advance();
            operations = self.attribute_operations()?;
            span = span.cover(self.expect_span(T::RBrace, "'}' or ','")?);
        }
        Ok(Expr::new(
            ExprKind::Collect {
                type_expr: Box::new(left),
                query: Box::new(query),
                operations,
            },
            span,
        ))
    }
}
