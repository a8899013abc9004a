//! Hand-checked worked examples of Ryakati (`rules/ryakati.sow`): the "ludii" ruleset's
//! scripted opening, whose later turns lift four seeds of the rightmost outer hole and drop
//! the first back into it, and whose gifts come from the enemy holes facing the last hole
//! sown; and its end rules, where a blocked player passes instead of losing. The base game
//! is Otep's (tests/integration/games/otep.rs).
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
use sow::engine::{DrawReason, History, Move, Outcome, Player, WinReason};

use crate::common;
use crate::kit::*;

fn ryakati(ruleset: Option<&str>) -> Rules {
    common::rules("ryakati", ruleset, &[])
}

/// "ludii": the scripted opening, three turns a player.
/// 1. South a7 (2): a8 2→3, b8 2→3; the holes facing b8, the last hole sown (c8 and d8),
///    give 2 each to a8 (3→7). North d2 (2): d1 2→3, c1 2→3; b1 and a1 give 2 each to d1
///    (3→7).
/// 2. South: 4 of a8's 7 seeds, the first back into a8: a8 3→4, b8 3→4, b7 2→3, b6 2→3; c6
///    and d6 give 2 each to a8 (4→8). North: 4 of d1's 7: d1 3→4, c1 3→4, c2 2→3, c3 2→3;
///    b3 and a3 give 2 each to d1 (4→8).
/// 3. South: 4 of a8's 8: a8 4→5, b8 4→5, b7 3→4, b6 3→4, occupied: relays lift whole
///    holes and sow from the next: b6 (4) b5 2→3, b4 2→3, b3 0→1, b2 2→3; b2 (3) b1 0→1,
///    a1 0→1, a2 2→3; a2 (3) a3 0→1, a4 2→3, a5 2→3; a5 (3) a6 2→3, a7 0→1, a8 5→6; a8 (6)
///    b8 5→6, b7 4→5, b6 0→1, b5 3→4, b4 3→4, b3 1→2; b3 (2) b2 0→1, b1 1→2; b1 (2)
///    a1 1→2, a2 0→1, empty: the end. 8 laps, 4 + 4 + 3 + 3 + 3 + 6 + 2 + 2 = 27 seeds, no
///    capture.
#[test]
fn ludii_opens_with_three_scripted_turns() {
    let rules = ryakati(Some("ludii"));
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    let turn = |state: &mut sow::engine::State, history: &mut History, name: &str, effect| {
        assert_eq!(legal(&rules, state), sows(&rules, &[name]));
        assert_eq!(rules.play(state, history, Move::Sow(hole(&rules, name))).unwrap(), effect);
    };
    turn(&mut state, &mut history, "a7", sow_effect(&rules, 1, 2, "b8", &[("c8", 2), ("d8", 2)], true));
    turn(&mut state, &mut history, "d2", sow_effect(&rules, 1, 2, "c1", &[("a1", 2), ("b1", 2)], true));
    turn(&mut state, &mut history, "a8", sow_effect(&rules, 1, 4, "b6", &[("c6", 2), ("d6", 2)], true));
    turn(&mut state, &mut history, "d1", sow_effect(&rules, 1, 4, "c3", &[("a3", 2), ("b3", 2)], true));
    assert_board(
        &rules,
        &state,
        "d 8 0 2 2 2 0 2 0
         c 4 3 3 2 2 0 2 0
         b 0 2 0 2 2 3 3 4
         a 0 2 0 2 2 2 0 8",
    );
    turn(&mut state, &mut history, "a8", sow_effect(&rules, 8, 27, "a2", &[], true));
    assert_board(
        &rules,
        &state,
        "d 8 0 2 2 2 0 2 0
         c 4 3 3 2 2 0 2 0
         b 0 1 0 4 4 1 5 6
         a 2 1 1 3 0 3 1 0",
    );
}

/// A player left with singletons only: in the base game (Otep's) they lose; in "ludii" they
/// pass, and a pass answered by a pass is a draw. South a1 (2): a2 0→1, a3 0→1, empty: the
/// end. North holds c1 (1) and d8 (1).
#[test]
fn a_blocked_player_loses_or_in_ludii_passes() {
    let picture = "d 0 0 0 0 0 0 0 1
                   c 1 0 0 0 0 0 0 0
                   b 0 0 0 0 0 0 0 0
                   a 2 0 0 0 0 0 0 0";
    let rules = ryakati(None);
    let mut base = state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &base);
    rules.play(&mut base, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(base.outcome(), win(Player::South, WinReason::Blocked));

    let ludii = ryakati(Some("ludii"));
    let mut state = state(&ludii, &setup(&ludii, picture, Player::South));
    let mut history = History::new(&ludii, &state);
    ludii.play(&mut state, &mut history, Move::Sow(hole(&ludii, "a1"))).unwrap();
    assert_eq!(state.outcome(), None);
    assert_eq!(legal(&ludii, &state), vec![Move::Pass]);
    ludii.play(&mut state, &mut history, Move::Pass).unwrap();
    // South holds a2 (1) and a3 (1): blocked too.
    assert_eq!(legal(&ludii, &state), vec![Move::Pass]);
    ludii.play(&mut state, &mut history, Move::Pass).unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::Passes)));
}
