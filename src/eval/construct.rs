//! `new`: a call of a type as a constructor (`Integer('0x10')`,
//! `Optional[Integer]('3')`, `Tuple[Integer, String]([1, 'a'])`,
//! `Sensitive[String]('x')`, `Type('Integer[1]')`). As in the reference, a
//! single argument that already is an instance is returned as it is;
//! otherwise the type's new function converts the arguments (wrappers such
//! as `Optional`, `NotUndef`, aliases, `Tuple` and `Struct` use their
//! content's or collection's function) and the result must be an instance
//! of the type asked for.

use super::convert::{new_array, new_boolean, new_float, new_hash, new_integer, new_numeric};
use super::interp::Interp;
use super::MAX_ITERATIONS;
use crate::error::{Error, Result};
use crate::types::calc::{describe_mismatch, instance_of, tuple_parts};
use crate::types::{Type, TypeKind};
use crate::values::Value;

/// `t.new(args)`: the converted value, checked against `t`.
pub(crate) fn new_instance(interp: &Interp, t: &Type, args: &[Value]) -> Result<Value> {
    if let TypeKind::Init(inner, init_args) = t.kind() {
        return match inner {
            Some(inner) => new_init(interp, t, inner, init_args, args),
            None => Err(not_supported(t)),
        };
    }
    if let [v] = args {
        if instance_of(t, v) {
            return Ok(v.clone());
        }
    }
    let v = convert(interp, t, args)?;
    // (what the new function of an unparameterised type makes is one of its values)
    if !is_plain(t) && !instance_of(t, &v) {
        return Err(Error::evaluation(wrong_type(
            &format!("Converted value from {t}.new()"),
            t,
            &v,
        )));
    }
    Ok(v)
}

/// True for the unparameterised types whose new function makes only values of the type.
fn is_plain(t: &Type) -> bool {
    use TypeKind as K;
    match t.kind() {
        K::Integer(r) => r.from.is_none() && r.to.is_none(),
        K::Float(None, None) | K::Numeric | K::Boolean(None) | K::Binary | K::SemVerRange => true,
        K::String {
            size: None,
            value: None,
        }
        | K::Regexp(None)
        | K::Uri(None) => true,
        K::Timespan(None, None) | K::Timestamp(None, None) | K::Sensitive(None) => true,
        K::SemVer(ranges) => ranges.is_empty(),
        _ => false,
    }
}

/// `"<subject> has wrong type, expects ..., got ..."`.
/// Several mismatches are one line each, as the reference's type asserter writes them.
pub(crate) fn wrong_type(subject: &str, t: &Type, v: &Value) -> String {
    let Some(why) = describe_mismatch(t, v, None) else {
        return format!("{subject} has wrong type");
    };
    let parts: Vec<&str> = why.split("\n ").map(str::trim).collect();
    if parts.len() == 1 {
        return format!("{subject} has wrong type, {why}");
    }
    parts
        .iter()
        .map(|p| format!(" {subject} has wrong type, {p}"))
        .collect::<Vec<_>>()
        .join("\n ")
}

/// `Init[inner, init_args...](args)`: one argument, given to the new function
/// of `inner` followed by the init arguments. Without init arguments, an
/// Array that is neither an instance of `inner` nor a fit for a signature
/// taking exactly one argument is spread into the arguments
/// (`Init[Integer](['10', 8])` is `Integer('10', 8)`).
fn new_init(
    interp: &Interp,
    init: &Type,
    inner: &Type,
    init_args: &[Value],
    args: &[Value],
) -> Result<Value> {
    let mut target = inner;
    while let TypeKind::Alias(a) = target.kind() {
        match a.resolved() {
            Some(r) => target = r,
            None => break,
        }
    }
    let key = new_function_key(target.kind())
        .filter(|_| !matches!(target.kind(), TypeKind::Optional(_) | TypeKind::NotUndef(_)));
    let Some(key) = key else {
        return Err(not_supported(inner));
    };
    let [v] = args else {
        return Err(Error::evaluation(format!(
            "'new_Init' expects 1 argument, got {}",
            count_text(args.len())
        )));
    };
    let sigs = super::functions::new_function(key).map_or(&[][..], |(_, s)| s);
    let mut all = Vec::with_capacity(1 + init_args.len());
    if init_args.is_empty() {
        match v {
            Value::Array(items) if !instance_of(inner, v) && !takes_one(sigs, v) => {
                all.extend(items.iter().cloned());
            }
            _ => all.push(v.clone()),
        }
    } else {
        check_init(init)?;
        all.push(v.clone());
        all.extend(init_args.iter().cloned());
    }
    new_instance(interp, inner, &all)
}

/// An `Init` type with init arguments must fit a signature of its type's
/// new function, after the one argument it is called with (checked when it
/// is called, as the reference checks it).
fn check_init(init: &Type) -> Result<()> {
    let TypeKind::Init(Some(inner), init_args) = init.kind() else {
        return Ok(());
    };
    if init_args.is_empty() {
        return Ok(());
    }
    let mut target = inner;
    while let TypeKind::Alias(a) = target.kind() {
        match a.resolved() {
            Some(r) => target = r,
            None => return Ok(()),
        }
    }
    let Some(key) = new_function_key(target.kind()) else {
        return Ok(());
    };
    let Some((_, sigs)) = super::functions::new_function(key) else {
        return Ok(());
    };
    if sigs.is_empty() || sigs.iter().any(|s| takes_init_args(&s.params, init_args)) {
        return Ok(());
    }
    let name = match target.kind() {
        TypeKind::Tuple { .. } => "Tuple",
        TypeKind::Struct(_) => "Struct",
        _ => key,
    };
    Err(Error::evaluation(format!(
        "The type '{init}' does not represent a valid set of parameters for {name}.new()"
    )))
}

/// Whether a signature taking exactly one argument accepts `v`.
fn takes_one(sigs: &[super::functions::Sig], v: &Value) -> bool {
    sigs.iter().any(|s| {
        let (types, range) = tuple_parts(&s.params);
        range == (1, Some(1)) && types.first().is_some_and(|t| instance_of(t, v))
    })
}

/// Whether a signature takes one argument followed by `init_args`.
fn takes_init_args(params: &Type, init_args: &[Value]) -> bool {
    let (types, (min, max)) = tuple_parts(params);
    let n = 1 + init_args.len() as i64;
    if n < min || max.is_some_and(|m| n > m) || types.is_empty() {
        return false;
    }
    init_args
        .iter()
        .enumerate()
        .all(|(i, a)| instance_of(&types[(i + 1).min(types.len() - 1)], a))
}

/// The value the new function of `t` makes of `args`.
fn convert(interp: &Interp, t: &Type, args: &[Value]) -> Result<Value> {
    use TypeKind as K;
    if let Some(key) = new_function_key(t.kind()) {
        if let Some((name, sigs)) = super::functions::new_function(key) {
            if !own_mismatch(key, args) {
                super::functions::check_signatures(name, sigs, args)?;
            }
            // Integer's named arguments that do not fit its NamedArgs are
            // reported against that struct
            if let (K::Integer(_), [h @ Value::Hash(_)]) = (t.kind(), args) {
                let named = sigs.get(1).and_then(|s| match s.params.kind() {
                    K::Tuple {
                        types: Some(ts), ..
                    } => ts.first().cloned(),
                    _ => None,
                });
                if let Some(named) = named {
                    if !instance_of(&named, h) {
                        return Err(Error::evaluation(wrong_type("Integer.new", &named, h)));
                    }
                }
            }
        }
    }
    match t.kind() {
        K::Integer(_) => new_integer(args),
        K::Float(..) => new_float(args),
        K::Numeric => new_numeric(args),
        K::Boolean(_) => new_boolean(args),
        K::String { .. } => super::convert::new_string(args),
        K::Array { .. } | K::Tuple { .. } => new_array(args, MAX_ITERATIONS),
        K::Hash { .. } | K::Struct(_) => new_hash(args),
        K::Regexp(_) => new_regexp(args),
        K::SemVer(_) => rich("SemVer", args),
        K::SemVerRange => rich("SemVerRange", args),
        K::Timespan(..) => rich("Timespan", args),
        K::Timestamp(..) => rich("Timestamp", args),
        K::Binary => rich("Binary", args),
        K::Uri(_) => rich("URI", args),
        K::Deferred => rich("Deferred", args),
        // (a Sensitive given is taken as it is, not wrapped again)
        K::Sensitive(_) => match args {
            [v @ Value::Sensitive(_)] => Ok(v.clone()),
            _ => rich("Sensitive", args),
        },
        K::Optional(Some(inner)) | K::NotUndef(Some(inner)) => convert(interp, inner, args),
        K::Optional(None) | K::NotUndef(None) => match args {
            [v] => Ok(v.clone()),
            _ => Err(Error::evaluation(format!(
                "'new_unit' expects 1 argument, got {}",
                count_text(args.len())
            ))),
        },
        K::Alias(a) => match a.resolved() {
            Some(r) => convert(interp, r, args),
            None => Err(not_supported(t)),
        },
        K::Type(_) => match args {
            [Value::String(s)] if !s.is_empty() => Ok(Value::Type(interp.parse_type(s)?)),
            _ => Err(Error::evaluation(format!(
                "'new_type' parameter 'type_string' expects a String[1] value, got {}",
                crate::types::calc::infer_generic(args.first().unwrap_or(&Value::Undef))
            ))),
        },
        _ => Err(not_supported(t)),
    }
}

/// Whether the new function of `key` words its own error for `args` that
/// fit none of its signatures (the reference's `argument_mismatch`
/// dispatches): the conversion below raises it.
fn own_mismatch(key: &str, args: &[Value]) -> bool {
    let flag = |v: &Value| matches!(v, Value::Boolean(_));
    match key {
        "Integer" => match args {
            [Value::Hash(_)] | [_] => true,
            [_, Value::Integer(_)] => true,
            [_, Value::Integer(_), b] => flag(b),
            _ => false,
        },
        "Float" | "Numeric" | "Array" => match args {
            [_] => true,
            [_, b] => flag(b),
            _ => false,
        },
        "Boolean" => args.len() == 1,
        "SemVer" => matches!(args, [Value::String(_)]),
        _ => false,
    }
}

/// The type whose new function makes values of a type of this kind.
fn new_function_key(kind: &TypeKind) -> Option<&'static str> {
    use TypeKind as K;
    Some(match kind {
        K::Integer(_) => "Integer",
        K::Float(..) => "Float",
        K::Numeric => "Numeric",
        K::Boolean(_) => "Boolean",
        K::String { .. } => "String",
        K::Array { .. } | K::Tuple { .. } => "Array",
        K::Hash { .. } | K::Struct(_) => "Hash",
        K::Regexp(_) => "Regexp",
        K::SemVer(_) => "SemVer",
        K::SemVerRange => "SemVerRange",
        K::Timespan(..) => "Timespan",
        K::Timestamp(..) => "Timestamp",
        K::Binary => "Binary",
        K::Uri(_) => "URI",
        K::Sensitive(_) => "Sensitive",
        K::Type(_) => "Type",
        K::Optional(None) | K::NotUndef(None) => "NotUndef",
        _ => return None,
    })
}

fn count_text(n: usize) -> String {
    if n == 0 {
        "none".to_string()
    } else {
        n.to_string()
    }
}

fn not_supported(t: &Type) -> Error {
    Error::evaluation(format!(
        "Creation of new instance of type '{t}' is not supported"
    ))
}

/// A rich value's constructor.
fn rich(name: &str, args: &[Value]) -> Result<Value> {
    crate::values::new::new_value(name, args).map_err(|e| {
        let message = e.into_message();
        // (the reference names SemVer's new function in this one message)
        if name == "SemVer" && message.starts_with("The string ") {
            Error::evaluation(format!("'new_Version' {message}"))
        } else {
            Error::evaluation(message)
        }
    })
}

/// `Regexp.new(pattern, escape = false)`.
fn new_regexp(args: &[Value]) -> Result<Value> {
    let (pattern, escape) = match args {
        [Value::String(p)] => (p, false),
        [Value::String(p), Value::Boolean(b)] => (p, *b),
        _ => {
            return Err(Error::evaluation(format!(
                "'new_float' expects between 1 and 2 arguments, got {}",
                count_text(args.len())
            )))
        }
    };
    let source = if escape {
        regex_escape(pattern)
    } else {
        pattern.to_string()
    };
    crate::values::Regexp::new(&source)
        .map(Value::Regexp)
        .map_err(|e| Error::evaluation(e.into_message()))
}

/// Ruby's `Regexp.escape`.
pub(crate) fn regex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '/' | '-' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            ' ' => out.push_str("\\ "),
            _ => out.push(c),
        }
    }
    out
}

impl Interp<'_> {
    /// Parse a type string as the reference's `Type.new` does: names resolve
    /// through this evaluation's aliases.
    pub(crate) fn parse_type(&self, s: &str) -> Result<Type> {
        let program = crate::syntax::parser::parse_type_expression(s)?;
        let mut sub = Interp::new(
            self.loader,
            super::scope::Scopes::new(&Default::default()),
            std::sync::Arc::new(super::loader::Source::new(None, s.into())),
        );
        match sub.eval(&program).map(Value::into_type) {
            Ok(Ok(t)) => Ok(t),
            Ok(Err(_)) => Err(Error::evaluation(format!(
                "The expression <{}> is not a valid type specification.",
                s.trim()
            ))),
            Err(f) => Err(f.into_error()),
        }
    }
}
