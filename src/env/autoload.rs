//! Where Puppet looks for a definition by name: the kinds of definition and
//! the module files that may hold each name.
//!
//! - classes and defined types: `apache::mod::ssl` is tried in
//!   `apache/manifests/mod/ssl.pp`, then in `apache/manifests/mod.pp`, then
//!   in `apache/manifests/init.pp` (a definition may sit in a file of an
//!   enclosing namespace); `apache` is `apache/manifests/init.pp`;
//! - functions: `mod::a::b` is `mod/functions/a/b.pp`; a global name `f` is
//!   `functions/f.pp` of each module in turn;
//! - plans: `mod::a` is `mod/plans/a.pp`, `mod` is `mod/plans/init.pp`;
//! - type aliases: `Mod::A::B` is `mod/types/a/b.pp` (names are matched
//!   without regard to case).

/// What a definition defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `class`
    Class,
    /// `define`
    DefinedType,
    /// `function` (in the Puppet language)
    Function,
    /// `plan`
    Plan,
    /// `type X = ...`
    TypeAlias,
}

impl Kind {
    /// `"class"`, `"defined_type"`, `"function"`, `"plan"`, `"type_alias"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Class => "class",
            Kind::DefinedType => "defined_type",
            Kind::Function => "function",
            Kind::Plan => "plan",
            Kind::TypeAlias => "type_alias",
        }
    }

    /// How messages name the kind (`"class"`, `"defined type"`, ...).
    pub fn label(self) -> &'static str {
        match self {
            Kind::Class => "class",
            Kind::DefinedType => "defined type",
            Kind::Function => "function",
            Kind::Plan => "plan",
            Kind::TypeAlias => "type alias",
        }
    }

    /// The module directory definitions of this kind are loaded from.
    pub fn dir(self) -> &'static str {
        match self {
            Kind::Class | Kind::DefinedType => "manifests",
            Kind::Function => "functions",
            Kind::Plan => "plans",
            Kind::TypeAlias => "types",
        }
    }
}

/// The canonical key of a name: without a leading `::`, in lower case.
pub fn key(name: &str) -> String {
    name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase()
}

/// Where to look for `name` of `kind`, in order: `(module, path in the
/// module)`; `module` is `None` for "every module, in module path order".
pub fn candidates(kind: Kind, name: &str) -> Vec<(Option<String>, String)> {
    let key = key(name);
    let segments: Vec<&str> = key.split("::").collect();
    if segments
        .iter()
        .any(|s| s.is_empty() || s.contains(['/', '\\', '.']))
    {
        return Vec::new();
    }
    let module = Some(segments[0].to_string());
    let rest = &segments[1..];
    let file = |dir: &str, parts: &[&str]| format!("{dir}/{}.pp", parts.join("/"));
    match kind {
        Kind::Class | Kind::DefinedType => (0..=rest.len())
            .rev()
            .map(|n| {
                let path = if n == 0 {
                    "manifests/init.pp".to_string()
                } else {
                    file("manifests", &rest[..n])
                };
                (module.clone(), path)
            })
            .collect(),
        Kind::Function if rest.is_empty() => vec![(None, file("functions", &segments))],
        Kind::Function => vec![(module, file("functions", rest))],
        Kind::Plan if rest.is_empty() => vec![(module, "plans/init.pp".to_string())],
        Kind::Plan => vec![(module, file("plans", rest))],
        Kind::TypeAlias if rest.is_empty() => Vec::new(),
        Kind::TypeAlias => vec![(module, file("types", rest))],
    }
}

/// The name a file of a module's `types/` (or `functions/`, `plans/`)
/// directory must define: `types/a/b.pp` of module `m` is `m::a::b`
/// (`init.pp` directly in the directory is the module's own name).
pub fn expected_name(module: &str, relative: &str) -> Option<String> {
    let (_, rest) = relative.split_once('/')?;
    let stem = rest.strip_suffix(".pp")?;
    if stem == "init" {
        return Some(module.to_string());
    }
    Some(format!("{module}::{}", stem.replace('/', "::")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(kind: Kind, name: &str) -> Vec<String> {
        candidates(kind, name)
            .into_iter()
            .map(|(m, p)| format!("{}/{p}", m.unwrap_or_else(|| "*".into())))
            .collect()
    }

    #[test]
    fn classes_are_looked_for_in_their_file_then_in_enclosing_namespaces() {
        assert_eq!(
            paths(Kind::Class, "apache::mod::ssl"),
            [
                "apache/manifests/mod/ssl.pp",
                "apache/manifests/mod.pp",
                "apache/manifests/init.pp"
            ]
        );
        assert_eq!(paths(Kind::Class, "apache"), ["apache/manifests/init.pp"]);
        assert_eq!(
            paths(Kind::DefinedType, "::Apache::Vhost")[0],
            "apache/manifests/vhost.pp"
        );
    }

    #[test]
    fn functions_plans_and_aliases_have_one_file() {
        assert_eq!(
            paths(Kind::Function, "stdlib::ensure"),
            ["stdlib/functions/ensure.pp"]
        );
        assert_eq!(paths(Kind::Function, "myfunc"), ["*/functions/myfunc.pp"]);
        assert_eq!(paths(Kind::Plan, "m"), ["m/plans/init.pp"]);
        assert_eq!(paths(Kind::Plan, "m::a::b"), ["m/plans/a/b.pp"]);
        assert_eq!(
            paths(Kind::TypeAlias, "Stdlib::IP::Address"),
            ["stdlib/types/ip/address.pp"]
        );
        assert!(paths(Kind::TypeAlias, "Stdlib").is_empty());
    }

    #[test]
    fn names_that_would_leave_the_module_find_nothing() {
        assert!(paths(Kind::Class, "a::..::b").is_empty());
        assert!(paths(Kind::Class, "a::b/c").is_empty());
        assert!(paths(Kind::Class, "a::::b").is_empty());
        assert!(paths(Kind::Class, "").is_empty());
    }

    #[test]
    fn a_files_expected_name_follows_its_path() {
        assert_eq!(
            expected_name("m", "types/a/b.pp").as_deref(),
            Some("m::a::b")
        );
        assert_eq!(expected_name("m", "plans/init.pp").as_deref(), Some("m"));
    }
}
