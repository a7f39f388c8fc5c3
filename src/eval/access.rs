//! The access operator `x[...]`: array indexes and slices, substrings
//! (see [`super::substring`]), hash lookups, and type
//! parameterization (`Integer[1, 10]`, `File['/tmp']`).

use super::flow::EResult;
use super::interp::Interp;
use super::substring::substring;
use super::type_access::Access;
use crate::error::{Error, Result};
use crate::syntax::ast::{Expr, ExprKind};
use crate::syntax::span::Span;
use crate::types::factory as tf;
use crate::types::TypeKind;
use crate::values::Value;

impl Interp<'_> {
    pub(crate) fn access(&mut self, left: &Expr, keys: &[Expr], span: Span) -> EResult<Value> {
        let target = self.eval(left)?;
        let keys_expr = keys;
        let spans: Vec<Span> = keys.iter().map(|k| k.span).collect();
        let keys = match &target {
            Value::Type(t) if matches!(t.kind(), TypeKind::Class(_)) => self.class_keys(keys)?,
            _ => self.eval_list(keys)?,
        };
        match &target {
            Value::Type(t) => {
                let name = match &left.kind {
                    ExprKind::QualifiedReference(n) => n.to_string(),
                    _ => t.to_string(),
                };
                // a parameterized type is parameterized anew (`Integer[1][0]` is `Integer[0]`)
                let name = name.split('[').next().unwrap_or("").to_string();
                let spans = if spans.len() == keys.len() {
                    &spans[..]
                } else {
                    &[]
                };
                let operator = match t.kind() {
                    // (a titled resource or a named class would look up a
                    // catalog's parameters)
                    TypeKind::Resource { title: Some(_), .. } | TypeKind::Class(Some(_)) => None,
                    _ => Some(Access {
                        base: t,
                        spans,
                        span,
                        all_empty: Default::default(),
                    }),
                };
                match operator {
                    Some(access) => {
                        let v = access.apply(&name, keys)?;
                        if access.all_empty.get() {
                            let message = "Arguments to Resource[] are all empty/undefined";
                            self.log(crate::eval::Level::Warning, message.to_string());
                        }
                        Ok(v)
                    }
                    None => Ok(Value::Type(self.type_named(&name, &keys, spans, span)?)),
                }
            }
            // (an error of a key that the flattening made stays without a place)
            Value::String(_) | Value::Binary(_) => {
                let places: Vec<Span> = keys_expr.iter().map(|k| self.value_place(k)).collect();
                Ok(substring(&target, &keys, &places, Some(left.span))?)
            }
            _ => Ok(access_value(&target, &keys).map_err(|e| e.with_span(span))?),
        }
    }
}

impl Interp<'_> {
    /// The keys of an access to a class type: a type name of no known type
    /// is a type reference there (`Class[Foo]` then names it in its error),
    /// as in the reference.
    fn class_keys(&mut self, keys: &[Expr]) -> EResult<Vec<Value>> {
        let mut out = Vec::with_capacity(keys.len());
        for key in keys {
            match &key.kind {
                ExprKind::QualifiedReference(n) => {
                    let t = self.known_type_named(n, &[], &[], key.span)?;
                    out.push(Value::Type(t.unwrap_or_else(|| tf::type_reference(n))));
                }
                _ => out.extend(self.eval_list(std::slice::from_ref(key))?),
            }
        }
        Ok(out)
    }
}

/// `target[keys]` for a non-type value.
pub(crate) fn access_value(target: &Value, keys: &[Value]) -> Result<Value> {
    match target {
        Value::Array(a) => {
            let slice = sequence(a.len(), keys, "Array")?;
            Ok(match slice {
                Slice::One(Some(i)) => a[i].clone(),
                Slice::One(None) => Value::Undef,
                Slice::Range(r) => Value::array(a[r].to_vec()),
            })
        }
        Value::String(_) | Value::Binary(_) => substring(target, keys, &[], None),
        Value::Hash(h) => match keys {
            [] => Err(Error::evaluation(
                "Hash supports [] with one or more arguments. Got 0",
            )),
            [k] => Ok(h.get(k).cloned().unwrap_or(Value::Undef)),
            ks => Ok(Value::array(
                ks.iter().filter_map(|k| h.get(k).cloned()).collect(),
            )),
        },
        other => Err(Error::evaluation(format!(
            "Operator '[]' is not applicable to {}.",
            super::ops::a_type_name(other)
        ))),
    }
}

enum Slice {
    One(Option<usize>),
    Range(std::ops::Range<usize>),
}

fn index_arg(v: &Value) -> Result<i64> {
    match super::to_number(v)? {
        Value::Integer(i) => Ok(i),
        Value::Float(f) => Ok(f as i64),
        _ => unreachable!("to_number gives numbers"),
    }
}

/// Resolve `[index]` or `[start, count]` over a sequence of `len` items.
fn sequence(len: usize, keys: &[Value], what: &str) -> Result<Slice> {
    let len_i = len as i64;
    match keys {
        [k] => {
            let mut i = index_arg(k)?;
            if i < 0 {
                i += len_i;
            }
            Ok(Slice::One(if (0..len_i).contains(&i) {
                Some(i as usize)
            } else {
                None
            }))
        }
        [s, c] => {
            let mut start = index_arg(s)?;
            let count = index_arg(c)?;
            if start < 0 {
                start += len_i;
                if start < 0 {
                    return Ok(Slice::Range(0..0));
                }
            }
            if start >= len_i {
                return Ok(Slice::Range(0..0));
            }
            let end = if count < 0 {
                len_i + count + 1
            } else {
                start.saturating_add(count).min(len_i)
            };
            let end = end.clamp(start, len_i);
            Ok(Slice::Range(start as usize..end as usize))
        }
        _ => Err(Error::evaluation(format!(
            "{what} supports [] with one or two arguments. Got {}",
            keys.len()
        ))),
    }
}
