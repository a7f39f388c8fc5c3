//! Where the time of indexing a module path goes (reading, parsing,
//! validating, extracting), on one thread: `cargo run --release --example
//! env_profile -- /usr/share/puppet/modules`.

use puppet_types::env::Environment;
use std::time::Instant;

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let env = Environment::new(&paths);
    env.load_all_serial();
    let files: Vec<_> = env.files().iter().map(|f| f.path.to_string()).collect();
    let texts: Vec<String> = files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let bytes: usize = texts.iter().map(|t| t.len()).sum();
    let time = |label: &str, f: &dyn Fn()| {
        let start = Instant::now();
        for _ in 0..10 {
            f();
        }
        let per = start.elapsed().as_secs_f64() / 10.0;
        println!(
            "{label:<28} {:8.2} ms  {:6.1} MB/s",
            per * 1e3,
            bytes as f64 / per / 1e6
        );
    };
    println!("{} files, {} bytes", texts.len(), bytes);
    time("read files", &|| {
        for p in &files {
            let _ = std::fs::read(p);
        }
    });
    time("lex", &|| {
        for t in &texts {
            let mut toks = Vec::new();
            let _ = puppet_types::syntax::lexer::Lexer::new(t).lex_into(&mut toks);
        }
    });
    time("parse_syntax", &|| {
        for t in &texts {
            let _ = puppet_types::syntax::parser::parse_syntax(t, false);
        }
    });
    time("parse + validate", &|| {
        for t in &texts {
            let _ = puppet_types::syntax::parse(t);
        }
    });
    time("Environment::new", &|| {
        let _ = Environment::new(&paths);
    });
    time("walk the module dirs", &|| {
        let env = Environment::new(&paths);
        for m in env.modules() {
            let mut visited = std::collections::HashSet::new();
            let (mut out, mut d) = (Vec::new(), Vec::new());
            for dir in ["manifests", "functions", "types", "plans"] {
                let p = m.dir(dir);
                if p.is_dir() {
                    puppet_types::env::files::walk_pp(&p, &mut visited, &mut out, &mut d);
                }
            }
        }
    });
    let programs: Vec<_> = texts
        .iter()
        .filter_map(|t| puppet_types::syntax::parse(t).ok().map(std::sync::Arc::new))
        .collect();
    time("extract definitions", &|| {
        let path: std::sync::Arc<str> = std::sync::Arc::from("x.pp");
        for p in &programs {
            let _ = puppet_types::env::definition::extract(p, &path, None);
        }
    });
    time("drop programs", &|| {
        for t in &texts {
            drop(puppet_types::syntax::parse(t));
        }
    });
    time("load_all_serial (fresh env)", &|| {
        Environment::new(&paths).load_all_serial()
    });
    time("load_all (fresh env)", &|| {
        Environment::new(&paths).load_all()
    });
}
