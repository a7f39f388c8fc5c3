//! Interrupts and other threads during long calls: the host's check of
//! [`crate::stop`] for Ruby.
//!
//! A long walk asks the check every few thousand steps. Where the walk has
//! said it can bear Ruby running (inside [`with_call_outs`], at a
//! [`crate::stop::Steps::stop`] point, on the thread's own stack), the check
//! runs Ruby's interrupt processing (`rb_thread_check_ints`): other threads
//! get the GVL (so `Timeout` can fire), signal handlers and `Thread#raise`
//! are delivered. An exception raised there is caught, kept alive
//! ([`super::kept`]) and the walk stops; [`super::errors::guard`] raises it
//! ([`take_raised`]). Elsewhere the check only looks whether an interruption
//! is pending, and stops the walk if so; the guard then lets Ruby deliver it.

use super::kept::Kept;
use magnus::rb_sys::protect;
use std::cell::{Cell, RefCell};
use std::sync::Arc;

/// Room on the thread's own stack that Ruby code run from a check gets.
const RUBY_ROOM: usize = 256 * 1024;

thread_local! {
    /// Whether this thread is in a call of the binding and holds the GVL
    /// (other threads, and work run with the GVL released, ask Ruby nothing).
    static HOLDS_GVL: Cell<bool> = const { Cell::new(false) };
    /// Whether the walk running on this thread can bear Ruby running at its steps.
    static CALL_OUTS: Cell<bool> = const { Cell::new(false) };
    /// What Ruby raised in a check, for the guard to raise.
    static RAISED: RefCell<Option<Raised>> = const { RefCell::new(None) };
}

/// What Ruby raised in a check.
enum Raised {
    /// An exception, kept alive until it is raised again.
    Exception(Arc<Kept>),
    /// A non-local exit without an exception (`Thread#kill`, `throw`).
    Jump(magnus::Error),
}

/// Run `f`, a walk that can bear Ruby running at its steps: it holds no
/// borrowed Ruby memory across them, reads containers again after them, and
/// holds no lock another call could need.
pub fn with_call_outs<T>(f: impl FnOnce() -> T) -> T {
    call_outs(true, f)
}

/// Run `f` with Ruby kept from running at its steps: every entry point of
/// the binding starts so ([`super::errors::guard`]), also when Ruby calls it
/// again from code run at a step of an outer walk.
pub fn without_call_outs<T>(f: impl FnOnce() -> T) -> T {
    call_outs(false, f)
}

fn call_outs<T>(allowed: bool, f: impl FnOnce() -> T) -> T {
    scoped(&CALL_OUTS, allowed, f)
}

/// Run `f`, a call of the binding on a Ruby thread holding the GVL (with
/// `true`), or work run with the GVL released (with `false`).
pub fn with_gvl<T>(held: bool, f: impl FnOnce() -> T) -> T {
    scoped(&HOLDS_GVL, held, f)
}

/// Run `f` with the thread-local `flag` set to `value`, restored after.
fn scoped<T>(
    flag: &'static std::thread::LocalKey<Cell<bool>>,
    value: bool,
    f: impl FnOnce() -> T,
) -> T {
    struct Restore(&'static std::thread::LocalKey<Cell<bool>>, bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            self.0.with(|c| c.set(self.1));
        }
    }
    let _restore = Restore(flag, flag.with(|c| c.replace(value)));
    f()
}

/// True when the current Ruby thread has an interruption to deliver
/// (`Thread#raise`, `Thread#kill`, a signal).
pub fn interruption_pending() -> bool {
    // SAFETY: plain reads of the current thread's state, on a Ruby thread.
    unsafe { rb_sys::rb_thread_interrupted(rb_sys::rb_thread_current()) != 0 }
}

/// The check installed into [`crate::stop`].
pub fn check(may_call_out: bool) -> crate::stop::Checked {
    use crate::stop::Checked;
    if !HOLDS_GVL.with(Cell::get) {
        // (a thread Ruby does not know, or work with the GVL released)
        return Checked::Go;
    }
    let call_out = may_call_out
        && CALL_OUTS.with(Cell::get)
        && crate::stack::on_host_stack(RUBY_ROOM)
        && RAISED.with(|r| r.borrow().is_none());
    if !call_out {
        return if interruption_pending() {
            Checked::Stop
        } else {
            Checked::Go
        };
    }
    // SAFETY: Ruby's interrupt processing, on a Ruby thread holding the GVL, on
    // its own stack, under protect.
    let r = protect(|| {
        unsafe { rb_sys::rb_thread_check_ints() };
        rb_sys::Qnil as rb_sys::VALUE
    });
    match r {
        Ok(_) => Checked::CalledOut,
        Err(e) => {
            keep_raised(e);
            Checked::Stop
        }
    }
}

/// Have the guard raise `e`, which Ruby raised while the binding ran Ruby
/// code on its own between steps of a walk (the walk's answer is dropped).
pub fn raise_after_walk(e: magnus::Error) {
    keep_raised(e);
    crate::stop::record(crate::stop::Stop::Interrupted);
}

/// Keep the exception of a check for [`take_raised`] (marked meanwhile).
fn keep_raised(e: magnus::Error) {
    let raised = match e.value() {
        Some(exc) => Raised::Exception(Kept::new(exc)),
        None => Raised::Jump(e),
    };
    RAISED.with(|r| *r.borrow_mut() = Some(raised));
}

/// The exception a check of this thread caught, if any (taken).
pub fn take_raised() -> Option<magnus::Error> {
    match RAISED.with(|r| r.borrow_mut().take())? {
        // (the exception is referenced from the caller's frame once taken)
        Raised::Exception(kept) => {
            magnus::Exception::from_value(kept.get()).map(magnus::Error::from)
        }
        Raised::Jump(e) => Some(e),
    }
}
