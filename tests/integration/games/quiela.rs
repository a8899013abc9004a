//! Hand-checked worked examples of Quiela (`rules/quiela.sow`): the three conditions on
//! passing in the arrangement, each counted from the player's own seat (for North, left is
//! board-right), and the initial phase's end for a player whose holes hold at most one seed
//! each, after which only a single seed may be moved, into an empty hole.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them (4×7), North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7
//!   d  . . . . . . .   North outer   North sows d7 → d1, then c1 → c7
//!   c  . . . . . . .   North inner   (North's left is board-right: d7, c7)
//!   b  . . . . . . .   South inner   South sows a1 → a7, then b7 → b1
//!   a  . . . . . . .   South outer   (South's left is board-left: a1, b1)
//! ```
//!
//! Phases: 0 "arrangement", 1 "initial", 2 the main game.

use sow::Rules;
use sow::engine::{History, Move, MoveList, Player, State, WinReason};

use crate::common;
use crate::kit::*;

fn quiela(ruleset: Option<&str>) -> Rules {
    common::rules("quiela", ruleset, &[])
}

fn in_opening(rules: &Rules, picture: &str, to_move: Player, opening: &str) -> State {
    let mut setup = setup(rules, picture, to_move);
    setup.opening = Some(opening.to_string());
    state(rules, &setup)
}

/// Whether North, arranging with this outer and inner row, may pass (South as at the start).
fn north_may_pass(rules: &Rules, outer: &str, inner: &str) -> bool {
    let picture = format!("d {outer}\nc {inner}\nb 0 0 0 0 0 0 0\na 3 3 3 3 3 3 3");
    legal(rules, &in_opening(rules, &picture, Player::North, "arrangement")).contains(&Move::Pass)
}

/// At the start (3 in each outer hole) no player may pass: the leftmost outer hole is not
/// fuller than the others. South's 7 occupied holes × 13 other holes = 91 moves.
#[test]
fn no_pass_from_the_start_position() {
    let rules = quiela(None);
    let moves = legal(&rules, &rules.start());
    assert_eq!(moves.len(), 91);
    assert!(!moves.contains(&Move::Pass));
}

/// North's rows from its own left (board-right): outer 5 3 3 2 2 1 1 (d7…d1), inner 2 2 then
/// empty (c7, c6): d7 holds the most, no hole holds more than the one to its left, no inner
/// hole holds exactly 1: North may pass. Each variation breaks one condition:
/// - the same rows read from board-left (d1 = 5, c1 = c2 = 2): d7 holds 1, not the most;
/// - inner 1 then 2 (c7 = 1, c6 = 2): c6 holds more than c7, to its left;
/// - inner 1 1 1 (c7, c6, c5): three inner holes of exactly 1 seed;
/// - inner 1 1 (c7, c6): two are allowed, North may pass.
#[test]
fn the_three_conditions_on_passing_from_norths_seat() {
    let rules = quiela(None);
    assert!(north_may_pass(&rules, "1 1 2 2 3 3 5", "0 0 0 0 0 2 2"));
    assert!(!north_may_pass(&rules, "5 3 3 2 2 1 1", "2 2 0 0 0 0 0"));
    assert!(!north_may_pass(&rules, "1 1 2 2 3 3 5", "0 0 0 0 0 2 1"));
    assert!(!north_may_pass(&rules, "1 1 2 2 3 3 5", "0 0 0 0 1 1 1"));
    assert!(north_may_pass(&rules, "1 1 2 2 3 3 5", "0 0 0 0 0 1 1"));
}

/// South with 2 in a1: still in the initial phase, any occupied hole (a1, a2, a4). With 1 in
/// a1 instead, none of South's holes holds more than one: the initial phase is over at the
/// start of its turn, and only a single seed whose next hole is empty may move: a2 (a3
/// empty) and a4 (a5 empty), not a1 (a2 occupied). South a4: a5 0→1, empty outer hole: the
/// end.
#[test]
fn the_initial_phase_ends_once_no_hole_holds_more_than_one() {
    let rules = quiela(None);
    let north = "d 0 0 0 0 0 0 3\nc 0 0 0 0 0 0 0\nb 0 0 0 0 0 0 0";
    let initial = in_opening(&rules, &format!("{north}\na 2 1 0 1 0 0 0"), Player::South, "initial");
    assert_eq!(initial.phase_of(Player::South), 1);
    assert_eq!(legal(&rules, &initial), sows(&rules, &["a1", "a2", "a4"]));

    let mut state = in_opening(&rules, &format!("{north}\na 1 1 0 1 0 0 0"), Player::South, "initial");
    let mut history = History::new(&rules, &state);
    assert_eq!(state.phase_of(Player::South), 2);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a2", "a4"]));
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a4"))).unwrap();
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 3
         c 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0
         a 1 1 0 0 1 0 0",
    );
}

/// Main game, a single seed in each of South's 14 holes: every next hole is occupied, so
/// South cannot move. Base game: it loses; "ludii": it passes.
#[test]
fn a_blocked_player_loses_or_passes_in_ludii() {
    let picture = "d 0 0 0 0 0 0 3
                   c 0 0 0 0 0 0 0
                   b 1 1 1 1 1 1 1
                   a 1 1 1 1 1 1 1";
    let rules = quiela(None);
    let mut state = state(&rules, &setup(&rules, picture, Player::South));
    assert_eq!(legal(&rules, &state), vec![]);
    assert_eq!(rules.settle(&mut state, &MoveList::new()), win(Player::North, WinReason::Blocked));

    let rules = quiela(Some("ludii"));
    let state = state_of(&rules, picture);
    assert_eq!(legal(&rules, &state), vec![Move::Pass]);
}

fn state_of(rules: &Rules, picture: &str) -> State {
    state(rules, &setup(rules, picture, Player::South))
}
