//! Contiguous ranges of semantic versions, in the grammar Puppet accepts.
//! (Skeleton: the rich-values work completes the grammar, merging and text forms.)

use super::SemVer;

/// A contiguous version range with inclusive/exclusive ends; `None` means unbounded.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SemVerRange {
    /// Lower bound.
    pub min: Option<SemVer>,
    /// Upper bound.
    pub max: Option<SemVer>,
    /// True when `min` itself is excluded.
    pub exclude_min: bool,
    /// True when `max` itself is excluded.
    pub exclude_max: bool,
}
