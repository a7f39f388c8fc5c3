//! The binding's only reads and writes of Ruby's private layouts, behind the
//! cargo feature `internals` (on in the gem's build). A process started with
//! `PUPPET_TYPES_INTERNALS=0` takes the public-API paths, exactly as a build
//! without the feature does: `bin/test` runs the Ruby specs both ways.
//!
//! Everything else in the binding uses Ruby's public C API: functions, the
//! public inline functions and structs of `ruby/internal/core/*.h`
//! (`RBasic`, `RRegexp`, `RTypedData`, the encoding and coderange flag bits)
//! and typed data (`rb_data_type_t`, which every C extension fills in by
//! hand). What is here relies on layouts Ruby does not publish, checked for
//! Ruby 3.1 only, so each function has a public-API path that is correct
//! alone and is taken without the feature and on every other Ruby version:
//!
//! - [`small_hash_pairs`] reads the entries of a small Hash straight from its
//!   "ar" table (Ruby 3.1's `struct RHash` of `internal/hash.h` and its flag
//!   bits). Without it, hashes are walked with `rb_hash_foreach`.
//! - [`freeze_new`] freezes an object just made by setting `FL_FREEZE`, which
//!   up to Ruby 3.1 is all `rb_obj_freeze` does to an object without a
//!   singleton class. Without it, `rb_obj_freeze`.
//!
//! # Invariants the callers keep
//!
//! - A slice of [`small_hash_pairs`] borrows the hash's table: it is used
//!   before any Ruby code can run (no method call, no allocation, no look at
//!   interrupts), and read again from the hash after that. The table of a
//!   live hash holds live objects; a pair whose key is [`UNDEF`] is a deleted
//!   entry and is skipped.
//! - [`freeze_new`] is given an object made on this thread just before, of a
//!   class the binding defines, that no Ruby code has seen yet.
//!
//! # Invariants the layouts must keep (checked by the specs with the feature on)
//!
//! - Ruby 3.1's `RHash` is the object header followed by the table pointer;
//!   flag `FL_USER3` marks an `st_table`; `FL_USER8..11` hold how many slots
//!   of the 8-pair ar table are in use (deleted ones included).
//! - Up to Ruby 3.1, freezing an object without a singleton class sets
//!   `FL_FREEZE` and nothing else (no shape, no other bookkeeping).

use rb_sys::VALUE;
use std::sync::atomic::{AtomicBool, Ordering};

/// The key of a deleted entry of a small hash's table.
pub const UNDEF: VALUE = rb_sys::ruby_special_consts::RUBY_Qundef as VALUE;

/// One entry of Ruby 3.1's small-hash ("ar") table.
#[repr(C)]
pub struct ArPair {
    /// The key ([`UNDEF`] for a deleted entry).
    pub key: VALUE,
    /// The value.
    pub value: VALUE,
}

/// True when the private layouts below may be read: the feature is on and
/// the Ruby built against is the one they were checked for.
const LAYOUTS: bool = cfg!(feature = "internals")
    && rb_sys::RUBY_API_VERSION_MAJOR == 3
    && rb_sys::RUBY_API_VERSION_MINOR == 1;

/// Whether this process reads them ([`init`]).
static ENABLED: AtomicBool = AtomicBool::new(false);

/// Decide, at load time, whether the private layouts are read: when
/// [`LAYOUTS`] allows and the environment does not say
/// `PUPPET_TYPES_INTERNALS=0`.
pub fn init() {
    let off = std::env::var_os("PUPPET_TYPES_INTERNALS").is_some_and(|v| v == "0");
    ENABLED.store(LAYOUTS && !off, Ordering::Relaxed);
}

/// True when this process reads Ruby's private layouts.
#[inline(always)]
pub fn enabled() -> bool {
    LAYOUTS && ENABLED.load(Ordering::Relaxed)
}

/// The entry slots of a Hash stored as a small ("ar") table, in insertion
/// order (deleted slots have the key [`UNDEF`]); `None` for big hashes, and
/// always without the feature or on another Ruby version (the caller then
/// walks the hash with `rb_hash_foreach`). Reading the table directly saves
/// `rb_hash_foreach`'s `rb_ensure` frame and its indirect call per entry.
///
/// # Safety
/// `raw` must be a live T_HASH, and no Ruby code may run while the slice is
/// used (see the module's invariants).
#[inline]
pub unsafe fn small_hash_pairs<'a>(raw: VALUE) -> Option<&'a [ArPair]> {
    if !enabled() {
        let _ = raw;
        return None;
    }
    /// The head of Ruby 3.1's `struct RHash`: the object header, then the
    /// table (an `ar_table*` of up to 8 pairs, or an `st_table*`).
    #[repr(C)]
    struct RHashHead {
        basic: rb_sys::RBasic,
        table: *const ArPair,
    }
    const FL_USHIFT: u32 = 12;
    const ST_TABLE_FLAG: VALUE = 1 << (FL_USHIFT + 3);
    const BOUND_SHIFT: u32 = FL_USHIFT + 8;
    const BOUND_MASK: VALUE = 0xf << BOUND_SHIFT;
    // SAFETY: the caller guarantees a live T_HASH, whose header is an
    // RHashHead on Ruby 3.1 (`enabled` implies LAYOUTS).
    let head = unsafe { &*(raw as *const RHashHead) };
    let flags = head.basic.flags;
    if flags & ST_TABLE_FLAG != 0 {
        return None;
    }
    let bound = ((flags & BOUND_MASK) >> BOUND_SHIFT) as usize;
    if bound == 0 || head.table.is_null() {
        return Some(&[]);
    }
    // SAFETY: an ar table holds 8 pairs, of which the first `bound` are in
    // use (the cap only guards against a corrupt flag); the table lives as
    // long as the hash is not modified, and no Ruby code runs while the slice
    // is used (the caller's promise).
    Some(unsafe { std::slice::from_raw_parts(head.table, bound.min(8)) })
}

/// Freeze `obj`, an object of one of the binding's classes just made on
/// this thread (see the module's invariants).
#[inline]
pub fn freeze_new(obj: VALUE) {
    if enabled() {
        // SAFETY: `obj` is a live object just made on this thread, of a plain
        // class and without a singleton class: up to Ruby 3.1 freezing it is
        // setting its FL_FREEZE flag and nothing else.
        unsafe {
            let basic = obj as *mut rb_sys::RBasic;
            (*basic).flags |= rb_sys::ruby_fl_type::RUBY_FL_FREEZE as VALUE;
        }
    } else {
        // SAFETY: a live object, on a Ruby thread.
        unsafe { rb_sys::rb_obj_freeze(obj) };
    }
}
