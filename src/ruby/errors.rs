//! Ruby exception classes for the crate's errors, and the panic guard that
//! every entry point of the binding runs under.
//!
//! The classes (`PuppetTypes::Error` and its subclasses) are defined in Ruby by
//! `lib/puppet_types/errors.rb`; [`init`] defines them too (idempotently, with the
//! same superclasses) so the extension also works when loaded on its own.
//! A [`crate::Error`] becomes an exception of the class named after its
//! [`ErrorKind`]; when the source text is known, its span becomes `line` and
//! `column` attributes and a `(line: L, column: C)` suffix in the message, as
//! the reference writes positions.

use crate::error::{Error as CoreError, ErrorKind};
use crate::syntax::span::LineIndex;
use magnus::{prelude::*, value::Opaque, Error, ExceptionClass, RModule, Ruby};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

/// The exception class names, in the order of [`class_index`].
const CLASS_NAMES: [&str; 6] = [
    "ParseError",
    "TypeError",
    "ArgumentError",
    "FormatError",
    "EvaluationError",
    "InternalError",
];

fn class_index(kind: ErrorKind) -> usize {
    match kind {
        ErrorKind::Parse => 0,
        ErrorKind::Type => 1,
        ErrorKind::Argument => 2,
        // (answered by `class_for` before it looks here)
        ErrorKind::Conversion => 1,
        ErrorKind::Format => 3,
        ErrorKind::Evaluation => 4,
        ErrorKind::Internal => 5,
    }
}

fn lookup(ruby: &Ruby, name: &str) -> ExceptionClass {
    let module: RModule = ruby
        .class_object()
        .const_get("PuppetTypes")
        .expect("PuppetTypes is defined by init");
    module
        .const_get(name)
        .expect("the error classes are defined by init")
}

/// The classes, looked up once. They are constants of `PuppetTypes`, so the GC keeps them.
static CLASSES: OnceLock<[Opaque<ExceptionClass>; 6]> = OnceLock::new();

/// The errors that derive from Ruby's `ArgumentError` rather than from
/// `PuppetTypes::Error` (which `lib/puppet_types/errors.rb` makes answer as
/// `PuppetTypes::Error`s): the reference raises them as `ArgumentError`s.
const RUBY_ARGUMENT_ERRORS: [&str; 3] = ["TypeError", "ArgumentError", "FormatError"];

/// Define `PuppetTypes::Error < StandardError` and its subclasses (a no-op
/// when `lib/puppet_types/errors.rb` already defined them).
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let base = module.define_error("Error", ruby.exception_standard_error())?;
    for name in CLASS_NAMES {
        if RUBY_ARGUMENT_ERRORS.contains(&name) {
            module.define_error(name, ruby.exception_arg_error())?;
        } else {
            module.define_error(name, base)?;
        }
    }
    let _ = CLASSES.set(CLASS_NAMES.map(|n| Opaque::from(lookup(ruby, n))));
    module.define_error(CONVERSION_ERROR, ruby.exception_type_error())?;
    let _ = CONVERSION.set(Opaque::from(lookup(ruby, CONVERSION_ERROR)));
    Ok(())
}

/// The class of an argument of a Ruby class that a call cannot convert,
/// where the reference lets Ruby's own `TypeError` out ("can't convert
/// Symbol into Float"): it derives from Ruby's `TypeError` and answers as a
/// `PuppetTypes::Error` (`lib/puppet_types/errors.rb`).
const CONVERSION_ERROR: &str = "ConversionError";

static CONVERSION: OnceLock<Opaque<ExceptionClass>> = OnceLock::new();

fn conversion_class(ruby: &Ruby) -> ExceptionClass {
    match CONVERSION.get() {
        Some(c) => ruby.get_inner(*c),
        None => lookup(ruby, CONVERSION_ERROR),
    }
}

/// `PuppetTypes::ConversionError` with `message` (Ruby's wording of a failed
/// conversion: "no implicit conversion of Integer into String").
pub fn conversion(ruby: &Ruby, message: impl Into<String>) -> Error {
    Error::new(conversion_class(ruby), message.into())
}

/// An exception raised by one of Ruby's own conversions (`Kernel#Float`,
/// `Regexp.new`) as the gem's: its `TypeError` becomes a
/// `PuppetTypes::ConversionError` and its `ArgumentError` a
/// `PuppetTypes::ArgumentError`, with Ruby's message. Any other exception
/// (an interrupt) is kept.
pub fn from_ruby_conversion(ruby: &Ruby, e: Error) -> Error {
    let Some(exc) = e.value() else { return e };
    if is_gem_error(ruby, &e) {
        return e;
    }
    let message = || -> String {
        exc.funcall::<_, _, String>("message", ())
            .unwrap_or_default()
    };
    if exc.is_kind_of(ruby.exception_type_error()) {
        conversion(ruby, message())
    } else if exc.is_kind_of(ruby.exception_arg_error()) {
        argument(ruby, message())
    } else {
        e
    }
}

/// The Ruby class for an error kind.
pub fn class_for(ruby: &Ruby, kind: ErrorKind) -> ExceptionClass {
    if kind == ErrorKind::Conversion {
        return conversion_class(ruby);
    }
    match CLASSES.get() {
        Some(classes) => ruby.get_inner(classes[class_index(kind)]),
        None => lookup(ruby, CLASS_NAMES[class_index(kind)]),
    }
}

/// A Ruby exception for `err` with no source text to locate it in.
pub fn to_ruby(ruby: &Ruby, err: CoreError) -> Error {
    located(ruby, err, None, None)
}

/// A Ruby exception for `err`; for a syntax error with a span, when `source`
/// is given, the exception gets `line` and `column` (1-based) and `path`
/// attributes and the message ends with the position, as the reference writes it.
pub fn located(ruby: &Ruby, err: CoreError, source: Option<&str>, path: Option<&str>) -> Error {
    match source {
        Some(src) if err.kind == ErrorKind::Parse && err.span.is_some() => {
            located_in(ruby, err, Some((src, &LineIndex::new(src))), path)
        }
        _ => located_in(ruby, err, None, path),
    }
}

/// [`located`], with the source's line index made once by the caller (for
/// the many errors of one source).
pub fn located_in(
    ruby: &Ruby,
    err: CoreError,
    source: Option<(&str, &LineIndex)>,
    path: Option<&str>,
) -> Error {
    let class = class_for(ruby, err.kind);
    // Only syntax errors carry a position, as in the reference's messages.
    let position = match (source, err.span) {
        (Some((src, index)), Some(span)) if err.kind == ErrorKind::Parse => {
            Some(index.line_col(src, (span.start as usize).min(src.len())))
        }
        _ => None,
    };
    let diagnostic = (err.kind == ErrorKind::Parse).then(|| diagnostic_of(&err, source, path));
    let (message, hint) = located_message(&err, position, path);
    let exc = match class.new_instance((message.as_str(),)) {
        Ok(exc) => exc,
        Err(e) => return e,
    };
    let set = |name: &str, v: magnus::Value| -> Result<(), Error> {
        let _: magnus::Value = exc.funcall("instance_variable_set", (name, v))?;
        Ok(())
    };
    let attrs = (|| -> Result<(), Error> {
        if let Some(d) = diagnostic {
            set("@basic_message", ruby.str_new(&d.message).as_value())?;
            set(
                "@diagnostic",
                super::diagnostic::RbDiagnostic::wrap(ruby, d),
            )?;
        }
        if let Some(h) = hint {
            set("@hint", ruby.str_new(h).as_value())?;
        }
        if let Some((line, column)) = position {
            set("@line", ruby.integer_from_i64(line as i64).as_value())?;
            set("@column", ruby.integer_from_i64(column as i64).as_value())?;
        }
        if let Some(p) = path {
            set("@path", ruby.str_new(p).as_value())?;
        }
        Ok(())
    })();
    match attrs {
        Ok(()) => Error::from(exc),
        Err(e) => e,
    }
}

/// The message of an error at `position` (line, column) of the file `path`
/// as the reference words it, with the hint of a syntax error (what the
/// parser expected), which the message leaves out.
pub(crate) fn located_message<'e>(
    err: &'e CoreError,
    position: Option<(usize, usize)>,
    path: Option<&str>,
) -> (String, Option<&'e str>) {
    let (text, hint) = match err.kind {
        ErrorKind::Parse => (
            crate::check::diagnostic::reference_message(&err.message),
            crate::check::diagnostic::message_hint(&err.message),
        ),
        _ => (err.message.as_str(), None),
    };
    let unplaced = err.kind == ErrorKind::Parse && crate::check::diagnostic::unplaced(text);
    let message = match (position, path) {
        // (as the reference: a byte order mark has no suffix, the end of the
        // input only the file; `line` and `column` still say where)
        _ if unplaced && text.starts_with("Illegal ") => text.to_string(),
        (_, Some(p)) if unplaced => format!("{text} (file: {p})"),
        _ if unplaced => text.to_string(),
        (Some((l, c)), Some(p)) => format!("{text} (file: {p}, line: {l}, column: {c})"),
        (Some((l, c)), None) => format!("{text} (line: {l}, column: {c})"),
        (None, _) => text.to_string(),
    };
    (message, hint)
}

/// The diagnostic of a parse error: the reference's message (the first
/// error's, for several validation errors), at the error's position in
/// `source` when it is known.
fn diagnostic_of(
    err: &CoreError,
    source: Option<(&str, &LineIndex)>,
    path: Option<&str>,
) -> crate::check::Diagnostic {
    use crate::check::{Code, Diagnostic};
    let message = err.message.as_str();
    // `Language validation logged N errors... (first: M)` stands for the first error
    let first = message
        .strip_prefix("Language validation logged ")
        .and_then(|rest| rest.find(" (first: ").map(|i| &rest[i + 9..]))
        .and_then(|m| m.strip_suffix(')'));
    let mut core = err.clone();
    if let Some(first) = first {
        core.message = first.to_string();
    }
    let d = match (source, err.span) {
        (Some((src, index)), Some(_)) => Diagnostic::of_error(&core, src, index),
        _ => Diagnostic::new(
            Code::of_error(&core),
            crate::check::diagnostic::reference_message(&core.message),
        ),
    };
    d.in_file(path.map(std::sync::Arc::from))
}

/// `PuppetTypes::InternalError` with `message`.
pub fn internal(ruby: &Ruby, message: impl Into<String>) -> Error {
    Error::new(class_for(ruby, ErrorKind::Internal), message.into())
}

/// `PuppetTypes::ArgumentError` with `message`.
pub fn argument(ruby: &Ruby, message: impl Into<String>) -> Error {
    Error::new(class_for(ruby, ErrorKind::Argument), message.into())
}

/// Run `f`, turning a panic into `PuppetTypes::InternalError` instead of
/// letting it reach Ruby as `fatal` (which would end the process).
///
/// A walk that stopped before it could answer ([`crate::stop`]) has its
/// reason raised instead of its answer: a regular expression that gave up
/// is the `PuppetTypes::ArgumentError` saying so; an exception Ruby raised
/// during the walk ([`super::interrupts`]: `Thread#raise`, `Timeout`, a
/// signal's handler) is raised again; an interruption still pending (a
/// signal: Ctrl-C, SIGTERM) is delivered by Ruby here, which raises it. When
/// it does not raise (a trapped signal whose handler returned), `f` runs
/// again: the calls that stop are pure.
pub fn guard<T>(ruby: &Ruby, mut f: impl FnMut() -> Result<T, Error>) -> Result<T, Error> {
    use crate::stop::{self, Stop};
    let mut attempts = 0;
    let result = loop {
        let stops = stop::count();
        let result = stop::within_call(stops, || {
            super::interrupts::with_gvl(true, || {
                super::interrupts::without_call_outs(|| catch_unwind(AssertUnwindSafe(&mut f)))
            })
        });
        // (another thread's stop only costs the look at this thread's record)
        let stopped = if stop::count() == stops {
            None
        } else {
            stop::take(stops)
        };
        match stopped {
            None => break result,
            Some(Stop::Failed(e)) => return Err(located(ruby, e, None, None)),
            Some(Stop::Interrupted) => {
                if let Some(raised) = super::interrupts::take_raised() {
                    return Err(raised);
                }
            }
        }
        deliver_interruptions()?;
        if let Ok(Err(e)) = result {
            if !is_gem_error(ruby, &e) {
                // (building the error ran Ruby code, which raised the interruption)
                return Err(e);
            }
        }
        attempts += 1;
        if attempts == 3 {
            return Err(argument(
                ruby,
                "the call was interrupted before it could answer",
            ));
        }
    };
    match result {
        Ok(result) => result,
        Err(payload) => {
            let detail = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(internal(
                ruby,
                format!("internal error in puppet_types (please report it): {detail}"),
            ))
        }
    }
}

/// Let Ruby handle the interruptions pending for this thread, which raises
/// the exception they carry (a signal is first turned into a pending
/// exception that the next look raises: a few looks deliver it).
fn deliver_interruptions() -> Result<(), Error> {
    for _ in 0..4 {
        // SAFETY: Ruby's interrupt processing, called on a Ruby thread under protect.
        magnus::rb_sys::protect(|| {
            unsafe { rb_sys::rb_thread_check_ints() };
            rb_sys::Qnil as rb_sys::VALUE
        })?;
        if !super::interrupts::interruption_pending() {
            break;
        }
    }
    Ok(())
}

/// True when `e` is a `PuppetTypes::Error` (rather than an exception Ruby raised).
pub(crate) fn is_gem_error(ruby: &Ruby, e: &Error) -> bool {
    let base = class_for(ruby, ErrorKind::Internal).superclass();
    match (e.value(), base) {
        (Some(exc), Ok(base)) => {
            exc.is_kind_of(base)
                || exc.is_kind_of(conversion_class(ruby))
                || [ErrorKind::Type, ErrorKind::Argument, ErrorKind::Format]
                    .iter()
                    .any(|&k| exc.is_kind_of(class_for(ruby, k)))
        }
        _ => false,
    }
}
