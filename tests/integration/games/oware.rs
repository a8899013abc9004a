//! Hand-checked worked examples of Oware (Abapa, rules/oware.sow), one per rule of issue 7:
//! the origin skipped on a long lap, the chained capture (and where a chain stops), the
//! grand slam, must-feed, and the ends: a repeated position, no legal move, more than half
//! the seeds captured, and 24–24.
//!
//! Positions are written as the board picture shows them, North's row on top; each row
//! lists columns 1…6 from South's left. Both players sow round the same ring:
//!
//! ```text
//!      1 2 3 4 5 6
//!   b  . . . . . .   North's houses: the ring runs b6 → b1, then a1
//!   a  . . . . . .   South's houses: the ring runs a1 → a6, then b6
//! ```

use sow::Rules;
use sow::engine::{DrawReason, History, Move, Outcome, Player, State, WinReason};

use crate::common;
use crate::kit::*;

fn oware() -> Rules {
    common::rules("oware", None, &[])
}

/// A position with captured seeds in the stores.
fn with_stores(rules: &Rules, text: &str, to_move: Player, south: u16, north: u16) -> State {
    let mut s = setup(rules, text, to_move);
    s.stores[Player::South] = south;
    s.stores[Player::North] = north;
    state(rules, &s)
}

fn sow(rules: &Rules, state: &mut State, history: &mut History, name: &str) -> sow::engine::Effect {
    rules.play(state, history, Move::Sow(hole(rules, name))).expect("a legal sowing")
}

/// a1 holds 12: one seed in each of the eleven other houses (a2…a6, b6…b1), and the twelfth
/// skips a1 and falls in a2 (1→2, South's own house: no capture).
#[test]
fn a_lap_of_twelve_skips_its_origin() {
    let rules = oware();
    let mut state = with_stores(
        &rules,
        "b 1 1 1 1 1 1
         a 12 0 0 0 0 0",
        Player::South,
        15,
        15,
    );
    let mut history = History::new(&rules, &state);
    let effect = sow(&rules, &mut state, &mut history, "a1");
    assert_eq!(effect, sow_effect(&rules, 1, 12, "a2", &[], true));
    assert_board(
        &rules,
        &state,
        "b 2 2 2 2 2 2
         a 0 2 1 1 1 1",
    );
}

/// a6's 3 seeds: b6 1→2, b5 2→3, b4 1→2. The last house holds 2: it is taken, then the
/// house before it, b5 (3), then b6 (2); the house before b6 is South's a6, which ends the
/// chain. 2 + 3 + 2 = 7 go to South's store; North keeps b1's 4.
#[test]
fn a_capture_chains_backwards_while_houses_hold_two_or_three() {
    let rules = oware();
    let mut state = with_stores(
        &rules,
        "b 4 0 0 1 2 1
         a 1 0 0 0 0 3",
        Player::South,
        0,
        0,
    );
    let mut history = History::new(&rules, &state);
    let effect = sow(&rules, &mut state, &mut history, "a6");
    assert_eq!(effect, sow_effect(&rules, 1, 3, "b4", &[("b4", 2), ("b5", 3), ("b6", 2)], true));
    assert_board(
        &rules,
        &state,
        "b 4 0 0 0 0 0
         a 1 0 0 0 0 0",
    );
    assert_eq!(rules.store_seeds(&state, Player::South), 7);
}

/// The chain stops at the first house that does not hold 2 or 3: b5 3→4 breaks it, so only
/// b4 (2) is taken, although b6 holds 2.
#[test]
fn a_chain_stops_at_the_first_house_that_does_not_fit() {
    let rules = oware();
    let mut state = with_stores(
        &rules,
        "b 4 0 0 1 3 1
         a 1 0 0 0 0 3",
        Player::South,
        0,
        0,
    );
    let mut history = History::new(&rules, &state);
    sow(&rules, &mut state, &mut history, "a6");
    assert_board(
        &rules,
        &state,
        "b 4 0 0 0 4 2
         a 1 0 0 0 0 0",
    );
    assert_eq!(rules.store_seeds(&state, Player::South), 2);
}

/// Grand slam: the same chain with b1 empty would take every seed North has (b4, b5, b6),
/// so the move is legal but captures nothing.
#[test]
fn a_grand_slam_captures_nothing() {
    let rules = oware();
    let mut state = with_stores(
        &rules,
        "b 0 0 0 1 2 1
         a 1 0 0 0 0 3",
        Player::South,
        0,
        0,
    );
    assert!(legal(&rules, &state).contains(&Move::Sow(hole(&rules, "a6"))));
    let mut history = History::new(&rules, &state);
    let effect = sow(&rules, &mut state, &mut history, "a6");
    assert_eq!(effect.taken, []);
    assert_board(
        &rules,
        &state,
        "b 0 0 0 2 3 2
         a 1 0 0 0 0 0",
    );
    assert_eq!(rules.store_seeds(&state, Player::South), 0);
}

/// North has no seeds: South must give it some. a1's seed only reaches a2; a5's two seeds
/// reach a6 and b6. Only a5 is legal.
#[test]
fn a_player_must_feed_an_opponent_who_has_no_seeds() {
    let rules = oware();
    let state = with_stores(
        &rules,
        "b 0 0 0 0 0 0
         a 1 0 0 0 2 0",
        Player::South,
        22,
        23,
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["a5"]));
    // The fast path for random play gives no candidates to draw from here.
    let mut list = sow::engine::MoveList::new();
    assert!(!rules.candidates(&state, &mut list));
}

/// When no sowing can feed North, South cannot move (a1, a2 and a3 hold one seed each and
/// reach a4 at most): the game ends and each player takes the seeds on their own row —
/// South 23 + 3 = 26, North 22 + 0 = 22.
#[test]
fn a_player_who_cannot_move_ends_the_game_and_seeds_go_to_their_owner() {
    let rules = oware();
    let mut game_state = with_stores(
        &rules,
        "b 0 0 0 0 0 0
         a 1 1 1 0 0 0",
        Player::South,
        23,
        22,
    );
    assert_eq!(game_state.outcome(), None);
    assert_eq!(legal(&rules, &game_state), []);
    let moves = sow::engine::MoveList::new();
    rules.settle(&mut game_state, &moves);
    assert_eq!(game_state.outcome(), Some(Outcome::Win { winner: Player::South, reason: WinReason::Score }));
}

/// The same with South 22 + 2 = 24 against North 24: a draw.
#[test]
fn twenty_four_each_is_a_draw() {
    let rules = oware();
    let mut game_state = with_stores(
        &rules,
        "b 0 0 0 0 0 0
         a 2 0 0 0 0 0",
        Player::South,
        22,
        24,
    );
    assert_eq!(game_state.outcome(), None);
    assert_eq!(legal(&rules, &game_state), []);
    let moves = sow::engine::MoveList::new();
    rules.settle(&mut game_state, &moves);
    assert_eq!(game_state.outcome(), Some(Outcome::Draw(DrawReason::EqualScores)));
}

/// A repeated position ends the game. One seed each, six houses apart: South's at a1 and
/// North's at b6. Each move is forced — every player has one house with seeds — and moves
/// that seed one house on: a1→a2, b6→b5, …, a5→a6, b2→b1 (10 plies), then South's a6→b6
/// (b6 0→1: no capture) leaves South with nothing, and North must feed it: b1→a1, not b6→b5.
/// After these 12 plies the board, the stores and the player to move are those of the
/// start: the game ends, and the seeds on the board go to their owners: South 22 + 1 = 23,
/// North 24 + 1 = 25.
#[test]
fn a_repeated_position_ends_the_game() {
    let rules = oware();
    let mut state = with_stores(
        &rules,
        "b 0 0 0 0 0 1
         a 1 0 0 0 0 0",
        Player::South,
        22,
        24,
    );
    let mut history = History::new(&rules, &state);
    let plies = ["a1", "b6", "a2", "b5", "a3", "b4", "a4", "b3", "a5", "b2", "a6", "b1"];
    for (i, name) in plies.iter().enumerate() {
        assert_eq!(state.outcome(), None, "over before ply {}", i + 1);
        assert_eq!(legal(&rules, &state), sows(&rules, &[name]), "ply {}", i + 1);
        sow(&rules, &mut state, &mut history, name);
    }
    assert_board(
        &rules,
        &state,
        "b 0 0 0 0 0 1
         a 1 0 0 0 0 0",
    );
    assert_eq!(state.outcome(), Some(Outcome::Win { winner: Player::North, reason: WinReason::Score }));
}

/// More than half the seeds captured ends the game: South's store goes from 22 to 25 with
/// a capture of b6 (2→3), and South wins although North has more seeds on its row.
#[test]
fn more_than_half_the_seeds_captured_ends_the_game() {
    let rules = oware();
    let mut state = with_stores(
        &rules,
        "b 9 0 0 0 0 2
         a 1 0 0 0 0 1",
        Player::South,
        22,
        13,
    );
    let mut history = History::new(&rules, &state);
    sow(&rules, &mut state, &mut history, "a6");
    assert_eq!(rules.store_seeds(&state, Player::South), 25);
    assert_eq!(state.outcome(), Some(Outcome::Win { winner: Player::South, reason: WinReason::Score }));
}
