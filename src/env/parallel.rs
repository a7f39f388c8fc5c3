//! Work spread over all cores on a thread pool made for the call, not on
//! rayon's global pool: a process that forks (Ruby servers do) keeps no
//! threads in the child, and work sent to a global pool made before the fork
//! would wait forever there.

/// Run `f` on a new pool with one thread per core (on the calling thread
/// when no pool can be made).
pub fn run<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    match rayon::ThreadPoolBuilder::new().build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}
