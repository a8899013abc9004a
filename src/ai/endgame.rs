//! Perfect play where an endgame database covers the position: [`EndgameAgent`] wraps another
//! agent and, at a position the database holds, plays a decision that keeps the position's
//! value (the best final margin of seeds with perfect play by both sides); elsewhere the
//! wrapped agent decides.
//!
//! Databases are loaded once and registered ([`register`]); an agent finds the one built for
//! the rules it plays (by the model hash) when it first needs it. `hard+endgame` on the
//! command line is the `hard` player with the registered database.

use std::sync::{Arc, RwLock};

use super::Agent;
use crate::engine::{Move, MoveList, Position, Rules, State};
use crate::solve::Value;
use crate::solve::endgame::{Endgame, model_hash};

static DATABASES: RwLock<Vec<Arc<Endgame>>> = RwLock::new(Vec::new());

/// Make a database available to every [`EndgameAgent`] playing its rules.
pub fn register(db: Arc<Endgame>) {
    if let Ok(mut dbs) = DATABASES.write() {
        dbs.retain(|d| d.hash() != db.hash());
        dbs.push(db);
    }
}

/// The registered database for `rules`, if any.
pub fn registered(rules: &Rules) -> Option<Arc<Endgame>> {
    let hash = model_hash(rules.model());
    DATABASES.read().ok()?.iter().find(|d| d.hash() == hash).cloned()
}

/// The final margin with perfect play after each of `moves` (the mover's score less the
/// opponent's at the end, stores counted), for the player to move at `state`, if `db` covers
/// the position.
pub fn decision_margins(db: &Endgame, rules: &Rules, state: &State, moves: &MoveList) -> Option<Vec<i32>> {
    db.probe(rules, state)?;
    let me = state.to_move();
    let mut scratch = MoveList::new();
    moves
        .iter()
        .map(|&mv| {
            let mut child = Position::unsettled(rules, state.clone());
            child.play_unchecked(mv);
            if !child.is_over() {
                child.legal_moves_or_settle(&mut scratch);
            }
            let s = child.state();
            if child.is_over() {
                Some(rules.margin(s, me))
            } else {
                let m = db.probe(rules, s)?;
                Some(if s.to_move() == me { m } else { -m })
            }
        })
        .collect()
}

/// The decision of `state` that keeps its value with perfect play, and the value, if
/// `db` covers the position (its first such decision, in the order of `moves`).
pub fn perfect_decision(
    db: &Endgame,
    rules: &Rules,
    state: &State,
    moves: &MoveList,
) -> Option<(Move, Value)> {
    let margins = decision_margins(db, rules, state, moves)?;
    let (i, &m) = margins.iter().enumerate().rev().max_by_key(|&(_, m)| *m)?;
    Some((moves[i], Value::new(m.signum(), m)))
}

/// An agent that plays perfectly where an endgame database covers the position.
pub struct EndgameAgent {
    inner: Box<dyn Agent + Send>,
    /// The database, looked up on the first decision (and again if the rules change).
    db: Option<(u128, Option<Arc<Endgame>>)>,
    /// What the last decision was, if the database made it.
    last: Option<String>,
}

impl EndgameAgent {
    /// `inner`, with the registered database of the rules played.
    pub fn new(inner: Box<dyn Agent + Send>) -> EndgameAgent {
        EndgameAgent { inner, db: None, last: None }
    }

    fn database(&mut self, rules: &Rules) -> Option<Arc<Endgame>> {
        let hash = model_hash(rules.model());
        match &self.db {
            Some((h, db)) if *h == hash => db.clone(),
            _ => {
                let db = registered(rules);
                self.db = Some((hash, db.clone()));
                db
            }
        }
    }
}

impl Agent for EndgameAgent {
    fn name(&self) -> String {
        format!("{}+endgame", self.inner.name())
    }

    fn choose(&mut self, rules: &Rules, state: &State, moves: &MoveList) -> Move {
        if let Some(db) = self.database(rules)
            && let Some((mv, value)) = perfect_decision(&db, rules, state, moves)
        {
            self.last =
                Some(format!("endgame database: {} to move: {value} with perfect play", state.to_move()));
            return mv;
        }
        self.last = None;
        self.inner.choose(rules, state, moves)
    }

    fn report(&self) -> Option<String> {
        self.last.clone().or_else(|| self.inner.report())
    }

    fn set_stop(&mut self, stop: super::Stop) {
        self.inner.set_stop(stop);
    }
}
