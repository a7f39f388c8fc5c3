//! Prints the recovered errors and the PN of a file (a debugging aid for recovery).
fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let src = std::fs::read_to_string(&path).expect("readable");
    let (program, errors) = if path.ends_with(".epp") {
        puppet_types::syntax::parser::parse_epp_with_recovery(&src)
    } else {
        puppet_types::syntax::parse_with_recovery(&src)
    };
    for e in &errors {
        let (l, c) = program.line_col(e.span.map_or(src.len(), |s| s.start as usize));
        println!("{l}:{c}: {}", e.message);
    }
    if std::env::var("PN").is_ok() {
        println!("{}", program.to_pn());
    }
}
