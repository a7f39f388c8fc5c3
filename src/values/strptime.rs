//! Parsing time strings with strptime directives, as Ruby's `Date._strptime`
//! (which Puppet's `Timestamp` parsing uses).
//!
//! The result is the set of fields found ([`Parsed`]); whitespace in the
//! format matches any run of whitespace, numeric fields read a bounded number
//! of digits when another numeric directive follows, and zone names are
//! looked up in a table of abbreviations observed from the reference.

use super::strftime::{day_names, month_names};

/// Fields found by [`strptime`]. `None` means not present in the input.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parsed {
    /// Year (with century applied).
    pub year: Option<i64>,
    /// Month 1..=12.
    pub mon: Option<i64>,
    /// Day of month 1..=31.
    pub mday: Option<i64>,
    /// Hour 0..=24 (meridian applied).
    pub hour: Option<i64>,
    /// Minute.
    pub min: Option<i64>,
    /// Second 0..=60.
    pub sec: Option<i64>,
    /// Fraction of a second as (digits value, number of digits).
    pub sec_fraction: Option<(i128, u32)>,
    /// Seconds since the epoch (`%s`, `%Q` in milliseconds as (value, 1000)).
    pub seconds: Option<(i128, i128)>,
    /// The zone text as written.
    pub zone: Option<String>,
    /// Its offset from UTC in seconds (as a fraction numerator/denominator), when known.
    pub offset: Option<(i64, i64)>,
    /// Week day 0..=6.
    pub wday: Option<i64>,
    /// Day of year.
    pub yday: Option<i64>,
    /// Text left over after the format was consumed.
    pub leftover: Option<String>,
    cent: Option<i64>,
    merid: Option<i64>,
    cwyear: Option<i64>,
}

struct Cx<'a> {
    s: &'a [u8],
    si: usize,
    p: Parsed,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// True when the format at `f` starts a numeric field (a digit or a numeric directive).
fn num_pattern(f: &[u8]) -> bool {
    match f.first() {
        Some(b) if b.is_ascii_digit() => true,
        Some(b'%') => {
            let mut i = 1;
            if matches!(f.get(i), Some(b'E' | b'O')) {
                i += 1;
            }
            f.get(i).is_some_and(|c| {
                c.is_ascii_digit() || b"CDdeFGgHIjkLlMmNQRrSsTUuVvWwXxYy".contains(c)
            })
        }
        _ => false,
    }
}

impl Cx<'_> {
    fn digits(&mut self, max: usize) -> Option<(i128, usize)> {
        let start = self.si;
        let mut n: i128 = 0;
        while self.si < self.s.len() && self.si - start < max && self.s[self.si].is_ascii_digit() {
            n = n
                .checked_mul(10)?
                .checked_add((self.s[self.si] - b'0') as i128)?;
            self.si += 1;
        }
        (self.si > start).then_some((n, self.si - start))
    }

    fn sign(&mut self) -> i128 {
        match self.s.get(self.si) {
            Some(b'-') => {
                self.si += 1;
                -1
            }
            Some(b'+') => {
                self.si += 1;
                1
            }
            _ => 1,
        }
    }

    fn ranged(&mut self, w: usize, lo: i128, hi: i128, space: bool) -> Option<i64> {
        let n = if space && self.s.get(self.si) == Some(&b' ') {
            self.si += 1;
            self.digits(1)?.0
        } else {
            self.digits(w)?.0
        };
        (lo..=hi).contains(&n).then_some(n as i64)
    }

    fn name(&mut self, names: &[&str]) -> Option<usize> {
        let rest = &self.s[self.si..];
        for (i, n) in names.iter().enumerate() {
            for cand in [n.as_bytes(), &n.as_bytes()[..3]] {
                if rest.len() >= cand.len() && rest[..cand.len()].eq_ignore_ascii_case(cand) {
                    self.si += cand.len();
                    return Some(i);
                }
            }
        }
        None
    }

    fn run(&mut self, fmt: &[u8]) -> Option<()> {
        let mut fi = 0;
        while fi < fmt.len() {
            let c = fmt[fi];
            if is_space(c) {
                while self.si < self.s.len() && is_space(self.s[self.si]) {
                    self.si += 1;
                }
                fi += 1;
                continue;
            }
            if c != b'%' || fi + 1 >= fmt.len() {
                if self.s.get(self.si) != Some(&c) {
                    return None;
                }
                self.si += 1;
                fi += 1;
                continue;
            }
            fi += 1;
            let mut d = fmt[fi];
            if (d == b'E' && fmt.get(fi + 1).is_some_and(|n| b"cCxXyY".contains(n)))
                || (d == b'O'
                    && fmt
                        .get(fi + 1)
                        .is_some_and(|n| b"deHImMSuUVwWy".contains(n)))
            {
                fi += 1;
                d = fmt[fi];
            } else if d == b':' {
                let mut n = 0;
                while fmt.get(fi + n) == Some(&b':') {
                    n += 1;
                }
                if n > 3 || fmt.get(fi + n) != Some(&b'z') {
                    return None;
                }
                fi += n;
                d = b'z';
            }
            fi += 1;
            let next = &fmt[fi..];
            let numeric_next = num_pattern(next);
            match d {
                b'A' | b'a' => self.p.wday = Some(self.name(day_names())? as i64),
                b'B' | b'b' | b'h' => self.p.mon = Some(self.name(month_names())? as i64 + 1),
                b'C' => {
                    let sg = 1;
                    let (n, _) = if numeric_next {
                        self.digits(2)?
                    } else {
                        self.digits(usize::MAX)?
                    };
                    self.p.cent = Some((sg * n) as i64);
                }
                b'c' => self.run(b"%a %b %e %H:%M:%S %Y")?,
                b'D' | b'x' => self.run(b"%m/%d/%y")?,
                b'd' | b'e' => self.p.mday = Some(self.ranged(2, 1, 31, true)?),
                b'F' => self.run(b"%Y-%m-%d")?,
                b'G' => {
                    let sg = 1;
                    let (n, _) = if numeric_next {
                        self.digits(4)?
                    } else {
                        self.digits(usize::MAX)?
                    };
                    self.p.cwyear = Some(i64::try_from(sg * n).ok()?);
                }
                b'g' => {
                    let n = self.ranged(2, 0, 99, false)?;
                    self.p.cwyear = Some(n);
                    if self.p.cent.is_none() {
                        self.p.cent = Some(if n >= 69 { 19 } else { 20 });
                    }
                }
                b'H' | b'k' => self.p.hour = Some(self.ranged(2, 0, 24, true)?),
                b'I' | b'l' => self.p.hour = Some(self.ranged(2, 1, 12, true)?),
                b'j' => self.p.yday = Some(self.ranged(3, 1, 366, false)?),
                b'L' | b'N' => {
                    let sg = self.sign();
                    let (n, len) = if numeric_next {
                        self.digits(if d == b'L' { 3 } else { 9 })?
                    } else {
                        self.digits(usize::MAX)?
                    };
                    self.p.sec_fraction = Some((sg * n, len as u32));
                }
                b'M' => self.p.min = Some(self.ranged(2, 0, 59, false)?),
                b'm' => self.p.mon = Some(self.ranged(2, 1, 12, false)?),
                b'n' | b't' => self.run(b" ")?,
                b'P' | b'p' => {
                    let rest = &self.s[self.si..];
                    let first = rest.first().map(u8::to_ascii_lowercase);
                    let merid = match first {
                        Some(b'a') => 0,
                        Some(b'p') => 12,
                        _ => return None,
                    };
                    let mut k = 1;
                    if rest.get(k) == Some(&b'.') {
                        k += 1;
                    }
                    if !rest.get(k).is_some_and(|b| b.eq_ignore_ascii_case(&b'm')) {
                        return None;
                    }
                    k += 1;
                    if rest[1] == b'.' {
                        if rest.get(k) != Some(&b'.') {
                            return None;
                        }
                        k += 1;
                    }
                    self.si += k;
                    self.p.merid = Some(merid);
                }
                b'Q' | b's' => {
                    let sg = self.sign();
                    let (n, _) = self.digits(usize::MAX)?;
                    self.p.seconds = Some((sg * n, if d == b'Q' { 1000 } else { 1 }));
                }
                b'R' => self.run(b"%H:%M")?,
                b'r' => self.run(b"%I:%M:%S %p")?,
                b'S' => self.p.sec = Some(self.ranged(2, 0, 60, false)?),
                b'T' | b'X' => self.run(b"%H:%M:%S")?,
                b'U' | b'W' => {
                    self.ranged(2, 0, 53, false)?;
                }
                b'u' => {
                    self.ranged(1, 1, 7, false)?;
                }
                b'V' => {
                    self.ranged(2, 1, 53, false)?;
                }
                b'v' => self.run(b"%e-%b-%Y")?,
                b'w' => self.p.wday = Some(self.ranged(1, 0, 6, false)?),
                b'Y' => {
                    let sg = self.sign();
                    let (n, _) = if numeric_next {
                        self.digits(4)?
                    } else {
                        self.digits(usize::MAX)?
                    };
                    self.p.year = Some(i64::try_from(sg * n).ok()?);
                }
                b'y' => {
                    let n = self.ranged(2, 0, 99, false)?;
                    self.p.year = Some(n);
                    if self.p.cent.is_none() {
                        self.p.cent = Some(if n >= 69 { 19 } else { 20 });
                    }
                }
                b'Z' | b'z' => {
                    let len = zone_match(&self.s[self.si..])?;
                    let z = String::from_utf8_lossy(&self.s[self.si..self.si + len]).into_owned();
                    self.si += len;
                    self.p.offset = zone_to_offset(&z);
                    self.p.zone = Some(z);
                }
                b'%' => {
                    if self.s.get(self.si) != Some(&b'%') {
                        return None;
                    }
                    self.si += 1;
                }
                b'+' => self.run(b"%a %b %e %H:%M:%S %Z %Y")?,
                other => {
                    // An unknown directive matches itself literally.
                    if self.s.get(self.si) != Some(&b'%') || self.s.get(self.si + 1) != Some(&other)
                    {
                        return None;
                    }
                    self.si += 2;
                }
            }
        }
        Some(())
    }
}

/// Parse `s` with `fmt`; `None` when the input does not match the format.
pub fn strptime(s: &str, fmt: &str) -> Option<Parsed> {
    let mut cx = Cx {
        s: s.as_bytes(),
        si: 0,
        p: Parsed::default(),
    };
    cx.run(fmt.as_bytes())?;
    if cx.si < cx.s.len() {
        cx.p.leftover = Some(String::from_utf8_lossy(&cx.s[cx.si..]).into_owned());
    }
    let mut p = cx.p;
    if let Some(c) = p.cent.take() {
        if let Some(y) = p.cwyear.as_mut() {
            *y += c * 100;
        }
        if let Some(y) = p.year.as_mut() {
            *y += c * 100;
        }
    }
    if let Some(m) = p.merid.take() {
        if let Some(h) = p.hour.as_mut() {
            *h = *h % 12 + m;
        }
    }
    Some(p)
}

fn is_alpha(b: u8) -> bool {
    b.is_ascii_alphabetic()
}

/// Length of the zone designator at the start of `s`, if any.
fn zone_match(s: &[u8]) -> Option<usize> {
    // offset form: (gmt|utc?)?[-+]digits([,.:]digits(:digits)?)?
    let lower: Vec<u8> = s.iter().map(u8::to_ascii_lowercase).collect();
    let mut i = 0;
    for pre in [&b"gmt"[..], b"utc", b"ut"] {
        if lower.starts_with(pre) && matches!(s.get(pre.len()), Some(b'+' | b'-')) {
            i = pre.len();
            break;
        }
    }
    if matches!(s.get(i), Some(b'+' | b'-')) && s.get(i + 1).is_some_and(u8::is_ascii_digit) {
        let mut j = i + 1;
        while s.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if matches!(s.get(j), Some(b',' | b'.' | b':'))
            && s.get(j + 1).is_some_and(u8::is_ascii_digit)
        {
            j += 1;
            while s.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            if s.get(j) == Some(&b':') && s.get(j + 1).is_some_and(u8::is_ascii_digit) {
                j += 1;
                while s.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
            }
        }
        return Some(j);
    }
    // "<words> standard|daylight time"
    let mut j = 0;
    while j < s.len() && (is_alpha(s[j]) || s[j] == b'.' || is_space(s[j])) {
        j += 1;
    }
    let words = &lower[..j];
    for suffix in [&b"standard"[..], b"daylight"] {
        // find the last occurrence of suffix followed by whitespace and "time"
        let mut k = words.len();
        while k > 0 {
            k -= 1;
            if words[k..].starts_with(suffix) && k > 0 {
                let mut m = k + suffix.len();
                let ws = m;
                while m < lower.len() && is_space(lower[m]) {
                    m += 1;
                }
                if m > ws
                    && lower[m..].starts_with(b"time")
                    && !lower
                        .get(m + 4)
                        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
                {
                    return Some(m + 4);
                }
            }
        }
    }
    // "<alpha>+( dst)?\b"
    let mut j = 0;
    while j < s.len() && is_alpha(s[j]) {
        j += 1;
    }
    if j == 0 {
        return None;
    }
    if s.get(j).is_some_and(|b| b.is_ascii_digit() || *b == b'_') {
        // no word boundary; back off is impossible for a maximal alpha run with a digit after
        return None;
    }
    if s.get(j).is_some_and(|b| is_space(*b))
        && lower[j + 1..].starts_with(b"dst")
        && !lower
            .get(j + 4)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        return Some(j + 4);
    }
    Some(j)
}

/// Zone abbreviations and names with their offsets, as the reference knows them.
const ZONES: &[(&str, i64)] = &include!("zones.in");

/// The offset (seconds east of UTC, as numerator/denominator) of a zone designator.
pub fn zone_to_offset(zone: &str) -> Option<(i64, i64)> {
    let mut z = zone
        .to_ascii_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut extra = 0;
    if let Some(b) = z.strip_suffix(" standard time") {
        z = b.to_string();
    } else if let Some(b) = z.strip_suffix(" daylight time") {
        z = b.to_string();
        extra = 3600;
    } else if let Some(b) = z.strip_suffix(" dst") {
        z = b.to_string();
        extra = 3600;
    }
    if let Some((_, o)) = ZONES.iter().find(|(n, _)| *n == z) {
        return Some((o + extra, 1));
    }
    let body = z
        .strip_prefix("gmt")
        .or_else(|| z.strip_prefix("utc"))
        .or_else(|| z.strip_prefix("ut"))
        .unwrap_or(&z);
    let (neg, digits) = match body.as_bytes().first() {
        Some(b'+') => (false, &body[1..]),
        Some(b'-') => (true, &body[1..]),
        _ => return None,
    };
    let sgn = if neg { -1 } else { 1 };
    if let Some((h, rest)) = digits.split_once(':') {
        let (m, s) = rest.split_once(':').unwrap_or((rest, "0"));
        let v = h
            .parse::<i64>()
            .ok()?
            .checked_mul(3600)?
            .checked_add(m.parse::<i64>().ok()?.checked_mul(60)?)?
            .checked_add(s.parse::<i64>().ok()?)?;
        return Some((sgn * v, 1));
    }
    if let Some((h, frac)) = digits.split_once(['.', ',']) {
        let h = h.parse::<i64>().ok()?;
        let f = frac.parse::<i64>().ok()?;
        let den = 10i64.checked_pow(frac.len() as u32)?;
        // hours + fraction of an hour, in seconds: (h*den + f) * 3600 / den
        let num = h.checked_mul(den)?.checked_add(f)?.checked_mul(3600)?;
        let g = gcd(num, den);
        return Some((sgn * num / g, den / g));
    }
    let d = digits.as_bytes();
    if d.is_empty() || !d.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let p = |a: usize, b: usize| {
        digits
            .get(a..b.min(d.len()))
            .and_then(|x| x.parse::<i64>().ok())
            .unwrap_or(0)
    };
    let v = match d.len() {
        1 | 2 => p(0, 2) * 3600,
        3 => p(0, 1) * 3600 + p(1, 3) * 60,
        4 => p(0, 2) * 3600 + p(2, 4) * 60,
        5 => p(0, 1) * 3600 + p(1, 3) * 60 + p(3, 5),
        _ => p(0, 2) * 3600 + p(2, 4) * 60 + p(4, 6),
    };
    Some((sgn * v, 1))
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed001_strptime_c_and_zone() {
        let p = strptime("Wed Aug 24 12:13:14 2016 PDT", "%c %Z").unwrap();
        assert_eq!(
            (p.year, p.mon, p.mday, p.hour),
            (Some(2016), Some(8), Some(24), Some(12))
        );
        assert_eq!(p.offset, Some((-25200, 1)));
        assert!(p.leftover.is_none());
        let p = strptime("2016-08-24 Europe/Stockholm", "%F %Z").unwrap();
        assert_eq!(p.leftover.as_deref(), Some("/Stockholm"));
    }

    #[test]
    fn strptime_offsets() {
        assert_eq!(zone_to_offset("GMT+9"), Some((32400, 1)));
        assert_eq!(zone_to_offset("+093015"), Some((34215, 1)));
        assert_eq!(zone_to_offset("-9.5"), Some((-34200, 1)));
        assert_eq!(zone_to_offset("eastern standard time"), Some((-18000, 1)));
        assert_eq!(zone_to_offset("est dst"), Some((-14400, 1)));
        assert_eq!(zone_to_offset("foo"), None);
    }
}
