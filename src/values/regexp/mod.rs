//! Regular expressions with Ruby semantics, compiled by Oniguruma.
//!
//! A [`Regexp`] keeps its Puppet source text (what `/.../` contained, or the
//! pattern string given to `Regexp[...]`) and a compiled onig regex using the
//! Ruby syntax, with the shorthand classes spelled as Ruby means them
//! ([`ruby_classes`]). Equality and hashing use the source text, as Puppet does.
//!
//! "Does it match anywhere?" ([`Regexp::is_match`], [`Regexp::try_match`]) is
//! answered by a linear-time automaton when the pattern is in the subset that
//! reads alike in Ruby and in the `regex` crate ([`linear`]) and has been used
//! a few times; searches that report groups always use Oniguruma.

mod linear;
mod ruby_classes;
mod ruby_text;

use crate::error::{Error, Result};
use onig::{Regex, RegexOptions, Syntax};
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// A compiled regular expression and its source text.
#[derive(Clone)]
pub struct Regexp {
    source: Arc<str>,
    compiled: Arc<Compiled>,
    /// The options of the Ruby Regexp this one was made from (see
    /// [`Regexp::from_ruby`]); 0 for a Puppet regexp.
    ruby_options: u8,
}

/// The engines of one pattern.
struct Compiled {
    onig: Regex,
    /// The linear-time matcher, built at the [`LINEAR_AFTER`]th match (None
    /// inside when the pattern is outside the shared subset).
    linear: OnceLock<Option<regex::Regex>>,
    /// Matches answered by Oniguruma before the linear matcher is built.
    uses: AtomicU32,
}

/// Matches of a pattern answered by Oniguruma before its linear matcher is
/// built: a pattern used once or twice does not pay for a second compilation.
const LINEAR_AFTER: u32 = 4;

impl Compiled {
    fn new(onig: Regex) -> Arc<Compiled> {
        Arc::new(Compiled {
            onig,
            linear: OnceLock::new(),
            uses: AtomicU32::new(0),
        })
    }
}

/// How many compiled patterns the process-wide cache keeps before it starts over.
const CACHE_LIMIT: usize = 4096;

/// The most memory (estimated) the cache of compiled patterns holds before
/// it starts over.
const CACHE_BYTES: usize = 64 << 20;

/// The estimated memory of a cached pattern: the compiled program of each
/// engine (tens of bytes per byte of pattern) and the linear matcher's
/// working memory (see [`linear::compile`]).
fn cache_cost(source: &str) -> usize {
    16 * 1024 + 64 * source.len()
}

/// The compiled patterns by source text, with the estimated bytes they hold.
type Cache = (HashMap<Box<str>, Regexp>, usize);

/// The process-wide cache of compiled patterns.
fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new((HashMap::new(), 0)))
}

/// The compiled `source` from the process-wide cache, compiling and remembering
/// it when it is not there yet; the compiler's error when it does not compile.
/// (The lexer validates regex literals through this, so a pattern lexed and
/// then used in a type is compiled once.)
///
/// The patterns used last are kept in a small table (one per slot) in front
/// of the cache, which hashes the whole text: parsing the same few patterns
/// again (types, literals) costs a comparison of their text.
pub(crate) fn cached_or_error(source: &str) -> std::result::Result<Regexp, onig::Error> {
    static RECENT: Mutex<[Option<Regexp>; RECENT_SLOTS]> =
        Mutex::new([const { None }; RECENT_SLOTS]);
    let slot = recent_slot(source.as_bytes());
    // (a busy or poisoned table is passed by)
    let hit = RECENT.try_lock().ok().and_then(|r| {
        r.get(slot)?
            .as_ref()
            .filter(|re| re.source() == source)
            .cloned()
    });
    if let Some(re) = hit {
        return Ok(re);
    }
    let re = cached_in_map(source)?;
    if let Ok(mut r) = RECENT.try_lock() {
        if let Some(s) = r.get_mut(slot) {
            *s = Some(re.clone());
        }
    }
    Ok(re)
}

/// How many patterns [`cached_or_error`] keeps in front (a power of two).
const RECENT_SLOTS: usize = 64;

/// The slot of a pattern in the table of [`cached_or_error`]: a mix of its
/// length and its first and last bytes.
fn recent_slot(b: &[u8]) -> usize {
    let n = b.len();
    let word = |at: &[u8]| at.iter().take(8).fold(0u64, |w, &c| (w << 8) | c as u64);
    let first = word(b);
    let last = word(b.get(n.saturating_sub(8)..).unwrap_or_default());
    let h = (first ^ last.rotate_left(29) ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 58) as usize & (RECENT_SLOTS - 1)
}

/// `source` from the process-wide map of compiled patterns, compiled and
/// remembered when it is not there yet.
fn cached_in_map(source: &str) -> std::result::Result<Regexp, onig::Error> {
    if let Some(r) = cache().lock().ok().and_then(|m| m.0.get(source).cloned()) {
        return Ok(r);
    }
    let r = Regexp {
        source: source.into(),
        compiled: Compiled::new(compile(source)?),
        ruby_options: 0,
    };
    if let Ok(mut m) = cache().lock() {
        let cost = cache_cost(source);
        if m.0.len() >= CACHE_LIMIT || m.1 + cost > CACHE_BYTES {
            *m = (HashMap::new(), 0);
        }
        if cost <= CACHE_BYTES / 16 && m.0.insert(source.into(), r.clone()).is_none() {
            m.1 += cost;
        }
    }
    Ok(r)
}

fn compile(source: &str) -> std::result::Result<Regex, onig::Error> {
    set_limits();
    Regex::with_options(
        &ruby_classes::spelled_out(source),
        RegexOptions::REGEX_OPTION_NONE,
        Syntax::ruby(),
    )
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
            compiled: Compiled::new(regex),
            ruby_options: 0,
        })
    }

    /// As [`Regexp::new`], but shared through a process-wide cache of compiled
    /// patterns (compiling is far slower than looking up; regexps are immutable).
    pub fn cached(source: &str) -> Result<Regexp> {
        cached_or_error(source).map_err(|e| invalid(source, e))
    }

    /// The regexp a Ruby Regexp with `source` and the options `options`
    /// (Ruby's IGNORECASE 1, EXTENDED 2, MULTILINE 4; others are ignored)
    /// stands for, as in the reference: with options, its source is Ruby's
    /// text of the Regexp (`(?mi-x:src)`), without, the Ruby source itself.
    pub fn from_ruby(source: &str, options: u8) -> Result<Regexp> {
        let options = options & RUBY_OPTIONS;
        if options == 0 {
            return Regexp::cached(source);
        }
        let wrap = |options: u8, inner: &str, end: &str| {
            let mut text = String::with_capacity(inner.len() + 9);
            text.push_str("(?");
            ruby_flags(&mut text, options, b"mix");
            text.push(':');
            text.push_str(inner);
            text.push_str(end);
            text
        };
        let (options, inner) = ruby_text::fold(source, options, |o, inner| {
            compile(&wrap(o, inner, "\n)")).is_ok()
        });
        let text = wrap(options, inner, ")");
        match Regexp::cached(&text) {
            Ok(mut r) => {
                r.ruby_options = options;
                Ok(r)
            }
            // (a comment of an extended pattern running to the end of its
            // text, which Ruby's text does not end: the pattern is the
            // Regexp's, its text Ruby's, as in the reference)
            Err(e) if options & 2 != 0 => {
                let regex = compile(&wrap(options, inner, "\n)")).map_err(|_| e)?;
                Ok(Regexp {
                    source: text.into(),
                    compiled: Compiled::new(regex),
                    ruby_options: options,
                })
            }
            Err(e) => Err(e),
        }
    }

    /// The text the reference's `%s` gives a Regexp made from a Ruby Regexp
    /// with options (`(?im-x:src)`, the flags in another order than Ruby's);
    /// `None` for any other regexp (whose `%s` is its source).
    pub fn ruby_options_text(&self) -> Option<String> {
        if self.ruby_options == 0 {
            return None;
        }
        let inner = self.source.split_once(':')?.1.strip_suffix(')')?;
        let mut text = String::with_capacity(self.source.len());
        text.push_str("(?");
        ruby_flags(&mut text, self.ruby_options, b"imx");
        text.push(':');
        text.push_str(inner);
        text.push(')');
        Some(text)
    }

    /// The pattern text, without delimiters.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The compiled regex.
    pub fn regex(&self) -> &Regex {
        &self.compiled.onig
    }

    /// The linear-time matcher, once the pattern has been used
    /// [`LINEAR_AFTER`] times, when it is in the shared subset.
    #[inline]
    fn linear(&self) -> Option<&regex::Regex> {
        let c = &*self.compiled;
        if let Some(l) = c.linear.get() {
            return l.as_ref();
        }
        if c.uses.fetch_add(1, Ordering::Relaxed) < LINEAR_AFTER {
            return None;
        }
        c.linear
            .get_or_init(|| linear::compile(&self.source))
            .as_ref()
    }

    /// True when the pattern matches anywhere in `text` (unanchored, as Puppet's Pattern is).
    ///
    /// A pattern that gives up on `text` (see [`Regexp::try_match`]) answers
    /// false here, and the failure is recorded ([`crate::stop::record`]) for
    /// the callers that can report errors (the Ruby methods).
    #[inline]
    pub fn is_match(&self, text: &str) -> bool {
        if let Some(l) = self.linear() {
            return l.is_match(text);
        }
        match self.search_raw(text, None) {
            Ok(found) => found.is_some(),
            Err(e) => {
                crate::stop::record(crate::stop::Stop::Failed(self.gave_up(e)));
                false
            }
        }
    }

    /// [`Regexp::is_match`] within the budget of a walk: the search is tried
    /// with a small step limit first, then with limits four times larger,
    /// looking for interruptions between tries ([`crate::stop::Steps::poll_now`]:
    /// the text may be the host's, so no host code runs) and spending the
    /// walk's budget of backtracking steps ([`crate::stop::REGEX_BUDGET`]) on
    /// each try that ran out of steps; the last try gets what is left. A
    /// search that fails, or needs more than the budget, answers false and
    /// records why, which stops the walk.
    pub fn is_match_in(&self, text: &str, steps: &mut crate::stop::Steps) -> bool {
        if let Some(l) = self.linear() {
            return l.is_match(text);
        }
        let mut limit = FIRST_TRY_LIMIT;
        loop {
            match self.search_limited(text, limit) {
                Ok(found) => return found,
                Err(e) if !out_of_steps(&e) => {
                    crate::stop::record(crate::stop::Stop::Failed(self.gave_up(e)));
                    return false;
                }
                Err(e) => {
                    crate::stop::soon();
                    let left = if steps.spend_regex(limit) {
                        steps.regex_left()
                    } else {
                        0
                    };
                    if left == 0 {
                        crate::stop::record(crate::stop::Stop::Failed(self.gave_up(e)));
                        return false;
                    }
                    if steps.poll_now() {
                        return false;
                    }
                    limit = (limit * 4).min(left);
                }
            }
        }
    }

    /// One search with at most `limit` backtracking steps in all.
    fn search_limited(&self, text: &str, limit: u64) -> std::result::Result<bool, onig::Error> {
        let mut param = onig::MatchParam::default();
        let limit = limit.min(u64::from(u32::MAX));
        param.set_retry_limit_in_match(limit as u32);
        // SAFETY: a setter of the parameter block `param` owns.
        unsafe {
            onig_sys::onig_set_retry_limit_in_search_of_match_param(
                param.as_raw(),
                limit as std::os::raw::c_ulong,
            );
        }
        self.compiled
            .onig
            .search_with_param(
                text,
                0,
                text.len(),
                onig::SearchOptions::SEARCH_OPTION_NONE,
                None,
                param,
            )
            .map(|found| found.is_some())
    }

    /// Whether the pattern matches anywhere in `text`, or an argument error
    /// when it gives up: a pattern that backtracks catastrophically on the
    /// text (`/^(a|aa)+$/` on a long run of `a`) stops after a bounded number
    /// of steps (see [`RETRY_LIMIT_IN_MATCH`]) instead of running for minutes.
    pub fn try_match(&self, text: &str) -> Result<bool> {
        if let Some(l) = self.linear() {
            return Ok(l.is_match(text));
        }
        Ok(self.search(text, None)?.is_some())
    }

    /// Where the pattern first matches in `text` and, with `region`, the
    /// groups; an argument error when it gives up, as [`Regexp::try_match`].
    pub fn search(&self, text: &str, region: Option<&mut onig::Region>) -> Result<Option<usize>> {
        self.search_raw(text, region).map_err(|e| self.gave_up(e))
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
        self.compiled.onig.search_with_param(
            text,
            0,
            text.len(),
            onig::SearchOptions::SEARCH_OPTION_NONE,
            region,
            onig::MatchParam::default(),
        )
    }

    /// The error of this pattern giving up on a text (which it does not
    /// describe: the text may be a secret, and so may its length).
    #[cold]
    fn gave_up(&self, e: onig::Error) -> Error {
        Error::argument(format!(
            "regular expression /{}/ gave up matching a string: {}",
            self.source,
            e.description()
        ))
    }
}

/// True when a search failed for running out of backtracking steps.
fn out_of_steps(e: &onig::Error) -> bool {
    matches!(
        e.code() as std::os::raw::c_int,
        onig_sys::ONIGERR_RETRY_LIMIT_IN_MATCH_OVER | onig_sys::ONIGERR_RETRY_LIMIT_IN_SEARCH_OVER
    )
}

/// The step limit of the first try of [`Regexp::is_match_in`]: searches
/// that need fewer steps (nearly all) cost no budget.
const FIRST_TRY_LIMIT: u64 = 100_000;

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

/// Ruby's Regexp options that change what a pattern matches.
const RUBY_OPTIONS: u8 = 7;

/// Appends the letters of the options `options` that are on, then (after a
/// `-`) those that are off, each in the order of `order`.
fn ruby_flags(out: &mut String, options: u8, order: &[u8; 3]) {
    let bit = |c: u8| match c {
        b'i' => 1,
        b'x' => 2,
        _ => 4,
    };
    for &c in order {
        if options & bit(c) != 0 {
            out.push(c as char);
        }
    }
    if options & RUBY_OPTIONS != RUBY_OPTIONS {
        out.push('-');
        for &c in order {
            if options & bit(c) == 0 {
                out.push(c as char);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_regexps_are_the_patterns_asked_for() {
        for src in [
            "a",
            "b",
            "",
            "a+b",
            "(",
            "\\A[a-z]+\\z",
            "a",
            "(",
            "x".repeat(40).as_str(),
        ] {
            for _ in 0..2 {
                match (Regexp::cached(src), Regexp::new(src)) {
                    (Ok(a), Ok(b)) => assert_eq!(a.source(), b.source()),
                    (Err(a), Err(b)) => assert_eq!(a.message, b.message),
                    (a, b) => panic!("{src}: {a:?} vs {b:?}"),
                }
            }
        }
    }

    use crate::error::ErrorKind;

    // seed 001, Pattern: matching is unanchored; a pattern that backtracks
    // catastrophically gives up with an error instead of running for minutes.
    /// The fixture's cases by pattern: (text, Ruby's answer).
    fn ruby_answers() -> Vec<(String, Vec<(String, bool)>)> {
        let text = include_str!("../../../spec/fixtures/regex_matches.txt");
        let mut out: Vec<(String, Vec<(String, bool)>)> = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            let subject: String = f[1]
                .split(',')
                .filter(|c| !c.is_empty())
                .map(|c| char::from_u32(c.parse().unwrap()).unwrap())
                .collect();
            if out.last().map_or(true, |(p, _)| p != f[0]) {
                out.push((f[0].to_string(), Vec::new()));
            }
            out.last_mut().unwrap().1.push((subject, f[2] == "1"));
        }
        out
    }

    // seed 003, Regexp: patterns have Ruby's meaning; `\d`, `\w`, `\s` and `\h`
    // are ASCII-only while `\b`, POSIX brackets and `\p{...}` follow Unicode.
    #[test]
    fn both_engines_answer_as_ruby() {
        let mut linear_patterns = 0;
        for (pattern, cases) in ruby_answers() {
            let re = Regexp::new(&pattern).unwrap();
            let lin = linear::compile(&pattern);
            linear_patterns += usize::from(lin.is_some());
            for (subject, ruby) in cases {
                // docs/divergences.md: case-insensitive `\w` also takes the two
                // non-ASCII letters that fold to ASCII ones (K KELVIN SIGN, ſ)
                let folds_to_ascii = subject.contains(['\u{212a}', '\u{17f}']);
                if pattern.starts_with("(?i)") && pattern.contains("\\w") && folds_to_ascii {
                    continue;
                }
                let onig = re.search_raw(&subject, None).unwrap().is_some();
                assert_eq!(onig, ruby, "onig: /{pattern}/ on {subject:?}");
                if let Some(l) = &lin {
                    assert_eq!(
                        l.is_match(&subject),
                        ruby,
                        "linear: /{pattern}/ on {subject:?}"
                    );
                }
            }
        }
        // most of the fixture's patterns are in the shared subset
        assert!(linear_patterns >= 50, "{linear_patterns}");
    }

    #[test]
    fn a_pattern_answers_the_same_before_and_after_its_linear_matcher_is_built() {
        let re = Regexp::new(r"\A[0-7]{4}\z").unwrap();
        let answers: Vec<bool> = (0..10).map(|_| re.is_match("0644")).collect();
        assert!(answers.iter().all(|&a| a));
        assert!(re.compiled.linear.get().is_some_and(|l| l.is_some()));
        assert!(!re.is_match("0648") && !re.try_match("06440").unwrap());
    }

    #[test]
    fn a_linear_pattern_answers_where_backtracking_would_give_up() {
        let re = Regexp::new(r"\A(a|aa)+\z").unwrap();
        let long = format!("{}b", "a".repeat(40));
        for _ in 0..LINEAR_AFTER {
            assert!(re.try_match(&long).is_err());
        }
        assert!(!re.try_match(&long).unwrap());
        assert!(re.try_match(&"a".repeat(40)).unwrap());
    }

    #[test]
    fn pattern_gives_up_on_catastrophic_backtracking() {
        // (a pattern outside the linear subset: an option group)
        let re = Regexp::new("(?i)^(a|aa)+$").unwrap();
        assert!(re.try_match("aaaa").unwrap());
        assert!(!re.try_match("aaab").unwrap());
        let long = format!("{}b", "a".repeat(40));
        let e = re.try_match(&long).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Argument);
        assert!(
            e.message.contains("/(?i)^(a|aa)+$/ gave up"),
            "{}",
            e.message
        );

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
        let re = Regexp::new("(?i)(a|aa){1,22}c").unwrap();
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
