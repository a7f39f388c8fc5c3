//! Fuzz target: `String.new(value, format)` never panics for any format string.
#![no_main]

use indexmap::IndexMap;
use libfuzzer_sys::fuzz_target;
use puppet_types::format::{string, Format};
use puppet_types::values::Value;

fn values() -> Vec<Value> {
    let mut map = IndexMap::new();
    map.insert(Value::from("k"), Value::from(1i64));
    map.insert(Value::from(2i64), Value::array(vec![Value::from("v")]));
    vec![
        Value::Undef,
        Value::Default,
        Value::from(false),
        Value::from(0i64),
        Value::from(-1234567i64),
        Value::from(i64::MIN),
        Value::from(3.25f64),
        Value::from(-1e300f64),
        Value::from(f64::INFINITY),
        Value::from("héllo\n\"x\""),
        Value::from(""),
        Value::array(vec![Value::from(1i64), Value::from("two"), Value::Undef]),
        Value::hash(map),
    ]
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let format = Format::Text(s.to_string());
    for v in values() {
        let _ = string(&v, &format);
    }
});
