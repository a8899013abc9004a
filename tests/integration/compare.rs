//! The traces `sow compare` summarises, checked against what the rules imply.

use sow::ai::AgentSpec;
use sow::analysis::compare::{CompareConfig, GameFigures, Metric, Summary, trace_game, trace_games};

use crate::common::rules;

fn config(games: u32) -> CompareConfig {
    CompareConfig { games, seed: 3, threads: 2, max_plies: 100_000, agent: AgentSpec::Random }
}

#[test]
fn nsolo_traces_account_for_every_seed_and_turn() {
    let rules = rules("nsolo", None, &[]);
    let total = rules.total_seeds();
    for i in 0..100 {
        let g = trace_game(&rules, &config(100), i);
        assert!(g.outcome.is_some(), "game {i} ended");
        // Captured seeds leave play in Nsolo: what left the board is what was taken.
        assert_eq!(g.captured, total - g.on_board.last().copied().unwrap_or(total), "game {i}");
        // One entry per turn begun (every turn finishes), and one more at the end.
        assert_eq!(g.branching.len() as u32, g.turns, "game {i}");
        assert_eq!(g.on_board.len(), g.branching.len() + 1);
        // A turn is a sowing and its strip picks.
        assert_eq!(g.plies, g.sowings + g.follow_ups, "game {i}");
        assert_eq!(g.sowings, g.turns, "game {i}");
        // Each capture takes at least the facing inner hole's seeds, then strips at most as many.
        assert!(g.captured >= g.capture_turns && g.follow_ups <= g.captured, "game {i}");
        assert!(g.sown >= g.sowings && g.laps >= g.sowings, "game {i}");
    }
}

#[test]
fn tsoro_has_no_follow_ups_and_first_turns_have_the_opening_choice() {
    let rules = rules("tsoro", None, &[]);
    let (games, _) = trace_games(&rules, config(200), |_| {});
    let figures: Vec<GameFigures> = games.iter().map(GameFigures::of).collect();
    let s = Summary::new(rules.total_seeds(), &figures, std::time::Duration::ZERO);
    assert_eq!(s.get(Metric::FollowUps).map(|e| e.value), Some(0.0));
    // At the start South may sow any of its eight outer holes of two seeds.
    assert!(games.iter().all(|g| g.branching[0] == 8));
    let first = s.get(Metric::FirstWins).expect("games").value;
    let second = s.get(Metric::SecondWins).expect("games").value;
    let draws = s.get(Metric::RepetitionDraws).expect("games").value
        + s.get(Metric::OtherDraws).expect("games").value;
    let unfinished = s.get(Metric::Unfinished).expect("games").value;
    assert!((first + second + draws + unfinished - 1.0).abs() < 1e-9);
}
