//! Durations with nanosecond precision.
//! (Skeleton: the rich-values work adds constructors, formats and arithmetic.)

/// A signed duration in nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timespan {
    /// Nanoseconds.
    pub nanos: i128,
}
