//! The environment as the evaluator's [`Loader`]: the Puppet-language
//! functions of the modules' `functions/` directories and the type aliases of
//! their `types/`, found by the autoloader, and the modules' classes and
//! defined types as resource types.

use super::{Definition, Environment, Kind};
use crate::error::Result;
use crate::eval::{FunctionBody, Loader, PuppetFunction, Source};
use crate::syntax::ast;
use crate::types::aliases::AliasSource;
use crate::types::Type;
use std::sync::Arc;

/// A function's definition in the environment's parsed file.
#[derive(Debug)]
struct EnvFunction(Arc<Definition>);

impl FunctionBody for EnvFunction {
    fn definition(&self) -> Option<&ast::Definition> {
        self.0.ast()
    }
}

impl Loader for Environment {
    fn function(&self, name: &str) -> Option<Arc<PuppetFunction>> {
        let def = self.find(Kind::Function, name)?;
        def.ast()?;
        let source = Arc::new(Source::new(Some(&def.path), def.program.source.clone()));
        Some(Arc::new(PuppetFunction {
            body: Arc::new(EnvFunction(def)),
            source,
        }))
    }

    fn type_alias(&self, name: &str) -> Result<Option<Type>> {
        self.aliases().lookup(name)
    }

    fn alias_source(&self) -> Option<Arc<dyn AliasSource>> {
        self.aliases().source()
    }

    fn is_resource_type(&self, name: &str) -> bool {
        self.aliases().is_resource_type(name)
    }

    /// The first module of the module path with that name.
    fn module_directory(&self, name: &str) -> Option<std::path::PathBuf> {
        self.modules()
            .iter()
            .find(|m| m.name == name)
            .map(|m| m.path.clone())
    }

    /// Where the autoloader would find a Ruby function: a namespaced name in
    /// its module's `lib/puppet/functions/<module>/`, a global one in any
    /// module's `lib/puppet/functions/` or (the 3.x API)
    /// `lib/puppet/parser/functions/`.
    fn ruby_function(&self, name: &str) -> Option<String> {
        let name = name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase();
        let segments: Vec<&str> = name.split("::").collect();
        if segments.iter().any(|s| !super::module::is_module_name(s)) {
            return None;
        }
        let candidates: Vec<std::path::PathBuf> = match segments.as_slice() {
            [global] => self
                .modules()
                .iter()
                .flat_map(|m| {
                    [
                        m.dir("lib/puppet/functions").join(format!("{global}.rb")),
                        m.dir("lib/puppet/parser/functions")
                            .join(format!("{global}.rb")),
                    ]
                })
                .collect(),
            [module, rest @ ..] => {
                let mut path = std::path::PathBuf::from("lib/puppet/functions");
                path.push(module);
                for (i, s) in rest.iter().enumerate() {
                    if i + 1 == rest.len() {
                        path.push(format!("{s}.rb"));
                    } else {
                        path.push(s);
                    }
                }
                self.modules()
                    .iter()
                    .filter(|m| m.name == *module)
                    .map(|m| m.path.join(&path))
                    .collect()
            }
            [] => Vec::new(),
        };
        candidates
            .into_iter()
            .find(|p| p.is_file())
            .map(|p| p.display().to_string())
    }
}
