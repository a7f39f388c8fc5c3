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
//! - any other string is transcoded with Ruby's `String#encode('UTF-8')`; when
//!   that fails, an ArgumentError names the encoding and Ruby's reason.
//!
//! Data walked in place (`instance?`, `infer`, `describe_mismatch`) cannot run
//! Ruby code during the walk, so the view counts the strings it meets that
//! need transcoding ([`note_foreign`]) and its caller walks again over
//! [`transcoded_copy`], a copy of the data with those strings transcoded.

use super::errors;
use magnus::{encoding::EncodingCapable, prelude::*, Error, RArray, RHash, RString, Ruby};
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

/// Whether `s` is in UTF-8, US-ASCII or ASCII-8BIT: encodings whose bytes are read as UTF-8.
fn utf8_like(ruby: &Ruby, s: RString) -> bool {
    let enc = s.enc_get();
    enc == ruby.utf8_encindex()
        || enc == ruby.usascii_encindex()
        || enc == ruby.ascii8bit_encindex()
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
            Err(e) => Err(errors::argument(ruby, invalid_utf8_message(s, e))),
        };
    }
    if s.enc_coderange_scan() == magnus::encoding::Coderange::SevenBit {
        // An ASCII-compatible encoding (only those have 7-bit strings) holding only ASCII.
        // SAFETY: the bytes are copied before any other Ruby call.
        return Ok(Arc::from(unsafe {
            std::str::from_utf8_unchecked(s.as_slice())
        }));
    }
    match s.funcall::<_, _, RString>("encode", ("UTF-8",)) {
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

/// The message for UTF-8, US-ASCII or binary bytes that are not valid UTF-8.
fn invalid_utf8_message(s: RString, e: std::str::Utf8Error) -> String {
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

/// A copy of `obj` in which every String (Array element, Hash key or value,
/// at any depth up to [`super::convert::MAX_DEPTH`]) and Regexp source the
/// value view cannot read in place is transcoded to UTF-8; `None` when
/// nothing was changed. Strings that cannot be transcoded stay as they are
/// (the view takes them for Runtime values, never for their raw bytes).
pub fn transcoded_copy(ruby: &Ruby, obj: magnus::Value) -> Option<magnus::Value> {
    copy(ruby, obj, 0)
}

fn copy(ruby: &Ruby, obj: magnus::Value, depth: usize) -> Option<magnus::Value> {
    if let Some(s) = RString::from_value(obj) {
        if readable_in_place(ruby, s) {
            return None;
        }
        return s
            .funcall::<_, _, RString>("encode", ("UTF-8",))
            .ok()
            .map(|u| u.as_value());
    }
    if depth >= super::convert::MAX_DEPTH {
        return None;
    }
    // The copies go into the new container as soon as they are made, so the GC
    // sees them (a Rust Vec on the heap is not scanned).
    if let Some(a) = RArray::from_value(obj) {
        let len = a.len();
        let mut out: Option<RArray> = None;
        for i in 0..len {
            let item: magnus::Value = a.entry(i as isize).ok()?;
            let c = copy(ruby, item, depth + 1);
            if out.is_none() && c.is_some() {
                let fresh = ruby.ary_new_capa(len);
                for j in 0..i {
                    fresh
                        .push(a.entry::<magnus::Value>(j as isize).ok()?)
                        .ok()?;
                }
                out = Some(fresh);
            }
            if let Some(o) = out {
                o.push(c.unwrap_or(item)).ok()?;
            }
        }
        return out.map(|o| o.as_value());
    }
    if let Some(h) = RHash::from_value(obj) {
        let mut pairs = Vec::with_capacity(h.len());
        h.foreach(|k: magnus::Value, v: magnus::Value| {
            pairs.push((k, v));
            Ok(magnus::r_hash::ForEach::Continue)
        })
        .ok()?;
        let mut out: Option<RHash> = None;
        for (i, (k, v)) in pairs.iter().enumerate() {
            let ck = copy(ruby, *k, depth + 1);
            let cv = copy(ruby, *v, depth + 1);
            if out.is_none() && (ck.is_some() || cv.is_some()) {
                let fresh = ruby.hash_new();
                for (ek, ev) in &pairs[..i] {
                    fresh.aset(*ek, *ev).ok()?;
                }
                out = Some(fresh);
            }
            if let Some(o) = out {
                o.aset(ck.unwrap_or(*k), cv.unwrap_or(*v)).ok()?;
            }
        }
        return out.map(|o| o.as_value());
    }
    if let Some(r) = magnus::RRegexp::from_value(obj) {
        let source: RString = r.funcall("source", ()).ok()?;
        let utf8 = copy(ruby, source.as_value(), depth)?;
        return ruby
            .class_regexp()
            .funcall::<_, _, magnus::Value>("new", (utf8,))
            .ok();
    }
    None
}
