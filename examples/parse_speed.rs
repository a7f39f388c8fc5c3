//! Measures lexing and parsing throughput over a set of manifests.
//!
//! Usage: `cargo run --release --example parse_speed -- FILE...` prints MB/s for
//! lexing, parsing with validation, and PN generation (each over several rounds).

use std::time::Instant;

fn main() {
    let files: Vec<String> = std::env::args()
        .skip(1)
        .filter(|f| f.ends_with(".pp"))
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect();
    let bytes: usize = files.iter().map(|s| s.len()).sum();
    let rounds = 5;
    let mb = (bytes * rounds) as f64 / 1e6;
    let t = Instant::now();
    for _ in 0..rounds {
        for s in &files {
            let _ = std::hint::black_box(puppet_types::syntax::lexer::tokenize(s));
        }
    }
    let lex = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut ok = 0;
    for _ in 0..rounds {
        for s in &files {
            if std::hint::black_box(puppet_types::syntax::parse(s)).is_ok() {
                ok += 1;
            }
        }
    }
    let parse = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for _ in 0..rounds {
        for s in &files {
            let _ = std::hint::black_box(puppet_types::syntax::parser::parse_syntax(s, false));
        }
    }
    let syntax = t.elapsed().as_secs_f64();
    let programs: Vec<_> = files
        .iter()
        .filter_map(|s| puppet_types::syntax::parse(s).ok())
        .collect();
    let t = Instant::now();
    for _ in 0..rounds {
        for p in &programs {
            std::hint::black_box(p.to_pn());
        }
    }
    let pn = t.elapsed().as_secs_f64();
    println!(
        "{} files, {:.2} MB x {rounds}: lex {:.0} MB/s, lex+parse {:.0} MB/s, lex+parse+validate {:.0} MB/s ({} ok), PN {:.0} MB/s",
        files.len(),
        bytes as f64 / 1e6,
        mb / lex,
        mb / syntax,
        mb / parse,
        ok / rounds,
        mb / pn
    );
}
