//! Deferred drops of type nodes whose owner let go of them long after they
//! were made: the types of Ruby objects freed in a GC sweep.
//!
//! By the time Ruby's sweep frees a type object, its node and parts are in
//! no cache any more (a process that parses type strings in a loop makes
//! megabytes of them between two collections), and dropping each type at once
//! would stall on those misses one after the other. Instead a node given up
//! through [`release`] goes through a short pipeline: it is prefetched as it
//! enters; [`STAGE`] releases later, with the node in cache, the nodes and
//! buffers it points to are prefetched; another [`STAGE`] releases later it
//! is dropped. The misses of several frees thus overlap (about a tenth of the
//! time of `TypeParser.parse(s, cache: false)` in the `type_parse` benchmark).
//!
//! Releases are serialised by a flag; one that finds it taken (two threads
//! releasing at once, which Ruby's GC does not do) drops its node at once.
//! At most `2 * STAGE` nodes wait; those still waiting when the process ends
//! are not dropped, like the objects Ruby does not free at exit.
//!
//! The prefetches are [`crate::prefetch::line`] hints; off x86_64 there are
//! none, and the pipeline only delays the drops.

use crate::prefetch::line;
use crate::types::model::{Type, TypeKind, TypeRef};
use std::cell::UnsafeCell;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, Ordering};

/// Releases between the steps of a node through the pipeline: enough for a
/// prefetch to arrive (a release takes a few dozen nanoseconds), few enough
/// that the lines are still in the first-level cache when they are read.
const STAGE: usize = 8;

/// The nodes on their way, each the address of a [`Type::into_raw`] with
/// its count.
struct Pipeline {
    /// Nodes prefetched, waiting for their parts to be.
    entering: [Option<NonNull<()>>; STAGE],
    /// Nodes whose parts were prefetched, waiting to be dropped.
    leaving: [Option<NonNull<()>>; STAGE],
    /// The slot (of both rings) the next release takes.
    next: usize,
}

/// The pipeline and the flag that guards it.
struct Guarded {
    busy: AtomicBool,
    pipeline: UnsafeCell<Pipeline>,
}

// SAFETY: the pipeline is only reached by the holder of `busy` (taken with
// Acquire, given back with Release), and the nodes in it are of `Type`, which
// is Send and Sync.
unsafe impl Sync for Guarded {}

static PIPELINE: Guarded = Guarded {
    busy: AtomicBool::new(false),
    pipeline: UnsafeCell::new(Pipeline {
        entering: [None; STAGE],
        leaving: [None; STAGE],
        next: 0,
    }),
};

/// Gives up the count on the node `raw`: the type is dropped a few releases
/// later (see the module documentation).
///
/// # Safety
/// `raw` must come from [`Type::into_raw`], with its count, which the caller
/// gives up here.
pub unsafe fn release(raw: NonNull<()>) {
    node(raw);
    if PIPELINE.busy.swap(true, Ordering::Acquire) {
        // SAFETY: as the caller promises.
        drop(unsafe { Type::from_raw(raw) });
        return;
    }
    // SAFETY: `busy` was false and is now ours: no one else reaches the pipeline.
    let pipeline = unsafe { &mut *PIPELINE.pipeline.get() };
    let slot = pipeline.next;
    pipeline.next = (slot + 1) % STAGE;
    let moving = pipeline.entering[slot].replace(raw);
    if let Some(raw) = moving {
        // SAFETY: the pipeline holds the node's count, so it is alive.
        let t = unsafe { TypeRef::from_raw(raw) };
        parts(&t);
    }
    let leaving = std::mem::replace(&mut pipeline.leaving[slot], moving);
    PIPELINE.busy.store(false, Ordering::Release);
    if let Some(raw) = leaving {
        // SAFETY: the count the pipeline held since the node's release.
        drop(unsafe { Type::from_raw(raw) });
    }
}

/// Cache line bytes.
const LINE: usize = 64;

/// The node at `raw` (an address of [`Type::into_raw`]): its count and kind,
/// which may lie on two cache lines.
#[inline(always)]
fn node(raw: NonNull<()>) {
    let p = raw.as_ptr().cast::<u8>();
    line(p);
    line(p.wrapping_add(LINE));
}

/// The node of `t`.
#[inline(always)]
fn node_of(t: &Type) {
    node(t.raw());
}

/// The memory that dropping the last handle of `t` reads after its node: the
/// nodes of its member types and the buffers of its lists (their members'
/// own parts are not reached, which would take reading those buffers).
fn parts(t: &Type) {
    use TypeKind as K;
    match t.kind() {
        K::NotUndef(Some(c))
        | K::Optional(Some(c))
        | K::Type(Some(c))
        | K::Iterable(Some(c))
        | K::Iterator(Some(c))
        | K::Sensitive(Some(c))
        | K::Array { element: c, .. } => node_of(c),
        K::Hash { key, value, .. } => {
            node_of(key);
            node_of(value);
        }
        K::Struct(Some(elements)) => {
            if elements.spilled() {
                line(elements.as_ptr());
            } else {
                for e in elements.iter() {
                    node_of(&e.key_type);
                    node_of(&e.value_type);
                }
            }
        }
        K::Variant(types)
        | K::Tuple {
            types: Some(types), ..
        } => line(types.as_ptr()),
        K::Enum { values, .. } => line(values.as_ptr()),
        K::Pattern(patterns) => line(patterns.as_ptr()),
        K::SemVer(ranges) => line(ranges.as_ptr()),
        K::Callable(signature) => line(&**signature),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{factory, TypeAlias};
    use std::sync::Arc;

    #[test]
    fn a_released_type_is_dropped_two_stages_later() {
        // (the only test that releases: the pipeline is one for the process)
        let alias = Arc::new(TypeAlias::new("Watched"));
        let t = Type::from_kind(TypeKind::Alias(alias.clone()));
        // SAFETY: a node of `into_raw`, with its count (here and below).
        unsafe { release(t.into_raw()) };
        for i in 0..2 * STAGE {
            assert_eq!(Arc::strong_count(&alias), 2, "after {i} more releases");
            let filler = factory::array_of(factory::string_value(&i.to_string()));
            unsafe { release(filler.into_raw()) };
        }
        assert_eq!(Arc::strong_count(&alias), 1);
    }
}
