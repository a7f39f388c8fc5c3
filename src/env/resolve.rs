//! Names in type expressions, resolved as Puppet's loaders resolve them in an
//! environment: type aliases from the modules' `types/` directories, then
//! resource types (Puppet's built-in ones, those a module's
//! `lib/puppet/type/*.rb` defines, and defined types), else an unresolved
//! `TypeReference`. This is the [`AliasSource`] of the environment's alias
//! registry.

use super::autoload::{self, Kind};
use super::index::Index;
use crate::error::Result;
use crate::types::aliases::{AliasSource, SourceAlias};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The environment's name resolution.
pub struct Names {
    index: Arc<Index>,
    /// Resource type answers by canonical name.
    resource_types: Mutex<HashMap<String, bool>>,
}

impl Names {
    /// Resolution over `index`.
    pub fn new(index: Arc<Index>) -> Names {
        Names {
            index,
            resource_types: Mutex::new(HashMap::new()),
        }
    }

    fn find_resource_type(&self, key: &str) -> bool {
        if !key.contains("::") {
            if crate::types::builtin::builtin_resource_type(key).is_some() {
                return true;
            }
            let file = format!("{key}.rb");
            if self
                .index
                .modules
                .iter()
                .any(|m| m.path.join("lib/puppet/type").join(&file).is_file())
            {
                return true;
            }
        }
        self.index.find(Kind::DefinedType, key).is_some()
    }
}

impl AliasSource for Names {
    fn alias(&self, key: &str) -> Result<Option<SourceAlias>> {
        if let Some(d) = self.index.find(Kind::TypeAlias, key) {
            if let Some(expr) = d.alias_node() {
                return Ok(Some(SourceAlias {
                    name: Arc::from(d.name.as_str()),
                    program: d.program.clone(),
                    expr: expr.clone(),
                }));
            }
        }
        match self.index.load_error(Kind::TypeAlias, key) {
            Some(e) => Err(e),
            None => Ok(None),
        }
    }

    fn is_resource_type(&self, name: &str) -> bool {
        let key = autoload::key(name);
        if let Some(&known) = self
            .resource_types
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return known;
        }
        let known = self.find_resource_type(&key);
        self.resource_types
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, known);
        known
    }
}
