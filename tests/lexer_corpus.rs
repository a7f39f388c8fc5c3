//! Every manifest and template of the installed Puppet modules (Debian's
//! `puppet-module-*` packages under /usr/share/puppet/modules.available)
//! lexes without error, as it does with the reference, and token spans point
//! at their text. (Token-by-token equality with the reference over this
//! corpus is checked by `tools/lexer_corpus.sh`, which needs Ruby.)
//! Skipped when the modules are not installed.

use puppet_types::syntax::lexer::{Lexer, Options};
use puppet_types::syntax::token::TokenKind;
use std::path::{Path, PathBuf};

const CORPUS: &str = "/usr/share/puppet/modules.available";

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("pp" | "epp")) {
            out.push(p);
        }
    }
}

#[test]
fn corpus_lexes_without_error() {
    let mut files = Vec::new();
    collect(Path::new(CORPUS), &mut files);
    if files.is_empty() {
        eprintln!("{CORPUS} not installed: corpus lexing skipped");
        return;
    }
    let mut failures = Vec::new();
    let mut tokens = 0usize;
    for path in &files {
        let Ok(src) = std::fs::read_to_string(path) else {
            continue;
        };
        let epp = path.extension().and_then(|e| e.to_str()) == Some("epp");
        let lexer = Lexer::with_options(
            &src,
            Options {
                epp,
                ..Options::default()
            },
        );
        match lexer.collect_tokens() {
            Ok(ts) => {
                for t in &ts {
                    let text = src.get(t.span.range()).unwrap_or("");
                    let ok = match t.kind {
                        TokenKind::Name | TokenKind::ClassRef | TokenKind::Number => {
                            text == t.value
                        }
                        TokenKind::Variable => text.ends_with(&*t.value),
                        _ => true,
                    };
                    if !ok {
                        failures.push(format!(
                            "{}: {} {:?} at {:?}",
                            path.display(),
                            t.kind,
                            t.value,
                            t.span
                        ));
                    }
                }
                tokens += ts.len();
            }
            Err(e) => failures.push(format!("{}: {}", path.display(), e.message)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(tokens > files.len());
}
