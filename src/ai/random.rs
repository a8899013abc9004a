//! The random player: every legal decision equally likely.

use super::{Agent, Rng, below, rng};
use crate::engine::{Move, MoveList, Rules, State};

/// Chooses uniformly among the legal decisions, from a seeded generator.
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: Rng,
}

impl RandomAgent {
    /// A random player whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent { rng: rng(seed) }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, _rules: &Rules, _state: &State, moves: &MoveList) -> Move {
        moves[below(&mut self.rng, moves.len())]
    }
}
