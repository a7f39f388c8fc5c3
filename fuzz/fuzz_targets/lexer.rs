//! Fuzz target: the lexer never panics, on bytes (with the BOM/UTF-8 check)
//! and, for UTF-8 input, in manifest and EPP mode.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puppet_types::syntax::lexer::{tokenize, tokenize_bytes, tokenize_epp, Options};

fuzz_target!(|data: &[u8]| {
    let _ = tokenize_bytes(data, Options::default());
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = tokenize(s);
        let _ = tokenize_epp(s);
    }
});
