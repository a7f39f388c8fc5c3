//! Type inference: `infer` (the precise type of a value, e.g. `Integer[5, 5]`,
//! `Array[Enum['a', 'b'], 2, 2]`), `infer_generic` (inferred, then
//! generalized) and the Puppet function `type(v, mode)`; `infer_set` (Tuple
//! and Struct for containers) is in [`super::infer_set`].

use super::common::common_type;
use super::generalize::generalize;
use super::infer_set::infer_set;
use super::value_view::{ValueView, ViewKind};
use super::{unit_type, MAX_DATA_DEPTH, STACK_CHECK_EVERY};
use crate::types::{IntRange, RuntimeName, SmolStr, Type, TypeKind};
use crate::values::{Regexp, Uri, Value, ValueMap};
use std::sync::Arc;

/// The inference methods of the Puppet function `type(value, method)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TypeOfMode {
    /// `'detailed'` (the default): [`infer_set`].
    #[default]
    Detailed,
    /// `'reduced'`: [`infer`].
    Reduced,
    /// `'generalized'`: [`infer_generic`].
    Generalized,
}

/// The Puppet function `type(v, mode)`.
pub fn type_of(v: &Value, mode: TypeOfMode) -> Type {
    match mode {
        TypeOfMode::Detailed => infer_set(v),
        TypeOfMode::Reduced => infer(v),
        TypeOfMode::Generalized => infer_generic(v),
    }
}

/// The precise type of `v`.
pub fn infer(v: &Value) -> Type {
    infer_view(v)
}

/// The precise type of a viewed value.
pub fn infer_view<V: ValueView + ?Sized>(v: &V) -> Type {
    Infer::new().at(v, 0)
}

/// The generalized inferred type (`type(v, 'generalized')`).
pub fn infer_generic(v: &Value) -> Type {
    generalize(&infer(v))
}

pub(super) fn exact_size(n: usize) -> Option<IntRange> {
    Some(IntRange::new(Some(n as i64), Some(n as i64)))
}

pub(super) fn empty_array() -> Type {
    Type::from_kind(TypeKind::Array {
        element: unit_type().clone(),
        size: exact_size(0),
    })
}

pub(super) fn empty_hash() -> Type {
    Type::from_kind(TypeKind::Hash {
        key: unit_type().clone(),
        value: unit_type().clone(),
        size: exact_size(0),
    })
}

/// The longest text [`string_type`] holds in the type node itself.
pub(super) const STRING_INLINE: usize = 23;

/// `String<s>`: short texts are held inline, long ones share the viewed
/// value's text when it has a shared one.
pub(super) fn string_type<V: ValueView + ?Sized>(v: &V, s: &str) -> Type {
    with_string_kind(v, s, Type::from_kind)
}

/// `make` of the kind of [`string_type`]. A text of at most
/// [`STRING_INLINE`] bytes is held inline, its bytes read into registers
/// (a constant count of them in each arm, each arm calling `make`) and
/// written into the kind from there: copied by length at run time
/// (`SmolStr::new_inline(s)` alone), they go through a call of `memcpy`
/// into a buffer that is then read back in wider loads, which wait for the
/// narrow stores before them to finish, for a big input of short distinct
/// texts (names, ids) most of the cost of its String types. (`SmolStr::new`
/// would also first look for a run of newlines and spaces, which it stores
/// specially; inline storage is as good for those.)
#[inline(always)]
pub(super) fn with_string_kind<V: ValueView + ?Sized, R>(
    v: &V,
    s: &str,
    make: impl FnOnce(TypeKind) -> R,
) -> R {
    let kind = |text| TypeKind::String {
        size: None,
        value: Some(text),
    };
    macro_rules! by_length {
        ($($n:literal)*) => {
            match s.len() {
                $($n => {
                    let packed = packed::<$n>(s.as_bytes());
                    // SAFETY: the first $n bytes of `packed` are the bytes
                    // of `s`, which has $n: its UTF-8 text.
                    let text = unsafe { std::str::from_utf8_unchecked(&packed[..$n]) };
                    make(kind(SmolStr::new_inline(text)))
                })*
                _ => make(kind(
                    v.shared_str()
                        .map_or_else(|| SmolStr::new(s), SmolStr::from),
                )),
            }
        };
    }
    // (the arms above go up to the inline room)
    const _: () = assert!(STRING_INLINE == 23);
    by_length!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23)
}

/// The `N` bytes of `b` (which has `N`) in three little-endian words, zeros
/// after them.
#[inline(always)]
fn packed<const N: usize>(b: &[u8]) -> [u8; 24] {
    let b = &b[..N];
    let mut out = [0u8; 24];
    for k in 0..3 {
        let (start, end) = ((8 * k).min(N), (8 * k + 8).min(N));
        out[8 * k..8 * k + 8].copy_from_slice(&short_word(&b[start..end]).to_le_bytes());
    }
    out
}

/// The (at most 8) bytes of `b` as a little-endian word, zeros above them,
/// read in at most two loads (overlapping when fewer than 8 but more than
/// 2), not byte by byte.
#[inline(always)]
pub(super) fn short_word(b: &[u8]) -> u64 {
    let n = b.len();
    let (lo, hi, at) = match n {
        8.. => {
            let w = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
            (w, 0, 0)
        }
        4..=7 => {
            let lo = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            let hi = u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]);
            (u64::from(lo), u64::from(hi), n - 4)
        }
        2..=3 => {
            let lo = u16::from_le_bytes([b[0], b[1]]);
            let hi = u16::from_le_bytes([b[n - 2], b[n - 1]]);
            (u64::from(lo), u64::from(hi), n - 2)
        }
        1 => (u64::from(b[0]), 0, 0),
        _ => (0, 0, 0),
    };
    // (the bytes both loads read land on the same places)
    lo | (hi << (8 * at))
}

/// URI parts as the `URI[{...}]` parameters of its inferred type.
pub(crate) fn uri_params(u: &Uri) -> Option<Arc<ValueMap>> {
    let mut m = ValueMap::new();
    let mut put = |k: &str, v: String| {
        m.insert(Value::string(k), Value::string(v));
    };
    let scheme = u.scheme.as_ref().map(|s| s.to_lowercase());
    if let Some(s) = &scheme {
        put("scheme", s.clone());
    }
    if let Some(x) = &u.userinfo {
        put("userinfo", x.clone());
    }
    if let Some(h) = u.host.as_ref().filter(|h| !h.is_empty()) {
        put("host", h.to_lowercase());
    }
    if let Some(p) = u.port {
        let default = (p == 80 && scheme.as_deref() == Some("http"))
            || (p == 443 && scheme.as_deref() == Some("https"));
        if !default {
            put("port", p.to_string());
        }
    }
    if let Some(p) = u.path.as_ref().filter(|p| !p.is_empty()) {
        put("path", p.clone());
    }
    if let Some(q) = &u.query {
        put("query", q.clone());
    }
    if let Some(f) = &u.fragment {
        put("fragment", f.clone());
    }
    if let Some(o) = &u.opaque {
        put("opaque", o.clone());
    }
    if m.is_empty() {
        None
    } else {
        Some(Arc::new(m))
    }
}

fn scalar_type(k: ViewKind<'_>) -> Option<Type> {
    use TypeKind as K;
    Some(Type::from_kind(match k {
        ViewKind::Undef => K::Undef,
        ViewKind::Default => K::Default,
        ViewKind::Boolean(b) => K::Boolean(Some(b)),
        ViewKind::Integer(i) => K::Integer(IntRange::new(Some(i), Some(i))),
        ViewKind::Float(f) => K::Float(Some(f), Some(f)),
        ViewKind::Regexp(r) => K::Regexp(Some(r.clone())),
        ViewKind::RegexpSource(s, options) => K::Regexp(Regexp::from_ruby(s, options).ok()),
        ViewKind::Type(t) => K::Type(Some((*t).clone())),
        ViewKind::SemVer(_) => K::SemVer(Vec::new()),
        ViewKind::SemVerRange(_) => K::SemVerRange,
        ViewKind::Timespan(t) => K::Timespan(Some(t.into()), Some(t.into())),
        ViewKind::Timestamp(t) => K::Timestamp(Some(t), Some(t)),
        ViewKind::Binary(_) => K::Binary,
        ViewKind::Uri(u) => K::Uri(uri_params(u)),
        ViewKind::Deferred(_) => K::Deferred,
        ViewKind::Runtime(class) => K::Runtime {
            runtime: Some(Arc::from("ruby")),
            name: (!class.is_empty()).then(|| RuntimeName::Name(Arc::from(class))),
        },
        ViewKind::BigInteger(_)
        | ViewKind::String(_)
        | ViewKind::Array(_)
        | ViewKind::Hash(_)
        | ViewKind::Sensitive => return None,
    }))
}

/// Stop the current call: `v` is an integer outside the 64-bit range, which
/// no Puppet type holds (its type would be a clamped range: a wrong answer).
#[cold]
pub(super) fn out_of_range<V: ValueView + ?Sized>(v: &V) -> Type {
    crate::stop::record(crate::stop::Stop::Failed(crate::Error::argument(format!(
        "integer {} is out of range: Puppet integers are signed 64-bit (-2**63 to 2**63-1)",
        v.big_integer_text().unwrap_or_default()
    ))));
    super::any_type().clone()
}

/// The common type of a run of types (an array's elements, a hash's keys or
/// values), as folding them with [`common_type`] gives it. Strings met while
/// the common type is an `Enum` are gathered and merged into it once:
/// folding them one at a time copies and sorts the Enum's values for each,
/// which is quadratic in the number of distinct strings.
#[derive(Default)]
pub(super) struct CommonOf {
    acc: Option<Type>,
    /// Texts to add to the Enum in `acc`.
    texts: Vec<SmolStr>,
}

impl CommonOf {
    /// Fold `t` in.
    pub(super) fn add(&mut self, t: Type) {
        if let Some(a) = &self.acc {
            if let (
                TypeKind::Enum {
                    case_insensitive: false,
                    ..
                },
                TypeKind::String {
                    size: None,
                    value: Some(v),
                },
            ) = (a.kind(), t.kind())
            {
                // `Enum ∪ String<v>` is the Enum of the sorted, deduplicated
                // values and v, whichever comes first.
                self.texts.push(v.clone());
                return;
            }
        }
        self.merge_texts();
        self.acc = Some(match self.acc.take() {
            None => t,
            Some(a) => common_type(&a, &t),
        });
    }

    /// The common type of all added (`None` for none).
    pub(super) fn finish(mut self) -> Option<Type> {
        self.merge_texts();
        self.acc
    }

    fn merge_texts(&mut self) {
        if self.texts.is_empty() {
            return;
        }
        if let Some(TypeKind::Enum { values, .. }) = self.acc.as_ref().map(|a| a.kind()) {
            let mut vs = values.clone();
            vs.append(&mut self.texts);
            self.acc = Some(super::common::enum_of(vs));
        }
        self.texts.clear();
    }
}

/// The state of one inference: its steps, to stop when the host asks.
pub(super) struct Infer {
    steps: crate::stop::Steps,
}

impl Infer {
    pub(super) fn new() -> Infer {
        Infer {
            steps: crate::stop::Steps::new(),
        }
    }

    /// The type of an element or entry one level down (a step of the walk,
    /// where the host may run its code), on more stack when needed.
    fn nested<V: ValueView + ?Sized>(&mut self, v: &V, depth: u32) -> Type {
        if self.steps.stop() {
            return super::any_type().clone();
        }
        if depth % STACK_CHECK_EVERY == 0 {
            crate::stack::deep(|| self.at(v, depth))
        } else {
            self.at(v, depth)
        }
    }

    /// The precise type of `v`, met `depth` levels down.
    pub(super) fn at<V: ValueView + ?Sized>(&mut self, v: &V, depth: u32) -> Type {
        let k = v.kind();
        if let Some(t) = scalar_type(k) {
            return t;
        }
        if depth >= MAX_DATA_DEPTH {
            super::too_deep("data", MAX_DATA_DEPTH);
            return super::any_type().clone();
        }
        match k {
            ViewKind::BigInteger(_) => out_of_range(v),
            ViewKind::String(s) => string_type(v, s),
            ViewKind::Array(0) => empty_array(),
            ViewKind::Array(_) => {
                let mut acc = CommonOf::default();
                let mut n = 0;
                v.each_element(|e| {
                    acc.add(self.nested(e, depth + 1));
                    n += 1;
                    true
                });
                Type::from_kind(TypeKind::Array {
                    element: acc.finish().unwrap_or_else(|| unit_type().clone()),
                    size: exact_size(n),
                })
            }
            ViewKind::Hash(0) => empty_hash(),
            ViewKind::Hash(_) => {
                let (mut ka, mut va) = (CommonOf::default(), CommonOf::default());
                let mut n = 0;
                v.each_entry(|ek, ev| {
                    ka.add(self.nested(ek, depth + 1));
                    va.add(self.nested(ev, depth + 1));
                    n += 1;
                    true
                });
                Type::from_kind(TypeKind::Hash {
                    key: ka.finish().unwrap_or_else(|| unit_type().clone()),
                    value: va.finish().unwrap_or_else(|| unit_type().clone()),
                    size: exact_size(n),
                })
            }
            ViewKind::Sensitive => {
                let mut inner = None;
                v.with_sensitive(|x| {
                    inner = Some(generalize(&self.nested(x, depth + 1)));
                    true
                });
                Type::from_kind(TypeKind::Sensitive(inner))
            }
            _ => super::any_type().clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{short_word, with_string_kind, STRING_INLINE};
    use crate::types::TypeKind;
    use crate::values::Value;

    #[test]
    fn a_short_run_of_bytes_is_read_as_a_little_endian_word() {
        let bytes = b"\x01\x82\x03\xf4\x05\x96\x07\xa8";
        for n in 0..=8 {
            let expected = bytes[..n]
                .iter()
                .rev()
                .fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
            assert_eq!(short_word(&bytes[..n]), expected, "{n} bytes");
        }
    }

    #[test]
    fn a_short_text_is_held_inline_with_all_its_bytes() {
        let texts = ["", "a", "svc1", "ünïcödé", "0123456789abcdefghijklm"];
        let built: Vec<String> = (0..=STRING_INLINE).map(|n| "x".repeat(n)).collect();
        for s in texts
            .iter()
            .copied()
            .chain(built.iter().map(String::as_str))
        {
            let TypeKind::String {
                size: None,
                value: Some(t),
            } = with_string_kind(&Value::string(s), s, |kind| kind)
            else {
                panic!("not a String<text> kind for {s:?}");
            };
            assert_eq!(t.as_str(), s);
            assert!(!t.is_heap_allocated(), "{s:?}");
        }
    }
}
