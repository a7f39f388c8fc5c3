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

mod fast;
mod grammar;
mod part;
mod scan;

pub use part::{Cmp, Part, Point};

use super::SemVer;
use crate::error::Result;
use part::{min_point, normalize};
use smol_str::SmolStr;
use std::fmt;

/// A version range: alternatives of contiguous ranges, and its text.
#[derive(Clone, Debug)]
pub struct SemVerRange {
    parts: Vec<Part>,
    text: SmolStr,
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

impl SemVerRange {
    /// Parse a range string (`>=1.0.0 <2.0.0`, `~1.2`, `^1`, `1.x`, `1.2.3 - 2.3.4`,
    /// alternatives joined by `||`). The text form is the given string.
    pub fn parse(s: &str) -> Result<SemVerRange> {
        Ok(match grammar::parse_parts(s)? {
            None => SemVerRange {
                parts: vec![Part::All],
                text: SmolStr::new_static("*"),
            },
            Some(parts) => SemVerRange {
                parts: normalize(parts),
                text: SmolStr::new(s),
            },
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
        let mut result = Vec::with_capacity(ranges.len());
        // the ranges left apart from the last one taken, in order (one buffer reused)
        let mut rest = Vec::with_capacity(ranges.len());
        while let Some(mut acc) = ranges.pop() {
            for y in ranges.drain(..) {
                match SemVerRange::merge_for_type(&acc, &y) {
                    Some(m) => acc = m,
                    None => rest.push(y),
                }
            }
            result.push(acc);
            std::mem::swap(&mut ranges, &mut rest);
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
    fn semver_range_forms() {
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
    fn semver_range_equalities() {
        let a = r(">= 1.0.0 <= 2.0.0");
        let b = SemVerRange::from_versions(Some(v("1.0.0")), Some(v("2.0.0")), false);
        assert_eq!(a, b);
        assert_eq!(b.text(), "2.0.0 - 1.0.0");
        let c = SemVerRange::from_versions(Some(v("1.0.0")), Some(v("2.0.0")), true);
        assert_eq!(c, r(">= 1.0.0 < 2.0.0"));
        assert_eq!(c.text(), ">=2.0.0 <1.0.0");
    }

    #[test]
    fn semver_type_merges_ranges() {
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

    #[test]
    fn semver_range_error_order() {
        let e = |s: &str| SemVerRange::parse(s).unwrap_err().to_string();
        // a comparator that does not parse is reported before an empty intersection
        assert!(e(">2.0.0 <1.0.0 foo").contains("Unparsable version range: \">2.0.0 <1.0.0 foo\""));
        assert!(e(">2.0.0 <1.0.0 >3.0.0").contains("intersection of its comparators is empty"));
        // an empty intersection as the last step is no error: the alternative is dropped
        assert_eq!(r(">2.0.0 <1.0.0 || 1.x").canonical(), ">=1.0.0 <2.0.0");
    }
}
