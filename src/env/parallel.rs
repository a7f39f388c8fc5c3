//! Work spread over all cores on a thread pool made for the call, not on
//! rayon's global pool: a process that forks (Ruby servers do) keeps no
//! threads in the child, and work sent to a global pool made before the fork
//! would wait forever there.

/// Run `f` on a new pool with one thread per core (on the calling thread
/// when no pool can be made). The pool's threads share the calling thread's
/// cancel flag ([`crate::stop::cancelled`]).
pub fn run<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    run_on(None, f)
}

/// Run `f` on a new pool of `threads` threads (one per core when `None`),
/// as [`run`] does.
pub fn run_on<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> R {
    let flag = crate::stop::cancel_flag();
    let mut builder = rayon::ThreadPoolBuilder::new()
        .start_handler(move |_| crate::stop::adopt_cancel(flag.clone()));
    if let Some(n) = threads {
        builder = builder.num_threads(n.max(1));
    }
    let pool = builder.build();
    match pool {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}
