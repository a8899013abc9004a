//! Hand-checked worked examples of Bao Ki Arabu (`rules/bao-ki-arabu.sow`): the direction
//! chosen with every sowing and kept by its relay laps, the capture of whatever lies in the
//! two holes facing an empty inner landing, the Arabian ruleset's capture that needs the
//! inner hole, and the Ludii rulesets' scored end.
//!
//! Every expectation was worked out by hand from the rules summary. Positions are written
//! as the board picture shows them, North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8
//!   d  . . . . . . . .   North outer   North anticlockwise: d8 → d1, then c1 → c8
//!   c  . . . . . . . .   North inner
//!   b  . . . . . . . .   South inner   South anticlockwise: a1 → a8, then b8 → b1
//!   a  . . . . . . . .   South outer   South clockwise: a1, b1 → b8, then a8 → a2
//! ```

use sow::Rules;
use sow::engine::{Game, Move, Outcome, PlayErrorKind, Player, WinReason};
use sow::model::Direction;

use crate::common;
use crate::kit::*;

fn bao(ruleset: Option<&str>) -> Rules {
    common::rules("bao-ki-arabu", ruleset, &[])
}

fn sow_dir(rules: &Rules, name: &str, d: Direction) -> Move {
    Move::SowDirection(hole(rules, name), d)
}

/// Start: 3 in every hole (96 seeds). South may sow each of its 16 holes either way, and
/// must say which: 32 decisions, a plain `a1` is refused.
///
/// a1:cw (3): b1 3→4, b2 3→4, b3 3→4 → relay 4: b4, b5, b6, b7 → relay 4: b8, a8, a7,
/// a6 → relay 4: a5, a4, a3, a2 → relay 4: a1 0→1, b1 4→5, b2 4→5, b3 0→1 — b3 was lifted
/// by the first relay: an empty inner hole. c3 (3) and d3 (3) go to South's hand. Five
/// laps, all clockwise: 3 + 4 + 4 + 4 + 4 = 19 seeds.
///
/// The direction is not kept: North chooses again (14 occupied holes × 2 = 28 decisions),
/// and so does South on its next turn.
#[test]
fn the_direction_is_chosen_with_each_sowing_and_kept_by_its_relays() {
    let rules = bao(None);
    let mut game = Game::new(&rules);
    assert_eq!(rules.total_seeds(), 96);
    let moves = game.legal_moves().to_vec();
    assert_eq!(moves.len(), 32);
    assert!(moves.iter().all(|m| matches!(m, Move::SowDirection(..))));
    assert_eq!(moves[0], sow_dir(&rules, "a1", Direction::Anticlockwise));
    assert_eq!(moves[1], sow_dir(&rules, "a1", Direction::Clockwise));
    let refused = game.play(Move::Sow(hole(&rules, "a1"))).unwrap_err();
    assert_eq!(refused.kind(), PlayErrorKind::WrongPhase);
    assert!(refused.to_string().contains("chooses a direction now, for this sowing"), "{refused}");

    let effect = game.play(sow_dir(&rules, "a1", Direction::Clockwise)).unwrap();
    assert_eq!(effect, sow_effect(&rules, 5, 19, "b3", &[("c3", 3), ("d3", 3)], true));
    assert_board(
        &rules,
        game.state(),
        "d 3 3 0 3 3 3 3 3
         c 3 3 0 3 3 3 3 3
         b 5 5 1 4 4 4 0 4
         a 1 0 4 4 4 0 4 4",
    );
    assert_eq!(game.state().hand()[Player::South], 6);
    assert_eq!(game.state().chosen_direction(Player::South), None);
    let north = game.legal_moves().to_vec();
    assert_eq!(north.len(), 28);
    assert!(north.iter().all(|m| matches!(m, Move::SowDirection(..))));

    // North d1:ccw (3): c1 3→4, c2 3→4, c3 0→1 — empty inner, facing b3 (1) and a3 (4).
    let effect = game.play_turn("d1:ccw").unwrap();
    assert_eq!(effect, vec![sow_effect(&rules, 1, 3, "c3", &[("a3", 4), ("b3", 1)], true)]);
    // South chooses afresh: both ways from each of its 11 occupied holes.
    let south = game.legal_moves().to_vec();
    assert_eq!(south.len(), 22);
    assert!(south.contains(&sow_dir(&rules, "b1", Direction::Anticlockwise)));
    assert!(south.contains(&sow_dir(&rules, "b1", Direction::Clockwise)));
}

/// An empty inner landing takes what the two facing holes hold, each on its own: here the
/// inner hole c5 is empty and the outer hole d5 (2) is taken alone. Under "arabian" the
/// same sowing takes nothing: the outer hole goes only with an occupied inner hole.
///
///   d . . . . 2 . . 1
///   c 1 . . . . . . .
///   b . . . . . 1 1 .
///   a . . . . . . . .
///
/// South b6:ccw (1) → b5 0→1: empty, South's inner row; c5 empty, d5 (2): d5 is taken.
/// Base game: [b6:ccw b6:cw b7:ccw b7:cw]; "arabian" sows anticlockwise only: [b6 b7].
#[test]
fn an_empty_inner_landing_takes_either_facing_hole_but_the_arabian_game_needs_the_inner() {
    let picture = "d 0 0 0 0 2 0 0 1
                   c 1 0 0 0 0 0 0 0
                   b 0 0 0 0 0 1 1 0
                   a 0 0 0 0 0 0 0 0";
    let rules = bao(None);
    let mut state = position(&rules, picture, Player::South);
    let mut history = sow::engine::History::new(&rules, &state);
    assert_eq!(
        legal(&rules, &state),
        vec![
            sow_dir(&rules, "b6", Direction::Anticlockwise),
            sow_dir(&rules, "b6", Direction::Clockwise),
            sow_dir(&rules, "b7", Direction::Anticlockwise),
            sow_dir(&rules, "b7", Direction::Clockwise),
        ]
    );
    let effect =
        rules.play(&mut state, &mut history, sow_dir(&rules, "b6", Direction::Anticlockwise)).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b5", &[("d5", 2)], true));
    assert_eq!(state.hand()[Player::South], 2);

    let arabian = bao(Some("arabian"));
    let mut state = position(&arabian, picture, Player::South);
    let mut history = sow::engine::History::new(&arabian, &state);
    assert_eq!(legal(&arabian, &state), sows(&arabian, &["b6", "b7"]));
    let effect = arabian.play(&mut state, &mut history, Move::Sow(hole(&arabian, "b6"))).unwrap();
    assert_eq!(effect, sow_effect(&arabian, 1, 1, "b5", &[], true));
    assert_eq!(state.hand()[Player::South], 0);
    assert_board(
        &arabian,
        &state,
        "d 0 0 0 0 2 0 0 1
         c 1 0 0 0 0 0 0 0
         b 0 0 0 0 1 0 1 0
         a 0 0 0 0 0 0 0 0",
    );
}

/// "arabian": an empty inner landing facing an occupied inner hole takes it and the outer
/// hole behind it. Start (2 in every hole), South a4 (2): a5 3, a6 3 → relay 3: a7, a8,
/// b8 → relay 3: b7, b6, b5 → relay 3: b4, b3, b2 → relay 3: b1, a1, a2 → relay 3: a3 3,
/// a4 0→1, a5 4 → relay 4: a6 0→1, a7 3→4, a8 3→4, b8 0→1 — b8 was lifted: empty, facing
/// c8 (2) and d8 (2): both taken. 7 laps, 2 + 3·5 + 4 = 21 seeds.
#[test]
fn the_arabian_game_sows_anticlockwise_and_takes_inner_and_outer() {
    let rules = bao(Some("arabian"));
    let mut game = Game::new(&rules);
    assert_eq!(rules.total_seeds(), 64);
    assert_eq!(game.legal_moves().len(), 16);
    let effect = game.play(Move::Sow(hole(&rules, "a4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 7, 21, "b8", &[("c8", 2), ("d8", 2)], true));
    assert_board(
        &rules,
        game.state(),
        "d 2 2 2 2 2 2 2 0
         c 2 2 2 2 2 2 2 0
         b 3 0 3 3 0 3 3 1
         a 3 0 3 1 0 1 4 4",
    );
}

/// The end. South takes North's last seeds; North has 10 in hand, South 2 in hand and 3 on
/// its side.
///
///   d . . . . . . . .
///   c . . 1 . . . . .
///   b . . . 1 . . . .
///   a . 2 . . . . . .
///
/// South b4:ccw (1) → b3 0→1: empty, facing c3 (1): taken (d3 empty). North has no seeds.
/// Base game: North loses ("all of one player's seeds have been captured"). "ludii": North
/// to move has no move; hands and holes are counted: South 3 + 3 = 6, North 10: North wins.
#[test]
fn a_player_left_without_seeds_loses_but_ludii_counts_hand_and_holes() {
    let picture = "d 0 0 0 0 0 0 0 0
                   c 0 0 1 0 0 0 0 0
                   b 0 0 0 1 0 0 0 0
                   a 0 2 0 0 0 0 0 0";
    for (ruleset, winner, reason) in
        [(None, Player::South, WinReason::NoSeeds), (Some("ludii"), Player::North, WinReason::Score)]
    {
        let rules = bao(ruleset);
        let mut s = setup(&rules, picture, Player::South);
        s.hand[Player::South] = 2;
        s.hand[Player::North] = 10;
        s.captured = s.hand;
        let mut game = Game::from_state(&rules, state(&rules, &s));
        let effects = game.play_turn("b4:ccw").unwrap();
        assert_eq!(effects, vec![sow_effect(&rules, 1, 1, "b3", &[("c3", 1)], true)]);
        assert_eq!(game.outcome(), Some(Outcome::Win { winner, reason }), "{ruleset:?}");
    }
}
