//! A direct reader for the common shape of a range: one alternative of
//! comparators separated by blanks (`>=1.0.0 <2.0.0`, `> 1.0.0 < 2.0.0`,
//! `~1.2`), each an operator, optional blanks and a partial version. It reads
//! the string once, without the copies and splits of the general path, and
//! gives up (`None`) on anything else: non-ASCII text, `|`, leading blanks,
//! a `v` or an operator character after an operator, a number too large,
//! anything that is not a partial version. Whatever it accepts, the general
//! path reads as the same comparators (checked by the differential tests of
//! `grammar`).

use super::grammar::Partial;
use super::scan::{is_space, op_len, suffixes};
use smallvec::SmallVec;

/// One comparator: its operator as `scan::simple` captures it, and its version.
pub(super) struct Comparator<'a> {
    pub(super) op: Option<&'a str>,
    pub(super) version: Partial<'a>,
}

/// The comparators of `s`, left to right, when `s` has the common shape.
pub(super) fn comparators(s: &str) -> Option<SmallVec<[Comparator<'_>; 2]>> {
    let b = s.as_bytes();
    if b.is_empty() || is_space(b[0]) {
        return None;
    }
    let mut out = SmallVec::new();
    let mut i = 0;
    while i < b.len() {
        // the longest operator, as `scan::simple` finds it
        let op_len = op_len(&b[i..]);
        let op = (op_len > 0).then(|| &s[i..i + op_len]);
        i += op_len;
        if op_len > 0 {
            // blanks after an operator are dropped (`op_space`)
            while i < b.len() && is_space(b[i]) {
                i += 1;
            }
        }
        let (version, end) = partial(s, i)?;
        i = end;
        if i < b.len() && !is_space(b[i]) {
            return None;
        }
        while i < b.len() && is_space(b[i]) {
            i += 1;
        }
        out.push(Comparator { op, version });
    }
    Some(out)
}

/// The partial version `x[.y[.z[-pre][+build]]]` starting at `at`, ending
/// at a blank or the end of `s`, and where it ends; `None` when there is
/// none or a number does not fit (the general path reports that). It is
/// `scan::partial` read in one pass with the numbers' values (rather than
/// scanning first and parsing the numbers after).
fn partial(s: &str, at: usize) -> Option<(Partial<'_>, usize)> {
    let b = s.as_bytes();
    let mut nums = [None; 3];
    let mut i = at;
    let mut count = 0;
    while count < 3 {
        if count > 0 {
            if b.get(i) != Some(&b'.') {
                break;
            }
            i += 1;
        }
        nums[count] = match *b.get(i)? {
            b'x' | b'X' | b'*' => {
                i += 1;
                None
            }
            b'0' => {
                i += 1;
                Some(0)
            }
            d @ b'1'..=b'9' => {
                let mut n = u64::from(d - b'0');
                i += 1;
                while let Some(&d) = b.get(i).filter(|d| d.is_ascii_digit()) {
                    n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
                    i += 1;
                }
                Some(n)
            }
            _ => return None,
        };
        count += 1;
    }
    let (mut pre, mut build) = (None, None);
    if count == 3 {
        (pre, build, i) = suffixes(s, i)?;
    }
    Some((Partial { nums, pre, build }, i))
}
