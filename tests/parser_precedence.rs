//! Operator precedence and associativity (seed 002), checked
//! through the PN of the parsed tree. The expected PN is the reference's
//! (`ruby tools/ref_pn.rb -e SOURCE`).

use puppet_types::syntax::parse;

fn pn(src: &str) -> String {
    parse(src)
        .unwrap_or_else(|e| panic!("{src}: {}", e.message))
        .to_pn()
}

fn check(src: &str, expected_rhs: &str) {
    assert_eq!(pn(src), format!("(= (var \"r\") {expected_rhs})"), "{src}");
}

#[test]
fn not_binds_tighter_than_comparison() {
    check("$r = !$a == $b", "(== (! (var \"a\")) (var \"b\"))");
}

#[test]
fn unary_minus_binds_tighter_than_in() {
    check("$r = -$a in $b", "(in (- (var \"a\")) (var \"b\"))");
}

#[test]
fn in_binds_tighter_than_match() {
    check(
        "$r = $a in $b =~ $c",
        "(=~ (in (var \"a\") (var \"b\")) (var \"c\"))",
    );
}

#[test]
fn match_binds_tighter_than_multiplication() {
    check(
        "$r = $a =~ $b * $c",
        "(* (=~ (var \"a\") (var \"b\")) (var \"c\"))",
    );
}

#[test]
fn multiplication_before_addition() {
    check(
        "$r = $a * $b + $c",
        "(+ (* (var \"a\") (var \"b\")) (var \"c\"))",
    );
    check("$r = 10 + 10 / 5", "(+ 10 (/ 10 5))");
}

#[test]
fn addition_before_shift() {
    check(
        "$r = $a + $b << $c",
        "(<< (+ (var \"a\") (var \"b\")) (var \"c\"))",
    );
}

#[test]
fn shift_before_equality() {
    check(
        "$r = $a << $b == $c",
        "(== (<< (var \"a\") (var \"b\")) (var \"c\"))",
    );
}

#[test]
fn equality_before_ordering() {
    check(
        "$r = $a == $b < $c",
        "(< (== (var \"a\") (var \"b\")) (var \"c\"))",
    );
}

#[test]
fn ordering_before_and_before_or() {
    check(
        "$r = $a < $b and $c",
        "(and (< (var \"a\") (var \"b\")) (var \"c\"))",
    );
    check(
        "$r = $a and $b or $c",
        "(or (and (var \"a\") (var \"b\")) (var \"c\"))",
    );
    check(
        "$r = $a or $b and $c",
        "(or (var \"a\") (and (var \"b\") (var \"c\")))",
    );
}

#[test]
fn assignment_is_right_associative() {
    assert_eq!(pn("$a = $b = 1"), "(= (var \"a\") (= (var \"b\") 1))");
}

#[test]
fn binary_operators_are_left_associative() {
    check(
        "$r = $a - $b - $c",
        "(- (- (var \"a\") (var \"b\")) (var \"c\"))",
    );
}

#[test]
fn parentheses_override_precedence() {
    check("$r = (7 + 8) * 2", "(* (paren (+ 7 8)) 2)");
}

#[test]
fn splat_is_unfold() {
    check("$r = *$a", "(unfold (var \"a\"))");
}

#[test]
fn access_and_method_calls_bind_tighter_than_prefix_operators() {
    check("$r = -$a[1]", "(- (access (var \"a\") 1))");
    check(
        "$r = !$a.b",
        "(! (call-method {:functor (. (var \"a\") (qn \"b\")) :args []}))",
    );
}

#[test]
fn selector_sits_between_comparison_and_and() {
    check(
        "$r = $x ? { 1 => 2 } == 3",
        "(== (? (var \"x\") [(=> 1 2)]) 3)",
    );
    check(
        "$r = $a == $b ? { true => 1 }",
        "(? (== (var \"a\") (var \"b\")) [(=> true 1)])",
    );
    check(
        "$r = $a and $b ? { true => 1 }",
        "(and (var \"a\") (? (var \"b\") [(=> true 1)]))",
    );
}

#[test]
fn negative_literals_fold_in_pn() {
    check("$r = 1 - -1", "(- 1 -1)");
}

#[test]
fn operator_examples_parse_as_in_the_manual() {
    check("$r = [1, 2, 3] << 4", "(<< (array 1 2 3) 4)");
    check(
        "$r = {a => 10, b => 20} + {b => 30}",
        "(+ (hash (=> (qn \"a\") 10) (=> (qn \"b\") 20)) (hash (=> (qn \"b\") 30)))",
    );
    check("$r = 'eat' in 'eaten'", "(in \"eat\" \"eaten\")");
    check(
        "$r = Integer[100, 199] in [1, 2, 125]",
        "(in (access (qr \"Integer\") 100 199) (array 1 2 125))",
    );
    check(
        "$r = /(?i:EAT)/ in [eat]",
        "(in (regexp \"(?i:EAT)\") (array (qn \"eat\")))",
    );
}

#[test]
fn type_expressions_build_access_and_call_nodes() {
    use puppet_types::syntax::ast::ExprKind;
    let p = parse("Array[Integer[1, 10]]").expect("parses");
    match &p.body.kind {
        ExprKind::Access { left, keys } => {
            assert!(matches!(&left.kind, ExprKind::QualifiedReference(n) if n == "Array"));
            assert_eq!(keys.len(), 1);
            assert_eq!(&p.source[keys[0].span.range()], "Integer[1, 10]");
        }
        other => panic!("{other:?}"),
    }
    let p = parse("SemVerRange('>=1.0.0')").expect("parses");
    assert!(matches!(&p.body.kind, ExprKind::CallNamedFunction(c) if c.args.len() == 1));
}
