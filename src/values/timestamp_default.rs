//! A direct reader for the usual text of a timestamp under the default
//! formats (`2016-09-06T08:34:59.000000000 UTC`, `2016-09-06 08:34:59`,
//! `2016-09-06`, `2016-09-06 UTC`): a four-digit year, a two-digit month and
//! day, then optionally `T` or a blank and a two-digit hour, minute and
//! second with an optional fraction, then optionally a blank and a zone name
//! of letters. The fields are the ones the first matching format of
//! [`DEFAULT_FORMATS`](super::timestamp::DEFAULT_FORMATS) finds (checked by
//! the differential test in `timestamp`); any other text is left to
//! `strptime_first`, as are out-of-range fields and the zone `current`.

use super::strptime::Parsed;

/// The fields of `s` (without its zone) and its zone name, when `s` has the usual shape.
pub(super) fn read(s: &str) -> Option<(Parsed, Option<&str>)> {
    let b = s.as_bytes();
    // the two-digit number at `at`, when it lies in `lo..=hi`
    let two = |at: usize, lo: i64, hi: i64| -> Option<i64> {
        match b.get(at..at + 2)? {
            [x @ b'0'..=b'9', y @ b'0'..=b'9'] => {
                let n = i64::from(x - b'0') * 10 + i64::from(y - b'0');
                (lo..=hi).contains(&n).then_some(n)
            }
            _ => None,
        }
    };
    let mut p = Parsed::default();
    p.year = Some(two(0, 0, 99)? * 100 + two(2, 0, 99)?);
    if b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
        return None;
    }
    p.mon = Some(two(5, 1, 12)?);
    p.mday = Some(two(8, 1, 31)?);
    let mut i = 10;
    if matches!(b.get(i), Some(b'T' | b' ')) && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        p.hour = Some(two(11, 0, 24)?);
        if b.get(13) != Some(&b':') || b.get(16) != Some(&b':') {
            return None;
        }
        p.min = Some(two(14, 0, 59)?);
        p.sec = Some(two(17, 0, 60)?);
        i = 19;
        if b.get(i) == Some(&b'.') {
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits == 0 || digits > 30 {
                return None;
            }
            let n = b[i + 1..i + 1 + digits]
                .iter()
                .fold(0i128, |n, &c| n * 10 + i128::from(c - b'0'));
            p.sec_fraction = Some((n, digits as u32));
            i += 1 + digits;
        }
    }
    if i == b.len() {
        return Some((p, None));
    }
    // (only a space may come before a zone name; checked first, so that the
    // zone's text starts on a character boundary)
    if b[i] != b' ' {
        return None;
    }
    let zone = &s[i + 1..];
    let letters = !zone.is_empty() && zone.bytes().all(|c| c.is_ascii_alphabetic());
    (letters && !zone.eq_ignore_ascii_case("current")).then_some((p, Some(zone)))
}
