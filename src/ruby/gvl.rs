//! Running pure-Rust work with Ruby's global VM lock released, so other Ruby
//! threads run meanwhile and the work may use every core.
//!
//! The closure must not touch any Ruby object nor call Ruby's C API (it may
//! run on threads Ruby does not know); it gets only owned or `Sync` Rust
//! data. A panic in it is carried back and resumed on the calling thread,
//! where [`super::errors::guard`] turns it into `PuppetTypes::InternalError`.
//!
//! An interruption meanwhile (Ctrl-C, `Thread#raise`, `Timeout`) makes Ruby
//! call the unblocking function, which sets the work's cancel flag
//! ([`crate::stop::with_cancel`]); the work gives up at its next unit (a
//! file), or, given with [`Cut::Anywhere`], at the next step of a walk; the
//! guard delivers the interruption (or, when it raises nothing, runs the
//! call again).

use std::ffi::c_void;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Where the work may be cut short when interrupted.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// Between the units it keeps (files loaded into an index): what it
    /// keeps is never cut short.
    BetweenUnits,
    /// At any step: its whole result is dropped when interrupted.
    Anywhere,
}

struct Call<F, R> {
    f: Option<F>,
    cancel: crate::stop::Cancel,
    result: Option<std::thread::Result<R>>,
}

unsafe extern "C" fn trampoline<F: FnOnce() -> R, R>(data: *mut c_void) -> *mut c_void {
    // SAFETY: `data` is the `Call` that `without_gvl` passed, alive and not
    // otherwise borrowed until `rb_thread_call_without_gvl` returns.
    let call = unsafe { &mut *(data as *mut Call<F, R>) };
    if let Some(f) = call.f.take() {
        let cancel = Some(call.cancel.clone());
        // (no look at Ruby's interrupts from here: the GVL is released)
        call.result = Some(super::interrupts::with_gvl(false, || {
            crate::stop::with_cancel(cancel, || catch_unwind(AssertUnwindSafe(f)))
        }));
    }
    std::ptr::null_mut()
}

/// The unblocking function: Ruby calls it, from another thread, when the
/// thread running the work has an interruption to deliver.
unsafe extern "C" fn cancel(data: *mut c_void) {
    // SAFETY: `data` is the flag of the `Call` being run, alive until
    // `rb_thread_call_without_gvl` returns (Ruby calls this only meanwhile).
    unsafe { (*(data as *const AtomicBool)).store(true, Ordering::Relaxed) };
}

/// Run `f` with the GVL released and give its result; `None` when an
/// interruption cut the work short (recorded as a stop, which the guard of
/// the call delivers: the caller just returns).
pub fn without_gvl<F, R>(cut: Cut, f: F) -> Option<R>
where
    F: FnOnce() -> R + Send,
    R: Send,
{
    let flag = Arc::new(AtomicBool::new(false));
    let mut call = Call {
        f: Some(f),
        cancel: crate::stop::Cancel {
            flag: flag.clone(),
            anywhere: cut == Cut::Anywhere,
        },
        result: None,
    };
    // SAFETY: called on a Ruby thread holding the GVL (every method of the
    // binding is); the trampoline only runs `f`, which touches no Ruby state,
    // and `call` and `flag` outlive the call. The unblocking function only
    // sets the flag, an atomic store, safe from any thread and from a signal
    // handler (UBF_ASYNC_SAFE: Ruby then calls it from its handler, so a
    // signal reaches the work even when no other Ruby thread runs). With
    // INTR_FAIL Ruby never runs its interrupt processing here (which could
    // raise and jump out over these frames): with an interruption already
    // pending it returns without running `f`.
    unsafe {
        rb_sys::rb_nogvl(
            Some(trampoline::<F, R>),
            &mut call as *mut Call<F, R> as *mut c_void,
            Some(cancel),
            Arc::as_ptr(&flag) as *mut c_void,
            (rb_sys::RB_NOGVL_INTR_FAIL | rb_sys::RB_NOGVL_UBF_ASYNC_SAFE) as i32,
        );
    }
    let result = match call.result {
        Some(Ok(r)) if !flag.load(Ordering::Relaxed) => r,
        Some(Err(panic)) => resume_unwind(panic),
        // (cut short, or not run: an interruption was pending)
        _ => {
            crate::stop::record(crate::stop::Stop::Interrupted);
            return None;
        }
    };
    Some(result)
}
