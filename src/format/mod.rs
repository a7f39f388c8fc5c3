//! String conversion of values (`String.new`): the format specification
//! `%[flags][width][.precision]letter`, the letters of every value type, the
//! container layouts and format maps, giving the reference's text.
//!
//! Entry point: [`string`]. Output is written into one buffer; nested values
//! append to it directly.

pub mod container;
pub mod dtoa;
pub mod float;
pub mod integer;
pub mod map;
pub mod rich;
pub mod scalar;
pub mod spec;
pub mod string;
pub mod typing;

use crate::error::{Error, Result};
use crate::types::Type;
use crate::values::Value;
pub use map::{Fmt, Rules};
pub use spec::Spec;
use std::sync::Arc;

/// How to format: the defaults, one format string, or a format map.
#[derive(Clone, Debug)]
pub enum Format {
    /// The default formats (`:default`).
    Default,
    /// A format string such as `"%#x"`, for the value given.
    Text(String),
    /// A map from types to formats.
    Map(FormatMap),
}

/// A format map as given: types (or type strings) to formats or container formats.
#[derive(Clone, Debug, Default)]
pub struct FormatMap(pub Vec<(MapKey, FormatEntry)>);

/// A key of a format map.
#[derive(Clone, Debug)]
pub enum MapKey {
    /// A type.
    Type(Type),
    /// A type written as source text (parsed by the type parser).
    Text(String),
}

/// The format for one type in a format map.
#[derive(Clone, Debug)]
pub enum FormatEntry {
    /// A format string.
    Text(String),
    /// A container format.
    Container(ContainerFormat),
}

/// A container format: the format string and the container options.
#[derive(Clone, Debug, Default)]
pub struct ContainerFormat {
    /// The format string (`format`).
    pub format: Option<String>,
    /// `separator`: between entries.
    pub separator: Option<String>,
    /// `separator2`: between a hash key and its value.
    pub separator2: Option<String>,
    /// `string_formats`: formats for the values inside.
    pub string_formats: Option<FormatMap>,
}

impl FormatMap {
    /// The format map a Puppet hash gives (`String($v, {Integer => '%x',
    /// Array => {format => '%(a', separator => ';', string_formats => {...}}})`):
    /// type keys, format strings or container formats as values.
    pub fn from_value(map: &crate::values::ValueMap) -> Result<FormatMap> {
        let mut entries = Vec::with_capacity(map.len());
        for (k, v) in map {
            let Value::Type(t) = k else {
                return Err(Error::format(format!(
                    "expects types as keys, got {}",
                    crate::types::calc::infer_generic(k)
                )));
            };
            let entry = match v {
                Value::String(f) => FormatEntry::Text(f.to_string()),
                Value::Hash(h) => FormatEntry::Container(ContainerFormat::from_value(h)?),
                other => {
                    return Err(Error::format(format!(
                        "expects a format String or a Hash of container options for {t}, got {}",
                        crate::types::calc::infer_generic(other)
                    )))
                }
            };
            entries.push((MapKey::Type(t.clone()), entry));
        }
        Ok(FormatMap(entries))
    }
}

impl ContainerFormat {
    /// The container options of a Puppet hash (`format`, `separator`,
    /// `separator2`, `string_formats`).
    fn from_value(map: &crate::values::ValueMap) -> Result<ContainerFormat> {
        let mut c = ContainerFormat::default();
        for (k, v) in map {
            let name = match k.as_str() {
                Some(s) => format!("'{s}'"),
                None => crate::types::calc::infer_generic(k).to_string(),
            };
            let text = || match v {
                Value::String(s) => Ok(s.to_string()),
                other => Err(Error::format(format!(
                    "expects a String for container format option {name}, got {}",
                    crate::types::calc::infer_generic(other)
                ))),
            };
            match k.as_str() {
                Some("format") => c.format = Some(text()?),
                Some("separator") => c.separator = Some(text()?),
                Some("separator2") => c.separator2 = Some(text()?),
                Some("string_formats") => match v {
                    Value::Hash(h) => c.string_formats = Some(FormatMap::from_value(h)?),
                    other => {
                        return Err(Error::format(format!(
                            "expects a Hash of type => format for container format option 'string_formats', got {}",
                            crate::types::calc::infer_generic(other)
                        )))
                    }
                },
                _ => {
                    return Err(Error::format(format!(
                        "has an unknown container format option {name} (expected format, separator, separator2 or string_formats)"
                    )))
                }
            }
        }
        Ok(c)
    }
}

/// Convert `value` to text under `format`, as `String.new(value, format)` does.
pub fn string(value: &Value, format: &Format) -> Result<String> {
    let mut buf = String::new();
    write(&mut buf, value, format)?;
    Ok(buf)
}

/// Append the conversion of `value` under `format` to `buf`.
pub fn write(buf: &mut String, value: &Value, format: &Format) -> Result<()> {
    write_with(buf, value, format, &|_| None)
}

/// The text a host gives a type value in place of the type's own (a Ruby
/// class, which is the type of its instances, shows as its name).
pub type TypeTexts<'a> = &'a dyn Fn(&Type) -> Option<Arc<str>>;

/// [`string`], with the host's texts of some type values.
pub fn string_with(value: &Value, format: &Format, type_texts: TypeTexts) -> Result<String> {
    let mut buf = String::new();
    write_with(&mut buf, value, format, type_texts)?;
    Ok(buf)
}

/// [`write`], with the host's texts of some type values.
pub fn write_with(
    buf: &mut String,
    value: &Value,
    format: &Format,
    type_texts: TypeTexts,
) -> Result<()> {
    let rules = match format {
        Format::Default => Rules::Top,
        Format::Text(text) => rules_for_text(value, text)?,
        Format::Map(map) => typing::rules_from_map(map)?,
    };
    let mut c = Converter {
        buf,
        depth: 0,
        type_texts,
    };
    c.value(value, &rules, Indent::TOP)
}

/// The rules for a format string given for `value`.
fn rules_for_text(value: &Value, text: &str) -> Result<Rules> {
    let fmt = Fmt::parse(text)?;
    let d = map::defaults();
    Ok(match value {
        Value::Array(_) => Rules::Given(map::Given::Array, Arc::new(d.array.merged(&fmt))),
        Value::Hash(_) => Rules::Given(map::Given::Hash, Arc::new(d.hash.merged(&fmt))),
        _ => Rules::Single(Arc::new(fmt)),
    })
}

/// The maximum nesting of containers formatted (the reference formats
/// about 1,300 levels before its stack runs out); the formatter grows its
/// stack as it goes ([`crate::stack::deep`]).
pub const MAX_DEPTH: usize = 2_000;

/// Where a container is being written relative to its enclosing containers.
#[derive(Clone, Copy, Debug)]
pub struct Indent {
    /// Nesting level.
    pub level: usize,
    /// True for the first element position (no line break before it).
    pub first: bool,
    /// True when nested containers are placed on their own indented lines.
    pub indenting: bool,
}

impl Indent {
    /// The top level.
    pub const TOP: Indent = Indent {
        level: 0,
        first: true,
        indenting: false,
    };

    fn indenting(self, on: bool) -> Indent {
        Indent {
            indenting: on,
            ..self
        }
    }

    fn breaks(self) -> bool {
        self.indenting && self.level > 0 && !self.first
    }
}

/// The error for a format letter a value's type does not accept.
pub(crate) fn illegal(type_name: &str, spec: &Spec, accepted: &str) -> Error {
    Error::format(format!(
        "Illegal format '{}' specified for value of {} type - expected one of the characters '{}'",
        spec.letter_char(),
        type_name,
        accepted
    ))
}

/// The conversion state: the output buffer and the nesting depth.
pub struct Converter<'a> {
    buf: &'a mut String,
    depth: usize,
    type_texts: TypeTexts<'a>,
}

impl Converter<'_> {
    /// Append `v` formatted by the rules.
    fn value(&mut self, v: &Value, rules: &Rules, ind: Indent) -> Result<()> {
        // (the formatter reads its own values only, and holds no lock)
        if crate::stop::tick_stop() {
            return Err(Error::interrupted());
        }
        let f = rules.lookup(v);
        match v {
            Value::Array(items) => self.enter(|c| c.array(items, f, rules, ind)),
            Value::Hash(map) => self.enter(|c| c.hash(map, f, rules, ind)),
            _ => self.scalar(v, f, ind),
        }
    }

    fn enter(&mut self, body: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        if self.depth >= MAX_DEPTH {
            return Err(Error::format(format!(
                "values nested more than {MAX_DEPTH} levels deep cannot be formatted"
            )));
        }
        self.depth += 1;
        let r = crate::stack::deep(|| body(self));
        self.depth -= 1;
        r
    }

    /// Render `v` into a separate buffer `out` (used where lengths must be known first).
    fn nested(&mut self, out: &mut String, v: &Value, rules: &Rules, ind: Indent) -> Result<()> {
        let mut c = Converter {
            buf: out,
            depth: self.depth,
            type_texts: self.type_texts,
        };
        c.value(v, rules, ind)
    }
}

#[cfg(test)]
mod tests {
    use crate::stop::{self, test_check};
    use crate::values::Value;

    #[test]
    fn formatting_stops_with_an_error_once_the_host_stops_the_walk() {
        let big = Value::array((0..1 << 18).map(Value::Integer).collect());
        let before = stop::count();
        let r = stop::within_call(before, || {
            test_check::stop_next(1);
            super::string(&big, &super::Format::Default)
        });
        test_check::stop_next(0);
        assert!(r.is_err(), "formatted to the end");
        assert!(stop::take(before).is_some());
    }
}
