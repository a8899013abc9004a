//! Hand-checked worked examples of Dongjintian (`rules/dongjintian.sow`): four players on a
//! 4×5 board whose holes are everyone's; a lap's seeds go one by one into neighbouring holes
//! along rows and columns, each step the mover's decision, never back into a hole of the lap;
//! where the last seed falls, an occupied hole straight on is sown on, and past an empty one
//! the hole beyond is captured; the game ends when at most one seed is left on the board,
//! won by the player who captured the most.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written as
//! the board picture shows them, row d on top; columns 1…5 from South's left.

use sow::Rules;
use sow::engine::{Game, Move, Outcome, Player, WinReason};

use crate::common;
use crate::kit::*;

fn dongjintian() -> Rules {
    common::rules("dongjintian", None, &[])
}

fn seat(k: usize) -> Player {
    Player::at(k, 4)
}

/// Play `holes` in turn, each a decision of the player to move.
fn play(game: &mut Game<'_>, rules: &Rules, holes: &[&str]) {
    for h in holes {
        game.play(Move::Sow(hole(rules, h))).unwrap_or_else(|e| panic!("{h}: {e}"));
    }
}

/// At the start every hole holds 5 and South may lift any of the twenty. South lifts a1 and
/// places its 5 seeds one at a time: first a2 or b1 (a1's neighbours); after a2, a3 or b2
/// (a1 is the lap's own); after b2, b1, b3 or c2; after b1 only c1 (a1 and b2 are the lap's);
/// after c1, c2 or d1. The last seed in d1 ends the lap heading up the board, with no hole
/// straight on: the turn ends, and East moves. Each hole sown holds 6.
#[test]
fn each_seed_goes_into_a_neighbouring_hole_of_the_movers_choosing() {
    let rules = dongjintian();
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().len(), 20);
    play(&mut game, &rules, &["a1"]);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a2", "b1"]));
    play(&mut game, &rules, &["a2"]);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a3", "b2"]));
    play(&mut game, &rules, &["b2"]);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b1", "b3", "c2"]));
    play(&mut game, &rules, &["b1"]);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c1"]));
    play(&mut game, &rules, &["c1"]);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c2", "d1"]));
    assert_eq!(game.state().to_move(), seat(0));
    play(&mut game, &rules, &["d1"]);
    assert_eq!(game.state().to_move(), seat(1));
    assert_board(
        &rules,
        game.state(),
        "d 6 5 5 5 5
         c 6 5 5 5 5
         b 6 6 5 5 5
         a 0 6 5 5 5",
    );
    assert_eq!(game.legal_moves().len(), 19);
}

/// South a1 (2) → a2, a3: the lap ends in a3 heading along row a, and a4 straight on holds 2,
/// so a4 is lifted and sown on, its first seed into any neighbour (a3 too: a new lap). a5,
/// then b5 (a4 is the lap's): the lap ends in b5 heading up the board; c5 straight on is
/// empty and d5 beyond it holds 4, which South captures into their hand. East moves.
#[test]
fn an_occupied_hole_straight_on_is_sown_on_and_past_an_empty_one_the_next_is_captured() {
    let rules = dongjintian();
    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 0 0 0 0 4
             c 0 0 0 0 0
             b 0 0 0 0 0
             a 2 0 0 2 1",
            seat(0),
        ),
    );
    play(&mut game, &rules, &["a1", "a2", "a3"]);
    assert_eq!(game.state().to_move(), seat(0));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a3", "a5", "b4"]));
    play(&mut game, &rules, &["a5"]);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b5"]));
    play(&mut game, &rules, &["b5"]);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0
         c 0 0 0 0 0
         b 0 0 0 0 1
         a 0 1 1 0 2",
    );
    assert_eq!((game.state().hand()[seat(0)], game.state().captured()[seat(0)]), (4, 4));
    assert_eq!(game.state().to_move(), seat(1));
}

/// South b1 (7) → c1, c2, b2, a2, a1: in the corner a1 both neighbours (a2, b1) are the
/// lap's, with 2 seeds still to sow: they drop into a1 (3 in all), and the turn ends there.
#[test]
fn a_lap_with_nowhere_to_go_drops_its_seeds_where_it_stands() {
    let rules = dongjintian();
    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 0 0 0 0 0
             c 0 0 0 0 0
             b 7 0 0 0 1
             a 0 0 0 0 0",
            seat(0),
        ),
    );
    play(&mut game, &rules, &["b1"]);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "b2", "c1"]));
    play(&mut game, &rules, &["c1", "c2", "b2", "a2"]);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "a3"]));
    play(&mut game, &rules, &["a1"]);
    assert_eq!(game.state().to_move(), seat(1));
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0
         c 1 1 0 0 0
         b 0 1 0 0 1
         a 3 1 0 0 0",
    );
}

/// The game ends when at most one seed is left on the board, won by the player who
/// captured the most, not the one who captured last: South a1 (1) → a2, a3 straight on is
/// empty, a4 (1) is captured and a2's seed is the only one left. North has captured 3
/// earlier, South now 1: North wins. With North's 1 instead, South and North are level: a
/// draw.
#[test]
fn the_game_ends_with_one_seed_left_won_on_captures() {
    let rules = dongjintian();
    let picture = "d 0 0 0 0 0
                   c 0 0 0 0 0
                   b 0 0 0 0 0
                   a 1 0 0 1 0";
    let ended = |north: u16| {
        let mut start = setup(&rules, picture, seat(0));
        start.captured[seat(2)] = north;
        start.hand[seat(2)] = north;
        let mut game = Game::from_state(&rules, state(&rules, &start));
        play(&mut game, &rules, &["a1", "a2"]);
        assert_eq!(game.state().captured()[seat(0)], 1);
        game.outcome()
    };
    assert_eq!(ended(3), win(seat(2), WinReason::Score));
    assert_eq!(ended(1), Some(Outcome::Draw(sow::engine::DrawReason::EqualScores)));
}

/// A decision that is not one of the next seed's holes is refused with the holes it may go
/// into: after South lifts a1, a3 is not next to a1.
#[test]
fn a_step_that_is_not_to_a_neighbour_is_refused() {
    let rules = dongjintian();
    let mut game = Game::new(&rules);
    play(&mut game, &rules, &["a1"]);
    let error = game.play(Move::Sow(hole(&rules, "a3"))).unwrap_err().to_string();
    assert!(error.contains("South's lap stands at a1 with 5 seeds to sow"), "{error}");
    assert!(error.contains("`a2` or `b1`"), "{error}");
}
