//! Prints the token stream of each given file in the format of
//! `tools/ref_tokens.rb` (one `KIND<TAB>offset<TAB>length<TAB>value` line per
//! token, or a final `ERROR<TAB>line<TAB>column<TAB>message` line), so the two
//! can be diffed. `.epp` files (or `--epp`) are lexed as EPP templates.
//!
//! Usage: dump_tokens [--epp] [--out DIR --root ROOT] FILE...
//!        dump_tokens --bench FILE...   (lexes every file 20 times, prints MB/s)

use puppet_types::syntax::lexer::dump::reference_dump;
use puppet_types::syntax::lexer::{Lexer, Options};
use puppet_types::syntax::token::TokenKind;
use std::path::Path;

fn dump(src: &str, epp: bool) -> String {
    let options = Options {
        epp,
        ..Options::default()
    };
    reference_dump(src, options)
}

/// CPU time of this thread so far (Linux), to measure on a loaded machine.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let take = |args: &mut Vec<String>, flag: &str| -> Option<String> {
        let i = args.iter().position(|a| a == flag)?;
        let v = args.get(i + 1).cloned();
        args.drain(i..(i + 2).min(args.len()));
        v
    };
    let epp = if let Some(i) = args.iter().position(|a| a == "--epp") {
        args.remove(i);
        true
    } else {
        false
    };
    if let Some(i) = args.iter().position(|a| a == "--bench") {
        args.remove(i);
        let srcs: Vec<String> = args
            .iter()
            .filter_map(|f| std::fs::read_to_string(f).ok())
            .collect();
        let bytes: usize = srcs.iter().map(|s| s.len()).sum();
        let cpu0 = cpu_seconds().unwrap_or(0.0);
        let t0 = std::time::Instant::now();
        let mut tokens = 0usize;
        for _ in 0..20 {
            for s in &srcs {
                let mut l = Lexer::new(s);
                while let Ok(t) = l.next_token() {
                    if t.kind == TokenKind::Eof {
                        break;
                    }
                    tokens += 1;
                }
            }
        }
        let secs = t0.elapsed().as_secs_f64();
        let cpu = cpu_seconds().map(|c| c - cpu0);
        println!(
            "{} files, {} bytes x20, {} tokens: {:.1} MB/s wall clock{}",
            srcs.len(),
            bytes,
            tokens,
            (bytes * 20) as f64 / secs / 1e6,
            cpu.map(|c| format!(", {:.1} MB/s of CPU time", (bytes * 20) as f64 / c / 1e6))
                .unwrap_or_default()
        );
        return;
    }
    let out_dir = take(&mut args, "--out");
    let root = take(&mut args, "--root");
    for f in &args {
        let bytes = std::fs::read(f).unwrap_or_default();
        let src = String::from_utf8_lossy(&bytes);
        let text = dump(&src, epp || f.ends_with(".epp"));
        match &out_dir {
            Some(dir) => {
                let rel = match &root {
                    Some(r) => f
                        .strip_prefix(r.as_str())
                        .unwrap_or(f)
                        .trim_start_matches('/'),
                    None => Path::new(f)
                        .file_name()
                        .and_then(|n| n.to_str())
                        .unwrap_or(f),
                };
                let dest = Path::new(dir).join(format!("{rel}.tokens"));
                if let Some(p) = dest.parent() {
                    let _ = std::fs::create_dir_all(p);
                }
                let _ = std::fs::write(dest, text);
            }
            None => {
                println!("== {f}");
                print!("{text}");
            }
        }
    }
}
