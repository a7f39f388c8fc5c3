//! Measures uncached TypeParser throughput over spec/fixtures/type_strings.txt.
//!
//! Usage: `cargo run --release --example type_parse_speed [-- ROUNDS]` prints µs per
//! string (best of several runs) for lexing alone, the expression parse alone,
//! the whole uncached TypeParser parse, and the program parse.

use puppet_types::syntax::lexer::Lexer;
use puppet_types::syntax::token::TokenKind;
use puppet_types::types::parse::TypeParser;
use std::time::Instant;

/// Best time per string (µs) of `f` over all `strings`, `rounds` times, in 7 runs.
fn best(strings: &[&str], rounds: usize, f: impl Fn(&str)) -> f64 {
    (0..7)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..rounds {
                for s in strings {
                    f(s);
                }
            }
            t.elapsed().as_secs_f64() / (strings.len() * rounds) as f64 * 1e6
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let text = std::fs::read_to_string("spec/fixtures/type_strings.txt").expect("fixture");
    let parser = TypeParser::new().cached(false);
    let strings: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|s| parser.parse(s).is_ok())
        .collect();
    if std::env::args().nth(2).as_deref() == Some("profile") {
        // only the uncached TypeParser, for a profiler
        best(&strings, rounds, |s| {
            let _ = std::hint::black_box(parser.parse(s));
        });
        return;
    }
    let lex = best(&strings, rounds, |s| {
        let mut l = Lexer::new(s);
        while let Ok(t) = l.next_token() {
            if t.kind == TokenKind::Eof {
                break;
            }
            std::hint::black_box(t);
        }
    });
    let single = best(&strings, rounds, |s| {
        let _ = std::hint::black_box(puppet_types::syntax::parser::parse_type_expression(s));
    });
    let full = best(&strings, rounds, |s| {
        let _ = std::hint::black_box(parser.parse(s));
    });
    let program = best(&strings, rounds, |s| {
        let _ = std::hint::black_box(puppet_types::syntax::parser::parse_syntax(s, false));
    });
    if std::env::args().nth(2).as_deref() == Some("detail") {
        // the strings whose interpretation (beyond the expression parse) costs most
        let mut costs: Vec<(f64, f64, &str)> = strings
            .iter()
            .map(|s| {
                let one = [*s];
                let p = best(&one, rounds, |s| {
                    let _ = std::hint::black_box(
                        puppet_types::syntax::parser::parse_type_expression(s),
                    );
                });
                let f = best(&one, rounds, |s| {
                    let _ = std::hint::black_box(parser.parse(s));
                });
                (f - p, p, *s)
            })
            .collect();
        costs.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (i, p, s) in costs.iter().take(25) {
            println!("interp {i:7.3} parse {p:7.3}  {s}");
        }
    }
    println!(
        "{} strings, µs/string: lex {lex:.3}, parse_type_expression {single:.3}, TypeParser (uncached) {full:.3}, parse_syntax {program:.3}",
        strings.len()
    );
}
