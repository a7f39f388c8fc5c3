//! Ruby's text of a Regexp with options (`Regexp#to_s`): leading option
//! groups of the source are folded into the options (`/(?i)c/m` is
//! `(?mi-x:c)`), and a group of options spanning the whole source is
//! unwrapped when what it holds is a pattern of its own (`/(?m:c)/` is
//! `(?m-ix:c)`). Anything else keeps the source and the Regexp's options.

/// The bit of a Ruby option letter (IGNORECASE 1, EXTENDED 2, MULTILINE 4).
fn bit(c: u8) -> Option<u8> {
    match c {
        b'i' => Some(1),
        b'x' => Some(2),
        b'm' => Some(4),
        _ => None,
    }
}

/// The options and the pattern of Ruby's text of a Regexp with `source` and
/// `options`; `compiles(options, inner)` tells whether `inner` is a pattern
/// with those options (the test Ruby makes before unwrapping a group).
pub(super) fn fold(source: &str, options: u8, compiles: impl Fn(u8, &str) -> bool) -> (u8, &str) {
    let mut opts = options;
    let mut rest = source;
    while rest.len() >= 3 && rest.starts_with("(?") {
        let bytes = rest.as_bytes();
        let mut i = 2;
        while let Some(b) = bytes.get(i).copied().and_then(bit) {
            opts |= b;
            i += 1;
        }
        if bytes.get(i) == Some(&b'-') {
            i += 1;
            while let Some(b) = bytes.get(i).copied().and_then(bit) {
                opts &= !b;
                i += 1;
            }
        }
        match bytes.get(i) {
            // `(?i)`: its options hold for the rest
            Some(b')') => rest = &rest[i + 1..],
            // `(?i:...)` spanning the whole rest, when its content is a pattern
            Some(b':') if rest.len() > i + 1 && rest.ends_with(')') => {
                let inner = &rest[i + 1..rest.len() - 1];
                if compiles(opts, inner) {
                    return (opts, inner);
                }
                return (options, source);
            }
            _ => return (options, source),
        }
    }
    (opts, rest)
}

#[cfg(test)]
mod tests {
    use super::fold;

    fn balanced(_: u8, inner: &str) -> bool {
        let mut depth = 0i32;
        for c in inner.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth < 0 {
                return false;
            }
        }
        depth == 0
    }

    #[test]
    fn folds_leading_option_groups_as_ruby_to_s() {
        assert_eq!(fold("(?i)ca", 2, balanced), (3, "ca"));
        assert_eq!(fold("(?i)c", 4, balanced), (5, "c"));
        assert_eq!(fold("(?i)(?x)c", 4, balanced), (7, "c"));
        assert_eq!(fold("(?m:c)", 1, balanced), (5, "c"));
        assert_eq!(fold("(?i:a)(?i:b)", 4, balanced), (4, "(?i:a)(?i:b)"));
        assert_eq!(fold("(?i)(?=a)", 4, balanced), (4, "(?i)(?=a)"));
        assert_eq!(fold("(?-i)a", 1, balanced), (0, "a"));
        assert_eq!(fold("abc", 1, balanced), (1, "abc"));
    }
}
