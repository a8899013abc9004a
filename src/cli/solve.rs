//! `sow solve FILE`

use std::io::IsTerminal as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use miette::NamedSource;

use sow::Position;
use sow::record::RecordError;
use sow::solve::{INFINITY, Shared, SolveOptions, Value, parse_memory, solve};

use super::output::outln;
use super::{Failure, Outcome, RulesFile};

/// Solve a game: its value with perfect play by both sides, from the start (or from the
/// position a record reaches), for the player to move — win, draw or loss, and the margin of
/// seeds — with the value of every first decision and a principal variation.
///
/// Iterative-deepening MTD(f) with a transposition table shared by all threads. Where the
/// rules have a repetition rule, positions are told apart by the earlier positions they
/// could repeat, so a repetition draw is an exact value. Ctrl-C stops the search and prints
/// the bounds proven so far.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow solve kalah --param columns=4 --param start=2\n  sow solve kalah --ruleset empty-capture --memory 4G --threads 2\n  sow solve kalah --param columns=3 --record game.txt   the position the record reaches\n  sow solve oware --param columns=3 --param start=1 --value-only"
)]
pub struct SolveArgs {
    #[command(flatten)]
    rules: RulesFile,
    /// Solve the position this game record reaches instead of the start.
    #[arg(long, value_name = "FILE")]
    record: Option<String>,
    /// Search threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Memory for the transposition table, e.g. 512M or 4G.
    #[arg(long, default_value = "256M", value_parser = parse_memory)]
    memory: usize,
    /// Only the value of the position: no values of the first decisions, no principal
    /// variation (much less work for a large game).
    #[arg(long)]
    value_only: bool,
    /// The deepest iteration, in plies: a guard for games whose lines can go on for ever.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_depth: u32,
}

pub fn run(args: SolveArgs) -> Outcome {
    let (rules, record) = match &args.record {
        None => (args.rules.compile()?, None),
        Some(path) => {
            let (record, options, rules_text, text) =
                super::replay::load_record(path, Some(&args.rules.file), &args.rules.options)?;
            (super::load::compile(&rules_text, &options)?, Some((path, record, text)))
        }
    };
    // A record's position keeps the history that led to it, which the repetition rule
    // looks at.
    let position = match record {
        None => Position::new(&rules),
        Some((path, record, text)) => {
            let game = record.replay(&rules).map_err(|problem| {
                Failure::from(RecordError { src: NamedSource::new(path, text.clone()), problem })
            })?;
            game.position().clone()
        }
    };
    let options = SolveOptions {
        threads: super::threads(args.threads),
        memory: args.memory,
        moves: !args.value_only,
        max_depth: args.max_depth,
    };
    let shared = Arc::new(Shared::new());
    let begun = Instant::now();
    let done = std::sync::atomic::AtomicBool::new(false);
    let solution = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| watch(&shared, &done, begun));
        stop_on_ctrl_c(shared.clone());
        let solution = solve(&position, &options, &shared);
        done.store(true, Ordering::Relaxed);
        let _ = watcher.join();
        solution
    });

    let mover = position.to_move();
    outln!("{}", super::load::describe(&rules))?;
    outln!("{}", rules.picture(position.state()))?;
    match solution.value {
        Some(v) => outln!("value: {mover} to move: {v} with perfect play")?,
        None => {
            let (lower, upper) = shared.proven();
            let bound = |v: i32| {
                if v.abs() >= INFINITY { "unknown".to_string() } else { Value(v).to_string() }
            };
            outln!(
                "value: not proven (stopped): {mover} to move: at least {}, at most {}",
                bound(lower),
                bound(upper)
            )?;
            let (l, u) = (shared.lower.load(Ordering::Relaxed), shared.upper.load(Ordering::Relaxed));
            let show = |v: i32| if v.abs() >= INFINITY { "?".to_string() } else { format!("{v:+}") };
            outln!(
                "deepest search: {} plies, the last pass's bounds [{}, {}] (positions cut off scored by their seed difference: not proven)",
                shared.depth.load(Ordering::Relaxed),
                show(l),
                show(u)
            )?;
        }
    }
    if !solution.moves.is_empty() {
        outln!("first decisions:")?;
        for (mv, v) in &solution.moves {
            outln!("  {:<8} {v}", rules.move_text(*mv))?;
        }
    }
    if !solution.pv.is_empty() {
        let line: Vec<String> = solution.pv.iter().map(|&m| rules.move_text(m)).collect();
        outln!("principal variation: {}", line.join(" "))?;
    }
    let secs = solution.elapsed.as_secs_f64();
    let (probes, hits) = solution.probes;
    outln!(
        "nodes: {} in {secs:.2} s ({:.0} nodes/s); table: {} MiB, {} of {} entries used, {:.1}% of {probes} lookups hit",
        solution.nodes,
        solution.nodes as f64 / secs.max(1e-9),
        solution.table_bytes >> 20,
        solution.table_used,
        solution.table_entries,
        if probes == 0 { 0.0 } else { 100.0 * hits as f64 / probes as f64 },
    )?;
    Ok(if solution.value.is_some() { ExitCode::SUCCESS } else { ExitCode::from(2) })
}

/// Show progress on stderr until `done`: a spinner on a terminal, a line every 30 seconds
/// otherwise (a log of a long solve).
fn watch(shared: &Shared, done: &std::sync::atomic::AtomicBool, begun: Instant) {
    let terminal = std::io::stderr().is_terminal();
    let bar = if terminal {
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut last_line = Instant::now();
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(200));
        let nodes = shared.nodes.load(Ordering::Relaxed);
        let secs = begun.elapsed().as_secs_f64().max(1e-9);
        let (pl, pu) = shared.proven();
        let show = |v: i32| if v.abs() >= INFINITY { "?".to_string() } else { v.to_string() };
        let message = format!(
            "depth {} bound [{}, {}] proven [{}, {}] {} nodes, {:.0} nodes/s",
            shared.depth.load(Ordering::Relaxed),
            show(shared.lower.load(Ordering::Relaxed)),
            show(shared.upper.load(Ordering::Relaxed)),
            show(pl),
            show(pu),
            nodes,
            nodes as f64 / secs
        );
        if terminal {
            bar.set_message(message);
            bar.tick();
        } else if last_line.elapsed() >= Duration::from_secs(30) {
            eprintln!("{:.0}s {message}", begun.elapsed().as_secs_f64());
            last_line = Instant::now();
        }
    }
    bar.finish_and_clear();
}

/// Ctrl-C sets the stop flag: the search unwinds and the bounds proven so far are printed.
fn stop_on_ctrl_c(shared: Arc<Shared>) {
    std::thread::spawn(move || {
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_io().build() else {
            return;
        };
        if runtime.block_on(tokio::signal::ctrl_c()).is_ok() {
            eprintln!("stopping: the bounds proven so far follow");
            shared.stop.store(true, Ordering::Relaxed);
        }
    });
}
