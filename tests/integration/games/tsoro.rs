//! Hand-checked worked examples of Tsoro (rules/tsoro.sow): the base game (Matthews 1964,
//! as Ludii's Tsoro.lud encodes it) and its rulesets — re-entered captures, misoro holes
//! chosen in an opening or fixed at the row ends, the additional captures that follow
//! every capture in Misoro Tsoro (Additional Capture) and in Tsoro (Additional Capture),
//! and Musoro Tsoro's single musoro hole.
//!
//! Every expectation was worked out by hand from the rules text; each test's comment shows
//! the calculation. Positions are written as the board picture shows them, North's outer
//! row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```
//!
//! In the traces, `x→y` means a seed fell into a hole that held `x` and now holds `y`; a lap
//! whose last seed falls into an occupied hole lifts that hole and sows on (relay).

use sow::Rules;
use sow::engine::{Game, History, Move, Phase, Player, WinReason};

use crate::common;
use crate::kit::*;

// ---------------------------------------------------------------------------------------
// Helpers

fn tsoro() -> Rules {
    common::rules("tsoro", None, &[])
}

fn ruleset(name: &str, params: &[&str]) -> Rules {
    common::rules("tsoro", Some(name), params)
}

/// The mark index of `misoro` (the only kind of mark the rulesets declare).
const MISORO: u8 = 0;

fn marks(rules: &Rules, names: &[&str]) -> Vec<(String, sow::engine::Hole)> {
    names.iter().map(|n| ("misoro".to_string(), hole(rules, n))).collect()
}

fn mark_moves(rules: &Rules, names: &[&str]) -> Vec<Move> {
    names.iter().map(|n| Move::Mark(hole(rules, n))).collect()
}

// ---------------------------------------------------------------------------------------
// Base game

/// The start: two seeds in every outer hole, the inner rows empty (4×8: 32 seeds). South
/// may sow any of a1–a8. No first move can capture (North's inner row is empty), and
/// a8 shows the plain end of a sowing: 2 seeds to b8 0→1, b7 0→1; b7 was empty and is an
/// inner hole, but c7 is empty, so the move simply ends.
#[test]
fn start_and_a_quiet_first_move() {
    let rules = tsoro();
    let mut state = rules.start();
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 2 2 2 2 2 2 2 2",
    );
    assert_eq!(rules.total_seeds(), 32);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]));

    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b7", &[], true));
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 1 1
         a 2 2 2 2 2 2 2 0",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(legal(&rules, &state), sows(&rules, &["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]));
}

/// A relay that ends in a capture of the opposite inner hole *and* the outer hole behind it.
/// South's a1 holds a single seed and is not offered while holes with two or more exist:
/// legal a5 (3) and a8 (4).
///   a5, 3 seeds: a6 0→1, a7 0→1, a8 4→5        last in occupied a8 → lift 5
///   relay: b8 0→1, b7, b6, b5 0→1, b4 0→1      b4 was empty, South's inner row, and c4
///          holds 2: capture c4 (2) and d4 (3) — 5 seeds out of play.
/// Laps 2, sown 3 + 5 = 8. North is left with d1 1 and c8 1: no hole with two, so a
/// singleton whose next hole is empty: d1 (next c1, empty) and c8 (next d8, empty).
#[test]
fn relay_then_capture_of_inner_and_outer() {
    let rules = tsoro();
    let mut state = position(
        &rules,
        "d 1 0 0 3 0 0 0 0
         c 0 0 0 2 0 0 0 1
         b 0 0 0 0 0 0 0 0
         a 1 0 0 0 3 0 0 4",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a5", "a8"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 8, "b4", &[("c4", 2), ("d4", 3)], true));
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 1
         b 0 0 0 1 1 1 1 1
         a 1 0 0 0 0 1 1 0",
    );
    assert_eq!(state.captured()[Player::South], 5);
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(legal(&rules, &state), sows(&rules, &["c8", "d1"]));
}

/// Singletons: South has no hole with two seeds, so a single seed may move, but only into an
/// empty next hole: a1 (next a2 occupied) and b7 (next b6 occupied) may not; a2 (a3
/// empty), b3 (b2 empty) and b6 (b5 empty) may.
///   b3: b2 0→1 — b2 was empty, inner, and c2 holds 2: a singleton captures too. d2 is
///       empty, so only c2's 2 seeds are taken.
///   a2 instead: a3 0→1, an empty outer hole: the move ends without capture.
///   b6 instead: b5 0→1, inner, but c5 is empty: no capture.
#[test]
fn singleton_moves_and_a_singleton_capture() {
    let rules = tsoro();
    let start = position(
        &rules,
        "d 0 0 0 0 0 1 0 0
         c 0 2 0 0 0 0 0 0
         b 0 0 1 0 0 1 1 0
         a 1 1 0 0 0 0 0 0",
        Player::South,
    );
    assert_eq!(legal(&rules, &start), sows(&rules, &["a2", "b3", "b6"]));

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[("c2", 2)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 1 0 0
         c 0 0 0 0 0 0 0 0
         b 0 1 0 0 0 1 1 0
         a 1 1 0 0 0 0 0 0",
    );
    assert_eq!(state.captured()[Player::South], 2);
    // North's lone d6: next along d8 → d1 is d5, empty.
    assert_eq!(legal(&rules, &state), sows(&rules, &["d6"]));

    for (from, last) in [("a2", "a3"), ("b6", "b5")] {
        let mut other = start.clone();
        let mut other_history = History::new(&rules, &other);
        let effect = rules.play(&mut other, &mut other_history, Move::Sow(hole(&rules, from))).unwrap();
        assert_eq!(effect, sow_effect(&rules, 1, 1, last, &[], true));
        assert_eq!(other.captured()[Player::South], 0);
    }
}

/// DECIDED: laps pass the origin hole. South sows a1 holding 17 seeds on a circuit of 16:
///   lap 1: every hole 0→1, a1 (the origin) included, and the 17th seed into a2 1→2 → lift
///   lap 2: a3, a4 1→2 → lift a4      lap 3: a5, a6 → lift a6     lap 4: a7, a8 → lift a8
///   lap 5: b8, b7 → lift b7          lap 6: b6, b5 → lift b5     lap 7: b4, b3 → lift b3
///   lap 8: b2, b1 → lift b1          lap 9: a1 1→2, a2 0→1 (emptied in lap 1): stop, an
///          outer hole, no capture.
/// Laps 9, sown 17 + 8 × 2 = 33; South still has 17 seeds.
#[test]
fn laps_pass_the_origin() {
    let rules = tsoro();
    let mut state = position(
        &rules,
        "d 1 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 17 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 9, 33, "a2", &[], true));
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 2 0 2 0 2 0 2
         a 2 1 2 0 2 0 2 0",
    );
    assert_eq!(state.seeds(Player::South), 17);
}

/// The end: a capture that takes North's last seeds wins at once.
///   a8, 4 seeds: b8, b7, b6, b5 0→1 — b5 empty, inner, c5 holds 2: capture c5 (2) and
///   d5 (1). North has nothing left and loses.
#[test]
fn capturing_the_last_seeds_wins() {
    let rules = tsoro();
    let state = position(
        &rules,
        "d 0 0 0 0 1 0 0 0
         c 0 0 0 0 2 0 0 0
         b 0 0 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 4",
        Player::South,
    );
    let mut game = Game::from_state(&rules, state);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a8"]));
    let effect = game.play(Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 4, "b5", &[("c5", 2), ("d5", 1)], true));
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(game.state().captured()[Player::South], 3);
}

/// DECIDED: a player with seeds but no legal move loses. North has a single seed in each of
/// its 16 holes: no hole holds two, and every singleton's next hole is occupied.
#[test]
fn a_blocked_player_loses() {
    let rules = tsoro();
    let state = position(
        &rules,
        "d 1 1 1 1 1 1 1 1
         c 1 1 1 1 1 1 1 1
         b 0 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0",
        Player::North,
    );
    let game = Game::from_state(&rules, state);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.outcome(), win(Player::South, WinReason::Blocked));
}

// ---------------------------------------------------------------------------------------
// Ruleset "reentered"

/// The capture of `relay_then_capture_of_inner_and_outer`, with re-entered captures. a2
/// now holds 1 (a singleton, not offered: a5 and a8 hold more).
///   a5: a6, a7 0→1, a8 4→5 → relay 5: b8, b7, b6, b5, b4 0→1 → capture c4 (2) + d4 (3).
///   The 5 taken seeds are sown on from the hole after b4, one lap, no relay:
///   b3 0→1, b2 0→1, b1 0→1, a1 1→2, a2 1→2 — the last falls into an occupied hole, and
///   still the move ends.
/// South has 9 + 5 = 14 seeds, North 2; nothing has left the board.
#[test]
fn reentered_captures_are_sown_on_from_the_landing_hole() {
    let rules = ruleset("reentered", &[]);
    let mut state = position(
        &rules,
        "d 1 0 0 3 0 0 0 0
         c 0 0 0 2 0 0 0 1
         b 0 0 0 0 0 0 0 0
         a 1 1 0 0 3 0 0 4",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a5", "a8"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a5"))).unwrap();
    // 3 laps (a5's, the relay from a8, the lap of the 5 captured), 3 + 5 + 5 seeds.
    assert_eq!((effect.laps, effect.sown, effect.last), (3, 13, Some(hole(&rules, "a2"))));
    assert_eq!(effect.taken, vec![(hole(&rules, "c4"), 2), (hole(&rules, "d4"), 3)]);
    assert!(effect.turn_over);
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 1
         b 1 1 1 1 1 1 1 1
         a 2 2 0 0 0 1 1 0",
    );
    assert_eq!(state.seeds(Player::South), 14);
    assert_eq!(state.seeds(Player::North), 2);
    assert_eq!(rules.seeds_on_board(&state), 16);
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.phase(), Phase::Sow);
}

/// Re-entered captures still win: a8 (4) ends in b5 and takes c5 (2) and d5 (1); the 3
/// seeds are sown b4, b3, b2 0→1. North has no seeds left and loses, though every seed is
/// still on the board.
#[test]
fn reentered_capture_of_the_last_seeds_wins() {
    let rules = ruleset("reentered", &[]);
    let state = position(
        &rules,
        "d 0 0 0 0 1 0 0 0
         c 0 0 0 0 2 0 0 0
         b 0 0 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 4",
        Player::South,
    );
    let mut game = Game::from_state(&rules, state);
    game.play(Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 1 1 1 1 1 1 1
         a 0 0 0 0 0 0 0 0",
    );
}

// ---------------------------------------------------------------------------------------
// Ruleset "misoro-choice"

/// The opening: turns 1–4 mark misoro holes, two own outer holes each, alternately.
///   South may mark any of a1–a8: +a3. North any of d1–d8: +d6. South any but a3: +a8.
///   North any but d6: +d1. Now both are in the main game; no seed has moved.
/// South's first sowing, a1 (2): a2 2→3, a3 2→3 — a3 is an occupied misoro hole: South
/// may stop there or relay.
///   stop: the move ends, North to move.
///   relay: lift 3 from a3: a4, a5, a6 2→3 → a6 is not misoro → relay 3: a7 2→3, a8 2→3
///          (misoro, but not the last seed), b8 0→1 → empty, c8 empty: the move ends.
///          The relay decision sowed 2 laps, 6 seeds.
#[test]
fn misoro_choice_opening_then_a_choice_to_stop() {
    let rules = ruleset("misoro-choice", &[]);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(state.phase_of(Player::South), 0);
    assert_eq!(legal(&rules, &state), mark_moves(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]));

    rules.play(&mut state, &mut history, Move::Mark(hole(&rules, "a3"))).unwrap();
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(legal(&rules, &state), mark_moves(&rules, &["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]));
    rules.play(&mut state, &mut history, Move::Mark(hole(&rules, "d6"))).unwrap();
    assert_eq!(legal(&rules, &state), mark_moves(&rules, &["a1", "a2", "a4", "a5", "a6", "a7", "a8"]));
    rules.play(&mut state, &mut history, Move::Mark(hole(&rules, "a8"))).unwrap();
    assert_eq!(legal(&rules, &state), mark_moves(&rules, &["d1", "d2", "d3", "d4", "d5", "d7", "d8"]));
    rules.play(&mut state, &mut history, Move::Mark(hole(&rules, "d1"))).unwrap();

    assert_eq!(state.turn(), 4);
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(state.phase_of(Player::South), 1);
    for name in ["a3", "a8", "d6", "d1"] {
        assert!(state.is_marked(MISORO, hole(&rules, name)), "{name} is misoro");
    }
    for name in ["a1", "a2", "d8", "b3", "c6"] {
        assert!(!state.is_marked(MISORO, hole(&rules, name)), "{name} is not misoro");
    }
    assert_eq!(rules.board_counts(&state), rules.start_counts());
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "a3", &[], false));
    assert!(matches!(state.phase(), Phase::LapChoice(_)));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), vec![Move::Stop, Move::Relay]);

    let mut stopped = state.clone();
    let mut stopped_history = history.clone();
    let effect = rules.play(&mut stopped, &mut stopped_history, Move::Stop).unwrap();
    assert!(effect.turn_over);
    assert_eq!(stopped.to_move(), Player::North);
    assert_board(
        &rules,
        &stopped,
        "d 2 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 0 3 3 2 2 2 2 2",
    );

    let effect = rules.play(&mut state, &mut history, Move::Relay).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 6, "b8", &[], true));
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.phase_of(Player::North), 1);
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 1
         a 0 3 0 3 3 0 3 3",
    );
}

// ---------------------------------------------------------------------------------------
// Ruleset "fixed-misoro"

/// The start: misoro are each player's leftmost and rightmost outer holes (a1, a8 for
/// South; d8, d1 for North, from North's seat), and the rightmost starts with 3.
///   a6 (2): a7 2→3, a8 3→4 — an occupied misoro: stop or relay.
///   stop: a6 0, a7 3, a8 4, North to move.
///   relay: lift 4 from a8: b8, b7, b6, b5 0→1 — empty, and c5 is empty: the move ends.
#[test]
fn fixed_misoro_start_and_a_choice_at_the_rightmost_hole() {
    let rules = ruleset("fixed-misoro", &[]);
    let mut state = rules.start();
    assert_board(
        &rules,
        &state,
        "d 3 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 2 2 2 2 2 2 2 3",
    );
    for name in ["a1", "a8", "d1", "d8"] {
        assert!(state.is_marked(MISORO, hole(&rules, name)), "{name} is misoro");
    }
    for name in ["a2", "a7", "d2", "d7", "b1", "c8"] {
        assert!(!state.is_marked(MISORO, hole(&rules, name)), "{name} is not misoro");
    }
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]));

    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "a8", &[], false));
    assert_eq!(legal(&rules, &state), vec![Move::Stop, Move::Relay]);

    let mut stopped = state.clone();
    let mut stopped_history = history.clone();
    rules.play(&mut stopped, &mut stopped_history, Move::Stop).unwrap();
    assert_eq!(stopped.to_move(), Player::North);
    assert_board(
        &rules,
        &stopped,
        "d 3 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 2 2 2 2 2 0 3 4",
    );

    let effect = rules.play(&mut state, &mut history, Move::Relay).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 4, "b5", &[], true));
    assert_board(
        &rules,
        &state,
        "d 3 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 1 1 1 1
         a 2 2 2 2 2 0 3 0",
    );
    assert_eq!(state.to_move(), Player::North);
}

/// Only an *occupied* misoro offers the choice, and only at the end of a lap.
///   b2 (2): b1 0→1, a1 0→1 — a1 is misoro but was empty: the move simply ends.
///   a6 (3): a7 0→1, a8 0→1 (misoro, passed), b8 1→2 — occupied, not misoro: relay 2:
///           b7 0→1, b6 0→1 → empty, c6 empty: the move ends.
#[test]
fn fixed_misoro_an_empty_misoro_or_one_passed_gives_no_choice() {
    let rules = ruleset("fixed-misoro", &[]);
    let start = position(
        &rules,
        "d 0 0 0 2 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 2 0 0 0 0 0 1
         a 0 0 0 0 0 3 0 0",
        Player::South,
    );
    assert_eq!(legal(&rules, &start), sows(&rules, &["a6", "b2"]));

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "a1", &[], true));
    assert_eq!(state.to_move(), Player::North);

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "b6", &[], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 2 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 2 0 0 0 1 1 0
         a 0 0 0 0 0 0 1 1",
    );
}

// ---------------------------------------------------------------------------------------
// Rulesets "additional-capture-fixed" and "additional-capture-choice"

/// Misoro a1, a8, d1, d8 (fixed). South's a5 (3): a6, a7 0→1, a8 4→5 — an occupied misoro:
/// South relays 5: b8 … b4 0→1 → b4 empty, c4 holds 2: capture c4 (2) and d4 (3).
/// Then `extra` = 3 more whole holes of North's, misoro excepted: d1 (2) and d8 (2) are
/// protected, which leaves exactly c2, d3, d7 (1 each). Picks go in board order
/// (c1…c8, d1…d8) and only where the rest can still be completed:
///   owed 3: c2 (3 eligible from c2 on) yes; d3 (2) no; d7 (1) no   → [c2]
///   owed 2: [d3];  owed 1: [d7].
/// South has captured 5 + 3 = 8; North keeps its two misoro holes and sows d1 or d8.
#[test]
fn additional_capture_fixed_takes_three_holes_sparing_misoro() {
    let rules = ruleset("additional-capture-fixed", &[]);
    let start = position(
        &rules,
        "d 2 0 1 3 0 0 1 2
         c 0 1 0 2 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 1 0 0 0 3 0 0 4",
        Player::South,
    );
    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a5", "a8"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 3, "a8", &[], false));
    assert_eq!(legal(&rules, &state), vec![Move::Stop, Move::Relay]);

    let effect = rules.play(&mut state, &mut history, Move::Relay).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 5, "b4", &[("c4", 2), ("d4", 3)], false));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(remaining(&state), Some(3));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c2"]));

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "c2"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("c2", 1)], false));
    assert_eq!(legal(&rules, &state), picks(&rules, &["d3"]));
    rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d3"))).unwrap();
    assert_eq!(legal(&rules, &state), picks(&rules, &["d7"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d7"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d7", 1)], true));

    assert_eq!(state.captured()[Player::South], 8);
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &rules,
        &state,
        "d 2 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 1 1 1 1 1
         a 1 0 0 0 0 1 1 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["d1", "d8"]));

    // With `extra=1` the same capture is followed by one hole, any of the three.
    let rules = ruleset("additional-capture-fixed", &["extra=1"]);
    let mut state = position(
        &rules,
        "d 2 0 1 3 0 0 1 2
         c 0 1 0 2 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 1 0 0 0 3 0 0 4",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a5"))).unwrap();
    rules.play(&mut state, &mut history, Move::Relay).unwrap();
    assert_eq!(remaining(&state), Some(1));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c2", "d3", "d7"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d3"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d3", 1)], true));
    assert_eq!(state.captured()[Player::South], 6);
    assert_eq!(state.to_move(), Player::North);
}

/// The frontal capture itself may take a misoro hole: b3 (2): b2, b1 0→1 → b1 empty, c1
/// holds 2: capture c1 (2) and d1 (3, North's rightmost misoro). Of the 3 extra holes owed
/// only d7 is eligible (d8, the other misoro, is empty anyway): 1 pick. North then has no
/// seeds and loses.
#[test]
fn additional_capture_fixed_frontal_capture_takes_a_misoro_and_extras_run_short() {
    let rules = ruleset("additional-capture-fixed", &[]);
    let state = position(
        &rules,
        "d 3 0 0 0 0 0 1 0
         c 2 0 0 0 0 0 0 0
         b 0 0 2 0 0 0 0 0
         a 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut game = Game::from_state(&rules, state);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b3"]));
    let effect = game.play(Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b1", &[("c1", 2), ("d1", 3)], false));
    assert_eq!(remaining(game.state()), Some(1));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d7"]));
    let effect = game.play(Move::Pick(hole(&rules, "d7"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d7", 1)], true));
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(game.state().captured()[Player::South], 6);
}

/// Chosen misoro (the usual left two holes): from a position reached before the opening,
/// South marks a1, North d8, South a2, North d7. Then a8 (5): b8 … b4 0→1 → b4 empty, c4
/// holds 3: capture c4; d4 is empty, so only 3 seeds. Extra holes owed: 3, but North's only
/// occupied hole outside its misoro is d3: one pick. North keeps d7 and d8 and may sow
/// either.
#[test]
fn additional_capture_choice_spares_the_chosen_misoro() {
    let rules = ruleset("additional-capture-choice", &[]);
    let mut state = position(
        &rules,
        "d 0 0 1 0 0 0 2 2
         c 0 0 0 3 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 5",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(state.phase_of(Player::South), 0);
    for name in ["a1", "d8", "a2", "d7"] {
        rules.play(&mut state, &mut history, Move::Mark(hole(&rules, name))).unwrap();
    }
    assert_eq!(state.phase_of(Player::South), 1);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a8"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 5, "b4", &[("c4", 3)], false));
    assert_eq!(remaining(&state), Some(1));
    assert_eq!(legal(&rules, &state), picks(&rules, &["d3"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d3"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d3", 1)], true));
    assert_eq!(state.captured()[Player::South], 4);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 1 1 1 1 1
         a 0 0 0 0 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["d7", "d8"]));
}

/// The same misoro given through `Setup::marks`, the way a position in the main game is
/// built: the holes named must come out marked.
#[test]
fn setup_marks_mark_the_holes_named() {
    let rules = ruleset("additional-capture-choice", &[]);
    let mut s = setup(
        &rules,
        "d 0 0 1 0 0 0 2 2
         c 0 0 0 3 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 5",
        Player::South,
    );
    s.marks = marks(&rules, &["a1", "a2", "d7", "d8"]);
    let state = state(&rules, &s);
    assert_eq!(state.phase_of(Player::South), 1);
    for name in ["a1", "a2", "d7", "d8"] {
        assert!(state.is_marked(MISORO, hole(&rules, name)), "{name} is misoro");
    }
}

// ---------------------------------------------------------------------------------------
// Ruleset "additional-capture" (Tsoro (Additional Capture), Ludii id 1295)

/// South's a1 is a singleton and not offered while a5 (3) and a8 (4) hold more.
///   a5, 3 seeds: a6 0→1, a7 0→1, a8 4→5 → relay 5: b8, b7, b6, b5, b4 0→1 — b4 was
///   empty, South's inner row, c4 holds 2: capture c4 (2) and d4 (3), then `extra` = 3
///   more whole holes of North's. No misoro here: every occupied hole counts.
/// North's occupied holes in board order (c1…c8, d1…d8): c2 1, d1 1, d7 2, d8 1. A pick is
/// offered only where enough occupied holes remain from it onward:
///   owed 3: c2 (4 from c2 on) and d1 (3: d1, d7, d8) — not d7 (2) or d8 (1)   → [c2, d1]
///   pick d1; owed 2, after d1: d7 (2 from it on) — not d8                     → [d7]
///   pick d7 (2); owed 1                                                       → [d8]
/// South has taken 5 + 1 + 2 + 1 = 9; North keeps c2 (1), whose next hole c3 is empty.
#[test]
fn additional_capture_takes_three_more_whole_holes() {
    let rules = ruleset("additional-capture", &[]);
    let mut state = position(
        &rules,
        "d 1 0 0 3 0 0 2 1
         c 0 1 0 2 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 1 0 0 0 3 0 0 4",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a5", "a8"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 8, "b4", &[("c4", 2), ("d4", 3)], false));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(remaining(&state), Some(3));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c2", "d1"]));
    assert!(!legal(&rules, &state).contains(&Move::Stop));

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d1"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d1", 1)], false));
    assert_eq!(legal(&rules, &state), picks(&rules, &["d7"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d7"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d7", 2)], false));
    assert_eq!(legal(&rules, &state), picks(&rules, &["d8"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d8"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d8", 1)], true));

    assert_eq!(state.captured()[Player::South], 9);
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0
         c 0 1 0 0 0 0 0 0
         b 0 0 0 1 1 1 1 1
         a 1 0 0 0 0 1 1 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["c2"]));
}

/// DECIDED: the extra holes follow every capture — here a singleton's, whose opposite outer
/// hole is empty. With `extra=2`:
///   South has no hole with two: singletons into an empty next hole, a1 (a2 empty) and b4
///   (b3 empty). b4: b3 0→1 — empty inner, c3 holds 3: capture c3 (3); d3 is empty.
///   Owed 2 of North's c7 1, d6 1, d8 2 (board order): first c7 or d6, not d8 → [c7, d6]
///   pick c7; then any occupied hole after it → [d6, d8]; pick d8 (2).
/// South has taken 3 + 1 + 2 = 6; North keeps d6 (1), next hole d5 empty: [d6].
#[test]
fn additional_capture_after_a_singleton_capture_without_the_outer_hole() {
    let rules = ruleset("additional-capture", &["extra=2"]);
    let mut state = position(
        &rules,
        "d 0 0 0 0 0 1 0 2
         c 0 0 3 0 0 0 1 0
         b 0 0 0 1 0 0 0 0
         a 1 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "b4"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("c3", 3)], false));
    assert_eq!(remaining(&state), Some(2));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c7", "d6"]));
    rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "c7"))).unwrap();
    assert_eq!(legal(&rules, &state), picks(&rules, &["d6", "d8"]));
    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d8"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d8", 2)], true));

    assert_eq!(state.captured()[Player::South], 6);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 1 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 1 0 0 0 0 0
         a 1 0 0 0 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["d6"]));
}

/// DECIDED: fewer extra holes when fewer are occupied. a8 (4): b8, b7, b6, b5 0→1 — b5
/// empty, c5 holds 2: capture c5 (2) and d5 (1). Three extra holes are owed, but North has
/// only c1 (1) and d8 (1) left: 2 picks, c1 first (d8 alone could not be followed), then
/// d8. North has no seeds and loses.
#[test]
fn additional_capture_takes_what_is_left_and_wins() {
    let rules = ruleset("additional-capture", &[]);
    let state = position(
        &rules,
        "d 0 0 0 0 1 0 0 1
         c 1 0 0 0 2 0 0 0
         b 0 0 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 4",
        Player::South,
    );
    let mut game = Game::from_state(&rules, state);
    let effect = game.play(Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 4, "b5", &[("c5", 2), ("d5", 1)], false));
    assert_eq!(remaining(game.state()), Some(2));
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c1"]));
    game.play(Move::Pick(hole(&rules, "c1"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["d8"]));
    let effect = game.play(Move::Pick(hole(&rules, "d8"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d8", 1)], true));
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(game.state().captured()[Player::South], 5);
}

// ---------------------------------------------------------------------------------------
// Ruleset "musoro" (Musoro Tsoro, Ludii id 1294)

/// The mark index of `musoro` (the only kind of mark the ruleset declares).
const MUSORO: u8 = 0;

/// The start: 2 in every outer hole but the musoro, each player's rightmost outer hole (a8
/// for South, d1 for North), which holds 3: 34 seeds. Only those two are marked.
///   a6 (2): a7 2→3, a8 3→4 — the lap ends in the occupied musoro: stop or relay.
///   stop: the 4 seeds stay in a8; North to move.
///   relay: lift 4 from a8: b8, b7, b6, b5 0→1 — empty, c5 empty: the move ends.
/// a3 reaches the musoro after a relay and gets the same choice:
///   a3 (2): a4 2→3, a5 2→3 → relay 3: a6 2→3, a7 2→3, a8 3→4 — stop or relay.
#[test]
fn musoro_start_and_a_choice_to_stop_in_it() {
    let rules = ruleset("musoro", &[]);
    let start = rules.start();
    assert_board(
        &rules,
        &start,
        "d 3 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 2 2 2 2 2 2 2 3",
    );
    assert_eq!(rules.total_seeds(), 34);
    for name in ["a8", "d1"] {
        assert!(start.is_marked(MUSORO, hole(&rules, name)), "{name} is the musoro");
    }
    for name in ["a1", "a7", "d8", "d2", "b8", "c1"] {
        assert!(!start.is_marked(MUSORO, hole(&rules, name)), "{name} is not the musoro");
    }
    assert_eq!(legal(&rules, &start), sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]));

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "a8", &[], false));
    assert_eq!(legal(&rules, &state), vec![Move::Stop, Move::Relay]);

    let mut stopped = state.clone();
    let mut stopped_history = history.clone();
    rules.play(&mut stopped, &mut stopped_history, Move::Stop).unwrap();
    assert_eq!(stopped.to_move(), Player::North);
    assert_board(
        &rules,
        &stopped,
        "d 3 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 2 2 2 2 2 0 3 4",
    );

    let effect = rules.play(&mut state, &mut history, Move::Relay).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 4, "b5", &[], true));
    assert_board(
        &rules,
        &state,
        "d 3 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 1 1 1 1
         a 2 2 2 2 2 0 3 0",
    );
    assert_eq!(state.to_move(), Player::North);

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "a8", &[], false));
    assert_eq!(legal(&rules, &state), vec![Move::Stop, Move::Relay]);
}

/// The musoro is the rightmost outer hole only: a lap that ends in the occupied leftmost
/// outer hole relays with no choice — where Misoro Tsoro's fixed misoro (both ends) would
/// offer one.
///   b2 (2): b1 0→1, a1 1→2 — occupied, not the musoro: relay 2: a2 0→1, a3 0→1 — an
///   empty outer hole: the move ends. 2 laps, 4 seeds sown.
///   Under "fixed-misoro" the same sowing stops at a1 for South's choice.
#[test]
fn musoro_the_leftmost_outer_hole_is_ordinary() {
    let rules = ruleset("musoro", &[]);
    let text = "d 0 0 0 2 0 0 0 0
                c 0 0 0 0 0 0 0 0
                b 0 2 0 0 0 0 0 0
                a 1 0 0 0 0 0 0 0";
    let mut state = position(&rules, text, Player::South);
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["b2"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "a3", &[], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 2 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 1 0 0 0 0 0 0 0
         a 0 1 1 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);

    let fixed = ruleset("fixed-misoro", &[]);
    let mut state = position(&fixed, text, Player::South);
    let mut history = History::new(&fixed, &state);
    let effect = fixed.play(&mut state, &mut history, Move::Sow(hole(&fixed, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&fixed, 1, 2, "a1", &[], false));
    assert_eq!(legal(&fixed, &state), vec![Move::Stop, Move::Relay]);
}

/// DECIDED: the musoro is not protected. North's c6 (2): c7 0→1, c8 0→1 — c8 was empty,
/// North's inner row, and b8 holds 1: capture b8 (1) and a8 (5), South's musoro, where
/// South had been saving seeds (the effect lists the taken holes in board order). South
/// keeps a1 (1), next hole a2 empty: [a1].
#[test]
fn musoro_can_be_captured_as_the_outer_hole() {
    let rules = ruleset("musoro", &[]);
    let mut state = position(
        &rules,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 2 0 0
         b 0 0 0 0 0 0 0 1
         a 1 0 0 0 0 0 0 5",
        Player::North,
    );
    let mut history = History::new(&rules, &state);
    assert!(state.is_marked(MUSORO, hole(&rules, "a8")));
    assert_eq!(legal(&rules, &state), sows(&rules, &["c6"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "c6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "c8", &[("a8", 5), ("b8", 1)], true));
    assert_eq!(state.captured()[Player::North], 6);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 1 1
         b 0 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1"]));
}
