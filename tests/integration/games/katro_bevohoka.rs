//! Hand-checked worked examples of Katro Bevohoka (`rules/katro-bevohoka.sow`): the ruma
//! (each player's rightmost inner hole) is never lifted and a last seed there earns another
//! sowing; a player with every seed in one hole wins — when the turn ends in the base game,
//! after any lap in the "ludii" ruleset.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top (4×6):
//!
//! ```text
//!      1 2 3 4 5 6
//!   d  . . . . . .   North outer   North sows d6 → d1, then c1 → c6 (ruma c1)
//!   c  . . . . . .   North inner
//!   b  . . . . . .   South inner   South sows a1 → a6, then b6 → b1 (ruma b6)
//!   a  . . . . . .   South outer
//! ```

use sow::Rules;
use sow::engine::{History, Move, Player, WinReason};

use crate::common;
use crate::kit::*;

fn katro(ruleset: Option<&str>) -> Rules {
    common::rules("katro-bevohoka", ruleset, &[])
}

/// South's occupied holes are a1 (2), a6 (1), b1 (1) and the ruma b6 (2): the ruma is not
/// on offer. a6 (1) drops its seed into the ruma (2→3): South moves again, and may choose
/// a1 or b1 — not the ruma, nor a6, now empty (a turn of its own).
#[test]
fn the_ruma_is_never_lifted_and_a_last_seed_there_moves_again() {
    let rules = katro(None);
    let mut state = position(
        &rules,
        "d 1 1 0 0 0 0
         c 0 0 0 0 0 0
         b 1 0 0 0 0 2
         a 2 0 0 0 0 1",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "a6", "b1"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b6", &[], true));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "b1"]));
    assert_eq!(state.outcome(), None);
}

/// South has a6 (1) and the ruma b6 (3). a6 drops its seed into the ruma (3→4): the turn
/// that earned another sowing ends there, and South, every seed in b6, wins.
#[test]
fn every_seed_in_one_hole_wins() {
    let rules = katro(None);
    let mut state = position(
        &rules,
        "d 1 1 0 0 0 0
         c 0 0 0 0 0 0
         b 0 0 0 0 0 3
         a 0 0 0 0 0 1",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(state.outcome(), win(Player::South, WinReason::OneHole));
}

/// South has a1 (1) and a2 (5). a1 drops its seed into a2 (5→6), occupied: a relay.
/// - "ludii": at that moment a2 is South's only occupied hole, and the win is read after
///   every lap: South wins, the sowing stops.
/// - Base game: the relay goes on, a2 (6): a3, a4, a5, a6, the ruma b6 and b5, each 0→1; b5
///   was empty: the end. Six holes, no win; North to move.
#[test]
fn ludii_reads_the_win_after_every_lap() {
    let picture = "d 1 1 0 0 0 0
                   c 0 0 0 0 0 0
                   b 0 0 0 0 0 0
                   a 1 5 0 0 0 0";
    let ludii = katro(Some("ludii"));
    let mut state = position(&ludii, picture, Player::South);
    let mut history = History::new(&ludii, &state);
    ludii.play(&mut state, &mut history, Move::Sow(hole(&ludii, "a1"))).unwrap();
    assert_eq!(state.outcome(), win(Player::South, WinReason::OneHole));
    assert_board(
        &ludii,
        &state,
        "d 1 1 0 0 0 0
         c 0 0 0 0 0 0
         b 0 0 0 0 0 0
         a 0 6 0 0 0 0",
    );

    let rules = katro(None);
    let mut state = position(&rules, picture, Player::South);
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 7, "b5", &[], true));
    assert_eq!(state.outcome(), None);
    assert_eq!(state.to_move(), Player::North);
    assert_board(
        &rules,
        &state,
        "d 1 1 0 0 0 0
         c 0 0 0 0 0 0
         b 0 0 0 0 1 1
         a 0 0 1 1 1 1",
    );
}
