//! Lookups over the fixture `spec/fixtures/hiera_env` (a global hierarchy
//! and a module's), with the answers the reference gives for them.

use super::merge::Strategy;
use super::Hiera;
use crate::env::Environment;
use crate::eval::DataSource;
use crate::values::Value;
use std::path::PathBuf;
use std::sync::Arc;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spec/fixtures/hiera_env")
}

fn hiera() -> Hiera {
    let env = Environment::new([fixture().join("modules")]);
    Hiera::new(
        Some(&fixture().join("global/hiera.yaml")),
        Some(Arc::new(env)),
    )
}

fn facts() -> Value {
    let text = std::fs::read_to_string(fixture().join("facts.yaml")).unwrap();
    crate::check::data::document::parse(&text, crate::check::data::document::Dialect::Yaml)
        .root
        .unwrap()
        .value
}

/// The text of the value of `key` merged by `merge`, or the error's message.
fn look(key: &str, merge: Option<&str>) -> String {
    let facts = facts();
    let variable = |name: &str| -> Option<Value> {
        let name = name.strip_prefix("::").unwrap_or(name);
        match name {
            "facts" => Some(facts.clone()),
            "myvar" => Some(Value::string("mv")),
            _ => match &facts {
                Value::Hash(h) => h.get(&Value::string(name)).cloned(),
                _ => None,
            },
        }
    };
    let merge = merge.map(Value::string);
    match hiera().lookup(key, merge.as_ref(), true, &variable) {
        Ok(Some(f)) => crate::eval::interpolate(&f.value),
        Ok(None) => "(not found)".to_string(),
        Err(e) => e.message.clone(),
    }
}

#[test]
fn first_takes_the_highest_level_of_the_interpolated_paths() {
    assert_eq!(look("s", None), "node");
    assert_eq!(look("osver", None), "twelve");
    assert_eq!(look("globbed", None), "a");
    assert_eq!(look("role_only", None), "web");
    assert_eq!(look("nokey", None), "(not found)");
}

#[test]
fn unique_flattens_from_the_highest_level() {
    assert_eq!(
        look("arr", Some("unique")),
        "[n1, n2, web, db, deb12, json, globbed, c1]"
    );
    assert_eq!(look("merged_b", None), "[web, db]");
    assert_eq!(
        look("h", Some("unique")),
        "Lookup of key 'h' failed: The second element of the merge has wrong type, expects a value of type Scalar or Array, got Struct"
    );
}

#[test]
fn hash_merge_keeps_the_lower_levels_keys_first() {
    assert_eq!(
        look("h", Some("hash")),
        "{nested => {x => 1}, common => 1, json => , db => true, a => node, web => true}"
    );
    assert_eq!(
        look("s", Some("hash")),
        "Lookup of key 's' failed: The first element of the merge has wrong type, expects a Hash value, got String"
    );
    assert_eq!(look("int", Some("hash")), "42");
}

#[test]
fn deep_merge_unites_arrays_and_honours_lookup_options() {
    assert_eq!(
        look("h", None),
        "{nested => {z => [3, 1, 2], x => 1, y => 2}, common => 1, json => , db => true, a => node, web => true}"
    );
    assert_eq!(
        look("arr", Some("deep")),
        "[c1, globbed, json, db, n1, web, n2]"
    );
    assert_eq!(look("knock", None), "{b => , c => [z, x], d => 4, a => 1}");
}

#[test]
fn interpolation_sees_facts_variables_and_other_keys() {
    assert_eq!(
        look("interp", None),
        "fqdn=node1.example.com k=Linux var=mv l=node lit=% sc=mv q=12"
    );
    assert_eq!(look("al", None), "[n1, n2]");
    assert_eq!(look("datamod::interp", None), "node/Debian/module");
}

#[test]
fn module_data_binds_only_its_own_keys_and_falls_back_to_its_default_hierarchy() {
    assert_eq!(look("datamod::arr", None), "[g1, m1]");
    assert_eq!(look("datamod::only", None), "module");
    assert_eq!(look("datamod::fallback", Some("unique")), "from-defaults");
    assert_eq!(look("other::key", None), "(not found)");
    assert_eq!(
        look("datamod::h", Some("unique")),
        "The second element of the merge has wrong type, expects a value of type Scalar or Array, got Struct"
    );
}

#[test]
fn dotted_keys_dig_into_the_merged_value() {
    assert_eq!(look("dig.a.b.1.c", None), "deep");
    assert_eq!(look("dig.\"x.y\"", None), "quoted");
    assert_eq!(look("dig.a.b.-1", None), "(not found)");
    assert_eq!(
        look("dig.a.b.x", None),
        "Data Provider type mismatch: Got Array when a hash-like object was expected to access value using 'x' from key 'dig.a.b.x'"
    );
    assert_eq!(look("lookup_options", None), "(not found)");
}

#[test]
fn merge_strategies_are_named_as_the_reference_names_them() {
    assert!(Strategy::of(Some(&Value::string("deep"))).is_ok());
    assert_eq!(
        Strategy::of(Some(&Value::string("bogus")))
            .unwrap_err()
            .message,
        "Unknown merge strategy: 'bogus'"
    );
}

#[test]
fn a_key_looking_itself_up_is_an_error() {
    let dir = std::env::temp_dir().join(format!("hiera_loop_{}", std::process::id()));
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(dir.join("hiera.yaml"), "version: 5\n").unwrap();
    std::fs::write(
        dir.join("data/common.yaml"),
        "a: \"%{lookup('b')}\"\nb: \"%{lookup('a')}\"\n",
    )
    .unwrap();
    let h = Hiera::new(Some(&dir.join("hiera.yaml")), None);
    let e = h.lookup("a", None, true, &|_| None).unwrap_err();
    assert_eq!(
        e.message,
        "Lookup of key 'a' failed: Lookup of key 'b' failed: Lookup of key 'a' failed: Recursive lookup detected in [a, b]"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
