//! Version ranges in the grammar Puppet accepts (semantic_puppet's, npm-like).
//!
//! A [`SemVerRange`] is a list of alternatives (joined by `||`), each either
//! everything (`*`), one comparator (`>v`, `>=v`, `<v`, `<=v`, `=v`) or a pair
//! lower/upper comparator. Parsing intersects the comparators of one
//! alternative and merges overlapping or adjacent alternatives. Equality looks
//! at that structure; the text (`to_s`) is the string that was parsed, or the
//! text the reference builds for ranges made from two versions (which, like
//! the reference, names the ends in reverse order: `>=2.0.0 <1.0.0`).
//! Prerelease versions are only included by an alternative that names a
//! prerelease of the same `major.minor.patch`.

use super::SemVer;
use crate::error::{Error, Result};
use onig::Regex;
use std::cmp::Ordering;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// A range end: a version or the unbounded top (`Infinity.0.0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    /// A real version ([`SemVer::min`] is the unbounded bottom).
    V(SemVer),
    /// Above every version.
    Max,
}

impl Point {
    fn cmp_prec(&self, o: &Point) -> Ordering {
        match (self, o) {
            (Point::Max, Point::Max) => Ordering::Equal,
            (Point::Max, _) => Ordering::Greater,
            (_, Point::Max) => Ordering::Less,
            (Point::V(a), Point::V(b)) => a.cmp_precedence(b),
        }
    }

    fn is_min(&self) -> bool {
        matches!(self, Point::V(v) if *v == SemVer::min())
    }

    /// The version, unless this is the unbounded top.
    pub fn version(&self) -> Option<&SemVer> {
        match self {
            Point::V(v) => Some(v),
            Point::Max => None,
        }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Point::V(v) => v.fmt(f),
            Point::Max => f.write_str("Infinity.0.0"),
        }
    }
}

/// A single comparator.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `>v`
    Gt(Point),
    /// `>=v`
    GtEq(Point),
    /// `<v`
    Lt(Point),
    /// `<=v`
    LtEq(Point),
    /// `v` (exactly)
    Eq(Point),
}

/// One alternative of a range.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// Every version (`*`).
    All,
    /// A single comparator.
    One(Cmp),
    /// Lower and upper comparator, both must hold.
    Both(Cmp, Cmp),
}

impl Cmp {
    fn point(&self) -> &Point {
        match self {
            Cmp::Gt(p) | Cmp::GtEq(p) | Cmp::Lt(p) | Cmp::LtEq(p) | Cmp::Eq(p) => p,
        }
    }
    fn includes(&self, v: &Point) -> bool {
        let o = v.cmp_prec(self.point());
        match self {
            Cmp::Gt(_) => o.is_gt(),
            Cmp::GtEq(_) => o.is_ge(),
            Cmp::Lt(_) => o.is_lt(),
            Cmp::LtEq(_) => o.is_le(),
            Cmp::Eq(p) => matches!((v, p), (Point::V(a), Point::V(b)) if a == b),
        }
    }
    fn test_prerelease(&self, v: &SemVer) -> bool {
        match self.point() {
            Point::V(p) => {
                !p.is_stable() && (p.major, p.minor, p.patch) == (v.major, v.minor, v.patch)
            }
            Point::Max => false,
        }
    }
}

impl fmt::Display for Cmp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cmp::Gt(p) => write!(f, ">{p}"),
            Cmp::GtEq(p) => write!(f, ">={p}"),
            Cmp::Lt(p) if p.is_min() => f.write_str("<0.0.0"),
            Cmp::Lt(p) => write!(f, "<{p}"),
            Cmp::LtEq(p) => write!(f, "<={p}"),
            Cmp::Eq(p) => write!(f, "{p}"),
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::All => f.write_str("*"),
            Part::One(c) => c.fmt(f),
            Part::Both(a, b) => write!(f, "{a} {b}"),
        }
    }
}

fn min_point() -> Point {
    Point::V(SemVer::min())
}

impl Part {
    fn nothing() -> Part {
        Part::One(Cmp::Lt(min_point()))
    }

    /// The lower end (the bottom version when unbounded below).
    pub fn begin(&self) -> Point {
        match self {
            Part::One(c @ (Cmp::Gt(_) | Cmp::GtEq(_) | Cmp::Eq(_))) => c.point().clone(),
            Part::Both(lo, _) => Part::One(lo.clone()).begin(),
            _ => min_point(),
        }
    }

    /// The upper end (the top when unbounded above).
    pub fn end(&self) -> Point {
        match self {
            Part::One(c @ (Cmp::Lt(_) | Cmp::LtEq(_) | Cmp::Eq(_))) => c.point().clone(),
            Part::Both(_, hi) => Part::One(hi.clone()).end(),
            _ => Point::Max,
        }
    }

    /// True when the lower end is excluded.
    pub fn exclude_begin(&self) -> bool {
        match self {
            Part::One(Cmp::Gt(_)) => true,
            Part::Both(lo, _) => matches!(lo, Cmp::Gt(_)),
            _ => false,
        }
    }

    /// True when the upper end is excluded.
    pub fn exclude_end(&self) -> bool {
        match self {
            Part::One(Cmp::Lt(_)) => true,
            Part::Both(_, hi) => matches!(hi, Cmp::Lt(_)),
            _ => false,
        }
    }

    fn lower_bound(&self) -> bool {
        match self {
            Part::One(Cmp::Gt(_)) => true,
            Part::One(Cmp::GtEq(p) | Cmp::Eq(p)) => !p.is_min(),
            Part::Both(lo, _) => Part::One(lo.clone()).lower_bound(),
            _ => false,
        }
    }

    fn upper_bound(&self) -> bool {
        match self {
            Part::One(Cmp::Lt(_)) => true,
            Part::One(Cmp::LtEq(p) | Cmp::Eq(p)) => *p != Point::Max,
            Part::Both(_, hi) => Part::One(hi.clone()).upper_bound(),
            _ => false,
        }
    }

    fn includes(&self, v: &Point) -> bool {
        match self {
            Part::All => true,
            Part::One(c) => c.includes(v),
            Part::Both(a, b) => a.includes(v) && b.includes(v),
        }
    }

    fn test_prerelease(&self, v: &SemVer) -> bool {
        match self {
            Part::All => true,
            Part::One(c) => c.test_prerelease(v),
            Part::Both(a, b) => a.test_prerelease(v) || b.test_prerelease(v),
        }
    }

    /// Lower comparator of a pair built from this part.
    fn low_cmp(&self) -> Cmp {
        match self {
            Part::One(c) => c.clone(),
            Part::Both(lo, _) => lo.clone(),
            Part::All => Cmp::GtEq(min_point()),
        }
    }

    fn high_cmp(&self) -> Cmp {
        match self {
            Part::One(c) => c.clone(),
            Part::Both(_, hi) => hi.clone(),
            Part::All => Cmp::LtEq(Point::Max),
        }
    }

    /// The versions both parts include, `None` when there are none.
    fn intersect(&self, other: &Part) -> Option<Part> {
        if *self == Part::All {
            return Some(other.clone());
        }
        let c = self.begin().cmp_prec(&other.end());
        if c.is_gt() {
            return None;
        }
        if c.is_eq() {
            return if self.exclude_begin() || other.exclude_end() {
                None
            } else {
                Some(Part::One(Cmp::Eq(self.begin())))
            };
        }
        let c = other.begin().cmp_prec(&self.end());
        if c.is_gt() {
            return None;
        }
        if c.is_eq() {
            return if other.exclude_begin() || self.exclude_end() {
                None
            } else {
                Some(Part::One(Cmp::Eq(other.begin())))
            };
        }
        let lo = match self.begin().cmp_prec(&other.begin()) {
            Ordering::Less => other,
            Ordering::Greater => self,
            Ordering::Equal if self.exclude_begin() => self,
            Ordering::Equal => other,
        };
        let hi = match self.end().cmp_prec(&other.end()) {
            Ordering::Greater => other,
            Ordering::Less => self,
            Ordering::Equal if self.exclude_end() => self,
            Ordering::Equal => other,
        };
        Some(if !hi.upper_bound() {
            lo.clone()
        } else if !lo.lower_bound() {
            hi.clone()
        } else {
            Part::Both(lo.low_cmp(), hi.high_cmp())
        })
    }

    fn intersect_all(parts: Vec<Part>) -> Result<Option<Part>> {
        let mut it = parts.into_iter();
        let Some(mut acc) = it.next() else {
            return Ok(None);
        };
        let mut empty = false;
        for p in it {
            if empty {
                // The reference fails here (it intersects nil); say so plainly.
                return Err(Error::argument(
                    "Unparsable version range: the intersection of its comparators is empty",
                ));
            }
            match acc.intersect(&p) {
                Some(x) => acc = x,
                None => empty = true,
            }
        }
        Ok(if empty { None } else { Some(acc) })
    }

    fn from_ends(lo: Point, excl_lo: bool, hi: Point, excl_hi: bool) -> Option<Part> {
        let a = Part::One(if excl_lo { Cmp::Gt(lo) } else { Cmp::GtEq(lo) });
        let b = Part::One(if excl_hi { Cmp::Lt(hi) } else { Cmp::LtEq(hi) });
        a.intersect(&b)
    }

    /// Union of two overlapping or adjacent parts, `None` when they are apart.
    fn merge(&self, other: &Part) -> Option<Part> {
        if *self == Part::All {
            return Some(Part::All);
        }
        let (sb, se, ob, oe) = (self.begin(), self.end(), other.begin(), other.end());
        if self.includes(&ob) || other.includes(&sb) {
            let (lo, xl) = match sb.cmp_prec(&ob) {
                Ordering::Less => (sb, self.exclude_begin()),
                Ordering::Greater => (ob, other.exclude_begin()),
                Ordering::Equal => (sb, self.exclude_begin() && other.exclude_begin()),
            };
            let (hi, xh) = match se.cmp_prec(&oe) {
                Ordering::Greater => (se, self.exclude_end()),
                Ordering::Less => (oe, other.exclude_end()),
                Ordering::Equal => (se, self.exclude_end() && other.exclude_end()),
            };
            return Part::from_ends(lo, xl, hi, xh);
        }
        let next = |p: &Point| match p {
            Point::V(v) => Point::V(v.next_patch()),
            Point::Max => Point::Max,
        };
        let join = |a: &Part, b: &Part| {
            Part::from_ends(a.begin(), a.exclude_begin(), b.end(), b.exclude_end())
        };
        if self.exclude_end() && !other.exclude_begin() && se == ob {
            join(self, other)
        } else if other.exclude_end() && !self.exclude_begin() && oe == sb {
            join(other, self)
        } else if !self.exclude_end()
            && !other.exclude_begin()
            && next(&se) == ob
            && se != Point::Max
        {
            join(self, other)
        } else if !other.exclude_end()
            && !self.exclude_begin()
            && next(&oe) == sb
            && oe != Point::Max
        {
            join(other, self)
        } else {
            None
        }
    }
}

/// A version range: alternatives of contiguous ranges, and its text.
#[derive(Clone, Debug)]
pub struct SemVerRange {
    parts: Vec<Part>,
    text: Arc<str>,
}

impl PartialEq for SemVerRange {
    fn eq(&self, o: &SemVerRange) -> bool {
        self.parts == o.parts
    }
}
impl Eq for SemVerRange {}
impl std::hash::Hash for SemVerRange {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.parts.hash(state)
    }
}

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

/// Merge alternatives until no two overlap or touch (reference order kept).
fn normalize(mut parts: Vec<Part>) -> Vec<Part> {
    let mut merged = true;
    while parts.len() > 1 && merged {
        merged = false;
        let mut result = Vec::new();
        while let Some(x) = parts.pop() {
            let mut acc = x;
            let mut rest = Vec::new();
            for y in parts.drain(..) {
                match acc.merge(&y) {
                    Some(m) => {
                        merged = true;
                        acc = m;
                    }
                    None => rest.push(y),
                }
            }
            result.push(acc);
            parts = rest;
        }
        result.reverse();
        parts = result;
    }
    if parts.is_empty() {
        parts.push(Part::nothing());
    }
    parts
}

impl SemVerRange {
    /// Parse a range string (`>=1.0.0 <2.0.0`, `~1.2`, `^1`, `1.x`, `1.2.3 - 2.3.4`,
    /// alternatives joined by `||`). The text form is the given string.
    pub fn parse(s: &str) -> Result<SemVerRange> {
        let g = grammar();
        let cleaned = g
            .op_space
            .replace_all(s, |c: &onig::Captures| c.at(1).unwrap_or("").to_string());
        let alts = ruby_split(&cleaned, &g.or_split);
        if alts.is_empty() {
            return Ok(SemVerRange {
                parts: vec![Part::All],
                text: "*".into(),
            });
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
        Ok(SemVerRange {
            parts: normalize(parts),
            text: s.into(),
        })
    }

    /// The range from `min` to `max` (`None` = unbounded), as
    /// `SemVerRange.new(min, max, exclude_max)`. Its text is the reference's:
    /// `"{max} - {min}"`, or `">={max} <{min}"` when `exclude_max`.
    pub fn from_versions(
        min: Option<SemVer>,
        max: Option<SemVer>,
        exclude_max: bool,
    ) -> SemVerRange {
        let lo = min.map(Point::V).unwrap_or_else(min_point);
        let hi = max.map(Point::V).unwrap_or(Point::Max);
        let text = if exclude_max {
            format!(">={hi} <{lo}")
        } else {
            format!("{hi} - {lo}")
        };
        let part = Part::from_ends(lo, false, hi, exclude_max);
        SemVerRange {
            parts: normalize(part.into_iter().collect()),
            text: text.into(),
        }
    }

    /// The alternatives after merging (at least one).
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The text form (`to_s`): the parsed string, or the constructed text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The canonical form built from the alternatives (`inspect`), e.g. `>=1.2.0 <1.3.0`.
    pub fn canonical(&self) -> String {
        self.parts
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" || ")
    }

    /// The lower end, when there is a single alternative.
    pub fn begin(&self) -> Option<Point> {
        (self.parts.len() == 1).then(|| self.parts[0].begin())
    }

    /// The upper end, when there is a single alternative.
    pub fn end(&self) -> Option<Point> {
        (self.parts.len() == 1).then(|| self.parts[0].end())
    }

    /// Whether the lower end is excluded, when there is a single alternative.
    pub fn exclude_begin(&self) -> Option<bool> {
        (self.parts.len() == 1).then(|| self.parts[0].exclude_begin())
    }

    /// Whether the upper end is excluded, when there is a single alternative.
    pub fn exclude_end(&self) -> Option<bool> {
        (self.parts.len() == 1).then(|| self.parts[0].exclude_end())
    }

    /// True when `v` is in the range. A prerelease is only included by an
    /// alternative naming a prerelease of the same `major.minor.patch`.
    pub fn includes(&self, v: &SemVer) -> bool {
        let p = Point::V(v.clone());
        self.parts
            .iter()
            .any(|r| r.includes(&p) && (v.is_stable() || r.test_prerelease(v)))
    }

    fn includes_point(&self, p: &Point) -> bool {
        match p {
            Point::V(v) => self.includes(v),
            Point::Max => self.parts.iter().any(|r| r.includes(p)),
        }
    }

    /// True when `self` lies within `other` (used for `SemVer[...]` assignability).
    pub fn covered_by(&self, other: &SemVerRange) -> bool {
        let (Some(ab), Some(ae), Some(bb), Some(be)) =
            (self.begin(), self.end(), other.begin(), other.end())
        else {
            return false;
        };
        let excl_a = self.exclude_end().unwrap_or(false);
        let excl_b = other.exclude_end().unwrap_or(false);
        bb.cmp_prec(&ab).is_le() && (be.cmp_prec(&ae).is_gt() || (be == ae && (!excl_b || excl_a)))
    }

    /// Merge two ranges for a `SemVer[...]` type when they overlap or touch
    /// (reference `PSemVerRangeType.merge`); `None` when apart.
    pub fn merge_for_type(a: &SemVerRange, b: &SemVerRange) -> Option<SemVerRange> {
        let (ab, ae, bb, be) = (a.begin()?, a.end()?, b.begin()?, b.end()?);
        let (ax, bx) = (a.exclude_end()?, b.exclude_end()?);
        let mk = |lo: Point, hi: Point, excl: bool| {
            SemVerRange::from_versions(lo.version().cloned(), hi.version().cloned(), excl)
        };
        if a.includes_point(&bb) || b.includes_point(&ab) {
            let max = if ae.cmp_prec(&be).is_ge() {
                ae.clone()
            } else {
                be.clone()
            };
            let mut excl = false;
            if ax {
                excl = max == ae && (max.cmp_prec(&be).is_gt() || bx);
            } else if bx {
                excl = max == be && (max.cmp_prec(&ae).is_gt() || ax);
            }
            let min = if ab.cmp_prec(&bb).is_le() { ab } else { bb };
            Some(mk(min, max, excl))
        } else if ax && ae == bb {
            Some(mk(ab, be, bx))
        } else if bx && be == ab {
            Some(mk(bb, ae, ax))
        } else {
            None
        }
    }

    /// Merge a list of ranges as a `SemVer[...]` type does on creation.
    pub fn merge_all_for_type(mut ranges: Vec<SemVerRange>) -> Vec<SemVerRange> {
        if ranges.len() < 2 {
            return ranges;
        }
        let mut result = Vec::new();
        while let Some(x) = ranges.pop() {
            let mut acc = x;
            let mut rest = Vec::new();
            for y in ranges.drain(..) {
                match SemVerRange::merge_for_type(&acc, &y) {
                    Some(m) => acc = m,
                    None => rest.push(y),
                }
            }
            result.push(acc);
            ranges = rest;
        }
        result.reverse();
        result
    }
}

impl fmt::Display for SemVerRange {
    /// The text form (`to_s`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> SemVerRange {
        SemVerRange::parse(s).unwrap()
    }
    fn v(s: &str) -> SemVer {
        SemVer::parse(s).unwrap()
    }

    #[test]
    fn seed000_semver_range_forms() {
        assert_eq!(r("~1.2").canonical(), ">=1.2.0 <1.3.0");
        assert_eq!(r("~1.2").text(), "~1.2");
        assert_eq!(r("^1.2.3").canonical(), ">=1.2.3 <2.0.0");
        assert_eq!(r("1.x").canonical(), ">=1.0.0 <2.0.0");
        assert_eq!(r("1.2.3 - 2.3.4").canonical(), ">=1.2.3 <=2.3.4");
        assert_eq!(r(">=1.0.0 <=1.0.0"), r("1.0.0"));
        assert_eq!(r("1.x || 2.x").canonical(), ">=1.0.0 <3.0.0");
        assert_eq!(r("*").canonical(), "*");
        assert_eq!(r(">*").canonical(), "<0.0.0");
    }

    #[test]
    fn seed000_semver_range_equalities() {
        let a = r(">= 1.0.0 <= 2.0.0");
        let b = SemVerRange::from_versions(Some(v("1.0.0")), Some(v("2.0.0")), false);
        assert_eq!(a, b);
        assert_eq!(b.text(), "2.0.0 - 1.0.0");
        let c = SemVerRange::from_versions(Some(v("1.0.0")), Some(v("2.0.0")), true);
        assert_eq!(c, r(">= 1.0.0 < 2.0.0"));
        assert_eq!(c.text(), ">=2.0.0 <1.0.0");
    }

    #[test]
    fn seed000_semver_type_merges_ranges() {
        let m = SemVerRange::merge_all_for_type(vec![r(">=1.0.0 <3.0.0"), r(">=2.0.0 <4.0.0")]);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0], r(">=1.0.0 <4.0.0"));
        let m = SemVerRange::merge_all_for_type(vec![r(">=1.0.0 <2.0.0"), r(">=2.0.0 <4.0.0")]);
        assert_eq!(m[0], r(">=1.0.0 <4.0.0"));
    }

    #[test]
    fn semver_range_prerelease_inclusion() {
        let t = r(">=1.0.0-rc <2.0.0");
        assert!(t.includes(&v("1.2.3")));
        assert!(!t.includes(&v("1.5.0-rc")));
        assert!(t.includes(&v("1.0.0-rd")));
    }
}
