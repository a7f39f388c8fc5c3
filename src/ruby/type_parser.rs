//! `PuppetTypes::TypeParser`: type strings to `PuppetTypes::Type`s through
//! [`crate::types::parse`]. The Ruby facade (`lib/puppet_types/type_parser.rb`)
//! takes the keyword arguments and passes them on to `__parse(source, aliases, unknown_names, cache)`.
//!
//! A syntax error is a `PuppetTypes::ParseError` with `line` and `column`; an
//! illegal parameter a `PuppetTypes::TypeError`.

use super::alias_registry::RbAliasRegistry;
use super::errors::{self, guard};
use super::type_object::RbType;
use crate::types::parse::{TypeParser, UnknownNames};
use magnus::rb_sys::AsRawValue;
use magnus::{function, prelude::*, Error, RModule, RString, Ruby, Symbol, TryConvert, Value};
use std::sync::{Arc, OnceLock};

/// `:resource` and `:type_reference`, as raw values (static symbols are
/// immediates), to recognise them without asking Ruby for names.
static MODES: OnceLock<(rb_sys::VALUE, rb_sys::VALUE)> = OnceLock::new();

/// What `unknown_names:` asks for: false for `:resource`, true for `:type_reference`.
#[inline]
fn type_references(ruby: &Ruby, unknown_names: Value) -> Result<bool, Error> {
    let raw = unknown_names.as_raw();
    if let Some(&(resource, type_reference)) = MODES.get() {
        if raw == resource {
            return Ok(false);
        }
        if raw == type_reference {
            return Ok(true);
        }
    }
    type_references_by_name(ruby, unknown_names)
}

/// [`type_references`] for the same symbols in another form (compared by
/// name), or the error for any other value.
#[cold]
#[inline(never)]
fn type_references_by_name(ruby: &Ruby, unknown_names: Value) -> Result<bool, Error> {
    if let Some(name) = Symbol::from_value(unknown_names).and_then(|s| s.name().ok()) {
        match &*name {
            "resource" => return Ok(false),
            "type_reference" => return Ok(true),
            _ => {}
        }
    }
    Err(errors::argument(
        ruby,
        format!(
            "unknown_names: expects :resource or :type_reference, got {}",
            unknown_names.inspect()
        ),
    ))
}

/// The registry `aliases:` gives (not nil).
#[cold]
#[inline(never)]
fn registry(ruby: &Ruby, aliases: Value) -> Result<&RbAliasRegistry, Error> {
    <&RbAliasRegistry>::try_convert(aliases).map_err(|_| {
        errors::argument(
            ruby,
            format!(
                "aliases: expects a PuppetTypes::AliasRegistry, got {}",
                super::type_factory::describe(aliases)
            ),
        )
    })
}

/// The text of `source` when it is not valid UTF-8 known to Ruby as such.
#[cold]
#[inline(never)]
fn other_text(ruby: &Ruby, source: RString) -> Result<Arc<str>, Error> {
    // SAFETY: the text is copied at once.
    match unsafe { source.test_as_str() } {
        Some(t) => Ok(Arc::from(t)),
        None => super::convert::rstring_to_str(ruby, source),
    }
}

/// The error of a failed parse of `text`.
#[cold]
#[inline(never)]
fn parse_error(ruby: &Ruby, e: crate::error::Error, text: &str) -> Error {
    errors::located(ruby, e, Some(text), None)
}

fn parse(
    ruby: &Ruby,
    source: Value,
    aliases: Value,
    unknown_names: Value,
    cache: Value,
) -> Result<Value, Error> {
    guard(ruby, || {
        let type_references = type_references(ruby, unknown_names)?;
        let cache = cache.to_bool();
        // (source_string, out of line, only for its error)
        let source = match RString::from_value(source) {
            Some(s) => s,
            None => super::convert::source_string(ruby, source)?,
        };
        let registry = if aliases.is_nil() {
            None
        } else {
            Some(registry(ruby, aliases)?)
        };
        let owned;
        // SAFETY: the slice is used only during this call, in which no Ruby code runs.
        let text = match unsafe { utf8_text(source) } {
            Some(t) => t,
            None => {
                super::convert::source_string(ruby, source.as_value())?;
                owned = other_text(ruby, source)?;
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
        match parser.parse(text) {
            Ok(t) => Ok(RbType::wrap(ruby, t)),
            Err(e) => Err(parse_error(ruby, e, text)),
        }
    })
}

/// The text of a UTF-8 or US-ASCII String whose coderange Ruby knows to be
/// valid, read from its flags as Ruby's inline macros do; `None` for any other
/// String (which `RString::test_as_str` then checks, at about four times the cost).
///
/// # Safety
/// The slice must not outlive the string nor be used after Ruby code has run.
#[inline]
unsafe fn utf8_text<'a>(s: RString) -> Option<&'a str> {
    use rb_sys::ruby_coderange_type::{RUBY_ENC_CODERANGE_7BIT, RUBY_ENC_CODERANGE_VALID};
    use std::sync::OnceLock;
    const CR_7BIT: rb_sys::VALUE = RUBY_ENC_CODERANGE_7BIT as rb_sys::VALUE;
    const CR_VALID: rb_sys::VALUE = RUBY_ENC_CODERANGE_VALID as rb_sys::VALUE;
    const ENC_SHIFT: u32 = rb_sys::ruby_encoding_consts::RUBY_ENCODING_SHIFT as u32;
    const ENC_MAX: rb_sys::VALUE = rb_sys::ruby_encoding_consts::RUBY_ENCODING_INLINE_MAX as _;
    static UTF8: OnceLock<(rb_sys::VALUE, rb_sys::VALUE)> = OnceLock::new();
    // SAFETY: plain reads of Ruby's fixed encoding indexes, on a Ruby thread.
    let (utf8, usascii) = *UTF8.get_or_init(|| unsafe {
        (
            rb_sys::rb_utf8_encindex() as rb_sys::VALUE,
            rb_sys::rb_usascii_encindex() as rb_sys::VALUE,
        )
    });
    let raw = s.as_raw();
    // SAFETY: `raw` is a live T_STRING; reading its flags, pointer and length
    // is what Ruby's inline macros do. An encoding index too big for the flags
    // (ENC_MAX) matches neither index and falls through.
    unsafe {
        let flags = (*(raw as *const rb_sys::RBasic)).flags;
        let enc = (flags >> ENC_SHIFT) & ENC_MAX;
        let cr = flags & (CR_7BIT | CR_VALID);
        if (enc != utf8 && enc != usascii) || (cr != CR_7BIT && cr != CR_VALID) {
            return None;
        }
        let len = rb_sys::RSTRING_LEN(raw) as usize;
        let bytes: &'a [u8] = if len == 0 {
            &[]
        } else {
            std::slice::from_raw_parts(rb_sys::RSTRING_PTR(raw) as *const u8, len)
        };
        Some(std::str::from_utf8_unchecked(bytes))
    }
}

/// `__interpret(node, aliases, unknown_names)`: the type a type expression
/// node of a parsed program (`PuppetTypes::AST::Node`) stands for.
fn interpret(
    ruby: &Ruby,
    node: Value,
    aliases: Value,
    unknown_names: Value,
) -> Result<Value, Error> {
    guard(ruby, || {
        let type_references = type_references(ruby, unknown_names)?;
        let rb_node = <&super::ast_node::RbNode>::try_convert(node).map_err(|_| {
            errors::argument(
                ruby,
                format!(
                    "expected a PuppetTypes::AST::Node, got {}",
                    super::type_factory::describe(node)
                ),
            )
        })?;
        let super::ast_node::Node::Expr(expr) = rb_node.get() else {
            return Err(errors::argument(
                ruby,
                format!(
                    "expected an expression node, got a {}",
                    rb_node.get().model_name()
                ),
            ));
        };
        let registry = if aliases.is_nil() {
            None
        } else {
            Some(registry(ruby, aliases)?)
        };
        let mut parser = TypeParser::new();
        if let Some(r) = registry {
            parser = parser.with_aliases(&r.0);
        }
        if type_references {
            parser = parser.unknown_names(UnknownNames::TypeReference);
        }
        match parser.interpret(&rb_node.program, expr) {
            Ok(t) => Ok(RbType::wrap(ruby, t)),
            Err(e) => Err(errors::located(
                ruby,
                e,
                Some(&rb_node.program.source),
                None,
            )),
        }
    })
}

/// Define `PuppetTypes::TypeParser.__parse` and `__interpret`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let m = module.define_module("TypeParser")?;
    let _ = MODES.set((
        ruby.sym_new("resource").as_raw(),
        ruby.sym_new("type_reference").as_raw(),
    ));
    m.define_module_function("__parse", function!(parse, 4))?;
    m.define_module_function("__interpret", function!(interpret, 3))?;
    Ok(())
}
