//! The values without format letters of their own in the reference's tables
//! beyond `s` and `p`: binaries, time values, versions, sensitive values,
//! deferred calls (printed as the reference prints an Object, with its
//! indented form) and the general rules for objects.

use super::float::write_float;
use super::integer::{write_int, IntArg};
use super::scalar::{is_float_letter, is_int_letter, kernel_s};
use super::spec::Spec;
use super::string::{write_field, write_inspect_bytes, write_quoted};
use super::{illegal, Converter};
use crate::error::{Error, Result};
use crate::values::Value;

impl Converter<'_> {
    /// A deferred call, as the reference prints an Object: `Deferred({'name' => ..., 'arguments' => [...]})`;
    /// `%#p` (or `%p` inside an indenting container) puts each attribute on its own line.
    pub(super) fn deferred(
        &mut self,
        d: &crate::values::Deferred,
        spec: &Spec,
        ind: super::Indent,
    ) -> Result<()> {
        let indent = match spec.letter {
            b'p' => spec.alt || ind.indenting,
            b's' | b'q' => false,
            _ => return Err(illegal("Object", spec, "spq")),
        };
        let pad = |buf: &mut String, level: usize| {
            for _ in 0..level {
                buf.push_str("  ");
            }
        };
        self.buf.push_str("Deferred({");
        if indent {
            self.buf.push('\n');
            pad(self.buf, ind.level + 1);
        }
        self.buf.push_str("'name' => ");
        write_quoted(self.buf, &d.name, false);
        if let Some(args) = &d.arguments {
            let v = Value::Array(args.clone());
            if indent {
                self.buf.push_str(",\n");
                pad(self.buf, ind.level + 1);
                self.buf.push_str("'arguments' => ");
                self.indented(&v, ind.level + 1, 0)?;
            } else {
                self.buf.push_str(", 'arguments' => ");
                self.value(&v, &super::map::Rules::Container, super::Indent::TOP)?;
            }
        }
        if indent {
            self.buf.push('\n');
            pad(self.buf, ind.level);
        }
        self.buf.push_str("})");
        Ok(())
    }

    /// A value inside an indented object: hashes one entry per line, arrays one element
    /// per line when they hold a non-empty array or hash, scalars as `%p`.
    fn indented(&mut self, v: &Value, level: usize, depth: usize) -> Result<()> {
        if depth > super::MAX_DEPTH {
            return Err(Error::format("values nested too deep to be formatted"));
        }
        crate::stack::deep(|| self.indented_here(v, level, depth))
    }

    fn indented_here(&mut self, v: &Value, level: usize, depth: usize) -> Result<()> {
        let pad = |buf: &mut String, level: usize| {
            for _ in 0..level {
                buf.push_str("  ");
            }
        };
        let non_empty = |v: &Value| match v {
            Value::Array(a) => !a.is_empty(),
            Value::Hash(h) => !h.is_empty(),
            _ => false,
        };
        match v {
            Value::Array(items) => {
                let broken = items.iter().any(non_empty);
                self.buf.push('[');
                for (i, e) in items.iter().enumerate() {
                    if broken {
                        self.buf.push_str(if i == 0 { "\n" } else { ",\n" });
                        pad(self.buf, level + 1);
                        self.indented(e, level + 1, depth + 1)?;
                    } else {
                        if i > 0 {
                            self.buf.push_str(", ");
                        }
                        self.indented(e, level, depth + 1)?;
                    }
                }
                if broken {
                    self.buf.push('\n');
                    pad(self.buf, level);
                }
                self.buf.push(']');
            }
            Value::Hash(map) => {
                self.buf.push_str("{\n");
                for (i, (k, e)) in map.iter().enumerate() {
                    if i > 0 {
                        self.buf.push_str(",\n");
                    }
                    pad(self.buf, level + 1);
                    self.indented(k, level + 1, depth + 1)?;
                    self.buf.push_str(" => ");
                    self.indented(e, level + 1, depth + 1)?;
                }
                if !map.is_empty() {
                    self.buf.push('\n');
                }
                pad(self.buf, level);
                self.buf.push('}');
            }
            _ => self.value(v, &super::map::Rules::Container, super::Indent::TOP)?,
        }
        Ok(())
    }
}

/// Nanoseconds as float seconds the way Ruby's `Integer#fdiv` computes them: both
/// sides divided by their greatest common divisor first, then one float division.
pub(super) fn nanos_to_seconds(nanos: i128) -> f64 {
    let mut a = nanos.unsigned_abs();
    let mut b: u128 = 1_000_000_000;
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1) as i128;
    (nanos / g) as f64 / (1_000_000_000 / g) as f64
}

/// An i128 number of seconds as an integer to format.
pub(super) fn int_arg(n: i128) -> IntArg {
    match i64::try_from(n) {
        Ok(i) => IntArg::Small(i),
        Err(_) => {
            let mut m = n.unsigned_abs();
            let mut limbs = Vec::new();
            while m != 0 {
                limbs.push(m as u32);
                m >>= 32;
            }
            IntArg::Big(super::integer::BigMag(limbs), n < 0)
        }
    }
}

/// Binary letters: text (`s`, `#s` escaped), `p` as `Binary("...")`, base64 forms
/// (`b` with line breaks, `B` strict, `u` URL-safe) and the type name (`t`, `T`);
/// `#` quotes the text.
pub(super) fn binary(buf: &mut String, spec: &Spec, b: &crate::values::Binary) -> Result<()> {
    let text: String = match spec.letter {
        b's' if !spec.alt => match b.to_utf8() {
            Some(s) => return kernel_s(buf, spec, s),
            None => {
                let first = b.bytes.iter().find(|&&c| c >= 0x80).copied().unwrap_or(0);
                return Err(Error::format(format!(
                    "\"\\x{first:02X}\" from ASCII-8BIT to UTF-8"
                )));
            }
        },
        b's' => return kernel_s(buf, spec, &inspect_bytes(&b.bytes)),
        b'p' => {
            spec.check_scalar_flags()?;
            buf.push_str("Binary(\"");
            write_field(buf, &b.to_base64_strict(), spec.left, spec.width, spec.prec);
            buf.push_str("\")");
            return Ok(());
        }
        b'b' => b.to_base64_lines(),
        b'B' => b.to_base64_strict(),
        b'u' => b.to_base64_urlsafe(),
        b't' => "Binary".to_string(),
        b'T' => "BINARY".to_string(),
        _ => return Err(illegal("Binary", spec, "bButTsp")),
    };
    if spec.alt {
        kernel_s(buf, spec, &inspect_bytes(text.as_bytes()))
    } else {
        kernel_s(buf, spec, &text)
    }
}

/// A value without letters of its own, formatted as Ruby's `format` formats an object:
/// `%s` its text, `%p` its inspection, numbers from its numeric value where it has one.
pub(super) fn any_object(
    buf: &mut String,
    spec: &Spec,
    text: &str,
    inspect: &str,
    name: &str,
    number: Option<(IntArg, f64)>,
) -> Result<()> {
    spec.check_scalar_flags()?;
    let l = spec.letter;
    match l {
        b's' => write_field(buf, text, spec.left, spec.width, spec.prec),
        b'p' => write_field(buf, inspect, spec.left, spec.width, spec.prec),
        _ if is_int_letter(l) || l == b'i' || l == b'u' => match number {
            Some((i, _)) => write_int(buf, spec, if l == b'i' || l == b'u' { b'd' } else { l }, i),
            None => return Err(Error::format(format!("can't convert {name} into Integer"))),
        },
        _ if is_float_letter(l) => match number {
            Some((_, x)) => write_float(buf, spec, l, x),
            None => return Err(Error::format(format!("can't convert {name} into Float"))),
        },
        b'c' => match number {
            Some((IntArg::Small(i), _)) => {
                let c = u32::try_from(i)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| Error::format("invalid character"))?;
                let mut tmp = [0u8; 4];
                write_field(buf, c.encode_utf8(&mut tmp), spec.left, spec.width, None);
            }
            Some(_) => return Err(Error::format("invalid character")),
            None => {
                return Err(Error::format(format!(
                    "no implicit conversion of {name} into Integer"
                )))
            }
        },
        _ => {
            return Err(Error::format(format!(
                "malformed format string - %{}",
                l as char
            )))
        }
    }
    Ok(())
}

/// Ruby's inspection of a binary string (used by `%#s` of a Binary).
pub fn inspect_bytes(bytes: &[u8]) -> String {
    let mut s = String::new();
    write_inspect_bytes(&mut s, bytes);
    s
}
