//! Validation of whole trees of files from Ruby (what `puppet-types
//! validate` runs): `PuppetTypes::Parser#__validate_paths(paths, jobs,
//! progress, modulepath)` validates every file `paths` name
//! ([`check::files`]) on `jobs` threads (all cores when nil) with the GVL
//! released, with the environment's checks of the module path's files when
//! `modulepath` (directories) is given ([`check::environment`]), and gives
//! `[files, diagnostics]`: the names of the files looked at and their
//! diagnostics, ordered by path and position. `PuppetTypes::Parser::Progress` counts the
//! files done and found while the run goes on (another Ruby thread may read
//! it meanwhile).

use super::errors::{self, guard};
use super::{diagnostic, gvl};
use crate::check::environment::check_files;
use crate::check::files::{sort, validate_paths, Progress};
use crate::env::Environment;
use magnus::{function, method, prelude::*, Error, RClass, RModule, Ruby, Value};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// How far a run has got, shared with the threads doing it.
#[magnus::wrap(
    class = "PuppetTypes::Parser::Progress",
    free_immediately,
    frozen_shareable,
    size
)]
pub(super) struct RbProgress(Arc<Progress>);

fn progress_new() -> RbProgress {
    RbProgress(Arc::new(Progress::default()))
}

fn done(rb_self: &RbProgress) -> usize {
    rb_self.0.done.load(Ordering::Relaxed)
}

fn total(rb_self: &RbProgress) -> usize {
    rb_self.0.total.load(Ordering::Relaxed)
}

/// `__validate_paths(paths, jobs, progress, modulepath)`.
fn validate(
    ruby: &Ruby,
    _rb_self: Value,
    paths: Vec<String>,
    jobs: Option<usize>,
    progress: &RbProgress,
    modulepath: Option<Vec<String>>,
) -> Result<Value, Error> {
    if jobs == Some(0) {
        return Err(errors::argument(ruby, "jobs must be at least 1"));
    }
    guard(ruby, || {
        let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
        let shared = progress.0.clone();
        let modulepath = modulepath.clone();
        // (the environment is this call's own: the whole run may be cut anywhere)
        let Some(run) = gvl::without_gvl(gvl::Cut::Anywhere, move || {
            let mut run = validate_paths(&paths, jobs, &shared);
            if let Some(dirs) = modulepath {
                let env = Environment::new(dirs.iter().map(PathBuf::from));
                let files: Vec<_> = run
                    .files
                    .iter()
                    .map(|f| (PathBuf::from(&**f), f.clone()))
                    .collect();
                run.diagnostics.extend(check_files(&env, &files));
                sort(&mut run.diagnostics);
            }
            run
        }) else {
            // (interrupted: the guard delivers the interruption)
            return Ok(ruby.qnil().as_value());
        };
        let files = ruby.ary_new_capa(run.files.len());
        for f in &run.files {
            files.push(ruby.str_new(f))?;
        }
        files.freeze();
        let ds = diagnostic::array(ruby, run.diagnostics)?;
        let pair = ruby.ary_new_from_values(&[files.as_value(), ds]);
        pair.freeze();
        Ok(pair.as_value())
    })
}

/// Define `Parser#__validate_paths` and `Parser::Progress` (after `Parser`).
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let parser: RClass = module.const_get("Parser")?;
    parser.define_method("__validate_paths", method!(validate, 4))?;
    let progress = parser.define_class("Progress", ruby.class_object())?;
    progress.define_singleton_method("new", function!(progress_new, 0))?;
    progress.define_method("done", method!(done, 0))?;
    progress.define_method("total", method!(total, 0))?;
    Ok(())
}
