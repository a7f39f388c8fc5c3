//! Definitions: `class`, `define`, `node`, `function`, `plan`, `apply`, type
//! aliases, mappings and definitions, parameter lists and lambdas.
//!
//! Classes and plans nested in classes get names qualified by the enclosing
//! class names (`class a { class b {} }` defines `a::b`), as do defines.

use super::Parser;
use crate::error::Result;
use crate::syntax::ast::{node_text, Definition, Expr, ExprKind, KeyedEntry, Lambda, Parameter};
use crate::syntax::span::Span;
use crate::syntax::token::TokenKind as T;

impl<'a> Parser<'a> {
    /// A class, define or function name.
    fn classname(&mut self) -> Result<(String, Span)> {
        match self.kind() {
            T::Name | T::Word | T::ClassRef => {
                let t = self.bump();
                Ok((t.text().to_string(), t.span))
            }
            T::Class => {
                Err(self.error_at("'class' keyword not allowed at this location", self.span()))
            }
            T::String => {
                Err(self.error_at("A quoted string is not valid as a name here", self.span()))
            }
            _ => Err(self.syntax_error("a name")),
        }
    }

    /// `name` qualified by the enclosing class names.
    fn qualified(&self, name: &str) -> String {
        let mut s = self.namestack.join("::");
        if !s.is_empty() {
            s.push_str("::");
        }
        s.push_str(name);
        s.strip_prefix("::").map(str::to_string).unwrap_or(s)
    }

    /// `(params)` or nothing.
    fn parameter_list(&mut self) -> Result<Vec<Parameter>> {
        if !matches!(self.kind(), T::LParen | T::WsLParen) {
            return Ok(Vec::new());
        }
        self.advance();
        let params = if self.at(T::RParen) {
            Vec::new()
        } else {
            self.parameters(T::RParen)?
        };
        self.expect(T::RParen, "')' or ','")?;
        Ok(params)
    }

    /// Parameters separated by `,` (trailing `,` allowed) before `close`.
    pub(super) fn parameters(&mut self, close: T) -> Result<Vec<Parameter>> {
        let mut params = vec![self.parameter()?];
        while self.eat(T::Comma) {
            if self.at(close) {
                break;
            }
            params.push(self.parameter()?);
        }
        Ok(params)
    }

    /// `Type *$name = value`.
    fn parameter(&mut self) -> Result<Parameter> {
        let type_expr = if self.at(T::ClassRef) {
            Some(Box::new(self.parameter_type()?))
        } else {
            None
        };
        let captures_rest = self.eat(T::Times);
        let var = self.expect(T::Variable, "a parameter variable")?;
        let value = if self.eat(T::Equals) {
            Some(Box::new(self.expression()?))
        } else {
            None
        };
        Ok(Parameter {
            span: var.span,
            name: var.text().to_string(),
            type_expr,
            value,
            captures_rest,
        })
    }

    /// `Type` or `Type[args]` (a parameter or return type).
    fn parameter_type(&mut self) -> Result<Expr> {
        let t = self.expect(T::ClassRef, "a type")?;
        let qr = Expr::new(ExprKind::QualifiedReference(node_text(t.text())), t.span);
        if !self.at(T::LBrack) {
            return Ok(qr);
        }
        self.advance();
        self.enter()?;
        let access = crate::stack::deep(|| self.access_tail(qr, false));
        self.leave();
        access
    }

    /// `>> Type` or nothing.
    fn opt_return_type(&mut self) -> Result<Option<Box<Expr>>> {
        if self.eat(T::RShift) {
            Ok(Some(Box::new(self.parameter_type()?)))
        } else {
            Ok(None)
        }
    }

    /// `|params| >> Type { body }`.
    pub(super) fn lambda(&mut self) -> Result<Expr> {
        let start = self.advance();
        let parameters = if self.at(T::Pipe) {
            Vec::new()
        } else {
            self.parameters(T::Pipe)?
        };
        self.expect(T::Pipe, "'|' or ','")?;
        let return_type = self.opt_return_type()?;
        let (body, end) = self.braced_block()?;
        Ok(Expr::new(
            ExprKind::Lambda(Box::new(Lambda {
                parameters,
                body,
                return_type,
            })),
            start.cover(end),
        ))
    }

    /// `class name(params) inherits parent { body }`.
    pub(super) fn class_def(&mut self) -> Result<Expr> {
        let start = self.advance();
        let (name, name_span) = self.classname()?;
        let full = self.qualified(&name);
        self.namestack.push(name);
        let r = self.class_rest(start, full, name_span);
        self.namestack.pop();
        r
    }

    fn class_rest(&mut self, start: Span, name: String, name_span: Span) -> Result<Expr> {
        let parameters = self.parameter_list()?;
        let parent = if self.eat(T::Inherits) {
            match self.kind() {
                T::Default => {
                    self.advance();
                    Some("default".to_string())
                }
                _ => Some(self.classname()?.0),
            }
        } else {
            None
        };
        let (body, end) = self.braced_block()?;
        Ok(Expr::new(
            ExprKind::HostClass(Box::new(Definition {
                name,
                name_span,
                parameters,
                body,
                parent,
                return_type: None,
            })),
            start.cover(end),
        ))
    }

    /// `define name(params) { body }`.
    pub(super) fn define_def(&mut self) -> Result<Expr> {
        let start = self.advance();
        let (name, name_span) = self.classname()?;
        let name = self.qualified(&name);
        let parameters = self.parameter_list()?;
        let (body, end) = self.braced_block()?;
        Ok(Expr::new(
            ExprKind::ResourceTypeDefinition(Box::new(Definition {
                name,
                name_span,
                parameters,
                body,
                parent: None,
                return_type: None,
            })),
            start.cover(end),
        ))
    }

    /// `plan name(params) { body }` (tasks mode).
    pub(super) fn plan_def(&mut self) -> Result<Expr> {
        let start = self.advance();
        let (name, name_span) = self.classname()?;
        let full = self.qualified(&name);
        self.namestack.push(name);
        let r = (|| {
            let parameters = self.parameter_list()?;
            let (body, end) = self.braced_block()?;
            Ok(Expr::new(
                ExprKind::PlanDefinition(Box::new(Definition {
                    name: full,
                    name_span,
                    parameters,
                    body,
                    parent: None,
                    return_type: None,
                })),
                start.cover(end),
            ))
        })();
        self.namestack.pop();
        r
    }

    /// `apply(args) { body }` (tasks mode).
    pub(super) fn apply_expr(&mut self) -> Result<Expr> {
        let start = self.advance();
        self.expect(T::LParen, "'('")?;
        let arguments = self.call_args()?;
        self.expect(T::LBrace, "'{'")?;
        let body = self.statements_until(T::RBrace)?;
        let end = self.expect_span(T::RBrace, "'}'")?;
        Ok(Expr::new(
            ExprKind::Apply { arguments, body },
            start.cover(end),
        ))
    }

    /// `function name(params) >> Type { body }`.
    pub(super) fn function_def(&mut self) -> Result<Expr> {
        let start = self.advance();
        let (name, name_span) = self.classname()?;
        let parameters = self.parameter_list()?;
        let return_type = self.opt_return_type()?;
        let (body, end) = self.braced_block()?;
        Ok(Expr::new(
            ExprKind::FunctionDefinition(Box::new(Definition {
                name,
                name_span,
                parameters,
                body,
                parent: None,
                return_type,
            })),
            start.cover(end),
        ))
    }

    /// `node a, 'b', /c/, default inherits p { body }`.
    pub(super) fn node_def(&mut self) -> Result<Expr> {
        let start = self.advance();
        let mut host_matches = vec![self.hostname()?];
        while self.eat(T::Comma) {
            if self.at(T::LBrace) || self.at(T::Inherits) {
                break;
            }
            host_matches.push(self.hostname()?);
        }
        let parent = if self.eat(T::Inherits) {
            Some(Box::new(self.hostname()?))
        } else {
            None
        };
        let (body, end) = self.braced_block()?;
        Ok(Expr::new(
            ExprKind::NodeDefinition {
                host_matches,
                parent,
                body,
            },
            start.cover(end),
        ))
    }

    /// A node matcher: a dotted name, a string, `default` or a regex.
    fn hostname(&mut self) -> Result<Expr> {
        let span = self.span();
        match self.kind() {
            T::Name | T::Number => {
                let mut text = self.bump().text().to_string();
                let mut end = span;
                while self.at(T::Dot) && matches!(self.peek_kind(1), T::Name | T::Number) {
                    self.advance();
                    let t = self.bump();
                    text.push('.');
                    text.push_str(t.text());
                    end = t.span;
                }
                Ok(Expr::new(
                    ExprKind::LiteralString(node_text(&text)),
                    span.cover(end),
                ))
            }
            T::String | T::Word => {
                let t = self.bump();
                Ok(Expr::new(
                    ExprKind::LiteralString(node_text(t.text())),
                    span,
                ))
            }
            T::DqPre => self.dq_string(),
            T::Heredoc => self.heredoc(),
            T::Default => {
                self.advance();
                Ok(Expr::new(ExprKind::LiteralDefault, span))
            }
            T::Regex => self.literal(),
            _ => Err(self.syntax_error("a node name")),
        }
    }

    /// What starts with `type`: a call `type(...)`, a type alias or mapping
    /// `type T = ...`, or a type definition `type T inherits P { }`.
    pub(super) fn type_expr_statement(&mut self) -> Result<Expr> {
        let start = self.span();
        if self.peek_kind(1) == T::LParen {
            let t = self.bump();
            return Ok(Expr::new(
                ExprKind::QualifiedName(node_text(t.text())),
                t.span,
            ));
        }
        if self.peek_kind(1) == T::ClassRef && matches!(self.peek_kind(2), T::LBrace | T::Inherits)
        {
            self.advance();
            let name = self.bump().text().to_string();
            let parent = if self.eat(T::Inherits) {
                self.expect(T::ClassRef, "a type name")?.text().to_string()
            } else {
                String::new()
            };
            self.expect(T::LBrace, "'{'")?;
            let stmts = self.statements_until(T::RBrace)?;
            let end = self.expect_span(T::RBrace, "'}'")?;
            let body = if stmts.is_empty() {
                None
            } else {
                Some(Expr::boxed(ExprKind::Block(stmts), start.cover(end)))
            };
            return Ok(Expr::new(
                ExprKind::TypeDefinition {
                    name: name.into(),
                    parent: parent.into(),
                    body,
                },
                start.cover(end),
            ));
        }
        self.advance();
        let lhs = self.parameter_type()?;
        self.expect(T::Equals, "'='")?;
        let rhs = match self.kind() {
            T::ClassRef => self.parameter_type_or_hash()?,
            T::LBrace => {
                let h = self.hash()?;
                object_of(h, None)
            }
            T::ListStart | T::LBrack => self.array()?,
            _ => return Err(self.syntax_error("a type")),
        };
        // the reference locates an alias or mapping at its left-hand side
        let span = lhs.span.cover(rhs.span);
        Ok(match &lhs.kind {
            ExprKind::QualifiedReference(name) => Expr::new(
                ExprKind::TypeAlias {
                    name: name.to_string(),
                    type_expr: Box::new(rhs),
                },
                span,
            ),
            _ => Expr::new(
                ExprKind::TypeMapping {
                    type_expr: Box::new(lhs),
                    mapping: Box::new(rhs),
                },
                span,
            ),
        })
    }

    /// `Type`, `Type[args]` or `Type { hash }` on the right of a type alias.
    fn parameter_type_or_hash(&mut self) -> Result<Expr> {
        let t = self.expect(T::ClassRef, "a type")?;
        let qr = Expr::new(ExprKind::QualifiedReference(node_text(t.text())), t.span);
        match self.kind() {
            T::LBrack => {
                self.advance();
                self.enter()?;
                let access = crate::stack::deep(|| self.access_tail(qr, true));
                self.leave();
                access
            }
            T::LBrace => {
                let h = self.hash()?;
                Ok(object_of(h, Some(qr)))
            }
            _ => Ok(qr),
        }
    }
}

/// `type T = P { hash }` and `type T = { hash }` become `Object[{ ..., parent => P }]`.
fn object_of(mut hash: Expr, parent: Option<Expr>) -> Expr {
    let span = match &parent {
        Some(p) => p.span.cover(hash.span),
        None => hash.span,
    };
    let left = match parent {
        Some(p) => match &p.kind {
            ExprKind::QualifiedReference(n) if n == "Object" || n == "TypeSet" => p,
            _ => {
                if let ExprKind::LiteralHash { entries, .. } = &mut hash.kind {
                    let key = Expr::new(ExprKind::QualifiedName("parent".into()), p.span);
                    entries.push(KeyedEntry {
                        span: p.span,
                        key,
                        value: p,
                    });
                }
                Expr::new(ExprKind::QualifiedReference("Object".into()), span)
            }
        },
        None => Expr::new(ExprKind::QualifiedReference("Object".into()), span),
    };
    Expr::new(
        ExprKind::Access {
            left: Box::new(left),
            keys: vec![hash],
        },
        span,
    )
}
