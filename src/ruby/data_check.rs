//! `PuppetTypes::DataCheck`: hiera data checked against class parameter
//! types ([`crate::check::data`]). `lib/puppet_types/data_check.rb` gives it
//! its keyword constructor; files are read and checked with the GVL
//! released, on all cores.

use super::convert;
use super::diagnostic;
use super::environment::RbEnvironment;
use super::errors::{self, guard};
use crate::check::data::{DataCheck, Plan};
use magnus::{function, method, prelude::*, Error, RArray, RModule, RString, Ruby, Value};
use std::path::PathBuf;
use std::sync::Arc;

/// The Ruby object of a checker.
#[magnus::wrap(class = "PuppetTypes::DataCheck", free_immediately, size)]
pub struct RbDataCheck(Arc<DataCheck>);

impl Drop for RbDataCheck {
    /// A checker's classes (and the environment, when it holds the last
    /// reference) are freed on another thread, as an environment's are
    /// ([`super::environment::RbEnvironment`]): neither a garbage
    /// collection nor the end of the process waits for them.
    fn drop(&mut self) {
        static EMPTY: std::sync::OnceLock<Arc<DataCheck>> = std::sync::OnceLock::new();
        let empty = EMPTY
            .get_or_init(|| Arc::new(DataCheck::new(super::environment::empty())))
            .clone();
        let check = std::mem::replace(&mut self.0, empty);
        // (a thread of its own, not a pool's: see env::parallel; if none can
        // be started the closure, and the checker with it, drops here)
        let _ = std::thread::Builder::new().spawn(move || drop(check));
    }
}

fn new(ruby: &Ruby, env: Value, strict: bool, jobs: Option<usize>) -> Result<RbDataCheck, Error> {
    guard(ruby, || {
        if jobs == Some(0) {
            return Err(errors::argument(ruby, "jobs must be at least 1"));
        }
        let env = <&RbEnvironment>::try_convert(env).map_err(|_| {
            errors::argument(ruby, "DataCheck.new needs a PuppetTypes::Environment")
        })?;
        Ok(RbDataCheck(Arc::new(
            DataCheck::new(env.0.clone()).strict(strict).jobs(jobs),
        )))
    })
}

fn path_arg(ruby: &Ruby, v: Value) -> Result<PathBuf, Error> {
    let s = match RString::from_value(v) {
        Some(s) => s,
        None => RString::try_convert(v.funcall::<_, _, Value>("to_path", ()).map_err(|_| {
            errors::argument(ruby, "a path must be a String or respond to to_path")
        })?)?,
    };
    Ok(PathBuf::from(convert::rstring_to_str(ruby, s)?.as_ref()))
}

fn paths_arg(ruby: &Ruby, v: RArray) -> Result<Vec<PathBuf>, Error> {
    v.into_iter().map(|p| path_arg(ruby, p)).collect()
}

fn check_file(ruby: &Ruby, rb_self: &RbDataCheck, path: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let path = path_arg(ruby, path)?;
        let check = rb_self.0.clone();
        // (the check loads module files into caches it keeps: cut between files only)
        let Some(found) = super::gvl::without_gvl(super::gvl::Cut::BetweenUnits, move || {
            check.check_file(&path)
        }) else {
            // (interrupted: the guard delivers the interruption)
            return Ok(ruby.qnil().as_value());
        };
        diagnostic::array(ruby, found)
    })
}

fn plan_arg(
    ruby: &Ruby,
    hiera_config: Value,
    module_data: bool,
    files: RArray,
) -> Result<Plan, Error> {
    Ok(Plan {
        hiera_config: if hiera_config.is_nil() {
            None
        } else {
            Some(path_arg(ruby, hiera_config)?)
        },
        module_data,
        files: paths_arg(ruby, files)?,
    })
}

/// `__run_plan(hiera_config, module_data, files)`: `[files checked,
/// diagnostics]` of a plan (the CLI shows both; `check_files` and
/// `check_hiera` return the diagnostics).
fn run_plan(
    ruby: &Ruby,
    rb_self: &RbDataCheck,
    hiera_config: Value,
    module_data: bool,
    files: RArray,
) -> Result<Value, Error> {
    guard(ruby, || {
        let plan = plan_arg(ruby, hiera_config, module_data, files)?;
        let check = rb_self.0.clone();
        let Some(run) =
            super::gvl::without_gvl(super::gvl::Cut::BetweenUnits, move || check.run_plan(&plan))
        else {
            // (interrupted: the guard delivers the interruption)
            return Ok(ruby.qnil().as_value());
        };
        let files = ruby.ary_new_capa(run.files.len());
        for f in &run.files {
            files.push(ruby.str_new(f))?;
        }
        let pair = ruby.ary_new_capa(2);
        pair.push(files)?;
        pair.push(diagnostic::array(ruby, run.diagnostics)?)?;
        Ok(pair.as_value())
    })
}

fn check_hash(
    ruby: &Ruby,
    rb_self: &RbDataCheck,
    hash: Value,
    path: Value,
) -> Result<Value, Error> {
    guard(ruby, || {
        let data = convert::to_value(ruby, hash)?;
        let path = if path.is_nil() {
            None
        } else {
            Some(Arc::from(path_arg(ruby, path)?.to_string_lossy().as_ref()))
        };
        diagnostic::array(ruby, rb_self.0.check_value(&data, path))
    })
}

fn check_parameters(
    ruby: &Ruby,
    rb_self: &RbDataCheck,
    class: Value,
    params: Value,
    complete: bool,
) -> Result<Value, Error> {
    guard(ruby, || {
        let class = match RString::from_value(class) {
            Some(s) => convert::rstring_to_str(ruby, s)?.to_string(),
            None => match magnus::Symbol::from_value(class) {
                Some(sym) => convert::symbol_name(ruby, sym)?.to_string(),
                None => return Err(errors::argument(ruby, "a class name must be a String")),
            },
        };
        let params = convert::to_value(ruby, params)?;
        diagnostic::array(ruby, rb_self.0.check_parameters(&class, &params, complete))
    })
}

/// `__load_yaml(text)`: the value hiera loads from a YAML text (for specs
/// comparing the loader with Psych), or `[:error, message]`.
fn load_yaml(ruby: &Ruby, text: RString) -> Result<Value, Error> {
    guard(ruby, || {
        let text = convert::rstring_to_str(ruby, text)?;
        let doc =
            crate::check::data::document::parse(&text, crate::check::data::document::Dialect::Yaml);
        match (doc.fatal, doc.root) {
            (Some(p), _) => {
                let a = ruby.ary_new();
                a.push(ruby.to_symbol("error"))?;
                a.push(p.message)?;
                Ok(a.as_value())
            }
            (None, Some(root)) => loaded_to_ruby(ruby, &root.value, 0),
            (None, None) => Ok(ruby.qnil().as_value()),
        }
    })
}

/// A loaded value as Ruby data, with `:__symbol__` for a Symbol and
/// `:__bignum__` for an integer beyond 64 bits (which the value does not spell).
fn loaded_to_ruby(ruby: &Ruby, v: &crate::values::Value, depth: usize) -> Result<Value, Error> {
    use crate::values::Value as V;
    if depth > 600 {
        return Err(errors::argument(ruby, "nested too deep"));
    }
    Ok(match v {
        V::Runtime(r) if &*r.class_name == "Symbol" => ruby.to_symbol("__symbol__").as_value(),
        V::Runtime(_) => ruby.to_symbol("__bignum__").as_value(),
        V::Array(items) => {
            let a = ruby.ary_new_capa(items.len());
            for x in items.iter() {
                a.push(loaded_to_ruby(ruby, x, depth + 1)?)?;
            }
            a.as_value()
        }
        V::Hash(h) => {
            let out = ruby.hash_new();
            for (k, x) in h.iter() {
                out.aset(
                    loaded_to_ruby(ruby, k, depth + 1)?,
                    loaded_to_ruby(ruby, x, depth + 1)?,
                )?;
            }
            out.as_value()
        }
        other => convert::to_ruby(ruby, other)?,
    })
}

/// Define `PuppetTypes::DataCheck`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let class = module.define_class("DataCheck", ruby.class_object())?;
    class.undef_default_alloc_func();
    class.define_singleton_method("__new", function!(new, 3))?;
    class.define_singleton_method("__load_yaml", function!(load_yaml, 1))?;
    class.define_method("check_file", method!(check_file, 1))?;
    class.define_method("__run_plan", method!(run_plan, 3))?;
    class.define_method("__check_hash", method!(check_hash, 2))?;
    class.define_method("__check_parameters", method!(check_parameters, 3))?;
    Ok(())
}
