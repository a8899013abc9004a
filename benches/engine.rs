//! Speed of the rules-file engine against the hand-written reference (benches/reference):
//! random playouts (building every decision list, or drawing one candidate at a time),
//! decision generation, applying a turn, and perft. Every benchmark checks its result.
//!
//! Run: `cargo bench --bench engine` (medians are the figures to compare).

#[path = "common/playouts.rs"]
mod playouts;
#[path = "common/reference/mod.rs"]
mod reference;

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use sow::Rules;
use sow::engine::{MoveList, Position};

fn main() {
    divan::main();
}

const SIZES: [usize; 3] = [8, 16, 36];

fn rules(columns: usize) -> Rules {
    let text = sow::bundled::bundled(sow::bundled::DEFAULT_RULES).expect("bundled");
    sow::compile("rules", text, &sow::Options::new(None, &[&format!("columns={columns}")])).expect("compiles")
}

/// Games per sample: the same seeds in every sample, so that samples measure the same work.
fn games(columns: usize) -> u64 {
    match columns {
        8 => 256,
        16 => 64,
        _ => 16,
    }
}

/// Random games, every decision list built (each candidate sown to refuse endless ones).
mod playout_lists {
    use super::*;

    #[divan::bench(args = SIZES)]
    fn engine(bencher: Bencher, columns: usize) {
        let rules = rules(columns);
        let n = games(columns);
        bencher.counter(ItemsCount::new(n)).bench_local(|| {
            let plies: u32 = (1..=n).map(|seed| playouts::engine_lists(&rules, seed)).sum();
            assert!(u64::from(plies) > 10 * n);
            plies
        });
    }

    #[divan::bench(args = SIZES)]
    fn reference(bencher: Bencher, columns: usize) {
        let n = games(columns);
        bencher.counter(ItemsCount::new(n)).bench_local(|| {
            let plies: u32 = (1..=n).map(|seed| reference::playout_lists(columns, seed).1).sum();
            assert!(u64::from(plies) > 10 * n);
            plies
        });
    }
}

/// Random games drawing one candidate at a time and sowing only that one.
mod playout_sampled {
    use super::*;

    #[divan::bench(args = SIZES)]
    fn engine(bencher: Bencher, columns: usize) {
        let rules = rules(columns);
        let n = games(columns);
        bencher.counter(ItemsCount::new(n)).bench_local(|| {
            let plies: u32 = (1..=n).map(|seed| playouts::engine_sampled(&rules, seed)).sum();
            assert!(u64::from(plies) > 10 * n);
            plies
        });
    }

    #[divan::bench(args = SIZES)]
    fn reference(bencher: Bencher, columns: usize) {
        let n = games(columns);
        bencher.counter(ItemsCount::new(n)).bench_local(|| {
            let plies: u32 = (1..=n).map(|seed| reference::playout_sampled(columns, seed).1).sum();
            assert!(u64::from(plies) > 10 * n);
            plies
        });
    }
}

/// Midgame positions: the position after 20 random decisions of a few games.
fn midgame(rules: &Rules) -> Vec<Position<'_>> {
    (1..=16u64)
        .map(|seed| {
            let mut position = Position::unsettled(rules, rules.start());
            let mut moves = MoveList::new();
            let mut x = seed;
            for _ in 0..20 {
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                position.play_unchecked(moves[(x >> 33) as usize % moves.len()]);
            }
            position
        })
        .collect()
}

/// Generating the legal decisions of 16 midgame positions.
#[divan::bench(args = SIZES)]
fn legal_decisions(bencher: Bencher, columns: usize) {
    let rules = rules(columns);
    let positions = midgame(&rules);
    let mut moves = MoveList::new();
    bencher.bench_local(|| {
        let mut total = 0;
        for position in &positions {
            black_box(position).legal_moves(&mut moves);
            total += moves.len();
        }
        assert!(total > 16);
        total
    });
}

/// Applying every legal decision of 16 midgame positions (to a copy).
#[divan::bench(args = SIZES)]
fn apply_decisions(bencher: Bencher, columns: usize) {
    let rules = rules(columns);
    let positions = midgame(&rules);
    let lists: Vec<MoveList> = positions
        .iter()
        .map(|p| {
            let mut m = MoveList::new();
            p.legal_moves(&mut m);
            m
        })
        .collect();
    bencher.bench_local(|| {
        let mut applied = 0;
        for (position, moves) in positions.iter().zip(&lists) {
            let mut scratch = position.clone();
            for &mv in moves {
                scratch.restore(position.state().clone());
                scratch.play_unchecked(mv);
                applied += 1;
            }
        }
        assert!(applied > 16);
        applied
    });
}

/// Perft to depth 4 from the start (asserting the pinned counts).
#[divan::bench(args = [(8, 17565), (36, 11063059)], sample_count = 5)]
fn perft_depth_4(bencher: Bencher, (columns, expected): (usize, u64)) {
    let rules = rules(columns);
    bencher.bench_local(|| {
        let n = Position::new(&rules).perft(4);
        assert_eq!(n, expected);
        n
    });
}
