//! Nothing hangs: a sowing that can cycle is refused as a move, exactly; a game that can go
//! on forever is stopped by `--max-plies` in every command that plays whole games, and
//! reported unfinished.

use sow::analysis::simulate::random_game;
use sow::engine::{History, Move, MoveList, PlayErrorKind, Player};

/// Rules whose start position has an endless sowing: South's circuit, numbered 0…15
/// (a1…a8, b8…b1), holds 1 seed in every even-numbered hole and 3 in a4; a lap ending in
/// an occupied hole relays. Sowing a4 shifts that pattern one hole along every 8 laps, so
/// it never ends (see `worked::endless_sowing_is_refused` for the laps), and no lap of it
/// lands in an empty hole, where the other moves may capture. North's side is the same from
/// North's seat.
const CYCLING: &str = r#"game "Cycling" {
    board 4 rows of 8 holes, no stores
    territory each player owns rows outer, inner
    setup {
        1 in the 1st outer hole
        1 in the 3rd outer hole
        3 in the 4th outer hole
        1 in the 5th outer hole
        1 in the 7th outer hole
        1 in the 2nd inner hole
        1 in the 4th inner hole
        1 in the 6th inner hole
        1 in the 8th inner hole
    }
    circuit own rows anticlockwise
    choose { own hole with at least 1 seed }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an occupied hole: relay
        when the last seed lands in an empty own inner hole
            and the opposite inner hole is occupied: capture frontal
        otherwise: stop
    }
    capture frontal { take the opposite inner hole }
    end {
        a player with no seeds loses
        a player who cannot move loses
        a repeated position is a draw
    }
}
"#;

/// The endless sowing is refused exactly — not offered, and refused when played — and the
/// game goes on with the other moves; random games of it all end.
#[test]
fn a_rules_file_whose_sowing_cycles() {
    let rules = sow::compile("cycling.sow", CYCLING, &sow::Options::default()).unwrap();
    a4_is_refused_and_games_end(&rules, 50);
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    let before = state.clone();
    let e = rules.play(&mut state, &mut history, Move::Sow(rules.parse_hole("a4").unwrap())).unwrap_err();
    assert_eq!(e.kind(), PlayErrorKind::Endless);
    assert_eq!(state, before);
}

/// From the start of a [`CYCLING`] game, a4's endless sowing is the one move refused, and
/// `games` random games all end.
fn a4_is_refused_and_games_end(rules: &sow::Rules, games: u64) {
    let a4 = Move::Sow(rules.parse_hole("a4").unwrap());
    let mut moves = MoveList::new();
    let stats = rules.legal_moves_counted(&rules.start(), &mut moves);
    assert_eq!(stats.endless, 1);
    assert!(!moves.contains(&a4));
    assert_eq!(moves.len(), 8, "{moves:?}");
    for seed in 0..games {
        let game = random_game(rules, seed, 100_000);
        assert!(game.outcome.is_some(), "seed {seed}: unfinished after {} plies", game.plies);
    }
}

/// The same endless sowing where every outer hole is one a lap may be turned from, on a
/// condition that never holds: each relay from an outer hole stops the sowing for the
/// interpreter to decide, which sows on the usual way. The cycle runs across those short
/// stretches, and must still be found: a4 is refused, not sown for ever.
#[test]
fn a_cycle_through_holes_a_lap_may_be_turned_from_is_refused() {
    let text = CYCLING.replace(
        "choose { own hole with at least 1 seed }",
        "choose {
            own hole with at least 1 seed
            also own outer hole, clockwise,
                if the last seed lands in an own inner hole and the opposite inner hole holds at least 100 seeds
        }",
    );
    let rules = sow::compile("cycling-turns.sow", &text, &sow::Options::default()).unwrap();
    a4_is_refused_and_games_end(&rules, 20);
}

/// Rules where nothing ever ends the game: one seed a side, stepping around its circuit
/// forever, no captures, no repetition rule.
const FOREVER: &str = r#"game "Forever" {
    board 4 rows of 4 holes, no stores
    territory each player owns rows outer, inner
    setup { 1 in the leftmost outer hole }
    circuit own rows anticlockwise
    choose { own hole with at least 1 seed }
    sow all seeds from the next hole
    end {
        a player with no seeds loses
        a player who cannot move loses
    }
}
"#;

/// A game that never ends is stopped by `--max-plies` and counted unfinished.
#[test]
fn a_game_that_never_ends_is_stopped_unfinished() {
    let rules = sow::compile("forever.sow", FOREVER, &sow::Options::default()).unwrap();
    let game = random_game(&rules, 1, 1_000);
    assert_eq!((game.outcome, game.plies), (None, 1_000));
    assert_eq!(rules.seeds_of(&rules.start(), Player::South), 1);
}

#[test]
fn a_game_that_never_ends_in_the_commands() {
    let dir = crate::common::scratch_dir("forever");
    let file = dir.join("forever.sow");
    std::fs::write(&file, FOREVER).unwrap();
    let file = file.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
            .args(args)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let (stdout, stderr) =
            (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{args:?}: {stderr}");
        stdout
    };
    let out = run(&["simulate", file, "--games", "4", "--max-plies", "300", "--threads", "1"]);
    assert!(out.contains("unfinished        4  100.0%"), "{out}");
    let out =
        run(&["match", file, "random", "greedy", "--games", "2", "--max-plies", "300", "--threads", "1"]);
    assert!(out.contains("2 games unfinished after 300 decisions"), "{out}");
    let out =
        run(&["compare", file, "--games", "4", "--max-plies", "300", "--threads", "1", "--format", "csv"]);
    assert!(out.contains("unfinished"), "{out}");
    let out = run(&["play", file, "--south", "random", "--north", "random", "--max-plies", "300"]);
    assert!(out.contains("unfinished after 300 decisions"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Rules whose start position has a long relay that ends: South's a1 (2 seeds) relays for
/// 238 laps before its last seed falls in an empty hole. `{limit}` is where a lap limit goes.
const LONG: &str = r#"game "Long" {
    board 4 rows of 6 holes, no stores
    territory each player owns rows outer, inner
    setup {
        2 in the 1st outer hole
        2 in the 2nd outer hole
        3 in the 3rd outer hole
        3 in the 4th outer hole
        4 in the 5th outer hole
        1 in the 6th outer hole
        3 in the 1st inner hole
        2 in the 2nd inner hole
        3 in the 3rd inner hole
        4 in the 4th inner hole
        1 in the 5th inner hole
        2 in the 6th inner hole
    }
    circuit own rows anticlockwise
    choose { own hole with at least 1 seed }
    sow all seeds from the next hole
    {limit}
    after each lap {
        when the last seed lands in an occupied hole: relay
        otherwise: stop
    }
    end {
        a player with no seeds loses
        a player who cannot move loses
        a repeated position is a draw
    }
}
"#;

/// A lap limit stated in the rules refuses a sowing that has not ended after that many laps,
/// as endless, on every path (the legal list, checked play, random play); without it (or
/// with a limit it stays within) the same sowing is played in full.
#[test]
fn a_stated_lap_limit_refuses_a_longer_sowing() {
    use sow::engine::Position;
    let compile = |limit: &str| {
        sow::compile("long.sow", &LONG.replace("{limit}", limit), &sow::Options::default()).unwrap()
    };
    // Without a limit, and with limits it stays within: played, 238 laps.
    for limit in ["", "after 238 laps a sowing is endless", "after 100000 laps a sowing is endless"] {
        let rules = compile(limit);
        let a1 = Move::Sow(rules.parse_hole("a1").unwrap());
        let mut moves = MoveList::new();
        let stats = rules.legal_moves_counted(&rules.start(), &mut moves);
        assert_eq!(stats.endless, 0, "{limit:?}");
        assert!(moves.contains(&a1), "{limit:?}");
        let effect = Position::new(&rules).play(a1).unwrap();
        assert_eq!(effect.laps, 238, "{limit:?}");
    }
    // Limits it goes beyond: refused as endless, and offered by no path.
    for limit in ["after 237 laps a sowing is endless", "after 100 laps a sowing is endless"] {
        let rules = compile(limit);
        assert!(rules.model().to_string().contains("not ended after"), "{limit:?}: shown by `sow show`");
        let a1 = Move::Sow(rules.parse_hole("a1").unwrap());
        let mut moves = MoveList::new();
        let stats = rules.legal_moves_counted(&rules.start(), &mut moves);
        assert_eq!(stats.endless, 1, "{limit:?}");
        assert!(!moves.contains(&a1), "{limit:?}");
        let mut position = Position::new(&rules);
        let e = position.play(a1).unwrap_err();
        assert_eq!(e.kind(), PlayErrorKind::Endless, "{limit:?}");
        assert!(position.try_play(a1).is_err(), "{limit:?}: the fast path of random play");
        assert_eq!(position.state(), &rules.start(), "{limit:?}: nothing changed");
    }
    assert_eq!(compile("").model().lap_limit, None);
    assert_eq!(compile("after 100 laps a sowing is endless").model().lap_limit, Some(100));
}

/// A capture of the mover's own landing hole whose seeds are sown on starting with that
/// hole: a last seed in an empty own hole is taken and dropped straight back into it, where
/// the lap ends again in a hole that was empty. Every such sowing goes round for ever, with
/// no lap sown between its captures; each is refused as endless (it was once searched for
/// ever, even under a lap limit of 100).
const SELF_CAPTURE: &str = r#"game "Self capture" {
    board 4 rows of 8 holes, no stores
    territory each player owns rows outer, inner
    setup {
        2 in every hole
    }
    circuit own rows anticlockwise
    choose {
        own hole with at least 2 seeds
    }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an empty own hole: capture self
        otherwise: stop
    }
    after 100 laps a sowing is endless
    capture self {
        take the landing hole
        put the taken seeds into the landing hole and sow them on starting with that hole
    }
    end {
        a player with no seeds loses
        a player who cannot move loses
    }
}
"#;

/// South's a1 (2 seeds) sows a2 and a3; a3 was empty, so its seed is taken and sown back
/// into a3, for ever: refused. b8 (2) sows b7 and b6, both occupied: a plain move. Perft
/// from the start ends, as do random games.
#[test]
fn a_capture_sown_back_into_its_own_landing_hole_is_refused_as_endless() {
    use crate::kit::*;
    let rules = sow::compile("self-capture.sow", SELF_CAPTURE, &sow::Options::default()).unwrap();
    let state = position(
        &rules,
        "d 2 2 2 2 2 2 2 2
         c 2 2 2 2 2 2 2 2
         b 0 0 0 0 0 2 2 2
         a 2 2 0 0 0 0 0 0",
        Player::South,
    );
    let mut moves = MoveList::new();
    let stats = rules.legal_moves_counted(&state, &mut moves);
    assert!(!moves.contains(&Move::Sow(hole(&rules, "a1"))), "{moves:?}");
    assert!(moves.contains(&Move::Sow(hole(&rules, "b8"))), "{moves:?}");
    assert!(stats.endless >= 1, "{stats:?}");
    let mut history = History::new(&rules, &state);
    let mut played = state.clone();
    let e = rules.play(&mut played, &mut history, Move::Sow(hole(&rules, "a1"))).unwrap_err();
    assert_eq!(e.kind(), PlayErrorKind::Endless);
    assert_eq!(played, state);
    let mut position = sow::engine::Position::new(&rules);
    assert!(position.perft(3) > 0);
    for seed in 0..20 {
        let game = random_game(&rules, seed, 2_000);
        assert!(game.plies > 0);
    }
}
