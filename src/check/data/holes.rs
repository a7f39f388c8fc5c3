//! Values hiera finishes later, which are checked only as far as they can be:
//!
//! - a string with `%{...}` interpolation becomes some string (its
//!   `%{literal('x')}` parts and empty `%{}` are known and put in place);
//! - a string that is exactly `%{alias('key')}` becomes the other key's
//!   value, of any type (an `alias` among other text is an error hiera
//!   raises);
//! - an eyaml `ENC[...]` block decrypts to some string (or, with
//!   `convert_to`, a Sensitive);
//! - an integer too big for 64 bits is some integer.
//!
//! [`may_be_instance`] answers whether a value with such holes can be an
//! instance of a type once they are filled: a hole fits where its kind of
//! value (any string, anything, some integer) can, and containers are
//! checked around their holes. Values without holes are checked as they are.

use super::document::BIG_INTEGER;
use crate::types::calc::{instance_of, is_assignable};
use crate::types::{Type, TypeKind};
use crate::values::Value;

/// What a value with a hole is known to become.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hole {
    /// Some string.
    String,
    /// Some string, or a Sensitive one.
    Encrypted,
    /// Anything (an alias of another key).
    Any,
    /// Some integer.
    Integer,
}

/// What an interpolated string is, read as hiera reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Interpolation {
    /// No interpolation (or only known parts): this text.
    Known(String),
    /// A hole.
    Hole(Hole),
    /// An `alias` among other text: the message hiera raises.
    Invalid(String),
}

/// Interpolation texts that give the empty string.
const EMPTY: [&str; 6] = ["", "::", "\"\"", "''", "\"::\"", "'::'"];

/// How a string reads once hiera's interpolation is taken into account.
pub fn interpolation(s: &str) -> Interpolation {
    if s.contains("ENC[") {
        return Interpolation::Hole(Hole::Encrypted);
    }
    if !s.contains("%{") {
        return Interpolation::Known(s.to_string());
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    let mut unknown = false;
    while let Some(i) = rest.find("%{") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let Some(close) = after.find('}') else {
            // no closing brace: no interpolation, the text stays
            out.push_str(&rest[i..]);
            rest = "";
            break;
        };
        let whole = &rest[i..i + 3 + close];
        let expr = after[..close].trim();
        if !EMPTY.contains(&expr) {
            match function_call(expr) {
                Some(("alias", _)) if whole == s => return Interpolation::Hole(Hole::Any),
                Some(("alias", _)) => {
                    return Interpolation::Invalid(
                        "'alias' interpolation is only permitted if the expression is equal to the entire string"
                            .to_string(),
                    )
                }
                Some(("literal", arg)) => out.push_str(arg),
                Some(("lookup" | "hiera" | "scope", _)) | None => unknown = true,
                Some((other, _)) => {
                    return Interpolation::Invalid(format!(
                        "Unknown interpolation method '{other}'"
                    ))
                }
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    if unknown {
        Interpolation::Hole(Hole::String)
    } else {
        Interpolation::Known(out)
    }
}

/// `name('arg')` or `name("arg")` (no spaces, a non-empty argument): the
/// function name and its argument.
fn function_call(expr: &str) -> Option<(&str, &str)> {
    let open = expr.find('(')?;
    let name = &expr[..open];
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let inner = expr[open + 1..].strip_suffix(')')?;
    let q = inner.chars().next()?;
    if q != '\'' && q != '"' {
        return None;
    }
    let arg = inner.strip_prefix(q)?.strip_suffix(q)?;
    if arg.is_empty() || arg.contains(q) {
        return None;
    }
    Some((name, arg))
}

/// The hole `v` is, if it is one.
pub fn hole_of(v: &Value) -> Option<Hole> {
    match v {
        Value::String(s) => match interpolation(s) {
            Interpolation::Hole(h) => Some(h),
            _ => None,
        },
        Value::Runtime(r) if &*r.class_name == BIG_INTEGER && r.id == u64::MAX => {
            Some(Hole::Integer)
        }
        _ => None,
    }
}

/// True when `v` or anything in it is a hole or a string with known interpolation.
pub fn has_holes(v: &Value) -> bool {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::String(s) if s.contains("%{") || s.contains("ENC[") => return true,
            Value::Runtime(_) if hole_of(v).is_some() => return true,
            Value::Array(items) => stack.extend(items.iter()),
            Value::Hash(h) => {
                for (k, x) in h.iter() {
                    stack.push(k);
                    stack.push(x);
                }
            }
            _ => {}
        }
    }
    false
}

/// `v` with its known interpolations put in place (holes stay as they are).
pub fn resolved_known(v: &Value) -> Value {
    match v {
        Value::String(s) if s.contains("%{") => match interpolation(s) {
            Interpolation::Known(t) => Value::string(t),
            _ => v.clone(),
        },
        Value::Array(items) => Value::array(items.iter().map(resolved_known).collect()),
        Value::Hash(h) => Value::hash(
            h.iter()
                .map(|(k, x)| (resolved_known(k), resolved_known(x)))
                .collect(),
        ),
        _ => v.clone(),
    }
}

const MAX_DEPTH: u32 = 256;

/// Whether `v` can be an instance of `t` once its holes are filled.
pub fn may_be_instance(t: &Type, v: &Value) -> bool {
    may_be(t, v, 0)
}

fn may_be(t: &Type, v: &Value, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    if !has_holes(v) {
        return instance_of(t, v);
    }
    if let Some(h) = hole_of(v) {
        return admits(t, h, 0);
    }
    let d = depth + 1;
    match t.kind() {
        TypeKind::Any => true,
        TypeKind::Alias(a) => a.resolved().map_or(true, |r| may_be(r, v, d)),
        TypeKind::Optional(inner) | TypeKind::NotUndef(inner) => {
            inner.as_ref().map_or(true, |i| may_be(i, v, d))
        }
        TypeKind::Variant(ts) => ts.iter().any(|x| may_be(x, v, d)),
        TypeKind::Array { element, size } => match v {
            Value::Array(items) => {
                fits(size, items.len()) && items.iter().all(|e| may_be(element, e, d))
            }
            _ => false,
        },
        TypeKind::Tuple { types, size } => match v {
            Value::Array(items) => {
                let types = types.as_deref().unwrap_or(&[]);
                let size_ok = match size {
                    Some(_) => fits(size, items.len()),
                    None => types.is_empty() || items.len() == types.len(),
                };
                size_ok
                    && (types.is_empty()
                        || items
                            .iter()
                            .enumerate()
                            .all(|(i, e)| may_be(&types[i.min(types.len() - 1)], e, d)))
            }
            _ => false,
        },
        TypeKind::Hash { key, value, size } => match v {
            Value::Hash(h) => {
                fits(size, h.len())
                    && h.iter()
                        .all(|(k, x)| may_be(key, k, d) && may_be(value, x, d))
            }
            _ => false,
        },
        TypeKind::Struct(elements) => match v {
            Value::Hash(h) => {
                let elements = elements.as_deref().unwrap_or(&[]);
                if h.keys().any(|k| hole_of(k).is_some()) {
                    return true;
                }
                let keys_known = h.keys().all(|k| {
                    k.as_str()
                        .is_some_and(|k| elements.iter().any(|e| e.name() == k))
                });
                let required_present = elements.iter().all(|e| {
                    crate::types::calc::instance::key_is_optional(e)
                        || h.contains_key(&Value::string(e.name()))
                });
                keys_known
                    && required_present
                    && elements
                        .iter()
                        .all(|e| match h.get(&Value::string(e.name())) {
                            Some(x) => may_be(&e.value_type, x, d),
                            None => true,
                        })
            }
            _ => false,
        },
        TypeKind::Collection(size) => match v {
            Value::Array(items) => fits(size, items.len()),
            Value::Hash(h) => fits(size, h.len()),
            _ => false,
        },
        TypeKind::Iterable(_) | TypeKind::Iterator(_) | TypeKind::Init(..) => true,
        _ => instance_of(t, &resolved_known(v)),
    }
}

fn fits(size: &Option<crate::types::IntRange>, n: usize) -> bool {
    match size {
        None => true,
        Some(r) => r.from.map_or(true, |f| n as i64 >= f) && r.to.map_or(true, |t| n as i64 <= t),
    }
}

/// Whether some value of the hole's kind is an instance of `t`.
pub fn admits(t: &Type, h: Hole, depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    let d = depth + 1;
    match t.kind() {
        TypeKind::Any => true,
        TypeKind::Alias(a) => a.resolved().map_or(true, |r| admits(r, h, d)),
        TypeKind::Optional(inner) | TypeKind::NotUndef(inner) => {
            inner.as_ref().map_or(true, |i| admits(i, h, d))
        }
        TypeKind::Variant(ts) => ts.iter().any(|x| admits(x, h, d)),
        TypeKind::Init(..) => true,
        _ => match h {
            Hole::Any => true,
            Hole::String => admits_string(t),
            Hole::Encrypted => admits_string(t) || matches!(t.kind(), TypeKind::Sensitive(_)),
            Hole::Integer => match t.kind() {
                TypeKind::Integer(r) => r.from.is_none() || r.to.is_none(),
                TypeKind::Numeric | TypeKind::Scalar | TypeKind::ScalarData => true,
                _ => false,
            },
        },
    }
}

fn admits_string(t: &Type) -> bool {
    match t.kind() {
        TypeKind::String { size, value } => {
            value.is_none()
                && size
                    .as_ref()
                    .map_or(true, |r| r.to.map_or(true, |to| to >= 0))
        }
        TypeKind::Enum { .. } | TypeKind::Pattern(_) | TypeKind::Scalar | TypeKind::ScalarData => {
            true
        }
        _ => is_assignable(t, &crate::types::factory::string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::parse::TypeParser;

    fn parse(s: &str) -> Type {
        TypeParser::new().parse(s).unwrap()
    }

    #[test]
    fn interpolations_are_read_as_hiera_reads_them() {
        assert_eq!(interpolation("plain"), Interpolation::Known("plain".into()));
        assert_eq!(
            interpolation("%{literal('%')}{x}"),
            Interpolation::Known("%{x}".into())
        );
        assert_eq!(
            interpolation("http://%{facts.fqdn}:80"),
            Interpolation::Hole(Hole::String)
        );
        assert_eq!(
            interpolation("%{alias('a::b')}"),
            Interpolation::Hole(Hole::Any)
        );
        assert!(matches!(
            interpolation("x%{alias('a::b')}"),
            Interpolation::Invalid(_)
        ));
        assert_eq!(
            interpolation("ENC[PKCS7,MIIB]"),
            Interpolation::Hole(Hole::Encrypted)
        );
        assert_eq!(interpolation("a%{}b"), Interpolation::Known("ab".into()));
    }

    #[test]
    fn a_hole_fits_where_its_kind_of_value_can() {
        let s = Value::string("%{facts.x}");
        assert!(may_be_instance(&parse("Enum[a, b]"), &s));
        assert!(!may_be_instance(&parse("Integer"), &s));
        assert!(may_be_instance(
            &parse("Integer"),
            &Value::string("%{alias('x')}")
        ));
        assert!(may_be_instance(
            &parse("Sensitive[String]"),
            &Value::string("ENC[PKCS7,x]")
        ));
        assert!(!may_be_instance(
            &parse("Array[Integer]"),
            &Value::array(vec![s.clone(), Value::string("y")])
        ));
        assert!(may_be_instance(
            &parse("Array[Pattern[/^a/]]"),
            &Value::array(vec![s.clone()])
        ));
        assert!(!may_be_instance(
            &parse("Array[Pattern[/^a/]]"),
            &Value::array(vec![s.clone(), Value::string("b")])
        ));
        let h = Value::hash([(Value::string("a"), s.clone())].into_iter().collect());
        assert!(may_be_instance(&parse("Struct[{a => Enum[x]}]"), &h));
        assert!(!may_be_instance(
            &parse("Struct[{a => Enum[x], b => Integer}]"),
            &h
        ));
        assert!(may_be_instance(
            &parse("Variant[Struct[{a => Enum[x]}], Integer]"),
            &h
        ));
    }
}
