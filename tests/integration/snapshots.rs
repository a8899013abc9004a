//! Snapshots of what the compiler and engine produce for the bundled rules: the compiled
//! dump of every ruleset and board size, start positions, and fixed-seed random games.

use sow::ai::{Agent, RandomAgent};
use sow::record::write_record;
use sow::{Game, Player};

use crate::common;

/// The rulesets and parameters pinned for each bundled file.
const CASES: &[(&str, Option<&str>, &[&str], &str)] = &[
    ("nsolo", None, &["columns=8"], "nsolo_8"),
    ("nsolo", None, &["columns=36"], "nsolo_36"),
    ("nsolo", Some("sanderson-1913"), &[], "nsolo_sanderson_10"),
    ("nsolo", Some("sanderson-1913"), &["columns=20"], "nsolo_sanderson_20"),
];

#[test]
fn compiled_dumps() {
    for &(file, ruleset, params, name) in CASES {
        let rules = common::rules(file, ruleset, params);
        insta::assert_snapshot!(format!("dump_{name}"), rules.model().to_string());
    }
}

/// The compiled dump of every other bundled file and ruleset, at its default parameters.
#[test]
fn bundled_dumps() {
    for file in sow::bundled::bundled_names() {
        let base = common::rules(file, None, &[]);
        let names = std::iter::once(None).chain(base.meta().rulesets.iter().map(|r| Some(r.as_str())));
        for ruleset in names {
            if CASES.iter().any(|&(f, r, params, _)| f == file && r == ruleset && params.len() <= 1) {
                continue;
            }
            let rules = common::rules(file, ruleset, &[]);
            let name = match ruleset {
                None => format!("bundled_{file}"),
                Some(r) => format!("bundled_{file}@{r}"),
            };
            insta::assert_snapshot!(name, rules.model().to_string());
        }
    }
}

#[test]
fn start_pictures() {
    for &(file, ruleset, params, name) in CASES {
        let rules = common::rules(file, ruleset, params);
        insta::assert_snapshot!(format!("start_{name}"), rules.picture(&rules.start()));
    }
}

/// A random game from a seed, as a record followed by the final position.
fn transcript(file: &str, ruleset: Option<&str>, params: &[&str], seed: u64) -> String {
    let rules = common::rules(file, ruleset, params);
    let mut game = Game::new(&rules);
    let mut agents = [RandomAgent::new(seed), RandomAgent::new(seed + 1)];
    while game.outcome().is_none() {
        let me = game.state().to_move();
        let moves = game.legal_moves();
        let mv = agents[me.index()].choose(&rules, game.state(), &moves);
        game.play(mv).expect("a legal move applies");
    }
    let tags = [
        ("Game", rules.meta().name.clone()),
        ("Rules", file.to_string()),
        ("Params", params.join(",")),
        ("South", format!("random (seed {seed})")),
        ("North", format!("random (seed {})", seed + 1)),
    ];
    let mut out = write_record(&game, &tags);
    out.push('\n');
    out.push_str(&rules.picture(game.state()));
    for p in Player::BOTH {
        out.push_str(&format!("{p} captured {}\n", game.state().captured()[p]));
    }
    out
}

#[test]
fn random_game_transcripts() {
    insta::assert_snapshot!("transcript_nsolo_8_seed_1", transcript("nsolo", None, &["columns=8"], 1));
    insta::assert_snapshot!("transcript_nsolo_8_seed_2", transcript("nsolo", None, &["columns=8"], 2));
    insta::assert_snapshot!(
        "transcript_nsolo_sanderson_10_seed_3",
        transcript("nsolo", Some("sanderson-1913"), &["columns=10"], 3)
    );
    // Holes that belong by the colour of their seeds: the record and the picture say whose
    // seeds each hole holds.
    insta::assert_snapshot!("transcript_ngulungu_seed_1", transcript("ngulungu", None, &[], 1));
}

/// What `sow show` prints says every difference between a file's rulesets that their
/// models hold: `sow diff` (which compares those words) finds a difference exactly where the
/// models differ beyond their names and parameters.
#[test]
fn show_words_every_difference_between_rulesets() {
    use sow::analysis::diff::{diff, same_rules};
    for file in sow::bundled::bundled_names() {
        let base = common::rules(file, None, &[]);
        for ruleset in &base.meta().rulesets {
            let other = common::rules(file, Some(ruleset), &[]);
            let worded = !diff(base.model(), other.model()).is_empty();
            assert_eq!(
                worded,
                !same_rules(base.model(), other.model()),
                "{file} and its ruleset {ruleset}: the models differ, the words do not (or the reverse)"
            );
        }
    }
}

/// `, unless it holds 1 seed` after `starting with the chosen hole` is shown, and so told
/// apart by `sow diff` (blind test 18, fault 1: both were silent).
#[test]
fn show_words_a_sowing_started_in_the_hole_unless_it_holds_one() {
    use sow::analysis::diff::diff;
    let text = |unless: &str| {
        format!(
            "game \"T\" {{\n    board 2 rows of 3 holes, no stores\n    territory each player owns row house\n    setup {{\n        2 in every hole\n    }}\n    circuit all rows anticlockwise\n    choose {{\n        own hole with at least 1 seed\n    }}\n    sow all seeds starting with the chosen hole{unless}\n    end {{\n        a player who cannot move loses\n        a repeated position is a draw\n    }}\n}}\n"
        )
    };
    let compile = |t: &str| sow::compile("t.sow", t, &sow::Options::new(None, &[])).expect("valid");
    let (with, without) = (compile(&text(", unless it holds 1 seed")), compile(&text("")));
    assert!(
        with.model()
            .to_string()
            .contains("sown starting with that hole (from the next hole where it holds 1 seed)"),
        "{}",
        with.model()
    );
    assert!(!diff(with.model(), without.model()).is_empty());
}
