//! Hand-checked worked examples of Nsumbi (`rules/nsumbi.sow`): the capture of the two
//! holes facing an occupied inner landing, sown back from the hole the capturing lap was
//! lifted from — starting with that hole — which ends the turn; the first turn, which
//! captures nothing (and in the "ludii" ruleset does not relay either).
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
use sow::engine::{Game, History, Move, Player};

use crate::common;
use crate::kit::*;

fn nsumbi(ruleset: Option<&str>) -> Rules {
    common::rules("nsumbi", ruleset, &[])
}

/// South may sow a8 and b7 (holes of two or more). a8 (2): b8 0→1, b7 2→3 → b7 is an
/// occupied inner hole, but c7 facing it is empty: relay 3 from b7: b6 0→1, b5 0→1, b4
/// 1→2 → occupied inner hole facing c4 (2) and d4 (1): both are taken (3) and put into b7,
/// where this lap began (the chosen hole was a8), and sown starting with b7 itself: b7
/// 0→1, b6 1→2, b5 1→2. The turn ends there. Two laps of 2 + 3 seeds, then the lap of the
/// 3 captured: 3 laps, 8 seeds, the last in b5.
#[test]
fn taken_seeds_are_sown_from_the_capturing_laps_origin_starting_with_it() {
    let rules = nsumbi(None);
    let mut state = state(
        &rules,
        &setup(
            &rules,
            "d 2 0 0 1 0 0 0 0
             c 0 0 0 2 0 0 0 0
             b 0 0 0 1 0 0 2 0
             a 0 0 0 0 0 0 0 2",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a8", "b7"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 3, 8, "b5", &[("c4", 2), ("d4", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 2 2 2 1 1
         a 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(legal(&rules, &state), sows(&rules, &["d1"]));
}

/// The first turn captures nothing but relays. From the start, South b1 (2): a1 3, a2 3 →
/// relay 3: a3, a4, a5 → relay 3: a6, a7, a8 → relay 3: b8, b7, b6 — an occupied inner
/// hole facing c6 (2) and d6 (2), which would capture in the main game: relay 3: b5, b4,
/// b3 → relay 3: b2, b1 0→1, a1 3→4 → relay 4: a2 0→1, a3 3→4, a4 3→4, a5 0→1 — a5 was
/// lifted: empty, the end. 7 laps, 2 + 3·5 + 4 = 21 seeds.
/// "ludii": the first turn is one lap: b1 (2): a1 3, a2 3, and the turn is over.
#[test]
fn the_first_turn_captures_nothing_and_in_ludii_does_not_relay() {
    let rules = nsumbi(None);
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().len(), 16);
    let effect = game.play(Move::Sow(hole(&rules, "b1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 7, 21, "a5", &[], true));
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 2 2 2 2 2
         c 2 2 2 2 2 2 2 2
         b 1 3 0 3 3 0 3 3
         a 0 1 4 4 1 3 3 0",
    );

    let ludii = nsumbi(Some("ludii"));
    let mut game = Game::new(&ludii);
    let effect = game.play(Move::Sow(hole(&ludii, "b1"))).unwrap();
    assert_eq!(effect, sow_effect(&ludii, 1, 2, "a2", &[], true));
    assert_board(
        &ludii,
        game.state(),
        "d 2 2 2 2 2 2 2 2
         c 2 2 2 2 2 2 2 2
         b 0 2 2 2 2 2 2 2
         a 3 3 2 2 2 2 2 2",
    );
}

/// A player left with singletons only cannot sow and loses (main game positions). North has c1 (1) and d5 (1);
/// South sows b2 (2): b1 0→1, a1 0→1 — empty, the end. North has no hole of two: South
/// wins by blocking.
#[test]
fn a_player_with_only_singletons_loses() {
    let rules = nsumbi(None);
    let mut game = Game::from_state(
        &rules,
        state(
            &rules,
            &setup(
                &rules,
                "d 0 0 0 0 1 0 0 0
                 c 1 0 0 0 0 0 0 0
                 b 0 2 0 0 0 0 0 0
                 a 0 0 0 0 0 0 0 0",
                Player::South,
            ),
        ),
    );
    game.play(Move::Sow(hole(&rules, "b2"))).unwrap();
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.outcome(), win(Player::South, sow::engine::WinReason::Blocked));
}
