//! Hand-checked worked examples of Mefuvha (`rules/mefuvha.sow`): the set first sowing from
//! the third inner hole (and the DECIDED case where it has been taken), captures that take
//! the landing seed with the two facing holes into the mover's hand and then one more
//! enemy hole, holes of two or more before singletons, and the end by score when the
//! player to move cannot move.
//!
//! Every expectation was worked out by hand from the rules text. Boards are written as the
//! picture shows them, North's outer row on top. South sows a1 → an, then bn → b1; North
//! sows dn → d1, then c1 → cn. In the traces `x→y` means a seed fell into a hole that held
//! `x`; a lap ending in an occupied hole lifts it and sows on.
//!
//! An [`sow::engine::Effect`] lists every hole a capture took from, the landing hole on the
//! mover's own side first.

use sow::Rules;
use sow::engine::{DrawReason, Effect, Game, Move, MoveList, Outcome, Player, WinReason};

use crate::common;
use crate::kit::*;

fn mefuvha(params: &[&str]) -> Rules {
    common::rules("mefuvha", None, params)
}

/// A sowing's laps, seeds sown, last hole and whether the turn is over.
#[track_caller]
fn assert_sowing(rules: &Rules, effect: &Effect, laps: u32, sown: u32, last: &str, turn_over: bool) {
    assert_eq!(
        (effect.laps, effect.sown, effect.last, effect.turn_over),
        (laps, sown, Some(hole(rules, last)), turn_over)
    );
}

/// A main-game position (openings over) with seeds already in each player's hand.
fn main_game<'r>(rules: &'r Rules, text: &str, to_move: Player, hands: (u16, u16)) -> Game<'r> {
    let mut s = setup(rules, text, to_move);
    s.hand[Player::South] = hands.0;
    s.hand[Player::North] = hands.1;
    s.captured = s.hand;
    Game::from_state(rules, state(rules, &s))
}

fn holes(prefix: char, columns: std::ops::RangeInclusive<usize>) -> Vec<String> {
    columns.map(|c| format!("{prefix}{c}")).collect()
}

// ---------------------------------------------------------------------------------------
// 1. The set first sowings on the default 4×16 board.

/// The start: 2 in every hole except b1 = 0, b2 = 1 (South) and c16 = 0, c15 = 1 (North);
/// 61 seeds a side. South's first turn must sow b3 (2): b2 1→2, b1 0→1. b1 was empty and
/// is South's inner row: capture the landing seed (1), c1 (2) and d1 (2) into South's hand:
/// 5. Then one more North hole, any occupied one: c2–c15 and d2–d16 (29).
///
/// - South takes d16 (2): hand 7. North's first turn must sow its third inner hole from
///   its left, c14 (2): c15 1→2, c16 0→1; c16 was empty, North's inner row: capture c16's
///   seed, b16 (2) and a16 (2): North's hand 5. One more South hole: a1–a15, b2, b4–b15
///   (b1 and b3 are empty): 28.
/// - South takes c14 instead (DECIDED): North's set move has nothing to sow, so North
///   plays an ordinary turn: any hole of two or more, c2–c13 and d2–d16 (c15's single seed
///   waits while those exist). North sows d2 (2): d1 0→1, c1 0→1; c1 was empty, North's
///   inner row: capture c1's seed and the facing holes that hold seeds — b1 is empty, a1
///   holds 2: North's hand 3. One more South hole: a2–a16, b2, b4–b16 (29).
#[test]
fn set_first_sowings_and_a_taken_first_hole() {
    let rules = mefuvha(&[]);
    assert_eq!(rules.columns(), 16);
    assert_eq!(rules.total_seeds(), 122);
    let mut game = Game::new(&rules);
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2
         c 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1 0
         b 0 1 2 2 2 2 2 2 2 2 2 2 2 2 2 2
         a 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b3"]));
    let effect = game.play(Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_sowing(&rules, &effect, 1, 2, "b1", false);
    assert_eq!(effect.taken, vec![(hole(&rules, "b1"), 1), (hole(&rules, "c1"), 2), (hole(&rules, "d1"), 2)]);
    assert_eq!(game.state().hand()[Player::South], 5);
    assert_eq!(remaining(game.state()), Some(1));
    let mut north: Vec<String> = holes('c', 2..=15);
    north.extend(holes('d', 2..=16));
    let north: Vec<&str> = north.iter().map(String::as_str).collect();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &north));
    let after_capture = game.state().clone();

    // South takes d16; North makes its set move.
    let effect = game.play(Move::Pick(hole(&rules, "d16"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d16", 2)], true));
    assert_eq!(game.state().hand()[Player::South], 7);
    assert_eq!(game.state().phase_of(Player::North), 0);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c14"]));
    let effect = game.play(Move::Sow(hole(&rules, "c14"))).unwrap();
    assert_sowing(&rules, &effect, 1, 2, "c16", false);
    assert_eq!(
        effect.taken,
        vec![(hole(&rules, "c16"), 1), (hole(&rules, "a16"), 2), (hole(&rules, "b16"), 2)]
    );
    assert_eq!(game.state().hand()[Player::North], 5);
    let mut south: Vec<String> = holes('a', 1..=15);
    south.push("b2".into());
    south.extend(holes('b', 4..=15));
    let south: Vec<&str> = south.iter().map(String::as_str).collect();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &south));
    game.play(Move::Pick(hole(&rules, "a1"))).unwrap();
    assert_eq!(game.state().hand()[Player::North], 7);
    assert_board(
        &rules,
        game.state(),
        "d 0 2 2 2 2 2 2 2 2 2 2 2 2 2 2 0
         c 0 2 2 2 2 2 2 2 2 2 2 2 2 0 2 0
         b 0 2 0 2 2 2 2 2 2 2 2 2 2 2 2 0
         a 0 2 2 2 2 2 2 2 2 2 2 2 2 2 2 0",
    );

    // South takes c14; North's set move is skipped.
    let mut game = Game::from_state(&rules, after_capture);
    game.play(Move::Pick(hole(&rules, "c14"))).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.state().phase_of(Player::North), rules.phases().len() - 1);
    let mut candidates = MoveList::new();
    rules.candidates(game.state(), &mut candidates);
    let mut twos: Vec<String> = holes('c', 2..=13);
    twos.extend(holes('d', 2..=16));
    let twos: Vec<&str> = twos.iter().map(String::as_str).collect();
    assert_eq!(candidates.to_vec(), sows(&rules, &twos));
    assert!(game.legal_moves().contains(&Move::Sow(hole(&rules, "d2"))));
    let effect = game.play(Move::Sow(hole(&rules, "d2"))).unwrap();
    assert_sowing(&rules, &effect, 1, 2, "c1", false);
    assert_eq!(effect.taken, vec![(hole(&rules, "c1"), 1), (hole(&rules, "a1"), 2)]);
    assert_eq!(game.state().hand()[Player::North], 3);
    let mut south: Vec<String> = holes('a', 2..=16);
    south.push("b2".into());
    south.extend(holes('b', 4..=16));
    let south: Vec<&str> = south.iter().map(String::as_str).collect();
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &south));
}

// ---------------------------------------------------------------------------------------
// 2. Singletons only when no hole holds two; a capture facing empty holes.

/// 4×6. South holds only singletons (a1, a3, b5), so any of them may be sown — there is no
/// condition on the next hole: legal [a1, a3, b5]. (With a1 holding 2 instead, only a1.)
///
/// South sows b5 (1): b4 0→1. b4 was empty and is South's inner row: a capture, though
/// c4 and d4 are empty — only the landing seed is taken (hand 1), and then one more North
/// hole: [c2, d5, d6]. South takes d5 (2): hand 3. North keeps c2 3 and d6 1; with c2
/// holding 3, North must sow c2.
#[test]
fn singletons_when_no_hole_has_two_and_a_capture_facing_empty_holes() {
    let rules = mefuvha(&["columns=6"]);
    let text = "d 0 0 0 0 2 1
                c 0 3 0 0 0 0
                b 0 0 0 0 1 0
                a 1 0 1 0 0 0";
    let mut game = main_game(&rules, text, Player::South, (0, 0));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "a3", "b5"]));

    let with_two = main_game(&rules, &text.replace("a 1 0 1", "a 2 0 1"), Player::South, (0, 0));
    assert_eq!(with_two.legal_moves().to_vec(), sows(&rules, &["a1"]));

    let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_sowing(&rules, &effect, 1, 1, "b4", false);
    assert_eq!(game.state().hand()[Player::South], 1);
    assert_eq!(game.legal_moves().to_vec(), picks(&rules, &["c2", "d5", "d6"]));
    let effect = game.play(Move::Pick(hole(&rules, "d5"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d5", 2)], true));
    assert_eq!(game.state().hand()[Player::South], 3);
    assert_eq!(game.state().captured()[Player::South], 3);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 1
         c 0 3 0 0 0 0
         b 0 0 0 0 0 0
         a 1 0 1 0 0 0",
    );
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c2"]));
}

// ---------------------------------------------------------------------------------------
// 3. A relay capture that empties North, and the end by score.

/// 4×6. South's only hole of two or more is a6: legal [a6]. a6 (2): b6 0→1, b5 1→2 → lift 2
/// | b4 0→1, b3 0→1; b3 was empty, South's inner row: capture the landing seed, c3 (2) and
/// d3 (1): 4 into South's hand. North has no seeds left, so there is no extra hole, and
/// North, to move, cannot move: the game ends on seeds owned, on the side and in hand.
/// South then has b6 1 + b4 1 on the board.
///   - hands before 10 / 30: South 2 + 14 = 16, North 0 + 30 = 30: North wins.
///   - hands before 10 / 16: 16 against 16: a draw.
///   - hands before 20 / 16: 26 against 16: South wins.
#[test]
fn a_player_who_cannot_move_ends_the_game_on_seeds_owned() {
    let rules = mefuvha(&["columns=6"]);
    let text = "d 0 0 1 0 0 0
                c 0 0 2 0 0 0
                b 0 0 0 0 1 0
                a 0 0 0 0 0 2";
    let cases = [
        ((10, 30), Some(Outcome::Win { winner: Player::North, reason: WinReason::Score })),
        ((10, 16), Some(Outcome::Draw(DrawReason::EqualScores))),
        ((20, 16), Some(Outcome::Win { winner: Player::South, reason: WinReason::Score })),
    ];
    for (hands, outcome) in cases {
        let mut game = main_game(&rules, text, Player::South, hands);
        assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a6"]));
        let effect = game.play(Move::Sow(hole(&rules, "a6"))).unwrap();
        assert_sowing(&rules, &effect, 2, 4, "b3", true);
        assert_eq!(
            effect.taken,
            vec![(hole(&rules, "b3"), 1), (hole(&rules, "c3"), 2), (hole(&rules, "d3"), 1)]
        );
        assert_eq!(game.state().hand()[Player::South], hands.0 + 4);
        assert_board(
            &rules,
            game.state(),
            "d 0 0 0 0 0 0
             c 0 0 0 0 0 0
             b 0 0 0 1 0 1
             a 0 0 0 0 0 0",
        );
        assert_eq!(game.state().to_move(), Player::North);
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.outcome(), outcome);
    }
}
