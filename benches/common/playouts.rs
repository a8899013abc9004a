//! The engine's random playouts, driven by the reference's generator: since both engines
//! offer identical decision lists in the same order (the differential test), both play the
//! very same games for a seed, so their times compare like for like.

use sow::Rules;
use sow::engine::{Draw, Position};

use super::reference::Rand;

/// A random game building every decision list (each candidate sown to refuse endless
/// ones); returns the plies played.
pub fn engine_lists(rules: &Rules, seed: u64) -> u32 {
    playout(rules, seed, Draw::Lists)
}

/// A random game drawing one candidate at a time and sowing only that one (drawing again
/// if it is endless); returns the plies played.
pub fn engine_sampled(rules: &Rules, seed: u64) -> u32 {
    playout(rules, seed, Draw::Sampled)
}

fn playout(rules: &Rules, seed: u64, draw: Draw) -> u32 {
    let mut rng = Rand(seed | 1);
    Position::unsettled(rules, rules.start()).playout(draw, u32::MAX, &mut |n| rng.below(n)).plies
}
