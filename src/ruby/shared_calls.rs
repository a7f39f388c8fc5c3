//! The environment and the hiera data of an evaluation that lets Ruby run
//! at its steps ([`super::interrupts::with_call_outs`], so that `Timeout`
//! and `Thread#raise` reach a long evaluation).
//!
//! The environment is shared: other Ruby threads may use it at any time,
//! and its answers take its locks (a file being loaded, the aliases being
//! resolved). Were Ruby to run while this thread holds one, a thread
//! waiting for it would hold the GVL this thread needs back. So every call
//! into the environment or the data is made with Ruby kept from running
//! ([`super::interrupts::without_call_outs`]); what it returns is owned.

use super::interrupts::without_call_outs;
use crate::error::Result;
use crate::eval::{DataSource, Found, Loader, PuppetFunction};
use crate::types::aliases::{AliasSource, SourceAlias};
use crate::types::Type;
use crate::values::Value;
use std::sync::Arc;

/// A [`Loader`] asked with Ruby kept from running.
pub struct SharedLoader<'a>(pub &'a dyn Loader);

impl Loader for SharedLoader<'_> {
    fn function(&self, name: &str) -> Option<Arc<PuppetFunction>> {
        without_call_outs(|| self.0.function(name))
    }

    fn type_alias(&self, name: &str) -> Result<Option<Type>> {
        without_call_outs(|| self.0.type_alias(name))
    }

    fn alias_source(&self) -> Option<Arc<dyn AliasSource>> {
        let source = without_call_outs(|| self.0.alias_source())?;
        Some(Arc::new(SharedAliasSource(source)))
    }

    fn is_resource_type(&self, name: &str) -> bool {
        without_call_outs(|| self.0.is_resource_type(name))
    }

    fn ruby_function(&self, name: &str) -> Option<String> {
        without_call_outs(|| self.0.ruby_function(name))
    }

    fn module_directory(&self, name: &str) -> Option<std::path::PathBuf> {
        without_call_outs(|| self.0.module_directory(name))
    }
}

/// An [`AliasSource`] asked with Ruby kept from running.
struct SharedAliasSource(Arc<dyn AliasSource>);

impl AliasSource for SharedAliasSource {
    fn alias(&self, key: &str) -> Result<Option<SourceAlias>> {
        without_call_outs(|| self.0.alias(key))
    }

    fn is_resource_type(&self, name: &str) -> bool {
        without_call_outs(|| self.0.is_resource_type(name))
    }
}

/// A [`DataSource`] asked with Ruby kept from running.
pub struct SharedData<'a>(pub &'a dyn DataSource);

impl DataSource for SharedData<'_> {
    fn lookup(
        &self,
        key: &str,
        merge: Option<&Value>,
        modules: bool,
        variable: &dyn Fn(&str) -> Option<Value>,
    ) -> Result<Option<Found>> {
        without_call_outs(|| self.0.lookup(key, merge, modules, variable))
    }
}
