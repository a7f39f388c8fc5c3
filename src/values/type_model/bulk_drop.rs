//! [`Type::drop_in_bulk`]: dropping a big type whose parts share a few
//! nodes, as the `Tuple` of `Struct`s that `infer_set` makes of big data
//! does (every `Struct` holds the same key types, and many the same tag
//! tuple or integer type).
//!
//! Dropping a handle of a shared node is an atomic subtract; on x86 a locked
//! instruction, which also waits for the stores of the frees before it. Here
//! the nodes only the dropped type holds are freed as a plain drop frees
//! them, in the same order, while the handles of shared nodes are collected
//! in a small table by node and given back with one subtract per node (see
//! [`Counted::drop_raw`]) when a slot is needed for another node, or at the
//! end. The nodes are freed as late as the end of the drop, never earlier
//! than a plain drop frees them, and exactly once.

use super::counted::Counted;
use super::{Type, TypeKind};
use std::ptr::NonNull;

/// Slots of the table of shared nodes (a power of two).
const SLOTS: usize = 64;

/// Depth from which nodes are dropped plainly (a plain drop grows the stack
/// as it needs; this walk does not, nor does it look for room to free the
/// nodes it emptied).
const MAX_DEPTH: u32 = 64;

/// How many members ahead of the one being dropped the nodes of a big
/// `Tuple`'s members are asked for ([`crate::prefetch`]), and how many the
/// nodes those members hold: the nodes of a big type are cold in memory by
/// the time it is dropped, and each would otherwise be waited for in turn.
const AHEAD_NODE: usize = 8;
const AHEAD_MEMBERS: usize = 4;

/// Ask for the nodes the next members of a `Tuple` being dropped (`rest`)
/// will be read from: hints only, the drop is the same without them.
#[inline(always)]
fn ask_ahead(rest: &[Type]) {
    if let Some(t) = rest.get(AHEAD_NODE - 1) {
        ask_node(t);
    }
    if let Some(TypeKind::Struct(Some(entries))) = rest.get(AHEAD_MEMBERS - 1).map(Type::kind) {
        // (the key types are shared by all the Structs, and so at hand)
        for e in entries {
            ask_node(&e.value_type);
        }
    }
}

/// Ask for the cache lines of `t`'s node (80 bytes: at most two lines).
#[inline(always)]
fn ask_node(t: &Type) {
    let node = t.raw().as_ptr().cast::<u8>();
    crate::prefetch::line(node);
    crate::prefetch::line(node.wrapping_add(64));
}

/// Whether a leaf of this kind owns nothing, so that freeing its node
/// needs no drop code: an integer range, a text held inline or none (the
/// size range is plain data).
#[inline(always)]
fn owns_nothing(kind: &TypeKind) -> bool {
    match kind {
        TypeKind::String { value, .. } => !value.as_ref().is_some_and(|v| v.is_heap_allocated()),
        TypeKind::Integer(_) => true,
        _ => false,
    }
}

/// The handles of shared nodes collected so far: a node's address (of
/// [`Counted::into_raw`]) and how many of its handles were dropped.
struct Collected {
    slots: [Option<(NonNull<()>, usize)>; SLOTS],
}

impl Type {
    /// Drop this type, giving back the handles of nodes it shares with
    /// other types in bulk (see the module documentation). The same as
    /// `drop`, faster for a big type made of many small ones sharing a few.
    pub fn drop_in_bulk(self) {
        let mut collected = Collected {
            slots: [None; SLOTS],
        };
        // (on more stack when the thread's runs low, as a plain drop)
        crate::stack::deep(|| collected.drop_type(self, 0));
    }
}

impl Collected {
    /// Drop `t`: a type only this drop holds has its members dropped here
    /// (the elements of a `Tuple`, the entries of a `Struct`) and is then
    /// freed as a plain drop frees it; a shared one is collected.
    fn drop_type(&mut self, mut t: Type, depth: u32) {
        if depth >= MAX_DEPTH {
            return drop(t);
        }
        // Whether the node, emptied of its members, owns nothing more.
        let plain = match t.get_mut() {
            Some(TypeKind::Tuple {
                types: Some(types), ..
            }) => {
                let mut members = std::mem::take(types).into_iter();
                while let Some(m) = members.next() {
                    ask_ahead(members.as_slice());
                    self.drop_member(m, depth + 1);
                }
                false
            }
            Some(TypeKind::Struct(Some(entries))) => {
                for e in entries.drain(..) {
                    self.drop_member(e.key_type, depth + 1);
                    self.drop_member(e.value_type, depth + 1);
                }
                !entries.spilled()
            }
            Some(kind) if owns_nothing(kind) => true,
            Some(_) => return drop(t),
            None => return self.collect(t.0),
        };
        if plain {
            // SAFETY: the only handle (`get_mut` answered), of a value that
            // owns nothing: an empty inline list of entries, a text held
            // inline or none (the size range is plain data), an integer range.
            unsafe { Counted::free_plain(t.0) };
        } else {
            // (emptied of its members, or a leaf)
            Counted::drop_shallow(t.0);
        }
    }

    /// [`Collected::drop_type`] of a member: a shared one (most members of
    /// a big inferred type are) is collected here, without a call.
    /// A leaf only this drop holds (the exact text or integer of a value)
    /// is freed here too, without a call.
    #[inline(always)]
    fn drop_member(&mut self, mut t: Type, depth: u32) {
        match t.get_mut() {
            None => self.collect(t.0),
            // SAFETY: as in `drop_type`: the only handle, of a value that
            // owns nothing.
            Some(kind) if owns_nothing(kind) => unsafe { Counted::free_plain(t.0) },
            Some(_) => self.drop_type(t, depth),
        }
    }

    /// Keep a handle of a shared node, giving back those of the node whose
    /// slot it takes.
    #[inline]
    fn collect(&mut self, shared: Counted<TypeKind>) {
        let raw = Counted::into_raw(shared);
        let a = raw.as_ptr() as usize;
        let slot = &mut self.slots[((a >> 4) ^ (a >> 12)) & (SLOTS - 1)];
        match slot {
            Some((node, n)) if *node == raw => *n += 1,
            _ => {
                if let Some((node, n)) = slot.replace((raw, 1)) {
                    // SAFETY: `n` handles of `node` were given to `into_raw`
                    // here and are given back once (the slot now holds another).
                    unsafe { Counted::<TypeKind>::drop_raw(node, n) };
                }
            }
        }
    }
}

impl Drop for Collected {
    fn drop(&mut self) {
        for (node, n) in self.slots.iter_mut().filter_map(Option::take) {
            // SAFETY: as in `collect`; the slot is emptied.
            unsafe { Counted::<TypeKind>::drop_raw(node, n) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::counted::Counted;
    use super::super::{IntRange, StructElement, StructElements, Type, TypeKind};

    fn string(s: &str) -> Type {
        Type::from_kind(TypeKind::String {
            size: None,
            value: Some(s.into()),
        })
    }

    fn count(t: &Type) -> usize {
        Counted::count(&t.0)
    }

    /// A Tuple of Structs sharing key and value types, as infer_set makes,
    /// with more shared nodes than the table has slots.
    #[test]
    fn a_type_dropped_in_bulk_gives_back_every_handle_it_held_of_shared_types() {
        let key = string("name");
        let ports: Vec<Type> = (0..200)
            .map(|i| Type::from_kind(TypeKind::Integer(IntRange::new(Some(i), Some(i)))))
            .collect();
        let structs: Vec<Type> = (0..1000)
            .map(|i| {
                let mut es = StructElements::new();
                es.push(StructElement::new(key.clone(), string(&format!("svc{i}"))));
                es.push(StructElement::new(string("port"), ports[i % 200].clone()));
                Type::from_kind(TypeKind::Struct(Some(es)))
            })
            .collect();
        let kept = structs[7].clone();
        let tuple = Type::from_kind(TypeKind::Tuple {
            types: Some(structs),
            size: None,
        });
        assert_eq!((count(&key), count(&ports[7])), (1001, 6));
        tuple.drop_in_bulk();
        assert_eq!((count(&key), count(&ports[7]), count(&ports[8])), (2, 2, 1));
        assert_eq!(count(&kept), 1);
        drop(kept);
        assert_eq!((count(&key), count(&ports[7])), (1, 1));
    }

    /// Nodes that own more than their members (a text held on the heap, a
    /// Struct whose entries outgrew their inline room) are freed with what
    /// they own; the shared texts they held are given back.
    #[test]
    fn a_type_dropped_in_bulk_gives_back_what_its_nodes_own() {
        let long: std::sync::Arc<str> = "a text longer than the inline room".into();
        let text = |s: smol_str::SmolStr| {
            Type::from_kind(TypeKind::String {
                size: None,
                value: Some(s),
            })
        };
        let shared = text(smol_str::SmolStr::from("shared value"));
        let structs: Vec<Type> = (0..50)
            .map(|i| {
                let mut es = StructElements::new();
                for k in 0..5 {
                    es.push(StructElement::new(
                        string(&format!("key{k}")),
                        if k == 0 {
                            text(smol_str::SmolStr::from(long.clone()))
                        } else {
                            shared.clone()
                        },
                    ));
                }
                es.push(StructElement::new(string("n"), string(&format!("{i}"))));
                Type::from_kind(TypeKind::Struct(Some(es)))
            })
            .collect();
        let tuple = Type::from_kind(TypeKind::Tuple {
            types: Some(structs),
            size: None,
        });
        assert_eq!(std::sync::Arc::strong_count(&long), 51);
        assert_eq!(count(&shared), 201);
        tuple.drop_in_bulk();
        assert_eq!(std::sync::Arc::strong_count(&long), 1);
        assert_eq!(count(&shared), 1);
    }
}
