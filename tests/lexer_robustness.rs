//! Input never crashes the lexer or makes it quadratic: deep nesting is an
//! error (not a stack overflow), and adversarial inputs of a few megabytes
//! lex quickly. Also a seeded mutation run over the fixtures: no panics, and
//! absolute spans always lie within the source.

use puppet_types::syntax::lexer::{tokenize, tokenize_epp, MAX_NESTING};
use std::time::{Duration, Instant};

fn run_big_stack<F: FnOnce() + Send + 'static>(f: F) {
    // the default test thread stack (2 MB) is what callers typically have
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn strings_nested_100000_deep_error() {
    run_big_stack(|| {
        let depth = 100_000;
        let mut src = String::new();
        for _ in 0..depth {
            src.push_str("\"${");
        }
        for _ in 0..depth {
            src.push_str("}\"");
        }
        let e = tokenize(&src).unwrap_err();
        assert!(e.message.contains("nested"), "{}", e.message);
    });
}

#[test]
fn strings_nested_below_the_limit_lex() {
    run_big_stack(|| {
        let depth = (MAX_NESTING - 1) as usize;
        let src = format!("{}x{}", "\"${".repeat(depth), "}\"".repeat(depth));
        let tokens = tokenize(&src).unwrap();
        assert_eq!(tokens.len(), 2 * depth + 1);
    });
}

#[test]
fn heredocs_nested_deeply_error_or_lex() {
    run_big_stack(|| {
        // each level is a heredoc whose text interpolates the next heredoc
        let depth = MAX_NESTING as usize + 10;
        let mut src = String::from("$a = ");
        for i in 0..depth {
            src.push_str(&format!("@(\"E{i}\")\n${{"));
        }
        for i in (0..depth).rev() {
            src.push_str(&format!("}}\nE{i}\n"));
        }
        let e = tokenize(&src).unwrap_err();
        assert!(e.message.contains("nested"), "{}", e.message);
    });
}

#[test]
fn brackets_100000_deep_are_just_tokens() {
    let src = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(tokenize(&src).unwrap().len(), 200_000);
    let src = format!("{}{}", "{".repeat(100_000), "}".repeat(100_000));
    assert_eq!(tokenize(&src).unwrap().len(), 200_000);
}

fn assert_fast(name: &str, src: &str, epp: bool) {
    let t0 = Instant::now();
    let _ = if epp {
        tokenize_epp(src)
    } else {
        tokenize(src)
    };
    let took = t0.elapsed();
    assert!(
        took < Duration::from_secs(20),
        "{name}: {} bytes took {took:?}",
        src.len()
    );
}

#[test]
fn adversarial_inputs_stay_linear() {
    // (quadratic work on inputs of this size would take minutes)
    let n = 200_000;
    assert_fast(
        "parens after blanks",
        &format!("{}{}", " ".repeat(n / 2), "(".repeat(n / 2)),
        false,
    );
    assert_fast(
        "escaped slashes",
        &format!("= {}", "/\\".repeat(n / 2)),
        false,
    );
    assert_fast("slashes", &"= /".repeat(n / 3), false);
    assert_fast(
        "dollars in string",
        &format!("\"{}\"", "$".repeat(n)),
        false,
    );
    assert_fast(
        "backslashes in string",
        &format!("\"{}\"", "\\".repeat(n)),
        false,
    );
    assert_fast(
        "heredoc tag prefixes",
        &format!("@(aaaaaaaaab)\n{}\naaaaaaaaab\n", "a".repeat(n)),
        false,
    );
    assert_fast(
        "heredoc lines",
        &format!("@(E)\n{}E\n", "x\n".repeat(n / 2)),
        false,
    );
    assert_fast("comments", &"# c\n".repeat(n / 4), false);
    assert_fast("epp tags", &"a<%= 1 %>".repeat(n / 9), true);
    assert_fast("epp comments", &"<%# x %>".repeat(n / 8), true);
    assert_fast("unicode", &"é € ".repeat(n / 6), false);
    assert_fast(
        "many heredocs on a line",
        &format!("{}\n{}", "@(E),".repeat(20_000), "x\nE\n".repeat(20_000)),
        false,
    );
}

/// A tiny deterministic generator (xorshift), so the run is reproducible.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn mutated_fixtures_never_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lexer");
    let mut sources: Vec<(String, bool)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter_map(|p| {
            let ext = p.extension()?.to_str()?.to_string();
            (ext == "pp" || ext == "epp")
                .then(|| std::fs::read_to_string(&p).ok().map(|s| (s, ext == "epp")))
                .flatten()
        })
        .collect();
    sources.sort();
    let inserts = [
        "\"",
        "'",
        "$",
        "{",
        "}",
        "[",
        "]",
        "(",
        ")",
        "/",
        "\\",
        "@(",
        "|",
        "-",
        "%>",
        "<%",
        "<%=",
        "-%>",
        "\n",
        "#",
        "/*",
        "*/",
        ":",
        "::",
        "0x",
        "1e",
        ".",
        "\u{a0}",
        "é",
        "${",
        "@(\"X\")\n",
        "\nX\n",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..20_000 {
        let (src, epp) = &sources[rng.below(sources.len())];
        let mut s: Vec<u8> = src.as_bytes().to_vec();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(s.len() + 1);
            match rng.below(3) {
                0 if i < s.len() => {
                    s.remove(i);
                }
                1 => {
                    let ins = inserts[rng.below(inserts.len())].as_bytes();
                    s.splice(i..i, ins.iter().copied());
                }
                _ => s.truncate(i),
            }
        }
        let text = String::from_utf8_lossy(&s).into_owned();
        let result = if *epp {
            tokenize_epp(&text)
        } else {
            tokenize(&text)
        };
        match result {
            Ok(tokens) => {
                for t in tokens {
                    assert!(
                        t.span.end as usize <= text.len() && t.span.start <= t.span.end,
                        "{text:?}"
                    );
                }
            }
            Err(e) => assert!(
                e.span.is_none_or(|sp| sp.end as usize <= text.len()),
                "{text:?}: {e:?}"
            ),
        }
    }
}
