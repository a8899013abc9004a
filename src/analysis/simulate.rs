//! Random play: many games between two random players, with statistics of how they end.

use std::time::Duration;

use super::parallel::play_all;
use crate::ai::{below, rng};
use crate::engine::{Draw, DrawReason, Outcome, Player, Position, Rules, WinReason};

/// What to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimConfig {
    /// Number of games.
    pub games: u32,
    /// Seed: game `i` is played from a generator seeded by `seed` and `i`, so results do
    /// not depend on the order in which games are played, nor on the number of threads.
    pub seed: u64,
    /// Threads to play on (at least 1).
    pub threads: usize,
    /// Decisions after which a game still going is stopped and counted as unfinished (a
    /// safety net for rules whose random games may wander for very long).
    pub max_plies: u32,
}

impl SimConfig {
    /// The default cap on a game's length.
    pub const MAX_PLIES: u32 = 100_000;
}

/// How one simulated game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// How it ended; `None` if it was stopped at the cap on its length.
    pub outcome: Option<Outcome>,
    /// Decisions played (plies).
    pub plies: u32,
    /// Turns completed.
    pub turns: u32,
    /// Candidate moves refused because their sowing would never end.
    pub endless: u32,
}

/// Statistics over many games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimStats {
    /// One summary per game, in game order.
    pub games: Vec<GameSummary>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// The seed of game `index` of a simulation seeded with `seed`: SplitMix64's output from
/// the state `seed ^ index·γ` (γ its increment), so that nearby seeds and indices give
/// unrelated games.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    use rand_core::{Rng as _, SeedableRng as _};
    const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
    // SplitMix64 adds γ before it mixes, so start one step back.
    let state = (seed ^ index.wrapping_mul(GAMMA)).wrapping_sub(GAMMA);
    rand_xoshiro::SplitMix64::seed_from_u64(state).next_u64()
}

/// Play one game between random players from a seed, stopping it after `max_plies`
/// decisions. Each builds its whole list of legal decisions, so `endless` counts every
/// endless sowing refused.
pub fn random_game(rules: &Rules, seed: u64, max_plies: u32) -> GameSummary {
    play_random(rules, seed, max_plies, Draw::Lists)
}

/// Play one game between random players that draw one candidate at a time and sow only
/// that one (drawing again if it is endless). The same distribution of games as
/// [`random_game`], but faster, and `endless` counts only the candidates drawn.
pub fn sampled_game(rules: &Rules, seed: u64, max_plies: u32) -> GameSummary {
    play_random(rules, seed, max_plies, Draw::Sampled)
}

fn play_random(rules: &Rules, seed: u64, max_plies: u32, draw: Draw) -> GameSummary {
    let mut rng = rng(seed);
    let mut position = Position::unsettled(rules, rules.start());
    let playout = position.playout(draw, max_plies, &mut |n| below(&mut rng, n));
    GameSummary {
        outcome: position.outcome(),
        plies: playout.plies,
        turns: position.state().turn(),
        endless: playout.endless,
    }
}

/// Simulate `config.games` random games on `config.threads` threads, calling `progress`
/// (on this thread) with the number of games finished from time to time. The games and
/// their order in the result are the same whatever the number of threads.
pub fn simulate(rules: &Rules, config: SimConfig, progress: impl FnMut(u32)) -> SimStats {
    /// Games a thread takes at a time.
    const CHUNK: u32 = 16;
    let play = |i: u32| random_game(rules, game_seed(config.seed, u64::from(i)), config.max_plies);
    let (games, elapsed) = play_all(config.games, config.threads, CHUNK, play, progress);
    SimStats { games, elapsed }
}

impl SimStats {
    /// Games won by `player`, optionally only for one reason.
    pub fn wins(&self, player: Player, reason: Option<WinReason>) -> usize {
        self.games
            .iter()
            .filter(|g| matches!(g.outcome, Some(Outcome::Win { winner, reason: r }) if winner == player && reason.is_none_or(|x| x == r)))
            .count()
    }

    /// Drawn games, optionally only for one reason.
    pub fn draws(&self, reason: Option<DrawReason>) -> usize {
        self.games
            .iter()
            .filter(|g| matches!(g.outcome, Some(Outcome::Draw(r)) if reason.is_none_or(|x| x == r)))
            .count()
    }

    /// Games stopped at the cap on their length.
    pub fn unfinished(&self) -> usize {
        self.games.iter().filter(|g| g.outcome.is_none()).count()
    }

    /// Mean and median of a per-game number.
    pub fn mean_median(&self, f: impl Fn(&GameSummary) -> u32) -> (f64, f64) {
        let mut v: Vec<u32> = self.games.iter().map(f).collect();
        if v.is_empty() {
            return (0.0, 0.0);
        }
        v.sort_unstable();
        let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64;
        let n = v.len();
        let median = if n % 2 == 1 {
            f64::from(v[n / 2])
        } else {
            (f64::from(v[n / 2 - 1]) + f64::from(v[n / 2])) / 2.0
        };
        (mean, median)
    }

    /// Endless candidates refused in all, and the number of games where any was.
    pub fn endless(&self) -> (u64, usize) {
        let total = self.games.iter().map(|g| u64::from(g.endless)).sum();
        let games = self.games.iter().filter(|g| g.endless > 0).count();
        (total, games)
    }
}
