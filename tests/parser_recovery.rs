//! Recovery mode: `parse_with_recovery` returns the tree of what parsed and every
//! error found, not just the first.

use puppet_types::syntax::parse_with_recovery;

#[test]
fn recovery_reports_every_broken_statement_and_keeps_the_rest() {
    let src = "$a = [1, 2\nnotice(1)\n$b = 1 +\nclass x {\n  $c = )\n  $e = 2\n}\n$d = 5\n";
    let (program, errors) = parse_with_recovery(src);
    let lines: Vec<usize> = errors
        .iter()
        .map(|e| program.line_col(e.span.expect("span").start as usize).0)
        .collect();
    // the unclosed array runs into `notice` on line 2; `1 + class x {...}` parses but
    // the validator rejects a class used as a value and not at top level (line 4);
    // `$c = )` fails at the `)` on line 5
    assert_eq!(lines, vec![2, 4, 4, 5], "{errors:?}");
    let pn = program.to_pn();
    assert!(pn.contains("(= (var \"d\") 5)"), "{pn}");
    assert!(pn.contains("(= (var \"e\") 2)"), "{pn}");
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
