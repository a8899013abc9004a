//! `strongest:TIME`: the stronger search on the game being played, at equal time. Alpha-beta
//! is the stronger on most games; a rules file whose game is played better by Monte Carlo
//! tree search says so (`computer mcts`), and this player follows it. It is the `hard` level
//! and the player hints ask.

use std::time::Duration;

use super::{Agent, AlphaBetaAgent, Budget, MctsAgent, Stop};
use crate::engine::{Move, MoveList, Rules, Search, State};

/// Alpha-beta or MCTS with a time a decision, as the rules being played ask.
pub struct StrongestAgent {
    time: Duration,
    seed: u64,
    max_memory: Option<usize>,
    stop: Option<Stop>,
    /// The search chosen on the first decision, kept so that MCTS reuses its tree.
    inner: Option<(Search, Box<dyn Agent + Send>)>,
}

impl StrongestAgent {
    /// A player thinking `time` a decision; `seed` fixes an MCTS's random playouts.
    pub fn new(time: Duration, seed: u64) -> StrongestAgent {
        StrongestAgent { time, seed, max_memory: None, stop: None, inner: None }
    }

    /// Keep an MCTS's tree within `bytes` (see [`MctsAgent::with_max_memory`]).
    pub fn with_max_memory(mut self, bytes: usize) -> StrongestAgent {
        self.max_memory = Some(bytes);
        self
    }

    /// The search `rules` ask for: the one their file names, else alpha-beta; at a table of
    /// more than two, Monte Carlo tree search, whose playouts reward each player for their
    /// own win (alpha-beta's negamax pits the player to move against one opponent).
    pub fn search_for(rules: &Rules) -> Search {
        if rules.seats() > 2 {
            return Search::Mcts;
        }
        rules.meta().computer.unwrap_or(Search::AlphaBeta)
    }

    /// The player for `rules`, built on first use (and again should the rules change).
    fn inner(&mut self, rules: &Rules) -> &mut Box<dyn Agent + Send> {
        let search = StrongestAgent::search_for(rules);
        let kept = match self.inner.take() {
            Some((s, agent)) if s == search => (s, agent),
            _ => (search, self.build(search)),
        };
        &mut self.inner.insert(kept).1
    }

    fn build(&self, search: Search) -> Box<dyn Agent + Send> {
        let budget = Budget::Time(self.time);
        let mut agent: Box<dyn Agent + Send> = match search {
            Search::AlphaBeta => Box::new(AlphaBetaAgent::new(budget)),
            Search::Mcts => {
                let mcts = MctsAgent::new(budget, self.seed);
                Box::new(match self.max_memory {
                    Some(bytes) => mcts.with_max_memory(bytes),
                    None => mcts,
                })
            }
        };
        if let Some(stop) = &self.stop {
            agent.set_stop(stop.clone());
        }
        agent
    }
}

impl Agent for StrongestAgent {
    fn name(&self) -> String {
        format!("strongest:{}", Budget::Time(self.time))
    }

    fn choose(&mut self, rules: &Rules, state: &State, moves: &MoveList) -> Move {
        self.inner(rules).choose(rules, state, moves)
    }

    /// The search's own report, after the search it was (`alphabeta:2s here; depth 9, …`).
    fn report(&self) -> Option<String> {
        let (_, agent) = self.inner.as_ref()?;
        let report = agent.report()?;
        Some(format!("{} here; {report}", agent.name()))
    }

    fn set_stop(&mut self, stop: Stop) {
        if let Some((_, agent)) = &mut self.inner {
            agent.set_stop(stop.clone());
        }
        self.stop = Some(stop);
    }
}
