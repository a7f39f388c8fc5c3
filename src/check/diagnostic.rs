//! [`Diagnostic`]: one problem found in a file, as data (path, span, severity,
//! code, message), and the catalogue of [`Code`]s.
//!
//! Codes are the reference's issue codes where it has one (`SYNTAX_ERROR`,
//! `DUPLICATE_PARAMETER`, ...: the names of `Puppet::Pops::Issues`) and the
//! gem's own codes for problems the reference does not name (a file that
//! cannot be read, an alias file whose name does not match its path, ...).
//! Each code has a default severity. [`Code::of_error`] names the code of a
//! parse or validation error of the crate's parser from its message.
//!
//! Positions are 1-based; columns count characters, as the reference's do.
//! `end_line`/`end_column` give the position just after the last character
//! of the offending node or token. A diagnostic about a whole file (it cannot
//! be read, its metadata is broken) has no position.

use crate::error::{Error, ErrorKind};
use crate::syntax::span::{LineIndex, Span};
use std::fmt;
use std::sync::Arc;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The code cannot be used as it is (the reference refuses it).
    Error,
    /// Suspicious, but the reference accepts it.
    Warning,
}

impl Severity {
    /// `"error"` or `"warning"`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A diagnostic code: its name and its default severity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    name: &'static str,
    severity: Severity,
}

impl Code {
    const fn error(name: &'static str) -> Code {
        Code {
            name,
            severity: Severity::Error,
        }
    }

    const fn warning(name: &'static str) -> Code {
        Code {
            name,
            severity: Severity::Warning,
        }
    }

    /// The code's name (`"SYNTAX_ERROR"`).
    pub fn name(self) -> &'static str {
        self.name
    }

    /// The severity a diagnostic of this code has unless told otherwise.
    pub fn severity(self) -> Severity {
        self.severity
    }

    /// The catalogued code called `name`.
    pub fn named(name: &str) -> Option<Code> {
        CATALOGUE.iter().copied().find(|c| c.name == name)
    }

    /// The code of an error of the crate's lexer, parser or validator (the
    /// reference's issue code for the same message), else [`Code::SYNTAX_ERROR`]
    /// for parse errors and [`Code::INVALID_TYPE`] for type errors.
    pub fn of_error(e: &Error) -> Code {
        let message = e.message.as_str();
        if let Some((_, code)) = MESSAGE_CODES
            .iter()
            .find(|(needle, _)| message_has(message, needle))
        {
            return *code;
        }
        match e.kind {
            ErrorKind::Type | ErrorKind::Conversion => Code::INVALID_TYPE,
            _ => Code::SYNTAX_ERROR,
        }
    }
}

/// True when `message` starts with `needle`, or contains it when the
/// needle starts with `*` (for messages that begin with a variable part).
fn message_has(message: &str, needle: &str) -> bool {
    match needle.strip_prefix('*') {
        Some(inner) => message.contains(inner),
        None => message.starts_with(needle),
    }
}

macro_rules! catalogue {
    ($($(#[$doc:meta])* $name:ident: $sev:ident,)*) => {
        impl Code {
            $($(#[$doc])* pub const $name: Code = Code::$sev(stringify!($name));)*
        }
        /// Every catalogued code.
        pub const CATALOGUE: &[Code] = &[$(Code::$name,)*];
    };
}

catalogue! {
    // The reference's issue codes (Puppet::Pops::Issues) for the lexer, parser and validator.
    /// A syntax error (`Syntax error at 'x'`).
    SYNTAX_ERROR: error,
    /// A string quote that is never closed.
    UNCLOSED_QUOTE: error,
    /// A `/* ...` comment that is never closed.
    UNCLOSED_MLCOMMENT: error,
    /// A malformed number.
    ILLEGAL_NUMBER: error,
    /// A malformed hexadecimal number.
    INVALID_HEX_NUMBER: error,
    /// A malformed octal number.
    INVALID_OCTAL_NUMBER: error,
    /// A malformed decimal number.
    INVALID_DECIMAL_NUMBER: error,
    /// A heredoc whose end tag is never found.
    HEREDOC_WITHOUT_END_TAGGED_LINE: error,
    /// A heredoc tag without its closing parenthesis.
    HEREDOC_UNCLOSED_PARENTHESIS: error,
    /// A malformed heredoc specification.
    HEREDOC_INVALID_SYNTAX: error,
    /// A heredoc with no text.
    HEREDOC_WITHOUT_TEXT: error,
    /// An empty heredoc end tag.
    HEREDOC_EMPTY_ENDTAG: error,
    /// An unknown heredoc escape flag.
    HEREDOC_INVALID_ESCAPE: error,
    /// A heredoc escape flag given twice.
    HEREDOC_MULTIPLE_AT_ESCAPES: error,
    /// A class, define or node that is not at top level or inside a class.
    NOT_TOP_LEVEL: error,
    /// A construct allowed only at the top level of a file.
    NOT_ABSOLUTE_TOP_LEVEL: error,
    /// An assignment to a variable of another namespace.
    CROSS_SCOPE_ASSIGNMENT: error,
    /// An assignment to something that cannot be assigned.
    ILLEGAL_ASSIGNMENT: error,
    /// An assignment to a numeric match variable.
    ILLEGAL_NUMERIC_ASSIGNMENT: error,
    /// An assignment where none is allowed.
    ILLEGAL_ASSIGNMENT_CONTEXT: error,
    /// A numeric parameter name.
    ILLEGAL_NUMERIC_PARAMETER: error,
    /// An assignment through `[]`.
    ILLEGAL_INDEXED_ASSIGNMENT: error,
    /// An assignment to a value through `[]`.
    ILLEGAL_ASSIGNMENT_VIA_INDEX: error,
    /// `+=` or `-=`.
    APPENDS_DELETES_NO_LONGER_SUPPORTED: error,
    /// An expression used as a value that has none.
    NOT_RVALUE: error,
    /// `+>` where it is not allowed.
    ILLEGAL_ATTRIBUTE_APPEND: error,
    /// A parameter name that breaks the naming rule.
    ILLEGAL_PARAM_NAME: error,
    /// A variable name that breaks the naming rule.
    ILLEGAL_VAR_NAME: error,
    /// A numeric variable name that is not decimal.
    ILLEGAL_NUMERIC_VAR_NAME: error,
    /// A type reference that breaks the naming rule.
    ILLEGAL_CLASSREF: error,
    /// Illegal characters in a node's host name.
    ILLEGAL_HOSTNAME_CHARS: error,
    /// Interpolation in a node's host name.
    ILLEGAL_HOSTNAME_INTERPOLATION: error,
    /// An expression where it cannot be used.
    ILLEGAL_EXPRESSION: error,
    /// An expression that cannot be used in a collector query.
    ILLEGAL_QUERY_EXPRESSION: error,
    /// `@File { }`.
    NOT_VIRTUALIZEABLE: error,
    /// `@class { }`.
    CLASS_NOT_VIRTUALIZABLE: error,
    /// An expression this version of the language does not support.
    UNSUPPORTED_EXPRESSION: error,
    /// A definition name that is not acceptable.
    ILLEGAL_DEFINITION_NAME: error,
    /// A `*$rest` parameter that is not last.
    CAPTURES_REST_NOT_LAST: error,
    /// A `*$rest` parameter where it is not supported.
    CAPTURES_REST_NOT_SUPPORTED: error,
    /// Leading whitespace before EPP parameters.
    ILLEGAL_EPP_PARAMETERS: error,
    /// A value produced and then forgotten.
    IDEM_EXPRESSION_NOT_LAST: error,
    /// A resource expression without a title.
    RESOURCE_WITHOUT_TITLE: error,
    /// A block ending with a value that has no effect.
    IDEM_NOT_ALLOWED_LAST: error,
    /// A reserved word used as a value.
    RESERVED_WORD: error,
    /// A definition named like a built-in type.
    RESERVED_TYPE_NAME: error,
    /// A parameter that shadows a built-in meta parameter.
    RESERVED_PARAMETER: error,
    /// A parameter declared twice.
    DUPLICATE_PARAMETER: error,
    /// A hash key given twice (a warning, as the reference's default `strict` setting makes it).
    DUPLICATE_KEY: warning,
    /// An unknown escape in a double quoted string or heredoc (`"\q"`).
    UNRECOGNIZED_ESCAPE: warning,
    /// A `\u` escape without its hex digits.
    ILLEGAL_UNICODE_ESCAPE: warning,
    /// A second `default` in a case or selector.
    DUPLICATE_DEFAULT: error,
    /// More than one `* =>` in a resource body.
    MULTIPLE_ATTRIBUTES_UNFOLD: error,
    /// Node inheritance.
    NO_NODE_INHERITANCE: error,
    /// A type expression that is not a valid type (a `TypeParser` error).
    INVALID_TYPE: error,

    // The gem's own codes.
    /// A file that cannot be read (permissions, a directory loop, not a regular file).
    UNREADABLE_FILE: error,
    /// A file whose content is not UTF-8.
    INVALID_ENCODING: error,
    /// A file that is binary (a NUL byte near its start), not source.
    BINARY_FILE: error,
    /// A module's metadata.json that is not valid JSON or not an object.
    INVALID_METADATA: warning,
    /// A module path entry that does not exist or is not a directory.
    MISSING_MODULEPATH: warning,
    /// A directory reached again through symbolic links (skipped).
    SYMLINK_LOOP: warning,
    /// A type alias, function or plan file whose declared name does not match its path (the reference does not load it).
    DEFINITION_NAME_MISMATCH: error,
    /// A `types/`, `functions/` or `plans/` file that does not hold exactly the one definition its path names.
    DEFINITION_FILE_CONTENT: error,
    /// A type name in a signature or alias that resolves to nothing.
    UNRESOLVED_TYPE: warning,
    /// A type expression in a signature that is not a valid type.
    INVALID_TYPE_EXPRESSION: error,
    /// A class, defined type, function, plan or alias defined more than once.
    DUPLICATE_DEFINITION: warning,
    /// A parameter default (a value) that the parameter's declared type refuses (the compiler fails on it).
    DEFAULT_VALUE_TYPE_MISMATCH: error,
    /// A class or defined type not named after its file's path (the autoloader does not find it there).
    DEFINITION_PATH_MISMATCH: warning,

    // Hiera data checked against class parameters (`check::data`).
    /// A data key `<class>::<parameter>` whose class is not in the module path.
    UNKNOWN_CLASS: error,
    /// A data key naming a parameter its class does not have.
    UNKNOWN_PARAMETER: error,
    /// A data value that does not match the type of the class parameter it binds.
    TYPE_MISMATCH: error,
    /// A data file that is not valid YAML or JSON.
    DATA_SYNTAX_ERROR: error,
    /// A data file hiera's safe loader refuses (an unquoted date, a Ruby object tag).
    UNLOADABLE_DATA: error,
    /// A data file nested too deep, or expanding through its aliases beyond what is checked.
    DATA_LIMIT: error,
    /// A data file whose top level is not a hash (hiera ignores it).
    DATA_NOT_A_HASH: warning,
    /// A key given more than once in one mapping (the last one wins).
    DUPLICATE_DATA_KEY: warning,
    /// A key of a module's data outside the module's namespace (hiera drops it).
    MODULE_DATA_KEY: warning,
    /// A key that binds no class parameter (reported with `--strict`, or when it is one but for its spelling).
    UNBOUND_KEY: warning,
    /// An interpolation hiera refuses (`alias` among other text, an unknown method).
    INVALID_INTERPOLATION: error,
    /// A `lookup_options` entry of the wrong shape.
    INVALID_LOOKUP_OPTIONS: error,
    /// A hiera.yaml hiera cannot use.
    INVALID_HIERA_CONFIG: error,
    /// A hierarchy level whose backend is not checked (not yaml_data, json_data or eyaml_lookup_key).
    UNCHECKED_BACKEND: warning,
}

/// Message beginnings (or, after `*`, fragments) of the crate's lexer,
/// parser and validator errors, and the reference's code for each.
const MESSAGE_CODES: &[(&str, Code)] = &[
    ("Syntax error", Code::SYNTAX_ERROR),
    ("Unclosed quote", Code::UNCLOSED_QUOTE),
    ("Unclosed multiline comment", Code::UNCLOSED_MLCOMMENT),
    ("Illegal number", Code::ILLEGAL_NUMBER),
    ("Not a valid hex number", Code::INVALID_HEX_NUMBER),
    ("Not a valid octal", Code::INVALID_OCTAL_NUMBER),
    ("Not a valid decimal number", Code::INVALID_DECIMAL_NUMBER),
    (
        "Heredoc without end-tagged line",
        Code::HEREDOC_WITHOUT_END_TAGGED_LINE,
    ),
    (
        "Unclosed parenthesis after '@('",
        Code::HEREDOC_UNCLOSED_PARENTHESIS,
    ),
    ("Invalid heredoc escape char", Code::HEREDOC_INVALID_ESCAPE),
    (
        "Invalid syntax in heredoc expected",
        Code::HEREDOC_INVALID_SYNTAX,
    ),
    (
        "Heredoc without any following lines of text",
        Code::HEREDOC_WITHOUT_TEXT,
    ),
    ("Heredoc with an empty endtag", Code::HEREDOC_EMPTY_ENDTAG),
    (
        "An escape char for @() may only appear once",
        Code::HEREDOC_MULTIPLE_AT_ESCAPES,
    ),
    (
        "Classes, definitions, and nodes may only appear",
        Code::NOT_TOP_LEVEL,
    ),
    ("*may only appear at toplevel", Code::NOT_ABSOLUTE_TOP_LEVEL),
    (
        "*Cannot assign to variables in other namespaces",
        Code::CROSS_SCOPE_ASSIGNMENT,
    ),
    (
        "Illegal attempt to assign to the numeric match result",
        Code::ILLEGAL_NUMERIC_ASSIGNMENT,
    ),
    (
        "Illegal attempt to assign via [index/key]",
        Code::ILLEGAL_INDEXED_ASSIGNMENT,
    ),
    (
        "*via [index/key]. Not an assignable reference",
        Code::ILLEGAL_ASSIGNMENT_VIA_INDEX,
    ),
    ("Illegal attempt to assign to", Code::ILLEGAL_ASSIGNMENT),
    (
        "Assignment not allowed here",
        Code::ILLEGAL_ASSIGNMENT_CONTEXT,
    ),
    (
        "The numeric parameter name",
        Code::ILLEGAL_NUMERIC_PARAMETER,
    ),
    ("The operator '", Code::APPENDS_DELETES_NO_LONGER_SUPPORTED),
    ("Invalid use of expression", Code::NOT_RVALUE),
    ("Illegal +> operation", Code::ILLEGAL_ATTRIBUTE_APPEND),
    ("Illegal parameter name", Code::ILLEGAL_PARAM_NAME),
    ("Illegal variable name", Code::ILLEGAL_VAR_NAME),
    (
        "Illegal numeric variable name",
        Code::ILLEGAL_NUMERIC_VAR_NAME,
    ),
    ("Illegal type reference", Code::ILLEGAL_CLASSREF),
    ("The hostname '", Code::ILLEGAL_HOSTNAME_CHARS),
    (
        "An interpolated expression is not allowed in a hostname",
        Code::ILLEGAL_HOSTNAME_INTERPOLATION,
    ),
    ("Illegal expression.", Code::ILLEGAL_EXPRESSION),
    ("Illegal query expression", Code::ILLEGAL_QUERY_EXPRESSION),
    (
        "Resource Defaults are not virtualizable",
        Code::NOT_VIRTUALIZEABLE,
    ),
    (
        "Classes are not virtualizable",
        Code::CLASS_NOT_VIRTUALIZABLE,
    ),
    ("Expressions of type", Code::UNSUPPORTED_EXPRESSION),
    ("Unacceptable name.", Code::ILLEGAL_DEFINITION_NAME),
    (
        "*is not last, and has 'captures rest'",
        Code::CAPTURES_REST_NOT_LAST,
    ),
    (
        "*has 'captures rest' - not supported",
        Code::CAPTURES_REST_NOT_SUPPORTED,
    ),
    (
        "Ambiguous EPP parameter expression",
        Code::ILLEGAL_EPP_PARAMETERS,
    ),
    (
        "*A value was produced and then forgotten",
        Code::IDEM_EXPRESSION_NOT_LAST,
    ),
    (
        "This expression is invalid. Did you try declaring",
        Code::RESOURCE_WITHOUT_TITLE,
    ),
    (
        "*can not end with a value-producing expression",
        Code::IDEM_NOT_ALLOWED_LAST,
    ),
    ("Use of reserved word", Code::RESERVED_WORD),
    (
        "*is already defined by Puppet and can not be used",
        Code::RESERVED_TYPE_NAME,
    ),
    ("*redefines a built in parameter", Code::RESERVED_PARAMETER),
    (
        "*is declared more than once in the parameter list",
        Code::DUPLICATE_PARAMETER,
    ),
    ("The key '", Code::DUPLICATE_KEY),
    ("*already has a 'default' entry", Code::DUPLICATE_DEFAULT),
    (
        "Unfolding of attributes from Hash can only be used once",
        Code::MULTIPLE_ATTRIBUTES_UNFOLD,
    ),
    (
        "Node inheritance is not supported",
        Code::NO_NODE_INHERITANCE,
    ),
];

/// True for the errors the reference gives no position: a syntax error at
/// the end of the input, a byte order mark.
pub(crate) fn unplaced(message: &str) -> bool {
    message == "Syntax error at end of input"
        || (message.starts_with("Illegal ")
            && message.contains(" Byte Order mark at beginning of input"))
}

/// The reference's text of a message of the crate's parser: without the
/// `(expected ...)` the parser adds to `Syntax error at ...`.
pub fn reference_message(message: &str) -> &str {
    if message.starts_with("Syntax error at ") && message.ends_with(')') {
        if let Some(i) = message.rfind(" (expected ") {
            return &message[..i];
        }
    }
    message
}

/// What the crate's parser adds to the reference's message of a syntax
/// error (`expected an expression` of `Syntax error at ',' (expected an
/// expression)`); `None` for any other message.
pub fn message_hint(message: &str) -> Option<&str> {
    let text = reference_message(message);
    (text.len() < message.len())
        .then(|| message[text.len()..].strip_prefix(" (")?.strip_suffix(')'))
        .flatten()
}

/// One problem found in a file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// The file, when the problem is in one (shared by the diagnostics of a file).
    pub path: Option<Arc<str>>,
    /// 1-based line of the start, when known.
    pub line: Option<u32>,
    /// 1-based column (characters) of the start, when known.
    pub column: Option<u32>,
    /// 1-based line of the end, when known.
    pub end_line: Option<u32>,
    /// 1-based column just after the last character, when known.
    pub end_column: Option<u32>,
    /// Error or warning.
    pub severity: Severity,
    /// What kind of problem.
    pub code: Code,
    /// The message, without a position.
    pub message: String,
    /// What the gem knows beyond the reference's message (a syntax error's
    /// `expected an expression`), when it knows more. (A thin pointer, to
    /// keep diagnostics small.)
    pub hint: Option<Arc<String>>,
    /// For a finding in hiera data: the key, and the class parameter it binds.
    pub data_key: Option<Arc<DataKey>>,
}

/// The hiera key a data diagnostic is about, and the class parameter it binds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DataKey {
    /// The key as written (`apache::sendfile`).
    pub key: Arc<str>,
    /// The class it names, when it names one (`apache`).
    pub class_name: Option<Arc<str>>,
    /// The parameter it names (`sendfile`).
    pub parameter: Option<Arc<str>>,
}

impl Diagnostic {
    /// A diagnostic of `code` (with its default severity) saying `message`, with no position.
    pub fn new(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            path: None,
            line: None,
            column: None,
            end_line: None,
            end_column: None,
            severity: code.severity(),
            code,
            message: message.into(),
            hint: None,
            data_key: None,
        }
    }

    /// About the hiera key `key`.
    pub fn for_key(mut self, key: Arc<DataKey>) -> Diagnostic {
        self.data_key = Some(key);
        self
    }

    /// The diagnostic of a parse, validation or type error in `source` (its span
    /// gives the position; an error without one has none).
    ///
    /// A syntax error at the end of the input, or a byte order mark, has no
    /// position, as in the reference.
    pub fn of_error(e: &Error, source: &str, index: &LineIndex) -> Diagnostic {
        let mut d = Diagnostic::new(Code::of_error(e), reference_message(&e.message));
        d.hint = message_hint(&e.message).map(|h| Arc::new(h.to_string()));
        match e.span {
            Some(_) if unplaced(&d.message) => d,
            Some(span) => d.at(source, index, span),
            None => d,
        }
    }

    /// In the file `path`.
    pub fn in_file(mut self, path: Option<Arc<str>>) -> Diagnostic {
        self.path = path;
        self
    }

    /// At the one byte `at` of `bytes` (raw file content, maybe not UTF-8):
    /// its line, and its column counting the characters before it.
    pub fn place_at_byte(&mut self, bytes: &[u8], at: usize) {
        let at = at.min(bytes.len());
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&bytes[line_start..at])
            .chars()
            .count()
            + 1;
        self.line = Some(line as u32);
        self.column = Some(column as u32);
        self.end_line = Some(line as u32);
        self.end_column = Some(column as u32 + 1);
    }

    /// With the severity `severity` instead of the code's default.
    pub fn with_severity(mut self, severity: Severity) -> Diagnostic {
        self.severity = severity;
        self
    }

    /// At `span` of `source` (whose line index is `index`).
    pub fn at(mut self, source: &str, index: &LineIndex, span: Span) -> Diagnostic {
        let clamp = |o: u32| (o as usize).min(source.len());
        let (l, c) = index.line_col(source, clamp(span.start));
        let (el, ec) = index.line_col(source, clamp(span.end.max(span.start)));
        self.line = Some(l as u32);
        self.column = Some(c as u32);
        self.end_line = Some(el as u32);
        self.end_column = Some(ec as u32);
        self
    }

    /// The position suffix the reference writes after a message:
    /// `(file: f, line: l, column: c)`, leaving out the parts not known;
    /// empty when nothing is.
    pub fn location(&self) -> String {
        let mut parts = Vec::with_capacity(3);
        if let Some(p) = &self.path {
            parts.push(format!("file: {p}"));
        }
        if let Some(l) = self.line {
            parts.push(format!("line: {l}"));
            if let Some(c) = self.column {
                parts.push(format!("column: {c}"));
            }
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("({})", parts.join(", "))
        }
    }

    /// Order diagnostics by path, then position (those without one after
    /// the others of their file), then message.
    pub fn sort_key(&self) -> (Option<&str>, u32, u32, &str) {
        (
            self.path.as_deref(),
            self.line.unwrap_or(u32::MAX),
            self.column.unwrap_or(u32::MAX),
            &self.message,
        )
    }
}

impl fmt::Display for Diagnostic {
    /// The reference's full form: the message and the position suffix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let location = self.location();
        if location.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{} {}", self.message, location)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_syntax_error_becomes_a_located_diagnostic_with_its_code() {
        let src = "$x = 1\nfoo(,";
        let e = crate::syntax::parser::parse(src).unwrap_err();
        let d = Diagnostic::of_error(&e, src, &LineIndex::new(src))
            .in_file(Some(Arc::from("/m/init.pp")));
        assert_eq!(d.code, Code::SYNTAX_ERROR);
        assert_eq!(d.severity, Severity::Error);
        assert_eq!((d.line, d.column), (Some(2), Some(5)));
        assert_eq!(
            d.to_string(),
            "Syntax error at ',' (file: /m/init.pp, line: 2, column: 5)"
        );
        assert!(
            e.message.contains("(expected"),
            "the parser's own message says more"
        );
    }

    #[test]
    fn a_syntax_error_at_the_end_of_the_input_has_no_position() {
        let src = "$x = 1\nfoo(";
        let e = crate::syntax::parser::parse(src).unwrap_err();
        let d = Diagnostic::of_error(&e, src, &LineIndex::new(src))
            .in_file(Some(Arc::from("/m/init.pp")));
        assert_eq!((d.line, d.column, d.end_line), (None, None, None));
        assert_eq!(
            d.to_string(),
            "Syntax error at end of input (file: /m/init.pp)"
        );
    }

    #[test]
    fn a_validation_error_gets_the_reference_issue_code() {
        let src = "class a($x, $x) {}";
        let e = crate::syntax::parser::parse(src).unwrap_err();
        assert_eq!(Code::of_error(&e), Code::DUPLICATE_PARAMETER);
        let src = "$a::b = 1";
        let e = crate::syntax::parser::parse(src).unwrap_err();
        assert_eq!(Code::of_error(&e), Code::CROSS_SCOPE_ASSIGNMENT);
    }

    #[test]
    fn the_location_leaves_out_what_is_unknown() {
        let d = Diagnostic::new(Code::UNREADABLE_FILE, "cannot read");
        assert_eq!(d.to_string(), "cannot read");
        let d = d.in_file(Some(Arc::from("x.pp")));
        assert_eq!(d.to_string(), "cannot read (file: x.pp)");
        let src = "ab\ncd";
        let d =
            Diagnostic::new(Code::SYNTAX_ERROR, "m").at(src, &LineIndex::new(src), Span::new(3, 5));
        assert_eq!(d.to_string(), "m (line: 2, column: 1)");
        assert_eq!((d.end_line, d.end_column), (Some(2), Some(3)));
    }

    #[test]
    fn codes_are_found_by_name() {
        assert_eq!(Code::named("SYNTAX_ERROR"), Some(Code::SYNTAX_ERROR));
        assert_eq!(Code::named("NO_SUCH_CODE"), None);
        assert_eq!(Code::UNRESOLVED_TYPE.severity(), Severity::Warning);
    }
}
