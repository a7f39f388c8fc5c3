//! Tests of the module path index over the fixture modules in
//! `tests/fixtures/env` (written for the purpose: aliases, a misnamed alias
//! file, a broken file, inherits, functions with return types, plans).

use super::*;
use crate::check::Code;
use crate::values::Value;
use std::path::Path;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/env")
}

fn env() -> Environment {
    Environment::new([fixtures().join("modulepath"), fixtures().join("other")])
}

fn codes(env: &Environment) -> Vec<(String, &'static str)> {
    env.diagnostics()
        .iter()
        .map(|d| {
            let file = d
                .path
                .as_deref()
                .unwrap_or("")
                .rsplit("/fx/")
                .next()
                .unwrap_or("")
                .to_string();
            (file, d.code.name())
        })
        .collect()
}

#[test]
fn modules_are_the_module_named_directories_and_the_first_of_a_name_wins() {
    let env = env();
    let names: Vec<_> = env.modules().iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["broken_meta", "fx"]);
    let fx = &env.modules()[1];
    assert!(fx.path.ends_with("modulepath/fx"));
    let meta = fx.metadata();
    assert_eq!(meta.version.as_deref(), Some("1.2.3"));
    assert_eq!(meta.dependencies[0].name, "puppetlabs/stdlib");
    assert_eq!(
        meta.dependencies[0].version_requirement.as_deref(),
        Some(">= 4.13.1 < 9.0.0")
    );
    assert_eq!(meta.dependencies[1].version_requirement, None);
    let class = env.find(Kind::Class, "fx").unwrap();
    assert!(class.parameters.iter().all(|p| p.name != "hidden"));
}

#[test]
fn a_class_is_found_in_its_autoloader_file_only() {
    let env = env();
    let sub = env.find(Kind::Class, "fx::sub").unwrap();
    assert_eq!(sub.parent.as_deref(), Some("fx"));
    assert!(sub.path.ends_with("fx/manifests/sub.pp"));
    assert_eq!(sub.position(), (2, 1));
    assert_eq!(sub.docstring(), "A subclass.");
    // only the files on the way were read
    let loaded: Vec<_> = env.files().iter().map(|f| f.relative.clone()).collect();
    assert_eq!(loaded, ["manifests/sub.pp"]);
    // a define found in the file of its enclosing namespace
    let other = env.find(Kind::DefinedType, "fx::deep::other").unwrap();
    assert!(other.path.ends_with("manifests/deep.pp"));
    assert!(env
        .find(Kind::DefinedType, "fx::deep::thing")
        .unwrap()
        .path
        .ends_with("deep/thing.pp"));
    // a kind mismatch finds nothing
    assert!(env.find(Kind::DefinedType, "fx::sub").is_none());
    assert!(env.find(Kind::Class, "nosuch::thing").is_none());
}

#[test]
fn parameters_carry_name_type_default_and_position() {
    let env = env();
    let fx = env.find(Kind::Class, "fx").unwrap();
    let p = &fx.parameters[0];
    assert_eq!(p.name, "port");
    assert_eq!(fx.text(p.type_span.unwrap()), "Fx::Port");
    assert_eq!(fx.text(p.default_span.unwrap()), "8080");
    assert_eq!(fx.line_col(p.span.start), (34, 12));
    assert_eq!(
        env.parameter_type(&fx, 0).unwrap().to_string(),
        "Fx::Port = Integer[0, 65535]"
    );
    assert_eq!(
        env.default_value(&fx, 0),
        Some(DefaultValue::Value(Value::Integer(8080)))
    );
    let untyped = fx
        .parameters
        .iter()
        .position(|p| p.name == "untyped")
        .unwrap();
    assert_eq!(env.parameter_type(&fx, untyped).unwrap().to_string(), "Any");
    let from_fact = fx
        .parameters
        .iter()
        .position(|p| p.name == "from_fact")
        .unwrap();
    assert_eq!(
        env.default_value(&fx, from_fact),
        Some(DefaultValue::Unevaluated)
    );
    let computed = fx
        .parameters
        .iter()
        .position(|p| p.name == "computed")
        .unwrap();
    assert_eq!(
        env.default_value(&fx, computed),
        Some(DefaultValue::Value(Value::Integer(3)))
    );
    let unresolved = fx
        .parameters
        .iter()
        .position(|p| p.name == "unresolved")
        .unwrap();
    assert_eq!(
        env.parameter_type(&fx, unresolved).unwrap().to_string(),
        "Optional[TypeReference['Stdlib::Nope']]"
    );
}

#[test]
fn functions_have_return_types_and_plans_are_found_by_module_name() {
    let env = env();
    let add = env.find(Kind::Function, "fx::add").unwrap();
    assert_eq!(
        env.return_type(&add).unwrap().unwrap().to_string(),
        "Integer"
    );
    assert!(add.ast().unwrap().body.is_some());
    let plan = env.find(Kind::Plan, "fx").unwrap();
    assert!(plan.path.ends_with("plans/init.pp"));
    assert_eq!(plan.parameters[0].name, "targets");
    assert!(env.find(Kind::Plan, "fx::deploy").is_some());
    let untyped = env.find(Kind::Function, "fx::untyped").unwrap();
    assert!(untyped.parameters[1].captures_rest);
    assert_eq!(env.return_type(&untyped).unwrap(), None);
}

#[test]
fn aliases_resolve_through_chains_and_unknown_names_become_references() {
    let env = env();
    assert_eq!(
        env.parse_type("Fx::Port").unwrap().to_string(),
        "Fx::Port = Integer[0, 65535]"
    );
    let chain = env.parse_type("Fx::Chain").unwrap();
    use crate::types::calc::{describe_mismatch, instance_of};
    assert!(instance_of(&chain, &Value::Integer(80)));
    assert!(instance_of(&chain, &Value::Undef));
    assert!(!instance_of(&chain, &Value::Integer(-1)));
    assert_eq!(
        env.parse_type("Stdlib::Nope").unwrap().to_string(),
        "TypeReference['Stdlib::Nope']"
    );
    assert_eq!(
        env.parse_type("Nope[1]").unwrap().to_string(),
        "TypeReference['Nope[1]']"
    );
    // resource types: Puppet's own and the defined types of the modules
    assert_eq!(
        env.parse_type("File['/x']").unwrap().to_string(),
        "File['/x']"
    );
    assert_eq!(
        env.parse_type("Fx::Deep::Thing").unwrap().to_string(),
        "Fx::Deep::Thing"
    );
    // a class is no resource type
    assert_eq!(
        env.parse_type("Fx::Sub").unwrap().to_string(),
        "TypeReference['Fx::Sub']"
    );
    // unresolved names inside an alias body stay references
    let t = env.parse_type("Fx::Unresolved").unwrap();
    let mut map = crate::values::ValueMap::new();
    map.insert(Value::string("a"), Value::string("x"));
    let v = Value::hash(map);
    let desc = describe_mismatch(&t, &v, None).unwrap();
    assert!(
        desc.contains("references an unresolved type 'Stdlib::Ip_address'"),
        "{desc}"
    );
}

#[test]
fn a_misnamed_alias_file_is_not_loaded_and_says_why() {
    let env = env();
    let err = env.parse_type("Fx::Misnamed").unwrap_err();
    assert!(
        err.message.contains(
            "produced type with the wrong name, expected 'fx::misnamed', actual 'Fx::Wrong'"
        ),
        "{}",
        err.message
    );
    assert_eq!(
        env.parse_type("Fx::Wrong").unwrap().to_string(),
        "TypeReference['Fx::Wrong']"
    );
    assert!(env.find(Kind::TypeAlias, "Fx::Wrong").is_none());
    assert!(codes(&env).contains(&("types/misnamed.pp".into(), "DEFINITION_NAME_MISMATCH")));
    let err = env.find(Kind::Function, "fx::misnamed");
    assert!(err.is_none());
}

#[test]
fn load_all_reports_every_problem_and_keeps_the_rest() {
    let env = env();
    env.load_all();
    let defs = env.definitions();
    assert!(defs.iter().any(|d| d.name == "fx::deep::thing"));
    assert!(defs.iter().any(|d| d.name == "Fx::Multiline"));
    let codes = codes(&env);
    for expected in [
        ("manifests/broken.pp", "SYNTAX_ERROR"),
        ("manifests/latin1.pp", "INVALID_ENCODING"),
        ("manifests/dup2.pp", "DUPLICATE_DEFINITION"),
        ("manifests/init.pp", "UNRESOLVED_TYPE"),
        ("types/unresolved.pp", "UNRESOLVED_TYPE"),
        ("types/misnamed.pp", "DEFINITION_NAME_MISMATCH"),
        ("functions/misnamed.pp", "DEFINITION_NAME_MISMATCH"),
    ] {
        assert!(
            codes.contains(&(expected.0.to_string(), expected.1)),
            "{expected:?} in {codes:?}"
        );
    }
    assert!(codes
        .iter()
        .any(|(f, c)| f.ends_with("broken_meta/metadata.json") && *c == "INVALID_METADATA"));
    let d = env
        .diagnostics()
        .into_iter()
        .find(|d| d.code == Code::SYNTAX_ERROR)
        .unwrap();
    assert_eq!((d.line, d.column), (Some(3), Some(1)));
}

#[test]
fn a_missing_modulepath_entry_is_a_diagnostic() {
    let env = Environment::new([fixtures().join("nowhere")]);
    env.load_all();
    assert!(env.modules().is_empty());
    let d = env.diagnostics();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, Code::MISSING_MODULEPATH);
}

#[test]
fn symlink_loops_and_unusable_files_are_diagnostics() {
    let dir = std::env::temp_dir().join(format!("puppet_types_env_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let manifests = dir.join("m/manifests");
    std::fs::create_dir_all(&manifests).unwrap();
    std::fs::write(manifests.join("init.pp"), "class m {}\n").unwrap();
    std::os::unix::fs::symlink("..", manifests.join("loop")).unwrap();
    std::os::unix::fs::symlink("nowhere.pp", manifests.join("dangling.pp")).unwrap();
    std::fs::create_dir_all(manifests.join("dir.pp")).unwrap();
    let env = Environment::new([&dir]);
    env.load_all();
    let found: Vec<_> = env.diagnostics().iter().map(|d| d.code).collect();
    assert!(found.contains(&Code::SYMLINK_LOOP), "{found:?}");
    assert!(found.contains(&Code::UNREADABLE_FILE), "{found:?}");
    assert!(env.find(Kind::Class, "m").is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lazy_and_full_loading_find_the_same_definitions() {
    let lazy = env();
    let full = env();
    full.load_all_serial();
    for d in full.definitions() {
        let found = lazy.find(d.kind, &d.name);
        let again = full.find(d.kind, &d.name);
        assert_eq!(found.map(|f| f.span), again.map(|f| f.span), "{}", d.name);
    }
}

#[test]
fn mangled_files_give_diagnostics_never_a_panic() {
    // truncations and byte flips of the fixture files, in a scratch module path
    let dir = std::env::temp_dir().join(format!("puppet_types_env_mangled_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut sources = Vec::new();
    let mut visited = std::collections::HashSet::new();
    let (mut files, mut diags) = (Vec::new(), Vec::new());
    files::walk_pp(&fixtures(), &mut visited, &mut files, &mut diags);
    for f in &files {
        sources.push(std::fs::read(f).unwrap());
    }
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    for (i, src) in sources.iter().enumerate() {
        for j in 0..6 {
            let mut bytes = src.clone();
            match j % 3 {
                0 => bytes.truncate(next(bytes.len())),
                1 => {
                    for _ in 0..3 {
                        let at = next(bytes.len());
                        if at < bytes.len() {
                            bytes[at] = next(256) as u8;
                        }
                    }
                }
                _ => {
                    let at = next(bytes.len());
                    let piece: Vec<u8> = bytes[at..].to_vec();
                    bytes.extend_from_slice(&piece);
                }
            }
            let kind = ["manifests", "types", "functions", "plans"][j % 4];
            let path = dir.join(format!("m/{kind}/f{i}_{j}.pp"));
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &bytes).unwrap();
        }
    }
    let env = Environment::new([&dir]);
    env.load_all();
    let diagnostics = env.diagnostics();
    assert!(!diagnostics.is_empty());
    for d in env.definitions() {
        for i in 0..d.parameters.len() {
            let _ = env.parameter_type(&d, i);
            let _ = env.default_value(&d, i);
        }
        let _ = env.alias_type(&d);
        let _ = env.return_type(&d);
    }
    let m = dir.join("m").to_string_lossy().into_owned();
    let (inputs, _) = strings::inputs(&[format!("{m}/manifests"), format!("{m}/types")]);
    let _ = strings::render(&strings::generate(&inputs).document);
    std::fs::remove_dir_all(&dir).unwrap();
}
