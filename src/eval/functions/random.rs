//! `fqdn_rand(max, seed...)`: a number in `0...max` that depends only on the
//! node (its `$fqdn`), `max` and the seed, as the reference draws it: the
//! MD5 of `fqdn:max:seed` seeds a Mersenne Twister as Ruby's
//! `Random.new(seed)` does (the seed's 32-bit words, lowest first, given to
//! `init_by_array`), and `rand(max)` takes masked 32-bit draws until one is
//! below `max` (two per number above 2**32).

use super::Args;
use crate::eval::flow::EResult;
use crate::eval::interp::{err, Interp};
use crate::values::Value;

/// Ruby's `String#to_i`: leading blanks, a sign, digits (and `_` between
/// them); 0 when there are none.
fn string_to_i(s: &str) -> i128 {
    let t = s.trim_start();
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut n: i128 = 0;
    let mut prev_digit = false;
    for c in digits.chars() {
        match c {
            '0'..='9' => {
                n = n
                    .saturating_mul(10)
                    .saturating_add(i128::from(c as u8 - b'0'));
                prev_digit = true;
            }
            '_' if prev_digit => prev_digit = false,
            _ => break,
        }
    }
    if neg {
        -n
    } else {
        n
    }
}

/// Ruby's `to_i` of an argument.
fn to_i(v: &Value) -> i128 {
    match v {
        Value::Integer(n) => i128::from(*n),
        Value::Float(f) if f.is_finite() => f.trunc() as i128,
        Value::String(s) => string_to_i(s),
        _ => 0,
    }
}

/// Ruby's `to_s` of a seed part (`Array#join` flattens arrays).
fn seed_text(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Array(a) => a.iter().for_each(|x| seed_text(x, out)),
        Value::Undef => out.push(String::new()),
        Value::String(s) => out.push(s.to_string()),
        Value::Float(f) => out.push(super::ruby_float(*f)),
        other => out.push(crate::eval::interpolate(other)),
    }
}

/// Ruby's `Random.new(seed).rand(max)` for a positive `max` below 2**64.
fn ruby_rand(seed: u128, max: u64) -> u64 {
    let mut words: Vec<u32> = (0..4).map(|i| (seed >> (32 * i)) as u32).collect();
    while words.len() > 1 && words.last() == Some(&0) {
        words.pop();
    }
    let mut mt = rand_mt::Mt::new_with_key(words);
    let limit = max - 1;
    if limit == 0 {
        return 0;
    }
    let mask = u64::MAX >> limit.leading_zeros();
    if limit > u64::from(u32::MAX) {
        'retry: loop {
            let mut val: u64 = 0;
            for i in (0..2).rev() {
                if (mask >> (i * 32)) & 0xffff_ffff != 0 {
                    val |= u64::from(mt.next_u32()) << (i * 32);
                    val &= mask;
                    if limit < val {
                        continue 'retry;
                    }
                }
            }
            return val;
        }
    }
    loop {
        let val = u64::from(mt.next_u32()) & mask;
        if val <= limit {
            return val;
        }
    }
}

pub(super) fn fqdn_rand(interp: &mut Interp, a: &mut Args) -> EResult<Value> {
    if a.values.is_empty() {
        return Err(err(
            "fqdn_rand(): Wrong number of arguments given (0 for minimum 1)",
            a.span,
        )
        .into());
    }
    let max = to_i(a.get(0));
    if max <= 0 || max > i128::from(i64::MAX) {
        return Err(err(format!("invalid argument - {max}"), a.span).into());
    }
    let fqdn = interp
        .scopes
        .get("::fqdn")
        .map(|v| {
            let mut t = Vec::new();
            seed_text(v, &mut t);
            t.join(":")
        })
        .unwrap_or_default();
    let mut parts = vec![fqdn, max.to_string()];
    match a.values.get(1) {
        Some(v) => seed_text(v, &mut parts),
        None => parts.push(String::new()),
    }
    use md5::Digest;
    let digest = md5::Md5::digest(parts.join(":").as_bytes());
    let seed = u128::from_be_bytes(digest.into());
    Ok(Value::Integer(ruby_rand(seed, max as u64) as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_what_ruby_random_draws_for_the_seed() {
        // `Random.new(Digest::MD5.hexdigest(s).hex).rand(max)` in Ruby
        let draw = |s: &str, max: u64| {
            use md5::Digest;
            let seed = u128::from_be_bytes(md5::Md5::digest(s.as_bytes()).into());
            ruby_rand(seed, max)
        };
        assert_eq!(draw("testnode.example.com:100:", 100), 88);
        assert_eq!(draw("testnode.example.com:100:x", 100), 64);
        assert_eq!(
            draw("testnode.example.com:1000000000000:", 1_000_000_000_000),
            514_545_538_486
        );
    }

    #[test]
    fn to_i_reads_as_ruby_reads() {
        assert_eq!(string_to_i(" 30abc"), 30);
        assert_eq!(string_to_i("1_000"), 1000);
        assert_eq!(string_to_i("abc"), 0);
        assert_eq!(string_to_i("-5"), -5);
    }
}
