//! Kalah and Oware from their rules files against hand-written versions of the same rules
//! (benches/common/two_row.rs): driven by the same random choices, they must offer the same
//! decisions, reach the same boards and stores after every decision, and end the same way.

#[path = "../../benches/common/two_row.rs"]
mod two_row;

use sow::Rules;
use sow::ai::{below, rng};
use sow::engine::{History, Move, MoveList, Outcome, Player};

use crate::common;

/// What a hand-written game exposes to the comparison.
trait Reference: Default {
    fn moves(&self, out: &mut Vec<usize>);
    fn play(&mut self, k: usize);
    fn board(&self) -> Vec<u16>;
    fn result(&self) -> i32;
}

impl Reference for two_row::Kalah {
    fn moves(&self, out: &mut Vec<usize>) {
        two_row::Kalah::moves(self, out)
    }
    fn play(&mut self, k: usize) {
        two_row::Kalah::play(self, k)
    }
    fn board(&self) -> Vec<u16> {
        two_row::Kalah::board(self)
    }
    fn result(&self) -> i32 {
        two_row::Kalah::result(self)
    }
}

impl Reference for two_row::Oware {
    fn moves(&self, out: &mut Vec<usize>) {
        two_row::Oware::moves(self, out)
    }
    fn play(&mut self, k: usize) {
        two_row::Oware::play(self, k)
    }
    fn board(&self) -> Vec<u16> {
        two_row::Oware::board(self)
    }
    fn result(&self) -> i32 {
        two_row::Oware::result(self)
    }
}

/// Play one game on both; panics at the first difference. Returns its length.
fn compare<R: Reference>(rules: &Rules, seed: u64) -> u32 {
    let mut reference = R::default();
    let mut state = rules.start();
    let mut history = History::new(rules, &state);
    let mut moves = MoveList::new();
    let mut theirs = Vec::new();
    let mut rng = rng(seed);
    let mut ply = 0;
    loop {
        rules.legal_moves(&state, &mut moves);
        reference.moves(&mut theirs);
        let row = if state.to_move() == Player::South { 'a' } else { 'b' };
        let expected: Vec<Move> =
            theirs.iter().map(|k| Move::Sow(rules.parse_hole(&format!("{row}{}", k + 1)).unwrap())).collect();
        assert_eq!(moves.to_vec(), expected, "seed {seed}, ply {ply}\n{}", rules.picture(&state));
        if moves.is_empty() {
            rules.settle(&mut state, &moves);
            let result = match state.outcome() {
                Some(Outcome::Win { winner: Player::South, .. }) => 1,
                Some(Outcome::Win { .. }) => -1,
                Some(Outcome::Draw(_)) => 0,
                None => panic!("seed {seed}: no decision and no result"),
            };
            assert_eq!(result, reference.result(), "seed {seed}: results differ");
            return ply;
        }
        let k = below(&mut rng, moves.len());
        rules.play_unchecked(&mut state, &mut history, moves[k]);
        reference.play(theirs[k]);
        let mut board = rules.board_counts(&state);
        board.extend([Player::South, Player::North].map(|p| rules.store_seeds(&state, p) as u16));
        assert_eq!(board, reference.board(), "seed {seed}, after ply {ply}\n{}", rules.picture(&state));
        ply += 1;
    }
}

#[test]
fn kalah_matches_the_hand_written_game() {
    let rules = common::rules("kalah", None, &[]);
    let plies: u32 = (0..2000).map(|seed| compare::<two_row::Kalah>(&rules, seed)).sum();
    assert!(plies > 2000 * 30, "games too short: {plies}");
}

#[test]
fn oware_matches_the_hand_written_game() {
    let rules = common::rules("oware", None, &[]);
    let plies: u32 = (0..2000).map(|seed| compare::<two_row::Oware>(&rules, seed)).sum();
    assert!(plies > 2000 * 50, "games too short: {plies}");
}
