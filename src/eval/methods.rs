//! Members of values called as methods: the parts of a URI (`$u.host`,
//! `$u.port`), which the reference's URI type has as attributes. Other
//! method calls are function calls with the receiver first.

use crate::values::{Uri, Value};

/// The value of the URI member `name`, `None` when the URI has no such member.
pub(crate) fn uri_member(u: &Uri, name: &str) -> Option<Value> {
    let text = |o: &Option<String>| {
        o.as_ref()
            .map_or(Value::Undef, |x| Value::string(x.as_str()))
    };
    Some(match name {
        "scheme" => text(&u.scheme),
        "userinfo" => text(&u.userinfo),
        "host" => text(&u.host),
        "port" => match u
            .port
            .or_else(|| crate::values::uri::default_port(u.scheme.as_deref()))
        {
            Some(p) => Value::Integer(p),
            None => Value::Undef,
        },
        "path" => match (&u.path, &u.opaque) {
            (Some(p), _) => Value::string(p.as_str()),
            (None, None) => Value::string(""),
            (None, Some(_)) => Value::Undef,
        },
        "query" => text(&u.query),
        "fragment" => text(&u.fragment),
        "opaque" => text(&u.opaque),
        _ => return None,
    })
}
