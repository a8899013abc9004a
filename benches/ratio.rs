//! Random playouts per second, the rules-file engine against the hand-written reference,
//! measured in one run with the two interleaved sample by sample (so that a busy moment of
//! the machine hits both), reported as medians and their ratio. This is the table of the
//! README's "Performance" section.
//!
//! A third row per board plays the same lists with the general interpreter alone
//! (`Rules::general`, every sowing lap by lap, seed by seed): what the fast paths are worth.
//!
//! Run: `cargo bench --bench ratio` (add `-- quick` for a short run, `-- 8 lists` to run one
//! case, `-- general` for the general interpreter's rows alone).

#[path = "common/playouts.rs"]
mod playouts;
#[path = "common/reference/mod.rs"]
mod reference;
#[path = "common/timing.rs"]
mod timing;

use sow::Rules;
use timing::{batch, median};

fn rules(columns: usize) -> Rules {
    let text = sow::bundled::bundled(sow::bundled::DEFAULT_RULES).expect("bundled");
    sow::compile("rules", text, &sow::Options::new(None, &[&format!("columns={columns}")])).expect("compiles")
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Lists,
    Sampled,
    /// Every list built, by the general interpreter.
    General,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let quick = args.iter().any(|a| a == "quick");
    let only_size: Option<usize> = args.iter().find_map(|a| a.parse().ok());
    let only_mode = args.iter().find_map(|a| match a.as_str() {
        "lists" => Some(Mode::Lists),
        "sampled" => Some(Mode::Sampled),
        "general" => Some(Mode::General),
        _ => None,
    });
    let samples = if quick { 5 } else { 25 };
    println!(
        "| board | playouts | engine games/s | reference games/s | ratio | best-of ratio | engine µs/decision |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    // Games per sample for each board: about the same time per sample (a game on 4×36 is
    // about 17 times as long as one on 4×8).
    for (columns, games) in [(8usize, 200), (10, 140), (13, 90), (16, 60), (20, 32), (36, 12)] {
        if only_size.is_some_and(|s| s != columns) {
            continue;
        }
        let rules = rules(columns);
        let general = Rules::general(rules.model().clone()).expect("the general interpreter");
        for mode in [Mode::Lists, Mode::Sampled, Mode::General] {
            if only_mode.is_some_and(|m| m != mode) {
                continue;
            }
            let (mut engine, mut reference) = (Vec::new(), Vec::new());
            let mut plies = (0, 0);
            for _ in 0..samples {
                let (t, p) = match mode {
                    Mode::Lists => batch(|seed| playouts::engine_lists(&rules, seed), games),
                    Mode::Sampled => batch(|seed| playouts::engine_sampled(&rules, seed), games),
                    Mode::General => batch(|seed| playouts::engine_lists(&general, seed), games),
                };
                engine.push(t);
                plies.0 = p;
                let (t, p) = match mode {
                    Mode::Lists | Mode::General => {
                        batch(|seed| reference::playout_lists(columns, seed).1, games)
                    }
                    Mode::Sampled => batch(|seed| reference::playout_sampled(columns, seed).1, games),
                };
                reference.push(t);
                plies.1 = p;
            }
            assert_eq!(plies.0, plies.1, "the engines played different games");
            let best = reference.iter().copied().fold(f64::INFINITY, f64::min)
                / engine.iter().copied().fold(f64::INFINITY, f64::min);
            let (e, r) = (median(engine), median(reference));
            let name = match mode {
                Mode::Lists => "every list built",
                Mode::Sampled => "one candidate drawn",
                Mode::General => "every list built, general interpreter",
            };
            println!(
                "| 4×{columns} | {name} | {:.0} | {:.0} | {:.2} | {best:.2} | {:.3} |",
                games as f64 / e,
                games as f64 / r,
                r / e,
                e * 1e6 / plies.0 as f64
            );
        }
    }
}
