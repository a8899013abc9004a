//! Negamax search with alpha-beta pruning, iterative deepening, a transposition table and
//! move ordering, over the engine's decisions: a pick after a capture is a ply of the same
//! player, searched like any other.

use std::time::Instant;

use super::eval::{Evaluator, outcome_value};
use super::{Agent, Budget, Stop};
use crate::engine::{Move, MoveList, Player, Position, Rules, State};

/// Entries in the transposition table (a power of two).
const TT_SIZE: usize = 1 << 18;
/// The deepest iteration a time budget may reach.
const MAX_DEPTH: u32 = 64;
/// Above every evaluation.
const INFINITY: i32 = i32::MAX / 2;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Empty,
    Exact,
    Lower,
    Upper,
}

/// What the table remembers of a position searched to some depth.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    depth: u8,
    bound: Bound,
    value: i32,
    best: Option<Move>,
}

/// The search: its table, its budget and what the last search found.
pub struct AlphaBetaAgent {
    budget: Budget,
    evaluator: Option<Evaluator>,
    table: Vec<Entry>,
    scratch: MoveList,
    nodes: u64,
    deadline: Option<Instant>,
    stop: Option<Stop>,
    aborted: bool,
    report: Option<String>,
}

impl AlphaBetaAgent {
    /// A searcher with a depth (`Budget::Count`) or time budget.
    pub fn new(budget: Budget) -> AlphaBetaAgent {
        AlphaBetaAgent {
            budget,
            evaluator: None,
            table: vec![Entry::default(); TT_SIZE],
            scratch: MoveList::new(),
            nodes: 0,
            deadline: None,
            stop: None,
            aborted: false,
            report: None,
        }
    }

    /// The value of `state` for its player to move, searched to exactly `depth` plies with
    /// pruning and the table (which is emptied first).
    pub fn value(&mut self, rules: &Rules, state: &State, depth: u32) -> i32 {
        let mut position = self.prepare(rules, state);
        self.table.fill(Entry::default());
        self.deadline = None;
        self.search(&mut position, depth, -INFINITY, INFINITY)
    }

    /// Ready a search of `state`: the scratch position it plays children on.
    fn prepare<'r>(&mut self, rules: &'r Rules, state: &State) -> Position<'r> {
        if self.evaluator.is_none() {
            self.evaluator = Some(Evaluator::new(rules));
        }
        self.aborted = false;
        self.nodes = 0;
        Position::unsettled(rules, state.clone())
    }

    fn evaluate(&mut self, rules: &Rules, state: &State) -> i32 {
        let evaluator = self.evaluator.as_ref().expect("prepared");
        evaluator.evaluate(rules, state, &mut self.scratch)
    }

    /// The children of the node `position` stands on: each of its legal decisions `moves`
    /// and the state after it. Each is played on `position` and the node restored, so the
    /// history seen by each is the node's alone.
    fn children(position: &mut Position, moves: &MoveList) -> Vec<(Move, State)> {
        let node = position.state().clone();
        moves
            .iter()
            .map(|&mv| {
                position.play_unchecked(mv);
                (mv, position.restore(node.clone()))
            })
            .collect()
    }

    /// A child's value for `me`, the player to move at the parent, searched on `position`
    /// re-rooted at the child.
    fn child_value(
        &mut self,
        position: &mut Position,
        me: Player,
        child: State,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let own = child.to_move() == me;
        position.reset(child);
        if own {
            self.search(position, depth, alpha, beta)
        } else {
            -self.search(position, depth, -beta, -alpha)
        }
    }

    /// The value of a chance event (lots drawn between rounds): the mean of its outcomes'
    /// values, each searched in full (every outcome has the same chance). For the player to
    /// move at the node, as every value here.
    #[cold]
    fn chance_value(&mut self, position: &mut Position, moves: &MoveList, depth: u32) -> i32 {
        let me = position.to_move();
        let children = Self::children(position, moves);
        let n = children.len() as i64;
        let mut sum = 0i64;
        for (_, child) in children {
            sum += i64::from(self.child_value(position, me, child, depth - 1, -INFINITY, INFINITY));
            if self.aborted {
                return 0;
            }
        }
        (sum / n) as i32
    }

    /// Order children best first for `me`, the mover: the table's best move, then by the
    /// static value of the position each leads to (so captures come before quiet moves).
    fn order(&mut self, rules: &Rules, me: Player, children: &mut [(Move, State)], first: Option<Move>) {
        let mut keyed: Vec<(i32, usize)> = children
            .iter()
            .enumerate()
            .map(|(i, (mv, child))| {
                let value = if Some(*mv) == first {
                    INFINITY
                } else {
                    let v = self.evaluate(rules, child);
                    if child.to_move() == me { v } else { -v }
                };
                (value, i)
            })
            .collect();
        keyed.sort_by_key(|&(v, i)| (std::cmp::Reverse(v), i));
        let sorted: Vec<(Move, State)> = keyed.iter().map(|&(_, i)| children[i].clone()).collect();
        children.clone_from_slice(&sorted);
    }

    /// The value of the node `position` stands on for its player to move, searched `depth`
    /// plies deep within the window `alpha..beta`. The position is left somewhere below.
    fn search(&mut self, position: &mut Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let rules = position.rules();
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.as_ref().is_some_and(Stop::should_stop))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let mut moves = MoveList::new();
        if !legal_moves(position, &mut moves) {
            return match position.outcome() {
                Some(outcome) => outcome_value(outcome, position.to_move()),
                None => self.evaluate(rules, position.state()),
            };
        }
        if depth == 0 {
            return self.evaluate(rules, position.state());
        }
        if position.state().is_chance() {
            return self.chance_value(position, &moves, depth);
        }
        let key = rules.search_key(position.state());
        let slot = key as usize & (TT_SIZE - 1);
        let entry = self.table[slot];
        let mut first = None;
        if entry.key == key && entry.bound != Bound::Empty {
            first = entry.best;
            // Values are reused only from a search of the same depth, so that a search to a
            // fixed depth returns exactly plain negamax's value.
            if u32::from(entry.depth) == depth {
                match entry.bound {
                    Bound::Exact => return entry.value,
                    Bound::Lower if entry.value >= beta => return entry.value,
                    Bound::Upper if entry.value <= alpha => return entry.value,
                    _ => {}
                }
            }
        }
        let me = position.to_move();
        let mut children = Self::children(position, &moves);
        if depth >= 2 {
            self.order(rules, me, &mut children, first);
        } else if let Some(i) = children.iter().position(|(mv, _)| Some(*mv) == first) {
            children.swap(0, i);
        }
        let original_alpha = alpha;
        let mut best_value = -INFINITY;
        let mut best_move = None;
        for (mv, child) in children {
            let value = self.child_value(position, me, child, depth - 1, alpha, beta);
            if self.aborted {
                return 0;
            }
            if value > best_value {
                best_value = value;
                best_move = Some(mv);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_value <= original_alpha {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] =
            Entry { key, depth: depth.min(255) as u8, bound, value: best_value, best: best_move };
        best_value
    }
}

/// List the legal decisions of the position into `moves`; `false` when there are none: the
/// game is over, or (settled now) its player is blocked, or it is a position to evaluate.
fn legal_moves(position: &mut Position, moves: &mut MoveList) -> bool {
    moves.clear();
    if !position.is_over() {
        position.legal_moves_or_settle(moves);
    }
    !moves.is_empty()
}

/// Plain negamax to a fixed depth, with the same evaluation and no pruning: the reference
/// the alpha-beta search is tested against.
pub fn negamax(rules: &Rules, state: &State, depth: u32) -> i32 {
    fn go(evaluator: &Evaluator, position: &mut Position, scratch: &mut MoveList, depth: u32) -> i32 {
        let rules = position.rules();
        let mut moves = MoveList::new();
        if !legal_moves(position, &mut moves) {
            return match position.outcome() {
                Some(outcome) => outcome_value(outcome, position.to_move()),
                None => evaluator.evaluate(rules, position.state(), scratch),
            };
        }
        if depth == 0 {
            return evaluator.evaluate(rules, position.state(), scratch);
        }
        let node = position.state().clone();
        let me = node.to_move();
        let mut best = -INFINITY;
        let mut sum = 0i64;
        for &mv in moves.iter() {
            // Each child sees the node's history alone, as in the alpha-beta search.
            position.reset(node.clone());
            position.play_unchecked(mv);
            let own = position.to_move() == me;
            let value = go(evaluator, position, scratch, depth - 1);
            let value = if own { value } else { -value };
            best = best.max(value);
            sum += i64::from(value);
        }
        // A chance event is worth the mean of its outcomes (each with the same chance).
        if node.is_chance() { (sum / moves.len() as i64) as i32 } else { best }
    }
    let evaluator = Evaluator::new(rules);
    let mut position = Position::unsettled(rules, state.clone());
    go(&evaluator, &mut position, &mut MoveList::new(), depth)
}

impl Agent for AlphaBetaAgent {
    fn name(&self) -> String {
        format!("alphabeta:{}", self.budget)
    }

    fn choose(&mut self, rules: &Rules, state: &State, moves: &MoveList) -> Move {
        if moves.len() == 1 {
            self.report = Some("the only legal decision".to_string());
            return moves[0];
        }
        if state.is_chance() {
            return super::chance_root(rules, state, moves);
        }
        let mut position = self.prepare(rules, state);
        let start = Instant::now();
        let (max_depth, limit) = match self.budget {
            Budget::Count(depth) => (depth.max(1), None),
            Budget::Time(t) => (MAX_DEPTH, Some(t)),
        };
        self.deadline = limit.map(|t| start + t);
        let me = state.to_move();
        let mut children = Self::children(&mut position, moves);
        let mut best = children[0].0;
        let mut reached = (0, 0);
        for depth in 1..=max_depth {
            if depth > 1 && self.stop.as_ref().is_some_and(Stop::should_stop) {
                self.aborted = true;
                break;
            }
            let key = rules.search_key(state);
            let first = {
                let e = self.table[key as usize & (TT_SIZE - 1)];
                if e.key == key { e.best } else { None }
            };
            self.order(rules, me, &mut children, first.or(Some(best)));
            let (mut alpha, beta) = (-INFINITY, INFINITY);
            let mut best_here = None;
            for (mv, child) in children.clone() {
                let value = self.child_value(&mut position, me, child, depth - 1, alpha, beta);
                if self.aborted {
                    break;
                }
                if best_here.is_none() || value > alpha {
                    alpha = value;
                    best_here = Some(mv);
                }
            }
            if self.aborted {
                break;
            }
            if let Some(mv) = best_here {
                best = mv;
                reached = (depth, alpha);
                let slot = key as usize & (TT_SIZE - 1);
                self.table[slot] = Entry {
                    key,
                    depth: depth.min(255) as u8,
                    bound: Bound::Exact,
                    value: alpha,
                    best: Some(mv),
                };
            }
            // A won or lost game is found; deeper search cannot change it.
            if alpha.abs() >= super::eval::WIN {
                break;
            }
            if let Some(t) = limit
                && start.elapsed() * 3 > t
            {
                break;
            }
        }
        let value = match reached.1 {
            v if v >= super::eval::WIN => "a forced win".to_string(),
            v if v <= -super::eval::WIN => "a forced loss".to_string(),
            v => format!("{:+.2} seeds", f64::from(v) / 100.0),
        };
        self.report = Some(format!(
            "depth {}{}, {value}, {} positions in {:.2} s",
            reached.0,
            if self.aborted && limit.is_none() { " (stopped early)" } else { "" },
            self.nodes,
            start.elapsed().as_secs_f64()
        ));
        best
    }

    fn report(&self) -> Option<String> {
        self.report.clone()
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = Some(stop);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_stopped_search_ends_at_once_with_a_legal_choice() {
        let text = crate::bundled::bundled(crate::bundled::DEFAULT_RULES).expect("bundled");
        let rules = crate::compile("rules", text, &crate::Options::new(None, &[])).expect("compiles");
        let position = Position::new(&rules);
        let state = position.state().clone();
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let cancelled = Stop::new();
        cancelled.cancel();
        let past = Stop::new().with_deadline(Instant::now() + Duration::from_millis(100));
        for (budget, stop) in [
            (Budget::Count(60), cancelled.clone()),
            (Budget::Time(Duration::from_secs(60)), cancelled),
            (Budget::Count(60), past),
        ] {
            let mut agent = AlphaBetaAgent::new(budget);
            agent.set_stop(stop);
            let started = Instant::now();
            let mv = agent.choose(&rules, &state, &moves);
            assert!(started.elapsed() < Duration::from_secs(1), "{budget}: {:?}", started.elapsed());
            assert!(moves.contains(&mv));
        }
    }
}
