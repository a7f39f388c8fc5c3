//! `infer_set`: the inferred type with `Tuple` and `Struct` for containers
//! (`type(v, 'detailed')`), built for big data: the many values of a big
//! input share the types they have in common through the caches of [`SetCx`].

use super::generalize::variant_of;
use super::infer::{
    empty_array, empty_hash, exact_size, short_word, string_type, with_string_kind, Infer,
    STRING_INLINE,
};
use super::value_view::{ValueView, ViewKind};
use super::{MAX_DATA_DEPTH, STACK_CHECK_EVERY};
use crate::types::{IntRange, StructElement, StructElements, Type, TypeKind, TypeStock};
use crate::values::{SemVerRange, Value};

/// The inferred type with Tuple/Struct for containers (`type(v, 'detailed')`-like set inference).
pub fn infer_set(v: &Value) -> Type {
    infer_set_view(v)
}

/// [`infer_set`] over a viewed value.
pub fn infer_set_view<V: ValueView + ?Sized>(v: &V) -> Type {
    infer_set_view_sized(v).0
}

/// [`infer_set_view`], with an estimate of the heap bytes the result holds
/// (for telling a garbage collector how much a handle to it keeps alive).
pub fn infer_set_view_sized<V: ValueView + ?Sized>(v: &V) -> (Type, usize) {
    let mut cx = SetCx::for_input(v);
    let t = cx.infer(v, 0);
    (t, cx.bytes)
}

/// State of one `infer_set`: caches that let the many values of a big input
/// share the types they have in common (the key types of hashes with the same
/// keys, the types of repeated scalars and of equal small arrays), and a
/// scratch stack for array element types. The caches hand out their types
/// from [`TypeStock`]s: a type put into every `Struct` of a big input costs
/// a few atomic count updates, not one per use.
///
/// Every value walked stays alive and unchanged for the whole call, so a hash
/// key met again as the same object ([`ValueView::content_identity`]; Ruby's
/// frozen hash keys are one object for all hashes) has the same text; other
/// strings are compared by content.
struct SetCx {
    /// `String<key>` types of hash keys.
    keys: Vec<KeyEntry>,
    /// Direct-mapped caches of `String<v>` and `Integer[i, i]` types and of
    /// small tuples, for values met again (e.g. the same tags in many hashes).
    /// Entries carry the text's hash and the integer, so that a miss is
    /// found without reading the (likely cold) cached type.
    strings: Vec<Option<(u64, TypeStock)>>,
    /// The hash of the text last met in each string slot.
    seen_strings: Vec<u64>,
    /// Cached `String<v>` types by the identity of a string object met with
    /// that text (a frozen literal or deduplicated text shared by many
    /// values): such an object is answered without reading its text.
    string_objects: Vec<Option<(usize, TypeStock)>>,
    ints: Vec<Option<(i64, TypeStock)>>,
    tuples: Vec<Option<TypeStock>>,
    /// Element types of the arrays being inferred, innermost last.
    scratch: Vec<Type>,
    /// Estimated heap bytes of the types made so far (cached types counted once).
    bytes: usize,
    /// Steps of the walk, for stopping it when the host asks (see [`crate::stop`]).
    steps: crate::stop::Steps,
    /// [`crate::stop::Steps::call_outs`] when the identity caches were filled:
    /// identities stand for contents only while the host runs none of its code.
    epoch: u32,
    /// Inference of scalars and of what Sensitives hold.
    leaf: Infer,
    /// Slots of each scalar cache (a power of two).
    slots: usize,
}

/// A cached hash key type, with the identity of the key object it was last
/// met as (0 for none).
struct KeyEntry {
    id: usize,
    key_type: TypeStock,
}

/// Handles of a type counted when a cache makes it: a type worth caching
/// is met again, and so handed out at least twice.
const PREPAID: usize = 2;

/// Heap bytes of one type node (its count and its kind).
const NODE_BYTES: usize = Type::NODE_BYTES;

const KEY_CACHE: usize = 64;
/// Slots of the scalar and tuple caches: at least this many, more for big
/// inputs (see [`SetCx::for_input`]), at most [`MAX_SCALAR_CACHE`].
const SCALAR_CACHE: usize = 256;
const MAX_SCALAR_CACHE: usize = 8192;
const MAX_STRING_CACHE: usize = 1024;
/// Slots of the cache of string objects (a power of two).
const OBJECT_SLOTS: usize = 256;
/// Tuples up to this length are looked up in the tuple cache.
const CACHED_TUPLE_LEN: usize = 8;

/// A hash of a string's text for the string cache: FxHash-style over 8-byte
/// words of at most the first 32 bytes, mixed with the length.
fn text_hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let head = &bytes[..bytes.len().min(32)];
    let mut h = bytes.len() as u64;
    let mut words = head.chunks_exact(8);
    for w in &mut words {
        let w = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        h = (h.rotate_left(5) ^ short_word(rest)).wrapping_mul(K);
    }
    h ^ (h >> 32)
}

/// The key type of a Struct entry whose value is undef: the key is present,
/// so it stays required (only `Undef` accepts undef among inferred types).
#[cold]
fn required(key_type: Type) -> Type {
    Type::from_kind(TypeKind::NotUndef(Some(key_type)))
}

/// A string object of a small array found in the caches by its text, to
/// remember by identity once the array's tuple is found (out of line: rare).
#[cold]
#[inline(never)]
fn note_learned(
    learned: &mut smallvec::SmallVec<[(usize, usize); CACHED_TUPLE_LEN]>,
    l: (usize, usize),
) {
    learned.push(l);
}

/// `n` empty cache slots.
fn empty_slots<T>(n: usize) -> Vec<Option<T>> {
    std::iter::repeat_with(|| None).take(n).collect()
}

/// Heap bytes of the `String<s>` node [`string_type`] makes: texts up to
/// 23 bytes are held in the node, longer ones in a shared buffer of their own.
fn string_node_bytes(s: &str) -> usize {
    if s.len() <= STRING_INLINE {
        NODE_BYTES
    } else {
        NODE_BYTES + s.len() + 16
    }
}

/// The text of a `String<text>` type.
fn string_value_of(t: &Type) -> Option<&str> {
    match t.kind() {
        TypeKind::String { value: Some(v), .. } => Some(v),
        _ => None,
    }
}

impl SetCx {
    /// A context for inferring `v`: caches sized for the number of entries at
    /// its top (a big array of hashes repeats many of its scalars).
    fn for_input<V: ValueView + ?Sized>(v: &V) -> SetCx {
        let n = match v.kind() {
            ViewKind::Array(n) | ViewKind::Hash(n) => n,
            _ => 0,
        };
        SetCx {
            keys: Vec::new(),
            strings: Vec::new(),
            seen_strings: Vec::new(),
            string_objects: Vec::new(),
            ints: Vec::new(),
            tuples: Vec::new(),
            scratch: Vec::new(),
            bytes: 0,
            steps: crate::stop::Steps::new(),
            epoch: 0,
            leaf: Infer::new(),
            slots: n.next_power_of_two().clamp(SCALAR_CACHE, MAX_SCALAR_CACHE),
        }
    }

    /// The key type of a hash key met before as this very object (most hashes
    /// of big data share their key strings), without classifying the key.
    fn known_key<V: ValueView + ?Sized>(&mut self, k: &V) -> Option<Type> {
        let id = k.content_identity()?;
        let e = self.keys.iter_mut().rev().find(|e| e.id == id)?;
        Some(e.key_type.take())
    }

    /// `String<s>` for the hash key `k` with text `s`.
    fn key_type<V: ValueView + ?Sized>(&mut self, k: &V, s: &str) -> Type {
        let id = k.content_identity().unwrap_or(0);
        let same_text = |e: &KeyEntry| string_value_of(e.key_type.get()) == Some(s);
        if let Some(e) = self.keys.iter_mut().rev().find(|e| same_text(e)) {
            e.id = id;
            return e.key_type.take();
        }
        self.bytes += string_node_bytes(s);
        if self.keys.len() >= KEY_CACHE {
            return string_type(k, s);
        }
        let mut key_type = with_string_kind(k, s, |kind| TypeStock::with_kind(kind, PREPAID));
        let t = key_type.take();
        self.keys.push(KeyEntry { id, key_type });
        t
    }

    fn string_value<V: ValueView + ?Sized>(&mut self, v: &V, s: &str) -> Type {
        if self.strings.is_empty() {
            self.strings = empty_slots(self.string_slots());
            self.seen_strings = vec![0; self.string_slots()];
            self.string_objects = empty_slots(OBJECT_SLOTS);
        }
        let (h, i) = self.string_slot(s);
        if self.string_at(s, h, i).is_some() {
            self.remember_string_object(v, i);
            return self.take_string(i);
        }
        self.bytes += string_node_bytes(s);
        // Cache a text seen before only: most texts of big data (names,
        // descriptions) occur once, and caching them would only evict.
        if self.seen_strings[i] != h {
            self.seen_strings[i] = h;
            return string_type(v, s);
        }
        self.strings[i] = Some((
            h,
            with_string_kind(v, s, |kind| TypeStock::with_kind(kind, PREPAID)),
        ));
        self.remember_string_object(v, i);
        self.take_string(i)
    }

    /// A handle of the type in slot `i` of the string cache (which holds one).
    fn take_string(&mut self, i: usize) -> Type {
        match &mut self.strings[i] {
            Some((_, t)) => t.take(),
            None => unreachable!("the string cache slot was just found full"),
        }
    }

    /// `Tuple[types]` of the element types pushed on the scratch stack from
    /// `start` on (which it pops), shared with an earlier identical small
    /// tuple when the element types are the very same (cached) types.
    fn tuple(&mut self, start: usize) -> Type {
        let len = self.scratch.len() - start;
        if len > CACHED_TUPLE_LEN {
            return self.new_tuple(start);
        }
        if self.tuples.is_empty() {
            self.tuples = empty_slots(self.string_slots());
        }
        let mut elements = [std::ptr::null::<TypeKind>(); CACHED_TUPLE_LEN];
        for (p, t) in elements.iter_mut().zip(&self.scratch[start..]) {
            *p = t.kind();
        }
        let (i, cached) = self.cached_tuple_of(&elements[..len]);
        if cached {
            self.scratch.truncate(start);
            return self.take_tuple(i);
        }
        let kind = self.tuple_kind(start);
        self.tuples[i] = Some(TypeStock::with_kind(kind, PREPAID));
        self.take_tuple(i)
    }

    /// A handle of the tuple in slot `i` of the tuple cache (which holds one).
    fn take_tuple(&mut self, i: usize) -> Type {
        match &mut self.tuples[i] {
            Some(t) => t.take(),
            None => unreachable!("the tuple cache slot was just found full"),
        }
    }

    /// The tuple cache slot for the element types at these addresses, and
    /// whether the tuple cached there has those very types as elements.
    fn cached_tuple_of(&self, elements: &[*const TypeKind]) -> (usize, bool) {
        let mut h: usize = elements.len();
        for p in elements {
            h = h.rotate_left(7) ^ (*p as usize >> 4);
        }
        let i = h & (self.string_slots() - 1);
        let same = |c: &TypeStock| match c.get().kind() {
            TypeKind::Tuple {
                types: Some(ct),
                size: None,
            } => {
                ct.len() == elements.len()
                    && ct
                        .iter()
                        .zip(elements)
                        .all(|(a, b)| std::ptr::eq(a.kind(), *b))
            }
            _ => false,
        };
        (i, self.tuples[i].as_ref().is_some_and(same))
    }

    /// The cached tuple for the small array `v` when every element is a
    /// string or integer whose type is in the caches and the tuple of those
    /// very types is cached too, found without taking a reference to each
    /// element type (only addresses of types the caches keep alive are
    /// compared, and no cache changes meanwhile). String objects found by
    /// their text are then remembered by identity where their slot is free
    /// (after the host ran its code, see [`SetCx::forget_identities`]).
    fn cached_tuple<V: ValueView + ?Sized>(&mut self, v: &V, n: usize) -> Option<Type> {
        if n > CACHED_TUPLE_LEN || self.tuples.is_empty() {
            return None;
        }
        let mut found = [std::ptr::null::<TypeKind>(); CACHED_TUPLE_LEN];
        // (rarely filled: a SmallVec starts without writing its room)
        let mut learned = smallvec::SmallVec::<[(usize, usize); CACHED_TUPLE_LEN]>::new();
        let mut len = 0;
        let this = &*self;
        let complete = v.each_element(|e| {
            let Some((p, by_text)) = this.cached_scalar(e) else {
                return false;
            };
            // (the array may have grown since its size was read)
            let Some(slot) = found.get_mut(len) else {
                return false;
            };
            *slot = p;
            if let Some(l) = by_text {
                note_learned(&mut learned, l);
            }
            len += 1;
            true
        });
        if !complete || len != n {
            return None;
        }
        let (i, hit) = self.cached_tuple_of(&found[..len]);
        if !hit {
            return None;
        }
        for &(id, slot) in &learned {
            self.learn_string_object(id, slot);
        }
        Some(self.take_tuple(i))
    }

    /// The address of the cached type of the string or integer `v`, if
    /// cached; for a string object found by its text whose identity slot is
    /// free, also its identity and its slot in the string cache.
    ///
    /// A string object met before as itself (the same tags in many arrays)
    /// is answered inline, the rest out of line: the walk of a small array
    /// of such strings then makes no call per element.
    #[inline(always)]
    fn cached_scalar<V: ValueView + ?Sized>(
        &self,
        v: &V,
    ) -> Option<(*const TypeKind, Option<(usize, usize)>)> {
        if let Some(j) = self.known_string_object(v) {
            let t = self.string_objects[j].as_ref().map(|(_, t)| t.get())?;
            return Some((t.kind(), None));
        }
        self.cached_scalar_by_content(v)
    }

    /// [`SetCx::cached_scalar`] of a value not met before as itself.
    #[inline(never)]
    fn cached_scalar_by_content<V: ValueView + ?Sized>(
        &self,
        v: &V,
    ) -> Option<(*const TypeKind, Option<(usize, usize)>)> {
        match v.kind() {
            ViewKind::String(s) => {
                let (h, i) = self.string_slot(s);
                let t = self.string_at(s, h, i)?;
                let learn = v
                    .content_identity()
                    .filter(|&id| {
                        matches!(self.string_objects.get(Self::object_slot(id)), Some(None))
                    })
                    .map(|id| (id, i));
                Some((t.kind(), learn))
            }
            ViewKind::Integer(n) => self
                .cached_int(n)
                .map(|t| (t.kind() as *const TypeKind, None)),
            _ => None,
        }
    }

    /// Remember that the string object `v` has the type in slot `i` of the
    /// string cache.
    fn remember_string_object<V: ValueView + ?Sized>(&mut self, v: &V, i: usize) {
        if let Some(id) = v.content_identity() {
            self.learn_string_object(id, i);
        }
    }

    /// Remember that the string object with identity `id` has the type in
    /// slot `i` of the string cache.
    fn learn_string_object(&mut self, id: usize, i: usize) {
        let t = TypeStock::new(self.take_string(i));
        self.string_objects[Self::object_slot(id)] = Some((id, t));
    }

    /// The slot of the string object with identity `id` in `string_objects`.
    #[inline]
    fn object_slot(id: usize) -> usize {
        ((id >> 3) ^ (id >> 11)) & (OBJECT_SLOTS - 1)
    }

    /// The slot of `string_objects` holding the type of `v` when it is a
    /// string object met before as itself (its type then is the cached
    /// `String<text>`).
    #[inline]
    fn known_string_object<V: ValueView + ?Sized>(&self, v: &V) -> Option<usize> {
        let id = v.content_identity()?;
        let j = Self::object_slot(id);
        match self.string_objects.get(j)? {
            Some((cid, _)) if *cid == id => Some(j),
            _ => None,
        }
    }

    /// The hash of `s` and its slot in the string cache.
    fn string_slot(&self, s: &str) -> (u64, usize) {
        let h = text_hash(s.as_bytes());
        (h, (h as usize) & (self.string_slots() - 1))
    }

    /// `String<s>` when slot `i` of the string cache holds it (`h` is the hash of `s`).
    fn string_at(&self, s: &str, h: u64, i: usize) -> Option<&Type> {
        let (ch, t) = self.strings.get(i)?.as_ref()?;
        (*ch == h && string_value_of(t.get()) == Some(s)).then_some(t.get())
    }

    /// The slot of `n` in the integer cache.
    fn int_slot(&self, n: i64) -> usize {
        (n as usize) & (self.slots - 1)
    }

    /// The cached `Integer[n, n]`, if any.
    fn cached_int(&self, n: i64) -> Option<&Type> {
        let (cn, t) = self.ints.get(self.int_slot(n))?.as_ref()?;
        (*cn == n).then_some(t.get())
    }

    fn new_tuple(&mut self, start: usize) -> Type {
        Type::from_kind(self.tuple_kind(start))
    }

    /// `Tuple[types]` of the element types pushed on the scratch stack from
    /// `start` on (which it pops).
    fn tuple_kind(&mut self, start: usize) -> TypeKind {
        let types: Vec<Type> = self.scratch.drain(start..).collect();
        self.bytes += NODE_BYTES + types.len() * std::mem::size_of::<Type>();
        TypeKind::Tuple {
            types: Some(types),
            size: None,
        }
    }

    /// Slots of the string and tuple caches: fewer than for integers, as
    /// repeated texts (tags, modes, states) are few, and most texts of big
    /// data are looked up once; a small table stays in the nearer caches.
    #[inline]
    fn string_slots(&self) -> usize {
        self.slots.min(MAX_STRING_CACHE)
    }

    fn integer_value(&mut self, n: i64) -> Type {
        if self.ints.is_empty() {
            self.ints = empty_slots(self.slots);
        }
        let i = self.int_slot(n);
        if let Some((cn, t)) = &mut self.ints[i] {
            if *cn == n {
                return t.take();
            }
        }
        self.bytes += NODE_BYTES;
        let mut stock = TypeStock::build(
            || TypeKind::Integer(IntRange::new(Some(n), Some(n))),
            PREPAID,
        );
        let t = stock.take();
        self.ints[i] = Some((n, stock));
        t
    }
}

/// The caches go with plain count updates: one atomic subtract per cached
/// type (thousands for big data: every distinct integer) would show in
/// `infer_set` of big data.
impl Drop for SetCx {
    fn drop(&mut self) {
        let keys = std::mem::take(&mut self.keys)
            .into_iter()
            .map(|e| e.key_type);
        let strings = std::mem::take(&mut self.strings).into_iter().flatten();
        let objects = std::mem::take(&mut self.string_objects)
            .into_iter()
            .flatten();
        let ints = std::mem::take(&mut self.ints).into_iter().flatten();
        let tuples = std::mem::take(&mut self.tuples).into_iter().flatten();
        let stocks = keys
            .chain(strings.map(|(_, t)| t))
            .chain(objects.map(|(_, t)| t))
            .chain(ints.map(|(_, t)| t))
            .chain(tuples);
        for stock in stocks {
            // SAFETY: every cached type was made by this context, on this
            // thread (`TypeStock::with_kind`/`build`, or a handle of a type
            // of another cache), and its handles are in the caches and in
            // the type being inferred, which has not left this thread yet.
            unsafe { stock.release_local() };
        }
    }
}

impl SetCx {
    /// The type of an element or entry one level down (a step of the walk,
    /// where the host may run its code), on more stack when needed.
    #[inline(always)]
    fn nested<V: ValueView + ?Sized>(&mut self, v: &V, depth: u32) -> Type {
        if self.steps.stop() {
            return super::any_type().clone();
        }
        if self.steps.call_outs() != self.epoch {
            self.forget_identities();
        }
        if depth % STACK_CHECK_EVERY == 0 {
            self.nested_deep(v, depth)
        } else {
            self.infer(v, depth)
        }
    }

    /// [`SetCx::infer`] on more stack when needed (out of line, as the rare
    /// paths of the walk of a container are: a closure that walks a hash or
    /// an array is then small enough to be inlined into the walk).
    #[inline(never)]
    fn nested_deep<V: ValueView + ?Sized>(&mut self, v: &V, depth: u32) -> Type {
        crate::stack::deep(|| self.infer(v, depth))
    }

    /// Drop what the caches know by object identity (the host ran its code).
    #[cold]
    fn forget_identities(&mut self) {
        self.epoch = self.steps.call_outs();
        for e in &mut self.keys {
            e.id = 0;
        }
        for slot in &mut self.string_objects {
            *slot = None;
        }
    }

    fn infer<V: ValueView + ?Sized>(&mut self, v: &V, depth: u32) -> Type {
        if depth >= MAX_DATA_DEPTH {
            super::too_deep("data", MAX_DATA_DEPTH);
            return super::any_type().clone();
        }
        match v.kind() {
            ViewKind::Array(0) | ViewKind::Hash(0) | ViewKind::SemVer(_) => {
                self.bytes += NODE_BYTES;
                self.infer_leaf(v)
            }
            ViewKind::Array(n) => {
                if let Some(t) = self.cached_tuple(v, n) {
                    return t;
                }
                let start = self.scratch.len();
                v.each_element(|e| {
                    let t = self.nested(e, depth + 1);
                    self.scratch.push(t);
                    true
                });
                self.tuple(start)
            }
            ViewKind::Hash(n) => {
                self.bytes += NODE_BYTES;
                // One pass building a Struct, in place in its node; a key that
                // is not a non-empty string switches to a Hash of the key and
                // value types.
                let (t, all_str) = Type::build_then(
                    || TypeKind::Struct(Some(StructElements::new())),
                    |kind| match kind {
                        TypeKind::Struct(Some(es)) => {
                            if n > es.inline_size() {
                                self.bytes += n * std::mem::size_of::<StructElement>();
                                es.reserve_exact(n);
                            }
                            v.each_entry(|k, val| self.struct_entry(es, k, val, depth))
                        }
                        _ => false,
                    },
                );
                if all_str {
                    return t;
                }
                let (mut ks, mut vs) = (Vec::with_capacity(n), Vec::with_capacity(n));
                v.each_entry(|k, val| {
                    ks.push(self.nested(k, depth + 1));
                    vs.push(self.nested(val, depth + 1));
                    true
                });
                Type::from_kind(TypeKind::Hash {
                    key: variant_of(ks),
                    value: variant_of(vs),
                    size: exact_size(n),
                })
            }
            ViewKind::String(st) => match self.known_string_object(v) {
                Some(j) => match &mut self.string_objects[j] {
                    Some((_, t)) => t.take(),
                    None => unreachable!("the string object slot was just found full"),
                },
                None => self.string_value(v, st),
            },
            ViewKind::Integer(n) => self.integer_value(n),
            _ => {
                self.bytes += NODE_BYTES;
                self.leaf.at(v, depth)
            }
        }
    }

    /// Add the entry `k => val` of a hash to the elements of its `Struct`;
    /// false when `k` is not a non-empty string (the hash's type is a `Hash`).
    #[inline(always)]
    fn struct_entry<V: ValueView + ?Sized>(
        &mut self,
        es: &mut StructElements,
        k: &V,
        val: &V,
        depth: u32,
    ) -> bool {
        let key_type = match self.known_key(k) {
            Some(t) => t,
            None => match self.new_key(k) {
                Some(t) => t,
                None => return false,
            },
        };
        let value_type = self.nested(val, depth + 1);
        let key_type = if matches!(value_type.kind(), TypeKind::Undef) {
            required(key_type)
        } else {
            key_type
        };
        es.push(StructElement::new(key_type, value_type));
        true
    }

    /// The key type of a hash key not met before as this very object, or
    /// `None` when it is not a non-empty string.
    #[inline(never)]
    fn new_key<V: ValueView + ?Sized>(&mut self, k: &V) -> Option<Type> {
        match k.kind() {
            ViewKind::String(s) if !s.is_empty() => Some(self.key_type(k, s)),
            _ => None,
        }
    }

    /// The types of empty containers and of versions.
    fn infer_leaf<V: ValueView + ?Sized>(&mut self, v: &V) -> Type {
        match v.kind() {
            ViewKind::Array(_) => empty_array(),
            ViewKind::Hash(_) => empty_hash(),
            ViewKind::SemVer(ver) => {
                Type::from_kind(TypeKind::SemVer(vec![SemVerRange::from_versions(
                    Some(ver.clone()),
                    Some(ver.clone()),
                    false,
                )]))
            }
            _ => self.leaf.at(v, 0),
        }
    }
}
