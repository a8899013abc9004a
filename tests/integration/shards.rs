//! Runs played in shards and merged (`sow::analysis::parts`) give the figures of the run
//! played whole, whatever the number of shards, their order and their threads; and every set
//! of parts that is not one whole run is refused with a message that names the part.

use std::time::Duration;

use sow::Rules;
use sow::ai::AgentSpec;
use sow::analysis::compare::{CompareConfig, GameFigures, Summary, trace_games};
use sow::analysis::matches::{MatchConfig, play_match};
use sow::analysis::parts::{
    self, Kind, MergeError, Merged, Part, Records, Variant, compare_part, match_part, merge,
};
use sow::analysis::report::{self, CompareReport, ComparedVariant, MatchReport, Timing};
use sow::analysis::shard::Shard;
use sow::session::describe;

use crate::common::rules;

/// The text without its time line, the only one that differs between a run played whole
/// and its shards merged.
fn without_time(text: &str) -> String {
    text.lines().filter(|l| !l.trim_start().starts_with("time")).collect::<Vec<_>>().join("\n")
}

/// JSON figures without the seconds and what is computed from them.
fn without_seconds(mut value: serde_json::Value) -> serde_json::Value {
    if let Some(object) = value.as_object_mut() {
        for key in ["seconds", "games_per_second", "summed_over_shards", "threads"] {
            object.remove(key);
        }
        for (_, v) in object.iter_mut() {
            *v = without_seconds(v.take());
        }
    } else if let Some(array) = value.as_array_mut() {
        for v in array.iter_mut() {
            *v = without_seconds(v.take());
        }
    }
    value
}

/// Two variants, one of them a ruleset of a rules file with several.
fn two_variants() -> Vec<(&'static str, Rules)> {
    vec![
        ("nsolo:sanderson-1913", rules("nsolo", Some("sanderson-1913"), &[])),
        ("tsoro", rules("tsoro", None, &[])),
    ]
}

fn compare_config(games: u32, threads: usize) -> CompareConfig {
    CompareConfig { games, seed: 11, threads, max_plies: 100_000, agent: AgentSpec::Random }
}

/// The comparison played whole, straight from the traces (not through parts).
fn compare_whole(variants: &[(&str, Rules)], games: u32) -> CompareReport {
    let config = compare_config(games, 2);
    CompareReport {
        games,
        seed: config.seed,
        agents: "random".to_string(),
        max_plies: config.max_plies,
        variants: variants
            .iter()
            .map(|(label, rules)| {
                let (traces, elapsed) = trace_games(rules, config, |_| {});
                let figures: Vec<GameFigures> = traces.iter().map(GameFigures::of).collect();
                ComparedVariant {
                    label: label.to_string(),
                    game: describe(rules),
                    summary: Summary::new(rules.total_seeds(), &figures, elapsed),
                }
            })
            .collect(),
        timing: Timing::Wall { threads: 2 },
    }
}

/// Every shard of `count` of the comparison, each on 1 or 2 threads, in a shuffled order.
fn compare_shards(variants: &[(&str, Rules)], games: u32, count: u32) -> Vec<Part> {
    let descriptions: Vec<String> = variants.iter().map(|(_, r)| describe(r)).collect();
    let playing: Vec<Variant<'_>> = variants
        .iter()
        .zip(&descriptions)
        .map(|((label, rules), game)| Variant { label, game, rules })
        .collect();
    let mut parts: Vec<Part> = Shard::all(count)
        .map(|shard| {
            let config = compare_config(games, 1 + shard.index as usize % 2);
            compare_part(&playing, &config, shard, |_| {})
        })
        .collect();
    // Any order: the last first, then every other.
    parts.rotate_right(1);
    parts.reverse();
    parts
}

fn summary_without_time(s: &Summary) -> String {
    format!("{:?}", Summary { elapsed: Duration::ZERO, ..s.clone() })
}

#[test]
fn compare_shards_merged_are_the_run_played_whole() {
    let variants = two_variants();
    let games = 24;
    let whole = compare_whole(&variants, games);
    for count in [1, 2, 4, 30] {
        let parts = compare_shards(&variants, games, count);
        let seconds: f64 = parts.iter().map(|p| p.variants[1].seconds).sum();
        let Merged::Compare(merged) = merge(parts).expect("one whole run") else { panic!("a comparison") };
        assert_eq!(merged.timing, Timing::Summed { shards: count });
        assert_eq!(merged.variants[1].summary.elapsed, Duration::from_secs_f64(seconds));
        for (m, w) in merged.variants.iter().zip(&whole.variants) {
            assert_eq!((&m.label, &m.game), (&w.label, &w.game));
            // Every figure, to the last bit.
            assert_eq!(summary_without_time(&m.summary), summary_without_time(&w.summary), "{count} shards");
        }
        let table = report::compare_table(&merged);
        assert_eq!(without_time(&table), without_time(&report::compare_table(&whole)), "{count} shards");
        let plural = if count == 1 { "" } else { "s" };
        assert!(table.contains(&format!("\ntime: summed over {count} shard{plural}: nsolo:sanderson-1913 ")));
        assert_eq!(
            without_time(&report::compare_markdown(&merged)),
            without_time(&report::compare_markdown(&whole))
        );
        assert_eq!(
            without_seconds(report::compare_json(&merged)),
            without_seconds(report::compare_json(&whole))
        );
        assert_eq!(report::compare_json(&merged)["summed_over_shards"], count);
    }
}

#[test]
fn a_part_written_and_read_back_merges_the_same() {
    let variants = two_variants();
    let parts = compare_shards(&variants, 9, 2);
    let read: Vec<Part> = parts
        .iter()
        .enumerate()
        .map(|(i, p)| Part::from_json(&format!("part-{i}.json"), &p.to_json()).expect("a part"))
        .collect();
    for (p, r) in parts.iter().zip(&read) {
        assert_eq!(&Part { source: None, ..r.clone() }, p);
    }
    assert_eq!(merge(read).expect("one run"), merge(parts).expect("one run"));
}

fn match_config(games: u32, threads: usize) -> MatchConfig {
    MatchConfig { a: AgentSpec::Greedy, b: AgentSpec::Random, games, seed: 5, threads, max_plies: 100_000 }
}

#[test]
fn match_shards_merged_are_the_match_played_whole() {
    for (label, rules) in two_variants() {
        let game = describe(&rules);
        let games = 14;
        let stats = play_match(&rules, match_config(games, 2), |_| {});
        let whole = MatchReport {
            label: label.to_string(),
            game: game.clone(),
            seed: 5,
            a: "greedy".to_string(),
            b: "random".to_string(),
            max_plies: 100_000,
            stats,
            timing: Timing::Wall { threads: 2 },
        };
        let variant = Variant { label, game: &game, rules: &rules };
        for count in [1, 2, 4, 20] {
            let mut parts: Vec<Part> = Shard::all(count)
                .map(|shard| {
                    match_part(&variant, &match_config(games, 1 + shard.index as usize % 2), shard, |_| {})
                })
                .collect();
            parts.reverse();
            let Merged::Match(merged) = merge(parts).expect("one whole match") else { panic!("a match") };
            assert_eq!(merged.stats.games, whole.stats.games, "{label}, {count} shards");
            let text = report::match_text(&merged);
            assert_eq!(
                without_time(&text),
                without_time(&report::match_text(&whole)),
                "{label}, {count} shards"
            );
            assert!(text.contains(&format!("\n  time summed over {count} shard")), "{text}");
            assert_eq!(
                without_seconds(report::match_json(&merged)),
                without_seconds(report::match_json(&whole))
            );
        }
    }
}

/// Parts of a small comparison of two variants, in four shards, named as files.
fn four_parts() -> Vec<Part> {
    let variants = two_variants();
    let mut parts = compare_shards(&variants, 6, 4);
    parts.sort_by_key(|p| p.shard);
    for p in &mut parts {
        p.source = Some(format!("part-{}.json", p.shard.index));
    }
    parts
}

fn refusal(parts: Vec<Part>) -> String {
    match merge(parts) {
        Ok(_) => panic!("merged"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn merge_refuses_what_is_not_one_whole_run() {
    assert_eq!(merge(Vec::new()), Err(MergeError::NoParts));
    assert_eq!(refusal(Vec::new()), "no parts to merge");

    let mut parts = four_parts();
    parts.remove(2);
    assert_eq!(refusal(parts), "shard 3/4 is missing");
    let mut parts = four_parts();
    parts.retain(|p| p.shard.index == 4);
    assert_eq!(refusal(parts), "shards 1/4, 2/4 and 3/4 are missing");

    let mut parts = four_parts();
    let mut again = parts[1].clone();
    again.source = Some("copy-of-part-2.json".to_string());
    parts.push(again);
    assert_eq!(refusal(parts), "shard 2/4 is given twice: `part-2.json` and `copy-of-part-2.json`");

    // Parts from Python carry no file name: they are named by their shard.
    let mut parts = four_parts();
    for p in &mut parts {
        p.source = None;
    }
    parts[3].seed = 12;
    assert_eq!(refusal(parts), "shard 4/4 is not of the same run as shard 1/4: seed 12 against 11");

    let other = |change: fn(&mut Part)| {
        let mut parts = four_parts();
        change(&mut parts[2]);
        refusal(parts)
    };
    assert_eq!(
        other(|p| p.max_plies = 50),
        "`part-3.json` is not of the same run as `part-1.json`: --max-plies 50 against 100000"
    );
    assert_eq!(
        other(|p| p.agents = vec!["greedy".to_string()]),
        "`part-3.json` is not of the same run as `part-1.json`: agents greedy against random"
    );
    assert_eq!(
        other(|p| p.variants.swap(0, 1)),
        "`part-3.json` is not of the same run as `part-1.json`: variants tsoro nsolo:sanderson-1913 against nsolo:sanderson-1913 tsoro"
    );
    assert_eq!(
        other(|p| p.variants[1].game = "Tsoro (columns = 10)".to_string()),
        "`part-3.json` is not of the same run as `part-1.json`: `tsoro` is Tsoro (columns = 10) against Tsoro (columns = 8)"
    );
    assert_eq!(
        other(|p| p.variants[1].total_seeds = 3),
        "`part-3.json` is not of the same run as `part-1.json`: `tsoro` starts with 3 seeds against 32"
    );

    // A shard of another split of the same run.
    let variants = two_variants();
    let mut parts = four_parts();
    let mut third = compare_shards(&variants, 6, 3).remove(0);
    third.source = Some("of-three.json".to_string());
    parts[1] = third;
    let shard = parts[1].shard;
    assert_eq!(
        refusal(parts),
        format!(
            "`of-three.json` is shard {shard}, but `part-1.json` is shard 1/4: a run is split into one number of shards"
        )
    );
    // More games: the same shard count, another run.
    let mut parts = four_parts();
    parts[3] = compare_shards(&variants, 8, 4).into_iter().find(|p| p.shard.index == 4).expect("shard 4");
    assert_eq!(refusal(parts), "shard 4/4 is not of the same run as `part-1.json`: 8 games against 6");
}

#[test]
fn merge_refuses_mixed_kinds_and_parts_of_other_formats() {
    let (label, rules) = two_variants().remove(1);
    let game = describe(&rules);
    let variant = Variant { label, game: &game, rules: &rules };
    let mut a_match = match_part(&variant, &match_config(6, 1), Shard { index: 2, count: 4 }, |_| {});
    a_match.source = Some("match-2.json".to_string());
    let mut parts = four_parts();
    parts[1] = a_match;
    assert_eq!(refusal(parts), "`match-2.json` is a part of a match run, but `part-1.json` of a compare run");

    let mut parts = four_parts();
    parts[0].format = "other-part".to_string();
    assert_eq!(
        refusal(parts),
        "`part-1.json` is not a sow part of version 1: its format is `other-part`, version 1"
    );
    let mut parts = four_parts();
    parts[3].version = 2;
    assert_eq!(
        refusal(parts),
        "`part-4.json` is not a sow part of version 1: its format is `sow-part`, version 2"
    );

    // A part whose records do not fit its shard or its kind.
    let mut parts = four_parts();
    if let Records::Compare(games) = &mut parts[1].variants[0].records {
        games.pop();
    }
    assert_eq!(
        refusal(parts),
        "`part-2.json` is not well formed: `nsolo:sanderson-1913` has 1 games, but shard 2/4 of 6 games has 2 (games 1..3)"
    );
    let mut parts = four_parts();
    parts[1].variants[0].records = Records::Match(Vec::new());
    assert_eq!(
        refusal(parts),
        "`part-2.json` is not well formed: `nsolo:sanderson-1913` has the records of a match run in a compare part"
    );
    let mut parts = four_parts();
    parts[1].kind = Kind::Match;
    assert_eq!(refusal(parts), "`part-2.json` is not well formed: a match run has 2 agents, not 1");
}

fn read_error(text: &str) -> String {
    match Part::from_json("p.json", text) {
        Ok(_) => panic!("read as a part"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn files_that_are_not_parts_are_named_and_placed() {
    assert_eq!(
        read_error(
            "{\n  \"format\": \"sow-part\",\n  \"version\": 1,\n  \"kind\": \"compare\"\n  \"games\": 4\n}"
        ),
        "`p.json` is not valid JSON: expected `,` or `}` (line 5, column 3)"
    );
    assert_eq!(read_error(""), "`p.json` is not valid JSON: EOF while parsing a value (line 1, column 0)");
    assert_eq!(read_error("[1, 2]"), "`p.json` is not a sow part: it is JSON, but not an object");
    assert_eq!(
        read_error("{\"games\": 4}"),
        "`p.json` is not a sow part: it has no `\"format\": \"sow-part\"`"
    );
    assert_eq!(
        read_error("{\"format\": \"chess-part\"}"),
        "`p.json` is not a sow part: it has the format `chess-part`, not `sow-part`"
    );
    assert_eq!(
        read_error("{\"format\": \"sow-part\"}"),
        "`p.json` is a sow part of no version; this sow reads version 1"
    );
    assert_eq!(
        read_error("{\"format\": \"sow-part\", \"version\": 2, \"anything\": []}"),
        "`p.json` is a sow part of version 2; this sow reads version 1"
    );
    // A part broken inside: the message says where.
    let mut text = four_parts().remove(0).to_json();
    text = text.replacen("\"plies\":", "\"plies\":-", 1);
    let (line, record) =
        text.lines().enumerate().find(|(_, l)| l.contains("\"plies\":-")).expect("the record");
    // serde_json stops at the number's last digit.
    let at = record.find("\"plies\":-").expect("plies") + "\"plies\":".len();
    let number: String = record[at..].chars().take_while(|&c| c == '-' || c.is_ascii_digit()).collect();
    assert_eq!(
        read_error(&text),
        format!(
            "`p.json` is a sow part, but broken: invalid value: integer `{number}`, expected u32 (line {}, column {})",
            line + 1,
            at + number.len()
        )
    );
    let text = four_parts().remove(0).to_json().replacen("\"index\": 1", "\"index\": 0", 1);
    assert_eq!(
        read_error(&text),
        "`p.json` is a sow part, but broken: shards count from 1: the shards of 4 are 1/4 to 4/4 (line 14, column 3)"
    );
    let text = four_parts().remove(0).to_json().replacen("\"outcome\":\"", "\"outcome\":\"east-", 1);
    let (line, record) = text.lines().enumerate().find(|(_, l)| l.contains("east-")).expect("the record");
    let word = record.split('"').nth(3).expect("the outcome");
    // serde_json stops at the string's closing quote.
    let column = record.find(word).expect("the word") + word.len() + 1;
    assert_eq!(
        read_error(&text),
        format!(
            "`p.json` is a sow part, but broken: `{word}` is not an outcome (south:REASON, north:REASON or draw:REASON, or null) (line {}, column {column})",
            line + 1
        )
    );
    // parts::FORMAT and VERSION are what the messages say.
    assert_eq!((parts::FORMAT, parts::VERSION), ("sow-part", 1));
}
