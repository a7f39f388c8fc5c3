//! Ruby's case conversions of text (`String#capitalize`, `#downcase`,
//! `#upcase`): full Unicode mappings character by character, without the
//! context rules (a final `Σ` lowers to `σ`), the first character of a
//! capitalised text in title case (`ß` is `Ss`, `ǆ` is `ǅ`). Shared by the
//! formatter, the string functions and resource type names.

/// Append Ruby's `s.capitalize`: the first character in title case, the rest in lower case.
pub fn capitalize(s: &str, out: &mut String) {
    let mut chars = s.chars();
    if let Some(first) = chars.next() {
        push_titlecase(out, first);
        for c in chars {
            out.extend(c.to_lowercase());
        }
    }
}

/// Append Ruby's `s.downcase`.
pub fn downcase(s: &str, out: &mut String) {
    for c in s.chars() {
        out.extend(c.to_lowercase());
    }
}

/// Append Ruby's `s.upcase`.
pub fn upcase(s: &str, out: &mut String) {
    for c in s.chars() {
        out.extend(c.to_uppercase());
    }
}

/// The title case of `c` (itself when it has none).
fn push_titlecase(out: &mut String, c: char) {
    let mapped = unicode_case_mapping::to_titlecase(c);
    if mapped[0] == 0 {
        out.push(c);
        return;
    }
    out.extend(
        mapped
            .iter()
            .take_while(|&&u| u != 0)
            .filter_map(|&u| char::from_u32(u)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cap(s: &str) -> String {
        let mut out = String::new();
        capitalize(s, &mut out);
        out
    }

    #[test]
    fn capitalize_titles_the_first_character_and_lowers_the_rest() {
        assert_eq!(cap("fOO"), "Foo");
        assert_eq!(cap("ßa"), "Ssa");
        assert_eq!(cap("ǆA"), "ǅa");
        assert_eq!(cap("ﬀ"), "Ff");
        assert_eq!(cap("ſa"), "Sa");
        assert_eq!(cap("a\u{212A}"), "Ak");
        // no final-sigma rule, and Georgian letters are their own title case
        assert_eq!(cap("aΣ"), "Aσ");
        assert_eq!(cap("ა"), "ა");
        assert_eq!(cap("ᾳ"), "ᾼ");
        assert_eq!(cap(""), "");
    }
}
