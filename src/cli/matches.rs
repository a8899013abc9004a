//! `sow match FILE AGENT_A AGENT_B --games N`

use std::io::IsTerminal as _;
use std::process::ExitCode;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use sow::ai::AgentSpec;
use sow::analysis::matches::{MatchConfig, play_match};
use sow::analysis::simulate::SimConfig;

use super::load::describe;
use super::output::outln;
use super::{Outcome, RulesFile};

/// Play two agents against each other, alternating sides game by game, and report the first
/// agent's wins, draws and losses, its score with a 95% confidence interval, and speed.
#[derive(Args, Debug)]
#[command(
    after_help = "Agents: random, greedy, alphabeta:DEPTH, alphabeta:TIME, mcts:PLAYOUTS, mcts:TIME\n(TIME like 500ms or 2s), or a level: easy, medium, hard.\n\nExamples:\n  sow match nsolo mcts:2000 greedy --games 200\n  sow match rules/mygame.sow alphabeta:4 random --games 100 --threads 2\n  sow match nsolo mcts:1s alphabeta:1s --games 20 --param columns=36"
)]
pub struct MatchArgs {
    #[command(flatten)]
    rules: RulesFile,
    /// The first agent (South in games 1, 3, 5, …).
    #[arg(value_name = "AGENT_A")]
    a: AgentSpec,
    /// The second agent.
    #[arg(value_name = "AGENT_B")]
    b: AgentSpec,
    /// Number of games.
    #[arg(long, short, default_value_t = 100, value_parser = super::games)]
    games: u32,
    /// Seed for the agents' random choices.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Threads to play on [default: all cores].
    #[arg(long, short = 't', value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Stop a game still going after this many decisions: unfinished, and scored as a draw.
    #[arg(long, value_name = "N", default_value_t = SimConfig::MAX_PLIES)]
    max_plies: u32,
}

pub fn run(args: MatchArgs) -> Outcome {
    let rules = args.rules.compile()?;
    let threads = super::threads(args.threads);
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(u64::from(args.games));
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, eta {eta}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let config = MatchConfig {
        a: args.a,
        b: args.b,
        games: args.games,
        seed: args.seed,
        threads,
        max_plies: args.max_plies,
    };
    let stats = play_match(&rules, config, |done| bar.set_position(u64::from(done)));
    bar.finish_and_clear();
    let (wins, draws, losses) = stats.record();
    let (score, half) = stats.score();
    let secs = stats.elapsed.as_secs_f64();
    outln!(
        "{} games of {}, seed {}: {} against {}",
        stats.games.len(),
        describe(&rules),
        args.seed,
        args.a,
        args.b
    )?;
    outln!("  {} wins {wins}, draws {draws}, losses {losses}", args.a)?;
    outln!(
        "  score {:.1}% ± {:.1}% (95% confidence), as South {:.1}%, as North {:.1}%",
        100.0 * score,
        100.0 * half,
        100.0 * side_score(&stats, true),
        100.0 * side_score(&stats, false)
    )?;
    let unfinished = stats.games.iter().filter(|g| g.outcome.is_none()).count();
    if unfinished > 0 {
        outln!(
            "  {unfinished} games unfinished after {} decisions (--max-plies), counted as draws",
            args.max_plies
        )?;
    }
    let rate = if secs > 0.0 { stats.games.len() as f64 / secs } else { f64::INFINITY };
    outln!(
        "  time {secs:.1} s on {threads} thread{}, {rate:.2} games/s",
        if threads == 1 { "" } else { "s" }
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Agent A's mean score in the games it played as South (or North).
fn side_score(stats: &sow::analysis::matches::MatchStats, south: bool) -> f64 {
    let games: Vec<f64> = stats.games.iter().filter(|g| g.a_south == south).map(|g| g.score_a()).collect();
    if games.is_empty() { 0.0 } else { games.iter().sum::<f64>() / games.len() as f64 }
}
