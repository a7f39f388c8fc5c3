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
}

impl<T: Hash + Eq + Clone> Unique<T> {
    /// An empty list with room for `n` members.
    pub(crate) fn with_capacity(n: usize) -> Unique<T> {
        Unique {
            list: Vec::with_capacity(n),
            index: None,
        }
    }

    /// Adds `x` unless an equal member is there already.
    pub(crate) fn push(&mut self, x: T) {
        let seen = match &self.index {
            Some(index) => index.contains(&x),
            None => self.list.contains(&x),
        };
        if seen {
            return;
        }
        if self.index.is_none() && self.list.len() == SCAN_LIMIT {
            self.index = Some(self.list.iter().cloned().collect());
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
