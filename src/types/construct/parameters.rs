//! Building a type from its name and evaluated parameters (`Integer[1, 10]`
//! is `create("Integer", &[1, 10])`), with the reference's validation rules
//! and error messages.
//!
//! Type names are matched case-insensitively (`INTEGER` is `Integer`), as
//! the reference does. A name that is not a built-in type gives `Ok(None)`
//! from [`create_builtin`] so that the caller can try aliases and resource
//! types.

use crate::error::{Error, Result};
use crate::syntax::ast::node_text;
pub(crate) use crate::types::builtin::{builtin, canonical_type, Builtin};
pub use crate::types::builtin::{builtin_name, builtin_type, BUILTIN_NAMES};
use crate::types::factory::{self as tf, KeyMode};
use crate::types::model::{IntRange, RuntimeName, SmolStr, Type, TypeKind};
use crate::values::new::kind_name;
use crate::values::{Regexp, Value};
use std::fmt::Write;
use std::sync::Arc;

/// Why a type could not be built.
#[derive(Debug)]
pub enum CreateError {
    /// The parameters do not form a valid specification of this type; the
    /// reference reports `The expression <...> is not a valid type specification.`
    /// naming the whole source expression, which only the caller has.
    InvalidSpec,
    /// Any other error, with its final message.
    Other(Error),
}

impl From<Error> for CreateError {
    fn from(e: Error) -> CreateError {
        CreateError::Other(e)
    }
}

type CResult<T> = std::result::Result<T, CreateError>;

/// The message for an invalid specification, given the expression text.
pub fn invalid_spec_message(expr_text: &str) -> String {
    format!("The expression <{expr_text}> is not a valid type specification.")
}

/// Build the type `name[params...]`. `name` must be a built-in type name or a
/// resource type name (anything else capitalised is taken as a resource type,
/// as `File['x']` is `Resource['file', 'x']`).
pub fn create(name: &str, params: &[Value]) -> Result<Type> {
    let r = match create_builtin(name, params) {
        Ok(Some(t)) => return Ok(t),
        Ok(None) => create_resource_shorthand(name, params),
        Err(e) => Err(e),
    };
    r.map_err(|e| match e {
        CreateError::InvalidSpec => {
            Error::type_error(invalid_spec_message(&source_text(name, params)))
        }
        CreateError::Other(e) => e,
    })
}

struct V<'a>(&'a Value);
impl std::fmt::Display for V<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::types::text::display::write_value(f, self.0)
    }
}

/// Puppet source text of a parameter value (`'a'`, `1`, `Integer`).
pub fn source_text_value(v: &Value) -> String {
    V(v).to_string()
}

/// Puppet source text for `name[params]`, used in messages when the source is not at hand.
pub fn source_text(name: &str, params: &[Value]) -> String {
    let mut s = String::from(name);
    if !params.is_empty() {
        s.push('[');
        for (i, p) in params.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            let _ = write!(s, "{}", V(p));
        }
        s.push(']');
    }
    s
}

fn count_error(name: &str, spec: &str, n: usize) -> CreateError {
    CreateError::Other(Error::type_error(format!(
        "Invalid number of type parameters specified: {name} requires {spec}, {n} provided"
    )))
}

fn check_count(name: &str, params: &[Value], min: usize, max: usize, spec: &str) -> CResult<()> {
    if params.len() < min || params.len() > max {
        return Err(count_error(name, spec, params.len()));
    }
    Ok(())
}

fn type_err(msg: impl Into<String>) -> CreateError {
    CreateError::Other(Error::type_error(msg))
}

/// A value's kind for messages, naming the type for a type (`Type[Integer]`).
pub fn value_desc(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("Type[{}]", t.to_name_string()),
        v => kind_name(v).to_string(),
    }
}

/// How Ruby's conversion errors name the reference's object for `v`: `nil`,
/// `true` and `false` themselves, any other by its class (`default` is a
/// Symbol there; a type is named `PuppetTypes::Type`, and other rich values
/// by the gem's class, where the reference names its own classes).
pub fn ruby_class_name(v: &Value) -> String {
    match v {
        Value::Undef => "nil".into(),
        Value::Default => "Symbol".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(_) | Value::Float(_) | Value::String(_) | Value::Regexp(_) => {
            kind_name(v).into()
        }
        Value::Array(_) | Value::Hash(_) => kind_name(v).into(),
        Value::Runtime(r) => r.class_name.to_string(),
        Value::Sensitive(_) => "PuppetTypes::Sensitive".into(),
        Value::Type(_) => "PuppetTypes::Type".into(),
        v => format!("PuppetTypes::{}", kind_name(v)),
    }
}

/// Build a built-in type; `Ok(None)` when `name` is not a built-in type name.
pub fn create_builtin(name: &str, params: &[Value]) -> CResult<Option<Type>> {
    match builtin(name) {
        Some((n, b)) => create_known(n, b, params).map(Some),
        None => Ok(None),
    }
}

/// Build the built-in type `b` (called `n`, as [`builtin`] gives it) with `params`.
pub(crate) fn create_known(n: &'static str, b: Builtin, params: &[Value]) -> CResult<Type> {
    use Builtin as B;
    if params.is_empty() {
        return Ok(canonical_type(b));
    }
    let t = match b {
        B::Any
        | B::Undef
        | B::Default
        | B::Scalar
        | B::ScalarData
        | B::Numeric
        | B::Binary
        | B::CatalogEntry
        | B::Data
        | B::RichData
        | B::RichDataKey
        | B::SemVerRange => return Err(type_err(format!("Not a parameterized type <{n}>"))),
        B::Deferred => {
            return Err(type_err(
                "The Deferred-Type cannot be parameterized using []",
            ))
        }
        B::Integer => {
            check_count(n, params, 1, 2, "1 or 2")?;
            match params {
                [from] => tf::range(int_or_default(from)?, None)?,
                [from, to] => {
                    int_bounds_comparable(from, to)?;
                    tf::range(int_bound(from)?, int_bound(to)?)?
                }
                _ => unreachable!("counted"),
            }
        }
        B::Float => {
            check_count(n, params, 1, 2, "1 or 2")?;
            match params {
                [from] => tf::float_range(float_or_default(from)?, None)?,
                // (both converted, from first, as the reference converts them)
                [from, to] => {
                    let from = float_conversion(from)?;
                    tf::float_range(from, float_conversion(to)?)?
                }
                _ => unreachable!("counted"),
            }
        }
        B::String => {
            check_count(n, params, 1, 2, "1 to 2")?;
            tf::string_sized(size_params(params)?)
        }
        B::Collection => {
            check_count(n, params, 1, 2, "1 to 2")?;
            Type::from_kind(TypeKind::Collection(Some(size_params(params)?)))
        }
        B::Enum => create_enum(params)?,
        B::Pattern => create_pattern(params)?,
        B::Regexp => {
            check_count(n, params, 1, 1, "1")?;
            match &params[0] {
                Value::Regexp(r) => tf::regexp(Some(r.clone())),
                Value::String(s) => tf::regexp(Some(Regexp::cached(s)?)),
                // (the reference's factory takes a false parameter as none)
                Value::Undef | Value::Boolean(false) => tf::regexp(None),
                // (Ruby's `Regexp.new` refuses it with its TypeError)
                v => return Err(implicit_conversion(v, "String")),
            }
        }
        B::Boolean => {
            check_count(n, params, 1, 1, "1")?;
            match &params[0] {
                Value::Boolean(b) => tf::boolean_value(*b),
                _ => return Err(type_err("Boolean parameter must be true or false")),
            }
        }
        B::Array => create_array(params)?,
        B::Hash => create_hash(params)?,
        B::Tuple => create_tuple(params)?,
        B::Struct => {
            check_count(n, params, 1, 1, "1")?;
            create_struct(&params[0])?
        }
        B::Variant => {
            let mut ts = Vec::with_capacity(params.len());
            for p in params {
                ts.push(type_param(p)?);
            }
            tf::variant(ts)
        }
        B::Optional => {
            check_count(n, params, 1, 1, "1")?;
            tf::optional(Some(type_or_string(&params[0])?))
        }
        B::NotUndef => {
            check_count(n, params, 0, 1, "0 to 1")?;
            tf::not_undef(Some(type_or_string(&params[0])?))
        }
        B::Type => {
            check_count(n, params, 1, 1, "1")?;
            tf::type_type(Some(type_param(&params[0])?))
        }
        B::Iterable => {
            check_count(n, params, 1, 1, "1")?;
            tf::iterable(Some(type_param(&params[0])?))
        }
        B::Iterator => {
            check_count(n, params, 1, 1, "1")?;
            tf::iterator(Some(type_param(&params[0])?))
        }
        B::Sensitive => {
            check_count(n, params, 0, 1, "0 to 1")?;
            tf::sensitive(Some(type_param(&params[0])?))
        }
        B::Init => {
            let t = type_param(&params[0])?;
            tf::init(Some(t), params[1..].to_vec())
        }
        B::Callable => create_callable(params)?,
        B::Resource => {
            check_count(n, params, 1, 2, "1 or 2")?;
            create_resource(&params[0], params.get(1))?
        }
        B::Class => {
            check_count(n, params, 1, 1, "1")?;
            match &params[0] {
                Value::String(s) => tf::host_class(Some(s)),
                v => {
                    return Err(type_err(format!(
                        "Class parameter must be a class name String, got {}",
                        kind_name(v)
                    )))
                }
            }
        }
        B::Runtime => {
            check_count(n, params, 2, 2, "2")?;
            create_runtime(&params[0], &params[1])?
        }
        B::SemVer => crate::types::construct::rich_parameters::sem_ver(params)?,
        B::Timespan => {
            check_count(n, params, 0, 2, "0 to 2")?;
            crate::types::construct::rich_parameters::timespan(params)?
        }
        B::Timestamp => {
            check_count(n, params, 0, 2, "0 to 2")?;
            crate::types::construct::rich_parameters::timestamp(params)?
        }
        B::URI => {
            check_count(n, params, 1, 1, "1")?;
            crate::types::construct::rich_parameters::uri(&params[0])?
        }
        B::Object | B::TypeSet => {
            // The reference counts TypeSet parameters under the name Object.
            check_count("Object", params, 1, 1, "1")?;
            let label = if n == "Object" { "object" } else { "TypeSet" };
            match &params[0] {
                Value::String(_) | Value::Default => {
                    return Err(type_err(format!(
                        "{label} name has wrong type, expects a match for Pattern[/\\A[A-Z][\\w]*(?:::[A-Z][\\w]*)*\\z/], got {}",
                        source_text_value(&params[0]).replace("default", "Default")
                    )))
                }
                Value::Hash(m) if m.is_empty() && n == "TypeSet" => tf::type_set(),
                Value::Hash(_) => {
                    let mut s = String::from(n);
                    s.push('[');
                    write_i12n(&mut s, &params[0]);
                    s.push(']');
                    Type::from_kind(if n == "Object" {
                        TypeKind::Object(s.into())
                    } else {
                        TypeKind::TypeSet(s.into())
                    })
                }
                _ => return Err(CreateError::InvalidSpec),
            }
        }
    };
    Ok(t)
}

/// Write an Object/TypeSet initialisation hash: top-level keys bare, values as in types.
fn write_i12n(s: &mut String, v: &Value) {
    if let Value::Hash(m) = v {
        s.push('{');
        for (i, (k, v)) in m.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            match k {
                Value::String(k) => s.push_str(k),
                k => {
                    let _ = write!(s, "{}", V(k));
                }
            }
            let _ = write!(s, " => {}", V(v));
        }
        s.push('}');
    }
}

/// A resource type given by name only (`File`, `Foo::Bar`) or with a title (`File['x']`).
pub fn create_resource_shorthand(name: &str, params: &[Value]) -> CResult<Type> {
    if params.is_empty() {
        return Ok(tf::resource(Some(name), None)?);
    }
    if params.len() != 1 {
        return Err(count_error(
            &tf::capitalize_type_name(name),
            "1",
            params.len(),
        ));
    }
    match &params[0] {
        Value::String(t) => Ok(tf::resource(Some(name), Some(t))?),
        // (no title: `File[undef]` is `File`)
        Value::Undef => Ok(tf::resource(Some(name), None)?),
        Value::Integer(i) => Ok(tf::resource(Some(name), Some(&i.to_string()))?),
        _ => Err(CreateError::InvalidSpec),
    }
}

fn int_or_default(v: &Value) -> CResult<Option<i64>> {
    match v {
        Value::Integer(i) => Ok(Some(*i)),
        Value::Default => Ok(None),
        _ => Err(CreateError::InvalidSpec),
    }
}

/// A bound of `Integer[from, to]`: an Integer, or undef or default for an open end.
fn int_bound(v: &Value) -> CResult<Option<i64>> {
    match v {
        Value::Undef => Ok(None),
        v => int_or_default(v),
    }
}

fn float_or_default(v: &Value) -> CResult<Option<f64>> {
    match v {
        Value::Integer(i) => Ok(Some(*i as f64)),
        Value::Float(x) => Ok(Some(*x)),
        Value::Default => Ok(None),
        _ => Err(CreateError::InvalidSpec),
    }
}

/// A bound of `Float[from, to]` as the reference converts it, with Ruby's
/// `Float()`: a number, a numeric String (`'1.5'`, `'0x10'`), undef or
/// default (an open end); Ruby's `ArgumentError` for other Strings and its
/// `TypeError` for any other value ("can't convert Array into Float").
fn float_conversion(v: &Value) -> CResult<Option<f64>> {
    let x = match v {
        Value::Undef | Value::Default => return Ok(None),
        Value::Integer(i) => *i as f64,
        Value::Float(x) => *x,
        Value::String(s) => crate::values::ruby_float::kernel_float(s)
            .map_err(|message| CreateError::Other(Error::type_error(message)))?,
        v => {
            return Err(CreateError::Other(Error::conversion(format!(
                "can't convert {} into Float",
                ruby_class_name(v)
            ))))
        }
    };
    Ok((!x.is_infinite()).then_some(x))
}

/// The reference compares the bounds of `Integer[from, to]` before it looks
/// at them: a Hash compared with anything but a Hash is Ruby's `TypeError`
/// ("no implicit conversion of Integer into Hash", an open end being
/// Infinity, a Float). Bounds that are not Integers are an illegal
/// specification otherwise.
fn int_bounds_comparable(from: &Value, to: &Value) -> CResult<()> {
    match (from, to) {
        (Value::Hash(_), Value::Hash(_)) => Ok(()),
        (Value::Hash(_), Value::Undef | Value::Default) => {
            Err(implicit_conversion(&Value::Float(f64::INFINITY), "Hash"))
        }
        (Value::Hash(_), to) => Err(implicit_conversion(to, "Hash")),
        _ => Ok(()),
    }
}

/// Ruby's `TypeError` for `v` where an object of the class `into` is needed:
/// "no implicit conversion of Integer into String".
pub(crate) fn implicit_conversion(v: &Value, into: &str) -> CreateError {
    CreateError::Other(Error::conversion(format!(
        "no implicit conversion of {} into {into}",
        ruby_class_name(v)
    )))
}

/// A type parameter: a type; anything else is an invalid specification.
fn type_param(v: &Value) -> CResult<Type> {
    match v {
        Value::Type(t) => Ok(t.clone()),
        _ => Err(CreateError::InvalidSpec),
    }
}

/// A type parameter where an Integer stands for `Integer` (as the reference infers it).
fn type_or_int(v: &Value) -> CResult<Type> {
    match v {
        Value::Type(t) => Ok(t.clone()),
        Value::Integer(_) => Ok(tf::integer()),
        _ => Err(CreateError::InvalidSpec),
    }
}

/// The parameter of Optional/NotUndef: a type, or a string meaning that exact string.
fn type_or_string(v: &Value) -> CResult<Type> {
    match v {
        Value::Type(t) => Ok(t.clone()),
        Value::String(s) => Ok(tf::string_value(s)),
        _ => Err(CreateError::InvalidSpec),
    }
}

/// True for a parameter that can be a size bound (an Integer or `default`).
fn is_bound(v: &Value) -> bool {
    matches!(v, Value::Integer(_) | Value::Default)
}

/// Size parameters `from[, to]`, or a single Integer type giving both.
fn size_params(params: &[Value]) -> CResult<IntRange> {
    if let [Value::Type(t)] = params {
        if let TypeKind::Integer(r) = t.kind() {
            return Ok(tf::size_range(r.from, r.to)?);
        }
        return Err(CreateError::InvalidSpec);
    }
    let from = int_or_default(&params[0])?;
    let to = match params.get(1) {
        Some(p) => int_or_default(p)?,
        None => None,
    };
    Ok(tf::size_range(from, to)?)
}

fn create_enum(params: &[Value]) -> CResult<Type> {
    let (strings, ci) = match params.split_last() {
        Some((Value::Boolean(b), rest)) => (rest, *b),
        _ => (params, false),
    };
    if strings.is_empty() {
        return Err(count_error("Enum", "1 or more", 0));
    }
    let mut values: Vec<SmolStr> = Vec::with_capacity(strings.len());
    for p in strings {
        match p {
            Value::String(s) => values.push(node_text(s)),
            _ => return Err(type_err("Enum parameters must be identifiers or strings")),
        }
    }
    Ok(tf::enum_of_texts(values, ci))
}

fn create_pattern(params: &[Value]) -> CResult<Type> {
    let mut out = Vec::with_capacity(params.len());
    for p in params {
        match p {
            Value::String(s) => out.push(Regexp::cached(s)?),
            Value::Regexp(r) => out.push(r.clone()),
            Value::Type(t) => match t.kind() {
                TypeKind::Pattern(ps) => out.extend(ps.iter().cloned()),
                TypeKind::Regexp(Some(r)) => out.push(r.clone()),
                // The unparameterised Regexp stands for the empty pattern.
                TypeKind::Regexp(None) => out.push(Regexp::new("")?),
                _ => {
                    return Err(type_err(format!(
                        "Only String, Regexp, Pattern-Type, and Regexp-Type are allowed: got '{t}"
                    )))
                }
            },
            v => {
                return Err(type_err(format!(
                    "Only String, Regexp, Pattern-Type, and Regexp-Type are allowed: got '{}",
                    kind_name(v)
                )))
            }
        }
    }
    Ok(tf::pattern(out))
}

fn create_array(params: &[Value]) -> CResult<Type> {
    check_count("Array", params, 1, 3, "1 to 3")?;
    match params {
        [Value::Type(t)] => Ok(tf::array_of(t.clone())),
        // The reference accepts a lone size only when it is 1.
        [Value::Integer(1)] => Ok(tf::array_sized(tf::any(), size_params(params)?)),
        [Value::Type(t), rest @ ..] => Ok(tf::array_sized(t.clone(), size_params(rest)?)),
        // The reference takes a leading size pair as `Array[Default, from, to]`.
        [a, b] if is_bound(a) && is_bound(b) => {
            Ok(tf::array_sized(tf::default(), size_params(params)?))
        }
        _ => Err(CreateError::InvalidSpec),
    }
}

fn create_hash(params: &[Value]) -> CResult<Type> {
    check_count("Hash", params, 2, 4, "2 to 4")?;
    match params {
        [Value::Type(k), Value::Type(v)] => Ok(tf::hash_kv(k.clone(), v.clone())),
        [Value::Type(k), Value::Type(v), rest @ ..] => {
            Ok(tf::hash_sized(k.clone(), v.clone(), size_params(rest)?))
        }
        [a, b] if is_bound(a) && is_bound(b) => Ok(tf::hash_sized(
            tf::default(),
            tf::default(),
            size_params(params)?,
        )),
        _ => Err(CreateError::InvalidSpec),
    }
}

/// Size bounds `(from, to)`, `None` for an open end.
type Bounds = (Option<i64>, Option<i64>);

/// Split trailing size bounds (at most two Integer/default values) off a parameter list.
fn split_size(params: &[Value]) -> (&[Value], Option<Bounds>) {
    let bound = |v: &Value| match v {
        Value::Integer(i) => Some(Some(*i)),
        Value::Default => Some(None),
        _ => None,
    };
    let n = params.len();
    if n >= 2 {
        if let (Some(a), Some(b)) = (bound(&params[n - 2]), bound(&params[n - 1])) {
            return (&params[..n - 2], Some((a, b)));
        }
    }
    if n >= 1 {
        if let Some(a) = bound(&params[n - 1]) {
            return (&params[..n - 1], Some((a, None)));
        }
    }
    (params, None)
}

fn create_tuple(params: &[Value]) -> CResult<Type> {
    let (types, size) = split_size(params);
    let mut ts = Vec::with_capacity(types.len());
    for p in types {
        ts.push(type_or_int(p)?);
    }
    match size {
        None => Ok(tf::tuple(ts)),
        // Tuple checks a `default` lower bound as 0 against the upper one.
        Some((a, b)) => Ok(tf::tuple_sized(ts, a.or(Some(0)), b)?),
    }
}

/// True for a type that can be the block of a Callable (`Callable`, `Optional[Callable]`).
pub(crate) fn is_block_type(t: &Type) -> bool {
    match t.kind() {
        TypeKind::Callable(_) => true,
        TypeKind::Optional(Some(i)) => matches!(i.kind(), TypeKind::Callable(_)),
        _ => false,
    }
}

fn create_callable(params: &[Value]) -> CResult<Type> {
    let (list, return_type): (&[Value], Option<Type>) = match params.first() {
        Some(Value::Array(items)) => {
            if params.len() != 2 {
                return Err(type_err(format!(
                    "Invalid number of type parameters specified: callable requires 2 when first parameter is an array, {} provided",
                    params.len()
                )));
            }
            let ret = type_or_int(&params[1])?;
            return callable_from(items, Some(ret));
        }
        _ => (params, None),
    };
    callable_from(list, return_type)
}

fn callable_from(list: &[Value], return_type: Option<Type>) -> CResult<Type> {
    let (list, block) = match list.split_last() {
        Some((Value::Type(b), rest)) if is_block_type(b) => (rest, Some(b.clone())),
        _ => (list, None),
    };
    let (types, size) = split_size(list);
    let mut ts = Vec::with_capacity(types.len());
    for p in types {
        ts.push(type_or_int(p)?);
    }
    let size = match size {
        None => None,
        Some((a, b)) => Some(tf::size_range(a, b)?),
    };
    Ok(tf::callable(ts, size, block, return_type)?)
}

fn create_resource(type_name: &Value, title: Option<&Value>) -> CResult<Type> {
    let name: Option<Arc<str>> = match type_name {
        Value::String(s) => Some(s.clone()),
        Value::Type(t) => match t.kind() {
            TypeKind::Resource { type_name, .. } => type_name.clone(),
            // (a name of no known type, read as given: `Resource[Foo]`)
            TypeKind::TypeReference(name) => Some(name.clone()),
            _ => return Err(type_err(format!("The type name cannot be a {}", t))),
        },
        v => {
            return Err(type_err(format!(
                "The type name cannot be a {}",
                kind_name(v)
            )))
        }
    };
    let title: Option<String> = match title {
        None | Some(Value::Undef) => None,
        Some(Value::String(s)) => Some(s.to_string()),
        Some(Value::Integer(i)) => Some(i.to_string()),
        Some(_) => return Err(CreateError::InvalidSpec),
    };
    match name {
        // `Resource[Resource, 'x']` has no type name to attach the title to.
        None => Ok(tf::resource_any()),
        Some(n) => Ok(tf::resource(Some(&n), title.as_deref())?),
    }
}

fn create_runtime(runtime: &Value, name: &Value) -> CResult<Type> {
    let rt = match runtime {
        Value::String(s) => Some(s.clone()),
        // (a name of no runtime: `Runtime[undef, 'x']`, as the reference reads it)
        Value::Undef => None,
        // `Runtime[default, 'x']` is a runtime named "default" in the reference
        Value::Default => Some("default".into()),
        v => return Err(runtime_mismatch("runtime", &tf::string(), v)),
    };
    let name = match name {
        // `Runtime[ruby, undef]`: the type of objects of an anonymous class
        Value::Undef => return Ok(tf::runtime(rt.as_deref(), None)),
        Value::String(s) if !s.is_empty() => RuntimeName::Name(s.clone()),
        Value::Array(items) => match items.as_slice() {
            [Value::Regexp(r), Value::String(s)] if !s.is_empty() => {
                RuntimeName::Pattern(r.clone(), s.clone())
            }
            _ => {
                return Err(runtime_mismatch(
                    "name_or_pattern",
                    &runtime_name_type(),
                    name,
                ))
            }
        },
        v => return Err(runtime_mismatch("name_or_pattern", &runtime_name_type(), v)),
    };
    Ok(tf::runtime(rt.as_deref(), Some(name)))
}

/// What a Runtime type's second parameter may be: a class name or a
/// `[regexp, replacement]` pair (`Variant[String[1], Tuple[Regexp, String[1]]]`).
fn runtime_name_type() -> Type {
    let name = tf::string_sized(IntRange::new(Some(1), None));
    tf::variant(vec![name.clone(), tf::tuple(vec![tf::regexp(None), name])])
}

/// The reference's message for a Runtime parameter `v` that is not an
/// `expected`, in the type mismatch describer's words.
fn runtime_mismatch(param: &str, expected: &Type, v: &Value) -> CreateError {
    let label = format!("Runtime '{param}' has wrong type,");
    let text = crate::types::calc::describe_mismatch(expected, v, Some(&label));
    type_err(text.unwrap_or(label))
}

fn create_struct(p: &Value) -> CResult<Type> {
    let Value::Hash(map) = p else {
        return Err(CreateError::InvalidSpec);
    };
    let mut entries = Vec::with_capacity(map.len());
    for (k, v) in map.iter() {
        let (name, mode) = struct_key(k)?;
        let vt = type_or_int(v)?;
        entries.push((name, mode, vt));
    }
    Ok(tf::struct_of(entries)?)
}

fn key_name(t: &Type) -> Option<Arc<str>> {
    match t.kind() {
        TypeKind::String {
            value: Some(v),
            size: None,
        } => Some(Arc::from(v.as_str())),
        TypeKind::Enum { values, .. } if values.len() == 1 => Some(Arc::from(values[0].as_str())),
        _ => None,
    }
}

fn struct_key(k: &Value) -> CResult<(Arc<str>, KeyMode)> {
    match k {
        Value::String(s) => Ok((s.clone(), KeyMode::Plain)),
        Value::Type(t) => {
            let (inner, mode) = match t.kind() {
                TypeKind::Optional(Some(i)) => (i, KeyMode::Optional),
                TypeKind::NotUndef(Some(i)) => (i, KeyMode::NotUndef),
                _ => (t, KeyMode::Plain),
            };
            match key_name(inner) {
                Some(n) => Ok((n, mode)),
                None => Err(type_err(format!(
                    "Unable to extract a non-empty literal string from Struct member key type {t}"
                ))),
            }
        }
        v => Err(type_err(format!(
            "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {}",
            kind_name(v)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Value {
        Value::string(v)
    }

    fn ok(name: &str, params: &[Value]) -> String {
        create(name, params).unwrap().to_string()
    }

    #[test]
    fn integer_one_param_is_lower_bound() {
        assert_eq!(ok("Integer", &[1.into()]), "Integer[1]");
        assert_eq!(ok("INTEGER", &[]), "Integer");
        assert_eq!(
            ok("Integer", &[Value::Default, 1.into()]),
            "Integer[default, 1]"
        );
    }

    #[test]
    fn integer_params_validated() {
        let e = create("Integer", &[10.into(), 1.into()]).unwrap_err();
        assert_eq!(
            e.message,
            "'from' must be less or equal to 'to'. Got (10, 1"
        );
        let e = create("Integer", &[s("a")]).unwrap_err();
        assert_eq!(
            e.message,
            "The expression <Integer['a']> is not a valid type specification."
        );
        let e = create("Integer", &[1.into(), 2.into(), 3.into()]).unwrap_err();
        assert_eq!(
            e.message,
            "Invalid number of type parameters specified: Integer requires 1 or 2, 3 provided"
        );
    }

    #[test]
    fn optional_string_is_exact_string() {
        assert_eq!(ok("Optional", &[s("present")]), "Optional['present']");
        assert_eq!(ok("NotUndef", &[Value::Type(tf::any())]), "NotUndef");
    }

    #[test]
    fn tuple_sizes() {
        let int = Value::Type(tf::integer());
        let st = Value::Type(tf::string());
        assert_eq!(
            ok(
                "Tuple",
                &[int.clone(), st.clone(), 1.into(), Value::Default]
            ),
            "Tuple[Integer, String, 1]"
        );
        assert_eq!(
            ok("Tuple", &[int.clone(), 1.into(), 2.into(), 3.into()]),
            "Tuple[Integer, Integer, 2, 3]"
        );
        assert_eq!(ok("Tuple", &[1.into(), 2.into()]), "Tuple");
    }

    #[test]
    fn callable_forms() {
        let int = Value::Type(tf::integer());
        let cal = Value::Type(tf::callable_any());
        assert_eq!(
            ok("Callable", std::slice::from_ref(&cal)),
            "Callable[0, 0, Callable]"
        );
        assert_eq!(
            ok("Callable", &[Value::array(vec![]), int.clone()]),
            "Callable[[0, 0], Integer]"
        );
        assert_eq!(
            ok("Callable", &[Value::array(vec![]), Value::Type(tf::any())]),
            "Callable[0, 0]"
        );
        assert_eq!(
            ok("Callable", &[int.clone(), Value::Default]),
            "Callable[Integer, 0]"
        );
    }

    #[test]
    fn enum_rules() {
        assert_eq!(
            ok("Enum", &[s("b"), s("a"), true.into()]),
            "Enum['a', 'b', true]"
        );
        let e = create("Enum", &[true.into()]).unwrap_err();
        assert_eq!(
            e.message,
            "Invalid number of type parameters specified: Enum requires 1 or more, 0 provided"
        );
        let e = create("Enum", &[s("a"), 1.into()]).unwrap_err();
        assert_eq!(e.message, "Enum parameters must be identifiers or strings");
    }

    #[test]
    fn resource_names_normalised_as_the_factory_does() {
        for (name, expected) in [
            ("file", Some("File")),
            ("File", Some("File")),
            ("foo::bar", Some("Foo::Bar")),
            ("fOO::bAR", Some("Foo::Bar")),
            ("::foo", Some("::Foo")),
            ("a::b::", Some("A::B")),
            ("Foo::bar", None),
            ("foo::", None),
            ("a:::b", None),
            ("é::x", None),
            ("x::1", None),
            ("_x::y", None),
            ("::", None),
            ("", None),
        ] {
            for title in [None, Some("t")] {
                let t = tf::resource(Some(name), title);
                let got = t.as_ref().ok().map(|t| match t.kind() {
                    TypeKind::Resource { type_name, .. } => {
                        type_name.as_deref().unwrap_or_default()
                    }
                    _ => panic!("{t}"),
                });
                assert_eq!(got, expected, "{name}");
            }
        }
    }

    #[test]
    fn resource_shorthand() {
        assert_eq!(ok("File", &[s("x")]), "File['x']");
        assert_eq!(ok("Resource", &[s("foo::bar")]), "Foo::Bar");
        assert_eq!(ok("Foo::Bar", &[]), "Foo::Bar");
    }
}
