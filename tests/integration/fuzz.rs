//! Every input that ever crashed a fuzz target is kept in `tests/fixtures/fuzz/TARGET/`
//! and run here through the same harness ([`crate::fuzz_harness`]): each must now pass
//! without a panic, its errors rendered as diagnostics. The fuzz targets' seeds (the
//! bundled rules, the error fixtures, the record fixtures) run through it too.

use std::path::Path;

use crate::fuzz_harness;

/// The files of a folder under the repository root, sorted (none if it does not exist).
fn files(folder: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// Run `target` on every file of the folders, naming the file if it panics.
fn run_all(folders: &[&str], target: fn(&[u8])) -> usize {
    let mut count = 0;
    for folder in folders {
        for path in files(folder) {
            let bytes = std::fs::read(&path).unwrap();
            if std::panic::catch_unwind(|| target(&bytes)).is_err() {
                panic!("{} panics", path.display());
            }
            count += 1;
        }
    }
    count
}

#[test]
fn rules_inputs_that_crashed_the_fuzzer() {
    let n = run_all(
        &["tests/fixtures/fuzz/rules", "rules", "tests/fixtures/parse_err", "tests/fixtures/check_err"],
        fuzz_harness::rules_file,
    );
    assert!(n > 40);
}

/// The `fmt` target's inputs: the files it ever failed on, and every rules file of the tree,
/// good and bad (the seeds of its corpus).
#[test]
fn fmt_inputs_that_crashed_the_fuzzer() {
    let n = run_all(
        &[
            "tests/fixtures/fuzz/fmt",
            "tests/fixtures/fuzz/rules",
            "rules",
            "tests/fixtures/parse_err",
            "tests/fixtures/check_err",
            "tests/fixtures/warn",
        ],
        fuzz_harness::format_file,
    );
    assert!(n > 40);
}

/// The `lsp` target's inputs that ever failed, and fixed streams: every bundled file opened,
/// with long sessions of edits and requests.
#[test]
fn lsp_inputs_that_crashed_the_fuzzer() {
    run_all(&["tests/fixtures/fuzz/lsp"], fuzz_harness::lsp_session);
    for first in (0..=255u8).step_by(3) {
        let bytes: Vec<u8> = std::iter::once(first)
            .chain((0..600u32).map(|i| (i * 53 + u32::from(first) * 7) as u8))
            .collect();
        fuzz_harness::lsp_session(&bytes);
    }
}

#[test]
fn record_inputs_that_crashed_the_fuzzer() {
    let n = run_all(&["tests/fixtures/fuzz/record", "tests/fixtures/records"], fuzz_harness::record_file);
    assert!(n > 5);
}

#[test]
fn game_inputs_that_crashed_the_fuzzer() {
    run_all(&["tests/fixtures/fuzz/game"], fuzz_harness::bundled_game);
    // Fixed streams besides: every bundled file and ruleset, long games, every byte value
    // (so undoing, illegal decisions and computer players too).
    for first in 0..=255u8 {
        let bytes: Vec<u8> = [first, first / 9]
            .into_iter()
            .chain((0..2000u32).map(|i| (i * 37 + u32::from(first)) as u8))
            .collect();
        fuzz_harness::bundled_game(&bytes);
    }
}

/// The `extends` target on sixty byte strings from a fixed generator, each within
/// a generous bound of time (the fuzzer's own runs use `-timeout=2`).
#[test]
fn extends_chains_are_checked_in_bounded_time() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut slowest = std::time::Duration::ZERO;
    for round in 0..60 {
        let len = 8 + round % 200;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect();
        let start = std::time::Instant::now();
        fuzz_harness::extends_chain(&bytes);
        slowest = slowest.max(start.elapsed());
    }
    // A chain of 64 rulesets of 16 parameters each, the worst the fuzzer's bytes say; and the
    // inputs the fuzzer found slow (one ruleset of 14 parameters, 10 captures and 440 lap
    // rules: 6.8 s under the fuzzer's address sanitiser on a loaded machine).
    let worst: Vec<u8> = std::iter::once(64).chain((0..64).flat_map(|i| [0b1111, i, 23, 69, 60])).collect();
    let found = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fuzz/extends"))
        .expect("the fuzzer's inputs")
        .map(|entry| std::fs::read(entry.expect("an entry").path()).expect("an input"));
    for bytes in std::iter::once(worst).chain(found) {
        let start = std::time::Instant::now();
        fuzz_harness::extends_chain(&bytes);
        let took = start.elapsed();
        eprintln!("{bytes:x?}: {took:?}");
        slowest = slowest.max(took);
    }
    eprintln!("the slowest chain took {slowest:?}");
    assert!(slowest < std::time::Duration::from_secs(5), "the slowest chain took {slowest:?}");
}
