//! Fuzz target: the fast reader of type strings reads every text it accepts
//! as the parser's path reads it (the same type, the same text).
#![no_main]

use libfuzzer_sys::fuzz_target;
use puppet_types::types::parse::reader::check_against_parser;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = check_against_parser(s) {
        panic!("{e}");
    }
});
