//! String functions: `split`, `join`, `upcase`, `downcase`, `capitalize`,
//! `camelcase`, `strip`, `lstrip`, `rstrip`, `chomp`, `chop`, `match`,
//! `regsubst`, with Ruby's string semantics (which the reference uses).

use super::Args;
use crate::error::{Error, Result};
use crate::eval::flow::EResult;
use crate::eval::interp::Interp;
use crate::types::TypeKind;
use crate::values::{Regexp, Value, ValueMap};

/// Apply `f` to a string, or to each string of an iterable (other values kept).
fn each_string(a: &Args, f: fn(&str) -> String) -> EResult<Value> {
    let v = a.get(0);
    Ok(match v {
        Value::String(s) => Value::string(f(s)),
        Value::Integer(_) | Value::Float(_) => v.clone(),
        other => {
            let items = super::iteration::elements(other).unwrap_or_else(|| Ok(Vec::new()))?;
            Value::array(
                items
                    .into_iter()
                    .map(|x| match &x {
                        Value::String(s) => Value::string(f(s)),
                        _ => x,
                    })
                    .collect(),
            )
        }
    })
}

/// Ruby's `capitalize`: the first character in title case, the rest lower case.
fn capitalize_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    crate::values::ruby_case::capitalize(s, &mut out);
    out
}

pub(super) fn capitalize(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    each_string(a, capitalize_str)
}

pub(super) fn camelcase(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    each_string(a, |s| s.split('_').map(capitalize_str).collect())
}

const RUBY_SPACE: &[char] = &[' ', '\t', '\n', '\u{b}', '\u{c}', '\r', '\0'];

pub(super) fn strip(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    each_string(a, |s| s.trim_matches(RUBY_SPACE).to_string())
}

pub(super) fn lstrip(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    each_string(a, |s| s.trim_start_matches(RUBY_SPACE).to_string())
}

pub(super) fn rstrip(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    each_string(a, |s| s.trim_end_matches(RUBY_SPACE).to_string())
}

pub(super) fn chomp(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    each_string(a, |s| {
        s.strip_suffix("\r\n")
            .or_else(|| s.strip_suffix('\n'))
            .or_else(|| s.strip_suffix('\r'))
            .unwrap_or(s)
            .to_string()
    })
}

pub(super) fn chop(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    each_string(a, |s| {
        if let Some(t) = s.strip_suffix("\r\n") {
            return t.to_string();
        }
        let mut c = s.chars();
        c.next_back();
        c.as_str().to_string()
    })
}

/// Change the case of strings, also inside arrays and hashes.
fn recase(v: &Value, up: bool, depth: usize) -> Result<Value> {
    if depth > crate::eval::MAX_DEPTH {
        return Err(Error::evaluation("Evaluation nested too deeply"));
    }
    Ok(match v {
        Value::String(s) => {
            let mut out = String::with_capacity(s.len());
            if up {
                crate::values::ruby_case::upcase(s, &mut out);
            } else {
                crate::values::ruby_case::downcase(s, &mut out);
            }
            Value::string(out)
        }
        Value::Array(xs) => Value::array(
            xs.iter()
                .map(|x| recase(x, up, depth + 1))
                .collect::<Result<_>>()?,
        ),
        Value::Hash(h) => {
            let mut out = ValueMap::with_capacity(h.len());
            for (k, x) in h.iter() {
                out.insert(recase(k, up, depth + 1)?, recase(x, up, depth + 1)?);
            }
            Value::hash(out)
        }
        other => other.clone(),
    })
}

pub(super) fn upcase(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    Ok(recase(a.get(0), true, 0)?)
}

pub(super) fn downcase(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    Ok(recase(a.get(0), false, 0)?)
}

/// The text `join` gives an element (Ruby's `to_s`).
fn join_text(v: &Value, sep: &str, out: &mut String, depth: usize) -> Result<()> {
    if depth > crate::eval::MAX_DEPTH {
        return Err(Error::evaluation("recursive array join"));
    }
    match v {
        Value::Array(xs) => {
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                join_text(x, sep, out, depth + 1)?;
            }
        }
        Value::Undef => {}
        Value::String(s) => out.push_str(s),
        Value::Float(f) => out.push_str(&ruby_float(*f)),
        Value::Default => out.push_str("default"),
        other => out.push_str(&crate::eval::text::interpolate(other)),
    }
    Ok(())
}

/// Ruby's `Float#to_s`.
pub(crate) fn ruby_float(f: f64) -> String {
    crate::format::string(&Value::Float(f), &crate::format::Format::Text("%p".into()))
        .unwrap_or_else(|_| f.to_string())
}

pub(super) fn join(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    let sep = a.get(1).as_str().unwrap_or("").to_string();
    let mut out = String::new();
    join_text(a.get(0), &sep, &mut out, 0)?;
    Ok(Value::string(out))
}

/// Ruby's `String#split(regexp)`: captures are included, trailing empty
/// strings dropped, an empty match splits between characters.
pub(crate) fn ruby_split(s: &str, re: &Regexp) -> Result<Vec<Value>> {
    let mut out: Vec<Value> = Vec::new();
    if s.is_empty() {
        return Ok(out);
    }
    let (mut beg, mut start) = (0usize, 0usize);
    let mut last_null = false;
    let len = s.len();
    let char_len = |at: usize| s[at..].chars().next().map_or(1, char::len_utf8);
    loop {
        if start > len {
            break;
        }
        let mut region = onig::Region::new();
        let found = re.regex().search_with_options(
            s,
            start,
            len,
            onig::SearchOptions::SEARCH_OPTION_NONE,
            Some(&mut region),
        );
        let Some(_) = found else { break };
        let (ms, me) = region.pos(0).unwrap_or((start, start));
        if start == ms && ms == me {
            if last_null {
                let l = char_len(beg);
                out.push(Value::string(&s[beg..(beg + l).min(len)]));
                beg = start;
            } else {
                start += if start >= len { 1 } else { char_len(start) };
                last_null = true;
                continue;
            }
        } else {
            out.push(Value::string(&s[beg..ms]));
            beg = me;
            start = me;
        }
        last_null = false;
        for i in 1..region.len() {
            if let Some((b, e)) = region.pos(i) {
                out.push(Value::string(&s[b..e]));
            }
        }
    }
    if len > beg {
        out.push(Value::string(&s[beg..]));
    }
    while matches!(out.last(), Some(Value::String(x)) if x.is_empty()) {
        out.pop();
    }
    Ok(out)
}

fn regexp_of(v: &Value) -> Result<Regexp> {
    match v {
        Value::String(p) => Regexp::new(p),
        Value::Regexp(r) => Ok(r.clone()),
        Value::Type(t) => match t.kind() {
            TypeKind::Regexp(Some(r)) => Ok(r.clone()),
            TypeKind::Regexp(None) => Regexp::new(""),
            _ => Err(Error::evaluation("expects a Regexp")),
        },
        _ => Err(Error::evaluation("expects a Regexp")),
    }
}

pub(super) fn split(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    let s = a.get(0).as_str().unwrap_or("").to_string();
    let re = regexp_of(a.get(1))?;
    Ok(Value::array(ruby_split(&s, &re)?))
}

/// The match of `re` in `s`: `[whole, groups...]` or `undef`.
fn match_one(s: &str, re: &Regexp) -> Result<Value> {
    let mut region = onig::Region::new();
    if re.search(s, Some(&mut region))?.is_none() {
        return Ok(Value::Undef);
    }
    Ok(Value::array(
        (0..region.len())
            .map(|i| match region.pos(i) {
                Some((b, e)) => Value::string(&s[b..e]),
                None => Value::Undef,
            })
            .collect(),
    ))
}

/// `match` with a pattern of any accepted kind (first pattern that matches wins).
fn match_pattern(s: &str, pattern: &Value, depth: usize) -> Result<Value> {
    if depth > 64 {
        return Ok(Value::Undef);
    }
    match pattern {
        Value::String(p) => match_one(s, &Regexp::new(p)?),
        Value::Regexp(r) => match_one(s, r),
        Value::Array(ps) => {
            for p in ps.iter() {
                let m = match_pattern(s, p, depth + 1)?;
                if !m.is_undef() {
                    return Ok(m);
                }
            }
            Ok(Value::Undef)
        }
        Value::Type(t) => match t.kind() {
            TypeKind::Regexp(Some(r)) => match_one(s, r),
            TypeKind::Regexp(None) => Err(Error::evaluation(
                "Given Regexp Type has no regular expression",
            )),
            TypeKind::Pattern(rs) => {
                for r in rs {
                    let m = match_one(s, r)?;
                    if !m.is_undef() {
                        return Ok(m);
                    }
                }
                Ok(Value::Undef)
            }
            TypeKind::Variant(ts) => {
                for t in ts {
                    let m = match_pattern(s, &Value::Type(t.clone()), depth + 1)?;
                    if !m.is_undef() {
                        return Ok(m);
                    }
                }
                Ok(Value::Undef)
            }
            TypeKind::Alias(al) => match al.resolved() {
                Some(r) => match_pattern(s, &Value::Type(r.clone()), depth + 1),
                None => Ok(Value::Undef),
            },
            _ => Err(Error::evaluation(format!(
                "match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got {}",
                type_class(t)
            ))),
        },
        other => Err(Error::evaluation(format!(
            "match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got {}",
            crate::eval::ops::ruby_class(other)
        ))),
    }
}

/// The reference's Ruby class name of a type (`Puppet::Pops::Types::PIntegerType`).
fn type_class(t: &crate::types::Type) -> String {
    format!("Puppet::Pops::Types::P{}Type", t.kind().simple_name())
}

pub(super) fn match_(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    let pattern = a.get(1).clone();
    match a.get(0) {
        Value::String(s) => Ok(match_pattern(s, &pattern, 0)?),
        Value::Array(xs) => Ok(Value::array(
            xs.iter()
                .map(|x| match_pattern(x.as_str().unwrap_or(""), &pattern, 0))
                .collect::<Result<_>>()?,
        )),
        _ => unreachable!("dispatch checked the argument"),
    }
}

/// Expand a Ruby replacement string (`\0`..`\9`, `\&`, `\k<name>`, `\\`) for one match.
fn expand(replacement: &str, s: &str, region: &onig::Region, re: &Regexp) -> String {
    let group = |i: usize| region.pos(i).map_or("", |(b, e)| &s[b..e]);
    let mut out = String::new();
    let mut chars = replacement.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some(d @ '0'..='9') => {
                chars.next();
                out.push_str(group(d as usize - '0' as usize));
            }
            Some('&') => {
                chars.next();
                out.push_str(group(0));
            }
            Some('`') => {
                chars.next();
                out.push_str(&s[..region.pos(0).map_or(0, |p| p.0)]);
            }
            Some('\'') => {
                chars.next();
                out.push_str(&s[region.pos(0).map_or(s.len(), |p| p.1)..]);
            }
            Some('\\') => {
                chars.next();
                out.push('\\');
            }
            Some('k') => {
                let rest: String = chars.clone().collect();
                if let Some(name) = rest
                    .strip_prefix("k<")
                    .and_then(|r| r.split_once('>'))
                    .map(|(n, _)| n.to_string())
                {
                    for _ in 0..name.chars().count() + 3 {
                        chars.next();
                    }
                    let mut idx = None;
                    re.regex().foreach_name(|n, groups| {
                        if n == name {
                            idx = groups.last().copied();
                        }
                        true
                    });
                    if let Some(i) = idx {
                        out.push_str(group(i as usize));
                    }
                } else {
                    out.push('\\');
                }
            }
            _ => out.push('\\'),
        }
    }
    out
}

/// Substitute the first (or every, `global`) match of `re` in `s`.
fn substitute(s: &str, re: &Regexp, replacement: &Value, global: bool) -> Result<String> {
    let mut out = String::new();
    let mut pos = 0;
    let len = s.len();
    let mut last_end = 0;
    while pos <= len {
        let mut region = onig::Region::new();
        let found = re.regex().search_with_options(
            s,
            pos,
            len,
            onig::SearchOptions::SEARCH_OPTION_NONE,
            Some(&mut region),
        );
        let Some(_) = found else { break };
        let (ms, me) = region.pos(0).unwrap_or((pos, pos));
        out.push_str(&s[last_end..ms]);
        match replacement {
            Value::Hash(h) => {
                if let Some(Value::String(r)) = h.get(&Value::string(&s[ms..me])) {
                    out.push_str(r);
                }
            }
            Value::String(r) => out.push_str(&expand(r, s, &region, re)),
            _ => {}
        }
        last_end = me;
        if !global {
            break;
        }
        pos = if me == ms {
            if me >= len {
                break;
            }
            let l = s[me..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&s[me..me + l]);
            last_end = me + l;
            me + l
        } else {
            me
        };
    }
    out.push_str(&s[last_end.min(len)..]);
    Ok(out)
}

pub(super) fn regsubst(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    let flags = a.get(3).as_str().unwrap_or("").to_string();
    let global = flags.contains('G');
    let re = match a.get(1) {
        Value::String(p) => {
            let mut opts = String::new();
            if flags.contains('I') {
                opts.push('i');
            }
            if flags.contains('M') {
                opts.push('m');
            }
            if flags.contains('E') {
                opts.push('x');
            }
            if opts.is_empty() {
                Regexp::new(p)?
            } else {
                Regexp::new(&format!("(?{opts}){p}"))?
            }
        }
        other => regexp_of(other)?,
    };
    let replacement = a.get(2).clone();
    match a.get(0) {
        Value::String(s) => Ok(Value::string(substitute(s, &re, &replacement, global)?)),
        Value::Array(xs) => Ok(Value::array(
            xs.iter()
                .map(|x| {
                    substitute(x.as_str().unwrap_or(""), &re, &replacement, global)
                        .map(Value::string)
                })
                .collect::<Result<_>>()?,
        )),
        _ => unreachable!("dispatch checked the argument"),
    }
}
