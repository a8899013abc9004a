//! `sow perft FILE --depth D`

use std::process::ExitCode;

use clap::Args;

use sow::engine::perft::perft;
use sow::engine::{History, MoveList};

use super::output::outln;
use super::{Outcome, RulesFile};

/// Count the leaves of the decision tree from the start position, for each depth up to D.
/// One decision (a sowing, or one pick after a capture) is one ply; a game that ends earlier
/// counts as one leaf. Prints one line `DEPTH COUNT` per depth from 1; depth 0 is the start
/// position alone (`0 1`).
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow perft rules/mygame.sow --depth 5\n  sow perft rules/mygame.sow --param columns=36 --depth 3\n  sow perft rules/mygame.sow --depth 3 --divide"
)]
pub struct PerftArgs {
    #[command(flatten)]
    rules: RulesFile,
    /// The deepest depth to count.
    #[arg(long, short, default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// Also print the count below each first decision at the deepest depth.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: PerftArgs) -> Outcome {
    let rules = args.rules.compile()?;
    let start = rules.start();
    let mut history = History::new(&rules, &start);
    // perft(0) counts the root: one position.
    if args.depth == 0 {
        outln!("0 {}", perft(&rules, &start, &mut history, 0))?;
    }
    for depth in 1..=args.depth {
        outln!("{depth} {}", perft(&rules, &start, &mut history, depth))?;
    }
    if args.divide && args.depth > 0 {
        let mut moves = MoveList::new();
        rules.legal_moves(&start, &mut moves);
        for &mv in &moves {
            let mut child = start.clone();
            rules.play_unchecked(&mut child, &mut history, mv);
            let count = perft(&rules, &child, &mut history, args.depth - 1);
            outln!("{} {count}", rules.move_text(mv))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
