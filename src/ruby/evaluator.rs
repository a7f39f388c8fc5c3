//! The evaluator's Ruby entry points: `PuppetTypes::Parser#evaluate(source,
//! variables = {})` (the value of the last expression) and
//! `PuppetTypes::Evaluator#evaluate(source, variables: {}, path: nil)` (a
//! `PuppetTypes::Evaluator::Result` with `value` and `log`, the facade in
//! `lib/puppet_types/evaluator.rb` calling `__evaluate` here). `variables`
//! is a Hash of names (String or Symbol, without `$`) to values, converted
//! as everywhere else in the gem. An evaluation error raises
//! `PuppetTypes::EvaluationError` whose message ends with `(file: f, line:
//! l, column: c)` as the reference's do, and whose `path`, `line`, `column`
//! and `log` (what was logged before it) are set.

use super::convert;
use super::errors::{self, guard};
use super::shared_calls::{SharedData, SharedLoader};
use crate::error::ErrorKind;
use crate::eval::{Failure, LogEntry, Options};
use crate::values::Value;
use indexmap::IndexMap;
use magnus::{method, prelude::*, Error, RArray, RHash, RModule, RString, Ruby, Symbol};

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

/// `[[level, message], ...]` with levels as Symbols.
fn log_to_ruby(ruby: &Ruby, log: &[LogEntry]) -> Result<RArray, Error> {
    let out = ruby.ary_new_capa(log.len());
    for e in log {
        let entry = ruby.ary_new_capa(2);
        entry.push(ruby.to_symbol(e.level.name()))?;
        entry.push(ruby.str_new(&e.message))?;
        entry.freeze();
        out.push(entry)?;
    }
    out.freeze();
    Ok(out)
}

/// A failed evaluation as a Ruby exception.
fn failure_to_ruby(ruby: &Ruby, f: Failure) -> Error {
    let Failure {
        error,
        path,
        position,
        log,
    } = f;
    let class = errors::class_for(ruby, error.kind);
    // (a syntax error's message is the reference's, what the parser expected
    // its `hint`, as for `Parser#parse`)
    let (message, hint) = match (position, &path) {
        (None, Some(p)) if !matches!(error.kind, ErrorKind::Internal | ErrorKind::Parse) => {
            (format!("{} (file: {p})", error.message), None)
        }
        _ => errors::located_message(&error, position, path.as_deref()),
    };
    let exc = match class.new_instance((message.as_str(),)) {
        Ok(exc) => exc,
        Err(err) => return err,
    };
    let set = |name: &str, v: magnus::Value| -> Result<(), Error> {
        let _: magnus::Value = exc.funcall("instance_variable_set", (name, v))?;
        Ok(())
    };
    let attrs = (|| -> Result<(), Error> {
        if let Some((line, column)) = position {
            set("@line", ruby.integer_from_i64(line as i64).as_value())?;
            set("@column", ruby.integer_from_i64(column as i64).as_value())?;
        }
        if let Some(p) = &path {
            set("@path", ruby.str_new(p).as_value())?;
        }
        if let Some(h) = hint {
            set("@hint", ruby.str_new(h).as_value())?;
        }
        if error.kind == ErrorKind::Evaluation {
            set("@log", log_to_ruby(ruby, &log)?.as_value())?;
        }
        Ok(())
    })();
    match attrs {
        Ok(()) => Error::from(exc),
        Err(e) => e,
    }
}

fn evaluate(
    ruby: &Ruby,
    _rb_self: magnus::Value,
    args: &[magnus::Value],
) -> Result<magnus::Value, Error> {
    guard(ruby, || {
        if args.is_empty() || args.len() > 2 {
            return Err(Error::new(
                super::errors::class_for(ruby, crate::error::ErrorKind::Argument),
                format!(
                    "wrong number of arguments to Parser#evaluate (given {}, expected 1..2)",
                    args.len()
                ),
            ));
        }
        let source = convert::rstring_to_str(ruby, convert::source_string(ruby, args[0])?)?;
        let options = Options {
            variables: variables_arg(ruby, args.get(1))?,
            ..Options::default()
        };
        // (the source and variables are copies, and no environment's lock
        // is taken: Ruby may run while it evaluates)
        let result = super::interrupts::with_call_outs(|| crate::eval::run(&source, &options));
        match result {
            Ok(o) => convert::to_ruby(ruby, &o.value),
            Err(f) => Err(failure_to_ruby(ruby, f)),
        }
    })
}

/// `Evaluator#__evaluate(source, variables, path, environment, hiera_config)`:
/// `[value, log]`. With an environment or a hiera configuration, `lookup`
/// reads hiera data ([`crate::hiera::Hiera`]; the facts are among the
/// variables, put there by the facade).
fn evaluator_evaluate(
    ruby: &Ruby,
    _rb_self: magnus::Value,
    args: &[magnus::Value],
) -> Result<RArray, Error> {
    guard(ruby, || {
        let [source, variables, path, environment, hiera_config] = args else {
            return Err(errors::argument(ruby, "__evaluate takes 5 arguments"));
        };
        let (source, variables, path, environment, hiera_config) =
            (*source, *variables, *path, *environment, *hiera_config);
        let env: Option<std::sync::Arc<crate::env::Environment>> = if environment.is_nil() {
            None
        } else {
            match <&super::environment::RbEnvironment>::try_convert(environment) {
                Ok(e) => Some(e.0.clone()),
                Err(_) => {
                    return Err(errors::argument(
                        ruby,
                        "environment must be a PuppetTypes::Environment",
                    ))
                }
            }
        };
        let source = convert::rstring_to_str(ruby, convert::source_string(ruby, source)?)?;
        let path = match RString::from_value(path) {
            Some(p) => Some(convert::rstring_to_str(ruby, p)?.to_string()),
            None if path.is_nil() => None,
            None => return Err(errors::argument(ruby, "path must be a String")),
        };
        let hiera_config = match RString::from_value(hiera_config) {
            Some(p) => Some(std::path::PathBuf::from(
                convert::rstring_to_str(ruby, p)?.to_string(),
            )),
            None if hiera_config.is_nil() => None,
            None => return Err(errors::argument(ruby, "hiera_config must be a String")),
        };
        let data = (env.is_some() || hiera_config.is_some())
            .then(|| crate::hiera::Hiera::new(hiera_config.as_deref(), env.clone()));
        let loader = env
            .as_deref()
            .map(|e| SharedLoader(e as &dyn crate::eval::Loader));
        let data = data
            .as_ref()
            .map(|d| SharedData(d as &dyn crate::eval::DataSource));
        let options = Options {
            variables: variables_arg(ruby, Some(&variables))?,
            path: path.as_deref(),
            loader: loader.as_ref().map(|l| l as &dyn crate::eval::Loader),
            data: data.as_ref().map(|d| d as &dyn crate::eval::DataSource),
        };
        // (the source and variables are copies, and the environment and the
        // data are asked with Ruby kept from running: Ruby may run while it
        // evaluates, so that Timeout and Thread#raise reach it)
        let result = super::interrupts::with_call_outs(|| crate::eval::run(&source, &options));
        match result {
            Ok(o) => {
                let out = ruby.ary_new_capa(2);
                out.push(convert::to_ruby(ruby, &o.value)?)?;
                out.push(log_to_ruby(ruby, &o.log)?)?;
                Ok(out)
            }
            Err(f) => Err(failure_to_ruby(ruby, f)),
        }
    })
}

/// Add `evaluate` to `PuppetTypes::Parser` (defined by the parser binding)
/// and `__evaluate` to `PuppetTypes::Evaluator`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let parser_class = module.define_class("Parser", ruby.class_object())?;
    parser_class.define_method("evaluate", method!(evaluate, -1))?;
    let evaluator_class = module.define_class("Evaluator", ruby.class_object())?;
    evaluator_class.define_private_method("__evaluate", method!(evaluator_evaluate, -1))?;
    Ok(())
}
