//! Legal decisions: the list of moves of the player to move, whatever the turn is (a sowing
//! at its start, a choice mid-turn, a pick, a relay or a lap's way at a pause, a pass). For
//! sowings: the candidate holes, whether a hole fits the phase's description of where a
//! sowing may start, where a sowing lands, which way it goes, and the moves whose sowing ends
//! (an endless sowing is no decision; [`MoveStats`] counts the candidates refused for it).
//! What a turn must leave the opponent is in [`super::duties`]; the moves of a turn that
//! moves seeds, in [`super::transfer`].
use super::play::{Log, MAX_RELAY_CHOICES};
use super::rules::*;
use super::sowing::{LapContext, Ring, SowEnd};
use super::state::*;

/// What [`Rules::legal_moves_counted`] saw besides the legal decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveStats {
    /// Candidate holes refused because their sowing would never end.
    pub endless: u32,
}

impl Rules {
    /// The legal decisions of the player to move, in canonical order (board order of holes).
    /// Empty when the game is over.
    pub fn legal_moves(&self, state: &State, out: &mut MoveList) {
        self.legal_moves_counted(state, out);
    }

    /// [`Rules::legal_moves`], also reporting the candidates refused as endless.
    pub fn legal_moves_counted(&self, state: &State, out: &mut MoveList) -> MoveStats {
        out.clear();
        if state.outcome.is_some() {
            return MoveStats::default();
        }
        // The start of a turn first, and alone: the other phases' lists are built apart.
        if let Phase::Sow = state.phase {
            let stats = self.turn_moves(state, usize::from(state.phase_of[state.to_move]), out);
            if self.flags.offers {
                self.offer_pass(state, out);
            }
            return stats;
        }
        self.mid_turn_moves(state, out);
        MoveStats::default()
    }

    /// The decisions in the middle of a turn: picks, a paused lap's ways, an end choice.
    #[inline(never)]
    fn mid_turn_moves(&self, state: &State, out: &mut MoveList) {
        match state.phase {
            Phase::Pick(pick) => self.pick_moves(state, pick, out),
            Phase::LapChoice(choice) => self.lap_choice_moves(state, choice, out),
            Phase::EndChoice(choice) => self.end_choice_moves(state, choice, out),
            Phase::Step(p) => self.path_moves(state, p, out),
            Phase::Lift(choice) => self.lift_moves(state, choice, out),
            Phase::PutChoice(choice) => self.put_moves(state, choice, out),
            Phase::Offer(_) => out.extend([Move::Agree, Move::Refuse]),
            Phase::Lot(_) | Phase::FirstLot => return self.lot_moves(state, out),
            Phase::Sow => {}
        }
        // A decision that ends the turn may not undo the opponent's last turn either.
        if self.flags.no_undo
            && state.before[1] != 0
            && matches!(&self.phase_rules(state, state.to_move).turn, TurnKind::Sow(sow) if sow.no_undo)
        {
            self.keep_new_positions(state, out);
        }
    }

    /// Add a pass, a swap or an offer to end the game to the decisions where the rules offer
    /// one now.
    #[cold]
    fn offer_pass(&self, state: &State, out: &mut MoveList) {
        if self.flags.may_pass {
            self.pass_or_swap(state, out);
        }
        // Added last: an offer to end the game is no move of the turn, so a player with no
        // other decision still passes where the rules say so.
        if state.offer == OFFER_OPEN {
            out.push(Move::Offer);
        }
    }

    /// Add a pass or a swap to the decisions where the rules offer one now.
    fn pass_or_swap(&self, state: &State, out: &mut MoveList) {
        let pass = if out.is_empty() {
            // A rule for a player who cannot move scoped to another phase does not apply: they
            // pass.
            self.model.end.blocked == Blocked::Passes
                || self.model.end.pass_loses
                || !self.end_in_force(state, crate::model::EndKind::Blocked)
        } else {
            self.model.end.pass_loses
        };
        if self.is_main(state) {
            if pass {
                out.push(Move::Pass);
            }
        } else {
            if self.opening_pass_now(state, usize::from(state.phase_of[state.to_move])) {
                out.push(Move::Pass);
            }
            if self.flags.swaps && self.swap_on_offer(state) {
                out.push(Move::Swap);
            }
        }
    }

    pub(super) fn is_main(&self, state: &State) -> bool {
        usize::from(state.phase_of[state.to_move]) + 1 == self.phases.len()
    }

    /// The decisions that start a turn of phase `phase` for the player to move.
    pub(super) fn turn_moves(&self, state: &State, phase: usize, out: &mut MoveList) -> MoveStats {
        match &self.phases[phase].turn {
            TurnKind::Sow(sow) if self.flags.interpreted => self.interpreted_moves(state, sow, out),
            TurnKind::Sow(sow) => self.sow_moves(state, sow, out),
            TurnKind::Take { capture } => {
                if let Some(pick) = self.take_turn_pick(state, *capture) {
                    self.pick_moves(state, pick, out);
                }
                MoveStats::default()
            }
            TurnKind::Transfer(ways) => {
                // A turn kept until the pass has a bound on its moves; past it, only the pass.
                let me = state.to_move;
                if self.model.phases[phase].keeps_turn.is_none_or(|n| state.phase_moves[me] < n) {
                    for (i, way) in ways.iter().enumerate() {
                        self.transfer_moves(state, way, i > 0, out);
                    }
                }
                MoveStats::default()
            }
            TurnKind::Empty { hole, .. } => {
                let me = state.to_move;
                for h in self.all_holes() {
                    // The mover's holes, unless the description names a side (`an opponent's
                    // hole`: blind test 29, fault 1, was never offered).
                    if (hole.side.is_some() || self.holds(state, h, me))
                        && state.counts[h.index()] > 0
                        && self.matches(state, me, hole, h)
                    {
                        out.push(Move::Empty(h));
                    }
                }
                MoveStats::default()
            }
            TurnKind::Mark { hole, mark } => {
                let me = state.to_move;
                for h in self.all_holes() {
                    if self.matches(state, me, hole, h) && !state.is_marked(*mark, h) {
                        out.push(Move::Mark(h));
                    }
                }
                MoveStats::default()
            }
        }
    }

    /// The sowings of rules played by the general interpreter (`engine::stepwise`).
    #[cold]
    fn interpreted_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList) -> MoveStats {
        self.step_moves(state, sow, out)
    }

    /// A sowing of rules played by an interpreter of their own (see
    /// [`Rules::interpreted_moves`]).
    #[cold]
    pub(super) fn interpreted_sow<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        h: Hole,
        log: &mut L,
    ) -> Option<SowEnd> {
        self.step_sow(state, history, h, None, false, log)
    }

    /// Whether hole `h` fits a description, from `me`'s point of view.
    pub(super) fn matches(&self, state: &State, me: Player, filter: &HoleFilter, h: Hole) -> bool {
        let i = h.index();
        filter.state.is_none_or(|s| (state.counts[i] == 0) == (s == HoleState::Empty))
            && filter.side.is_none_or(|side| self.holds(state, h, me) == (side == Side::Own))
            && filter.role.is_none_or(|role| self.hole_role[i] == role && self.on_seat(me, filter.side, h))
            && filter.mark.is_none_or(|m| state.is_marked(m, h))
    }

    /// Whether a hole lies on the rows of the seat a description's side names (`own`: the
    /// mover's; `opponent's`: another's), where a row is named with it: rows locate holes by
    /// seat, whoever's the hole is now (blind test 23, fault 3: a hole of North's `home` row
    /// won by South was South's `own home hole`). At a table of two; elsewhere, and with no
    /// side said, any seat.
    pub(super) fn on_seat(&self, me: Player, side: Option<Side>, h: Hole) -> bool {
        match side {
            Some(side) if self.seats() == 2 => (self.hole_owner[h.index()] == me) == (side == Side::Own),
            _ => true,
        }
    }

    /// Whether a sowing chosen now goes against the circuit's stored order for `me` in this
    /// phase: `None` when the player chooses the direction with it.
    pub(super) fn sowing_reversed(&self, state: &State, sow: &SowRules, me: Player) -> Option<bool> {
        if let Some(d) = sow.direction {
            return Some(d != self.direction);
        }
        match (state.direction[me], self.chosen) {
            // A turn of moving again turned back goes the way it was given.
            (Some(d), Chosen::EachTurn) if state.again == AGAIN_BACK => Some(d != self.direction),
            (_, Chosen::EachTurn) | (None, Chosen::Once) => None,
            (Some(d), _) => Some(d != self.direction),
            (None, Chosen::Never) => Some(false),
        }
    }

    /// Whether the sowing under way (relay laps, a paused lap) goes against the circuit's
    /// stored order: the phase's direction, else the one the mover chose.
    pub(super) fn turn_reversed(&self, state: &State, sow: &SowRules, me: Player) -> bool {
        sow.direction.or(state.direction[me]).is_some_and(|d| d != self.direction)
    }

    /// The hole after (or, with `back`, before) `h` along `me`'s circuit in its stored order.
    #[inline(always)]
    fn neighbour(&self, me: Player, h: Hole, back: bool) -> Hole {
        if back && let Some(ring) = &self.back_ring {
            return ring[me][h.index()];
        }
        let circuit = &self.circuit[me];
        let len = circuit.len();
        let pos = usize::from(self.circuit_pos[me][h.index()]);
        let pos = if back {
            if pos == 0 { len - 1 } else { pos - 1 }
        } else if pos + 1 == len {
            0
        } else {
            pos + 1
        };
        circuit[pos]
    }

    /// Whether hole `h` fits a choice description for `me` sowing forwards or `rev`.
    #[inline(always)]
    pub(crate) fn fits(&self, state: &State, me: Player, choice: &Choice, h: Hole, rev: bool) -> bool {
        let c = state.counts[h.index()];
        // Without `&&`: the count tests are unpredictable, and most descriptions stop here.
        let counted = (c >= choice.rule.min) & (c <= choice.rule.max);
        if choice.counts_only {
            return counted;
        }
        counted && self.fits_beyond_counts(state, me, choice, h, rev)
    }

    /// The tests of [`Rules::fits`] beyond the hole's seed count.
    #[inline(always)]
    fn fits_beyond_counts(&self, state: &State, me: Player, choice: &Choice, h: Hole, rev: bool) -> bool {
        choice.rule.next.is_none_or(|want| {
            (state.counts[self.neighbour(me, h, rev).index()] == 0) == (want == HoleState::Empty)
        }) && choice.rule.previous.is_none_or(|want| {
            (state.counts[self.neighbour(me, h, !rev).index()] == 0) == (want == HoleState::Empty)
        }) && (choice.plain || self.fits_rarely(state, me, choice, h, rev))
    }

    /// Whether hole `h` fits `choice` for `me` in all but being the furthest along the
    /// circuit (`, the furthest along the circuit`). The neighbour tests are written again
    /// here rather than shared with [`Rules::fits_beyond_counts`]: shared through a helper,
    /// Oware's playouts measured 6% slower.
    fn fits_but_furthest(&self, state: &State, me: Player, choice: &Choice, h: Hole, rev: bool) -> bool {
        let c = state.counts[h.index()];
        (c >= choice.rule.min)
            && (c <= choice.rule.max)
            && choice.rule.next.is_none_or(|want| {
                (state.counts[self.neighbour(me, h, rev).index()] == 0) == (want == HoleState::Empty)
            })
            && choice.rule.previous.is_none_or(|want| {
                (state.counts[self.neighbour(me, h, !rev).index()] == 0) == (want == HoleState::Empty)
            })
            && self.fits_rest(state, me, choice, h, rev)
    }

    /// A hole of `me`'s further along their circuit (going `rev`) than `h` that fits `choice`
    /// but for being the furthest, if any.
    #[cold]
    pub(crate) fn further_fit(
        &self,
        state: &State,
        me: Player,
        choice: &Choice,
        h: Hole,
        rev: bool,
    ) -> Option<Hole> {
        let len = self.circuit[me].len();
        let rank = |x: Hole| {
            let pos = usize::from(self.circuit_pos[me][x.index()]);
            if rev { len - 1 - pos.min(len - 1) } else { pos }
        };
        (choice.holes[me].iter().copied())
            .filter(|&x| rank(x) > rank(h))
            .find(|&x| self.fits_but_furthest(state, me, choice, x, rev))
    }

    /// The tests of [`Rules::fits`] few descriptions ask for: marks, the fullest hole, the
    /// opposite hole, the hole after a mark, a prediction of the lap.
    #[cold]
    #[inline(never)]
    fn fits_rarely(&self, state: &State, me: Player, choice: &Choice, h: Hole, rev: bool) -> bool {
        self.fits_rest(state, me, choice, h, rev)
            && (!choice.rule.furthest || self.further_fit(state, me, choice, h, rev).is_none())
    }

    /// [`Rules::fits_rarely`] but for being the furthest along the circuit.
    fn fits_rest(&self, state: &State, me: Player, choice: &Choice, h: Hole, rev: bool) -> bool {
        let c = state.counts[h.index()];
        choice.mark.is_none_or(|m| state.is_marked(m, h))
            && choice.except_marks.iter().all(|&m| !state.is_marked(m, h))
            && (!choice.rule.most || self.fullest(state, me) == c)
            && choice.rule.opposite.is_none_or(|(role, want)| {
                (self.opposite_count(state, me, h, role) == 0) == (want == HoleState::Empty)
            })
            && choice.after_mark.is_none_or(|(m, k)| self.after_mark(state, me, m, k, rev) == Some(h))
            && (!choice.rule.captures || self.first_lap_captures(state, me, h, rev))
            && choice.rule.lands_in.is_none_or(|role| self.lands_in_front(state, me, h, role, rev))
            && choice.rule.lap_ends.as_ref().is_none_or(|rule| self.first_lap_ends(state, me, h, rev, rule))
            && choice.rule.reaches.is_none_or(|row| self.first_lap_reaches(state, me, h, rev, row))
            && choice
                .none_fits
                .as_ref()
                .is_none_or(|other| !self.none_fits_any(state, me, choice, other, rev))
            && (choice.either.is_empty() || self.fits_either(state, me, choice, h, rev))
    }

    /// Whether some hole fits `other`, the description after `, if there is no` in
    /// `choice`: a hole of `me`'s, or of a player other than `me` still playing where the
    /// description is of the opponent's holes (read from their seat).
    fn none_fits_any(&self, state: &State, me: Player, choice: &Choice, other: &Choice, rev: bool) -> bool {
        let fits = |p: Player| other.holes[p].iter().any(|&x| self.fits(state, p, other, x, rev));
        match choice.rule.none_theirs {
            false => fits(me),
            true => self.players().filter(|&p| p != me && !state.is_out(p)).any(fits),
        }
    }

    /// Whether hole `h` fits one of the descriptions joined with `or` in `choice`.
    fn fits_either(&self, state: &State, me: Player, choice: &Choice, h: Hole, rev: bool) -> bool {
        choice.either.iter().any(|alt| {
            let among = match alt.rule.holes {
                crate::model::HoleSet::Territory if self.colours => alt.among_held(me, h),
                crate::model::HoleSet::Rearmost => self.rearmost(state, me) == Some(h),
                _ => alt.holes[me].contains(&h),
            };
            among
                && (!self.colours || self.held_as(state, me, alt, h))
                && self.fits(state, me, alt, h, rev)
                && (!alt.rule.facing || self.lands_facing(state, me, h, rev))
        })
    }

    /// Whether the seeds of `me`'s hole `h`, counted on along their circuit (against the
    /// usual way with `rev`) one hole a seed, would end in an own hole of row `role` with an
    /// occupied hole in front of it: the own hole of the next row inward in its column, or
    /// for the innermost row the opponent's facing hole (`whose last seed would fall in an
    /// own inner hole in front of an occupied hole`). The landing hole may be empty.
    #[cold]
    fn lands_in_front(&self, state: &State, me: Player, h: Hole, role: Role, rev: bool) -> bool {
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let ring = &sow.rings[me];
        if !ring.on_ring(h) {
            return false;
        }
        let mut pos = ring.pos(h);
        for _ in 0..state.counts[h.index()] {
            pos = if rev { ring.step::<true>(pos) } else { ring.step::<false>(pos) };
        }
        let at = Hole(ring.slot(pos) as u8);
        if self.hole_owner[at.index()] != me || self.hole_role[at.index()] != role {
            return false;
        }
        let (row, column) = (usize::from(role), usize::from(self.hole_column[at.index()]));
        let front = match self.column_hole[me].get(row + 1) {
            Some(next) => next[column],
            None => self.column_hole[me.other()][row][column],
        };
        front.is_some_and(|front| state.counts[front.index()] > 0)
    }

    /// The hole `steps` holes after `me`'s hole carrying mark `m`, along their circuit
    /// (against the usual way with `rev`); `None` while no hole of theirs carries it.
    #[cold]
    pub(super) fn after_mark(
        &self,
        state: &State,
        me: Player,
        m: MarkId,
        steps: u8,
        rev: bool,
    ) -> Option<Hole> {
        let marked = self.circuit[me].iter().copied().find(|&h| state.is_marked(m, h))?;
        Some((0..steps).fold(marked, |h, _| self.neighbour(me, h, rev)))
    }

    /// A lap rule's `mark the landing hole as …`: the mark leaves `me`'s other holes and goes
    /// to `landing`.
    #[cold]
    pub(super) fn mark_landing(&self, state: &mut State, me: Player, m: MarkId, landing: Hole) {
        for &h in &self.circuit[me] {
            state.marks[usize::from(m)][h.index() / 64] &= !(1 << (h.index() % 64));
        }
        state.marks[usize::from(m)][landing.index() / 64] |= 1 << (landing.index() % 64);
    }

    /// `move N seeds from the landing hole into HOLE`: move number `i` of the rules, from
    /// the hole `landing` where the sowing ended. The seeds stay on the board. The hole they
    /// went into and how many, for the log.
    #[cold]
    pub(super) fn move_landing(&self, state: &mut State, i: u8, landing: Hole) -> Option<(Hole, u16)> {
        let m = self.model.landing_moves.get(usize::from(i))?;
        let me = state.to_move;
        let whose = if m.opponent { me.next() } else { me };
        let to = (self.hole_counted(whose, m.role, m.column))
            .unwrap_or_else(|| self.hole_from_owners_left(whose, m.role, 0));
        let n = m.count.min(state.counts[landing.index()]);
        self.remove(state, landing, n);
        self.put(state, to, n);
        (n > 0).then_some((to, n))
    }

    /// Whether the first lap of a sowing of hole `h` by `me`, going `rev`, ends where a lap
    /// rule captures (`whose lap captures`): sown on a copy of the counts.
    #[cold]
    fn first_lap_captures(&self, state: &State, me: Player, h: Hole, rev: bool) -> bool {
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let ring = &sow.rings[me];
        if !ring.on_ring(h) {
            return false;
        }
        let mut counts = state.counts;
        let hand = u32::from(counts[h.index()]);
        counts[h.index()] = 0;
        let ctx = LapContext { marks: &state.marks, origin: hand as u16, reached: false };
        let pos = ring.pos(h);
        let end = if rev {
            ring.single_lap::<true>(&mut counts, &ctx, pos, hand, 0)
        } else {
            ring.single_lap::<false>(&mut counts, &ctx, pos, hand, 0)
        };
        matches!(end.action, LapAction::Capture(_))
    }

    /// [`Rules::fits`] in a loop over holes: the description's seed counts and whether they
    /// are all it says, read once before the loop (`(min, max, counts_only)`), so that the
    /// common test stays in registers.
    #[inline(always)]
    fn fits_read(
        &self,
        state: &State,
        (me, choice, h, rev): (Player, &Choice, Hole, bool),
        (min, max, counts_only): (u16, u16, bool),
    ) -> bool {
        let c = state.counts[h.index()];
        if counts_only { (c >= min) & (c <= max) } else { self.fits(state, me, choice, h, rev) }
    }

    /// The choice description in force and the holes fitting it, for one direction.
    fn fitting<'a>(&self, state: &'a State, sow: &'a SowRules, me: Player, rev: bool) -> Option<&'a Choice> {
        sow.choices.iter().find(|c| c.holes[me].iter().any(|&h| self.fits(state, me, c, h, rev)))
    }

    fn sow_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList) -> MoveStats {
        let mut stats = match self.sowing_reversed(state, sow, state.to_move) {
            Some(false) => self.sow_moves_one_way::<false>(state, sow, out),
            Some(true) => self.sow_moves_one_way::<true>(state, sow, out),
            None => self.sow_moves_choosing_direction(state, sow, out),
        };
        if self.extra_moves_now(state, sow) {
            self.extra_moves(state, sow, out, &mut stats);
        }
        stats
    }

    /// Whether the list of sowings gains or loses moves now: turned laps, the hand entered
    /// or sown, turns refused for starving the opponent or undoing their last turn. Asked
    /// here, not in a call on every turn: most turns of a game that makes its players feed an
    /// opponent find the opponent with seeds.
    #[inline(always)]
    fn extra_moves_now(&self, state: &State, sow: &SowRules) -> bool {
        sow.extra_moves
            && (!sow.turnings.is_empty()
                || sow.hand_entry
                || sow.hand_sow.is_some()
                || (sow.no_undo && state.before[1] != 0)
                || sow.no_wipe
                || self.must_feed_now(state, sow))
    }

    /// The moves beyond the sowings of the holes chosen: turned laps and entering the hand
    /// added, sowings that leave the opponent without seeds taken away.
    #[cold]
    fn extra_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList, stats: &mut MoveStats) {
        if !sow.turnings.is_empty() {
            self.turned_moves(state, sow, out, stats);
        }
        if sow.hand_entry && self.may_enter(state) {
            out.push(Move::Enter);
        }
        if self.may_sow_hand(state, sow) {
            out.push(Move::SowHand);
        }
        self.keep_duties(state, sow, out);
    }

    /// Whether sowing hole `h` of the mover's ring (sowing backwards with `REV`) ends.
    #[inline(always)]
    pub(super) fn candidate_ends<const REV: bool>(&self, state: &State, ring: &Ring, h: Hole) -> bool {
        if ring.capture_sows {
            return self.turn_ends(state, h, state.counts[h.index()], REV, 0);
        }
        Self::laps_end::<REV>(state, ring, h)
    }

    /// [`Rules::candidate_ends`] on a ring whose sowings end with their laps (not
    /// [`Ring::capture_sows`]).
    #[inline(always)]
    fn laps_end<const REV: bool>(state: &State, ring: &Ring, h: Hole) -> bool {
        ring.ends::<REV>(&state.counts, (&state.marks, state.counts[h.index()]), ring.pos(h))
    }

    /// The sowings of a mover whose direction is settled.
    fn sow_moves_one_way<const REV: bool>(
        &self,
        state: &State,
        sow: &SowRules,
        out: &mut MoveList,
    ) -> MoveStats {
        let ring = &sow.rings[state.to_move];
        if ring.capture_sows {
            return self.sow_moves_capturing::<REV>(state, sow, out);
        }
        self.sow_moves_in::<REV>(state, sow, out, !ring.never_relays)
    }

    /// [`Rules::sow_moves_in`] for a ring whose sowings go on with the seeds they capture
    /// ([`Ring::capture_sows`]): each fitting hole's whole turn is checked to end.
    #[cold]
    #[inline(never)]
    fn sow_moves_capturing<const REV: bool>(
        &self,
        state: &State,
        sow: &SowRules,
        out: &mut MoveList,
    ) -> MoveStats {
        let me = state.to_move;
        let mut stats = MoveStats::default();
        for choice in &sow.choices {
            let mut fitted = false;
            for &h in &choice.holes[me] {
                if !self.fits(state, me, choice, h, REV) {
                    continue;
                }
                fitted = true;
                if self.turn_ends(state, h, state.counts[h.index()], REV, 0) {
                    out.push(Move::Sow(h));
                } else {
                    stats.endless += 1;
                }
            }
            if fitted {
                break;
            }
        }
        stats
    }

    /// The holes that fit the first choice description in force (a later description is
    /// looked at only if none fitted). With `sown`, each is checked to end; without, as
    /// where no lap relays and every sowing ends after one lap, every fitting hole is legal,
    /// found branch-free. Inlined into `turn_moves`, its caller in play (the fast paths'
    /// differential check calls it too, which would otherwise leave it a call of its own:
    /// 3% more instructions a game).
    #[inline(always)]
    pub(super) fn sow_moves_in<const REV: bool>(
        &self,
        state: &State,
        sow: &SowRules,
        out: &mut MoveList,
        sown: bool,
    ) -> MoveStats {
        let me = state.to_move;
        let mut stats = MoveStats::default();
        let ring = &sow.rings[me];
        for choice in &sow.choices {
            let start = out.len;
            // The description's seed counts read once, outside the loops.
            let (min, max, counts_only) = (choice.rule.min, choice.rule.max, choice.counts_only);
            let fitted = if sown {
                // Whether the ring is simple, asked once rather than for each candidate.
                let read = (min, max, counts_only);
                if ring.simple {
                    self.sown_candidates::<REV, true>(state, (ring, choice), read, out, &mut stats)
                } else {
                    self.sown_candidates::<REV, false>(state, (ring, choice), read, out, &mut stats)
                }
            } else {
                let mut n = start;
                for &h in &choice.holes[me] {
                    let fits = self.fits_read(state, (me, choice, h, REV), (min, max, counts_only));
                    out.moves[n] = Move::Sow(h);
                    n += usize::from(fits);
                }
                out.len = n;
                n > start
            };
            if fitted {
                break;
            }
        }
        stats
    }

    /// The holes of `choice` that fit it and whose sowings end, on a ring that is
    /// [`Ring::simple`] (`SIMPLE`) or not; whether any fitted.
    ///
    /// In passes over bit masks of the description's holes, as careful hand-written code
    /// does: those whose counts fit, four holes at a time ([`holding`]); of those, the ones
    /// that fit the rest of the description; then each one's sowing, on a simple ring read off
    /// the board where its first lap settles it, else sown on a copy. No branch is taken per
    /// hole that does not fit: seed counts make such branches unpredictable.
    #[inline(always)]
    fn sown_candidates<const REV: bool, const SIMPLE: bool>(
        &self,
        state: &State,
        (ring, choice): (&Ring, &Choice),
        (min, max, counts_only): (u16, u16, bool),
        out: &mut MoveList,
        stats: &mut MoveStats,
    ) -> bool {
        let me = state.to_move;
        let slots = &state.counts[ring.base..ring.base + ring.len];
        let holes = &choice.holes[me];
        let mut fit = holding(&state.counts, holes, (min, max));
        let words = holes.len().div_ceil(64);
        if !counts_only {
            for (word, fit) in fit.iter_mut().enumerate().take(words) {
                let mut counted = *fit;
                while counted != 0 {
                    let bit = counted.trailing_zeros() as usize;
                    counted &= counted - 1;
                    let fits = self.fits_beyond_counts(state, me, choice, holes[word * 64 + bit], REV);
                    *fit &= !(u64::from(!fits) << bit);
                }
            }
        }
        for (word, mut fit) in fit.into_iter().enumerate().take(words) {
            while fit != 0 {
                let h = holes[word * 64 + fit.trailing_zeros() as usize];
                fit &= fit - 1;
                let ends = if SIMPLE {
                    let at = ring.pos(h);
                    ring.first_lap_ends::<REV>(slots, at)
                        || ring.later_laps_end::<REV>(&state.counts, (&state.marks, slots[at]), at)
                } else {
                    Self::laps_end::<REV>(state, ring, h)
                };
                if ends {
                    out.push(Move::Sow(h));
                } else {
                    stats.endless += 1;
                }
            }
        }
        fit.iter().any(|&word| word != 0)
    }

    /// The sowings of a mover who chooses their direction for good with this one: each hole
    /// in board order, the circuit's own direction first.
    #[cold]
    fn sow_moves_choosing_direction(&self, state: &State, sow: &SowRules, out: &mut MoveList) -> MoveStats {
        let me = state.to_move;
        let mut stats = MoveStats::default();
        let ring = &sow.rings[me];
        let directions = [self.direction, self.direction.other()];
        let choices = directions.map(|d| self.fitting(state, sow, me, d != self.direction));
        for &h in &self.territory[me] {
            for (&d, choice) in directions.iter().zip(&choices) {
                let rev = d != self.direction;
                let Some(choice) = choice else { continue };
                if !choice.holes[me].contains(&h) || !self.fits(state, me, choice, h, rev) {
                    continue;
                }
                let ends = if rev {
                    self.candidate_ends::<true>(state, ring, h)
                } else {
                    self.candidate_ends::<false>(state, ring, h)
                };
                if ends {
                    out.push(Move::SowDirection(h, d));
                } else {
                    stats.endless += 1;
                }
            }
        }
        stats
    }

    /// The holes that fit the choice description in force, before endless sowings are
    /// refused: the candidates from which [`Rules::try_play`] may draw. Returns `false`
    /// (with `out` empty) when the turn is not such a choice — a pick, a choice at the end
    /// of a lap, a special turn of an opening, a turn where passing is on offer too, or a
    /// sowing whose direction is chosen with it — and [`Rules::legal_moves`] must be used
    /// instead.
    pub fn candidates(&self, state: &State, out: &mut MoveList) -> bool {
        out.clear();
        if state.outcome.is_some() || state.phase != Phase::Sow {
            return false;
        }
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let Some(rev) = self.sowing_reversed(state, sow, me) else { return false };
        // A pass on offer beside the sowings is not a candidate sowing, nor a turned lap; where
        // holes belong by colour, `engine::colour` makes the lists.
        if self.flags.interpreted || self.model.end.pass_loses || self.extra_moves_now(state, sow) {
            return false;
        }
        let counts = &state.counts;
        for choice in &sow.choices {
            let (min, max) = (choice.rule.min, choice.rule.max);
            let simple = choice.counts_only;
            let moves = &mut out.moves;
            let mut n = 0;
            if simple {
                // Branch-free, with the length in a register: seed counts make the tests
                // unpredictable, and this runs once per turn over every own hole.
                for &h in &choice.holes[me] {
                    let c = counts[h.index()];
                    moves[n] = Move::Sow(h);
                    n += usize::from((c >= min) & (c <= max));
                }
            } else {
                n = self.fitting_candidates(state, (me, choice, rev), out);
            }
            out.len = n;
            if n > 0 {
                return true;
            }
        }
        true
    }

    /// [`Rules::candidates`] of a description that asks more than seed counts: its fitting
    /// holes put in `out` (its length left alone), and how many. Apart, so that the loop of
    /// counts alone stays a loop of its own.
    #[inline(never)]
    fn fitting_candidates(
        &self,
        state: &State,
        (me, choice, rev): (Player, &Choice, bool),
        out: &mut MoveList,
    ) -> usize {
        let (min, max) = (choice.rule.min, choice.rule.max);
        let mut n = 0;
        for &h in &choice.holes[me] {
            out.moves[n] = Move::Sow(h);
            let c = state.counts[h.index()];
            n += usize::from(c >= min && c <= max && self.fits_beyond_counts(state, me, choice, h, rev));
        }
        n
    }

    /// Index of the choice description in force (the first that fits some hole), for the
    /// player to move sowing in their current direction.
    pub(crate) fn choice_in_force(&self, state: &State) -> Option<usize> {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
        let rev = self.sowing_reversed(state, sow, me).unwrap_or(false);
        sow.choices.iter().position(|c| c.holes[me].iter().any(|&h| self.fits(state, me, c, h, rev)))
    }

    /// The choice descriptions of the player to move's current phase (empty if its turns
    /// are not sowings).
    pub(crate) fn choices_now(&self, state: &State) -> &[Choice] {
        match &self.phase_rules(state, state.to_move).turn {
            TurnKind::Sow(sow) => &sow.choices,
            _ => &[],
        }
    }

    fn pick_moves(&self, state: &State, pick: Pick, out: &mut MoveList) {
        let me = state.to_move;
        let follow_up = &self.model.captures[pick.capture as usize].follow_ups[pick.step as usize];
        let region = self.opponents_region(me, follow_up.region());
        // The seeds a hole of the region offers: where holes belong by colour, only a hole
        // holding an opponent's seeds offers any (the board read with the others emptied).
        let masked;
        let counts = if self.colours {
            let mut only = state.counts;
            for &h in &self.slot_of {
                if !self.held_by_opponent(state, h, me) {
                    only[h.index()] = 0;
                }
            }
            masked = only;
            &masked
        } else {
            &state.counts
        };
        let except = follow_up.except();
        let lower = pick.lower as usize;
        let remaining = u32::from(pick.remaining);
        match *follow_up {
            FollowUp::Strip { optional: true, .. } | FollowUp::ExtraHoles { optional: true, .. } => {
                // Any pick (the mover may stop whenever they like), then `stop`.
                for &h in &region[lower..] {
                    if counts[h.index()] > 0 && except.is_none_or(|m| !state.is_marked(m, h)) {
                        out.push(Move::Pick(h));
                    }
                }
                out.push(Move::Stop);
            }
            FollowUp::Strip { optional: false, .. } | FollowUp::ExtraHoles { optional: false, .. } => {
                // A pick is offered only if the picks still owed can be completed from it:
                // the seeds (or occupied holes) from this hole on must cover them. Listed
                // without a branch per hole (seed counts make it unpredictable), from the last.
                let start = out.len();
                let holes = &region[lower..];
                let mut n = start;
                let mut offer = |h: Hole, here: u32, suffix: u32| {
                    out.moves[n] = Move::Pick(h);
                    n += usize::from((here > 0) & (suffix >= remaining));
                };
                let mut suffix = 0u32;
                match (follow_up, except) {
                    (FollowUp::Strip { .. }, _) => {
                        for &h in holes.iter().rev() {
                            let here = u32::from(counts[h.index()]);
                            suffix += here;
                            offer(h, here, suffix);
                        }
                    }
                    (_, None) => {
                        for &h in holes.iter().rev() {
                            let here = u32::from(counts[h.index()] > 0);
                            suffix += here;
                            offer(h, here, suffix);
                        }
                    }
                    (_, Some(mark)) => {
                        for &h in holes.iter().rev() {
                            let here = u32::from(counts[h.index()] > 0 && !state.is_marked(mark, h));
                            suffix += here;
                            offer(h, here, suffix);
                        }
                    }
                }
                out.len = n;
                out.as_mut_slice()[start..].reverse();
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn lap_choice_moves(&self, state: &State, choice: LapChoice, out: &mut MoveList) {
        if choice.through {
            self.path_choice_moves(state, choice, out);
            return;
        }
        if self.stepwise {
            return self.step_choice_moves(state, choice, out);
        }
        if choice.turn {
            // Which way the next lap goes: the usual way, or turned.
            if self.relay_ends(state, choice) {
                out.push(Move::Relay);
            }
            let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return };
            if let Some((d, rev)) = self.turn_at(state, sow, choice.at, choice.origin, false, choice.hand)
                && self.turn_ends_from(
                    state,
                    (choice.at, choice.origin, choice.hand),
                    (rev, true),
                    choice.relays + 1,
                    0,
                )
            {
                out.push(Move::SowDirection(choice.at, d));
            }
            if state.turn_bits & TURN_LEAVE != 0 {
                // The captured seeds left where they are: another hole's lap turned instead.
                for (h, d, rev) in self.leave_options(state, sow, choice.at, choice.origin) {
                    if self.turn_ends_from(state, (h, choice.origin, 0), (rev, true), choice.relays + 1, 0) {
                        out.push(Move::SowDirection(h, d));
                    }
                }
            }
            return;
        }
        out.push(Move::Stop);
        if choice.relays < MAX_RELAY_CHOICES && self.relay_ends(state, choice) {
            out.push(Move::Relay);
        }
    }

    /// Whether relaying from a paused sowing would end (or reach another choice) rather
    /// than sow forever.
    fn relay_ends(&self, state: &State, choice: LapChoice) -> bool {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let rev = self.turn_reversed(state, sow, me);
        let ring = &sow.rings[me];
        if ring.capture_sows || choice.hand > 0 {
            let from = (choice.at, choice.origin, choice.hand);
            return self.turn_ends_from(state, from, (rev, false), choice.relays + 1, 0);
        }
        let pos = ring.pos(choice.at);
        let lap = (&state.marks, choice.origin);
        if rev {
            ring.ends::<true>(&state.counts, lap, pos)
        } else {
            ring.ends::<false>(&state.counts, lap, pos)
        }
    }
}

/// The holes of `holes` (bit `i % 64` of word `i / 64` for the `i`th) that hold from `min` to
/// `max` seeds, read four holes at a time: each count is below 2^15 (at most
/// [`MAX_SEEDS`](crate::model::MAX_SEEDS) seeds), so a 16-bit lane's top bit tells each
/// comparison, without a branch or a carry into the next lane.
#[inline(always)]
fn holding(counts: &[u16; crate::model::MAX_SLOTS], holes: &[Hole], (min, max): (u16, u16)) -> [u64; 3] {
    const _: () = assert!(crate::model::MAX_SEEDS < 1 << 15 && crate::model::MAX_SLOTS <= 3 * 64);
    const LANES: u64 = 0x0001_0001_0001_0001;
    const TOPS: u64 = 0x8000_8000_8000_8000;
    // The four top bits (at bits 0, 16, 32 and 48 once shifted) gathered into bits 48 to 51.
    const GATHER: u64 = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3);
    let at_least = (0x8000 - u64::from(min.min(0x8000))) * LANES;
    let at_most = (0x8000 + u64::from(max.min(0x7fff))) * LANES;
    let mut holding = [0u64; 3];
    let (quads, rest) = holes.as_chunks::<4>();
    for (k, quad) in quads.iter().enumerate() {
        let x = quad.iter().rev().fold(0u64, |x, h| (x << 16) | u64::from(counts[h.index()]));
        let fits = (x + at_least) & (at_most - x) & TOPS;
        holding[k / 16] |= (((fits >> 15).wrapping_mul(GATHER) >> 48) & 0xf) << (k % 16 * 4);
    }
    for (i, h) in rest.iter().enumerate() {
        let c = counts[h.index()];
        let k = quads.len() * 4 + i;
        holding[k / 64] |= u64::from((c >= min) & (c <= max)) << (k % 64);
    }
    holding
}

#[cfg(test)]
mod tests {
    use super::{Hole, holding};
    use crate::model::MAX_SLOTS;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn holding_marks_the_holes_whose_counts_fit(
            counts in prop::collection::vec(0u16..=20_000, MAX_SLOTS),
            slots in prop::collection::vec(0..MAX_SLOTS, 0..=160),
            min in prop_oneof![0u16..=20, Just(u16::MAX)],
            max in prop_oneof![0u16..=20, Just(20_000u16), Just(u16::MAX)],
        ) {
            let counts: [u16; MAX_SLOTS] = counts.try_into().expect("MAX_SLOTS counts");
            let holes: Vec<Hole> = slots.iter().map(|&s| Hole(s as u8)).collect();
            let mask = holding(&counts, &holes, (min, max));
            for (i, h) in holes.iter().enumerate() {
                let c = counts[h.index()];
                prop_assert_eq!(mask[i / 64] >> (i % 64) & 1 == 1, c >= min && c <= max, "hole {}", i);
            }
            for i in holes.len()..3 * 64 {
                prop_assert_eq!(mask[i / 64] >> (i % 64) & 1, 0, "bit {} past the holes", i);
            }
        }
    }
}
