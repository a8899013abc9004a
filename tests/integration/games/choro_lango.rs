//! Hand-checked worked examples of Choro (Lango) (`rules/choro-lango.sow`): the opening
//! from the two rightmost outer holes, the capture of the facing inner hole (and the outer
//! one behind it) into the mover's outer hole behind the landing, sown on (with the whole
//! hole where one seed was taken), and the compulsory capture: a sowing whose first lap captures must be chosen
//! if there is one (`whose lap captures … otherwise …`).
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top (4×8):
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```

use sow::Rules;
use sow::engine::{Game, Move, Player};

use crate::common;
use crate::kit::*;

fn choro() -> Rules {
    common::rules("choro-lango", None, &[])
}

/// The opening starts from a7 or a8, and both capture at once, so both are offered. a7 (2):
/// 1. a8 2→3, b8 2→3 — an occupied inner hole facing c8 (2): c8 and d8 (2) taken, 4 into
///    a8 (3→7, not a lone seed), and the 4 sown on from there:
/// 2. b8 3→4, b7 2→3, b6 2→3, b5 2→3 — facing c5 (2): c5, d5 into a5 (2→6), 4 sown on:
/// 3. a6 2→3, a7 0→1, a8 3→4, b8 4→5 — c8 is empty now: relay 5 from b8:
/// 4. b7 3→4, b6 3→4, b5 3→4, b4 2→3, b3 2→3 — facing c3 (2): c3, d3 into a3 (2→6), 4
///    sown on:
/// 5. a4 2→3, a5 2→3, a6 3→4, a7 1→2 — an occupied outer hole: relay 2 from a7:
/// 6. a8 4→5, b8 0→1 — b8 had been emptied: the end.
///
/// North then opens from d1 (c1 2→3, c2 2→3: facing b2 (2), a capture) or d2 (d1 2→3,
/// c1 2→3: facing b1 (2), a capture). After a8 instead, North's d2 is taken and d1 does
/// not capture (c1 2→3, c2 0→1): the otherwise description, d1 alone.
#[test]
fn the_opening_from_the_two_rightmost_outer_holes() {
    let rules = choro();
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a7", "a8"]));
    game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 2 2 0 2 0 2 2 0
         c 2 2 0 2 0 2 2 0
         b 2 2 3 3 4 4 4 1
         a 2 2 2 3 3 4 0 5",
    );
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1", "d2"]));
    let mut game = Game::new(&rules);
    game.play(Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1"]));
}

/// A capture is compulsory on the first lap. South's a3 (2) sows a4, a5 — empty, the end;
/// a7 (2) sows a8, b8 (1→2) — an occupied inner hole facing c8 (1): a capture, so a7 is
/// the only sowing. Its capture takes c8 and d8 (1 each) into a8 (1→3): two seeds were
/// taken, so those two are sown from a8 and the lap's own seed stays there — b8 2→3, b7
/// 0→1, empty: the end.
/// With c8 empty the landing at b8 only relays, nothing captures, and both holes may be
/// sown. Seen failing with `whose lap captures` ignored (a3 offered too).
#[test]
fn a_capture_on_the_first_lap_is_compulsory() {
    let rules = choro();
    let start = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 0 0 0 0 1
             c 0 0 0 0 0 0 0 1
             b 0 0 0 0 0 0 0 1
             a 0 0 2 0 0 0 2 0",
            Player::South,
        ),
    );
    assert_eq!(legal(&rules, &start), sows(&rules, &["a7"]));
    let mut game = Game::from_state(&rules, start);
    game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 1 3
         a 0 0 2 0 0 0 0 1",
    );
    let free = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 0 0 0 0 1
             c 0 0 0 0 0 0 0 0
             b 0 0 0 0 0 0 0 1
             a 0 0 2 0 0 0 2 0",
            Player::South,
        ),
    );
    assert_eq!(legal(&rules, &free), sows(&rules, &["a3", "a7"]));
}

/// "If the capture is only of one counter, the contents of the appropriate outer row hole
/// on the player's side are sown along with the one captured counter." South's a7 (2): a8
/// 3→4, b8 1→2 — an occupied inner hole facing c8 (1), a capture (d8 is empty: one seed
/// taken). It goes into a8 (4→5), and the whole hole is sown: b8 2→3, b7, b6, b5, b4 0→1 —
/// b4 was empty: the end. (Sowing the lone taken seed alone, b8 2→3 would relay: b7, b6, b5
/// 0→1, leaving a8 4 and b8 empty.) a8 (3) ends in b6, empty: not a capture, so a7 is the
/// only sowing.
#[test]
fn a_lone_captured_seed_is_sown_with_the_whole_outer_hole() {
    let rules = choro();
    let start = state(
        &rules,
        &setup(
            &rules,
            "d 2 0 0 0 0 0 0 0
             c 0 0 0 0 0 0 0 1
             b 0 0 0 0 0 0 0 1
             a 0 0 0 0 0 0 2 3",
            Player::South,
        ),
    );
    assert_eq!(legal(&rules, &start), sows(&rules, &["a7"]));
    let mut game = Game::from_state(&rules, start);
    game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 1 1 1 1 3
         a 0 0 0 0 0 0 0 0",
    );
}
