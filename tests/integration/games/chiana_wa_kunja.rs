//! Hand-checked worked examples of Chiana wa Kunja (`rules/chiana-wa-kunja.sow`): holes
//! that belong by the colour of their seeds on one ring through the two outer rows; the
//! rearmost hole sown; overtaking, which empties every enemy hole sown into and puts its
//! seeds into the hole the sowing began from; another sowing when the last hole sown holds
//! one seed and the one before it two; the lone seed's move two holes on, in the base game
//! and in the "ludii" ruleset; the end.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top, each count followed by whose
//! seeds they are (`s` South's, `n` North's); the inner rows b and c are always empty. Most
//! examples use the smallest board, 4×6:
//!
//! ```text
//!      1  2  3  4  5  6
//!   d  .  .  .  .  .  .     the ring: a1 → a6, then d6 → d1, and round again
//!   a  .  .  .  .  .  .
//! ```

use sow::Rules;
use sow::engine::{History, Move, Player, WinReason};

use crate::common;
use crate::kit::*;

fn chiana(ruleset: Option<&str>, columns: u32) -> Rules {
    common::rules("chiana-wa-kunja", ruleset, &[&format!("columns={columns}")])
}

fn jump(rules: &Rules, from: &str, to: &str) -> Move {
    Move::Transfer(hole(rules, from), hole(rules, to))
}

/// On the default board (4×16) South's seeds fill a1–a16 and its only move is a1, the back
/// of the run; sowing its 4: a2–a5 4→5. North's rearmost is then d16 (the first of North's
/// holes after a1, now empty, along a2…a16, d16).
#[test]
fn the_first_moves_sow_the_rearmost_holes() {
    let rules = common::rules("chiana-wa-kunja", None, &[]);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    let counts = rules.board_counts(&state);
    assert_eq!(&counts[..16], &[0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(legal(&rules, &state), sows(&rules, &["d16"]));
}

/// South sows its rearmost hole a6 (4): d6 0→1, d5 0→1, then over North's run: d4 (3) and
/// d3 (2) are emptied and keep the seed dropped in (1 each), and their 5 seeds go into a6,
/// where the sowing began: 5. The last hole, d3, holds 1 but the one before it, d4, holds 1,
/// not 2: the turn ends. North is left with d1 (1): it may sow it (the rearmost) or, having
/// one seed, move it two holes on, over a1, to a2.
#[test]
fn overtaking_takes_the_enemy_holes_sown_into_back_to_the_origin() {
    let rules = chiana(None, 6);
    let mut state = coloured(
        &rules,
        "d 1n 0 2n 3n 0 0
         a 0 0 0 0 0 4s",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a6"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 4, "d3", &[("d3", 2), ("d4", 3)], true));
    assert_coloured(
        &rules,
        &state,
        "d 1n 0 1s 1s 1s 1s
         a 0 0 0 0 0 5s",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(legal(&rules, &state), vec![Move::Sow(hole(&rules, "d1")), jump(&rules, "d1", "a2")]);
}

/// South sows a4 (2): a5 1→2, a6 0→1. The last hole holds 1 and the one before it 2, and two
/// seeds were sown: South sows again, from the new rearmost hole, a5.
#[test]
fn one_in_front_and_two_behind_sows_again() {
    let rules = chiana(None, 6);
    let mut state = coloured(
        &rules,
        "d 0 0 0 3n 0 0
         a 0 0 0 2s 1s 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a4"))).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 0 0 0 3n 0 0
         a 0 0 0 0 2s 1s",
    );
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a5"]));
}

/// South sows a5 (1) into a6, North's 2: they go back into a5 (2), and a6 keeps South's seed
/// (1). One in front and two behind, but only one seed was sown: no other sowing.
#[test]
fn a_single_seed_sown_never_sows_again() {
    let rules = chiana(None, 6);
    let mut state = coloured(
        &rules,
        "d 1n 0 0 0 0 0
         a 0 0 0 0 1s 2n",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 1n 0 0 0 0 0
         a 0 0 0 0 2s 1s",
    );
    assert_eq!(state.to_move(), Player::North);
}

/// North has one seed, in d2, and d1 after it holds South's seed. Base game: North may sow
/// d2 or move the seed two holes on, over d1, to a1. "ludii": the hole after it must be
/// empty, so North can only sow d2 (1) into d1, whose seed goes back into d2: d1 1, d2 1,
/// both North's.
#[test]
fn a_lone_seed_moves_two_holes_on() {
    let picture = "d 1s 1n 0 0 0 0
                   a 0 3s 0 0 0 0";
    let rules = chiana(None, 6);
    let mut state = coloured(&rules, picture, Player::North);
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), vec![Move::Sow(hole(&rules, "d2")), jump(&rules, "d2", "a1")]);
    rules.play(&mut state, &mut history, jump(&rules, "d2", "a1")).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 1s 0 0 0 0 0
         a 1n 3s 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["a2"]));

    let rules = chiana(Some("ludii"), 6);
    let mut state = coloured(&rules, picture, Player::North);
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["d2"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "d2"))).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 1n 1n 0 0 0 0
         a 0 3s 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::South);
}

/// Overtaking North's last seeds: South's a6 (3) sows d6, then d5 (2) and d4 (1), North's
/// last, both taken back to a6. The base game ends as North has no seeds; "ludii" ends as
/// North cannot move.
#[test]
fn taking_the_last_seeds_wins() {
    let picture = "d 0 0 0 1n 2n 0
                   a 0 0 0 0 0 3s";
    for (ruleset, reason) in [(None, WinReason::NoSeeds), (Some("ludii"), WinReason::Blocked)] {
        let rules = chiana(ruleset, 6);
        let mut state = coloured(&rules, picture, Player::South);
        let mut history = History::new(&rules, &state);
        rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
        assert_coloured(
            &rules,
            &state,
            "d 0 0 0 1s 1s 1s
             a 0 0 0 0 0 3s",
        );
        assert_eq!(state.outcome(), win(Player::South, reason), "{ruleset:?}");
    }
}
