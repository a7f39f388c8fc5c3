//! Text of the rich values that appear as type parameters (Timespan,
//! Timestamp and SemVerRange bounds), in the form the reference prints them
//! inside a type: `'0-00:00:01.0'`, `'1970-01-01T00:00:01.000000000 UTC'`,
//! `'>=1.0.0 <2.0.0'`.

use crate::values::{SemVerRange, Timespan, Timestamp};

const NANOS_PER_SEC: i128 = 1_000_000_000;

/// `D-HH:MM:SS.F`: the Timespan's default text (`%D-%H:%M:%S.%-N`).
pub fn timespan_text(t: &Timespan) -> String {
    t.to_string()
}

/// `YYYY-MM-DDTHH:MM:SS.NNNNNNNNN UTC`.
pub fn timestamp_text(t: &Timestamp) -> String {
    let secs = t.nanos.div_euclid(NANOS_PER_SEC);
    let frac = t.nanos.rem_euclid(NANOS_PER_SEC);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:09} UTC",
        y,
        m,
        d,
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        frac
    )
}

/// Gregorian (year, month, day) of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// The range as the reference prints it inside `SemVer[...]`: its text form.
pub fn semver_range_text(r: &SemVerRange) -> String {
    r.text().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timespan_text_is_the_reference_days_hours_form() {
        assert_eq!(
            timespan_text(&Timespan {
                nanos: 1_000_000_000
            }),
            "0-00:00:01.0"
        );
        assert_eq!(
            timespan_text(&Timespan {
                nanos: 1_500_000_000
            }),
            "0-00:00:01.5"
        );
        assert_eq!(
            timespan_text(&Timespan {
                nanos: 3600 * NANOS_PER_SEC
            }),
            "0-01:00:00.0"
        );
        assert_eq!(
            timespan_text(&Timespan {
                nanos: 86_400 * NANOS_PER_SEC
            }),
            "1-00:00:00.0"
        );
    }

    #[test]
    fn timestamp_text_is_utc_with_nanoseconds() {
        assert_eq!(
            timestamp_text(&Timestamp {
                nanos: 1_000_000_000
            }),
            "1970-01-01T00:00:01.000000000 UTC"
        );
        assert_eq!(
            timestamp_text(&Timestamp {
                nanos: 1_577_836_800 * NANOS_PER_SEC
            }),
            "2020-01-01T00:00:00.000000000 UTC"
        );
    }
}
