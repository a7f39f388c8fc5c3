//! The prefetch hint: asks the processor to start bringing a cache line in,
//! for walks over big data that is cold in memory (Ruby objects walked in
//! place, the nodes of a big type being freed). A prefetch never faults and
//! changes nothing the program sees, so any address will do. Off x86_64 it
//! does nothing. A leaf every layer may use.

/// Start bringing the cache line of `p` in.
#[inline(always)]
pub fn line<T: ?Sized>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of every x86_64 target, and a prefetch reads
        // nothing the program sees and cannot fault, whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
