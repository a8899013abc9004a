//! Hand-checked worked examples of Nchuwa (rules/nchuwa.sow): Sanderson's 1913 gambit —
//! the relay walk from the rightmost front hole, the move of two seeds into an empty back
//! hole, the two free removals — and the main game's capture of the facing front hole with
//! the back hole behind it, in the base game and in the ruleset "extra-hole".
//!
//! Every expectation was worked out by hand from the rules text; each test's comment shows
//! the calculation. Positions are written as the board picture shows them, North's outer
//! row on top:
//!
//! ```text
//!      1 2 3 4 5 6
//!   d  . . . . . .   North outer   North sows d6 → d1, then c1 → c6
//!   c  . . . . . .   North inner
//!   b  . . . . . .   South inner   South sows a1 → a6, then b6 → b1
//!   a  . . . . . .   South outer
//! ```
//!
//! In the traces, `x→y` means a seed fell into a hole that held `x` and now holds `y`.

use sow::Rules;
use sow::engine::{Game, Move, Phase, Player, WinReason};

use crate::common;
use crate::kit::*;

fn nchuwa(params: &[&str]) -> Rules {
    common::rules("nchuwa", None, params)
}

fn extra_hole() -> Rules {
    common::rules("nchuwa", Some("extra-hole"), &[])
}

fn transfers(rules: &Rules, pairs: &[(&str, &str)]) -> Vec<Move> {
    pairs.iter().map(|&(a, b)| Move::Transfer(hole(rules, a), hole(rules, b))).collect()
}

/// The gambit sowing on 4×6. South may only sow b6, the rightmost front hole:
///   lap 1: b6 (2) → b5 2→3, b4 2→3; the next hole, b3, holds 2: lift it
///   lap 2: b2 2→3, b1 2→3; next a1 (2): lift it
///   lap 3: a2 2→3, a3 2→3; next a4 (2): lift it
///   lap 4: a5 2→3, a6 2→3; next b6, the emptied origin: the sowing ends.
/// 4 laps, 8 seeds sown, last in a6, nothing taken: eight holes of 3, four empty ("twice the
/// number of holes having three in them as there are empty").
/// North does the same from c1 (its rightmost front hole): c2, c3 → lift c4: c5, c6 →
/// lift d6: d5, d4 → lift d3: d2, d1 → next c1 is empty. Last in d1.
/// Then South is in the second step of the gambit: two seeds from a front hole holding
/// them (b1, b2, b4, b5 hold 3) to an empty back hole (a1, a4): 4 × 2 = 8 moves.
#[test]
fn gambit_sowing_walks_round_to_the_emptied_origin() {
    let rules = nchuwa(&[]);
    assert_eq!(rules.columns(), 6);
    assert_eq!(rules.total_seeds(), 48);
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b6"]));

    let effect = game.play(Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 4, 8, "a6", &[], true));
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c1"]));

    let effect = game.play(Move::Sow(hole(&rules, "c1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 4, 8, "d1", &[], true));
    assert_board(
        &rules,
        game.state(),
        "d 3 3 0 3 3 0
         c 0 3 3 0 3 3
         b 3 3 0 3 3 0
         a 0 3 3 0 3 3",
    );
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.state().phase_of(Player::South), 1);
    assert_eq!(
        game.legal_moves().to_vec(),
        transfers(
            &rules,
            &[
                ("b1", "a1"),
                ("b1", "a4"),
                ("b2", "a1"),
                ("b2", "a4"),
                ("b4", "a1"),
                ("b4", "a4"),
                ("b5", "a1"),
                ("b5", "a4"),
            ]
        )
    );
}

/// The same walk on 4×9 (18 holes a side; 18 is a multiple of 3, so the walk again ends at
/// the origin): b9 (2) → b8, b7; lift b6 → b5, b4; lift b3 → b2, b1; lift a1 → a2, a3;
/// lift a4 → a5, a6; lift a7 → a8, a9; next b9 is empty. 6 laps, 12 seeds, last a9:
/// twelve holes of 3 and six empty.
#[test]
fn gambit_sowing_on_nine_columns() {
    let rules = nchuwa(&["columns=9"]);
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b9"]));
    let effect = game.play(Move::Sow(hole(&rules, "b9"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 6, 12, "a9", &[], true));
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 2 2 2 2 2 2
         c 2 2 2 2 2 2 2 2 2
         b 3 3 0 3 3 0 3 3 0
         a 0 3 3 0 3 3 0 3 3",
    );
}

/// DECIDED points of the gambit: both players move their two seeds before either removes
/// holes, and the removals are two free holes (Ludii's reading), not the holes facing the
/// front hole the seeds left.
///   After "b6", "c1" (as above), South moves b2-a4: b2 3→1, a4 0→2. North moves c5-d3:
///   c5 3→1, d3 0→2. North: c 0 3 3 0 1 3, d 3 3 2 3 3 0 — nine occupied holes.
///   South's removals, two whole holes in board order: the first may be any occupied hole
///   but the last (d5), which would leave none after it: [c2 c3 c5 c6 d1 d2 d3 d4].
///   South takes c3 (3), then any later occupied hole: [c5 c6 d1 d2 d3 d4 d5]; takes d4
///   (3) — not in c3's column: the removals are free. 6 seeds out of play, no hand.
///   North then takes two of South's (a2 3, a3 3, a4 2, a5 3, a6 3, b1 3, b2 1, b4 3,
///   b5 3): a5 and b4. South, now in the main game, may sow any occupied hole, singleton
///   b2 included: [a2 a3 a4 a6 b1 b2 b5].
#[test]
fn gambit_move_then_two_free_removals() {
    let rules = nchuwa(&[]);
    let mut game = Game::new(&rules);
    game.play_turn("b6").unwrap();
    game.play_turn("c1").unwrap();
    game.play_turn("b2-a4").unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert!(game.legal_moves().contains(&Move::Transfer(hole(&rules, "c5"), hole(&rules, "d3"))));
    // Played as a decision: the turn after it is South's turn of removals, which opens
    // straight in its picks.
    game.play(Move::Transfer(hole(&rules, "c5"), hole(&rules, "d3"))).unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 3 3 2 3 3 0
         c 0 3 3 0 1 3
         b 3 1 0 3 3 0
         a 0 3 3 2 3 3",
    );

    // South's turn of removals starts at once with its picks.
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.state().phase_of(Player::South), 2);
    assert_eq!(remaining(game.state()), Some(2));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c2", "c3", "c5", "c6", "d1", "d2", "d3", "d4"]));
    let effect = game.play(Move::Pick(hole(&rules, "c3"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("c3", 3)], false));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c5", "c6", "d1", "d2", "d3", "d4", "d5"]));
    // The turn is over (North moves next), though `Effect::turn_over` reads false here:
    // North's turn of removals opens in its picks (reported as an engine bug).
    let effect = game.play(Move::Pick(hole(&rules, "d4"))).unwrap();
    assert_eq!(effect.taken, pick_effect(&rules, &[("d4", 3)], true).taken);
    assert_eq!(game.state().captured()[Player::South], 6);
    assert_eq!(game.state().hand()[Player::South], 0);
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["a2", "a3", "a4", "a5", "a6", "b1", "b2", "b4"]));

    game.play_turn("a5 b4").unwrap();
    assert_eq!(game.state().captured()[Player::North], 6);
    assert_board(
        &rules,
        game.state(),
        "d 3 3 2 0 3 0
         c 0 3 0 0 1 3
         b 3 1 0 0 3 0
         a 0 3 3 2 0 3",
    );
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.state().phase(), Phase::Sow);
    assert_eq!(game.state().phase_of(Player::South), 3);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a2", "a3", "a4", "a6", "b1", "b2", "b5"]));
    assert_eq!(rules.turn_text(&game.turns()[4].moves), "x c3 d4");
}

/// The main game's capture (base game), from a position after the gambit:
///
///   d 3 0 0 4 0 0
///   c 0 0 1 2 0 0
///   b 0 1 0 0 0 1
///   a 0 0 0 0 2 0
///
/// Any occupied hole may be sown, singletons too: [a5 b2 b6].
///   a5 (2): a6 0→1, b6 1→2 → relay 2: b5 0→1, b4 0→1. b4 was empty, it is South's front
///   row, and c4 holds 2: c4 (2) and d4 behind it (4) are taken, 6 out of play; the turn
///   is over (no further hole in the base game).
///   b2 (1) instead: b1 0→1, empty front hole facing an empty c1: nothing is taken, though
///   d1 behind it holds 3 — the back hole never goes alone.
#[test]
fn capture_takes_the_front_hole_and_the_back_hole_behind_it() {
    let rules = nchuwa(&[]);
    let text = "d 3 0 0 4 0 0
                c 0 0 1 2 0 0
                b 0 1 0 0 0 1
                a 0 0 0 0 2 0";
    let mut game = Game::from_state(&rules, state(&rules, &setup(&rules, text, Player::South)));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a5", "b2", "b6"]));

    let effect = game.play(Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b4", &[("c4", 2), ("d4", 4)], true));
    assert_eq!(game.state().captured()[Player::South], 6);
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 3 0 0 0 0 0
         c 0 0 1 0 0 0
         b 0 1 0 1 1 0
         a 0 0 0 0 0 1",
    );

    let mut game = Game::from_state(&rules, state(&rules, &setup(&rules, text, Player::South)));
    let effect = game.play(Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b1", &[], true));
    assert_eq!(game.state().captured()[Player::South], 0);
}

/// A singleton captures too, and a capture that empties the opponent wins at once:
///
///   d 0 0 0 0 0 0
///   c 0 0 1 0 0 0
///   b 0 0 0 1 0 0
///   a 1 0 0 0 0 0
///
/// b4 (1): b3 0→1, empty front hole facing c3 (1): c3 is taken, d3 is empty. North has no
/// seeds left: South wins.
#[test]
fn singleton_capture_ends_the_game() {
    let rules = nchuwa(&[]);
    let text = "d 0 0 0 0 0 0
                c 0 0 1 0 0 0
                b 0 0 0 1 0 0
                a 1 0 0 0 0 0";
    let mut game = Game::from_state(&rules, state(&rules, &setup(&rules, text, Player::South)));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "b4"]));
    let effect = game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("c3", 1)], true));
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
}

/// Ruleset "extra-hole": after the front and back holes, one more whole hole of the
/// mover's choice. The base game's first position again: a5 takes c4 (2) and d4 (4), then
/// one of North's occupied holes, in board order: [c3 d1]. South takes d1 (3): 9 taken,
/// North keeps c3 alone.
/// DECIDED: the extra hole is owed even when the back hole is empty. North, to move with
/// only c3 (1), sows it: c4 0→1, an empty front hole facing b4 (1): b4 is taken (a4 is
/// empty), then one more of South's occupied holes — a6 1, b2 1, b5 1 (b6 was lifted by
/// South's relay): [a6 b2 b5]. North takes b2.
#[test]
fn extra_hole_ruleset_takes_one_more_hole() {
    let rules = extra_hole();
    let text = "d 3 0 0 4 0 0
                c 0 0 1 2 0 0
                b 0 1 0 0 0 1
                a 0 0 0 0 2 0";
    let mut game = Game::from_state(&rules, state(&rules, &setup(&rules, text, Player::South)));
    let effect = game.play(Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b4", &[("c4", 2), ("d4", 4)], false));
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(remaining(game.state()), Some(1));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c3", "d1"]));
    let effect = game.play(Move::Pick(hole(&rules, "d1"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d1", 3)], true));
    assert_eq!(game.state().captured()[Player::South], 9);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0
         c 0 0 1 0 0 0
         b 0 1 0 1 1 0
         a 0 0 0 0 0 1",
    );

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c3"]));
    let effect = game.play(Move::Sow(hole(&rules, "c3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "c4", &[("b4", 1)], false));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["a6", "b2", "b5"]));
    let effect = game.play(Move::Pick(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("b2", 1)], true));
    assert_eq!(game.state().captured()[Player::North], 2);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0
         c 0 0 0 1 0 0
         b 0 0 0 0 1 0
         a 0 0 0 0 0 1",
    );
    assert_eq!(game.state().to_move(), Player::South);
}
