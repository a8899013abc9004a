//! Hand-checked worked examples of Tshuba (`rules/tshuba.sow`): the full start, sowing from
//! any occupied hole, the capture of the facing holes and the extra hole the capturer may
//! take — and the file's DECIDED points (singletons may always be sown; nothing is taken
//! facing an empty inner hole; the extra hole follows every capture and may be declined).
//! The ruleset "ludii" is pinned where it differs: the extra hole is mandatory and follows
//! every last seed in an empty inner hole, with whatever faced it taken.
//!
//! Every expectation was worked out by hand from the rules text. Positions are written as
//! the board picture shows them, North's outer row on top (4×4, the default):
//!
//! ```text
//!      1 2 3 4
//!   d  . . . .   North outer   North sows d4 → d1, then c1 → c4
//!   c  . . . .   North inner
//!   b  . . . .   South inner   South sows a1 → a4, then b4 → b1
//!   a  . . . .   South outer
//! ```

use sow::Rules;
use sow::engine::{Game, History, Move, Player, WinReason};

use crate::common;
use crate::kit::*;

fn tshuba() -> Rules {
    common::rules("tshuba", None, &[])
}

fn ludii() -> Rules {
    common::rules("tshuba", Some("ludii"), &[])
}

/// The opponent's occupied holes after the opening capture of `a_first_capture_…`.
const LEFT: [&str; 6] = ["c2", "c3", "c4", "d2", "d3", "d4"];

// ---------------------------------------------------------------------------------------
// 1. The start and a first capture.

/// Start (4×4): 2 in every hole, 32 seeds; South may sow any of its 8 holes.
///   b1 (2): a1 2→3, a2 2→3 → relay 3: a3, a4, b4 2→3 → relay 3: b3, b2 2→3, b1 0→1 — b1
///   was emptied when the move began: an empty inner hole facing c1 (2) with d1 (2) behind:
///   both are taken. 3 laps, 8 seeds sown.
/// Then South may take one more occupied North hole — c2, c3, c4, d2, d3, d4 — or stop.
///   stop: North keeps its 6 holes and moves.
///   d3: 2 more seeds, 6 in all; the turn is over.
#[test]
fn a_first_capture_and_the_optional_extra_hole() {
    let rules = tshuba();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(rules.total_seeds(), 32);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 3, 8, "b1", &[("c1", 2), ("d1", 2)], false));
    assert_eq!(state.to_move(), Player::South);
    let mut expected = picks(&rules, &LEFT);
    expected.push(Move::Stop);
    assert_eq!(legal(&rules, &state), expected);

    let mut stopped = state.clone();
    let mut stopped_history = history.clone();
    let effect = rules.play(&mut stopped, &mut stopped_history, Move::Stop).unwrap();
    assert!(effect.turn_over && effect.taken.is_empty());
    assert_eq!(stopped.captured()[Player::South], 4);
    assert_eq!(stopped.to_move(), Player::North);
    assert_eq!(legal(&rules, &stopped), sows(&rules, &LEFT));

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d3"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d3", 2)], true));
    assert_eq!(state.captured()[Player::South], 6);
    assert_board(
        &rules,
        &state,
        "d 0 2 0 2
         c 0 2 2 2
         b 1 3 3 0
         a 3 0 3 3",
    );
    assert_eq!(state.to_move(), Player::North);
}

// ---------------------------------------------------------------------------------------
// 2. DECIDED points of the main game.

/// Any occupied hole may be sown, a single seed too: South's a1, a2 and b3 hold one each,
/// and a1 is offered though its next hole, a2, is occupied.
///   b3 (1): b2 0→1 — an empty inner hole, but c2 is empty: nothing is taken, though d2
///   holds 3; the turn is over.
#[test]
fn singletons_sow_and_an_empty_facing_hole_takes_nothing() {
    let rules = tshuba();
    let mut state = position(
        &rules,
        "d 0 3 0 0
         c 0 0 2 0
         b 0 0 1 0
         a 1 1 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a2", "b3"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[], true));
    assert_eq!(state.captured()[Player::South], 0);
    assert_eq!(state.to_move(), Player::North);
}

/// The extra hole follows a capture whose outer hole was empty too.
///   b3 (1): b2 0→1 — empty inner, facing c2 (3); d2 is empty: c2 alone is taken. South
///   may then take c4 (1) or d4 (2), or stop. South takes d4: 5 captured; North keeps c4.
#[test]
fn the_extra_hole_follows_an_inner_capture_alone() {
    let rules = tshuba();
    let mut state = position(
        &rules,
        "d 0 0 0 2
         c 0 3 0 1
         b 0 0 1 0
         a 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[("c2", 3)], false));
    let mut expected = picks(&rules, &["c4", "d4"]);
    expected.push(Move::Stop);
    assert_eq!(legal(&rules, &state), expected);
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d4"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d4", 2)], true));
    assert_eq!(state.captured()[Player::South], 5);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0
         c 0 0 0 1
         b 0 1 0 0
         a 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["c4"]));
}

// ---------------------------------------------------------------------------------------
// 3. Ruleset "ludii".

/// The start's b1 capture: the extra hole is mandatory, no `stop` — the six holes only.
#[test]
fn ludii_the_extra_hole_is_mandatory() {
    let rules = ludii();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 3, 8, "b1", &[("c1", 2), ("d1", 2)], false));
    assert_eq!(legal(&rules, &state), picks(&rules, &LEFT));
}

/// The position of `singletons_sow_and_an_empty_facing_hole_takes_nothing`: b3 (1): b2 0→1,
/// an empty inner hole facing an empty c2 — Ludii takes d2 (3) behind it all the same, and
/// then one more hole: North's only other hole is c3 (2), [c3]. North has no seeds left:
/// South wins.
#[test]
fn ludii_an_empty_inner_landing_takes_the_outer_hole_and_one_more() {
    let rules = ludii();
    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 0 3 0 0
             c 0 0 2 0
             b 0 0 1 0
             a 1 1 0 0",
            Player::South,
        ),
    );
    let effect = game.play(Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[("d2", 3)], false));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c3"]));
    let effect = game.play(Move::Pick(hole(&rules, "c3"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("c3", 2)], true));
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(game.state().captured()[Player::South], 5);
}

/// Facing nothing at all, the extra hole is still owed. b2 (1): b1 0→1 — empty inner; c1
/// and d1 are empty, nothing is taken; then one of North's c3 (2) or d4 (1), no stop.
#[test]
fn ludii_an_empty_inner_landing_facing_nothing_takes_one_more() {
    let rules = ludii();
    let mut state = position(
        &rules,
        "d 0 0 0 1
         c 0 0 2 0
         b 0 1 0 0
         a 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b1", &[], false));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c3", "d4"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "c3"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("c3", 2)], true));
    assert_eq!(state.captured()[Player::South], 2);
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(legal(&rules, &state), sows(&rules, &["d4"]));

    // The base game takes nothing here and owes nothing.
    let rules = tshuba();
    let mut state = position(
        &rules,
        "d 0 0 0 1
         c 0 0 2 0
         b 0 1 0 0
         a 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b1", &[], true));
}
