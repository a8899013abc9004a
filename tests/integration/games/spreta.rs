//! Hand-checked worked examples of Spreta (`rules/spreta.sow`): the one-seed setup with its
//! hole of two, the first turn that must sow it, the capture of the facing holes with two
//! more holes after an inner-and-outer capture — and the file's DECIDED points (the first
//! sowing relays and captures like any other; a player whose hole of two was taken skips
//! the opening; nothing is taken facing an empty inner hole; the extra holes come only
//! with the outer hole and are mandatory). The ruleset "ludii" is pinned where it differs:
//! a single-lap first sowing, and two extra holes after every empty inner landing.
//!
//! Every expectation was worked out by hand from the rules text. Positions are written as
//! the board picture shows them, North's outer row on top (4×10):
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
use sow::engine::{Game, History, Move, Player, State, WinReason};

use crate::common;
use crate::kit::*;

fn spreta() -> Rules {
    common::rules("spreta", None, &[])
}

fn ludii() -> Rules {
    common::rules("spreta", Some("ludii"), &[])
}

/// The name of the opening `player` is in (`None` for the main game).
fn phase_name<'a>(rules: &'a Rules, state: &State, player: Player) -> Option<&'a str> {
    rules.phases()[state.phase_of(player)].name.as_deref()
}

/// A position in the main game (the opening over) from the board picture.
fn main_game(rules: &Rules, text: &str, to_move: Player) -> State {
    state(rules, &setup(rules, text, to_move))
}

// ---------------------------------------------------------------------------------------
// 1. The start, and South's first sowing: it relays round the circuit and captures.

/// Start (4×10): 1 in every hole, except each player's 3rd inner hole from the left (b3,
/// c8), holding 2, and rightmost inner hole (b10, c1), empty: 40 seeds. Both players are in
/// the opening, which allows only the hole of two: South [b3].
///
/// b3 (2), South's circuit a1…a10, b10…b1:
///   b2 1→2, b1 1→2 → relay 2: a1, a2 1→2 → relay: a3, a4 → relay: a5, a6 → relay: a7,
///   a8 → relay: a9, a10 → relay: b10 0→1, b9 1→2 → relay: b8, b7 → relay: b6, b5 →
///   relay: b4 1→2, b3 0→1 — b3 was emptied when the move began: an empty inner hole facing
///   c3 (1) with d3 (1) behind. Both are taken; 10 laps, 20 seeds sown.
/// The outer hole was taken, so South owes 2 more holes. North's 17 occupied holes in board
/// order are c2, c4…c10, d1, d2, d4…d10; the first pick may be any but d10. South takes c8,
/// North's hole of two, then d1 (the second pick: any of the 11 occupied holes after c8).
/// South has captured 1 + 1 + 2 + 1 = 5.
///
/// DECIDED: North, with no hole of two left, skips the opening and plays the main game at
/// once: it has no hole of two or more, so singletons whose next hole (d10 → d1, c1 → c10)
/// is empty: c2 (c3), c7 (c8), d2 (d1), d4 (d3).
#[test]
fn the_first_sowing_relays_and_captures() {
    let rules = spreta();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(rules.total_seeds(), 40);
    assert_board(
        &rules,
        &state,
        "d 1 1 1 1 1 1 1 1 1 1
         c 0 1 1 1 1 1 1 2 1 1
         b 1 1 2 1 1 1 1 1 1 0
         a 1 1 1 1 1 1 1 1 1 1",
    );
    assert_eq!(phase_name(&rules, &state, Player::South), Some("the pair"));
    assert_eq!(legal(&rules, &state), sows(&rules, &["b3"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 10, 20, "b3", &[("c3", 1), ("d3", 1)], false));
    assert_eq!(remaining(&state), Some(2));
    assert_eq!(
        legal(&rules, &state),
        picks(
            &rules,
            &[
                "c2", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "d1", "d2", "d4", "d5", "d6", "d7", "d8",
                "d9"
            ]
        )
    );
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "c8"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("c8", 2)], false));
    assert_eq!(
        legal(&rules, &state),
        picks(&rules, &["c9", "c10", "d1", "d2", "d4", "d5", "d6", "d7", "d8", "d9", "d10"])
    );
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d1"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d1", 1)], true));

    assert_eq!(state.captured()[Player::South], 5);
    assert_board(
        &rules,
        &state,
        "d 0 1 0 1 1 1 1 1 1 1
         c 0 1 0 1 1 1 1 0 1 1
         b 0 2 1 2 0 2 0 2 0 1
         a 2 0 2 0 2 0 2 0 2 0",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(phase_name(&rules, &state, Player::North), None);
    assert_eq!(legal(&rules, &state), sows(&rules, &["c2", "c7", "d2", "d4"]));
}

// ---------------------------------------------------------------------------------------
// 2. Captures in the main game.

/// An inner-and-outer capture, then two more whole holes, mandatory.
///   b5 (2): b4 0→1, b3 0→1 — empty inner, facing c3 (3) with d3 (2) behind: both taken.
///   Owed 2 of North's c7 2, d6 1, d10 1 (board order): first c7 or d6, not d10; no stop.
///   Pick d6, then [d10]. South has taken 3 + 2 + 1 + 1 = 7; North keeps c7 (2).
#[test]
fn two_more_holes_after_an_inner_and_outer_capture() {
    let rules = spreta();
    let mut state = main_game(
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
    rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d6"))).unwrap();
    assert_eq!(legal(&rules, &state), picks(&rules, &["d10"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d10"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d10", 1)], true));
    assert_eq!(state.captured()[Player::South], 7);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 2 0 0 0
         b 0 0 1 1 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["c7"]));
}

/// DECIDED: no extra holes without the outer hole, and nothing at all facing an empty inner
/// hole. South has no hole of two or more: singletons into an empty next hole.
///   First position: a1 (a2 empty) and b4 (b3 empty). b4: b3 0→1 — empty inner, facing c3
///   (2); d3 is empty: c3 alone is taken, no extra holes, the turn is over. A singleton
///   captures.
///   Second position: a1 and b3 (b2 empty). b3: b2 0→1 — empty inner, but c2 is empty:
///   nothing is taken, though d2 holds 3.
#[test]
fn no_extra_holes_without_the_outer_hole() {
    let rules = spreta();
    let mut state = main_game(
        &rules,
        "d 0 0 0 0 0 0 0 0 0 2
         c 0 0 2 0 0 0 0 0 1 0
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
    assert_eq!(legal(&rules, &state), sows(&rules, &["d10"]));

    let mut state = main_game(
        &rules,
        "d 0 3 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0 1 0
         b 0 0 1 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "b3"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[], true));
    assert_eq!(state.captured()[Player::South], 0);
    assert_eq!(state.to_move(), Player::North);
}

/// DECIDED: a blocked player loses. South's twenty holes each hold 1: no hole of two or
/// more, and every singleton's next hole is occupied.
#[test]
fn a_blocked_player_loses() {
    let rules = spreta();
    let game = Game::from_state(
        &rules,
        main_game(
            &rules,
            "d 0 0 0 0 2 0 0 0 0 0
             c 0 0 0 0 0 0 0 0 0 0
             b 1 1 1 1 1 1 1 1 1 1
             a 1 1 1 1 1 1 1 1 1 1",
            Player::South,
        ),
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.outcome(), win(Player::North, WinReason::Blocked));
}

// ---------------------------------------------------------------------------------------
// 3. Ruleset "ludii".

/// The first sowing is a single lap with no relay and no capture.
///   South b3 (2): b2 1→2, b1 1→2 — occupied, but the opening's lap does not relay: the
///   turn ends. North c8 (2), its hole of two: c9 1→2, c10 1→2, and its turn ends.
///   South, now in the main game, has b1 and b2 with two.
#[test]
fn ludii_first_sowing_is_a_single_lap() {
    let rules = ludii();
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b3"]));
    let effect = game.play(Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b1", &[], true));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c8"]));
    let effect = game.play(Move::Sow(hole(&rules, "c8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "c10", &[], true));
    assert_board(
        &rules,
        game.state(),
        "d 1 1 1 1 1 1 1 1 1 1
         c 0 1 1 1 1 1 1 0 2 2
         b 2 2 0 1 1 1 1 1 1 0
         a 1 1 1 1 1 1 1 1 1 1",
    );
    assert_eq!(phase_name(&rules, game.state(), Player::South), None);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b1", "b2"]));
}

/// Every last seed in an empty inner hole captures whatever faces it and then two more
/// holes — the second position of `no_extra_holes_without_the_outer_hole`, and one facing
/// nothing at all.
///   b3 (1): b2 0→1 — empty inner; c2 is empty, d2 (3) is taken all the same; then 2 more
///   of North's c9 1, d10 2: [c9] (d10 alone could not be followed), then [d10]. North
///   has no seeds: South wins.
///   Facing nothing: b3 (1): b2 0→1, c2 and d2 empty, nothing taken — and still 2 more of
///   North's c6 1, c9 1, d8 1, d10 2: first [c6, c9, d8]; pick c9; then [d8, d10]; pick d10.
///   North keeps c6 and d8.
#[test]
fn ludii_every_empty_inner_landing_takes_two_more_holes() {
    let rules = ludii();
    let mut game = Game::from_state(
        &rules,
        main_game(
            &rules,
            "d 0 3 0 0 0 0 0 0 0 2
             c 0 0 0 0 0 0 0 0 1 0
             b 0 0 1 0 0 0 0 0 0 0
             a 1 0 0 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    let effect = game.play(Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[("d2", 3)], false));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c9"]));
    game.play(Move::Pick(hole(&rules, "c9"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d10"]));
    let effect = game.play(Move::Pick(hole(&rules, "d10"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d10", 2)], true));
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(game.state().captured()[Player::South], 6);

    let mut state = main_game(
        &rules,
        "d 0 0 0 0 0 0 0 1 0 2
         c 0 0 0 0 0 1 0 0 1 0
         b 0 0 1 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[], false));
    assert_eq!(remaining(&state), Some(2));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c6", "c9", "d8"]));
    rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "c9"))).unwrap();
    assert_eq!(legal(&rules, &state), picks(&rules, &["d8", "d10"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d10"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d10", 2)], true));
    assert_eq!(state.captured()[Player::South], 3);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 1 0 0
         c 0 0 0 0 0 1 0 0 0 0
         b 0 1 0 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
}

/// A blocked player passes (Ludii plays a forced pass): the position of `a_blocked_player_
/// loses`, where South's only decision is to pass; North then sows d5.
#[test]
fn ludii_a_blocked_player_passes() {
    let rules = ludii();
    let mut game = Game::from_state(
        &rules,
        main_game(
            &rules,
            "d 0 0 0 0 2 0 0 0 0 0
             c 0 0 0 0 0 0 0 0 0 0
             b 1 1 1 1 1 1 1 1 1 1
             a 1 1 1 1 1 1 1 1 1 1",
            Player::South,
        ),
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Pass]);
    let effect = game.play(Move::Pass).unwrap();
    assert!(effect.turn_over && effect.passed);
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d5"]));
}
