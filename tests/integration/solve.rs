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

use sow::engine::{MoveList, Position};
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

fn brute(position: &Position<'_>, memo: &mut HashMap<Vec<u8>, Result2>) -> Result2 {
    let mut position = position.clone();
    if position.is_over() {
        return ended(&position);
    }
    let mut moves = MoveList::new();
    position.legal_moves_or_settle(&mut moves);
    if moves.is_empty() {
        return ended(&position);
    }
    let key = position.clone().detach().key();
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
    let rules = common::rules(name, ruleset, params);
    let start = Position::new(&rules);
    let mut memo = HashMap::new();
    let expected = brute(&start, &mut memo);
    let options = SolveOptions { threads, memory: 8 << 20, ..SolveOptions::default() };
    let solution = solve(&start, &options, &Shared::new());
    let what = format!("{name} {ruleset:?} {params:?}");
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
