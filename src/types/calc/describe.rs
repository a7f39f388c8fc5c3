//! Mismatch descriptions in the reference's words (`TypeMismatchDescriber`):
//! "expects a value of type Undef or String, got Integer",
//! "entry 'port' expects an Integer[0, 65535] value, got String",
//! "expects size to be at least 1, got 0", pointing at the innermost
//! offending entry of nested data. Also the reference's `to_s` of a type
//! (aliases expanded as `Name = Type`).

use super::generalize::{generalize, variant_of};
use super::infer_set::infer_set_view;
use super::instance::{effective_key, key_is_optional};
use super::normalize::normalize;
use super::signatures::{merge_descriptions, COUNT, MISSING_BLOCK, SIZE, TYPE, UNEXPECTED_BLOCK};
use super::value_view::ValueView;
use super::walk::{is_self_recursive, map_children};
use super::{any_type, instance_of_view, is_assignable, undef_type, MAX_TYPE_DEPTH};
use crate::types::{IntRange, StructElement, Type, TypeAlias, TypeKind};
use crate::values::Value;
use std::sync::Arc;

/// A message describing why `v` is not an instance of `t`, or `None` when it is.
/// `label` prefixes the message (e.g. `parameter 'port'`).
pub fn describe_mismatch(t: &Type, v: &Value, label: Option<&str>) -> Option<String> {
    describe_mismatch_view(t, v, label)
}

/// [`describe_mismatch`] over a viewed value.
pub fn describe_mismatch_view<V: ValueView + ?Sized>(
    t: &Type,
    v: &V,
    label: Option<&str>,
) -> Option<String> {
    let stops = crate::stop::count();
    if instance_of_view(t, v) {
        return None;
    }
    let actual = infer_set_view(v);
    if crate::stop::stopped_since(stops) {
        // (a walk stopped: the caller answers with why)
        return None;
    }
    let label = label.unwrap_or("");
    let text = describe_types(t, &actual, label);
    if !text.is_empty() {
        return Some(text);
    }
    // No value is an instance of an empty Variant, and where one is what
    // fails the reference has nothing to say.
    if has_empty_variant(t, 0) {
        return Some(String::new());
    }
    // The walk found no innermost entry to blame (the mismatch lies deeper
    // than it follows, or the value contains itself): say it of the whole.
    let whole = type_mismatch(&[PathEl::Subject(label.to_string())], t, &actual, false);
    Some(whole.format().trim().to_string())
}

/// True when `t` holds an empty `Variant` (aliases are not followed).
fn has_empty_variant(t: &Type, depth: u32) -> bool {
    if matches!(t.kind(), TypeKind::Variant(ts) if ts.is_empty()) {
        return true;
    }
    if depth > MAX_TYPE_DEPTH || matches!(t.kind(), TypeKind::Alias(_)) {
        return false;
    }
    let mut found = false;
    crate::stack::deep(|| {
        super::walk::each_child(t, &mut |c| found = found || has_empty_variant(c, depth + 1))
    });
    found
}

/// The reference's `describe_mismatch(label, expected, actual)` for two types.
pub fn describe_types(expected: &Type, actual: &Type, label: &str) -> String {
    let mut d = Describer {
        depth: 0,
        aliases: Vec::new(),
        steps: crate::stop::Steps::new(),
    };
    let errors = d.describe(expected, actual, vec![PathEl::Subject(label.to_string())]);
    match errors.len() {
        0 => String::new(),
        1 => errors[0].format().trim().to_string(),
        _ => errors
            .iter()
            .map(Mismatch::format)
            .collect::<Vec<_>>()
            .join("\n "),
    }
}

const BUILTIN_ALIASES: &[&str] = &[
    "Data",
    "RichDataKey",
    "RichData",
    "Puppet::LookupKey",
    "Puppet::LookupValue",
];

/// The reference's `to_s` of a type: an alias prints as `Name = Type`, with
/// the aliases inside expanded too (a recursive alias only once).
pub fn type_to_s(t: &Type) -> String {
    match t.kind() {
        TypeKind::Alias(_) => expanded(t),
        _ => t.to_string(),
    }
}

/// The reference's alias-expanded text of a type.
pub fn expanded(t: &Type) -> String {
    let mut seen = Vec::new();
    expand(t, &mut seen, 0).to_string()
}

fn expand(t: &Type, seen: &mut Vec<*const TypeAlias>, depth: u32) -> Type {
    if depth > MAX_TYPE_DEPTH {
        super::too_deep("types", MAX_TYPE_DEPTH);
        return t.clone();
    }
    crate::stack::deep(|| expand_here(t, seen, depth))
}

fn expand_here(t: &Type, seen: &mut Vec<*const TypeAlias>, depth: u32) -> Type {
    match t.kind() {
        TypeKind::Alias(a) => {
            if BUILTIN_ALIASES.contains(&&*a.name) {
                return t.clone();
            }
            let Some(r) = a.resolved() else {
                return t.clone();
            };
            if is_self_recursive(a) {
                let p = Arc::as_ptr(a);
                if seen.contains(&p) {
                    return t.clone();
                }
                seen.push(p);
            }
            let body = expand(&normalize(r), seen, depth + 1);
            let shown = Arc::new(TypeAlias::new(format!("{} = {}", a.name, body)));
            Type::from_kind(TypeKind::Alias(shown))
        }
        _ => map_children(t, &mut |c| expand(c, seen, depth + 1)),
    }
}

/// The reference's `name` of a type (its alias name, else the simple name).
fn name(t: &Type) -> String {
    t.name().to_string()
}

/// The simple (class) name: like [`name`] but an alias is `TypeAlias`.
fn simple_name(t: &Type) -> String {
    t.kind().simple_name().to_string()
}

/// `Outer[Inner]` for a type with one contained type, else the name.
fn short_name(t: &Type) -> String {
    use TypeKind as K;
    match t.kind() {
        K::Type(Some(i))
        | K::NotUndef(Some(i))
        | K::Optional(Some(i))
        | K::Iterable(Some(i))
        | K::Iterator(Some(i))
        | K::Sensitive(Some(i))
        | K::Init(Some(i), _)
            if !matches!(i.kind(), K::Any) =>
        {
            format!("{}[{}]", name(t), name(i))
        }
        _ => name(t),
    }
}

fn same_class(a: &Type, b: &Type) -> bool {
    std::mem::discriminant(a.kind()) == std::mem::discriminant(b.kind())
}

/// The unparameterised type of the same kind (`e.class::DEFAULT`).
fn default_of(t: &Type) -> Type {
    use TypeKind as K;
    let k = match t.kind() {
        K::NotUndef(_) => K::NotUndef(None),
        K::Optional(_) => K::Optional(None),
        K::Type(_) => K::Type(None),
        K::Init(..) => K::Init(None, Vec::new()),
        K::Variant(_) => K::Variant(Vec::new()),
        K::Integer(_) => K::Integer(IntRange::unbounded()),
        K::Float(..) => K::Float(None, None),
        K::String { .. } => K::String {
            size: None,
            value: None,
        },
        K::Enum { .. } => K::Enum {
            values: Vec::new(),
            case_insensitive: false,
        },
        K::Pattern(_) => K::Pattern(Vec::new()),
        K::Boolean(_) => K::Boolean(None),
        K::Regexp(_) => K::Regexp(None),
        K::SemVer(_) => K::SemVer(Vec::new()),
        K::Timespan(..) => K::Timespan(None, None),
        K::Timestamp(..) => K::Timestamp(None, None),
        K::Uri(_) => K::Uri(None),
        K::Collection(_) => K::Collection(None),
        K::Array { .. } => K::Array {
            element: any_type().clone(),
            size: None,
        },
        K::Hash { .. } => K::Hash {
            key: any_type().clone(),
            value: any_type().clone(),
            size: None,
        },
        K::Struct(_) => K::Struct(None),
        K::Tuple { .. } => K::Tuple {
            types: None,
            size: None,
        },
        K::Callable(_) => K::Callable(Box::new(crate::types::CallableType {
            params: None,
            block: None,
            return_type: None,
        })),
        K::Iterable(_) => K::Iterable(None),
        K::Iterator(_) => K::Iterator(None),
        K::Resource { .. } => K::Resource {
            type_name: None,
            title: None,
        },
        K::Class(_) => K::Class(None),
        K::Runtime { .. } => K::Runtime {
            runtime: None,
            name: None,
        },
        K::Sensitive(_) => K::Sensitive(None),
        other => other.clone(),
    };
    Type::from_kind(k)
}

fn resolved(t: &Type) -> Type {
    let mut t = t.clone();
    for _ in 0..64 {
        match t.kind() {
            TypeKind::Alias(a) => match a.resolved() {
                Some(r) => t = r.clone(),
                None => break,
            },
            _ => break,
        }
    }
    t
}

fn article(s: &str) -> &'static str {
    let mut chars = s.chars();
    let mut c = chars.next().unwrap_or('x');
    if c == '"' || c == '\'' {
        c = chars.next().unwrap_or('x');
    }
    if "aeiouy".contains(c.to_ascii_lowercase()) {
        "an"
    } else {
        "a"
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum PathEl {
    Subject(String),
    EntryValue(String),
    EntryKey(String),
    Index(usize),
    Variant(usize),
    /// The n-th signature of a function (a variant, printed `n+1.`).
    Signature(usize),
    /// A function's parameter.
    Parameter(String),
    /// A function's block.
    Block,
}

impl PathEl {
    fn text(&self) -> String {
        match self {
            PathEl::Subject(s) => s.clone(),
            PathEl::EntryValue(k) => format!("entry '{k}'"),
            PathEl::EntryKey(k) => format!("key of entry '{k}'"),
            PathEl::Index(i) => format!("index {i}"),
            PathEl::Variant(i) => format!("variant {i}"),
            PathEl::Signature(i) => format!("{}.", i + 1),
            PathEl::Parameter(p) => format!("parameter '{p}'"),
            PathEl::Block => "block".to_string(),
        }
    }
}

pub(super) type Range = (i64, Option<i64>);

#[derive(Clone, Debug)]
pub(super) enum Kind {
    /// A type mismatch; `pattern` for Enum/Pattern expectations ("a match for").
    Type {
        expected: Type,
        actual: Type,
        pattern: bool,
    },
    Size {
        expected: Range,
        actual: Range,
    },
    MissingKey(String),
    ExtraneousKey(String),
    Unresolved(String),
    /// A call with a number of arguments outside `expected`.
    Count {
        expected: Range,
        actual: Range,
    },
    /// A call without the block a signature requires.
    MissingBlock,
    /// A call with a block a signature does not take.
    UnexpectedBlock,
}

#[derive(Clone, Debug)]
pub(super) struct Mismatch {
    pub(super) path: Vec<PathEl>,
    pub(super) kind: Kind,
}

pub(super) fn type_mismatch(
    path: &[PathEl],
    expected: &Type,
    actual: &Type,
    pattern: bool,
) -> Mismatch {
    Mismatch {
        path: path.to_vec(),
        kind: Kind::Type {
            expected: normalize(expected),
            actual: normalize(actual),
            pattern,
        },
    }
}

fn size_mismatch(path: &[PathEl], expected: Range, actual: Range) -> Mismatch {
    Mismatch {
        path: path.to_vec(),
        kind: Kind::Size { expected, actual },
    }
}

/// An Array or Hash against a collection type of `size`: the sizes when they
/// do not fit, otherwise the type (shown without its size, as `plain` makes it).
fn collection_mismatch(
    path: &[PathEl],
    original: &Type,
    size: &Option<IntRange>,
    actual_size: &Option<IntRange>,
    plain: impl FnOnce() -> Type,
) -> Mismatch {
    let actual_size = range_of(actual_size);
    if size.is_none() || covers(range_of(size), actual_size) {
        type_mismatch(path, original, &plain(), false)
    } else {
        size_mismatch(path, range_of(size), actual_size)
    }
}

fn range_of(r: &Option<IntRange>) -> Range {
    match r {
        Some(r) => (r.from.unwrap_or(0), r.to),
        None => (0, None),
    }
}

fn range_text(r: Range, zero: &str) -> String {
    let (min, max) = r;
    if Some(min) == max {
        if min == 0 {
            zero.to_string()
        } else {
            min.to_string()
        }
    } else if min == 0 {
        match max {
            None => "unlimited".to_string(),
            Some(m) => format!("at most {m}"),
        }
    } else {
        match max {
            None => format!("at least {min}"),
            Some(m) => format!("between {min} and {m}"),
        }
    }
}

fn range_type(r: Range) -> Type {
    Type::from_kind(TypeKind::Integer(IntRange::new(Some(r.0), r.1)))
}

/// The smallest range that holds both `a` and `b`.
fn enclosing(a: Range, b: Range) -> Range {
    let max = match (a.1, b.1) {
        (Some(x), Some(y)) => Some(x.max(y)),
        _ => None,
    };
    (a.0.min(b.0), max)
}

pub(super) fn covers(a: Range, b: Range) -> bool {
    is_assignable(&range_type(a), &range_type(b))
}

impl Mismatch {
    pub(super) fn canonical_path(&self) -> Vec<&PathEl> {
        self.path
            .iter()
            .filter(|e| !matches!(e, PathEl::Variant(_) | PathEl::Signature(_)))
            .collect()
    }

    pub(super) fn class(&self) -> u8 {
        match self.kind {
            Kind::Size { .. } => SIZE,
            Kind::Type { .. } => TYPE,
            Kind::Count { .. } => COUNT,
            Kind::MissingBlock => MISSING_BLOCK,
            Kind::UnexpectedBlock => UNEXPECTED_BLOCK,
            _ => 0,
        }
    }

    pub(super) fn merge(&self, o: &Mismatch) -> Mismatch {
        let kind = match (&self.kind, &o.kind) {
            (
                Kind::Size { expected, actual },
                Kind::Size {
                    expected: other, ..
                },
            ) => Kind::Size {
                expected: enclosing(*expected, *other),
                actual: *actual,
            },
            (
                Kind::Count { expected, actual },
                Kind::Count {
                    expected: other, ..
                },
            ) => Kind::Count {
                expected: enclosing(*expected, *other),
                actual: *actual,
            },
            (
                Kind::Type {
                    expected: a,
                    actual,
                    pattern,
                },
                Kind::Type { expected: b, .. },
            ) => Kind::Type {
                expected: normalize(&variant_of(vec![a.clone(), b.clone()])),
                actual: normalize(actual),
                pattern: *pattern,
            },
            (k, _) => k.clone(),
        };
        Mismatch {
            path: self.path.clone(),
            kind,
        }
    }

    pub(super) fn chop_path(mut self, index: usize) -> Mismatch {
        if index < self.path.len() {
            self.path.remove(index);
        }
        self
    }

    pub(super) fn format(&self) -> String {
        let (variant, path) = match self.path.first() {
            Some(s @ PathEl::Signature(_)) => (format!(" {}", s.text()), &self.path[1..]),
            _ => (String::new(), &self.path[..]),
        };
        let position = if path.is_empty() {
            variant
        } else {
            format!(
                "{variant} {}",
                path.iter().map(PathEl::text).collect::<Vec<_>>().join(" ")
            )
        };
        match &self.kind {
            Kind::Count { expected, actual } => {
                let (min, max) = *expected;
                let plural = !((min == 1 && (max == Some(1) || max.is_none()))
                    || (min == 0 && max == Some(1)));
                format!(
                    "{position} expects {} argument{}, got {}",
                    range_text(*expected, "no"),
                    if plural { "s" } else { "" },
                    range_text(*actual, "none")
                )
            }
            Kind::MissingBlock => format!("{position} expects a block"),
            Kind::UnexpectedBlock => format!("{position} does not expect a block"),
            Kind::MissingKey(k) => format!("{position} expects a value for key '{k}'"),
            Kind::ExtraneousKey(k) => format!("{position} unrecognized key '{k}'"),
            Kind::Unresolved(n) => format!("{position} references an unresolved type '{n}'"),
            Kind::Size { expected, actual } => format!(
                "{position} expects size to be {}, got {}",
                range_text(*expected, "0"),
                range_text(*actual, "0")
            ),
            Kind::Type {
                expected,
                actual,
                pattern: true,
            } => {
                let (e, pfx) = match expected.kind() {
                    TypeKind::Optional(Some(i)) => (i.clone(), "an undef value or "),
                    _ => (expected.clone(), ""),
                };
                let a = match actual.kind() {
                    TypeKind::String {
                        value: Some(v),
                        size: None,
                    } => format!("'{v}'"),
                    _ => short_name(actual),
                };
                format!(
                    "{position} expects {pfx}a match for {}, got {a}",
                    expanded(&e)
                )
            }
            Kind::Type {
                expected, actual, ..
            } => format!("{position} {}", type_message(expected, actual)),
        }
    }
}

/// The "expects ... value, got ..." text of a type mismatch.
fn type_message(expected: &Type, actual: &Type) -> String {
    let (e, optional) = match expected.kind() {
        TypeKind::Optional(Some(i)) => (i.clone(), true),
        _ => (expected.clone(), false),
    };
    let (etext, atext, multi) = match e.kind() {
        TypeKind::Variant(ts) => {
            let (mut names, a): (Vec<String>, String) = if report_detailed(ts, actual) {
                (
                    ts.iter().map(expanded).collect(),
                    detailed_actual(ts, actual),
                )
            } else {
                let mut ns: Vec<String> = Vec::new();
                for t in ts {
                    let n = short_name(t);
                    if !ns.contains(&n) {
                        ns.push(n);
                    }
                }
                (ns, short_name(actual))
            };
            if optional {
                names.insert(0, "Undef".to_string());
            }
            let text = match names.len() {
                0 => String::new(),
                1 => names[0].clone(),
                2 => format!("{} or {}", names[0], names[1]),
                n => format!("{}, or {}", names[..n - 1].join(", "), names[n - 1]),
            };
            let multi = names.len() > 1;
            (text, a, multi)
        }
        _ => {
            let one = std::slice::from_ref(&e);
            let (mut text, a) = if report_detailed(one, actual) {
                (expanded(&e), detailed_actual(one, actual))
            } else {
                (short_name(&e), short_name(actual))
            };
            if optional {
                text = format!("Undef or {text}");
            }
            (text, a, optional)
        }
    };
    if multi {
        format!("expects a value of type {etext}, got {atext}")
    } else {
        format!("expects {} {etext} value, got {atext}", article(&etext))
    }
}

fn always_fully_detailed(es: &[Type], a: &Type) -> bool {
    es.iter().any(|e| {
        same_class(e, a)
            || matches!(e.kind(), TypeKind::Alias(_))
            || matches!(a.kind(), TypeKind::Alias(_))
            || matches!(
                (e.kind(), a.kind()),
                (TypeKind::Struct(_), TypeKind::Hash { .. })
                    | (TypeKind::Tuple { .. }, TypeKind::Array { .. })
            )
    })
}

fn report_detailed(es: &[Type], a: &Type) -> bool {
    always_fully_detailed(es, a)
        || es
            .iter()
            .any(|e| is_assignable(&default_of(&resolved(e)), a))
}

fn detailed_actual(es: &[Type], a: &Type) -> String {
    let es: Vec<Type> = es.iter().map(resolved).collect();
    if always_fully_detailed(&es, a) {
        expanded(a)
    } else {
        let g = generalize(a);
        if es.iter().any(|e| is_assignable(e, &g)) {
            expanded(a)
        } else {
            simple_name(a)
        }
    }
}

/// The first unresolved type reference in `t`, looking into alias bodies as
/// the reference's finder does (each alias once: `seen` holds the aliases
/// already looked into, so recursive aliases end).
fn find_unresolved(t: &Type, depth: u32) -> Option<String> {
    find_unresolved_in(t, depth, &mut Vec::new())
}

fn find_unresolved_in(t: &Type, depth: u32, seen: &mut Vec<*const ()>) -> Option<String> {
    if depth > MAX_TYPE_DEPTH {
        super::too_deep("types", MAX_TYPE_DEPTH);
        return None;
    }
    crate::stack::deep(|| find_unresolved_here(t, depth, seen))
}

fn find_unresolved_here(t: &Type, depth: u32, seen: &mut Vec<*const ()>) -> Option<String> {
    match t.kind() {
        TypeKind::TypeReference(n) => return Some(n.to_string()),
        TypeKind::Alias(a) => {
            let key = Arc::as_ptr(a) as *const ();
            if seen.contains(&key) {
                return None;
            }
            seen.push(key);
            return a
                .resolved()
                .and_then(|r| find_unresolved_in(r, depth + 1, seen));
        }
        _ => {}
    }
    let mut found = None;
    super::walk::each_child(t, &mut |c| {
        if found.is_none() {
            found = find_unresolved_in(c, depth + 1, seen);
        }
    });
    found
}

pub(super) struct Describer {
    depth: u32,
    /// The (alias, actual type) pairs being described, innermost last.
    aliases: Vec<(usize, usize)>,
    /// Steps of this description, for stopping it when the host asks (see [`crate::stop`]).
    steps: crate::stop::Steps,
}

impl Describer {
    /// A describer at depth 0.
    pub(super) fn new() -> Describer {
        Describer {
            depth: 0,
            aliases: Vec::new(),
            steps: crate::stop::Steps::new(),
        }
    }

    pub(super) fn describe(
        &mut self,
        expected: &Type,
        actual: &Type,
        path: Vec<PathEl>,
    ) -> Vec<Mismatch> {
        if let Some(n) = find_unresolved(expected, 0) {
            return vec![Mismatch {
                path,
                kind: Kind::Unresolved(n),
            }];
        }
        if self.steps.stop() {
            return Vec::new();
        }
        if self.depth >= MAX_TYPE_DEPTH {
            super::too_deep("types", MAX_TYPE_DEPTH);
            return Vec::new();
        }
        self.depth += 1;
        let r = crate::stack::deep(|| self.internal(&normalize(expected), expected, actual, &path));
        self.depth -= 1;
        r
    }

    fn internal(
        &mut self,
        expected: &Type,
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        use TypeKind as K;
        match expected.kind() {
            K::Variant(ts) => self.variant(ts, original, actual, path),
            K::Struct(es) => self.structure(es.as_deref().unwrap_or(&[]), original, actual, path),
            K::Hash { key, value, size } => self.hash(key, value, size, original, actual, path),
            K::Tuple { types, size } => self.tuple(
                expected,
                types.as_deref().unwrap_or(&[]),
                size,
                original,
                actual,
                path,
            ),
            K::Array { element, size } => self.array(element, size, original, actual, path),
            K::Optional(inner) => {
                if matches!(actual.kind(), K::Undef) {
                    return Vec::new();
                }
                let Some(inner) = inner else {
                    return Vec::new();
                };
                let orig = if matches!(original.kind(), K::Alias(_)) {
                    original.clone()
                } else {
                    expected.clone()
                };
                self.internal(inner, &orig, actual, path)
            }
            K::Pattern(_) | K::Enum { .. } => vec![type_mismatch(path, original, actual, true)],
            K::Callable(c) => self.callable(c, original, actual, path),
            K::Alias(a) => match a.resolved() {
                Some(r) => {
                    // An alias met again for the same actual type without a
                    // container in between (`A = Variant[B]`, `B = Optional[A]`)
                    // adds nothing: the mismatch is said of the outer type.
                    let key = (
                        Arc::as_ptr(a) as usize,
                        actual.kind() as *const TypeKind as usize,
                    );
                    if self.aliases.contains(&key) {
                        return Vec::new();
                    }
                    self.aliases.push(key);
                    let r = normalize(r);
                    let found = crate::stack::deep(|| self.internal(&r, expected, actual, path));
                    self.aliases.pop();
                    found
                }
                None => Vec::new(),
            },
            _ => {
                if is_assignable(expected, actual) {
                    Vec::new()
                } else {
                    vec![type_mismatch(path, original, actual, false)]
                }
            }
        }
    }

    fn variant(
        &mut self,
        ts: &[Type],
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let mut types: Vec<Type> = ts.to_vec();
        if matches!(original.kind(), TypeKind::Optional(_)) {
            types.insert(0, undef_type().clone());
        }
        let mut all = Vec::new();
        for (i, vt) in types.iter().enumerate() {
            let mut p = path.to_vec();
            p.push(PathEl::Variant(i));
            let d = self.describe(vt, actual, p);
            if d.is_empty() {
                return Vec::new();
            }
            all.push(d);
        }
        let descriptions = merge_descriptions(path.len(), &[SIZE, TYPE], all);
        if matches!(original.kind(), TypeKind::Alias(_)) && descriptions.len() == 1 {
            vec![type_mismatch(path, original, actual, false)]
        } else {
            descriptions
        }
    }

    fn structure(
        &mut self,
        es: &[StructElement],
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let mut out = Vec::new();
        match actual.kind() {
            TypeKind::Struct(aes) => {
                let mut rest: Vec<&StructElement> = aes.as_deref().unwrap_or(&[]).iter().collect();
                for e1 in es {
                    match rest.iter().position(|e2| e2.name() == e1.name()) {
                        None => {
                            if !key_is_optional(e1) {
                                out.push(Mismatch {
                                    path: path.to_vec(),
                                    kind: Kind::MissingKey(e1.name().to_string()),
                                });
                            }
                        }
                        Some(i) => {
                            let e2 = rest.remove(i);
                            let (k1, k2) = (effective_key(e1), effective_key(e2));
                            if !is_assignable(&k1, &k2) {
                                let mut p = path.to_vec();
                                p.push(PathEl::EntryKey(e1.name().to_string()));
                                out.extend(self.describe(&k1, &k2, p));
                            }
                            if !is_assignable(&e1.value_type, &e2.value_type) {
                                let mut p = path.to_vec();
                                p.push(PathEl::EntryValue(e1.name().to_string()));
                                out.extend(self.describe(&e1.value_type, &e2.value_type, p));
                            }
                        }
                    }
                }
                for e2 in rest {
                    out.push(Mismatch {
                        path: path.to_vec(),
                        kind: Kind::ExtraneousKey(e2.name().to_string()),
                    });
                }
            }
            TypeKind::Hash { key, value, size } => {
                let required = es.iter().filter(|e| !key_is_optional(e)).count() as i64;
                let expected = (required, Some(es.len() as i64));
                let actual_size = range_of(size);
                if covers(expected, actual_size) {
                    out.push(type_mismatch(
                        path,
                        original,
                        &plain_hash(key, value),
                        false,
                    ));
                } else {
                    out.push(size_mismatch(path, expected, actual_size));
                }
            }
            _ => out.push(type_mismatch(path, original, actual, false)),
        }
        out
    }

    fn hash(
        &mut self,
        key: &Type,
        value: &Type,
        size: &Option<IntRange>,
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let mut out = Vec::new();
        match actual.kind() {
            TypeKind::Struct(aes) => {
                let aes = aes.as_deref().unwrap_or(&[]);
                let expected = range_of(size);
                let required = aes.iter().filter(|e| !key_is_optional(e)).count() as i64;
                let actual_size = (required, Some(aes.len() as i64));
                if covers(expected, actual_size) {
                    for a in aes {
                        let ak = effective_key(a);
                        if !is_assignable(key, &ak) {
                            let mut p = path.to_vec();
                            p.push(PathEl::EntryKey(a.name().to_string()));
                            out.extend(self.describe(key, &ak, p));
                        }
                        if !is_assignable(value, &a.value_type) {
                            let mut p = path.to_vec();
                            p.push(PathEl::EntryValue(a.name().to_string()));
                            out.extend(self.describe(value, &a.value_type, p));
                        }
                    }
                } else {
                    out.push(size_mismatch(path, expected, actual_size));
                }
            }
            TypeKind::Hash {
                key: ak,
                value: av,
                size: asize,
            } => {
                out.push(collection_mismatch(path, original, size, asize, || {
                    plain_hash(ak, av)
                }));
            }
            _ => out.push(type_mismatch(path, original, actual, false)),
        }
        out
    }

    fn array(
        &mut self,
        element: &Type,
        size: &Option<IntRange>,
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        let mut out = Vec::new();
        match actual.kind() {
            TypeKind::Tuple { types, size: asize } => {
                let types = types.as_deref().unwrap_or(&[]);
                let expected = range_of(size);
                let actual_size = match asize {
                    Some(_) => range_of(asize),
                    None => (types.len() as i64, Some(types.len() as i64)),
                };
                if covers(expected, actual_size) {
                    for (i, t) in types.iter().enumerate() {
                        if !is_assignable(element, t) {
                            let mut p = path.to_vec();
                            p.push(PathEl::Index(i));
                            out.extend(self.describe(element, t, p));
                        }
                    }
                } else {
                    out.push(size_mismatch(path, expected, actual_size));
                }
            }
            TypeKind::Array {
                element: ae,
                size: asize,
            } => {
                out.push(collection_mismatch(path, original, size, asize, || {
                    Type::from_kind(TypeKind::Array {
                        element: ae.clone(),
                        size: None,
                    })
                }));
            }
            _ => out.push(type_mismatch(path, original, actual, false)),
        }
        out
    }

    fn tuple(
        &mut self,
        expected_t: &Type,
        types: &[Type],
        size: &Option<IntRange>,
        original: &Type,
        actual: &Type,
        path: &[PathEl],
    ) -> Vec<Mismatch> {
        if expected_t == actual
            || (types.is_empty() && matches!(actual.kind(), TypeKind::Array { .. }))
        {
            return Vec::new();
        }
        let tuple_range = |ts: &[Type], s: &Option<IntRange>| match s {
            Some(_) => range_of(s),
            None if ts.is_empty() => (0, None),
            None => (ts.len() as i64, Some(ts.len() as i64)),
        };
        let expected = tuple_range(types, size);
        match actual.kind() {
            TypeKind::Tuple {
                types: ats,
                size: asize,
            } => {
                let ats = ats.as_deref().unwrap_or(&[]);
                let actual_size = tuple_range(ats, asize);
                if !covers(expected, actual_size) {
                    return vec![size_mismatch(path, expected, actual_size)];
                }
                let mut out = Vec::new();
                if !types.is_empty() {
                    for (i, at) in ats.iter().enumerate() {
                        let adx = i.min(types.len() - 1);
                        let mut p = path.to_vec();
                        p.push(PathEl::Index(adx));
                        out.extend(self.describe(&types[adx], at, p));
                    }
                }
                out
            }
            TypeKind::Array {
                element,
                size: asize,
            } => {
                let actual_size = range_of(asize);
                if !covers(expected, actual_size) {
                    return vec![size_mismatch(path, expected, actual_size)];
                }
                let mut out = Vec::new();
                for (i, et) in types.iter().enumerate() {
                    let mut p = path.to_vec();
                    p.push(PathEl::Index(i));
                    out.extend(self.describe(et, element, p));
                }
                out
            }
            _ => vec![type_mismatch(path, original, actual, false)],
        }
    }
}

fn plain_hash(k: &Type, v: &Type) -> Type {
    Type::from_kind(TypeKind::Hash {
        key: k.clone(),
        value: v.clone(),
        size: None,
    })
}
