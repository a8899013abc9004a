//! `Rules::sowing_laps`: the laps a front end shows of a sowing, lap by lap and seed by seed,
//! worked through by hand on the default rules and replayed against the engine's own board
//! through a whole game.

use sow::ai::{below, rng};
use sow::bundled::DEFAULT_RULES;
use sow::engine::{Game, Hole, Move, Rules};

use crate::common;

fn rules(params: &[&str]) -> Rules {
    common::rules(DEFAULT_RULES, None, params)
}

#[test]
fn the_laps_of_a_relay_sowing() {
    let rules = rules(&["columns=8"]);
    let state = rules.start();
    let a1 = rules.parse_hole("a1").unwrap();
    let laps = rules.sowing_laps(&state, Move::Sow(a1));
    let names: Vec<(String, Vec<String>)> = laps
        .iter()
        .map(|l| (rules.hole_name(l.from), l.drops.iter().map(|&h| rules.hole_name(h)).collect()))
        .collect();
    let lap = |from: &str, drops: &[&str]| {
        (from.to_string(), drops.iter().map(|d| d.to_string()).collect::<Vec<_>>())
    };
    assert_eq!(
        names,
        [lap("a1", &["a2", "a3"]), lap("a3", &["a4", "a5", "a6"]), lap("a6", &["a7", "a8", "b8"])]
    );
    assert!(rules.sowing_laps(&state, Move::Pick(a1)).is_empty());
    assert!(rules.sowing_laps(&state, Move::Sow(rules.parse_hole("c3").unwrap())).is_empty());
}

/// Replaying the traced laps on the counts gives the engine's own board after every
/// sowing that captures nothing, through a whole game.
#[test]
fn traced_laps_reach_the_engine_board() {
    let rules = rules(&["columns=12"]);
    let mut game = Game::new(&rules);
    let mut rng = rng(7);
    while game.outcome().is_none() && game.turns().len() < 200 {
        let moves = game.legal_moves();
        let mv = moves[below(&mut rng, moves.len())];
        let laps = rules.sowing_laps(game.state(), mv);
        let mut counts = rules.board_counts(game.state());
        let index = |h: Hole| rules.row_of(h) * rules.columns() + rules.column_of(h);
        for lap in &laps {
            counts[index(lap.from)] = 0;
            for &h in &lap.drops {
                counts[index(h)] += 1;
            }
        }
        let effect = game.play(mv).expect("legal");
        assert_eq!(laps.len(), effect.laps as usize);
        if matches!(mv, Move::Sow(_)) {
            assert_eq!(laps.last().and_then(|l| l.drops.last()).copied(), effect.last);
            if effect.taken.is_empty() {
                assert_eq!(counts, rules.board_counts(game.state()), "after {}", rules.move_text(mv));
            }
        }
    }
}
