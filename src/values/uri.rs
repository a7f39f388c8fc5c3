//! URIs (RFC 3986) split into their parts.
//! (Skeleton: the rich-values work adds parsing, printing and merging.)

/// A URI; every part is optional. A URI is either hierarchical or opaque.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Uri {
    /// Scheme, e.g. `http`.
    pub scheme: Option<String>,
    /// User information before `@`.
    pub userinfo: Option<String>,
    /// Host.
    pub host: Option<String>,
    /// Port.
    pub port: Option<i64>,
    /// Path (may be empty).
    pub path: Option<String>,
    /// Query, without `?`.
    pub query: Option<String>,
    /// Fragment, without `#`.
    pub fragment: Option<String>,
    /// Opaque part of a non-hierarchical URI.
    pub opaque: Option<String>,
}
