//! Floats: Ruby's `Float#to_s` (shortest round-trip text, `1.0e+16`,
//! `1.0e-05`, `-0.0`) and Ruby's `format` letters `f e E g G a A` with every
//! flag, width and precision (C semantics, exact decimal rounding, ties to even).

use super::dtoa::{digits, Digits, Mode};
use super::integer::{push_n, BigMag, IntArg};
use super::spec::Spec;
use crate::error::{Error, Result};
use std::fmt::Write;

/// The integer part of `x` (truncated toward zero), as Ruby's `Float#to_i`.
pub fn float_to_int(x: f64) -> Result<IntArg> {
    if x.is_nan() {
        return Err(Error::format("NaN"));
    }
    if x.is_infinite() {
        return Err(Error::format(if x < 0.0 {
            "-Infinity"
        } else {
            "Infinity"
        }));
    }
    let t = x.trunc();
    if t.abs() < 9.0e18 {
        return Ok(IntArg::Small(t as i64));
    }
    let bits = t.abs().to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32 - 1075;
    let mantissa = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    Ok(IntArg::Big(
        BigMag::from_shifted(mantissa, exp as u32),
        t < 0.0,
    ))
}

/// Write `x` with the float letter `letter` (`f e E g G a A`) under `spec`.
pub fn write_float(buf: &mut String, spec: &Spec, letter: u8, x: f64) {
    let negative = x.is_sign_negative() && !x.is_nan();
    let sign = spec.sign_char(negative);
    if !x.is_finite() {
        let text = if x.is_nan() { "NaN" } else { "Inf" };
        let need = text.len() as isize + sign.is_some() as isize;
        let pad = spec.width.unwrap_or(0) as isize - need;
        if !spec.left {
            push_n(buf, ' ', pad);
        }
        if let Some(s) = sign {
            buf.push(s);
        }
        buf.push_str(text);
        if spec.left {
            push_n(buf, ' ', pad);
        }
        return;
    }
    let a = x.abs();
    let mut body = String::with_capacity(32);
    // `prefix` is the part zero padding goes after (the sign, and `0x` for hex floats).
    let mut prefix_len = 0;
    match letter {
        b'f' => {
            let p = spec.prec.unwrap_or(6);
            let d = digits(a, Mode::Fraction(p as i32));
            layout_fixed(&mut body, &d, p, spec.alt);
        }
        b'e' | b'E' => {
            let p = spec.prec.unwrap_or(6);
            let d = digits(a, Mode::Significant(p as i32 + 1));
            layout_exp(&mut body, &d, p, spec.alt, letter == b'E', a == 0.0);
        }
        b'g' | b'G' => {
            let p = match spec.prec {
                Some(0) => 1,
                Some(p) => p,
                None => 6,
            };
            let d = digits(a, Mode::Significant(p as i32));
            let len = d.digits.len() as i32;
            if a != 0.0 && (d.decpt < -3 || d.decpt > p as i32) {
                let ep = if spec.alt {
                    p - 1
                } else {
                    (len - 1).max(0) as usize
                };
                layout_exp(&mut body, &d, ep, spec.alt, letter == b'G', false);
            } else {
                let fp = if spec.alt {
                    (p as i32 - d.decpt).max(0) as usize
                } else {
                    (len - d.decpt).max(0) as usize
                };
                layout_fixed(&mut body, &d, fp, spec.alt);
            }
        }
        _ => {
            write_hex(&mut body, a, spec.prec, spec.alt, letter == b'A');
            prefix_len = 2;
        }
    }
    let total = body.len() as isize + sign.is_some() as isize;
    let pad = spec.width.unwrap_or(0) as isize - total;
    if spec.left {
        if let Some(s) = sign {
            buf.push(s);
        }
        buf.push_str(&body);
        push_n(buf, ' ', pad);
    } else if spec.zero {
        if let Some(s) = sign {
            buf.push(s);
        }
        buf.push_str(&body[..prefix_len]);
        push_n(buf, '0', pad);
        buf.push_str(&body[prefix_len..]);
    } else {
        push_n(buf, ' ', pad);
        if let Some(s) = sign {
            buf.push(s);
        }
        buf.push_str(&body);
    }
}

/// `ddd.fff` with `p` fraction digits from dtoa digits.
fn layout_fixed(out: &mut String, d: &Digits, p: usize, alt: bool) {
    let digit = |idx: i32| -> char {
        if idx >= 0 && (idx as usize) < d.digits.len() {
            d.digits[idx as usize] as char
        } else {
            '0'
        }
    };
    if d.decpt > 0 {
        for idx in 0..d.decpt {
            out.push(digit(idx));
        }
    } else {
        out.push('0');
    }
    if p > 0 || alt {
        out.push('.');
    }
    for pos in 0..p as i32 {
        out.push(digit(d.decpt + pos));
    }
}

/// `d.ddde+XX` with `p` fraction digits from dtoa digits.
fn layout_exp(out: &mut String, d: &Digits, p: usize, alt: bool, upper: bool, zero: bool) {
    let first = d.digits.first().copied().unwrap_or(b'0');
    out.push(first as char);
    if p > 0 || alt {
        out.push('.');
    }
    for idx in 1..=p {
        out.push(d.digits.get(idx).map(|&c| c as char).unwrap_or('0'));
    }
    let exp = if zero { 0 } else { d.decpt - 1 };
    out.push(if upper { 'E' } else { 'e' });
    let _ = write!(out, "{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
}

/// C's `%a`: `0x1.hhhp+d`, normalised, shortest digits unless a precision rounds them
/// (ties to even).
fn write_hex(out: &mut String, a: f64, prec: Option<usize>, alt: bool, upper: bool) {
    let table: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    out.push_str(if upper { "0X" } else { "0x" });
    let bits = a.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i32;
    let mut frac = bits & ((1u64 << 52) - 1);
    let mut exp;
    if raw_exp == 0 && frac == 0 {
        out.push('0');
        exp = 0;
        frac = 0;
    } else {
        if raw_exp == 0 {
            // Subnormal: normalise so the leading digit is 1.
            let shift = frac.leading_zeros() - 11;
            frac = (frac << shift) & ((1u64 << 52) - 1);
            exp = -1022 - shift as i32;
        } else {
            exp = raw_exp - 1023;
        }
        let mut lead = 1u64;
        if let Some(p) = prec {
            if p < 13 {
                let drop = (13 - p) * 4;
                let keep = frac >> drop;
                let rest = frac & ((1u64 << drop) - 1);
                let half = 1u64 << (drop - 1);
                let mut keep = keep;
                if rest > half || (rest == half && keep & 1 == 1) {
                    keep += 1;
                }
                if keep >> (p * 4) != 0 {
                    // Carried into the leading digit: 0x2.000 -> 0x1.000p+1
                    keep = 0;
                    lead = 1;
                    exp += 1;
                }
                frac = keep << drop;
            }
        }
        out.push(table[lead as usize] as char);
        frac <<= 12; // the 13 hex digits now fill the top 52 bits
    }
    let mut digits = [0u8; 13];
    for (i, d) in digits.iter_mut().enumerate() {
        *d = table[((frac >> (60 - 4 * i)) & 0xf) as usize];
    }
    let n = match prec {
        Some(p) => p,
        None => 13 - digits.iter().rev().take_while(|&&d| d == b'0').count(),
    };
    if n > 0 || alt {
        out.push('.');
    }
    for i in 0..n {
        out.push(digits.get(i).map_or('0', |&d| d as char));
    }
    out.push(if upper { 'P' } else { 'p' });
    let _ = write!(out, "{}{}", if exp < 0 { '-' } else { '+' }, exp.abs());
}
