//! Decimal digits of a float for Ruby's `format` (`%f`, `%e`, `%g`).
//!
//! Ruby produces these digits with David Gay's `dtoa` in modes 2 (a number of
//! significant digits) and 3 (a number of digits after the point). For up to
//! 14 digits it first tries a quick floating-point estimate; when the
//! remainder is too close to one half to decide, Ruby rounds the last digit
//! to even instead of computing exactly, so `format('%.2f', 2.675)` is
//! `"2.68"`. This module reproduces that estimate step by step (IEEE double
//! arithmetic is the same in Rust), the exact small-integer case, and uses
//! Rust's exact, ties-to-even formatting for everything else.

use std::fmt::Write;

const TENS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
const BIGTENS: [f64; 5] = [1e16, 1e32, 1e64, 1e128, 1e256];
const QUICK_MAX: i32 = 14;
const INT_MAX: i32 = 14;

/// Digits (ASCII, no trailing zeros, possibly empty) and the decimal point position:
/// the value is `0.DIGITS × 10^decpt`.
#[derive(Debug, Default)]
pub struct Digits {
    /// The digits.
    pub digits: Vec<u8>,
    /// Position of the decimal point relative to the first digit.
    pub decpt: i32,
}

/// How many digits are wanted.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// Mode 2: this many significant digits (at least 1).
    Significant(i32),
    /// Mode 3: this many digits after the decimal point.
    Fraction(i32),
}

/// The digits of a finite `x >= 0` as Ruby's `format` computes them.
pub fn digits(x: f64, mode: Mode) -> Digits {
    if x == 0.0 {
        return Digits {
            digits: b"0".to_vec(),
            decpt: 1,
        };
    }
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    // The value as b * 2^be with b odd, and the bit length of b.
    let (m, e) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    let tz = m.trailing_zeros() as i32;
    let b = m >> tz;
    let be = e + tz;
    let bbits = 64 - b.leading_zeros() as i32;
    // Estimate k = floor(log10(x)).
    let (d2, i) = if biased != 0 {
        (
            f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52)),
            biased - 1023,
        )
    } else {
        let i = bbits + be + 1074;
        let word0 = (bits >> 32) as u32;
        let word1 = bits as u32;
        let x32: u32 = if i > 32 {
            (word0 << (64 - i)) | (word1 >> (i - 32))
        } else {
            word1 << (32 - i)
        };
        (x32 as f64 / 2f64.powi(31), i - 1075)
    };
    // dtoa's own constants (log10(2) among them) must stay as written for identical results.
    #[allow(clippy::approx_constant)]
    let ds = (d2 - 1.5) * 0.289529654602168 + 0.1760912590558 + i as f64 * 0.301029995663981;
    let mut k = ds as i32;
    if ds < 0.0 && ds != k as f64 {
        k -= 1;
    }
    let mut k_check = true;
    if (0..=22).contains(&k) {
        if x < TENS[k as usize] {
            k -= 1;
        }
        k_check = false;
    }
    let (ilim, ilim1) = match mode {
        Mode::Significant(n) => {
            let n = n.max(1);
            (n, n)
        }
        Mode::Fraction(n) => (n + k + 1, n + k),
    };
    if (0..=QUICK_MAX).contains(&ilim) {
        if let Some(d) = quick(x, k, k_check, ilim, ilim1, mode) {
            return d;
        }
    }
    if be >= 0 && k <= INT_MAX {
        return small_integer(x, k, ilim);
    }
    exact(x, mode)
}

/// The quick estimate; `None` when it cannot decide (the caller then computes exactly).
fn quick(x: f64, k0: i32, k_check: bool, ilim0: i32, ilim1: i32, mode: Mode) -> Option<Digits> {
    let mut d = x;
    let mut k = k0;
    let mut ilim = ilim0;
    let mut ieps = 2;
    let mut i = 0;
    if k > 0 {
        let mut ds = TENS[(k & 0xf) as usize];
        let mut j = k >> 4;
        if j & 0x10 != 0 {
            j &= 0xf;
            d /= BIGTENS[4];
            ieps += 1;
        }
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                ds *= BIGTENS[i];
            }
            j >>= 1;
            i += 1;
        }
        d /= ds;
    } else if k < 0 {
        let j1 = -k;
        d *= TENS[(j1 & 0xf) as usize];
        let mut j = j1 >> 4;
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                d *= BIGTENS[i];
            }
            j >>= 1;
            i += 1;
        }
    }
    if k_check && d < 1.0 && ilim > 0 {
        if ilim1 <= 0 {
            return None;
        }
        ilim = ilim1;
        k -= 1;
        d *= 10.0;
        ieps += 1;
    }
    let mut eps = (ieps as f64 * d + 7.0) / 2f64.powi(52);
    if ilim == 0 {
        d -= 5.0;
        if d > eps {
            return Some(Digits {
                digits: b"1".to_vec(),
                decpt: k + 2,
            });
        }
        if d < -eps {
            let n = match mode {
                Mode::Fraction(n) => n,
                Mode::Significant(n) => n,
            };
            return Some(Digits {
                digits: Vec::new(),
                decpt: -n,
            });
        }
        return None;
    }
    eps *= TENS[(ilim - 1) as usize];
    let mut digits = Vec::with_capacity(ilim as usize + 1);
    let mut n = 1;
    loop {
        let l = d as i64;
        d -= l as f64;
        if d == 0.0 {
            ilim = n;
        }
        digits.push(b'0' + l as u8);
        if n == ilim {
            if d > 0.5 + eps {
                return Some(bump_up(digits, k));
            } else if d < 0.5 - eps {
                trim_zeros(&mut digits);
                return Some(Digits {
                    digits,
                    decpt: k + 1,
                });
            }
            // Too close to one half to tell: round the last digit to even.
            if (digits[digits.len() - 1] - b'0') & 1 == 1 {
                return Some(bump_up(digits, k));
            }
            trim_zeros(&mut digits);
            return Some(Digits {
                digits,
                decpt: k + 1,
            });
        }
        n += 1;
        d *= 10.0;
    }
}

/// Integers below 10^15: exact digit by digit.
fn small_integer(x: f64, k: i32, ilim: i32) -> Digits {
    let ds = TENS[k as usize];
    let mut d = x;
    let mut digits = Vec::with_capacity(16);
    let mut n = 1;
    loop {
        let l = (d / ds) as i64;
        d -= l as f64 * ds;
        digits.push(b'0' + l as u8);
        if d == 0.0 {
            break;
        }
        if n == ilim {
            d += d;
            if d > ds || (d == ds && l & 1 == 1) {
                return bump_up(digits, k);
            }
            break;
        }
        n += 1;
        d *= 10.0;
    }
    Digits {
        digits,
        decpt: k + 1,
    }
}

/// Add one unit in the last digit, carrying; all nines become `1` one place up.
fn bump_up(mut digits: Vec<u8>, k: i32) -> Digits {
    while let Some(&last) = digits.last() {
        if last == b'9' {
            digits.pop();
        } else {
            *digits.last_mut().unwrap_or(&mut 0) += 1;
            return Digits {
                digits,
                decpt: k + 1,
            };
        }
    }
    Digits {
        digits: b"1".to_vec(),
        decpt: k + 2,
    }
}

fn trim_zeros(digits: &mut Vec<u8>) {
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
}

/// More significant digits than any double's exact decimal expansion has (767).
const EXACT_MAX_SIGNIFICANT: i32 = 800;
/// More fraction digits than any double's exact decimal expansion has (1074).
const EXACT_MAX_FRACTION: i32 = 1100;

/// Exact, ties-to-even digits from Rust's formatting.
///
/// The precision asked of `write!` is capped (Rust panics above 65535): past
/// the exact expansion every further digit is a zero, which is trimmed anyway.
fn exact(x: f64, mode: Mode) -> Digits {
    let mut s = String::with_capacity(32);
    match mode {
        Mode::Significant(n) => {
            let _ = write!(
                s,
                "{:.*e}",
                (n.clamp(1, EXACT_MAX_SIGNIFICANT) - 1) as usize,
                x
            );
            let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
            let exp: i32 = exp.parse().unwrap_or(0);
            let mut digits: Vec<u8> = mant.bytes().filter(u8::is_ascii_digit).collect();
            trim_zeros(&mut digits);
            Digits {
                digits,
                decpt: exp + 1,
            }
        }
        Mode::Fraction(n) => {
            let _ = write!(s, "{:.*}", n.clamp(0, EXACT_MAX_FRACTION) as usize, x);
            let int_len = s.find('.').unwrap_or(s.len()) as i32;
            let mut digits: Vec<u8> = s.bytes().filter(u8::is_ascii_digit).collect();
            let lead = digits.iter().take_while(|&&d| d == b'0').count();
            digits.drain(..lead);
            trim_zeros(&mut digits);
            if digits.is_empty() {
                return Digits { digits, decpt: -n };
            }
            Digits {
                digits,
                decpt: int_len - lead as i32,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f64, n: i32) -> (String, i32) {
        let d = digits(x, Mode::Fraction(n));
        (String::from_utf8(d.digits).unwrap(), d.decpt)
    }

    #[test]
    fn near_ties_round_to_even_as_ruby_does() {
        // format('%.2f', 2.675) is "2.68" in Ruby (C gives "2.67").
        assert_eq!(f(2.675, 2), ("268".to_string(), 1));
        // format('%.2f', 93784.005) is "93784.00".
        assert_eq!(f(93784.005, 2), ("93784".to_string(), 5));
        // exact ties: half to even
        assert_eq!(f(0.125, 2), ("12".to_string(), 0));
        assert_eq!(f(0.5, 0), (String::new(), 0));
        assert_eq!(f(1.5, 0), ("2".to_string(), 1));
    }

    #[test]
    fn long_precisions_are_exact() {
        let d = digits(0.1, Mode::Fraction(20));
        assert_eq!(
            std::str::from_utf8(&d.digits).unwrap(),
            "10000000000000000555"
        );
        assert_eq!(d.decpt, 0);
    }
}
