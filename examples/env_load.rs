//! Index a module path and print what was found: `cargo run --release
//! --example env_load -- /usr/share/puppet/modules` (several paths allowed).

use puppet_types::env::Environment;
use std::time::Instant;

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let start = Instant::now();
    let env = Environment::new(&paths);
    env.load_all();
    let loaded = start.elapsed();
    let defs = env.definitions();
    let diagnostics = env.diagnostics();
    let checked = start.elapsed();
    println!(
        "{} modules, {} files, {} definitions, {} diagnostics; load_all {:.1} ms, with checks {:.1} ms",
        env.modules().len(),
        env.files().len(),
        defs.len(),
        diagnostics.len(),
        loaded.as_secs_f64() * 1e3,
        checked.as_secs_f64() * 1e3
    );
    for d in diagnostics {
        println!("{}: {} [{}]", d.severity.name(), d, d.code.name());
    }
}
