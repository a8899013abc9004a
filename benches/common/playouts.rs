//! The engine's random playouts, driven by the reference's generator: since both engines
//! offer identical decision lists in the same order (the differential test), both play the
//! very same games for a seed, so their times compare like for like.

use sow::Rules;
use sow::engine::{History, MoveList};

use super::reference::Rand;

/// A random game building every decision list (each candidate sown to refuse endless
/// ones); returns the plies played.
pub fn engine_lists(rules: &Rules, seed: u64) -> u32 {
    let mut rng = Rand(seed | 1);
    let mut state = rules.start();
    let mut history = History::new(rules, &state);
    let mut moves = MoveList::new();
    let mut plies = 0;
    loop {
        rules.legal_moves(&state, &mut moves);
        if moves.is_empty() {
            rules.settle(&mut state, &moves);
            return plies;
        }
        rules.play_unchecked(&mut state, &mut history, moves[rng.below(moves.len())]);
        plies += 1;
    }
}

/// A random game drawing one candidate at a time and sowing only that one (drawing again
/// if it is endless); returns the plies played.
pub fn engine_sampled(rules: &Rules, seed: u64) -> u32 {
    let mut rng = Rand(seed | 1);
    let mut state = rules.start();
    let mut history = History::new(rules, &state);
    let mut moves = MoveList::new();
    let mut plies = 0;
    while !state.is_over() {
        if !rules.candidates(&state, &mut moves) {
            // A pick after a capture: not a sowing to draw.
            rules.legal_moves(&state, &mut moves);
            rules.play_unchecked(&mut state, &mut history, moves[rng.below(moves.len())]);
            plies += 1;
            continue;
        }
        loop {
            if moves.is_empty() {
                rules.settle(&mut state, &moves);
                break;
            }
            let k = rng.below(moves.len());
            if rules.try_play(&mut state, &mut history, moves[k]).is_ok() {
                plies += 1;
                break;
            }
            moves.swap_remove(k);
        }
    }
    plies
}
