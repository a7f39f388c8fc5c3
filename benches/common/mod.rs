//! Timing shared by the Rust benches.

use std::time::{Duration, Instant};

/// The best time per call of `f` over five rounds of `iters` calls (the
/// machine is shared, so the minimum is the signal).
pub fn best_of_five<F: FnMut()>(iters: u32, mut f: F) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..iters {
            f();
        }
        best = best.min(start.elapsed() / iters);
    }
    best
}
