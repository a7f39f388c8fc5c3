//! Ruby Strings in encodings other than UTF-8: everything inside Puppet is
//! UTF-8, so text in another encoding is transcoded on its way in, and text
//! that cannot be is an error naming its encoding. Never read as raw bytes.
//!
//! The fast path (UTF-8 or US-ASCII text, and binary strings holding only
//! ASCII) stays in [`super::convert::rstring_to_str`] and in the value view;
//! this module is the slow path:
//! - UTF-8, US-ASCII and ASCII-8BIT strings whose bytes are valid UTF-8 are
//!   read as UTF-8 (binary data has no text encoding of its own, and UTF-8 is
//!   how Puppet reads its files); other bytes are an ArgumentError;
//! - a string in an ASCII-compatible encoding holding only ASCII is its bytes;
//! - any other string is transcoded by Ruby's transcoder (`rb_str_encode`, as
//!   `String#encode('UTF-8')` does, without calling the string's methods); when
//!   that fails, an ArgumentError names the encoding and Ruby's reason.
//!
//! Data walked in place (`instance?`, `infer`, `describe_mismatch`) and
//! conversion to values run no Ruby code, so the walk counts the strings it
//! meets that need transcoding ([`note_foreign`]) and its caller walks again
//! over [`transcoded_copy`], a copy of the data with those strings transcoded
//! by Ruby's transcoder (never by a method a String subclass could override).

use super::errors;
use magnus::rb_sys::{AsRawValue, FromRawValue};
use magnus::{encoding::EncodingCapable, prelude::*, Error, RArray, RHash, RString, Ruby};
use rb_sys::VALUE;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// How many strings needing transcoding the value view has met (ever, in any thread).
static FOREIGN_SEEN: AtomicU64 = AtomicU64::new(0);

/// Record that the value view met a string it could only read after transcoding.
#[cold]
pub fn note_foreign() {
    FOREIGN_SEEN.fetch_add(1, Ordering::Relaxed);
}

/// The count of [`note_foreign`] calls: a walk that changed it met such a string.
#[inline(always)]
pub fn foreign_seen() -> u64 {
    FOREIGN_SEEN.load(Ordering::Relaxed)
}

/// The name of the encoding of `s` (for messages).
fn encoding_name(s: RString) -> String {
    magnus::encoding::RbEncoding::from(s.enc_get())
        .name()
        .to_string()
}

/// Source text in an encoding that is not ASCII-compatible (UTF-16 and
/// UTF-32 without a byte order mark, UTF-7, ISO-2022-JP, ...) is an
/// `ArgumentError`, as the reference cannot read it either (its lexer fails
/// with Ruby's `Encoding::CompatibilityError`); a caller who wants such text
/// read asks for it (`transcode: true`, which converts it to UTF-8 first).
/// ASCII-compatible text (ISO-8859-1, Shift_JIS, ...), which the reference
/// reads, is transcoded to UTF-8 as it is read.
pub fn check_source_encoding(ruby: &Ruby, s: RString) -> Result<(), Error> {
    if utf8_like(ruby, s) {
        return Ok(());
    }
    let enc = magnus::encoding::RbEncoding::from(s.enc_get());
    // SAFETY: the encoding of a live String, which Ruby never frees.
    let dummy = unsafe { rb_sys::rb_enc_dummy_p(rb_sys::rb_enc_get(s.as_raw())) } != 0;
    if enc.mbminlen() == 1 && !dummy {
        return Ok(());
    }
    Err(super::errors::argument(
        ruby,
        format!(
            "the source is {} text, which is not ASCII-compatible: Puppet source is UTF-8 \
             (convert it, or pass transcode: true)",
            encoding_name(s)
        ),
    ))
}

/// Whether `s` is in UTF-8, US-ASCII or ASCII-8BIT: encodings whose bytes are read as UTF-8.
fn utf8_like(ruby: &Ruby, s: RString) -> bool {
    let enc = s.enc_get();
    enc == ruby.utf8_encindex()
        || enc == ruby.usascii_encindex()
        || enc == ruby.ascii8bit_encindex()
}

/// `s` transcoded to UTF-8 by Ruby's transcoder (`rb_str_encode`: no method
/// of `s` is called, so a String subclass cannot run code here), or Ruby's
/// exception.
fn encode_utf8(s: RString) -> Result<RString, Error> {
    let raw = s.as_raw();
    // SAFETY: Ruby's transcoder on a live String, under protect (it raises
    // when the text cannot be converted); the encoding object is Ruby's own.
    let out = magnus::rb_sys::protect(|| unsafe {
        let utf8 = rb_sys::rb_enc_from_encoding(rb_sys::rb_utf8_encoding());
        rb_sys::rb_str_encode(raw, utf8, 0, rb_sys::Qnil as rb_sys::VALUE)
    })?;
    // SAFETY: a live object just returned (a String).
    RString::from_value(unsafe { magnus::Value::from_raw(out) }).ok_or_else(|| {
        Error::new(
            magnus::Ruby::get_with(s).exception_type_error(),
            "not a String",
        )
    })
}

/// The UTF-8 text of `s`, which the fast path did not take (it is not UTF-8
/// or US-ASCII text, nor binary holding only ASCII).
#[cold]
#[inline(never)]
pub fn to_utf8(ruby: &Ruby, s: RString) -> Result<Arc<str>, Error> {
    if utf8_like(ruby, s) {
        // SAFETY: the bytes are copied before any other Ruby call.
        return match std::str::from_utf8(unsafe { s.as_slice() }) {
            Ok(text) => Ok(Arc::from(text)),
            Err(e) => Err(errors::argument(
                ruby,
                invalid_utf8_message(s, &e.to_string()),
            )),
        };
    }
    if s.enc_coderange_scan() == magnus::encoding::Coderange::SevenBit {
        // An ASCII-compatible encoding (only those have 7-bit strings) holding only ASCII.
        // SAFETY: the bytes are copied before any other Ruby call.
        return Ok(Arc::from(unsafe {
            std::str::from_utf8_unchecked(s.as_slice())
        }));
    }
    match encode_utf8(s) {
        // SAFETY: the bytes are copied before any other Ruby call.
        Ok(utf8) => match unsafe { utf8.as_str() } {
            Ok(text) => Ok(Arc::from(text)),
            Err(e) => Err(errors::argument(
                ruby,
                format!(
                    "expected a UTF-8 String, got {} text whose conversion to UTF-8 failed ({e})",
                    encoding_name(s)
                ),
            )),
        },
        Err(e) => Err(errors::argument(
            ruby,
            format!(
                "expected a UTF-8 String, got {} text that cannot be converted to UTF-8 ({})",
                encoding_name(s),
                reason(&e)
            ),
        )),
    }
}

/// The message for UTF-8, US-ASCII or binary bytes that are not valid UTF-8
/// (`e` says where). Runs no Ruby code.
pub fn invalid_utf8_message(s: RString, e: &str) -> String {
    let enc = encoding_name(s);
    if enc == "ASCII-8BIT" {
        format!(
            "expected a UTF-8 String, got ASCII-8BIT (binary) data that is not valid UTF-8 ({e}); \
             pass bytes as PuppetTypes::Binary.new(string, '%r')"
        )
    } else {
        format!("expected a UTF-8 String, got {enc} text with bytes that are not valid UTF-8 ({e})")
    }
}

/// The message of a Ruby exception (`Encoding::UndefinedConversionError` and the like).
fn reason(e: &Error) -> String {
    match e.value() {
        Some(exc) => exc
            .funcall::<_, _, String>("message", ())
            .unwrap_or_else(|_| e.to_string()),
        None => e.to_string(),
    }
}

/// Whether the value view reads `s` without transcoding (see the module doc).
fn readable_in_place(ruby: &Ruby, s: RString) -> bool {
    utf8_like(ruby, s) || s.enc_coderange_scan() == magnus::encoding::Coderange::SevenBit
}

/// Room on the thread's own stack below which [`transcoded_copy`] stops
/// nesting (it calls Ruby, so it cannot go on on another stack segment):
/// what Ruby's allocation, a GC it runs and a transcoder need, small enough
/// that a thread with a small stack still gets its data copied.
const COPY_ROOM: usize = 64 * 1024;

/// A copy of `obj` in which every String (Array element, Hash key or value,
/// at any depth up to [`super::convert::MAX_DEPTH`]) and Regexp source the
/// value view cannot read in place is transcoded to UTF-8; `None` when
/// nothing was changed. The copy differs from `obj` in that text only, so
/// that a walk of it answers as a walk of `obj` would, had it read that text:
/// a Regexp keeps its options, and an object read as a Runtime value (an
/// instance of a subclass of Array or Hash, see
/// [`super::convert::read_as_container`]) is kept as it is, never copied
/// into a plain Array or Hash. With `strict`, a String that cannot be transcoded
/// is an ArgumentError naming its encoding; otherwise it stays as it is (the
/// view takes it for a Runtime value, never for its raw bytes).
///
/// Each container is copied once however often the data refers to it, and
/// the copy refers to itself where the data does, so the copy takes time
/// linear in the objects of the data (shared parts and self-containing data
/// included) and a walk of it meets the same shapes. The copy of a Hash
/// keeps every entry, also where two keys are the same text once transcoded
/// (the walk sees both entries, as the reference does); converted to a value
/// (`strict`), that is an ArgumentError.
///
/// Ruby runs here (transcoding, allocation), and may change `obj` meanwhile:
/// containers are read by index (arrays) or copied to a Ruby Array first
/// (hashes), and every object is referenced from this thread's stack or from
/// a Ruby object while it is used (the originals and copies the memo knows
/// are in `keep`, so an address in it is never reused meanwhile).
pub fn transcoded_copy(
    ruby: &Ruby,
    obj: magnus::Value,
    strict: bool,
) -> Result<Option<magnus::Value>, Error> {
    let mut copier = Copier {
        ruby,
        strict,
        memo: HashMap::new(),
        open: HashMap::new(),
        keep: ruby.ary_new(),
    };
    let out = copier.copy(obj, 0);
    std::hint::black_box(copier.keep);
    out
}

/// The state of one [`transcoded_copy`].
struct Copier<'r> {
    ruby: &'r Ruby,
    strict: bool,
    /// The containers copied, by address: their copy, or `None` when unchanged.
    memo: HashMap<VALUE, Option<magnus::Value>>,
    /// The containers being copied, by address: their copy (made before their
    /// content is), and whether the copy is referred to from inside it.
    open: HashMap<VALUE, (magnus::Value, bool)>,
    /// The originals and copies in `memo` and `open`, for the GC.
    keep: RArray,
}

impl Copier<'_> {
    fn copy(&mut self, obj: magnus::Value, depth: usize) -> Result<Option<magnus::Value>, Error> {
        let ruby = self.ruby;
        let strict = self.strict;
        if let Some(s) = RString::from_value(obj) {
            if readable_in_place(ruby, s) {
                return Ok(None);
            }
            return match encode_utf8(s) {
                Ok(u) => Ok(Some(u.as_value())),
                Err(e) if !strict && is_encoding_error(ruby, &e) => Ok(None),
                Err(e) if !strict => Err(e),
                Err(_) => to_utf8(ruby, s).map(|_| None),
            };
        }
        let raw = obj.as_raw();
        // SAFETY: `raw` is a live object (referenced from the caller's frame).
        let tag = unsafe { rb_sys::RB_TYPE(raw) };
        let container = matches!(
            tag,
            rb_sys::ruby_value_type::RUBY_T_ARRAY | rb_sys::ruby_value_type::RUBY_T_HASH
        );
        if container && !super::convert::read_as_container(raw) {
            return Ok(None);
        }
        if container {
            if let Some(done) = self.memo.get(&raw) {
                return Ok(*done);
            }
            if let Some((copy, referred)) = self.open.get_mut(&raw) {
                *referred = true;
                return Ok(Some(*copy));
            }
        }
        if depth >= super::convert::MAX_DEPTH || !crate::stack::on_host_stack(COPY_ROOM) {
            return if strict {
                Err(errors::argument(
                    ruby,
                    "data nested too deeply (or containing itself) cannot be converted",
                ))
            } else {
                Ok(None)
            };
        }
        if let Some(a) = RArray::from_value(obj) {
            return self.container(raw, a.as_value(), |c, fresh| c.array(a, fresh, depth));
        }
        if let Some(h) = RHash::from_value(obj) {
            return self.container(raw, h.as_value(), |c, fresh| c.hash(h, fresh, depth));
        }
        if let Some(r) = magnus::RRegexp::from_value(obj) {
            // SAFETY: a T_REGEXP is an RRegexp (a public struct); its source is a String.
            let src = unsafe { (*(r.as_raw() as *const rb_sys::RRegexp)).src };
            let Some(source) = RString::from_value(
                // SAFETY: `src` is a live object the regexp references.
                unsafe { magnus::Value::from_raw(src) },
            ) else {
                return Ok(None);
            };
            let Some(utf8) = self.copy(source.as_value(), depth)? else {
                return Ok(None);
            };
            // (a source Ruby cannot compile once transcoded stays as it is)
            return Ok(magnus::RRegexp::new_str(
                RString::from_value(utf8).unwrap_or(source),
                regexp_opts(super::ruby_class::regexp_options(r.as_raw())),
            )
            .ok()
            .map(|r| r.as_value()));
        }
        Ok(None)
    }

    /// Copy the container `obj` (at `raw`) into a fresh one made first (so
    /// that its content can refer to it) and filled by `fill`, which says
    /// whether anything in it changed; the copy when something did, or when
    /// the content refers to the container itself.
    fn container(
        &mut self,
        raw: VALUE,
        obj: magnus::Value,
        fill: impl FnOnce(&mut Self, magnus::Value) -> Result<bool, Error>,
    ) -> Result<Option<magnus::Value>, Error> {
        let fresh = if RArray::from_value(obj).is_some() {
            self.ruby.ary_new().as_value()
        } else {
            let h = self.ruby.hash_new();
            if !self.strict {
                // (two keys that are the same text once transcoded stay two entries)
                let _: magnus::Value = h.funcall("compare_by_identity", ())?;
            }
            h.as_value()
        };
        self.keep.push(obj)?;
        self.keep.push(fresh)?;
        self.open.insert(raw, (fresh, false));
        let changed = fill(self, fresh);
        let referred = self.open.remove(&raw).is_some_and(|(_, r)| r);
        let out = (changed? || referred).then_some(fresh);
        self.memo.insert(raw, out);
        Ok(out)
    }

    fn array(&mut self, a: RArray, fresh: magnus::Value, depth: usize) -> Result<bool, Error> {
        let out = RArray::from_value(fresh).unwrap_or_else(|| self.ruby.ary_new());
        let mut changed = false;
        let mut i = 0;
        // (the length is read again at each element: Ruby code may change the array)
        while i < a.len() {
            let item: magnus::Value = a.entry(i as isize)?;
            let c = self.copy(item, depth + 1)?;
            changed |= c.is_some();
            out.push(c.unwrap_or(item))?;
            i += 1;
        }
        Ok(changed)
    }

    fn hash(&mut self, h: RHash, fresh: magnus::Value, depth: usize) -> Result<bool, Error> {
        let ruby = self.ruby;
        let out = RHash::from_value(fresh).unwrap_or_else(|| ruby.hash_new());
        // The entries, keys and values in turn, in a Ruby Array (which the GC sees).
        let pairs = ruby.ary_new_capa(2 * h.len());
        h.foreach(|k: magnus::Value, v: magnus::Value| {
            pairs.push(k)?;
            pairs.push(v)?;
            Ok(magnus::r_hash::ForEach::Continue)
        })?;
        let mut changed = false;
        for i in 0..pairs.len() / 2 {
            let k: magnus::Value = pairs.entry(2 * i as isize)?;
            let v: magnus::Value = pairs.entry(2 * i as isize + 1)?;
            let ck = self.copy(k, depth + 1)?;
            let cv = self.copy(v, depth + 1)?;
            changed |= ck.is_some() || cv.is_some();
            out.aset(ck.unwrap_or(k), cv.unwrap_or(v))?;
        }
        if self.strict && out.len() < pairs.len() / 2 {
            return Err(errors::argument(
                ruby,
                "a Hash has two keys that are the same text once transcoded to UTF-8",
            ));
        }
        Ok(changed)
    }
}

/// Whether `e` is Ruby's `EncodingError` (a text that cannot be transcoded),
/// not an interruption or another exception raised meanwhile.
fn is_encoding_error(ruby: &Ruby, e: &Error) -> bool {
    e.is_kind_of(ruby.exception_encoding_error())
}

/// The options of a Regexp (Ruby's `IGNORECASE`, `EXTENDED` and `MULTILINE`
/// bits, as [`super::ruby_class::regexp_options`] reads them) for a new one.
fn regexp_opts(bits: u8) -> magnus::r_regexp::Opts {
    let mut opts = magnus::r_regexp::Opts::new();
    if bits & 1 != 0 {
        opts = opts.ignorecase();
    }
    if bits & 2 != 0 {
        opts = opts.extend();
    }
    if bits & 4 != 0 {
        opts = opts.multiline();
    }
    opts
}
