//! Hand-checked worked examples of Tchela (`rules/tchela.sow`): the text's opening, pairs
//! made in a row and the last pair sown as in the game; the "ludii" ruleset's opening, the
//! same pairs with the last pair sown in a single lap; the capture of
//! the opposite inner and outer holes into the mover's store; and the end when the player
//! to move cannot move, scored with the stores.
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

use sow::Rules;
use sow::engine::{History, Move, Outcome, Player, State, WinReason};

use crate::common;
use crate::kit::*;

fn tchela(ruleset: Option<&str>, params: &[&str]) -> Rules {
    common::rules("tchela", ruleset, params)
}

/// Plays the opening: at each turn the mover must have exactly the hole given (after the
/// first turn of each, which is any own hole); returns the state after the last one.
fn open(rules: &Rules, south: &[&str], north: &[&str]) -> State {
    let mut state = rules.start();
    let mut history = History::new(rules, &state);
    for (turn, (s, n)) in south.iter().zip(north).enumerate() {
        for name in [s, n] {
            if turn > 0 {
                assert_eq!(legal(rules, &state), sows(rules, &[name]), "turn {} of {name}", turn + 1);
            }
            rules.play(&mut state, &mut history, Move::Sow(hole(rules, name))).unwrap();
        }
    }
    state
}

/// The text's opening. South sows a3 (1) into a4: a pair. Then the single seed in the
/// next hole each turn: a5 into a6, a7 into a8, b8 into b7, b6 into b5, b4 into b3, b2
/// into b1, a1 into a2. The next hole, a3, is empty: a2 is the last pair, and South sows
/// it as in the game: a3 0→1, a4 2→3, occupied: relay (3): a5 0→1, a6 2→3, a7 0→1, empty,
/// an outer hole: the end. North likewise from d8: pairs in d7, d5, d3, d1, c2, c4, c6,
/// c8; then c8 (2): d8 0→1, d7 2→3, relay (3): d6 0→1, d5 2→3, d4 0→1, the end.
/// The main game follows: South may sow any occupied own hole.
#[test]
fn the_text_opening_makes_pairs_in_a_row_then_sows_the_last_pair() {
    let rules = tchela(None, &[]);
    let state = open(
        &rules,
        &["a3", "a5", "a7", "b8", "b6", "b4", "b2", "a1", "a2"],
        &["d8", "d6", "d4", "d2", "c1", "c3", "c5", "c7", "c8"],
    );
    assert_board(
        &rules,
        &state,
        "d 2 0 2 1 3 1 0 1
         c 0 2 0 2 0 2 0 0
         b 2 0 2 0 2 0 2 0
         a 0 0 1 0 1 3 1 2",
    );
    assert_eq!(state.to_move(), Player::South);
    assert_eq!(legal(&rules, &state), sows(&rules, &["a3", "a5", "a6", "a7", "a8", "b1", "b3", "b5", "b7"]));
}

/// Ludii's opening (Ludii 1.3.12: the value its code keeps is the hole just sown from, and
/// each later turn sows the hole two past it, the hole directly after the last pair). The
/// issue's game: South b8 into b7 (the pair); North d2 into d1; South is then offered b6
/// alone (not b5), into b5; then b4 into b3, b2 into b1, a1 into a2, a3 into a4, a5 into a6,
/// a7 into a8. Two past a7 is b8, empty since the first turn: one more turn sows the hole
/// after a7, the last pair a8 (2): b8 0→1, b7 2→3, a single lap though b7 was occupied. 9
/// turns. North likewise: c1, c3, c5, c7, d8, d6, d4 into the next hole each, then the
/// last pair d3 (2): d2 0→1, d1 2→3.
#[test]
fn the_ludii_opening_sows_the_hole_after_the_last_pair_and_the_last_pair_in_one_lap() {
    let rules = tchela(Some("ludii"), &[]);
    let state = open(
        &rules,
        &["b8", "b6", "b4", "b2", "a1", "a3", "a5", "a7", "a8"],
        &["d2", "c1", "c3", "c5", "c7", "d8", "d6", "d4", "d3"],
    );
    assert_board(
        &rules,
        &state,
        "d 3 1 0 0 2 0 2 0
         c 0 2 0 2 0 2 0 2
         b 2 0 2 0 2 0 3 1
         a 0 2 0 2 0 2 0 0",
    );
    assert_eq!(state.to_move(), Player::South);
    // Each occupied hole past the side store, and through it too where the lap reaches it
    // (between b5 and b4): b5 (2) and b7 (3).
    let mut moves = sows(&rules, &["a2", "a4", "a6", "b1", "b3", "b5", "b7", "b8"]);
    moves.insert(6, Move::SowThrough(hole(&rules, "b5")));
    moves.insert(8, Move::SowThrough(hole(&rules, "b7")));
    assert_eq!(legal(&rules, &state), moves);
}

/// On 4×6 likewise: South a1 into a2, a3 into a4, a5 into a6, b6 into b5, b4 into b3, b2
/// into b1; two past b2 is a1, empty: then the last pair b1 (2): a1 0→1, a2 2→3. 7 turns.
/// North d6, d4, d2, c1, c3, c5, then c6 (2): d6 0→1, d5 2→3.
#[test]
fn the_ludii_opening_on_four_by_six() {
    let rules = tchela(Some("ludii"), &["columns=6"]);
    let state = open(
        &rules,
        &["a1", "a3", "a5", "b6", "b4", "b2", "b1"],
        &["d6", "d4", "d2", "c1", "c3", "c5", "c6"],
    );
    assert_board(
        &rules,
        &state,
        "d 2 0 2 0 3 1
         c 0 2 0 2 0 0
         b 0 0 2 0 2 0
         a 1 3 0 2 0 2",
    );
    assert_eq!(state.to_move(), Player::South);
}

/// South b3 (1): b2 0→1, an empty own inner hole facing c2 (2): c2 and d2 (3) go into
/// South's store (5). b7 (1): b6 0→1, empty, but c6 is empty: nothing is taken, though d6
/// holds 4. a8 (1): b8 1→2, occupied: relay (2): b7 1→2, b6 0→1, facing c6, empty: the end.
#[test]
fn a_last_seed_in_an_empty_inner_hole_takes_both_opposite_holes_into_the_store() {
    let rules = tchela(None, &[]);
    let picture = "d 0 3 0 0 0 4 0 0
                   c 0 2 0 0 0 0 0 1
                   b 0 0 1 0 0 0 1 1
                   a 0 0 0 0 0 0 0 1";
    let mut s = state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &s);
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "b3"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[("c2", 2), ("d2", 3)], true));
    assert_eq!(rules.store_seeds(&s, Player::South), 5);
    assert_board(
        &rules,
        &s,
        "d 0 0 0 0 0 4 0 0
         c 0 0 0 0 0 0 0 1
         b 0 1 0 0 0 0 1 1
         a 0 0 0 0 0 0 0 1",
    );

    let mut s = state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &s);
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "b7"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b6", &[], true));
    assert_eq!(rules.store_seeds(&s, Player::South), 0);

    let mut s = state(&rules, &setup(&rules, picture, Player::South));
    let mut history = History::new(&rules, &s);
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "a8"))).unwrap();
    assert_eq!(effect, sow_effect(&rules, 2, 3, "b6", &[], true));
}

/// South b2 (1) into b1, empty, facing c1 (1) and d1 (1): both into South's store, which
/// held 3: 5. North, to move, has nothing left on the board: the game ends and is scored,
/// South 5 in the store and 1 on the board against North's 4 in the store: South wins.
#[test]
fn the_player_to_move_who_cannot_move_ends_the_game_scored_with_the_stores() {
    let rules = tchela(None, &[]);
    let mut s = setup(
        &rules,
        "d 1 0 0 0 0 0 0 0
         c 1 0 0 0 0 0 0 0
         b 0 1 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0",
        Player::South,
    );
    s.stores[Player::South] = 3;
    s.stores[Player::North] = 4;
    let mut s = state(&rules, &s);
    let mut history = History::new(&rules, &s);
    rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "b2"))).unwrap();
    assert_eq!(rules.store_seeds(&s, Player::South), 5);
    assert_eq!(s.outcome(), Some(Outcome::Win { winner: Player::South, reason: WinReason::Score }));
}

/// The side store of the ruleset "ludii" (Ludii's extra store), from South's seat: the
/// circuit through it runs a1 … a8, b8 b7 b6 b5, then the side store (`s`), then b4 … b1.
fn ludii() -> Rules {
    tchela(Some("ludii"), &[])
}

fn side(rules: &Rules, state: &State, player: Player) -> u16 {
    state.count(rules.side_store(player).expect("the ruleset has side stores"))
}

/// South has a8 (1) and b5 (2); the side store is empty. a8 (1) reaches only b8, so it has
/// one way. b5 (2) past the side store: b4 0→1, b3 0→1, the last in an empty inner hole
/// facing c3 (1): c3 and d3 (2) into the store, 3. Through it (`b5+`): the side store 0→1,
/// b4 0→1, the last in an empty inner hole facing c4, empty: the end, and the side store
/// holds 1 (at most 1: allowed).
#[test]
fn ludii_a_lap_through_the_side_store_or_past_it() {
    let rules = ludii();
    let picture = "d 0 0 2 0 0 0 0 0
                   c 0 0 1 0 0 0 0 0
                   b 0 0 0 0 2 0 0 0
                   a 0 0 0 0 0 0 0 1";
    let s = state(&rules, &setup(&rules, picture, Player::South));
    let b5 = hole(&rules, "b5");
    assert_eq!(legal(&rules, &s), vec![Move::Sow(hole(&rules, "a8")), Move::Sow(b5), Move::SowThrough(b5)]);
    assert_eq!(rules.parse_move(&s, "b5+").unwrap(), Move::SowThrough(b5));
    assert_eq!(rules.move_text(Move::SowThrough(b5)), "b5+");

    let mut past = s.clone();
    let mut history = History::new(&rules, &past);
    rules.play(&mut past, &mut history, Move::Sow(b5)).unwrap();
    assert_eq!(rules.store_seeds(&past, Player::South), 3);
    assert_eq!(side(&rules, &past, Player::South), 0);
    assert_board(
        &rules,
        &past,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 1 1 0 0 0 0
         a 0 0 0 0 0 0 0 1",
    );

    let mut through = s.clone();
    let mut history = History::new(&rules, &through);
    rules.play(&mut through, &mut history, Move::SowThrough(b5)).unwrap();
    assert_eq!(rules.store_seeds(&through, Player::South), 0);
    assert_eq!(side(&rules, &through, Player::South), 1);
    assert_eq!(through.to_move(), Player::North);
    assert_board(
        &rules,
        &through,
        "d 0 0 2 0 0 0 0 0
         c 0 0 1 0 0 0 0 0
         b 0 0 0 1 0 0 0 0
         a 0 0 0 0 0 0 0 1",
    );
}

/// A lap that ends in the side store ends the turn: b5 (1) through it drops its seed there,
/// although c4 and c5 beside it are occupied: nothing is taken, North moves. With a seed
/// already in the side store, no lap may pass through it (it would hold 2): b5 has one way
/// only, and the side store itself may be lifted (`s+`), as an inner hole: 1→0, b4 0→1, the
/// last in an empty inner hole facing c4 (2): c4 and d4 (1) into the store, 3.
#[test]
fn ludii_a_lap_ending_in_the_side_store_ends_the_turn_and_it_holds_at_most_one() {
    let rules = ludii();
    let picture = "d 0 0 0 1 0 0 0 0
                   c 0 0 0 2 1 0 0 0
                   b 0 0 0 0 1 0 0 0
                   a 0 0 0 0 0 0 0 0";
    let s = state(&rules, &setup(&rules, picture, Player::South));
    let b5 = hole(&rules, "b5");
    let mut into = s.clone();
    let mut history = History::new(&rules, &into);
    rules.play(&mut into, &mut history, Move::SowThrough(b5)).unwrap();
    assert_eq!(side(&rules, &into, Player::South), 1);
    assert_eq!(rules.store_seeds(&into, Player::South), 0);
    assert_eq!(into.to_move(), Player::North);

    let mut full = setup(&rules, picture, Player::South);
    full.side_stores[Player::South] = 1;
    let s = state(&rules, &full);
    let store = rules.side_store(Player::South).unwrap();
    assert_eq!(legal(&rules, &s), vec![Move::Sow(b5), Move::SowThrough(store)]);
    assert_eq!(rules.parse_move(&s, "s+").unwrap(), Move::SowThrough(store));
    assert_eq!(rules.move_text(Move::SowThrough(store)), "s+");
    let mut lifted = s.clone();
    let mut history = History::new(&rules, &lifted);
    rules.play(&mut lifted, &mut history, Move::SowThrough(store)).unwrap();
    assert_eq!(side(&rules, &lifted, Player::South), 0);
    assert_eq!(rules.store_seeds(&lifted, Player::South), 3);
    assert_board(
        &rules,
        &lifted,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 1 0 0 0
         b 0 0 0 1 1 0 0 0
         a 0 0 0 0 0 0 0 0",
    );
}

/// A relay chooses its way too, where it would reach the side store: a8 (1) into b8 (4→5),
/// occupied: the sowing pauses before the relay of b8 (5), which past the side store ends in
/// b3 and through it in b4. `relay`: b7 b6 b5 b4 b3 0→1, the last in an empty inner hole
/// facing c3 (1): c3 and d3 (2) into the store, 3. `b8+` (`relay+`): b7 b6 b5 0→1, the
/// side store 0→1, b4 0→1, facing c4, empty: the end. At the start, b8 (4) itself has both
/// ways: past it ending in b4, through it ending in the side store.
#[test]
fn ludii_a_relay_pauses_for_the_way_past_the_side_store_or_through_it() {
    let rules = ludii();
    let picture = "d 0 0 2 0 0 0 0 0
                   c 0 0 1 0 0 0 0 0
                   b 0 0 0 0 0 0 0 4
                   a 0 0 0 0 0 0 0 1";
    let s = state(&rules, &setup(&rules, picture, Player::South));
    let (a8, b8) = (hole(&rules, "a8"), hole(&rules, "b8"));
    assert_eq!(legal(&rules, &s), vec![Move::Sow(a8), Move::Sow(b8), Move::SowThrough(b8)]);
    let mut paused = s.clone();
    let mut history = History::new(&rules, &paused);
    rules.play(&mut paused, &mut history, Move::Sow(a8)).unwrap();
    assert_eq!(paused.to_move(), Player::South);
    assert_eq!(legal(&rules, &paused), vec![Move::Relay, Move::SowThrough(b8)]);
    assert_eq!(rules.parse_move(&paused, "relay+").unwrap(), Move::SowThrough(b8));

    let mut past = paused.clone();
    let mut h = history.clone();
    rules.play(&mut past, &mut h, Move::Relay).unwrap();
    assert_eq!(past.to_move(), Player::North);
    assert_eq!(rules.store_seeds(&past, Player::South), 3);
    assert_board(
        &rules,
        &past,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 0 0 1 1 1 1 1 0
         a 0 0 0 0 0 0 0 0",
    );

    let mut through = paused.clone();
    rules.play(&mut through, &mut history, Move::SowThrough(b8)).unwrap();
    assert_eq!(through.to_move(), Player::North);
    assert_eq!(side(&rules, &through, Player::South), 1);
    assert_board(
        &rules,
        &through,
        "d 0 0 2 0 0 0 0 0
         c 0 0 1 0 0 0 0 0
         b 0 0 0 1 1 1 1 0
         a 0 0 0 0 0 0 0 0",
    );
}

/// North's side store is in the middle of c, between c4 and c5 (North sows c1 → c8): c3 (2)
/// through it drops into c4 and the side store, past it into c4 and c5.
#[test]
fn ludii_north_side_store_is_between_c4_and_c5() {
    let rules = ludii();
    let s = state(
        &rules,
        &setup(
            &rules,
            "d 0 0 0 0 0 0 0 0
             c 0 0 2 0 0 0 0 0
             b 0 0 0 0 0 0 0 0
             a 0 0 0 0 0 0 0 0",
            Player::North,
        ),
    );
    let c3 = hole(&rules, "c3");
    let mut through = s.clone();
    let mut history = History::new(&rules, &through);
    rules.play(&mut through, &mut history, Move::SowThrough(c3)).unwrap();
    assert_eq!(side(&rules, &through, Player::North), 1);
    assert_eq!(through.count(hole(&rules, "c4")), 1);
    assert_eq!(through.count(hole(&rules, "c5")), 0);
}

/// The side store's seeds count for its owner at the end: South b1 (1) into a1, empty, an
/// outer hole: the end. North, to move, has no seed on the board and none in its side
/// store: the game ends on the seeds, South's a1 and side store (1) 2 against North's store
/// 1: South wins (without the side store, 1 against 1 would draw).
#[test]
fn ludii_the_side_store_counts_for_its_owner_at_the_end() {
    let rules = ludii();
    let mut s = setup(
        &rules,
        "d 0 0 0 0 0 0 0 0
         c 0 0 0 0 0 0 0 0
         b 1 0 0 0 0 0 0 0
         a 0 0 0 0 0 0 0 0",
        Player::South,
    );
    s.side_stores[Player::South] = 1;
    s.stores[Player::North] = 1;
    let mut s = state(&rules, &s);
    let mut history = History::new(&rules, &s);
    rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "b1"))).unwrap();
    assert_eq!(rules.score(&s, Player::South), 2);
    assert_eq!(s.outcome(), Some(Outcome::Win { winner: Player::South, reason: WinReason::Score }));
}

/// `player` to move in the position `picture`, sowing `from`: the position after, and what
/// the sowing did.
fn sow_from(rules: &Rules, (picture, player): (&str, Player), from: &str) -> (State, sow::engine::Effect) {
    let mut s = state(rules, &setup(rules, picture, player));
    let mut history = History::new(rules, &s);
    let effect = rules.play(&mut s, &mut history, Move::Sow(hole(rules, from))).unwrap();
    (s, effect)
}

/// The ruleset "ludii" on 4×6 finds opposite holes as Ludii's code does there (its table of
/// opposite holes): South's b1 faces c2 and d3, b3 faces d1 and a5 (a hole of South's own),
/// b2 faces c3. South b2 (1) into b1, empty: c2 (2) is occupied, so c2 and d3 (3) go into the
/// store, 5, while c1, b1's column, keeps its seed. South b3 (1) into b2, empty: c3 is
/// empty, so nothing is taken though c2 holds 2. South b4 (1), past the side store, into
/// b3, empty: d1 (2) is occupied, so d1 and South's own a5 (1) go into the store, 3, while
/// c3 keeps its seed.
#[test]
fn ludii_on_four_by_six_south_captures_ludiis_opposite_holes() {
    let rules = tchela(Some("ludii"), &["columns=6"]);
    let play = |picture: &str, from: &str| sow_from(&rules, (picture, Player::South), from);
    let (s, effect) = play(
        "d 0 0 3 0 0 0
         c 1 2 0 0 0 0
         b 0 1 0 0 0 0
         a 0 0 0 0 0 0",
        "b2",
    );
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b1", &[("c2", 2), ("d3", 3)], true));
    assert_eq!(rules.store_seeds(&s, Player::South), 5);
    assert_eq!(s.count(hole(&rules, "c1")), 1);

    let (s, effect) = play(
        "d 0 0 0 0 0 0
         c 0 2 0 0 0 0
         b 0 0 1 0 0 0
         a 0 0 0 0 0 0",
        "b3",
    );
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b2", &[], true));
    assert_eq!(rules.store_seeds(&s, Player::South), 0);

    let (s, effect) = play(
        "d 2 0 0 0 0 0
         c 0 0 1 0 0 0
         b 0 0 0 1 0 0
         a 0 0 0 0 1 0",
        "b4",
    );
    assert_eq!(effect, sow_effect(&rules, 1, 1, "b3", &[("a5", 1), ("d1", 2)], true));
    assert_eq!(rules.store_seeds(&s, Player::South), 3);
    assert_eq!(s.count(hole(&rules, "c3")), 1);
}

/// South's b5 faces c6 and South's own side store: South b6 (1) into b5, empty, c6 (2)
/// occupied: c6 and the side store's seed go into the store, 3, and d5 keeps its seed.
#[test]
fn ludii_on_four_by_six_b5_takes_from_the_movers_own_side_store() {
    let rules = tchela(Some("ludii"), &["columns=6"]);
    let mut s = setup(
        &rules,
        "d 0 0 0 0 1 0
         c 0 0 0 0 0 2
         b 0 0 0 0 0 1
         a 1 0 0 0 0 0",
        Player::South,
    );
    s.side_stores[Player::South] = 1;
    let mut s = state(&rules, &s);
    let mut history = History::new(&rules, &s);
    rules.play(&mut s, &mut history, Move::Sow(hole(&rules, "b6"))).unwrap();
    assert_eq!(rules.store_seeds(&s, Player::South), 3);
    assert_eq!(side(&rules, &s, Player::South), 0);
    assert_eq!(s.count(hole(&rules, "c6")), 0);
    assert_eq!(s.count(hole(&rules, "d5")), 1);
}

/// North's c3 faces b2 and a1; c1 faces a3 (South's outer row) and, for its outer row,
/// nothing. North c2 (1) into c3, empty: b2 (2) is occupied, so b2 and a1 (4) go into
/// North's store, 6, and b3, c3's column, keeps its seed. North d1 (1) into c1, empty: a3 (2)
/// is occupied and is taken, 2, and nothing else: b1 and a1 keep theirs.
#[test]
fn ludii_on_four_by_six_north_captures_ludiis_opposite_holes() {
    let rules = tchela(Some("ludii"), &["columns=6"]);
    let play = |picture: &str, from: &str| sow_from(&rules, (picture, Player::North), from);
    let (s, effect) = play(
        "d 0 0 0 0 0 0
         c 0 1 0 0 0 0
         b 0 2 1 0 0 0
         a 4 0 0 0 0 0",
        "c2",
    );
    assert_eq!(effect, sow_effect(&rules, 1, 1, "c3", &[("a1", 4), ("b2", 2)], true));
    assert_eq!(rules.store_seeds(&s, Player::North), 6);
    assert_eq!(s.count(hole(&rules, "b3")), 1);

    let (s, effect) = play(
        "d 1 0 0 0 0 0
         c 0 0 0 0 0 0
         b 3 0 0 0 0 0
         a 1 0 2 0 0 0",
        "d1",
    );
    assert_eq!(effect, sow_effect(&rules, 1, 1, "c1", &[("a3", 2)], true));
    assert_eq!(rules.store_seeds(&s, Player::North), 2);
    assert_eq!((s.count(hole(&rules, "b1")), s.count(hole(&rules, "a1"))), (3, 1));
}
