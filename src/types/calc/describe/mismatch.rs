//! One mismatch found by the describer: where it is (a path from the
//! subject), what kind it is, and its text in the reference's words.

use super::text::*;
use crate::types::calc::generalize::{generalize, variant_of};
use crate::types::calc::normalize::normalize;
use crate::types::calc::signatures::{COUNT, MISSING_BLOCK, SIZE, TYPE, UNEXPECTED_BLOCK};
use crate::types::calc::{is_assignable, MAX_TYPE_DEPTH};
use crate::types::{IntRange, Type, TypeKind};
use std::sync::Arc;

/// A step of the path from the subject to the offending entry.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::types::calc) enum PathEl {
    Subject(String),
    EntryValue(String),
    EntryKey(String),
    Index(usize),
    Variant(usize),
    /// The n-th signature of a function (a variant, printed `n+1.`).
    Signature(usize),
    /// A function's parameter.
    Parameter(String),
    /// A function's block.
    Block,
}

impl PathEl {
    fn text(&self) -> String {
        match self {
            PathEl::Subject(s) => s.clone(),
            PathEl::EntryValue(k) => format!("entry '{k}'"),
            PathEl::EntryKey(k) => format!("key of entry '{k}'"),
            PathEl::Index(i) => format!("index {i}"),
            PathEl::Variant(i) => format!("variant {i}"),
            PathEl::Signature(i) => format!("{}.", i + 1),
            PathEl::Parameter(p) => format!("parameter '{p}'"),
            PathEl::Block => "block".to_string(),
        }
    }
}

/// A size or count range: its minimum and its maximum (None: unbounded).
pub(in crate::types::calc) type Range = (i64, Option<i64>);

/// What is wrong at the end of a mismatch's path.
#[derive(Clone, Debug)]
pub(in crate::types::calc) enum Kind {
    /// A type mismatch; `pattern` for Enum/Pattern expectations ("a match for").
    Type {
        expected: Type,
        actual: Type,
        pattern: bool,
    },
    Size {
        expected: Range,
        actual: Range,
    },
    MissingKey(String),
    ExtraneousKey(String),
    Unresolved(String),
    /// A call with a number of arguments outside `expected`.
    Count {
        expected: Range,
        actual: Range,
    },
    /// A call without the block a signature requires.
    MissingBlock,
    /// A call with a block a signature does not take.
    UnexpectedBlock,
}

/// One problem found by the describer, where it is and what it is.
#[derive(Clone, Debug)]
pub(in crate::types::calc) struct Mismatch {
    pub(in crate::types::calc) path: Vec<PathEl>,
    pub(in crate::types::calc) kind: Kind,
}

/// A type mismatch at `path` (both types normalized, as the reference shows them).
pub(in crate::types::calc) fn type_mismatch(
    path: &[PathEl],
    expected: &Type,
    actual: &Type,
    pattern: bool,
) -> Mismatch {
    Mismatch {
        path: path.to_vec(),
        kind: Kind::Type {
            expected: normalize(expected),
            actual: normalize(actual),
            pattern,
        },
    }
}

pub(super) fn size_mismatch(path: &[PathEl], expected: Range, actual: Range) -> Mismatch {
    Mismatch {
        path: path.to_vec(),
        kind: Kind::Size { expected, actual },
    }
}

/// An Array or Hash against a collection type of `size`: the sizes when they
/// do not fit, otherwise the type (shown without its size, as `plain` makes it).
pub(super) fn collection_mismatch(
    path: &[PathEl],
    original: &Type,
    size: &Option<IntRange>,
    actual_size: &Option<IntRange>,
    plain: impl FnOnce() -> Type,
) -> Mismatch {
    let actual_size = range_of(actual_size);
    if size.is_none() || covers(range_of(size), actual_size) {
        type_mismatch(path, original, &plain(), false)
    } else {
        size_mismatch(path, range_of(size), actual_size)
    }
}

pub(super) fn range_of(r: &Option<IntRange>) -> Range {
    match r {
        Some(r) => (r.from.unwrap_or(0), r.to),
        None => (0, None),
    }
}

pub(super) fn range_text(r: Range, zero: &str) -> String {
    let (min, max) = r;
    if Some(min) == max {
        if min == 0 {
            zero.to_string()
        } else {
            min.to_string()
        }
    } else if min == 0 {
        match max {
            None => "unlimited".to_string(),
            Some(m) => format!("at most {m}"),
        }
    } else {
        match max {
            None => format!("at least {min}"),
            Some(m) => format!("between {min} and {m}"),
        }
    }
}

pub(super) fn range_type(r: Range) -> Type {
    Type::from_kind(TypeKind::Integer(IntRange::new(Some(r.0), r.1)))
}

/// The smallest range that holds both `a` and `b`.
pub(super) fn enclosing(a: Range, b: Range) -> Range {
    let max = match (a.1, b.1) {
        (Some(x), Some(y)) => Some(x.max(y)),
        _ => None,
    };
    (a.0.min(b.0), max)
}

/// True when range `a` holds all of range `b`.
pub(in crate::types::calc) fn covers(a: Range, b: Range) -> bool {
    is_assignable(&range_type(a), &range_type(b))
}

impl Mismatch {
    pub(in crate::types::calc) fn canonical_path(&self) -> Vec<&PathEl> {
        self.path
            .iter()
            .filter(|e| !matches!(e, PathEl::Variant(_) | PathEl::Signature(_)))
            .collect()
    }

    pub(in crate::types::calc) fn class(&self) -> u8 {
        match self.kind {
            Kind::Size { .. } => SIZE,
            Kind::Type { .. } => TYPE,
            Kind::Count { .. } => COUNT,
            Kind::MissingBlock => MISSING_BLOCK,
            Kind::UnexpectedBlock => UNEXPECTED_BLOCK,
            _ => 0,
        }
    }

    pub(in crate::types::calc) fn merge(&self, o: &Mismatch) -> Mismatch {
        let kind = match (&self.kind, &o.kind) {
            (
                Kind::Size { expected, actual },
                Kind::Size {
                    expected: other, ..
                },
            ) => Kind::Size {
                expected: enclosing(*expected, *other),
                actual: *actual,
            },
            (
                Kind::Count { expected, actual },
                Kind::Count {
                    expected: other, ..
                },
            ) => Kind::Count {
                expected: enclosing(*expected, *other),
                actual: *actual,
            },
            (
                Kind::Type {
                    expected: a,
                    actual,
                    pattern,
                },
                Kind::Type { expected: b, .. },
            ) => Kind::Type {
                expected: normalize(&variant_of(vec![a.clone(), b.clone()])),
                actual: normalize(actual),
                pattern: *pattern,
            },
            (k, _) => k.clone(),
        };
        Mismatch {
            path: self.path.clone(),
            kind,
        }
    }

    pub(in crate::types::calc) fn chop_path(mut self, index: usize) -> Mismatch {
        if index < self.path.len() {
            self.path.remove(index);
        }
        self
    }

    pub(in crate::types::calc) fn format(&self) -> String {
        let (variant, path) = match self.path.first() {
            Some(s @ PathEl::Signature(_)) => (format!(" {}", s.text()), &self.path[1..]),
            _ => (String::new(), &self.path[..]),
        };
        let position = if path.is_empty() {
            variant
        } else {
            format!(
                "{variant} {}",
                path.iter().map(PathEl::text).collect::<Vec<_>>().join(" ")
            )
        };
        match &self.kind {
            Kind::Count { expected, actual } => {
                let (min, max) = *expected;
                let plural = !((min == 1 && (max == Some(1) || max.is_none()))
                    || (min == 0 && max == Some(1)));
                format!(
                    "{position} expects {} argument{}, got {}",
                    range_text(*expected, "no"),
                    if plural { "s" } else { "" },
                    range_text(*actual, "none")
                )
            }
            Kind::MissingBlock => format!("{position} expects a block"),
            Kind::UnexpectedBlock => format!("{position} does not expect a block"),
            Kind::MissingKey(k) => format!("{position} expects a value for key '{k}'"),
            Kind::ExtraneousKey(k) => format!("{position} unrecognized key '{k}'"),
            Kind::Unresolved(n) => format!("{position} references an unresolved type '{n}'"),
            Kind::Size { expected, actual } => format!(
                "{position} expects size to be {}, got {}",
                range_text(*expected, "0"),
                range_text(*actual, "0")
            ),
            Kind::Type {
                expected,
                actual,
                pattern: true,
            } => {
                let (e, pfx) = match expected.kind() {
                    TypeKind::Optional(Some(i)) => (i.clone(), "an undef value or "),
                    _ => (expected.clone(), ""),
                };
                let a = match actual.kind() {
                    TypeKind::String {
                        value: Some(v),
                        size: None,
                    } => format!("'{v}'"),
                    _ => short_name(actual),
                };
                format!(
                    "{position} expects {pfx}a match for {}, got {a}",
                    expanded(&e)
                )
            }
            Kind::Type {
                expected, actual, ..
            } => format!("{position} {}", type_message(expected, actual)),
        }
    }
}

/// The "expects ... value, got ..." text of a type mismatch.
pub(super) fn type_message(expected: &Type, actual: &Type) -> String {
    let (e, optional) = match expected.kind() {
        TypeKind::Optional(Some(i)) => (i.clone(), true),
        _ => (expected.clone(), false),
    };
    let (etext, atext, multi) = match e.kind() {
        TypeKind::Variant(ts) => {
            let (mut names, a): (Vec<String>, String) = if report_detailed(ts, actual) {
                (
                    ts.iter().map(expanded).collect(),
                    detailed_actual(ts, actual),
                )
            } else {
                let mut ns: Vec<String> = Vec::new();
                for t in ts {
                    let n = short_name(t);
                    if !ns.contains(&n) {
                        ns.push(n);
                    }
                }
                (ns, short_name(actual))
            };
            if optional {
                names.insert(0, "Undef".to_string());
            }
            let text = match names.len() {
                0 => String::new(),
                1 => names[0].clone(),
                2 => format!("{} or {}", names[0], names[1]),
                n => format!("{}, or {}", names[..n - 1].join(", "), names[n - 1]),
            };
            let multi = names.len() > 1;
            (text, a, multi)
        }
        _ => {
            let one = std::slice::from_ref(&e);
            let (mut text, a) = if report_detailed(one, actual) {
                (expanded(&e), detailed_actual(one, actual))
            } else {
                (short_name(&e), short_name(actual))
            };
            if optional {
                text = format!("Undef or {text}");
            }
            (text, a, optional)
        }
    };
    if multi {
        format!("expects a value of type {etext}, got {atext}")
    } else {
        format!("expects {} {etext} value, got {atext}", article(&etext))
    }
}

pub(super) fn always_fully_detailed(es: &[Type], a: &Type) -> bool {
    es.iter().any(|e| {
        same_class(e, a)
            || matches!(e.kind(), TypeKind::Alias(_))
            || matches!(a.kind(), TypeKind::Alias(_))
            || matches!(
                (e.kind(), a.kind()),
                (TypeKind::Struct(_), TypeKind::Hash { .. })
                    | (TypeKind::Tuple { .. }, TypeKind::Array { .. })
            )
    })
}

pub(super) fn report_detailed(es: &[Type], a: &Type) -> bool {
    always_fully_detailed(es, a)
        || es
            .iter()
            .any(|e| is_assignable(&default_of(&resolved(e)), a))
}

pub(super) fn detailed_actual(es: &[Type], a: &Type) -> String {
    let es: Vec<Type> = es.iter().map(resolved).collect();
    if always_fully_detailed(&es, a) {
        expanded(a)
    } else {
        let g = generalize(a);
        if es.iter().any(|e| is_assignable(e, &g)) {
            expanded(a)
        } else {
            simple_name(a)
        }
    }
}

/// The first unresolved type reference in `t`, looking into alias bodies as
/// the reference's finder does (each alias once: `seen` holds the aliases
/// already looked into, so recursive aliases end).
pub(super) fn find_unresolved(t: &Type, depth: u32) -> Option<String> {
    find_unresolved_in(t, depth, &mut Vec::new())
}

pub(super) fn find_unresolved_in(
    t: &Type,
    depth: u32,
    seen: &mut Vec<*const ()>,
) -> Option<String> {
    if depth > MAX_TYPE_DEPTH {
        crate::types::calc::too_deep("types", MAX_TYPE_DEPTH);
        return None;
    }
    crate::stack::deep(|| find_unresolved_here(t, depth, seen))
}

pub(super) fn find_unresolved_here(
    t: &Type,
    depth: u32,
    seen: &mut Vec<*const ()>,
) -> Option<String> {
    match t.kind() {
        TypeKind::TypeReference(n) => return Some(n.to_string()),
        TypeKind::Alias(a) => {
            let key = Arc::as_ptr(a) as *const ();
            if seen.contains(&key) {
                return None;
            }
            seen.push(key);
            return a
                .resolved()
                .and_then(|r| find_unresolved_in(r, depth + 1, seen));
        }
        _ => {}
    }
    let mut found = None;
    crate::types::calc::walk::each_child(t, &mut |c| {
        if found.is_none() {
            found = find_unresolved_in(c, depth + 1, seen);
        }
    });
    found
}
