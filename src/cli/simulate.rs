//! `sow simulate FILE --games N --seed S`

use std::io::IsTerminal as _;
use std::process::ExitCode;

use clap::Args;
use indicatif::ProgressBar;

use sow::Player;
use sow::analysis::simulate::{SimConfig, simulate};
use sow::engine::{DrawReason, WinReason};

use super::load::describe;
use super::output::outln;
use super::{Outcome, RulesFile};

/// Play many games between two random players and report how they end: wins per side
/// (by reason), draws (by reason), game length, endless moves refused, and speed; with
/// `--timing`, also the slowest single decision and where it was.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow simulate rules/mygame.sow --games 2000 --seed 1\n  sow simulate rules/mygame.sow --param columns=36 --games 500\n  sow simulate rules/mygame.sow --games 10000 --seed 1 --timing\n      times every decision and reports the slowest, for example\n      `slowest decision 840 µs: game #4711, after 52 decisions`; game #4711 is\n      played from its own seed, so `--games 4712 --seed 1` plays it again"
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

    let n = stats.games.len().max(1) as f64;
    let pct = |k: usize| 100.0 * k as f64 / n;
    let secs = stats.elapsed.as_secs_f64();
    outln!("{} random games of {}, seed {}", stats.games.len(), describe(&rules), args.seed)?;
    for player in Player::BOTH {
        let wins = stats.wins(player, None);
        let reasons = [
            (WinReason::NoSeeds, "by taking every seed"),
            (WinReason::Blocked, "by blocking"),
            (WinReason::Score, "on seeds held"),
            (WinReason::RowEmpty, "by emptying a row"),
            (WinReason::OneHole, "by gathering every seed in one hole"),
            (WinReason::EndHoles, "by taking both end holes of a row in one turn"),
            (WinReason::Passed, "when the other passed"),
        ];
        let why: Vec<String> = reasons
            .iter()
            .map(|&(reason, words)| (stats.wins(player, Some(reason)), words))
            .filter(|&(n, _)| n > 0)
            .map(|(n, words)| format!("{n} {words}"))
            .collect();
        let why = if why.is_empty() { String::new() } else { format!("   ({})", why.join(", ")) };
        outln!("  {:<6} wins {wins:>7}  {:5.1}%{why}", player.name(), pct(wins))?;
    }
    let draws = stats.draws(None);
    let reasons = [
        (DrawReason::Repetition, "by repetition"),
        (DrawReason::TurnLimit, "at the turn limit"),
        (DrawReason::EqualScores, "on equal seeds"),
        (DrawReason::Passes, "by passing in turn"),
    ];
    let why: Vec<String> = reasons
        .iter()
        .map(|&(reason, words)| (stats.draws(Some(reason)), words))
        .filter(|&(n, _)| n > 0)
        .map(|(n, words)| format!("{n} {words}"))
        .collect();
    let why = if why.is_empty() { String::new() } else { format!("   ({})", why.join(", ")) };
    outln!("  draws       {draws:>7}  {:5.1}%{why}", pct(draws))?;
    let unfinished = stats.unfinished();
    if unfinished > 0 {
        outln!(
            "  unfinished  {unfinished:>7}  {:5.1}%   (stopped after {} decisions; see --max-plies)",
            pct(unfinished),
            args.max_plies
        )?;
    }
    let (mean, median) = stats.mean_median(|g| g.plies);
    outln!("  plies per game     mean {mean:.1}, median {median}")?;
    let (mean, median) = stats.mean_median(|g| g.turns);
    outln!("  turns per game     mean {mean:.1}, median {median}")?;
    let (endless, games) = stats.endless();
    let in_games = if games == 1 { "1 game".to_string() } else { format!("{games} games") };
    outln!("  endless moves refused: {endless} (in {in_games})")?;
    let rate = if secs > 0.0 { stats.games.len() as f64 / secs } else { f64::INFINITY };
    let on = if threads == 1 { "1 thread".to_string() } else { format!("{threads} threads") };
    outln!("  time {secs:.2} s on {on}, {rate:.0} games/s")?;
    if let Some(slowest) = stats.slowest(&rules, args.seed, RETIMED.0, RETIMED.1) {
        let what = if slowest.settled { "finding no decision and ending the game" } else { "a decision" };
        outln!(
            "  slowest decision {}: game #{} (from 0), after {} decisions ({what}); --games {} --seed {} plays it again",
            duration(slowest.time),
            slowest.game,
            slowest.ply,
            slowest.game + 1,
            args.seed
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A short time, in the unit that suits it: `840 µs`, `12.5 ms`.
fn duration(time: std::time::Duration) -> String {
    let micros = time.as_secs_f64() * 1e6;
    match micros {
        m if m < 10.0 => format!("{m:.2} µs"),
        m if m < 1000.0 => format!("{m:.0} µs"),
        m => format!("{:.1} ms", m / 1000.0),
    }
}
