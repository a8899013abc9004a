//! Many independent games on several threads: each thread takes the next few game numbers,
//! plays them and keeps the results; the calling thread reports progress meanwhile. The
//! results come back in game order, so they do not depend on the number of threads.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Play games `0..games` with `play`, on `threads` threads (at least 1, at most one per
/// `chunk` games), taking `chunk` game numbers at a time; `progress` is called on this thread
/// with the number of games finished from time to time, and once at the end. Returns the
/// results in game order and the wall-clock time.
pub fn play_all<T: Send>(
    games: u32,
    threads: usize,
    chunk: u32,
    play: impl Fn(u32) -> T + Sync,
    mut progress: impl FnMut(u32),
) -> (Vec<T>, Duration) {
    let start = Instant::now();
    let chunk = chunk.max(1);
    let threads = threads.clamp(1, games.div_ceil(chunk).max(1) as usize);
    let next = AtomicU32::new(0);
    let done = AtomicU32::new(0);
    let mut results: Vec<Option<T>> = (0..games).map(|_| None).collect();
    let main = std::thread::current();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut played = Vec::new();
                    loop {
                        let first = next.fetch_add(chunk, Ordering::Relaxed);
                        if first >= games {
                            // Wake the reporting thread at once, not at its next tick.
                            main.unpark();
                            return played;
                        }
                        for i in first..(first + chunk).min(games) {
                            played.push((i, play(i)));
                            done.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                })
            })
            .collect();
        while workers.iter().any(|w| !w.is_finished()) {
            progress(done.load(Ordering::Relaxed));
            std::thread::park_timeout(Duration::from_millis(20));
        }
        for worker in workers {
            // A worker only ends by returning; a panic there is a bug, so pass it on.
            let played = worker.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            for (i, result) in played {
                results[i as usize] = Some(result);
            }
        }
    });
    progress(games);
    (results.into_iter().flatten().collect(), start.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_game_order_whatever_the_threads() {
        for threads in [1, 2, 5] {
            let mut last = 0;
            let (results, _) = play_all(37, threads, 4, |i| i * 10, |done| last = done);
            assert_eq!(results, (0..37).map(|i| i * 10).collect::<Vec<_>>());
            assert_eq!(last, 37);
        }
        assert_eq!(play_all(0, 3, 1, |i| i, |_| {}).0, Vec::<u32>::new());
    }
}
