//! Helpers shared by unit tests: deterministic pseudo-random inputs and the
//! sources of the repository's fixtures.

/// `count` strings, each a concatenation of 1 to `max_pieces` of `pieces`,
/// chosen by a 64-bit LCG started at `seed`; piece `k` of a string is picked
/// from the state rotated left by `rotate.0 * k + rotate.1` bits (each
/// caller keeps its own rotation, so its samples stay what its assertions
/// were written for).
pub(crate) fn concatenations(
    pieces: &[&str],
    count: usize,
    max_pieces: usize,
    seed: u64,
    rotate: (u32, u32),
) -> Vec<String> {
    let mut seed = seed;
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let n = 1 + (seed >> 60) as usize % max_pieces;
        let mut s = String::new();
        for k in 0..n {
            let r = seed.rotate_left(rotate.0 * k as u32 + rotate.1);
            s.push_str(pieces[(r >> 40) as usize % pieces.len()]);
        }
        out.push(s);
    }
    out
}

/// The Puppet sources under `tests/fixtures/ok` and `tests/fixtures/err`,
/// then each line of `spec/fixtures/type_strings.txt`.
pub(crate) fn fixture_sources() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<String> = Vec::new();
    for dir in ["tests/fixtures/ok", "tests/fixtures/err"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            if e.path().extension().is_some_and(|x| x == "pp") {
                out.extend(std::fs::read_to_string(e.path()).ok());
            }
        }
    }
    if let Ok(t) = std::fs::read_to_string(root.join("spec/fixtures/type_strings.txt")) {
        out.extend(t.lines().map(str::to_string));
    }
    out
}
