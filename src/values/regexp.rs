//! Regular expressions with Ruby semantics, compiled by Oniguruma.
//!
//! A [`Regexp`] keeps its Puppet source text (what `/.../` contained, or the
//! pattern string given to `Regexp[...]`) and a compiled onig regex using the
//! Ruby syntax. Equality and hashing use the source text, as Puppet does.

use crate::error::{Error, Result};
use onig::{Regex, RegexOptions, Syntax};
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

/// A compiled regular expression and its source text.
#[derive(Clone)]
pub struct Regexp {
    source: Arc<str>,
    regex: Arc<Regex>,
}

/// How many compiled patterns the process-wide cache keeps before it starts over.
const CACHE_LIMIT: usize = 4096;

/// The process-wide cache of compiled patterns, by source text.
fn cache() -> &'static Mutex<HashMap<Box<str>, Regexp>> {
    static CACHE: OnceLock<Mutex<HashMap<Box<str>, Regexp>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The compiled `source` from the process-wide cache, compiling and remembering
/// it when it is not there yet; the compiler's error when it does not compile.
/// (The lexer validates regex literals through this, so a pattern lexed and
/// then used in a type is compiled once.)
pub(crate) fn cached_or_error(source: &str) -> std::result::Result<Regexp, onig::Error> {
    if let Some(r) = cache().lock().ok().and_then(|m| m.get(source).cloned()) {
        return Ok(r);
    }
    let r = Regexp {
        source: source.into(),
        regex: Arc::new(compile(source)?),
    };
    if let Ok(mut m) = cache().lock() {
        if m.len() >= CACHE_LIMIT {
            m.clear();
        }
        m.insert(source.into(), r.clone());
    }
    Ok(r)
}

fn compile(source: &str) -> std::result::Result<Regex, onig::Error> {
    set_limits();
    Regex::with_options(source, RegexOptions::REGEX_OPTION_NONE, Syntax::ruby())
}

fn invalid(source: &str, e: onig::Error) -> Error {
    Error::argument(format!("invalid regular expression /{source}/: {e}"))
}

impl Regexp {
    /// Compile `source` with Ruby syntax; an invalid pattern is an argument error.
    pub fn new(source: &str) -> Result<Regexp> {
        let regex = compile(source).map_err(|e| invalid(source, e))?;
        Ok(Regexp {
            source: source.into(),
            regex: Arc::new(regex),
        })
    }

    /// As [`Regexp::new`], but shared through a process-wide cache of compiled
    /// patterns (compiling is far slower than looking up; regexps are immutable).
    pub fn cached(source: &str) -> Result<Regexp> {
        cached_or_error(source).map_err(|e| invalid(source, e))
    }

    /// The pattern text, without delimiters.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The compiled regex.
    pub fn regex(&self) -> &Regex {
        &self.regex
    }

    /// True when the pattern matches anywhere in `text` (unanchored, as Puppet's Pattern is).
    ///
    /// A pattern that gives up on `text` (see [`Regexp::try_match`]) answers
    /// false here, and the failure is recorded ([`crate::stop::record`]) for
    /// the callers that can report errors (the Ruby methods).
    #[inline]
    pub fn is_match(&self, text: &str) -> bool {
        match self.search_raw(text, None) {
            Ok(found) => found.is_some(),
            Err(e) => {
                crate::stop::record(crate::stop::Stop::Failed(self.gave_up(text, e)));
                false
            }
        }
    }

    /// Whether the pattern matches anywhere in `text`, or an argument error
    /// when it gives up: a pattern that backtracks catastrophically on the
    /// text (`/^(a|aa)+$/` on a long run of `a`) stops after a bounded number
    /// of steps (see [`RETRY_LIMIT_IN_MATCH`]) instead of running for minutes.
    pub fn try_match(&self, text: &str) -> Result<bool> {
        Ok(self.search(text, None)?.is_some())
    }

    /// Where the pattern first matches in `text` and, with `region`, the
    /// groups; an argument error when it gives up, as [`Regexp::try_match`].
    pub fn search(&self, text: &str, region: Option<&mut onig::Region>) -> Result<Option<usize>> {
        self.search_raw(text, region)
            .map_err(|e| self.gave_up(text, e))
    }

    /// The search itself (the limits are set: every Regexp is compiled by
    /// [`compile`], which sets them).
    #[inline]
    fn search_raw(
        &self,
        text: &str,
        region: Option<&mut onig::Region>,
    ) -> std::result::Result<Option<usize>, onig::Error> {
        // No capture region unless asked for: `find` would allocate (and free) one per call.
        self.regex.search_with_param(
            text,
            0,
            text.len(),
            onig::SearchOptions::SEARCH_OPTION_NONE,
            region,
            onig::MatchParam::default(),
        )
    }

    /// The error of this pattern giving up on `text`.
    #[cold]
    fn gave_up(&self, text: &str, e: onig::Error) -> Error {
        Error::argument(format!(
            "regular expression /{}/ gave up matching a string of {} characters: {}",
            self.source,
            text.chars().count(),
            e.description()
        ))
    }
}

/// Backtracking steps one match attempt may take (Oniguruma's default).
pub const RETRY_LIMIT_IN_MATCH: u64 = 10_000_000;
/// Backtracking steps one search may take over all its start positions
/// (unlimited by default in Oniguruma: an unanchored search of a long text
/// could take minutes).
pub const RETRY_LIMIT_IN_SEARCH: u64 = 20_000_000;

/// Set the process-wide limits of this library's Oniguruma (its own copy,
/// not Ruby's) once, before the first search (called by [`compile`]).
fn set_limits() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: plain setters of two global counters, called once, before any
        // search of this library's Oniguruma reads them.
        unsafe {
            onig_sys::onig_set_retry_limit_in_match(RETRY_LIMIT_IN_MATCH as std::os::raw::c_ulong);
            onig_sys::onig_set_retry_limit_in_search(
                RETRY_LIMIT_IN_SEARCH as std::os::raw::c_ulong,
            );
        }
    });
}

impl PartialEq for Regexp {
    fn eq(&self, other: &Regexp) -> bool {
        self.source == other.source
    }
}

impl Eq for Regexp {}

impl Hash for Regexp {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.source.hash(state)
    }
}

impl fmt::Debug for Regexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "/{}/", self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    // seed 001, Pattern: matching is unanchored; a pattern that backtracks
    // catastrophically gives up with an error instead of running for minutes.
    #[test]
    fn seed001_pattern_gives_up_on_catastrophic_backtracking() {
        let re = Regexp::new("^(a|aa)+$").unwrap();
        assert!(re.try_match("aaaa").unwrap());
        assert!(!re.try_match("aaab").unwrap());
        let long = format!("{}b", "a".repeat(40));
        let e = re.try_match(&long).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Argument);
        assert!(e.message.contains("/^(a|aa)+$/ gave up"), "{}", e.message);

        // is_match answers false and records the failure for the caller.
        use crate::stop::{count, take, Stop};
        let before = count();
        assert!(take(before).is_none());
        assert!(!re.is_match(&long));
        assert!(count() > before);
        assert!(matches!(take(before), Some(Stop::Failed(e)) if e.message.contains("gave up")));
        assert!(take(before).is_none());

        // A failure recorded before `since` is not this call's.
        assert!(!re.is_match(&long));
        assert!(take(count()).is_none());
    }

    #[test]
    fn a_search_over_many_start_positions_is_bounded_too() {
        let re = Regexp::new("(a|aa){1,22}c").unwrap();
        let text = "a".repeat(100_000);
        let e = re.try_match(&text).unwrap_err();
        assert!(e.message.contains("retry-limit-in-search"), "{}", e.message);
    }

    #[test]
    fn search_reports_the_groups() {
        let re = Regexp::new("(a)(x)?(b)").unwrap();
        let mut region = onig::Region::new();
        assert_eq!(re.search("zab", Some(&mut region)).unwrap(), Some(1));
        assert_eq!(region.pos(1), Some((1, 2)));
        assert_eq!(region.pos(2), None);
        assert_eq!(region.pos(3), Some((2, 3)));
    }
}
