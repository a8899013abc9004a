fn main() {
    let path = std::env::args().nth(1).unwrap();
    let params: Vec<String> = std::env::args().skip(2).collect();
    let src = std::fs::read_to_string(&path).unwrap();
    match sow::compile(&path, &src, &sow::Options { ruleset: None, params }) {
        Ok(rules) => {
            print!("{}", rules.picture(&rules.start()));
            for (d, n) in sow::engine::perft::perft_table(&rules, 5) {
                println!("{d} {n}");
            }
        }
        Err(e) => println!("{:?}", miette::Report::new(e)),
    }
}
