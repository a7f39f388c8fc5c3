//! PN ("Puppet Notation"): the reference's textual dump of a syntax tree.
//!
//! [`to_pn`] turns an AST into a [`Pn`] tree exactly as the reference's
//! `PNTransformer` does; [`Pn::format`] prints it as
//! `PNTransformer.transform(model).format(nil, '')` does (`puppet parser dump
//! --format pn`), and [`Pn::to_data`] gives the structure of its `to_data`
//! (`--format json`): a call is `{"^": [name, args...]}`, a map
//! `{"#": [key, value, ...]}`, a list an array and a literal its value.

use crate::syntax::ast::{
    AttributeOp, Call, CaseOption, Definition, Expr, ExprKind, Lambda, Parameter, Program,
    ResourceBody, ResourceForm,
};
use crate::values::{Value, ValueMap};
use std::borrow::Cow;
use std::fmt::Write;

/// A PN node.
#[derive(Clone, Debug, PartialEq)]
pub enum Pn {
    /// `(name elements...)`.
    Call(&'static str, Vec<Pn>),
    /// `[elements...]`.
    List(Vec<Pn>),
    /// `{:key value ...}`.
    Map(Vec<(Cow<'static, str>, Pn)>),
    /// `nil`, a boolean, a number or a string.
    Literal(PnLiteral),
}

impl Drop for Pn {
    /// Dropping a node drops its elements, recursively: a tree nested
    /// thousands of levels deep is dropped on more stack when the thread's
    /// runs low ([`crate::stack::deep`]).
    fn drop(&mut self) {
        match self {
            Pn::Call(_, v) | Pn::List(v) if !v.is_empty() => {
                let elements = std::mem::take(v);
                crate::stack::deep(move || drop(elements));
            }
            Pn::Map(v) if !v.is_empty() => {
                let entries = std::mem::take(v);
                crate::stack::deep(move || drop(entries));
            }
            _ => {}
        }
    }
}

/// A PN literal value.
#[derive(Clone, Debug, PartialEq)]
pub enum PnLiteral {
    /// `nil`
    Nil,
    /// `true` / `false`
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float (printed as Ruby prints floats).
    Float(f64),
    /// A string (printed double-quoted).
    Str(String),
}

fn lit_str(s: &str) -> Pn {
    Pn::Literal(PnLiteral::Str(s.to_string()))
}

fn call(name: &'static str, elements: Vec<Pn>) -> Pn {
    Pn::Call(name, elements)
}

impl Pn {
    /// The reference's `as_call`: a call or list spreads its elements into the new call.
    fn into_call(mut self, name: &'static str) -> Pn {
        match &mut self {
            Pn::Call(_, elements) | Pn::List(elements) => Pn::Call(name, std::mem::take(elements)),
            _ => Pn::Call(name, vec![self]),
        }
    }

    /// The PN text on one line (the reference's `format(nil, '')`).
    pub fn format(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, b: &mut String) {
        crate::stack::deep(|| self.write_here(b))
    }

    fn write_here(&self, b: &mut String) {
        match self {
            Pn::Call(name, elements) => {
                b.push('(');
                b.push_str(name);
                for e in elements {
                    b.push(' ');
                    e.write(b);
                }
                b.push(')');
            }
            Pn::List(elements) => {
                b.push('[');
                for (i, e) in elements.iter().enumerate() {
                    if i > 0 {
                        b.push(' ');
                    }
                    e.write(b);
                }
                b.push(']');
            }
            Pn::Map(entries) => {
                b.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        b.push(' ');
                    }
                    b.push(':');
                    b.push_str(k);
                    b.push(' ');
                    v.write(b);
                }
                b.push('}');
            }
            Pn::Literal(l) => match l {
                PnLiteral::Nil => b.push_str("nil"),
                PnLiteral::Bool(v) => b.push_str(if *v { "true" } else { "false" }),
                PnLiteral::Int(v) => {
                    let _ = write!(b, "{v}");
                }
                PnLiteral::Float(v) => b.push_str(&ruby_float_to_s(*v)),
                PnLiteral::Str(s) => double_quote(s, b),
            },
        }
    }

    /// The PN text over several lines, each element on its own line indented
    /// two spaces per level (the reference's `format(Indent.new('  '), '')`,
    /// as `puppet parser dump --format pn --pretty` prints it).
    pub fn format_pretty(&self) -> String {
        let mut out = String::new();
        self.write_pretty(&mut out, 0);
        out
    }

    fn write_pretty(&self, b: &mut String, level: usize) {
        let line = |b: &mut String, level: usize| {
            b.push('\n');
            for _ in 0..level {
                b.push_str("  ");
            }
        };
        match self {
            Pn::Call(name, elements) => {
                b.push('(');
                b.push_str(name);
                for e in elements {
                    line(b, level + 1);
                    e.write_pretty(b, level + 1);
                }
                b.push(')');
            }
            Pn::List(elements) => {
                b.push('[');
                for e in elements {
                    line(b, level + 1);
                    e.write_pretty(b, level + 1);
                }
                b.push(']');
            }
            Pn::Map(entries) => {
                b.push('{');
                for (k, v) in entries {
                    line(b, level + 1);
                    b.push(':');
                    b.push_str(k);
                    b.push(' ');
                    v.write_pretty(b, level + 1);
                }
                b.push('}');
            }
            Pn::Literal(_) => self.write(b),
        }
    }

    /// The reference's `to_data`.
    pub fn to_data(&self) -> Value {
        crate::stack::deep(|| self.to_data_here())
    }

    fn to_data_here(&self) -> Value {
        match self {
            Pn::Call(name, elements) => {
                let mut v = Vec::with_capacity(elements.len() + 1);
                v.push(Value::string(*name));
                v.extend(elements.iter().map(Pn::to_data));
                let mut m = ValueMap::new();
                m.insert(Value::string("^"), Value::array(v));
                Value::hash(m)
            }
            Pn::List(elements) => Value::array(elements.iter().map(Pn::to_data).collect()),
            Pn::Map(entries) => {
                let mut v = Vec::with_capacity(entries.len() * 2);
                for (k, e) in entries {
                    v.push(Value::string(k.as_ref()));
                    v.push(e.to_data());
                }
                let mut m = ValueMap::new();
                m.insert(Value::string("#"), Value::array(v));
                Value::hash(m)
            }
            Pn::Literal(l) => match l {
                PnLiteral::Nil => Value::Undef,
                PnLiteral::Bool(b) => Value::Boolean(*b),
                PnLiteral::Int(i) => Value::Integer(*i),
                PnLiteral::Float(f) => Value::Float(*f),
                PnLiteral::Str(s) => Value::string(s.as_str()),
            },
        }
    }
}

/// The PN text of a program, as `puppet parser dump --format pn` prints it.
pub fn program_to_pn_string(program: &Program) -> String {
    to_pn(&program.body).format()
}

/// The PN text of a program over several lines, as `puppet parser dump
/// --format pn --pretty` prints it.
pub fn program_to_pn_pretty(program: &Program) -> String {
    to_pn(&program.body).format_pretty()
}

/// The `to_data` structure of a program's PN.
pub fn program_to_pn_data(program: &Program) -> Value {
    to_pn(&program.body).to_data()
}

/// Writes `s` double-quoted with PN escapes.
fn double_quote(s: &str, b: &mut String) {
    b.push('"');
    for c in s.chars() {
        match c {
            '\t' => b.push_str("\\t"),
            '\n' => b.push_str("\\n"),
            '\r' => b.push_str("\\r"),
            '"' => b.push_str("\\\""),
            '\\' => b.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(b, "\\o{:03o}", c as u32);
            }
            c => b.push(c),
        }
    }
    b.push('"');
}

/// PN data as JSON, the way `puppet parser dump --format json` writes it
/// (Ruby's `JSON.generate`, floats as `Float#to_s`).
pub fn data_to_json(v: &Value) -> String {
    let mut out = String::new();
    write_json(v, &mut out);
    out
}

fn write_json(v: &Value, out: &mut String) {
    crate::stack::deep(|| write_json_here(v, out))
}

fn write_json_here(v: &Value, out: &mut String) {
    match v {
        Value::Undef => out.push_str("null"),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(i) => {
            let _ = write!(out, "{i}");
        }
        Value::Float(f) => out.push_str(&ruby_float_to_s(*f)),
        Value::String(s) => write_json_string(out, s),
        Value::Array(a) => {
            out.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(e, out);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, e)) in h.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(k, out);
                out.push(':');
                write_json(e, out);
            }
            out.push('}');
        }
        // PN data holds only the JSON kinds above.
        other => {
            let _ = write!(out, "{other:?}");
        }
    }
}

/// `s` as a JSON string, escaped as Ruby's `JSON.generate` escapes it
/// (`\"`, `\\`, `\n`, `\t`, ..., other control characters as `\u00XX`;
/// the rest as it is): serde_json's escaping, which is the same.
pub fn write_json_string(out: &mut String, s: &str) {
    if let Ok(text) = serde_json::to_string(s) {
        out.push_str(&text);
    }
}

/// A float as Ruby's `Float#to_s` prints it (`1.0`, `1.0e+15`, `1.0e-05`):
/// the formatter's implementation.
pub fn ruby_float_to_s(v: f64) -> String {
    let mut s = String::new();
    crate::values::float_text::write_float_to_s(&mut s, v);
    s
}

/// Transforms an AST node to PN, as the reference's `PNTransformer`.
///
/// The recursion goes through small per-kind functions so that deep trees use
/// little stack per level.
pub fn to_pn(e: &Expr) -> Pn {
    // (trees nest thousands deep: on more stack when the thread's runs low)
    crate::stack::deep(|| to_pn_here(e))
}

fn to_pn_here(e: &Expr) -> Pn {
    use ExprKind as K;
    match &e.kind {
        K::Binary {
            op, left, right, ..
        } => binary(op.symbol(), left, right),
        K::Access { left, keys } => access(left, keys),
        K::NamedAccess { left, right } => binary(".", left, right),
        K::CallNamedFunction(c) => call_to_pn(c, "call", "invoke"),
        K::CallMethod(c) => call_to_pn(c, "call-method", "invoke-method"),
        K::Paren(x) => unary("paren", x),
        K::Not(x) => unary("!", x),
        K::Unfold(x) => unary("unfold", x),
        K::Text(x) => unary("str", x),
        _ => transform(e),
    }
}

#[inline(never)]
fn binary(name: &'static str, left: &Expr, right: &Expr) -> Pn {
    let l = to_pn(left);
    call(name, vec![l, to_pn(right)])
}

#[inline(never)]
fn unary(name: &'static str, x: &Expr) -> Pn {
    call(name, vec![to_pn(x)])
}

#[inline(never)]
fn access(left: &Expr, keys: &[Expr]) -> Pn {
    let mut v = vec![to_pn(left)];
    v.extend(keys.iter().map(to_pn));
    call("access", v)
}

/// The transformation of the kinds [`to_pn`] does not handle itself.
#[inline(never)]
fn transform(e: &Expr) -> Pn {
    use ExprKind as K;
    match &e.kind {
        K::Nop => call("nop", vec![]),
        K::LiteralUndef => Pn::Literal(PnLiteral::Nil),
        K::LiteralDefault => call("default", vec![]),
        K::LiteralBoolean(b) => Pn::Literal(PnLiteral::Bool(*b)),
        K::LiteralInteger { value, radix } => {
            let v = Pn::Literal(PnLiteral::Int(*value));
            if *radix == 10 {
                v
            } else {
                Pn::Map(vec![
                    ("radix".into(), Pn::Literal(PnLiteral::Int(*radix as i64))),
                    ("value".into(), v),
                ])
                .into_call("int")
            }
        }
        K::LiteralFloat(f) => Pn::Literal(PnLiteral::Float(*f)),
        K::LiteralString(s) => lit_str(s),
        K::LiteralRegex(s) => call("regexp", vec![lit_str(s)]),
        K::LiteralList(v) => call("array", v.iter().map(to_pn).collect()),
        K::LiteralHash { entries, .. } => call(
            "hash",
            entries
                .iter()
                .map(|en| call("=>", vec![to_pn(&en.key), to_pn(&en.value)]))
                .collect(),
        ),
        K::QualifiedName(n) => call("qn", vec![lit_str(n)]),
        K::QualifiedReference(n) => call("qr", vec![lit_str(n)]),
        K::ReservedWord(w) => call("reserved", vec![lit_str(w)]),
        K::Variable(inner) => match &inner.kind {
            K::QualifiedName(n) => call("var", vec![lit_str(n)]),
            _ => call("var", vec![to_pn(inner)]),
        },
        K::ConcatenatedString(segs) => call("concat", segs.iter().map(to_pn).collect()),
        K::Text(x) => call("str", vec![to_pn(x)]),
        K::Heredoc { syntax, text } => {
            let mut entries = Vec::new();
            if !syntax.is_empty() {
                entries.push(("syntax".into(), lit_str(syntax)));
            }
            entries.push(("text".into(), to_pn(text)));
            Pn::Map(entries).into_call("heredoc")
        }
        K::Access { left, keys } => {
            let mut v = vec![to_pn(left)];
            v.extend(keys.iter().map(to_pn));
            call("access", v)
        }
        K::NamedAccess { left, right } => call(".", vec![to_pn(left), to_pn(right)]),
        K::Not(x) => call("!", vec![to_pn(x)]),
        K::UnaryMinus(x) => match &x.kind {
            K::LiteralInteger { value, .. } => Pn::Literal(PnLiteral::Int(value.wrapping_neg())),
            K::LiteralFloat(f) => Pn::Literal(PnLiteral::Float(-f)),
            _ => call("-", vec![to_pn(x)]),
        },
        K::Unfold(x) => call("unfold", vec![to_pn(x)]),
        K::Binary {
            op, left, right, ..
        } => call(op.symbol(), vec![to_pn(left), to_pn(right)]),
        K::Paren(x) => call("paren", vec![to_pn(x)]),
        K::Selector { left, entries } => call(
            "?",
            vec![
                to_pn(left),
                Pn::List(
                    entries
                        .iter()
                        .map(|en| call("=>", vec![to_pn(&en.matching), to_pn(&en.value)]))
                        .collect(),
                ),
            ],
        ),
        K::Case { test, options } => call(
            "case",
            vec![
                to_pn(test),
                Pn::List(options.iter().map(case_option).collect()),
            ],
        ),
        K::If {
            test,
            then_expr,
            else_expr,
        } => if_to_pn("if", test, then_expr, else_expr),
        K::Unless {
            test,
            then_expr,
            else_expr,
        } => if_to_pn("unless", test, then_expr, else_expr),
        K::Block(stmts) => call("block", stmts.iter().map(to_pn).collect()),
        K::CallNamedFunction(c) => call_to_pn(c, "call", "invoke"),
        K::CallMethod(c) => call_to_pn(c, "call-method", "invoke-method"),
        K::Lambda(l) => lambda_to_pn(l),
        K::Resource {
            form,
            type_name,
            bodies,
        } => {
            let mut entries = vec![
                ("type".into(), to_pn(type_name)),
                (
                    "bodies".into(),
                    Pn::List(bodies.iter().map(resource_body).collect()),
                ),
            ];
            push_form(&mut entries, *form);
            Pn::Map(entries).into_call("resource")
        }
        K::ResourceDefaults {
            form,
            type_ref,
            operations,
        } => {
            let mut entries = vec![
                ("type".into(), to_pn(type_ref)),
                ("ops".into(), ops(operations)),
            ];
            push_form(&mut entries, *form);
            Pn::Map(entries).into_call("resource-defaults")
        }
        K::ResourceOverride {
            form,
            resources,
            operations,
        } => {
            let mut entries = vec![
                ("resources".into(), to_pn(resources)),
                ("ops".into(), ops(operations)),
            ];
            push_form(&mut entries, *form);
            Pn::Map(entries).into_call("resource-override")
        }
        K::Collect {
            type_expr,
            query,
            operations,
        } => {
            let mut entries = vec![
                ("type".into(), to_pn(type_expr)),
                ("query".into(), to_pn(query)),
            ];
            if !operations.is_empty() {
                entries.push(("ops".into(), ops(operations)));
            }
            Pn::Map(entries).into_call("collect")
        }
        K::VirtualQuery(q) => query_to_pn("virtual-query", q),
        K::ExportedQuery(q) => query_to_pn("exported-query", q),
        K::HostClass(d) => definition_to_pn(d, "class"),
        K::ResourceTypeDefinition(d) => definition_to_pn(d, "define"),
        K::FunctionDefinition(d) => definition_to_pn(d, "function"),
        K::PlanDefinition(d) => definition_to_pn(d, "plan"),
        K::NodeDefinition {
            host_matches,
            parent,
            body,
        } => {
            let mut entries = vec![(
                "matches".into(),
                Pn::List(host_matches.iter().map(to_pn).collect()),
            )];
            if let Some(p) = parent {
                entries.push(("parent".into(), to_pn(p)));
            }
            if let Some(b) = body {
                entries.push(("body".into(), block_entry(Some(b))));
            }
            Pn::Map(entries).into_call("node")
        }
        K::TypeAlias { name, type_expr } => {
            call("type-alias", vec![lit_str(name), to_pn(type_expr)])
        }
        K::TypeMapping { type_expr, mapping } => {
            call("type-mapping", vec![to_pn(type_expr), to_pn(mapping)])
        }
        K::TypeDefinition { name, parent, body } => call(
            "type-definition",
            vec![
                lit_str(name),
                lit_str(parent),
                body.as_deref().map_or(call("nop", vec![]), to_pn),
            ],
        ),
        K::Apply { arguments, body } => Pn::Map(vec![
            (
                "arguments".into(),
                Pn::List(arguments.iter().map(to_pn).collect()),
            ),
            ("body".into(), Pn::List(body.iter().map(to_pn).collect())),
        ])
        .into_call("apply"),
        K::Epp { body, .. } => match body {
            None => call("epp", vec![]),
            Some(b) => to_pn(b).into_call("epp"),
        },
        K::RenderString(s) => call("render-s", vec![lit_str(s)]),
        K::Render(x) => call("render", vec![to_pn(x)]),
    }
}

fn push_form(entries: &mut Vec<(Cow<'static, str>, Pn)>, form: ResourceForm) {
    if form != ResourceForm::Regular {
        entries.push(("form".into(), lit_str(form.name())));
    }
}

fn ops(operations: &[AttributeOp]) -> Pn {
    Pn::List(
        operations
            .iter()
            .map(|op| match op {
                AttributeOp::Set {
                    name,
                    append,
                    value,
                    ..
                } => call(
                    if *append { "+>" } else { "=>" },
                    vec![lit_str(name), to_pn(value)],
                ),
                AttributeOp::Splat { expr, .. } => call("splat-hash", vec![to_pn(expr)]),
            })
            .collect(),
    )
}

fn resource_body(b: &ResourceBody) -> Pn {
    Pn::Map(vec![
        ("title".into(), to_pn(&b.title)),
        ("ops".into(), ops(&b.operations)),
    ])
}

fn query_to_pn(name: &'static str, q: &Option<Box<Expr>>) -> Pn {
    match q.as_deref() {
        None
        | Some(Expr {
            kind: ExprKind::Nop,
            ..
        }) => call(name, vec![]),
        Some(x) => call(name, vec![to_pn(x)]),
    }
}

/// A body as a list of statements (`[(nop)]` when absent).
fn block_entry(e: Option<&Expr>) -> Pn {
    match e {
        Some(Expr {
            kind: ExprKind::Block(stmts),
            ..
        }) => Pn::List(stmts.iter().map(to_pn).collect()),
        Some(x) => Pn::List(vec![to_pn(x)]),
        None => Pn::List(vec![call("nop", vec![])]),
    }
}

fn is_nop(e: &Option<Box<Expr>>) -> bool {
    matches!(
        e.as_deref(),
        None | Some(Expr {
            kind: ExprKind::Nop,
            ..
        })
    )
}

fn if_to_pn(
    name: &'static str,
    test: &Expr,
    then_expr: &Option<Box<Expr>>,
    else_expr: &Option<Box<Expr>>,
) -> Pn {
    let mut entries = vec![("test".into(), to_pn(test))];
    if !is_nop(then_expr) {
        entries.push(("then".into(), block_entry(then_expr.as_deref())));
    }
    if !is_nop(else_expr) {
        entries.push(("else".into(), block_entry(else_expr.as_deref())));
    }
    Pn::Map(entries).into_call(name)
}

fn case_option(o: &CaseOption) -> Pn {
    Pn::Map(vec![
        (
            "when".into(),
            Pn::List(o.values.iter().map(to_pn).collect()),
        ),
        ("then".into(), block_entry(o.then_expr.as_deref())),
    ])
}

#[inline(never)]
fn call_to_pn(c: &Call, rval: &'static str, statement: &'static str) -> Pn {
    let mut entries = vec![
        ("functor".into(), to_pn(&c.functor)),
        ("args".into(), Pn::List(c.args.iter().map(to_pn).collect())),
    ];
    if let Some(l) = &c.lambda {
        entries.push(("block".into(), to_pn(l)));
    }
    Pn::Map(entries).into_call(if c.rval_required { rval } else { statement })
}

fn parameters_entry(params: &[Parameter]) -> Pn {
    Pn::Map(
        params
            .iter()
            .map(|p| {
                let mut entries = Vec::new();
                if let Some(t) = &p.type_expr {
                    entries.push(("type".into(), to_pn(t)));
                }
                if p.captures_rest {
                    entries.push(("splat".into(), Pn::Literal(PnLiteral::Bool(true))));
                }
                if let Some(v) = &p.value {
                    entries.push(("value".into(), to_pn(v)));
                }
                (Cow::Owned(p.name.clone()), Pn::Map(entries))
            })
            .collect(),
    )
}

fn lambda_to_pn(l: &Lambda) -> Pn {
    let mut entries = Vec::new();
    if !l.parameters.is_empty() {
        entries.push(("params".into(), parameters_entry(&l.parameters)));
    }
    if let Some(r) = &l.return_type {
        entries.push(("returns".into(), to_pn(r)));
    }
    if let Some(b) = &l.body {
        entries.push(("body".into(), block_entry(Some(b))));
    }
    Pn::Map(entries).into_call("lambda")
}

fn definition_to_pn(d: &Definition, name: &'static str) -> Pn {
    let mut entries = vec![("name".into(), lit_str(&d.name))];
    if let Some(p) = &d.parent {
        entries.push(("parent".into(), lit_str(p)));
    }
    if !d.parameters.is_empty() {
        entries.push(("params".into(), parameters_entry(&d.parameters)));
    }
    if let Some(b) = &d.body {
        entries.push(("body".into(), block_entry(Some(b))));
    }
    if let Some(r) = &d.return_type {
        entries.push(("returns".into(), to_pn(r)));
    }
    Pn::Map(entries).into_call(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_float_formatting_matches_reference() {
        // outputs observed from the reference (Ruby Float#to_s)
        assert_eq!(ruby_float_to_s(1500.0), "1500.0");
        assert_eq!(ruby_float_to_s(1e20), "1.0e+20");
        assert_eq!(ruby_float_to_s(1e-5), "1.0e-05");
        assert_eq!(
            ruby_float_to_s(12345678901234567.0),
            "1.2345678901234568e+16"
        );
        assert_eq!(ruby_float_to_s(1e16), "1.0e+16");
        assert_eq!(ruby_float_to_s(1e15), "1.0e+15");
        assert_eq!(ruby_float_to_s(1234567890123456.0), "1.234567890123456e+15");
        assert_eq!(ruby_float_to_s(123456789012345.0), "123456789012345.0");
        assert_eq!(ruby_float_to_s(0.0001), "0.0001");
        assert_eq!(
            ruby_float_to_s(1.234_567_890_123_456_7),
            "1.2345678901234567"
        );
        assert_eq!(ruby_float_to_s(-1.5), "-1.5");
    }

    #[test]
    fn pn_strings_escape_control_characters() {
        let mut b = String::new();
        double_quote("a\"\\\t\u{1}é", &mut b);
        assert_eq!(b, "\"a\\\"\\\\\\t\\o001é\"");
    }

    #[test]
    fn json_strings_escape_as_rubys_json_generate() {
        let s: String = (0u8..0x20)
            .map(char::from)
            .chain("\u{7f}/\u{2028}é\"\\".chars())
            .collect();
        let mut out = String::new();
        write_json_string(&mut out, &s);
        // ruby -rjson -e 'puts JSON.generate([s])' (json 2.6), without the brackets
        let ruby = concat!(
            r#""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r"#,
            r#"\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018"#,
            r#"\u0019\u001a\u001b\u001c\u001d\u001e\u001f"#,
            "\u{7f}/\u{2028}é\\\"\\\\\""
        );
        assert_eq!(out, ruby);
    }
}
