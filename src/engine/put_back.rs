//! Where a capture's seeds go back onto the board: the hole a description names (the
//! landing hole, the first of the occupied holes before it, the lap's origin, the own hole
//! behind, a hole by its row and column), the seeds put there to stay or sown on from there,
//! with the hole's lone seed or the landing hole's last seed where the rules say so.

use super::play::Log;
use super::rules::*;
use super::sowing::SowEnd;
use super::state::*;

impl Rules {
    /// Whether captured seeds sown on this way are a lap that may be turned: where the phase
    /// has turning lines, a lap of its own from the hole they are put into (the whole hole,
    /// or the taken seeds alone, with a lone seed of the hole where the rules say so).
    pub(super) fn resow_may_turn(sow: &SowRules, resow: Resow) -> bool {
        // Seeds sown on the way the capturing lap went go that way, not the mover's (blind
        // test 30, fault 1).
        !sow.turnings.is_empty() && resow.goes_on() && !resow.itself && !resow.with_last && !resow.keep_way
    }

    /// Put a capture's `taken` seeds into the hole `resow` names (`chosen`, where the mover
    /// chose it), to be sown on as a lap that may be turned (see [`Rules::resow_may_turn`]):
    /// the hole, and the seeds that lap lifts from it (0: the whole hole), as
    /// [`Rules::sow_taken`] counts them.
    #[cold]
    pub(super) fn put_to_resow(
        &self,
        state: &mut State,
        sow: &SowRules,
        (resow, chosen): (Resow, Option<Hole>),
        taken: u16,
        end: &SowEnd,
    ) -> (Hole, u16) {
        let into = chosen.unwrap_or_else(|| self.resow_hole(state, sow, resow, end));
        let single = u16::from(resow.single && state.counts[into.index()] == 1);
        self.put(state, into, taken);
        let whole = resow.whole || (resow.whole_if_one && taken == 1);
        (into, if whole { 0 } else { taken + single })
    }

    /// The hole a capture's taken seeds are put into, for a lap that ended at `end`: the first
    /// named, where the mover may choose (the general interpreter asks them, `put_options`).
    pub(super) fn resow_hole(&self, state: &State, sow: &SowRules, resow: Resow, end: &SowEnd) -> Hole {
        self.named_hole(state, sow, resow.into.first(), end)
    }

    /// The holes a capture's taken seeds may be put into, for a lap that ended at `end`: those
    /// `into` names, each once, in board order (more than one: the mover chooses).
    pub(super) fn put_options(
        &self,
        state: &State,
        sow: &SowRules,
        into: IntoHoles,
        end: &SowEnd,
    ) -> Vec<Hole> {
        let mut holes: Vec<Hole> =
            into.as_slice().iter().map(|&i| self.named_hole(state, sow, i, end)).collect();
        holes.sort_by_key(|h| self.board_of[h.index()]);
        holes.dedup();
        holes
    }

    /// The first hole of the run of occupied holes that ends at `last`, searching back along
    /// the mover's circuit against the turn's usual way to the nearest empty hole: the hole
    /// after it; `last` itself where the hole before it is empty or no hole is.
    #[cold]
    fn occupied_run_start(&self, state: &State, sow: &SowRules, last: Hole) -> Hole {
        let me = state.to_move;
        let rev = self.sowing_reversed(state, sow, me).unwrap_or(false);
        let mut h = last;
        for _ in 0..MAX_SLOTS {
            let back = self.step_hole(me, h, !rev);
            if back == last {
                return last;
            }
            if state.counts[back.index()] == 0 {
                return h;
            }
            h = back;
        }
        last
    }

    /// The hole `into` names for the mover, for a lap that ended at `end`.
    fn named_hole(&self, state: &State, sow: &SowRules, into: SowInto, end: &SowEnd) -> Hole {
        let me = state.to_move;
        match into {
            SowInto::Landing => end.last,
            SowInto::RunStart => self.occupied_run_start(state, sow, end.last),
            SowInto::Origin => Hole(sow.rings[me].slot(usize::from(end.lap_at)) as u8),
            // Where the mover has no hole of the row in that column (a middle row shared in
            // halves), the landing hole.
            SowInto::Behind(role) => self.in_column(me, usize::from(role), end.last).unwrap_or(end.last),
            SowInto::Hole { role, column } => {
                self.hole_counted(me, role, column).unwrap_or_else(|| self.hole_from_owners_left(me, role, 0))
            }
            // Sown by `engine::stepwise`, which alone plays rules with row ends.
            SowInto::RowEnd { .. } => end.last,
        }
    }

    /// Put a capture's `taken` seeds into the hole `into` names (`chosen`, where the mover
    /// chose it), where they stay (`put the taken seeds into the rightmost outer hole`).
    #[cold]
    pub(super) fn put_taken(
        &self,
        state: &mut State,
        into: IntoHoles,
        chosen: Option<Hole>,
        taken: u16,
        end: &SowEnd,
    ) {
        self.count_put_back(state, taken);
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return };
        let h = chosen.unwrap_or_else(|| self.named_hole(state, sow, into.first(), end));
        self.put(state, h, taken);
    }

    /// Put the `taken` seeds of a capture into the hole `resow` names and sow them on. With
    /// one lap, the lap is sown here and `None` returned; otherwise the sowing that goes on
    /// under the lap rules, or `None` if it would never end.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sow_taken<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        resow: Resow,
        taken: u16,
        end: &SowEnd,
        (origin, rev): (u16, bool),
        log: &mut L,
    ) -> Option<SowEnd> {
        let ring = &sow.rings[state.to_move];
        let into = self.resow_hole(state, sow, resow, end);
        // A lone seed of the hole goes with the taken seeds where the rules say so.
        let single = u16::from(resow.single && state.counts[into.index()] == 1);
        self.put(state, into, taken);
        // A lone taken seed may take the whole hole with it where the rules say so.
        let whole = resow.whole || (resow.whole_if_one && taken == 1);
        let mut hand = if whole { state.counts[into.index()] } else { taken + single };
        state.counts[into.index()] -= hand;
        let mut lift = 0u64.wrapping_sub(self.keys[into.index()].wrapping_mul(u64::from(hand)));
        if resow.with_last && !whole && state.counts[end.last.index()] > 0 {
            state.counts[end.last.index()] -= 1;
            lift = lift.wrapping_sub(self.keys[end.last.index()]);
            hand += 1;
        }
        // Sowing starting with the hole itself is sowing from the hole before it.
        let at = match (resow.itself, rev) {
            (false, _) => ring.pos(into),
            (true, false) => ring.back::<false>(ring.pos(into)),
            (true, true) => ring.back::<true>(ring.pos(into)),
        };
        if resow.goes_on() {
            let from = Hole(ring.slot(at) as u8);
            return self.continue_sowing(state, sow, from, u32::from(hand), lift, (origin, end.reached), rev);
        }
        let mut hash = lift;
        let last = if rev {
            ring.resow::<true>(&mut state.counts, at, u32::from(hand), &mut hash)
        } else {
            ring.resow::<false>(&mut state.counts, at, u32::from(hand), &mut hash)
        };
        log.resown(u32::from(hand), Hole(ring.slot(last) as u8));
        state.hash = state.hash.wrapping_add(hash);
        if self.shared_circuit {
            self.recount_territories(state);
        }
        None
    }
}
