//! The Timespan format language: `%D %H %M %S %L %N` with flags `-` (no
//! padding), `_` (spaces), `0` (zeros) and a width. The highest magnitude
//! directive of a format shows, and accepts, the total rather than the
//! remainder; fraction directives (`%L`, `%N`) drop trailing zeros unless the
//! `0` pad is given, and are left-justified in their width when padded.

mod scan;

use super::timespan::{Timespan, NANOS_PER_SEC};
use crate::error::{Error, Result};
use onig::Regex;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

const NS_MS: i128 = 1_000_000;
const NS_MIN: i128 = 60 * NANOS_PER_SEC;
const NS_HOUR: i128 = 60 * NS_MIN;
const NS_DAY: i128 = 24 * NS_HOUR;
/// Widths above this are refused rather than producing huge strings.
const MAX_WIDTH: usize = 1 << 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    N,
    L,
    S,
    M,
    H,
    D,
}

#[derive(Clone, Debug)]
enum Seg {
    Lit(String),
    Val {
        unit: Unit,
        /// `None` = no padding (`-`), `Some(' ')` or `Some('0')`.
        pad: Option<char>,
        width: Option<usize>,
        total: bool,
    },
}

/// A compiled Timespan format.
#[derive(Debug)]
pub struct TimespanFormat {
    text: String,
    segs: Vec<Seg>,
    regex: Regex,
    /// Whether [`scan`] gives the regex's captures on ASCII text.
    scannable: bool,
}

/// Why a string does not parse with a format (the error text is built only
/// when it is reported).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Miss {
    /// The string does not have the format's shape.
    NoMatch,
    /// A field overflows.
    TooLarge,
    /// A fraction directive is the highest one.
    Fraction,
}

/// The (start, end) of the value fields matched, one per `Seg::Val`.
type Fields = smallvec::SmallVec<[(usize, usize); 8]>;

fn default_width(u: Unit) -> usize {
    match u {
        Unit::D => 1,
        Unit::L => 3,
        Unit::N => 9,
        _ => 2,
    }
}

/// Escape text for use as a literal in a Ruby regexp.
pub fn regex_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            c if c.is_ascii() && !c.is_ascii_alphanumeric() && c != '_' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

fn bad_spec(chars: &[char], start: usize, pos: usize, text: &str) -> Error {
    let expr: String = chars[start..pos.max(start)].iter().collect();
    Error::argument(format!(
        "Bad format specifier '{expr}' in '{text}', at position {pos}"
    ))
}

impl TimespanFormat {
    /// The compiled format for `text`, from a small process-wide cache
    /// (formats are compiled to regexes, which is the costly part).
    pub fn cached(text: &str) -> Result<Arc<TimespanFormat>> {
        static CACHE: OnceLock<Mutex<HashMap<String, Arc<TimespanFormat>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        if let Some(f) = cache.lock().ok().and_then(|c| c.get(text).cloned()) {
            return Ok(f);
        }
        let f = Arc::new(TimespanFormat::compile(text)?);
        // (a long format is not kept: 256 entries of at most 4 KiB of text)
        if text.len() <= 4096 {
            if let Ok(mut c) = cache.lock() {
                if c.len() >= 256 {
                    c.clear();
                }
                c.insert(text.to_string(), f.clone());
            }
        }
        Ok(f)
    }

    /// Compile a format string; bad directives are argument errors naming the position.
    pub fn compile(text: &str) -> Result<TimespanFormat> {
        let chars: Vec<char> = text.chars().collect();
        let mut segs: Vec<Seg> = Vec::new();
        #[derive(PartialEq)]
        enum St {
            Lit,
            Pad,
            Width,
        }
        let mut st = St::Lit;
        let (mut pad, mut width, mut start) = (Some('0'), None::<usize>, 0usize);
        let mut highest: Option<Unit> = None;
        let mut pos = 0usize;
        for (i, &c) in chars.iter().enumerate() {
            pos = i;
            if st == St::Lit {
                if c == '%' {
                    st = St::Pad;
                    start = i;
                    pad = Some('0');
                    width = None;
                } else if let Some(Seg::Lit(s)) = segs.last_mut() {
                    s.push(c);
                } else {
                    segs.push(Seg::Lit(c.to_string()));
                }
                continue;
            }
            let unit = match c {
                '%' => {
                    if let Some(Seg::Lit(s)) = segs.last_mut() {
                        s.push('%');
                    } else {
                        segs.push(Seg::Lit("%".into()));
                    }
                    st = St::Lit;
                    continue;
                }
                '-' | '_' => {
                    if st != St::Pad {
                        return Err(bad_spec(&chars, start, i, text));
                    }
                    pad = if c == '-' { None } else { Some(' ') };
                    st = St::Width;
                    continue;
                }
                'D' => Unit::D,
                'H' => Unit::H,
                'M' => Unit::M,
                'S' => Unit::S,
                'L' => Unit::L,
                'N' => Unit::N,
                d if d.is_ascii_digit() => {
                    if st == St::Pad && d == '0' {
                        pad = Some('0');
                    } else {
                        let n = d as usize - '0' as usize;
                        width = Some(width.unwrap_or(0).saturating_mul(10).saturating_add(n));
                    }
                    st = St::Width;
                    continue;
                }
                _ => return Err(bad_spec(&chars, start, i, text)),
            };
            if unit == Unit::D || highest.map_or(true, |h| unit > h) {
                highest = Some(unit);
            }
            segs.push(Seg::Val {
                unit,
                pad,
                width,
                total: false,
            });
            st = St::Lit;
        }
        if st != St::Lit {
            return Err(bad_spec(&chars, start, pos, text));
        }
        if segs
            .iter()
            .any(|s| matches!(s, Seg::Val { width: Some(w), .. } if *w > MAX_WIDTH))
        {
            return Err(Error::argument(format!(
                "Bad format '{text}': field width too large"
            )));
        }
        if let Some(h) = highest {
            if let Some(Seg::Val { total, .. }) = segs
                .iter_mut()
                .find(|s| matches!(s, Seg::Val { unit, .. } if *unit == h))
            {
                *total = true;
            }
        }
        let mut re = String::from("\\A-?");
        for s in &segs {
            match s {
                Seg::Lit(l) => {
                    re.push('(');
                    re.push_str(&regex_escape(l));
                    re.push(')');
                }
                Seg::Val {
                    unit,
                    pad,
                    width,
                    total,
                } => {
                    let dw = default_width(*unit);
                    re.push_str(&match (width, pad) {
                        (None, Some(' ')) if *total => "\\s*([0-9]+)".to_string(),
                        (None, Some(' ')) => format!("([0-9\\s]{{1,{dw}}})"),
                        (None, _) if *total => "([0-9]+)".to_string(),
                        (None, _) => format!("([0-9]{{1,{dw}}})"),
                        (Some(w), None) => format!("([0-9]{{1,{w}}})"),
                        (Some(w), Some('0')) => format!("([0-9]{{{w}}})"),
                        (Some(w), _) => format!("([0-9\\s]{{{w}}})"),
                    });
                }
            }
        }
        re.push_str("\\z");
        let regex = Regex::with_options(
            &re,
            onig::RegexOptions::REGEX_OPTION_NONE,
            onig::Syntax::ruby(),
        )
        .map_err(|e| Error::argument(format!("Bad format '{text}': {e}")))?;
        let scannable = scan::scannable(&segs);
        Ok(TimespanFormat {
            text: text.to_string(),
            segs,
            regex,
            scannable,
        })
    }

    /// The format text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Parse a string with this format.
    pub fn parse(&self, s: &str) -> Result<Timespan> {
        self.eval(s).map_err(|m| match m {
            Miss::NoMatch => Error::argument(format!(
                "Unable to parse '{s}' using format '{}'",
                self.text
            )),
            Miss::TooLarge => Error::argument(format!("Unable to parse '{s}': value too large")),
            Miss::Fraction => Error::argument("Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude"),
        })
    }

    /// [`TimespanFormat::parse`] without the error: `None` exactly when it fails.
    pub fn try_parse(&self, s: &str) -> Option<Timespan> {
        self.eval(s).ok()
    }

    /// The value fields' positions, as the format's regex captures them.
    fn fields(&self, s: &str) -> Option<Fields> {
        if self.scannable && s.is_ascii() {
            return scan::fields(&self.segs, s.as_bytes());
        }
        let caps = self.regex.captures(s)?;
        let mut out = Fields::new();
        for (i, seg) in self.segs.iter().enumerate() {
            if let Seg::Val { .. } = seg {
                out.push(caps.pos(i + 1).unwrap_or((0, 0)));
            }
        }
        Some(out)
    }

    fn eval(&self, s: &str) -> std::result::Result<Timespan, Miss> {
        let fields = self.fields(s).ok_or(Miss::NoMatch)?;
        let vals = self.segs.iter().filter_map(|seg| match seg {
            Seg::Val { unit, total, .. } => Some((*unit, *total)),
            Seg::Lit(_) => None,
        });
        let mut ns: i128 = 0;
        for ((unit, total), (a, b)) in vals.zip(fields) {
            // leading blanks and NULs dropped (all single bytes)
            let field = &s.as_bytes()[a..b];
            let blanks = field
                .iter()
                .take_while(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0))
                .count();
            let g = &field[blanks..];
            if g.is_empty() || !g.iter().all(u8::is_ascii_digit) {
                return Err(Miss::NoMatch);
            }
            // below 10^18 a value cannot overflow, even times a day in
            // nanoseconds, and 64-bit arithmetic is cheaper
            let small = g.len() <= 18;
            let n = if small {
                Some(i128::from(
                    g.iter().fold(0u64, |n, d| n * 10 + u64::from(d - b'0')),
                ))
            } else {
                g.iter().try_fold(0i128, |n, d| {
                    n.checked_mul(10)?.checked_add(i128::from(d - b'0'))
                })
            };
            let n = n.ok_or(Miss::TooLarge)?;
            let add = match unit {
                Unit::L | Unit::N => {
                    if total {
                        return Err(Miss::Fraction);
                    }
                    if g.len() < 9 {
                        n.checked_mul(10i128.pow(9 - g.len() as u32))
                    } else {
                        Some(n)
                    }
                }
                u => {
                    let per = match u {
                        Unit::D => NS_DAY,
                        Unit::H => NS_HOUR,
                        Unit::M => NS_MIN,
                        _ => NANOS_PER_SEC,
                    };
                    if small {
                        Some(n * per)
                    } else {
                        n.checked_mul(per)
                    }
                }
            };
            ns = add.and_then(|a| ns.checked_add(a)).ok_or(Miss::TooLarge)?;
        }
        Ok(Timespan::new(if s.starts_with('-') { -ns } else { ns }))
    }

    /// Format a timespan.
    pub fn format(&self, t: Timespan) -> String {
        let mut out = String::new();
        if t.is_negative() {
            out.push('-');
        }
        let abs = t.nanos.unsigned_abs() as i128;
        for seg in &self.segs {
            match seg {
                Seg::Lit(l) => out.push_str(l),
                Seg::Val {
                    unit,
                    pad,
                    width,
                    total,
                } => {
                    let w = width.unwrap_or(default_width(*unit));
                    // Whole units of the value, then (unless `total`) only
                    // the part below the next larger unit.
                    let part = |per: i128, modulus: i128| {
                        if *total {
                            abs / per
                        } else {
                            abs / per % modulus
                        }
                    };
                    let v = match unit {
                        Unit::D => abs / NS_DAY,
                        Unit::H => part(NS_HOUR, 24),
                        Unit::M => part(NS_MIN, 60),
                        Unit::S => part(NANOS_PER_SEC, 60),
                        Unit::L => part(NS_MS, 1000),
                        // Fewer than 9 digits keep the leading ones.
                        Unit::N if w < 9 => part(10i128.pow(9 - w as u32), 10i128.pow(w as u32)),
                        Unit::N => part(1, NANOS_PER_SEC),
                    };
                    if matches!(unit, Unit::L | Unit::N) {
                        let mut digits = v.to_string();
                        if !*total && *pad != Some('0') {
                            let trimmed = digits.trim_end_matches('0');
                            digits = if trimmed.is_empty() {
                                "0".into()
                            } else {
                                trimmed.into()
                            };
                        }
                        match pad {
                            None => out.push_str(&digits),
                            Some(_) => out.push_str(&format!("{digits:<w$}")),
                        }
                    } else {
                        match pad {
                            None => out.push_str(&v.to_string()),
                            Some(' ') => out.push_str(&format!("{v:>w$}")),
                            Some(_) => out.push_str(&format!("{v:0>w$}")),
                        }
                    }
                }
            }
        }
        out
    }
}
