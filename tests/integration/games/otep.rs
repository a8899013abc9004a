//! Hand-checked worked examples of Otep (`rules/otep.sow`): the opening sowing from the 2nd
//! outer hole from the right, which is the main game's sowing with its chained captures;
//! captured seeds sown on from the capturing lap's origin hole, capturing again in the base
//! game and for one lap in "ludii"; and the "ludii" ruleset's scripted opening, where the
//! enemy holes facing the sown hole give two seeds each to the rightmost inner hole.
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
use sow::engine::{History, Move, Player};

use crate::common;
use crate::kit::*;

fn otep(ruleset: Option<&str>) -> Rules {
    common::rules("otep", ruleset, &[])
}

/// The base game's opening from the start: South must sow a7 (2): a8 2→3, b8 2→3, an
/// occupied inner hole facing c8 (2) and d8 (2), taken (4) into a7, the lap's origin, and
/// sown on from a8: a8 3→4, b8 3→4, b7 2→3, b6 2→3, an occupied inner hole facing c6 (2)
/// and d6 (2), taken (4) into a7, the origin of this lap too, and sown on "again from the
/// same hole": a8 4→5, b8 4→5, b7 3→4, b6 3→4. c6 and d6 are empty now: b6 relays (4):
/// b5 2→3, b4 2→3, b3 2→3, b2 2→3, facing c2 (2) and d2 (2): taken (4) into b6 and sown
/// on: b5 3→4, b4 3→4, b3 3→4, b2 3→4; c2 and d2 are empty: b2 relays (4): b1 2→3,
/// a1 2→3, a2 2→3, a3 2→3, an outer hole: a3 relays (3): a4 2→3, a5 2→3, a6 2→3; a6
/// relays (3): a7 0→1, a8 5→6, b8 5→6, facing empty holes: b8 relays (6): b7 4→5, b6 0→1,
/// b5 4→5, b4 4→5, b3 4→5, b2 0→1, empty: the end. 9 laps, 34 seeds sown.
/// North's opening hole d2 is empty, so North plays the main game: its holes of two.
#[test]
fn the_opening_sowing_captures_three_times() {
    let rules = otep(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a7"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a7"))).unwrap();
    let taken = [("c2", 2), ("c6", 2), ("c8", 2), ("d2", 2), ("d6", 2), ("d8", 2)];
    assert_eq!(effect, sow_effect(&rules, 9, 34, "b2", &taken, true));
    assert_board(
        &rules,
        &state,
        "d 2 0 2 2 2 0 2 0
         c 2 0 2 2 2 0 2 0
         b 3 1 5 5 5 1 5 0
         a 3 3 0 3 3 0 1 6",
    );
    assert_eq!(
        legal(&rules, &state),
        sows(&rules, &["c1", "c3", "c4", "c5", "c7", "d1", "d3", "d4", "d5", "d7"])
    );
}

/// A main-game capture whose sown seeds capture again (base game) or end the turn
/// ("ludii"). South b5 (2): b4 0→1, b3 1→2, an occupied inner hole facing c3 (1) and d3
/// (2): 3 taken into b5 and sown on: b4 1→2, b3 2→3, b2 1→2, occupied, facing c2 (1) and
/// d2 (1).
/// - Base game: those 2 are taken into b5 (the origin of the lap that captured) and sown
///   on: b4 2→3, b3 3→4; c3 and d3 are empty now, so b3 relays (4): b2 2→3, b1 0→1,
///   a1 0→1, a2 0→1, empty: the end. 4 laps, 2 + 3 + 2 + 4 = 11 seeds.
/// - "ludii": the captured seeds are sown one lap and the turn ends at b2: 2 laps, 5 seeds.
#[test]
fn captured_seeds_capture_again_except_in_ludii() {
    let picture = "d 0 1 2 0 0 0 0 1
                   c 0 1 1 0 0 0 0 0
                   b 0 1 1 0 2 0 0 0
                   a 0 0 0 0 0 0 0 0";
    let rules = otep(None);
    let mut base = state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &base);
    let effect = rules.play(&mut base, &mut history, Move::Sow(hole(&rules, "b5"))).unwrap();
    let all = [("c2", 1), ("c3", 1), ("d2", 1), ("d3", 2)];
    assert_eq!(effect, sow_effect(&rules, 4, 11, "a2", &all, true));
    assert_board(
        &rules,
        &base,
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 1 3 0 3 0 0 0 0
         a 1 1 0 0 0 0 0 0",
    );

    let ludii = otep(Some("ludii"));
    let mut one_lap = state(&ludii, &setup(&ludii, picture, Player::South));
    let mut history = History::new(&ludii, &one_lap);
    let effect = ludii.play(&mut one_lap, &mut history, Move::Sow(hole(&ludii, "b5"))).unwrap();
    // The effect tells the whole sowing: the lap that captured and the one lap of its
    // seeds, the last in b2 (as in Nsumbi).
    assert_eq!(effect, sow_effect(&ludii, 2, 5, "b2", &[("c3", 1), ("d3", 2)], true));
    assert_board(
        &ludii,
        &one_lap,
        "d 0 1 0 0 0 0 0 1
         c 0 1 0 0 0 0 0 0
         b 0 2 3 2 0 0 0 0
         a 0 0 0 0 0 0 0 0",
    );
}

/// "ludii": the scripted opening, three turns a player.
/// 1. South b7 (2): b6 2→3, b5 2→3; the holes facing b7, c7 and d7, give 2 each to b8
///    (2→6). North c2 (2): c3 2→3, c4 2→3; b2 and a2 give 2 each to c1 (2→6).
/// 2. South b8 (6): b7 0→1, b6 3→4, b5 3→4, b4 2→3, b3 2→3, b2 0→1; c8 and d8 give 2 each
///    to b8 (0→4). North c1 (6): c2 0→1, c3 3→4, c4 3→4, c5 2→3, c6 2→3, c7 0→1; b1 and
///    a1 give 2 each to c1 (0→4).
/// 3. South b8 (4): b7 1→2, b6 4→5, b5 4→5, b4 3→4, occupied: relay (4): b3 3→4, b2 1→2,
///    b1 0→1, a1 0→1, empty: the end, no capture. North c1 (4): c2 1→2, c3 4→5, c4 4→5,
///    c5 3→4, relay (4): c6 3→4, c7 1→2, c8 0→1, d8 0→1, empty: the end.
#[test]
fn ludii_opens_with_three_scripted_turns() {
    let rules = otep(Some("ludii"));
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    let mut turn = |name: &str, effect| {
        assert_eq!(legal(&rules, &state), sows(&rules, &[name]));
        assert_eq!(rules.play(&mut state, &mut history, Move::Sow(hole(&rules, name))).unwrap(), effect);
    };
    turn("b7", sow_effect(&rules, 1, 2, "b5", &[("c7", 2), ("d7", 2)], true));
    turn("c2", sow_effect(&rules, 1, 2, "c4", &[("a2", 2), ("b2", 2)], true));
    turn("b8", sow_effect(&rules, 1, 6, "b2", &[("c8", 2), ("d8", 2)], true));
    turn("c1", sow_effect(&rules, 1, 6, "c7", &[("a1", 2), ("b1", 2)], true));
    turn("b8", sow_effect(&rules, 2, 8, "a1", &[], true));
    turn("c1", sow_effect(&rules, 2, 8, "d8", &[], true));
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 0 1
         c 0 2 5 5 0 4 2 1
         b 1 2 4 0 5 5 2 0
         a 1 0 2 2 2 2 2 2",
    );
    // The main game: South's holes of two or more.
    assert_eq!(
        legal(&rules, &state),
        sows(&rules, &["a3", "a4", "a5", "a6", "a7", "a8", "b2", "b3", "b5", "b6", "b7"])
    );
}

/// "ludii": the gift takes at most 2 seeds of each facing hole, whatever they hold, from
/// the holes facing the chosen hole (not the landing hole). South b7 (2): b6 2→3, b5 2→3;
/// c7 (3) and d7 (5) give 2 each to b8 (2→6), keeping 1 and 3; c5 and d5, facing the
/// landing hole, keep theirs.
#[test]
fn ludii_gifts_take_two_seeds_of_each_hole_facing_the_chosen_hole() {
    let rules = otep(Some("ludii"));
    let mut state = position(
        &rules,
        "d 2 2 2 2 2 2 5 2
         c 2 2 2 2 2 2 3 2
         b 2 2 2 2 2 2 2 2
         a 2 2 2 2 2 2 2 2",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b7"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b5", &[("c7", 2), ("d7", 2)], true));
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 3 2
         c 2 2 2 2 2 2 1 2
         b 2 2 2 2 3 3 0 6
         a 2 2 2 2 2 2 2 2",
    );
}
