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

/// The fields read so far (as [`Parsed`], with the zone as its place in
/// the input): plain data, cheap to copy when a run resumes.
#[derive(Clone, Copy, Default)]
struct State {
    year: Option<i64>,
    mon: Option<i16>,
    mday: Option<i16>,
    hour: Option<i16>,
    min: Option<i16>,
    sec: Option<i16>,
    sec_fraction: Option<(i128, u32)>,
    seconds: Option<(i128, i128)>,
    zone: Option<(usize, usize)>,
    wday: Option<i16>,
    yday: Option<i16>,
    cent: Option<i64>,
    merid: Option<i16>,
    cwyear: Option<i64>,
}

struct Cx<'a> {
    s: &'a [u8],
    si: usize,
    p: State,
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
            matches!(
                f.get(i),
                Some(
                    b'0'..=b'9'
                        | b'C'
                        | b'D'
                        | b'd'
                        | b'e'
                        | b'F'
                        | b'G'
                        | b'g'
                        | b'H'
                        | b'I'
                        | b'j'
                        | b'k'
                        | b'L'
                        | b'l'
                        | b'M'
                        | b'm'
                        | b'N'
                        | b'Q'
                        | b'R'
                        | b'r'
                        | b'S'
                        | b's'
                        | b'T'
                        | b'U'
                        | b'u'
                        | b'V'
                        | b'v'
                        | b'W'
                        | b'w'
                        | b'X'
                        | b'x'
                        | b'Y'
                        | b'y'
                )
            )
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

    /// `%Y`: a signed year, of at most 4 digits when a numeric field follows.
    fn year(&mut self, numeric_next: bool) -> Option<()> {
        let sg = self.sign();
        let (n, _) = if numeric_next {
            self.digits(4)?
        } else {
            self.digits(usize::MAX)?
        };
        self.p.year = Some(i64::try_from(sg * n).ok()?);
        Some(())
    }

    /// The literal byte `c`.
    fn lit(&mut self, c: u8) -> Option<()> {
        if self.s.get(self.si) != Some(&c) {
            return None;
        }
        self.si += 1;
        Some(())
    }

    /// `%F`, that is `%Y-%m-%d` (no numeric field follows `%Y` there).
    fn ymd(&mut self) -> Option<()> {
        self.year(false)?;
        self.lit(b'-')?;
        self.p.mon = Some(self.ranged(2, 1, 12, false)? as i16);
        self.lit(b'-')?;
        self.p.mday = Some(self.ranged(2, 1, 31, true)? as i16);
        Some(())
    }

    /// `%T`, that is `%H:%M:%S`.
    fn hms(&mut self) -> Option<()> {
        self.p.hour = Some(self.ranged(2, 0, 24, true)? as i16);
        self.lit(b':')?;
        self.p.min = Some(self.ranged(2, 0, 59, false)? as i16);
        self.lit(b':')?;
        self.p.sec = Some(self.ranged(2, 0, 60, false)? as i16);
        Some(())
    }

    fn run(&mut self, fmt: &[u8]) -> Option<()> {
        let mut fi = 0;
        while fi < fmt.len() {
            fi = self.step(fmt, fi)?;
        }
        Some(())
    }

    /// Read the element of `fmt` at `fi` (a blank, a literal or a
    /// directive); the index of the next one.
    fn step(&mut self, fmt: &[u8], mut fi: usize) -> Option<usize> {
        let c = fmt[fi];
        if is_space(c) {
            while self.si < self.s.len() && is_space(self.s[self.si]) {
                self.si += 1;
            }
            fi += 1;
            return Some(fi);
        }
        if c != b'%' || fi + 1 >= fmt.len() {
            if self.s.get(self.si) != Some(&c) {
                return None;
            }
            self.si += 1;
            fi += 1;
            return Some(fi);
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
        // whether a numeric field follows (only some directives ask)
        let numeric_next = || num_pattern(&fmt[fi..]);
        // a field's width: `w` digits when a numeric field follows, else any number
        let width = |w: usize| if numeric_next() { w } else { usize::MAX };
        match d {
            b'A' | b'a' => self.p.wday = Some(self.name(day_names())? as i16),
            b'B' | b'b' | b'h' => self.p.mon = Some(self.name(month_names())? as i16 + 1),
            b'C' => {
                let (n, _) = self.digits(width(2))?;
                self.p.cent = Some(n as i64);
            }
            b'c' => self.run(b"%a %b %e %H:%M:%S %Y")?,
            b'D' | b'x' => self.run(b"%m/%d/%y")?,
            b'd' | b'e' => self.p.mday = Some(self.ranged(2, 1, 31, true)? as i16),
            // `%Y-%m-%d` and `%H:%M:%S` read directly (as `run` would read them)
            b'F' => self.ymd()?,
            b'G' => {
                let (n, _) = self.digits(width(4))?;
                self.p.cwyear = Some(i64::try_from(n).ok()?);
            }
            b'g' => {
                let n = self.ranged(2, 0, 99, false)?;
                self.p.cwyear = Some(n);
                if self.p.cent.is_none() {
                    self.p.cent = Some(if n >= 69 { 19 } else { 20 });
                }
            }
            b'H' | b'k' => self.p.hour = Some(self.ranged(2, 0, 24, true)? as i16),
            b'I' | b'l' => self.p.hour = Some(self.ranged(2, 1, 12, true)? as i16),
            b'j' => self.p.yday = Some(self.ranged(3, 1, 366, false)? as i16),
            b'L' | b'N' => {
                let sg = self.sign();
                let (n, len) = self.digits(width(if d == b'L' { 3 } else { 9 }))?;
                self.p.sec_fraction = Some((sg * n, len as u32));
            }
            b'M' => self.p.min = Some(self.ranged(2, 0, 59, false)? as i16),
            b'm' => self.p.mon = Some(self.ranged(2, 1, 12, false)? as i16),
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
                self.p.merid = Some(merid as i16);
            }
            b'Q' | b's' => {
                let sg = self.sign();
                let (n, _) = self.digits(usize::MAX)?;
                self.p.seconds = Some((sg * n, if d == b'Q' { 1000 } else { 1 }));
            }
            b'R' => self.run(b"%H:%M")?,
            b'r' => self.run(b"%I:%M:%S %p")?,
            b'S' => self.p.sec = Some(self.ranged(2, 0, 60, false)? as i16),
            b'T' | b'X' => self.hms()?,
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
            b'w' => self.p.wday = Some(self.ranged(1, 0, 6, false)? as i16),
            b'Y' => self.year(numeric_next())?,
            b'y' => {
                let n = self.ranged(2, 0, 99, false)?;
                self.p.year = Some(n);
                if self.p.cent.is_none() {
                    self.p.cent = Some(if n >= 69 { 19 } else { 20 });
                }
            }
            b'Z' | b'z' => {
                let len = zone_match(&self.s[self.si..])?;
                // the text and its offset are made once the run succeeds
                self.p.zone = Some((self.si, self.si + len));
                self.si += len;
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
                if self.s.get(self.si) != Some(&b'%') || self.s.get(self.si + 1) != Some(&other) {
                    return None;
                }
                self.si += 2;
            }
        }
        Some(fi)
    }
}

/// Parse `s` with `fmt`; `None` when the input does not match the format.
pub fn strptime(s: &str, fmt: &str) -> Option<Parsed> {
    let (mut p, rest) = scan(s, fmt)?;
    if !rest.is_empty() {
        p.leftover = Some(String::from_utf8_lossy(rest).into_owned());
    }
    Some(p)
}

/// [`strptime`] when it consumes all of `s` (no leftover); `None` otherwise.
pub fn strptime_whole(s: &str, fmt: &str) -> Option<Parsed> {
    let (p, rest) = scan(s, fmt)?;
    rest.is_empty().then_some(p)
}

/// The fields of `s` read with `fmt`, and the text left over.
fn scan<'a>(s: &'a str, fmt: &str) -> Option<(Parsed, &'a [u8])> {
    let mut cx = Cx {
        s: s.as_bytes(),
        si: 0,
        p: State::default(),
    };
    cx.run(fmt.as_bytes())?;
    Some((finish(cx.p, cx.s), &cx.s[cx.si..]))
}

/// The fields read from `s` with the century and the meridian applied.
fn finish(mut p: State, s: &[u8]) -> Parsed {
    let wide = |v: Option<i16>| v.map(i64::from);
    let mut hour = wide(p.hour);
    if let Some(c) = p.cent.take() {
        // wrapping as the release build always did (a huge century is not an error)
        if let Some(y) = p.cwyear.as_mut() {
            *y = y.wrapping_add(c.wrapping_mul(100));
        }
        if let Some(y) = p.year.as_mut() {
            *y = y.wrapping_add(c.wrapping_mul(100));
        }
    }
    if let Some(m) = p.merid {
        if let Some(h) = hour.as_mut() {
            *h = *h % 12 + i64::from(m);
        }
    }
    let zone = p
        .zone
        .map(|(a, b)| String::from_utf8_lossy(&s[a..b]).into_owned());
    Parsed {
        year: p.year,
        mon: wide(p.mon),
        mday: wide(p.mday),
        hour,
        min: wide(p.min),
        sec: wide(p.sec),
        sec_fraction: p.sec_fraction,
        seconds: p.seconds,
        offset: zone.as_deref().and_then(zone_to_offset),
        zone,
        wday: wide(p.wday),
        yday: wide(p.yday),
        leftover: None,
        cent: None,
        merid: None,
        cwyear: p.cwyear,
    }
}

/// True when `zone` is one whole zone designator (its offset then is
/// [`zone_to_offset`]'s, as `strptime(zone, "%z")` finds it).
pub fn is_whole_zone(zone: &str) -> bool {
    zone_match(zone.as_bytes()) == Some(zone.len())
}

/// The first of `formats` that reads all of `s` and whose fields `accept`
/// takes: `formats.iter().filter_map(|f| strptime_whole(s, f)).find(accept)`,
/// but a format sharing its beginning with the one before resumes from the
/// state that one reached there instead of reading that part of `s` again.
pub fn strptime_first(
    s: &str,
    formats: &[&str],
    accept: impl Fn(&Parsed) -> bool,
) -> Option<Parsed> {
    // (index in the format after an element, index in `s`, fields) of the
    // previous format's run, in order
    let mut snaps: Vec<(usize, usize, State)> = Vec::with_capacity(8);
    let mut prev: &[u8] = b"";
    // the common beginning of this format and the one before
    let mut shared = 0;
    let mut cx = Cx {
        s: s.as_bytes(),
        si: 0,
        p: State::default(),
    };
    for (k, f) in formats.iter().enumerate() {
        let fmt = f.as_bytes();
        let next = formats.get(k + 1).map_or(&b""[..], |n| n.as_bytes());
        let keep = common_prefix(fmt, next);
        let at = snaps
            .iter()
            .rposition(|(b, _, _)| *b <= shared && resumable(prev, fmt, *b));
        snaps.truncate(at.map_or(0, |i| i + 1));
        let mut fi = 0;
        match snaps.last() {
            Some((b, si, p)) => (fi, cx.si, cx.p) = (*b, *si, *p),
            None => (cx.si, cx.p) = (0, State::default()),
        }
        shared = keep;
        prev = fmt;
        let mut ok = true;
        while fi < fmt.len() {
            match cx.step(fmt, fi) {
                Some(n) => fi = n,
                None => {
                    ok = false;
                    break;
                }
            }
            if fi <= keep && fi < fmt.len() {
                snaps.push((fi, cx.si, cx.p));
            }
        }
        if ok && cx.si == cx.s.len() {
            let p = finish(cx.p, s.as_bytes());
            if accept(&p) {
                return Some(p);
            }
        }
    }
    None
}

/// The length of the common beginning of `a` and `b`.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Whether the state after reading `a[..at]` (an element boundary of `a`,
/// with `a[..at] == b[..at]`) is the state after reading `b[..at]`: `at` is an
/// element boundary of `b` too and the element before it looks no further
/// (not a `%E`/`%O` that a following letter would have joined), and whether
/// a numeric field follows is the same in both (numeric fields read fewer
/// digits then).
fn resumable(a: &[u8], b: &[u8], at: usize) -> bool {
    if at == 0 || at >= a.len() || at >= b.len() {
        return false;
    }
    let joins = at >= 2 && a[at - 2] == b'%' && matches!(a[at - 1], b'E' | b'O');
    !joins && num_pattern(&a[at..]) == num_pattern(&b[at..])
}

fn is_alpha(b: u8) -> bool {
    b.is_ascii_alphabetic()
}

/// Whether `s[at..]` starts with `pat` (lower case), ignoring ASCII case.
fn starts_ci(s: &[u8], at: usize, pat: &[u8]) -> bool {
    s.get(at..at + pat.len())
        .is_some_and(|x| x.eq_ignore_ascii_case(pat))
}

/// Length of the zone designator at the start of `s`, if any.
fn zone_match(s: &[u8]) -> Option<usize> {
    // offset form: (gmt|utc?)?[-+]digits([,.:]digits(:digits)?)?
    let mut i = 0;
    for pre in [&b"gmt"[..], b"utc", b"ut"] {
        if starts_ci(s, 0, pre) && matches!(s.get(pre.len()), Some(b'+' | b'-')) {
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
    let words = &s[..j];
    for suffix in [&b"standard"[..], b"daylight"] {
        // find the last occurrence of suffix followed by whitespace and "time"
        let mut k = words.len();
        while k > 0 {
            k -= 1;
            if starts_ci(words, k, suffix) && k > 0 {
                let mut m = k + suffix.len();
                let ws = m;
                while m < s.len() && is_space(s[m]) {
                    m += 1;
                }
                if m > ws
                    && starts_ci(s, m, b"time")
                    && !s
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
        && starts_ci(s, j + 1, b"dst")
        && !s
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
    // a name without blanks is looked up without allocating
    let mut buf = [0u8; 16];
    if zone.len() <= buf.len() && zone.bytes().all(|b| b.is_ascii_alphabetic()) {
        let lower = &mut buf[..zone.len()];
        lower.copy_from_slice(zone.as_bytes());
        lower.make_ascii_lowercase();
        if let Some((_, o)) = ZONES.iter().find(|(n, _)| n.as_bytes() == &lower[..]) {
            return Some((*o, 1));
        }
    }
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
    fn strptime_c_and_zone() {
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

    /// Format lists sharing beginnings, with elements that look ahead
    /// (`%E`/`%O` joining a letter, numeric fields before numeric fields).
    const LISTS: [&[&str]; 6] = [
        &crate::values::timestamp::DEFAULT_FORMATS,
        &crate::values::timestamp::DEFAULT_FORMATS_WITHOUT_TZ,
        &["%Y%m%d", "%Y%m", "%Y-%m", "%Y", "%Y %H", "%Y%H"],
        &["%E", "%Ey", "%EY", "%Ex", "%E%y", "%Oy", "%O"],
        &["%L%S", "%L.%S", "%L", "%N%S", "%N", "%%%S", "%%", "%"],
        &[
            "%F %T", "%F  %T", "%F %Z", "%F %z", "%F %:z", "%F %::z", "%F", "%F %p", "%F %",
        ],
    ];

    fn time_samples() -> Vec<String> {
        let pieces = [
            "2020",
            "-01",
            "-1",
            "12",
            "1",
            "2016-09-06",
            "T",
            " ",
            "  ",
            ":",
            "08:34:59",
            ".",
            "5",
            "000000000",
            "UTC",
            "utc",
            "+01:00",
            "pm",
            "%",
            "y",
            "E",
            "Mon",
            "Europe/Stockholm",
            "x",
            "0",
        ];
        let mut out = vec![
            "2020-01-01T00:00:00".to_string(),
            "2016-09-06T08:34:59.000000000 UTC".to_string(),
            "2016-09-06 08:34:59".to_string(),
            String::new(),
        ];
        out.extend(crate::testutil::concatenations(
            &pieces,
            3000,
            6,
            0x1234_5678_9ABC_DEF1,
            (11, 1),
        ));
        out
    }

    #[test]
    fn strptime_first_agrees_with_trying_each_format() {
        let mut found = 0;
        for list in LISTS {
            // every suffix of the list, so that each format starts a run
            for from in 0..list.len() {
                let list = &list[from..];
                for s in time_samples() {
                    for zone_ok in [true, false] {
                        let accept = |p: &Parsed| zone_ok || p.zone.is_none();
                        let each = list
                            .iter()
                            .filter_map(|f| strptime_whole(&s, f))
                            .find(accept);
                        let first = strptime_first(&s, list, accept);
                        assert_eq!(first, each, "{list:?} on {s:?}");
                        found += usize::from(first.is_some());
                    }
                }
            }
        }
        assert!(found > 2000, "{found}");
    }

    #[test]
    fn zone_designators_ignore_case() {
        assert_eq!(zone_match(b"Eastern Standard TIME x"), Some(21));
        assert_eq!(zone_match(b"EST DST"), Some(7));
        assert_eq!(zone_match(b"Utc+01:30:15 rest"), Some(12));
        assert_eq!(zone_match(b"GMT"), Some(3));
        assert_eq!(zone_match(b"abc1"), None);
        assert_eq!(zone_to_offset("EsT"), Some((-18000, 1)));
        assert_eq!(zone_to_offset("UTC"), Some((0, 1)));
        assert!(is_whole_zone("Europe") && !is_whole_zone("Europe/Stockholm"));
        // the offset of a whole zone is the one `%z` finds for it
        for z in [
            "UTC",
            "pdt",
            "Eastern Standard Time",
            "+09:00",
            "GMT-2",
            "foo",
            "Z",
            "est dst",
        ] {
            assert!(is_whole_zone(z), "{z}");
            assert_eq!(
                strptime(z, "%z").and_then(|p| p.offset),
                zone_to_offset(z),
                "{z}"
            );
        }
    }

    #[test]
    fn strptime_f_and_t_read_as_their_expansions() {
        for s in time_samples() {
            assert_eq!(strptime(&s, "%F"), strptime(&s, "%Y-%m-%d"), "{s:?}");
            assert_eq!(strptime(&s, "%T"), strptime(&s, "%H:%M:%S"), "{s:?}");
            assert_eq!(
                strptime(&s, "%X%F"),
                strptime(&s, "%H:%M:%S%Y-%m-%d"),
                "{s:?}"
            );
        }
        let p = strptime("-12-1- 3T24:00:60", "%FT%T").unwrap();
        assert_eq!((p.year, p.mon, p.mday), (Some(-12), Some(1), Some(3)));
        assert_eq!((p.hour, p.min, p.sec), (Some(24), Some(0), Some(60)));
    }
}
