//! Ruby's `Kernel#Float` of a String, which the reference's `Float[from, to]`
//! applies to its parameters (`Float['1.5', 2]` is `Float[1.5, 2.0]`): decimal
//! text with underscores between digits and an optional exponent, or
//! hexadecimal text (`0x1.8p1`), between optional whitespace; anything else
//! is Ruby's ArgumentError `invalid value for Float(): "text"`. Text too big
//! for a Float is infinite, as in Ruby.

/// `Float(text)`, or Ruby's message for text it refuses.
pub fn kernel_float(text: &str) -> Result<f64, String> {
    let refused = || format!("invalid value for Float(): {}", inspect(text));
    if text.contains('\0') {
        return Err("string for Float contains null byte".into());
    }
    let body = text.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r'));
    let (negative, unsigned) = match body.as_bytes().first() {
        Some(b'-') => (true, &body[1..]),
        Some(b'+') => (false, &body[1..]),
        _ => (false, body),
    };
    let magnitude = match unsigned
        .strip_prefix("0x")
        .or_else(|| unsigned.strip_prefix("0X"))
    {
        Some(hex) => hexadecimal(hex),
        None => decimal(unsigned),
    };
    match magnitude {
        Some(x) if negative => Ok(-x),
        Some(x) => Ok(x),
        None => Err(refused()),
    }
}

/// Digits (those `digit` accepts) with single underscores between them; the
/// digits without underscores, or None.
fn digits(s: &str, digit: impl Fn(char) -> bool) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut after_digit = false;
    for c in s.chars() {
        if digit(c) {
            out.push(c);
            after_digit = true;
        } else if c == '_' && after_digit {
            after_digit = false;
        } else {
            return None;
        }
    }
    (after_digit && !out.is_empty()).then_some(out)
}

/// `digits[.digits][e[+-]digits]` or `.digits[...]`.
fn decimal(s: &str) -> Option<f64> {
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let mut text = if int.is_empty() && frac.is_some() {
        String::from("0")
    } else {
        digits(int, |c| c.is_ascii_digit())?
    };
    if let Some(f) = frac {
        text.push('.');
        text.push_str(&digits(f, |c| c.is_ascii_digit())?);
    }
    if let Some(e) = exponent {
        let (sign, e) = match e.as_bytes().first() {
            Some(b'-') => ("-", &e[1..]),
            Some(b'+') => ("", &e[1..]),
            _ => ("", e),
        };
        text.push('e');
        text.push_str(sign);
        text.push_str(&digits(e, |c| c.is_ascii_digit())?);
    }
    text.parse().ok()
}

/// `hexdigits[.hexdigits][p[+-]digits]` (after `0x`).
fn hexadecimal(s: &str) -> Option<f64> {
    let (mantissa, exponent) = match s.find(['p', 'P']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let hex = |c: char| c.is_ascii_hexdigit();
    let mut value = 0f64;
    for c in digits(int, hex)?.chars() {
        value = value * 16.0 + c.to_digit(16)? as f64;
    }
    if let Some(f) = frac {
        let mut scale = 1.0 / 16.0;
        for c in digits(f, hex)?.chars() {
            value += c.to_digit(16)? as f64 * scale;
            scale /= 16.0;
        }
    }
    if let Some(e) = exponent {
        let (negative, e) = match e.as_bytes().first() {
            Some(b'-') => (true, &e[1..]),
            Some(b'+') => (false, &e[1..]),
            _ => (false, e),
        };
        let p: i32 = digits(e, |c| c.is_ascii_digit())?
            .parse()
            .unwrap_or(i32::MAX);
        value *= 2f64.powi(if negative { -p } else { p });
    }
    Some(value)
}

/// Ruby's `String#inspect` of UTF-8 text.
fn inspect(s: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '#' if matches!(chars.peek(), Some('$' | '@' | '{')) => out.push_str("\\#"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x0b' => out.push_str("\\v"),
            '\x0c' => out.push_str("\\f"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x1b' => out.push_str("\\e"),
            c if (c as u32) < 0x20 || c == '\x7f' => out.push_str(&format!("\\x{:02X}", c as u32)),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::kernel_float;

    #[test]
    fn kernel_float_reads_what_ruby_reads() {
        for (text, x) in [
            ("1.5", 1.5),
            (" 1.5e3 ", 1500.0),
            ("\t-.5\n", -0.5),
            ("1_000", 1000.0),
            ("1e1_0", 1e10),
            ("010", 10.0),
            ("0x10", 16.0),
            ("-0x1.8p1", -3.0),
            ("0X1P-2", 0.25),
        ] {
            assert_eq!(kernel_float(text), Ok(x), "{text}");
        }
        assert_eq!(kernel_float(&"1".repeat(400)), Ok(f64::INFINITY));
    }

    #[test]
    fn kernel_float_refuses_what_ruby_refuses() {
        for text in [
            "", "  ", "a", "1.", "1_", "_1", "1__0", "1_.5", "0x", "0x.8", "0x1.", "1e", ".e5",
            "1e_5", "- 1", "0b10", "Infinity", "NaN", "1,5",
        ] {
            assert_eq!(
                kernel_float(text),
                Err(format!("invalid value for Float(): {text:?}")),
                "{text}"
            );
        }
        assert_eq!(
            kernel_float("a\"#{b}"),
            Err(r#"invalid value for Float(): "a\"\#{b}""#.to_string())
        );
    }
}
