//! Helpers for hand-checked examples: positions written as the board picture shows them,
//! and short names for holes, moves and effects.
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner
//!   a  . . . . . . . .   South outer
//! ```

#![allow(dead_code)]

use sow::Rules;
use sow::engine::{Effect, Hole, Move, MoveList, Outcome, Phase, Player, Setup, State, WinReason};

/// A xorshift draw below `n` each call, from `seed`.
pub fn draws(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}

/// Counts in board order (a1…an, b1…bn, c1…cn, d1…dn) from rows written as in the picture:
/// one line per row, starting with its letter, in any order.
pub fn board(rules: &Rules, text: &str) -> Vec<u16> {
    let n = rules.columns();
    let mut counts = vec![u16::MAX; rules.holes()];
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut words = line.split_whitespace();
        let letter = words.next().unwrap().as_bytes()[0];
        let row = usize::from(letter - b'a');
        let values: Vec<u16> = words.map(|w| w.parse().unwrap()).collect();
        assert_eq!(values.len(), n, "row `{}` needs {n} counts: {line}", letter as char);
        counts[row * n..(row + 1) * n].copy_from_slice(&values);
    }
    assert!(!counts.contains(&u16::MAX), "every row must be given");
    counts
}

/// A position at the start of a turn.
pub fn position(rules: &Rules, text: &str, to_move: Player) -> State {
    rules.state_from_counts(&board(rules, text), to_move).expect("a valid position")
}

/// Assert the whole board.
#[track_caller]
pub fn assert_board(rules: &Rules, state: &State, text: &str) {
    assert_eq!(rules.board_counts(state), board(rules, text), "\n{}", rules.picture(state));
}

pub fn hole(rules: &Rules, name: &str) -> Hole {
    rules.parse_hole(name).unwrap()
}

pub fn legal(rules: &Rules, state: &State) -> Vec<Move> {
    let mut moves = MoveList::new();
    rules.legal_moves(state, &mut moves);
    moves.to_vec()
}

pub fn sows(rules: &Rules, names: &[&str]) -> Vec<Move> {
    names.iter().map(|n| Move::Sow(hole(rules, n))).collect()
}

pub fn picks(rules: &Rules, names: &[&str]) -> Vec<Move> {
    names.iter().map(|n| Move::Pick(hole(rules, n))).collect()
}

pub fn sow_effect(
    rules: &Rules,
    laps: u32,
    sown: u32,
    last: &str,
    taken: &[(&str, u16)],
    turn_over: bool,
) -> Effect {
    Effect {
        laps,
        sown,
        last: Some(hole(rules, last)),
        taken: taken.iter().map(|&(n, k)| (hole(rules, n), k)).collect(),
        turn_over,
        passed: false,
        given: Vec::new(),
        moved: Vec::new(),
    }
}

pub fn pick_effect(rules: &Rules, taken: &[(&str, u16)], turn_over: bool) -> Effect {
    Effect {
        taken: taken.iter().map(|&(n, k)| (hole(rules, n), k)).collect(),
        turn_over,
        ..Effect::default()
    }
}

pub fn remaining(state: &State) -> Option<u16> {
    match state.phase() {
        Phase::Pick(p) => Some(p.remaining),
        Phase::Sow
        | Phase::LapChoice(_)
        | Phase::EndChoice(_)
        | Phase::Step(_)
        | Phase::Lift(_)
        | Phase::PutChoice(_)
        | Phase::Offer(_)
        | Phase::Lot(_)
        | Phase::FirstLot => None,
    }
}

pub fn win(winner: Player, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

/// A main-game position (openings over) from the board picture, to adjust before building
/// it with [`Rules::state_from_setup`].
pub fn setup(rules: &Rules, text: &str, to_move: Player) -> Setup {
    Setup::new(board(rules, text), to_move)
}

/// The state a [`Setup`] describes.
pub fn state(rules: &Rules, setup: &Setup) -> State {
    rules.state_from_setup(setup).expect("a valid setup")
}

/// Counts and colours in board order from rows written as the board picture of a game whose
/// holes belong by colour shows them: each count followed by `s` (South's seeds) or `n`
/// (North's), and at four seats `e` (East's) or `w` (West's); an empty hole as `0`. Rows
/// left out are empty.
pub fn colours(rules: &Rules, text: &str) -> (Vec<u16>, Vec<Option<Player>>) {
    let n = rules.columns();
    let mut counts = vec![0; rules.holes()];
    let mut holders = vec![None; rules.holes()];
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut words = line.split_whitespace();
        let row = usize::from(words.next().unwrap().as_bytes()[0] - b'a');
        let words: Vec<&str> = words.collect();
        assert_eq!(words.len(), n, "row {row} needs {n} counts: {line}");
        for (c, w) in words.into_iter().enumerate() {
            // The holder's letter: the initial of their name (`s`, `n`; `e`, `w` at four seats).
            let holder = rules.players().find(|p| w.ends_with(&p.word()[..1]));
            let digits = if holder.is_some() { &w[..w.len() - 1] } else { w };
            counts[row * n + c] = digits.parse().unwrap();
            assert_eq!(counts[row * n + c] > 0, holder.is_some(), "a count needs `s` or `n` unless 0: {w}");
            holders[row * n + c] = holder;
        }
    }
    (counts, holders)
}

/// A position of a game whose holes belong by colour (see [`colours`]).
pub fn coloured(rules: &Rules, text: &str, to_move: Player) -> State {
    let (counts, holders) = colours(rules, text);
    let mut setup = Setup::new(counts, to_move);
    setup.colours = Some(holders.into_iter().map(|h| h.unwrap_or(rules.model().first_player())).collect());
    rules.state_from_setup(&setup).expect("a valid position")
}

/// Assert the whole board of a game whose holes belong by colour: counts and colours.
#[track_caller]
pub fn assert_coloured(rules: &Rules, state: &State, text: &str) {
    let (counts, holders) = colours(rules, text);
    let now: Vec<Option<Player>> = rules.all_holes().map(|h| rules.holder(state, h)).collect();
    assert_eq!((rules.board_counts(state), now), (counts, holders), "\n{}", rules.picture(state));
}
