//! The extension's global allocator: mimalloc.
//!
//! Building and dropping many small shared nodes (types, values, syntax
//! trees) is several times faster with mimalloc than with the system
//! allocator, which returns and re-faults pages between calls.
//!
//! The `mimalloc` crate's adapter sends every request through mimalloc's
//! aligned entry points. Nearly all of ours ask for the alignment mimalloc
//! gives every block anyway (at most 16 bytes and at most the size, the rule
//! `mi_malloc_is_naturally_aligned` applies), and those go straight to
//! `mi_malloc`, whose path is shorter; the rest take the aligned calls.

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// mimalloc, called through its plain entry points where the alignment allows.
pub struct MiMalloc;

/// The alignment `mi_malloc` guarantees for blocks at least this large.
const NATURAL_ALIGN: usize = 16;

/// True when `mi_malloc(size)` is aligned enough for `layout`.
#[inline]
fn natural(align: usize, size: usize) -> bool {
    align <= NATURAL_ALIGN && align <= size
}

// SAFETY: every pointer handed out comes from mimalloc, aligned as the layout
// asks (the plain calls only where mimalloc guarantees that alignment), and is
// given back to mimalloc, whose `mi_free` takes blocks from either entry point.
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if natural(layout.align(), layout.size()) {
            mi::mi_malloc(layout.size()) as *mut u8
        } else {
            mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if natural(layout.align(), layout.size()) {
            mi::mi_zalloc(layout.size()) as *mut u8
        } else {
            mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr as *mut c_void);
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if natural(layout.align(), new_size) {
            mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
        } else {
            mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_as_their_layouts_ask() {
        let a = MiMalloc;
        for (size, align) in [
            (1, 1),
            (8, 8),
            (24, 8),
            (16, 16),
            (48, 16),
            (64, 32),
            (8, 16),
        ] {
            let layout = Layout::from_size_align(size, align).unwrap();
            // SAFETY: non-zero sizes; each block is written within its size and freed once.
            unsafe {
                let p = a.alloc(layout);
                assert!(!p.is_null() && p as usize % align == 0, "{size}/{align}");
                p.write_bytes(7, size);
                let q = a.realloc(p, layout, size * 5);
                assert!(
                    !q.is_null() && q as usize % align == 0,
                    "{size}/{align} grown"
                );
                assert_eq!(*q, 7);
                a.dealloc(q, Layout::from_size_align(size * 5, align).unwrap());
                let z = a.alloc_zeroed(layout);
                assert!(z as usize % align == 0 && *z == 0);
                a.dealloc(z, layout);
            }
        }
    }
}
