//! Hand-checked worked examples of Ikibuguzo (`rules/ikibuguzo.sow`): the set sowings of
//! the two openings (two seeds into the next hole, one into each after it); the win by
//! taking both end holes of the opponent's inner row in one turn; captured seeds of a
//! clockwise lap left in their hole while the other clockwise hole is sown; and the limit
//! of one clockwise capture in a turn that did not begin clockwise. The "ludii" rulesets
//! have none of the last three.
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
//! Clockwise, South's circuit runs b1 → b2 → … → b8 → a8 → … → a1 → b1. South's clockwise
//! holes are a1 (the leftmost outer hole) and b2 (the 2nd inner hole).

use sow::Rules;
use sow::engine::{History, Move, Player, WinReason};
use sow::model::Direction;

use crate::common;
use crate::kit::*;

fn ikibuguzo(ruleset: Option<&str>) -> Rules {
    common::rules("ikibuguzo", ruleset, &[])
}

fn cw(rules: &Rules, name: &str) -> Move {
    Move::SowDirection(hole(rules, name), Direction::Clockwise)
}

fn play(
    rules: &Rules,
    state: &mut sow::engine::State,
    history: &mut History,
    mv: Move,
) -> sow::engine::Effect {
    rules.play(state, history, mv).unwrap()
}

/// Opening 1. The array: a2 6, a8 17, b3 b5 b7 3 each (North the same from its seat: d7 6,
/// d1 17, c6 c4 c2 3). Each player's first three turns sow b3, b5, b7 in that order (North
/// c6, c4, c2), two seeds into the next hole along the inner row and one into the hole
/// after it:
/// - South b3: b2 0→2, b1 0→1 (empty: the end).
/// - North c6: c7 0→2, c8 0→1.
/// - South b5: b4 0→2, b3 0→1; North c4: c5 0→2, c6 0→1.
/// - South b7: b6 0→2, b5 0→1; North c2: c3 0→2, c4 0→1.
///
/// Then the main game: South's holes of two or more are a2 (6), a8 (17), b2, b4, b6 (2
/// each); no clockwise lap: a1 is empty, and b2's clockwise lap (b3 1→2, b4 2→3) ends
/// facing c4 (1) but an empty d4.
#[test]
fn the_first_array_opens_with_three_set_sowings() {
    let rules = ikibuguzo(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_board(
        &rules,
        &state,
        "d 17 0 0 0 0 0 6 0
         c 0 3 0 3 0 3 0 0
         b 0 0 3 0 3 0 3 0
         a 0 6 0 0 0 0 0 17",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["b3"]));
    let effect = play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, "b3")));
    assert_eq!(effect, sow_effect(&rules, 1, 3, "b1", &[], true));
    assert_board(
        &rules,
        &state,
        "d 17 0 0 0 0 0 6 0
         c 0 3 0 3 0 3 0 0
         b 1 2 0 0 3 0 3 0
         a 0 6 0 0 0 0 0 17",
    );
    for (north, south) in [("c6", "b5"), ("c4", "b7")] {
        assert_eq!(legal(&rules, &state), sows(&rules, &[north]));
        play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, north)));
        assert_eq!(legal(&rules, &state), sows(&rules, &[south]));
        play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, south)));
    }
    assert_eq!(legal(&rules, &state), sows(&rules, &["c2"]));
    play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, "c2")));
    assert_board(
        &rules,
        &state,
        "d 17 0 0 0 0 0 6 0
         c 0 0 2 1 2 1 2 1
         b 1 2 1 2 1 2 0 0
         a 0 6 0 0 0 0 0 17",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["a2", "a8", "b2", "b4", "b6"]));
}

/// Opening 2: four seeds in each outer hole. South a8: b8 0→2, b7 0→1, b6 0→1. North d1 (its
/// rightmost outer hole): c1 0→2, c2 0→1, c3 0→1. South's second set sowing is a7: a8 0→2,
/// b8 2→3, b7 1→2 — its last seed falls into an occupied hole, and the set sowing stops
/// there all the same (no relay in the opening).
#[test]
fn the_second_array_sows_the_outer_row_from_the_right_without_relays() {
    let rules = ikibuguzo(Some("opening-2"));
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a8"]));
    play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, "a8")));
    assert_eq!(legal(&rules, &state), sows(&rules, &["d1"]));
    play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, "d1")));
    assert_eq!(legal(&rules, &state), sows(&rules, &["a7"]));
    let effect = play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, "a7")));
    assert_eq!(effect, sow_effect(&rules, 1, 4, "b7", &[], true));
    assert_board(
        &rules,
        &state,
        "d 0 4 4 4 4 4 4 4
         c 2 1 1 0 0 0 0 0
         b 0 0 0 0 0 1 2 3
         a 4 4 4 4 4 4 0 2",
    );
}

/// Taking both end holes of North's inner row in one turn wins. South a7 (2): a8 0→1, b8
/// 1→2, an occupied inner hole facing c8 (4) and d8 (5): both (9) go into a7 and are sown
/// on: a8 1→2, b8 2→3, b7…b2 0→1, b1 1→2, facing c1 (1) and d1 (1): taken too — c8 and c1
/// in one turn, South wins. The two seeds stay in a7, unsown.
///
/// In "ludii" the sowing goes on: a7 (2): a8 2→3, b8 3→4, relay (c8, d8 empty): b7…b4 1→2,
/// relay b4: b3 1→2, b2 1→2, relay b2 (clockwise it would end in b4, facing nothing): b1
/// 2→3, a1 0→1, empty: the end, North to move (d5 left).
#[test]
fn taking_both_end_holes_in_one_turn_wins() {
    let picture = "d 1 0 0 0 2 0 0 5
                   c 1 0 0 0 0 0 0 4
                   b 1 0 0 0 0 0 0 1
                   a 0 0 0 0 0 0 2 0";
    let rules = ikibuguzo(None);
    let mut state = state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a7"]));
    let effect = play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, "a7")));
    assert_eq!(effect, sow_effect(&rules, 2, 11, "b1", &[("c1", 1), ("c8", 4), ("d1", 1), ("d8", 5)], true));
    assert_eq!(state.outcome(), win(Player::South, WinReason::EndHoles));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 2 0 0 0
         c 0 0 0 0 0 0 0 0
         b 2 1 1 1 1 1 1 3
         a 0 0 0 0 0 0 2 2",
    );

    let ludii = ikibuguzo(Some("ludii"));
    let mut state = self::state(&ludii, &setup(&ludii, picture, Player::South));
    let mut history = History::new(&ludii, &state);
    play(&ludii, &mut state, &mut history, Move::Sow(hole(&ludii, "a7")));
    assert_eq!(state.outcome(), None);
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &ludii,
        &state,
        "d 0 0 0 0 2 0 0 0
         c 0 0 0 0 0 0 0 0
         b 3 0 2 0 2 2 2 0
         a 1 0 0 0 0 0 0 3",
    );
}

/// South a1 (2) clockwise: b1 0→1, b2 2→3, facing c2 (1) and d2 (1): both go into a1. From
/// a1 a clockwise lap (b1 1→2, b2 3→4) would capture nothing, but the captured seeds may be
/// left in a1 while b2 (3) is sown clockwise, since that lap captures: b3 0→1, b4 0→1, b5
/// 1→2, facing c5 (1) and d5 (1). Both go into b2 (0→2); neither b2 clockwise (ending in b4)
/// nor a1 clockwise (ending in b2) captures now, so b2 is sown on anticlockwise: b1 1→2, a1
/// 2→3, relay a1: a2, a3, a4 0→1, the end.
///
/// In "ludii" nothing is left: a1's captured seeds are sown anticlockwise at once (a2, a3
/// 0→1, the end).
#[test]
fn a_clockwise_capture_may_be_left_for_the_other_clockwise_hole() {
    let picture = "d 0 1 0 0 1 0 0 2
                   c 0 1 0 0 1 0 0 0
                   b 0 2 0 0 1 0 0 0
                   a 2 0 0 0 0 0 0 0";
    let rules = ikibuguzo(None);
    let mut state = state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &state);
    let start = legal(&rules, &state);
    assert_eq!(start, vec![Move::Sow(hole(&rules, "a1")), Move::Sow(hole(&rules, "b2")), cw(&rules, "a1")]);
    let effect = play(&rules, &mut state, &mut history, cw(&rules, "a1"));
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b2", &[("c2", 1), ("d2", 1)], false));
    assert_eq!(legal(&rules, &state), vec![Move::Relay, cw(&rules, "b2")]);
    let effect = play(&rules, &mut state, &mut history, cw(&rules, "b2"));
    assert_eq!(effect, sow_effect(&rules, 3, 8, "a4", &[("c5", 1), ("d5", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0
         b 2 0 1 1 2 0 0 0
         a 0 1 1 1 0 0 0 0",
    );

    let ludii = ikibuguzo(Some("ludii"));
    let mut state = self::state(&ludii, &setup(&ludii, picture, Player::South));
    let mut history = History::new(&ludii, &state);
    assert_eq!(legal(&ludii, &state), start);
    play(&ludii, &mut state, &mut history, cw(&ludii, "a1"));
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &ludii,
        &state,
        "d 0 0 0 0 1 0 0 2
         c 0 0 0 0 1 0 0 0
         b 1 3 0 0 1 0 0 0
         a 0 1 1 0 0 0 0 0",
    );
}

/// A turn that begins anticlockwise captures clockwise once. South a8 (7): b8…b3 0→1, b2
/// 1→2, occupied and facing nothing: a relay from b2, which may go clockwise since that lap
/// (b3 1→2, b4 1→2) ends facing c4 (1) and d4 (2). Clockwise: both (3) go into b2. A
/// clockwise lap of b2's three (b3, b4, b5 1→2, facing c5 and d5) would capture again, but
/// only one clockwise capture is allowed: b2 is sown on anticlockwise at once (b1, a1, a2
/// 0→1, the end).
///
/// "ludii" has no such limit: the sowing pauses at b2 again, and b2 may go clockwise.
#[test]
fn a_turn_that_began_anticlockwise_captures_clockwise_once() {
    let picture = "d 0 0 0 2 1 0 0 2
                   c 0 0 0 1 1 0 0 0
                   b 0 1 0 0 0 0 0 0
                   a 0 0 0 0 0 0 0 7";
    for ruleset in [None, Some("ludii")] {
        let rules = ikibuguzo(ruleset);
        let mut state = state(&rules, &setup(&rules, picture, Player::South));
        let mut history = History::new(&rules, &state);
        assert_eq!(legal(&rules, &state), sows(&rules, &["a8"]));
        let effect = play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, "a8")));
        assert_eq!(effect, sow_effect(&rules, 1, 7, "b2", &[], false));
        assert_eq!(legal(&rules, &state), vec![Move::Relay, cw(&rules, "b2")]);
        let effect = play(&rules, &mut state, &mut history, cw(&rules, "b2"));
        if ruleset.is_none() {
            assert_eq!(effect, sow_effect(&rules, 2, 5, "a2", &[("c4", 1), ("d4", 2)], true));
            assert_board(
                &rules,
                &state,
                "d 0 0 0 0 1 0 0 2
                 c 0 0 0 0 1 0 0 0
                 b 1 0 2 2 1 1 1 1
                 a 1 1 0 0 0 0 0 0",
            );
        } else {
            assert_eq!(effect, sow_effect(&rules, 1, 2, "b4", &[("c4", 1), ("d4", 2)], false));
            assert_eq!(legal(&rules, &state), vec![Move::Relay, cw(&rules, "b2")]);
        }
    }
}
