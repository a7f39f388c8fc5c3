//! Validating one file: every [`Diagnostic`] of a manifest or an EPP
//! template, as `Parser#validate` and `puppet-types validate` give them.
//!
//! The order: the syntax errors (the first one is the error the reference
//! reports, the others are found after recovering from it), then the
//! validator's errors (in the reference's order), then the warnings (the
//! lexer's, then the validator's). The validator checks only the top-level
//! statements that parsed without a syntax error, so that no error is
//! reported that fixing the syntax error would make go away.
//!
//! The input is parsed one top-level statement at a time and each statement
//! is dropped once checked: memory stays in proportion to the biggest
//! statement, not to the file.

use super::{Code, Diagnostic, Severity};
use crate::error::Error;
use crate::syntax::parser::{self, Recovered};
use crate::syntax::span::LineIndex;
use crate::syntax::validate::TopLevel;
use std::sync::Arc;

/// What kind of source a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// A manifest (`.pp`).
    Manifest,
    /// An EPP template (`.epp`).
    Epp,
}

impl SourceKind {
    /// The kind of a file, by its extension (EPP for `.epp`, else a manifest).
    pub fn of_path(path: &str) -> SourceKind {
        if path.ends_with(".epp") {
            SourceKind::Epp
        } else {
            SourceKind::Manifest
        }
    }
}

/// Every diagnostic of `source` (a file called `path`, if given).
pub fn validate_source(source: &str, path: Option<Arc<str>>, kind: SourceKind) -> Vec<Diagnostic> {
    let mut syntax: Vec<Error> = Vec::new();
    let mut lexer_warnings = Vec::new();
    let mut errors: Vec<Error> = Vec::new();
    let mut warnings: Vec<Error> = Vec::new();
    let mut top = TopLevel::default();
    parser::recover(source, kind == SourceKind::Epp, |event| match event {
        Recovered::Error(e) => syntax.push(e),
        Recovered::Warning(w) => lexer_warnings.push(w),
        Recovered::Statement(s) => {
            if s.clean {
                let report = top.check(source, &s);
                errors.extend(report.errors);
                warnings.extend(report.warnings);
            }
        }
    });
    // (the block's own error, a statement without effect, is most often a syntax error's doing)
    let mut block = top.finish(source);
    if !syntax.is_empty() {
        block.errors.clear();
    }
    if syntax.is_empty()
        && lexer_warnings.is_empty()
        && errors.is_empty()
        && warnings.is_empty()
        && block.errors.is_empty()
    {
        return Vec::new();
    }
    let index = LineIndex::new(source);
    let mut out = Vec::with_capacity(syntax.len() + errors.len() + warnings.len());
    let of = |e: &Error| Diagnostic::of_error(e, source, &index).in_file(path.clone());
    out.extend(syntax.iter().map(of));
    out.extend(block.errors.iter().map(of));
    out.extend(errors.iter().map(of));
    for w in &lexer_warnings {
        let code = if w.message.starts_with("Unrecognized escape") {
            Code::UNRECOGNIZED_ESCAPE
        } else {
            Code::ILLEGAL_UNICODE_ESCAPE
        };
        out.push(
            Diagnostic::new(code, w.message.clone())
                .at(source, &index, w.span)
                .in_file(path.clone()),
        );
    }
    out.extend(
        warnings
            .iter()
            .map(|e| of(e).with_severity(Severity::Warning)),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<String> {
        validate_source(src, None, SourceKind::Manifest)
            .iter()
            .map(|d| {
                format!(
                    "{}:{}: {} {}",
                    d.line.unwrap_or(0),
                    d.column.unwrap_or(0),
                    d.severity.name(),
                    d.message
                )
            })
            .collect()
    }

    #[test]
    fn valid_source_has_no_diagnostics() {
        assert!(texts("class a($x = 1) { notice($x) }\ninclude a\n").is_empty());
    }

    #[test]
    fn a_lexing_error_is_reported_once() {
        assert_eq!(
            texts("$x = 15update\n"),
            vec!["1:6: error Illegal number '15update'"]
        );
    }

    #[test]
    fn warnings_follow_errors() {
        let t = texts("$h = {a => 1, a => 2}\n$s = \"a\\qb\"\n$a::b = 1\n");
        assert_eq!(
            t,
            vec![
                "3:1: error Illegal attempt to assign to 'a::b'. Cannot assign to variables in other namespaces",
                "2:12: warning Unrecognized escape sequence '\\q'",
                "1:17: warning The key 'a' is declared more than once",
            ]
        );
    }
}
