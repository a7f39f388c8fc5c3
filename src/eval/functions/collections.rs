//! Functions over collections and comparable values: `size`/`length`,
//! `empty`, `keys`, `values`, `sort`, `flatten`, `unique`, `dig`, `get`,
//! `getvar`, `compare`, `min`, `max`.

use super::Args;
use crate::error::Error;
use crate::eval::calls::Block;
use crate::eval::flow::{EResult, Flow};
use crate::eval::interp::Interp;
use crate::eval::ops::compare as order;
use crate::values::{Value, ValueMap};
use std::cmp::Ordering;

pub(super) fn size(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    Ok(Value::Integer(match a.get(0) {
        Value::Array(x) => x.len(),
        Value::Hash(h) => h.len(),
        Value::String(s) => s.chars().count(),
        Value::Binary(b) => b.len(),
        _ => 0,
    } as i64))
}

pub(super) fn empty(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    Ok(Value::Boolean(match a.get(0) {
        Value::Array(x) => x.is_empty(),
        Value::Hash(h) => h.is_empty(),
        Value::String(s) => s.is_empty(),
        Value::Binary(b) => b.is_empty(),
        Value::Sensitive(v) => matches!(&**v, Value::String(s) if s.is_empty()),
        Value::Integer(_) | Value::Float(_) => {
            interp.warn_once(
                "Calling function empty() with Numeric value is deprecated.",
                Some(a.span),
            );
            false
        }
        _ => true,
    }))
}

pub(super) fn keys(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    match a.get(0) {
        Value::Hash(h) => Ok(Value::array(h.keys().cloned().collect())),
        _ => unreachable!("dispatch checked the argument"),
    }
}

pub(super) fn values(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    match a.get(0) {
        Value::Hash(h) => Ok(Value::array(h.values().cloned().collect())),
        _ => unreachable!("dispatch checked the argument"),
    }
}

/// Ruby's `<=>` between two values as `sort`, `min` and `max` use it.
fn ruby_cmp(x: &Value, y: &Value) -> Result<Ordering, Error> {
    let failed = || {
        Error::evaluation(format!(
            "comparison of {} with {} failed",
            crate::eval::ops::ruby_class(x),
            crate::eval::ops::ruby_class(y)
        ))
    };
    match (x, y) {
        (Value::String(a), Value::String(b)) => Ok(a.as_bytes().cmp(b.as_bytes())),
        (Value::String(_), _) | (_, Value::String(_)) => Err(failed()),
        (Value::Array(a), Value::Array(b)) => {
            for (p, q) in a.iter().zip(b.iter()) {
                match ruby_cmp(p, q)? {
                    Ordering::Equal => {}
                    o => return Ok(o),
                }
            }
            Ok(a.len().cmp(&b.len()))
        }
        _ => order(x, y).map_err(|_| failed()),
    }
}

/// Order by a block's answer (a negative, zero or positive Integer).
fn block_cmp(interp: &mut Interp, block: &Block, x: &Value, y: &Value) -> EResult<Ordering> {
    match interp.call_block(block, vec![x.clone(), y.clone()])? {
        Value::Integer(n) => Ok(n.cmp(&0)),
        Value::Float(f) => Ok(f.partial_cmp(&0.0).unwrap_or(Ordering::Equal)),
        other => Err(Error::evaluation(format!(
            "comparison of {} with {} failed",
            crate::eval::ops::ruby_class(x),
            crate::eval::ops::ruby_class(y)
        ))
        .into_with(other)),
    }
}

trait IntoWith {
    fn into_with(self, v: Value) -> Flow;
}

impl IntoWith for Error {
    fn into_with(self, _: Value) -> Flow {
        self.into()
    }
}

/// Sort `items` (a merge sort, so that a failing comparison stops it).
fn sort_values(
    interp: &mut Interp,
    items: Vec<Value>,
    block: Option<Block>,
) -> EResult<Vec<Value>> {
    let mut err = None;
    let mut items = items;
    // comparisons run through a closure that cannot return errors: remember the first
    let mut cmp = |interp: &mut Interp, x: &Value, y: &Value| -> Ordering {
        if err.is_some() {
            return Ordering::Equal;
        }
        let r = match &block {
            Some(b) => block_cmp(interp, b, x, y),
            None => ruby_cmp(x, y).map_err(Flow::from),
        };
        r.unwrap_or_else(|e| {
            err = Some(e);
            Ordering::Equal
        })
    };
    merge_sort(&mut items, &mut |x, y| cmp(interp, x, y));
    match err {
        Some(e) => Err(e),
        None => Ok(items),
    }
}

fn merge_sort(v: &mut Vec<Value>, cmp: &mut dyn FnMut(&Value, &Value) -> Ordering) {
    if v.len() <= 1 {
        return;
    }
    let mut right = v.split_off(v.len() / 2);
    merge_sort(v, cmp);
    merge_sort(&mut right, cmp);
    let left = std::mem::take(v);
    let (mut l, mut r) = (left.into_iter().peekable(), right.into_iter().peekable());
    while let (Some(x), Some(y)) = (l.peek(), r.peek()) {
        if cmp(x, y) == Ordering::Greater {
            v.push(r.next().expect("peeked"));
        } else {
            v.push(l.next().expect("peeked"));
        }
    }
    v.extend(l);
    v.extend(r);
}

pub(super) fn sort(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    match &a.get(0).clone() {
        Value::String(s) => {
            let chars = s.chars().map(|c| Value::string(c.to_string())).collect();
            let sorted = sort_values(interp, chars, a.block)?;
            Ok(Value::string(
                sorted.iter().filter_map(Value::as_str).collect::<String>(),
            ))
        }
        Value::Array(items) => Ok(Value::array(sort_values(
            interp,
            (**items).clone(),
            a.block,
        )?)),
        _ => unreachable!("dispatch checked the argument"),
    }
}

pub(super) fn flatten(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    fn flat(v: &Value, out: &mut Vec<Value>, depth: usize) -> Result<(), Error> {
        if depth > crate::eval::MAX_DEPTH {
            return Err(Error::evaluation("tried to flatten recursive array"));
        }
        match v {
            Value::Array(xs) => {
                for x in xs.iter() {
                    flat(x, out, depth + 1)?;
                }
            }
            other => out.push(other.clone()),
        }
        Ok(())
    }
    let mut out = Vec::new();
    for v in &a.values {
        flat(v, &mut out, 0)?;
    }
    Ok(Value::array(out))
}

/// The first of each run of elements that are `eql?` (or whose block values are).
fn unique_by(interp: &mut Interp, items: Vec<Value>, block: Option<Block>) -> EResult<Vec<Value>> {
    let mut seen: indexmap::IndexSet<Value> = indexmap::IndexSet::new();
    let mut out = Vec::new();
    for x in items {
        let key = match &block {
            Some(b) => interp.call_block(b, vec![x.clone()])?,
            None => x.clone(),
        };
        if seen.insert(key) {
            out.push(x);
        }
    }
    Ok(out)
}

pub(super) fn unique(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    match &a.get(0).clone() {
        Value::String(s) => {
            let chars = s.chars().map(|c| Value::string(c.to_string())).collect();
            let kept = unique_by(interp, chars, a.block)?;
            Ok(Value::string(
                kept.iter().filter_map(Value::as_str).collect::<String>(),
            ))
        }
        Value::Hash(h) => {
            // keys grouped by (the block's value of) their value
            let mut groups: indexmap::IndexMap<Value, (Vec<Value>, Vec<Value>)> =
                indexmap::IndexMap::new();
            for (k, v) in h.iter() {
                let key = match &a.block {
                    Some(b) => interp.call_block(b, vec![v.clone()])?,
                    None => v.clone(),
                };
                let g = groups.entry(key).or_default();
                g.0.push(k.clone());
                if !g.1.contains(v) {
                    g.1.push(v.clone());
                }
            }
            let mut out = ValueMap::new();
            for (_, (ks, vs)) in groups {
                out.insert(Value::array(ks), Value::array(vs));
            }
            Ok(Value::hash(out))
        }
        other => {
            let items = super::iteration::elements(other).unwrap_or_else(|| Ok(Vec::new()))?;
            Ok(Value::array(unique_by(interp, items, a.block)?))
        }
    }
}

/// Walk `data` along `keys` as `dig` does.
pub(crate) fn dig_value(data: &Value, keys: &[Value]) -> Result<Value, Error> {
    let mut d = data.clone();
    let mut walked: Vec<Value> = Vec::new();
    for k in keys {
        if d.is_undef() || k.is_undef() {
            return Ok(Value::Undef);
        }
        let path_text = || crate::eval::text::interpolate(&Value::array(walked.clone()));
        match &d {
            Value::Array(xs) => {
                walked.push(k.clone());
                let Value::Integer(i) = k else {
                    return Err(Error::evaluation(format!(
                        "The given data requires an Integer index at {}, got '{}'",
                        crate::eval::text::interpolate(&Value::array(walked.clone())),
                        crate::types::calc::infer(k)
                    )));
                };
                let len = xs.len() as i64;
                let i = if *i < 0 { i + len } else { *i };
                d = if (0..len).contains(&i) {
                    xs[i as usize].clone()
                } else {
                    Value::Undef
                };
            }
            Value::Hash(h) => {
                walked.push(k.clone());
                d = h.get(k).cloned().unwrap_or(Value::Undef);
            }
            other => {
                return Err(Error::evaluation(format!(
                    "The given data does not contain a Collection at {}, got '{}'",
                    path_text(),
                    crate::types::calc::infer(other)
                )))
            }
        }
    }
    Ok(d)
}

pub(super) fn dig(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    Ok(dig_value(a.get(0), &a.values[1..])?)
}

/// The segments of a dotted navigation string (`a.0."b.c"`): integers for
/// numeric segments, quoted segments as written.
fn segments(s: &str) -> Result<Vec<Value>, Error> {
    let syntax = || Error::evaluation("Syntax error in dotted-navigation string");
    let mut out = Vec::new();
    let mut chars = s.chars().peekable();
    loop {
        let mut seg = String::new();
        let quoted = matches!(chars.peek(), Some('"') | Some('\''));
        if quoted {
            let q = chars.next().expect("peeked");
            loop {
                match chars.next() {
                    Some(c) if c == q => break,
                    Some(c) => seg.push(c),
                    None => return Err(syntax()),
                }
            }
            out.push(Value::string(seg));
        } else {
            while let Some(&c) = chars.peek() {
                if c == '.' {
                    break;
                }
                seg.push(c);
                chars.next();
            }
            if seg.is_empty() {
                return Err(syntax());
            }
            match seg.parse::<i64>() {
                Ok(n) if seg.bytes().all(|b| b.is_ascii_digit() || b == b'-') => {
                    out.push(Value::Integer(n))
                }
                _ => out.push(Value::string(seg)),
            }
        }
        match chars.next() {
            None => break,
            Some('.') => {}
            Some(_) => return Err(syntax()),
        }
    }
    Ok(out)
}

fn get_path(
    interp: &mut Interp,
    value: &Value,
    navigation: &str,
    default: &Value,
    block: Option<Block>,
) -> EResult<Value> {
    if value.is_undef() {
        return Ok(default.clone());
    }
    if navigation.is_empty() {
        return Ok(value.clone());
    }
    let segs = segments(navigation)?;
    if !matches!(value, Value::Array(_) | Value::Hash(_)) {
        // `get` calls `dig`, whose signature rejects anything else
        let mut args = vec![value.clone()];
        args.extend(segs);
        let dig = super::lookup("dig").expect("dig is built in");
        return super::invoke(interp, dig, args, None, crate::syntax::span::Span::at(0));
    }
    match dig_value(value, &segs) {
        Ok(Value::Undef) => Ok(default.clone()),
        Ok(v) => Ok(v),
        Err(e) => match block {
            Some(b) => {
                let mut err = ValueMap::new();
                err.insert(Value::from("message"), Value::string(e.message.as_str()));
                err.insert(Value::from("issue_code"), Value::from("SLICE_ERROR"));
                interp.call_block(&b, vec![Value::hash(err)])
            }
            None => Err(e.into()),
        },
    }
}

pub(super) fn get(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let nav = a.get(1).as_str().unwrap_or("").to_string();
    let (v, d) = (a.get(0).clone(), a.get(2).clone());
    get_path(interp, &v, &nav, &d, a.block)
}

pub(super) fn getvar(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let s = a.get(0).as_str().unwrap_or("").to_string();
    let name_end = s
        .char_indices()
        .find(|&(i, c)| {
            !(c.is_alphanumeric()
                || c == '_'
                || (c == ':' && s[i..].starts_with("::"))
                || (c == ':' && i > 0 && s[..i].ends_with(':')))
        })
        .map_or(s.len(), |(i, _)| i);
    let (name, rest) = s.split_at(name_end);
    let nav = match rest.strip_prefix('.') {
        Some(n) => n,
        None if rest.is_empty() => "",
        None => {
            return Err(Error::evaluation(format!(
                "First character after var name in get string must be a '.' - got {}",
                rest.chars().next().unwrap_or(' ')
            ))
            .into())
        }
    };
    let default = a.get(1).clone();
    let Some(v) = interp.scopes.get(name).cloned() else {
        return Ok(default);
    };
    get_path(interp, &v, nav, &default, a.block)
}

pub(super) fn compare(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    let (x, y) = (a.get(0), a.get(1));
    let ord = match (x, y, a.get(2)) {
        (Value::String(p), Value::String(q), ic) => {
            if matches!(ic, Value::Boolean(false)) {
                p.as_bytes().cmp(q.as_bytes())
            } else {
                p.to_lowercase().as_bytes().cmp(q.to_lowercase().as_bytes())
            }
        }
        _ => order(x, y).unwrap_or(Ordering::Equal),
    };
    Ok(Value::Integer(match ord {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }))
}

/// The reference's own messages for `compare` arguments no signature takes.
pub(super) fn compare_mismatch(values: &[Value]) -> Option<String> {
    let comparable = |v: &Value| {
        matches!(
            v,
            Value::String(_)
                | Value::SemVer(_)
                | Value::Integer(_)
                | Value::Float(_)
                | Value::Timespan(_)
                | Value::Timestamp(_)
        )
    };
    let label = crate::eval::ops::type_label;
    let (x, y) = (values.first()?, values.get(1)?);
    if !(comparable(x) && comparable(y)) {
        return Some(format!(
            "compare(): Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and Timestamp can be compared. Got {} and {}",
            label(x),
            label(y)
        ));
    }
    let rest = &values[2..];
    if !rest.is_empty() {
        if !(matches!(x, Value::String(_)) && matches!(y, Value::String(_))) {
            return Some(
                "compare(): The third argument (ignore case) can only be used when comparing strings"
                    .to_string(),
            );
        }
        if rest.len() != 1 {
            return Some(format!(
                "compare(): Accepts at most 3 arguments, got {}",
                values.len()
            ));
        }
        if !matches!(rest[0], Value::Boolean(_)) {
            return Some(format!(
                "compare(): The third argument (ignore case) must be a Boolean. Got {}",
                label(&rest[0])
            ));
        }
    }
    Some(format!(
        "compare(): Can only compare values of the same type (or for Timestamp/Timespan also against Numeric). Got {} and {}",
        label(x),
        label(y)
    ))
}

/// How `min` and `max` compare, by the signature the arguments matched.
#[derive(Clone, Copy, PartialEq)]
enum Compare {
    /// Numbers as numbers.
    Numbers,
    /// Strings: as numbers when both hold one (deprecated), else as text.
    Strings,
    /// Anything: by text, as numbers when both texts are numbers (deprecated).
    Any,
    /// By the block's answer.
    Block,
}

fn extreme(interp: &mut Interp, a: &mut Args, want: Ordering, name: &str) -> EResult<Value> {
    // signatures: Numeric*, String*, Array[Numeric], Array[String], Array (each
    // with an optional block), Any* with a block, Any*
    let how = match (a.sig, a.block.is_some()) {
        (_, true) => Compare::Block,
        (0 | 2, false) => Compare::Numbers,
        (1 | 3, false) => Compare::Strings,
        _ => Compare::Any,
    };
    let items: Vec<Value> = match (a.sig, a.get(0)) {
        (2..=4, Value::Array(xs)) => (**xs).clone(),
        _ => a.values.clone(),
    };
    if items.is_empty() && how == Compare::Block {
        return Ok(Value::Undef);
    }
    if items.is_empty() {
        return Err(Error::evaluation(format!(
            "{name}(): Wrong number of arguments need at least one"
        ))
        .into());
    }
    let mut best = items[0].clone();
    for x in &items[1..] {
        let o = match how {
            Compare::Block => match &a.block {
                Some(b) => block_cmp(interp, b, x, &best)?,
                None => Ordering::Equal,
            },
            _ => extreme_cmp(interp, x, &best, name, how)?,
        };
        if o == want {
            best = x.clone();
        }
    }
    Ok(best)
}

/// The text Ruby's `to_s` gives a value, for `min` and `max`.
fn ruby_text(v: &Value) -> String {
    match v {
        Value::Float(f) => super::strings::ruby_float(*f),
        other => crate::eval::text::interpolate(other),
    }
}

fn extreme_cmp(
    interp: &mut Interp,
    x: &Value,
    y: &Value,
    name: &str,
    how: Compare,
) -> EResult<Ordering> {
    if how == Compare::Numbers {
        return Ok(ruby_cmp(x, y)?);
    }
    let (p, q) = (ruby_text(x), ruby_text(y));
    let numeric = |s: &str| -> Option<f64> {
        let re = crate::values::Regexp::cached(r"\A-?\d+([._eE]\d+)?\z").ok()?;
        re.is_match(s)
            .then(|| s.replace('_', "").parse::<f64>().unwrap_or(0.0))
    };
    if let (Some(m), Some(n)) = (numeric(&p), numeric(&q)) {
        interp.warn_once(&format!("The {name}() function's auto conversion of String to Numeric is deprecated - change to convert input before calling, or use lambda"), None);
        return Ok(m.partial_cmp(&n).unwrap_or(Ordering::Equal));
    }
    if how == Compare::Any {
        interp.warn_once(&format!("The {name}() function's auto conversion of Any to String is deprecated - change to convert input before calling, or use lambda"), None);
    }
    Ok(p.as_bytes().cmp(q.as_bytes()))
}

pub(super) fn min(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    extreme(interp, a, Ordering::Less, "min")
}

pub(super) fn max(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    extreme(interp, a, Ordering::Greater, "max")
}
