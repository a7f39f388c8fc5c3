//! `PuppetTypes::SemVerRange`: `min`/`begin`, `max`/`end` (nil when
//! unbounded), `exclude_min?`/`exclude_begin?`, `exclude_max?`/`exclude_end?`,
//! and `include?(version)`.

use super::{RbSemVer, RbSemVerRange};
use crate::ruby::errors::guard;
use crate::values::semver_range::Point;
use crate::values::SemVer;
use magnus::{method, prelude::*, Error, RClass, Ruby, TryConvert, Value};
use std::sync::Arc;

fn version(ruby: &Ruby, p: Option<Point>) -> Value {
    match p {
        Some(Point::V(v)) if v != SemVer::min() => RbSemVer::wrap(ruby, Arc::new(v)),
        _ => ruby.qnil().as_value(),
    }
}

fn min(ruby: &Ruby, rb_self: &RbSemVerRange) -> Result<Value, Error> {
    guard(ruby, || Ok(version(ruby, rb_self.0.begin())))
}

fn max(ruby: &Ruby, rb_self: &RbSemVerRange) -> Result<Value, Error> {
    guard(ruby, || Ok(version(ruby, rb_self.0.end())))
}

fn exclude_min(rb_self: &RbSemVerRange) -> bool {
    rb_self.0.exclude_begin().unwrap_or(false)
}

fn exclude_max(rb_self: &RbSemVerRange) -> bool {
    rb_self.0.exclude_end().unwrap_or(false)
}

fn include(ruby: &Ruby, rb_self: &RbSemVerRange, v: Value) -> Result<bool, Error> {
    guard(ruby, || {
        Ok(<&RbSemVer>::try_convert(v).is_ok_and(|v| rb_self.0.includes(&v.0)))
    })
}

/// Add the SemVerRange readers and `include?`.
pub fn init(_ruby: &Ruby, class: RClass) -> Result<(), Error> {
    class.define_method("min", method!(min, 0))?;
    class.define_method("begin", method!(min, 0))?;
    class.define_method("max", method!(max, 0))?;
    class.define_method("end", method!(max, 0))?;
    class.define_method("exclude_min?", method!(exclude_min, 0))?;
    class.define_method("exclude_begin?", method!(exclude_min, 0))?;
    class.define_method("exclude_max?", method!(exclude_max, 0))?;
    class.define_method("exclude_end?", method!(exclude_max, 0))?;
    class.define_method("include?", method!(include, 1))?;
    class.define_method("===", method!(include, 1))?;
    Ok(())
}
