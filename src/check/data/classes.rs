//! The classes data keys bind: how a key names a class parameter, each
//! class's parameters with their types resolved in the environment (looked
//! up once, shared by the threads checking files), and did-you-mean
//! suggestions for misspelt names.

use crate::env::{Environment, Kind};
use crate::types::Type;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A class as data binds it.
#[derive(Debug)]
pub struct ClassInfo {
    /// The class name (`apache::mod::ssl`).
    pub name: String,
    /// The resource the reference names in messages (`Class[Apache::Mod::Ssl]`).
    pub resource: String,
    /// The parameters, in order.
    pub params: Vec<ParamInfo>,
}

/// A class parameter.
#[derive(Debug)]
pub struct ParamInfo {
    /// The name, without `$`.
    pub name: String,
    /// The type resolved in the environment (`None` when it cannot be resolved:
    /// the environment's diagnostics say why, and values are not checked).
    pub ty: Option<Type>,
    /// True when it has a default (an undef value from data then leaves the default).
    pub has_default: bool,
}

impl ClassInfo {
    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&ParamInfo> {
        self.params.iter().find(|p| p.name == name)
    }
}

/// `Class[A::B]` for `a::b`, as the reference writes a class resource.
pub fn resource_name(class: &str) -> String {
    let segments: Vec<String> = class
        .split("::")
        .map(|s| {
            let mut cs = s.chars();
            match cs.next() {
                Some(c) => c.to_uppercase().chain(cs).collect(),
                None => String::new(),
            }
        })
        .collect();
    format!("Class[{}]", segments.join("::"))
}

/// A class name segment: a lower-case letter, then lower-case letters, digits and `_`.
fn is_segment(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(|c| c.is_ascii_lowercase())
        && cs.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// A parameter name: a lower-case letter or `_`, then word characters.
fn is_param_name(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The class and parameter a key names (`a::b::c` is parameter `c` of
/// class `a::b`), when it has that shape.
pub fn split_key(key: &str) -> Option<(&str, &str)> {
    let i = key.rfind("::")?;
    let (class, param) = (&key[..i], &key[i + 2..]);
    (class.split("::").all(is_segment) && is_param_name(param)).then_some((class, param))
}

/// One class's lookup, done once by the first thread that needs it.
type Slot = Arc<OnceLock<Option<Arc<ClassInfo>>>>;

/// Classes looked up once each, shared between threads.
pub struct Classes {
    env: Arc<Environment>,
    found: Mutex<HashMap<String, Slot>>,
    /// The class names of each module asked for (for suggestions).
    names: Mutex<HashMap<String, Arc<Vec<String>>>>,
}

impl Classes {
    /// Lookups in `env`.
    pub fn new(env: Arc<Environment>) -> Classes {
        Classes {
            env,
            found: Mutex::new(HashMap::new()),
            names: Mutex::new(HashMap::new()),
        }
    }

    /// The environment.
    pub fn env(&self) -> &Arc<Environment> {
        &self.env
    }

    /// The class called `name`, with its parameters' types resolved.
    pub fn get(&self, name: &str) -> Option<Arc<ClassInfo>> {
        let slot = {
            let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
            found.entry(name.to_string()).or_default().clone()
        };
        slot.get_or_init(|| self.load(name)).clone()
    }

    fn load(&self, name: &str) -> Option<Arc<ClassInfo>> {
        let def = self.env.find(Kind::Class, name)?;
        let params = def
            .parameters
            .iter()
            .enumerate()
            .map(|(i, p)| ParamInfo {
                name: p.name.clone(),
                ty: self.env.parameter_type(&def, i).ok(),
                has_default: p.default_span.is_some(),
            })
            .collect();
        Some(Arc::new(ClassInfo {
            name: name.to_string(),
            resource: resource_name(name),
            params,
        }))
    }

    /// True when the module path has a module called `name`.
    pub fn has_module(&self, name: &str) -> bool {
        self.env.modules().iter().any(|m| m.name == name)
    }

    /// The names of the classes a module's `manifests/` directory holds by
    /// the autoloader's naming (`init.pp` is the module's own class), read
    /// once for each module.
    pub fn class_names_of_module(&self, module: &str) -> Arc<Vec<String>> {
        if let Some(found) = self
            .names
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(module)
        {
            return found.clone();
        }
        let found = Arc::new(self.read_class_names(module));
        self.names
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(module.to_string(), found.clone());
        found
    }

    fn read_class_names(&self, module: &str) -> Vec<String> {
        let Some(m) = self.env.modules().iter().find(|m| m.name == module) else {
            return Vec::new();
        };
        let root = m.dir("manifests");
        let mut out = Vec::new();
        let mut dirs = vec![(root, String::new())];
        while let Some((dir, prefix)) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let path = e.path();
                let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                    continue;
                };
                let name = if prefix.is_empty() {
                    format!("{module}::{stem}")
                } else {
                    format!("{prefix}::{stem}")
                };
                if path.is_dir() {
                    if out.len() < 10_000 && dirs.len() < 1_000 {
                        dirs.push((path, name));
                    }
                } else if path.extension().is_some_and(|x| x == "pp") {
                    if prefix.is_empty() && stem == "init" {
                        out.push(module.to_string());
                    } else {
                        out.push(name);
                    }
                }
            }
        }
        out.sort();
        out
    }
}

/// The candidate closest to `name` by edit distance (transpositions count
/// one), when it is close enough to be a likely misspelling: at most a
/// third of the name's length, and at most 3 edits; the first of equally
/// close ones.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let length = name.chars().count();
    let limit = (length / 3).clamp(1, 3);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        // (the distance is at least the difference of the lengths: most
        // candidates are out of reach without computing it)
        if c == name || c.chars().count().abs_diff(length) > limit {
            continue;
        }
        let d = strsim::osa_distance(name, c);
        if d <= limit && best.map_or(true, |(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_names_a_class_and_a_parameter() {
        assert_eq!(split_key("apache::sendfile"), Some(("apache", "sendfile")));
        assert_eq!(
            split_key("apache::mod::ssl::ssl_compression"),
            Some(("apache::mod::ssl", "ssl_compression"))
        );
        assert_eq!(split_key("ntp_servers"), None);
        assert_eq!(split_key("::apache::x"), None);
        assert_eq!(split_key("Apache::x"), None);
        assert_eq!(split_key("apache::x.y"), None);
    }

    #[test]
    fn the_resource_name_capitalizes_each_segment() {
        assert_eq!(resource_name("apache::mod::ssl"), "Class[Apache::Mod::Ssl]");
        assert_eq!(resource_name("t"), "Class[T]");
    }

    #[test]
    fn suggestions_are_close_names() {
        let names = ["sendfile", "server_tokens", "servername"];
        assert_eq!(did_you_mean("sendfiel", names), Some("sendfile"));
        assert_eq!(did_you_mean("server_name", names), Some("servername"));
        assert_eq!(did_you_mean("x", names), None);
        assert_eq!(did_you_mean("completely_else", names), None);
    }
}
