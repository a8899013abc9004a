//! Random play: many games between two random players, with statistics of how they end.

use std::time::{Duration, Instant};

use super::parallel::play_all;
use crate::ai::{below, rng};
use crate::engine::{Draw, DrawReason, MoveList, Outcome, Player, Position, Rules, WinReason};

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
    /// Time every decision, to find the slowest ([`SimStats::slowest`]). Off, the games are
    /// played by the untimed loop, at full speed; on, the same games are played.
    pub timed: bool,
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
    /// The slowest decision of each game, in game order, when the simulation was timed
    /// (empty otherwise).
    pub slowest: Vec<DecisionTime>,
}

/// How long the engine took over one decision of a random player, and where it was, so that
/// it can be played again: game `game` of the simulation (played from
/// [`game_seed`]`(seed, game)`), after `ply` decisions of that game.
///
/// The time is the engine's work for one ply: building the list of legal decisions (every
/// candidate sown to refuse endless ones) and playing the one drawn; or, where the player to
/// move had none, building the empty list and settling the game (`settled`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecisionTime {
    /// Wall-clock time of the decision.
    pub time: Duration,
    /// The game's number in the simulation (from 0).
    pub game: u32,
    /// Decisions played in that game before this one (from 0).
    pub ply: u32,
    /// The player to move had no decision: the game was settled instead.
    pub settled: bool,
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

/// [`random_game`], timing every decision: the same game (the loop of
/// [`Position::playout`], one decision at a time), and its slowest decision (with `game` 0;
/// the caller knows the game's number).
///
/// A decision that takes longer than the slowest so far is played again from the same
/// position (twice more at most, while it still looks slowest) and the shortest time kept, so
/// that a thread interrupted by other work on the machine does not pass for a slow decision.
pub fn timed_game(rules: &Rules, seed: u64, max_plies: u32) -> (GameSummary, DecisionTime) {
    /// Plays of a decision that looks slowest.
    const TRIES: u32 = 3;
    let mut rng = rng(seed);
    let mut position = Position::unsettled(rules, rules.start());
    let mut moves = MoveList::new();
    let (mut plies, mut endless) = (0u32, 0u32);
    let mut slowest = DecisionTime { time: Duration::ZERO, game: 0, ply: 0, settled: false };
    while plies < max_plies {
        let (before, rng_before) = (position.state().clone(), rng.clone());
        let mut decide = |position: &mut Position<'_>, rng: &mut crate::ai::Rng| {
            let start = Instant::now();
            let done = position.random_decision(&mut moves, Draw::Lists, &mut |n| below(rng, n));
            (done, start.elapsed())
        };
        let ((played, refused), mut time) = decide(&mut position, &mut rng);
        let mut tries = 1;
        while time > slowest.time && tries < TRIES {
            position.restore(before.clone());
            rng = rng_before.clone();
            time = time.min(decide(&mut position, &mut rng).1);
            tries += 1;
        }
        if time > slowest.time {
            slowest = DecisionTime { time, game: 0, ply: plies, settled: !played };
        }
        endless += refused;
        if !played {
            break;
        }
        plies += 1;
    }
    let summary = GameSummary { outcome: position.outcome(), plies, turns: position.state().turn(), endless };
    (summary, slowest)
}

/// Time decision `ply` of the random game played from `seed` (a [`game_seed`]) again, on
/// this thread: the game is replayed up to it, then the decision is played `repeats` times
/// (at least once) from the same position, and the shortest time is returned (the least
/// disturbed by other work on the machine). `None` if the game ended before that ply.
pub fn time_decision(rules: &Rules, seed: u64, ply: u32, repeats: u32) -> Option<Duration> {
    let mut rng = rng(seed);
    let mut position = Position::unsettled(rules, rules.start());
    let mut moves = MoveList::new();
    for _ in 0..ply {
        let (played, _) = position.random_decision(&mut moves, Draw::Lists, &mut |n| below(&mut rng, n));
        if !played {
            return None;
        }
    }
    let mut best = Duration::MAX;
    for _ in 0..repeats.max(1) {
        let (mut again, mut rng) = (position.clone(), rng.clone());
        let start = Instant::now();
        again.random_decision(&mut moves, Draw::Lists, &mut |n| below(&mut rng, n));
        best = best.min(start.elapsed());
    }
    Some(best)
}

/// Simulate `config.games` random games on `config.threads` threads, calling `progress`
/// (on this thread) with the number of games finished from time to time. The games and
/// their order in the result are the same whatever the number of threads.
pub fn simulate(rules: &Rules, config: SimConfig, progress: impl FnMut(u32)) -> SimStats {
    /// Games a thread takes at a time.
    const CHUNK: u32 = 16;
    if config.timed {
        let play = |i: u32| {
            let (game, slowest) = timed_game(rules, game_seed(config.seed, u64::from(i)), config.max_plies);
            (game, DecisionTime { game: i, ..slowest })
        };
        let (timed, elapsed) = play_all(0..config.games, config.threads, CHUNK, play, progress);
        let (games, slowest) = timed.into_iter().unzip();
        return SimStats { games, elapsed, slowest };
    }
    let play = |i: u32| random_game(rules, game_seed(config.seed, u64::from(i)), config.max_plies);
    let (games, elapsed) = play_all(0..config.games, config.threads, CHUNK, play, progress);
    SimStats { games, elapsed, slowest: Vec::new() }
}

impl SimStats {
    /// The slowest decision of a timed simulation, confirmed: the `candidates` games whose
    /// slowest decision took longest are replayed on this thread and that decision timed
    /// again (the best of `repeats`), so that a decision that only looked slow (its thread
    /// was interrupted) is not reported. `None` for a simulation that was not timed.
    pub fn slowest(&self, rules: &Rules, seed: u64, candidates: usize, repeats: u32) -> Option<DecisionTime> {
        let mut by_time = self.slowest.clone();
        by_time.sort_by(|a, b| b.time.cmp(&a.time).then(a.game.cmp(&b.game)));
        by_time
            .into_iter()
            .take(candidates.max(1))
            .map(|d| {
                let again = time_decision(rules, game_seed(seed, u64::from(d.game)), d.ply, repeats);
                DecisionTime { time: again.unwrap_or(d.time), ..d }
            })
            .max_by(|a, b| a.time.cmp(&b.time).then(b.game.cmp(&a.game)))
    }

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
