//! Unit tests naming the seed rules they check (types built with `Type::from_kind`).

use super::*;
use crate::types::{IntRange, Type, TypeKind as K};
use crate::values::{Value, ValueMap};
use std::sync::Arc;

fn t(k: K) -> Type {
    Type::from_kind(k)
}
fn int(from: Option<i64>, to: Option<i64>) -> Type {
    t(K::Integer(IntRange::new(from, to)))
}
fn string() -> Type {
    t(K::String {
        size: None,
        value: None,
    })
}
fn string_sized(from: i64, to: Option<i64>) -> Type {
    t(K::String {
        size: Some(IntRange::new(Some(from), to)),
        value: None,
    })
}
fn strv(s: &str) -> Type {
    t(K::String {
        size: None,
        value: Some(s.into()),
    })
}
fn enum_(vs: &[&str]) -> Type {
    t(K::Enum {
        values: vs.iter().map(|v| crate::types::SmolStr::from(*v)).collect(),
        case_insensitive: false,
    })
}
fn optional(x: Type) -> Type {
    t(K::Optional(Some(x)))
}
fn not_undef(x: Type) -> Type {
    t(K::NotUndef(Some(x)))
}
fn tuple(ts: Vec<Type>, size: Option<(i64, Option<i64>)>) -> Type {
    t(K::Tuple {
        types: Some(ts),
        size: size.map(|(a, b)| IntRange::new(Some(a), b)),
    })
}
fn array(e: Type) -> Type {
    t(K::Array {
        element: e,
        size: None,
    })
}
/// A Struct from (key, value) pairs; keys are `strv`, `optional(strv)` or `not_undef(strv)`.
fn struct_(es: Vec<(Type, Type)>) -> Type {
    use crate::types::factory::{struct_of, KeyMode};
    let entries = es
        .into_iter()
        .map(|(k, v)| {
            let (inner, mode) = match k.kind() {
                K::Optional(Some(i)) => (i.clone(), KeyMode::Optional),
                K::NotUndef(Some(i)) => (i.clone(), KeyMode::NotUndef),
                _ => (k.clone(), KeyMode::Plain),
            };
            let K::String { value: Some(n), .. } = inner.kind() else {
                panic!("bad key")
            };
            (Arc::from(n.as_str()), mode, v)
        })
        .collect();
    struct_of(entries).expect("valid struct")
}
fn s(x: &str) -> Value {
    Value::string(x)
}
fn arr(v: Vec<Value>) -> Value {
    Value::array(v)
}
fn hash(v: Vec<(&str, Value)>) -> Value {
    let mut m = ValueMap::new();
    for (k, x) in v {
        m.insert(s(k), x);
    }
    Value::hash(m)
}

#[test]
fn struct_example_1_mandatory_keys() {
    let st = struct_(vec![
        (strv("mode"), enum_(&["read", "write", "update"])),
        (strv("path"), string_sized(1, None)),
    ]);
    assert!(instance_of(
        &st,
        &hash(vec![("mode", s("read")), ("path", s("/etc/fstab"))])
    ));
    assert!(!instance_of(&st, &hash(vec![("mode", s("read"))])));
    assert!(!instance_of(
        &st,
        &hash(vec![("mode", s("read")), ("path", s(""))])
    ));
    assert!(!instance_of(
        &st,
        &hash(vec![("mode", s("exec")), ("path", s("/x"))])
    ));
    assert!(!instance_of(
        &st,
        &hash(vec![
            ("mode", s("read")),
            ("path", s("/x")),
            ("extra", s("y"))
        ])
    ));
}

#[test]
fn struct_example_2_optional_by_value_type() {
    let st = struct_(vec![(strv("article"), data_type().clone())]);
    assert!(instance_of(&st, &hash(vec![])));
    assert!(instance_of(&st, &hash(vec![("article", Value::Undef)])));
}

#[test]
fn struct_example_3_not_undef_value() {
    let st = struct_(vec![(strv("article"), not_undef(data_type().clone()))]);
    assert!(!instance_of(&st, &hash(vec![])));
    assert!(!instance_of(&st, &hash(vec![("article", Value::Undef)])));
    assert!(instance_of(&st, &hash(vec![("article", s("x"))])));
}

#[test]
fn struct_example_4_not_undef_key() {
    let st = struct_(vec![(not_undef(strv("article")), data_type().clone())]);
    assert!(!instance_of(&st, &hash(vec![])));
    assert!(instance_of(&st, &hash(vec![("article", Value::Undef)])));
}

#[test]
fn struct_example_5_optional_key() {
    let st = struct_(vec![(
        optional(strv("article")),
        not_undef(data_type().clone()),
    )]);
    assert!(instance_of(&st, &hash(vec![])));
    assert!(!instance_of(&st, &hash(vec![("article", Value::Undef)])));
    assert!(instance_of(
        &st,
        &hash(vec![("article", Value::Integer(1))])
    ));
}

#[test]
fn tuple_examples() {
    let v = arr(vec![
        s("a"),
        Value::Integer(1),
        Value::Integer(2),
        Value::Integer(3),
    ]);
    let si = || vec![string(), int(None, None)];
    assert!(instance_of(
        &tuple(si(), None),
        &arr(vec![s("a"), Value::Integer(1)])
    ));
    assert!(instance_of(&tuple(si(), Some((1, None))), &v));
    assert!(instance_of(&tuple(si(), Some((0, None))), &v));
    assert!(!instance_of(&tuple(si(), Some((0, Some(2)))), &v));
    assert!(instance_of(&tuple(si(), Some((4, None))), &v));
    assert!(!instance_of(&tuple(si(), Some((5, None))), &v));
}

#[test]
fn boolean_instances_and_assignability() {
    let b = t(K::Boolean(None));
    let bt = t(K::Boolean(Some(true)));
    let bf = t(K::Boolean(Some(false)));
    assert!(instance_of(&b, &Value::Boolean(true)));
    assert!(instance_of(&bt, &Value::Boolean(true)));
    assert!(!instance_of(&bf, &Value::Boolean(true)));
    assert!(instance_of(&bf, &Value::Boolean(false)));
    assert!(!types_equal(&b, &bt));
    assert!(!types_equal(&bf, &bt));
    assert!(is_assignable(&b, &bt) && !is_assignable(&bt, &b));
    assert!(is_assignable(&b, &bf) && !is_assignable(&bf, &b));
}

#[test]
fn integer_range_comparisons() {
    let r110 = int(Some(1), Some(10));
    assert!(
        is_assignable(&r110, &int(Some(2), Some(3))) && !types_equal(&r110, &int(Some(2), Some(3)))
    );
    assert!(!is_assignable(&r110, &int(Some(0), Some(5))));
    assert!(types_equal(&r110, &int(Some(1), Some(10))));
    assert!(instance_of(&r110, &Value::Integer(10)));
    assert!(!instance_of(&r110, &Value::Integer(11)));
    assert!(!is_assignable(&t(K::Float(None, None)), &int(None, None)));
}

#[test]
fn recursive_alias_terminates() {
    // type IntegerTree = Array[Variant[Integer, IntegerTree]]
    let a = Arc::new(crate::types::TypeAlias::new("IntegerTree"));
    let tree = t(K::Alias(a.clone()));
    a.resolve(array(t(K::Variant(vec![int(None, None), tree.clone()]))));
    let v = arr(vec![
        Value::Integer(1),
        arr(vec![Value::Integer(2), arr(vec![])]),
    ]);
    assert!(instance_of(&tree, &v));
    assert!(!instance_of(&tree, &arr(vec![s("x")])));
    assert!(is_assignable(&tree, &tree.clone()));
    // A self-referential alias with no real type never loops.
    let b = Arc::new(crate::types::TypeAlias::new("Loop"));
    let lp = t(K::Alias(b.clone()));
    b.resolve(t(K::Variant(vec![lp.clone(), lp.clone()])));
    assert!(!instance_of(&lp, &Value::Integer(1)));
    assert!(is_assignable(&lp, &lp.clone()));
    let _ = is_assignable(&lp, &int(None, None));
    // Mutually referring aliases with no real type, against everything.
    let (x, y) = (
        Arc::new(crate::types::TypeAlias::new("X")),
        Arc::new(crate::types::TypeAlias::new("Y")),
    );
    let (tx, ty) = (t(K::Alias(x.clone())), t(K::Alias(y.clone())));
    x.resolve(t(K::Variant(vec![ty.clone(), array(tx.clone())])));
    y.resolve(t(K::Variant(vec![tx.clone(), ty.clone(), lp.clone()])));
    for a in [&tx, &ty, &lp, &tree] {
        for b in [&tx, &ty, &lp, &tree, data_type()] {
            let _ = is_assignable(a, b);
            let _ = common_type(a, b);
            let _ = describe_types(a, b, "");
        }
        let _ = instance_of(a, &arr(vec![arr(vec![Value::Integer(1)])]));
        let _ = normalize(a);
        let _ = type_to_s(a);
    }
}

#[test]
fn data_nested_past_the_limit_stops_the_walks_with_an_error() {
    use crate::stop::{count, take, Stop};
    let failed = |since| matches!(take(since), Some(Stop::Failed(e)) if e.message.contains("nested more than 10000 levels"));
    let mut v = Value::Integer(1);
    for _ in 0..100_000 {
        v = arr(vec![v]);
    }
    let since = count();
    assert!(!instance_of(data_type(), &v));
    assert!(failed(since));
    let since = count();
    let _ = infer(&v);
    assert!(failed(since));
    let since = count();
    let _ = infer_set(&v);
    assert!(failed(since));
    let since = count();
    assert!(describe_mismatch(data_type(), &v, None).is_none());
    assert!(failed(since));
    // (dropped on more stack as it goes: see `Value`'s drop)
    drop(v);
}

#[test]
fn data_accepts_json_like_values() {
    let v = hash(vec![(
        "a",
        arr(vec![
            Value::Integer(1),
            Value::Float(2.0),
            Value::Undef,
            s("x"),
        ]),
    )]);
    assert!(instance_of(data_type(), &v));
    let mut m = ValueMap::new();
    m.insert(Value::Integer(1), Value::Integer(1));
    assert!(!instance_of(data_type(), &Value::hash(m.clone())));
    assert!(instance_of(rich_data_type(), &Value::hash(m)));
}

/// Seed 001 (Variant): Integer ranges merge when they overlap or touch, Float
/// and Timespan ranges when they overlap; the merged ranges come first, and a
/// Variant where nothing merged stays as written. (The reference crashes with a
/// NoMethodError on Timespans that do not overlap; they are kept apart here.)
#[test]
fn normalize_merges_ranges() {
    let ts = |a: i64, b: i64| {
        t(K::Timespan(
            Some(crate::values::Timespan::from_seconds(a).into()),
            Some(crate::values::Timespan::from_seconds(b).into()),
        ))
    };
    let fl = |a: f64, b: f64| t(K::Float(Some(a), Some(b)));
    let n = |ts: Vec<Type>| normalize(&t(K::Variant(ts))).to_string();
    assert_eq!(
        n(vec![int(Some(1), Some(2)), int(Some(3), Some(4))]),
        "Integer[1, 4]"
    );
    assert_eq!(n(vec![fl(1.0, 2.0), fl(1.5, 3.0)]), "Float[1.0, 3.0]");
    assert_eq!(
        n(vec![fl(1.0, 2.0), fl(2.5, 3.0)]),
        "Variant[Float[1.0, 2.0], Float[2.5, 3.0]]"
    );
    assert_eq!(
        n(vec![ts(1, 2), ts(2, 3)]),
        "Timespan['0-00:00:01.0', '0-00:00:03.0']"
    );
    assert_eq!(
        n(vec![string(), ts(1, 2), ts(2, 4)]),
        "Variant[Timespan['0-00:00:01.0', '0-00:00:04.0'], String]"
    );
    assert_eq!(
        n(vec![string(), ts(1, 2), ts(3, 4)]),
        "Variant[String, Timespan['0-00:00:01.0', '0-00:00:02.0'], Timespan['0-00:00:03.0', '0-00:00:04.0']]"
    );
}

/// Seed 001, `type(v, 'detailed')`: the type of an array is the Tuple of its
/// elements' types. Inferred together, the elements share cached types
/// (keys, repeated strings and integers, equal small arrays); each must still
/// be the type the element has on its own.
#[test]
fn infer_set_of_many_values_is_the_tuple_of_each_values_type() {
    let words = ["web", "prod", "db", "a", "b"];
    let items: Vec<Value> = (0..3000i64)
        .map(|i| {
            let w = |k: i64| s(words[(k % 5) as usize]);
            let mut entries = vec![
                ("name", s(&format!("svc{}", i % 700))),
                ("port", Value::Integer((i * 37) % 1000)),
                ("tags", arr(vec![w(i), w(i + 1)])),
                ("pair", arr(vec![Value::Integer(i % 3), w(i)])),
                // 7 and 4103 share a slot of the integer cache, in turn
                (
                    "slot",
                    arr(vec![Value::Integer(7 + 4096 * (i % 2)), s("x")]),
                ),
            ];
            if i % 2 == 1 {
                entries.push(("extra", Value::Undef));
            }
            hash(entries)
        })
        .collect();
    let whole = infer_set(&arr(items.clone()));
    let K::Tuple {
        types: Some(types), ..
    } = whole.kind()
    else {
        panic!("not a tuple: {whole}")
    };
    assert_eq!(types.len(), items.len());
    for (t, v) in types.iter().zip(&items) {
        assert_eq!(t, &infer_set(v));
        assert_eq!(t.to_string(), infer_set(v).to_string());
    }
}

/// Seed 001, ∪ of strings: inferring a collection merges its strings into one
/// Enum at once, with the very result of folding `common_type` one at a time.
#[test]
fn common_type_of_many_strings_is_the_fold() {
    let mut state: u64 = 7;
    let mut next = move |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for round in 0..300 {
        let len = 1 + next(40) as usize;
        let types: Vec<Type> = (0..len)
            .map(|_| match next(10) {
                0 => int(Some(next(5) as i64), Some(5)),
                1 => string(),
                2 => t(K::Undef),
                3 => enum_(&["b", "x"]),
                _ => strv(&format!("s{}", next(12))),
            })
            .collect();
        let folded = types.iter().cloned().fold(None, |acc: Option<Type>, x| {
            Some(match acc {
                None => x,
                Some(a) => common_type(&a, &x),
            })
        });
        let mut common = super::infer::CommonOf::default();
        for x in &types {
            common.add(x.clone());
        }
        assert_eq!(common.finish(), folded, "round {round}: {types:?}");
    }
}

#[test]
fn an_unresolved_reference_in_an_alias_body_is_described_as_unresolved() {
    // type Broken = Optional[Nowhere], and an alias of a list of it, recursive
    let broken = Arc::new(crate::types::TypeAlias::new("Broken"));
    broken.resolve(t(K::Optional(Some(t(K::TypeReference("Nowhere".into()))))));
    let list = Arc::new(crate::types::TypeAlias::new("List"));
    let list_t = t(K::Alias(list.clone()));
    list.resolve(array(t(K::Variant(vec![
        t(K::Alias(broken.clone())),
        list_t.clone(),
    ]))));
    for ty in [t(K::Alias(broken)), list_t] {
        assert_eq!(
            describe::describe_mismatch(&ty, &Value::Integer(1), Some("assert_type():")).as_deref(),
            Some("assert_type(): references an unresolved type 'Nowhere'")
        );
    }
}
