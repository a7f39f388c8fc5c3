//! Integers in the notations of Ruby's `format`: `d x X o b B` with sign,
//! `#` prefixes, zero padding, precision, and the two's complement `..f`
//! form for negative numbers shown without a sign flag.
//!
//! Magnitudes are `u64` in the common case; floats converted to integers may
//! exceed that and use [`BigMag`], a little-endian vector of 32-bit limbs.

use super::spec::Spec;

/// An integer to format: a machine integer or a big magnitude with a sign.
pub enum IntArg {
    /// A 64-bit integer.
    Small(i64),
    /// A magnitude too big for 64 bits (from a float), and whether it is negative.
    Big(BigMag, bool),
}

/// An unsigned big integer, little-endian 32-bit limbs, no leading zero limbs.
#[derive(Clone, Debug)]
pub struct BigMag(pub Vec<u32>);

impl BigMag {
    /// `m * 2^shift`.
    pub fn from_shifted(m: u64, shift: u32) -> BigMag {
        let words = (shift / 32) as usize;
        let bits = shift % 32;
        let mut limbs = vec![0u32; words];
        let wide = (m as u128) << bits;
        let mut w = wide;
        while w != 0 {
            limbs.push(w as u32);
            w >>= 32;
        }
        BigMag(limbs)
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// Divide in place by `d`, returning the remainder.
    fn div_rem(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let cur = (rem << 32) | *limb as u64;
            *limb = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }

    fn decrement(&mut self) {
        for limb in self.0.iter_mut() {
            if *limb == 0 {
                *limb = u32::MAX;
            } else {
                *limb -= 1;
                break;
            }
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
}

const LOWER: &[u8; 16] = b"0123456789abcdef";
const UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Digits of `m` in `base`, most significant first, into `out` (cleared).
fn digits_u64(mut m: u64, base: u64, table: &[u8; 16], out: &mut Vec<u8>) {
    out.clear();
    loop {
        out.push(table[(m % base) as usize]);
        m /= base;
        if m == 0 {
            break;
        }
    }
    out.reverse();
}

fn digits_big(m: &BigMag, base: u32, table: &[u8; 16], out: &mut Vec<u8>) {
    out.clear();
    let mut m = m.clone();
    if m.is_zero() {
        out.push(b'0');
        return;
    }
    while !m.is_zero() {
        out.push(table[m.div_rem(base) as usize]);
    }
    out.reverse();
}

/// Write `n` formatted by `spec` with the integer letter `letter` (`d x X o b B`).
pub fn write_int(buf: &mut String, spec: &Spec, letter: u8, n: IntArg) {
    let (base, table, prefix): (u64, &[u8; 16], &str) = match letter {
        b'x' => (16, LOWER, "0x"),
        b'X' => (16, UPPER, "0X"),
        b'o' => (8, LOWER, "0"),
        b'b' => (2, LOWER, "0b"),
        b'B' => (2, LOWER, "0B"),
        _ => (10, LOWER, ""),
    };
    let signed = base == 10 || spec.plus() || spec.space();
    let negative = match &n {
        IntArg::Small(i) => *i < 0,
        IntArg::Big(_, neg) => *neg,
    };
    let mut digits: Vec<u8> = Vec::with_capacity(24);
    let dots = negative && !signed;
    if dots {
        // Two's complement: the digits of ~(m - 1), led by one all-ones digit.
        match n {
            IntArg::Small(i) => digits_u64(i.unsigned_abs() - 1, base, table, &mut digits),
            IntArg::Big(mut m, _) => {
                m.decrement();
                digits_big(&m, base as u32, table, &mut digits)
            }
        }
        let max = table[(base - 1) as usize];
        for d in digits.iter_mut() {
            let v = (*d as char).to_digit(16).unwrap_or(0) as u64;
            *d = table[(base - 1 - v) as usize];
        }
        let lead = digits.iter().take_while(|&&d| d == max).count();
        digits.drain(..lead);
        digits.insert(0, max);
    } else {
        match n {
            IntArg::Small(i) => digits_u64(i.unsigned_abs(), base, table, &mut digits),
            IntArg::Big(m, _) => digits_big(&m, base as u32, table, &mut digits),
        }
    }
    let sign = if dots { None } else { spec.sign_char(negative) };
    layout(buf, spec, base, table, sign, prefix, dots, &digits);
}

/// Place sign, prefix, `..`, precision fill and digits in the field as Ruby does.
#[allow(clippy::too_many_arguments)]
fn layout(
    buf: &mut String,
    spec: &Spec,
    base: u64,
    table: &[u8; 16],
    sign: Option<char>,
    prefix: &str,
    dots: bool,
    digits: &[u8],
) {
    let mut width = spec.width.unwrap_or(0) as isize;
    let has_prec = spec.prec.is_some();
    let mut prec = spec.prec.unwrap_or(0) as isize;
    let mut len = digits.len() as isize;
    let single_zero = digits == b"0";
    if sign.is_some() {
        width -= 1;
    }
    let mut prefix = if spec.alt { prefix } else { "" };
    if prefix == "0" {
        if dots {
            prefix = "";
        } else if single_zero {
            len = 0;
            if has_prec {
                prec -= 1;
            }
        } else if has_prec && prec > len {
            prefix = "";
        }
    } else if single_zero {
        prefix = "";
    }
    width -= prefix.len() as isize;
    if dots {
        prec -= 2;
        width -= 2;
    }
    if spec.zero && !spec.left && !has_prec {
        prec = width;
        width = 0;
    } else {
        if prec < len {
            if prefix.is_empty() && prec == 0 && single_zero && has_prec {
                len = 0;
            }
            prec = len;
        }
        width -= prec;
    }
    if !spec.left {
        push_n(buf, ' ', width);
    }
    if let Some(s) = sign {
        buf.push(s);
    }
    buf.push_str(prefix);
    if dots {
        buf.push_str("..");
    }
    if prec > len {
        let fill = if dots {
            table[(base - 1) as usize] as char
        } else {
            '0'
        };
        push_n(buf, fill, prec - len);
    }
    // digits are ASCII
    for &d in &digits[..len.max(0) as usize] {
        buf.push(d as char);
    }
    if spec.left {
        push_n(buf, ' ', width);
    }
}

/// Push `n` copies of `c` (nothing when `n <= 0`).
pub fn push_n(buf: &mut String, c: char, n: isize) {
    for _ in 0..n.max(0) {
        buf.push(c);
    }
}
