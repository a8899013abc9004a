//! Timing helpers shared by the benchmarks that report medians of interleaved samples.

use std::time::Instant;

/// Time a batch of games played by `f` (given seeds 1…games); returns (seconds, plies).
pub fn batch(f: impl Fn(u64) -> u32, games: u64) -> (f64, u64) {
    let start = Instant::now();
    let plies: u64 = (1..=games).map(|seed| u64::from(f(seed))).sum();
    (start.elapsed().as_secs_f64(), plies)
}

/// The median of some samples.
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
