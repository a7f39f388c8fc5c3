//! The lexical structure of the language (tokens, strings and interpolation,
//! heredocs, regex context, EPP; seed 004), one test per rule or example.
//! Expected streams are the reference lexer's (`Lexer2#fullscan`); where the
//! seed's prose differs from the reference, the test says so.

use puppet_types::syntax::lexer::{tokenize, tokenize_bytes, tokenize_epp, Lexer, Options};
use puppet_types::syntax::token::TokenKind;
use puppet_types::ErrorKind;

fn lex(src: &str) -> Vec<(&'static str, String)> {
    tokenize(src)
        .unwrap_or_else(|e| panic!("{src:?}: {}", e.message))
        .into_iter()
        .map(|t| (t.kind.name(), t.value.into_owned()))
        .collect()
}

fn kinds(src: &str) -> Vec<&'static str> {
    lex(src).into_iter().map(|(k, _)| k).collect()
}

fn err(src: &str) -> String {
    match tokenize(src) {
        Ok(t) => panic!("{src:?} lexed: {t:?}"),
        Err(e) => {
            assert_eq!(e.kind, ErrorKind::Parse);
            e.into_message()
        }
    }
}

fn tv(k: &'static str, v: &str) -> (&'static str, String) {
    (k, v.to_string())
}

#[test]
fn interpolation_hello_var() {
    assert_eq!(
        lex(r#""Hello $name""#),
        vec![
            tv("DQPRE", "Hello "),
            tv("VARIABLE", "name"),
            tv("DQPOST", "")
        ]
    );
}

#[test]
fn interpolation_hello_braced_name_is_variable() {
    // The seed shows NAME('name'); the reference delivers a lone name in ${} as VARIABLE.
    assert_eq!(
        lex(r#""Hello ${name}""#),
        vec![
            tv("DQPRE", "Hello "),
            tv("VARIABLE", "name"),
            tv("DQPOST", "")
        ]
    );
}

#[test]
fn interpolation_expression() {
    assert_eq!(
        lex(r#""Hello nbr ${1+1}, what is your name?""#),
        vec![
            tv("DQPRE", "Hello nbr "),
            tv("NUMBER", "1"),
            tv("PLUS", "+"),
            tv("NUMBER", "1"),
            tv("DQPOST", ", what is your name?")
        ]
    );
}

#[test]
fn interpolation_two_variables() {
    assert_eq!(
        lex(r#""Hello $name1 and $name2!""#),
        vec![
            tv("DQPRE", "Hello "),
            tv("VARIABLE", "name1"),
            tv("DQMID", " and "),
            tv("VARIABLE", "name2"),
            tv("DQPOST", "!")
        ]
    );
}

#[test]
fn string_without_interpolation_is_one_token() {
    assert_eq!(
        lex(r#""no interpolation""#),
        vec![tv("STRING", "no interpolation")]
    );
}

#[test]
fn nested_double_quoted_strings() {
    assert_eq!(
        kinds(r#""a ${ "b $c" } d""#),
        vec!["DQPRE", "DQPRE", "VARIABLE", "DQPOST", "DQPOST"]
    );
}

#[test]
fn invalid_numeric_variable_is_one_variable() {
    assert_eq!(
        lex(r#""Hello $00080, how are you""#),
        vec![
            tv("DQPRE", "Hello "),
            tv("VARIABLE", "00080"),
            tv("DQPOST", ", how are you")
        ]
    );
    assert_eq!(lex("$0xG"), vec![tv("VARIABLE", "0xG")]);
    assert_eq!(lex("$Abc"), vec![tv("VARIABLE", "Abc")]);
}

#[test]
fn dq_escapes() {
    assert_eq!(
        lex(r#""\" \\ \r \n \t \s \u0041 \u{1F600} \q""#),
        vec![tv("STRING", "\" \\ \r \n \t   A \u{1F600} \\q")]
    );
}

#[test]
fn sq_escapes() {
    assert_eq!(lex(r"'\' \\ \n'"), vec![tv("STRING", r"' \ \n")]);
}

#[test]
fn line_endings_in_strings_are_kept() {
    assert_eq!(lex("'a\r\nb'"), vec![tv("STRING", "a\r\nb")]);
}

#[test]
fn whitespace_includes_unicode_blanks() {
    assert_eq!(
        kinds("$a\u{a0}=\u{3000}1\u{2003}"),
        vec!["VARIABLE", "EQUALS", "NUMBER"]
    );
}

#[test]
fn comments_are_skipped() {
    assert_eq!(
        kinds("# one\n$a /* multi\nline */ = 1 # two"),
        vec!["VARIABLE", "EQUALS", "NUMBER"]
    );
    assert_eq!(err("/* unclosed"), "Unclosed multiline comment");
}

#[test]
fn numbers_in_every_radix() {
    assert_eq!(
        lex("0x1F 0777 42 3.14 1e10 2E-3"),
        vec![
            tv("NUMBER", "0x1F"),
            tv("NUMBER", "0777"),
            tv("NUMBER", "42"),
            tv("NUMBER", "3.14"),
            tv("NUMBER", "1e10"),
            tv("NUMBER", "2E-3")
        ]
    );
}

#[test]
fn numbers_must_be_valid_in_their_radix() {
    assert_eq!(err("08"), "Not a valid octal number 08");
    assert_eq!(err("0x"), "Not a valid hex number 0x");
    assert_eq!(err("1e"), "Not a valid decimal number 1e");
    assert_eq!(err("$a = 123abc"), "Illegal number '123abc'");
}

#[test]
fn names_words_and_references() {
    assert_eq!(
        kinds("apache::port ::apache ::apache::port"),
        vec!["NAME", "NAME", "NAME"]
    );
    assert_eq!(
        kinds("bare_word_string this-is-a-bare-word-string _bare_word _foo_ _Bare-word-as-it-starts-with-underscore"),
        vec!["NAME", "WORD", "WORD", "WORD", "WORD"]
    );
    assert_eq!(kinds("File ::File Class Integer"), vec!["CLASSREF"; 4]);
    // a bare word may not end with a hyphen: the hyphen is a MINUS
    assert_eq!(kinds("can-not-end-with-hyphen-"), vec!["WORD", "MINUS"]);
    assert_eq!(kinds("-can-not-start-with-hyphen"), vec!["MINUS", "WORD"]);
    // `not::OK` is not a bare word: it lexes as a NAME followed by a `::`-reference
    assert_eq!(kinds("not::OK"), vec!["NAME", "CLASSREF"]);
    assert_eq!(err("Not::ok"), "Illegal class reference");
}

#[test]
fn keywords_are_case_sensitive() {
    assert_eq!(
        kinds("case class default define if elsif else inherits node and or undef false true in unless function type attr private"),
        vec![
            "CASE", "CLASS", "DEFAULT", "DEFINE", "IF", "ELSIF", "ELSE", "INHERITS", "NODE", "AND", "OR",
            "UNDEF", "BOOLEAN", "BOOLEAN", "IN", "UNLESS", "FUNCTION", "TYPE", "ATTR", "PRIVATE"
        ]
    );
    assert_eq!(kinds("If Case"), vec!["CLASSREF", "CLASSREF"]);
    // plan and apply are keywords only in tasks mode
    assert_eq!(kinds("plan apply"), vec!["NAME", "NAME"]);
    let tasks = Options {
        tasks: true,
        ..Options::default()
    };
    let t = Lexer::with_options("plan apply", tasks)
        .collect_tokens()
        .unwrap();
    assert_eq!(t[0].kind, TokenKind::Plan);
    assert_eq!(t[1].kind, TokenKind::Apply);
}

#[test]
fn liststart_after_whitespace_or_at_start() {
    assert_eq!(kinds("[1]"), vec!["LISTSTART", "NUMBER", "RBRACK"]);
    assert_eq!(
        kinds("$a[1]"),
        vec!["VARIABLE", "LBRACK", "NUMBER", "RBRACK"]
    );
    assert_eq!(
        kinds("$a [1]"),
        vec!["VARIABLE", "LISTSTART", "NUMBER", "RBRACK"]
    );
}

#[test]
fn selbrace_after_question_mark() {
    assert_eq!(kinds("$x ? { a => 1 }")[2], "SELBRACE");
    assert_eq!(kinds("$x ?{ a => 1 }")[2], "SELBRACE");
    assert_eq!(kinds("$x = { a => 1 }")[2], "LBRACE");
}

#[test]
fn wslparen_first_on_line() {
    assert_eq!(kinds("(1)")[0], "WSLPAREN");
    assert_eq!(kinds("foo(1)")[1], "LPAREN");
    assert_eq!(kinds("$a = 1\n  (2)")[3], "WSLPAREN");
}

#[test]
fn every_operator() {
    let src = "= < > ! ? == <= >= != =~ !~ + - * / % << >> <| |> <<| |>> => +> -> <- ~> <~ @ @@ ~";
    assert_eq!(
        kinds(src),
        vec![
            "EQUALS",
            "LESSTHAN",
            "GREATERTHAN",
            "NOT",
            "QMARK",
            "ISEQUAL",
            "LESSEQUAL",
            "GREATEREQUAL",
            "NOTEQUAL",
            "MATCH",
            "NOMATCH",
            "PLUS",
            "MINUS",
            "TIMES",
            "DIV",
            "MODULO",
            "LSHIFT",
            "RSHIFT",
            "LCOLLECT",
            "RCOLLECT",
            "LLCOLLECT",
            "RRCOLLECT",
            "FARROW",
            "PARROW",
            "IN_EDGE",
            "OUT_EDGE",
            "IN_EDGE_SUB",
            "OUT_EDGE_SUB",
            "AT",
            "ATAT",
            "TILDE"
        ]
    );
    assert_eq!(
        kinds("( ) { } ; , . | :"),
        vec!["WSLPAREN", "RPAREN", "LBRACE", "RBRACE", "SEMIC", "COMMA", "DOT", "PIPE", "COLON"]
    );
}

#[test]
fn regex_only_where_an_operand_may_start() {
    assert_eq!(lex("$a =~ /b/")[2], tv("REGEX", "b"));
    assert_eq!(
        kinds("$a / 2 / 3"),
        vec!["VARIABLE", "DIV", "NUMBER", "DIV", "NUMBER"]
    );
    for before in [")", "]", "foo", "Foo", "1", "'s'", "true", "/r/", "$x"] {
        let k = kinds(&format!("{before} /x/ 2"));
        assert!(k.contains(&"DIV"), "after {before}: {k:?}");
    }
    assert_eq!(lex(r"/a\/b/"), vec![tv("REGEX", "a/b")]);
}

#[test]
fn regex_after_right_brace() {
    // `}` ends a case option, so a regex may follow it (and a division may not)
    assert_eq!(kinds("} /x/"), vec!["RBRACE", "REGEX"]);
}

#[test]
fn heredoc_two_on_one_line() {
    let src = "$a = [@(END1), @(END2)]\nThis is the text in the first heredoc\nEND1\nThis is the text in the second heredoc\nEND2\n";
    assert_eq!(
        lex(src),
        vec![
            tv("VARIABLE", "a"),
            tv("EQUALS", "="),
            tv("LISTSTART", "["),
            tv("HEREDOC", ""),
            tv("SUBLOCATE", "This is the text in the first heredoc\n"),
            tv("STRING", "This is the text in the first heredoc\n"),
            tv("COMMA", ","),
            tv("HEREDOC", ""),
            tv("SUBLOCATE", "This is the text in the second heredoc\n"),
            tv("STRING", "This is the text in the second heredoc\n"),
            tv("RBRACK", "]"),
        ]
    );
}

#[test]
fn heredoc_margin_trim_syntax_escapes() {
    let src = "@(END:json/tn)\n    a\\tb\n      c\\n\n    |- END\n";
    assert_eq!(
        lex(src),
        vec![
            tv("HEREDOC", "json"),
            tv("SUBLOCATE", "    a\\tb\n      c\\n\n"),
            tv("STRING", "a\tb\n  c\n")
        ]
    );
}

#[test]
fn heredoc_interpolation_only_with_quoted_tag() {
    assert_eq!(
        kinds("@(END)\n$x\nEND\n"),
        vec!["HEREDOC", "SUBLOCATE", "STRING"]
    );
    assert_eq!(
        kinds("@(\"END\")\n$x\nEND\n"),
        vec!["HEREDOC", "SUBLOCATE", "DQPRE", "VARIABLE", "DQPOST"]
    );
}

#[test]
fn heredoc_errors() {
    assert_eq!(err("@(END)"), "Heredoc without any following lines of text");
    assert_eq!(err("@(END)\ntext\n"), "Heredoc without end-tagged line");
    assert_eq!(
        err("@(END/x)\nEND\n"),
        "Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got 'x'"
    );
    assert_eq!(
        err("@(END:1)\nEND\n"),
        "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])"
    );
}

#[test]
fn bom_is_an_error() {
    assert_eq!(
        err("\u{feff}$a = 1"),
        "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source"
    );
    let e = tokenize_bytes(b"\xFF\xFE$\x00", Options::default()).unwrap_err();
    assert_eq!(
        e.message,
        "Illegal UTF-16 Byte Order mark at beginning of input: [FF FE] - remove these from the puppet source"
    );
}

#[test]
fn invalid_utf8_is_an_error() {
    let e = tokenize_bytes(b"$a = '\xC3('", Options::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Parse);
    assert!(e.message.contains("UTF-8"), "{}", e.message);
}

#[test]
fn unclosed_quotes() {
    assert_eq!(
        err("$a = \"abc"),
        "Unclosed quote after '\"' followed by 'abc...'"
    );
    assert_eq!(
        err("$a = 'abc"),
        "Unclosed quote after \"'\" followed by 'abc...'"
    );
}

#[test]
fn epp_tokens() {
    let t: Vec<(&str, String)> =
        tokenize_epp("<%- | $x | -%>\nHi <%= $x %>!<%# c %>\n<% if true { -%>\n ok\n<% } %>")
            .unwrap()
            .into_iter()
            .map(|t| (t.kind.name(), t.value.into_owned()))
            .collect();
    assert_eq!(
        t,
        vec![
            tv("EPP_START", ""),
            tv("PIPE", "|"),
            tv("VARIABLE", "x"),
            tv("PIPE", "|"),
            tv("RENDER_STRING", "Hi "),
            tv("RENDER_EXPR", ""),
            tv("VARIABLE", "x"),
            tv("EPP_END", "%>"),
            tv("RENDER_STRING", "!\n"),
            tv("IF", "if"),
            tv("BOOLEAN", "true"),
            tv("LBRACE", "{"),
            tv("RENDER_STRING", " ok\n"),
            tv("RBRACE", "}"),
        ]
    );
}

#[test]
fn epp_unbalanced() {
    let e = tokenize_epp("<% $x").unwrap_err();
    assert_eq!(
        e.message,
        "Unbalanced epp tag, reached <eof> without closing tag."
    );
    let e = tokenize_epp("x <%").unwrap_err();
    assert_eq!(
        e.message,
        "Unbalanced embedded expression - opening <% and reaching end of input"
    );
}

#[test]
fn streaming_lexer_ends_with_eof() {
    let mut l = Lexer::new("$a");
    assert_eq!(l.next_token().unwrap().kind, TokenKind::Variable);
    assert_eq!(l.next_token().unwrap().kind, TokenKind::Eof);
    assert_eq!(l.next_token().unwrap().kind, TokenKind::Eof);
}

#[test]
fn tokens_borrow_plain_values_from_the_source() {
    let src = "$abc = foo";
    let t = tokenize(src).unwrap();
    assert!(matches!(t[0].value, std::borrow::Cow::Borrowed(_)));
    assert!(matches!(t[2].value, std::borrow::Cow::Borrowed(_)));
    assert_eq!(&src[t[0].span.range()], "$abc");
}

#[test]
fn unrecognized_escapes_warn() {
    let mut l = Lexer::new(r#"$a = "x\q \u12" 'y\q'"#);
    while l.next_token().unwrap().kind != TokenKind::Eof {}
    let w: Vec<&str> = l.warnings().iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        w,
        vec![
            "Unrecognized escape sequence '\\q'",
            "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff"
        ]
    );
}

#[test]
fn reference_values_are_typed() {
    use puppet_types::syntax::token::ReferenceValue;
    let t = tokenize("/x/ true @(E)\na\nb\nE\n").unwrap();
    assert_eq!(t[1].reference_value(), ReferenceValue::Bool(true));
    assert_eq!(
        t[3].reference_value(),
        ReferenceValue::Lines(vec!["a\n", "b\n"])
    );
    assert_eq!(t[0].reference_value(), ReferenceValue::Regex("x"));
    let t = tokenize_epp("<%= 1 %>").unwrap();
    assert_eq!(t[0].reference_value(), ReferenceValue::Nil);
}

#[test]
fn invalid_regex_is_an_error_like_the_reference() {
    // the reference raises Ruby's RegexpError with this message while lexing
    assert_eq!(
        err("$a = /(/"),
        "end pattern with unmatched parenthesis: /(/"
    );
    assert_eq!(
        err("$a = /[a\\/b/"),
        "premature end of char-class: /[a\\/b/"
    );
    // Ruby accepts a quantified anchor, so the lexer does too
    assert_eq!(kinds("$a =~ /^*/"), vec!["VARIABLE", "MATCH", "REGEX"]);
}

#[test]
fn invalid_regex_with_quantified_anchor_reports_the_real_error() {
    assert_eq!(
        err("$a = /$+(/"),
        "end pattern with unmatched parenthesis: /$+(/"
    );
    assert_eq!(
        kinds("$a =~ /\\b+x{2}[$*]/"),
        vec!["VARIABLE", "MATCH", "REGEX"]
    );
}
