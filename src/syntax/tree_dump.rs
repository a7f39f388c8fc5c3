//! The deprecated "old" dump of a syntax tree: what `puppet parser dump`
//! (`--format old`, its default) prints for a program.
//!
//! A node becomes a [`Doc`]: a parenthesised list of atoms and lists, with
//! markers that raise or lower the indentation level and break the line
//! there. [`Doc::render`] lays it out as the reference does: elements are
//! separated by one space, except next to a line break (a newline and two
//! spaces per level). The reference's layout has quirks that are kept: an
//! `if`/`unless` without an `else` raises the level without lowering it
//! again, so the statements after it are indented one level deeper.

use crate::syntax::ast::{
    AttributeOp, Call, CaseOption, Definition, Expr, ExprKind, Lambda, Parameter, Program,
    ResourceForm,
};

/// A dump being built.
#[derive(Debug)]
enum Doc {
    /// A name, literal or operator, as printed.
    Atom(String),
    /// `(elements...)`.
    List(Vec<Doc>),
    /// One level deeper from here.
    Indent,
    /// One level less deep from here.
    Dedent,
    /// A new line at the current level.
    Break,
}

impl Doc {
    fn render(&self, out: &mut String, level: &mut usize) {
        crate::stack::deep(|| self.render_here(out, level))
    }

    fn render_here(&self, out: &mut String, level: &mut usize) {
        match self {
            Doc::Atom(s) => out.push_str(s),
            Doc::List(items) => {
                out.push('(');
                // a space goes between elements on the same line, except
                // before an atom with a line break followed by white space,
                // and after one with white space or `(` followed by a line break
                let mut space = false;
                for item in items {
                    match item {
                        Doc::Indent => *level += 1,
                        Doc::Dedent => *level = level.saturating_sub(1),
                        Doc::Break => {
                            out.push('\n');
                            for _ in 0..*level {
                                out.push_str("  ");
                            }
                            space = false;
                        }
                        _ => {
                            let (opens, closes) = match item {
                                Doc::Atom(s) => (break_then_space(s), space_then_break(s)),
                                _ => (false, false),
                            };
                            if space && !opens {
                                out.push(' ');
                            }
                            item.render(out, level);
                            space = !closes;
                        }
                    }
                }
                out.push(')');
            }
            // (markers act only inside a list)
            Doc::Indent | Doc::Dedent | Doc::Break => {}
        }
    }
}

/// True when `s` has a line break followed by white space.
fn break_then_space(s: &str) -> bool {
    s.as_bytes()
        .windows(2)
        .any(|w| w[0] == b'\n' && is_space(w[1]))
}

/// True when `s` has white space or `(` followed by a line break.
fn space_then_break(s: &str) -> bool {
    s.as_bytes()
        .windows(2)
        .any(|w| (is_space(w[0]) || w[0] == b'(') && w[1] == b'\n')
}

/// White space as regular expressions' `\s` (ASCII).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn atom(s: impl Into<String>) -> Doc {
    Doc::Atom(s.into())
}

fn list(items: Vec<Doc>) -> Doc {
    Doc::List(items)
}

/// The old-format dump of `program` (without the newline `puppet parser
/// dump` adds after it).
pub fn program_to_old_dump(program: &Program) -> String {
    let doc = match &program.body.kind {
        ExprKind::Nop => atom(":nop"),
        _ => dump(&program.body),
    };
    let mut out = String::new();
    doc.render(&mut out, &mut 0);
    out
}

fn dump(e: &Expr) -> Doc {
    crate::stack::deep(|| dump_here(e))
}

/// An optional part: `()` when absent or empty.
fn dump_opt(e: Option<&Expr>) -> Doc {
    match e {
        None => list(vec![]),
        Some(x) => dump(x),
    }
}

fn dump_here(e: &Expr) -> Doc {
    use ExprKind as K;
    match &e.kind {
        K::Nop => atom(":nop"),
        K::LiteralUndef => atom(":undef"),
        K::LiteralDefault => atom(":default"),
        K::LiteralBoolean(b) => atom(if *b { "true" } else { "false" }),
        K::LiteralInteger { value, radix } => atom(integer(*value, *radix)),
        K::LiteralFloat(f) => atom(crate::syntax::pn::ruby_float_to_s(*f)),
        K::LiteralString(s) => atom(format!("'{s}'")),
        K::LiteralRegex(s) => atom(regex(s)),
        K::LiteralList(v) => {
            let mut items = vec![atom("[]")];
            items.extend(v.iter().map(dump));
            list(items)
        }
        K::LiteralHash { entries, .. } => {
            let mut items = vec![atom("{}")];
            items.extend(
                entries
                    .iter()
                    .map(|en| list(vec![dump(&en.key), dump(&en.value)])),
            );
            list(items)
        }
        K::QualifiedName(n) | K::QualifiedReference(n) => atom(n.as_str()),
        K::ReservedWord(w) => list(vec![atom("reserved"), atom(w.as_str())]),
        K::Variable(inner) => match &inner.kind {
            K::QualifiedName(n) => atom(format!("${n}")),
            K::LiteralInteger { value, .. } => atom(format!("${value}")),
            _ => list(vec![atom("$"), dump(inner)]),
        },
        K::ConcatenatedString(segs) => {
            let mut items = vec![atom("cat")];
            items.extend(segs.iter().map(dump));
            list(items)
        }
        K::Text(x) => list(vec![atom("str"), dump(x)]),
        K::Heredoc { syntax, text } => list(vec![
            atom(format!("@({syntax})")),
            Doc::Indent,
            Doc::Break,
            dump(text),
            Doc::Dedent,
            Doc::Break,
        ]),
        K::Access { left, keys } => {
            let keys = match keys.as_slice() {
                [one] => dump(one),
                many => list(many.iter().map(dump).collect()),
            };
            list(vec![atom("slice"), dump(left), keys])
        }
        K::NamedAccess { left, right } => list(vec![atom("."), dump(left), dump(right)]),
        K::Not(x) => list(vec![atom("!"), dump(x)]),
        K::UnaryMinus(x) => list(vec![atom("-"), dump(x)]),
        K::Unfold(x) => list(vec![atom("unfold"), dump(x)]),
        K::Binary {
            op, left, right, ..
        } => list(vec![atom(operator(op.symbol())), dump(left), dump(right)]),
        K::Paren(x) => dump(x),
        K::Selector { left, entries } => {
            let mut items = vec![atom("?"), dump(left)];
            items.extend(
                entries
                    .iter()
                    .map(|en| list(vec![dump(&en.matching), atom("=>"), dump(&en.value)])),
            );
            list(items)
        }
        K::Case { test, options } => {
            let mut items = vec![atom("case"), dump(test), Doc::Indent];
            for o in options {
                items.push(Doc::Break);
                items.push(case_option(o));
            }
            items.push(Doc::Dedent);
            list(items)
        }
        K::If {
            test,
            then_expr,
            else_expr,
        } => conditional("if", test, then_expr, else_expr),
        K::Unless {
            test,
            then_expr,
            else_expr,
        } => conditional("unless", test, then_expr, else_expr),
        K::Block(stmts) => block(stmts),
        K::CallNamedFunction(c) => call(c, if c.rval_required { "call" } else { "invoke" }),
        K::CallMethod(c) => call(c, "call-method"),
        K::Lambda(l) => lambda(l),
        K::Resource {
            form,
            type_name,
            bodies,
        } => {
            let mut items = vec![
                atom(formed(*form, "resource")),
                dump(type_name),
                Doc::Indent,
            ];
            for b in bodies {
                let mut body = vec![dump(&b.title), Doc::Indent];
                push_ops(&mut body, &b.operations);
                body.push(Doc::Dedent);
                items.push(Doc::Break);
                items.push(list(body));
            }
            items.push(Doc::Dedent);
            list(items)
        }
        K::ResourceDefaults {
            form,
            type_ref,
            operations,
        } => {
            let mut items = vec![
                atom(formed(*form, "resource-defaults")),
                dump(type_ref),
                Doc::Indent,
            ];
            push_ops(&mut items, operations);
            items.push(Doc::Dedent);
            list(items)
        }
        K::ResourceOverride {
            form,
            resources,
            operations,
        } => {
            let mut items = vec![
                atom(formed(*form, "override")),
                dump(resources),
                Doc::Indent,
            ];
            push_ops(&mut items, operations);
            items.push(Doc::Dedent);
            list(items)
        }
        K::Collect {
            type_expr, query, ..
        } => list(vec![
            atom("collect"),
            dump(type_expr),
            Doc::Indent,
            Doc::Break,
            dump(query),
            Doc::Dedent,
        ]),
        K::VirtualQuery(q) => query("<| |>", q.as_deref()),
        K::ExportedQuery(q) => query("<<| |>>", q.as_deref()),
        K::HostClass(d) => definition("class", d),
        K::ResourceTypeDefinition(d) => definition("define", d),
        K::FunctionDefinition(d) => definition("function", d),
        K::PlanDefinition(d) => definition("plan", d),
        K::NodeDefinition {
            host_matches,
            parent,
            body,
        } => {
            let mut matches = vec![atom("matches")];
            matches.extend(host_matches.iter().map(dump));
            let mut items = vec![atom("node"), list(matches)];
            if let Some(p) = parent {
                items.push(list(vec![atom("parent"), dump(p)]));
            }
            items.push(dump_opt(body.as_deref()));
            list(items)
        }
        K::TypeAlias { name, type_expr } => list(vec![
            atom("type-alias"),
            atom(name.as_str()),
            dump(type_expr),
        ]),
        K::TypeMapping { type_expr, mapping } => {
            list(vec![atom("type-mapping"), dump(type_expr), dump(mapping)])
        }
        K::TypeDefinition { name, parent, body } => list(vec![
            atom("type-definition"),
            atom(&**name),
            atom(&**parent),
            dump_opt(body.as_deref()),
        ]),
        K::Apply { arguments, body } => {
            let mut args = vec![atom("arguments")];
            args.extend(arguments.iter().map(dump));
            list(vec![atom("apply"), list(args), block(body)])
        }
        K::Epp { body, .. } => list(vec![atom("epp"), dump_opt(body.as_deref())]),
        K::RenderString(s) => list(vec![atom("render-s"), atom(format!("'{s}'"))]),
        K::Render(x) => list(vec![atom("render"), dump(x)]),
    }
}

/// A regular expression as the reference prints it: between slashes, a
/// slash in it escaped unless it is already.
fn regex(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 2);
    out.push('/');
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push(c);
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            '/' => out.push_str("\\/"),
            c => out.push(c),
        }
    }
    out.push('/');
    out
}

/// An integer as the reference prints it: in the radix it was written in.
fn integer(value: i64, radix: u32) -> String {
    match radix {
        16 => format!("0x{value:X}"),
        8 => format!("0{value:o}"),
        _ => value.to_string(),
    }
}

/// The printed name of a binary operator (`and`/`or` as `&&`/`||`).
fn operator(symbol: &'static str) -> &'static str {
    match symbol {
        "and" => "&&",
        "or" => "||",
        s => s,
    }
}

fn formed(form: ResourceForm, name: &str) -> String {
    match form {
        ResourceForm::Regular => name.to_string(),
        ResourceForm::Virtual => format!("virtual-{name}"),
        ResourceForm::Exported => format!("exported-{name}"),
    }
}

fn push_ops(items: &mut Vec<Doc>, operations: &[AttributeOp]) {
    for op in operations {
        items.push(Doc::Break);
        items.push(match op {
            AttributeOp::Set {
                name,
                append,
                value,
                ..
            } => list(vec![
                atom(name.as_str()),
                atom(if *append { "+>" } else { "=>" }),
                dump(value),
            ]),
            AttributeOp::Splat { expr, .. } => list(vec![atom("*"), atom("=>"), dump(expr)]),
        });
    }
}

fn query(name: &str, q: Option<&Expr>) -> Doc {
    let mut items = vec![atom(name)];
    if let Some(x) = q {
        if !matches!(x.kind, ExprKind::Nop) {
            items.push(dump(x));
        }
    }
    list(items)
}

fn block(stmts: &[Expr]) -> Doc {
    let mut items = vec![atom("block"), Doc::Indent];
    for s in stmts {
        items.push(Doc::Break);
        items.push(dump(s));
    }
    items.push(Doc::Dedent);
    items.push(Doc::Break);
    list(items)
}

fn is_absent(e: &Option<Box<Expr>>) -> bool {
    matches!(
        e.as_deref(),
        None | Some(Expr {
            kind: ExprKind::Nop,
            ..
        })
    )
}

/// `if` / `unless`: the level raised for `then` is lowered only after an `else`.
fn conditional(
    name: &str,
    test: &Expr,
    then_expr: &Option<Box<Expr>>,
    else_expr: &Option<Box<Expr>>,
) -> Doc {
    let then_part = if is_absent(then_expr) {
        list(vec![])
    } else {
        dump_opt(then_expr.as_deref())
    };
    let mut items = vec![
        atom(name),
        dump(test),
        Doc::Indent,
        Doc::Break,
        list(vec![atom("then"), Doc::Indent, then_part, Doc::Dedent]),
    ];
    if !is_absent(else_expr) {
        items.push(Doc::Break);
        items.push(list(vec![
            atom("else"),
            Doc::Indent,
            dump_opt(else_expr.as_deref()),
            Doc::Dedent,
        ]));
        items.push(Doc::Dedent);
    }
    list(items)
}

fn case_option(o: &CaseOption) -> Doc {
    list(vec![
        atom("when"),
        list(o.values.iter().map(dump).collect()),
        list(vec![atom("then"), dump_opt(o.then_expr.as_deref())]),
    ])
}

fn call(c: &Call, name: &str) -> Doc {
    let mut items = vec![atom(name), dump(&c.functor)];
    items.extend(c.args.iter().map(dump));
    if let Some(l) = &c.lambda {
        items.push(dump(l));
    }
    list(items)
}

fn lambda(l: &Lambda) -> Doc {
    let mut items = vec![atom("lambda")];
    if !l.parameters.is_empty() {
        items.push(parameters(&l.parameters));
    }
    items.push(dump_opt(l.body.as_deref()));
    list(items)
}

fn parameters(params: &[Parameter]) -> Doc {
    let mut items = vec![atom("parameters")];
    items.extend(params.iter().map(parameter));
    list(items)
}

fn parameter(p: &Parameter) -> Doc {
    let name = if p.captures_rest {
        format!("*{}", p.name)
    } else {
        p.name.clone()
    };
    match (&p.type_expr, &p.value) {
        (None, None) => atom(name),
        (Some(t), None) => list(vec![atom("t"), dump(t), atom(name)]),
        (None, Some(v)) => list(vec![atom("="), atom(name), dump(v)]),
        (Some(t), Some(v)) => list(vec![atom("=t"), dump(t), atom(name), dump(v)]),
    }
}

fn definition(kind: &str, d: &Definition) -> Doc {
    let mut items = vec![atom(kind), atom(d.name.as_str())];
    if let Some(p) = &d.parent {
        items.push(list(vec![atom("inherits"), atom(p.as_str())]));
    }
    if !d.parameters.is_empty() {
        items.push(parameters(&d.parameters));
    }
    if let Some(r) = &d.return_type {
        items.push(list(vec![atom("return_type"), dump(r)]));
    }
    items.push(dump_opt(d.body.as_deref()));
    list(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn old(source: &str) -> String {
        let program = crate::syntax::parser::parse_syntax(source, false).expect("parses");
        program_to_old_dump(&program)
    }

    #[test]
    fn an_if_without_else_leaves_the_level_raised() {
        assert_eq!(
            old("if $x { a() b() }\nc()\n"),
            "(block\n  (if $x\n    (then (block\n        (invoke a)\n        (invoke b)\n      )))\n    (invoke c)\n  )"
        );
        assert_eq!(
            old("if $x { a() } else { b() }\nc()\n"),
            "(block\n  (if $x\n    (then (invoke a))\n    (else (invoke b)))\n  (invoke c)\n)"
        );
    }

    #[test]
    fn line_breaks_in_strings_next_to_white_space_drop_the_separating_space() {
        assert_eq!(old("notice(1, 'a\nb', 2)"), "(invoke notice 1 'a\nb' 2)");
        assert_eq!(old("notice(1, 'a\n b', 2)"), "(invoke notice 1'a\n b' 2)");
        assert_eq!(old("notice(1, 'a (\nb', 2)"), "(invoke notice 1 'a (\nb'2)");
        assert_eq!(old("notice(1, 'a\n\nb', 2)"), "(invoke notice 1'a\n\nb'2)");
    }

    #[test]
    fn literals_print_as_written_kinds() {
        assert_eq!(
            old("[0x1f, 010, 1e100, /a\\/b/, undef, default]"),
            "([] 0x1F 010 1.0e+100 /a\\/b/ :undef :default)"
        );
        assert_eq!(old(""), ":nop");
    }
}
