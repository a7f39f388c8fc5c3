//! `PuppetTypes::Type`: a frozen, shareable Ruby object wrapping a [`crate::Type`].
//!
//! Equality and hashing are structural (usable as Hash keys); `to_s` is the
//! canonical text the reference prints; the readers are named as the
//! reference's type classes name them (`from`, `to`, `element_type`, ...).

use super::convert;
use super::errors::guard;
use crate::types::{IntRange, Type, TypeKind, TypeRef};
use magnus::{method, prelude::*, Error, RModule, Ruby, TryConvert, Value};
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// The type a `PuppetTypes::Type` object holds, borrowed from it: a method
/// receives one for its receiver and arguments ([`TryConvert`], or
/// [`RbType::from_value`]), and it lives as long as the object, which Ruby
/// keeps while it is an argument of a running method (the same promise as
/// magnus's `&T` of a wrapped `T`). Derefs to [`Type`].
///
/// The object's data pointer is the type's own node ([`Type::into_raw`]), so
/// that a wrapper costs no allocation of its own and its collection touches
/// no memory besides the type's.
#[derive(Clone, Copy)]
pub struct RbType<'a>(TypeRef<'a>);

impl Deref for RbType<'_> {
    type Target = Type;
    #[inline(always)]
    fn deref(&self) -> &Type {
        &self.0
    }
}

impl<'a> RbType<'a> {
    /// Wrap `t` as a frozen `PuppetTypes::Type`. A shared type (`Integer`,
    /// `String`, `Boolean[true]`, ...) is always the same object (see [`shared`]).
    #[inline]
    pub fn wrap(ruby: &Ruby, t: Type) -> Value {
        if let Some(obj) = shared::object(&t) {
            return obj;
        }
        data::wrap(ruby, t, &data::TYPE)
    }

    /// Wrap a type that holds about `bytes` of Rust memory (a big inferred
    /// type). See [`large_types`] for how that memory is given back.
    /// Ruby's exception when the collection asked for raised (an interrupt
    /// delivered meanwhile).
    pub fn wrap_large(ruby: &Ruby, t: Type, bytes: usize) -> Result<Value, Error> {
        if bytes < large_types::MIN_BYTES {
            return Ok(RbType::wrap(ruby, t));
        }
        large_types::reserve(ruby, &t, bytes)?;
        Ok(data::wrap(ruby, t, &data::LARGE_TYPE))
    }

    /// The type of `obj` when it is a `PuppetTypes::Type` (one type-tag read
    /// and a pointer compare).
    #[inline]
    pub fn from_value(obj: Value) -> Option<RbType<'a>> {
        data::type_of(obj).map(RbType)
    }

    /// The type, borrowed for as long as the object lives.
    #[inline]
    pub fn borrowed(self) -> TypeRef<'a> {
        self.0
    }

    fn to_s(ruby: &Ruby, rb_self: RbType) -> Result<String, Error> {
        guard(ruby, || Ok(text(&rb_self)))
    }

    fn inspect(ruby: &Ruby, rb_self: RbType) -> Result<String, Error> {
        guard(ruby, || {
            Ok(format!("#<PuppetTypes::Type {}>", text(&rb_self)))
        })
    }

    fn eq(rb_self: RbType, other: Value) -> bool {
        match RbType::from_value(other) {
            Some(o) => *rb_self == *o,
            None => false,
        }
    }

    fn hash(ruby: &Ruby, rb_self: RbType) -> Result<i64, Error> {
        guard(ruby, || {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            rb_self.hash(&mut h);
            // Ruby wants a Fixnum; keep it in range.
            Ok((h.finish() >> 2) as i64)
        })
    }

    fn name(ruby: &Ruby, rb_self: RbType) -> Result<String, Error> {
        guard(ruby, || Ok(type_name(&rb_self)))
    }
}

impl TryConvert for RbType<'_> {
    fn try_convert(val: Value) -> Result<Self, Error> {
        RbType::from_value(val).ok_or_else(|| {
            let ruby = Ruby::get_with(val);
            Error::new(
                ruby.exception_type_error(),
                format!(
                    "no implicit conversion of {} into PuppetTypes::Type",
                    // SAFETY: the name is copied at once.
                    unsafe { val.classname() }
                ),
            )
        })
    }
}

/// The Ruby objects: their class and data types, made and read here.
mod data {
    use crate::types::{Type, TypeRef};
    use magnus::rb_sys::{AsRawValue, FromRawValue};
    use magnus::{Ruby, Value};
    use rb_sys::rbimpl_typeddata_flags::{
        RUBY_TYPED_FREE_IMMEDIATELY, RUBY_TYPED_FROZEN_SHAREABLE, RUBY_TYPED_WB_PROTECTED,
    };
    use rb_sys::{rb_data_type_struct__bindgen_ty_1 as Functions, rb_data_type_t, VALUE};
    use std::ffi::c_void;
    use std::ptr::{null, null_mut, NonNull};
    use std::sync::OnceLock;

    /// An `rb_data_type_t`, which holds raw pointers (all to static data).
    pub struct DataType(rb_data_type_t);

    // SAFETY: the struct is never written after its static initialisation, and
    // its pointers are to static strings, functions and other `DataType`s.
    unsafe impl Sync for DataType {}

    /// Freed at once when collected (dropping a type runs no Ruby code); no
    /// references to Ruby objects, hence write-barrier protected (a young
    /// object then takes Ruby's fast allocation path); shareable when frozen.
    const FLAGS: VALUE = (RUBY_TYPED_FREE_IMMEDIATELY as VALUE)
        | (RUBY_TYPED_WB_PROTECTED as VALUE)
        | (RUBY_TYPED_FROZEN_SHAREABLE as VALUE);

    /// Objects whose data pointer is a type's node ([`Type::into_raw`]).
    pub static TYPE: DataType = DataType(rb_data_type_t {
        wrap_struct_name: c"PuppetTypes::Type".as_ptr(),
        function: Functions {
            dmark: None,
            dfree: Some(free_type),
            dsize: Some(type_size),
            dcompact: None,
            reserved: [null_mut(); 1],
        },
        parent: null(),
        data: null_mut(),
        flags: FLAGS,
    });

    /// Objects of big types counted by [`super::large_types`]: the same data
    /// pointer, given back to the count when freed.
    pub static LARGE_TYPE: DataType = DataType(rb_data_type_t {
        wrap_struct_name: c"PuppetTypes::Type".as_ptr(),
        function: Functions {
            dmark: None,
            dfree: Some(free_large_type),
            dsize: Some(large_type_size),
            dcompact: None,
            reserved: [null_mut(); 1],
        },
        parent: &TYPE.0,
        data: null_mut(),
        flags: FLAGS,
    });

    /// `PuppetTypes::Type`, set once in [`init`].
    static CLASS: OnceLock<VALUE> = OnceLock::new();

    /// Keep the class for [`wrap`] (at load time, on the main Ractor).
    pub fn init(class: magnus::RClass) {
        let raw = class.as_raw();
        // SAFETY: a live class; registering it keeps it alive and in place.
        unsafe { rb_sys::rb_gc_register_mark_object(raw) };
        let _ = CLASS.set(raw);
    }

    /// A new frozen object of data type `kind` holding `t`.
    #[inline]
    pub fn wrap(_ruby: &Ruby, t: Type, kind: &'static DataType) -> Value {
        let class = *CLASS
            .get()
            .expect("PuppetTypes::Type is defined at load time");
        let node = t.into_raw();
        // SAFETY: a call of Ruby's C API on a Ruby thread (the `&Ruby`), with a
        // live class and a data type that lives for good. The object owns the
        // node's count from now on; `free_type` gives it back. Should the
        // allocation raise (no memory), the node leaks, which is all it costs.
        let obj =
            unsafe { rb_sys::rb_data_typed_object_wrap(class, node.as_ptr().cast(), &kind.0) };
        super::super::internals::freeze_new(obj);
        // SAFETY: a live object just made.
        unsafe { Value::from_raw(obj) }
    }

    /// The type `obj` holds when it is a `PuppetTypes::Type`, borrowed for as
    /// long as the object lives.
    #[inline]
    pub fn type_of<'a>(obj: Value) -> Option<TypeRef<'a>> {
        let data = super::super::value_view::typed_data(obj, |t| {
            std::ptr::eq(t, &TYPE.0) || std::ptr::eq(t, &LARGE_TYPE.0)
        })?;
        let node = NonNull::new(data.cast::<()>())?;
        // SAFETY: objects of both data types hold a node of `Type::into_raw`
        // (never null: the class has no allocator), whose count the object
        // keeps while it lives.
        Some(unsafe { TypeRef::from_raw(node) })
    }

    /// `dfree` of [`TYPE`]: the object's count of the node goes.
    unsafe extern "C" fn free_type(data: *mut c_void) {
        if let Some(node) = NonNull::new(data.cast::<()>()) {
            // SAFETY: the data of a TYPE object is a node of `Type::into_raw`
            // whose count the object held; Ruby frees each object once.
            drop(unsafe { Type::from_raw(node) });
        }
    }

    /// `dfree` of [`LARGE_TYPE`]: as [`free_type`], and uncounted; the
    /// type is dropped in bulk (a big inferred type shares its key types
    /// and repeated values among its many parts).
    unsafe extern "C" fn free_large_type(data: *mut c_void) {
        if let Some(node) = NonNull::new(data.cast::<()>()) {
            super::large_types::release(node);
            // SAFETY: as in `free_type`.
            unsafe { Type::from_raw(node) }.drop_in_bulk();
        }
    }

    /// `dsize` of [`TYPE`] (for `ObjectSpace.memsize_of`): the node's bytes.
    unsafe extern "C" fn type_size(_data: *const c_void) -> rb_sys::size_t {
        Type::NODE_BYTES as rb_sys::size_t
    }

    /// `dsize` of [`LARGE_TYPE`]: the bytes counted for it.
    unsafe extern "C" fn large_type_size(data: *const c_void) -> rb_sys::size_t {
        NonNull::new(data as *mut ()).map_or(0, super::large_types::bytes_of) as rb_sys::size_t
    }
}

/// One frozen wrapper object per shared type of [`crate::types::builtin::shared`]
/// (`Integer`, `Any`, `Data`, ...), made when the class is defined.
///
/// Wrapping such a type hands out its object instead of allocating another:
/// the objects are immutable and compare, hash and print by their type, so
/// only `equal?` can tell, as with the reference's own singleton types. Every
/// unparameterised type name parsed (a quarter of the type strings of the
/// parse benchmark) thereby costs no Ruby allocation and no later collection.
mod shared {
    use crate::types::builtin::shared::{shared_index, shared_types, SHARED_COUNT};
    use crate::types::Type;
    use magnus::rb_sys::{AsRawValue, FromRawValue};
    use magnus::{Ruby, Value};
    use std::sync::OnceLock;

    /// The objects, by shared index. Set once, in [`init`], before any other use.
    static OBJECTS: OnceLock<[rb_sys::VALUE; SHARED_COUNT]> = OnceLock::new();

    /// Make the objects (at load time, on the main Ractor).
    pub fn init(ruby: &Ruby) {
        let objects = shared_types().map(|t| {
            let v = super::data::wrap(ruby, t, &super::data::TYPE).as_raw();
            // SAFETY: a live object just made (kept alive by the stack until
            // now); registering it keeps it alive and in place for good
            // (registered objects are marked without being moved).
            unsafe { rb_sys::rb_gc_register_mark_object(v) };
            v
        });
        let _ = OBJECTS.set(objects);
    }

    /// The object of `t` when `t` is one of the shared types (that very instance).
    #[inline]
    pub fn object(t: &Type) -> Option<Value> {
        let v = *OBJECTS.get()?.get(shared_index(t)?)?;
        // SAFETY: a registered, frozen, never freed or moved object of the class.
        Some(unsafe { Value::from_raw(v) })
    }
}

/// The Rust memory held by wrappers of big types.
///
/// A wrapper is a small Ruby object that may keep megabytes of Rust memory
/// alive, which Ruby's GC does not see: a loop of `infer_set` calls on big
/// data would grow without bound, and memory freed late is cold when reused.
/// Reporting the bytes with `rb_gc_adjust_memory_usage` counts them as
/// old-generation malloc growth, which makes Ruby run full collections: in a
/// process with a big heap each costs more than the inference it follows.
///
/// So the wrappers' bytes are counted here, and when they pass a limit a
/// minor collection is asked for: wrappers dropped since the last one are
/// young and freed by it, at the cost of a minor GC. The limit then becomes
/// twice what is still held (never less than [`BASE_LIMIT`]), so that types
/// the program keeps do not make every call collect.
mod large_types {
    use crate::types::Type;
    use magnus::{kwargs, prelude::*, RModule, Ruby, Value};
    use std::collections::HashMap;
    use std::ptr::NonNull;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    /// Types smaller than this are not counted.
    pub const MIN_BYTES: usize = 64 * 1024;
    /// The least amount held before a collection is asked for: Ruby's own
    /// ceiling for malloc growth between collections (`malloc_limit_max`).
    /// Each collection sweeps the whole Ruby heap, which costs milliseconds
    /// in a process with a big heap, so a lower limit makes big inferences
    /// slower.
    const BASE_LIMIT: usize = 32 * 1024 * 1024;

    static HELD: AtomicUsize = AtomicUsize::new(0);
    static LIMIT: AtomicUsize = AtomicUsize::new(BASE_LIMIT);

    /// The bytes counted for each node wrapped as a large type, and how many
    /// objects wrap it (a node may be wrapped more than once).
    static BY_NODE: Mutex<Option<HashMap<usize, (usize, usize)>>> = Mutex::new(None);

    /// Count the `bytes` of `t`, about to be wrapped, collecting first when
    /// over the limit.
    pub fn reserve(ruby: &Ruby, t: &Type, bytes: usize) -> Result<(), magnus::Error> {
        let held = HELD.load(Ordering::Relaxed);
        if held + bytes > LIMIT.load(Ordering::Relaxed) {
            minor_gc(ruby)?;
            let still = HELD.load(Ordering::Relaxed);
            LIMIT.store((2 * (still + bytes)).max(BASE_LIMIT), Ordering::Relaxed);
        }
        HELD.fetch_add(bytes, Ordering::Relaxed);
        let mut by_node = BY_NODE.lock().unwrap_or_else(|e| e.into_inner());
        let entry = by_node
            .get_or_insert_with(HashMap::new)
            .entry(key(t.raw()))
            .or_insert((0, 0));
        entry.0 += bytes;
        entry.1 += 1;
        Ok(())
    }

    /// Uncount the bytes of a freed object that wrapped `node`.
    pub fn release(node: NonNull<()>) {
        let mut by_node = BY_NODE.lock().unwrap_or_else(|e| e.into_inner());
        let Some(map) = by_node.as_mut() else { return };
        let key = key(node);
        let Some(entry) = map.get_mut(&key) else {
            return;
        };
        let bytes = entry.0 / entry.1;
        entry.0 -= bytes;
        entry.1 -= 1;
        if entry.1 == 0 {
            map.remove(&key);
        }
        HELD.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// The bytes counted for one object wrapping `node`.
    pub fn bytes_of(node: NonNull<()>) -> usize {
        let by_node = BY_NODE.lock().unwrap_or_else(|e| e.into_inner());
        by_node
            .as_ref()
            .and_then(|m| m.get(&key(node)))
            .map_or(0, |&(bytes, objects)| bytes / objects)
    }

    /// The table's key of a node (the address the objects' data pointers hold).
    fn key(node: NonNull<()>) -> usize {
        node.as_ptr() as usize
    }

    /// `GC.start(full_mark: false, immediate_sweep: true)`, unless the program
    /// has disabled the GC (`GC.start` would collect all the same). An
    /// exception raised meanwhile (an interrupt Ruby delivers at the call) is
    /// the caller's to raise.
    fn minor_gc(ruby: &Ruby) -> Result<(), magnus::Error> {
        // SAFETY: plain calls of Ruby's C API on a Ruby thread; `rb_gc_disable`
        // returns whether the GC was disabled before, and the state is restored.
        let was_disabled = unsafe { rb_sys::rb_gc_disable() } == rb_sys::Qtrue as rb_sys::VALUE;
        if was_disabled {
            return Ok(());
        }
        // SAFETY: as above; the GC was enabled before this function disabled it.
        unsafe { rb_sys::rb_gc_enable() };
        let gc = ruby.class_object().const_get::<_, RModule>("GC")?;
        gc.funcall::<_, _, Value>(
            "start",
            (kwargs!("full_mark" => false, "immediate_sweep" => true),),
        )?;
        Ok(())
    }
}

/// The canonical text of a type.
pub fn text(t: &Type) -> String {
    t.to_string()
}

/// The simple name of a type (`Integer`, `Array`, an alias's name, ...), as the reference's `name`.
pub fn type_name(t: &Type) -> String {
    t.name().to_string()
}

/// An `IntRange` as the reference's size type: `Integer[from, to]`, or nil when absent.
fn size_type(ruby: &Ruby, size: &Option<IntRange>) -> Value {
    match size {
        Some(r) => RbType::wrap(ruby, Type::from_kind(TypeKind::Integer(*r))),
        None => ruby.qnil().as_value(),
    }
}

/// The key type of a Struct entry as the reference's `elements` give it:
/// `Optional['name']` when the key may be missing (written so, or its value
/// type accepts undef), else the key's String type (`NotUndef` dropped).
fn element_key_type(e: &crate::types::StructElement) -> crate::Type {
    match e.key_type.kind() {
        TypeKind::Optional(_) => e.key_type.clone(),
        TypeKind::NotUndef(Some(inner)) => inner.clone(),
        _ if crate::types::calc::is_assignable(&e.value_type, &crate::types::factory::undef()) => {
            crate::types::factory::optional(Some(e.key_type.clone()))
        }
        _ => e.key_type.clone(),
    }
}

fn opt_type(ruby: &Ruby, t: Option<&Type>) -> Value {
    match t {
        Some(t) => RbType::wrap(ruby, t.clone()),
        None => ruby.qnil().as_value(),
    }
}

fn opt_int(ruby: &Ruby, n: Option<i64>) -> Value {
    match n {
        Some(n) => ruby.integer_from_i64(n).as_value(),
        None => ruby.qnil().as_value(),
    }
}

fn opt_str(ruby: &Ruby, s: Option<&str>) -> Value {
    match s {
        Some(s) => ruby.str_new(s).as_value(),
        None => ruby.qnil().as_value(),
    }
}

fn types_array(ruby: &Ruby, ts: &[Type]) -> Value {
    let a = ruby.ary_new_capa(ts.len());
    for t in ts {
        let _ = a.push(RbType::wrap(ruby, t.clone()));
    }
    a.as_value()
}

/// Readers: each answers nil for a type that has no such parameter.
fn reader(ruby: &Ruby, t: &Type, which: &str) -> Result<Value, Error> {
    let nil = ruby.qnil().as_value();
    Ok(match (which, t.kind()) {
        ("from", TypeKind::Integer(r)) => opt_int(ruby, r.from),
        ("to", TypeKind::Integer(r)) => opt_int(ruby, r.to),
        ("from", TypeKind::Float(f, _)) | ("to", TypeKind::Float(_, f)) => match f {
            Some(f) => ruby.float_from_f64(*f).as_value(),
            None => nil,
        },
        ("from", TypeKind::Timespan(a, _)) | ("to", TypeKind::Timespan(_, a)) => match a {
            Some(v) => convert::to_ruby(ruby, &crate::Value::Timespan(v.span))?,
            None => nil,
        },
        ("from", TypeKind::Timestamp(a, _)) | ("to", TypeKind::Timestamp(_, a)) => match a {
            Some(v) => convert::to_ruby(ruby, &crate::Value::Timestamp(*v))?,
            None => nil,
        },
        ("element_type", TypeKind::Array { element, .. }) => RbType::wrap(ruby, element.clone()),
        ("element_type", TypeKind::Iterable(e)) | ("element_type", TypeKind::Iterator(e)) => {
            opt_type(ruby, e.as_ref())
        }
        ("key_type", TypeKind::Hash { key, .. }) => RbType::wrap(ruby, key.clone()),
        ("value_type", TypeKind::Hash { value, .. }) => RbType::wrap(ruby, value.clone()),
        ("size_type", TypeKind::Array { size, .. })
        | ("size_type", TypeKind::Hash { size, .. })
        | ("size_type", TypeKind::Tuple { size, .. })
        | ("size_type", TypeKind::String { size, .. })
        | ("size_type", TypeKind::Collection(size)) => size_type(ruby, size),
        ("value", TypeKind::String { value, .. }) => opt_str(ruby, value.as_deref()),
        ("value", TypeKind::Boolean(Some(b))) => {
            convert::to_ruby(ruby, &crate::Value::Boolean(*b))?
        }
        ("types", TypeKind::Variant(ts)) => types_array(ruby, ts),
        ("types", TypeKind::Tuple { types, .. }) => match types {
            Some(ts) => types_array(ruby, ts),
            None => ruby.ary_new().as_value(),
        },
        ("values", TypeKind::Enum { values, .. }) => {
            let mut sorted: Vec<&str> = values.iter().map(|s| &**s).collect();
            sorted.sort_unstable();
            sorted.dedup();
            let a = ruby.ary_new_capa(sorted.len());
            for s in sorted {
                a.push(s)?;
            }
            a.as_value()
        }
        (
            "case_insensitive?",
            TypeKind::Enum {
                case_insensitive, ..
            },
        ) => convert::to_ruby(ruby, &crate::Value::Boolean(*case_insensitive))?,
        ("patterns", TypeKind::Pattern(ps)) => {
            let a = ruby.ary_new_capa(ps.len());
            for p in ps {
                a.push(RbType::wrap(
                    ruby,
                    Type::from_kind(TypeKind::Regexp(Some(p.clone()))),
                ))?;
            }
            a.as_value()
        }
        ("pattern", TypeKind::Regexp(r)) => opt_str(ruby, r.as_ref().map(|r| r.source())),
        ("regexp", TypeKind::Regexp(Some(r))) => {
            convert::to_ruby(ruby, &crate::Value::Regexp(r.clone()))?
        }
        ("type", TypeKind::Optional(t))
        | ("type", TypeKind::NotUndef(t))
        | ("type", TypeKind::Type(t))
        | ("type", TypeKind::Sensitive(t))
        | ("type", TypeKind::Init(t, _)) => opt_type(ruby, t.as_ref()),
        ("init_args", TypeKind::Init(_, args)) => convert::to_ruby_array(ruby, args)?.as_value(),
        ("elements", TypeKind::Struct(es)) => {
            let class: Value = ruby
                .class_object()
                .const_get::<_, RModule>("PuppetTypes")?
                .const_get("StructElement")?;
            let a = ruby.ary_new();
            for e in es.iter().flatten() {
                let el: Value = class.funcall(
                    "new",
                    (
                        e.name(),
                        RbType::wrap(ruby, element_key_type(e)),
                        RbType::wrap(ruby, e.value_type.clone()),
                    ),
                )?;
                a.push(el)?;
            }
            a.as_value()
        }
        ("param_types", TypeKind::Callable(c)) => opt_type(ruby, c.params.as_ref()),
        ("block_type", TypeKind::Callable(c)) => opt_type(ruby, c.block.as_ref()),
        ("return_type", TypeKind::Callable(c)) => opt_type(ruby, c.return_type.as_ref()),
        ("type_name", TypeKind::Resource { type_name, .. }) => opt_str(ruby, type_name.as_deref()),
        ("title", TypeKind::Resource { title, .. }) => opt_str(ruby, title.as_deref()),
        ("class_name", TypeKind::Class(n)) => opt_str(ruby, n.as_deref()),
        (
            "runtime",
            TypeKind::Runtime {
                runtime: Some(r), ..
            },
        ) => ruby.to_symbol(&**r).as_value(),
        ("name_or_pattern", TypeKind::Runtime { name, .. }) => match name {
            Some(crate::types::RuntimeName::Name(n)) => ruby.str_new(n).as_value(),
            Some(crate::types::RuntimeName::Pattern(r, s)) => {
                let a = ruby.ary_new();
                a.push(convert::to_ruby(ruby, &crate::Value::Regexp(r.clone()))?)?;
                a.push(&**s)?;
                a.as_value()
            }
            None => nil,
        },
        ("ranges", TypeKind::SemVer(rs)) => {
            let a = ruby.ary_new_capa(rs.len());
            for r in rs {
                a.push(convert::to_ruby(
                    ruby,
                    &crate::Value::SemVerRange(std::sync::Arc::new(r.clone())),
                )?)?;
            }
            a.as_value()
        }
        ("parameters", TypeKind::Uri(Some(map))) => {
            convert::to_ruby(ruby, &crate::Value::Hash(map.clone()))?
        }
        ("resolved_type", TypeKind::Alias(a)) => opt_type(ruby, a.resolved()),
        ("type_string", TypeKind::TypeReference(s)) => ruby.str_new(s).as_value(),
        _ => nil,
    })
}

macro_rules! readers {
    ($class:expr, $($name:literal => $fn:ident),* $(,)?) => {
        $(
            fn $fn(ruby: &Ruby, rb_self: RbType) -> Result<Value, Error> {
                guard(ruby, || reader(ruby, &rb_self, $name))
            }
            $class.define_method($name, method!($fn, 0))?;
        )*
    };
}

/// Define `PuppetTypes::Type` and its methods.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let class = module.define_class("Type", ruby.class_object())?;
    class.undef_default_alloc_func();
    data::init(class);
    class.define_method("to_s", method!(RbType::to_s, 0))?;
    class.define_method("inspect", method!(RbType::inspect, 0))?;
    class.define_method("==", method!(RbType::eq, 1))?;
    class.define_method("eql?", method!(RbType::eq, 1))?;
    class.define_method("hash", method!(RbType::hash, 0))?;
    class.define_method("name", method!(RbType::name, 0))?;
    readers!(class,
        "from" => r_from, "to" => r_to,
        "element_type" => r_element_type, "key_type" => r_key_type, "value_type" => r_value_type,
        "size_type" => r_size_type, "value" => r_value, "types" => r_types, "values" => r_values,
        "case_insensitive?" => r_case_insensitive, "patterns" => r_patterns, "pattern" => r_pattern,
        "regexp" => r_regexp, "type" => r_type, "init_args" => r_init_args, "elements" => r_elements,
        "param_types" => r_param_types, "block_type" => r_block_type, "return_type" => r_return_type,
        "type_name" => r_type_name, "title" => r_title, "class_name" => r_class_name,
        "runtime" => r_runtime, "name_or_pattern" => r_name_or_pattern, "ranges" => r_ranges,
        "parameters" => r_parameters, "resolved_type" => r_resolved_type, "type_string" => r_type_string,
    );
    shared::init(ruby);
    Ok(())
}
