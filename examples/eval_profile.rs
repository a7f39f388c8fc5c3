//! Runs the evaluator over the expressions of bench/evaluate_bench.rb many
//! times, for profiling (`perf record`, `valgrind --tool=callgrind`):
//! `cargo run --release --example eval_profile [rounds]`.

use puppet_types::eval::{run, Options};

const SOURCES: &[&str] = &[
    "1 + 2 * 3 - 4 / 2",
    "'abc' =~ /b(c)/",
    "[1, 2, 3] + [4] - [2]",
    "{a => 1, b => 2} + {c => 3}",
    "'Hello' in ['hello', 'world']",
    "Integer[1, 10] > Integer[2, 3]",
    "5 =~ Integer[1, 10]",
    "\"x${1 + 2}y${[1, 'a']}\"",
    "$x = 3 $x * $x",
    "[1, 2, 3].map |$v| { $v * 2 }",
    "Integer('0x10') + Numeric('1.5')",
    "String(255, '%#x')",
    "$h = {a => [1, 2]} $h['a'][1]",
    "Timespan(93784.5) + Timespan(2)",
    "Timestamp(1473150899).strftime('%Y-%m-%d %H:%M:%S %z')",
    "SemVer('1.2.3') =~ SemVerRange('>=1.0.0 <2.0.0')",
    "URI('http://example.com/a/b/') + URI('c/d')",
    "type([1, 2])",
    "'b' ? { 'a' => 1, /b/ => 2, default => 3 }",
    "if 3 > 2 { yes } else { no }",
];

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let options = Options::default();
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        for s in SOURCES {
            let _ = std::hint::black_box(run(s, &options));
        }
    }
    let per = start.elapsed() / (rounds * SOURCES.len()) as u32;
    eprintln!("{per:?} per expression");
}
