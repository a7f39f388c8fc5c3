//! The TypeFactory and `create` as other parts of the crate use them: every
//! expected text below is what the reference prints for the same type.

use puppet_types::types::construct::parameters::create;
use puppet_types::types::factory as tf;
use puppet_types::types::{TypeAlias, TypeKind};
use puppet_types::values::{Regexp, Value};
use puppet_types::ErrorKind;
use std::sync::Arc;

fn t(v: puppet_types::Type) -> Value {
    Value::Type(v)
}

#[test]
fn parameterless_types_print_their_name() {
    let cases = [
        (tf::any(), "Any"),
        (tf::undef(), "Undef"),
        (tf::default(), "Default"),
        (tf::scalar(), "Scalar"),
        (tf::scalar_data(), "ScalarData"),
        (tf::numeric(), "Numeric"),
        (tf::integer(), "Integer"),
        (tf::float(), "Float"),
        (tf::string(), "String"),
        (tf::boolean(), "Boolean"),
        (tf::binary(), "Binary"),
        (tf::collection(), "Collection"),
        (tf::array_of_any(), "Array"),
        (tf::hash_of_any(), "Hash"),
        (tf::catalog_entry(), "CatalogEntry"),
        (tf::data(), "Data"),
        (tf::rich_data(), "RichData"),
        (tf::object(), "Object[{}]"),
    ];
    for (ty, want) in cases {
        assert_eq!(ty.to_string(), want);
    }
}

#[test]
fn collections_with_sizes() {
    assert_eq!(
        tf::array_of_size(tf::string(), Some(1), None)
            .unwrap()
            .to_string(),
        "Array[String, 1]"
    );
    assert_eq!(
        tf::hash_kv(tf::string(), tf::data()).to_string(),
        "Hash[String, Data]"
    );
    assert_eq!(
        tf::collection_size(Some(2), Some(3)).unwrap().to_string(),
        "Collection[2, 3]"
    );
    let e = tf::array_of_size(tf::string(), Some(3), Some(2)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Type);
}

#[test]
fn pattern_and_regexp_quoting() {
    let p = tf::pattern(vec![
        Regexp::new("\\A[a-z].*").unwrap(),
        Regexp::new("a/b").unwrap(),
    ]);
    assert_eq!(p.to_string(), "Pattern[/\\A[a-z].*/, /a\\/b/]");
    assert_eq!(
        tf::regexp(Some(Regexp::new("x").unwrap())).to_string(),
        "Regexp[/x/]"
    );
}

#[test]
fn struct_from_create() {
    let mut m = puppet_types::values::ValueMap::new();
    m.insert(
        Value::string("mode"),
        t(tf::enum_of(&["read", "write", "update"])),
    );
    m.insert(
        t(tf::optional(Some(tf::string_value("owner")))),
        t(tf::string_size(Some(1), None).unwrap()),
    );
    let s = create("Struct", &[Value::hash(m)]).unwrap();
    assert_eq!(
        s.to_string(),
        "Struct[{'mode' => Enum['read', 'update', 'write'], Optional['owner'] => String[1]}]"
    );
}

#[test]
fn recursive_alias_prints_without_looping() {
    let alias = Arc::new(TypeAlias::new("IntegerTree"));
    let me = tf::type_alias(alias.clone());
    alias.resolve(tf::array_of(tf::variant(vec![tf::integer(), me.clone()])));
    assert_eq!(
        me.to_string(),
        "IntegerTree = Array[Variant[Integer, IntegerTree]]"
    );
    assert_eq!(tf::array_of(me.clone()).to_string(), "Array[IntegerTree]");
    assert!(matches!(me.kind(), TypeKind::Alias(_)));
    assert_eq!(me, me.clone());
}

#[test]
fn create_rejects_parameters_of_plain_types() {
    for name in ["Any", "Undef", "Scalar", "Numeric", "Data", "Binary"] {
        let e = create(name, &[Value::Integer(1)]).unwrap_err();
        assert_eq!(e.message, format!("Not a parameterized type <{name}>"));
    }
}

#[test]
fn timespan_and_timestamp_bounds() {
    assert_eq!(
        create("Timespan", &[1.into(), 2.into()])
            .unwrap()
            .to_string(),
        "Timespan['0-00:00:01.0', '0-00:00:02.0']"
    );
    assert_eq!(
        create("Timestamp", &[1.into()]).unwrap().to_string(),
        "Timestamp['1970-01-01T00:00:01.000000000 UTC']"
    );
}

#[test]
fn uri_from_string_and_timestamp_from_string() {
    assert_eq!(
        create("URI", &[Value::string("http://x")])
            .unwrap()
            .to_string(),
        "URI[{'scheme' => 'http', 'host' => 'x'}]"
    );
    assert_eq!(
        create("URI", &[Value::string("http://user@host:8080/path?q=1#frag")])
            .unwrap()
            .to_string(),
        "URI[{'scheme' => 'http', 'userinfo' => 'user', 'host' => 'host', 'port' => '8080', 'path' => '/path', 'query' => 'q=1', 'fragment' => 'frag'}]"
    );
    assert!(create("URI", &[Value::string("/relative")]).is_err());
    assert_eq!(
        create("Timestamp", &[Value::string("2020-01-01T10:00:00+02:00")])
            .unwrap()
            .to_string(),
        "Timestamp['2020-01-01T08:00:00.000000000 UTC']"
    );
}

const EQUALITY: &str = include_str!("fixtures/types/equality.tsv");

/// `==` on types agrees with the reference's for the pairs of
/// `tests/fixtures/types/equality.tsv` (from `tools/ref_types.rb`).
#[test]
fn type_equality_as_the_reference() {
    let mut failures = Vec::new();
    for line in EQUALITY.lines().filter(|l| !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let a = puppet_types::types::parse::parse(cols[0]).unwrap();
        let b = puppet_types::types::parse::parse(cols[1]).unwrap();
        let want = cols[2] == "true";
        if (a == b) != want {
            failures.push(format!("{} == {}: want {want}", cols[0], cols[1]));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The reference prints an unsized `Array[Unit]` (generalising `[]` gives it)
/// with its element type; only a size of exactly 0 prints as `Array[0, 0]`.
#[test]
fn unit_collections_print_by_size() {
    assert_eq!(tf::array_of(tf::unit()).to_string(), "Array[Unit]");
    assert_eq!(
        tf::hash_kv(tf::unit(), tf::unit()).to_string(),
        "Hash[Unit, Unit]"
    );
    assert_eq!(tf::array_empty().to_string(), "Array[0, 0]");
    assert_eq!(tf::hash_empty().to_string(), "Hash[0, 0]");
    assert_eq!(
        tf::array_of_size(tf::integer(), Some(0), Some(0))
            .unwrap()
            .to_string(),
        "Array[0, 0]"
    );
}

/// `RichDataKey` is a built-in alias of the reference's TypeParser, printed
/// by name and not parameterisable.
#[test]
fn rich_data_key_is_builtin() {
    let t = create("RichDataKey", &[]).unwrap();
    let TypeKind::Alias(a) = t.kind() else {
        panic!("RichDataKey is not an alias: {t}")
    };
    assert_eq!(t.to_string(), "RichDataKey");
    assert_eq!(
        a.resolved().unwrap().to_string(),
        "Variant[String, Numeric]"
    );
    let e = create("RichDataKey", &[Value::Integer(1)]).unwrap_err();
    assert_eq!(e.message, "Not a parameterized type <RichDataKey>");
}
