//! Running pure-Rust work with Ruby's global VM lock released, so other Ruby
//! threads run meanwhile and the work may use every core.
//!
//! The closure must not touch any Ruby object nor call Ruby's C API (it may
//! run on threads Ruby does not know); it gets only owned or `Sync` Rust
//! data. A panic in it is carried back and resumed on the calling thread,
//! where [`super::errors::guard`] turns it into `PuppetTypes::InternalError`.

use std::ffi::c_void;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

struct Call<F, R> {
    f: Option<F>,
    result: Option<std::thread::Result<R>>,
}

unsafe extern "C" fn trampoline<F: FnOnce() -> R, R>(data: *mut c_void) -> *mut c_void {
    // SAFETY: `data` is the `Call` that `without_gvl` passed, alive and not
    // otherwise borrowed until `rb_thread_call_without_gvl` returns.
    let call = unsafe { &mut *(data as *mut Call<F, R>) };
    if let Some(f) = call.f.take() {
        // (no look at Ruby's interrupts from here: the GVL is released)
        call.result = Some(super::interrupts::with_gvl(false, || {
            catch_unwind(AssertUnwindSafe(f))
        }));
    }
    std::ptr::null_mut()
}

/// Run `f` with the GVL released and give its result.
pub fn without_gvl<F, R>(f: F) -> R
where
    F: FnOnce() -> R + Send,
    R: Send,
{
    let mut call = Call {
        f: Some(f),
        result: None,
    };
    // SAFETY: called on a Ruby thread holding the GVL (every method of the
    // binding is); the trampoline only runs `f`, which touches no Ruby state,
    // and `call` outlives the call. Without an unblocking function an
    // interrupt waits until `f` returns.
    unsafe {
        rb_sys::rb_thread_call_without_gvl(
            Some(trampoline::<F, R>),
            &mut call as *mut Call<F, R> as *mut c_void,
            None,
            std::ptr::null_mut(),
        );
    }
    match call.result {
        Some(Ok(r)) => r,
        Some(Err(panic)) => resume_unwind(panic),
        None => panic!("the work given to without_gvl did not run"),
    }
}
