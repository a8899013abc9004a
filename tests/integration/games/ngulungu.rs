//! Hand-checked worked examples of Ngulungu (`rules/ngulungu.sow`): holes that belong by the
//! colour of their seeds on one ring through the two outer rows; the rearmost hole sown;
//! sowing that makes the opponent's seeds the mover's; another sowing when the last two
//! holes sown hold one seed each; the lone seed's jumps from corner to corner, in the base
//! game and in the "ludii" ruleset.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top, each count followed by whose
//! seeds they are (`s` South's, `n` North's); the inner rows b and c are always empty:
//!
//! ```text
//!      1  2  3  4  5  6  7
//!   d  .  .  .  .  .  .  .     the ring: a1 → a7, then d7 → d1, and round again
//!   a  .  .  .  .  .  .  .     corners: a1, a7, d7, d1
//! ```

use sow::Rules;
use sow::engine::{History, Move, PlayError, Player, WinReason};

use crate::common;
use crate::kit::*;

fn ngulungu(ruleset: Option<&str>) -> Rules {
    common::rules("ngulungu", ruleset, &[])
}

fn jump(rules: &Rules, from: &str, to: &str) -> Move {
    Move::Transfer(hole(rules, from), hole(rules, to))
}

/// At the start South's seeds fill a1–a7: walking the ring from a1, the first hole that is
/// not South's is d7, and the first of South's after it (round the ring) is a1, the only
/// move. Sowing a1 (3): a2, a3, a4 3→4. North's seeds fill d7–d1; the first hole that is not
/// North's from a1 is a1 (now empty), and the first of North's after it is d7.
#[test]
fn each_player_sows_the_rearmost_hole_of_their_seeds() {
    let rules = ngulungu(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 3n 3n 3n 3n 3n 3n 3n
         a 0 4s 4s 4s 3s 3s 3s",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["d7"]));
}

/// South's rearmost hole is a4 (a1 holds North's seed, a2 and a3 are empty). Sowing a4 (6):
/// a5 5→6, a6 5→6, a7 4→5, d7 1→2, d6 0→1, d5 0→1. The last hole, d5, and the one before
/// it, d6, hold one seed each: South sows again, from the new rearmost hole a5 (6): a6 6→7,
/// a7 5→6, d7 2→3, d6 1→2, d5 1→2, and d4, North's 6, becomes South's with the seed: 7.
/// North's seeds: 4 + 5 + 5 + 1 = 15; South's 27.
#[test]
fn sowing_takes_over_the_opponents_holes_and_one_and_one_sows_again() {
    let rules = ngulungu(None);
    let mut state = coloured(
        &rules,
        "d 4n 5n 5n 6n 0 0 1s
         a 1n 0 0 6s 5s 5s 4s",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a4"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 6, "d5", &[], true));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a5"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 4n 5n 5n 7s 2s 2s 3s
         a 1n 0 0 0 0 7s 6s",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!((rules.seeds_of(&state, Player::North), rules.seeds_of(&state, Player::South)), (15, 27));
}

/// South's seeds d2, d1, a1, a2 are one run that wraps round the ring's start: walking from
/// a1, a3 is the first hole not South's, and the first of South's after it is d2, the back
/// of the run (not a1). With South's seeds in two runs, a2 and a5, the run met first from
/// a1 gives the rearmost hole: a2.
#[test]
fn the_rearmost_hole_is_the_back_of_the_run() {
    let rules = ngulungu(None);
    let state = coloured(
        &rules,
        "d 2s 1s 0 0 3n 0 0
         a 2s 1s 0 0 0 0 0",
        Player::South,
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["d2"]));
    let state = coloured(
        &rules,
        "d 0 0 0 2n 0 0 0
         a 0 2s 0 0 1s 0 0",
        Player::South,
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["a2"]));
}

/// Only the rearmost hole may be sown: another hole of South's is refused, and so is a hole
/// holding North's seeds, each with its reason.
#[test]
fn a_hole_that_is_not_the_rearmost_is_refused() {
    let rules = ngulungu(None);
    let mut state = coloured(
        &rules,
        "d 4n 5n 5n 6n 0 0 1s
         a 1n 0 0 6s 5s 5s 4s",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let err = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap_err();
    assert_eq!(err, PlayError::NotRearmost { hole: "a6".into(), rearmost: "a4".into() });
    let err = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "d4"))).unwrap_err();
    assert_eq!(
        err,
        PlayError::NotTheirSeeds { hole: "d4".into(), holder: Player::North, player: Player::South }
    );
}

/// Base game: South has one seed, in a3. Its only move is the jump to the next corner ahead,
/// a7, where North's 3 become South's: 4. North keeps d5 (2) and moves. Then, from a corner:
/// South's lone seed in a1 jumps to the next corner, a7, empty: it waits there.
#[test]
fn a_lone_seed_jumps_to_the_next_corner() {
    let rules = ngulungu(None);
    let mut state = coloured(
        &rules,
        "d 0 0 0 0 2n 0 0
         a 0 0 1s 0 0 0 3n",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), vec![jump(&rules, "a3", "a7")]);
    rules.play(&mut state, &mut history, jump(&rules, "a3", "a7")).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 0 0 0 0 2n 0 0
         a 0 0 0 0 0 0 4s",
    );
    assert_eq!(state.to_move(), Player::North);

    let state = coloured(
        &rules,
        "d 0 0 0 0 3n 0 0
         a 1s 0 0 0 0 0 0",
        Player::South,
    );
    assert_eq!(legal(&rules, &state), vec![jump(&rules, "a1", "a7")]);
}

/// "ludii": a lone seed on a corner jumps straight to the first corner ahead holding the
/// opponent's seeds. From a7: d7 is empty, d1 holds North's 2, which become South's with the
/// seed: 3; North keeps d4 (1). From a1 with no corner held by North (North's seeds in d5)
/// South has no move, and passes. A lone seed off the corners is sown as usual: a3 (1) to a4.
#[test]
fn ludii_a_lone_seed_jumps_from_a_corner_to_the_first_corner_the_opponent_holds() {
    let rules = ngulungu(Some("ludii"));
    let mut state = coloured(
        &rules,
        "d 2n 0 0 1n 0 0 0
         a 0 0 0 0 0 0 1s",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), vec![jump(&rules, "a7", "d1")]);
    rules.play(&mut state, &mut history, jump(&rules, "a7", "d1")).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 3s 0 0 1n 0 0 0
         a 0 0 0 0 0 0 0",
    );

    let state = coloured(
        &rules,
        "d 0 0 0 0 3n 0 0
         a 1s 0 0 0 0 0 0",
        Player::South,
    );
    assert_eq!(legal(&rules, &state), vec![Move::Pass]);

    let state = coloured(
        &rules,
        "d 0 0 0 0 3n 0 0
         a 0 0 1s 0 0 0 0",
        Player::South,
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["a3"]));
}

/// Taking the opponent's last seeds wins: South's a6 (2) sows a7 and d7, whose 1 is North's
/// last seed.
#[test]
fn taking_the_last_seed_wins() {
    let rules = ngulungu(None);
    let mut state = coloured(
        &rules,
        "d 0 0 0 0 0 0 1n
         a 0 0 0 0 0 2s 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(state.outcome(), win(Player::South, WinReason::NoSeeds));
}

/// Two positions with the same counts but the seeds' colours swapped are different
/// positions, for search and for the repetition rule.
#[test]
fn colours_are_part_of_the_position() {
    let rules = ngulungu(None);
    let one = coloured(&rules, "d 0 0 0 0 0 0 3n\n a 3s 0 0 0 0 0 0", Player::South);
    let other = coloured(&rules, "d 0 0 0 0 0 0 3s\n a 3n 0 0 0 0 0 0", Player::South);
    assert_eq!(rules.board_counts(&one), rules.board_counts(&other));
    assert!(!one.same_position(&other));
    assert_ne!(rules.search_key(&one), rules.search_key(&other));
}

/// The board picture says whose seeds each hole holds.
#[test]
fn the_picture_shows_whose_seeds_each_hole_holds() {
    let rules = ngulungu(None);
    let picture = rules.picture(&rules.start());
    assert!(picture.contains(" d   3n°   3n    3n"), "{picture}");
    assert!(picture.contains(" a   3s°   3s    3s"), "{picture}");
    assert!(picture.contains("s: South's seeds   n: North's seeds"), "{picture}");
}
