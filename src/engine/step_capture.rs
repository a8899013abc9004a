//! Captures in the general interpreter (`super::stepwise`): a lap's capture taken, its seeds
//! put where the capture puts them, or sown on from a hole or a row end; the pause where the
//! mover chooses the hole they go into.

use super::play::Log;
use super::rules::*;
use super::sowing::SowEnd;
use super::state::*;
use super::step_resume::keep_cursor;
use super::stepwise::{Cursor, EndPick, MAX_PATH_PAUSES, Next, Step, StepKey, Tally};

impl Rules {
    /// Capture `c` made by the lap that ended at `at`: its holes taken and its seeds put
    /// where it puts them (sown on from a row end or a hole, put into a hole, kept), then a
    /// relay after it if the capture says so. Where it puts them into one of several holes,
    /// the hole `chosen` by the mover, or, not chosen yet, a pause for the choice.
    #[allow(clippy::too_many_arguments, reason = "the sowing's parts, each its own borrow")]
    pub(super) fn step_capture<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        (c, at, chosen): (u8, Hole, Option<Hole>),
        cur: &mut Cursor,
        tally: &mut Tally,
        resown: &mut super::cycle::Brent<StepKey>,
        log: &mut L,
    ) -> Next {
        let me = state.to_move;
        let destination = self.model.captures[usize::from(c)].destination;
        if let Destination::Sow(resow) = destination
            && let SowInto::RowEnd { role, middle, far_for_north, ahead } = resow.into.first()
        {
            let ahead = (ahead && cur.sown).then_some(cur.rev);
            let end = self.row_end_at(me, (role, middle, far_for_north), at, ahead);
            return self.step_capture_from_row_end(state, sow, (c, at), end, cur, tally, log);
        }
        let end = self.step_end(state, sow, at, tally);
        // The way the sowing goes on: where laps may be turned, the usual way (so a capture
        // by a lap that went otherwise is a turned one), unless the seeds are sown on the way
        // the lap went.
        let (lap_rev, on) = (cur.rev, self.going_on_after(state, c, cur.rev));
        if chosen.is_none()
            && let Some(choice) = self.put_pause(state, sow, (c, at), &end, cur, (lap_rev, on))
        {
            return Next::Stop(Step::PutPaused(choice));
        }
        let ends_before = if self.turn_record { self.end_hole_counts(state) } else { [0; 2] };
        let (taken, roles) = self.take_at(state, c, &end, lap_rev, log);
        self.thin_marks(state);
        if taken == 0 {
            // Nothing taken: the follow-ups are owed all the same.
            return Next::Stop(Step::Captured(c, 0, roles));
        }
        if self.turn_record && self.note_capture(state, ends_before, lap_rev != on) {
            // The turn's captures won the game: the seeds are put, not sown.
            self.put_won(state, c, &end, taken);
            return Next::Stop(Step::Ended);
        }
        if sow.block.is_some() {
            state.turn_bits |= TURN_STEP_TOOK;
        }
        state.captures_made[me] = state.captures_made[me].saturating_add(1);
        cur.captured = true;
        match destination {
            Destination::Sow(resow) => {
                let sown = (resow, chosen, taken);
                if let Some(next) =
                    self.resow_taken(state, sow, sown, (&end, lap_rev, on), cur, tally, resown, log)
                {
                    return next;
                }
            }
            Destination::Put(into) => self.put_taken(state, into, chosen, taken, &end),
            destination => self.keep(state, destination, taken),
        }
        match self.relay_after(state, c, &end, lap_rev) {
            Some(from) => {
                cur.rev = on;
                Next::Lift(from)
            }
            None => Next::Stop(Step::Captured(c, taken, roles)),
        }
    }

    /// Where capture `c` of the lap that ended at `end` (in hole `at`) puts its seeds into a
    /// hole the mover chooses and the holes it names are more than one now: the pause for the
    /// choice, the turn's facts so far kept in its bits. `None` where there is nothing to
    /// choose: one hole, nothing taken, a capture that wins the game (its seeds are put into
    /// the first hole named), or a turn that has paused too often to be sure to end (the
    /// first hole named, so that a sowing that goes round is found endless).
    #[cold]
    #[inline(never)]
    fn put_pause(
        &self,
        state: &mut State,
        sow: &SowRules,
        (c, at): (u8, Hole),
        end: &SowEnd,
        cur: &Cursor,
        (lap_rev, on): (bool, bool),
    ) -> Option<PutChoice> {
        let (Destination::Put(into) | Destination::Sow(Resow { into, .. })) =
            self.model.captures[usize::from(c)].destination
        else {
            return None;
        };
        if !into.is_choice()
            || cur.pauses >= MAX_PATH_PAUSES
            || self.put_options(state, sow, into, end).len() < 2
        {
            return None;
        }
        // What the capture takes, taken on a copy.
        let mut s = state.clone();
        let ends_before = if self.turn_record { self.end_hole_counts(&s) } else { [0; 2] };
        let (taken, _) = self.take_at(&mut s, c, end, lap_rev, &mut ());
        if taken == 0 || (self.turn_record && self.note_capture(&mut s, ends_before, lap_rev != on)) {
            return None;
        }
        keep_cursor(state, cur);
        Some(PutChoice {
            capture: c,
            at,
            from: Hole(sow.rings[state.to_move].slot(usize::from(end.lap_at)) as u8),
            taken,
            origin: cur.origin,
            pauses: cur.pauses + 1,
            laps: cur.laps,
        })
    }

    /// Capture `c`'s seeds sown on from the row end `end` picks (or the mover asked which).
    #[allow(clippy::too_many_arguments, reason = "the sowing's parts, each its own borrow")]
    fn step_capture_from_row_end<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        (c, at): (u8, Hole),
        end: EndPick,
        cur: &mut Cursor,
        tally: &mut Tally,
        log: &mut L,
    ) -> Next {
        match end {
            EndPick::Choice => Next::Stop(Step::Paused(EndChoice { capture: c, at, origin: cur.origin })),
            EndPick::End(end, rev) => match self.sow_from_end(state, sow, c, at, (end, rev), tally, log) {
                None => Next::Stop(Step::Over(LapAction::Stop)),
                Some((landing, before)) => {
                    (cur.rev, cur.captured) = (rev, true);
                    Next::Landed(landing, before)
                }
            },
        }
    }

    /// Take what capture `c` takes from a landing at `at` and sow it from row end `end`
    /// going `rev`: the whole end hole, or the taken seeds alone (from the next hole, or
    /// starting with the end hole itself), as the capture says. Where the last seed fell and
    /// what that hole held before; `None` if there was nothing to take.
    #[allow(clippy::too_many_arguments, reason = "the sowing's rules, the capture and where its seeds go")]
    pub(super) fn sow_from_end<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        c: u8,
        at: Hole,
        (end, rev): (Hole, bool),
        tally: &mut Tally,
        log: &mut L,
    ) -> Option<(Hole, u16)> {
        let (taken, _) = self.take::<true, L>(state, c, at, false, log);
        self.claim_landing(state, c, at);
        if taken == 0 {
            return None;
        }
        self.thin_marks(state);
        let me = state.to_move;
        state.turn_bits |= TURN_STEP_TOOK;
        state.captures_made[me] = state.captures_made[me].saturating_add(1);
        let Destination::Sow(resow) = self.model.captures[usize::from(c)].destination else { return None };
        if resow.whole {
            self.put(state, end, taken);
            let landing = self.step_lap(state, sow, end, rev, false, tally);
            tally.traced_captured(end);
            log.captured_lap();
            return Some(landing);
        }
        // The taken seeds alone, from the hole after the end (or the end itself).
        let from = if resow.itself { self.step_hole(me, end, !rev) } else { end };
        let landing = self.drop_seeds(state, sow, (from, 1), taken, (rev, false), tally);
        // Shown as sown from the end hole, where the taken seeds were put.
        tally.traced_captured(end);
        log.captured_lap();
        Some(landing)
    }

    /// Sow on, seed by seed going `rev`, a capture's seeds put into hole `into`: `hand` of
    /// them (0: the whole hole; with the last seed of the lap, where the rules say so), from
    /// the hole after it or starting with it. Where the last seed fell and what that hole
    /// held before it.
    #[allow(clippy::too_many_arguments, reason = "the capture, its seeds and the sowing's way")]
    pub(super) fn step_resow(
        &self,
        state: &mut State,
        sow: &SowRules,
        resow: Resow,
        (into, hand): (Hole, u16),
        end: &SowEnd,
        rev: bool,
        tally: &mut Tally,
    ) -> (Hole, u16) {
        let me = state.to_move;
        let whole = hand == 0;
        let mut hand = if whole { state.counts[into.index()] } else { hand };
        self.remove(state, into, hand);
        if resow.with_last && !whole && state.counts[end.last.index()] > 0 {
            self.remove(state, end.last, 1);
            hand += 1;
        }
        self.thin_marks(state);
        // Sowing starting with the hole itself is sowing from the hole before it.
        let from = if resow.itself { self.step_hole(me, into, !rev) } else { into };
        let landing = self.drop_seeds(state, sow, (from, 1), hand, (rev, false), tally);
        tally.traced_captured(into);
        landing
    }

    /// Capture `c`'s `taken` seeds sown on, as `resow` says: put into their hole (the one
    /// `chosen`, if the mover chose) and sown from there, the turn's way `on` after a lap that
    /// went `lap_rev` and ended at `end`. What the sowing does next; `None` where the seeds'
    /// sowing is over and a relay after the capture may go on.
    #[allow(clippy::too_many_arguments, reason = "the sowing's parts, each its own borrow")]
    fn resow_taken<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        (resow, chosen, taken): (Resow, Option<Hole>, u16),
        (end, lap_rev, on): (&SowEnd, bool, bool),
        cur: &mut Cursor,
        tally: &mut Tally,
        resown: &mut super::cycle::Brent<StepKey>,
        log: &mut L,
    ) -> Option<Next> {
        self.count_put_back(state, taken);
        if self.flags.capture_ends_phase
            && let Some(into) = self.phase_ends_at(state, (resow, chosen), taken, end)
        {
            // The rest of the turn is sown under the next phase's rules.
            return Some(Next::Stop(self.step_next_phase(state, into, *cur, on, tally, log)));
        }
        let (into, hand) = self.put_to_resow(state, sow, (resow, chosen), taken, end);
        if self.path {
            let step = self.path_resow(state, sow, resow, (into, hand), end, cur, tally, log);
            return Some(Next::Stop(step));
        }
        if self.flags.turnings
            && Self::resow_may_turn(sow, resow)
            && self.pause_to_turn(state, into, (cur.origin, cur.pauses), lap_rev != on, hand)
        {
            return Some(Next::Stop(Step::TurnPaused(*cur)));
        }
        cur.rev = on;
        tally.cur = Some(*cur);
        let (landing, before) = self.step_resow(state, sow, resow, (into, hand), end, cur.rev, tally);
        log.captured_lap();
        if !resow.goes_on() {
            return None;
        }
        let key = ((landing, before, cur.rev, cur.reached), (state.counts, state.hand, state.marks));
        Some(if resown.repeats(key) { Next::Stop(Step::Endless) } else { Next::Landed(landing, before) })
    }
}
