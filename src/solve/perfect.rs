//! Perfect play in comparisons (`sow compare --perfect`): for a game small enough to solve
//! within a budget, the value of the start, the share of first decisions that keep it, and
//! for each computer player how far its decisions fall from perfect play.
//!
//! A player is measured on games from random openings: each game begins with a few random
//! decisions (so that the games differ), then the player plays both sides to the end. At each
//! of its decisions with more than one legal choice, every choice is solved; the decision
//! *loses* the difference between the best choice's value and the value of the one it made.
//! The figures are over those decisions: the seeds lost per decision (the difference of the
//! final margins with perfect play from there on), the share of decisions that lose any
//! value, and the share that change the result (a win given up for a draw or a loss, or a
//! draw for a loss). One [`Solver`] keeps its table through all of a game's solves.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::ai::AgentSpec;
use crate::engine::{DetachedPosition, Move, MoveList, Position, Rules};

use super::endgame::Endgame;
use super::{Shared, SolveOptions, Solver, Value};

/// What to measure.
#[derive(Clone, Debug)]
pub struct PerfectConfig {
    /// Time for each solve (the start, and each decision of the games); a game whose start
    /// is not solved in it is left out.
    pub budget: Duration,
    /// Games per player.
    pub games: u32,
    /// Random decisions at the start of each game.
    pub opening: u32,
    /// Seed of the openings and the players: game `i` uses `game_seed(seed, i)`.
    pub seed: u64,
    /// The players measured, with their names.
    pub levels: Vec<(String, AgentSpec)>,
    /// Bytes for the transposition table.
    pub memory: usize,
    /// An endgame database of the rules, if one is used.
    pub endgame: Option<Arc<Endgame>>,
    /// Decisions after which a game is stopped (a guard for endless games).
    pub max_plies: u32,
}

/// One decision of a measured player.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The position it was made in.
    pub position: DetachedPosition,
    /// The decision made.
    pub chosen: Move,
    /// The position's value (its best decision's) for the player to move.
    pub best: Value,
    /// The value of the decision made, for the same player.
    pub value: Value,
}

impl Decision {
    /// Seeds lost: the best final margin with perfect play less the decision's.
    pub fn seeds_lost(&self) -> i32 {
        self.best.margin() - self.value.margin()
    }
}

/// A player's figures.
#[derive(Clone, Debug)]
pub struct LevelFigures {
    /// The player's name (as given).
    pub name: String,
    /// Its decisions with a choice, solved.
    pub decisions: Vec<Decision>,
    /// Decisions with a choice not solved within the budget (left out of the figures).
    pub unsolved: u32,
    /// Games played.
    pub games: u32,
}

impl LevelFigures {
    /// Seeds lost per decision, on average.
    pub fn seeds_lost(&self) -> Option<f64> {
        let n = self.decisions.len();
        (n > 0).then(|| self.decisions.iter().map(|d| f64::from(d.seeds_lost())).sum::<f64>() / n as f64)
    }

    /// The share of decisions that lose value.
    pub fn share_losing(&self) -> Option<f64> {
        let n = self.decisions.len();
        (n > 0).then(|| self.decisions.iter().filter(|d| d.value < d.best).count() as f64 / n as f64)
    }

    /// The share of decisions that change the result.
    pub fn share_result_lost(&self) -> Option<f64> {
        let n = self.decisions.len();
        (n > 0).then(|| {
            self.decisions.iter().filter(|d| d.value.class() < d.best.class()).count() as f64 / n as f64
        })
    }
}

/// The figures of one game (rules).
#[derive(Clone, Debug)]
pub struct PerfectFigures {
    /// The value of the start for the player to move, if solved within the budget.
    pub start: Option<Value>,
    /// Every first decision and its value, in the order of the legal decisions (empty if the
    /// start was not solved).
    pub first: Vec<(Move, Value)>,
    /// The players' figures (empty if the start was not solved).
    pub levels: Vec<LevelFigures>,
    /// Positions searched in all.
    pub nodes: u64,
    /// Positions whose value the endgame database gave.
    pub endgame_hits: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl PerfectFigures {
    /// First decisions that keep the start's value, and first decisions in all.
    pub fn keeping(&self) -> (usize, usize) {
        let kept = self.first.iter().filter(|&&(_, v)| Some(v) == self.start).count();
        (kept, self.first.len())
    }
}

/// Measure `rules` (see the module). `progress` is told what is under way.
pub fn measure(rules: &Rules, config: &PerfectConfig, progress: &mut dyn FnMut(&str)) -> PerfectFigures {
    let begun = Instant::now();
    let options = SolveOptions {
        threads: 1,
        memory: config.memory,
        moves: true,
        endgame: config.endgame.clone(),
        ..SolveOptions::default()
    };
    let solver = Solver::new(options);
    let shared = Shared::new();
    let deadline = || Some(Instant::now() + config.budget);
    let mut figures = PerfectFigures {
        start: None,
        first: Vec::new(),
        levels: Vec::new(),
        nodes: 0,
        endgame_hits: 0,
        elapsed: Duration::ZERO,
    };
    let mut start = Position::new(rules);
    let mut moves = MoveList::new();
    start.legal_moves_or_settle(&mut moves);
    progress("the start");
    figures.start = solver.value(&start, &shared, deadline());
    if figures.start.is_some() {
        match solver.decisions(&start, &moves, &shared, deadline()) {
            Some(values) => figures.first = moves.iter().copied().zip(values).collect(),
            None => figures.start = None,
        }
    }
    if figures.start.is_some() {
        for (name, spec) in &config.levels {
            let mut level = LevelFigures { name: name.clone(), decisions: Vec::new(), unsolved: 0, games: 0 };
            for g in 0..config.games {
                progress(&format!("{name}, game {} of {}", g + 1, config.games));
                let seed = crate::analysis::simulate::game_seed(config.seed, u64::from(g));
                play_one(rules, config, spec, seed, &solver, &shared, &mut level);
                level.games += 1;
            }
            figures.levels.push(level);
        }
    }
    figures.nodes = shared.nodes.load(std::sync::atomic::Ordering::Relaxed);
    figures.endgame_hits = shared.endgame_hits.load(std::sync::atomic::Ordering::Relaxed);
    figures.elapsed = begun.elapsed();
    figures
}

/// One game from a random opening, `spec` on both sides, its decisions measured into `level`.
fn play_one(
    rules: &Rules,
    config: &PerfectConfig,
    spec: &AgentSpec,
    seed: u64,
    solver: &Solver,
    shared: &Shared,
    level: &mut LevelFigures,
) {
    let mut random = AgentSpec::Random.build(seed);
    let mut agent = spec.build(seed);
    let mut position = Position::new(rules);
    let mut moves = MoveList::new();
    for ply in 0..config.max_plies {
        position.legal_moves_or_settle(&mut moves);
        if position.is_over() || moves.is_empty() {
            return;
        }
        let state = position.state();
        if ply < config.opening {
            let mv = random.choose(rules, state, &moves);
            position.play_unchecked(mv);
            continue;
        }
        let chosen = agent.choose(rules, state, &moves);
        if moves.len() > 1 {
            match solver.decisions(&position, &moves, shared, Some(Instant::now() + config.budget)) {
                Some(values) => {
                    let best = values.iter().copied().max().expect("a decision");
                    let at = moves.iter().position(|&m| m == chosen).expect("the agent's decision is legal");
                    level.decisions.push(Decision {
                        position: position.clone().detach(),
                        chosen,
                        best,
                        value: values[at],
                    });
                }
                None => level.unsolved += 1,
            }
        }
        position.play_unchecked(chosen);
    }
}
