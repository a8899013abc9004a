//! Hand-checked worked examples of Bao (Swahili coast) (`rules/bao.sow`): the house that sows
//! one seed while it is special (the text), or is sown whole and spent (Ludii), the kichwa
//! rule on first laps and on relays (a relay that runs into it loses, in Ludii), Ludii's
//! second-stage prediction of a landing in front of an occupied hole, direction by direction;
//! and the base game's house that loses its status when a capture empties it, captured seeds
//! sown from the kichwa the capturing lap was heading for, first laps ranked by where they
//! end (the house first, with the choice to stop there or sow on), and the blocking rule
//! (kutakatia).
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North anticlockwise: d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner   (North's house is c4)
//!   b  . . . . . . . .   South inner   South anticlockwise: a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer   (South's house is b5; clockwise: b1 → b8, then a8 → a1)
//! ```

use sow::Rules;
use sow::engine::{History, Move, Player, Setup, WinReason};
use sow::model::Direction;

use crate::common;
use crate::kit::*;

fn bao(ruleset: Option<&str>) -> Rules {
    common::rules("bao", ruleset, &[])
}

fn cw(rules: &Rules, name: &str) -> Move {
    Move::SowDirection(hole(rules, name), Direction::Clockwise)
}

fn ccw(rules: &Rules, name: &str) -> Move {
    Move::SowDirection(hole(rules, name), Direction::Anticlockwise)
}

/// The same moves, in any order.
fn assert_moves(rules: &Rules, setup: &Setup, want: &[Move]) {
    let got = legal(rules, &state(rules, setup));
    assert_eq!(got.len(), want.len(), "{got:?}");
    for m in want {
        assert!(got.contains(m), "{m:?} missing from {got:?}");
    }
}

/// The mark ids: `house` is declared first, `spent` second, `blocked` third.
const HOUSE: u8 = 0;
const SPENT: u8 = 1;
const BLOCKED: u8 = 2;

/// The namua with one seed in South's hand, the special house the only occupied inner hole
/// (North's c8 faces an empty b8, so nothing captures): the seed must go into the house.
/// - Ludii, house 7: 8 seeds, sown whole (Ludii 1.3.12's code, against its rules text):
///   anticlockwise b4, b3, b2, b1, a1, a2, a3, a4 each 0→1; a4 was empty: the end. The house
///   is empty, and spent.
/// - Ludii, house 5: 6 seeds, sown whole: b4, b3, b2, b1, a1, a2 each 0→1; a2 was empty: the
///   end. The house is empty, and spent.
/// - Base game, house 6: only the placed seed is sown ("only that one counter"): b4 0→1,
///   and the house keeps 6, at least 6, and its mark.
/// - Base game, house 5: the same, and the house is left with 5, fewer than 6: it is no
///   longer the house ("as long as it has at least six counters"), nor spent.
#[test]
fn the_house_sows_one_seed_while_special_or_in_ludii_is_sown_whole() {
    for (ruleset, house, after, special, spent) in [
        (Some("ludii"), 7, "b 1 1 1 1 0 0 0 0  a 1 1 1 1 0 0 0 0", false, true),
        (Some("ludii"), 5, "b 1 1 1 1 0 0 0 0  a 1 1 0 0 0 0 0 0", false, true),
        (None, 6, "b 0 0 0 1 6 0 0 0  a 0 0 0 0 0 0 0 0", true, false),
        (None, 5, "b 0 0 0 1 5 0 0 0  a 0 0 0 0 0 0 0 0", false, false),
    ] {
        let rules = bao(ruleset);
        let picture = format!(
            "d 0 0 0 0 0 0 0 0
             c 0 0 0 0 0 0 0 1
             b 0 0 0 0 {house} 0 0 0
             a 0 0 0 0 0 0 0 0"
        );
        let mut setup = setup(&rules, &picture, Player::South);
        setup.opening = Some("namua".to_string());
        setup.hand[Player::South] = 1;
        setup.hand[Player::North] = 1;
        setup.marks =
            vec![("house".to_string(), hole(&rules, "b5")), ("house".to_string(), hole(&rules, "c4"))];
        assert_moves(&rules, &setup, &[ccw(&rules, "b5"), cw(&rules, "b5")]);
        let mut state = state(&rules, &setup);
        let mut history = History::new(&rules, &state);
        rules.play(&mut state, &mut history, ccw(&rules, "b5")).unwrap();
        let (b, a) = after.split_at(after.find("a ").unwrap());
        assert_board(&rules, &state, &format!("d 0 0 0 0 0 0 0 0\n c 0 0 0 0 0 0 0 1\n {b}\n {a}"));
        let b5 = hole(&rules, "b5");
        assert_eq!(
            (state.is_marked(HOUSE, b5), state.is_marked(SPENT, b5)),
            (special, spent),
            "{ruleset:?} {house}"
        );
        assert_eq!(state.to_move(), Player::North);
    }
}

/// The second stage. South holds 2 in each of b1, b6 and b8; North's only seed is c5, facing
/// the empty b5. No hole's seeds, counted on, end in front of an occupied hole (b1: a2 or
/// b3; b6: b4 or b8; b8: b6 or a7, all with empty holes in front), so Ludii offers every
/// occupied hole both ways. South sows b6 clockwise: b7 0→1, b8 2→3, occupied, facing an
/// empty c8: a relay from b8 clockwise would go straight into a8 while b1 and b7 are
/// occupied.
/// - Ludii: the relay may not be sown and South is left with no move: North wins.
/// - Base game: the kichwa rule binds first laps only (b1 anticlockwise and b8 clockwise are
///   not offered); of the rest, b1 clockwise ends in the empty b3 and b6 anticlockwise in the
///   empty b4, while b6 clockwise ends in b8 (2) and b8 anticlockwise in b6 (2), both
///   occupied: a lap ending in an empty hole only when no other is allowed leaves these two.
///   The relay goes on: a8, a7, a6 each 0→1, empty: the end. North is left with a single
///   seed, and singletons may not be sown: North cannot move, and loses.
#[test]
fn the_kichwa_rule() {
    let picture = "d 0 0 0 0 0 0 0 0
                   c 0 0 0 0 1 0 0 0
                   b 2 0 0 0 0 2 0 2
                   a 0 0 0 0 0 0 0 0";
    let ludii = bao(Some("ludii"));
    let setup_l = setup(&ludii, picture, Player::South);
    assert_moves(
        &ludii,
        &setup_l,
        &[
            ccw(&ludii, "b1"),
            cw(&ludii, "b1"),
            ccw(&ludii, "b6"),
            cw(&ludii, "b6"),
            ccw(&ludii, "b8"),
            cw(&ludii, "b8"),
        ],
    );
    let mut state_l = state(&ludii, &setup_l);
    let mut history = History::new(&ludii, &state_l);
    ludii.play(&mut state_l, &mut history, cw(&ludii, "b6")).unwrap();
    assert_board(
        &ludii,
        &state_l,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 1 0 0 0
         b 2 0 0 0 0 0 1 3
         a 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state_l.outcome(), win(Player::North, WinReason::Blocked));

    let base = bao(None);
    let setup_b = setup(&base, picture, Player::South);
    assert_moves(&base, &setup_b, &[cw(&base, "b6"), ccw(&base, "b8")]);
    let mut state_b = state(&base, &setup_b);
    let mut history = History::new(&base, &state_b);
    base.play(&mut state_b, &mut history, cw(&base, "b6")).unwrap();
    assert_board(
        &base,
        &state_b,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 1 0 0 0
         b 2 0 0 0 0 0 1 0
         a 0 0 0 0 0 1 1 1",
    );
    assert_eq!(state_b.outcome(), win(Player::South, WinReason::Blocked));
}

/// Ludii's second stage prefers first laps predicted to end in front of an occupied hole,
/// each direction asked on its own. South: b2 1, a3 2; North: c3 1, d8 1. b2 clockwise
/// ends in b3, in front of c3 (1): yes; anticlockwise in b1, in front of an empty c1: no.
/// a3 (2) anticlockwise ends in a5, in front of an empty b5; clockwise in a1, in front of an
/// empty b1: no. So b2 clockwise is the only move. Its seed lands in the empty b3, facing
/// c3: Ludii captures on an empty landing too; b3 is in the middle four columns, so South
/// chooses the end: b1 (clockwise) takes c3's seed (0→1) and sows it whole: b2 0→1, empty,
/// facing an empty c2: the end.
#[test]
fn ludii_prefers_a_predicted_landing_in_front_of_an_occupied_hole() {
    let rules = bao(Some("ludii"));
    let setup = setup(
        &rules,
        "d 0 0 0 0 0 0 0 1
         c 0 0 1 0 0 0 0 0
         b 0 1 0 0 0 0 0 0
         a 0 0 2 0 0 0 0 0",
        Player::South,
    );
    assert_moves(&rules, &setup, &[cw(&rules, "b2")]);
    let mut state = state(&rules, &setup);
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, cw(&rules, "b2")).unwrap();
    assert_eq!(legal(&rules, &state), vec![cw(&rules, "b1"), ccw(&rules, "b8")]);
    rules.play(&mut state, &mut history, cw(&rules, "b1")).unwrap();
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 0 1 1 0 0 0 0 0
         a 0 0 2 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
}

/// Ludii's second stage leaves out the house once it is spent, and only then. South: b2 2,
/// b5 3; North: c6 1. Nothing is predicted in front of an occupied hole (b2: a1 or b4, b5:
/// b2 or b8). With b5 spent only b2 may be sown; with b5 still the special house, b5 too.
#[test]
fn ludii_leaves_out_the_spent_house() {
    let rules = bao(Some("ludii"));
    let mut setup = setup(
        &rules,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 1 0 0
         b 0 2 0 0 3 0 0 0
         a 0 0 0 0 0 0 0 0",
        Player::South,
    );
    setup.marks = vec![("spent".to_string(), hole(&rules, "b5"))];
    assert_moves(&rules, &setup, &[ccw(&rules, "b2"), cw(&rules, "b2")]);
    setup.marks = vec![("house".to_string(), hole(&rules, "b5"))];
    assert_moves(&rules, &setup, &[ccw(&rules, "b2"), cw(&rules, "b2"), ccw(&rules, "b5"), cw(&rules, "b5")]);
}

/// The base game's house stops being the house once a capture empties it. The namua, North
/// to move with a seed in hand; South's house b5 holds 6, North's c4 6, North's c5 1 faces
/// b5. The only capturing placement is c5 (c4 faces an empty b4): the seed goes in (c5 1→2)
/// and b5's 6 seeds are taken, leaving it empty: it loses its mark. c5 is North's 4th hole
/// from their left, in the middle four, and the capture was made by a placed seed, "not made
/// while sowing": North chooses the kichwa. From c8 (North's left end) the 6 seeds are sown
/// inward starting with it: c8, c7, c6 0→1, c5 2→3, c4 6→7, c3 0→1, empty: the end. North's
/// house still holds at least 6, and keeps its mark. Ludii's house keeps the code's flag
/// whatever a capture does to it.
#[test]
fn a_house_emptied_by_a_capture_is_no_longer_the_house() {
    let picture = "d 0 0 0 0 0 0 0 0
                   c 0 0 0 6 1 0 0 0
                   b 0 0 0 0 6 0 0 1
                   a 0 0 0 0 0 0 0 0";
    for ruleset in [None, Some("ludii")] {
        let rules = bao(ruleset);
        let mut setup = setup(&rules, picture, Player::North);
        setup.opening = Some("namua".to_string());
        setup.hand[Player::South] = 1;
        setup.hand[Player::North] = 1;
        setup.marks =
            vec![("house".to_string(), hole(&rules, "b5")), ("house".to_string(), hole(&rules, "c4"))];
        let mut state = state(&rules, &setup);
        let mut history = History::new(&rules, &state);
        assert_eq!(legal(&rules, &state), vec![Move::Sow(hole(&rules, "c5"))], "{ruleset:?}");
        rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "c5"))).unwrap();
        let ends = legal(&rules, &state);
        assert_eq!(ends.len(), 2, "{ruleset:?}: {ends:?}");
        let from_c8 =
            *ends.iter().find(|m| matches!(m, Move::SowDirection(h, _) if *h == hole(&rules, "c8"))).unwrap();
        rules.play(&mut state, &mut history, from_c8).unwrap();
        assert_eq!(state.is_marked(HOUSE, hole(&rules, "b5")), ruleset.is_some(), "{ruleset:?}");
        assert!(state.is_marked(HOUSE, hole(&rules, "c4")), "{ruleset:?}");
        if ruleset.is_none() {
            assert_board(
                &rules,
                &state,
                "d 0 0 0 0 0 0 0 0
                 c 0 0 1 7 3 1 1 1
                 b 0 0 0 0 0 0 0 1
                 a 0 0 0 0 0 0 0 0",
            );
            assert_eq!(state.to_move(), Player::South);
        }
    }
}

/// A capture in the middle four columns made while sowing sends its seeds to the kichwa the
/// sowing was heading for. South: b4 1, b6 2; North: c4 3, c8 2. Capturing comes first:
/// b6 anticlockwise sows b5 0→1, b4 1→2, an occupied inner hole facing c4 (3): a capture
/// (from a hole of 2, at most 15); clockwise it ends in the empty b8. So b6 anticlockwise is
/// the only move (the way is asked of each direction). The lap was going along the inner
/// row toward b1, South's left kichwa: the 3 seeds go there and are sown inward starting
/// with it: b1, b2, b3 0→1, b3 empty: the end, with no choice of end for South.
#[test]
fn a_capture_made_while_sowing_goes_to_the_kichwa_ahead() {
    let rules = bao(None);
    let setup = setup(
        &rules,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 3 0 0 0 2
         b 0 0 0 1 0 2 0 0
         a 0 0 0 0 0 0 0 0",
        Player::South,
    );
    assert_moves(&rules, &setup, &[ccw(&rules, "b6")]);
    let mut state = state(&rules, &setup);
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, ccw(&rules, "b6")).unwrap();
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 2
         b 1 1 1 2 1 0 0 0
         a 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
}

/// The namua ranks first laps by where they end, and a lap ending in the house leaves the
/// mover the choice to stop or sow on. South has a seed in hand; b2 2 and the house b5 6;
/// North: house c4 6, c7 2 (no occupied hole of North's faces an occupied one of South's:
/// no capturing placement). The seed goes into b2, the only inner hole with 2 seeds or more
/// but the house, which then holds 3: anticlockwise b1, a1, a2 0→1 ends in an empty hole;
/// clockwise b3, b4 0→1, b5 6→7 ends in the house: preferred, so the only move. There South
/// may stop, or sow on from the house: it "cannot be emptied", so 1 seed goes on, b6 0→1,
/// empty: the end.
#[test]
fn the_namua_prefers_a_lap_ending_in_the_house_and_may_stop_there() {
    let rules = bao(None);
    let mut setup = setup(
        &rules,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 6 0 0 2 0
         b 0 2 0 0 6 0 0 0
         a 0 0 0 0 0 0 0 0",
        Player::South,
    );
    setup.opening = Some("namua".to_string());
    setup.hand[Player::South] = 1;
    setup.hand[Player::North] = 1;
    setup.marks = vec![("house".to_string(), hole(&rules, "b5")), ("house".to_string(), hole(&rules, "c4"))];
    assert_moves(&rules, &setup, &[cw(&rules, "b2")]);
    for (choice, b) in [(Move::Stop, "b 0 0 1 1 7 0 0 0"), (Move::Relay, "b 0 0 1 1 6 1 0 0")] {
        let mut state = state(&rules, &setup);
        let mut history = History::new(&rules, &state);
        rules.play(&mut state, &mut history, cw(&rules, "b2")).unwrap();
        assert_eq!(state.to_move(), Player::South);
        assert_eq!(legal(&rules, &state), vec![Move::Stop, Move::Relay]);
        rules.play(&mut state, &mut history, choice).unwrap();
        assert_board(
            &rules,
            &state,
            &format!("d 0 0 0 0 0 0 0 0\n c 0 0 0 6 0 0 2 0\n {b}\n a 0 0 0 0 0 0 0 0"),
        );
        assert_eq!(state.to_move(), Player::North, "{choice:?}");
    }
}

/// Kutakatia. South: a8 2, b6 1, b8 1; North: c1 2, c6 2. South has no capture and no inner
/// hole of 2 seeds: a8 is sown, either way, both ending in an empty hole. Anticlockwise:
/// b8 1→2, b7 0→1, empty: the end, nothing taken. North cannot capture (c1 anticlockwise
/// ends in the empty c3; c6 in the empty c8 or c4; c1 clockwise would leave the inner row
/// from its end). South, were it to move again, could: b8 (2) anticlockwise ends in b6
/// (1→2), facing c6 (2). So c6 is blocked for North's turn: it is neither North's only
/// occupied inner hole nor the only one with more than 1 seed, nor a house. North may sow
/// only c1, anticlockwise; after that turn the block is gone. With c1 holding 1 instead,
/// c6 is North's only inner hole of more than 1 seed: it is spared.
#[test]
fn kutakatia_blocks_the_threatened_hole_for_one_turn() {
    let rules = bao(None);
    for (c1, blocked) in [(2, true), (1, false)] {
        let picture = format!(
            "d 0 0 0 0 0 0 0 0
             c {c1} 0 0 0 0 2 0 0
             b 0 0 0 0 0 1 0 1
             a 0 0 0 0 0 0 0 2"
        );
        let setup = setup(&rules, &picture, Player::South);
        assert_moves(&rules, &setup, &[ccw(&rules, "a8"), cw(&rules, "a8")]);
        let mut state = state(&rules, &setup);
        let mut history = History::new(&rules, &state);
        rules.play(&mut state, &mut history, ccw(&rules, "a8")).unwrap();
        let c6 = hole(&rules, "c6");
        assert_eq!(state.is_marked(BLOCKED, c6), blocked, "c1 {c1}");
        let north = legal(&rules, &state);
        if blocked {
            assert_eq!(north, vec![ccw(&rules, "c1")]);
            rules.play(&mut state, &mut history, ccw(&rules, "c1")).unwrap();
            assert!(!state.is_marked(BLOCKED, c6));
        } else {
            assert!(north.contains(&ccw(&rules, "c6")) && north.contains(&cw(&rules, "c6")), "{north:?}");
        }
    }
}

/// A seed put from the hand that captures is told as a seed put from the hand, not as a
/// sowing of no laps and no seeds: after `1. b7:cw c2:ccw`, South puts a seed into b5 (the
/// house, facing c5), which captures c5's seed, sown from the kichwa b8.
#[test]
fn a_seed_put_from_the_hand_is_told_as_one() {
    let rules = bao(None);
    let mut game = sow::engine::Game::new(&rules);
    for part in ["b7:cw", "c2:ccw"] {
        game.play_part(part).unwrap();
    }
    let played = game.play_part("b5 b8:ccw").unwrap();
    let told = sow::session::narrate_played(&rules, &played, game.state());
    assert!(told.starts_with("South puts a seed from hand into b5; South sows b8:"), "{told}");
    assert!(told.contains("captures 1 from c5") && !told.contains("0 laps"), "{told}");
}
