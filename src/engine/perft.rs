//! Perft: the number of leaves of the decision tree cut at a depth, where one decision is
//! one ply (a sowing, a pick, a stop or a pass) and a game that ends earlier is one leaf.

use super::rules::Rules;
use super::state::{History, MoveList, State};

/// Count the leaves `depth` plies below `state` (whose repetition history is `history`).
pub fn perft(rules: &Rules, state: &State, history: &mut History, depth: u32) -> u64 {
    if depth == 0 || state.is_over() {
        return 1;
    }
    let mut moves = MoveList::new();
    rules.legal_moves(state, &mut moves);
    if moves.is_empty() {
        return 1;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in &moves {
        let mut child = state.clone();
        rules.play_unchecked(&mut child, history, mv);
        total += perft(rules, &child, history, depth - 1);
    }
    total
}

/// Perft from the start position for each depth `1..=depth`.
pub fn perft_table(rules: &Rules, depth: u32) -> Vec<(u32, u64)> {
    let start = rules.start();
    let mut history = History::new(rules, &start);
    (1..=depth).map(|d| (d, perft(rules, &start, &mut history, d))).collect()
}
