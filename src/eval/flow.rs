//! How an evaluation leaves an expression other than with a value: an
//! error, or one of the signals `return(v)`, `break()` and `next(v)`, which
//! travel up to the function, lambda or iteration that takes them (see
//! [`crate::eval::calls`]); a signal that reaches a place that cannot take
//! it becomes the reference's "from context where this is illegal" error.

use crate::error::Error;
use crate::syntax::span::Span;
use crate::values::Value;

/// Why an evaluation step did not produce a value.
#[derive(Debug)]
pub(crate) enum Flow {
    /// An error.
    Error(Error),
    /// `return(v)`: leave the enclosing function with `v`.
    Return(Box<Value>, Span),
    /// `break()`: stop the enclosing iteration.
    Break(Span),
    /// `next(v)`: leave the enclosing lambda (or function) with `v`.
    Next(Box<Value>, Span),
}

/// The result of an evaluation step.
pub(crate) type EResult<T> = std::result::Result<T, Flow>;

impl From<Error> for Flow {
    #[inline]
    fn from(e: Error) -> Flow {
        Flow::Error(e)
    }
}

impl Flow {
    /// This flow as an error: a signal that got here is one used where it is illegal.
    pub(crate) fn into_error(self) -> Error {
        match self {
            Flow::Error(e) => e,
            Flow::Return(_, span) => illegal("return", span),
            Flow::Break(span) => illegal("break", span),
            Flow::Next(_, span) => illegal("next", span),
        }
    }
}

/// The reference's error for a control signal used where nothing takes it.
fn illegal(name: &str, span: Span) -> Error {
    Error::evaluation(format!("{name}() from context where this is illegal")).with_span(span)
}
