//! Hand-checked worked examples of Owela (Benguela) (`rules/owela.sow`): a capture whose
//! seeds are sown on from the next hole (the text), or banked with the landing hole, the
//! sowing going on from the next hole only if it holds two or more (Ludii's code); and the
//! start, whose run of two-seed inner holes follows the text's rule or Ludii's table.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top (4×12):
//!
//! ```text
//!      1 2 3 4 5 6 7 8 9 10 11 12
//!   d  . . . . . . . . . .  .  .   North outer   North sows d12 → d1, then c1 → c12
//!   c  . . . . . . . . . .  .  .   North inner
//!   b  . . . . . . . . . .  .  .   South inner   South sows a1 → a12, then b12 → b1
//!   a  . . . . . . . . . .  .  .   South outer
//! ```

use sow::Rules;
use sow::engine::{History, Move, Player};

use crate::common;
use crate::kit::*;

fn owela(ruleset: Option<&str>, params: &[&str]) -> Rules {
    common::rules("owela", ruleset, params)
}

const CAPTURE: &str = "d 0 1 0 0 0 0 0 0 0 0 0 2
                       c 0 3 0 0 0 0 0 0 0 0 0 0
                       b 0 1 0 2 0 0 0 0 0 0 0 0
                       a 0 0 0 0 0 0 0 0 0 0 0 0";

/// South b4 (2): b3 0→1, b2 1→2 — an occupied inner hole facing c2 (3): c2 and d2 (1) are
/// taken, 4 seeds, and sown on from the next hole, b2 keeping its 2: b1, a1, a2, a3 each
/// 0→1; a3 was empty: the end. Two laps, 2 + 4 seeds.
#[test]
fn captured_seeds_are_sown_on_from_the_next_hole() {
    let rules = owela(None, &[]);
    let mut state = position(&rules, CAPTURE, Player::South);
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 6, "a3", &[("c2", 3), ("d2", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0 0 0 0 0
         b 1 2 1 0 0 0 0 0 0 0 0 0
         a 1 1 1 0 0 0 0 0 0 0 0 0",
    );
}

/// "ludii": the same landing banks b2 (2) with c2 (3) and d2 (1), 6 seeds into South's
/// hand. The next hole, b1, is empty: the turn ends. With 3 seeds in b1 instead, it is
/// lifted and sown on: a1, a2, a3 each 0→1, the end.
#[test]
fn ludii_banks_the_landing_hole_and_goes_on_from_the_next_if_it_holds_two() {
    let rules = owela(Some("ludii"), &[]);
    let mut state = position(&rules, CAPTURE, Player::South);
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b2", &[("b2", 2), ("c2", 3), ("d2", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0 0 0 0 0
         b 0 0 1 0 0 0 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state.hand()[Player::South], 6);

    let three = CAPTURE.replace("b 0 1 0 2", "b 3 1 0 2");
    let mut state = position(&rules, &three, Player::South);
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 5, "a3", &[("b2", 2), ("c2", 3), ("d2", 1)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 0 0 2
         c 0 0 0 0 0 0 0 0 0 0 0 0
         b 0 0 1 0 0 0 0 0 0 0 0 0
         a 1 1 1 0 0 0 0 0 0 0 0 0",
    );
}

/// The start: two in every outer hole and in a run at the right end of the inner row. The
/// text's run is (n − 1) / 2 holes, rounded down; Ludii's is a table. 4×13: the text 6
/// holes, 2 × (26 + 12) = 76 seeds; Ludii 5, 72. 4×18: the text 8, 2 × (36 + 16) = 104;
/// Ludii 6 for South (b13…b18) and 5 for North (c1…c5), 48 + 46 = 94.
#[test]
fn the_start_follows_the_text_or_ludiis_table() {
    assert_eq!(owela(None, &["columns=13"]).total_seeds(), 76);
    assert_eq!(owela(Some("ludii"), &["columns=13"]).total_seeds(), 72);
    assert_eq!(owela(None, &["columns=18"]).total_seeds(), 104);
    let ludii = owela(Some("ludii"), &["columns=18"]);
    assert_eq!(ludii.total_seeds(), 94);
    let start = ludii.start_counts();
    let inner = |row: usize| &start[row * 18..(row + 1) * 18];
    assert_eq!(inner(1), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2]);
    assert_eq!(inner(2), [2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
}
