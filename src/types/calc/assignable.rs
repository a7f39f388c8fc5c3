//! `assignable?`: is every value of one type also a value of another
//! (Puppet's `PAnyType#assignable?`), including Callable contravariance,
//! Struct/Hash and Tuple/Array both ways, Variant on either side, and
//! recursive aliases (guarded: recursion seen on both sides answers true).

use super::instance::{effective_key, key_is_optional, str_instance_of};
use super::walk::is_self_recursive;
use super::{any_type, range_covers, size_bounds, undef_type, MAX_TYPE_DEPTH, STACK_CHECK_EVERY};
use crate::types::{IntRange, RuntimeName, StructElement, Type, TypeAlias, TypeKind};
use std::sync::Arc;

/// True when every value of `b` is also a value of `a` (`a` accepts `b`).
pub fn is_assignable(a: &Type, b: &Type) -> bool {
    let mut g = Guard::default();
    g.assignable(a, b)
}

/// True when `a` and `b` describe the same values (`==` on types: equal, or assignable both ways).
pub fn types_equal(a: &Type, b: &Type) -> bool {
    a == b || (is_assignable(a, b) && is_assignable(b, a))
}

/// The recursion guard of a check, with the reference's scope: a guard is
/// made by the outermost self-recursive alias on the current path (on either
/// side) and lives until that alias's check returns, so sibling checks made
/// outside any such alias (the members of a Variant) each start afresh. The
/// checks of an `Optional`'s parts on the right (and a few others, see
/// [`Guard::fresh`]) run under a guard of their own, even within an alias. Within
/// a guard, a self-recursive alias met again on the `this` side flags recursion
/// there until the check that first met it returns; one met again on the
/// `that` side flags it for the rest of the guard's life. With both flags set
/// the check answers true (all checks up to that point held).
#[derive(Default)]
struct Guard {
    depth: u32,
    this_seen: Vec<usize>,
    that_seen: Vec<usize>,
    this_rec: bool,
    that_rec: bool,
    /// Self-recursive alias checks on the current path: the guard's state
    /// exists while this is above zero.
    frames: u32,
    /// (alias, other side) pairs on the current path: meeting one again means
    /// no progress (a loop through aliases alone), which answers false.
    path: Vec<(usize, usize)>,
    /// Checks made so far; a check past [`MAX_STEPS`] stops the call with an
    /// error, a backstop bounding the work on degenerate recursive aliases.
    steps: u32,
}

fn type_ptr(t: &Type) -> usize {
    t.kind() as *const TypeKind as usize
}

/// The most sub-checks one top-level `assignable?` may make (far more than
/// any two types of a million nodes need).
const MAX_STEPS: u32 = 20_000_000;

fn alias_ptr(a: &Arc<TypeAlias>) -> usize {
    Arc::as_ptr(a) as *const u8 as usize
}

/// The `[from, to]` of an optional size range as `(from, to)`.
fn bounds(r: &Option<IntRange>) -> (i64, Option<i64>) {
    size_bounds(r.as_ref())
}

fn exact(n: usize) -> (i64, Option<i64>) {
    (n as i64, Some(n as i64))
}

/// The size range of a Tuple: its constraint, else exactly its type count (0 types: any size).
fn tuple_size(types: &[Type], size: &Option<IntRange>) -> (i64, Option<i64>) {
    match size {
        Some(r) => (r.from.unwrap_or(i64::MIN), r.to),
        None if types.is_empty() => (0, None),
        None => exact(types.len()),
    }
}

fn is_object_root(name: &str) -> bool {
    name == "Object" || name == crate::types::text::display::OBJECT_TEXT
}

/// Scalar-class types (Puppet classes deriving from `PScalarType`).
fn is_scalar_class(t: &Type) -> bool {
    use TypeKind as K;
    matches!(
        t.kind(),
        K::Scalar
            | K::ScalarData
            | K::Numeric
            | K::Integer(_)
            | K::Float(..)
            | K::String { .. }
            | K::Enum { .. }
            | K::Pattern(_)
            | K::Boolean(_)
            | K::Regexp(_)
            | K::SemVer(_)
            | K::Timespan(..)
            | K::Timestamp(..)
    )
}

/// ScalarData-class types (deriving from `PScalarDataType`).
fn is_scalar_data_class(t: &Type) -> bool {
    use TypeKind as K;
    matches!(
        t.kind(),
        K::ScalarData
            | K::Numeric
            | K::Integer(_)
            | K::Float(..)
            | K::String { .. }
            | K::Enum { .. }
            | K::Pattern(_)
            | K::Boolean(_)
    )
}

/// The size range a String type admits (`derived_size_type`).
fn string_size(
    size: &Option<IntRange>,
    value: &Option<crate::types::SmolStr>,
) -> (i64, Option<i64>) {
    match (size, value) {
        (Some(r), _) => (r.from.unwrap_or(i64::MIN), r.to),
        (None, Some(v)) => exact(v.chars().count()),
        (None, None) => (0, None),
    }
}

fn float_covers(a: (Option<f64>, Option<f64>), b: (Option<f64>, Option<f64>)) -> bool {
    a.0.unwrap_or(f64::NEG_INFINITY) <= b.0.unwrap_or(f64::NEG_INFINITY)
        && a.1.unwrap_or(f64::INFINITY) >= b.1.unwrap_or(f64::INFINITY)
}

fn opt_covers<T: Ord + Copy>(a: (Option<T>, Option<T>), b: (Option<T>, Option<T>)) -> bool {
    let lo = match (a.0, b.0) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(x), Some(y)) => x <= y,
    };
    let hi = match (a.1, b.1) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(x), Some(y)) => x >= y,
    };
    lo && hi
}

impl Guard {
    /// Enter a self-recursive alias's check: the outermost one starts a fresh guard.
    fn enter(&mut self) {
        if self.frames == 0 {
            self.this_seen.clear();
            self.that_seen.clear();
            self.this_rec = false;
            self.that_rec = false;
        }
        self.frames += 1;
    }

    /// `a.assignable?(b)` checked under a guard of its own, as the reference
    /// checks the parts of an `Optional` on the right, whether a `NotUndef`'s
    /// type on the right accepts undef, and a Struct's key against a Hash's:
    /// what that check meets is not seen by the enclosing guard, which resumes
    /// unchanged when it returns.
    fn fresh(&mut self, a: &Type, b: &Type) -> bool {
        let saved = (
            std::mem::take(&mut self.this_seen),
            std::mem::take(&mut self.that_seen),
            std::mem::take(&mut self.this_rec),
            std::mem::take(&mut self.that_rec),
            std::mem::take(&mut self.frames),
        );
        let r = self.assignable(a, b);
        (
            self.this_seen,
            self.that_seen,
            self.this_rec,
            self.that_rec,
            self.frames,
        ) = saved;
        r
    }

    /// `a.assignable?(b)` for a self-recursive alias `a`: true at once when
    /// recursion is flagged on both sides, else `rest`. The first meeting of
    /// `a` on this path is forgotten, with the `this` flag, when `rest` returns.
    fn this_alias(&mut self, al: &Arc<TypeAlias>, rest: impl FnOnce(&mut Self) -> bool) -> bool {
        self.enter();
        let p = alias_ptr(al);
        let r = if !self.this_rec && !self.this_seen.contains(&p) {
            self.this_seen.push(p);
            let r = rest(self);
            self.this_rec = false;
            self.this_seen.retain(|&q| q != p);
            r
        } else {
            self.this_rec = true;
            self.that_rec || rest(self)
        };
        self.frames -= 1;
        r
    }

    /// `a.assignable?(b)` for a self-recursive alias `b`: true at once when
    /// recursion is flagged on both sides, else `rest`; meeting `b` again
    /// flags recursion on the `that` side for the rest of the guard's life.
    fn that_alias(&mut self, bl: &Arc<TypeAlias>, rest: impl FnOnce(&mut Self) -> bool) -> bool {
        self.enter();
        if !self.that_rec {
            let p = alias_ptr(bl);
            if self.that_seen.contains(&p) {
                self.that_rec = true;
            } else {
                self.that_seen.push(p);
            }
        }
        let r = self.this_rec && self.that_rec || rest(self);
        self.frames -= 1;
        r
    }

    /// `a.assignable?(b)`: the overrides of `a`'s kind, else the generic dispatch.
    fn assignable(&mut self, a: &Type, b: &Type) -> bool {
        if self.depth >= MAX_TYPE_DEPTH {
            super::too_deep("types", MAX_TYPE_DEPTH);
            return false;
        }
        if self.steps >= MAX_STEPS {
            if self.steps == MAX_STEPS {
                crate::stop::record(crate::stop::Stop::Failed(crate::Error::argument(
                    "the types are too complex to compare (recursive type aliases?)",
                )));
                self.steps += 1;
            }
            return false;
        }
        if self.steps % 4096 == 4095 && crate::stop::Steps::new().poll_now() {
            return false;
        }
        self.steps += 1;
        if self.depth % STACK_CHECK_EVERY == 0 {
            self.depth += 1;
            let r = crate::stack::deep(|| self.assignable_here(a, b));
            self.depth -= 1;
            return r;
        }
        self.depth += 1;
        let r = self.assignable_here(a, b);
        self.depth -= 1;
        r
    }

    fn assignable_here(&mut self, a: &Type, b: &Type) -> bool {
        use TypeKind as K;
        let r = match a.kind() {
            K::Unit => true,
            K::Alias(al) => {
                let rest = |g: &mut Self| {
                    // (When `b` is an alias too, its own step below decides.)
                    let key = (alias_ptr(al), type_ptr(b));
                    if matches!(b.kind(), K::Alias(_)) {
                        g.generic(a, b)
                    } else if g.path.contains(&key) {
                        false
                    } else {
                        g.path.push(key);
                        let r = g.generic(a, b);
                        g.path.pop();
                        r
                    }
                };
                if is_self_recursive(al) {
                    self.this_alias(al, rest)
                } else {
                    rest(self)
                }
            }
            K::Variant(ts) => match b.kind() {
                K::Variant(bs) => {
                    ts.is_empty() || (!bs.is_empty() && bs.iter().all(|bt| self.generic(a, bt)))
                }
                K::Undef if ts.is_empty() => false,
                _ => self.generic(a, b),
            },
            _ => self.generic(a, b),
        };
        r
    }

    /// `PAnyType#assignable?`: dispatch on the kind of `b`.
    fn generic(&mut self, a: &Type, b: &Type) -> bool {
        use TypeKind as K;
        match b.kind() {
            K::Unit => true,
            K::Alias(bl) => {
                let rest = |g: &mut Self| {
                    let key = (type_ptr(a), alias_ptr(bl));
                    if g.path.contains(&key) {
                        return false;
                    }
                    g.path.push(key);
                    let r = match bl.resolved() {
                        Some(r) => g.assignable(a, r),
                        None => false,
                    };
                    g.path.pop();
                    r
                };
                if is_self_recursive(bl) {
                    self.that_alias(bl, rest)
                } else {
                    rest(self)
                }
            }
            K::Variant(bs) => {
                if matches!(a.kind(), K::Any) {
                    return true;
                }
                if bs.is_empty() && matches!(a.kind(), K::NotUndef(_)) {
                    return self.specific(a, b);
                }
                !bs.is_empty() && bs.iter().all(|bt| self.assignable(a, bt))
            }
            K::Optional(inner) => {
                self.fresh(a, undef_type()) && inner.as_ref().map_or(true, |i| self.fresh(a, i))
            }
            K::NotUndef(Some(inner)) if !self.fresh(inner, undef_type()) => {
                self.assignable(a, inner)
            }
            _ => self.specific(a, b),
        }
    }

    /// `_assignable?` of each type kind.
    fn specific(&mut self, a: &Type, b: &Type) -> bool {
        use TypeKind as K;
        let bk = b.kind();
        match a.kind() {
            K::Any | K::Unit => true,
            K::Undef => matches!(bk, K::Undef),
            K::Default => matches!(bk, K::Default),
            K::NotUndef(inner) => {
                !self.assignable(b, undef_type())
                    && inner.as_ref().map_or(true, |i| self.assignable(i, b))
            }
            K::Optional(inner) => match (inner, bk) {
                (_, K::Undef) | (None, _) => true,
                (Some(i), K::Optional(Some(bi))) => self.assignable(i, bi),
                (Some(_), K::Optional(None)) => true,
                (Some(i), _) => self.assignable(i, b),
            },
            K::Type(inner) => match bk {
                K::Type(bi) => match (inner, bi) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(i), Some(bi)) => self.assignable(i, bi),
                },
                _ => false,
            },
            K::Init(inner, args) => match bk {
                K::Init(bi, _) => match (inner, bi) {
                    (None, _) => true,
                    (Some(i), Some(bi)) => self.assignable(i, bi),
                    (Some(i), None) => self.assignable(i, super::rich_data_type()),
                },
                _ => match inner {
                    None => self.assignable(super::rich_data_type(), b),
                    Some(i) => self.assignable(i, b) || super::init::init_accepts(i, args, b),
                },
            },
            K::Variant(ts) => ts.iter().any(|t| self.assignable(t, b)),
            K::Scalar => is_scalar_class(b) || matches!(bk, K::SemVerRange),
            K::ScalarData => is_scalar_data_class(b),
            K::Numeric => matches!(bk, K::Numeric | K::Integer(_) | K::Float(..)),
            K::Integer(r) => match bk {
                K::Integer(o) => r.min() <= o.min() && r.max() >= o.max(),
                _ => false,
            },
            K::Float(lo, hi) => match bk {
                K::Float(blo, bhi) => float_covers((*lo, *hi), (*blo, *bhi)),
                _ => false,
            },
            K::String { size, value } => self.string_accepts(size, value, b),
            K::Enum {
                values,
                case_insensitive,
            } => {
                if a == b {
                    return true;
                }
                if values.is_empty()
                    && matches!(bk, K::String { .. } | K::Enum { .. } | K::Pattern(_))
                {
                    return true;
                }
                let accepts = |s: &str| {
                    if *case_insensitive {
                        values.iter().any(|x| x.eq_ignore_ascii_case(s))
                    } else {
                        values.iter().any(|x| &**x == s)
                    }
                };
                match bk {
                    K::String {
                        value: Some(v),
                        size: None,
                    } => accepts(v),
                    K::Enum {
                        values: bv,
                        case_insensitive: bci,
                    } => {
                        !bv.is_empty()
                            && (*case_insensitive || !bci)
                            && bv.iter().all(|s| accepts(s))
                    }
                    _ => false,
                }
            }
            K::Pattern(ps) => {
                if a == b {
                    return true;
                }
                match bk {
                    K::String { value, size } => match (value, size) {
                        (Some(v), None) => ps.is_empty() || ps.iter().any(|p| p.is_match(v)),
                        _ => ps.is_empty(),
                    },
                    K::Enum { values, .. } => {
                        if values.is_empty() {
                            ps.is_empty()
                        } else {
                            ps.is_empty() || values.iter().all(|s| ps.iter().any(|p| p.is_match(s)))
                        }
                    }
                    K::Pattern(_) => ps.is_empty(),
                    _ => false,
                }
            }
            K::Boolean(v) => match bk {
                K::Boolean(bv) => v.is_none() || v == bv,
                _ => false,
            },
            K::Regexp(p) => match bk {
                K::Regexp(bp) => p.is_none() || p == bp,
                _ => false,
            },
            K::SemVer(ranges) => match bk {
                K::SemVer(branges) => {
                    ranges.is_empty()
                        || (!branges.is_empty()
                            && branges
                                .iter()
                                .all(|br| ranges.iter().any(|r| br.covered_by(r))))
                }
                _ => false,
            },
            K::SemVerRange => matches!(bk, K::SemVerRange),
            K::Timespan(lo, hi) => match bk {
                K::Timespan(blo, bhi) => opt_covers((*lo, *hi), (*blo, *bhi)),
                _ => false,
            },
            K::Timestamp(lo, hi) => match bk {
                K::Timestamp(blo, bhi) => opt_covers((*lo, *hi), (*blo, *bhi)),
                _ => false,
            },
            K::Binary => matches!(bk, K::Binary),
            K::Uri(params) => match bk {
                K::Uri(bparams) => {
                    super::uri::uri_type_accepts(params.as_deref(), bparams.as_deref())
                }
                _ => false,
            },
            K::Collection(size) => {
                let s = bounds(size);
                match bk {
                    K::Collection(bs) | K::Array { size: bs, .. } | K::Hash { size: bs, .. } => {
                        range_covers(s, bounds(bs))
                    }
                    K::Tuple { types, size: bs } => {
                        let o = match bs {
                            Some(r) => (r.from.unwrap_or(i64::MIN), r.to),
                            None => exact(types.as_deref().map_or(0, |t| t.len())),
                        };
                        range_covers(s, o)
                    }
                    K::Struct(es) => range_covers(s, exact(es.as_deref().map_or(0, |e| e.len()))),
                    _ => false,
                }
            }
            K::Array { element, size } => match bk {
                K::Tuple { types, size: bs } => {
                    let types: &[Type] = types.as_deref().unwrap_or(&[]);
                    let o = match bs {
                        Some(r) => (r.from.unwrap_or(i64::MIN), r.to),
                        None => exact(types.len()),
                    };
                    range_covers(bounds(size), o)
                        && types.iter().all(|t| self.assignable(element, t))
                }
                K::Array {
                    element: be,
                    size: bs,
                } => range_covers(bounds(size), bounds(bs)) && self.assignable(element, be),
                _ => false,
            },
            K::Hash { key, value, size } => match bk {
                K::Hash {
                    key: bkey,
                    value: bval,
                    size: bs,
                } => {
                    let b_empty = matches!(bkey.kind(), K::Unit)
                        && matches!(bval.kind(), K::Unit)
                        && bs.is_some_and(|r| r.from == Some(0) && r.to == Some(0));
                    if size.map_or(true, |r| {
                        r.from.unwrap_or(0) <= 0 && r.from.is_some() || r.from.is_none()
                    }) && b_empty
                        && size.map_or(true, |r| r.from == Some(0))
                    {
                        return true;
                    }
                    self.assignable(key, bkey)
                        && self.assignable(value, bval)
                        && range_covers(bounds(size), bounds(bs))
                }
                K::Struct(es) => {
                    let es: &[StructElement] = es.as_deref().unwrap_or(&[]);
                    let n = es.len() as i64;
                    let (lo, hi) = bounds(size);
                    lo <= n
                        && hi.map_or(true, |h| n <= h)
                        && es.iter().all(|e| {
                            str_instance_of(key, e.name()) && self.assignable(value, &e.value_type)
                        })
                }
                _ => false,
            },
            K::Struct(es) => self.struct_accepts(es.as_deref().unwrap_or(&[]), b),
            K::Tuple { types, size } => {
                self.tuple_accepts(a, types.as_deref().unwrap_or(&[]), size, b)
            }
            K::Callable(c) => match bk {
                K::Callable(bc) => {
                    if let Some(rt) = &c.return_type {
                        let brt = bc.return_type.as_ref().unwrap_or(any_type());
                        if !self.assignable(rt, brt) {
                            return false;
                        }
                    }
                    let Some(params) = &c.params else {
                        return true;
                    };
                    let Some(bparams) = &bc.params else {
                        return false;
                    };
                    // `Callable[1, 1]` gives its arity only: its parameters
                    // are Unit (any type), so only the counts must fit
                    let untyped = match (params.kind(), bparams.kind()) {
                        (
                            K::Tuple {
                                types: pt,
                                size: ps,
                            },
                            K::Tuple {
                                types: bt,
                                size: bs,
                            },
                        ) if pt.as_deref().is_some_and(|t| t.is_empty()) => Some(range_covers(
                            tuple_size(bt.as_deref().unwrap_or(&[]), bs),
                            tuple_size(&[], ps),
                        )),
                        _ => None,
                    };
                    match untyped {
                        Some(false) => return false,
                        Some(true) => {}
                        None => {
                            if !self.assignable(bparams, params) {
                                return false;
                            }
                        }
                    }
                    let this_block = c.block.as_ref().unwrap_or(undef_type());
                    let that_block = bc.block.as_ref().unwrap_or(undef_type());
                    self.assignable(that_block, this_block)
                }
                _ => false,
            },
            K::Iterable(elem) => {
                let generic = elem
                    .as_ref()
                    .map_or(true, |e| self.assignable(e, any_type()));
                if generic {
                    super::iterate::is_iterable(b)
                } else {
                    match super::iterate::iterable_type(b) {
                        Some(Some(be)) => self.assignable(elem.as_ref().unwrap_or(any_type()), &be),
                        _ => false,
                    }
                }
            }
            K::Iterator(elem) => match bk {
                // (an Iterator of unknown elements fits no Iterator[T], not
                // even Iterator[Any], as in the reference)
                K::Iterator(be) => match (elem, be) {
                    (None, _) => true,
                    (Some(e), Some(be)) => self.assignable(e, be),
                    (Some(_), None) => false,
                },
                _ => false,
            },
            K::CatalogEntry => matches!(bk, K::CatalogEntry | K::Resource { .. } | K::Class(_)),
            K::Class(n) => match bk {
                K::Class(bn) => n.is_none() || n == bn,
                _ => false,
            },
            K::Resource { type_name, title } => match bk {
                K::Resource {
                    type_name: btn,
                    title: bt,
                } => match type_name {
                    None => true,
                    Some(tn) => {
                        btn.as_ref().is_some_and(|b| b.eq_ignore_ascii_case(tn))
                            && (title.is_none() || title == bt)
                    }
                },
                _ => false,
            },
            K::Runtime { runtime, name } => match bk {
                K::Runtime {
                    runtime: br,
                    name: bn,
                } => {
                    if runtime.is_some() && runtime != br {
                        return false;
                    }
                    match (name, bn) {
                        (None, _) => true,
                        (Some(x), Some(y)) if x == y => true,
                        // (by Ruby's class hierarchy, only where both are Ruby's)
                        (Some(RuntimeName::Name(x)), Some(RuntimeName::Name(y)))
                            if runtime.as_deref() == Some("ruby") =>
                        {
                            super::runtime_classes::class_within(x, y).unwrap_or(false)
                        }
                        _ => false,
                    }
                }
                _ => false,
            },
            K::Sensitive(inner) => match bk {
                K::Sensitive(bi) => self.assignable(
                    inner.as_ref().unwrap_or(any_type()),
                    bi.as_ref().unwrap_or(any_type()),
                ),
                _ => false,
            },
            K::Deferred => matches!(bk, K::Deferred),
            K::Object(name) => match bk {
                K::Object(bn) => is_object_root(name) || name == bn,
                K::Deferred => is_object_root(name),
                _ => false,
            },
            K::TypeSet(name) => matches!(bk, K::TypeSet(bn) if bn == name),
            K::TypeReference(_) => a == b,
            K::Alias(al) => match al.resolved() {
                Some(r) => self.assignable(r, b),
                None => false,
            },
        }
    }

    fn string_accepts(
        &mut self,
        size: &Option<IntRange>,
        value: &Option<crate::types::SmolStr>,
        b: &Type,
    ) -> bool {
        use TypeKind as K;
        match size {
            Some(r) => {
                let s = (r.from.unwrap_or(i64::MIN), r.to);
                match b.kind() {
                    K::String {
                        size: bs,
                        value: bv,
                    } => range_covers(s, string_size(bs, bv)),
                    K::Enum { values, .. } => {
                        if values.is_empty() {
                            range_covers(s, (0, None))
                        } else {
                            let lens = values.iter().map(|v| v.chars().count() as i64);
                            let (mn, mx) =
                                lens.fold((i64::MAX, i64::MIN), |(a, b), l| (a.min(l), b.max(l)));
                            range_covers(s, (mn, Some(mx)))
                        }
                    }
                    K::Pattern(_) => range_covers(s, (0, None)),
                    _ => false,
                }
            }
            None => match b.kind() {
                K::String {
                    size: bs,
                    value: bv,
                } => value.is_none() || (bs.is_none() && value == bv),
                K::Enum {
                    values,
                    case_insensitive,
                } => value.is_none() || (values.len() == 1 && !case_insensitive),
                K::Pattern(_) => value.is_none(),
                _ => false,
            },
        }
    }

    fn struct_accepts(&mut self, es: &[StructElement], b: &Type) -> bool {
        use TypeKind as K;
        match b.kind() {
            K::Struct(bes) => {
                let bes: &[StructElement] = bes.as_deref().unwrap_or(&[]);
                let mut matched = 0;
                for e1 in es {
                    match bes.iter().find(|e2| e2.name() == e1.name()) {
                        None => {
                            if !key_is_optional(e1) {
                                return false;
                            }
                        }
                        Some(e2) => {
                            matched += 1;
                            if !(self.assignable(&effective_key(e1), &effective_key(e2))
                                && self.assignable(&e1.value_type, &e2.value_type))
                            {
                                return false;
                            }
                        }
                    }
                }
                matched == bes.len()
            }
            K::Hash { key, value, size } => {
                let mut required = 0i64;
                for e in es {
                    if key_is_optional(e) {
                        continue;
                    }
                    required += 1;
                    if !self.assignable(&e.value_type, value) {
                        return false;
                    }
                    let gk = super::generalize::generalize(&effective_key(e));
                    if !self.fresh(&gk, key) {
                        return false;
                    }
                }
                range_covers((required, Some(es.len() as i64)), bounds(size))
            }
            _ => false,
        }
    }

    fn tuple_accepts(
        &mut self,
        a: &Type,
        types: &[Type],
        size: &Option<IntRange>,
        b: &Type,
    ) -> bool {
        use TypeKind as K;
        if a == b {
            return true;
        }
        let s = tuple_size(types, size);
        match b.kind() {
            K::Tuple {
                types: bt,
                size: bs,
            } => {
                let bt: &[Type] = bt.as_deref().unwrap_or(&[]);
                if !range_covers(s, tuple_size(bt, bs)) {
                    return false;
                }
                if !types.is_empty() {
                    if bt.is_empty() {
                        return s.0 == 0;
                    }
                    let last = &types[types.len() - 1];
                    for (i, ot) in bt.iter().enumerate() {
                        if !self.assignable(types.get(i).unwrap_or(last), ot) {
                            return false;
                        }
                    }
                }
                true
            }
            K::Array { element, size: bs } => {
                let o = bounds(bs);
                if !range_covers(s, o) {
                    return false;
                }
                if !types.is_empty() {
                    let n = match o.1 {
                        Some(t) => (types.len() as i64).min(t).max(0) as usize,
                        None => types.len(),
                    };
                    for t in &types[..n] {
                        if !self.assignable(t, element) {
                            return false;
                        }
                    }
                }
                true
            }
            _ => false,
        }
    }
}
