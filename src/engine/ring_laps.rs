//! Sowing laps on a ring: one lap (a run of consecutive slots on a simple ring, slot by
//! slot through the ring's map on any other), a sowing's laps until one stops, captures or
//! pauses, and exact detection of endless relay sowing (Brent's cycle detection on the
//! sowing state, bounded by the lap limit). Also the lap-by-lap trace a front end shows.

use super::rules::*;
use super::sowing::{Endless, LapContext, Ring, SowEnd, is_relay};
#[cfg(doc)]
use crate::model::MAX_SOWING_LAPS;

/// What one lap came to.
enum Lap {
    /// Sow on: `hand` seeds lifted from position `from`.
    Relay { from: usize, hand: u32 },
    /// The sowing ends (or pauses for the mover) with the last seed at `last_at`.
    End { last_at: usize, action: LapAction },
}

/// Laps sown before cycle detection starts: nearly every sowing ends sooner, and starting
/// late cannot miss a cycle (once the sowing state repeats it repeats forever).
pub(crate) const CYCLE_CHECK_AFTER: u32 = 8;

impl Ring {
    /// One lap: `hand` seeds into the positions after `at`, wrapping round; returns the
    /// position of the last one. On a simple ring, a run of consecutive slots; on any other,
    /// by the general lap. With `HASH`, `hash` follows the seeds.
    #[inline(always)]
    fn lap<const HASH: bool, const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        at: usize,
        hand: u32,
        hash: &mut u64,
    ) -> usize {
        if !self.simple {
            let (last, added) = self.lap_general::<REV>(counts, at, hand);
            if HASH {
                *hash = hash.wrapping_add(added);
            }
            return last;
        }
        self.run_lap::<HASH, REV>(counts, at, hand, hash)
    }

    /// [`Ring::lap`] as a run of consecutive slots (a contiguous ring whose lap skips no
    /// position it reaches).
    #[inline(always)]
    fn run_lap<const HASH: bool, const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        at: usize,
        hand: u32,
        hash: &mut u64,
    ) -> usize {
        let len = self.len;
        let (i, full) = sow_run::<REV>(&mut counts[self.base..self.base + len], at, hand as usize);
        let rem = hand as usize - full * len;
        let prefix = &self.key_prefix;
        if HASH && full > 0 {
            *hash = hash.wrapping_add(prefix[len].wrapping_mul(full as u64));
        }
        if HASH && rem > 0 {
            // The positions that got a seed: (at, i] going forwards, [i, at) going back,
            // each possibly wrapping round the end of the circuit.
            let add = if REV {
                if i < at {
                    prefix[at].wrapping_sub(prefix[i])
                } else {
                    prefix[at].wrapping_add(prefix[len].wrapping_sub(prefix[i]))
                }
            } else if i > at {
                prefix[i + 1].wrapping_sub(prefix[at + 1])
            } else {
                prefix[len].wrapping_sub(prefix[at + 1]).wrapping_add(prefix[i + 1])
            };
            *hash = hash.wrapping_add(add);
        }
        i
    }

    /// One lap on a ring that is not simple: through slots read from `map`, skipping the
    /// position `at` the seeds were lifted from where the rules say so. Returns the position
    /// of the last seed and the change of the hash.
    #[inline(never)]
    fn lap_general<const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        at: usize,
        hand: u32,
    ) -> (usize, u64) {
        if self.short_runs && (hand as usize) < self.len {
            // A hand too short to come round to the origin, on a contiguous ring that skips
            // only the origin: a run of consecutive slots.
            let mut hash = 0u64;
            let last = self.run_lap::<true, REV>(counts, at, hand, &mut hash);
            return (last, hash);
        }
        let len = self.len;
        // The origin is one place less where laps skip it (and it is not skipped anyway).
        let origin_out = self.skip_origin && !self.skip_at.get(at).is_some_and(|&s| s);
        let places = self.places - usize::from(origin_out);
        let full = if (hand as usize) < places { 0 } else { hand / places as u32 };
        let rem = hand - full * places as u32;
        let mut hash = 0u64;
        if full > 0 {
            for pos in 0..len {
                if !self.skips(pos, at) {
                    counts[self.slot(pos)] += full as u16;
                }
            }
            let skipped = if origin_out { self.keys[at] } else { 0 };
            hash = self.places_key.wrapping_sub(skipped).wrapping_mul(u64::from(full));
        }
        // Holes skipped by mark: a ring without them (through a store, or skipping only the
        // origin) sows as before, with one test that does not change within the lap.
        let mut i = at;
        if self.skip_at.is_empty() {
            // Fewer seeds than places are left, so they never come round to the origin: no
            // test for it.
            debug_assert!(rem as usize + usize::from(self.skip_origin) < len);
            for _ in 0..rem {
                i = self.step::<REV>(i);
                counts[self.slot(i)] += 1;
                hash = hash.wrapping_add(self.keys[i]);
            }
        } else {
            for _ in 0..rem {
                i = self.step::<REV>(i);
                while self.skips(i, at) {
                    i = self.step::<REV>(i);
                }
                counts[self.slot(i)] += 1;
                hash = hash.wrapping_add(self.keys[i]);
            }
        }
        if rem == 0 {
            // The last seed of the last full lap fell in the last place up to the origin.
            while self.skips(i, at) {
                i = self.back::<REV>(i);
            }
        }
        (i, hash)
    }

    /// Sow `hand` seeds one lap from position `at`, with no relay (seeds a capture puts back
    /// on the mover's side): the position the last seed fell in.
    pub(crate) fn resow<const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        at: usize,
        hand: u32,
        hash: &mut u64,
    ) -> usize {
        self.lap::<true, REV>(counts, at, hand, hash)
    }

    /// Sow `hand` seeds (already lifted) from position `at`, following the lap rules, until
    /// a lap stops, captures or leaves the choice to the mover. Errors (leaving `counts`
    /// unspecified) if the sowing would never end.
    #[inline(always)]
    pub(crate) fn sow_from<const EXACT: bool, const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        ctx: &LapContext<'_>,
        mut at: usize,
        mut hand: u32,
        mut hash: u64,
    ) -> Result<SowEnd, Endless> {
        let mut laps = 0u32;
        let mut sown = 0u32;
        loop {
            laps += 1;
            sown += hand;
            match self.one_lap::<EXACT, EXACT, REV>(counts, ctx, at, hand, &mut hash) {
                Lap::Relay { from, hand: lifted } => (at, hand) = (from, lifted),
                Lap::End { last_at, action } => {
                    let last = Hole(self.slot(last_at) as u8);
                    let reached = ctx.reached;
                    return Ok(SowEnd {
                        laps,
                        sown,
                        last_at,
                        lap_at: at as u16,
                        last,
                        action,
                        hash,
                        reached,
                    });
                }
            }
            if laps == CYCLE_CHECK_AFTER {
                let so_far = SowEnd {
                    laps,
                    sown,
                    last_at: at,
                    lap_at: at as u16,
                    last: Hole(0),
                    action: LapAction::Stop,
                    hash,
                    reached: ctx.reached,
                };
                return self.sow_checked::<EXACT, REV>(counts, ctx, (at, hand), so_far);
            }
        }
    }

    /// Whether this ring tracks a row a lap rule asks about (`no seed of the turn has
    /// reached …`): its sowings go through [`Ring::sow_reaching`].
    #[inline(always)]
    pub(crate) fn tracks_reach(&self) -> bool {
        !self.reach.is_empty()
    }

    /// Whether a lap of `hand` seeds after position `at` drops a seed into the tracked row.
    fn lap_reaches<const REV: bool>(&self, at: usize, hand: u32) -> bool {
        let places = if self.skip_origin { self.len - 1 } else { self.len };
        if hand as usize >= places {
            return (0..self.len).any(|pos| self.reach[pos] && !(self.skip_origin && pos == at));
        }
        let mut pos = at;
        (0..hand).any(|_| {
            pos = self.step::<REV>(pos);
            if self.skip_origin && pos == at {
                pos = self.step::<REV>(pos);
            }
            self.reach[pos]
        })
    }

    /// Whether a lap of `hand` seeds after position `at` ends in the tracked row.
    fn lap_ends_in_reach<const REV: bool>(&self, at: usize, hand: u32) -> bool {
        let mut pos = at;
        for _ in 0..hand {
            pos = self.step::<REV>(pos);
            while self.skips(pos, at) {
                pos = self.step::<REV>(pos);
            }
        }
        self.reach[pos]
    }

    /// [`Ring::sow_from`] on a ring that tracks a row: lap by lap, each lap's verdict read
    /// knowing whether a seed of the turn has reached the row (`ctx.reached` says whether one
    /// had before this sowing), until one has; the rest is sown by [`Ring::sow_from`], the
    /// fact settled. Errors if the sowing would never end: before the row is reached, a
    /// sowing state (where the next lap starts and the counts) that recurs.
    #[cold]
    #[inline(never)]
    pub(crate) fn sow_reaching<const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        ctx: &LapContext<'_>,
        mut at: usize,
        mut hand: u32,
        mut hash: u64,
    ) -> Result<SowEnd, Endless> {
        let mut ctx = *ctx;
        let (mut laps, mut sown) = (0u32, 0u32);
        let mut saved: Option<(usize, u32, [u16; MAX_SLOTS])> = None;
        let (mut power, mut steps) = (1u32, 0u32);
        while !ctx.reached {
            if saved.as_ref().is_some_and(|&(a, h, ref c)| a == at && h == hand && c == counts)
                || laps >= self.max_laps
            {
                return Err(Endless);
            }
            if saved.is_none() || steps == power {
                saved = Some((at, hand, *counts));
                power = power.saturating_mul(2);
                steps = 0;
            }
            steps += 1;
            // Where only the ends of laps count, this lap's end counts from the next lap on.
            let ended = self.reach_ended && self.lap_ends_in_reach::<REV>(at, hand);
            if !self.reach_ended {
                ctx.reached = self.lap_reaches::<REV>(at, hand);
            }
            laps += 1;
            sown += hand;
            match self.one_lap::<true, true, REV>(counts, &ctx, at, hand, &mut hash) {
                Lap::Relay { from, hand: lifted } => {
                    (at, hand) = (from, lifted);
                    ctx.reached |= ended;
                }
                Lap::End { last_at, action } => {
                    let last = Hole(self.slot(last_at) as u8);
                    let reached = ctx.reached || ended;
                    return Ok(SowEnd {
                        laps,
                        sown,
                        last_at,
                        lap_at: at as u16,
                        last,
                        action,
                        hash,
                        reached,
                    });
                }
            }
        }
        let rest = self.sow_from::<true, REV>(counts, &ctx, at, hand, hash)?;
        Ok(SowEnd { laps: laps + rest.laps, sown: sown + rest.sown, ..rest })
    }

    /// The rest of a sowing that has gone on for many laps, with Brent's cycle detection on
    /// the sowing state (the circuit's counts and where the next lap starts). Exact: it
    /// reports `Endless` only for a state that recurs, or at the bound on laps (the rules'
    /// stated limit, or the engine's [`MAX_SOWING_LAPS`]).
    ///
    /// A state is compared with the saved one only where the next lap starts at the same
    /// position, and then by its hash first where the sowing keeps one (`EXACT`: the sum of
    /// the hashing keys of the seeds on the circuit, which every lap updates in a few
    /// operations; equal states have equal hashes, as the seeds stay on the circuit). Only
    /// then are the counts compared (and, on a ring that is not consecutive slots, read
    /// through the ring's map, stopping at the first difference): a lap costs the same
    /// whatever the length of the circuit, and a match is still confirmed in full. The
    /// legality check of a candidate (not `EXACT`) keeps no hash: hashing every seed sown
    /// costs more than the rare comparison it would spare.
    #[cold]
    #[inline(never)]
    fn sow_checked<const EXACT: bool, const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        ctx: &LapContext<'_>,
        (mut at, mut hand): (usize, u32),
        mut end: SowEnd,
    ) -> Result<SowEnd, Endless> {
        let len = self.len;
        let mut saved = [0u16; MAX_SLOTS];
        let mut saved_at = usize::MAX;
        let mut saved_hash = 0u64;
        let mut power = 1u64;
        let mut steps = 0u64;
        // The change of the hash since the check began (added to the sowing's at the end).
        let mut hash = 0u64;
        loop {
            if (at == saved_at && (!EXACT || hash == saved_hash) && self.ring_equals(counts, &saved[..len]))
                || end.laps >= self.max_laps
            {
                return Err(Endless);
            }
            if saved_at == usize::MAX || steps == power {
                self.ring_copy(counts, &mut saved[..len]);
                saved_at = at;
                saved_hash = hash;
                power = power.saturating_mul(2);
                steps = 0;
            }
            steps += 1;
            end.laps += 1;
            end.sown += hand;
            match self.one_lap::<EXACT, EXACT, REV>(counts, ctx, at, hand, &mut hash) {
                Lap::Relay { from, hand: lifted } => (at, hand) = (from, lifted),
                Lap::End { last_at, action } => {
                    let last = Hole(self.slot(last_at) as u8);
                    let hash = if EXACT { end.hash.wrapping_add(hash) } else { end.hash };
                    return Ok(SowEnd { last_at, lap_at: at as u16, last, action, hash, ..end });
                }
            }
        }
    }

    /// Copy the circuit's counts, in circuit order, into `to` (`len` long).
    fn ring_copy(&self, counts: &[u16; MAX_SLOTS], to: &mut [u16]) {
        if self.contiguous {
            to.copy_from_slice(&counts[self.base..self.base + self.len]);
        } else {
            for (pos, c) in to.iter_mut().enumerate() {
                *c = counts[self.slot(pos)];
            }
        }
    }

    /// Whether the circuit's counts, in circuit order, are `saved` (`len` long).
    fn ring_equals(&self, counts: &[u16; MAX_SLOTS], saved: &[u16]) -> bool {
        if self.contiguous {
            counts[self.base..self.base + self.len] == *saved
        } else {
            saved.iter().enumerate().all(|(pos, &c)| counts[self.slot(pos)] == c)
        }
    }

    /// One lap of `hand` seeds after position `at`, and what the lap rules make of it: a
    /// relay (with the hand lifted) or the end of the sowing. With `HASH`, `hash` follows the
    /// seeds (sown and lifted).
    #[inline(always)]
    fn one_lap<const EXACT: bool, const HASH: bool, const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        ctx: &LapContext<'_>,
        at: usize,
        hand: u32,
        hash: &mut u64,
    ) -> Lap {
        let last_at = self.lap::<HASH, REV>(counts, at, hand, hash);
        let before = counts[self.slot(last_at)] - 1;
        let action = self.lap_action::<EXACT, REV>(counts, ctx, last_at, before);
        let Some(from) = self.relay_from::<REV>(counts, last_at, action) else {
            let action = if is_relay(action) { LapAction::Stop } else { action };
            return Lap::End { last_at, action };
        };
        if self.turns && self.turn_at[from] {
            // The next lap lifts a hole it may be turned from: the interpreter decides.
            return Lap::End { last_at, action };
        }
        let lift = self.slot(from);
        let hand = u32::from(counts[lift]);
        counts[lift] = 0;
        if HASH {
            *hash = hash.wrapping_sub(self.keys[from].wrapping_mul(u64::from(hand)));
        }
        Lap::Relay { from, hand }
    }

    /// The position a relay action lifts after a lap ending at `last_at`: `None` for an
    /// action that is not a relay, or a relay from an empty next hole (which stops).
    #[inline(always)]
    pub(crate) fn relay_from<const REV: bool>(
        &self,
        counts: &[u16; MAX_SLOTS],
        last_at: usize,
        action: LapAction,
    ) -> Option<usize> {
        match action {
            // (`relay, turning back` is played lap by lap, never on the ring.)
            LapAction::Relay => Some(last_at),
            LapAction::RelayNext => {
                let next = self.step::<REV>(last_at);
                (counts[self.slot(next)] > 0).then_some(next)
            }
            _ => None,
        }
    }

    /// Sow `hand` seeds (already lifted) from position `at` one lap, and what the lap rules
    /// say at its end, without carrying it out: a relay is left for the caller (a lap of a
    /// turn that may be turned, or asked whether it would capture).
    pub(crate) fn single_lap<const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        ctx: &LapContext<'_>,
        at: usize,
        hand: u32,
        hash: u64,
    ) -> SowEnd {
        let mut hash = hash;
        let last_at = self.lap::<true, REV>(counts, at, hand, &mut hash);
        let before = counts[self.slot(last_at)] - 1;
        let action = self.lap_action::<true, REV>(counts, ctx, last_at, before);
        let last = Hole(self.slot(last_at) as u8);
        SowEnd { laps: 1, sown: hand, last_at, lap_at: at as u16, last, action, hash, reached: ctx.reached }
    }

    /// Whether the lap rules' verdict where a lap ended at `last_at` (the last seed in) is
    /// this ring's `action`, read exactly: for a condition compiled as a ring of its own.
    pub(crate) fn says<const REV: bool>(
        &self,
        counts: &[u16; MAX_SLOTS],
        ctx: &LapContext<'_>,
        last_at: usize,
        action: LapAction,
    ) -> bool {
        let before = counts[self.slot(last_at)] - 1;
        self.lap_action::<true, REV>(counts, ctx, last_at, before) == action
    }
}

/// A lap of `hand` seeds after position `at` on a run of consecutive holes (`ring`), going
/// back with `REV`: ⌊hand / len⌋ into every hole at once, then one each into the holes after
/// `at`, wrapping round. Returns where the last seed fell and the number of full rounds.
#[inline(always)]
pub(super) fn sow_run<const REV: bool>(ring: &mut [u16], at: usize, hand: usize) -> (usize, usize) {
    let len = ring.len();
    // Most hands are shorter than the circuit: no division for them.
    let full = if hand < len { 0 } else { hand / len };
    if full > 0 {
        for c in ring.iter_mut() {
            *c += full as u16;
        }
    }
    // The rest, one seed per hole: a short run (a hand rarely holds more than a few seeds),
    // so a plain loop beats a vectorised one.
    let mut i = at;
    for _ in 0..hand - full * len {
        i = if REV {
            if i == 0 { len - 1 } else { i - 1 }
        } else if i + 1 == len {
            0
        } else {
            i + 1
        };
        ring[i] += 1;
    }
    (i, full)
}
