//! `lookup_options`: its shape checked as hiera checks it when a lookup
//! uses it (a hash of keys or `^patterns` to hashes of `merge` and
//! `convert_to`; merge strategies and their options; type strings that
//! parse; a module's options only for its own keys), in the reference's
//! words, and what the options change for the checking of a key
//! ([`KeyOptions`]).

use super::super::{Code, Diagnostic};
use crate::types::calc::PathStep;
use crate::types::parse::TypeParser;
use crate::values::{Regexp, Value};

/// The reserved key.
pub const LOOKUP_OPTIONS: &str = "lookup_options";

/// The merge strategies hiera knows.
const STRATEGIES: [&str; 7] = [
    "first",
    "default",
    "unique",
    "hash",
    "deep",
    "unconstrained_deep",
    "reverse_deep",
];

/// What `lookup_options` say about keys: which are converted (`convert_to`)
/// and which are merged over the hierarchy (a `merge` other than `first`).
#[derive(Debug, Default)]
pub struct KeyOptions {
    converted: Vec<Matcher>,
    merged: Vec<Matcher>,
}

#[derive(Debug)]
enum Matcher {
    Key(String),
    Pattern(Regexp),
}

impl Matcher {
    fn of(key: &str) -> Option<Matcher> {
        if key.starts_with('^') {
            Regexp::new(key).ok().map(Matcher::Pattern)
        } else {
            Some(Matcher::Key(key.to_string()))
        }
    }

    fn matches(&self, key: &str) -> bool {
        match self {
            Matcher::Key(k) => k == key,
            Matcher::Pattern(r) => r.is_match(key),
        }
    }
}

impl KeyOptions {
    /// The options of the data `data` (its `lookup_options` entry, if any).
    pub fn of(data: &Value) -> KeyOptions {
        let mut out = KeyOptions::default();
        let Value::Hash(h) = data else { return out };
        let Some(Value::Hash(opts)) = h.get(&Value::string(LOOKUP_OPTIONS)) else {
            return out;
        };
        for (k, v) in opts.iter() {
            let (Some(key), Value::Hash(o)) = (k.as_str(), v) else {
                continue;
            };
            if o.get(&Value::string("convert_to"))
                .is_some_and(|c| !c.is_undef())
            {
                out.converted.extend(Matcher::of(key));
            }
            let merge = match o.get(&Value::string("merge")) {
                Some(Value::String(s)) => Some(s.to_string()),
                Some(Value::Hash(m)) => m
                    .get(&Value::string("strategy"))
                    .and_then(|s| s.as_str().map(str::to_string)),
                _ => None,
            };
            if merge
                .is_some_and(|m| STRATEGIES.contains(&m.as_str()) && m != "first" && m != "default")
            {
                out.merged.extend(Matcher::of(key));
            }
        }
        out
    }

    /// Add the options of another file of the same hierarchy.
    pub fn extend(&mut self, other: KeyOptions) {
        self.converted.extend(other.converted);
        self.merged.extend(other.merged);
    }

    /// True when the key's value is converted before it is bound.
    pub fn converts(&self, key: &str) -> bool {
        self.converted.iter().any(|m| m.matches(key))
    }

    /// True when the key's values are merged over the hierarchy.
    pub fn merges(&self, key: &str) -> bool {
        self.merged.iter().any(|m| m.matches(key))
    }
}

type Found = (Vec<PathStep>, bool, Diagnostic);

fn problem(path: Vec<PathStep>, at_key: bool, message: impl Into<String>) -> Found {
    (
        path,
        at_key,
        Diagnostic::new(Code::INVALID_LOOKUP_OPTIONS, message),
    )
}

/// The problems of a `lookup_options` value (of the module `module`'s data,
/// when it is one), each with its path in the value.
pub fn validate(value: &Value, module: Option<&str>) -> Vec<Found> {
    let mut out = Vec::new();
    let Value::Hash(h) = value else {
        out.push(problem(
            Vec::new(),
            false,
            "value of lookup_options must be a hash",
        ));
        return out;
    };
    for (k, v) in h.iter() {
        let Some(key) = k.as_str() else {
            out.push(problem(
                Vec::new(),
                false,
                "lookup_options keys must be strings",
            ));
            continue;
        };
        let here = vec![PathStep::Key(key.to_string())];
        if let Some(m) = module {
            let pfx = format!("{m}::");
            if key.starts_with('^') {
                if key.get(1..1 + pfx.len()) != Some(pfx.as_str()) {
                    out.push(problem(
                        here.clone(),
                        true,
                        format!("all lookup_options patterns must match a key starting with module name '{m}'"),
                    ));
                }
            } else if !key.starts_with(&pfx) {
                out.push(problem(
                    here.clone(),
                    true,
                    format!("all lookup_options keys must start with module name '{m}'"),
                ));
            }
        }
        if key.starts_with('^') {
            if let Err(e) = Regexp::new(key) {
                out.push(problem(
                    here.clone(),
                    true,
                    format!(
                        "the lookup_options pattern '{key}' is not a valid regular expression: {}",
                        e.message
                    ),
                ));
            }
        }
        let Value::Hash(o) = v else {
            out.push(problem(
                here.clone(),
                false,
                format!("the lookup_options of '{key}' must be a hash"),
            ));
            continue;
        };
        for (ok, ov) in o.iter() {
            let mut at = here.clone();
            if let Some(name) = ok.as_str() {
                at.push(PathStep::Key(name.to_string()));
            }
            match ok.as_str() {
                Some("merge") => merge(ov, at, &mut out),
                Some("convert_to") => convert_to(key, ov, at, &mut out),
                Some(other) => out.push((
                    at,
                    true,
                    Diagnostic::new(
                        Code::INVALID_LOOKUP_OPTIONS,
                        format!("unknown lookup option '{other}' for '{key}' (hiera knows 'merge' and 'convert_to')"),
                    )
                    .with_severity(super::super::Severity::Warning),
                )),
                None => out.push(problem(at, false, "lookup option names must be strings")),
            }
        }
    }
    out
}

/// A `merge` value: a strategy name, or a hash with `strategy` and its options.
fn merge(v: &Value, at: Vec<PathStep>, out: &mut Vec<Found>) {
    let (strategy, options) = match v {
        Value::Undef => return,
        Value::Hash(h) => match h.get(&Value::string("strategy")) {
            None | Some(Value::Undef) => {
                out.push(problem(
                    at,
                    false,
                    "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'",
                ));
                return;
            }
            Some(s) => (s.clone(), (h.len() > 1).then_some(v)),
        },
        other => (other.clone(), None),
    };
    let name = match &strategy {
        Value::String(s) => s.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => f.to_string(),
        Value::Boolean(b) => b.to_string(),
        _ => "?".to_string(),
    };
    if !matches!(strategy, Value::String(_)) || !STRATEGIES.contains(&name.as_str()) {
        out.push(problem(
            at,
            false,
            format!("Unknown merge strategy: '{name}'"),
        ));
        return;
    }
    let Some(options) = options else { return };
    let t = match name.as_str() {
        "deep" => format!(
            "Struct[{{strategy=>Optional[Pattern[{name}]],knockout_prefix=>Optional[String],merge_debug=>Optional[Boolean],merge_hash_arrays=>Optional[Boolean],sort_merged_arrays=>Optional[Boolean]}}]"
        ),
        "unconstrained_deep" | "reverse_deep" => "Hash[String[1],Any]".to_string(),
        _ => format!("Struct[{{strategy=>Optional[Pattern[/{name}/]]}}]"),
    };
    let Ok(t) = TypeParser::new().parse(&t) else {
        return;
    };
    if let Some(m) = crate::types::calc::describe_mismatch(
        &t,
        options,
        Some("The merge options has wrong type,"),
    ) {
        out.push(problem(at, false, m));
    }
}

/// A `convert_to` value: a type string, or an array of a type string and arguments.
fn convert_to(key: &str, v: &Value, at: Vec<PathStep>, out: &mut Vec<Found>) {
    let (source, at) = match v {
        Value::String(s) => (s.to_string(), at),
        Value::Array(items) => match items.first() {
            Some(Value::String(s)) => {
                let mut at = at;
                at.push(PathStep::Index(0));
                (s.to_string(), at)
            }
            _ => {
                out.push(problem(
                    at,
                    false,
                    format!("the convert_to of '{key}' must start with a data type name"),
                ));
                return;
            }
        },
        _ => {
            out.push(problem(
                at,
                false,
                format!("the convert_to of '{key}' must be a data type name, or an array of one and arguments"),
            ));
            return;
        }
    };
    if let Err(e) = TypeParser::new().parse(&source) {
        out.push(problem(
            at,
            false,
            format!(
                "Invalid data type in lookup_options for key '{key}' could not parse '{source}', error: '{}",
                e.message
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(entries: Vec<(&str, Value)>) -> Value {
        Value::hash(
            entries
                .into_iter()
                .map(|(k, v)| (Value::string(k), v))
                .collect(),
        )
    }

    #[test]
    fn merge_strategies_and_convert_to_are_checked() {
        let opts = data(vec![
            ("a::b", data(vec![("merge", Value::string("deeep"))])),
            (
                "a::c",
                data(vec![("convert_to", Value::string("Sensitive["))]),
            ),
            (
                "a::d",
                data(vec![(
                    "merge",
                    data(vec![
                        ("strategy", Value::string("deep")),
                        ("sort_merged_arrays", Value::string("yes")),
                    ]),
                )]),
            ),
            ("a::e", data(vec![("merge", Value::string("unique"))])),
        ]);
        let found = validate(&opts, None);
        let messages: Vec<&str> = found.iter().map(|f| f.2.message.as_str()).collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
        assert_eq!(messages[0], "Unknown merge strategy: 'deeep'");
        assert!(messages[1].starts_with("Invalid data type in lookup_options for key 'a::c'"));
        assert_eq!(
            messages[2],
            "The merge options has wrong type, entry 'sort_merged_arrays' expects a value of type Undef or Boolean, got String"
        );
        assert_eq!(
            found[0].0,
            [PathStep::Key("a::b".into()), PathStep::Key("merge".into())]
        );
    }

    #[test]
    fn module_options_are_for_the_module_s_keys() {
        let opts = data(vec![("other::x", data(vec![]))]);
        assert_eq!(
            validate(&opts, Some("m"))[0].2.message,
            "all lookup_options keys must start with module name 'm'"
        );
        assert_eq!(
            validate(&Value::Integer(1), None)[0].2.message,
            "value of lookup_options must be a hash"
        );
    }

    #[test]
    fn options_tell_which_keys_are_converted_or_merged() {
        let d = data(vec![(
            LOOKUP_OPTIONS,
            data(vec![
                (
                    "a::p",
                    data(vec![("convert_to", Value::string("Sensitive"))]),
                ),
                ("^a::h_", data(vec![("merge", Value::string("deep"))])),
            ]),
        )]);
        let o = KeyOptions::of(&d);
        assert!(o.converts("a::p"));
        assert!(!o.converts("a::q"));
        assert!(o.merges("a::h_x"));
        assert!(!o.merges("a::p"));
    }
}
