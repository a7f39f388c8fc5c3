//! Shared helpers for the calculator fixture tests: reading the fixture files
//! written by `tools/ref_calc.rb`, rebuilding values from their wire form, and
//! turning type strings into types.
//!
//! Type strings are parsed by the project's TypeParser with the fixture
//! aliases registered.

#![allow(dead_code)]

use puppet_types::types::aliases::AliasRegistry;
use puppet_types::types::parse::TypeParser;
use puppet_types::types::Type;
use puppet_types::values::{
    Binary, Deferred, Regexp, SemVer, SemVerRange, Timespan, Timestamp, Uri, Value, ValueMap,
};
use std::path::PathBuf;
use std::sync::Arc;

/// The fixture directory.
pub fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/calc")
}

/// The lines of a fixture file, split on tabs.
pub fn rows(name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(fixture_dir().join(name)).expect("fixture file");
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The TypeParser with the fixture aliases (`aliases.txt`) registered.
pub struct Types {
    aliases: AliasRegistry,
}

impl Types {
    /// A parser knowing the aliases of `aliases.txt`.
    pub fn load() -> Types {
        let aliases = AliasRegistry::new();
        for r in rows("aliases.txt") {
            let (n, b) = r[0].split_once(" = ").expect("NAME = TYPE");
            aliases.add(n, b).expect("alias definition");
        }
        Types { aliases }
    }

    /// Parse a type string.
    pub fn parse(&self, src: &str) -> Result<Type, String> {
        TypeParser::new()
            .with_aliases(&self.aliases)
            .parse(src)
            .map_err(|e| format!("{e:?}"))
    }
}

fn unhex(h: &str) -> Vec<u8> {
    (0..h.len() / 2)
        .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

fn unhex_str(h: &str) -> String {
    String::from_utf8(unhex(h)).expect("utf8")
}

/// Rebuild a value from its wire form (see tools/ref_calc.rb).
pub fn wire_value(types: &Types, wire: &str) -> Value {
    let toks: Vec<&str> = wire.split(' ').collect();
    let mut i = 0;
    let v = wire_at(types, &toks, &mut i);
    assert_eq!(i, toks.len(), "trailing wire tokens in {wire}");
    v
}

fn wire_at(types: &Types, toks: &[&str], i: &mut usize) -> Value {
    let tok = toks[*i];
    *i += 1;
    let (tag, arg) = tok.split_once(':').unwrap_or((tok, ""));
    match tag {
        "u" => Value::Undef,
        "d" => Value::Default,
        "t" => Value::Boolean(true),
        "f" => Value::Boolean(false),
        "i" => Value::Integer(arg.parse().expect("int")),
        "x" => Value::Float(f64::from_bits(u64::from_str_radix(arg, 16).expect("bits"))),
        "s" => Value::string(unhex_str(arg)),
        "r" => Value::Regexp(Regexp::new(&unhex_str(arg)).expect("regexp")),
        "a" => {
            let n: usize = arg.parse().unwrap();
            Value::array((0..n).map(|_| wire_at(types, toks, i)).collect())
        }
        "h" => {
            let n: usize = arg.parse().unwrap();
            let mut m = ValueMap::new();
            for _ in 0..n {
                let k = wire_at(types, toks, i);
                let v = wire_at(types, toks, i);
                m.insert(k, v);
            }
            Value::hash(m)
        }
        "sv" => Value::SemVer(Arc::new(SemVer::parse(&unhex_str(arg)).expect("semver"))),
        "svr" => Value::SemVerRange(Arc::new(
            SemVerRange::parse(&unhex_str(arg)).expect("range"),
        )),
        "ts" => Value::Timespan(Timespan::new(arg.parse().unwrap())),
        "tm" => Value::Timestamp(Timestamp {
            nanos: arg.parse().unwrap(),
        }),
        "b" => Value::Binary(Binary {
            bytes: unhex(arg).into(),
        }),
        "uri" => {
            let p: Vec<Option<String>> = arg
                .split(',')
                .map(|x| if x == "-" { None } else { Some(unhex_str(x)) })
                .collect();
            Value::Uri(Arc::new(Uri {
                scheme: p[0].clone(),
                userinfo: p[1].clone(),
                host: p[2].clone(),
                port: p[3].as_ref().map(|x| x.parse().unwrap()),
                path: p[4].clone(),
                query: p[5].clone(),
                fragment: p[6].clone(),
                opaque: p[7].clone(),
            }))
        }
        "sen" => Value::Sensitive(Arc::new(wire_at(types, toks, i))),
        "ty" => Value::Type(types.parse(&unhex_str(arg)).expect("type value")),
        "def" => {
            let args = wire_at(types, toks, i);
            Value::Deferred(Arc::new(Deferred {
                name: unhex_str(arg).into(),
                arguments: args.into_array().ok(),
            }))
        }
        other => panic!("unknown wire tag {other}"),
    }
}

/// The fixture types, parsed (the error text when the type cannot be read).
pub fn fixture_types(types: &Types) -> Vec<(String, Result<Type, String>)> {
    rows("types.txt")
        .into_iter()
        .map(|r| {
            let t = types.parse(&r[0]);
            (r[0].clone(), t)
        })
        .collect()
}

/// The fixture values: (source, value).
pub fn fixture_values(types: &Types) -> Vec<(String, Value)> {
    rows("values.txt")
        .into_iter()
        .map(|r| (r[0].clone(), wire_value(types, &r[1])))
        .collect()
}
