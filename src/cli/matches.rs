//! `sow match FILE AGENT_A AGENT_B --games N`

use std::io::IsTerminal as _;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use sow::ai::AgentSpec;
use sow::analysis::matches::{MatchConfig, play_match};
use sow::analysis::report::{self, MatchReport, Timing};
use sow::analysis::simulate::SimConfig;

use super::load::describe;
use super::output::out;
use super::{Outcome, RulesFile};

/// Play two agents against each other, alternating sides game by game, and report the first
/// agent's wins, draws and losses, its score with a 95% confidence interval, and speed.
#[derive(Args, Debug)]
#[command(
    after_help = "Agents: random, greedy, alphabeta:DEPTH, alphabeta:TIME, mcts:PLAYOUTS, mcts:TIME\n(TIME like 500ms or 2s), or a level: easy, medium, hard.\n\nExamples:\n  sow match nsolo mcts:2000 greedy --games 200\n  sow match rules/mygame.sow alphabeta:4 random --games 100 --threads 2\n  sow match nsolo mcts:1s alphabeta:1s --games 20 --param columns=36\n  sow match nsolo mcts:2000 greedy --games 200 --format json"
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
    /// How to print the figures.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Lines of text.
    Table,
    /// One JSON object.
    Json,
}

/// The rules as one word, as `sow compare` takes a variant: `FILE[:RULESET][?KEY=VALUE&…]`.
fn label(rules: &RulesFile) -> String {
    let mut label = rules.file.clone();
    if let Some(ruleset) = &rules.options.ruleset {
        label.push(':');
        label.push_str(ruleset);
    }
    if !rules.options.params.is_empty() {
        label.push('?');
        label.push_str(&rules.options.params.join("&"));
    }
    label
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
    let report = MatchReport {
        label: label(&args.rules),
        game: describe(&rules),
        seed: args.seed,
        a: args.a.to_string(),
        b: args.b.to_string(),
        max_plies: args.max_plies,
        stats,
        timing: Timing::Wall { threads },
    };
    print(&report, args.format)
}

/// Print a match in a format.
pub fn print(report: &MatchReport, format: Format) -> Outcome {
    match format {
        Format::Table => out!("{}", report::match_text(report))?,
        Format::Json => out!("{}", report::json_text(&report::match_json(report)))?,
    }
    Ok(ExitCode::SUCCESS)
}
