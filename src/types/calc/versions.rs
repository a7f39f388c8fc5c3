//! Version precedence and range membership as the calculator needs them
//! (SemVer 2.0 precedence; a range admits a prerelease only when one of its
//! bounds is a prerelease of the same major.minor.patch, as Puppet's ranges do).

use crate::values::{SemVer, SemVerRange};
use std::cmp::Ordering;

/// SemVer 2.0 precedence (build metadata ignored).
pub(crate) fn cmp(a: &SemVer, b: &SemVer) -> Ordering {
    (a.major, a.minor, a.patch)
        .cmp(&(b.major, b.minor, b.patch))
        .then_with(|| match (&a.prerelease, &b.prerelease) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (Some(x), Some(y)) => cmp_prerelease(x, y),
        })
}

fn cmp_prerelease(a: &str, b: &str) -> Ordering {
    let mut ia = a.split('.');
    let mut ib = b.split('.');
    loop {
        match (ia.next(), ib.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                let nx = x.bytes().all(|c| c.is_ascii_digit());
                let ny = y.bytes().all(|c| c.is_ascii_digit());
                let o = match (nx, ny) {
                    (true, true) => {
                        let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                        x.len().cmp(&y.len()).then_with(|| x.cmp(y))
                    }
                    (true, false) => Ordering::Less,
                    (false, true) => Ordering::Greater,
                    (false, false) => x.cmp(y),
                };
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
    }
}

fn same_release(a: &SemVer, b: &SemVer) -> bool {
    a.major == b.major && a.minor == b.minor && a.patch == b.patch
}

/// True when `v` is inside `r`.
pub(crate) fn includes(r: &SemVerRange, v: &SemVer) -> bool {
    let above_min = match &r.min {
        None => true,
        Some(m) => match cmp(v, m) {
            Ordering::Greater => true,
            Ordering::Equal => !r.exclude_min,
            Ordering::Less => false,
        },
    };
    let below_max = match &r.max {
        None => true,
        Some(m) => match cmp(v, m) {
            Ordering::Less => true,
            Ordering::Equal => !r.exclude_max,
            Ordering::Greater => false,
        },
    };
    if !(above_min && below_max) {
        return false;
    }
    if v.prerelease.is_none() {
        return true;
    }
    let pre_bound = |b: &Option<SemVer>| {
        b.as_ref()
            .is_some_and(|b| b.prerelease.is_some() && same_release(b, v))
    };
    pre_bound(&r.min) || pre_bound(&r.max)
}

/// True when every version in `a` is also in `b`.
pub(crate) fn covered_by(a: &SemVerRange, b: &SemVerRange) -> bool {
    let begin_ok = match (&b.min, &a.min) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(bm), Some(am)) => match cmp(bm, am) {
            Ordering::Less => true,
            Ordering::Equal => a.exclude_min || !b.exclude_min,
            Ordering::Greater => false,
        },
    };
    let end_ok = match (&b.max, &a.max) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(bm), Some(am)) => match cmp(bm, am) {
            Ordering::Greater => true,
            Ordering::Equal => !b.exclude_max || a.exclude_max,
            Ordering::Less => false,
        },
    };
    begin_ok && end_ok
}
