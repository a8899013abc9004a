//! Hand-checked worked examples of Chiana wa Bwalo (`rules/chiana-wa-bwalo.sow`): four
//! seeds in every outer hole, single laps from the rearmost hole only (the back hole of a
//! run of seeds; the back hole of any run once captures have split them; the leftmost
//! outer hole when every own hole is full), a capture of the opposite inner hole alone into
//! hand, and the win by taking every seed — and the ruleset "ludii": any occupied hole, the
//! end by score, and the capture of the mover's own inner hole in front of an outer landing.
//!
//! Every expectation was worked out by hand from the rules text. Positions are written as
//! the board picture shows them, North's outer row on top (4×6 unless said):
//!
//! ```text
//!      1 2 3 4 5 6
//!   d  . . . . . .   North outer   North sows d6 → d1, then c1 → c6
//!   c  . . . . . .   North inner
//!   b  . . . . . .   South inner   South sows a1 → a6, then b6 → b1
//!   a  . . . . . .   South outer
//! ```
//!
//! In the traces, `x→y` means a seed fell into a hole that held `x`. There is no relay:
//! every sowing is one lap.

use sow::Rules;
use sow::engine::{DrawReason, Game, Move, Outcome, Player, WinReason};

use crate::common;
use crate::kit::*;

fn chiana(ruleset: Option<&str>, params: &[&str]) -> Rules {
    common::rules("chiana-wa-bwalo", ruleset, params)
}

/// A main-game position with seeds already in each player's hand (and counted as captured).
fn with_hands<'r>(rules: &'r Rules, text: &str, to_move: Player, hands: (u16, u16)) -> Game<'r> {
    let mut s = setup(rules, text, to_move);
    s.hand[Player::South] = hands.0;
    s.hand[Player::North] = hands.1;
    s.captured = s.hand;
    Game::from_state(rules, state(rules, &s))
}

// ---------------------------------------------------------------------------------------
// 1. The rearmost hole: forced moves, a capture, and a run split in two.

/// The default board, 4×16: four seeds in every outer hole, 128 in all. South's seeds are
/// one run, a1…a16, and b1 behind a1 is empty: a1 is the rearmost hole, the only move.
/// a1 (4): a2…a5 4→5, a single lap ending in an occupied hole: the turn is over. North's
/// rearmost hole is then d16 (c16 behind it is empty): [d16].
#[test]
fn the_default_board_opens_with_the_rearmost_holes() {
    let rules = chiana(None, &[]);
    assert_eq!(rules.columns(), 16);
    assert_eq!(rules.total_seeds(), 128);
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1"]));
    let effect = game.play(Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 4, "a5", &[], true));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d16"]));
}

/// 4×6. Each player's seeds creep forward from the back, one forced move after another:
///   a1 (4): a2…a5 4→5, last a5.                   d6 (4): d5…d2 4→5, last d2.
///   a2 (5): a3…a5 5→6, a6 4→5, b6 0→1: an empty inner hole, but c6 facing it is empty.
///   d5 (5): d4…d2 5→6, d1 4→5, c1 0→1: facing an empty b1.
///   a3 (6): a4 a5 6→7, a6 5→6, b6 1→2, b5 0→1, b4 0→1: facing an empty c4.
///   d4 (6): d3 d2 6→7, d1 5→6, c1 1→2, c2 0→1, c3 0→1: facing an empty b3.
///   a4 (7): a5 7→8, a6 6→7, b6 2→3, b5 b4 1→2, b3 0→1, b2 0→1: b2 faces c2 (1), which
///     goes to South's hand — and only c2: d2 (7) behind it stays.
/// North's seeds are now two runs: d3 d2 d1 c1 (behind d3, d4 is empty) and c3 alone
/// (behind it, c2 was just emptied). DECIDED: the back hole of either run may be sown:
/// [c3, d3]. North sows c3 (1): c4 0→1, an empty inner hole facing b4 (2): 2 to North's
/// hand. South's seeds are split in turn — a5 a6 b6 b5 (behind a5, a4 is empty) and b3 b2
/// (behind b3, b4 is now empty): [a5, b3].
#[test]
fn the_rearmost_hole_is_forced_until_a_capture_splits_the_seeds() {
    let rules = chiana(None, &["columns=6"]);
    assert_eq!(rules.total_seeds(), 48);
    let mut game = Game::new(&rules);
    let forced = [
        ("a1", 4, "a5"),
        ("d6", 4, "d2"),
        ("a2", 5, "b6"),
        ("d5", 5, "c1"),
        ("a3", 6, "b4"),
        ("d4", 6, "c3"),
    ];
    for (name, sown, last) in forced {
        assert_eq!(game.legal_moves().to_vec(), sows(&rules, &[name]));
        let effect = game.play(Move::Sow(hole(&rules, name))).unwrap();
        assert_eq!(effect, sow_effect(&rules, 1, sown, last, &[], true), "{name}");
    }
    assert_board(
        &rules,
        game.state(),
        "d 6 7 7 0 0 0
         c 2 1 1 0 0 0
         b 0 0 0 1 1 2
         a 0 0 0 7 7 6",
    );

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a4"]));
    let effect = game.play(Move::Sow(hole(&rules, "a4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 7, "b2", &[("c2", 1)], true));
    assert_eq!(game.state().hand()[Player::South], 1);
    assert_board(
        &rules,
        game.state(),
        "d 6 7 7 0 0 0
         c 2 0 1 0 0 0
         b 0 1 1 2 2 3
         a 0 0 0 0 8 7",
    );

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c3", "d3"]));
    let effect = game.play(Move::Sow(hole(&rules, "c3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "c4", &[("b4", 2)], true));
    assert_eq!(game.state().hand()[Player::North], 2);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a5", "b3"]));
}

/// DECIDED: when every own hole is occupied, no hole stands behind an empty one, and the
/// leftmost outer hole (South's a1) is sown.
///
///   d 1 0 0 0 0 0
///   c 0 0 0 0 0 0
///   b 3 1 1 1 1 1
///   a 1 1 1 1 1 1
///
/// [a1]. a1 (1): a2 1→2, occupied: the turn is over. North's one seed, d1, is its rearmost
/// hole: d1 (1): c1 0→1, an empty inner hole facing b1 (3): 3 to North's hand. South's
/// rearmost hole is now a2 (behind it, a1 is empty): [a2].
#[test]
fn a_full_circuit_is_sown_from_the_leftmost_outer_hole() {
    let rules = chiana(None, &["columns=6"]);
    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 1 0 0 0 0 0
             c 0 0 0 0 0 0
             b 3 1 1 1 1 1
             a 1 1 1 1 1 1",
            Player::South,
        ),
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1"]));
    let effect = game.play(Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "a2", &[], true));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1"]));
    let effect = game.play(Move::Sow(hole(&rules, "d1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "c1", &[("b1", 3)], true));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a2"]));
}

// ---------------------------------------------------------------------------------------
// 2. The end: taking every seed (the text) against Ludii's score.

/// South to move:
///
///   d 0 0 0 0 0 0
///   c 0 0 3 0 0 0
///   b 0 0 0 1 0 0
///   a 0 0 0 0 0 0
///
/// b4 (1), South's rearmost hole: b3 0→1, an empty inner hole facing c3 (3): 3 to hand, and
/// North has no seeds left.
/// - Base game: South has taken every seed and wins.
/// - Ruleset "ludii": North, to move, cannot move; the game is scored, South's 1 on the
///   board and hand against North's hand.
///   - hands 0 / 5: South 1 + 3 = 4 against 5: North wins.
///   - hands 0 / 4: 4 against 4: a draw.
///   - hands 1 / 4: 5 against 4: South wins.
#[test]
fn taking_every_seed_wins_but_ludii_scores_the_seeds_held() {
    let text = "d 0 0 0 0 0 0
                c 0 0 3 0 0 0
                b 0 0 0 1 0 0
                a 0 0 0 0 0 0";
    let rules = chiana(None, &["columns=6"]);
    let mut game = with_hands(&rules, text, Player::South, (0, 5));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b4"]));
    let effect = game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("c3", 3)], true));
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));

    let ludii = chiana(Some("ludii"), &["columns=6"]);
    let cases = [
        ((0, 5), Some(Outcome::Win { winner: Player::North, reason: WinReason::Score })),
        ((0, 4), Some(Outcome::Draw(DrawReason::EqualScores))),
        ((1, 4), Some(Outcome::Win { winner: Player::South, reason: WinReason::Score })),
    ];
    for (hands, outcome) in cases {
        let mut game = with_hands(&ludii, text, Player::South, hands);
        let effect = game.play(Move::Sow(hole(&ludii, "b4"))).unwrap();
        assert_eq!(effect, sow_effect(&ludii, 1, 1, "b3", &[("c3", 3)], true));
        assert_eq!(game.state().hand()[Player::South], hands.0 + 3);
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.outcome(), outcome, "hands {hands:?}");
    }
}

// ---------------------------------------------------------------------------------------
// 3. The ruleset "ludii": any hole, and the capture of an own inner hole.

/// From the start any occupied hole may be sown: South's six outer holes, [a1…a6].
///
/// Then, South to move:
///
///   d 1 0 0 0 0 0
///   c 0 0 0 0 0 0
///   b 0 0 2 0 0 0
///   a 0 1 0 0 0 0
///
/// [a2, b3]. a2 (1): a3 0→1, an empty OUTER hole with South's own b3 (2) in front of it:
/// Ludii's code takes the hole one row further toward the opponent, here South's own b3,
/// into South's hand (2). A last seed in the empty outer hole a4 would find b4 empty in
/// front of it, and take nothing.
#[test]
fn ludii_sows_any_hole_and_takes_the_own_inner_hole_in_front() {
    let rules = chiana(Some("ludii"), &["columns=6"]);
    let game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6"]));

    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 1 0 0 0 0 0
             c 0 0 0 0 0 0
             b 0 0 2 0 0 0
             a 0 1 0 0 0 0",
            Player::South,
        ),
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a2", "b3"]));
    let effect = game.play(Move::Sow(hole(&rules, "a2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "a3", &[("b3", 2)], true));
    assert_eq!(game.state().hand()[Player::South], 2);
    assert_board(
        &rules,
        game.state(),
        "d 1 0 0 0 0 0
         c 0 0 0 0 0 0
         b 0 0 0 0 0 0
         a 0 0 1 0 0 0",
    );
}

/// The same for North, who sows d6 → d1 along the outer row. North to move:
///
///   d 0 0 0 0 1 0
///   c 0 0 0 3 0 0
///   b 0 0 0 0 0 1
///   a 1 0 0 0 0 0
///
/// [c4, d5]. d5 (1): d4 0→1, an empty outer hole with North's own c4 (3) in front of it:
/// 3 to North's hand. The base game takes nothing there (its capture asks for an inner
/// landing): d4 gets its seed and c4 keeps 3.
#[test]
fn ludii_takes_norths_own_inner_hole_in_front_and_the_base_game_does_not() {
    let picture = "d 0 0 0 0 1 0
                   c 0 0 0 3 0 0
                   b 0 0 0 0 0 1
                   a 1 0 0 0 0 0";
    let rules = chiana(Some("ludii"), &["columns=6"]);
    let mut game = Game::from_state(&rules, position(&rules, picture, Player::North));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c4", "d5"]));
    let effect = game.play(Move::Sow(hole(&rules, "d5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "d4", &[("c4", 3)], true));
    assert_eq!(game.state().hand()[Player::North], 3);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 1 0 0
         c 0 0 0 0 0 0
         b 0 0 0 0 0 1
         a 1 0 0 0 0 0",
    );

    let base = chiana(None, &["columns=6"]);
    let mut game = Game::from_state(&base, position(&base, picture, Player::North));
    let effect = game.play(Move::Sow(hole(&base, "d5"))).unwrap();
    assert_eq!(effect, sow_effect(&base, 1, 1, "d4", &[], true));
    assert_eq!(game.state().hand()[Player::North], 0);
}
