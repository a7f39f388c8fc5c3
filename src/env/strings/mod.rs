//! The JSON that `puppet strings generate --format json` prints for Puppet
//! language files: classes, defined types, type aliases, functions and plans
//! with their docstrings (text and YARD tags, completed from the code as
//! puppet-strings completes them: a `@param` per parameter with the code's
//! type, a `@return` with the declared return type), defaults, source and
//! function signatures. The sections that need Ruby code (data types,
//! resource types, providers, tasks, Ruby functions) are present and empty.
//!
//! Texts taken from the code are the reference parser model's own texts of
//! the nodes ([`model_span`]), so that a default written `1 + 2` shows as
//! puppet-strings shows it (`+`). The layout is Ruby's `JSON.pretty_generate`
//! ([`json`]). Deliberate differences are in docs/divergences.md.

pub mod json;
pub mod model_span;
pub mod yard;

use super::autoload::Kind;
use super::definition::{self, Definition};
use crate::check::Diagnostic;
use crate::syntax::ast::{Expr, ExprKind, Program};
use serde_json::{json, Map, Value};
use std::sync::Arc;
use yard::{Docstring, Tag};

/// One file to document: the name to show for it and its text.
#[derive(Clone, Debug)]
pub struct Input {
    /// The path as puppet-strings shows it (as given, e.g. `manifests/init.pp`).
    pub file: String,
    /// The file's text.
    pub source: Arc<str>,
}

/// The document and the files that could not be documented.
#[derive(Debug)]
pub struct Generated {
    /// The JSON document.
    pub document: Value,
    /// A diagnostic for each file that did not parse (its definitions are left out).
    pub diagnostics: Vec<Diagnostic>,
}

/// The sections of the document, in the reference's order.
pub const SECTIONS: [&str; 9] = [
    "puppet_classes",
    "data_types",
    "data_type_aliases",
    "defined_types",
    "resource_types",
    "providers",
    "puppet_functions",
    "puppet_tasks",
    "puppet_plans",
];

/// The entries of one file (kind, name, JSON), or why it has none.
type FileEntries = (Vec<(Kind, String, Value)>, Option<Diagnostic>);

/// Document `inputs` (in parallel; the result does not depend on it).
/// Work the host cancels ([`crate::stop::cancelled`]) documents no further
/// file: its result is to be dropped.
pub fn generate(inputs: &[Input]) -> Generated {
    use rayon::prelude::*;
    let document = |input: &Input| {
        if crate::stop::cancelled() {
            (Vec::new(), None)
        } else {
            document_file(input)
        }
    };
    let per_file: Vec<FileEntries> =
        super::parallel::run(|| inputs.par_iter().map(document).collect());
    let mut sections: Vec<Vec<(String, Value)>> = vec![Vec::new(); SECTIONS.len()];
    let mut seen: std::collections::HashMap<(Kind, String), usize> = Default::default();
    let mut diagnostics = Vec::new();
    for (entries, diagnostic) in per_file {
        diagnostics.extend(diagnostic);
        for (kind, name, entry) in entries {
            let section = &mut sections[section_of(kind)];
            match seen.get(&(kind, name.clone())) {
                None => {
                    seen.insert((kind, name.clone()), section.len());
                    section.push((name, entry));
                }
                Some(&i) => merge_again(kind, &mut section[i].1, entry),
            }
        }
    }
    let mut doc = Map::new();
    for (i, section) in sections.into_iter().enumerate() {
        let mut section = section;
        section.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        doc.insert(
            SECTIONS[i].to_string(),
            Value::Array(section.into_iter().map(|(_, v)| v).collect()),
        );
    }
    Generated {
        document: Value::Object(doc),
        diagnostics,
    }
}

/// The inputs of `paths` as the command line gives them: a directory stands
/// for its `.pp` files (walked in order, following links once), a file for
/// itself; each is shown as its path joined to the argument. A file that
/// cannot be read is a diagnostic. Work the host cancels reads no further
/// file ([`crate::stop::cancelled`]).
pub fn inputs(paths: &[String]) -> (Vec<Input>, Vec<Diagnostic>) {
    let mut files: Vec<(String, std::path::PathBuf)> = Vec::new();
    let mut diagnostics = Vec::new();
    for arg in paths {
        let path = std::path::Path::new(arg);
        if path.is_dir() {
            let mut found = Vec::new();
            let mut visited = std::collections::HashSet::new();
            super::files::walk_pp(path, &mut visited, &mut found, &mut diagnostics);
            for f in found {
                let shown = match f.strip_prefix(path) {
                    Ok(rel) => format!("{}/{}", arg.trim_end_matches('/'), rel.to_string_lossy()),
                    Err(_) => f.to_string_lossy().into_owned(),
                };
                files.push((shown, f));
            }
        } else {
            files.push((arg.clone(), path.to_path_buf()));
        }
    }
    use rayon::prelude::*;
    let read: Vec<Result<Input, Option<Diagnostic>>> = super::parallel::run(|| {
        files
            .par_iter()
            .map(|(shown, path)| {
                if crate::stop::cancelled() {
                    return Err(None);
                }
                let display: Arc<str> = Arc::from(shown.as_str());
                match super::files::read_source(path, &display) {
                    super::files::Read::Text(source) => Ok(Input {
                        file: shown.clone(),
                        source: Arc::from(source),
                    }),
                    super::files::Read::Bad(d) => Err(Some(d)),
                    super::files::Read::Missing => Err(Some(
                        Diagnostic::new(
                            crate::check::Code::UNREADABLE_FILE,
                            "No such file or directory",
                        )
                        .in_file(Some(display)),
                    )),
                }
            })
            .collect()
    });
    let mut out = Vec::with_capacity(read.len());
    for r in read {
        match r {
            Ok(i) => out.push(i),
            Err(d) => diagnostics.extend(d),
        }
    }
    (out, diagnostics)
}

/// The text puppet-strings writes for `document` (with the final newline).
pub fn render(document: &Value) -> String {
    let mut s = json::pretty(document);
    s.push('\n');
    s
}

/// A name documented again (YARD reuses its object): the later docstring
/// wins; a function also takes the later signature, defaults and source; the
/// file and line stay the first's, and so do the rest of the others.
fn merge_again(kind: Kind, first: &mut Value, later: Value) {
    let (Some(first), Value::Object(mut later)) = (first.as_object_mut(), later) else {
        return;
    };
    if kind == Kind::Function {
        for key in ["file", "line"] {
            if let Some(v) = first.get(key) {
                later.insert(key.to_string(), v.clone());
            }
        }
        *first = later;
    } else if let Some(doc) = later.remove("docstring") {
        first.insert("docstring".to_string(), doc);
    }
}

fn section_of(kind: Kind) -> usize {
    match kind {
        Kind::Class => 0,
        Kind::TypeAlias => 2,
        Kind::DefinedType => 3,
        Kind::Function => 6,
        Kind::Plan => 8,
    }
}

/// Parse one file (as puppet-strings does: without validation; in tasks mode
/// under a `plans` directory) and document its definitions.
fn document_file(input: &Input) -> FileEntries {
    let plans = input.file.starts_with("plans") || input.file.contains("/plans/");
    let parsed = if plans {
        crate::syntax::parser::parse_tasks_syntax(&input.source)
    } else {
        crate::syntax::parser::parse_syntax(&input.source, false)
    };
    let program = match parsed {
        Ok(p) => Arc::new(p),
        Err(e) => {
            let index = crate::syntax::span::LineIndex::new(&input.source);
            let d = Diagnostic::of_error(&e, &input.source, &index)
                .in_file(Some(Arc::from(input.file.as_str())));
            return (Vec::new(), Some(d));
        }
    };
    let path: Arc<str> = Arc::from(input.file.as_str());
    let entries = definition::extract(&program, &path, None)
        .iter()
        .map(|d| (d.kind, d.name.clone(), entry(d, &input.file)))
        .collect();
    (entries, None)
}

/// A parameter as puppet-strings sees it: name, type text, default text.
struct Param {
    name: String,
    type_text: Option<String>,
    default_text: Option<String>,
}

fn params(def: &Definition) -> Vec<Param> {
    let src = &def.program.source;
    let text = |e: &Expr| def.program.text(model_span::own_span(src, e)).to_string();
    def.ast()
        .map(|a| {
            a.parameters
                .iter()
                .map(|p| Param {
                    name: p.name.clone(),
                    type_text: p.type_expr.as_deref().map(text),
                    default_text: p.value.as_deref().map(text),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Give every parameter a `@param` tag with the code's type (puppet-strings'
/// completion of a docstring).
fn complete_param_tags(doc: &mut Docstring, params: &[Param]) {
    for p in params {
        let found = doc
            .tags
            .iter_mut()
            .find(|t| t.tag_name == "param" && t.name.as_deref() == Some(p.name.as_str()));
        match found {
            None => doc.tags.push(Tag::new(
                "param",
                Some(String::new()),
                Some(vec![p.type_text.clone().unwrap_or_else(|| "Any".into())]),
                Some(p.name.clone()),
            )),
            Some(tag) => {
                if let Some(t) = &p.type_text {
                    tag.types = Some(vec![t.clone()]);
                } else if tag.types.is_none() {
                    tag.types = Some(vec!["Any".into()]);
                }
            }
        }
    }
}

/// The JSON of a docstring: its text and its tags sorted by name (stably),
/// without `@api public`; only the tags named in `only` when given.
fn docstring_json(doc: &Docstring, only: Option<&[&str]>) -> Value {
    let mut tags: Vec<&Tag> = doc
        .tags
        .iter()
        .filter(|t| only.map_or(true, |o| o.contains(&t.tag_name.as_str())))
        .collect();
    tags.sort_by(|a, b| a.tag_name.cmp(&b.tag_name));
    let tags: Vec<Value> = tags
        .into_iter()
        .filter(|t| !(t.tag_name == "api" && t.text.as_deref() == Some("public")))
        .map(tag_json)
        .collect();
    let mut m = Map::new();
    m.insert("text".into(), Value::String(doc.text.clone()));
    if !tags.is_empty() {
        m.insert("tags".into(), Value::Array(tags));
    }
    Value::Object(m)
}

fn tag_json(t: &Tag) -> Value {
    let mut m = Map::new();
    m.insert("tag_name".into(), json!(t.tag_name));
    if let Some(pair) = &t.pair {
        m.insert("opt_name".into(), json!(pair.name));
        m.insert("opt_text".into(), json!(pair.text));
        if let Some(types) = &pair.types {
            m.insert("opt_types".into(), json!(types));
        }
        m.insert("parent".into(), json!(t.name));
    }
    if let Some(text) = &t.text {
        m.insert("text".into(), json!(text));
    }
    if let Some(types) = &t.types {
        m.insert("types".into(), json!(types));
    }
    if let Some(name) = &t.name {
        m.insert("name".into(), json!(name));
    }
    Value::Object(m)
}

/// `defaults`: the parameters that have one, with its text.
fn defaults_json(params: &[Param]) -> Option<Value> {
    let m: Map<String, Value> = params
        .iter()
        .filter_map(|p| Some((p.name.clone(), json!(p.default_text.as_ref()?))))
        .collect();
    (!m.is_empty()).then_some(Value::Object(m))
}

/// The entry of one definition.
fn entry(def: &Definition, file: &str) -> Value {
    let line = def.position().0;
    let mut doc = yard::parse(&def.docstring());
    let mut m = Map::new();
    m.insert("name".into(), json!(def.name));
    m.insert("file".into(), json!(file));
    m.insert("line".into(), json!(line));
    match def.kind {
        Kind::Class | Kind::DefinedType | Kind::Plan => {
            let ps = params(def);
            complete_param_tags(&mut doc, &ps);
            if let Some(parent) = &def.parent {
                m.insert("inherits".into(), json!(parent));
            }
            m.insert("docstring".into(), docstring_json(&doc, None));
            if let Some(d) = defaults_json(&ps) {
                m.insert("defaults".into(), d);
            }
            let source = def.source();
            if !source.is_empty() {
                m.insert("source".into(), json!(source));
            }
        }
        Kind::Function => {
            let ps = params(def);
            complete_param_tags(&mut doc, &ps);
            let ret = def.return_type_node().map(|t| {
                def.text(model_span::own_span(&def.program.source, t))
                    .replace(">> ", "")
            });
            complete_return_tag(&mut doc, ret);
            m.insert("type".into(), json!("puppet"));
            let signature = signature(&def.name, &ps, &doc);
            let only = ["param", "option", "enum", "return", "example"];
            m.insert(
                "signatures".into(),
                json!([{ "signature": signature, "docstring": docstring_json(&doc, Some(&only)) }]),
            );
            m.insert("docstring".into(), docstring_json(&doc, None));
            if let Some(d) = defaults_json(&ps) {
                m.insert("defaults".into(), d);
            }
            let source = format_source(def.source());
            if !source.is_empty() {
                m.insert("source".into(), json!(source));
            }
        }
        Kind::TypeAlias => {
            m.insert("docstring".into(), docstring_json(&doc, None));
            let alias_of = def
                .alias_node()
                .map(|t| alias_of(&def.program, t))
                .unwrap_or_default();
            m.insert("alias_of".into(), json!(alias_of));
        }
    }
    Value::Object(m)
}

/// Give a function a `@return` tag with its declared type (or `Any`).
fn complete_return_tag(doc: &mut Docstring, ret: Option<String>) {
    match doc.tags.iter_mut().find(|t| t.tag_name == "return") {
        Some(tag) => {
            if let Some(r) = ret {
                tag.types = Some(vec![r]);
            } else if tag.types.is_none() {
                tag.types = Some(vec!["Any".into()]);
            }
        }
        None => doc.tags.push(Tag::new(
            "return",
            Some(String::new()),
            Some(vec![ret.unwrap_or_else(|| "Any".into())]),
            None,
        )),
    }
}

/// `name(Type $param = default, ...)` with the types of the `@param` tags.
fn signature(name: &str, params: &[Param], doc: &Docstring) -> String {
    let args: Vec<String> = params
        .iter()
        .map(|p| {
            let tag = doc
                .tags
                .iter()
                .find(|t| t.tag_name == "param" && t.name.as_deref() == Some(p.name.as_str()));
            let ty = match tag.and_then(|t| t.types.as_ref()) {
                Some(types) => format!("{} ", types.first().map_or("", String::as_str)),
                None => "Any ".to_string(),
            };
            let default = p
                .default_text
                .as_ref()
                .map(|d| format!(" = {d}"))
                .unwrap_or_default();
            format!("{ty}${}{default}", p.name)
        })
        .collect();
    format!("{name}({})", args.join(", "))
}

/// A type alias's aliased type as puppet-strings writes it: an access is
/// rebuilt from its parts (`Hash[String, Integer]` whatever the spacing).
fn alias_of(program: &Program, t: &Expr) -> String {
    let src = &program.source;
    let own = |e: &Expr| program.text(model_span::own_span(src, e)).to_string();
    match &t.kind {
        ExprKind::Access { left, keys } => {
            let keys: Vec<String> = keys.iter().map(own).collect();
            format!("{}[{}]", own(left), keys.join(", "))
        }
        _ => own(t),
    }
}

/// YARD's layout of a function's source: the indentation of its last line
/// taken off every line.
fn format_source(source: &str) -> String {
    let source = source
        .strip_suffix('\n')
        .map_or(source, |s| s.strip_suffix('\r').unwrap_or(s));
    let last = source
        .split('\n')
        .rev()
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let indent = last.chars().take_while(|c| *c == ' ' || *c == '\t').count();
    if indent == 0 {
        return source.to_string();
    }
    source
        .split('\n')
        .map(|l| {
            let n = l
                .chars()
                .take(indent)
                .take_while(|c| *c == ' ' || *c == '\t')
                .count();
            if n == indent {
                &l[indent..]
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests;
