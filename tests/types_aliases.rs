//! Type aliases: the registry filled from source and from module paths,
//! recursive aliases, and the reference's printing of aliases.
//!
//! `tests/fixtures/types/aliases.tsv` (from `tools/ref_types.rb`) holds, for
//! every alias of the real modules copied under `tests/fixtures/types/modules`,
//! what the reference prints for the alias (`Name = <expansion>`) and for its
//! resolved type.

mod common;

use common::unescape;
use puppet_types::types::aliases::AliasRegistry;
use puppet_types::types::parse::{parse, parse_with_aliases};
use puppet_types::types::TypeKind;

const ALIASES: &str = include_str!("fixtures/types/aliases.tsv");

fn modules_dir() -> String {
    format!(
        "{}/tests/fixtures/types/modules",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn module_aliases_print_as_the_reference() {
    let reg = AliasRegistry::new();
    let names = reg.load_module_path(&modules_dir()).unwrap();
    assert!(names.len() >= 120, "loaded {} aliases", names.len());
    assert!(reg.contains("Stdlib::Port"));
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in ALIASES.lines().filter(|l| !l.is_empty()) {
        let cols: Vec<String> = line.split('\t').map(unescape).collect();
        let (name, text, resolved) = (&cols[0], &cols[1], &cols[2]);
        let t = match parse_with_aliases(name, &reg) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{name}: error {}", e.message));
                continue;
            }
        };
        if &t.to_string() != text {
            failures.push(format!("{name}: want {text:?}\n   got {:?}", t.to_string()));
        }
        let TypeKind::Alias(a) = t.kind() else {
            failures.push(format!("{name}: not an alias"));
            continue;
        };
        let r = a.resolved().expect("resolved").to_string();
        if &r != resolved {
            failures.push(format!("{name} resolved: want {resolved:?}\n   got {r:?}"));
        }
        checked += 1;
    }
    eprintln!("aliases: {checked} checked, {} failures", failures.len());
    for f in &failures {
        eprintln!("  {f}");
    }
    assert!(failures.is_empty());
}

#[test]
fn recursive_alias_resolves_without_looping() {
    let reg = AliasRegistry::new();
    reg.add_source(
        "type IntegerTree = Array[Variant[Integer, IntegerTree]]\n\
         type Hv = Hash[String, Variant[Hv, Integer]]\n\
         type MyInt = Integer[1,2]\n\
         type Wrap = Optional[MyInt]\n\
         type Ref = MyInt",
    )
    .unwrap();
    // Expected texts as the reference prints them.
    let cases = [
        (
            "IntegerTree",
            "IntegerTree = Array[Variant[Integer, IntegerTree]]",
        ),
        ("Hv", "Hv = Hash[String, Variant[Hv, Integer]]"),
        ("MyInt", "MyInt = Integer[1, 2]"),
        ("MYINT", "MyInt = Integer[1, 2]"),
        ("Array[MyInt]", "Array[MyInt]"),
        ("Wrap", "Wrap = Optional[MyInt = Integer[1, 2]]"),
        ("Ref", "Ref = MyInt = Integer[1, 2]"),
        ("Optional[IntegerTree]", "Optional[IntegerTree]"),
        ("Variant[MyInt, MyInt]", "MyInt = Integer[1, 2]"),
        (
            "Variant[MyInt, Integer[1,2]]",
            "Variant[MyInt, Integer[1, 2]]",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(
            parse_with_aliases(src, &reg).unwrap().to_string(),
            want,
            "{src}"
        );
    }
    let tree = parse_with_aliases("IntegerTree", &reg).unwrap();
    assert_eq!(tree, parse_with_aliases("IntegerTree", &reg).unwrap());
}

#[test]
fn alias_errors_as_the_reference() {
    let reg = AliasRegistry::new();
    reg.add_source("type A = B\ntype B = A\ntype Selfish = Selfish\ntype Bad = Integer[2,1]\ntype MyInt = Integer")
        .unwrap();
    let e = parse_with_aliases("A", &reg).unwrap_err();
    assert_eq!(
        e.message,
        "Type alias 'A' cannot be resolved to a real type"
    );
    // a failed resolution leaves nothing half resolved behind: asked again,
    // or asked for the other alias of the loop, the answer is the same
    for name in ["A", "B", "A"] {
        let e = parse_with_aliases(name, &reg).unwrap_err();
        assert_eq!(
            e.message,
            format!("Type alias '{name}' cannot be resolved to a real type")
        );
    }
    let e = parse_with_aliases("Selfish", &reg).unwrap_err();
    assert_eq!(
        e.message,
        "Type alias 'Selfish' cannot be resolved to a real type"
    );
    let e = parse_with_aliases("Bad", &reg).unwrap_err();
    assert_eq!(e.message, "'from' must be less or equal to 'to'. Got (2, 1");
    let e = parse_with_aliases("MyInt[1]", &reg).unwrap_err();
    assert_eq!(e.message, "Not a parameterized type <MyInt>");
}

#[test]
fn unknown_name_is_a_resource_type() {
    assert_eq!(parse("Foo::Bar").unwrap().to_string(), "Foo::Bar");
    let t = parse("Foo::Bar['x']").unwrap();
    assert!(matches!(t.kind(), TypeKind::Resource { .. }));
    assert_eq!(t.to_string(), "Foo::Bar['x']");
}

const NORMALIZE: &str = include_str!("fixtures/types/normalize.tsv");

/// Alias bodies are normalised when resolved; the expected texts come from
/// the reference (`tools/ref_types.rb`), except where it crashes.
#[test]
fn alias_bodies_normalise_as_the_reference() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, line) in NORMALIZE.lines().filter(|l| !l.is_empty()).enumerate() {
        let cols: Vec<String> = line.split('\t').map(unescape).collect();
        let (body, want) = (&cols[0], &cols[1]);
        if want.starts_with("error ") {
            continue;
        }
        // The reference keeps an empty `Variant` inside Optional here; we give Undef.
        if body == "Variant[Optional[Undef], Undef]" {
            continue;
        }
        let reg = AliasRegistry::new();
        let name = format!("T{i}");
        reg.add(&name, body).unwrap();
        let t = parse_with_aliases(&name, &reg).unwrap();
        let TypeKind::Alias(a) = t.kind() else {
            panic!("{name} is not an alias")
        };
        let got = a.resolved().unwrap().to_string();
        if &got != want {
            failures.push(format!("{body}: want {want}, got {got}"));
        }
        checked += 1;
    }
    eprintln!("normalize: {checked} checked, {} failures", failures.len());
    for f in &failures {
        eprintln!("  {f}");
    }
    assert!(failures.is_empty());
}

/// A module tree whose `types` has links that loop back up, and a FIFO named
/// like an alias file: the load ends, reads every alias once, and skips the FIFO.
#[cfg(unix)]
#[test]
fn module_path_with_looping_links_and_a_fifo_loads_each_alias_once() {
    use std::os::unix::fs::symlink;
    let root = std::env::temp_dir().join(format!("pt_alias_loops_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let types = root.join("m/types");
    std::fs::create_dir_all(types.join("sub")).unwrap();
    std::fs::write(types.join("port.pp"), "type M::Port = Integer[0, 65535]\n").unwrap();
    std::fs::write(types.join("sub/name.pp"), "type M::Name = String[1]\n").unwrap();
    symlink("../../types", types.join("sub/loop")).unwrap();
    symlink(&root, types.join("sub/up")).unwrap();
    let fifo = types.join("fifo.pp");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let reg = AliasRegistry::new();
    let mut names = reg.load_module_path(root.to_str().unwrap()).unwrap();
    names.sort();
    assert_eq!(names, ["M::Name", "M::Port"]);
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    std::fs::remove_dir_all(&root).unwrap();
}
