//! Semantic versions (SemVer 2.0): parsing, printing and precedence.
//!
//! Behaviour follows Puppet's `SemVer` values: a version string must match
//! `major.minor.patch[-pre][+build]` exactly (numbers without leading zeros,
//! dot separated qualifier parts of `[0-9A-Za-z-]`); numeric prerelease parts
//! may not have leading zeros; precedence ignores build metadata, while
//! equality includes it. A version built from positional or Hash arguments
//! keeps its prerelease as one opaque identifier (as the reference does), so
//! `SemVer(1,2,3,'rc.1')` is not equal to `SemVer('1.2.3-rc.1')`.

use crate::error::{Error, Result};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// A semantic version `major.minor.patch[-prerelease][+build]`.
///
/// Build it with [`SemVer::parse`] or [`SemVer::from_parts`]; the fields are
/// public for reading. `Ord` is a total order (precedence, then build text);
/// the language's comparison operators use [`SemVer::cmp_precedence`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SemVer {
    /// Major version.
    pub major: u64,
    /// Minor version.
    pub minor: u64,
    /// Patch version.
    pub patch: u64,
    /// Prerelease qualifier (dot separated identifiers), if any. `Some("")`
    /// only for [`SemVer::min`], the lowest possible version.
    pub prerelease: Option<Arc<str>>,
    /// Build metadata, if any.
    pub build: Option<Arc<str>>,
    /// True when the prerelease is one opaque identifier (given as a positional
    /// or Hash argument) rather than dot separated identifiers parsed from a string.
    pub opaque_prerelease: bool,
}

/// One prerelease identifier: numeric identifiers sort before alphanumeric ones.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ident<'a> {
    Num(u128),
    Alpha(&'a str),
}

/// True for a dot separated list of non-empty `[0-9A-Za-z-]+` parts.
pub fn is_qualifier(s: &str) -> bool {
    !s.is_empty()
        && s.split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
}

/// Parses a version number without leading zeros.
fn number(s: &str) -> Option<Option<u64>> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || (s.len() > 1 && s.starts_with('0'))
    {
        return None;
    }
    Some(s.parse::<u64>().ok())
}

impl SemVer {
    /// The lowest version there is (`0.0.0-`, with an empty prerelease).
    pub fn min() -> SemVer {
        // (one shared empty text: ranges ask for the bottom version often)
        static EMPTY: std::sync::OnceLock<Arc<str>> = std::sync::OnceLock::new();
        SemVer {
            major: 0,
            minor: 0,
            patch: 0,
            prerelease: Some(EMPTY.get_or_init(|| "".into()).clone()),
            build: None,
            opaque_prerelease: false,
        }
    }

    /// A plain `major.minor.patch` version.
    pub fn new(major: u64, minor: u64, patch: u64) -> SemVer {
        SemVer {
            major,
            minor,
            patch,
            prerelease: None,
            build: None,
            opaque_prerelease: false,
        }
    }

    /// Parse a version string. A single trailing newline is tolerated (the
    /// reference anchors with `\Z`). Errors: `The string '...' cannot be
    /// converted to a SemVer`, or the leading-zero prerelease error.
    pub fn parse(s: &str) -> Result<SemVer> {
        Self::parse_inner(s).map_err(|e| match e {
            Some(msg) => Error::argument(msg),
            None => Error::argument(format!("The string '{s}' cannot be converted to a SemVer")),
        })
    }

    fn parse_inner(s: &str) -> std::result::Result<SemVer, Option<String>> {
        let body = s.strip_suffix('\n').unwrap_or(s);
        let (rest, build) = match body.split_once('+') {
            Some((r, b)) => (r, Some(b)),
            None => (body, None),
        };
        let (core, pre) = match rest.split_once('-') {
            Some((c, p)) => (c, Some(p)),
            None => (rest, None),
        };
        let nums: Vec<&str> = core.split('.').collect();
        if nums.len() != 3 {
            return Err(None);
        }
        let mut parsed = [0u64; 3];
        for (i, n) in nums.iter().enumerate() {
            match number(n) {
                None => return Err(None),
                Some(None) => {
                    return Err(Some(format!(
                        "The string '{s}' cannot be converted to a SemVer: version number {n} is too large"
                    )))
                }
                Some(Some(v)) => parsed[i] = v,
            }
        }
        if pre.is_some_and(|p| !is_qualifier(p)) || build.is_some_and(|b| !is_qualifier(b)) {
            return Err(None);
        }
        if let Some(p) = pre {
            if p.split('.').any(|id| {
                id.len() > 1 && id.starts_with('0') && id.bytes().all(|b| b.is_ascii_digit())
            }) {
                return Err(Some(
                    "Numeric pre-release identifiers MUST NOT contain leading zeroes".to_string(),
                ));
            }
        }
        Ok(SemVer {
            major: parsed[0],
            minor: parsed[1],
            patch: parsed[2],
            prerelease: pre.map(Into::into),
            build: build.map(Into::into),
            opaque_prerelease: false,
        })
    }

    /// True when `s` is a valid version string for [`SemVer::parse`].
    pub fn is_valid(s: &str) -> bool {
        Self::parse_inner(s).is_ok()
    }

    /// A version from its parts, as `SemVer.new(major, minor, patch, pre, build)`:
    /// qualifiers must match the SemVerQualifier pattern; the prerelease is kept
    /// as one opaque identifier.
    pub fn from_parts(
        major: u64,
        minor: u64,
        patch: u64,
        prerelease: Option<&str>,
        build: Option<&str>,
    ) -> Result<SemVer> {
        for (name, q) in [("prerelease", prerelease), ("build", build)] {
            if let Some(q) = q {
                if !is_qualifier(q) {
                    return Err(Error::argument(format!(
                        "parameter '{name}' expects a match for SemVerQualifier = Pattern[/\\A(?<part>[0-9A-Za-z-]+)(?:\\.\\g<part>)*\\Z/], got '{q}'"
                    )));
                }
            }
        }
        Ok(SemVer {
            major,
            minor,
            patch,
            prerelease: prerelease.map(Into::into),
            build: build.map(Into::into),
            opaque_prerelease: prerelease.is_some(),
        })
    }

    /// True when the version has no prerelease (a stable release).
    pub fn is_stable(&self) -> bool {
        self.prerelease.is_none()
    }

    /// The next patch version (`1.2.3` -> `1.2.4`), without qualifiers.
    pub fn next_patch(&self) -> SemVer {
        SemVer::new(self.major, self.minor, self.patch.saturating_add(1))
    }

    fn idents(&self) -> Option<Vec<Ident<'_>>> {
        let pre = self.prerelease.as_deref()?;
        if pre.is_empty() {
            return Some(Vec::new());
        }
        if self.opaque_prerelease {
            return Some(vec![Ident::Alpha(pre)]);
        }
        Some(
            pre.split('.')
                .map(|p| match p.parse::<u128>() {
                    Ok(n) if p.bytes().all(|b| b.is_ascii_digit()) => Ident::Num(n),
                    _ => Ident::Alpha(p),
                })
                .collect(),
        )
    }

    /// SemVer 2.0 precedence: numbers, then prerelease (a version with a
    /// prerelease sorts before the same version without); build is ignored.
    pub fn cmp_precedence(&self, other: &SemVer) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(other.major, other.minor, other.patch))
            .then_with(|| match (self.idents(), other.idents()) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(a), Some(b)) => a.cmp(&b),
            })
    }
}

impl PartialOrd for SemVer {
    fn partial_cmp(&self, other: &SemVer) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SemVer {
    /// Precedence first; ties broken by build text and representation so the order is total.
    fn cmp(&self, other: &SemVer) -> Ordering {
        self.cmp_precedence(other)
            .then_with(|| self.build.cmp(&other.build))
            .then_with(|| self.opaque_prerelease.cmp(&other.opaque_prerelease))
    }
}

impl fmt::Display for SemVer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if let Some(p) = &self.prerelease {
            write!(f, "-{p}")?;
        }
        if let Some(b) = &self.build {
            write!(f, "+{b}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> SemVer {
        SemVer::parse(s).unwrap()
    }

    #[test]
    fn semver_from_string_and_parts() {
        assert_eq!(v("1.2.3").to_string(), "1.2.3");
        let p = SemVer::from_parts(1, 2, 3, Some("rc4"), Some("5")).unwrap();
        assert_eq!(p.to_string(), "1.2.3-rc4+5");
    }

    #[test]
    fn semver_rejects_leading_zeros() {
        assert_eq!(
            SemVer::parse("01.2.3").unwrap_err().message,
            "The string '01.2.3' cannot be converted to a SemVer"
        );
        assert!(SemVer::parse("1.2.3-01")
            .unwrap_err()
            .message
            .contains("leading zeroes"));
        assert!(SemVer::parse("1.2").is_err());
        assert!(SemVer::parse("1.2.3-a..b").is_err());
        assert_eq!(v("1.2.3\n").to_string(), "1.2.3");
    }

    #[test]
    fn semver_precedence() {
        assert!(v("1.2.3-rc.2").cmp_precedence(&v("1.2.3-rc.10")).is_lt());
        assert!(v("1.2.3-rc").cmp_precedence(&v("1.2.3")).is_lt());
        assert!(v("1.2.3-1").cmp_precedence(&v("1.2.3-a")).is_lt());
        assert!(v("1.2.3-a").cmp_precedence(&v("1.2.3-a.b")).is_lt());
        assert!(v("1.2.3+a").cmp_precedence(&v("1.2.3+b")).is_eq());
        assert_ne!(v("1.2.3+a"), v("1.2.3+b"));
        let opaque = SemVer::from_parts(1, 2, 3, Some("rc.2"), None).unwrap();
        assert_ne!(opaque, v("1.2.3-rc.2"));
        assert!(opaque.cmp_precedence(&v("1.2.3-rc.10")).is_gt());
        assert!(SemVer::min().cmp_precedence(&v("0.0.0-0")).is_lt());
    }
}
