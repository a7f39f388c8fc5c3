//! DataCheck over the fixture module path `tests/fixtures/data/modulepath`
//! (a `web` module with aliases, a defined-type alias and module data, a
//! `lib` module of aliases and functions, a `broken` module).

use super::*;
use crate::check::Severity;
use std::path::Path;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/data")
}

fn checker(strict: bool) -> DataCheck {
    let env = Arc::new(Environment::new([fixtures().join("modulepath")]));
    DataCheck::new(env).strict(strict)
}

fn check(yaml: &str) -> Vec<Diagnostic> {
    checker(false).check_text(yaml, None, Dialect::Yaml, Scope::Environment)
}

fn one(yaml: &str) -> Diagnostic {
    let found = check(yaml);
    assert_eq!(found.len(), 1, "{found:#?}");
    found.into_iter().next().unwrap()
}

#[test]
fn a_wrong_value_gets_the_compile_s_message_at_its_node() {
    let d = one("web::sendfile: 'yes'\n");
    assert_eq!(d.code, Code::TYPE_MISMATCH);
    assert_eq!(
        d.message,
        "Class[Web]: parameter 'sendfile' expects a match for Enum['Off', 'On', 'off', 'on'], got 'yes'"
    );
    assert_eq!((d.line, d.column), (Some(1), Some(16)));
    let k = d.data_key.unwrap();
    assert_eq!(
        (&*k.key, k.class_name.as_deref(), k.parameter.as_deref()),
        ("web::sendfile", Some("web"), Some("sendfile"))
    );
}

#[test]
fn aliases_print_as_the_reference_prints_them() {
    let d = one("web::port: 0\n");
    assert_eq!(
        d.message,
        "Class[Web]: parameter 'port' expects a Lib::Port = Integer[1, 65535] value, got Integer[0, 0]"
    );
}

#[test]
fn nested_mistakes_point_at_their_own_line() {
    let d = one("web::default_vhost:\n  host: example.com\n  aliases:\n    - a\n    - 1\n");
    assert_eq!(
        d.message,
        "Class[Web]: parameter 'default_vhost' entry 'aliases' index 1 expects a String value, got Integer"
    );
    assert_eq!((d.line, d.column), (Some(5), Some(7)));
    let d = one("web::vhosts:\n  main:\n    docroot: /srv\n    ssl: 'true'\n");
    assert_eq!(d.line, Some(4));
}

#[test]
fn several_problems_of_one_value_are_lines_of_one_message() {
    let d = one("web::modules: ['', 3]\n");
    assert_eq!(
        d.message,
        "Class[Web]:\n  parameter 'modules' index 0 expects a String[1] value, got String\n  parameter 'modules' index 1 expects a String value, got Integer"
    );
    assert_eq!(d.column, Some(16));
}

#[test]
fn undef_leaves_a_default_but_not_a_required_parameter() {
    assert!(check("web::workers: ~\n").is_empty());
    assert_eq!(
        one("web::docroot: ~\n").message,
        "Class[Web]: parameter 'docroot' expects a String value, got Undef"
    );
}

#[test]
fn unknown_parameters_and_classes_suggest_close_names() {
    let d = one("web::sendfiel: 'On'\n");
    assert_eq!(d.code, Code::UNKNOWN_PARAMETER);
    assert_eq!(
        d.message,
        "Class[Web]: has no parameter named 'sendfiel' (did you mean 'sendfile'?)"
    );
    let d = one("web::mod::sssl::compression: true\n");
    assert_eq!(d.code, Code::UNKNOWN_CLASS);
    assert!(
        d.message.ends_with("(did you mean 'web::mod::ssl'?)"),
        "{}",
        d.message
    );
}

#[test]
fn keys_that_bind_no_parameter_are_left_alone_unless_strict() {
    let yaml = "plain_key: 1\nnosuch::thing: 1\nlib::greeting_text: hi\n";
    assert!(check(yaml).is_empty());
    let strict = checker(true).check_text(yaml, None, Dialect::Yaml, Scope::Environment);
    let codes: Vec<_> = strict.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [Code::UNBOUND_KEY, Code::UNKNOWN_CLASS, Code::UNBOUND_KEY]
    );
    let d = one("'::web::port': 80\n");
    assert_eq!(d.code, Code::UNBOUND_KEY);
    assert!(d.message.contains("did you mean 'web::port'?"));
}

#[test]
fn values_hiera_finishes_later_are_checked_as_far_as_they_can_be() {
    assert!(check("web::sendfile: \"%{facts.sendfile}\"\n").is_empty());
    assert!(check("web::port: \"%{alias('x::port')}\"\n").is_empty());
    assert!(check("web::mod::ssl::key_password: ENC[PKCS7,MIIBiQYJ]\n").is_empty());
    assert!(check("web::modules:\n  - '%{facts.a}'\n  - ENC[PKCS7,x]\n").is_empty());
    let d = one("web::port: \"%{facts.port}\"\n");
    assert_eq!(d.code, Code::TYPE_MISMATCH);
    let d = one("web::docroot: \"/srv/%{alias('x')}\"\n");
    assert_eq!(d.code, Code::INVALID_INTERPOLATION);
    assert_eq!(
        d.message,
        "'alias' interpolation is only permitted if the expression is equal to the entire string"
    );
    assert!(check("web::sendfile: \"%{literal('O')}n\"\n").is_empty());
}

#[test]
fn lookup_options_change_what_is_checked_and_are_checked_themselves() {
    let yaml = "lookup_options:\n  web::vhosts:\n    merge: deep\n  web::mod::ssl::key_password:\n    convert_to: Sensitive\nweb::vhosts:\n  other:\n    port: 80\nweb::mod::ssl::key_password: secret\n";
    assert!(check(yaml).is_empty(), "{:#?}", check(yaml));
    let d = one("lookup_options:\n  web::vhosts:\n    merge: deeep\n");
    assert_eq!(d.code, Code::INVALID_LOOKUP_OPTIONS);
    assert_eq!(d.message, "Unknown merge strategy: 'deeep'");
    assert_eq!(d.line, Some(3));
}

#[test]
fn bad_files_are_one_diagnostic_each() {
    let d = one("web::port: [1\nweb::x: 2\n");
    assert_eq!(d.code, Code::DATA_SYNTAX_ERROR);
    assert!(d.line.is_some());
    let d = one("web::docroot: 2024-01-15\n");
    assert_eq!(d.code, Code::UNLOADABLE_DATA);
    assert_eq!(
        d.message,
        "Unable to parse: Tried to load unspecified class: Date"
    );
    let d = one("- a\n- b\n");
    assert_eq!(d.code, Code::DATA_NOT_A_HASH);
    assert_eq!(d.severity, Severity::Warning);
    let found = check("web::port: 1\nweb::port: 0\n");
    let codes: Vec<_> = found.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::DUPLICATE_DATA_KEY, Code::TYPE_MISMATCH]);
    assert_eq!(found[1].line, Some(2));
    let d = one("web::port: :sym\n");
    assert_eq!(d.code, Code::UNLOADABLE_DATA);
    let d = one("web::anything:\n  a: 1\n  true: 1\n");
    assert_eq!(
        d.message,
        "Value for key 'web::anything' has wrong type, expects Puppet::LookupValue, got Hash[ScalarData, Integer[1, 1], 2, 2]"
    );
    assert!(check("web::anything: 123456789012345678901234567890\n").is_empty());
    let deep = format!("web::anything: {}{}\n", "[".repeat(600), "]".repeat(600));
    assert_eq!(one(&deep).code, Code::DATA_LIMIT);
    let mut laughs = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 0..8 {
        let prev = (b'a' + i) as char;
        let next = (b'a' + i + 1) as char;
        laughs.push_str(&format!("{next}: &{next} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
    }
    assert_eq!(one(&laughs).code, Code::DATA_LIMIT);
}

#[test]
fn anchors_aliases_and_merge_keys_load_as_psych_loads_them() {
    let yaml =
        "base: &base\n  host: a\n  aliases: []\nweb::default_vhost:\n  <<: *base\n  aliases: [1]\n";
    let d = one(yaml);
    assert_eq!(
        d.message,
        "Class[Web]: parameter 'default_vhost' entry 'aliases' index 0 expects a String value, got Integer"
    );
    assert_eq!(d.line, Some(6));
    assert!(check("ok: &ok [a, b]\nweb::modules: *ok\n").is_empty());
}

#[test]
fn module_data_is_for_the_module_s_own_keys() {
    let found = checker(false).check_text(
        "web::port: 8080\nntp::servers: [a]\n",
        None,
        Dialect::Yaml,
        Scope::Module(Arc::from("web")),
    );
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].code, Code::MODULE_DATA_KEY);
}

#[test]
fn json_data_is_read_as_json() {
    let c = checker(false);
    let found = c.check_text(
        "{\"web::port\": 1e3, \"web::sendfile\": \"yes\"}",
        None,
        Dialect::Json,
        Scope::Environment,
    );
    let codes: Vec<_> = found.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [Code::TYPE_MISMATCH, Code::TYPE_MISMATCH],
        "{found:#?}"
    );
    assert!(found[0].message.contains("got Float"));
    let found = c.check_text("{\"a\": }", None, Dialect::Json, Scope::Environment);
    assert_eq!(found[0].code, Code::DATA_SYNTAX_ERROR);
}

#[test]
fn a_hierarchy_finds_every_file_a_node_could_use() {
    let c = checker(false);
    let found = c.check_plan(&Plan {
        hiera_config: None,
        module_data: true,
        files: Vec::new(),
    });
    // web's module data: common.yaml has a key of another module, os/Debian.yaml a bad worker count
    let codes: Vec<_> = found.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [Code::MODULE_DATA_KEY, Code::TYPE_MISMATCH],
        "{found:#?}"
    );
    assert!(found[1]
        .path
        .as_deref()
        .unwrap()
        .ends_with("data/os/Debian.yaml"));
}

#[test]
fn check_parameters_checks_a_class_s_parameters() {
    let c = checker(false);
    let params = Value::hash(
        [
            (Value::string("sendfile"), Value::string("yes")),
            (Value::string("bogus"), Value::Integer(1)),
        ]
        .into_iter()
        .collect(),
    );
    let found = c.check_parameters("web", &params, true);
    let codes: Vec<_> = found.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [
            Code::TYPE_MISMATCH,
            Code::UNKNOWN_PARAMETER,
            Code::TYPE_MISMATCH
        ]
    );
    assert_eq!(
        found[2].message,
        "Class[Web]: expects a value for parameter 'docroot'"
    );
    assert_eq!(
        c.check_parameters("nope", &params, false)[0].code,
        Code::UNKNOWN_CLASS
    );
}

#[test]
fn a_missing_module_path_entry_is_one_finding_of_a_plan_however_often_named() {
    let nowhere = fixtures().join("nowhere");
    let env = Arc::new(Environment::new([
        nowhere.clone(),
        nowhere,
        fixtures().join("modulepath"),
    ]));
    let found = DataCheck::new(env).check_plan(&Plan {
        hiera_config: None,
        module_data: false,
        files: Vec::new(),
    });
    let codes: Vec<_> = found.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::MISSING_MODULEPATH], "{found:#?}");
}
