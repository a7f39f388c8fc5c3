//! Byte sequences: construction from base64 text (`%b` lenient, `%u` URL-safe,
//! `%B` strict), UTF-8 text (`%s`), raw text (`%r`) or byte arrays, and the
//! base64 text forms. The text form (`Display`) is strict base64.

use crate::error::{Error, Result};
use base64::engine::general_purpose::{STANDARD, URL_SAFE};
use base64::Engine;
use std::fmt;
use std::sync::Arc;

/// An immutable sequence of bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Binary {
    /// The bytes.
    pub bytes: Arc<[u8]>,
}

fn invalid() -> Error {
    Error::argument("invalid base64")
}

fn b64_value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Lenient base64 decoding (Ruby `unpack('m')`): characters outside the
/// alphabet are skipped, `=` ends the data, a partial final group yields what it can.
pub fn decode_lenient(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut quad: Vec<u8> = Vec::with_capacity(4);
    for &c in s {
        if c == b'=' && quad.len() >= 2 {
            break;
        }
        if let Some(v) = b64_value(c) {
            quad.push(v);
            if quad.len() == 4 {
                out.push(quad[0] << 2 | quad[1] >> 4);
                out.push(quad[1] << 4 | quad[2] >> 2);
                out.push(quad[2] << 6 | quad[3]);
                quad.clear();
            }
        }
    }
    if quad.len() >= 2 {
        out.push(quad[0] << 2 | quad[1] >> 4);
        if quad.len() == 3 {
            out.push(quad[1] << 4 | quad[2] >> 2);
        }
    }
    out
}

/// Strict base64 decoding (RFC 4648, padded, no stray characters or bits).
pub fn decode_strict(s: &str) -> Result<Vec<u8>> {
    STANDARD.decode(s).map_err(|_| invalid())
}

/// URL-safe base64 decoding; missing padding is added first.
pub fn decode_urlsafe(s: &str) -> Result<Vec<u8>> {
    let mut t = s.to_string();
    if !t.ends_with('=') && t.len() % 4 != 0 {
        while t.len() % 4 != 0 {
            t.push('=');
        }
    }
    let t: String = t
        .chars()
        .map(|c| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    STANDARD.decode(t).map_err(|_| invalid())
}

/// The formats a Binary can be created from.
pub const FORMATS: [&str; 5] = ["%b", "%u", "%B", "%s", "%r"];

impl Binary {
    /// A binary holding `bytes`.
    pub fn new(bytes: impl Into<Arc<[u8]>>) -> Binary {
        Binary {
            bytes: bytes.into(),
        }
    }

    /// From a string in `format` (`None` = `%B`): `%b` lenient base64 (padding
    /// added), `%u` URL-safe base64, `%B` strict base64, `%s` UTF-8 text, `%r` raw text.
    pub fn from_string(s: &str, format: Option<&str>) -> Result<Binary> {
        Ok(Binary::new(match format.unwrap_or("%B") {
            "%b" => {
                let mut t = s.as_bytes().to_vec();
                t.extend(std::iter::repeat(b'=').take(s.chars().count() % 3));
                decode_lenient(&t)
            }
            "%u" => decode_urlsafe(s)?,
            "%B" => decode_strict(s)?,
            "%s" | "%r" => s.as_bytes().to_vec(),
            f => {
                return Err(Error::argument(format!(
                    "parameter 'format' expects a match for Base64Format = Enum['%B', '%b', '%r', '%s', '%u'], got '{f}'"
                )))
            }
        }))
    }

    /// From byte values, each 0..=255.
    pub fn from_array(values: &[i64]) -> Result<Binary> {
        let mut bytes = Vec::with_capacity(values.len());
        for (i, v) in values.iter().enumerate() {
            let b = u8::try_from(*v).map_err(|_| {
                Error::argument(format!(
                    "parameter 'byte_array' index {i} expects a ByteInteger = Integer[0, 255] value, got Integer[{v}, {v}]"
                ))
            })?;
            bytes.push(b);
        }
        Ok(Binary::new(bytes))
    }

    /// Number of bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// True when there are no bytes.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Strict base64 (no newlines): the default text form.
    pub fn to_base64_strict(&self) -> String {
        STANDARD.encode(&self.bytes)
    }

    /// Base64 with a newline after every 60 characters and at the end (Ruby `encode64`).
    pub fn to_base64_lines(&self) -> String {
        let s = STANDARD.encode(&self.bytes);
        let mut out = String::with_capacity(s.len() + s.len() / 60 + 1);
        for chunk in s.as_bytes().chunks(60) {
            out.push_str(std::str::from_utf8(chunk).unwrap_or_default());
            out.push('\n');
        }
        out
    }

    /// URL-safe base64 with padding (Ruby `urlsafe_encode64`).
    pub fn to_base64_urlsafe(&self) -> String {
        URL_SAFE.encode(&self.bytes)
    }

    /// The bytes as UTF-8 text, if valid.
    pub fn to_utf8(&self) -> Option<&str> {
        std::str::from_utf8(&self.bytes).ok()
    }
}

impl fmt::Display for Binary {
    /// Strict base64.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_base64_strict())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_from_base64() {
        assert_eq!(&*Binary::from_string("YWJj", None).unwrap().bytes, b"abc");
        assert_eq!(
            Binary::from_string("YW Jj", None).unwrap_err().message,
            "invalid base64"
        );
        assert!(Binary::from_string("YWJ", None).is_err());
        assert!(Binary::from_string("YR==", None).is_err());
        assert_eq!(
            &*Binary::from_string("YW=Jj", Some("%b")).unwrap().bytes,
            b"a"
        );
        assert_eq!(
            &*Binary::from_string("YWI", Some("%u")).unwrap().bytes,
            b"ab"
        );
        assert_eq!(
            &*Binary::from_string("-_-_", Some("%u")).unwrap().bytes,
            &[0xfb, 0xff, 0xbf]
        );
    }

    #[test]
    fn binary_text_forms() {
        let b = Binary::from_array(&[0, 255, 128]).unwrap();
        assert_eq!(b.to_string(), "AP+A");
        assert_eq!(b.to_base64_urlsafe(), "AP-A");
        assert!(Binary::from_array(&[1, 2, 256]).is_err());
    }
}
