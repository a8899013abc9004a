//! Hand-checked worked examples of Kubuguza (`rules/kubuguza.sow`): a lap turned clockwise
//! from one of the four holes that allow it, where it captures, with the captured seeds
//! sown on from the capturing lap's origin; no capture on a player's first turn; and the
//! "ludii" ruleset's other clockwise holes and looser condition.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```
//!
//! Clockwise, South's circuit runs b1 → b2 → … → b8 → a8 → … → a1 → b1.

use sow::Rules;
use sow::engine::{History, Move, Player};
use sow::model::Direction;

use crate::common;
use crate::kit::*;

fn kubuguza(ruleset: Option<&str>) -> Rules {
    common::rules("kubuguza", ruleset, &[])
}

fn cw(rules: &Rules, name: &str) -> Move {
    Move::SowDirection(hole(rules, name), Direction::Clockwise)
}

/// South's holes of two or more: b2 (2) and b3 (2). b2 is South's 2nd inner hole, one of
/// the four that may sow clockwise where the lap captures: b3 2→3, b4 1→2, an occupied inner
/// hole facing c4 (1) and d4 (2). b3 is not among the four. The capture puts 3 into b2 (0→3),
/// where the lap began, and b2 is sown on: clockwise it would end in b5 (0→1), empty, no
/// capture, so anticlockwise: b1 0→1, a1 0→1, a2 0→1, empty: the end.
#[test]
fn a_clockwise_lap_from_one_of_the_four_holes_captures() {
    let rules = kubuguza(None);
    let mut state = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 2 0 0 0 2
             c 0 0 0 1 0 0 0 0
             b 0 2 2 1 0 0 0 0
             a 0 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(
        legal(&rules, &state),
        vec![Move::Sow(hole(&rules, "b2")), Move::Sow(hole(&rules, "b3")), cw(&rules, "b2")]
    );
    let effect = rules.play(&mut state, &mut history, cw(&rules, "b2")).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "a2", &[("c4", 1), ("d4", 2)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0
         b 1 0 3 2 0 0 0 0
         a 1 1 0 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
}

/// The same landing captures in the main game but not on a player's first turn. South b6
/// (2): b5 0→1, b4 1→2, an occupied inner hole facing c4 (1) and d4 (2).
/// - Main game: both are taken (3) into b6, where the lap began, and b6 is sown on: b5 1→2,
///   b4 2→3, b3 0→1, empty: the end.
/// - First turn: b4 relays (2): b3 0→1, b2 0→1, empty: the end; North keeps its seeds.
#[test]
fn nothing_is_captured_on_a_players_first_turn() {
    let rules = kubuguza(None);
    let picture = "d 0 0 0 2 0 0 0 2
                   c 0 0 0 1 0 0 0 0
                   b 0 0 0 1 0 2 0 0
                   a 0 0 0 0 0 0 0 0";
    let mut main = state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &main);
    let effect = rules.play(&mut main, &mut history, Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "b3", &[("c4", 1), ("d4", 2)], true));
    assert_board(
        &rules,
        &main,
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0
         b 0 0 1 3 2 0 0 0
         a 0 0 0 0 0 0 0 0",
    );

    let mut first = position(&rules, picture, Player::South);
    let mut history = History::new(&rules, &first);
    let effect = rules.play(&mut first, &mut history, Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b2", &[], true));
    assert_board(
        &rules,
        &first,
        "d 0 0 0 2 0 0 0 2
         c 0 0 0 1 0 0 0 0
         b 0 1 1 0 1 0 0 0
         a 0 0 0 0 0 0 0 0",
    );
}

/// "ludii": the clockwise holes are the inner row's ends and the outer row's 2nd from each
/// end, and a clockwise lap needs only to end in an own inner hole facing two occupied
/// holes. South b1 (2) clockwise: b2 0→1, b3 0→1 — empty, but facing c3 (1) and d3 (1):
/// allowed, and the turn ends there without a capture. In the base game b1 is not one of
/// the four holes: only the anticlockwise sowing (a1 0→1, a2 0→1) is legal.
#[test]
fn ludii_turns_other_holes_on_a_looser_condition() {
    let picture = "d 0 0 1 0 0 0 0 2
                   c 0 0 1 0 0 0 0 0
                   b 2 0 0 0 0 0 0 0
                   a 0 0 0 0 0 0 0 0";
    let rules = kubuguza(None);
    let base = state(&rules, &setup(&rules, picture, Player::South));
    assert_eq!(legal(&rules, &base), sows(&rules, &["b1"]));

    let ludii = kubuguza(Some("ludii"));
    let mut state = state(&ludii, &setup(&ludii, picture, Player::South));
    let mut history = History::new(&ludii, &state);
    assert_eq!(legal(&ludii, &state), vec![Move::Sow(hole(&ludii, "b1")), cw(&ludii, "b1")]);
    let effect = ludii.play(&mut state, &mut history, cw(&ludii, "b1")).unwrap();
    assert_eq!(effect, sow_effect(&ludii, 1, 2, "b3", &[], true));
    assert_board(
        &ludii,
        &state,
        "d 0 0 1 0 0 0 0 2
         c 0 0 1 0 0 0 0 0
         b 0 1 1 0 0 0 0 0
         a 0 0 0 0 0 0 0 0",
    );
}
