//! Ruby objects kept by Rust values: a [`Kept`] handle holds a Ruby object
//! alive, and in place, for as long as the handle (or any clone of the
//! value holding it) lives.
//!
//! The handles' objects are counted in one process-wide table, which a
//! hidden Ruby object marks: its mark function marks every object of the
//! table with `rb_gc_mark`, which also pins it (compaction does not move a
//! pinned object, so the address a handle holds stays valid). The marking
//! object is registered for good with `rb_gc_register_mark_object` and is
//! not write-barrier protected, so Ruby marks its children at every
//! collection, minor and incremental ones included.
//!
//! Making and dropping a handle runs no Ruby code and allocates no Ruby
//! object (it may run inside a walk of Ruby data, or in a GC sweep that frees
//! a type holding a value): the table is a Rust map behind a lock, held only
//! for the update.

use magnus::rb_sys::{AsRawValue, FromRawValue};
use rb_sys::VALUE;
use std::collections::HashMap;
use std::ffi::c_void;
use std::ptr::{null, null_mut};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The objects kept, with how many handles keep each.
static TABLE: Mutex<Option<HashMap<VALUE, usize>>> = Mutex::new(None);

fn table() -> MutexGuard<'static, Option<HashMap<VALUE, usize>>> {
    TABLE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A Ruby object kept alive and in place while the handle lives.
#[derive(Debug)]
pub struct Kept(VALUE);

// SAFETY: a Kept is an address and a count in the table; the object is only
// used (`Kept::get`) on a Ruby thread, and the table is behind a lock.
unsafe impl Send for Kept {}
// SAFETY: as above; a shared Kept has no interior state.
unsafe impl Sync for Kept {}

impl Kept {
    /// A handle keeping `obj`.
    pub fn new(obj: magnus::Value) -> Arc<Kept> {
        let raw = obj.as_raw();
        *table()
            .get_or_insert_with(HashMap::new)
            .entry(raw)
            .or_insert(0) += 1;
        Arc::new(Kept(raw))
    }

    /// The object.
    pub fn get(&self) -> magnus::Value {
        // SAFETY: the table keeps the object marked and pinned while this handle lives.
        unsafe { magnus::Value::from_raw(self.0) }
    }

    /// The handle of a host object of a value, when it is one of these.
    pub fn of(object: &crate::values::HostObject) -> Option<&Kept> {
        object.downcast_ref::<Kept>()
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        let mut t = table();
        if let Some(map) = t.as_mut() {
            if let Some(n) = map.get_mut(&self.0) {
                *n -= 1;
                if *n == 0 {
                    map.remove(&self.0);
                }
            }
        }
    }
}

/// How many objects are kept (for the binding's specs).
pub fn count() -> usize {
    table().as_ref().map_or(0, HashMap::len)
}

/// `dmark` of the marking object: mark (and pin) every kept object.
unsafe extern "C" fn mark(_data: *mut c_void) {
    let t = table();
    if let Some(map) = t.as_ref() {
        for &obj in map.keys() {
            // SAFETY: called by Ruby's GC while marking; every key is a live object
            // (kept alive by exactly this marking).
            unsafe { rb_sys::rb_gc_mark(obj) };
        }
    }
}

/// `rb_data_type_t` of the marking object.
struct MarkerType(rb_sys::rb_data_type_t);

// SAFETY: never written after its static initialisation; the pointers are to
// a static string and a function.
unsafe impl Sync for MarkerType {}

static MARKER_TYPE: MarkerType = MarkerType(rb_sys::rb_data_type_t {
    wrap_struct_name: c"PuppetTypes::Kept".as_ptr(),
    function: rb_sys::rb_data_type_struct__bindgen_ty_1 {
        dmark: Some(mark),
        dfree: None,
        dsize: None,
        dcompact: None,
        reserved: [null_mut(); 1],
    },
    parent: null(),
    data: null_mut(),
    // Not write-barrier protected: Ruby marks its children at every collection.
    flags: 0,
});

/// Make the marking object (at load time).
pub fn init() {
    static MARKER: OnceLock<VALUE> = OnceLock::new();
    MARKER.get_or_init(|| {
        // The data pointer only has to be non-null (Ruby calls the mark
        // function of objects with data only); nothing reads through it.
        static DATA: u8 = 0;
        // SAFETY: calls of Ruby's C API at load time on the main thread: a
        // hidden (class 0) data object with a static data type, registered
        // for good so that it is marked at every collection and never moved.
        unsafe {
            let data = &DATA as *const u8 as *mut c_void;
            let obj = rb_sys::rb_data_typed_object_wrap(0, data, &MARKER_TYPE.0);
            rb_sys::rb_gc_register_mark_object(obj);
            obj
        }
    });
}
