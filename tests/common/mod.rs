//! Support shared by the fixture tests.
//!
//! The reference scripts under `tools/` (`ref_types.rb`, `ref_values.rb`,
//! `ref_calc.rb`) write fixture fields with a backslash doubled first and
//! then tab, newline and carriage return as `\t`, `\n`, `\r`.

/// Undo the fixture escaping: `\\`, `\t`, `\n` and `\r` give the character;
/// any other backslash (never written by the scripts) is kept as it stands.
pub fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some(o) => {
                out.push('\\');
                out.push(o)
            }
            None => out.push('\\'),
        }
    }
    out
}
