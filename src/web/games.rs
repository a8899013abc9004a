//! The games being played: each behind its own lock, in a table that forgets idle ones and,
//! when the games would take more memory than allowed, the least recently used ones.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::Rules;
use crate::ai::{Rng, Stop};
use crate::engine::{ByPlayer, DetachedGame, Game, Move, State, Turn};
use crate::session::Controller;

use super::api::ApiError;
use super::view::Catalogue;
use super::{Config, Limits};

/// One game and everything around it.
pub(crate) struct Session {
    /// The rules it is played on.
    pub rules: Arc<Rules>,
    /// The game, away from its rules between requests (see [`Session::read`]).
    game: Option<DetachedGame>,
    /// Who plays, and the rest that describes the game.
    pub info: Info,
    /// Counts the changes to the game: a search's decision is played only on the position it
    /// searched.
    version: u64,
    /// The search under way for this game (its computer player's, or a hint), if any.
    search: Option<Stop>,
}

/// What describes a game besides its position.
pub(crate) struct Info {
    /// The game's id.
    pub id: String,
    /// The name of its rules file, as the catalogue gives it (and its record's `Rules` tag).
    pub source: String,
    /// Who plays each side.
    pub controllers: ByPlayer<Controller>,
    /// Teams' names, taking their side's turns in order.
    pub teams: ByPlayer<Vec<String>>,
    /// The seed of the computer players and hints.
    pub seed: u64,
}

/// What a game is estimated to take besides its turns: the session, its entry in the table,
/// its history's first allocation (16 KiB in all), and its compiled rules with the general
/// interpreter's twin that showing a sowing builds (at most 81 KiB on every bundled file at
/// its largest board, Ikibuguzo's: `tests/alloc.rs` measures it).
pub const GAME_BYTES: usize = 100 * 1024;

impl Session {
    pub fn new(rules: Rules, game: DetachedGame, info: Info) -> Session {
        Session { rules: Arc::new(rules), game: Some(game), info, version: 0, search: None }
    }

    /// Run `f` on the game (and what describes it), putting it back afterwards.
    fn with_game<T>(&mut self, f: impl FnOnce(&mut Game<'_>, &Info) -> T) -> Result<T, ApiError> {
        let detached =
            self.game.take().ok_or_else(|| ApiError::internal("this game was lost to an earlier failure"))?;
        let mut game = detached.attach(&self.rules);
        let out = f(&mut game, &self.info);
        self.game = Some(game.detach());
        Ok(out)
    }

    /// What `f` makes of the game, without changing it.
    pub fn read<T>(&mut self, f: impl FnOnce(&Game<'_>, &Info) -> T) -> Result<T, ApiError> {
        self.with_game(|game, info| f(game, info))
    }

    /// Change the game with `f`. If `f` succeeds (it must leave the game as it was when it
    /// fails), the game counts as changed: a search under way on it is cancelled.
    pub fn change<T>(
        &mut self,
        f: impl FnOnce(&mut Game<'_>, &Info) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let out = self.with_game(f)??;
        self.version += 1;
        if let Some(stop) = self.search.take() {
            stop.cancel();
        }
        Ok(out)
    }

    /// The game's version: see [`Session::change`].
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The memory the game is estimated to take.
    pub fn size(&mut self) -> usize {
        let names: usize = self.info.teams.values().flatten().map(|n| n.len() + 24).sum();
        let fixed = GAME_BYTES + names + self.info.source.len() + self.info.id.len();
        self.read(|game, _| fixed + turns_size(game.turns())).unwrap_or(fixed)
    }

    /// Mark a search as under way on this game, unless one is already; its stop.
    pub fn begin_search(&mut self, store: &Store) -> Result<(Stop, OwnedSemaphorePermit), ApiError> {
        if self.search.is_some() {
            return Err(ApiError::thinking());
        }
        if store.closing.load(Ordering::SeqCst) {
            return Err(ApiError::stopping());
        }
        let permit =
            store.searches.clone().try_acquire_owned().map_err(|_| ApiError::busy(store.limits()))?;
        let stop = Stop::new().with_deadline(Instant::now() + store.limits().max_think);
        self.search = Some(stop.clone());
        Ok((stop, permit))
    }

    /// The search with `stop` is over (if it is still the one under way).
    pub fn end_search(&mut self, stop: &Stop) {
        if self.search.as_ref().is_some_and(|s| s.same(stop)) {
            self.search = None;
        }
    }

    /// Cancel the search under way, if any.
    fn cancel_search(&mut self) {
        if let Some(stop) = self.search.take() {
            stop.cancel();
        }
    }
}

/// What the turns of a game take: a position and a turn each, and the decisions.
fn turns_size(turns: &[Turn]) -> usize {
    let decisions: usize = turns.iter().map(|t| t.moves.len()).sum();
    (turns.len() + 1) * (std::mem::size_of::<State>() + std::mem::size_of::<Turn>())
        + decisions * (std::mem::size_of::<Move>() + std::mem::size_of::<u64>())
}

/// A session, locked only while a request reads or changes it (never while a computer
/// thinks: a search works on a copy of the position).
pub(crate) type Shared = Arc<Mutex<Session>>;

/// The session, usable even if a panic elsewhere left its lock poisoned (its game is then
/// missing, which every request reports).
pub(crate) fn lock(shared: &Shared) -> MutexGuard<'_, Session> {
    shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

struct Entry {
    session: Shared,
    touched: Instant,
    /// The estimated memory of the game.
    size: usize,
}

impl Entry {
    /// Whether a request holds the game (a search under way holds it too).
    fn in_use(&self) -> bool {
        Arc::strong_count(&self.session) > 1
    }
}

/// The table of games.
pub struct Store {
    games: Mutex<Table>,
    pub(crate) config: Config,
    pub(crate) catalogue: Catalogue,
    /// A permit for each search that may run at once.
    searches: Arc<Semaphore>,
    /// Set when the server stops: no search starts after it.
    closing: AtomicBool,
}

struct Table {
    entries: HashMap<String, Entry>,
    /// The sum of the entries' sizes.
    total: usize,
    rng: Rng,
}

impl Table {
    /// Forget the least recently used game that no request is using (other than `keep`);
    /// false if every game is in use.
    fn forget_oldest(&mut self, keep: Option<&str>) -> bool {
        let oldest = self
            .entries
            .iter()
            .filter(|(id, e)| !e.in_use() && Some(id.as_str()) != keep)
            .min_by_key(|(_, e)| e.touched)
            .map(|(id, _)| id.clone());
        match oldest {
            Some(id) => {
                self.remove(&id);
                true
            }
            None => false,
        }
    }

    fn remove(&mut self, id: &str) -> Option<Entry> {
        let entry = self.entries.remove(id)?;
        self.total -= entry.size;
        Some(entry)
    }
}

/// What the server holds at a moment, for `GET /api/status`.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Status {
    pub games: usize,
    /// Bytes the games are estimated to take.
    pub memory: usize,
    /// Searches running (cancelled ones count until they notice).
    pub searches: usize,
    pub max_games: usize,
    pub max_memory: usize,
    pub max_searches: usize,
    pub max_turns: usize,
    pub max_think_ms: u128,
    pub max_depth: u32,
    pub max_playouts: u32,
}

impl Store {
    pub(crate) fn new(config: Config, catalogue: Catalogue) -> Store {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        let table = Table { entries: HashMap::new(), total: 0, rng: crate::ai::rng(seed) };
        let searches = Arc::new(Semaphore::new(config.limits.max_searches.max(1)));
        Store { games: Mutex::new(table), config, catalogue, searches, closing: AtomicBool::new(false) }
    }

    /// The table; a panic elsewhere while it was held leaves it usable.
    fn table(&self) -> MutexGuard<'_, Table> {
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.config.limits
    }

    /// A fresh seed for computer players.
    pub(crate) fn seed(&self) -> u64 {
        use rand_core::Rng as _;
        self.table().rng.next_u64()
    }

    /// Add a game; its id is set here. Room is made by forgetting the least recently used
    /// games no request is using; if every game is in use, the game is refused.
    pub(crate) fn insert(&self, mut session: Session) -> Result<Shared, ApiError> {
        use rand_core::Rng as _;
        let size = session.size();
        let limits = self.limits();
        let mut table = self.table();
        while table.entries.len() >= limits.max_games.max(1) || table.total + size > limits.max_memory {
            if !table.forget_oldest(None) {
                return Err(ApiError::full(table.entries.len(), table.total, limits));
            }
        }
        let id = loop {
            let id = format!("{:016x}", table.rng.next_u64());
            if !table.entries.contains_key(&id) {
                break id;
            }
        };
        session.info.id = id.clone();
        let shared = Arc::new(Mutex::new(session));
        table.total += size;
        table.entries.insert(id, Entry { session: shared.clone(), touched: Instant::now(), size });
        Ok(shared)
    }

    /// The game `id` now takes `size` bytes; forget the least recently used other games if
    /// the games take too much.
    pub(crate) fn resize(&self, id: &str, size: usize) {
        let mut table = self.table();
        let Some(entry) = table.entries.get_mut(id) else { return };
        let old = std::mem::replace(&mut entry.size, size);
        table.total = table.total - old + size;
        while table.total > self.limits().max_memory && table.forget_oldest(Some(id)) {}
    }

    /// A game by id, marked as used now.
    pub(crate) fn get(&self, id: &str) -> Result<Shared, ApiError> {
        let mut table = self.table();
        let entry = table.entries.get_mut(id).ok_or_else(|| ApiError::no_game(id))?;
        entry.touched = Instant::now();
        Ok(entry.session.clone())
    }

    /// Forget a game, cancelling its search; false if there was none.
    pub(crate) fn remove(&self, id: &str) -> bool {
        let entry = self.table().remove(id);
        match entry {
            Some(entry) => {
                lock(&entry.session).cancel_search();
                true
            }
            None => false,
        }
    }

    /// Whether the server is stopping.
    pub(crate) fn is_closing(&self) -> bool {
        self.closing.load(Ordering::SeqCst)
    }

    /// Refuse new searches and cancel those under way: the server stops.
    pub(crate) fn stop_all(&self) {
        self.closing.store(true, Ordering::SeqCst);
        let sessions: Vec<Shared> = self.table().entries.values().map(|e| e.session.clone()).collect();
        for session in sessions {
            lock(&session).cancel_search();
        }
    }

    /// What the server holds now.
    pub(crate) fn status(&self) -> Status {
        let limits = self.limits();
        let (games, memory) = {
            let table = self.table();
            (table.entries.len(), table.total)
        };
        let searches = limits.max_searches.max(1) - self.searches.available_permits();
        Status {
            games,
            memory,
            searches,
            max_games: limits.max_games,
            max_memory: limits.max_memory,
            max_searches: limits.max_searches,
            max_turns: limits.max_turns,
            max_think_ms: limits.max_think.as_millis(),
            max_depth: limits.max_depth,
            max_playouts: limits.max_playouts,
        }
    }
}

/// Forget the games idle for longer than `idle` that no request is using.
fn sweep(table: &mut Table, idle: Duration) {
    let old: Vec<String> = table
        .entries
        .iter()
        .filter(|(_, e)| e.touched.elapsed() >= idle && !e.in_use())
        .map(|(id, _)| id.clone())
        .collect();
    for id in old {
        table.remove(&id);
    }
}

/// Forget idle games every so often, for as long as the server runs.
pub(crate) async fn sweep_idle(store: Arc<Store>) {
    let every = (store.config.idle / 4).clamp(Duration::from_millis(100), Duration::from_secs(60));
    let mut ticks = tokio::time::interval(every);
    loop {
        ticks.tick().await;
        sweep(&mut store.table(), store.config.idle);
    }
}
