//! A turn's sowing, part by part: the first part from the chosen hole (a plain first lap, or
//! a first lap of its own kind: weighted, lifting a number of seeds, turned), then what
//! follows each part's end (a relay, a capture whose seeds may be sown on, a pause for the
//! mover, the end of the turn), until the turn ends or the sowing reaches its lap bound. The
//! laps themselves are sown by [`super::sowing`]; captures live in [`super::capture`], turned
//! laps and pauses to turn in [`super::turning`].

use super::play::Log;
use super::rules::*;
use super::sowing::{LapContext, SowEnd};
use super::state::*;

impl Rules {
    /// Lift hole `h` and sow it the phase's or the player's way, as [`Rules::try_play`]
    /// does: whether the sowing ended (if not, the counts are left unspecified). The sowing's
    /// end is not kept, so that the common path does not copy it about.
    #[inline(always)]
    pub(super) fn sow_turn(&self, state: &mut State, history: &mut History, h: Hole) -> bool {
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
    pub(super) fn sow_turn_logged<L: Log>(
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
        if hand == 0 || (!self.holds(state, h, me) && !self.flags.sows_theirs) {
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
    pub(super) fn first_lap_sowing(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        rev: bool,
    ) -> Option<SowEnd> {
        let ring = &sow.rings[state.to_move];
        let held = state.counts[h.index()];
        let hand = sow.first_lap.lift.map_or(held, |n| n.min(held));
        state.counts[h.index()] -= hand;
        let lift = 0u64.wrapping_sub(self.keys[h.index()].wrapping_mul(u64::from(hand)));
        // Sowing starting with the hole itself is sowing from the hole before it.
        let from = match (sow.first_lap.starts_in(held), rev) {
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
    pub(super) fn continue_sowing(
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
    pub(super) fn after_sowing<L: Log>(
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
            self.recount_territories(state);
        }
        // The way the sowing goes on: read only where it goes on, not on the playouts' common
        // path (a lap that ends the turn).
        let mut on = rev;
        let next = match end.action {
            LapAction::Capture(c) => {
                on = self.going_on_after(state, c, rev);
                self.capture(state, history, c, end, (origin, relays), (rev, on), log)
            }
            // Only where laps may be turned: the next lap lifts a hole it may be turned from.
            // (`relay, turning back` is played lap by lap, never here.)
            LapAction::Relay | LapAction::RelayNext => match self.relay_hole(state, end, rev) {
                Some(_)
                    if self.model.end.one_hole_every_lap
                        && self.mover_in_one_hole(state)
                        && self.end_in_force(state, crate::model::EndKind::OneHole) =>
                {
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
                let choice = LapChoice {
                    at: end.last,
                    origin,
                    relays,
                    turn: false,
                    hand: 0,
                    through: false,
                    capture: 0,
                };
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
                if let Some((to, n)) = self.move_landing(state, i, end.last) {
                    log.moved(end.last, to, n);
                }
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

    /// The way a sowing goes on after capture `c` by a lap gone `rev`: that lap's way where
    /// the capture sows its seeds on the way the lap went, else [`Rules::going_on`].
    #[inline(always)]
    pub(super) fn going_on_after(&self, state: &State, c: u8, rev: bool) -> bool {
        // Without turned laps every lap goes on the way it went.
        if !self.flags.turnings {
            return rev;
        }
        match self.model.captures[usize::from(c)].destination {
            crate::model::Destination::Sow(r) if r.keep_way => rev,
            _ => self.going_on(state, rev),
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

    /// The counts of the opponent's end holes of the row an end rule names (South's left
    /// one first), before a capture.
    #[cold]
    pub(super) fn end_hole_counts(&self, state: &State) -> [u16; 2] {
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
    pub(super) fn note_capture(&self, state: &mut State, before: [u16; 2], turned: bool) -> bool {
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
}
