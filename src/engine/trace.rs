//! A sowing lap by lap, seed by seed: what a front end needs to show a sowing as it
//! happens. Slow and allocating, so never used by play or search.

use super::rules::*;
use super::sowing::LapContext;
use super::state::*;

/// One lap of a sowing: the hole its seeds were lifted from and the holes they fell in, in
/// order (a hand longer than the circuit goes round more than once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SownLap {
    /// The hole emptied into the hand: the chosen hole for the first lap, then the hole a
    /// relay lifts.
    pub from: Hole,
    /// Where each seed fell, in order; the last is where the lap ended.
    pub drops: Vec<Hole>,
}

/// A bound on the laps traced, far beyond any sowing that ends (an endless one is illegal).
const MAX_LAPS: usize = 10_000;

impl Rules {
    /// The laps that sowing decision `mv` makes from `state`, before any capture (where the
    /// rules are played lap by lap, with the laps of captured seeds sown on). Empty for a
    /// decision that sows nothing (a pick, a stop, a pass) or that is not legal there.
    pub fn sowing_laps(&self, state: &State, mv: Move) -> Vec<SownLap> {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return Vec::new() };
        if self.stepwise {
            return self.step_laps(state, mv);
        }
        if let (Move::SowDirection(h, d), Phase::LapChoice(choice)) = (mv, state.phase) {
            return self.turned_laps(state, sow, h, d != self.direction, choice);
        }
        let (from, reversed, origin) = match (mv, state.phase) {
            (Move::Sow(h), Phase::Sow) => (h, self.sowing_reversed(state, sow, me), state.count(h)),
            (Move::SowDirection(h, d), Phase::Sow) => (h, Some(d != self.direction), state.count(h)),
            (Move::Relay, Phase::LapChoice(c)) => (c.at, Some(self.turn_reversed(state, sow, me)), c.origin),
            _ => return Vec::new(),
        };
        let ring = &sow.rings[me];
        let hand = match (mv, state.phase) {
            (Move::Relay, Phase::LapChoice(c)) if c.hand > 0 => u32::from(c.hand),
            _ => u32::from(state.count(from)),
        };
        if hand == 0 || self.owner(from) != me || self.is_store(from) || !ring.on_ring(from) {
            return Vec::new();
        }
        if let (Some(first), Phase::Sow) = (sow.first_hole, state.phase) {
            // A first lap with seeds by rule into its first hole: as it is sown.
            return vec![self.weighted_trace(state, sow, from, reversed.unwrap_or(false), first)];
        }
        let hole = |pos: usize| Hole(ring.slot(pos) as u8);
        let mut counts = state.counts;
        // A turn's first lap may lift only some seeds, and drop the first back into the hole
        // (sown as from the hole before it).
        let first = matches!(mv, Move::Sow(_) | Move::SowDirection(..)) && !sow.first_lap.is_plain();
        let hand = if first { sow.first_lap.lift.map_or(hand, |n| u32::from(n).min(hand)) } else { hand };
        counts[from.index()] -= hand as u16;
        let ctx = LapContext { marks: &state.marks, origin, reached: false };
        let at =
            match (first && sow.first_lap.starts_in(state.counts[from.index()]), reversed.unwrap_or(false)) {
                (false, _) => ring.pos(from),
                (true, false) => ring.back::<false>(ring.pos(from)),
                (true, true) => ring.back::<true>(ring.pos(from)),
            };
        let relays = match state.phase {
            Phase::LapChoice(c) => c.relays + 1,
            _ => 0,
        };
        let pauses = |counts: &[u16; MAX_SLOTS], pos: usize| {
            self.pauses_at(state, counts, (hole(pos), origin), relays)
        };
        let laps = if reversed.unwrap_or(false) {
            ring.trace::<true>(&mut counts, &ctx, (at, hand), MAX_LAPS, &pauses)
        } else {
            ring.trace::<false>(&mut counts, &ctx, (at, hand), MAX_LAPS, &pauses)
        };
        let lifted = |pos: usize, i: usize| if i == 0 && first { from } else { hole(pos) };
        laps.into_iter()
            .enumerate()
            .map(|(i, (at, drops))| SownLap {
                from: lifted(at, i),
                drops: drops.into_iter().map(hole).collect(),
            })
            .collect()
    }

    /// The laps of a paused sowing turned from hole `h` (`rev`: against the circuit's stored
    /// order): the turned lap, then the relay laps that follow it the way the sowing goes on,
    /// up to a capture or the next pause, as [`Rules::apply`] plays them.
    fn turned_laps(
        &self,
        state: &State,
        sow: &SowRules,
        h: Hole,
        rev: bool,
        choice: LapChoice,
    ) -> Vec<SownLap> {
        let me = state.to_move;
        let ring = &sow.rings[me];
        let held = choice.hand_at(h);
        let hand = if held > 0 { u32::from(held) } else { u32::from(state.count(h)) };
        if hand == 0 || self.owner(h) != me || self.is_store(h) || !ring.on_ring(h) {
            return Vec::new();
        }
        let hole = |pos: usize| Hole(ring.slot(pos) as u8);
        let ctx = LapContext { marks: &state.marks, origin: choice.origin, reached: false };
        // The turned lap's drops, then the lap as the engine sows it, for what follows it.
        let mut counts = state.counts;
        counts[h.index()] -= hand as u16;
        let never = |_: &[u16; MAX_SLOTS], _: usize| false;
        let first = if rev {
            ring.trace::<true>(&mut counts, &ctx, (ring.pos(h), hand), 1, &never)
        } else {
            ring.trace::<false>(&mut counts, &ctx, (ring.pos(h), hand), 1, &never)
        };
        let mut laps: Vec<SownLap> = first
            .into_iter()
            .map(|(_, drops)| SownLap { from: h, drops: drops.into_iter().map(hole).collect() })
            .collect();
        let mut s = state.clone();
        let end = self.turned_lap(&mut s, sow, h, choice.origin, rev, held);
        if !matches!(end.action, LapAction::Relay | LapAction::RelayBack | LapAction::RelayNext) {
            return laps;
        }
        let Some(from) = self.relay_hole(&s, &end, rev) else { return laps };
        if self.pause_to_turn(&mut s, from, (choice.origin, choice.relays + 1), false, 0) {
            return laps;
        }
        let on = self.going_on(&s, rev);
        let mut counts = s.counts;
        let hand = u32::from(counts[from.index()]);
        counts[from.index()] = 0;
        let ctx = LapContext { marks: &s.marks, origin: choice.origin, reached: false };
        let relays = choice.relays + 1;
        let pauses = |counts: &[u16; MAX_SLOTS], pos: usize| {
            self.pauses_at(&s, counts, (hole(pos), choice.origin), relays)
        };
        let rest = if on {
            ring.trace::<true>(&mut counts, &ctx, (ring.pos(from), hand), MAX_LAPS, &pauses)
        } else {
            ring.trace::<false>(&mut counts, &ctx, (ring.pos(from), hand), MAX_LAPS, &pauses)
        };
        laps.extend(
            rest.into_iter()
                .map(|(at, drops)| SownLap { from: hole(at), drops: drops.into_iter().map(hole).collect() }),
        );
        laps
    }

    /// Whether a sowing from `state` that has come to `counts` pauses for the mover before
    /// relaying from hole `at` (the sowing's first hole held `origin`), as play does.
    fn pauses_at(
        &self,
        state: &State,
        counts: &[u16; MAX_SLOTS],
        (at, origin): (Hole, u16),
        relays: u16,
    ) -> bool {
        let mut s = state.clone();
        s.counts = *counts;
        self.pause_to_turn(&mut s, at, (origin, relays), false, 0)
    }

    /// The first lap of a sowing from `from` going `rev` with `first` seeds into its first
    /// hole: one drop for each seed. The laps after it (a relay from where it ends) are not
    /// traced.
    fn weighted_trace(&self, state: &State, sow: &SowRules, from: Hole, rev: bool, first: u16) -> SownLap {
        let mut s = state.clone();
        let end = self.weighted_lap(&mut s, sow, from, state.count(from), first, rev);
        let ring = &sow.rings[state.to_move];
        let mut drops = Vec::new();
        let mut at = ring.pos(from);
        let mut left = u32::from(state.count(from));
        while left > 0 {
            at = if rev { ring.step::<true>(at) } else { ring.step::<false>(at) };
            if self.skip_origin && at == ring.pos(from) {
                at = if rev { ring.step::<true>(at) } else { ring.step::<false>(at) };
            }
            let n = if drops.is_empty() { u32::from(first).min(left) } else { 1 };
            drops.extend(std::iter::repeat_n(Hole(ring.slot(at) as u8), n as usize));
            left -= n;
        }
        debug_assert_eq!(drops.last(), Some(&end.last));
        SownLap { from, drops }
    }
}
