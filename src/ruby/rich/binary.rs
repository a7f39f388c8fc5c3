//! `PuppetTypes::Binary`: `length`, `bytes` (an Array of Integers),
//! `to_s` (strict base64), `relaxed_to_s` (UTF-8 text when valid, else base64)
//! and `binary_buffer` (an ASCII-8BIT String of the bytes); and the bytes of
//! the raw form of `Binary.new`.

use super::RbBinary;
use magnus::{method, prelude::*, Error, RClass, RHash, RString, Ruby};

/// The bytes of `str` when `args` are the raw form of `Binary.new`: `(str, '%r')`
/// or `({'value' => str, 'format' => '%r'})`. As in the reference, the raw form
/// takes a String's bytes whatever its encoding (binary data, UTF-16 text, ...),
/// so it is read here, before the arguments are converted to UTF-8 values.
pub(super) fn raw_bytes_arg(ruby: &Ruby, args: &[magnus::Value]) -> Option<Vec<u8>> {
    let (value, format) = match args {
        [value, format] => (*value, *format),
        [hash] => {
            let h = RHash::from_value(*hash)?;
            if h.len() != 2 {
                return None;
            }
            (
                h.get(ruby.str_new("value"))?,
                h.get(ruby.str_new("format"))?,
            )
        }
        _ => return None,
    };
    let format = RString::from_value(format)?;
    // SAFETY: the slices are read before any other Ruby call.
    unsafe {
        if format.as_slice() != b"%r" {
            return None;
        }
        RString::from_value(value).map(|s| s.as_slice().to_vec())
    }
}

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
