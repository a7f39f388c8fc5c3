//! Seeded mutation fuzzing: random byte-level edits of the fixture sources must
//! never panic the lexer, parser, validator, recovery mode or PN printer.

use puppet_types::syntax::{parse, parse_epp, parse_with_recovery};
use std::path::Path;

/// A small deterministic PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "{", "}", "[", "]", "(", ")", "\"", "'", "$", "${", "|", "<%", "%>", "@(E)", "\nE\n", "/",
    "\\", ",", ";", ":", "=>", "->", "<|", "|>", "?", "*", "-", "!", "#", "/*", "\u{e9}",
    "\u{2003}", "0x", "08", "1e", "::", "@@",
];

fn mutate(src: &str, rng: &mut Rng) -> String {
    let mut s: Vec<char> = src.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(s.len() + 1);
        match rng.below(3) {
            0 if !s.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(s.len());
                s.drain(at.min(s.len())..end);
            }
            1 => {
                let piece = PIECES[rng.below(PIECES.len())];
                for (i, c) in piece.chars().enumerate() {
                    s.insert((at + i).min(s.len()), c);
                }
            }
            _ if s.len() > 2 => {
                let a = rng.below(s.len());
                let b = rng.below(s.len());
                s.swap(a, b);
            }
            _ => {}
        }
    }
    s.into_iter().collect()
}

#[test]
fn mutated_fixtures_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut sources = Vec::new();
    for dir in ["ok", "err"] {
        for e in std::fs::read_dir(root.join(dir)).expect("fixtures") {
            let p = e.expect("entry").path();
            if matches!(p.extension().and_then(|x| x.to_str()), Some("pp" | "epp")) {
                sources.push(std::fs::read_to_string(&p).expect("read"));
            }
        }
    }
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut rejected = 0;
    let iters: usize = std::env::var("FUZZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    for i in 0..iters {
        let src = mutate(&sources[i % sources.len()], &mut rng);
        match parse(&src) {
            Ok(p) => {
                let _ = p.to_pn();
                let _ = p.to_pn_data();
            }
            Err(e) => {
                rejected += 1;
                assert!(
                    e.span.is_some() || e.message.starts_with("Language validation"),
                    "{e:?}"
                );
            }
        }
        let _ = parse_epp(&src);
        let (p, _) = parse_with_recovery(&src);
        let _ = p.to_pn();
    }
    assert!(
        rejected > 100,
        "mutations should break most sources ({rejected})"
    );
}
