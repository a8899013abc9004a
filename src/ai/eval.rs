//! A generic evaluation of a position, for any rules file: the seeds each side holds, the
//! seeds each side leaves where a capture can reach them, and the mover's choice of sowings.

use crate::engine::rules::Target;
use crate::engine::{MoveList, Outcome, Player, Rules, State};

/// The value of a won game; every evaluation of a game still going is far smaller.
pub const WIN: i32 = 1_000_000;

/// Weights of the evaluation, in hundredths of a seed.
const SEED: i32 = 100;
const EXPOSED: i32 = 4;
const MOBILITY: i32 = 2;

/// The rows (as a bit per row) whose holes some capture can take.
fn target_rows(rules: &Rules) -> u32 {
    let mut rows = 0u32;
    for capture in rules.captures() {
        for target in &capture.take {
            if let Target::Opposite(role) | Target::OppositeAlong(role, _) = *target {
                rows |= 1 << role;
            }
        }
    }
    rows
}

/// What the evaluation needs of the rules, gathered once per agent.
#[derive(Clone, Debug)]
pub struct Evaluator {
    target_rows: u32,
}

impl Evaluator {
    /// The evaluator for these rules.
    pub fn new(rules: &Rules) -> Evaluator {
        Evaluator { target_rows: target_rows(rules) }
    }

    /// Seeds on `player`'s side in rows a capture can take.
    fn exposed(&self, rules: &Rules, state: &State, player: Player) -> i32 {
        rules
            .territory(player)
            .iter()
            .filter(|&&h| self.target_rows >> rules.hole_role(h) & 1 == 1)
            .map(|&h| i32::from(state.count(h)))
            .sum()
    }

    /// The position's value for the player to move: positive is good for them. A finished
    /// game is worth ±[`WIN`] (0 for a draw).
    pub fn evaluate(&self, rules: &Rules, state: &State, scratch: &mut MoveList) -> i32 {
        let me = state.to_move();
        if let Some(outcome) = state.outcome() {
            return outcome_value(outcome, me);
        }
        let opp = me.across();
        let material = rules.margin(state, me);
        let exposed = self.exposed(rules, state, me) - self.exposed(rules, state, opp);
        let mobility = if rules.candidates(state, scratch) { scratch.len() as i32 } else { 0 };
        SEED * material - EXPOSED * exposed + MOBILITY * mobility
    }
}

/// A finished game's value for `player`.
pub fn outcome_value(outcome: Outcome, player: Player) -> i32 {
    match outcome.winner() {
        Some(w) if w == player => WIN,
        Some(_) => -WIN,
        None => 0,
    }
}
