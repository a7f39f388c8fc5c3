//! The merge strategies of lookups, over the values found, highest priority
//! first (as observed of the reference):
//!
//! - `first`: the first value;
//! - `unique`: every value made an array and flattened, concatenated, each
//!   element once;
//! - `hash`: hashes merged, a higher level's value replacing a lower's (the
//!   keys in the order the lowest level gives them, new keys after);
//! - `deep`: from the highest level down, each lower value merged under
//!   what the higher ones gave: hashes recursively (the lower's keys first),
//!   arrays united (the lower's elements first), anything else the higher
//!   value; with the options `knockout_prefix` (a higher string with it
//!   removes the element it names from a lower array, and is left without
//!   the prefix), `sort_merged_arrays` and `merge_hash_arrays`.

use crate::error::{Error, Result};
use crate::values::{Value, ValueMap};

/// The options of a deep merge.
#[derive(Clone, Debug, Default)]
pub struct DeepOptions {
    /// A prefix of strings that remove what they name from the lower levels.
    pub knockout_prefix: Option<String>,
    /// Sort the arrays the merge built.
    pub sort_merged_arrays: bool,
    /// Merge hashes at the same index of arrays.
    pub merge_hash_arrays: bool,
}

/// A merge strategy.
#[derive(Clone, Debug)]
pub enum Strategy {
    First,
    Unique,
    Hash,
    Deep(DeepOptions),
}

impl Strategy {
    /// The strategy `merge` names (a name, or a hash with `strategy` and
    /// options); `None` is `first`.
    pub fn of(merge: Option<&Value>) -> Result<Strategy> {
        let (name, options) = match merge {
            None | Some(Value::Undef) => return Ok(Strategy::First),
            Some(Value::String(s)) => (s.to_string(), None),
            Some(Value::Hash(h)) => match h.get(&Value::string("strategy")) {
                Some(Value::String(s)) => (s.to_string(), Some(h.clone())),
                _ => return Err(Error::evaluation(
                    "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'",
                )),
            },
            Some(_) => return Ok(Strategy::First),
        };
        Ok(match name.as_str() {
            "first" | "default" => Strategy::First,
            "unique" => Strategy::Unique,
            "hash" => Strategy::Hash,
            "deep" | "unconstrained_deep" | "reverse_deep" => {
                let mut o = DeepOptions::default();
                if let Some(h) = options {
                    let get = |k: &str| h.get(&Value::string(k));
                    o.knockout_prefix = get("knockout_prefix")
                        .and_then(Value::as_str)
                        .map(str::to_string);
                    o.sort_merged_arrays =
                        matches!(get("sort_merged_arrays"), Some(Value::Boolean(true)));
                    o.merge_hash_arrays =
                        matches!(get("merge_hash_arrays"), Some(Value::Boolean(true)));
                }
                Strategy::Deep(o)
            }
            other => {
                return Err(Error::evaluation(format!(
                    "Unknown merge strategy: '{other}'"
                )))
            }
        })
    }

    /// True for `first`, which needs only the first value found.
    pub fn is_first(&self) -> bool {
        matches!(self, Strategy::First)
    }

    /// The values `found` (highest priority first) merged, as the reference
    /// merges the values of the locations of a level, the levels of a
    /// layer and the layers: a single value is converted (`unique` makes it
    /// an array), more are reduced pairwise from the highest, each pair
    /// checked (`unique` takes scalars and arrays, `hash` hashes; the
    /// message starts with `prefix`) and merged, the lower value under the
    /// higher.
    pub fn merge(&self, found: Vec<Value>, prefix: &str) -> Result<Value> {
        let mut found = found.into_iter();
        let Some(first) = found.next() else {
            return Ok(Value::Undef);
        };
        if self.is_first() {
            return Ok(first);
        }
        let expected = match self {
            Strategy::Unique => Some("Variant[Scalar, Array]"),
            Strategy::Hash => Some("Hash"),
            _ => None,
        };
        let check = |which: &str, v: &Value| -> Result<()> {
            let Some(expected) = expected else {
                return Ok(());
            };
            let t = crate::types::parse::TypeParser::new()
                .parse(expected)
                .expect("the strategies' types parse");
            let label = format!("{prefix}The {which} element of the merge has wrong type,");
            match crate::types::calc::describe_mismatch(&t, v, Some(&label)) {
                Some(m) => Err(Error::evaluation(m)),
                None => Ok(()),
            }
        };
        let mut memo = self.convert(first);
        for lower in found {
            check("first", &memo)?;
            check("second", &lower)?;
            memo = match self {
                Strategy::Unique => {
                    let mut out: Vec<Value> = Vec::new();
                    for v in [&memo, &lower] {
                        let mut flat = Vec::new();
                        flatten(v, &mut flat);
                        for x in flat {
                            if !out.contains(&x) {
                                out.push(x);
                            }
                        }
                    }
                    Value::array(out)
                }
                Strategy::Hash => match (&lower, &memo) {
                    (Value::Hash(l), Value::Hash(h)) => {
                        let mut out: ValueMap = (**l).clone();
                        for (k, v) in h.iter() {
                            out.insert(k.clone(), v.clone());
                        }
                        Value::hash(out)
                    }
                    _ => memo,
                },
                Strategy::Deep(o) => deep(lower, memo, o),
                Strategy::First => memo,
            };
        }
        Ok(memo)
    }

    /// A single value as the strategy takes it.
    fn convert(&self, v: Value) -> Value {
        match self {
            Strategy::Unique => {
                let mut flat = Vec::new();
                flatten(&v, &mut flat);
                let mut out: Vec<Value> = Vec::new();
                for x in flat {
                    if !out.contains(&x) {
                        out.push(x);
                    }
                }
                Value::array(out)
            }
            _ => v,
        }
    }
}

fn flatten(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Undef => {}
        Value::Array(a) => a.iter().for_each(|x| flatten(x, out)),
        other => out.push(other.clone()),
    }
}

fn knocked_out<'v>(v: &'v Value, o: &DeepOptions) -> Option<&'v str> {
    let prefix = o.knockout_prefix.as_deref()?;
    v.as_str()?.strip_prefix(prefix)
}

/// `higher` deep merged over `lower`.
fn deep(lower: Value, higher: Value, o: &DeepOptions) -> Value {
    match (&lower, &higher) {
        (Value::Hash(l), Value::Hash(h)) => {
            let mut out: ValueMap = (**l).clone();
            for (k, v) in h.iter() {
                if let Some(rest) = knocked_out(v, o) {
                    out.insert(k.clone(), Value::string(rest));
                    continue;
                }
                let merged = match out.get(k) {
                    Some(existing) => deep(existing.clone(), v.clone(), o),
                    None => v.clone(),
                };
                out.insert(k.clone(), merged);
            }
            Value::hash(out)
        }
        (Value::Array(l), Value::Array(h)) => {
            let mut out: Vec<Value> = Vec::new();
            let removed: Vec<&str> = h.iter().filter_map(|v| knocked_out(v, o)).collect();
            for (i, v) in l.iter().enumerate() {
                if v.as_str().is_some_and(|s| removed.contains(&s)) {
                    continue;
                }
                let v = match (o.merge_hash_arrays, v, h.get(i)) {
                    (true, Value::Hash(_), Some(hv @ Value::Hash(_))) => {
                        deep(v.clone(), hv.clone(), o)
                    }
                    _ => v.clone(),
                };
                if !out.contains(&v) {
                    out.push(v);
                }
            }
            for (i, v) in h.iter().enumerate() {
                if knocked_out(v, o).is_some()
                    || (o.merge_hash_arrays
                        && matches!((v, l.get(i)), (Value::Hash(_), Some(Value::Hash(_)))))
                {
                    continue;
                }
                if !out.contains(v) {
                    out.push(v.clone());
                }
            }
            if o.sort_merged_arrays {
                out.sort_by_key(crate::eval::interpolate);
            }
            Value::array(out)
        }
        _ => higher,
    }
}
