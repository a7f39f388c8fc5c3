//! The letters of the scalar values: undef, default, booleans, integers,
//! floats, strings, regexps, types, binaries, URIs, versions, time values,
//! sensitive values (always redacted), deferred calls and foreign objects.

use super::float::{float_to_int, write_float};
use super::integer::{write_int, IntArg};
use super::map::Fmt;
use super::rich::{any_object, binary, int_arg, nanos_to_seconds};
use super::spec::Spec;
use super::string::{capitalize, downcase, strip, upcase, write_field, write_quoted};
use super::{illegal, Converter};
use crate::error::{Error, Result};
use crate::values::float_text::{write_float_to_s, StackText};
use crate::values::Value;
use std::fmt::Write;
use std::sync::Arc;

/// Write `s` as Ruby's `%s` would under `spec` (its flags checked first).
pub(super) fn kernel_s(buf: &mut String, spec: &Spec, s: &str) -> Result<()> {
    spec.check_scalar_flags()?;
    write_field(buf, s, spec.left, spec.width, spec.prec);
    Ok(())
}

/// Write `s` fitted to the width and precision of `spec` (other flags ignored).
fn string_flags(buf: &mut String, spec: &Spec, s: &str) {
    write_field(buf, s, spec.left, spec.width, spec.prec);
}

pub(super) fn is_int_letter(l: u8) -> bool {
    matches!(l, b'd' | b'x' | b'X' | b'o' | b'b' | b'B')
}

pub(super) fn is_float_letter(l: u8) -> bool {
    matches!(l, b'e' | b'E' | b'f' | b'g' | b'G' | b'a' | b'A')
}

impl Converter<'_> {
    /// Append a non-container value formatted with `f`.
    pub(super) fn scalar(&mut self, v: &Value, f: &Fmt, ind: super::Indent) -> Result<()> {
        let spec = &f.spec;
        let buf = &mut *self.buf;
        match v {
            Value::Undef => undef(buf, spec),
            Value::Default => {
                let text = match (spec.letter, spec.alt) {
                    (b'd' | b's' | b'p', false) => "default",
                    (b'd' | b's' | b'p', true) => "\"default\"",
                    (b'D', false) => "Default",
                    (b'D', true) => "\"Default\"",
                    _ => return Err(illegal("Default", spec, "dDsp")),
                };
                string_flags(buf, spec, text);
                Ok(())
            }
            Value::Boolean(b) => boolean(buf, spec, *b),
            Value::Integer(i) => integer(buf, spec, *i),
            Value::Float(x) => float(buf, spec, *x),
            Value::String(s) => string(buf, spec, s),
            Value::Regexp(r) => regexp(buf, spec, r.source(), r.ruby_options_text().as_deref()),
            Value::Type(t) => {
                let text = t.to_string();
                match spec.letter {
                    b's' if spec.alt => kernel_s(buf, spec, &format!("\"{text}\"")),
                    b's' | b'p' => kernel_s(buf, spec, &text),
                    _ => Err(illegal("Type", spec, "sp")),
                }
            }
            Value::Sensitive(_) => any_object(
                buf,
                spec,
                "Sensitive [value redacted]",
                "#<Sensitive [value redacted]>",
                "Sensitive",
                None,
            ),
            Value::Binary(b) => binary(buf, spec, b),
            Value::Uri(u) => {
                let text = u.to_string();
                match spec.letter {
                    b'p' => {
                        buf.push_str("URI(");
                        write_quoted(buf, &text, false);
                        buf.push(')');
                        Ok(())
                    }
                    b's' if spec.alt => {
                        let mut q = String::with_capacity(text.len() + 2);
                        write_quoted(&mut q, &text, false);
                        kernel_s(buf, spec, &q)
                    }
                    b's' => kernel_s(buf, spec, &text),
                    _ => Err(illegal("URI", spec, "sp")),
                }
            }
            Value::SemVer(v) => {
                let text = v.to_string();
                any_object(buf, spec, &text, &text, "SemVer", None)
            }
            Value::SemVerRange(r) => {
                any_object(buf, spec, r.text(), &r.canonical(), "SemVerRange", None)
            }
            Value::Timespan(t) => {
                let text = t.to_string();
                let inspect = format!("Timespan('{text}')");
                let n = (int_arg(t.to_i()), nanos_to_seconds(t.nanos));
                any_object(buf, spec, &text, &inspect, "Timespan", Some(n))
            }
            Value::Timestamp(t) => {
                let text = t.to_string();
                let inspect = format!("Timestamp('{text}')");
                let n = (int_arg(t.to_i()), nanos_to_seconds(t.nanos));
                any_object(buf, spec, &text, &inspect, "Timestamp", Some(n))
            }
            Value::Deferred(d) => self.deferred(d, spec, ind),
            Value::Runtime(r) => {
                // (its own texts when the host gave them; no width or precision applies)
                let fallback = || Arc::from(format!("#<{}>", r.class_name));
                let (text, inspect) = match r.texts.get() {
                    Some(t) => (t.to_s.clone(), t.inspect.clone()),
                    None => (fallback(), fallback()),
                };
                match spec.letter {
                    b's' => buf.push_str(&text),
                    b'p' => write_quoted(buf, &text, false),
                    b'q' => buf.push_str(&inspect),
                    _ => return Err(illegal("Runtime", spec, "spq")),
                }
                Ok(())
            }
            Value::Array(_) | Value::Hash(_) => Err(Error::new(
                crate::error::ErrorKind::Internal,
                "containers are not scalars",
            )),
        }
    }
}

fn undef(buf: &mut String, spec: &Spec) -> Result<()> {
    let alt = spec.alt;
    let text = match spec.letter {
        b'n' => {
            if alt {
                "null"
            } else {
                "nil"
            }
        }
        b'u' => {
            if alt {
                "undefined"
            } else {
                "undef"
            }
        }
        l if is_int_letter(l) || is_float_letter(l) => "NaN",
        b'v' => "n/a",
        b'V' => "N/A",
        b's' => {
            if alt {
                "\"\""
            } else {
                ""
            }
        }
        b'p' => {
            if alt {
                "\"undef\""
            } else {
                "undef"
            }
        }
        _ => return Err(illegal("Undef", spec, "nudxXobBeEfgGaAvVsp")),
    };
    string_flags(buf, spec, text);
    Ok(())
}

fn boolean(buf: &mut String, spec: &Spec, b: bool) -> Result<()> {
    let words = match spec.letter {
        b't' => ["true", "false"],
        b'T' => ["True", "False"],
        b'y' => ["yes", "no"],
        b'Y' => ["Yes", "No"],
        l if is_int_letter(l) => return integer(buf, spec, b as i64),
        l if is_float_letter(l) => return float(buf, spec, if b { 1.0 } else { 0.0 }),
        b's' | b'p' => {
            string_flags(buf, spec, if b { "true" } else { "false" });
            return Ok(());
        }
        _ => return Err(illegal("Boolean", spec, "tTyYdxXobBeEfgGaAsp")),
    };
    let word = words[!b as usize];
    string_flags(buf, spec, if spec.alt { &word[..1] } else { word });
    Ok(())
}

fn integer(buf: &mut String, spec: &Spec, i: i64) -> Result<()> {
    let l = spec.letter;
    if spec.is_plain() && matches!(l, b'd' | b'p' | b's') {
        // The common `%d`, `%p` and `%s`: the digits, straight into the buffer.
        let _ = write!(buf, "{i}");
        return Ok(());
    }
    if is_int_letter(l) {
        spec.check_scalar_flags()?;
        write_int(buf, spec, l, IntArg::Small(i));
        return Ok(());
    }
    if is_float_letter(l) {
        spec.check_scalar_flags()?;
        write_float(buf, spec, l, i as f64);
        return Ok(());
    }
    match l {
        b'p' => kernel_s(buf, spec, itoa(i).as_str()),
        b's' => {
            if spec.alt {
                kernel_s(buf, spec, &format!("\"{i}\""))
            } else {
                kernel_s(buf, spec, itoa(i).as_str())
            }
        }
        b'c' => {
            let c = u32::try_from(i)
                .ok()
                .and_then(char::from_u32)
                .ok_or_else(|| Error::format("pack(U): value out of range"))?;
            let mut tmp = [0u8; 4];
            let text = c.encode_utf8(&mut tmp);
            if spec.alt {
                kernel_s(buf, spec, &format!("\"{text}\""))
            } else {
                kernel_s(buf, spec, text)
            }
        }
        _ => Err(illegal("Integer", spec, "dxXobBeEfgGaAspc")),
    }
}

/// Decimal text of `i` on the stack.
fn itoa(i: i64) -> StackText {
    let mut s = StackText::default();
    let _ = write!(s, "{i}");
    s
}

fn float(buf: &mut String, spec: &Spec, x: f64) -> Result<()> {
    let l = spec.letter;
    if is_int_letter(l) {
        spec.check_scalar_flags()?;
        write_int(buf, spec, l, float_to_int(x)?);
        return Ok(());
    }
    if is_float_letter(l) {
        spec.check_scalar_flags()?;
        write_float(buf, spec, l, x);
        return Ok(());
    }
    match l {
        b'p' | b's' if spec.is_plain() => {
            write_float_to_s(buf, x);
            Ok(())
        }
        b'p' | b's' => {
            let mut text = String::with_capacity(26);
            let quoted = l == b's' && spec.alt;
            if quoted {
                text.push('"');
            }
            write_float_to_s(&mut text, x);
            if quoted {
                text.push('"');
            }
            kernel_s(buf, spec, &text)
        }
        _ => Err(illegal("Float", spec, "dxXobBeEfgGaAsp")),
    }
}

fn string(buf: &mut String, spec: &Spec, s: &str) -> Result<()> {
    let mut tmp = String::new();
    let converted: &str = match spec.letter {
        b's' => return kernel_s(buf, spec, s),
        b'p' => {
            if spec.left || spec.width.is_some() || spec.prec.is_some() {
                write_quoted(&mut tmp, s, spec.alt);
                string_flags(buf, spec, &tmp);
            } else {
                write_quoted(buf, s, spec.alt);
            }
            return Ok(());
        }
        b'c' => {
            capitalize(s, &mut tmp);
            &tmp
        }
        b'C' => {
            let mut parts: Vec<&str> = s.split("::").collect();
            while parts.last() == Some(&"") {
                parts.pop();
            }
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    tmp.push_str("::");
                }
                capitalize(part, &mut tmp);
            }
            &tmp
        }
        b'u' => {
            upcase(s, &mut tmp);
            &tmp
        }
        b'd' => {
            downcase(s, &mut tmp);
            &tmp
        }
        b't' => strip(s),
        _ => return Err(illegal("String", spec, "cCudspt")),
    };
    if spec.alt {
        let mut q = String::with_capacity(converted.len() + 2);
        write_quoted(&mut q, converted, false);
        string_flags(buf, spec, &q);
        Ok(())
    } else {
        kernel_s(buf, spec, converted)
    }
}

/// Ruby's `Regexp#inspect` body: unescaped `/` escaped, other text as is.
fn regexp_inspect(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 2);
    out.push('/');
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push('\\');
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            '/' => out.push_str("\\/"),
            c if (c as u32) < 0x20 && !c.is_ascii_whitespace() || c == '\x7f' => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('/');
    out
}

/// A regexp under `%p` or `%s`; `s_text` is what `%s` shows instead of the
/// source (for one made from a Ruby Regexp with options).
fn regexp(buf: &mut String, spec: &Spec, source: &str, s_text: Option<&str>) -> Result<()> {
    match spec.letter {
        b'p' => {
            let text = regexp_inspect(source);
            if &*spec.text == "%p" {
                buf.push_str(&text);
                Ok(())
            } else {
                kernel_s(buf, spec, &text)
            }
        }
        b's' => {
            let source = s_text.unwrap_or(source);
            if &*spec.text == "%s" {
                buf.push_str(source);
                Ok(())
            } else if spec.alt {
                let mut q = String::new();
                write_quoted(&mut q, source, false);
                kernel_s(buf, spec, &q)
            } else {
                kernel_s(buf, spec, source)
            }
        }
        _ => Err(illegal("Regexp", spec, "sp")),
    }
}
