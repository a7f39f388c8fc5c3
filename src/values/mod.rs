//! The value model: every kind of value the Puppet language has.
//!
//! [`Value`] is the Rust-side representation used by the type calculator,
//! the formatter and the evaluator. Containers are reference counted so that
//! values are cheap to clone and share between threads. Equality and hashing
//! are structural with Ruby `eql?` semantics (so `1` and `1.0` differ), which
//! is what hash keys need; the language's `==` lives in the evaluator.

pub mod binary;
pub mod deferred;
pub mod float_text;
pub mod new;
pub mod regexp;
pub mod semver;
pub mod semver_range;
pub mod strftime;
pub mod strptime;
pub mod timespan;
pub mod timespan_format;
pub mod timestamp;
mod timestamp_default;
pub mod type_model;
pub mod uri;
pub mod uri_merge;
pub mod uri_syntax;

use indexmap::IndexMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use type_model::Type;

pub use binary::Binary;
pub use deferred::Deferred;
pub use regexp::Regexp;
pub use semver::SemVer;
pub use semver_range::SemVerRange;
pub use timespan::Timespan;
pub use timestamp::Timestamp;
pub use uri::Uri;

/// An insertion-ordered hash, as Puppet's hashes are.
pub type ValueMap = IndexMap<Value, Value>;

/// A Ruby object with no Puppet meaning, seen as `Runtime['ruby', class_name]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuntimeValue {
    /// The Ruby class name of the object.
    pub class_name: Arc<str>,
    /// An identity (the Ruby object id) so two distinct objects are not equal.
    pub id: u64,
}

/// A Puppet value.
#[derive(Clone, Debug)]
pub enum Value {
    /// `undef` (Ruby `nil`).
    Undef,
    /// `default` (Ruby `:default`).
    Default,
    /// `true` / `false`.
    Boolean(bool),
    /// A signed 64-bit integer.
    Integer(i64),
    /// A double precision float.
    Float(f64),
    /// A UTF-8 string.
    String(Arc<str>),
    /// A regular expression (Ruby syntax, via onig).
    Regexp(Regexp),
    /// An array.
    Array(Arc<Vec<Value>>),
    /// An insertion-ordered hash.
    Hash(Arc<ValueMap>),
    /// A type used as a value.
    Type(Type),
    /// A semantic version.
    SemVer(Arc<SemVer>),
    /// A contiguous range of semantic versions.
    SemVerRange(Arc<SemVerRange>),
    /// A duration with nanosecond precision.
    Timespan(Timespan),
    /// A point in time with nanosecond precision.
    Timestamp(Timestamp),
    /// A sequence of bytes.
    Binary(Binary),
    /// A URI.
    Uri(Arc<Uri>),
    /// A value whose content must not be disclosed.
    Sensitive(Arc<Value>),
    /// A function call to be resolved later.
    Deferred(Arc<Deferred>),
    /// A foreign (Ruby) object.
    Runtime(Arc<RuntimeValue>),
}

impl Value {
    /// A string value.
    pub fn string(s: impl Into<Arc<str>>) -> Value {
        Value::String(s.into())
    }

    /// An array value.
    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Arc::new(items))
    }

    /// A hash value.
    pub fn hash(map: ValueMap) -> Value {
        Value::Hash(Arc::new(map))
    }

    /// The string content, if this is a String.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// True for `undef`.
    pub fn is_undef(&self) -> bool {
        matches!(self, Value::Undef)
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        use Value::*;
        match (self, other) {
            (Undef, Undef) | (Default, Default) => true,
            (Boolean(a), Boolean(b)) => a == b,
            (Integer(a), Integer(b)) => a == b,
            // eql? semantics: same bits, except that 0.0 == -0.0 in Ruby's eql? too
            (Float(a), Float(b)) => a == b || (a.is_nan() && b.is_nan()),
            (String(a), String(b)) => a == b,
            (Regexp(a), Regexp(b)) => a == b,
            (Array(a), Array(b)) => Arc::ptr_eq(a, b) || a == b,
            (Hash(a), Hash(b)) => {
                Arc::ptr_eq(a, b)
                    || (a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x == y))
            }
            (Type(a), Type(b)) => a == b,
            (SemVer(a), SemVer(b)) => a == b,
            (SemVerRange(a), SemVerRange(b)) => a == b,
            (Timespan(a), Timespan(b)) => a == b,
            (Timestamp(a), Timestamp(b)) => a == b,
            (Binary(a), Binary(b)) => a == b,
            (Uri(a), Uri(b)) => a == b,
            // as the reference: equal when the wrapped values are (`Sensitive(42) == Sensitive(42)`)
            (Sensitive(a), Sensitive(b)) => Arc::ptr_eq(a, b) || a == b,
            (Deferred(a), Deferred(b)) => a == b,
            (Runtime(a), Runtime(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Value::Undef | Value::Default => {}
            Value::Boolean(b) => b.hash(state),
            Value::Integer(i) => i.hash(state),
            Value::Float(f) => {
                let f = if *f == 0.0 { 0.0 } else { *f };
                f.to_bits().hash(state)
            }
            Value::String(s) => s.hash(state),
            Value::Regexp(r) => r.hash(state),
            Value::Array(a) => a.hash(state),
            Value::Hash(h) => {
                h.len().hash(state);
                for (k, v) in h.iter() {
                    k.hash(state);
                    v.hash(state);
                }
            }
            Value::Type(t) => t.hash(state),
            Value::SemVer(v) => v.hash(state),
            Value::SemVerRange(v) => v.hash(state),
            Value::Timespan(v) => v.hash(state),
            Value::Timestamp(v) => v.hash(state),
            Value::Binary(v) => v.hash(state),
            Value::Uri(v) => v.hash(state),
            Value::Sensitive(v) => v.hash(state),
            Value::Deferred(v) => v.hash(state),
            Value::Runtime(v) => v.hash(state),
        }
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Boolean(b)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Integer(i)
    }
}

impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Value::Float(f)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.into())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s.into())
    }
}
