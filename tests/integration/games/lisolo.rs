//! Hand-checked worked examples of Lisolo (`rules/lisolo.sow`): the arrangement before play
//! (one seed a turn from an own hole to another, or a pass; a pass answered by a pass ends
//! it for both players; its passes never end the game, whatever the end rules say of
//! passes; its positions are not compared for the repetition rule), and the capture of both
//! holes facing an occupied landing (from either row in the base game, from the inner row
//! only in "ludii").
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

use sow::engine::{History, Move, Player, WinReason};
use sow::{Options, Rules};

use crate::common;
use crate::kit::state as kit_state;
use crate::kit::*;

fn lisolo(ruleset: Option<&str>) -> Rules {
    common::rules("lisolo", ruleset, &[])
}

/// Lisolo with a ruleset added that restates one end rule.
fn lisolo_with_end(rule: &str) -> Rules {
    let text = common::rules_text("lisolo");
    let at = text.rfind('}').unwrap();
    let text = format!("{}  ruleset \"extra\" {{ end, also: {rule} }}\n}}\n", &text[..at]);
    sow::compile("lisolo.sow", &text, &Options::new(Some("extra"), &[])).unwrap_or_else(|e| panic!("{e:?}"))
}

fn transfer(rules: &Rules, from: &str, to: &str) -> Move {
    Move::Transfer(hole(rules, from), hole(rules, to))
}

/// At the start South may move one seed from any of its 16 holes (two seeds each) to any of
/// the 15 others, or pass: 16 × 15 + 1 = 241 decisions, and no sowing.
#[test]
fn the_arrangement_offers_every_single_seed_move_and_a_pass() {
    let rules = lisolo(None);
    let state = rules.start();
    let moves = legal(&rules, &state);
    assert_eq!(moves.len(), 241);
    assert_eq!(moves.first(), Some(&transfer(&rules, "a1", "a2")));
    assert_eq!(moves.last(), Some(&Move::Pass));
    assert!(moves.iter().all(|m| matches!(m, Move::Transfer(..) | Move::Pass)));
    assert!(moves.contains(&transfer(&rules, "b8", "a1")));
    assert!(!moves.contains(&transfer(&rules, "a1", "a1")));
    assert!(!moves.contains(&transfer(&rules, "a1", "c1")), "seeds stay on the mover's side");
}

/// South moves a seed a1 → b1 (a1 2→1, b1 2→3), North passes, South passes: a pass
/// answered by a pass ends the arrangement for both, and North, next to move, sows first.
/// North sows d1 (2): c1 2→3, c2 2→3, an occupied landing facing b2 (2) and a2 (2): both are
/// taken, out of play, and the turn ends.
#[test]
fn two_passes_in_a_row_end_the_arrangement_for_both_players() {
    let rules = lisolo(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, transfer(&rules, "a1", "b1")).unwrap();
    rules.play(&mut state, &mut history, Move::Pass).unwrap();
    assert_eq!(state.phase_of(Player::North), 0, "one pass does not end the arrangement");
    assert_eq!(legal(&rules, &state).last(), Some(&Move::Pass));
    rules.play(&mut state, &mut history, Move::Pass).unwrap();
    assert_eq!(state.outcome(), None);
    assert_eq!(state.to_move(), Player::North);
    assert_eq!((state.phase_of(Player::South), state.phase_of(Player::North)), (1, 1));
    assert_eq!(
        legal(&rules, &state),
        sows(
            &rules,
            &["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]
        )
    );
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "d1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "c2", &[("a2", 2), ("b2", 2)], true));
    assert_board(
        &rules,
        &state,
        "d 0 2 2 2 2 2 2 2
         c 3 3 2 2 2 2 2 2
         b 3 0 2 2 2 2 2 2
         a 1 0 2 2 2 2 2 2",
    );
    assert_eq!(state.to_move(), Player::South);
}

/// A pass of the arrangement never ends the game: not with `two passes in a row are a draw`
/// (the two passes end the arrangement instead), nor with `a player may pass and lose`
/// (whose pass is on offer, and loses, in the main game only).
#[test]
fn passes_of_the_arrangement_never_end_the_game() {
    let rules = lisolo_with_end("two passes in a row are a draw");
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    rules.play(&mut state, &mut history, Move::Pass).unwrap();
    rules.play(&mut state, &mut history, Move::Pass).unwrap();
    assert_eq!(state.outcome(), None);
    assert_eq!(state.phase_of(Player::South), 1);

    let rules = lisolo_with_end("a player may pass and lose");
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state).iter().filter(|&&m| m == Move::Pass).count(), 1);
    rules.play(&mut state, &mut history, Move::Pass).unwrap();
    assert_eq!(state.outcome(), None);
    rules.play(&mut state, &mut history, Move::Pass).unwrap();
    assert_eq!(state.outcome(), None);
    // In the main game the pass is on offer beside the 16 sowings, and loses.
    assert_eq!(legal(&rules, &state).len(), 17);
    rules.play(&mut state, &mut history, Move::Pass).unwrap();
    assert_eq!(state.outcome(), win(Player::North, WinReason::Passed));
}

/// Seeds moved there and back in the arrangement bring back the start position (a1 → a2,
/// d1 → d2, a2 → a1, d2 → d1), South to move: no draw, since the repetition rule compares
/// positions only from the first sowing on (without that, this is a repeated position).
#[test]
fn the_repetition_rule_waits_for_the_end_of_the_arrangement() {
    let rules = lisolo(None);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    for (from, to) in [("a1", "a2"), ("d1", "d2"), ("a2", "a1"), ("d2", "d1")] {
        rules.play(&mut state, &mut history, transfer(&rules, from, to)).unwrap();
    }
    assert_board(
        &rules,
        &state,
        "d 2 2 2 2 2 2 2 2
         c 2 2 2 2 2 2 2 2
         b 2 2 2 2 2 2 2 2
         a 2 2 2 2 2 2 2 2",
    );
    assert_eq!(state.outcome(), None);
    assert_eq!(state.to_move(), Player::South);
}

/// Main game. South a2 (1): a3 1→2, an occupied outer hole facing c3 (1) and d3 (1).
/// - Base game (the prose names no row): both are taken, out of play; the turn ends.
/// - "ludii" (the code): an occupied outer hole always relays: a3 (2) → a4 0→1, a5 0→1,
///   empty: the end, nothing taken.
#[test]
fn an_occupied_outer_landing_captures_in_the_prose_and_relays_in_ludii() {
    let picture = "d 0 0 1 0 0 0 0 1
                   c 0 0 1 0 0 0 0 0
                   b 0 0 0 0 0 0 0 0
                   a 0 1 1 0 0 0 0 0";
    let rules = lisolo(None);
    let mut state = state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a2", "a3"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "a3", &[("c3", 1), ("d3", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 0 0 2 0 0 0 0 0",
    );

    let rules = lisolo(Some("ludii"));
    let mut state = kit_state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 3, "a5", &[], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 1 0 0 0 0 1
         c 0 0 1 0 0 0 0 0
         b 0 0 0 0 0 0 0 0
         a 0 0 0 1 1 0 0 0",
    );
}

/// Either facing hole is enough: South b3 (1) → b2 1→2, occupied, facing c2 (empty) and d2
/// (3): d2 is taken, and North, with no seeds left, loses. With both facing holes empty the
/// landing relays instead: South b6 (1) → b5 1→2, facing c5 and d5 empty: b5 (2) → b4 0→1,
/// b3 1→2, facing c3 and d3 empty: b3 (2) → b2 1→2, b1 0→1, empty: the end (3 laps, 5 seeds).
#[test]
fn one_occupied_facing_hole_is_enough_and_two_empty_ones_relay() {
    let picture = "d 0 3 0 0 0 0 0 0
                   c 0 0 0 0 0 0 0 0
                   b 0 1 1 0 1 1 0 0
                   a 0 0 0 0 0 0 0 0";
    let rules = lisolo(None);
    let start = state(&rules, &setup(&rules, picture, Player::South));

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[("d2", 3)], true));
    // North has no seeds left: it loses.
    assert_eq!(state.outcome(), win(Player::South, WinReason::NoSeeds));

    let mut state = start;
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 3, 5, "b1", &[], true));
    assert_board(
        &rules,
        &state,
        "d 0 3 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 1 2 0 1 0 0 0 0
         a 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state.outcome(), None);
}
