//! Recovery mode: `parse_with_recovery` returns the tree of what parsed and every
//! error found, not just the first.

use puppet_types::syntax::parse_with_recovery;

/// The errors as `line:column message` (without the parser's `(expected ...)`).
fn errors(src: &str) -> Vec<String> {
    let (program, errors) = parse_with_recovery(src);
    errors
        .iter()
        .map(|e| {
            let (l, c) = program.line_col(e.span.expect("span").start as usize);
            let m = e.message.split(" (expected").next().unwrap_or("");
            format!("{l}:{c} {m}")
        })
        .collect()
}

#[test]
fn recovery_reports_every_broken_statement_and_keeps_the_rest() {
    let src = "$a = [1, 2\nnotice(1)\n$b = 1 +\nclass x {\n  $c = )\n  $e = 2\n}\n$d = 5\n";
    let (program, _) = parse_with_recovery(src);
    // the unclosed array runs into `notice` on line 2 (skipped to there); `$c = )`
    // fails at the `)` on line 5 (deleted); the validator does not check the
    // statement around it (`1 + class x {...}`), which holds a syntax error
    assert_eq!(
        errors(src),
        vec!["2:1 Syntax error at 'notice'", "5:8 Syntax error at ')'"]
    );
    let pn = program.to_pn();
    assert!(pn.contains("(= (var \"d\") 5)"), "{pn}");
    assert!(pn.contains("(= (var \"e\") 2)"), "{pn}");
}

#[test]
fn a_missing_comma_is_one_error_and_the_resource_is_kept_whole() {
    let src = "file { '/x':\n  ensure => file\n  mode => '0644',\n}\nnotice(1)\n";
    assert_eq!(errors(src), vec!["3:3 Syntax error at 'mode'"]);
    let pn = parse_with_recovery(src).0.to_pn();
    assert!(pn.contains("(=> \"mode\" \"0644\")"), "{pn}");
}

#[test]
fn a_missing_brace_after_a_resource_type_is_one_error() {
    let src = "class a {\n  file\n    '/x': ensure => file;\n    '/y': ensure => file;\n  }\n}\n";
    assert_eq!(errors(src), vec!["3:9 Syntax error at ':'"]);
    let pn = parse_with_recovery(src).0.to_pn();
    assert!(pn.contains("(resource {:type (qn \"file\")"), "{pn}");
}

#[test]
fn a_stray_brace_is_one_error() {
    let src = "class a {\n  notice(1)\n}\n}\nclass b {\n  notice(2)\n}\n";
    assert_eq!(errors(src), vec!["4:1 Syntax error at '}'"]);
    assert!(parse_with_recovery(src)
        .0
        .to_pn()
        .contains("(class {:name \"b\""));
}

#[test]
fn a_missing_brace_at_the_end_is_reported_after_an_error_before_it() {
    let src = "class a {\n  $x = ,\n";
    assert_eq!(
        errors(src),
        vec![
            "2:8 Syntax error at ','",
            "3:1 Syntax error at end of input"
        ]
    );
}

#[test]
fn errors_are_not_repeated() {
    assert_eq!(
        errors("$x = 15update\n"),
        vec!["1:6 Illegal number '15update'"]
    );
    let src = "class a {\n  if $x {\n    $y = @(END)\n    text\n";
    assert_eq!(errors(src).len(), 1, "{:?}", errors(src));
    let src = "class a {\n  if $x {\n    /* never closed\n";
    assert_eq!(errors(src).len(), 1, "{:?}", errors(src));
}

#[test]
fn valid_code_after_a_missing_comma_is_not_reported() {
    let src = "$h = {\n  a => 1\n  b => 2,\n}\nif $x {\n  notice(1)\n}\n";
    assert_eq!(errors(src), vec!["3:3 Syntax error at 'b'"]);
}

#[test]
fn an_epp_template_recovers_too() {
    let src = "<% $x = , %>text<%= $y %>\n<% if $z { %>a<% } %>\n<%= [1 2] %>\n";
    let (program, errors) = puppet_types::syntax::parser::parse_epp_with_recovery(src);
    let lines: Vec<usize> = errors
        .iter()
        .map(|e| program.line_col(e.span.expect("span").start as usize).0)
        .collect();
    assert_eq!(lines, vec![1, 3], "{errors:?}");
}

#[test]
fn recovery_is_linear_in_the_number_of_errors() {
    // each line is an error; quadratic recovery would take minutes here
    let src = "$x = ,\n".repeat(50_000);
    let (_, errors) = parse_with_recovery(&src);
    assert_eq!(errors.len(), 50_000);
}

#[test]
fn recovery_of_valid_source_equals_the_normal_parse() {
    let src = "class a { file { 'x': ensure => present } }\ninclude a\n";
    let (program, errors) = parse_with_recovery(src);
    assert!(errors.is_empty());
    assert_eq!(
        program.to_pn(),
        puppet_types::syntax::parse(src).expect("valid").to_pn()
    );
}

#[test]
fn recovery_includes_validation_errors() {
    let (_, errors) = parse_with_recovery("1 = 2\n$x = [\n");
    let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("Syntax error at end of input")),
        "{messages:?}"
    );
}
