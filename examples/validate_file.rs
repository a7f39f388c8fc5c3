//! Validates files and prints their diagnostics (a debugging and profiling aid).
fn main() {
    for path in std::env::args().skip(1) {
        let t = std::time::Instant::now();
        let ds = puppet_types::check::files::validate_file(
            std::path::Path::new(&path),
            std::sync::Arc::from(path.as_str()),
        );
        for d in &ds {
            println!("{d}");
        }
        eprintln!("{path}: {} diagnostics in {:?}", ds.len(), t.elapsed());
    }
}
