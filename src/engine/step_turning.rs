//! Turned laps in the general interpreter ([`super::stepwise`]): a turn's first lap turned
//! the other way, the pause before a later lap that may be turned, the laps the mover may
//! sow there (the usual way, turned, or where a turned lap's captured seeds may be left,
//! another hole's lap turned), and a turning line's condition read where the lap sown that
//! way would end. Which holes a lap may be turned from, and when a turn may no longer turn
//! one, are the rules' own ([`super::turning`]).

use super::play::Log;
use super::rules::*;
use super::state::*;
use super::step_resume::kept_cursor;
use super::stepwise::{Cursor, Step, Tally};

impl Rules {
    /// The laps the mover may sow where the sowing paused to let them turn the next one,
    /// each with its decision, the hole it lifts and its way: the usual way from the paused
    /// hole (`relay`), turned, and, where a turned lap's captured seeds may be left where
    /// they were put, another hole's lap turned instead. Whether each ends is not asked.
    pub(super) fn turn_options(
        &self,
        state: &State,
        sow: &SowRules,
        choice: LapChoice,
    ) -> Vec<(Move, Hole, bool)> {
        let me = state.to_move;
        let mut out = vec![(Move::Relay, choice.at, self.turn_reversed(state, sow, me))];
        if let Some((d, rev)) = self.turn_at(state, sow, choice.at, choice.origin, false, choice.hand) {
            out.push((Move::SowDirection(choice.at, d), choice.at, rev));
        }
        if state.turn_bits & TURN_LEAVE != 0 {
            for (h, d, rev) in self.leave_options(state, sow, choice.at, choice.origin) {
                out.push((Move::SowDirection(h, d), h, rev));
            }
        }
        out
    }

    /// After the mover chose, at a pause to turn `choice`, the lap from hole `h` going `rev`:
    /// sow it (the seeds put there alone, where the pause says so), and on.
    pub(super) fn step_turn_resume<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        choice: LapChoice,
        (h, rev): (Hole, bool),
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        state.phase = Phase::Sow;
        let mut cur = Cursor { rev, ..kept_cursor(state, choice.origin, choice.relays + 1) };
        let hand = choice.hand_at(h);
        if state.counts[h.index()] == 0 || state.counts[h.index()] < hand {
            return Step::Over(LapAction::Stop);
        }
        let (at, before) = if hand == 0 {
            self.step_lap(state, sow, h, rev, false, tally)
        } else {
            self.remove(state, h, hand);
            self.thin_marks(state);
            self.drop_seeds(state, sow, (h, 1), hand, (rev, false), tally)
        };
        let action = self.step_action(state, sow, (at, before), &mut cur, tally);
        self.step_run(state, sow, (at, action), cur, tally, log)
    }

    /// Keep, where a sowing paused to let the mover turn its next lap, what the phase's lap
    /// rules read of the turn so far (whether it has captured, or reached a row), for the
    /// laps after the pause.
    pub(super) fn keep_turn_facts(&self, state: &mut State, cur: Cursor) {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return };
        let reads = |want: fn(&Fact) -> bool| sow.lap_rules.iter().flat_map(|r| &r.facts).any(want);
        if cur.captured && reads(|f| matches!(f, Fact::TurnCaptured)) {
            state.turn_bits |= TURN_STEP_CAPTURED;
        }
        if reads(|f| matches!(f, Fact::NotReached(..))) {
            state.turn_bits |= u16::from(cur.reached) << TURN_STEP_REACHED.trailing_zeros();
        }
    }

    /// Where a capture ended the mover's opening (its seeds put into hole `into`, the mover
    /// moved on to the next phase), the rest of the turn under that phase's rules: a pause
    /// where its lap from `into` may be turned, else that hole sown whole going `on`, and on.
    pub(super) fn step_next_phase<L: Log>(
        &self,
        state: &mut State,
        into: Hole,
        mut cur: Cursor,
        on: bool,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let TurnKind::Sow(next) = &self.phase_rules(state, state.to_move).turn else {
            return Step::Over(LapAction::Stop);
        };
        let turned = cur.rev != on;
        if self.flags.turnings && self.pause_to_turn(state, into, (cur.origin, cur.pauses), turned, 0) {
            return Step::TurnPaused(cur);
        }
        cur.rev = on;
        let (at, before) = self.step_lap(state, next, into, on, false, tally);
        tally.traced_captured(into);
        log.captured_lap();
        let action = self.step_action(state, next, (at, before), &mut cur, tally);
        self.step_run(state, next, (at, action), cur, tally, log)
    }

    /// Whether turning line `t`'s condition holds for a lap lifting `hand` seeds of hole `at`
    /// (0, or a line judged as if the whole hole were sown: every seed of it) going `rev`,
    /// the turn's first lap with `first`: the lap sown on a copy, seed by seed, and the lap
    /// rules (or the line's own rule) read where it ends.
    pub(super) fn step_turn_holds(
        &self,
        state: &State,
        sow: &SowRules,
        t: &TurnRule,
        (at, origin, hand): (Hole, u16, u16),
        (rev, first): (bool, bool),
    ) -> bool {
        let mut s = state.clone();
        let mut tally = Tally::default();
        let hand = if hand == 0 || t.whole { s.counts[at.index()] } else { hand };
        self.remove(&mut s, at, hand);
        let (landing, before) = self.drop_seeds(&mut s, sow, (at, 1), hand, (rev, false), &mut tally);
        let mut cur = Cursor {
            rev,
            first,
            captured: state.turn_bits & TURN_STEP_CAPTURED != 0,
            origin,
            pauses: 0,
            sown: true,
            reached: 0,
            laps: 0,
            // Whose seeds the landing hole held, where holes change owner (blind test 22).
            held_by: tally.held_by,
            hand: 0,
            from_hand: false,
            skipped_last: false,
        };
        match (&t.condition, &t.lands) {
            (TurnCheck::Always, _) => true,
            (_, Some(rule)) => self.rule_applies(&s, rule, (landing, before), &cur),
            (_, None) => {
                matches!(
                    self.step_action(&s, sow, (landing, before), &mut cur, &mut tally),
                    LapAction::Capture(_)
                )
            }
        }
    }
}
