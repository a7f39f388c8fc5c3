//! Cooperative interruption of long calls.
//!
//! A check of nested data against a deeply nested type, or an evaluation,
//! can run for a long time, and a host may want to stop it (Ruby's
//! `Timeout.timeout`, Ctrl-C). The host installs a check that says whether
//! the current thread has an interruption pending ([`install`]); long walks
//! count their steps in a [`Steps`] and every few thousand steps ask the
//! check. Once it says yes, the walk stops at once with whatever answer is at
//! hand, and the stop is recorded for this thread ([`take_stop`]): the host
//! then discards that answer and delivers the interruption (the Ruby binding
//! lets Ruby raise it). Without an installed check nothing is ever stopped.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Steps between two looks at the host's check (a power of two).
const EVERY: u32 = 1 << 14;

static CHECK: OnceLock<fn() -> bool> = OnceLock::new();

/// Walks stopped so far, on any thread.
static STOPS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The value of [`STOPS`] made by this thread's last stop, not yet taken.
    static STOPPED: Cell<u64> = const { Cell::new(0) };
}

/// Install the host's check: true when the current thread should stop what
/// it is doing. Only the first installation counts.
pub fn install(check: fn() -> bool) {
    let _ = CHECK.set(check);
}

/// A count that changes whenever a walk stops, on any thread: when it has not
/// changed over a call, nothing in the call stopped.
pub fn stop_count() -> u64 {
    STOPS.load(Ordering::Relaxed)
}

/// True when a walk of this thread stopped after [`stop_count`] was `since`
/// (its answer is then incomplete), clearing the record.
pub fn take_stop(since: u64) -> bool {
    STOPPED.with(|s| s.replace(0)) > since
}

/// The steps of one long walk, and whether it has been told to stop.
#[derive(Debug, Default)]
pub struct Steps {
    count: u32,
    stopped: bool,
}

impl Steps {
    /// Count one step; true when the walk is to stop now (and from then on).
    #[inline]
    pub fn stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.count = self.count.wrapping_add(1);
        self.count % EVERY == 0 && self.ask()
    }

    #[cold]
    fn ask(&mut self) -> bool {
        if CHECK.get().is_some_and(|check| check()) {
            self.stopped = true;
            let n = STOPS.fetch_add(1, Ordering::Relaxed) + 1;
            STOPPED.with(|s| s.set(n));
        }
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_stops_once_the_check_says_so_and_the_stop_is_recorded() {
        // (the check is process-wide; this one stops walks on this test's thread only)
        thread_local!(static STOP: Cell<bool> = const { Cell::new(false) });
        install(|| STOP.with(Cell::get));
        let mut steps = Steps::default();
        let before = stop_count();
        assert!((0..3 * EVERY).all(|_| !steps.stop()));
        assert!(!take_stop(before));
        STOP.with(|s| s.set(true));
        let taken = (0..EVERY).filter(|_| steps.stop()).count();
        assert!(taken >= 1);
        assert!(steps.stop(), "stays stopped");
        assert!(take_stop(before));
        assert!(!take_stop(before), "taken once");
        STOP.with(|s| s.set(false));
    }
}
