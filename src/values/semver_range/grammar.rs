//! The range grammar: operators, partial versions (`1`, `1.x`, `1.2.*`),
//! hyphen ranges and `||` alternatives, read with Ruby-syntax regexes
//! (matched by hand on ASCII text, see `scan`).

use super::fast;
use super::part::{Cmp, Part, Point};
use super::scan;
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
/// `ascii` gives the matches of `re` on ASCII text.
fn ruby_split<'a>(s: &'a str, re: &Regex, ascii: fn(&str) -> scan::Matches) -> Fields<'a> {
    let matches = if s.is_ascii() {
        ascii(s)
    } else {
        re.find_iter(s).collect()
    };
    let mut out = Fields::new();
    let mut start = 0;
    for (a, b) in matches {
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

/// The fields of a split string; a few without allocating.
type Fields<'a> = smallvec::SmallVec<[&'a str; 4]>;

/// A parsed partial version `x[.y[.z[-pre][+build]]]`, `None` for a wildcard.
pub(super) struct Partial<'a> {
    pub(super) nums: [Option<u64>; 3],
    pub(super) pre: Option<&'a str>,
    pub(super) build: Option<&'a str>,
}

fn unparsable(s: &str) -> Error {
    Error::argument(format!("Unparsable version range: \"{s}\""))
}

/// The captures of the `partial` regex: three numbers, prerelease, build.
fn partial_captures(expr: &str) -> Option<scan::PartialCaps<'_>> {
    if expr.is_ascii() {
        return scan::partial(expr);
    }
    let caps = grammar().partial.captures(expr)?;
    let at = |i: usize| caps.pos(i).map(|(a, b)| &expr[a..b]);
    Some(([at(1), at(2), at(3)], at(4), at(5)))
}

/// The captures of the `hyphen` regex: the two partial versions.
fn hyphen_captures(alt: &str) -> Option<(&str, &str)> {
    if alt.is_ascii() {
        return scan::hyphen(alt);
    }
    let c = grammar().hyphen.captures(alt)?;
    let at = |i: usize| c.pos(i).map_or("", |(a, b)| &alt[a..b]);
    Some((at(1), at(2)))
}

/// The captures of the `simple` regex: the operator and the partial
/// version, with the latter's captures when they were found on the way.
#[allow(clippy::type_complexity)]
fn simple_captures(simple: &str) -> Option<(Option<&str>, &str, Option<scan::PartialCaps<'_>>)> {
    if simple.is_ascii() {
        return scan::simple(simple).map(|(op, operand, caps)| (op, operand, Some(caps)));
    }
    let c = grammar().simple.captures(simple)?;
    let at = |i: usize| c.pos(i).map(|(a, b)| &simple[a..b]);
    Some((at(1), at(2).unwrap_or(""), None))
}

fn partial(expr: &str) -> Result<Partial<'_>> {
    partial_of(expr, None)
}

/// The partial version `expr`, whose captures are `caps` when known.
fn partial_of<'a>(expr: &'a str, caps: Option<scan::PartialCaps<'a>>) -> Result<Partial<'a>> {
    let (caps, pre, build) = caps
        .or_else(|| partial_captures(expr))
        .ok_or_else(|| unparsable(expr))?;
    let mut nums = [None; 3];
    for (i, n) in nums.iter_mut().enumerate() {
        *n = match caps[i] {
            None | Some("x" | "X" | "*") => None,
            Some(d) => Some(d.parse::<u64>().map_err(|_| {
                Error::argument(format!(
                    "Unparsable version range: \"{expr}\": number too large"
                ))
            })?),
        };
    }
    Ok(Partial { nums, pre, build })
}

impl Partial<'_> {
    /// The three numbers of a version without wildcards or qualifiers.
    fn plain(&self) -> Option<[u64; 3]> {
        match (self.nums, self.pre, self.build) {
            ([Some(a), Some(b), Some(c)], None, None) => Some([a, b, c]),
            _ => None,
        }
    }
    fn version(&self, m: u64, n: u64, p: u64) -> Result<SemVer> {
        if self.pre.is_none() && self.build.is_none() {
            // what parsing the text `m.n.p` gives
            return Ok(SemVer::new(m, n, p));
        }
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

fn parse_simple<'a>(
    op: Option<&str>,
    operand: &'a str,
    caps: Option<scan::PartialCaps<'a>>,
) -> Result<Part> {
    simple_part(op, &partial_of(operand, caps)?)
}

/// The comparator `op` (as the `simple` regex captures it) on the partial version `p`.
fn simple_part(op: Option<&str>, p: &Partial) -> Result<Part> {
    let [a, b, c] = p.nums;
    Ok(match op {
        Some("~" | "~>" | "~=") => patch_updates(p, false)?,
        Some("^") => match a {
            None => return Err(no_star_error()),
            Some(0) => patch_updates(p, false)?,
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
        _ => patch_updates(p, true)?,
    })
}

/// The alternatives of a range string, before merging; `None` for an empty string (everything).
pub(super) fn parse_parts(s: &str) -> Result<Option<Vec<Part>>> {
    if let Some(parts) = comparator_list(s) {
        return parts;
    }
    let cleaned = if s.is_ascii() {
        scan::strip_op_space(s)
    } else {
        std::borrow::Cow::Owned(
            grammar()
                .op_space
                .replace_all(s, |c: &onig::Captures| c.at(1).unwrap_or("").to_string()),
        )
    };
    alternatives(s, &cleaned)
}

/// One alternative of comparators read directly (what [`alternatives`]
/// finds for it), or `None` when `s` does not have that shape.
fn comparator_list(s: &str) -> Option<Result<Option<Vec<Part>>>> {
    let cmps = fast::comparators(s)?;
    let all = || Part::intersect_all(cmps.iter().map(|c| simple_part(c.op, &c.version)));
    let part = match &cmps[..] {
        // one comparator is its own intersection
        [c] => simple_part(c.op, &c.version).map(Some),
        [lo, hi] => bounded(lo, hi).map_or_else(all, |p| Ok(Some(p))),
        _ => all(),
    };
    Some(part.map(|p| {
        Some(match p {
            Some(p) => vec![p],
            None => Vec::new(),
        })
    }))
}

/// `>=a.b.c <x.y.z` (or `>`, `<=`) with plain versions, `a.b.c` below
/// `x.y.z`: the pair of comparators (what intersecting them gives).
fn bounded(lo: &fast::Comparator, hi: &fast::Comparator) -> Option<Part> {
    let low = match lo.op {
        Some(">=") => Cmp::GtEq,
        Some(">") => Cmp::Gt,
        _ => return None,
    };
    let high = match hi.op {
        Some("<") => Cmp::Lt,
        Some("<=") => Cmp::LtEq,
        _ => return None,
    };
    let (a, b) = (lo.version.plain()?, hi.version.plain()?);
    (a < b).then(|| Part::Both(low(v3(a[0], a[1], a[2])), high(v3(b[0], b[1], b[2]))))
}

/// The alternatives of the range string `s` whose operators were joined to
/// their operands (`cleaned`), split on bars and blanks: the general path.
fn alternatives(s: &str, cleaned: &str) -> Result<Option<Vec<Part>>> {
    let alts = ruby_split(cleaned, &grammar().or_split, scan::or_matches);
    if alts.is_empty() {
        return Ok(None);
    }
    let mut parts: Vec<Part> = Vec::new();
    for alt in alts {
        let part = if let Some((lo, hi)) = hyphen_captures(alt) {
            let lo = Part::One(Cmp::GtEq(partial(lo)?.full()?));
            let hi = Part::One(Cmp::LtEq(partial(hi)?.full()?));
            lo.intersect(&hi)
        } else {
            let read = |simple: &str| {
                let (op, operand, caps) = simple_captures(simple).ok_or_else(|| unparsable(s))?;
                parse_simple(op, operand, caps)
            };
            if alt.is_ascii() {
                Part::intersect_all(scan::space_fields(alt).map(read))?
            } else {
                Part::intersect_all(
                    ruby_split(alt, &grammar().ws, scan::space_matches)
                        .into_iter()
                        .map(read),
                )?
            }
        };
        if let Some(p) = part {
            if !parts.contains(&p) {
                parts.push(p);
            }
        }
    }
    Ok(Some(parts))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strings over the grammar's characters (deterministic pseudo-random),
    /// plus hand-picked ones.
    fn samples() -> Vec<String> {
        let pieces = [
            "1", "0", "01", "12", "x", "X", "*", ".", "-", "+", " ", "  ", "\t", "\x0b", "|", "||",
            "a", "v", ">", "<", "=", "~", "^", ">=", "<=", "~>", "-a.b", "+b",
        ];
        let mut out: Vec<String> = [
            "",
            ">=1.0.0 <2.0.0",
            "> 1.0.0 < 2.0.0",
            "1.2.3 - 2.3.4",
            "1.2.3-a.1+b.2 - 2",
            "1.x || >=2.1 <3 ||  ~ 4",
            ">= v1.2",
            ">v1",
            "^0.1.x",
            "1.2.3-alpha..1",
            "1.2.3+",
            "a || || b",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        out.extend(crate::testutil::concatenations(
            &pieces,
            6000,
            8,
            0x9E37_79B9_7F4A_7C15,
            (7, 3),
        ));
        // hyphen ranges (and near misses) of the partial versions among them
        let partials: Vec<String> = out
            .iter()
            .filter(|s| grammar().partial.captures(s).is_some())
            .take(40)
            .cloned()
            .collect();
        for (i, a) in partials.iter().enumerate() {
            let b = &partials[(i * 7 + 3) % partials.len()];
            for sep in [" - ", "  -\t", " -", "- ", " -- ", " - - "] {
                out.push(format!("{a}{sep}{b}"));
            }
        }
        out
    }

    #[test]
    fn range_scanners_agree_with_the_grammar_regexes() {
        let g = grammar();
        let (mut simples, mut hyphens, mut ors) = (0, 0, 0);
        for s in samples() {
            let s = s.as_str();
            let replaced = g
                .op_space
                .replace_all(s, |c: &onig::Captures| c.at(1).unwrap_or("").to_string());
            assert_eq!(scan::strip_op_space(s), replaced, "op_space {s:?}");
            let found: Vec<(usize, usize)> = g.or_split.find_iter(s).collect();
            assert_eq!(scan::or_matches(s).to_vec(), found, "or_split {s:?}");
            let found: Vec<(usize, usize)> = g.ws.find_iter(s).collect();
            assert_eq!(scan::space_matches(s).to_vec(), found, "ws {s:?}");
            let split: Vec<&str> = ruby_split(s, &g.ws, scan::space_matches).to_vec();
            assert_eq!(
                scan::space_fields(s).collect::<Vec<_>>(),
                split,
                "split {s:?}"
            );
            let caps = g.partial.captures(s).map(|c| {
                let at = |i: usize| c.pos(i).map(|(a, b)| &s[a..b]);
                ([at(1), at(2), at(3)], at(4), at(5))
            });
            assert_eq!(scan::partial(s), caps, "partial {s:?}");
            let caps = g.hyphen.captures(s).map(|c| {
                let at = |i: usize| c.pos(i).map_or("", |(a, b)| &s[a..b]);
                (at(1), at(2))
            });
            assert_eq!(scan::hyphen(s), caps, "hyphen {s:?}");
            let caps = g.simple.captures(s).map(|c| {
                let at = |i: usize| c.pos(i).map(|(a, b)| &s[a..b]);
                (at(1), at(2).unwrap_or(""))
            });
            let found = scan::simple(s).map(|(op, operand, _)| (op, operand));
            assert_eq!(found, caps, "simple {s:?}");
            if let Some((_, operand, pcaps)) = scan::simple(s) {
                assert_eq!(
                    scan::partial(operand),
                    Some(pcaps),
                    "simple's partial {s:?}"
                );
            }
            simples += usize::from(caps.is_some());
            hyphens += usize::from(scan::hyphen(s).is_some());
            ors += usize::from(!scan::or_matches(s).is_empty());
        }
        // the samples exercise the matching paths, not only the failing ones
        assert!(
            simples > 100 && hyphens > 50 && ors > 100,
            "{simples} {hyphens} {ors}"
        );
    }

    /// Blank-separated comparators and near misses (the shape `fast` reads).
    fn comparator_samples() -> Vec<String> {
        let pieces = [
            "1.0.0",
            "2.0.0",
            "0.0.0",
            "1",
            "1.2",
            "12.3.4",
            "x",
            "1.x",
            "1.2.*",
            "X.1",
            "01",
            "0",
            "18446744073709551615",
            "18446744073709551616",
            "1.2.3-rc.1",
            "1.2.3-01",
            "1.2.3+b.2",
            "1.2.3-",
            ".",
            ">=",
            "<=",
            ">",
            "<",
            "=",
            "~",
            "^",
            "~>",
            "~=",
            "=>",
            " ",
            " ",
            " ",
            "  ",
            "\t",
            "\x0b",
            "v",
            "-",
            " - ",
            "|",
            "||",
            "\u{e9}",
            "\u{a0}",
            "a",
        ];
        let mut out: Vec<String> = [
            ">=1.0.0 <4.0.0",
            "> 1.0.0 < 2.0.0",
            ">= 1.0.0 <= 2.0.0  ",
            "< =1.0.0",
            "~ >1.0.0",
            "> v1",
            ">v1",
            "1.0.0 >",
            " >=1.0.0",
            ">2.0.0 <1.0.0 >3.0.0",
            ">2.0.0 <1.0.0",
            "^* 1",
            "1 ^*",
            "<=* >1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        out.extend(crate::testutil::concatenations(
            &pieces,
            20000,
            7,
            0x2545_F491_4F6C_DD1D,
            (5, 9),
        ));
        // every pair of a lower and an upper comparator (and near misses)
        let versions = [
            "0.0.0", "1.0.0", "1.0.1", "1.2.0", "2.0.0", "10.0.0", "1.0.0-rc", "1.0", "1.0.0+b",
        ];
        for lo in [">=", ">", ">= ", "> ", ">=\t", "<", "="] {
            for hi in ["<", "<=", "< ", "<= ", ">", "<=\t"] {
                for a in versions {
                    for b in versions {
                        for sep in [" ", "\t "] {
                            out.push(format!("{lo}{a}{sep}{hi}{b}"));
                        }
                    }
                }
            }
        }
        // whole comparators (and a few near misses) in sequence
        let comparators = [
            ">=1.0.0 ",
            "<2.0.0 ",
            "> 1.2 ",
            ">= 0.0.0\t",
            "< 3 ",
            "<=1.x ",
            "<= 2.0.0 ",
            "~1 ",
            "~> 1.2.3 ",
            "^0.1.x ",
            "^1.2.3-rc.1  ",
            "1.2.3+b ",
            "=1.0.0 ",
            "* ",
            "x ",
            ">* ",
            "<=* ",
            "^* ",
            ">1.0.0-a ",
            "<1.0.0-a.1 ",
            "1.0 ",
            "2 ",
            ">1.2.3",
            "<9",
            "- ",
            "v1 ",
            "> v1 ",
            "|| ",
            " ",
        ];
        out.extend(crate::testutil::concatenations(
            &comparators,
            6000,
            4,
            0x5851_F42D_4C95_7F2D,
            (13, 7),
        ));
        out
    }

    #[test]
    fn comparator_list_path_agrees_with_the_general_one() {
        let (mut direct, mut ok, mut multi, mut errors, mut pairs) = (0, 0, 0, 0, 0);
        for s in comparator_samples().iter().chain(samples().iter()) {
            let Some(fast) = comparator_list(s) else {
                continue;
            };
            direct += 1;
            if let Some([lo, hi]) = fast::comparators(s).as_deref() {
                pairs += usize::from(bounded(lo, hi).is_some());
            }
            multi += usize::from(s.trim_end().contains(char::is_whitespace));
            let cleaned = scan::strip_op_space(s);
            match (fast, alternatives(s, &cleaned)) {
                (Ok(a), Ok(b)) => {
                    ok += 1;
                    assert_eq!(a, b, "{s:?}")
                }
                (Err(a), Err(b)) => {
                    errors += 1;
                    assert_eq!(a.to_string(), b.to_string(), "{s:?}")
                }
                (a, b) => panic!("{s:?}: {a:?} vs {b:?}"),
            }
        }
        assert!(
            direct > 12000 && ok > 10000 && multi > 8000 && errors > 1000 && pairs > 700,
            "{direct} {ok} {multi} {errors} {pairs}"
        );
    }

    #[test]
    fn parse_parts_agrees_with_the_general_path() {
        // (texts of one comparator, without blanks or bars, are counted)
        let mut direct = 0;
        for s in samples() {
            let cleaned = scan::strip_op_space(&s);
            let single = cleaned.bytes().all(|b| b != b'|' && !scan::is_space(b));
            direct += usize::from(!cleaned.is_empty() && single);
            let (a, b) = (parse_parts(&s), alternatives(&s, &cleaned));
            match (a, b) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{s:?}"),
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{s:?}"),
                (a, b) => panic!("{s:?}: {a:?} vs {b:?}"),
            }
        }
        assert!(direct > 1000, "{direct}");
    }
}
