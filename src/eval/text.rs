//! The text a value becomes when interpolated into a string (`"${v}"`), which
//! is also the text error messages quote: strings bare, `undef` empty, regexes in slashes,
//! containers with their elements interpolated the same way.

use crate::format::{string, Format};
use crate::values::Value;

/// The interpolation text of `v`.
pub fn interpolate(v: &Value) -> String {
    let mut out = String::new();
    write(&mut out, v, 0);
    out
}

fn write(out: &mut String, v: &Value, depth: usize) {
    if depth > crate::eval::MAX_DEPTH {
        out.push_str("...");
        return;
    }
    match v {
        Value::Undef => {}
        Value::Default => out.push_str("default"),
        Value::Regexp(re) => {
            out.push('/');
            out.push_str(re.source());
            out.push('/');
        }
        Value::String(s) => out.push_str(s),
        Value::Integer(i) => out.push_str(&i.to_string()),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(out, x, depth + 1);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, x)) in h.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(out, k, depth + 1);
                out.push_str(" => ");
                write(out, x, depth + 1);
            }
            out.push('}');
        }
        Value::Type(t) => out.push_str(&t.to_string()),
        Value::Binary(b) => out.push_str(&b.to_base64_strict()),
        other => match string(other, &Format::Text("%s".into())) {
            Ok(s) => out.push_str(&s),
            Err(_) => out.push_str(&format!("{other:?}")),
        },
    }
}
