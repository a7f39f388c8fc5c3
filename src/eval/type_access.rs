//! The access operator on a type, `Type[keys]`, as the language evaluates it
//! (which differs from reading the same text as a type string):
//!
//! - most types flatten nested Arrays of keys first (`Enum[$names]`,
//!   `Integer[[1, 2]]`, `Pattern[[/a/, 'b']]`); Struct, Callable and Init do not;
//! - each type checks the count and kinds of its keys and words its own
//!   message, blamed on the key's expression ("Integer-Type [] requires all
//!   arguments to be integers (or default). Got String", "Error creating type
//!   specialization of an Enum-Type, Cannot use Integer where String is
//!   expected", "A Regexp-Type[] accepts 1 argument. Got 2");
//! - `Resource[File, 'a', 'b']`, `File[['a', 'b']]` and `Class['a', 'b']` give
//!   an Array of types, undef titles are dropped, and a class name is
//!   downcased;
//! - the keys that pass are built by `types::construct`, whose errors are
//!   "Error while evaluating a '[]' expression, ..." here.

use super::interp::err;
use super::ops::{self, a_an};
use crate::error::{Error, Result};
use crate::syntax::span::Span;
use crate::types::construct::parameters::create;
use crate::types::{factory as tf, Type, TypeKind};
use crate::values::Value;

/// One access expression being evaluated: where it and its keys are written.
pub(crate) struct Access<'a> {
    /// The type the keys are applied to.
    pub base: &'a Type,
    /// Where each key expression is written (empty when unknown).
    pub spans: &'a [Span],
    /// Where the whole access expression is written.
    pub span: Span,
    /// Set when resource titles or class names were all undef or empty
    /// (the reference warns "Arguments to Resource[] are all empty/undefined").
    pub all_empty: std::cell::Cell<bool>,
}

impl Access<'_> {
    /// `base[keys]` for a built-in type named `name`, or a resource type.
    pub(crate) fn apply(&self, name: &str, keys: Vec<Value>) -> Result<Value> {
        match self.base.kind() {
            TypeKind::Resource {
                type_name,
                title: None,
            } => return self.resource(type_name.as_deref(), keys),
            TypeKind::Class(None) => return self.classes(keys),
            _ => {}
        }
        let keys = match name {
            "Struct" | "Callable" | "Init" => keys,
            _ => flatten(keys),
        };
        if name == "URI" && matches!(keys.as_slice(), [Value::Hash(h)] if h.is_empty()) {
            // (an empty Hash of parts is the unparameterized URI)
            return Ok(Value::Type(tf::uri(None)));
        }
        let keys = match name {
            "Integer" | "Float" => self.bounds(name, keys)?,
            "String" => self.string(keys)?,
            "Collection" => self.collection(keys)?,
            "Array" => self.array(keys)?,
            "Hash" => self.hash(keys)?,
            "Regexp" => self.regexp(keys)?,
            "Boolean" => self.kinds(keys, 1, Some(1), &[Kind::Boolean])?,
            "Enum" => self.enumeration(keys)?,
            "Pattern" => self.kinds(
                keys,
                1,
                None,
                &[
                    Kind::String,
                    Kind::Regexp,
                    Kind::PatternType,
                    Kind::RegexpType,
                ],
            )?,
            "Variant" => self.kinds(keys, 1, None, &[Kind::Type])?,
            "SemVer" => self.kinds(keys, 1, None, &[Kind::String, Kind::SemVerRange])?,
            "Runtime" => self.kinds(keys, 2, Some(2), &[Kind::String])?,
            "Tuple" => self.tuple(keys)?,
            "Struct" => self.kinds(keys, 1, Some(1), &[Kind::Hash])?,
            "Callable" => self.callable(keys)?,
            "Timespan" | "Timestamp" => self.at_most(keys, 2)?,
            "Optional" | "NotUndef" | "Sensitive" | "Type" | "Iterable" | "Iterator" | "URI" => {
                self.one_type(name, keys)?
            }
            "Object" | "TypeSet" => self.exactly_one(name, keys)?,
            "Init" => {
                if let Some(k) = keys.first().filter(|k| !matches!(k, Value::Type(_))) {
                    return Err(self.at_key(
                        0,
                        format!("Init-Type[] arguments must be types. Got {}", class_name(k)),
                    ));
                }
                keys
            }
            _ => {
                return Err(err(
                    format!(
                        "Operator '[]' is not applicable to {}.",
                        a_an(&label(self.base), false)
                    ),
                    self.span,
                ))
            }
        };
        create(name, &keys)
            .map(Value::Type)
            .map_err(|e| self.building(e))
    }

    /// An error of building the type, as the reference words it here.
    fn building(&self, e: Error) -> Error {
        let message = format!("Error while evaluating a '[]' expression, {}", e.message);
        err(message, self.span)
    }

    /// An error blamed on the `i`th key expression as written (none when
    /// there is no such expression, as for keys flattened out of one).
    fn at_key(&self, i: usize, message: String) -> Error {
        match self.spans.get(i) {
            Some(span) => err(message, *span),
            None => Error::evaluation(message),
        }
    }

    /// "A Regexp-Type[] accepts 1 argument. Got 2", blamed on the whole.
    fn arity(&self, min: usize, max: Option<usize>, actual: usize) -> Error {
        err(
            arity_message(&a_an(&label(self.base), true), min, max, actual),
            self.span,
        )
    }

    /// "Error creating type specialization of a Pattern-Type, Cannot use ...".
    fn specialization(&self, i: usize, message: String) -> Error {
        let base = a_an(&label(self.base), false);
        self.at_key(
            i,
            format!("Error creating type specialization of {base}, {message}"),
        )
    }

    /// Between `min` and `max` keys, each of one of `kinds`.
    fn kinds(
        &self,
        keys: Vec<Value>,
        min: usize,
        max: Option<usize>,
        kinds: &[Kind],
    ) -> Result<Vec<Value>> {
        if keys.len() < min || max.is_some_and(|m| keys.len() > m) {
            // (the count in the message is always from 1)
            return Err(self.arity(1, max, keys.len()));
        }
        if let Some((i, k)) = keys
            .iter()
            .enumerate()
            .find(|(_, k)| !kinds.iter().any(|c| c.holds(k)))
        {
            let expected = kinds
                .iter()
                .map(|c| c.label())
                .collect::<Vec<_>>()
                .join(" or ");
            // (a Runtime takes two Strings, and says so twice)
            let expected = if min == 2 {
                format!("{expected} or {expected}")
            } else {
                expected
            };
            return Err(self.specialization(
                i,
                format!(
                    "Cannot use {} where {expected} is expected",
                    key_type_name(k)
                ),
            ));
        }
        Ok(keys)
    }

    fn regexp(&self, keys: Vec<Value>) -> Result<Vec<Value>> {
        if keys.len() != 1 {
            let message = arity_message(&a_an(&label(self.base), true), 1, Some(1), keys.len());
            return Err(if keys.is_empty() {
                err(message, self.span)
            } else {
                self.at_key(1, message)
            });
        }
        self.kinds(keys, 1, Some(1), &[Kind::String, Kind::Regexp])
    }

    fn enumeration(&self, mut keys: Vec<Value>) -> Result<Vec<Value>> {
        let flag = match keys.last() {
            Some(Value::Boolean(b)) => Some(*b),
            _ => None,
        };
        if flag.is_some() {
            keys.pop();
        }
        let mut keys = self.kinds(keys, 1, None, &[Kind::String])?;
        keys.extend(flag.map(Value::Boolean));
        Ok(keys)
    }

    fn tuple(&self, mut keys: Vec<Value>) -> Result<Vec<Value>> {
        let n = keys.len();
        let size = if n >= 2 && is_bound(&keys[n - 2]) && is_bound(&keys[n - 1]) {
            keys.split_off(n - 2)
        } else if n >= 1 && is_bound(&keys[n - 1]) {
            keys.split_off(n - 1)
        } else {
            Vec::new()
        };
        if let [Value::Integer(from), Value::Integer(to)] = size.as_slice() {
            tf::size_range(Some(*from), Some(*to)).map_err(|e| self.building(e))?;
        }
        let mut keys = self.kinds(keys, 1, None, &[Kind::Type])?;
        keys.extend(size);
        Ok(keys)
    }

    fn callable(&self, keys: Vec<Value>) -> Result<Vec<Value>> {
        if let Some(Value::Array(_)) = keys.first() {
            if keys.len() != 2 {
                return Err(self.arity(2, Some(2), keys.len()));
            }
            if !matches!(keys[1], Value::Type(_)) {
                return Err(self.specialization(
                    1,
                    format!(
                        "Cannot use {} where Any-Type is expected",
                        key_type_name(&keys[1])
                    ),
                ));
            }
        }
        Ok(keys)
    }

    fn at_most(&self, keys: Vec<Value>, max: usize) -> Result<Vec<Value>> {
        if keys.len() > max {
            return Err(self.arity(0, Some(max), keys.len()));
        }
        Ok(keys)
    }

    fn exactly_one(&self, name: &str, keys: Vec<Value>) -> Result<Vec<Value>> {
        if keys.len() != 1 {
            return Err(self.arity_named(name, 1, 1, keys.len()));
        }
        Ok(keys)
    }

    /// The types of one type key (`Optional[T]`, `Type[T]`, ...): `Optional`
    /// and `NotUndef` also take a String (its exact type), `NotUndef` none,
    /// `URI` a URI's text or its parts.
    fn one_type(&self, name: &str, keys: Vec<Value>) -> Result<Vec<Value>> {
        let min = usize::from(name != "NotUndef");
        if keys.len() < min || keys.len() > 1 {
            return Err(self.arity_named(name, min, 1, keys.len()));
        }
        let Some(k) = keys.first() else {
            return Ok(keys);
        };
        let fits = match (name, k) {
            (_, Value::Type(_)) => name != "URI",
            ("Optional" | "NotUndef", Value::String(_)) => true,
            ("URI", Value::String(_) | Value::Uri(_)) => true,
            ("URI", Value::Hash(h)) => h.iter().all(|(k, v)| uri_part(k, v)),
            _ => false,
        };
        if fits {
            return Ok(keys);
        }
        let message = if name == "NotUndef" {
            format!(
                "NotUndef-Type[] argument must be a Type or a String. Got {}",
                class_name(k)
            )
        } else {
            format!(
                "{name}-Type[] arguments must be types. Got {}",
                class_name(k)
            )
        };
        Err(self.at_key(0, message))
    }

    fn bounds(&self, name: &str, keys: Vec<Value>) -> Result<Vec<Value>> {
        if !(1..=2).contains(&keys.len()) {
            let message = format!(
                "{name}-Type supports [] with one or two arguments (from, to). Got {}",
                keys.len()
            );
            return Err(err(message, self.span));
        }
        for (i, k) in keys.iter().enumerate() {
            let fits = match k {
                Value::Integer(_) | Value::Default => true,
                Value::Float(_) => name == "Float",
                _ => false,
            };
            if !fits {
                let what = if name == "Float" {
                    "floats, or integers"
                } else {
                    "integers"
                };
                let message = format!(
                    "{name}-Type [] requires all arguments to be {what} (or default). Got {}",
                    class_name(k)
                );
                return Err(self.at_key(i, message));
            }
        }
        Ok(keys)
    }

    /// A size given as an Integer type or as one or two Integer (or
    /// default) bounds, the first of which is key `start`.
    fn size(&self, start: usize, bounds: &[Value]) -> Result<()> {
        if let [Value::Type(t)] = bounds {
            if matches!(t.kind(), TypeKind::Integer(_)) {
                return Ok(());
            }
        }
        match bounds.iter().position(|k| !matches!(k, Value::Integer(_) | Value::Default)) {
            None => Ok(()),
            Some(i) => Err(self.at_key(
                start + i,
                format!(
                    "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
                    a_an(&class_name(&bounds[i]), false)
                ),
            )),
        }
    }

    fn string(&self, keys: Vec<Value>) -> Result<Vec<Value>> {
        if !(1..=2).contains(&keys.len()) {
            return Err(err(
                format!(
                    "String supports [] with one or two arguments. Got {}",
                    keys.len()
                ),
                self.span,
            ));
        }
        self.size(0, &keys)?;
        Ok(keys)
    }

    fn collection(&self, keys: Vec<Value>) -> Result<Vec<Value>> {
        if !(1..=2).contains(&keys.len()) {
            return Err(self.arity_named("Collection", 1, 2, keys.len()));
        }
        self.size(0, &keys)?;
        Ok(keys)
    }

    /// "Array-Type[] accepts 1 to 3 arguments. Got 4" (no article).
    fn arity_named(&self, name: &str, min: usize, max: usize, actual: usize) -> Error {
        err(
            arity_message(&format!("{name}-Type"), min, Some(max), actual),
            self.span,
        )
    }

    fn array(&self, mut keys: Vec<Value>) -> Result<Vec<Value>> {
        let typed = matches!(keys.first(), Some(Value::Type(_)));
        match keys.len() {
            1 | 3 if !typed => Err(self.at_key(
                0,
                format!(
                    "Array-Type[] arguments must be types. Got {}",
                    class_name(&keys[0])
                ),
            )),
            1 => Ok(keys),
            2 | 3 if typed => {
                self.size(1, &keys[1..])?;
                Ok(keys)
            }
            2 => {
                self.size(0, &keys)?;
                keys.insert(0, Value::Type(tf::any()));
                Ok(keys)
            }
            n => Err(self.arity_named("Array", 1, 3, n)),
        }
    }

    fn hash(&self, mut keys: Vec<Value>) -> Result<Vec<Value>> {
        if let [Value::Integer(_), Value::Integer(_)] = keys.as_slice() {
            keys.splice(0..0, [Value::Type(tf::any()), Value::Type(tf::any())]);
            return Ok(keys);
        }
        if let Some((i, k)) = keys
            .iter()
            .take(2)
            .enumerate()
            .find(|(_, k)| !matches!(k, Value::Type(_)))
        {
            return Err(self.at_key(
                i,
                format!("Hash-Type[] arguments must be types. Got {}", class_name(k)),
            ));
        }
        match keys.len() {
            2 | 3 => Ok(keys),
            4 => {
                self.size(2, &keys[2..])?;
                Ok(keys)
            }
            n => Err(self.arity_named("Hash", 2, 4, n)),
        }
    }

    /// `Resource[name, titles...]` (`type_name` none) or `Name[titles...]`.
    fn resource(&self, type_name: Option<&str>, mut keys: Vec<Value>) -> Result<Value> {
        let name: String = match type_name {
            Some(n) => n.to_string(),
            None => match &keys.remove(0) {
                Value::String(s) => s.to_string(),
                Value::Type(t) => match t.kind() {
                    // (`Resource[File['x']]` is that resource type itself)
                    TypeKind::Resource { .. } if keys.is_empty() => {
                        return Ok(Value::Type(t.clone()))
                    }
                    TypeKind::Resource { type_name, .. } => {
                        type_name.as_deref().unwrap_or_default().to_string()
                    }
                    _ => return Err(self.at_key(0, first_resource_key(&Value::Type(t.clone())))),
                },
                other => return Err(self.at_key(0, first_resource_key(other))),
            },
        };
        let name = tf::resource_type_name(&name).map_err(|name| {
            let message = format!("Illegal type reference. The given name '{name}' does not conform to the naming rule");
            self.at_key(0, message)
        })?;
        let titles = Titles::of(keys);
        if titles.given == 0 {
            return Ok(Value::Type(tf::resource(Some(&name), None)?));
        }
        if titles.items.is_empty() {
            self.all_empty.set(true);
            return Ok(titles.answer(Vec::new()));
        }
        let mut types = Vec::with_capacity(titles.items.len());
        for (i, t) in titles.items.iter().enumerate() {
            let Value::String(title) = t else {
                // (blamed on the key after the type name, or on this key
                // when flattening changed nothing: the reference's choice)
                let key = if titles.given != titles.items.len() {
                    i + 1
                } else {
                    i
                };
                let message = format!(
                    "Cannot use {} where a resource title String is expected",
                    key_type_name(t)
                );
                return Err(self.specialization(key, message));
            };
            types.push(Value::Type(tf::resource(Some(&name), Some(title))?));
        }
        Ok(titles.answer(types))
    }

    /// `Class[names...]`: a class type per name, downcased, a leading `::` dropped.
    fn classes(&self, keys: Vec<Value>) -> Result<Value> {
        let names = Titles::of(keys);
        if names.items.is_empty() {
            self.all_empty.set(true);
            return Ok(names.answer(Vec::new()));
        }
        let mut types = Vec::with_capacity(names.items.len());
        for (i, n) in names.items.iter().enumerate() {
            let Value::String(s) = n else {
                let message = format!(
                    "Illegal Class name in class reference. {} cannot be used where a String is expected",
                    a_an(&ops::type_label(n), true)
                );
                return Err(self.at_key(i, message));
            };
            let mut lower = String::with_capacity(s.len());
            crate::values::ruby_case::downcase(s, &mut lower);
            // (one leading `::` dropped; what is left is a NAME, which may
            // have one of its own)
            let name = lower.strip_prefix("::").unwrap_or(&lower);
            if !crate::syntax::lexer::is_name(name) {
                let message = format!(
                    "Illegal name. The given name '{s}' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/"
                );
                return Err(self.at_key(i, message));
            }
            // (the factory drops that one leading `::` itself)
            types.push(Value::Type(tf::host_class(Some(&lower))));
        }
        Ok(names.answer(types))
    }
}

/// The titles of a resource access, or the names of a class access: the
/// keys flattened, undef dropped.
struct Titles {
    items: Vec<Value>,
    /// The answer is an Array: several keys, or an Array key.
    many: bool,
    /// How many keys there were before flattening.
    given: usize,
}

impl Titles {
    fn of(keys: Vec<Value>) -> Titles {
        let many = keys.len() > 1 || matches!(keys.first(), Some(Value::Array(_)));
        let given = keys.len();
        let items = flatten(keys)
            .into_iter()
            .filter(|k| !matches!(k, Value::Undef))
            .collect();
        Titles { items, many, given }
    }

    /// The types made of the titles: an Array of them, or the one type
    /// (undef when there is none).
    fn answer(&self, mut types: Vec<Value>) -> Value {
        if self.many {
            Value::array(types)
        } else {
            types.pop().unwrap_or(Value::Undef)
        }
    }
}

/// What a key may be, for [`Access::kinds`].
#[derive(Clone, Copy)]
enum Kind {
    String,
    Regexp,
    Boolean,
    Hash,
    Type,
    PatternType,
    RegexpType,
    SemVerRange,
}

impl Kind {
    fn holds(self, v: &Value) -> bool {
        match (self, v) {
            (Kind::String, Value::String(_))
            | (Kind::Regexp, Value::Regexp(_))
            | (Kind::Boolean, Value::Boolean(_))
            | (Kind::Hash, Value::Hash(_))
            | (Kind::Type, Value::Type(_))
            | (Kind::SemVerRange, Value::SemVerRange(_)) => true,
            (Kind::PatternType, Value::Type(t)) => matches!(t.kind(), TypeKind::Pattern(_)),
            (Kind::RegexpType, Value::Type(t)) => matches!(t.kind(), TypeKind::Regexp(_)),
            _ => false,
        }
    }

    /// How the reference's messages name what was expected.
    fn label(self) -> &'static str {
        match self {
            Kind::String => "String",
            Kind::Regexp => "Regexp",
            // (the reference names Ruby's classes here: docs/divergences.md)
            Kind::Boolean => "Boolean",
            Kind::Hash => "Hash",
            Kind::Type => "Any-Type",
            Kind::PatternType => "Pattern-Type",
            Kind::RegexpType => "Regexp-Type",
            Kind::SemVerRange => "SemVerRange",
        }
    }
}

/// Nested Arrays of keys flattened into one list.
fn flatten(keys: Vec<Value>) -> Vec<Value> {
    if !keys.iter().any(|k| matches!(k, Value::Array(_))) {
        return keys;
    }
    let mut out = Vec::with_capacity(keys.len());
    fn push(out: &mut Vec<Value>, v: &Value) {
        match v {
            Value::Array(items) => crate::stack::deep(|| items.iter().for_each(|i| push(out, i))),
            v => out.push(v.clone()),
        }
    }
    keys.iter().for_each(|k| push(&mut out, k));
    out
}

/// A Tuple's size bound: an Integer or default.
fn is_bound(v: &Value) -> bool {
    matches!(v, Value::Integer(_) | Value::Default)
}

/// An entry of a URI's parts (`URI[{scheme => 'http', port => 8080}]`,
/// `URI[scheme => Enum[http, https]]`), each optional.
fn uri_part(k: &Value, v: &Value) -> bool {
    let text = matches!(v, Value::String(_) | Value::Undef | Value::Type(_));
    match k.as_str() {
        Some("port") => matches!(v, Value::Integer(_) | Value::Undef | Value::Type(_)),
        Some("scheme" | "userinfo" | "host" | "path" | "query" | "fragment" | "opaque") => text,
        _ => false,
    }
}

/// "{label}[] accepts 1 argument. Got 2", "... 0 to 2 arguments ...", "... 1 or more arguments ...".
fn arity_message(label: &str, min: usize, max: Option<usize>, actual: usize) -> String {
    match max {
        None => format!("{label}[] accepts {min} or more arguments. Got {actual}"),
        Some(max) if max != min => {
            format!("{label}[] accepts {min} to {max} arguments. Got {actual}")
        }
        Some(_) => {
            let s = if min == 1 { "" } else { "s" };
            format!("{label}[] accepts {min} argument{s}. Got {actual}")
        }
    }
}

/// "First argument to Resource[] must be a resource type or a String. Got Integer."
fn first_resource_key(v: &Value) -> String {
    format!(
        "First argument to Resource[] must be a resource type or a String. Got {}.",
        key_type_name(v)
    )
}

/// The label of a type in messages: `Enum-Type`, `MyAlias = Integer-Type`.
fn label(t: &Type) -> String {
    format!("{}-Type", crate::types::calc::type_to_s(t))
}

/// A key's type as the messages name it: `Undef`, `Default`, else its
/// generalized inferred type (`Integer`, `Array[Integer]`, `Type[Integer]`).
fn key_type_name(v: &Value) -> String {
    match v {
        Value::Undef => "Undef".into(),
        Value::Default => "Default".into(),
        v => crate::types::calc::generalize(&crate::types::calc::infer(v)).to_string(),
    }
}

/// A key's kind where the reference names its Ruby class: the same for the
/// classes that are Puppet's names too, else the key's type name (for
/// `TrueClass`, `NilClass`, `Puppet::Pops::Types::POptionalType`).
fn class_name(v: &Value) -> String {
    match ops::ruby_class(v) {
        c @ ("Integer" | "Float" | "String" | "Regexp" | "Array" | "Hash") => c.to_string(),
        _ => match v {
            Value::Type(t) => format!("{}-Type", base_type(t)),
            v => key_type_name(v),
        },
    }
}

/// The unparameterized type of `t`'s kind (`String` for `String[1]`).
fn base_type(t: &Type) -> String {
    let text = t.to_string();
    text.split('[').next().unwrap_or("").to_string()
}
