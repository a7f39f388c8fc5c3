//! A read-only view of "a value" that the calculator can walk without owning it.
//!
//! Instance checks and inference are generic over [`ValueView`], so that the
//! Rust [`Value`] and (in the Ruby binding) a Ruby object can both be checked
//! in place: no deep copy, and no allocation on the hot path. Scalars are
//! reported by [`ValueView::kind`]; containers are walked with callbacks that
//! receive borrowed views of their elements and entries.

use crate::types::TypeRef;
use crate::values::{
    Binary, Deferred, Regexp, SemVer, SemVerRange, Timespan, Timestamp, Uri, Value,
};

/// What a viewed value is, with its scalar content borrowed from the view.
#[derive(Clone, Copy, Debug)]
pub enum ViewKind<'a> {
    /// `undef` (Ruby `nil`, or the symbol `:undef`).
    Undef,
    /// `default` (Ruby `:default`).
    Default,
    /// `true` / `false`.
    Boolean(bool),
    /// An integer that fits in 64 bits.
    Integer(i64),
    /// An integer outside the 64-bit range (a Ruby Bignum); the flag is true when negative.
    BigInteger(bool),
    /// A float.
    Float(f64),
    /// A string (must be valid UTF-8; the binding reports others as `Runtime`).
    String(&'a str),
    /// A regular expression; its source text is what types compare.
    Regexp(&'a Regexp),
    /// A regular expression known only by its source text and options (a
    /// Ruby Regexp: see [`Regexp::from_ruby`]).
    RegexpSource(&'a str, u8),
    /// An array with this many elements; walk it with [`ValueView::each_element`].
    Array(usize),
    /// A hash with this many entries; walk it with [`ValueView::each_entry`].
    Hash(usize),
    /// A type used as a value.
    Type(TypeRef<'a>),
    /// A semantic version.
    SemVer(&'a SemVer),
    /// A semantic version range.
    SemVerRange(&'a SemVerRange),
    /// A duration.
    Timespan(Timespan),
    /// A point in time.
    Timestamp(Timestamp),
    /// A byte sequence.
    Binary(&'a Binary),
    /// A URI.
    Uri(&'a Uri),
    /// A sensitive value; reach the wrapped value with [`ValueView::with_sensitive`].
    Sensitive,
    /// A deferred function call.
    Deferred(&'a Deferred),
    /// Any other (foreign) object, known by its class name (empty for an
    /// object of an anonymous class).
    Runtime(&'a str),
}

/// Read access to a value, its elements and its entries.
///
/// Implemented for [`Value`] here and for Ruby objects by the binding. The
/// callbacks return `true` to continue and `false` to stop; the walking
/// methods return `false` exactly when a callback stopped the walk.
pub trait ValueView {
    /// The kind of the value, with scalar content.
    fn kind(&self) -> ViewKind<'_>;

    /// Calls `f` on each array element in order. Only called when `kind()` is `Array`.
    fn each_element<F: FnMut(&Self) -> bool>(&self, f: F) -> bool;

    /// Calls `f` on each hash entry (key, value) in insertion order. Only called when `kind()` is `Hash`.
    fn each_entry<F: FnMut(&Self, &Self) -> bool>(&self, f: F) -> bool;

    /// Calls `f` with the wrapped value of a `Sensitive`; returns `f`'s result
    /// (false when this is not a sensitive value).
    fn with_sensitive<F: FnOnce(&Self) -> bool>(&self, f: F) -> bool;

    /// An owned copy of the value, for the rare paths that need one (for example
    /// inferring the type of a `Type[T]` parameter). The default says "not available".
    fn to_value(&self) -> Option<Value> {
        None
    }

    /// The string content as a shared `Arc<str>` when the view already holds one
    /// (lets inference reuse it instead of copying). The default is `None`.
    fn shared_str(&self) -> Option<std::sync::Arc<str>> {
        None
    }

    /// The decimal text of an integer outside the 64-bit range (a
    /// [`ViewKind::BigInteger`]), for messages. The default is `None`.
    fn big_integer_text(&self) -> Option<String> {
        None
    }

    /// An identity for recursion guards: equal for the same underlying object.
    fn identity(&self) -> usize {
        self as *const Self as *const u8 as usize
    }

    /// For a [`ViewKind::Runtime`] object of a named class: true when a
    /// superclass of that class, or a module it includes, is named `name`
    /// (a `Runtime[ruby, 'Base']` holds instances of subclasses). The
    /// default knows no class hierarchy: false.
    fn runtime_ancestor_named(&self, _name: &str) -> bool {
        false
    }

    /// For a [`ViewKind::String`]: true when the host's object is of a
    /// subclass of its String class (a Ruby `String` subclass), which the
    /// reference's `ScalarData`, and so `Data`, refuses. The default: false.
    fn string_of_subclass(&self) -> bool {
        false
    }

    /// An identity that stands for the value's content while the view is
    /// walked: two views with the same one hold equal values. `None` when the
    /// view cannot promise it (the default).
    fn content_identity(&self) -> Option<usize> {
        None
    }
}

impl ValueView for Value {
    #[inline]
    fn kind(&self) -> ViewKind<'_> {
        match self {
            Value::Undef => ViewKind::Undef,
            Value::Default => ViewKind::Default,
            Value::Boolean(b) => ViewKind::Boolean(*b),
            Value::Integer(i) => ViewKind::Integer(*i),
            Value::Float(f) => ViewKind::Float(*f),
            Value::String(s) => ViewKind::String(s),
            Value::Regexp(r) => ViewKind::Regexp(r),
            Value::Array(a) => ViewKind::Array(a.len()),
            Value::Hash(h) => ViewKind::Hash(h.len()),
            Value::Type(t) => ViewKind::Type(TypeRef::new(t)),
            Value::SemVer(v) => ViewKind::SemVer(v),
            Value::SemVerRange(r) => ViewKind::SemVerRange(r),
            Value::Timespan(t) => ViewKind::Timespan(*t),
            Value::Timestamp(t) => ViewKind::Timestamp(*t),
            Value::Binary(b) => ViewKind::Binary(b),
            Value::Uri(u) => ViewKind::Uri(u),
            Value::Sensitive(_) => ViewKind::Sensitive,
            Value::Deferred(d) => ViewKind::Deferred(d),
            Value::Runtime(r) => ViewKind::Runtime(&r.class_name),
        }
    }

    #[inline]
    fn each_element<F: FnMut(&Self) -> bool>(&self, mut f: F) -> bool {
        match self {
            Value::Array(a) => a.iter().all(&mut f),
            _ => true,
        }
    }

    #[inline]
    fn each_entry<F: FnMut(&Self, &Self) -> bool>(&self, mut f: F) -> bool {
        match self {
            Value::Hash(h) => h.iter().all(|(k, v)| f(k, v)),
            _ => true,
        }
    }

    fn with_sensitive<F: FnOnce(&Self) -> bool>(&self, f: F) -> bool {
        match self {
            Value::Sensitive(v) => f(v),
            _ => false,
        }
    }

    fn to_value(&self) -> Option<Value> {
        Some(self.clone())
    }

    fn shared_str(&self) -> Option<std::sync::Arc<str>> {
        match self {
            Value::String(s) => Some(s.clone()),
            _ => None,
        }
    }

    fn runtime_ancestor_named(&self, name: &str) -> bool {
        match self {
            Value::Runtime(r) => r.ancestors.iter().any(|a| &**a == name),
            _ => false,
        }
    }

    /// Values are walked by reference into the tree being walked, which is
    /// borrowed (so unchanged) for the whole walk.
    fn content_identity(&self) -> Option<usize> {
        Some(self as *const Value as usize)
    }
}
