//! [`RubyView`]: the calculator's [`ValueView`] over Ruby objects, so that
//! `instance?`, `infer` and friends walk Ruby data in place instead of first
//! deep-copying it into [`crate::Value`]s.
//!
//! A view is a Ruby object, classified on demand with one type-tag read, or,
//! inside a `PuppetTypes::Sensitive`, a Rust value.
//!
//! The walk calls no Ruby method and allocates no Ruby object, but at the
//! points where it looks at the host's check ([`crate::stop::Steps::stop`])
//! Ruby may run other threads, signal handlers and finalizers, any of which
//! can change or free what is being walked. So nothing read from a Ruby
//! object is kept across the walk's steps: an Array is read by index, its
//! length and storage read again for every element; a Hash is read through
//! `rb_hash_foreach` (which Ruby keeps valid whatever the hash's owner does
//! to it) or by slot, its table read again for every slot; a String's text
//! is only borrowed while one element is checked (no step in between). The
//! objects being walked are referenced from this thread's stack, which
//! Ruby's GC scans (and pins), so they stay alive and in place.

use super::encoding;
use super::internals::{small_hash_pairs, UNDEF};
use super::rich::{
    RbBinary, RbDeferred, RbSemVer, RbSemVerRange, RbSensitive, RbTimespan, RbTimestamp, RbUri,
};
use super::ruby_class;
use super::type_object::RbType;
use crate::types::calc::value_view::{ValueView, ViewKind};
use crate::types::TypeRef;
use crate::values::Value;
use magnus::{rb_sys::AsRawValue, rb_sys::FromRawValue, Float, Ruby};
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

/// The text of a Ruby String, as [`text_of`] finds it.
pub(crate) enum Text<'a> {
    /// UTF-8 text, read in place.
    Utf8(&'a str),
    /// Text in another encoding, readable once transcoded.
    Foreign,
    /// Bytes that are not valid text (UTF-8, US-ASCII or binary data that is
    /// not valid UTF-8).
    Invalid,
}

/// The UTF-8 content of a Ruby String, if it can be read in place (noting
/// text that needs transcoding, see [`str_of_other`]).
#[inline(always)]
fn str_of<'a>(raw: VALUE) -> Option<&'a str> {
    match text_of(raw) {
        Text::Utf8(text) => Some(text),
        Text::Foreign => {
            encoding::note_foreign();
            None
        }
        Text::Invalid => None,
    }
}

/// The text of a Ruby String. Uses Ruby's cached coderange.
///
/// The slice borrows the string's storage: it must be used before the walk's
/// next step (no Ruby code may run while it is used).
#[inline(always)]
pub(crate) fn text_of<'a>(raw: VALUE) -> Text<'a> {
    const CR_7BIT: VALUE = rb_sys::ruby_coderange_type::RUBY_ENC_CODERANGE_7BIT as VALUE;
    const CR_VALID: VALUE = rb_sys::ruby_coderange_type::RUBY_ENC_CODERANGE_VALID as VALUE;
    const CR_MASK: VALUE = CR_7BIT | CR_VALID;
    const ENC_SHIFT: u32 = rb_sys::ruby_encoding_consts::RUBY_ENCODING_SHIFT as u32;
    const ENC_MAX: VALUE = rb_sys::ruby_encoding_consts::RUBY_ENCODING_INLINE_MAX as VALUE;
    // SAFETY: `raw` is a live T_STRING; the slice is used before any Ruby code
    // runs (see above). The flag reads are what Ruby's public inline
    // functions (RB_ENCODING_GET_INLINED, RB_ENC_CODERANGE) do.
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
            Text::Utf8(std::str::from_utf8_unchecked(bytes))
        } else {
            str_of_other(enc, cr == CR_7BIT, bytes)
        }
    }
}

/// The text of a String that is not valid UTF-8 or US-ASCII text: binary
/// (and broken UTF-8/US-ASCII) bytes when they are valid UTF-8, ASCII in
/// another ASCII-compatible encoding as it is, and [`Text::Foreign`] for text
/// that would need transcoding, so that the caller can walk a transcoded
/// copy (see [`with_view`]).
#[cold]
#[inline(never)]
fn str_of_other(enc: c_int, seven_bit: bool, bytes: &[u8]) -> Text<'_> {
    let (utf8, usascii) = utf8_indexes();
    // SAFETY: a plain read of Ruby's encoding table, on a Ruby thread.
    let binary = unsafe { rb_sys::rb_ascii8bit_encindex() };
    if enc == utf8 || enc == usascii || enc == binary {
        return match std::str::from_utf8(bytes) {
            Ok(text) => Text::Utf8(text),
            Err(_) => Text::Invalid,
        };
    }
    if seven_bit {
        // Only ASCII-compatible encodings have 7-bit strings: the bytes are ASCII.
        // SAFETY: ASCII is valid UTF-8.
        return Text::Utf8(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    Text::Foreign
}

/// `f` applied to a view of `obj`; when the walk met text it could not read
/// without transcoding, `f` applied again to a copy of `obj` with that text
/// transcoded to UTF-8 ([`encoding::transcoded_copy`]). The check is one
/// relaxed load of a global count before and after the walk. The walk may
/// let Ruby run at its steps ([`super::interrupts::with_call_outs`]); a walk
/// that was interrupted is not walked again (one that failed is: the copy's
/// walk answers, or fails, in its place).
#[inline(always)]
pub fn with_view<T>(ruby: &Ruby, obj: magnus::Value, f: impl Fn(&RubyView) -> T) -> T {
    let before = encoding::foreign_seen();
    let stops = crate::stop::count();
    let answer = super::interrupts::with_call_outs(|| f(&RubyView::new(obj)));
    if encoding::foreign_seen() == before {
        return answer;
    }
    if crate::stop::stopped_since(stops) {
        match crate::stop::take(stops) {
            // (a walk that failed over the data, which it read with the text to
            // transcode as Runtime objects, may answer over the copy: the
            // failure is dropped with the answer it is for)
            Some(crate::stop::Stop::Failed(_)) => {}
            Some(stop) => {
                crate::stop::record(stop);
                return answer;
            }
            None => return answer,
        }
    }
    match encoding::transcoded_copy(ruby, obj, false) {
        Ok(Some(copy)) => {
            let answer = super::interrupts::with_call_outs(|| f(&RubyView::new(copy)));
            // (the copy is referenced from this frame until the walk of it ends)
            std::hint::black_box(copy);
            answer
        }
        Ok(None) => answer,
        Err(e) => {
            // (an interruption delivered while Ruby copied: the guard raises it)
            super::interrupts::raise_after_walk(e);
            answer
        }
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
        // SAFETY: the type tags were just checked. (An instance of a subclass
        // of Array or Hash is a Runtime value, as in the reference.)
        T::RUBY_T_ARRAY if ruby_class::is_exactly(raw, ruby_class::array_class()) => {
            ViewKind::Array(unsafe { rb_sys::RARRAY_LEN(raw) } as usize)
        }
        T::RUBY_T_HASH if ruby_class::is_exactly(raw, ruby_class::hash_class()) => {
            ViewKind::Hash(unsafe { rb_sys::RHASH_SIZE(raw) } as usize)
        }
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
        T::RUBY_T_SYMBOL => match symbol_meaning(raw) {
            Some(true) => ViewKind::Default,
            Some(false) => ViewKind::Undef,
            None => ViewKind::Runtime("Symbol"),
        },
        T::RUBY_T_BIGNUM => match bignum_i64(raw) {
            Ok(n) => ViewKind::Integer(n),
            Err(negative) => ViewKind::BigInteger(negative),
        },
        T::RUBY_T_REGEXP => {
            // SAFETY: a T_REGEXP is an RRegexp; its source string lives as long as it.
            let src = unsafe { (*(raw as *const rb_sys::RRegexp)).src };
            // SAFETY: `src` is checked to be a String before it is read as one.
            match (src != 0 && unsafe { rb_sys::RB_TYPE(src) } == T::RUBY_T_STRING)
                .then(|| str_of(src))
                .flatten()
            {
                Some(text) => ViewKind::RegexpSource(text, ruby_class::regexp_options(raw)),
                None => ViewKind::Runtime("Regexp"),
            }
        }
        T::RUBY_T_DATA => classify_data(obj),
        T::RUBY_T_CLASS | T::RUBY_T_MODULE => {
            ViewKind::Type(TypeRef::new(ruby_class::class_value_type(obj)))
        }
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
    ViewKind::Runtime(class_name(obj))
}

/// The name of the class of `obj` (empty for an anonymous class), read
/// without allocating: it borrows the class's own name, which lives as long
/// as the class, and so at least as long as the object.
pub(crate) fn class_name<'a>(obj: magnus::Value) -> &'a str {
    ruby_class::class_name_of(obj)
}

/// What a Symbol means as a value: `Some(true)` for `:default`, `Some(false)`
/// for `:undef` (undef, as in the reference), `None` for any other (a
/// Runtime value). Compared by identity with the two static Symbols.
pub(crate) fn symbol_meaning(raw: VALUE) -> Option<bool> {
    use std::sync::OnceLock;
    static SYMBOLS: OnceLock<(VALUE, VALUE)> = OnceLock::new();
    // SAFETY: interning two names and reading their static Symbols (immediates,
    // never collected), on a Ruby thread; the first call is at load time.
    let (default, undef) = *SYMBOLS.get_or_init(|| unsafe {
        (
            rb_sys::rb_id2sym(rb_sys::rb_intern(c"default".as_ptr())),
            rb_sys::rb_id2sym(rb_sys::rb_intern(c"undef".as_ptr())),
        )
    });
    if raw == default {
        Some(true)
    } else if raw == undef {
        Some(false)
    } else {
        None
    }
}

/// A Bignum as a 64-bit integer, or whether it is negative when it does not
/// fit. Reads its digits without allocating (rb_integer_pack).
pub(crate) fn bignum_i64(raw: VALUE) -> Result<i64, bool> {
    let mut word: u64 = 0;
    let flags = (rb_sys::INTEGER_PACK_2COMP
        | rb_sys::INTEGER_PACK_LSWORD_FIRST
        | rb_sys::INTEGER_PACK_NATIVE_BYTE_ORDER) as i32;
    // SAFETY: `raw` is a live Bignum; one 8-byte word is written into `word`.
    let sign =
        unsafe { rb_sys::rb_integer_pack(raw, (&mut word as *mut u64).cast(), 1, 8, 0, flags) };
    // (with two's complement, a word holds 2**64 values: the sign tells which
    // of them are beyond the 64-bit signed range)
    let n = word as i64;
    match sign {
        0 => Ok(0),
        1 if n > 0 => Ok(n),
        -1 if n < 0 => Ok(n),
        s => Err(s < 0),
    }
}

/// Element `i` of `raw` when it is an Array that has one, read afresh (the
/// array may have changed since the last element was read).
#[inline(always)]
fn array_item(raw: VALUE, i: usize) -> Option<magnus::Value> {
    // SAFETY: `raw` is a live object (a view references it from this thread's
    // stack); its storage is read only once the tag says it is an Array, and
    // only below the length read just now. `magnus::Value` is a transparent `VALUE`.
    unsafe {
        if rb_sys::RB_TYPE(raw) != T::RUBY_T_ARRAY || i >= rb_sys::RARRAY_LEN(raw) as usize {
            return None;
        }
        let ptr = rb_sys::RARRAY_CONST_PTR(raw) as *const magnus::Value;
        Some(*ptr.add(i))
    }
}

/// The elements of `raw` from `i` on, when it is an Array, read in place,
/// for hints only (see [`prefetch_ahead`]).
#[inline(always)]
fn array_rest<'a>(raw: VALUE) -> &'a [magnus::Value] {
    // SAFETY: as in `array_item`; the slice is used at once, before any step
    // of the walk (no Ruby code runs while it is read).
    unsafe {
        let len = rb_sys::RARRAY_LEN(raw) as usize;
        if len == 0 {
            return &[];
        }
        let ptr = rb_sys::RARRAY_CONST_PTR(raw) as *const magnus::Value;
        std::slice::from_raw_parts(ptr, len)
    }
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

/// The entry slots of `raw` when it is a heap object that is a small hash
/// (see [`small_hash_pairs`]).
///
/// # Safety
/// `raw` must be a live Ruby object that no Ruby code changes while the slice is used.
#[inline(always)]
unsafe fn heap_hash_pairs<'a>(raw: VALUE) -> Option<&'a [super::internals::ArPair]> {
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
            RubyView::Ruby(obj) => {
                let raw = obj.as_raw();
                let mut i = 0;
                while let Some(v) = array_item(raw, i) {
                    prefetch_ahead(array_rest(raw), i);
                    if !f(&RubyView::new(v)) {
                        return false;
                    }
                    i += 1;
                }
                true
            }
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
                let raw = obj.as_raw();
                // SAFETY: `raw` is a live Hash (checked above).
                if unsafe { small_hash_pairs(raw) }.is_some() {
                    let mut slot = 0;
                    // The table is read again for each slot: the step of the walk
                    // before may have let Ruby change the hash. (Should it have
                    // become a big table, the walk goes on with the whole hash.)
                    // SAFETY: as above; the pair is copied out at once.
                    while let Some(pairs) = unsafe { small_hash_pairs(raw) } {
                        let Some((key, value)) = pairs.get(slot).map(|p| (p.key, p.value)) else {
                            return true;
                        };
                        slot += 1;
                        if key == UNDEF {
                            continue;
                        }
                        // SAFETY: the pairs of a live hash hold live objects, which
                        // this frame now references.
                        let (k, v) = unsafe {
                            (magnus::Value::from_raw(key), magnus::Value::from_raw(value))
                        };
                        if !f(&RubyView::new(k), &RubyView::new(v)) {
                            return false;
                        }
                    }
                }
                let mut walk = Walk {
                    f: &mut f,
                    completed: true,
                    panic: None,
                };
                // SAFETY: `obj` is a live Hash; the callback never raises (a panic
                // is caught and resumed after) and Ruby code it lets run through the
                // host's check runs under protect, so rb_hash_foreach cannot raise
                // either; Ruby keeps the iteration valid whatever that code does to
                // the hash (entries added or removed, the hash cleared).
                unsafe {
                    rb_sys::rb_hash_foreach(
                        raw,
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

    /// The value of the object, converted without running Ruby code (see
    /// [`super::convert::pure_value`]); `None` when that cannot be done
    /// (text to transcode first: noted, so that [`with_view`] walks again
    /// over a transcoded copy; or a conversion error).
    fn to_value(&self) -> Option<Value> {
        match self {
            RubyView::Ruby(obj) => match super::convert::pure_value(*obj) {
                Ok(v) => Some(v),
                Err(super::convert::Impure::Foreign) => {
                    encoding::note_foreign();
                    None
                }
                Err(super::convert::Impure::Error(_)) => None,
            },
            RubyView::Rust(v) => Some(v.clone()),
        }
    }

    fn big_integer_text(&self) -> Option<String> {
        match self {
            RubyView::Ruby(obj) => super::convert::bignum_text(*obj),
            RubyView::Rust(_) => None,
        }
    }

    fn runtime_ancestor_named(&self, name: &str) -> bool {
        match self {
            RubyView::Ruby(obj) => ruby_class::ancestor_named(*obj, name),
            RubyView::Rust(_) => false,
        }
    }

    fn string_of_subclass(&self) -> bool {
        match self {
            // SAFETY: rb_obj_class reads the class pointers of a live object
            // without allocating; rb_cString is set once Ruby has started.
            RubyView::Ruby(obj) => unsafe {
                rb_sys::rb_obj_class(obj.as_raw()) != rb_sys::rb_cString
            },
            RubyView::Rust(_) => false,
        }
    }

    fn identity(&self) -> usize {
        match self {
            RubyView::Ruby(obj) => obj.as_raw() as usize,
            RubyView::Rust(v) => v as *const Value as usize,
        }
    }

    /// A Ruby object: it stands for its content between two steps of the
    /// walk that let Ruby run ([`crate::stop::Steps::call_outs`]); callers
    /// drop what they learnt by it when Ruby ran. A Rust value in a view is a
    /// temporary: no identity.
    #[inline]
    fn content_identity(&self) -> Option<usize> {
        match self {
            RubyView::Ruby(obj) => Some(obj.as_raw() as usize),
            RubyView::Rust(_) => None,
        }
    }
}
