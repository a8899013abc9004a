//! The games being played: each behind its own lock, in a table that forgets idle ones.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::Rules;
use crate::ai::Rng;
use crate::engine::{ByPlayer, DetachedGame, Game};
use crate::session::Controller;

use super::Config;
use super::api::ApiError;
use super::view::Catalogue;

/// One game and everything around it.
pub(crate) struct Session {
    /// The rules it is played on.
    pub rules: Rules,
    /// The game, away from its rules between requests (see [`Session::with_game`]).
    game: Option<DetachedGame>,
    /// Who plays, and the rest that describes the game.
    pub info: Info,
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

impl Session {
    pub fn new(rules: Rules, game: DetachedGame, info: Info) -> Session {
        Session { rules, game: Some(game), info }
    }

    /// Run `f` on the game (and what describes it), putting it back afterwards.
    pub fn with_game<T>(&mut self, f: impl FnOnce(&mut Game<'_>, &Info) -> T) -> Result<T, ApiError> {
        let detached =
            self.game.take().ok_or_else(|| ApiError::internal("this game was lost to an earlier failure"))?;
        let mut game = detached.attach(&self.rules);
        let out = f(&mut game, &self.info);
        self.game = Some(game.detach());
        Ok(out)
    }
}

/// A session, locked only while a request uses it (an async lock: a request waiting for a
/// game whose computer is thinking holds up no thread).
pub(crate) type Shared = Arc<tokio::sync::Mutex<Session>>;

struct Entry {
    session: Shared,
    touched: Instant,
}

/// The table of games.
pub struct Store {
    games: Mutex<Table>,
    pub(crate) config: Config,
    pub(crate) catalogue: Catalogue,
}

struct Table {
    entries: HashMap<String, Entry>,
    rng: Rng,
}

impl Store {
    pub(crate) fn new(config: Config, catalogue: Catalogue) -> Store {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        let table = Table { entries: HashMap::new(), rng: crate::ai::rng(seed) };
        Store { games: Mutex::new(table), config, catalogue }
    }

    /// The table; a panic elsewhere while it was held leaves it usable.
    fn table(&self) -> MutexGuard<'_, Table> {
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A fresh seed for computer players.
    pub(crate) fn seed(&self) -> u64 {
        use rand_core::Rng as _;
        self.table().rng.next_u64()
    }

    /// Add a game; its id is set here.
    pub(crate) fn insert(&self, mut session: Session) -> Result<Shared, ApiError> {
        use rand_core::Rng as _;
        let mut table = self.table();
        if table.entries.len() >= self.config.max_games {
            sweep(&mut table, self.config.idle);
        }
        if table.entries.len() >= self.config.max_games {
            return Err(ApiError::too_many(self.config.max_games));
        }
        let id = loop {
            let id = format!("{:016x}", table.rng.next_u64());
            if !table.entries.contains_key(&id) {
                break id;
            }
        };
        session.info.id = id.clone();
        let shared = Arc::new(tokio::sync::Mutex::new(session));
        table.entries.insert(id, Entry { session: shared.clone(), touched: Instant::now() });
        Ok(shared)
    }

    /// A game by id, marked as used now.
    pub(crate) fn get(&self, id: &str) -> Result<Shared, ApiError> {
        let mut table = self.table();
        let entry = table.entries.get_mut(id).ok_or_else(|| ApiError::no_game(id))?;
        entry.touched = Instant::now();
        Ok(entry.session.clone())
    }

    /// Forget a game; false if there was none.
    pub(crate) fn remove(&self, id: &str) -> bool {
        self.table().entries.remove(id).is_some()
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        self.table().entries.len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Forget the games idle for longer than `idle` that no request is using.
fn sweep(table: &mut Table, idle: Duration) {
    table.entries.retain(|_, e| e.touched.elapsed() < idle || Arc::strong_count(&e.session) > 1);
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
