//! The naming rules the validator applies: variable, definition and
//! parameter names, and the type names that may not be redefined.

pub(super) fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `\A[a-z][\w]*(?:::[a-z][\w]*)*\z` (or upper case first letters with `upper`).
pub(super) fn is_segmented(name: &str, upper: bool) -> bool {
    !name.is_empty()
        && name.split("::").all(|seg| {
            let mut cs = seg.chars();
            match cs.next() {
                Some(c)
                    if (upper && c.is_ascii_uppercase()) || (!upper && c.is_ascii_lowercase()) =>
                {
                    cs.all(is_word_char)
                }
                _ => false,
            }
        })
}

/// The reference's `VAR_NAME`: `\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z`.
pub(super) fn is_var_name(name: &str) -> bool {
    let n = name.strip_prefix("::").unwrap_or(name);
    let segs: Vec<&str> = n.split("::").collect();
    let last = segs.len() - 1;
    segs.iter().enumerate().all(|(i, seg)| {
        let mut cs = seg.chars();
        match cs.next() {
            Some(c) if c.is_ascii_lowercase() || (i == last && c == '_') => cs.all(is_word_char),
            _ => false,
        }
    })
}

pub(super) fn is_numeric_var_name(name: &str) -> bool {
    name == "0"
        || (!name.is_empty() && !name.starts_with('0') && name.bytes().all(|b| b.is_ascii_digit()))
}

pub(super) const RESERVED_TYPE_NAMES: &[&str] = &[
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "init",
    "object",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "typeset",
];
