//! Endgame databases: the exact value of every position with at most N seeds in play, by
//! retrograde analysis, for any rules whose seeds only leave play (into the stores or off the
//! board) and never come back.
//!
//! **What a position is.** Where seeds never come back into play and nothing else about the
//! game's past matters (no repetition rule, no turn limit, no openings, marks, colours, chosen
//! directions or seeds in hand), the future of a position at the start of a turn depends only
//! on the seeds in the holes and the player to move; the seeds already in the stores only add
//! to the final scores. The database keeps, for each distribution of n ≤ N seeds over the
//! holes and each player to move, the final margin (the mover's score less the opponent's)
//! with perfect play from that position with empty stores; the value of a position of a real
//! game is that margin plus the difference of the stores. Where the game is decided by seeds
//! (every end rule scores, the player with more seeds wins), the margin is the whole value:
//! its sign is the result.
//!
//! **Index.** The distributions of n seeds over h holes are ranked by the combinatorial number
//! system: the counts are a row of n seeds and h − 1 bars, and the bars' places
//! p₀ < p₁ < … < p_{h−2} give the rank Σ C(pᵢ, i + 1), a perfect hash onto
//! 0 … C(n + h − 1, h − 1) − 1. Levels (n = 0, 1, … N) follow one another, each with South to
//! move, then North.
//!
//! **Retrograde analysis.** A decision never puts seeds back into play, so a level's values
//! depend only on its own positions and on lower levels, computed before it. Within a level the
//! positions are solved in parallel (rayon): each thread follows a position's decisions that
//! keep the seeds in play down to positions already solved, and a line that comes back to a
//! position it is solving is a cycle, which the database refuses (it would need the rules'
//! handling of endless play). Every decision of every position is checked as it is played:
//! a decision that brings seeds back into play, or leaves a position the index cannot hold,
//! stops the build with an error that names it.
//!
//! **Memory.** [`Endgame::build`] holds the whole database in memory;
//! [`build_file`](super::slices::build_file) builds it into a file within a memory bound, level
//! by level and slice by slice, reading lower levels back from the file ([`super::slices`]).
//! Both give the same file.
//!
//! **File.** A header (magic, the format version, the rules' model hash, the holes, N, the
//! game's name) and one byte per position. A database is refused for rules with another model
//! hash ([`model_hash`]), and a file holding a position without a value (a build that did not
//! finish) is refused.

use std::fmt;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicI8, AtomicU64, Ordering};

use crate::engine::{MoveList, Phase, Player, Position, Rules, State};
use crate::model::{Blocked, Destination, Ending, FollowUp, Model, Turn};

/// The most seeds in play a database may have (margins are kept in a byte).
pub const MAX_SEEDS: u32 = 120;

/// A value not yet computed.
pub(crate) const UNKNOWN: i8 = i8::MIN;

const MAGIC: &[u8; 8] = b"SOWEGDB\n";
const VERSION: u32 = 1;

/// Why a database cannot be built, read or used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndgameError(pub String);

impl fmt::Display for EndgameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EndgameError {}

pub(crate) fn error(message: impl Into<String>) -> EndgameError {
    EndgameError(message.into())
}

/// A stable 128-bit hash of the rules as played from any position: the model as `sow show`
/// prints it (every rule the engine plays by), without its setup and its parameters' values
/// (which only say how the game starts and how the board was sized — the board itself is in
/// the model). Kalah(6,4) and Kalah(6,5) share their endgames and their hash; Kalah(5,4)
/// does not.
pub fn model_hash(model: &Model) -> u128 {
    let mut bare = model.clone();
    bare.setup.iter_mut().for_each(|c| *c = 0);
    bare.params.clear();
    let text = bare.to_string();
    super::search::fingerprint(text.as_bytes())
}

/// Why these rules cannot have an endgame database, if they cannot: the first property the
/// index or the retrograde analysis needs that the rules lack, said in words.
pub fn unsupported(rules: &Rules) -> Option<String> {
    let model = rules.model();
    let end = &model.end;
    if model.board.side_stores.is_some() {
        return Some("its side stores are sown from again, so seeds come back into play".into());
    }
    if end.gift.is_some() {
        return Some("a player with no seeds is given captured seeds, so seeds come back into play".into());
    }
    if model.hand.iter().any(|&n| n > 0) {
        return Some(
            "the setup puts seeds in the players' hands, which are placed on the board later".into(),
        );
    }
    for capture in &model.captures {
        let back = match capture.destination {
            Destination::Store | Destination::OwnersStore | Destination::OutOfPlay => None,
            Destination::Sow(_) => Some("are sown back onto the board"),
            Destination::Put(_) => Some("are put back into a hole"),
            Destination::Hand => Some("go to the mover's hand, from which they can come back"),
            Destination::OwnersHand => Some("go to a player's hand, from which they can come back"),
        };
        if let Some(back) = back {
            return Some(format!(
                "the seeds of capture `{}` {back}, so seeds come back into play",
                capture.name
            ));
        }
        if capture.follow_ups.iter().any(|f| matches!(f, FollowUp::ExtraHoles { .. })) {
            return Some(format!(
                "capture `{}` takes more holes the more captures the mover has made: a position depends on its past",
                capture.name
            ));
        }
    }
    if model.phases.len() > 1 {
        return Some("it has openings: a position depends on the phase the players are in".into());
    }
    if model.phases.iter().any(|p| p.lasts.is_some() || p.keeps_turn.is_some() || p.drop_capture.is_some()) {
        return Some("its turns depend on how many turns or captures came before".into());
    }
    for phase in &model.phases {
        match &phase.turn {
            Turn::Sow(s) if s.hand_entry || s.hand_sow.is_some() || s.place.is_some() => {
                return Some("its turns place seeds from the hand onto the board".into());
            }
            Turn::Empty { to_hand: true, .. } => {
                return Some("its turns put seeds into the hand, from which they can come back".into());
            }
            Turn::Mark { .. } => return Some("its turns mark holes".into()),
            _ => {}
        }
    }
    if !model.marks.is_empty() {
        return Some("it marks holes: a position depends on its marks as well as its seeds".into());
    }
    if model.colours {
        return Some("its seeds have colours: a position depends on whose seeds each hole holds".into());
    }
    if rules.direction_chosen() != crate::engine::Chosen::Never {
        return Some("a player's chosen direction is part of a position".into());
    }
    if end.repetition.is_some() {
        return Some(
            "it has a repetition rule: a position's value depends on the positions before it".into(),
        );
    }
    if end.turn_limit.is_some() {
        return Some("it has a turn limit: a position's value depends on the turn number".into());
    }
    if end.store_limit.is_some() {
        return Some("a store holding enough seeds ends the game: the value depends on the stores".into());
    }
    if end.rounds.is_some() {
        return Some("it is played in rounds: a new round puts the seeds back on the board".into());
    }
    let scored = matches!(end.no_seeds, None | Some(Ending::Scored))
        && end.blocked == Blocked::Scores
        && end.row_empty.is_none()
        && !end.one_hole
        && !end.passes_draw
        && !end.pass_loses
        && end.end_holes.is_none();
    if !scored {
        return Some(
            "it is not decided by seeds alone (every end rule must end the game with the player with more seeds winning)"
                .into(),
        );
    }
    None
}

/// Binomial coefficients C(a, b) for a ≤ `rows`, b ≤ `cols`.
#[derive(Clone, Debug)]
struct Binomials {
    cols: usize,
    table: Vec<u64>,
}

impl Binomials {
    fn new(rows: usize, cols: usize) -> Binomials {
        let mut table = vec![0u64; (rows + 1) * (cols + 1)];
        for a in 0..=rows {
            for b in 0..=cols.min(a) {
                table[a * (cols + 1) + b] = if b == 0 || b == a {
                    1
                } else {
                    table[(a - 1) * (cols + 1) + b - 1].saturating_add(table[(a - 1) * (cols + 1) + b])
                };
            }
        }
        Binomials { cols, table }
    }

    #[inline]
    fn get(&self, a: usize, b: usize) -> u64 {
        if b > a { 0 } else { self.table[a * (self.cols + 1) + b] }
    }
}

/// The index of an endgame database: distributions of seeds over holes, ranked.
#[derive(Clone, Debug)]
pub struct Index {
    holes: usize,
    max_seeds: u32,
    binomials: Binomials,
}

impl Index {
    /// The index of every distribution of at most `max_seeds` seeds over `holes` holes.
    pub fn new(holes: usize, max_seeds: u32) -> Index {
        let rows = max_seeds as usize + holes + 1;
        Index { holes, max_seeds, binomials: Binomials::new(rows, holes + 1) }
    }

    /// The most seeds in play it holds.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Distributions of exactly `n` seeds.
    pub fn level_size(&self, n: u32) -> u64 {
        self.binomials.get(n as usize + self.holes - 1, self.holes - 1)
    }

    /// The first entry of level `n` (both players to move).
    pub fn level_start(&self, n: u32) -> u64 {
        if n == 0 { 0 } else { 2 * self.binomials.get(n as usize - 1 + self.holes, self.holes) }
    }

    /// Entries in all: two (one per player to move) for every distribution of at most
    /// `max_seeds` seeds.
    pub fn entries(&self) -> u64 {
        self.level_start(self.max_seeds + 1)
    }

    /// The rank of `counts` among the distributions of their total.
    pub fn rank(&self, counts: impl Iterator<Item = u16>) -> u64 {
        let mut rank = 0;
        let mut place = 0usize;
        for (i, c) in counts.take(self.holes - 1).enumerate() {
            place += usize::from(c);
            rank += self.binomials.get(place + i, i + 1);
        }
        rank
    }

    /// The distribution of `n` seeds of rank `rank`, into `out` (one count per hole).
    pub fn unrank(&self, n: u32, mut rank: u64, out: &mut Vec<u16>) {
        out.clear();
        out.resize(self.holes, 0);
        let bars = self.holes - 1;
        let mut places = vec![0usize; bars];
        let mut p = n as usize + bars;
        for i in (0..bars).rev() {
            // The largest place below the last whose coefficient fits in what is left.
            p -= 1;
            while self.binomials.get(p, i + 1) > rank {
                p -= 1;
            }
            rank -= self.binomials.get(p, i + 1);
            places[i] = p;
        }
        let mut before = 0usize;
        for (i, &p) in places.iter().enumerate() {
            let seeds_before_bar = p - i;
            out[i] = (seeds_before_bar - before) as u16;
            before = seeds_before_bar;
        }
        out[self.holes - 1] = (n as usize - before) as u16;
    }
}

/// A database: the final margin, with perfect play, of every position with at most N seeds
/// in play and empty stores, for the player to move.
#[derive(Clone)]
pub struct Endgame {
    hash: u128,
    game: String,
    index: Index,
    values: Vec<i8>,
}

impl fmt::Debug for Endgame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Endgame")
            .field("game", &self.game)
            .field("max_seeds", &self.index.max_seeds)
            .field("entries", &self.values.len())
            .finish()
    }
}

/// How far a build has gone, for a progress display.
#[derive(Debug, Default)]
pub struct BuildProgress {
    /// Positions solved.
    pub done: AtomicU64,
    /// The level (seeds in play) under way.
    pub level: AtomicU64,
    /// The slice of the level under way (from 1), in a build slice by slice.
    pub slice: AtomicU64,
    /// The slices of the level under way (0 in memory).
    pub slices: AtomicU64,
    /// The pass over the level's slices under way (from 1).
    pub pass: AtomicU64,
}

/// Seeds in play: on the board and in hand.
pub(crate) fn in_play(state: &State) -> u32 {
    state.seeds.values().chain(state.hand.values()).map(|&n| u32::from(n)).sum()
}

/// A position the index holds: the start of a turn, nothing in hand.
pub(crate) fn indexable(state: &State) -> bool {
    state.phase() == Phase::Sow && state.hand.values().all(|&n| n == 0) && state.turn_bits == 0
}

fn margin(rules: &Rules, state: &State, me: Player) -> i32 {
    rules.score(state, me) as i32 - rules.score(state, me.other()) as i32
}

fn store_margin(rules: &Rules, state: &State, me: Player) -> i32 {
    rules.store_seeds(state, me) as i32 - rules.store_seeds(state, me.other()) as i32
}

/// What a build holds: the entries `start .. start + slice.len()` in memory, being solved;
/// every other entry it needs read back from a file (`file`), where lower levels are
/// finished and the other slices of the level under way hold what earlier passes solved.
pub(crate) struct Builder<'a> {
    pub(crate) rules: &'a Rules,
    pub(crate) index: &'a Index,
    pub(crate) slice: &'a [AtomicI8],
    pub(crate) start: u64,
    pub(crate) file: Option<&'a super::slices::Reader>,
    pub(crate) progress: &'a BuildProgress,
}

impl Builder<'_> {
    fn describe(&self, state: &State) -> String {
        describe(self.rules, state)
    }

    /// The state of entry `at` of level `n`.
    pub(crate) fn state(&self, n: u32, at: u64) -> Result<State, EndgameError> {
        let local = at - self.index.level_start(n);
        let size = self.index.level_size(n);
        let mover = if local < size { Player::South } else { Player::North };
        let mut counts = Vec::new();
        self.index.unrank(n, local % size, &mut counts);
        self.rules.state_from_counts(&counts, mover).ok_or_else(|| error("too many seeds for a position"))
    }

    /// The value of entry `at`, if known: from memory, or read back from the file.
    fn known(&self, at: u64) -> Result<Option<i8>, EndgameError> {
        let v = match at.checked_sub(self.start).filter(|&i| i < self.slice.len() as u64) {
            Some(i) => self.slice[i as usize].load(Ordering::Relaxed),
            None => match self.file {
                Some(file) => file.get(at)?,
                None => return Err(error("an entry outside the database in memory: a fault in sow")),
            },
        };
        Ok((v != UNKNOWN).then_some(v))
    }

    /// The value of entry `at` (of level `n`), solving it (and the positions of its level it
    /// leads to that the slice in memory holds) if it is not known yet; `None` if it depends
    /// on a position of another slice not solved yet (a later pass solves it). `path`: the
    /// entries this thread is solving.
    pub(crate) fn entry(&self, n: u32, at: u64, path: &mut Vec<u64>) -> Result<Option<i8>, EndgameError> {
        let Some(i) = at.checked_sub(self.start).filter(|&i| i < self.slice.len() as u64) else {
            return self.known(at);
        };
        let known = self.slice[i as usize].load(Ordering::Relaxed);
        if known != UNKNOWN {
            return Ok(Some(known));
        }
        let state = self.state(n, at)?;
        if path.contains(&at) {
            return Err(cycle(n, &self.describe(&state)));
        }
        path.push(at);
        let v = self.solve(n, Position::unsettled(self.rules, state), path);
        path.pop();
        let Some(v) = v? else { return Ok(None) };
        self.slice[i as usize].store(v, Ordering::Relaxed);
        self.progress.done.fetch_add(1, Ordering::Relaxed);
        Ok(Some(v))
    }

    fn solve(
        &self,
        n: u32,
        mut position: Position<'_>,
        path: &mut Vec<u64>,
    ) -> Result<Option<i8>, EndgameError> {
        let me = position.to_move();
        let mut moves = MoveList::new();
        if !position.is_over() {
            position.legal_moves_or_settle(&mut moves);
        }
        if position.is_over() || moves.is_empty() {
            return Ok(Some(margin(self.rules, position.state(), me) as i8));
        }
        let mut best = i32::MIN;
        let mut child_moves = MoveList::new();
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            if !child.is_over() {
                child.legal_moves_or_settle(&mut child_moves);
            }
            let state = child.state();
            let v = if child.is_over() {
                margin(self.rules, state, me)
            } else {
                let m = in_play(state);
                if m > n {
                    return Err(error(format!(
                        "{} from {} brings seeds back into play ({n} in play before, {m} after)",
                        self.rules.move_text(mv),
                        self.describe(position.state())
                    )));
                }
                if !indexable(state) {
                    return Err(error(format!(
                        "{} from {} leaves a position in the middle of a turn or with seeds in hand, which the database cannot hold",
                        self.rules.move_text(mv),
                        self.describe(position.state())
                    )));
                }
                let at = self.index.level_start(m)
                    + if state.to_move() == Player::North { self.index.level_size(m) } else { 0 }
                    + self.index.rank(self.rules.all_holes().map(|h| state.count(h)));
                let future = if m < n {
                    self.known(at)?.ok_or_else(|| {
                        error(format!(
                            "a position with {m} seeds in play not solved before {n}: a fault in sow"
                        ))
                    })?
                } else {
                    let Some(v) = self.entry(n, at, path)? else { return Ok(None) };
                    v
                };
                let future = i32::from(future);
                let future = if state.to_move() == me { future } else { -future };
                store_margin(self.rules, state, me) + future
            };
            best = best.max(v);
        }
        Ok(Some(best as i8))
    }
}

/// A position of the database in words: the counts in board order and the player to move.
pub(crate) fn describe(rules: &Rules, state: &State) -> String {
    let counts: Vec<String> = rules.board_counts(state).iter().map(u16::to_string).collect();
    format!("[{}] with {} to move", counts.join(" "), state.to_move())
}

/// The error of a line of play that comes back to where it was.
pub(crate) fn cycle(n: u32, position: &str) -> EndgameError {
    error(format!(
        "play can go round in a cycle with {n} seeds in play (through {position}): the database needs every line of play to end or lose seeds"
    ))
}

/// The counts of wins, draws and losses (for the player to move) among `values`.
pub(crate) fn tally(values: impl Iterator<Item = i8>, out: &mut [u64; 3]) {
    for v in values {
        out[match v.signum() {
            1 => 0,
            0 => 1,
            _ => 2,
        }] += 1;
    }
}

/// One level of a build, finished: for the progress lines and the summary.
#[derive(Clone, Debug)]
pub struct LevelReport {
    /// Seeds in play.
    pub seeds: u32,
    /// Wins, draws and losses for the player to move (stores empty).
    pub results: [u64; 3],
    /// Slices the level was solved in (1: whole).
    pub slices: u64,
    /// Passes over its slices (1 when whole).
    pub passes: u32,
    /// Wall time of the level.
    pub elapsed: std::time::Duration,
}

impl LevelReport {
    /// Positions of the level.
    pub fn positions(&self) -> u64 {
        self.results.iter().sum()
    }
}

/// A thread pool for a build: deep lines of play recurse, hence the stacks.
pub(crate) fn pool(threads: usize) -> Result<rayon::ThreadPool, EndgameError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .stack_size(256 << 20)
        .build()
        .map_err(|e| error(format!("no thread pool: {e}")))
}

/// Check that a database of `max_seeds` seeds can be built for `rules`; its index.
pub(crate) fn plan(rules: &Rules, max_seeds: u32) -> Result<Index, EndgameError> {
    if let Some(why) = unsupported(rules) {
        return Err(error(format!("no endgame database for {}: {why}", rules.meta().name)));
    }
    if max_seeds > MAX_SEEDS {
        return Err(error(format!("at most {MAX_SEEDS} seeds in play (asked for {max_seeds})")));
    }
    let index = Index::new(rules.holes(), max_seeds);
    let entries = index.entries();
    if entries > 1 << 36 {
        return Err(error(format!("{entries} positions is too many for one database")));
    }
    Ok(index)
}

impl Endgame {
    /// Build the database of every position with at most `max_seeds` seeds in play, on
    /// `threads` threads, in memory. Refused (with the reason) for rules whose seeds can come
    /// back into play or whose positions depend on more than their seeds (see
    /// [`unsupported`]). [`slices::build_file`](super::slices::build_file) builds one into a
    /// file within a memory bound.
    pub fn build(
        rules: &Rules,
        max_seeds: u32,
        threads: usize,
        progress: &BuildProgress,
    ) -> Result<Endgame, EndgameError> {
        Endgame::build_reporting(rules, max_seeds, threads, progress, &mut |_| {})
    }

    /// [`Endgame::build`], telling `on_level` of each level as it is finished.
    pub fn build_reporting(
        rules: &Rules,
        max_seeds: u32,
        threads: usize,
        progress: &BuildProgress,
        on_level: &mut dyn FnMut(&LevelReport),
    ) -> Result<Endgame, EndgameError> {
        let index = plan(rules, max_seeds)?;
        let values: Vec<AtomicI8> = (0..index.entries()).map(|_| AtomicI8::new(UNKNOWN)).collect();
        let pool = pool(threads)?;
        let builder = Builder { rules, index: &index, slice: &values, start: 0, file: None, progress };
        for n in 0..=max_seeds {
            let begun = std::time::Instant::now();
            progress.level.store(u64::from(n), Ordering::Relaxed);
            let (start, end) = (index.level_start(n), index.level_start(n + 1));
            pool.install(|| {
                use rayon::prelude::*;
                (start as usize..end as usize).into_par_iter().with_min_len(256).try_for_each_init(
                    Vec::new,
                    |path, at| match builder.entry(n, at as u64, path)? {
                        Some(_) => Ok(()),
                        None => Err(error("a position left unsolved in memory: a fault in sow")),
                    },
                )
            })?;
            let mut results = [0; 3];
            tally(
                values[start as usize..end as usize].iter().map(|v| v.load(Ordering::Relaxed)),
                &mut results,
            );
            on_level(&LevelReport { seeds: n, results, slices: 1, passes: 1, elapsed: begun.elapsed() });
        }
        let values = values.into_iter().map(AtomicI8::into_inner).collect();
        Ok(Endgame { hash: model_hash(rules.model()), game: game_name(rules), index, values })
    }

    /// The most seeds in play the database covers.
    pub fn max_seeds(&self) -> u32 {
        self.index.max_seeds
    }

    /// Positions in the database.
    pub fn entries(&self) -> usize {
        self.values.len()
    }

    /// The rules it was built for, as its header names them.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The model hash of the rules it was built for.
    pub fn hash(&self) -> u128 {
        self.hash
    }

    /// The final margin with perfect play from the position of `counts` (one per hole, in
    /// board order) with `to_move` to move and empty stores, for the player to move; `None`
    /// beyond the database.
    pub fn margin_of(&self, counts: &[u16], to_move: Player) -> Option<i32> {
        let n: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        if n > self.index.max_seeds || counts.len() != self.index.holes {
            return None;
        }
        let at = self.index.level_start(n)
            + if to_move == Player::North { self.index.level_size(n) } else { 0 }
            + self.index.rank(counts.iter().copied());
        Some(i32::from(self.values[at as usize]))
    }

    /// The final margin (the mover's score less the opponent's at the end) with perfect play
    /// from `state`, if the database covers it: a position at the start of a turn with at
    /// most N seeds in play, the stores counted.
    #[inline]
    pub fn probe(&self, rules: &Rules, state: &State) -> Option<i32> {
        let n = in_play(state);
        if n > self.index.max_seeds || !indexable(state) || state.is_over() {
            return None;
        }
        let me = state.to_move();
        let at = self.index.level_start(n)
            + if me == Player::North { self.index.level_size(n) } else { 0 }
            + self.index.rank(rules.all_holes().map(|h| state.count(h)));
        Some(store_margin(rules, state, me) + i32::from(self.values[at as usize]))
    }

    /// Check that the database belongs to `rules` (the same model hash and board).
    pub fn check(&self, rules: &Rules) -> Result<(), EndgameError> {
        let hash = model_hash(rules.model());
        if hash != self.hash || rules.holes() != self.index.holes {
            return Err(error(format!(
                "the endgame database was built for other rules: {} (model hash {:032x}), not {} (model hash {hash:032x})",
                self.game,
                self.hash,
                game_name(rules)
            )));
        }
        Ok(())
    }

    /// Counts of wins, draws and losses for the player to move among the positions with `n`
    /// seeds in play (both players to move).
    pub fn results(&self, n: u32) -> [u64; 3] {
        let mut out = [0u64; 3];
        let (start, end) = (self.index.level_start(n), self.index.level_start(n + 1));
        tally(self.values[start as usize..end as usize].iter().copied(), &mut out);
        out
    }

    /// Write the database to `path`.
    pub fn save(&self, path: &Path) -> Result<(), EndgameError> {
        let io = |e: std::io::Error| error(format!("cannot write {}: {e}", path.display()));
        let mut file = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
        file.write_all(&header(self.hash, self.index.holes, self.index.max_seeds, &self.game)).map_err(io)?;
        // In pieces: a copy of the whole would double the memory a large database needs.
        let mut bytes = Vec::with_capacity(1 << 20);
        for piece in self.values.chunks(1 << 20) {
            bytes.clear();
            bytes.extend(piece.iter().map(|&v| v as u8));
            file.write_all(&bytes).map_err(io)?;
        }
        file.flush().map_err(io)
    }

    /// Read a database from `path`, and check that it belongs to `rules`.
    pub fn load(path: &Path, rules: &Rules) -> Result<Endgame, EndgameError> {
        Endgame::read(path, Some(rules))
    }

    /// Read a database from `path`, whatever rules it belongs to (see [`Endgame::check`]).
    pub fn open(path: &Path) -> Result<Endgame, EndgameError> {
        Endgame::read(path, None)
    }

    fn read(path: &Path, rules: Option<&Rules>) -> Result<Endgame, EndgameError> {
        let io =
            |e: std::io::Error| error(format!("cannot read the endgame database {}: {e}", path.display()));
        let not = || error(format!("{} is not an endgame database of sow (or is cut short)", path.display()));
        let file = std::fs::File::open(path).map_err(io)?;
        if !file.metadata().map_err(io)?.is_file() {
            return Err(error(format!("{} is not a regular file", path.display())));
        }
        let mut file = std::io::BufReader::new(file);
        let mut magic = [0u8; 8];
        file.read_exact(&mut magic).map_err(|_| not())?;
        if &magic != MAGIC {
            return Err(not());
        }
        let mut word = [0u8; 4];
        let mut read_u32 = |file: &mut std::io::BufReader<std::fs::File>| -> Result<u32, EndgameError> {
            file.read_exact(&mut word).map_err(|_| not())?;
            Ok(u32::from_le_bytes(word))
        };
        let version = read_u32(&mut file)?;
        if version != VERSION {
            return Err(error(format!(
                "{} is an endgame database of format {version}; this sow reads format {VERSION}",
                path.display()
            )));
        }
        let mut hash = [0u8; 16];
        file.read_exact(&mut hash).map_err(|_| not())?;
        let hash = u128::from_le_bytes(hash);
        let holes = read_u32(&mut file)? as usize;
        let max_seeds = read_u32(&mut file)?;
        let name_len = read_u32(&mut file)? as usize;
        if name_len > 4096 || holes == 0 || holes > crate::model::MAX_HOLES || max_seeds > MAX_SEEDS {
            return Err(not());
        }
        let mut name = vec![0u8; name_len];
        file.read_exact(&mut name).map_err(|_| not())?;
        let game = String::from_utf8_lossy(&name).into_owned();
        let index = Index::new(holes, max_seeds);
        let db = Endgame { hash, game, index, values: Vec::new() };
        if let Some(rules) = rules {
            db.check(rules)?;
        }
        let entries = db.index.entries() as usize;
        let mut bytes = Vec::with_capacity(entries + 1);
        file.take(entries as u64 + 1).read_to_end(&mut bytes).map_err(io)?;
        if bytes.len() != entries {
            return Err(not());
        }
        // A position not solved: the file of a build stopped half-way.
        if bytes.contains(&(UNKNOWN as u8)) {
            return Err(error(format!(
                "{} is an endgame database whose build did not finish (positions without a value): build it again",
                path.display()
            )));
        }
        Ok(Endgame { values: bytes.into_iter().map(|b| b as i8).collect(), ..db })
    }
}

/// A database file's header: magic, format version, model hash, holes, N, the game's name;
/// the values follow, one byte per entry in index order.
pub(crate) fn header(hash: u128, holes: usize, max_seeds: u32, game: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(40 + game.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&hash.to_le_bytes());
    out.extend_from_slice(&(holes as u32).to_le_bytes());
    out.extend_from_slice(&max_seeds.to_le_bytes());
    out.extend_from_slice(&(game.len() as u32).to_le_bytes());
    out.extend_from_slice(game.as_bytes());
    out
}

/// The rules' name as a database's header keeps it: the game, ruleset and parameters.
pub(crate) fn game_name(rules: &Rules) -> String {
    let meta = rules.meta();
    let mut name = meta.name.clone();
    if let Some(r) = &meta.ruleset {
        name.push_str(&format!(" (ruleset {r})"));
    }
    let params: Vec<String> = rules.params().iter().map(|p| format!("{}={}", p.name, p.value)).collect();
    if !params.is_empty() {
        name.push_str(&format!(" [{}]", params.join(", ")));
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_perfect_hash() {
        for holes in 1..=5 {
            let index = Index::new(holes, 6);
            let mut seen = vec![false; index.entries() as usize];
            let mut counts = Vec::new();
            for n in 0..=6 {
                for r in 0..index.level_size(n) {
                    index.unrank(n, r, &mut counts);
                    assert_eq!(counts.iter().map(|&c| u32::from(c)).sum::<u32>(), n);
                    assert_eq!(index.rank(counts.iter().copied()), r, "{holes} holes {counts:?}");
                    let at = (index.level_start(n) + r) as usize;
                    assert!(!seen[at]);
                    seen[at] = true;
                }
                assert_eq!(index.level_start(n + 1) - index.level_start(n), 2 * index.level_size(n));
            }
        }
        // Distributions of at most 6 seeds over 3 holes: C(9, 3) = 84, twice.
        assert_eq!(Index::new(3, 6).entries(), 168);
    }
}
