//! The validator's checks: what each kind of node must satisfy (the
//! reference's `Checker4_0`), reported on the [`Checker`]. The walk that
//! brings every node here is in the parent module.

use super::labels::{a_an, a_an_uc, label};
use super::names::*;
use super::{Checker, Parent};
use crate::error::Error;
use crate::syntax::ast::{
    AttributeOp, BinaryOp, CaseOption, Definition, Expr, ExprKind, KeyedEntry, Parameter,
    ResourceBody, ResourceForm,
};
use crate::syntax::span::Span;

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

/// True for expressions known to have no effect (the reference's `idem`).
pub(super) fn idem(e: Option<&Expr>) -> bool {
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
    /// Duplicate literal keys of a hash (warnings, as in the reference).
    pub(super) fn check_hash_keys(&mut self, entries: &[KeyedEntry]) {
        if entries.len() < 2 {
            return;
        }
        // (Fx hashing here and for parameter names: every literal hash and
        // parameter list of every file loaded passes, and SipHash was 4% of
        // a check-data run's instructions)
        let mut seen = rustc_hash::FxHashSet::default();
        seen.reserve(entries.len());
        for en in entries {
            if let Some(k) = literal_key(&en.key) {
                if !seen.insert(k) {
                    let text = key_text(&en.key, self.source);
                    // (the reference locates an entry at its `=>`)
                    let between = en.key.span.end as usize..en.value.span.start as usize;
                    let arrow = self
                        .source
                        .get(between.clone())
                        .and_then(|s| s.find("=>"))
                        .map_or(en.span, |i| {
                            Span::new(between.start + i, between.start + i + 2)
                        });
                    self.warnings.push(Error::parse(
                        format!("The key '{text}' is declared more than once"),
                        arrow,
                    ));
                }
            }
        }
    }

    /// One `* => hash` per resource body.
    pub(super) fn check_resource_body(&mut self, b: &ResourceBody) {
        let mut seen = false;
        for op in &b.operations {
            if let AttributeOp::Splat { span, .. } = op {
                if seen {
                    self.err(
                        "Unfolding of attributes from Hash can only be used once per resource body"
                            .into(),
                        *span,
                    );
                }
                seen = true;
            }
        }
    }

    /// `+>` only in collectors and overrides; operation values are values.
    pub(super) fn check_attribute_op(&mut self, op: &AttributeOp) {
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
            }
            AttributeOp::Splat { expr, .. } => self.rvalue(expr),
        }
    }

    /// Reports a node that does not produce a value where one is needed.
    pub(super) fn rvalue(&mut self, e: &Expr) {
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

    pub(super) fn check_case_option(&mut self, o: &CaseOption) {
        for v in &o.values {
            self.rvalue(v);
        }
    }

    pub(super) fn check_parameter(&mut self, p: &Parameter) {
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
        let mut seen = rustc_hash::FxHashSet::default();
        seen.reserve(d.parameters.len());
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
    pub(super) fn check(&mut self, e: &'a Expr) {
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
