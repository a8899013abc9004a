//! Hand-checked worked examples of Makonn (`rules/makonn.sow`): the rearrangement made in
//! one turn of single-seed moves ended by a pass, its capture (once a player, the first seed
//! dropped into an empty inner hole facing an occupied inner hole), its bound of 40 moves,
//! the main game's holes of two or more with the singletons' endgame, and the ruleset
//! "ludii", whose empty outer landings take the mover's own inner hole in front of them.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them (4×10), North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8 9 10
//!   d  . . . . . . . . . .   North outer   North sows d10 → d1, then c1 → c10
//!   c  . . . . . . . . . .   North inner
//!   b  . . . . . . . . . .   South inner   South sows a1 → a10, then b10 → b1
//!   a  . . . . . . . . . .   South outer
//! ```
//!
//! Phases: 0 "rearrangement", 1 the main game.

use sow::Rules;
use sow::engine::{History, Move, MoveList, Player, State, WinReason};

use crate::common;
use crate::kit::*;

fn makonn(ruleset: Option<&str>) -> Rules {
    common::rules("makonn", ruleset, &[])
}

fn transfer(rules: &Rules, from: &str, to: &str) -> Move {
    Move::Transfer(hole(rules, from), hole(rules, to))
}

/// A position of the main game (both rearrangements over), South to move.
fn main_game(rules: &Rules, picture: &str) -> State {
    state(rules, &setup(rules, picture, Player::South))
}

fn play(rules: &Rules, state: &mut State, history: &mut History, mv: Move) {
    rules.play(state, history, mv).unwrap();
}

/// From the start South may move its seed from any of its 20 holes to any of the 19 others,
/// or pass: 381 decisions. A move keeps the turn (South moves again, the turn count stays);
/// the pass ends South's rearrangement and hands the turn to North, who rearranges with
/// the same 381 decisions. North's pass ends the rearrangement for both: South sows, and
/// after a1-a2 its only hole of two or more is a2.
///
/// South sows a2 (2 seeds): a3, a4 (occupied: relay 2) a5, a6 (relay) a7, a8 (relay) a9,
/// a10 (relay) b10, b9 (relay) b8, b7 (relay) b6, b5 (relay) b4, b3 (relay) b2, b1 (relay)
/// a1, a2: a2 was emptied when it was lifted, an empty outer landing: the turn ends.
#[test]
fn a_rearrangement_is_one_turn_of_moves_ended_by_a_pass() {
    let rules = makonn(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    let moves = legal(&rules, &state);
    assert_eq!(moves.len(), 381);
    assert!(moves.contains(&Move::Pass));
    let turn = state.turn();
    play(&rules, &mut state, &mut history, transfer(&rules, "a1", "a2"));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(state.turn(), turn);
    // a1 is empty now: 19 occupied holes × 19 others, and the pass.
    assert_eq!(legal(&rules, &state).len(), 19 * 19 + 1);
    play(&rules, &mut state, &mut history, Move::Pass);
    assert_eq!(state.to_move(), Player::North);
    assert_eq!((state.phase_of(Player::South), state.phase_of(Player::North)), (1, 0));
    assert_eq!(legal(&rules, &state).len(), 381);
    play(&rules, &mut state, &mut history, Move::Pass);
    assert_eq!(state.to_move(), Player::South);
    assert_eq!((state.phase_of(Player::South), state.phase_of(Player::North)), (1, 1));
    assert_eq!(legal(&rules, &state), sows(&rules, &["a2"]));
    play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, "a2")));
    assert_board(
        &rules,
        &state,
        "d 1 1 1 1 1 1 1 1 1 1
         c 1 1 1 1 1 1 1 1 1 1
         b 0 2 0 2 0 2 0 2 0 2
         a 1 1 2 0 2 0 2 0 2 0",
    );
    assert_eq!(state.to_move(), Player::North);
}

/// The same sowing in the ruleset "ludii": its last seed in the empty outer hole a2 takes
/// South's own inner hole in front of it, b2 (2 seeds, occupied), and then North's inner
/// hole of that column, c2 (1 seed).
#[test]
fn ludii_an_empty_outer_landing_takes_the_own_inner_hole_and_the_enemy_one() {
    let rules = makonn(Some("ludii"));
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    for mv in [transfer(&rules, "a1", "a2"), Move::Pass, Move::Pass, Move::Sow(hole(&rules, "a2"))] {
        play(&rules, &mut state, &mut history, mv);
    }
    assert_board(
        &rules,
        &state,
        "d 1 1 1 1 1 1 1 1 1 1
         c 1 0 1 1 1 1 1 1 1 1
         b 0 0 0 2 0 2 0 2 0 2
         a 1 1 2 0 2 0 2 0 2 0",
    );
}

/// South empties b3 (its seed to a1: an outer hole, nothing happens), then moves a5's seed
/// into b3: an empty own inner hole facing c3 (1 seed): c3 and d3 behind it leave play.
/// Then South empties b4 (to a6) and moves a7's seed into it: b4 faces an occupied c4, but
/// South has captured already, so nothing is taken. A seed moved into an occupied inner
/// hole never captures.
#[test]
fn the_first_seed_dropped_into_an_empty_inner_hole_captures_once() {
    let rules = makonn(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    for (from, to) in [("b3", "a1"), ("a5", "b3")] {
        play(&rules, &mut state, &mut history, transfer(&rules, from, to));
    }
    assert_board(
        &rules,
        &state,
        "d 1 1 0 1 1 1 1 1 1 1
         c 1 1 0 1 1 1 1 1 1 1
         b 1 1 1 1 1 1 1 1 1 1
         a 2 1 1 1 0 1 1 1 1 1",
    );
    for (from, to) in [("b4", "a6"), ("a7", "b4")] {
        play(&rules, &mut state, &mut history, transfer(&rules, from, to));
    }
    assert_board(
        &rules,
        &state,
        "d 1 1 0 1 1 1 1 1 1 1
         c 1 1 0 1 1 1 1 1 1 1
         b 1 1 1 1 1 1 1 1 1 1
         a 2 1 1 1 0 2 0 1 1 1",
    );
    assert_eq!(state.to_move(), Player::South);
}

/// North's capture in the rearrangement can leave South with nothing: South piled its
/// seeds into b5 and a5. North empties c5 (to d1), then moves d2's seed into c5, facing
/// the occupied b5: b5 and a5 leave play, and South, with no seeds, has lost at once.
#[test]
fn a_capture_in_the_rearrangement_can_empty_the_opponent() {
    let rules = makonn(None);
    let mut setup = setup(
        &rules,
        "d 1 1 1 1 1 1 1 1 1 1
         c 1 1 1 1 1 1 1 1 1 1
         b 0 0 0 0 12 0 0 0 0 0
         a 0 0 0 0 8 0 0 0 0 0",
        Player::North,
    );
    setup.opening = Some("rearrangement".to_string());
    let mut state = state(&rules, &setup);
    let mut history = History::new(&rules, &state);
    play(&rules, &mut state, &mut history, transfer(&rules, "c5", "d1"));
    assert_eq!(state.outcome(), None);
    play(&rules, &mut state, &mut history, transfer(&rules, "d2", "c5"));
    assert_eq!(state.outcome(), win(Player::North, WinReason::NoSeeds));
}

/// The bound of 40 moves: South moves a seed a1 → a2 and back 20 times (the same
/// positions again and again, which the repetition rule does not count in the
/// rearrangement); then only the pass is left.
#[test]
fn after_40_moves_only_the_pass_is_left() {
    let rules = makonn(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    for _ in 0..20 {
        play(&rules, &mut state, &mut history, transfer(&rules, "a1", "a2"));
        play(&rules, &mut state, &mut history, transfer(&rules, "a2", "a1"));
    }
    assert_eq!(state.outcome(), None);
    assert_eq!(legal(&rules, &state), vec![Move::Pass]);

    // The ruleset "ludii" bounds it by 10000 moves only.
    let rules = makonn(Some("ludii"));
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    for _ in 0..20 {
        play(&rules, &mut state, &mut history, transfer(&rules, "a1", "a2"));
        play(&rules, &mut state, &mut history, transfer(&rules, "a2", "a1"));
    }
    assert_eq!(legal(&rules, &state).len(), 381);
}

/// Main game, South with single seeds only, in a1, a2 and a4: a single seed may move only
/// into an empty next hole: a2 (a3 empty) and a4 (a5 empty), not a1 (a2 occupied). The
/// ruleset "ludii" lets any of them be sown. With a seed in every one of its 20 holes South
/// cannot move at all: it loses (base game); in "ludii" it sows any hole.
#[test]
fn single_seeds_only_into_an_empty_next_hole() {
    let north = "d 1 0 0 0 0 0 0 0 0 0\nc 0 0 0 0 0 0 0 0 0 0\n";
    let picture = format!("{north}b 0 0 0 0 0 0 0 0 0 0\na 1 1 0 1 0 0 0 0 0 0");
    let rules = makonn(None);
    assert_eq!(legal(&rules, &main_game(&rules, &picture)), sows(&rules, &["a2", "a4"]));
    let ludii = makonn(Some("ludii"));
    assert_eq!(legal(&ludii, &main_game(&ludii, &picture)), sows(&ludii, &["a1", "a2", "a4"]));

    let full = format!("{north}b 1 1 1 1 1 1 1 1 1 1\na 1 1 1 1 1 1 1 1 1 1");
    let mut state = main_game(&rules, &full);
    assert_eq!(legal(&rules, &state), vec![]);
    assert_eq!(rules.settle(&mut state, &MoveList::new()), win(Player::North, WinReason::Blocked));
    assert_eq!(legal(&ludii, &main_game(&ludii, &full)).len(), 20);
}

/// Main game: South sows a9 (2 seeds): a10, then b10, empty, in the inner row, facing c10
/// (3): c10 and d10 behind it (2) leave play. A hole of one seed is not sown while a hole
/// of two is there: a1 is not offered.
#[test]
fn an_empty_inner_landing_takes_the_inner_and_outer_holes_facing_it() {
    let rules = makonn(None);
    let mut state = main_game(
        &rules,
        "d 0 0 0 0 0 0 0 0 0 2
         c 1 0 0 0 0 0 0 0 0 3
         b 0 0 0 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 2 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["a9"]));
    let mut history = History::new(&rules, &state);
    play(&rules, &mut state, &mut history, Move::Sow(hole(&rules, "a9")));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 0
         c 1 0 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0 0 1
         a 1 0 0 0 0 0 0 0 0 1",
    );
}
