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
pub mod ruby_case;
pub mod ruby_float;
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
pub use timespan::{Timespan, TimespanBound};
pub use timestamp::Timestamp;
pub use uri::Uri;

/// An insertion-ordered hash, as Puppet's hashes are.
pub type ValueMap = IndexMap<Value, Value>;

/// A Ruby object with no Puppet meaning, seen as `Runtime['ruby', class_name]`.
#[derive(Clone)]
pub struct RuntimeValue {
    /// The Ruby class name of the object.
    pub class_name: Arc<str>,
    /// An identity (fixed while the object lives) so two distinct objects are not equal.
    pub id: u64,
    /// The names of the class's superclasses and of the modules they
    /// include, nearest first (a `Runtime[ruby, 'Base']` holds the object of
    /// a subclass of `Base`).
    pub ancestors: Arc<[Arc<str>]>,
    /// The object's own texts, when the host supplied them (Ruby's `to_s`
    /// and `inspect`: what `String.new` shows of it); set once, before the
    /// value is formatted.
    pub texts: std::sync::OnceLock<RuntimeTexts>,
    /// The host's handle of the object, which keeps it alive as long as the
    /// value (the Ruby binding's GC-marked reference; see `ruby::kept`).
    pub object: Option<HostObject>,
}

/// A Runtime object's own texts (see [`RuntimeValue::texts`]).
#[derive(Clone, Debug)]
pub struct RuntimeTexts {
    /// Its plain text (Ruby's `to_s`).
    pub to_s: Arc<str>,
    /// Its inspection (Ruby's `inspect`).
    pub inspect: Arc<str>,
}

/// A host object kept alive by a value, opaque to the core.
pub type HostObject = Arc<dyn std::any::Any + Send + Sync>;

impl PartialEq for RuntimeValue {
    fn eq(&self, other: &RuntimeValue) -> bool {
        self.id == other.id && self.class_name == other.class_name
    }
}

impl Eq for RuntimeValue {}

impl Hash for RuntimeValue {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.class_name.hash(state);
        self.id.hash(state);
    }
}

impl std::fmt::Debug for RuntimeValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuntimeValue")
            .field("class_name", &self.class_name)
            .field("id", &self.id)
            .finish()
    }
}

/// A Puppet value. Its `Debug` form never shows what a `Sensitive` holds.
#[derive(Clone)]
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

impl Drop for Value {
    /// Dropping the last reference to a container drops what it holds,
    /// recursively: data nested thousands of levels deep (an evaluation can
    /// build it) is dropped on more stack when the thread's runs low
    /// ([`crate::stack::deep`]). The container is taken out of the value,
    /// which keeps a shared empty one meanwhile.
    fn drop(&mut self) {
        fn last<T: ?Sized>(a: &Arc<T>) -> bool {
            Arc::strong_count(a) == 1 && Arc::weak_count(a) == 0
        }
        match self {
            Value::Array(a) if !a.is_empty() && last(a) => {
                let a = std::mem::replace(a, empty::array());
                crate::stack::deep(move || drop(a));
            }
            Value::Hash(h) if !h.is_empty() && last(h) => {
                let h = std::mem::replace(h, empty::hash());
                crate::stack::deep(move || drop(h));
            }
            Value::Sensitive(v) if last(v) => {
                let v = std::mem::replace(v, empty::undef());
                crate::stack::deep(move || drop(v));
            }
            _ => {}
        }
    }
}

/// `undef`, to lend where a reference is needed (a value, having drop code,
/// is not promoted to a constant: `&Value::Undef` is a temporary).
pub static UNDEF: Value = Value::Undef;

/// Shared empty containers, for [`Value`]'s drop.
mod empty {
    use super::{Value, ValueMap};
    use std::sync::{Arc, OnceLock};

    pub(super) fn array() -> Arc<Vec<Value>> {
        static A: OnceLock<Arc<Vec<Value>>> = OnceLock::new();
        A.get_or_init(|| Arc::new(Vec::new())).clone()
    }

    pub(super) fn hash() -> Arc<ValueMap> {
        static H: OnceLock<Arc<ValueMap>> = OnceLock::new();
        H.get_or_init(|| Arc::new(ValueMap::new())).clone()
    }

    pub(super) fn undef() -> Arc<Value> {
        static U: OnceLock<Arc<Value>> = OnceLock::new();
        U.get_or_init(|| Arc::new(Value::Undef)).clone()
    }
}

impl Value {
    /// The elements of an array value (taken out of it), or the value itself.
    pub fn into_array(mut self) -> std::result::Result<Arc<Vec<Value>>, Value> {
        match &mut self {
            Value::Array(a) => Ok(std::mem::replace(a, empty::array())),
            _ => Err(self),
        }
    }

    /// The type of a type value (taken out of it), or the value itself.
    pub fn into_type(self) -> std::result::Result<Type, Value> {
        match &self {
            Value::Type(t) => Ok(t.clone()),
            _ => Err(self),
        }
    }
}

impl std::fmt::Debug for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Undef => f.write_str("Undef"),
            Value::Default => f.write_str("Default"),
            Value::Boolean(b) => f.debug_tuple("Boolean").field(b).finish(),
            Value::Integer(i) => f.debug_tuple("Integer").field(i).finish(),
            Value::Float(x) => f.debug_tuple("Float").field(x).finish(),
            Value::String(s) => f.debug_tuple("String").field(s).finish(),
            Value::Regexp(r) => f.debug_tuple("Regexp").field(r).finish(),
            Value::Array(a) => f.debug_tuple("Array").field(a).finish(),
            Value::Hash(h) => f.debug_tuple("Hash").field(h).finish(),
            Value::Type(t) => f.debug_tuple("Type").field(t).finish(),
            Value::SemVer(v) => f.debug_tuple("SemVer").field(v).finish(),
            Value::SemVerRange(v) => f.debug_tuple("SemVerRange").field(v).finish(),
            Value::Timespan(v) => f.debug_tuple("Timespan").field(v).finish(),
            Value::Timestamp(v) => f.debug_tuple("Timestamp").field(v).finish(),
            Value::Binary(v) => f.debug_tuple("Binary").field(v).finish(),
            Value::Uri(v) => f.debug_tuple("Uri").field(v).finish(),
            Value::Sensitive(_) => f.write_str("Sensitive([value redacted])"),
            Value::Deferred(v) => f.debug_tuple("Deferred").field(v).finish(),
            Value::Runtime(v) => f.debug_tuple("Runtime").field(v).finish(),
        }
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
