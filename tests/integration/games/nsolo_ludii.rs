//! Hand-checked worked examples of Nsolo's ruleset "ludii": the game as the code of Ludii's
//! `Nsolo.lud` plays it (rules/nsolo.sow, ../shared/rules/nsolo.md §3).
//!
//! Every expectation was worked out by hand from that text and the Ludii code, not copied
//! from the engine. The board is 4×10 (the ruleset's default), North's outer row on top:
//!
//! ```text
//!      1 2 3 4 5 6 7 8 9 10
//!   d  . . . . . . . . . .   North outer   North sows d10 → d1, then c1 → c10
//!   c  . . . . . . . . . .   North inner
//!   b  . . . . . . . . . .   South inner   South sows a1 → a10, then b10 → b1
//!   a  . . . . . . . . . .   South outer
//! ```
//!
//! In the traces, `x→y` means a seed fell into a hole that held `x` and now holds `y`. What
//! sets this ruleset apart: a lap that ends in an *occupied* own inner hole facing an occupied
//! inner hole captures instead of relaying; the outer hole behind is taken too when it holds
//! seeds, and only then one more whole hole of the mover's choice; a lap that ends in an empty
//! hole never captures; a blocked player passes; the game is drawn after 2,500 turns.

use sow::Rules;
use sow::engine::{DrawReason, Game, History, Move, Outcome, Phase, Player, WinReason};

use crate::common;
use crate::kit::*;

fn ludii() -> Rules {
    common::rules("nsolo", Some("ludii"), &[])
}

/// The base game on the same 4×10 board, for contrast.
fn base_on_ten_columns() -> Rules {
    common::rules("nsolo", None, &["columns=10"])
}

// ---------------------------------------------------------------------------------------
// 1. An occupied inner landing captures instead of relaying; an empty landing never does.

/// Only b5 holds ≥ 2: legal [b5]. South sows b5 (2): b4 0→1, b3 1→2. The last seed fell
/// into b3, which was occupied, is in South's inner row, and faces c3 (3): instead of
/// relaying, c3's 3 seeds are taken (they leave play). The outer hole behind, d3, is empty,
/// so that is all — no further hole — and the turn ends. One lap, 2 seeds sown, turn 1.
/// North keeps only d10 (1), a singleton whose next hole d9 is empty: legal [d10].
///
/// The same sowing with c3 empty (and c1 holding 2) relays instead: b3 (2) is lifted,
/// b2 0→1, b1 0→1; b1 was empty, so the turn ends — and although b1 faces c1 (2), a lap
/// ending in an empty hole takes nothing in this ruleset (Ludii's code, against its prose).
/// Two laps, 4 seeds sown.
#[test]
fn occupied_inner_landing_captures_instead_of_relaying() {
    let rules = ludii();
    assert_eq!(rules.columns(), 10);
    let mut state = position(
        &rules,
        "d 0 0 0 0 0 0 0 0 0 1
         c 0 0 3 0 0 0 0 0 0 0
         b 0 0 1 0 2 0 0 0 0 0
         a 0 0 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["b5"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "b3", &[("c3", 3)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 1
         c 0 0 0 0 0 0 0 0 0 0
         b 0 0 2 1 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state.phase(), Phase::Sow);
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.turn(), 1);
    assert_eq!(state.captured()[Player::South], 3);
    assert_eq!(state.outcome(), None);
    assert_eq!(legal(&rules, &state), sows(&rules, &["d10"]));

    // Opposite inner hole empty: relay, and the empty landing in b1 takes nothing.
    let mut state = position(
        &rules,
        "d 0 0 0 0 0 0 0 0 0 1
         c 2 0 0 0 0 0 0 0 0 0
         b 0 0 1 0 2 0 0 0 0 0
         a 0 0 0 0 0 0 0 0 0 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b5"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b1", &[], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 1
         c 2 0 0 0 0 0 0 0 0 0
         b 1 1 0 1 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.captured()[Player::South], 0);
}

// ---------------------------------------------------------------------------------------
// 2. Inner and outer taken, then one more hole; none when the opponent has nothing left.

/// Only a7 holds ≥ 2: legal [a7]. South sows a7 (2):
///   lap 1: a8 0→1, a9 1→2      last in occupied a9, an outer hole: relay 2
///   lap 2: a10 0→1, b10 1→2    last in occupied b10, inner, facing c10 (2): capture
/// c10 (2) is taken, and d10 behind it holds 3, so it is taken too: 5. Because the outer
/// hole was taken, South must now take one more occupied North hole, whole, of its choice:
/// North has c4 (1) and d2 (4) left → [c4, d2] (board order). The turn is not over yet
/// (still turn 0, South to move). South takes d2: 4 more, 9 in all; the turn ends (turn 1,
/// one turn for both laps and the pick). North keeps c4 (1), whose next hole c5 is empty.
///
/// With d2 and c4 absent, the capture of c10 and d10 leaves North without seeds: there is
/// no hole to choose, the turn ends at once and North has lost.
#[test]
fn inner_and_outer_capture_then_one_more_hole() {
    let rules = ludii();
    let mut state = position(
        &rules,
        "d 0 4 0 0 0 0 0 0 0 3
         c 0 0 0 1 0 0 0 0 0 2
         b 0 0 0 0 0 0 0 0 0 1
         a 0 0 0 0 0 0 2 0 1 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a7"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b10", &[("c10", 2), ("d10", 3)], false));
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(state.turn(), 0);
    assert_eq!(remaining(&state), Some(1));
    assert_eq!(legal(&rules, &state), picks(&rules, &["c4", "d2"]));
    assert_eq!(state.captured()[Player::South], 5);

    // An empty North hole cannot be chosen.
    let before = state.clone();
    assert!(rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d3"))).is_err());
    assert_eq!(state, before);

    let effect = rules.play(&mut state, &mut history, Move::Pick(hole(&rules, "d2"))).unwrap();
    assert_eq!(effect, pick_effect(&rules, &[("d2", 4)], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 0
         c 0 0 0 1 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0 0 2
         a 0 0 0 0 0 0 0 1 0 1",
    );
    assert_eq!(state.phase(), Phase::Sow);
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.turn(), 1);
    assert_eq!(state.captured()[Player::South], 9);
    assert_eq!(state.outcome(), None);
    assert_eq!(legal(&rules, &state), sows(&rules, &["c4"]));

    // The same capture taking North's last seeds: no extra hole, North has lost.
    let mut state = position(
        &rules,
        "d 0 0 0 0 0 0 0 0 0 3
         c 0 0 0 0 0 0 0 0 0 2
         b 0 0 0 0 0 0 0 0 0 1
         a 0 0 0 0 0 0 2 0 1 0",
        Player::South,
    );
    let mut history = History::new(&rules, &state);
    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "a7"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 4, "b10", &[("c10", 2), ("d10", 3)], true));
    assert_eq!(state.phase(), Phase::Sow);
    assert_eq!(state.outcome(), win(Player::South, WinReason::NoSeeds));
    assert_eq!(state.captured()[Player::South], 5);
    assert!(legal(&rules, &state).is_empty());
}

// ---------------------------------------------------------------------------------------
// 3. A singleton never captures.

/// South has no hole with ≥ 2, so singletons whose next hole is empty may move: a1 (next a2
/// empty) and b4 (next b3 empty): legal [a1, b4]. South sows b4 (1): b3 0→1. b3 is South's
/// inner hole facing c3 (2) — in the base game an empty inner landing facing seeds captures,
/// singletons included — but here the landing was empty, so the turn simply ends: nothing
/// taken, North (c3, 2 seeds) to move. (A singleton's next hole must be empty, so its one
/// lap always ends in an empty hole: Ludii's singleton sowing has no capture at all.)
///
/// The base game on the same board takes c3 (2) with that move; the strip of 2 that
/// follows finds North empty, so North has lost.
#[test]
fn singleton_never_captures() {
    let text = "d 0 0 0 0 0 0 0 0 0 0
                c 0 0 2 0 0 0 0 0 0 0
                b 0 0 0 1 0 0 0 0 0 0
                a 1 0 0 0 0 0 0 0 0 0";
    let rules = ludii();
    let mut state = position(&rules, text, Player::South);
    let mut history = History::new(&rules, &state);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a1", "b4"]));

    let effect = rules.play(&mut state, &mut history, Move::Sow(hole(&rules, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[], true));
    assert_board(
        &rules,
        &state,
        "d 0 0 0 0 0 0 0 0 0 0
         c 0 0 2 0 0 0 0 0 0 0
         b 0 0 1 0 0 0 0 0 0 0
         a 1 0 0 0 0 0 0 0 0 0",
    );
    assert_eq!(state.to_move(), Player::North);
    assert_eq!(state.captured()[Player::South], 0);
    assert_eq!(state.outcome(), None);
    assert_eq!(legal(&rules, &state), sows(&rules, &["c3"]));

    // The base game, same board and move: a capture that wins.
    let base = base_on_ten_columns();
    let mut state = position(&base, text, Player::South);
    let mut history = History::new(&base, &state);
    let effect = base.play(&mut state, &mut history, Move::Sow(hole(&base, "b4"))).unwrap();
    assert_eq!(effect, sow_effect(&base, 1, 1, "b3", &[("c3", 2)], true));
    assert_eq!(state.outcome(), win(Player::South, WinReason::NoSeeds));
}

// ---------------------------------------------------------------------------------------
// 4. A blocked player passes.

/// South's 20 holes each hold 1: no hole has ≥ 2, and each singleton's next hole (the
/// circuit is a closed ring) is occupied, so South has seeds but no sowing: its only
/// decision is to pass (Ludii plays a forced pass). The board stays as it is; North moves
/// (turn 1). North sows d10 (2): d9 0→1, d8 0→1, an empty outer hole, the turn ends (turn
/// 2). South is still blocked and passes again (turn 3); North now has only singletons:
/// d9 (next d8 occupied) no, d8 (next d7 empty) yes → [d8].
///
/// In the base game the same South loses at once (a blocked player loses there).
#[test]
fn blocked_player_passes() {
    let text = "d 0 0 0 0 0 0 0 0 0 2
                c 0 0 0 0 0 0 0 0 0 0
                b 1 1 1 1 1 1 1 1 1 1
                a 1 1 1 1 1 1 1 1 1 1";
    let rules = ludii();
    let mut game = Game::from_state(&rules, position(&rules, text, Player::South));
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Pass]);
    assert_eq!(game.outcome(), None);

    let effect = game.play(Move::Pass).unwrap();
    assert!(effect.turn_over && effect.passed);
    assert!(effect.taken.is_empty());
    assert_board(&rules, game.state(), text);
    assert_eq!(game.state().to_move(), Player::North);
    assert_eq!(game.state().turn(), 1);
    assert_eq!(game.outcome(), None);

    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d10"]));
    let effect = game.play(Move::Sow(hole(&rules, "d10"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 2, "d8", &[], true));
    assert_eq!(game.state().turn(), 2);
    assert_eq!(game.legal_moves().to_vec(), vec![Move::Pass]);
    game.play(Move::Pass).unwrap();
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 1 1 0
         c 0 0 0 0 0 0 0 0 0 0
         b 1 1 1 1 1 1 1 1 1 1
         a 1 1 1 1 1 1 1 1 1 1",
    );
    assert_eq!(game.state().turn(), 3);
    assert_eq!(game.legal_moves().to_vec(), sows(&rules, &["d8"]));
    assert_eq!(game.outcome(), None);

    let base = base_on_ten_columns();
    let game = Game::from_state(&base, position(&base, text, Player::South));
    assert_eq!(game.outcome(), win(Player::North, WinReason::Blocked));
}

// ---------------------------------------------------------------------------------------
// 5. The turn limit: a draw after 2,500 turns.

/// Each side has one seed: South a1, North d10. Neither has a hole with ≥ 2, and each
/// singleton's next hole is empty, so every turn is forced: the seed steps one hole along
/// its owner's circuit (20 holes) and lands in an empty hole — no relay, no capture. No
/// rule ends this (there is no repetition rule), so the game runs to the limit: after
/// 2,499 turns it goes on; the 2,500th turn (North's 1,250th) ends it, a draw. The limit
/// counts completed turns (`State::turn`), whatever their laps and picks; here, one sowing
/// a turn, that is also 2,500 decisions. Each player has then moved 1,250 times;
/// 1,250 = 62 × 20 + 10, so each seed stands 10 holes along its circuit from its start:
/// South's at b10 (a1…a10 are holes 0…9), North's at c1 (d10…d1 are holes 0…9).
#[test]
fn turn_limit_draws_after_2500_turns() {
    let rules = ludii();
    let mut game = Game::from_state(
        &rules,
        position(
            &rules,
            "d 0 0 0 0 0 0 0 0 0 1
             c 0 0 0 0 0 0 0 0 0 0
             b 0 0 0 0 0 0 0 0 0 0
             a 1 0 0 0 0 0 0 0 0 0",
            Player::South,
        ),
    );
    for turn in 0..2500u32 {
        assert_eq!(game.state().turn(), turn);
        assert_eq!(game.outcome(), None, "over before turn {turn}");
        let moves = game.legal_moves().to_vec();
        assert_eq!(moves.len(), 1, "turn {turn}: {moves:?}");
        let effect = game.play(moves[0]).unwrap();
        assert_eq!((effect.laps, effect.sown, effect.taken.len(), effect.turn_over), (1, 1, 0, true));
    }
    assert_eq!(game.state().turn(), 2500);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::TurnLimit)));
    assert!(game.legal_moves().is_empty());
    assert_board(
        &rules,
        game.state(),
        "d 0 0 0 0 0 0 0 0 0 0
         c 1 0 0 0 0 0 0 0 0 0
         b 0 0 0 0 0 0 0 0 0 1
         a 0 0 0 0 0 0 0 0 0 0",
    );
}
