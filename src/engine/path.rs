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
use crate::model::Overrun;

/// A lap of a path about to be lifted (see [`Rules::path_lap`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Lift {
    /// The hole it is lifted from.
    pub(super) from: Hole,
    /// At most so many of its seeds (`None`: all of them).
    pub(super) most: Option<u16>,
    /// A heavy hole gives up fewer (`, only 1 seed from a house hole with more than 6
    /// seeds`): a turn's first lap and its relays, not a capture's seeds sown on.
    pub(super) heavy: bool,
    /// Its first seed goes back into that hole.
    pub(super) itself: bool,
    /// Its `PATH_*` bits to begin with.
    pub(super) bits: u8,
}

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
                && self.chosen_mark.is_none_or(|m| !self.model.circuit.skip_chosen || !state.is_marked(m, h))
                && skip.is_none_or(|(m, side)| {
                    !(state.is_marked(m, h) && self.on_side(state, state.to_move, h, side))
                })
                && by_count.is_none_or(|k| {
                    (k.spares_last && p.hand == 1)
                        || (k.only_last && p.hand > 1)
                        || !self.skipped_by_count(state, state.to_move, h, k)
                })
        })
    }

    /// The mark whose holes the mover's laps skip, if their sowing says so, and whose holes
    /// of it (the mover's own, the others', or all).
    fn path_skip(&self, state: &State) -> Option<(u8, Option<crate::model::Side>)> {
        match &self.model.phases[usize::from(state.phase_of[state.to_move])].turn {
            crate::model::Turn::Sow(sow) => sow
                .skip
                .filter(|_| sow.skip_when.is_none_or(|c| self.chosen_is(state, c)))
                .map(|m| (m, sow.skip_side)),
            _ => None,
        }
    }

    /// The decisions of a lap under way: a `Sow` of each hole its next seed may go into.
    pub(super) fn path_moves(&self, state: &State, p: PathStep, out: &mut MoveList) {
        out.extend(self.open_neighbours(state, p).map(Move::Sow));
    }

    /// A turn's first decision where each seed goes into a neighbouring hole: hole `h`
    /// chosen, a seed put into it from the hand where the sowing says so (which may capture
    /// there instead), then its first lap lifted: so many of its seeds (`sow 4 seeds …`, a
    /// heavy hole's fewer; the `lift` the mover chose, where they choose), the first back into
    /// it where the lap starts with it.
    pub(super) fn path_start<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        lift: Option<u16>,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let me = state.to_move;
        let mut cur = Cursor::first_lap(false);
        if let Some(m) = self.chosen_mark {
            // The turn's chosen hole, which no lap of the turn sows into.
            set_mark(state, m, h, true);
        }
        let placing = self.placing(state, sow, h);
        let captures = placing.is_some_and(|p| self.place_captures(state, p, h));
        if placing.is_some() {
            if state.hand[me] == 0 {
                return Step::Over(LapAction::Stop);
            }
            state.hand[me] -= 1;
            self.put(state, h, 1);
            tally.last = Some(h);
        } else if !sow.at_start.is_empty() {
            tally.cur = Some(cur);
            self.capture_at_lap_start(state, sow, h, cur.rev, tally);
        }
        cur.origin = state.counts[h.index()];
        if let Some(place) = placing.filter(|_| captures) {
            (cur.sown, cur.first) = (false, false);
            return self.step_run(state, sow, (h, LapAction::Capture(place.capture)), cur, tally, log);
        }
        let itself = sow.first_lap.starts_in(cur.origin);
        let most = sow.first_lap.most(cur.origin);
        let most = Some(lift.map_or(most, |k| k.min(most)));
        let lift = Lift { from: h, most, heavy: true, itself, bits: PATH_FIRST };
        self.path_lap(state, sow, lift, &cur, tally, log)
    }

    /// Lift a lap (a turn's first, a relay, or a capture's seeds sown on) and start it: the
    /// phase is the lap under way, with the mover to place its next seed. A hole with nothing
    /// to lift or nowhere to sow keeps its seeds, and the turn ends.
    pub(super) fn path_lap<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        lift: Lift,
        cur: &Cursor,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let max_laps = sow.rings[state.to_move].max_laps;
        if u32::from(cur.laps) >= max_laps.min(u32::from(u16::MAX)) {
            return Step::Over(LapAction::Stop);
        }
        let from = lift.from;
        let held = state.counts[from.index()];
        let mut p = PathStep {
            at: from,
            from,
            hand: lift.most.map_or(held, |k| k.min(held)),
            origin: cur.origin,
            laps: cur.laps + 1,
            lifted: from,
            bits: lift.bits | if cur.captured { PATH_CAPTURED } else { 0 },
        };
        if p.hand == 0 || (!lift.itself && self.open_neighbours(state, p).next().is_none()) {
            return Step::Over(LapAction::Stop);
        }
        if lift.heavy {
            p.hand = self.heavy_lift(state, sow, from, p.hand);
        }
        self.remove(state, from, p.hand);
        self.thin_marks(state);
        set_mark(state, self.path_mark, from, true);
        state.phase = Phase::Step(p);
        if lift.itself {
            // The first seed goes back into the hole the lap was lifted from.
            return self.path_step(state, sow, p, from, tally, log);
        }
        Step::Path(p)
    }

    /// The next seed of the lap under way `p` into hole `to` (one of [`Rules::path_moves`],
    /// or the lifted hole itself for a lap that starts with it), or the seeds the rules drop
    /// into it. Where the lap goes on, the next decision is its next seed; where it has
    /// nowhere to go, its seeds stay where it stands and the turn ends; where its last seed
    /// fell, the lap rules say what follows.
    pub(super) fn path_step<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        mut p: PathStep,
        to: Hole,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let (before, held_by) = self.path_drop(state, sow, &mut p, to, tally);
        (p.from, p.at) = (p.at, to);
        tally.last = Some(to);
        state.phase = Phase::Step(p);
        if p.hand > 0 && !sow.passing.is_empty() {
            // The rules read as each seed but a lap's last falls (a capture of the seeds left
            // to sow ends the lap here).
            tally.cur = Some(self.path_cursor(p, held_by));
            p.hand -= self.capture_in_passing(state, sow, (to, before, p.hand), false, tally);
            if tally.captured {
                p.bits |= PATH_CAPTURED;
                state.phase = Phase::Step(p);
            }
        }
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
        tally.from = Some(p.lifted);
        if p.bits & PATH_ONE_LAP != 0 {
            // A capture's seeds sown on for one lap: the turn ends with it.
            return Step::Over(LapAction::Stop);
        }
        let mut cur = self.path_cursor(p, held_by);
        let action = self.step_action(state, sow, (to, before), &mut cur, tally);
        cur.first = false;
        self.step_run(state, sow, (to, action), cur, tally, log)
    }

    /// Drop the next seeds of lap `p` into hole `to`: one, or the seeds the sowing gives its
    /// first hole or an empty one; where holes belong by colour, the hole becomes the
    /// mover's, and the opponent's seeds in it stay or go to the lifted hole as the sowing
    /// says. What the hole held before, and whose seeds those were.
    fn path_drop(
        &self,
        state: &mut State,
        sow: &SowRules,
        p: &mut PathStep,
        to: Hole,
        tally: &mut Tally,
    ) -> (u16, Option<Player>) {
        let me = state.to_move;
        let held_by = if self.colours { self.holder(state, to) } else { None };
        if self.seed_colours && !self.is_store(to) {
            if held_by.is_some_and(|q| q != me) && sow.overrun == Some(Overrun::ToOrigin) {
                let taken = state.counts[to.index()];
                self.remove(state, to, taken);
                tally.overran.push((to, taken));
                self.add(state, p.lifted, taken);
                self.set_holder(state, p.lifted, me);
            }
            if !(held_by.is_some_and(|q| q != me) && sow.overrun == Some(Overrun::Stay)) {
                self.set_holder(state, to, me);
            }
        }
        let before = state.counts[to.index()];
        let by_rule = match sow.first_hole {
            Some(first) if p.bits & (PATH_FIRST | PATH_STARTED) == PATH_FIRST => first,
            _ if before == 0 => sow.empty_hole,
            _ => sow.each_hole,
        };
        let k = by_rule.max(1).min(p.hand);
        self.add(state, to, k);
        set_mark(state, self.path_mark, to, true);
        if let Some(m) = self.sown_mark {
            set_mark(state, m, to, true);
        }
        if self.colours {
            self.settle_colours(state);
        }
        if tally.trace.is_some() {
            let marked = self.newly_marked(state, &mut tally.marks_seen);
            if let Some(trace) = tally.trace.as_mut() {
                trace.push(SownLap {
                    from: p.at,
                    drops: vec![to; usize::from(k)],
                    captured: false,
                    taken: Vec::new(),
                    marked,
                });
            }
        }
        p.hand -= k;
        p.bits |= PATH_STARTED;
        tally.sown += u32::from(k);
        (before, held_by)
    }

    /// The sowing's cursor where lap `p` stands, the hole it is at held by `held_by` before
    /// the lap's seed.
    fn path_cursor(&self, p: PathStep, held_by: Option<Player>) -> Cursor {
        Cursor {
            rev: false,
            first: p.first(),
            captured: p.captured(),
            origin: p.origin,
            pauses: 0,
            sown: true,
            reached: 0,
            held_by,
            laps: p.laps,
            hand: 0,
            from_hand: false,
            skipped_last: false,
        }
    }

    /// A capture's seeds put into hole `into` sown on as a lap of the path: `hand` of them
    /// (0: the whole hole), with the seed that ended the capturing lap where the capture says
    /// so, the first back into `into` where it says so.
    #[allow(clippy::too_many_arguments, reason = "the capture, its seeds and the sowing's parts")]
    pub(super) fn path_resow<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        resow: crate::model::Resow,
        (into, hand): (Hole, u16),
        end: &super::sowing::SowEnd,
        cur: &Cursor,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let mut most = (hand > 0).then_some(hand);
        if let Some(n) = most.as_mut()
            && resow.with_last
            && state.counts[end.last.index()] > 0
        {
            self.remove(state, end.last, 1);
            self.add(state, into, 1);
            *n += 1;
        }
        let bits = if resow.one_lap { PATH_ONE_LAP } else { 0 };
        let lift = Lift { from: into, most, heavy: false, itself: resow.itself, bits };
        self.path_lap(state, sow, lift, cur, tally, log)
    }

    /// The lap under way is over: no hole carries the path mark.
    fn clear_path(&self, state: &mut State) {
        state.marks[usize::from(self.path_mark)] = [0; 3];
    }
}
