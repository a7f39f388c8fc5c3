//! Validation of a parsed program: what the reference's validator
//! (`Checker4_0`, run by `EvaluatingParser#parse_string`) rejects after a
//! successful parse, with the reference's messages and positions.
//!
//! Checked: statements without effect that are not last, resources without
//! title, definition bodies ending in a value, assignments to non-variables,
//! numeric and cross-namespace variables and `+=`/`-=`, non-value expressions
//! used as values, definitions nested where not allowed, definition, variable
//! and parameter names, duplicate and reserved parameters, captures-rest,
//! virtual/exported defaults and classes, `+>` outside overrides and
//! collectors, duplicate `default`s, collector queries, node names and
//! inheritance, type aliases and mappings, function call functors, reserved
//! words, static heredoc text with a `json`, `base64` or `pp` syntax; duplicate
//! literal hash keys are warnings.

use crate::error::{Error, Result};
use crate::syntax::ast::{
    AttributeOp, BinaryOp, CaseOption, Definition, Expr, ExprKind, Parameter, Program, ResourceForm,
};
use crate::syntax::span::Span;

/// Validates a program. One error is returned as is; several become the
/// reference's `Language validation logged N errors[, and M warnings]. Giving up`,
/// positioned at the first and naming it.
pub fn validate(program: &Program) -> Result<()> {
    let Report {
        mut errors,
        warnings,
    } = check(program);
    match errors.len() {
        0 => Ok(()),
        1 => Err(errors.remove(0)),
        n => {
            let first = errors.remove(0);
            let warned = match warnings.len() {
                0 => String::new(),
                m => format!(", and {m} warnings"),
            };
            // the reference gives no position here; the first error's is more useful
            Err(Error::at(
                first.kind,
                format!(
                    "Language validation logged {n} errors{warned}. Giving up (first: {})",
                    first.message
                ),
                first.span,
            ))
        }
    }
}

/// What the validator found: errors, and warnings (which do not fail a parse).
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Errors, in the reference's order.
    pub errors: Vec<Error>,
    /// Warnings: duplicate literal hash keys.
    pub warnings: Vec<Error>,
}

/// Every validation error of a program, in the reference's order.
pub fn validate_all(program: &Program) -> Vec<Error> {
    check(program).errors
}

/// Runs every check of the validator on a program.
pub fn check(program: &Program) -> Report {
    let mut v = Checker {
        errors: Vec::new(),
        warnings: Vec::new(),
        path: Vec::new(),
        source: &program.source,
    };
    v.visit(&program.body);
    Report {
        errors: v.errors,
        warnings: v.warnings,
    }
}

/// A literal hash key, compared as the reference compares Ruby hash keys.
#[derive(PartialEq, Eq, Hash)]
enum LitKey<'a> {
    Str(&'a str),
    Int(i64),
    Float(u64),
    Bool(bool),
    Undef,
    Default,
    Regex(&'a str),
    List(Vec<LitKey<'a>>),
    Hash(Vec<(LitKey<'a>, LitKey<'a>)>),
}

/// The literal value of a hash key, `None` when it is not a literal.
fn literal_key(e: &Expr) -> Option<LitKey<'_>> {
    use ExprKind as K;
    Some(match &e.kind {
        K::LiteralString(s) | K::QualifiedName(s) => LitKey::Str(s),
        K::LiteralInteger { value, .. } => LitKey::Int(*value),
        K::LiteralFloat(f) => LitKey::Float(f.to_bits()),
        K::LiteralBoolean(b) => LitKey::Bool(*b),
        K::LiteralUndef => LitKey::Undef,
        K::LiteralDefault => LitKey::Default,
        K::LiteralRegex(r) => LitKey::Regex(r),
        K::ConcatenatedString(segs) => match segs.as_slice() {
            [Expr {
                kind: K::LiteralString(s),
                ..
            }] => LitKey::Str(s),
            _ => return None,
        },
        K::LiteralList(v) => LitKey::List(v.iter().map(literal_key).collect::<Option<_>>()?),
        K::LiteralHash { entries, .. } => LitKey::Hash(
            entries
                .iter()
                .map(|en| Some((literal_key(&en.key)?, literal_key(&en.value)?)))
                .collect::<Option<_>>()?,
        ),
        _ => return None,
    })
}

/// Text of a literal key as the reference shows it in the duplicate key warning.
fn key_text(e: &Expr, source: &str) -> String {
    match &e.kind {
        ExprKind::LiteralString(s) | ExprKind::QualifiedName(s) => s.to_string(),
        _ => source.get(e.span.range()).unwrap_or("").to_string(),
    }
}

/// A container on the path from the root to the node being checked.
#[derive(Clone, Copy)]
enum Parent<'a> {
    Expr(&'a Expr),
    /// A resource body, case option, parameter, entry or attribute operation.
    Other,
}

struct Checker<'a> {
    errors: Vec<Error>,
    warnings: Vec<Error>,
    path: Vec<Parent<'a>>,
    source: &'a str,
}

/// The reference's label for a node (`ModelLabelProvider`).
pub fn label(e: &Expr) -> String {
    use ExprKind as K;
    match &e.kind {
        K::Nop => "Nop Expression".into(),
        K::LiteralUndef => "'undef' expression".into(),
        K::LiteralDefault => "'default' expression".into(),
        K::LiteralBoolean(_) => "Boolean".into(),
        K::LiteralInteger { .. } => "Literal Integer".into(),
        K::LiteralFloat(_) => "Literal Float".into(),
        K::LiteralString(_) => "String".into(),
        K::LiteralRegex(_) => "Regular Expression".into(),
        K::LiteralList(_) => "Array Expression".into(),
        K::LiteralHash { .. } => "Hash Expression".into(),
        K::QualifiedName(_) => "Name".into(),
        K::QualifiedReference(_) => "Type-Name".into(),
        K::ReservedWord(w) => format!("Reserved Word '{w}'"),
        K::Variable(_) => "Variable".into(),
        K::ConcatenatedString(_) => "Double Quoted String".into(),
        K::Text(_) => "Expression in Interpolated String".into(),
        K::Heredoc { syntax, .. } => format!("'@({syntax})' expression"),
        K::Access { .. } => "'[]' expression".into(),
        K::NamedAccess { .. } => "'.' expression".into(),
        K::Not(_) => "'not' expression".into(),
        K::UnaryMinus(_) => "Unary Minus".into(),
        K::Unfold(_) => "Unfold".into(),
        K::Binary { op, .. } => format!("'{}' expression", op.symbol()),
        K::Paren(_) => "Parenthesized Expression".into(),
        K::Selector { .. } => "Selector Expression".into(),
        K::Case { .. } => "'case' statement".into(),
        K::If { .. } => "'if' statement".into(),
        K::Unless { .. } => "'unless' Statement".into(),
        K::Block(_) => "Block Expression".into(),
        K::CallNamedFunction(_) => "Function Call".into(),
        K::CallMethod(_) => "Method call".into(),
        K::Lambda(_) => "Lambda".into(),
        K::Resource { .. } => "Resource Statement".into(),
        K::ResourceDefaults { .. } => "Resource Defaults Expression".into(),
        K::ResourceOverride { .. } => "Resource Override".into(),
        K::Collect { query, .. } => label(query),
        K::VirtualQuery(_) => "Virtual Query".into(),
        K::ExportedQuery(_) => "Exported Query".into(),
        K::HostClass(_) => "Host Class Definition".into(),
        K::ResourceTypeDefinition(_) => "'define' expression".into(),
        K::FunctionDefinition(_) => "Function Definition".into(),
        K::PlanDefinition(_) => "Plan Definition".into(),
        K::NodeDefinition { .. } => "Node Definition".into(),
        K::TypeAlias { .. } => "Type Alias".into(),
        K::TypeMapping { .. } => "Type Mapping".into(),
        K::TypeDefinition { .. } => "Type Definition".into(),
        K::Apply { .. } => "'apply' expression".into(),
        K::Epp { .. } => "Epp Template".into(),
        K::RenderString(_) => "Epp Text".into(),
        K::Render(_) => "Epp Interpolated Expression".into(),
    }
}

/// `a`/`an` + label, as the reference's label provider (quotes are skipped).
fn a_an(text: &str) -> String {
    let first = text
        .trim_start_matches(['\'', '"'])
        .chars()
        .next()
        .map(|c| c.to_ascii_lowercase());
    let art = if matches!(first, Some('a' | 'e' | 'i' | 'o' | 'u' | 'y')) {
        "an"
    } else {
        "a"
    };
    format!("{art} {text}")
}

fn a_an_uc(text: &str) -> String {
    let s = a_an(text);
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => s,
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `\A[a-z][\w]*(?:::[a-z][\w]*)*\z` (or upper case first letters with `upper`).
fn is_segmented(name: &str, upper: bool) -> bool {
    !name.is_empty()
        && name.split("::").all(|seg| {
            let mut cs = seg.chars();
            match cs.next() {
                Some(c)
                    if (upper && c.is_ascii_uppercase()) || (!upper && c.is_ascii_lowercase()) =>
                {
                    cs.all(is_word_char)
                }
                _ => false,
            }
        })
}

/// The reference's `VAR_NAME`: `\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z`.
fn is_var_name(name: &str) -> bool {
    let n = name.strip_prefix("::").unwrap_or(name);
    let segs: Vec<&str> = n.split("::").collect();
    let last = segs.len() - 1;
    segs.iter().enumerate().all(|(i, seg)| {
        let mut cs = seg.chars();
        match cs.next() {
            Some(c) if c.is_ascii_lowercase() || (i == last && c == '_') => cs.all(is_word_char),
            _ => false,
        }
    })
}

fn is_numeric_var_name(name: &str) -> bool {
    name == "0"
        || (!name.is_empty() && !name.starts_with('0') && name.bytes().all(|b| b.is_ascii_digit()))
}

const RESERVED_TYPE_NAMES: &[&str] = &[
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "init",
    "object",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "typeset",
];

/// True for expressions known to have no effect (the reference's `idem`).
fn idem(e: Option<&Expr>) -> bool {
    use ExprKind as K;
    let Some(e) = e else { return true };
    match &e.kind {
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
        | K::LiteralList(_)
        | K::LiteralHash { .. }
        | K::Access { .. }
        | K::NamedAccess { .. }
        | K::Not(_)
        | K::UnaryMinus(_)
        | K::Unfold(_)
        | K::Variable(_)
        | K::Text(_)
        | K::ConcatenatedString(_)
        | K::Heredoc { .. }
        | K::Selector { .. } => true,
        K::Binary { op, .. } => !matches!(
            op,
            BinaryOp::Match
                | BinaryOp::NoMatch
                | BinaryOp::Assign
                | BinaryOp::AddAssign
                | BinaryOp::SubAssign
                | BinaryOp::InEdge
                | BinaryOp::InEdgeSub
                | BinaryOp::OutEdge
                | BinaryOp::OutEdgeSub
        ),
        K::Paren(x) => idem(Some(x)),
        K::Block(stmts) => stmts.iter().all(|s| idem(Some(s))),
        K::If {
            test,
            then_expr,
            else_expr,
        }
        | K::Unless {
            test,
            then_expr,
            else_expr,
        } => idem(Some(test)) && idem(then_expr.as_deref()) && idem(else_expr.as_deref()),
        K::Case { test, options } => {
            idem(Some(test))
                && options
                    .iter()
                    .all(|o| o.values.iter().all(|v| idem(Some(v))) && idem(o.then_expr.as_deref()))
        }
        _ => false,
    }
}

/// `Block[name, hash]`: what `name { a => 1 }` parses to.
fn resource_without_title(e: &Expr) -> Option<&str> {
    if let ExprKind::Block(s) = &e.kind {
        if s.len() == 2 {
            if let (ExprKind::QualifiedName(n), ExprKind::LiteralHash { .. }) =
                (&s[0].kind, &s[1].kind)
            {
                return Some(n);
            }
        }
    }
    None
}

fn ends_with_idem(body: Option<&Expr>) -> Option<&Expr> {
    let b = body?;
    let last = match &b.kind {
        ExprKind::Block(s) => s.last()?,
        _ => b,
    };
    if idem(Some(last)) {
        Some(last)
    } else {
        None
    }
}

impl<'a> Checker<'a> {
    /// The position the reference reports for a node: its grammar rule locates
    /// binary operations at the operator, postfix forms at their left operand,
    /// method calls at the `(` of their arguments (else the `.`).
    fn pos(&self, e: &Expr) -> Span {
        use ExprKind as K;
        match &e.kind {
            K::Binary { op_span, .. } => *op_span,
            K::Selector { left, .. } | K::Access { left, .. } => self.pos(left),
            K::Collect { type_expr, .. } => self.pos(type_expr),
            K::Resource {
                form: ResourceForm::Regular,
                type_name: x,
                ..
            }
            | K::ResourceDefaults {
                form: ResourceForm::Regular,
                type_ref: x,
                ..
            }
            | K::ResourceOverride {
                form: ResourceForm::Regular,
                resources: x,
                ..
            } => Span::at(self.pos(x).start as usize),
            K::CallNamedFunction(c) => Span::at(self.pos(&c.functor).start as usize),
            K::NamedAccess { right, .. } => self.dot_before(right.span),
            K::CallMethod(c) => match &c.functor.kind {
                K::NamedAccess { right, .. } => {
                    let after = right.span.end as usize;
                    match self.source.get(after..).map(str::trim_start) {
                        Some(rest) if rest.starts_with('(') => {
                            let at = self.source.len() - rest.len();
                            Span::new(at, at + 1)
                        }
                        _ => self.dot_before(right.span),
                    }
                }
                _ => e.span,
            },
            _ => e.span,
        }
    }

    /// The `.` before a method name.
    fn dot_before(&self, name: Span) -> Span {
        let before = self.source.get(..name.start as usize).unwrap_or("");
        before.rfind('.').map_or(name, |i| Span::new(i, i + 1))
    }

    fn err(&mut self, msg: String, span: Span) {
        self.errors.push(Error::parse(msg, span));
    }

    fn container(&self, back: usize) -> Option<Parent<'a>> {
        self.path.len().checked_sub(back + 1).map(|i| self.path[i])
    }

    fn with<F: FnOnce(&mut Self)>(&mut self, p: Parent<'a>, f: F) {
        self.path.push(p);
        f(self);
        self.path.pop();
    }

    /// Checks `e` and then everything it contains.
    fn visit(&mut self, e: &'a Expr) {
        // (on more stack when the thread's runs low: trees nest thousands deep)
        crate::stack::deep(|| {
            self.check(e);
            self.with(Parent::Expr(e), |v| v.children(e));
        })
    }

    fn visit_opt(&mut self, e: &'a Option<Box<Expr>>) {
        if let Some(e) = e {
            self.visit(e);
        }
    }

    fn visit_params(&mut self, params: &'a [Parameter]) {
        for p in params {
            self.check_parameter(p);
            self.with(Parent::Other, |v| {
                v.visit_opt(&p.type_expr);
                v.visit_opt(&p.value);
            });
        }
    }

    fn visit_ops(&mut self, ops: &'a [AttributeOp]) {
        for op in ops {
            match op {
                AttributeOp::Set {
                    span,
                    name,
                    append,
                    value,
                } => {
                    if *append {
                        let ok = matches!(
                            self.container(0),
                            Some(Parent::Expr(Expr {
                                kind: ExprKind::Collect { .. } | ExprKind::ResourceOverride { .. },
                                ..
                            }))
                        );
                        if !ok {
                            let parent = match self.container(0) {
                                Some(Parent::Expr(p)) => label(p),
                                _ => "Resource Instance Definition".into(),
                            };
                            self.err(
                                format!(
                                    "Illegal +> operation on attribute {name}. This operator can not be used in {}",
                                    a_an(&parent)
                                ),
                                *span,
                            );
                        }
                    }
                    self.rvalue(value);
                    self.with(Parent::Other, |v| v.visit(value));
                }
                AttributeOp::Splat { expr, .. } => {
                    self.rvalue(expr);
                    self.with(Parent::Other, |v| v.visit(expr));
                }
            }
        }
    }

    fn children(&mut self, e: &'a Expr) {
        use ExprKind as K;
        match &e.kind {
            K::Variable(x)
            | K::Text(x)
            | K::Not(x)
            | K::UnaryMinus(x)
            | K::Unfold(x)
            | K::Paren(x)
            | K::Render(x) => self.visit(x),
            K::LiteralList(v) | K::ConcatenatedString(v) | K::Block(v) => {
                for x in v {
                    self.visit(x)
                }
            }
            K::LiteralHash { entries, .. } => {
                let mut seen = std::collections::HashSet::new();
                for en in entries.iter().filter(|_| entries.len() > 1) {
                    if let Some(k) = literal_key(&en.key) {
                        if !seen.insert(k) {
                            let text = key_text(&en.key, self.source);
                            self.warnings.push(Error::parse(
                                format!("The key '{text}' is declared more than once"),
                                en.span,
                            ));
                        }
                    }
                }
                for en in entries {
                    self.rvalue(&en.key);
                    self.rvalue(&en.value);
                    self.with(Parent::Other, |v| {
                        v.visit(&en.key);
                        v.visit(&en.value);
                    });
                }
            }
            K::Heredoc { text, .. } => self.visit(text),
            K::Access { left, keys } => {
                self.visit(left);
                for k in keys {
                    self.visit(k)
                }
            }
            K::NamedAccess { left, right } => {
                self.visit(left);
                self.visit(right);
            }
            K::Binary { left, right, .. } => {
                self.visit(left);
                self.visit(right);
            }
            K::Selector { left, entries } => {
                self.visit(left);
                for en in entries {
                    self.rvalue(&en.matching);
                    self.with(Parent::Other, |v| {
                        v.visit(&en.matching);
                        v.visit(&en.value);
                    });
                }
            }
            K::Case { test, options } => {
                self.visit(test);
                for o in options {
                    self.check_case_option(o);
                    self.with(Parent::Other, |v| {
                        for x in &o.values {
                            v.visit(x)
                        }
                        v.visit_opt(&o.then_expr);
                    });
                }
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
                self.visit(test);
                self.visit_opt(then_expr);
                self.visit_opt(else_expr);
            }
            K::CallNamedFunction(c) | K::CallMethod(c) => {
                self.visit(&c.functor);
                for a in &c.args {
                    self.visit(a)
                }
                self.visit_opt(&c.lambda);
            }
            K::Lambda(l) => {
                self.visit_params(&l.parameters);
                self.visit_opt(&l.body);
                self.visit_opt(&l.return_type);
            }
            K::Resource {
                type_name, bodies, ..
            } => {
                self.visit(type_name);
                for b in bodies {
                    let mut seen = false;
                    for op in &b.operations {
                        if let AttributeOp::Splat { span, .. } = op {
                            if seen {
                                self.err(
                                    "Unfolding of attributes from Hash can only be used once per resource body".into(),
                                    *span,
                                );
                            }
                            seen = true;
                        }
                    }
                    self.with(Parent::Other, |v| {
                        v.visit(&b.title);
                        v.visit_ops(&b.operations);
                    });
                }
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
                self.visit(x);
                self.visit_ops(operations);
            }
            K::Collect {
                type_expr,
                query,
                operations,
            } => {
                self.visit(type_expr);
                self.visit(query);
                self.visit_ops(operations);
            }
            K::VirtualQuery(q) | K::ExportedQuery(q) => self.visit_opt(q),
            K::HostClass(d)
            | K::ResourceTypeDefinition(d)
            | K::FunctionDefinition(d)
            | K::PlanDefinition(d) => {
                self.visit_params(&d.parameters);
                self.visit_opt(&d.body);
                self.visit_opt(&d.return_type);
            }
            K::NodeDefinition {
                host_matches,
                parent,
                body,
            } => {
                for h in host_matches {
                    self.visit(h)
                }
                self.visit_opt(parent);
                self.visit_opt(body);
            }
            K::TypeAlias { type_expr, .. } => self.visit(type_expr),
            K::TypeMapping { type_expr, mapping } => {
                self.visit(type_expr);
                self.visit(mapping);
            }
            K::TypeDefinition { body, .. } => self.visit_opt(body),
            K::Apply { arguments, body } => {
                for x in arguments.iter().chain(body.iter()) {
                    self.visit(x)
                }
            }
            K::Epp { body, .. } => self.visit_opt(body),
            _ => {}
        }
    }

    /// Reports a node that does not produce a value where one is needed.
    fn rvalue(&mut self, e: &Expr) {
        use ExprKind as K;
        match &e.kind {
            K::Collect { .. }
            | K::HostClass(_)
            | K::ResourceTypeDefinition(_)
            | K::FunctionDefinition(_)
            | K::PlanDefinition(_)
            | K::NodeDefinition { .. }
            | K::TypeAlias { .. }
            | K::TypeMapping { .. }
            | K::TypeDefinition { .. } => self.err(
                format!(
                    "Invalid use of expression. {} does not produce a value",
                    a_an_uc(&label(e))
                ),
                self.pos(e),
            ),
            K::Not(x)
            | K::UnaryMinus(x)
            | K::Unfold(x)
            | K::Paren(x)
            | K::Text(x)
            | K::Render(x) => self.rvalue(x),
            _ => {}
        }
    }

    /// Checks where a definition appears (`top` in the reference).
    fn top(&mut self, def: &Expr, absolute: bool) {
        let mut back = 0;
        loop {
            match self.container(back) {
                None => return,
                Some(Parent::Expr(p)) => match &p.kind {
                    ExprKind::Apply { .. } | ExprKind::HostClass(_) => return,
                    ExprKind::Block(_) => {
                        let outer_is_program = self.container(back + 1).is_none();
                        if !outer_is_program && absolute {
                            self.err(
                                format!("{} may only appear at toplevel", a_an_uc(&label(def))),
                                self.pos(def),
                            );
                            return;
                        }
                        back += 1;
                    }
                    _ => {
                        self.err(
                            "Classes, definitions, and nodes may only appear at toplevel or inside other classes"
                                .into(),
                            self.pos(def),
                        );
                        return;
                    }
                },
                Some(Parent::Other) => {
                    self.err(
                        "Classes, definitions, and nodes may only appear at toplevel or inside other classes"
                            .into(),
                        self.pos(def),
                    );
                    return;
                }
            }
        }
    }

    fn check_case_option(&mut self, o: &CaseOption) {
        for v in &o.values {
            self.rvalue(v);
        }
    }

    fn check_parameter(&mut self, p: &Parameter) {
        let n = &p.name;
        let digits = n.strip_prefix("0x").unwrap_or(n);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            self.err(
                format!("The numeric parameter name '${n}' cannot be used (clashes with numeric match result variables)"),
                p.span,
            );
        }
        let mut cs = n.chars();
        let ok = matches!(cs.next(), Some(c) if c.is_ascii_lowercase() || c == '_')
            && cs.all(is_word_char);
        if !ok {
            self.err(
                format!(
                    "Illegal parameter name. The given name '{n}' does not conform to the naming rule /^[a-z_]\\w*$/"
                ),
                p.span,
            );
        }
        if let Some(v) = &p.value {
            self.no_assignment(v);
        }
    }

    fn no_assignment(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Binary {
                op: BinaryOp::Assign | BinaryOp::AddAssign | BinaryOp::SubAssign,
                ..
            } => self.err("Assignment not allowed here".into(), self.pos(e)),
            ExprKind::Lambda(_) => {}
            _ => {
                for c in e.children() {
                    self.no_assignment(c)
                }
            }
        }
    }

    fn check_params_common(
        &mut self,
        d: &Definition,
        what: &str,
        capture_ok: bool,
        reserved: bool,
    ) {
        let mut seen = std::collections::HashSet::new();
        for p in &d.parameters {
            if p.captures_rest && !capture_ok {
                self.err(
                    format!(
                        "Parameter ${} has 'captures rest' - not supported in {}",
                        p.name,
                        a_an(what)
                    ),
                    p.span,
                );
            }
        }
        for p in &d.parameters {
            if !seen.insert(p.name.as_str()) {
                self.err(
                    format!(
                        "The parameter '{}' is declared more than once in the parameter list",
                        p.name
                    ),
                    p.span,
                );
            }
        }
        if reserved {
            for p in &d.parameters {
                if p.name == "name" || p.name == "title" {
                    self.err(
                        format!(
                            "The parameter ${} redefines a built in parameter in the {what}",
                            p.name
                        ),
                        p.span,
                    );
                }
            }
        }
    }

    fn check_named_definition(&mut self, e: &Expr, d: &Definition) {
        self.top(e, matches!(e.kind, ExprKind::FunctionDefinition(_)));
        if !is_segmented(&d.name, false) {
            self.err(
                format!(
                    "Unacceptable name. The name '{}' is unacceptable as the name of {}",
                    d.name,
                    a_an(&label(e))
                ),
                self.pos(e),
            );
        }
        if RESERVED_TYPE_NAMES.contains(&d.name.as_str()) {
            self.err(
                format!(
                    "The name: '{}' is already defined by Puppet and can not be used as the name of {}.",
                    d.name,
                    a_an(&label(e))
                ),
                self.pos(e),
            );
        }
    }

    fn check_no_idem_last(&mut self, e: &Expr, body: Option<&Expr>) {
        if let Some(v) = ends_with_idem(body) {
            if resource_without_title(v).is_none() {
                self.err(
                    format!(
                        "This {} has no effect. {} can not end with a value-producing expression without other effect",
                        label(v),
                        a_an_uc(&label(e))
                    ),
                    self.pos(v),
                );
            }
        }
    }

    fn check_type_ref(&mut self, container: &Expr, r: &Expr) {
        let n = match &r.kind {
            ExprKind::Access { left, .. } => left,
            _ => r,
        };
        if !matches!(n.kind, ExprKind::QualifiedReference(_)) {
            self.err(
                format!(
                    "Illegal expression. {} is unacceptable as a type reference in {}",
                    a_an_uc(&label(r)),
                    a_an(&label(container))
                ),
                self.pos(r),
            );
        }
    }

    fn assign(&mut self, e: &Expr, via_index: bool) {
        match &e.kind {
            ExprKind::Variable(x) => {
                if let ExprKind::QualifiedName(n) = &x.kind {
                    if is_numeric_var_name(n) {
                        self.err(
                            format!("Illegal attempt to assign to the numeric match result variable '${n}'. Numeric variables are not assignable"),
                            self.pos(e),
                        );
                    }
                    if n.contains("::") {
                        self.err(
                            format!("Illegal attempt to assign to '{n}'. Cannot assign to variables in other namespaces"),
                            self.pos(e),
                        );
                    }
                }
            }
            ExprKind::Access { .. } => self.err(
                "Illegal attempt to assign via [index/key]. Not an assignable reference".into(),
                self.pos(e),
            ),
            ExprKind::LiteralList(v) => {
                for x in v {
                    self.assign(x, false)
                }
            }
            _ => {
                let l = a_an(&label(e));
                let msg = if via_index {
                    format!("Illegal attempt to assign to {l} via [index/key]. Not an assignable reference")
                } else {
                    format!("Illegal attempt to assign to '{l}'. Not an assignable reference")
                };
                self.err(msg, self.pos(e));
            }
        }
    }

    fn query(&mut self, e: &Expr) {
        use ExprKind as K;
        match &e.kind {
            K::Binary {
                op: BinaryOp::Eq | BinaryOp::Ne,
                ..
            } => {}
            K::Binary {
                op: BinaryOp::And | BinaryOp::Or,
                left,
                right,
                ..
            } => {
                self.query(left);
                self.query(right);
            }
            K::Paren(x) => self.query(x),
            K::Variable(_)
            | K::QualifiedName(_)
            | K::LiteralInteger { .. }
            | K::LiteralFloat(_)
            | K::LiteralString(_)
            | K::LiteralBoolean(_) => {}
            _ => self.err(
                format!(
                    "Illegal query expression. {} cannot be used in a query",
                    a_an_uc(&label(e))
                ),
                self.pos(e),
            ),
        }
    }

    fn hostname(&mut self, h: &Expr, node: &Expr) {
        use ExprKind as K;
        match &h.kind {
            K::LiteralString(s) | K::QualifiedName(s) | K::QualifiedReference(s) => {
                if s.chars()
                    .any(|c| !(is_word_char(c) || c == '-' || c == '.'))
                {
                    self.err(
                        format!("The hostname '{s}' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"),
                        self.pos(h),
                    );
                }
            }
            K::ConcatenatedString(segs) => {
                if let Some(t) = segs.iter().find(|s| matches!(s.kind, K::Text(_))) {
                    let inner = match &t.kind {
                        K::Text(x) => self.pos(x),
                        _ => self.pos(t),
                    };
                    self.err(
                        "An interpolated expression is not allowed in a hostname of a node".into(),
                        inner,
                    );
                } else if segs.len() != 1 {
                    self.err(
                        "An interpolated expression is not allowed in a hostname of a node".into(),
                        self.pos(h),
                    );
                }
            }
            K::LiteralInteger { .. }
            | K::LiteralFloat(_)
            | K::LiteralDefault
            | K::LiteralRegex(_) => {}
            _ => self.err(
                format!(
                    "Illegal expression. {} is unacceptable as hostname in {}",
                    a_an_uc(&label(h)),
                    a_an(&label(node))
                ),
                self.pos(h),
            ),
        }
    }

    fn duplicate_default<'b>(&mut self, values: impl Iterator<Item = &'b Expr>, container: &Expr) {
        let mut found = false;
        for v in values {
            if matches!(v.kind, ExprKind::LiteralDefault) {
                if found {
                    self.err(
                        format!(
                            "This {} already has a 'default' entry - this is a duplicate",
                            label(container)
                        ),
                        self.pos(v),
                    );
                    return;
                }
                found = true;
            }
        }
    }

    /// The checks of one node (not its contents).
    #[allow(clippy::collapsible_match)] // one arm per model class reads as the reference's checks
    fn check(&mut self, e: &'a Expr) {
        use ExprKind as K;
        match &e.kind {
            K::Binary {
                op, left, right, ..
            } => match op {
                BinaryOp::Assign => {
                    self.assign(left, false);
                    self.rvalue(right);
                }
                BinaryOp::AddAssign | BinaryOp::SubAssign => self.err(
                    format!(
                        "The operator '{}' is no longer supported. See http://links.puppet.com/remove-plus-equals",
                        op.symbol()
                    ),
                    self.pos(e),
                ),
                BinaryOp::InEdge | BinaryOp::InEdgeSub | BinaryOp::OutEdge | BinaryOp::OutEdgeSub => {
                    for side in [left, right] {
                        let is_rel = matches!(
                            side.kind,
                            K::Collect { .. }
                                | K::Binary {
                                    op: BinaryOp::InEdge
                                        | BinaryOp::InEdgeSub
                                        | BinaryOp::OutEdge
                                        | BinaryOp::OutEdgeSub,
                                    ..
                                }
                        );
                        if !is_rel {
                            self.rvalue(side);
                        }
                    }
                }
                _ => {
                    self.rvalue(left);
                    self.rvalue(right);
                }
            },
            K::Block(stmts) => {
                if let Some(name) = resource_without_title(e) {
                    self.err(
                        format!("This expression is invalid. Did you try declaring a '{name}' resource without a title?"),
                        self.pos(e),
                    );
                } else if stmts.len() > 1 {
                    if let Some(s) = stmts[..stmts.len() - 1].iter().find(|s| idem(Some(s))) {
                        self.err(
                            format!("This {} has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)", label(s)),
                            self.pos(s),
                        );
                    }
                }
            }
            K::CallNamedFunction(c) => match &c.functor.kind {
                K::QualifiedReference(_) | K::QualifiedName(_) => {}
                K::Access { left, .. } if matches!(left.kind, K::QualifiedReference(_)) => {}
                K::RenderString(_) => self.err(
                    "Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace".into(),
                    self.pos(e),
                ),
                _ => self.err(
                    format!(
                        "Illegal expression. {} is unacceptable as function name in {}",
                        a_an_uc(&label(&c.functor)),
                        a_an(&label(e))
                    ),
                    self.pos(&c.functor),
                ),
            },
            K::Case { test, options } => {
                self.rvalue(test);
                self.duplicate_default(options.iter().flat_map(|o| o.values.iter()), e);
            }
            K::Selector { left, entries } => {
                self.rvalue(left);
                self.duplicate_default(entries.iter().map(|en| &en.matching), e);
            }
            K::Collect { type_expr, .. } => {
                if !matches!(type_expr.kind, K::QualifiedReference(_)) {
                    self.err(
                        format!(
                            "Illegal expression. {} is unacceptable as type name in {}",
                            a_an_uc(&label(type_expr)),
                            a_an(&label(e))
                        ),
                        self.pos(type_expr),
                    );
                }
            }
            K::VirtualQuery(Some(q)) | K::ExportedQuery(Some(q)) => self.query(q),
            K::HostClass(d) | K::ResourceTypeDefinition(d) => {
                self.check_named_definition(e, d);
                let what = label(e);
                self.check_params_common(d, &what, false, true);
                self.check_no_idem_last(e, d.body.as_deref());
            }
            K::FunctionDefinition(d) | K::PlanDefinition(d) => {
                self.check_named_definition(e, d);
                if let Some(r) = &d.return_type {
                    self.check_type_ref(e, r);
                }
                self.check_params_common(d, "", true, false);
            }
            K::TypeAlias { name, type_expr } => {
                self.top(e, true);
                if !is_segmented(name, true) {
                    self.err(
                        format!("Unacceptable name. The name '{name}' is unacceptable as the name of a Type Alias"),
                        self.pos(e),
                    );
                }
                self.check_type_ref(e, type_expr);
            }
            K::TypeMapping { .. } | K::TypeDefinition { .. } => {
                self.top(e, true);
                self.err(
                    format!(
                        "Expressions of type {} are not supported in this version of Puppet",
                        a_an(&label(e))
                    ),
                    self.pos(e),
                );
            }
            K::Lambda(l) => {
                let last = l.parameters.len().saturating_sub(1);
                for (i, p) in l.parameters.iter().enumerate() {
                    if p.captures_rest && i != last {
                        self.err(
                            format!("Parameter ${} is not last, and has 'captures rest'", p.name),
                            p.span,
                        );
                    }
                }
                if let Some(r) = &l.return_type {
                    self.check_type_ref(e, r);
                }
            }
            K::Epp { .. } => {
                if let Some(Parent::Expr(Expr {
                    kind: K::Lambda(l), ..
                })) = self.container(0)
                {
                    let mut seen = std::collections::HashSet::new();
                    for p in &l.parameters {
                        if p.captures_rest {
                            self.err(
                                format!("Parameter ${} has 'captures rest' - not supported in an Epp Template", p.name),
                                p.span,
                            );
                        }
                    }
                    for p in &l.parameters {
                        if !seen.insert(p.name.as_str()) {
                            self.err(
                                format!("The parameter '{}' is declared more than once in the parameter list", p.name),
                                p.span,
                            );
                        }
                    }
                }
            }
            K::LiteralList(v) => {
                for x in v {
                    self.rvalue(x)
                }
            }
            K::NodeDefinition {
                host_matches,
                parent,
                body,
            } => {
                for h in host_matches {
                    self.hostname(h, e);
                }
                self.top(e, false);
                self.check_no_idem_last(e, body.as_deref());
                if let Some(p) = parent {
                    self.err(
                        "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation".into(),
                        self.pos(p),
                    );
                }
            }
            K::Resource {
                form, type_name, ..
            } => {
                if *form != ResourceForm::Regular
                    && matches!(&type_name.kind, K::QualifiedName(n) if n == "class")
                {
                    self.err("Classes are not virtualizable".into(), self.pos(e));
                }
            }
            K::ResourceDefaults { form, .. } | K::ResourceOverride { form, .. } => {
                if *form != ResourceForm::Regular {
                    self.err("Resource Defaults are not virtualizable".into(), self.pos(e));
                }
            }
            K::Heredoc { syntax, text } => {
                if let K::LiteralString(t) = &text.kind {
                    if let Some(msg) = crate::syntax::external_syntax::check(syntax, t) {
                        // the reference reports the start of the first line of text
                        let at = text.span.start as usize;
                        let line_start = self.source.get(..at).and_then(|s| s.rfind('\n')).map_or(0, |i| i + 1);
                        self.err(msg, Span::at(line_start));
                    }
                }
            }
            K::ReservedWord(w) => self.err(
                format!("Use of reserved word: {w}, must be quoted if intended to be a String value"),
                self.pos(e),
            ),
            K::Not(x) | K::UnaryMinus(x) | K::Unfold(x) | K::Paren(x) | K::Text(x) | K::Render(x) => {
                self.rvalue(x)
            }
            K::If { test, .. } | K::Unless { test, .. } => self.rvalue(test),
            K::Variable(x) => match &x.kind {
                K::LiteralInteger { .. } => {}
                K::QualifiedName(n) => {
                    if n.starts_with(|c: char| c.is_ascii_digit()) {
                        if !is_numeric_var_name(n) {
                            self.err(
                                format!("Illegal numeric variable name, The given name '{n}' must be a decimal value if it starts with a digit 0-9"),
                                self.pos(e),
                            );
                        }
                    } else if !is_var_name(n) {
                        self.err(
                            format!("Illegal variable name, The given name '{n}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"),
                            self.pos(e),
                        );
                    }
                }
                _ => self.err(
                    "Illegal expression. A Variable is unacceptable as name in a Variable".into(),
                    self.pos(e),
                ),
            },
            K::QualifiedReference(n) => {
                let body = n.strip_prefix("::").unwrap_or(n);
                if !is_segmented(body, true) {
                    self.err(
                        format!("Illegal type reference. The given name '{n}' does not conform to the naming rule"),
                        self.pos(e),
                    );
                }
            }
            _ => {}
        }
    }
}
