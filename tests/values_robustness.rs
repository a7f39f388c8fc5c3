//! Arbitrary input never panics the rich-value parsers and formatters: a
//! deterministic stream of random strings (over the characters these grammars
//! care about) goes through every entry point; only `Ok` or `Err` may come back.

use puppet_types::values::semver_range::SemVerRange;
use puppet_types::values::{Binary, SemVer, Timespan, Timestamp, Uri};

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn string(&mut self, alphabet: &[char], max: u64) -> String {
        let n = self.next() % max;
        (0..n)
            .map(|_| alphabet[(self.next() % alphabet.len() as u64) as usize])
            .collect()
    }
}

const ALPHA: &str = "0123456789.-+xX*~^<>=| vabcAZ:%/?#@[]_!$&'()\t\nNLSDHMYmdzZjeksGVuwpPTFcrRv é";

#[test]
fn random_input_never_panics() {
    let alphabet: Vec<char> = ALPHA.chars().collect();
    let mut r = Lcg(7);
    for _ in 0..10_000 {
        let s = r.string(&alphabet, 24);
        let f = r.string(&alphabet, 12);
        let _ = SemVer::parse(&s);
        let _ = SemVerRange::parse(&s).map(|x| (x.includes(&SemVer::new(1, 2, 3)), x.canonical()));
        let _ = Timespan::parse(&s, &f);
        let _ = Timespan::parse_default(&s);
        let _ = Timespan::new(r.next() as i128 * 1_000_003).format(&f);
        let _ = Timestamp::parse(&s, Some(&[f.as_str()]), true, None);
        let _ = Timestamp::parse(&s, None, false, Some(&f));
        let _ = Timestamp::new(r.next() as i128 * 1_000_000_007).format(&f, None);
        let _ = Timestamp::new(0).format(&s, Some(&f));
        let _ = Uri::parse(&s).and_then(|u| Uri::parse(&f).and_then(|v| u.merge(&v)));
        let _ = Binary::from_string(&s, Some("%b"));
        let _ = Binary::from_string(&s, Some("%u"));
        let _ = Binary::from_string(&s, None);
    }
}

#[test]
fn huge_widths_and_numbers_are_errors() {
    assert!(Timespan::new(1).format("%99999999999D").is_err());
    assert!(Timestamp::new(0).format("%99999999999Y", None).is_err());
    assert!(Timespan::parse("99999999999999999999999999999999999999999", "%S").is_err());
    assert!(Timestamp::parse("99999999999999999999-01-01", Some(&["%F"]), true, None).is_err());
    // a huge offset is accepted (as by the reference), without overflow
    let _ = Timestamp::parse(
        "2016-01-01 +99999999999999:00",
        Some(&["%F %z"]),
        true,
        None,
    );
    assert!(Timespan::new(i128::MAX / 2).mul_int(4).is_err());
}
