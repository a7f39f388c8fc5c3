//! Points in time with nanosecond precision since the Unix epoch (UTC).
//! (Skeleton: the rich-values work adds constructors, strftime/strptime and arithmetic.)

/// Nanoseconds since 1970-01-01T00:00:00 UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp {
    /// Nanoseconds since the epoch.
    pub nanos: i128,
}
