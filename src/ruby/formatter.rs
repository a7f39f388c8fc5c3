//! `PuppetTypes::Formatter.string(value, format = :default)`: `String.new`
//! conversion through [`crate::format`]. `format` is `:default` (or nil), a
//! format String such as `'%#x'`, a parsed format object
//! (`PuppetTypes::Formatter::Format`, or the reference's), or a format map: a
//! Hash from types (or type strings) to format Strings, format objects or
//! container formats (Hashes with `format`, `separator`, `separator2` and
//! `string_formats`).

use super::convert;
use super::errors::{self, guard};
use super::type_object::RbType;
use crate::format::{ContainerFormat, Format, FormatEntry, FormatMap, MapKey};
use crate::values::{RuntimeTexts, Value as PValue};
use magnus::{
    function, prelude::*, r_hash::ForEach, Error, RHash, RModule, RString, Ruby, Symbol, Value,
};

type R<T> = Result<T, Error>;

fn text(ruby: &Ruby, v: Value, what: &str) -> R<String> {
    match RString::from_value(v) {
        Some(s) => Ok(convert::rstring_to_str(ruby, s)?.to_string()),
        None => Err(errors::argument(
            ruby,
            format!(
                "expected a String as {what}, got {}",
                super::type_factory::describe(v)
            ),
        )),
    }
}

fn format_map(ruby: &Ruby, hash: RHash) -> R<FormatMap> {
    let mut entries = Vec::with_capacity(hash.len());
    hash.foreach(|k: Value, v: Value| {
        let key = match RbType::from_value(k) {
            Some(t) => MapKey::Type(crate::Type::clone(&t)),
            // (the reference's own types, as its Format objects hold them, by their text)
            None if RString::from_value(k).is_none() && k.respond_to("assignable?", false)? => {
                MapKey::Text(text(ruby, k.funcall("to_s", ())?, "a format map key")?)
            }
            None => MapKey::Text(text(ruby, k, "a format map key (a type or a type string)")?),
        };
        let entry = match RHash::from_value(v) {
            Some(h) => FormatEntry::Container(container(ruby, h)?),
            None if is_format_object(v)? => format_object(ruby, v)?,
            None => FormatEntry::Text(text(ruby, v, "a format")?),
        };
        entries.push((key, entry));
        Ok(ForEach::Continue)
    })?;
    Ok(FormatMap(entries))
}

/// True for a parsed format object (`PuppetTypes::Formatter::Format`, or the
/// reference's `StringConverter::Format`): one that answers `orig_fmt`.
fn is_format_object(v: Value) -> R<bool> {
    Ok(RString::from_value(v).is_none() && v.respond_to("orig_fmt", false)?)
}

/// A format object as a map entry: its format string, and its container
/// options (`separator`, `separator2`, `container_string_formats`) when set.
fn format_object(ruby: &Ruby, v: Value) -> R<FormatEntry> {
    let format = text(ruby, v.funcall("orig_fmt", ())?, "a format's orig_fmt")?;
    let option = |name: &str| -> R<Option<Value>> {
        if !v.respond_to(name, false)? {
            return Ok(None);
        }
        let x: Value = v.funcall(name, ())?;
        Ok((!x.is_nil()).then_some(x))
    };
    let separator = option("separator")?
        .map(|x| text(ruby, x, "separator"))
        .transpose()?;
    let separator2 = option("separator2")?
        .map(|x| text(ruby, x, "separator2"))
        .transpose()?;
    let string_formats = match option("container_string_formats")? {
        None => None,
        Some(x) => match RHash::from_value(x) {
            Some(h) => Some(format_map(ruby, h)?),
            None => {
                return Err(errors::argument(
                    ruby,
                    "container_string_formats must be a Hash of type => format",
                ))
            }
        },
    };
    if separator.is_none() && separator2.is_none() && string_formats.is_none() {
        return Ok(FormatEntry::Text(format));
    }
    Ok(FormatEntry::Container(ContainerFormat {
        format: Some(format),
        separator,
        separator2,
        string_formats,
    }))
}

fn container(ruby: &Ruby, hash: RHash) -> R<ContainerFormat> {
    let mut c = ContainerFormat::default();
    hash.foreach(|k: Value, v: Value| {
        let name = match Symbol::from_value(k) {
            Some(s) => s.name()?.to_string(),
            None => text(ruby, k, "a container format option")?,
        };
        match name.as_str() {
            "format" => c.format = Some(text(ruby, v, "format")?),
            "separator" => c.separator = Some(text(ruby, v, "separator")?),
            "separator2" => c.separator2 = Some(text(ruby, v, "separator2")?),
            "string_formats" => match RHash::from_value(v) {
                Some(h) => c.string_formats = Some(format_map(ruby, h)?),
                None => return Err(errors::argument(ruby, "string_formats must be a Hash of type => format")),
            },
            other => {
                return Err(errors::to_ruby(
                    ruby,
                    crate::Error::format(format!(
                        "unknown container format option '{other}' (expected format, separator, separator2 or string_formats)"
                    )),
                ))
            }
        }
        Ok(ForEach::Continue)
    })?;
    Ok(c)
}

fn string(ruby: &Ruby, args: &[Value]) -> R<RString> {
    guard(ruby, || {
        if args.is_empty() || args.len() > 2 {
            return Err(Error::new(
                super::errors::class_for(ruby, crate::error::ErrorKind::Argument),
                format!(
                    "wrong number of arguments to Formatter.string (given {}, expected 1..2)",
                    args.len()
                ),
            ));
        }
        let (value, class_texts) = convert::to_value_for_formatting(ruby, args[0])?;
        runtime_texts(ruby, &value)?;
        let format = match args.get(1) {
            None => Format::Default,
            Some(f) if f.is_nil() => Format::Default,
            Some(f)
                if Symbol::from_value(*f)
                    .is_some_and(|s| s.name().is_ok_and(|n| n == "default")) =>
            {
                Format::Default
            }
            Some(f) => match RHash::from_value(*f) {
                Some(h) => Format::Map(format_map(ruby, h)?),
                None if is_format_object(*f)? => match format_object(ruby, *f)? {
                    FormatEntry::Text(t) => Format::Text(t),
                    // (container options apply to the value's kind of container)
                    container => {
                        let kind = match value {
                            PValue::Array(_) => "Array",
                            PValue::Hash(_) => "Hash",
                            _ => "Any",
                        };
                        Format::Map(FormatMap(vec![(MapKey::Text(kind.to_string()), container)]))
                    }
                },
                None => Format::Text(text(ruby, *f, "the format")?),
            },
        };
        let shown = |t: &crate::Type| class_texts.get(&(t.raw().as_ptr() as usize)).cloned();
        // (the value is a copy: Ruby may run at the formatter's steps, so
        // that Timeout reaches it)
        let out = super::runtime_classes::resolving(ruby, || {
            super::interrupts::with_call_outs(|| {
                crate::format::string_with(&value, &format, &shown)
            })
        })?
        .map_err(|e| errors::to_ruby(ruby, e))?;
        Ok(ruby.str_new(&out))
    })
}

/// Give each Ruby object (Runtime value) in `value` its texts, its `to_s`
/// and `inspect`, which `String.new` shows as the reference does. Runs Ruby
/// code: the walk holds only the value's own (GC-marked) references.
fn runtime_texts(ruby: &Ruby, value: &PValue) -> R<()> {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![value];
    while let Some(v) = todo.pop() {
        if crate::stop::tick() {
            // (the walk was stopped: the answer is dropped)
            return Ok(());
        }
        match v {
            PValue::Array(items)
                if seen.insert(std::sync::Arc::as_ptr(items) as *const u8 as usize) =>
            {
                todo.extend(items.iter());
            }
            PValue::Hash(map) if seen.insert(std::sync::Arc::as_ptr(map) as *const u8 as usize) => {
                for (k, v) in map.iter() {
                    todo.push(k);
                    todo.push(v);
                }
            }
            PValue::Runtime(r) if r.texts.get().is_none() => {
                let obj = convert::to_ruby(ruby, v)?;
                // (an object without the method, or whose method fails or gives
                // no String, keeps the gem's `#<Class>`; an interrupt goes on)
                let text = |method: &str| -> R<Option<std::sync::Arc<str>>> {
                    match obj.funcall::<_, _, Value>(method, ()) {
                        Ok(t) => Ok(RString::from_value(t)
                            .and_then(|s| convert::rstring_to_str(ruby, s).ok())),
                        Err(e) if e.is_kind_of(ruby.exception_standard_error()) => Ok(None),
                        Err(e) => Err(e),
                    }
                };
                if let (Some(to_s), Some(inspect)) = (text("to_s")?, text("inspect")?) {
                    let _ = r.texts.set(RuntimeTexts { to_s, inspect });
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Define `PuppetTypes::Formatter`.
pub fn init(_ruby: &Ruby, module: RModule) -> R<()> {
    let m = module.define_module("Formatter")?;
    m.define_module_function("string", function!(string, -1))?;
    Ok(())
}
