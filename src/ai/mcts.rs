//! Monte Carlo tree search (UCT) with random playouts. A node is a position; its statistics
//! count for the player who chose the decision leading to it, so a turn of several decisions
//! by the same player (a sowing, then picks) needs no special case.

use std::time::Instant;

use super::eval::outcome_value;
use super::{Agent, Budget, Rng, Stop, below, rng};
use crate::engine::{Draw, Move, MoveList, Outcome, Player, Position, Rules, State};

/// The exploration constant of UCT, for rewards in 0..=1.
const EXPLORATION: f64 = 1.0;
/// Decisions after which a playout is stopped and scored on seeds held.
const PLAYOUT_CAP: u32 = 2_000;
/// How deep below the last root to look for the position the tree should continue from.
const REUSE_DEPTH: usize = 6;
/// The most nodes a tree keeps (each holds a position, a few hundred bytes): past it, the
/// search goes on without growing the tree.
const MAX_NODES: usize = 500_000;
/// How many iterations run between two looks at the [`Stop`]: a few milliseconds at most.
const STOP_EVERY: u32 = 16;

struct Node {
    state: State,
    key: u64,
    /// The player who chose the decision leading here (whose reward `wins` counts).
    mover: Player,
    /// The decision leading here from the parent.
    via: Option<Move>,
    moves: Vec<Move>,
    children: Vec<u32>,
    visits: u32,
    wins: f64,
}

/// UCT search with a budget of iterations or time, keeping the subtree of the position it
/// is asked about next.
pub struct MctsAgent {
    budget: Budget,
    rng: Rng,
    nodes: Vec<Node>,
    root: Option<u32>,
    report: Option<String>,
    /// What the tree may take, in bytes (see [`MctsAgent::with_max_memory`]); without it, at
    /// most [`MAX_NODES`] nodes.
    max_memory: Option<usize>,
    /// The bytes the nodes' own lists take (the nodes themselves are counted by capacity).
    heap: usize,
    stop: Option<Stop>,
}

impl MctsAgent {
    /// A searcher with an iteration (`Budget::Count`) or time budget, its playouts
    /// fixed by `seed`.
    pub fn new(budget: Budget, seed: u64) -> MctsAgent {
        MctsAgent {
            budget,
            rng: rng(seed),
            nodes: Vec::new(),
            root: None,
            report: None,
            max_memory: None,
            heap: 0,
            stop: None,
        }
    }

    /// The same searcher with a tree of at most about `bytes`: once it is that large, the
    /// search goes on without growing it.
    pub fn with_max_memory(mut self, bytes: usize) -> MctsAgent {
        self.max_memory = Some(bytes);
        self
    }

    /// The bytes a node's lists take besides the node.
    fn heap_of(node: &Node) -> usize {
        node.moves.capacity() * std::mem::size_of::<Move>()
            + node.children.capacity() * std::mem::size_of::<u32>()
    }

    /// Whether one more node fits: under [`MAX_NODES`], or in the memory allowed, counting
    /// the node list by its capacity, and the lists a new node brings at worst (its decisions
    /// and children, and its parent's children if they are the first). A full node list grows
    /// (at most doubling) only as far as the memory allows.
    fn room(&mut self) -> bool {
        let Some(max) = self.max_memory else { return self.nodes.len() < MAX_NODES };
        let node = std::mem::size_of::<Node>();
        let lists = MoveList::CAPACITY * (std::mem::size_of::<Move>() + 2 * std::mem::size_of::<u32>());
        let (len, capacity) = (self.nodes.len(), self.nodes.capacity());
        if len < capacity {
            return capacity * node + self.heap + lists <= max;
        }
        let fits = max.saturating_sub(self.heap + lists) / node;
        let wanted = (2 * capacity).max(64).min(fits);
        if wanted <= len {
            return false;
        }
        self.nodes.reserve_exact(wanted - len);
        self.nodes.capacity() * node + self.heap + lists <= max
    }

    /// Add a node to the tree; its index.
    fn push(&mut self, node: Node) -> u32 {
        self.heap += Self::heap_of(&node);
        let index = self.nodes.len() as u32;
        self.nodes.push(node);
        index
    }

    /// The node of `position`'s state, reached by `mover` playing `via`.
    fn node(position: &Position, mover: Player, via: Option<Move>) -> Node {
        let mut list = MoveList::new();
        position.legal_moves(&mut list);
        let state = position.state();
        Node {
            key: position.rules().search_key(state),
            state: state.clone(),
            mover,
            via,
            moves: list.to_vec(),
            children: Vec::new(),
            visits: 0,
            wins: 0.0,
        }
    }

    /// The node of `state` in the kept tree, close below the old root, if any.
    fn find(&self, rules: &Rules, state: &State) -> Option<u32> {
        let key = rules.search_key(state);
        let mut level = vec![self.root?];
        for _ in 0..=REUSE_DEPTH {
            let mut next = Vec::new();
            for &i in &level {
                let node = &self.nodes[i as usize];
                if node.key == key && node.state.same_position(state) {
                    return Some(i);
                }
                next.extend_from_slice(&node.children);
            }
            level = next;
        }
        None
    }

    /// Keep only the subtree below `root`, renumbered from 0.
    fn reroot(&mut self, root: u32) {
        let mut old: Vec<Option<Node>> = std::mem::take(&mut self.nodes).into_iter().map(Some).collect();
        // No more room than the old tree had.
        self.nodes = Vec::with_capacity(old.len());
        self.heap = 0;
        let mut stack = vec![(root, None::<u32>)];
        while let Some((i, parent)) = stack.pop() {
            let Some(node) = old[i as usize].take() else { continue };
            let index = self.nodes.len() as u32;
            for &c in node.children.iter().rev() {
                stack.push((c, Some(index)));
            }
            self.nodes.push(Node { children: Vec::with_capacity(node.children.len()), ..node });
            if let Some(p) = parent {
                self.nodes[p as usize].children.push(index);
            }
        }
        self.heap = self.nodes.iter().map(Self::heap_of).sum();
        self.root = Some(0);
    }

    /// Whether the root's most visited child leads the runner-up by more than `remaining`
    /// visits, so that no further iterations could change the decision.
    fn settled(&self, remaining: u32) -> bool {
        let root = &self.nodes[0];
        if root.children.len() < root.moves.len() {
            return false;
        }
        let (mut first, mut second) = (0, 0);
        for &c in &root.children {
            let v = self.nodes[c as usize].visits;
            if v > first {
                (first, second) = (v, first);
            } else if v > second {
                second = v;
            }
        }
        first > second + remaining
    }

    /// One iteration: select, expand, play out, back up, on the scratch `position`.
    fn iterate(&mut self, position: &mut Position) {
        let mut path = vec![self.root.expect("a root")];
        loop {
            let i = *path.last().expect("non-empty") as usize;
            let node = &self.nodes[i];
            if node.state.outcome().is_some() || node.moves.is_empty() {
                break;
            }
            if node.children.len() < node.moves.len() && self.room() {
                // Expand the next untried decision.
                let node = &self.nodes[i];
                let mv = node.moves[node.children.len()];
                let mover = node.state.to_move();
                position.reset(node.state.clone());
                position.play_unchecked(mv);
                let child = Self::node(position, mover, Some(mv));
                let index = self.push(child);
                let children = &mut self.nodes[i].children;
                if children.capacity() == 0 {
                    // Room for every decision at once, so that the list never grows again.
                    let wanted = self.nodes[i].moves.len();
                    self.nodes[i].children.reserve_exact(wanted);
                    self.heap += wanted * std::mem::size_of::<u32>();
                }
                self.nodes[i].children.push(index);
                path.push(index);
                break;
            }
            let node = &self.nodes[i];
            if node.children.is_empty() {
                // The tree is full: play out from here.
                break;
            }
            if node.state.is_chance() {
                // A chance event: an outcome drawn, each with the same chance.
                let drawn = node.children[below(&mut self.rng, node.children.len())];
                path.push(drawn);
                continue;
            }
            let log_n = f64::from(node.visits.max(1)).ln();
            let best = node
                .children
                .iter()
                .copied()
                .max_by(|&a, &b| {
                    let score = |c: u32| {
                        let c = &self.nodes[c as usize];
                        let n = f64::from(c.visits.max(1));
                        c.wins / n + EXPLORATION * (log_n / n).sqrt()
                    };
                    score(a).total_cmp(&score(b))
                })
                .expect("a fully expanded node has children");
            path.push(best);
        }
        let leaf = &self.nodes[*path.last().expect("non-empty") as usize];
        position.reset(leaf.state.clone());
        let outcome = self.playout(position);
        for &i in &path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            node.wins += reward(outcome, node.mover);
        }
    }

    /// A random game from `position`: how it ends (`None` counts as a draw), scored on seeds
    /// held if it runs past the cap.
    fn playout(&mut self, position: &mut Position) -> Option<Outcome> {
        let rng = &mut self.rng;
        position.playout(Draw::Sampled, PLAYOUT_CAP, &mut |n| below(rng, n));
        if let Some(outcome) = position.outcome() {
            return Some(outcome);
        }
        let (rules, state) = (position.rules(), position.state());
        Some(rules.by_score(state)).filter(|o| o.winner().is_some())
    }
}

/// A playout's reward for `player`: 1 for a win, ½ for a draw, 0 for a loss.
fn reward(outcome: Option<Outcome>, player: Player) -> f64 {
    match outcome {
        Some(o) => f64::from(outcome_value(o, player).signum() + 1) / 2.0,
        None => 0.5,
    }
}

impl Agent for MctsAgent {
    fn name(&self) -> String {
        format!("mcts:{}", self.budget)
    }

    fn choose(&mut self, rules: &Rules, state: &State, moves: &MoveList) -> Move {
        if moves.len() == 1 {
            self.report = Some("the only legal decision".to_string());
            return moves[0];
        }
        if state.is_chance() {
            return super::chance_root(rules, state, moves);
        }
        let start = Instant::now();
        let mut position = Position::unsettled(rules, state.clone());
        match self.find(rules, state) {
            Some(i) => self.reroot(i),
            None => {
                self.nodes.clear();
                self.heap = 0;
                self.push(Self::node(&position, state.to_move().previous(), None));
                self.root = Some(0);
            }
        }
        let reused = self.nodes[0].visits;
        let mut iterations = 0u32;
        let mut settled = false;
        let mut stopped = false;
        loop {
            if iterations.is_multiple_of(STOP_EVERY) && self.stop.as_ref().is_some_and(Stop::should_stop) {
                stopped = true;
                break;
            }
            match self.budget {
                Budget::Count(n) if iterations >= n.max(1) => break,
                // Stop early when the remaining iterations could not change the most visited
                // decision: the choice is the same as after the whole budget.
                Budget::Count(n) if iterations.is_multiple_of(256) && self.settled(n - iterations) => {
                    settled = true;
                    break;
                }
                Budget::Time(t) if iterations.is_multiple_of(64) && start.elapsed() >= t => break,
                // On a clock, the iterations still to come are estimated from the rate so far,
                // doubled for safety.
                Budget::Time(t) if iterations.is_multiple_of(1024) && iterations > 0 => {
                    let elapsed = start.elapsed().as_secs_f64();
                    let left = (t.as_secs_f64() - elapsed).max(0.0);
                    let remaining = 2.0 * f64::from(iterations) * left / elapsed.max(1e-9);
                    if self.settled(remaining.min(f64::from(u32::MAX / 2)) as u32) {
                        settled = true;
                        break;
                    }
                }
                _ => {}
            }
            self.iterate(&mut position);
            iterations += 1;
        }
        let root = &self.nodes[0];
        let Some(best) = root.children.iter().map(|&c| &self.nodes[c as usize]).max_by_key(|c| c.visits)
        else {
            // Stopped before the first iteration.
            self.report = Some("stopped before searching".to_string());
            return moves[0];
        };
        let mv = best.via.expect("a child has a decision");
        let kept = if reused == 0 { String::new() } else { format!(" ({reused} kept from the last search)") };
        let how = if settled {
            "; the choice was settled early"
        } else if stopped {
            "; stopped early"
        } else {
            ""
        };
        self.report = Some(format!(
            "{iterations} playouts in {:.2} s{kept}{how}; the move chosen won {:.0}% of its {} tries",
            start.elapsed().as_secs_f64(),
            100.0 * best.wins / f64::from(best.visits.max(1)),
            best.visits
        ));
        if moves.contains(&mv) { mv } else { moves[0] }
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
    use super::*;

    /// A tree of a root and children with these visit counts, on any position.
    fn tree(visits: &[u32]) -> MctsAgent {
        let text = crate::bundled::bundled(crate::bundled::DEFAULT_RULES).expect("bundled");
        let rules = crate::compile("rules", text, &crate::Options::new(None, &[])).expect("compiles");
        let mut agent = MctsAgent::new(Budget::Count(1000), 1);
        let position = Position::new(&rules);
        let mut root = MctsAgent::node(&position, Player::North, None);
        root.moves.truncate(visits.len());
        agent.nodes.push(root);
        for (i, &v) in visits.iter().enumerate() {
            let mut child = MctsAgent::node(&position, Player::South, None);
            child.visits = v;
            agent.nodes.push(child);
            agent.nodes[0].children.push(i as u32 + 1);
        }
        agent
    }

    #[test]
    fn settled_when_the_runner_up_cannot_catch_up() {
        let agent = tree(&[50, 10, 5]);
        // 10 + 39 playouts still leave the runner-up behind 50; with 40 it could tie.
        assert!(agent.settled(39));
        assert!(!agent.settled(40));
        // The order of the children does not matter.
        assert!(tree(&[5, 10, 50]).settled(39));
        assert!(!tree(&[5, 50, 50]).settled(0));
    }

    fn start() -> (Rules, State, MoveList) {
        let text = crate::bundled::bundled(crate::bundled::DEFAULT_RULES).expect("bundled");
        let rules = crate::compile("rules", text, &crate::Options::new(None, &[])).expect("compiles");
        let position = Position::new(&rules);
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let state = position.state().clone();
        (rules, state, moves)
    }

    /// The report reads as a sentence: how many playouts in how long, then how the chosen
    /// move fared (the playouts kept from the last search only when there were some).
    #[test]
    fn the_report_reads_as_a_sentence() {
        let (rules, state, moves) = start();
        let mut agent = MctsAgent::new(Budget::Count(300), 1);
        agent.choose(&rules, &state, &moves);
        let report = agent.report().expect("a report");
        assert!(report.starts_with("300 playouts in "), "{report}");
        assert!(report.contains("; the move chosen won ") && report.ends_with(" tries"), "{report}");
        assert!(!report.contains("kept"), "{report}");
    }

    #[test]
    fn a_tree_stays_within_its_memory() {
        let (rules, state, moves) = start();
        let limit = 256 << 10;
        let mut agent = MctsAgent::new(Budget::Count(20_000), 1).with_max_memory(limit);
        let mv = agent.choose(&rules, &state, &moves);
        assert!(moves.contains(&mv));
        let used = agent.nodes.capacity() * std::mem::size_of::<Node>() + agent.heap;
        let heap: usize = agent.nodes.iter().map(MctsAgent::heap_of).sum();
        assert_eq!(agent.heap, heap, "the count of the lists' bytes drifted");
        assert!(
            used <= limit,
            "{used} bytes for {} nodes of {} bytes",
            agent.nodes.len(),
            std::mem::size_of::<Node>()
        );
        assert!(
            agent.nodes.len() > 200,
            "{} nodes of {} bytes",
            agent.nodes.len(),
            std::mem::size_of::<Node>()
        );
    }

    #[test]
    fn a_cancelled_search_stops_at_once_with_a_legal_choice() {
        let (rules, state, moves) = start();
        for budget in [Budget::Time(std::time::Duration::from_secs(60)), Budget::Count(u32::MAX)] {
            let stop = Stop::new();
            let mut agent = MctsAgent::new(budget, 1);
            agent.set_stop(stop.clone());
            stop.cancel();
            let started = Instant::now();
            let mv = agent.choose(&rules, &state, &moves);
            assert!(started.elapsed().as_secs() < 1 && moves.contains(&mv));
        }
        // A deadline stops it too, with what it searched by then.
        let mut agent = MctsAgent::new(Budget::Count(u32::MAX), 1);
        agent.set_stop(Stop::new().with_deadline(Instant::now() + std::time::Duration::from_millis(100)));
        let started = Instant::now();
        let mv = agent.choose(&rules, &state, &moves);
        assert!(started.elapsed().as_millis() < 1000 && moves.contains(&mv));
        assert!(agent.report().unwrap().contains("stopped early"), "{:?}", agent.report());
    }

    #[test]
    fn never_settled_before_every_decision_is_tried() {
        let mut agent = tree(&[50, 0]);
        agent.nodes[0].children.pop();
        assert!(!agent.settled(0));
    }
}
