//! Hand-checked worked examples of Njombwa (`rules/njombwa.sow`): the lopsided setup, the
//! two stylised openings ("walk the pair", "scatter the 29") and the Tsoro main game, and
//! the file's DECIDED points (each player leaves an opening on their own; the pair
//! opening captures on any landing and takes only the inner hole; the scatter never
//! captures; singletons capture in the main game; a blocked player loses; a repeated
//! position is a draw).
//!
//! Every expectation was worked out by hand from the rules text. Positions are written as
//! the board picture shows them, North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```
//!
//! South's circuit is numbered 0…15 (a1…a8 = 0…7, b8…b1 = 8…15), North's likewise
//! (d8…d1 = 0…7, c1…c8 = 8…15). In the traces `x→y` means a hole went from x to y seeds.

use sow::Rules;
use sow::engine::{DrawReason, Game, History, Move, MoveList, Outcome, Player, State, WinReason};

use crate::common;
use crate::kit::*;

fn njombwa() -> Rules {
    common::rules("njombwa", None, &[])
}

/// The name of the opening `player` is in (`None` for the main game).
fn phase_name<'a>(rules: &'a Rules, state: &State, player: Player) -> Option<&'a str> {
    rules.phases()[state.phase_of(player)].name.as_deref()
}

/// A position at the first turn of the named opening (both players in it).
fn in_opening(rules: &Rules, text: &str, to_move: Player, opening: &str) -> State {
    let mut s = setup(rules, text, to_move);
    s.opening = Some(opening.to_string());
    state(rules, &s)
}

/// The twenty forced turns of "walk the pair" on 4×8, South first.
const WALK: [&str; 20] = [
    "a2", "d7", "a3", "d6", "a4", "d5", "a5", "d4", "a6", "d3", "a7", "d2", "a8", "d1", "b8", "c1", "b7",
    "c2", "b6", "c3",
];

/// Where each of those sowings ends: two holes further along the mover's circuit.
const WALK_LANDS: [&str; 20] = [
    "a4", "d5", "a5", "d4", "a6", "d3", "a7", "d2", "a8", "d1", "b8", "c1", "b7", "c2", "b6", "c3", "b5",
    "c4", "b4", "c5",
];

// ---------------------------------------------------------------------------------------
// 1. The pair opening from the start position: forced, and ended by two captures.

/// Start (4×8): a1 29, a2 2, a3 1 for South; d8 29, d7 2, d6 1 for North (each player's
/// leftmost outer hole and the two after it); 64 seeds. Both players are in "walk the
/// pair", where only a hole of exactly 2 may be sown, in one lap.
///
/// Each player has exactly one hole of 2 at every turn: sowing the pair at circuit hole k
/// (with the single at k+1) makes k+1 the pair (1→2) and drops a single at k+2 (0→1). So
/// South sows a2, a3, …, a8, b8, b7, b6 (circuit 1…10) and North d7, d6, …, d1, c1, c2, c3.
///   after a2, d7:  a 29 0 2 1 …        d … 1 2 0 29
///   South's 10th turn, b6 (2): b5 1→2, b4 0→1. b4 is South's inner row; c4 holds North's
///     single (North's pair is at c3 2, c4 1): take c4 (1), the inner hole only.
///   North's 10th turn, c3 (2): c4 0→1 (just emptied), c5 0→1. c5 faces b5, South's pair
///     (2): take b5 (2).
/// South is left with a1 29, b4 1 and North with d8 29, c4 1, c5 1: neither has a hole of
/// 2, so at the start of South's 11th turn South moves on to "scatter the 29" (legal:
/// only a1), while North stays in "walk the pair" until its own turn begins.
#[test]
fn the_pair_opening_is_forced_and_ends_in_two_captures() {
    let rules = njombwa();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(rules.total_seeds(), 64);
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 1 2 29
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 29 2 1 0 0 0 0 0",
    );
    assert_eq!(phase_name(&rules, &state, Player::South), Some("walk the pair"));
    assert_eq!(phase_name(&rules, &state, Player::North), Some("walk the pair"));

    for (i, &name) in WALK.iter().enumerate() {
        assert_eq!(legal(&rules, &state), sows(&rules, &[name]), "turn {} is forced", i + 1);
        let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, name))).unwrap();
        let taken: &[(&str, u16)] = match i {
            18 => &[("c4", 1)],
            19 => &[("b5", 2)],
            _ => &[],
        };
        assert_eq!(effect, sow_effect(&rules, 1, 2, WALK_LANDS[i], taken, true), "turn {}", i + 1);
        if i == 1 {
            assert_board(
                &rules,
                &state,
                "d 0 0 0 0 1 2 0 29
                 c 0 0 0 0 0 0 0 0
                 b 0 0 0 0 0 0 0 0
                 a 29 0 2 1 0 0 0 0",
            );
        }
        if i == 18 {
            // South's capture leaves South its pair at b5: North is still walking.
            assert_eq!(phase_name(&rules, &state, Player::North), Some("walk the pair"));
        }
    }
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 29
         c 0 0 0 1 1 0 0 0
         b 0 0 0 1 0 0 0 0
         a 29 0 0 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(state.captured()[Player::South], 1);
    assert_eq!(state.captured()[Player::North], 2);
    assert_eq!(phase_name(&rules, &state, Player::South), Some("scatter the 29"));
    assert_eq!(phase_name(&rules, &state, Player::North), Some("walk the pair"));
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1"]));
}

// ---------------------------------------------------------------------------------------
// 2. The scatter of the 29: one relay sowing each, then the main game.

/// From the end of the pair opening (South a1 29, b4 1; North d8 29, c4 1, c5 1):
///
/// South sows a1 (29), along circuit 0…15:
///   lap 1: 29 = 16 + 13: one seed in every hole 1…15 and 0, then 1…13 again. Counts:
///          0:1, 1…11:2, 12 (b4):1+2=3, 13 (b3):2, 14:1, 15:1. Last in b3, which held 1
///          → relay 2
///   lap 2: 14 1→2, 15 1→2 → relay 2 (b1)
///   lap 3: 0 1→2, 1 2→3 → relay 3 (a2)
///   lap 4: 2, 3, 4 2→3 → relay 3 (a5)
///   lap 5: 5, 6, 7 2→3 → relay 3 (a8)
///   lap 6: 8, 9, 10 2→3 → relay 3 (b6)
///   lap 7: 11 2→3, 12 3→4, 13 0→1: b3 was emptied by lap 1's relay → stop.
///   Laps 7, sown 29+2+2+3+3+3+3 = 45. b3 faces an empty c3: nothing to take anyway.
///   South: a 2 0 3 3 0 3 3 0, b8…b1 3 3 0 3 4 1 2 0.
/// North sows d8 (29) the same way (its c4 and c5, circuit 11 and 12, held 1 each):
///   the same seven laps; lap 7 ends 11 3→4, 12 3→4, 13 (c6) 0→1. Laps 7, sown 45.
///   North: d8…d1 2 0 3 3 0 3 3 0, c1…c8 3 3 0 4 4 1 2 0.
/// Both are now in the main game. South's holes with two or more (singletons wait):
/// a1 a3 a4 a6 a7 b2 b4 b5 b7 b8 — ten, the perft count at depth 23.
#[test]
fn each_player_scatters_the_29_once_then_the_main_game_begins() {
    let rules = njombwa();
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    for name in WALK {
        rules.play(&mut state, &mut history, Move::Sow(hole(&rules, name))).unwrap();
    }

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 7, 45, "b3", &[], true));
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(phase_name(&rules, &state, Player::North), Some("scatter the 29"));
    assert_eq!(legal(&rules, &state), sows(&rules, &["d8"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "d8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 7, 45, "c6", &[], true));
    assert_board(
        &rules,
        &state,
        "d 0 3 3 0 3 3 0 2
         c 3 3 0 4 4 1 2 0
         b 0 2 1 4 3 0 3 3
         a 2 0 3 3 0 3 3 0",
    );
    assert_eq!(state.captured()[Player::South], 1);
    assert_eq!(state.captured()[Player::North], 2);
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(phase_name(&rules, &state, Player::South), None);
    assert_eq!(
        legal(&rules, &state),
        sows(&rules, &["a1", "a3", "a4", "a6", "a7", "b2", "b4", "b5", "b7", "b8"])
    );
}

// ---------------------------------------------------------------------------------------
// 3. DECIDED: the scatter never captures; the same sowing in the main game does.

/// Both players at the start of "scatter the 29"; South's leftmost outer hole a1 holds 9.
/// South sows a1 (9): a2…a8 0→1 (7 seeds), b8 0→1, b7 0→1 → b7 was empty: stop. b7 is
/// South's inner row facing c7 (2) with d7 (2) behind, but the scatter has no capture:
/// laps 1, sown 9, nothing taken. North, also in the scatter, may sow only d8.
///
/// The same counts in the main game: a1 is South's only hole with two or more; the same
/// lap ends in the empty b7 facing an occupied c7, so c7 (2) and d7 (2) are removed.
#[test]
fn the_scatter_never_captures() {
    let rules = njombwa();
    let text = "d 0 0 0 0 0 0 2 5
                c 0 0 0 0 0 0 2 0
                b 0 0 0 0 0 0 0 0
                a 9 0 0 0 0 0 0 0";
    let mut s = in_opening(&rules, text, Player::South, "scatter the 29");
    let mut history = History::new(&rules, &s);
    assert_eq!(phase_name(&rules, &s, Player::South), Some("scatter the 29"));
    assert_eq!(legal(&rules, &s), sows(&rules, &["a1"]));
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 9, "b7", &[], true));
    assert_board(
        &rules,
        &s,
        "d 0 0 0 0 0 0 2 5
         c 0 0 0 0 0 0 2 0
         b 0 0 0 0 0 0 1 1
         a 0 1 1 1 1 1 1 1",
    );
    assert_eq!(s.captured()[Player::South], 0);
    assert_eq!(phase_name(&rules, &s, Player::North), Some("scatter the 29"));
    assert_eq!(legal(&rules, &s), sows(&rules, &["d8"]));

    let mut main = state(&rules, &setup(&rules, text, Player::South));
    let mut history = History::new(&rules, &main);
    assert_eq!(phase_name(&rules, &main, Player::South), None);
    assert_eq!(legal(&rules, &main), sows(&rules, &["a1"]));
    let effect = rules.play(&mut main, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 9, "b7", &[("c7", 2), ("d7", 2)], true));
    assert_eq!(main.captured()[Player::South], 4);
}

// ---------------------------------------------------------------------------------------
// 4. DECIDED: each player leaves "walk the pair" on their own.

/// Both players at the start of "walk the pair". South holds a1 3 and b4 1: no hole of
/// exactly 2, so South's turn starts in "scatter the 29" (legal: a1), while North, with
/// its pair at c3, stays in "walk the pair".
///   South sows a1 (3): a2, a3, a4 0→1 → a4 was empty: stop (laps 1, sown 3).
///   North sows c3 (2), its only hole of 2: c4 1→2, c5 0→1; c5 faces an empty b5: no
///   capture (laps 1, sown 2). North still has a pair (c4).
///   South's scatter lasted its one turn: South is in the main game. No hole holds two or
///   more, so singletons whose next hole is empty: a2 (next a3 occupied) no, a3 (a4) no,
///   a4 (a5 empty) yes, b4 (b3 empty) yes → [a4, b4].
#[test]
fn each_player_leaves_the_pair_opening_on_their_own() {
    let rules = njombwa();
    let mut s = in_opening(
        &rules,
        "d 0 0 0 0 0 0 0 5
         c 0 0 2 1 0 0 0 0
         b 0 0 0 1 0 0 0 0
         a 3 0 0 0 0 0 0 0",
        Player::South,
        "walk the pair",
    );
    let mut history = History::new(&rules, &s);
    assert_eq!(phase_name(&rules, &s, Player::South), Some("scatter the 29"));
    assert_eq!(phase_name(&rules, &s, Player::North), Some("walk the pair"));
    assert_eq!(legal(&rules, &s), sows(&rules, &["a1"]));
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 3, "a4", &[], true));

    assert_eq!(phase_name(&rules, &s, Player::North), Some("walk the pair"));
    assert_eq!(legal(&rules, &s), sows(&rules, &["c3"]));
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "c3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "c5", &[], true));

    assert_eq!(phase_name(&rules, &s, Player::South), None);
    assert_eq!(phase_name(&rules, &s, Player::North), Some("walk the pair"));
    assert_board(
        &rules,
        &s,
        "d 0 0 0 0 0 0 0 5
         c 0 0 0 2 1 0 0 0
         b 0 0 0 1 0 0 0 0
         a 0 1 1 1 0 0 0 0",
    );
    assert_eq!(legal(&rules, &s), sows(&rules, &["a4", "b4"]));
}

// ---------------------------------------------------------------------------------------
// 5. DECIDED: the pair opening captures on any landing, and only the inner hole.

/// "Walk the pair": South's only hole of exactly 2 is b3. South sows b3 (2): b2 0→1,
/// b1 1→2. The lap ends in b1, which was occupied; the opening sows one lap only, so
/// there is no relay, and b1 is South's inner row facing c1 (3): c1 is taken; d1 (4)
/// behind it stays. Laps 1, sown 2.
/// North then has no hole of 2 (it leaves "walk the pair") and its leftmost outer hole
/// d8 is empty (it cannot scatter, so it leaves that opening too): North is in the main
/// game, where d1 (4) is its only hole with two or more.
///
/// With the same counts in the main game the lap would relay instead: b3 (2): b2 0→1,
/// b1 1→2 → lift 2: a1 0→1, a2 0→1 → a2 was empty: stop, laps 2, sown 4, no capture.
#[test]
fn the_pair_opening_captures_on_any_landing_and_only_the_inner_hole() {
    let rules = njombwa();
    let text = "d 4 0 0 0 0 0 0 0
                c 3 0 0 0 0 0 0 0
                b 1 0 2 0 0 0 0 0
                a 0 0 0 0 0 0 0 0";
    let mut s = in_opening(&rules, text, Player::South, "walk the pair");
    let mut history = History::new(&rules, &s);
    assert_eq!(legal(&rules, &s), sows(&rules, &["b3"]));
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b1", &[("c1", 3)], true));
    assert_board(
        &rules,
        &s,
        "d 4 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 2 1 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0",
    );
    assert_eq!(s.captured()[Player::South], 3);
    assert_eq!(s.to_move(), Player::North);
    assert_eq!(phase_name(&rules, &s, Player::North), None);
    assert_eq!(legal(&rules, &s), sows(&rules, &["d1"]));

    let mut main = state(&rules, &setup(&rules, text, Player::South));
    let mut history = History::new(&rules, &main);
    let effect = rules.play(&mut main, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "a2", &[], true));
}

// ---------------------------------------------------------------------------------------
// 6. The main game's capture: relay, then the inner hole and the outer hole behind it.

/// Main game. South's only hole with two or more is a6.
///   a6 (2): a7 0→1, a8 1→2 → relay 2: b8 0→1, b7 0→1 → b7 was empty, South's inner row,
///   facing c7 (2): take c7 and, as d7 is occupied, d7 (3) too. Laps 2, sown 4.
/// North keeps d1 1, a singleton whose next hole c1 is empty: legal [d1].
/// Then with d7 empty: the same sowing takes c7 alone.
#[test]
fn main_capture_takes_the_inner_hole_and_the_outer_hole_behind_it() {
    let rules = njombwa();
    let mut s = state(
        &rules,
        &setup(
            &rules,
            "d 1 0 0 0 0 0 3 0
             c 0 0 0 0 0 0 2 0
             b 0 0 0 0 0 0 0 0
             a 0 0 0 0 0 2 0 1",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &s);
    assert_eq!(legal(&rules, &s), sows(&rules, &["a6"]));
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b7", &[("c7", 2), ("d7", 3)], true));
    assert_board(
        &rules,
        &s,
        "d 1 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 1 1
         a 0 0 0 0 0 0 1 0",
    );
    assert_eq!(s.captured()[Player::South], 5);
    assert_eq!(s.to_move(), Player::North);
    assert_eq!(s.outcome(), None);
    assert_eq!(legal(&rules, &s), sows(&rules, &["d1"]));

    let mut s = state(
        &rules,
        &setup(
            &rules,
            "d 1 0 0 0 0 0 0 0
             c 0 0 0 0 0 0 2 0
             b 0 0 0 0 0 0 0 0
             a 0 0 0 0 0 2 0 1",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &s);
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "a6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b7", &[("c7", 2)], true));
    assert_eq!(s.captured()[Player::South], 2);
}

// ---------------------------------------------------------------------------------------
// 7. DECIDED: singletons capture in the main game.

/// Main game, South has no hole with two or more: singletons whose next hole is empty may
/// move: a1 (next a2 occupied) no, a2 (a3 empty) yes, b6 (b5 empty) yes → [a2, b6].
/// South sows b6 (1): b5 0→1, empty, South's inner row, facing c5 (1) with d5 (2) behind:
/// both are taken (Ludii's singleton sowing would not capture). North keeps d1 2.
#[test]
fn singletons_capture_in_the_main_game() {
    let rules = njombwa();
    let mut s = state(
        &rules,
        &setup(
            &rules,
            "d 2 0 0 0 2 0 0 0
             c 0 0 0 0 1 0 0 0
             b 0 0 0 0 0 1 0 0
             a 1 1 0 0 0 0 0 0",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &s);
    assert_eq!(legal(&rules, &s), sows(&rules, &["a2", "b6"]));
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b5", &[("c5", 1), ("d5", 2)], true));
    assert_board(
        &rules,
        &s,
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 1 0 0 0
         a 1 1 0 0 0 0 0 0",
    );
    assert_eq!(s.captured()[Player::South], 3);
    assert_eq!(s.to_move(), Player::North);
    assert_eq!(legal(&rules, &s), sows(&rules, &["d1"]));
}

// ---------------------------------------------------------------------------------------
// 8. DECIDED: a blocked player loses.

/// Main game, South's sixteen holes each hold 1: no hole has two or more and every
/// singleton's next hole is occupied, so South has seeds but no move and loses.
#[test]
fn a_blocked_player_loses() {
    let rules = njombwa();
    let mut s = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 0 2 0 0 0
             c 0 0 0 0 0 0 0 0
             b 1 1 1 1 1 1 1 1
             a 1 1 1 1 1 1 1 1",
            Player::South,
        ),
    );
    let moves = MoveList::new();
    assert!(legal(&rules, &s).is_empty());
    assert_eq!(rules.settle(&mut s, &moves), win(Player::North, WinReason::Blocked));
}

// ---------------------------------------------------------------------------------------
// 9. DECIDED: a repeated position is a draw.

/// Main game. Each side holds 10 seeds in a pattern that one forced relay turns into a
/// second pattern, and the next forced relay turns back (as in Nsolo's worked example).
/// Along South's circuit (a1…a8, b8…b1):
///
///   X:  a 0 1 1 2 0 1 0 1 | b8… 0 1 0 1 0 1 0 1     only a4 has ≥ 2: forced a4
///   a4 (2): a5 0→1, a6 1→2 | a7 0→1, a8 1→2 | b8 0→1, b7 1→2 | b6, b5 1→2 | b4, b3 1→2 |
///           b2, b1 1→2 | a1 0→1, a2 1→2 | a3 1→2, a4 0→1: a4 (the lifted origin) was
///           empty → the turn ends in an outer hole; 8 laps of 2, no capture.
///   Y:  a 1 0 2 1 1 0 1 0 | b8… 1 0 1 0 1 0 1 0     only a3 has ≥ 2: forced a3
///   a3 (2): a4 1→2, a5 1→2 | a6 0→1, a7 1→2 | a8, b8 1→2 | b7, b6 1→2 | b5, b4 1→2 |
///           b3, b2 1→2 | b1 0→1, a1 1→2 | a2 0→1, a3 0→1: ends in a3; gives X again.
///
/// Every lap but the last ends in an occupied hole (a relay), and the last in an outer
/// hole, so nothing is captured. North holds the same pattern along its circuit (d8…d1,
/// c1…c8): its forced turns are d5 (X→Y) and d6 (Y→X). After a4, d5, a3, d6 the start
/// position recurs with South to move: a draw at the fourth turn and not before.
#[test]
fn a_repeated_position_is_a_draw() {
    let rules = njombwa();
    let start = setup(
        &rules,
        "d 1 0 1 0 2 1 1 0
         c 0 1 0 1 0 1 0 1
         b 1 0 1 0 1 0 1 0
         a 0 1 1 2 0 1 0 1",
        Player::South,
    );
    let mut game = Game::from_state(&rules, state(&rules, &start));
    for (i, name) in ["a4", "d5", "a3", "d6"].into_iter().enumerate() {
        assert_eq!(game.outcome(), None);
        assert_eq!(game.legal_moves().to_vec(), sows(&rules, &[name]), "turn {}", i + 1);
        let effects = game.play_turn(name).unwrap();
        assert_eq!(effects, vec![sow_effect(&rules, 8, 16, name, &[], true)]);
    }
    assert_eq!(rules.board_counts(game.state()), start.counts);
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}
