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
    pub fn is_match(&self, text: &str) -> bool {
        // No capture region: `find` would allocate (and free) one per call.
        self.regex
            .search_with_options(
                text,
                0,
                text.len(),
                onig::SearchOptions::SEARCH_OPTION_NONE,
                None,
            )
            .is_some()
    }
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
