//! Canonical text of types: `impl Display for Type`.
//!
//! The text is what the reference's `to_s` prints for the same type:
//! parameters separated by `", "`, strings quoted the way Puppet quotes them
//! (single quotes unless a control character forces double quotes), regexps
//! between slashes with unescaped slashes escaped, floats in Ruby's notation,
//! and aliases printed by name (which is what stops recursion).

use crate::types::model::{
    CallableType, IntRange, RuntimeName, StructElement, Type, TypeAlias, TypeKind,
};
use crate::values::{Regexp, Value};
use std::fmt::{self, Display, Formatter, Write};
use std::sync::Arc;

/// The text of unparameterised `Object` as the reference prints it.
pub const OBJECT_TEXT: &str = "Object[{}]";
/// The text of unparameterised `TypeSet` as the reference prints it.
pub const TYPESET_TEXT: &str = "TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', version => '0.0.0'}]";
/// The text of `Deferred` (an Object type in the reference).
pub const DEFERRED_TEXT: &str = "Object[{name => 'Deferred', attributes => {'name' => Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], 'arguments' => {type => Optional[Array], value => undef}}}]";

/// The output of the type writer: where text goes, and the alias expansion state.
///
/// The reference prints a type alias given directly to `to_s` expanded,
/// `Name = <resolved>`, and every user alias met inside that expansion
/// expanded too, except one already being expanded (a recursive reference)
/// and the built-in aliases (`Data`, `RichData`). Aliases inside any other
/// type print as their name.
pub struct W<'a> {
    out: &'a mut dyn Write,
    expanding: Option<Vec<*const TypeAlias>>,
    /// How many types deep the writer is (1 while writing the outermost type).
    level: usize,
}

impl Write for W<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.write_str(s)
    }
}

impl<'a> W<'a> {
    /// A writer into `out`; `expand` turns on alias expansion.
    pub fn new(out: &'a mut dyn Write, expand: bool) -> W<'a> {
        W {
            out,
            expanding: expand.then(Vec::new),
            level: 0,
        }
    }
}

/// True for the aliases the reference never expands.
fn is_builtin_alias(name: &str) -> bool {
    matches!(name, "Data" | "RichData" | "RichDataKey")
}

impl Display for Type {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let expand = matches!(self.kind(), TypeKind::Alias(a) if !is_builtin_alias(&a.name));
        write_type(&mut W::new(f, expand), self)
    }
}

impl Type {
    /// The text with every alias printed by name only (the form used inside other types).
    pub fn to_name_string(&self) -> String {
        let mut s = String::new();
        let _ = write_type(&mut W::new(&mut s, false), self);
        s
    }
}

/// Write `s` quoted as Puppet quotes strings inside types.
///
/// Single quotes are used unless the string holds a control character; a
/// backslash is kept as written (it already escapes the next character) and
/// a quote is escaped. Double quotes escape `\n \r \t " \ $` and write other
/// control characters as `\u{X}`.
pub fn write_quoted(f: &mut impl Write, s: &str) -> fmt::Result {
    if s.chars().any(|c| (c as u32) < 0x20) {
        f.write_char('"')?;
        for c in s.chars() {
            match c {
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                '$' => f.write_str("\\$")?,
                c if (c as u32) < 0x20 => write!(f, "\\u{{{:X}}}", c as u32)?,
                c => f.write_char(c)?,
            }
        }
        return f.write_char('"');
    }
    f.write_char('\'')?;
    let mut escaped = false;
    for c in s.chars() {
        if escaped {
            f.write_char('\\')?;
            f.write_char(c)?;
            escaped = false;
        } else if c == '\'' {
            f.write_str("\\'")?;
        } else if c == '\\' {
            escaped = true;
        } else {
            f.write_char(c)?;
        }
    }
    if escaped {
        // A trailing backslash is written as is (the reference does not double it).
        f.write_char('\\')?;
    }
    f.write_char('\'')
}

/// Write a regexp between slashes: slashes not already escaped get a
/// backslash, other control characters than newline and tab are written `\xNN`.
pub fn write_regexp(f: &mut impl Write, r: &Regexp) -> fmt::Result {
    f.write_char('/')?;
    let mut escaped = false;
    for c in r.source().chars() {
        if escaped {
            f.write_char(c)?;
            escaped = false;
            continue;
        }
        match c {
            '\\' => {
                escaped = true;
                f.write_char(c)?;
            }
            '/' => f.write_str("\\/")?,
            '\n' | '\t' | '\r' => f.write_char(c)?,
            c if (c as u32) < 0x20 || c as u32 == 0x7f => write!(f, "\\x{:02X}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('/')
}

/// Write a float as Ruby's `Float#to_s` does (`1.0`, `0.0001`, `1.0e-05`, `1.0e+20`):
/// the formatter's implementation.
pub fn write_float(f: &mut impl Write, x: f64) -> fmt::Result {
    let mut s = String::new();
    crate::values::float_text::write_float_to_s(&mut s, x);
    f.write_str(&s)
}

/// Write a value as it appears inside a type's parameters (`'s'`, `1`, `/re/`, `{'k' => v}`).
pub fn write_value(f: &mut dyn Write, v: &Value) -> fmt::Result {
    write_value_w(&mut W::new(f, false), v)
}

fn write_value_w(f: &mut W<'_>, v: &Value) -> fmt::Result {
    match v {
        Value::Undef => f.write_str("undef"),
        Value::Default => f.write_str("default"),
        Value::Boolean(b) => write!(f, "{b}"),
        Value::Integer(i) => write!(f, "{i}"),
        Value::Float(x) => write_float(f, *x),
        Value::String(s) => write_quoted(f, s),
        Value::Regexp(r) => write_regexp(f, r),
        Value::Array(items) => {
            f.write_char('[')?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_value_w(f, item)?;
            }
            f.write_char(']')
        }
        Value::Hash(map) => {
            f.write_char('{')?;
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_value_w(f, k)?;
                f.write_str(" => ")?;
                write_value_w(f, v)?;
            }
            f.write_char('}')
        }
        Value::Type(t) => write_type(f, t),
        // as the reference: the type of what it holds, generalized (never
        // its content or size)
        Value::Sensitive(_) => {
            f.write_str("Instance of ")?;
            write_type(f, &crate::types::calc::infer(v))
        }
        other => write!(f, "{other:?}"),
    }
}

/// Write the size parameters `from[, to]` of a collection-like type.
fn write_size(f: &mut W<'_>, r: &IntRange) -> fmt::Result {
    write!(f, "{}", r.from.unwrap_or(0))?;
    if let Some(to) = r.to {
        write!(f, ", {to}")?;
    }
    Ok(())
}

/// True for a size range admitting only 0: such an Array or Hash prints as
/// `Array[0, 0]`/`Hash[0, 0]` whatever its element types (an unsized
/// `Array[Unit]`, as generalising `[]` gives, prints its element type).
fn is_empty_size(size: &Option<IntRange>) -> bool {
    matches!(size, Some(r) if r.from.unwrap_or(0) <= 0 && r.to == Some(0))
}

/// Write `Name[p1, p2, ...]` with a closure writing the parameters.
fn bracket(
    f: &mut W<'_>,
    name: &str,
    params: impl FnOnce(&mut W<'_>) -> fmt::Result,
) -> fmt::Result {
    f.write_str(name)?;
    f.write_char('[')?;
    params(f)?;
    f.write_char(']')
}

/// Write a list of types separated by `", "`.
fn write_types(f: &mut W<'_>, ts: &[Type]) -> fmt::Result {
    for (i, t) in ts.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_type(f, t)?;
    }
    Ok(())
}

/// Write the parameter of Optional/NotUndef: a string type holding a value prints as that string.
fn write_wrapped(f: &mut W<'_>, t: &Type) -> fmt::Result {
    match t.kind() {
        TypeKind::String {
            value: Some(v),
            size: None,
        } => write_quoted(f, v),
        _ => write_type(f, t),
    }
}

/// Write a range bound of Timespan/Timestamp/Float: `default` when open.
fn write_opt<T>(
    f: &mut W<'_>,
    v: &Option<T>,
    w: impl Fn(&mut W<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    match v {
        Some(x) => w(f, x),
        None => f.write_str("default"),
    }
}

/// Write a `from, to` pair where either end may be open; nothing for an unbounded pair.
fn write_bounds<T>(
    f: &mut W<'_>,
    name: &str,
    from: &Option<T>,
    to: &Option<T>,
    w: impl Fn(&mut W<'_>, &T) -> fmt::Result + Copy,
) -> fmt::Result {
    if from.is_none() && to.is_none() {
        return f.write_str(name);
    }
    bracket(f, name, |f| {
        write_opt(f, from, w)?;
        if to.is_some() {
            f.write_str(", ")?;
            write_opt(f, to, w)?;
        }
        Ok(())
    })
}

fn write_struct_key(f: &mut W<'_>, e: &StructElement) -> fmt::Result {
    match e.key_type.kind() {
        TypeKind::Optional(_) => {
            f.write_str("Optional[")?;
            write_quoted(f, e.name())?;
            f.write_char(']')
        }
        TypeKind::NotUndef(_) => {
            f.write_str("NotUndef[")?;
            write_quoted(f, e.name())?;
            f.write_char(']')
        }
        _ => write_quoted(f, e.name()),
    }
}

fn write_callable(f: &mut W<'_>, c: &CallableType) -> fmt::Result {
    let ret = c
        .return_type
        .as_ref()
        .filter(|r| !matches!(r.kind(), TypeKind::Any));
    if c.params.is_none() && c.block.is_none() && ret.is_none() {
        return f.write_str("Callable");
    }
    let write_params = |f: &mut W<'_>| -> fmt::Result {
        let mut first = true;
        let mut sep = |f: &mut W<'_>| -> fmt::Result {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            Ok(())
        };
        if let Some(p) = &c.params {
            if let TypeKind::Tuple { types, size } = p.kind() {
                for t in types.iter().flatten() {
                    sep(f)?;
                    write_type(f, t)?;
                }
                match (size, types.as_deref()) {
                    (Some(r), _) => {
                        sep(f)?;
                        write_size(f, r)?;
                    }
                    // No parameters at all: the reference writes the size `0, 0`.
                    (None, Some([]) | None) => {
                        sep(f)?;
                        f.write_str("0, 0")?;
                    }
                    (None, Some(_)) => {}
                }
            }
        }
        if let Some(b) = &c.block {
            sep(f)?;
            write_type(f, b)?;
        }
        Ok(())
    };
    f.write_str("Callable[")?;
    match ret {
        Some(r) => {
            f.write_char('[')?;
            write_params(f)?;
            f.write_str("], ")?;
            write_type(f, r)?;
        }
        None => write_params(f)?,
    }
    f.write_char(']')
}

/// Write the canonical text of `t` (aliases by name unless `f` expands them).
pub fn write_type(f: &mut W<'_>, t: &Type) -> fmt::Result {
    f.level += 1;
    // (types nest thousands deep: on more stack when the thread's runs low)
    let r = crate::stack::deep(|| write_type_inner(f, t));
    f.level -= 1;
    r
}

/// The name an Object type prints as when nested in another type: the `name`
/// of its initialisation hash, or `Object` for the unnamed one.
fn object_name(text: &str) -> &str {
    text.strip_prefix("Object[{name => '")
        .and_then(|rest| rest.split('\'').next())
        .unwrap_or("Object")
}

fn write_type_inner(f: &mut W<'_>, t: &Type) -> fmt::Result {
    use TypeKind as K;
    match t.kind() {
        K::Any => f.write_str("Any"),
        K::Unit => f.write_str("Unit"),
        K::Undef => f.write_str("Undef"),
        K::Default => f.write_str("Default"),
        K::Scalar => f.write_str("Scalar"),
        K::ScalarData => f.write_str("ScalarData"),
        K::Numeric => f.write_str("Numeric"),
        K::SemVerRange => f.write_str("SemVerRange"),
        K::Binary => f.write_str("Binary"),
        K::CatalogEntry => f.write_str("CatalogEntry"),
        // Object types print in full only as the outermost type, as in the reference.
        K::Deferred if f.level > 1 => f.write_str("Deferred"),
        K::Deferred => f.write_str(DEFERRED_TEXT),
        K::NotUndef(None) => f.write_str("NotUndef"),
        K::NotUndef(Some(p)) => bracket(f, "NotUndef", |f| write_wrapped(f, p)),
        K::Optional(None) => f.write_str("Optional"),
        K::Optional(Some(p)) => bracket(f, "Optional", |f| write_wrapped(f, p)),
        K::Type(None) => f.write_str("Type"),
        K::Type(Some(p)) => bracket(f, "Type", |f| write_type(f, p)),
        K::Iterable(None) => f.write_str("Iterable"),
        K::Iterable(Some(p)) => bracket(f, "Iterable", |f| write_type(f, p)),
        K::Iterator(None) => f.write_str("Iterator"),
        K::Iterator(Some(p)) => bracket(f, "Iterator", |f| write_type(f, p)),
        K::Sensitive(None) => f.write_str("Sensitive"),
        K::Sensitive(Some(p)) => bracket(f, "Sensitive", |f| write_type(f, p)),
        K::Init(None, _) => f.write_str("Init"),
        K::Init(Some(p), args) => bracket(f, "Init", |f| {
            write_type(f, p)?;
            for a in args {
                f.write_str(", ")?;
                write_value_w(f, a)?;
            }
            Ok(())
        }),
        K::Variant(ts) if ts.is_empty() => f.write_str("Variant"),
        K::Variant(ts) => bracket(f, "Variant", |f| write_types(f, ts)),
        K::Integer(r) => write_bounds(f, "Integer", &r.from, &r.to, |f, n| write!(f, "{n}")),
        K::Float(a, b) => write_bounds(f, "Float", a, b, |f, x| write_float(f, *x)),
        K::String { size: None, .. } => f.write_str("String"),
        K::String { size: Some(r), .. } => bracket(f, "String", |f| write_size(f, r)),
        K::Enum { values, .. } if values.is_empty() => f.write_str("Enum"),
        K::Enum {
            values,
            case_insensitive,
        } => bracket(f, "Enum", |f| {
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_quoted(f, v)?;
            }
            if *case_insensitive {
                f.write_str(", true")?;
            }
            Ok(())
        }),
        K::Pattern(ps) if ps.is_empty() => f.write_str("Pattern"),
        K::Pattern(ps) => bracket(f, "Pattern", |f| {
            for (i, p) in ps.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_regexp(f, p)?;
            }
            Ok(())
        }),
        K::Boolean(None) => f.write_str("Boolean"),
        K::Boolean(Some(b)) => write!(f, "Boolean[{b}]"),
        K::Regexp(None) => f.write_str("Regexp"),
        K::Regexp(Some(r)) => bracket(f, "Regexp", |f| write_regexp(f, r)),
        K::SemVer(rs) if rs.is_empty() => f.write_str("SemVer"),
        K::SemVer(rs) => bracket(f, "SemVer", |f| {
            for (i, r) in rs.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_quoted(f, &crate::types::text::rich::semver_range_text(r))?;
            }
            Ok(())
        }),
        // Equal bounds print once, as the reference does for these two.
        K::Timespan(a, b) => {
            let b = if a.is_some() && a == b { &None } else { b };
            write_bounds(f, "Timespan", a, b, |f, t| write_quoted(f, &t.text()))
        }
        K::Timestamp(a, b) => {
            let b = if a.is_some() && a == b { &None } else { b };
            write_bounds(f, "Timestamp", a, b, |f, t| {
                write_quoted(f, &crate::types::text::rich::timestamp_text(t))
            })
        }
        K::Uri(None) => f.write_str("URI"),
        K::Uri(Some(map)) => bracket(f, "URI", |f| write_value_w(f, &Value::Hash(map.clone()))),
        K::Collection(None) => f.write_str("Collection"),
        K::Collection(Some(r)) => bracket(f, "Collection", |f| write_size(f, r)),
        K::Array { element, size } => {
            if is_empty_size(size) {
                return f.write_str("Array[0, 0]");
            }
            if size.is_none() && matches!(element.kind(), K::Any) {
                return f.write_str("Array");
            }
            bracket(f, "Array", |f| {
                write_type(f, element)?;
                if let Some(r) = size {
                    f.write_str(", ")?;
                    write_size(f, r)?;
                }
                Ok(())
            })
        }
        K::Hash { key, value, size } => {
            if is_empty_size(size) {
                return f.write_str("Hash[0, 0]");
            }
            if size.is_none() && matches!(key.kind(), K::Any) && matches!(value.kind(), K::Any) {
                return f.write_str("Hash");
            }
            bracket(f, "Hash", |f| {
                write_type(f, key)?;
                f.write_str(", ")?;
                write_type(f, value)?;
                if let Some(r) = size {
                    f.write_str(", ")?;
                    write_size(f, r)?;
                }
                Ok(())
            })
        }
        K::Struct(None) => f.write_str("Struct"),
        K::Struct(Some(es)) if es.is_empty() => f.write_str("Struct"),
        K::Struct(Some(es)) => bracket(f, "Struct", |f| {
            f.write_char('{')?;
            for (i, e) in es.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_struct_key(f, e)?;
                f.write_str(" => ")?;
                write_type(f, &e.value_type)?;
            }
            f.write_char('}')
        }),
        K::Tuple { types: None, .. } => f.write_str("Tuple"),
        K::Tuple {
            types: Some(ts),
            size,
        } => {
            if ts.is_empty() {
                return f.write_str("Tuple");
            }
            bracket(f, "Tuple", |f| {
                write_types(f, ts)?;
                if let Some(r) = size {
                    f.write_str(", ")?;
                    write_size(f, r)?;
                }
                Ok(())
            })
        }
        K::Callable(c) => write_callable(f, c),
        K::Resource {
            type_name: None, ..
        } => f.write_str("Resource"),
        K::Resource {
            type_name: Some(n),
            title: None,
        } => f.write_str(n),
        K::Resource {
            type_name: Some(n),
            title: Some(t),
        } => bracket(f, n, |f| write_quoted(f, t)),
        K::Class(None) => f.write_str("Class"),
        K::Class(Some(n)) => write!(f, "Class[{n}]"),
        K::Runtime {
            runtime: None,
            name: None,
        } => f.write_str("Runtime"),
        K::Runtime { runtime, name } => bracket(f, "Runtime", |f| {
            // (a name without a runtime, as the reference's factory makes it: `Runtime[undef, 'x']`)
            f.write_str(runtime.as_deref().unwrap_or("undef"))?;
            match name {
                Some(RuntimeName::Name(n)) => {
                    f.write_str(", ")?;
                    write_quoted(f, n)
                }
                Some(RuntimeName::Pattern(r, rep)) => {
                    f.write_str(", [")?;
                    write_regexp(f, r)?;
                    f.write_str(", ")?;
                    write_quoted(f, rep)?;
                    f.write_char(']')
                }
                None => f.write_str(", undef"),
            }
        }),
        K::Object(text) if f.level > 1 => f.write_str(object_name(text)),
        K::Object(text) | K::TypeSet(text) => f.write_str(text),
        K::Alias(a) => {
            f.write_str(&a.name)?;
            let ptr = Arc::as_ptr(a);
            let expand = match &f.expanding {
                Some(stack) => !is_builtin_alias(&a.name) && !stack.contains(&ptr),
                None => false,
            };
            if let (true, Some(r)) = (expand, a.resolved()) {
                f.write_str(" = ")?;
                if let Some(stack) = f.expanding.as_mut() {
                    stack.push(ptr);
                }
                let res = write_type(f, r);
                if let Some(stack) = f.expanding.as_mut() {
                    stack.pop();
                }
                res?;
            }
            Ok(())
        }
        K::TypeReference(name) => bracket(f, "TypeReference", |f| write_quoted(f, name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Q<'a>(&'a str);
    impl Display for Q<'_> {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write_quoted(f, self.0)
        }
    }

    fn float(x: f64) -> String {
        let mut s = String::new();
        write_float(&mut s, x).unwrap();
        s
    }

    #[test]
    fn ruby_float_notation() {
        let cases = [
            (1.0, "1.0"),
            (1e15, "1.0e+15"),
            (1e14, "100000000000000.0"),
            (123456789012345.0, "123456789012345.0"),
            (1.5e15, "1.5e+15"),
            (0.0001, "0.0001"),
            (0.00012, "0.00012"),
            (0.00001, "1.0e-05"),
            (2.5e-5, "2.5e-05"),
            (1e100, "1.0e+100"),
            (-1.5, "-1.5"),
            (1.0 / 3.0, "0.3333333333333333"),
            (123456789.123, "123456789.123"),
            (5e-324, "5.0e-324"),
        ];
        for (x, want) in cases {
            assert_eq!(float(x), want, "{x}");
        }
    }

    #[test]
    fn puppet_string_quoting() {
        let cases = [
            ("a", "'a'"),
            ("a'b", "'a\\'b'"),
            ("a\\b", "'a\\b'"),
            ("a\\", "'a\\'"),
            ("x\ny", "\"x\\ny\""),
            ("e\u{1}f", "\"e\\u{1}f\""),
            ("x\n$\\y\"", "\"x\\n\\$\\\\y\\\"\""),
            ("q\"d", "'q\"d'"),
            ("é", "'é'"),
        ];
        for (s, want) in cases {
            assert_eq!(Q(s).to_string(), want, "{s:?}");
        }
    }
}
