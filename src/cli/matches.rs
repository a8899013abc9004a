//! `sow match FILE AGENT_A AGENT_B --games N`, and one shard of it with `--shard I/N --out
//! FILE`.

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use sow::ai::AgentSpec;
use sow::analysis::matches::MatchConfig;
use sow::analysis::parts::{Merged, Variant, match_part, merge};
use sow::analysis::report::{self, MatchReport, Timing};
use sow::analysis::shard::Shard;
use sow::analysis::simulate::SimConfig;

use super::load::describe;
use super::output::out;
use super::{Failure, Outcome, RulesFile};

/// Play two agents against each other, alternating sides game by game, and report the first
/// agent's wins, draws and losses, its score with a 95% confidence interval, and speed.
#[derive(Args, Debug)]
#[command(
    after_help = "Agents: random, greedy, alphabeta:DEPTH, alphabeta:TIME, mcts:PLAYOUTS, mcts:TIME\n(TIME like 500ms or 2s), or a level: easy, medium, hard;\nhard+endgame and strongest:TIME+endgame play perfectly where the --endgame-db database\ncovers the position.\n\nExamples:\n  sow match nsolo mcts:2000 greedy --games 200\n  sow match rules/mygame.sow alphabeta:4 random --games 100 --threads 2\n  sow match nsolo mcts:1s alphabeta:1s --games 20 --param columns=36\n  sow match nsolo mcts:2000 greedy --games 200 --format json\n  sow match kalah hard+endgame hard --endgame-db kalah-12h-14seeds.sowdb --games 20\n\nSharded runs: each shard plays a slice of the games, and `sow merge` prints the\nfigures of the whole match, exactly as without shards:\n  sow match nsolo mcts:2000 greedy --games 200 --shard 1/2 --out part-1.json\n  sow match nsolo mcts:2000 greedy --games 200 --shard 2/2 --out part-2.json\n  sow merge part-*.json\nAs a Slurm array job (sbatch --array=1-8: the array must count from 1 to N):\n  sow match nsolo mcts:2000 greedy --games 200 \\\n      --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT \\\n      --out part-$SLURM_ARRAY_TASK_ID.json"
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
    /// Number of games (of the whole match, when it is split into shards).
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
    /// Play only shard I of N of the games (1/4 … 4/4: each shard a contiguous slice of them)
    /// and write its part with --out; `sow merge` puts the parts together.
    #[arg(long, value_name = "I/N", requires = "out")]
    shard: Option<Shard>,
    /// Write the games to FILE (a part, JSON) instead of printing figures: the shard given by
    /// --shard, or the whole match as shard 1/1.
    #[arg(long, value_name = "FILE", conflicts_with = "format")]
    out: Option<PathBuf>,
    /// An endgame database of these rules (built by `sow solve --endgame N`): an agent
    /// written `hard+endgame` or `strongest:TIME+endgame` plays the positions it covers
    /// perfectly.
    #[arg(long, value_name = "FILE")]
    endgame_db: Option<PathBuf>,
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
    register_endgame(args.endgame_db.as_deref(), &rules, &[args.a, args.b])?;
    let threads = super::threads(args.threads);
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(shard.games(args.games).len() as u64);
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
    let (label, game) = (label(&args.rules), describe(&rules));
    let variant = Variant { label: &label, game: &game, rules: &rules };
    let part = match_part(&variant, &config, shard, |done| bar.set_position(u64::from(done)));
    bar.finish_and_clear();
    if let Some(path) = &args.out {
        return super::merge::write_part(path, &part);
    }
    match merge(vec![part])?.with_timing(Timing::Wall { threads }) {
        Merged::Match(report) => print(&report, args.format),
        Merged::Compare(_) => {
            Err(Failure::Message("a match was played as a comparison: a fault in sow".into()))
        }
    }
}

/// Load and register the endgame database that `+endgame` agents play by; refuse such an
/// agent without one.
pub(super) fn register_endgame(
    path: Option<&std::path::Path>,
    rules: &sow::Rules,
    agents: &[AgentSpec],
) -> Result<(), Failure> {
    match path {
        Some(path) => sow::ai::endgame::register(super::solve::load_endgame(path, rules)?),
        None => {
            if let Some(a) = agents.iter().find(|a| matches!(a, AgentSpec::StrongestEndgame(_))) {
                return Err(Failure::Message(format!(
                    "`{a}` plays by an endgame database: give one with --endgame-db FILE (built by `sow solve FILE --endgame N`)"
                )));
            }
        }
    }
    Ok(())
}

/// Print a match in a format.
pub fn print(report: &MatchReport, format: Format) -> Outcome {
    match format {
        Format::Table => out!("{}", report::match_text(report))?,
        Format::Json => out!("{}", report::json_text(&report::match_json(report)))?,
    }
    Ok(ExitCode::SUCCESS)
}
