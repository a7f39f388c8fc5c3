//! Timings of the type calculator workloads of issue 3 (Rust side only; the
//! reference side is `ruby tools/bench_calc_ref.rb`, and `rake bench` compares
//! both through the Ruby binding). Run: `cargo bench --bench calc`.

use puppet_types::types::calc;
use puppet_types::types::factory::{self as tf, KeyMode};
use puppet_types::types::Type;
use puppet_types::values::{Value, ValueMap};
use std::hint::black_box;
use std::time::Duration;

mod common;

/// The best of five rounds (the machine is shared, so the minimum is the signal).
fn time<F: FnMut()>(name: &str, iters: u32, mut f: F) -> Duration {
    f();
    let best = common::best_of_five(iters, f);
    println!("{name:<48} {best:>12.2?} per call");
    best
}

fn st(entries: Vec<(&str, Type)>) -> Type {
    tf::struct_of(
        entries
            .into_iter()
            .map(|(k, t)| (k.into(), KeyMode::Plain, t))
            .collect(),
    )
    .unwrap()
}

fn service(i: usize) -> Value {
    let mut m = ValueMap::new();
    m.insert(Value::string("name"), Value::string(format!("web{i}")));
    m.insert(Value::string("port"), Value::Integer((i % 65536) as i64));
    m.insert(
        Value::string("tags"),
        Value::array(vec![Value::string("a"), Value::string("b")]),
    );
    Value::hash(m)
}

fn main() {
    let s1 = tf::string_size(Some(1), None).unwrap();
    let port = tf::range(Some(0), Some(65535)).unwrap();
    let tags = tf::array_of(tf::string());
    let five = st(vec![
        ("name", s1.clone()),
        ("port", port.clone()),
        ("tags", tags.clone()),
        ("enabled", tf::boolean()),
        ("weight", tf::float()),
    ]);
    let mut m = ValueMap::new();
    m.insert(Value::string("name"), Value::string("web"));
    m.insert(Value::string("port"), Value::Integer(80));
    m.insert(
        Value::string("tags"),
        Value::array(vec![Value::string("a")]),
    );
    m.insert(Value::string("enabled"), Value::Boolean(true));
    m.insert(Value::string("weight"), Value::Float(0.5));
    let h = Value::hash(m);
    assert!(calc::instance_of(&five, &h));
    time("Struct (5 keys) instance? matching Hash", 200_000, || {
        black_box(calc::instance_of(black_box(&five), black_box(&h)));
    });

    let svc = tf::array_of(st(vec![("name", s1), ("port", port), ("tags", tags)]));
    let data = Value::array((0..10_000).map(service).collect());
    assert!(calc::instance_of(&svc, &data));
    time("Array[Struct[...]] instance? 10,000 hashes", 50, || {
        black_box(calc::instance_of(black_box(&svc), black_box(&data)));
    });
    time("infer_set of 10,000 hashes", 20, || {
        black_box(calc::infer_set(black_box(&data)));
    });
    let mut keep = Vec::new();
    time(
        "infer_set of 10,000 hashes (result not dropped)",
        20,
        || {
            keep.push(calc::infer_set(black_box(&data)));
        },
    );
    drop(keep);

    let a = tf::variant(vec![
        tf::range(Some(0), Some(100)).unwrap(),
        tf::string(),
        tf::array_of(tf::string()),
        tf::hash_kv(tf::string(), tf::data()),
        tf::enum_of(&["a", "b", "c"]),
        tf::boolean(),
    ]);
    let b = tf::variant(vec![
        tf::range(Some(1), Some(10)).unwrap(),
        tf::enum_of(&["x", "y"]),
        tf::array_of(tf::enum_of(&["p"])),
        tf::boolean_value(true),
    ]);
    assert!(calc::is_assignable(&a, &b));
    time("assignable? Variant vs Variant", 200_000, || {
        black_box(calc::is_assignable(black_box(&a), black_box(&b)));
    });
}
