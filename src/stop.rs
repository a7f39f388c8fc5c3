//! Walks that stop before they can answer.
//!
//! Some answers cannot be trusted: a regular expression gave up on a text
//! (see [`crate::values::Regexp::is_match`]), or a long walk was told to stop
//! because the host has an interruption to deliver (Ruby's Ctrl-C or
//! SIGTERM). Such a walk records why ([`record`]) and answers at once with
//! whatever is at hand; the host looks for a record made during the call
//! ([`count`], then [`take`]) and raises the error or delivers the
//! interruption instead of the answer.
//!
//! For interruptions the host installs a check that says whether the current
//! thread has one pending ([`install`]); long walks count their steps in a
//! [`Steps`] and every few thousand steps ask the check. Without an installed
//! check no walk is interrupted.

use crate::error::Error;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Why a walk stopped before it could answer.
#[derive(Debug)]
pub enum Stop {
    /// The host has an interruption to deliver.
    Interrupted,
    /// The answer rests on a step that failed (a regular expression gave up).
    Failed(Error),
}

/// Steps between two looks at the host's check (a power of two).
const EVERY: u32 = 1 << 14;

static CHECK: OnceLock<fn() -> bool> = OnceLock::new();

/// Stops recorded so far, on any thread (a global is cheaper to reach from
/// a shared library than a thread-local, so hosts look at it first).
static STOPS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// This thread's last stop not yet taken, with the value of [`STOPS`] it made.
    static STOPPED: RefCell<Option<(u64, Stop)>> = const { RefCell::new(None) };
}

/// Install the host's check: true when the current thread should stop what
/// it is doing. Only the first installation counts.
pub fn install(check: fn() -> bool) {
    let _ = CHECK.set(check);
}

/// Record that a walk of this thread stopped, and why.
pub fn record(stop: Stop) {
    let n = STOPS.fetch_add(1, Ordering::Relaxed) + 1;
    STOPPED.with(|s| *s.borrow_mut() = Some((n, stop)));
}

/// A count that changes whenever a walk stops, on any thread: when it has
/// not changed over a call, nothing in the call stopped.
pub fn count() -> u64 {
    STOPS.load(Ordering::Relaxed)
}

/// Why a walk of this thread stopped after [`count`] was `since` (its answer
/// is then not to be trusted), clearing the record.
pub fn take(since: u64) -> Option<Stop> {
    let taken = STOPPED.with(|s| s.borrow_mut().take());
    taken.and_then(|(n, stop)| (n > since).then_some(stop))
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
            record(Stop::Interrupted);
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
        use std::cell::Cell;
        thread_local!(static STOP: Cell<bool> = const { Cell::new(false) });
        install(|| STOP.with(Cell::get));
        let mut steps = Steps::default();
        let before = count();
        assert!((0..3 * EVERY).all(|_| !steps.stop()));
        assert!(take(before).is_none());
        STOP.with(|s| s.set(true));
        let taken = (0..EVERY).filter(|_| steps.stop()).count();
        assert!(taken >= 1);
        assert!(steps.stop(), "stays stopped");
        assert!(matches!(take(before), Some(Stop::Interrupted)));
        assert!(take(before).is_none(), "taken once");
        STOP.with(|s| s.set(false));
    }
}
