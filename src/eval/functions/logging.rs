//! The logging functions (`notice`, `warning`, ...: the arguments as
//! interpolation shows them, joined by spaces), `fail`, the control
//! functions `return`, `break` and `next`, and the functions this evaluator
//! does not have what they need for.

use super::Args;
use crate::error::Error;
use crate::eval::flow::{EResult, Flow};
use crate::eval::interp::Interp;
use crate::eval::text::interpolate;
use crate::eval::Level;
use crate::values::Value;

fn log(interp: &mut Interp, args: &Args, level: Level) -> EResult<Value> {
    let message = args
        .values
        .iter()
        .map(interpolate)
        .collect::<Vec<_>>()
        .join(" ");
    interp.log(level, message);
    Ok(Value::Undef)
}

pub(super) fn debug(i: &mut Interp, a: &mut Args) -> EResult<Value> {
    log(i, a, Level::Debug)
}
pub(super) fn info(i: &mut Interp, a: &mut Args) -> EResult<Value> {
    log(i, a, Level::Info)
}
pub(super) fn notice(i: &mut Interp, a: &mut Args) -> EResult<Value> {
    log(i, a, Level::Notice)
}
pub(super) fn warning(i: &mut Interp, a: &mut Args) -> EResult<Value> {
    log(i, a, Level::Warning)
}
pub(super) fn err(i: &mut Interp, a: &mut Args) -> EResult<Value> {
    log(i, a, Level::Err)
}
pub(super) fn alert(i: &mut Interp, a: &mut Args) -> EResult<Value> {
    log(i, a, Level::Alert)
}
pub(super) fn emerg(i: &mut Interp, a: &mut Args) -> EResult<Value> {
    log(i, a, Level::Emerg)
}
pub(super) fn crit(i: &mut Interp, a: &mut Args) -> EResult<Value> {
    log(i, a, Level::Crit)
}

/// `fail(args...)`: an evaluation error with the arguments as the message.
pub(super) fn fail(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    let message = a
        .values
        .iter()
        .map(interpolate)
        .collect::<Vec<_>>()
        .join(" ");
    Err(Error::evaluation(message).into())
}

pub(super) fn return_(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    Err(Flow::Return(Box::new(a.get(0).clone()), a.span))
}

pub(super) fn next(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    Err(Flow::Next(Box::new(a.get(0).clone()), a.span))
}

pub(super) fn break_(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    Err(Flow::Break(a.span))
}

/// A function that declares or queries catalog content.
pub(super) fn catalog(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    Err(crate::eval::interp::err(
        format!(
            "The function '{}' needs a catalog and is not supported by this evaluator",
            a.name
        ),
        a.span,
    )
    .into())
}

/// A function that needs hiera, files, templates, facts or settings.
pub(super) fn unsupported(_: &mut Interp, a: &mut Args) -> EResult<Value> {
    let needs = match a.name {
        "hiera" | "hiera_array" | "hiera_hash" | "hiera_include" | "lookup"
        | "eyaml_lookup_key" | "hocon_data" | "json_data" | "yaml_data" => "hiera data",
        "annotate" => "annotated Object types",
        "template" | "inline_template" => "ERB templates (Ruby)",
        "generate" => "to run commands",
        "digest" => "the digest_algorithm setting",
        "import" => "a feature Puppet removed",
        _ => "a library the reference lacks",
    };
    Err(crate::eval::interp::err(
        format!(
            "The function '{}' needs {needs} and is not supported by this evaluator",
            a.name
        ),
        a.span,
    )
    .into())
}
