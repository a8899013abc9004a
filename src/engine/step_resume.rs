//! A sowing paused for a choice of the mover's, resumed: after the count to lift
//! (`sow any number of seeds …`), a relay (`may stop`), a capture among several (`capture a
//! or capture b`), a row end to sow captured seeds from, a hole to put them into, or a
//! relay's way past or through the side store. What a paused sowing's cursor knows of the
//! turn is kept in the turn's bits while it waits.

use super::play::Log;
use super::rules::*;
use super::sowing::SowEnd;
use super::state::*;
use super::stepwise::{Cursor, Next, Step, Tally};

impl Rules {
    /// Where the mover chooses how many seeds of the chosen hole to lift (`sow any number of
    /// seeds …`), the count `k`: the turn's first lap lifts `k` seeds of the hole paused at,
    /// the rest staying in it, and the sowing goes on as any turn's.
    pub(super) fn step_lift<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        k: u16,
        log: &mut L,
    ) -> Option<SowEnd> {
        let Phase::Lift(choice) = state.phase else { return None };
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return None };
        let mut tally = Tally::default();
        state.phase = Phase::Sow;
        if choice.hand {
            let step = self.step_hand_laps(state, sow, Some(k), &mut tally, log)?;
            return Some(self.step_finish(state, history, step, tally, (choice.hole, 0), log));
        }
        let step =
            self.step_start(state, sow, choice.hole, choice.rev, choice.through, Some(k), &mut tally, log);
        Some(self.step_finish(state, history, step, tally, (choice.hole, 0), log))
    }

    /// Where a sowing paused for the mover to stop or relay (`may stop`), the relay: the
    /// paused hole lifted and sown on, as the lap rules say.
    pub(super) fn step_relay<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        choice: LapChoice,
        log: &mut L,
    ) -> Option<SowEnd> {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return None };
        let mut tally = Tally::default();
        if choice.turn {
            let rev = self.turn_reversed(state, sow, state.to_move);
            let step = self.step_turn_resume(state, sow, choice, (choice.at, rev), &mut tally, log);
            return Some(self.step_finish(state, history, step, tally, (choice.at, choice.relays + 1), log));
        }
        let cur = paused_cursor(state, choice);
        state.phase = Phase::Sow;
        let step = self.step_run(state, sow, (choice.at, LapAction::Relay), cur, &mut tally, log);
        Some(self.step_finish(state, history, step, tally, (choice.at, choice.relays + 1), log))
    }

    /// Where a sowing paused for the mover to choose among captures (`capture a or capture
    /// b`), the capture whose first hole taken is `h`: made, and the sowing on from it.
    pub(super) fn step_chosen_capture<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        (choice, h): (LapChoice, Hole),
        log: &mut L,
    ) -> Option<SowEnd> {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return None };
        let mut tally = Tally::default();
        let cur = paused_cursor(state, choice);
        let options = self.capture_options(state, sow, (choice.capture - 1, choice.at), &cur, &tally);
        let &(c, _) = options.iter().find(|&&(_, first)| first == h)?;
        state.phase = Phase::Sow;
        let step = self.step_run(state, sow, (choice.at, LapAction::Capture(c)), cur, &mut tally, log);
        Some(self.step_finish(state, history, step, tally, (choice.at, choice.relays + 1), log))
    }

    /// The captures of choice number `k` that would take seeds at a lap's end in hole `at`,
    /// each with the first hole it would take (the decision that names it), in the order
    /// written; of two that would take first from the same hole, the first.
    pub(super) fn capture_options(
        &self,
        state: &State,
        sow: &SowRules,
        (k, at): (u8, Hole),
        cur: &Cursor,
        tally: &Tally,
    ) -> Vec<(u8, Hole)> {
        let end = self.step_end(state, sow, at, tally);
        let mut options: Vec<(u8, Hole)> = Vec::new();
        for &c in &self.model.capture_choices[usize::from(k)].captures {
            let mut s = state.clone();
            let mut first = FirstTaken(None);
            let (taken, _) = self.take_at(&mut s, c, &end, cur.rev, &mut first);
            if let Some(h) = first.0.filter(|&h| taken > 0 && options.iter().all(|&(_, o)| o != h)) {
                options.push((c, h));
            }
        }
        options
    }

    /// After the mover chose `end` (sown `rev`) for the paused capture `choice`: take the
    /// seeds into it, sow it, and on.
    pub(super) fn step_from_end<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        choice: EndChoice,
        (end, rev): (Hole, bool),
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let Some((at, before)) =
            self.sow_from_end(state, sow, choice.capture, choice.at, (end, rev), tally, log)
        else {
            return Step::Over(LapAction::Stop);
        };
        let mut cur = Cursor { rev, captured: true, ..kept_cursor(state, choice.origin, 0) };
        let action = self.step_action(state, sow, (at, before), &mut cur, tally);
        self.step_run(state, sow, (at, action), cur, tally, log)
    }

    /// After the mover chose hole `h` for the capture paused at `choice`: the capture made, its
    /// seeds put into `h` (and sown on from it, where the capture says so), and on.
    pub(super) fn step_put<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        choice: PutChoice,
        h: Hole,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        state.phase = Phase::Sow;
        let mut cur = Cursor { laps: choice.laps, ..kept_cursor(state, choice.origin, choice.pauses) };
        // The capturing lap as it ended: where it was lifted from and where it ended.
        (tally.from, tally.last, tally.cur) = (Some(choice.from), Some(choice.at), Some(cur));
        let mut resown = super::cycle::Brent::new();
        let next = self.step_capture(
            state,
            sow,
            (choice.capture, choice.at, Some(h)),
            &mut cur,
            tally,
            &mut resown,
            log,
        );
        let (at, before) = match next {
            Next::Landed(at, before) => (at, before),
            Next::Lift(from) => match self.step_lift_next(state, sow, from, &cur, tally, log) {
                Ok(landing) => landing,
                Err(step) => return step,
            },
            Next::Stop(step) => return step,
        };
        let action = self.step_action(state, sow, (at, before), &mut cur, tally);
        self.step_run(state, sow, (at, action), cur, tally, log)
    }

    /// After the mover chose the way of the relay paused at `choice` (through the side store,
    /// or past it): sow it, and on.
    pub(super) fn step_resume<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        choice: LapChoice,
        through: bool,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let me = state.to_move;
        let rev = self.sowing_reversed(state, sow, me).unwrap_or(false);
        let mut cur = Cursor { rev, captured: false, ..kept_cursor(state, choice.origin, choice.relays) };
        let (at, before) = self.step_lap(state, sow, choice.at, rev, through, tally);
        if through && !self.side_allowed(state, sow) {
            return Step::Refused;
        }
        let action = self.step_action(state, sow, (at, before), &mut cur, tally);
        self.step_run(state, sow, (at, action), cur, tally, log)
    }
}

/// The first hole a capture took, as its log tells.
struct FirstTaken(Option<Hole>);

impl Log for FirstTaken {
    fn took(&mut self, h: Hole, n: u16) {
        if n > 0 && self.0.is_none() {
            self.0 = Some(h);
        }
    }
}

/// The cursor of a sowing paused for the mover to stop or relay, as the turn's bits keep it.
pub(super) fn paused_cursor(state: &State, choice: LapChoice) -> Cursor {
    kept_cursor(state, choice.origin, choice.relays)
}

/// Keep, where a sowing pauses for the mover, what its cursor knows of the turn in the turn's
/// bits: the way it goes, whether it has captured, the rows it has reached.
pub(super) fn keep_cursor(state: &mut State, cur: &Cursor) {
    let bits = (if cur.rev { TURN_STEP_REV } else { 0 })
        | (if cur.captured { TURN_STEP_CAPTURED } else { 0 })
        | (u16::from(cur.reached) << TURN_STEP_REACHED.trailing_zeros());
    state.turn_bits = (state.turn_bits & !(TURN_STEP_REV | TURN_STEP_CAPTURED | TURN_STEP_REACHED)) | bits;
}

/// The cursor of a sowing paused for the mover, as the turn's bits keep it ([`keep_cursor`]):
/// `origin`, the seeds the chosen hole held; `pauses`, the pauses made this turn.
pub(super) fn kept_cursor(state: &State, origin: u16, pauses: u16) -> Cursor {
    Cursor {
        rev: state.turn_bits & TURN_STEP_REV != 0,
        first: false,
        captured: state.turn_bits & TURN_STEP_CAPTURED != 0,
        origin,
        pauses,
        sown: true,
        reached: (state.turn_bits >> TURN_STEP_REACHED.trailing_zeros()) as u8,
        laps: 0,
        held_by: None,
        hand: 0,
        from_hand: false,
        skipped_last: false,
    }
}
