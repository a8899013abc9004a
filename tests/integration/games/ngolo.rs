//! Hand-checked worked examples of Ngolo (`rules/ngolo.sow`): the single lap from any
//! occupied hole (singletons too, no relay), the capture of the two facing holes by a last
//! seed anywhere in the inner row — the landing hole empty or occupied — sown on from the
//! landing hole as one lap that neither relays nor captures, the pass that forfeits, and
//! the win by taking the opponent's last seeds.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top (4×9):
//!
//! ```text
//!      1 2 3 4 5 6 7 8 9
//!   d  . . . . . . . . .   North outer   North sows d9 → d1, then c1 → c9
//!   c  . . . . . . . . .   North inner
//!   b  . . . . . . . . .   South inner   South sows a1 → a9, then b9 → b1
//!   a  . . . . . . . . .   South outer
//! ```

use sow::Rules;
use sow::engine::{Game, History, Move, Player, State, WinReason};

use crate::common;
use crate::kit::*;

fn ngolo() -> Rules {
    common::rules("ngolo", None, &[])
}

/// A main-game position from a board picture.
fn at(rules: &Rules, picture: &str, to_move: Player) -> State {
    state(rules, &setup(rules, picture, to_move))
}

/// The decisions `names` (sowings) followed by the pass always on offer.
fn sows_or_pass(rules: &Rules, names: &[&str]) -> Vec<Move> {
    let mut moves = sows(rules, names);
    moves.push(Move::Pass);
    moves
}

/// Start: 2 in every hole, 72 seeds. South may sow any of its 18 holes, or pass: 19.
/// A pass forfeits: North wins at once.
#[test]
fn the_start_and_the_pass_that_forfeits() {
    let rules = ngolo();
    assert_eq!(rules.total_seeds(), 72);
    let mut game = Game::new(&rules);
    assert_eq!(
        game.legal_moves().to_vec(),
        sows_or_pass(
            &rules,
            &[
                "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1", "b2", "b3", "b4", "b5", "b6",
                "b7", "b8", "b9"
            ]
        )
    );
    let effect = game.play(Move::Pass).unwrap();
    assert!(effect.passed);
    assert_eq!(game.outcome(), win(Player::North, WinReason::Passed));
    assert!(game.legal_moves().is_empty());
}

/// A last seed in an **empty** inner hole. South may sow a8 and b5 (or pass).
/// a8 (2): a9 0→1, b9 0→1 — b9 was empty, it is South's inner row, and c9 (3) and d9 (1)
/// both hold seeds: both are taken (4) into b9 (1→5), and 4 are sown on from the hole
/// after it: b8 0→1, b7 0→1, b6 0→1, b5 1→2. b9 keeps 1. That lap is the last: b5 is an
/// occupied inner hole facing c5 (2) and d5 (2), but nothing is captured and nothing
/// relayed. 2 seeds sown before the capture and its 4 after: 2 laps, 6 seeds, the last in
/// b5; North to move with c5, d5 and d1.
#[test]
fn a_last_seed_in_an_empty_inner_hole_captures_and_sows_the_capture_on_once() {
    let rules = ngolo();
    let mut state = at(
        &rules,
        "d 1 0 0 0 2 0 0 0 1
         c 0 0 0 0 2 0 0 0 3
         b 0 0 0 0 1 0 0 0 0
         a 0 0 0 0 0 0 0 2 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows_or_pass(&rules, &["a8", "b5"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 6, "b5", &[("c9", 3), ("d9", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 2 0 0 0 0
         c 0 0 0 0 2 0 0 0 0
         b 0 0 0 0 2 1 1 1 1
         a 0 0 0 0 0 0 0 0 1",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(legal(&rules, &state), sows_or_pass(&rules, &["c5", "d1", "d5"]));
}

/// A last seed in an **occupied** inner hole captures as well, and the captured seeds run
/// on round the end of the inner row into the outer row.
/// b3 (2): b2 0→1, b1 1→2 — occupied inner hole facing c1 (1) and d1 (2): 3 taken into b1
/// (2→5), 3 sown on from the hole after it: a1 0→1, a2 0→1, a3 0→1. b1 keeps 2. 2 laps, 5
/// seeds, the last in a3.
#[test]
fn a_last_seed_in_an_occupied_inner_hole_captures_too() {
    let rules = ngolo();
    let mut state = at(
        &rules,
        "d 2 0 0 0 0 0 0 0 1
         c 1 0 0 0 0 0 0 0 0
         b 1 0 2 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "a3", &[("c1", 1), ("d1", 2)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0 0
         b 2 1 0 0 0 0 0 0 0
         a 1 1 1 0 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
}

/// No relay, and no capture unless **both** facing holes hold seeds.
/// a1 (3): a2 1→2, a3 0→1, a4 1→2 — an occupied hole, but a sowing is one lap: the turn is
/// over. b4 (2) instead: b3 0→1, b2 2→3 — inner, facing c2 (2) but an empty d2: nothing
/// is taken, nothing relayed.
#[test]
fn one_lap_and_no_capture_with_an_empty_facing_hole() {
    let rules = ngolo();
    let picture = "d 1 0 0 0 0 0 0 0 0
                   c 0 2 0 0 0 0 0 0 0
                   b 0 2 0 2 0 0 0 0 0
                   a 3 1 0 1 0 0 0 0 0";
    let start = at(&rules, picture, Player::South);
    assert_eq!(legal(&rules, &start), sows_or_pass(&rules, &["a1", "a2", "a4", "b2", "b4"]));

    let mut state = start.clone();
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 3, "a4", &[], true));
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 0 0 0 0 0
         c 0 2 0 0 0 0 0 0 0
         b 0 2 0 2 0 0 0 0 0
         a 0 2 1 2 0 0 0 0 0",
    );

    let mut state = start;
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b2", &[], true));
    assert_board(
        &rules,
        &state,
        "d 1 0 0 0 0 0 0 0 0
         c 0 2 0 0 0 0 0 0 0
         b 0 3 1 0 0 0 0 0 0
         a 3 1 0 1 0 0 0 0 0",
    );
}

/// North's side, with its own circuit. North may sow c7 and d3 (or pass).
/// c7 (2): c8 0→1, c9 0→1 — an empty inner hole of North's facing b9 (1) and a9 (1): 2
/// taken into c9 (1→3), 2 sown on from the hole after it on North's circuit, which turns
/// from c9 into the outer row at d9: d9 0→1, d8 0→1. c9 keeps 1: 2 laps, 4 seeds, the last
/// in d8. (The taken holes are listed in board order, a9 before b9.)
#[test]
fn north_captures_and_sows_on_round_its_own_circuit() {
    let rules = ngolo();
    let mut state = at(
        &rules,
        "d 0 0 1 0 0 0 0 0 0
         c 0 0 0 0 0 0 2 0 0
         b 1 0 0 0 0 0 0 0 1
         a 0 0 0 0 0 0 0 0 1",
        Player::North,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows_or_pass(&rules, &["c7", "d3"]));
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "c7"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "d8", &[("a9", 1), ("b9", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 1 0 0 0 0 1 1
         c 0 0 0 0 0 0 0 1 1
         b 1 0 0 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::South);
}

/// Taking the opponent's last seeds wins. South's singleton b2 (1): b1 0→1 — an empty inner
/// hole facing c1 (1) and d1 (1), North's only seeds: 2 taken into b1 and sown on: a1 0→1,
/// a2 0→1 (2 laps, 3 seeds, the last in a2). North has no seeds: South wins.
#[test]
fn taking_the_last_seeds_wins() {
    let rules = ngolo();
    let mut game = Game::from_state(
        &rules,
        at(
            &rules,
            "d 1 0 0 0 0 0 0 0 0
             c 1 0 0 0 0 0 0 0 0
             b 0 1 0 0 0 0 0 0 0
             a 0 0 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    assert_eq!(game.legal_moves().to_vec(), sows_or_pass(&rules, &["b2"]));
    let effect = game.play(Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 3, "a2", &[("c1", 1), ("d1", 1)], true));
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0 0
         b 1 0 0 0 0 0 0 0 0
         a 1 1 0 0 0 0 0 0 0",
    );
    assert_eq!(game.outcome(), win(Player::South, WinReason::NoSeeds));
}
