//! Perft: the number of leaves of the decision tree cut at a depth, where one decision is
//! one ply (a sowing, a pick, a stop or a pass) and a game that ends earlier is one leaf.
//! The walk itself is [`Position::perft`].

use super::position::Position;
use super::rules::Rules;

/// Perft from the start position for each depth `1..=depth`.
pub fn perft_table(rules: &Rules, depth: u32) -> Vec<(u32, u64)> {
    let mut start = Position::new(rules);
    (1..=depth).map(|d| (d, start.perft(d))).collect()
}
