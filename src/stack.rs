//! Deep recursion without stack overflow.
//!
//! Every recursive walk of the crate (the parser, the validator, the type
//! calculator, the formatter, the evaluator, conversions) runs its recursive
//! step through [`deep`]: while the thread's stack has room the step runs
//! where it is; near the end of the stack the walk continues on a fresh
//! segment taken from the heap (the `stacker` crate), so nesting is limited
//! by each walk's own depth limit (a clean error), never by the stack the
//! host thread happens to have.
//!
//! A host whose garbage collector scans thread stacks (Ruby) must not run
//! its own code on such a segment: [`on_host_stack`] says whether the
//! current frame is still on the thread's own stack.

use std::cell::Cell;

/// Room a recursive step needs below it: when less is left, the step runs
/// on a new segment.
const RED_ZONE: usize = 256 * 1024;

/// The size of each new segment (its pages are only committed when used).
const SEGMENT: usize = 4 * 1024 * 1024;

thread_local! {
    /// How many segments this thread is running on above its own stack.
    static GROWN: Cell<u32> = const { Cell::new(0) };
}

/// Run `f`, on a new stack segment when the current one is nearly used up.
#[inline]
pub fn deep<R>(f: impl FnOnce() -> R) -> R {
    match stacker::remaining_stack() {
        Some(left) if left >= RED_ZONE => f(),
        _ => grow(f),
    }
}

#[cold]
#[inline(never)]
fn grow<R>(f: impl FnOnce() -> R) -> R {
    struct Leave;
    impl Drop for Leave {
        fn drop(&mut self) {
            GROWN.with(|g| g.set(g.get().saturating_sub(1)));
        }
    }
    GROWN.with(|g| g.set(g.get() + 1));
    let _leave = Leave;
    stacker::grow(SEGMENT, f)
}

/// True when the current frame runs on the thread's own stack (no segment
/// of [`deep`] is in use) with at least `room` bytes left.
pub fn on_host_stack(room: usize) -> bool {
    GROWN.with(Cell::get) == 0 && stacker::remaining_stack().is_some_and(|left| left >= room)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_of(n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        // a frame with some weight, so that the thread's stack runs out
        let pad = std::hint::black_box([0u8; 512]);
        deep(|| depth_of(n - 1)) + u32::from(pad[0] == 0)
    }

    #[test]
    fn a_recursion_deeper_than_the_thread_stack_completes_on_segments() {
        let t = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(|| (depth_of(100_000), on_host_stack(0)))
            .expect("spawn");
        assert_eq!(t.join().expect("no overflow"), (100_000, true));
    }

    #[test]
    fn frames_on_a_segment_are_not_on_the_host_stack() {
        fn probe(n: u32) -> bool {
            if n == 0 {
                return on_host_stack(0);
            }
            let pad = std::hint::black_box([0u8; 1024]);
            deep(|| probe(n - 1)) && pad[0] == 0
        }
        let t = std::thread::Builder::new()
            .stack_size(2 * 1024 * 1024)
            .spawn(|| (probe(10), probe(5_000)))
            .expect("spawn");
        assert_eq!(t.join().expect("no overflow"), (true, false));
    }
}
