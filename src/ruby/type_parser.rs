//! `PuppetTypes::TypeParser`: type strings to `PuppetTypes::Type`s through
//! [`crate::types::parse`]. The Ruby facade (`lib/puppet_types/type_parser.rb`)
//! takes the keyword arguments and calls `__parse(source, aliases, type_references, cache)`.
//!
//! A syntax error is a `PuppetTypes::ParseError` with `line` and `column`; an
//! illegal parameter a `PuppetTypes::TypeError`.

use super::alias_registry::RbAliasRegistry;
use super::errors::{self, guard};
use super::type_object::RbType;
use crate::types::parse::{TypeParser, UnknownNames};
use magnus::{function, prelude::*, Error, RModule, Ruby, TryConvert, Value};

fn parse(
    ruby: &Ruby,
    source: Value,
    aliases: Value,
    type_references: bool,
    cache: bool,
) -> Result<Value, Error> {
    guard(ruby, || {
        let source = super::convert::source_string(ruby, source)?;
        let registry = if aliases.is_nil() {
            None
        } else {
            Some(<&RbAliasRegistry>::try_convert(aliases).map_err(|_| {
                errors::argument(
                    ruby,
                    format!(
                        "aliases: expects a PuppetTypes::AliasRegistry, got {}",
                        super::type_factory::describe(aliases)
                    ),
                )
            })?)
        };
        // SAFETY: the slice is used only during this call, in which no Ruby code runs.
        let text = unsafe { source.test_as_str() };
        let owned;
        let text = match text {
            Some(t) => t,
            None => {
                owned = super::convert::rstring_to_str(ruby, source)?;
                &owned
            }
        };
        let mut parser = TypeParser::new().cached(cache);
        if let Some(r) = registry {
            parser = parser.with_aliases(&r.0);
        }
        if type_references {
            parser = parser.unknown_names(UnknownNames::TypeReference);
        }
        parser = parser.cached(cache);
        match parser.parse(text) {
            Ok(t) => Ok(RbType::wrap(ruby, t)),
            Err(e) => Err(errors::located(ruby, e, Some(text), None)),
        }
    })
}

/// Define `PuppetTypes::TypeParser.__parse`.
pub fn init(_ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let m = module.define_module("TypeParser")?;
    m.define_module_function("__parse", function!(parse, 4))?;
    Ok(())
}
