//! The rules-file engine against the hand-written reference (benches/reference): driven by
//! the same seeded random choices, they must offer identical decision lists, reach identical
//! boards after every decision and end with identical results.

#[path = "../../benches/common/reference/mod.rs"]
mod reference;

use reference::{Decision, Ending, Nsolo, Rand};
use sow::Rules;
use sow::engine::{History, Move, MoveList, Outcome, WinReason};

use crate::common;

fn to_move(rules: &Rules, game: &Nsolo, d: Decision) -> Move {
    let n = rules.columns();
    let hole = |player: usize, i: u8| {
        let index = game.board_index(player, i);
        rules.hole(index / n, index % n).expect("on the board")
    };
    match d {
        Decision::Sow(i) => Move::Sow(hole(game.to_move, i)),
        Decision::Pick(i) => Move::Pick(hole(1 - game.to_move, i)),
    }
}

/// Play one game on both engines; panics at the first difference.
fn compare(rules: &Rules, seed: u64) -> u32 {
    let n = rules.columns();
    let mut reference = Nsolo::new(n);
    let mut state = rules.start();
    let mut history = History::new(rules, &state);
    let mut rng = Rand(seed | 1);
    let mut moves = MoveList::new();
    let mut decisions = Vec::new();
    let mut ply = 0;
    loop {
        rules.legal_moves(&state, &mut moves);
        reference.decisions(&mut decisions);
        let expected: Vec<Move> = decisions.iter().map(|&d| to_move(rules, &reference, d)).collect();
        assert_eq!(
            moves.as_slice(),
            expected.as_slice(),
            "4×{n} seed {seed} ply {ply}: decision lists differ"
        );
        if moves.is_empty() {
            let outcome = rules.settle(&mut state, &moves);
            if reference.ending.is_none() {
                reference.blocked();
            }
            let expected = match reference.ending.expect("over") {
                Ending::Win { winner, blocked } => Outcome::Win {
                    winner: if winner == 0 { sow::Player::South } else { sow::Player::North },
                    reason: if blocked { WinReason::Blocked } else { WinReason::NoSeeds },
                },
                Ending::Draw => Outcome::Draw(sow::engine::DrawReason::Repetition),
            };
            assert_eq!(outcome, Some(expected), "4×{n} seed {seed}: results differ");
            return ply;
        }
        let k = rng.below(moves.len());
        rules.play_unchecked(&mut state, &mut history, moves[k]);
        reference.play(decisions[k]);
        ply += 1;
        assert_eq!(
            rules.board_counts(&state),
            reference.board(),
            "4×{n} seed {seed} ply {ply}: boards differ"
        );
    }
}

fn run(games: u64, first_seed: u64) -> u64 {
    let boards: Vec<Rules> =
        [8, 16, 36].iter().map(|c| common::rules("nsolo", None, &[&format!("columns={c}")])).collect();
    let mut plies = 0;
    for g in 0..games {
        let seed = first_seed + g;
        plies += u64::from(compare(&boards[(g % 3) as usize], seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)));
    }
    plies
}

#[test]
fn engine_matches_the_reference_on_500_games() {
    assert!(run(500, 1) > 500 * 50);
}

#[test]
#[ignore = "10,000 games: a few minutes in debug, about 10 s in release"]
fn engine_matches_the_reference_on_10000_games() {
    let plies = run(10_000, 1_000_000);
    println!("10000 games, {plies} decisions compared");
}
