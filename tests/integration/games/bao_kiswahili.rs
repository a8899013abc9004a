//! Hand-checked worked examples of Bao Kiswahili (DR Congo) (`rules/bao-kiswahili.sow`):
//! seeds placed from the hand, where a capture is compulsory; captured seeds sown from the
//! end of the inner row nearer the capture, or the end the mover chooses from the middle four
//! holes, chaining; the second phase, where later laps capture only in a turn whose first
//! lap captured (Ludii: the first lap never captures); and the empty inner row read between
//! laps. The "ludii" ruleset sows the whole end hole, captures on any inner landing, and
//! sends North's captures to the end nearer as South sees it.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North anticlockwise: d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner   (North's left end is c8, its right end c1)
//!   b  . . . . . . . .   South inner   South anticlockwise: a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer   (South's left end is b1, its right end b8)
//! ```
//!
//! Sown inward, South's left end b1 goes clockwise (b2, b3, …) and its right end b8
//! anticlockwise (b7, b6, …); North's left end c8 goes clockwise (c7, …), its right end c1
//! anticlockwise (c2, …).

use sow::Rules;
use sow::engine::{History, Move, Player, WinReason};
use sow::model::Direction;

use crate::common;
use crate::kit::*;

fn bao(ruleset: Option<&str>) -> Rules {
    common::rules("bao-kiswahili", ruleset, &[])
}

fn cw(rules: &Rules, name: &str) -> Move {
    Move::SowDirection(hole(rules, name), Direction::Clockwise)
}

fn ccw(rules: &Rules, name: &str) -> Move {
    Move::SowDirection(hole(rules, name), Direction::Anticlockwise)
}

/// At the start every North inner hole holds a seed, so every South inner hole faces one and
/// a placement must capture: eight decisions, one per hole, no direction to choose (the row
/// end picks it). South places in b1 (1→2) and takes c1 (1); b1 is South's leftmost hole, so
/// the seed is sown from the left end, starting with b1 itself (2→3), which was occupied and
/// now faces an empty c1: relay b1 (3) inward, clockwise: b2 1→2, b3 1→2, b4 1→2, occupied,
/// facing c4 (1): a capture from the middle four holes, so South chooses the end.
/// - `b8:ccw`: c4 (1) into b8 1→2, occupied, facing c8 (1): capture from the right end, b8
///   2→3, occupied, facing an empty c8: relay b8 (3) anticlockwise: b7, b6, b5 each 1→2;
///   b5 faces c5 (1): the middle again, South chooses.
/// - `b1:cw`: c5 (1) into b1 0→1, empty: the turn ends.
#[test]
fn placed_seeds_capture_and_the_captures_chain_from_the_row_ends() {
    let rules = bao(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b4", &[("c1", 1)], false));
    assert_eq!(legal(&rules, &state), vec![cw(&rules, "b1"), ccw(&rules, "b8")]);
    let effect = rules.play(&mut state, &mut history, ccw(&rules, "b8")).unwrap();
    assert_eq!(effect, sow_effect(&rules, 3, 5, "b5", &[("c4", 1), ("c8", 1)], false));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0
         c 0 1 1 0 1 1 1 0
         b 0 2 2 2 2 2 2 0
         a 0 0 0 0 0 0 0 0",
    );
    let effect = rules.play(&mut state, &mut history, cw(&rules, "b1")).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b1", &[("c5", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0
         c 0 1 1 0 0 1 1 0
         b 1 2 2 2 2 2 2 0
         a 0 0 0 0 0 0 0 0",
    );
    assert_eq!(
        (state.to_move(), state.hand()[Player::South], state.hand()[Player::North]),
        (Player::North, 23, 24)
    );
}

/// Ludii's code sows the whole end hole, and a lap captures on any landing in the inner row
/// facing an occupied hole. South places in b1 (1→2) and takes c1 (1) into b1 (2→3), sown
/// whole clockwise: b2, b3, b4 each 1→2; b4 faces c4: South chooses. `b8:ccw`: c4 (1) into
/// b8 (1→2), sown whole anticlockwise: b7 1→2, b6 1→2, facing c6 (1): the middle again.
#[test]
fn ludii_sows_the_whole_end_hole() {
    let rules = bao(Some("ludii"));
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b1"))).unwrap();
    let effect = rules.play(&mut state, &mut history, ccw(&rules, "b8")).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b6", &[("c4", 1)], false));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0
         c 0 1 1 0 1 1 1 1
         b 0 2 2 2 1 2 2 0
         a 0 0 0 0 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), vec![cw(&rules, "b1"), ccw(&rules, "b8")]);
}

/// North, with one seed in hand, must place in c2, the only inner hole facing an occupied
/// one (b2, 2 seeds; c5's seed faces an empty b5). c2 is North's 7th hole from its left.
/// - Base game: the nearer end, c1 (North's right end), sown inward anticlockwise starting
///   with c1: c1 0→1, c2 1→2, occupied, facing an empty b2: the sowing would relay, but
///   South's inner row is empty now, read between laps: North wins at once, c2 unsown.
/// - Ludii: c2 is in the two board-left columns, which Ludii sends to the mover's *left*
///   end, North's c8 (the far one): b2's 2 seeds into c8 (0→2), sown whole clockwise: c7
///   0→1, c6 0→1, empty: the turn ends, and South's inner row is empty: North wins.
#[test]
fn north_captures_go_to_the_nearer_end_and_an_empty_row_loses_between_laps() {
    let picture = "d 0 0 0 0 0 0 0 0
                   c 0 0 0 0 1 0 0 0
                   b 0 2 0 0 0 0 0 0
                   a 3 0 0 0 0 0 0 0";
    for (ruleset, after) in [
        (
            None,
            "d 0 0 0 0 0 0 0 0
             c 1 2 0 0 1 0 0 0
             b 0 0 0 0 0 0 0 0
             a 3 0 0 0 0 0 0 0",
        ),
        (
            Some("ludii"),
            "d 0 0 0 0 0 0 0 0
             c 0 1 0 0 1 1 1 0
             b 0 0 0 0 0 0 0 0
             a 3 0 0 0 0 0 0 0",
        ),
    ] {
        let rules = bao(ruleset);
        let mut setup = setup(&rules, picture, Player::North);
        setup.opening = Some("placement".to_string());
        setup.hand[Player::North] = 1;
        let mut state = state(&rules, &setup);
        let mut history = History::new(&rules, &state);
        assert_eq!(legal(&rules, &state), sows(&rules, &["c2"]), "{ruleset:?}");
        rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "c2"))).unwrap();
        assert_board(&rules, &state, after);
        assert_eq!(state.outcome(), win(Player::North, WinReason::RowEmpty), "{ruleset:?}");
    }
}

/// The second phase (hands empty). South sows b3 (2) anticlockwise: b2 0→1, b1 1→2,
/// occupied, facing c1 (3).
/// - Base game: the turn's first lap captures: c1's 3 from the left end b1, starting with
///   it: b1 2→3, b2 1→2, b3 0→1, empty: the end.
/// - Ludii: a first lap never captures: relay b1 (2) anticlockwise: a1 0→1, a2 0→1, empty:
///   the end; c1 keeps its seeds.
#[test]
fn the_first_lap_of_the_second_phase() {
    let picture = "d 0 0 0 0 0 0 0 0
                   c 3 0 0 0 1 0 0 0
                   b 1 0 2 0 0 0 0 0
                   a 0 0 0 0 0 0 0 0";
    for (ruleset, after) in [
        (
            None,
            "d 0 0 0 0 0 0 0 0
             c 0 0 0 0 1 0 0 0
             b 3 2 1 0 0 0 0 0
             a 0 0 0 0 0 0 0 0",
        ),
        (
            Some("ludii"),
            "d 0 0 0 0 0 0 0 0
             c 3 0 0 0 1 0 0 0
             b 0 1 0 0 0 0 0 0
             a 1 1 0 0 0 0 0 0",
        ),
    ] {
        let rules = bao(ruleset);
        let mut state = state(&rules, &setup(&rules, picture, Player::South));
        let mut history = History::new(&rules, &state);
        assert_eq!(
            legal(&rules, &state),
            vec![ccw(&rules, "b1"), cw(&rules, "b1"), ccw(&rules, "b3"), cw(&rules, "b3")],
            "{ruleset:?}"
        );
        rules.play(&mut state, &mut history, ccw(&rules, "b3")).unwrap();
        assert_board(&rules, &state, after);
        assert_eq!(state.to_move(), Player::North, "{ruleset:?}");
    }
}

/// Later laps of the second phase. South sows b4 (2) clockwise: b5 0→1, b6 1→2, occupied,
/// facing an empty c6: relay b6 (2): b7 0→1, b8 1→2, occupied, facing c8 (2).
/// - Base game: the first lap did not capture, so neither does this one: relay b8 (2)
///   clockwise: a8 0→1, a7 0→1, empty: the end.
/// - Ludii: a later lap captures: c8's 2 into the right end b8 (2→4), sown whole
///   anticlockwise: b7 1→2, b6 0→1, b5 1→2, b4 0→1, empty: the end.
#[test]
fn later_laps_capture_only_after_a_capture() {
    let picture = "d 0 0 0 0 0 0 0 0
                   c 1 0 0 0 0 0 0 2
                   b 0 0 0 2 0 1 0 1
                   a 0 0 0 0 0 0 0 0";
    for (ruleset, after) in [
        (
            None,
            "d 0 0 0 0 0 0 0 0
             c 1 0 0 0 0 0 0 2
             b 0 0 0 0 1 0 1 0
             a 0 0 0 0 0 0 1 1",
        ),
        (
            Some("ludii"),
            "d 0 0 0 0 0 0 0 0
             c 1 0 0 0 0 0 0 0
             b 0 0 0 1 2 1 2 0
             a 0 0 0 0 0 0 0 0",
        ),
    ] {
        let rules = bao(ruleset);
        let mut state = state(&rules, &setup(&rules, picture, Player::South));
        let mut history = History::new(&rules, &state);
        rules.play(&mut state, &mut history, cw(&rules, "b4")).unwrap();
        assert_board(&rules, &state, after);
        assert_eq!(state.to_move(), Player::North, "{ruleset:?}");
    }
}
