//! Command-line interface: parse arguments with clap and dispatch to one module per
//! subcommand. Each command prints its own output (through [`output`]); failures are rendered
//! here.

mod check;
mod compare;
mod diff;
mod fmt;
mod list;
mod load;
mod lsp;
mod matches;
mod merge;
mod output;
mod perft;
mod play;
mod replay;
mod serve;
mod show;
mod simulate;
mod solve;
mod variant;

use std::io;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

/// sow — a rules language and engine for mancala games.
#[derive(Parser, Debug)]
#[command(
    name = "sow",
    version,
    about = "A rules language and engine for mancala games: check, show, play (in the terminal or the browser), replay, simulate, perft and compare any rules file.",
    after_help = "Examples:\n  sow play                                   play the default rules against the computer\n  sow play --param columns=36                the same on a 4×36 board\n  sow serve                                  play in the browser at http://127.0.0.1:8080\n  sow list                                   the bundled games and their rulesets\n  sow play NAME --ruleset RULESET            play a bundled game by its name\n  sow check rules/*.sow                      check rules files, with diagnostics\n  sow show rules/mygame.sow --ruleset NAME   metadata, start position and compiled tables\n  sow simulate rules/mygame.sow --games 2000 --seed 1\n  sow perft rules/mygame.sow --depth 5\n  sow solve kalah --param columns=4 --param start=3   the value with perfect play\n  sow match nsolo mcts:2000 greedy --games 200   two computer players, many games\n  sow compare nsolo tsoro njombwa --plot charts/  games compared in play, with charts\n  sow merge part-*.json                      a run played in shards (--shard I/N --out FILE), put together\n  sow diff nsolo nsolo:sanderson-1913        how two games' compiled rules differ\n  sow fmt rules/mygame.sow                   lay a rules file out in the canonical layout\n  sow lsp                                    the language server an editor starts\n\nA FILE is a path to a `.sow` rules file, or the name of a rules file bundled with sow."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Check(check::CheckArgs),
    List(list::ListArgs),
    Show(show::ShowArgs),
    Play(play::PlayArgs),
    Replay(replay::ReplayArgs),
    Serve(serve::ServeArgs),
    Simulate(simulate::SimulateArgs),
    Perft(perft::PerftArgs),
    Solve(solve::SolveArgs),
    Match(matches::MatchArgs),
    Compare(compare::CompareArgs),
    Merge(merge::MergeArgs),
    Diff(diff::DiffArgs),
    Fmt(fmt::FmtArgs),
    Lsp(lsp::LspArgs),
}

/// The options every command takes to choose what to compile.
#[derive(Args, Debug, Clone, Default, PartialEq, Eq)]
pub struct RulesOptions {
    /// Compile this ruleset of the file instead of the base game.
    #[arg(long, value_name = "NAME")]
    pub ruleset: Option<String>,
    /// Set a parameter (repeatable), e.g. `--param columns=36`.
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
}

/// A rules file and what to compile of it: the arguments of most commands.
#[derive(Args, Debug, Clone)]
pub struct RulesFile {
    /// The rules file (a path, or the name of a bundled rules file).
    #[arg(value_name = "FILE")]
    pub file: String,
    #[command(flatten)]
    pub options: RulesOptions,
}

impl RulesFile {
    /// Read and compile the file.
    pub fn compile(&self) -> Result<sow::Rules, Failure> {
        load::compile(&load::read_rules(Some(&self.file))?, &self.options)
    }
}

impl RulesOptions {
    fn options(&self) -> sow::Options {
        sow::Options { ruleset: self.ruleset.clone(), params: self.params.clone() }
    }
}

/// A number of games on the command line: a whole number, at least 1.
pub fn games(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(0) => Err("at least 1 game is needed".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e} (give a number of games, at least 1)")),
    }
}

/// The threads a command plays on: as given, or one per core.
pub fn threads(given: Option<u32>) -> usize {
    given.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |t| t as usize,
    )
}

/// A progress bar style from a template, with `{rate}` for whole games per second (indicatif's
/// own `{per_sec}` shows four decimals). A template that does not parse keeps the default.
pub fn games_style(template: &str) -> indicatif::ProgressStyle {
    match indicatif::ProgressStyle::with_template(template) {
        Ok(style) => {
            style.with_key("rate", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} games/s", state.per_sec());
            })
        }
        Err(_) => indicatif::ProgressStyle::default_bar(),
    }
}

/// A command that could not do its job. Diagnostics are already rendered.
#[derive(Debug)]
pub enum Failure {
    /// A miette diagnostic to render.
    Report(miette::Report),
    /// A plain message.
    Message(String),
    /// Standard output could not be written (see [`output`]).
    Output(io::Error),
}

impl<E: miette::Diagnostic + Send + Sync + 'static> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure::Report(miette::Report::new(e))
    }
}

/// What commands return.
pub type Outcome = Result<ExitCode, Failure>;

/// Run the command line.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => check::run(args),
        Command::List(args) => list::run(args),
        Command::Show(args) => show::run(args),
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Match(args) => matches::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Diff(args) => diff::run(args),
        Command::Fmt(args) => fmt::run(args),
        Command::Lsp(args) => lsp::run(args),
    };
    match result.and_then(|code| output::flush().map(|()| code)) {
        Ok(code) => code,
        // The reader has gone (`sow list | head`): it took all it wanted.
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Report(report)) => {
            eprintln!("{}", sow::render::report(report.as_ref()));
            ExitCode::FAILURE
        }
        Err(Failure::Message(message)) => {
            eprintln!("error: {}", sow::render::escape(&message));
            ExitCode::FAILURE
        }
    }
}
