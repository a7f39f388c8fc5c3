//! `PuppetTypes::Parser#evaluate(source, variables = {})`: parse `source`,
//! evaluate it with the core evaluator ([`crate::eval`]) and return the value
//! of its last expression as a Ruby object. `variables` is a Hash of names
//! (String or Symbol, without `$`) to values, converted as everywhere else in
//! the gem. Evaluation errors raise `PuppetTypes::EvaluationError` whose
//! message ends with `(line: l, column: c)` as the reference's do, and whose
//! `line` and `column` attributes are set.

use super::convert;
use super::errors::{self, guard};
use crate::error::{Error as CoreError, ErrorKind};
use crate::values::Value;
use indexmap::IndexMap;
use magnus::{method, prelude::*, Error, RHash, RModule, RString, Ruby, Symbol};

fn variables_arg(
    ruby: &Ruby,
    arg: Option<&magnus::Value>,
) -> Result<IndexMap<String, Value>, Error> {
    let mut vars = IndexMap::new();
    let Some(arg) = arg.filter(|v| !v.is_nil()) else {
        return Ok(vars);
    };
    let Some(hash) = RHash::from_value(*arg) else {
        return Err(errors::argument(ruby, "variables must be a Hash"));
    };
    let mut pairs = Vec::new();
    hash.foreach(|k: magnus::Value, v: magnus::Value| {
        pairs.push((k, v));
        Ok(magnus::r_hash::ForEach::Continue)
    })?;
    for (k, v) in pairs {
        let name = if let Some(s) = RString::from_value(k) {
            convert::rstring_to_str(ruby, s)?.to_string()
        } else if let Some(sym) = Symbol::from_value(k) {
            convert::symbol_name(ruby, sym)?.to_string()
        } else {
            return Err(errors::argument(
                ruby,
                "variable names must be Strings or Symbols",
            ));
        };
        vars.insert(name, convert::to_value(ruby, v)?);
    }
    Ok(vars)
}

/// An evaluation error as a Ruby exception located in `source`.
fn evaluation_error(ruby: &Ruby, e: CoreError, source: &str) -> Error {
    if e.kind == ErrorKind::Parse {
        return errors::located(ruby, e, Some(source), None);
    }
    let position = e.span.map(|span| {
        let index = crate::syntax::span::LineIndex::new(source);
        index.line_col(source, (span.start as usize).min(source.len()))
    });
    let message = match position {
        Some((l, c)) => format!("{} (line: {l}, column: {c})", e.message),
        None => e.message.clone(),
    };
    let class = errors::class_for(ruby, e.kind);
    let exc = match class.new_instance((message.as_str(),)) {
        Ok(exc) => exc,
        Err(err) => return err,
    };
    if let Some((line, column)) = position {
        for (name, v) in [("@line", line), ("@column", column)] {
            let r: Result<magnus::Value, Error> = exc.funcall(
                "instance_variable_set",
                (name, ruby.integer_from_i64(v as i64)),
            );
            if let Err(err) = r {
                return err;
            }
        }
    }
    Error::from(exc)
}

fn evaluate(
    ruby: &Ruby,
    _rb_self: magnus::Value,
    args: &[magnus::Value],
) -> Result<magnus::Value, Error> {
    guard(ruby, || {
        if args.is_empty() || args.len() > 2 {
            return Err(Error::new(
                ruby.exception_arg_error(),
                format!(
                    "wrong number of arguments to Parser#evaluate (given {}, expected 1..2)",
                    args.len()
                ),
            ));
        }
        let source = convert::rstring_to_str(ruby, convert::source_string(ruby, args[0])?)?;
        let vars = variables_arg(ruby, args.get(1))?;
        // (the source and variables are copies: Ruby may run while it evaluates)
        let result =
            super::interrupts::with_call_outs(|| crate::eval::evaluate_str(&source, &vars));
        match result {
            Ok(v) => convert::to_ruby(ruby, &v),
            Err(e) => Err(evaluation_error(ruby, e, &source)),
        }
    })
}

/// Add `evaluate` to `PuppetTypes::Parser` (defined by the parser binding).
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let parser_class = module.define_class("Parser", ruby.class_object())?;
    parser_class.define_method("evaluate", method!(evaluate, -1))?;
    Ok(())
}
