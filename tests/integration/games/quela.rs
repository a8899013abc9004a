//! Hand-checked worked examples of Quela (`rules/quela.sow`): the conditions on passing in
//! the arrangement (the leftmost outer hole, from the player's own seat, strictly fuller
//! than each other hole; one seed in each inner hole), the initial phase's first lap from a
//! hole of 1 or 2 seeds with relays unrestricted, its end for a player once the opponent has
//! captured two seeds, then one turn from a fullest hole, then any hole; and "ludii"'s pass
//! for a player with no hole of 1 or 2 seeds in the initial phase.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them (4×6), North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6
//!   d  . . . . . .   North outer   North sows d6 → d1, then c1 → c6
//!   c  . . . . . .   North inner   (North's leftmost outer hole is d6)
//!   b  . . . . . .   South inner   South sows a1 → a6, then b6 → b1
//!   a  . . . . . .   South outer   (South's leftmost outer hole is a1)
//! ```
//!
//! Phases: 0 "arrangement", 1 "initial", 2 "fullest hole", 3 the main game.

use sow::Rules;
use sow::engine::{History, Move, Player, Setup, State};

use crate::common;
use crate::kit::*;

fn quela(ruleset: Option<&str>) -> Rules {
    common::rules("quela", ruleset, &[])
}

/// A position at the start of `opening`, with `captured` seeds taken by each player (kept
/// in hand).
fn in_opening(rules: &Rules, picture: &str, to_move: Player, opening: &str, captured: (u16, u16)) -> State {
    let mut setup: Setup = setup(rules, picture, to_move);
    setup.opening = Some(opening.to_string());
    setup.captured[Player::South] = captured.0;
    setup.captured[Player::North] = captured.1;
    setup.hand = setup.captured;
    state(rules, &setup)
}

fn may_pass(rules: &Rules, state: &State) -> bool {
    legal(rules, state).contains(&Move::Pass)
}

/// South 13 in a1, one seed in every other hole: a1 (its leftmost outer hole) holds more
/// than any other and each inner hole holds 1, so South may pass, beside the 12 × 11 = 132
/// single-seed moves. a1 and a2 at 7 each: a1 is not fuller than a2, no pass. b1 at 2 (a1
/// 12): an inner hole holds 2, no pass.
#[test]
fn south_may_pass_once_its_arrangement_fits_the_rules() {
    let rules = quela(None);
    let north = "d 2 2 2 2 2 2
                 c 2 2 2 2 2 2";
    let fits = in_opening(
        &rules,
        &format!("{north}\nb 1 1 1 1 1 1\na 13 1 1 1 1 1"),
        Player::South,
        "arrangement",
        (0, 0),
    );
    let moves = legal(&rules, &fits);
    assert_eq!(moves.len(), 133);
    assert_eq!(moves.last(), Some(&Move::Pass));
    let level = in_opening(
        &rules,
        &format!("{north}\nb 1 1 1 1 1 1\na 7 7 1 1 1 1"),
        Player::South,
        "arrangement",
        (0, 0),
    );
    assert!(!may_pass(&rules, &level));
    let inner = in_opening(
        &rules,
        &format!("{north}\nb 2 1 1 1 1 1\na 12 1 1 1 1 1"),
        Player::South,
        "arrangement",
        (0, 0),
    );
    assert!(!may_pass(&rules, &inner));
}

/// North's leftmost outer hole is d6 (board-right): 13 there may pass; 13 in d1, North's
/// rightmost outer hole, may not.
#[test]
fn the_leftmost_hole_is_counted_from_the_players_own_seat() {
    let rules = quela(None);
    let south = "b 2 2 2 2 2 2
                 a 2 2 2 2 2 2";
    let own_left = in_opening(
        &rules,
        &format!("d 1 1 1 1 1 13\nc 1 1 1 1 1 1\n{south}"),
        Player::North,
        "arrangement",
        (0, 0),
    );
    assert!(may_pass(&rules, &own_left));
    let board_left = in_opening(
        &rules,
        &format!("d 13 1 1 1 1 1\nc 1 1 1 1 1 1\n{south}"),
        Player::North,
        "arrangement",
        (0, 0),
    );
    assert!(!may_pass(&rules, &board_left));
}

/// Initial phase: South may start only from a1 (2); a3 (3) is too full. a1: a2 0→1, a3 3→4,
/// occupied: the relay lifts all 4 of a3 (relays are unrestricted): a4, a5, a6, b6 0→1;
/// b6 was empty, an own inner hole facing c6 (empty): no capture, the end.
#[test]
fn the_initial_phase_restricts_the_first_lap_only() {
    let rules = quela(None);
    let mut state = in_opening(
        &rules,
        "d 0 0 0 0 0 1
         c 0 0 0 0 0 0
         b 0 0 0 0 0 0
         a 2 0 3 0 0 0",
        Player::South,
        "initial",
        (0, 0),
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 6, "b6", &[], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 1
         c 0 0 0 0 0 0
         b 0 0 0 0 0 1
         a 0 1 0 1 1 1",
    );
}

/// North has captured 2 seeds: South's initial phase is over at the start of its turn, and
/// South must lift one of its fullest holes: a1 or a3 (3 each), not a6 (1). South a3 (3):
/// a4, a5 0→1, a6 1→2, occupied: relay a6 (2): b6, b5 0→1; b5 was empty, facing c5
/// (empty): the end. North (still in its initial phase: South has captured nothing) sows d1
/// (1) → c1 0→1, facing b1 (empty): the end. South's one turn from a fullest hole is over:
/// it may now sow any occupied hole, a1 (3) included.
#[test]
fn two_seeds_lost_end_the_initial_phase_then_one_turn_from_a_fullest_hole() {
    let rules = quela(None);
    let mut state = in_opening(
        &rules,
        "d 1 0 0 0 0 0
         c 0 0 0 0 0 0
         b 0 0 0 0 0 0
         a 3 0 3 0 0 1",
        Player::South,
        "initial",
        (0, 2),
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(state.phase_of(Player::South), 2);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a3"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a3"))).unwrap();
    assert_eq!(state.phase_of(Player::North), 1);
    assert_eq!(legal(&rules, &state), sows(&rules, &["d1"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "d1"))).unwrap();
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0
         c 1 0 0 0 0 0
         b 0 0 0 0 1 1
         a 3 0 0 1 1 0",
    );
    assert_eq!(state.phase_of(Player::South), 3);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a4", "a5", "b5", "b6"]));
}

/// One seed captured is not enough: South stays in the initial phase (a3 with 3 is not
/// offered).
#[test]
fn one_seed_lost_is_not_enough() {
    let rules = quela(None);
    let state = in_opening(
        &rules,
        "d 1 0 0 0 0 0
         c 0 0 0 0 0 0
         b 0 0 0 0 0 0
         a 3 0 3 0 0 1",
        Player::South,
        "initial",
        (0, 1),
    );
    assert_eq!(state.phase_of(Player::South), 1);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a6"]));
}

/// South's only hole holds 3, none 1 or 2. Base game: South cannot move in the initial
/// phase and goes on to the next, where a1, its fullest hole, is sown. "ludii": South
/// passes (its only decision) and stays in the initial phase; North sows d6 (1) → d5 0→1;
/// South passes again.
#[test]
fn no_hole_of_one_or_two_seeds_moves_on_or_passes_in_ludii() {
    let picture = "d 0 0 0 0 0 1
                   c 0 0 0 0 0 0
                   b 0 0 0 0 0 0
                   a 3 0 0 0 0 0";
    let rules = quela(None);
    let state = in_opening(&rules, picture, Player::South, "initial", (0, 0));
    assert_eq!(state.phase_of(Player::South), 2);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1"]));

    let rules = quela(Some("ludii"));
    let mut state = in_opening(&rules, picture, Player::South, "initial", (0, 0));
    let mut history = History::new(&rules, &state);
    assert_eq!(state.phase_of(Player::South), 1);
    assert_eq!(legal(&rules, &state), vec![Move::Pass]);
    rules.play(&mut state, &mut history, Move::Pass).unwrap();
    assert_eq!(legal(&rules, &state), sows(&rules, &["d6"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "d6"))).unwrap();
    assert_eq!(state.outcome(), None);
    assert_eq!(state.phase_of(Player::South), 1);
    assert_eq!(legal(&rules, &state), vec![Move::Pass]);
}
