//! Whether a sowing on a ring ends: the question every legality check asks, answered the
//! cheapest way the ring allows (a first lap read off the board, a short relay sown on a
//! window copy of the ring's slots), else by sowing in full on a copy of the board.

use super::ring_laps::{CYCLE_CHECK_AFTER, sow_run};
use super::rules::*;
use super::sowing::{LapContext, RING_WINDOW, Ring, Verdict};
use crate::model::MIN_LAP_LIMIT;

/// Laps [`Ring::quick_ends`] sows on its window before it leaves the sowing to the general
/// path (which sows it again, from the start, with cycle detection): enough that a long
/// relay that ends is settled on the window, few enough that an endless one (rare) costs
/// little.
const QUICK_LAPS: u32 = 64;

// A stated lap limit is never below the laps sown before the bounded path takes over, so the
// fast paths (which answer only for sowings that end sooner) agree with it.
const _: () = assert!(QUICK_LAPS < MIN_LAP_LIMIT && CYCLE_CHECK_AFTER < MIN_LAP_LIMIT);

impl Ring {
    /// Whether a sowing of the seeds at position `at` ends, on `counts` (unchanged): the
    /// question every legality check asks. One answer, found the cheapest way the ring
    /// allows: on a simple ring, most sowings are settled by their first lap, read off the
    /// board without sowing ([`Ring::first_lap_ends`]); most others by sowing a copy of a
    /// window of slots that holds the whole ring ([`Ring::quick_ends`]). The rest (a ring
    /// that is not simple, a verdict that needs more than the landing hole, a long relay)
    /// are sown in full on a copy of the board.
    #[inline(always)]
    pub(crate) fn ends<const REV: bool>(
        &self,
        counts: &[u16; MAX_SLOTS],
        (marks, origin): (&[[u64; 3]; MAX_MARKS], u16),
        at: usize,
    ) -> bool {
        if !self.simple {
            return self.sown_ends::<REV>(counts, (marks, origin), at);
        }
        self.simple_ends::<REV>(counts, (marks, origin), at)
    }

    /// [`Ring::ends`] on a simple ring (the caller has asked).
    #[inline(always)]
    pub(crate) fn simple_ends<const REV: bool>(
        &self,
        counts: &[u16; MAX_SLOTS],
        (marks, origin): (&[[u64; 3]; MAX_MARKS], u16),
        at: usize,
    ) -> bool {
        self.first_lap_ends::<REV>(&counts[self.base..self.base + self.len], at)
            || self.later_laps_end::<REV>(counts, (marks, origin), at)
    }

    /// [`Ring::simple_ends`] once the first lap has not settled it.
    #[inline(always)]
    pub(crate) fn later_laps_end<const REV: bool>(
        &self,
        counts: &[u16; MAX_SLOTS],
        (marks, origin): (&[[u64; 3]; MAX_MARKS], u16),
        at: usize,
    ) -> bool {
        let base = self.base.min(MAX_SLOTS - RING_WINDOW);
        let offset = self.base - base;
        let mut local = [0u16; RING_WINDOW];
        copy_window(&mut local, counts, base);
        match self.quick_ends::<REV>(&mut local[offset..offset + self.len], at) {
            Some(ends) => ends,
            None => self.sown_ends::<REV>(counts, (marks, origin), at),
        }
    }

    /// [`Ring::ends`] by sowing in full on a copy of the board.
    #[cold]
    #[inline(never)]
    fn sown_ends<const REV: bool>(
        &self,
        counts: &[u16; MAX_SLOTS],
        (marks, origin): (&[[u64; 3]; MAX_MARKS], u16),
        at: usize,
    ) -> bool {
        let ctx = &LapContext { marks, origin, reached: false };
        let mut scratch = *counts;
        let slot = self.slot(at);
        let hand = u32::from(scratch[slot]);
        scratch[slot] = 0;
        self.sow_from::<false, REV>(&mut scratch, ctx, at, hand, 0).is_ok()
    }

    /// Whether the first lap of a sowing from position `at` of a simple ring surely ends the
    /// sowing, read off the circuit's counts `slots` without sowing: where the last seed
    /// falls and whether that hole was occupied are known from the hand alone, and where
    /// the lap rules' verdict there depends on nothing else and is not a relay, the sowing
    /// ends. `false` when it may relay (or it cannot tell).
    #[inline(always)]
    pub(super) fn first_lap_ends<const REV: bool>(&self, slots: &[u16], at: usize) -> bool {
        let len = slots.len();
        let hand = usize::from(slots[at]);
        let (full, rem) = if hand < len { (0, hand) } else { (hand / len, hand % len) };
        // `at` and `rem` are below `len`: one subtraction wraps round.
        let ahead = if REV { at + len - rem } else { at + rem };
        let last = if ahead >= len { ahead - len } else { ahead };
        // The landing hole before the last seed fell: what it held (nothing, for the
        // origin), the full laps, and for the others the seed of this lap before the last.
        // Without a branch: on a list's first pass, `last == at` (an empty hole) is as
        // likely as not.
        let held = usize::from(slots[last]) * usize::from(last != at);
        let occupied = held + full + usize::from(rem > 0) > 1;
        self.settles[last * 2 + usize::from(occupied)]
    }

    /// Whether a sowing from position `at` ends, on the circuit's counts `slots` (changed):
    /// the lean path for legality checks. `None` when it cannot tell cheaply — a landing
    /// whose verdict depends on more than the landing hole and may relay, or a long relay
    /// that needs cycle detection — and the general sowing must decide.
    #[inline(always)]
    fn quick_ends<const REV: bool>(&self, slots: &mut [u16], mut at: usize) -> Option<bool> {
        let mut hand = usize::from(slots[at]);
        slots[at] = 0;
        for _ in 0..QUICK_LAPS {
            let (i, _) = sow_run::<REV>(slots, at, hand);
            let occupied = slots[i] > 1;
            let relays = if occupied && self.occupied_relays {
                true
            } else if !occupied && self.empty_never_relays {
                false
            } else {
                let verdict = self.lap_table[i * 2 + usize::from(occupied)];
                if verdict == Verdict::Act(LapAction::Relay) {
                    true
                } else if verdict.may_relay() {
                    return None;
                } else {
                    false
                }
            };
            if !relays {
                return Some(true);
            }
            hand = usize::from(slots[i]);
            slots[i] = 0;
            at = i;
        }
        None
    }
}

/// Copy the `RING_WINDOW` slots of `counts` from `base` into `local`, in moves of 64 bytes
/// that compile to vector moves rather than a call to `memcpy`.
#[inline(always)]
fn copy_window(local: &mut [u16; RING_WINDOW], counts: &[u16; MAX_SLOTS], base: usize) {
    let window = &counts[base..base + RING_WINDOW];
    for (to, from) in local.chunks_exact_mut(32).zip(window.chunks_exact(32)) {
        to.copy_from_slice(from);
    }
    const TAIL: usize = RING_WINDOW - RING_WINDOW % 32;
    local[TAIL..].copy_from_slice(&window[TAIL..]);
}
