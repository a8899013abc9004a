//! The ring: a player's circuit as sowing reads it in one phase (positions, hashing keys,
//! skipped holes), the lap rules compiled into its lap table of verdicts, and what a sowing
//! comes to ([`SowEnd`], [`Endless`]). The laps sown on it are in [`super::ring_laps`]; the
//! quick answers to "does this sowing end?" in [`super::ring_ends`].
//!
//! A player's circuit occupies consecutive slots of the count array in the circuit's
//! stored direction, so a lap is a run of `+1` (walked forwards, or backwards when sowing
//! the other way) and a hand larger than the circuit adds ⌊h/L⌋ to every hole at once.

use super::rules::*;
use crate::model::MAX_SOWING_LAPS;

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
    pub(super) fn may_relay(self) -> bool {
        match self {
            Verdict::Act(action) => is_relay(action),
            Verdict::One { may_relay } | Verdict::Branches { may_relay } => may_relay,
        }
    }
}

/// Whether an action sows on.
pub(super) fn is_relay(action: LapAction) -> bool {
    matches!(action, LapAction::Relay | LapAction::RelayBack | LapAction::RelayNext)
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
    pub(super) contiguous: bool,
    /// Whether a lap skips the position it was lifted from.
    pub(super) skip_origin: bool,
    /// The positions no lap drops a seed in (holes of a mark the phase's sowing skips),
    /// empty where there are none. Such a ring is never simple.
    pub(super) skip_at: Vec<bool>,
    /// The positions a lap may drop seeds in (the origin aside): `len` less those skipped.
    pub(super) places: usize,
    /// The sum of the hashing keys of those positions.
    pub(super) places_key: u64,
    /// Laps after which a sowing that has not ended counts as endless.
    pub(crate) max_laps: u32,
    /// Contiguous and not skipping: the fast path applies.
    pub(crate) simple: bool,
    /// Contiguous and skipping at most the origin: a hand shorter than the ring never comes
    /// round to the origin, so it is sown as on a simple ring.
    pub(crate) short_runs: bool,
    /// No lap ever relays: every sowing ends after one lap.
    pub(crate) never_relays: bool,
    /// Whether a sowing ends depends on more than its laps: a lap may end in a capture whose
    /// seeds are sown on as a lap of their own, or a lap may be turned. The whole turn is
    /// played out to tell ([`Rules::turn_ends`](super::Rules)).
    pub(crate) capture_sows: bool,
    /// Some laps may be turned (`also …`), or the end is read between laps: a relay that
    /// would lift a hole of [`Ring::turn_at`] ends the sowing here, with the relay as its
    /// action, for the interpreter to decide.
    pub(super) turns: bool,
    /// Whether the hole at each position is one a lap may be turned from (every hole where
    /// the end is read between laps).
    pub(super) turn_at: Vec<bool>,
    /// The lap rules' verdict where the landing hole and whether it was empty decide it:
    /// `[position * 2 + was_occupied]`.
    pub(super) lap_table: Vec<Verdict>,
    /// Whether a lap ending there surely ends the sowing, by the same index as
    /// [`Ring::lap_table`]: no relay is possible (read as one byte by
    /// [`Ring::first_lap_ends`], without a branch).
    pub(super) settles: Vec<bool>,
    /// `key_prefix[i]`: the sum of the hashing keys of the first `i` positions.
    pub(super) key_prefix: Vec<u64>,
    /// The hashing key of each position.
    pub(super) keys: Vec<u64>,
    /// Whether a lap ending in an occupied hole always relays, wherever it is.
    pub(super) occupied_relays: bool,
    /// Whether a lap ending in an empty hole never relays (nor stops by choice), wherever it
    /// is.
    pub(super) empty_never_relays: bool,
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
    pub(super) reach: Vec<bool>,
    /// The row counts as reached only once a lap has ended in it, from the next lap on (`no
    /// earlier lap of the turn ended in …`).
    pub(super) reach_ended: bool,
}

/// The slots of each row a [`Check::Row`] may look at, by [`row_index`]: `me`'s rows, then
/// the opponent's.
fn rows_read(rules: &Rules, me: Player) -> Vec<Vec<u16>> {
    (0..2 * MAX_ROWS)
        .map(|i| {
            let p = if i < MAX_ROWS { me } else { me.across() };
            rules.role_hole[p]
                .get(i % MAX_ROWS)
                .map_or(Vec::new(), |row| row.iter().map(|h| u16::from(h.0)).collect())
        })
        .collect()
}

/// Whether a lap's action goes on after the lap: a capture whose seeds are sown on, or after
/// which a relay goes on.
fn sows_on(rules: &Rules, action: LapAction) -> bool {
    match action {
        LapAction::Capture(c) => {
            let capture = &rules.model.captures[usize::from(c)];
            capture.relay_after.is_some()
                || match capture.destination {
                    Destination::Sow(resow) => resow.goes_on(),
                    _ => false,
                }
        }
        _ => false,
    }
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
            short_runs: contiguous,
            places: len,
            lap_table: vec![Verdict::Branches { may_relay: true }; len * 2],
            key_prefix,
            keys,
            branch_start: vec![u32::MAX; len * 2],
            one: vec![OneCheck::default(); len * 2],
            ..Ring::default()
        };
        ring.rows = rows_read(rules, me);
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
            || lap_rules.iter().map(|r| r.action).chain([otherwise]).any(|action| sows_on(rules, action));
        ring.never_relays = !ring.capture_sows && ring.lap_table.iter().all(|verdict| !verdict.may_relay());
        ring.empty_never_relays = (0..len).all(|pos| !ring.lap_table[pos * 2].may_relay());
        ring.settles = ring.lap_table.iter().map(|verdict| !verdict.may_relay()).collect();
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
        self.short_runs = false;
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
}

/// What a lap rule's fact comes to at a landing in `slot` (in `column`).
enum FactCheck {
    /// The ring checks this.
    Ask(Check),
    /// It holds there, whatever the counts.
    Holds,
    /// It never holds there.
    Never,
}

/// The check fact `fact` of `me`'s lap rule asks of a landing in `slot` (in `column`).
fn fact_check(rules: &Rules, me: Player, (slot, column): (usize, usize), fact: Fact) -> FactCheck {
    // A hole the fact reads, where there may be none: none holds no seeds.
    let hole = |h: Option<Hole>, check: &dyn Fn(Hole) -> Check, holds_without: bool| match h {
        Some(h) => FactCheck::Ask(check(h)),
        None if holds_without => FactCheck::Holds,
        None => FactCheck::Never,
    };
    let opposite = |role| rules.opposite(me, Hole(slot as u8), role);
    // Where the mover has no hole of the row in the column (a middle row shared in halves),
    // it holds no seeds, as a hole with none opposite.
    let in_column = |role: Role| rules.column_hole[me][role as usize][column];
    let empty = |state: HoleState| state == HoleState::Empty;
    FactCheck::Ask(match fact {
        Fact::Opposite(role, state) => {
            return hole(opposite(role), &|o| Check::Hole(o, empty(state)), empty(state));
        }
        Fact::OppositeHolds(role, min, max) => {
            return hole(opposite(role), &|o| Check::HoleHolds(o, min, max), min == 0);
        }
        Fact::Column(role, state) => {
            return hole(in_column(role), &|h| Check::Hole(h, empty(state)), empty(state));
        }
        Fact::ColumnHolds(role, min, max) => {
            return hole(in_column(role), &|h| Check::HoleHolds(h, min, max), min == 0);
        }
        Fact::Next(state) => Check::Next(empty(state)),
        Fact::Row(side, role, state) => Check::Row(row_index(side, role), empty(state)),
        Fact::Origin(min, max) => Check::Origin(min, max),
        Fact::Holds(min, max) => Check::Holds(min, max),
        Fact::PreviousHolds(min, max) => Check::PreviousHolds(min, max),
        Fact::NotReached(..) => Check::NotReached,
        // Facts about the turn so far, the board, marks, holes along the circuit
        // (`Fact::lap_by_lap`): sowings whose rules read them are played lap by lap by
        // `engine::stepwise`, which reads the rules from the model; the ring never decides
        // them, and takes the fact as holding.
        fact => {
            debug_assert!(fact.lap_by_lap(), "{fact:?}");
            Check::Origin(0, u16::MAX)
        }
    })
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
        for &fact in &rule.facts {
            match fact_check(rules, me, (slot, column), fact) {
                FactCheck::Ask(check) => checks.push(check),
                FactCheck::Holds => {}
                FactCheck::Never => never = true,
            }
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
