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
}
