//! `PuppetTypes::URI`: the part readers (`scheme`, `userinfo`, `host`,
//! `port`, `path`, `query`, `fragment`, `opaque`), `absolute?`, and `+` to
//! resolve a relative reference against this URI.

use super::{core, RbUri};
use crate::ruby::errors::{self, guard};
use magnus::{method, prelude::*, Error, RClass, RString, Ruby, TryConvert, Value};
use std::sync::Arc;

macro_rules! part {
    ($($name:ident),*) => {
        $(
            fn $name(rb_self: &RbUri) -> Option<String> {
                rb_self.0.$name.clone()
            }
        )*
    };
}

part!(scheme, userinfo, host, path, query, fragment, opaque);

fn port(rb_self: &RbUri) -> Option<i64> {
    rb_self.0.port
}

fn absolute(rb_self: &RbUri) -> bool {
    rb_self.0.is_absolute()
}

fn plus(ruby: &Ruby, rb_self: &RbUri, other: Value) -> Result<Value, Error> {
    guard(ruby, || {
        let reference = if let Ok(u) = <&RbUri>::try_convert(other) {
            u.0.clone()
        } else if let Some(s) = RString::from_value(other) {
            let text = crate::ruby::convert::rstring_to_str(ruby, s)?;
            Arc::new(core(ruby, crate::values::Uri::parse(&text))?)
        } else {
            return Err(errors::argument(
                ruby,
                format!(
                    "URI + expects a URI or a String, got {}",
                    crate::ruby::type_factory::describe(other)
                ),
            ));
        };
        let merged = core(ruby, rb_self.0.merge(&reference))?;
        Ok(RbUri::wrap(ruby, Arc::new(merged)))
    })
}

/// Add the URI readers and `+`.
pub fn init(_ruby: &Ruby, class: RClass) -> Result<(), Error> {
    class.define_method("scheme", method!(scheme, 0))?;
    class.define_method("userinfo", method!(userinfo, 0))?;
    class.define_method("host", method!(host, 0))?;
    class.define_method("port", method!(port, 0))?;
    class.define_method("path", method!(path, 0))?;
    class.define_method("query", method!(query, 0))?;
    class.define_method("fragment", method!(fragment, 0))?;
    class.define_method("opaque", method!(opaque, 0))?;
    class.define_method("absolute?", method!(absolute, 0))?;
    class.define_method("+", method!(plus, 1))?;
    Ok(())
}
