//! [`RubyView`]: the calculator's [`ValueView`] over Ruby objects, so that
//! `instance?`, `infer` and friends walk Ruby data in place instead of first
//! deep-copying it into [`crate::Value`]s.
//!
//! A view is a Ruby object, classified on demand with one type-tag read, or,
//! inside a `PuppetTypes::Sensitive`, a Rust value. While a view is walked no
//! Ruby code runs and no Ruby object is allocated, so the borrowed string
//! slices and array contents stay valid and the GC cannot move them.

use super::encoding;
use super::rich::{
    RbBinary, RbDeferred, RbSemVer, RbSemVerRange, RbSensitive, RbTimespan, RbTimestamp, RbUri,
};
use super::type_object::RbType;
use crate::types::calc::value_view::{ValueView, ViewKind};
use crate::values::Value;
use magnus::{prelude::*, rb_sys::AsRawValue, rb_sys::FromRawValue, Float, RBignum, Ruby, Symbol};
use rb_sys::ruby_value_type as T;
use rb_sys::VALUE;
use std::os::raw::c_int;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A value seen through Ruby: a Ruby object (classified when asked, with a
/// type-tag read: cheaper than storing the kind and reading it back), or a
/// Rust value (inside a Sensitive).
pub enum RubyView {
    /// A Ruby object, alive for the calculator call the view exists for.
    Ruby(magnus::Value),
    /// A Rust value.
    Rust(Value),
}

impl RubyView {
    /// A view of a Ruby object.
    #[inline]
    pub fn new(obj: magnus::Value) -> RubyView {
        RubyView::Ruby(obj)
    }
}

/// Ruby's encoding indexes for UTF-8 and US-ASCII (fixed for the process).
fn utf8_indexes() -> (c_int, c_int) {
    use std::sync::OnceLock;
    static IDX: OnceLock<(c_int, c_int)> = OnceLock::new();
    // SAFETY: plain reads of Ruby's encoding table, called on a Ruby thread.
    *IDX.get_or_init(|| unsafe { (rb_sys::rb_utf8_encindex(), rb_sys::rb_usascii_encindex()) })
}

/// The UTF-8 content of a Ruby String, if it can be read in place. Uses Ruby's cached coderange.
#[inline(always)]
fn str_of<'a>(raw: VALUE) -> Option<&'a str> {
    const CR_7BIT: VALUE = rb_sys::ruby_coderange_type::RUBY_ENC_CODERANGE_7BIT as VALUE;
    const CR_VALID: VALUE = rb_sys::ruby_coderange_type::RUBY_ENC_CODERANGE_VALID as VALUE;
    const CR_MASK: VALUE = CR_7BIT | CR_VALID;
    const ENC_SHIFT: u32 = rb_sys::ruby_encoding_consts::RUBY_ENCODING_SHIFT as u32;
    const ENC_MAX: VALUE = rb_sys::ruby_encoding_consts::RUBY_ENCODING_INLINE_MAX as VALUE;
    // SAFETY: `raw` is a live T_STRING. The views only exist during a calculator
    // call, while no Ruby code runs, so the string is neither mutated nor moved
    // while the slice is in use. The flag reads are what Ruby's inline macros do.
    unsafe {
        let ptr = rb_sys::RSTRING_PTR(raw) as *const u8;
        let len = rb_sys::RSTRING_LEN(raw) as usize;
        let bytes: &'a [u8] = if len == 0 {
            &[]
        } else {
            std::slice::from_raw_parts(ptr, len)
        };
        let (utf8, usascii) = utf8_indexes();
        let flags = (*(raw as *const rb_sys::RBasic)).flags;
        let enc = match (flags >> ENC_SHIFT) & ENC_MAX {
            ENC_MAX => rb_sys::rb_enc_get_index(raw),
            inline => inline as c_int,
        };
        let cr = match flags & CR_MASK {
            0 => rb_sys::rb_enc_str_coderange(raw) as VALUE,
            known => known,
        };
        let valid = cr == CR_7BIT || cr == CR_VALID;
        if (enc == utf8 || enc == usascii) && valid {
            Some(std::str::from_utf8_unchecked(bytes))
        } else {
            str_of_other(enc, cr == CR_7BIT, bytes)
        }
    }
}

/// The text of a String that is not valid UTF-8 or US-ASCII text: binary
/// (and broken UTF-8/US-ASCII) bytes when they are valid UTF-8, ASCII in
/// another ASCII-compatible encoding as it is, and nothing for text that
/// would need transcoding: that is noted ([`encoding::note_foreign`]) so the
/// caller can walk a transcoded copy (see [`with_view`]).
#[cold]
#[inline(never)]
fn str_of_other(enc: c_int, seven_bit: bool, bytes: &[u8]) -> Option<&str> {
    let (utf8, usascii) = utf8_indexes();
    // SAFETY: a plain read of Ruby's encoding table, on a Ruby thread.
    let binary = unsafe { rb_sys::rb_ascii8bit_encindex() };
    if enc == utf8 || enc == usascii || enc == binary {
        return std::str::from_utf8(bytes).ok();
    }
    if seven_bit {
        // Only ASCII-compatible encodings have 7-bit strings: the bytes are ASCII.
        // SAFETY: ASCII is valid UTF-8.
        return Some(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    encoding::note_foreign();
    None
}

/// `f` applied to a view of `obj`; when the walk met text it could not read
/// without transcoding, `f` applied again to a copy of `obj` with that text
/// transcoded to UTF-8 ([`encoding::transcoded_copy`]). The check is one
/// relaxed load of a global count before and after the walk.
#[inline(always)]
pub fn with_view<T>(ruby: &Ruby, obj: magnus::Value, f: impl Fn(&RubyView) -> T) -> T {
    let before = encoding::foreign_seen();
    let answer = f(&RubyView::new(obj));
    if encoding::foreign_seen() == before {
        return answer;
    }
    match encoding::transcoded_copy(ruby, obj) {
        Some(copy) => f(&RubyView::new(copy)),
        None => answer,
    }
}

/// Classify a Ruby object. The common kinds (Integer, String, nil, booleans,
/// Array, Hash) are read inline, so the caller gets the kind in registers; the
/// rest go through [`classify_other`].
#[inline(always)]
fn classify<'a>(obj: magnus::Value) -> ViewKind<'a> {
    let raw = obj.as_raw();
    // SAFETY: `raw` is a live Ruby object (the view borrows it from a Ruby argument).
    match unsafe { rb_sys::RB_TYPE(raw) } {
        T::RUBY_T_FIXNUM => ViewKind::Integer((raw as i64) >> 1),
        T::RUBY_T_STRING => match str_of(raw) {
            Some(text) => ViewKind::String(text),
            None => ViewKind::Runtime("String"),
        },
        T::RUBY_T_NIL => ViewKind::Undef,
        T::RUBY_T_TRUE => ViewKind::Boolean(true),
        T::RUBY_T_FALSE => ViewKind::Boolean(false),
        // SAFETY: the type tags were just checked.
        T::RUBY_T_ARRAY => ViewKind::Array(unsafe { rb_sys::RARRAY_LEN(raw) } as usize),
        T::RUBY_T_HASH => ViewKind::Hash(unsafe { rb_sys::RHASH_SIZE(raw) } as usize),
        _ => classify_other(obj),
    }
}

/// The less common kinds, out of line to keep [`classify`] small.
#[inline(never)]
fn classify_other<'a>(obj: magnus::Value) -> ViewKind<'a> {
    let raw = obj.as_raw();
    // SAFETY: `raw` is a live Ruby object (the view borrows it from a Ruby argument).
    match unsafe { rb_sys::RB_TYPE(raw) } {
        T::RUBY_T_FLOAT => match Float::from_value(obj) {
            Some(f) => ViewKind::Float(f.to_f64()),
            None => ViewKind::Runtime("Float"),
        },
        T::RUBY_T_SYMBOL => match Symbol::from_value(obj).map(|s| s.name()) {
            Some(Ok(name)) if name == "default" => ViewKind::Default,
            Some(Ok(name)) if name == "undef" => ViewKind::Undef,
            _ => ViewKind::Runtime("Symbol"),
        },
        T::RUBY_T_BIGNUM => match RBignum::from_value(obj) {
            // Bignums start at 2**62; those up to 2**63-1 are still 64-bit integers.
            Some(i) => match i.to_i64() {
                Ok(n) => ViewKind::Integer(n),
                Err(_) => ViewKind::BigInteger(i.is_negative()),
            },
            None => ViewKind::Runtime("Integer"),
        },
        T::RUBY_T_REGEXP => {
            // SAFETY: a T_REGEXP is an RRegexp; its source string lives as long as it.
            let src = unsafe { (*(raw as *const rb_sys::RRegexp)).src };
            // SAFETY: `src` is checked to be a String before it is read as one.
            match (src != 0 && unsafe { rb_sys::RB_TYPE(src) } == T::RUBY_T_STRING)
                .then(|| str_of(src))
                .flatten()
            {
                Some(text) => ViewKind::RegexpSource(text),
                None => ViewKind::Runtime("Regexp"),
            }
        }
        T::RUBY_T_DATA => classify_data(obj),
        _ => runtime(obj),
    }
}

/// The Rust value wrapped in `obj` when it is a `D` (exactly `D`'s data type),
/// borrowed for as long as the object lives. One type-tag read and a pointer
/// compare: magnus's `TryConvert` runs `rb_check_typeddata` under `rb_protect`
/// (a setjmp per call) and, on a mismatch, raises and rescues an exception.
#[inline]
pub(crate) fn wrapped<'a, D: magnus::TypedData>(obj: magnus::Value) -> Option<&'a D> {
    let want = D::data_type() as *const magnus::DataType as *const rb_sys::rb_data_type_t;
    let data = typed_data(obj, |t| t == want)?;
    // SAFETY: `DataType` is a transparent wrapper of `rb_data_type_t`, and
    // magnus stores a `*mut D` as the data of objects of D's data type, valid
    // while the object lives.
    unsafe { (data as *const D).as_ref() }
}

/// The data pointer of `obj` when it is a typed-data object whose data type
/// `accepts` (one type-tag read and a pointer compare).
#[inline(always)]
pub(crate) fn typed_data(
    obj: magnus::Value,
    accepts: impl Fn(*const rb_sys::rb_data_type_t) -> bool,
) -> Option<*mut std::ffi::c_void> {
    let raw = obj.as_raw();
    // SAFETY: `raw` is a live object; the typed-data reads happen only after the
    // tag says T_DATA and the flag says typed.
    unsafe {
        if rb_sys::RB_TYPE(raw) != T::RUBY_T_DATA
            || !rb_sys::RTYPEDDATA_P(raw)
            || !accepts(rb_sys::RTYPEDDATA_TYPE(raw))
        {
            return None;
        }
        Some(rb_sys::RTYPEDDATA_GET_DATA(raw))
    }
}

/// The gem's wrapped classes; their references live as long as the Ruby object.
fn classify_data<'a>(obj: magnus::Value) -> ViewKind<'a> {
    // SAFETY (all transmutes below): the wrapped data lives as long as the Ruby
    // object, which outlives the calculator call that uses the view.
    unsafe {
        if let Some(t) = RbType::from_value(obj) {
            return ViewKind::Type(t.borrowed());
        }
        if let Some(v) = wrapped::<RbSemVer>(obj) {
            return ViewKind::SemVer(std::mem::transmute::<&_, &'a _>(&*v.0));
        }
        if let Some(v) = wrapped::<RbSemVerRange>(obj) {
            return ViewKind::SemVerRange(std::mem::transmute::<&_, &'a _>(&*v.0));
        }
        if let Some(v) = wrapped::<RbTimespan>(obj) {
            return ViewKind::Timespan(v.0);
        }
        if let Some(v) = wrapped::<RbTimestamp>(obj) {
            return ViewKind::Timestamp(v.0);
        }
        if let Some(v) = wrapped::<RbBinary>(obj) {
            return ViewKind::Binary(std::mem::transmute::<&_, &'a _>(&v.0));
        }
        if let Some(v) = wrapped::<RbUri>(obj) {
            return ViewKind::Uri(std::mem::transmute::<&_, &'a _>(&*v.0));
        }
        if wrapped::<RbSensitive>(obj).is_some() {
            return ViewKind::Sensitive;
        }
        if let Some(v) = wrapped::<RbDeferred>(obj) {
            return ViewKind::Deferred(std::mem::transmute::<&_, &'a _>(&*v.0));
        }
    }
    runtime(obj)
}

fn runtime<'a>(obj: magnus::Value) -> ViewKind<'a> {
    // SAFETY: rb_obj_classname points into the class's name, which lives as long
    // as the class, and so at least as long as the object being viewed.
    match unsafe { obj.classname() } {
        std::borrow::Cow::Borrowed(name) => {
            ViewKind::Runtime(unsafe { std::mem::transmute::<&str, &'a str>(name) })
        }
        std::borrow::Cow::Owned(_) => ViewKind::Runtime("Object"),
    }
}

/// The elements of `raw` when it is an Array, read in place (magnus's
/// `RArray::as_slice` is not inlined into the walks).
#[inline(always)]
fn array_items<'a>(raw: VALUE) -> Option<&'a [magnus::Value]> {
    // SAFETY: `raw` is a live object (a view borrows it from a Ruby argument);
    // its storage is read only once the tag says it is an Array. No Ruby code
    // runs while a view is walked, so the array is neither changed nor moved
    // while the slice is used. `magnus::Value` is a transparent `VALUE`.
    unsafe {
        if rb_sys::RB_TYPE(raw) != T::RUBY_T_ARRAY {
            return None;
        }
        let len = rb_sys::RARRAY_LEN(raw) as usize;
        if len == 0 {
            return Some(&[]);
        }
        let ptr = rb_sys::RARRAY_CONST_PTR(raw) as *const magnus::Value;
        Some(std::slice::from_raw_parts(ptr, len))
    }
}

/// One entry of Ruby 3.1's small-hash ("ar") table; a deleted entry has the key `Qundef`.
#[repr(C)]
struct ArPair {
    key: VALUE,
    value: VALUE,
}

/// The head of Ruby 3.1's `struct RHash` (internal/hash.h): the object header,
/// then the table pointer (an `ar_table*` of up to 8 pairs, or an `st_table*`).
#[repr(C)]
struct RHashHead {
    basic: rb_sys::RBasic,
    table: *const ArPair,
}

const UNDEF: VALUE = rb_sys::ruby_special_consts::RUBY_Qundef as VALUE;

/// The entry slots of a hash stored as Ruby 3.1's small ("ar") table, in
/// insertion order (deleted slots have the key `UNDEF`), or `None` for other
/// layouts, other Ruby versions, and large hashes (walked with `rb_hash_foreach`).
/// Reading the table directly avoids `rb_hash_foreach`'s per-call `rb_ensure`
/// frame and per-entry indirect call, which dominate checks of many small hashes.
///
/// # Safety
/// `raw` must be a live T_HASH, and no Ruby code may run while the slice is used.
#[inline]
unsafe fn small_hash_pairs<'a>(raw: VALUE) -> Option<&'a [ArPair]> {
    if !(rb_sys::RUBY_API_VERSION_MAJOR == 3 && rb_sys::RUBY_API_VERSION_MINOR == 1) {
        return None;
    }
    // Ruby 3.1's RHASH flags (internal/hash.h): FL_USER3 marks an st_table;
    // FL_USER8..11 hold the ar table's bound (slots in use, deleted included).
    const FL_USHIFT: u32 = 12;
    const ST_TABLE_FLAG: VALUE = 1 << (FL_USHIFT + 3);
    const BOUND_SHIFT: u32 = FL_USHIFT + 8;
    const BOUND_MASK: VALUE = 0xf << BOUND_SHIFT;
    // SAFETY: the caller guarantees a live T_HASH, whose header is an RHashHead on 3.1.
    let head = unsafe { &*(raw as *const RHashHead) };
    let flags = head.basic.flags;
    if flags & ST_TABLE_FLAG != 0 {
        return None;
    }
    let bound = ((flags & BOUND_MASK) >> BOUND_SHIFT) as usize;
    if bound == 0 || head.table.is_null() {
        return Some(&[]);
    }
    // SAFETY: an ar table holds 8 pairs, of which the first `bound` are in use
    // (the cap only guards against a corrupt flag); the table lives as long as
    // the hash is not modified, and no Ruby code runs while the slice is used.
    Some(unsafe { std::slice::from_raw_parts(head.table, bound.min(8)) })
}

/// How far ahead of the element being walked [`prefetch_ahead`] asks for the
/// objects of a big array: the header first, then the hash table it points
/// to, then the objects in the table.
const PREFETCH_OBJECT: usize = 8;
const PREFETCH_TABLE: usize = 4;
const PREFETCH_ENTRIES: usize = 2;

/// Ask the CPU to start loading what the walk of `items` will read a few
/// elements from now: big Ruby data is spread over the heap, and walking it
/// otherwise waits on a cache miss for each object, its hash table, and the
/// objects in the table. Only hints: what is read here to find the next
/// addresses was asked for a few elements earlier, and the walk is correct
/// without them.
#[inline(always)]
fn prefetch_ahead(items: &[magnus::Value], i: usize) {
    if items.len() < 2 * PREFETCH_OBJECT {
        return;
    }
    if let Some(v) = items.get(i + PREFETCH_OBJECT) {
        prefetch_object(v.as_raw());
    }
    if let Some(v) = items.get(i + PREFETCH_TABLE) {
        // SAFETY: `v` is a live element of an array no Ruby code changes during the walk.
        if let Some(pairs) = unsafe { heap_hash_pairs(v.as_raw()) } {
            crate::prefetch::line(pairs.as_ptr());
        }
    }
    if let Some(v) = items.get(i + PREFETCH_ENTRIES) {
        // SAFETY: as above.
        if let Some(pairs) = unsafe { heap_hash_pairs(v.as_raw()) } {
            for p in pairs {
                prefetch_object(p.value);
            }
        }
    }
}

/// The entry slots of `raw` when it is a heap object that is a small hash.
///
/// # Safety
/// `raw` must be a live Ruby object that no Ruby code changes while the slice is used.
#[inline(always)]
unsafe fn heap_hash_pairs<'a>(raw: VALUE) -> Option<&'a [ArPair]> {
    if rb_sys::SPECIAL_CONST_P(raw) {
        return None;
    }
    // SAFETY: `raw` is a live heap object (checked just above), so its header can be
    // read; the table is only read for a hash.
    unsafe {
        if rb_sys::RB_BUILTIN_TYPE(raw) != T::RUBY_T_HASH {
            return None;
        }
        small_hash_pairs(raw)
    }
}

/// Prefetch the header of `raw` when it is a heap object.
#[inline(always)]
fn prefetch_object(raw: VALUE) {
    if !rb_sys::SPECIAL_CONST_P(raw) {
        crate::prefetch::line(raw as *const u8);
    }
}

/// State for the raw hash walk: the callback, whether it stopped, and a caught panic.
struct Walk<'f, F> {
    f: &'f mut F,
    completed: bool,
    panic: Option<Box<dyn std::any::Any + Send>>,
}

unsafe extern "C" fn walk_entry<F: FnMut(&RubyView, &RubyView) -> bool>(
    key: VALUE,
    value: VALUE,
    arg: VALUE,
) -> c_int {
    // SAFETY: `arg` is the `Walk` passed by `each_entry`, alive for the whole walk;
    // key and value are live objects of the hash being walked.
    let walk = unsafe { &mut *(arg as *mut Walk<'_, F>) };
    let (k, v) = unsafe { (magnus::Value::from_raw(key), magnus::Value::from_raw(value)) };
    // A panic must not unwind through Ruby's C frames: catch it, stop, re-raise after.
    match catch_unwind(AssertUnwindSafe(|| {
        (walk.f)(&RubyView::new(k), &RubyView::new(v))
    })) {
        Ok(true) => rb_sys::st_retval::ST_CONTINUE as c_int,
        Ok(false) => {
            walk.completed = false;
            rb_sys::st_retval::ST_STOP as c_int
        }
        Err(payload) => {
            walk.completed = false;
            walk.panic = Some(payload);
            rb_sys::st_retval::ST_STOP as c_int
        }
    }
}

impl ValueView for RubyView {
    #[inline(always)]
    fn kind(&self) -> ViewKind<'_> {
        match self {
            RubyView::Ruby(obj) => classify(*obj),
            RubyView::Rust(v) => v.kind(),
        }
    }

    fn each_element<F: FnMut(&Self) -> bool>(&self, mut f: F) -> bool {
        match self {
            RubyView::Ruby(obj) => match array_items(obj.as_raw()) {
                Some(items) => items.iter().enumerate().all(|(i, v)| {
                    prefetch_ahead(items, i);
                    f(&RubyView::new(*v))
                }),
                None => true,
            },
            RubyView::Rust(Value::Array(items)) => {
                items.iter().all(|v| f(&RubyView::Rust(v.clone())))
            }
            RubyView::Rust(_) => true,
        }
    }

    fn each_entry<F: FnMut(&Self, &Self) -> bool>(&self, mut f: F) -> bool {
        match self {
            RubyView::Ruby(obj) => {
                if magnus::RHash::from_value(*obj).is_none() {
                    return true;
                }
                // SAFETY: `obj` is a live Hash (checked above).
                if let Some(pairs) = unsafe { small_hash_pairs(obj.as_raw()) } {
                    return pairs.iter().filter(|p| p.key != UNDEF).all(|p| {
                        // SAFETY: the pairs of a live hash hold live objects.
                        let (k, v) = unsafe {
                            (
                                magnus::Value::from_raw(p.key),
                                magnus::Value::from_raw(p.value),
                            )
                        };
                        f(&RubyView::new(k), &RubyView::new(v))
                    });
                }
                let mut walk = Walk {
                    f: &mut f,
                    completed: true,
                    panic: None,
                };
                // SAFETY: `obj` is a live Hash; the callback runs only Rust code, never
                // raises and never mutates the hash, so rb_hash_foreach cannot raise
                // either, and no protect frame is needed.
                unsafe {
                    rb_sys::rb_hash_foreach(
                        obj.as_raw(),
                        Some(walk_entry::<F>),
                        &mut walk as *mut Walk<'_, F> as VALUE,
                    );
                }
                if let Some(payload) = walk.panic {
                    std::panic::resume_unwind(payload);
                }
                walk.completed
            }
            RubyView::Rust(Value::Hash(map)) => map
                .iter()
                .all(|(k, v)| f(&RubyView::Rust(k.clone()), &RubyView::Rust(v.clone()))),
            RubyView::Rust(_) => true,
        }
    }

    fn with_sensitive<F: FnOnce(&Self) -> bool>(&self, f: F) -> bool {
        match self {
            RubyView::Ruby(obj) => match wrapped::<RbSensitive>(*obj) {
                Some(s) => f(&RubyView::Rust((*s.0).clone())),
                None => false,
            },
            RubyView::Rust(Value::Sensitive(inner)) => f(&RubyView::Rust((**inner).clone())),
            RubyView::Rust(_) => false,
        }
    }

    fn to_value(&self) -> Option<Value> {
        match self {
            RubyView::Ruby(obj) => super::convert::to_value(&Ruby::get_with(*obj), *obj).ok(),
            RubyView::Rust(v) => Some(v.clone()),
        }
    }

    fn identity(&self) -> usize {
        match self {
            RubyView::Ruby(obj) => obj.as_raw() as usize,
            RubyView::Rust(v) => v as *const Value as usize,
        }
    }

    /// A Ruby object: no Ruby code runs while a view is walked, so the object
    /// is not changed. A Rust value in a view is a temporary: no identity.
    #[inline]
    fn content_identity(&self) -> Option<usize> {
        match self {
            RubyView::Ruby(obj) => Some(obj.as_raw() as usize),
            RubyView::Rust(_) => None,
        }
    }
}
