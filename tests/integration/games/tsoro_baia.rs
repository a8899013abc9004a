//! Hand-checked worked examples of Tsoro (Baia) (`rules/tsoro-baia.sow`): the set first
//! sowing from the third inner hole and its five extra holes, the graduated extra captures
//! (5, 3, then 2), the opponent's first-move hole that extra captures may never take, the
//! rule that a sowing starts only from a hole whose preceding hole is empty, singleton
//! moves that never capture, and the DECIDED end rules (a blocked player passes; a
//! repeated position is a draw).
//!
//! Every expectation was worked out by hand from the rules text. Boards are written as
//! the picture shows them, North's outer row on top; on the default 4×13 board:
//!
//! ```text
//!      1 2 3 4 5 6 7 8 9 10 11 12 13
//!   d  . . . . . . . . .  .  .  .  .   North outer   North sows d13 → d1, then c1 → c13
//!   c  . . . . . . . . .  .  .  .  .   North inner   (c11 is North's first-move hole)
//!   b  . . . . . . . . .  .  .  .  .   South inner   South sows a1 → a13, then b13 → b1
//!   a  . . . . . . . . .  .  .  .  .   South outer   (b3 is South's first-move hole)
//! ```
//!
//! The hole *before* a hole along South's circuit is the one to its left in row a (b1 for
//! a1), and the one to its right in row b (a13 for b13). In the traces `x→y` means a seed
//! fell into a hole that held `x`; a lap ending in an occupied hole lifts it and sows on.

use sow::Rules;
use sow::engine::{DrawReason, Game, Move, Outcome, PlayErrorKind, Player, WinReason};

use crate::common;
use crate::kit::*;

fn tsoro_baia() -> Rules {
    common::rules("tsoro-baia", None, &[])
}

/// A main-game position (both openings over) with the captures each player has made so
/// far, which sets how many extra holes the next capture takes.
fn main_game<'r>(rules: &'r Rules, text: &str, to_move: Player, made: (u16, u16)) -> Game<'r> {
    let mut s = setup(rules, text, to_move);
    s.captures_made[Player::South] = made.0;
    s.captures_made[Player::North] = made.1;
    Game::from_state(rules, state(rules, &s))
}

// ---------------------------------------------------------------------------------------
// 1. Both first sowings with their five extra holes, then South's first free sowing: the
//    previous-hole rule and the second capture's three extra holes.

/// The start (4×13, 47 seeds a side): 2 everywhere except a1 = b1 = 0 and b2 = 1 for
/// South, d13 = c13 = 0 and c12 = 1 for North.
///
/// South's first turn must sow b3: b2 1→2, b1 0→1. b1 was empty, it is South's inner row,
/// c1 (2) faces it and the sowing began with 2 seeds: capture c1 2 and d1 2 into South's
/// hand (4). It is South's first capture: 5 extra holes. North's occupied holes are
/// c2–c12 and d2–d12, but c11 is North's first-move hole and may not be taken, so 21 are
/// eligible, in board order c2–c10, c12, d2–d12. Five increasing picks: the first must
/// leave 4 eligible holes after it, so c2–c10, c12, d2–d8 (17 choices).
/// South takes c10 (2); owed 4 → [c12, d2–d9]; c12 (1); owed 3 → [d2–d10]; d10 (2);
/// owed 2 → [d11]; d11 (2); owed 1 → [d12]; d12 (2). Hand 4 + 2 + 1 + 2 + 2 + 2 = 13.
///
/// North's first turn must sow c11 (2): c12 0→1, c13 0→1; c13 was empty, North's inner,
/// facing b13 (2): capture b13 2 and a13 2 (4; an effect lists the holes in board order). North's first capture: 5 extra holes from
/// South's occupied a2–a12, b1, b2, b4–b12 (22; b3, South's first-move hole, is empty
/// anyway); the first pick may be any of the first 18: a2–a12, b1, b2, b4–b8. North takes
/// a2 a3 a4 a5 a6 (2 each): North's hand 4 + 10 = 14.
///
/// South's first free turn. South's circuit and counts (a1…a13, then b13…b1):
///   a 0 0 0 0 0 0 2 2 2 2 2 2 0 | b13… 0 2 2 2 2 2 2 2 2 2 0 2 1
/// Only holes whose previous hole is empty may be sown: a7 (a6 empty), b12 (b13 empty),
/// b2 (b3 empty); a8–a12, b11–b4 follow occupied holes and b1 follows b2 (2). None of the
/// three sows forever (a7 is traced below; b12 ends in a2, b2 ends in a1): legal
/// [a7, b2, b12].
///
/// South sows a7 (2): a8 2→3, a9 2→3 → lift 3 | a10, a11, a12 2→3 → lift 3 | a13 0→1,
/// b13 0→1, b12 2→3 → lift 3 | b11, b10, b9 2→3 → lift 3 | b8, b7, b6 2→3 → lift 3 |
/// b5, b4 2→3, b3 0→1: b3 was empty, inner, facing c3 (2): capture c3 2, d3 2. Laps 6,
/// sown 2 + 5 × 3 = 17. South's second capture: 3 extra holes, from North's c2, c4–c9,
/// c12, c13, d2, d4–d9 (16 eligible; c11 is empty now); the first may be any but the last
/// two: c2, c4–c9, c12, c13, d2, d4–d7 (14). South takes c12 (1), c13 (1), d9 (2):
/// hand 13 + 4 + 4 = 21.
#[test]
fn first_sowings_take_five_holes_and_the_second_capture_three() {
    let rules = tsoro_baia();
    let mut game = Game::new(&rules);
    assert_eq!(rules.columns(), 13);
    assert_eq!(rules.total_seeds(), 94);
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 2 2 2 2 2 2 2 2 2 0
         c 2 2 2 2 2 2 2 2 2 2 2 1 0
         b 0 1 2 2 2 2 2 2 2 2 2 2 2
         a 0 2 2 2 2 2 2 2 2 2 2 2 2",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b3"]));

    let effect = game.play(Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b1", &[("c1", 2), ("d1", 2)], false));
    assert_eq!(remaining(game.state()), Some(5));
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(
            &rules,
            &[
                "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c12", "d2", "d3", "d4", "d5", "d6",
                "d7", "d8"
            ]
        )
    );
    // The first-move hole c11 is occupied but protected: picking it is refused.
    let before = game.state().clone();
    assert!(game.play(Move::Pick(hole(&rules, "c11"))).is_err());
    assert_eq!(game.state(), &before);

    game.play(Move::Pick(hole(&rules, "c10"))).unwrap();
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(&rules, &["c12", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9"])
    );
    game.play(Move::Pick(hole(&rules, "c12"))).unwrap();
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(&rules, &["d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10"])
    );
    game.play(Move::Pick(hole(&rules, "d10"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d11"]));
    game.play(Move::Pick(hole(&rules, "d11"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d12"]));
    let effect = game.play(Move::Pick(hole(&rules, "d12"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d12", 2)], true));
    assert_eq!(game.state().hand()[Player::South], 13);
    assert_eq!(game.state().captured()[Player::South], 13);
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.state().phase_of(Player::North), 0);
    assert_board(
        &rules,
        game.state(),
        "d 0 2 2 2 2 2 2 2 2 0 0 0 0
         c 0 2 2 2 2 2 2 2 2 0 2 0 0
         b 1 2 0 2 2 2 2 2 2 2 2 2 2
         a 0 2 2 2 2 2 2 2 2 2 2 2 2",
    );

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c11"]));
    let effect = game.play(Move::Sow(hole(&rules, "c11"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "c13", &[("a13", 2), ("b13", 2)], false));
    assert_eq!(remaining(game.state()), Some(5));
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(
            &rules,
            &[
                "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "a12", "b1", "b2", "b4", "b5",
                "b6", "b7", "b8"
            ]
        )
    );
    game.play_turn("a2 a3 a4 a5 a6").unwrap();
    assert_eq!(game.state().hand()[Player::North], 14);
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.state().phase_of(Player::South), 1);
    assert_board(
        &rules,
        game.state(),
        "d 0 2 2 2 2 2 2 2 2 0 0 0 0
         c 0 2 2 2 2 2 2 2 2 0 0 1 1
         b 1 2 0 2 2 2 2 2 2 2 2 2 0
         a 0 0 0 0 0 0 2 2 2 2 2 2 0",
    );

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a7", "b2", "b12"]));
    let effect = game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 6, 17, "b3", &[("c3", 2), ("d3", 2)], false));
    assert_eq!(remaining(game.state()), Some(3));
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(
            &rules,
            &["c2", "c4", "c5", "c6", "c7", "c8", "c9", "c12", "c13", "d2", "d4", "d5", "d6", "d7"]
        )
    );
    game.play_turn("c12 c13 d9").unwrap();
    assert_eq!(game.state().hand()[Player::South], 21);
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.outcome(), None);
    assert_board(
        &rules,
        game.state(),
        "d 0 2 0 2 2 2 2 2 0 0 0 0 0
         c 0 2 0 2 2 2 2 2 2 0 0 0 0
         b 1 2 1 3 3 0 3 3 0 3 3 0 1
         a 0 0 0 0 0 0 0 3 0 3 3 0 1",
    );
}

// ---------------------------------------------------------------------------------------
// 2. Which holes may be sown, and singleton sowings that never capture.

/// South's occupied holes and the hole before each along the circuit:
///   a2 (1): a1 empty → yes        a4 (2): a3 empty → yes     a5 (2): a4 holds 2 → no
///   b5 (1): b6 empty → yes        b8 (1): b9 holds 1 → no    b9 (1): b10 empty → yes
/// Singletons are offered beside the larger holes (no priority): legal [a2, a4, b5, b9].
///
/// - b5 (1): b4 0→1. b4 was empty, inner, and c4 (3) faces it, but a sowing of a single
///   seed cannot capture: the turn ends. 1 lap, 1 seed.
/// - b9 (1): b8 1→2 → lift 2 | b7 0→1, b6 0→1: b6 was empty, inner, facing c6 (2), but
///   the move began from a single seed: no capture (DECIDED; Ludii would capture here).
///   2 laps, 3 seeds.
/// - a4 (2): a5 2→3, a6 0→1: an empty outer hole ends the turn.
#[test]
fn sowing_starts_after_an_empty_hole_and_singletons_never_capture() {
    let rules = tsoro_baia();
    let text = "d 2 0 0 1 0 2 0 0 0 0 0 0 0
                c 0 0 0 3 0 2 0 0 0 0 0 0 0
                b 0 0 0 0 1 0 0 1 1 0 0 0 0
                a 0 1 0 2 2 0 0 0 0 0 0 0 0";
    let start = main_game(&rules, text, Player::South, (1, 1));
    assert_eq!(start.legal_moves().to_vec(), sows(&rules, &["a2", "a4", "b5", "b9"]));
    for refused in ["a5", "b8"] {
        let mut game = Game::from_state(&rules, start.state().clone());
        let e = game.play(Move::Sow(hole(&rules, refused))).unwrap_err();
        assert_eq!(e.kind(), PlayErrorKind::NotAllowed);
    }

    let mut game = Game::from_state(&rules, start.state().clone());
    let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b4", &[], true));
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 2 0 0 1 0 2 0 0 0 0 0 0 0
         c 0 0 0 3 0 2 0 0 0 0 0 0 0
         b 0 0 0 1 0 0 0 1 1 0 0 0 0
         a 0 1 0 2 2 0 0 0 0 0 0 0 0",
    );

    let mut game = Game::from_state(&rules, start.state().clone());
    let effect = game.play(Move::Sow(hole(&rules, "b9"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 3, "b6", &[], true));
    assert_eq!(game.state().captured()[Player::South], 0);
    assert_board(
        &rules,
        game.state(),
        "d 2 0 0 1 0 2 0 0 0 0 0 0 0
         c 0 0 0 3 0 2 0 0 0 0 0 0 0
         b 0 0 0 0 1 1 1 0 0 0 0 0 0
         a 0 1 0 2 2 0 0 0 0 0 0 0 0",
    );

    let mut game = Game::from_state(&rules, start.state().clone());
    let effect = game.play(Move::Sow(hole(&rules, "a4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "a6", &[], true));
}

// ---------------------------------------------------------------------------------------
// 3. Later captures take 2 extra holes; the opponent's first-move hole is never taken.

/// South sows b7 (2; b8 before it is empty): b6 0→1, b5 0→1. b5 was empty, inner, facing
/// c5 (3); d5 behind it is empty, so only c5 is taken (3). The extra holes are owed all
/// the same. North's occupied holes: c2 1, c11 4, d3 2, d12 5 — c11 is North's first-move
/// hole and may never be taken, so c2, d3, d12 are eligible.
///   - South's third capture (2 made before): 2 extra holes. The first pick must leave one
///     eligible hole after it: [c2, d3]. South takes d3, then [d12]: d12. Hand 12 + 3 + 2
///     + 5 = 22. North keeps c2 and c11, and may sow either (c1 and c10 are empty).
///   - South's second capture (1 made before): 3 extra holes, and exactly 3 are eligible:
///     c2, then d3, then d12 are forced; c11 (4) stays.
#[test]
fn later_captures_take_two_holes_and_never_the_first_move_hole() {
    let rules = tsoro_baia();
    let text = "d 0 0 2 0 0 0 0 0 0 0 0 5 0
                c 0 1 0 0 3 0 0 0 0 0 4 0 0
                b 0 0 0 0 0 0 2 0 0 0 0 0 0
                a 1 0 0 0 0 0 0 0 0 0 0 0 0";
    let mut s = setup(&rules, text, Player::South);
    s.captures_made = sow::engine::ByPlayer::pair(2, 2);
    s.hand[Player::South] = 12;
    s.captured[Player::South] = 12;
    let mut game = Game::from_state(&rules, state(&rules, &s));
    // a1 follows b1 (empty) and b7 follows b8 (empty).
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "b7"]));
    let effect = game.play(Move::Sow(hole(&rules, "b7"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b5", &[("c5", 3)], false));
    assert_eq!(remaining(game.state()), Some(2));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c2", "d3"]));
    game.play(Move::Pick(hole(&rules, "d3"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d12"]));
    let effect = game.play(Move::Pick(hole(&rules, "d12"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d12", 5)], true));
    assert_eq!(game.state().hand()[Player::South], 22);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 0 0 0 0 0 0
         c 0 1 0 0 0 0 0 0 0 0 4 0 0
         b 0 0 0 0 1 1 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c2", "c11"]));

    s.captures_made[Player::South] = 1;
    let mut game = Game::from_state(&rules, state(&rules, &s));
    game.play(Move::Sow(hole(&rules, "b7"))).unwrap();
    assert_eq!(remaining(game.state()), Some(3));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c2"]));
    game.play(Move::Pick(hole(&rules, "c2"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d3"]));
    game.play(Move::Pick(hole(&rules, "d3"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d12"]));
    game.play(Move::Pick(hole(&rules, "d12"))).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.state().seeds(Player::North), 4);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c11"]));
}

/// When fewer holes are eligible than owed, all of them are taken. South (two captures
/// made) sows b7: b6, b5; b5 faces c5 (3): taken. 2 extra holes owed, but North has only
/// d9 (1) left: [d9]. North's side is then empty: South wins by taking every seed.
#[test]
fn extra_holes_that_empty_the_opponent_win() {
    let rules = tsoro_baia();
    let text = "d 0 0 0 0 0 0 0 0 1 0 0 0 0
                c 0 0 0 0 3 0 0 0 0 0 0 0 0
                b 0 0 0 0 0 0 2 0 0 0 0 0 0
                a 1 0 0 0 0 0 0 0 0 0 0 0 0";
    let mut game = main_game(&rules, text, Player::South, (2, 2));
    game.play(Move::Sow(hole(&rules, "b7"))).unwrap();
    assert_eq!(remaining(game.state()), Some(1));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d9"]));
    let effect = game.play(Move::Pick(hole(&rules, "d9"))).unwrap();
    assert!(effect.turn_over);
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(game.state().captured()[Player::South], 4);
}

// ---------------------------------------------------------------------------------------
// 4. DECIDED: a blocked player passes; a repeated position is a draw.

/// South has 1 seed in each of its 26 holes, so every hole's previous hole is occupied:
/// South has seeds but cannot sow, and passes (the board is unchanged). North may sow c5
/// (c4 empty) or d3 (d4 empty); d3 (1): d2 0→1, an empty outer hole. South passes again.
///
/// With North also holding 1 in each of its 26 holes, both pass; after South's pass and
/// North's the position (all counts, South to move) is the start again: a draw.
#[test]
fn a_blocked_player_passes_and_two_blocked_players_draw() {
    let rules = tsoro_baia();
    let ones = "b 1 1 1 1 1 1 1 1 1 1 1 1 1
                a 1 1 1 1 1 1 1 1 1 1 1 1 1";
    let text = format!(
        "d 0 0 1 0 0 0 0 0 0 0 0 0 0
         c 0 0 0 0 2 0 0 0 0 0 0 0 0
         {ones}"
    );
    let mut game = main_game(&rules, &text, Player::South, (1, 1));
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Pass]);
    game.play(Move::Pass).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c5", "d3"]));
    let effect = game.play(Move::Sow(hole(&rules, "d3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "d2", &[], true));
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Pass]);
    assert_board(
        &rules,
        game.state(),
        &format!(
            "d 0 1 0 0 0 0 0 0 0 0 0 0 0
             c 0 0 0 0 2 0 0 0 0 0 0 0 0
             {ones}"
        ),
    );

    let text = format!(
        "d 1 1 1 1 1 1 1 1 1 1 1 1 1
         c 1 1 1 1 1 1 1 1 1 1 1 1 1
         {ones}"
    );
    let mut game = main_game(&rules, &text, Player::South, (1, 1));
    game.play_turn("pass").unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Pass]);
    game.play_turn("pass").unwrap();
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}
