//! The engine's fast paths against its general path, at every position of random games of
//! every bundled file, ruleset and range end (`sow::engine::fast_paths`): the lap table's
//! verdicts against the model's lap rules read in order, each candidate's first lap and
//! whole sowing by the simple ring against the general lap, and the list built without
//! sowing against the list with every candidate sown.

use sow::Rules;
use sow::engine::fast_paths::{Compared, compare, sown_by_lap_table};
use sow::engine::{Draw, MoveList, Position};

/// Random games of `rules` from 6 seeds, every fast path compared at every position.
fn compare_games(rules: &Rules) -> Compared {
    let mut total = Compared::default();
    for seed in 0..6u64 {
        let mut rng = sow::ai::rng(seed);
        let mut position = Position::new(rules);
        let mut moves = MoveList::new();
        for _ in 0..150 {
            let here = compare(rules, position.state());
            total.sowings += here.sowings;
            total.lists += here.lists;
            total.landings += here.landings;
            let mut below = |n| sow::ai::below(&mut rng, n);
            let (played, _) = position.random_decision(&mut moves, Draw::Lists, &mut below);
            if !played {
                break;
            }
        }
    }
    total
}

/// A table of opposite holes, `nothing` among them, read by the lap table and the captures
/// alike (no bundled game's table is read by the lap table: Tchela's sows lap by lap).
#[test]
fn fast_paths_agree_on_a_table_of_opposite_holes() {
    // The first bundled base game sown by the lap table whose capture reads the opposite
    // inner hole.
    let territory = "territory each player owns rows outer, inner\n";
    let fits = |name: &&'static str| {
        let text = sow::bundled::bundled(name).expect("bundled");
        text.contains(territory)
            && text.contains("and the opposite inner hole is occupied")
            && sow::compile::compile(name, text, &sow::compile::Options::default())
                .is_ok_and(|r| sown_by_lap_table(&r) && r.model().phases.len() == 1)
    };
    let name = sow::bundled::bundled_names().find(fits).expect("such a bundled game");
    let text = sow::bundled::bundled(name).expect("bundled").replacen(
        territory,
        "territory each player owns rows outer, inner
    opposite holes {
        b1: inner c4, outer nothing
        b2: inner nothing
        b3: outer a1
        c5: inner b8, outer nothing
        c6: inner nothing, outer d1
    }
",
        1,
    );
    let rules =
        sow::compile::compile("table.sow", &text, &sow::compile::Options::default()).expect("compiles");
    assert_eq!(rules.model().opposites.len(), 8);
    let compared = compare_games(&rules);
    assert!(compared.sowings > 1_000 && compared.landings > 1_000, "{compared:?}");
}

#[test]
fn fast_paths_agree_with_the_general_interpreter_on_every_bundled_game() {
    let mut total = Compared::default();
    for name in sow::bundled::bundled_names() {
        let text = sow::bundled::bundled(name).expect("bundled");
        for base in sow::compile::check(name, text).expect("bundled files check") {
            let mut games = vec![base.clone()];
            for p in base.params() {
                for value in [p.low, p.high] {
                    let options = sow::compile::Options {
                        ruleset: base.meta().ruleset.clone(),
                        params: vec![format!("{}={value}", p.name)],
                    };
                    games.push(sow::compile::compile(name, text, &options).expect("range ends compile"));
                }
            }
            for rules in games {
                let here = compare_games(&rules);
                total.sowings += here.sowings;
                total.lists += here.lists;
                total.landings += here.landings;
            }
        }
    }
    assert!(total.sowings > 50_000, "{} sowings compared", total.sowings);
    assert!(total.lists > 5_000, "{} lists without relays compared", total.lists);
    assert!(total.landings > 100_000, "{} landings compared", total.landings);
}
