//! The search: iterative-deepening MTD(f) over zero-window alpha-beta, with the shared
//! transposition table, enhanced transposition cut-offs and move ordering.
//!
//! Values are those of [`Value`](super::Value), from the point of view of the player to move
//! at the node; a decision after which the same player moves again (an extra move) keeps the
//! sign, one that passes the turn flips it. A search to a depth evaluates the positions it
//! cuts off by the difference of scores; every result carries a flag saying whether it is
//! *proven*, that is, a bound on the game-theoretic value reached without cutting a line off
//! (only end positions and proven table entries below it). Proven bounds are kept in the
//! table's own half whatever the depth, so that each deeper iteration only searches the lines
//! still open; the iterations stop when the root's value is proven from both sides.
//!
//! **The proof phase.** On a large game no iteration reaches every end, and a search to a
//! depth proves little. After each iteration from [`SolveOptions::proof_after`] plies on, a
//! proof attempt takes the iteration's estimate `v` and runs MTD(f) with no depth: null-window
//! searches that stop only at ended positions, positions of the endgame database and
//! positions the stores decide, first testing `value >= v`, then `value <= v`; every bound they
//! return is proven and cached. An attempt may search as many nodes as the iteration before
//! it did, then gives way to the next, deeper iteration (what it proved stays in the table, so
//! the next attempt takes up where it stopped); an estimate that was wrong fails one test, and
//! the next test is the MTD(f) step from the bound it proved.
//!
//! [`SolveOptions::proof_after`]: super::SolveOptions::proof_after

use std::sync::atomic::Ordering;

use crate::engine::{MoveList, Player, Position, Rules, State};

use super::endgame::{self, Endgame};
use super::table::{Entry, Table};
use super::{INFINITY, Shared, Value};

/// Plies between one iteration and the next. Unproven bounds only order the next iteration,
/// so fewer iterations pay: two plies took 20–50% fewer nodes than one to solve Kalah(5,3),
/// (4,4), (6,2) and (6,3) with `empty-capture` (with and without an endgame database), and
/// a search to the full depth at once (no deepening) took more than four times as many.
const DEPTH_STEP: u32 = 2;

/// The fewest nodes a proof attempt may search, however cheap the iteration before it.
const PROOF_MIN_NODES: u64 = 10_000;

/// One search thread: a scratch position walked about the tree, and its counters.
pub(crate) struct Searcher<'a, 'r> {
    rules: &'r Rules,
    pub(crate) position: Position<'r>,
    table: &'a Table,
    shared: &'a Shared,
    /// 0 for the main thread; helpers search the first plies in another order.
    helper: usize,
    /// The rules have a repetition rule: a position's value depends on the positions before
    /// it, and the key holds them.
    repetition: bool,
    /// Every slot whose count is part of a position (holes, stores, side stores).
    slots: Vec<crate::engine::Hole>,
    /// Nodes not yet added to the shared count.
    pending: u64,
    /// Positions found in the endgame database, not yet added to the shared count.
    endgame_hits: u64,
    pub(crate) aborted: bool,
    /// The deepest ply searched: a guard for games whose lines can go on for ever.
    max_ply: usize,
    /// Scratch room for the order of decisions, one list per ply.
    orders: Vec<Vec<(i32, u8)>>,
    /// An endgame database: positions it covers are not searched.
    endgame: Option<&'a Endgame>,
    /// The game is decided by seeds and seeds in the stores never come back into play (the
    /// rules an endgame database can be built for): the stores bound the value.
    store_bounds: bool,
    /// The search stops (as if stopped by the stop flag) at this time.
    deadline: Option<std::time::Instant>,
    /// Nodes this thread searched: a subtree's cost is the difference before and after it.
    visited: u64,
    /// A proof attempt gives way when `visited` reaches this.
    budget: Option<u64>,
    /// The search stopped at `budget` (not by the stop flag or the deadline).
    out_of_budget: bool,
    /// Proof attempts begin after the iteration of this depth.
    proof_after: u32,
    /// A proof attempt is under way: results cut off at the deepest ply are not cached.
    proving: bool,
}

impl<'a, 'r> Searcher<'a, 'r> {
    pub(crate) fn new(
        position: Position<'r>,
        table: &'a Table,
        shared: &'a Shared,
        helper: usize,
        max_ply: usize,
        endgame: Option<&'a Endgame>,
    ) -> Searcher<'a, 'r> {
        let rules = position.rules();
        let mut slots: Vec<_> = rules.all_holes().collect();
        for p in Player::BOTH {
            slots.extend(rules.store(p));
            slots.extend(rules.side_store(p));
        }
        Searcher {
            rules,
            position,
            table,
            shared,
            helper,
            repetition: rules.end_rules().repetition.is_some(),
            slots,
            pending: 0,
            endgame_hits: 0,
            aborted: false,
            max_ply,
            orders: Vec::new(),
            endgame,
            store_bounds: endgame::unsupported(rules).is_none(),
            deadline: None,
            visited: 0,
            budget: None,
            out_of_budget: false,
            proof_after: u32::MAX,
            proving: false,
        }
    }

    /// Stop searching at `deadline`.
    pub(crate) fn with_deadline(mut self, deadline: Option<std::time::Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Try proofs after the iteration of depth `proof_after` (`u32::MAX`: never).
    pub(crate) fn with_proof_after(mut self, proof_after: u32) -> Self {
        self.proof_after = proof_after;
        self
    }

    /// The table key of the current position: a 128-bit fingerprint of everything its
    /// future depends on (see the module `solve`).
    pub(crate) fn key(&self) -> u128 {
        let state = self.position.state();
        if self.repetition {
            // The engine's exact key: the state and the earlier positions the repetition
            // rule can still compare with.
            let bytes = self.position.clone().detach().key();
            return fingerprint(&bytes);
        }
        // Without a repetition rule the engine's search key holds everything that decides
        // how a position plays on (and not the turn number, unless a turn limit makes it
        // matter); an independent hash of the counts, the player to move and the phase of
        // the turn makes the other half.
        let high = self.rules.search_key(state);
        let mut low = 0x6a09_e667_f3bc_c908u64;
        let mut words = self.slots.chunks(4);
        for chunk in &mut words {
            let mut w = 0u64;
            for (i, &h) in chunk.iter().enumerate() {
                w |= u64::from(state.count(h)) << (16 * i);
            }
            low = mix(low ^ w);
        }
        let mut phase = Fx(low);
        std::hash::Hash::hash(&state.phase(), &mut phase);
        std::hash::Hash::hash(&state.to_move(), &mut phase);
        let low = fmix(
            phase.0
                ^ u64::from(state.hand()[Player::South]) << 20
                ^ u64::from(state.hand()[Player::North]) << 40,
        );
        u128::from(high) << 64 | u128::from(low)
    }

    /// The value of an ended game for the player to move in it.
    pub(crate) fn terminal(&self) -> i32 {
        let state = self.position.state();
        let me = state.to_move();
        let class = match state.outcome().and_then(|o| o.winner()) {
            Some(w) if w == me => 1,
            Some(_) => -1,
            None => 0,
        };
        Value::new(class, self.margin(state, me)).0
    }

    /// Bounds on the value of the current position for `me` that need no search: exact at
    /// an end or a position the endgame database holds, else from the stores where seeds in
    /// them stay there; `None` where nothing is known.
    fn known(&self, me: Player) -> Option<(i32, i32)> {
        let state = self.position.state();
        let same = state.to_move() == me;
        let flip = |v: i32| if same { v } else { -v };
        if self.position.is_over() {
            let v = flip(self.terminal());
            return Some((v, v));
        }
        if let Some(db) = self.endgame
            && let Some(m) = db.probe(self.rules, state)
        {
            let v = flip(Value::new(m.signum(), m).0);
            return Some((v, v));
        }
        if self.store_bounds && endgame::indexable(state) {
            let stores =
                self.rules.store_seeds(state, me) as i32 - self.rules.store_seeds(state, me.other()) as i32;
            let in_play = endgame::in_play(state) as i32;
            let (low, high) = (stores - in_play, stores + in_play);
            return Some((Value::new(low.signum(), low).0, Value::new(high.signum(), high).0));
        }
        None
    }

    fn margin(&self, state: &State, me: Player) -> i32 {
        self.rules.score(state, me) as i32 - self.rules.score(state, me.other()) as i32
    }

    fn count_node(&mut self) {
        self.pending += 1;
        self.visited += 1;
        if self.budget.is_some_and(|b| self.visited >= b) {
            self.aborted = true;
            self.out_of_budget = true;
        }
        if self.pending >= 1024 {
            self.flush();
            if self.stopped() {
                self.aborted = true;
            }
        }
    }

    /// The stop flag is set or the deadline has passed.
    fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| std::time::Instant::now() >= d)
    }

    /// Add the nodes not yet counted to the shared count.
    pub(crate) fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.pending, Ordering::Relaxed);
        self.shared.endgame_hits.fetch_add(self.endgame_hits, Ordering::Relaxed);
        self.pending = 0;
        self.endgame_hits = 0;
    }

    /// Alpha-beta (fail-soft) to `depth` plies: a value and whether it is proven. Proven or
    /// not, a value `v <= alpha` is an upper bound, `v >= beta` a lower bound, and between
    /// them exact (for the game, if proven; for the search to this depth, if not).
    pub(crate) fn search(&mut self, depth: u32, alpha: i32, beta: i32, ply: usize) -> (i32, bool) {
        self.count_node();
        if self.aborted {
            return (0, false);
        }
        if self.position.is_over() {
            return (self.terminal(), true);
        }
        if let Some(db) = self.endgame
            && let Some(m) = db.probe(self.rules, self.position.state())
        {
            self.endgame_hits += 1;
            return (Value::new(m.signum(), m).0, true);
        }
        if self.store_bounds && endgame::indexable(self.position.state()) {
            // Seeds in the stores stay there, and every seed still in play ends with one
            // player or out of play: the final margin is within the seeds in play of the
            // stores' difference.
            let state = self.position.state();
            let me = state.to_move();
            let stores =
                self.rules.store_seeds(state, me) as i32 - self.rules.store_seeds(state, me.other()) as i32;
            let in_play = endgame::in_play(state) as i32;
            let (low, high) = (stores - in_play, stores + in_play);
            let (low, high) = (Value::new(low.signum(), low).0, Value::new(high.signum(), high).0);
            if high <= alpha {
                return (high, true);
            }
            if low >= beta {
                return (low, true);
            }
        }
        let mut moves = MoveList::new();
        self.position.legal_moves_or_settle(&mut moves);
        if moves.is_empty() {
            return (self.terminal(), true);
        }
        let key = self.key();
        let found = self.table.probe(key);
        if let Some(e) = found.proven {
            if i32::from(e.lower) >= beta {
                return (i32::from(e.lower), true);
            }
            if i32::from(e.upper) <= alpha {
                return (i32::from(e.upper), true);
            }
        }
        if let Some(e) = found.bounded
            && u32::from(e.depth) >= depth
        {
            if i32::from(e.lower) >= beta {
                return (i32::from(e.lower), false);
            }
            if i32::from(e.upper) <= alpha {
                return (i32::from(e.upper), false);
            }
        }
        let first = found.best();
        let cost_from = self.visited;
        if depth == 0 || ply >= self.max_ply {
            let state = self.position.state();
            // Scored as if the game ended with this difference of seeds: on the scale of
            // the proven values, so that the guesses of MTD(f) close on the proven value
            // (25–50% fewer nodes than the bare difference on Kalah(5,3), (4,4) and (6,3)).
            let m = self.margin(state, state.to_move());
            return (Value::new(m.signum(), m).0, false);
        }

        let me = self.position.to_move();
        let saved = self.position.state().clone();
        let mut order = self.orders.get_mut(ply).map(std::mem::take).unwrap_or_default();
        order.clear();
        // Order the decisions, and look the children up first: one whose table bounds
        // already reach beta cuts this node off without a search (an enhanced
        // transposition cut-off).
        for (i, &mv) in moves.iter().enumerate() {
            self.position.play_unchecked(mv);
            let child = self.position.state();
            let same = child.to_move() == me;
            let mut score = self.margin(child, me);
            if same && !child.is_over() {
                score += 1_000;
            }
            if i == usize::from(first) {
                score += 100_000;
            }
            // A child whose value is known without a search (an end, a database position,
            // or bounds from the stores that already decide it): one at least beta cuts this
            // node off at once, proven; one at most alpha is tried last.
            if let Some((lower, upper)) = self.known(me) {
                if lower >= beta {
                    self.position.restore(saved);
                    self.remember(key, depth, true, lower, alpha, beta, i, cost_from);
                    self.put_back(ply, order);
                    return (lower, true);
                }
                if upper <= alpha {
                    score -= 1_000_000;
                } else if lower == upper {
                    score += 200_000;
                }
            }
            if depth > 1 && !child.is_over() {
                let found = self.table.probe(self.key());
                let usable = |e: Option<Entry>, proven: bool| {
                    e.filter(|e| proven || u32::from(e.depth) + 1 >= depth)
                        .map(|e| if same { i32::from(e.lower) } else { -i32::from(e.upper) })
                        .filter(|&lower| lower >= beta)
                };
                let cut = usable(found.proven, true)
                    .map(|v| (v, true))
                    .or_else(|| usable(found.bounded, false).map(|v| (v, false)));
                if let Some((lower, proven)) = cut {
                    self.position.restore(saved);
                    self.remember(key, depth, proven, lower, alpha, beta, i, cost_from);
                    self.put_back(ply, order);
                    return (lower, proven);
                }
            }
            self.position.restore(saved.clone());
            order.push((score, i as u8));
        }
        order.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        if self.helper > 0 && ply < 4 && order.len() > 2 {
            let n = order.len() - 1;
            order[1..].rotate_left((self.helper + ply) % n);
        }

        let mut best = -INFINITY;
        let mut best_index = 0;
        let mut best_proven = false;
        let mut all_proven = true;
        let mut a = alpha;
        for &(_, i) in &order {
            self.position.play_unchecked(moves[usize::from(i)]);
            let same = self.position.to_move() == me;
            let (v, proven) = if same {
                self.search(depth - 1, a, beta, ply + 1)
            } else {
                let (v, p) = self.search(depth - 1, -beta, -a, ply + 1);
                (-v, p)
            };
            self.position.restore(saved.clone());
            if self.aborted {
                self.put_back(ply, order);
                return (0, false);
            }
            all_proven &= proven;
            if v > best {
                best = v;
                best_index = usize::from(i);
                best_proven = proven;
            }
            if v >= beta {
                break;
            }
            a = a.max(v);
        }
        let proven = if best >= beta { best_proven } else { all_proven };
        self.remember(key, depth, proven, best, alpha, beta, best_index, cost_from);
        self.put_back(ply, order);
        (best, proven)
    }

    /// Cache a node's result: proven bounds with their cost (the nodes searched since
    /// `cost_from`), others with their depth; during a proof attempt, bounds cut off at the
    /// deepest ply are not cached (they would hold no depth a later search could use).
    #[allow(clippy::too_many_arguments)]
    fn remember(
        &self,
        key: u128,
        depth: u32,
        proven: bool,
        v: i32,
        alpha: i32,
        beta: i32,
        best: usize,
        cost_from: u64,
    ) {
        let (lower, upper) = if v >= beta {
            (v, INFINITY)
        } else if v <= alpha {
            (-INFINITY, v)
        } else {
            (v, v)
        };
        let (lower, upper, best) = (lower as i16, upper as i16, best.min(254) as u8);
        if proven {
            let cost = (self.visited - cost_from).max(1);
            let depth = (u64::BITS - cost.leading_zeros()) as u8;
            self.table.store_proven(key, Entry { lower, upper, depth, best });
        } else if !self.proving {
            let depth = depth.min(u32::from(u8::MAX)) as u8;
            self.table.store_bounded(key, Entry { lower, upper, depth, best });
        }
    }

    fn put_back(&mut self, ply: usize, order: Vec<(i32, u8)>) {
        if self.orders.len() <= ply {
            self.orders.resize_with(ply + 1, Vec::new);
        }
        self.orders[ply] = order;
    }

    /// MTD(f) at one depth from a first guess: the bounds it closes on, each with whether it
    /// is proven. `None` if the search was stopped.
    pub(crate) fn mtdf(&mut self, depth: u32, guess: i32) -> Option<Bounds> {
        let mut b = Bounds { lower: -INFINITY, upper: INFINITY, lower_proven: false, upper_proven: false };
        let mut g = guess;
        while b.lower < b.upper {
            let beta = if g == b.lower { g + 1 } else { g };
            if self.proving && self.helper == 0 {
                self.shared.testing.store(beta, Ordering::Relaxed);
            }
            let (v, proven) = self.search(depth, beta - 1, beta, 0);
            if self.aborted {
                return None;
            }
            if v < beta {
                b.upper = v;
                b.upper_proven = proven;
            } else {
                b.lower = v;
                b.lower_proven = proven;
            }
            if self.helper == 0 {
                self.shared.report((!self.proving).then_some(depth), &b);
            }
            g = v;
        }
        Some(b)
    }

    /// The proven value of the current position, deepening until both bounds are proven;
    /// `None` if the search was stopped or reached the deepest depth allowed.
    pub(crate) fn solve(&mut self, max_depth: u32) -> Option<i32> {
        if self.position.is_over() {
            return Some(self.terminal());
        }
        let mut guess = 0;
        // Helpers of odd number search the depths the main thread skips.
        let mut depth = 1 + (self.helper % 2) as u32;
        while depth <= max_depth {
            let before = self.visited;
            let b = self.mtdf(depth, guess)?;
            if b.lower_proven && b.upper_proven {
                self.flush();
                return Some(b.lower);
            }
            guess = b.lower;
            if depth >= self.proof_after {
                let budget = (self.visited - before).max(PROOF_MIN_NODES);
                if let Some(v) = self.prove(guess, budget)? {
                    self.flush();
                    return Some(v);
                }
            }
            depth += DEPTH_STEP;
        }
        self.flush();
        None
    }

    /// A proof attempt from the estimate `guess`: MTD(f) with no depth (every result it
    /// returns is proven), searching at most `budget` nodes. `Some(Some(v))`: the value is
    /// proven to be `v`; `Some(None)`: the budget ran out (or the deepest ply was reached);
    /// `None`: the search was stopped.
    fn prove(&mut self, guess: i32, budget: u64) -> Option<Option<i32>> {
        self.budget = Some(self.visited + budget);
        self.proving = true;
        if self.helper == 0 {
            self.shared.proof_attempts.fetch_add(1, Ordering::Relaxed);
        }
        let depth = u32::try_from(self.max_ply).unwrap_or(u32::MAX - 1) + 1;
        let result = self.mtdf(depth, guess);
        self.budget = None;
        self.proving = false;
        if self.helper == 0 {
            self.shared.testing.store(INFINITY, Ordering::Relaxed);
        }
        if self.out_of_budget {
            self.out_of_budget = false;
            // The stop flag or the deadline may have come in the same stretch of nodes.
            self.aborted = self.stopped();
            return if self.aborted { None } else { Some(None) };
        }
        let b = result?;
        Some((b.lower_proven && b.upper_proven).then_some(b.lower))
    }
}

/// Where an MTD(f) closed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    pub lower: i32,
    pub upper: i32,
    pub lower_proven: bool,
    pub upper_proven: bool,
}

/// A hasher that folds what it is given with [`mix`].
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.0 = mix(self.0 ^ u64::from_le_bytes(w));
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[inline]
fn mix(x: u64) -> u64 {
    x.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(27)
}

/// MurmurHash3's finaliser: every bit of the input moves every bit of the output.
#[inline]
fn fmix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ x >> 33
}

/// 128 bits from a byte string: two independent passes.
pub(crate) fn fingerprint(bytes: &[u8]) -> u128 {
    let mut a = 0x243f_6a88_85a3_08d3u64;
    let mut b = 0x1319_8a2e_0370_7344u64;
    for chunk in bytes.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        let w = u64::from_le_bytes(w);
        a = mix(a ^ w);
        b = (b ^ w).wrapping_mul(0xc2b2_ae3d_27d4_eb4f).rotate_left(31);
    }
    let n = bytes.len() as u64;
    u128::from(fmix(a ^ n)) << 64 | u128::from(fmix(b.wrapping_add(n)))
}
