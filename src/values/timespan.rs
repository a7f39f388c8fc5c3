//! Durations with nanosecond precision: construction (seconds, fields,
//! strings), arithmetic with numbers and Timespans, comparison, and the
//! default text `%D-%H:%M:%S.%-N` (`0-00:00:13.5`). The format language
//! itself is in [`super::timespan_format`].

pub use super::timespan_format::{regex_escape, TimespanFormat};
use crate::error::{Error, Result};
use std::cmp::Ordering;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Nanoseconds in one second.
pub const NANOS_PER_SEC: i128 = 1_000_000_000;

/// A signed duration in nanoseconds.
///
/// Aligned to 8 bytes rather than the 16 of `i128` (`repr(Rust, packed(8))`), so
/// that the types and values holding one are not padded to 16-byte
/// alignment: a type node ([`crate::Type`]) is 80 bytes instead of 96, which
/// big inferred types pay for each value. Read the field by value
/// (`{ t.nanos }`): a reference to it could be misaligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(Rust, packed(8))]
pub struct Timespan {
    /// Nanoseconds.
    pub nanos: i128,
}

/// A bound of a `Timespan[from, to]` type: the Timespan, and whether it was
/// given as a Float number of seconds (`Timespan[1.5]`, or a Hash with a
/// Float field). The reference keeps such a bound as a Float of
/// nanoseconds and prints its fraction as the whole nanoseconds untrimmed
/// (`'0-00:00:01.500000000'`); [`TimespanBound::text`] does the same. Bounds
/// compare, order and hash by their Timespan only (`Timespan[1.5]` equals
/// `Timespan['0-00:00:01.5']`, as in the reference).
#[derive(Clone, Copy, Debug)]
pub struct TimespanBound {
    /// The bound, truncated to whole nanoseconds.
    pub span: Timespan,
    /// True when given as Float seconds.
    pub float: bool,
}

impl TimespanBound {
    /// A bound given as Float seconds (or fields), of `nanos` whole nanoseconds.
    pub fn from_float(nanos: i128) -> TimespanBound {
        TimespanBound {
            span: Timespan::new(nanos),
            float: true,
        }
    }

    /// The text of the bound inside a type: the Timespan's default text, with
    /// the fraction untrimmed when given as Float seconds.
    pub fn text(&self) -> String {
        let text = self.span.to_string();
        let frac = self.span.nanoseconds();
        if !self.float || frac == 0 {
            return text;
        }
        let head = text.rsplit_once('.').map_or(text.as_str(), |x| x.0);
        format!("{head}.{frac}")
    }
}

impl From<Timespan> for TimespanBound {
    fn from(span: Timespan) -> TimespanBound {
        TimespanBound { span, float: false }
    }
}

impl PartialEq for TimespanBound {
    fn eq(&self, other: &TimespanBound) -> bool {
        self.span == other.span
    }
}

impl Eq for TimespanBound {}

impl std::hash::Hash for TimespanBound {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.span.hash(state)
    }
}

impl PartialOrd for TimespanBound {
    fn partial_cmp(&self, other: &TimespanBound) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TimespanBound {
    fn cmp(&self, other: &TimespanBound) -> Ordering {
        self.span.cmp(&other.span)
    }
}

/// The formats tried, in order, when a string is given without a format.
pub const DEFAULT_FORMATS: [&str; 8] = [
    "%D-%H:%M:%S.%-N",
    "%H:%M:%S.%-N",
    "%M:%S.%-N",
    "%S.%-N",
    "%D-%H:%M:%S",
    "%H:%M:%S",
    "%D-%H:%M",
    "%S",
];

/// Seconds given as a number (Integer or Float) to nanoseconds, truncating
/// toward zero; infinite, NaN or out-of-range values are argument errors.
pub fn seconds_to_nanos(int: Option<i64>, float: Option<f64>) -> Result<i128> {
    match (int, float) {
        (Some(i), _) => Ok(i as i128 * NANOS_PER_SEC),
        (None, Some(f)) => float_to_i128(f * 1e9),
        _ => Err(Error::argument("expected a number of seconds")),
    }
}

/// Truncate a float to an integer, as Ruby's `Float#to_i` (errors on NaN/Infinity).
pub fn float_to_i128(f: f64) -> Result<i128> {
    if f.is_nan() {
        return Err(Error::argument("NaN"));
    }
    if f.is_infinite() {
        return Err(Error::argument(if f > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        }));
    }
    if f.abs() >= 1.7e38 {
        return Err(Error::argument(format!(
            "{f} is out of range for a time value"
        )));
    }
    Ok(f.trunc() as i128)
}

impl Timespan {
    /// The names of the fields of [`Timespan::from_fields`] (after `negative`),
    /// largest unit first, as the reference's `Timespan.new` arguments and
    /// `Timespan[{...}]` hash keys spell them.
    pub const FIELD_NAMES: [&'static str; 7] = [
        "days",
        "hours",
        "minutes",
        "seconds",
        "milliseconds",
        "microseconds",
        "nanoseconds",
    ];

    /// A timespan of `nanos` nanoseconds.
    pub fn new(nanos: i128) -> Timespan {
        Timespan { nanos }
    }

    /// From seconds (`Timespan(13)`).
    pub fn from_seconds(s: i64) -> Timespan {
        Timespan::new(s as i128 * NANOS_PER_SEC)
    }

    /// From fractional seconds (`Timespan(13.5)`), truncated to nanoseconds.
    pub fn from_float_seconds(s: f64) -> Result<Timespan> {
        Ok(Timespan::new(float_to_i128(s * 1e9)?))
    }

    /// From fields: `(((((d*24+h)*60+m)*60+s)*1000+ms)*1000+us)*1000+ns`, negated when `negative`.
    #[allow(clippy::too_many_arguments)]
    pub fn from_fields(
        negative: bool,
        days: i64,
        hours: i64,
        minutes: i64,
        seconds: i64,
        millis: i64,
        micros: i64,
        nanos: i64,
    ) -> Timespan {
        let n = (((((days as i128 * 24 + hours as i128) * 60 + minutes as i128) * 60
            + seconds as i128)
            * 1000
            + millis as i128)
            * 1000
            + micros as i128)
            * 1000
            + nanos as i128;
        Timespan::new(if negative { -n } else { n })
    }

    /// Parse `s` with one format.
    pub fn parse(s: &str, format: &str) -> Result<Timespan> {
        TimespanFormat::cached(format)?.parse(s)
    }

    /// Parse `s` with the first of `formats` that accepts it.
    pub fn parse_any(s: &str, formats: &[&str]) -> Result<Timespan> {
        let compiled = formats
            .iter()
            .map(|f| TimespanFormat::cached(f))
            .collect::<Result<Vec<_>>>()?;
        if let Some(t) = compiled.iter().find_map(|f| f.try_parse(s)) {
            return Ok(t);
        }
        Err(Timespan::no_format_error(s, formats))
    }

    /// Parse `s` with the default formats.
    pub fn parse_default(s: &str) -> Result<Timespan> {
        // the default formats compiled once (a look-up in the cache of formats
        // for each of them cost about half of parsing a short text)
        static COMPILED: OnceLock<Option<Vec<Arc<TimespanFormat>>>> = OnceLock::new();
        let compiled = COMPILED.get_or_init(|| {
            DEFAULT_FORMATS
                .iter()
                .map(|f| TimespanFormat::cached(f).ok())
                .collect()
        });
        match compiled {
            Some(formats) => formats
                .iter()
                .find_map(|f| f.try_parse(s))
                .ok_or_else(|| Timespan::no_format_error(s, &DEFAULT_FORMATS)),
            None => Timespan::parse_any(s, &DEFAULT_FORMATS),
        }
    }

    fn no_format_error(s: &str, formats: &[&str]) -> Error {
        Error::argument(format!(
            "Unable to parse '{s}' using any of the formats {}",
            formats.join(", ")
        ))
    }

    /// Format with a Timespan format string (`%D-%H:%M:%S`).
    pub fn format(&self, format: &str) -> Result<String> {
        Ok(TimespanFormat::cached(format)?.format(*self))
    }

    /// Whole days of the magnitude (the sign is in [`Timespan::is_negative`]).
    pub fn days(&self) -> i128 {
        (self.nanos.unsigned_abs() / (86_400 * NANOS_PER_SEC as u128)) as i128
    }

    /// Hours of the magnitude beyond whole days (0..=23).
    pub fn hours(&self) -> i128 {
        (self.nanos.unsigned_abs() / (3_600 * NANOS_PER_SEC as u128) % 24) as i128
    }

    /// Minutes of the magnitude beyond whole hours (0..=59).
    pub fn minutes(&self) -> i128 {
        (self.nanos.unsigned_abs() / (60 * NANOS_PER_SEC as u128) % 60) as i128
    }

    /// Seconds of the magnitude beyond whole minutes (0..=59).
    pub fn seconds(&self) -> i128 {
        (self.nanos.unsigned_abs() / NANOS_PER_SEC as u128 % 60) as i128
    }

    /// Milliseconds of the magnitude beyond whole seconds (0..=999).
    pub fn milliseconds(&self) -> i128 {
        (self.nanos.unsigned_abs() / 1_000_000 % 1000) as i128
    }

    /// Nanoseconds of the magnitude beyond whole seconds (0..1e9).
    pub fn nanoseconds(&self) -> i128 {
        (self.nanos.unsigned_abs() % NANOS_PER_SEC as u128) as i128
    }

    /// True when negative.
    pub fn is_negative(&self) -> bool {
        self.nanos < 0
    }

    /// Whole seconds, rounded toward negative infinity (Ruby `to_i`).
    pub fn to_i(&self) -> i128 {
        self.nanos.div_euclid(NANOS_PER_SEC)
    }

    /// Seconds as a float.
    pub fn to_f(&self) -> f64 {
        self.nanos as f64 / 1e9
    }

    /// Compare with an Integer number of seconds (by whole seconds, floored).
    pub fn cmp_int(&self, i: i64) -> Ordering {
        self.to_i().cmp(&(i as i128))
    }

    /// Compare with a Float number of seconds.
    pub fn cmp_float(&self, f: f64) -> Option<Ordering> {
        self.to_f().partial_cmp(&f)
    }

    /// `self + other`.
    pub fn add(&self, other: Timespan) -> Result<Timespan> {
        span(self.nanos.checked_add(other.nanos))
    }

    /// `self - other`.
    pub fn sub(&self, other: Timespan) -> Result<Timespan> {
        span(self.nanos.checked_sub(other.nanos))
    }

    /// `self + seconds` (Integer).
    pub fn add_int(&self, s: i64) -> Result<Timespan> {
        span(self.nanos.checked_add(s as i128 * NANOS_PER_SEC))
    }

    /// `self + seconds` (Float, truncated to nanoseconds).
    pub fn add_float(&self, s: f64) -> Result<Timespan> {
        span(self.nanos.checked_add(float_to_i128(s * 1e9)?))
    }

    /// `-self`.
    pub fn neg(&self) -> Result<Timespan> {
        span(self.nanos.checked_neg())
    }

    /// `self * n` (Integer).
    pub fn mul_int(&self, n: i64) -> Result<Timespan> {
        span(self.nanos.checked_mul(n as i128))
    }

    /// `self * f` (Float, truncated).
    pub fn mul_float(&self, f: f64) -> Result<Timespan> {
        Ok(Timespan::new(float_to_i128(self.nanos as f64 * f)?))
    }

    /// `self / n` (Integer, floored); division by zero is an error.
    pub fn div_int(&self, n: i64) -> Result<Timespan> {
        if n == 0 {
            return Err(Error::argument("Division by 0"));
        }
        span(floor_div(self.nanos, n as i128))
    }

    /// `self / f` (Float, floored); division by zero is an error.
    pub fn div_float(&self, f: f64) -> Result<Timespan> {
        if f == 0.0 {
            return Err(Error::argument("Division by 0"));
        }
        let q = (self.nanos as f64 / f).floor();
        Ok(Timespan::new(float_to_i128(q)?))
    }

    /// `self / other`: the ratio as a Float.
    pub fn div_timespan(&self, other: Timespan) -> f64 {
        self.nanos as f64 / other.nanos as f64
    }
}

/// Integer division rounding toward negative infinity, as Ruby's (`None` on overflow or zero divisor).
pub fn floor_div(a: i128, b: i128) -> Option<i128> {
    let q = a.checked_div(b)?;
    Some(if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// A checked result as a Timespan.
pub(crate) fn span(n: Option<i128>) -> Result<Timespan> {
    n.map(Timespan::new)
        .ok_or_else(|| Error::argument("Timespan out of range"))
}

impl fmt::Display for Timespan {
    /// The default text: `%D-%H:%M:%S.%-N` (e.g. `0-00:00:13.5`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&default_format().format(*self))
    }
}

fn default_format() -> &'static TimespanFormat {
    static F: OnceLock<TimespanFormat> = OnceLock::new();
    F.get_or_init(|| TimespanFormat::compile(DEFAULT_FORMATS[0]).expect("default format"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timespan_examples() {
        assert_eq!(
            Timespan::from_float_seconds(13.5).unwrap().to_string(),
            "0-00:00:13.5"
        );
        assert_eq!(
            Timespan::from_fields(false, 4, 0, 0, 0, 0, 0, 0).to_string(),
            "4-00:00:00.0"
        );
        assert_eq!(
            Timespan::from_fields(false, 4, 0, 0, 2, 0, 0, 0).to_string(),
            "4-00:00:02.0"
        );
        // The reference cannot parse '13:20' with its defaults (the seed says it can).
        assert!(Timespan::parse_default("13:20").is_err());
        assert_eq!(
            { Timespan::parse("10:03.5", "%M:%S.%L").unwrap().nanos },
            603_500_000_000
        );
        assert_eq!(
            { Timespan::parse("10:03.5", "%M:%S.%N").unwrap().nanos },
            603_500_000_000
        );
    }

    #[test]
    fn timespan_format_flags() {
        let t = Timespan::from_float_seconds(0.005).unwrap();
        assert_eq!(
            t.format("%L|%3L|%-L|%_L|%N|%3N|%-N|%_5N|%S.%L").unwrap(),
            "5  |5  |5|5  |5000000  |5  |5|5    |00.5  "
        );
        let t = Timespan::from_float_seconds(3725.5).unwrap();
        assert_eq!(
            t.format("%H:%M|%M|%S|%D %H|%_H|%-M|%5S|%_5S").unwrap(),
            "01:02|02|05|0 01| 1|2|00005|    5"
        );
        assert_eq!(
            Timespan::parse("1", "%-_H").unwrap_err().message,
            "Bad format specifier '%-' in '%-_H', at position 2"
        );
    }

    #[test]
    fn timespan_float_type_bounds() {
        let text = |s: f64| {
            TimespanBound::from_float(Timespan::from_float_seconds(s).unwrap().nanos).text()
        };
        assert_eq!(text(1.5), "0-00:00:01.500000000");
        assert_eq!(text(-1.5), "-0-00:00:01.500000000");
        assert_eq!(text(0.001), "0-00:00:00.1000000");
        assert_eq!(text(100.123456789), "0-00:01:40.123456789");
        assert_eq!(text(2.0), "0-00:00:02.0");
        let exact = TimespanBound::from(Timespan::from_float_seconds(1.5).unwrap());
        assert_eq!(exact.text(), "0-00:00:01.5");
        assert_eq!(
            exact,
            TimespanBound::from_float(Timespan::from_float_seconds(1.5).unwrap().nanos)
        );
    }

    #[test]
    fn timespan_readers() {
        let t = Timespan::from_fields(true, 1, 2, 3, 4, 5, 6, 7);
        assert_eq!(
            (
                t.days(),
                t.hours(),
                t.minutes(),
                t.seconds(),
                t.milliseconds(),
                t.nanoseconds()
            ),
            (1, 2, 3, 4, 5, 5_006_007)
        );
        assert!(t.is_negative());
    }

    #[test]
    fn timespan_arithmetic() {
        let t = Timespan::from_seconds(10);
        assert_eq!({ t.div_int(3).unwrap().nanos }, 3_333_333_333);
        assert_eq!(t.div_timespan(Timespan::from_seconds(4)), 2.5);
        assert_eq!({ t.mul_float(1.5).unwrap().nanos }, 15_000_000_000);
        assert_eq!(
            Timespan::from_float_seconds(-1.5).unwrap().cmp_int(-1),
            Ordering::Less
        );
        assert!(t.div_int(0).is_err());
    }
}
