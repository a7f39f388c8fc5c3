//! Prints how deeply arrays, parentheses and `if` blocks may nest before the
//! parser reports "nested too deeply" (depends on the build's stack frame sizes).
fn main() {
    for (open, close) in [("[", "]"), ("(", ")"), ("if $a { ", " }")] {
        let mut lo: usize = 1;
        let mut hi: usize = 5000;
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            let src = format!("$x = {}1{}", open.repeat(mid), close.repeat(mid));
            if puppet_types::syntax::parse(&src).is_ok() {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        println!("{open:?}: {lo} levels");
    }
}
