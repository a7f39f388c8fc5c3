//! Regular expressions with Ruby semantics, compiled by Oniguruma.
//!
//! A [`Regexp`] keeps its Puppet source text (what `/.../` contained, or the
//! pattern string given to `Regexp[...]`) and a compiled onig regex using the
//! Ruby syntax. Equality and hashing use the source text, as Puppet does.

use crate::error::{Error, Result};
use onig::{Regex, RegexOptions, Syntax};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A compiled regular expression and its source text.
#[derive(Clone)]
pub struct Regexp {
    source: Arc<str>,
    regex: Arc<Regex>,
}

impl Regexp {
    /// Compile `source` with Ruby syntax; an invalid pattern is an argument error.
    pub fn new(source: &str) -> Result<Regexp> {
        let regex = Regex::with_options(source, RegexOptions::REGEX_OPTION_NONE, Syntax::ruby())
            .map_err(|e| Error::argument(format!("invalid regular expression /{source}/: {e}")))?;
        Ok(Regexp {
            source: source.into(),
            regex: Arc::new(regex),
        })
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
