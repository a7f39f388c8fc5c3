//! `PuppetTypes::SemVer`: `major`, `minor`, `patch`, `prerelease`, `build`,
//! and `<=>` by SemVer 2.0 precedence (the Ruby side includes Comparable).

use super::{ordering, RbSemVer};
use crate::ruby::errors::guard;
use magnus::{method, prelude::*, Error, RClass, Ruby, TryConvert, Value};

fn major(rb_self: &RbSemVer) -> u64 {
    rb_self.0.major
}

fn minor(rb_self: &RbSemVer) -> u64 {
    rb_self.0.minor
}

fn patch(rb_self: &RbSemVer) -> u64 {
    rb_self.0.patch
}

fn prerelease(rb_self: &RbSemVer) -> Option<String> {
    rb_self.0.prerelease.as_deref().map(str::to_string)
}

fn build(rb_self: &RbSemVer) -> Option<String> {
    rb_self.0.build.as_deref().map(str::to_string)
}

fn cmp(ruby: &Ruby, rb_self: &RbSemVer, other: Value) -> Result<Value, Error> {
    guard(ruby, || {
        Ok(ordering(
            ruby,
            <&RbSemVer>::try_convert(other)
                .ok()
                .map(|o| rb_self.0.cmp_precedence(&o.0)),
        ))
    })
}

/// Add the SemVer readers and `<=>`.
pub fn init(_ruby: &Ruby, class: RClass) -> Result<(), Error> {
    class.define_method("major", method!(major, 0))?;
    class.define_method("minor", method!(minor, 0))?;
    class.define_method("patch", method!(patch, 0))?;
    class.define_method("prerelease", method!(prerelease, 0))?;
    class.define_method("build", method!(build, 0))?;
    class.define_method("<=>", method!(cmp, 1))?;
    Ok(())
}
