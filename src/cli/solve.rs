//! `sow solve FILE`

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use miette::NamedSource;

use sow::Position;
use sow::record::RecordError;
use sow::solve::endgame::{BuildProgress, Endgame, Index, LevelReport, MAX_SEEDS, unsupported};
use sow::solve::slices::{Layout, build_file, bytes_text};
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
///
/// With --endgame N it builds an endgame database instead: the exact value of every position
/// with at most N seeds in play, by retrograde analysis, written to a file that --endgame-db
/// (here, and for `hard+endgame` players in `sow match` and `sow play`) reads back. Only rules
/// whose seeds leave play for good (into stores or off the board) and whose games are decided
/// by seeds have one; for others it says why not.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow solve kalah --param columns=4 --param start=2\n  sow solve kalah --ruleset empty-capture --memory 4G --threads 2\n  sow solve kalah --param columns=3 --record game.txt   the position the record reaches\n  sow solve oware --param columns=3 --param start=1 --value-only\n\nEndgame databases:\n  sow solve kalah --ruleset empty-capture --endgame 14 --out kalah6-14.sowdb\n  sow solve kalah --endgame 26 --out k6-26.sowdb --memory 2G   slice by slice, in 2 GiB\n  sow solve kalah --ruleset empty-capture --endgame-db kalah6-14.sowdb --value-only\n  sow match kalah hard+endgame hard --endgame-db kalah6-14.sowdb --games 20"
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
    /// Memory for the transposition table, e.g. 512M or 4G [default: 256M]. With --endgame,
    /// the memory for the database's values while it is built [default: the whole database]:
    /// a database larger than this is built slice by slice, each finished level (or slice of
    /// a level) written to --out and read back from it when play reaches it.
    #[arg(long, value_parser = parse_memory)]
    memory: Option<usize>,
    /// Only the value of the position: no values of the first decisions, no principal
    /// variation (much less work for a large game).
    #[arg(long)]
    value_only: bool,
    /// The deepest iteration, in plies: a guard for games whose lines can go on for ever.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_depth: u32,
    /// Proof attempts (null-window searches with no depth, from the last iteration's
    /// estimate, as many nodes as the iteration took) follow every iteration from this depth on.
    #[arg(long, value_name = "PLIES", default_value_t = sow::solve::PROOF_AFTER)]
    proof_after: u32,
    /// Build the endgame database of every position with at most N seeds in play (and write
    /// it to --out) instead of solving.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_SEEDS)), conflicts_with_all = ["record", "endgame_db"])]
    endgame: Option<u32>,
    /// Where --endgame writes its database [default: GAME-HOLESh-Nseeds.sowdb].
    #[arg(long, value_name = "FILE", requires = "endgame")]
    out: Option<PathBuf>,
    /// Use this endgame database (built by --endgame for the same rules): the positions it
    /// covers are not searched.
    #[arg(long, value_name = "FILE")]
    endgame_db: Option<PathBuf>,
}

/// The transposition table's memory when --memory is not given.
const DEFAULT_MEMORY: usize = 256 << 20;

/// Read an endgame database for `rules`: a clear message if it is not one, or is for other
/// rules.
pub(super) fn load_endgame(path: &Path, rules: &sow::Rules) -> Result<Arc<Endgame>, Failure> {
    Endgame::load(path, rules).map(Arc::new).map_err(|e| Failure::Message(e.to_string()))
}

/// `sow solve --endgame N`: build into the file (within --memory), a line per level on
/// stderr, then the counts of each level on stdout.
fn build_endgame(args: &SolveArgs, rules: &sow::Rules, max_seeds: u32) -> Outcome {
    if let Some(why) = unsupported(rules) {
        return Err(Failure::Message(format!(
            "no endgame database for {}: {why}",
            super::load::describe(rules)
        )));
    }
    let threads = super::threads(args.threads);
    let entries = Index::new(rules.holes(), max_seeds).entries();
    // Refused before any work if the memory cannot hold even a slice.
    let layout = match args.memory {
        Some(memory) => Layout::new(entries, memory).map_err(|e| Failure::Message(e.to_string()))?,
        None => None,
    };
    let path = match &args.out {
        Some(p) => p.clone(),
        None => {
            let stem = std::path::Path::new(&args.rules.file)
                .file_stem()
                .map_or("game".to_string(), |s| s.to_string_lossy().into_owned());
            PathBuf::from(format!("{stem}-{}h-{max_seeds}seeds.sowdb", rules.holes()))
        }
    };
    let progress = BuildProgress::default();
    let begun = Instant::now();
    let done = std::sync::atomic::AtomicBool::new(false);
    let terminal = std::io::stderr().is_terminal();
    let bar = if terminal { ProgressBar::new(entries) } else { ProgressBar::hidden() };
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {msg}, eta {eta}") {
        bar.set_style(style);
    }
    match layout {
        None => eprintln!("building {entries} positions in memory ({})", bytes_text(entries)),
        Some(l) => eprintln!(
            "building {entries} positions ({}) slice by slice into {}: slices of at most {} positions, {} to read back lower levels",
            bytes_text(entries),
            path.display(),
            l.slice,
            bytes_text((l.cache_blocks * sow::solve::slices::BLOCK) as u64)
        ),
    }
    let built = std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut last_line = Instant::now();
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                let (n, solved) =
                    (progress.level.load(Ordering::Relaxed), progress.done.load(Ordering::Relaxed));
                let slices = progress.slices.load(Ordering::Relaxed);
                let message = if slices > 1 {
                    format!(
                        "{n} seeds in play, slice {} of {slices}, pass {}",
                        progress.slice.load(Ordering::Relaxed),
                        progress.pass.load(Ordering::Relaxed)
                    )
                } else {
                    format!("{n} seeds in play")
                };
                bar.set_message(message.clone());
                bar.set_position(solved);
                if !terminal && last_line.elapsed() >= Duration::from_secs(30) {
                    eprintln!(
                        "{:.0}s {solved}/{entries} positions, {message}",
                        begun.elapsed().as_secs_f64()
                    );
                    last_line = Instant::now();
                }
            }
            bar.finish_and_clear();
        });
        let mut on_level = |level: &LevelReport| {
            let [w, d, l] = level.results;
            let slices = if level.slices > 1 {
                format!(", {} slices, {} passes", level.slices, level.passes)
            } else {
                String::new()
            };
            let line = format!(
                "{} seeds in play: {} positions ({w} wins, {d} draws, {l} losses) in {:.2} s{slices}",
                level.seeds,
                level.positions(),
                level.elapsed.as_secs_f64()
            );
            if terminal {
                bar.println(line);
            } else {
                eprintln!("{line}");
            }
        };
        let built = build_file(rules, max_seeds, threads, args.memory, &path, &progress, &mut on_level);
        done.store(true, Ordering::Relaxed);
        built
    })
    .map_err(|e| Failure::Message(e.to_string()))?;
    let secs = begun.elapsed().as_secs_f64();
    outln!("{}", super::load::describe(rules))?;
    outln!(
        "endgame database: every position with at most {max_seeds} seeds in play over {} holes, either player to move: {} positions",
        rules.holes(),
        built.entries
    )?;
    outln!("seeds in play  positions  wins  draws  losses   (for the player to move, stores empty)")?;
    for level in &built.levels {
        let [w, d, l] = level.results;
        outln!("{:>13}  {:>9}  {w:>4}  {d:>5}  {l:>6}", level.seeds, level.positions())?;
    }
    let how = match built.layout {
        None => "in memory".to_string(),
        Some(l) => format!("slice by slice (slices of at most {} positions)", l.slice),
    };
    outln!(
        "built {how} in {secs:.2} s on {threads} threads ({:.0} positions/s); {} bytes written to {}",
        built.entries as f64 / secs.max(1e-9),
        built.bytes,
        path.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

pub fn run(args: SolveArgs) -> Outcome {
    if let Some(n) = args.endgame {
        let rules = args.rules.compile()?;
        return build_endgame(&args, &rules, n);
    }
    let (rules, record) = match &args.record {
        None => (args.rules.compile()?, None),
        Some(path) => {
            let (record, options, rules_text, text) =
                super::replay::load_record(path, Some(&args.rules.file), &args.rules.options)?;
            (super::load::compile(&rules_text, &options)?, Some((path, record, text)))
        }
    };
    if let Some(lots) = rules.lots_drawn() {
        return Err(Failure::Message(format!(
            "these rules draw {lots}: a game of chance has no value with perfect play for `sow solve` to give"
        )));
    }
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
    let endgame = match &args.endgame_db {
        Some(path) => Some(load_endgame(path, &rules)?),
        None => None,
    };
    let options = SolveOptions {
        threads: super::threads(args.threads),
        memory: args.memory.unwrap_or(DEFAULT_MEMORY),
        moves: !args.value_only,
        max_depth: args.max_depth,
        endgame: endgame.clone(),
        proof_after: args.proof_after,
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
            let show = |v: i32| if v.abs() >= INFINITY { "?".to_string() } else { Value(v).to_string() };
            outln!(
                "deepest search: {} plies, the last pass's bounds [{}, {}] (positions cut off scored as if the game ended there: not proven)",
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
        "nodes: {} in {secs:.2} s ({:.0} nodes/s); table: {} MiB, {} proven and {} depth-bounded of {} entries used, {:.1}% of {probes} lookups hit",
        solution.nodes,
        solution.nodes as f64 / secs.max(1e-9),
        solution.table_bytes >> 20,
        solution.table_used.0,
        solution.table_used.1,
        solution.table_entries,
        if probes == 0 { 0.0 } else { 100.0 * hits as f64 / probes as f64 },
    )?;
    if let Some(db) = &endgame {
        outln!(
            "endgame database: at most {} seeds in play, {} positions; {} positions of the search found in it",
            db.max_seeds(),
            db.entries(),
            solution.endgame_hits
        )?;
    }
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
    let mut last_proven = shared.proven();
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(200));
        let nodes = shared.nodes.load(Ordering::Relaxed);
        let secs = begun.elapsed().as_secs_f64().max(1e-9);
        let (pl, pu) = shared.proven();
        let show = |v: i32| if v.abs() >= INFINITY { "?".to_string() } else { Value(v).to_string() };
        let testing = shared.testing.load(Ordering::Relaxed);
        let proof = match shared.proof_attempts.load(Ordering::Relaxed) {
            0 => String::new(),
            n if testing < INFINITY => {
                format!(" proof attempt {n}: is the value at least {}?", show(testing))
            }
            n => format!(" {n} proof attempts"),
        };
        let message = format!(
            "depth {} bound [{}, {}] proven [{}, {}]{proof} {} nodes, {:.0} nodes/s",
            shared.depth.load(Ordering::Relaxed),
            show(shared.lower.load(Ordering::Relaxed)),
            show(shared.upper.load(Ordering::Relaxed)),
            show(pl),
            show(pu),
            nodes,
            nodes as f64 / secs
        );
        // A bound proven is worth a line of its own, when it came.
        let news = (pl, pu) != last_proven;
        last_proven = (pl, pu);
        if terminal {
            if news {
                bar.println(format!(
                    "{:.0}s proven [{}, {}]",
                    begun.elapsed().as_secs_f64(),
                    show(pl),
                    show(pu)
                ));
            }
            bar.set_message(message);
            bar.tick();
        } else if news || last_line.elapsed() >= Duration::from_secs(30) {
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
