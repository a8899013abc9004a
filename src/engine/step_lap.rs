//! One lap of the general interpreter: the seeds dropped one by one along the path (turning
//! holes the mover's where holes belong by colour, noting the rows a lap rule asks about),
//! and the lap's verdict, read from the model's lap rules where it ends.

use super::rules::*;
use super::sowing::SowEnd;
use super::state::*;
use super::stepwise::{Cursor, Tally, set_mark};
use super::trace::SownLap;
use crate::model::Overrun;

/// The holes a capture in passing takes, and those whose seeds went to another player than
/// the mover, kept for the turn's log.
struct Taken<'a>(&'a mut Vec<(Hole, u16)>, &'a mut Vec<(Hole, Player)>);

impl super::play::Log for Taken<'_> {
    fn took(&mut self, h: Hole, n: u16) {
        self.0.push((h, n));
    }

    fn gave(&mut self, h: Hole, to: Player) {
        self.1.push((h, to));
    }
}

impl Rules {
    /// The hole one step from `h` along `me`'s circuit, against its stored order with `rev`.
    pub(super) fn step_hole(&self, me: Player, h: Hole, rev: bool) -> Hole {
        if rev && let Some(back) = &self.back_ring {
            return back[me][h.index()];
        }
        let circuit = &self.circuit[me];
        let len = circuit.len();
        let pos = usize::from(self.circuit_pos[me][h.index()]);
        circuit[if rev { (pos + len - 1) % len } else { (pos + 1) % len }]
    }

    /// The hole `steps` holes after `h` along `me`'s circuit in the direction `rev` (negative:
    /// before it, against that direction).
    pub(super) fn along(&self, me: Player, h: Hole, rev: bool, steps: i16) -> Hole {
        (0..steps.unsigned_abs()).fold(h, |h, _| self.step_hole(me, h, rev ^ (steps < 0)))
    }

    /// The hole one step from `h` along `me`'s circuit, or with `through` along their circuit
    /// through their side store.
    pub(super) fn step_path(&self, me: Player, h: Hole, rev: bool, through: bool) -> Hole {
        if !through {
            return self.step_hole(me, h, rev);
        }
        let circuit = &self.through[me];
        let len = circuit.len();
        let pos = usize::from(self.through_pos[me][h.index()]);
        circuit[if rev { (pos + len - 1) % len } else { (pos + 1) % len }]
    }

    /// `me`'s hole of row `role` at the place hole `at` has counted from its owner's seat, each
    /// player counting from their own left (`the own house hole of the same index`): at a
    /// table of two, for a hole of the board.
    fn same_index_hole(&self, me: Player, at: Hole, role: Role) -> Option<Hole> {
        if self.seats() != 2 || self.is_store(at) {
            return None;
        }
        let last = self.columns - 1;
        let column = self.column_of(at);
        let index = if self.hole_owner[at.index()] == Player::South { column } else { last - column };
        let mine = if me == Player::South { index } else { last - index };
        self.column_hole[me][usize::from(role)].get(mine).copied().flatten()
    }

    /// Whether the hole the turn began from carries mark `m` now (never where the turn chose
    /// no hole: a hand sown).
    pub(super) fn chosen_is(&self, state: &State, m: u8) -> bool {
        self.chosen_mark.is_some_and(|chosen| {
            let (a, b) = (&state.marks[usize::from(chosen)], &state.marks[usize::from(m)]);
            a.iter().zip(b).any(|(a, b)| a & b != 0)
        })
    }

    /// The hole after `h` along the mover's circuit going `rev` (through their side store with
    /// `through`) for a lap that goes round `row` (a hand sown `round own row`): past the
    /// row's last hole, its first one, the hole its run along the circuit starts with.
    #[cold]
    pub(super) fn step_round(&self, me: Player, h: Hole, (rev, through): (bool, bool), row: usize) -> Hole {
        let in_row = |h: Hole| !self.is_store(h) && self.row_of(h) == row;
        let next = self.step_path(me, h, rev, through);
        if in_row(next) || !in_row(h) {
            return next;
        }
        // Back along the circuit from `h` to the first hole of the row's run (at most a ring's
        // length of steps, where the whole ring is the row).
        let mut first = h;
        for _ in 0..MAX_SLOTS {
            let back = self.step_path(me, first, !rev, through);
            if !in_row(back) || back == h {
                break;
            }
            first = back;
        }
        first
    }

    /// Lift hole `from` and sow its seeds one by one along the mover's circuit going `rev`
    /// (through their side store with `through`): where the last seed fell, and what that
    /// hole held before it.
    #[allow(clippy::too_many_arguments, reason = "the lap: hole, direction and way")]
    pub(super) fn step_lap(
        &self,
        state: &mut State,
        sow: &SowRules,
        from: Hole,
        rev: bool,
        through: bool,
        tally: &mut Tally,
    ) -> (Hole, u16) {
        if !sow.at_start.is_empty() {
            self.capture_at_lap_start(state, sow, from, rev, tally);
        }
        let n = self.heavy_lift(state, sow, from, state.counts[from.index()]);
        self.remove(state, from, n);
        self.thin_marks(state);
        if !sow.every_lap_itself {
            return self.drop_seeds(state, sow, (from, 1), n, (rev, through), tally);
        }
        // Starting with the hole itself is sowing from the hole before it; the lap was
        // lifted from the hole.
        let before = self.step_hole(state.to_move, from, !rev);
        let landing = self.drop_seeds(state, sow, (before, 1), n, (rev, through), tally);
        tally.lifted_from(from);
        landing
    }

    /// Whether a lap of `me`'s skips hole `h` by what it holds now (`, skipping opponent's
    /// holes with 3 seeds`).
    #[cold]
    pub(super) fn skipped_by_count(
        &self,
        state: &State,
        me: Player,
        h: Hole,
        crate::model::SkipCount { side, min, max, step, .. }: crate::model::SkipCount,
    ) -> bool {
        !self.is_store(h)
            && self.on_side(state, me, h, side)
            && crate::model::in_counts(state.counts[h.index()], min, max, step)
    }

    /// Whether hole `h` is of `side` for `me` (`own`: theirs; `opponent's`: another
    /// player's; any hole where `None`).
    pub(super) fn on_side(
        &self,
        state: &State,
        me: Player,
        h: Hole,
        side: Option<crate::model::Side>,
    ) -> bool {
        match side {
            None => true,
            Some(crate::model::Side::Own) => self.holds(state, h, me),
            Some(crate::model::Side::Opponent) => !self.is_store(h) && self.held_by_opponent(state, h, me),
        }
    }

    /// The seeds a lap lifts from hole `from`, of the `n` it would lift otherwise: where the
    /// hole carries the sowing's heavy mark and holds more than its bound, only so many (`only
    /// 1 seed from a house hole with more than 6 seeds`); a hole so marked that is lifted
    /// whole trades the mark for the spent one (`…, and one sown whole becomes spent`). For
    /// every lap: a turn's first (of any kind), its relays, captured seeds sown on.
    pub(super) fn heavy_lift(&self, state: &mut State, sow: &SowRules, from: Hole, n: u16) -> u16 {
        let Some(heavy) = sow.heavy else { return n };
        if !state.is_marked(heavy.mark, from) {
            return n;
        }
        let held = state.counts[from.index()];
        if held > heavy.more_than {
            return heavy.lift.min(n);
        }
        if n == held
            && let Some(spent) = heavy.spent
        {
            set_mark(state, heavy.mark, from, false);
            set_mark(state, spent, from, true);
        }
        n
    }

    /// Take marks kept only while a hole holds some seeds (`, while it holds at least 6
    /// seeds`) from the holes now holding fewer, and marks held until a hole is full (`, until
    /// it holds at least 8 seeds`) from the holes now holding so many: after every lift and
    /// every capture, every lap and every turn.
    pub(super) fn thin_marks(&self, state: &mut State) {
        for (m, mark) in self.model.marks.iter().enumerate() {
            let (min, full) = (mark.keep_min.unwrap_or(0), mark.open_at.unwrap_or(u16::MAX));
            if min == 0 && full == u16::MAX {
                continue;
            }
            for h in 0..self.model.board.holes() {
                let hole = Hole(h as u8);
                if (state.counts[h] < min || state.counts[h] >= full) && state.is_marked(m as u8, hole) {
                    set_mark(state, m as u8, hole, false);
                }
            }
        }
    }

    /// Sow `n` seeds in hand one by one along the mover's circuit going `rev` (through their
    /// side store with `through`), from the hole after `from`, `first` of them into the first
    /// hole (all that are left, if fewer), passing the holes the sowing skips: where the last
    /// seeds fell, and what that hole held before them.
    pub(super) fn drop_seeds(
        &self,
        state: &mut State,
        sow: &SowRules,
        (from, first): (Hole, u16),
        n: u16,
        (rev, through): (bool, bool),
        tally: &mut Tally,
    ) -> (Hole, u16) {
        let me = state.to_move;
        let ring = &sow.rings[me];
        let (mut at, mut before) = (from, 0);
        let mut drops = Vec::new();
        let (mut left, mut overran, mut unsown) = (n, 0u16, 0u16);
        tally.skipped_last = false;
        while left > 0 {
            at = match tally.round {
                Some(row) => self.step_round(me, at, (rev, through), row),
                None => self.step_path(me, at, rev, through),
            };
            // The seeds hole `at` would receive: the first hole of a first lap with seeds by
            // rule for it; else an empty hole's; else one.
            let share = |state: &State, at: Hole| {
                if left == n && first > 1 {
                    first
                } else if state.counts[at.index()] == 0 {
                    sow.empty_hole
                } else {
                    sow.each_hole
                }
            };
            // A ring of nothing but skipped holes drops its seeds all the same: at most a
            // lap's length of holes is passed by.
            let mut passed = 0;
            while ((self.skip_origin && at == from)
                || ring.skips_hole(at)
                || self.skipped_in_lap(state, sow, at, share(state, at) >= left))
                && passed < MAX_SLOTS
            {
                at = match tally.round {
                    Some(row) => self.step_round(me, at, (rev, through), row),
                    None => self.step_path(me, at, rev, through),
                };
                passed += 1;
            }
            let k = share(state, at).min(left);
            // The last seeds went past a skipped hole (`the last seed skipped a hole`).
            tally.skipped_last = k == left && passed > 0;
            for (i, &(side, role, _)) in sow.reach.iter().enumerate() {
                if self.in_reach_row(me, (side, role), at) {
                    tally.reached_now |= 1 << i;
                }
            }
            if self.colours {
                tally.held_by = self.holder(state, at);
            }
            if self.seed_colours && !self.is_store(at) {
                overran += self.colour_hole(state, sow, at, tally);
            }
            before = state.counts[at.index()];
            self.add(state, at, k);
            if let Some(m) = self.sown_mark {
                set_mark(state, m, at, true);
            }
            left -= k;
            if left > 0 && !sow.passing.is_empty() {
                // A capture of the seeds left to sow ends the lap here.
                let taken = self.capture_in_passing(state, sow, (at, before, left), rev, tally);
                (left, unsown) = (left - taken, taken);
            }
            if tally.trace.is_some() {
                drops.extend(std::iter::repeat_n(at, usize::from(k)));
            }
        }
        if tally.trace.is_some() {
            let marked = self.newly_marked(state, &mut tally.marks_seen);
            if let Some(trace) = tally.trace.as_mut() {
                trace.push(SownLap { from, drops, captured: false, taken: Vec::new(), marked });
            }
        }
        self.settle_lap(state, from, overran);
        tally.laps += 1;
        tally.sown += u32::from(n - unsown);
        tally.last = Some(at);
        tally.from = Some(from);
        (at, before)
    }

    /// Whether a seed of a lap passes hole `at` by, for a rule of the sowing's (a mark, a
    /// count, the chosen hole's mark); `last`: the seed is the lap's last.
    fn skipped_in_lap(&self, state: &State, sow: &SowRules, at: Hole, last: bool) -> bool {
        let me = state.to_move;
        sow.skip_in_play.is_some_and(|m| {
            state.is_marked(m, at)
                && self.on_side(state, me, at, sow.skip_side)
                && sow.skip_when.is_none_or(|c| self.chosen_is(state, c))
        }) || self.chosen_mark.is_some_and(|m| self.model.circuit.skip_chosen && state.is_marked(m, at))
            || sow.skip_count.is_some_and(|skip| {
                // The last seed spared, or only the last turned away.
                !(skip.spares_last && last || skip.only_last && !last)
                    && self.skipped_by_count(state, me, at, skip)
            })
    }

    /// Where holes belong by the colour of their seeds, a seed sown into hole `at` makes it
    /// the mover's; the opponent's seeds there stay, or go to the hole the lap was lifted
    /// from, as the sowing says. How many went back.
    fn colour_hole(&self, state: &mut State, sow: &SowRules, at: Hole, tally: &mut Tally) -> u16 {
        let me = state.to_move;
        let foreign = tally.held_by.is_some_and(|p| p != me);
        let mut overran = 0;
        if foreign && sow.overrun == Some(Overrun::ToOrigin) {
            overran = state.counts[at.index()];
            self.remove(state, at, overran);
            tally.overran.push((at, overran));
        }
        if !(foreign && sow.overrun == Some(Overrun::Stay)) {
            self.set_holder(state, at, me);
        }
        overran
    }

    /// The rules read as each seed of a lap but its last falls (`a seed lands in …`, `a seed
    /// before the last lands in …`), at hole `at`, which held `before` seeds before it: the
    /// first that applies captures there, and its seeds are kept where the capture says.
    /// The lap goes on with the `left` seeds still in hand.
    #[cold]
    #[inline(never)]
    pub(super) fn capture_in_passing(
        &self,
        state: &mut State,
        sow: &SowRules,
        (at, before, left): (Hole, u16, u16),
        rev: bool,
        tally: &mut Tally,
    ) -> u16 {
        let first = tally.laps == 0 && tally.cur.is_none_or(|c| c.first);
        let mut cur = tally.cur.unwrap_or(super::stepwise::Cursor::first_lap(rev));
        (cur.rev, cur.first, cur.held_by, cur.hand) = (rev, first, tally.held_by, left);
        cur.captured |= tally.captured;
        let rule = sow.passing.iter().find(|r| self.rule_applies(state, r, (at, before), &cur));
        let Some(&LapRule { action: LapAction::Capture(c), .. }) = rule else { return 0 };
        let told = tally.overran.len();
        self.capture_kept(state, sow, (c, at), rev, tally);
        let capture = &self.model.captures[usize::from(c)];
        if !capture.hand {
            return 0;
        }
        // The seeds left to sow, kept as the capture keeps its seeds (the mover's own, where
        // the capture gives each hole's seeds to its owner), told with the hole the seed fell
        // into.
        let me = state.to_move;
        if capture.destination.to_owner() {
            self.keep_from(state, capture.destination, me, left);
        } else {
            self.keep(state, capture.destination, left);
        }
        match tally.overran[told..].iter_mut().find(|(h, _)| *h == at) {
            Some((_, n)) => *n += left,
            None => tally.overran.push((at, left)),
        }
        tally.captured = true;
        left
    }

    /// Capture `c` of a lap rule read as a seed falls or once the sowing is over, at hole
    /// `at`: its holes taken (logged with the tally), its seeds kept where it says.
    fn capture_kept(
        &self,
        state: &mut State,
        sow: &SowRules,
        (c, at): (u8, Hole),
        rev: bool,
        tally: &mut Tally,
    ) {
        let end = self.step_end(state, sow, at, tally);
        let (taken, _) = self.take_at(state, c, &end, rev, &mut Taken(&mut tally.overran, &mut tally.given));
        self.thin_marks(state);
        if taken > 0 {
            let me = state.to_move;
            state.captures_made[me] = state.captures_made[me].saturating_add(1);
            match self.model.captures[usize::from(c)].destination {
                // Before a lap: into the one hole the capture names.
                Destination::Put(into) => self.put_taken(state, into, None, taken, &end),
                destination => self.keep(state, destination, taken),
            }
            tally.captured = true;
        }
    }

    /// The rules read before a lap is lifted from hole `from` (`when a lap starts from …`):
    /// the first that applies captures, its seeds kept or put where the capture says, and
    /// the lap is lifted after it.
    #[cold]
    #[inline(never)]
    pub(super) fn capture_at_lap_start(
        &self,
        state: &mut State,
        sow: &SowRules,
        from: Hole,
        rev: bool,
        tally: &mut Tally,
    ) {
        let mut cur = tally.cur.unwrap_or(super::stepwise::Cursor::first_lap(rev));
        (cur.rev, cur.held_by, cur.hand) = (rev, self.holder(state, from), 0);
        cur.captured |= tally.captured;
        let held = state.counts[from.index()];
        let rule = sow.at_start.iter().find(|r| self.rule_applies(state, r, (from, held), &cur));
        if let Some(&LapRule { action: LapAction::Capture(c), .. }) = rule {
            self.capture_kept(state, sow, (c, from), rev, tally);
        }
    }

    /// The rules read once the sowing is over (`when the sowing ends`), its last lap having
    /// ended at `at`: the first that applies captures, and its seeds are kept where the
    /// capture says. `captured`: the sowing's own rules made a capture.
    #[cold]
    #[inline(never)]
    pub(super) fn capture_at_sowing_end(
        &self,
        state: &mut State,
        sow: &SowRules,
        at: Hole,
        captured: bool,
        tally: &mut Tally,
    ) {
        let mut cur = tally.cur.unwrap_or(super::stepwise::Cursor::first_lap(false));
        (cur.held_by, cur.hand) = (tally.held_by, 0);
        cur.captured |= tally.captured || captured;
        let before = state.counts[at.index()].saturating_sub(1);
        let rule = sow.at_end.iter().find(|r| self.rule_applies(state, r, (at, before), &cur));
        if let Some(&LapRule { action: LapAction::Capture(c), .. }) = rule {
            self.capture_kept(state, sow, (c, at), cur.rev, tally);
        }
    }

    /// The seeds of a lap lifted from `from` settled once they are all sown: where holes
    /// belong by colour, the `overran` seeds the lap took put in `from` (made the mover's) and
    /// the colours counted; on a circuit shared by both sides, each side's seeds recounted.
    /// Once a lap, and out of line: inlined, it changes how the seed loop of
    /// [`Rules::drop_seeds`] compiles (1% more instructions there, measured with callgrind).
    #[inline(never)]
    fn settle_lap(&self, state: &mut State, from: Hole, overran: u16) {
        if self.colours {
            if overran > 0 {
                self.add(state, from, overran);
                self.set_holder(state, from, state.to_move);
            }
            self.settle_colours(state);
        } else if self.shared_circuit {
            // Seeds crossed to the other side or into a store: each side's seeds are those
            // of its territory.
            self.recount_territories(state);
        }
    }

    /// The end of the lap that ended at `at`, as the captures' shared code reads it: where
    /// it ended and where it was lifted from, along the mover's ring.
    pub(super) fn step_end(&self, state: &State, sow: &SowRules, at: Hole, tally: &Tally) -> SowEnd {
        let ring = &sow.rings[state.to_move];
        let last_at = ring.pos(at);
        SowEnd {
            laps: tally.laps,
            sown: tally.sown,
            last_at,
            lap_at: tally.from.map_or(last_at, |from| ring.pos(from)) as u16,
            last: at,
            action: LapAction::Stop,
            hash: 0,
            reached: false,
        }
    }

    /// The lap rules' action for a lap that ended in hole `at`, which held `before` seeds
    /// before the last one fell: the first rule that applies, read from the model.
    ///
    /// Where the lap rules ask whether a seed of the turn has reached a row, the lap counts
    /// first: by the seeds it sowed there, or where only the ends of laps count, by its end
    /// from the next lap on.
    pub(super) fn step_action(
        &self,
        state: &State,
        sow: &SowRules,
        (at, before): (Hole, u16),
        cur: &mut Cursor,
        tally: &mut Tally,
    ) -> LapAction {
        cur.held_by = tally.held_by;
        cur.skipped_last = tally.skipped_last;
        cur.captured |= tally.captured;
        // Rows where the seeds sown count, at once; rows where the ends of laps count, from
        // the next lap on.
        let (mut sown, mut ended) = (0u8, 0u8);
        for (i, &(side, role, ends)) in sow.reach.iter().enumerate() {
            if ends {
                ended |= u8::from(self.in_reach_row(state.to_move, (side, role), at)) << i;
            } else {
                sown |= 1 << i;
            }
        }
        cur.reached |= tally.reached_now & sown;
        tally.reached_now = 0;
        if self.is_side_store(at) {
            // A lap that ends in a side store ends the turn.
            return LapAction::Stop;
        }
        let action = sow
            .lap_rules
            .iter()
            .find(|rule| self.rule_applies(state, rule, (at, before), cur))
            .map_or(sow.lap_otherwise, |rule| rule.action);
        cur.reached |= ended;
        action
    }

    /// Whether the turn so far has reached the row a lap rule asks about (`no seed of the
    /// turn has reached …`), by the bit the mover's sowing keeps for it.
    pub(super) fn has_reached(&self, state: &State, cur: &Cursor, row: (Side, Role, bool)) -> bool {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return false };
        sow.reach.iter().position(|&r| r == row).is_some_and(|i| cur.reached >> i & 1 == 1)
    }

    /// Whether hole `h` is in row `role` of `side` as `me` sees it.
    pub(super) fn in_reach_row(&self, me: Player, (side, role): (Side, Role), h: Hole) -> bool {
        let p = if side == Side::Own { me } else { me.other() };
        !self.is_store(h) && self.hole_owner[h.index()] == p && self.hole_role[h.index()] == role
    }

    /// Whether lap rule `rule` applies to a lap that ended in hole `at`, which held `before`
    /// seeds before the last one fell (its action aside).
    ///
    /// Long for a reason: one arm for each fact a lap rule may ask, side by side, so that a
    /// new fact is one arm here beside its kin.
    pub(super) fn rule_applies(
        &self,
        state: &State,
        rule: &LapRule,
        (at, before): (Hole, u16),
        cur: &Cursor,
    ) -> bool {
        if self.is_side_store(at) {
            // No lap rule is read in a side store: the lap ends there.
            return false;
        }
        let me = state.to_move;
        let column = usize::from(self.hole_column[at.index()]);
        let count = |h: Hole| state.counts[h.index()];
        let is = |h: Hole, s: HoleState| (count(h) == 0) == (s == HoleState::Empty);
        let facing = |role: Role| self.opposite_count(state, me, at, role);
        // A hole counted from the landing hole: there is none past the board's edge where
        // each seed goes into a neighbouring hole, and no condition on it holds.
        let along = |steps: i16| self.along_hole(state, me, at, cur.rev, steps);
        let holds =
            |steps: i16, min: u16, max: u16| along(steps).is_some_and(|h| (min..=max).contains(&count(h)));
        // The mover's hole of a row in the column (none holds no seeds: see `Rules::in_column`).
        let in_column = |role: Role| self.column_hole[me][usize::from(role)][column].map_or(0, count);
        let fact_holds = |fact: Fact| match fact {
            Fact::Opposite(role, s) => (facing(role) == 0) == (s == HoleState::Empty),
            Fact::Column(role, s) => (in_column(role) == 0) == (s == HoleState::Empty),
            Fact::ColumnHolds(role, min, max) => (min..=max).contains(&in_column(role)),
            Fact::OppositeHolds(role, min, max) => (min..=max).contains(&facing(role)),
            Fact::OppositeMarked(role, m) => {
                self.opposite(me, at, role).is_some_and(|o| state.is_marked(m, o))
            }
            Fact::OppositeSide(role, side) => self
                .opposite(me, at, role)
                .is_some_and(|o| !self.is_store(o) && self.holds(state, o, me) == (side == Side::Own)),
            Fact::Next(s) => along(1).is_some_and(|h| is(h, s)),
            Fact::Row(side, role, s) => {
                let p = if side == Side::Own { me } else { me.other() };
                self.role_hole[p][usize::from(role)].iter().all(|&h| count(h) == 0) == (s == HoleState::Empty)
            }
            Fact::Origin(min, max) => (min..=max).contains(&cur.origin),
            Fact::Holds(min, max) => (min..=max).contains(&count(at)),
            Fact::PreviousHolds(min, max) => holds(-1, min, max),
            Fact::Along(steps, min, max) => holds(steps, min, max),
            Fact::AlongMarked(0, m) => state.is_marked(m, at),
            Fact::AlongMarked(steps, m) => along(steps).is_some_and(|h| state.is_marked(m, h)),
            Fact::RowMarked(side, role, m, some) => {
                let p = if side == Side::Own { me } else { me.other() };
                self.role_hole[p][usize::from(role)].iter().any(|&h| state.is_marked(m, h)) == some
            }
            Fact::Stepped(hole, min, max, step) => {
                let n = match hole {
                    crate::model::CountAt::Landing => Some(count(at)),
                    crate::model::CountAt::Opposite(role) => Some(facing(role)),
                    crate::model::CountAt::Column(role) => Some(in_column(role)),
                    crate::model::CountAt::Along(steps) => along(steps).map(count),
                };
                n.is_some_and(|n| crate::model::in_counts(n, min, max, step))
            }
            Fact::NotReached(side, role, ended) => !self.has_reached(state, cur, (side, role, ended)),
            Fact::FirstLap => cur.first,
            Fact::HandLap => cur.from_hand,
            Fact::LastSkipped => cur.skipped_last,
            Fact::SameIndex(role, mark, min, max, step) => {
                self.same_index_hole(me, at, role).is_some_and(|h| match mark {
                    Some(m) => state.is_marked(m, h),
                    None => crate::model::in_counts(count(h), min, max, step),
                })
            }
            Fact::ChosenMarked(m) => self.chosen_is(state, m),
            Fact::TurnCaptured => cur.captured,
            Fact::Made(min, max, step) => crate::model::in_counts(state.captures_made[me], min, max, step),
            Fact::Holes { mover, occupied, min, max } => {
                let whose = match mover {
                    true => me,
                    // The player whose hole the lap ended in, where another's; else the next.
                    false => self.holder(state, at).filter(|&p| p != me).unwrap_or(me.next()),
                };
                let holes = (self.all_holes())
                    .filter(|&h| !self.is_store(h) && self.holder(state, h) == Some(whose))
                    .filter(|&h| !occupied || count(h) > 0)
                    .count();
                (usize::from(min)..=usize::from(max)).contains(&holes)
            }
            Fact::OnBoard(min, max, in_play) => {
                let hand = if in_play { u32::from(cur.hand) } else { 0 };
                let board = state.counts[..self.holes()].iter().map(|&c| u32::from(c)).sum::<u32>();
                (min..=max).contains(&(board + hand))
            }
        };
        let at_store = self.is_store(at);
        {
            rule.store == at_store
                && (!at_store || self.store(me) == Some(at))
                && rule.landing.is_none_or(|want| (before > 0) == (want == HoleState::Occupied))
                && rule.side.is_none_or(|side| self.landed_on(me, at, cur.held_by) == Some(side))
                && rule
                    .role
                    .is_none_or(|role| self.hole_role[at.index()] == role && self.on_seat(me, rule.side, at))
                && rule.mark.is_none_or(|m| state.is_marked(m, at))
                && rule.facts.iter().all(|&fact| fact_holds(fact))
                && rule.either.iter().all(|clause| clause.iter().any(|&(not, fact)| fact_holds(fact) != not))
        }
    }
}
