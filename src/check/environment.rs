//! The checks of validated files that need an environment (`puppet-types
//! validate --modulepath`): each file of the module path among those
//! validated gets, besides its syntax and validation diagnostics,
//!
//! - a parameter default that is a literal value not matching the
//!   parameter's declared type (an error, worded as the compiler words the
//!   failure: `Class[Apache]: parameter 'port' expects an Integer value, got
//!   String`);
//! - a type name in a signature or alias that resolves to nothing, or a
//!   type expression that is not a valid type ([`crate::env`]'s checks);
//! - a type alias, function or plan file that does not define the name its
//!   path gives (the reference does not load it);
//! - a class or defined type whose name is not the one its file's path
//!   gives the autoloader (it is not found where the autoloader looks).
//!
//! Files outside the module path get none of these: nothing is guessed.

use super::{Code, Diagnostic};
use crate::env::{DefaultValue, Definition, Environment, Kind, SourceFile};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The diagnostics of the environment's checks for `files` (`(path, name in
/// diagnostics)` pairs), and those of the module path itself.
pub fn check_files(env: &Environment, files: &[(PathBuf, Arc<str>)]) -> Vec<Diagnostic> {
    env.load_all();
    let loaded: HashMap<PathBuf, Arc<SourceFile>> = env
        .files()
        .into_iter()
        .filter_map(|f| Some((canonical(Path::new(&*f.path))?, f)))
        .collect();
    let environment = env.diagnostics();
    let mut out: Vec<Diagnostic> = environment
        .iter()
        .filter(|d| d.code == Code::MISSING_MODULEPATH)
        .cloned()
        .collect();
    for (path, display) in files {
        let Some(file) = canonical(path).and_then(|p| loaded.get(&p)) else {
            continue;
        };
        let rename = |d: Diagnostic| d.in_file(Some(display.clone()));
        out.extend(
            environment
                .iter()
                .filter(|d| d.path.as_deref() == Some(&*file.path) && environment_code(d.code))
                .cloned()
                .map(rename),
        );
        let module = file.module.and_then(|m| env.modules().get(m));
        for def in &file.definitions {
            out.extend(default_mismatches(env, def).into_iter().map(rename));
            if let Some(module) = module {
                if !nested(def, &file.definitions) {
                    out.extend(path_mismatch(def, &module.name, &file.relative).map(rename));
                }
            }
        }
    }
    super::files::sort(&mut out);
    out
}

fn canonical(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// The codes of the environment's own checks (the others, about reading and
/// parsing, the validation of the file gives too).
fn environment_code(code: Code) -> bool {
    [
        Code::UNRESOLVED_TYPE,
        Code::INVALID_TYPE_EXPRESSION,
        Code::DEFINITION_NAME_MISMATCH,
        Code::DEFINITION_FILE_CONTENT,
        Code::DUPLICATE_DEFINITION,
    ]
    .contains(&code)
}

/// True when `def` is inside another definition of the file.
fn nested(def: &Definition, all: &[Arc<Definition>]) -> bool {
    all.iter().any(|o| {
        !std::ptr::eq(&**o, def)
            && o.span.start <= def.span.start
            && def.span.end <= o.span.end
            && o.span != def.span
    })
}

/// How the compiler names a class or defined type in its errors
/// (`Class[Apache::Mod]`; a defined type's title is not known here).
fn resource_label(def: &Definition) -> String {
    let capitalized = def
        .name
        .trim_start_matches("::")
        .split("::")
        .map(|s| {
            let mut c = s.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::");
    match def.kind {
        Kind::Class => format!("Class[{capitalized}]"),
        _ => format!("{capitalized}[$title]"),
    }
}

/// A diagnostic for each parameter of a class or defined type whose default
/// is a value (no variables, facts or calls) that its declared type refuses.
fn default_mismatches(env: &Environment, def: &Definition) -> Vec<Diagnostic> {
    if !matches!(def.kind, Kind::Class | Kind::DefinedType) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, p) in def.parameters.iter().enumerate() {
        let (Some(_), Some(span)) = (p.type_span, p.default_span) else {
            continue;
        };
        let Ok(t) = env.parameter_type(def, i) else {
            continue;
        };
        let Some(DefaultValue::Value(v)) = env.default_value(def, i) else {
            continue;
        };
        let label = format!("parameter '{}'", p.name);
        let Some(m) = crate::types::calc::describe::describe_mismatch(&t, &v, Some(&label)) else {
            continue;
        };
        // (a type naming nothing is the unresolved type's warning, not a guess about the default)
        if !m.contains("references an unresolved type") {
            out.push(
                Diagnostic::new(
                    Code::DEFAULT_VALUE_TYPE_MISMATCH,
                    format!("{}: {m}", resource_label(def)),
                )
                .in_file(Some(def.path.clone()))
                .at(&def.program.source, def.program.line_index(), span),
            );
        }
    }
    out
}

/// The name the autoloader expects in `relative` (a `manifests/` file) of `module`.
fn expected_name(module: &str, relative: &str) -> Option<String> {
    let inner = relative.strip_prefix("manifests/")?.strip_suffix(".pp")?;
    if inner == "init" {
        return Some(module.to_string());
    }
    Some(format!("{module}::{}", inner.replace('/', "::")))
}

/// A warning when a class or defined type of a module's `manifests/` file is
/// not named after the file's path (the autoloader does not find it there).
fn path_mismatch(def: &Definition, module: &str, relative: &str) -> Option<Diagnostic> {
    if !matches!(def.kind, Kind::Class | Kind::DefinedType) {
        return None;
    }
    let expected = expected_name(module, relative)?;
    let name = crate::env::autoload::key(&def.name);
    if name == expected {
        return None;
    }
    let message = format!(
        "The {} '{}' is not where the autoloader looks for it: {module}/{relative} is for '{expected}'",
        def.kind.label(),
        def.name
    );
    Some(
        Diagnostic::new(Code::DEFINITION_PATH_MISMATCH, message)
            .in_file(Some(def.path.clone()))
            .at(
                &def.program.source,
                def.program.line_index(),
                def.ast().map_or(def.span, |a| a.name_span),
            ),
    )
}
