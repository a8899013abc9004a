//! Perft tables from `tests/perft/*.perft`, and the hand check of their first depths.
//!
//! Hand check, base game on 4×8 (DESIGN §4). Depth 1: South may sow any hole holding two or
//! more seeds: a1–a8 and b1–b7 (b8 starts empty), 15 decisions. Depth 2: after a sowing
//! that captures, the next ply is South's first strip pick; otherwise it is North's first
//! sowing. Every capture from the start takes 2 seeds from one of c2–c8, leaving North 14
//! occupied holes of 2 seeds each; a strip of 2 may start at any of them (each has at least
//! 2 seeds from itself onward), so 14 picks. A quiet first move leaves North its 15 holes
//! with 2 seeds (d1–d8, c2–c8), so 15 sowings. `sow perft nsolo --depth 2 --divide` shows
//! 8 capturing first moves (a1 a4 a5 a6 a7 b3 b6 b7) and 7 quiet ones: 8 × 14 + 7 × 15 =
//! 217. For example a1: 2 seeds to a2, a3 (a3 now 3, occupied: relay); 3 to a4, a5, a6
//! (relay 3); 3 to a7, a8, b8 — b8 was empty, it is South's inner row and c8 holds 2: a
//! capture of 2. On 4×36 the same reasoning gives 36 + 35 = 71 at depth 1 and
//! 46 × 70 + 25 × 71 = 4995 at depth 2.

use sow::engine::Position;

use crate::common;

/// Leaves counted in the normal test run; deeper lines run in the ignored test.
const NODE_LIMIT: u64 = 2_000_000;

struct Table {
    file: String,
    ruleset: Option<String>,
    params: Vec<String>,
    lines: Vec<(u32, u64)>,
}

fn tables() -> Vec<Table> {
    let dir = format!("{}/tests/perft", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> =
        std::fs::read_dir(&dir).expect("tests/perft exists").map(|e| e.unwrap().path()).collect();
    paths.sort();
    let mut tables = Vec::new();
    for path in paths.iter().filter(|p| p.extension().is_some_and(|e| e == "perft")) {
        let text = std::fs::read_to_string(path).unwrap();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let (key, value) = line.split_once(' ').unwrap_or_else(|| panic!("bad line `{line}`"));
            match key {
                "rules" => tables.push(Table {
                    file: value.trim_end_matches(".sow").to_string(),
                    ruleset: None,
                    params: Vec::new(),
                    lines: Vec::new(),
                }),
                "ruleset" => tables.last_mut().unwrap().ruleset = Some(value.to_string()),
                "param" => tables.last_mut().unwrap().params.push(value.to_string()),
                "perft" => {
                    let (d, n) = value.split_once(' ').unwrap();
                    tables.last_mut().unwrap().lines.push((d.parse().unwrap(), n.parse().unwrap()));
                }
                other => panic!("unknown key `{other}` in {}", path.display()),
            }
        }
    }
    tables
}

fn run(limit: u64) {
    let tables = tables();
    assert!(tables.len() >= 4, "perft tables missing");
    for t in tables {
        let params: Vec<&str> = t.params.iter().map(String::as_str).collect();
        let rules = common::rules(&t.file, t.ruleset.as_deref(), &params);
        let mut start = Position::new(&rules);
        for &(depth, expected) in t.lines.iter().filter(|(_, n)| *n <= limit) {
            let got = start.perft(depth);
            assert_eq!(got, expected, "perft {depth} of {} {:?} {:?}", t.file, t.ruleset, t.params);
        }
    }
}

#[test]
fn perft_tables() {
    run(NODE_LIMIT);
}

#[test]
#[ignore = "deep perft: billions of leaves for Makonn and Lisolo, minutes in release; run with --ignored"]
fn perft_tables_deep() {
    run(u64::MAX);
}

/// Every bundled rules file has a table for its base game and each ruleset, at the default
/// parameters, with depths 1 to 4 at least.
#[test]
fn every_bundled_ruleset_has_a_table() {
    let tables = tables();
    for file in sow::bundled::bundled_names() {
        let base = common::rules(file, None, &[]);
        let names = std::iter::once(None).chain(base.meta().rulesets.iter().map(|r| Some(r.as_str())));
        for ruleset in names {
            let covered = tables.iter().any(|t| {
                t.file == file
                    && t.ruleset.as_deref() == ruleset
                    && at_defaults(t)
                    && (1..=4).all(|d| t.lines.iter().any(|&(depth, _)| depth == d))
            });
            assert!(covered, "no perft table (depths 1-4, default parameters) for {file} {ruleset:?}");
        }
    }
}

/// Whether a table's parameters are the defaults (given or not).
fn at_defaults(t: &Table) -> bool {
    let params: Vec<&str> = t.params.iter().map(String::as_str).collect();
    common::rules(&t.file, t.ruleset.as_deref(), &params).params().iter().all(|p| p.value == p.default)
}
