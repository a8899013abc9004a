//! Random play: the one loop that plays a game out with random decisions, for simulation,
//! Monte Carlo search and the benchmarks alike.

use super::rules::Rules;
use super::state::{History, MoveList, State};

/// How a random player finds its decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Build the whole list of legal decisions (every candidate sown to refuse endless
    /// ones) and pick one: what `sow simulate` does, and what counts every endless sowing.
    Lists,
    /// Draw a candidate sowing and sow only that one, drawing again if it is endless. The
    /// same distribution of games as `Lists` (not the same games), and faster; only the
    /// candidates drawn are counted as endless.
    Sampled,
}

/// What a random game (or part of one) came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Decisions played.
    pub plies: u32,
    /// Endless sowings refused on the way.
    pub endless: u32,
}

impl Rules {
    /// Play one random decision for the player to move, or settle the game when they have
    /// none. `below(n)` picks an index under `n`. Returns the endless sowings refused, and
    /// whether a decision was played (`false`: the game is over, or was already).
    pub fn random_decision(
        &self,
        state: &mut State,
        history: &mut History,
        moves: &mut MoveList,
        draw: Draw,
        below: &mut impl FnMut(usize) -> usize,
    ) -> (bool, u32) {
        if state.outcome.is_some() {
            return (false, 0);
        }
        let mut endless = 0;
        if draw == Draw::Sampled && self.candidates(state, moves) {
            while !moves.is_empty() {
                let k = below(moves.len());
                if self.try_play(state, history, moves[k]).is_ok() {
                    return (true, endless);
                }
                endless += 1;
                moves.swap_remove(k);
            }
            // Every candidate was endless: the full list says what is left (a pass, or
            // nothing).
            self.legal_moves(state, moves);
        } else {
            endless += self.legal_moves_counted(state, moves).endless;
        }
        if moves.is_empty() {
            self.settle(state, moves);
            return (false, endless);
        }
        self.play_unchecked(state, history, moves[below(moves.len())]);
        (true, endless)
    }

    /// Play random decisions until the game is over or `max_plies` have been played.
    pub fn random_playout(
        &self,
        state: &mut State,
        history: &mut History,
        moves: &mut MoveList,
        draw: Draw,
        max_plies: u32,
        below: &mut impl FnMut(usize) -> usize,
    ) -> Playout {
        let mut playout = Playout::default();
        while playout.plies < max_plies {
            let (played, endless) = self.random_decision(state, history, moves, draw, below);
            playout.endless += endless;
            if !played {
                break;
            }
            playout.plies += 1;
        }
        playout
    }
}
