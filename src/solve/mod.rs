//! Solving games from their rules: the game-theoretic value of a position with perfect play
//! by both sides, for any rules file.
//!
//! [`solve`] runs iterative-deepening MTD(f) over zero-window alpha-beta ([`search`]) on the
//! engine's [`Position`] API, with a lock-free transposition table bounded by a memory budget
//! ([`table`]), enhanced transposition cut-offs, and move ordering (the table's best decision
//! first, then extra moves, then decisions by the score difference they leave). Several
//! threads search the same root and share the table (lazy SMP); the values of the first
//! decisions are then solved one decision per thread.
//!
//! A [`Value`] orders results first by win, draw or loss, then by the margin: the final
//! difference of scores (seeds on each side, in hand and in store), so that a win by
//! more seeds is better than one by fewer, and a loss by fewer better than one by more.
//!
//! **Keys and repetition.** Without a repetition rule, a position's future depends only on
//! the position: the table key is the engine's search key (counts, player to move, phase of
//! the turn, seeds in hand, captures made, and the turn number only where a turn limit makes
//! it matter) with an independent hash of the counts, 128 bits in all. Where the rules have a
//! repetition rule, the value of a position depends on the positions before it that it could
//! still repeat; there the key is a 128-bit fingerprint of the engine's exact position key
//! ([`DetachedPosition::key`](crate::engine::DetachedPosition::key)), which holds those
//! earlier positions (since seeds last left the board), so that two positions share an entry
//! only if their futures, repetitions included, are the same. A repetition draw is then a
//! value like any other end of the game.

pub mod endgame;
pub mod perfect;
pub mod search;
pub mod slices;
pub mod table;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::engine::{Move, MoveList, Position};

use endgame::Endgame;
use search::Searcher;
use table::Table;

/// Larger than any value.
pub const INFINITY: i32 = 30_000;

/// The weight of a win over a draw over a loss in a [`Value`]: more than any margin.
const CLASS: i32 = 4_096;

/// The value of a position for the player to move: a win, draw or loss, and the margin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value(pub i32);

impl Value {
    /// A value from its class (1 a win, 0 a draw, −1 a loss) and the final margin of scores.
    pub fn new(class: i32, margin: i32) -> Value {
        Value(class * CLASS + margin.clamp(-(CLASS / 2 - 1), CLASS / 2 - 1))
    }

    /// 1 for a win, 0 a draw, −1 a loss.
    pub fn class(self) -> i32 {
        (self.0 + CLASS / 2).div_euclid(CLASS)
    }

    /// The final difference of scores (the mover's less the opponent's).
    pub fn margin(self) -> i32 {
        self.0 - self.class() * CLASS
    }

    /// The same result seen by the other player.
    pub fn flip(self) -> Value {
        Value(-self.0)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.margin();
        let seeds = |n: i32| if n.abs() == 1 { "1 seed".to_string() } else { format!("{} seeds", n.abs()) };
        match self.class() {
            1 if m > 0 => write!(f, "win by {}", seeds(m)),
            1 if m == 0 => write!(f, "win"),
            1 => write!(f, "win (margin {m})"),
            -1 if m < 0 => write!(f, "loss by {}", seeds(m)),
            -1 if m == 0 => write!(f, "loss"),
            -1 => write!(f, "loss (margin {m})"),
            _ if m == 0 => write!(f, "draw"),
            _ => write!(f, "draw (margin {m})"),
        }
    }
}

/// What the threads of a solve share: the stop flag and the progress figures.
#[derive(Debug, Default)]
pub struct Shared {
    /// Set to stop the search (Ctrl-C, a budget).
    pub stop: AtomicBool,
    /// Nodes searched so far.
    pub nodes: AtomicU64,
    /// Positions found in the endgame database.
    pub endgame_hits: AtomicU64,
    /// The depth of the main thread's iteration.
    pub depth: AtomicU32,
    /// The bounds of the main thread's last MTD(f) pass.
    pub lower: AtomicI32,
    /// See `lower`.
    pub upper: AtomicI32,
    /// The best proven bounds of the root so far.
    pub proven_lower: AtomicI32,
    /// See `proven_lower`.
    pub proven_upper: AtomicI32,
    /// Proof attempts begun by the main thread.
    pub proof_attempts: AtomicU64,
    /// While the main thread's proof attempt runs, the bound it is testing (whether the value
    /// is at least this); [`INFINITY`] otherwise.
    pub testing: AtomicI32,
}

impl Shared {
    /// A fresh start: no nodes, nothing proven.
    pub fn new() -> Shared {
        let shared = Shared::default();
        shared.proven_lower.store(-INFINITY, Ordering::Relaxed);
        shared.proven_upper.store(INFINITY, Ordering::Relaxed);
        shared.testing.store(INFINITY, Ordering::Relaxed);
        shared
    }

    /// Record the bounds of a pass of MTD(f): the iteration's depth and bounds (`None`: a
    /// proof attempt's, which leave those of the last iteration), and the proven ones.
    fn report(&self, depth: Option<u32>, b: &search::Bounds) {
        if let Some(depth) = depth {
            self.depth.store(depth, Ordering::Relaxed);
            self.lower.store(b.lower, Ordering::Relaxed);
            self.upper.store(b.upper, Ordering::Relaxed);
        }
        if b.lower_proven {
            self.proven_lower.fetch_max(b.lower, Ordering::Relaxed);
        }
        if b.upper_proven {
            self.proven_upper.fetch_min(b.upper, Ordering::Relaxed);
        }
    }

    /// The root's proven bounds so far: what is known for sure when a solve is stopped.
    pub fn proven(&self) -> (i32, i32) {
        (self.proven_lower.load(Ordering::Relaxed), self.proven_upper.load(Ordering::Relaxed))
    }
}

/// How to solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Search threads.
    pub threads: usize,
    /// Bytes for the transposition table.
    pub memory: usize,
    /// Solve every first decision too (and give a principal variation).
    pub moves: bool,
    /// The deepest iteration (plies), a guard for games whose lines never end.
    pub max_depth: u32,
    /// An endgame database of these rules: the positions it covers are not searched.
    pub endgame: Option<Arc<Endgame>>,
    /// Proof attempts (searches with no depth, from the estimate of the iteration before)
    /// follow every iteration from this depth on (`u32::MAX`: never).
    pub proof_after: u32,
}

/// The depth of the first iteration a proof attempt follows, unless told otherwise.
pub const PROOF_AFTER: u32 = 13;

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            threads: 1,
            memory: 64 << 20,
            moves: true,
            max_depth: 1_000,
            endgame: None,
            proof_after: PROOF_AFTER,
        }
    }
}

/// A solved (or partly solved) position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The value for the player to move, if proven (`None`: stopped first).
    pub value: Option<Value>,
    /// Every first decision and its value for the player to move before it, best first.
    pub moves: Vec<(Move, Value)>,
    /// A principal variation: perfect play from the position, to the end or as far as it
    /// was followed.
    pub pv: Vec<Move>,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// The table's size in bytes, its entries, and those in use.
    pub table_bytes: usize,
    /// Entries the table can hold.
    pub table_entries: usize,
    /// Entries used at the end: proven ones and depth-bounded ones.
    pub table_used: (usize, usize),
    /// Table lookups, and lookups that found their position.
    pub probes: (u64, u64),
    /// Positions whose value the endgame database gave.
    pub endgame_hits: u64,
}

/// A solver that keeps its transposition table from one position to the next, for many
/// solves of positions of one game (the positions of games being analysed): what one solve
/// proves, the next finds in the table. One search thread.
pub struct Solver {
    table: Table,
    options: SolveOptions,
}

impl Solver {
    /// A solver with a table of `options.memory` bytes.
    pub fn new(options: SolveOptions) -> Solver {
        Solver { table: Table::new(options.memory), options }
    }

    /// The value of `position` for the player to move; `None` if `shared.stop` was set or
    /// `deadline` passed first.
    pub fn value(
        &self,
        position: &Position<'_>,
        shared: &Shared,
        deadline: Option<Instant>,
    ) -> Option<Value> {
        let max_ply = self.options.max_depth as usize + 8;
        let mut searcher =
            Searcher::new(position.clone(), &self.table, shared, 0, max_ply, self.options.endgame.as_deref())
                .with_proof_after(self.options.proof_after)
                .with_deadline(deadline);
        let v = searcher.solve(self.options.max_depth).map(Value);
        searcher.flush();
        v
    }

    /// The value of each of `moves` (decisions legal at `position`) for the player to move
    /// at `position`, in the order of `moves`; `None` if one was not solved in time.
    pub fn decisions(
        &self,
        position: &Position<'_>,
        moves: &MoveList,
        shared: &Shared,
        deadline: Option<Instant>,
    ) -> Option<Vec<Value>> {
        let me = position.to_move();
        moves
            .iter()
            .map(|&mv| {
                let mut child = position.clone();
                child.play_unchecked(mv);
                let v = self.value(&child, shared, deadline)?;
                Some(if child.to_move() == me { v } else { v.flip() })
            })
            .collect()
    }

    /// Table lookups and hits so far.
    pub fn hit_rate(&self) -> (u64, u64) {
        self.table.hit_rate()
    }
}

/// The longest principal variation followed.
const PV_LIMIT: usize = 400;

/// Solve `position`: its value for the player to move with perfect play, and (with
/// [`SolveOptions::moves`]) the value of every first decision and a principal variation.
/// Stops early, with `value: None`, when `shared.stop` is set; [`Shared::proven`] then has
/// the bounds proven so far.
pub fn solve(position: &Position<'_>, options: &SolveOptions, shared: &Shared) -> Solution {
    let start = Instant::now();
    let table = Table::new(options.memory);
    let threads = options.threads.max(1);
    let max_ply = options.max_depth as usize + 8;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(256 << 20)
        .build()
        .expect("a thread pool");

    let (value, stopped_before) = pool.scope(|scope| {
        for helper in 1..threads {
            let (table, position, endgame) = (&table, position.clone(), options.endgame.as_deref());
            scope.spawn(move |_| {
                // A helper fills the table until the main thread is done.
                let mut searcher = Searcher::new(position, table, shared, helper, max_ply, endgame)
                    .with_proof_after(options.proof_after);
                searcher.solve(options.max_depth);
            });
        }
        let mut main =
            Searcher::new(position.clone(), &table, shared, 0, max_ply, options.endgame.as_deref())
                .with_proof_after(options.proof_after);
        let value = main.solve(options.max_depth);
        main.flush();
        // Helpers stop with the main thread.
        (value, shared.stop.swap(true, Ordering::Relaxed))
    });
    // The stop flag stays set only if someone else set it (Ctrl-C).
    shared.stop.store(stopped_before, Ordering::Relaxed);
    let value = value.map(Value);

    let mut moves_out = Vec::new();
    let mut pv = Vec::new();
    if let (Some(v), true) = (value, options.moves) {
        let mut moves = MoveList::new();
        let mut root = position.clone();
        root.legal_moves_or_settle(&mut moves);
        let me = root.to_move();
        let values: Vec<Option<Value>> = pool.install(|| {
            use rayon::prelude::*;
            moves
                .as_slice()
                .par_iter()
                .map(|&mv| {
                    let mut child = root.clone();
                    child.play_unchecked(mv);
                    let same = child.to_move() == me;
                    let mut searcher =
                        Searcher::new(child, &table, shared, 0, max_ply, options.endgame.as_deref())
                            .with_proof_after(options.proof_after);
                    let v = searcher.solve(options.max_depth).map(Value);
                    searcher.flush();
                    v.map(|v| if same { v } else { v.flip() })
                })
                .collect()
        });
        if values.iter().all(Option::is_some) {
            moves_out = moves.iter().zip(values).map(|(&m, v)| (m, v.unwrap())).collect();
            moves_out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            pv = pool.install(|| principal_variation(&root, v, &table, shared, options));
        }
    }
    let (probes, hits) = table.hit_rate();
    Solution {
        value,
        moves: moves_out,
        pv,
        nodes: shared.nodes.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
        table_bytes: table.bytes(),
        table_entries: table.capacity(),
        table_used: table.used(),
        probes: (probes, hits),
        endgame_hits: shared.endgame_hits.load(Ordering::Relaxed),
    }
}

/// Perfect play from `root`, whose value is `value`: at each position, the first decision
/// (in the table's order) whose solved value is the position's.
fn principal_variation(
    root: &Position<'_>,
    mut value: Value,
    table: &Table,
    shared: &Shared,
    options: &SolveOptions,
) -> Vec<Move> {
    let max_ply = options.max_depth as usize + 8;
    let mut position = root.clone();
    let mut line = Vec::new();
    let mut moves = MoveList::new();
    while line.len() < PV_LIMIT {
        position.legal_moves_or_settle(&mut moves);
        if moves.is_empty() {
            break;
        }
        let me = position.to_move();
        let mut next = None;
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let same = child.to_move() == me;
            let mut searcher =
                Searcher::new(child.clone(), table, shared, 0, max_ply, options.endgame.as_deref())
                    .with_proof_after(options.proof_after);
            let Some(v) = searcher.solve(options.max_depth).map(Value) else { return line };
            searcher.flush();
            let v = if same { v } else { v.flip() };
            if v == value {
                next = Some((mv, child, if same { v } else { v.flip() }));
                break;
            }
        }
        let Some((mv, child, v)) = next else { break };
        line.push(mv);
        position = child;
        value = v;
    }
    line
}

/// Parse a memory size: a number of bytes with an optional unit (`K`, `M`, `G`, `KiB`,
/// `MiB`, `GiB`; `KB`, `MB`, `GB` are taken as powers of 1024 too).
pub fn parse_memory(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let number: f64 =
        number.parse().map_err(|_| format!("`{text}` is not a size (give e.g. 512M, 2G or 1GiB)"))?;
    let scale: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        other => return Err(format!("unknown unit `{other}` in `{text}` (use K, M or G)")),
    };
    let bytes = number * scale;
    if bytes < 1024.0 {
        return Err(format!("`{text}` is too small for a table (give at least 1K)"));
    }
    Ok(bytes as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_order_and_read() {
        let win3 = Value::new(1, 3);
        let win_rule = Value::new(1, -2);
        let draw = Value::new(0, 0);
        let loss1 = Value::new(-1, -1);
        assert!(win3 > win_rule && win_rule > draw && draw > loss1);
        assert_eq!((win3.class(), win3.margin()), (1, 3));
        assert_eq!((win_rule.class(), win_rule.margin()), (1, -2));
        assert_eq!((loss1.class(), loss1.margin()), (-1, -1));
        assert_eq!(win3.flip(), Value::new(-1, -3));
        assert_eq!(win3.to_string(), "win by 3 seeds");
        assert_eq!(loss1.to_string(), "loss by 1 seed");
        assert_eq!(draw.to_string(), "draw");
    }

    #[test]
    fn memory_sizes() {
        assert_eq!(parse_memory("2G"), Ok(2 << 30));
        assert_eq!(parse_memory("512MiB"), Ok(512 << 20));
        assert_eq!(parse_memory("1.5k"), Ok(1536));
        assert!(parse_memory("lots").is_err());
        assert!(parse_memory("3T").is_err());
        assert!(parse_memory("10").is_err());
    }
}
