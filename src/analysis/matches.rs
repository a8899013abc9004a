//! Matches between two agents: many games with alternating sides, on several threads, with
//! the first agent's score and its 95% confidence interval.
//!
//! Every figure is computed from the games in game order, so a match played in shards
//! ([`super::parts`]) and put back together gives the figures of the match played whole.

use std::ops::Range;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::codes;
use super::parallel::play_all;
use super::simulate::game_seed;
use crate::ai::AgentSpec;
use crate::engine::{MoveList, Outcome, Player, Position, Rules};

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// The first agent (South in even-numbered games, North in odd ones).
    pub a: AgentSpec,
    /// The second agent.
    pub b: AgentSpec,
    /// Number of games.
    pub games: u32,
    /// Seed of the agents' random choices: game `i` uses `game_seed(seed, i)`.
    pub seed: u64,
    /// Threads to play on (at least 1).
    pub threads: usize,
    /// Decisions after which a game still going is stopped (and counted as unfinished).
    pub max_plies: u32,
}

/// How one game of a match went: a line of a part file ([`super::parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchGame {
    /// Whether agent A played South.
    pub a_south: bool,
    /// How it ended (`south:no-seeds`, `draw:repetition`, …); `None` (`null`) if stopped at
    /// the cap.
    #[serde(with = "codes::outcome")]
    pub outcome: Option<Outcome>,
    /// Decisions played.
    pub plies: u32,
}

impl MatchGame {
    /// Agent A's score: 1 for a win, ½ for a draw or an unfinished game, 0 for a loss.
    pub fn score_a(&self) -> f64 {
        let a = if self.a_south { Player::South } else { Player::North };
        match self.outcome.and_then(|o| o.winner()) {
            Some(w) if w == a => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// A match's games, in order, and its wall-clock time.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchStats {
    /// One entry per game.
    pub games: Vec<MatchGame>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl MatchStats {
    /// Agent A's wins, draws (unfinished games included) and losses.
    pub fn record(&self) -> (usize, usize, usize) {
        let count = |s: f64| self.games.iter().filter(|g| g.score_a() == s).count();
        (count(1.0), count(0.5), count(0.0))
    }

    /// Agent A's mean score and the half-width of its 95% confidence interval (normal
    /// approximation on the per-game scores).
    pub fn score(&self) -> (f64, f64) {
        let n = self.games.len() as f64;
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let mean = self.games.iter().map(MatchGame::score_a).sum::<f64>() / n;
        if n < 2.0 {
            return (mean, 1.0);
        }
        let var = self.games.iter().map(|g| (g.score_a() - mean).powi(2)).sum::<f64>() / (n - 1.0);
        (mean, 1.96 * (var / n).sqrt())
    }

    /// Agent A's mean score in the games it played as South (or as North); 0 if none.
    pub fn side_score(&self, south: bool) -> f64 {
        let games: Vec<f64> =
            self.games.iter().filter(|g| g.a_south == south).map(MatchGame::score_a).collect();
        if games.is_empty() { 0.0 } else { games.iter().sum::<f64>() / games.len() as f64 }
    }

    /// Games stopped at the cap on their length (scored as draws).
    pub fn unfinished(&self) -> usize {
        self.games.iter().filter(|g| g.outcome.is_none()).count()
    }

    /// Games per second.
    pub fn rate(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 { self.games.len() as f64 / secs } else { f64::INFINITY }
    }
}

/// Play one game of a match.
pub fn match_game(rules: &Rules, config: &MatchConfig, index: u32) -> MatchGame {
    let seed = game_seed(config.seed, u64::from(index));
    let a_south = index.is_multiple_of(2);
    let mut a = config.a.build(seed);
    let mut b = config.b.build(seed ^ 0x5851_f42d_4c95_7f2d);
    let mut lots = crate::ai::rng(seed ^ crate::ai::LOTS);
    let mut position = Position::unsettled(rules, rules.start());
    let mut moves = MoveList::new();
    let mut plies = 0;
    let outcome = loop {
        if let Some(outcome) = position.outcome() {
            break Some(outcome);
        }
        if plies >= config.max_plies {
            break None;
        }
        position.legal_moves_or_settle(&mut moves);
        if moves.is_empty() {
            continue;
        }
        let a_moves = (position.to_move() == Player::South) == a_south;
        let agent = if a_moves { &mut a } else { &mut b };
        let mv = match position.state().is_chance() {
            true => crate::ai::draw(&mut lots, &moves),
            false => agent.choose(rules, position.state(), &moves),
        };
        position.play_unchecked(mv);
        plies += 1;
    };
    MatchGame { a_south, outcome, plies }
}

/// Play a match on `config.threads` threads, calling `progress` with the games finished.
/// The games do not depend on the number of threads (with count budgets; time budgets
/// depend on the machine).
pub fn play_match(rules: &Rules, config: MatchConfig, progress: impl FnMut(u32)) -> MatchStats {
    let (games, elapsed) = match_games(rules, &config, 0..config.games, progress);
    MatchStats { games, elapsed }
}

/// Play the games numbered `games` of a match of `config.games` (a shard's, or all of them)
/// on `config.threads` threads, in game order, calling `progress` with the games finished.
pub fn match_games(
    rules: &Rules,
    config: &MatchConfig,
    games: Range<u32>,
    progress: impl FnMut(u32),
) -> (Vec<MatchGame>, Duration) {
    play_all(games, config.threads, 1, |i| match_game(rules, config, i), progress)
}
