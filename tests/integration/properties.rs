//! Properties over random games on every bundled rules file, with a random ruleset and
//! random parameter values: seeds are conserved, every offered decision applies, decisions
//! that are not offered are refused without changing anything, records replay to the same
//! game, a seed fixes a simulated game, and equal positions reached by different paths have
//! equal hashes.

use std::collections::HashMap;

use proptest::prelude::*;
use sow::analysis::simulate::{random_game, sampled_game};
use sow::engine::{History, MoveList, Phase, Rules};
use sow::record::{Record, write_record};
use sow::{Game, Player};

use crate::fuzz_harness::{bundled_rules, seeds_accounted, universe};

/// A bundled rules file, ruleset and parameter values, chosen by bytes as the `game` fuzz
/// target chooses them (the file, the ruleset, then a byte per parameter).
fn configuration() -> impl Strategy<Value = [u8; 6]> {
    any::<[u8; 6]>()
}

fn rules_of(config: &[u8; 6]) -> &'static Rules {
    bundled_rules(config).expect("six bytes choose rules").0
}

/// What a failure message names: the game, its ruleset and parameters.
fn label(rules: &Rules) -> String {
    let params: Vec<String> = rules.params().iter().map(|p| format!("{}={}", p.name, p.value)).collect();
    format!("{} {:?} {}", rules.meta().name, rules.meta().ruleset, params.join(","))
}

/// The next pseudo-random index below `n` (a fixed LCG, so a case is reproducible).
fn below(pick: &mut u64, n: usize) -> usize {
    *pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (*pick >> 33) as usize % n
}

/// A random game of up to `turns` turns.
fn random_play(rules: &Rules, seed: u64, turns: usize) -> Game<'_> {
    let mut game = Game::new(rules);
    let mut pick = seed;
    while game.outcome().is_none() && game.turns().len() < turns {
        let moves = game.legal_moves();
        game.play(moves[below(&mut pick, moves.len())]).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn play_is_exactly_the_legal_list(config in configuration(), seed in any::<u64>(), plies in 20usize..120) {
        let rules = rules_of(&config);
        let all = universe(rules);
        let mut state = rules.start();
        let mut history = History::new(rules, &state);
        let mut moves = MoveList::new();
        let mut pick = seed;
        for ply in 0..plies {
            rules.legal_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            // Every offered decision applies and keeps every seed accounted for.
            for &mv in &moves {
                let (mut s, mut h) = (state.clone(), history.clone());
                prop_assert!(rules.play(&mut s, &mut h, mv).is_ok(), "{}: offered {mv:?} refused", label(rules));
                prop_assert_eq!(seeds_accounted(rules, &s), rules.total_seeds());
            }
            // Decisions not offered are refused, leaving the state as it was: a fifth of
            // them at each ply, a different fifth at the next.
            for &mv in all.iter().skip(ply % 5).step_by(5).filter(|m| !moves.contains(m)) {
                let (mut s, mut h) = (state.clone(), history.clone());
                prop_assert!(rules.play(&mut s, &mut h, mv).is_err(), "{}: not offered but played: {mv:?}", label(rules));
                prop_assert_eq!(&s, &state);
            }
            let mv = moves[below(&mut pick, moves.len())];
            rules.play(&mut state, &mut history, mv).unwrap();
            prop_assert_eq!(seeds_accounted(rules, &state), rules.total_seeds());
        }
    }

    #[test]
    fn records_replay_to_the_same_game(config in configuration(), seed in any::<u64>()) {
        let rules = rules_of(&config);
        let game = random_play(rules, seed, 400);
        let text = write_record(&game, &[("Rules", rules.meta().name.clone())]);
        let record = Record::parse(&text).unwrap();
        let replayed = record.replay(rules).unwrap();
        prop_assert_eq!(replayed.state(), game.state());
        prop_assert_eq!(replayed.turns(), game.turns());
    }

    #[test]
    fn a_seed_fixes_a_simulated_game(config in configuration(), seed in any::<u64>()) {
        let rules = rules_of(&config);
        prop_assert_eq!(random_game(rules, seed, 10_000), random_game(rules, seed, 10_000));
        prop_assert_eq!(sampled_game(rules, seed, 10_000), sampled_game(rules, seed, 10_000));
    }

    /// Positions met at the start of a turn in several games (and again within a game) are
    /// compared by their counts and player to move: equal positions have equal hashes, the
    /// hash kept during play equals the one computed afresh, and a position built from its
    /// counts directly — a path of no moves at all — has the same hash too.
    #[test]
    fn equal_positions_have_equal_hashes(config in configuration(), seed in any::<u64>()) {
        let rules = rules_of(&config);
        let mut seen: HashMap<(Vec<u16>, Player), u64> = HashMap::new();
        let mut met_again = 0;
        for game_seed in seed..seed + 6 {
            let mut game = Game::new(rules);
            let mut pick = game_seed;
            while game.outcome().is_none() && game.turns().len() < 300 {
                let state = game.state();
                prop_assert_eq!(state.hash(), rules.position_hash(state), "{}", label(rules));
                if state.phase() == Phase::Sow {
                    let mut counts = rules.board_counts(state);
                    // Rebuilt from its counts (and its stores and side stores, where the board has them).
                    let mut setup = sow::engine::Setup::new(counts.clone(), state.to_move());
                    setup.stores = sow::engine::ByPlayer::new_with(|p| rules.store_seeds(state, p) as u16);
                    setup.side_stores =
                        sow::engine::ByPlayer::new_with(|p| rules.side_store(p).map_or(0, |s| state.count(s)));
                    // Where holes belong by colour, whose seeds each hole holds.
                    let first = rules.model().first_player();
                    setup.colours = rules
                        .colours()
                        .then(|| rules.all_holes().map(|h| rules.holder(state, h).unwrap_or(first)).collect());
                    let fresh = rules.state_from_setup(&setup).unwrap();
                    prop_assert_eq!(fresh.hash(), state.hash(), "{}", label(rules));
                    counts.extend([setup.stores[Player::South], setup.stores[Player::North]]);
                    counts.extend([setup.side_stores[Player::South], setup.side_stores[Player::North]]);
                    if let Some(hash) = seen.insert((counts, state.to_move()), state.hash()) {
                        prop_assert_eq!(hash, state.hash(), "{}", label(rules));
                        met_again += 1;
                    }
                }
                let moves = game.legal_moves();
                game.play(moves[below(&mut pick, moves.len())]).unwrap();
            }
        }
        // The start position at least is met again in every game after the first.
        if rules.start().phase() == Phase::Sow {
            prop_assert!(met_again >= 5, "{}", label(rules));
        }
    }
}

/// Both random players finish games of every bundled ruleset — openings, special turns,
/// direction choices and lap choices included — well within the simulation's cap.
#[test]
fn random_players_finish_every_bundled_game() {
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

/// The repetition rule finds a repeated position exactly where reading every position since
/// seeds last left the board does (here, since the start: no seed leaves this board), on runs
/// longer than the 64 positions `History` reads one by one (longer runs are looked up in its
/// index) as on short ones; the games played reach both. Positions are compared whole
/// (counts and player to move), not by the engine's keys.
#[test]
fn long_runs_find_repetitions_as_a_scan_does() {
    use sow::engine::{DrawReason, Outcome};
    let text = r#"game "Loops" {
    board 2 rows of 4 holes, no stores
    territory each player owns row house
    setup {
        2 in every hole
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 1 seed
    }
    sow all seeds from the next hole
    end {
        a player who cannot move ends the game and the player with more seeds wins
        a repeated position is a draw
    }
}
"#;
    const SCANNED: usize = 64;
    let rules = sow::compile("loops.sow", text, &sow::Options::default()).unwrap();
    let position =
        |s: &sow::engine::State| (rules.all_holes().map(|h| s.count(h)).collect::<Vec<u16>>(), s.to_move());
    let (mut short, mut long) = (0, 0);
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut moves = MoveList::new();
    for _ in 0..300 {
        let mut state = rules.start();
        let mut history = History::new(&rules, &state);
        let mut seen = vec![position(&state)];
        while state.outcome().is_none() {
            rules.legal_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves[(seed % moves.len() as u64) as usize];
            rules.play_unchecked(&mut state, &mut history, mv);
            let now = position(&state);
            let repeated = seen.contains(&now);
            assert_eq!(
                state.outcome() == Some(Outcome::Draw(DrawReason::Repetition)),
                repeated,
                "after {} turns",
                seen.len()
            );
            if repeated {
                if seen.len() > SCANNED { long += 1 } else { short += 1 }
            }
            seen.push(now);
        }
    }
    assert!(short > 0 && long > 0, "repetitions after short runs {short}, after long runs {long}");
}
