//! Points in time with nanosecond precision since the Unix epoch (UTC):
//! construction from numbers or strings (strptime formats, time zones),
//! formatting (strftime, optionally in another zone), arithmetic and comparison.

use super::strftime::{strftime, TimeParts};
use super::strptime::{
    is_whole_zone, strptime, strptime_first, strptime_whole, zone_to_offset, Parsed,
};
use super::timespan::{float_to_i128, floor_div, Timespan, NANOS_PER_SEC};
use super::timestamp_default;
use crate::error::{Error, Result};
use chrono::NaiveDate;
use std::cmp::Ordering;
use std::fmt;

/// Nanoseconds since 1970-01-01T00:00:00 UTC.
///
/// Aligned to 8 bytes rather than the 16 of `i128` (`repr(Rust, packed(8))`), so
/// that the types and values holding one are not padded to 16-byte
/// alignment: a type node ([`crate::Type`]) is 80 bytes instead of 96, which
/// big inferred types pay for each value. Read the field by value
/// (`{ t.nanos }`): a reference to it could be misaligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(Rust, packed(8))]
pub struct Timestamp {
    /// Nanoseconds since the epoch.
    pub nanos: i128,
}

/// Formats tried when a string is given without format or time zone.
pub const DEFAULT_FORMATS: [&str; 10] = [
    "%FT%T.%N %Z",
    "%FT%T %Z",
    "%F %T.%N %Z",
    "%F %T %Z",
    "%F %Z",
    "%FT%T.%N",
    "%FT%T",
    "%F %T.%N",
    "%F %T",
    "%F",
];

/// Formats tried when a string is given with a time zone but no format.
pub const DEFAULT_FORMATS_WITHOUT_TZ: [&str; 5] = ["%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"];

/// The offset in seconds (numerator, denominator) of a time zone argument:
/// `current` (the machine's zone), an offset like `+09:00`, or a zone name Ruby knows.
pub fn utc_offset(timezone: &str) -> Result<(i64, i64)> {
    if is_current(timezone) {
        let off = chrono::Local::now().offset().local_minus_utc() as i64;
        return Ok((off, 1));
    }
    strptime(timezone, "%z")
        .and_then(|p| p.offset)
        .ok_or_else(|| illegal_timezone(timezone))
}

/// Whether a time zone argument names the machine's zone.
fn is_current(timezone: &str) -> bool {
    timezone.eq_ignore_ascii_case("current")
}

fn illegal_timezone(timezone: &str) -> Error {
    Error::argument(format!("Illegal timezone '{timezone}'"))
}

/// The whole-minute offset used when formatting in `timezone` (Ruby `localtime("+hh:mm")`).
fn format_offset(timezone: &str) -> Result<i64> {
    let b = timezone.as_bytes();
    if b.len() == 6
        && matches!(b[0], b'+' | b'-')
        && b[1..3].iter().all(u8::is_ascii_digit)
        && b[3] == b':'
        && b[4..6].iter().all(u8::is_ascii_digit)
    {
        let h: i64 = timezone[1..3].parse().unwrap_or(0);
        let m: i64 = timezone[4..6].parse().unwrap_or(0);
        let v = h * 3600 + m * 60;
        return Ok(if b[0] == b'-' { -v } else { v });
    }
    let (n, d) = utc_offset(timezone)?;
    let minutes = (n as i128).div_euclid(d as i128 * 60) as i64;
    Ok(minutes * 60)
}

fn days_from_civil(y: i64, m: u32) -> Option<i64> {
    let d = NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m, 1)?;
    Some(
        d.signed_duration_since(NaiveDate::from_ymd_opt(1970, 1, 1)?)
            .num_days(),
    )
}

impl Timestamp {
    /// A timestamp `nanos` nanoseconds after the epoch.
    pub fn new(nanos: i128) -> Timestamp {
        Timestamp { nanos }
    }

    /// The current time.
    pub fn now() -> Timestamp {
        let d = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as i128)
            .unwrap_or(0);
        Timestamp::new(d)
    }

    /// From seconds since the epoch.
    pub fn from_seconds(s: i64) -> Timestamp {
        Timestamp::new(s as i128 * NANOS_PER_SEC)
    }

    /// From fractional seconds since the epoch (truncated to nanoseconds).
    pub fn from_float_seconds(s: f64) -> Result<Timestamp> {
        Ok(Timestamp::new(float_to_i128(s * 1e9)?))
    }

    /// Parse `s`: `formats` `None` uses the default list; `timezone` (non-empty)
    /// is the zone of the text and may not be combined with a zone in the text.
    pub fn parse(
        s: &str,
        formats: Option<&[&str]>,
        single: bool,
        timezone: Option<&str>,
    ) -> Result<Timestamp> {
        let tz = timezone.filter(|t| !t.is_empty());
        if formats.is_none() && tz.is_none() {
            // the usual text, read directly (as the default formats read it)
            if let Some((parsed, zone)) = timestamp_default::read(s) {
                let offset = zone
                    .map(|z| zone_to_offset(z).ok_or_else(|| illegal_timezone(z)))
                    .transpose()?;
                return Self::from_parsed(s, &parsed, offset);
            }
        }
        Self::parse_general(s, formats, single, tz)
    }

    /// [`Timestamp::parse`] with strptime (`tz` is not empty).
    fn parse_general(
        s: &str,
        formats: Option<&[&str]>,
        single: bool,
        tz: Option<&str>,
    ) -> Result<Timestamp> {
        let has_tz = tz.is_some();
        let (list, single): (&[&str], bool) = match formats {
            Some(f) => (f, single && f.len() == 1),
            None if has_tz => (&DEFAULT_FORMATS_WITHOUT_TZ, false),
            None => (&DEFAULT_FORMATS, false),
        };
        let parsed: Parsed = if single {
            let fmt = list[0];
            let p = strptime_whole(s, fmt).ok_or_else(|| {
                Error::argument(format!("Unable to parse '{s}' using format '{fmt}'"))
            })?;
            if has_tz && p.zone.is_some() {
                return Err(Error::argument("Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument"));
            }
            p
        } else {
            strptime_first(s, list, |p| !(has_tz && p.zone.is_some())).ok_or_else(|| {
                Error::argument(format!(
                    "Unable to parse '{s}' using any of the formats {}",
                    list.join(", ")
                ))
            })?
        };
        let offset = match (tz, parsed.zone.as_deref()) {
            (Some(tz), _) => Some(utc_offset(tz)?),
            // the offset strptime found is the one `utc_offset` would find again
            (None, Some(z)) if !is_current(z) && is_whole_zone(z) => {
                Some(parsed.offset.ok_or_else(|| illegal_timezone(z))?)
            }
            (None, Some(z)) => Some(utc_offset(z)?),
            (None, None) => None,
        };
        Self::from_parsed(s, &parsed, offset)
    }

    fn from_parsed(s: &str, p: &Parsed, offset: Option<(i64, i64)>) -> Result<Timestamp> {
        let year = p.year.ok_or_else(|| {
            Error::argument(format!("Unable to create a Timestamp from '{s}': no year was parsed (no implicit conversion of nil into Integer)"))
        })?;
        let (mon, mday) = (p.mon.unwrap_or(1), p.mday.unwrap_or(1));
        let (hour, min, sec) = (p.hour.unwrap_or(0), p.min.unwrap_or(0), p.sec.unwrap_or(0));
        if hour == 24 && min > 0 {
            return Err(Error::argument("min out of range"));
        }
        if hour == 24 && sec > 0 {
            return Err(Error::argument("sec out of range"));
        }
        let days = days_from_civil(year, mon as u32)
            .ok_or_else(|| Error::argument(format!("year {year} is out of range")))?
            + (mday - 1);
        let secs = days as i128 * 86_400 + (hour * 3600 + min * 60 + sec) as i128;
        let mut nanos = secs * NANOS_PER_SEC;
        if let Some((n, len)) = p.sec_fraction {
            nanos += if len <= 9 {
                n * 10i128.pow(9 - len)
            } else if len - 9 > 38 {
                if n < 0 {
                    -1
                } else {
                    0
                }
            } else {
                floor_div(n, 10i128.pow(len - 9)).unwrap_or(0)
            };
        }
        if let Some((n, d)) = offset {
            nanos -= floor_div(n as i128 * NANOS_PER_SEC, d as i128).unwrap_or(0);
        }
        Ok(Timestamp::new(nanos))
    }

    /// Format with strftime directives; `timezone` (non-empty) shows the time in that zone.
    pub fn format(&self, fmt: &str, timezone: Option<&str>) -> Result<String> {
        let parts = match timezone.filter(|t| !t.is_empty()) {
            None => TimeParts::new(self.nanos, 0, true)?,
            Some(tz) => TimeParts::new(self.nanos, format_offset(tz)?, false)?,
        };
        strftime(fmt, &parts)
    }

    /// Whole seconds since the epoch, floored (Ruby `to_i`).
    pub fn to_i(&self) -> i128 {
        self.nanos.div_euclid(NANOS_PER_SEC)
    }

    /// Seconds since the epoch as a float.
    pub fn to_f(&self) -> f64 {
        self.nanos as f64 / 1e9
    }

    /// Compare with an Integer number of seconds since the epoch.
    pub fn cmp_int(&self, i: i64) -> Ordering {
        self.to_i().cmp(&(i as i128))
    }

    /// Compare with a Float number of seconds since the epoch.
    pub fn cmp_float(&self, f: f64) -> Option<Ordering> {
        self.to_f().partial_cmp(&f)
    }

    /// `self + timespan`.
    pub fn add(&self, t: Timespan) -> Result<Timestamp> {
        stamp(self.nanos.checked_add(t.nanos))
    }

    /// `self - timespan`.
    pub fn sub(&self, t: Timespan) -> Result<Timestamp> {
        stamp(self.nanos.checked_sub(t.nanos))
    }

    /// `self - other`: the Timespan between them.
    pub fn diff(&self, other: Timestamp) -> Result<Timespan> {
        crate::values::timespan::span(self.nanos.checked_sub(other.nanos))
    }

    /// `self + seconds` (Integer).
    pub fn add_int(&self, s: i64) -> Result<Timestamp> {
        stamp(self.nanos.checked_add(s as i128 * NANOS_PER_SEC))
    }

    /// `self + seconds` (Float, truncated to nanoseconds).
    pub fn add_float(&self, s: f64) -> Result<Timestamp> {
        stamp(self.nanos.checked_add(float_to_i128(s * 1e9)?))
    }
}

fn stamp(n: Option<i128>) -> Result<Timestamp> {
    n.map(Timestamp::new)
        .ok_or_else(|| Error::argument("Timestamp out of range"))
}

impl fmt::Display for Timestamp {
    /// The default text `%FT%T.%N %Z` in UTC, e.g. `2016-09-06T08:34:59.000000000 UTC`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.format(DEFAULT_FORMATS[0], None) {
            Ok(s) => f.write_str(&s),
            Err(_) => write!(f, "Timestamp({} ns)", { self.nanos }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str, f: &str) -> Timestamp {
        Timestamp::parse(s, Some(&[f]), true, None).unwrap()
    }

    #[test]
    fn timestamp_examples() {
        assert_eq!(
            Timestamp::from_seconds(1473150899).to_string(),
            "2016-09-06T08:34:59.000000000 UTC"
        );
        assert_eq!(
            p("2015", "%Y").to_string(),
            "2015-01-01T00:00:00.000000000 UTC"
        );
        assert_eq!(
            p("Wed Aug 24 12:13:14 2016", "%c").to_string(),
            "2016-08-24T12:13:14.000000000 UTC"
        );
        assert_eq!(
            p("Wed Aug 24 12:13:14 2016 PDT", "%c %Z").to_string(),
            "2016-08-24T19:13:14.000000000 UTC"
        );
    }

    #[test]
    fn default_format_reader_agrees_with_strptime() {
        let pieces = [
            "2016",
            "-09",
            "-06",
            "2016-09-06",
            "0000-01-01",
            "2016-13-01",
            "2016-02-30",
            "2016-9-6",
            "T",
            " ",
            "  ",
            "\t",
            "08:34:59",
            "24:00:00",
            "24:00:01",
            "23:59:60",
            "8:34:59",
            ":",
            ".",
            "000000000",
            "5",
            "123456789012",
            "0000000000000000000000000000001",
            "UTC",
            "utc",
            "Z",
            "T",
            "current",
            "CURRENT",
            "foo",
            "PDT",
            "+01:00",
            "EST DST",
            "x",
            "-",
            "0",
            "99",
        ];
        let mut samples: Vec<String> = [
            "2016-09-06T08:34:59.000000000 UTC",
            "2016-09-06 08:34:59.5",
            "2016-09-06 UTC",
            "2016-09-06 T",
            "2016-09-06T24:00:00",
            "2016-09-06T24:01:00",
            "2016-09-06T08:34:59.",
            "2016-09-06T08:34:59 current",
            "2016-09-06T08:34:59 foo",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        samples.extend(crate::testutil::concatenations(
            &pieces,
            20000,
            6,
            0x0DDB_1A5E_5BAD_5EED,
            (17, 5),
        ));
        let dates = [
            "2016-09-06",
            "1970-01-01",
            "0001-12-31",
            "2000-02-29",
            "1999-12-31",
            "2038-01-19",
            "2016-00-10",
            "2016-02-32",
        ];
        for date in dates {
            for sep in ["T", " ", ""] {
                for time in [
                    "08:34:59", "00:00:00", "24:00:00", "23:59:59", "12:34:56", "12:60:00",
                    "12:00:61", "",
                ] {
                    for frac in [".0", ".123", ".000000000", ".1234567891", ""] {
                        for zone in [" UTC", " pst", " Foo", "UTC", "  UTC", " current", ""] {
                            samples.push(format!("{date}{sep}{time}{frac}{zone}"));
                        }
                    }
                }
            }
        }
        let (mut direct, mut ok, mut errors) = (0, 0, 0);
        for s in &samples {
            if timestamp_default::read(s).is_none() {
                continue;
            }
            direct += 1;
            let fast = Timestamp::parse(s, None, false, None);
            match (fast, Timestamp::parse_general(s, None, false, None)) {
                (Ok(a), Ok(b)) => {
                    ok += 1;
                    assert_eq!(a, b, "{s:?}")
                }
                (Err(a), Err(b)) => {
                    errors += 1;
                    assert_eq!(a.to_string(), b.to_string(), "{s:?}")
                }
                (a, b) => panic!("{s:?}: {a:?} vs {b:?}"),
            }
        }
        assert!(
            direct > 1400 && ok > 1100 && errors > 250,
            "{direct} {ok} {errors}"
        );
    }

    #[test]
    fn timestamp_parse_defaults_and_zones() {
        let t = Timestamp::parse("2016-08-24T12:13:14.123 UTC", None, false, None).unwrap();
        assert_eq!({ t.nanos }, 1_472_040_794_123_000_000);
        let t = Timestamp::parse("2016-08-24", Some(&["%F"]), true, Some("+09:00")).unwrap();
        assert_eq!({ t.nanos }, 1_471_964_400_000_000_000);
        assert_eq!(
            p("2016-02-30", "%F").to_string(),
            "2016-03-01T00:00:00.000000000 UTC"
        );
        let e = Timestamp::parse("2016-08-24 foo", Some(&["%F %Z"]), true, None).unwrap_err();
        assert_eq!(e.message, "Illegal timezone 'foo'");
        let t = Timestamp::from_seconds(1473150899);
        assert_eq!(t.format("%Z|%z", Some("EST")).unwrap(), "|-0500");
    }
}
