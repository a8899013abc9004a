//! Hand-checked worked examples of Choro (Acholi) (`rules/choro-acholi.sow`): the opening
//! sowing from the outer row, whose back captures (a lap ending in an occupied outer hole
//! takes the two enemy holes of its column) cease once a seed of the turn has reached the
//! inner row, the capture of the two holes facing an occupied inner landing, its seeds put
//! into the hole the capturing lap was lifted from and sown on. The main phase is Mweiso's
//! (its clockwise laps are pinned in `mweiso.rs`); pinned here: a clockwise capture's seeds
//! left in their hole while the other clockwise hole is sown, and the one clockwise capture
//! of a turn that began anticlockwise.
//!
//! Clockwise, South's circuit runs b1 → b2 → … → b8 → a8 → … → a1 → b1. South's clockwise
//! holes are a1 (the leftmost outer hole) and b2 (the 2nd inner hole).
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top (4×8):
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```

use sow::Rules;
use sow::engine::{Game, History, Move, Outcome, Player, WinReason};
use sow::model::Direction;

use crate::common;
use crate::kit::*;

fn choro() -> Rules {
    common::rules("choro-acholi", None, &[])
}

fn cw(rules: &Rules, name: &str) -> Move {
    Move::SowDirection(hole(rules, name), Direction::Clockwise)
}

/// The opening: South's first sowing starts in its outer row (a1–a8). a1 (2):
/// 1. a2 2→3, a3 2→3 — an occupied outer hole facing c3 (2) and d3 (2), no seed in the
///    inner row yet: a back capture. The 4 go into a1, where the lap began, and the hole
///    is sown on from a2:
/// 2. a2 3→4, a3 3→4, a4 2→3, a5 2→3 — occupied, facing c5 (2), d5 (2): 4 more into a1:
/// 3. a2 4→5, a3 4→5, a4 3→4, a5 3→4 — c5 and d5 are now empty: relay 4 from a5:
/// 4. a6 2→3, a7 2→3, a8 2→3, b8 2→3 — an occupied inner hole facing c8 (2), d8 (2): 4
///    into a5 (0→4), sown on:
/// 5. a6 3→4, a7 3→4, a8 3→4, b8 3→4 — c8 and d8 are empty: relay 4 from b8:
/// 6. b7 2→3, b6 2→3, b5 2→3, b4 2→3 — facing c4 (2), d4 (2): 4 into b8, sown on:
/// 7. b7 3→4, b6 3→4, b5 3→4, b4 3→4 — c4, d4 empty: relay 4 from b4:
/// 8. b3 2→3, b2 2→3, b1 2→3, a1 0→1 — a1 had been emptied: the end.
///
/// 8 laps, 2 + 7 × 4 = 30 seeds; 16 taken from columns 3, 4, 5 and 8. North then opens
/// from its outer holes of two: d1, d2, d6, d7.
#[test]
fn the_opening_back_captures_before_the_inner_row() {
    let rules = choro();
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]));
    let effect = game.play(Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(
        effect,
        sow_effect(
            &rules,
            8,
            30,
            "a1",
            &[("c3", 2), ("c4", 2), ("c5", 2), ("c8", 2), ("d3", 2), ("d4", 2), ("d5", 2), ("d8", 2)],
            true
        )
    );
    assert_board(
        &rules,
        game.state(),
        "d 2 2 0 0 0 2 2 0
         c 2 2 0 0 0 2 2 0
         b 3 3 3 0 4 4 4 0
         a 1 5 5 4 0 4 4 4",
    );
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1", "d2", "d6", "d7"]));
}

/// Back captures cease once a seed of the turn has reached the inner row. a5 (2):
/// 1. a6 2→3, a7 2→3 — back capture of c7 (2), d7 (2): 4 into a5, sown on:
/// 2. a6 3→4, a7 3→4, a8 2→3, b8 2→3 — the inner row is reached; c8, d8 (2, 2): 4 into a5:
/// 3. a6 4→5, a7 4→5, a8 3→4, b8 3→4 — c8, d8 empty: relay 4 from b8:
/// 4. b7 2→3, b6 2→3, b5 2→3, b4 2→3 — c4, d4 (2, 2): 4 into b8:
/// 5. b7 3→4, b6 3→4, b5 3→4, b4 3→4 — c4, d4 empty: relay 4 from b4:
/// 6. b3 2→3, b2 2→3, b1 2→3, a1 2→3 — an occupied outer hole facing c1 (2) and d1 (2),
///    but the turn has sown into the inner row: relay 3 from a1:
/// 7. a2 2→3, a3 2→3, a4 2→3 — relay 3 from a4:
/// 8. a5 0→1, a6 5→6, a7 5→6 — relay 6 from a7:
/// 9. a8 4→5, b8 0→1, b7 4→5, b6 4→5, b5 4→5, b4 0→1 — b4 had been emptied: the end.
///
/// 9 laps, 2 + 5 × 4 + 3 + 3 + 6 = 34 seeds; 12 taken from columns 4, 7 and 8 (c1 and
/// d1 stay). North opens from its outer holes of two: d1, d2, d3, d5, d6. Seen failing with
/// the fact taken as always true (c1 and d1 taken at lap 6).
#[test]
fn back_captures_cease_once_the_inner_row_is_reached() {
    let rules = choro();
    let mut game = Game::new(&rules);
    let effect = game.play(Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_eq!(
        effect,
        sow_effect(
            &rules,
            9,
            34,
            "b4",
            &[("c4", 2), ("c7", 2), ("c8", 2), ("d4", 2), ("d7", 2), ("d8", 2)],
            true
        )
    );
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 0 2 2 0 0
         c 2 2 2 0 2 2 0 0
         b 3 3 3 1 5 5 5 1
         a 0 3 3 0 1 6 0 5",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1", "d2", "d3", "d5", "d6"]));
}

/// South a1 (2) clockwise: b1 0→1, b2 2→3, an occupied inner hole facing c2 (1) and d2 (1):
/// both go into a1, where the lap began. From a1 a clockwise lap (b1 1→2, b2 3→4) would
/// capture nothing now, but the captured seeds may be left in a1 while b2 (3) is sown
/// clockwise, since that lap captures: b3 0→1, b4 0→1, b5 1→2, facing c5 (1) and d5 (1).
/// Both go into b2 (0→2); neither b2 clockwise (ending in b4, facing nothing) nor a1
/// clockwise (ending in b2, facing nothing) captures now, so b2 is sown on anticlockwise:
/// b1 1→2, a1 2→3, relay a1 (clockwise it would end in b3, facing nothing): a2, a3, a4
/// 0→1, the end. Seen failing without the `left in its hole` line (no `b2:cw` at the
/// pause, only `relay`).
#[test]
fn a_clockwise_capture_may_be_left_for_the_other_clockwise_hole() {
    let rules = choro();
    let mut state = state(
        &rules,
        &setup(
            &rules,
            "d 0 1 0 0 1 0 0 2
             c 0 1 0 0 1 0 0 0
             b 0 2 0 0 1 0 0 0
             a 2 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(
        legal(&rules, &state),
        vec![Move::Sow(hole(&rules, "a1")), Move::Sow(hole(&rules, "b2")), cw(&rules, "a1")]
    );
    rules.play(&mut state, &mut history, cw(&rules, "a1")).unwrap();
    assert_eq!(legal(&rules, &state), vec![Move::Relay, cw(&rules, "b2")]);
    rules.play(&mut state, &mut history, cw(&rules, "b2")).unwrap();
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0
         b 2 0 1 1 2 0 0 0
         a 0 1 1 1 0 0 0 0",
    );
}

/// A turn that begins anticlockwise captures clockwise once. South a8 (7): b8…b3 0→1, b2
/// 1→2, occupied and facing nothing (c2 empty): a relay from b2, which may go clockwise
/// since that lap (b3 1→2, b4 1→2) ends in an occupied inner hole facing c4 (1) and d4
/// (2). Clockwise: both (3) go into b2. A clockwise lap of b2's three (b3 2→3, b4 2→3, b5
/// 1→2, facing c5 and d5) would capture again, but only one clockwise capture is allowed:
/// b2 is sown on anticlockwise at once (b1, a1, a2 0→1, the end). Seen failing without the
/// `capture once a turn` line (a second pause offering `b2:cw`).
#[test]
fn a_turn_that_began_anticlockwise_captures_clockwise_once() {
    let rules = choro();
    let mut state = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 2 1 0 0 2
             c 0 0 0 1 1 0 0 0
             b 0 1 0 0 0 0 0 0
             a 0 0 0 0 0 0 0 7",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a8"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(legal(&rules, &state), vec![Move::Relay, cw(&rules, "b2")]);
    rules.play(&mut state, &mut history, cw(&rules, "b2")).unwrap();
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 1 0 0 2
         c 0 0 0 0 1 0 0 0
         b 1 0 2 2 1 1 1 1
         a 1 1 0 0 0 0 0 0",
    );
}

/// "ludii": a back capture takes the enemy outer hole alone. South's opening a1 (2):
/// 1. a2 2→3, a3 2→3 — an occupied outer hole facing d3 (2): d3 alone (c3 stays) into a1,
///    sown on: a2 3→4, a3 3→4 — d3 is empty now: relay 4 from a3:
/// 2. a4, a5, a6, a7 2→3 — facing d7 (2): into a3 (0→2), sown on: a4 3→4, a5 3→4 — facing
///    d5 (2): into a3 again, sown on: a4 4→5, a5 4→5 — d5 empty: relay 5 from a5:
/// 3. a6 3→4, a7 3→4, a8 2→3, b8 2→3, b7 2→3 — facing c7 (2) but d7 (0): relay 3 from b7:
/// 4. b6, b5, b4 2→3 — an earlier lap ended in the inner row: c4 (2) and d4 (2) into b7
///    (0→4), sown on: b6 3→4, b5 3→4, b4 3→4, b3 2→3 — facing c3 (2) but d3 (0): relay 3:
/// 5. b2 2→3, b1 2→3, a1 0→1 — a1 had been emptied: the end.
///
/// 10 seeds taken, from d3, d7, d5, c4 and d4 (the base game takes columns 3, 4, 5 and 8
/// whole). Seen failing with back captures taking both holes (c3, c5, c7 gone).
#[test]
fn ludii_back_captures_take_the_outer_hole_alone() {
    let rules = common::rules("choro-acholi", Some("ludii"), &[]);
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]));
    game.play(Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 2 2 0 0 0 2 0 2
         c 2 2 2 0 2 2 2 2
         b 3 3 0 4 4 4 0 3
         a 1 4 0 5 0 4 4 3",
    );
}

/// "ludii": the inner row counts as reached only once a lap has ended there, from the next
/// lap on. South's opening a7 (2):
/// 1. a8 2→3, b8 2→3 — an occupied inner hole facing c8 (2) and d8 (2), but no earlier lap
///    ended in the inner row: a relay of 3 from b8 (the base game captures here):
/// 2. b7, b6, b5 2→3 — facing c5 (2), d5 (2): 4 into b8 (0→4), sown on:
/// 3. b7 3→4, b6 3→4, b5 3→4, b4 2→3 — facing c4 (2), d4 (2): 4 more into b8, sown on:
/// 4. b7 4→5, b6 4→5, b5 4→5, b4 3→4 — c4, d4 empty: relay 4 from b4:
/// 5. b3, b2, b1 2→3, a1 2→3 — an outer hole, but the row has been reached: relay 3:
/// 6. a2, a3, a4 2→3 — relay 3 from a4:
/// 7. a5 2→3, a6 2→3, a7 0→1 — a7 had been emptied: the end.
///
/// Seen failing with the fact read as `no seed of the turn has reached …` (c8 and d8 taken
/// at lap 1).
#[test]
fn ludii_counts_the_inner_row_reached_once_a_lap_has_ended_there() {
    let rules = common::rules("choro-acholi", Some("ludii"), &[]);
    let mut game = Game::new(&rules);
    game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 0 0 2 2 2
         c 2 2 2 0 0 2 2 2
         b 3 3 3 0 5 5 5 0
         a 0 3 3 0 3 3 1 3",
    );
}

/// The laps `Rules::sowing_laps` traces for a front end, around a paused turn (the position
/// of `a_turn_that_began_anticlockwise_captures_clockwise_once`): South's a8 (7) drops one
/// seed in each of b8 … b2 and stops there, as play pauses before b2's lap (it may go
/// clockwise). At the pause, `b2:cw` lifts b2's two into b3 and b4, where the lap captures
/// c4 (1) and d4 (2) into b2, the lap's origin, and sows the hole on the usual way,
/// anticlockwise: b1, a1, a2 (a lap of captured seeds); `relay` sows b2's two
/// anticlockwise into b1 and a1, which was empty: one lap. Seen failing without the
/// tracer's turned lap (`b2:cw` traced no lap) and without its pause (a8 traced on past b2,
/// into b1 and a1).
#[test]
fn the_laps_traced_around_a_turned_lap() {
    let rules = choro();
    let mut state = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 2 1 0 0 2
             c 0 0 0 1 1 0 0 0
             b 0 1 0 0 0 0 0 0
             a 0 0 0 0 0 0 0 7",
            Player::South,
        ),
    );
    let traced = |state: &sow::engine::State, mv: Move| -> Vec<(String, Vec<String>)> {
        rules
            .sowing_laps(state, mv)
            .iter()
            .map(|l| (rules.hole_name(l.from), l.drops.iter().map(|&h| rules.hole_name(h)).collect()))
            .collect()
    };
    let lap = |from: &str, drops: &[&str]| (from.to_string(), drops.iter().map(|d| d.to_string()).collect());
    let mut history = History::new(&rules, &state);
    assert_eq!(
        traced(&state, Move::Sow(hole(&rules, "a8"))),
        vec![lap("a8", &["b8", "b7", "b6", "b5", "b4", "b3", "b2"])]
    );
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(legal(&rules, &state), vec![Move::Relay, cw(&rules, "b2")]);
    assert_eq!(
        traced(&state, cw(&rules, "b2")),
        vec![lap("b2", &["b3", "b4"]), lap("b2", &["b1", "a1", "a2"])]
    );
    let captured: Vec<bool> =
        rules.sowing_laps(&state, cw(&rules, "b2")).iter().map(|l| l.captured).collect();
    assert_eq!(captured, vec![false, true]);
    // Play tells the same two laps: the turned lap and its captured seeds sown on.
    let effect = rules.play(&mut state.clone(), &mut history.clone(), cw(&rules, "b2")).unwrap();
    assert_eq!((effect.laps, effect.sown, effect.last), (2, 5, Some(hole(&rules, "a2"))));
    assert_eq!(traced(&state, Move::Relay), vec![lap("b2", &["b1", "a1"])]);
}

/// The position of the "ludii" examples below, in the opening "outer row" for both players.
fn ludii_opening(board: &str) -> sow::engine::State {
    let rules = common::rules("choro-acholi", Some("ludii"), &[]);
    let mut setup = setup(&rules, board, Player::South);
    setup.opening = Some("outer row".to_string());
    state(&rules, &setup)
}

/// "ludii": a back capture of a single seed ends the opening for the mover there, and the
/// rest of the turn is played by the main game's rules (Ludii's `nextPhase Mover` when the
/// last hole a move put seeds into holds one). South opens a2 (2):
/// 1. a3 0→1, a4 1→2 — an occupied outer hole, no lap ended in the inner row, facing d4 (1):
///    a back capture of d4 alone, into a2 (0→1). a2 holds one seed: South is in the main game
///    now, and sows a2 (1) by its rules:
/// 2. a3 1→2 — occupied, an outer hole: the main game relays (the opening would take d3 (2),
///    the occupied outer hole facing it):
/// 3. a4 2→3, a5 0→1 — a5 was empty: the end.
///
/// d3 keeps its 2, d4 is empty; South is in the main game, North still opens (from d3).
/// Seen failing with the opening's rules kept to the end of the turn (d3 taken, a2 sown
/// again: a3 3, a5 1, a6 1, a7 1).
#[test]
fn ludii_a_lone_seed_back_capture_ends_the_opening_mid_turn() {
    let rules = common::rules("choro-acholi", Some("ludii"), &[]);
    let mut state = ludii_opening(
        "d 0 0 2 1 0 0 0 0
         c 2 2 2 2 2 2 2 2
         b 0 0 0 0 0 0 0 0
         a 0 2 0 1 0 0 0 0",
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a2"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a2"))).unwrap();
    assert_board(
        &rules,
        &state,
        "d 0 0 2 0 0 0 0 0
         c 2 2 2 2 2 2 2 2
         b 0 0 0 0 0 0 0 0
         a 0 0 0 3 1 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.phase_of(Player::South), 1, "South plays the main game from now on");
    assert_eq!(state.phase_of(Player::North), 0, "North still opens");
    assert_eq!(legal(&rules, &state), sows(&rules, &["d3"]));
}

/// "ludii": the rest of such a turn may turn a lap clockwise, as the main game does. South
/// opens a1 (2): a2 0→1, a3 1→2 — occupied outer, facing d3 (1): d3 alone into a1 (0→1),
/// and South is in the main game. a1 is the leftmost outer hole: its lap of one seed may go
/// clockwise, into b1, an inner hole facing c1 (2) and d1 (2) — so play pauses there, before
/// a1's lap, for South to choose (the opening never turns a lap). Clockwise, the seed falls
/// into b1, which was empty: the end. Seen failing with the opening's rules kept (no pause:
/// a1 relayed anticlockwise at once).
#[test]
fn ludii_the_rest_of_the_turn_may_turn_a_lap_clockwise() {
    let rules = common::rules("choro-acholi", Some("ludii"), &[]);
    let mut state = ludii_opening(
        "d 2 0 1 0 0 0 0 0
         c 2 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 2 0 1 0 0 0 0 0",
    );
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), vec![Move::Relay, cw(&rules, "a1")]);
    rules.play(&mut state, &mut history, cw(&rules, "a1")).unwrap();
    assert_board(
        &rules,
        &state,
        "d 2 0 0 0 0 0 0 0
         c 2 0 0 0 0 0 0 0
         b 1 0 0 0 0 0 0 0
         a 0 1 2 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(legal(&rules, &state), sows(&rules, &["d1"]));
}

/// "ludii": a player with no opening move loses. South opens a1 (2): a2 0→1, a3 0→1 — a3
/// was empty: the end. North's outer holes hold one seed or none, so North has no opening
/// move (`own outer hole with at least 2 seeds`): South wins. The base game sends North on
/// to the main game instead, where its inner holes of two may be sown.
#[test]
fn ludii_a_player_with_no_opening_move_loses() {
    let board = "d 1 1 1 1 1 1 1 0
                 c 2 2 2 2 2 2 2 2
                 b 0 0 0 0 0 0 0 0
                 a 2 0 0 0 0 0 0 0";
    let rules = common::rules("choro-acholi", Some("ludii"), &[]);
    let mut played = ludii_opening(board);
    let mut history = History::new(&rules, &played);
    rules.play(&mut played, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(played.outcome(), Some(Outcome::Win { winner: Player::South, reason: WinReason::Blocked }));
    assert_eq!(legal(&rules, &played), vec![]);

    let base = choro();
    let mut setup = setup(&base, board, Player::South);
    setup.opening = Some("outer row".to_string());
    let mut state = state(&base, &setup);
    let mut history = History::new(&base, &state);
    base.play(&mut state, &mut history, Move::Sow(hole(&base, "a1"))).unwrap();
    assert_eq!(state.outcome(), None);
    assert_eq!(state.phase_of(Player::North), 1, "North goes on to the main game");
    assert!(legal(&base, &state).contains(&Move::Sow(hole(&base, "c1"))));
}
