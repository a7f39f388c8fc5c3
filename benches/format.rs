//! The mixed String-conversion workload (tests/fixtures/format/bench_workload.tsv:
//! integers, floats, strings needing quotes, booleans, default, nested arrays and
//! hashes, with default and explicit formats), timed here and, when `ruby` with
//! `puppet` is installed, in the reference in the same run (tools/bench_format_ref.rb).
//!
//!   cargo bench --bench format

#[path = "../tests/format_common/mod.rs"]
mod format_common;

use format_common::{format_code, Reader};
use puppet_types::format::{string, Format};
use puppet_types::Value;
use std::time::Instant;

fn main() {
    let data = std::fs::read_to_string("tests/fixtures/format/bench_workload.tsv")
        .expect("run from the crate root");
    let items: Vec<(Value, Format)> = data
        .lines()
        .map(|l| {
            let (v, f) = l.split_once('\t').unwrap();
            (Reader::new(v).value(), format_code(f))
        })
        .collect();
    let run = || {
        let mut bytes = 0;
        for (v, f) in &items {
            bytes += string(v, f).map(|s| s.len()).unwrap_or(0);
        }
        bytes
    };
    run();
    let start = Instant::now();
    let mut count = 0;
    let mut sink = 0;
    while start.elapsed().as_secs_f64() < 2.0 {
        sink += run();
        count += 1;
    }
    let ns = start.elapsed().as_secs_f64() / count as f64 / items.len() as f64 * 1e9;
    println!(
        "rust_ns_per_item {ns:.1} ({} items, {sink} bytes)",
        items.len()
    );
    let reference = std::process::Command::new("ruby")
        .arg("tools/bench_format_ref.rb")
        .output();
    match reference {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout);
            if let Some(r) = text
                .split_whitespace()
                .nth(1)
                .and_then(|n| n.parse::<f64>().ok())
            {
                println!("ref_ns_per_item {r:.1}");
                println!("ratio {:.1}x (target 20x)", r / ns);
            }
        }
        _ => println!("reference not available (ruby with puppet)"),
    }
}
