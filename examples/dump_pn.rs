//! Prints the PN of Puppet manifests, in the same shape as `tools/ref_pn.rb`
//! prints the reference's, so that the two outputs can be diffed.
//!
//! Usage: `dump_pn [--data] [--epp] [--no-validate] FILE...` prints `== FILE` and then
//! the PN text (or its `to_data` as JSON with `--data`) or `ERROR: line=L pos=C message`.
//! `--tokens` reads, for each FILE, the token stream in FILE.tokens (JSON lines
//! `[kind, value, offset, length]` from `tools/ref_tokens_json.rb`) instead of lexing.

use puppet_types::syntax::{
    parser, pn,
    span::Span,
    token::{Token, TokenKind},
    validate,
};

/// Reads `[kind, value, offset, length]` JSON lines (a minimal reader for that shape).
fn read_tokens(text: &str) -> Vec<Token<'static>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.len() < 2 {
            continue;
        }
        let inner = &line[1..line.len() - 1];
        let mut parts = Vec::new();
        let mut cur = String::new();
        let mut in_str = false;
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => in_str = !in_str,
                '\\' if in_str => match chars.next() {
                    Some('n') => cur.push('\n'),
                    Some('t') => cur.push('\t'),
                    Some('r') => cur.push('\r'),
                    Some('u') => {
                        let h: String = chars.by_ref().take(4).collect();
                        cur.push(
                            char::from_u32(u32::from_str_radix(&h, 16).unwrap_or(63))
                                .unwrap_or('?'),
                        )
                    }
                    Some(o) => cur.push(o),
                    None => {}
                },
                ',' if !in_str => parts.push(std::mem::take(&mut cur)),
                c => cur.push(c),
            }
        }
        parts.push(cur);
        if parts.len() != 4 {
            continue;
        }
        let Some(kind) = TokenKind::from_name(&parts[0]) else {
            continue;
        };
        let off: usize = parts[2].trim().parse().unwrap_or(0);
        let len: usize = parts[3].trim().parse().unwrap_or(0);
        out.push(Token::new(
            kind,
            Span::new(off, off + len),
            parts[1].clone(),
        ));
    }
    out
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| {
        let had = args.iter().any(|a| a == name);
        args.retain(|a| a != name);
        had
    };
    let data = flag("--data");
    let epp_all = flag("--epp");
    let no_validate = flag("--no-validate");
    let tokens = flag("--tokens");
    for file in &args {
        println!("== {file}");
        let src = match std::fs::read_to_string(file) {
            Ok(s) => s,
            Err(e) => {
                println!("ERROR: {e}");
                continue;
            }
        };
        let epp = epp_all || file.ends_with(".epp");
        let result = if tokens {
            let t = std::fs::read_to_string(format!("{file}.tokens")).unwrap_or_default();
            parser::parse_tokens(&src, read_tokens(&t), epp)
        } else {
            parser::parse_syntax(&src, epp)
        };
        let result = result.and_then(|p| {
            if !no_validate {
                validate::validate(&p)?;
            }
            Ok(p)
        });
        match result {
            Ok(p) => {
                if data {
                    let mut s = String::new();
                    s.push_str(&pn::data_to_json(&pn::program_to_pn_data(&p)));
                    println!("{s}");
                } else {
                    println!("{}", pn::program_to_pn_string(&p));
                }
            }
            Err(e) => {
                let (line, col) = match e.span {
                    _ if e.message.starts_with("Syntax error at end of input")
                        || e.message.starts_with("Language validation logged") =>
                    {
                        ("nil".into(), "nil".into())
                    }
                    Some(s) => {
                        let idx = puppet_types::syntax::span::LineIndex::new(&src);
                        let (l, c) = idx.line_col(&src, s.start as usize);
                        (l.to_string(), c.to_string())
                    }
                    None => ("nil".into(), "nil".into()),
                };
                println!("ERROR: line={line} pos={col} {}", e.message);
            }
        }
    }
}
