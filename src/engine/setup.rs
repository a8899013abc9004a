//! Positions from nothing and what is read off them: the start position, a position from
//! counts or from a [`Setup`] (and why a setup may not describe one, [`SetupError`]), the
//! seeds of a player, a side, the board and the stores, the score, and the keys that hash a
//! position for repetition and for search.

use super::rules::*;
use super::state::*;

/// Why a [`Setup`] does not describe a position of the rules ([`Rules::state_from_setup`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Not one count per hole of the board.
    #[error("{given} counts given for a board of {holes} holes")]
    Counts {
        /// Counts given.
        given: usize,
        /// Holes of the board.
        holes: usize,
    },
    /// More seeds on the board, in the stores and captured than the engine counts.
    #[error("{total} seeds is more than the engine's limit of {MAX_SEEDS}")]
    TooManySeeds {
        /// The seeds of the setup in all.
        total: u32,
    },
    /// More seeds in a player's hand than the player has captured.
    #[error(
        "{player} holds {hand} seeds in hand but has captured {captured}: seeds in hand are captured seeds"
    )]
    HandBeyondCaptured {
        /// The player.
        player: Player,
        /// Seeds in hand.
        hand: u16,
        /// Seeds captured.
        captured: u16,
    },
    /// Seeds in stores on a board without stores.
    #[error("the board has no stores")]
    NoStores,
    /// An opening the rules do not have.
    #[error("the rules have no opening `{name}`")]
    UnknownOpening {
        /// The name given.
        name: String,
    },
    /// A mark the rules do not have.
    #[error("the rules have no mark `{name}`")]
    UnknownMark {
        /// The name given.
        name: String,
    },
    /// A marked hole that is not a hole of the board.
    #[error("a marked hole is off the board")]
    MarkOffBoard {
        /// The mark's name.
        mark: String,
        /// The hole given.
        hole: Hole,
    },
}

impl Rules {
    /// The start position: where the first player is drawn by lot, the lot to be drawn
    /// ([`Phase::FirstLot`]), the board as the game starts.
    pub fn start(&self) -> State {
        let mut state = self.start_with(self.first_player());
        if self.model.first_by_lot {
            state.phase = Phase::FirstLot;
        }
        state
    }

    /// The start position with `first` to move.
    pub(super) fn start_with(&self, first: Player) -> State {
        let mut counts = [0u16; MAX_SLOTS];
        counts[..self.start.len()].copy_from_slice(&self.start);
        self.state_with(counts, first)
    }

    /// A position with the given counts (board order: a1…an, b1…bn, …) and player to move,
    /// at the start of a turn of the main game (or of the first opening the player can
    /// play), with no seeds captured. `None` if the counts do not fit the board or the
    /// limits.
    pub fn state_from_counts(&self, counts: &[u16], to_move: Player) -> Option<State> {
        if counts.len() != self.holes() || counts.iter().map(|&c| u32::from(c)).sum::<u32>() > MAX_SEEDS {
            return None;
        }
        let mut slots = [0u16; MAX_SLOTS];
        for (h, &c) in self.slot_of.iter().zip(counts) {
            slots[h.index()] = c;
        }
        Some(self.state_with(slots, to_move))
    }

    /// A position described beyond its counts (see [`Setup`]): which part of the game the
    /// players are in, seeds in hand, captures made, chosen directions and marks. The
    /// description is checked against the rules; the error says what does not fit.
    pub fn state_from_setup(&self, setup: &Setup) -> Result<State, SetupError> {
        let counts = self.setup_counts(setup)?;
        let phase = match &setup.opening {
            None => self.phases.len() - 1,
            Some(name) => self
                .phases
                .iter()
                .position(|p| p.name.as_deref() == Some(name.as_str()))
                .ok_or_else(|| SetupError::UnknownOpening { name: name.clone() })?,
        };
        let mut state = self.state_with(counts, setup.to_move);
        state.phase = Phase::Sow;
        state.phase_of = ByPlayer::for_seats(self.seats(), |_| phase as u8);
        state.phase_turns = ByPlayer::default();
        state.phase_moves = ByPlayer::default();
        state.hand = setup.hand;
        state.captured = setup.captured;
        state.captures_made = setup.captures_made;
        // A direction chosen with each sowing is not kept between turns.
        if self.chosen != Chosen::EachTurn {
            state.direction = setup.direction;
        }
        for (name, hole) in &setup.marks {
            let m = self
                .marks
                .iter()
                .position(|d| d.name == *name)
                .ok_or_else(|| SetupError::UnknownMark { name: name.clone() })?;
            // `Hole`s are engine positions already (as `parse_hole` gives them).
            let i = hole.index();
            if !self.slot_of.contains(hole) {
                return Err(SetupError::MarkOffBoard { mark: name.clone(), hole: *hole });
            }
            state.marks[m][i / 64] |= 1 << (i % 64);
        }
        if self.colours
            && let Some(colours) = &setup.colours
        {
            if colours.len() != self.holes() {
                return Err(SetupError::Counts { given: colours.len(), holes: self.holes() });
            }
            self.paint(&mut state, Some(colours));
        }
        // The end is read again with the setup's colours (and so its seeds) in place, from
        // the setup's player to move (a first reading, by the seats' parts, may have passed
        // the turn over a player it found without seeds).
        (state.outcome, state.out, state.to_move) = (None, 0, setup.to_move);
        state.hash = self.position_hash(&state);
        self.check_end(&mut state);
        self.begin_turn(&mut state);
        Ok(state)
    }

    /// The counts of every slot that a [`Setup`] describes (holes, stores and side stores),
    /// checked against the board and the limits on seeds.
    fn setup_counts(&self, setup: &Setup) -> Result<[u16; MAX_SLOTS], SetupError> {
        let mut counts = [0u16; MAX_SLOTS];
        if setup.counts.len() != self.holes() {
            return Err(SetupError::Counts { given: setup.counts.len(), holes: self.holes() });
        }
        // Seeds in hand are captured seeds the player keeps; captured seeds (and those in the
        // stores) count towards the limit, so that no later count can overflow.
        let sum = |by: &ByPlayer<u16>| by.values().map(|&n| u32::from(n)).sum::<u32>();
        let captured = sum(&setup.captured);
        let stored = sum(&setup.stores) + sum(&setup.side_stores);
        let total: u32 = setup.counts.iter().map(|&c| u32::from(c)).sum::<u32>() + captured + stored;
        if total > MAX_SEEDS {
            return Err(SetupError::TooManySeeds { total });
        }
        // A hand may also hold the seeds the setup puts there (for turns that place them).
        if let Some(player) = Player::BOTH
            .into_iter()
            .find(|&p| setup.hand[p] > setup.captured[p].saturating_add(self.model.hand_of(p)))
        {
            let (hand, captured) = (setup.hand[player], setup.captured[player]);
            return Err(SetupError::HandBeyondCaptured { player, hand, captured });
        }
        for (h, &c) in self.slot_of.iter().zip(&setup.counts) {
            counts[h.index()] = c;
        }
        match self.store {
            Some(store) => {
                for p in Player::BOTH {
                    counts[store[p].index()] = setup.stores[p];
                }
            }
            None if setup.stores != ByPlayer::default() => {
                return Err(SetupError::NoStores);
            }
            None => {}
        }
        match self.side_store {
            Some(side) => {
                for p in Player::BOTH {
                    counts[side[p].index()] = setup.side_stores[p];
                }
            }
            None if setup.side_stores != ByPlayer::default() => {
                return Err(SetupError::NoStores);
            }
            None => {}
        }
        Ok(counts)
    }

    fn state_with(&self, counts: [u16; MAX_SLOTS], to_move: Player) -> State {
        let mut marks = [[0u64; 3]; MAX_MARKS];
        for (m, def) in self.marks.iter().enumerate() {
            for h in &def.start {
                marks[m][h.index() / 64] |= 1 << (h.index() % 64);
            }
        }
        let mut state = State {
            counts,
            to_move,
            phase: Phase::Sow,
            captured: ByPlayer::default(),
            took: ByPlayer::default(),
            aside: ByPlayer::default(),
            offer: 0,
            // The seeds the setup puts in hand, where turns place them on the board.
            hand: ByPlayer::for_seats(self.seats(), |p| self.model.hand_of(p)),
            captures_made: ByPlayer::default(),
            phase_of: ByPlayer::default(),
            phase_turns: ByPlayer::default(),
            phase_moves: ByPlayer::default(),
            direction: ByPlayer::default(),
            marks,
            colour: [[0; 3]; SEAT_BITS],
            seeds: ByPlayer::default(),
            hash: 0,
            turn: 0,
            round: 0,
            points: ByPlayer::default(),
            swapped: false,
            before: [0; 2],
            last_turns: 0,
            first: to_move,
            since: 0,
            passes: 0,
            out: 0,
            again: 0,
            turn_bits: 0,
            outcome: None,
        };
        // A mark held only while a hole holds so many seeds is not held by a hole that starts
        // with fewer (blind test 33, fault 2).
        self.thin_marks(&mut state);
        state.seeds = ByPlayer::for_seats(self.seats(), |p| self.count_seeds(&state, p));
        if self.colours {
            self.paint(&mut state, None);
        }
        state.hash = self.position_hash(&state);
        self.check_end(&mut state);
        self.begin_turn(&mut state);
        self.remember_start(&mut state);
        state
    }

    /// Seeds on `player`'s side.
    pub fn seeds_of(&self, state: &State, player: Player) -> u32 {
        u32::from(state.seeds[player])
    }

    pub(super) fn count_seeds(&self, state: &State, player: Player) -> u16 {
        // A territory is a run of consecutive slots (see `Rules::territory_slots`); a side store
        // is the owner's too.
        let side = self.side_store.map_or(0, |s| state.counts[s[player].index()]);
        self.territory_seeds(state, player) + side
    }

    /// Seeds in a player's holes (a side store aside): on a shared circuit, where the board
    /// has no side stores, all the seeds a player has on the board.
    #[inline(always)]
    pub(super) fn territory_seeds(&self, state: &State, player: Player) -> u16 {
        seeds_in(&state.counts, self.territory_slots[player].clone())
    }

    /// Seeds in a player's store (0 on a board without stores).
    pub fn store_seeds(&self, state: &State, player: Player) -> u32 {
        self.store.map_or(0, |s| u32::from(state.counts[s[player].index()]))
    }

    /// Seeds on the board, and those a lap under way holds in the mover's hand (where each
    /// seed goes into a neighbouring hole of the mover's choosing).
    pub fn seeds_on_board(&self, state: &State) -> u32 {
        let sowing = match state.phase {
            Phase::Step(p) => u32::from(p.hand),
            _ => 0,
        };
        // The side stores, if any, are on the board too.
        let side = self
            .side_store
            .map_or(0, |s| self.players().map(|p| u32::from(state.counts[s[p].index()])).sum());
        state.counts[..self.holes()].iter().map(|&c| u32::from(c)).sum::<u32>() + side + sowing
    }

    /// A player's score where the game ends on seeds: seeds on their side, in hand and in
    /// their store; or, where the rules count captures (`the player who captured more seeds
    /// wins`), the seeds their captures took and those in their store.
    ///
    /// Where the rules give the seeds left on the board to the player who moved last, a game
    /// over counts them so.
    pub fn score(&self, state: &State, player: Player) -> u32 {
        self.score_when(state, player, state.outcome.is_some())
    }

    /// [`Rules::score`], `over` saying whether the game is over.
    #[inline(always)]
    fn score_when(&self, state: &State, player: Player, over: bool) -> u32 {
        let score = match self.model.end.score {
            crate::model::Score::Seeds => {
                u32::from(state.seeds[player])
                    + u32::from(state.hand[player])
                    + self.store_seeds(state, player)
            }
            crate::model::Score::Captured => {
                u32::from(self.captured_by(state, player)) + self.store_seeds(state, player)
            }
            crate::model::Score::Holes(holes) => self.seeds_in(state, player, holes),
        };
        if over && self.model.end.left_to_last { self.left_to_last(state, player, score) } else { score }
    }

    /// The seeds in a player's holes of a row or mark (`the player with more seeds in their
    /// won holes wins`), as they stand.
    #[cold]
    #[inline(never)]
    fn seeds_in(&self, state: &State, player: Player, holes: crate::model::HoleSet) -> u32 {
        self.side_holes(state, player, holes).iter().map(|&h| u32::from(state.counts[h.index()])).sum()
    }

    /// A score at the end of a game whose seeds left on the board go to the player who moved
    /// last (`, the seeds left going to the player who moved last,`): theirs, not the owners'
    /// of the holes they lie in.
    #[cold]
    fn left_to_last(&self, state: &State, player: Player, score: u32) -> u32 {
        let on_side = match self.model.end.score {
            crate::model::Score::Seeds => u32::from(state.seeds[player]),
            crate::model::Score::Captured => 0,
            crate::model::Score::Holes(holes) => self.seeds_in(state, player, holes),
        };
        let left = if player == self.last_mover(state) { self.seeds_on_board(state) } else { 0 };
        score - on_side + left
    }

    /// The player who made the last move, at a turn boundary (a pass is no move): the player
    /// to move where they move again, else the one before them, and before each pass in a
    /// row the one before that (players out of the game aside).
    pub(crate) fn last_mover(&self, state: &State) -> Player {
        let seats = self.seats();
        let back = |p: Player| {
            (1..=seats)
                .map(|k| Player::at((p.index() + seats - k) % seats, seats))
                .find(|&q| !state.is_out(q))
                .unwrap_or(p)
        };
        let mut p = if state.again != 0 { state.to_move } else { back(state.to_move) };
        for _ in 0..state.passes {
            p = back(p);
        }
        p
    }

    /// Count each player's seeds on their territory again (after seeds moved between
    /// sides), where holes belong by rows.
    #[inline]
    pub(crate) fn recount_territories(&self, state: &mut State) {
        if self.seats() == 2 && !self.common {
            // Each written in place: through a closure (`ByPlayer::new_with`) the count was
            // compiled as a call of its own, at twice the instructions.
            let south = self.territory_seeds(state, Player::South);
            let north = self.territory_seeds(state, Player::North);
            (state.seeds[Player::South], state.seeds[Player::North]) = (south, north);
        } else {
            self.recount_shared(state);
        }
    }

    /// [`Rules::recount_territories`] where every hole is everyone's (every player counts
    /// every seed on the board), or at a larger table (seeds counted by colour, or in each
    /// player's part of the circuit where the parts are theirs for good).
    #[cold]
    fn recount_shared(&self, state: &mut State) {
        if self.common || !self.colours {
            state.seeds = ByPlayer::for_seats(self.seats(), |p| self.territory_seeds(state, p));
        } else {
            self.recount(state);
        }
    }

    /// How far `player` leads on [`Rules::score`]: their score less the best of the other
    /// players' still in the game (at two seats, less the opponent's).
    pub fn margin(&self, state: &State, player: Player) -> i32 {
        let best = (self.players())
            .filter(|&p| p != player && !state.is_out(p))
            .map(|p| self.score(state, p))
            .max()
            .unwrap_or(0);
        self.score(state, player) as i32 - best as i32
    }

    /// The result of a game ended on scores: the player with more seeds wins.
    pub(crate) fn by_score(&self, state: &State) -> Outcome {
        let scores: Vec<(u32, Player)> = self
            .players()
            .filter(|&p| !state.is_out(p))
            .map(|p| (self.score_when(state, p, true), p))
            .collect();
        let best = scores.iter().map(|&(score, _)| score).max().unwrap_or(0);
        let mut leaders = scores.iter().filter(|&&(score, _)| score == best);
        match (leaders.next(), leaders.next()) {
            (Some(&(_, winner)), None) => Outcome::Win { winner, reason: WinReason::Score },
            _ => Outcome::Draw(DrawReason::EqualScores),
        }
    }

    /// The hash of a position, computed from scratch: the counts and the player to move.
    /// Play keeps [`State::hash`] equal to it incrementally.
    pub fn position_hash(&self, state: &State) -> u64 {
        let mut h = self.seat_keys[state.to_move.index()];
        for (k, &c) in self.keys.iter().zip(&state.counts) {
            h = h.wrapping_add(k.wrapping_mul(u64::from(c)));
        }
        h
    }

    /// The key a position is remembered by for the repetition rule: the counts and the
    /// player to move, and — where the rules have them — the players' phases, chosen
    /// directions and marked holes.
    #[inline(always)]
    pub(crate) fn history_key(&self, state: &State) -> u64 {
        let mut key = state.hash;
        if self.flags.keyed_extra {
            let mut extra = 0x243f_6a88_85a3_08d3u64;
            let mut mix = |x: u64| {
                extra = (extra ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
            };
            for p in Player::BOTH {
                mix(u64::from(state.phase_of[p]));
                mix(state.direction[p].map_or(0, |d| d as u64 + 1));
            }
            if self.flags.swaps {
                mix(u64::from(state.swapped) | 0x5a00);
            }
            if self.flags.first_only {
                mix(state.first.index() as u64 | 0xf100);
            }
            for words in &state.marks {
                for &w in words {
                    mix(w);
                }
            }
            for &w in state.colour.iter().flatten() {
                mix(w);
            }
            if self.model.hand.iter().any(|&n| n > 0) {
                // Seeds still in hand are part of the position where the setup put some there.
                // Four seats to a word, South's in the low bits (seats past a game's hold 0).
                let mut word = 0;
                for (seat, &n) in state.hand.values().enumerate() {
                    word |= u64::from(n) << (16 * (seat % 4));
                    if seat % 4 == 3 {
                        if seat == 3 || word != 0 {
                            mix(word);
                        }
                        word = 0;
                    }
                }
            }
            key ^= extra;
        }
        key
    }

    /// A key for everything that decides how a position plays on, for transposition tables
    /// and for finding a position again: the repetition key, the part of the turn in
    /// progress (picks owed, a paused sowing), seeds in hand and captures made (which count
    /// or change later captures), and the turn number where a turn limit makes it matter.
    pub fn search_key(&self, state: &State) -> u64 {
        let mut key = self.history_key(state);
        let mut mix = |x: u64| {
            key = (key ^ x).wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(31);
        };
        Self::mix_phase(state, &mut mix);
        for p in Player::BOTH {
            mix(u64::from(state.hand[p])
                | u64::from(state.captures_made[p]) << 16
                | u64::from(state.phase_turns[p]) << 32
                | u64::from(state.phase_moves[p]) << 48);
        }
        if state.aside != ByPlayer::default() {
            // Seeds an opening set aside are not captured: the score of captures leaves them out.
            for p in Player::BOTH {
                mix(u64::from(state.aside[p]) | 1 << 20);
            }
        }
        if self.model.end.turn_limit.is_some() {
            mix(u64::from(state.turn));
        }
        if state.offer != 0 {
            // An offer to end the game is on offer, or was refused this turn.
            mix(u64::from(state.offer) | 0x0ff0 << 16);
        }
        if self.model.end.rounds.is_some_and(|r| r.points.is_some()) {
            // The points the rounds have scored decide how the game may still end.
            for p in self.players() {
                mix(u64::from(state.points[p]) | (p.index() as u64) << 32);
            }
        }
        if self.model.end.passes_draw || self.model.phases.iter().any(|p| p.ends_on_passes) {
            mix(u64::from(state.passes));
        }
        if self.flags.last_turns {
            mix(u64::from(state.last_turns) | 0x1a57_0000);
        }
        if self.flags.no_undo {
            // The position a turn from here may not bring back.
            mix(state.before[1] ^ 0x6b6f);
        }
        key
    }

    /// Mix into [`Rules::search_key`]'s key, for a turn paused in the middle: which pause,
    /// and what the turn has done so far.
    fn mix_phase(state: &State, mix: &mut impl FnMut(u64)) {
        match state.phase {
            Phase::Sow => {}
            Phase::Pick(p) => {
                mix(1);
                mix(u64::from(p.capture) | u64::from(p.step) << 8 | u64::from(p.lower) << 16);
                mix(u64::from(p.remaining) | u64::from(p.taken) << 16 | u64::from(p.taken_roles) << 32);
            }
            Phase::LapChoice(c) => {
                mix(2);
                mix(c.at.index() as u64
                    | u64::from(c.origin) << 16
                    | u64::from(c.relays) << 32
                    | u64::from(c.turn) << 48
                    | u64::from(c.through) << 49
                    | u64::from(state.turn_bits) << 56);
                if c.hand > 0 {
                    mix(u64::from(c.hand) | 1 << 32);
                }
                if c.capture > 0 {
                    mix(u64::from(c.capture) | 2 << 32);
                }
            }
            Phase::EndChoice(c) => {
                mix(3);
                mix(c.at.index() as u64 | u64::from(c.origin) << 16 | u64::from(c.capture) << 32);
            }
            Phase::Lift(c) => {
                mix(5);
                mix(c.hole.index() as u64
                    | u64::from(c.rev) << 8
                    | u64::from(c.through) << 9
                    | u64::from(c.hand) << 10);
            }
            Phase::Offer(by) => {
                mix(7);
                mix(by.index() as u64);
            }
            Phase::FirstLot => mix(9),
            Phase::Lot(ended) => {
                mix(8);
                mix(match ended {
                    Outcome::Win { winner, reason } => winner.index() as u64 | (reason as u64) << 8,
                    Outcome::Draw(reason) => 1 << 32 | reason as u64,
                });
            }
            Phase::PutChoice(c) => {
                mix(6);
                mix(c.at.index() as u64
                    | (c.from.index() as u64) << 8
                    | u64::from(c.capture) << 16
                    | u64::from(c.taken) << 24
                    | u64::from(c.origin) << 40);
                mix(u64::from(state.turn_bits) | u64::from(c.pauses) << 16 | u64::from(c.laps) << 32);
            }
            Phase::Step(p) => {
                // The holes the lap has used are the path mark's, which the history key mixes.
                mix(4);
                mix(p.at.index() as u64
                    | (p.from.index() as u64) << 8
                    | u64::from(p.hand) << 16
                    | u64::from(p.origin) << 32
                    | u64::from(p.bits) << 48
                    | (p.lifted.index() as u64) << 56);
                mix(u64::from(p.laps));
            }
        }
    }
}

/// The seeds of a run of holes (`range` of `counts`), four holes at a time: added lane by
/// lane (no lane can carry, as no count or sum exceeds [`MAX_SEEDS`](crate::model::MAX_SEEDS)),
/// then the four lanes summed by one multiplication. The one to three holes left over are
/// read as the last four holes of the run (or, in a run shorter than four, the four from its
/// start), the lanes outside the run shifted out: no loop over them. After each sowing of a
/// shared circuit this recounts both sides, so it is on Kalah's and Oware's common path.
#[inline(always)]
pub(super) fn seeds_in(counts: &[u16], range: std::ops::Range<usize>) -> u16 {
    const _: () = assert!(crate::model::MAX_SEEDS < 1 << 16);
    const LANES: u64 = 0x0001_0001_0001_0001;
    // Four counts as the lanes of one word, written so that the compiler makes it one load.
    let quad = |&[a, b, c, d]: &[u16; 4]| {
        u64::from(a) | (u64::from(b) << 16) | (u64::from(c) << 32) | (u64::from(d) << 48)
    };
    let (quads, rest) = counts[range.clone()].as_chunks::<4>();
    let mut lanes = quads.iter().fold(0u64, |sum, q| sum + quad(q));
    let left = rest.len();
    if left > 0 {
        let keep = 16 * left as u32;
        if let Some(last) = range.end.checked_sub(4).and_then(|s| counts[s..].first_chunk::<4>()) {
            // The run's last `left` holes are the quad's top lanes.
            lanes += quad(last) >> (64 - keep);
        } else if let Some(first) = counts[range.start..].first_chunk::<4>() {
            // A run of under four holes at the start of the counts: its holes are the low lanes.
            lanes += quad(first) & ((1u64 << keep) - 1);
        } else {
            return rest.iter().sum();
        }
    }
    (lanes.wrapping_mul(LANES) >> 48) as u16
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn seeds_in_adds_up(
            counts in prop::collection::vec(0u16..=500, 0..=162),
            ends in (0usize..=162, 0usize..=162),
        ) {
            let (start, end) = (ends.0.min(ends.1).min(counts.len()), ends.0.max(ends.1).min(counts.len()));
            let expected: u32 = counts[start..end].iter().map(|&c| u32::from(c)).sum();
            prop_assert_eq!(u32::from(super::seeds_in(&counts, start..end)), expected);
        }
    }
}
