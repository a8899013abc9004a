//! Hand-checked worked examples of Katra (`rules/katra.sow`): a capture sown on from the
//! landing hole with the last seed (Murray's text) or with the whole hole (Ludii's code),
//! the raid on the outer row that the text allows only against an empty inner row, and the
//! direction each player chooses with their first sowing and keeps (the text, and Ludii's
//! code as of 1.3.12).
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
    s.direction[Player::South] = Some(Direction::Anticlockwise);
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

/// Ludii 1.3.12 (its two selections, along "TrackCCW" and along "TrackCW", and the track
/// chosen kept per player): South's first turn offers each of its 16 holes either way, 32
/// decisions. South b2 anticlockwise (2): b1 3, a1 3, an occupied outer hole: relay (3): a2,
/// a3, a4 3 — relay (3): a5, a6, a7 3 — relay (3): a8 3, b8 3, b7 3, an occupied inner hole
/// facing c7 (2): c7 goes into b7 (5) and the whole hole is sown on: b6, b5, b4, b3 3, b2
/// 0→1, the end. 5 laps, 2 + 3 + 3 + 3 + 5 = 16 seeds.
/// North has not chosen yet: c6 clockwise (North's clockwise runs c8 → c1, then d1 → d8)
/// (2): c5 3, c4 3, facing b4 (3): taken, c4 6, sown on: c3, c2, c1, d1, d2 3, d3 3 — an
/// occupied outer hole: relay (3): d4, d5, d6 3 — relay (3): d7 3, d8 3, c8 3, facing b8
/// (3): taken, c8 6, sown on: c7 0→1, c6 0→1, c5 4, c4 0→1, c3 4, c2 4, facing b2 (1, too
/// few) and a2 (3): a2 is taken, c2 7, sown on: c1 4, d1 4, d2 4, d3 0→1, d4 4, d5 4, d6
/// 0→1, the end. 6 laps, 2 + 6 + 3 + 3 + 6 + 7 = 27 seeds. Each has now chosen: South's 9
/// occupied holes, anticlockwise only.
#[test]
fn ludii_the_first_sowing_chooses_the_direction_either_way_and_it_is_kept() {
    let rules = katra(Some("ludii"));
    let mut game = Game::new(&rules);
    let moves = game.legal_moves().to_vec();
    assert_eq!(moves.len(), 32);
    for name in ["a1", "a8", "b1", "b8"] {
        for way in [Direction::Anticlockwise, Direction::Clockwise] {
            assert!(moves.contains(&Move::SowDirection(hole(&rules, name), way)), "{name} {way:?}");
        }
    }

    let effects = game.play_turn("b2:ccw").unwrap();
    assert_eq!(effects, vec![sow_effect(&rules, 5, 16, "b2", &[("c7", 2)], true)]);
    assert_eq!(game.state().chosen_direction(Player::South), Some(Direction::Anticlockwise));
    assert_eq!(game.state().chosen_direction(Player::North), None);
    let c6 = hole(&rules, "c6");
    assert!(game.legal_moves().to_vec().contains(&Move::SowDirection(c6, Direction::Clockwise)));
    let effects = game.play_turn("c6:cw").unwrap();
    assert_eq!(effects, vec![sow_effect(&rules, 6, 27, "d6", &[("a2", 3), ("b4", 3), ("b8", 3)], true)]);
    assert_eq!(game.state().chosen_direction(Player::North), Some(Direction::Clockwise));
    assert_board(
        &rules,
        game.state(),
        "d 4 4 1 4 4 1 3 3
         c 4 0 4 1 4 1 1 0
         b 3 1 3 0 3 3 0 0
         a 0 0 3 0 3 3 0 3",
    );
    assert_eq!(
        game.legal_moves().to_vec(),
        sows(&rules, &["a3", "a5", "a6", "a8", "b1", "b2", "b3", "b5", "b6"])
    );
    assert!(game.play_turn("b3:cw").is_err());
}
