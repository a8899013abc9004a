//! Turned laps: where a phase's turning lines let a lap go the other way, which way a lap
//! lifting a hole now may go, whether a line's condition holds, the pause that lets the mover
//! choose (or leave a turned lap's captured seeds where they were put), sowing a turned lap,
//! and the first-lap sowings turned the other way offered as moves.

use super::choose::MoveStats;
use super::play::MAX_RELAY_CHOICES;
use super::rules::*;
use super::sowing::{LapContext, SowEnd};
use super::state::*;

impl Rules {
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
            // A later lap from a hole of the line's marks (blind test 30, fault 2: a relay
            // from any hole of the mover's was offered the other way).
            let marked = |c: &Choice| {
                c.mark.is_none_or(|m| state.is_marked(m, at))
                    && c.except_marks.iter().all(|&m| !state.is_marked(m, at))
            };
            let fits = if first {
                self.fits(state, me, &t.choice, at, rev)
            } else {
                state.counts[at.index()] > 0 && marked(&t.choice)
            };
            let allowed = rev != usual
                && t.choice.holes[me].contains(&at)
                && fits
                && self.turn_condition(state, sow, t, (at, origin, hand), (rev, first));
            allowed.then_some((t.direction, rev))
        })
    }

    /// Whether a turning line's condition holds for a lap lifting `hand` seeds of hole `at`
    /// (0: the whole hole) sown `rev` (the turn's first lap with `first`): the lap is sown on
    /// a copy of the counts and its end read. A line judged `as if the whole hole were sown`
    /// sows every seed of the hole.
    fn turn_condition(
        &self,
        state: &State,
        sow: &SowRules,
        t: &TurnRule,
        (at, origin, hand): (Hole, u16, u16),
        (rev, first): (bool, bool),
    ) -> bool {
        if let TurnCheck::Always = t.condition {
            return true;
        }
        if self.stepwise {
            return self.step_turn_holds(state, sow, t, (at, origin, hand), (rev, first));
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
        state.phase =
            Phase::LapChoice(LapChoice { at, origin, relays, turn: true, hand, through: false, capture: 0 });
        true
    }

    /// Where a turned lap's captured seeds were put into hole `at`, the laps that may be
    /// sown instead, leaving them there: each other hole of a turning line that fits its
    /// description and whose condition holds, with the way it goes. None once the turn may
    /// not capture with a turned lap again (see [`Rules::turn_at`]).
    #[cold]
    pub(super) fn leave_options(
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
    pub(super) fn turned_moves(
        &self,
        state: &State,
        sow: &SowRules,
        out: &mut MoveList,
        stats: &mut MoveStats,
    ) {
        let me = state.to_move;
        for h in self.own_holes(state, me) {
            let origin = state.counts[h.index()];
            if origin == 0 {
                continue;
            }
            let Some((d, rev)) = self.turn_at(state, sow, h, origin, true, 0) else { continue };
            let ends = if self.stepwise {
                self.step_ends(state, sow, h, rev, false)
            } else {
                self.turn_ends_from(state, (h, origin, 0), (rev, true), 0, 0)
            };
            if ends {
                out.push(Move::SowDirection(h, d));
            } else {
                stats.endless += 1;
            }
        }
    }
}
