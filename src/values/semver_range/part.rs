//! The building blocks of a version range: range ends ([`Point`]), comparators
//! ([`Cmp`]) and alternatives ([`Part`]) with the intersection and merging the
//! range grammar and `SemVer[...]` types need.

use crate::error::{Error, Result};
use crate::values::SemVer;
use std::cmp::Ordering;
use std::fmt;
use std::sync::OnceLock;

/// A range end: a version or the unbounded top (`Infinity.0.0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    /// A real version ([`SemVer::min`] is the unbounded bottom).
    V(SemVer),
    /// Above every version.
    Max,
}

impl Point {
    pub(super) fn cmp_prec(&self, o: &Point) -> Ordering {
        match (self, o) {
            (Point::Max, Point::Max) => Ordering::Equal,
            (Point::Max, _) => Ordering::Greater,
            (_, Point::Max) => Ordering::Less,
            (Point::V(a), Point::V(b)) => a.cmp_precedence(b),
        }
    }

    pub(super) fn is_min(&self) -> bool {
        // `*v == SemVer::min()`, field by field
        matches!(self, Point::V(v) if (v.major, v.minor, v.patch) == (0, 0, 0)
            && v.prerelease.as_deref() == Some("")
            && v.build.is_none()
            && !v.opaque_prerelease)
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
    pub(super) fn point(&self) -> &Point {
        match self {
            Cmp::Gt(p) | Cmp::GtEq(p) | Cmp::Lt(p) | Cmp::LtEq(p) | Cmp::Eq(p) => p,
        }
    }
    pub(super) fn includes(&self, v: &Point) -> bool {
        let o = v.cmp_prec(self.point());
        match self {
            Cmp::Gt(_) => o.is_gt(),
            Cmp::GtEq(_) => o.is_ge(),
            Cmp::Lt(_) => o.is_lt(),
            Cmp::LtEq(_) => o.is_le(),
            Cmp::Eq(p) => matches!((v, p), (Point::V(a), Point::V(b)) if a == b),
        }
    }
    pub(super) fn test_prerelease(&self, v: &SemVer) -> bool {
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

pub(super) fn min_point() -> Point {
    Point::V(SemVer::min())
}

impl Part {
    pub(super) fn nothing() -> Part {
        Part::One(Cmp::Lt(min_point()))
    }

    /// The lower end (the bottom version when unbounded below).
    pub fn begin(&self) -> Point {
        self.begin_ref().clone()
    }

    /// The upper end (the top when unbounded above).
    pub fn end(&self) -> Point {
        self.end_ref().clone()
    }

    /// [`Part::begin`], borrowed.
    pub(super) fn begin_ref(&self) -> &Point {
        static BOTTOM: OnceLock<Point> = OnceLock::new();
        match self {
            Part::One(c @ (Cmp::Gt(_) | Cmp::GtEq(_) | Cmp::Eq(_)))
            | Part::Both(c @ (Cmp::Gt(_) | Cmp::GtEq(_) | Cmp::Eq(_)), _) => c.point(),
            _ => BOTTOM.get_or_init(min_point),
        }
    }

    /// [`Part::end`], borrowed.
    pub(super) fn end_ref(&self) -> &Point {
        static TOP: Point = Point::Max;
        match self {
            Part::One(c @ (Cmp::Lt(_) | Cmp::LtEq(_) | Cmp::Eq(_)))
            | Part::Both(_, c @ (Cmp::Lt(_) | Cmp::LtEq(_) | Cmp::Eq(_))) => c.point(),
            _ => &TOP,
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

    pub(super) fn lower_bound(&self) -> bool {
        match self {
            Part::One(Cmp::Gt(_)) | Part::Both(Cmp::Gt(_), _) => true,
            Part::One(Cmp::GtEq(p) | Cmp::Eq(p)) | Part::Both(Cmp::GtEq(p) | Cmp::Eq(p), _) => {
                !p.is_min()
            }
            _ => false,
        }
    }

    pub(super) fn upper_bound(&self) -> bool {
        match self {
            Part::One(Cmp::Lt(_)) | Part::Both(_, Cmp::Lt(_)) => true,
            Part::One(Cmp::LtEq(p) | Cmp::Eq(p)) | Part::Both(_, Cmp::LtEq(p) | Cmp::Eq(p)) => {
                *p != Point::Max
            }
            _ => false,
        }
    }

    pub(super) fn includes(&self, v: &Point) -> bool {
        match self {
            Part::All => true,
            Part::One(c) => c.includes(v),
            Part::Both(a, b) => a.includes(v) && b.includes(v),
        }
    }

    pub(super) fn test_prerelease(&self, v: &SemVer) -> bool {
        match self {
            Part::All => true,
            Part::One(c) => c.test_prerelease(v),
            Part::Both(a, b) => a.test_prerelease(v) || b.test_prerelease(v),
        }
    }

    /// Lower comparator of a pair built from this part.
    pub(super) fn low_cmp(&self) -> Cmp {
        match self {
            Part::One(c) => c.clone(),
            Part::Both(lo, _) => lo.clone(),
            Part::All => Cmp::GtEq(min_point()),
        }
    }

    pub(super) fn high_cmp(&self) -> Cmp {
        match self {
            Part::One(c) => c.clone(),
            Part::Both(_, hi) => hi.clone(),
            Part::All => Cmp::LtEq(Point::Max),
        }
    }

    /// The versions both parts include, `None` when there are none.
    pub(super) fn intersect(&self, other: &Part) -> Option<Part> {
        if *self == Part::All {
            return Some(other.clone());
        }
        let c = self.begin_ref().cmp_prec(other.end_ref());
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
        let c = other.begin_ref().cmp_prec(self.end_ref());
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
        let lo = match self.begin_ref().cmp_prec(other.begin_ref()) {
            Ordering::Less => other,
            Ordering::Greater => self,
            Ordering::Equal if self.exclude_begin() => self,
            Ordering::Equal => other,
        };
        let hi = match self.end_ref().cmp_prec(other.end_ref()) {
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

    /// The intersection of the comparators of one alternative (`None` when
    /// empty). Every part is read first: an error among them comes before the
    /// error for intersecting after the intersection became empty.
    pub(super) fn intersect_all(
        parts: impl IntoIterator<Item = Result<Part>>,
    ) -> Result<Option<Part>> {
        let mut acc: Option<Part> = None;
        let (mut empty, mut beyond_empty) = (false, false);
        for p in parts {
            let p = p?;
            if empty {
                beyond_empty = true;
                continue;
            }
            match &acc {
                None => acc = Some(p),
                Some(a) => match a.intersect(&p) {
                    Some(x) => acc = Some(x),
                    None => empty = true,
                },
            }
        }
        if beyond_empty {
            // The reference fails here (it intersects nil); say so plainly.
            return Err(Error::argument(
                "Unparsable version range: the intersection of its comparators is empty",
            ));
        }
        Ok(if empty { None } else { acc })
    }

    pub(super) fn from_ends(lo: Point, excl_lo: bool, hi: Point, excl_hi: bool) -> Option<Part> {
        let a = Part::One(if excl_lo { Cmp::Gt(lo) } else { Cmp::GtEq(lo) });
        let b = Part::One(if excl_hi { Cmp::Lt(hi) } else { Cmp::LtEq(hi) });
        a.intersect(&b)
    }

    /// Union of two overlapping or adjacent parts, `None` when they are apart.
    pub(super) fn merge(&self, other: &Part) -> Option<Part> {
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

/// Merge alternatives until no two overlap or touch (reference order kept).
pub(super) fn normalize(mut parts: Vec<Part>) -> Vec<Part> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn part(s: &str) -> Part {
        let r = crate::values::SemVerRange::parse(s).unwrap();
        assert_eq!(r.parts().len(), 1, "{s}");
        r.parts()[0].clone()
    }

    #[test]
    fn intersection_includes_what_both_include() {
        let texts = [
            "*",
            ">1.0.0",
            ">=1.0.0",
            "<1.0.0",
            "<=1.0.0",
            "1.0.0",
            ">2.0.0",
            ">=2.0.0",
            "<2.0.0",
            "<=2.0.0",
            "2.0.0",
            ">=1.0.0 <2.0.0",
            ">1.0.0 <=2.0.0",
            ">=1.0.0 <=1.0.0",
            "1.x",
            "~1.2",
            ">=0.0.0",
            "<0.0.0",
            ">=1.0.0-rc.1",
            "<1.0.0-rc.1",
            ">1.0.0-rc.1 <1.0.0",
            "<3.0.0",
            ">0.5.0 <1.5.0",
        ];
        let versions = [
            "0.0.0",
            "0.5.0",
            "0.9.9",
            "1.0.0-rc.1",
            "1.0.0-rc.2",
            "1.0.0",
            "1.0.1",
            "1.2.0",
            "1.5.0",
            "1.9.9",
            "2.0.0-a",
            "2.0.0",
            "2.0.1",
            "3.0.0",
            "9.9.9",
        ];
        let mut both = 0;
        for a in texts {
            for b in texts {
                let (pa, pb) = (part(a), part(b));
                let i = pa.intersect(&pb);
                for v in versions {
                    let p = Point::V(SemVer::parse(v).unwrap());
                    let expected = pa.includes(&p) && pb.includes(&p);
                    let found = i.as_ref().is_some_and(|i| i.includes(&p));
                    assert_eq!(found, expected, "{a} & {b} at {v}: {i:?}");
                    both += usize::from(expected);
                }
                assert_eq!(i.is_some(), pb.intersect(&pa).is_some());
            }
        }
        assert!(both > 1000, "{both}");
    }
}
