//! `sow simulate FILE --games N --seed S`

use std::io::IsTerminal as _;
use std::process::ExitCode;

use clap::Args;
use indicatif::ProgressBar;

use sow::analysis::report::{self, SimulateReport};
use sow::analysis::simulate::{SimConfig, simulate};

use super::load::describe;
use super::matches::Format;
use super::output::out;
use super::{Outcome, RulesFile};

/// Play many games between two random players and report how they end: wins per side
/// (by reason), draws (by reason), game length, endless moves refused, and speed; with
/// `--timing`, also the slowest single decision and where it was.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow simulate rules/mygame.sow --games 2000 --seed 1\n  sow simulate rules/mygame.sow --param columns=36 --games 500\n  sow simulate rules/mygame.sow --games 2000 --format json\n  sow simulate rules/mygame.sow --games 10000 --seed 1 --timing\n      times every decision and reports the slowest, for example\n      `slowest decision 840 µs: game #4711, after 52 decisions`; game #4711 is\n      played from its own seed, so `--games 4712 --seed 1` plays it again"
)]
pub struct SimulateArgs {
    #[command(flatten)]
    rules: RulesFile,
    /// Number of games.
    #[arg(long, short, default_value_t = 1000, value_parser = super::games)]
    games: u32,
    /// Seed for the random players; the same seed gives the same games.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Threads to play on [default: all cores]. The results do not depend on it.
    #[arg(long, short = 't', value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Stop a game still going after this many decisions and count it as unfinished.
    #[arg(long, value_name = "N", default_value_t = SimConfig::MAX_PLIES)]
    max_plies: u32,
    /// Time every decision of the random players (building the list of legal decisions and
    /// playing the one drawn) and report the slowest: its time, and the game and ply where
    /// it was. The games are the same; the simulation is a little slower.
    #[arg(long)]
    timing: bool,
    /// How to print the figures.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

/// Games whose slowest decision is timed again before the slowest is reported, and the
/// times each is played.
const RETIMED: (usize, u32) = (8, 3);

pub fn run(args: SimulateArgs) -> Outcome {
    let rules = args.rules.compile()?;
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(u64::from(args.games));
        bar.set_style(super::games_style("{bar:40} {pos}/{len} games, {rate}, eta {eta}"));
        bar
    } else {
        ProgressBar::hidden()
    };
    let threads = super::threads(args.threads);
    let config = SimConfig {
        games: args.games,
        seed: args.seed,
        threads,
        max_plies: args.max_plies,
        timed: args.timing,
    };
    let stats = simulate(&rules, config, |done| bar.set_position(u64::from(done)));
    bar.finish_and_clear();
    let slowest = stats.slowest(&rules, args.seed, RETIMED.0, RETIMED.1);
    let report = SimulateReport {
        game: describe(&rules),
        seed: args.seed,
        seats: rules.seats(),
        max_plies: args.max_plies,
        threads,
        stats,
        slowest,
    };
    match args.format {
        Format::Table => out!("{}", report::simulate_text(&report))?,
        Format::Json => out!("{}", report::json_text(&report::simulate_json(&report)))?,
    }
    Ok(ExitCode::SUCCESS)
}
