//! The fast paths of the sowing interpreter against its general path: at a position, each
//! fast path must give the answer the general one gives. `tests/integration/fast_paths.rs`
//! asks it at every position of random games of every bundled game, ruleset and range end.
//! Not part of the library's interface (hidden from its documentation): it reads the
//! engine's own tables.
//!
//! | fast path | chosen when (a property of the model) | checked here |
//! |---|---|---|
//! | [`Ring::first_lap_ends`]: a first lap's verdict read off the board | the ring is simple (consecutive slots, no skipped origin) | against a full sowing by the general lap |
//! | [`Ring::quick_ends`]: sowing on a window copy, verdicts from the lap table | the ring is simple | the same |
//! | `Ring::lap`: one lap as a run of consecutive slots | the ring is simple | against `Ring::lap_general`: every candidate sown in full, comparing its end, laps, hash and board |
//! | the list without sowing (`sow_moves_in` without `sown`) | no lap relays (`Ring::never_relays`) | against the list with every candidate sown |
//! | the lap table ([`Ring::lap_action`]: verdicts compiled per landing, one-hole checks, branches, and the ring-wide shortcuts) | always | against the model's lap rules read in order at every landing |

use super::rules::{Fact, Hole, HoleState, LapAction, MAX_SLOTS, Player, Rules, Side, SowRules, TurnKind};
use super::sowing::{LapContext, Ring};
use super::state::{MoveList, Phase, State};

/// What the model's lap rules say, read directly and in order, of a lap of `me` ending at
/// position `pos` of their circuit (going back with `rev`), on `counts` after the last seed
/// fell there; `before` is what the hole held before it.
fn rules_say(
    rules: &Rules,
    sow: &SowRules,
    me: Player,
    (pos, rev): (usize, bool),
    counts: &[u16; MAX_SLOTS],
    ctx: &LapContext<'_>,
    before: u16,
) -> LapAction {
    let circuit = &rules.circuit[me];
    let h = circuit[pos];
    let next =
        circuit[if rev { (pos + circuit.len() - 1) % circuit.len() } else { (pos + 1) % circuit.len() }];
    let previous =
        circuit[if rev { (pos + 1) % circuit.len() } else { (pos + circuit.len() - 1) % circuit.len() }];
    let empty = |h: Hole, state: HoleState| (counts[h.index()] == 0) == (state == HoleState::Empty);
    let column = usize::from(rules.hole_column[h.index()]);
    let applies = |rule: &super::rules::LapRule| {
        let at_store = rules.is_store(h);
        let store_fits = rule.store == at_store && (!at_store || rules.store(me) == Some(h));
        store_fits
            && rule.landing.is_none_or(|want| (before > 0) == (want == HoleState::Occupied))
            && rule.side.is_none_or(|side| (rules.hole_owner[h.index()] == me) == (side == Side::Own))
            && rule.role.is_none_or(|role| rules.hole_role[h.index()] == role)
            && rule
                .mark
                .is_none_or(|mark| ctx.marks[usize::from(mark)][h.index() / 64] >> (h.index() % 64) & 1 == 1)
            && rule.facts.iter().all(|fact| match *fact {
                Fact::Opposite(role, state) => {
                    (rules.opposite(me, h, role).map_or(0, |o| counts[o.index()]) == 0)
                        == (state == HoleState::Empty)
                }
                Fact::OppositeHolds(role, min, max) => {
                    (min..=max).contains(&rules.opposite(me, h, role).map_or(0, |o| counts[o.index()]))
                }
                // No hole of the row in the column holds no seeds (see `Rules::in_column`).
                Fact::Column(role, state) => {
                    (rules.column_hole[me][role as usize][column].map_or(0, |c| counts[c.index()]) == 0)
                        == (state == HoleState::Empty)
                }
                Fact::ColumnHolds(role, min, max) => (min..=max)
                    .contains(&rules.column_hole[me][role as usize][column].map_or(0, |c| counts[c.index()])),
                Fact::Next(state) => empty(next, state),
                Fact::Row(side, role, state) => {
                    let p = if side == Side::Own { me } else { me.other() };
                    rules.role_hole[p][usize::from(role)].iter().all(|h| counts[h.index()] == 0)
                        == (state == HoleState::Empty)
                }
                Fact::Origin(min, max) => (min..=max).contains(&ctx.origin),
                Fact::Holds(min, max) => (min..=max).contains(&counts[h.index()]),
                Fact::PreviousHolds(min, max) => (min..=max).contains(&counts[previous.index()]),
                Fact::NotReached(..) => !ctx.reached,
                // Read by `engine::stepwise` alone (`Fact::lap_by_lap`); the ring takes them as
                // holding.
                fact => {
                    debug_assert!(fact.lap_by_lap(), "{fact:?}");
                    true
                }
            })
    };
    sow.lap_rules.iter().find(|rule| applies(rule)).map_or(sow.lap_otherwise, |rule| rule.action)
}

/// At every landing of the mover's ring (both directions), the lap table's verdict against
/// the model's lap rules. The exact verdict must be equal; the verdict that only tells
/// whether the sowing goes on must agree on that, and be exact when it does. Returns the
/// landings compared.
fn compare_lap_table(rules: &Rules, state: &State) -> usize {
    let me = state.to_move;
    let TurnKind::Sow(sow) = &rules.phase_rules(state, me).turn else { return 0 };
    let ring = &sow.rings[me];
    let mut compared = 0;
    for pos in 0..ring.len {
        let slot = ring.slot(pos);
        let before = state.counts[slot];
        let mut counts = state.counts;
        counts[slot] += 1;
        let ctx = LapContext {
            marks: &state.marks,
            origin: state.counts[rules.circuit[me][ring.len - 1 - pos].index()],
            reached: false,
        };
        for rev in [false, true] {
            let (exact, quick) = if rev {
                (
                    ring.lap_action::<true, true>(&counts, &ctx, pos, before),
                    ring.lap_action::<false, true>(&counts, &ctx, pos, before),
                )
            } else {
                (
                    ring.lap_action::<true, false>(&counts, &ctx, pos, before),
                    ring.lap_action::<false, false>(&counts, &ctx, pos, before),
                )
            };
            let said = rules_say(rules, sow, me, (pos, rev), &counts, &ctx, before);
            let name = || {
                format!(
                    "{}: a lap ending in {} (reversed: {rev}, held {before})",
                    rules.meta().name,
                    rules.hole_name(Hole(slot as u8))
                )
            };
            assert_eq!(exact, said, "{}", name());
            let relays =
                |a: LapAction| matches!(a, LapAction::Relay | LapAction::RelayBack | LapAction::RelayNext);
            assert_eq!(relays(quick), relays(said), "{}: goes on?", name());
            if relays(quick) {
                assert_eq!(quick, said, "{}", name());
            }
            compared += 1;
        }
    }
    compared
}

/// The general interpreter's answer: does sowing `h` end? Sown on a whole board with the
/// general lap (slots read through the ring's map).
fn general_ends<const REV: bool>(state: &State, ring: &Ring, h: super::Hole) -> bool {
    let mut general = ring.clone();
    general.simple = false;
    general.short_runs = false;
    let mut scratch = state.counts;
    let hand = u32::from(scratch[h.index()]);
    scratch[h.index()] = 0;
    let ctx = LapContext { marks: &state.marks, origin: hand as u16, reached: false };
    general.sow_from::<false, REV>(&mut scratch, &ctx, general.pos(h), hand, 0).is_ok()
}

/// Sowing `h` in full, exactly (the lap rules' exact actions, the hash followed), by the
/// simple ring's lap or (`general`) the general one: how it ended and the board after it.
fn sown<const REV: bool>(
    state: &State,
    ring: &Ring,
    h: super::Hole,
    general: bool,
) -> (Result<super::sowing::SowEnd, super::Endless>, [u16; MAX_SLOTS]) {
    let mut ring = ring.clone();
    ring.simple &= !general;
    ring.short_runs &= !general;
    let mut board = state.counts;
    let hand = u32::from(board[h.index()]);
    board[h.index()] = 0;
    let ctx = LapContext { marks: &state.marks, origin: hand as u16, reached: false };
    let end = ring.sow_from::<true, REV>(&mut board, &ctx, ring.pos(h), hand, 0);
    (end, board)
}

/// Every candidate of `state` (in both directions): the fast answer against the general one,
/// and on a simple ring the whole sowing (its end, laps, hash and board) by both laps;
/// and where no lap relays, the branch-free list against the list with every candidate sown.
/// Returns the sowings and the lists compared.
fn compare_candidates(rules: &Rules, state: &State) -> (usize, usize) {
    if state.outcome().is_some() || state.phase != Phase::Sow {
        return (0, 0);
    }
    let me = state.to_move;
    let TurnKind::Sow(sow) = &rules.phase_rules(state, me).turn else { return (0, 0) };
    if sow.first_hole.is_some() {
        // A first lap with seeds by rule into its first hole is always played out in full
        // (`Ring::capture_sows`): no fast path answers for it.
        return (0, 0);
    }
    let ring = &sow.rings[me];
    let lists = if ring.never_relays { compare_lists(rules, state, sow) } else { 0 };
    let mut compared = 0;
    for &h in rules.territory(me) {
        if state.count(h) == 0 {
            continue;
        }
        for rev in [false, true] {
            let (fast, general) = if rev {
                (rules.candidate_ends::<true>(state, ring, h), general_ends::<true>(state, ring, h))
            } else {
                (rules.candidate_ends::<false>(state, ring, h), general_ends::<false>(state, ring, h))
            };
            // Where a capture's seeds are sown on or a lap may be turned, a candidate is played
            // out whole by the interpreter (`Rules::turn_ends`), no fast path; the ring alone
            // answers only for the sowing's first part, up to a capture or a hole a lap may be
            // turned from, and the turn may go on for ever after it: a turn that ends has a
            // first part that ends.
            let agree = if ring.capture_sows { !fast || general } else { fast == general };
            assert!(
                agree,
                "{}: sowing {} (reversed: {rev}): fast {fast}, general {general}",
                rules.meta().name,
                rules.hole_name(h)
            );
            if ring.simple {
                compare_simple(rules, state, ring, (h, rev), general);
            }
            compared += 1;
        }
    }
    (compared, lists)
}

/// Where no lap relays, the list built without sowing against the list with every
/// candidate sown, in both directions. Returns the lists compared.
fn compare_lists(rules: &Rules, state: &State, sow: &SowRules) -> usize {
    let mut lists = 0;
    for rev in [false, true] {
        let (mut fast, mut general) = (MoveList::new(), MoveList::new());
        if rev {
            rules.sow_moves_in::<true>(state, sow, &mut fast, false);
            rules.sow_moves_in::<true>(state, sow, &mut general, true);
        } else {
            rules.sow_moves_in::<false>(state, sow, &mut fast, false);
            rules.sow_moves_in::<false>(state, sow, &mut general, true);
        }
        assert_eq!(fast.as_slice(), general.as_slice(), "{}: the list without relays", rules.meta().name);
        lists += 1;
    }
    lists
}

/// On a simple ring, sowing `h` going `rev` in full by the ring's run of slots against the
/// general lap (its end, laps, hash and board), and the first lap's verdict read off the
/// board against `general`, the general answer to whether the sowing ends.
fn compare_simple(rules: &Rules, state: &State, ring: &Ring, (h, rev): (Hole, bool), general: bool) {
    let (by_run, by_map) = if rev {
        (sown::<true>(state, ring, h, false), sown::<true>(state, ring, h, true))
    } else {
        (sown::<false>(state, ring, h, false), sown::<false>(state, ring, h, true))
    };
    assert_eq!(by_run, by_map, "{}: the board after sowing {}", rules.meta().name, rules.hole_name(h));
    let pos = h.index() - ring.base;
    let slots = &state.counts[ring.base..ring.base + ring.len];
    let first =
        if rev { ring.first_lap_ends::<true>(slots, pos) } else { ring.first_lap_ends::<false>(slots, pos) };
    assert!(!first || general, "{}: first lap of {} said it ends", rules.meta().name, rules.hole_name(h));
}

/// What [`compare`] compared at a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Compared {
    /// Candidate sowings (a hole in one direction).
    pub sowings: usize,
    /// Lists built without sowing, against lists with every candidate sown.
    pub lists: usize,
    /// Landings where the lap table's verdict was read.
    pub landings: usize,
}

/// Every fast path at `state` against the general path, asserting that each agrees (a
/// panic names the game, the hole and what differs): the lap table at every landing, each
/// candidate's sowing, and the list without sowing.
pub fn compare(rules: &Rules, state: &State) -> Compared {
    let landings = if state.outcome().is_none() && state.phase == Phase::Sow {
        compare_lap_table(rules, state)
    } else {
        0
    };
    let (sowings, lists) = compare_candidates(rules, state);
    Compared { sowings, lists, landings }
}

/// Whether the lap table sows `rules`' laps (rather than the general interpreter, which
/// reads the lap rules lap by lap).
pub fn sown_by_lap_table(rules: &Rules) -> bool {
    !rules.flags.interpreted
}
