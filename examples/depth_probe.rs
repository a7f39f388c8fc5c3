fn main() {
    let pats: Vec<(&str, &str, &str)> = vec![
        ("[", "1", "]"),
        ("(", "1", ")"),
        ("{a => ", "1", "}"),
        ("if $a { ", "1", " }"),
        ("f(", "1", ")"),
        ("\"${", "1", "}\""),
        ("Array[", "1", "]"),
        ("class a { ", "", " }"),
        ("$x.each |$y| { ", "1", " }"),
        ("case $x { 1: { ", "1", " } }"),
    ];
    for (o, i, c) in pats {
        let (o2, i, c) = (o.to_string(), i.to_string(), c.to_string());
        let r = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let n = 100_000;
                let src = format!("$a = {}{}{}", o2.repeat(n), i, c.repeat(n));
                let e = puppet_types::syntax::parser::parse(&src)
                    .err()
                    .map(|e| e.message);
                println!("{o2}: {:?}", e);
            })
            .unwrap()
            .join();
        if r.is_err() {
            println!("{o}: PANIC");
        }
    }
}
