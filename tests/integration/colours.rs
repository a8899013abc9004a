//! Holes that belong by the colour of their seeds combine with every other construct: stores
//! and a circuit through them, relays, captures into a store or the hand, picks from the
//! opponent's holes, a choice to stop, openings, a direction chosen once, feeding, each
//! player's own rows, a first lap of some seeds starting in the chosen hole, laps that skip
//! the origin, turned laps, captured seeds sown on, seeds moved on from the landing hole and
//! facts about the turn (`sow::check::not_with_colours` refused each of these once).
//!
//! Each file in `tests/fixtures/combine/colours/` checks and plays random games in which
//! every offered decision plays, seeds are conserved, each hole holds one player's seeds (an
//! empty hole no one's), each player's seeds are counted by colour, the kept hash is the
//! position's, and the game's record replays to the same game.

use sow::engine::{History, MoveList, Rules, State};
use sow::record::{Record, write_record};
use sow::{Game, Player};

use crate::fuzz_harness::seeds_accounted;
use crate::kit::draws;

fn fixture(name: &str) -> Rules {
    let path = format!("{}/tests/fixtures/combine/colours/{name}.sow", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture");
    let rules =
        sow::compile::check(&path, &text).unwrap_or_else(|e| panic!("{name} checks: {e:?}")).remove(0);
    assert!(rules.colours(), "{name}: holes belong by colour");
    rules
}

/// The colour invariants of a position between decisions.
fn colours_hold(rules: &Rules, state: &State, what: &str) {
    let mut by_colour = [0u32; 2];
    for h in rules.all_holes() {
        let n = state.count(h);
        match rules.holder(state, h) {
            None => assert_eq!(n, 0, "{what}: {} holds seeds of no one", rules.hole_name(h)),
            Some(p) => {
                assert!(n > 0, "{what}: empty {} is {p}'s", rules.hole_name(h));
                by_colour[usize::from(p == Player::North)] += u32::from(n);
            }
        }
    }
    for p in Player::BOTH {
        assert_eq!(
            rules.seeds_of(state, p),
            by_colour[usize::from(p == Player::North)],
            "{what}: {p}'s seeds are those of their colour"
        );
    }
    assert_eq!(state.hash(), rules.position_hash(state), "{what}: the kept hash");
}

/// Random games of a fixture under every check above; returns how many holes changed hands
/// (a hole sown into held the opponent's seeds and became the mover's) over all games.
fn play_randomly(name: &str, games: u64) -> usize {
    let rules = fixture(name);
    let total = rules.total_seeds();
    let mut changed = 0;
    for game in 0..games {
        let mut below = draws(game * 31 + 5);
        let mut state = rules.start();
        let mut history = History::new(&rules, &state);
        let mut moves = MoveList::new();
        let mut played = Vec::new();
        for ply in 0..300 {
            let what = format!("{name} game {game} ply {ply}");
            colours_hold(&rules, &state, &what);
            if state.outcome().is_some() {
                break;
            }
            rules.legal_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let (mut s, mut h) = (state.clone(), history.clone());
                assert!(rules.play(&mut s, &mut h, mv).is_ok(), "{what}: offered {mv:?} refused");
                assert_eq!(seeds_accounted(&rules, &s), total, "{what}: {mv:?} keeps every seed");
            }
            let mv = moves[below(moves.len())];
            let before: Vec<_> = rules.all_holes().map(|h| rules.holder(&state, h)).collect();
            let mover = state.to_move();
            rules.play(&mut state, &mut history, mv).expect("an offered decision plays");
            changed += rules
                .all_holes()
                .zip(before)
                .filter(|&(h, b)| b == Some(mover.other()) && rules.holder(&state, h) == Some(mover))
                .count();
            played.push(mv);
        }
        // Checked play and the record agree with the engine's play.
        let mut checked = Game::new(&rules);
        for &mv in &played {
            checked
                .play(mv)
                .unwrap_or_else(|e| panic!("{name} game {game}: checked play refuses {mv:?}: {e}"));
        }
        assert_eq!(checked.state(), &state, "{name} game {game}: checked play");
        let text = write_record(&checked, &[("Rules", rules.meta().name.clone())]);
        let replayed = Record::parse(&text).expect("a record").replay(&rules).expect("it replays");
        assert_eq!(replayed.state(), &state, "{name} game {game}: the record");
    }
    changed
}

/// Stores, a circuit through the mover's store, a capture into the store and another move.
#[test]
fn colours_with_stores_and_captures_into_them() {
    assert!(play_randomly("kalah_by_colour", 60) > 0, "no hole changed hands");
}

/// Relays, a choice to stop, captures into the hand with a pick from the opponent's holes,
/// an opening sown the other way, a direction chosen once and feeding.
#[test]
fn colours_with_relays_openings_and_a_chosen_direction() {
    assert!(play_randomly("relay_by_colour", 60) > 0, "no hole changed hands");
}

/// Each player's own rows, a first lap of two seeds starting in the chosen hole, laps that
/// skip the origin, a turned lap, captured seeds sown on, seeds moved on from the landing
/// hole and whether the turn has reached a row.
#[test]
fn colours_with_own_rows_turned_laps_and_captures_sown_on() {
    play_randomly("turned_by_colour", 60);
}

/// A path of neighbouring holes chosen seed by seed, with a first lap of two seeds starting
/// in the chosen hole, every lap starting with the hole it lifts, the opponent's seeds overrun
/// going to the lifted hole, relays and captured seeds sown on from the origin hole (once
/// refused together by `sow::check::not_on_path`).
#[test]
fn colours_with_a_path_of_neighbouring_holes() {
    assert!(play_randomly("path_by_colour", 60) > 0, "no hole changed hands");
}

/// The board as `(count, holder)` per hole, row by row from North's outer row (`d`): `2n`,
/// `1s`, `0`.
fn board(rules: &Rules, state: &State) -> String {
    let columns = rules.columns();
    (0..rules.rows())
        .rev()
        .map(|row| {
            (0..columns)
                .map(|c| {
                    let h = rules.hole(row, c).expect("a hole");
                    match rules.holder(state, h) {
                        None => "0".to_string(),
                        Some(p) => {
                            format!("{}{}", state.count(h), if p == Player::South { 's' } else { 'n' })
                        }
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

fn play_words(rules: &Rules, state: &mut State, history: &mut History, words: &[&str]) {
    for word in words {
        let mv = rules.parse_move(state, word).unwrap_or_else(|e| panic!("{word}: {e:?}"));
        rules.play(state, history, mv).unwrap_or_else(|e| panic!("{word}: {e:?}"));
    }
}

/// Relay by colour, by hand. The ring is the two outer rows, a1→a4→d4→d1 anticlockwise; the
/// opening sows clockwise and the opponent's seeds in each hole sown into go to the origin.
/// 1. South a1 (2 seeds) clockwise: d1 (North's 2 go to the origin, 1 of South's stays), d2
///    (the same); the last seed fell into an opponent's hole: capture — the opposite inner
///    hole c2 (1) to South's hand, then South picks one more hole of North's seeds, d3 (2);
///    a1 receives the 4 overrun seeds.
/// 2. North d4 (2) clockwise: a4, a3 (South's 2 and 2 to d4); capture b3 (1), pick b4 (1).
/// 3. South a2 clockwise, chosen for good: a1 (4+1), d1 (1+1), an own occupied hole: South
///    relays d1 (2): d2 (1+1), d3 (empty: no one's, so neither own nor opponent's: stop).
#[test]
fn relay_by_colour_by_hand() {
    let rules = fixture("relay_by_colour");
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    assert_eq!(board(&rules, &state), "2n 2n 2n 2n / 1n 1n 1n 1n / 1s 1s 1s 1s / 2s 2s 2s 2s");
    play_words(&rules, &mut state, &mut history, &["a1", "d3"]);
    assert_eq!(board(&rules, &state), "1s 1s 0 2n / 1n 0 1n 1n / 1s 1s 1s 1s / 4s 2s 2s 2s");
    assert_eq!(state.captured()[Player::South], 3);
    play_words(&rules, &mut state, &mut history, &["d4", "b4"]);
    assert_eq!(board(&rules, &state), "1s 1s 0 4n / 1n 0 1n 1n / 1s 1s 0 0 / 4s 2s 1n 1n");
    assert_eq!(state.captured()[Player::North], 2);
    play_words(&rules, &mut state, &mut history, &["a2:cw", "relay"]);
    assert_eq!(board(&rules, &state), "0 2s 1s 4n / 1n 0 1n 1n / 1s 1s 0 0 / 5s 0 1n 1n");
    assert_eq!(state.to_move(), Player::North);
    for p in Player::BOTH {
        let seeds: u32 = (rules.all_holes())
            .filter(|&h| rules.holder(&state, h) == Some(p))
            .map(|h| u32::from(state.count(h)))
            .sum();
        assert_eq!(rules.seeds_of(&state, p), seeds, "{p}'s seeds by colour");
    }
}

/// `…, and the opponent's seeds in each hole sown into stay the opponent's` (Kitende, blind
/// test 14: "a player captures another player's empty hole by sowing into it"): 2 × 4 holes
/// by colour, a ring anticlockwise, b1 empty. South's a4 (1) falls into b4 (North's 1): the
/// seed joins North's, and b4 (2) stays North's. With `become the mover's` b4 turns South's.
/// North's b2 (1) falls into b1, empty: b1 becomes North's either way.
#[test]
fn seeds_sown_into_the_opponents_hole_may_stay_theirs() {
    let text = |overrun: &str| {
        format!(
            "game \"Stay\" {{
    board 2 rows of 4 holes, no stores
    territory each player owns row pit at the start, then the holes that hold their seeds
    setup {{
        1 in every hole
        0 in b1
    }}
    circuit all rows anticlockwise
    choose {{
        own hole with at least 1 seed
    }}
    sow all seeds from the next hole, and the opponent's seeds in each hole sown into {overrun}
    after each lap {{
        otherwise: stop
    }}
    end {{
        a player with no seeds loses
        a player who cannot move loses
        after 100 turns the game is a draw
    }}
}}
"
        )
    };
    for (overrun, b4) in [("stay the opponent's", "2n"), ("become the mover's", "2s")] {
        let rules = sow::compile("stay.sow", &text(overrun), &sow::Options::new(None, &[]))
            .unwrap_or_else(|e| panic!("{}", crate::common::render(&e)));
        assert_eq!(rules.model().to_string().contains("stays the opponent's"), overrun.starts_with("stay"));
        let mut state = rules.start();
        let mut history = History::new(&rules, &state);
        play_words(&rules, &mut state, &mut history, &["a4"]);
        assert_eq!(board(&rules, &state), format!("0 1n 1n {b4} / 1s 1s 1s 0"), "{overrun}");
        play_words(&rules, &mut state, &mut history, &["b2"]);
        assert_eq!(board(&rules, &state), format!("1n 0 1n {b4} / 1s 1s 1s 0"), "{overrun}");
        colours_hold(&rules, &state, overrun);
    }
}
