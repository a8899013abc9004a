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

/// A fixture of `tests/fixtures/told`, compiled.
fn told(name: &str) -> Rules {
    let path = format!("{}/tests/fixtures/told/{name}.sow", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    sow::compile(&path, &text, &sow::Options::new(None, &[]))
        .unwrap_or_else(|e| panic!("{}", common::render(&e)))
}

/// Blind test 14, fault 2: on 4×8 (Ngola), South's a8 ends in b6, takes c6 and d6 (1 and 3)
/// and sows the 4 seeds on from b6 to b2, where they take c2 and d2 (4 and 2), sown on from
/// b2. Each capture is told before the lap that sows its seeds, in the order played.
#[test]
fn chained_captures_are_told_in_the_order_played() {
    let rules = told("chained-capture-narration");
    let mut game = Game::new(&rules);
    for mv in "a1 d3 b3 d2 b7 c4 b6 d6 b2 c6 a3 d7 a4 d4 b3 d8".split(' ') {
        game.play_part(mv).unwrap();
    }
    let played = game.play_part("a8").unwrap();
    assert_eq!(
        sow::session::narrate_played(&rules, &played, game.state()),
        "South sows a8: 1 lap, 3 seeds sown, the last in b6; captures 1 from c6 and 3 from d6; the \
         captured seeds are sown on from b6: 1 lap, 4 seeds sown, the last in b2; captures 4 from \
         c2 and 2 from d2; the captured seeds are sown on from b2: 1 lap, 6 seeds sown, the last in \
         a5."
    );
    let laps = rules.sowing_laps(&played[0].before, played[0].mv);
    let taken: Vec<Vec<(String, u16)>> =
        laps.iter().map(|l| l.taken.iter().map(|&(h, n)| (rules.hole_name(h), n)).collect()).collect();
    let t = |h: &str, n: u16| (h.to_string(), n);
    assert_eq!(taken, [vec![], vec![t("c6", 1), t("d6", 3)], vec![t("c2", 4), t("d2", 2)]]);
}

/// Blind test 14, fault 3: South's a2 (3) ends in b2, making 4: the capture takes nothing, but
/// b2 becomes South's and carries the mark `won`, and the narration says so.
#[test]
fn a_claim_and_a_mark_are_told() {
    let rules = told("claim-capture-not-narrated");
    let mut game = Game::new(&rules);
    let played = game.play_part("a2").unwrap();
    assert_eq!(
        sow::session::narrate_played(&rules, &played, game.state()),
        "South sows a2: 1 lap, 3 seeds sown, the last in b2; b2 becomes South's; b2 becomes a won hole."
    );
}

/// Blind test 14, fault 4: South puts a seed from the hand into b2 (1 → 2) and, the opposite
/// inner hole being empty, sows it clockwise: told as both.
#[test]
fn a_seed_put_from_the_hand_and_sown_is_told() {
    let rules = told("placement-sowing-narration");
    let mut game = Game::new(&rules);
    let played = game.play_part("b2:cw").unwrap();
    assert_eq!(
        sow::session::narrate_played(&rules, &played, game.state()),
        "South puts a seed from hand into b2 and sows it: 1 lap, 2 seeds sown, the last in b4."
    );
}

/// Blind test 15, fault 1: a rule read as a seed before the last falls, or as any seed falls,
/// is shown as such, apart from the same rule read where the lap ends (before, `sow show`
/// printed the three alike and `sow diff` called the files the same).
#[test]
fn show_tells_which_seeds_a_lap_rule_reads() {
    let path = format!("{}/tests/fixtures/told/show-passing-seed.sow", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let shown = |from: &str| {
        let text = text.replace("a seed before the last lands", from);
        let rules = sow::compile(&path, &text, &sow::Options::new(None, &[]))
            .unwrap_or_else(|e| panic!("{}", common::render(&e)));
        let shown = rules.model().to_string();
        let rule = shown.lines().skip_while(|l| !l.starts_with("after each lap")).nth(1);
        rule.unwrap().trim().to_string()
    };
    assert_eq!(
        shown("a seed before the last lands"),
        "1. as a seed before the last falls, landing hole now holds 4 -> capture owners"
    );
    assert_eq!(shown("the last seed lands"), "1. landing hole now holds 4 -> capture owners");
    assert_eq!(
        shown("a seed lands"),
        "1. as any seed falls, the last included, landing hole now holds 4 -> capture owners"
    );
}
