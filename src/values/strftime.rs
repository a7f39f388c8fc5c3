//! Formatting points in time with strftime directives, as Ruby's `Time#strftime`
//! (which Puppet's `Timestamp` formatting uses).
//!
//! A directive is `%[flags][width][colons]conversion`. Flags: `-` no padding,
//! `_` space padding, `0` zero padding, `^` upper case, `#` change case.
//! Unknown directives are copied verbatim. Composite directives (`%c %D %F %v
//! %x %X %r %R %T`) expand recursively; their result is padded to the width.

use crate::error::{Error, Result};
use chrono::{DateTime, Datelike, Timelike};

/// A broken-down time to format: the calendar fields in the zone of `offset`.
#[derive(Clone, Debug)]
pub struct TimeParts {
    /// Proleptic Gregorian year.
    pub year: i64,
    /// 1..=12
    pub month: u32,
    /// 1..=31
    pub day: u32,
    /// 0..=23
    pub hour: u32,
    /// 0..=59
    pub minute: u32,
    /// 0..=59
    pub second: u32,
    /// 0..1e9
    pub nanos: u32,
    /// Day of the year, 1..=366.
    pub yday: u32,
    /// Day of the week, Sunday = 0.
    pub wday: u32,
    /// ISO week-based year.
    pub iso_year: i64,
    /// ISO week number.
    pub iso_week: u32,
    /// Seconds east of UTC.
    pub offset: i64,
    /// True for a UTC time (`%Z` is `UTC`, `%-z` gives `-0000`).
    pub utc: bool,
    /// Zone name for `%Z` when not UTC (empty when the zone is only an offset).
    pub zone: String,
    /// Whole seconds since the epoch (floored).
    pub epoch_secs: i128,
}

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Full English weekday names, Sunday first.
pub fn day_names() -> &'static [&'static str; 7] {
    &DAYS
}

/// Full English month names, January first.
pub fn month_names() -> &'static [&'static str; 12] {
    &MONTHS
}

impl TimeParts {
    /// Break down `nanos` since the epoch at `offset` seconds east of UTC.
    pub fn new(nanos: i128, offset: i64, utc: bool) -> Result<TimeParts> {
        if offset.abs() >= 86_400 {
            return Err(Error::argument("utc_offset out of range"));
        }
        let secs = nanos.div_euclid(1_000_000_000);
        let sub = nanos.rem_euclid(1_000_000_000) as u32;
        let local = secs + offset as i128;
        let local_i64 = i64::try_from(local).map_err(|_| Error::argument("time out of range"))?;
        let dt = DateTime::from_timestamp(local_i64, sub)
            .ok_or_else(|| Error::argument("time out of range"))?
            .naive_utc();
        let iw = dt.iso_week();
        Ok(TimeParts {
            year: dt.year() as i64,
            month: dt.month(),
            day: dt.day(),
            hour: dt.hour(),
            minute: dt.minute(),
            second: dt.second(),
            nanos: sub,
            yday: dt.ordinal(),
            wday: dt.weekday().num_days_from_sunday(),
            iso_year: iw.year() as i64,
            iso_week: iw.week(),
            offset,
            utc,
            zone: String::new(),
            epoch_secs: secs,
        })
    }
}

const MAX_WIDTH: usize = 1 << 16;

#[derive(Clone, Copy, Default)]
struct Flags {
    left: bool,
    upper: bool,
    chcase: bool,
    lower: bool,
    /// `'\0'` when unset.
    padding: char,
    width: Option<usize>,
    colons: usize,
}

fn num(out: &mut String, f: &Flags, def_pad: char, def_width: usize, v: i128) {
    let width = if f.left {
        1
    } else {
        f.width.filter(|w| *w > 0).unwrap_or(def_width)
    };
    let zero = f.padding == '0' || (f.padding == '\0' && def_pad == '0');
    if zero {
        if v < 0 {
            out.push('-');
            out.push_str(&format!(
                "{:0>w$}",
                v.unsigned_abs(),
                w = width.saturating_sub(1)
            ));
        } else {
            out.push_str(&format!("{v:0>width$}"));
        }
    } else {
        out.push_str(&format!("{v:>width$}"));
    }
}

fn pad_str(out: &mut String, f: &Flags, s: &str) {
    let n = s.chars().count();
    if !f.left {
        if let Some(w) = f.width {
            if w > n {
                let c = if f.padding == '\0' { ' ' } else { f.padding };
                out.extend(std::iter::repeat(c).take(w - n));
            }
        }
    }
    out.push_str(s);
}

fn case(f: &Flags, s: &str) -> String {
    if f.upper {
        s.to_uppercase()
    } else if f.lower {
        s.to_lowercase()
    } else {
        s.to_string()
    }
}

/// Format `t` with Ruby `Time#strftime` semantics.
pub fn strftime(fmt: &str, t: &TimeParts) -> Result<String> {
    let mut out = String::new();
    format_into(&mut out, fmt, t)?;
    Ok(out)
}

fn format_into(out: &mut String, fmt: &str, t: &TimeParts) -> Result<()> {
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '%' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let start = i;
        let mut f = Flags::default();
        i += 1;
        // flags, width, modifiers
        let conv = loop {
            let Some(&c) = chars.get(i) else { break None };
            match c {
                '-' => {
                    f.left = true;
                    f.padding = '\0';
                    f.width = None;
                }
                '^' => f.upper = true,
                '#' => f.chcase = true,
                '_' => f.padding = ' ',
                '0' if f.width.is_none() => f.padding = '0',
                '0'..='9' => {
                    let mut w: usize = 0;
                    while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                        w = w.saturating_mul(10).saturating_add(d as usize);
                        i += 1;
                    }
                    if w > MAX_WIDTH {
                        return Err(Error::format(format!("strftime width {w} is too large")));
                    }
                    f.width = Some(w);
                    continue;
                }
                'E' if chars.get(i + 1).is_some_and(|n| "cCxXyY".contains(*n)) => {}
                'O' if chars
                    .get(i + 1)
                    .is_some_and(|n| "deHkIlmMSuUVwWy".contains(*n)) => {}
                ':' => {
                    let mut n = 0;
                    while chars.get(i + n) == Some(&':') {
                        n += 1;
                    }
                    if n <= 3 && chars.get(i + n) == Some(&'z') {
                        f.colons = n;
                        i += n;
                        break Some('z');
                    }
                    break Some(':');
                }
                _ => break Some(c),
            }
            i += 1;
        };
        let Some(c) = conv else {
            return Err(Error::argument(format!("invalid format: {fmt}")));
        };
        i += 1;
        if !directive(out, c, &mut f, t)? {
            out.extend(&chars[start..i]);
        }
    }
    Ok(())
}

fn composite(out: &mut String, f: &Flags, sub: &str, t: &TimeParts) -> Result<()> {
    let mut s = String::new();
    format_into(&mut s, sub, t)?;
    let s = case(f, &s);
    let n = s.chars().count();
    if let Some(w) = f.width {
        if w > n {
            let c = if f.padding == '\0' { ' ' } else { f.padding };
            out.extend(std::iter::repeat(c).take(w - n));
        }
    }
    out.push_str(&s);
    Ok(())
}

/// Emit one directive; false when it is unknown (the caller copies it verbatim).
fn directive(out: &mut String, c: char, f: &mut Flags, t: &TimeParts) -> Result<bool> {
    let hour12 = match t.hour % 12 {
        0 => 12,
        h => h,
    } as i128;
    match c {
        'A' | 'a' | 'B' | 'b' | 'h' => {
            if f.chcase {
                f.upper = true;
            }
            let full = match c {
                'A' | 'a' => DAYS[t.wday as usize],
                _ => MONTHS[t.month as usize - 1],
            };
            let s = if c == 'A' || c == 'B' {
                full
            } else {
                &full[..3]
            };
            pad_str(out, f, &case(f, s));
        }
        'p' | 'P' => {
            let s = if t.hour < 12 { "AM" } else { "PM" };
            if (c == 'p' && f.chcase) || (c == 'P' && !f.chcase && !f.upper) {
                f.upper = false;
                f.lower = true;
            }
            pad_str(out, f, &case(f, s));
        }
        'Z' => {
            if f.chcase {
                f.lower = true;
                f.upper = false;
            }
            let z = if t.utc { "UTC" } else { t.zone.as_str() };
            if !z.is_empty() {
                pad_str(out, f, &case(f, z));
            }
        }
        'C' => num(out, f, '0', 2, t.year.div_euclid(100) as i128),
        'Y' => num(out, f, '0', if t.year >= 0 { 4 } else { 5 }, t.year as i128),
        'y' => num(out, f, '0', 2, t.year.rem_euclid(100) as i128),
        'G' => num(
            out,
            f,
            '0',
            if t.iso_year >= 0 { 4 } else { 5 },
            t.iso_year as i128,
        ),
        'g' => num(out, f, '0', 2, t.iso_year.rem_euclid(100) as i128),
        'V' => num(out, f, '0', 2, t.iso_week as i128),
        'm' => num(out, f, '0', 2, t.month as i128),
        'd' => num(out, f, '0', 2, t.day as i128),
        'e' => num(out, f, ' ', 2, t.day as i128),
        'j' => num(out, f, '0', 3, t.yday as i128),
        'H' => num(out, f, '0', 2, t.hour as i128),
        'k' => num(out, f, ' ', 2, t.hour as i128),
        'I' => num(out, f, '0', 2, hour12),
        'l' => num(out, f, ' ', 2, hour12),
        'M' => num(out, f, '0', 2, t.minute as i128),
        'S' => num(out, f, '0', 2, t.second as i128),
        's' => num(out, f, '0', 1, t.epoch_secs),
        'u' => num(out, f, '0', 1, if t.wday == 0 { 7 } else { t.wday } as i128),
        'w' => num(out, f, '0', 1, t.wday as i128),
        'U' => num(
            out,
            f,
            '0',
            2,
            ((t.yday as i128 - 1) + 7 - t.wday as i128) / 7,
        ),
        'W' => num(
            out,
            f,
            '0',
            2,
            ((t.yday as i128 - 1) + 7 - (t.wday as i128 + 6) % 7) / 7,
        ),
        'L' | 'N' => {
            let w = f
                .width
                .filter(|w| *w > 0)
                .unwrap_or(if c == 'L' { 3 } else { 9 });
            let digits = format!("{:09}", t.nanos);
            if w <= 9 {
                out.push_str(&digits[..w]);
            } else {
                out.push_str(&digits);
                out.extend(std::iter::repeat('0').take(w - 9));
            }
        }
        'z' => zone_offset(out, f, t),
        'n' => pad_str(out, f, "\n"),
        't' => pad_str(out, f, "\t"),
        '%' => pad_str(out, f, "%"),
        'c' => composite(out, f, "%a %b %e %H:%M:%S %Y", t)?,
        'D' | 'x' => composite(out, f, "%m/%d/%y", t)?,
        'F' => composite(out, f, "%Y-%m-%d", t)?,
        'v' => composite(out, f, "%e-%^b-%4Y", t)?,
        'X' | 'T' => composite(out, f, "%H:%M:%S", t)?,
        'r' => composite(out, f, "%I:%M:%S %p", t)?,
        'R' => composite(out, f, "%H:%M", t)?,
        _ => return Ok(false),
    }
    Ok(true)
}

fn zone_offset(out: &mut String, f: &Flags, t: &TimeParts) {
    let mut off = t.offset;
    let mut negative = off < 0 || (t.utc && f.left);
    if off < 0 {
        off = -off;
    }
    if off == 0 && !(t.utc && f.left) {
        negative = false;
    }
    let given = f.width.unwrap_or(0);
    let (prec, _) = match f.colons {
        0 => (if given <= 5 { 2 } else { given - 3 }, 0),
        1 => (if given <= 6 { 2 } else { given - 4 }, 0),
        2 => (if given <= 9 { 2 } else { given - 7 }, 0),
        _ => {
            if off % 3600 == 0 {
                (if given <= 3 { 2 } else { given - 1 }, 0)
            } else if off % 60 == 0 {
                (if given <= 6 { 2 } else { given - 4 }, 0)
            } else {
                (if given <= 9 { 2 } else { given - 7 }, 0)
            }
        }
    };
    let hours = off / 3600;
    let sign = if negative { '-' } else { '+' };
    if f.padding == ' ' {
        let s = format!("{sign}{hours}");
        let w = prec + 1;
        out.push_str(&format!("{s:>w$}"));
    } else {
        out.push(sign);
        out.push_str(&format!("{hours:0>prec$}"));
    }
    let rest = off % 3600;
    if f.colons == 3 && rest == 0 {
        return;
    }
    if f.colons >= 1 {
        out.push(':');
    }
    out.push_str(&format!("{:02}", rest / 60));
    if f.colons == 2 || (f.colons == 3 && rest % 60 != 0) {
        out.push(':');
        out.push_str(&format!("{:02}", rest % 60));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t() -> TimeParts {
        TimeParts::new(1_473_150_899_000_000_000, 0, true).unwrap()
    }

    #[test]
    fn strftime_directives() {
        let s = strftime(
            "%Q|%E|%Oy|%+|%10F|%-10F|%010A|%^10a|%#p|%#A|%:::z|%-z|%10z|%_10z|%-:z",
            &t(),
        )
        .unwrap();
        assert_eq!(s, "%Q|%E|16|%+|2016-09-06|2016-09-06|000Tuesday|       TUE|am|TUESDAY|+00|-0000|+000000000|      +000|-00:00");
        assert_eq!(
            strftime("%FT%T.%N %Z", &t()).unwrap(),
            "2016-09-06T08:34:59.000000000 UTC"
        );
        assert_eq!(strftime("%c", &t()).unwrap(), "Tue Sep  6 08:34:59 2016");
    }
}
