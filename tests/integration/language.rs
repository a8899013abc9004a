//! Language constructs that no bundled game uses yet, each on a small rules file written
//! here and checked by hand.

use sow::engine::{Game, Move, Player};
use sow::{Options, Rules};

use crate::common;
use crate::kit::*;

/// Nsolo's Sanderson ruleset with its capture's extra holes made optional.
fn optional_extra_holes() -> Rules {
    let text = common::rules_text("nsolo").replace(
        "then take 1 more occupied hole from the opponent's territory",
        "then may take 2 more occupied holes from the opponent's territory",
    );
    sow::compile("optional.sow", &text, &Options::new(Some("sanderson-1913"), &[]))
        .unwrap_or_else(|e| panic!("{}", common::render(&e)))
}

/// `then may take 2 more occupied holes …`: after the capture the mover may pick any
/// occupied hole of North's (no pick is refused for leaving too few: nothing is owed), or
/// `stop`.
///
/// 4×10, South sows a9 (2): a10 0→1, b10 0→1 — b10 was empty, South's inner row, and c10 holds 3: capture
/// c10 (3) and d10 (1), 4 seeds. Then up to 2 more occupied North holes: North has c1 (2)
/// and d1 (1) left, so the picks offered are c1, d1 and `stop`. South picks d1 (1 more
/// seed, 5 in all) and then stops with one pick unused: North keeps c1, and it is North's
/// turn.
#[test]
fn optional_extra_holes_may_be_left() {
    let rules = optional_extra_holes();
    let state = position(
        &rules,
        "d 1 0 0 0 0 0 0 0 0 1
         c 2 0 0 0 0 0 0 0 0 3
         b 0 2 0 0 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0 2 0",
        Player::South,
    );
    let mut game = Game::from_state(&rules, state);
    game.play(Move::Sow(hole(&rules, "a9"))).unwrap();
    assert_eq!(game.state().captured().south, 4);
    let mut expected = picks(&rules, &["c1", "d1"]);
    expected.push(Move::Stop);
    assert_eq!(game.legal_moves().to_vec(), expected);
    game.play(Move::Pick(hole(&rules, "d1"))).unwrap();
    // After a pick at d1, later holes in board order only: none is occupied.
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Stop]);
    let effect = game.play(Move::Stop).unwrap();
    assert!(effect.turn_over);
    assert_eq!(game.state().captured().south, 5);
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 0 0 0
         c 2 0 0 0 0 0 0 0 0 0
         b 0 2 0 0 0 0 0 0 0 1
         a 0 0 0 0 0 0 0 0 0 1",
    );
}
