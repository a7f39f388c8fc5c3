//! URIs (RFC 3986) split into their parts, as Ruby's `URI.parse` does for
//! Puppet: the scheme is lower-cased, known schemes get their default port
//! (`http` 80, `https` 443, `ftp` 21, `ldap` 389, `ldaps` 636, `ws` 80;
//! not `wss`), a non-hierarchical URI keeps everything after the scheme as
//! `opaque`, and `+` resolves a reference against a base (RFC 3986 §5.2).

use super::uri_syntax::{
    authority, bad, escape_fragment, escape_query, is_unreserved_subdelim, pchar, ruby_inspect, run,
};
use super::Value;
use crate::error::{Error, Result};
use smallvec::SmallVec;
use std::borrow::Cow;
use std::fmt;

/// A URI; every part is optional. A URI is either hierarchical or opaque.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Uri {
    /// Scheme, e.g. `http` (lower case).
    pub scheme: Option<String>,
    /// User information before `@`.
    pub userinfo: Option<String>,
    /// Host.
    pub host: Option<String>,
    /// Port (the scheme's default port when none was given).
    pub port: Option<i64>,
    /// Path (may be empty); `None` for an opaque URI. For `ftp` the leading `/` is not part of it.
    pub path: Option<String>,
    /// Query, without `?`.
    pub query: Option<String>,
    /// Fragment, without `#`.
    pub fragment: Option<String>,
    /// Opaque part of a non-hierarchical URI.
    pub opaque: Option<String>,
}

/// The schemes of Ruby's URI library (3.1's `uri` 0.11: no `wss`, so
/// `URI('wss://h').port` is undef) with a default port.
const DEFAULT_PORTS: [(&str, i64); 6] = [
    ("http", 80),
    ("https", 443),
    ("ftp", 21),
    ("ldap", 389),
    ("ldaps", 636),
    ("ws", 80),
];

/// The default port of a scheme Ruby's URI library knows (looked up without
/// regard to case, as Ruby looks up its scheme list).
pub fn default_port(scheme: Option<&str>) -> Option<i64> {
    let s = scheme?;
    DEFAULT_PORTS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(s))
        .map(|&(_, port)| port)
}

impl Uri {
    /// Parse a URI or relative reference. Non-ASCII text and characters outside
    /// RFC 3986 are errors (`bad URI(is not URI?): "..."`).
    pub fn parse(s: &str) -> Result<Uri> {
        if !s.is_ascii() {
            return Err(Error::argument(format!(
                "URI must be ascii only {}",
                ruby_inspect(s)
            )));
        }
        let b = s.as_bytes();
        let text = |a: &[u8]| String::from_utf8_lossy(a).into_owned();
        let mut u = Uri::default();
        let mut i = 0;
        // scheme
        if b.first().is_some_and(u8::is_ascii_alphabetic) {
            let n = b
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || b"+-.".contains(c))
                .count();
            if b.get(n) == Some(&b':') {
                u.scheme = Some(s[..n].to_ascii_lowercase());
                i = n + 1;
            }
        }
        let mut path_rootless = false;
        if b[i..].starts_with(b"//") {
            let (ui, host, port, n) = authority(&b[i + 2..]).ok_or_else(|| bad(s))?;
            i += 2 + n;
            u.host = (!host.is_empty()).then_some(host);
            u.userinfo = ui.filter(|x| !x.is_empty());
            if let Some(p) = port.filter(|p| !p.is_empty()) {
                u.port = Some(p.parse().map_err(|_| bad(s))?);
            }
            let n = if b.get(i) == Some(&b'/') {
                run(&b[i..], |c| pchar(c) || c == b'/')
            } else {
                0
            };
            u.path = Some(text(&b[i..i + n]));
            i += n;
        } else {
            let n = run(&b[i..], |c| pchar(c) || c == b'/');
            let p = &b[i..i + n];
            if u.scheme.is_none() {
                // the first segment of a relative path may not contain ':'
                let first = p.split(|&c| c == b'/').next().unwrap_or(&[]);
                if first.contains(&b':') {
                    return Err(bad(s));
                }
            }
            if p.starts_with(b"//") {
                return Err(bad(s));
            }
            path_rootless = u.scheme.is_some() && !p.is_empty() && p[0] != b'/';
            u.path = Some(text(p));
            i += n;
        }
        if b.get(i) == Some(&b'?') {
            let n = b[i + 1..].iter().take_while(|&&c| c != b'#').count();
            u.query = Some(text(&b[i + 1..i + 1 + n]));
            i += 1 + n;
        }
        if b.get(i) == Some(&b'#') {
            let n = run(&b[i + 1..], |c| pchar(c) || c == b'/' || c == b'?');
            u.fragment = Some(text(&b[i + 1..i + 1 + n]));
            i += 1 + n;
        }
        if i != b.len() {
            return Err(bad(s));
        }
        if path_rootless {
            let mut o = u.path.take().unwrap_or_default();
            if let Some(q) = u.query.take() {
                o.push('?');
                o.push_str(&q);
            }
            u.opaque = Some(o);
        } else if let Some(q) = u.query.take() {
            u.query = Some(escape_query(&q)?);
        }
        u.finish();
        if u.scheme.as_deref() == Some("mailto") {
            u.check_mailto()?;
        }
        Ok(u)
    }

    /// Ruby's `URI::MailTo` accepts only `addr@host` lists (`,`/`;` separated) before `?`.
    fn check_mailto(&mut self) -> Result<()> {
        if self.opaque.is_none() {
            if let Some(q) = &self.query {
                self.opaque = Some(format!("?{q}"));
            }
        }
        let Some(o) = &self.opaque else {
            return Err(Error::argument("missing opaque part for mailto URL"));
        };
        let to = o.split('?').next().unwrap_or("");
        let mut ok = true;
        let mut rest = to;
        while !rest.is_empty() {
            // one `[^@,;]+@[^@,;]+` followed by the end or a separator
            let stop = |c: char| c == '@' || c == ',' || c == ';';
            let local = rest.find(stop).unwrap_or(rest.len());
            if local == 0 || !rest[local..].starts_with('@') {
                ok = false;
                break;
            }
            let after = &rest[local + 1..];
            let dom = after.find(stop).unwrap_or(after.len());
            if dom == 0 || after[dom..].starts_with('@') {
                ok = false;
                break;
            }
            rest = &after[dom..];
            if let Some(r) = rest.strip_prefix([',', ';']) {
                rest = r;
            }
        }
        if !ok {
            return Err(Error::argument(format!(
                "unrecognised opaque part for mailtoURL: {o}"
            )));
        }
        Ok(())
    }

    /// Apply scheme specifics: default port, ftp path without its leading `/`.
    fn finish(&mut self) {
        if self.scheme.as_deref() == Some("file") {
            // URI::File has no userinfo or port, and an absent host is ""
            self.userinfo = None;
            self.port = None;
            if self.host.is_none() && self.opaque.is_none() {
                self.host = Some(String::new());
            }
        }
        if self.port.is_none() {
            self.port = default_port(self.scheme.as_deref());
        }
        if self.scheme.as_deref() == Some("ftp") {
            if let Some(p) = self.path.as_mut() {
                if let Some(rest) = p.strip_prefix('/') {
                    *p = rest.to_string();
                }
            }
        }
    }

    /// Build from named parts (the Hash form of `URI.new`), validating them
    /// as Ruby's `URI::Generic.build` does.
    #[allow(clippy::too_many_arguments)]
    pub fn build(
        scheme: Option<&str>,
        userinfo: Option<&str>,
        host: Option<&str>,
        port: Option<i64>,
        path: Option<&str>,
        query: Option<&str>,
        fragment: Option<&str>,
        opaque: Option<&str>,
    ) -> Result<Uri> {
        let comp = |what: &str, v: &str| {
            Error::argument(format!("bad component(expected {what} component): {v}"))
        };
        if opaque.is_some()
            && (host.is_some() || port.is_some() || userinfo.is_some() || path.is_some())
        {
            return Err(Error::argument(
                "can not set opaque with host, port, userinfo or path",
            ));
        }
        if let Some(s) = scheme {
            let b = s.as_bytes();
            if !b.first().is_some_and(u8::is_ascii_alphabetic)
                || !b
                    .iter()
                    .all(|c| c.is_ascii_alphanumeric() || b"+-.".contains(c))
            {
                return Err(comp("scheme", s));
            }
        }
        if let Some(ui) = userinfo {
            if run(ui.as_bytes(), |b| is_unreserved_subdelim(b) || b == b':') != ui.len() {
                return Err(Error::argument(format!(
                    "bad component(expected userinfo component or user component): {ui}"
                )));
            }
        }
        if let Some(h) = host {
            let ok = authority(h.as_bytes()).is_some_and(|(ui, hh, p, n)| {
                ui.is_none() && p.is_none() && n == h.len() && hh == h
            });
            if !ok {
                return Err(comp("host", h));
            }
        }
        if let Some(p) = path {
            if run(p.as_bytes(), |c| pchar(c) || c == b'/') != p.len() {
                return Err(comp(
                    if host.is_some() {
                        "absolute path"
                    } else {
                        "relative path"
                    },
                    p,
                ));
            }
            if host.is_some() && !p.is_empty() && !p.starts_with('/') {
                return Err(comp("absolute path", p));
            }
        }
        let query = query.map(escape_query).transpose()?;
        let mut u = Uri {
            scheme: scheme.map(str::to_ascii_lowercase),
            userinfo: userinfo.map(Into::into),
            host: host.map(Into::into),
            port,
            path: if opaque.is_some() {
                None
            } else {
                Some(path.unwrap_or("").to_string())
            },
            query,
            fragment: fragment.map(escape_fragment),
            opaque: opaque.map(Into::into),
        };
        if u.scheme.as_deref() == Some("file") && u.host.is_none() && u.opaque.is_none() {
            u.host = Some(String::new());
        }
        u.finish();
        Ok(u)
    }

    /// The part `name` of the URI as the reference's URI object reports it
    /// (`scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment`,
    /// `opaque`; undef when absent, the path of a hierarchical URI at least
    /// ""), or `None` when `name` is not a part.
    pub fn part(&self, name: &str) -> Option<Value> {
        let text = |o: &Option<String>| {
            o.as_ref()
                .map_or(Value::Undef, |x| Value::string(x.as_str()))
        };
        Some(match name {
            "scheme" => text(&self.scheme),
            "userinfo" => text(&self.userinfo),
            "host" => text(&self.host),
            "port" => self
                .port
                .or_else(|| default_port(self.scheme.as_deref()))
                .map_or(Value::Undef, Value::Integer),
            "path" => match (&self.path, &self.opaque) {
                (Some(p), _) => Value::string(p.as_str()),
                (None, None) => Value::string(""),
                (None, Some(_)) => Value::Undef,
            },
            "query" => text(&self.query),
            "fragment" => text(&self.fragment),
            "opaque" => text(&self.opaque),
            _ => return None,
        })
    }

    /// True when the URI has a scheme.
    pub fn is_absolute(&self) -> bool {
        self.scheme.is_some()
    }

    /// Equality as the language's `==`: scheme and host compared case-insensitively,
    /// an empty path equal to `/` when there is a host.
    pub fn equals(&self, other: &Uri) -> bool {
        self.normalized() == other.normalized()
    }

    fn normalized(&self) -> Uri {
        let mut u = self.clone();
        u.host = u.host.map(|h| h.to_ascii_lowercase());
        if u.host.is_some() && u.path.as_deref() == Some("") && u.opaque.is_none() {
            u.path = Some("/".into());
        }
        u
    }

    /// The parts a `URI[...]` type parameter gets from this URI (the reference's
    /// form): scheme and host lower-cased, port as text unless it is the
    /// default of http/https, empty host and path left out.
    pub fn type_parts(&self) -> SmallVec<[(&'static str, Cow<'_, str>); 4]> {
        fn lower(s: &str) -> Cow<'_, str> {
            if s.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(s.to_ascii_lowercase())
            } else {
                Cow::Borrowed(s)
            }
        }
        let mut v = SmallVec::new();
        if let Some(s) = &self.scheme {
            v.push(("scheme", lower(s)));
        }
        if let Some(s) = &self.userinfo {
            v.push(("userinfo", Cow::Borrowed(s.as_str())));
        }
        if let Some(h) = self.host.as_ref().filter(|h| !h.is_empty()) {
            v.push(("host", lower(h)));
        }
        let scheme = self.scheme.as_deref();
        if let Some(p) = self.port {
            if !(p == 80 && scheme == Some("http") || p == 443 && scheme == Some("https")) {
                v.push(("port", Cow::Owned(p.to_string())));
            }
        }
        if let Some(p) = self.path.as_ref().filter(|p| !p.is_empty()) {
            v.push(("path", Cow::Borrowed(p.as_str())));
        }
        for (name, part) in [
            ("query", &self.query),
            ("fragment", &self.fragment),
            ("opaque", &self.opaque),
        ] {
            if let Some(t) = part {
                v.push((name, Cow::Borrowed(t.as_str())));
            }
        }
        v
    }
}

impl fmt::Display for Uri {
    /// The URI text, without the scheme's default port.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = &self.scheme {
            write!(f, "{s}:")?;
        }
        if let Some(o) = &self.opaque {
            f.write_str(o)?;
        } else {
            if self.host.is_some() || matches!(self.scheme.as_deref(), Some("file" | "postgres")) {
                f.write_str("//")?;
            }
            if let Some(u) = &self.userinfo {
                write!(f, "{u}@")?;
            }
            if let Some(h) = &self.host {
                f.write_str(h)?;
            }
            if let Some(p) = self.port {
                if Some(p) != default_port(self.scheme.as_deref()) {
                    write!(f, ":{p}")?;
                }
            }
            if self.is_ftp() {
                f.write_str("/")?;
            }
            if let Some(p) = &self.path {
                f.write_str(p)?;
            }
            if let Some(q) = &self.query {
                write!(f, "?{q}")?;
            }
        }
        if let Some(fr) = &self.fragment {
            write!(f, "#{fr}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> Uri {
        Uri::parse(s).unwrap()
    }

    #[test]
    fn uri_parts() {
        let x = u("http://bob:pwd@www.example.com:23/a/b?x=2#frag");
        assert_eq!(x.scheme.as_deref(), Some("http"));
        assert_eq!(x.userinfo.as_deref(), Some("bob:pwd"));
        assert_eq!(x.host.as_deref(), Some("www.example.com"));
        assert_eq!(x.port, Some(23));
        assert_eq!(x.path.as_deref(), Some("/a/b"));
        assert_eq!(x.query.as_deref(), Some("x=2"));
        assert_eq!(x.fragment.as_deref(), Some("frag"));
        let o = u("urn:a:b:c");
        assert_eq!(o.opaque.as_deref(), Some("a:b:c"));
        assert_eq!(o.to_string(), "urn:a:b:c");
    }

    #[test]
    fn uri_merge() {
        let d = u("http://example.com/a/b/");
        assert_eq!(
            d.merge(&u("/c/d")).unwrap().to_string(),
            "http://example.com/c/d"
        );
        assert_eq!(
            d.merge(&u("c/d")).unwrap().to_string(),
            "http://example.com/a/b/c/d"
        );
        let f = u("http://example.com/a/b");
        assert_eq!(
            f.merge(&u("c/d")).unwrap().to_string(),
            "http://example.com/a/c/d"
        );
        assert_eq!(
            d.merge(&u("../../../../x")).unwrap().to_string(),
            "http://example.com/x"
        );
        assert!(u("a/b").merge(&u("c")).is_err());
    }

    #[test]
    fn uri_from_hash() {
        let b = Uri::build(
            Some("http"),
            None,
            Some("www.example.com"),
            None,
            Some("/a/b"),
            None,
            None,
            None,
        )
        .unwrap();
        assert_eq!(b.to_string(), "http://www.example.com/a/b");
        assert!(Uri::build(None, None, Some("h"), None, None, None, None, Some("a:b")).is_err());
        assert!(Uri::parse("http://x y").is_err());
    }

    #[test]
    fn default_port_is_that_of_rubys_scheme_list_in_any_case() {
        let port = |s: &str| Uri::parse(s).unwrap().part("port").unwrap();
        assert_eq!(port("ftp://h"), Value::Integer(21));
        assert_eq!(port("HTTP://h"), Value::Integer(80));
        assert_eq!(port("ws://h"), Value::Integer(80));
        assert_eq!(port("ldaps://h"), Value::Integer(636));
        assert_eq!(port("https://h:99"), Value::Integer(99));
        assert_eq!(port("wss://h"), Value::Undef);
        assert_eq!(port("foo://h"), Value::Undef);
        assert_eq!(default_port(Some("HTTPS")), Some(443));
        assert_eq!(default_port(None), None);
    }

    #[test]
    fn parts_are_undef_when_absent_and_unknown_names_are_no_part() {
        let u = Uri::parse("urn:a:b").unwrap();
        assert_eq!(u.part("scheme"), Some(Value::string("urn")));
        assert_eq!(u.part("opaque"), Some(Value::string("a:b")));
        assert_eq!(u.part("path"), Some(Value::Undef));
        assert_eq!(u.part("host"), Some(Value::Undef));
        assert_eq!(
            Uri::parse("x").unwrap().part("path"),
            Some(Value::string("x"))
        );
        assert_eq!(u.part("nope"), None);
    }
}
