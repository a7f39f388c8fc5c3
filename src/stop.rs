//! Walks that stop before they can answer, and the host's say in long walks.
//!
//! Some answers cannot be trusted: a regular expression gave up on a text
//! (see [`crate::values::Regexp::is_match`]), a value was out of range, or a
//! long walk was told to stop because the host has an interruption to
//! deliver (Ruby's Ctrl-C, `Thread#raise`, `Timeout`). Such a walk records
//! why ([`record`]) and answers at once with whatever is at hand; the host
//! looks for a record made during the call ([`count`], then [`take`]) and
//! raises the error or delivers the interruption instead of the answer.
//!
//! Long walks count their steps in a [`Steps`] and every few thousand steps
//! (or sooner, after slow work: [`soon`]) ask the host's check
//! ([`install`]). The check either says to stop, or lets the walk go on; it
//! may first run the host's own code (other threads, signal handlers), but
//! only when the walk said it can bear that ([`Steps::stop`] can, from a
//! point where the walk holds nothing the host could change or free;
//! [`Steps::poll`] cannot). A walk that caches anything about host objects
//! by identity drops it when [`Steps::call_outs`] changes. Without an
//! installed check no walk is interrupted.
//!
//! Work the host runs without its lock (on other threads, and where the
//! host cannot be asked) is given a [`Cancel`] flag instead
//! ([`with_cancel`]), which the host sets from any thread. Work that keeps
//! what it made (files loaded into an index) looks at it ([`cancelled`])
//! between units it can drop whole, so that nothing kept is cut short; work
//! whose whole result is dropped when cancelled ([`Cancel::anywhere`]) also
//! stops at the next step of any walk.

use crate::error::Error;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// Why a walk stopped before it could answer.
#[derive(Debug)]
pub enum Stop {
    /// The host has an interruption to deliver.
    Interrupted,
    /// The answer rests on a step that failed (a regular expression gave up,
    /// the data is nested too deeply, a number is out of range).
    Failed(Error),
}

/// What the host's check answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Go on.
    Go,
    /// Go on; the host ran its own code, which may have changed host objects.
    CalledOut,
    /// Stop now (the host keeps the reason: [`record`]ed as [`Stop::Interrupted`]).
    Stop,
}

/// Steps between two looks at the host's check (a power of two).
const EVERY: u32 = 1 << 14;

/// The host's check; its argument says whether it may run host code.
static CHECK: OnceLock<fn(bool) -> Checked> = OnceLock::new();

/// Stops recorded so far, on any thread (a global is cheaper to reach from
/// a shared library than a thread-local, so hosts look at it first).
static STOPS: AtomicU64 = AtomicU64::new(0);

/// Bumped by slow work (a regular expression that needed several attempts, a
/// recorded stop) so that walks look at the host's check at their next step:
/// each walk remembers the value it last saw, so a walk on one thread does
/// not use up what another thread asked for.
static SOON: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// This thread's last stop not yet taken, with the value of [`STOPS`] it made.
    static STOPPED: RefCell<Option<(u64, Stop)>> = const { RefCell::new(None) };
    /// The cancel flag of the work this thread does, if any ([`with_cancel`]).
    static CANCEL: RefCell<Option<Cancel>> = const { RefCell::new(None) };
    /// [`count`] and [`SOON`] when the host's current call on this thread
    /// began, if in one ([`within_call`]).
    static CALL_SINCE: Cell<Option<(u64, u64)>> = const { Cell::new(None) };
    /// Steps counted by [`tick`] on this thread.
    static TICKS: Cell<u32> = const { Cell::new(0) };
}

/// Count one step of a walk that carries no [`Steps`] (a conversion of host
/// data, a loop over the members of a type, the formatter): every
/// [`EVERY`] steps of this thread the host's check is asked, without host
/// code, as [`Steps::poll`] asks it. True when the walk is to stop (the stop
/// is recorded: its answer will be dropped, so it may return anything).
#[inline]
pub fn tick() -> bool {
    let due = TICKS.with(|t| {
        let n = t.get().wrapping_add(1);
        t.set(n);
        n % EVERY == 0
    });
    due && Steps::new().poll_now()
}

/// [`tick`] at a point where the host may run its own code, as
/// [`Steps::stop`] is to [`Steps::poll`]: the walk holds no borrowed host
/// memory and no lock the host's other threads could need.
#[inline]
pub fn tick_stop() -> bool {
    let due = TICKS.with(|t| {
        let n = t.get().wrapping_add(1);
        t.set(n);
        n % EVERY == 0
    });
    due && Steps::new().stop_now()
}

/// Run `f`, one call of the host begun when [`count`] was `since`, whose
/// answer the host drops if any of its walks stops: a walk begun in it
/// also stops at a stop recorded earlier in the call (a parse whose lexer
/// was stopped then does not parse the tokens lexed so far).
pub fn within_call<T>(since: u64, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<(u64, u64)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CALL_SINCE.with(|c| c.set(self.0));
        }
    }
    let began = (since, SOON.load(Ordering::Relaxed));
    let _restore = Restore(CALL_SINCE.with(|c| c.replace(Some(began))));
    f()
}

/// The cancel flag of work run without the host's lock, which the host sets
/// (from any thread) to ask the work to give up.
#[derive(Clone, Debug)]
pub struct Cancel {
    /// Set when the work is to give up.
    pub flag: Arc<AtomicBool>,
    /// Whether the work's walks may stop at any step (its whole result is
    /// dropped when cancelled), not only between units.
    pub anywhere: bool,
}

/// Run `f` with `cancel` as this thread's cancel flag (restored after): the
/// host sets it to ask the work to give up (see the module documentation).
pub fn with_cancel<T>(cancel: Option<Cancel>, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Cancel>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            CANCEL.with(|c| *c.borrow_mut() = previous);
        }
    }
    let _restore = Restore(CANCEL.with(|c| c.replace(cancel)));
    f()
}

/// This thread's cancel flag, for the threads it hands work to.
pub fn cancel_flag() -> Option<Cancel> {
    CANCEL.with(|c| c.borrow().clone())
}

/// Make `cancel` the cancel flag of this thread, a worker for a thread that has it.
pub fn adopt_cancel(cancel: Option<Cancel>) {
    CANCEL.with(|c| *c.borrow_mut() = cancel);
}

/// True when the host asked the work of this thread to give up.
pub fn cancelled() -> bool {
    CANCEL.with(|c| {
        c.borrow()
            .as_ref()
            .is_some_and(|c| c.flag.load(Ordering::Relaxed))
    })
}

/// True when the host asked the work of this thread to give up, and its
/// walks may stop anywhere.
fn cancelled_anywhere() -> bool {
    CANCEL.with(|c| {
        c.borrow()
            .as_ref()
            .is_some_and(|c| c.anywhere && c.flag.load(Ordering::Relaxed))
    })
}

/// Install the host's check: given whether it may run host code, it says
/// whether the current thread should stop what it is doing. Only the first
/// installation counts.
pub fn install(check: fn(bool) -> Checked) {
    let _ = CHECK.set(check);
}

/// Record that a walk of this thread stopped, and why. A failure not yet
/// taken is kept over later stops (the first failure is the answer's reason).
pub fn record(stop: Stop) {
    let n = STOPS.fetch_add(1, Ordering::Relaxed) + 1;
    SOON.fetch_add(1, Ordering::Relaxed);
    STOPPED.with(|s| {
        let mut s = s.borrow_mut();
        let keep = matches!(&*s, Some((_, Stop::Failed(_))));
        if keep {
            if let Some((m, _)) = s.as_mut() {
                *m = n;
            }
        } else {
            *s = Some((n, stop));
        }
    });
}

/// Ask walks to look at the host's check at their next step (slow work was done).
#[inline]
pub fn soon() {
    SOON.fetch_add(1, Ordering::Relaxed);
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

/// True when this thread recorded a stop (not yet taken) after [`count`] was `since`.
pub fn stopped_since(since: u64) -> bool {
    STOPPED.with(|s| s.borrow().as_ref().is_some_and(|(n, _)| *n > since))
}

/// Backtracking steps of regular expressions a walk may spend beyond the
/// first try of each search (see [`crate::values::Regexp::is_match_in`]):
/// under a second of matching.
pub const REGEX_BUDGET: u64 = 10_000_000;

/// The steps of one long walk, and whether it has been told to stop.
#[derive(Debug)]
pub struct Steps {
    count: u32,
    stopped: bool,
    /// [`count`] when the walk began, or when the host's call it is part of
    /// began ([`within_call`]): a stop recorded since stops it too.
    since: u64,
    /// Times the host ran its own code during the walk.
    call_outs: u32,
    /// [`SOON`] when the walk last looked at the host's check (or when the
    /// host's call began: a walk looks at its first step after slow work
    /// or a stop earlier in the call).
    soon_seen: u64,
    /// Regular-expression steps left to spend (see [`REGEX_BUDGET`]).
    regex_budget: u64,
}

impl Default for Steps {
    fn default() -> Steps {
        Steps::new()
    }
}

impl Steps {
    /// The steps of a walk beginning now.
    pub fn new() -> Steps {
        let (since, soon_seen) = CALL_SINCE
            .with(Cell::get)
            .unwrap_or_else(|| (count(), SOON.load(Ordering::Relaxed)));
        Steps {
            count: 0,
            stopped: false,
            since,
            call_outs: 0,
            soon_seen,
            regex_budget: REGEX_BUDGET,
        }
    }

    /// Count one step; true when the walk is to stop now (and from then on).
    /// The walk must be at a point where the host may run its own code: it
    /// holds no borrowed host memory, and reads host containers again after
    /// this returns.
    #[inline]
    pub fn stop(&mut self) -> bool {
        self.step(true)
    }

    /// As [`Steps::stop`], for a point where the host must not run its code
    /// (the walk holds borrowed host memory): only a pending interruption
    /// stops the walk.
    #[inline]
    pub fn poll(&mut self) -> bool {
        self.step(false)
    }

    /// Ask the host now, whatever the count (after slow work), without host code.
    pub fn poll_now(&mut self) -> bool {
        self.stopped || self.ask(false)
    }

    /// [`Steps::poll_now`] at a point where the host may run its own code
    /// (see [`Steps::stop`]).
    pub fn stop_now(&mut self) -> bool {
        self.stopped || self.ask(true)
    }

    #[inline]
    fn step(&mut self, may_call_out: bool) -> bool {
        if self.stopped {
            return true;
        }
        self.count = self.count.wrapping_add(1);
        if self.count % EVERY == 0 || SOON.load(Ordering::Relaxed) != self.soon_seen {
            return self.ask(may_call_out);
        }
        false
    }

    /// How many times the host ran its own code during this walk: anything
    /// known about host objects by identity is stale when this changes.
    #[inline]
    pub fn call_outs(&self) -> u32 {
        self.call_outs
    }

    /// The regular-expression steps left to spend.
    pub fn regex_left(&self) -> u64 {
        self.regex_budget
    }

    /// Spend `n` regular-expression steps; false when the budget is spent.
    pub fn spend_regex(&mut self, n: u64) -> bool {
        match self.regex_budget.checked_sub(n) {
            Some(left) => {
                self.regex_budget = left;
                true
            }
            None => {
                self.regex_budget = 0;
                false
            }
        }
    }

    #[cold]
    fn ask(&mut self, may_call_out: bool) -> bool {
        self.soon_seen = SOON.load(Ordering::Relaxed);
        if stopped_since(self.since) {
            self.stopped = true;
            return true;
        }
        if cancelled_anywhere() {
            self.stopped = true;
            record(Stop::Interrupted);
            return true;
        }
        match CHECK.get().map(|check| check(may_call_out)) {
            Some(Checked::Stop) => {
                self.stopped = true;
                record(Stop::Interrupted);
            }
            Some(Checked::CalledOut) => self.call_outs = self.call_outs.wrapping_add(1),
            Some(Checked::Go) | None => {}
        }
        self.stopped
    }
}

/// A host check for tests: it stops the walks of the threads that ask it
/// to, the way Ruby's check stops a walk once per Ctrl-C.
#[cfg(test)]
pub(crate) mod test_check {
    use super::Checked;
    use std::cell::Cell;

    // Stop answers still to give on this thread (`u32::MAX`: always), and
    // whether the last look at the check said it may run host code.
    thread_local!(static STOPS_LEFT: Cell<u32> = const { Cell::new(0) });
    thread_local!(static LAST_MAY_CALL_OUT: Cell<Option<bool>> = const { Cell::new(None) });

    /// Whether the last look at the check on this thread said the host may
    /// run its code there (`None`: no look since the last call).
    pub fn last_may_call_out() -> Option<bool> {
        LAST_MAY_CALL_OUT.with(|l| l.take())
    }

    /// Install the check (the check is process-wide; every test installs this one).
    pub fn install() {
        super::install(check);
    }

    /// Have the next `n` looks at the check on this thread say stop
    /// (`u32::MAX`: every look, 0: none).
    pub fn stop_next(n: u32) {
        install();
        STOPS_LEFT.with(|s| s.set(n));
    }

    fn check(may_call_out: bool) -> Checked {
        LAST_MAY_CALL_OUT.with(|l| l.set(Some(may_call_out)));
        STOPS_LEFT.with(|s| match s.get() {
            0 => Checked::Go,
            u32::MAX => Checked::Stop,
            n => {
                s.set(n - 1);
                Checked::Stop
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_stops_once_the_check_says_so_and_the_stop_is_recorded() {
        test_check::install();
        let mut steps = Steps::default();
        let before = count();
        assert!((0..3 * EVERY).all(|_| !steps.stop()));
        assert!(take(before).is_none());
        test_check::stop_next(u32::MAX);
        let taken = (0..EVERY).filter(|_| steps.stop()).count();
        assert!(taken >= 1);
        assert!(steps.stop(), "stays stopped");
        assert!(matches!(take(before), Some(Stop::Interrupted)));
        assert!(take(before).is_none(), "taken once");
        test_check::stop_next(0);
    }

    #[test]
    fn a_tick_asks_the_host_every_few_thousand_steps_and_records_the_stop() {
        let before = count();
        within_call(before, || {
            test_check::stop_next(1);
            let stopped_at = (1..=2 * EVERY).find(|_| tick());
            assert!(stopped_at.is_some_and(|n| n <= EVERY), "{stopped_at:?}");
            // (the check now says go; the stop of this call still counts)
            assert!((0..EVERY).any(|_| tick()));
        });
        assert!(matches!(take(before), Some(Stop::Interrupted)));
        within_call(count(), || {
            assert!(!(0..2 * EVERY).any(|_| tick()), "a later call goes on");
        });
    }

    #[test]
    fn tick_polls_the_host_and_tick_stop_lets_it_run_its_code() {
        test_check::install();
        within_call(count(), || {
            let _ = test_check::last_may_call_out();
            assert!(!(0..EVERY).any(|_| tick()));
            assert_eq!(test_check::last_may_call_out(), Some(false));
            assert!(!(0..EVERY).any(|_| tick_stop()));
            assert_eq!(test_check::last_may_call_out(), Some(true));
        });
    }

    #[test]
    fn a_walk_begun_after_an_earlier_walk_of_the_same_call_stopped_stops_at_its_first_step() {
        let before = count();
        within_call(before, || {
            test_check::stop_next(1);
            let mut first = Steps::new();
            assert!((0..2 * EVERY).any(|_| first.stop()));
            // (the check now says go, as Ruby's does once it delivered the interrupt)
            let mut second = Steps::new();
            assert!(second.stop(), "the call's answer is already dropped");
        });
        assert!(matches!(take(before), Some(Stop::Interrupted)));
        within_call(count(), || {
            let mut next_call = Steps::new();
            assert!(!next_call.poll_now(), "a later call is not stopped");
        });
    }

    #[test]
    fn a_failure_recorded_during_a_walk_stops_it_at_the_next_step() {
        let mut steps = Steps::new();
        let before = count();
        assert!(!steps.poll());
        record(Stop::Failed(Error::argument("gave up")));
        assert!(steps.poll(), "stops at once, not after thousands of steps");
        assert!(matches!(take(before), Some(Stop::Failed(_))));
        let mut later = Steps::new();
        assert!(
            !later.poll_now(),
            "a new walk is not stopped by an old record"
        );
    }

    #[test]
    fn work_sees_the_cancel_flag_of_its_thread_and_of_the_thread_it_works_for() {
        assert!(!cancelled());
        let flag = Arc::new(AtomicBool::new(false));
        let between_units = Cancel {
            flag: flag.clone(),
            anywhere: false,
        };
        with_cancel(Some(between_units), || {
            assert!(!cancelled());
            flag.store(true, Ordering::Relaxed);
            assert!(cancelled());
            let mut steps = Steps::new();
            assert!(
                !(0..3 * EVERY).any(|_| steps.stop()),
                "walks go on between units"
            );
            let handed = cancel_flag();
            let worker = std::thread::spawn(move || {
                adopt_cancel(handed);
                cancelled()
            });
            assert!(worker.join().unwrap());
        });
        assert!(!cancelled(), "restored after");
    }

    #[test]
    fn work_cancelled_anywhere_stops_its_walks() {
        let anywhere = Cancel {
            flag: Arc::new(AtomicBool::new(true)),
            anywhere: true,
        };
        let before = count();
        with_cancel(Some(anywhere), || {
            let mut steps = Steps::new();
            assert!((0..EVERY).any(|_| steps.stop()));
        });
        assert!(matches!(take(before), Some(Stop::Interrupted)));
    }

    #[test]
    fn the_regex_budget_is_spent_once() {
        let mut steps = Steps::new();
        assert!(steps.spend_regex(REGEX_BUDGET - 1));
        assert!(!steps.spend_regex(2));
        assert!(!steps.spend_regex(1));
    }
}
