//! Hand-checked worked examples of Chisolo (rules/chisolo.sow): Natatu, the base game —
//! the clockwise first sowing, the direction chosen once on the second turn, the capture of
//! the facing front and back holes into hand with its extra hole — and the rulesets
//! "nambidi" and "one-counter" (three free captures before the first sowing) and
//! "namudilakunze" (only the outer row is taken).
//!
//! Every expectation was worked out by hand from the rules text; each test's comment shows
//! the calculation. Positions are written as the board picture shows them, North's outer
//! row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7
//!   d  . . . . . . .   North outer   anticlockwise: d7 → d1, then c1 → c7
//!   c  . . . . . . .   North inner   clockwise:     c7 → c1, then d1 → d7
//!   b  . . . . . . .   South inner   clockwise:     b1 → b7, then a7 → a1
//!   a  . . . . . . .   South outer   anticlockwise: a1 → a7, then b7 → b1
//! ```
//!
//! In the traces, `x→y` means a seed fell into a hole that held `x` and now holds `y`; a lap
//! whose last seed falls into an occupied hole lifts that hole and sows on (relay).

use sow::Rules;
use sow::engine::rules::Direction;
use sow::engine::{Game, Move, Phase, PlayErrorKind, Player, WinReason};

use crate::common;
use crate::kit::*;

fn chisolo(ruleset: Option<&str>) -> Rules {
    common::rules("chisolo", ruleset, &[])
}

/// Natatu from the start, 4×7:
///
///   d 3 3 3 3 3 3 3
///   c 3 3 3 0 0 1 2      (North's leftmost four, c7…c4 from its seat: 2 1 0 0)
///   b 2 1 0 0 3 3 3      (South's leftmost four, b1…b4: 2 1 0 0)
///   a 3 3 3 3 3 3 3
///
/// South's first turn is sown clockwise, from any occupied hole: [a1…a7 b1 b2 b5 b6 b7].
///   a7 (3), clockwise: a6 3→4, a5 3→4, a4 3→4 → relay 4: a3, a2, a1 3→4, b1 2→3 → relay
///   3: b2 1→2, b3 0→1, b4 0→1 → b4 was empty, but c4 facing it is empty: the turn ends.
///   3 laps, 3 + 4 + 3 = 10 seeds. (Anticlockwise, a7 would have gone into b7.)
/// North's first turn, clockwise too: c6 (1) → c5 0→1: an empty front hole facing b5 (3):
///   b5 (3) and a5 behind it (4) go to North's hand, then one more whole hole of South's,
///   any occupied one: [a1 a2 a3 a6 b2 b3 b4 b6 b7] — no `stop`, it is owed. North takes b7
///   (3): 10 in hand.
/// South's second turn chooses the direction for good: every decision names one, and a
///   plain `b4` is refused. b4:cw (1) → b5 0→1, empty front hole facing c5 (1): c5 (1) and
///   d5 (3) to South's hand, then one more: [c1 c2 c3 c7 d1 d2 d3 d4 d6 d7]; South takes c7
///   (2): 6 in hand.
/// North's second turn chooses too: d1:ccw (3) → c1 3→4, c2 3→4, c3 3→4 → relay 4: c4, c5,
///   c6, c7 0→1 → c7 was empty and faces b7, empty: the turn ends. 2 laps, 7 seeds.
/// South's third turn has no choice of direction left: plain sowings, clockwise. b5 (1) →
///   b6 3→4 → relay 4: b7 0→1, a7 0→1, a6 4→5, a5 0→1 → an empty outer hole: the end.
#[test]
fn natatu_first_sowing_clockwise_then_direction_chosen_once() {
    let rules = chisolo(None);
    assert_eq!(rules.columns(), 7);
    assert_eq!(rules.total_seeds(), 66);
    let mut game = Game::new(&rules);
    assert_board(
        &rules,
        game.state(),
        "d 3 3 3 3 3 3 3
         c 3 3 3 0 0 1 2
         b 2 1 0 0 3 3 3
         a 3 3 3 3 3 3 3",
    );
    assert_eq!(
        game.legal_moves().to_vec(),
        sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "b1", "b2", "b5", "b6", "b7"])
    );

    let effect = game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 3, 10, "b4", &[], true));
    assert_board(
        &rules,
        game.state(),
        "d 3 3 3 3 3 3 3
         c 3 3 3 0 0 1 2
         b 0 2 1 1 3 3 3
         a 4 4 4 0 4 4 0",
    );
    assert_eq!(game.state().chosen_direction(Player::South), None);

    assert_eq!(
        game.legal_moves().to_vec(),
        sows(&rules, &["c1", "c2", "c3", "c6", "c7", "d1", "d2", "d3", "d4", "d5", "d6", "d7"])
    );
    let effect = game.play(Move::Sow(hole(&rules, "c6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "c5", &[("a5", 4), ("b5", 3)], false));
    assert_eq!(game.state().hand()[Player::North], 7);
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(&rules, &["a1", "a2", "a3", "a6", "b2", "b3", "b4", "b6", "b7"])
    );
    let effect = game.play(Move::Pick(hole(&rules, "b7"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("b7", 3)], true));
    assert_eq!(game.state().hand()[Player::North], 10);
    assert_eq!(game.state().captured()[Player::North], 10);
    assert_board(
        &rules,
        game.state(),
        "d 3 3 3 3 3 3 3
         c 3 3 3 0 1 0 2
         b 0 2 1 1 0 3 0
         a 4 4 4 0 0 4 0",
    );

    // South's second turn: a direction must be named, once.
    let moves = game.legal_moves().to_vec();
    assert!(moves.iter().all(|m| matches!(m, Move::SowDirection(..))));
    let b4 = hole(&rules, "b4");
    assert!(moves.contains(&Move::SowDirection(b4, Direction::Anticlockwise)));
    assert!(moves.contains(&Move::SowDirection(b4, Direction::Clockwise)));
    let e = game.play(Move::Sow(b4)).unwrap_err();
    assert_eq!(e.kind(), PlayErrorKind::WrongPhase);
    let effects = game.play_turn("b4:cw x c7").unwrap();
    assert_eq!(
        effects,
        vec![
            sow_effect(&rules, 1, 1, "b5", &[("c5", 1), ("d5", 3)], false),
            pick_effect(&rules, &[("c7", 2)], true),
        ]
    );
    assert_eq!(game.state().chosen_direction(Player::South), Some(Direction::Clockwise));
    assert_eq!(game.state().hand()[Player::South], 6);

    // North's second turn: North names its own direction.
    assert!(game.legal_moves().iter().all(|m| matches!(m, Move::SowDirection(..))));
    let effects = game.play_turn("d1:ccw").unwrap();
    assert_eq!(effects, vec![sow_effect(&rules, 2, 7, "c7", &[], true)]);
    assert_eq!(game.state().chosen_direction(Player::North), Some(Direction::Anticlockwise));
    assert_board(
        &rules,
        game.state(),
        "d 0 3 3 3 0 3 3
         c 4 4 0 1 1 1 1
         b 0 2 1 0 1 3 0
         a 4 4 4 0 0 4 0",
    );

    // South's third turn: plain sowings, clockwise for good.
    let moves = game.legal_moves().to_vec();
    assert!(moves.iter().all(|m| matches!(m, Move::Sow(_))));
    let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "a5", &[], true));
    assert_board(
        &rules,
        game.state(),
        "d 0 3 3 3 0 3 3
         c 4 4 0 1 1 1 1
         b 0 2 1 0 0 0 1
         a 4 4 4 0 1 5 1",
    );
    assert_eq!(game.state().to_move(), Player::North);
}

/// A capture that leaves the opponent without seeds needs no extra hole, and wins (Natatu,
/// main game, both directions chosen anticlockwise):
///
///   d 0 0 1 0 0 0 0
///   c 0 0 2 0 0 0 0
///   b 0 0 0 1 0 0 0
///   a 0 0 0 0 0 0 0
///
/// b4 (1) → b3 0→1: an empty front hole facing c3 (2): c3 (2) and d3 (1) to hand. North has
/// nothing left: no extra hole is owed, and North has lost.
#[test]
fn natatu_capture_that_empties_the_opponent_wins() {
    let rules = chisolo(None);
    let mut s = setup(
        &rules,
        "d 0 0 1 0 0 0 0
         c 0 0 2 0 0 0 0
         b 0 0 0 1 0 0 0
         a 0 0 0 0 0 0 0",
        Player::South,
    );
    s.direction[Player::South] = Some(Direction::Anticlockwise);
    s.direction[Player::North] = Some(Direction::Anticlockwise);
    let mut game = Game::from_state(&rules, state(&rules, &s));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b4"]));
    let effect = game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("c3", 2), ("d3", 1)], true));
    assert_eq!(game.state().hand()[Player::South], 3);
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
}

/// Nambidi: two in every hole; before the first sowing each player takes three whole holes
/// of the opponent into hand, named in board order. South's first pick may be any of
/// North's 14 holes but the last two (three must still be found from it on):
/// [c1…c7 d1…d5]. South takes c4 and d4 (the facing pair the text speaks of) and d7:
/// 6 in hand. North takes a1, b1, b7 of South's. Then South's first sowing, clockwise:
///   b2 (2) → b3 2→3, b4 2→3 → relay 3: b5 2→3, b6 2→3, b7 0→1: an empty front hole
///   facing c7 (2), with d7 behind it already taken: c7 (2) to hand, then one more of
///   North's occupied holes [c1 c2 c3 c5 c6 d1 d2 d3 d5 d6]. 2 laps, 5 seeds.
#[test]
fn nambidi_three_captures_then_clockwise_first_sowing() {
    let rules = chisolo(Some("nambidi"));
    assert_eq!(rules.total_seeds(), 56);
    let mut game = Game::new(&rules);
    assert_eq!(remaining(game.state()), Some(3));
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(&rules, &["c1", "c2", "c3", "c4", "c5", "c6", "c7", "d1", "d2", "d3", "d4", "d5"])
    );
    // North's turn of captures opens in its picks, so this turn is played as decisions.
    for name in ["c4", "d4", "d7"] {
        game.play(Move::Pick(hole(&rules, name))).unwrap();
    }
    assert_eq!(game.state().hand()[Player::South], 6);
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(remaining(game.state()), Some(3));
    game.play_turn("a1 b1 b7").unwrap();
    assert_eq!(game.state().hand()[Player::North], 6);
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 0 2 2 0
         c 2 2 2 0 2 2 2
         b 0 2 2 2 2 2 0
         a 0 2 2 2 2 2 2",
    );
    assert_eq!(game.state().phase(), Phase::Sow);
    assert_eq!(game.state().phase_of(Player::South), 1);

    let effect = game.play(Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "b7", &[("c7", 2)], false));
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(&rules, &["c1", "c2", "c3", "c5", "c6", "d1", "d2", "d3", "d5", "d6"])
    );
    game.play(Move::Pick(hole(&rules, "d1"))).unwrap();
    assert_eq!(game.state().hand()[Player::South], 10);
    assert_board(
        &rules,
        game.state(),
        "d 0 2 2 0 2 2 0
         c 2 2 2 0 2 2 0
         b 0 0 3 0 3 3 1
         a 0 2 2 2 2 2 2",
    );
}

/// One counter: one in every hole, and the same three captures. South takes c1, c2, c3;
/// North takes b4, b5, b6. South's first sowing, clockwise, from a singleton:
///   b3 (1) → b4 0→1: an empty front hole facing c4 (1): c4 (1) and d4 (1) to hand, then
///   one more of North's [c5 c6 c7 d1 d2 d3 d5 d6 d7]; South takes d7.
#[test]
fn one_counter_three_captures_then_a_singleton_captures() {
    let rules = chisolo(Some("one-counter"));
    assert_eq!(rules.total_seeds(), 28);
    let mut game = Game::new(&rules);
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(&rules, &["c1", "c2", "c3", "c4", "c5", "c6", "c7", "d1", "d2", "d3", "d4", "d5"])
    );
    for name in ["c1", "c2", "c3"] {
        game.play(Move::Pick(hole(&rules, name))).unwrap();
    }
    game.play_turn("b4 b5 b6").unwrap();
    assert_eq!(game.state().hand(), sow::engine::ByPlayer::pair(3, 3));

    let effect = game.play(Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b4", &[("c4", 1), ("d4", 1)], false));
    assert_eq!(
        game.legal_moves().to_vec(),
        picks(&rules, &["c5", "c6", "c7", "d1", "d2", "d3", "d5", "d6", "d7"])
    );
    game.play(Move::Pick(hole(&rules, "d7"))).unwrap();
    assert_eq!(game.state().hand()[Player::South], 6);
    assert_board(
        &rules,
        game.state(),
        "d 1 1 1 0 1 1 0
         c 0 0 0 0 1 1 1
         b 1 1 0 1 0 0 1
         a 1 1 1 1 1 1 1",
    );
}

/// Namudilakunze: only the outer row is taken, and only behind an empty front hole. Main
/// game, both directions chosen anticlockwise (South: a1 → a7, b7 → b1):
///
///   d 2 0 1 0 0 2 3
///   c 0 0 4 0 0 0 0
///   b 0 0 0 1 0 0 1
///   a 0 0 0 0 0 0 0
///
/// b4 (1) → b3 0→1: an empty front hole, but c3 facing it holds 4: nothing is taken (in
/// Natatu, c3 and d3 would go).
/// b7 (1) → b6 0→1: an empty front hole facing an empty c6, with d6 (2) behind it: d6 goes
/// to hand, then one more hole — DECIDED: from North's outer row only: [d1 d3 d7], not c3.
/// South takes d7 (3): 5 in hand.
#[test]
fn namudilakunze_takes_only_the_outer_row() {
    let rules = chisolo(Some("namudilakunze"));
    assert_eq!(rules.total_seeds(), 26);
    assert_board(
        &rules,
        &rules.start(),
        "d 1 1 1 1 1 1 0
         c 1 1 1 1 1 1 1
         b 1 1 1 1 1 1 1
         a 0 1 1 1 1 1 1",
    );
    let text = "d 2 0 1 0 0 2 3
                c 0 0 4 0 0 0 0
                b 0 0 0 1 0 0 1
                a 0 0 0 0 0 0 0";
    let mut s = setup(&rules, text, Player::South);
    s.direction[Player::South] = Some(Direction::Anticlockwise);
    s.direction[Player::North] = Some(Direction::Anticlockwise);

    let mut game = Game::from_state(&rules, state(&rules, &s));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b4", "b7"]));
    let effect = game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[], true));
    assert_eq!(game.state().hand()[Player::South], 0);

    let mut game = Game::from_state(&rules, state(&rules, &s));
    let effect = game.play(Move::Sow(hole(&rules, "b7"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b6", &[("d6", 2)], false));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d1", "d3", "d7"]));
    let effect = game.play(Move::Pick(hole(&rules, "d7"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d7", 3)], true));
    assert_eq!(game.state().hand()[Player::South], 5);
    assert_board(
        &rules,
        game.state(),
        "d 2 0 1 0 0 0 0
         c 0 0 4 0 0 0 0
         b 0 0 0 1 0 1 0
         a 0 0 0 0 0 0 0",
    );
}
