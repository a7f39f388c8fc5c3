//! Freeing recursive aliases that nothing holds any more.
//!
//! A recursive alias (`type Tree = Array[Variant[Integer, Tree]]`) is a
//! cycle of counted handles: the alias holds its resolved type, which holds
//! the alias. When the last outside handle goes, the counts never reach zero
//! and the cycle would stay in memory for good: a process that evaluates
//! such definitions again and again (a loop of `Evaluator#evaluate`, a
//! registry per spec) would grow without bound.
//!
//! A registry lists the aliases it made ([`Made`]); when it is dropped, and
//! when its definitions change often enough to leave many behind, it looks
//! for those nothing outside their own types holds, and takes their resolved
//! types back, which frees the cycles. The test is the one a trial-deletion
//! cycle collector makes: walk the types the aliases hold, count the handles
//! of each node that come from inside that graph, and call a node (or an
//! alias) held from outside when it has more handles than that. Everything
//! reachable from a node held from outside is live; an alias that is not is
//! garbage.
//!
//! Every miss errs on the side of keeping: a handle not found by the walk
//! (a kind whose children [`each_child`] does not list, counts bought ahead
//! by a stock) only makes a node look held from outside. Other threads may
//! hold and clone live parts meanwhile: every node walked is kept alive by
//! the aliases this module holds, and a node no outside handle reaches
//! cannot be reached again. The counts are read twice, and nothing is
//! collected unless both readings agree: a thread that moved its hold from
//! one node to another (a clone of an inner part, then a drop of the outer
//! handle) while the first reading went on shows as a changed count (its
//! clone happened before the drop the first reading saw).

use crate::types::calc::walk::each_child;
use crate::types::model::{Type, TypeAlias, TypeKind};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, Weak};

/// A registry changes its definitions this many times over before its
/// aliases are looked at again (see [`Made::due`]).
const MIN_LISTED: usize = 64;

/// The aliases dropped registries made that were still held from outside
/// then (a type parsed with the registry, kept longer): looked at again when
/// enough have gathered, as later registries are dropped.
static ORPHANS: Mutex<Made> = Mutex::new(Made::new());

/// Look at the aliases of dropped registries now (see [`ORPHANS`]).
#[cfg(test)]
pub(crate) fn collect_orphans() {
    ORPHANS.lock().unwrap_or_else(|e| e.into_inner()).collect();
}

/// The aliases a registry made, as weak handles (which keep none alive).
#[derive(Default)]
pub(super) struct Made {
    aliases: Vec<Weak<TypeAlias>>,
    /// How many listed aliases make a collection due.
    due_at: usize,
}

impl Made {
    const fn new() -> Made {
        Made {
            aliases: Vec::new(),
            due_at: 0,
        }
    }

    /// List an alias the registry just made.
    pub(super) fn push(&mut self, alias: &Arc<TypeAlias>) {
        self.aliases.push(Arc::downgrade(alias));
    }

    /// True when enough aliases were made since the last collection for
    /// one to be worth its walk (the cost stays proportional to the
    /// aliases made, however often definitions change).
    pub(super) fn due(&self) -> bool {
        self.aliases.len() >= self.due_at.max(MIN_LISTED)
    }

    /// Free the listed aliases that nothing outside their own types holds;
    /// keep listing the others.
    pub(super) fn collect(&mut self) {
        let alive: Vec<Arc<TypeAlias>> = self.aliases.iter().filter_map(Weak::upgrade).collect();
        let garbage = unreachable_aliases(&alive);
        let mut bodies = Vec::with_capacity(garbage.len());
        for &i in &garbage {
            // SAFETY: the alias is reached by nothing but this function's
            // handle and types that only garbage aliases reach (no other
            // thread can reach it), and every reference into its resolved
            // type was dropped with the walk's maps.
            bodies.extend(unsafe { alive[i].unresolve() });
        }
        // (the bodies hold the aliases' handles; dropping them frees the cycles)
        drop(bodies);
        self.aliases = alive
            .iter()
            .enumerate()
            .filter(|(i, _)| garbage.binary_search(i).is_err())
            .map(|(_, a)| Arc::downgrade(a))
            .collect();
        self.due_at = 2 * self.aliases.len();
    }
}

/// A node of the walked graph: a handle of it (borrowed from its holder),
/// how many of its handles are held by nodes of the graph, and how many it
/// had at the first reading.
struct Node<'a> {
    t: &'a Type,
    inside: usize,
    count: usize,
}

/// The indices (ascending) of the `aliases` that nothing outside the graph
/// of their resolved types holds, nor any type held from outside reaches.
/// Each alias is held once by the caller's list.
fn unreachable_aliases(aliases: &[Arc<TypeAlias>]) -> Vec<usize> {
    let index: HashMap<*const TypeAlias, usize> = aliases
        .iter()
        .enumerate()
        .map(|(i, a)| (Arc::as_ptr(a), i))
        .collect();
    // Handles of each alias held inside: the caller's, and one per alias node walked.
    let mut alias_inside = vec![1usize; aliases.len()];
    let mut nodes: HashMap<*const TypeKind, Node<'_>> = HashMap::new();
    let mut stack: Vec<&Type> = Vec::new();
    for a in aliases {
        if let Some(body) = a.resolved() {
            add_edge(body, &mut nodes, &mut stack);
        }
    }
    while let Some(t) = stack.pop() {
        match t.kind() {
            TypeKind::Alias(a) => {
                if let Some(&i) = index.get(&Arc::as_ptr(a)) {
                    alias_inside[i] += 1;
                }
            }
            _ => each_child(t, &mut |c| add_edge(c, &mut nodes, &mut stack)),
        }
    }
    // The counts now (the first reading), then what is live by them:
    // aliases and nodes with more handles than the graph holds, and what
    // they reach.
    let alias_counts: Vec<usize> = aliases.iter().map(Arc::strong_count).collect();
    for n in nodes.values_mut() {
        n.count = n.t.handle_count();
    }
    let mut live_alias: Vec<bool> = alias_counts
        .iter()
        .zip(&alias_inside)
        .map(|(&count, &inside)| count > inside)
        .collect();
    let mut work: Vec<&Type> = nodes
        .values()
        .filter(|n| n.count > n.inside)
        .map(|n| n.t)
        .collect();
    work.extend(
        aliases
            .iter()
            .zip(&live_alias)
            .filter(|(_, &live)| live)
            .filter_map(|(a, _)| a.resolved()),
    );
    let mut seen: HashSet<*const TypeKind> = HashSet::new();
    while let Some(t) = work.pop() {
        if !seen.insert(t.as_ptr()) {
            continue;
        }
        match t.kind() {
            TypeKind::Alias(a) => {
                if let Some(&i) = index.get(&Arc::as_ptr(a)) {
                    if !live_alias[i] {
                        live_alias[i] = true;
                        work.extend(a.resolved());
                    }
                }
            }
            _ => each_child(t, &mut |c| work.push(c)),
        }
    }
    // The first reading is not one instant: another thread may have cloned
    // a part it reached from a handle it then dropped, the clone read before
    // and the drop after. Its clone (made before the drop this reading saw)
    // shows in a second reading of the parts found dead; any change, and
    // nothing is collected now. (Live parts, shared types among them, may
    // change as they like.)
    let unchanged = aliases
        .iter()
        .zip(&alias_counts)
        .zip(&live_alias)
        .all(|((a, &count), &live)| live || Arc::strong_count(a) == count)
        && nodes
            .iter()
            .all(|(p, n)| seen.contains(p) || n.t.handle_count() == n.count);
    if !unchanged {
        return Vec::new();
    }
    live_alias
        .iter()
        .enumerate()
        .filter(|(_, &live)| !live)
        .map(|(i, _)| i)
        .collect()
}

/// A registry being dropped frees what it made that nothing else holds (its
/// fields before this one, its maps and parse cache, are dropped first), and
/// hands the others to [`ORPHANS`].
impl Drop for Made {
    fn drop(&mut self) {
        self.collect();
        if self.aliases.is_empty() {
            return;
        }
        let mut orphans = ORPHANS.lock().unwrap_or_else(|e| e.into_inner());
        orphans.aliases.append(&mut self.aliases);
        if orphans.due() {
            orphans.collect();
        }
    }
}

/// Count a handle of `t` held inside the graph, and walk `t` when first met.
fn add_edge<'a>(
    t: &'a Type,
    nodes: &mut HashMap<*const TypeKind, Node<'a>>,
    stack: &mut Vec<&'a Type>,
) {
    let n = nodes.entry(t.as_ptr()).or_insert_with(|| {
        stack.push(t);
        Node {
            t,
            inside: 0,
            count: 0,
        }
    });
    n.inside += 1;
}

#[cfg(test)]
mod tests {
    use crate::types::calc::instance_of;
    use crate::types::model::{Type, TypeAlias, TypeKind};
    use crate::types::parse::aliases::AliasRegistry;
    use crate::types::parse::parse_with_aliases;
    use crate::values::Value;
    use std::sync::{Arc, Weak};

    fn alias_of(t: &Type) -> Arc<TypeAlias> {
        match t.kind() {
            TypeKind::Alias(a) => a.clone(),
            k => panic!("not an alias: {k:?}"),
        }
    }

    fn nested() -> Value {
        Value::Array(Arc::new(vec![
            Value::Integer(1),
            Value::Array(Arc::new(vec![Value::Integer(2)])),
        ]))
    }

    fn tree_registry() -> AliasRegistry {
        let r = AliasRegistry::new();
        r.add("Tree", "Array[Variant[Integer, Tree]]").unwrap();
        r
    }

    /// Collect the orphans until `w` is freed: another test's thread may
    /// change a count the collection reads twice, which puts it off.
    fn freed_eventually(w: &Weak<TypeAlias>) -> bool {
        for _ in 0..200 {
            super::collect_orphans();
            if w.upgrade().is_none() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        false
    }

    #[test]
    fn a_recursive_alias_is_freed_with_its_registry() {
        let r = tree_registry();
        let tree: Weak<TypeAlias> = Arc::downgrade(&alias_of(&r.lookup("Tree").unwrap().unwrap()));
        assert!(tree.upgrade().is_some());
        drop(r);
        assert!(
            tree.upgrade().is_none(),
            "the Tree cycle outlived its registry"
        );
    }

    #[test]
    fn a_recursive_alias_held_from_outside_outlives_its_registry_resolved() {
        let r = tree_registry();
        let t = parse_with_aliases("Tree", &r).unwrap();
        let weak = Arc::downgrade(&alias_of(&t));
        drop(r);
        assert!(alias_of(&t).resolved().is_some());
        assert!(instance_of(&t, &nested()));
        drop(t);
        super::collect_orphans();
        assert!(
            weak.upgrade().is_none(),
            "freed once the outside handle goes"
        );
    }

    #[test]
    fn a_part_of_a_recursive_alias_held_from_outside_keeps_the_alias_resolved() {
        let r = tree_registry();
        let tree = r.lookup("Tree").unwrap().unwrap();
        let weak = Arc::downgrade(&alias_of(&tree));
        // Array[Variant[Integer, Tree]] -> the Variant, which refers to Tree
        let variant = match alias_of(&tree).resolved().unwrap().kind() {
            TypeKind::Array { element, .. } => element.clone(),
            k => panic!("unexpected body {k:?}"),
        };
        drop(tree);
        drop(r);
        let inner = match variant.kind() {
            TypeKind::Variant(ts) => ts[1].clone(),
            k => panic!("unexpected element {k:?}"),
        };
        assert!(
            alias_of(&inner).resolved().is_some(),
            "a live part lost its alias"
        );
        assert!(instance_of(&variant, &nested()));
        drop(inner);
        drop(variant);
        assert!(freed_eventually(&weak));
    }

    #[test]
    fn mutually_recursive_aliases_are_freed_with_their_registry() {
        let r = AliasRegistry::new();
        r.add("Node", "Struct[{value => Integer, children => Children}]")
            .unwrap();
        r.add("Children", "Array[Node]").unwrap();
        let node = Arc::downgrade(&alias_of(&r.lookup("Node").unwrap().unwrap()));
        let children = Arc::downgrade(&alias_of(&r.lookup("Children").unwrap().unwrap()));
        drop(r);
        assert!(node.upgrade().is_none() && children.upgrade().is_none());
    }

    #[test]
    fn redefining_a_recursive_alias_again_and_again_keeps_few_alive() {
        let r = AliasRegistry::new();
        let mut made = Vec::new();
        for _ in 0..500 {
            r.add("Tree", "Array[Variant[Integer, Tree]]").unwrap();
            made.push(Arc::downgrade(&alias_of(
                &r.lookup("Tree").unwrap().unwrap(),
            )));
        }
        let alive = made.iter().filter(|w| w.upgrade().is_some()).count();
        assert!(alive <= 2 * super::MIN_LISTED, "{alive} of 500 still alive");
        assert!(
            made.last().unwrap().upgrade().is_some(),
            "the current one is kept"
        );
        let t = parse_with_aliases("Tree", &r).unwrap();
        assert!(instance_of(&t, &nested()));
    }

    #[test]
    fn aliases_of_other_registries_and_builtin_aliases_are_left_alone() {
        let outer = tree_registry();
        let tree = outer.lookup("Tree").unwrap().unwrap();
        let r = AliasRegistry::new();
        r.add("Things", "Variant[Data, Array[Integer]]").unwrap();
        let things = r.lookup("Things").unwrap().unwrap();
        drop(r);
        assert!(alias_of(&things).resolved().is_some());
        assert!(alias_of(&tree).resolved().is_some());
        assert!(instance_of(&tree, &nested()));
        assert!(instance_of(&things, &nested()));
    }

    #[test]
    fn aliases_in_use_on_other_threads_stay_resolved_while_definitions_change() {
        let r = Arc::new(tree_registry());
        r.add("Loop0", "Array[Variant[String, Loop0]]").unwrap();
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let users: Vec<_> = (0..3)
            .map(|_| {
                let (r, stop) = (r.clone(), stop.clone());
                std::thread::spawn(move || {
                    let mut checks = 0;
                    let strings = Value::Array(Arc::new(vec![
                        Value::String("a".into()),
                        Value::Array(Arc::new(vec![Value::String("b".into())])),
                    ]));
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) || checks < 200 {
                        let t = parse_with_aliases("Array[Tree]", &r).unwrap();
                        assert!(instance_of(&t, &Value::Array(Arc::new(vec![nested()]))));
                        // a version of Loop0, which is redefined meanwhile
                        // (and defined at every instant: never a resource type)
                        let l = parse_with_aliases("Loop0", &r).unwrap();
                        for _ in 0..20 {
                            assert!(alias_of(&l).resolved().is_some());
                            assert!(instance_of(&l, &strings));
                        }
                        checks += 1;
                    }
                })
            })
            .collect();
        for i in 0..300 {
            // other recursive aliases, redefined: collections run meanwhile
            r.add(&format!("Loop{}", i % 7), "Array[Variant[String, Loop0]]")
                .unwrap();
            parse_with_aliases(&format!("Loop{}", i % 7), &r).unwrap();
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for u in users {
            u.join().unwrap();
        }
    }

    #[test]
    fn an_inner_part_kept_after_its_alias_is_dropped_on_another_thread_stays_resolved() {
        let (send, recv) = std::sync::mpsc::sync_channel::<Type>(4);
        let user = std::thread::spawn(move || {
            for t in recv {
                // the Variant inside Tree, then the Tree handle let go
                let variant = match alias_of(&t).resolved().unwrap().kind() {
                    TypeKind::Array { element, .. } => element.clone(),
                    k => panic!("unexpected body {k:?}"),
                };
                drop(t);
                for _ in 0..50 {
                    match variant.kind() {
                        TypeKind::Variant(ts) => assert!(alias_of(&ts[1]).resolved().is_some()),
                        k => panic!("unexpected element {k:?}"),
                    }
                    assert!(instance_of(&variant, &nested()));
                }
            }
        });
        for _ in 0..3000 {
            let r = tree_registry();
            let t = r.lookup("Tree").unwrap().unwrap();
            send.send(t).unwrap();
            // collections of the dropped registries' aliases run meanwhile
            drop(r);
            super::collect_orphans();
        }
        drop(send);
        user.join().unwrap();
    }
}
