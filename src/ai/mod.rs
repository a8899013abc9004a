//! Agents: players that see only the engine's API, never the rules text or a game's name.
//!
//! `random` plays any legal decision; `greedy` the one with the best immediate balance of
//! seeds; `alphabeta` searches with negamax and alpha-beta pruning; `mcts` runs Monte Carlo
//! tree search with random playouts. [`AgentSpec`] reads them from the command line.

mod alphabeta;
pub mod endgame;
mod eval;
mod greedy;
mod mcts;
mod random;
mod spec;
mod strongest;

pub use alphabeta::{AlphaBetaAgent, negamax};
pub use endgame::EndgameAgent;
pub use eval::{Evaluator, WIN};
pub use greedy::GreedyAgent;
pub use mcts::MctsAgent;
pub use random::RandomAgent;
pub use spec::{AgentSpec, Budget, SpecError};
pub use strongest::StrongestAgent;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::engine::Move;
use crate::engine::{MoveList, Rules, State};

/// A player that chooses decisions.
pub trait Agent {
    /// A short description, e.g. `random` or `mcts:2s`.
    fn name(&self) -> String;

    /// Choose one of `moves`, the legal decisions of `state` (never empty).
    fn choose(&mut self, rules: &Rules, state: &State, moves: &MoveList) -> Move;

    /// A line on how the last choice was made (search depth, playouts), if the agent has
    /// one to give.
    fn report(&self) -> Option<String> {
        None
    }

    /// Stop searching when `stop` says so, and choose from what was searched by then. An
    /// agent that answers at once (random, greedy) ignores it.
    fn set_stop(&mut self, _stop: Stop) {}
}

/// When a search must end before its budget does: when someone cancels it (its client has
/// gone, its game was deleted, the server stops) or at a deadline (a server's cap on think
/// time). Clones share the cancellation.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    cancelled: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Stop {
    /// A stop that only [`Stop::cancel`] triggers.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// The same stop, also triggered at `deadline`.
    pub fn with_deadline(mut self, deadline: Instant) -> Stop {
        self.deadline = Some(deadline);
        self
    }

    /// Ask every search holding this stop (or a clone) to end.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Stop::cancel`] was called: the search's result is not wanted.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Whether the search should end now: cancelled, or past its deadline.
    pub fn should_stop(&self) -> bool {
        self.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether `other` is a clone of this stop (shares its cancellation).
    pub fn same(&self, other: &Stop) -> bool {
        Arc::ptr_eq(&self.cancelled, &other.cancelled)
    }
}

/// A fast, seedable random number generator whose sequence is fixed for a seed
/// (xoshiro256++), so that games and simulations are reproducible.
pub type Rng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator for `seed`.
pub fn rng(seed: u64) -> Rng {
    use rand_core::SeedableRng as _;
    Rng::seed_from_u64(seed)
}

/// Mixed into a game's seed for the generator of the lots drawn between rounds (see
/// [`State::is_chance`](crate::engine::State::is_chance)): the program draws them, not a
/// player, from a generator of their own, so that the players' generators (and so their play)
/// are the same with or without a lot.
pub const LOTS: u64 = 0x6c6f_7473;

/// The decision of a chance event (`moves`, each with the same chance): drawn from `rng`.
pub fn draw(rng: &mut Rng, moves: &[Move]) -> Move {
    moves[below(rng, moves.len())]
}

/// An agent asked to decide at a chance event (which a driver should have drawn itself: see
/// [`LOTS`]): an outcome drawn from the position's key, so that the agent's own generator is
/// left as it was.
pub fn chance_root(rules: &Rules, state: &State, moves: &[Move]) -> Move {
    draw(&mut rng(rules.search_key(state) ^ LOTS), moves)
}

/// A uniform index below `n` (n > 0), by multiply-shift: the same for a seed on every
/// platform and independent of any library's sampling code.
#[inline]
pub fn below(rng: &mut Rng, n: usize) -> usize {
    use rand_core::Rng as _;
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}
