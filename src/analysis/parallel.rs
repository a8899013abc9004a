//! Many independent games on a rayon pool of the threads asked for, while the calling thread
//! reports progress. Each game depends only on its number, and the results come back in game
//! order, so they do not depend on the number of threads, nor on how a run is split into
//! shards ([`super::shard`]).

use std::ops::Range;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

/// Play the games numbered `games` (`0..n` for a whole run, a [`Shard`]'s range for a part
/// of one) with `play`, on `threads` threads (at least 1, at most one per `chunk` games),
/// handing out at least `chunk` game numbers at a time; `progress` is called on this thread
/// with the number of games finished from time to time, and once at the end. Returns the
/// results in game order and the wall-clock time.
///
/// [`Shard`]: super::shard::Shard
pub fn play_all<T: Send>(
    games: Range<u32>,
    threads: usize,
    chunk: u32,
    play: impl Fn(u32) -> T + Sync,
    mut progress: impl FnMut(u32),
) -> (Vec<T>, Duration) {
    let start = Instant::now();
    let chunk = chunk.max(1);
    let count = games.end.saturating_sub(games.start);
    let threads = threads.clamp(1, count.div_ceil(chunk).max(1) as usize);
    let done = AtomicU32::new(0);
    let counted = |i: u32| {
        let result = play(i);
        done.fetch_add(1, Ordering::Relaxed);
        result
    };
    let results = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        // No threads to be had: play them here, in order.
        Err(_) => games.map(counted).collect(),
        Ok(pool) => {
            let main = std::thread::current();
            std::thread::scope(|scope| {
                let worker = scope.spawn(|| {
                    let results: Vec<T> = pool.install(|| {
                        games.into_par_iter().with_min_len(chunk as usize).map(counted).collect()
                    });
                    // Wake the reporting thread at once, not at its next tick.
                    main.unpark();
                    results
                });
                while !worker.is_finished() {
                    progress(done.load(Ordering::Relaxed));
                    std::thread::park_timeout(Duration::from_millis(20));
                }
                // A game only ends by returning; a panic there is a bug, so pass it on.
                worker.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
            })
        }
    };
    progress(count);
    (results, start.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_game_order_whatever_the_threads() {
        for threads in [1, 2, 5] {
            let mut last = 0;
            let (results, _) = play_all(0..37, threads, 4, |i| i * 10, |done| last = done);
            assert_eq!(results, (0..37).map(|i| i * 10).collect::<Vec<_>>());
            assert_eq!(last, 37);
            // A slice of the games: the same results for those numbers, counted from 0.
            let (results, _) = play_all(10..23, threads, 4, |i| i * 10, |done| last = done);
            assert_eq!(results, (10..23).map(|i| i * 10).collect::<Vec<_>>());
            assert_eq!(last, 13);
        }
        assert_eq!(play_all(0..0, 3, 1, |i| i, |_| {}).0, Vec::<u32>::new());
        assert_eq!(play_all(5..5, 3, 1, |i| i, |_| {}).0, Vec::<u32>::new());
    }
}
