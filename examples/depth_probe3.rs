fn main() {
    for (name, unit) in [
        ("plus", " + 1"),
        ("index", "[1]"),
        ("dot", ".f"),
        ("edge", " -> b"),
    ] {
        let r = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let n: usize = std::env::var("N").unwrap().parse().unwrap();
                let src = if name == "edge" {
                    format!("a{}", unit.repeat(n))
                } else {
                    format!("$a = $b{}", unit.repeat(n))
                };
                let p = puppet_types::syntax::parser::parse_syntax(&src, false).unwrap();
                eprintln!("{name} parsed");
                let pn = puppet_types::syntax::pn::program_to_pn_string(&p);
                eprintln!("{name} pn {}", pn.len());
                let v = puppet_types::syntax::validate::validate(&p);
                eprintln!("{name} validated {:?}", v.is_ok());
                drop(p);
                eprintln!("{name} dropped");
            })
            .unwrap()
            .join();
        println!("{name} joined {:?}", r.is_ok());
    }
}
