//! Warnings, beyond the fixtures of `tests/fixtures/warn/`: rules that look like the ones
//! warned about but can still apply (no warning), and the cases a fixture does not show.

/// A small valid game; each case makes changes to it.
const BASE: &str = r#"game "Warned" {
    param least = 3 in 3..4 "a count for the lap rules"
    board 4 rows of 8 holes, no stores
    territory each player owns rows outer, inner
    setup { 2 in every hole }
    circuit own rows anticlockwise
    choose { own hole with at least 2 seeds }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an empty own inner hole
            and the opposite inner hole is occupied: capture frontal
        when the last seed lands in an occupied hole: relay
    }
    after 1000 laps a sowing is endless
    capture frontal {
        take the opposite inner hole
    }
    end {
        a player with no seeds loses
        a player who cannot move loses
        a repeated position is a draw
    }
}
"#;

/// The codes of the warnings of `BASE` with each `(old, new)` replaced (`old` must occur
/// exactly once); the file must check.
fn warnings(changes: &[(&str, &str)]) -> Vec<String> {
    let mut text = BASE.to_string();
    for (old, new) in changes {
        assert_eq!(text.matches(old).count(), 1, "{old:?} must occur once");
        text = text.replace(old, new);
    }
    match sow::check_with_warnings("warned.sow", &text) {
        Ok((_, w)) => w.warnings.iter().map(|w| miette::Diagnostic::code(w).unwrap().to_string()).collect(),
        Err(e) => panic!("{text}\n{}", crate::common::render(&e)),
    }
}

const LAPS: &str = "        when the last seed lands in an empty own inner hole
            and the opposite inner hole is occupied: capture frontal
        when the last seed lands in an occupied hole: relay
";

/// The rules of `after each lap` replaced by `rules`.
fn laps(rules: &str) -> Vec<String> {
    warnings(&[(LAPS, rules)])
}

#[test]
fn base_has_no_warning() {
    assert_eq!(warnings(&[]), Vec::<String>::new());
}

/// A later rule that a landing can still reach is not warned about, however alike the two
/// rules look.
#[test]
fn later_lap_rules_that_can_still_apply() {
    let cases = [
        // More general after more specific: the usual order.
        "when the last seed lands in an occupied own inner hole: capture frontal
         when the last seed lands in an occupied hole: relay",
        // The earlier rule asks for a fact the later one does not.
        "when the last seed lands in an occupied hole and the opposite inner hole is occupied: capture frontal
         when the last seed lands in an occupied hole: relay",
        // Overlapping counts: 4 or more seeds are left for the later rule.
        "when the last seed lands in a hole and the landing hole holds 2 or 3 seeds: relay
         when the last seed lands in a hole and the landing hole holds at least 3 seeds: capture frontal",
        // Empty before the seed fell is 1 seed after it: 2 is left for the later rule.
        "when the last seed lands in an empty hole: capture frontal
         when the last seed lands in a hole and the landing hole holds 1 or 2 seeds: relay",
        // Another row.
        "when the last seed lands in an occupied outer hole: relay
         when the last seed lands in an occupied inner hole: capture frontal",
        // The same words but a different fact about the next hole.
        "when the last seed lands in an occupied hole and the next hole is empty: relay
         when the last seed lands in an occupied hole and the next hole is occupied: capture frontal",
        // Two rules that together cover all but the opposite hole holding exactly 1 seed.
        "when the last seed lands in an occupied hole and the opposite inner hole is empty: relay
         when the last seed lands in an occupied hole and the opposite inner hole holds at least 2 seeds: relay
         when the last seed lands in an occupied hole: capture frontal",
        // The chosen hole's count is another dimension from the landing hole's.
        "when the last seed lands in an occupied hole and the chosen hole held at least 3 seeds: relay
         when the last seed lands in an occupied hole and the landing hole holds at least 3 seeds: capture frontal",
    ];
    for case in cases {
        assert_eq!(laps(&format!("        {case}\n")), Vec::<String>::new(), "{case}");
    }
}

/// On a circuit of the mover's own rows every landing is the mover's: `own` says nothing
/// more, and a rule after `… own hole` with nothing else is shadowed. On a shared circuit the
/// opponent's holes are left for it.
#[test]
fn own_rows_leave_no_landing_on_the_opponents_side() {
    let rules = "        when the last seed lands in an occupied own hole: relay
        when the last seed lands in an occupied hole: capture frontal
";
    assert_eq!(laps(rules), ["sow::warning::shadowed_lap_rule"]);
    let shared = [
        (LAPS, rules),
        ("board 4 rows of 8 holes", "board 2 rows of 8 holes"),
        ("rows outer, inner", "row inner"),
        ("circuit own rows", "circuit all rows"),
        ("take the opposite inner hole", "take the opposite hole"),
    ];
    // No rule is shadowed; the capture of the opposite hole after a landing on either side is
    // warned of (on the opponent's side, that is the landing hole: blind test 26, fault 1).
    assert_eq!(warnings(&shared), ["sow::warning::opposite_is_landing"]);
}

/// `otherwise` is reached by a landing in the mover's store when the circuit passes it, even
/// when every landing in a hole is taken by a `when` rule.
#[test]
fn otherwise_after_rules_for_every_hole() {
    let rules = "        when the last seed lands in an occupied hole: relay
        when the last seed lands in an empty hole: stop
        otherwise: move again
";
    assert_eq!(laps(rules), ["sow::warning::unreachable_otherwise"]);
    // Without `otherwise` written, there is nothing to warn about.
    let unwritten = "        when the last seed lands in an occupied hole: relay
        when the last seed lands in an empty hole: stop
";
    assert_eq!(laps(unwritten), Vec::<String>::new());
    let through_store = [
        (LAPS, rules),
        ("board 4 rows of 8 holes, no stores", "board 2 rows of 8 holes, a store for each player"),
        ("rows outer, inner", "row inner"),
        ("circuit own rows anticlockwise", "circuit all rows anticlockwise, through the mover's store"),
        ("take the opposite inner hole", "take the opposite hole"),
    ];
    assert_eq!(warnings(&through_store), Vec::<String>::new());
    // A rule for every hole leaves a landing in the store to `otherwise`: no error either.
    let every_hole = "        when the last seed lands in a hole: stop
        otherwise: move again
";
    let mut through_store = through_store;
    through_store[0] = (LAPS, every_hole);
    assert_eq!(warnings(&through_store), Vec::<String>::new());
}

/// A rule shadowed at some values of a parameter but not at others is not warned about:
/// with `least` = 3 the first rule takes every landing the second describes, with 4 not.
#[test]
fn a_rule_shadowed_only_at_some_parameter_values() {
    let fixed =
        "        when the last seed lands in a hole and the landing hole holds at least 3 seeds: relay
        when the last seed lands in a hole and the landing hole holds 3 seeds: capture frontal
";
    assert_eq!(laps(fixed), ["sow::warning::shadowed_lap_rule"]);
    let param = fixed.replace("at least 3", "at least least");
    assert_eq!(laps(&param), Vec::<String>::new());
}

/// A rule restated first in a ruleset can shadow a rule of the base game: the warning is
/// given for the ruleset.
#[test]
fn a_rule_restated_first_shadows_one_of_the_base_game() {
    let ruleset = "    ruleset \"greedy\" {
        after each lap, first: when the last seed lands in an own inner hole: capture frontal
    }
}
";
    let text = format!("{}{ruleset}", BASE.trim_end().strip_suffix('}').unwrap());
    let (_, warned) = sow::check_with_warnings("warned.sow", &text).unwrap();
    let codes: Vec<String> =
        warned.warnings.iter().map(|w| miette::Diagnostic::code(w).unwrap().to_string()).collect();
    assert_eq!(codes, ["sow::warning::shadowed_lap_rule"]);
    // The base game alone compiles without it.
    let (_, base) = sow::compile_with_warnings("warned.sow", &text, &sow::Options::default()).unwrap();
    assert!(base.is_empty());
}

/// End rules that agree on every position are not warned about.
#[test]
fn end_rules_that_agree() {
    // Without stores or hands, a player with no seeds has none anywhere: the score names the
    // other player too.
    let scored_blocked = (
        "a player who cannot move loses",
        "a player who cannot move ends the game and the player with more seeds wins",
    );
    assert_eq!(warnings(&[scored_blocked]), Vec::<String>::new());
    // With seeds kept in a hand, it may not.
    let hand = (
        "take the opposite inner hole\n",
        "take the opposite inner hole\n        put the taken seeds in the mover's hand\n",
    );
    assert_eq!(warnings(&[scored_blocked, hand]), ["sow::warning::conflicting_end_rules"]);
    // Both scored: no conflict, hand or not.
    let both_scored = (
        "a player with no seeds loses",
        "a player with no seeds ends the game and the player with more seeds wins",
    );
    assert_eq!(warnings(&[scored_blocked, hand, both_scored]), Vec::<String>::new());
    // A row empty and a player with no seeds: both lose.
    let row = (
        "a repeated position is a draw",
        "a repeated position is a draw\n        a player whose inner row is empty loses",
    );
    assert_eq!(warnings(&[row, hand]), Vec::<String>::new());
    // Passing on offer: a player with no seeds is never blocked.
    let pass = (
        "a repeated position is a draw",
        "a repeated position is a draw\n        a player may pass and lose",
    );
    assert_eq!(warnings(&[scored_blocked, hand, pass]), Vec::<String>::new());
}

/// A game whose seeds leave the board, or that ends on a repetition or a turn limit, is not
/// warned about; one whose seeds never leave and that has neither is.
#[test]
fn ways_to_end() {
    let no_repetition = ("        a repeated position is a draw\n", "");
    // The capture takes seeds out of play.
    assert_eq!(warnings(&[no_repetition]), Vec::<String>::new());
    let sown_on = (
        "take the opposite inner hole\n",
        "take the opposite inner hole\n        put the taken seeds into the origin hole and sow them on, one lap\n",
    );
    assert_eq!(warnings(&[no_repetition, sown_on]), ["sow::warning::no_way_to_end"]);
    assert_eq!(warnings(&[sown_on]), Vec::<String>::new());
    let limit = ("        a repeated position is a draw\n", "        after 2500 turns the game is a draw\n");
    assert_eq!(warnings(&[limit, sown_on]), Vec::<String>::new());
    // Sown on, but a strip after the capture takes seeds off the board.
    let strip = ("one lap\n", "one lap\n        then strip 1 seed from the opponent's territory\n");
    assert_eq!(warnings(&[no_repetition, sown_on, strip]), Vec::<String>::new());
}

/// A game whose captured seeds go to the mover's store, so that a player with no seeds on
/// their side may still have the higher score; its end rules are put in for `{END}`.
const STORED: &str = r#"game "Stored" {
    board 2 rows of 6 holes, a store for each player
    territory each player owns row home
    setup { 4 in every hole }
    circuit all rows anticlockwise
    choose { own hole with at least 1 seed }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an empty own hole
            and the opposite hole is occupied: capture across
    }
    capture across {
        take the opposite hole
        put the taken seeds in the mover's store
    }
    end {
        {END}
        a repeated position is a draw
    }
}
"#;

/// Each pair of end rules in the table of `conflicting_end_rules` (src/compile/warning.rs),
/// on a game where seeds are kept in stores: how many conflicts each set of rules has.
#[test]
fn every_conflicting_pair_of_end_rules() {
    const NO_SEEDS: &str = "a player with no seeds loses";
    const NO_SEEDS_SCORED: &str = "a player with no seeds ends the game and the player with more seeds wins";
    const BLOCKED: &str = "a player who cannot move loses";
    const BLOCKED_SCORED: &str = "a player who cannot move ends the game and the player with more seeds wins";
    const ROW: &str = "a player whose home row is empty loses";
    const ONE_HOLE: &str = "a player with all their seeds in one hole wins";
    const MAJORITY: &str =
        "a store with more than half the seeds ends the game and the player with more seeds wins";
    const PASS: &str = "a player may pass and lose";
    let cases: [(&[&str], usize); 10] = [
        (&[NO_SEEDS, BLOCKED_SCORED], 1),
        (&[NO_SEEDS_SCORED, BLOCKED], 1),
        (&[NO_SEEDS_SCORED, ROW, BLOCKED_SCORED], 2),
        (&[NO_SEEDS_SCORED, ONE_HOLE, BLOCKED_SCORED], 1),
        (&[NO_SEEDS, MAJORITY, BLOCKED_SCORED], 2),
        (&[ROW, MAJORITY, BLOCKED_SCORED], 2),
        (&[ONE_HOLE, MAJORITY, BLOCKED_SCORED], 1),
        (&[MAJORITY, BLOCKED], 1),
        // All scored: they agree.
        (&[NO_SEEDS_SCORED, MAJORITY, BLOCKED_SCORED], 0),
        // Passing on offer: no player is ever blocked in the main game.
        (&[NO_SEEDS, BLOCKED_SCORED, PASS], 0),
    ];
    for (rules, conflicts) in cases {
        let text = STORED.replace("{END}", &rules.join("\n        "));
        let (_, warned) = sow::check_with_warnings("stored.sow", &text)
            .unwrap_or_else(|e| panic!("{}", crate::common::render(&e)));
        let codes: Vec<String> =
            warned.warnings.iter().map(|w| miette::Diagnostic::code(w).unwrap().to_string()).collect();
        assert_eq!(codes, vec!["sow::warning::conflicting_end_rules"; conflicts], "{rules:?}");
    }
    // Without stores (captured seeds out of play) the same rules agree, but for a row empty
    // beside all seeds in one hole, which needs two rows a side (the fixture
    // `row_empty_and_one_hole.sow`).
    for (rules, _) in cases.iter().filter(|(rules, _)| !rules.contains(&MAJORITY)) {
        let text = STORED
            .replace("{END}", &rules.join("\n        "))
            .replace("        put the taken seeds in the mover's store\n", "");
        let (_, warned) = sow::check_with_warnings("stored.sow", &text).unwrap();
        assert!(warned.is_empty(), "{rules:?}: {}", crate::common::render(&warned));
    }
}

/// A sowing that may go on from lap to lap needs a stated lap limit; one that always ends
/// after its first lap does not.
#[test]
fn lap_limits() {
    const LIMIT: &str = "    after 1000 laps a sowing is endless\n";
    assert_eq!(warnings(&[(LIMIT, "")]), ["sow::warning::unstated_lap_limit"]);
    // No lap relays: every sowing ends after one lap.
    let no_relay = (
        "when the last seed lands in an occupied hole: relay",
        "when the last seed lands in an occupied hole: stop",
    );
    assert_eq!(warnings(&[(LIMIT, ""), no_relay]), Vec::<String>::new());
    // The mover may relay, or the next hole is lifted: a sowing may still go on.
    for relay in ["relay from the next hole", "may stop"] {
        let rule = ("occupied hole: relay", &*format!("occupied hole: {relay}"));
        assert_eq!(warnings(&[(LIMIT, ""), rule]), ["sow::warning::unstated_lap_limit"], "{relay}");
    }
    // Captured seeds sown on as a lap of their own go on under the lap rules.
    let sown_on = (
        "        take the opposite inner hole\n",
        "        take the opposite inner hole\n        put the taken seeds into the origin hole and sow them on\n",
    );
    assert_eq!(warnings(&[(LIMIT, ""), no_relay, sown_on]), ["sow::warning::unstated_lap_limit"]);
    // Sown on for one lap only, they end the sowing.
    let one_lap = (
        sown_on.0,
        "        take the opposite inner hole\n        put the taken seeds into the origin hole and sow them on, one lap\n",
    );
    assert_eq!(warnings(&[(LIMIT, ""), no_relay, one_lap]), Vec::<String>::new());
}

/// A rule read as each seed falls (`when a seed lands in …`) still applies to the seeds
/// before the last where an earlier rule takes every landing of the last seed it describes
/// (blind test 8, fault 1); it is shadowed only where earlier rules take its landings at
/// both: a rule read as each seed falls, or one before the last seed together with one at
/// the last.
#[test]
fn a_rule_read_as_each_seed_falls_is_shadowed_only_at_every_seed() {
    let at_last =
        "        when the last seed lands in a hole and the landing hole holds 4 seeds: capture frontal
        when a seed lands in a hole and the landing hole holds 4 seeds: capture frontal
        when the last seed lands in an occupied hole: relay
";
    assert_eq!(laps(at_last), Vec::<String>::new());
    let every = "        when a seed lands in a hole and the landing hole holds 4 seeds: capture frontal
        when a seed lands in a hole and the landing hole holds 4 seeds: capture frontal
        when the last seed lands in an occupied hole: relay
";
    assert_eq!(laps(every), ["sow::warning::shadowed_lap_rule"]);
    let both = "        when a seed before the last lands in a hole and the landing hole holds 4 seeds: capture frontal
        when the last seed lands in a hole and the landing hole holds 4 seeds: capture frontal
        when a seed lands in a hole and the landing hole holds 4 seeds: capture frontal
        when the last seed lands in an occupied hole: relay
";
    assert_eq!(laps(both), ["sow::warning::shadowed_lap_rule"]);
}

/// `sow::warning::endless_phase` (the fixture `warn/endless_phase.sow`) is not given where
/// the end rules say that a player whose every sowing is endless is blocked (blind test 20:
/// Kisolo (Lali) means it, and could not pass `--deny-warnings`); the game is the same.
#[test]
fn an_endless_phase_meant_by_the_rules_is_not_warned_of() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/warn/endless_phase.sow"
    ))
    .unwrap();
    let codes = |text: &str| match sow::check_with_warnings("endless.sow", text) {
        Ok((rules, w)) => (
            rules,
            w.warnings.iter().map(|w| miette::Diagnostic::code(w).unwrap().to_string()).collect::<Vec<_>>(),
        ),
        Err(e) => panic!("{}", crate::common::render(&e)),
    };
    let (plain, warned) = codes(&text);
    assert_eq!(warned, ["sow::warning::endless_phase"]);
    let meant = text.replace(
        "a player who cannot move loses",
        "a player who cannot move, or whose every sowing is endless, loses",
    );
    let (meant, warned) = codes(&meant);
    assert!(warned.is_empty(), "{warned:?}");
    assert!(plain[0].model() == meant[0].model());
}
