//! Hiera 5 lookups without a catalog: the evaluator's [`DataSource`] for
//! `lookup` and the `hiera` functions.
//!
//! [`Hiera`] reads two layers, as Puppet does, in this order: the hiera.yaml
//! it is given (the global layer, Puppet's `--hiera_config`), then, for a
//! key `<module>::...`, the hiera.yaml of that module of the environment (its
//! `hierarchy`, then its `default_hierarchy` when nothing was found; keys
//! outside the module's namespace are ignored there). Configurations are
//! read by [`crate::check::data::hiera::read_config`] (one reading of
//! hiera.yaml for checks and lookups), data files by
//! [`crate::check::data::document`] (`yaml_data`, `json_data`).
//!
//! | module | owns |
//! | --- | --- |
//! | [`interpolate`] | `%{...}` in paths and values, keys split into dotted segments |
//! | [`merge`] | the merge strategies `first`, `unique`, `hash`, `deep` |
//!
//! A value is interpolated where it is found, then dug into by the key's
//! segments (`a.b.0`), then merged with the other levels' by the strategy
//! asked for, or the `merge` of the key's `lookup_options` (gathered from
//! every layer, a key's own entry before the first `^pattern` that matches
//! it), else `first`.

pub mod interpolate;
pub mod merge;

use crate::check::data::document::{self, Dialect};
use crate::check::data::hiera::{self as config, Config, Layer, Level, Locations, Read};
use crate::env::Environment;
use crate::error::{Error, Result};
use crate::eval::{DataSource, Found};
use crate::values::{Regexp, Value, ValueMap};
use interpolate::Context;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The reserved key of lookup options.
const LOOKUP_OPTIONS: &str = "lookup_options";

/// The data of one level: a hash per location found, and whether the
/// level names one location (its value is taken as it is, where the values
/// of several locations are merged).
struct LevelData {
    locations: Vec<Value>,
    single: bool,
}

/// A layer a lookup reads: its configuration, whether it is a module's, and the module.
type LayerRef = (Arc<Config>, bool, Option<String>);

/// A hiera configuration read once (or the reason it cannot be used).
type Loaded = std::result::Result<Arc<Config>, String>;

/// Hiera data: a global hiera.yaml and the data of an environment's modules.
pub struct Hiera {
    global: Option<Loaded>,
    env: Option<Arc<Environment>>,
    modules: Mutex<HashMap<String, Option<Loaded>>>,
    files: Mutex<HashMap<PathBuf, Arc<std::result::Result<Value, String>>>>,
}

impl std::fmt::Debug for Hiera {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Hiera(global: {:?})", self.global.is_some())
    }
}

/// Read the configuration at `path`, or why it cannot be used.
fn load(path: &Path, layer: &Layer) -> Loaded {
    let mut problems = Vec::new();
    match config::read_config(path, layer, &mut problems) {
        Read::V5(c) => Ok(Arc::new(c)),
        Read::V3(..) => Err(format!(
            "The hiera.yaml at '{}' is of version 3, which this evaluator does not read",
            path.display()
        )),
        Read::Invalid => Err(problems
            .first()
            .map_or_else(|| "Invalid hiera.yaml".to_string(), |d| d.message.clone())),
    }
}

impl Hiera {
    /// Data from the hiera.yaml at `global` (if any) and the modules of `env` (if any).
    pub fn new(global: Option<&Path>, env: Option<Arc<Environment>>) -> Hiera {
        Hiera {
            global: global.map(|p| load(p, &Layer::Environment)),
            env,
            modules: Mutex::new(HashMap::new()),
            files: Mutex::new(HashMap::new()),
        }
    }

    /// The configuration of the module `name` (`None`: no such module, or no hiera.yaml).
    fn module_config(&self, name: &str) -> Option<Loaded> {
        let env = self.env.as_ref()?;
        let mut modules = self.modules.lock().unwrap_or_else(|e| e.into_inner());
        modules
            .entry(name.to_string())
            .or_insert_with(|| {
                let module = env.modules().iter().find(|m| m.name == name)?;
                let path = module.path.join("hiera.yaml");
                path.is_file()
                    .then(|| load(&path, &Layer::Module(Arc::from(name))))
            })
            .clone()
    }

    /// The data of the file at `path` read by `dialect` (an empty hash for an empty file).
    fn data_file(&self, path: &Path, dialect: Dialect) -> Arc<std::result::Result<Value, String>> {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        files
            .entry(path.to_path_buf())
            .or_insert_with(|| {
                Arc::new(
                    std::fs::read_to_string(path)
                        .map_err(|e| format!("Unable to read '{}': {e}", path.display()))
                        .and_then(|text| {
                            let doc = document::parse(&text, dialect);
                            if let Some(p) = doc.fatal {
                                return Err(format!(
                                    "Unable to parse '{}': {}",
                                    path.display(),
                                    p.message
                                ));
                            }
                            match doc.root.map(|r| r.value) {
                                None | Some(Value::Undef) => Ok(Value::hash(ValueMap::default())),
                                Some(v @ Value::Hash(_)) => Ok(v),
                                Some(_) => Err(format!(
                                    "{}: file does not contain a valid yaml hash",
                                    path.display()
                                )),
                            }
                        }),
                )
            })
            .clone()
    }

    /// The data hashes of `level` of `config`, in order.
    fn level_data(&self, config: &Config, level: &Level, cx: &Context) -> Result<Vec<Value>> {
        if !matches!(
            level.locations,
            Locations::Paths(_) | Locations::Globs(_) | Locations::MappedPaths(_)
        ) {
            return Ok(Vec::new());
        }
        let dialect = match (level.function.0.as_str(), level.function.1.as_str()) {
            ("data_hash", "yaml_data") => Dialect::Yaml,
            ("data_hash", "json_data") => Dialect::Json,
            (kind, f) => {
                return Err(Error::evaluation(format!(
                    "The hierarchy level '{}' uses {kind} '{f}', which this evaluator does not read (only yaml_data and json_data)",
                    level.name
                )))
            }
        };
        let datadir = cx.path(&level.datadir)?;
        let dir = if Path::new(&datadir).is_absolute() {
            PathBuf::from(&datadir)
        } else {
            config.root.join(&datadir)
        };
        let mut paths: Vec<PathBuf> = Vec::new();
        match &level.locations {
            Locations::Paths(list) => {
                for p in list {
                    paths.push(dir.join(cx.path(p)?));
                }
            }
            Locations::Globs(list) => {
                for g in list {
                    let g = cx.path(g)?;
                    for g in config::expand_braces(&g) {
                        let base = glob::Pattern::escape(&dir.to_string_lossy());
                        paths.extend(config::glob_files(&base, &g));
                    }
                }
            }
            Locations::MappedPaths(m) => {
                if let [var, name, template] = m.as_slice() {
                    let items = match &cx.variable_path(var)? {
                        Some(Value::Array(a)) => (**a).clone(),
                        Some(Value::Hash(h)) => h
                            .iter()
                            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                            .collect(),
                        Some(v @ Value::String(_)) => vec![v.clone()],
                        _ => Vec::new(),
                    };
                    for item in items {
                        let inner = cx.with_binding(name, item);
                        paths.push(dir.join(inner.path(template)?));
                    }
                }
            }
            Locations::Uris(_) | Locations::None => {}
        }
        let mut out = Vec::new();
        for p in paths {
            if !p.is_file() {
                continue;
            }
            match &*self.data_file(&p, dialect) {
                Ok(v) => out.push(v.clone()),
                Err(m) => return Err(Error::evaluation(m.clone())),
            }
        }
        Ok(out)
    }

    /// The data hashes of each level of a layer (of each of its locations),
    /// highest priority first, with the keys a module may not bind dropped.
    fn layer_data(
        &self,
        config: &Config,
        levels: &[Level],
        module: Option<&str>,
        cx: &Context,
    ) -> Result<Vec<LevelData>> {
        let mut out = Vec::new();
        for level in levels {
            let mut locations = Vec::new();
            for data in self.level_data(config, level, cx)? {
                locations.push(match (module, &data) {
                    (Some(m), Value::Hash(h)) => {
                        let prefix = format!("{m}::");
                        Value::hash(
                            h.iter()
                                .filter(|(k, _)| {
                                    k.as_str().is_some_and(|k| {
                                        k == LOOKUP_OPTIONS || k.starts_with(&prefix)
                                    })
                                })
                                .map(|(k, v)| (k.clone(), v.clone()))
                                .collect(),
                        )
                    }
                    _ => data,
                });
            }
            let single = matches!(&level.locations, Locations::Paths(p) if p.len() == 1);
            out.push(LevelData { locations, single });
        }
        Ok(out)
    }

    /// The layers a lookup of `root` reads: (configuration, levels, the module).
    fn layers(&self, root: &str, modules: bool) -> Result<Vec<LayerRef>> {
        let mut out = Vec::new();
        if let Some(g) = &self.global {
            out.push((g.clone().map_err(Error::evaluation)?, false, None));
        }
        if modules {
            if let Some((m, _)) = root.split_once("::") {
                let m = m.to_ascii_lowercase();
                if let Some(c) = self.module_config(&m) {
                    out.push((c.map_err(Error::evaluation)?, true, Some(m)));
                }
            }
        }
        Ok(out)
    }

    /// Look `key` up (see [`DataSource::lookup`]) with the lookups in
    /// progress in `cx` (for interpolations that look keys up).
    pub(crate) fn find(
        &self,
        key: &str,
        merge: Option<&Value>,
        modules: bool,
        cx: &Context,
    ) -> Result<Option<Found>> {
        let segments = interpolate::split_key(key)?;
        let root = segments[0].clone();
        if root == LOOKUP_OPTIONS {
            return Ok(None);
        }
        // (the reference finds the recursion inside the global layer, which names the key)
        let cx = cx.entering(key).map_err(|mut e| {
            if self.global.is_some() {
                e.message = format!("Lookup of key '{root}' failed: {}", e.message);
            }
            e
        })?;
        let layers = self.layers(&root, modules)?;
        let mut datas: Vec<Vec<LevelData>> = Vec::new();
        for (c, _, m) in &layers {
            datas.push(self.layer_data(c, &c.hierarchy, m.as_deref(), &cx)?);
        }
        let options = key_options(&datas, &root);
        let merge = match merge {
            Some(m) => Some(m.clone()),
            None => options
                .as_ref()
                .and_then(|o| o.get(&Value::string("merge")).cloned()),
        };
        let strategy = merge::Strategy::of(merge.as_ref())?;
        // each level merges its locations, each layer its levels, then the layers' values are merged
        let global_prefix = format!("Lookup of key '{root}' failed: ");
        let mut merged: Vec<Value> = Vec::new();
        for ((_, is_module, _), levels) in layers.iter().zip(&datas) {
            let prefix = if *is_module {
                ""
            } else {
                global_prefix.as_str()
            };
            let v = self.merge_levels(levels, &root, &strategy, &cx, prefix)?;
            if let Some(v) = v {
                merged.push(v);
                if strategy.is_first() {
                    break;
                }
            }
        }
        let value = if merged.is_empty() {
            // a module's default hierarchy, when nothing else has the key
            let mut value = None;
            for (c, is_module, m) in &layers {
                if *is_module && !c.default_hierarchy.is_empty() {
                    let d = self.layer_data(c, &c.default_hierarchy, m.as_deref(), &cx)?;
                    let mut found = Vec::new();
                    for level in &d {
                        found.extend(self.gather(&level.locations, &root, &strategy, &cx, "")?);
                    }
                    value = match found.len() {
                        0 => None,
                        1 => found.pop(),
                        _ => Some(strategy.merge(found, "")?),
                    };
                }
            }
            match value {
                Some(v) => v,
                None => return Ok(None),
            }
        } else {
            strategy.merge(merged, "")?
        };
        let Some(value) = interpolate::dig(&value, &segments, key)? else {
            return Ok(None);
        };
        let convert_to = options
            .as_ref()
            .and_then(|o| o.get(&Value::string("convert_to")).cloned());
        Ok(Some(Found { value, convert_to }))
    }

    /// The merged value of `root` in the levels of a layer (`None`: no level has it).
    fn merge_levels(
        &self,
        levels: &[LevelData],
        root: &str,
        strategy: &merge::Strategy,
        cx: &Context,
        prefix: &str,
    ) -> Result<Option<Value>> {
        let mut found = Vec::new();
        for level in levels {
            let mut values = self.gather(&level.locations, root, strategy, cx, prefix)?;
            if !values.is_empty() {
                found.push(if level.single {
                    values.remove(0)
                } else {
                    strategy.merge(values, prefix)?
                });
                if strategy.is_first() {
                    break;
                }
            }
        }
        if found.is_empty() {
            return Ok(None);
        }
        strategy.merge(found, prefix).map(Some)
    }

    /// The interpolated values of `root` in `datas`, in order (only the
    /// first for the strategy `first`).
    fn gather(
        &self,
        datas: &[Value],
        root: &str,
        strategy: &merge::Strategy,
        cx: &Context,
        prefix: &str,
    ) -> Result<Vec<Value>> {
        let mut found = Vec::new();
        for d in datas {
            let Value::Hash(h) = d else { continue };
            let Some(v) = h.get(&Value::string(root)) else {
                continue;
            };
            found.push(cx.value(self, v).map_err(|mut e| {
                e.message = format!("{prefix}{}", e.message);
                e
            })?);
            if strategy.is_first() {
                break;
            }
        }
        Ok(found)
    }
}

/// The options of `root` in the `lookup_options` of the layers' data: its
/// own entry, else the first `^pattern` matching it.
fn key_options(datas: &[Vec<LevelData>], root: &str) -> Option<ValueMap> {
    let mut all: Vec<Value> = Vec::new();
    for layer in datas {
        for d in layer.iter().flat_map(|l| &l.locations) {
            if let Value::Hash(h) = d {
                if let Some(o @ Value::Hash(_)) = h.get(&Value::string(LOOKUP_OPTIONS)) {
                    all.push(o.clone());
                }
            }
        }
    }
    let merged = merge::Strategy::Deep(Default::default())
        .merge(all, "")
        .ok()?;
    let Value::Hash(options) = &merged else {
        return None;
    };
    if let Some(Value::Hash(o)) = options.get(&Value::string(root)) {
        return Some((**o).clone());
    }
    options.iter().find_map(|(k, v)| {
        let k = k.as_str()?;
        let Value::Hash(o) = v else { return None };
        (k.starts_with('^') && Regexp::new(k).ok()?.is_match(root)).then(|| (**o).clone())
    })
}

impl DataSource for Hiera {
    fn lookup(
        &self,
        key: &str,
        merge: Option<&Value>,
        modules: bool,
        variable: &dyn Fn(&str) -> Option<Value>,
    ) -> Result<Option<Found>> {
        let cx = Context::new(variable, modules);
        self.find(key, merge, modules, &cx)
    }
}

#[cfg(test)]
mod tests;
