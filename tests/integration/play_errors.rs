//! Refused decisions carry what the refusal is about (typed `PlayError` variants), and say it
//! in words.

use sow::Rules;
use sow::engine::{History, PicksOwed, PlayError, PlayErrorKind, Player, Setup, State};

fn nsolo() -> Rules {
    let text = sow::bundled::bundled("nsolo").expect("bundled");
    sow::compile("nsolo.sow", text, &sow::Options::default()).expect("compiles")
}

/// A file of the repository's `docs/` (a blind test's rules file), as text.
fn docs_file(path: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A main-game position of 4 × 8 holes, rows given from a to d.
fn position(rules: &Rules, rows: [[u16; 8]; 4], to_move: Player) -> State {
    rules.state_from_setup(&Setup::new(rows.concat(), to_move)).expect("valid setup")
}

fn refused(rules: &Rules, state: &State, mv: &str) -> PlayError {
    let mv = rules.parse_move(state, mv).expect("notation");
    let (mut after, mut history) = (state.clone(), History::new(rules, state));
    let e = rules.play(&mut after, &mut history, mv).expect_err("illegal");
    assert_eq!(&after, state);
    e
}

#[test]
fn sowing_an_opponents_hole() {
    let rules = nsolo();
    let e = refused(&rules, &rules.start(), "c1");
    let rows = vec!["a".to_string(), "b".to_string()];
    assert_eq!(
        e,
        PlayError::NotYours { hole: "c1".into(), owner: Player::North, player: Player::South, rows }
    );
    assert_eq!(e.kind(), PlayErrorKind::NotYours);
    assert_eq!(e.to_string(), "c1 is North's hole; South sows from rows a and b");
}

#[test]
fn an_endless_sowing() {
    let rules = nsolo();
    let rows = [[1, 0, 1, 3, 1, 0, 1, 0], [0, 1, 0, 1, 0, 1, 0, 1], [0; 8], [2, 0, 0, 0, 0, 0, 0, 0]];
    let e = refused(&rules, &position(&rules, rows, Player::South), "a4");
    assert_eq!(e, PlayError::Endless { hole: "a4".into() });
    assert_eq!(e.kind(), PlayErrorKind::Endless);
    assert_eq!(
        e.to_string(),
        "sowing from a4 would never end: its relay laps repeat forever, so the move is not allowed"
    );
}

#[test]
fn picks_out_of_order() {
    let rules = nsolo();
    // South's a8 captures c5 (3) and owes a strip of 3 seeds from c2 (1) and d1 (2); d1
    // takes one, and c2, before it, can no longer be picked.
    let rows = [
        [1, 0, 2, 0, 0, 0, 0, 2],
        [0, 0, 0, 0, 0, 0, 1, 0],
        [0, 1, 0, 0, 3, 0, 0, 0],
        [2, 0, 0, 0, 0, 0, 0, 1],
    ];
    let mut state = position(&rules, rows, Player::South);
    let mut history = History::new(&rules, &state);
    for mv in ["a8", "d1"] {
        let mv = rules.parse_move(&state, mv).unwrap();
        rules.play(&mut state, &mut history, mv).unwrap();
    }
    let e = refused(&rules, &state, "c2");
    assert_eq!(e, PlayError::PickBefore { hole: "c2".into(), from: "d1".into() });
    assert_eq!(e.kind(), PlayErrorKind::OutOfOrder);
    assert_eq!(e.to_string(), "picks are written in board order: the next pick is at d1 or after, not c2");

    let e = refused(&rules, &state, "a1");
    let PlayError::NotInRegion { hole, owed: owed @ PicksOwed::Strip { seeds: 2, .. } } = &e else {
        panic!("{e:?}");
    };
    assert_eq!(hole, "a1");
    assert_eq!(e.to_string(), format!("a1 is not one of the holes to pick from: {owed}"));
    assert_eq!(owed.to_string(), "strip 2 seeds more from North's holes, at d1 or after in board order");
    assert!(matches!(owed, PicksOwed::Strip { whose, .. } if whose == "North's"));
}

/// A refusal names the hole's owner now and the mover's rows as the board has them (blind
/// test 17, fault 3): on three rows South sows from row a and their half of the middle row,
/// and a hole North has won is North's. North b3 (1) → a1 (3 → 4, South's): won by North.
#[test]
fn a_refusal_names_the_owner_now_and_the_rows_of_a_three_row_board() {
    let text = docs_file("docs/generality/2026-12-06-seventeenth/faults/3-wrong-owner-message.sow");
    let rules = sow::compile("claims.sow", &text, &sow::Options::default()).expect("compiles");
    let mut state = rules.start();
    let mut history = History::new(&rules, &state);
    for mv in ["a3", "b3"] {
        let mv = rules.parse_move(&state, mv).unwrap();
        rules.play(&mut state, &mut history, mv).unwrap();
    }
    assert_eq!(
        refused(&rules, &state, "a1").to_string(),
        "a1 is North's hole; South sows from rows a and b4–b6"
    );
    assert_eq!(
        refused(&rules, &state, "b1").to_string(),
        "b1 is North's hole; South sows from rows a and b4–b6"
    );
}

/// A turn refused under `must leave the opponent a move if possible` says that rule, not a
/// feeding one (blind test 36, fault 1): North has a seed in b1, and South's a1 would capture
/// it, leaving North no move.
#[test]
fn a_refusal_to_leave_no_move_is_not_called_feeding() {
    let text = docs_file("docs/generality/2026-12-07-thirty-sixth/faults/leave-move-says-feed.sow");
    let rules = sow::compile("leave.sow", &text, &sow::Options::default()).expect("compiles");
    assert_eq!(
        refused(&rules, &rules.start(), "a1").to_string(),
        "sowing from a1 would leave North without a move, and the rules say every turn must leave the opponent a move where one can"
    );
}

/// `must not take every seed of the opponent` (Woli: "a player cannot make a move that would
/// capture all of the opponent's counters": blind test 36, item 1). On the board of that test's
/// fault (South a1 and a3 one seed each, North b1 one, sowing clockwise), South's a1 makes b1
/// two and takes them, North's last: it is refused and a3 is offered. With a3 empty too South
/// has no decision at all, where `must leave the opponent a move if possible` lets a1 be played.
#[test]
fn a_turn_may_be_forbidden_to_take_every_seed_of_the_opponent() {
    let fault = docs_file("docs/generality/2026-12-07-thirty-sixth/faults/leave-move-says-feed.sow");
    let text = fault
        .replace("must leave the opponent a move if possible", "must not take every seed of the opponent");
    assert_ne!(text, fault);
    let moves = |text: &str| {
        let rules = sow::compile("wipe.sow", text, &sow::Options::default()).expect("compiles");
        let mut list = sow::engine::MoveList::new();
        rules.legal_moves(&rules.start(), &mut list);
        list.iter().map(|&m| rules.move_text(m)).collect::<Vec<_>>()
    };
    let rules = sow::compile("wipe.sow", &text, &sow::Options::default()).expect("compiles");
    assert!(rules.model().to_string().contains("a turn may not take every seed of an opponent who has some"));
    assert_eq!(moves(&text), ["a3"]);
    assert_eq!(
        refused(&rules, &rules.start(), "a1").to_string(),
        "sowing from a1 would take every seed of North's, and the rules say a turn must not"
    );
    let alone = |text: &str| text.replace("        1 in a3\n", "");
    assert_ne!(alone(&text), text);
    assert!(moves(&alone(&text)).is_empty());
    assert_eq!(moves(&alone(&fault)), ["a1"]);
}

/// A move of seeds the rules do not offer says which holes a move may start at, or end at
/// from the hole typed, from the moves legal now (blind test 20: a well-formed `a3-a5` got
/// only the notation, with an example that was itself illegal). A sowing typed in that turn
/// names a legal move as its example.
#[test]
fn a_move_of_seeds_not_on_offer() {
    let text = r#"game "Centre" {
    board 2 rows of 6 holes, no stores
    territory each player owns row house
    marks centre: the 3rd house hole, the 4th house hole
    setup {
        4 in the 3rd house hole
        4 in the 4th house hole
    }
    circuit all rows anticlockwise
    opening "move" {
        lasts 1 turn
        move 1 seed from an own centre hole to an own centre hole
    }
    choose {
        own hole with at least 1 seed
    }
    sow all seeds from the next hole
    end {
        a player who cannot move loses
    }
}
"#;
    let rules = sow::compile("centre.sow", text, &sow::Options::default()).expect("compiles");
    let start = rules.start();
    let e = refused(&rules, &start, "a3-a5");
    assert_eq!(e.kind(), PlayErrorKind::NotAllowed);
    assert_eq!(
        e.to_string(),
        "a3-a5 is not a move South may make now: from a3, seeds may be moved to a4 only"
    );
    let e = refused(&rules, &start, "a1-a3");
    assert_eq!(
        e.to_string(),
        "a1-a3 is not a move South may make now: no move starts at a1; moves start at a3, a4"
    );
    let e = refused(&rules, &start, "a3");
    assert_eq!(e.kind(), PlayErrorKind::WrongPhase);
    assert_eq!(
        e.to_string(),
        "South moves seeds from one hole to another, such as `a3-a4` (opening \"move\")"
    );
}
