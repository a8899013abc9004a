//! Hand-checked worked examples of Mweiso (`rules/mweiso.sow`): a first lap turned
//! clockwise from one of the two holes that allow it, only where it captures; the
//! captured seeds sown on from the hole the capturing lap was lifted from, the usual way
//! unless turned again; a relay paused at such a hole for the mover to turn it; the
//! opening from the outer row without its 4th and 5th holes; the "ludii" ruleset's
//! looser condition for a clockwise lap; and the win by both end holes of the inner row in
//! one turn of the main game (not of the opening). The leaving of a clockwise capture and
//! the one clockwise capture of a turn begun anticlockwise are worked out on Ikibuguzo's
//! board, whose main game is Mweiso's (`games/ikibuguzo.rs`).
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
//! Clockwise, South's circuit runs a1 → b1 → b2 → … → b8 → a8 → … → a2.

use sow::Rules;
use sow::engine::{Game, History, Move, Phase, Player, WinReason};
use sow::model::Direction;

use crate::common;
use crate::kit::*;

fn mweiso(ruleset: Option<&str>) -> Rules {
    common::rules("mweiso", ruleset, &[])
}

fn cw(rules: &Rules, name: &str) -> Move {
    Move::SowDirection(hole(rules, name), Direction::Clockwise)
}

/// South's only hole of two or more is a1 (2). Anticlockwise: a2 0→1, a3 0→1, an empty
/// landing. Clockwise (a1 is South's leftmost outer hole): b1 0→1, b2 1→2, an occupied
/// inner hole facing c2 (3) and d2 (1) — a capture, so the lap may be turned. The 4 taken
/// seeds go into a1, where the lap began (0→4), and a1 is sown on. That lap could go
/// clockwise only if it captured: b1 1→2, b2 2→3, b3 0→1, b4 0→1 ends in an empty hole, so
/// it goes the usual way: a2 0→1, a3 0→1, a4 0→1, a5 0→1, empty: the turn ends. North's
/// only seed is in d8, a singleton: North cannot move and loses.
#[test]
fn a_first_lap_turned_clockwise_captures_and_the_taken_seeds_go_on_anticlockwise() {
    let rules = mweiso(None);
    let mut state = state(
        &rules,
        &setup(
            &rules,
            "d 0 1 0 0 0 0 0 1
             c 0 3 0 0 0 0 0 0
             b 0 1 0 0 0 0 0 0
             a 2 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), vec![Move::Sow(hole(&rules, "a1")), cw(&rules, "a1")]);
    let effect = rules.play(&mut state, &mut history, cw(&rules, "a1")).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 6, "a5", &[("c2", 3), ("d2", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 1 2 0 0 0 0 0 0
         a 0 1 1 1 1 0 0 0",
    );
    assert_eq!(state.outcome(), win(Player::South, WinReason::Blocked));
}

/// A clockwise lap that would not capture is not offered. South a1 (2) clockwise: b1 0→1,
/// b2 0→1 — an empty landing, no capture: only the anticlockwise sowing is legal. The
/// "ludii" ruleset asks only that the lap end in an own inner hole facing two occupied
/// holes: it offers a1:cw, which then captures nothing and ends the turn.
#[test]
fn a_clockwise_lap_must_capture_except_in_ludii() {
    let picture = "d 0 1 0 0 0 0 0 2
                   c 0 3 0 0 0 0 0 0
                   b 0 0 0 0 0 0 0 0
                   a 2 0 0 0 0 0 0 0";
    let rules = mweiso(None);
    let state = state(&rules, &setup(&rules, picture, Player::South));
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1"]));
    let mut history = History::new(&rules, &state);
    let err = rules.play(&mut state.clone(), &mut history, cw(&rules, "a1")).unwrap_err().to_string();
    assert!(err.contains("cannot be sown clockwise"), "{err}");

    let ludii = mweiso(Some("ludii"));
    let mut state = crate::kit::state(&ludii, &setup(&ludii, picture, Player::South));
    let mut history = History::new(&ludii, &state);
    assert_eq!(legal(&ludii, &state), vec![Move::Sow(hole(&ludii, "a1")), cw(&ludii, "a1")]);
    let effect = ludii.play(&mut state, &mut history, cw(&ludii, "a1")).unwrap();
    assert_eq!(effect, sow_effect(&ludii, 1, 2, "b2", &[], true));
    assert_board(
        &ludii,
        &state,
        "d 0 1 0 0 0 0 0 2
         c 0 3 0 0 0 0 0 0
         b 1 1 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0",
    );
}

/// South b4 (2): b3 0→1, b2 2→3 — occupied, but c2 facing it is empty: a relay from b2,
/// South's 2nd inner hole, from which a lap may go clockwise if it captures. Clockwise, b2
/// (3) would go b3 1→2, b4 0→1, b5 1→2, an occupied inner hole facing c5 (2) and d5 (1):
/// it captures, so the sowing pauses for South: `relay` (anticlockwise) or `b2:cw`.
/// - relay: b1 0→1, a1 0→1, a2 0→1, empty: the turn ends.
/// - b2:cw: the capture takes 3 into b2, where that lap began (0→3), and b2 is sown on. A
///   clockwise lap of 3 from b2 would end in b5 (3), facing empty holes now: no capture,
///   so no pause, and it goes anticlockwise: b1 0→1, a1 0→1, a2 0→1, the end.
#[test]
fn a_relay_from_a_turning_hole_pauses_for_the_mover_where_turning_captures() {
    let rules = mweiso(None);
    let mut state = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 0 1 0 0 1
             c 0 0 0 0 2 0 0 1
             b 0 2 0 2 1 0 0 0
             a 0 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &state);
    // b2 clockwise would end in b4 (2→3), facing nothing: not offered.
    assert_eq!(legal(&rules, &state), sows(&rules, &["b2", "b4"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b2", &[], false));
    assert!(matches!(state.phase(), Phase::LapChoice(c) if c.turn && c.at == hole(&rules, "b2")));
    assert_eq!(legal(&rules, &state), vec![Move::Relay, cw(&rules, "b2")]);
    assert_eq!(rules.status(&state), "South to move (sowing paused at b2: relay, or turn the next lap)");
    let err = rules.play(&mut state.clone(), &mut history.clone(), Move::Stop).unwrap_err().to_string();
    assert!(err.contains("`relay`") && err.contains("`b2:cw`"), "{err}");

    let (mut relayed, mut relay_history) = (state.clone(), history.clone());
    let effect = rules.play(&mut relayed, &mut relay_history, Move::Relay).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 3, "a2", &[], true));
    assert_board(
        &rules,
        &relayed,
        "d 0 0 0 0 1 0 0 1
         c 0 0 0 0 2 0 0 1
         b 1 0 1 0 1 0 0 0
         a 1 1 0 0 0 0 0 0",
    );

    let effect = rules.play(&mut state, &mut history, cw(&rules, "b2")).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 6, "a2", &[("c5", 2), ("d5", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 1
         b 1 0 2 1 2 0 0 0
         a 1 1 0 0 0 0 0 0",
    );
    assert_eq!(state.outcome(), win(Player::South, WinReason::Blocked));
}

/// The opening: each player's first turn starts from an outer hole of two or more, but not
/// from the 4th or 5th from their left: South a1 a2 a3 a6 a7 a8. North's 4th and 5th from
/// its left are d5 and d4. (The chained captures of a1 are worked out in
/// tests/perft/mweiso.perft: North is left d1 d2 d6.)
#[test]
fn the_opening_starts_in_the_outer_row_but_not_its_middle_holes() {
    let rules = mweiso(None);
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "a2", "a3", "a6", "a7", "a8"]));
    game.play(Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 2 2 0 2 2 2 0 0
         c 2 2 0 2 2 2 0 0
         b 3 3 0 4 4 4 0 5
         a 1 0 1 4 4 1 5 5",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1", "d2", "d6"]));
}

/// Captures in the opening do not count towards the win by both end holes (DECIDED): South's
/// opening a6 takes c6/d6, c5/d5, c1/d1 and c8/d8 in one turn — both of North's inner end
/// holes — and play goes on. By hand: a6 (2): a7 3, a8 3, relay a8: b8 3, b7 3, b6 3 → c6,
/// d6 (4) into a8, sown: b8 4, b7 4, b6 4, b5 3 → c5, d5 (4) into a8, sown: b8 5, b7 5, b6 5,
/// b5 4, relay b5: b4 3, b3 3, b2 3, b1 3 → c1, d1 (4) into b5, sown: b4 4, b3 4, b2 4, b1 4,
/// relay b1: a1 3, a2 3, a3 3, a4 3, relay a4: a5 3, a6 1, a7 4, relay a7: a8 1, b8 6, b7 6,
/// b6 6, relay b6: b5 1, b4 5, b3 5, b2 5, b1 1, a1 4, relay a1: a2 4, a3 4, a4 1, a5 4,
/// relay a5: a6 2, a7 1, a8 2, b8 7 → c8, d8 (4) into a5, sown: a6 3, a7 2, a8 3, b8 8,
/// relay b8: b7 7, b6 1, b5 2, b4 6, b3 6, b2 6, b1 2, a1 1, empty: the end.
#[test]
fn captures_in_the_opening_do_not_win_by_the_end_holes() {
    let rules = mweiso(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(state.outcome(), None);
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &rules,
        &state,
        "d 0 2 2 2 0 0 2 0
         c 0 2 2 2 0 0 2 0
         b 2 6 6 6 2 1 7 0
         a 1 4 4 1 0 3 2 3",
    );
}

/// In the main game they do. South a7 (2): a8 0→1, b8 1→2, facing c8 (4) and d8 (5): both
/// (9) into a7 and sown on: a8 2, b8 3, b7…b2 1, b1 1→2, facing c1 and d1: taken, and South
/// wins, the two seeds left in a7. "ludii" has no such win.
#[test]
fn taking_both_end_holes_in_one_turn_of_the_main_game_wins() {
    let picture = "d 1 0 0 0 2 0 0 5
                   c 1 0 0 0 0 0 0 4
                   b 1 0 0 0 0 0 0 1
                   a 0 0 0 0 0 0 2 0";
    for ruleset in [None, Some("ludii")] {
        let rules = mweiso(ruleset);
        let mut state = state(&rules, &setup(&rules, picture, Player::South));
        let mut history = History::new(&rules, &state);
        rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a7"))).unwrap();
        if ruleset.is_none() {
            assert_eq!(state.outcome(), win(Player::South, WinReason::EndHoles));
            assert_board(
                &rules,
                &state,
                "d 0 0 0 0 2 0 0 0
                 c 0 0 0 0 0 0 0 0
                 b 2 1 1 1 1 1 1 3
                 a 0 0 0 0 0 0 2 2",
            );
        } else {
            assert_eq!(state.outcome(), None);
        }
    }
}
