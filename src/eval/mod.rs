//! The evaluator of Puppet programs without a catalog: statements,
//! variables and the reference's scoping rules, operators on every value
//! (the rich values too), conditionals, lambdas, Puppet-language functions
//! and type aliases (declared in the program, or found by a [`Loader`] such
//! as an environment), type constructors, and the pure functions of
//! Puppet's core library, answering as Puppet 7 does.
//!
//! [`run`] evaluates a source and gives an [`Outcome`] (the last value and
//! what the logging functions logged) or a [`Failure`] (the error, located
//! in the source that raised it). Constructs that need a catalog
//! (resources, collectors, `include`, node definitions, ...) are errors
//! saying so. Recursion is bounded by [`MAX_DEPTH`] and iteration by
//! [`MAX_ITERATIONS`].

mod access;
mod arith;
mod array_index;
mod calls;
mod construct;
mod control;
mod convert;
mod flow;
mod functions;
mod interp;
mod loader;
mod ops;
mod scope;
mod substring;
mod text;
mod type_access;

#[cfg(test)]
mod tests;

use crate::error::{Error, ErrorKind, Result};
use crate::syntax::ast::Program;
use crate::values::Value;
use indexmap::IndexMap;
use std::sync::Arc;

pub use convert::{to_number, truthy};
pub use loader::{DataSource, Found, FunctionBody, Loader, PuppetFunction, Source};
pub use text::interpolate;

/// How deep evaluation may nest (expressions within expressions, calls):
/// beyond what the reference evaluates (about 1,100 nested arrays, 1,900
/// nested `if`s, 2,000 parentheses or terms of a chain); the evaluator grows
/// its stack ([`crate::stack::deep`]).
pub const MAX_DEPTH: usize = 5_000;

/// The most elements one iteration (`each`, `map`, an Integer range) may
/// visit, and the most elements an array or hash built by `+` or `<<` may have.
pub const MAX_ITERATIONS: usize = 10_000_000;

/// The longest string interpolation may build (bytes): doubling a string a
/// few dozen times would otherwise exhaust memory and abort the process.
pub const MAX_STRING_BYTES: usize = 256 * 1024 * 1024;

/// The level of a log entry (the logging function that made it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Debug,
    Info,
    Notice,
    Warning,
    Err,
    Alert,
    Emerg,
    Crit,
}

impl Level {
    /// The level's name, as the reference names it (`notice`, `err`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Debug => "debug",
            Level::Info => "info",
            Level::Notice => "notice",
            Level::Warning => "warning",
            Level::Err => "err",
            Level::Alert => "alert",
            Level::Emerg => "emerg",
            Level::Crit => "crit",
        }
    }
}

/// One logged message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub level: Level,
    pub message: String,
}

/// What a successful evaluation gives.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The value of the program's last expression.
    pub value: Value,
    /// What was logged, in order.
    pub log: Vec<LogEntry>,
}

/// A failed evaluation: the error and where it was raised.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The error (its span is in the source named by `path`).
    pub error: Error,
    /// The file of the code that raised it (`None` for the program when given without a path).
    pub path: Option<Arc<str>>,
    /// 1-based line and column, when the error has a position.
    pub position: Option<(usize, usize)>,
    /// What was logged before the error.
    pub log: Vec<LogEntry>,
}

/// What an evaluation starts from.
#[derive(Default)]
pub struct Options<'a> {
    /// Top-scope variables (names without `$`).
    pub variables: IndexMap<String, Value>,
    /// The file the source was read from (for messages).
    pub path: Option<&'a str>,
    /// Where functions and type aliases the program does not define are found.
    pub loader: Option<&'a dyn Loader>,
    /// Where `lookup` and the `hiera` functions find data (`None`: they fail saying so).
    pub data: Option<&'a dyn DataSource>,
}

/// Parse and evaluate `source`.
pub fn run(source: &str, options: &Options) -> std::result::Result<Outcome, Failure> {
    let src = Arc::new(Source::new(options.path, Arc::from(source)));
    let program = match crate::syntax::parser::parse_syntax(source, false) {
        Ok(p) => p,
        Err(e) => return Err(failure(e, &src, None, Vec::new())),
    };
    // the validator's findings are logged, as the reference logs them
    let report = crate::syntax::validate::check(&program);
    let mut log: Vec<LogEntry> = Vec::new();
    let entry = |level, e: &Error, src: &Source| {
        let message = match e.span {
            Some(s) => {
                let (l, c) = src.line_col(s.start as usize);
                format!("{} (line: {l}, column: {c})", e.message)
            }
            None => e.message.clone(),
        };
        LogEntry { level, message }
    };
    if !report.errors.is_empty() {
        if report.errors.len() > 1 {
            log.extend(report.errors.iter().map(|e| entry(Level::Err, e, &src)));
        }
        log.extend(
            report
                .warnings
                .iter()
                .map(|e| entry(Level::Warning, e, &src)),
        );
        let e = match crate::syntax::validate::validate(&program) {
            Err(e) => e,
            Ok(()) => report.errors[0].clone(),
        };
        return Err(failure(e, &src, None, log));
    }
    log.extend(
        report
            .warnings
            .iter()
            .map(|e| entry(Level::Warning, e, &src)),
    );
    run_program_logged(&program, src, options, log)
}

/// Evaluate a parsed `program` whose text is `source`.
pub fn run_program(
    program: &Program,
    source: Arc<Source>,
    options: &Options,
) -> std::result::Result<Outcome, Failure> {
    run_program_logged(program, source, options, Vec::new())
}

fn run_program_logged(
    program: &Program,
    source: Arc<Source>,
    options: &Options,
    log: Vec<LogEntry>,
) -> std::result::Result<Outcome, Failure> {
    let loader = match loader::ProgramLoader::new(program, &source, options.loader) {
        Ok(l) => l,
        Err(e) => return Err(failure(e, &source, None, Vec::new())),
    };
    let scopes = scope::Scopes::new(&options.variables);
    let mut it = interp::Interp::new(&loader, scopes, source.clone());
    it.log = log;
    it.data = options.data;
    match it.eval(&program.body) {
        Ok(value) => Ok(Outcome { value, log: it.log }),
        Err(flow) => {
            let e = flow.into_error();
            let located = it.located.take();
            Err(failure(e, &source, located, it.log))
        }
    }
}

fn failure(
    error: Error,
    program: &Arc<Source>,
    located: Option<(Arc<Source>, crate::syntax::span::Span)>,
    log: Vec<LogEntry>,
) -> Failure {
    let (source, span) = match (located, error.span) {
        (Some((s, span)), _) => (s, Some(span)),
        (None, span) => (program.clone(), span),
    };
    let position = span.map(|s| source.line_col(s.start as usize));
    let mut error = error;
    if error.kind != ErrorKind::Parse && error.kind != ErrorKind::Internal {
        error.kind = ErrorKind::Evaluation;
    }
    Failure {
        error,
        path: source.path.clone(),
        position,
        log,
    }
}

/// Evaluate `program` with the given top-level `variables` (names without `$`);
/// the result is the value of the last expression.
pub fn evaluate(program: &Program, variables: &IndexMap<String, Value>) -> Result<Value> {
    let options = Options {
        variables: variables.clone(),
        ..Options::default()
    };
    let source = Arc::new(Source::new(None, program.source.clone()));
    run_program(program, source, &options)
        .map(|o| o.value)
        .map_err(|f| f.error)
}

/// Evaluate one expression `e` of `program`, with no variables set.
pub fn evaluate_expression(program: &Program, e: &crate::syntax::ast::Expr) -> Result<Value> {
    let loader = loader::ProgramLoader::empty();
    let source = Arc::new(Source::new(None, program.source.clone()));
    let scopes = scope::Scopes::new(&IndexMap::new());
    let mut it = interp::Interp::new(&loader, scopes, source);
    it.eval(e).map_err(flow::Flow::into_error)
}

/// Parse and evaluate `source` (a convenience over [`evaluate`]).
pub fn evaluate_str(source: &str, variables: &IndexMap<String, Value>) -> Result<Value> {
    let program = crate::syntax::parser::parse(source)?;
    evaluate(&program, variables)
}

/// The elements iterating `v` yields, or `None` when `v` is not iterable.
pub(crate) fn iterate(v: &Value, limit: usize) -> Option<Result<Vec<Value>>> {
    Some(match v {
        Value::Array(a) => Ok((**a).clone()),
        Value::Hash(h) => Ok(h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect()),
        Value::String(s) => Ok(s.chars().map(|c| Value::string(c.to_string())).collect()),
        Value::Integer(n) if *n < 0 => return None,
        Value::Integer(n) => {
            if *n > limit as i64 {
                Err(Error::evaluation(format!(
                    "Iteration over {n} elements exceeds the limit of {limit}"
                )))
            } else {
                Ok((0..(*n).max(0)).map(Value::Integer).collect())
            }
        }
        Value::Type(t) if crate::types::calc::is_iterable(t) => {
            if let crate::types::TypeKind::Integer(r) = t.kind() {
                if let (Some(a), Some(b)) = (r.from, r.to) {
                    if (b as i128 - a as i128) >= limit as i128 {
                        return Some(Err(Error::evaluation(format!(
                            "Iteration over {t} exceeds the limit of {limit} elements"
                        ))));
                    }
                }
            }
            crate::types::calc::iterate_type(t).map_err(|e| Error::evaluation(e.into_message()))
        }
        _ => return None,
    })
}

/// The values a splat of `v` yields: an array's elements, a hash's pairs,
/// nothing for `undef`, or `v` alone.
pub(crate) fn unfold(v: Value) -> Vec<Value> {
    match v.into_array() {
        Ok(a) => Arc::try_unwrap(a).unwrap_or_else(|a| (*a).clone()),
        Err(Value::Undef) => Vec::new(),
        Err(Value::Hash(ref h)) => h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect(),
        Err(other) => vec![other],
    }
}
