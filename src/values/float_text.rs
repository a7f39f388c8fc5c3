//! The text of a Float value as Ruby's `Float#to_s` gives it (shortest
//! round-trip digits, `1.0e+16`, `1.0e-05`, `-0.0`): how floats appear in
//! type parameters, in PN and in formatted strings.

use std::fmt::Write;

/// Append Ruby's `Float#to_s` of `x`.
pub fn write_float_to_s(buf: &mut String, x: f64) {
    if x.is_nan() {
        buf.push_str("NaN");
        return;
    }
    if x.is_infinite() {
        buf.push_str(if x < 0.0 { "-Infinity" } else { "Infinity" });
        return;
    }
    if x == 0.0 {
        buf.push_str(if x.is_sign_negative() { "-0.0" } else { "0.0" });
        return;
    }
    // Shortest round-trip digits and exponent, from Rust's `{:e}`.
    let mut tmp = StackText::default();
    let _ = write!(tmp, "{:e}", x.abs());
    let tmp = tmp.as_str();
    let (mantissa, exp) = tmp.split_once('e').unwrap_or((tmp, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut digits = [0u8; 24];
    let mut n = 0;
    for b in mantissa.bytes().filter(u8::is_ascii_digit) {
        digits[n] = b;
        n += 1;
    }
    let digits = &digits[..n];
    let decpt = exp + 1;
    if x < 0.0 {
        buf.push('-');
    }
    let push_digits = |buf: &mut String, d: &[u8]| {
        for &c in d {
            buf.push(c as char);
        }
    };
    if decpt > 0 && decpt <= 15 {
        let decpt = decpt as usize;
        if decpt >= n {
            push_digits(buf, digits);
            push_zeros(buf, decpt - n);
            buf.push_str(".0");
        } else {
            push_digits(buf, &digits[..decpt]);
            buf.push('.');
            push_digits(buf, &digits[decpt..]);
        }
    } else if decpt <= 0 && decpt > -4 {
        buf.push_str("0.");
        push_zeros(buf, (-decpt) as usize);
        push_digits(buf, digits);
    } else {
        buf.push(digits[0] as char);
        buf.push('.');
        if n > 1 {
            push_digits(buf, &digits[1..]);
        } else {
            buf.push('0');
        }
        let e = decpt - 1;
        let _ = write!(buf, "e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
    }
}

fn push_zeros(buf: &mut String, n: usize) {
    for _ in 0..n {
        buf.push('0');
    }
}

/// A short text kept on the stack (the `{:e}` text of a float, the digits
/// of an integer), written with `write!`; a write past 32 bytes fails.
#[derive(Default)]
pub struct StackText {
    bytes: [u8; 32],
    len: usize,
}

impl StackText {
    /// The text written so far.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        if end > self.bytes.len() {
            return Err(std::fmt::Error);
        }
        self.bytes[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
