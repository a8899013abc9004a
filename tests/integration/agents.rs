//! The computer players: alpha-beta agrees with plain negamax, and every agent finishes
//! games of every bundled ruleset.

use sow::ai::{AgentSpec, AlphaBetaAgent, Budget, negamax};
use sow::analysis::matches::{MatchConfig, match_game};
use sow::engine::{History, MoveList};

use crate::common;

/// Every bundled file and ruleset, at its default parameters.
fn every_ruleset() -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for file in sow::bundled::bundled_names() {
        out.push((file.to_string(), None));
        for r in &common::rules(file, None, &[]).meta().rulesets {
            out.push((file.to_string(), Some(r.clone())));
        }
    }
    out
}

/// At a fixed depth of 3 plies, the alpha-beta search (pruning, transposition table, move
/// ordering) returns exactly plain negamax's value, on positions taken from random games of
/// several rules files (Kalah's moves again included): 320 positions in all.
#[test]
fn alphabeta_agrees_with_negamax_at_depth_3() {
    let files = [
        ("nsolo", None),
        ("nsolo", Some("sanderson-1913")),
        ("tsoro", Some("fixed-misoro")),
        ("mefuvha", None),
        ("chisolo", None),
        ("msuwa", None),
        ("kalah", None),
        ("oware", None),
    ];
    let mut checked = 0;
    for (file, ruleset) in files {
        let rules = common::rules(file, ruleset, &[]);
        let mut searcher = AlphaBetaAgent::new(Budget::Count(3));
        let mut random = AgentSpec::Random.build(7);
        let mut state = rules.start();
        let mut history = History::new(&rules, &state);
        let mut moves = MoveList::new();
        let mut plies = 0;
        while checked < 40 * (files.iter().position(|f| f.0 == file && f.1 == ruleset).unwrap() + 1) {
            if state.outcome().is_some() || plies > 400 {
                state = rules.start();
                history = History::new(&rules, &state);
                plies = 0;
            }
            rules.legal_moves(&state, &mut moves);
            if moves.is_empty() {
                rules.settle(&mut state, &moves);
                continue;
            }
            if plies % 3 == 1 {
                let expected = negamax(&rules, &state, 3);
                assert_eq!(
                    searcher.value(&rules, &state, 3),
                    expected,
                    "{file} {ruleset:?} ply {plies}\n{}",
                    rules.picture(&state)
                );
                checked += 1;
            }
            let mv = random.choose(&rules, &state, &moves);
            rules.play_unchecked(&mut state, &mut history, mv);
            plies += 1;
        }
    }
    assert_eq!(checked, 320);
}

/// Each agent, at a small budget, plays games of every bundled ruleset to their end
/// without an illegal decision (`match_game` plays only what the agent picks from the
/// legal list; an agent that returned anything else would be caught by the debug checks of
/// the engine's play).
///
/// An arrangement (one that ends only when both players pass in a row, or one where a player
/// keeps the turn until they pass) is rarely ended by players that do not aim to end it, and
/// each of its decisions offers hundreds of moves: there the agents play 40 plies of the
/// arrangement, every one legal, and the game need not be over. (A search that never passes
/// would take Makonn's `ludii` rearrangement to its 10,000 moves a turn.)
#[test]
fn every_agent_finishes_games_of_every_ruleset() {
    let agents: Vec<AgentSpec> =
        ["random", "greedy", "alphabeta:2", "mcts:8"].iter().map(|s| s.parse().unwrap()).collect();
    for (file, ruleset) in every_ruleset() {
        let rules = common::rules(&file, ruleset.as_deref(), &[]);
        let arranged = rules.model().phases.iter().any(|p| p.ends_on_passes || p.keeps_turn.is_some());
        for (i, &a) in agents.iter().enumerate() {
            let b = agents[(i + 1) % agents.len()];
            let max_plies = if arranged { 40 } else { 10_000 };
            let config = MatchConfig { a, b, games: 1, seed: 3, threads: 1, max_plies };
            let game = match_game(&rules, &config, 0);
            assert!(
                game.outcome.is_some() || (arranged && game.plies == max_plies),
                "{file} {ruleset:?}: {a} against {b} unfinished after {} plies",
                game.plies
            );
        }
    }
}

/// The strongest player (the `hard` level, hints) searches as the rules file says: MCTS where
/// it says `computer mcts` (Mefuvha, measured), alpha-beta elsewhere; a ruleset may say
/// otherwise than its base game; and the word is read, and refused when it is not a search.
#[test]
fn the_strongest_player_searches_as_the_rules_file_says() {
    use sow::ai::{Agent, StrongestAgent};
    use sow::engine::Search;

    assert_eq!(common::rules("mefuvha", None, &[]).meta().computer, Some(Search::Mcts));
    assert_eq!(common::rules("nsolo", None, &[]).meta().computer, None);
    for (file, search) in [("mefuvha", "mcts:"), ("nsolo", "alphabeta:"), ("kalah", "alphabeta:")] {
        let rules = common::rules(file, None, &[]);
        let state = rules.start();
        let mut moves = MoveList::new();
        rules.legal_moves(&state, &mut moves);
        let agent = AgentSpec::level("hard").expect("a level").build(1);
        assert_eq!(agent.name(), "strongest:2s");
        let mut quick = StrongestAgent::new(std::time::Duration::from_millis(30), 1);
        let mv = quick.choose(&rules, &state, &moves);
        assert!(moves.contains(&mv));
        let report = quick.report().expect("a report");
        assert!(report.starts_with(search), "{file}: {report}");
    }

    let text = |computer: &str| {
        common::rules_text("nsolo").replacen(
            "    param columns",
            &format!("    {computer}\n    ruleset \"other\" {{ computer alphabeta }}\n    param columns"),
            1,
        )
    };
    let compile = |text: &str, ruleset: Option<&str>| {
        sow::compile("x.sow", text, &sow::Options::new(ruleset, &[])).map(|r| r.meta().computer)
    };
    assert_eq!(compile(&text("computer mcts"), None).ok(), Some(Some(Search::Mcts)));
    assert_eq!(compile(&text("computer mcts"), Some("other")).ok(), Some(Some(Search::AlphaBeta)));
    let error = compile(&text("computer fast"), None).expect_err("`fast` is not a search");
    let shown = common::render(&error);
    assert!(shown.contains("`alphabeta` or `mcts`"), "{shown}");
}
