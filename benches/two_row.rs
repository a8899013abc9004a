//! Random playouts per second of the two-row games, Kalah(6,4) and Oware, the rules-file
//! engine against hand-written versions of the same rules (benches/common/two_row.rs),
//! interleaved sample by sample and reported as medians and their ratio. Both play the very
//! same games (the differential test `two_row` checks it move by move; here the plies are
//! compared). This is the two-row part of the README's "Performance" section.
//!
//! Run: `cargo bench --bench two_row` (add `-- quick` for a short run, `-- oware` or
//! `-- kalah` to run one game: a profile of one game's engine reads only its own work).

#[path = "common/timing.rs"]
mod timing;
#[path = "common/two_row.rs"]
mod two_row;

use sow::Rules;
use sow::ai::{below, rng};
use sow::engine::{MoveList, Position};
use timing::{batch, median};

fn rules(name: &str) -> Rules {
    let text = sow::bundled::bundled(name).expect("bundled");
    sow::compile(name, text, &sow::Options::new(None, &[])).expect("compiles")
}

/// A random game on the engine, every decision list built; returns the plies.
fn engine(rules: &Rules, seed: u64) -> u32 {
    let mut rng = rng(seed);
    let mut position = Position::unsettled(rules, rules.start());
    let mut moves = MoveList::new();
    let mut plies = 0;
    loop {
        position.legal_moves_or_settle(&mut moves);
        if moves.is_empty() {
            return plies;
        }
        position.play_unchecked(moves[below(&mut rng, moves.len())]);
        plies += 1;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let quick = args.iter().any(|a| a == "quick");
    let only: Option<&str> = args.iter().map(String::as_str).find(|a| ["kalah", "oware"].contains(a));
    let samples = if quick { 5 } else { 25 };
    let games = 2000;
    println!(
        "| game | engine games/s | hand-written games/s | ratio | engine µs/decision | OpenSpiel games/s (for scale) |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    type Reference = fn(u64) -> u32;
    let cases: [(&str, &str, Reference, u32); 2] = [
        (
            "kalah",
            "Kalah(6,4)",
            |seed| {
                let mut rng = rng(seed);
                two_row::kalah_playout(&mut |n| below(&mut rng, n)).0
            },
            93_000,
        ),
        (
            "oware",
            "Oware",
            |seed| {
                let mut rng = rng(seed);
                two_row::oware_playout(&mut |n| below(&mut rng, n)).0
            },
            23_600,
        ),
    ];
    for (file, name, reference, openspiel) in cases {
        if only.is_some_and(|o| o != file) {
            continue;
        }
        let rules = rules(file);
        let (mut e, mut r) = (Vec::new(), Vec::new());
        let mut plies = (0, 0);
        for _ in 0..samples {
            let (t, p) = batch(|seed| engine(&rules, seed), games);
            e.push(t);
            plies.0 = p;
            let (t, p) = batch(reference, games);
            r.push(t);
            plies.1 = p;
        }
        assert_eq!(plies.0, plies.1, "the engines played different games");
        let (e, r) = (median(e), median(r));
        println!(
            "| {name} | {:.0} | {:.0} | {:.2} | {:.3} | {openspiel} |",
            games as f64 / e,
            games as f64 / r,
            r / e,
            e * 1e6 / plies.0 as f64
        );
    }
}
