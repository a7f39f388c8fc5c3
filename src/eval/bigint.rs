//! Integers of any width, for arithmetic on Strings holding integers that
//! do not fit 64 bits (`'0x8000000000000000' - 1` is a Puppet Integer; the
//! reference computes with Ruby's unbounded Integers and checks only the
//! result). Sign and magnitude, the magnitude in little-endian 32-bit limbs
//! without high zero limbs (zero is an empty magnitude, never negative).
//! Division is bit by bit: callers bound the widths they give.

use std::cmp::Ordering;

/// A signed integer of any width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BigInt {
    negative: bool,
    mag: Vec<u32>,
}

impl BigInt {
    fn new(negative: bool, mut mag: Vec<u32>) -> Self {
        while mag.last() == Some(&0) {
            mag.pop();
        }
        let negative = negative && !mag.is_empty();
        BigInt { negative, mag }
    }

    /// The integer `v`.
    pub(crate) fn from_i128(v: i128) -> Self {
        let mut m = v.unsigned_abs();
        let mut mag = Vec::with_capacity(4);
        while m > 0 {
            mag.push(m as u32);
            m >>= 32;
        }
        BigInt::new(v < 0, mag)
    }

    /// The integer written with `digits` in `radix` (2 to 16), negated when
    /// `negative`; `None` when a character is not a digit of the radix.
    pub(crate) fn from_digits(negative: bool, radix: u32, digits: &str) -> Option<Self> {
        let mut mag: Vec<u32> = Vec::new();
        for c in digits.chars() {
            let d = c.to_digit(radix)?;
            let mut carry = u64::from(d);
            for limb in &mut mag {
                let v = u64::from(*limb) * u64::from(radix) + carry;
                *limb = v as u32;
                carry = v >> 32;
            }
            if carry > 0 {
                mag.push(carry as u32);
            }
        }
        Some(BigInt::new(negative, mag))
    }

    /// True for a negative integer.
    pub(crate) fn is_negative(&self) -> bool {
        self.negative
    }

    /// True for zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.mag.is_empty()
    }

    /// The integer as an `i64`, when it fits.
    pub(crate) fn to_i64(&self) -> Option<i64> {
        if self.mag.len() > 2 {
            return None;
        }
        let m = self
            .mag
            .iter()
            .rev()
            .fold(0u64, |acc, l| (acc << 32) | u64::from(*l));
        if self.negative {
            if m <= 1u64 << 63 {
                Some((m as i64).wrapping_neg())
            } else {
                None
            }
        } else {
            i64::try_from(m).ok()
        }
    }

    /// The integer as an `i128`, when it fits.
    pub(crate) fn to_i128(&self) -> Option<i128> {
        if self.mag.len() > 4 {
            return None;
        }
        let m = self
            .mag
            .iter()
            .rev()
            .fold(0u128, |acc, l| (acc << 32) | u128::from(*l));
        if self.negative {
            if m <= 1u128 << 127 {
                Some((m as i128).wrapping_neg())
            } else {
                None
            }
        } else {
            i128::try_from(m).ok()
        }
    }

    /// The nearest Float (ties to even, as Ruby's conversion), infinite
    /// beyond the largest.
    pub(crate) fn to_f64(&self) -> f64 {
        let bits = self.bits();
        let f = if bits <= 64 {
            self.low_u64(0) as f64
        } else {
            let shift = bits - 64;
            // the top 64 bits, the lowest of them set when any bit below is
            let sticky = u64::from(self.any_below(shift));
            let top = self.low_u64(shift) | sticky;
            if shift > 1100 {
                f64::INFINITY
            } else {
                top as f64 * 2f64.powi(shift as i32)
            }
        };
        if self.negative {
            -f
        } else {
            f
        }
    }

    /// The magnitude in lowercase hexadecimal, without prefix (`0` for zero).
    pub(crate) fn hex(&self) -> String {
        let mut limbs = self.mag.iter().rev();
        let Some(top) = limbs.next() else {
            return "0".to_string();
        };
        let mut out = format!("{top:x}");
        for l in limbs {
            out.push_str(&format!("{l:08x}"));
        }
        out
    }

    /// The number of bits of the magnitude.
    pub(crate) fn bits(&self) -> u64 {
        match self.mag.last() {
            None => 0,
            Some(top) => (self.mag.len() as u64 - 1) * 32 + u64::from(32 - top.leading_zeros()),
        }
    }

    /// 64 bits of the magnitude from bit `from` up.
    fn low_u64(&self, from: u64) -> u64 {
        (0..64).fold(0u64, |acc, i| acc | (u64::from(self.bit(from + i)) << i))
    }

    fn bit(&self, i: u64) -> bool {
        let limb = (i / 32) as usize;
        limb < self.mag.len() && self.mag[limb] >> (i % 32) & 1 == 1
    }

    /// True when a bit of the magnitude below `n` is set.
    fn any_below(&self, n: u64) -> bool {
        let whole = ((n / 32) as usize).min(self.mag.len());
        self.mag[..whole].iter().any(|l| *l != 0)
            || (whole < self.mag.len() && n % 32 != 0 && self.mag[whole] << (32 - n % 32) != 0)
    }

    /// `-self`.
    pub(crate) fn neg(&self) -> Self {
        BigInt::new(!self.negative, self.mag.clone())
    }

    /// `self + o`.
    pub(crate) fn add(&self, o: &Self) -> Self {
        if self.negative == o.negative {
            return BigInt::new(self.negative, add_mag(&self.mag, &o.mag));
        }
        match cmp_mag(&self.mag, &o.mag) {
            Ordering::Less => BigInt::new(o.negative, sub_mag(&o.mag, &self.mag)),
            _ => BigInt::new(self.negative, sub_mag(&self.mag, &o.mag)),
        }
    }

    /// `self - o`.
    pub(crate) fn sub(&self, o: &Self) -> Self {
        self.add(&o.neg())
    }

    /// `self * o`.
    pub(crate) fn mul(&self, o: &Self) -> Self {
        let mut out = vec![0u32; self.mag.len() + o.mag.len()];
        for (i, a) in self.mag.iter().enumerate() {
            let mut carry = 0u64;
            for (j, b) in o.mag.iter().enumerate() {
                let v = u64::from(*a) * u64::from(*b) + u64::from(out[i + j]) + carry;
                out[i + j] = v as u32;
                carry = v >> 32;
            }
            out[i + o.mag.len()] = carry as u32;
        }
        BigInt::new(self.negative != o.negative, out)
    }

    /// Floored quotient and remainder (the remainder has the divisor's
    /// sign, as Ruby's); `None` for a zero divisor.
    pub(crate) fn div_mod_floor(&self, o: &Self) -> Option<(Self, Self)> {
        if o.is_zero() {
            return None;
        }
        let (q, r) = div_mag(&self.mag, &o.mag);
        let q = BigInt::new(self.negative != o.negative, q);
        let r = BigInt::new(self.negative, r);
        if !r.is_zero() && self.negative != o.negative {
            return Some((q.sub(&BigInt::from_i128(1)), r.add(o)));
        }
        Some((q, r))
    }

    /// `self << n`.
    pub(crate) fn shl(&self, n: u64) -> Self {
        if self.is_zero() {
            return self.clone();
        }
        let (limbs, bits) = ((n / 32) as usize, (n % 32) as u32);
        let mut out = vec![0u32; limbs];
        let mut carry = 0u32;
        for l in &self.mag {
            out.push(if bits == 0 { *l } else { (l << bits) | carry });
            carry = if bits == 0 { 0 } else { l >> (32 - bits) };
        }
        out.push(carry);
        BigInt::new(self.negative, out)
    }

    /// `self >> n`, rounded toward negative infinity (as Ruby's).
    pub(crate) fn shr(&self, n: u64) -> Self {
        let (limbs, bits) = ((n / 32) as usize, (n % 32) as u32);
        let mut out: Vec<u32> = self.mag.iter().skip(limbs).copied().collect();
        if bits > 0 {
            for i in 0..out.len() {
                let high = out.get(i + 1).map_or(0, |h| h << (32 - bits));
                out[i] = (out[i] >> bits) | high;
            }
        }
        let shifted = BigInt::new(self.negative, out);
        if self.negative && self.any_below(n) {
            shifted.sub(&BigInt::from_i128(1))
        } else {
            shifted
        }
    }
}

fn cmp_mag(a: &[u32], b: &[u32]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

fn add_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = Vec::with_capacity(long.len() + 1);
    let mut carry = 0u64;
    for (i, l) in long.iter().enumerate() {
        let v = u64::from(*l) + u64::from(*short.get(i).unwrap_or(&0)) + carry;
        out.push(v as u32);
        carry = v >> 32;
    }
    out.push(carry as u32);
    out
}

/// `a - b` for `a >= b`.
fn sub_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0i64;
    for (i, l) in a.iter().enumerate() {
        let mut v = i64::from(*l) - i64::from(*b.get(i).unwrap_or(&0)) - borrow;
        borrow = i64::from(v < 0);
        if v < 0 {
            v += 1 << 32;
        }
        out.push(v as u32);
    }
    out
}

/// Truncated quotient and remainder of magnitudes (`b` not zero), one bit
/// of the quotient at a time.
fn div_mag(a: &[u32], b: &[u32]) -> (Vec<u32>, Vec<u32>) {
    if cmp_mag(a, b) == Ordering::Less {
        return (Vec::new(), a.to_vec());
    }
    if let [d] = b {
        let d = u64::from(*d);
        let mut q = vec![0u32; a.len()];
        let mut r = 0u64;
        for i in (0..a.len()).rev() {
            let v = (r << 32) | u64::from(a[i]);
            q[i] = (v / d) as u32;
            r = v % d;
        }
        return (q, vec![r as u32]);
    }
    let bits = a.len() * 32;
    let mut q = vec![0u32; a.len()];
    let mut r: Vec<u32> = Vec::with_capacity(b.len() + 1);
    for i in (0..bits).rev() {
        // r = r * 2 + bit i of a
        let mut carry = (a[i / 32] >> (i % 32)) & 1;
        for l in r.iter_mut() {
            let next = *l >> 31;
            *l = (*l << 1) | carry;
            carry = next;
        }
        if carry > 0 {
            r.push(carry);
        }
        if cmp_mag(&r, b) != Ordering::Less {
            r = sub_mag(&r, b);
            while r.last() == Some(&0) {
                r.pop();
            }
            q[i / 32] |= 1 << (i % 32);
        }
    }
    (q, r)
}

#[cfg(test)]
mod tests {
    use super::BigInt;

    fn big(v: i128) -> BigInt {
        BigInt::from_i128(v)
    }

    #[test]
    fn arithmetic_agrees_with_i128() {
        let values = [
            0i128,
            1,
            -1,
            7,
            -7,
            1 << 40,
            -(1 << 40) - 3,
            i64::MAX as i128 + 1,
            i64::MIN as i128 - 5,
            (1 << 100) + 12345,
            -(1 << 90),
        ];
        for a in values {
            for b in values {
                assert_eq!(big(a).add(&big(b)), big(a + b));
                assert_eq!(big(a).sub(&big(b)), big(a - b));
                if let Some(p) = a.checked_mul(b) {
                    assert_eq!(big(a).mul(&big(b)), big(p), "{a} * {b}");
                }
                if b != 0 {
                    let (q, r) = big(a).div_mod_floor(&big(b)).unwrap();
                    let mut fq = a / b;
                    if a % b != 0 && (a < 0) != (b < 0) {
                        fq -= 1;
                    }
                    assert_eq!((q, r), (big(fq), big(a - fq * b)), "{a} / {b}");
                }
            }
            for n in [0u64, 1, 5, 31, 32, 33, 64] {
                assert_eq!(big(a).shr(n), big(a >> n), "{a} >> {n}");
                if a.unsigned_abs() < 1 << 60 {
                    assert_eq!(big(a).shl(n), big(a << n), "{a} << {n}");
                }
                assert_eq!(big(a).shl(n).shr(n), big(a), "{a} << {n} >> {n}");
            }
            assert_eq!(big(a).to_f64(), a as f64);
        }
    }

    #[test]
    fn digits_and_hex() {
        let v = BigInt::from_digits(false, 16, &"f".repeat(40)).unwrap();
        assert_eq!(v.hex(), "f".repeat(40));
        assert_eq!(v.bits(), 160);
        let d = BigInt::from_digits(true, 10, "99999999999999999999").unwrap();
        assert_eq!(d, big(-99999999999999999999));
        assert_eq!(BigInt::from_digits(false, 8, "777").unwrap(), big(511));
        assert_eq!(big(i64::MIN as i128).to_i64(), Some(i64::MIN));
        assert_eq!(big(i128::MIN).to_i128(), Some(i128::MIN));
        assert_eq!(big(i128::MAX).add(&big(1)).to_i128(), None);
        assert_eq!(big(i64::MAX as i128 + 1).to_i64(), None);
        // ties to even: 2**64 + 2**11 rounds down, 2**64 + 2**11 + 1 up
        assert_eq!(big((1 << 64) + (1 << 11)).to_f64(), 18446744073709551616.0);
        assert_eq!(
            big((1 << 64) + (1 << 11) + 1).to_f64(),
            18446744073709555712.0
        );
        assert_eq!(big(1).shl(1100).to_f64(), f64::INFINITY);
    }
}
