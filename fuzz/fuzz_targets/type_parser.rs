//! Fuzz target: the type expression parser never panics, and a parsed type
//! can be displayed, generalized, normalized and tested against values.
#![no_main]

use indexmap::IndexMap;
use libfuzzer_sys::fuzz_target;
use puppet_types::types::calc::{generalize, instance_of, normalize};
use puppet_types::types::parse::parse;
use puppet_types::values::Value;

fn values() -> Vec<Value> {
    let mut map = IndexMap::new();
    map.insert(Value::from("a"), Value::from(1i64));
    map.insert(Value::from("b"), Value::array(vec![Value::Undef]));
    vec![
        Value::Undef,
        Value::Default,
        Value::from(true),
        Value::from(-3i64),
        Value::from(i64::MAX),
        Value::from(2.5f64),
        Value::from(f64::NAN),
        Value::from("abc"),
        Value::from(""),
        Value::array(vec![Value::from(1i64), Value::from("x")]),
        Value::hash(map),
    ]
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(t) = parse(s) else {
        return;
    };
    let _ = t.to_string();
    let g = generalize(&t);
    let _ = g.to_string();
    let n = normalize(&t);
    let _ = n.to_string();
    for v in values() {
        let _ = instance_of(&t, &v);
        let _ = instance_of(&n, &v);
    }
});
