//! Hand-checked worked examples of Muvalavala (`rules/muvalavala.sow`): the Quioco game
//! (the base) — its lopsided setup, holes of two or more, the capture on an occupied inner
//! landing that comes before the relay and sows the captured seeds on from the landing
//! hole, and the loss of a player who cannot move — and the ruleset "luena": two seeds a
//! hole, clockwise sowing, each player's first sowing from the inner row, captures into
//! hand, and the end by score.
//!
//! Every expectation was worked out by hand from the rules text. Positions are written as
//! the board picture shows them, North's outer row on top (4×6):
//!
//! ```text
//!      1 2 3 4 5 6
//!   d  . . . . . .   North outer   Quioco (anticlockwise): d6 → d1, then c1 → c6
//!   c  . . . . . .   North inner   Luena (clockwise):      c6 → c1, then d1 → d6
//!   b  . . . . . .   South inner   Luena (clockwise):      a6 → a1, then b1 → b6
//!   a  . . . . . .   South outer   Quioco (anticlockwise): a1 → a6, then b6 → b1
//! ```
//!
//! In the traces, `x→y` means a seed fell into a hole that held `x`; a lap whose last seed
//! falls into an occupied hole lifts that hole and sows on (relay). A capture lists the
//! holes it took on the mover's own side first, then the opponent's, each in board order.

use sow::engine::{DrawReason, Game, Move, Outcome, Player, WinReason};
use sow::{Options, Rules};

use crate::common;
use crate::kit::*;

fn muvalavala(ruleset: Option<&str>) -> Rules {
    common::rules("muvalavala", ruleset, &[])
}

// ---------------------------------------------------------------------------------------
// 1. Quioco: the setup, the forced first sowings, and a capture sown on.

/// Start: one seed in every hole but each player's leftmost column, where the outer hole
/// holds the rest, 2 × 6 = 12, and the inner hole none: 22 a side. Only holes of two or
/// more may be sown, so each side's first sowing is forced:
///   a1 (12): a2…a6 1→2, b6…b2 1→2, b1 0→1, and the twelfth seed into a1 itself (emptied
///   when lifted) 0→1: an empty outer hole, the end. 1 lap, 12 seeds.
///   d6 (12) likewise round North's side: d5…d1, c1…c5 1→2, c6 0→1, d6 0→1.
/// South then has a2…a6 and b2…b6 with two each: ten holes to choose from. It sows b2 (2):
///   b1 1→2, a1 1→2 → a1 was occupied (an outer hole): relay 2: a2 2→3, a3 2→3 → relay 3:
///   a4, a5, a6 2→3 → relay 3: b6, b5, b4 2→3 → b4 was occupied, it is South's inner
///   row, and c4 facing it holds 2: a capture, before any relay. c4 (2) and d4 (2) behind
///   it are taken, and their 4 seeds are sown on from the hole after b4: b3 2→3, b2 0→1,
///   b1 2→3, a1 0→1. The turn ends there, though b3 was occupied. 4 laps, 10 seeds sown
///   before the capture, and the lap of its 4: 5 laps, 14 seeds, the last in a1. South 26
///   seeds, North 18.
/// North may then sow its holes of two or more: [c1 c2 c3 c5 d1 d2 d3 d5].
#[test]
fn quioco_setup_forced_first_sowings_and_a_capture_sown_on() {
    let rules = muvalavala(None);
    assert_eq!(rules.columns(), 6);
    assert_eq!(rules.total_seeds(), 44);
    let mut game = Game::new(&rules);
    assert_board(
        &rules,
        game.state(),
        "d 1 1 1 1 1 12
         c 1 1 1 1 1 0
         b 0 1 1 1 1 1
         a 12 1 1 1 1 1",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1"]));
    let effect = game.play(Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 12, "a1", &[], true));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d6"]));
    let effect = game.play(Move::Sow(hole(&rules, "d6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 12, "d6", &[], true));
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 2 2 1
         c 2 2 2 2 2 1
         b 1 2 2 2 2 2
         a 1 2 2 2 2 2",
    );
    assert_eq!(
        game.legal_moves().to_vec(),
        sows(&rules, &["a2", "a3", "a4", "a5", "a6", "b2", "b3", "b4", "b5", "b6"])
    );

    let effect = game.play(Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 5, 14, "a1", &[("c4", 2), ("d4", 2)], true));
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 0 2 1
         c 2 2 2 0 2 1
         b 3 1 3 3 3 3
         a 1 3 0 3 3 0",
    );
    // Nothing leaves the board: no hand, no captured count.
    assert_eq!(game.state().hand()[Player::South], 0);
    assert_eq!(rules.seeds_on_board(game.state()), 44);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c1", "c2", "c3", "c5", "d1", "d2", "d3", "d5"]));
}

// ---------------------------------------------------------------------------------------
// 2. Quioco: when an inner landing relays, stops, or captures; a blocked player loses.

/// South to move; b6 is South's only hole of two or more: [b6].
///
///   d 0 0 0 0 0 1
///   c 0 2 0 0 0 0
///   b 0 0 1 1 0 2
///   a 0 0 0 0 0 0
///
/// b6 (2): b5 0→1, b4 1→2 → b4 was occupied, South's inner row, but c4 facing it is empty:
/// no capture, so it relays: b3 1→2, b2 0→1 → b2 was empty: the turn is over, though c2
/// facing it holds 2 (a capture needs an occupied landing hole). 2 laps, 4 seeds. North
/// may then sow c2 (2), not d6 (1).
#[test]
fn quioco_an_occupied_inner_landing_facing_nothing_relays_and_an_empty_one_stops() {
    let rules = muvalavala(None);
    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 0 0 0 0 0 1
             c 0 2 0 0 0 0
             b 0 0 1 1 0 2
             a 0 0 0 0 0 0",
            Player::South,
        ),
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b6"]));
    let effect = game.play(Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b2", &[], true));
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 1
         c 0 2 0 0 0 0
         b 0 1 2 0 1 0
         a 0 0 0 0 0 0",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c2"]));
}

/// The same b6 with c4 (3) and d4 (1) facing b4, and North's c2 down to one seed:
///
///   d 0 0 0 1 0 1
///   c 0 1 0 3 0 0
///   b 0 0 1 1 0 2
///   a 0 0 0 0 0 0
///
/// b6 (2): b5 0→1, b4 1→2 → occupied, South's inner row, facing c4 (3): c4 and d4 are
/// taken (4) and sown on from b3: b3 1→2, b2 0→1, b1 0→1, a1 0→1. 1 lap, 2 seeds sown
/// before the capture, and the lap of its 4: 2 laps, 6 seeds, the last in a1. North is left with c2 (1) and d6 (1): no hole of two or more, no
/// legal move, and North has lost (Ludii's `BlockWin`).
#[test]
fn quioco_a_capture_sown_on_and_a_player_who_cannot_move_loses() {
    let rules = muvalavala(None);
    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 0 0 0 1 0 1
             c 0 1 0 3 0 0
             b 0 0 1 1 0 2
             a 0 0 0 0 0 0",
            Player::South,
        ),
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b6"]));
    let effect = game.play(Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 6, "a1", &[("c4", 3), ("d4", 1)], true));
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 1
         c 0 1 0 0 0 0
         b 1 1 2 2 1 0
         a 1 0 0 0 0 0",
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.outcome(), win(Player::South, WinReason::Blocked));
}

/// Both games take 6 to 16 holes a row. The Quioco game's start follows the board: 4n − 2
/// seeds a side, 2n of them in the leftmost outer hole — on 4×7 a1 and d7 hold 14 and the
/// board 2 × 26 = 52; on 4×16, 32 and 2 × 62 = 124. The ruleset "luena" has two in every
/// hole: 128 on 4×16.
#[test]
fn both_games_are_played_on_six_to_sixteen_holes_a_row() {
    let text = common::rules_text("muvalavala");
    let compile = |ruleset: Option<&str>, params: &[&str]| {
        sow::compile("rules/muvalavala.sow", &text, &Options::new(ruleset, params))
    };
    let seven = compile(None, &["columns=7"]).unwrap();
    assert_eq!(seven.total_seeds(), 52);
    assert_eq!(seven.start_counts()[0], 14);
    assert_eq!(compile(None, &["columns=16"]).unwrap().total_seeds(), 124);
    assert!(compile(None, &["columns=17"]).is_err());
    let luena = compile(Some("luena"), &["columns=16"]).unwrap();
    assert_eq!(luena.total_seeds(), 128);
    assert!(compile(Some("luena"), &["columns=17"]).is_err());
}

// ---------------------------------------------------------------------------------------
// 3. Luena: the inner-row first sowings, clockwise relays, captures into hand.

/// Start: two in every hole, 48 seeds. South's first sowing must come from the inner row:
/// [b1…b6]. Clockwise, South sows a6 → a1, then b1 → b6.
///   b1 (2): b2 2→3, b3 2→3 → relay 3: b4, b5, b6 2→3 → relay 3: a6, a5, a4 2→3 → relay 3:
///   a3, a2, a1 2→3 → relay 3: b1 0→1, b2 3→4, b3 0→1 → b3, emptied by the first relay,
///   is South's inner row and faces c3 (2), with d3 (2) behind: 4 to South's hand.
///   5 laps, 2 + 4 × 3 = 14 seeds.
/// North's first sowing comes from its inner row too: [c1 c2 c4 c5 c6] (c3 is empty).
/// Clockwise, North sows c6 → c1, then d1 → d6.
///   c4 (2): c3 0→1, c2 2→3 → relay 3: c1, d1, d2 2→3 → relay 3: d3 0→1, d4, d5 2→3 →
///   relay 3: d6, c6, c5 2→3 → relay 3: c4 0→1, c3 1→2, c2 0→1 → c2, emptied by the
///   first relay, faces b2 (4), with a2 (3) behind: 7 to North's hand. 5 laps, 14 seeds.
/// South's second turn is the main game's: any occupied hole, [a3 a5 a6 b1 b3 b4 b5].
#[test]
fn luena_inner_row_first_sowings_and_captures_into_hand() {
    let rules = muvalavala(Some("luena"));
    assert_eq!(rules.total_seeds(), 48);
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b1", "b2", "b3", "b4", "b5", "b6"]));
    let effect = game.play(Move::Sow(hole(&rules, "b1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 5, 14, "b3", &[("c3", 2), ("d3", 2)], true));
    assert_eq!(game.state().hand()[Player::South], 4);
    assert_board(
        &rules,
        game.state(),
        "d 2 2 0 2 2 2
         c 2 2 0 2 2 2
         b 1 4 1 3 3 0
         a 0 3 3 0 3 3",
    );

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["c1", "c2", "c4", "c5", "c6"]));
    let effect = game.play(Move::Sow(hole(&rules, "c4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 5, 14, "c2", &[("a2", 3), ("b2", 4)], true));
    assert_eq!(game.state().hand()[Player::North], 7);
    assert_board(
        &rules,
        game.state(),
        "d 3 0 1 3 0 3
         c 3 1 2 1 0 3
         b 1 0 1 3 3 0
         a 0 0 3 0 3 3",
    );

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a3", "a5", "a6", "b1", "b3", "b4", "b5"]));
}

// ---------------------------------------------------------------------------------------
// 4. Luena: the end by score.

/// Main game, South to move, with seeds already in hand:
///
///   d 0 0 1 0 0 0
///   c 0 0 2 0 0 0
///   b 0 1 0 0 0 0
///   a 0 0 0 0 0 1
///
/// Any occupied hole: [a6, b2]. b2 (1), clockwise: b3 0→1, an empty inner hole facing c3
/// (2) with d3 (1) behind: 3 to hand. North has no seeds, so cannot move: the game ends,
/// and South's 2 seeds on the board (a6, b3) and hand are set against North's hand.
///   hands 0 / 5: South 2 + 3 = 5 against 5: a draw.
///   hands 0 / 6: 5 against 6: North wins.
///   hands 1 / 5: 6 against 5: South wins.
#[test]
fn luena_a_player_who_cannot_move_ends_the_game_on_seeds_held() {
    let rules = muvalavala(Some("luena"));
    let text = "d 0 0 1 0 0 0
                c 0 0 2 0 0 0
                b 0 1 0 0 0 0
                a 0 0 0 0 0 1";
    let cases = [
        ((0, 5), Some(Outcome::Draw(DrawReason::EqualScores))),
        ((0, 6), Some(Outcome::Win { winner: Player::North, reason: WinReason::Score })),
        ((1, 5), Some(Outcome::Win { winner: Player::South, reason: WinReason::Score })),
    ];
    for (hands, outcome) in cases {
        let mut s = setup(&rules, text, Player::South);
        s.hand[Player::South] = hands.0;
        s.hand[Player::North] = hands.1;
        s.captured = s.hand;
        let mut game = Game::from_state(&rules, state(&rules, &s));
        assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a6", "b2"]));
        let effect = game.play(Move::Sow(hole(&rules, "b2"))).unwrap();
        assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("c3", 2), ("d3", 1)], true));
        assert_board(
            &rules,
            game.state(),
            "d 0 0 0 0 0 0
             c 0 0 0 0 0 0
             b 0 0 1 0 0 0
             a 0 0 0 0 0 1",
        );
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.outcome(), outcome, "hands {hands:?}");
    }
}
