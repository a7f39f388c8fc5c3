//! Fuzz target: the parser (manifest, EPP, with recovery) never panics, and
//! the PN printer never panics on what it accepts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puppet_types::syntax::{parse, parse_epp, parse_with_recovery};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(program) = parse(s) {
        let _ = program.to_pn();
    }
    if let Ok(program) = parse_epp(s) {
        let _ = program.to_pn();
    }
    let (program, _errors) = parse_with_recovery(s);
    let _ = program.to_pn();
});
