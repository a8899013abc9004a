//! Hand-checked worked examples of Nchayo (`rules/nchayo.sow`): one seed in every hole,
//! any occupied hole sown in relay laps, a capture of the opposite inner hole and the outer
//! hole behind it into the mover's hand (the outer one only with the inner one) — and the
//! ruleset "ludii", where the game ends by score when the player to move cannot move
//! instead of being lost by the player left without seeds.
//!
//! Every expectation was worked out by hand from the rules text. Positions are written as
//! the board picture shows them, North's outer row on top (4×5 unless said):
//!
//! ```text
//!      1 2 3 4 5
//!   d  . . . . .   North outer   North sows d5 → d1, then c1 → c5
//!   c  . . . . .   North inner
//!   b  . . . . .   South inner   South sows a1 → a5, then b5 → b1
//!   a  . . . . .   South outer
//! ```
//!
//! In the traces, `x→y` means a seed fell into a hole that held `x`; a lap whose last seed
//! falls into an occupied hole lifts that hole and sows on (relay).

use sow::Rules;
use sow::engine::{DrawReason, Game, Move, Outcome, Player, WinReason};

use crate::common;
use crate::kit::*;

fn nchayo(ruleset: Option<&str>, params: &[&str]) -> Rules {
    common::rules("nchayo", ruleset, params)
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
// 1. The start, and a first sowing that relays round the circuit and captures.

/// Start (4×5): one seed in every hole, 20 seeds. Any occupied hole may be sown, singletons
/// included: South's ten holes, [a1…a5, b1…b5].
///
/// South sows a5 (1): b5 1→2 → relay 2: b4 1→2, b3 1→2 → relay 2: b2 1→2, b1 1→2 → relay 2:
/// a1 1→2, a2 1→2 → relay 2: a3 1→2, a4 1→2 → relay 2: a5 0→1 (the origin, emptied),
/// b5 0→1 (emptied by the first relay). b5 was empty, South's inner row, and faces c5 (1)
/// with d5 (1) behind: both go to South's hand (2). 6 laps, 1 + 5 × 2 = 11 seeds.
/// South keeps a 2 0 2 0 1, b 0 2 0 2 1 (10 seeds); North keeps its other eight holes, and
/// may sow any of them: [c1…c4, d1…d4].
#[test]
fn a_first_sowing_relays_round_and_captures_inner_and_outer() {
    let rules = nchayo(None, &[]);
    assert_eq!(rules.columns(), 5);
    assert_eq!(rules.total_seeds(), 20);
    let mut game = Game::new(&rules);
    assert_board(
        &rules,
        game.state(),
        "d 1 1 1 1 1
         c 1 1 1 1 1
         b 1 1 1 1 1
         a 1 1 1 1 1",
    );
    assert_eq!(
        game.legal_moves().to_vec(),
        sows(&rules, &["a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5"])
    );

    let effect = game.play(Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 6, 11, "b5", &[("c5", 1), ("d5", 1)], true));
    assert_eq!(game.state().hand()[Player::South], 2);
    assert_eq!(game.state().captured()[Player::South], 2);
    assert_board(
        &rules,
        game.state(),
        "d 1 1 1 1 0
         c 1 1 1 1 0
         b 0 2 0 2 1
         a 2 0 2 0 1",
    );
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c1", "c2", "c3", "c4", "d1", "d2", "d3", "d4"]));
}

/// The 4×8 board (the only other size; 6 or 7 holes a row are refused): the same pattern
/// round a circuit of 16. South sows b1 (1): a1 1→2 → relay 2: a2 1→2, a3 1→2 → relay 2:
/// a4, a5 → relay: a6, a7 → relay: a8, b8 → relay: b7, b6 → relay: b5, b4 → relay: b3, b2
/// → relay 2: b1 0→1 (the origin), a1 0→1 (emptied by the first relay): a1 is an outer
/// hole, so nothing is taken. 9 laps, 1 + 8 × 2 = 17 seeds. Along South's circuit
/// (a1…a8, b8…b1): a1 1, a2 2, a3 0, a4 2, a5 0, a6 2, a7 0, a8 2, b8 0, b7 2, b6 0, b5 2,
/// b4 0, b3 2, b2 0, b1 1.
#[test]
fn the_eight_hole_board() {
    let rules = nchayo(None, &["columns=8"]);
    assert_eq!(rules.total_seeds(), 32);
    assert!(common_rules_refuse(&["columns=6"]));
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().len(), 16);
    let effect = game.play(Move::Sow(hole(&rules, "b1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 9, 17, "a1", &[], true));
    assert_board(
        &rules,
        game.state(),
        "d 1 1 1 1 1 1 1 1
         c 1 1 1 1 1 1 1 1
         b 1 0 2 0 2 0 2 0
         a 1 2 0 2 0 2 0 2",
    );
}

/// Whether compiling Nchayo with these parameters fails.
fn common_rules_refuse(params: &[&str]) -> bool {
    let text = common::rules_text("nchayo");
    sow::compile("rules/nchayo.sow", &text, &sow::Options::new(None, params)).is_err()
}

// ---------------------------------------------------------------------------------------
// 2. What a capture takes, and what it does not.

/// South to move:
///
///   d 5 3 2 0 1
///   c 0 0 2 0 4
///   b 0 1 0 1 0
///   a 1 0 0 0 0
///
/// Any occupied hole: [a1, b2, b4].
/// - b4 (1): b3 0→1, empty, facing c3 (2) with d3 (2) behind: 4 to hand.
/// - b2 (1): b1 0→1, empty, facing an empty c1: nothing is taken, not even d1 (5) behind
///   it — the outer hole goes only with the inner one.
/// - a1 (1): a2 0→1, an empty outer hole: nothing.
/// - With c3's seeds moved to c5 (c 0 0 0 0 6), b4 faces an empty inner hole with d3 (2)
///   behind it: nothing is taken.
#[test]
fn a_capture_takes_the_inner_hole_and_the_outer_one_behind_it() {
    let rules = nchayo(None, &[]);
    let text = "d 5 3 2 0 1
                c 0 0 2 0 4
                b 0 1 0 1 0
                a 1 0 0 0 0";
    let game = Game::from_state(&rules, position(&rules, text, Player::South));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "b2", "b4"]));

    let mut capture = game.clone();
    let effect = capture.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("c3", 2), ("d3", 2)], true));
    assert_eq!(capture.state().hand()[Player::South], 4);
    assert_board(
        &rules,
        capture.state(),
        "d 5 3 0 0 1
         c 0 0 0 0 4
         b 0 1 1 0 0
         a 1 0 0 0 0",
    );

    let mut quiet = game.clone();
    let effect = quiet.play(Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b1", &[], true));
    let effect = game.clone().play(Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "a2", &[], true));

    let outer_only = text.replace("c 0 0 2 0 4", "c 0 0 0 0 6");
    let mut game = Game::from_state(&rules, position(&rules, &outer_only, Player::South));
    let effect = game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[], true));
    assert_eq!(game.state().hand()[Player::South], 0);
}

// ---------------------------------------------------------------------------------------
// 3. The end: the text (no seeds loses) against Ludii's code (by score).

/// South to move, North holding 10 seeds in hand already:
///
///   d 0 0 1 0 0
///   c 0 0 2 0 0
///   b 0 0 0 1 0
///   a 1 0 0 0 0
///
/// [a1, b4]. South sows b4 (1): b3 0→1, empty, facing c3 (2) with d3 (1): 3 to hand, and
/// North has no seeds left.
/// - Base game ("the player who captures all of the opponent's counters wins"): South wins,
///   whatever the hands hold.
/// - Ruleset "ludii": North, to move, cannot move, and the game is scored: South has 2 on
///   the board (a1, b3) and its hand, North its hand.
///   - hands 0 / 10: South 2 + 3 = 5 against 10: North wins.
///   - hands 5 / 10: South 2 + 8 = 10 against 10: a draw.
///   - hands 6 / 10: South 11 against 10: South wins.
#[test]
fn taking_every_seed_wins_but_ludii_scores_the_seeds_held() {
    let text = "d 0 0 1 0 0
                c 0 0 2 0 0
                b 0 0 0 1 0
                a 1 0 0 0 0";
    let after = "d 0 0 0 0 0
                 c 0 0 0 0 0
                 b 0 0 1 0 0
                 a 1 0 0 0 0";

    let rules = nchayo(None, &[]);
    let mut game = with_hands(&rules, text, Player::South, (0, 10));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "b4"]));
    let effect = game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("c3", 2), ("d3", 1)], true));
    assert_board(&rules, game.state(), after);
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));

    let ludii = nchayo(Some("ludii"), &[]);
    let cases = [
        ((0, 10), Some(Outcome::Win { winner: Player::North, reason: WinReason::Score })),
        ((5, 10), Some(Outcome::Draw(DrawReason::EqualScores))),
        ((6, 10), Some(Outcome::Win { winner: Player::South, reason: WinReason::Score })),
    ];
    for (hands, outcome) in cases {
        let mut game = with_hands(&ludii, text, Player::South, hands);
        assert_eq!(game.legal_moves().to_vec(), sows(&ludii, &["a1", "b4"]));
        let effect = game.play(Move::Sow(hole(&ludii, "b4"))).unwrap();
        assert_eq!(effect, sow_effect(&ludii, 1, 1, "b3", &[("c3", 2), ("d3", 1)], true));
        assert_eq!(game.state().hand()[Player::South], hands.0 + 3);
        assert_board(&ludii, game.state(), after);
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.outcome(), outcome, "hands {hands:?}");
    }
}

/// In both, a capture that leaves the opponent seeds lets the game go on: the same b4 with
/// a seed left in North's d5 ends nothing, and North may sow d5 — in "ludii" too.
#[test]
fn a_capture_that_leaves_seeds_ends_nothing() {
    let text = "d 0 0 1 0 1
                c 0 0 2 0 0
                b 0 0 0 1 0
                a 1 0 0 0 0";
    for ruleset in [None, Some("ludii")] {
        let rules = nchayo(ruleset, &[]);
        let mut game = with_hands(&rules, text, Player::South, (0, 10));
        game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
        assert_eq!(game.outcome(), None, "{ruleset:?}");
        assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d5"]), "{ruleset:?}");
    }
}
