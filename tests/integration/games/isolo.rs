//! Hand-checked worked examples of Isolo (`rules/isolo.sow`): "ludii"'s gathering of the
//! outer row and return of one seed from each inner hole, one hole a turn; the opening's
//! sowing from the
//! rightmost inner hole round to the rightmost outer hole and its last seed moved to the
//! inner row's 2nd hole from the right; the initial phase, whose laps skip the two rightmost
//! holes (they may still be lifted), until the player lifts the rightmost outer hole; and
//! the capture of both facing holes, sown from the capturing lap's origin (the origin itself
//! first in the base game, the hole after it in "ludii", whose two holes stay skipped).
//!
//! Positions are written as the board picture shows them, North's outer row on top (4×8):
//! South sows a1 → a8, then b8 → b1; North d8 → d1, then c1 → c8. A player's rightmost
//! holes are South's a8 and b8, North's d1 and c1.

use sow::Rules;
use sow::engine::{Game, Move, Player};

use crate::common;
use crate::kit::*;

fn isolo(ruleset: Option<&str>) -> Rules {
    common::rules("isolo", ruleset, &[])
}

/// The position after the opening, each side's: South a 2 0 2 0 2 0 2 17, b 0 2 0 2 0 2 1 0.
const OPENED: &str = "d 17 2 0 2 0 2 0 2
                      c  0 1 2 0 2 0 2 0
                      b  0 2 0 2 0 2 1 0
                      a  2 0 2 0 2 0 2 17";

/// The forced decisions of the opening, checked one by one: four in the base game, two in
/// "ludii", which moves the last seed within the sowing's turn (and first plays its
/// gathering and return turns, checked in `ludii_gathers_and_returns_one_hole_a_turn`).
fn opened(rules: &Rules) -> Game<'_> {
    let mut game = Game::new(rules);
    if rules.model().phases.len() > 4 {
        for mv in ludii_preamble(rules) {
            game.play(mv).unwrap();
        }
    }
    let mut script = vec![Move::Sow(hole(rules, "b8")), Move::Sow(hole(rules, "c1"))];
    if rules.model().phases.len() == 4 {
        // The base game moves the last seed in a turn of its own; "ludii" within the sowing's.
        script.push(Move::Transfer(hole(rules, "a8"), hole(rules, "b7")));
        script.push(Move::Transfer(hole(rules, "d1"), hole(rules, "c2")));
    }
    for (i, mv) in script.into_iter().enumerate() {
        assert_eq!(game.legal_moves().to_vec(), vec![mv], "decision {}", i + 1);
        let effect = game.play(mv).unwrap();
        if i == 0 {
            // Eight laps of 1, 2, 2, 2, 2, 2, 2, 2 seeds; "ludii" moves the last seed on into
            // b7 within the turn (the base game in a turn of its own).
            let mut expected = sow_effect(rules, 8, 15, "a8", &[], true);
            if rules.model().phases.len() > 4 {
                expected.moved = vec![(hole(rules, "a8"), hole(rules, "b7"), 1)];
            }
            assert_eq!(effect, expected);
        }
    }
    game
}

/// Ludii's gathering and return, as turns: South empties a1…a7 into a8 and North d8…d2 into
/// d1, turn about (7 turns each); then South moves one seed of b1…b8 into a1…a8 and North of
/// c8…c1 into d8…d1 (8 turns each). 30 decisions.
fn ludii_preamble(rules: &Rules) -> Vec<Move> {
    let t = |a: &str, b: &str| Move::Transfer(hole(rules, a), hole(rules, b));
    let mut script = Vec::new();
    for k in 1..=7 {
        script.push(t(&format!("a{k}"), "a8"));
        script.push(t(&format!("d{}", 9 - k), "d1"));
    }
    for k in 1..=8 {
        script.push(t(&format!("b{k}"), &format!("a{k}")));
        script.push(t(&format!("c{}", 9 - k), &format!("d{}", 9 - k)));
    }
    script
}

/// "ludii" starts from two seeds in every hole. Its first phase: each turn, all the seeds of
/// one of the seven other outer holes go into the rightmost outer hole. South's first
/// choices are a1…a7 into a8 (7), North's d2…d8 into d1. After a1 → a8 (a1 0, a8 4), South's
/// next turn offers a2…a7 (6). After seven turns each, a8 and d1 hold 16 and the other outer
/// holes none: the phase is over. Second phase: each turn one seed of an inner hole holding 2
/// goes into the outer hole behind it: South b1…b8 into a1…a8 (8); after b1 → a1 (b1 1,
/// a1 1), b1 is not offered again (7). After eight turns each, every inner hole holds 1,
/// every outer hole 1 and the rightmost 17: the base game's start, and South's only move is
/// the sowing of b8.
#[test]
fn ludii_gathers_and_returns_one_hole_a_turn() {
    let rules = isolo(Some("ludii"));
    let t = |a: &str, b: &str| Move::Transfer(hole(&rules, a), hole(&rules, b));
    let mut game = Game::new(&rules);
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 2 2 2 2 2
         c 2 2 2 2 2 2 2 2
         b 2 2 2 2 2 2 2 2
         a 2 2 2 2 2 2 2 2",
    );
    let first: Vec<Move> = (1..=7).map(|k| t(&format!("a{k}"), "a8")).collect();
    assert_eq!(game.legal_moves().to_vec(), first);
    let script = ludii_preamble(&rules);
    for (i, &mv) in script.iter().enumerate() {
        match i {
            1 => {
                let north: Vec<Move> = (2..=8).map(|k| t(&format!("d{k}"), "d1")).collect();
                assert_eq!(game.legal_moves().to_vec(), north);
            }
            2 => {
                assert_board(
                    &rules,
                    game.state(),
                    "d 4 2 2 2 2 2 2 0
                     c 2 2 2 2 2 2 2 2
                     b 2 2 2 2 2 2 2 2
                     a 0 2 2 2 2 2 2 4",
                );
                assert_eq!(game.legal_moves().to_vec(), first[1..].to_vec());
            }
            14 => {
                assert_board(
                    &rules,
                    game.state(),
                    "d 16 0 0 0 0 0 0 0
                     c  2 2 2 2 2 2 2 2
                     b  2 2 2 2 2 2 2 2
                     a  0 0 0 0 0 0 0 16",
                );
                let back: Vec<Move> = (1..=8).map(|k| t(&format!("b{k}"), &format!("a{k}"))).collect();
                assert_eq!(game.legal_moves().to_vec(), back);
            }
            16 => {
                let back: Vec<Move> = (2..=8).map(|k| t(&format!("b{k}"), &format!("a{k}"))).collect();
                assert_eq!(game.legal_moves().to_vec(), back);
            }
            _ => assert!(game.legal_moves().to_vec().contains(&mv), "decision {}", i + 1),
        }
        game.play(mv).unwrap();
    }
    assert_board(
        &rules,
        game.state(),
        "d 17 1 1 1 1 1 1 1
         c  1 1 1 1 1 1 1 1
         b  1 1 1 1 1 1 1 1
         a  1 1 1 1 1 1 1 17",
    );
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Sow(hole(&rules, "b8"))]);
}

/// One seed a hole and 17 in each rightmost outer hole (the text's rearrangement). South's
/// sowing of b8 (1): b7 1→2, relay (2): b6, b5 1→2, relay: b4, b3, relay: b2, b1, relay:
/// a1, a2, relay: a3, a4, relay: a5, a6, relay: a7, a8 17→18, the keep hole: the sowing
/// stops. Eight laps, 15 seeds. North's mirror image from c1 to d1. Then one seed goes from
/// a8 (18→17) into b7 (0→1), and from d1 into c2. Each decision is the only one on offer;
/// then South may sow any of its nine occupied holes, a8 among them.
#[test]
fn the_opening_sows_round_to_the_rightmost_outer_hole() {
    for ruleset in [None, Some("ludii")] {
        let rules = isolo(ruleset);
        let game = opened(&rules);
        assert_board(&rules, game.state(), OPENED);
        assert_eq!(
            game.legal_moves().to_vec(),
            sows(&rules, &["a1", "a3", "a5", "a7", "a8", "b2", "b4", "b6", "b7"]),
            "{ruleset:?}"
        );
    }
}

/// South lifts a8 (17) in the initial phase. Its laps skip a8 and b8, so the ring has 14
/// holes: one seed in each of a1…a7 and b7…b1, then b7, b6, b5. b5 (0→1→2) was occupied, an
/// inner hole facing c5 (2) and d5 (0): both are taken (2) and sown from a8, the lap's
/// origin — past a8 and b8, skipped — into b7 (3→4) and b6 (4→5): 2 laps, 19 seeds, the last
/// in b6. ("ludii" sows from the hole after a8, which is also b7: the same board.)
///
/// North sows c3 (2): c4 0→1, c5 0→1, empty: the end.
///
/// South has lifted a8, so its next turn is of the second phase, where laps skip nothing:
/// a7 (3): a8 0→1, b8 0→1, b7 4→5, occupied, facing c7 (2) and d7 (0): 2 taken, sown from
/// a7 itself: a7 0→1, a8 1→2. In "ludii" the holes stay skipped: a7 (3): b7 4→5, b6 5→6,
/// b5 2→3, occupied, facing c5 (1) and d5 (0): 1 taken, sown from the hole after a7 — past
/// a8 and b8 — into b7 5→6.
#[test]
fn lifting_the_rightmost_outer_hole_ends_the_skipping() {
    for ruleset in [None, Some("ludii")] {
        let rules = isolo(ruleset);
        let mut game = opened(&rules);
        let effect = game.play(Move::Sow(hole(&rules, "a8"))).unwrap();
        assert_eq!(effect, sow_effect(&rules, 2, 19, "b6", &[("c5", 2)], true), "{ruleset:?}");
        assert_board(
            &rules,
            game.state(),
            "d 17 2 0 2 0 2 0 2
             c  0 1 2 0 0 0 2 0
             b  1 3 1 3 2 5 4 0
             a  3 1 3 1 3 1 3 0",
        );
        game.play(Move::Sow(hole(&rules, "c3"))).unwrap();
        assert_eq!(game.state().to_move(), Player::South);
        game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
        let after = if ruleset.is_none() {
            "d 17 2 0 2 0 2 0 2
             c  0 1 0 1 1 0 0 0
             b  1 3 1 3 2 5 5 1
             a  3 1 3 1 3 1 1 2"
        } else {
            "d 17 2 0 2 0 2 0 2
             c  0 1 0 1 0 0 2 0
             b  1 3 1 3 3 6 6 0
             a  3 1 3 1 3 1 0 0"
        };
        assert_board(&rules, game.state(), after);
        assert_eq!(game.state().to_move(), Player::North);
    }
}

/// After the opening, South sows b4 (2): b3 0→1, b2 2→3, occupied, an inner hole facing c2
/// (1) and d2 (2): both are taken (3). The base game sows them starting with b4, the lap's
/// origin: b4 0→1, b3 1→2, b2 3→4. "ludii" sows them from the hole after it: b3 1→2,
/// b2 3→4, b1 0→1. Either way that one lap ends the turn: 2 laps, 5 seeds, the last in b2
/// (b1 in "ludii").
#[test]
fn a_capture_is_sown_from_the_capturing_laps_origin() {
    for (ruleset, south_inner, last) in
        [(None, "b 0 4 2 1 0 2 1 0", "b2"), (Some("ludii"), "b 1 4 2 0 0 2 1 0", "b1")]
    {
        let rules = isolo(ruleset);
        let mut game = opened(&rules);
        let effect = game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
        assert_eq!(effect, sow_effect(&rules, 2, 5, last, &[("c2", 1), ("d2", 2)], true), "{ruleset:?}");
        let picture = format!(
            "d 17 0 0 2 0 2 0 2
             c  0 0 2 0 2 0 2 0
             {south_inner}
             a  2 0 2 0 2 0 2 17"
        );
        assert_board(&rules, game.state(), &picture);
        assert_eq!(game.state().to_move(), Player::North);
    }
}

/// "ludii": the first sowing's last seed goes on within the sowing's turn (Ludii's `fromTo`
/// in the consequence of the lap that ends in the rightmost outer hole). After the gathering
/// and the return, South's b8 (1) sows round to a8 (17→18) in eight laps (as the base game:
/// see `the_opening_sows_round_to_the_rightmost_outer_hole`), and one seed of a8 (18→17)
/// goes into b7 (0→1) at once: North is to move, with c1 alone on offer. The seed is not
/// taken: South has captured nothing. Seen failing as a turn of its own (South to move, the
/// seed still in a8).
#[test]
fn ludii_moves_the_last_seed_within_the_sowing_turn() {
    let rules = isolo(Some("ludii"));
    let mut game = Game::new(&rules);
    for mv in ludii_preamble(&rules) {
        game.play(mv).unwrap();
    }
    game.play(Move::Sow(hole(&rules, "b8"))).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 17 1 1 1 1 1 1 1
         c  1 1 1 1 1 1 1 1
         b  0 2 0 2 0 2 1 0
         a  2 0 2 0 2 0 2 17",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c1"]));
    assert_eq!(game.state().captured()[Player::South], 0);
}
