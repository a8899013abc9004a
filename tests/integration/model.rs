//! The rules model between the compiler and the engine: every bundled game's model builds
//! the same engine again, and a model that does not hold together is refused with a typed
//! error rather than played.

use sow::Rules;
use sow::engine::perft::perft_table;
use sow::model::{Cell, Column, Destination, Fact, HoleSet, LapAction, Model, ModelError, Target, Turn};

use crate::common::rules;

/// Every bundled file, base game and rulesets, at their defaults and both ends of every
/// parameter range.
fn every_bundled_game() -> Vec<Rules> {
    let mut out = Vec::new();
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).expect("bundled");
        for base in sow::check(name, text).expect("bundled files check") {
            out.push(base.clone());
            for p in base.params() {
                for value in [p.low, p.high] {
                    let options = sow::Options {
                        ruleset: base.meta().ruleset.clone(),
                        params: vec![format!("{}={value}", p.name)],
                    };
                    out.push(sow::compile(name, text, &options).expect("range ends compile"));
                }
            }
        }
    }
    out
}

#[test]
fn every_bundled_model_builds_the_same_engine_again() {
    let games = every_bundled_game();
    assert!(games.len() > 60, "{} games", games.len());
    for rules in games {
        let model = rules.model().clone();
        let again = Rules::new(model.clone()).expect("a compiled model is consistent");
        assert_eq!(again.model(), &model);
        assert_eq!(again.start(), rules.start(), "{}", rules.meta().name);
        assert_eq!(perft_table(&again, 2), perft_table(&rules, 2), "{}", rules.meta().name);
    }
}

fn nsolo() -> Model {
    rules("nsolo", None, &[]).model().clone()
}

fn kalah() -> Model {
    rules("kalah", None, &[]).model().clone()
}

fn refused(model: Model) -> ModelError {
    match Rules::new(model) {
        Ok(_) => panic!("an inconsistent model was accepted"),
        Err(e) => e,
    }
}

fn main_sowing(model: &mut Model) -> &mut sow::model::Sowing {
    match &mut model.phases.last_mut().expect("a main phase").turn {
        Turn::Sow(sowing) => sowing,
        _ => panic!("the main phase sows"),
    }
}

#[test]
fn a_board_the_engine_cannot_hold_is_refused() {
    let mut m = nsolo();
    m.board.columns = 41;
    assert_eq!(refused(m), ModelError::Board { rows: 4, columns: 41 });
    let mut m = nsolo();
    m.board.rows = 3;
    assert!(matches!(refused(m), ModelError::Board { rows: 3, .. }));
}

#[test]
fn a_setup_that_does_not_fit_the_board_is_refused() {
    let mut m = nsolo();
    m.setup.pop();
    assert_eq!(refused(m), ModelError::SetupLength { given: 31, holes: 32 });
    let mut m = nsolo();
    m.setup.iter_mut().for_each(|c| *c = 0);
    assert_eq!(refused(m), ModelError::Seeds { total: 0 });
    let mut m = nsolo();
    m.setup[0] = 20_000;
    assert!(matches!(refused(m), ModelError::Seeds { total: 20_058 }));
}

#[test]
fn a_territory_of_the_wrong_size_is_refused() {
    let mut m = nsolo();
    m.row_names.pop();
    assert_eq!(refused(m), ModelError::Territory { named: 1, per_side: 2 });
}

#[test]
fn a_circuit_the_board_cannot_have_is_refused() {
    let mut m = nsolo();
    m.circuit.shared = true;
    assert!(matches!(refused(m), ModelError::Circuit(_)));
    let mut m = kalah();
    m.board.stores = false;
    assert!(matches!(refused(m), ModelError::Circuit(_)), "a ring through stores that do not exist");
}

#[test]
fn an_index_that_names_nothing_is_refused() {
    let mut m = nsolo();
    main_sowing(&mut m).otherwise = LapAction::Capture(7);
    let e = refused(m);
    assert!(e.to_string().contains("no capture number 7"), "{e}");

    let mut m = nsolo();
    main_sowing(&mut m).lap_rules[0].facts.push(Fact::Opposite(2, sow::model::HoleState::Empty));
    assert!(refused(m).to_string().contains("no row number 2"));

    let mut m = nsolo();
    main_sowing(&mut m).choices[0].holes = HoleSet::Marked(0);
    assert!(refused(m).to_string().contains("no mark number 0"));

    let mut m = nsolo();
    main_sowing(&mut m).choices[0].holes = HoleSet::One { role: 1, column: Column::FromRight(8) };
    assert!(refused(m).to_string().contains("off a row of 8 holes"));

    let mut m = nsolo();
    m.captures[0].take.push(Target::Opposite(5));
    assert!(refused(m).to_string().contains("no row number 5"));

    let mut m = nsolo();
    m.marks.push(sow::model::Mark {
        name: "far".into(),
        start: vec![Cell { row: 9, column: 0 }],
        keep_min: None,
        open_at: None,
    });
    assert!(matches!(refused(m), ModelError::Mark { .. }));
}

#[test]
fn a_construct_that_needs_stores_is_refused_on_a_board_without() {
    let mut m = nsolo();
    m.captures[0].destination = Destination::Store;
    let e = refused(m);
    assert!(e.to_string().contains("store"), "{e}");
    let mut m = nsolo();
    m.end.store_limit = Some(sow::model::StoreLimit::MoreThanHalf);
    assert!(refused(m).to_string().contains("store majority needs stores"));
}

#[test]
fn phases_must_end_with_the_main_game() {
    let mut m = nsolo();
    m.phases.last_mut().expect("main").name = Some("opening".into());
    assert!(matches!(refused(m), ModelError::Phases(_)));
    let mut m = nsolo();
    m.phases.clear();
    assert!(matches!(refused(m), ModelError::Phases(_)));
}

#[test]
fn a_model_built_by_hand_plays() {
    // A model changed by hand, not by the compiler: Nsolo with the first choice limited to
    // the inner row. The engine takes it, and `show` prints the change.
    let mut m = nsolo();
    main_sowing(&mut m).choices[0].holes = HoleSet::Row(1);
    let rules = Rules::new(m).expect("consistent");
    let text = rules.model().to_string();
    assert!(text.contains("South's b1 b2 b3 b4 b5 b6 b7 b8, North's c1 c2 c3 c4 c5 c6 c7 c8"), "{text}");
    let mut moves = sow::engine::MoveList::new();
    rules.legal_moves(&rules.start(), &mut moves);
    let first: Vec<String> = moves.iter().map(|&m| rules.move_text(m)).collect();
    assert_eq!(first, ["b1", "b2", "b3", "b4", "b5", "b6", "b7"]);
}

/// An opening whose turns take holes, in rules played lap by lap (a choice that blocks
/// holes): the turn's picks are played apart from the sowing, so the lap-by-lap interpreter's
/// limits on captures do not apply to it. (It was refused as "inconsistent rules, a fault in
/// sow".) Perft by hand: South takes one of North's 12 occupied holes (12), North one of
/// South's (12 × 12 = 144), then South sows one of the 11 holes left with 2 seeds (× 11).
#[test]
fn an_opening_that_takes_holes_in_rules_played_lap_by_lap() {
    let text = r#"game "Take, then block" {
    board 4 rows of 6 holes, no stores
    territory each player owns rows outer, inner
    marks blocked
    setup {
        2 in every hole
    }
    circuit own rows anticlockwise
    choose {
        own hole with at least 2 seeds
        after a turn that captures nothing, while the opponent cannot capture,
            mark as blocked the opponent's holes the mover would capture next
    }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an empty own inner hole and the opposite inner hole is occupied: capture frontal
        otherwise: stop
    }
    capture frontal {
        take the opposite inner hole
    }
    opening "first" {
        lasts 1 turn
        take 1 occupied hole from the opponent's territory
    }
    end {
        a player with no seeds loses
        a player who cannot move loses
    }
}
"#;
    let rules = sow::compile("take.sow", text, &sow::Options::new(None, &[]))
        .unwrap_or_else(|e| panic!("{}", crate::common::render(&e)));
    assert!(!rules.model().fast_path_covers(), "the choice that blocks holes is played lap by lap");
    let table = sow::engine::perft::perft_table(&rules, 3);
    assert_eq!(table, [(1, 12), (2, 144), (3, 1584)]);
}

/// A count the mover chooses is the first lap's only count, and needs a game of few enough
/// seeds that a position can offer each count as a decision.
#[test]
fn a_chosen_count_is_the_only_count_and_fits_a_list_of_decisions() {
    let mut m = kalah();
    let first = &mut main_sowing(&mut m).first_lap;
    (first.chosen, first.lift) = (Some(1), Some(4));
    assert!(refused(m).to_string().contains("the first lap's only count"));
    let mut m = kalah();
    main_sowing(&mut m).first_lap.chosen = Some(0);
    m.setup.iter_mut().for_each(|c| *c = 40);
    assert!(refused(m).to_string().contains("at most 381 seeds"));
    let mut m = kalah();
    main_sowing(&mut m).first_lap.chosen = Some(0);
    let rules = Rules::new(m).expect("a chosen count plays");
    assert!(rules.model().to_string().contains("as many seeds of the chosen hole as the mover chooses"));
}

/// The holes a capture's seeds go into at the mover's choice: each on the board, and never
/// beside a row end (a choice of its own). A list of one hole is the hole.
#[test]
fn the_holes_for_captured_seeds_are_on_the_board() {
    use sow::model::{IntoHoles, SowInto};
    let leftmost = SowInto::Hole { role: 1, column: Column::FromLeft(0) };
    let mut m = nsolo();
    m.captures[0].destination = Destination::Put(
        IntoHoles::new(&[leftmost, SowInto::Hole { role: 1, column: Column::FromLeft(8) }]).unwrap(),
    );
    assert!(refused(m).to_string().contains("not on the board"));

    let mut m = nsolo();
    m.captures[0].destination = Destination::Put(IntoHoles::new(&[leftmost, SowInto::Behind(6)]).unwrap());
    assert!(refused(m).to_string().contains("no row number 6"));

    let mut m = nsolo();
    let end = SowInto::RowEnd { role: 1, middle: 4, far_for_north: false, ahead: false };
    let resow = sow::model::Resow {
        into: IntoHoles::new(&[end, leftmost]).unwrap(),
        whole: true,
        with_last: false,
        itself: false,
        single: false,
        whole_if_one: false,
        one_lap: false,
        keep_way: false,
    };
    m.captures[0].destination = Destination::Sow(resow);
    assert!(refused(m).to_string().contains("a row end or a hole of the mover's choice"));

    assert!(IntoHoles::new(&[]).is_none());
    assert!(IntoHoles::new(&[leftmost; 9]).is_none());
    assert_eq!(IntoHoles::new(&[leftmost]), Some(IntoHoles::one(leftmost)));
    assert!(!IntoHoles::one(leftmost).is_choice());
}
