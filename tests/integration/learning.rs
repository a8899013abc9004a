//! The learning interface: every decision of every bundled game numbered, and back.

use std::collections::{HashMap, HashSet};

use sow::engine::{Encoding, Move, MoveList, Position};

use super::common;
use super::kit::draws;

/// Random games of every bundled file and ruleset: each legal decision has a number below
/// the numbering's size, distinct decisions have distinct numbers, and the number reads back
/// as the decision. A decision the numbering had no room for would fail here.
#[test]
fn every_decision_of_every_bundled_game_has_a_number_that_reads_back() {
    let mut below = draws(0x9e37_79b9_7f4a_7c15);
    for file in sow::bundled::bundled_names() {
        let base = common::rules(file, None, &[]);
        let names = std::iter::once(None).chain(base.meta().rulesets.iter().map(|r| Some(r.as_str())));
        for ruleset in names {
            let rules = common::rules(file, ruleset, &[]);
            let encoding = Encoding::new(&rules);
            let mut moves = MoveList::new();
            for _ in 0..8 {
                let mut position = Position::new(&rules);
                for _ in 0..400 {
                    position.legal_moves_or_settle(&mut moves);
                    if position.is_over() || moves.is_empty() {
                        break;
                    }
                    let mut seen = HashSet::new();
                    for &mv in moves.iter() {
                        let action = encoding.encode(mv).unwrap_or_else(|| {
                            panic!("{file} {ruleset:?}: no number for {}", rules.move_text(mv))
                        });
                        assert!(
                            (action as usize) < encoding.size(),
                            "{file} {ruleset:?}: {action} out of range"
                        );
                        assert!(seen.insert(action), "{file} {ruleset:?}: {action} given twice");
                        assert_eq!(encoding.decode(action), Some(mv), "{file} {ruleset:?}");
                    }
                    let mut ascending = Vec::new();
                    encoding.encode_ascending(&moves, &mut ascending).unwrap();
                    let mut sorted: Vec<u32> = seen.into_iter().collect();
                    sorted.sort_unstable();
                    assert_eq!(ascending, sorted, "{file} {ruleset:?}");
                    position.play_unchecked(moves[below(moves.len())]);
                }
            }
        }
    }
}

#[test]
fn a_game_that_only_sows_has_one_number_per_slot_and_none_past_them() {
    // Kalah: 12 holes and 2 stores; no picks, no directions, no passes.
    let rules = common::rules("kalah", None, &[]);
    let encoding = Encoding::new(&rules);
    assert_eq!(encoding.size(), 14);
    assert_eq!(encoding.decode(14), None);
    assert_eq!(encoding.encode(sow::Move::Stop), None);
    assert_eq!(encoding.observation_size(), 14 + 5);
}

#[test]
fn nsolo_numbers_its_picks_after_its_sowings() {
    // Nsolo 4×8: 32 holes; sowings 0–31, strip picks 32–63, then `stop`.
    let rules = common::rules("nsolo", None, &["columns=8"]);
    let encoding = Encoding::new(&rules);
    let a1 = rules.parse_hole("a1").unwrap();
    let d1 = rules.parse_hole("d1").unwrap();
    assert_eq!(encoding.encode(sow::Move::Sow(a1)), Some(0));
    assert_eq!(encoding.encode(sow::Move::Pick(d1)), Some(32 + 24));
    assert_eq!(encoding.encode(sow::Move::Stop), Some(64));
    assert_eq!(encoding.size(), 65);
}

#[test]
fn an_observation_is_the_board_then_what_each_player_holds_apart() {
    let rules = common::rules("kalah", None, &[]);
    let encoding = Encoding::new(&rules);
    let state = rules.start();
    let mut south = vec![0.0; encoding.observation_size()];
    let mut north = south.clone();
    encoding.observation(&state, sow::Player::South, &mut south);
    encoding.observation(&state, sow::Player::North, &mut north);
    // Four seeds in each of the 12 holes, empty stores, nothing out of play or in hand.
    assert_eq!(&south[..12], &[4.0; 12]);
    assert_eq!(&south[12..14], &[0.0, 0.0]);
    assert_eq!(&south[14..18], &[0.0; 4]);
    // South moves first.
    assert_eq!((south[18], north[18]), (1.0, 0.0));
}

/// Position keys are exact: over random games of every bundled file, positions with equal
/// keys have equal states and legal decisions, and (where no repetition rule looks at the
/// past) equal states have equal keys; a position reached by two orders of the same
/// decisions has one key.
#[test]
fn position_keys_are_equal_exactly_when_positions_are() {
    let mut below = draws(0x2545_f491_4f6c_dd1d);
    let mut moves = MoveList::new();
    for file in sow::bundled::bundled_names() {
        let rules = common::rules(file, None, &[]);
        let mut by_key: HashMap<Vec<u8>, (sow::State, Vec<Move>)> = HashMap::new();
        let mut by_state: HashMap<sow::State, Vec<u8>> = HashMap::new();
        for _ in 0..20 {
            let mut position = Position::new(&rules);
            for _ in 0..200 {
                position.legal_moves_or_settle(&mut moves);
                let key = position.clone().detach().key();
                let (state, legal) =
                    by_key.entry(key.clone()).or_insert_with(|| (position.state().clone(), moves.to_vec()));
                assert!(
                    state == position.state() && legal[..] == moves[..],
                    "{file}: one key, two positions"
                );
                if rules.model().end.repetition.is_none() {
                    let other = by_state.entry(position.state().clone()).or_insert_with(|| key.clone());
                    assert_eq!(*other, key, "{file}: one position, two keys");
                }
                if position.is_over() || moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[below(moves.len())]);
            }
        }
    }
    let rules = common::rules("makonn", None, &[]);
    let after = |line: [&str; 2]| {
        let mut position = Position::new(&rules);
        for text in line {
            let mv = rules.parse_move(position.state(), text).unwrap();
            position.play(mv).unwrap();
        }
        position.detach().key()
    };
    assert_eq!(after(["a1-a2", "a3-a4"]), after(["a3-a4", "a1-a2"]));
    assert_ne!(after(["a1-a2", "a3-a4"]), after(["a1-a2", "a3-a5"]));
}
