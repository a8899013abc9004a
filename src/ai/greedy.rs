//! The greedy player: the decision that leaves the best material balance at once.

use super::eval::{WIN, outcome_value};
use super::{Agent, Rng, below, rng};
use crate::engine::{Move, MoveList, Position, Rules, State};

/// Plays each legal decision on a copy and keeps those with the best balance of seeds held
/// (the mover's minus the opponent's) right after it; a won game beats everything and a
/// lost one comes last. Ties are broken at random, from a seeded generator.
#[derive(Clone, Debug)]
pub struct GreedyAgent {
    rng: Rng,
}

impl GreedyAgent {
    /// A greedy player whose tie-breaks are fixed by `seed`.
    pub fn new(seed: u64) -> GreedyAgent {
        GreedyAgent { rng: rng(seed) }
    }
}

impl Agent for GreedyAgent {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&mut self, rules: &Rules, state: &State, moves: &MoveList) -> Move {
        if state.is_chance() {
            return super::chance_root(rules, state, moves);
        }
        let me = state.to_move();
        let mut position = Position::unsettled(rules, state.clone());
        let mut best = Vec::new();
        let mut best_value = i32::MIN;
        for &mv in moves.iter() {
            position.reset(state.clone());
            position.play_unchecked(mv);
            let next = position.state();
            let value = match next.outcome() {
                Some(outcome) => outcome_value(outcome, me).saturating_mul(2),
                None => rules.margin(next, me),
            };
            debug_assert!(value.abs() <= 2 * WIN);
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(mv);
            }
        }
        best[below(&mut self.rng, best.len())]
    }
}
