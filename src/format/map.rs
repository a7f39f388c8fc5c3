//! Format maps: which format applies to a value.
//!
//! A [`Rules`] answers "which format for this value". The built-in maps (the
//! top-level defaults and the `%p`-for-everything map used inside containers)
//! are answered by the value's kind without any type computation; a format
//! string given for one value becomes a rule for that value (merged with the
//! container defaults when the value is an array or hash); user format maps
//! keyed by types are merged with the defaults and ordered most specific first.

use super::spec::Spec;
use crate::error::Result;
use crate::values::Value;
use std::sync::{Arc, OnceLock};

/// One format with the container options that may accompany it.
#[derive(Clone, Debug)]
pub struct Fmt {
    /// The format specification.
    pub spec: Spec,
    /// Separator between container entries (default `", "`).
    pub separator: Option<Arc<str>>,
    /// Separator between a hash key and its value (default `" => "`).
    pub separator2: Option<Arc<str>>,
    /// Formats for the non-container values inside a container.
    pub string_formats: Option<Rules>,
}

impl Fmt {
    /// A plain format from a format string.
    pub fn parse(text: &str) -> Result<Fmt> {
        Ok(Fmt::plain(Spec::parse(text)?))
    }

    fn plain(spec: Spec) -> Fmt {
        Fmt {
            spec,
            separator: None,
            separator2: None,
            string_formats: None,
        }
    }

    /// `higher` laid over `self`: its spec, and its options where it has them.
    pub fn merged(&self, higher: &Fmt) -> Fmt {
        Fmt {
            spec: higher.spec.clone(),
            separator: higher.separator.clone().or_else(|| self.separator.clone()),
            separator2: higher
                .separator2
                .clone()
                .or_else(|| self.separator2.clone()),
            string_formats: match (&self.string_formats, &higher.string_formats) {
                (Some(lower), Some(higher)) => Some(lower.merged_with(higher)),
                (lower, higher) => higher.clone().or_else(|| lower.clone()),
            },
        }
    }
}

/// The kind of container a format given as a string was meant for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Given {
    /// The value was an array: arrays use the given format.
    Array,
    /// The value was a hash: hashes use the given format.
    Hash,
}

/// A format map.
#[derive(Clone, Debug)]
pub enum Rules {
    /// The top-level defaults: `%f` floats, `%d` integers, `%a` arrays, `%h` hashes,
    /// `%B` binaries, `%p` objects and `%s` for the rest.
    Top,
    /// The default inside containers: `%p` for everything.
    Container,
    /// One format for every value asked about (a format string given for a scalar).
    Single(Arc<Fmt>),
    /// A format string given for an array or hash, merged with its container defaults;
    /// other values use the top-level defaults.
    Given(Given, Arc<Fmt>),
    /// A user map merged with the defaults, most specific type first.
    Custom(Arc<Vec<(crate::types::Type, Arc<Fmt>)>>),
}

/// The built-in formats, parsed once.
pub struct Defaults {
    /// `%p`.
    pub p: Arc<Fmt>,
    /// `%s`.
    pub s: Arc<Fmt>,
    /// `%f`.
    pub f: Arc<Fmt>,
    /// `%d`.
    pub d: Arc<Fmt>,
    /// `%B`.
    pub binary: Arc<Fmt>,
    /// `%a` with `", "` separators and `%p` inside.
    pub array: Arc<Fmt>,
    /// `%h` with `", "` and `" => "` separators and `%p` inside.
    pub hash: Arc<Fmt>,
}

/// The built-in formats.
pub fn defaults() -> &'static Defaults {
    static DEFAULTS: OnceLock<Defaults> = OnceLock::new();
    DEFAULTS.get_or_init(|| {
        let spec = |t: &str| Spec::parse(t).expect("built-in format");
        let container = |t: &str, sep2: &str| {
            Arc::new(Fmt {
                spec: spec(t),
                separator: Some(", ".into()),
                separator2: Some(sep2.into()),
                string_formats: Some(Rules::Container),
            })
        };
        Defaults {
            p: Arc::new(Fmt::plain(spec("%p"))),
            s: Arc::new(Fmt::plain(spec("%s"))),
            f: Arc::new(Fmt::plain(spec("%f"))),
            d: Arc::new(Fmt::plain(spec("%d"))),
            binary: Arc::new(Fmt::plain(spec("%B"))),
            array: container("%a", ", "),
            hash: container("%h", " => "),
        }
    })
}

impl Rules {
    /// The format for `value`; `%s` when nothing matches.
    pub fn lookup<'a>(&'a self, value: &Value) -> &'a Fmt {
        let d = defaults();
        match self {
            Rules::Top => top_default(d, value),
            Rules::Container => &d.p,
            Rules::Single(f) => f,
            Rules::Given(kind, f) => match (kind, value) {
                (Given::Array, Value::Array(_)) | (Given::Hash, Value::Hash(_)) => f,
                _ => top_default(d, value),
            },
            Rules::Custom(rules) => rules
                .iter()
                .find(|(t, _)| super::typing::matches(t, value))
                .map(|(_, f)| &**f)
                .unwrap_or(&d.s),
        }
    }

    /// `higher` merged over `self`.
    pub fn merged_with(&self, higher: &Rules) -> Rules {
        super::typing::merge_rules(self, higher)
    }
}

fn top_default<'a>(d: &'a Defaults, value: &Value) -> &'a Fmt {
    match value {
        Value::Float(_) => &d.f,
        Value::Integer(_) => &d.d,
        Value::Array(_) => &d.array,
        Value::Hash(_) => &d.hash,
        Value::Binary(_) => &d.binary,
        Value::Deferred(_) => &d.p,
        _ => &d.s,
    }
}
