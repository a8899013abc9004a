//! `sow perft FILE --depth D`

use std::process::ExitCode;

use clap::Args;

use sow::engine::{MoveList, Position};

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
    let mut position = Position::new(&rules);
    // perft(0) counts the root: one position.
    if args.depth == 0 {
        outln!("0 {}", position.perft(0))?;
    }
    for depth in 1..=args.depth {
        outln!("{depth} {}", position.perft(depth))?;
    }
    if args.divide && args.depth > 0 {
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let start = position.state().clone();
        for &mv in &moves {
            position.restore(start.clone());
            position.play_unchecked(mv);
            let count = position.perft(args.depth - 1);
            outln!("{} {count}", rules.move_text(mv))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
