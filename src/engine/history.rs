//! The positions a game has been through at turn boundaries, for the repetition rule.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::rules::Rules;
use super::state::{DrawReason, OFFER_OPEN, Outcome, State};

/// The positions seen at turn boundaries, for the repetition rule: `hashes[i]` is the
/// position after `first + i` turns. Only the positions since seeds last left the board are
/// compared, since no earlier one can recur.
///
/// Where that run grows long (a game whose seeds never leave the board), its positions are
/// looked up in an index rather than read one by one, so that a long game costs time in
/// proportion to its length, not to its square (blind test 24, fault 4: 200 random games of
/// 100,000 plies did not finish in 100 s).
#[derive(Clone, Debug, Default)]
pub struct History {
    first: u32,
    hashes: Vec<u64>,
    /// The latest index in `hashes` of each position among its first `indexed` entries.
    latest: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    /// For each of the first `indexed` entries, the index of the same position before it
    /// (`u32::MAX`: none): what `latest` goes back to when entries are dropped.
    before: Vec<u32>,
    /// How many of `hashes` are indexed.
    indexed: usize,
}

/// A position's hash is already well mixed: it is its own key in the index.
#[derive(Clone, Copy, Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        (self.first, &self.hashes) == (other.first, &other.hashes)
    }
}

impl Eq for History {}

/// The longest run of positions read one by one; a longer one is looked up in the index.
const SCANNED: usize = 64;

impl History {
    /// The history of a game that starts at `state`.
    pub fn new(rules: &Rules, state: &State) -> History {
        let mut h = History { first: 0, hashes: Vec::with_capacity(256), ..History::default() };
        h.reset(rules, state);
        h
    }

    /// Start again from `state`, keeping the allocation.
    pub fn reset(&mut self, rules: &Rules, state: &State) {
        self.hashes.clear();
        if self.indexed > 0 {
            self.latest.clear();
            self.before.clear();
            self.indexed = 0;
        }
        self.first = state.turn;
        if rules.model.end.repetition.is_some() {
            self.hashes.push(rules.history_key(state));
        }
    }

    /// The positions before `state` it could still repeat: those since seeds last left the
    /// board, up to the last turn boundary (empty where the rules have no repetition rule).
    pub(crate) fn comparable(&self, state: &State) -> &[u64] {
        let from = state.since.saturating_sub(self.first) as usize;
        let to = (state.turn.saturating_sub(self.first) as usize + 1).min(self.hashes.len());
        self.hashes.get(from..to).unwrap_or(&[])
    }

    /// Record the position at the turn boundary `state` stands on; if it occurred before
    /// (since seeds last left the board) and the rules say so, the game is drawn.
    ///
    /// Positions recorded after this boundary (from an abandoned line of play) are dropped
    /// first, so search can play, restore a saved `State` and play on.
    #[inline(always)]
    pub(crate) fn record(&mut self, rules: &Rules, state: &mut State) {
        if rules.model.end.repetition.is_some() {
            self.record_position(rules, state);
        }
    }

    /// [`History::record`] where the rules have a repetition rule.
    #[inline(never)]
    fn record_position(&mut self, rules: &Rules, state: &mut State) {
        debug_assert_eq!(state.hash, rules.position_hash(state), "the incremental hash went wrong");
        let hash = rules.history_key(state);
        let index = state.turn.saturating_sub(self.first) as usize;
        self.truncate(index);
        state.offer = 0;
        if state.outcome.is_none() && rules.end_in_force(state, crate::model::EndKind::Repetition) {
            let from = state.since.saturating_sub(self.first) as usize;
            let seen = self.seen_since(from, hash);
            if seen && rules.model.end.agreed {
                // The players may agree to end the game here: the player to move may offer.
                state.offer = OFFER_OPEN;
            } else if seen {
                state.outcome = match rules.model.end.repetition {
                    Some(super::rules::Ending::Scored) => {
                        rules.scored_end(state, crate::model::EndKind::Repetition)
                    }
                    _ => Some(Outcome::Draw(DrawReason::Repetition)),
                };
            }
        }
        self.hashes.push(hash);
    }

    /// Drop the positions from `len` on, from the index too.
    fn truncate(&mut self, len: usize) {
        if len < self.indexed {
            for i in (len..self.indexed).rev() {
                let h = self.hashes[i];
                match self.before[i] {
                    u32::MAX => self.latest.remove(&h),
                    earlier => self.latest.insert(h, earlier),
                };
            }
            self.before.truncate(len);
            self.indexed = len;
        }
        self.hashes.truncate(len);
    }

    /// Whether position `hash` is among `hashes[from..]`.
    fn seen_since(&mut self, from: usize, hash: u64) -> bool {
        let Some(seen) = self.hashes.get(from..) else { return false };
        if seen.len() <= SCANNED {
            return seen.contains(&hash);
        }
        for (i, &h) in self.hashes.iter().enumerate().skip(self.indexed) {
            self.before.push(self.latest.insert(h, i as u32).unwrap_or(u32::MAX));
        }
        self.indexed = self.hashes.len();
        self.latest.get(&hash).is_some_and(|&i| i as usize >= from)
    }
}
