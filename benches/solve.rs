//! The solver's speed against perft's on the same game: nodes per second of `sow::solve`
//! (Kalah(4,3), base game and `empty-capture`, one thread and two) against positions per
//! second of perft from the same start, and the transposition table's hit rate (printed
//! once per game, since divan measures time, not rates).
//!
//! Also the endgame database's retrograde analysis: positions per second of building the
//! database of Kalah(4) `empty-capture` with at most 10 seeds in play, on one thread and two.
//!
//! Run: `cargo bench --bench solve`.

use divan::Bencher;
use divan::counter::ItemsCount;
use sow::Rules;
use sow::engine::Position;
use sow::solve::{Shared, SolveOptions, solve};

fn main() {
    for ruleset in [None, Some("empty-capture")] {
        let rules = rules(ruleset);
        let solution = solve(&Position::new(&rules), &options(1), &Shared::new());
        let (probes, hits) = solution.probes;
        eprintln!(
            "kalah(4,3) {ruleset:?}: {} nodes, {:.0} nodes/s, table hits {:.1}% of {probes} lookups",
            solution.nodes,
            solution.nodes as f64 / solution.elapsed.as_secs_f64(),
            100.0 * hits as f64 / probes.max(1) as f64
        );
    }
    divan::main();
}

const RULESETS: [Option<&str>; 2] = [None, Some("empty-capture")];

fn rules(ruleset: Option<&str>) -> Rules {
    let text = sow::bundled::bundled("kalah").expect("bundled");
    sow::compile("kalah", text, &sow::Options::new(ruleset, &["columns=4", "start=3"])).expect("compiles")
}

fn options(threads: usize) -> SolveOptions {
    SolveOptions { threads, memory: 64 << 20, moves: false, ..SolveOptions::default() }
}

/// Solving Kalah(4,3) from the start: the counter is the nodes searched (measured once
/// beforehand; the search is deterministic on one thread).
#[divan::bench(args = RULESETS, sample_count = 10)]
fn solve_one_thread(bencher: Bencher, ruleset: Option<&str>) {
    let rules = rules(ruleset);
    let nodes = solve(&Position::new(&rules), &options(1), &Shared::new()).nodes;
    bencher.counter(ItemsCount::new(nodes)).bench_local(|| {
        let solution = solve(&Position::new(&rules), &options(1), &Shared::new());
        assert!(solution.value.is_some());
        solution.nodes
    });
}

/// The same on two threads (lazy SMP): the counter is the one-thread node count, so the
/// rate compares the time to the answer.
#[divan::bench(args = RULESETS, sample_count = 10)]
fn solve_two_threads(bencher: Bencher, ruleset: Option<&str>) {
    let rules = rules(ruleset);
    let nodes = solve(&Position::new(&rules), &options(1), &Shared::new()).nodes;
    bencher.counter(ItemsCount::new(nodes)).bench_local(|| {
        let solution = solve(&Position::new(&rules), &options(2), &Shared::new());
        assert!(solution.value.is_some());
        solution.nodes
    });
}

/// Perft from the same start to depth 8: the counter is the leaves counted.
#[divan::bench(args = RULESETS, sample_count = 10)]
fn perft(bencher: Bencher, ruleset: Option<&str>) {
    let rules = rules(ruleset);
    let leaves = Position::new(&rules).perft(8);
    bencher.counter(ItemsCount::new(leaves)).bench_local(|| {
        let n = Position::new(&rules).perft(8);
        assert_eq!(n, leaves);
        n
    });
}

/// Building the endgame database of Kalah(4) `empty-capture` up to 10 seeds in play (87,516
/// positions): the counter is the positions solved.
#[divan::bench(args = [1, 2], sample_count = 5)]
fn endgame_build(bencher: Bencher, threads: usize) {
    use sow::solve::endgame::{BuildProgress, Endgame};
    let rules = rules(Some("empty-capture"));
    let entries = Endgame::build(&rules, 10, 1, &BuildProgress::default()).expect("builds").entries();
    bencher.counter(ItemsCount::new(entries)).bench_local(|| {
        Endgame::build(&rules, 10, threads, &BuildProgress::default()).expect("builds").entries()
    });
}
