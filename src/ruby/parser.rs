//! `PuppetTypes::Parser` and `PuppetTypes::AST`: `Parser.new.parse(source,
//! path = nil)` and `#parse_epp` parse and validate as the reference's
//! `EvaluatingParser#parse_string` does and give an AST; `AST#to_pn` is the
//! text of `puppet parser dump --format pn` and `#to_pn_data` the structure
//! of its `to_data`. `#parse_with_recovery(source, path = nil)` returns the
//! tree and every error found (as ParseError objects) instead of raising.
//!
//! The AST holds the parsed program in Rust; nothing is converted to Ruby
//! objects until asked for.

use super::convert;
use super::errors::{self, guard};
use super::{diagnostic, gvl};
use crate::check::{self, SourceKind};
use crate::syntax::ast::Program;
use crate::syntax::{parser, pn};
use magnus::{function, method, prelude::*, Error, RModule, RString, Ruby, Value};
use std::sync::Arc;

/// A parsed program.
#[magnus::wrap(class = "PuppetTypes::AST", free_immediately, frozen_shareable, size)]
pub struct RbAst {
    pub(crate) program: Arc<Program>,
    pub(crate) path: Option<String>,
}

/// The parser. It holds no state; `new` exists for the reference's shape
/// (and `allocate`, `dup` and `clone` give parsers as good).
#[derive(Default)]
#[magnus::wrap(
    class = "PuppetTypes::Parser",
    free_immediately,
    frozen_shareable,
    size
)]
pub struct RbParser;

fn path_arg(ruby: &Ruby, args: &[Value], i: usize) -> Result<Option<String>, Error> {
    match args.get(i) {
        None => Ok(None),
        Some(v) if v.is_nil() => Ok(None),
        Some(v) => match RString::from_value(*v) {
            Some(s) => Ok(Some(convert::rstring_to_str(ruby, s)?.to_string())),
            None => Err(errors::argument(ruby, "path must be a String or nil")),
        },
    }
}

fn source_arg(ruby: &Ruby, name: &str, args: &[Value]) -> Result<Arc<str>, Error> {
    if args.is_empty() || args.len() > 2 {
        return Err(Error::new(
            super::errors::class_for(ruby, crate::error::ErrorKind::Argument),
            format!(
                "wrong number of arguments to Parser#{name} (given {}, expected 1..2)",
                args.len()
            ),
        ));
    }
    let path = path_arg(ruby, args, 1)?;
    convert::rstring_to_str(
        ruby,
        convert::source_string_at(ruby, args[0], path.as_deref())?,
    )
}

fn wrap(ruby: &Ruby, program: Program, path: Option<String>) -> Value {
    let obj = ruby.obj_wrap(RbAst {
        program: Arc::new(program),
        path,
    });
    obj.freeze();
    obj.as_value()
}

fn parse_impl(ruby: &Ruby, args: &[Value], epp: bool, validate: bool) -> Result<Value, Error> {
    guard(ruby, || {
        let name = match (epp, validate) {
            (_, false) => "parse_syntax",
            (true, true) => "parse_epp",
            (false, true) => "parse",
        };
        let source = source_arg(ruby, name, args)?;
        let path = path_arg(ruby, args, 1)?;
        // (the source is a copy: Ruby may run while the parser works)
        let result = super::interrupts::with_call_outs(|| match (epp, validate) {
            (_, false) => parser::parse_syntax(&source, epp),
            (true, true) => parser::parse_epp(&source),
            (false, true) => parser::parse(&source),
        });
        match result {
            Ok(program) => Ok(wrap(ruby, program, path)),
            Err(e) => Err(errors::located(ruby, e, Some(&source), path.as_deref())),
        }
    })
}

fn parse(ruby: &Ruby, _rb_self: &RbParser, args: &[Value]) -> Result<Value, Error> {
    parse_impl(ruby, args, false, true)
}

fn parse_epp(ruby: &Ruby, _rb_self: &RbParser, args: &[Value]) -> Result<Value, Error> {
    parse_impl(ruby, args, true, true)
}

/// `parse_syntax(source, path = nil)`: the tree of a manifest without the
/// validator's checks (only syntax errors raise), as `puppet parser dump
/// --no-validate` parses.
fn parse_syntax(ruby: &Ruby, _rb_self: &RbParser, args: &[Value]) -> Result<Value, Error> {
    parse_impl(ruby, args, false, false)
}

/// `__parse_epp_syntax(source, path = nil)`: [`parse_syntax`] of an EPP template.
fn parse_epp_syntax(ruby: &Ruby, _rb_self: &RbParser, args: &[Value]) -> Result<Value, Error> {
    parse_impl(ruby, args, true, false)
}

/// `[ast, [ParseError, ...]]`: the tree with erroneous parts skipped, and every error.
fn parse_with_recovery(ruby: &Ruby, _rb_self: &RbParser, args: &[Value]) -> Result<Value, Error> {
    guard(ruby, || {
        let source = source_arg(ruby, "parse_with_recovery", args)?;
        let path = path_arg(ruby, args, 1)?;
        let (program, errs) =
            super::interrupts::with_call_outs(|| parser::parse_with_recovery(&source));
        let list = ruby.ary_new_capa(errs.len());
        let index = crate::syntax::span::LineIndex::new(&source);
        for e in errs {
            let exc = errors::located_in(ruby, e, Some((&source, &index)), path.as_deref());
            if !errors::is_gem_error(ruby, &exc) {
                // (making it raised: an interrupt Ruby delivered meanwhile)
                return Err(exc);
            }
            list.push(exc.value().unwrap_or_else(|| ruby.qnil().as_value()))?;
        }
        let pair = ruby.ary_new_from_values(&[wrap(ruby, program, path), list.as_value()]);
        Ok(pair.as_value())
    })
}

/// `__validate(source, path, epp)`: every diagnostic of a source text.
fn validate(
    ruby: &Ruby,
    _rb_self: &RbParser,
    source: Value,
    path: Option<String>,
    epp: bool,
) -> Result<Value, Error> {
    guard(ruby, || {
        let source = convert::rstring_to_str(ruby, convert::source_string(ruby, source)?)?;
        let path: Option<Arc<str>> = path.as_deref().map(Arc::from);
        let kind = if epp {
            SourceKind::Epp
        } else {
            SourceKind::Manifest
        };
        let Some(ds) = gvl::without_gvl(gvl::Cut::Anywhere, || {
            check::validate_source(&source, path, kind)
        }) else {
            // (interrupted: the guard delivers the interruption)
            return Ok(ruby.qnil().as_value());
        };
        diagnostic::array(ruby, ds)
    })
}

/// `__validate_file(path)`: every diagnostic of a file (one saying why, when it cannot be read).
fn validate_file(ruby: &Ruby, _rb_self: &RbParser, path: String) -> Result<Value, Error> {
    guard(ruby, || {
        let p = path.clone();
        let Some(ds) = gvl::without_gvl(gvl::Cut::Anywhere, move || {
            check::files::validate_file(std::path::Path::new(&p), Arc::from(p.as_str()))
        }) else {
            // (interrupted: the guard delivers the interruption)
            return Ok(ruby.qnil().as_value());
        };
        diagnostic::array(ruby, ds)
    })
}

fn new_parser() -> RbParser {
    RbParser
}

fn to_pn(ruby: &Ruby, rb_self: &RbAst) -> Result<String, Error> {
    guard(ruby, || Ok(pn::program_to_pn_string(&rb_self.program)))
}

/// `__pn_pretty`: the PN over several lines (`puppet parser dump --format pn --pretty`).
fn pn_pretty(ruby: &Ruby, rb_self: &RbAst) -> Result<String, Error> {
    guard(ruby, || Ok(pn::program_to_pn_pretty(&rb_self.program)))
}

/// `__old_dump`: the deprecated tree dump (`puppet parser dump --format old`).
fn old_dump(ruby: &Ruby, rb_self: &RbAst) -> Result<String, Error> {
    guard(ruby, || {
        Ok(crate::syntax::tree_dump::program_to_old_dump(
            &rb_self.program,
        ))
    })
}

fn to_pn_data(ruby: &Ruby, rb_self: &RbAst) -> Result<Value, Error> {
    guard(ruby, || {
        convert::to_ruby(ruby, &pn::program_to_pn_data(&rb_self.program))
    })
}

fn source(rb_self: &RbAst) -> String {
    rb_self.program.source.to_string()
}

fn path(rb_self: &RbAst) -> Option<String> {
    rb_self.path.clone()
}

fn inspect(rb_self: &RbAst) -> String {
    match &rb_self.path {
        Some(p) => format!(
            "#<PuppetTypes::AST {p} ({} bytes)>",
            rb_self.program.source.len()
        ),
        None => format!(
            "#<PuppetTypes::AST ({} bytes)>",
            rb_self.program.source.len()
        ),
    }
}

/// Define `PuppetTypes::Parser` and `PuppetTypes::AST`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let parser_class = module.define_class("Parser", ruby.class_object())?;
    parser_class.define_alloc_func::<RbParser>();
    parser_class.define_singleton_method("new", function!(new_parser, 0))?;
    // (#parse and #parse_epp, with `validate:`, are defined in lib/puppet_types/parser.rb)
    parser_class.define_method("__parse", method!(parse, -1))?;
    parser_class.define_method("__parse_epp", method!(parse_epp, -1))?;
    parser_class.define_method("parse_syntax", method!(parse_syntax, -1))?;
    parser_class.define_method("__parse_epp_syntax", method!(parse_epp_syntax, -1))?;
    parser_class.define_method("parse_with_recovery", method!(parse_with_recovery, -1))?;
    parser_class.define_method("__validate", method!(validate, 3))?;
    parser_class.define_method("__validate_file", method!(validate_file, 1))?;

    let ast = module.define_class("AST", ruby.class_object())?;
    ast.undef_default_alloc_func();
    ast.define_method("to_pn", method!(to_pn, 0))?;
    ast.define_method("to_pn_data", method!(to_pn_data, 0))?;
    ast.define_method("__pn_pretty", method!(pn_pretty, 0))?;
    ast.define_method("__old_dump", method!(old_dump, 0))?;
    ast.define_method("source", method!(source, 0))?;
    ast.define_method("path", method!(path, 0))?;
    ast.define_method("inspect", method!(inspect, 0))?;
    Ok(())
}
