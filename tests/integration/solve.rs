//! `sow solve` against an independent brute-force solver: plain negamax over the public
//! `Position` API with a memo keyed by the engine's exact position key, sharing nothing
//! with `sow::solve` (no table, no bounds, no move ordering, no value encoding).
//!
//! Every bundled game at a size small enough for brute force: Kalah (base game and the
//! `empty-capture` ruleset) on 3 and 4 pits a side, and Katro Bevohoka on 4×2, a four-row
//! game with a repetition rule (a repeated position is a draw), so that the solver's
//! handling of history is checked against a memo whose key holds the history exactly.

use std::collections::HashMap;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use sow::Player;
use sow::ai::Agent as _;
use sow::engine::{MoveList, Position};
use sow::solve::endgame::{BuildProgress, Endgame};
use sow::solve::{Shared, SolveOptions, Value, solve};

use crate::common;

/// A result for the player to move: (1 win / 0 draw / −1 loss, final score difference),
/// compared in that order.
type Result2 = (i32, i32);

fn ended(position: &Position<'_>) -> Result2 {
    let state = position.state();
    let me = state.to_move();
    let rules = position.rules();
    let class = match state.outcome().expect("an ended game").winner() {
        Some(w) if w == me => 1,
        Some(_) => -1,
        None => 0,
    };
    (class, rules.score(state, me) as i32 - rules.score(state, me.other()) as i32)
}

/// The memo's key: the engine's exact key (hundreds of bytes: every slot, the turn number)
/// folded into 128 bits by two differently seeded SipHashes, so that the millions of
/// positions of Kalah(4,2) fit in a few hundred MiB. Two keys that differ collide with
/// probability about 2⁻¹²⁸ a pair.
type Memo = HashMap<(u64, u64), Result2>;

fn memo_key(position: &Position<'_>) -> (u64, u64) {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let bytes = position.clone().detach().key();
    let mut low = DefaultHasher::new();
    bytes.hash(&mut low);
    let mut high = DefaultHasher::new();
    0x5eed_u16.hash(&mut high);
    bytes.hash(&mut high);
    (low.finish(), high.finish())
}

fn brute(position: &Position<'_>, memo: &mut Memo) -> Result2 {
    let mut position = position.clone();
    if position.is_over() {
        return ended(&position);
    }
    let mut moves = MoveList::new();
    position.legal_moves_or_settle(&mut moves);
    if moves.is_empty() {
        return ended(&position);
    }
    let key = memo_key(&position);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let me = position.to_move();
    let best = moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let (c, m) = brute(&child, memo);
            if child.to_move() == me { (c, m) } else { (-c, -m) }
        })
        .max()
        .expect("a move");
    memo.insert(key, best);
    best
}

fn read(v: Value) -> Result2 {
    (v.class(), v.margin())
}

/// Solve the start of a game both ways and compare the value, every first decision's value,
/// and the end of the principal variation.
fn agree(name: &str, ruleset: Option<&str>, params: &[&str], threads: usize) -> Result2 {
    agree_with(name, ruleset, params, threads, None, SolveOptions::default().proof_after)
}

/// [`agree`], the solver using an endgame database of at most `endgame` seeds in play, with
/// proof attempts after every iteration from `proof_after` plies on.
fn agree_with(
    name: &str,
    ruleset: Option<&str>,
    params: &[&str],
    threads: usize,
    endgame: Option<u32>,
    proof_after: u32,
) -> Result2 {
    let rules = common::rules(name, ruleset, params);
    let start = Position::new(&rules);
    let mut memo = HashMap::new();
    let expected = brute(&start, &mut memo);
    let endgame =
        endgame.map(|n| Arc::new(Endgame::build(&rules, n, threads, &BuildProgress::default()).unwrap()));
    let options = SolveOptions {
        threads,
        memory: 8 << 20,
        endgame: endgame.clone(),
        proof_after,
        ..SolveOptions::default()
    };
    let shared = Shared::new();
    let solution = solve(&start, &options, &shared);
    let what = format!(
        "{name} {ruleset:?} {params:?} endgame {:?} proofs after {proof_after}",
        endgame.as_ref().map(|d| d.max_seeds())
    );
    if proof_after == 1 {
        assert!(shared.proof_attempts.load(Ordering::Relaxed) > 0, "{what}: proof attempts were made");
    }
    if endgame.is_some() {
        assert!(solution.endgame_hits > 0, "{what}: the search found positions in the database");
    }
    assert_eq!(solution.value.map(read), Some(expected), "{what}: the value of the start");

    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    assert_eq!(solution.moves.len(), moves.len(), "{what}: a value for every first decision");
    for &(mv, v) in &solution.moves {
        let mut child = start.clone();
        child.play_unchecked(mv);
        let (c, m) = brute(&child, &mut memo);
        let seen = if child.to_move() == start.to_move() { (c, m) } else { (-c, -m) };
        assert_eq!(read(v), seen, "{what}: the value of {}", rules.move_text(mv));
    }
    assert_eq!(solution.moves.first().map(|&(_, v)| read(v)), Some(expected), "{what}: the best decision");

    // Perfect play along the principal variation keeps the value, to the end of the game.
    let mut line = start.clone();
    let mut moves = MoveList::new();
    for &mv in &solution.pv {
        line.legal_moves_or_settle(&mut moves);
        assert!(moves.contains(&mv), "{what}: {} is legal on the principal variation", rules.move_text(mv));
        line.play_unchecked(mv);
    }
    line.legal_moves_or_settle(&mut moves);
    assert!(line.is_over(), "{what}: the principal variation plays to the end");
    let (c, m) = ended(&line);
    let end = if line.to_move() == start.to_move() { (c, m) } else { (-c, -m) };
    assert_eq!(end, expected, "{what}: the principal variation ends with the value");
    expected
}

#[test]
fn kalah_agrees_with_brute_force() {
    for params in [&["columns=3", "start=1"], &["columns=3", "start=2"], &["columns=3", "start=3"]] {
        agree("kalah", None, params, 1);
    }
    for params in [&["columns=4", "start=1"], &["columns=4", "start=2"]] {
        agree("kalah", None, params, 2);
    }
}

#[test]
fn empty_capture_kalah_agrees_with_brute_force() {
    for params in [&["columns=3", "start=1"], &["columns=3", "start=2"], &["columns=3", "start=3"]] {
        agree("kalah", Some("empty-capture"), params, 2);
    }
    agree("kalah", Some("empty-capture"), &["columns=4", "start=1"], 1);
}

/// The proof phase from the first iteration on (searches with no depth from each estimate,
/// interleaved with the iterations) gives the brute-force values, alone and with a helper
/// thread, in both rulesets.
#[test]
fn proof_phase_agrees_with_brute_force() {
    let boards: [&[&str]; 5] = [
        &["columns=3", "start=1"],
        &["columns=3", "start=2"],
        &["columns=3", "start=3"],
        &["columns=4", "start=1"],
        &["columns=4", "start=2"],
    ];
    for ruleset in [None, Some("empty-capture")] {
        for (i, params) in boards.iter().enumerate() {
            agree_with("kalah", ruleset, params, 1 + i % 2, None, 1);
        }
    }
}

/// Stopped at any point (as Ctrl-C or a budget stops it), a solve reports bounds that hold
/// the brute-force value, and a value only if it is the right one: the stop flag is set once
/// the search has counted a given number of nodes, in the iterations and in the proof
/// attempts.
#[test]
fn stopped_solves_report_sound_bounds() {
    for (ruleset, params) in [
        (None, ["columns=3", "start=4"]),
        (Some("empty-capture"), ["columns=3", "start=4"]),
        (Some("empty-capture"), ["columns=4", "start=2"]),
    ] {
        let rules = common::rules("kalah", ruleset, &params);
        let start = Position::new(&rules);
        let (c, m) = brute(&start, &mut HashMap::new());
        let expected = Value::new(c, m);
        for proof_after in [1, 5, u32::MAX] {
            for limit in (1..12).map(|k| k * 600) {
                let options =
                    SolveOptions { memory: 1 << 20, moves: false, proof_after, ..SolveOptions::default() };
                let shared = Shared::new();
                let done = AtomicBool::new(false);
                let solution = std::thread::scope(|scope| {
                    scope.spawn(|| {
                        while !done.load(Ordering::Relaxed) && shared.nodes.load(Ordering::Relaxed) < limit {
                            std::thread::yield_now();
                        }
                        shared.stop.store(true, Ordering::Relaxed);
                    });
                    let solution = solve(&start, &options, &shared);
                    done.store(true, Ordering::Relaxed);
                    solution
                });
                let what =
                    format!("{ruleset:?} {params:?} proofs after {proof_after}, stopped at {limit} nodes");
                let (lower, upper) = shared.proven();
                assert!(
                    lower <= expected.0 && expected.0 <= upper,
                    "{what}: [{lower}, {upper}] holds {expected}"
                );
                if let Some(v) = solution.value {
                    assert_eq!(v, expected, "{what}");
                }
            }
        }
    }
}

/// A four-row game on its smallest board, whose seeds never leave a side: it can go round
/// in cycles, and a repeated position is a draw.
#[test]
fn four_row_game_with_repetition_agrees_with_brute_force() {
    let (class, _) = agree("katro-bevohoka", None, &["columns=2"], 2);
    assert_ne!(class, 0, "whoever wins, 4×2 is not drawn by repetition with perfect play");
}

/// The ruleset's one difference, on Kalah(3,1): South's a1 sows its seed into the empty a2,
/// facing an empty b2. The base game captures nothing (the seed stays); with the empty
/// capture the landing seed goes to South's store.
#[test]
fn empty_capture_takes_the_landing_seed_alone() {
    for (ruleset, store, a2) in [(None, 0, 1), (Some("empty-capture"), 1, 0)] {
        let rules = common::rules("kalah", ruleset, &["columns=3", "start=1"]);
        let state = rules.state_from_counts(&[1, 0, 1, 1, 0, 1], sow::Player::South).unwrap();
        let mut position = Position::from_state(&rules, state);
        position.play(rules.parse_move(position.state(), "a1").unwrap()).unwrap();
        let a2_hole = rules.parse_hole("a2").unwrap();
        assert_eq!(rules.store_seeds(position.state(), sow::Player::South), store, "{ruleset:?}");
        assert_eq!(position.state().count(a2_hole), a2, "{ruleset:?}");
    }
}

fn sow(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_sow")).args(args).output().expect("run sow");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn cli_prints_value_decisions_and_line() {
    let rules = common::rules("kalah", None, &["columns=3", "start=3"]);
    let (c, m) = brute(&Position::new(&rules), &mut HashMap::new());
    let expected = Value::new(c, m).to_string();
    let (code, out, err) = sow(&[
        "solve",
        "kalah",
        "--param",
        "columns=3",
        "--param",
        "start=3",
        "--threads",
        "2",
        "--memory",
        "16M",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("value: South to move: {expected} with perfect play")), "{out}");
    assert!(out.contains("first decisions:") && out.contains("principal variation: "), "{out}");
    assert!(out.contains("nodes: "), "{out}");
}

#[test]
fn cli_refuses_bad_sizes() {
    let (code, _, err) = sow(&["solve", "kalah", "--memory", "lots"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a size"), "{err}");
}

#[test]
fn help_has_examples() {
    let (code, out, _) = sow(&["solve", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Examples:") && out.contains("--ruleset") && out.contains("--param"), "{out}");
    assert!(out.contains("--memory") && out.contains("--threads") && out.contains("--record"), "{out}");
}

/// Every distribution of `n` seeds over `holes` holes, written out by recursion (not by the
/// database's index).
fn distributions(holes: usize, n: u16) -> Vec<Vec<u16>> {
    if holes == 1 {
        return vec![vec![n]];
    }
    (0..=n)
        .flat_map(|first| {
            distributions(holes - 1, n - first).into_iter().map(move |mut rest| {
                rest.insert(0, first);
                rest
            })
        })
        .collect()
}

/// The database against brute force, position by position, up to `max_seeds` seeds in play:
/// each position's final margin (with empty stores) and the counts of wins, draws and losses
/// of each number of seeds.
fn endgame_agrees(ruleset: Option<&str>, params: &[&str], max_seeds: u32) {
    let rules = common::rules("kalah", ruleset, params);
    let db = Endgame::build(&rules, max_seeds, 2, &BuildProgress::default()).unwrap();
    let mut memo = HashMap::new();
    for n in 0..=max_seeds {
        let mut counted = [0u64; 3];
        for counts in distributions(rules.holes(), n as u16) {
            for mover in Player::BOTH {
                let state = rules.state_from_counts(&counts, mover).unwrap();
                let (class, margin) = brute(&Position::from_state(&rules, state), &mut memo);
                assert_eq!(
                    db.margin_of(&counts, mover),
                    Some(margin),
                    "{ruleset:?} {params:?} {counts:?} {mover}"
                );
                counted[(1 - class) as usize] += 1;
            }
        }
        assert_eq!(db.results(n), counted, "{ruleset:?} {params:?}: wins, draws, losses with {n} seeds");
    }
}

#[test]
fn endgame_database_agrees_with_brute_force() {
    endgame_agrees(None, &["columns=3", "start=1"], 8);
    endgame_agrees(Some("empty-capture"), &["columns=3", "start=1"], 8);
    endgame_agrees(Some("empty-capture"), &["columns=4", "start=1"], 5);
}

#[test]
fn solver_with_endgame_database_agrees_with_brute_force() {
    agree_with("kalah", None, &["columns=4", "start=2"], 2, Some(8), SolveOptions::default().proof_after);
    agree_with("kalah", Some("empty-capture"), &["columns=3", "start=3"], 1, Some(6), 1);
}

/// A database that covers the whole game: the agent plays the start's value against any
/// opponent, and says it.
#[test]
fn endgame_agent_plays_perfectly_where_covered() {
    let rules = common::rules("kalah", Some("empty-capture"), &["columns=3", "start=2"]);
    let db = Arc::new(Endgame::build(&rules, rules.total_seeds(), 2, &BuildProgress::default()).unwrap());
    let start = Position::new(&rules);
    let (class, margin) = brute(&start, &mut HashMap::new());
    sow::ai::endgame::register(db);
    for seed in 0..6u64 {
        let mut perfect = sow::ai::EndgameAgent::new(sow::ai::AgentSpec::Greedy.build(seed));
        let mut other = sow::ai::AgentSpec::Random.build(seed);
        let mut position = start.clone();
        let mut moves = MoveList::new();
        let first = position.to_move();
        loop {
            position.legal_moves_or_settle(&mut moves);
            if position.is_over() {
                break;
            }
            let agent: &mut dyn sow::ai::Agent =
                if position.to_move() == first { &mut perfect } else { other.as_mut() };
            let mv = agent.choose(&rules, position.state(), &moves);
            if position.to_move() == first {
                let report = perfect.report().unwrap();
                assert!(report.contains("with perfect play"), "{report}");
            }
            position.play_unchecked(mv);
        }
        let (c, m) = ended(&position);
        let (c, m) = if position.to_move() == first { (c, m) } else { (-c, -m) };
        assert!(
            (c, m) >= (class, margin),
            "seed {seed}: the perfect player ends with {c} {m}, below the value {class} {margin}"
        );
    }
}

#[test]
fn cli_builds_uses_and_refuses_endgame_databases() {
    let dir = std::env::temp_dir().join(format!("sow-endgame-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("k3.sowdb");
    let db_text = db.to_str().unwrap();
    let (code, out, err) = sow(&[
        "solve",
        "kalah",
        "--param",
        "columns=3",
        "--endgame",
        "6",
        "--out",
        db_text,
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("seeds in play  positions  wins  draws  losses"), "{out}");
    // 6 seeds over 6 holes: C(11, 5) = 462 distributions, either player to move.
    assert!(out.lines().any(|l| l.split_whitespace().take(2).eq(["6", "924"])), "{out}");

    // The start of Kalah(3,2) with the database: the same value as without it.
    let rules = common::rules("kalah", None, &["columns=3", "start=2"]);
    let (c, m) = brute(&Position::new(&rules), &mut HashMap::new());
    let expected = format!("value: South to move: {} with perfect play", Value::new(c, m));
    let args = ["solve", "kalah", "--param", "columns=3", "--param", "start=2", "--endgame-db", db_text];
    let (code, out, err) = sow(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&expected) && out.contains("found in it"), "{out}");

    // Another board, another model: refused, saying so.
    let (code, _, err) = sow(&["solve", "kalah", "--param", "columns=4", "--endgame-db", db_text]);
    assert_ne!(code, 0);
    assert!(err.contains("built for other rules") && err.contains("model hash"), "{err}");
    // Not a database at all.
    let (code, _, err) = sow(&["solve", "kalah", "--endgame-db", "Cargo.toml"]);
    assert_ne!(code, 0);
    assert!(err.contains("is not an endgame database"), "{err}");
    // A player that needs a database, without one.
    let (code, _, err) = sow(&["match", "kalah", "hard+endgame", "random", "--games", "1"]);
    assert_ne!(code, 0);
    assert!(err.contains("--endgame-db"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A database built within a memory bound too small to hold it, slice by slice, is the same
/// file, byte for byte, as the one built in memory; levels too large for one slice are solved
/// in several slices and passes, on one thread and on two.
#[test]
fn endgame_built_slice_by_slice_is_the_same_file() {
    use sow::solve::slices::{MIN_MEMORY, build_file};
    let dir = common::scratch_dir("endgame-slices");
    for (ruleset, params, max_seeds, memory) in [
        (None, &["columns=3"], 12, MIN_MEMORY),
        (None, &["columns=3"], 12, 32 << 10),
        (Some("empty-capture"), &["columns=4"], 8, MIN_MEMORY),
    ] {
        let rules = common::rules("kalah", ruleset, params);
        let what = format!("{ruleset:?} {params:?} {max_seeds} seeds in {memory} bytes");
        let whole = dir.join("whole.sowdb");
        let in_memory =
            build_file(&rules, max_seeds, 2, None, &whole, &BuildProgress::default(), &mut |_| {}).unwrap();
        assert!(in_memory.layout.is_none(), "{what}");
        assert!(in_memory.entries > memory as u64, "{what}: the database does not fit in the bound");
        for threads in [1, 2] {
            let sliced = dir.join(format!("sliced-{threads}.sowdb"));
            let mut levels = 0;
            let built = build_file(
                &rules,
                max_seeds,
                threads,
                Some(memory),
                &sliced,
                &BuildProgress::default(),
                &mut |_| levels += 1,
            )
            .unwrap();
            assert_eq!(levels, max_seeds + 1, "{what}: a report per level");
            let layout = built.layout.expect("built slice by slice");
            assert!(layout.slice <= memory as u64, "{what}");
            assert!(
                built.levels.iter().any(|l| l.slices > 1 && l.passes > 1),
                "{what}: a level in several slices and passes"
            );
            for (a, b) in in_memory.levels.iter().zip(&built.levels) {
                assert_eq!(a.results, b.results, "{what}: the counts of {} seeds", a.seeds);
            }
            let (a, b) = (std::fs::read(&whole).unwrap(), std::fs::read(&sliced).unwrap());
            assert_eq!(a.len() as u64, built.bytes, "{what}");
            assert!(a == b, "{what}, {threads} threads: the files differ");
            assert!(!dir.join(format!("sliced-{threads}.sowdb.partial")).exists(), "{what}");
        }
        // The file reads back as the database built in memory.
        let db = Endgame::load(&whole, &rules).unwrap();
        let built = Endgame::build(&rules, max_seeds, 2, &BuildProgress::default()).unwrap();
        for n in 0..=max_seeds {
            assert_eq!(db.results(n), built.results(n), "{what}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `sow solve --endgame N --memory SIZE`: a line per level on stderr, the same counts and
/// file as in memory; a bound too small for even one slice refused before any work, no file
/// left; a file whose build did not finish refused.
#[test]
fn cli_builds_endgame_databases_within_memory() {
    let dir = common::scratch_dir("endgame-memory");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let build = |out: &str, memory: Option<&str>| {
        let mut args = vec!["solve", "kalah", "--param", "columns=3", "--endgame", "12", "--out", out];
        if let Some(m) = memory {
            args.extend(["--memory", m]);
        }
        sow(&args)
    };
    let (whole, sliced) = (path("whole.sowdb"), path("sliced.sowdb"));
    let (code, out_whole, err) = build(&whole, None);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("in memory"), "{err}");
    let (code, out_sliced, err) = build(&sliced, Some("24K"));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("slice by slice"), "{err}");
    // 12 seeds over 6 holes: C(17, 5) = 6188 distributions, either player to move.
    let last = err.lines().find(|l| l.starts_with("12 seeds in play: 12376 positions")).expect(&err);
    assert!(last.contains(" slices, ") && last.contains(" passes"), "{err}");
    assert_eq!(err.lines().filter(|l| l.contains(" seeds in play: ")).count(), 13, "{err}");
    let table =
        |out: &str| out.lines().filter(|l| !l.starts_with("built ")).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(table(&out_whole), table(&out_sliced));
    assert!(out_sliced.contains("built slice by slice"), "{out_sliced}");
    assert!(std::fs::read(&whole).unwrap() == std::fs::read(&sliced).unwrap(), "the files differ");

    let small = path("small.sowdb");
    let (code, out, err) = build(&small, Some("20K"));
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("too small for even one slice") && err.contains("at least 24.0 KiB"), "{err}");
    assert!(
        !std::path::Path::new(&small).exists() && !std::path::Path::new(&format!("{small}.partial")).exists()
    );

    // A position without a value: the file of a build that did not finish.
    let mut bytes = std::fs::read(&whole).unwrap();
    let last = bytes.len() - 1;
    bytes[last] = 0x80;
    let broken = path("broken.sowdb");
    std::fs::write(&broken, bytes).unwrap();
    let (code, _, err) =
        sow(&["solve", "kalah", "--param", "columns=3", "--param", "start=1", "--endgame-db", &broken]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("did not finish"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rules whose seeds can come back into play, or whose positions depend on their past, are
/// refused with the reason.
#[test]
fn endgame_refuses_rules_it_cannot_hold() {
    for (file, reason) in [("oware", "repetition rule"), ("hus", "come back into play")] {
        let (code, _, err) = sow(&["solve", file, "--endgame", "3"]);
        assert_ne!(code, 0, "{file}");
        assert!(err.contains("no endgame database") && err.contains(reason), "{file}: {err}");
    }
}

/// A measurement, not a check (ignored; run with `cargo test --release --test integration
/// hard_against_perfect_play -- --ignored --nocapture`): Kalah(6) `empty-capture` with a
/// database of at most 12 seeds in play, on positions of that range reached by random play
/// from the start. For `hard` at 200 ms a decision: the share of its decisions that lose value
/// and the seeds lost per decision; then games from each position, `hard+endgame` against
/// `hard` on both sides, and the seeds the database gains.
#[test]
#[ignore = "a measurement: minutes"]
fn hard_against_perfect_play() {
    use std::time::Duration;
    let rules = common::rules("kalah", Some("empty-capture"), &["columns=6", "start=4"]);
    let max_seeds = 12;
    let begun = std::time::Instant::now();
    let db = Arc::new(Endgame::build(&rules, max_seeds, 2, &BuildProgress::default()).unwrap());
    println!(
        "database of at most {max_seeds} seeds: {} positions in {:.1} s",
        db.entries(),
        begun.elapsed().as_secs_f64()
    );
    sow::ai::endgame::register(db.clone());
    let think = Duration::from_millis(200);
    let (mut decisions, mut losing, mut lost) = (0u32, 0u32, 0i64);
    let (mut games, mut gained) = (0u32, 0i64);
    let mut moves = MoveList::new();
    for seed in 0..20u64 {
        // A position of the database's range, reached by random play.
        let mut random = sow::ai::AgentSpec::Random.build(seed);
        let mut position = Position::new(&rules);
        loop {
            position.legal_moves_or_settle(&mut moves);
            let s = position.state();
            if position.is_over() || (db.probe(&rules, s).is_some() && moves.len() > 1) {
                break;
            }
            let mv = random.choose(&rules, s, &moves);
            position.play_unchecked(mv);
        }
        if position.is_over() {
            continue;
        }
        let first = position.to_move();
        let value = db.probe(&rules, position.state()).unwrap();
        // Games from it, the database's player on either side.
        for perfect_first in [true, false] {
            let mut perfect = sow::ai::AgentSpec::StrongestEndgame(think).build(seed);
            let mut hard = sow::ai::AgentSpec::Strongest(think).build(seed);
            let mut game = position.clone();
            loop {
                game.legal_moves_or_settle(&mut moves);
                if game.is_over() {
                    break;
                }
                let s = game.state();
                let mine = (s.to_move() == first) == perfect_first;
                let mv = if mine {
                    perfect.choose(&rules, s, &moves)
                } else {
                    let mv = hard.choose(&rules, s, &moves);
                    if moves.len() > 1 {
                        let margins = sow::ai::endgame::decision_margins(&db, &rules, s, &moves).unwrap();
                        let best = *margins.iter().max().unwrap();
                        let chosen = margins[moves.iter().position(|&m| m == mv).unwrap()];
                        decisions += 1;
                        losing += u32::from(chosen < best);
                        lost += i64::from(best - chosen);
                    }
                    mv
                };
                game.play_unchecked(mv);
            }
            let (_, m) = ended(&game);
            let m = if game.to_move() == first { m } else { -m };
            // The seeds the database's side ends with, beyond what perfect play by both gives.
            let perfect_side = if perfect_first { m - value } else { value - m };
            assert!(perfect_side >= 0, "perfect play never ends below the value");
            games += 1;
            gained += i64::from(perfect_side);
        }
    }
    println!(
        "hard (strongest:200ms): {decisions} decisions with a choice, {losing} lose value ({:.1}%), {:.3} seeds lost per decision",
        100.0 * f64::from(losing) / f64::from(decisions.max(1)),
        lost as f64 / f64::from(decisions.max(1))
    );
    println!(
        "hard+endgame against hard: {games} games from the database's range, {:.2} seeds a game beyond the value for the database's side",
        gained as f64 / f64::from(games.max(1))
    );
}

/// `sow compare --perfect`'s figures against the brute-force solver: the start's value, every
/// first decision's, and for each player every decision measured (the position's value and
/// the value of the decision made), so the seeds lost per decision too.
#[test]
fn perfect_comparison_agrees_with_brute_force() {
    use sow::solve::perfect::{PerfectConfig, measure};
    let rules = common::rules("kalah", Some("empty-capture"), &["columns=3", "start=3"]);
    let config = PerfectConfig {
        budget: std::time::Duration::from_secs(120),
        games: 3,
        opening: 2,
        seed: 7,
        levels: vec![
            ("easy".to_string(), "easy".parse().unwrap()),
            ("alphabeta:2".to_string(), "alphabeta:2".parse().unwrap()),
        ],
        memory: 16 << 20,
        endgame: None,
        max_plies: 1000,
    };
    let figures = measure(&rules, &config, &mut |_| {});
    let start = Position::new(&rules);
    let mut memo = HashMap::new();
    let expected = brute(&start, &mut memo);
    assert_eq!(figures.start.map(read), Some(expected));
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    assert_eq!(figures.first.len(), moves.len());
    let mut kept = 0;
    for &(mv, v) in &figures.first {
        let mut child = start.clone();
        child.play_unchecked(mv);
        let (c, m) = brute(&child, &mut memo);
        let seen = if child.to_move() == start.to_move() { (c, m) } else { (-c, -m) };
        assert_eq!(read(v), seen, "the first decision {}", rules.move_text(mv));
        kept += usize::from(seen == expected);
    }
    assert_eq!(figures.keeping(), (kept, moves.len()));
    assert_eq!(figures.levels.len(), 2);
    for level in &figures.levels {
        assert_eq!(level.games, 3);
        assert_eq!(level.unsolved, 0);
        assert!(level.decisions.len() >= 3, "{}: decisions measured", level.name);
        let mut lost = 0;
        for d in &level.decisions {
            let position = d.position.clone().attach(&rules);
            let best = brute(&position, &mut memo);
            assert_eq!(read(d.best), best, "{}: a position's value", level.name);
            let mut child = position.clone();
            child.play_unchecked(d.chosen);
            let (c, m) = brute(&child, &mut memo);
            let chosen = if child.to_move() == position.to_move() { (c, m) } else { (-c, -m) };
            assert_eq!(read(d.value), chosen, "{}: the value of a decision", level.name);
            assert!(chosen <= best);
            lost += best.1 - chosen.1;
        }
        let mean = f64::from(lost) / level.decisions.len() as f64;
        assert!((level.seeds_lost().unwrap() - mean).abs() < 1e-9, "{}: seeds lost", level.name);
    }
    // Greedy play loses seeds somewhere in three games of Kalah(3,3).
    assert!(figures.levels[0].seeds_lost().unwrap() > 0.0);
}

#[test]
fn cli_compares_with_perfect_play() {
    // Kalah(3,1) is a draw; Kalah(6,4) is not solved in a tenth of a second.
    let (code, out, err) = sow(&[
        "compare",
        "kalah?columns=3&start=1",
        "kalah?columns=6&start=4",
        "--perfect",
        "--levels",
        "easy",
        "--games",
        "2",
        "--budget",
        "0.1",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("variant,value,kept,easy seeds lost,easy worse"), "{out}");
    assert!(lines[1].starts_with("kalah?columns=3&start=1,draw,"), "{out}");
    assert!(lines[2].starts_with("kalah?columns=6&start=4,not solved in 0.1 s,"), "{out}");
    let (code, _, err) = sow(&["compare", "kalah", "--perfect", "--budget", "0"]);
    assert_ne!(code, 0);
    assert!(err.contains("not a number of seconds"), "{err}");
    let (code, _, err) = sow(&["compare", "kalah", "--budget", "3"]);
    assert_ne!(code, 0);
    assert!(err.contains("--perfect"), "{err}");
}

/// `sow compare --perfect` with an endgame database: the same values as without it, position
/// by position, and the database used.
#[test]
fn perfect_comparison_with_a_database_agrees() {
    use sow::solve::perfect::{PerfectConfig, measure};
    let rules = common::rules("kalah", Some("empty-capture"), &["columns=3", "start=3"]);
    let db = Arc::new(Endgame::build(&rules, 10, 2, &BuildProgress::default()).unwrap());
    let config = |endgame| PerfectConfig {
        budget: std::time::Duration::from_secs(120),
        games: 3,
        opening: 2,
        seed: 11,
        levels: vec![("easy".to_string(), "easy".parse().unwrap())],
        memory: 16 << 20,
        endgame,
        max_plies: 1000,
    };
    let without = measure(&rules, &config(None), &mut |_| {});
    let with = measure(&rules, &config(Some(db)), &mut |_| {});
    assert!(with.endgame_hits > 0 && without.endgame_hits == 0);
    assert!(with.start.is_some());
    assert_eq!(with.start, without.start);
    assert_eq!(with.first, without.first);
    let (a, b) = (&with.levels[0].decisions, &without.levels[0].decisions);
    assert!(a.len() >= 3);
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        assert_eq!((x.chosen, x.best, x.value), (y.chosen, y.best, y.value));
    }
}

#[test]
fn cli_compares_with_perfect_play_and_a_database() {
    let dir = common::scratch_dir("compare-endgame");
    let db = dir.join("k3.sowdb");
    let db = db.to_str().unwrap();
    let (code, _, err) = sow(&["solve", "kalah", "--param", "columns=3", "--endgame", "9", "--out", db]);
    assert_eq!(code, 0, "{err}");
    let compare = |extra: &[&str]| {
        let mut args = vec![
            "compare",
            "kalah?columns=3&start=3",
            "kalah?columns=4&start=1",
            "--perfect",
            "--levels",
            "easy",
            "--games",
            "2",
            "--format",
            "json",
        ];
        args.extend(extra);
        let (code, out, err) = sow(&args);
        assert_eq!(code, 0, "{err}");
        (serde_json::from_str::<serde_json::Value>(&out).expect(&out), err)
    };
    let (without, _) = compare(&[]);
    let (with, err) = compare(&["--endgame-db", db]);
    assert!(err.contains("for kalah?columns=3&start=3") && !err.contains("columns=4&start=1"), "{err}");
    for (a, b) in with.as_array().unwrap().iter().zip(without.as_array().unwrap()) {
        for key in ["value", "margin", "first_decisions_keeping"] {
            assert_eq!(a[key], b[key], "{key}: {a} {b}");
        }
        assert_eq!(a["levels"][0]["seeds_lost_per_decision"], b["levels"][0]["seeds_lost_per_decision"]);
    }
    // Kalah(3): the database serves it; Kalah(4), another board, is solved without.
    assert!(with[0]["endgame_hits"].as_u64().unwrap() > 0, "{with}");
    assert_eq!(with[1]["endgame_hits"], 0, "{with}");
    // A database none of the variants plays.
    let (code, _, err) =
        sow(&["compare", "kalah?columns=4&start=1", "--perfect", "--games", "1", "--endgame-db", db]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("none of the variants plays"), "{err}");
    let (code, _, err) = sow(&["compare", "kalah", "--endgame-db", db]);
    assert_ne!(code, 0);
    assert!(err.contains("--perfect"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
