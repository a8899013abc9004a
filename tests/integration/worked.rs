//! Hand-checked worked examples of Nsolo (DESIGN.md §4) and its Sanderson-1913 ruleset.
//!
//! Every expectation here was worked out by hand from the rules text, not copied from the
//! engine; each test's comment shows the calculation. Positions are written as the board
//! picture shows them, North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```
//!
//! In the traces, `x→y` (or `x+1→y`) means a seed fell into a hole that held `x` and now
//! holds `y`; a lap whose last seed falls into an occupied hole lifts that hole and sows on
//! (relay).

use sow::Rules;
use sow::engine::{
    DrawReason, Game, History, Move, MoveList, Outcome, Phase, PlayErrorKind, Player, TurnError, WinReason,
};

use crate::common;
use crate::kit::*;

// ---------------------------------------------------------------------------------------
// Helpers

fn nsolo() -> Rules {
    common::rules("nsolo", None, &[])
}

fn sanderson(params: &[&str]) -> Rules {
    common::rules("nsolo", Some("sanderson-1913"), params)
}

// ---------------------------------------------------------------------------------------
// 1. A plain relay: three laps, ending in an empty hole, no capture.

/// South sows a1 (2 seeds):
///   lap 1: a2 0+1→1, a3 1+1→2       last in occupied a3 → lift 2
///   lap 2: a4 0+1→1, a5 4+1→5       last in occupied a5 → lift 5
///   lap 3: a6, a7, a8 0→1, then (turning into the inner row) b8 0→1, b7 0→1
///          last in b7, which was empty → the sowing ends. b7 is South's inner hole, but
///          the opposite c7 is empty, so nothing is captured (b8 faces the occupied c8, but
///          only the last seed's hole counts).
/// Laps 3, seeds sown 2 + 2 + 5 = 9. Legal before: the holes with ≥ 2, a1 and a5.
#[test]
fn plain_relay_three_laps_no_capture() {
    let rules = nsolo();
    let mut state = position(
        &rules,
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 2
         b 0 0 0 0 0 0 0 0
         a 2 0 1 0 4 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a5"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 3, 9, "b7", &[], true));
    assert_board(
        &rules,
        &state,
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 2
         b 0 0 0 0 0 0 1 1
         a 0 1 0 1 0 1 1 1",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.phase(), Phase::Sow);
    assert_eq!(state.outcome(), None);
    assert_eq!(state.captured()[Player::South], 0);
}

// ---------------------------------------------------------------------------------------
// 2. A hand larger than the circuit: 20 seeds on South's 16-hole circuit pass the origin.

/// South's circuit, numbered 0…15: a1…a8 = 0…7, b8…b1 = 8…15. Only a1 (0) holds seeds: 20.
///   lap 1: 20 seeds from 0: one round of 16 (every hole 0→1, the origin a1 included —
///          laps do not skip the origin), then 4 more into 1…4 (→2). Last in 4 (a5), which
///          already held 1 → lift 2.      counts 1 2 2 2 0 1 1 1 | 1 1 1 1 1 1 1 1
///   lap 2: from 4, hand 2: 5 1→2, 6 1→2 → lift 6 (2)
///   lap 3: from 6: 7 1→2, 8 1→2 → lift 8            (8 = b8)
///   lap 4: from 8: 9 1→2, 10 1→2 → lift 10
///   lap 5: from 10: 11 1→2, 12 1→2 → lift 12
///   lap 6: from 12: 13 1→2, 14 1→2 → lift 14
///   lap 7: from 14: 15 1→2, 0 1→2 → lift 0 (a1, passing the origin again)
///          counts 0 2 2 2 0 2 0 2 | 0 2 0 2 0 2 0 2
///   lap 8: from 0: 1 2→3, 2 2→3 → lift 2 (3)
///   lap 9: from 2, hand 3: 3 2→3, 4 0→1, 5 2→3 → lift 5 (3)
///   lap 10: from 5, hand 3: 6 0→1, 7 2→3, 8 0→1 → 8 (b8) was empty: the sowing ends.
///          b8 faces c8, which is empty: no capture.
///          counts 0 3 0 3 1 0 1 3 | 1 2 0 2 0 2 0 2   (b8 b7 b6 b5 b4 b3 b2 b1)
/// Laps 10; sown 20 + 7×2 + 3 + 3 = 40; total on South's side still 20.
#[test]
fn relay_with_hand_larger_than_the_circuit() {
    let rules = nsolo();
    let mut state = position(
        &rules,
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 1 0
         b 0 0 0 0 0 0 0 0
         a 20 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 10, 40, "b8", &[], true));
    assert_board(
        &rules,
        &state,
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 1 0
         b 2 0 2 0 2 0 2 1
         a 0 3 0 3 1 0 1 3",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.outcome(), None);
}

// ---------------------------------------------------------------------------------------
// 3. A capture with its strip, in canonical board order.

/// South sows a8 (2):
///   lap 1: b8 0+1→1, b7 1+1→2 → lift 2
///   lap 2: b6 0→1, b5 0→1 → b5 was empty, it is South's inner row, and the opposite c5
///          holds 3: capture c5's 3 seeds. k = 3.
/// North keeps c2 1, d1 2, d8 1 (4 seeds ≥ 3): South strips 3, one seed per decision, each
/// from the previous pick's hole or later in board order (c1…c8, d1…d8), and only where
/// the seeds from that hole on still cover the picks owed:
///   owed 3: c2 (1+2+1 = 4 ≥ 3) yes, d1 (2+1 = 3) yes, d8 (1) no   → [c2, d1]
///   pick c2; owed 2: c2 now empty; d1 (3 ≥ 2) yes, d8 (1) no        → [d1]
///   pick d1; owed 1: d1 (1+1) yes, d8 yes                           → [d1, d8]
///   pick d8: the strip is done and only now does the turn pass to North.
/// South has captured 3 + 3 = 6.
#[test]
fn capture_then_strip_in_board_order() {
    let rules = nsolo();
    let mut state = position(
        &rules,
        "d 2 0 0 0 0 0 0 1
         c 0 1 0 0 3 0 0 0
         b 0 0 0 0 0 0 1 0
         a 1 0 2 0 0 0 0 2",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a3", "a8"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b5", &[("c5", 3)], false));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(remaining(&state), Some(3));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c2", "d1"]));

    // Skipping c2 is allowed (d1 first), but then c2 can no longer be picked: the picks
    // are written in board order.
    {
        let mut other = state.clone();
        let mut other_history = history.clone();
        rules.play(&mut other, &mut other_history, Move::Pick(hole(&rules, "d1"))).unwrap();
        assert_eq!(legal(&rules, &other), picks(&rules, &["d1"]));
        let before = other.clone();
        let e = rules.play(&mut other, &mut other_history, Move::Pick(hole(&rules, "c2"))).unwrap_err();
        assert_eq!(e.kind(), PlayErrorKind::OutOfOrder);
        assert_eq!(other, before);
    }

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "c2"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("c2", 1)], false));
    assert_eq!(remaining(&state), Some(2));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), picks(&rules, &["d1"]));

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d1"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d1", 1)], false));
    assert_eq!(remaining(&state), Some(1));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), picks(&rules, &["d1", "d8"]));

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d8"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d8", 1)], true));
    assert_eq!(state.phase(), Phase::Sow);
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.turn(), 1);
    assert_eq!(state.outcome(), None);
    assert_eq!(state.captured()[Player::South], 6);
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 1 1 0 1
         a 1 0 2 0 0 0 0 0",
    );
    // North's only seed, d1, is a singleton whose next hole (c1) is empty.
    assert_eq!(legal(&rules, &state), sows(&rules, &["d1"]));
}

// ---------------------------------------------------------------------------------------
// 4. A strip larger than what the opponent has left.

/// South sows b3 (2): b2 0→1, b1 0→1; b1 was empty and faces c1 (3): capture 3.
/// North has only d4 1 and d6 1 left: the strip is min(3, 2) = 2 picks, which must take
/// both: owed 2 → [d4] (d6 alone cannot cover 2), then owed 1 → [d6].
/// North then has no seeds and loses.
#[test]
fn strip_takes_everything_when_the_opponent_has_fewer_than_k() {
    let rules = nsolo();
    let start = position(
        &rules,
        "d 0 0 0 1 0 1 0 0
         c 3 0 0 0 0 0 0 0
         b 0 0 2 0 0 0 0 0
         a 0 0 0 0 1 0 0 0",
        Player::South,
    );
    let mut game = Game::from_state(&rules, start.clone());
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b3"]));

    // Step by step: the strip owes 2, not 3.
    let effect = game.play(Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b1", &[("c1", 3)], false));
    assert_eq!(remaining(game.state()), Some(2));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d4"]));
    game.play(Move::Pick(hole(&rules, "d4"))).unwrap();
    assert_eq!(remaining(game.state()), Some(1));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d6"]));
    let effect = game.play(Move::Pick(hole(&rules, "d6"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d6", 1)], true));
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(game.state().captured()[Player::South], 5);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 1 1 0 0 0 0 0 0
         a 0 0 0 0 1 0 0 0",
    );
    assert!(game.legal_moves().is_empty());

    // The same turn in notation; a third pick is one too many.
    let mut game = Game::from_state(&rules, start.clone());
    assert!(matches!(game.play_turn("b3 x d4 d6 d6"), Err(TurnError::TooLong { .. })));
    assert_eq!(game.state(), &start);
    game.play_turn("b3 x d4 d6").unwrap();
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
}

// ---------------------------------------------------------------------------------------
// 5. A capture that empties the opponent outright: no strip at all.

/// South sows b3 (2): b2 0→1, b1 0→1; b1 was empty and faces c1 (4): capture 4. North's
/// whole side was c1, so North has no seeds: there is no strip and North has lost.
#[test]
fn capture_that_empties_the_opponent_needs_no_strip() {
    let rules = nsolo();
    let mut state = position(
        &rules,
        "d 0 0 0 0 0 0 0 0
         c 4 0 0 0 0 0 0 0
         b 0 0 2 0 0 0 0 0
         a 1 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b1", &[("c1", 4)], true));
    assert_eq!(state.phase(), Phase::Sow);
    assert_eq!(state.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(state.captured()[Player::South], 4);
    assert!(legal(&rules, &state).is_empty());
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 1 1 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0",
    );
}

// ---------------------------------------------------------------------------------------
// 6. DESIGN §4's canonical-order example.

/// South sows b6 (2): b5 0→1, b4 0→1; b4 faces c4 (2): capture 2, k = 2.
/// North is left with exactly c1 1 and d8 1. Owed 2: c1 (1 + 1 = 2) yes; d8 (1) no → [c1].
/// Picking d8 first is refused: it would leave too few after it. Then owed 1 → [d8].
/// North is then empty and loses.
#[test]
fn design_example_c1_then_d8() {
    let rules = nsolo();
    let mut state = position(
        &rules,
        "d 0 0 0 0 0 0 0 1
         c 1 0 0 2 0 0 0 0
         b 0 0 0 0 0 2 0 0
         a 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b4", &[("c4", 2)], false));
    assert_eq!(remaining(&state), Some(2));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c1"]));

    let before = state.clone();
    let e = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d8"))).unwrap_err();
    assert_eq!(e.kind(), PlayErrorKind::OutOfOrder);
    assert_eq!(state, before);

    rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "c1"))).unwrap();
    assert_eq!(legal(&rules, &state), picks(&rules, &["d8"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d8"))).unwrap();
    assert!(effect.turn_over);
    assert_eq!(state.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(state.captured()[Player::South], 4);
}

// ---------------------------------------------------------------------------------------
// 7. A singleton move allowed (and capturing).

/// South has no hole with ≥ 2, so singletons whose next hole is empty may move:
///   a1 → next a2 empty: yes;  a3 → next a4 occupied: no;  a4 → next a5 empty: yes;
///   b2 → next b1 empty: yes.                                   legal [a1, a4, b2]
/// South sows b2 (1): b1 0→1, empty, inner, facing c1 (1): capture 1 (singletons capture
/// too); strip 1 from North's d5 (2) → [d5]; d5 2→1. North to move.
#[test]
fn singleton_allowed_when_no_hole_has_two() {
    let rules = nsolo();
    let mut state = position(
        &rules,
        "d 0 0 0 0 2 0 0 0
         c 1 0 0 0 0 0 0 0
         b 0 1 0 0 0 0 0 0
         a 1 0 1 1 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a4", "b2"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b1", &[("c1", 1)], false));
    assert_eq!(legal(&rules, &state), picks(&rules, &["d5"]));
    rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d5"))).unwrap();
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 1 0 0 0
         c 0 0 0 0 0 0 0 0
         b 1 0 0 0 0 0 0 0
         a 1 0 1 1 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.outcome(), None);
}

// ---------------------------------------------------------------------------------------
// 8. A singleton refused because a hole with two or more exists.

/// a1 holds 1 and its next hole a2 is empty, but a5 holds 2, so only `at least 2` is in
/// force: legal [a5]; a1 is refused, and the reason names both descriptions of the file.
#[test]
fn singleton_refused_while_a_hole_has_two() {
    let rules = nsolo();
    let mut state = position(
        &rules,
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 1 0 0 0 2 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a5"]));
    let before = state.clone();
    let e = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap_err();
    assert_eq!(e.kind(), PlayErrorKind::NotAllowed);
    assert_eq!(
        e.to_string(),
        "a1 holds 1 seed; `own hole with 1 seed whose next hole is empty` may be chosen only when \
         no hole fits `own hole with at least 2 seeds` (a5 does)"
    );
    assert_eq!(state, before);
}

// ---------------------------------------------------------------------------------------
// 9. A singleton refused because its next hole is occupied.

/// Only singletons: a1 (next a2 occupied) no; a2 (next a3 empty) yes; b1 — the circuit
/// turns from b1 back to a1 — (next a1 occupied) no. Legal [a2].
#[test]
fn singleton_refused_when_its_next_hole_is_occupied() {
    let rules = nsolo();
    let mut state = position(
        &rules,
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 1 0 0 0 0 0 0 0
         a 1 1 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a2"]));
    let before = state.clone();
    for (name, next) in [("a1", "a2"), ("b1", "a1")] {
        let e = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, name))).unwrap_err();
        assert_eq!(e.kind(), PlayErrorKind::NotAllowed);
        assert_eq!(
            e.to_string(),
            format!(
                "{name} does not fit `own hole with 1 seed whose next hole is empty`: \
                 it holds 1 seed and its next hole, {next}, is occupied"
            )
        );
        assert_eq!(state, before);
    }
}

// ---------------------------------------------------------------------------------------
// 10. A blocked player loses.

/// South's 16 holes each hold 1: no hole has ≥ 2, and every singleton's next hole is
/// occupied, so South has seeds but no legal move and loses (four-row convention).
/// Reached in play: North sows d5 (2): d4 0→1, d3 0→1, empty outer hole, the turn ends;
/// South to move is blocked.
#[test]
fn blocked_player_loses() {
    let rules = nsolo();
    let text = "d 0 0 0 0 2 0 0 0
                c 0 0 0 0 0 0 0 0
                b 1 1 1 1 1 1 1 1
                a 1 1 1 1 1 1 1 1";
    let mut state = position(&rules, text, Player::South);
    let mut moves = MoveList::new();
    rules.legal_moves(&state, &mut moves);
    assert!(moves.is_empty());
    assert_eq!(state.outcome(), None);
    assert_eq!(rules.settle(&mut state, &moves), win(Player::North, WinReason::Blocked));
    assert_eq!(state.outcome(), win(Player::North, WinReason::Blocked));

    let mut game = Game::from_state(&rules, position(&rules, text, Player::North));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d5"]));
    game.play_turn("d5").unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 0 0 1 1 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 1 1 1 1 1 1 1 1
         a 1 1 1 1 1 1 1 1",
    );
    assert_eq!(game.outcome(), win(Player::North, WinReason::Blocked));
    assert!(game.legal_moves().is_empty());
}

// ---------------------------------------------------------------------------------------
// 11. A repetition draw.

/// Each side holds 10 seeds in a pattern that one forced relay turns into a second
/// pattern, and the next forced relay turns back. Along South's circuit (a1…a8, b8…b1):
///
///   X:  a 0 1 1 2 0 1 0 1 | b8… 0 1 0 1 0 1 0 1     only a4 has ≥ 2: forced a4
///   a4 (2): a5 0→1, a6 1→2 | a7 0→1, a8 1→2 | b8 0→1, b7 1→2 | b6, b5 1→2 | b4, b3 1→2 |
///           b2, b1 1→2 | a1 0→1, a2 1→2 | a3 1→2, a4 0→1: a4 (the lifted origin) was
///           empty → the turn ends in an outer hole; 8 laps of 2, no capture.
///   Y:  a 1 0 2 1 1 0 1 0 | b8… 1 0 1 0 1 0 1 0     only a3 has ≥ 2: forced a3
///   a3 (2): a4 1→2, a5 1→2 | a6 0→1, a7 1→2 | a8, b8 1→2 | b7, b6 1→2 | b5, b4 1→2 |
///           b3, b2 1→2 | b1 0→1, a1 1→2 | a2 0→1, a3 0→1: ends in a3; gives X again.
///
/// North holds the same pattern along its circuit (d8…d1, c1…c8), so its forced turns are
/// d5 (X→Y) and d6 (Y→X). After a4, d5, a3, d6 the start position recurs with South to
/// move: a draw, exactly at the fourth turn and not before. No seed ever leaves the board.
#[test]
fn repetition_draw_after_four_forced_turns() {
    let rules = nsolo();
    let start = position(
        &rules,
        "d 1 0 1 0 2 1 1 0
         c 0 1 0 1 0 1 0 1
         b 1 0 1 0 1 0 1 0
         a 0 1 1 2 0 1 0 1",
        Player::South,
    );
    let mut game = Game::from_state(&rules, start.clone());
    let x_south = "b 1 0 1 0 1 0 1 0
                   a 0 1 1 2 0 1 0 1";
    let y_south = "b 0 1 0 1 0 1 0 1
                   a 1 0 2 1 1 0 1 0";
    let x_north = "d 1 0 1 0 2 1 1 0
                   c 0 1 0 1 0 1 0 1";
    let y_north = "d 0 1 0 1 1 2 0 1
                   c 1 0 1 0 1 0 1 0";

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a4"]));
    let effects = game.play_turn("a4").unwrap();
    assert_eq!(effects, vec![sow_effect(&rules, 8, 16, "a4", &[], true)]);
    assert_board(&rules, game.state(), &format!("{y_south}\n{x_north}"));
    assert_eq!(game.outcome(), None);

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d5"]));
    let effects = game.play_turn("d5").unwrap();
    assert_eq!(effects, vec![sow_effect(&rules, 8, 16, "d5", &[], true)]);
    assert_board(&rules, game.state(), &format!("{y_south}\n{y_north}"));
    assert_eq!(game.outcome(), None);

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a3"]));
    game.play_turn("a3").unwrap();
    assert_board(&rules, game.state(), &format!("{x_south}\n{y_north}"));
    assert_eq!(game.outcome(), None);

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d6"]));
    game.play_turn("d6").unwrap();
    assert_board(&rules, game.state(), &format!("{x_south}\n{x_north}"));
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(rules.board_counts(game.state()), rules.board_counts(&start));
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert!(game.legal_moves().is_empty());
}

// ---------------------------------------------------------------------------------------
// 12. Endless sowing refused.

/// South's circuit, numbered 0…15 (a1…a8 = 0…7, b8…b1 = 8…15), holds 1 seed in every
/// even-numbered hole (a1 a3 a5 a7 b8 b6 b4 b2) and 3 in a4 (circuit hole 3): 11 seeds. a4 is the only
/// hole with ≥ 2, so it is South's only candidate. Sowing it:
///
///   lifted a4: counts 1010 1010 1010 1010 (0…15), hand 3 at 3
///   lap 1: 4 1→2, 5 0→1, 6 1→2 → lift 2       1010 2100 1010 1010
///   lap 2: 7 0→1, 8 1→2 → lift 2               1010 2101 0010 1010
///   lap 3: 9 0→1, 10 1→2 → lift 2              1010 2101 0100 1010
///   lap 4: 11 0→1, 12 1→2 → lift 2             1010 2101 0101 0010
///   lap 5: 13 0→1, 14 1→2 → lift 2             1010 2101 0101 0100
///   lap 6: 15 0→1, 0 1→2 → lift 2              0010 2101 0101 0101
///   lap 7: 1 0→1, 2 1→2 → lift 2               0100 2101 0101 0101
///   lap 8: 3 0→1, 4 2→3 → lift 3               0101 0101 0101 0101, hand 3 at 4
///
/// After 8 laps the sowing state (circuit counts, lifted hole, hand) is the starting one
/// moved one hole along the circuit. Relaying does not depend on which row a hole is in,
/// so the same 8 laps repeat one hole further on, forever: every lap ends in an occupied
/// hole. After 16 × 8 = 128 laps the state repeats exactly. The move is endless, hence
/// illegal, and South, with 11 seeds, has no legal move and loses.
#[test]
fn endless_sowing_is_refused() {
    let rules = nsolo();
    let mut state = position(
        &rules,
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 1 0 1 0 1 0 1
         a 1 0 1 3 1 0 1 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let a4 = Move::Sow(hole(&rules, "a4"));

    let mut moves = MoveList::new();
    let stats = rules.legal_moves_counted(&state, &mut moves);
    assert!(!moves.contains(&a4));
    assert!(moves.is_empty());
    assert_eq!(stats.endless, 1);

    let before = state.clone();
    let e = rules.play(&mut state, &mut history, a4).unwrap_err();
    assert_eq!(e.kind(), PlayErrorKind::Endless);
    assert_eq!(
        e.to_string(),
        "sowing from a4 would never end: its relay laps repeat forever, so the move is not allowed"
    );
    assert_eq!(state, before);

    // A singleton is no way out: `at least 2` is in force because a4 fits it.
    let e = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a7"))).unwrap_err();
    assert_eq!(e.kind(), PlayErrorKind::NotAllowed);
    assert_eq!(state, before);

    assert_eq!(rules.settle(&mut state, &moves), win(Player::North, WinReason::Blocked));
    let game = Game::from_state(&rules, before);
    assert_eq!(game.outcome(), win(Player::North, WinReason::Blocked));
}

// ---------------------------------------------------------------------------------------
// 13. Sanderson 1913: inner and outer taken, then one more whole hole.

/// 4×10. South sows b5 (2): b4 0→1, b3 0→1; b3 was empty and faces c3 (2): the front row
/// is attacked, so c3 (2) and the hole behind it, d3 (3), are taken: 5. Then South takes
/// one more occupied North hole, whole, of South's choice: [c7, d1, d10] in board order.
/// South takes d10 (2): 7 captured; the turn is over. North keeps c7 4, d1 1.
#[test]
fn sanderson_capture_takes_inner_outer_and_one_more_hole() {
    let rules = sanderson(&[]);
    assert_eq!(rules.columns(), 10);
    let mut state = position(
        &rules,
        "d 1 0 3 0 0 0 0 0 0 2
         c 0 0 2 0 0 0 4 0 0 0
         b 0 0 0 0 2 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["b5"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b3", &[("c3", 2), ("d3", 3)], false));
    assert_eq!(remaining(&state), Some(1));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c7", "d1", "d10"]));

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d10"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d10", 2)], true));
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.captured()[Player::South], 7);
    assert_eq!(state.outcome(), None);
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 4 0 0 0
         b 0 0 1 1 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
    );
}

/// Sanderson 1913 on 4×12, the other two cases of his capture:
///   - South sows b6 (2): b5 0→1, b4 0→1; b4 faces an empty c4 (d4 behind it holds 5):
///     "no men can be taken unless a front-row hole is attacked" — nothing is taken.
///   - From the same start, South sows b9 (2): b8 0→1, b7 0→1; b7 faces c7 (3) with an
///     empty d7 behind it: c7 is taken, then one more hole: [d1, d4, d12]. South takes d4 (5).
#[test]
fn sanderson_needs_an_attacked_front_hole_and_takes_one_more_when_the_back_is_empty() {
    let rules = sanderson(&["columns=12"]);
    assert_eq!(rules.columns(), 12);
    let start = position(
        &rules,
        "d 1 0 0 5 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 3 0 0 0 0 0
         b 0 0 0 0 0 2 0 0 2 0 0 0
         a 0 0 0 0 0 0 0 0 0 0 0 0",
        Player::South,
    );
    assert_eq!(legal(&rules, &start), sows(&rules, &["b6", "b9"]));

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b4", &[], true));
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &rules,
        &state,
        "d 1 0 0 5 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 3 0 0 0 0 0
         b 0 0 0 1 1 0 0 0 2 0 0 0
         a 0 0 0 0 0 0 0 0 0 0 0 0",
    );

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b9"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b7", &[("c7", 3)], false));
    assert_eq!(legal(&rules, &state), picks(&rules, &["d1", "d4", "d12"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d4"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d4", 5)], true));
    assert_eq!(state.captured()[Player::South], 8);
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 2 1 1 0 0 0 0
         a 0 0 0 0 0 0 0 0 0 0 0 0",
    );
}

// ---------------------------------------------------------------------------------------
// More worked examples.

/// The start position of 4×8: 2 everywhere except b8 and c1; 60 seeds. South may sow any
/// of its 15 holes with 2. South opens with a1 (2):
///   lap 1: a2 2→3, a3 2→3 → lift 3
///   lap 2: a4 2→3, a5 2→3, a6 2→3 → lift 3
///   lap 3: a7 2→3, a8 2→3, b8 0→1 → b8 was empty and faces c8 (2): capture 2.
/// Strip 2: every occupied North hole is offered (even d8, the last, holds 2); South
/// takes both from d8: d8 → [d8] → done.
#[test]
fn opening_a1_captures_at_once() {
    let rules = nsolo();
    let mut game = Game::new(&rules);
    assert_eq!(rules.total_seeds(), 60);
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 2 2 2 2 2
         c 0 2 2 2 2 2 2 2
         b 2 2 2 2 2 2 2 0
         a 2 2 2 2 2 2 2 2",
    );
    assert_eq!(
        game.legal_moves().to_vec(),
        sows(
            &rules,
            &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "b2", "b3", "b4", "b5", "b6", "b7"]
        )
    );

    let effect = game.play(Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 3, 8, "b8", &[("c8", 2)], false));
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(&rules, &["c2", "c3", "c4", "c5", "c6", "c7", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"])
    );
    game.play(Move::Pick(hole(&rules, "d8"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d8"]));
    game.play(Move::Pick(hole(&rules, "d8"))).unwrap();
    assert_eq!(rules.turn_text(&game.turns()[0].moves), "a1 x d8 d8");
    // 30 + 26 on the board and 4 captured: 60.
    assert_eq!(rules.picture(game.state()), PICTURE_AFTER_A1);
}

const PICTURE_AFTER_A1: &str = concat!(
    "     1   2   3   4   5   6   7   8\n",
    " d   2   2   2   2   2   2   2   0   North: 26 seeds on board\n",
    " c   0   2   2   2   2   2   2   0\n",
    "   ────────────────────────────────\n",
    " b   2   2   2   2   2   2   2   1\n",
    " a   0   3   0   3   3   0   3   3   South: 30 seeds on board, 4 captured\n",
    "     1   2   3   4   5   6   7   8\n",
    "North to move\n",
);

/// North's direction and a strip from South's side. North sows d3 (2):
///   lap 1: d2 0→1, d1 1→2 → lift 2 (North sows d8 → d1, then turns into c1 → c8)
///   lap 2: c1 0→1, c2 0→1 → c2 was empty, North's inner row, facing b2 (2): capture 2.
/// Strip 2 from South's a3 2, a8 1, b5 1 (board order a1…a8, b1…b8):
///   owed 2: a3 (4) yes, a8 (2) yes, b5 (1) no → [a3, a8]
///   pick a3; owed 1: a3 (now 1), a8, b5 all → [a3, a8, b5]
///   pick a8: done; South to move.
#[test]
fn north_relay_capture_and_strip_from_south() {
    let rules = nsolo();
    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 1 0 2 0 0 0 0 0
             c 0 0 0 0 0 0 0 0
             b 0 2 0 0 1 0 0 0
             a 0 0 2 0 0 0 0 1",
            Player::North,
        ),
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d3"]));
    let effect = game.play(Move::Sow(hole(&rules, "d3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "c2", &[("b2", 2)], false));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["a3", "a8"]));
    game.play(Move::Pick(hole(&rules, "a3"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["a3", "a8", "b5"]));
    let effect = game.play(Move::Pick(hole(&rules, "a8"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("a8", 1)], true));
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.state().captured()[Player::North], 4);
    assert_board(
        &rules,
        game.state(),
        "d 0 1 0 0 0 0 0 0
         c 1 1 0 0 0 0 0 0
         b 0 0 0 0 1 0 0 0
         a 0 0 1 0 0 0 0 0",
    );
    // South: a3 (next a4 empty) and b5 (next b4 empty) are both singletons that may move.
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a3", "b5"]));
}

// ---------------------------------------------------------------------------------------
// 12. A typed line is played all or nothing (`Game::play_part`, as the terminal and the page
//     use it), and may leave the turn open for picks typed later.

/// The position of section 4: South's b3 captures 3 from c1, and North has only d4 and d6
/// left, so the strip owes 2 picks: d4, then d6.
fn strip_of_two(rules: &Rules) -> sow::engine::State {
    position(
        rules,
        "d 0 0 0 1 0 1 0 0
         c 3 0 0 0 0 0 0 0
         b 0 0 2 0 0 0 0 0
         a 0 0 0 0 1 0 0 0",
        Player::South,
    )
}

/// `b3 x a1 a1`: b3 is a legal sowing, but a1 is South's own hole, not a pick. Nothing is
/// played: the board, the turns and the repetition history are as before, so that the right
/// line then plays exactly as on a fresh game.
#[test]
fn a_refused_line_changes_nothing() {
    let rules = nsolo();
    let start = strip_of_two(&rules);
    let mut game = Game::from_state(&rules, start.clone());
    for line in ["b3 x a1 a1", "b3 x d4 zz", "b3 x d4 d6 d6", "b3 x d6"] {
        let refused = game.play_part(line).expect_err(line);
        assert_eq!(game.state(), &start, "{line}: {refused}");
        assert!(game.turns().is_empty(), "{line}");
    }
    assert!(matches!(game.play_part("b3 x a1 a1"), Err(TurnError::Illegal(_))));
    assert!(matches!(game.play_part("b3 x d4 zz"), Err(TurnError::Notation(_))));
    assert!(
        matches!(game.play_part("b3 x d4 d6 d6"), Err(TurnError::TooLong { ref extra }) if extra == "d6")
    );
    // d6 alone cannot cover the 2 picks owed: only d4 is offered first.
    assert!(matches!(game.play_part("b3 x d6"), Err(TurnError::Illegal(_))));

    let played = game.play_part("b3 x d4 d6").unwrap();
    let mut fresh = Game::from_state(&rules, start);
    fresh.play_turn("b3 x d4 d6").unwrap();
    assert_eq!(game.state(), fresh.state());
    assert_eq!(game.turns(), fresh.turns());
    assert_eq!(played.iter().map(|p| p.mv).collect::<Vec<_>>(), fresh.turns()[0].moves);
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
}

/// A line of nothing, or only of `x` (which separates the picks), is refused as empty.
#[test]
fn a_line_of_nothing_or_only_x_is_refused_as_empty() {
    let rules = nsolo();
    let mut game = Game::new(&rules);
    for line in ["", "   ", "x", "x x", "X"] {
        assert_eq!(game.play_part(line).unwrap_err(), TurnError::Empty, "`{line}`");
        assert_eq!(game.play_turn(line).unwrap_err(), TurnError::Empty, "`{line}`");
    }
    assert_eq!(game.state(), &rules.start());
    assert_eq!(TurnError::Empty.to_string(), "no decision given: write a hole such as `b3`");
}

/// `b3 x d4` stops with one pick still owed: the turn stays open, South still to move, and
/// the next line goes on with it; a refused line in the middle of the turn takes back
/// nothing of what was played before. `play_turn` refuses the same words as unfinished.
#[test]
fn a_partial_line_leaves_the_picks_owed() {
    let rules = nsolo();
    let start = strip_of_two(&rules);
    let mut whole = Game::from_state(&rules, start.clone());
    assert_eq!(
        whole.play_turn("b3 x d4").unwrap_err(),
        TurnError::Unfinished { owed: "1 more pick".to_string() }
    );
    assert_eq!(whole.state(), &start);

    let mut game = Game::from_state(&rules, start);
    let played = game.play_part("b3").unwrap();
    assert_eq!(played.len(), 1);
    assert_eq!(remaining(game.state()), Some(2));
    let owed = game.state().clone();
    // d6 first would leave d4 alone to cover the second pick: refused, the turn as it was.
    assert!(matches!(game.play_part("d6"), Err(TurnError::Illegal(_))));
    assert_eq!(game.state(), &owed);
    let played = game.play_part("x d4").unwrap();
    assert_eq!(played.iter().map(|p| p.mv).collect::<Vec<_>>(), [Move::Pick(hole(&rules, "d4"))]);
    assert_eq!(remaining(game.state()), Some(1));
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.turns().len(), 1);
    assert_eq!(game.turns()[0].moves, [Move::Sow(hole(&rules, "b3")), Move::Pick(hole(&rules, "d4"))]);
    game.play_part("d6").unwrap();
    assert_eq!(game.turns().len(), 1);
    assert_eq!(rules.turn_text(&game.turns()[0].moves), "b3 x d4 d6");
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
}
