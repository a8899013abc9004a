//! Hand-checked worked examples of Pereauni (`rules/pereauni.sow`): the opening sowing from
//! the outer row with its back captures, the capture of the two holes facing an occupied
//! inner landing, its seeds put into the hole the capturing lap was lifted from and sown on
//! as a lap of its own — which chains into further captures and relays — and the loss of a
//! player left with singletons. The ruleset "longarim-topotha" is the same game on 4×9.
//! The rulesets "ludii" and "ludii-longarim-topotha" play Ludii's code: no back captures,
//! and the taken seeds sown on from the outer hole behind the landing hole, with the seed
//! that hole held if it held one.
//! Back captures cease once the opening sowing has reached the inner row.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top (4×8):
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North sows d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South sows a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer
//! ```

use sow::Rules;
use sow::engine::{Game, History, Move, Player, WinReason};

use crate::common;
use crate::kit::*;

fn pereauni(ruleset: Option<&str>) -> Rules {
    common::rules("pereauni", ruleset, &[])
}

/// The opening: South's first sowing starts in its outer row (a1–a8; b1–b8 hold 2 as well
/// but may not open). a1 (2):
/// 1. a2 2→3, a3 2→3 — an occupied outer hole facing c3 (2) and d3 (2): a back capture. The
///    4 go into a1, where the lap began, and are sown on from a2:
/// 2. a2 3→4, a3 3→4, a4 2→3, a5 2→3 — occupied, facing c5 (2), d5 (2): 4 more into a1:
/// 3. a2 4→5, a3 4→5, a4 3→4, a5 3→4 — occupied, but c5 and d5 are now empty: relay 4 from
///    a5:
/// 4. a6 2→3, a7 2→3, a8 2→3, b8 2→3 — an occupied inner hole facing c8 (2), d8 (2): 4 into
///    b8's lap's origin, a5 (0→4), sown on:
/// 5. a6 3→4, a7 3→4, a8 3→4, b8 3→4 — c8 and d8 are empty: relay 4 from b8:
/// 6. b7 2→3, b6 2→3, b5 2→3, b4 2→3 — facing c4 (2), d4 (2): 4 into b8, sown on:
/// 7. b7 3→4, b6 3→4, b5 3→4, b4 3→4 — c4, d4 empty: relay 4 from b4:
/// 8. b3 2→3, b2 2→3, b1 2→3, a1 0→1 — a1 had been emptied: the end.
///
/// 8 laps, 2 + 7 × 4 = 30 seeds; 16 seeds taken from columns 3, 4, 5 and 8 (the effect
/// lists a turn's taken holes merged, North's inner row first). North then opens
/// from its outer holes of two: d1, d2, d6, d7.
#[test]
fn the_opening_sows_from_the_outer_row_with_back_captures() {
    let rules = pereauni(None);
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]));
    let effect = game.play(Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(
        effect,
        sow_effect(
            &rules,
            8,
            30,
            "a1",
            &[("c3", 2), ("c4", 2), ("c5", 2), ("c8", 2), ("d3", 2), ("d4", 2), ("d5", 2), ("d8", 2)],
            true
        )
    );
    assert_board(
        &rules,
        game.state(),
        "d 2 2 0 0 0 2 2 0
         c 2 2 0 0 0 2 2 0
         b 3 3 3 0 4 4 4 0
         a 1 5 5 4 0 4 4 4",
    );
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1", "d2", "d6", "d7"]));
}

/// Main game: captures chain, each into the hole its lap was lifted from. South has b5 (2)
/// and singletons b3, b2 and a1, which may not be sown: only b5.
/// 1. b5 (2): b4 0→1, b3 1→2 — occupied inner hole facing c3 (1) and d3 (2): 3 into b5
///    (emptied when lifted), sown on from b4:
/// 2. b4 1→2, b3 2→3, b2 1→2 — occupied, facing c2 (1) and d2 (1): 2 into b5 again (this
///    lap was lifted from b5), sown on:
/// 3. b4 2→3, b3 3→4 — occupied, but c3 and d3 are empty: relay 4 from b3:
/// 4. b2 2→3, b1 0→1, a1 1→2, a2 0→1 — a2 was empty: the end.
///
/// 4 laps, 2 + 3 + 2 + 4 = 11 seeds, 5 taken. North is left with two singletons, c7 and
/// d8: it cannot sow, and loses.
#[test]
fn captures_chain_from_the_capturing_laps_origin() {
    let rules = pereauni(None);
    let mut state = state(
        &rules,
        &setup(
            &rules,
            "d 0 1 2 0 0 0 0 1
             c 0 1 1 0 0 0 1 0
             b 0 1 1 0 2 0 0 0
             a 1 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["b5"]));
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 4, 11, "a2", &[("c2", 1), ("c3", 1), ("d2", 1), ("d3", 2)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 1 0
         b 1 3 0 3 0 0 0 0
         a 2 1 0 0 0 0 0 0",
    );
    let game = Game::from_state(&rules, state);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.outcome(), win(Player::South, WinReason::Blocked));
}

/// No capture unless both facing holes hold seeds, and none on an empty landing.
/// b4 (2): b3 1→2, b2 1→2 — occupied, facing c2 (2) but an empty d2: relay 2 from b2: b1
/// 0→1, a1 0→1 — a1 was empty: the end, though it is an outer hole and d1/c1 hold seeds (the
/// opening is over; and an empty landing never captures). 2 laps, 4 seeds.
#[test]
fn no_capture_with_an_empty_facing_hole_or_on_an_empty_landing() {
    let rules = pereauni(None);
    let mut state = state(
        &rules,
        &setup(
            &rules,
            "d 2 0 0 0 0 0 0 0
             c 2 2 0 0 0 0 0 0
             b 0 1 1 2 0 0 0 0
             a 0 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "a1", &[], true));
    assert_board(
        &rules,
        &state,
        "d 2 0 0 0 0 0 0 0
         c 2 2 0 0 0 0 0 0
         b 1 0 2 0 0 0 0 0
         a 1 0 0 0 0 0 0 0",
    );
    assert_eq!(legal(&rules, &state), sows(&rules, &["c1", "c2", "d1"]));
}

/// "longarim-topotha": the same game on 4×9: 72 seeds, and South opens from a1–a9.
#[test]
fn longarim_topotha_is_played_on_nine_columns() {
    let rules = pereauni(Some("longarim-topotha"));
    assert_eq!(rules.total_seeds(), 72);
    let game = Game::new(&rules);
    assert_eq!(
        game.legal_moves().to_vec(),
        sows(&rules, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"])
    );
}

/// Back captures cease once the turn has sown into the inner row ("once a counter has been
/// sown into the inner row, this ceases and captures can only be made from the inner row").
/// From the start, a5 (2):
/// 1. a6 2→3, a7 2→3 — no seed in the inner row yet: back capture of c7 (2), d7 (2), 4 into
///    a5, sown on:
/// 2. a6 3→4, a7 3→4, a8 2→3, b8 2→3 — the inner row is reached; c8, d8 (2, 2): 4 into a5:
/// 3. a6 4→5, a7 4→5, a8 3→4, b8 3→4 — c8, d8 empty: relay 4 from b8:
/// 4. b7 2→3, b6 2→3, b5 2→3, b4 2→3 — c4, d4 (2, 2): 4 into b8:
/// 5. b7 3→4, b6 3→4, b5 3→4, b4 3→4 — c4, d4 empty: relay 4 from b4:
/// 6. b3 2→3, b2 2→3, b1 2→3, a1 2→3 — an occupied outer hole facing c1 (2) and d1 (2), but
///    the turn has sown into the inner row: no back capture, relay 3 from a1:
/// 7. a2 2→3, a3 2→3, a4 2→3 — occupied (outer, no capture): relay 3 from a4:
/// 8. a5 0→1, a6 5→6, a7 5→6 — relay 6 from a7:
/// 9. a8 4→5, b8 0→1, b7 4→5, b6 4→5, b5 4→5, b4 0→1 — b4 had been emptied: the end.
///
/// 9 laps, 2 + 5 × 4 + 3 + 3 + 6 = 34 seeds; 12 taken from columns 4, 7 and 8 (c1 and d1
/// stay). North then opens from d1, d2, d3, d5, d6. Seen failing with the fact taken as
/// always true (the old approximation: c1 and d1 taken at lap 6, 8 laps, 30 seeds).
#[test]
fn back_captures_cease_once_the_inner_row_is_reached() {
    let rules = pereauni(None);
    let mut game = Game::new(&rules);
    let effect = game.play(Move::Sow(hole(&rules, "a5"))).unwrap();
    assert_eq!(
        effect,
        sow_effect(
            &rules,
            9,
            34,
            "b4",
            &[("c4", 2), ("c7", 2), ("c8", 2), ("d4", 2), ("d7", 2), ("d8", 2)],
            true
        )
    );
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 0 2 2 0 0
         c 2 2 2 0 2 2 0 0
         b 3 3 3 1 5 5 5 1
         a 0 3 3 0 1 6 0 5",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1", "d2", "d3", "d5", "d6"]));
}

/// "ludii": the opening sowing has no back captures. South a1 (2): a2 2→3, a3 2→3, an outer
/// hole: relay (3): a4, a5, a6 2→3; relay a6 (3): a7 2→3, a8 2→3, b8 2→3, an occupied inner
/// hole facing c8 (2): c8 and d8 (4) go into a8 behind it (3, so no seed of it goes along):
/// 4 sown from b8: b8 3→4, b7, b6, b5 2→3; b5 faces c5 (2): c5 and d5 (4) into a5 (3→7),
/// 4 sown: a6 0→1, a7 3→4, a8 3→4, b8 4→5; c8 is empty now: b8 relays (5): b7 3→4, b6 3→4,
/// b5 3→4, b4 2→3, b3 2→3, facing c3 (2): c3 and d3 (4) into a3 (0→4), 4 sown: a4 3→4,
/// a5 3→4, a6 1→2, a7 4→5, an outer hole: relay (5): a8 4→5, b8 0→1, b7 4→5, b6 4→5,
/// b5 4→5; relay (5): b4 3→4, b3 3→4, b2 2→3, b1 2→3, a1 0→1, empty: the end. 9 laps,
/// 2 + 3 + 3 + 4 + 4 + 5 + 4 + 5 + 5 = 35 seeds. North opens from its outer holes of two:
/// d1, d2, d4, d6 and d7.
#[test]
fn ludii_opens_without_back_captures() {
    let rules = pereauni(Some("ludii"));
    let mut game = Game::new(&rules);
    let effect = game.play(Move::Sow(hole(&rules, "a1"))).unwrap();
    let taken = [("c3", 2), ("c5", 2), ("c8", 2), ("d3", 2), ("d5", 2), ("d8", 2)];
    assert_eq!(effect, sow_effect(&rules, 9, 35, "a1", &taken, true));
    assert_board(
        &rules,
        game.state(),
        "d 2 2 0 2 0 2 2 0
         c 2 2 0 2 0 2 2 0
         b 3 3 4 4 0 5 5 1
         a 1 3 0 4 4 2 0 5",
    );
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1", "d2", "d4", "d6", "d7"]));
}

/// "ludii": a capture needs only the facing inner hole, and its seeds are sown on from the
/// outer hole behind the landing hole, with the one seed that hole held. South b5 (2):
/// b4 0→1, b3 1→2, an occupied inner hole facing c3 (2): c3 and d3 (1) are taken (3) into
/// a3. a3 held 1, so 3 + 1 = 4 are sown from a4: a4, a5, a6, a7 0→1, empty: the end.
/// Where a3 held 2, only the 3 taken are sown: a4, a5, a6 0→1, and a3 keeps its 2.
#[test]
fn ludii_sows_taken_seeds_from_behind_with_a_lone_seed() {
    let rules = pereauni(Some("ludii"));
    let picture = |a3: u16| {
        format!(
            "d 0 0 1 0 0 0 0 1
             c 0 0 2 0 0 0 0 0
             b 0 0 1 0 2 0 0 0
             a 0 0 {a3} 0 0 0 0 0"
        )
    };
    let mut one = state(&rules, &setup(&rules, &picture(1), Player::South));
    let mut history = History::new(&rules, &one);
    let effect = rules.play(&mut one, &mut history, Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 6, "a7", &[("c3", 2), ("d3", 1)], true));
    assert_board(
        &rules,
        &one,
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 0 0 2 1 0 0 0 0
         a 0 0 0 1 1 1 1 0",
    );

    let mut two = state(&rules, &setup(&rules, &picture(2), Player::South));
    let mut history = History::new(&rules, &two);
    let effect = rules.play(&mut two, &mut history, Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "a6", &[("c3", 2), ("d3", 1)], true));
    assert_board(
        &rules,
        &two,
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 0 0 2 1 0 0 0 0
         a 0 0 2 1 1 1 0 0",
    );
}
