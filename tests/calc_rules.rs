//! The type calculator's rules as named tests (examples of seeds 000 and 001):
//! Struct examples 1-5, Tuple examples, Boolean, Integer ranges, SemVer range
//! matches, URI constraints, Collection sizes, iteration, and `type()`.

mod calc_support;

use calc_support::Types;
use puppet_types::types::calc::{self, TypeOfMode};
use puppet_types::types::Type;
use puppet_types::values::{SemVer, Uri, Value, ValueMap};
use std::sync::Arc;

fn ty(src: &str) -> Type {
    Types::load()
        .parse(src)
        .unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn is(src: &str, v: &Value) -> bool {
    calc::instance_of(&ty(src), v)
}

fn s(x: &str) -> Value {
    Value::string(x)
}

fn hash(entries: &[(&str, Value)]) -> Value {
    let mut m = ValueMap::new();
    for (k, v) in entries {
        m.insert(s(k), v.clone());
    }
    Value::hash(m)
}

fn ints(xs: &[i64]) -> Vec<Value> {
    xs.iter().map(|i| Value::Integer(*i)).collect()
}

fn semver(x: &str) -> Value {
    Value::SemVer(Arc::new(SemVer::parse(x).unwrap()))
}

fn uri(
    scheme: Option<&str>,
    host: Option<&str>,
    path: Option<&str>,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Value {
    let o = |x: Option<&str>| x.map(str::to_string);
    Value::Uri(Arc::new(Uri {
        scheme: o(scheme),
        host: o(host),
        path: o(path),
        query: o(query),
        fragment: o(fragment),
        ..Uri::default()
    }))
}

#[test]
fn struct_examples() {
    let t1 = "Struct[{mode => Enum[read, write, update], path => String[1]}]";
    assert!(is(
        t1,
        &hash(&[("mode", s("read")), ("path", s("/etc/fstab"))])
    ));
    assert!(!is(t1, &hash(&[("mode", s("read"))])));
    let t2 = "Struct[{mode => Enum[read, write, update], path => Optional[String[1]]}]";
    assert!(is(t2, &hash(&[("mode", s("read"))])));
    assert!(is(
        t2,
        &hash(&[("mode", s("read")), ("path", Value::Undef)])
    ));
    let t3 = "Struct[{mode => Enum[read, write, update], path => Optional[String[1]], Optional[owner] => String[1]}]";
    assert!(is(t3, &hash(&[("mode", s("read"))])));
    assert!(!is(
        t3,
        &hash(&[("mode", s("read")), ("owner", Value::Undef)])
    ));
    let t4 = "Struct[{mode => Enum[read, write, update], path => Optional[String[1]], NotUndef[owner] => Optional[String[1]]}]";
    assert!(!is(t4, &hash(&[("mode", s("read"))])));
    assert!(is(
        t4,
        &hash(&[("mode", s("read")), ("owner", Value::Undef)])
    ));
}

#[test]
fn struct_examples_1_to_5() {
    let empty = hash(&[]);
    let undef = hash(&[("article", Value::Undef)]);
    assert!(is("Struct[{article => Data}]", &empty));
    assert!(is("Struct[{article => Data}]", &undef));
    assert!(!is("Struct[{article => NotUndef[Data]}]", &empty));
    assert!(!is("Struct[{article => NotUndef[Data]}]", &undef));
    assert!(!is("Struct[{NotUndef[article] => Data}]", &empty));
    assert!(is("Struct[{NotUndef[article] => Data}]", &undef));
    assert!(is("Struct[{Optional[article] => NotUndef[Data]}]", &empty));
    assert!(!is("Struct[{Optional[article] => NotUndef[Data]}]", &undef));
}

#[test]
fn struct_and_hash_assignable_both_ways() {
    let st = ty("Struct[{a => Integer, Optional[b] => String}]");
    assert!(calc::is_assignable(&ty("Hash[String, Scalar]"), &st));
    assert!(!calc::is_assignable(&st, &ty("Hash[String, Integer]")));
    assert!(calc::is_assignable(
        &ty("Struct[{a => Integer}]"),
        &ty("Struct[{a => Integer[1, 2]}]")
    ));
    assert!(calc::is_assignable(&ty("Hash"), &ty("Struct")));
}

#[test]
fn tuple_examples() {
    let v = Value::array(vec![
        s("a"),
        Value::Integer(1),
        Value::Integer(2),
        Value::Integer(3),
    ]);
    assert!(is(
        "Tuple[String, Integer]",
        &Value::array(vec![s("a"), Value::Integer(1)])
    ));
    assert!(is("Tuple[String, Integer, 1]", &v));
    assert!(is("Tuple[String, Integer, 0]", &v));
    assert!(!is("Tuple[String, Integer, 0, 2]", &v));
    assert!(is("Tuple[String, Integer, 4]", &v));
    assert!(!is("Tuple[String, Integer, 5]", &v));
    assert!(is("Tuple[String, Integer, 1, 4]", &v));
    assert!(is("Tuple[String, Integer, 1, default]", &v));
    assert!(calc::types_equal(
        &ty("Array[Integer]"),
        &ty("Tuple[Integer, 0, default]")
    ));
}

#[test]
fn boolean_examples() {
    let (t, f) = (Value::Boolean(true), Value::Boolean(false));
    assert!(is("Boolean", &t) && is("Boolean[true]", &t) && !is("Boolean[false]", &t));
    assert!(is("Boolean", &f) && !is("Boolean[true]", &f) && is("Boolean[false]", &f));
    assert!(!calc::types_equal(&ty("Boolean"), &ty("Boolean[true]")));
    assert!(!calc::types_equal(
        &ty("Boolean[false]"),
        &ty("Boolean[true]")
    ));
    assert!(calc::is_assignable(&ty("Boolean"), &ty("Boolean[true]")));
    assert!(calc::is_assignable(&ty("Boolean"), &ty("Boolean[false]")));
}

#[test]
fn integer_range_comparisons() {
    let gt = |a: &str, b: &str| {
        calc::is_assignable(&ty(a), &ty(b)) && !calc::types_equal(&ty(a), &ty(b))
    };
    assert!(gt("Integer[1, 10]", "Integer[2, 3]"));
    assert!(!calc::types_equal(
        &ty("Integer[1, 10]"),
        &ty("Integer[2, 3]")
    ));
    assert!(!gt("Integer[1, 10]", "Integer[0, 5]"));
    assert!(!gt("Integer[1, 10]", "Integer[1, 10]"));
    assert!(calc::is_assignable(
        &ty("Integer[1, 10]"),
        &ty("Integer[1, 10]")
    ));
    assert!(calc::types_equal(
        &ty("Integer[1, 10]"),
        &ty("Integer[1, 10]")
    ));
    assert!(!calc::is_assignable(&ty("Float"), &ty("Integer")));
    assert!(calc::is_assignable(&ty("Numeric"), &ty("Integer")));
}

#[test]
fn semver_range_matches() {
    let t = ty("SemVer['>1.0.0 <2.0.0']");
    assert!(calc::instance_of(&t, &semver("1.2.3")));
    assert!(!calc::instance_of(&t, &semver("2.3.4")));
    let t2 = ty("SemVer['>=1.0.0 <2.0.0', '>=3.0.0 <4.0.0']");
    assert!(calc::instance_of(&t2, &semver("1.2.3")));
    assert!(!calc::instance_of(&t2, &semver("2.5.0")));
    assert!(calc::instance_of(&t2, &semver("3.0.0")));
    assert!(!calc::instance_of(&t, &semver("1.5.0-rc1")));
    assert!(calc::is_assignable(&ty("SemVer['>=1.0.0 <4.0.0']"), &t2));
}

#[test]
fn uri_constraints() {
    let t = ty("URI[{scheme => Enum[http, https, true], query => Undef, fragment => Undef}]");
    assert!(calc::instance_of(
        &t,
        &uri(Some("http"), Some("example.com"), Some("/a/b"), None, None)
    ));
    assert!(!calc::instance_of(
        &t,
        &uri(
            Some("http"),
            Some("example.com"),
            Some("/a/b"),
            Some("x=y"),
            None
        )
    ));
    assert!(!calc::instance_of(
        &t,
        &uri(
            Some("http"),
            Some("example.com"),
            Some("/a/b"),
            None,
            Some("l22")
        )
    ));
    let hp = ty("URI[{host => NotUndef, path => NotUndef}]");
    assert!(calc::instance_of(
        &hp,
        &uri(Some("http"), Some("example.com"), Some("/a/b"), None, None)
    ));
    // The reference's URI gives 'http://example.com' the path "" (not undef), so it matches;
    // the seed says false. We follow the reference.
    assert!(calc::instance_of(
        &hp,
        &uri(Some("http"), Some("example.com"), Some(""), None, None)
    ));
    assert!(!calc::instance_of(
        &hp,
        &uri(Some("file"), None, Some("/etc/passwd"), None, None)
    ));
    let abs = ty("URI[{path => /^\\//}]");
    assert!(calc::instance_of(
        &abs,
        &uri(None, None, Some("/a/b"), None, None)
    ));
    assert!(!calc::instance_of(
        &abs,
        &uri(None, None, Some("a/b"), None, None)
    ));
}

#[test]
fn collection_sizes() {
    let a = Value::array(ints(&[1, 2, 3]));
    assert!(is("Collection[1, 3]", &a));
    assert!(!is(
        "Collection[3]",
        &hash(&[("a", Value::Integer(1)), ("b", Value::Integer(2))])
    ));
    assert!(is("Array[Integer, 0, 0]", &Value::array(vec![])));
    assert!(!is("String[1]", &s("")) && !is("String[1, 2]", &s("abc")));
}

#[test]
fn iteration_of_types() {
    let vals = calc::iterate_type(&ty("Integer[1, 5]")).unwrap();
    assert_eq!(vals, ints(&[1, 2, 3, 4, 5]));
    assert!(calc::iterate_type(&ty("Integer[0, default]")).is_err());
    let e = calc::iterate_type(&ty("Enum[b, a, c]")).unwrap();
    assert_eq!(e, vec![s("a"), s("b"), s("c")]);
    assert!(calc::is_assignable(
        &ty("Iterable[Integer]"),
        &ty("Type[Integer[1, 5]]")
    ));
    assert!(!calc::is_assignable(
        &ty("Iterable"),
        &ty("Type[Integer[1, default]]")
    ));
    assert!(is("Iterable", &Value::Integer(3)) && !is("Iterable", &Value::Integer(-1)));
}

#[test]
fn type_function_modes() {
    let v = Value::array(vec![s("a"), s("b")]);
    assert_eq!(
        calc::type_of(&v, TypeOfMode::Detailed).to_string(),
        "Tuple[String, String]"
    );
    assert_eq!(
        calc::type_of(&v, TypeOfMode::Reduced).to_string(),
        "Array[Enum['a', 'b'], 2, 2]"
    );
    assert_eq!(
        calc::type_of(&v, TypeOfMode::Generalized).to_string(),
        "Array[String[1, 1]]"
    );
    // String<a,b,c> inference lets ['a', 'b', 'c'] =~ Array[Pattern[/a-z/]] be reasoned about on types.
    let abc = calc::infer(&Value::array(vec![s("a"), s("b"), s("c")]));
    assert!(calc::is_assignable(&ty("Array[Pattern[/[a-z]/]]"), &abc));
}

#[test]
fn describe_mismatch_messages() {
    let d = |t: &str, v: &Value| calc::describe_mismatch(&ty(t), v, None);
    assert_eq!(d("Integer", &Value::Integer(1)), None);
    assert_eq!(
        d("Optional[String]", &Value::Integer(1)).unwrap(),
        "expects a value of type Undef or String, got Integer"
    );
    let svc = hash(&[
        ("name", s("web")),
        ("port", s("80")),
        ("tags", Value::array(vec![])),
    ]);
    assert_eq!(
        d(
            "Struct[{name => String[1], port => Integer[0, 65535], tags => Array[String]}]",
            &svc
        )
        .unwrap(),
        "entry 'port' expects an Integer value, got String"
    );
    assert_eq!(
        d("Array[String, 1]", &Value::array(vec![])).unwrap(),
        "expects size to be at least 1, got 0"
    );
    assert_eq!(
        calc::describe_mismatch(&ty("Integer"), &s("x"), Some("parameter 'port'")).unwrap(),
        "parameter 'port' expects an Integer value, got String"
    );
}

#[test]
fn size_mismatches_of_a_variant_merge_into_the_range_covering_all() {
    use puppet_types::types::calc::describe_mismatch;
    let one = Value::array(ints(&[1]));
    let said = |t: &str| describe_mismatch(&ty(t), &one, Some("x"));
    // the reference's messages (TypeMismatchDescriber)
    assert_eq!(
        said("Variant[Array[Integer, 2, 3], Array[String, 5, 6]]").as_deref(),
        Some("x expects size to be between 2 and 6, got 1")
    );
    assert_eq!(
        said("Variant[Array[Integer, 2], Array[Integer, 5, 6]]").as_deref(),
        Some("x expects size to be at least 2, got 1")
    );
}
