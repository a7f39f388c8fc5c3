//! Hiera's interpolation: `%{var}` and `%{var.key.0}` (a variable of the
//! caller, `::`-prefixed for the top scope, dug into), `%{facts.x}`,
//! `%{scope('var')}`, `%{lookup('key')}` / `%{hiera('key')}` (a lookup of
//! another key, made a string), `%{alias('key')}` (the other key's value
//! itself, only as the whole string), `%{literal('%')}`, and `%{}` (empty);
//! and the dotted segments of keys (`a.b.0`, `"a.b".c`) that dig into
//! values. A lookup that would look itself up again is an error.

use super::Hiera;
use crate::error::{Error, Result};
use crate::values::Value;

/// What interpolation sees: the caller's variables and the keys being
/// looked up (innermost last).
pub(crate) struct Context<'a> {
    variable: &'a dyn Fn(&str) -> Option<Value>,
    modules: bool,
    stack: Vec<String>,
    /// A `mapped_paths` element bound to its name.
    binding: Option<(String, Value)>,
}

/// The class name Ruby gives a value (in the reference's type mismatch messages).
fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Undef => "NilClass",
        Value::String(_) => "String",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        _ => "Object",
    }
}

/// The segments of a dotted key or variable path: split at dots outside
/// quotes, quotes removed.
pub fn split_key(key: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut quoted = false;
    for c in key.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') if cur.is_empty() => {
                quote = Some(c);
                quoted = true;
            }
            (None, '.') => {
                if cur.is_empty() && !quoted {
                    return Err(Error::evaluation(format!("Syntax error in string: {key}")));
                }
                out.push(std::mem::take(&mut cur));
                quoted = false;
            }
            (None, c) => cur.push(c),
        }
    }
    if quote.is_some() || (cur.is_empty() && !quoted) {
        return Err(Error::evaluation(format!(
            "Unterminated quote or empty segment in key '{key}'"
        )));
    }
    out.push(cur);
    Ok(out)
}

/// `v` dug into by `segments[1..]` (`None` when a segment is missing);
/// `key` names the lookup in messages.
pub fn dig(v: &Value, segments: &[String], key: &str) -> Result<Option<Value>> {
    let mut cur = v.clone();
    for seg in &segments[1..] {
        let index = seg.parse::<i64>().ok();
        cur = match (&cur, index) {
            (Value::Undef, _) => return Ok(None),
            (Value::Hash(h), _) => match h.get(&Value::string(seg.as_str())) {
                Some(v) => v.clone(),
                None => match index.and_then(|i| h.get(&Value::Integer(i))) {
                    Some(v) => v.clone(),
                    None => return Ok(None),
                },
            },
            (Value::Array(a), Some(i)) => match usize::try_from(i).ok().and_then(|i| a.get(i)) {
                Some(v) => v.clone(),
                None => return Ok(None),
            },
            (other, index) => {
                let expected = if index.is_some() {
                    "an array-like"
                } else {
                    "a hash-like"
                };
                return Err(Error::evaluation(format!(
                    "Data Provider type mismatch: Got {} when {expected} object was expected to access value using '{seg}' from key '{key}'",
                    ruby_class(other)
                )));
            }
        };
    }
    Ok(Some(cur))
}

/// A value as interpolation writes it into a string.
fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        Value::Undef => String::new(),
        other => crate::eval::interpolate(other),
    }
}

impl<'a> Context<'a> {
    /// A context over the caller's `variable`s.
    pub(crate) fn new(variable: &'a dyn Fn(&str) -> Option<Value>, modules: bool) -> Context<'a> {
        Context {
            variable,
            modules,
            stack: Vec::new(),
            binding: None,
        }
    }

    /// This context inside a lookup of `key`; an error when `key` is being looked up already.
    pub(crate) fn entering(&self, key: &str) -> Result<Context<'a>> {
        if self.stack.iter().any(|k| k == key) {
            return Err(Error::evaluation(format!(
                "Recursive lookup detected in [{}]",
                self.stack.join(", ")
            )));
        }
        let mut stack = self.stack.clone();
        stack.push(key.to_string());
        Ok(Context {
            variable: self.variable,
            modules: self.modules,
            stack,
            binding: self.binding.clone(),
        })
    }

    /// This context with `name` bound to `v` (a `mapped_paths` element).
    pub(crate) fn with_binding(&self, name: &str, v: Value) -> Context<'a> {
        Context {
            variable: self.variable,
            modules: self.modules,
            stack: self.stack.clone(),
            binding: Some((name.to_string(), v)),
        }
    }

    /// The value of a variable path (`facts.os.family`, `::fqdn`), `None` when it is not set.
    pub(crate) fn variable_path(&self, path: &str) -> Result<Option<Value>> {
        let segments = split_key(path)?;
        let name = &segments[0];
        let v = match &self.binding {
            Some((n, v)) if n == name => Some(v.clone()),
            _ => (self.variable)(name),
        };
        match v {
            Some(v) => dig(&v, &segments, path),
            None => Ok(None),
        }
    }

    /// A path of a hierarchy with its interpolations done (no lookups).
    pub(crate) fn path(&self, s: &str) -> Result<String> {
        Ok(text(&self.string(None, s)?))
    }

    /// `v` with the interpolations of its strings (and hash keys) done.
    pub(crate) fn value(&self, hiera: &Hiera, v: &Value) -> Result<Value> {
        Ok(match v {
            Value::String(s) if s.contains("%{") => self.string(Some(hiera), s)?,
            Value::Array(a) => Value::array(
                a.iter()
                    .map(|x| self.value(hiera, x))
                    .collect::<Result<Vec<_>>>()?,
            ),
            Value::Hash(h) => {
                let mut out = crate::values::ValueMap::default();
                for (k, x) in h.iter() {
                    out.insert(self.value(hiera, k)?, self.value(hiera, x)?);
                }
                Value::hash(out)
            }
            other => other.clone(),
        })
    }

    /// The string `s` interpolated (an `alias` gives the other key's value itself).
    fn string(&self, hiera: Option<&Hiera>, s: &str) -> Result<Value> {
        let mut out = String::new();
        let mut rest = s;
        while let Some(i) = rest.find("%{") {
            out.push_str(&rest[..i]);
            let Some(close) = rest[i..].find('}') else {
                out.push_str(&rest[i..]);
                rest = "";
                break;
            };
            let expr = rest[i + 2..i + close].trim();
            let whole = i == 0 && i + close + 1 == rest.len() && out.is_empty();
            rest = &rest[i + close + 1..];
            if expr.is_empty() {
                continue;
            }
            match call(expr) {
                Some((name, arg)) => match name {
                    "literal" => out.push_str(arg),
                    "scope" => {
                        if let Some(v) = self.variable_path(arg)? {
                            out.push_str(&text(&v));
                        }
                    }
                    "alias" => {
                        if !whole {
                            return Err(Error::evaluation(
                                "'alias' interpolation is only permitted if the expression is equal to the entire string",
                            ));
                        }
                        return Ok(self.lookup(hiera, arg)?.unwrap_or(Value::Undef));
                    }
                    "lookup" | "hiera" => {
                        if let Some(v) = self.lookup(hiera, arg)? {
                            out.push_str(&text(&v));
                        }
                    }
                    other => {
                        return Err(Error::evaluation(format!(
                            "Unknown interpolation method '{other}'"
                        )))
                    }
                },
                None => {
                    if let Some(v) = self.variable_path(expr)? {
                        out.push_str(&text(&v));
                    }
                }
            }
        }
        out.push_str(rest);
        Ok(Value::string(out))
    }

    fn lookup(&self, hiera: Option<&Hiera>, key: &str) -> Result<Option<Value>> {
        let Some(hiera) = hiera else {
            return Err(Error::evaluation(format!(
                "Interpolation using method syntax is not allowed in this context: lookup of '{key}'"
            )));
        };
        Ok(hiera.find(key, None, self.modules, self)?.map(|f| f.value))
    }
}

/// `name('arg')` or `name("arg")`: the method and its argument.
fn call(expr: &str) -> Option<(&str, &str)> {
    let open = expr.find('(')?;
    let name = expr[..open].trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let inner = expr[open + 1..].strip_suffix(')')?.trim();
    let q = inner.chars().next()?;
    if q != '\'' && q != '"' {
        return None;
    }
    let arg = inner.strip_prefix(q)?.strip_suffix(q)?;
    Some((name, arg))
}
