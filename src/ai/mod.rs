//! Agents: players that see only the engine's API, never the rules text or a game's name.

mod random;

pub use random::RandomAgent;

use crate::engine::Move;
use crate::engine::{MoveList, Rules, State};

/// A player that chooses decisions.
pub trait Agent {
    /// A short description, e.g. `random`.
    fn name(&self) -> String;

    /// Choose one of `moves`, the legal decisions of `state` (never empty).
    fn choose(&mut self, rules: &Rules, state: &State, moves: &MoveList) -> Move;
}

/// A fast, seedable random number generator whose sequence is fixed for a seed
/// (xoshiro256++), so that games and simulations are reproducible.
pub type Rng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator for `seed`.
pub fn rng(seed: u64) -> Rng {
    use rand_core::SeedableRng as _;
    Rng::seed_from_u64(seed)
}

/// A uniform index below `n` (n > 0), by multiply-shift: the same for a seed on every
/// platform and independent of any library's sampling code.
pub fn below(rng: &mut Rng, n: usize) -> usize {
    use rand_core::Rng as _;
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}
