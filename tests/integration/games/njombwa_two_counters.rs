//! Hand-checked worked examples of Njombwa (Two Counters) (`rules/njombwa-two-counters.sow`):
//! the full start with its two short holes, relay sowing ending in a capture of the inner
//! hole and the outer one behind it — and the file's DECIDED points (singletons capture; a
//! blocked player loses). The ruleset "ludii" is pinned where it differs: a singleton's
//! sowing never captures, and a blocked player passes.
//!
//! Every expectation was worked out by hand from the rules text. Positions are written as
//! the board picture shows them, North's outer row on top (4×8):
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```

use sow::Rules;
use sow::engine::{Game, History, Move, Player, WinReason};

use crate::common;
use crate::kit::*;

fn two_counters() -> Rules {
    common::rules("njombwa-two-counters", None, &[])
}

fn ludii() -> Rules {
    common::rules("njombwa-two-counters", Some("ludii"), &[])
}

// ---------------------------------------------------------------------------------------
// 1. The start and a first capture.

/// Start (4×8): 2 in every hole, except each player's leftmost inner hole (b1 for South,
/// c8 for North), empty, and the hole to its right (b2, c7), holding 1: 64 − 6 = 58 seeds.
/// South may sow its holes of two: a1…a8, b3…b8.
///   a2 (2): a3, a4 2→3 → relay 3: a5, a6, a7 2→3 → relay 3: a8, b8, b7 2→3 → relay 3: b6,
///   b5, b4 2→3 → relay 3: b3 2→3, b2 1→2, b1 0→1 — empty inner, facing c1 (2) with d1
///   (2) behind: both taken. 5 laps, 14 seeds sown.
/// North then has its holes of two but those two: d2…d8, c2…c6.
#[test]
fn start_and_a_first_capture() {
    let rules = two_counters();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(rules.total_seeds(), 58);
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2
         c 2 2 2 2 2 2 1 0
         b 0 1 2 2 2 2 2 2
         a 2 2 2 2 2 2 2 2",
    );
    assert_eq!(
        legal(&rules, &state),
        sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b3", "b4", "b5", "b6", "b7", "b8"])
    );

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 5, 14, "b1", &[("c1", 2), ("d1", 2)], true));
    assert_board(
        &rules,
        &state,
        "d 0 2 2 2 2 2 2 2
         c 0 2 2 2 2 2 1 0
         b 1 2 3 0 3 3 0 3
         a 2 0 3 0 3 3 0 3",
    );
    assert_eq!(state.captured()[Player::South], 4);
    assert_eq!(
        legal(&rules, &state),
        sows(&rules, &["c2", "c3", "c4", "c5", "c6", "d2", "d3", "d4", "d5", "d6", "d7", "d8"])
    );
}

// ---------------------------------------------------------------------------------------
// 2. Singletons: they capture in the base game, never in Ludii's.

/// South has no hole of two or more: singletons into an empty next hole, a1 (a2 empty) and
/// b4 (b3 empty).
///   b4 (1): b3 0→1 — empty inner, facing c3 (3); d3 is empty.
///   Base game (DECIDED): c3 is taken, 3 seeds. North keeps d8 (2).
///   ludii: the singleton's sowing captures nothing; the turn just ends.
#[test]
fn a_singleton_captures_except_in_ludii() {
    let text = "d 0 0 0 0 0 0 0 2
                c 0 0 3 0 0 0 0 0
                b 0 0 0 1 0 0 0 0
                a 1 0 0 0 0 0 0 0";
    let rules = two_counters();
    let mut state = position(&rules, text, Player::South);
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "b4"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("c3", 3)], true));
    assert_eq!(state.captured()[Player::South], 3);

    let rules = ludii();
    let mut state = position(&rules, text, Player::South);
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "b4"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[], true));
    assert_eq!(state.captured()[Player::South], 0);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 2
         c 0 0 3 0 0 0 0 0
         b 0 0 1 0 0 0 0 0
         a 1 0 0 0 0 0 0 0",
    );
}

/// In Ludii's encoding a hole of two still captures as in the base game.
///   b5 (2): b4 0→1, b3 0→1 — empty inner, facing c3 (3) with d3 (2) behind: both taken.
#[test]
fn ludii_a_hole_of_two_captures() {
    let rules = ludii();
    let mut state = position(
        &rules,
        "d 0 0 2 0 0 0 0 1
         c 0 0 3 0 0 0 0 0
         b 0 0 0 0 2 0 0 0
         a 1 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["b5"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b3", &[("c3", 3), ("d3", 2)], true));
    assert_eq!(state.captured()[Player::South], 5);
    assert_eq!(legal(&rules, &state), sows(&rules, &["d8"]));
}

// ---------------------------------------------------------------------------------------
// 3. A blocked player: loses in the base game (DECIDED), passes in Ludii's.

/// South's sixteen holes each hold 1: no hole of two or more, and every singleton's next
/// hole is occupied. Base game: North wins. ludii: South passes, and North sows d5.
#[test]
fn a_blocked_player_loses_or_passes() {
    let text = "d 0 0 0 0 2 0 0 0
                c 0 0 0 0 0 0 0 0
                b 1 1 1 1 1 1 1 1
                a 1 1 1 1 1 1 1 1";
    let rules = two_counters();
    let game = Game::from_state(&rules, position(&rules, text, Player::South));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.outcome(), win(Player::North, WinReason::Blocked));

    let rules = ludii();
    let mut game = Game::from_state(&rules, position(&rules, text, Player::South));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Pass]);
    let effect = game.play(Move::Pass).unwrap();
    assert!(effect.turn_over && effect.passed);
    assert_board(&rules, game.state(), text);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d5"]));
}
