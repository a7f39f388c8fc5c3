//! Fuzz target: evaluating any program never panics (errors are fine).
#![no_main]

use libfuzzer_sys::fuzz_target;
use puppet_types::eval::{run, Options};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let _ = run(s, &Options::default());
});
