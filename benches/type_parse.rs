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
use std::time::Duration;

mod common;

/// The system allocator, counting allocations (allocations per string are
/// printed with the times: in the Ruby process freed memory is cold, so each
/// allocation costs more there than here). Not with the `ruby` feature, whose
/// library brings its own global allocator (the counts are then 0).
#[cfg(not(feature = "ruby"))]
mod counting {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::sync::atomic::{AtomicUsize, Ordering};

    struct Counting;

    static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

    // SAFETY: every call is forwarded unchanged to the system allocator.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
            // SAFETY: the caller's contract for `alloc` is passed on unchanged.
            unsafe { System.alloc(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: the caller's contract for `dealloc` is passed on unchanged.
            unsafe { System.dealloc(ptr, layout) }
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
            // SAFETY: the caller's contract for `realloc` is passed on unchanged.
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    #[global_allocator]
    static GLOBAL: Counting = Counting;

    /// Allocations so far.
    pub fn allocations() -> usize {
        ALLOCATIONS.load(Ordering::Relaxed)
    }
}

#[cfg(feature = "ruby")]
mod counting {
    /// Not counted with the `ruby` feature.
    pub fn allocations() -> usize {
        0
    }
}

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
    let before = counting::allocations();
    f();
    let allocs = (counting::allocations() - before) as f64 / per as f64;
    let best = common::best_of_five(iters, &mut f);
    let each = best / per as u32;
    println!("{name:<40} {each:>10.2?} per string, {allocs:>5.1} allocations");
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
        .filter(|l| std::env::var("TYPE_FILTER").map_or(true, |f| l.contains(f.as_str())))
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
    if std::env::args().any(|a| a == "slowest") {
        let mut each: Vec<(Duration, &str)> = strings
            .iter()
            .map(|s| {
                let best = common::best_of_five(iters, || {
                    black_box(parser.parse(s).ok());
                });
                (best, *s)
            })
            .collect();
        each.sort_by(|a, b| b.cmp(a));
        for (d, s) in each.iter().take(20) {
            println!("{d:>10.2?}  {s}");
        }
        return;
    }
    time("TypeParser::parse (uncached)", iters, n, || {
        for s in &strings {
            black_box(parser.parse(s).ok());
        }
    });
}
