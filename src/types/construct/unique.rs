//! Lists without repeats, in first-seen order, that stay linear to build:
//! the parameters of `Variant`, `Pattern` and `SemVer` drop repeated members,
//! and a type string may give thousands of them.

use std::collections::HashSet;
use std::hash::Hash;

/// How many members are compared in turn before the list keeps an index of
/// them (short lists, the common case, need no hashing).
pub(crate) const SCAN_LIMIT: usize = 32;

/// Members in first-seen order, each once.
pub(crate) struct Unique<T> {
    list: Vec<T>,
    index: Option<HashSet<T>>,
    /// Set when the host stopped the walk building a big list (see
    /// [`crate::stop::tick`]): later members are ignored, the answer is dropped.
    stopped: bool,
}

impl<T: Hash + Eq + Clone> Unique<T> {
    /// An empty list with room for `n` members.
    pub(crate) fn with_capacity(n: usize) -> Unique<T> {
        Unique {
            list: Vec::with_capacity(n),
            index: None,
            stopped: false,
        }
    }

    /// Adds `x` unless an equal member is there already.
    pub(crate) fn push(&mut self, x: T) {
        let seen = match &self.index {
            Some(index) => {
                self.stopped = self.stopped || crate::stop::tick();
                self.stopped || index.contains(&x)
            }
            None => self.list.contains(&x),
        };
        if seen {
            return;
        }
        if self.index.is_none() && self.list.len() == SCAN_LIMIT {
            // (room for every member expected: growing a table of millions
            // rehashes them all at once, for a second, between two looks at
            // the host's check)
            let mut index = HashSet::with_capacity(self.list.capacity());
            index.extend(self.list.iter().cloned());
            self.index = Some(index);
        }
        if let Some(index) = &mut self.index {
            index.insert(x.clone());
        }
        self.list.push(x);
    }

    /// The members, in the order they were first added.
    pub(crate) fn into_vec(self) -> Vec<T> {
        self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_list_takes_no_more_members_once_the_host_stopped_the_walk() {
        use crate::stop::{self, test_check};
        let n = 1 << 20;
        let before = stop::count();
        let kept = stop::within_call(before, || {
            test_check::stop_next(1);
            let mut u = Unique::with_capacity(0);
            (0..n).for_each(|i| u.push(i));
            u.into_vec().len()
        });
        test_check::stop_next(0);
        assert!(kept < n / 8, "{kept} of {n} members taken after the stop");
        assert!(stop::take(before).is_some());
    }

    #[test]
    fn repeated_members_are_dropped_and_the_first_order_kept() {
        // below and past the number of members compared in turn
        for n in [3, SCAN_LIMIT, SCAN_LIMIT + 1, 5 * SCAN_LIMIT] {
            let mut u = Unique::with_capacity(0);
            for i in (0..n).chain((0..n).rev()).chain([n / 2, 0, n - 1]) {
                u.push(i);
            }
            assert_eq!(u.into_vec(), (0..n).collect::<Vec<_>>(), "{n}");
        }
    }
}
