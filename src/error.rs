//! The crate's error type: one struct with a kind, a message and an optional span.
//!
//! The Ruby binding maps each [`ErrorKind`] to a `PuppetTypes::*Error` class;
//! positions are byte spans, turned into line and column by the caller that
//! holds the source (see [`crate::syntax::span::LineIndex`]).

use crate::syntax::span::Span;
use std::fmt;

/// What went wrong, in the categories the Ruby API exposes as exception classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Source text that does not lex or parse (`PuppetTypes::ParseError`).
    Parse,
    /// An illegal type or type parameter (`PuppetTypes::TypeError`).
    Type,
    /// Bad input to a constructor or function (`PuppetTypes::ArgumentError`).
    Argument,
    /// A type parameter of a kind that the reference hands to one of Ruby's
    /// own conversions, which raises Ruby's `TypeError` (`Float[1, String]`:
    /// "can't convert PuppetTypes::Type into Float"); `PuppetTypes::ConversionError`.
    Conversion,
    /// A format string that is malformed or not applicable (`PuppetTypes::FormatError`).
    Format,
    /// An error raised while evaluating an expression (`PuppetTypes::EvaluationError`).
    Evaluation,
    /// A bug: something that should not happen (`PuppetTypes::InternalError`).
    Internal,
}

/// An error with a message and, where known, the byte span it concerns.
///
/// The parts live on the heap: a `Result` of a pointer-sized value (a type)
/// is then two words, returned in registers, where errors are the rare case.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(Box<ErrorData>);

/// The parts of an [`Error`], which derefs to them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorData {
    /// The category.
    pub kind: ErrorKind,
    /// A human-readable message saying what was expected and what was given.
    pub message: String,
    /// Where in the source, when the error comes from source text.
    pub span: Option<Span>,
}

impl std::ops::Deref for Error {
    type Target = ErrorData;
    #[inline]
    fn deref(&self) -> &ErrorData {
        &self.0
    }
}

impl std::ops::DerefMut for Error {
    #[inline]
    fn deref_mut(&mut self) -> &mut ErrorData {
        &mut self.0
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.kind)
            .field("message", &self.message)
            .field("span", &self.span)
            .finish()
    }
}

impl From<ErrorData> for Error {
    #[inline]
    fn from(data: ErrorData) -> Error {
        Error(Box::new(data))
    }
}

impl Error {
    /// An error of `kind` with `message` at `span`.
    #[cold]
    pub fn at(kind: ErrorKind, message: String, span: Option<Span>) -> Error {
        Error::from(ErrorData {
            kind,
            message,
            span,
        })
    }

    /// An error of `kind` with `message` and no position.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error::at(kind, message.into(), None)
    }

    /// A parse error at `span`.
    pub fn parse(message: impl Into<String>, span: Span) -> Error {
        Error::at(ErrorKind::Parse, message.into(), Some(span))
    }

    /// The message, taken out of the error.
    pub fn into_message(self) -> String {
        self.0.message
    }

    /// An illegal type or type parameter.
    pub fn type_error(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Type, message)
    }

    /// A type parameter that Ruby's conversions refuse, with Ruby's message.
    pub fn conversion(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Conversion, message)
    }

    /// Bad constructor or function input.
    pub fn argument(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Argument, message)
    }

    /// A walk stopped because the host has an interruption to deliver (see
    /// [`crate::stop`]): the host raises the interruption instead.
    pub fn interrupted() -> Error {
        Error::argument("the call was interrupted")
    }

    /// A bad format string.
    pub fn format(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Format, message)
    }

    /// An evaluation error.
    pub fn evaluation(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Evaluation, message)
    }

    /// Attach a span if the error has none yet.
    pub fn with_span(mut self, span: Span) -> Error {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
