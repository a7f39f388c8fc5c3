//! The gem's outcome of a program in the form of the fixtures of
//! tests/fixtures/eval/ (written by `EvalReference.fixture_block` of
//! spec/support/eval_reference.rb): `ok value`, or `err line column
//! message`, then `log level message` lines; [`NL`] stands for a newline.

use puppet_types::eval::{run, Options};
use puppet_types::format::{string, Format};
use puppet_types::values::Value;

/// What stands for a newline in a fixture line (not every test reads one).
#[allow(dead_code)]
pub const NL: &str = "\u{23CE}";

/// A value as the reference's recording shows it: `String(v, '%p')`, time
/// values as their nanoseconds (the reference's `%p` shows Ruby objects).
pub fn text(v: &Value) -> String {
    match v {
        Value::Timespan(t) => format!("Timespan({})", { t.nanos }),
        Value::Timestamp(t) => format!("Timestamp({})", { t.nanos }),
        Value::Array(a) => format!("[{}]", a.iter().map(text).collect::<Vec<_>>().join(", ")),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter()
                .map(|(k, x)| format!("{} => {}", text(k), text(x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => string(other, &Format::Text("%p".into())).unwrap_or_else(|e| e.into_message()),
    }
}

/// The gem's outcome of `source`, one fixture line each.
pub fn ours(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let log = match run(source, &Options::default()) {
        Ok(o) => {
            out.push(format!("ok {}", text(&o.value)));
            o.log
        }
        Err(f) => {
            let (l, c) = f
                .position
                .map_or(("-".to_string(), "-".to_string()), |(l, c)| {
                    (l.to_string(), c.to_string())
                });
            out.push(format!("err {l} {c} {}", f.error.message));
            f.log
        }
    };
    for e in log {
        out.push(format!("log {} {}", e.level.name(), e.message));
    }
    out.into_iter().map(|l| l.replace('\n', NL)).collect()
}
