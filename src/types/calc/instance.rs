//! `instance?`: does a value belong to a type (Puppet's `PAnyType#instance?`).
//!
//! The check walks a [`ValueView`] in place and allocates nothing on the hot
//! path (scalars, arrays, hashes, Structs and Tuples). Recursive aliases are
//! guarded: re-entering the same alias for the same value without descending
//! into it answers "not an instance". Data nested deeper than
//! [`MAX_DATA_DEPTH`] stops the check with an error ([`super::too_deep`]);
//! the recursion grows its stack as it goes ([`crate::stack::deep`]).

use super::value_view::{ValueView, ViewKind};
use super::{is_assignable, MAX_DATA_DEPTH, STACK_CHECK_EVERY};
use crate::types::{IntRange, RuntimeName, StructElement, Type, TypeKind};
use crate::values::{Regexp, Value};

/// True when `v` is an instance of `t`.
pub fn instance_of(t: &Type, v: &Value) -> bool {
    instance_of_view(t, v)
}

/// True when the viewed value `v` is an instance of `t`.
pub fn instance_of_view<V: ValueView + ?Sized>(t: &Type, v: &V) -> bool {
    let mut cx = Ctx::new();
    cx.check(t, v)
}

/// True when the string `s` is an instance of `t` (no allocation for plain checks).
pub fn str_instance_of(t: &Type, s: &str) -> bool {
    instance_of_view(t, &StrView(s))
}

/// A borrowed string seen as a value.
pub(crate) struct StrView<'a>(pub &'a str);

impl ValueView for StrView<'_> {
    fn kind(&self) -> ViewKind<'_> {
        ViewKind::String(self.0)
    }
    fn each_element<F: FnMut(&Self) -> bool>(&self, _f: F) -> bool {
        true
    }
    fn each_entry<F: FnMut(&Self, &Self) -> bool>(&self, _f: F) -> bool {
        true
    }
    fn with_sensitive<F: FnOnce(&Self) -> bool>(&self, _f: F) -> bool {
        false
    }
    fn to_value(&self) -> Option<Value> {
        Some(Value::string(self.0))
    }
}

/// Per-check state: nesting depth and the alias recursion guard.
struct Ctx {
    /// Levels of data the check is inside.
    depth: u32,
    /// Levels of recursion (data levels and aliases followed).
    frames: u32,
    /// Steps of this check, for stopping it when the host asks (see [`crate::stop`]).
    steps: crate::stop::Steps,
    /// The (alias, value) pairs being checked, innermost last.
    guard: Vec<(usize, usize)>,
    keys: KeyMemo,
}

/// How many entries of a Struct [`KeyMemo`] remembers key objects for.
const MEMO_KEYS: usize = 8;

/// The key objects last found to name the entries of the Struct last checked,
/// by [`ValueView::content_identity`]: the hashes of an array checked against
/// `Array[Struct[...]]` are mostly built alike and share their key strings,
/// whose names then need neither reading nor comparing again.
struct KeyMemo {
    /// The entries of that Struct (their address: the same type while the
    /// check runs).
    elements: usize,
    /// [`crate::stop::Steps::call_outs`] when the ids were noted: identities
    /// stand for contents only while the host runs none of its code.
    epoch: u32,
    /// The identity of the key last found for each of the first entries (0: none).
    ids: [usize; MEMO_KEYS],
}

impl KeyMemo {
    /// The entry of `es` that the key with identity `id` named before, when
    /// it is entry `hint` (the next one in declaration order).
    #[inline]
    fn entry(&self, es: &[StructElement], id: usize, hint: usize, epoch: u32) -> Option<usize> {
        (self.elements == es.as_ptr() as usize
            && self.epoch == epoch
            && self.ids.get(hint) == Some(&id))
        .then_some(hint)
    }

    /// Remember that the key with identity `id` names entry `i` of `es`.
    #[inline]
    fn note(&mut self, es: &[StructElement], id: usize, i: usize, epoch: u32) {
        let elements = es.as_ptr() as usize;
        if self.elements != elements || self.epoch != epoch {
            self.elements = elements;
            self.epoch = epoch;
            self.ids = [0; MEMO_KEYS];
        }
        if let Some(slot) = self.ids.get_mut(i) {
            *slot = id;
        }
    }
}

/// True when a Struct element's key may be absent: an `Optional[k]` key, or a
/// plain key whose value type accepts undef (a `NotUndef[k]` key never may).
pub(crate) fn key_is_optional(e: &StructElement) -> bool {
    match e.key_type.kind() {
        TypeKind::Optional(_) => true,
        TypeKind::NotUndef(_) => false,
        _ => is_assignable(&e.value_type, super::undef_type()),
    }
}

/// The key type as the reference holds it: `Optional[k]` for optional keys, `k` otherwise.
pub(crate) fn effective_key(e: &StructElement) -> Type {
    match e.key_type.kind() {
        TypeKind::Optional(_) => e.key_type.clone(),
        TypeKind::NotUndef(Some(k)) => k.clone(),
        _ if key_is_optional(e) => Type::from_kind(TypeKind::Optional(Some(e.key_type.clone()))),
        _ => e.key_type.clone(),
    }
}

fn char_len(s: &str) -> i64 {
    if s.is_ascii() {
        s.len() as i64
    } else {
        s.chars().count() as i64
    }
}

fn size_ok(r: &Option<IntRange>, n: usize) -> bool {
    match r {
        None => true,
        Some(r) => r.contains(n as i64),
    }
}

fn ascii_casecmp_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .all(|(x, y)| x.eq_ignore_ascii_case(&y))
}

impl Ctx {
    fn new() -> Ctx {
        Ctx {
            depth: 0,
            frames: 0,
            steps: crate::stop::Steps::new(),
            guard: Vec::new(),
            keys: KeyMemo {
                elements: 0,
                epoch: 0,
                ids: [0; MEMO_KEYS],
            },
        }
    }

    /// Check a contained value one level deeper. This is a step of the walk,
    /// where the host may run its code ([`crate::stop::Steps::stop`]).
    #[inline]
    fn nested<V: ValueView + ?Sized>(&mut self, t: &Type, v: &V) -> bool {
        if self.steps.stop() {
            return false;
        }
        if self.depth >= MAX_DATA_DEPTH {
            super::too_deep("data", MAX_DATA_DEPTH);
            return false;
        }
        self.depth += 1;
        let r = self.deeper(t, v);
        self.depth -= 1;
        r
    }

    /// `check` one level of recursion down, on more stack when needed.
    #[inline]
    fn deeper<V: ValueView + ?Sized>(&mut self, t: &Type, v: &V) -> bool {
        self.frames += 1;
        let r = if self.frames % STACK_CHECK_EVERY == 0 {
            crate::stack::deep(|| self.check(t, v))
        } else {
            self.check(t, v)
        };
        self.frames -= 1;
        r
    }

    fn check<V: ValueView + ?Sized>(&mut self, t: &Type, v: &V) -> bool {
        use TypeKind as K;
        let k = v.kind();
        match t.kind() {
            K::Any | K::Unit => true,
            K::Undef => matches!(k, ViewKind::Undef),
            K::Default => matches!(k, ViewKind::Default),
            K::NotUndef(inner) => {
                !matches!(k, ViewKind::Undef) && inner.as_ref().map_or(true, |i| self.check(i, v))
            }
            K::Optional(inner) => {
                matches!(k, ViewKind::Undef) || inner.as_ref().is_some_and(|i| self.check(i, v))
            }
            K::Type(inner) => match k {
                ViewKind::Type(vt) => inner.as_ref().map_or(true, |i| is_assignable(i, &vt)),
                _ => false,
            },
            K::Init(inner, args) => match inner {
                None => self.check(super::rich_data_type(), v),
                Some(i) => {
                    self.check(i, v)
                        || v.to_value()
                            .is_some_and(|val| super::init::init_instance(i, args, &val))
                }
            },
            K::Variant(ts) => ts.iter().any(|t| self.check(t, v)),
            // (and, as the reference's, any Ruby object that is a Numeric: a
            // Rational, a BigDecimal, though not a Puppet Numeric)
            K::Scalar => {
                matches!(
                    k,
                    ViewKind::String(_)
                        | ViewKind::Integer(_)
                        | ViewKind::BigInteger(_)
                        | ViewKind::Float(_)
                        | ViewKind::Boolean(_)
                        | ViewKind::Regexp(_)
                        | ViewKind::RegexpSource(..)
                        | ViewKind::SemVer(_)
                        | ViewKind::SemVerRange(_)
                        | ViewKind::Timespan(_)
                        | ViewKind::Timestamp(_)
                ) || matches!(k, ViewKind::Runtime(class)
                    if class == "Numeric" || v.runtime_ancestor_named("Numeric"))
            }
            // (the reference's takes an instance of String itself only)
            K::ScalarData => match k {
                ViewKind::String(_) => !v.string_of_subclass(),
                k => matches!(
                    k,
                    ViewKind::Integer(_)
                        | ViewKind::BigInteger(_)
                        | ViewKind::Float(_)
                        | ViewKind::Boolean(_)
                ),
            },
            K::Numeric => matches!(
                k,
                ViewKind::Integer(_) | ViewKind::BigInteger(_) | ViewKind::Float(_)
            ),
            K::Integer(r) => match k {
                ViewKind::Integer(i) => r.contains(i),
                ViewKind::BigInteger(neg) => {
                    if neg {
                        r.from.is_none()
                    } else {
                        r.to.is_none()
                    }
                }
                _ => false,
            },
            K::Float(lo, hi) => match k {
                ViewKind::Float(f) => {
                    f >= lo.unwrap_or(f64::NEG_INFINITY) && f <= hi.unwrap_or(f64::INFINITY)
                }
                _ => false,
            },
            K::String { size, value } => match k {
                ViewKind::String(s) => match (size, value) {
                    (Some(r), _) => {
                        (r.from.unwrap_or(0) <= 0 && r.to.is_none()) || r.contains(char_len(s))
                    }
                    (None, Some(val)) => &**val == s,
                    (None, None) => true,
                },
                _ => false,
            },
            K::Enum {
                values,
                case_insensitive,
            } => match k {
                ViewKind::String(s) => {
                    if *case_insensitive {
                        values.iter().any(|x| ascii_casecmp_eq(x, s))
                    } else {
                        values.iter().any(|x| &**x == s)
                    }
                }
                _ => false,
            },
            K::Pattern(ps) => match k {
                ViewKind::String(s) => {
                    ps.is_empty() || ps.iter().any(|p| p.is_match_in(s, &mut self.steps))
                }
                _ => false,
            },
            K::Boolean(b) => match k {
                ViewKind::Boolean(x) => b.map_or(true, |b| b == x),
                _ => false,
            },
            K::Regexp(p) => match k {
                ViewKind::Regexp(r) => p.as_ref().map_or(true, |p| p.source() == r.source()),
                ViewKind::RegexpSource(src, 0) => p.as_ref().map_or(true, |p| p.source() == src),
                ViewKind::RegexpSource(src, options) => p.as_ref().map_or(true, |p| {
                    Regexp::from_ruby(src, options).is_ok_and(|r| r.source() == p.source())
                }),
                _ => false,
            },
            K::SemVer(ranges) => match k {
                ViewKind::SemVer(ver) => {
                    ranges.is_empty() || ranges.iter().any(|r| r.includes(ver))
                }
                _ => false,
            },
            K::SemVerRange => matches!(k, ViewKind::SemVerRange(_)),
            K::Timespan(lo, hi) => match k {
                ViewKind::Timespan(x) => {
                    lo.map_or(true, |lo| lo.span <= x) && hi.map_or(true, |hi| x <= hi.span)
                }
                _ => false,
            },
            K::Timestamp(lo, hi) => match k {
                ViewKind::Timestamp(x) => {
                    lo.map_or(true, |lo| lo <= x) && hi.map_or(true, |hi| x <= hi)
                }
                _ => false,
            },
            K::Binary => matches!(k, ViewKind::Binary(_)),
            K::Uri(params) => match k {
                ViewKind::Uri(u) => match params {
                    None => true,
                    Some(p) => super::uri::uri_matches(p, u),
                },
                _ => false,
            },
            K::Collection(size) => match k {
                ViewKind::Array(n) | ViewKind::Hash(n) => size_ok(size, n),
                _ => false,
            },
            K::Array { element, size } => match k {
                ViewKind::Array(n) => {
                    size_ok(size, n)
                        && (matches!(element.kind(), K::Any)
                            || v.each_element(|e| self.nested(element, e)))
                }
                _ => false,
            },
            K::Hash { key, value, size } => match k {
                ViewKind::Hash(n) => {
                    let any_k = matches!(key.kind(), K::Any);
                    let any_v = matches!(value.kind(), K::Any);
                    size_ok(size, n)
                        && (any_k && any_v
                            || v.each_entry(|ek, ev| {
                                (any_k || self.nested(key, ek)) && (any_v || self.nested(value, ev))
                            }))
                }
                _ => false,
            },
            K::Struct(elems) => match k {
                ViewKind::Hash(n) => match elems {
                    None => n == 0,
                    Some(es) => self.check_struct(es, n, v),
                },
                _ => false,
            },
            K::Tuple { types, size } => match k {
                ViewKind::Array(n) => {
                    let types: &[Type] = types.as_deref().unwrap_or(&[]);
                    let size_fits = match size {
                        Some(r) => r.contains(n as i64),
                        None => types.is_empty() || types.len() == n,
                    };
                    if !size_fits {
                        return false;
                    }
                    if types.is_empty() {
                        return true;
                    }
                    let last = &types[types.len() - 1];
                    let mut i = 0;
                    v.each_element(|e| {
                        let t = types.get(i).unwrap_or(last);
                        i += 1;
                        self.nested(t, e)
                    })
                }
                _ => false,
            },
            K::Callable(_) | K::Iterator(_) | K::TypeReference(_) | K::TypeSet(_) => false,
            K::Iterable(elem) => self.check_iterable(t, elem.as_ref(), v),
            K::CatalogEntry | K::Resource { .. } | K::Class(_) => false,
            K::Runtime { runtime, name } => match k {
                ViewKind::Runtime(class) => {
                    runtime_matches(runtime.as_deref(), name.as_ref(), class)
                        || match name {
                            // (only a type of the ruby runtime resolves its class,
                            // whose subclasses' objects it holds)
                            Some(RuntimeName::Name(n))
                                if !class.is_empty() && runtime.is_some() =>
                            {
                                runtime_matches(runtime.as_deref(), None, class)
                                    && v.runtime_ancestor_named(n)
                            }
                            _ => false,
                        }
                }
                _ => false,
            },
            K::Sensitive(inner) => match k {
                ViewKind::Sensitive => match inner {
                    None => true,
                    Some(i) => v.with_sensitive(|x| self.nested(i, x)),
                },
                _ => false,
            },
            K::Deferred => matches!(k, ViewKind::Deferred(_)),
            K::Object(name) => {
                matches!(k, ViewKind::Deferred(_) | ViewKind::Type(_))
                    && (&**name == "Object" || &**name == crate::types::text::display::OBJECT_TEXT)
            }
            K::Alias(a) => match a.resolved() {
                None => false,
                Some(target) => {
                    let key = (
                        std::sync::Arc::as_ptr(a) as *const u8 as usize,
                        v.identity(),
                    );
                    if self.guard.iter().rev().any(|g| *g == key) {
                        return false;
                    }
                    self.guard.push(key);
                    let r = self.deeper(target, v);
                    self.guard.pop();
                    r
                }
            },
        }
    }

    fn check_struct<V: ValueView + ?Sized>(
        &mut self,
        es: &[StructElement],
        n: usize,
        v: &V,
    ) -> bool {
        if n > es.len() {
            return false;
        }
        // Entries are looked for first after the last one found: hashes
        // mostly list their keys in the order the Struct declares them.
        let mut next = 0;
        if es.len() <= 64 {
            let mut seen: u64 = 0;
            let ok = v.each_entry(|ek, ev| {
                let id = ek.content_identity();
                let epoch = self.steps.call_outs();
                let memo = id.and_then(|id| self.keys.entry(es, id, next, epoch));
                let found = match memo {
                    Some(i) => i,
                    None => {
                        let ViewKind::String(key) = ek.kind() else {
                            return false;
                        };
                        let Some(i) = find_entry(es, key, next) else {
                            return false;
                        };
                        if let Some(id) = id {
                            self.keys.note(es, id, i, epoch);
                        }
                        i
                    }
                };
                seen |= 1u64 << found;
                next = found + 1;
                self.nested(&es[found].value_type, ev)
            });
            ok && es
                .iter()
                .enumerate()
                .all(|(i, e)| seen & (1u64 << i) != 0 || key_is_optional(e))
        } else {
            let mut seen = vec![false; es.len()];
            let ok = v.each_entry(|ek, ev| {
                let ViewKind::String(key) = ek.kind() else {
                    return false;
                };
                match find_entry(es, key, next) {
                    Some(i) => {
                        seen[i] = true;
                        next = i + 1;
                        self.nested(&es[i].value_type, ev)
                    }
                    None => false,
                }
            });
            ok && es.iter().zip(seen).all(|(e, s)| s || key_is_optional(e))
        }
    }

    fn check_iterable<V: ValueView + ?Sized>(
        &mut self,
        t: &Type,
        elem: Option<&Type>,
        v: &V,
    ) -> bool {
        let generic = elem.map_or(true, |e| is_assignable(e, super::any_type()));
        if generic {
            return match v.kind() {
                ViewKind::String(_) | ViewKind::Array(_) | ViewKind::Hash(_) => true,
                ViewKind::Integer(i) => i >= 0,
                ViewKind::BigInteger(neg) => !neg,
                ViewKind::Type(vt) => super::iterate::type_value_iterable(&vt),
                // (a Ruby Range, or an object of a subclass of Array or Hash)
                ViewKind::Runtime(class) => {
                    ITERABLE_RUBY_CLASSES.contains(&class)
                        || ITERABLE_RUBY_CLASSES
                            .iter()
                            .any(|c| v.runtime_ancestor_named(c))
                }
                _ => false,
            };
        }
        is_assignable(t, &super::infer::infer_view(v))
    }
}

/// The classes of Ruby objects (Runtime values) that the generic `Iterable`
/// holds, as in the reference: they iterate, but have no element type.
const ITERABLE_RUBY_CLASSES: [&str; 3] = ["Array", "Hash", "Range"];

/// The index of the Struct entry named `key`, tried at `hint` first.
#[inline]
fn find_entry(es: &[StructElement], key: &str, hint: usize) -> Option<usize> {
    match es.get(hint) {
        Some(e) if e.name() == key => Some(hint),
        _ => es.iter().position(|e| e.name() == key),
    }
}

/// `Runtime[runtime, name]` against an object of class `class` (inferred as `Runtime['ruby', class]`).
fn runtime_matches(runtime: Option<&str>, name: Option<&RuntimeName>, class: &str) -> bool {
    if let Some(rt) = runtime {
        if !rt.eq_ignore_ascii_case("ruby") {
            return false;
        }
    }
    match name {
        None => true,
        Some(RuntimeName::Name(n)) => &**n == class,
        Some(RuntimeName::Pattern(..)) => false,
    }
}
