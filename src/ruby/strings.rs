//! `PuppetTypes::Strings`: the JSON of `puppet strings generate --format
//! json` for Puppet-language files ([`crate::env::strings`]);
//! `lib/puppet_types/strings.rb` gives it its Ruby API and the CLI uses it.

use super::convert;
use super::diagnostic;
use super::errors::{self, guard};
use magnus::{function, prelude::*, Error, RArray, RModule, RString, Ruby, Value};

/// `__generate(paths)`: `[json_text, [Diagnostic, ...]]` for the files and
/// directories `paths` (read and parsed on all cores, GVL released).
fn generate(ruby: &Ruby, paths: RArray) -> Result<Value, Error> {
    guard(ruby, || {
        let mut args = Vec::with_capacity(paths.len());
        for v in paths.into_iter() {
            let Some(s) = RString::from_value(v) else {
                return Err(errors::argument(ruby, "paths must be Strings"));
            };
            args.push(convert::rstring_to_str(ruby, s)?.to_string());
        }
        let done = super::gvl::without_gvl(super::gvl::Cut::Anywhere, move || {
            let (inputs, mut diagnostics) = crate::env::strings::inputs(&args);
            let generated = crate::env::strings::generate(&inputs);
            diagnostics.extend(generated.diagnostics);
            (
                crate::env::strings::render(&generated.document),
                diagnostics,
            )
        });
        let Some((text, diagnostics)) = done else {
            // (interrupted: the guard delivers the interruption)
            return Ok(ruby.qnil().as_value());
        };
        let pair = ruby.ary_new_capa(2);
        pair.push(text)?;
        pair.push(diagnostic::array(ruby, diagnostics)?)?;
        Ok(pair.as_value())
    })
}

/// Define `PuppetTypes::Strings.__generate`.
pub fn init(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let _ = ruby;
    let m = module.define_module("Strings")?;
    m.define_module_function("__generate", function!(generate, 1))?;
    Ok(())
}
