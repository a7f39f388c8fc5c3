//! Semantic versions (SemVer 2.0): parsing, printing and precedence.
//! (Skeleton: the rich-values work completes parsing, validation and ordering.)

use std::sync::Arc;

/// A semantic version `major.minor.patch[-prerelease][+build]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SemVer {
    /// Major version.
    pub major: u64,
    /// Minor version.
    pub minor: u64,
    /// Patch version.
    pub patch: u64,
    /// Prerelease qualifier (dot separated identifiers), if any.
    pub prerelease: Option<Arc<str>>,
    /// Build metadata, if any.
    pub build: Option<Arc<str>>,
}
