//! A position of a game being played: the rules, the state and its history for the
//! repetition rule, played through one API. Search, analysis, the front ends and the
//! benchmarks all play through it, so that the engine's protocol (a history that goes with
//! the state, outcomes settled when a player has no decision) is written once, here.

use std::hash::{Hash, Hasher};

use super::checked::{Effect, PlayError};
use super::choose::MoveStats;
use super::rules::{Player, Rules};
use super::sowing::Endless;
use super::state::{History, Move, MoveList, Outcome, State};

/// How a random player finds its decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Build the whole list of legal decisions (every candidate sown to refuse endless
    /// ones) and pick one: what `sow simulate` does, and what counts every endless sowing.
    Lists,
    /// Draw a candidate sowing and sow only that one, drawing again if it is endless. The
    /// same distribution of games as `Lists` (not the same games), and faster; only the
    /// candidates drawn are counted as endless.
    Sampled,
}

/// What a random game (or part of one) came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Decisions played.
    pub plies: u32,
    /// Endless sowings refused on the way.
    pub endless: u32,
}

/// A [`Position`] without its rules: its state and the history the repetition rule looks at.
#[derive(Clone, Debug)]
pub struct DetachedPosition {
    state: State,
    history: History,
}

impl DetachedPosition {
    /// The position again, on `rules`, which must be the rules it was played on.
    pub fn attach(self, rules: &Rules) -> Position<'_> {
        Position { rules, state: self.state, history: self.history }
    }

    /// The state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// A key for transposition tables: positions with equal keys have the same future (the
    /// same decisions, outcomes and repetitions below them), whatever line of play reached
    /// them. It is the bytes the state's `Hash` writes (which `Hash` requires to differ for
    /// unequal states, so the key is exact, not a hash), then the earlier positions the
    /// repetition rule can still compare with (none where the rules have no such rule).
    pub fn key(&self) -> Vec<u8> {
        /// A `Hasher` that keeps what it is given.
        struct Written(Vec<u8>);
        impl Hasher for Written {
            fn write(&mut self, bytes: &[u8]) {
                self.0.extend_from_slice(bytes);
            }
            fn finish(&self) -> u64 {
                unreachable!("the bytes are the key; nothing asks for a hash")
            }
        }
        let mut key = Written(Vec::with_capacity(512));
        Hash::hash(&self.state, &mut key);
        for &seen in self.history.comparable(&self.state) {
            key.0.extend_from_slice(&seen.to_le_bytes());
        }
        // Keys are kept by the million in tables: none keeps the scratch capacity.
        key.0.shrink_to_fit();
        key.0
    }
}

/// A position on some rules: the state and the history of positions the repetition rule
/// looks at, played only through the methods below.
///
/// [`Position::play`] checks a decision and says what it did; [`Position::play_unchecked`]
/// and [`Position::try_play`] are the fast paths for search, perft and playouts. Search
/// keeps one scratch position and moves it about with [`Position::reset`] (a new root, the
/// history's allocation kept) and [`Position::restore`] (back to a saved state of the same
/// line of play).
///
/// ```
/// # let text = sow::bundled::bundled(sow::bundled::DEFAULT_RULES).unwrap();
/// # let rules = sow::compile("rules", text, &sow::Options::new(None, &["columns=8"])).unwrap();
/// use sow::engine::{MoveList, Position};
///
/// let mut position = Position::new(&rules);
/// let mut moves = MoveList::new();
/// position.legal_moves(&mut moves);
/// let effect = position.play(moves[0]).unwrap(); // a1: 2 seeds, relayed twice
/// assert_eq!((effect.laps, effect.sown), (3, 8));
/// ```
#[derive(Clone, Debug)]
pub struct Position<'r> {
    pub(super) rules: &'r Rules,
    pub(super) state: State,
    pub(super) history: History,
}

impl<'r> Position<'r> {
    /// The start position of the rules.
    pub fn new(rules: &'r Rules) -> Position<'r> {
        Position::from_state(rules, rules.start())
    }

    /// A position at `state`, with no history before it. If the player to move has no
    /// legal decision, the outcome is settled at once (as [`Position::play`] does after
    /// every decision).
    pub fn from_state(rules: &'r Rules, state: State) -> Position<'r> {
        let mut position = Position::unsettled(rules, state);
        if position.state.outcome.is_none() {
            let mut moves = MoveList::new();
            position.legal_moves_or_settle(&mut moves);
        }
        position
    }

    /// A position at `state`, with no history before it, taken as it is: the outcome is not
    /// settled if its player has no decision. For play that settles as it goes (a playout,
    /// a search's scratch position), which need not list the decisions of the start twice
    /// (at the start of a large board, where every candidate is sown to refuse endless
    /// ones, that is a good part of a short game).
    pub fn unsettled(rules: &'r Rules, state: State) -> Position<'r> {
        let history = History::new(rules, &state);
        Position { rules, state, history }
    }

    /// The position without its rules, to keep where a borrow of them cannot be (a Python
    /// object, a game kept between requests); [`DetachedPosition::attach`] brings it back.
    pub fn detach(self) -> DetachedPosition {
        DetachedPosition { state: self.state, history: self.history }
    }

    /// The rules.
    #[inline]
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The state.
    #[inline]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The player who decides next.
    #[inline]
    pub fn to_move(&self) -> Player {
        self.state.to_move
    }

    /// How the game ended, if it has.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// Move to `state`, a new root with no history before it (keeping the history's
    /// allocation): how search re-roots its scratch position. Unlike
    /// [`Position::from_state`], the outcome is not settled.
    #[inline]
    pub fn reset(&mut self, state: State) {
        self.history.reset(self.rules, &state);
        self.state = state;
    }

    /// Go back to `state`, saved earlier on the line of play that led here (a copy of
    /// [`Position::state`]), keeping the history before it: the positions recorded after
    /// it are dropped as play goes on. How perft and search walk the tree with one
    /// position. Returns the state left (the end of the line just played), so that search
    /// can keep a child without copying it.
    #[inline]
    pub fn restore(&mut self, state: State) -> State {
        std::mem::replace(&mut self.state, state)
    }

    /// The legal decisions of the player to move, in canonical order, into `out` (emptied
    /// first). Empty when the game is over.
    #[inline]
    pub fn legal_moves(&self, out: &mut MoveList) {
        self.rules.legal_moves(&self.state, out);
    }

    /// [`Position::legal_moves`], also reporting the candidates refused as endless.
    #[inline]
    pub fn legal_moves_counted(&self, out: &mut MoveList) -> MoveStats {
        self.rules.legal_moves_counted(&self.state, out)
    }

    /// [`Position::legal_moves_counted`]; when there are none, the outcome is settled (the
    /// blocked player loses, or the game ends on seeds, as the rules say). The step that
    /// starts every turn of a game loop after [`Position::play_unchecked`], which does not
    /// settle.
    #[inline]
    pub fn legal_moves_or_settle(&mut self, out: &mut MoveList) -> MoveStats {
        let stats = self.rules.legal_moves_counted(&self.state, out);
        if out.is_empty() && self.rules.settle(&mut self.state, out).is_none() {
            // At a table of more than two a blocked player may drop out: the next one moves.
            self.rules.legal_moves(&self.state, out);
        }
        stats
    }

    /// Play a decision if it is legal, and say what it did (laps, seeds sown, the last
    /// hole, what captures and picks took, whether the turn is over or was passed);
    /// otherwise explain why not, leaving the position as it was. When the next player has
    /// no legal decision, the outcome is settled, so [`Position::outcome`] always says
    /// whether the game is over.
    pub fn play(&mut self, mv: Move) -> Result<Effect, PlayError> {
        self.rules.play(&mut self.state, &mut self.history, mv)
    }

    /// Play a decision known to be legal (from [`Position::legal_moves`]): the fast path
    /// for search and simulation. Nothing is checked, and the outcome is not settled when
    /// the next player has no decision. An illegal decision leaves the position
    /// unspecified (but never hangs or panics on an endless sowing).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.rules.play_unchecked(&mut self.state, &mut self.history, mv);
    }

    /// Play a candidate sowing (from [`Rules::candidates`]) or any other legal decision,
    /// sowing it only once: if the sowing would never end, nothing changes and `Endless` is
    /// returned. The fast path for random play that draws one candidate at a time.
    #[inline]
    pub fn try_play(&mut self, mv: Move) -> Result<(), Endless> {
        self.rules.try_play(&mut self.state, &mut self.history, mv)
    }

    /// Play one random decision for the player to move, or settle the game when they have
    /// none. `below(n)` picks an index under `n`; `moves` is scratch room. Returns whether
    /// a decision was played (`false`: the game is over, or was already) and the endless
    /// sowings refused.
    #[inline]
    pub fn random_decision(
        &mut self,
        moves: &mut MoveList,
        draw: Draw,
        below: &mut impl FnMut(usize) -> usize,
    ) -> (bool, u32) {
        if self.state.outcome.is_some() {
            return (false, 0);
        }
        let mut endless = 0;
        if draw == Draw::Sampled && self.rules.candidates(&self.state, moves) {
            while !moves.is_empty() {
                let k = below(moves.len());
                if self.try_play(moves[k]).is_ok() {
                    return (true, endless);
                }
                endless += 1;
                moves.swap_remove(k);
            }
            // Every candidate was endless: the full list says what is left (a pass, or
            // nothing).
            self.legal_moves_or_settle(moves);
        } else {
            endless += self.legal_moves_or_settle(moves).endless;
        }
        if moves.is_empty() {
            return (false, endless);
        }
        self.play_unchecked(moves[below(moves.len())]);
        (true, endless)
    }

    /// Play random decisions until the game is over or `max_plies` have been played: the
    /// one playout loop, for simulation, Monte Carlo search and the benchmarks alike.
    #[inline]
    pub fn playout(&mut self, draw: Draw, max_plies: u32, below: &mut impl FnMut(usize) -> usize) -> Playout {
        let mut moves = MoveList::new();
        let mut playout = Playout::default();
        while playout.plies < max_plies {
            let (played, endless) = self.random_decision(&mut moves, draw, below);
            playout.endless += endless;
            if !played {
                break;
            }
            playout.plies += 1;
        }
        playout
    }

    /// Perft: the leaves of the decision tree `depth` plies below this position, where one
    /// decision is one ply and a game that ends earlier (or whose player has no decision)
    /// is one leaf. The position is as it was afterwards.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 || self.is_over() {
            return 1;
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if depth == 1 || moves.is_empty() {
            return (moves.len() as u64).max(1);
        }
        let saved = self.state.clone();
        let mut total = 0;
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 {
                self.restore(saved.clone());
            }
            self.play_unchecked(mv);
            total += self.perft(depth - 1);
        }
        self.restore(saved);
        total
    }
}
