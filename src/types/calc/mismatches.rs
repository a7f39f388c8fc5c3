//! Structured mismatches: each problem the reference's `TypeMismatchDescriber`
//! finds in a value, with its place in the value (the hash keys and array
//! indexes leading to the offending node) and its text, so tools can point at
//! the node and still print the reference's words.
//!
//! ```
//! use puppet_types::types::calc::mismatches::{mismatches, PathStep};
//! use puppet_types::types::parse::TypeParser;
//! use puppet_types::values::Value;
//! let t = TypeParser::new().parse("Struct[{a => Array[Integer]}]").unwrap();
//! let v = Value::hash(
//!     [(Value::string("a"), Value::array(vec![Value::Integer(1), Value::string("x")]))]
//!         .into_iter()
//!         .collect(),
//! );
//! let found = mismatches(&t, &v);
//! assert_eq!(found[0].path, [PathStep::Key("a".into()), PathStep::Index(1)]);
//! assert_eq!(found[0].message, "entry 'a' index 1 expects an Integer value, got String");
//! ```

use super::describe::{type_mismatch, Describer, Kind, Mismatch, PathEl};
use super::infer_set::infer_set_view;
use super::instance_of_view;
use super::value_view::ValueView;
use crate::types::Type;
use crate::values::Value;

/// A step from a value to one of its parts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathStep {
    /// The entry of a hash with this (string) key.
    Key(String),
    /// The element of an array at this index.
    Index(usize),
}

/// What kind of problem a mismatch is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MismatchKind {
    /// A value (or key) of the wrong type.
    Type,
    /// An array, hash or tuple of the wrong size.
    Size,
    /// A Struct key that is missing.
    MissingKey,
    /// A key a Struct does not have.
    ExtraneousKey,
    /// A type that names an unresolved type.
    Unresolved,
}

/// One problem of a value against a type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueMismatch {
    /// What kind of problem it is.
    pub kind: MismatchKind,
    /// Where the problem is: the steps from the value's root to the offending node.
    pub path: Vec<PathStep>,
    /// True when the problem is the key of the entry at the end of `path`
    /// (its name does not fit the key type), not its value.
    pub at_key: bool,
    /// The reference's text of the problem as it follows a subject
    /// (`"entry 'a' index 1 expects an Integer value, got String"`, or
    /// `"expects a String value, got Integer"` at the root).
    pub message: String,
}

impl ValueMismatch {
    /// The problem's text after `subject` (`"parameter 'port'"`), as the
    /// reference prints it.
    pub fn with_subject(&self, subject: &str) -> String {
        if subject.is_empty() {
            self.message.clone()
        } else {
            format!("{subject} {}", self.message)
        }
    }
}

/// The problems of `v` against `t` (none when `v` is an instance of `t`), in
/// the reference's order.
pub fn mismatches(t: &Type, v: &Value) -> Vec<ValueMismatch> {
    mismatches_view(t, v)
}

/// [`mismatches`] over a viewed value.
pub fn mismatches_view<V: ValueView + ?Sized>(t: &Type, v: &V) -> Vec<ValueMismatch> {
    if instance_of_view(t, v) {
        return Vec::new();
    }
    let actual = infer_set_view(v);
    let root = vec![PathEl::Subject(String::new())];
    let mut found = Describer::new().describe(t, &actual, root.clone());
    if found.is_empty() {
        // no innermost entry to blame (the mismatch lies deeper than the walk
        // follows, or the value contains itself): the whole value is wrong
        found.push(type_mismatch(&root, t, &actual, false));
    }
    found.iter().map(structured).collect()
}

/// The reference's message for a class or defined type parameter bound to a
/// wrong value: `"Class[Apache]: parameter 'sendfile' expects ..."`, with
/// several problems of the value on lines of their own, as a catalog
/// compile reports them. `None` when there is no problem.
pub fn parameter_message(
    resource: &str,
    parameter: &str,
    found: &[ValueMismatch],
) -> Option<String> {
    let subject = format!("parameter '{parameter}'");
    match found {
        [] => None,
        [one] => Some(format!("{resource}: {}", one.with_subject(&subject))),
        many => {
            let mut text = format!("{resource}:");
            for m in many {
                text.push_str("\n  ");
                text.push_str(&m.with_subject(&subject));
            }
            Some(text)
        }
    }
}

fn structured(m: &Mismatch) -> ValueMismatch {
    let mut path = Vec::new();
    let mut at_key = false;
    for el in m.canonical_path() {
        match el {
            PathEl::EntryValue(k) => {
                path.push(PathStep::Key(k.clone()));
                at_key = false;
            }
            PathEl::EntryKey(k) => {
                path.push(PathStep::Key(k.clone()));
                at_key = true;
            }
            PathEl::Index(i) => {
                path.push(PathStep::Index(*i));
                at_key = false;
            }
            _ => {}
        }
    }
    let kind = match m.kind {
        Kind::Size { .. } | Kind::Count { .. } => MismatchKind::Size,
        Kind::MissingKey(_) => MismatchKind::MissingKey,
        Kind::ExtraneousKey(_) => MismatchKind::ExtraneousKey,
        Kind::Unresolved(_) => MismatchKind::Unresolved,
        _ => MismatchKind::Type,
    };
    ValueMismatch {
        kind,
        path,
        at_key,
        message: m.format().trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::parse::TypeParser;

    fn parse(s: &str) -> Type {
        TypeParser::new().parse(s).unwrap()
    }

    fn hash(entries: Vec<(&str, Value)>) -> Value {
        Value::hash(
            entries
                .into_iter()
                .map(|(k, v)| (Value::string(k), v))
                .collect(),
        )
    }

    #[test]
    fn a_matching_value_has_no_mismatch() {
        assert!(mismatches(&parse("Integer"), &Value::Integer(1)).is_empty());
    }

    #[test]
    fn a_mismatch_at_the_root_has_an_empty_path() {
        let found = mismatches(&parse("Integer"), &Value::string("x"));
        assert_eq!(found.len(), 1);
        assert!(found[0].path.is_empty());
        assert_eq!(found[0].message, "expects an Integer value, got String");
    }

    #[test]
    fn nested_mismatches_name_their_keys_and_indexes() {
        let t = parse("Struct[{x => Integer, y => Array[String]}]");
        let v = hash(vec![
            ("x", Value::string("no")),
            (
                "y",
                Value::array(vec![Value::string("a"), Value::Integer(2)]),
            ),
        ]);
        let found = mismatches(&t, &v);
        let paths: Vec<_> = found.iter().map(|m| m.path.clone()).collect();
        assert_eq!(
            paths,
            [
                vec![PathStep::Key("x".into())],
                vec![PathStep::Key("y".into()), PathStep::Index(1)]
            ]
        );
        assert_eq!(
            found[1].message,
            "entry 'y' index 1 expects a String value, got Integer"
        );
    }

    #[test]
    fn a_key_that_does_not_fit_is_marked_as_the_key() {
        let t = parse("Hash[Pattern[/^a/], Integer]");
        let found = mismatches(&t, &hash(vec![("b", Value::Integer(1))]));
        assert_eq!(found[0].path, [PathStep::Key("b".into())]);
        assert!(found[0].at_key);
    }

    #[test]
    fn the_parameter_message_is_the_compile_s() {
        let t = parse("Enum['Off', 'On', 'off', 'on']");
        let found = mismatches(&t, &Value::string("yes"));
        assert_eq!(
            parameter_message("Class[Apache]", "sendfile", &found).unwrap(),
            "Class[Apache]: parameter 'sendfile' expects a match for Enum['Off', 'On', 'off', 'on'], got 'yes'"
        );
        let t = parse("Array[Integer]");
        let v = Value::array(vec![
            Value::Integer(1),
            Value::string("x"),
            Value::Integer(3),
            Value::string("y"),
        ]);
        assert_eq!(
            parameter_message("Class[T]", "d", &mismatches(&t, &v)).unwrap(),
            "Class[T]:\n  parameter 'd' index 1 expects an Integer value, got String\n  parameter 'd' index 3 expects an Integer value, got String"
        );
    }

    #[test]
    fn the_subject_prefix_gives_describe_mismatch_s_text() {
        for (t, v) in [
            ("Integer", Value::string("x")),
            (
                "Struct[{a => Integer}]",
                hash(vec![("a", Value::string("x"))]),
            ),
            ("Optional[Enum[a]]", Value::string("b")),
        ] {
            let t = parse(t);
            let found = mismatches(&t, &v);
            assert_eq!(
                Some(found[0].with_subject("parameter 'p'")),
                super::super::describe_mismatch(&t, &v, Some("parameter 'p'"))
            );
        }
    }
}
