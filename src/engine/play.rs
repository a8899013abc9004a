//! Legal decisions and playing them: phases, choosing, sowing (see [`super::sowing`]),
//! captures and their follow-ups, special turns of openings, the end of a turn and of the
//! game.

use super::rules::*;
use super::sowing::{Endless, LapContext, RING_WINDOW, Ring, SowEnd};
use super::state::*;
use crate::model::{DropCapture, HoleSet, SideFact};

/// Most relay decisions a player may make in one turn where the rules let them stop (a
/// player who keeps relaying through the same holes must stop in the end).
pub(super) const MAX_RELAY_CHOICES: u16 = 64;

/// How many pauses to turn a lap deep the legality check of a sowing looks (beyond, a pause
/// counts as an end of the sowing: the mover decides there).
const MAX_TURN_DEPTH: u8 = 8;

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

/// What [`Rules::legal_moves_counted`] saw besides the legal decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveStats {
    /// Candidate holes refused because their sowing would never end.
    pub endless: u32,
}

/// What play tells as it goes, for checked play to say what a decision did
/// ([`Rules::play`]): the fast paths pass `()`, which records nothing and compiles away.
pub(crate) trait Log {
    /// A capture or a pick took `n` seeds from hole `h`.
    fn took(&mut self, h: Hole, n: u16);
}

impl Log for () {
    #[inline(always)]
    fn took(&mut self, _: Hole, _: u16) {}
}

impl Rules {
    /// The start position.
    pub fn start(&self) -> State {
        let mut counts = [0u16; MAX_SLOTS];
        counts[..self.start.len()].copy_from_slice(&self.start);
        self.state_with(counts, Player::South)
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
        let mut counts = [0u16; MAX_SLOTS];
        if setup.counts.len() != self.holes() {
            return Err(SetupError::Counts { given: setup.counts.len(), holes: self.holes() });
        }
        // Seeds in hand are captured seeds the player keeps; captured seeds (and those in the
        // stores) count towards the limit, so that no later count can overflow.
        let captured = u32::from(setup.captured.south) + u32::from(setup.captured.north);
        let stored = u32::from(setup.stores.south)
            + u32::from(setup.stores.north)
            + u32::from(setup.side_stores.south)
            + u32::from(setup.side_stores.north);
        let total: u32 = setup.counts.iter().map(|&c| u32::from(c)).sum::<u32>() + captured + stored;
        if total > MAX_SEEDS {
            return Err(SetupError::TooManySeeds { total });
        }
        // A hand may also hold the seeds the setup puts there (for turns that place them).
        if let Some(player) = Player::BOTH
            .into_iter()
            .find(|&p| setup.hand[p] > setup.captured[p].saturating_add(self.model.hand))
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
        state.phase_of = ByPlayer::new_with(|_| phase as u8);
        state.phase_turns = ByPlayer::default();
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
        state.outcome = None;
        state.hash = self.position_hash(&state);
        self.check_end(&mut state);
        self.begin_turn(&mut state);
        Ok(state)
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
            // The seeds the setup puts in hand, where turns place them on the board.
            hand: ByPlayer { south: self.model.hand, north: self.model.hand },
            captures_made: ByPlayer::default(),
            phase_of: ByPlayer::default(),
            phase_turns: ByPlayer::default(),
            direction: ByPlayer::default(),
            marks,
            north_colour: [0; 3],
            seeds: ByPlayer::default(),
            hash: 0,
            turn: 0,
            since: 0,
            passes: 0,
            turn_bits: 0,
            outcome: None,
        };
        state.seeds = ByPlayer::new_with(|p| self.count_seeds(&state, p));
        if self.colours {
            self.paint(&mut state, None);
        }
        state.hash = self.position_hash(&state);
        self.check_end(&mut state);
        self.begin_turn(&mut state);
        state
    }

    /// Seeds on `player`'s side.
    pub fn seeds_of(&self, state: &State, player: Player) -> u32 {
        u32::from(state.seeds[player])
    }

    fn count_seeds(&self, state: &State, player: Player) -> u16 {
        // A territory is a run of consecutive slots (see `Rules::territory_slots`); a side store
        // is the owner's too.
        let side = self.side_store.map_or(0, |s| state.counts[s[player].index()]);
        self.territory_seeds(state, player) + side
    }

    /// Seeds in a player's holes (a side store aside): on a shared circuit, where the board
    /// has no side stores, all the seeds a player has on the board.
    #[inline(always)]
    pub(super) fn territory_seeds(&self, state: &State, player: Player) -> u16 {
        state.counts[self.territory_slots[player].clone()].iter().sum::<u16>()
    }

    /// Seeds in a player's store (0 on a board without stores).
    pub fn store_seeds(&self, state: &State, player: Player) -> u32 {
        self.store.map_or(0, |s| u32::from(state.counts[s[player].index()]))
    }

    /// Seeds on the board.
    pub fn seeds_on_board(&self, state: &State) -> u32 {
        // The side stores, if any, are on the board too.
        let side = self
            .side_store
            .map_or(0, |s| u32::from(state.counts[s.south.index()] + state.counts[s.north.index()]));
        state.counts[..self.holes()].iter().map(|&c| u32::from(c)).sum::<u32>() + side
    }

    /// A player's score where the game ends on seeds: seeds on their side, in hand and in
    /// their store.
    pub fn score(&self, state: &State, player: Player) -> u32 {
        u32::from(state.seeds[player]) + u32::from(state.hand[player]) + self.store_seeds(state, player)
    }

    /// The result of a game ended on scores: the player with more seeds wins.
    pub(crate) fn by_score(&self, state: &State) -> Outcome {
        let (south, north) = (self.score(state, Player::South), self.score(state, Player::North));
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => Outcome::Win { winner: Player::South, reason: WinReason::Score },
            std::cmp::Ordering::Less => Outcome::Win { winner: Player::North, reason: WinReason::Score },
            std::cmp::Ordering::Equal => Outcome::Draw(DrawReason::EqualScores),
        }
    }

    /// The hash of a position, computed from scratch: the counts and the player to move.
    /// Play keeps [`State::hash`] equal to it incrementally.
    pub fn position_hash(&self, state: &State) -> u64 {
        let mut h = if state.to_move == Player::North { self.north_key } else { 0 };
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
            for words in &state.marks {
                for &w in words {
                    mix(w);
                }
            }
            for &w in &state.north_colour {
                mix(w);
            }
            if self.model.hand > 0 {
                // Seeds still in hand are part of the position where the setup put some there.
                mix(u64::from(state.hand.south) | u64::from(state.hand.north) << 16);
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
            }
            Phase::EndChoice(c) => {
                mix(3);
                mix(c.at.index() as u64 | u64::from(c.origin) << 16 | u64::from(c.capture) << 32);
            }
        }
        for p in Player::BOTH {
            mix(u64::from(state.hand[p])
                | u64::from(state.captures_made[p]) << 16
                | u64::from(state.phase_turns[p]) << 32);
        }
        if self.model.end.turn_limit.is_some() {
            mix(u64::from(state.turn));
        }
        if self.model.end.passes_draw || self.model.phases.iter().any(|p| p.ends_on_passes) {
            mix(u64::from(state.passes));
        }
        key
    }

    /// The rules of a player's current phase.
    pub(super) fn phase_rules(&self, state: &State, player: Player) -> &PhaseRules {
        &self.phases[usize::from(state.phase_of[player])]
    }

    /// The legal decisions of the player to move, in canonical order (board order of holes).
    /// Empty when the game is over.
    pub fn legal_moves(&self, state: &State, out: &mut MoveList) {
        self.legal_moves_counted(state, out);
    }

    /// [`Rules::legal_moves`], also reporting the candidates refused as endless.
    pub fn legal_moves_counted(&self, state: &State, out: &mut MoveList) -> MoveStats {
        out.clear();
        if state.outcome.is_some() {
            return MoveStats::default();
        }
        // The start of a turn first, and alone: the other phases' lists are built apart.
        if let Phase::Sow = state.phase {
            let stats = self.turn_moves(state, usize::from(state.phase_of[state.to_move]), out);
            if self.flags.may_pass {
                self.offer_pass(state, out);
            }
            return stats;
        }
        self.mid_turn_moves(state, out);
        MoveStats::default()
    }

    /// The decisions in the middle of a turn: picks, a paused lap's ways, an end choice.
    #[inline(never)]
    fn mid_turn_moves(&self, state: &State, out: &mut MoveList) {
        match state.phase {
            Phase::Pick(pick) => self.pick_moves(state, pick, out),
            Phase::LapChoice(choice) => self.lap_choice_moves(state, choice, out),
            Phase::EndChoice(choice) => self.end_choice_moves(state, choice, out),
            Phase::Sow => {}
        }
    }

    /// Add a pass to the decisions where the rules offer one now.
    #[cold]
    fn offer_pass(&self, state: &State, out: &mut MoveList) {
        let pass = if out.is_empty() {
            self.model.end.blocked == Blocked::Passes || self.model.end.pass_loses
        } else {
            self.model.end.pass_loses
        };
        if self.is_main(state) {
            if pass {
                out.push(Move::Pass);
            }
        } else if self.opening_pass_now(state, usize::from(state.phase_of[state.to_move])) {
            out.push(Move::Pass);
        }
    }

    fn is_main(&self, state: &State) -> bool {
        usize::from(state.phase_of[state.to_move]) + 1 == self.phases.len()
    }

    /// The decisions that start a turn of phase `phase` for the player to move.
    fn turn_moves(&self, state: &State, phase: usize, out: &mut MoveList) -> MoveStats {
        match &self.phases[phase].turn {
            TurnKind::Sow(sow) if self.flags.interpreted => self.interpreted_moves(state, sow, out),
            TurnKind::Sow(sow) => self.sow_moves(state, sow, out),
            TurnKind::Take { capture } => {
                if let Some(pick) = self.take_turn_pick(state, *capture) {
                    self.pick_moves(state, pick, out);
                }
                MoveStats::default()
            }
            TurnKind::Transfer { count, from, holds, to, behind } => {
                // A turn kept until the pass has a bound on its moves; past it, only the pass.
                let me = state.to_move;
                if self.model.phases[phase].keeps_turn.is_none_or(|n| state.phase_turns[me] < n) {
                    self.transfer_moves(state, (*count, *holds, *behind), from, to, out);
                }
                MoveStats::default()
            }
            TurnKind::Empty { hole, .. } => {
                let me = state.to_move;
                for h in self.all_holes() {
                    if self.hole_owner[h.index()] == me
                        && state.counts[h.index()] > 0
                        && self.matches(state, me, hole, h)
                    {
                        out.push(Move::Empty(h));
                    }
                }
                MoveStats::default()
            }
            TurnKind::Mark { hole, mark } => {
                let me = state.to_move;
                for h in self.all_holes() {
                    if self.matches(state, me, hole, h) && !state.is_marked(*mark, h) {
                        out.push(Move::Mark(h));
                    }
                }
                MoveStats::default()
            }
        }
    }

    /// The sowings of rules played by an interpreter of their own: holes owned by colour
    /// (`engine::colour`), or sowings played lap by lap (`engine::stepwise`).
    #[cold]
    fn interpreted_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList) -> MoveStats {
        if self.colours { self.colour_moves(state, sow, out) } else { self.step_moves(state, sow, out) }
    }

    /// A sowing of rules played by an interpreter of their own (see
    /// [`Rules::interpreted_moves`]).
    #[cold]
    fn interpreted_sow<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        h: Hole,
        log: &mut L,
    ) -> Option<SowEnd> {
        if self.colours {
            self.colour_sow(state, history, h, log)
        } else {
            self.step_sow(state, history, h, None, false, log)
        }
    }

    /// Whether hole `h` fits a description, from `me`'s point of view.
    fn matches(&self, state: &State, me: Player, filter: &HoleFilter, h: Hole) -> bool {
        let i = h.index();
        filter.state.is_none_or(|s| (state.counts[i] == 0) == (s == HoleState::Empty))
            && filter.side.is_none_or(|side| (self.hole_owner[i] == me) == (side == Side::Own))
            && filter.role.is_none_or(|role| self.hole_role[i] == role)
            && filter.mark.is_none_or(|m| state.is_marked(m, h))
    }

    /// The moves of a turn that moves seeds: `how` is the seeds moved (`None`: all), what the
    /// hole they come from must hold, and whether they go to a hole in its column.
    fn transfer_moves(
        &self,
        state: &State,
        how: (Option<u16>, Option<(u16, u16)>, bool),
        from: &HoleFilter,
        to: &HoleFilter,
        out: &mut MoveList,
    ) {
        let (count, holds, behind) = how;
        let me = state.to_move;
        for a in self.all_holes() {
            let n = state.counts[a.index()];
            if n < count.unwrap_or(1)
                || holds.is_some_and(|(lo, hi)| n < lo || n > hi)
                || !self.matches(state, me, from, a)
            {
                continue;
            }
            let column = self.hole_column[a.index()];
            for b in self.all_holes() {
                if b != a
                    && self.matches(state, me, to, b)
                    && (!behind || self.hole_column[b.index()] == column)
                {
                    out.push(Move::Transfer(a, b));
                }
            }
        }
    }

    /// Whether a sowing chosen now goes against the circuit's stored order for `me` in this
    /// phase: `None` when the player chooses the direction with it.
    pub(super) fn sowing_reversed(&self, state: &State, sow: &SowRules, me: Player) -> Option<bool> {
        if let Some(d) = sow.direction {
            return Some(d != self.direction);
        }
        match (state.direction[me], self.chosen) {
            (_, Chosen::EachTurn) | (None, Chosen::Once) => None,
            (Some(d), _) => Some(d != self.direction),
            (None, Chosen::Never) => Some(false),
        }
    }

    /// Whether the sowing under way (relay laps, a paused lap) goes against the circuit's
    /// stored order: the phase's direction, else the one the mover chose.
    pub(super) fn turn_reversed(&self, state: &State, sow: &SowRules, me: Player) -> bool {
        sow.direction.or(state.direction[me]).is_some_and(|d| d != self.direction)
    }

    /// The hole after (or, with `back`, before) `h` along `me`'s circuit in its stored order.
    #[inline(always)]
    fn neighbour(&self, me: Player, h: Hole, back: bool) -> Hole {
        let circuit = &self.circuit[me];
        let len = circuit.len();
        let pos = usize::from(self.circuit_pos[me][h.index()]);
        let pos = if back {
            if pos == 0 { len - 1 } else { pos - 1 }
        } else if pos + 1 == len {
            0
        } else {
            pos + 1
        };
        circuit[pos]
    }

    /// Whether hole `h` fits a choice description for `me` sowing forwards or `rev`.
    #[inline(always)]
    pub(crate) fn fits(&self, state: &State, me: Player, choice: &Choice, h: Hole, rev: bool) -> bool {
        let c = state.counts[h.index()];
        // Without `&&`: the count tests are unpredictable, and most descriptions stop here.
        let counted = (c >= choice.rule.min) & (c <= choice.rule.max);
        if choice.counts_only {
            return counted;
        }
        counted && self.fits_beyond_counts(state, me, choice, h, rev)
    }

    /// The tests of [`Rules::fits`] beyond the hole's seed count.
    #[inline(always)]
    fn fits_beyond_counts(&self, state: &State, me: Player, choice: &Choice, h: Hole, rev: bool) -> bool {
        choice.rule.next.is_none_or(|want| {
            (state.counts[self.neighbour(me, h, rev).index()] == 0) == (want == HoleState::Empty)
        }) && choice.rule.previous.is_none_or(|want| {
            (state.counts[self.neighbour(me, h, !rev).index()] == 0) == (want == HoleState::Empty)
        }) && (choice.plain || self.fits_rarely(state, me, choice, h, rev))
    }

    /// The tests of [`Rules::fits`] few descriptions ask for: marks, the fullest hole, the
    /// opposite hole, the hole after a mark, a prediction of the lap.
    #[cold]
    #[inline(never)]
    fn fits_rarely(&self, state: &State, me: Player, choice: &Choice, h: Hole, rev: bool) -> bool {
        let c = state.counts[h.index()];
        choice.mark.is_none_or(|m| state.is_marked(m, h))
            && choice.except_mark.is_none_or(|m| !state.is_marked(m, h))
            && (!choice.rule.most || self.fullest(state, me) == c)
            && choice.rule.opposite.is_none_or(|(role, want)| {
                (self.opposite_count(state, me, h, role) == 0) == (want == HoleState::Empty)
            })
            && choice.after_mark.is_none_or(|(m, k)| self.after_mark(state, me, m, k, rev) == Some(h))
            && (!choice.rule.captures || self.first_lap_captures(state, me, h, rev))
            && choice.rule.lands_in.is_none_or(|role| self.lands_in_front(state, me, h, role, rev))
            && choice
                .none_fits
                .as_ref()
                .is_none_or(|other| !other.holes[me].iter().any(|&x| self.fits(state, me, other, x, rev)))
    }

    /// Whether the seeds of `me`'s hole `h`, counted on along their circuit (against the
    /// usual way with `rev`) one hole a seed, would end in an own hole of row `role` with an
    /// occupied hole in front of it: the own hole of the next row inward in its column, or
    /// for the innermost row the opponent's facing hole (`whose last seed would fall in an
    /// own inner hole in front of an occupied hole`). The landing hole may be empty.
    #[cold]
    fn lands_in_front(&self, state: &State, me: Player, h: Hole, role: Role, rev: bool) -> bool {
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let ring = &sow.rings[me];
        if !ring.on_ring(h) {
            return false;
        }
        let mut pos = ring.pos(h);
        for _ in 0..state.counts[h.index()] {
            pos = if rev { ring.step::<true>(pos) } else { ring.step::<false>(pos) };
        }
        let at = Hole(ring.slot(pos) as u8);
        if self.hole_owner[at.index()] != me || self.hole_role[at.index()] != role {
            return false;
        }
        let (row, column) = (usize::from(role), usize::from(self.hole_column[at.index()]));
        let front = match self.role_hole[me].get(row + 1) {
            Some(next) => next[column],
            None => self.role_hole[me.other()][row][column],
        };
        state.counts[front.index()] > 0
    }

    /// The hole `steps` holes after `me`'s hole carrying mark `m`, along their circuit
    /// (against the usual way with `rev`); `None` while no hole of theirs carries it.
    #[cold]
    fn after_mark(&self, state: &State, me: Player, m: MarkId, steps: u8, rev: bool) -> Option<Hole> {
        let marked = self.circuit[me].iter().copied().find(|&h| state.is_marked(m, h))?;
        Some((0..steps).fold(marked, |h, _| self.neighbour(me, h, rev)))
    }

    /// A lap rule's `mark the landing hole as …`: the mark leaves `me`'s other holes and goes
    /// to `landing`.
    #[cold]
    pub(super) fn mark_landing(&self, state: &mut State, me: Player, m: MarkId, landing: Hole) {
        for &h in &self.circuit[me] {
            state.marks[usize::from(m)][h.index() / 64] &= !(1 << (h.index() % 64));
        }
        state.marks[usize::from(m)][landing.index() / 64] |= 1 << (landing.index() % 64);
    }

    /// `move N seeds from the landing hole into HOLE`: move number `i` of the rules, from
    /// the hole `landing` where the sowing ended. The seeds stay on the board.
    #[cold]
    pub(super) fn move_landing(&self, state: &mut State, i: u8, landing: Hole) {
        let Some(m) = self.model.landing_moves.get(usize::from(i)) else { return };
        let me = state.to_move;
        let to = self.hole_from_owners_left(me, m.role, m.column.from_left(self.columns).unwrap_or(0));
        let n = m.count.min(state.counts[landing.index()]);
        self.remove(state, landing, n);
        self.add(state, to, n);
    }

    /// Whether the first lap of a sowing of hole `h` by `me`, going `rev`, ends where a lap
    /// rule captures (`whose lap captures`): sown on a copy of the counts.
    #[cold]
    fn first_lap_captures(&self, state: &State, me: Player, h: Hole, rev: bool) -> bool {
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let ring = &sow.rings[me];
        if !ring.on_ring(h) {
            return false;
        }
        let mut counts = state.counts;
        let hand = u32::from(counts[h.index()]);
        counts[h.index()] = 0;
        let ctx = LapContext { marks: &state.marks, origin: hand as u16, reached: false };
        let pos = ring.pos(h);
        let end = if rev {
            ring.single_lap::<true>(&mut counts, &ctx, pos, hand, 0)
        } else {
            ring.single_lap::<false>(&mut counts, &ctx, pos, hand, 0)
        };
        matches!(end.action, LapAction::Capture(_))
    }

    /// [`Rules::fits`] in a loop over holes: the description's seed counts and whether they
    /// are all it says, read once before the loop (`(min, max, counts_only)`), so that the
    /// common test stays in registers.
    #[inline(always)]
    fn fits_read(
        &self,
        state: &State,
        (me, choice, h, rev): (Player, &Choice, Hole, bool),
        (min, max, counts_only): (u16, u16, bool),
    ) -> bool {
        let c = state.counts[h.index()];
        if counts_only { (c >= min) & (c <= max) } else { self.fits(state, me, choice, h, rev) }
    }

    /// The choice description in force and the holes fitting it, for one direction.
    fn fitting<'a>(&self, state: &'a State, sow: &'a SowRules, me: Player, rev: bool) -> Option<&'a Choice> {
        sow.choices.iter().find(|c| c.holes[me].iter().any(|&h| self.fits(state, me, c, h, rev)))
    }

    fn sow_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList) -> MoveStats {
        let mut stats = match self.sowing_reversed(state, sow, state.to_move) {
            Some(false) => self.sow_moves_one_way::<false>(state, sow, out),
            Some(true) => self.sow_moves_one_way::<true>(state, sow, out),
            None => self.sow_moves_choosing_direction(state, sow, out),
        };
        // Asked here, not in a call on every turn: most turns of a game that makes its players
        // feed an opponent find the opponent with seeds.
        if sow.extra_moves && (!sow.turnings.is_empty() || sow.hand_entry || self.must_feed_now(state, sow)) {
            self.extra_moves(state, sow, out, &mut stats);
        }
        stats
    }

    /// The moves beyond the sowings of the holes chosen: turned laps and entering the hand
    /// added, sowings that leave the opponent without seeds taken away.
    #[cold]
    fn extra_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList, stats: &mut MoveStats) {
        if !sow.turnings.is_empty() {
            self.turned_moves(state, sow, out, stats);
        }
        if sow.hand_entry && self.may_enter(state) {
            out.push(Move::Enter);
        }
        if self.must_feed_now(state, sow) {
            self.keep_feeding(state, out);
        }
    }

    /// Whether the rules make the mover feed an opponent who has no seeds, now.
    #[inline(always)]
    pub(super) fn must_feed_now(&self, state: &State, sow: &SowRules) -> bool {
        sow.must_feed && state.seeds[state.to_move.other()] == 0
    }

    /// Keep only the sowings after which the opponent has seeds.
    #[cold]
    pub(super) fn keep_feeding(&self, state: &State, out: &mut MoveList) {
        let opp = state.to_move.other();
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            let mut after = state.clone();
            let mut history = History::new(self, &after);
            self.apply(&mut after, &mut history, mv);
            if after.seeds[opp] > 0 {
                out.as_mut_slice()[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether sowing hole `h` of the mover's ring (sowing backwards with `REV`) ends.
    #[inline(always)]
    pub(super) fn candidate_ends<const REV: bool>(&self, state: &State, ring: &Ring, h: Hole) -> bool {
        if ring.capture_sows {
            return self.turn_ends(state, h, state.counts[h.index()], REV, 0);
        }
        Self::laps_end::<REV>(state, ring, h)
    }

    /// [`Rules::candidate_ends`] on a ring whose sowings end with their laps (not
    /// [`Ring::capture_sows`]).
    #[inline(always)]
    fn laps_end<const REV: bool>(state: &State, ring: &Ring, h: Hole) -> bool {
        ring.ends::<REV>(&state.counts, (&state.marks, state.counts[h.index()]), ring.pos(h))
    }

    /// The sowings of a mover whose direction is settled.
    fn sow_moves_one_way<const REV: bool>(
        &self,
        state: &State,
        sow: &SowRules,
        out: &mut MoveList,
    ) -> MoveStats {
        let ring = &sow.rings[state.to_move];
        if ring.capture_sows {
            return self.sow_moves_capturing::<REV>(state, sow, out);
        }
        self.sow_moves_in::<REV>(state, sow, out, !ring.never_relays)
    }

    /// [`Rules::sow_moves_in`] for a ring whose sowings go on with the seeds they capture
    /// ([`Ring::capture_sows`]): each fitting hole's whole turn is checked to end.
    #[cold]
    #[inline(never)]
    fn sow_moves_capturing<const REV: bool>(
        &self,
        state: &State,
        sow: &SowRules,
        out: &mut MoveList,
    ) -> MoveStats {
        let me = state.to_move;
        let mut stats = MoveStats::default();
        for choice in &sow.choices {
            let mut fitted = false;
            for &h in &choice.holes[me] {
                if !self.fits(state, me, choice, h, REV) {
                    continue;
                }
                fitted = true;
                if self.turn_ends(state, h, state.counts[h.index()], REV, 0) {
                    out.push(Move::Sow(h));
                } else {
                    stats.endless += 1;
                }
            }
            if fitted {
                break;
            }
        }
        stats
    }

    /// The holes that fit the first choice description in force (a later description is
    /// looked at only if none fitted). With `sown`, each is checked to end; without, as
    /// where no lap relays and every sowing ends after one lap, every fitting hole is legal,
    /// found branch-free.
    pub(super) fn sow_moves_in<const REV: bool>(
        &self,
        state: &State,
        sow: &SowRules,
        out: &mut MoveList,
        sown: bool,
    ) -> MoveStats {
        let me = state.to_move;
        let mut stats = MoveStats::default();
        let ring = &sow.rings[me];
        for choice in &sow.choices {
            let start = out.len;
            // The description's seed counts read once, outside the loops.
            let (min, max, counts_only) = (choice.rule.min, choice.rule.max, choice.counts_only);
            let fitted = if sown {
                // Whether the ring is simple, asked once rather than for each candidate.
                let read = (min, max, counts_only);
                if ring.simple {
                    self.sown_candidates::<REV, true>(state, (ring, choice), read, out, &mut stats)
                } else {
                    self.sown_candidates::<REV, false>(state, (ring, choice), read, out, &mut stats)
                }
            } else {
                let mut n = start;
                for &h in &choice.holes[me] {
                    let fits = self.fits_read(state, (me, choice, h, REV), (min, max, counts_only));
                    out.moves[n] = Move::Sow(h);
                    n += usize::from(fits);
                }
                out.len = n;
                n > start
            };
            if fitted {
                break;
            }
        }
        stats
    }

    /// The holes of `choice` that fit it and whose sowings end, on a ring that is
    /// [`Ring::simple`] (`SIMPLE`) or not; whether any fitted.
    #[inline(always)]
    fn sown_candidates<const REV: bool, const SIMPLE: bool>(
        &self,
        state: &State,
        (ring, choice): (&Ring, &Choice),
        read: (u16, u16, bool),
        out: &mut MoveList,
        stats: &mut MoveStats,
    ) -> bool {
        let me = state.to_move;
        let mut fitted = false;
        // The ring's slots, read once rather than for each candidate.
        let slots = &state.counts[ring.base..ring.base + ring.len];
        for &h in &choice.holes[me] {
            if !self.fits_read(state, (me, choice, h, REV), read) {
                continue;
            }
            fitted = true;
            let ends = if SIMPLE {
                let at = ring.pos(h);
                ring.first_lap_ends::<REV>(slots, at)
                    || ring.later_laps_end::<REV>(&state.counts, (&state.marks, state.counts[h.index()]), at)
            } else {
                Self::laps_end::<REV>(state, ring, h)
            };
            if ends {
                out.push(Move::Sow(h));
            } else {
                stats.endless += 1;
            }
        }
        fitted
    }

    /// The sowings of a mover who chooses their direction for good with this one: each hole
    /// in board order, the circuit's own direction first.
    #[cold]
    fn sow_moves_choosing_direction(&self, state: &State, sow: &SowRules, out: &mut MoveList) -> MoveStats {
        let me = state.to_move;
        let mut stats = MoveStats::default();
        let ring = &sow.rings[me];
        let directions = [self.direction, self.direction.other()];
        let choices = directions.map(|d| self.fitting(state, sow, me, d != self.direction));
        for &h in &self.territory[me] {
            for (&d, choice) in directions.iter().zip(&choices) {
                let rev = d != self.direction;
                let Some(choice) = choice else { continue };
                if !choice.holes[me].contains(&h) || !self.fits(state, me, choice, h, rev) {
                    continue;
                }
                let ends = if rev {
                    self.candidate_ends::<true>(state, ring, h)
                } else {
                    self.candidate_ends::<false>(state, ring, h)
                };
                if ends {
                    out.push(Move::SowDirection(h, d));
                } else {
                    stats.endless += 1;
                }
            }
        }
        stats
    }

    /// The holes that fit the choice description in force, before endless sowings are
    /// refused: the candidates from which [`Rules::try_play`] may draw. Returns `false`
    /// (with `out` empty) when the turn is not such a choice — a pick, a choice at the end
    /// of a lap, a special turn of an opening, a turn where passing is on offer too, or a
    /// sowing whose direction is chosen with it — and [`Rules::legal_moves`] must be used
    /// instead.
    pub fn candidates(&self, state: &State, out: &mut MoveList) -> bool {
        out.clear();
        if state.outcome.is_some() || state.phase != Phase::Sow {
            return false;
        }
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let Some(rev) = self.sowing_reversed(state, sow, me) else { return false };
        // A pass on offer beside the sowings is not a candidate sowing, nor a turned lap; where
        // holes belong by colour, `engine::colour` makes the lists.
        if self.flags.interpreted
            || self.model.end.pass_loses
            || (sow.extra_moves
                && (!sow.turnings.is_empty() || sow.hand_entry || self.must_feed_now(state, sow)))
        {
            return false;
        }
        let counts = &state.counts;
        for choice in &sow.choices {
            let (min, max) = (choice.rule.min, choice.rule.max);
            let simple = choice.counts_only;
            let moves = &mut out.moves;
            let mut n = 0;
            if simple {
                // Branch-free, with the length in a register: seed counts make the tests
                // unpredictable, and this runs once per turn over every own hole.
                for &h in &choice.holes[me] {
                    let c = counts[h.index()];
                    moves[n] = Move::Sow(h);
                    n += usize::from((c >= min) & (c <= max));
                }
            } else {
                n = self.fitting_candidates(state, (me, choice, rev), out);
            }
            out.len = n;
            if n > 0 {
                return true;
            }
        }
        true
    }

    /// [`Rules::candidates`] of a description that asks more than seed counts: its fitting
    /// holes put in `out` (its length left alone), and how many. Apart, so that the loop of
    /// counts alone stays a loop of its own.
    #[inline(never)]
    fn fitting_candidates(
        &self,
        state: &State,
        (me, choice, rev): (Player, &Choice, bool),
        out: &mut MoveList,
    ) -> usize {
        let (min, max) = (choice.rule.min, choice.rule.max);
        let mut n = 0;
        for &h in &choice.holes[me] {
            out.moves[n] = Move::Sow(h);
            let c = state.counts[h.index()];
            n += usize::from(c >= min && c <= max && self.fits_beyond_counts(state, me, choice, h, rev));
        }
        n
    }

    /// Index of the choice description in force (the first that fits some hole), for the
    /// player to move sowing in their current direction.
    pub(crate) fn choice_in_force(&self, state: &State) -> Option<usize> {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
        let rev = self.sowing_reversed(state, sow, me).unwrap_or(false);
        sow.choices.iter().position(|c| c.holes[me].iter().any(|&h| self.fits(state, me, c, h, rev)))
    }

    /// The choice descriptions of the player to move's current phase (empty if its turns
    /// are not sowings).
    pub(crate) fn choices_now(&self, state: &State) -> &[Choice] {
        match &self.phase_rules(state, state.to_move).turn {
            TurnKind::Sow(sow) => &sow.choices,
            _ => &[],
        }
    }

    fn pick_moves(&self, state: &State, pick: Pick, out: &mut MoveList) {
        let opp = state.to_move.other();
        let follow_up = &self.model.captures[pick.capture as usize].follow_ups[pick.step as usize];
        let region = self.region_holes(opp, follow_up.region());
        let except = follow_up.except();
        let lower = pick.lower as usize;
        let remaining = u32::from(pick.remaining);
        match *follow_up {
            FollowUp::Strip { optional: true, .. } | FollowUp::ExtraHoles { optional: true, .. } => {
                // Any pick (the mover may stop whenever they like), then `stop`.
                for &h in &region[lower..] {
                    if state.counts[h.index()] > 0 && except.is_none_or(|m| !state.is_marked(m, h)) {
                        out.push(Move::Pick(h));
                    }
                }
                out.push(Move::Stop);
            }
            FollowUp::Strip { optional: false, .. } | FollowUp::ExtraHoles { optional: false, .. } => {
                // A pick is offered only if the picks still owed can be completed from it:
                // the seeds (or occupied holes) from this hole on must cover them.
                let start = out.len();
                let holes = &region[lower..];
                match (follow_up, except) {
                    (FollowUp::Strip { .. }, _) => {
                        let mut suffix = 0u32;
                        for &h in holes.iter().rev() {
                            let here = u32::from(state.counts[h.index()]);
                            suffix += here;
                            if here > 0 && suffix >= remaining {
                                out.push(Move::Pick(h));
                            }
                        }
                    }
                    (_, None) => {
                        let mut suffix = 0u32;
                        for &h in holes.iter().rev() {
                            let here = state.counts[h.index()] > 0;
                            suffix += u32::from(here);
                            if here && suffix >= remaining {
                                out.push(Move::Pick(h));
                            }
                        }
                    }
                    (_, Some(mark)) => {
                        let mut suffix = 0u32;
                        for &h in holes.iter().rev() {
                            let here = state.counts[h.index()] > 0 && !state.is_marked(mark, h);
                            suffix += u32::from(here);
                            if here && suffix >= remaining {
                                out.push(Move::Pick(h));
                            }
                        }
                    }
                }
                out.as_mut_slice()[start..].reverse();
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn lap_choice_moves(&self, state: &State, choice: LapChoice, out: &mut MoveList) {
        if choice.through {
            self.path_choice_moves(state, choice, out);
            return;
        }
        if self.stepwise {
            return self.step_choice_moves(state, choice, out);
        }
        if choice.turn {
            // Which way the next lap goes: the usual way, or turned.
            if self.relay_ends(state, choice) {
                out.push(Move::Relay);
            }
            let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return };
            if let Some((d, rev)) = self.turn_at(state, sow, choice.at, choice.origin, false, choice.hand)
                && self.turn_ends_from(
                    state,
                    (choice.at, choice.origin, choice.hand),
                    (rev, true),
                    choice.relays + 1,
                    0,
                )
            {
                out.push(Move::SowDirection(choice.at, d));
            }
            if state.turn_bits & TURN_LEAVE != 0 {
                // The captured seeds left where they are: another hole's lap turned instead.
                for (h, d, rev) in self.leave_options(state, sow, choice.at, choice.origin) {
                    if self.turn_ends_from(state, (h, choice.origin, 0), (rev, true), choice.relays + 1, 0) {
                        out.push(Move::SowDirection(h, d));
                    }
                }
            }
            return;
        }
        out.push(Move::Stop);
        if choice.relays < MAX_RELAY_CHOICES && self.relay_ends(state, choice) {
            out.push(Move::Relay);
        }
    }

    /// Whether relaying from a paused sowing would end (or reach another choice) rather
    /// than sow forever.
    fn relay_ends(&self, state: &State, choice: LapChoice) -> bool {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let rev = self.turn_reversed(state, sow, me);
        let ring = &sow.rings[me];
        if ring.capture_sows || choice.hand > 0 {
            let from = (choice.at, choice.origin, choice.hand);
            return self.turn_ends_from(state, from, (rev, false), choice.relays + 1, 0);
        }
        let pos = ring.pos(choice.at);
        let lap = (&state.marks, choice.origin);
        if rev {
            ring.ends::<true>(&state.counts, lap, pos)
        } else {
            ring.ends::<false>(&state.counts, lap, pos)
        }
    }

    /// Play a candidate sowing (from [`Rules::candidates`]) or any other legal decision,
    /// sowing it only once: if the sowing would never end, nothing changes and `Endless` is
    /// returned. The fast path for random play that draws one candidate at a time.
    pub fn try_play(&self, state: &mut State, history: &mut History, mv: Move) -> Result<(), Endless> {
        if let Move::Sow(h) = mv
            && !self.stepwise
        {
            let me = state.to_move;
            let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return Err(Endless) };
            if sow.rings[me].capture_sows {
                let rev = self.sowing_reversed(state, sow, me) == Some(true);
                let ends = self.turn_ends(state, h, state.counts[h.index()], rev, 0);
                if !ends {
                    return Err(Endless);
                }
                self.apply(state, history, mv);
                return Ok(());
            }
            if !sow.rings[me].simple {
                return self.try_sow::<MAX_SLOTS>(state, history, h, &sow.rings[me]);
            }
            return self.try_sow::<RING_WINDOW>(state, history, h, &sow.rings[me]);
        }
        self.apply(state, history, mv);
        Ok(())
    }

    /// [`Rules::try_play`] of a sowing, saving a window of `W` slots that holds the mover's
    /// circuit (a fixed size copies without a call) to put back if the sowing is endless.
    #[inline(always)]
    fn try_sow<const W: usize>(
        &self,
        state: &mut State,
        history: &mut History,
        h: Hole,
        ring: &Ring,
    ) -> Result<(), Endless> {
        let base = ring.base.min(MAX_SLOTS - W);
        let backup: [u16; W] = state.counts[base..base + W].try_into().unwrap_or([0; W]);
        let hash = state.hash;
        if !self.sow_turn(state, history, h) {
            // An endless sowing changed only the circuit's counts (and the hash).
            if let Some(window) = state.counts.get_mut(base..base + W) {
                window.copy_from_slice(&backup);
            }
            state.hash = hash;
            return Err(Endless);
        }
        Ok(())
    }

    /// Play a decision known to be legal (from [`Rules::legal_moves`]). The fast path for
    /// search and simulation: nothing is checked. An illegal decision leaves the state
    /// unspecified (but never hangs or panics on an endless sowing).
    pub fn play_unchecked(&self, state: &mut State, history: &mut History, mv: Move) {
        let _ = self.apply(state, history, mv);
    }

    /// Apply a decision; the sowing's details for a sowing.
    #[inline(always)]
    pub(crate) fn apply(&self, state: &mut State, history: &mut History, mv: Move) -> Option<SowEnd> {
        self.apply_logged(state, history, mv, &mut ())
    }

    /// [`Rules::apply`], telling `log` what captures and picks take as they take it.
    pub(crate) fn apply_logged<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        mv: Move,
        log: &mut L,
    ) -> Option<SowEnd> {
        // A sowing at the start of a turn first, and alone: the other decisions are played
        // apart.
        if let Move::Sow(h) = mv
            && !self.flags.interpreted
        {
            return self.sow_turn_logged(state, history, h, None, log);
        }
        self.apply_other(state, history, mv, log)
    }

    /// [`Rules::apply_logged`] for every decision but a plain sowing at the start of a turn.
    #[inline(never)]
    fn apply_other<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        mv: Move,
        log: &mut L,
    ) -> Option<SowEnd> {
        let me = state.to_move;
        match mv {
            Move::Sow(h) if self.flags.interpreted => self.interpreted_sow(state, history, h, log),
            Move::SowDirection(h, d) if self.stepwise => {
                self.step_sow(state, history, h, Some(d), false, log)
            }
            Move::SowThrough(h) => self.step_sow(state, history, h, None, true, log),
            Move::Relay if self.stepwise => {
                let Phase::LapChoice(choice) = state.phase else { return None };
                if choice.through {
                    // The relay past the side store.
                    return self.step_sow(state, history, choice.at, None, false, log);
                }
                self.step_relay(state, history, choice, log)
            }
            Move::Sow(h) => self.sow_turn_logged(state, history, h, None, log),
            Move::SowDirection(h, d) => {
                if let Phase::LapChoice(choice) = state.phase {
                    // A paused sowing turned: one lap that way from the hole it paused at (or,
                    // where the seeds put there are left, from another hole the rules allow).
                    let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
                    let rev = d != self.direction;
                    let end = self.turned_lap(state, sow, h, choice.origin, rev, choice.hand_at(h));
                    return Some(self.after_sowing(
                        state,
                        history,
                        end,
                        choice.origin,
                        choice.relays + 1,
                        rev,
                        log,
                    ));
                }
                if self.chosen != Chosen::Never {
                    state.direction[me] = Some(d);
                }
                self.sow_turn_logged(state, history, h, Some(d), log)
            }
            Move::Pick(h) => {
                self.pick(state, history, h, log);
                None
            }
            Move::Stop => {
                match state.phase {
                    Phase::Pick(p) => {
                        self.follow_up(state, history, p.capture, p.step + 1, p.taken, p.taken_roles)
                    }
                    Phase::LapChoice(_) => {
                        if self.stepwise {
                            self.step_block(state);
                        }
                        self.end_turn(state, history);
                    }
                    Phase::Sow | Phase::EndChoice(_) => {}
                }
                None
            }
            Move::Relay => {
                let Phase::LapChoice(choice) = state.phase else { return None };
                let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
                let rev = self.turn_reversed(state, sow, me);
                // The compiler allows no pause in a phase whose lap rules ask whether the turn has
                // reached a row, so nothing is known of one here.
                let end =
                    self.lift_some_and_sow(state, choice.at, choice.hand, (choice.origin, false), rev)?;
                Some(self.after_sowing(state, history, end, choice.origin, choice.relays + 1, rev, log))
            }
            Move::Transfer(a, b) if self.colours => {
                self.colour_jump(state, history, a, b);
                None
            }
            Move::Transfer(a, b) => {
                state.passes = 0;
                let phase = &self.model.phases[usize::from(state.phase_of[me])];
                if let TurnKind::Transfer { count, .. } = self.phase_rules(state, me).turn {
                    let count = count.unwrap_or(state.counts[a.index()]);
                    let capture = phase.drop_capture.filter(|d| self.drop_captures(state, d, b));
                    self.remove(state, a, count);
                    self.add(state, b, count);
                    if let Some(d) = capture {
                        self.capture_at_drop(state, d.capture, b, log);
                    }
                }
                if phase.keeps_turn.is_some() {
                    self.keep_turn(state, history);
                } else {
                    self.end_turn(state, history);
                }
                None
            }
            Move::Empty(h) => {
                state.passes = 0;
                if let TurnKind::Empty { to_hand, .. } = self.phase_rules(state, me).turn {
                    let n = state.counts[h.index()];
                    self.remove(state, h, n);
                    log.took(h, n);
                    // Counted with the seeds the player has put out of play (or in hand).
                    state.captured[me] += n;
                    if to_hand {
                        state.hand[me] += n;
                    }
                }
                self.end_turn(state, history);
                None
            }
            Move::Mark(h) => {
                state.passes = 0;
                if let TurnKind::Mark { mark, .. } = self.phase_rules(state, me).turn {
                    state.marks[usize::from(mark)][h.index() / 64] |= 1 << (h.index() % 64);
                }
                self.end_turn(state, history);
                None
            }
            Move::Enter => {
                state.passes = 0;
                self.enter(state);
                self.end_turn(state, history);
                None
            }
            Move::Pass => {
                state.passes = state.passes.saturating_add(1);
                // A pass of an opening never loses (nor draws: see `finish_turn`).
                if self.model.end.pass_loses && state.outcome.is_none() && self.is_main(state) {
                    state.outcome = Some(Outcome::Win { winner: me.other(), reason: WinReason::Passed });
                }
                let leaves =
                    !self.is_main(state) && self.model.phases[usize::from(state.phase_of[me])].ends_on_pass;
                if leaves {
                    // The pass ends the opening for its player: they start the next phase
                    // with no turns spent in it, and no pass of the game counted.
                    state.phase_of[me] += 1;
                    state.passes = 0;
                }
                self.end_turn(state, history);
                if leaves {
                    state.phase_turns[me] = 0;
                }
                None
            }
        }
    }

    /// Lift hole `h` and sow it the phase's or the player's way, as [`Rules::try_play`]
    /// does: whether the sowing ended (if not, the counts are left unspecified). The sowing's
    /// end is not kept, so that the common path does not copy it about.
    #[inline(always)]
    fn sow_turn(&self, state: &mut State, history: &mut History, h: Hole) -> bool {
        match self.first_part(state, history, h, None, &mut ()) {
            Ok((end, origin, rev)) => {
                if let Some((next, on)) = self.after_part(state, history, &end, (origin, 0), rev, &mut ()) {
                    self.sow_on(state, history, end, (next, on), (origin, 0), &mut ());
                }
                true
            }
            Err(played) => played.is_some(),
        }
    }

    /// [`Rules::sow_turn`] in `direction` if given, telling `log` what a capture takes: the
    /// whole sowing's end, or `None` if the sowing would never end.
    #[inline(always)]
    fn sow_turn_logged<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        h: Hole,
        direction: Option<Direction>,
        log: &mut L,
    ) -> Option<SowEnd> {
        match self.first_part(state, history, h, direction, log) {
            Ok((end, origin, rev)) => Some(self.after_sowing(state, history, end, origin, 0, rev, log)),
            Err(played) => played,
        }
    }

    /// The first part of a turn's sowing from hole `h`: its end, the seeds lifted and the way
    /// it went; or, as `Err`, the whole turn where it was not a plain first lap (or was
    /// refused: nothing to lift, not the mover's, endless).
    #[inline(always)]
    fn first_part<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        h: Hole,
        direction: Option<Direction>,
        log: &mut L,
    ) -> Result<(SowEnd, u16, bool), Option<SowEnd>> {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return Err(None) };
        let rev = match direction {
            Some(d) => d != self.direction,
            None => self.sowing_reversed(state, sow, me).unwrap_or(false),
        };
        let hand = u32::from(state.counts[h.index()]);
        if hand == 0 || self.hole_owner[h.index()] != me {
            return Err(None);
        }
        if sow.special_first
            && let Some(played) = self.special_first_turn(state, history, sow, (h, rev), log)
        {
            return Err(played);
        }
        state.counts[h.index()] = 0;
        let lift = 0u64.wrapping_sub(self.keys[h.index()].wrapping_mul(u64::from(hand)));
        let end = self.continue_sowing(state, sow, h, hand, lift, (hand as u16, false), rev).ok_or(None)?;
        // Every sowing that is played (by the fast path of random play too) ends a run of
        // passes; one refused as endless changes nothing.
        state.passes = 0;
        Ok((end, hand as u16, rev))
    }

    /// A turn whose first lap is of its own kind: turned, with seeds by rule into its first
    /// hole, or lifting a number of seeds or starting in the chosen hole. `None` where this
    /// first lap is the usual one after all; else what the turn came to.
    #[cold]
    #[inline(never)]
    fn special_first_turn<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        sow: &SowRules,
        (h, rev): (Hole, bool),
        log: &mut L,
    ) -> Option<Option<SowEnd>> {
        let hand = state.counts[h.index()];
        let end = match self.special_first_lap(state, sow, h, rev) {
            Some(end) => end,
            None if !sow.first_lap.is_plain() => match self.first_lap_sowing(state, sow, h, rev) {
                Some(end) => end,
                None => return Some(None),
            },
            None => return None,
        };
        state.passes = 0;
        Some(Some(self.after_sowing(state, history, end, hand, 0, rev, log)))
    }

    /// The sowing of a turn whose first lap is of its own kind (`sow 4 seeds starting with
    /// the chosen hole`): that many seeds of hole `h` (all, if it holds fewer), the first
    /// dropped back into `h` where the rules say so; relays go on as usual. `None` if the
    /// sowing would never end.
    #[cold]
    fn first_lap_sowing(&self, state: &mut State, sow: &SowRules, h: Hole, rev: bool) -> Option<SowEnd> {
        let ring = &sow.rings[state.to_move];
        let held = state.counts[h.index()];
        let hand = sow.first_lap.lift.map_or(held, |n| n.min(held));
        state.counts[h.index()] -= hand;
        let lift = 0u64.wrapping_sub(self.keys[h.index()].wrapping_mul(u64::from(hand)));
        // Sowing starting with the hole itself is sowing from the hole before it.
        let from = match (sow.first_lap.itself, rev) {
            (false, _) => h,
            (true, false) => Hole(ring.slot(ring.back::<false>(ring.pos(h))) as u8),
            (true, true) => Hole(ring.slot(ring.back::<true>(ring.pos(h))) as u8),
        };
        let mut end = self.continue_sowing(state, sow, from, u32::from(hand), lift, (held, false), rev)?;
        if end.laps == 1 {
            // The lap was lifted from the chosen hole.
            end.lap_at = ring.pos(h) as u16;
        }
        Some(end)
    }

    /// Sow `hand` seeds lifted from `from` on the board.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn continue_sowing(
        &self,
        state: &mut State,
        sow: &SowRules,
        from: Hole,
        hand: u32,
        hash: u64,
        (origin, reached): (u16, bool),
        rev: bool,
    ) -> Option<SowEnd> {
        let ring = &sow.rings[state.to_move];
        let ctx = LapContext { marks: &state.marks, origin, reached };
        let pos = ring.pos(from);
        let counts = &mut state.counts;
        if ring.tracks_reach() {
            let end = if rev {
                ring.sow_reaching::<true>(counts, &ctx, pos, hand, hash)
            } else {
                ring.sow_reaching::<false>(counts, &ctx, pos, hand, hash)
            };
            return end.ok();
        }
        let end = if rev {
            ring.sow_from::<true, true>(counts, &ctx, pos, hand, hash)
        } else {
            ring.sow_from::<true, false>(counts, &ctx, pos, hand, hash)
        };
        end.ok()
    }

    /// What follows the end of a sowing: a capture (whose seeds may be sown on, as a sowing
    /// of its own that ends in turn), a pause for the mover, another move, or the end of
    /// the turn. Returns the whole sowing's end: laps and seeds of every part, and where the
    /// last part ended.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn after_sowing<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        end: SowEnd,
        origin: u16,
        relays: u16,
        rev: bool,
        log: &mut L,
    ) -> SowEnd {
        // No loop here: on the playouts' common path the first part ends the turn, and a
        // loop would have the compiler load the rules' fields for it before every sowing.
        match self.after_part(state, history, &end, (origin, relays), rev, log) {
            None => end,
            Some((next, on)) => self.sow_on(state, history, end, (next, on), (origin, relays), log),
        }
    }

    /// The parts of a sowing after the first: each part's end is followed up in turn, until
    /// one ends the turn or the sowing reaches the lap bound.
    #[inline(never)]
    fn sow_on<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        mut end: SowEnd,
        (mut next, mut on): (SowEnd, bool),
        (origin, relays): (u16, u16),
        log: &mut L,
    ) -> SowEnd {
        loop {
            let whole = SowEnd { laps: end.laps + next.laps, sown: end.sown + next.sown, ..next };
            // A sowing known to end never comes near the bound; one that was not checked (an
            // illegal decision played unchecked) stops at it.
            if whole.laps > self.max_laps(state) {
                self.end_turn(state, history);
                return whole;
            }
            end = whole;
            match self.after_part(state, history, &end, (origin, relays), on, log) {
                None => return end,
                Some(part) => (next, on) = part,
            }
        }
    }

    /// What follows one part of a sowing that ended at `end`, its last lap gone `rev`: the
    /// next part sown and the way it went, or `None` where the turn ends or pauses.
    #[inline(always)]
    fn after_part<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        end: &SowEnd,
        (origin, relays): (u16, u16),
        rev: bool,
        log: &mut L,
    ) -> Option<(SowEnd, bool)> {
        state.hash = state.hash.wrapping_add(end.hash);
        if self.shared_circuit {
            // Seeds crossed to the other side (or into a store); a shared circuit has no side
            // stores.
            state.seeds = ByPlayer::new_with(|p| self.territory_seeds(state, p));
        }
        // The way the sowing goes on: read only where it goes on, not on the playouts' common
        // path (a lap that ends the turn).
        let mut on = rev;
        let next = match end.action {
            LapAction::Capture(c) => {
                on = self.going_on(state, rev);
                self.capture(state, history, c, end, (origin, relays), (rev, on), log)
            }
            // Only where laps may be turned: the next lap lifts a hole it may be turned from.
            LapAction::Relay | LapAction::RelayNext => match self.relay_hole(state, end, rev) {
                Some(_) if self.model.end.one_hole_every_lap && self.mover_in_one_hole(state) => {
                    state.outcome = Some(Outcome::Win { winner: state.to_move, reason: WinReason::OneHole });
                    self.end_turn(state, history);
                    None
                }
                Some(from) if self.pause_to_turn(state, from, (origin, relays), false, 0) => None,
                Some(from) => {
                    on = self.going_on(state, rev);
                    let next = self.lift_and_sow(state, from, (origin, end.reached), on);
                    if next.is_none() {
                        self.end_turn(state, history);
                    }
                    next
                }
                None => {
                    self.end_turn(state, history);
                    None
                }
            },
            LapAction::MayStop => {
                let choice = LapChoice { at: end.last, origin, relays, turn: false, hand: 0, through: false };
                state.phase = Phase::LapChoice(choice);
                None
            }
            LapAction::MoveAgain => {
                self.end_turn_again(state, history);
                None
            }
            LapAction::MarkLanding(m) => {
                self.mark_landing(state, state.to_move, m, end.last);
                self.end_turn(state, history);
                None
            }
            LapAction::MoveLanding(i) => {
                self.move_landing(state, i, end.last);
                self.end_turn(state, history);
                None
            }
            _ => {
                self.end_turn(state, history);
                None
            }
        };
        next.map(|next| (next, on))
    }

    /// Laps after which the mover's sowing counts as endless (the rules' stated limit, or the
    /// engine's bound).
    fn max_laps(&self, state: &State) -> u32 {
        match &self.phase_rules(state, state.to_move).turn {
            TurnKind::Sow(sow) => sow.rings[state.to_move].max_laps,
            _ => crate::model::MAX_SOWING_LAPS,
        }
    }

    /// The way a sowing goes on after a lap that went `rev`: where laps may be turned, every
    /// lap goes the usual way unless turned; elsewhere the way it went.
    #[inline(always)]
    pub(super) fn going_on(&self, state: &State, rev: bool) -> bool {
        if !self.flags.turnings {
            return rev;
        }
        let me = state.to_move;
        match &self.phase_rules(state, me).turn {
            TurnKind::Sow(sow) if !sow.turnings.is_empty() => self.turn_reversed(state, sow, me),
            _ => rev,
        }
    }

    /// The hole a relay lifts after a lap that ended at `end` going `rev`: `None` if the
    /// lap does not relay (or relays from an empty next hole).
    pub(super) fn relay_hole(&self, state: &State, end: &SowEnd, rev: bool) -> Option<Hole> {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return None };
        let ring = &sow.rings[state.to_move];
        let pos = if rev {
            ring.relay_from::<true>(&state.counts, end.last_at, end.action)
        } else {
            ring.relay_from::<false>(&state.counts, end.last_at, end.action)
        }?;
        Some(Hole(ring.slot(pos) as u8))
    }

    /// The other way a lap that lifts hole `at` now may go, by the phase's turning lines:
    /// for a turn's first lap (`first`), from a hole that fits the line's description; for a
    /// later one, from any hole of the line that holds seeds. `origin` is what the turn's
    /// chosen hole held; `hand` the seeds the lap lifts (0: the whole hole).
    pub(super) fn turn_at(
        &self,
        state: &State,
        sow: &SowRules,
        at: Hole,
        origin: u16,
        first: bool,
        hand: u16,
    ) -> Option<(Direction, bool)> {
        let me = state.to_move;
        if !first && self.turned_spent(state, sow) {
            return None;
        }
        let usual = self.turn_reversed(state, sow, me);
        sow.turnings.iter().find_map(|t| {
            let rev = t.direction != self.direction;
            let fits =
                if first { self.fits(state, me, &t.choice, at, rev) } else { state.counts[at.index()] > 0 };
            let allowed = rev != usual
                && t.choice.holes[me].contains(&at)
                && fits
                && self.turn_condition(state, sow, t, (at, origin, hand), rev);
            allowed.then_some((t.direction, rev))
        })
    }

    /// Whether a turning line's condition holds for a lap lifting `hand` seeds of hole `at`
    /// (0: the whole hole) sown `rev`: the lap is sown on a copy of the counts and its end
    /// read. A line judged `as if the whole hole were sown` sows every seed of the hole.
    fn turn_condition(
        &self,
        state: &State,
        sow: &SowRules,
        t: &TurnRule,
        (at, origin, hand): (Hole, u16, u16),
        rev: bool,
    ) -> bool {
        if let TurnCheck::Always = t.condition {
            return true;
        }
        let me = state.to_move;
        let ring = &sow.rings[me];
        let mut counts = state.counts;
        let hand = if hand == 0 || t.whole { counts[at.index()] } else { hand };
        counts[at.index()] -= hand;
        let hand = u32::from(hand);
        let ctx = LapContext { marks: &state.marks, origin, reached: false };
        let pos = ring.pos(at);
        let end = if rev {
            ring.single_lap::<true>(&mut counts, &ctx, pos, hand, 0)
        } else {
            ring.single_lap::<false>(&mut counts, &ctx, pos, hand, 0)
        };
        match &t.condition {
            TurnCheck::Always => true,
            TurnCheck::Captures => matches!(end.action, LapAction::Capture(_)),
            TurnCheck::Lands(rings) if rev => {
                rings[me].says::<true>(&counts, &ctx, end.last_at, LapAction::MoveAgain)
            }
            TurnCheck::Lands(rings) => {
                rings[me].says::<false>(&counts, &ctx, end.last_at, LapAction::MoveAgain)
            }
        }
    }

    /// Where a sowing is about to lift hole `at` for its next lap (`hand` seeds of it, 0 for
    /// all): pause it for the mover if that lap may be turned, or (`turned_capture`: the
    /// seeds a turned lap captured were just put there) the rules let them be left for
    /// another turned lap; and say so.
    pub(super) fn pause_to_turn(
        &self,
        state: &mut State,
        at: Hole,
        (origin, relays): (u16, u16),
        turned_capture: bool,
        hand: u16,
    ) -> bool {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return false };
        if relays >= MAX_RELAY_CHOICES {
            return false;
        }
        let leave = turned_capture && sow.leave_turned;
        let may_leave = leave && !self.leave_options(state, sow, at, origin).is_empty();
        if !may_leave && self.turn_at(state, sow, at, origin, false, hand).is_none() {
            return false;
        }
        if leave {
            state.turn_bits |= TURN_LEAVE;
        } else {
            state.turn_bits &= !TURN_LEAVE;
        }
        state.phase = Phase::LapChoice(LapChoice { at, origin, relays, turn: true, hand, through: false });
        true
    }

    /// Where a turned lap's captured seeds were put into hole `at`, the laps that may be
    /// sown instead, leaving them there: each other hole of a turning line that fits its
    /// description and whose condition holds, with the way it goes. None once the turn may
    /// not capture with a turned lap again (see [`Rules::turn_at`]).
    #[cold]
    fn leave_options(
        &self,
        state: &State,
        sow: &SowRules,
        at: Hole,
        origin: u16,
    ) -> Vec<(Hole, Direction, bool)> {
        let me = state.to_move;
        if !sow.leave_turned || self.turned_spent(state, sow) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for t in &sow.turnings {
            for &h in &t.choice.holes[me] {
                if h != at
                    && !out.iter().any(|&(o, _, _)| o == h)
                    && let Some((d, rev)) = self.turn_at(state, sow, h, origin, true, 0)
                {
                    out.push((h, d, rev));
                }
            }
        }
        out
    }

    /// Whether the turn may no longer turn a lap: the rules let turned laps capture once a
    /// turn unless its first lap was turned, and one has captured.
    #[inline(always)]
    fn turned_spent(&self, state: &State, sow: &SowRules) -> bool {
        sow.turned_once
            && state.turn_bits & (TURN_FIRST_TURNED | TURN_TURNED_CAPTURED) == TURN_TURNED_CAPTURED
    }

    /// The counts of the opponent's end holes of the row an end rule names (South's left
    /// one first), before a capture.
    #[cold]
    fn end_hole_counts(&self, state: &State) -> [u16; 2] {
        let Some(role) = self.model.end.end_holes else { return [0; 2] };
        let row = &self.role_hole[state.to_move.other()][usize::from(role)];
        let (first, last) = (row[0], row[row.len() - 1]);
        // `role_hole` lists a row from South's left, for both players.
        let (left, right) = if self.hole_column[first.index()] <= self.hole_column[last.index()] {
            (first, last)
        } else {
            (last, first)
        };
        [state.counts[left.index()], state.counts[right.index()]]
    }

    /// Note what a capture that took seeds did, where the rules look at a turn's captures:
    /// a capture by a turned lap (`turned`), and the end holes it emptied (their counts were
    /// `before`). Returns whether the turn has now taken both end holes and the mover wins
    /// (the outcome is set).
    #[cold]
    fn note_capture(&self, state: &mut State, before: [u16; 2], turned: bool) -> bool {
        if turned {
            state.turn_bits |= TURN_TURNED_CAPTURED;
        }
        // Turns of the main game only: an opening is no turn of the game proper.
        if self.model.end.end_holes.is_none() || !self.is_main(state) {
            return false;
        }
        let after = self.end_hole_counts(state);
        for (i, bit) in [TURN_END_LEFT, TURN_END_RIGHT].into_iter().enumerate() {
            if before[i] > 0 && after[i] == 0 {
                state.turn_bits |= bit;
            }
        }
        let both = TURN_END_LEFT | TURN_END_RIGHT;
        if state.turn_bits & both == both {
            state.outcome = Some(Outcome::Win { winner: state.to_move, reason: WinReason::EndHoles });
            return true;
        }
        false
    }

    /// A turn's first lap from hole `h` going `rev`, where it is sown otherwise than the
    /// rest: turned the other way, or with seeds by rule into its first hole. `None` where it
    /// is sown as any lap. What the lap rules say at its end (a relay too) is left for
    /// [`Rules::after_sowing`].
    #[cold]
    #[inline(never)]
    fn special_first_lap(&self, state: &mut State, sow: &SowRules, h: Hole, rev: bool) -> Option<SowEnd> {
        let me = state.to_move;
        let origin = state.counts[h.index()];
        let turned = !sow.turnings.is_empty() && rev != self.turn_reversed(state, sow, me);
        if turned {
            state.turn_bits |= TURN_FIRST_TURNED;
        }
        match sow.first_hole {
            Some(first) => Some(self.weighted_lap(state, sow, h, origin, first, rev)),
            None if turned => Some(self.turned_lap(state, sow, h, origin, rev, 0)),
            None => None,
        }
    }

    /// Lift hole `h` and sow one lap `rev` with `first` seeds into its first hole (all that
    /// are left, if fewer) and one into each hole after it, leaving what the lap rules say at
    /// its end (a relay too) for [`Rules::after_sowing`].
    pub(super) fn weighted_lap(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        origin: u16,
        first: u16,
        rev: bool,
    ) -> SowEnd {
        let ring = &sow.rings[state.to_move];
        let hand = state.counts[h.index()];
        state.counts[h.index()] = 0;
        let mut hash = 0u64.wrapping_sub(self.keys[h.index()].wrapping_mul(u64::from(hand)));
        let start = ring.pos(h);
        let (mut at, mut left, mut last) = (start, hand, 0u16);
        while left > 0 {
            at = if rev { ring.step::<true>(at) } else { ring.step::<false>(at) };
            if self.skip_origin && at == start {
                at = if rev { ring.step::<true>(at) } else { ring.step::<false>(at) };
            }
            last = if left == hand { first.min(left) } else { 1 };
            let slot = ring.slot(at);
            state.counts[slot] += last;
            hash = hash.wrapping_add(self.keys[slot].wrapping_mul(u64::from(last)));
            left -= last;
        }
        let slot = ring.slot(at);
        let before = state.counts[slot] - last;
        // A first lap with seeds by rule into its first hole is not followed row by row: the
        // compiler refuses `no seed of the turn has reached …` beside it.
        let ctx = LapContext { marks: &state.marks, origin, reached: false };
        let action = if rev {
            ring.lap_action::<true, true>(&state.counts, &ctx, at, before)
        } else {
            ring.lap_action::<true, false>(&state.counts, &ctx, at, before)
        };
        SowEnd {
            laps: 1,
            sown: u32::from(hand),
            last_at: at,
            lap_at: start as u16,
            last: Hole(slot as u8),
            action,
            hash,
            reached: false,
        }
    }

    /// Lift hole `h` (`hand` seeds of it, 0 for all) and sow one lap `rev`, a lap turned the
    /// other way, leaving what the lap rules say at its end (a relay too) for
    /// [`Rules::after_sowing`].
    pub(super) fn turned_lap(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        origin: u16,
        rev: bool,
        hand: u16,
    ) -> SowEnd {
        let ring = &sow.rings[state.to_move];
        let hand = if hand == 0 { state.counts[h.index()] } else { hand };
        state.counts[h.index()] -= hand;
        let lift = 0u64.wrapping_sub(self.keys[h.index()].wrapping_mul(u64::from(hand)));
        let ctx = LapContext { marks: &state.marks, origin, reached: false };
        let pos = ring.pos(h);
        if rev {
            ring.single_lap::<true>(&mut state.counts, &ctx, pos, u32::from(hand), lift)
        } else {
            ring.single_lap::<false>(&mut state.counts, &ctx, pos, u32::from(hand), lift)
        }
    }

    /// The sowings of a turn's first lap turned the other way, where the phase lets laps be
    /// turned: each hole a turning line allows, if the turn then ends.
    #[cold]
    fn turned_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList, stats: &mut MoveStats) {
        let me = state.to_move;
        for &h in &self.territory[me] {
            let origin = state.counts[h.index()];
            if origin == 0 {
                continue;
            }
            let Some((d, rev)) = self.turn_at(state, sow, h, origin, true, 0) else { continue };
            if self.turn_ends_from(state, (h, origin, 0), (rev, true), 0, 0) {
                out.push(Move::SowDirection(h, d));
            } else {
                stats.endless += 1;
            }
        }
    }

    /// Whether the whole sowing of the seeds of hole `h` (lifted by the player to move, for a
    /// sowing whose first hole held `origin`, going `rev`) ends, its captures' seeds sown on
    /// included: the legality check of rings where a capture's seeds are sown on as a lap of
    /// their own, or laps may be turned, played out on a copy of the position. `relays` is
    /// the relay decisions made this turn before this sowing.
    fn turn_ends(&self, state: &State, h: Hole, origin: u16, rev: bool, relays: u16) -> bool {
        self.turn_ends_from(state, (h, origin, 0), (rev, false), relays, 0)
    }

    /// [`Rules::turn_ends`] for a sowing whose first lap may be `turned` (one lap `rev`, then
    /// the usual way) and may lift only `hand` seeds of `h` (0: the whole hole). Every
    /// capture that sows on takes seeds from the opponent, so only the stretches between
    /// captures can go on for ever, and the sowing checks those. Where the sowing reaches a
    /// pause that lets the mover turn the next lap, it ends if some way on from there ends,
    /// looked at `depth` pauses deep at most (deeper, a pause counts as an end).
    fn turn_ends_from(
        &self,
        state: &State,
        (h, origin, hand): (Hole, u16, u16),
        (rev, turned): (bool, bool),
        relays: u16,
        depth: u8,
    ) -> bool {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let mut s = state.clone();
        // `relays` is 0 only for a turn's first lap.
        if turned && relays == 0 {
            s.turn_bits |= TURN_FIRST_TURNED;
        }
        let end = match sow.first_hole {
            Some(first) if relays == 0 => self.weighted_lap(&mut s, sow, h, origin, first, rev),
            _ if turned => self.turned_lap(&mut s, sow, h, origin, rev, hand),
            _ if relays == 0 && !sow.first_lap.is_plain() => match self.first_lap_sowing(&mut s, sow, h, rev)
            {
                Some(end) => end,
                None => return false,
            },
            _ => match self.lift_some_and_sow(&mut s, h, hand, (origin, false), rev) {
                Some(end) => end,
                None => return false,
            },
        };
        self.turn_ends_on(s, end, rev, (origin, relays), depth)
    }

    /// A pause to turn the next lap at `at` in the sowing checked by [`Rules::turn_ends_from`]:
    /// some way on from there must end (with `leave`, also the laps that leave a turned lap's
    /// captured seeds there). The next lap lifts `hand` seeds of `at` (0: the whole hole).
    fn pause_ends(
        &self,
        s: &State,
        (at, hand): (Hole, u16),
        leave: bool,
        (origin, relays): (u16, u16),
        depth: u8,
    ) -> bool {
        if depth >= MAX_TURN_DEPTH {
            return true;
        }
        let me = s.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(s, me).turn else { return false };
        let usual = self.turn_reversed(s, sow, me);
        self.turn_ends_from(s, (at, origin, hand), (usual, false), relays + 1, depth + 1)
            || self.turn_at(s, sow, at, origin, false, hand).is_some_and(|(_, turn)| {
                self.turn_ends_from(s, (at, origin, hand), (turn, true), relays + 1, depth + 1)
            })
            || (leave
                && (self.leave_options(s, sow, at, origin).into_iter()).any(|(other, _, turn)| {
                    self.turn_ends_from(s, (other, origin, 0), (turn, true), relays + 1, depth + 1)
                }))
    }

    /// The rest of the sowing checked by [`Rules::turn_ends_from`], on the copy `s` of the
    /// position, after a part that ended at `end` going `rev`.
    fn turn_ends_on(
        &self,
        mut s: State,
        mut end: SowEnd,
        mut rev: bool,
        (origin, relays): (u16, u16),
        depth: u8,
    ) -> bool {
        let me = s.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(&s, me).turn else { return false };
        // Brent's cycle detection on the position where a lap goes on the usual way from a
        // hole it could have been turned from: a relay that keeps passing such holes could
        // otherwise go on for ever, a few laps at a time.
        let mut saved: Option<(Hole, u16, bool, [u16; MAX_SLOTS])> = None;
        let (mut power, mut steps) = (1u32, 0u32);
        // Captured seeds sown on may take the mover's own seeds again (a capture of the
        // landing hole sown on starting with it): the stretch through such captures can go
        // round for ever too, and is bounded by the lap limit and checked for cycles on what
        // the rest of the sowing depends on.
        let mut resown = super::cycle::Brent::new();
        loop {
            let on = self.going_on(&s, rev);
            let mut leave = false;
            // Seeds the next lap lifts (0: the whole hole).
            let mut hand = 0;
            let from = match end.action {
                LapAction::Capture(c) => {
                    let ends_before = if self.turn_record { self.end_hole_counts(&s) } else { [0; 2] };
                    let (taken, _) = self.take_at(&mut s, c, &end, rev, &mut ());
                    if taken == 0 {
                        return true;
                    }
                    if self.turn_record && self.note_capture(&mut s, ends_before, rev != on) {
                        // The capture wins the game: the sowing ends there.
                        return true;
                    }
                    leave = rev != on && sow.leave_turned;
                    let destination = self.model.captures[usize::from(c)].destination;
                    if self.flags.capture_ends_phase
                        && let Destination::Sow(resow) = destination
                        && let Some(ends) = self.capture_ends_phase_ends(
                            &s,
                            resow,
                            taken,
                            &end,
                            (origin, relays),
                            (rev, on),
                            depth,
                        )
                    {
                        return ends;
                    }
                    // Where the taken seeds are kept does not change whether the sowing ends.
                    match destination {
                        Destination::Sow(resow) if Self::resow_may_turn(sow, resow) => {
                            let into;
                            (into, hand) = self.put_to_resow(&mut s, sow, resow, taken, &end);
                            into
                        }
                        Destination::Sow(resow) => {
                            let next = self.sow_taken(&mut s, sow, resow, taken, &end, origin, on);
                            if resow.goes_on() {
                                let Some(next) = next else { return false };
                                let laps = end.laps + next.laps;
                                if laps > sow.rings[me].max_laps
                                    || resown.repeats((
                                        (next.last, next.action, next.reached, on),
                                        (s.counts, s.hand, s.marks, s.turn_bits),
                                    ))
                                {
                                    return false;
                                }
                                (end, rev) = (SowEnd { laps, ..next }, on);
                                continue;
                            }
                            let Some(from) = self.relay_after(&s, c, &end, rev) else { return true };
                            from
                        }
                        _ => {
                            let Some(from) = self.relay_after(&s, c, &end, rev) else { return true };
                            from
                        }
                    }
                }
                // Only where laps may be turned or the end is read between laps.
                LapAction::Relay | LapAction::RelayNext => match self.relay_hole(&s, &end, rev) {
                    Some(_) if self.model.end.one_hole_every_lap && self.mover_in_one_hole(&s) => {
                        return true;
                    }
                    Some(from) => from,
                    None => return true,
                },
                _ => return true,
            };
            if relays < MAX_RELAY_CHOICES
                && (self.turn_at(&s, sow, from, origin, false, hand).is_some()
                    || (leave && !self.leave_options(&s, sow, from, origin).is_empty()))
            {
                return self.pause_ends(&s, (from, hand), leave, (origin, relays), depth);
            }
            if saved.as_ref().is_some_and(|(at, held, reached, counts)| {
                *at == from && *held == hand && *reached == end.reached && *counts == s.counts
            }) {
                return false;
            }
            if saved.is_none() || steps == power {
                saved = Some((from, hand, end.reached, s.counts));
                power = power.saturating_mul(2);
                steps = 0;
            }
            steps += 1;
            let laps = end.laps;
            match self.lift_some_and_sow(&mut s, from, hand, (origin, end.reached), on) {
                Some(next) if laps + next.laps <= sow.rings[me].max_laps => {
                    (end, rev) = (SowEnd { laps: laps + next.laps, ..next }, on);
                }
                _ => return false,
            }
        }
    }

    /// Take `n` seeds out of hole `h` (either side).
    pub(super) fn remove(&self, state: &mut State, h: Hole, n: u16) {
        state.counts[h.index()] -= n;
        state.seeds[self.hole_owner[h.index()]] -= n;
        state.hash = state.hash.wrapping_sub(self.keys[h.index()].wrapping_mul(u64::from(n)));
    }

    /// Put `n` seeds into hole `h` (either side).
    pub(super) fn add(&self, state: &mut State, h: Hole, n: u16) {
        state.counts[h.index()] += n;
        state.seeds[self.hole_owner[h.index()]] += n;
        state.hash = state.hash.wrapping_add(self.keys[h.index()].wrapping_mul(u64::from(n)));
    }

    /// Seeds taken by the player to move leave the board: to their hand, their store, or
    /// out of play. Seeds kept in a store are counted there, not as captured.
    #[inline]
    pub(super) fn keep(&self, state: &mut State, destination: Destination, n: u16) {
        let me = state.to_move;
        // `matches!`, not `!=`: a derived comparison of destinations is a call.
        if !matches!(destination, Destination::Store) || self.store.is_none() {
            state.captured[me] += n;
        }
        match destination {
            Destination::Hand => state.hand[me] += n,
            Destination::Store => {
                if let Some(store) = self.store {
                    let slot = store[me].index();
                    state.counts[slot] += n;
                    state.hash = state.hash.wrapping_add(self.keys[slot].wrapping_mul(u64::from(n)));
                }
            }
            Destination::OutOfPlay | Destination::Sow(_) | Destination::Put(_) => {}
        }
        state.since = state.turn + 1;
    }

    /// Carry out capture `c` of a sowing that ended at `end`: take its holes, keep the seeds
    /// or sow them on, and start its follow-ups. Returns the sowing that goes on where the
    /// taken seeds are sown on as a lap of their own (the turn is not over).
    /// The lap that captured went `rev`; the sowing goes on `on`. A capture whose seeds are
    /// sown on from a hole a lap may be turned from pauses the sowing there for the mover.
    #[allow(clippy::too_many_arguments)]
    fn capture<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        c: u8,
        end: &SowEnd,
        (origin, relays): (u16, u16),
        (rev, on): (bool, bool),
        log: &mut L,
    ) -> Option<SowEnd> {
        let me = state.to_move;
        let ends_before = if self.turn_record { self.end_hole_counts(state) } else { [0; 2] };
        let (taken, roles) = self.take_at(state, c, end, rev, log);
        if self.turn_record && taken > 0 && self.note_capture(state, ends_before, rev != on) {
            // The turn's captures took both end holes of the row: the game is won here, the
            // taken seeds put where they go but not sown on.
            self.won_by_capture(state, history, c, end, taken);
            return None;
        }
        if taken > 0 {
            state.captures_made[me] = state.captures_made[me].saturating_add(1);
            match self.model.captures[usize::from(c)].destination {
                Destination::Put(into) => self.put_taken(state, into, taken, end),
                Destination::Sow(resow) => {
                    if self.flags.capture_ends_phase
                        && let Some(next) =
                            self.capture_ends_phase(state, resow, taken, end, (origin, relays), (rev, on))
                    {
                        // The rest of the turn, in the next phase: on, paused, or endless.
                        if next.is_some() || matches!(state.phase, Phase::LapChoice(_)) {
                            return next;
                        }
                    } else {
                        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
                        if Self::resow_may_turn(sow, resow) {
                            let (into, hand) = self.put_to_resow(state, sow, resow, taken, end);
                            if self.pause_to_turn(state, into, (origin, relays), rev != on, hand) {
                                return None;
                            }
                            let next = self.lift_some_and_sow(state, into, hand, (origin, end.reached), on);
                            if next.is_some() {
                                return next;
                            }
                        } else {
                            let next = self.sow_taken(state, sow, resow, taken, end, origin, on);
                            if resow.goes_on() && next.is_some() {
                                return next;
                            }
                        }
                    }
                }
                destination => self.keep(state, destination, taken),
            }
        }
        if taken > 0
            && self.model.captures[usize::from(c)].relay_after.is_some()
            && let Some(from) = self.relay_after(state, c, end, rev)
        {
            return self.lift_and_sow(state, from, (origin, end.reached), on);
        }
        self.follow_up(state, history, c, 0, taken, roles);
        None
    }

    /// A capture of `taken` seeds that won the game: the seeds go where capture `c` puts
    /// them (into its hole, unsown, where they are sown on), and the turn ends.
    #[cold]
    fn won_by_capture(&self, state: &mut State, history: &mut History, c: u8, end: &SowEnd, taken: u16) {
        let me = state.to_move;
        state.captures_made[me] = state.captures_made[me].saturating_add(1);
        match self.model.captures[usize::from(c)].destination {
            Destination::Sow(resow) => {
                if let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn {
                    let into = self.resow_hole(state, sow, resow, end);
                    self.add(state, into, taken);
                }
            }
            destination => self.keep(state, destination, taken),
        }
        self.end_turn(state, history);
    }

    /// `it ends for a player when a capture leaves …`: where the mover's opening ends at this
    /// capture (of `taken` seeds, sown on by `resow`, after a lap that ended at `end` going
    /// `rev`), put the seeds into their hole, move the mover on to the next phase, and sow the
    /// hole, whole, under that phase's rules (`on`, the way the sowing goes on): `Some` of the
    /// sowing that goes on, or of `None` where it pauses for the mover (or would never end).
    /// `None`, changing nothing, where the opening goes on.
    #[cold]
    #[inline(never)]
    fn capture_ends_phase(
        &self,
        state: &mut State,
        resow: Resow,
        taken: u16,
        end: &SowEnd,
        (origin, relays): (u16, u16),
        (rev, on): (bool, bool),
    ) -> Option<Option<SowEnd>> {
        let me = state.to_move;
        let phase = usize::from(state.phase_of[me]);
        let (min, max) = self.model.phases[phase].ends_at_capture?;
        // The compiler allows the line only beside captures sown on with the whole hole.
        if !resow.whole
            || !resow.goes_on()
            || resow.itself
            || resow.with_last
            || phase + 1 >= self.phases.len()
        {
            return None;
        }
        let TurnKind::Sow(sow) = &self.phases[phase].turn else { return None };
        let into = self.resow_hole(state, sow, resow, end);
        let held = u32::from(state.counts[into.index()]) + u32::from(taken);
        if !(u32::from(min)..=u32::from(max)).contains(&held) {
            return None;
        }
        self.add(state, into, taken);
        state.phase_of[me] += 1;
        state.phase_turns[me] = 0;
        if self.pause_to_turn(state, into, (origin, relays), rev != on, 0) {
            return Some(None);
        }
        Some(self.lift_and_sow(state, into, (origin, end.reached), on))
    }

    /// [`Rules::capture_ends_phase`] in the legality check of a sowing (on a copy of the
    /// position `s`): whether the rest of the turn, in the next phase, ends; `None` where the
    /// opening goes on.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn capture_ends_phase_ends(
        &self,
        s: &State,
        resow: Resow,
        taken: u16,
        end: &SowEnd,
        (origin, relays): (u16, u16),
        (rev, on): (bool, bool),
        depth: u8,
    ) -> Option<bool> {
        let mut s = s.clone();
        let next = self.capture_ends_phase(&mut s, resow, taken, end, (origin, relays), (rev, on))?;
        Some(match (next, s.phase) {
            (Some(next), _) => {
                let next = SowEnd { laps: end.laps + next.laps, ..next };
                self.turn_ends_on(s, next, on, (origin, relays), depth)
            }
            (None, Phase::LapChoice(choice)) => {
                let leave = s.turn_bits & TURN_LEAVE != 0;
                s.phase = Phase::Sow;
                self.pause_ends(&s, (choice.at, choice.hand), leave, (origin, relays), depth)
            }
            (None, _) => false,
        })
    }

    /// Whether captured seeds sown on this way are a lap that may be turned: where the phase
    /// has turning lines, a lap of its own from the hole they are put into (the whole hole,
    /// or the taken seeds alone, with a lone seed of the hole where the rules say so).
    fn resow_may_turn(sow: &SowRules, resow: Resow) -> bool {
        !sow.turnings.is_empty() && resow.goes_on() && !resow.itself && !resow.with_last
    }

    /// Put a capture's `taken` seeds into the hole `resow` names, to be sown on as a lap that
    /// may be turned (see [`Rules::resow_may_turn`]): the hole, and the seeds that lap lifts
    /// from it (0: the whole hole), as [`Rules::sow_taken`] counts them.
    #[cold]
    fn put_to_resow(
        &self,
        state: &mut State,
        sow: &SowRules,
        resow: Resow,
        taken: u16,
        end: &SowEnd,
    ) -> (Hole, u16) {
        let into = self.resow_hole(state, sow, resow, end);
        let single = u16::from(resow.single && state.counts[into.index()] == 1);
        self.add(state, into, taken);
        let whole = resow.whole || (resow.whole_if_one && taken == 1);
        (into, if whole { 0 } else { taken + single })
    }

    /// The hole a capture's taken seeds are put into, for a lap that ended at `end`.
    pub(super) fn resow_hole(&self, state: &State, sow: &SowRules, resow: Resow, end: &SowEnd) -> Hole {
        let me = state.to_move;
        match resow.into {
            SowInto::Landing => end.last,
            SowInto::Origin => Hole(sow.rings[me].slot(usize::from(end.lap_at)) as u8),
            SowInto::Behind(role) => {
                self.role_hole[me][usize::from(role)][usize::from(self.hole_column[end.last.index()])]
            }
            SowInto::Hole { role, column } => {
                self.hole_from_owners_left(me, role, column.from_left(self.columns).unwrap_or(0))
            }
            // Sown by `engine::stepwise`, which alone plays rules with row ends.
            SowInto::RowEnd { .. } => end.last,
        }
    }

    /// Put a capture's `taken` seeds into the hole `into` names, where they stay (`put the
    /// taken seeds into the rightmost outer hole`).
    #[cold]
    pub(super) fn put_taken(&self, state: &mut State, into: SowInto, taken: u16, end: &SowEnd) {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return };
        let resow = Resow {
            into,
            whole: false,
            with_last: false,
            itself: false,
            one_lap: true,
            single: false,
            whole_if_one: false,
        };
        let h = self.resow_hole(state, sow, resow, end);
        self.add(state, h, taken);
    }

    /// Empty the holes capture `c` takes from a lap that ended at `end`: [`Rules::take`],
    /// or, for a capture that takes some seeds of each hole or faces the lap's origin hole,
    /// [`Rules::take_measured`].
    #[inline(always)]
    pub(super) fn take_at<L: Log>(
        &self,
        state: &mut State,
        c: u8,
        end: &SowEnd,
        rev: bool,
        log: &mut L,
    ) -> (u16, u8) {
        let capture = &self.model.captures[usize::from(c)];
        if capture.each.is_some() || capture.origin_column {
            return self.take_measured(state, c, end, rev, log);
        }
        self.take(state, c, end.last, rev, log)
    }

    /// [`Rules::take`] for a capture that takes at most `each` seeds of every hole it names,
    /// or whose opposite holes face the hole the capturing lap was lifted from.
    #[cold]
    fn take_measured<L: Log>(
        &self,
        state: &mut State,
        c: u8,
        end: &SowEnd,
        rev: bool,
        log: &mut L,
    ) -> (u16, u8) {
        let me = state.to_move;
        let opp = me.other();
        let capture = &self.model.captures[usize::from(c)];
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return (0, 0) };
        let ring = &sow.rings[me];
        let facing =
            if capture.origin_column { Hole(ring.slot(usize::from(end.lap_at)) as u8) } else { end.last };
        let column = usize::from(self.hole_column[facing.index()]);
        let mut holes: Vec<(Hole, u8)> = Vec::new();
        for target in &capture.take {
            match *target {
                Target::Landing => holes.push((end.last, u8::MAX)),
                Target::Opposite(role) => holes.extend(self.opposite(me, facing, role).map(|o| (o, role))),
                Target::Column(role) => holes.push((self.role_hole[me][usize::from(role)][column], u8::MAX)),
                Target::HolesBefore(min, max) => {
                    let mut pos = ring.pos(end.last);
                    for _ in 1..ring.len {
                        pos = if rev { ring.back::<true>(pos) } else { ring.back::<false>(pos) };
                        let h = Hole(ring.slot(pos) as u8);
                        let n = state.counts[h.index()];
                        if self.is_store(h) || self.hole_owner[h.index()] != opp || !(min..=max).contains(&n)
                        {
                            break;
                        }
                        holes.push((h, u8::MAX));
                    }
                }
            }
        }
        let each = capture.each.unwrap_or(u16::MAX);
        let amount = |state: &State, h: Hole| state.counts[h.index()].min(each);
        if capture.not_every_seed {
            let from_opponent: u32 = (holes.iter())
                .filter(|(h, _)| self.hole_owner[h.index()] == opp)
                .map(|&(h, _)| u32::from(amount(state, h)))
                .sum();
            if from_opponent == u32::from(state.seeds[opp]) {
                return (0, 0);
            }
        }
        let (mut taken, mut roles) = (0u16, 0u8);
        for (h, role) in holes {
            let n = amount(state, h);
            if n > 0 {
                self.remove(state, h, n);
                log.took(h, n);
                taken += n;
                if role != u8::MAX {
                    roles |= 1 << role;
                }
            }
        }
        (taken, roles)
    }

    /// After capture `c` of a sowing that ended at `end`: the hole after the landing hole,
    /// if the capture sows on from it and it holds enough seeds.
    pub(super) fn relay_after(&self, state: &State, c: u8, end: &SowEnd, rev: bool) -> Option<Hole> {
        let (min, max) = self.model.captures[usize::from(c)].relay_after?;
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
        let ring = &sow.rings[me];
        let at = if rev { ring.step::<true>(end.last_at) } else { ring.step::<false>(end.last_at) };
        let from = Hole(ring.slot(at) as u8);
        (min..=max).contains(&state.counts[from.index()]).then_some(from)
    }

    /// Lift hole `from` whole and sow it on as a lap of the sowing under way; `None` if the
    /// sowing would never end.
    /// `reached`: whether a lap of the turn has reached the row a lap rule asks about.
    pub(super) fn lift_and_sow(
        &self,
        state: &mut State,
        from: Hole,
        (origin, reached): (u16, bool),
        rev: bool,
    ) -> Option<SowEnd> {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return None };
        let hand = state.counts[from.index()];
        state.counts[from.index()] = 0;
        let lift = 0u64.wrapping_sub(self.keys[from.index()].wrapping_mul(u64::from(hand)));
        self.continue_sowing(state, sow, from, u32::from(hand), lift, (origin, reached), rev)
    }

    /// Lift `hand` seeds of hole `from` (0: the whole hole) and sow them on as a lap of the
    /// sowing under way; `None` if the sowing would never end.
    fn lift_some_and_sow(
        &self,
        state: &mut State,
        from: Hole,
        hand: u16,
        (origin, reached): (u16, bool),
        rev: bool,
    ) -> Option<SowEnd> {
        if hand == 0 {
            return self.lift_and_sow(state, from, (origin, reached), rev);
        }
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return None };
        state.counts[from.index()] -= hand;
        let lift = 0u64.wrapping_sub(self.keys[from.index()].wrapping_mul(u64::from(hand)));
        self.continue_sowing(state, sow, from, u32::from(hand), lift, (origin, reached), rev)
    }

    /// Put the `taken` seeds of a capture into the hole `resow` names and sow them on. With
    /// one lap, the lap is sown here and `None` returned; otherwise the sowing that goes on
    /// under the lap rules, or `None` if it would never end.
    #[allow(clippy::too_many_arguments)]
    fn sow_taken(
        &self,
        state: &mut State,
        sow: &SowRules,
        resow: Resow,
        taken: u16,
        end: &SowEnd,
        origin: u16,
        rev: bool,
    ) -> Option<SowEnd> {
        let ring = &sow.rings[state.to_move];
        let into = self.resow_hole(state, sow, resow, end);
        // A lone seed of the hole goes with the taken seeds where the rules say so.
        let single = u16::from(resow.single && state.counts[into.index()] == 1);
        self.add(state, into, taken);
        // A lone taken seed may take the whole hole with it where the rules say so.
        let whole = resow.whole || (resow.whole_if_one && taken == 1);
        let mut hand = if whole { state.counts[into.index()] } else { taken + single };
        state.counts[into.index()] -= hand;
        let mut lift = 0u64.wrapping_sub(self.keys[into.index()].wrapping_mul(u64::from(hand)));
        if resow.with_last && !whole && state.counts[end.last.index()] > 0 {
            state.counts[end.last.index()] -= 1;
            lift = lift.wrapping_sub(self.keys[end.last.index()]);
            hand += 1;
        }
        // Sowing starting with the hole itself is sowing from the hole before it.
        let at = match (resow.itself, rev) {
            (false, _) => ring.pos(into),
            (true, false) => ring.back::<false>(ring.pos(into)),
            (true, true) => ring.back::<true>(ring.pos(into)),
        };
        if resow.goes_on() {
            let from = Hole(ring.slot(at) as u8);
            return self.continue_sowing(state, sow, from, u32::from(hand), lift, (origin, end.reached), rev);
        }
        let mut hash = lift;
        if rev {
            ring.resow::<true>(&mut state.counts, at, u32::from(hand), &mut hash);
        } else {
            ring.resow::<false>(&mut state.counts, at, u32::from(hand), &mut hash);
        }
        state.hash = state.hash.wrapping_add(hash);
        if self.shared_circuit {
            state.seeds = ByPlayer::new_with(|p| self.territory_seeds(state, p));
        }
        None
    }

    /// Empty the holes capture `c` takes from a lap ending at `last`: the seeds taken, and
    /// the opposite rows (as bits of their roles) that gave some.
    #[inline(always)]
    pub(super) fn take<L: Log>(
        &self,
        state: &mut State,
        c: u8,
        last: Hole,
        rev: bool,
        log: &mut L,
    ) -> (u16, u8) {
        let me = state.to_move;
        let opp = me.other();
        let capture = &self.model.captures[c as usize];
        let column = usize::from(self.hole_column[last.index()]);
        let mut holes: [(Hole, u8); MAX_SLOTS] = [(Hole(0), u8::MAX); MAX_SLOTS];
        let mut n_holes = 0;
        for target in &capture.take {
            match *target {
                Target::Landing => {
                    holes[n_holes] = (last, u8::MAX);
                    n_holes += 1;
                }
                Target::Opposite(role) => {
                    if let Some(o) = self.opposite(me, last, role) {
                        holes[n_holes] = (o, role);
                        n_holes += 1;
                    }
                }
                Target::Column(role) => {
                    holes[n_holes] = (self.role_hole[me][role as usize][column], u8::MAX);
                    n_holes += 1;
                }
                Target::HolesBefore(min, max) => {
                    let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { continue };
                    let ring = &sow.rings[me];
                    let mut pos = ring.pos(last);
                    for _ in 1..ring.len {
                        pos = if rev { ring.back::<true>(pos) } else { ring.back::<false>(pos) };
                        let h = Hole(ring.slot(pos) as u8);
                        let c = state.counts[h.index()];
                        if self.is_store(h) || self.hole_owner[h.index()] != opp || !(min..=max).contains(&c)
                        {
                            break;
                        }
                        holes[n_holes] = (h, u8::MAX);
                        n_holes += 1;
                    }
                }
            }
        }
        if capture.not_every_seed {
            let from_opponent: u32 = holes[..n_holes]
                .iter()
                .filter(|(h, _)| self.hole_owner[h.index()] == opp)
                .map(|(h, _)| u32::from(state.counts[h.index()]))
                .sum();
            if from_opponent == u32::from(state.seeds[opp]) {
                // It would take every seed the opponent has: it takes nothing.
                n_holes = 0;
            }
        }
        let mut taken = 0u16;
        let mut roles = 0u8;
        for &(h, role) in &holes[..n_holes] {
            let n = state.counts[h.index()];
            if n > 0 {
                self.remove(state, h, n);
                log.took(h, n);
                taken += n;
                if role != u8::MAX {
                    roles |= 1 << role;
                }
            }
        }
        (taken, roles)
    }

    /// The pick state of a turn of an opening that takes holes, if there is anything to take.
    fn take_turn_pick(&self, state: &State, capture: u8) -> Option<Pick> {
        let opp = state.to_move.other();
        let follow_up = self.model.captures[capture as usize].follow_ups.first()?;
        let remaining = self.follow_up_size(state, follow_up, 0, opp);
        (remaining > 0).then_some(Pick { capture, step: 0, remaining, lower: 0, taken: 0, taken_roles: 0 })
    }

    /// How many picks a follow-up owes now.
    fn follow_up_size(&self, state: &State, follow_up: &FollowUp, taken: u16, opp: Player) -> u16 {
        let region = self.region_holes(opp, follow_up.region());
        let remaining = match follow_up {
            FollowUp::Strip { amount, .. } => {
                let want = match amount {
                    Amount::AsTaken => u32::from(taken),
                    Amount::Seeds(n) => u32::from(*n),
                };
                let have: u32 = match follow_up.region().role {
                    None => u32::from(state.seeds[opp]),
                    Some(_) => region.iter().map(|h| u32::from(state.counts[h.index()])).sum(),
                };
                want.min(have)
            }
            FollowUp::ExtraHoles { counts, except, .. } => {
                let made = usize::from(state.captures_made[state.to_move].max(1));
                let want = counts[(made - 1).min(counts.len() - 1)];
                let have = region
                    .iter()
                    .filter(|&&h| {
                        state.counts[h.index()] > 0 && except.is_none_or(|m| !state.is_marked(m, h))
                    })
                    .count() as u32;
                u32::from(want).min(have)
            }
        };
        remaining as u16
    }

    /// Start follow-up `step` of capture `c` (or the first later one that applies and has
    /// anything to pick), or end the turn.
    pub(super) fn follow_up(
        &self,
        state: &mut State,
        history: &mut History,
        c: u8,
        step: u8,
        taken: u16,
        roles: u8,
    ) {
        let opp = state.to_move.other();
        let follow_ups = &self.model.captures[c as usize].follow_ups;
        if state.seeds[opp] > 0 {
            for (i, follow_up) in follow_ups.iter().enumerate().skip(step as usize) {
                if follow_up.condition().is_some_and(|role| roles & (1 << role) == 0) {
                    continue;
                }
                let remaining = self.follow_up_size(state, follow_up, taken, opp);
                if remaining > 0 {
                    let pick =
                        Pick { capture: c, step: i as u8, remaining, lower: 0, taken, taken_roles: roles };
                    state.phase = Phase::Pick(pick);
                    return;
                }
            }
        }
        self.end_turn(state, history);
    }

    fn pick<L: Log>(&self, state: &mut State, history: &mut History, h: Hole, log: &mut L) {
        let Phase::Pick(mut p) = state.phase else { return };
        let me = state.to_move;
        let capture = &self.model.captures[p.capture as usize];
        let follow_up = &capture.follow_ups[p.step as usize];
        let region = self.region_holes(me.other(), follow_up.region());
        let Some(index) = region.iter().position(|&r| r == h) else { return };
        let n = match follow_up {
            FollowUp::Strip { .. } => 1,
            FollowUp::ExtraHoles { .. } => state.counts[h.index()],
        };
        self.remove(state, h, n);
        log.took(h, n);
        let destination =
            if capture.destination == Destination::Hand { Destination::Hand } else { Destination::OutOfPlay };
        self.keep(state, destination, n);
        p.remaining -= 1;
        p.lower = index as u8;
        if p.remaining == 0 {
            self.follow_up(state, history, p.capture, p.step + 1, p.taken, p.taken_roles);
        } else if state.seeds[me.other()] == 0 {
            self.end_turn(state, history);
        } else {
            state.phase = Phase::Pick(p);
        }
    }

    /// End the turn with the same player to move again.
    pub(super) fn end_turn_again(&self, state: &mut State, history: &mut History) {
        self.finish_turn::<false>(state, history);
    }

    #[inline(always)]
    pub(super) fn end_turn(&self, state: &mut State, history: &mut History) {
        self.finish_turn::<true>(state, history);
    }

    /// The turn is over: count it, hand the move on (with `PASS_ON`; else the same player
    /// moves again), settle the end rules, and start the next turn.
    #[inline(always)]
    fn finish_turn<const PASS_ON: bool>(&self, state: &mut State, history: &mut History) {
        let mover = state.to_move;
        state.phase = Phase::Sow;
        state.turn_bits = 0;
        if self.chosen == Chosen::EachTurn {
            state.direction[mover] = None;
        }
        state.phase_turns[mover] = state.phase_turns[mover].saturating_add(1);
        state.turn += 1;
        if PASS_ON {
            state.to_move = mover.other();
            state.hash = match state.to_move {
                Player::North => state.hash.wrapping_add(self.north_key),
                Player::South => state.hash.wrapping_sub(self.north_key),
            };
        }
        self.check_end(state);
        if self.flags.turn_ends {
            self.check_turn_ends(state, mover);
        }
        self.begin_turn(state);
        history.record(self, state);
    }

    /// A move of a turn that goes on until its player passes: count it among the player's
    /// moves in the opening and settle the end rules; the turn, and the player to move, stay.
    /// The position replaces the one remembered for this turn (the repetition rule compares
    /// positions from the arrangement's end on: see `begin_phased_turn`).
    #[cold]
    fn keep_turn(&self, state: &mut State, history: &mut History) {
        let me = state.to_move;
        state.phase = Phase::Sow;
        state.turn_bits = 0;
        state.phase_turns[me] = state.phase_turns[me].saturating_add(1);
        self.check_end(state);
        history.record(self, state);
    }

    /// Whether a seed moved into hole `b` now (before it falls) makes the capture `d` says.
    #[cold]
    fn drop_captures(&self, state: &State, d: &DropCapture, b: Hole) -> bool {
        let me = state.to_move;
        (!d.until_captured || state.captures_made[me] == 0)
            && self.matches(state, me, &d.hole, b)
            && d.opposite.is_none_or(|(role, want)| {
                (self.opposite_count(state, me, b, role) == 0) == (want == HoleState::Empty)
            })
    }

    /// Capture `c` made by a seed moved into hole `b`: its holes read from `b` as from a
    /// lap's landing hole, their seeds kept where the capture puts them.
    #[cold]
    fn capture_at_drop<L: Log>(&self, state: &mut State, c: u8, b: Hole, log: &mut L) {
        let me = state.to_move;
        let (taken, _) = self.take(state, c, b, false, log);
        if taken > 0 {
            state.captures_made[me] = state.captures_made[me].saturating_add(1);
            self.keep(state, self.model.captures[usize::from(c)].destination, taken);
        }
    }

    /// The end rules read between turns only: passes in a row, the turn limit.
    #[cold]
    fn check_turn_ends(&self, state: &mut State, mover: Player) {
        // Passes of an opening never end the game (they may end the opening: see
        // `begin_phased_turn`).
        if state.outcome.is_none()
            && self.model.end.passes_draw
            && state.passes >= 2
            && usize::from(state.phase_of[mover]) + 1 == self.phases.len()
        {
            state.outcome = Some(Outcome::Draw(DrawReason::Passes));
        }
        if state.outcome.is_none() && self.model.end.turn_limit.is_some_and(|limit| state.turn >= limit) {
            state.outcome = Some(Outcome::Draw(DrawReason::TurnLimit));
        }
    }

    /// At the start of a turn: move the player on past the openings they have finished (or
    /// cannot move in), and start a turn of taking with its picks.
    #[inline(always)]
    fn begin_turn(&self, state: &mut State) {
        if state.outcome.is_none() && self.phases.len() > 1 {
            self.begin_phased_turn(state);
        }
    }

    /// [`Rules::begin_turn`] for rules with openings.
    #[cold]
    fn begin_phased_turn(&self, state: &mut State) {
        let me = state.to_move;
        let mut scratch = MoveList::new();
        while usize::from(state.phase_of[me]) + 1 < self.phases.len() {
            let phase = usize::from(state.phase_of[me]);
            let rules = &self.model.phases[phase];
            // A pass answered by a pass ends the opening for both players at once.
            if rules.ends_on_passes && state.passes >= 2 {
                state.passes = 0;
                let other = me.other();
                if usize::from(state.phase_of[other]) == phase {
                    state.phase_of[other] += 1;
                    state.phase_turns[other] = 0;
                }
                state.phase_of[me] += 1;
                state.phase_turns[me] = 0;
                continue;
            }
            let done = self.phases[phase].lasts.is_some_and(|n| state.phase_turns[me] >= n)
                || (!rules.ends_when.is_empty()
                    && rules.ends_when.iter().all(|f| self.side_fact_holds(state, me, f)));
            // A player with no move in a phase they stay in is blocked in it (asked first: no
            // move list is built for such a phase).
            let blocked = !done && {
                // A phase that places seeds from the hand ends when the hand is empty: a
                // player with seeds in hand and no placement is blocked in it.
                let placing = matches!(&self.phases[phase].turn, TurnKind::Sow(s) if s.place.is_some());
                scratch.clear();
                self.turn_moves(state, phase, &mut scratch);
                scratch.is_empty() && !self.opening_pass_now(state, phase) && !(placing && state.hand[me] > 0)
            };
            if blocked && rules.blocked_loses {
                // `a player who cannot move in it loses`.
                state.outcome = Some(Outcome::Win { winner: me.other(), reason: WinReason::Blocked });
                return;
            }
            if !done && !blocked {
                break;
            }
            state.phase_of[me] += 1;
            state.phase_turns[me] = 0;
        }
        // Seeds moved about in an opening that ends on passes (an arrangement) are no cycle
        // of play: the repetition rule compares positions from its end on.
        let phase = &self.model.phases[usize::from(state.phase_of[me])];
        if phase.ends_on_passes || phase.keeps_turn.is_some() {
            state.since = state.turn;
        }
        if let TurnKind::Take { capture } = self.phase_rules(state, me).turn
            && let Some(pick) = self.take_turn_pick(state, capture)
        {
            state.phase = Phase::Pick(pick);
        }
    }

    /// Whether the player to move holds in hand a seed for each of their holes.
    #[cold]
    pub(super) fn may_enter(&self, state: &State) -> bool {
        let me = state.to_move;
        usize::from(state.hand[me]) >= self.territory[me].len()
    }

    /// Put one seed from the mover's hand into each of their holes: the seeds come back into
    /// play, no longer counted as captured.
    #[cold]
    fn enter(&self, state: &mut State) {
        let me = state.to_move;
        let n = self.territory[me].len() as u16;
        if state.hand[me] < n {
            return;
        }
        for i in 0..self.territory[me].len() {
            self.add(state, self.territory[me][i], 1);
        }
        state.hand[me] -= n;
        state.captured[me] -= n;
    }

    /// Whether the player to move has exactly one occupied hole.
    #[cold]
    fn mover_in_one_hole(&self, state: &State) -> bool {
        self.territory[state.to_move].iter().filter(|h| state.counts[h.index()] > 0).count() == 1
    }

    /// Whether the player to move, in opening `phase`, may pass now.
    fn opening_pass_now(&self, state: &State, phase: usize) -> bool {
        let me = state.to_move;
        (self.model.phases[phase].pass.as_ref())
            .is_some_and(|facts| facts.iter().all(|f| self.side_fact_holds(state, me, f)))
    }

    /// The most seeds any hole of `player`'s holds.
    fn fullest(&self, state: &State, player: Player) -> u16 {
        state.counts[self.territory_slots[player].clone()].iter().copied().max().unwrap_or(0)
    }

    /// The hole `k` places from `player`'s left in their row `role`.
    fn hole_from_owners_left(&self, player: Player, role: Role, k: usize) -> Hole {
        self.role_hole[player][usize::from(role)][self.model.board.column_from_left(player, k)]
    }

    /// The holes of `player`'s that a set names.
    fn side_holes(&self, state: &State, player: Player, holes: HoleSet) -> Vec<Hole> {
        match holes {
            HoleSet::Territory => self.territory[player].clone(),
            HoleSet::Row(role) => self.role_hole[player][usize::from(role)].clone(),
            HoleSet::Marked(m) => {
                self.territory[player].iter().copied().filter(|&h| state.is_marked(m, h)).collect()
            }
            HoleSet::One { role, column } => (column.from_left(self.columns))
                .map(|k| vec![self.hole_from_owners_left(player, role, k)])
                .unwrap_or_default(),
            HoleSet::Rearmost => self.rearmost(state, player).into_iter().collect(),
            HoleSet::AfterMark { mark, steps } => {
                self.after_mark(state, player, mark, steps, false).into_iter().collect()
            }
        }
    }

    /// Whether a fact about `player`'s holes holds.
    pub(crate) fn side_fact_holds(&self, state: &State, player: Player, fact: &SideFact) -> bool {
        let count = |h: Hole| state.counts[h.index()];
        match *fact {
            SideFact::Most { role, column } => {
                let Some(k) = column.from_left(self.columns) else { return false };
                let hole = self.hole_from_owners_left(player, role, k);
                self.territory[player].iter().all(|&h| h == hole || count(h) < count(hole))
            }
            SideFact::Every { holes, min, max } => {
                self.side_holes(state, player, holes).iter().all(|&h| (min..=max).contains(&count(h)))
            }
            SideFact::AtMost { count: most, holes, min, max } => {
                let n = self
                    .side_holes(state, player, holes)
                    .iter()
                    .filter(|&&h| (min..=max).contains(&count(h)))
                    .count();
                n <= usize::from(most)
            }
            SideFact::NotMoreThanLeft => (0..self.role_hole[player].len()).all(|role| {
                (1..self.columns).all(|k| {
                    count(self.hole_from_owners_left(player, role as Role, k))
                        <= count(self.hole_from_owners_left(player, role as Role, k - 1))
                })
            }),
            SideFact::OpponentCaptured(n) => state.captured[player.other()] >= n,
        }
    }

    /// The end rules checked at every turn boundary: a player with no seeds (the player to
    /// move is looked at first), a store with more than half the seeds.
    #[inline(always)]
    pub(crate) fn check_end(&self, state: &mut State) {
        if state.outcome.is_some() {
            return;
        }
        if let Some(ending) = self.model.end.no_seeds {
            let next = state.to_move;
            for loser in [next, next.other()] {
                if state.seeds[loser] == 0 {
                    state.outcome = Some(match ending {
                        Ending::Plain => Outcome::Win { winner: loser.other(), reason: WinReason::NoSeeds },
                        Ending::Scored => self.by_score(state),
                    });
                    return;
                }
            }
        }
        if self.flags.rare_ends {
            self.check_rare_ends(state);
        }
    }

    /// The end rules most games lack: an empty row, one occupied hole, a store majority.
    #[cold]
    fn check_rare_ends(&self, state: &mut State) {
        if let Some(role) = self.model.end.row_empty {
            let next = state.to_move;
            for loser in [next, next.other()] {
                if self.role_hole[loser][usize::from(role)].iter().all(|h| state.counts[h.index()] == 0) {
                    state.outcome = Some(Outcome::Win { winner: loser.other(), reason: WinReason::RowEmpty });
                    return;
                }
            }
        }
        if self.model.end.one_hole {
            let next = state.to_move;
            for winner in [next.other(), next] {
                if self.territory[winner].iter().filter(|h| state.counts[h.index()] > 0).count() == 1 {
                    state.outcome = Some(Outcome::Win { winner, reason: WinReason::OneHole });
                    return;
                }
            }
        }
        if self.model.end.store_majority
            && let Some(store) = self.store
            && Player::BOTH.iter().any(|&p| 2 * u32::from(state.counts[store[p].index()]) > self.total_seeds)
        {
            state.outcome = Some(self.by_score(state));
        }
    }

    /// Settle the outcome of a position whose player to move has no legal decision
    /// (`moves` is the result of [`Rules::legal_moves`]). Returns the outcome, if the game
    /// is over.
    pub fn settle(&self, state: &mut State, moves: &MoveList) -> Option<Outcome> {
        if state.outcome.is_none() && moves.is_empty() {
            let me = state.to_move;
            state.outcome = match self.model.end.blocked {
                Blocked::Loses => Some(Outcome::Win { winner: me.other(), reason: WinReason::Blocked }),
                Blocked::Passes => None,
                Blocked::Scores => Some(self.by_score(state)),
            };
        }
        state.outcome
    }
}
