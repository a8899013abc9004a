//! Hand-checked worked examples of Kalah (rules/kalah.sow), one per rule of issue 7: the
//! extra move after a last seed in the own store, the empty-pit capture and its no-capture
//! case, a lap of 13 seeds that passes its origin, and the end when one side is empty.
//!
//! Positions are written as the board picture shows them, North's row on top; each row
//! lists columns 1…6 from South's left:
//!
//! ```text
//!      1 2 3 4 5 6
//!   b  . . . . . .   North: sows b6 → b1, North's store, a1 → a6
//!   a  . . . . . .   South: sows a1 → a6, South's store, b6 → b1
//! ```

use sow::Rules;
use sow::engine::{DrawReason, Game, History, Move, Outcome, Player, State, WinReason};

use crate::common;
use crate::kit::*;

fn kalah() -> Rules {
    common::rules("kalah", None, &[])
}

/// A main-game position with seeds in the stores.
fn with_stores(rules: &Rules, text: &str, to_move: Player, south: u16, north: u16) -> State {
    let mut s = setup(rules, text, to_move);
    s.stores[Player::South] = south;
    s.stores[Player::North] = north;
    state(rules, &s)
}

fn sow(rules: &Rules, state: &mut State, name: &str) -> sow::engine::Effect {
    let mut history = History::new(rules, state);
    rules.play(state, &mut history, Move::Sow(hole(rules, name))).expect("a legal sowing")
}

/// a3 holds 4: a4, a5, a6 and South's store. The last seed is in the store, so South moves
/// again — a turn of its own, with a3 now empty: a1, a2, a4, a5, a6.
#[test]
fn a_last_seed_in_the_own_store_moves_again() {
    let rules = kalah();
    let mut state = rules.start();
    let effect = sow(&rules, &mut state, "a3");
    assert_eq!(effect.last, rules.store(Player::South));
    assert_eq!((effect.laps, effect.sown), (1, 4));
    assert_board(
        &rules,
        &state,
        "b 4 4 4 4 4 4
         a 4 4 0 5 5 5",
    );
    assert_eq!(rules.store_seeds(&state, Player::South), 1);
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a2", "a4", "a5", "a6"]));

    // The engine counts the extra move as a turn of its own (for turn limits and repetition):
    assert_eq!(state.turn(), 1);
    // a game's turn, as people and records number them, is everything South does before
    // North moves: `1. a3 a1`, given at once or in two parts.
    let mut game = Game::new(&rules);
    game.play_turn("a3").unwrap();
    assert_eq!(game.turns().len(), 1);
    assert_eq!(sow::session::turn_index(&game), 0, "South is still in turn 1");
    game.play_turn("a1").unwrap();
    let mut at_once = Game::new(&rules);
    at_once.play_turn("a3 a1").unwrap();
    assert_eq!(at_once.turns(), game.turns());
    assert_eq!(game.turns().len(), 1);
    assert_eq!(game.turns()[0].player, Player::South);
    assert_eq!(rules.turn_text(&game.turns()[0].moves), "a3 a1");
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(sow::session::turn_index(&game), 1);
    // Words past the end of the whole turn are refused, and nothing is played.
    let mut refused = Game::new(&rules);
    assert!(matches!(refused.play_part("a3 a1 b1"), Err(sow::engine::TurnError::TooLong { .. })));
    assert!(refused.turns().is_empty());
    // Undo takes back the whole turn.
    assert!(game.undo());
    assert_eq!(game.state(), &rules.start());
}

/// The record numbers a move-again turn once, `1. a3 a1`; records written with a line for
/// each sowing (`1. a3`, `2. a1`) replay to the same game.
#[test]
fn a_move_again_is_recorded_inside_its_numbered_turn() {
    let rules = kalah();
    let mut game = Game::new(&rules);
    game.play_turn("a3 a1").unwrap();
    game.play_turn("b5").unwrap();
    let text = sow::record::write_record(&game, &[("Rules", "kalah".to_string())]);
    assert!(text.ends_with("\n1. a3 a1\n2. b5\n"), "{text}");
    let replayed = sow::record::Record::parse(&text).unwrap().replay(&rules).unwrap();
    assert_eq!(replayed.turns(), game.turns());
    assert_eq!(replayed.state(), game.state());
    let old = "[Rules \"kalah\"]\n\n1. a3\n2. a1\n3. b5\n";
    let replayed = sow::record::Record::parse(old).unwrap().replay(&rules).unwrap();
    assert_eq!(replayed.turns(), game.turns());
    assert_eq!(replayed.state(), game.state());
    // A line that goes on past the player's turn is still refused.
    let long = "[Rules \"kalah\"]\n\n1. a3 a1 b5\n";
    let problem = sow::record::Record::parse(long).unwrap().replay(&rules).unwrap_err();
    assert!(
        matches!(problem, sow::record::RecordProblem::TooLong { ref word, .. } if word == "b5"),
        "{problem:?}"
    );
}

/// The narration says where the last seed fell and that South moves again; the picture draws
/// the stores at their ends of the board, North's on the left, South's on the right.
#[test]
fn a_move_again_is_told_and_the_stores_are_drawn() {
    let rules = kalah();
    let mut game = Game::new(&rules);
    let played = game.play_part("a3").unwrap();
    assert_eq!(
        sow::session::narrate_played(&rules, &played, game.state()),
        "South sows a3: 1 lap, 4 seeds sown, the last in South's store; South moves again."
    );
    let played = game.play_part("a1").unwrap();
    assert_eq!(
        sow::session::narrate_played(&rules, &played, game.state()),
        "South sows a1: 1 lap, 4 seeds sown, the last in a5."
    );
    assert_eq!(rules.store_ends(), Some((Player::North, Player::South)));
    let mut at_once = Game::new(&rules);
    let played = at_once.play_part("a3 a1").unwrap();
    insta::assert_snapshot!(
        format!(
            "{}\n{}",
            sow::session::narrate_played(&rules, &played, at_once.state()),
            rules.picture_marked(at_once.state(), &sow::session::touched(&at_once.turns()[0].moves))
        ),
        @r#"
    South sows a3: 1 lap, 4 seeds sown, the last in South's store; South moves again. South sows a1: 1 lap, 4 seeds sown, the last in a5.
                     1   2   3   4   5   6
     b               4   4   4   4   4   4                North: 24 seeds on board, 0 in store
       North [ 0]  ────────────────────────  [ 1] South
     a               0*  5   1*  6   6   5                South: 23 seeds on board, 1 in store
                     1   2   3   4   5   6
    North to move
    "#
    );
}

/// a2's two seeds go to a3 (0→1) and a4 (0→1). a4 was empty and is South's; b4 facing it
/// holds 5: b4's 5 and the landing seed go to South's store (0 + 6 = 6). a3 keeps its seed.
#[test]
fn a_last_seed_in_an_own_empty_pit_captures_the_pit_facing_it() {
    let rules = kalah();
    let mut state = with_stores(
        &rules,
        "b 3 0 0 5 0 0
         a 0 2 0 0 0 0",
        Player::South,
        0,
        0,
    );
    let effect = sow(&rules, &mut state, "a2");
    assert_eq!(effect, sow_effect(&rules, 1, 2, "a4", &[("a4", 1), ("b4", 5)], true));
    assert_board(
        &rules,
        &state,
        "b 3 0 0 0 0 0
         a 0 0 1 0 0 0",
    );
    assert_eq!(rules.store_seeds(&state, Player::South), 6);
    assert_eq!(state.to_move(), Player::North);
}

/// The same sowing facing an empty b4 captures nothing: the landing seed stays in a4.
#[test]
fn facing_an_empty_pit_nothing_is_captured() {
    let rules = kalah();
    let mut state = with_stores(
        &rules,
        "b 3 0 0 0 0 5
         a 0 2 0 0 0 0",
        Player::South,
        0,
        0,
    );
    let effect = sow(&rules, &mut state, "a2");
    assert_eq!(effect, sow_effect(&rules, 1, 2, "a4", &[], true));
    assert_board(
        &rules,
        &state,
        "b 3 0 0 0 0 5
         a 0 0 1 1 0 0",
    );
    assert_eq!(rules.store_seeds(&state, Player::South), 0);
}

/// A lap of 13 seeds from a1 goes round the whole ring and does not skip its origin:
/// a2…a6 (5), South's store (6), b6…b1 (12), North's store skipped, a1 (13). a1 was emptied
/// when it was lifted, so the last seed lands in an empty own pit, and b1 facing it holds
/// 1 + 1 = 2: the 2 and the landing seed go to the store, 1 + 3 = 4.
#[test]
fn a_lap_of_thirteen_passes_its_origin_and_captures_there() {
    let rules = kalah();
    let mut state = with_stores(
        &rules,
        "b 1 1 1 1 1 1
         a 13 0 0 0 0 0",
        Player::South,
        0,
        0,
    );
    let effect = sow(&rules, &mut state, "a1");
    assert_eq!(effect, sow_effect(&rules, 1, 13, "a1", &[("a1", 1), ("b1", 2)], true));
    assert_board(
        &rules,
        &state,
        "b 0 2 2 2 2 2
         a 0 1 1 1 1 1",
    );
    assert_eq!(rules.store_seeds(&state, Player::South), 4);
    assert_eq!(rules.store_seeds(&state, Player::North), 0);
}

/// South's last seed goes into the store (a move again), but South's pits are now empty:
/// the game ends at once, whoever is to move, and the seeds left count for their side:
/// South 20 + 1 = 21, North 10 + 17 = 27.
#[test]
fn the_game_ends_when_a_side_is_empty_and_seeds_left_count_for_their_side() {
    let rules = kalah();
    let mut state = with_stores(
        &rules,
        "b 3 3 3 3 3 2
         a 0 0 0 0 0 1",
        Player::South,
        20,
        10,
    );
    sow(&rules, &mut state, "a6");
    assert_eq!(state.outcome(), Some(Outcome::Win { winner: Player::North, reason: WinReason::Score }));
    assert_eq!((rules.score(&state, Player::South), rules.score(&state, Player::North)), (21, 27));
}

/// A capture that empties North's side ends the game although North is to move, and equal
/// totals draw: a2's 2 seeds to a3 (1→2) and a4 (0→1); b4's 2 and the landing seed go to
/// South's store, 19 + 3 = 22. North has no seeds: South 22 + 2 = 24, North 24 + 0 = 24.
#[test]
fn emptying_the_opponent_ends_the_game_and_equal_totals_draw() {
    let rules = kalah();
    let mut state = with_stores(
        &rules,
        "b 0 0 0 2 0 0
         a 0 2 1 0 0 0",
        Player::South,
        19,
        24,
    );
    sow(&rules, &mut state, "a2");
    assert_eq!(rules.store_seeds(&state, Player::South), 22);
    assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::EqualScores)));
}
