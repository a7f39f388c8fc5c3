//! Hand-written matchers for the range grammar's regexes on ASCII text.
//!
//! Each function gives exactly what the corresponding Ruby-syntax regex of
//! `grammar` gives (checked against the regexes by the tests below); the
//! grammar uses these for ASCII strings, which is nearly every range, and the
//! regexes for the rest (whose `\s` also matches non-ASCII blanks). Matching
//! by hand avoids the regex engine's setup per match, which dominated parsing.

use smallvec::SmallVec;
use std::borrow::Cow;

/// `\s` on ASCII: space, `\t`, `\n`, `\v`, `\f`, `\r`.
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t'..=b'\r')
}

/// The end of the run of `\s` that starts at `from` (`from` itself when none).
fn skip_spaces(b: &[u8], from: usize) -> usize {
    from + b[from..].iter().take_while(|&&c| is_space(c)).count()
}

/// `s` with each match of `([><=~^])(?:\s+|\s*v)` replaced by its operator
/// (`s` itself, not a copy, when nothing matches).
pub(super) fn strip_op_space(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 0;
    while i < b.len() {
        if matches!(b[i], b'>' | b'<' | b'=' | b'~' | b'^') {
            let j = skip_spaces(b, i + 1);
            let end = if j > i + 1 {
                Some(j)
            } else if b.get(j) == Some(&b'v') {
                Some(j + 1)
            } else {
                None
            };
            if let Some(end) = end {
                if out.is_empty() {
                    out.reserve(s.len());
                }
                out.push_str(&s[copied..=i]);
                copied = end;
                i = end;
                continue;
            }
        }
        i += 1;
    }
    if copied == 0 {
        return Cow::Borrowed(s);
    }
    out.push_str(&s[copied..]);
    Cow::Owned(out)
}

/// Match positions (start, end); a few without allocating.
pub(super) type Matches = SmallVec<[(usize, usize); 4]>;

/// The (start, end) of each match of `\s*\|\|\s*` in `s`, left to right.
pub(super) fn or_matches(s: &str) -> Matches {
    let b = s.as_bytes();
    let mut out = Matches::new();
    if !b.contains(&b'|') {
        return out;
    }
    let mut p = 0;
    while p < b.len() {
        let k = skip_spaces(b, p);
        if b[k..].starts_with(b"||") {
            let end = skip_spaces(b, k + 2);
            out.push((p, end));
            p = end;
        } else {
            // a match starting inside the blanks would reach the same `k`
            p = k.max(p + 1);
        }
    }
    out
}

/// The (start, end) of each match of `\s+` in `s`, left to right.
pub(super) fn space_matches(s: &str) -> Matches {
    let b = s.as_bytes();
    let mut out = Matches::new();
    let mut p = 0;
    while p < b.len() {
        if is_space(b[p]) {
            let start = p;
            p = skip_spaces(b, p);
            out.push((start, p));
        } else {
            p += 1;
        }
    }
    out
}

/// The fields of Ruby's `s.split(/\s+/)` on ASCII `s`: a leading empty
/// field when `s` starts with a blank, no trailing empty ones.
pub(super) fn space_fields(s: &str) -> impl Iterator<Item = &str> {
    let t = s.trim_end_matches(|c: char| c.is_ascii() && is_space(c as u8));
    let lead = (!t.is_empty() && is_space(t.as_bytes()[0])).then_some("");
    lead.into_iter().chain(
        t.split(|c: char| c.is_ascii() && is_space(c as u8))
            .filter(|f| !f.is_empty()),
    )
}

/// The end of `(?:x|X|\*|0|[1-9][0-9]*)` at `i`, if it matches there.
fn xr(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i)? {
        b'x' | b'X' | b'*' | b'0' => Some(i + 1),
        b'1'..=b'9' => {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            Some(j)
        }
        _ => None,
    }
}

/// The end of `[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*` at `i` (greedy), if it matches there.
pub(super) fn parts(b: &[u8], i: usize) -> Option<usize> {
    let ident = |j: usize| {
        let mut k = j;
        while k < b.len() && (b[k].is_ascii_alphanumeric() || b[k] == b'-') {
            k += 1;
        }
        k
    };
    let mut end = ident(i);
    if end == i {
        return None;
    }
    while b.get(end) == Some(&b'.') {
        let next = ident(end + 1);
        if next == end + 1 {
            break;
        }
        end = next;
    }
    Some(end)
}

/// The captures of `\A(xr)(?:\.(xr)(?:\.(xr)(?:-(parts))?(?:\+(parts))?)?)?\z`:
/// the three version numbers (or wildcards; `None` when absent), the
/// prerelease and the build, or `None` when `s` is not a partial version.
pub(super) fn partial(s: &str) -> Option<PartialCaps<'_>> {
    let b = s.as_bytes();
    let mut nums = [None; 3];
    let mut at = 0;
    for (n, slot) in nums.iter_mut().enumerate() {
        if n > 0 {
            if b.get(at) != Some(&b'.') {
                break;
            }
            at += 1;
        }
        let end = xr(b, at)?;
        *slot = Some(&s[at..end]);
        at = end;
    }
    let (mut pre, mut build) = (None, None);
    if nums[2].is_some() {
        (pre, build, at) = suffixes(s, at)?;
    }
    (at == b.len()).then_some((nums, pre, build))
}

/// The `-pre` and `+build` suffixes of a full version in `s` from `at`, each
/// optional, and where they end; `None` when a `-` or `+` has no valid parts.
/// (`parts` cannot hold `+` nor end in `.`, so greedy matching never needs to back off.)
#[inline]
pub(super) fn suffixes(s: &str, mut at: usize) -> Option<(Option<&str>, Option<&str>, usize)> {
    let b = s.as_bytes();
    let (mut pre, mut build) = (None, None);
    if b.get(at) == Some(&b'-') {
        let end = parts(b, at + 1)?;
        pre = Some(&s[at + 1..end]);
        at = end;
    }
    if b.get(at) == Some(&b'+') {
        let end = parts(b, at + 1)?;
        build = Some(&s[at + 1..end]);
        at = end;
    }
    Some((pre, build, at))
}

/// The two partial versions of `\A(partial)\s+-\s+(partial)\z`.
pub(super) fn hyphen(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    // a partial version holds no blanks: the first one ends at the first blank
    let lo_end = b.iter().position(|&c| is_space(c))?;
    let dash = skip_spaces(b, lo_end);
    if b.get(dash) != Some(&b'-') {
        return None;
    }
    let i = skip_spaces(b, dash + 1);
    if i == dash + 1 {
        return None;
    }
    let (lo, hi) = (&s[..lo_end], &s[i..]);
    (partial(lo).is_some() && partial(hi).is_some()).then_some((lo, hi))
}

/// The captures of [`partial`]: the three version numbers (or wildcards),
/// the prerelease and the build.
pub(super) type PartialCaps<'a> = ([Option<&'a str>; 3], Option<&'a str>, Option<&'a str>);

/// The operator and operand of `\A([<>=~^]|<=|>=|~>|~=)?(partial)\z`, and
/// the operand's captures as [`partial`] gives them.
pub(super) fn simple(s: &str) -> Option<(Option<&str>, &str, PartialCaps<'_>)> {
    let b = s.as_bytes();
    let op_len = op_len(b);
    let operand = &s[op_len..];
    let caps = partial(operand)?;
    Some(((op_len > 0).then(|| &s[..op_len]), operand, caps))
}

/// The length of the operator (`[<>=~^]|<=|>=|~>|~=`) at the start of `b`, 0
/// for none: a partial version never starts with an operator character, so
/// the longest operator is the only one that can match.
#[inline]
pub(super) fn op_len(b: &[u8]) -> usize {
    match b {
        [b'<' | b'>', b'=', ..] | [b'~', b'>' | b'=', ..] => 2,
        [b'<' | b'>' | b'=' | b'~' | b'^', ..] => 1,
        _ => 0,
    }
}
