//! Whether a turn's whole sowing ends: the legality check of a sowing on a copy of the
//! position, its captures' seeds sown on included, following every way a pause to turn a lap
//! may go (to a bounded depth). A sowing that never ends is no legal decision.

use super::play::MAX_RELAY_CHOICES;
use super::rules::*;
use super::sowing::SowEnd;
use super::state::*;

/// How many pauses to turn a lap deep the legality check of a sowing looks (beyond, a pause
/// counts as an end of the sowing: the mover decides there).
const MAX_TURN_DEPTH: u8 = 8;

/// Where the sowing checked by [`Rules::turn_ends_on`] goes after a capture or a relay.
enum Onward {
    /// It ends (`true`), or never does (`false`).
    Settled(bool),
    /// The captured seeds were sown on as a lap of their own, ending here.
    Resown(SowEnd),
    /// The next lap lifts `hand` seeds (0: the whole hole) of `from`; with `leave`, a turned
    /// lap's captured seeds may be left there.
    Lift { from: Hole, hand: u16, leave: bool },
}

impl Rules {
    /// Whether the whole sowing of the seeds of hole `h` (lifted by the player to move, for a
    /// sowing whose first hole held `origin`, going `rev`) ends, its captures' seeds sown on
    /// included: the legality check of rings where a capture's seeds are sown on as a lap of
    /// their own, or laps may be turned, played out on a copy of the position. `relays` is
    /// the relay decisions made this turn before this sowing.
    #[inline(always)]
    pub(super) fn turn_ends(&self, state: &State, h: Hole, origin: u16, rev: bool, relays: u16) -> bool {
        self.turn_ends_from(state, (h, origin, 0), (rev, false), relays, 0)
    }

    /// [`Rules::turn_ends`] for a sowing whose first lap may be `turned` (one lap `rev`, then
    /// the usual way) and may lift only `hand` seeds of `h` (0: the whole hole). Every
    /// capture that sows on takes seeds from the opponent, so only the stretches between
    /// captures can go on for ever, and the sowing checks those. Where the sowing reaches a
    /// pause that lets the mover turn the next lap, it ends if some way on from there ends,
    /// looked at `depth` pauses deep at most (deeper, a pause counts as an end).
    ///
    /// Inlined, with [`Rules::turn_ends`], into the move lists that ask it, where its tuples
    /// are constants: left to the compiler, both were once called instead, at 7% more
    /// instructions on a four-row game whose captures sow on (Hus; callgrind).
    #[inline(always)]
    pub(super) fn turn_ends_from(
        &self,
        state: &State,
        (h, origin, hand): (Hole, u16, u16),
        (rev, turned): (bool, bool),
        relays: u16,
        depth: u8,
    ) -> bool {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return false };
        let mut s = state.clone();
        // `relays` is 0 only for a turn's first lap.
        if turned && relays == 0 {
            s.turn_bits |= TURN_FIRST_TURNED;
        }
        let end = match sow.first_hole {
            Some(first) if relays == 0 => self.weighted_lap(&mut s, sow, h, origin, first, rev),
            _ if turned => self.turned_lap(&mut s, sow, h, origin, rev, hand),
            _ if relays == 0 && !sow.first_lap.is_plain() => match self.first_lap_sowing(&mut s, sow, h, rev)
            {
                Some(end) => end,
                None => return false,
            },
            _ => match self.lift_some_and_sow(&mut s, h, hand, (origin, false), rev) {
                Some(end) => end,
                None => return false,
            },
        };
        self.turn_ends_on(s, end, rev, (origin, relays), depth)
    }

    /// A pause to turn the next lap at `at` in the sowing checked by [`Rules::turn_ends_from`]:
    /// some way on from there must end (with `leave`, also the laps that leave a turned lap's
    /// captured seeds there). The next lap lifts `hand` seeds of `at` (0: the whole hole).
    pub(super) fn pause_ends(
        &self,
        s: &State,
        (at, hand): (Hole, u16),
        leave: bool,
        (origin, relays): (u16, u16),
        depth: u8,
    ) -> bool {
        if depth >= MAX_TURN_DEPTH {
            return true;
        }
        let me = s.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(s, me).turn else { return false };
        let usual = self.turn_reversed(s, sow, me);
        self.turn_ends_from(s, (at, origin, hand), (usual, false), relays + 1, depth + 1)
            || self.turn_at(s, sow, at, origin, false, hand).is_some_and(|(_, turn)| {
                self.turn_ends_from(s, (at, origin, hand), (turn, true), relays + 1, depth + 1)
            })
            || (leave
                && (self.leave_options(s, sow, at, origin).into_iter()).any(|(other, _, turn)| {
                    self.turn_ends_from(s, (other, origin, 0), (turn, true), relays + 1, depth + 1)
                }))
    }

    /// The rest of the sowing checked by [`Rules::turn_ends_from`], on the copy `s` of the
    /// position, after a part that ended at `end` going `rev`.
    pub(super) fn turn_ends_on(
        &self,
        mut s: State,
        mut end: SowEnd,
        mut rev: bool,
        (origin, relays): (u16, u16),
        depth: u8,
    ) -> bool {
        let me = s.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(&s, me).turn else { return false };
        // Brent's cycle detection on the position where a lap goes on the usual way from a
        // hole it could have been turned from: a relay that keeps passing such holes could
        // otherwise go on for ever, a few laps at a time.
        let mut saved: Option<(Hole, u16, bool, [u16; MAX_SLOTS])> = None;
        let (mut power, mut steps) = (1u32, 0u32);
        // Captured seeds sown on may take the mover's own seeds again (a capture of the
        // landing hole sown on starting with it): the stretch through such captures can go
        // round for ever too, and is bounded by the lap limit and checked for cycles on what
        // the rest of the sowing depends on.
        let mut resown = super::cycle::Brent::new();
        loop {
            let on = self.going_on(&s, rev);
            let onward = match end.action {
                LapAction::Capture(c) => {
                    let on = self.going_on_after(&s, c, rev);
                    self.capture_goes_on(&mut s, sow, (c, &end), (rev, on), (origin, relays), depth)
                }
                // Only where laps may be turned or the end is read between laps.
                // (`relay, turning back` is played lap by lap, never here.)
                LapAction::Relay | LapAction::RelayNext => self.relay_goes_on(&s, &end, rev),
                _ => return true,
            };
            // The next lap lifts `hand` seeds of `from` (0: the whole hole).
            let (from, hand, leave) = match onward {
                Onward::Settled(ends) => return ends,
                Onward::Resown(next) => {
                    let laps = end.laps + next.laps;
                    if laps > sow.rings[me].max_laps
                        || resown.repeats((
                            (next.last, next.action, next.reached, on),
                            (s.counts, s.hand, s.marks, s.turn_bits),
                        ))
                    {
                        return false;
                    }
                    (end, rev) = (SowEnd { laps, ..next }, on);
                    continue;
                }
                Onward::Lift { from, hand, leave } => (from, hand, leave),
            };
            if relays < MAX_RELAY_CHOICES
                && (self.turn_at(&s, sow, from, origin, false, hand).is_some()
                    || (leave && !self.leave_options(&s, sow, from, origin).is_empty()))
            {
                return self.pause_ends(&s, (from, hand), leave, (origin, relays), depth);
            }
            if saved.as_ref().is_some_and(|(at, held, reached, counts)| {
                *at == from && *held == hand && *reached == end.reached && *counts == s.counts
            }) {
                return false;
            }
            if saved.is_none() || steps == power {
                saved = Some((from, hand, end.reached, s.counts));
                power = power.saturating_mul(2);
                steps = 0;
            }
            steps += 1;
            let laps = end.laps;
            match self.lift_some_and_sow(&mut s, from, hand, (origin, end.reached), on) {
                Some(next) if laps + next.laps <= sow.rings[me].max_laps => {
                    (end, rev) = (SowEnd { laps: laps + next.laps, ..next }, on);
                }
                _ => return false,
            }
        }
    }

    /// A relay where a part of the sowing checked by [`Rules::turn_ends_on`] ended at `end`
    /// going `rev`: the hole the next lap lifts, unless the sowing ends there.
    #[inline(always)]
    fn relay_goes_on(&self, s: &State, end: &SowEnd, rev: bool) -> Onward {
        match self.relay_hole(s, end, rev) {
            Some(_)
                if self.model.end.one_hole_every_lap
                    && self.mover_in_one_hole(s)
                    && self.end_in_force(s, crate::model::EndKind::OneHole) =>
            {
                Onward::Settled(true)
            }
            Some(from) => Onward::Lift { from, hand: 0, leave: false },
            None => Onward::Settled(true),
        }
    }

    /// A capture `c` where a part of the sowing checked by [`Rules::turn_ends_on`] ended at
    /// `end` going `rev` (the usual way on being `on`), on the copy `s` of the position:
    /// whether that settles it, the lap its seeds were sown on as, or the hole the next lap
    /// lifts.
    #[inline(always)]
    fn capture_goes_on(
        &self,
        s: &mut State,
        sow: &SowRules,
        (c, end): (u8, &SowEnd),
        (rev, on): (bool, bool),
        (origin, relays): (u16, u16),
        depth: u8,
    ) -> Onward {
        let ends_before = if self.turn_record { self.end_hole_counts(s) } else { [0; 2] };
        let (taken, _) = self.take_at(s, c, end, rev, &mut ());
        if taken == 0 {
            return Onward::Settled(true);
        }
        if self.turn_record && self.note_capture(s, ends_before, rev != on) {
            // The capture wins the game: the sowing ends there.
            return Onward::Settled(true);
        }
        let leave = rev != on && sow.leave_turned;
        let destination = self.model.captures[usize::from(c)].destination;
        if self.flags.capture_ends_phase
            && let Destination::Sow(resow) = destination
            && let Some(ends) =
                self.capture_ends_phase_ends(s, resow, taken, end, (origin, relays), (rev, on), depth)
        {
            return Onward::Settled(ends);
        }
        // Where the taken seeds are kept does not change whether the sowing ends.
        let from = match destination {
            Destination::Sow(resow) if Self::resow_may_turn(sow, resow) => {
                let (from, hand) = self.put_to_resow(s, sow, (resow, None), taken, end);
                return Onward::Lift { from, hand, leave };
            }
            Destination::Sow(resow) => {
                let next = self.sow_taken(s, sow, resow, taken, end, (origin, on), &mut ());
                if resow.goes_on() {
                    let Some(next) = next else { return Onward::Settled(false) };
                    return Onward::Resown(next);
                }
                self.relay_after(s, c, end, rev)
            }
            _ => self.relay_after(s, c, end, rev),
        };
        match from {
            Some(from) => Onward::Lift { from, hand: 0, leave },
            None => Onward::Settled(true),
        }
    }
}
