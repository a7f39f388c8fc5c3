//! Robustness: deeply nested input fails cleanly (no stack overflow), long flat
//! input parses, and huge input parses in linear time.

use puppet_types::syntax::parser::{parse, parse_with_recovery};
use puppet_types::ErrorKind;

/// Runs `f` on a thread with a 2 MiB stack (the Rust default for spawned threads).
fn on_small_stack<F: FnOnce() + Send + 'static>(f: F) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no stack overflow or panic");
}

fn nested(open: &str, inner: &str, close: &str, n: usize) -> String {
    let mut s = String::with_capacity((open.len() + close.len()) * n + inner.len());
    for _ in 0..n {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..n {
        s.push_str(close);
    }
    s
}

fn assert_depth_error(src: String) {
    on_small_stack(move || {
        let e = parse(&src).expect_err("too deep");
        assert_eq!(e.kind, ErrorKind::Parse);
        assert!(
            e.message.contains("nested too deeply") || e.message.contains("nested more than"),
            "{}",
            e.message
        );
        let (_, errors) = parse_with_recovery(&src);
        assert!(!errors.is_empty());
    });
}

#[test]
fn nesting_far_beyond_the_limit_is_an_error_not_a_crash() {
    // (forty times the depth limit: deeper input takes the same path)
    let n = 20_000;
    assert_depth_error(format!("$a = {}", nested("[", "1", "]", n)));
    assert_depth_error(format!("$a = {}", nested("(", "1", ")", n)));
    assert_depth_error(format!("$a = {}", nested("{a => ", "1", "}", n)));
    assert_depth_error(nested("if $a { ", "1", " }", n));
    assert_depth_error(format!("$a = {}", nested("f(", "1", ")", n)));
    assert_depth_error(format!("$a = {}", nested("\"${", "1", "}\"", n)));
    assert_depth_error(format!("$a = {}1", "-".repeat(n)));
    assert_depth_error(format!("$a = {}$b", "!".repeat(n)));
    assert_depth_error(format!("$a = 1{}", " + 1".repeat(n)));
    assert_depth_error(format!("$a = $b{}", "[1]".repeat(n)));
    assert_depth_error(format!("$a = $b{}", ".c".repeat(n)));
    assert_depth_error(format!("a{}", " -> b".repeat(n)));
    assert_depth_error(format!("$a = {}1", "$b = ".repeat(n)));
    assert_depth_error(format!("$a = $b {}", "? { 1 => 2 } ".repeat(n)));
    assert_depth_error(nested("class a { ", "", " }", n));
    assert_depth_error(nested("$x.each |$y| { ", "1", " }", n));
    assert_depth_error(nested("case $x { 1: { ", "1", " } }", n));
    assert_depth_error(format!("$a = {}", nested("Array[", "1", "]", n)));
}

#[test]
fn moderately_deep_input_parses() {
    on_small_stack(|| {
        let src = format!("$a = {}", nested("[", "1", "]", 30));
        parse(&src).expect("30 nested arrays parse");
        let src = format!("$a = {}", nested("Optional[", "Integer", "]", 30));
        parse(&src).expect("30 nested type parameters parse");
        let src = format!("$a = 1{}", " + 1".repeat(300));
        parse(&src).expect("300 chained additions parse");
    });
}

#[test]
fn long_flat_input_parses() {
    let src = "notice(1)\n".repeat(100_000);
    let p = parse(&src).expect("parses");
    assert!(
        matches!(p.body.kind, puppet_types::syntax::ast::ExprKind::Block(ref s) if s.len() == 100_000)
    );
    let list = format!("$a = [{}]", "1, ".repeat(100_000));
    parse(&list).expect("long array parses");
}

#[test]
fn parse_time_is_linear_in_input_size() {
    let unit = "file { \"/tmp/x\": ensure => present, mode => '0644', content => \"a ${b} c\" }\n$v = $h[a][b] + 1 * 2\n";
    let time = |n: usize| {
        let src = unit.repeat(n);
        let t = std::time::Instant::now();
        parse(&src).expect("parses");
        t.elapsed().as_secs_f64()
    };
    let small = time(2_000).max(1e-4);
    let big = time(20_000);
    // 10x the input must not take much more than 10x the time
    assert!(big < small * 30.0, "small {small}s, big {big}s");
}

/// Seed 004, numbers: an integer literal outside 64 bits is an error naming
/// its value in hex, however wide (messages observed from the reference).
#[test]
fn integer_literals_of_any_width_are_range_errors() {
    for (src, hex) in [
        ("1".repeat(39), "539738bb0f40688798d25ef1c71c71c7"),
        ("1".repeat(40), "343e8374e9884154bf837b571c71c71c7"),
        (
            "1".repeat(60),
            "11b37620ad4a03cec750d2075a49609e5101c71c71c71c71c7",
        ),
        (
            format!("0x{}", "f".repeat(40)),
            "ffffffffffffffffffffffffffffffffffffffff",
        ),
        (
            format!("0{}", "7".repeat(50)),
            "3fffffffffffffffffffffffffffffffffffff",
        ),
    ] {
        let e = puppet_types::syntax::parser::parse_syntax(&src, false).unwrap_err();
        assert_eq!(
            e.message,
            format!("A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x{hex}'"),
            "{src}"
        );
    }
}
