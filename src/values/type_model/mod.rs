//! The type model: [`Type`], an immutable, shared, structurally compared type.
//!
//! A `Type` is a [`counted::Counted`]`<TypeKind>` (an `Arc` without weak
//! references); cloning is a reference-count increment and
//! equality/hashing are structural (with a pointer-equality fast path). Every
//! type the seeds name has a variant here. Types are validated and normalised
//! when built (see the factory), so two equal types have equal structure.
//!
//! Aliases (`type X = ...`, and the built-in `Data` and `RichData`) are
//! [`TypeKind::Alias`] nodes holding a [`TypeAlias`] whose resolved type is
//! set once; a recursive alias therefore refers to itself through the alias
//! node, and equality, hashing and printing of an alias stop at its name.

mod bulk_drop;
mod counted;

use crate::values::{Regexp, SemVerRange, TimespanBound, Timestamp, Value};
use counted::{Borrowed, Counted, Stock};
pub use smol_str::SmolStr;
use std::cell::UnsafeCell;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::{Arc, OnceLock};

/// An inclusive integer range; `None` is the unbounded end (`default` in Puppet source).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IntRange {
    /// Lower bound, `None` for -infinity.
    pub from: Option<i64>,
    /// Upper bound, `None` for +infinity.
    pub to: Option<i64>,
}

impl IntRange {
    /// The range `from..=to`.
    pub fn new(from: Option<i64>, to: Option<i64>) -> IntRange {
        IntRange { from, to }
    }

    /// The unbounded range.
    pub fn unbounded() -> IntRange {
        IntRange::default()
    }

    /// Lower bound as i64 (i64::MIN when unbounded).
    pub fn min(&self) -> i64 {
        self.from.unwrap_or(i64::MIN)
    }

    /// Upper bound as i64 (i64::MAX when unbounded).
    pub fn max(&self) -> i64 {
        self.to.unwrap_or(i64::MAX)
    }

    /// True when `n` is inside the range.
    pub fn contains(&self, n: i64) -> bool {
        self.min() <= n && n <= self.max()
    }
}

/// One entry of a `Struct`: a key type (a String type holding the key name,
/// possibly wrapped in `Optional` or `NotUndef`) and the value type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructElement {
    /// The key type as given: `String<name>`, `Optional[String<name>]` or `NotUndef[String<name>]`.
    pub key_type: Type,
    /// The value type.
    pub value_type: Type,
}

/// The entries of a `Struct`; up to three are held inline (most hashes of
/// inferred data are small, and each is a type of its own).
pub type StructElements = smallvec::SmallVec<[StructElement; 3]>;

impl StructElement {
    /// The entry for `key_type` (`String<name>`, possibly wrapped in `Optional`
    /// or `NotUndef`) and `value_type`.
    pub fn new(key_type: Type, value_type: Type) -> StructElement {
        StructElement {
            key_type,
            value_type,
        }
    }

    /// The key name: the value of the (possibly wrapped) `String<name>` key type.
    #[inline]
    pub fn name(&self) -> &str {
        let mut t = &self.key_type;
        loop {
            match t.kind() {
                TypeKind::String { value: Some(v), .. } => return v,
                TypeKind::Optional(Some(inner)) | TypeKind::NotUndef(Some(inner)) => t = inner,
                _ => return "",
            }
        }
    }
}

/// The signature of a `Callable`: parameter tuple, optional block and return type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CallableType {
    /// Parameter types as a `Tuple` type; `None` for an unparameterised Callable.
    pub params: Option<Type>,
    /// The block (lambda) type, a `Callable` or `Optional[Callable]`.
    pub block: Option<Type>,
    /// The return type; `None` means Any.
    pub return_type: Option<Type>,
}

/// The class name part of a `Runtime` type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RuntimeName {
    /// A class name, e.g. `'Puppetx::MyModule::MyClass'`.
    Name(Arc<str>),
    /// A pattern and replacement pair `[/regexp/, 'replacement']`.
    Pattern(Regexp, Arc<str>),
}

/// A named type alias. The resolved type is set once, after which it never
/// changes while the alias can be reached (see [`TypeAlias::unresolve`]).
pub struct TypeAlias {
    /// The alias name, e.g. `Stdlib::Port` or `Data`.
    pub name: Arc<str>,
    /// The resolved type. Written through a shared reference by
    /// `OnceLock::set` (which synchronises) and by [`TypeAlias::unresolve`]
    /// only, whose caller promises that nothing else can reach the alias.
    resolved: UnsafeCell<OnceLock<Type>>,
}

// SAFETY: the cell holds a `OnceLock<Type>` (itself `Sync`, `Type` being
// `Send + Sync`); it is only read through `&OnceLock` except in `unresolve`,
// whose caller guarantees that no other reference to the alias is used
// (the alias is unreachable but for the caller's own handle).
unsafe impl Sync for TypeAlias {}

impl TypeAlias {
    /// An alias not yet resolved.
    pub fn new(name: impl Into<Arc<str>>) -> TypeAlias {
        TypeAlias {
            name: name.into(),
            resolved: UnsafeCell::new(OnceLock::new()),
        }
    }

    /// The cell of the resolved type, shared.
    #[inline]
    fn cell(&self) -> &OnceLock<Type> {
        // SAFETY: a `&mut` to the cell exists only inside `unresolve`, while
        // no other reference to the alias is used (its caller's promise).
        unsafe { &*self.resolved.get() }
    }

    /// Set the resolved type; returns false if it was already set.
    pub fn resolve(&self, t: Type) -> bool {
        self.cell().set(t).is_ok()
    }

    /// The resolved type, if resolution has happened.
    #[inline]
    pub fn resolved(&self) -> Option<&Type> {
        self.cell().get()
    }

    /// Take the resolved type back, leaving the alias unresolved: how a
    /// recursive alias that nothing else holds any more is freed (its
    /// resolved type refers back to it, so its count never reaches zero; see
    /// `types::parse::alias_cycles`).
    ///
    /// # Safety
    /// No other thread may use the alias meanwhile, and no reference to its
    /// resolved type (from [`TypeAlias::resolved`]) may be alive: the alias
    /// can be reached only through the caller's own handle.
    pub unsafe fn unresolve(&self) -> Option<Type> {
        // SAFETY: no other reference to the cell is used (the caller's promise).
        unsafe { (*self.resolved.get()).take() }
    }
}

impl fmt::Debug for TypeAlias {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeAlias({})", self.name)
    }
}

/// What a type is. See the seeds (001 types, 000 flexible types) for each.
#[derive(Clone, Debug)]
pub enum TypeKind {
    /// `Any`: every value.
    Any,
    /// The empty type, used internally as the element type of `Array[0, 0]`/`Hash[0, 0]`.
    Unit,
    /// `Undef`: only `undef`.
    Undef,
    /// `Default`: only `default`.
    Default,
    /// `NotUndef[T]`; `None` is `NotUndef` (= `NotUndef[Any]`).
    NotUndef(Option<Type>),
    /// `Optional[T]`; `None` is the unparameterised `Optional`.
    Optional(Option<Type>),
    /// `Type[T]`; `None` is `Type` (= `Type[Any]`).
    Type(Option<Type>),
    /// `Init[T, args...]`.
    Init(Option<Type>, Vec<Value>),
    /// `Variant[T...]`.
    Variant(Vec<Type>),
    /// `Scalar`.
    Scalar,
    /// `ScalarData`.
    ScalarData,
    /// `Numeric`.
    Numeric,
    /// `Integer[from, to]`.
    Integer(IntRange),
    /// `Float[from, to]`; `None` ends are infinite.
    Float(Option<f64>, Option<f64>),
    /// `String[from, to]`, or a String known to hold exactly `value` (from inference).
    String {
        /// Size constraint.
        size: Option<IntRange>,
        /// The single string this type was inferred from, if any (short
        /// strings are held inline: inferred types of big data hold many).
        value: Option<SmolStr>,
    },
    /// `Enum[s...]`, optionally case-insensitive (`Enum[a, b, true]`).
    Enum {
        /// The strings, sorted by bytes and unique (short texts are held
        /// inline: no allocation per value).
        values: Vec<SmolStr>,
        /// True when matching ignores case.
        case_insensitive: bool,
    },
    /// `Pattern[r...]`.
    Pattern(Vec<Regexp>),
    /// `Boolean[value]`.
    Boolean(Option<bool>),
    /// `Regexp[pattern]`.
    Regexp(Option<Regexp>),
    /// `SemVer[ranges...]`: the ranges, merged.
    SemVer(Vec<SemVerRange>),
    /// `SemVerRange`.
    SemVerRange,
    /// `Timespan[from, to]` (a bound remembers whether it was given as Float seconds).
    Timespan(Option<TimespanBound>, Option<TimespanBound>),
    /// `Timestamp[from, to]`.
    Timestamp(Option<Timestamp>, Option<Timestamp>),
    /// `Binary`.
    Binary,
    /// `URI[parameters]`: a hash of part name to constraint (String, Regexp, Type, undef...).
    Uri(Option<Arc<crate::values::ValueMap>>),
    /// `Collection[from, to]`.
    Collection(Option<IntRange>),
    /// `Array[T, from, to]`.
    Array {
        /// Element type (Any when not given, Unit for the empty array type).
        element: Type,
        /// Size constraint.
        size: Option<IntRange>,
    },
    /// `Hash[K, V, from, to]`.
    Hash {
        /// Key type.
        key: Type,
        /// Value type.
        value: Type,
        /// Size constraint.
        size: Option<IntRange>,
    },
    /// `Struct[{...}]`; `None` is the unparameterised `Struct`.
    Struct(Option<StructElements>),
    /// `Tuple[T..., from, to]`; `None` is the unparameterised `Tuple`.
    Tuple {
        /// Types by position; `None` for the unparameterised Tuple.
        types: Option<Vec<Type>>,
        /// Size constraint.
        size: Option<IntRange>,
    },
    /// `Callable[...]`.
    Callable(Box<CallableType>),
    /// `Iterable[T]`.
    Iterable(Option<Type>),
    /// `Iterator[T]`.
    Iterator(Option<Type>),
    /// `CatalogEntry`.
    CatalogEntry,
    /// `Resource[type_name, title]` (also the shorthand `File['x']`).
    Resource {
        /// The resource type name, capitalised as Puppet prints it (`File`, `Foo::Bar`).
        type_name: Option<Arc<str>>,
        /// The title.
        title: Option<Arc<str>>,
    },
    /// `Class[name]`.
    Class(Option<Arc<str>>),
    /// `Runtime[runtime, name]`.
    Runtime {
        /// The runtime, e.g. `ruby`.
        runtime: Option<Arc<str>>,
        /// The class name or pattern.
        name: Option<RuntimeName>,
    },
    /// `Sensitive[T]`.
    Sensitive(Option<Type>),
    /// `Deferred`.
    Deferred,
    /// `Object[...]`, held opaquely: its canonical text.
    Object(Arc<str>),
    /// `TypeSet[...]`, held opaquely: its canonical text.
    TypeSet(Arc<str>),
    /// A named alias (`Data`, `RichData`, user aliases).
    Alias(Arc<TypeAlias>),
    /// A reference to a type name that could not be resolved.
    TypeReference(Arc<str>),
}

// Every type is a node of this size: big inferred types hold one or more
// per value. 80 bytes (an allocator size class) needs the one-word count of
// `Shared` and the 8-byte alignment of `Timespan` and `Timestamp` (see there).
const _: () = assert!(Type::NODE_BYTES == 80);

/// True when `a` and `b` hold the same members in any order (members are unique).
fn same_members<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// Structural equality; the members of `Variant` and `Pattern` compare as
/// sets, as the reference's `==` does (`Variant[Integer, String]` equals
/// `Variant[String, Integer]`).
impl PartialEq for TypeKind {
    fn eq(&self, other: &TypeKind) -> bool {
        use TypeKind as K;
        match (self, other) {
            (K::Any, K::Any)
            | (K::Unit, K::Unit)
            | (K::Undef, K::Undef)
            | (K::Default, K::Default)
            | (K::Scalar, K::Scalar)
            | (K::ScalarData, K::ScalarData)
            | (K::Numeric, K::Numeric)
            | (K::SemVerRange, K::SemVerRange)
            | (K::Binary, K::Binary)
            | (K::CatalogEntry, K::CatalogEntry)
            | (K::Deferred, K::Deferred) => true,
            (K::NotUndef(a), K::NotUndef(b))
            | (K::Optional(a), K::Optional(b))
            | (K::Type(a), K::Type(b))
            | (K::Iterable(a), K::Iterable(b))
            | (K::Iterator(a), K::Iterator(b))
            | (K::Sensitive(a), K::Sensitive(b)) => a == b,
            (K::Init(a, x), K::Init(b, y)) => a == b && x == y,
            (K::Variant(a), K::Variant(b)) => same_members(a, b),
            (K::Pattern(a), K::Pattern(b)) => same_members(a, b),
            (K::Integer(a), K::Integer(b)) => a == b,
            (K::Float(a, x), K::Float(b, y)) => a == b && x == y,
            (K::String { size: a, value: x }, K::String { size: b, value: y }) => a == b && x == y,
            (
                K::Enum {
                    values: a,
                    case_insensitive: x,
                },
                K::Enum {
                    values: b,
                    case_insensitive: y,
                },
            ) => a == b && x == y,
            (K::Boolean(a), K::Boolean(b)) => a == b,
            (K::Regexp(a), K::Regexp(b)) => a == b,
            (K::SemVer(a), K::SemVer(b)) => a == b,
            (K::Timespan(a, x), K::Timespan(b, y)) => a == b && x == y,
            (K::Timestamp(a, x), K::Timestamp(b, y)) => a == b && x == y,
            (K::Uri(a), K::Uri(b)) => a == b,
            (K::Collection(a), K::Collection(b)) => a == b,
            (
                K::Array {
                    element: a,
                    size: x,
                },
                K::Array {
                    element: b,
                    size: y,
                },
            ) => x == y && a == b,
            (
                K::Hash {
                    key: a,
                    value: v,
                    size: x,
                },
                K::Hash {
                    key: b,
                    value: w,
                    size: y,
                },
            ) => x == y && a == b && v == w,
            (K::Struct(a), K::Struct(b)) => a == b,
            (K::Tuple { types: a, size: x }, K::Tuple { types: b, size: y }) => x == y && a == b,
            (K::Callable(a), K::Callable(b)) => a == b,
            (
                K::Resource {
                    type_name: a,
                    title: x,
                },
                K::Resource {
                    type_name: b,
                    title: y,
                },
            ) => a == b && x == y,
            (K::Class(a), K::Class(b)) => a == b,
            (
                K::Runtime {
                    runtime: a,
                    name: x,
                },
                K::Runtime {
                    runtime: b,
                    name: y,
                },
            ) => a == b && x == y,
            (K::Object(a), K::Object(b))
            | (K::TypeSet(a), K::TypeSet(b))
            | (K::TypeReference(a), K::TypeReference(b)) => a == b,
            (K::Alias(a), K::Alias(b)) => a == b,
            _ => false,
        }
    }
}

// Float bounds are never NaN (the factory rejects them), so equality is total.
impl Eq for TypeKind {}

/// An order-independent hash of a set of members.
fn hash_members<T: Hash, H: Hasher>(items: &[T], state: &mut H) {
    let mut sum: u64 = 0;
    for i in items {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        i.hash(&mut h);
        sum = sum.wrapping_add(h.finish());
    }
    items.len().hash(state);
    sum.hash(state);
}

impl PartialEq for TypeAlias {
    fn eq(&self, other: &TypeAlias) -> bool {
        self.name == other.name
    }
}

impl Eq for TypeAlias {}

impl Hash for TypeAlias {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state)
    }
}

/// An immutable, shared type.
#[derive(Clone)]
#[repr(transparent)]
pub struct Type(Counted<TypeKind>);

/// Handles of one type handed out in bulk, their counts bought a batch at a
/// time (see [`counted::Stock`]): for builders that put the same type into
/// many others.
pub struct TypeStock(Stock<TypeKind>);

impl TypeStock {
    /// A stock of handles of `t`.
    #[inline]
    pub fn new(t: Type) -> TypeStock {
        TypeStock(Stock::new(t.0))
    }

    /// A stock of handles of a new type of kind `kind`, the first `prepaid`
    /// of them counted when it is made (no atomic operation).
    #[inline]
    pub fn with_kind(kind: TypeKind, prepaid: usize) -> TypeStock {
        TypeStock(Stock::with_value(kind, prepaid))
    }

    /// [`TypeStock::with_kind`] of the kind `make` returns, made straight
    /// into the new node (see [`Type::build`]).
    #[inline(always)]
    pub fn build(make: impl FnOnce() -> TypeKind, prepaid: usize) -> TypeStock {
        TypeStock(Stock::build(make, prepaid))
    }

    /// Drop the stock with plain (not atomic) count updates (see
    /// [`counted::Stock::release_local`]).
    ///
    /// # Safety
    /// The type was made on this thread, and no handle of it has left it.
    #[inline]
    pub unsafe fn release_local(self) {
        // SAFETY: as the caller promises.
        unsafe { self.0.release_local() }
    }

    /// The type, borrowed.
    #[inline(always)]
    pub fn get(&self) -> &Type {
        let counted: &Counted<TypeKind> = self.0.get();
        // SAFETY: `Type` is a `repr(transparent)` wrapper of `Counted<TypeKind>`.
        unsafe { &*(counted as *const Counted<TypeKind> as *const Type) }
    }

    /// A new handle of the type.
    #[inline]
    pub fn take(&mut self) -> Type {
        Type(self.0.take())
    }
}

/// A type borrowed without a count of its own: a `Type` that outlives `'a`,
/// or the type a Ruby object holds (see [`Type::into_raw`]). Copied freely;
/// derefs to [`Type`].
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct TypeRef<'a>(Borrowed<'a, TypeKind>);

impl<'a> TypeRef<'a> {
    /// `t`, borrowed.
    #[inline]
    pub fn new(t: &'a Type) -> TypeRef<'a> {
        TypeRef(Borrowed::new(&t.0))
    }

    /// The type behind an address of [`Type::into_raw`].
    ///
    /// # Safety
    /// The type at `raw` must stay alive (not be given to [`Type::from_raw`])
    /// for all of `'a`.
    #[inline]
    pub unsafe fn from_raw(raw: NonNull<()>) -> TypeRef<'a> {
        // SAFETY: as the caller promises.
        TypeRef(unsafe { Borrowed::from_raw(raw) })
    }
}

impl Deref for TypeRef<'_> {
    type Target = Type;
    #[inline(always)]
    fn deref(&self) -> &Type {
        let counted: &Counted<TypeKind> = self.0.as_counted();
        // SAFETY: `Type` is a `repr(transparent)` wrapper of `Counted<TypeKind>`.
        unsafe { &*(counted as *const Counted<TypeKind> as *const Type) }
    }
}

impl fmt::Debug for TypeRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

impl Type {
    /// Heap bytes of one type node (its reference count and its kind).
    pub const NODE_BYTES: usize = Counted::<TypeKind>::NODE_BYTES;

    /// Wrap a kind. Prefer the factory functions, which validate and normalise.
    #[inline]
    pub fn from_kind(kind: TypeKind) -> Type {
        Type(Counted::new(kind))
    }

    /// [`Type::from_kind`] of the kind `make` returns, made straight into
    /// the new node (see [`Counted::build`]): for hot paths making many types.
    #[inline(always)]
    pub fn build(make: impl FnOnce() -> TypeKind) -> Type {
        Type(Counted::build(make))
    }

    /// [`Type::build`], then `fill` run on the new kind, which no other
    /// handle can see yet (see [`Counted::build_then`]): for a container
    /// type filled in place as it is built.
    #[inline(always)]
    pub fn build_then<R>(
        make: impl FnOnce() -> TypeKind,
        fill: impl FnOnce(&mut TypeKind) -> R,
    ) -> (Type, R) {
        let (t, r) = Counted::build_then(make, fill);
        (Type(t), r)
    }

    /// The address of this type's node, for a foreign owner (a Ruby
    /// object's data pointer), which holds the handle's count from now on.
    #[inline]
    pub fn into_raw(self) -> NonNull<()> {
        Counted::into_raw(self.0)
    }

    /// The address [`Type::into_raw`] gives for this type's node.
    #[inline]
    pub fn raw(&self) -> NonNull<()> {
        Counted::raw(&self.0)
    }

    /// The type [`Type::into_raw`] gave away, with its count.
    ///
    /// # Safety
    /// `raw` must come from `Type::into_raw`, and not have been taken back.
    #[inline]
    pub unsafe fn from_raw(raw: NonNull<()>) -> Type {
        // SAFETY: as the caller promises.
        Type(unsafe { Counted::from_raw(raw) })
    }

    /// The kind of this type.
    pub fn kind(&self) -> &TypeKind {
        &self.0
    }

    /// The kind, mutable, when this is the only handle of the type: for
    /// filling in a type in place as it is built (no copy of the kind).
    #[inline]
    pub fn get_mut(&mut self) -> Option<&mut TypeKind> {
        Counted::get_mut(&mut self.0)
    }

    /// True when both handles point at the same allocation.
    pub fn ptr_eq(&self, other: &Type) -> bool {
        Counted::ptr_eq(&self.0, &other.0)
    }

    /// The address of the shared node (the same for every clone of this handle).
    pub fn as_ptr(&self) -> *const TypeKind {
        Counted::as_ptr(&self.0)
    }

    /// How many handles the node has now: a snapshot, which other threads
    /// holding handles may change at any time (for finding types that only
    /// other types hold, see `types::parse::alias_cycles`).
    pub fn handle_count(&self) -> usize {
        Counted::count(&self.0)
    }
}

impl TypeKind {
    /// The name of the kind as the reference's `name` gives it for an
    /// unnamed type (`Integer`, `Struct`, `URI`); an alias is `TypeAlias`.
    pub fn simple_name(&self) -> &'static str {
        use TypeKind as K;
        match self {
            K::Alias(_) => "TypeAlias",
            K::Any => "Any",
            K::Unit => "Unit",
            K::Undef => "Undef",
            K::Default => "Default",
            K::NotUndef(_) => "NotUndef",
            K::Optional(_) => "Optional",
            K::Type(_) => "Type",
            K::Init(..) => "Init",
            K::Variant(_) => "Variant",
            K::Scalar => "Scalar",
            K::ScalarData => "ScalarData",
            K::Numeric => "Numeric",
            K::Integer(_) => "Integer",
            K::Float(..) => "Float",
            K::String { .. } => "String",
            K::Enum { .. } => "Enum",
            K::Pattern(_) => "Pattern",
            K::Boolean(_) => "Boolean",
            K::Regexp(_) => "Regexp",
            K::SemVer(_) => "SemVer",
            K::SemVerRange => "SemVerRange",
            K::Timespan(..) => "Timespan",
            K::Timestamp(..) => "Timestamp",
            K::Binary => "Binary",
            K::Uri(_) => "URI",
            K::Collection(_) => "Collection",
            K::Array { .. } => "Array",
            K::Hash { .. } => "Hash",
            K::Struct(_) => "Struct",
            K::Tuple { .. } => "Tuple",
            K::Callable(_) => "Callable",
            K::Iterable(_) => "Iterable",
            K::Iterator(_) => "Iterator",
            K::CatalogEntry => "CatalogEntry",
            K::Resource { .. } => "Resource",
            K::Class(_) => "Class",
            K::Runtime { .. } => "Runtime",
            K::Sensitive(_) => "Sensitive",
            K::Deferred => "Deferred",
            K::Object(_) => "Object",
            K::TypeSet(_) => "TypeSet",
            K::TypeReference(_) => "TypeReference",
        }
    }
}

impl Type {
    /// The reference's `name`: an alias's name, else the kind's
    /// [`TypeKind::simple_name`].
    pub fn name(&self) -> &str {
        match self.kind() {
            TypeKind::Alias(a) => &a.name,
            k => k.simple_name(),
        }
    }
}

impl Deref for Type {
    type Target = TypeKind;
    fn deref(&self) -> &TypeKind {
        &self.0
    }
}

impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        // (types nest thousands deep: on more stack when the thread's runs low)
        Counted::ptr_eq(&self.0, &other.0) || crate::stack::deep(|| *self.0 == *other.0)
    }
}

impl Eq for Type {}

impl Hash for Type {
    fn hash<H: Hasher>(&self, state: &mut H) {
        crate::stack::deep(|| self.0.hash(state))
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Hash for TypeKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Floats make a derive impossible; hash the discriminant and the hashable parts.
        std::mem::discriminant(self).hash(state);
        match self {
            TypeKind::Float(a, b) => {
                a.map(f64::to_bits).hash(state);
                b.map(f64::to_bits).hash(state);
            }
            TypeKind::NotUndef(t)
            | TypeKind::Optional(t)
            | TypeKind::Type(t)
            | TypeKind::Iterable(t)
            | TypeKind::Iterator(t)
            | TypeKind::Sensitive(t) => t.hash(state),
            TypeKind::Init(t, args) => {
                t.hash(state);
                args.hash(state)
            }
            TypeKind::Variant(ts) => hash_members(ts, state),
            TypeKind::Integer(r) => r.hash(state),
            TypeKind::String { size, value } => {
                size.hash(state);
                value.hash(state)
            }
            TypeKind::Enum {
                values,
                case_insensitive,
            } => {
                values.hash(state);
                case_insensitive.hash(state)
            }
            TypeKind::Pattern(ps) => hash_members(ps, state),
            TypeKind::Boolean(b) => b.hash(state),
            TypeKind::Regexp(r) => r.hash(state),
            TypeKind::SemVer(rs) => rs.hash(state),
            TypeKind::Timespan(a, b) => {
                a.hash(state);
                b.hash(state)
            }
            TypeKind::Timestamp(a, b) => {
                a.hash(state);
                b.hash(state)
            }
            TypeKind::Uri(p) => {
                if let Some(p) = p {
                    for (k, v) in p.iter() {
                        k.hash(state);
                        v.hash(state);
                    }
                }
            }
            TypeKind::Collection(s) => s.hash(state),
            TypeKind::Array { element, size } => {
                element.hash(state);
                size.hash(state)
            }
            TypeKind::Hash { key, value, size } => {
                key.hash(state);
                value.hash(state);
                size.hash(state)
            }
            TypeKind::Struct(es) => es.hash(state),
            TypeKind::Tuple { types, size } => {
                types.hash(state);
                size.hash(state)
            }
            TypeKind::Callable(c) => c.hash(state),
            TypeKind::Resource { type_name, title } => {
                type_name.hash(state);
                title.hash(state)
            }
            TypeKind::Class(n) => n.hash(state),
            TypeKind::Runtime { runtime, name } => {
                runtime.hash(state);
                name.hash(state)
            }
            TypeKind::Object(s) | TypeKind::TypeSet(s) | TypeKind::TypeReference(s) => {
                s.hash(state)
            }
            TypeKind::Alias(a) => a.hash(state),
            TypeKind::Any
            | TypeKind::Unit
            | TypeKind::Undef
            | TypeKind::Default
            | TypeKind::Scalar
            | TypeKind::ScalarData
            | TypeKind::Numeric
            | TypeKind::SemVerRange
            | TypeKind::Binary
            | TypeKind::CatalogEntry
            | TypeKind::Deferred => {}
        }
    }
}
