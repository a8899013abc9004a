//! Hand-checked worked examples of Msuwa (`rules/msuwa.sow`): the setup with its two
//! exceptions, the capture of the opposite inner hole, the outer hole behind it, and then
//! two more holes of the capturer's choice — and the file's DECIDED points (the two extra
//! holes are mandatory, whole holes, fewer when fewer are occupied; singletons capture; a
//! blocked player loses; a repeated position is a draw). The ruleset "wa-kunja" (Msuwa wa
//! Kunja) differs only in its start, with the inner rows empty; its examples come last.
//!
//! Every expectation was worked out by hand from the rules text. Positions are written as
//! the board picture shows them, North's outer row on top (4×10 unless said):
//!
//! ```text
//!      1 2 3 4 5 6 7 8 9 10
//!   d  . . . . . . . . . .   North outer   North sows d10 → d1, then c1 → c10
//!   c  . . . . . . . . . .   North inner
//!   b  . . . . . . . . . .   South inner   South sows a1 → a10, then b10 → b1
//!   a  . . . . . . . . . .   South outer
//! ```
//!
//! The extra holes are picked one decision at a time in board order (c1…c10, d1…d10 for
//! North's side): a hole is offered only if enough occupied holes remain from it onward.

use sow::Rules;
use sow::engine::{DrawReason, Game, History, Move, MoveList, Outcome, Player, WinReason};

use crate::common;
use crate::kit::*;

fn msuwa() -> Rules {
    common::rules("msuwa", None, &[])
}

// ---------------------------------------------------------------------------------------
// 1. The start position and an opening capture with its two extra holes.

/// Start (4×10): 2 in every hole, except each player's rightmost inner hole (b10, c1),
/// empty, and the hole to its left (b9, c2), holding 1: 80 − 2×3 = 74 seeds. South may
/// sow any of its 18 holes with 2 (a1…a10, b1…b8).
///
/// South sows a9 (2): a10 2→3, b10 0→1 → b10 was empty, South's inner row, facing c10 (2)
/// with d10 (2) behind: both are taken (4), and because the outer hole was taken South
/// now removes 2 more occupied North holes. North's occupied holes, in board order, are
/// c2…c9 and d1…d9 (17); the first pick may be any but the last (d9 alone could not be
/// followed by a second): 16 holes. South takes c2 (1); the second pick may be any
/// occupied hole after c2: c3…c9, d1…d9. South takes d9 (2): 7 captured; North to move.
#[test]
fn an_opening_capture_takes_two_more_holes() {
    let rules = msuwa();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(rules.total_seeds(), 74);
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2 2 2
         c 0 1 2 2 2 2 2 2 2 2
         b 2 2 2 2 2 2 2 2 1 0
         a 2 2 2 2 2 2 2 2 2 2",
    );
    assert_eq!(
        legal(&rules, &state),
        sows(
            &rules,
            &[
                "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "b1", "b2", "b3", "b4", "b5",
                "b6", "b7", "b8"
            ]
        )
    );

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a9"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b10", &[("c10", 2), ("d10", 2)], false));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(remaining(&state), Some(2));
    assert_eq!(
        legal(&rules, &state),
        picks(
            &rules,
            &["c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]
        )
    );

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "c2"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("c2", 1)], false));
    assert_eq!(remaining(&state), Some(1));
    assert_eq!(
        legal(&rules, &state),
        picks(
            &rules,
            &["c3", "c4", "c5", "c6", "c7", "c8", "c9", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9"]
        )
    );
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d9"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d9", 2)], true));
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.captured()[Player::South], 7);
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2 0 0
         c 0 0 2 2 2 2 2 2 2 0
         b 2 2 2 2 2 2 2 2 1 1
         a 2 2 2 2 2 2 2 2 0 3",
    );
}

// ---------------------------------------------------------------------------------------
// 2. DECIDED: the two extra holes are whole holes, mandatory, of the mover's choice.

/// South's only hole with two or more is b5. South sows b5 (2): b4 0→1, b3 0→1 → b3 was
/// empty and faces c3 (2), with d3 (3) behind: 5 taken, then 2 more holes. North keeps
/// c7 4, d1 1, d10 2 (board order). First pick: c7 (3 occupied from it on) or d1 (2);
/// not d10 (1) — and no `stop`: the removals are not optional.
///   pick d1 (1): the second pick must come after d1: [d10]. Pick d10 (2). 8 captured.
///   (Picking c7 first instead leaves d1 and d10 both on offer.)
/// North keeps c7 (4): legal [c7].
#[test]
fn two_more_whole_holes_after_an_inner_and_outer_capture() {
    let rules = msuwa();
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
    assert_eq!(remaining(&state), Some(2));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c7", "d1"]));
    assert!(!legal(&rules, &state).contains(&Move::Stop));

    {
        let mut other = state.clone();
        let mut other_history = history.clone();
        rules.play(&mut other, &mut other_history, Move::Pick(hole(&rules, "c7"))).unwrap();
        assert_eq!(legal(&rules, &other), picks(&rules, &["d1", "d10"]));
    }

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d1"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d1", 1)], false));
    assert_eq!(legal(&rules, &state), picks(&rules, &["d10"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d10"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d10", 2)], true));
    assert_eq!(state.captured()[Player::South], 8);
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 4 0 0 0
         b 0 0 1 1 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["c7"]));
}

// ---------------------------------------------------------------------------------------
// 3. An empty outer hole: no extra holes. A singleton captures.

/// South has no hole with two or more: singletons whose next hole is empty, a1 (a2 empty)
/// and b4 (b3 empty) → [a1, b4]. South sows b4 (1): b3 0→1, empty, facing c3 (2); d3
/// behind is empty, so only c3 is taken and no extra holes follow: the turn is over.
/// North: c7 (4) and d10 (2) have two or more → [c7, d10].
#[test]
fn a_singleton_capture_without_the_outer_hole_takes_no_more() {
    let rules = msuwa();
    let mut state = position(
        &rules,
        "d 1 0 0 0 0 0 0 0 0 2
         c 0 0 2 0 0 0 4 0 0 0
         b 0 0 0 1 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "b4"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("c3", 2)], true));
    assert_eq!(state.captured()[Player::South], 2);
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 4 0 0 0
         b 0 0 1 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["c7", "d10"]));
}

// ---------------------------------------------------------------------------------------
// 4. DECIDED: fewer extra holes when fewer are occupied.

/// South sows b5 (2): b4 0→1, b3 0→1 → takes c3 (2) and d3 (3). North has one occupied
/// hole left, c10 (1): the removal owes min(2, 1) = 1 pick, [c10]. After it North has no
/// seeds and South has won.
#[test]
fn extra_holes_stop_when_the_opponent_has_none_left() {
    let rules = msuwa();
    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 0 0 3 0 0 0 0 0 0 0
             c 0 0 2 0 0 0 0 0 0 1
             b 0 0 0 0 2 0 0 0 0 0
             a 1 0 0 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b3", &[("c3", 2), ("d3", 3)], false));
    assert_eq!(remaining(game.state()), Some(1));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c10"]));
    let effect = game.play(Move::Pick(hole(&rules, "c10"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("c10", 1)], true));
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(game.state().captured()[Player::South], 6);
}

// ---------------------------------------------------------------------------------------
// 5. DECIDED: a blocked player loses.

/// South's twenty holes each hold 1: no hole has two or more and every singleton's next
/// hole is occupied, so South has seeds but no move and loses.
#[test]
fn a_blocked_player_loses() {
    let rules = msuwa();
    let mut state = position(
        &rules,
        "d 0 0 0 0 2 0 0 0 0 0
         c 0 0 0 0 0 0 0 0 0 0
         b 1 1 1 1 1 1 1 1 1 1
         a 1 1 1 1 1 1 1 1 1 1",
        Player::South,
    );
    assert!(legal(&rules, &state).is_empty());
    assert_eq!(rules.settle(&mut state, &MoveList::new()), win(Player::North, WinReason::Blocked));
}

// ---------------------------------------------------------------------------------------
// 6. DECIDED: a repeated position is a draw.

/// Each side holds 12 seeds in a pattern that one forced relay turns into a second, and
/// the next forced relay turns back. Along South's circuit (a1…a10, b10…b1 = 0…19):
///
///   X: 0 1 1 2 0 1 0 1 0 1 | 0 1 0 1 0 1 0 1 0 1     only 3 (a4) has ≥ 2: forced a4
///   a4 (2): 4 0→1, 5 1→2 → relay 2; 6 0→1, 7 1→2 → relay; … 18 0→1, 19 1→2 → relay;
///           0 0→1, 1 1→2 → relay; 2 1→2, 3 0→1: a4, the lifted origin, was empty → stop.
///           10 laps of 2, 20 seeds sown; every relayed hole is left empty.
///   Y: 1 0 2 1 1 0 1 0 1 0 | 1 0 1 0 1 0 1 0 1 0     only 2 (a3) has ≥ 2: forced a3
///   a3 (2): 3 1→2, 4 1→2 → relay; 5 0→1, 6 1→2 → relay; … 19 0→1, 0 1→2 → relay;
///           1 0→1, 2 0→1: a3 was empty → stop; 10 laps, 20 sown: X again.
///
/// Only the last lap ends in an empty hole, an outer one, so nothing is captured. North
/// holds the same patterns along its circuit (d10…d1, c1…c10): its forced turns are d7
/// (X→Y) and d8 (Y→X). After a4, d7, a3, d8 the start recurs with South to move: a draw.
#[test]
fn a_repeated_position_is_a_draw() {
    let rules = msuwa();
    let start = position(
        &rules,
        "d 1 0 1 0 1 0 2 1 1 0
         c 0 1 0 1 0 1 0 1 0 1
         b 1 0 1 0 1 0 1 0 1 0
         a 0 1 1 2 0 1 0 1 0 1",
        Player::South,
    );
    let mut game = Game::from_state(&rules, start.clone());
    let y = "d 0 1 0 1 0 1 1 2 0 1
             c 1 0 1 0 1 0 1 0 1 0
             b 0 1 0 1 0 1 0 1 0 1
             a 1 0 2 1 1 0 1 0 1 0";
    for (i, name) in ["a4", "d7", "a3", "d8"].into_iter().enumerate() {
        assert_eq!(game.outcome(), None);
        assert_eq!(game.legal_moves().to_vec(), sows(&rules, &[name]), "turn {}", i + 1);
        let effects = game.play_turn(name).unwrap();
        assert_eq!(effects, vec![sow_effect(&rules, 10, 20, name, &[], true)]);
        if i == 1 {
            assert_board(&rules, game.state(), y);
        }
    }
    assert_eq!(rules.board_counts(game.state()), rules.board_counts(&start));
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

// ---------------------------------------------------------------------------------------
// 7. Ruleset "wa-kunja": 2 in every outer hole, the inner rows empty.

fn wa_kunja() -> Rules {
    common::rules("msuwa", Some("wa-kunja"), &[])
}

/// Start (4×10): 2 in each of the 20 outer holes, 40 seeds. South may sow any of a1…a10.
///   a1 (2): a2, a3 2→3 → relay 3: a4, a5, a6 2→3 → relay 3: a7, a8, a9 2→3 → relay 3:
///   a10 2→3, b10 0→1, b9 0→1 — b9 was empty, South's inner row, but c9 is empty: the
///   move ends. 4 laps, 11 seeds sown. North's side is untouched: d1…d10.
#[test]
fn wa_kunja_start_and_a_first_sowing() {
    let rules = wa_kunja();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(rules.total_seeds(), 40);
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0 0 0
         a 2 2 2 2 2 2 2 2 2 2",
    );
    assert_eq!(
        legal(&rules, &state),
        sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10"])
    );
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 4, 11, "b9", &[], true));
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0 1 1
         a 0 3 0 3 3 0 3 3 0 3",
    );
    assert_eq!(
        legal(&rules, &state),
        sows(&rules, &["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10"])
    );
}

/// Msuwa's capture, unchanged: b5 (2): b4 0→1, b3 0→1 — empty inner, facing c3 (3) with
/// d3 (2) behind: both taken, then 2 more holes, mandatory. Of North's c7 2, d6 1, d10 1
/// the first pick is c7 or d6 (not d10), and no `stop`; after c7, [d6, d10]. South takes
/// d10: 3 + 2 + 2 + 1 = 8 captured; North keeps d6 (1), whose next hole d5 is empty.
#[test]
fn wa_kunja_capture_takes_two_more_holes() {
    let rules = wa_kunja();
    let mut state = position(
        &rules,
        "d 0 0 2 0 0 1 0 0 0 1
         c 0 0 3 0 0 0 2 0 0 0
         b 0 0 0 0 2 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["b5"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b3", &[("c3", 3), ("d3", 2)], false));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c7", "d6"]));
    assert!(!legal(&rules, &state).contains(&Move::Stop));
    rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "c7"))).unwrap();
    assert_eq!(legal(&rules, &state), picks(&rules, &["d6", "d10"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d10"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d10", 1)], true));
    assert_eq!(state.captured()[Player::South], 8);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 1 0 0 0 0
         c 0 0 0 0 0 0 0 0 0 0
         b 0 0 1 1 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["d6"]));
}
