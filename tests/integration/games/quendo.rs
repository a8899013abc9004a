//! Hand-checked worked examples of Quendo (`rules/quendo.sow`): four players sharing the
//! twenty holes round the edge of a 4×8 board by the colour of their seeds; each sows the
//! rearmost hole of their seeds; a lone seed leaps to the first hole ahead holding another
//! player's seeds; a player with no seeds drops out and turns pass over them; the last
//! player left wins.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, row d on top, each count followed by whose seeds they
//! are (`s` South's, `e` East's, `n` North's, `w` West's); the holes inside the edge (b2–b7,
//! c2–c7) are never sown:
//!
//! ```text
//!      1  2  3  4  5  6  7  8
//!   d  ←  ←  ←  ←  ←  ←  ←  ←      the ring: a1 → a8, b8, c8, d8 → d1, c1, b1, and round
//!   c  ↓                    ↑
//!   b  ↓                    ↑
//!   a  →  →  →  →  →  →  →  →
//! ```

use sow::Rules;
use sow::engine::{History, Move, Player, WinReason};

use crate::common;
use crate::kit::*;

fn quendo(ruleset: Option<&str>, params: &[&str]) -> Rules {
    common::rules("quendo", ruleset, params)
}

fn seat(rules: &Rules, k: usize) -> Player {
    Player::at(k, rules.seats())
}

/// Each player's seeds, in turn order.
fn seeds(rules: &Rules, state: &sow::State) -> Vec<u32> {
    rules.players().map(|p| u32::from(state.seeds(p))).collect()
}

/// At the start each player holds five holes of 4 in a row along the ring: South a1–a5,
/// East a6–a8, b8, c8, North d8–d4, West d3–d1, c1, b1. Each player's rearmost hole is the
/// first of their run, and each sows it into the next four holes, all their own:
/// - South a1 (4): a2–a5 4→5;
/// - East a6 (4): a7, a8, b8, c8 4→5;
/// - North d8 (4): d7–d4 4→5;
/// - West d3 (4): d2, d1, c1, b1 4→5.
///
/// Then South's rearmost is a2 (a1 is empty): a2 (5) sows a3–a5 5→6, a6 (empty) 0→1, and
/// a7 (East's 5) 5→6, every seed in it now South's. East's rearmost is a8 (after South's
/// a7): a8 (5) sows b8 5→6, c8 5→6, d8 (empty) 0→1, and North's d7 and d6, 5→6 each, now
/// East's.
#[test]
fn each_player_sows_the_rearmost_hole_of_their_seeds_in_turn() {
    let rules = quendo(None, &[]);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_coloured(
        &rules,
        &state,
        "d 4w 4w 4w 4n 4n 4n 4n 4n
         c 4w 0 0 0 0 0 0 4e
         b 4w 0 0 0 0 0 0 4e
         a 4s 4s 4s 4s 4s 4e 4e 4e",
    );
    let order = ["a1", "a6", "d8", "d3", "a2", "a8"];
    let players = [0, 1, 2, 3, 0, 1];
    for (name, k) in order.into_iter().zip(players) {
        assert_eq!(state.to_move(), seat(&rules, k), "before {name}");
        assert_eq!(legal(&rules, &state), sows(&rules, &[name]), "the rearmost hole, before {name}");
        rules.play(&mut state, &mut history, Move::Sow(hole(&rules, name))).unwrap();
    }
    assert_coloured(
        &rules,
        &state,
        "d 5w 5w 0 5n 5n 6e 6e 1e
         c 5w 0 0 0 0 0 0 6e
         b 5w 0 0 0 0 0 0 6e
         a 0 0 6s 6s 6s 1s 6s 0",
    );
    assert_eq!(state.to_move(), seat(&rules, 2));
    assert_eq!(seeds(&rules, &state), [25, 25, 10, 20]);
}

/// South holds one seed, in a3. It must leap to the first hole ahead holding another
/// player's seeds: a4 and a5 are empty, a6 holds East's 3, which become South's with it
/// (a6 4s). East has no seeds left and drops out: North moves next.
#[test]
fn a_lone_seed_leaps_to_the_first_hole_holding_another_players_seeds() {
    let rules = quendo(None, &[]);
    let state = coloured(
        &rules,
        "d 2n 0 0 0 0 0 0 0
         b 2w 0 0 0 0 0 0 0
         a 0 0 1s 0 0 3e 0 0",
        seat(&rules, 0),
    );
    let mut state = state;
    let mut history = History::new(&rules, &state);
    let leap = Move::Transfer(hole(&rules, "a3"), hole(&rules, "a6"));
    assert_eq!(legal(&rules, &state), vec![leap]);
    rules.play(&mut state, &mut history, leap).unwrap();
    assert_coloured(
        &rules,
        &state,
        "d 2n 0 0 0 0 0 0 0
         b 2w 0 0 0 0 0 0 0
         a 0 0 0 0 0 4s 0 0",
    );
    assert!(state.is_out(seat(&rules, 1)), "East has no seeds");
    assert_eq!(state.to_move(), seat(&rules, 2), "the turn passes over East");
    assert_eq!(state.outcome(), None);
}

/// South's a1 (3) sows a2 0→1, and East's only seeds, a3 and a4 (1 each), 1→2, now South's.
/// East drops out. North sows d4 (2): d3, d2 0→1. West sows b1 (2): a1 0→1 and South's a2
/// 1→2, now West's. South, next (East is out), sows their rearmost, a3 (2): a4 2→3, a5
/// 0→1.
#[test]
fn a_player_without_seeds_drops_out_and_the_turn_passes_over_them() {
    let rules = quendo(None, &[]);
    let mut state = coloured(
        &rules,
        "d 0 0 0 2n 0 0 0 0
         b 2w 0 0 0 0 0 0 0
         a 3s 0 1e 1e 0 0 0 0",
        seat(&rules, 0),
    );
    let mut history = History::new(&rules, &state);
    for (name, k) in [("a1", 0), ("d4", 2), ("b1", 3), ("a3", 0)] {
        assert_eq!(state.to_move(), seat(&rules, k), "before {name}");
        rules.play(&mut state, &mut history, Move::Sow(hole(&rules, name))).unwrap();
        assert!(state.is_out(seat(&rules, 1)));
    }
    assert_coloured(
        &rules,
        &state,
        "d 0 1n 1n 0 0 0 0 0
         a 1w 2w 0 3s 1s 0 0 0",
    );
    assert_eq!(state.to_move(), seat(&rules, 2), "North, East being out");
    assert!(rules.picture(&state).contains("East (e): 0 seeds, out"), "{}", rules.picture(&state));
}

/// South's a1 (2) sows a2 and a3, the last seeds of anyone else (East's 1 each): South is
/// the last player left and wins.
#[test]
fn the_last_player_left_wins() {
    let rules = quendo(None, &[]);
    let mut state = coloured(&rules, "a 2s 1e 1e 0 0 0 0 0", seat(&rules, 0));
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(state.outcome(), win(seat(&rules, 0), WinReason::NoSeeds));
    assert_eq!(state.outcome().unwrap().to_string(), "South wins: the last player left");
}

/// Each position offers one decision, so the game is one line of play. Its length and end,
/// by seeds a hole (base game and the ring of twenty holes alike): South takes every seed
/// with 3 or 4 seeds a hole; with 1 or 2 the play cycles and the repetition rule draws it.
#[test]
fn one_line_of_play_and_its_end() {
    for ruleset in [None, Some("ludii"), Some("circular")] {
        for (count, plies, south_wins) in [(1, 248, false), (2, 214, false), (3, 56, true), (4, 57, true)] {
            let param = format!("count={count}");
            let rules = quendo(ruleset, &[&param]);
            let mut state = rules.start();
            let mut history = History::new(&rules, &state);
            let total: u32 = seeds(&rules, &state).iter().sum();
            let mut n = 0;
            while state.outcome().is_none() {
                let moves = legal(&rules, &state);
                assert_eq!(moves.len(), 1, "one decision, ply {n}");
                rules.play(&mut state, &mut history, moves[0]).unwrap();
                assert_eq!(seeds(&rules, &state).iter().sum::<u32>(), total, "no seed is lost, ply {n}");
                n += 1;
            }
            assert_eq!(n, plies, "{ruleset:?}, {count} seeds a hole");
            let expected =
                if south_wins { win(seat(&rules, 0), WinReason::NoSeeds) } else { state.outcome() };
            assert_eq!(state.outcome(), expected);
            assert_eq!(state.outcome().and_then(|o| o.winner()).is_none(), !south_wins);
        }
    }
}
