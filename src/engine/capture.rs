//! Captures and where their seeds go: moving seeds in and out of holes, whether a sowing's
//! end captures (and by which of the rules' captures), what a capture takes (the landing
//! hole, opposite holes, a column, a run of holes before), keeping the seeds taken (hand,
//! store, out of play; put back or sown on: [`super::put_back`]), the relay after a capture,
//! and a capture that wins or ends a phase.

use super::play::Log;
use super::rules::*;
use super::sowing::{Ring, SowEnd};
use super::state::*;

impl Rules {
    /// Take `n` seeds out of hole `h` (either side).
    ///
    /// Where holes belong by colour, the seeds on each side are counted anew, and the
    /// colours of emptied holes cleared, after the lap ([`Rules::settle_colours`]).
    pub(super) fn remove(&self, state: &mut State, h: Hole, n: u16) {
        state.counts[h.index()] -= n;
        let side = &mut state.seeds[self.hole_owner[h.index()]];
        *side = side.wrapping_sub(n);
        state.hash = state.hash.wrapping_sub(self.keys[h.index()].wrapping_mul(u64::from(n)));
    }

    /// Put `n` seeds into hole `h` (either side).
    pub(super) fn add(&self, state: &mut State, h: Hole, n: u16) {
        state.counts[h.index()] += n;
        let side = &mut state.seeds[self.hole_owner[h.index()]];
        *side = side.wrapping_add(n);
        state.hash = state.hash.wrapping_add(self.keys[h.index()].wrapping_mul(u64::from(n)));
    }

    /// The seeds player `p`'s captures have taken in the game, wherever they went: kept off
    /// the board (in hand or out of play) or put back on it (counted only where a rule reads
    /// them: [`Flags::counts_took`]). Seeds taken into a store are counted there.
    #[inline]
    pub fn captured_by(&self, state: &State, p: Player) -> u16 {
        (state.captured[p] - state.aside[p]).saturating_add(state.took[p])
    }

    /// `n` seeds the mover's capture took, put back on the board (into a hole, or sown on):
    /// counted as captured where a rule reads it. Called where those destinations are played.
    #[inline(always)]
    pub(super) fn count_put_back(&self, state: &mut State, n: u16) {
        if self.flags.counts_took {
            let me = state.to_move;
            state.took[me] = state.took[me].saturating_add(n);
        }
    }

    /// Seeds taken by the player to move leave the board: to their hand, their store, or
    /// out of play. Seeds kept in a store are counted there, not as captured. Seeds that go
    /// to each hole's owner were kept as they were taken ([`Rules::keep_for`]).
    #[inline]
    pub(super) fn keep(&self, state: &mut State, destination: Destination, n: u16) {
        let me = state.to_move;
        // `matches!`, not `!=`: a derived comparison of destinations is a call.
        if !matches!(destination, Destination::Store) || self.store.is_none() {
            // Seeds kept for each hole's owner were counted as they were taken.
            if !destination.to_owner() {
                state.captured[me] += n;
            }
        }
        match destination {
            Destination::Hand => state.hand[me] += n,
            Destination::Store => {
                if let Some(store) = self.store {
                    let slot = store[me].index();
                    state.counts[slot] += n;
                    state.hash = state.hash.wrapping_add(self.keys[slot].wrapping_mul(u64::from(n)));
                }
            }
            Destination::OutOfPlay
            | Destination::Sow(_)
            | Destination::Put(_)
            | Destination::OwnersHand
            | Destination::OwnersStore => {}
        }
        state.since = state.turn + 1;
    }

    /// [`Rules::keep`] of `n` seeds taken from a hole of `owner`'s: for the owner where the
    /// destination says so, else for the mover.
    #[cold]
    pub(super) fn keep_from(&self, state: &mut State, destination: Destination, owner: Player, n: u16) {
        if destination.to_owner() {
            self.keep_for(state, destination, owner, n);
        }
        self.keep(state, destination, n);
    }

    /// `n` taken seeds kept for player `p`: in their hand or store, or out of play.
    #[cold]
    fn keep_for(&self, state: &mut State, destination: Destination, p: Player, n: u16) {
        // `matches!`, not `!=`: a derived comparison of destinations is a call.
        if !matches!(destination, Destination::Store | Destination::OwnersStore) || self.store.is_none() {
            state.captured[p] += n;
        }
        match destination {
            Destination::Hand | Destination::OwnersHand => state.hand[p] += n,
            Destination::Store | Destination::OwnersStore => {
                if let Some(store) = self.store {
                    let slot = store[p].index();
                    state.counts[slot] += n;
                    state.hash = state.hash.wrapping_add(self.keys[slot].wrapping_mul(u64::from(n)));
                }
            }
            Destination::OutOfPlay | Destination::Sow(_) | Destination::Put(_) => {}
        }
    }

    /// Carry out capture `c` of a sowing that ended at `end`: take its holes, keep the seeds
    /// or sow them on, and start its follow-ups. Returns the sowing that goes on where the
    /// taken seeds are sown on as a lap of their own (the turn is not over).
    /// The lap that captured went `rev`; the sowing goes on `on`. A capture whose seeds are
    /// sown on from a hole a lap may be turned from pauses the sowing there for the mover.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn capture<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        c: u8,
        end: &SowEnd,
        (origin, relays): (u16, u16),
        (rev, on): (bool, bool),
        log: &mut L,
    ) -> Option<SowEnd> {
        let me = state.to_move;
        let ends_before = if self.turn_record { self.end_hole_counts(state) } else { [0; 2] };
        let (taken, roles) = self.take_at(state, c, end, rev, log);
        if self.turn_record && taken > 0 && self.note_capture(state, ends_before, rev != on) {
            // The turn's captures took both end holes of the row: the game is won here, the
            // taken seeds put where they go but not sown on.
            self.won_by_capture(state, history, c, end, taken);
            return None;
        }
        if taken > 0 {
            state.captures_made[me] = state.captures_made[me].saturating_add(1);
            match self.model.captures[usize::from(c)].destination {
                Destination::Put(into) => self.put_taken(state, into, None, taken, end),
                Destination::Sow(resow) => {
                    self.count_put_back(state, taken);
                    if self.flags.capture_ends_phase
                        && let Some(next) =
                            self.capture_ends_phase(state, resow, taken, end, (origin, relays), (rev, on))
                    {
                        // The rest of the turn, in the next phase: on, paused, or endless.
                        if next.is_some() || matches!(state.phase, Phase::LapChoice(_)) {
                            return next;
                        }
                    } else {
                        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
                        if Self::resow_may_turn(sow, resow) {
                            let (into, hand) = self.put_to_resow(state, sow, (resow, None), taken, end);
                            if self.pause_to_turn(state, into, (origin, relays), rev != on, hand) {
                                return None;
                            }
                            let next = self.lift_some_and_sow(state, into, hand, (origin, end.reached), on);
                            if next.is_some() {
                                return next;
                            }
                        } else {
                            let next = self.sow_taken(state, sow, resow, taken, end, (origin, on), log);
                            if resow.goes_on() && next.is_some() {
                                return next;
                            }
                        }
                    }
                }
                destination => self.keep(state, destination, taken),
            }
        }
        if taken > 0
            && self.model.captures[usize::from(c)].relay_after.is_some()
            && let Some(from) = self.relay_after(state, c, end, rev)
        {
            return self.lift_and_sow(state, from, (origin, end.reached), on);
        }
        self.follow_up(state, history, c, 0, taken, roles);
        None
    }

    /// A capture of `taken` seeds that won the game: the seeds go where capture `c` puts
    /// them (into its hole, unsown, where they are sown on), and the turn ends.
    #[cold]
    fn won_by_capture(&self, state: &mut State, history: &mut History, c: u8, end: &SowEnd, taken: u16) {
        self.put_won(state, c, end, taken);
        self.end_turn(state, history);
    }

    /// The seeds of a capture that won the game, `taken` by capture `c` of a lap that ended
    /// at `end`, put where it puts them: into its hole, unsown, where they are sown on.
    #[cold]
    pub(super) fn put_won(&self, state: &mut State, c: u8, end: &SowEnd, taken: u16) {
        let me = state.to_move;
        state.captures_made[me] = state.captures_made[me].saturating_add(1);
        match self.model.captures[usize::from(c)].destination {
            Destination::Sow(resow) => {
                self.count_put_back(state, taken);
                if let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn {
                    let into = self.resow_hole(state, sow, resow, end);
                    self.put(state, into, taken);
                }
            }
            destination => self.keep(state, destination, taken),
        }
    }

    /// `it ends for a player when a capture leaves …`: where the mover's opening ends at this
    /// capture (of `taken` seeds, sown on by `resow`, after a lap that ended at `end` going
    /// `rev`), put the seeds into their hole, move the mover on to the next phase, and sow the
    /// hole, whole, under that phase's rules (`on`, the way the sowing goes on): `Some` of the
    /// sowing that goes on, or of `None` where it pauses for the mover (or would never end).
    /// `None`, changing nothing, where the opening goes on.
    #[cold]
    #[inline(never)]
    fn capture_ends_phase(
        &self,
        state: &mut State,
        resow: Resow,
        taken: u16,
        end: &SowEnd,
        (origin, relays): (u16, u16),
        (rev, on): (bool, bool),
    ) -> Option<Option<SowEnd>> {
        let into = self.phase_ends_at(state, (resow, None), taken, end)?;
        if self.pause_to_turn(state, into, (origin, relays), rev != on, 0) {
            return Some(None);
        }
        Some(self.lift_and_sow(state, into, (origin, end.reached), on))
    }

    /// Where the mover's opening ends at a capture of `taken` seeds sown on by `resow`, after
    /// a lap that ended at `end` (`it ends for a player when a capture leaves …`): the seeds
    /// put into their hole (`chosen`, where the mover chose it; else the one `resow` names)
    /// and the mover moved on to the next phase, that hole, to be sown whole under its rules.
    /// `None`, changing nothing, where the opening goes on.
    pub(super) fn phase_ends_at(
        &self,
        state: &mut State,
        (resow, chosen): (Resow, Option<Hole>),
        taken: u16,
        end: &SowEnd,
    ) -> Option<Hole> {
        let me = state.to_move;
        let phase = usize::from(state.phase_of[me]);
        let (min, max) = self.model.phases[phase].ends_at_capture?;
        // The compiler allows the line only beside captures sown on with the whole hole.
        if !resow.whole
            || !resow.goes_on()
            || resow.itself
            || resow.with_last
            || phase + 1 >= self.phases.len()
        {
            return None;
        }
        let TurnKind::Sow(sow) = &self.phases[phase].turn else { return None };
        let into = chosen.unwrap_or_else(|| self.resow_hole(state, sow, resow, end));
        let held = u32::from(state.counts[into.index()]) + u32::from(taken);
        if !(u32::from(min)..=u32::from(max)).contains(&held) {
            return None;
        }
        self.put(state, into, taken);
        state.phase_of[me] += 1;
        state.phase_turns[me] = 0;
        state.phase_moves[me] = 0;
        Some(into)
    }

    /// [`Rules::capture_ends_phase`] in the legality check of a sowing (on a copy of the
    /// position `s`): whether the rest of the turn, in the next phase, ends; `None` where the
    /// opening goes on.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn capture_ends_phase_ends(
        &self,
        s: &State,
        resow: Resow,
        taken: u16,
        end: &SowEnd,
        (origin, relays): (u16, u16),
        (rev, on): (bool, bool),
        depth: u8,
    ) -> Option<bool> {
        let mut s = s.clone();
        let next = self.capture_ends_phase(&mut s, resow, taken, end, (origin, relays), (rev, on))?;
        Some(match (next, s.phase) {
            (Some(next), _) => {
                let next = SowEnd { laps: end.laps + next.laps, ..next };
                self.turn_ends_on(s, next, on, (origin, relays), depth)
            }
            (None, Phase::LapChoice(choice)) => {
                let leave = s.turn_bits & TURN_LEAVE != 0;
                s.phase = Phase::Sow;
                self.pause_ends(&s, (choice.at, choice.hand), leave, (origin, relays), depth)
            }
            (None, _) => false,
        })
    }

    /// Empty the holes capture `c` takes from a lap that ended at `end`: [`Rules::take`],
    /// or, for a capture that takes some seeds of each hole or faces the lap's origin hole,
    /// [`Rules::take_measured`].
    #[inline(always)]
    pub(super) fn take_at<L: Log>(
        &self,
        state: &mut State,
        c: u8,
        end: &SowEnd,
        rev: bool,
        log: &mut L,
    ) -> (u16, u8) {
        let capture = &self.model.captures[usize::from(c)];
        if capture.each.is_some() || capture.origin_column || capture.claim || capture.mark.is_some() {
            return self.take_measured(state, c, end, rev, log);
        }
        // Claims and marks are made by `take_measured`.
        self.take::<false, L>(state, c, end.last, rev, log)
    }

    /// What capture `c` does to the landing hole `last` once its holes are taken: makes it
    /// the mover's for good (`then the landing hole becomes the mover's`; where holes belong
    /// by colour, its seeds become the mover's), and marks it (`then mark the landing hole
    /// as …`).
    #[cold]
    #[inline(never)]
    pub(super) fn claim_landing(&self, state: &mut State, c: u8, last: Hole) {
        let capture = &self.model.captures[usize::from(c)];
        if capture.claim && !capture.claim_taken && !self.is_store(last) {
            self.set_holder(state, last, state.to_move);
            self.recount(state);
        }
        if let Some(m) = capture.mark.filter(|_| !capture.mark_taken) {
            super::stepwise::set_mark(state, m, last, true);
        }
    }

    /// Claim or mark each of `holes`, the holes capture `capture` named (`then the taken holes
    /// become the mover's`, `then mark the taken holes as won`), once they are emptied.
    #[cold]
    fn claim_taken(&self, state: &mut State, capture: &crate::model::Capture, holes: &[(Hole, u8)]) {
        let claim = capture.claim && capture.claim_taken;
        let mark = capture.mark.filter(|_| capture.mark_taken);
        for &(h, _) in holes.iter().filter(|&&(h, _)| !self.is_store(h)) {
            if claim {
                self.set_holder(state, h, state.to_move);
            }
            if let Some(m) = mark {
                super::stepwise::set_mark(state, m, h, true);
            }
        }
        if claim {
            self.recount(state);
        }
    }

    /// [`Rules::take`] for a capture that takes at most `each` seeds of every hole it names,
    /// whose opposite holes face the hole the capturing lap was lifted from, or that claims
    /// or marks the landing hole.
    #[cold]
    fn take_measured<L: Log>(
        &self,
        state: &mut State,
        c: u8,
        end: &SowEnd,
        rev: bool,
        log: &mut L,
    ) -> (u16, u8) {
        let me = state.to_move;
        let capture = &self.model.captures[usize::from(c)];
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return (0, 0) };
        let ring = &sow.rings[me];
        let facing =
            if capture.origin_column { Hole(ring.slot(usize::from(end.lap_at)) as u8) } else { end.last };
        let mut holes: Vec<(Hole, u8)> = Vec::new();
        for (i, target) in capture.take.iter().enumerate() {
            match *target {
                Target::Landing => holes.push((end.last, u8::MAX)),
                Target::Opposite(role) => holes.extend(self.opposite(me, facing, role).map(|o| (o, role))),
                Target::Column(role) => {
                    holes.extend(self.in_column(me, usize::from(role), facing).map(|h| (h, u8::MAX)))
                }
                Target::Along(steps) => {
                    if let Some(h) = self.along_hole(state, me, end.last, rev, steps)
                        && !self.is_store(h)
                    {
                        holes.push((h, u8::MAX));
                    }
                }
                Target::OppositeAlong(role, steps) => {
                    holes.extend(self.opposite_along(state, end.last, rev, (role, steps)).map(|o| (o, role)));
                }
                Target::ColumnAlong(role, steps) => {
                    holes
                        .extend(self.column_along(state, end.last, rev, (role, steps)).map(|h| (h, u8::MAX)));
                }
                Target::HolesBefore(run, min, max, step) | Target::HolesAfter(run, min, max, step) => {
                    if let Some((ring, from)) =
                        self.run_start(state, sow, capture, i, (end.last, facing, rev))
                    {
                        // A run after the hole goes back against the other way.
                        let way = (ring, from, rev ^ matches!(*target, Target::HolesAfter(..)));
                        self.holes_before(state, way, run, (min, max, step), |h| {
                            holes.push((h, u8::MAX));
                            if let Some(o) = self.across_hole(run, h) {
                                holes.push((o, u8::MAX));
                            }
                        });
                    }
                }
                Target::Every(side, min, max, step) | Target::EverySown(side, min, max, step) => {
                    let sown = matches!(*target, Target::EverySown(..));
                    holes.extend(self.swept(state, me, (side, sown), (min, max, step)).map(|h| (h, u8::MAX)));
                }
            }
        }
        if let Some(m) = capture.except {
            holes.retain(|&(h, _)| !state.is_marked(m, h));
        }
        let each = capture.each.unwrap_or(u16::MAX);
        let amount = |state: &State, h: Hole| state.counts[h.index()].min(each);
        let took = if capture.not_every_seed && self.takes_every_seed(state, &holes, |h| amount(state, h)) {
            (0, 0)
        } else {
            self.empty_holes(state, capture.destination, &holes, amount, log)
        };
        if capture.claims_taken() {
            self.claim_taken(state, capture, &holes);
        }
        self.claim_landing(state, c, end.last);
        took
    }

    /// The hole opposite hole `h` of a run that takes its holes' opposite holes too (`, with
    /// their opposite holes`): from `h`'s owner's seat, the other player's hole of the column,
    /// of their inner row.
    #[inline(always)]
    fn across_hole(&self, run: crate::model::Run, h: Hole) -> Option<Hole> {
        if !run.takes_across() {
            return None;
        }
        let inner = (self.model.board.per_side() - 1) as Role;
        self.opposite(self.hole_owner[h.index()], h, inner)
    }

    /// Take `amount` seeds of each of `holes` (a hole with its opposite row's role, or
    /// `u8::MAX`): the seeds taken, and the opposite rows (as bits of their roles) that gave
    /// some. Where `destination` gives each hole's seeds to its owner, they are kept here.
    #[inline(always)]
    fn empty_holes<L: Log>(
        &self,
        state: &mut State,
        destination: Destination,
        holes: &[(Hole, u8)],
        amount: impl Fn(&State, Hole) -> u16,
        log: &mut L,
    ) -> (u16, u8) {
        if destination.to_owner() {
            return self.empty_holes_to_owners(state, destination, holes, amount, log);
        }
        let (mut taken, mut roles) = (0u16, 0u8);
        for &(h, role) in holes {
            let n = amount(state, h);
            if n > 0 {
                self.remove(state, h, n);
                log.took(h, n);
                taken += n;
                if role != u8::MAX {
                    roles |= 1 << role;
                }
            }
        }
        (taken, roles)
    }

    /// [`Rules::empty_holes`] where each hole's seeds go to the player it belongs to.
    #[cold]
    #[inline(never)]
    fn empty_holes_to_owners<L: Log>(
        &self,
        state: &mut State,
        destination: Destination,
        holes: &[(Hole, u8)],
        amount: impl Fn(&State, Hole) -> u16,
        log: &mut L,
    ) -> (u16, u8) {
        let (mut taken, mut roles) = (0u16, 0u8);
        for &(h, role) in holes {
            let n = amount(state, h);
            if n > 0 {
                let owner = self.owner_at(state, h);
                self.remove(state, h, n);
                log.took(h, n);
                if owner != state.to_move {
                    log.gave(h, owner);
                }
                taken += n;
                if role != u8::MAX {
                    roles |= 1 << role;
                }
                self.keep_for(state, destination, owner, n);
            }
        }
        (taken, roles)
    }

    /// After capture `c` of a sowing that ended at `end`: the hole after the landing hole,
    /// if the capture sows on from it and it holds enough seeds.
    pub(super) fn relay_after(&self, state: &State, c: u8, end: &SowEnd, rev: bool) -> Option<Hole> {
        let relay = self.model.captures[usize::from(c)].relay_after?;
        let (min, max) = (relay.min, relay.max);
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
        let ring = &sow.rings[me];
        let at = match (relay.landing, rev) {
            (true, _) => end.last_at,
            // Where each seed goes into a neighbouring hole: straight on from the landing.
            (false, _) if self.path => {
                let from = self.along_hole(state, me, end.last, rev, 1)?;
                return (min..=max).contains(&state.counts[from.index()]).then_some(from);
            }
            (false, true) => ring.step::<true>(end.last_at),
            (false, false) => ring.step::<false>(end.last_at),
        };
        let from = Hole(ring.slot(at) as u8);
        (min..=max).contains(&state.counts[from.index()]).then_some(from)
    }

    /// The holes a sweep takes (`every [own|opponent's] hole [sown this turn] that holds …`):
    /// those of the board, of that side if said (the mover's, or held by another player),
    /// with `sown` only those the turn has sown into, holding between `min` and `max` seeds.
    fn swept<'a>(
        &'a self,
        state: &'a State,
        me: Player,
        (side, sown): (Option<crate::model::Side>, bool),
        (min, max, step): (u16, u16, u16),
    ) -> impl Iterator<Item = Hole> + 'a {
        let sown = self.sown_mark.filter(|_| sown);
        self.all_holes().filter(move |&h| {
            if sown.is_some_and(|m| !state.is_marked(m, h)) {
                return false;
            }
            let on_side = match side {
                None => true,
                Some(crate::model::Side::Own) => self.holds(state, h, me),
                Some(crate::model::Side::Opponent) => {
                    !self.holds(state, h, me) && state.counts[h.index()] > 0
                }
            };
            on_side && crate::model::in_counts(state.counts[h.index()], min, max, step)
        })
    }

    /// The run of holes before the landing hole `last` (going back along `ring` against a lap
    /// that went `rev`), each while it is on the run's side (the opponent's, the mover's, or
    /// either) and holds so many seeds: given to `push`, nearest first. A store ends the run.
    /// Where the run has gaps, every second hole, the one stepped over empty (an occupied one, or a store, ends
    /// the run). The run never comes round to `last` again.
    #[inline(always)]
    fn holes_before(
        &self,
        state: &State,
        (ring, last, rev): (&super::sowing::Ring, Hole, bool),
        run: crate::model::Run,
        (min, max, step): (u16, u16, u16),
        mut push: impl FnMut(Hole),
    ) {
        let (side, gaps) = (run.side(), run.gaps());
        let me = state.to_move;
        let opp = (self.seats() == 2).then(|| me.other());
        let back = |pos| if rev { ring.back::<true>(pos) } else { ring.back::<false>(pos) };
        let mut pos = ring.pos(last);
        // The holes of the ring other than `last` not yet looked at.
        let mut left = ring.len.saturating_sub(1);
        while left > 0 {
            pos = back(pos);
            left -= 1;
            let mut h = Hole(ring.slot(pos) as u8);
            if gaps {
                if left == 0 || self.is_store(h) || state.counts[h.index()] != 0 {
                    break;
                }
                pos = back(pos);
                left -= 1;
                h = Hole(ring.slot(pos) as u8);
            }
            let on_side = match (side, opp) {
                (Some(crate::model::Side::Opponent), Some(o)) => self.holds(state, h, o),
                (Some(crate::model::Side::Opponent), None) => self.opponents_at_table(state, h, me),
                (Some(crate::model::Side::Own), _) => self.holds(state, h, me),
                (None, _) => true,
            };
            if self.is_store(h)
                || !on_side
                || !crate::model::in_counts(state.counts[h.index()], min, max, step)
            {
                break;
            }
            push(h);
        }
    }

    /// Lift hole `from` whole and sow it on as a lap of the sowing under way; `None` if the
    /// sowing would never end.
    /// `reached`: whether a lap of the turn has reached the row a lap rule asks about.
    pub(super) fn lift_and_sow(
        &self,
        state: &mut State,
        from: Hole,
        (origin, reached): (u16, bool),
        rev: bool,
    ) -> Option<SowEnd> {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return None };
        let hand = state.counts[from.index()];
        state.counts[from.index()] = 0;
        let lift = 0u64.wrapping_sub(self.keys[from.index()].wrapping_mul(u64::from(hand)));
        self.continue_sowing(state, sow, from, u32::from(hand), lift, (origin, reached), rev)
    }

    /// Lift `hand` seeds of hole `from` (0: the whole hole) and sow them on as a lap of the
    /// sowing under way; `None` if the sowing would never end.
    pub(super) fn lift_some_and_sow(
        &self,
        state: &mut State,
        from: Hole,
        hand: u16,
        (origin, reached): (u16, bool),
        rev: bool,
    ) -> Option<SowEnd> {
        if hand == 0 {
            return self.lift_and_sow(state, from, (origin, reached), rev);
        }
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return None };
        state.counts[from.index()] -= hand;
        let lift = 0u64.wrapping_sub(self.keys[from.index()].wrapping_mul(u64::from(hand)));
        self.continue_sowing(state, sow, from, u32::from(hand), lift, (origin, reached), rev)
    }

    /// Whether taking `amount` seeds from each of `holes` would take every seed an opponent
    /// of the mover has (at a table of two, the opponent; at a larger one, any other player).
    #[inline(always)]
    fn takes_every_seed(&self, state: &State, holes: &[(Hole, u8)], amount: impl Fn(Hole) -> u16) -> bool {
        let me = state.to_move;
        if self.seats() != 2 {
            let amounts: Vec<(Hole, u16)> = holes.iter().map(|&(h, _)| (h, amount(h))).collect();
            return self.takes_every_seed_at_table(state, &amounts);
        }
        let opp = me.other();
        let from_opponent: u32 = (holes.iter())
            .filter(|(h, _)| self.holds(state, *h, opp))
            .map(|&(h, _)| u32::from(amount(h)))
            .sum();
        from_opponent == u32::from(state.seeds[opp])
    }

    /// [`Rules::takes_every_seed`] at a table of more than two: every seed of any other
    /// player, taking so many seeds from each hole.
    #[cold]
    fn takes_every_seed_at_table(&self, state: &State, amounts: &[(Hole, u16)]) -> bool {
        self.others(state.to_move).any(|opp| {
            let from_opponent: u32 = (amounts.iter())
                .filter(|(h, _)| self.holds(state, *h, opp))
                .map(|&(_, n)| u32::from(n))
                .sum();
            from_opponent == u32::from(state.seeds[opp])
        })
    }

    /// Empty the holes capture `c` takes from a lap ending at `last`: the seeds taken, and
    /// the opposite rows (as bits of their roles) that gave some.
    #[inline(always)]
    pub(super) fn take<const CLAIMS: bool, L: Log>(
        &self,
        state: &mut State,
        c: u8,
        last: Hole,
        rev: bool,
        log: &mut L,
    ) -> (u16, u8) {
        let capture = &self.model.captures[c as usize];
        let mut holes: [(Hole, u8); MAX_SLOTS] = [(Hole(0), u8::MAX); MAX_SLOTS];
        let mut n_holes = self.capture_holes(state, capture, last, rev, &mut holes);
        if let Some(m) = capture.except {
            n_holes = Self::spare_marked(state, m, &mut holes[..n_holes]);
        }
        if capture.not_every_seed
            && self.takes_every_seed(state, &holes[..n_holes], |h| state.counts[h.index()])
        {
            // It would take every seed an opponent has: it takes nothing.
            n_holes = 0;
        }
        let took = self.empty_holes(
            state,
            capture.destination,
            &holes[..n_holes],
            |state, h| state.counts[h.index()],
            log,
        );
        if CLAIMS && capture.claims_taken() {
            self.claim_taken(state, capture, &holes[..n_holes]);
        }
        took
    }

    /// Keep those of `holes` that do not carry mark `m` at the front: how many (`, except store
    /// holes`).
    #[cold]
    fn spare_marked(state: &State, m: u8, holes: &mut [(Hole, u8)]) -> usize {
        let mut kept = 0;
        for i in 0..holes.len() {
            if !state.is_marked(m, holes[i].0) {
                holes[kept] = holes[i];
                kept += 1;
            }
        }
        kept
    }

    /// The holes `capture` names for a lap ending at `last`, into `holes` (each with the
    /// opposite row it stands in, or `u8::MAX`): how many.
    #[inline(always)]
    fn capture_holes(
        &self,
        state: &State,
        capture: &Capture,
        last: Hole,
        rev: bool,
        holes: &mut [(Hole, u8); MAX_SLOTS],
    ) -> usize {
        let me = state.to_move;
        let mut n_holes = 0;
        for (i, target) in capture.take.iter().enumerate() {
            match *target {
                Target::Landing => {
                    holes[n_holes] = (last, u8::MAX);
                    n_holes += 1;
                }
                Target::Opposite(role) => {
                    if let Some(o) = self.opposite(me, last, role) {
                        holes[n_holes] = (o, role);
                        n_holes += 1;
                    }
                }
                Target::Column(role) => {
                    if let Some(h) = self.in_column(me, role as usize, last) {
                        holes[n_holes] = (h, u8::MAX);
                        n_holes += 1;
                    }
                }
                Target::Along(steps) => {
                    if let Some(h) = self.along_hole(state, me, last, rev, steps)
                        && !self.is_store(h)
                    {
                        holes[n_holes] = (h, u8::MAX);
                        n_holes += 1;
                    }
                }
                Target::OppositeAlong(role, steps) => {
                    if let Some(o) = self.opposite_along(state, last, rev, (role, steps)) {
                        holes[n_holes] = (o, role);
                        n_holes += 1;
                    }
                }
                Target::ColumnAlong(role, steps) => {
                    if let Some(h) = self.column_along(state, last, rev, (role, steps)) {
                        holes[n_holes] = (h, u8::MAX);
                        n_holes += 1;
                    }
                }
                Target::HolesBefore(run, min, max, step) | Target::HolesAfter(run, min, max, step) => {
                    let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { continue };
                    let Some((ring, from)) = self.run_start(state, sow, capture, i, (last, last, rev)) else {
                        continue;
                    };
                    // A run after the hole goes back against the other way.
                    let way = (ring, from, rev ^ matches!(*target, Target::HolesAfter(..)));
                    self.holes_before(state, way, run, (min, max, step), |h| {
                        for h in std::iter::once(h).chain(self.across_hole(run, h)) {
                            if n_holes < MAX_SLOTS {
                                holes[n_holes] = (h, u8::MAX);
                                n_holes += 1;
                            }
                        }
                    });
                }
                Target::Every(side, min, max, step) | Target::EverySown(side, min, max, step) => {
                    let sown = matches!(*target, Target::EverySown(..));
                    for h in self.swept(state, me, (side, sown), (min, max, step)) {
                        // Each hole once, whatever other targets named it.
                        if n_holes < MAX_SLOTS && !holes[..n_holes].iter().any(|&(x, _)| x == h) {
                            holes[n_holes] = (h, u8::MAX);
                            n_holes += 1;
                        }
                    }
                }
            }
        }
        n_holes
    }

    /// Where the run of holes that is target `i` of `capture` starts, and the circuit it goes
    /// along: its `it` is the hole the target before it names (a run before it passed over),
    /// or the landing hole `last` where it comes first; none after a sweep, which names many,
    /// or a target that named no hole. Opposite holes face `facing` (the landing hole, or
    /// the lap's origin hole where the capture says so).
    #[inline(always)]
    fn run_start<'s>(
        &self,
        state: &State,
        sow: &'s SowRules,
        capture: &Capture,
        i: usize,
        (last, facing, rev): (Hole, Hole, bool),
    ) -> Option<(&'s Ring, Hole)> {
        let me = state.to_move;
        if i == 0 || matches!(capture.take[i - 1], Target::Landing) {
            // The usual run, from the landing hole, on the mover's circuit.
            return Some((&sow.rings[me], last));
        }
        let before = capture.take[..i]
            .iter()
            .rev()
            .find(|t| !matches!(t, Target::HolesBefore(..) | Target::HolesAfter(..)));
        let from = match before {
            None | Some(Target::Landing) => Some(last),
            Some(&Target::Opposite(role)) => self.opposite(me, facing, role),
            Some(&Target::Column(role)) => self.in_column(me, usize::from(role), facing),
            Some(&Target::Along(steps)) => {
                self.along_hole(state, me, last, rev, steps).filter(|&h| !self.is_store(h))
            }
            Some(&Target::OppositeAlong(role, steps)) => self.opposite_along(state, last, rev, (role, steps)),
            Some(&Target::ColumnAlong(role, steps)) => self.column_along(state, last, rev, (role, steps)),
            Some(
                Target::Every(..) | Target::EverySown(..) | Target::HolesBefore(..) | Target::HolesAfter(..),
            ) => None,
        }?;
        Some((self.run_ring(state, sow, me, from)?, from))
    }

    /// The circuit a run of holes from hole `from` goes along (`the holes before it`): the
    /// mover's, or where `from` is off it (another player's hole of their own rows), its
    /// owner's; none where it is on neither.
    #[inline(always)]
    fn run_ring<'s>(&self, state: &State, sow: &'s SowRules, me: Player, from: Hole) -> Option<&'s Ring> {
        let ring = &sow.rings[me];
        if ring.on_ring(from) {
            return Some(ring);
        }
        let theirs = &sow.rings[self.owner_at(state, from)];
        theirs.on_ring(from).then_some(theirs)
    }

    /// `Target::OppositeAlong`: the mover's opponent's hole of row `role` facing the hole
    /// `steps` holes from `last` (none where that is a store or has no opposite hole).
    fn opposite_along(
        &self,
        state: &State,
        last: Hole,
        rev: bool,
        (role, steps): (Role, i16),
    ) -> Option<Hole> {
        let me = state.to_move;
        let h = self.along_hole(state, me, last, rev, steps).filter(|&h| !self.is_store(h))?;
        self.opposite(me, h, role)
    }

    /// `Target::ColumnAlong`: the mover's own hole of row `role` in the column of the hole
    /// `steps` holes from `last`, on either side (none where that is a store).
    fn column_along(&self, state: &State, last: Hole, rev: bool, (role, steps): (Role, i16)) -> Option<Hole> {
        let me = state.to_move;
        let h = self.along_hole(state, me, last, rev, steps).filter(|&h| !self.is_store(h))?;
        self.in_column(me, usize::from(role), h)
    }
}
