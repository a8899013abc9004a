//! The playout loop allocates nothing per decision: once a game's history has grown to
//! its length, replaying games of that length (legal decisions, play, end of game) makes
//! no heap allocation at all. A counting allocator proves it; it has a test binary of its
//! own because a global allocator is per binary. The same allocator measures the memory a
//! game's rules take, with their general twin, against the browser server's estimate.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

// Counted per thread: the test harness allocates on its own threads (reporting the other
// tests) while a test measures on its thread.
thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated and not yet freed by this thread.
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

/// One more allocation of `bytes` (negative: freed) on this thread. `try_with`: a thread's
/// counters may be gone while it is torn down.
fn count(allocations: usize, bytes: isize) {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + allocations));
    let _ = LIVE.try_with(|c| c.set(c.get() + bytes));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

fn live() -> isize {
    LIVE.with(Cell::get)
}

// SAFETY: forwards every call unchanged to the system allocator; it only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(1, layout.size() as isize);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(0, -(layout.size() as isize));
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(1, new_size as isize - layout.size() as isize);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

use sow::engine::{MoveList, Position};

/// Random games from seeds, reusing one position (and its history); returns the decisions
/// played.
fn playouts(position: &mut Position, seeds: std::ops::Range<u64>) -> u64 {
    let mut moves = MoveList::new();
    let mut decisions = 0;
    for seed in seeds {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        position.reset(position.rules().start());
        loop {
            position.legal_moves_or_settle(&mut moves);
            if moves.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            position.play_unchecked(moves[(x % moves.len() as u64) as usize]);
            decisions += 1;
        }
    }
    decisions
}

#[test]
fn no_allocation_per_decision_in_the_playout_loop() {
    // The counter counts.
    let probe = allocations();
    drop(std::hint::black_box(vec![1u8; 8]));
    assert!(allocations() > probe, "the counting allocator is not in use");

    for columns in [8, 36] {
        let text = sow::bundled::bundled(sow::bundled::DEFAULT_RULES).unwrap();
        let rules =
            sow::compile("rules", text, &sow::Options::new(None, &[&format!("columns={columns}")])).unwrap();
        let mut position = Position::new(&rules);
        // The first pass may grow the history to the longest game's length.
        playouts(&mut position, 0..50);
        let before = allocations();
        let decisions = playouts(&mut position, 0..50);
        let allocations = allocations() - before;
        assert!(decisions > 50 * 50, "4×{columns}: only {decisions} decisions");
        assert_eq!(allocations, 0, "4×{columns}: {allocations} allocations in {decisions} decisions");
    }
}

/// What a front end's first look at a sowing costs: the general interpreter's twin of the
/// rules (`Rules::sowing_laps` builds it once), measured in live bytes beside the compiled
/// rules themselves, on every bundled file at its largest board. The browser server counts
/// each game's rules within its fixed estimate of a game ([`sow::web::GAME_BYTES`]): the
/// rules and their twin must fit in it beside the session's other 16 KiB.
#[test]
fn the_rules_and_their_general_twin_fit_the_servers_estimate_of_a_game() {
    let mut largest = (0, String::new());
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).unwrap();
        let params: Vec<String> = sow::compile::check(name, text)
            .expect("bundled files check")
            .first()
            .map(|base| base.params().iter().map(|p| format!("{}={}", p.name, p.high)).collect())
            .unwrap_or_default();
        let params: Vec<&str> = params.iter().map(String::as_str).collect();
        let before = live();
        let rules = sow::compile(name, text, &sow::Options::new(None, &params)).unwrap();
        let compiled = (live() - before).max(0) as usize;
        let state = rules.start();
        let mut moves = sow::engine::MoveList::new();
        rules.legal_moves(&state, &mut moves);
        let traced = rules.sowing_laps(&state, moves[0]);
        drop(traced);
        let both = (live() - before).max(0) as usize;
        eprintln!("{name} {params:?}: rules {compiled} bytes, with the twin {both}");
        if both > largest.0 {
            largest = (both, format!("{name} {params:?}: rules {compiled} bytes, with the twin {both}"));
        }
        drop(rules);
    }
    assert!(largest.0 + 16 * 1024 <= sow::web::GAME_BYTES, "{}", largest.1);
}
