//! Numbers: decimal, octal and hexadecimal integers and floats, with the
//! reference's validity rules and error messages (`08` is "Not a valid octal
//! number", `0x` needs digits, `1e` is not a valid decimal number).

use super::scanner::is_word_char_at;

fn digit_run(b: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    i
}

fn boundary(b: &[u8], at: usize) -> bool {
    !is_word_char_at(&b[at..])
}

/// The end of the number literal starting at `b[start]` (a digit), if the
/// text there is a well-delimited number (a word boundary follows it).
pub(super) fn scan_number(b: &[u8], start: usize) -> Option<usize> {
    // hexadecimal
    if b[start] == b'0' && matches!(b.get(start + 1), Some(b'x' | b'X')) {
        let mut i = start + 2;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        if i > start + 2 && boundary(b, i) {
            return Some(i);
        }
    }
    let int_end = digit_run(b, start);
    let frac_end = (b.get(int_end) == Some(&b'.')
        && b.get(int_end + 1).is_some_and(u8::is_ascii_digit))
    .then(|| digit_run(b, int_end + 1));
    let exp_end = |k: usize| -> Option<usize> {
        if !matches!(b.get(k), Some(b'e' | b'E')) {
            return None;
        }
        let mut d = k + 1;
        if b.get(d) == Some(&b'-') {
            d += 1;
        }
        b.get(d)
            .is_some_and(u8::is_ascii_digit)
            .then(|| digit_run(b, d))
    };
    let mut candidates = [None; 4];
    if let Some(f) = frac_end {
        candidates[0] = exp_end(f);
        candidates[1] = Some(f);
    }
    candidates[2] = exp_end(int_end);
    candidates[3] = Some(int_end);
    candidates
        .into_iter()
        .flatten()
        .find(|&end| boundary(b, end))
}

/// The end of a plain decimal integer at `b[start]` (a digit): digits without
/// a leading zero (or a lone `0`), followed by the end of input or an ASCII
/// byte that neither continues a word nor starts a fraction. [`scan_number`]
/// ends such a number at the same place and [`number_error`] accepts it; this
/// answers the commonest case without their general checks. `None` otherwise.
#[inline]
pub(super) fn plain_integer(b: &[u8], start: usize) -> Option<usize> {
    let end = digit_run(b, start);
    if b[start] == b'0' && end > start + 1 {
        return None;
    }
    match b.get(end) {
        None => Some(end),
        Some(&c) if c < 0x80 && !c.is_ascii_alphanumeric() && c != b'_' && c != b'.' => Some(end),
        Some(_) => None,
    }
}

/// Which validity rule a number text breaks, as the reference's message.
pub(super) fn number_error(value: &str) -> Option<String> {
    let b = value.as_bytes();
    let all = |s: &[u8], f: fn(&u8) -> bool| !s.is_empty() && s.iter().all(f);
    let d = digit_run(b, 0);
    if b.len() >= 2 && b[0] == b'0' && matches!(b[1], b'x' | b'X') {
        (!all(&b[2..], u8::is_ascii_hexdigit)).then(|| format!("Not a valid hex number {value}"))
    } else if b.len() >= 2 && b[0] == b'0' && b[1] != b'.' {
        (!all(&b[1..], |c| (b'0'..=b'7').contains(c)))
            .then(|| format!("Not a valid octal number {value}"))
    } else if d > 0 && matches!(b.get(d), Some(b'e' | b'E' | b'.')) {
        (!is_decimal(b)).then(|| format!("Not a valid decimal number {value}"))
    } else {
        (!all(b, u8::is_ascii_digit)).then(|| format!("Illegal number '{value}'"))
    }
}

/// `\d+(\.\d+)?([eE]-?\d+)?` in full.
fn is_decimal(b: &[u8]) -> bool {
    let mut i = digit_run(b, 0);
    if i == 0 {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        let j = digit_run(b, i + 1);
        if j == i + 1 {
            return false;
        }
        i = j;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        let j = digit_run(b, i);
        if j == i {
            return false;
        }
        i = j;
    }
    i == b.len()
}

/// Where and what to report for a digit at `start` that does not begin a
/// valid number: (error offset, message).
pub(super) fn invalid_number(b: &[u8], start: usize) -> (usize, String) {
    let mut end = start;
    while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_') {
        end += 1;
    }
    let text = |a: usize, z: usize| String::from_utf8_lossy(&b[a..z]).into_owned();
    let mut before = start;
    let mut value = text(start, end);
    if start > 1 && b[start - 1] == b'.' {
        // preceded by a dot: report the whole malformed decimal
        let mut p = start - 2;
        let mut moved = false;
        while b[p].is_ascii_digit() {
            moved = true;
            before = p;
            if p == 0 {
                break;
            }
            p -= 1;
        }
        if moved {
            value = text(before, end);
        }
    }
    match number_error(&value) {
        Some(msg) => (before, msg),
        None => (before + 1, format!("Illegal number '{value}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(s: &str) -> Option<usize> {
        scan_number(s.as_bytes(), 0)
    }

    #[test]
    fn number_forms() {
        assert_eq!(scan("0x1F "), Some(4));
        assert_eq!(scan("0777"), Some(4));
        assert_eq!(scan("1.5e-3)"), Some(6));
        assert_eq!(scan("1.e3"), Some(1));
        assert_eq!(scan("1.5x"), Some(1));
        assert_eq!(scan("1e"), None);
        assert_eq!(scan("0x"), None);
        assert_eq!(scan("1é"), None);
    }

    #[test]
    fn plain_integers_end_where_the_general_scan_ends() {
        for s in [
            "1",
            "10",
            "0",
            "07",
            "0x1f",
            "1.5",
            "1.",
            "1e3",
            "1_",
            "1a",
            "12,",
            "3]",
            "0 ",
            "10)",
            "1é",
            "09",
            "00",
            "5.x",
            "123456789012345678901234567890",
        ] {
            let b = s.as_bytes();
            if let Some(end) = plain_integer(b, 0) {
                assert_eq!(scan_number(b, 0), Some(end), "{s}");
                assert_eq!(number_error(&s[..end]), None, "{s}");
            }
        }
        assert_eq!(plain_integer(b"12,", 0), Some(2));
        assert_eq!(plain_integer(b"0]", 0), Some(1));
        assert_eq!(plain_integer(b"07", 0), None);
        assert_eq!(plain_integer(b"1.5", 0), None);
    }

    #[test]
    fn number_validity() {
        assert_eq!(number_error("08").unwrap(), "Not a valid octal number 08");
        assert_eq!(number_error("0.5"), None);
        assert_eq!(number_error("0e5").unwrap(), "Not a valid octal number 0e5");
        assert_eq!(number_error("0x").unwrap(), "Not a valid hex number 0x");
        assert_eq!(number_error("1.5e3"), None);
        assert_eq!(
            invalid_number(b"1.5x", 2),
            (0, "Not a valid decimal number 1.5x".into())
        );
        assert_eq!(
            invalid_number(b"1e", 0),
            (0, "Not a valid decimal number 1e".into())
        );
    }
}
