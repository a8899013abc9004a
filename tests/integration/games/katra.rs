//! Hand-checked worked examples of Katra (`rules/katra.sow`): a capture sown on from the
//! landing hole with the last seed (Murray's text) or with the whole hole (Ludii's code),
//! and the raid on the outer row that the text allows only against an empty inner row.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top; South sows anticlockwise
//! (a1 → a8, then b8 → b1), the direction it chose on its first turn.

use sow::Rules;
use sow::engine::{Game, Move, Player};
use sow::model::Direction;

use crate::common;
use crate::kit::*;

fn katra(ruleset: Option<&str>) -> Rules {
    common::rules("katra", ruleset, &[])
}

/// A main-game position in which South has chosen to sow anticlockwise.
fn anticlockwise<'r>(rules: &'r Rules, picture: &str) -> Game<'r> {
    let mut s = setup(rules, picture, Player::South);
    s.direction.south = Some(Direction::Anticlockwise);
    Game::from_state(rules, state(rules, &s))
}

/// South b5 (2): b4 0→1, b3 1→2 — occupied, facing c3 (3): taken into b3 (2→5), and the 3
/// taken seeds with the last seed are sown on: b2, b1, a1, a2 0→1 — empty, the end; b3
/// keeps 1. Two laps, 2 + 4 seeds. "ludii" sows the whole hole (5): b2, b1, a1, a2, a3 —
/// b3 is left empty. Two laps, 2 + 5 seeds.
#[test]
fn a_capture_is_sown_on_with_the_last_seed_or_in_ludii_with_the_whole_hole() {
    let picture = "d 0 0 0 0 0 0 0 1
                   c 0 0 3 0 0 0 0 0
                   b 0 0 1 0 2 0 0 0
                   a 0 0 0 0 0 0 0 0";
    let rules = katra(None);
    let mut game = anticlockwise(&rules, picture);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b3", "b5"]));
    let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 6, "a2", &[("c3", 3)], true));
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 1 1 1 1 0 0 0 0
         a 1 1 0 0 0 0 0 0",
    );

    let ludii = katra(Some("ludii"));
    let mut game = anticlockwise(&ludii, picture);
    let effect = game.play(Move::Sow(hole(&ludii, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&ludii, 2, 7, "a3", &[("c3", 3)], true));
    assert_board(
        &ludii,
        game.state(),
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 1 1 0 1 0 0 0 0
         a 1 1 1 0 0 0 0 0",
    );
}

/// The outer row is raided only when the opponent's inner row is empty. South b5 (2): b4
/// 0→1, b3 1→2, facing c3 (empty) and d3 (2). North's inner row is empty: d3 is taken into
/// b3 and sown on with the last seed (3): b2, b1, a1 0→1 — empty, the end.
/// With c8 holding a seed the inner row is not empty: the lap just ends in b3.
/// "ludii" raids the outer hole either way.
#[test]
fn the_outer_row_is_raided_only_when_the_inner_row_is_empty() {
    let picture = "d 0 0 2 0 0 0 0 1
                   c 0 0 0 0 0 0 0 0
                   b 0 0 1 0 2 0 0 0
                   a 0 0 0 0 0 0 0 0";
    let rules = katra(None);
    let mut game = anticlockwise(&rules, picture);
    let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "a1", &[("d3", 2)], true));
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 1 1 1 1 0 0 0 0
         a 1 0 0 0 0 0 0 0",
    );

    let guarded = picture.replace("c 0 0 0 0 0 0 0 0", "c 0 0 0 0 0 0 0 1");
    let mut game = anticlockwise(&rules, &guarded);
    let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b3", &[], true));

    let ludii = katra(Some("ludii"));
    let mut game = anticlockwise(&ludii, &guarded);
    let effect = game.play(Move::Sow(hole(&ludii, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&ludii, 2, 6, "a2", &[("d3", 2)], true));
}
