//! Turns that move seeds (`moving the seeds of …`): the moves each way of the turn allows,
//! and playing one: the seeds moved from one hole into another, and the capture a seed
//! moved into a hole makes where the phase says so.

use super::play::Log;
use super::rules::*;
use super::state::*;
use crate::model::{DropCapture, MAX_MARKS, Transfer, TransferTo};

impl Rules {
    /// The moves one way of a turn that moves seeds allows, added to `out`; for a `later` way,
    /// those no earlier way has added.
    pub(super) fn transfer_moves(&self, state: &State, way: &Transfer, later: bool, out: &mut MoveList) {
        for a in self.all_holes() {
            if !self.may_move_from(state, way, a) {
                continue;
            }
            // A move an earlier way allows is listed once (a way lists each move once).
            let mut push = |mv: Move| {
                if !(later && out.contains(&mv)) {
                    out.push(mv);
                }
            };
            if way.place == TransferTo::Next {
                push(Move::Transfer(a, self.ahead(state.to_move, a, 1)));
                continue;
            }
            for b in self.all_holes() {
                if self.may_move_to(state, way, a, b) {
                    push(Move::Transfer(a, b));
                }
            }
        }
    }

    /// Whether `way` lets the mover move seeds out of hole `a` now.
    fn may_move_from(&self, state: &State, way: &Transfer, a: Hole) -> bool {
        let n = state.counts[a.index()];
        n >= way.count.unwrap_or(1)
            && way.holds.is_none_or(|(lo, hi)| (lo..=hi).contains(&n))
            && self.matches(state, state.to_move, &way.from, a)
    }

    /// Whether `way` lets the seeds of hole `a` go into hole `b` (`a` allowed as a start).
    fn may_move_to(&self, state: &State, way: &Transfer, a: Hole, b: Hole) -> bool {
        let me = state.to_move;
        let fits = match way.place {
            TransferTo::Next => return b == self.ahead(me, a, 1),
            TransferTo::Behind => self.hole_column[b.index()] == self.hole_column[a.index()],
            TransferTo::NotOpposite => !self.opposite[me][a.index()].contains(&Some(b)),
            TransferTo::Any => true,
        };
        let left_out = way.except_rows >> self.hole_role[b.index()] & 1 == 1
            || (0..MAX_MARKS as u8).any(|m| way.except_marks >> m & 1 == 1 && state.is_marked(m, b));
        b != a && fits && self.matches(state, me, &way.to, b) && !left_out
    }

    /// The first way of the turn that allows the move from `a` to `b` now, which plays it.
    pub(super) fn transfer_way<'w>(
        &self,
        state: &State,
        ways: &'w [Transfer],
        (a, b): (Hole, Hole),
    ) -> Option<&'w Transfer> {
        ways.iter().find(|way| self.may_move_from(state, way, a) && self.may_move_to(state, way, a, b))
    }

    /// Seeds moved from hole `a` to hole `b` (a transfer phase's turn), capturing where the
    /// phase's drop captures; the turn ends, or is kept where the phase says so.
    #[inline(always)]
    pub(super) fn apply_transfer<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        (a, b): (Hole, Hole),
        log: &mut L,
    ) {
        let me = state.to_move;
        state.passes = 0;
        let phase = &self.model.phases[usize::from(state.phase_of[me])];
        if let TurnKind::Transfer(ways) = &self.phase_rules(state, me).turn
            && let Some(way) = self.transfer_way(state, ways, (a, b))
        {
            let count = way.count.unwrap_or(state.counts[a.index()]);
            let capture = phase.drop_capture.filter(|d| self.drop_captures(state, d, b));
            self.remove(state, a, count);
            self.put(state, b, count);
            if let Some(d) = capture {
                self.capture_at_drop(state, d.capture, b, log);
            }
        }
        if phase.keeps_turn.is_some() {
            self.keep_turn(state, history);
        } else {
            self.end_turn(state, history);
        }
    }

    /// Whether a seed moved into hole `b` now (before it falls) makes the capture `d` says.
    #[cold]
    pub(super) fn drop_captures(&self, state: &State, d: &DropCapture, b: Hole) -> bool {
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
    pub(super) fn capture_at_drop<L: Log>(&self, state: &mut State, c: u8, b: Hole, log: &mut L) {
        let me = state.to_move;
        let (taken, _) = self.take::<true, L>(state, c, b, false, log);
        self.claim_landing(state, c, b);
        if taken > 0 {
            state.captures_made[me] = state.captures_made[me].saturating_add(1);
            self.keep(state, self.model.captures[usize::from(c)].destination, taken);
        }
    }
}
