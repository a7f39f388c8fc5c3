//! Measures uncached TypeParser throughput over spec/fixtures/type_strings.txt.
//!
//! Usage: `cargo run --release --example type_parse_speed [-- ROUNDS]` prints µs per
//! string for the uncached parse (and for the syntax parse alone).

use puppet_types::types::parse::TypeParser;
use std::time::Instant;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let text = std::fs::read_to_string("spec/fixtures/type_strings.txt").expect("fixture");
    let parser = TypeParser::new().cached(false);
    let strings: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|s| parser.parse(s).is_ok())
        .collect();
    let n = (strings.len() * rounds) as f64;
    let t = Instant::now();
    for _ in 0..rounds {
        for s in &strings {
            let _ = std::hint::black_box(parser.parse(s));
        }
    }
    let full = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for _ in 0..rounds {
        for s in &strings {
            let _ = std::hint::black_box(puppet_types::syntax::parser::parse_syntax(s, false));
        }
    }
    let syntax = t.elapsed().as_secs_f64();
    println!(
        "{} strings x {rounds}: TypeParser (uncached) {:.2} µs/string, parse_syntax {:.2} µs/string",
        strings.len(),
        full / n * 1e6,
        syntax / n * 1e6
    );
}
