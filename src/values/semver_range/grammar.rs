//! The range grammar: operators, partial versions (`1`, `1.x`, `1.2.*`),
//! hyphen ranges and `||` alternatives, read with Ruby-syntax regexes.

use super::part::{Cmp, Part, Point};
use crate::error::{Error, Result};
use crate::values::SemVer;
use onig::Regex;
use std::sync::OnceLock;

struct Grammar {
    op_space: Regex,
    or_split: Regex,
    ws: Regex,
    hyphen: Regex,
    simple: Regex,
    partial: Regex,
}

fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| {
        let part = "[0-9A-Za-z-]+";
        let parts = format!("{part}(?:\\.{part})*");
        let xr = "(?:x|X|\\*|0|[1-9][0-9]*)";
        let partial = format!("{xr}(?:\\.{xr}(?:\\.{xr}(?:-{parts})?(?:\\+{parts})?)?)?");
        let cxr = "(x|X|\\*|0|[1-9][0-9]*)";
        let r = |s: &str| {
            Regex::with_options(
                s,
                onig::RegexOptions::REGEX_OPTION_NONE,
                onig::Syntax::ruby(),
            )
            .expect("range grammar")
        };
        Grammar {
            op_space: r("([><=~^])(?:\\s+|\\s*v)"),
            or_split: r("\\s*\\|\\|\\s*"),
            ws: r("\\s+"),
            hyphen: r(&format!("\\A({partial})\\s+-\\s+({partial})\\z")),
            simple: r(&format!("\\A([<>=~^]|<=|>=|~>|~=)?({partial})\\z")),
            partial: r(&format!(
                "\\A{cxr}(?:\\.{cxr}(?:\\.{cxr}(?:-({parts}))?(?:\\+({parts}))?)?)?\\z"
            )),
        }
    })
}

/// Ruby's `String#split(regex)`: a leading empty field is kept, trailing empty ones dropped.
fn ruby_split<'a>(s: &'a str, re: &Regex) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (a, b) in re.find_iter(s) {
        if b == a {
            continue;
        }
        out.push(&s[start..a]);
        start = b;
    }
    out.push(&s[start..]);
    while out.last().is_some_and(|x| x.is_empty()) {
        out.pop();
    }
    out
}

/// A parsed partial version `x[.y[.z[-pre][+build]]]`, `None` for a wildcard.
struct Partial {
    nums: [Option<u64>; 3],
    pre: Option<String>,
    build: Option<String>,
}

fn unparsable(s: &str) -> Error {
    Error::argument(format!("Unparsable version range: \"{s}\""))
}

fn partial(expr: &str) -> Result<Partial> {
    let caps = grammar()
        .partial
        .captures(expr)
        .ok_or_else(|| unparsable(expr))?;
    let mut nums = [None; 3];
    for (i, n) in nums.iter_mut().enumerate() {
        *n = match caps.at(i + 1) {
            None | Some("x" | "X" | "*") => None,
            Some(d) => Some(d.parse::<u64>().map_err(|_| {
                Error::argument(format!(
                    "Unparsable version range: \"{expr}\": number too large"
                ))
            })?),
        };
    }
    Ok(Partial {
        nums,
        pre: caps.at(4).map(str::to_string),
        build: caps.at(5).map(str::to_string),
    })
}

impl Partial {
    fn version(&self, m: u64, n: u64, p: u64) -> Result<SemVer> {
        let text = format!(
            "{m}.{n}.{p}{}{}",
            self.pre
                .as_ref()
                .map(|x| format!("-{x}"))
                .unwrap_or_default(),
            self.build
                .as_ref()
                .map(|x| format!("+{x}"))
                .unwrap_or_default()
        );
        SemVer::parse(&text)
    }
    /// Missing parts as zero.
    fn full(&self) -> Result<Point> {
        let [a, b, c] = self.nums;
        Ok(Point::V(self.version(
            a.unwrap_or(0),
            b.unwrap_or(0),
            c.unwrap_or(0),
        )?))
    }
}

fn v3(a: u64, b: u64, c: u64) -> Point {
    Point::V(SemVer::new(a, b, c))
}

fn pair(lo: Point, hi: Point) -> Part {
    Part::Both(Cmp::GtEq(lo), Cmp::Lt(hi))
}

fn no_star_error() -> Error {
    Error::argument("Unparsable version range: a wildcard cannot be used with '<=' or '^'")
}

/// `~` and bare versions: a wildcard tail allows any patch/minor.
fn patch_updates(p: &Partial, exact: bool) -> Result<Part> {
    let Some(a) = p.nums[0] else {
        return Ok(Part::All);
    };
    let Some(b) = p.nums[1] else {
        return Ok(pair(v3(a, 0, 0), v3(a.saturating_add(1), 0, 0)));
    };
    let Some(c) = p.nums[2] else {
        return Ok(pair(v3(a, b, 0), v3(a, b.saturating_add(1), 0)));
    };
    let v = Point::V(p.version(a, b, c)?);
    if exact {
        return Ok(Part::One(Cmp::Eq(v)));
    }
    Ok(pair(v, v3(a, b.saturating_add(1), 0)))
}

fn parse_simple(op: Option<&str>, operand: &str) -> Result<Part> {
    let p = partial(operand)?;
    let [a, b, c] = p.nums;
    Ok(match op {
        Some("~" | "~>" | "~=") => patch_updates(&p, false)?,
        Some("^") => match a {
            None => return Err(no_star_error()),
            Some(0) => patch_updates(&p, false)?,
            Some(a) => {
                let top = v3(a.saturating_add(1), 0, 0);
                match (b, c) {
                    (Some(b), Some(c)) => pair(Point::V(p.version(a, b, c)?), top),
                    (Some(b), None) => pair(v3(a, b, 0), top),
                    _ => pair(v3(a, 0, 0), top),
                }
            }
        },
        Some(">") => match (a, b, c) {
            (None, _, _) => Part::nothing(),
            (Some(a), None, _) => Part::One(Cmp::GtEq(v3(a.saturating_add(1), 0, 0))),
            (Some(a), Some(b), None) => Part::One(Cmp::GtEq(v3(a, b.saturating_add(1), 0))),
            (Some(a), Some(b), Some(c)) => Part::One(Cmp::Gt(Point::V(p.version(a, b, c)?))),
        },
        Some(">=") => Part::One(Cmp::GtEq(p.full()?)),
        Some("<") => Part::One(Cmp::Lt(p.full()?)),
        Some("<=") => match (a, b, c) {
            (None, _, _) => return Err(no_star_error()),
            (Some(a), None, _) => Part::One(Cmp::Lt(v3(a.saturating_add(1), 0, 0))),
            (Some(a), Some(b), None) => Part::One(Cmp::Lt(v3(a, b.saturating_add(1), 0))),
            (Some(a), Some(b), Some(c)) => Part::One(Cmp::LtEq(Point::V(p.version(a, b, c)?))),
        },
        _ => patch_updates(&p, true)?,
    })
}

/// The alternatives of a range string, before merging; `None` for an empty string (everything).
pub(super) fn parse_parts(s: &str) -> Result<Option<Vec<Part>>> {
    let g = grammar();
    let cleaned = g
        .op_space
        .replace_all(s, |c: &onig::Captures| c.at(1).unwrap_or("").to_string());
    let alts = ruby_split(&cleaned, &g.or_split);
    if alts.is_empty() {
        return Ok(None);
    }
    let mut parts: Vec<Part> = Vec::new();
    for alt in alts {
        let part = if let Some(c) = g.hyphen.captures(alt) {
            let lo = Part::One(Cmp::GtEq(partial(c.at(1).unwrap_or(""))?.full()?));
            let hi = Part::One(Cmp::LtEq(partial(c.at(2).unwrap_or(""))?.full()?));
            lo.intersect(&hi)
        } else {
            let mut simples = Vec::new();
            for simple in ruby_split(alt, &g.ws) {
                let c = g.simple.captures(simple).ok_or_else(|| unparsable(s))?;
                simples.push(parse_simple(c.at(1), c.at(2).unwrap_or(""))?);
            }
            Part::intersect_all(simples)?
        };
        if let Some(p) = part {
            if !parts.contains(&p) {
                parts.push(p);
            }
        }
    }
    Ok(Some(parts))
}
