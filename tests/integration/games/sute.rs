//! Hand-checked worked examples of Sute (`rules/sute.sow`): single-seed steps into empty
//! holes, the capture of the enemy *outer* hole when the enemy inner hole facing the
//! landing is empty, the forced start, and the file's DECIDED points (no capture when
//! there is nothing behind; a repeated position is a draw).
//!
//! Every expectation was worked out by hand from the rules text. Positions are written as
//! the board picture shows them, North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```

use sow::Rules;
use sow::engine::{DrawReason, Game, History, Move, Outcome, Player};

use crate::common;
use crate::kit::*;

fn sute() -> Rules {
    common::rules("sute", None, &[])
}

// ---------------------------------------------------------------------------------------
// 1. The start is forced until North's first capture.

/// Start (4×8): 1 in every hole except each player's rightmost inner hole (b8, c1): 15
/// seeds a side. A player with one empty hole has exactly one move: the hole before the
/// empty one steps into it, and the empty hole moves one back along the circuit.
///   South's empty hole: b8 → a8 → a7 → … → a1 → b1 → b2 → b3 → b4 → b5, so South steps
///   a8, a7, …, a1 (into b8, a8, …, a2), then b1 (into a1), b2, b3, b4, b5 (into b1…b4).
///   North's empty hole: c1 → d1 → d2 → … → d8 → c8 → c7 → c6 → c5 → c4: North steps
///   d1 (into c1), d2, …, d8 (into d7), c8 (into d8), c7, c6, c5, c4 (into c8…c5).
/// Landings in an own inner hole before the 26th turn face occupied holes:
///   South a8 → b8 (turn 1) faces c8 (North's empty hole is c1); b2 → b1, b3 → b2,
///   b4 → b3, b5 → b4 (South's turns 10–13) face c1, c2, c3, c4, while North's empty hole
///   is c8, c7, c6, c5.
///   North d1 → c1 (turn 1) faces b1 (South's empty hole is a8); c7 → c8, c6 → c7,
///   c5 → c6 (North's turns 10–12) face b8, b7, b6, while South's empty hole is b2, b3, b4.
/// So nothing is taken (every step of the line is laps 1, sown 1).
/// North's 13th step, c4 → c5, faces b5, which South has just emptied: North takes a5.
/// South then has two empty holes, a5 and b5: a4 (into a5) and b6 (into b5) may move.
#[test]
fn the_start_is_forced_until_north_captures() {
    let rules = sute();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(rules.total_seeds(), 30);
    assert_board(
        &rules,
        &state,
        "d 1 1 1 1 1 1 1 1
         c 0 1 1 1 1 1 1 1
         b 1 1 1 1 1 1 1 0
         a 1 1 1 1 1 1 1 1",
    );
    let south = ["a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1", "b1", "b2", "b3", "b4", "b5"];
    let south_lands = ["b8", "a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1", "b1", "b2", "b3", "b4"];
    let north = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "c8", "c7", "c6", "c5", "c4"];
    let north_lands = ["c1", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "c8", "c7", "c6", "c5"];
    for i in 0..13 {
        assert_eq!(legal(&rules, &state), sows(&rules, &[south[i]]), "South's turn {}", i + 1);
        let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, south[i]))).unwrap();
        assert_eq!(effect, sow_effect(&rules, 1, 1, south_lands[i], &[], true));
        assert_eq!(legal(&rules, &state), sows(&rules, &[north[i]]), "North's turn {}", i + 1);
        let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, north[i]))).unwrap();
        let taken: &[(&str, u16)] = if i == 12 { &[("a5", 1)] } else { &[] };
        assert_eq!(effect, sow_effect(&rules, 1, 1, north_lands[i], taken, true));
    }
    assert_board(
        &rules,
        &state,
        "d 1 1 1 1 1 1 1 1
         c 1 1 1 0 1 1 1 1
         b 1 1 1 1 0 1 1 1
         a 1 1 1 1 0 1 1 1",
    );
    assert_eq!(state.captured()[Player::North], 1);
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a4", "b6"]));
}

// ---------------------------------------------------------------------------------------
// 2. The capture: only the outer hole, only when the inner hole facing is empty.

/// South's holes whose next hole is empty: a1 (a2), a8 (b8), b3 (b2), b6 (b5) → all four.
///   b6 → b5: South's inner row; c5 is empty, d5 (1) behind it: take d5 — only the outer
///            hole (c5 stays empty).
///   b3 → b2: c2 is occupied: no capture.
///   a8 → b8: c8 is empty but so is d8: nothing to take, no capture (DECIDED).
///   a1 → a2: an outer hole: no capture.
/// After b6, North: d1 (next c1 empty) and c2 (next c3 empty) may move; d2 (next d1
/// occupied) may not → [c2, d1]. North steps d1 → c1: c1 faces b1, empty, with a1 (1)
/// behind: North takes a1.
#[test]
fn a_step_facing_an_empty_inner_hole_takes_the_outer_hole_behind_it() {
    let rules = sute();
    let start = position(
        &rules,
        "d 1 1 0 0 1 0 0 0
         c 0 1 0 0 0 0 0 0
         b 0 0 1 0 0 1 0 0
         a 1 0 0 0 0 0 0 1",
        Player::South,
    );
    assert_eq!(legal(&rules, &start), sows(&rules, &["a1", "a8", "b3", "b6"]));

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b5", &[("d5", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 1 1 0 0 0 0 0 0
         c 0 1 0 0 0 0 0 0
         b 0 0 1 0 1 0 0 0
         a 1 0 0 0 0 0 0 1",
    );
    assert_eq!(state.captured()[Player::South], 1);
    assert_eq!(legal(&rules, &state), sows(&rules, &["c2", "d1"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "d1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "c1", &[("a1", 1)], true));
    assert_eq!(state.captured()[Player::North], 1);

    for (from, to) in [("b3", "b2"), ("a8", "b8"), ("a1", "a2")] {
        let mut state = start.clone();
        let mut history = History::new(&rules, &state);
        let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, from))).unwrap();
        assert_eq!(effect, sow_effect(&rules, 1, 1, to, &[], true), "{from}");
        assert_eq!(state.captured()[Player::South], 0);
        assert_eq!(rules.seeds_of(&state, Player::North), 4);
    }
}

// ---------------------------------------------------------------------------------------
// 3. DECIDED: a repeated position is a draw.

/// One seed a side: South's on a1, North's on d8, each at circuit 0 (South's circuit
/// a1…a8, b8…b1 and North's d8…d1, c1…c8 are numbered 0…15). Each player's only move is
/// to step that seed on, so both go round in step.
///   South's k-th step enters circuit k; for k = 8…15 that is b-column 16 − k, and North's
///   seed is then at circuit k − 1. A capture needs an occupied d-column 16 − k behind an
///   empty c hole, i.e. North's seed at its circuit k − 8.
///   North's k-th step enters circuit k; for k = 8…15 that is c-column k − 7, and South's
///   seed is then at circuit k. A capture needs South's seed in a-column k − 7, i.e. at
///   its circuit k − 8.
/// Neither k − 1 nor k is ever k − 8 (mod 16): no capture is ever made. After 16 steps
/// each the start position recurs with South to move: a draw at the 32nd turn, not before.
#[test]
fn a_repeated_position_is_a_draw() {
    let rules = sute();
    let start = position(
        &rules,
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut game = Game::from_state(&rules, start.clone());
    for turn in 1..=32 {
        assert_eq!(game.outcome(), None, "turn {turn}");
        let moves = game.legal_moves().to_vec();
        assert_eq!(moves.len(), 1, "turn {turn}");
        let effect = game.play(moves[0]).unwrap();
        assert!(effect.taken.is_empty(), "turn {turn}");
    }
    assert_eq!(rules.board_counts(game.state()), rules.board_counts(&start));
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}
