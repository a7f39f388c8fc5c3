//! Reading the value and format codes written by tools/ref_format.rb.
#![allow(dead_code)]

use puppet_types::format::Format;
use puppet_types::values::{Regexp, Value, ValueMap};
use std::sync::Arc;

/// A cursor over a code.
pub struct Reader<'a> {
    s: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(s: &'a str) -> Self {
        Reader {
            s: s.as_bytes(),
            pos: 0,
        }
    }

    fn peek(&self) -> u8 {
        self.s.get(self.pos).copied().unwrap_or(0)
    }

    fn next(&mut self) -> u8 {
        let c = self.peek();
        self.pos += 1;
        c
    }

    fn expect(&mut self, c: u8) {
        assert_eq!(self.next() as char, c as char, "at {}", self.pos);
    }

    /// A double quoted string with \\ \" \n \t \r \u{X} escapes.
    pub fn qstr(&mut self) -> String {
        self.expect(b'"');
        let mut out = Vec::new();
        loop {
            match self.next() {
                b'"' => break,
                b'\\' => match self.next() {
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'r' => out.push(b'\r'),
                    b'u' => {
                        self.expect(b'{');
                        let start = self.pos;
                        while self.peek() != b'}' {
                            self.pos += 1;
                        }
                        let hex = std::str::from_utf8(&self.s[start..self.pos]).unwrap();
                        self.pos += 1;
                        let c = char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap();
                        let mut b = [0u8; 4];
                        out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
                    }
                    c => out.push(c),
                },
                0 => panic!("unterminated string"),
                c => out.push(c),
            }
        }
        String::from_utf8(out).unwrap()
    }

    /// A value code.
    pub fn value(&mut self) -> Value {
        let c = self.next();
        match c {
            b'u' => Value::Undef,
            b'D' => Value::Default,
            b'T' => Value::Boolean(true),
            b'F' => Value::Boolean(false),
            b'i' => {
                let start = self.pos;
                while self.peek() == b'-' || self.peek().is_ascii_digit() {
                    self.pos += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.pos]).unwrap();
                Value::Integer(t.parse().unwrap())
            }
            b'f' => {
                let start = self.pos;
                while self.peek() != b';' {
                    self.pos += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.pos]).unwrap();
                self.pos += 1;
                Value::Float(t.parse().unwrap())
            }
            b's' => Value::string(self.qstr()),
            b'r' => Value::Regexp(Regexp::new(&self.qstr()).unwrap()),
            b'[' => {
                let mut items = Vec::new();
                while self.peek() != b']' {
                    items.push(self.value());
                    if self.peek() == b',' {
                        self.pos += 1;
                    }
                }
                self.pos += 1;
                Value::array(items)
            }
            b'{' => {
                let mut map = ValueMap::new();
                while self.peek() != b'}' {
                    let k = self.value();
                    self.expect(b':');
                    let v = self.value();
                    map.insert(k, v);
                    if self.peek() == b',' {
                        self.pos += 1;
                    }
                }
                self.pos += 1;
                Value::hash(map)
            }
            b'S' => {
                self.expect(b'(');
                let v = self.value();
                self.expect(b')');
                Value::Sensitive(Arc::new(v))
            }
            b'b' => Value::Binary(
                puppet_types::values::Binary::from_string(&self.qstr(), Some("%B")).unwrap(),
            ),
            b'v' => Value::SemVer(Arc::new(
                puppet_types::values::SemVer::parse(&self.qstr()).unwrap(),
            )),
            b'R' => Value::SemVerRange(Arc::new(
                puppet_types::values::SemVerRange::parse(&self.qstr()).unwrap(),
            )),
            b'n' | b'm' => {
                let start = self.pos;
                while self.peek() != b';' {
                    self.pos += 1;
                }
                let n: i128 = std::str::from_utf8(&self.s[start..self.pos])
                    .unwrap()
                    .parse()
                    .unwrap();
                self.pos += 1;
                if c == b'n' {
                    Value::Timespan(puppet_types::values::Timespan::new(n))
                } else {
                    Value::Timestamp(puppet_types::values::Timestamp::new(n))
                }
            }
            b'U' => Value::Uri(Arc::new(
                puppet_types::values::Uri::parse(&self.qstr()).unwrap(),
            )),
            b'y' => Value::Type(type_from_text(&self.qstr())),
            b'd' => {
                self.expect(b'(');
                let name = self.qstr();
                let arguments = if self.peek() == b',' {
                    self.pos += 1;
                    match self.value().into_array() {
                        Ok(a) => Some(a),
                        Err(_) => panic!("deferred arguments must be an array"),
                    }
                } else {
                    None
                };
                self.expect(b')');
                Value::Deferred(Arc::new(puppet_types::values::Deferred {
                    name: name.into(),
                    arguments,
                }))
            }
            c => panic!("unknown value code {:?}", c as char),
        }
    }
}

/// A format code: `D` for the defaults or a quoted format string.
pub fn format_code(code: &str) -> Format {
    if code == "D" {
        Format::Default
    } else if code.starts_with('M') {
        Format::Map(Reader::new(code).format_map())
    } else {
        Format::Text(Reader::new(code).qstr())
    }
}

/// One fixture row.
pub struct Row {
    pub value_code: String,
    pub format_code: String,
    pub status: String,
    pub text: String,
}

/// The rows of a fixture file.
pub fn rows(path: &str) -> Vec<Row> {
    let data = std::fs::read_to_string(path).unwrap();
    data.lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                value_code: f[0].to_string(),
                format_code: f[1].to_string(),
                status: f[2].to_string(),
                text: Reader::new(f[3]).qstr(),
            }
        })
        .collect()
}

/// A type from its text, by the crate's type parser.
pub fn type_from_text(text: &str) -> puppet_types::Type {
    puppet_types::types::parse::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

impl Reader<'_> {
    /// A map code `M{"Type":entry,...}` where an entry is a quoted format or `C{key:value,...}`.
    pub fn format_map(&mut self) -> puppet_types::format::FormatMap {
        use puppet_types::format::{ContainerFormat, FormatEntry, FormatMap, MapKey};
        self.expect(b'M');
        self.expect(b'{');
        let mut out = Vec::new();
        while self.peek() != b'}' {
            let key = type_from_text(&self.qstr());
            self.expect(b':');
            let entry = if self.peek() == b'C' {
                self.pos += 2;
                let mut c = ContainerFormat::default();
                while self.peek() != b'}' {
                    let start = self.pos;
                    while self.peek() != b':' {
                        self.pos += 1;
                    }
                    let k = std::str::from_utf8(&self.s[start..self.pos])
                        .unwrap()
                        .to_string();
                    self.pos += 1;
                    match k.as_str() {
                        "format" => c.format = Some(self.qstr()),
                        "separator" => c.separator = Some(self.qstr()),
                        "separator2" => c.separator2 = Some(self.qstr()),
                        "string_formats" => c.string_formats = Some(self.format_map()),
                        _ => panic!("unknown container key {k}"),
                    }
                    if self.peek() == b',' {
                        self.pos += 1;
                    }
                }
                self.pos += 1;
                FormatEntry::Container(c)
            } else {
                FormatEntry::Text(self.qstr())
            };
            out.push((MapKey::Type(key), entry));
            if self.peek() == b',' {
                self.pos += 1;
            }
        }
        self.pos += 1;
        FormatMap(out)
    }
}
