//! Properties over random games on the bundled rules, with random board sizes and rulesets:
//! seeds are conserved, every offered decision applies, decisions that are not offered are
//! refused without changing anything, records replay to the same game, and a seed fixes
//! a simulated game.

use proptest::prelude::*;
use sow::analysis::simulate::random_game;
use sow::engine::{History, Move, MoveList, Rules};
use sow::record::{Record, write_record};
use sow::{Game, Player};

use crate::common;

/// A bundled rules configuration: (ruleset, columns).
fn configuration() -> impl Strategy<Value = (Option<&'static str>, u32)> {
    prop_oneof![(8u32..=36).prop_map(|c| (None, c)), (10u32..=20).prop_map(|c| (Some("sanderson-1913"), c)),]
}

fn compile(ruleset: Option<&str>, columns: u32) -> Rules {
    common::rules("nsolo", ruleset, &[&format!("columns={columns}")])
}

/// Seeds on the board plus seeds captured: always the number at the start.
fn conserved(rules: &Rules, state: &sow::State) -> u32 {
    rules.seeds_on_board(state) + Player::BOTH.iter().map(|&p| u32::from(state.captured()[p])).sum::<u32>()
}

/// Every decision kind on every hole: the universe that `play` must sort into legal and not.
fn all_decisions(rules: &Rules) -> Vec<Move> {
    let mut all: Vec<Move> = rules.all_holes().flat_map(|h| [Move::Sow(h), Move::Pick(h)]).collect();
    all.extend([Move::Stop, Move::Pass]);
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn play_is_exactly_the_legal_list((ruleset, columns) in configuration(), seed in any::<u64>(), plies in 20usize..120) {
        let rules = compile(ruleset, columns);
        let universe = all_decisions(&rules);
        let mut state = rules.start();
        let mut history = History::new(&rules, &state);
        let mut moves = MoveList::new();
        let mut pick = seed;
        for _ in 0..plies {
            rules.legal_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            // Every offered decision applies and keeps every seed accounted for.
            for &mv in &moves {
                let (mut s, mut h) = (state.clone(), history.clone());
                prop_assert!(rules.play(&mut s, &mut h, mv).is_ok(), "offered {mv:?} refused");
                prop_assert_eq!(conserved(&rules, &s), rules.total_seeds());
            }
            // A sample of the decisions not offered is refused, leaving the state as it was.
            for &mv in universe.iter().filter(|m| !moves.contains(m)).step_by(7) {
                let (mut s, mut h) = (state.clone(), history.clone());
                prop_assert!(rules.play(&mut s, &mut h, mv).is_err(), "not offered but played: {mv:?}");
                prop_assert_eq!(&s, &state);
            }
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mv = moves[(pick >> 33) as usize % moves.len()];
            rules.play(&mut state, &mut history, mv).unwrap();
            prop_assert_eq!(conserved(&rules, &state), rules.total_seeds());
        }
    }

    #[test]
    fn records_replay_to_the_same_game((ruleset, columns) in configuration(), seed in any::<u64>()) {
        let rules = compile(ruleset, columns);
        let mut game = Game::new(&rules);
        let mut pick = seed;
        while game.outcome().is_none() && game.turns().len() < 400 {
            let moves = game.legal_moves();
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            game.play(moves[(pick >> 33) as usize % moves.len()]).unwrap();
        }
        let text = write_record(&game, &[("Rules", "nsolo".to_string())]);
        let record = Record::parse(&text).unwrap();
        let replayed = record.replay(&rules).unwrap();
        prop_assert_eq!(replayed.state(), game.state());
        prop_assert_eq!(replayed.turns(), game.turns());
    }

    #[test]
    fn a_seed_fixes_a_simulated_game((ruleset, columns) in configuration(), seed in any::<u64>()) {
        let rules = compile(ruleset, columns);
        prop_assert_eq!(random_game(&rules, seed, 10_000), random_game(&rules, seed, 10_000));
    }
}

/// Both random players finish games of every bundled ruleset — openings, special turns,
/// direction choices and lap choices included — well within the simulation's cap.
#[test]
fn random_players_finish_every_bundled_game() {
    use sow::analysis::simulate::sampled_game;
    for file in sow::bundled::bundled_names() {
        let base = crate::common::rules(file, None, &[]);
        let names = std::iter::once(None).chain(base.meta().rulesets.iter().map(|r| Some(r.as_str())));
        for ruleset in names {
            let rules = crate::common::rules(file, ruleset, &[]);
            for seed in 1..=10 {
                for game in [random_game(&rules, seed, 100_000), sampled_game(&rules, seed, 100_000)] {
                    assert!(
                        game.outcome.is_some(),
                        "{file} {ruleset:?} seed {seed}: unfinished after {} plies",
                        game.plies
                    );
                }
            }
        }
    }
}

/// A random game of every bundled ruleset, written as a record and replayed, is the same
/// game: openings with take turns, chosen directions, lap choices and marks included.
#[test]
fn records_of_every_bundled_game_replay() {
    for file in sow::bundled::bundled_names() {
        let base = crate::common::rules(file, None, &[]);
        let names = std::iter::once(None).chain(base.meta().rulesets.iter().map(|r| Some(r.as_str())));
        for ruleset in names {
            let rules = crate::common::rules(file, ruleset, &[]);
            for seed in 1..=3u64 {
                let mut game = Game::new(&rules);
                let mut pick = seed;
                while game.outcome().is_none() && game.turns().len() < 300 {
                    let moves = game.legal_moves();
                    pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    game.play(moves[(pick >> 33) as usize % moves.len()]).unwrap();
                }
                let text = write_record(&game, &[("Rules", file.to_string())]);
                let record =
                    Record::parse(&text).unwrap_or_else(|e| panic!("{file} {ruleset:?}: {e:?}\n{text}"));
                let replayed = record
                    .replay(&rules)
                    .unwrap_or_else(|e| panic!("{file} {ruleset:?} seed {seed}: {e:?}\n{text}"));
                assert_eq!(replayed.state(), game.state(), "{file} {ruleset:?} seed {seed}");
                assert_eq!(replayed.turns(), game.turns(), "{file} {ruleset:?} seed {seed}");
            }
        }
    }
}
