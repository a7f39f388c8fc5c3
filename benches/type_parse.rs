//! Timings of type parsing (issue 2), Rust side only, over the type strings of
//! `spec/fixtures/type_strings.txt` that parse: lexing alone, lexing and
//! parsing to an expression, interpreting a parsed expression as a type, and
//! the whole uncached `TypeParser::parse`. `rake bench WORKLOAD=type_parse`
//! compares the whole through the Ruby binding with the reference.
//! Run: `cargo bench --bench type_parse`.

use puppet_types::syntax::ast::Program;
use puppet_types::syntax::lexer::Lexer;
use puppet_types::syntax::parser::parse_type_expression;
use puppet_types::syntax::token::TokenKind;
use puppet_types::types::parse::TypeParser;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The best of five rounds, per string (the machine is shared, so the minimum is the signal).
/// Runs only when no filter is given on the command line or `name` contains one
/// (`cargo bench --bench type_parse -- interpret`, handy under `perf record`).
fn time<F: FnMut()>(name: &str, iters: u32, per: usize, mut f: F) -> Duration {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
        return Duration::ZERO;
    }
    f();
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..iters {
            f();
        }
        best = best.min(start.elapsed() / iters);
    }
    let each = best / per as u32;
    println!("{name:<40} {each:>10.2?} per string");
    each
}

fn main() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/spec/fixtures/type_strings.txt"
    ))
    .expect("spec/fixtures/type_strings.txt");
    let parser = TypeParser::new().cached(false);
    let strings: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|l| parser.parse(l).is_ok())
        .collect();
    let n = strings.len();
    println!("{n} valid type strings");
    let programs: Vec<Program> = strings
        .iter()
        .map(|s| Program::new(s, parse_type_expression(s).expect("parses")))
        .collect();

    let iters = 2000;
    time("lex", iters, n, || {
        for s in &strings {
            let mut lx = Lexer::new(s);
            while let Ok(t) = lx.next_token() {
                if t.kind == TokenKind::Eof {
                    break;
                }
                black_box(&t);
            }
        }
    });
    time("lex + parse", iters, n, || {
        for s in &strings {
            black_box(parse_type_expression(s).ok());
        }
    });
    time("interpret", iters, n, || {
        for p in &programs {
            black_box(parser.interpret(p, &p.body).ok());
        }
    });
    time("TypeParser::parse (uncached)", iters, n, || {
        for s in &strings {
            black_box(parser.parse(s).ok());
        }
    });
}
