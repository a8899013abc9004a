//! Hand-checked worked examples of Choro (Lango) (`rules/choro-lango.sow`): the opening
//! from the two rightmost outer holes, the capture of the facing inner hole (and the outer
//! one behind it) into the mover's outer hole behind the landing, sown on (with the whole
//! hole where one seed was taken), and the compulsory capture: a sowing whose first lap captures must be chosen
//! if there is one (`whose lap captures … otherwise …`); captured seeds sown on clockwise
//! from a leftmost outer hole. The ruleset `ludii` (Ludii's code): captures foreseen from a
//! hole's count, the opening's compulsory capture judged over the whole outer row, clockwise
//! laps judged from the hole's whole count, the resow with the hole's lone seed.
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
use sow::engine::{Game, Move, Player, WinReason};
use sow::model::Direction;

use crate::common;
use crate::kit::*;

fn choro() -> Rules {
    common::rules("choro-lango", None, &[])
}

fn ludii() -> Rules {
    common::rules("choro-lango", Some("ludii"), &[])
}

fn cw(rules: &Rules, name: &str) -> Move {
    Move::SowDirection(hole(rules, name), Direction::Clockwise)
}

/// The opening starts from a7 or a8, and both capture at once, so both are offered. a7 (2):
/// 1. a8 2→3, b8 2→3 — an occupied inner hole facing c8 (2): c8 and d8 (2) taken, 4 into
///    a8 (3→7, not a lone seed), and the 4 sown on from there:
/// 2. b8 3→4, b7 2→3, b6 2→3, b5 2→3 — facing c5 (2): c5, d5 into a5 (2→6), 4 sown on:
/// 3. a6 2→3, a7 0→1, a8 3→4, b8 4→5 — c8 is empty now: relay 5 from b8:
/// 4. b7 3→4, b6 3→4, b5 3→4, b4 2→3, b3 2→3 — facing c3 (2): c3, d3 into a3 (2→6), 4
///    sown on:
/// 5. a4 2→3, a5 2→3, a6 3→4, a7 1→2 — an occupied outer hole: relay 2 from a7:
/// 6. a8 4→5, b8 0→1 — b8 had been emptied: the end.
///
/// North then opens from d1 (c1 2→3, c2 2→3: facing b2 (2), a capture) or d2 (d1 2→3,
/// c1 2→3: facing b1 (2), a capture). After a8 instead, North's d2 is taken and d1 does
/// not capture (c1 2→3, c2 0→1): the otherwise description, d1 alone.
#[test]
fn the_opening_from_the_two_rightmost_outer_holes() {
    let rules = choro();
    let mut game = Game::new(&rules);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["a7", "a8"]));
    game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 2 2 0 2 0 2 2 0
         c 2 2 0 2 0 2 2 0
         b 2 2 3 3 4 4 4 1
         a 2 2 2 3 3 4 0 5",
    );
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1", "d2"]));
    let mut game = Game::new(&rules);
    game.play(Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d1"]));
}

/// A capture is compulsory on the first lap. South's a3 (2) sows a4, a5 — empty, the end;
/// a7 (2) sows a8, b8 (1→2) — an occupied inner hole facing c8 (1): a capture, so a7 is
/// the only sowing. Its capture takes c8 and d8 (1 each) into a8 (1→3): two seeds were
/// taken, so those two are sown from a8 and the lap's own seed stays there — b8 2→3, b7
/// 0→1, empty: the end.
/// With c8 empty the landing at b8 only relays, nothing captures, and both holes may be
/// sown. Seen failing with `whose lap captures` ignored (a3 offered too).
#[test]
fn a_capture_on_the_first_lap_is_compulsory() {
    let rules = choro();
    let start = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 0 0 0 0 1
             c 0 0 0 0 0 0 0 1
             b 0 0 0 0 0 0 0 1
             a 0 0 2 0 0 0 2 0",
            Player::South,
        ),
    );
    assert_eq!(legal(&rules, &start), sows(&rules, &["a7"]));
    let mut game = Game::from_state(&rules, start);
    game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 1 3
         a 0 0 2 0 0 0 0 1",
    );
    let free = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 0 0 0 0 1
             c 0 0 0 0 0 0 0 0
             b 0 0 0 0 0 0 0 1
             a 0 0 2 0 0 0 2 0",
            Player::South,
        ),
    );
    assert_eq!(legal(&rules, &free), sows(&rules, &["a3", "a7"]));
}

/// "If the capture is only of one counter, the contents of the appropriate outer row hole
/// on the player's side are sown along with the one captured counter." South's a7 (2): a8
/// 3→4, b8 1→2 — an occupied inner hole facing c8 (1), a capture (d8 is empty: one seed
/// taken). It goes into a8 (4→5), and the whole hole is sown: b8 2→3, b7, b6, b5, b4 0→1 —
/// b4 was empty: the end. (Sowing the lone taken seed alone, b8 2→3 would relay: b7, b6, b5
/// 0→1, leaving a8 4 and b8 empty.) a8 (3) ends in b6, empty: not a capture, so a7 is the
/// only sowing.
#[test]
fn a_lone_captured_seed_is_sown_with_the_whole_outer_hole() {
    let rules = choro();
    let start = state(
        &rules,
        &setup(
            &rules,
            "d 2 0 0 0 0 0 0 0
             c 0 0 0 0 0 0 0 1
             b 0 0 0 0 0 0 0 1
             a 0 0 0 0 0 0 2 3",
            Player::South,
        ),
    );
    assert_eq!(legal(&rules, &start), sows(&rules, &["a7"]));
    let mut game = Game::from_state(&rules, start);
    game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 2 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 0 1 1 1 1 3
         a 0 0 0 0 0 0 0 0",
    );
}

/// "When the captured counters are sown, they may, starting from the same hole, also be sown
/// clockwise as long as they lead to a capture." South's b4 (2) is the only sowing (b4: b3
/// 0→1, b2 1→2, an occupied inner hole facing c2 (1): a capture; a2 (4) anticlockwise ends
/// in a6, clockwise in b3, empty). c2 and d2 (1 each) go into a2 (4→6); two seeds were taken,
/// so those two are sown on, and a2 is the 2nd outer hole, one of the four: clockwise they
/// go a1 0→1, b1 1→2 — occupied, facing c1 (1): a capture. So the sowing pauses at a2 for
/// the mover: `relay` (anticlockwise: a3, a4 0→1, empty, the end) or `a2:cw`. Clockwise:
/// c1 (1) and d1 (2) go into a1 (1→4), and the 3 taken are sown on; clockwise from a1 they
/// would end in b3 (b1 2→3, b2 2→3, b3 1→2), whose facing c3 is empty: no capture, so no
/// pause, and they go anticlockwise: a2 4→5, a3 0→1, a4 0→1 — empty, the end. Seen failing
/// before the pause could carry the taken seeds (no `a2:cw`; the seeds went on at once).
#[test]
fn captured_seeds_may_be_sown_clockwise_from_a_leftmost_outer_hole() {
    let rules = choro();
    let start = state(
        &rules,
        &setup(
            &rules,
            "d 2 1 0 0 0 0 0 2
             c 1 1 0 0 0 0 0 0
             b 1 1 0 2 0 0 0 0
             a 0 4 0 0 0 0 0 0",
            Player::South,
        ),
    );
    assert_eq!(legal(&rules, &start), sows(&rules, &["b4"]));
    let mut game = Game::from_state(&rules, start);
    game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Relay, cw(&rules, "a2")]);
    let paused = game.clone();
    game.play(cw(&rules, "a2")).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0
         b 2 2 1 0 0 0 0 0
         a 1 5 1 1 0 0 0 0",
    );
    let mut game = paused;
    game.play(Move::Relay).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 2 0 0 0 0 0 0 2
         c 1 0 0 0 0 0 0 0
         b 1 2 1 0 0 0 0 0
         a 0 4 1 1 0 0 0 0",
    );
}

/// Ludii's clockwise check is made from the hole's whole count, while the lap sows what the
/// capture put there. South's b4 (2) is the only sowing in both games (b2 facing c2). It
/// takes c2 and d2 (1 each) into a2 (4→6). In the base game the 2 taken seeds sown clockwise
/// would end in b1 (a1, b1 0→1), empty: no capture, no pause; they go anticlockwise (a3,
/// a4, empty) and the turn is over. In `ludii` the check counts a2's 6 seeds: a1, b1, b2,
/// b3, b4, b5 — an own inner hole facing c5 (1), occupied: the sowing pauses. `a2:cw` then
/// sows the 2 seeds only (a2 held 4 before, not 1: Ludii's count is the 2 taken): a1 0→1,
/// b1 0→1 — empty, the end, a2 keeping 4.
#[test]
fn ludii_judges_a_clockwise_lap_from_the_whole_hole() {
    let text = "d 0 1 0 0 0 0 0 2
                c 0 1 0 0 1 0 0 0
                b 0 1 0 2 0 0 0 0
                a 0 4 0 0 0 0 0 0";
    let rules = choro();
    let mut game = Game::from_state(&rules, state(&rules, &setup(&rules, text, Player::South)));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b4"]));
    game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 1 0 0 0
         b 0 2 1 0 0 0 0 0
         a 0 4 1 1 0 0 0 0",
    );
    let rules = ludii();
    let mut game = Game::from_state(&rules, state(&rules, &setup(&rules, text, Player::South)));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b4"]));
    game.play(Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(game.state().to_move(), Player::South);
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Relay, cw(&rules, "a2")]);
    game.play(cw(&rules, "a2")).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 1 0 0 0
         b 1 2 1 0 0 0 0 0
         a 1 4 0 0 0 0 0 0",
    );
}

/// Ludii foresees a capture from a hole's count alone: a7 (2) would end in b8, an own inner
/// hole facing c8 (1), though b8 is empty. So in `ludii` a7 is the only sowing (a3 ends in
/// a5), and sown it only drops a8 0→1, b8 0→1: empty, the end, nothing taken. In the base
/// game the lap ends in an empty hole, no capture, and a3 may be sown too.
#[test]
fn ludii_foresees_a_capture_where_the_landing_hole_is_empty() {
    let text = "d 0 0 0 0 0 0 0 2
                c 0 0 0 0 0 0 0 1
                b 0 0 0 0 0 0 0 0
                a 0 0 2 0 0 0 2 0";
    let rules = choro();
    assert_eq!(
        legal(&rules, &state(&rules, &setup(&rules, text, Player::South))),
        sows(&rules, &["a3", "a7"])
    );
    let rules = ludii();
    let start = state(&rules, &setup(&rules, text, Player::South));
    assert_eq!(legal(&rules, &start), sows(&rules, &["a7"]));
    let mut game = Game::from_state(&rules, start);
    game.play(Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_eq!(game.state().to_move(), Player::North);
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 1
         b 0 0 0 0 0 0 0 1
         a 0 0 2 0 0 0 0 1",
    );
}

/// Ludii's opening: the compulsory capture is asked of every outer hole, then only a7 and a8
/// may be sown. a6 (3) would end in b8 (a7, a8, b8), facing c8 (2): a capture foreseen. a7
/// (3) would end in b7 (a8, b8, b7) and a8 (2) in b7 too, facing c7, empty: neither. So no
/// hole may be sown: South has no move, stays in the opening, and loses. With c8 empty no
/// outer hole would capture, and a7 and a8 may both be sown. The base game asks only a7 and
/// a8 (neither lap captures: b7 is empty): both.
#[test]
fn ludii_opening_capture_judged_over_the_outer_row_may_leave_no_move() {
    let text = |c8: u16| {
        format!(
            "d 2 2 2 2 2 2 2 2
             c 2 2 2 2 2 2 0 {c8}
             b 0 0 0 0 0 0 0 0
             a 0 0 0 0 0 3 3 2"
        )
    };
    let opening = |rules: &Rules, c8: u16| {
        let mut s = setup(rules, &text(c8), Player::South);
        s.opening = Some("rightmost".to_string());
        state(rules, &s)
    };
    let rules = choro();
    assert_eq!(legal(&rules, &opening(&rules, 2)), sows(&rules, &["a7", "a8"]));
    let rules = ludii();
    let blocked = opening(&rules, 2);
    assert_eq!(legal(&rules, &blocked), vec![]);
    let game = Game::from_state(&rules, blocked);
    assert_eq!(game.outcome(), win(Player::North, WinReason::Blocked));
    assert_eq!(legal(&rules, &opening(&rules, 0)), sows(&rules, &["a7", "a8"]));
}

/// Ludii sows on as many seeds as a capture took, one more if the outer hole held exactly
/// one. South's b7 (2): b6 0→1, b5 1→2 — facing c5 (1), d5 empty: 1 seed taken into a5
/// (3→4). In `ludii` that one seed alone is sown on (a5 held 3): a6 0→1, empty, the end. In
/// the base game a lone taken seed takes the whole hole with it: a6, a7, a8, b8 0→1, the end.
#[test]
fn ludii_sows_on_the_taken_seeds_with_a_lone_seed_of_the_hole() {
    let text = "d 0 0 0 0 0 0 0 2
                c 0 0 0 0 1 0 0 0
                b 0 0 0 0 1 0 2 0
                a 0 0 0 0 3 0 0 0";
    let rules = ludii();
    let mut game = Game::from_state(&rules, state(&rules, &setup(&rules, text, Player::South)));
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["b7"]));
    game.play(Move::Sow(hole(&rules, "b7"))).unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 2 1 0 0
         a 0 0 0 0 3 1 0 0",
    );
    let rules = choro();
    let mut game = Game::from_state(&rules, state(&rules, &setup(&rules, text, Player::South)));
    game.play(Move::Sow(hole(&rules, "b7"))).unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 2 1 0 1
         a 0 0 0 0 0 1 1 1",
    );
}
