//! Helpers shared by unit tests: deterministic pseudo-random inputs.

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
