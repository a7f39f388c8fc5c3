//! Shared helpers for the calculator fixture tests: reading the fixture files
//! written by `tools/ref_calc.rb`, rebuilding values from their wire form, and
//! turning type strings into types.
//!
//! Type strings are read by a small reader of the type-expression subset the
//! fixtures use (names, `[...]` parameters, numbers, quoted strings, bare
//! words, `default`, `undef`, regexps, arrays and hashes); the parameters are
//! handed to the types module's `create`, exactly as the TypeParser does.

#![allow(dead_code)]

use puppet_types::types::create::create;
use puppet_types::types::{Type, TypeAlias, TypeKind};
use puppet_types::values::{
    Binary, Deferred, Regexp, SemVer, SemVerRange, Timespan, Timestamp, Uri, Value, ValueMap,
};
use std::collections::HashMap;
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

/// Type-string reader with the fixture aliases.
pub struct Types {
    aliases: HashMap<String, Type>,
}

impl Types {
    /// A reader knowing the aliases of `aliases.txt`.
    pub fn load() -> Types {
        let mut me = Types {
            aliases: HashMap::new(),
        };
        let defs: Vec<(String, String)> = rows("aliases.txt")
            .into_iter()
            .map(|r| {
                let (n, b) = r[0].split_once(" = ").expect("NAME = TYPE");
                (n.to_string(), b.to_string())
            })
            .collect();
        let mut nodes = Vec::new();
        for (n, _) in &defs {
            let a = Arc::new(TypeAlias::new(n.as_str()));
            me.aliases
                .insert(n.clone(), Type::from_kind(TypeKind::Alias(a.clone())));
            nodes.push(a);
        }
        for ((_, body), node) in defs.iter().zip(nodes) {
            let t = me.parse(body).expect("alias body");
            node.resolve(puppet_types::types::calc::normalize(&t));
        }
        me
    }

    /// Read a type string.
    pub fn parse(&self, src: &str) -> Result<Type, String> {
        let mut r = Reader {
            s: src.as_bytes(),
            i: 0,
            types: self,
        };
        let v = r.value()?;
        r.ws();
        if r.i != r.s.len() {
            return Err(format!("trailing text in {src}"));
        }
        match v {
            Value::Type(t) => Ok(t),
            other => Err(format!("not a type: {other:?}")),
        }
    }
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
    types: &'a Types,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn list(&mut self, close: u8) -> Result<Vec<Value>, String> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            out.push(self.value()?);
            if self.eat(close) {
                return Ok(out);
            }
            if !self.eat(b',') {
                return Err(format!("expected , at {}", self.i));
            }
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.ws();
        let c = self.peek().ok_or("unexpected end")?;
        match c {
            b'\'' | b'"' => {
                self.i += 1;
                let mut out = Vec::new();
                while let Some(ch) = self.peek() {
                    self.i += 1;
                    if ch == c {
                        return Ok(Value::string(
                            String::from_utf8(out).map_err(|e| e.to_string())?,
                        ));
                    }
                    if ch == b'\\' && matches!(self.peek(), Some(b'\'') | Some(b'\\')) {
                        out.push(self.s[self.i]);
                        self.i += 1;
                    } else {
                        out.push(ch);
                    }
                }
                Err("unterminated string".into())
            }
            b'/' => {
                self.i += 1;
                let start = self.i;
                while let Some(ch) = self.peek() {
                    if ch == b'\\' {
                        self.i += 2;
                        continue;
                    }
                    if ch == b'/' {
                        break;
                    }
                    self.i += 1;
                }
                let src = std::str::from_utf8(&self.s[start..self.i]).map_err(|e| e.to_string())?;
                self.i += 1;
                let src = src.replace("\\/", "/");
                Ok(Value::Regexp(Regexp::new(&src).map_err(|e| e.to_string())?))
            }
            b'[' => {
                self.i += 1;
                Ok(Value::array(self.list(b']')?))
            }
            b'{' => {
                self.i += 1;
                let mut m = ValueMap::new();
                if self.eat(b'}') {
                    return Ok(Value::hash(m));
                }
                loop {
                    let k = self.value()?;
                    self.ws();
                    if !(self.s[self.i..].starts_with(b"=>")) {
                        return Err("expected =>".into());
                    }
                    self.i += 2;
                    let v = self.value()?;
                    m.insert(k, v);
                    if self.eat(b'}') {
                        return Ok(Value::hash(m));
                    }
                    if !self.eat(b',') {
                        return Err("expected , in hash".into());
                    }
                }
            }
            b'-' | b'0'..=b'9' => {
                let start = self.i;
                self.i += 1;
                while let Some(ch) = self.peek() {
                    if ch.is_ascii_alphanumeric()
                        || ch == b'.'
                        || ch == b'-' && self.s[self.i - 1] == b'e'
                    {
                        self.i += 1;
                    } else {
                        break;
                    }
                }
                let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                if let Ok(n) = t.parse::<i64>() {
                    Ok(Value::Integer(n))
                } else {
                    t.parse::<f64>()
                        .map(Value::Float)
                        .map_err(|e| format!("{t}: {e}"))
                }
            }
            _ => {
                let start = self.i;
                while let Some(ch) = self.peek() {
                    if ch.is_ascii_alphanumeric() || ch == b'_' || ch == b':' {
                        self.i += 1;
                    } else {
                        break;
                    }
                }
                let word = std::str::from_utf8(&self.s[start..self.i])
                    .unwrap()
                    .to_string();
                if word.is_empty() {
                    return Err(format!("unexpected {:?}", c as char));
                }
                match word.as_str() {
                    "default" => return Ok(Value::Default),
                    "undef" => return Ok(Value::Undef),
                    "true" => return Ok(Value::Boolean(true)),
                    "false" => return Ok(Value::Boolean(false)),
                    _ => {}
                }
                if !word.as_bytes()[0].is_ascii_uppercase() {
                    return Ok(Value::string(word));
                }
                self.ws();
                let params = if self.peek() == Some(b'[') {
                    self.i += 1;
                    Some(self.list(b']')?)
                } else {
                    None
                };
                if word == "RichDataKey" && params.is_none() {
                    return Ok(Value::Type(puppet_types::types::factory::rich_data_key()));
                }
                if let Some(a) = self.types.aliases.get(&word) {
                    if params.is_none() {
                        return Ok(Value::Type(a.clone()));
                    }
                }
                let t = create(&word, params.as_deref().unwrap_or(&[]))
                    .map_err(|e| format!("{word}: {e:?}"))?;
                Ok(Value::Type(t))
            }
        }
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
                arguments: match args {
                    Value::Array(a) => Some(a),
                    _ => None,
                },
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
