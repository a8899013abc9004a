//! The playout loop allocates nothing per decision: once a game's history has grown to
//! its length, replaying games of that length (legal decisions, play, end of game) makes
//! no heap allocation at all. A counting allocator proves it; it has a test binary of its
//! own because a global allocator is per binary.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
/// Bytes allocated and not yet freed.
static LIVE: AtomicUsize = AtomicUsize::new(0);
/// One test at a time: the counters are the whole binary's.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

// SAFETY: forwards every call unchanged to the system allocator; it only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        LIVE.fetch_add(new_size, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
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
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // The counter counts.
    let probe = ALLOCATIONS.load(Ordering::Relaxed);
    drop(std::hint::black_box(vec![1u8; 8]));
    assert!(ALLOCATIONS.load(Ordering::Relaxed) > probe, "the counting allocator is not in use");

    for columns in [8, 36] {
        let text = sow::bundled::bundled(sow::bundled::DEFAULT_RULES).unwrap();
        let rules =
            sow::compile("rules", text, &sow::Options::new(None, &[&format!("columns={columns}")])).unwrap();
        let mut position = Position::new(&rules);
        // The first pass may grow the history to the longest game's length.
        playouts(&mut position, 0..50);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let decisions = playouts(&mut position, 0..50);
        let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
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
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut largest = (0, String::new());
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).unwrap();
        let params: Vec<String> = sow::compile::check(name, text)
            .expect("bundled files check")
            .first()
            .map(|base| base.params().iter().map(|p| format!("{}={}", p.name, p.high)).collect())
            .unwrap_or_default();
        let params: Vec<&str> = params.iter().map(String::as_str).collect();
        let before = LIVE.load(Ordering::Relaxed);
        let rules = sow::compile(name, text, &sow::Options::new(None, &params)).unwrap();
        let compiled = LIVE.load(Ordering::Relaxed).saturating_sub(before);
        let state = rules.start();
        let mut moves = sow::engine::MoveList::new();
        rules.legal_moves(&state, &mut moves);
        let traced = rules.sowing_laps(&state, moves[0]);
        drop(traced);
        let both = LIVE.load(Ordering::Relaxed).saturating_sub(before);
        eprintln!("{name} {params:?}: rules {compiled} bytes, with the twin {both}");
        if both > largest.0 {
            largest = (both, format!("{name} {params:?}: rules {compiled} bytes, with the twin {both}"));
        }
        drop(rules);
    }
    assert!(largest.0 + 16 * 1024 <= sow::web::GAME_BYTES, "{}", largest.1);
}
