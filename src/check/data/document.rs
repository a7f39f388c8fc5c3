//! A hiera data file read into a tree of positioned nodes, each with the
//! value hiera loads for it: YAML as Ruby's Psych loads it safely (scalars by
//! [`super::scalar`], later duplicate keys replacing earlier ones, `<<` merge
//! keys, anchors and aliases), JSON as Ruby's JSON does. The event parser is
//! `saphyr-parser`; the tree is built without recursion, nested at most
//! [`MAX_DEPTH`] levels.
//!
//! [`Node::find`] maps a path of keys and indexes in the value to the node
//! that holds it, so a problem deep in a value points at its own line.

use super::scalar::{self, Refused, Scalar, Style};
use crate::values::{RuntimeValue, Value, ValueMap};
use saphyr_parser::{Event, Parser, ScalarStyle, Span};
use std::collections::HashMap;
use std::sync::Arc;

/// How deep containers may nest.
pub const MAX_DEPTH: usize = 512;

/// How many nodes a value may stand for once its aliases are expanded.
pub const MAX_EXPANDED: u64 = 1_000_000;

/// A position: 1-based line and column (characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

impl Pos {
    fn of(m: saphyr_parser::Marker) -> Pos {
        Pos {
            line: m.line() as u32,
            column: m.col() as u32 + 1,
        }
    }
}

/// A node of the file.
#[derive(Debug)]
pub struct Node {
    /// Where it starts.
    pub start: Pos,
    /// Just after where it ends.
    pub end: Pos,
    /// What it is.
    pub kind: NodeKind,
    /// The value hiera loads for it.
    pub value: Value,
    /// How many nodes it stands for with its aliases expanded.
    pub size: u64,
    /// True for a scalar tagged `!!str` (a `<<` key so tagged is no merge key).
    pub tagged_str: bool,
}

/// The kinds of nodes.
#[derive(Debug)]
pub enum NodeKind {
    /// A scalar.
    Scalar,
    /// A scalar that loads as a Ruby Symbol, with its name.
    Symbol(Box<str>),
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping, its entries in file order (duplicates and merge keys included).
    Map(Vec<Entry>),
    /// An alias of an anchored node (its value is the anchored node's).
    Alias,
}

/// A mapping entry.
#[derive(Debug)]
pub struct Entry {
    /// The key node.
    pub key: Node,
    /// The value node.
    pub value: Node,
    /// True for a `<<` merge key whose value was merged into the mapping.
    pub merge: bool,
}

/// A step into a value: see [`Node::find`].
pub use crate::types::calc::PathStep as Step;

impl Node {
    /// The node holding the part of this node's value at `path`: the deepest
    /// node on the way (an alias or a merged entry stops the walk at the alias
    /// or merge value; a path beyond the tree stops at the last node found).
    /// With `at_key`, the key node of the last step.
    pub fn find(&self, path: &[Step], at_key: bool) -> &Node {
        let mut node = self;
        for (i, step) in path.iter().enumerate() {
            let last = i + 1 == path.len();
            let next = match (&node.kind, step) {
                (NodeKind::Seq(items), Step::Index(n)) => items.get(*n),
                (NodeKind::Map(entries), Step::Key(k)) => {
                    match entries
                        .iter()
                        .rev()
                        .find(|e| !e.merge && e.key.value.as_str() == Some(k.as_str()))
                    {
                        Some(e) if last && at_key => Some(&e.key),
                        Some(e) => Some(&e.value),
                        None => entries.iter().rev().find(|e| e.merge).map(|e| &e.value),
                    }
                }
                _ => None,
            };
            match next {
                Some(n) => {
                    node = n;
                    if matches!(n.kind, NodeKind::Alias) {
                        break;
                    }
                }
                None => break,
            }
        }
        node
    }

    /// The entries of a mapping node (empty for other nodes).
    pub fn entries(&self) -> &[Entry] {
        match &self.kind {
            NodeKind::Map(e) => e,
            _ => &[],
        }
    }
}

/// What reading a file gave.
#[derive(Debug, Default)]
pub struct Document {
    /// The first document's root (`None` for an empty file).
    pub root: Option<Node>,
    /// Why the file cannot be loaded at all, and where.
    pub fatal: Option<Problem>,
    /// Keys given more than once in a mapping: (the later key, the first one's line).
    pub duplicates: Vec<(Pos, Pos, String)>,
}

/// A problem that stops hiera from loading the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// What went wrong.
    pub message: String,
    /// Where, when known.
    pub at: Option<Pos>,
    /// What kind of problem.
    pub kind: ProblemKind,
}

/// The kinds of fatal problems.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProblemKind {
    /// Not valid YAML or JSON.
    Syntax,
    /// Valid, but the safe loader refuses something in it (a date, a Ruby object).
    Refused,
    /// Deeper than [`MAX_DEPTH`] or bigger than [`MAX_EXPANDED`] once aliases are expanded.
    Limit,
}

/// The file's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// YAML, loaded as Psych loads it.
    Yaml,
    /// JSON.
    Json,
}

/// A Ruby Symbol as a value (`Runtime['ruby', 'Symbol']`; equal names are one symbol).
pub fn symbol(name: &str) -> Value {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    name.hash(&mut h);
    let texts = std::sync::OnceLock::new();
    let _ = texts.set(crate::values::RuntimeTexts {
        to_s: Arc::from(name),
        inspect: Arc::from(format!(":{name}")),
    });
    Value::Runtime(Arc::new(RuntimeValue {
        class_name: Arc::from("Symbol"),
        id: h.finish(),
        object: None,
        ancestors: ruby_ancestors(&["Comparable"]),
        texts,
    }))
}

/// The value standing for an integer outside 64 bits (see `holes`).
pub fn big_integer() -> Value {
    Value::Runtime(Arc::new(RuntimeValue {
        class_name: Arc::from(BIG_INTEGER),
        id: u64::MAX,
        object: None,
        ancestors: ruby_ancestors(&["Numeric", "Comparable"]),
        texts: Default::default(),
    }))
}

/// The ancestors Ruby gives a core class: `own`, then Object's.
fn ruby_ancestors(own: &[&str]) -> Arc<[Arc<str>]> {
    own.iter()
        .chain(&["Object", "Kernel", "BasicObject"])
        .map(|n| Arc::from(*n))
        .collect()
}

/// The class name [`big_integer`] values carry.
pub const BIG_INTEGER: &str = "Integer";

/// Read `text` (without a byte order mark) as `dialect`.
pub fn parse(text: &str, dialect: Dialect) -> Document {
    parse_until(text, dialect, || false).unwrap_or_default()
}

/// Events of the YAML reader between two looks at [`parse_until`]'s `stop`.
const EVENTS_PER_LOOK: u32 = 4096;

/// [`parse`], giving up (`None`) once `stop` says so: it is asked every few
/// thousand events (a file of hundreds of megabytes takes seconds to read).
pub fn parse_until(
    text: &str,
    dialect: Dialect,
    mut stop: impl FnMut() -> bool,
) -> Option<Document> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if dialect == Dialect::Json {
        if let Err(e) = serde_json::from_str::<serde_json::Value>(text) {
            return Some(Document {
                fatal: Some(Problem {
                    message: json_message(&e),
                    at: Some(Pos {
                        line: e.line() as u32,
                        column: e.column() as u32,
                    }),
                    kind: ProblemKind::Syntax,
                }),
                ..Document::default()
            });
        }
    }
    let mut b = Builder {
        dialect,
        stack: Vec::new(),
        anchors: HashMap::new(),
        doc: Document::default(),
    };
    let mut parser = Parser::new_from_str(text);
    let mut events = 0u32;
    while let Some(event) = parser.next_event() {
        events = events.wrapping_add(1);
        if events % EVENTS_PER_LOOK == 0 && stop() {
            return None;
        }
        match event {
            Ok((ev, span)) => match b.event(ev, span) {
                Ok(true) => {}
                Ok(false) => break,
                Err(p) => {
                    b.doc.fatal = Some(p);
                    b.doc.root = None;
                    break;
                }
            },
            Err(e) => {
                let limit = e.info() == "recursion limit exceeded";
                b.doc.fatal = Some(Problem {
                    message: if limit {
                        "the data is nested deeper than the YAML reader goes".to_string()
                    } else {
                        e.info().to_string()
                    },
                    at: Some(Pos::of(*e.marker())),
                    kind: if limit {
                        ProblemKind::Limit
                    } else {
                        ProblemKind::Syntax
                    },
                });
                b.doc.root = None;
                break;
            }
        }
    }
    Some(b.doc)
}

/// serde_json's message without its position suffix.
fn json_message(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

enum Frame {
    Seq {
        start: Pos,
        anchor: usize,
        refused: Option<Refused>,
        items: Vec<Node>,
    },
    Map {
        start: Pos,
        anchor: usize,
        refused: Option<Refused>,
        entries: Vec<Entry>,
        key: Option<Node>,
    },
}

struct Builder {
    dialect: Dialect,
    stack: Vec<Frame>,
    /// Anchored nodes' values and sizes, by anchor id.
    anchors: HashMap<usize, (Value, u64)>,
    doc: Document,
}

fn tag_text(tag: &Option<std::borrow::Cow<'_, saphyr_parser::Tag>>) -> Option<String> {
    tag.as_ref().map(|t| format!("{}{}", t.handle, t.suffix))
}

impl Builder {
    /// Take one event; `Ok(false)` when the first document is complete.
    fn event(&mut self, ev: Event<'_>, span: Span) -> Result<bool, Problem> {
        let start = Pos::of(span.start);
        let end = Pos::of(span.end);
        match ev {
            Event::StreamStart | Event::DocumentStart(_) | Event::Nothing => Ok(true),
            Event::DocumentEnd | Event::StreamEnd => Ok(false),
            Event::Scalar(text, style, anchor, tag) => {
                let tag = tag_text(&tag);
                let style = match style {
                    ScalarStyle::Plain => Style::Plain,
                    _ => Style::Quoted,
                };
                let loaded = match self.dialect {
                    Dialect::Yaml => scalar::resolve(&text, style, tag.as_deref()),
                    Dialect::Json => Ok(json_scalar(&text, style)),
                }
                .map_err(|r| refused(r, start))?;
                let kind = match &loaded {
                    Scalar::Symbol(name) => NodeKind::Symbol(name.as_str().into()),
                    _ => NodeKind::Scalar,
                };
                let value = match loaded {
                    Scalar::Null => Value::Undef,
                    Scalar::Bool(b) => Value::Boolean(b),
                    Scalar::Int(i) => Value::Integer(i),
                    Scalar::BigInt => big_integer(),
                    Scalar::Float(f) => Value::Float(f),
                    Scalar::Str(s) => Value::string(s),
                    Scalar::Symbol(s) => symbol(&s),
                };
                if anchor > 0 {
                    self.anchors.insert(anchor, (value.clone(), 1));
                }
                self.push(Node {
                    start,
                    end,
                    kind,
                    value,
                    size: 1,
                    tagged_str: tag.as_deref() == Some("tag:yaml.org,2002:str"),
                })
            }
            Event::Alias(id) => {
                let Some((value, size)) = self.anchors.get(&id).cloned() else {
                    return Err(Problem {
                        message: "found an alias of an unknown anchor".to_string(),
                        at: Some(start),
                        kind: ProblemKind::Syntax,
                    });
                };
                self.push(Node {
                    start,
                    end,
                    kind: NodeKind::Alias,
                    value,
                    size,
                    tagged_str: false,
                })
            }
            Event::SequenceStart(anchor, tag) => {
                self.open(start)?;
                let refused = tag_text(&tag)
                    .as_deref()
                    .and_then(scalar::sequence_tag_refused);
                self.stack.push(Frame::Seq {
                    start,
                    anchor,
                    refused,
                    items: Vec::new(),
                });
                Ok(true)
            }
            Event::MappingStart(anchor, tag) => {
                self.open(start)?;
                let refused = tag_text(&tag)
                    .as_deref()
                    .and_then(scalar::mapping_tag_refused);
                self.stack.push(Frame::Map {
                    start,
                    anchor,
                    refused,
                    entries: Vec::new(),
                    key: None,
                });
                Ok(true)
            }
            Event::SequenceEnd => match self.stack.pop() {
                Some(Frame::Seq {
                    start: s,
                    anchor,
                    refused,
                    items,
                }) => {
                    if let Some(r) = refused {
                        return Err(refused_at(r, s));
                    }
                    let size = items.iter().fold(1u64, |a, n| a.saturating_add(n.size));
                    let value = Value::array(items.iter().map(|n| n.value.clone()).collect());
                    self.close(s, end, anchor, NodeKind::Seq(items), value, size)
                }
                _ => Ok(true),
            },
            Event::MappingEnd => match self.stack.pop() {
                Some(Frame::Map {
                    start: s,
                    anchor,
                    refused,
                    entries,
                    ..
                }) => {
                    if let Some(r) = refused {
                        return Err(refused_at(r, s));
                    }
                    let (value, entries, size) = self.mapping(entries);
                    self.close(s, end, anchor, NodeKind::Map(entries), value, size)
                }
                _ => Ok(true),
            },
        }
    }

    fn open(&self, at: Pos) -> Result<(), Problem> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(Problem {
                message: format!("the data is nested deeper than {MAX_DEPTH} levels"),
                at: Some(at),
                kind: ProblemKind::Limit,
            });
        }
        Ok(())
    }

    fn close(
        &mut self,
        start: Pos,
        end: Pos,
        anchor: usize,
        kind: NodeKind,
        value: Value,
        size: u64,
    ) -> Result<bool, Problem> {
        if size > MAX_EXPANDED {
            return Err(Problem {
                message: format!(
                    "the data expands to more than {MAX_EXPANDED} values through its aliases"
                ),
                at: Some(start),
                kind: ProblemKind::Limit,
            });
        }
        if anchor > 0 {
            self.anchors.insert(anchor, (value.clone(), size));
        }
        self.push(Node {
            start,
            end,
            kind,
            value,
            size,
            tagged_str: false,
        })
    }

    /// Add a finished node to the open container (or make it the root).
    fn push(&mut self, node: Node) -> Result<bool, Problem> {
        match self.stack.last_mut() {
            None => {
                self.doc.root = Some(node);
                Ok(true)
            }
            Some(Frame::Seq { items, .. }) => {
                items.push(node);
                Ok(true)
            }
            Some(Frame::Map { entries, key, .. }) => {
                match key.take() {
                    None => *key = Some(node),
                    Some(k) => entries.push(Entry {
                        key: k,
                        value: node,
                        merge: false,
                    }),
                }
                Ok(true)
            }
        }
    }

    /// The value of a mapping as Psych builds its Hash (a later key replaces
    /// an earlier one in its place; `<<` merges a mapping, an alias of one or
    /// a list of them; Symbol keys become Strings as hiera turns them).
    // A Value's hash and equality never look at a runtime value's host object, so keys are stable.
    #[allow(clippy::mutable_key_type)]
    fn mapping(&mut self, mut entries: Vec<Entry>) -> (Value, Vec<Entry>, u64) {
        let mut map = ValueMap::with_capacity(entries.len());
        let mut first_at: HashMap<Value, Pos> = HashMap::new();
        let mut size = 1u64;
        for e in entries.iter_mut() {
            size = size.saturating_add(e.key.size).saturating_add(e.value.size);
            let key = match &e.key.value {
                Value::Runtime(r) if &*r.class_name == "Symbol" => {
                    symbol_key_text(&e.key).unwrap_or_else(|| e.key.value.clone())
                }
                other => other.clone(),
            };
            if self.dialect == Dialect::Yaml
                && key.as_str() == Some("<<")
                && matches!(e.key.kind, NodeKind::Scalar)
                && !e.key.tagged_str
            {
                if let Some(merged) = merge_source(&e.value) {
                    for (k, v) in merged.iter() {
                        map.insert(k.clone(), v.clone());
                    }
                    e.merge = true;
                    continue;
                }
            }
            if let Some(first) = first_at.get(&key) {
                if let Some(name) = key.as_str() {
                    self.doc
                        .duplicates
                        .push((e.key.start, *first, name.to_string()));
                } else {
                    self.doc
                        .duplicates
                        .push((e.key.start, *first, format!("{:?}", key)));
                }
            } else {
                first_at.insert(key.clone(), e.key.start);
            }
            map.insert(key, e.value.value.clone());
        }
        (Value::hash(map), entries, size)
    }
}

/// The string a Symbol key becomes (hiera turns Symbol keys into Strings).
fn symbol_key_text(key: &Node) -> Option<Value> {
    match &key.kind {
        NodeKind::Symbol(name) => Some(Value::string(&**name)),
        _ => None,
    }
}

/// The hash a `<<` value merges in: a mapping or an alias of one, or a
/// list of them (earlier ones winning); `None` when Psych keeps `<<` as a key.
fn merge_source(node: &Node) -> Option<ValueMap> {
    match (&node.kind, &node.value) {
        (NodeKind::Map(_) | NodeKind::Alias, Value::Hash(h)) => Some((**h).clone()),
        (NodeKind::Seq(_), Value::Array(items)) => {
            let mut out = ValueMap::new();
            for item in items.iter().rev() {
                let Value::Hash(h) = item else { return None };
                for (k, v) in h.iter() {
                    out.insert(k.clone(), v.clone());
                }
            }
            Some(out)
        }
        _ => None,
    }
}

fn refused(r: Refused, at: Pos) -> Problem {
    refused_at(r, at)
}

fn refused_at(r: Refused, at: Pos) -> Problem {
    Problem {
        message: r.0,
        at: Some(at),
        kind: ProblemKind::Refused,
    }
}

/// A JSON scalar: a string when quoted, else a number, `true`, `false` or `null`.
fn json_scalar(text: &str, style: Style) -> Scalar {
    if style == Style::Quoted {
        return Scalar::Str(text.to_string());
    }
    match text {
        "true" => Scalar::Bool(true),
        "false" => Scalar::Bool(false),
        "null" => Scalar::Null,
        _ if text.contains(['.', 'e', 'E']) => text
            .parse()
            .map_or(Scalar::Str(text.to_string()), Scalar::Float),
        _ => match text.parse::<i64>() {
            Ok(i) => Scalar::Int(i),
            Err(_)
                if text
                    .trim_start_matches('-')
                    .chars()
                    .all(|c| c.is_ascii_digit()) =>
            {
                Scalar::BigInt
            }
            Err(_) => Scalar::Str(text.to_string()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{parse, parse_until, Dialect, EVENTS_PER_LOOK};

    #[test]
    fn reading_gives_up_when_asked_and_reads_as_parse_otherwise() {
        let text: String = (0..EVENTS_PER_LOOK)
            .map(|i| format!("key{i}: [{i}, 'x']\n"))
            .collect();
        let mut asked = 0;
        let stopped = parse_until(&text, Dialect::Yaml, || {
            asked += 1;
            true
        });
        assert!(stopped.is_none());
        assert_eq!(asked, 1);
        let read = parse_until(&text, Dialect::Yaml, || false).expect("not stopped");
        let whole = parse(&text, Dialect::Yaml);
        assert!(read.fatal.is_none() && whole.fatal.is_none());
        assert_eq!(format!("{:?}", read.root), format!("{:?}", whole.root));
    }
}
