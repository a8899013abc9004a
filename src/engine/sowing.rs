//! Sowing: laps around a player's circuit in either direction, the lap rules compiled into
//! tables, and exact detection of endless relay sowing.
//!
//! A player's circuit occupies consecutive slots of the count array in the circuit's
//! stored direction, so a lap is a run of `+1` (walked forwards, or backwards when sowing
//! the other way) and a hand larger than the circuit adds ⌊h/L⌋ to every hole at once.

use super::rules::*;
use crate::model::{MAX_SOWING_LAPS, MIN_LAP_LIMIT};

/// A relay sowing that would never end: its sowing state repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endless;

/// How a sowing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SowEnd {
    /// Laps sown (1 for a sowing without relay).
    pub laps: u32,
    /// Seeds dropped in all.
    pub sown: u32,
    /// Circuit position of the hole where the last seed fell.
    pub last_at: usize,
    /// Circuit position of the hole the last lap was lifted from.
    pub lap_at: u16,
    /// The hole where the last seed fell.
    pub last: Hole,
    /// `Stop`, `Capture` or `MayStop` (the mover decides).
    pub action: LapAction,
    /// The change of the position hash (when asked for).
    pub hash: u64,
    /// Whether a lap of the turn has dropped a seed into the row a lap rule asks about (`no
    /// seed of the turn has reached …`); always `false` where no lap rule asks.
    pub reached: bool,
}

/// What one lap came to.
enum Lap {
    /// Sow on: `hand` seeds lifted from position `from`.
    Relay { from: usize, hand: u32 },
    /// The sowing ends (or pauses for the mover) with the last seed at `last_at`.
    End { last_at: usize, action: LapAction },
}

/// What lap rules may look at besides the counts: the mover's marks and the chosen hole.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LapContext<'a> {
    /// Marked holes, per kind of mark.
    pub marks: &'a [[u64; 3]; MAX_MARKS],
    /// Seeds the chosen hole held.
    pub origin: u16,
    /// Whether a lap of the turn (this one included) has dropped a seed into the row a lap
    /// rule asks about (`no seed of the turn has reached …`); `false` where none asks.
    pub reached: bool,
}

/// Slots copied to sow a simple ring on a copy: a fixed size (which copies in a few vector
/// moves) that holds any ring of holes, since a circuit has at most two rows of holes.
pub(crate) const RING_WINDOW: usize = 2 * MAX_COLUMNS;

/// Laps sown before cycle detection starts: nearly every sowing ends sooner, and starting
/// late cannot miss a cycle (once the sowing state repeats it repeats forever).
pub(crate) const CYCLE_CHECK_AFTER: u32 = 8;

/// Laps [`Ring::quick_ends`] sows on its window before it leaves the sowing to the general
/// path (which sows it again, from the start, with cycle detection): enough that a long
/// relay that ends is settled on the window, few enough that an endless one (rare) costs
/// little.
const QUICK_LAPS: u32 = 64;

// A stated lap limit is never below the laps sown before the bounded path takes over, so the
// fast paths (which answer only for sowings that end sooner) agree with it.
const _: () = assert!(QUICK_LAPS < MIN_LAP_LIMIT && CYCLE_CHECK_AFTER < MIN_LAP_LIMIT);

/// The lap rules' verdict at a landing, as far as the landing hole (and whether it was
/// empty) decides it: an entry of a ring's lap table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The landing decides: this action.
    Act(LapAction),
    /// One other hole decides between two actions (the entry's [`OneCheck`]).
    One {
        /// Whether either action is a relay.
        may_relay: bool,
    },
    /// Further conditions decide (the entry's branches).
    Branches {
        /// Whether any branch is a relay.
        may_relay: bool,
    },
}

// A lap table entry stays as small as the action it mostly is.
const _: () = assert!(std::mem::size_of::<Verdict>() <= 2);

impl Verdict {
    /// Whether the sowing may go on from this landing: a relay, or a verdict that depends on
    /// more and may be one.
    #[inline(always)]
    fn may_relay(self) -> bool {
        match self {
            Verdict::Act(action) => is_relay(action),
            Verdict::One { may_relay } | Verdict::Branches { may_relay } => may_relay,
        }
    }
}

/// Whether an action sows on.
fn is_relay(action: LapAction) -> bool {
    matches!(action, LapAction::Relay | LapAction::RelayNext)
}

/// A condition of a lap rule, made concrete for one landing hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    /// This hole is empty (`true`) or occupied (`false`).
    Hole(Hole, bool),
    /// The hole after the landing hole (in the direction of sowing) is empty or occupied.
    Next(bool),
    /// The chosen hole held `min..=max` seeds.
    Origin(u16, u16),
    /// The landing hole carries this mark.
    Mark(MarkId),
    /// The landing hole holds `min..=max` seeds, the last one included.
    Holds(u16, u16),
    /// The hole before the landing hole (against the direction of sowing) holds `min..=max`
    /// seeds.
    PreviousHolds(u16, u16),
    /// This hole holds `min..=max` seeds.
    HoleHolds(Hole, u16, u16),
    /// Every hole of row `rows[i]` is empty (`true`) or some is occupied (`false`).
    Row(u8, bool),
    /// No lap of the turn has dropped a seed into the ring's tracked row
    /// ([`LapContext::reached`] is `false`).
    NotReached,
}

/// The common dynamic verdict, kept inline: "if this hole is empty (or occupied), do one
/// thing, otherwise another" — a capture that needs an occupied facing hole.
#[derive(Clone, Copy, Debug)]
struct OneCheck {
    slot: u16,
    want_empty: bool,
    then: LapAction,
    otherwise: LapAction,
}

impl Default for OneCheck {
    fn default() -> OneCheck {
        OneCheck { slot: 0, want_empty: false, then: LapAction::Stop, otherwise: LapAction::Stop }
    }
}

/// The parts of a player's circuit that sowing reads in one phase, gathered when the rules
/// are built. A circuit that occupies consecutive slots `base .. base + len` in its stored
/// order (every own-rows circuit, and a shared circuit without stores) is sown by the fast
/// path; any other (through a store, or skipping the origin hole) by a general one that
/// reads the slot of each position from `map`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ring {
    pub(crate) base: usize,
    pub(crate) len: usize,
    /// The slot of each position.
    map: Vec<u8>,
    /// The position of each slot (`u8::MAX` off the ring).
    pos_of: Vec<u8>,
    /// Whether position `p` is slot `base + p`.
    contiguous: bool,
    /// Whether a lap skips the position it was lifted from.
    skip_origin: bool,
    /// The positions no lap drops a seed in (holes of a mark the phase's sowing skips),
    /// empty where there are none. Such a ring is never simple.
    skip_at: Vec<bool>,
    /// The positions a lap may drop seeds in (the origin aside): `len` less those skipped.
    places: usize,
    /// The sum of the hashing keys of those positions.
    places_key: u64,
    /// Laps after which a sowing that has not ended counts as endless.
    pub(crate) max_laps: u32,
    /// Contiguous and not skipping: the fast path applies.
    pub(crate) simple: bool,
    /// No lap ever relays: every sowing ends after one lap.
    pub(crate) never_relays: bool,
    /// Whether a sowing ends depends on more than its laps: a lap may end in a capture whose
    /// seeds are sown on as a lap of their own, or a lap may be turned. The whole turn is
    /// played out to tell ([`Rules::turn_ends`](super::Rules)).
    pub(crate) capture_sows: bool,
    /// Some laps may be turned (`also …`), or the end is read between laps: a relay that
    /// would lift a hole of [`Ring::turn_at`] ends the sowing here, with the relay as its
    /// action, for the interpreter to decide.
    turns: bool,
    /// Whether the hole at each position is one a lap may be turned from (every hole where
    /// the end is read between laps).
    turn_at: Vec<bool>,
    /// The lap rules' verdict where the landing hole and whether it was empty decide it:
    /// `[position * 2 + was_occupied]`.
    lap_table: Vec<Verdict>,
    /// `key_prefix[i]`: the sum of the hashing keys of the first `i` positions.
    key_prefix: Vec<u64>,
    /// The hashing key of each position.
    keys: Vec<u64>,
    /// Whether a lap ending in an occupied hole always relays, wherever it is.
    occupied_relays: bool,
    /// Whether a lap ending in an empty hole never relays (nor stops by choice), wherever it
    /// is.
    empty_never_relays: bool,
    /// For [`Verdict::One`] entries: the hole looked at and the two actions.
    one: Vec<OneCheck>,
    /// For table entries that depend on more: the first of their branches.
    branch_start: Vec<u32>,
    /// The lap rules that can apply at a landing, in order: a range of `checks` that must
    /// all hold, and the action. Each entry's branches end with one without checks.
    branches: Vec<(u32, u8, LapAction)>,
    checks: Vec<Check>,
    /// The slots of each row a [`Check::Row`] looks at, by [`row_index`]: the mover's rows,
    /// then the opponent's.
    rows: Vec<Vec<u16>>,
    /// Whether the hole at each position is in the row a lap rule asks whether the turn has
    /// reached (`no seed of the turn has reached …`); empty where no lap rule asks. Such a
    /// ring is sown lap by lap by [`Ring::sow_reaching`] until a seed reaches the row.
    reach: Vec<bool>,
    /// The row counts as reached only once a lap has ended in it, from the next lap on (`no
    /// earlier lap of the turn ended in …`).
    reach_ended: bool,
}

/// Where a row's slots are kept in [`Ring::rows`].
fn row_index(side: Side, role: Role) -> u8 {
    (if side == Side::Own { 0 } else { MAX_ROWS as u8 }) + role
}

impl Ring {
    /// Gather `me`'s ring for a phase with these lap rules.
    pub(crate) fn build(
        rules: &Rules,
        me: Player,
        lap_rules: &[LapRule],
        otherwise: LapAction,
        turn_holes: &[Hole],
    ) -> Ring {
        let circuit = &rules.circuit[me];
        let len = circuit.len();
        let base = circuit.first().map_or(0, |h| h.index());
        let contiguous = circuit.iter().enumerate().all(|(i, h)| h.index() == base + i);
        let map: Vec<u8> = circuit.iter().map(|h| h.0).collect();
        let mut pos_of = vec![u8::MAX; MAX_SLOTS];
        for (pos, &slot) in map.iter().enumerate() {
            pos_of[usize::from(slot)] = pos as u8;
        }
        let keys: Vec<u64> = circuit.iter().map(|h| rules.keys[h.index()]).collect();
        let mut key_prefix = vec![0u64; len + 1];
        for (i, k) in keys.iter().enumerate() {
            key_prefix[i + 1] = key_prefix[i].wrapping_add(*k);
        }
        let mut ring = Ring {
            base,
            len,
            map,
            pos_of,
            contiguous,
            skip_origin: rules.skip_origin,
            max_laps: rules.model.lap_limit.map_or(MAX_SOWING_LAPS, |laps| laps.min(MAX_SOWING_LAPS)),
            simple: contiguous && !rules.skip_origin,
            places: len,
            lap_table: vec![Verdict::Branches { may_relay: true }; len * 2],
            key_prefix,
            keys,
            branch_start: vec![u32::MAX; len * 2],
            one: vec![OneCheck::default(); len * 2],
            ..Ring::default()
        };
        ring.rows = (0..2 * MAX_ROWS)
            .map(|i| {
                let p = if i < MAX_ROWS { me } else { me.across() };
                rules.role_hole[p]
                    .get(i % MAX_ROWS)
                    .map_or(Vec::new(), |row| row.iter().map(|h| u16::from(h.0)).collect())
            })
            .collect();
        for pos in 0..len {
            let slot = ring.slot(pos);
            for occupied in [false, true] {
                let entry = pos * 2 + usize::from(occupied);
                let possible = landing_rules(rules, me, lap_rules, otherwise, (slot, occupied));
                ring.set_verdict(entry, possible);
            }
        }
        ring.occupied_relays =
            (0..len).all(|pos| ring.lap_table[pos * 2 + 1] == Verdict::Act(LapAction::Relay));
        let sows_on = |action: LapAction| match action {
            LapAction::Capture(c) => {
                let capture = &rules.model.captures[usize::from(c)];
                capture.relay_after.is_some()
                    || match capture.destination {
                        Destination::Sow(resow) => resow.goes_on(),
                        _ => false,
                    }
            }
            _ => false,
        };
        ring.turn_at = (0..len).map(|pos| turn_holes.iter().any(|h| h.index() == ring.slot(pos))).collect();
        ring.turns = ring.turn_at.contains(&true);
        // The row a lap rule asks whether the turn has reached (the compiler allows one).
        let reached_row = lap_rules.iter().flat_map(|r| &r.facts).find_map(|fact| match *fact {
            Fact::NotReached(side, role, ended) => Some((row_index(side, role), ended)),
            _ => None,
        });
        if let Some((row, ended)) = reached_row {
            ring.reach_ended = ended;
            let row = &ring.rows[usize::from(row)];
            ring.reach = (0..len).map(|pos| row.contains(&(ring.slot(pos) as u16))).collect();
        }
        // A ring that tracks a row is sown, and checked to end, by the interpreter's general
        // path (which carries the fact from one part of the sowing to the next).
        ring.capture_sows = ring.turns
            || !ring.reach.is_empty()
            || lap_rules.iter().map(|r| r.action).chain([otherwise]).any(sows_on);
        ring.never_relays = !ring.capture_sows && ring.lap_table.iter().all(|verdict| !verdict.may_relay());
        ring.empty_never_relays = (0..len).all(|pos| !ring.lap_table[pos * 2].may_relay());
        ring.places_key = ring.key_prefix[len];
        ring
    }

    /// Make laps skip these holes (those on the ring; at least two holes must be left): they
    /// receive no seed, though they may still be lifted. The ring is then sown by the general
    /// lap, never the fast path.
    pub(crate) fn skip_holes(&mut self, holes: &[Hole]) {
        let skip_at: Vec<bool> =
            (0..self.len).map(|pos| holes.iter().any(|h| h.index() == self.slot(pos))).collect();
        if !skip_at.contains(&true) || skip_at.iter().filter(|&&s| !s).count() < 2 {
            return;
        }
        self.places = skip_at.iter().filter(|&&s| !s).count();
        self.places_key =
            (0..self.len).filter(|&p| !skip_at[p]).fold(0u64, |k, p| k.wrapping_add(self.keys[p]));
        self.skip_at = skip_at;
        self.simple = false;
    }

    /// Whether laps drop no seed into hole `h` (a hole of a mark the sowing skips).
    #[inline]
    pub(crate) fn skips_hole(&self, h: Hole) -> bool {
        !self.skip_at.is_empty() && (0..self.len).any(|pos| self.skip_at[pos] && self.slot(pos) == h.index())
    }

    /// Whether a lap from `at` drops no seed at position `pos`.
    #[inline(always)]
    pub(crate) fn skips(&self, pos: usize, at: usize) -> bool {
        (self.skip_origin && pos == at) || self.skip_at.get(pos).is_some_and(|&s| s)
    }

    /// Compile the lap rules that may apply at a landing into its table entry: an action
    /// where the landing decides, a one-hole check, or branches.
    fn set_verdict(&mut self, entry: usize, possible: Vec<(Vec<Check>, LapAction)>) {
        let may_relay = possible.iter().any(|&(_, action)| is_relay(action));
        self.lap_table[entry] = match possible.as_slice() {
            [(checks, action), ..] if checks.is_empty() => Verdict::Act(*action),
            [(first, then), (rest, otherwise)] if rest.is_empty() => match first.as_slice() {
                [Check::Hole(h, want_empty)] => {
                    self.one[entry] = OneCheck {
                        slot: h.0.into(),
                        want_empty: *want_empty,
                        then: *then,
                        otherwise: *otherwise,
                    };
                    Verdict::One { may_relay }
                }
                _ => Verdict::Branches { may_relay },
            },
            _ => Verdict::Branches { may_relay },
        };
        if let Verdict::Branches { .. } = self.lap_table[entry] {
            self.branch_start[entry] = self.branches.len() as u32;
            for (checks, action) in possible {
                self.branches.push((self.checks.len() as u32, checks.len() as u8, action));
                self.checks.extend(checks);
            }
        }
    }

    /// The slot of position `pos`.
    #[inline(always)]
    pub(crate) fn slot(&self, pos: usize) -> usize {
        if self.contiguous { self.base + pos } else { usize::from(self.map[pos]) }
    }

    /// The position of a hole (or store) on the ring; it must be on it.
    #[inline(always)]
    pub(crate) fn pos(&self, h: Hole) -> usize {
        if self.contiguous { h.index() - self.base } else { usize::from(self.pos_of[h.index()]) }
    }

    /// Whether a hole (or store) is on the ring.
    pub(crate) fn on_ring(&self, h: Hole) -> bool {
        self.pos_of.get(h.index()).is_some_and(|&p| p != u8::MAX)
    }

    /// The position before `pos` in the direction of sowing.
    #[inline(always)]
    pub(crate) fn back<const REV: bool>(&self, pos: usize) -> usize {
        if REV {
            if pos + 1 == self.len { 0 } else { pos + 1 }
        } else if pos == 0 {
            self.len - 1
        } else {
            pos - 1
        }
    }

    /// The position after `pos` in the direction of sowing.
    #[inline(always)]
    pub(crate) fn step<const REV: bool>(&self, pos: usize) -> usize {
        if REV {
            if pos == 0 { self.len - 1 } else { pos - 1 }
        } else if pos + 1 == self.len {
            0
        } else {
            pos + 1
        }
    }

    /// The action of the lap rules for a lap ending at `pos`, which held `before` seeds
    /// before the last one fell. Without `EXACT`, only whether the sowing goes on matters:
    /// a verdict that can never be a relay is taken as `Stop`.
    #[inline(always)]
    pub(super) fn lap_action<const EXACT: bool, const REV: bool>(
        &self,
        counts: &[u16; MAX_SLOTS],
        ctx: &LapContext<'_>,
        pos: usize,
        before: u16,
    ) -> LapAction {
        if before > 0 && self.occupied_relays {
            return LapAction::Relay;
        }
        if !EXACT && before == 0 && self.empty_never_relays {
            return LapAction::Stop;
        }
        let entry = pos * 2 + usize::from(before > 0);
        match self.lap_table[entry] {
            Verdict::Act(action) => action,
            Verdict::One { may_relay: false } | Verdict::Branches { may_relay: false } if !EXACT => {
                LapAction::Stop
            }
            Verdict::One { .. } => {
                let one = &self.one[entry];
                let holds = (counts[usize::from(one.slot)] == 0) == one.want_empty;
                if holds { one.then } else { one.otherwise }
            }
            Verdict::Branches { .. } => self.branch::<REV>(counts, ctx, pos, entry),
        }
    }

    /// The action of the first lap rule whose further conditions hold.
    #[cold]
    fn branch<const REV: bool>(
        &self,
        counts: &[u16; MAX_SLOTS],
        ctx: &LapContext<'_>,
        pos: usize,
        entry: usize,
    ) -> LapAction {
        let mut b = self.branch_start[entry] as usize;
        loop {
            let (start, len, action) = self.branches[b];
            let checks = &self.checks[start as usize..start as usize + usize::from(len)];
            let holds = checks.iter().all(|check| match *check {
                Check::Hole(h, want_empty) => (counts[h.index()] == 0) == want_empty,
                Check::Next(want_empty) => (counts[self.slot(self.step::<REV>(pos))] == 0) == want_empty,
                Check::Origin(min, max) => (min..=max).contains(&ctx.origin),
                Check::Mark(mark) => {
                    let slot = self.slot(pos);
                    ctx.marks[usize::from(mark)][slot / 64] >> (slot % 64) & 1 == 1
                }
                Check::Holds(min, max) => (min..=max).contains(&counts[self.slot(pos)]),
                Check::PreviousHolds(min, max) => {
                    (min..=max).contains(&counts[self.slot(self.back::<REV>(pos))])
                }
                Check::HoleHolds(h, min, max) => (min..=max).contains(&counts[h.index()]),
                Check::Row(i, want_empty) => {
                    self.rows[usize::from(i)].iter().all(|&slot| counts[usize::from(slot)] == 0) == want_empty
                }
                Check::NotReached => !ctx.reached,
            });
            if holds {
                return action;
            }
            b += 1;
        }
    }

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
            let skip = self.skip_origin;
            for _ in 0..rem {
                i = self.step::<REV>(i);
                if skip && i == at {
                    i = self.step::<REV>(i);
                }
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
    /// on the mover's side).
    pub(crate) fn resow<const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        at: usize,
        hand: u32,
        hash: &mut u64,
    ) {
        self.lap::<true, REV>(counts, at, hand, hash);
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

    /// Sow `hand` seeds (already lifted) from position `at` as [`Ring::sow_from`] does, but
    /// recording each lap: where its hand was lifted, and the positions its seeds fell in, in
    /// order. At most `max_laps` laps; a relay that would lift a hole its lap may be turned
    /// from stops the trace where `pauses` says (on the counts and the hole's position) the
    /// sowing pauses there for the mover. Slow and allocating: for showing a sowing, never
    /// for play.
    pub(crate) fn trace<const REV: bool>(
        &self,
        counts: &mut [u16; MAX_SLOTS],
        ctx: &LapContext<'_>,
        (mut at, mut hand): (usize, u32),
        max_laps: usize,
        pauses: &dyn Fn(&[u16; MAX_SLOTS], usize) -> bool,
    ) -> Vec<(usize, Vec<usize>)> {
        let mut laps = Vec::new();
        let mut hash = 0;
        let mut ctx = *ctx;
        while laps.len() < max_laps {
            let mut drops = Vec::with_capacity(hand as usize);
            let mut pos = at;
            for _ in 0..hand {
                pos = self.step::<REV>(pos);
                while self.skips(pos, at) {
                    pos = self.step::<REV>(pos);
                }
                drops.push(pos);
            }
            let ended = self.tracks_reach() && self.reach_ended && self.reach[pos];
            laps.push((at, drops));
            if self.tracks_reach() && !self.reach_ended {
                ctx.reached |= self.lap_reaches::<REV>(at, hand);
            }
            let lap = self.one_lap::<true, true, REV>(counts, &ctx, at, hand, &mut hash);
            ctx.reached |= ended;
            match lap {
                Lap::Relay { from, hand: lifted } => (at, hand) = (from, lifted),
                // A relay from a hole a lap may be turned from: traced the usual way, unless
                // the sowing pauses there for the mover to choose the way.
                Lap::End { last_at, action } => match self.relay_from::<REV>(counts, last_at, action) {
                    Some(from) if !pauses(counts, from) => {
                        let slot = self.slot(from);
                        (at, hand) = (from, u32::from(counts[slot]));
                        counts[slot] = 0;
                    }
                    _ => break,
                },
            }
        }
        laps
    }

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
        let held = if last == at { 0 } else { usize::from(slots[last]) };
        let occupied = held + full + usize::from(rem > 0) > 1;
        if occupied {
            return !self.occupied_relays && !self.lap_table[last * 2 + 1].may_relay();
        }
        self.empty_never_relays || !self.lap_table[last * 2].may_relay()
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

/// The lap rules of `me` that can apply at a landing in `slot` (empty or `occupied` before
/// the last seed), in order, up to the first that surely does (or the `otherwise` action):
/// each with the checks, made concrete for this landing, that must also hold.
fn landing_rules(
    rules: &Rules,
    me: Player,
    lap_rules: &[LapRule],
    otherwise: LapAction,
    (slot, occupied): (usize, bool),
) -> Vec<(Vec<Check>, LapAction)> {
    let store = rules.is_store(Hole(slot as u8));
    let column = usize::from(rules.hole_column[slot]);
    let mut possible = Vec::new();
    for rule in lap_rules {
        // A rule about the mover's store applies only there; a rule about holes never
        // applies to a store.
        if rule.store != store || (store && rules.store(me) != Some(Hole(slot as u8))) {
            continue;
        }
        let landing_fits = rule.landing.is_none_or(|want| occupied == (want == HoleState::Occupied));
        let side_fits = rule.side.is_none_or(|side| (rules.hole_owner[slot] == me) == (side == Side::Own));
        let role_fits = rule.role.is_none_or(|role| rules.hole_role[slot] == role);
        if !(landing_fits && side_fits && role_fits) {
            continue;
        }
        let mut checks: Vec<Check> = rule.mark.map(Check::Mark).into_iter().collect();
        let mut never = false;
        for fact in &rule.facts {
            let opposite = |role| rules.opposite(me, Hole(slot as u8), role);
            checks.push(match *fact {
                // Where no hole stands opposite, it holds no seeds.
                Fact::Opposite(role, state) => match opposite(role) {
                    Some(o) => Check::Hole(o, state == HoleState::Empty),
                    None if state == HoleState::Empty => continue,
                    None => {
                        never = true;
                        break;
                    }
                },
                Fact::OppositeHolds(role, min, max) => match opposite(role) {
                    Some(o) => Check::HoleHolds(o, min, max),
                    None if min == 0 => continue,
                    None => {
                        never = true;
                        break;
                    }
                },
                Fact::Column(role, state) => {
                    Check::Hole(rules.role_hole[me][role as usize][column], state == HoleState::Empty)
                }
                Fact::Next(state) => Check::Next(state == HoleState::Empty),
                Fact::Row(side, role, state) => Check::Row(row_index(side, role), state == HoleState::Empty),
                Fact::Origin(min, max) => Check::Origin(min, max),
                Fact::Holds(min, max) => Check::Holds(min, max),
                Fact::PreviousHolds(min, max) => Check::PreviousHolds(min, max),
                // Facts about the turn so far: sowings whose rules read them are played lap by lap
                // by `engine::stepwise`, which reads the rules from the model; the ring never
                // decides them, and takes the fact as holding.
                Fact::FirstLap
                | Fact::TurnCaptured
                | Fact::Along(..)
                | Fact::AlongMarked(..)
                | Fact::Stepped(..) => Check::Origin(0, u16::MAX),
                Fact::NotReached(..) => Check::NotReached,
            });
        }
        if never {
            continue;
        }
        let certain = checks.is_empty();
        possible.push((checks, rule.action));
        if certain {
            return possible;
        }
    }
    possible.push((Vec::new(), otherwise));
    possible
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

/// A lap of `hand` seeds after position `at` on a run of consecutive holes (`ring`), going
/// back with `REV`: ⌊hand / len⌋ into every hole at once, then one each into the holes after
/// `at`, wrapping round. Returns where the last seed fell and the number of full rounds.
#[inline(always)]
fn sow_run<const REV: bool>(ring: &mut [u16], at: usize, hand: usize) -> (usize, usize) {
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
