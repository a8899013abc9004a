//! Hand-checked worked examples of Hus (`rules/hus.sow`): the start, the capture whose seeds
//! are sown on from the hole after the landing hole (Vedder's text), and Ludii's capture,
//! which banks the landing hole too and goes on from the next hole only if it holds two or
//! more.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top (4×12):
//!
//! ```text
//!      1 2 3 4 5 6 7 8 9 10 11 12
//!   d  . . . . . . . . .  .  .  .   North outer   North sows d12 → d1, then c1 → c12
//!   c  . . . . . . . . .  .  .  .   North inner
//!   b  . . . . . . . . .  .  .  .   South inner   South sows a1 → a12, then b12 → b1
//!   a  . . . . . . . . .  .  .  .   South outer
//! ```

use sow::Rules;
use sow::engine::{Game, Move, Player};

use crate::common;
use crate::kit::*;

fn hus(ruleset: Option<&str>) -> Rules {
    common::rules("hus", ruleset, &[])
}

fn main_position(rules: &Rules, picture: &str) -> sow::engine::State {
    state(rules, &setup(rules, picture, Player::South))
}

/// The start: 2 in every outer hole and in the four inner holes at each player's right
/// (b9…b12, c1…c4): 64 seeds; South may sow a1…a12 and b9…b12.
///
/// South b5 (2): b4 0→1, b3 1→2 — an occupied inner hole facing c3 (2) and d3 (1): both
/// taken (3), and the sowing goes on with them from b2: b2 0→1, b1 0→1, a1 0→1 — a1 was
/// empty: the turn is over. Two laps, 2 + 3 seeds; b3 keeps its 2.
#[test]
fn the_taken_seeds_are_sown_on_from_the_next_hole() {
    let rules = hus(None);
    let game = Game::new(&rules);
    assert_eq!(rules.total_seeds(), 64);
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 2 2 2 2 2 2 2 2 2
         c 2 2 2 2 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0 2 2 2 2
         a 2 2 2 2 2 2 2 2 2 2 2 2",
    );
    assert_eq!(game.legal_moves().len(), 16);

    let mut game = Game::from_state(
        &rules,
        main_position(
            &rules,
            "d 0 0 1 0 0 0 0 0 0 0 0 2
             c 0 0 2 0 0 0 0 0 0 0 0 0
             b 0 0 1 0 2 0 0 0 0 0 0 0
             a 0 0 0 0 0 0 0 0 0 0 0 0",
        ),
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b5"]));
    let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "a1", &[("c3", 2), ("d3", 1)], true));
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0 0 0 0 0
         b 1 1 2 1 0 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0 0 0",
    );
}

/// "ludii": singletons may be sown: [b2 b3 b5]. b5 (2): b4 0→1, b3 1→2 → the landing hole
/// (2) goes to South's hand with c3 (2) and d3 (1): 5. The hole after it, b2, holds 2: it
/// is lifted and sown on: b1 0→1, a1 0→1 — empty, the end. Two laps, 2 + 2 seeds.
/// "ludii-wagner" sows only holes of two or more: [b2 b5]; the same sowing of b5.
/// Had b2 held fewer than 2, the turn would have ended with the capture.
#[test]
fn ludii_banks_the_landing_hole_and_goes_on_from_the_next_hole_if_it_holds_two() {
    let picture = "d 0 0 1 0 0 0 0 0 0 0 0 2
                   c 0 0 2 0 0 0 0 0 0 0 0 0
                   b 0 2 1 0 2 0 0 0 0 0 0 0
                   a 0 0 0 0 0 0 0 0 0 0 0 0";
    for (ruleset, holes) in [("ludii", &["b2", "b3", "b5"][..]), ("ludii-wagner", &["b2", "b5"][..])] {
        let rules = hus(Some(ruleset));
        let mut game = Game::from_state(&rules, main_position(&rules, picture));
        assert_eq!(game.legal_moves().to_vec(), sows(&rules, holes), "{ruleset}");
        let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
        assert_eq!(effect, sow_effect(&rules, 2, 4, "a1", &[("b3", 2), ("c3", 2), ("d3", 1)], true));
        assert_eq!(game.state().hand()[Player::South], 5);
        assert_board(
            &rules,
            game.state(),
            "d 0 0 0 0 0 0 0 0 0 0 0 2
             c 0 0 0 0 0 0 0 0 0 0 0 0
             b 1 0 0 1 0 0 0 0 0 0 0 0
             a 1 0 0 0 0 0 0 0 0 0 0 0",
        );
    }

    // b2 holding 1: the capture ends the turn.
    let rules = hus(Some("ludii"));
    let mut game = Game::from_state(&rules, main_position(&rules, &picture.replace("b 0 2 1", "b 0 1 1")));
    let effect = game.play(Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b3", &[("b3", 2), ("c3", 2), ("d3", 1)], true));
}
