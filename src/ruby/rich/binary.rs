//! `PuppetTypes::Binary`: `length`, `bytes` (an Array of Integers),
//! `to_s` (strict base64), `relaxed_to_s` (UTF-8 text when valid, else base64)
//! and `binary_buffer` (an ASCII-8BIT String of the bytes).

use super::RbBinary;
use magnus::{method, prelude::*, Error, RClass, RString, Ruby};

fn length(rb_self: &RbBinary) -> usize {
    rb_self.0.len()
}

fn bytes(rb_self: &RbBinary) -> Vec<u8> {
    rb_self.0.bytes.to_vec()
}

fn relaxed_to_s(rb_self: &RbBinary) -> String {
    match rb_self.0.to_utf8() {
        Some(s) => s.to_string(),
        None => rb_self.0.to_base64_strict(),
    }
}

fn binary_buffer(ruby: &Ruby, rb_self: &RbBinary) -> RString {
    ruby.enc_str_new(&*rb_self.0.bytes, ruby.ascii8bit_encoding())
}

/// Add the Binary readers.
pub fn init(_ruby: &Ruby, class: RClass) -> Result<(), Error> {
    class.define_method("length", method!(length, 0))?;
    class.define_method("bytes", method!(bytes, 0))?;
    class.define_method("relaxed_to_s", method!(relaxed_to_s, 0))?;
    class.define_method("binary_buffer", method!(binary_buffer, 0))?;
    Ok(())
}
