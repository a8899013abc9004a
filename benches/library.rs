//! Random games of every bundled rules file and every ruleset, on their default boards:
//! games per second, mean plies, results, and the slowest single decision found, with the
//! game and ply where it was (so that `sow simulate FILE --ruleset R --seed 1 --timing
//! --games N` plays it again). The decision is the engine's work for one ply of a random
//! player: building the list of legal decisions (every candidate sown, endless ones refused)
//! and playing the one drawn. The games are those of `sow simulate --seed 1`, on every core.
//!
//! Each simulation is played twice: untimed for the speed, then timed for the slowest
//! decision (the same games: the results are compared). The slowest decisions of the games
//! that look slowest are timed again on one thread (the best of three), so that a thread
//! interrupted by other work does not pass for a slow decision. Prints a markdown table and
//! exits with a failure if any decision took more than 50 ms.
//!
//! Run: `cargo bench --bench library` (10,000 games each); `-- quick` for 1,000; `-- games=N`
//! for N; any other word keeps only the files whose name contains it.

use std::process::ExitCode;
use std::time::Duration;

use sow::Player;
use sow::analysis::simulate::{DecisionTime, SimConfig, SimStats, simulate};

/// The limit on one decision.
const LIMIT: Duration = Duration::from_millis(50);
/// Games whose slowest decision is timed again, and the times it is played.
const RETIMED: (usize, u32) = (8, 3);
const SEED: u64 = 1;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let mut games = 10_000;
    let mut filters = Vec::new();
    for arg in &args {
        if arg == "quick" {
            games = 1_000;
        } else if let Some(n) = arg.strip_prefix("games=") {
            games = n.parse().expect("games=N takes a whole number");
        } else {
            filters.push(arg.as_str());
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut names: Vec<&str> = sow::bundled::bundled_names().collect();
    names.sort_unstable();
    names.retain(|n| filters.is_empty() || filters.iter().any(|f| n.contains(f)));

    println!(
        "{games} random games of each bundled file and ruleset (seed {SEED}, default board, {threads} threads)"
    );
    println!();
    println!(
        "| file | ruleset | board | games/s | mean plies | South wins | North wins | draws | unfinished | endless refused | slowest decision | where (game #, after plies) |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    let mut worst: Option<(DecisionTime, String)> = None;
    let mut over = Vec::new();
    for name in names {
        let text = sow::bundled::bundled(name).expect("a bundled name has a text");
        let compile = |ruleset: Option<&str>| {
            sow::compile(&format!("{name}.sow"), text, &sow::Options::new(ruleset, &[]))
                .unwrap_or_else(|e| panic!("{name} ({ruleset:?}) does not compile: {e}"))
        };
        let base = compile(None);
        let rulesets = std::iter::once(None).chain(base.meta().rulesets.iter().map(|r| Some(r.as_str())));
        for ruleset in rulesets {
            let rules = compile(ruleset);
            let config =
                SimConfig { games, seed: SEED, threads, max_plies: SimConfig::MAX_PLIES, timed: false };
            let plain = simulate(&rules, config, |_| {});
            let timed = simulate(&rules, SimConfig { timed: true, ..config }, |_| {});
            assert_eq!(plain.games, timed.games, "{name} {ruleset:?}: timing changed the games");
            let slowest = timed.slowest(&rules, SEED, RETIMED.0, RETIMED.1).expect("a timed simulation");
            let label = format!("{name} {}", ruleset.unwrap_or("(base)"));
            row(name, ruleset, &rules, &plain, &slowest);
            if slowest.time > LIMIT {
                over.push(label.clone());
            }
            if worst.as_ref().is_none_or(|(w, _)| slowest.time > w.time) {
                worst = Some((slowest, label));
            }
        }
    }
    println!();
    if let Some((w, label)) = worst {
        println!(
            "Slowest decision over the library: {} in {label} (game #{}, after {} plies); limit {} ms.",
            millis(w.time),
            w.game,
            w.ply,
            LIMIT.as_millis()
        );
    }
    if over.is_empty() {
        ExitCode::SUCCESS
    } else {
        println!("Over the limit: {}", over.join(", "));
        ExitCode::FAILURE
    }
}

/// One row of the table.
fn row(name: &str, ruleset: Option<&str>, rules: &sow::Rules, stats: &SimStats, slowest: &DecisionTime) {
    let secs = stats.elapsed.as_secs_f64();
    let rate = if secs > 0.0 { stats.games.len() as f64 / secs } else { f64::INFINITY };
    let (mean, _) = stats.mean_median(|g| g.plies);
    let (endless, _) = stats.endless();
    let settled = if slowest.settled { ", no decision" } else { "" };
    println!(
        "| {name} | {} | {}×{} | {rate:.0} | {mean:.1} | {} | {} | {} | {} | {endless} | {} | #{}, {}{settled} |",
        ruleset.unwrap_or("—"),
        rules.rows(),
        rules.columns(),
        stats.wins(Player::South, None),
        stats.wins(Player::North, None),
        stats.draws(None),
        stats.unfinished(),
        millis(slowest.time),
        slowest.game,
        slowest.ply,
    );
}

/// A duration in milliseconds.
fn millis(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}
