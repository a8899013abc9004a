//! Hand-checked worked examples of Mwambulula (`rules/mwambulula.sow`): the opening that
//! takes the inner row's seeds into hand; the move that puts one seed from hand into each
//! own hole; and a capture from the outer row, sown one lap on from the lap's origin.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```

use sow::Rules;
use sow::engine::{ByPlayer, History, Move, Player, Position, Setup};

use crate::common;
use crate::kit::*;

fn mwambulula() -> Rules {
    common::rules("mwambulula", None, &[])
}

/// The position after the opening: two seeds in each outer hole, the inner rows empty, 16
/// seeds in each hand (captured from the player's own side).
fn after_opening(rules: &Rules) -> sow::engine::State {
    let mut setup = setup(
        rules,
        "d 2 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 2 2 2 2 2 2 2 2",
        Player::South,
    );
    setup.hand = ByPlayer::pair(16, 16);
    setup.captured = ByPlayer::pair(16, 16);
    state(rules, &setup)
}

/// The opening: a turn puts the two seeds of an own inner hole into the mover's hand: South
/// may empty any of b1…b8. After b3, North any of c1…c8; after eight turns each the inner
/// rows are empty and the main game begins.
#[test]
fn the_opening_takes_the_inner_row_into_hand() {
    let rules = mwambulula();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    let empties = |names: &[&str]| names.iter().map(|n| Move::Empty(hole(&rules, n))).collect::<Vec<_>>();
    assert_eq!(legal(&rules, &state), empties(&["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"]));
    rules.play(&mut state, &mut history, Move::Empty(hole(&rules, "b3"))).unwrap();
    assert_eq!(state.hand()[Player::South], 2);
    assert_eq!(legal(&rules, &state), empties(&["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"]));
    for name in ["c1", "b1", "c2", "b2", "c3", "b4", "c4", "b5", "c5", "b6", "c6", "b7", "c7", "b8", "c8"] {
        rules.play(&mut state, &mut history, Move::Empty(hole(&rules, name))).unwrap();
    }
    assert_eq!(state.hand(), ByPlayer::pair(16, 16));
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 2 2 2 2 2 2 2 2",
    );
    let mut moves = sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]);
    moves.push(Move::Enter);
    assert_eq!(legal(&rules, &state), moves);
}

/// After the opening, South's nine decisions: a sowing of each outer hole (no capture is
/// possible: North's inner row is empty) or entering the store. Whichever South plays,
/// North has the same nine: perft 1 and 2 from there are 9 and 81. Entering puts one seed
/// into each of South's sixteen holes: outer 3, inner 1, the hand empty, the turn over; it
/// is not on offer again.
#[test]
fn entering_the_store_puts_a_seed_into_each_own_hole() {
    let rules = mwambulula();
    let start = after_opening(&rules);
    let mut position = Position::from_state(&rules, start.clone());
    assert_eq!(position.perft(1), 9);
    assert_eq!(position.perft(2), 81);

    let mut state = start;
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Enter).unwrap();
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2
         c 0 0 0 0 0 0 0 0
         b 1 1 1 1 1 1 1 1
         a 3 3 3 3 3 3 3 3",
    );
    assert_eq!(state.hand(), ByPlayer::pair(0, 16));
    assert_eq!(state.captured(), ByPlayer::pair(0, 16));
    assert_eq!(state.to_move(), Player::North);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "d1"))).unwrap();
    assert!(!legal(&rules, &state).contains(&Move::Enter));
}

/// A capture from the outer row. South a3 (2): a4 0→1, a5 1→2 — an occupied hole, and
/// North's inner hole in that column, c5, holds 2: c5 and d5 (3) are taken, 5 seeds, put
/// into a3 (where the lap was lifted) and sown one lap from the hole after it: a4 1→2, a5
/// 2→3, a6 0→1, a7 1→2, a8 1→2. The last seed falls into an occupied hole facing an occupied
/// c8, but the turn is over: the captured seeds are sown one lap only.
#[test]
fn a_capture_from_the_outer_row_is_sown_one_lap_from_the_origin() {
    let rules = mwambulula();
    let mut state = state(
        &rules,
        &Setup::new(
            board(
                &rules,
                "d 0 0 0 0 3 0 0 0
                 c 0 0 0 0 2 0 0 1
                 b 0 0 0 0 0 0 0 0
                 a 0 0 2 0 1 0 1 1",
            ),
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a3", "a5", "a7", "a8"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a3"))).unwrap();
    // The effect tells the whole sowing: the lap up to the capture and the lap of the 5
    // captured seeds, the last in a8.
    assert_eq!(effect, sow_effect(&rules, 2, 7, "a8", &[("c5", 2), ("d5", 3)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 1
         b 0 0 0 0 0 0 0 0
         a 0 0 0 2 3 1 2 2",
    );
    assert_eq!(state.to_move(), Player::North);
}
