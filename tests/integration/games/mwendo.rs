//! Hand-checked worked examples of Mwendo (`rules/mwendo.sow`): four players sharing the
//! holes round the edge of a 4×10 board by the colour of their seeds, sown clockwise; two
//! seeds into each empty hole; another sowing after one that ends in an empty hole (or, in
//! the ruleset "ludii", in a hole left holding 2); the whole rearmost hole moved into the next
//! one instead of sowing, but not when moving again; a lone seed's leap.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written as
//! the board picture shows them, row d on top, each count followed by whose seeds they are
//! (`s` South's, `e` East's, `n` North's, `w` West's); rows left out are empty:
//!
//! ```text
//!      1 … 10
//!   d  → → →      the ring, clockwise: b1, c1, d1 → d10, c10, b10, a10 → a1, and round
//!   c  ↑     ↓
//!   b  ↑     ↓
//!   a  ← ← ←
//! ```

use sow::Rules;
use sow::engine::{History, Move, Player};

use crate::common;
use crate::kit::*;

fn mwendo(ruleset: Option<&str>) -> Rules {
    common::rules("mwendo", ruleset, &[])
}

fn seat(rules: &Rules, k: usize) -> Player {
    Player::at(k, rules.seats())
}

fn moved(rules: &Rules, from: &str, to: &str) -> Move {
    Move::Transfer(hole(rules, from), hole(rules, to))
}

/// At the start South's seeds fill a1–a6 (3 each). Walking the ring from b1 (West's), the
/// first of South's holes is a6, the rearmost: South may sow it or move its seeds into the
/// next hole, a5. Sowing a6 (3), clockwise: a5, a4, a3, each occupied, 3→4. East's seeds fill
/// a7–a10, b10, c10; from b1 the first of them is c10, East's rearmost.
#[test]
fn the_rearmost_hole_is_sown_clockwise_or_moved_whole() {
    let rules = mwendo(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), vec![Move::Sow(hole(&rules, "a6")), moved(&rules, "a6", "a5")]);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 3w 3w 3w 3w 3n 3n 3n 3n 3n 3n
         c 3w 0 0 0 0 0 0 0 0 3e
         b 3w 0 0 0 0 0 0 0 0 3e
         a 3s 3s 4s 4s 4s 0 3e 3e 3e 3e",
    );
    assert_eq!(state.to_move(), seat(&rules, 1));
    assert_eq!(legal(&rules, &state), vec![Move::Sow(hole(&rules, "c10")), moved(&rules, "c10", "b10")]);
}

/// South sows a6 (3): a5 is empty and takes 2 seeds, a4 is empty and takes the last one. The
/// last seed fell into an empty hole, so South sows again, from the rearmost hole, a5 (2);
/// moving a hole whole is not open in a turn of moving again. In the ruleset "ludii" a4 holds
/// 1, not 2, after the last seed, and the turn passes to East.
#[test]
fn two_seeds_into_an_empty_hole_and_a_sowing_that_ends_in_one_goes_on() {
    let position = "d 0 0 0 0 2n 0 0 0 0 0
                    b 2w 0 0 0 0 0 0 0 0 0
                    a 0 0 0 0 0 3s 0 2e 0 0";
    let after = "d 0 0 0 0 2n 0 0 0 0 0
                 b 2w 0 0 0 0 0 0 0 0 0
                 a 0 0 0 1s 2s 0 0 2e 0 0";
    for (ruleset, again) in [(None, true), (Some("ludii"), false)] {
        let rules = mwendo(ruleset);
        let mut state = coloured(&rules, position, seat(&rules, 0));
        let mut history = History::new(&rules, &state);
        rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
        assert_coloured(&rules, &state, after);
        if again {
            assert_eq!(state.to_move(), seat(&rules, 0), "{ruleset:?}: South sows again");
            assert_eq!(legal(&rules, &state), sows(&rules, &["a5"]), "no whole move when moving again");
        } else {
            assert_eq!(state.to_move(), seat(&rules, 1), "{ruleset:?}: East's turn");
        }
    }
}

/// Instead of sowing a6 (3), South moves its seeds into the next hole, a5, which holds East's
/// 2: all 5 are South's now, a6 is empty, and the turn is over.
#[test]
fn the_whole_hole_moved_into_the_next_takes_it_over() {
    let rules = mwendo(None);
    let mut state = coloured(
        &rules,
        "d 0 0 0 0 2n 0 0 0 0 0
         b 2w 0 0 0 0 0 0 0 0 0
         a 0 0 0 0 2e 3s 0 2e 0 0",
        seat(&rules, 0),
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), vec![Move::Sow(hole(&rules, "a6")), moved(&rules, "a6", "a5")]);
    rules.play(&mut state, &mut history, moved(&rules, "a6", "a5")).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 0 0 0 0 2n 0 0 0 0 0
         b 2w 0 0 0 0 0 0 0 0 0
         a 0 0 0 0 5s 0 0 2e 0 0",
    );
    assert_eq!(state.to_move(), seat(&rules, 1));
}

/// South has one seed, in a6. With a5 empty it must leap, clockwise, to the first hole
/// holding another player's seeds: a4…a1 are empty, then b1 (West's 2) — in both rulesets.
/// With East's seeds in a5, the base game's leap is not open (the hole in front is not
/// empty): South sows the seed into a5 or moves it there, and in the ruleset "ludii" it leaps
/// to a5 all the same.
#[test]
fn a_lone_seed_leaps_where_the_hole_in_front_is_empty() {
    for ruleset in [None, Some("ludii")] {
        let rules = mwendo(ruleset);
        let state = coloured(
            &rules,
            "d 0 0 0 0 2n 0 0 0 0 0
             b 2w 0 0 0 0 0 0 0 0 0
             a 0 0 0 0 0 1s 0 2e 0 0",
            seat(&rules, 0),
        );
        assert_eq!(legal(&rules, &state), vec![moved(&rules, "a6", "b1")], "{ruleset:?}");
    }
    let blocked = "d 0 0 0 0 2n 0 0 0 0 0
                   b 2w 0 0 0 0 0 0 0 0 0
                   a 0 0 0 0 2e 1s 0 0 0 0";
    let rules = mwendo(None);
    let state = coloured(&rules, blocked, seat(&rules, 0));
    assert_eq!(legal(&rules, &state), vec![Move::Sow(hole(&rules, "a6")), moved(&rules, "a6", "a5")]);
    let rules = mwendo(Some("ludii"));
    let state = coloured(&rules, blocked, seat(&rules, 0));
    assert_eq!(legal(&rules, &state), vec![moved(&rules, "a6", "a5")]);
}

/// Random games of every board size keep every seed (on the board, each hole one player's),
/// and end with one player left or a repetition.
#[test]
fn random_games_keep_every_seed_and_end() {
    for ruleset in [None, Some("ludii")] {
        for columns in [4, 6, 10, 16] {
            let param = format!("columns={columns}");
            let rules = common::rules("mwendo", ruleset, &[&param]);
            let total: u32 = rules.players().map(|p| u32::from(rules.start().seeds(p))).sum();
            for seed in 0..20u64 {
                let mut game = sow::engine::Game::new(&rules);
                let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                while game.outcome().is_none() {
                    let moves = game.legal_moves().to_vec();
                    assert!(!moves.is_empty(), "a player without a decision and no outcome");
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    game.play(moves[(rng % moves.len() as u64) as usize]).unwrap();
                    let state = game.state();
                    let seeds: u32 = rules.players().map(|p| u32::from(state.seeds(p))).sum();
                    assert_eq!(seeds, total, "{ruleset:?} {columns}: no seed is lost");
                }
            }
        }
    }
}
