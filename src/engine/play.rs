//! Legal decisions and playing them: choosing, relay sowing with exact detection of endless
//! sowing, captures and their follow-ups, the end of a turn and of the game.

use super::rules::*;
use super::state::*;

/// A relay sowing that would never end: its sowing state repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endless;

/// How a sowing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SowEnd {
    /// Laps sown (1 for a sowing without relay).
    pub laps: u32,
    /// Seeds dropped in all.
    pub sown: u32,
    /// The hole where the last seed fell.
    pub last: Hole,
    /// `Stop` or `Capture`.
    pub action: LapAction,
}

/// Laps sown before cycle detection starts: nearly every sowing ends sooner, and starting
/// late cannot miss a cycle (once the sowing state repeats it repeats forever).
const CYCLE_CHECK_AFTER: u32 = 8;

/// Slots in the window copied for each candidate's legality check: any circuit fits, since
/// a circuit has at most two rows of holes.
const RING_WINDOW: usize = 2 * MAX_COLUMNS;

/// Lap table codes (see [`Rules::build_lap_table`]).
const LAP_RELAY: u8 = 0;
const LAP_STOP: u8 = 1;
const LAP_CAPTURE: u8 = 2;
const LAP_DYNAMIC: u8 = u8::MAX;
const LAP_NEVER_RELAY: u8 = u8::MAX - 1;

/// The parts of a player's circuit that sowing reads, gathered when the rules are built. The
/// circuit occupies slots `base .. base + len` in sowing order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ring {
    base: usize,
    len: usize,
    /// The lap table for these slots: `[position * 2 + was_occupied]`.
    lap_table: Vec<u8>,
    /// `key_prefix[i]`: the sum of the hashing keys of the first `i` positions.
    key_prefix: Vec<u64>,
    /// The hashing key of each position.
    keys: Vec<u64>,
    /// Whether a lap ending in an occupied hole always relays, wherever it is.
    occupied_relays: bool,
    /// Whether a lap ending in an empty hole never relays, wherever it is.
    empty_never_relays: bool,
    /// For table entries that depend on facing holes: the first of their branches.
    branch_start: Vec<u32>,
    /// The lap rules that can apply at a landing, in order, as concrete checks: the
    /// facts that must hold (a range of `branch_facts`) and the action. Each entry's
    /// branches end with one without facts.
    branches: Vec<(u32, u8, LapAction)>,
    /// (hole, whether it must be empty).
    branch_facts: Vec<(Hole, bool)>,
}

impl Ring {
    /// Whether a sowing from circuit position `at` ends, on the circuit's counts `slots`
    /// (changed). The lean path for legality checks: `None` when it cannot tell cheaply —
    /// a landing whose verdict depends on facing holes and may be a relay, or a long relay
    /// that needs cycle detection — and the general sowing must decide.
    #[inline(always)]
    fn quick_ends(&self, slots: &mut [u16], mut at: usize) -> Option<bool> {
        let len = slots.len();
        let mut hand = usize::from(slots[at]);
        slots[at] = 0;
        for _ in 0..CYCLE_CHECK_AFTER {
            let full = if hand < len { 0 } else { hand / len };
            let rem = hand - full * len;
            if full > 0 {
                for c in slots.iter_mut() {
                    *c += full as u16;
                }
            }
            let mut i = at;
            for _ in 0..rem {
                i += 1;
                if i == len {
                    i = 0;
                }
                slots[i] += 1;
            }
            let occupied = slots[i] > 1;
            let relays = if occupied && self.occupied_relays {
                true
            } else if !occupied && self.empty_never_relays {
                false
            } else {
                match self.lap_table[i * 2 + usize::from(occupied)] {
                    LAP_RELAY => true,
                    LAP_DYNAMIC => return None,
                    _ => false,
                }
            };
            if !relays {
                return Some(true);
            }
            hand = usize::from(slots[i]);
            slots[i] = 0;
            at = i;
        }
        None
    }

    /// The action of the first lap rule whose conditions on facing holes hold, for a table
    /// entry that depends on them.
    #[cold]
    fn branch(&self, counts: &[u16; MAX_HOLES], entry: usize) -> LapAction {
        let mut b = self.branch_start[entry] as usize;
        loop {
            let (start, len, action) = self.branches[b];
            let facts = &self.branch_facts[start as usize..start as usize + usize::from(len)];
            if facts.iter().all(|&(h, want_empty)| (counts[h.index()] == 0) == want_empty) {
                return action;
            }
            b += 1;
        }
    }

    /// One lap: `hand` seeds into the holes after circuit position `at`, wrapping round.
    /// Returns the position of the last one. A hand of a lap or more adds ⌊hand/len⌋ to
    /// every hole at once.
    #[inline(always)]
    fn lap<const HASH: bool>(
        &self,
        counts: &mut [u16; MAX_HOLES],
        at: usize,
        hand: u32,
        hash: &mut u64,
    ) -> usize {
        let len = self.len;
        let ring = &mut counts[self.base..self.base + len];
        // Most hands are shorter than the circuit: no division for them.
        let full = if (hand as usize) < len { 0 } else { hand / len as u32 };
        let rem = hand as usize - full as usize * len;
        let prefix = &self.key_prefix;
        if full > 0 {
            for c in ring.iter_mut() {
                *c += full as u16;
            }
            if HASH {
                *hash = hash.wrapping_add(prefix[len].wrapping_mul(u64::from(full)));
            }
        }
        // The rest, one seed per hole: a short run (a hand rarely holds more than a few
        // seeds), so a plain loop beats a vectorised one.
        let mut i = at;
        for _ in 0..rem {
            i += 1;
            if i == len {
                i = 0;
            }
            ring[i] += 1;
        }
        if HASH && rem > 0 {
            let first = at + 1;
            *hash = if i >= first {
                hash.wrapping_add(prefix[i + 1].wrapping_sub(prefix[first]))
            } else {
                let tail = prefix[len].wrapping_sub(prefix[first.min(len)]);
                hash.wrapping_add(tail).wrapping_add(prefix[i + 1])
            };
        }
        i
    }
}

/// What [`Rules::legal_moves_counted`] saw besides the legal decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveStats {
    /// Candidate holes refused because their sowing would never end.
    pub endless: u32,
}

impl Rules {
    /// The start position.
    pub fn start(&self) -> State {
        let mut counts = [0u16; MAX_HOLES];
        counts[..self.start.len()].copy_from_slice(&self.start);
        self.state_with(counts, Player::South)
    }

    /// A position with the given counts (board order: a1…an, b1…bn, …) and player to move,
    /// at the start of a turn, with no seeds captured. `None` if the counts do not fit the
    /// board or the limits.
    pub fn state_from_counts(&self, counts: &[u16], to_move: Player) -> Option<State> {
        if counts.len() != self.holes() || counts.iter().map(|&c| u32::from(c)).sum::<u32>() > MAX_SEEDS {
            return None;
        }
        let mut slots = [0u16; MAX_HOLES];
        for (h, &c) in self.slot_of.iter().zip(counts) {
            slots[h.index()] = c;
        }
        Some(self.state_with(slots, to_move))
    }

    fn state_with(&self, counts: [u16; MAX_HOLES], to_move: Player) -> State {
        let mut state = State {
            counts,
            to_move,
            phase: Phase::Sow,
            captured: ByPlayer::default(),
            seeds: ByPlayer::default(),
            hash: 0,
            turn: 0,
            since: 0,
            outcome: None,
        };
        state.seeds = ByPlayer::new_with(|p| self.count_seeds(&state, p));
        state.hash = self.position_hash(&state);
        self.check_seedless(&mut state);
        state
    }

    /// Seeds on `player`'s side.
    pub fn seeds_of(&self, state: &State, player: Player) -> u32 {
        u32::from(state.seeds[player])
    }

    fn count_seeds(&self, state: &State, player: Player) -> u16 {
        self.territory[player].iter().map(|h| state.counts[h.index()]).sum()
    }

    /// Seeds on the board.
    pub fn seeds_on_board(&self, state: &State) -> u32 {
        state.counts[..self.holes()].iter().map(|&c| u32::from(c)).sum()
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
        match state.phase {
            Phase::Sow => self.sow_moves(state, out),
            Phase::Pick(pick) => {
                self.pick_moves(state, pick, out);
                MoveStats::default()
            }
        }
    }

    /// Index of the first choice description that fits some hole, i.e. the one in force.
    /// Scans the mover's circuit, whose holes are consecutive slots.
    pub(crate) fn choice_in_force(&self, state: &State) -> Option<usize> {
        let me = state.to_move;
        let base = self.circuit_base[me];
        let ring = &state.counts[base..base + self.circuit[me].len()];
        self.choices.iter().position(|choice| match choice.next {
            None => ring.iter().any(|&c| (c >= choice.min) & (c <= choice.max)),
            Some(want) => {
                let want_empty = want == HoleState::Empty;
                ring.iter().enumerate().any(|(i, &c)| {
                    let next = if i + 1 == ring.len() { ring[0] } else { ring[i + 1] };
                    (c >= choice.min) & (c <= choice.max) & ((next == 0) == want_empty)
                })
            }
        })
    }

    /// Whether hole `h` fits a choice description for player `me`.
    #[inline(always)]
    pub(crate) fn fits(&self, state: &State, me: Player, choice: &Choice, h: Hole) -> bool {
        let c = state.counts[h.index()];
        // Without short-circuits: this runs in a tight loop over a player's holes, where
        // branches on seed counts would be mispredicted.
        let next_fits = match choice.next {
            None => true,
            Some(want) => {
                let next = self.next[me][h.index()];
                (state.counts[next.index()] == 0) == (want == HoleState::Empty)
            }
        };
        (c >= choice.min) & (c <= choice.max) & next_fits
    }

    fn sow_moves(&self, state: &State, out: &mut MoveList) -> MoveStats {
        let me = state.to_move;
        let mut stats = MoveStats::default();
        let tables = self.ring(me);
        // Each candidate is sown on a copy of a fixed-size window of slots that holds the
        // mover's whole circuit (a fixed size copies without a call); the rare sowing that
        // needs more (facing holes, cycle detection) is redone on a whole board.
        let base = tables.base.min(MAX_HOLES - RING_WINDOW);
        let offset = tables.base - base;
        let window: &[u16; RING_WINDOW] =
            state.counts[base..base + RING_WINDOW].try_into().unwrap_or(&[0; RING_WINDOW]);
        let next = &self.next[me];
        // The first description that fits some hole is in force: candidates are sown as
        // they are found, and a later description is looked at only if none fitted.
        for choice in &self.choices {
            let (min, max) = (choice.min, choice.max);
            let next_want_empty = choice.next.map(|want| want == HoleState::Empty);
            let mut fitted = false;
            for &h in &self.territory[me] {
                let c = state.counts[h.index()];
                let fits = c >= min
                    && c <= max
                    && next_want_empty.is_none_or(|want| (state.counts[next[h.index()].index()] == 0) == want);
                if !fits {
                    continue;
                }
                fitted = true;
                let mut local = *window;
                let ends = match tables.quick_ends(&mut local[offset..offset + tables.len], h.index() - tables.base) {
                    Some(ends) => ends,
                    None => {
                        let mut scratch = state.counts;
                        self.sow::<false>(&mut scratch, me, h).is_ok()
                    }
                };
                if ends {
                    out.push(Move::Sow(h));
                } else {
                    stats.endless += 1;
                }
            }
            if fitted {
                break;
            }
        }
        if out.is_empty() && self.end.blocked == Blocked::Passes {
            out.push(Move::Pass);
        }
        stats
    }

    fn pick_moves(&self, state: &State, pick: Pick, out: &mut MoveList) {
        let opp = state.to_move.other();
        let follow_up = &self.captures[pick.capture as usize].follow_ups[pick.step as usize];
        let region = self.region_holes(opp, follow_up.region());
        let lower = pick.lower as usize;
        let remaining = u32::from(pick.remaining);
        match *follow_up {
            FollowUp::Strip { optional: true, .. } => {
                for &h in &region[lower..] {
                    if state.counts[h.index()] > 0 {
                        out.push(Move::Pick(h));
                    }
                }
                out.push(Move::Stop);
            }
            FollowUp::Strip { optional: false, .. } | FollowUp::ExtraHoles { .. } => {
                // A pick is offered only if the picks still owed can be completed from it:
                // the seeds (or occupied holes) from this hole on must cover them.
                let per_hole = |h: Hole| -> u32 {
                    let c = u32::from(state.counts[h.index()]);
                    match follow_up {
                        FollowUp::Strip { .. } => c,
                        FollowUp::ExtraHoles { .. } => u32::from(c > 0),
                    }
                };
                let mut suffix = 0u32;
                let start = out.len();
                for &h in region[lower..].iter().rev() {
                    let here = per_hole(h);
                    suffix += here;
                    if here > 0 && suffix >= remaining {
                        out.push(Move::Pick(h));
                    }
                }
                out.as_mut_slice()[start..].reverse();
            }
        }
    }

    /// Sow from `origin` on `counts` for `me`, following the lap rules, until a lap stops or
    /// captures. Errors (leaving `counts` unspecified) if the sowing would never end. With
    /// `HASH`, also returns the change of the position hash.
    ///
    /// The circuit occupies consecutive slots, so a lap is one or two runs of `+1` (and a
    /// hand larger than the circuit adds ⌊h/L⌋ to every hole at once).
    #[inline(always)]
    pub(crate) fn sow<const HASH: bool>(
        &self,
        counts: &mut [u16; MAX_HOLES],
        me: Player,
        origin: Hole,
    ) -> Result<(SowEnd, u64), Endless> {
        let ring = self.ring(me);
        let Some(mut at) = origin.index().checked_sub(ring.base).filter(|&i| i < ring.len) else {
            return Err(Endless); // not the mover's hole; only reachable by misusing play_unchecked
        };
        let mut hand = u32::from(counts[origin.index()]);
        if hand == 0 {
            return Err(Endless);
        }
        counts[origin.index()] = 0;
        let mut hash = if HASH { 0u64.wrapping_sub(ring.keys[at].wrapping_mul(u64::from(hand))) } else { 0 };
        let mut laps = 0u32;
        let mut sown = 0u32;
        loop {
            laps += 1;
            sown += hand;
            let last_at = ring.lap::<HASH>(counts, at, hand, &mut hash);
            let last = Hole((ring.base + last_at) as u8);
            let before = counts[last.index()] - 1;
            match self.lap_action::<HASH>(ring, counts, last_at, before) {
                LapAction::Relay => {
                    hand = u32::from(counts[last.index()]);
                    counts[last.index()] = 0;
                    if HASH {
                        hash = hash.wrapping_sub(ring.keys[last_at].wrapping_mul(u64::from(hand)));
                    }
                    at = last_at;
                }
                action => return Ok((SowEnd { laps, sown, last, action }, hash)),
            }
            if laps == CYCLE_CHECK_AFTER {
                let so_far = SowEnd { laps, sown, last, action: LapAction::Stop };
                return self.sow_checked::<HASH>(ring, counts, (at, hand), (so_far, hash));
            }
        }
    }

    /// The tables of `me`'s circuit that sowing reads.
    #[inline(always)]
    fn ring(&self, me: Player) -> &Ring {
        &self.rings[me]
    }

    /// Gather each player's ring tables (after the lap table is built).
    pub(crate) fn build_rings(&self) -> ByPlayer<Ring> {
        ByPlayer::new_with(|me| {
            let base = self.circuit_base[me];
            let len = self.circuit[me].len();
            let opp = me.other();
            let mut branch_start = vec![u32::MAX; len * 2];
            let mut branches = Vec::new();
            let mut branch_facts = Vec::new();
            for pos in 0..len {
                let slot = base + pos;
                let column = usize::from(self.hole_column[slot]);
                for occupied in [false, true] {
                    let entry = pos * 2 + usize::from(occupied);
                    if !matches!(
                        self.lap_table[me][slot * 2 + usize::from(occupied)],
                        LAP_DYNAMIC | LAP_NEVER_RELAY
                    ) {
                        continue;
                    }
                    branch_start[entry] = branches.len() as u32;
                    let mut decided = false;
                    for rule in &self.lap_rules {
                        let landing_fits =
                            rule.landing.is_none_or(|want| occupied == (want == HoleState::Occupied));
                        let side_fits =
                            rule.side.is_none_or(|side| (self.hole_owner[slot] == me) == (side == Side::Own));
                        let role_fits = rule.role.is_none_or(|role| self.hole_role[slot] == role);
                        if !(landing_fits && side_fits && role_fits) {
                            continue;
                        }
                        let start = branch_facts.len() as u32;
                        for &(role, want) in &rule.facts {
                            branch_facts
                                .push((self.role_hole[opp][role as usize][column], want == HoleState::Empty));
                        }
                        branches.push((start, rule.facts.len() as u8, rule.action));
                        if rule.facts.is_empty() {
                            decided = true;
                            break;
                        }
                    }
                    if !decided {
                        branches.push((branch_facts.len() as u32, 0, self.lap_otherwise));
                    }
                }
            }
            Ring {
                branch_start,
                branches,
                branch_facts,
                base,
                len,
                lap_table: self.lap_table[me][base * 2..(base + len) * 2].to_vec(),
                key_prefix: self.key_prefix[me].clone(),
                keys: self.keys[base..base + len].to_vec(),
                occupied_relays: self.circuit[me]
                    .iter()
                    .all(|h| self.lap_table[me][h.index() * 2 + 1] == LAP_RELAY),
                empty_never_relays: self.circuit[me]
                    .iter()
                    .all(|h| !matches!(self.lap_table[me][h.index() * 2], LAP_RELAY | LAP_DYNAMIC)),
            }
        })
    }

    /// The rest of a sowing that has gone on for many laps, with Brent's cycle detection on
    /// the sowing state (the circuit's counts and where the next lap starts). Exact: it
    /// reports `Endless` only for a state that recurs.
    #[cold]
    #[inline(never)]
    fn sow_checked<const HASH: bool>(
        &self,
        ring: &Ring,
        counts: &mut [u16; MAX_HOLES],
        (mut at, mut hand): (usize, u32),
        (mut end, mut hash): (SowEnd, u64),
    ) -> Result<(SowEnd, u64), Endless> {
        let slots = ring.base..ring.base + ring.len;
        let mut saved = [0u16; MAX_HOLES];
        let mut saved_at = usize::MAX;
        let mut power = 1u64;
        let mut steps = 0u64;
        loop {
            if at == saved_at && saved[..ring.len] == counts[slots.clone()] {
                return Err(Endless);
            }
            if saved_at == usize::MAX || steps == power {
                saved[..ring.len].copy_from_slice(&counts[slots.clone()]);
                saved_at = at;
                power = power.saturating_mul(2);
                steps = 0;
            }
            steps += 1;
            end.laps += 1;
            end.sown += hand;
            let last_at = ring.lap::<HASH>(counts, at, hand, &mut hash);
            let last = Hole((ring.base + last_at) as u8);
            let before = counts[last.index()] - 1;
            match self.lap_action::<HASH>(ring, counts, last_at, before) {
                LapAction::Relay => {
                    hand = u32::from(counts[last.index()]);
                    counts[last.index()] = 0;
                    if HASH {
                        hash = hash.wrapping_sub(ring.keys[last_at].wrapping_mul(u64::from(hand)));
                    }
                    at = last_at;
                }
                action => return Ok((SowEnd { last, action, ..end }, hash)),
            }
        }
    }

    /// The action of the first lap rule that applies to a lap ending at circuit position
    /// `last_at`, which held `before` seeds before the last one fell. Looked up in the
    /// precomputed lap table when the landing hole and whether it was empty decide it (the
    /// usual case). Without `EXACT`, only whether the sowing goes on matters: a verdict that
    /// depends on facing holes but can never be a relay is taken as `Stop`.
    #[inline(always)]
    fn lap_action<const EXACT: bool>(
        &self,
        ring: &Ring,
        counts: &[u16; MAX_HOLES],
        last_at: usize,
        before: u16,
    ) -> LapAction {
        if before > 0 && ring.occupied_relays {
            return LapAction::Relay;
        }
        match ring.lap_table[last_at * 2 + usize::from(before > 0)] {
            LAP_RELAY => LapAction::Relay,
            LAP_STOP => LapAction::Stop,
            LAP_NEVER_RELAY if !EXACT => LapAction::Stop,
            LAP_DYNAMIC | LAP_NEVER_RELAY => ring.branch(counts, last_at * 2 + usize::from(before > 0)),
            capture => LapAction::Capture(capture - LAP_CAPTURE),
        }
    }

    /// The lap table: for each player, hole and (was empty, was occupied), the action when
    /// the lap rules decide it from those alone, or `LAP_DYNAMIC` when a rule's condition on
    /// a facing hole must be looked at.
    pub(crate) fn build_lap_table(&self) -> ByPlayer<Vec<u8>> {
        let encode = |action: LapAction| match action {
            LapAction::Relay => LAP_RELAY,
            LapAction::Stop => LAP_STOP,
            LapAction::Capture(c) => LAP_CAPTURE + c,
        };
        ByPlayer::new_with(|me| {
            let mut table = vec![LAP_DYNAMIC; self.holes() * 2];
            for slot in 0..self.holes() {
                for occupied in [false, true] {
                    // The rules that can apply here, in order, up to the first that surely does.
                    let mut possible = Vec::new();
                    let mut decided = false;
                    for rule in &self.lap_rules {
                        let landing_fits =
                            rule.landing.is_none_or(|want| occupied == (want == HoleState::Occupied));
                        let side_fits =
                            rule.side.is_none_or(|side| (self.hole_owner[slot] == me) == (side == Side::Own));
                        let role_fits = rule.role.is_none_or(|role| self.hole_role[slot] == role);
                        if landing_fits && side_fits && role_fits {
                            possible.push((rule.action, rule.facts.is_empty()));
                            if rule.facts.is_empty() {
                                decided = true;
                                break;
                            }
                        }
                    }
                    if !decided {
                        possible.push((self.lap_otherwise, true));
                    }
                    let code = match possible.as_slice() {
                        [(action, true), ..] => encode(*action),
                        _ if possible.iter().all(|(a, _)| *a != LapAction::Relay) => LAP_NEVER_RELAY,
                        _ => LAP_DYNAMIC,
                    };
                    table[slot * 2 + usize::from(occupied)] = code;
                }
            }
            table
        })
    }

    /// The holes that fit the choice description in force, before endless sowings are
    /// refused: the candidates from which [`Rules::try_play`] may draw. Empty outside the
    /// choosing phase.
    pub fn candidates(&self, state: &State, out: &mut MoveList) {
        out.clear();
        if state.outcome.is_some() || state.phase != Phase::Sow {
            return;
        }
        let me = state.to_move;
        let territory = &self.territory[me];
        let counts = &state.counts;
        for choice in &self.choices {
            let (min, max) = (choice.min, choice.max);
            // Branch-free, with the length in a register: seed counts make the tests
            // unpredictable, and this runs once per turn over every own hole.
            let moves = &mut out.moves;
            let mut n = 0;
            match choice.next {
                None => {
                    for &h in territory {
                        let c = counts[h.index()];
                        moves[n] = Move::Sow(h);
                        n += usize::from((c >= min) & (c <= max));
                    }
                }
                Some(want) => {
                    let next = &self.next[me];
                    let want_empty = want == HoleState::Empty;
                    for &h in territory {
                        let c = counts[h.index()];
                        let next_empty = counts[next[h.index()].index()] == 0;
                        moves[n] = Move::Sow(h);
                        n += usize::from((c >= min) & (c <= max) & (next_empty == want_empty));
                    }
                }
            }
            out.len = n;
            if n > 0 {
                return;
            }
        }
    }

    /// Play a candidate sowing (from [`Rules::candidates`]) or any other legal decision,
    /// sowing it only once: if the sowing would never end, nothing changes and `Endless` is
    /// returned. The fast path for random play that draws one candidate at a time.
    pub fn try_play(&self, state: &mut State, history: &mut History, mv: Move) -> Result<(), Endless> {
        if let Move::Sow(h) = mv {
            let me = state.to_move;
            let ring = self.circuit_base[me]..self.circuit_base[me] + self.circuit[me].len();
            let mut backup = [0u16; 2 * MAX_COLUMNS];
            backup[..ring.len()].copy_from_slice(&state.counts[ring.clone()]);
            match self.sow::<true>(&mut state.counts, me, h) {
                Ok((end, hash)) => self.after_sowing(state, history, end, hash),
                Err(Endless) => {
                    state.counts[ring.clone()].copy_from_slice(&backup[..ring.len()]);
                    return Err(Endless);
                }
            }
            return Ok(());
        }
        self.apply(state, history, mv);
        Ok(())
    }

    /// Play a decision known to be legal (from [`Rules::legal_moves`]). The fast path for
    /// search and simulation: nothing is checked. An illegal decision leaves the state
    /// unspecified (but never hangs or panics on an endless sowing).
    pub fn play_unchecked(&self, state: &mut State, history: &mut History, mv: Move) {
        let _ = self.apply(state, history, mv);
    }

    /// Apply a decision; the sowing's details for a `Sow`.
    pub(crate) fn apply(&self, state: &mut State, history: &mut History, mv: Move) -> Option<SowEnd> {
        match mv {
            Move::Sow(h) => {
                let (end, hash) = self.sow::<true>(&mut state.counts, state.to_move, h).ok()?;
                self.after_sowing(state, history, end, hash);
                Some(end)
            }
            Move::Pick(h) => {
                self.pick(state, history, h);
                None
            }
            Move::Stop => {
                if let Phase::Pick(p) = state.phase {
                    self.follow_up(state, history, p.capture, p.step + 1, p.taken);
                }
                None
            }
            Move::Pass => {
                self.end_turn(state, history);
                None
            }
        }
    }

    #[inline(always)]
    fn after_sowing(&self, state: &mut State, history: &mut History, end: SowEnd, hash: u64) {
        state.hash = state.hash.wrapping_add(hash);
        match end.action {
            LapAction::Capture(c) => self.capture(state, history, c, end.last),
            _ => self.end_turn(state, history),
        }
    }

    /// Remove `n` seeds from hole `h` of the opponent of the player to move, to the mover.
    fn take(&self, state: &mut State, h: Hole, n: u16) {
        let me = state.to_move;
        state.counts[h.index()] -= n;
        state.seeds[me.other()] -= n;
        state.captured[me] += n;
        state.hash = state.hash.wrapping_sub(self.keys[h.index()].wrapping_mul(u64::from(n)));
        state.since = state.turn + 1;
    }

    fn capture(&self, state: &mut State, history: &mut History, c: u8, last: Hole) {
        let opp = state.to_move.other();
        let column = usize::from(self.hole_column[last.index()]);
        let mut taken = 0u16;
        for &role in &self.captures[c as usize].take {
            let h = self.role_hole[opp][role as usize][column];
            let n = state.counts[h.index()];
            if n > 0 {
                self.take(state, h, n);
                taken += n;
            }
        }
        self.follow_up(state, history, c, 0, taken);
    }

    /// Start follow-up `step` of capture `c` (or the first later one that has anything to
    /// pick), or end the turn.
    fn follow_up(&self, state: &mut State, history: &mut History, c: u8, step: u8, taken: u16) {
        let opp = state.to_move.other();
        let follow_ups = &self.captures[c as usize].follow_ups;
        if self.seeds_of(state, opp) > 0 {
            for (i, follow_up) in follow_ups.iter().enumerate().skip(step as usize) {
                let region = self.region_holes(opp, follow_up.region());
                let remaining = match *follow_up {
                    FollowUp::Strip { amount, .. } => {
                        let want = match amount {
                            Amount::AsTaken => u32::from(taken),
                            Amount::Seeds(n) => u32::from(n),
                        };
                        let have: u32 = match follow_up.region().role {
                            None => u32::from(state.seeds[opp]),
                            Some(_) => region.iter().map(|h| u32::from(state.counts[h.index()])).sum(),
                        };
                        want.min(have)
                    }
                    FollowUp::ExtraHoles { count, .. } => {
                        let have = region.iter().filter(|h| state.counts[h.index()] > 0).count() as u32;
                        u32::from(count).min(have)
                    }
                };
                if remaining > 0 {
                    state.phase = Phase::Pick(Pick {
                        capture: c,
                        step: i as u8,
                        remaining: remaining as u16,
                        lower: 0,
                        taken,
                    });
                    return;
                }
            }
        }
        self.end_turn(state, history);
    }

    fn pick(&self, state: &mut State, history: &mut History, h: Hole) {
        let Phase::Pick(mut p) = state.phase else { return };
        let me = state.to_move;
        let follow_up = &self.captures[p.capture as usize].follow_ups[p.step as usize];
        let region = self.region_holes(me.other(), follow_up.region());
        let Some(index) = region.iter().position(|&r| r == h) else { return };
        let n = match follow_up {
            FollowUp::Strip { .. } => 1,
            FollowUp::ExtraHoles { .. } => state.counts[h.index()],
        };
        self.take(state, h, n);
        p.remaining -= 1;
        p.lower = index as u8;
        if p.remaining == 0 {
            self.follow_up(state, history, p.capture, p.step + 1, p.taken);
        } else if state.seeds[me.other()] == 0 {
            self.end_turn(state, history);
        } else {
            state.phase = Phase::Pick(p);
        }
    }

    fn end_turn(&self, state: &mut State, history: &mut History) {
        state.phase = Phase::Sow;
        state.turn += 1;
        state.to_move = state.to_move.other();
        state.hash = match state.to_move {
            Player::North => state.hash.wrapping_add(self.north_key),
            Player::South => state.hash.wrapping_sub(self.north_key),
        };
        self.check_seedless(state);
        history.record(self, state);
    }

    /// A player with no seeds loses (the player to move is looked at first).
    fn check_seedless(&self, state: &mut State) {
        if !self.end.no_seeds_loses || state.outcome.is_some() {
            return;
        }
        let next = state.to_move;
        for loser in [next, next.other()] {
            if state.seeds[loser] == 0 {
                state.outcome = Some(Outcome::Win { winner: loser.other(), reason: WinReason::NoSeeds });
                return;
            }
        }
    }

    /// Settle the outcome of a position whose player to move has no legal decision
    /// (`moves` is the result of [`Rules::legal_moves`]). Returns the outcome, if the game
    /// is over.
    pub fn settle(&self, state: &mut State, moves: &MoveList) -> Option<Outcome> {
        if state.outcome.is_none() && moves.is_empty() && self.end.blocked == Blocked::Loses {
            state.outcome = Some(Outcome::Win { winner: state.to_move.other(), reason: WinReason::Blocked });
        }
        state.outcome
    }
}
