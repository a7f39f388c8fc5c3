//! The Ruby binding (feature `ruby`): thin magnus wrappers that convert Ruby
//! objects, call the pure-Rust core and convert the answers back.
//!
//! One file per Ruby class, each with its own `init`; [`convert`] maps values
//! both ways and [`errors`] maps [`crate::ErrorKind`] to the Ruby exception
//! classes. Every entry point runs under [`errors::guard`], so a panic
//! surfaces as `PuppetTypes::InternalError`, never as a crash.

mod alias_registry;
mod allocator;
mod ast_model;
mod ast_node;
pub(crate) mod convert;
mod data_check;
mod definition;
mod describer;
mod diagnostic;
mod encoding;
mod environment;
pub(crate) mod errors;
mod evaluator;
mod formatter;
mod gvl;
mod internal;
mod internals;
mod interrupts;
mod kept;
mod lexer;
mod parameter;
mod parser;
mod rich;
mod ruby_class;
mod runtime_classes;
mod shared_calls;
mod strings;
mod type_calculator;
pub(crate) mod type_factory;
mod type_object;
mod type_parser;
mod validation;
mod value_view;

use magnus::{Error, Ruby};

#[global_allocator]
static GLOBAL: allocator::MiMalloc = allocator::MiMalloc;

/// Called by Ruby when `puppet_types/puppet_types.so` is required.
#[magnus::init(name = "puppet_types")]
fn init(ruby: &Ruby) -> Result<(), Error> {
    // SAFETY: called during Init, before any method is defined. The binding keeps
    // no per-Ractor Ruby state: its caches are immortal Symbols and classes.
    unsafe { rb_sys::rb_ext_ractor_safe(true) };
    crate::stop::install(interrupts::check);
    internals::init();
    kept::init();
    let module = ruby.define_module("PuppetTypes")?;
    errors::init(ruby, module)?;
    type_object::init(ruby, module)?;
    type_factory::init(ruby, module)?;
    alias_registry::init(ruby, module)?;
    type_parser::init(ruby, module)?;
    rich::init(ruby)?;
    type_calculator::init(ruby, module)?;
    describer::init(ruby, module)?;
    formatter::init(ruby, module)?;
    lexer::init(ruby, module)?;
    parser::init(ruby, module)?;
    validation::init(ruby, module)?;
    ast_node::init(ruby, module)?;
    evaluator::init(ruby, module)?;
    diagnostic::init(ruby, module)?;
    environment::init(ruby, module)?;
    data_check::init(ruby, module)?;
    definition::init(ruby, module)?;
    parameter::init(ruby, module)?;
    strings::init(ruby, module)?;
    internal::init(ruby, module)?;
    resolve_classes(ruby);
    Ok(())
}

/// Look up now the classes magnus finds by name on first use (it unwraps the
/// lookup: an interrupt delivered during a first use in a call would become
/// a panic).
fn resolve_classes(ruby: &Ruby) {
    use magnus::TypedData;
    let _ = parser::RbAst::class(ruby);
    let _ = parser::RbParser::class(ruby);
    let _ = ast_node::RbNode::class(ruby);
    let _ = alias_registry::RbAliasRegistry::class(ruby);
    let _ = validation::RbProgress::class(ruby);
    let _ = diagnostic::RbDiagnostic::class(ruby);
    let _ = environment::RbEnvironment::class(ruby);
    let _ = data_check::RbDataCheck::class(ruby);
    let _ = definition::RbDefinition::class(ruby);
    let _ = parameter::RbParameter::class(ruby);
    rich::resolve_classes(ruby);
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The names of the structs `#[magnus::wrap]` makes Ruby classes of, in
    /// the Rust files under `dir`.
    fn wrapped_structs(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                wrapped_structs(&path, found);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let mut after_wrap = false;
            for line in text.lines() {
                let line = line.trim();
                if line.starts_with("#[magnus::wrap") {
                    after_wrap = true;
                } else if after_wrap && line.contains("struct ") {
                    let name = line.split("struct ").nth(1).unwrap();
                    let name: String = name
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
                        .collect();
                    found.push(name);
                    after_wrap = false;
                }
            }
            // Invocations of the macro start a line: `rich_class!(` then the name.
            for call in text.split("\nrich_class!(").skip(1) {
                let name = call.trim_start().split(',').next().unwrap();
                found.push(name.to_string());
            }
        }
    }

    /// Every wrapped class is looked up at load, not at its first use in a
    /// call, where a pending interrupt would make magnus's lookup panic.
    #[test]
    fn every_wrapped_class_is_resolved_at_load() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ruby");
        let mut names = Vec::new();
        wrapped_structs(&root, &mut names);
        names.retain(|n| n != "$rb");
        assert!(names.len() >= 18, "found only {names:?}");
        let resolved = std::fs::read_to_string(root.join("mod.rs")).unwrap()
            + &std::fs::read_to_string(root.join("rich/mod.rs")).unwrap();
        for name in names {
            assert!(
                resolved.contains(&format!("{name}::class(ruby)")),
                "{name} is not resolved in resolve_classes"
            );
        }
    }
}
