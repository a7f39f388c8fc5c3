//! JSON text laid out as Ruby's `JSON.pretty_generate` lays it out (json
//! 2.6, which puppet-strings uses): two-space indent, `"key": value`, an
//! empty array as `[` blank line `]`, an empty object as `{` newline `}`,
//! non-ASCII characters as they are, control characters escaped.

use serde_json::Value;
use std::fmt::Write;

/// The pretty text of `v`.
pub fn pretty(v: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, v, 0);
    out
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn write_value(out: &mut String, v: &Value, depth: usize) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            let _ = write!(out, "{n}");
        }
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(",\n");
                }
                indent(out, depth + 1);
                write_value(out, item, depth + 1);
            }
            out.push('\n');
            indent(out, depth);
            out.push(']');
        }
        Value::Object(map) => {
            out.push_str("{\n");
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(",\n");
                }
                indent(out, depth + 1);
                write_string(out, k);
                out.push_str(": ");
                write_value(out, item, depth + 1);
            }
            if !map.is_empty() {
                out.push('\n');
            }
            indent(out, depth);
            out.push('}');
        }
    }
}

fn write_string(out: &mut String, s: &str) {
    crate::syntax::pn::write_json_string(out, s);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_rubys_pretty_generate() {
        let v = serde_json::json!({"a": [], "b": {}, "c": [1, {}], "d": "é\u{1}/\t\"\\"});
        assert_eq!(
            pretty(&v),
            "{\n  \"a\": [\n\n  ],\n  \"b\": {\n  },\n  \"c\": [\n    1,\n    {\n    }\n  ],\n  \"d\": \"é\\u0001/\\t\\\"\\\\\"\n}"
        );
    }
}
