//! The functions that read the modules' files: `file` (the text of the
//! first file found), `binary_file` (a Binary), `find_file` and
//! `find_template` (the path of the first file or directory found, else
//! undef), `module_directory` (the first module's directory), and `epp` (a
//! module's EPP template, rendered with its parameters in a scope under the
//! top scope). A name `<module>/<rest>` is `<rest>` in the module's
//! `files/` (`templates/` for templates) directory, found through the
//! evaluation's [`Loader`](crate::eval::Loader); an absolute path is itself.

use super::Args;
use crate::error::Error;
use crate::eval::flow::EResult;
use crate::eval::interp::{err, Interp};
use crate::eval::loader::Source;
use crate::values::{Binary, Value};
use std::path::PathBuf;
use std::sync::Arc;

/// The strings of the arguments, arrays flattened.
fn names(a: &Args) -> Vec<String> {
    fn add(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.to_string()),
            Value::Array(list) => list.iter().for_each(|x| add(x, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    a.values.iter().for_each(|v| add(v, &mut out));
    out
}

/// Where `name` is: an absolute path, or `<module>/<rest>` in the module's
/// `dir` (`None` when there is no such module or the name has no `/`).
fn locate(interp: &Interp, name: &str, dir: &str) -> Option<PathBuf> {
    if std::path::Path::new(name).is_absolute() {
        return Some(PathBuf::from(name));
    }
    let (module, rest) = name.split_once('/')?;
    let root = interp.loader.module_directory(module)?;
    Some(PathBuf::from(format!("{}/{dir}/{rest}", root.display())))
}

/// The bytes of the file at `path` (a directory or unreadable file is an error).
fn read(path: &std::path::Path) -> Result<Vec<u8>, Error> {
    std::fs::read(path).map_err(|e| {
        let reason = match e.kind() {
            std::io::ErrorKind::IsADirectory => "Is a directory".to_string(),
            std::io::ErrorKind::PermissionDenied => "Permission denied".to_string(),
            _ => e.to_string(),
        };
        Error::evaluation(format!("{reason} - {}", path.display()))
    })
}

pub(super) fn file(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let names = names(a);
    for n in &names {
        if let Some(p) = locate(interp, n, "files").filter(|p| p.exists()) {
            let bytes = read(&p).map_err(|e| e.with_span(a.span))?;
            return match String::from_utf8(bytes) {
                Ok(s) => Ok(Value::string(s)),
                Err(_) => Err(err(
                    format!(
                        "The file {} is not UTF-8 text (read it with binary_file)",
                        p.display()
                    ),
                    a.span,
                )
                .into()),
            };
        }
    }
    Err(err(
        format!("Could not find any files from {}", names.join(", ")),
        a.span,
    )
    .into())
}

pub(super) fn binary_file(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let name = a.get(0).as_str().unwrap_or("").to_string();
    match locate(interp, &name, "files").filter(|p| p.exists()) {
        Some(p) => {
            let bytes = read(&p).map_err(|e| e.with_span(a.span))?;
            Ok(Value::Binary(Binary::new(bytes)))
        }
        None => Err(err(
            format!("binary_file(): The given file '{name}' does not exist"),
            a.span,
        )
        .into()),
    }
}

fn find_in(interp: &Interp, a: &Args, dir: &str) -> Value {
    names(a)
        .iter()
        .filter_map(|n| locate(interp, n, dir))
        .find(|p| p.exists())
        .map_or(Value::Undef, |p| Value::string(p.display().to_string()))
}

pub(super) fn find_file(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    Ok(find_in(interp, a, "files"))
}

pub(super) fn find_template(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    Ok(find_in(interp, a, "templates"))
}

pub(super) fn module_directory(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    Ok(names(a)
        .iter()
        .find_map(|n| interp.loader.module_directory(n))
        .map_or(Value::Undef, |p| Value::string(p.display().to_string())))
}

pub(super) fn epp(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    let name = a.get(0).as_str().unwrap_or("").to_string();
    let Some(path) = locate(interp, &name, "templates").filter(|p| p.is_file()) else {
        return Err(err(format!("Could not find template '{name}'"), a.span).into());
    };
    let bytes = read(&path).map_err(|e| e.with_span(a.span))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        err(
            format!("The template {} is not UTF-8 text", path.display()),
            a.span,
        )
    })?;
    let shown = path.display().to_string();
    let source = Arc::new(Source::new(Some(&shown), Arc::from(text.as_str())));
    let params = match a.get(1) {
        Value::Hash(h) => Some(h.clone()),
        _ => None,
    };
    super::epp::render_template(interp, "epp", source, &text, params, 0)
}
