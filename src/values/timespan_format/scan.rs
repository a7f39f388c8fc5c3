//! Matching a Timespan format's regex by hand on ASCII text.
//!
//! A format compiles to a Ruby-syntax regex (`\A-?` then a group per
//! segment, then `\z`). When no value field is followed directly by another
//! field or by a literal starting with a character the field could take, the
//! greedy match never has to back off, and [`fields`] finds the same
//! captures as the regex with a single pass (no regex engine set-up, no
//! allocation). Other formats, and non-ASCII text (whose `\s` also matches
//! non-ASCII blanks), use the regex.

use super::{Fields, Seg};

/// `\s` on ASCII: space, `\t`, `\n`, `\v`, `\f`, `\r`.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t'..=b'\r')
}

/// What one value field's regex group matches: optional leading blanks
/// (`\s*`, outside the group), then `min..=max` characters of the class.
struct Field {
    lead_space: bool,
    spaces: bool,
    min: usize,
    max: usize,
}

/// The matcher of a `Seg::Val` (as `compile` writes its regex).
fn field(seg: &Seg) -> Option<Field> {
    let Seg::Val {
        unit,
        pad,
        width,
        total,
    } = seg
    else {
        return None;
    };
    let dw = super::default_width(*unit);
    let (lead_space, spaces, min, max) = match (width, pad) {
        (None, Some(' ')) if *total => (true, false, 1, usize::MAX),
        (None, Some(' ')) => (false, true, 1, dw),
        (None, _) if *total => (false, false, 1, usize::MAX),
        (None, _) => (false, false, 1, dw),
        (Some(w), None) => (false, false, 1, *w),
        (Some(w), Some('0')) => (false, false, *w, *w),
        (Some(w), _) => (false, true, *w, *w),
    };
    Some(Field {
        lead_space,
        spaces,
        min,
        max,
    })
}

/// True when [`fields`] gives the regex's captures for these segments.
pub(super) fn scannable(segs: &[Seg]) -> bool {
    if let Some(Seg::Lit(l)) = segs.first() {
        // `-?` could then give back the sign to the literal
        if l.starts_with('-') {
            return false;
        }
    }
    segs.iter().enumerate().all(|(i, seg)| match seg {
        Seg::Lit(l) => !l.is_empty(),
        Seg::Val { width, .. } => {
            *width != Some(0)
                && match segs.get(i + 1) {
                    None => true,
                    Some(Seg::Lit(l)) => l
                        .bytes()
                        .next()
                        .is_some_and(|c| !c.is_ascii_digit() && !is_space(c)),
                    Some(Seg::Val { .. }) => false,
                }
        }
    })
}

/// The (start, end) of each value field of `b` (ASCII), as the regex of the
/// `scannable` segments captures them; `None` when the regex does not match.
pub(super) fn fields(segs: &[Seg], b: &[u8]) -> Option<Fields> {
    let mut out = Fields::new();
    let mut i = usize::from(b.first() == Some(&b'-'));
    for seg in segs {
        if let Seg::Lit(l) = seg {
            if !b[i..].starts_with(l.as_bytes()) {
                return None;
            }
            i += l.len();
            continue;
        }
        let f = field(seg)?;
        if f.lead_space {
            while i < b.len() && is_space(b[i]) {
                i += 1;
            }
        }
        let start = i;
        while i < b.len()
            && i - start < f.max
            && (b[i].is_ascii_digit() || (f.spaces && is_space(b[i])))
        {
            i += 1;
        }
        if i - start < f.min {
            return None;
        }
        out.push((start, i));
    }
    (i == b.len()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::super::{Miss, TimespanFormat};
    use super::*;

    /// Formats beside the defaults: flags and widths, and ones the scanner refuses.
    const OTHER_FORMATS: [&str; 17] = [
        "%_H:%_M",
        "%_D %_H",
        "%-H h %3M",
        "%_3S|%05L",
        "%2H%2M",
        "-%S",
        "x%-S.%_2N",
        "%D 1%H",
        "%H %M",
        "%00S",
        "%0S",
        "%%%S%%",
        "",
        "%L",
        "%D-%N",
        "%_S",
        "%_2D:%_3H",
    ];

    /// The default formats, then the others.
    fn formats() -> impl Iterator<Item = &'static str> {
        crate::values::timespan::DEFAULT_FORMATS
            .into_iter()
            .chain(OTHER_FORMATS)
    }

    /// Strings over the formats' characters (deterministic pseudo-random).
    fn samples() -> Vec<String> {
        let pieces = [
            "0", "1", "12", "123", "99999", " ", "  ", "\t", "\x0b", "-", ":", ".", "|", "h", "x",
            "%", "1-", "00:", "13.5", "1 ", "a",
        ];
        let mut out = vec![
            String::new(),
            "1-00:00:00".into(),
            "0-00:00:13.5".into(),
            "-1:2".into(),
            "99999999999999999999999999999999999999999".into(),
        ];
        out.extend(crate::testutil::concatenations(
            &pieces,
            4000,
            7,
            0x2545_F491_4F6C_DD1D,
            (9, 5),
        ));
        out
    }

    #[test]
    fn timespan_scanner_agrees_with_the_format_regex() {
        let samples = samples();
        let (mut scanned, mut matched) = (0, 0);
        for text in formats() {
            let f = TimespanFormat::compile(text).unwrap();
            if !f.scannable {
                continue;
            }
            scanned += 1;
            for s in &samples {
                let caps = f.regex.captures(s).map(|c| {
                    let mut v = Fields::new();
                    for (i, seg) in f.segs.iter().enumerate() {
                        if let Seg::Val { .. } = seg {
                            v.push(c.pos(i + 1).unwrap());
                        }
                    }
                    v
                });
                let got = fields(&f.segs, s.as_bytes());
                assert_eq!(got, caps, "format {text:?} on {s:?}");
                matched += usize::from(got.is_some());
            }
        }
        assert!(scanned >= 18 && matched > 300, "{scanned} {matched}");
    }

    #[test]
    fn timespan_scanner_refuses_formats_needing_back_off() {
        for text in ["-%S", "%2H%2M", "%D 1%H", "%H %M", "%00S"] {
            assert!(!TimespanFormat::compile(text).unwrap().scannable, "{text}");
        }
        for text in ["%D-%H:%M:%S.%-N", "%S", "%_H:%_M", ""] {
            assert!(TimespanFormat::compile(text).unwrap().scannable, "{text}");
        }
    }

    #[test]
    fn timespan_try_parse_agrees_with_parse() {
        for text in formats() {
            let f = TimespanFormat::compile(text).unwrap();
            for s in samples() {
                let full = f.parse(&s);
                assert_eq!(
                    f.try_parse(&s),
                    full.as_ref().ok().copied(),
                    "{text:?} {s:?}"
                );
                if f.eval(&s) == Err(Miss::NoMatch) {
                    let e = full.unwrap_err().to_string();
                    assert!(e.contains("using format"), "{e}");
                }
            }
        }
    }
}
