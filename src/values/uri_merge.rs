//! Resolving a URI reference against a base (`base + reference`), as Ruby's
//! `URI#merge`: RFC 3986 §5.2 with Ruby's handling of authority-only and
//! query-only references.

use super::uri::Uri;
use crate::error::{Error, Result};

impl Uri {
    /// Resolve `reference` against `self` (`self + reference`). An absolute
    /// reference replaces the base; both relative is an error (`both URI are relative`).
    pub fn merge(&self, reference: &Uri) -> Result<Uri> {
        if reference.is_absolute() {
            return Ok(reference.clone());
        }
        if !self.is_absolute() {
            return Err(Error::argument("both URI are relative"));
        }
        let mut base = self.clone();
        let r = reference;
        let authority = r.userinfo.is_some() || r.host.is_some() || r.port.is_some();
        let rpath = r.path.as_deref().unwrap_or("");
        if rpath.is_empty() && !authority && r.query.is_none() {
            if r.fragment.is_some() {
                base.fragment = r.fragment.clone();
            }
            return Ok(base);
        }
        if base.opaque.is_some() && r.query.is_some() {
            return Err(Error::argument("query conflicts with opaque"));
        }
        base.query = None;
        base.fragment = None;
        if !authority && rpath.is_empty() {
            // keep the base path
        } else if !authority {
            if let (Some(bp), Some(rp)) = (self.full_path(), r.path.as_deref()) {
                base.set_full_path(merge_paths(&bp, rp));
            }
        } else if let Some(rp) = r.path.as_deref() {
            base.set_full_path(rp.to_string());
        }
        if r.userinfo.is_some() {
            base.userinfo = r.userinfo.clone();
        }
        if r.host.is_some() {
            base.host = r.host.clone();
        }
        if r.port.is_some() {
            base.port = r.port;
        }
        if r.query.is_some() {
            base.query = r.query.clone();
        }
        if r.fragment.is_some() {
            base.fragment = r.fragment.clone();
        }
        Ok(base)
    }

    pub(super) fn is_ftp(&self) -> bool {
        self.scheme.as_deref() == Some("ftp")
    }

    fn full_path(&self) -> Option<String> {
        let p = self.path.as_ref()?;
        Some(if self.is_ftp() {
            format!("/{p}")
        } else {
            p.clone()
        })
    }

    fn set_full_path(&mut self, p: String) {
        self.path = Some(if self.is_ftp() {
            p.strip_prefix('/').unwrap_or(&p).to_string()
        } else {
            p
        });
    }
}

/// RFC 3986 §5.2.3 merge followed by §5.2.4 dot removal.
fn merge_paths(base: &str, rel: &str) -> String {
    let merged = if rel.starts_with('/') {
        rel.to_string()
    } else if base.is_empty() {
        format!("/{rel}")
    } else {
        match base.rfind('/') {
            Some(i) => format!("{}{rel}", &base[..=i]),
            None => rel.to_string(),
        }
    };
    remove_dots(&merged)
}

fn remove_dots(path: &str) -> String {
    let mut input = path.to_string();
    let mut out = String::new();
    while !input.is_empty() {
        if let Some(r) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            input = r.to_string();
        } else if input.starts_with("/./") {
            input = input[2..].to_string();
        } else if input == "/." {
            input = "/".into();
        } else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." {
                "/".into()
            } else {
                input[3..].to_string()
            };
            if let Some(i) = out.rfind('/') {
                out.truncate(i);
            } else {
                out.clear();
            }
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..]
                .find('/')
                .map(|i| i + start)
                .unwrap_or(input.len());
            out.push_str(&input[..end]);
            input = input[end..].to_string();
        }
    }
    out
}
