//! Hand-checked worked example of Njombwa (One Counter) (`rules/njombwa-one-counter.sow`):
//! the stylised opening move, played as three forced turns of each player — the sowing
//! round to the hole before its start, the two seeds moved into the rightmost outer hole,
//! the inner row's second hole from the right emptied out of play. The main game is
//! Njombwa (Two Counters)'s, pinned in its own module.
//!
//! Positions are written as the board picture shows them, North's outer row on top (4×8):
//! South sows a1 → a8, then b8 → b1; North d8 → d1, then c1 → c8.

use sow::engine::{Game, Move};

use crate::common;
use crate::kit::*;

/// One seed a hole. South's stylised sowing from a8 (1): b8 1→2, relay b8 (2): b7, b6 1→2
/// → relay b6: b5, b4 → relay b4: b3, b2 → relay b2: b1, a1 → relay a1: a2, a3 → relay a3:
/// a4, a5 → relay a5: a6, a7 1→2 — a7 is the hole before the start: the sowing stops. Eight
/// laps, 15 seeds. North likewise from d1 round to d2. Then a7's two go into a8 (d2's into
/// d1), and b7 (c2), holding two, is emptied out of play. Each of these six decisions is the
/// only one on offer. South then has a2, a4, a6, a8, b1, b3 and b5 of two, 14 seeds a side.
#[test]
fn the_stylised_move_is_three_forced_turns() {
    let rules = common::rules("njombwa-one-counter", None, &[]);
    let mut game = Game::new(&rules);
    let script = [
        Move::Sow(hole(&rules, "a8")),
        Move::Sow(hole(&rules, "d1")),
        Move::Transfer(hole(&rules, "a7"), hole(&rules, "a8")),
        Move::Transfer(hole(&rules, "d2"), hole(&rules, "d1")),
        Move::Empty(hole(&rules, "b7")),
        Move::Empty(hole(&rules, "c2")),
    ];
    for (i, mv) in script.into_iter().enumerate() {
        assert_eq!(game.legal_moves().to_vec(), vec![mv], "decision {}", i + 1);
        let effect = game.play(mv).unwrap();
        if i == 0 {
            assert_eq!(effect, sow_effect(&rules, 8, 15, "a7", &[], true));
        }
    }
    assert_board(
        &rules,
        game.state(),
        "d 2 0 2 0 2 0 2 0
         c 0 0 0 2 0 2 0 2
         b 2 0 2 0 2 0 0 0
         a 0 2 0 2 0 2 0 2",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a2", "a4", "a6", "a8", "b1", "b3", "b5"]));
}
