//! Sowing along a path of neighbouring holes, chosen seed by seed (`circuit a path through
//! neighbouring holes, chosen seed by seed`): no ring. A lap is lifted as any other; then
//! each of its seeds is a decision of the mover's, the hole it goes into, next to the hole
//! the seed before it fell in along a row or a column, never one the lap has lifted or sown
//! into (those carry the rules' path mark, [`Rules::path_mark`], until the lap ends). A lap
//! with seeds left and nowhere to go drops them where it stands, and the turn ends.
//!
//! When a lap's last seed falls, the lap rules are read as for any lap, by the general
//! interpreter (`super::stepwise`), with the holes they count from the landing hole counted
//! straight on in the direction of the last step ([`Rules::along_hole`]); a relay lifts a hole
//! and starts the next lap here ([`Rules::path_lap`]). The phase of a lap under way is
//! [`Phase::Step`], whose holes give that direction.

use super::play::Log;
use super::rules::*;
use super::state::*;
use super::stepwise::{Cursor, Step, Tally, set_mark};
use super::trace::SownLap;

impl Rules {
    /// Whether each seed goes into a neighbouring hole of the mover's choosing (`circuit a
    /// path through neighbouring holes, …`): a turn is a lift, then one decision per seed.
    pub fn sows_by_path(&self) -> bool {
        self.path
    }

    /// A hole's row and column (see [`Rules::row_of`]), signed for steps off the board.
    fn grid(&self, h: Hole) -> (isize, isize) {
        (self.row_of(h) as isize, self.column_of(h) as isize)
    }

    /// The hole at row `r` and column `c` ([`Rules::hole`]), if on the board.
    fn grid_hole(&self, (r, c): (isize, isize)) -> Option<Hole> {
        self.hole(usize::try_from(r).ok()?, usize::try_from(c).ok()?)
    }

    /// The hole `steps` holes straight on from `at` in the direction of the step from `from`
    /// to `at` (negative: straight back), if on the board; none before a lap's first step.
    fn straight_on(&self, (from, at): (Hole, Hole), steps: i16) -> Option<Hole> {
        if from == at || self.is_store(at) || self.is_store(from) {
            return None;
        }
        let ((r0, c0), (r, c)) = (self.grid(from), self.grid(at));
        let (dr, dc) = (r - r0, c - c0);
        let k = steps as isize;
        self.grid_hole((r + k * dr, c + k * dc))
    }

    /// The hole `steps` holes after the landing hole `at` (negative: before it), as the lap
    /// rules and captures count them: along `me`'s circuit going `rev`; where each seed goes
    /// into a neighbouring hole, straight on in the direction of the lap's last step (the
    /// lap under way is the phase's), none off the board.
    pub(super) fn along_hole(
        &self,
        state: &State,
        me: Player,
        at: Hole,
        rev: bool,
        steps: i16,
    ) -> Option<Hole> {
        if !self.path {
            return Some(self.along(me, at, rev, steps));
        }
        match state.phase {
            Phase::Step(p) if p.at == at => self.straight_on((p.from, p.at), steps),
            _ => None,
        }
    }

    /// The holes next to `h` along its row and its column, in board order.
    fn neighbours(&self, h: Hole) -> impl Iterator<Item = Hole> + '_ {
        let (r, c) = self.grid(h);
        [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)].into_iter().filter_map(|rc| self.grid_hole(rc))
    }

    /// Where the next seed of the lap under way may go: the neighbours of the hole it stands
    /// at that the lap has not lifted or sown into, nor skips.
    fn open_neighbours<'a>(&'a self, state: &'a State, p: PathStep) -> impl Iterator<Item = Hole> + 'a {
        let skip = self.path_skip(state);
        let by_count = match &self.model.phases[usize::from(state.phase_of[state.to_move])].turn {
            crate::model::Turn::Sow(sow) => sow.skip_count,
            _ => None,
        };
        self.neighbours(p.at).filter(move |&h| {
            !state.is_marked(self.path_mark, h)
                && skip.is_none_or(|m| !state.is_marked(m, h))
                && by_count.is_none_or(|k| !self.skipped_by_count(state, state.to_move, h, k))
        })
    }

    /// The mark whose holes the mover's laps skip, if their sowing says so.
    fn path_skip(&self, state: &State) -> Option<u8> {
        match &self.model.phases[usize::from(state.phase_of[state.to_move])].turn {
            crate::model::Turn::Sow(sow) => sow.skip,
            _ => None,
        }
    }

    /// The decisions of a lap under way: a `Sow` of each hole its next seed may go into.
    pub(super) fn path_moves(&self, state: &State, p: PathStep, out: &mut MoveList) {
        out.extend(self.open_neighbours(state, p).map(Move::Sow));
    }

    /// Lift hole `from` (a turn's first lap, or a relay) and start a lap from it: the phase
    /// is the lap under way, with the mover to place its first seed. A hole with nowhere to
    /// sow keeps its seeds, and the turn ends.
    pub(super) fn path_lap(&self, state: &mut State, sow: &SowRules, from: Hole, cur: &Cursor) -> Step {
        let max_laps = sow.rings[state.to_move].max_laps;
        if u32::from(cur.laps) >= max_laps.min(u32::from(u16::MAX)) {
            return Step::Over(LapAction::Stop);
        }
        let n = state.counts[from.index()];
        let p = PathStep {
            at: from,
            from,
            hand: n,
            origin: cur.origin,
            laps: cur.laps + 1,
            first: cur.first,
            captured: cur.captured,
        };
        if n == 0 || self.open_neighbours(state, p).next().is_none() {
            return Step::Over(LapAction::Stop);
        }
        self.remove(state, from, n);
        set_mark(state, self.path_mark, from, true);
        Step::Path(p)
    }

    /// The next seed of the lap under way `p` into hole `to` (one of [`Rules::path_moves`]),
    /// or the seeds the rules drop into it. Where the lap goes on, the next decision is its
    /// next seed; where it has nowhere to go, its seeds stay where it stands and the turn
    /// ends; where its last seed fell, the lap rules say what follows.
    pub(super) fn path_step<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        mut p: PathStep,
        to: Hole,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let before = state.counts[to.index()];
        let first_seed = p.at == p.from;
        let by_rule = match sow.first_hole {
            Some(first) if first_seed && p.first => first,
            _ if before == 0 => sow.empty_hole,
            _ => 1,
        };
        let k = by_rule.max(1).min(p.hand);
        self.add(state, to, k);
        set_mark(state, self.path_mark, to, true);
        if let Some(trace) = tally.trace.as_mut() {
            trace.push(SownLap { from: p.at, drops: vec![to; usize::from(k)] });
        }
        p.hand -= k;
        (p.from, p.at) = (p.at, to);
        tally.sown += u32::from(k);
        tally.last = Some(to);
        state.phase = Phase::Step(p);
        if p.hand > 0 {
            if self.open_neighbours(state, p).next().is_some() {
                return Step::Path(p);
            }
            // Nowhere to go: the seeds left stay where the lap stands, and the turn ends.
            self.add(state, to, p.hand);
            self.clear_path(state);
            return Step::Over(LapAction::Stop);
        }
        // The lap is over: its verdict, read with the lap's heading (the phase keeps it
        // until the sowing goes on).
        self.clear_path(state);
        tally.laps += 1;
        let mut cur = Cursor {
            rev: false,
            first: p.first,
            captured: p.captured,
            origin: p.origin,
            pauses: 0,
            sown: true,
            reached: 0,
            held_by: None,
            laps: p.laps,
        };
        let action = self.step_action(state, sow, (to, before), &mut cur, tally);
        cur.first = false;
        self.step_run(state, sow, (to, action), cur, tally, log)
    }

    /// The lap under way is over: no hole carries the path mark.
    fn clear_path(&self, state: &mut State) {
        state.marks[usize::from(self.path_mark)] = [0; 3];
    }
}
