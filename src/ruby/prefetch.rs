//! The prefetch hint: asks the processor to start bringing a cache line in,
//! for walks over Ruby objects of big data, which are cold in memory. A
//! prefetch never faults and changes nothing
//! the program sees, so any address will do. Off x86_64 it does nothing.

/// Start bringing the cache line of `p` in.
#[inline(always)]
pub(crate) fn line<T: ?Sized>(p: *const T) {
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
