//! Seed 002 examples (expected values from the reference) and robustness checks.

use super::*;

fn run(src: &str) -> Result<Value> {
    evaluate_str(src, &IndexMap::new())
}

fn p(src: &str) -> String {
    let v = run(src).unwrap_or_else(|e| panic!("{src}: {}", e.message));
    crate::format::string(&v, &crate::format::Format::Text("%p".into())).unwrap()
}

fn fails(src: &str) -> String {
    match run(src) {
        Ok(v) => panic!("{src}: expected an error, got {v:?}"),
        Err(e) => e.into_message(),
    }
}

#[test]
fn parentheses_change_order() {
    assert_eq!(p("10+10/5"), "12");
    assert_eq!(p("(10+10)/5"), "4");
    assert_eq!(p("(7+8)*2"), "30");
}

#[test]
fn compound_boolean_examples() {
    assert_eq!(p("(90 < 7) and ('Solaris' == 'Solaris')"), "false");
    assert_eq!(p("(90 < 7) or ('Solaris' in ['Linux', 'Solaris'])"), "true");
    assert_eq!(p("$my_value = true !$my_value"), "false");
}

#[test]
fn equality_rules() {
    assert_eq!(p("1.0 == 1"), "true");
    assert_eq!(p("1 == '1'"), "false");
    assert_eq!(p("'true' == true"), "false");
    assert_eq!(p("'abc' == 'ABC'"), "true");
    assert_eq!(p("'äbc' == 'Äbc'"), "false");
    assert_eq!(p("[1, 'a'] == [1, 'A']"), "true");
    assert_eq!(p("Integer[1,10] == Integer[2,3]"), "false");
}

#[test]
fn type_comparisons_are_subset_tests() {
    assert_eq!(p("Integer[1,10] > Integer[2,3]"), "true");
    assert_eq!(p("Integer[1,10] > Integer[0,5]"), "false");
    assert_eq!(p("Integer[1,10] > Integer[1,10]"), "false");
    assert_eq!(p("Integer[1,10] >= Integer[1,10]"), "true");
    assert_eq!(p("Integer[1,10] == Integer[1,10]"), "true");
}

#[test]
fn match_operator() {
    assert_eq!(p("5 =~ Integer"), "true");
    assert_eq!(p("5 =~ Integer[1,10]"), "true");
    assert_eq!(p("'abc' =~ 'b.'"), "true");
    assert_eq!(p("'abc' !~ /b/"), "false");
    assert_eq!(
        p(r#"if 'hello world' =~ /(\w+) (\w+)/ { "${2}-${1}-${0}" }"#),
        "'world-hello-hello world'"
    );
}

#[test]
fn in_operator_examples() {
    for (src, want) in [
        ("'eat' in 'eaten'", "true"),
        ("'Eat' in 'eaten'", "true"),
        ("'eat' in ['eat', 'ate', 'eating']", "true"),
        ("'Eat' in ['eat', 'ate', 'eating']", "true"),
        (
            "'eat' in { 'eat' => 'present tense', 'ate' => 'past tense'}",
            "true",
        ),
        ("'eat' in { 'present' => 'eat', 'past' => 'ate' }", "false"),
        ("/(?i:EAT)/ in ['eat', 'ate', 'eating']", "true"),
        ("Integer[100, 199] in [1, 2, 125]", "true"),
        ("Integer[100, 199] in [1, 2, 25]", "false"),
    ] {
        assert_eq!(p(src), want, "{src}");
    }
}

#[test]
fn array_operators() {
    assert_eq!(p("[1, 2, 3] << 4"), "[1, 2, 3, 4]");
    assert_eq!(p("[1, 2, 3] << [4, 5]"), "[1, 2, 3, [4, 5]]");
    assert_eq!(p("[1, 2, 3] + 1"), "[1, 2, 3, 1]");
    assert_eq!(p("[1, 2, 3] + [[1]]"), "[1, 2, 3, [1]]");
    assert_eq!(p("[1, 2, 3, 4, 5, 1, 1] - 1"), "[2, 3, 4, 5]");
    assert_eq!(p("[1, 2, 3, [1, 2]] - [1, 2]"), "[3, [1, 2]]");
    assert_eq!(p("[1, 2, 3, [1, 2]] - [[1, 2]]"), "[1, 2, 3]");
}

#[test]
fn hash_operators() {
    assert_eq!(
        p("{a => 10, b => 20} + {b => 30}"),
        "{'a' => 10, 'b' => 30}"
    );
    assert_eq!(
        p("{a => 10, b => 20} + [c, 30]"),
        "{'a' => 10, 'b' => 20, 'c' => 30}"
    );
    assert!(fails("{a => 10, b => 20} + 30").contains("Can only append Array or Hash"));
    assert!(fails("{a => 10, b => 20} + [30]").contains("odd number of arguments"));
    assert_eq!(
        p("{a => first, b => second, c => 17} - [c, a]"),
        "{'b' => 'second'}"
    );
    assert_eq!(
        p("{a => first, b => second, c => 17} - {a => a, d => d}"),
        "{'b' => 'second', 'c' => 17}"
    );
}

#[test]
fn splat_in_case() {
    let src = "$a = ['vim', 'emacs'] $x = 'vim' case $x { $a: { 'both' } *$a: { 'vim or emacs' } default: { 'no match' } }";
    assert_eq!(p(src), "'vim or emacs'");
}

#[test]
fn assignment_is_once() {
    assert_eq!(p("$x = 3 $x + 1"), "4");
    assert_eq!(fails("$x = 1 $x = 2"), "Cannot reassign variable '$x'");
}

#[test]
fn integer_overflow_is_an_error() {
    assert!(fails("9223372036854775807 + 1").contains("outside of Puppet Integer max range"));
    assert_eq!(fails("1 / 0"), "Division by 0");
    assert_eq!(p("-7 / 2"), "-4");
    assert_eq!(p("-7 % 3"), "2");
}

#[test]
fn conversions() {
    assert_eq!(p("Numeric(true)"), "1");
    assert_eq!(p("Numeric('0xFF')"), "255");
    assert_eq!(p("Numeric('010')"), "8");
    assert_eq!(p("Numeric('3.14')"), "3.14");
    assert_eq!(p("Integer('0xFF', 16)"), "255");
    assert_eq!(p("Integer('010', 10)"), "10");
    assert!(run("Integer('0x10', 10)").is_err());
    assert_eq!(p("Boolean('YEs')"), "true");
    assert_eq!(p("Boolean(0)"), "false");
}

#[test]
fn given_variables_are_visible() {
    let mut vars = IndexMap::new();
    vars.insert("x".to_string(), Value::Integer(2));
    let v = evaluate_str("$x * 21", &vars).unwrap();
    assert_eq!(v, Value::Integer(42));
}

#[test]
fn unsupported_constructs_name_themselves() {
    let m = fails("class foo { } include foo");
    assert!(m.contains("'include' needs a catalog"), "{m}");
    let m = fails("file { '/tmp/x': ensure => present }");
    assert!(m.contains("resource expression"), "{m}");
}

#[test]
fn deep_nesting_errors_without_overflow() {
    let src = format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(run(&src).is_err());
    let src = format!("{}1", "-".repeat(100_000));
    assert!(run(&src).is_err());
    let src = format!("{}1", "!".repeat(100_000));
    assert!(run(&src).is_err());
}

#[test]
fn huge_iteration_is_bounded() {
    assert!(run("Integer[0, 9223372036854775806].map |$x| { $x }").is_err());
    assert!(run("9223372036854775807.each |$x| { $x }").is_err());
}

#[test]
fn deepest_parseable_nesting_evaluates() {
    // the deepest nesting the parser accepts must evaluate within a test thread's stack
    let mut deepest = 0;
    for n in [10usize, 25, 50, 75, 100, 150, 200, 300, 490] {
        for (open, close) in [("[", "]"), ("(", ")"), ("-(", ")"), ("{a => ", "}")] {
            let src = format!("{}1{}", open.repeat(n), close.repeat(n));
            if crate::syntax::parser::parse(&src).is_ok() {
                assert!(run(&src).is_ok(), "{open} x {n}");
                deepest = deepest.max(n);
            }
        }
    }
    assert!(deepest >= 25, "deepest evaluated nesting {deepest}");
}

/// Collections built by `+` and `<<` stop at the evaluator's limit with an
/// error, instead of doubling until memory runs out and the process aborts.
#[test]
fn collections_built_by_operators_are_bounded() {
    use crate::syntax::ast::BinaryOp;
    let big = Value::array(vec![Value::Integer(0); MAX_ITERATIONS]);
    let one = Value::array(vec![Value::Integer(1)]);
    let e = arith::arithmetic(BinaryOp::Add, &big, &one, &mut Vec::new())
        .unwrap_err()
        .0;
    assert!(
        e.message.contains("would have 10000001 elements"),
        "{}",
        e.message
    );
    let e = arith::arithmetic(BinaryOp::LShift, &big, &Value::Integer(1), &mut Vec::new())
        .unwrap_err()
        .0;
    assert!(
        e.message.contains("more than the evaluator's limit"),
        "{}",
        e.message
    );
    assert!(arith::arithmetic(BinaryOp::Add, &one, &one, &mut Vec::new()).is_ok());
}

#[test]
fn type_access_flattens_arrays_of_keys() {
    assert_eq!(p("$n = ['a', ['b']] Enum[$n]"), "Enum['a', 'b']");
    assert_eq!(p("Integer[[1, 2]]"), "Integer[1, 2]");
    assert_eq!(p("Pattern[[/x/, 'y']]"), "Pattern[/x/, /y/]");
    // (a Struct's key is its one Hash, not flattened)
    assert!(fails("Struct[[{a => Integer}]]")
        .starts_with("Error creating type specialization of a Struct-Type"));
}

#[test]
fn type_access_words_each_types_own_message() {
    assert_eq!(
        fails("Integer['a']"),
        "Integer-Type [] requires all arguments to be integers (or default). Got String"
    );
    assert_eq!(
        fails("Regexp[/a/, /b/]"),
        "A Regexp-Type[] accepts 1 argument. Got 2"
    );
    assert_eq!(
        fails("Data[1]"),
        "Operator '[]' is not applicable to a Data-Type."
    );
    assert_eq!(p("Array[1, 2]"), "Array[Any, 1, 2]");
}

#[test]
fn resource_and_class_access_give_an_array_of_types_for_many_titles() {
    assert_eq!(p("File['a', 'b']"), "[File['a'], File['b']]");
    assert_eq!(p("Resource[file, ['a', undef]]"), "[File['a']]");
    assert_eq!(p("Class['::A::B', c]"), "[Class[a::b], Class[c]]");
    assert_eq!(p("File[undef]"), "undef");
}
