//! [`Counted`]: the reference-counted pointer behind [`super::Type`].
//!
//! Like `std::sync::Arc` without weak references, which a type never has:
//! the header is one count (8 bytes instead of Arc's 16), and dropping the
//! last handle frees the node without an atomic read-modify-write (Arc
//! decrements both the strong and the weak count). Big inferred types are
//! made of many nodes with one owner each (a `Struct` per hash, a
//! `String<text>` per distinct text), so both the node size and the atomic
//! operations per node show in `infer_set` of big data.
//!
//! Why not `triomphe::Arc` (the same one-count header): its last drop still
//! decrements atomically, and with it the `infer_set` benchmark (the workload
//! furthest below its target) ran slower in alternating runs; the numbers
//! are in the commit that kept this module.

use std::alloc::Layout;
use std::marker::PhantomData;
use std::mem::ManuallyDrop;
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::atomic::{fence, AtomicUsize, Ordering};

/// A shared, immutable `T` with a thread-safe reference count.
#[repr(transparent)]
pub struct Counted<T> {
    node: NonNull<Node<T>>,
}

/// The heap node: the count of handles, then the value.
struct Node<T> {
    count: AtomicUsize,
    value: T,
}

/// A new node of `count` handles holding the value `make` returns, made
/// in place (see [`Counted::build`]).
#[inline(always)]
fn node_with<T>(count: usize, make: impl FnOnce() -> T) -> NonNull<Node<T>> {
    /// Frees the memory of a node whose value was not made (`make` panicked).
    struct Unmade(*mut u8, Layout);
    impl Drop for Unmade {
        fn drop(&mut self) {
            // SAFETY: allocated just before with this layout, and not used since.
            unsafe { std::alloc::dealloc(self.0, self.1) };
        }
    }
    let layout = Layout::new::<Node<T>>();
    // SAFETY: a node is never zero-sized (it holds the count).
    let p = unsafe { std::alloc::alloc(layout) }.cast::<Node<T>>();
    let Some(node) = NonNull::new(p) else {
        std::alloc::handle_alloc_error(layout)
    };
    let unmade = Unmade(p.cast(), layout);
    // SAFETY: `p` is fresh memory of the node's layout, valid for writes;
    // both fields are written before anything reads the node, which is then
    // what `Box::new` would have made (the global allocator, this layout).
    unsafe {
        std::ptr::addr_of_mut!((*p).count).write(AtomicUsize::new(count));
        std::ptr::addr_of_mut!((*p).value).write(make());
    }
    std::mem::forget(unmade);
    node
}

/// Counts above this are treated as a leak of handles (`mem::forget` in a
/// loop) and abort, as `Arc` does, rather than overflow.
const MAX_COUNT: usize = isize::MAX as usize;

// SAFETY: the value is only ever reached through shared references, and the
// count is atomic, so handles may move to and be used from other threads
// exactly when a `&T` may: when `T` is `Send + Sync` (the same bounds as Arc).
unsafe impl<T: Send + Sync> Send for Counted<T> {}
// SAFETY: as above.
unsafe impl<T: Send + Sync> Sync for Counted<T> {}

impl<T> Counted<T> {
    /// Heap bytes of one node (the count and the value).
    pub const NODE_BYTES: usize = std::mem::size_of::<Node<T>>();

    /// A new node holding `value`, with one handle.
    #[inline]
    pub fn new(value: T) -> Counted<T> {
        Counted::build(|| value)
    }

    /// A new node holding the value `make` returns, with one handle. The
    /// node is allocated first and the value made into it: made before, it
    /// would be written to the stack and copied over, and the wide loads of
    /// that copy wait for the narrow stores that wrote it (a hot path making
    /// many small types pays that wait for each).
    #[inline(always)]
    pub fn build(make: impl FnOnce() -> T) -> Counted<T> {
        Counted {
            node: node_with(1, make),
        }
    }

    /// [`Counted::build`], then `fill` run on the new value, which no other
    /// handle can see yet: a container filled in place, without the check
    /// of [`Counted::get_mut`] (whose answer is known here).
    #[inline(always)]
    pub fn build_then<R>(
        make: impl FnOnce() -> T,
        fill: impl FnOnce(&mut T) -> R,
    ) -> (Counted<T>, R) {
        let this = Counted::build(make);
        // SAFETY: the only handle, just made and not lent out: nothing else
        // refers to the node while `fill` runs (should it panic, `this` is
        // dropped as any handle).
        let r = fill(unsafe { &mut (*this.node.as_ptr()).value });
        (this, r)
    }

    #[inline(always)]
    fn node(&self) -> &Node<T> {
        // SAFETY: the node lives while any handle does, and this is one.
        unsafe { self.node.as_ref() }
    }

    /// The address of the value (the same for every handle of the node).
    #[inline]
    pub fn as_ptr(this: &Counted<T>) -> *const T {
        &this.node().value
    }

    /// The node's address, for a foreign owner (a Ruby object's data
    /// pointer): the handle's count now belongs to that address, and
    /// [`Counted::from_raw`] takes it back.
    #[inline]
    pub fn into_raw(this: Counted<T>) -> NonNull<()> {
        let node = this.node.cast();
        std::mem::forget(this);
        node
    }

    /// The address [`Counted::into_raw`] gives for this node.
    #[inline]
    pub fn raw(this: &Counted<T>) -> NonNull<()> {
        this.node.cast()
    }

    /// The handle [`Counted::into_raw`] gave up, with its count.
    ///
    /// # Safety
    /// `raw` must come from `into_raw` of a `Counted<T>`, and its count must
    /// not have been taken back already.
    #[inline]
    pub unsafe fn from_raw(raw: NonNull<()>) -> Counted<T> {
        Counted { node: raw.cast() }
    }

    /// The value, mutable, when this is the only handle (as `Arc::get_mut`).
    #[inline]
    pub fn get_mut(this: &mut Counted<T>) -> Option<&mut T> {
        // Acquire, as in `drop`: uses through handles dropped on other
        // threads happen before this one changes the value.
        if this.node().count.load(Ordering::Acquire) != 1 {
            return None;
        }
        // SAFETY: the only handle, borrowed mutably: no other handle exists
        // to read the value, none can be made meanwhile, and no `Borrowed`
        // may outlive the count it stands for (see `Borrowed::from_raw`).
        Some(unsafe { &mut (*this.node.as_ptr()).value })
    }

    /// Drop this handle as `drop` does, but free the node on the current
    /// stack without looking for room: for a value whose drop does not
    /// recurse (a leaf, or a container already emptied of its members).
    #[inline]
    pub fn drop_shallow(this: Counted<T>) {
        if this.node().count.load(Ordering::Acquire) != 1 {
            return drop(this);
        }
        let node = this.node.as_ptr();
        std::mem::forget(this);
        // SAFETY: as in `free`: made by `Box::new`, and this was the only handle.
        drop(unsafe { Box::from_raw(node) });
    }

    /// Free the node of the only handle without running the value's drop
    /// code: for a value that owns nothing (an integer range, a text held
    /// inline, a list emptied and never grown out of its inline room),
    /// whose drop code would only look at it to find nothing to free.
    ///
    /// # Safety
    /// `this` must be the only handle of its node (no other handle exists,
    /// so none can be made meanwhile), and dropping its value must do
    /// nothing.
    #[inline]
    pub unsafe fn free_plain(this: Counted<T>) {
        let node = this.node.as_ptr().cast::<ManuallyDrop<Node<T>>>();
        std::mem::forget(this);
        // SAFETY: made by `Box::new` as a `Node<T>`, which `ManuallyDrop`
        // wraps transparently (same layout); the only handle (the caller's
        // promise), so nothing else refers to the node; the value is left
        // undropped, which the caller promises changes nothing.
        drop(unsafe { Box::from_raw(node) });
    }

    /// Drop `n` handles of the node at `raw` at once: one atomic subtract
    /// for all but the last, which is dropped as a handle is.
    ///
    /// # Safety
    /// `raw` must come from [`Counted::into_raw`] and stand for `n >= 1`
    /// counts the caller owns (`n` handles given to `into_raw`), which are
    /// not taken back otherwise.
    #[inline]
    pub unsafe fn drop_raw(raw: NonNull<()>, n: usize) {
        // SAFETY: one of the caller's counts.
        let last = unsafe { Counted::<T>::from_raw(raw) };
        if n > 1 {
            // Never the last count (`last` holds one); Release, as a drop.
            last.node().count.fetch_sub(n - 1, Ordering::Release);
        }
        drop(last);
    }

    /// How many handles the node has now (a snapshot).
    pub(super) fn count(this: &Counted<T>) -> usize {
        this.node().count.load(Ordering::Acquire)
    }

    /// True when both handles point at the same node.
    #[inline]
    pub fn ptr_eq(a: &Counted<T>, b: &Counted<T>) -> bool {
        a.node == b.node
    }

    /// Free the node. Called by the last handle, which may then not be used.
    /// Freeing a node frees the nodes only it holds, recursively: a deep
    /// tree (a type inferred from data nested thousands of levels) is freed
    /// on more stack when the thread's runs low ([`crate::stack::deep`]).
    #[inline]
    fn free(&mut self) {
        let node = self.node.as_ptr();
        // SAFETY: the node was made by `Box::new` in `new`, and the caller is
        // the last handle (see `drop`), so nothing else refers to it.
        crate::stack::deep(|| drop(unsafe { Box::from_raw(node) }));
    }
}

/// A handle that owns no count: the node of a `Counted` that outlives `'a`
/// (a Ruby object's, seen during a call). It has the layout of a `Counted`,
/// so that [`Borrowed::as_counted`] can lend it as one.
#[repr(transparent)]
pub struct Borrowed<'a, T> {
    node: NonNull<Node<T>>,
    life: PhantomData<&'a Counted<T>>,
}

impl<T> Clone for Borrowed<'_, T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Borrowed<'_, T> {}

impl<'a, T> Borrowed<'a, T> {
    /// The node of a live handle.
    #[inline]
    pub fn new(counted: &'a Counted<T>) -> Borrowed<'a, T> {
        Borrowed {
            node: counted.node,
            life: PhantomData,
        }
    }

    /// The node behind a raw address of [`Counted::into_raw`].
    ///
    /// # Safety
    /// The count that `raw` stands for must be kept (not taken back with
    /// [`Counted::from_raw`]) for all of `'a`.
    #[inline]
    pub unsafe fn from_raw(raw: NonNull<()>) -> Borrowed<'a, T> {
        Borrowed {
            node: raw.cast(),
            life: PhantomData,
        }
    }

    /// This node as a handle, for as long as `self` is borrowed.
    #[inline(always)]
    pub fn as_counted(&self) -> &Counted<T> {
        // SAFETY: both types are `repr(transparent)` over the same node
        // pointer (the marker is zero-sized), and the node lives for `'a`,
        // longer than the borrow. A `&Counted` only reads the value or makes
        // new handles (which count themselves); it never drops this one.
        unsafe { &*(self as *const Borrowed<'a, T> as *const Counted<T>) }
    }
}

impl<T> Clone for Counted<T> {
    #[inline]
    fn clone(&self) -> Counted<T> {
        // Relaxed, as Arc: a new handle is made from an existing one, which
        // keeps the node alive meanwhile.
        if self.node().count.fetch_add(1, Ordering::Relaxed) > MAX_COUNT {
            std::process::abort();
        }
        Counted { node: self.node }
    }
}

impl<T> Drop for Counted<T> {
    #[inline]
    fn drop(&mut self) {
        // The only handle: no other thread has one, so none can make another,
        // and the node is freed without a read-modify-write. Acquire pairs
        // with the Release decrements of handles dropped on other threads, so
        // their uses of the value happen before it is freed.
        if self.node().count.load(Ordering::Acquire) == 1 {
            self.free();
            return;
        }
        if self.node().count.fetch_sub(1, Ordering::Release) != 1 {
            return;
        }
        fence(Ordering::Acquire);
        self.free();
    }
}

/// A handle that hands out more handles of its node and pays for their
/// counts in bulk: one atomic add buys a batch of counts, which are then
/// handed out without touching the shared count (a plain decrement of
/// `spare`), and what is left is given back in one atomic subtract when the
/// stock is dropped. The batches grow with what was handed out, so a node
/// handed out once or twice costs what as many clones cost, and one handed
/// out n times about log2(n) atomic operations instead of n.
///
/// For builders that hand out the same few nodes many times (`infer_set`
/// of big data puts the same key and tag types into every `Struct`); on x86
/// each atomic add is a locked instruction that also holds back the
/// surrounding memory reads.
pub struct Stock<T> {
    /// The stock's own handle; its count is given back with the spare ones.
    handle: ManuallyDrop<Counted<T>>,
    /// Counts bought and not yet handed out.
    spare: usize,
    /// Counts bought so far.
    bought: usize,
}

impl<T> Stock<T> {
    /// A stock of handles of `handle`'s node (which it keeps).
    #[inline]
    pub fn new(handle: Counted<T>) -> Stock<T> {
        Stock {
            handle: ManuallyDrop::new(handle),
            spare: 0,
            bought: 0,
        }
    }

    /// A stock of handles of a new node holding `value`, the first
    /// `prepaid` of them counted when the node is made (no atomic operation).
    #[inline]
    pub fn with_value(value: T, prepaid: usize) -> Stock<T> {
        Stock::build(|| value, prepaid)
    }

    /// [`Stock::with_value`] of the value `make` returns, made in place
    /// (see [`Counted::build`]).
    #[inline(always)]
    pub fn build(make: impl FnOnce() -> T, prepaid: usize) -> Stock<T> {
        let prepaid = prepaid.min(MAX_BATCH);
        Stock {
            handle: ManuallyDrop::new(Counted {
                node: node_with(1 + prepaid, make),
            }),
            spare: prepaid,
            bought: prepaid,
        }
    }

    /// The handle the stock keeps.
    #[inline(always)]
    pub fn get(&self) -> &Counted<T> {
        &self.handle
    }

    /// A new handle of the node.
    #[inline]
    pub fn take(&mut self) -> Counted<T> {
        if self.spare == 0 {
            self.buy();
        }
        self.spare -= 1;
        // The count this handle owns is one of those bought.
        Counted {
            node: self.handle.node,
        }
    }

    /// Buy the next batch of counts: 1, 1, 2, 4, ... (as many as bought so
    /// far), so that a node handed out twice costs no more than two clones.
    /// Relaxed, as `clone`: the stock's own handle keeps the node alive.
    #[cold]
    fn buy(&mut self) {
        let n = self.bought.clamp(1, MAX_BATCH);
        if self.handle.node().count.fetch_add(n, Ordering::Relaxed) > MAX_COUNT - n {
            std::process::abort();
        }
        self.spare = n;
        self.bought += n;
    }
}

impl<T> Stock<T> {
    /// Drop the stock, giving back its counts (its own handle's and the
    /// spare ones) with a plain read and write of the count instead of an
    /// atomic subtract: for a builder's caches dropped at the end of a call,
    /// one stock per cached type (`infer_set` of big data drops thousands,
    /// and each atomic subtract is a locked instruction).
    ///
    /// # Safety
    /// No handle of the node may exist on another thread, nor may one be
    /// made or dropped there meanwhile: the node was made on this thread,
    /// and no handle of it has left it yet.
    #[inline]
    pub unsafe fn release_local(self) {
        let mut this = ManuallyDrop::new(self);
        let n = this.spare + 1;
        let count = &this.handle.node().count;
        // (no other thread reads or writes the count: the caller's promise)
        let c = count.load(Ordering::Relaxed);
        if c == n {
            // The last counts: free as `drop` does, the stock not used after.
            this.handle.free();
        } else {
            count.store(c - n, Ordering::Relaxed);
        }
    }
}

/// The most counts a [`Stock`] buys at once.
const MAX_BATCH: usize = 1 << 16;

impl<T> Drop for Stock<T> {
    #[inline]
    fn drop(&mut self) {
        if self.spare == 0 {
            // SAFETY: dropped once, here; the field is not used after.
            unsafe { ManuallyDrop::drop(&mut self.handle) };
            return;
        }
        // The spare counts and the handle's own, given back at once; Release
        // and Acquire as in `Counted::drop`.
        let n = self.spare + 1;
        if self.handle.node().count.fetch_sub(n, Ordering::Release) == n {
            fence(Ordering::Acquire);
            self.handle.free();
        }
    }
}

impl<T> Deref for Counted<T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        &self.node().value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::sync::Arc;

    /// Counts its drops.
    struct Probe(Arc<AtomicUsize>);

    impl Drop for Probe {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn a_raw_address_keeps_the_count_until_taken_back() {
        let drops = Arc::new(AtomicUsize::new(0));
        let a = Counted::new(Probe(drops.clone()));
        let b = a.clone();
        let raw = Counted::into_raw(a);
        // SAFETY: the count of `raw` is kept during the borrow.
        let seen = unsafe { Borrowed::<Probe>::from_raw(raw) };
        assert!(Counted::ptr_eq(seen.as_counted(), &b));
        let c = seen.as_counted().clone();
        drop(b);
        drop(c);
        assert_eq!(drops.load(Ordering::SeqCst), 0);
        // SAFETY: taken back once.
        drop(unsafe { Counted::<Probe>::from_raw(raw) });
        assert_eq!(drops.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn the_value_is_dropped_once_when_the_last_handle_goes() {
        let drops = Arc::new(AtomicUsize::new(0));
        let a = Counted::new(Probe(drops.clone()));
        let b = a.clone();
        let c = b.clone();
        assert!(Counted::ptr_eq(&a, &c));
        drop(a);
        drop(c);
        assert_eq!(drops.load(Ordering::SeqCst), 0);
        drop(b);
        assert_eq!(drops.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_stock_hands_out_handles_that_free_the_value_once() {
        let drops = Arc::new(AtomicUsize::new(0));
        let mut stock = Stock::new(Counted::new(Probe(drops.clone())));
        let handles: Vec<_> = (0..100).map(|_| stock.take()).collect();
        assert!(handles.iter().all(|h| Counted::ptr_eq(h, stock.get())));
        let last = stock.take();
        drop(stock);
        drop(handles);
        assert_eq!(drops.load(Ordering::SeqCst), 0);
        drop(last);
        assert_eq!(drops.load(Ordering::SeqCst), 1);
        // prepaid counts, handed out or not
        for (prepaid, taken) in [(2, 0), (2, 1), (2, 2), (2, 5), (0, 0), (0, 3)] {
            let mut stock = Stock::with_value(Probe(drops.clone()), prepaid);
            let handles: Vec<_> = (0..taken).map(|_| stock.take()).collect();
            drop(stock);
            assert_eq!(drops.load(Ordering::SeqCst), 1 + usize::from(taken == 0));
            drop(handles);
            assert_eq!(drops.load(Ordering::SeqCst), 2);
            drops.store(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn a_stock_released_locally_frees_the_value_once_with_its_last_handle() {
        let drops = Arc::new(AtomicUsize::new(0));
        for (prepaid, taken) in [(2, 0), (2, 1), (2, 2), (2, 5), (0, 0), (0, 3)] {
            let mut stock = Stock::with_value(Probe(drops.clone()), prepaid);
            let handles: Vec<_> = (0..taken).map(|_| stock.take()).collect();
            // SAFETY: every handle is on this thread.
            unsafe { stock.release_local() };
            assert_eq!(drops.load(Ordering::SeqCst), usize::from(taken == 0));
            if let Some(h) = handles.first() {
                assert_eq!(Counted::count(h), taken);
            }
            drop(handles);
            assert_eq!(drops.load(Ordering::SeqCst), 1);
            drops.store(0, Ordering::SeqCst);
        }
    }

    #[test]
    fn a_value_built_then_filled_is_the_filled_one_with_one_handle() {
        let (c, len) = Counted::build_then(Vec::new, |v: &mut Vec<u8>| {
            v.extend_from_slice(b"abc");
            v.len()
        });
        assert_eq!((&c[..], len, Counted::count(&c)), (&b"abc"[..], 3, 1));
    }

    #[test]
    fn handles_dropped_on_many_threads_free_the_value_once() {
        let drops = Arc::new(AtomicUsize::new(0));
        for _ in 0..50 {
            let s = Counted::new(Probe(drops.clone()));
            let handles: Vec<_> = (0..4).map(|_| s.clone()).collect();
            drop(s);
            std::thread::scope(|scope| {
                for h in handles {
                    scope.spawn(move || drop(h));
                }
            });
        }
        assert_eq!(drops.load(Ordering::SeqCst), 50);
    }

    #[test]
    fn a_node_is_one_count_and_the_value() {
        assert_eq!(Counted::<u64>::NODE_BYTES, 16);
    }
}
