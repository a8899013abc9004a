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
        let mut state = State {
            counts,
            to_move: Player::South,
            phase: Phase::Sow,
            captured: ByPlayer::default(),
            turn: 0,
            since: 0,
            outcome: None,
        };
        self.check_seedless(&mut state);
        state
    }

    /// A position with the given counts (board order) and player to move, at the start of a
    /// turn, with no seeds captured. `None` if the counts do not fit the board or the limits.
    pub fn state_from_counts(&self, counts: &[u16], to_move: Player) -> Option<State> {
        if counts.len() != self.holes() || counts.iter().map(|&c| u32::from(c)).sum::<u32>() > MAX_SEEDS {
            return None;
        }
        let mut state = self.start();
        state.counts = [0; MAX_HOLES];
        state.counts[..counts.len()].copy_from_slice(counts);
        state.to_move = to_move;
        state.outcome = None;
        self.check_seedless(&mut state);
        Some(state)
    }

    /// Seeds on `player`'s side.
    pub fn seeds_of(&self, state: &State, player: Player) -> u32 {
        self.territory[player].iter().map(|h| u32::from(state.counts[h.index()])).sum()
    }

    /// Seeds on the board.
    pub fn seeds_on_board(&self, state: &State) -> u32 {
        state.counts[..self.holes()].iter().map(|&c| u32::from(c)).sum()
    }

    /// The hash of a position at a turn boundary: the counts and the player to move.
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
    pub(crate) fn choice_in_force(&self, state: &State) -> Option<usize> {
        let me = state.to_move;
        self.choices
            .iter()
            .position(|choice| self.territory[me].iter().any(|&h| self.fits(state, me, choice, h)))
    }

    /// Whether hole `h` fits a choice description for player `me`.
    pub(crate) fn fits(&self, state: &State, me: Player, choice: &Choice, h: Hole) -> bool {
        let c = state.counts[h.index()];
        c >= choice.min
            && c <= choice.max
            && match choice.next {
                None => true,
                Some(want) => {
                    let next = self.next[me][h.index()];
                    (state.counts[next.index()] == 0) == (want == HoleState::Empty)
                }
            }
    }

    fn sow_moves(&self, state: &State, out: &mut MoveList) -> MoveStats {
        let me = state.to_move;
        let mut stats = MoveStats::default();
        if let Some(tier) = self.choice_in_force(state) {
            let choice = &self.choices[tier];
            let mut scratch = [0u16; MAX_HOLES];
            for &h in &self.territory[me] {
                if !self.fits(state, me, choice, h) {
                    continue;
                }
                scratch.copy_from_slice(&state.counts);
                match self.sow(&mut scratch, me, h) {
                    Ok(_) => out.push(Move::Sow(h)),
                    Err(Endless) => stats.endless += 1,
                }
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
                out[start..].reverse();
            }
        }
    }

    /// Sow from `origin` on `counts` for `me`, following the lap rules, until a lap stops or
    /// captures. Errors (leaving `counts` unspecified) if the sowing would never end.
    pub(crate) fn sow(
        &self,
        counts: &mut [u16; MAX_HOLES],
        me: Player,
        origin: Hole,
    ) -> Result<SowEnd, Endless> {
        let circuit = &self.circuit[me];
        let len = circuit.len();
        let mut at = self.circuit_index[me][origin.index()] as usize;
        let mut hand = u32::from(counts[origin.index()]);
        if hand == 0 || at >= len {
            // Not a sowing at all; only reachable through `play_unchecked` misuse.
            return Err(Endless);
        }
        counts[origin.index()] = 0;
        let mut laps = 0u32;
        let mut sown = 0u32;
        // Brent's cycle detection on the sowing state (circuit counts, lap start).
        let mut saved = [0u16; MAX_HOLES];
        let mut saved_at = usize::MAX;
        let mut power = 1u32;
        let mut since_saved = 0u32;
        loop {
            laps += 1;
            sown += hand;
            let full = (hand / len as u32) as u16;
            let rem = hand as usize % len;
            if full > 0 {
                for h in circuit {
                    counts[h.index()] += full;
                }
            }
            for k in 1..=rem {
                let i = at + k;
                let h = circuit[if i >= len { i - len } else { i }];
                counts[h.index()] += 1;
            }
            let last_at = (at + hand as usize) % len;
            let last = circuit[last_at];
            let before = counts[last.index()] - 1;
            match self.lap_action(counts, me, last, before) {
                LapAction::Relay => {
                    hand = u32::from(counts[last.index()]);
                    counts[last.index()] = 0;
                    at = last_at;
                }
                action => return Ok(SowEnd { laps, sown, last, action }),
            }
            if laps < CYCLE_CHECK_AFTER {
                continue;
            }
            if saved_at == at && circuit.iter().all(|h| saved[h.index()] == counts[h.index()]) {
                return Err(Endless);
            }
            since_saved += 1;
            if saved_at == usize::MAX || since_saved == power {
                for h in circuit {
                    saved[h.index()] = counts[h.index()];
                }
                saved_at = at;
                power = power.saturating_mul(2);
                since_saved = 0;
            }
        }
    }

    /// The action of the first lap rule that applies to a lap ending in `last`, which held
    /// `before` seeds before the last one fell.
    fn lap_action(&self, counts: &[u16; MAX_HOLES], me: Player, last: Hole, before: u16) -> LapAction {
        let column = last.index() % self.columns;
        let opp = me.other();
        'rules: for rule in &self.lap_rules {
            if rule.landing.is_some_and(|want| (before == 0) != (want == HoleState::Empty)) {
                continue;
            }
            if rule.side.is_some_and(|side| (self.hole_owner[last.index()] == me) != (side == Side::Own)) {
                continue;
            }
            if rule.role.is_some_and(|role| self.hole_role[last.index()] != role) {
                continue;
            }
            for &(role, want) in &rule.facts {
                let h = self.role_hole[opp][role as usize][column];
                if (counts[h.index()] == 0) != (want == HoleState::Empty) {
                    continue 'rules;
                }
            }
            return rule.action;
        }
        self.lap_otherwise
    }

    /// Play a decision known to be legal (from [`Rules::legal_moves`]). The fast path for
    /// search and simulation: nothing is checked. An illegal decision leaves the state
    /// unspecified (but never hangs or panics on an endless sowing).
    pub fn play_unchecked(&self, state: &mut State, history: &mut History, mv: Move) {
        let _ = self.apply(state, history, mv);
    }

    /// Apply a decision; the sowing's details for a `Sow`.
    pub(crate) fn apply(&self, state: &mut State, history: &mut History, mv: Move) -> Option<SowEnd> {
        let me = state.to_move;
        match mv {
            Move::Sow(h) => {
                let end = self.sow(&mut state.counts, me, h).ok()?;
                match end.action {
                    LapAction::Capture(c) => self.capture(state, history, c, end.last),
                    _ => self.end_turn(state, history),
                }
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

    fn capture(&self, state: &mut State, history: &mut History, c: u8, last: Hole) {
        let me = state.to_move;
        let opp = me.other();
        let column = last.index() % self.columns;
        let mut taken = 0u16;
        for &role in &self.captures[c as usize].take {
            let h = self.role_hole[opp][role as usize][column];
            taken += state.counts[h.index()];
            state.counts[h.index()] = 0;
        }
        if taken > 0 {
            state.captured[me] += taken;
            state.since = state.turn + 1;
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
                        let have: u32 = region.iter().map(|h| u32::from(state.counts[h.index()])).sum();
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
        let took = match follow_up {
            FollowUp::Strip { .. } => 1,
            FollowUp::ExtraHoles { .. } => state.counts[h.index()],
        };
        state.counts[h.index()] -= took;
        state.captured[me] += took;
        state.since = state.turn + 1;
        p.remaining -= 1;
        p.lower = index as u8;
        if p.remaining == 0 {
            self.follow_up(state, history, p.capture, p.step + 1, p.taken);
        } else if self.seeds_of(state, me.other()) == 0 {
            self.end_turn(state, history);
        } else {
            state.phase = Phase::Pick(p);
        }
    }

    fn end_turn(&self, state: &mut State, history: &mut History) {
        state.phase = Phase::Sow;
        state.turn += 1;
        state.to_move = state.to_move.other();
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
            if self.seeds_of(state, loser) == 0 {
                state.outcome = Some(Outcome::Win { winner: loser.other(), reason: WinReason::NoSeeds });
                return;
            }
        }
    }

    /// Settle the outcome of a position whose player to move has no legal decision
    /// (`moves` is the result of [`Rules::legal_moves`]). Returns the outcome, if the game
    /// is over.
    pub fn settle(&self, state: &mut State, moves: &MoveList) -> Option<Outcome> {
        if state.outcome.is_none() && moves.is_empty() {
            state.outcome = Some(Outcome::Win { winner: state.to_move.other(), reason: WinReason::Blocked });
        }
        state.outcome
    }
}
