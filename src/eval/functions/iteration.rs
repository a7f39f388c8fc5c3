//! The iteration functions: `each`, `map`, `filter`, `reduce`, `any`,
//! `all`, `index`, `partition`, `group_by`, `slice`, `step`,
//! `reverse_each`, `tree_each`, and the block helpers `with`, `then`,
//! `lest`. A hash is iterated as `[key, value]` pairs (or key and value
//! apart for a two-parameter block); `break()` in a block ends the
//! iteration with what it has so far.

use super::Args;
use crate::error::Error;
use crate::eval::calls::Block;
use crate::eval::flow::{EResult, Flow};
use crate::eval::interp::Interp;
use crate::eval::{truthy, MAX_ITERATIONS};
use crate::values::{Value, ValueMap};

/// The elements iterating `v` yields, or `None` when `v` is not iterable.
pub(crate) fn elements(v: &Value) -> Option<crate::error::Result<Vec<Value>>> {
    crate::eval::iterate(v, MAX_ITERATIONS)
}

fn items(v: &Value) -> EResult<Vec<Value>> {
    match elements(v) {
        Some(r) => Ok(r?),
        None => Err(Error::evaluation(format!(
            "Cannot iterate over {}",
            crate::eval::ops::a_type_name(v)
        ))
        .into()),
    }
}

/// How a block is called for each element.
enum Shape {
    /// `|$v|`: the element (a `[key, value]` pair for a hash).
    One,
    /// `|$k, $v|` over a hash.
    KeyValue,
    /// `|$i, $v|` over anything else.
    IndexValue,
}

/// The shape the matched signature of an `each`-like function gives
/// (signatures: Hash/2, Hash/1, Iterable/2, Iterable/1).
fn shape(sig: usize) -> Shape {
    match sig {
        0 => Shape::KeyValue,
        2 => Shape::IndexValue,
        _ => Shape::One,
    }
}

fn block_args(shape: &Shape, i: usize, x: &Value) -> Vec<Value> {
    match (shape, x) {
        (Shape::KeyValue, Value::Array(pair)) if pair.len() == 2 => {
            vec![pair[0].clone(), pair[1].clone()]
        }
        (Shape::IndexValue, _) | (Shape::KeyValue, _) => vec![Value::Integer(i as i64), x.clone()],
        (Shape::One, _) => vec![x.clone()],
    }
}

/// Call the block for each element, with the arguments of the `shape`;
/// `visit` gets the index, the element and the block's result and says
/// whether to go on. `break()` stops.
fn for_each(
    interp: &mut Interp,
    block: &Block,
    shape: Shape,
    elems: Vec<Value>,
    visit: impl FnMut(usize, Value, Value) -> bool,
) -> EResult<()> {
    call_each(interp, block, elems, |i, x| block_args(&shape, i, x), visit)
}

/// Call the block with `args(index, element)` for each element; `visit`
/// gets the index, the element and the block's result and says whether to
/// go on. `break()` stops.
fn call_each(
    interp: &mut Interp,
    block: &Block,
    elems: Vec<Value>,
    args: impl Fn(usize, &Value) -> Vec<Value>,
    mut visit: impl FnMut(usize, Value, Value) -> bool,
) -> EResult<()> {
    for (i, x) in elems.into_iter().enumerate() {
        let r = match interp.call_block(block, args(i, &x)) {
            Ok(r) => r,
            Err(Flow::Break(_)) => return Ok(()),
            Err(e) => return Err(e),
        };
        if !visit(i, x, r) {
            break;
        }
    }
    Ok(())
}

/// The tail of the functions whose block is optional (`slice`, `step`,
/// `reverse_each`, `tree_each`): without a block, `elems` as an array; with
/// one, the block called with `args(element)` for each element until
/// `break()`, and then `done` as the value.
fn array_or_each(
    interp: &mut Interp,
    block: Option<Block>,
    elems: Vec<Value>,
    args: impl Fn(&Value) -> Vec<Value>,
    done: Value,
) -> EResult<Value> {
    let Some(block) = block else {
        return Ok(Value::array(elems));
    };
    call_each(interp, &block, elems, |_, x| args(x), |_, _, _| true)?;
    Ok(done)
}

pub(super) fn each(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    let elems = items(a.get(0))?;
    for_each(interp, &block, shape(a.sig), elems, |_, _, _| true)?;
    Ok(a.get(0).clone())
}

pub(super) fn map(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    let elems = items(a.get(0))?;
    let mut out = Vec::with_capacity(elems.len());
    for_each(interp, &block, shape(a.sig), elems, |_, _, r| {
        out.push(r);
        true
    })?;
    Ok(Value::array(out))
}

pub(super) fn filter(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    let receiver = a.get(0).clone();
    let elems = items(&receiver)?;
    let mut kept = Vec::new();
    for_each(interp, &block, shape(a.sig), elems, |_, x, r| {
        if truthy(&r) {
            kept.push(x);
        }
        true
    })?;
    Ok(match receiver {
        Value::Hash(_) => Value::hash(pairs_to_map(kept)),
        _ => Value::array(kept),
    })
}

fn pairs_to_map(pairs: Vec<Value>) -> ValueMap {
    let mut m = ValueMap::with_capacity(pairs.len());
    for p in &pairs {
        if let Value::Array(kv) = p {
            if kv.len() == 2 {
                m.insert(kv[0].clone(), kv[1].clone());
            }
        }
    }
    m
}

pub(super) fn reduce(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    let mut it = items(a.get(0))?.into_iter();
    let mut memo = if a.values.len() > 1 {
        a.get(1).clone()
    } else {
        match it.next() {
            Some(first) => first,
            None => return Ok(Value::Undef),
        }
    };
    for x in it {
        memo = match interp.call_block(&block, vec![memo.clone(), x]) {
            Ok(m) => m,
            Err(Flow::Break(_)) => break,
            Err(e) => return Err(e),
        };
    }
    Ok(memo)
}

pub(super) fn any(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    let elems = items(a.get(0))?;
    let mut found = false;
    for_each(interp, &block, shape(a.sig), elems, |_, _, r| {
        found = truthy(&r);
        !found
    })?;
    Ok(Value::Boolean(found))
}

pub(super) fn all(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    let elems = items(a.get(0))?;
    let mut ok = true;
    for_each(interp, &block, shape(a.sig), elems, |_, _, r| {
        ok = truthy(&r);
        ok
    })?;
    Ok(Value::Boolean(ok))
}

/// `index(collection) |...| { }`, `index(string, match)`, `index(iterable, value)`.
pub(super) fn index(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let receiver = a.get(0).clone();
    match a.sig {
        4 => {
            let Value::String(s) = &receiver else {
                unreachable!()
            };
            return Ok(match a.get(1) {
                Value::String(m) => s.find(&**m).map_or(Value::Undef, |b| {
                    Value::Integer(s[..b].chars().count() as i64)
                }),
                Value::Regexp(re) => {
                    let mut region = onig::Region::new();
                    match re.search(s, Some(&mut region))? {
                        Some(b) => Value::Integer(s[..b].chars().count() as i64),
                        None => Value::Undef,
                    }
                }
                _ => Value::Undef,
            });
        }
        5 => {
            let wanted = a.get(1).clone();
            let elems = items(&receiver)?;
            let is_hash = matches!(receiver, Value::Hash(_));
            for (i, x) in elems.into_iter().enumerate() {
                match (&x, is_hash) {
                    (Value::Array(kv), true) if kv.len() == 2 => {
                        if kv[1] == wanted {
                            return Ok(kv[0].clone());
                        }
                    }
                    _ => {
                        if x == wanted {
                            return Ok(Value::Integer(i as i64));
                        }
                    }
                }
            }
            return Ok(Value::Undef);
        }
        _ => {}
    }
    let block = a.block()?;
    let is_hash = matches!(receiver, Value::Hash(_));
    let elems = items(&receiver)?;
    let mut found = Value::Undef;
    for_each(interp, &block, shape(a.sig), elems, |i, x, r| {
        if truthy(&r) {
            found = match (&x, is_hash) {
                (Value::Array(kv), true) if kv.len() == 2 => kv[0].clone(),
                _ => Value::Integer(i as i64),
            };
            return false;
        }
        true
    })?;
    Ok(found)
}

/// `partition(collection) |...| { }`: `[[kept], [rejected]]`.
pub(super) fn partition(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    let receiver = a.get(0).clone();
    let elems = items(&receiver)?;
    let shape = match (a.sig, &receiver) {
        (0, _) => Shape::One,
        (_, Value::Hash(_)) => Shape::KeyValue,
        _ => Shape::IndexValue,
    };
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    for_each(interp, &block, shape, elems, |_, x, r| {
        if truthy(&r) {
            yes.push(x)
        } else {
            no.push(x)
        }
        true
    })?;
    Ok(Value::array(vec![Value::array(yes), Value::array(no)]))
}

/// `group_by(collection) |...| { }`: elements by the block's result.
pub(super) fn group_by(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    let receiver = a.get(0).clone();
    let elems = items(&receiver)?;
    let shape = match (a.sig, &receiver) {
        (0, _) => Shape::One,
        (_, Value::Hash(_)) => Shape::KeyValue,
        _ => Shape::IndexValue,
    };
    let mut groups: ValueMap = ValueMap::new();
    for_each(interp, &block, shape, elems, |_, x, r| {
        match groups.get_mut(&r) {
            Some(Value::Array(v)) => std::sync::Arc::make_mut(v).push(x),
            _ => {
                groups.insert(r, Value::array(vec![x]));
            }
        }
        true
    })?;
    Ok(Value::hash(groups))
}

/// `slice(collection, n) |...| { }`: the elements in slices of `n`.
pub(super) fn slice(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let receiver = a.get(0).clone();
    let Value::Integer(n) = a.get(1) else {
        unreachable!()
    };
    let n = (*n).max(1) as usize;
    let elems = items(&receiver)?;
    let slices: Vec<Value> = elems.chunks(n).map(|c| Value::array(c.to_vec())).collect();
    // a block of several parameters gets a slice's elements apart
    let params = a.block.map_or(1, |b| b.lambda.parameters.len());
    let args = |s: &Value| match (s, params) {
        (Value::Array(items), p) if p > 1 => {
            let mut v = (**items).clone();
            v.resize(p.max(v.len()), Value::Undef);
            v
        }
        _ => vec![s.clone()],
    };
    array_or_each(interp, a.block, slices, args, receiver)
}

/// `step(iterable, n) |$x| { }`: every n-th element.
pub(super) fn step(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let Value::Integer(n) = a.get(1) else {
        unreachable!()
    };
    let n = (*n).max(1) as usize;
    let picked: Vec<Value> = items(a.get(0))?.into_iter().step_by(n).collect();
    array_or_each(interp, a.block, picked, |x| vec![x.clone()], Value::Undef)
}

/// `reverse_each(iterable) |$x| { }`: the elements last first.
pub(super) fn reverse_each(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let mut elems = items(a.get(0))?;
    elems.reverse();
    array_or_each(interp, a.block, elems, |x| vec![x.clone()], Value::Undef)
}

/// `with(args...) |...| { }`: the block called with the arguments.
pub(super) fn with(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    let args = std::mem::take(&mut a.values);
    interp.call_block(&block, args)
}

/// `then(v) |$v| { }`: the block's value for `v`, `undef` for `undef`.
pub(super) fn then(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    match a.get(0) {
        Value::Undef => Ok(Value::Undef),
        v => {
            let v = v.clone();
            interp.call_block(&block, vec![v])
        }
    }
}

/// `lest(v) || { }`: `v`, or the block's value for `undef`.
pub(super) fn lest(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let block = a.block()?;
    match a.get(0) {
        Value::Undef => interp.call_block(&block, Vec::new()),
        v => Ok(v.clone()),
    }
}

/// `tree_each(tree, options) |$path, $value| { }` (or `|$value|`): every
/// container and value of a tree of arrays and hashes, depth first or
/// breadth first, with the path of keys and indexes leading to it.
pub(super) fn tree_each(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let tree = a.get(0).clone();
    let opts = match a.get(1) {
        Value::Hash(h) => Some(h.clone()),
        _ => None,
    };
    let flag = |name: &str, dflt: bool| -> bool {
        match opts.as_ref().and_then(|h| h.get(&Value::from(name))) {
            Some(Value::Boolean(b)) => *b,
            _ => dflt,
        }
    };
    let include_root = flag("include_root", true);
    let include_containers = flag("include_containers", true);
    let include_values = flag("include_values", true);
    let breadth = matches!(
        opts.as_ref().and_then(|h| h.get(&Value::from("order"))),
        Some(Value::String(s)) if &**s == "breadth_first"
    );
    let container_type = match opts
        .as_ref()
        .and_then(|h| h.get(&Value::from("container_type")))
    {
        Some(Value::Type(t)) => Some(t.clone()),
        _ => None,
    };
    let is_container = |v: &Value| match &container_type {
        Some(t) => {
            matches!(v, Value::Array(_) | Value::Hash(_)) && crate::types::calc::instance_of(t, v)
        }
        None => matches!(v, Value::Array(_) | Value::Hash(_)),
    };
    let mut visited: Vec<(Vec<Value>, Value)> = Vec::new();
    let children = |v: &Value| -> Vec<(Value, Value)> {
        match v {
            Value::Array(xs) => xs
                .iter()
                .enumerate()
                .map(|(i, x)| (Value::Integer(i as i64), x.clone()))
                .collect(),
            Value::Hash(h) => h.iter().map(|(k, x)| (k.clone(), x.clone())).collect(),
            _ => Vec::new(),
        }
    };
    let keep = |path: &[Value], container: bool| -> bool {
        if path.is_empty() && !include_root {
            return false;
        }
        if container {
            include_containers
        } else {
            include_values
        }
    };
    // breadth first takes the oldest pending node, depth first the newest
    // (its children pending last first, so that the first is taken first)
    let mut pending = std::collections::VecDeque::from([(Vec::new(), tree.clone())]);
    let next = |pending: &mut std::collections::VecDeque<_>| {
        if breadth {
            pending.pop_front()
        } else {
            pending.pop_back()
        }
    };
    while let Some((path, v)) = next(&mut pending) {
        if visited.len() > MAX_ITERATIONS {
            break;
        }
        let container = is_container(&v);
        if keep(&path, container) {
            visited.push((path.clone(), v.clone()));
        }
        if container {
            let kids = children(&v).into_iter().map(|(k, c)| {
                let mut p = path.clone();
                p.push(k);
                (p, c)
            });
            if breadth {
                pending.extend(kids);
            } else {
                pending.extend(kids.rev());
            }
        }
    }
    let pairs = visited
        .into_iter()
        .map(|(p, v)| Value::array(vec![Value::array(p), v]))
        .collect();
    // a block of two parameters gets the path and the value, one of one
    // parameter the value alone
    let two = a.sig == 0;
    let args = |pair: &Value| match pair {
        Value::Array(pv) if two => pv.to_vec(),
        Value::Array(pv) => pv.get(1).cloned().into_iter().collect(),
        _ => vec![pair.clone()],
    };
    array_or_each(interp, a.block, pairs, args, tree)
}
