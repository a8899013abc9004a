//! The `sow` binary as a user runs it: output snapshots with `NO_COLOR=1`, run from the
//! crate root so that paths in the output are the relative ones typed.

use std::io::Write as _;
use std::process::{Command, Stdio};

/// `sow` with arguments, run from the crate root without colour, its standard input piped.
fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sow"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .stdin(Stdio::piped());
    command
}

/// Run `sow` with arguments and standard input; (exit code, stdout, stderr).
fn sow(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = command(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("run sow");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn check_accepts_the_bundled_rules() {
    let (code, out, err) = sow(&["check", "rules/nsolo.sow"], "");
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out, @r#"rules/nsolo.sow: ok — "Nsolo", base game and 2 rulesets (sanderson-1913, ludii); columns = 8 in 8..36"#);
}

/// Warnings are shown and counted, and fail the check only with `--deny-warnings`.
#[test]
fn check_shows_warnings_and_denies_them_on_request() {
    let file = "tests/fixtures/warn/shadowed_lap_rule.sow";
    let (code, out, err) = sow(&["check", file], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("; 1 warning\n"), "{out}");
    assert!(err.contains("sow::warning::shadowed_lap_rule") && err.contains("never applies"), "{err}");
    let (code, out, err) = sow(&["check", "--deny-warnings", file], "");
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("sow::warning::shadowed_lap_rule"), "{err}");
    assert!(
        err.ends_with(
            "error: tests/fixtures/warn/shadowed_lap_rule.sow: 1 warning, denied by --deny-warnings\n"
        ),
        "{err}"
    );
    // A file without warnings passes either way, and says nothing of warnings.
    let (code, out, err) = sow(&["check", "--deny-warnings", "rules/nsolo.sow"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(!out.contains("warning"), "{out}");
    // Other commands stay quiet about warnings.
    let (code, _, err) = sow(&["perft", file, "--depth", "1"], "");
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn check_rejects_every_error_fixture() {
    for folder in ["parse_err", "check_err"] {
        let dir = format!("{}/tests/fixtures/{folder}", env!("CARGO_MANIFEST_DIR"));
        let mut count = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "sow") {
                continue;
            }
            let rel = format!("tests/fixtures/{folder}/{}", path.file_name().unwrap().to_string_lossy());
            let (code, _, err) = sow(&["check", &rel], "");
            assert_eq!(code, 1, "{rel} should fail");
            assert!(err.contains("sow::"), "{rel}: no diagnostic code in\n{err}");
            count += 1;
        }
        assert!(count > 0, "no fixtures in {folder}");
    }
}

#[test]
fn check_reports_unknown_files_and_params() {
    let (code, _, err) = sow(&["check", "no/such.sow"], "");
    assert_eq!(code, 1);
    let bundled: Vec<&str> = sow::bundled::bundled_names().collect();
    assert_eq!(
        err.trim_end(),
        format!(
            "error: no file `no/such.sow`, and no bundled rules of that name (bundled: {})",
            bundled.join(", ")
        )
    );
    let (code, _, err) = sow(&["show", "nsolp"], "");
    assert_eq!(code, 1);
    assert!(err.ends_with("; did you mean `nsolo`?\n"), "{err}");
    let (code, _, err) = sow(&["check", "nsolo", "--param", "columns=40"], "");
    assert_eq!(code, 1);
    insta::assert_snapshot!("check_param_out_of_range", err);
}

#[test]
fn perft_prints_one_line_per_depth() {
    let (code, out, _) = sow(&["perft", "rules/nsolo.sow", "--depth", "3"], "");
    assert_eq!(code, 0);
    insta::assert_snapshot!(out, @r"
    1 15
    2 217
    3 1764
    ");
}

#[test]
fn show_prints_metadata_and_tables() {
    let (code, out, _) = sow(&["show", "nsolo"], "");
    assert_eq!(code, 0);
    insta::assert_snapshot!("show_nsolo", out);
}

#[test]
fn simulate_reports_results() {
    let (code, out, _) = sow(&["simulate", "nsolo", "--games", "50", "--seed", "1"], "");
    assert_eq!(code, 0);
    // The timing line varies from run to run.
    let out: String =
        out.lines().filter(|l| !l.trim_start().starts_with("time ")).map(|l| format!("{l}\n")).collect();
    insta::assert_snapshot!("simulate_nsolo_50", out);
}

/// A new user's first game: asks for help, types a hole that does not exist, an opponent's
/// hole, an empty hole, a singleton-rule violation is impossible at the start, so asks for
/// the legal moves; sows a1 (which captures 2 from c8), makes one strip pick, a pick out of
/// board order (refused), the last pick; the computer replies; then resigns.
#[test]
fn play_a_short_game_as_a_new_user() {
    let input = "help\nz9\nc3\nb8\nmoves\na1\nd1\nc2\nd2\nresign\n";
    // The default computer thinks for a time; a playout budget makes its choices repeatable.
    let (code, out, err) = sow(&["play", "--seed", "7", "--north", "mcts:300"], input);
    assert_eq!(code, 0, "{err}");
    // The computer says how long it thought, which varies from run to run.
    let out: String = out
        .lines()
        .map(|l| match (l.find(" in "), l.find(" s;")) {
            (Some(a), Some(b)) if a < b && l.contains("playouts") => {
                format!("{} in … s{}\n", &l[..a], &l[b + 2..])
            }
            _ => format!("{l}\n"),
        })
        .collect();
    insta::assert_snapshot!("play_new_user", out);
}

#[test]
fn play_records_and_replay_verifies() {
    let dir = crate::common::scratch_dir("cli");
    let record = dir.join("game.txt");
    let record_arg = record.to_str().unwrap();
    let (code, _, err) =
        sow(&["play", "--south", "random", "--north", "random", "--seed", "3", "--record", record_arg], "");
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.starts_with("[Game \"Nsolo\"]\n[Rules \"nsolo\"]\n"), "{text}");
    let (code, out, err) = sow(&["replay", record_arg], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("replayed and verified"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The first player drawn by lot: `play` draws it before the first turn and tells it, the
/// record keeps it as the first decision (`1. lot:north`) and replays, and a record that
/// starts without it stops there.
#[test]
fn play_draws_the_first_player_by_lot_and_the_record_keeps_it() {
    let dir = crate::common::scratch_dir("cli-first-lot");
    let rules = "tests/fixtures/told/first_lot.sow";
    let mut firsts = Vec::new();
    for seed in ["1", "6"] {
        let record = dir.join(format!("{seed}.txt"));
        let args = ["play", rules, "--south", "random", "--north", "random", "--seed", seed, "--record"];
        let (code, out, err) = sow(&[&args[..], &[record.to_str().unwrap()]].concat(), "");
        assert_eq!(code, 0, "{err}");
        let told = out.lines().find(|l| l.starts_with("The lot for the first move falls to")).expect("told");
        let text = std::fs::read_to_string(&record).unwrap();
        // The lot and the first sowing, on the first turn's line.
        let line = text.lines().find(|l| l.starts_with("1. ")).unwrap();
        let first = line.split(' ').take(2).collect::<Vec<_>>().join(" ");
        assert!(first == "1. lot:south" || first == "1. lot:north", "{text}");
        assert_eq!(line.split(' ').count(), 3, "{line}");
        assert!(told.contains(if first.ends_with("south") {
            "South moves first"
        } else {
            "North moves first"
        }));
        let (code, out, err) = sow(&["replay", "--rules", rules, record.to_str().unwrap()], "");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("replayed and verified"), "{out}");
        firsts.push(first);
        if seed == "6" {
            let cut = dir.join("cut.txt");
            std::fs::write(
                &cut,
                text.replacen("1. lot:south ", "1. ", 1).replacen("1. lot:north ", "1. ", 1),
            )
            .unwrap();
            let (code, _, err) = sow(&["replay", "--rules", rules, cut.to_str().unwrap()], "");
            assert_eq!(code, 1);
            assert!(err.contains("lots are being drawn for the first player"), "{err}");
        }
    }
    assert_ne!(firsts[0], firsts[1], "seeds 1 and 6 draw different first players");
    let (code, _, err) = sow(&["solve", rules], "");
    assert_eq!(code, 1);
    assert!(err.contains("these rules draw lots for the first player and between rounds"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Lots drawn between rounds: `play` draws them from its seed and tells them, the record
/// keeps them on the line of the turn that ended the round and replays, the same seed plays
/// the same game, and `solve` refuses a game of chance.
#[test]
fn play_draws_lots_between_rounds_and_the_record_keeps_them() {
    let dir = crate::common::scratch_dir("cli-lots");
    let rules = "tests/fixtures/told/lots.sow";
    let play = |name: &str| {
        let record = dir.join(name);
        let args = ["play", rules, "--south", "random", "--north", "random", "--seed", "4", "--record"];
        let (code, out, err) = sow(&[&args[..], &[record.to_str().unwrap()]].concat(), "");
        assert_eq!(code, 0, "{err}");
        (out, std::fs::read_to_string(&record).unwrap(), record)
    };
    let (out, text, record) = play("one.txt");
    assert!(out.contains("so lots are drawn for it."), "{out}");
    assert!(out.contains("The lot for the last hole falls to"), "{out}");
    let lots: Vec<&str> = text.lines().filter(|l| l.contains(" lot:")).collect();
    assert!(!lots.is_empty(), "{text}");
    assert!(lots.iter().all(|l| l.ends_with("lot:south") || l.ends_with("lot:north")), "{lots:?}");
    let (code, out, err) = sow(&["replay", "--rules", rules, record.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("replayed and verified"), "{out}");
    assert_eq!(play("two.txt").1, text);
    // A record without its lot stops where the lot is owed; a lot where none is drawn is no
    // decision.
    let first = lots[0].rsplit_once(' ').unwrap().0;
    let cut = dir.join("cut.txt");
    std::fs::write(&cut, text.replacen(lots[0], first, 1)).unwrap();
    let (code, _, err) = sow(&["replay", "--rules", rules, cut.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("lots are being drawn for the last hole before the next round"), "{err}");
    let (code, _, err) = sow(&["replay", "tests/fixtures/told/lot_not_drawn.txt"], "");
    assert_eq!(code, 1);
    assert!(err.contains("no lot is being drawn now"), "{err}");
    let (code, _, err) = sow(&["solve", rules], "");
    assert_eq!(code, 1);
    assert!(err.contains("a game of chance has no value with perfect play"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_rejects_a_bad_record() {
    let (code, _, err) = sow(&["replay", "tests/fixtures/records/illegal_singleton.txt"], "");
    assert_eq!(code, 1);
    insta::assert_snapshot!("replay_illegal_singleton", err);
}

/// As the README says: every command has examples; those on one rules file take `--ruleset`
/// and `--param`, and those comparing games take variants that carry their own.
#[test]
fn every_command_has_help_with_examples() {
    for command in ["check", "show", "play", "replay", "simulate", "perft", "match"] {
        let (code, out, _) = sow(&[command, "--help"], "");
        assert_eq!(code, 0);
        assert!(out.contains("Examples:"), "`sow {command} --help` has no examples");
        assert!(
            out.contains("--ruleset") && out.contains("--param"),
            "`sow {command}` lacks --ruleset/--param"
        );
    }
    for command in ["diff", "compare"] {
        let (code, out, _) = sow(&[command, "--help"], "");
        assert_eq!(code, 0);
        assert!(out.contains("Examples:"), "`sow {command} --help` has no examples");
        assert!(out.contains("FILE[:RULESET][?KEY=VALUE&…]"), "`sow {command}` does not explain variants");
    }
    // Sharded runs say how to run them as a Slurm array job, and that the array counts from 1.
    for command in ["compare", "match", "merge"] {
        let (code, out, _) = sow(&[command, "--help"], "");
        assert_eq!(code, 0);
        assert!(out.contains("Examples:"), "`sow {command} --help` has no examples");
        assert!(
            out.contains("\n      --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT \\\n")
                && out.contains("\n      --out part-$SLURM_ARRAY_TASK_ID.json\n")
                && out.contains("the array must count from 1 to N"),
            "`sow {command} --help` has no Slurm example:\n{out}"
        );
    }
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains("The commands on one rules file — `check`, `show`,\n`play`, `replay`, `simulate`, `perft`, `solve` and `match` — take `--ruleset NAME`"));
}

/// `--level` means one thing everywhere: what `AgentSpec::level` says, in `sow play --help`
/// and in the README.
#[test]
fn the_levels_are_the_same_in_the_help_and_the_readme() {
    let (code, help, _) = sow(&["play", "--help"], "");
    assert_eq!(code, 0);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let specs: Vec<String> = sow::session::LEVELS
        .iter()
        .map(|&name| sow::ai::AgentSpec::level(name).expect("a level").to_string())
        .collect();
    for (name, spec) in sow::session::LEVELS.iter().zip(&specs) {
        assert!(help.contains(&format!("{name} = {spec} (")), "`{name} = {spec}` not in\n{help}");
    }
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let said = format!(
        "`--level {}` are `{}`, `{}` and `{}`",
        sow::session::LEVELS.join("|"),
        specs[0],
        specs[1],
        specs[2]
    );
    assert!(readme.contains(&said), "the README does not say {said}");
}

/// The README's `diff` example is the command's real output.
#[test]
fn the_readme_diff_example_is_real_output() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let command = "$ sow diff nsolo?columns=10 nsolo:sanderson-1913\n";
    let start = readme.find(command).expect("the example is in the README") + command.len();
    let shown = &readme[start..start + readme[start..].find("```").unwrap()];
    let (code, out, err) = sow(&["diff", "nsolo?columns=10", "nsolo:sanderson-1913"], "");
    assert_eq!(code, 1, "{err}");
    assert_eq!(shown, out);
}

#[test]
fn simulate_gives_the_same_results_on_any_number_of_threads() {
    let run = |threads: &str| {
        let (code, out, err) =
            sow(&["simulate", "nsolo", "--games", "300", "--seed", "9", "--threads", threads], "");
        assert_eq!(code, 0, "{err}");
        // Only the timing line may differ.
        out.lines().filter(|l| !l.trim_start().starts_with("time ")).collect::<Vec<_>>().join("\n")
    };
    let one = run("1");
    assert!(one.contains("300 random games"), "{one}");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("3"));
}

/// `--timing` plays the same games and adds the slowest decision, with where to find it.
#[test]
fn simulate_timing_reports_the_slowest_decision_of_the_same_games() {
    let args = ["simulate", "nsolo", "--games", "200", "--seed", "3"];
    let (code, plain, err) = sow(&args, "");
    assert_eq!(code, 0, "{err}");
    let (code, timed, err) = sow(&[&args[..], &["--timing"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let results = |out: &str| -> Vec<String> {
        out.lines().filter(|l| !l.contains("time ") && !l.contains("slowest")).map(String::from).collect()
    };
    assert_eq!(results(&plain), results(&timed));
    assert!(!plain.contains("slowest decision"), "{plain}");
    let line = timed.lines().find(|l| l.contains("slowest decision")).unwrap_or_else(|| panic!("{timed}"));
    assert!(
        line.contains("game #") && line.contains("plays it again") && line.contains("--seed 3"),
        "{line}"
    );
}

#[test]
fn list_names_every_bundled_file_and_its_rulesets() {
    let (code, out, err) = sow(&["list"], "");
    assert_eq!(code, 0, "{err}");
    let mut files = 0;
    for name in sow::bundled::bundled_names() {
        files += 1;
        assert!(
            out.lines().any(|l| l.split_whitespace().next() == Some(name)),
            "`{name}` not listed:\n{out}"
        );
        let rules = crate::common::rules(name, None, &[]);
        for ruleset in &rules.meta().rulesets {
            assert!(out.contains(&format!("--ruleset {ruleset} ")), "{name}: `{ruleset}` not listed:\n{out}");
        }
        // A listed name is enough to use the file.
        let (code, shown, err) = sow(&["show", name], "");
        assert_eq!(code, 0, "sow show {name}: {err}");
        assert!(shown.starts_with(&rules.meta().name), "{shown}");
    }
    assert!(files >= 1);
    assert!(out.contains("nsolo  (default)"), "{out}");
}

/// `sow list` groups the files by family: every bundled file states one, and appears under
/// the heading of its own family (the last heading above it), the families in alphabetical
/// order and the files of each in name order.
#[test]
fn list_groups_every_bundled_file_under_its_family() {
    let (code, out, err) = sow(&["list"], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // A heading is the line above a rule of `═`.
    let headings: Vec<usize> =
        (1..lines.len()).filter(|&i| lines[i].starts_with('═')).map(|i| i - 1).collect();
    let titles: Vec<&str> = headings.iter().map(|&i| lines[i]).collect();
    let mut sorted = titles.clone();
    sorted.sort_unstable();
    assert_eq!(titles, sorted, "families in alphabetical order");
    let mut listed: Vec<(&str, &str)> = Vec::new();
    for name in sow::bundled::bundled_names() {
        let family = crate::common::rules(name, None, &[]).meta().family.clone();
        let family = family.unwrap_or_else(|| panic!("{name}.sow states no family"));
        let at = lines
            .iter()
            .position(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("`{name}` not listed:\n{out}"));
        let heading = headings.iter().rev().find(|&&h| h < at).map(|&h| lines[h]);
        assert_eq!(heading, Some(family.as_str()), "`{name}` under the wrong heading:\n{out}");
        listed.push((heading.unwrap_or_default(), name));
    }
    // In the listing's order: by family, then by name.
    listed.sort_by_key(|&(_, name)| lines.iter().position(|l| l.split_whitespace().next() == Some(name)));
    let mut by_family = listed.clone();
    by_family.sort_unstable();
    assert_eq!(listed, by_family);
    // The README's table of games has a row for every file too.
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for (_, name) in listed {
        assert!(readme.contains(&format!("\n| `{name}` |")), "the README's table of games lacks `{name}`");
    }
}

/// A team at South: its members take South's turns in order, the prompt names the one to
/// play, and the record says who played each turn (and still replays).
#[test]
fn a_team_takes_turns_and_the_record_names_them() {
    let dir = crate::common::scratch_dir("team");
    let record = dir.join("team.txt");
    let record_arg = record.to_str().unwrap();
    let (code, out, err) = sow(
        &["play", "--south-team", "Ama,Kofi", "--north", "greedy", "--seed", "5", "--record", record_arg],
        "a1\nd1 d2\nb2\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("South (rows a and b): the team Ama, Kofi"), "{out}");
    assert!(out.contains("South (Ama) to move> "), "{out}");
    assert!(out.contains("South (Kofi) to move> "), "{out}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[South \"Ama, Kofi\"]"), "{text}");
    assert!(text.contains("; South: Ama\n1. a1"), "{text}");
    assert!(text.contains("; South: Kofi\n3. "), "{text}");
    let (code, out, err) = sow(&["replay", record_arg], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("replayed and verified"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `sow compare` output with the timing line (the only part that varies) blanked.
fn compare(args: &[&str]) -> String {
    let mut all = vec!["compare"];
    all.extend_from_slice(args);
    let (code, out, err) = sow(&all, "");
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| if l.starts_with("time: ") { "time: [blanked]" } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn compare_markdown() {
    let out = compare(&[
        "nsolo",
        "nsolo:sanderson-1913",
        "tsoro",
        "--games",
        "40",
        "--seed",
        "7",
        "--format",
        "markdown",
    ]);
    insta::assert_snapshot!(out);
}

#[test]
fn compare_is_the_same_for_any_number_of_threads() {
    let run = |threads: &str| {
        let csv = compare(&[
            "nsolo",
            "tsoro:reentered",
            "chisolo?columns=10",
            "--games",
            "150",
            "--format",
            "csv",
            "-t",
            threads,
        ]);
        // Every column but the last (games per second).
        csv.lines().map(|l| l.rsplit_once(',').map_or(l, |(rest, _)| rest).to_string()).collect::<Vec<_>>()
    };
    let one = run("1");
    assert_eq!(one.len(), 4, "a header and three variants");
    assert_eq!(one, run("3"));
}

#[test]
fn compare_with_computer_players_and_as_json() {
    let out = compare(&["tsoro", "--games", "4", "--agents", "greedy", "--format", "json"]);
    assert!(out.contains(r#""agents": "greedy""#), "{out}");
    assert!(out.contains(r#""first_player_wins": {"#), "{out}");
}

#[test]
fn compare_explains_a_bad_variant() {
    let (code, _, err) = sow(&["compare", "nsolo", "nsolo:nosuch"], "");
    assert_eq!(code, 1);
    assert!(err.contains("nosuch"), "{err}");
    let (code, _, err) = sow(&["compare", "nsolo?columns"], "");
    assert_eq!(code, 2);
    assert!(err.contains("is not KEY=VALUE"), "{err}");
}

/// Output without its time line: the one line a run played in shards and merged prints
/// differently from the run played whole (the shards' seconds, summed).
fn without_time(out: &str) -> String {
    out.lines().filter(|l| !l.trim_start().starts_with("time")).map(|l| format!("{l}\n")).collect()
}

/// Run `sow` and return its standard output, which it must succeed in writing.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = sow(args, "");
    assert_eq!(code, 0, "sow {}: {err}", args.join(" "));
    out
}

#[test]
fn compare_in_shards_merges_to_the_output_of_the_whole_run() {
    let dir = crate::common::scratch_dir("shards");
    let part = |i: u32| dir.join(format!("part-{i}.json")).display().to_string();
    let run = ["compare", "nsolo", "rules/nsolo.sow:sanderson-1913", "tsoro", "--games", "30", "--seed", "4"];
    for (i, shard) in [(1, "1/2"), (2, "2/2")] {
        let out = ok(&[&run[..], &["--shard", shard, "--out", &part(i), "-t", &i.to_string()]].concat());
        let said = format!(
            "wrote {}: shard {shard} of a compare run (games {} of 30, 3 variants, ",
            part(i),
            if i == 1 { "0..15" } else { "15..30" }
        );
        assert!(out.starts_with(&said) && out.ends_with(" s)\n"), "{out}");
    }
    // The parts in any order.
    let merged = ok(&["merge", &part(2), &part(1)]);
    let whole = ok(&run);
    assert_eq!(without_time(&merged), without_time(&whole));
    assert!(merged.contains("\ntime: summed over 2 shards: nsolo "), "{merged}");
    assert!(whole.contains("\ntime: nsolo "), "{whole}");
    for format in ["markdown", "csv"] {
        let merged = ok(&["merge", &part(1), &part(2), "--format", format]);
        let whole = ok(&[&run[..], &["--format", format]].concat());
        // Every CSV column but the last (games per second).
        let figures = |text: &str| -> Vec<String> {
            without_time(text)
                .lines()
                .map(|l| {
                    if format == "csv" { l.rsplit_once(',').map_or(l, |(rest, _)| rest) } else { l }
                        .to_string()
                })
                .collect()
        };
        assert_eq!(figures(&merged), figures(&whole), "--format {format}");
    }
    // `--out` alone writes the whole run as shard 1/1.
    ok(&[&run[..], &["--out", &part(0)]].concat());
    let merged = ok(&["merge", &part(0), "--plot", &dir.join("charts").display().to_string()]);
    assert_eq!(without_time(&merged), without_time(&whole));
    assert!(merged.contains("\ntime: summed over 1 shard: nsolo "), "{merged}");
    assert!(dir.join("charts/lengths.svg").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_in_shards_merges_to_the_output_of_the_whole_match() {
    let dir = crate::common::scratch_dir("match-shards");
    let part = |i: u32| dir.join(format!("part-{i}.json")).display().to_string();
    let run = ["match", "nsolo", "greedy", "random", "--games", "9", "--ruleset", "sanderson-1913"];
    for i in 1..=3 {
        ok(&[&run[..], &["--shard", &format!("{i}/3"), "--out", &part(i)]].concat());
    }
    let merged = ok(&["merge", &part(3), &part(1), &part(2)]);
    let whole = ok(&run);
    assert!(
        whole.starts_with(
            "9 games of Nsolo, ruleset \"sanderson-1913\" (columns = 10), seed 1: greedy against random\n"
        ),
        "{whole}"
    );
    assert_eq!(without_time(&merged), without_time(&whole));
    assert!(merged.contains("\n  time summed over 3 shards: "), "{merged}");
    let json = |text: &str| {
        let mut v: serde_json::Value = serde_json::from_str(text).expect("JSON");
        for key in ["seconds", "games_per_second", "threads", "summed_over_shards"] {
            v.as_object_mut().expect("an object").remove(key);
        }
        v
    };
    let merged = ok(&["merge", &part(1), &part(2), &part(3), "--format", "json"]);
    let whole = ok(&[&run[..], &["--format", "json"]].concat());
    assert_eq!(json(&merged), json(&whole));
    assert_eq!(json(&whole)["rules"], "nsolo:sanderson-1913");
    // A match has no markdown, CSV or charts.
    let (code, _, err) = sow(&["merge", &part(1), &part(2), &part(3), "--format", "csv"], "");
    assert_eq!((code, err.as_str()), (1, "error: a match prints as table or json, not csv\n"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_shard_needs_a_file_to_go_to() {
    for args in [
        &["compare", "nsolo", "--shard", "1/2"][..],
        &["match", "nsolo", "random", "random", "--shard", "1/2"],
    ] {
        let (code, out, err) = sow(args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(
            err.starts_with("error: the following required arguments were not provided:\n  --out <FILE>\n"),
            "{err}"
        );
    }
    let (code, _, err) = sow(&["compare", "nsolo", "--shard", "5/4", "--out", "x.json"], "");
    assert_eq!(code, 2);
    assert!(err.starts_with("error: invalid value '5/4' for '--shard <I/N>': there is no shard 5 of 4: the shards are 1/4 to 4/4\n"), "{err}");
}

#[test]
fn merge_names_the_file_that_is_not_a_part() {
    let dir = crate::common::scratch_dir("not-a-part");
    let file = dir.join("part-1.json");
    std::fs::write(&file, "{\n  \"format\": \"sow-part\",\n  \"version\": 1,\n").unwrap();
    let name = file.display().to_string();
    let (code, out, err) = sow(&["merge", &name], "");
    assert_eq!((code, out.as_str()), (1, ""));
    // miette wraps the message at 80 columns.
    let said = err.split_whitespace().filter(|&w| w != "│").collect::<Vec<_>>().join(" ");
    let expected =
        format!("sow::part::json × `{name}` is not valid JSON: EOF while parsing a value (line 4, column 0)");
    assert!(said.starts_with(&expected), "{err}");
    let (code, _, err) = sow(&["merge", &dir.join("none.json").display().to_string()], "");
    assert_eq!(code, 1);
    assert!(err.starts_with(&format!("error: cannot read `{}`: ", dir.join("none.json").display())), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn diff_nsolo_and_its_1913_ruleset() {
    let (code, out, err) = sow(&["diff", "nsolo", "nsolo:sanderson-1913"], "");
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn diff_tsoro_and_its_misoro_opening() {
    let (code, out, err) = sow(&["diff", "rules/tsoro.sow", "tsoro:misoro-choice?columns=10"], "");
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn diff_of_equal_rules_says_so() {
    let (code, out, _) = sow(&["diff", "nsolo", "rules/nsolo.sow?columns=8"], "");
    assert_eq!(code, 0);
    assert!(out.ends_with("The compiled rules are the same.\n"), "{out}");
}

/// `sow play --record` saves the game after every turn by writing a temporary file and
/// renaming it into place: a session killed at any moment (SIGKILL, no chance to clean up)
/// leaves a record that reads and replays, with every turn finished before the kill.
#[test]
fn a_killed_play_session_leaves_a_record_of_every_finished_turn() {
    use sow::record::Record;
    use std::time::{Duration, Instant};

    let rules = crate::common::rules("nsolo", None, &[]);
    let dir = crate::common::scratch_dir("kill");
    let record = dir.join("game.txt");
    let args = ["play", "--south", "human", "--north", "greedy", "--seed", "1", "--record"];
    let mut child =
        command(&args).arg(&record).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("run sow");
    let mut stdin = child.stdin.take().unwrap();
    // The game as the record on disk has it, once it has at least `turns` turns.
    let saved = |turns: usize| {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(text) = std::fs::read_to_string(&record) {
                let record = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                let game = record.replay(&rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
                if game.turns().len() >= turns || game.outcome().is_some() {
                    return game;
                }
            }
            assert!(Instant::now() < deadline, "the record did not reach {turns} turns");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    // South (a person typing) plays the first legal decisions of each turn; North replies.
    let mut game = sow::Game::new(&rules);
    let mut typed = 0;
    while typed < 6 && game.outcome().is_none() {
        let mut turn = game.clone();
        let mut words = Vec::new();
        let start = turn.state().turn();
        while turn.state().turn() == start && turn.outcome().is_none() {
            let mv = turn.legal_moves()[0];
            words.push(rules.move_text(mv));
            turn.play(mv).unwrap();
        }
        writeln!(stdin, "{}", words.join(" ")).unwrap();
        typed += 1;
        if typed < 6 {
            game = saved(game.turns().len() + 2);
        }
    }
    // Killed right after the last turn was typed: the record has every turn finished by then.
    let finished = game.turns().len();
    child.kill().unwrap();
    child.wait().unwrap();
    let text = std::fs::read_to_string(&record).unwrap();
    let replayed = Record::parse(&text).unwrap().replay(&rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(replayed.turns().len() >= finished, "{text}");
    assert_eq!(replayed.turns()[..finished], game.turns()[..finished]);
    assert!(finished >= 10, "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A record that cannot be written stops `sow play` before the first turn, not after it.
#[test]
fn play_stops_at_once_when_the_record_cannot_be_written() {
    let (code, out, err) =
        sow(&["play", "--south", "random", "--north", "random", "--record", "no/such/folder/game.txt"], "");
    assert_ne!(code, 0);
    assert!(err.contains("cannot save the record to `no/such/folder/game.txt`"), "{err}");
    assert!(!out.contains("plays"), "{out}");
}

/// Odd files through the commands: a BOM, CRLF line ends and tabs check and replay as
/// usual, and so does a record of tags and no turns; an empty rules file or record, invalid
/// UTF-8, a binary file and a setup whose seed count does not fit in 32 bits each get their
/// diagnostic and a failing exit code.
#[test]
fn odd_files_work_or_get_a_diagnostic() {
    let dir = crate::common::scratch_dir("odd");
    let nsolo = crate::common::rules_text("nsolo");
    let record = std::fs::read_to_string("tests/fixtures/records/good_sanderson.txt").unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    };
    let fine = [
        ("check", write("bom.sow", format!("\u{FEFF}{nsolo}").as_bytes())),
        ("check", write("crlf.sow", nsolo.replace('\n', "\r\n").as_bytes())),
        ("check", write("tabs.sow", nsolo.replace("    ", "\t").as_bytes())),
        ("replay", write("bom.txt", format!("\u{FEFF}{record}").as_bytes())),
        ("replay", write("crlf.txt", record.replace('\n', "\r\n").as_bytes())),
        // A record of tags and no turns: a game not yet begun.
        ("replay", write("begun.txt", b"[Rules \"nsolo\"]\n")),
    ];
    for (command, path) in &fine {
        let (code, out, err) = sow(&[command, path], "");
        assert_eq!(code, 0, "{command} {path}: {out}{err}");
    }
    let huge =
        nsolo.replace("2 in every hole", "4294967295 in every hole").replace("8 in 8..36", "36 in 8..36");
    let refused = [
        ("check", write("empty.sow", b""), "sow::syntax"),
        ("check", write("latin1.sow", b"game \"Caf\xe9\" {}"), "sow::file::not_utf8"),
        ("check", write("binary.sow", b"\x7fELF\x02\x01\x01\x00\x00"), "sow::file::binary"),
        ("check", write("huge.sow", huge.as_bytes()), "sow::check::too_many_seeds"),
        ("replay", write("latin1.txt", b"[Rules \"nsolo\"]\n\n1. a\xe92\n"), "sow::file::not_utf8"),
        ("replay", write("binary.txt", b"\x00\x01\x02"), "sow::file::binary"),
        // Nothing at all (or only comments) is not a record.
        ("replay", write("empty.txt", b""), "sow::record::empty"),
        ("replay", write("comments.txt", b"; nothing yet\n\n"), "sow::record::empty"),
    ];
    for (command, path, code_wanted) in &refused {
        let (code, out, err) = sow(&[command, path], "");
        assert_ne!(code, 0, "{command} {path}: {out}");
        assert!(err.contains(code_wanted), "{command} {path}: expected {code_wanted}\n{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The output of `sow play` with the computer's thinking time (which varies) blanked.
fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let (code, out, err) = sow(&all, input);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| match (l.find(" in "), l.find(" s;")) {
            (Some(a), Some(b)) if a < b && l.contains("playouts") => {
                format!("{} in … s{}\n", &l[..a], &l[b + 2..])
            }
            _ => format!("{l}\n"),
        })
        .collect()
}

/// `b3 x a1 a1` sows nothing (a1 is no pick), and says why; so do an `x` alone and `x x`;
/// the board is as it was. No line of it was played, so the computer never moved.
#[test]
fn play_refuses_a_wrong_line_whole_and_says_why() {
    let out =
        play(&["--seed", "7", "--north", "mcts:300"], "b3 x a1 a1\nx\nx x\nb3 x d1 d1 d1\nboard\nquit\n");
    assert!(!out.contains("sows"), "{out}");
    insta::assert_snapshot!("play_refuses_a_wrong_line", out);
}

/// Kalah in the terminal: the stores drawn at the ends with their seeds, a last seed in the
/// store told as a move again, and the record numbering the extra sowing inside its turn.
#[test]
fn play_kalah_with_its_stores_and_a_move_again() {
    let dir = crate::common::scratch_dir("kalah");
    let record = dir.join("kalah.txt");
    let record_arg = record.to_str().unwrap();
    let out = play(&["kalah", "--north", "greedy", "--seed", "1", "--record", record_arg], "a3\na1\nquit\n");
    insta::assert_snapshot!("play_kalah_move_again", out);
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("\n1. a3 a1\n2. "), "{text}");
    let (code, out, err) = sow(&["replay", record_arg], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": 2 turns of Kalah"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Tsoro with misoro holes chosen in play: `help` explains marking (and stop/relay), and the
/// board shows the marked holes with a legend.
#[test]
fn play_tsoro_marks_misoro_holes() {
    let out = play(
        &["tsoro", "--ruleset", "misoro-choice", "--north", "greedy", "--seed", "1"],
        "help\n+a1\na2\nquit\n",
    );
    assert!(out.contains("+a1           mark hole a1 as a misoro hole"), "{out}");
    assert!(!out.contains("b3:cw"), "the help explains only what the rules use:\n{out}");
    insta::assert_snapshot!("play_tsoro_misoro", out);
}

/// `undo` says what it took back: the person's turn and the computer's reply.
#[test]
fn undo_says_what_it_took_back() {
    let out = play(&["--seed", "7", "--north", "mcts:300"], "a1 x d1 d2\nundo\nundo\nquit\n");
    assert!(out.contains("\nSouth to move> Took back South's a1 x d1 d2 and North's d5 x a4 a4.\n"), "{out}");
    assert!(out.contains("South to move> There is nothing to undo.\n"), "{out}");
    // The prompt says whose turn it is; the board does not say it again.
    assert!(!out.contains("South to move\n"), "{out}");
}

/// `check` with parameters out of range says nothing is ok.
#[test]
fn check_with_a_bad_parameter_says_no_ok() {
    let (code, out, err) = sow(&["check", "nsolo", "--param", "columns=99"], "");
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(err.contains("sow::check::param_out_of_range"), "{err}");
    let (code, out, _) = sow(&["check", "nsolo", "--param", "columns=12"], "");
    assert_eq!(code, 0);
    insta::assert_snapshot!(out, @r#"
    nsolo.sow (bundled): ok — "Nsolo", base game and 2 rulesets (sanderson-1913, ludii); columns = 8 in 8..36
    nsolo.sow (bundled): ok with Nsolo (columns = 12)
    "#);
}

/// No command plays zero games.
#[test]
fn zero_games_are_refused() {
    for args in [
        &["simulate", "nsolo", "--games", "0"][..],
        &["match", "nsolo", "random", "random", "--games", "0"],
        &["compare", "nsolo", "--games", "0"],
    ] {
        let (code, out, err) = sow(args, "");
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains("invalid value '0' for '--games <GAMES>': at least 1 game is needed"), "{err}");
    }
}

/// perft(0) is the start position alone.
#[test]
fn perft_at_depth_0_counts_the_root() {
    let (code, out, _) = sow(&["perft", "nsolo", "--depth", "0"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "0 1\n");
}

/// A record of tags and no turns has nothing to verify, and says so.
#[test]
fn replay_of_a_record_with_no_turns() {
    let dir = crate::common::scratch_dir("no-turns");
    let path = dir.join("begun.txt");
    std::fs::write(&path, "[Game \"Kalah\"]\n[Rules \"kalah\"]\n[Result \"*\"]\n").unwrap();
    let (code, out, err) = sow(&["replay", path.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(
        first.ends_with(": no turns to replay: a game of Kalah (columns = 6, start = 4) not yet begun."),
        "{out}"
    );
    assert!(!out.contains("verified"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A record's `Rules` tag naming a file that is not rules: the file is named, never quoted.
#[test]
fn replay_does_not_quote_a_file_that_is_not_rules() {
    let dir = crate::common::scratch_dir("not-rules");
    let secret = dir.join("secrets.txt");
    std::fs::write(&secret, "root:x:0:0:root:/root:/bin/bash\npassword = hunter2\napi_key=SECRET-KEY-123\n")
        .unwrap();
    let binary = dir.join("binary.sow");
    std::fs::write(&binary, b"SECRET\x00\xff\xfe binary").unwrap();
    for target in [&secret, &binary] {
        let record = dir.join("game.txt");
        std::fs::write(&record, format!("[Rules \"{}\"]\n\n1. a1\n", target.display())).unwrap();
        for command in ["replay", "play"] {
            let args: Vec<&str> = match command {
                "replay" => vec!["replay", record.to_str().unwrap()],
                _ => vec!["play", "--load", record.to_str().unwrap()],
            };
            // No input: both stop at the record, before reading any.
            let (code, out, err) = sow(&args, "");
            assert_eq!(code, 1, "{out}{err}");
            let all = format!("{out}{err}");
            for secret in ["root:x", "hunter2", "SECRET"] {
                assert!(!all.contains(secret), "{command}: `{secret}` shown:\n{all}");
            }
            // The message may wrap: `│` starts its continued lines.
            let message = err.replace("\n  │ ", " ");
            assert!(
                message.contains(&format!("`{}` is not a rules file (no `game` found)", target.display())),
                "{err}"
            );
        }
    }
    // A file the person names themselves is theirs to see: `--rules` is not second-guessed.
    let record = dir.join("game.txt");
    let (code, _, err) = sow(&["replay", record.to_str().unwrap(), "--rules", secret.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("sow::syntax"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `sow` with arguments, its output into a pipe whose reader has already gone, as in
/// `sow list | true`; (exit status, stderr).
fn into_a_closed_pipe(args: &[&str], input: &str) -> (std::process::ExitStatus, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = command(args).stdout(writer).stderr(Stdio::piped()).spawn().expect("run sow");
    // A command that ends before reading its input closes it: that is no failure here.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (out.status, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_reader_that_has_gone_ends_every_command_quietly() {
    let commands: &[(&[&str], &str)] = &[
        (&["list"], ""),
        (&["show", "nsolo"], ""),
        (&["check", "rules/nsolo.sow"], ""),
        (&["diff", "nsolo", "tsoro"], ""),
        (&["perft", "nsolo", "--depth", "2"], ""),
        (&["simulate", "nsolo", "--games", "4"], ""),
        (&["match", "nsolo", "random", "greedy", "--games", "2"], ""),
        (&["compare", "nsolo", "tsoro", "--games", "4"], ""),
        (&["replay", "tests/fixtures/records/good_sanderson.txt", "--each"], ""),
        (&["play", "nsolo"], "a2\nquit\n"),
        (&["--help"], ""),
        (&["show", "--help"], ""),
    ];
    for (args, input) in commands {
        let (status, err) = into_a_closed_pipe(args, input);
        // Not killed by SIGPIPE, no panic, no message: the reader took all it wanted.
        assert!(status.success(), "sow {}: {status}\n{err}", args.join(" "));
        assert_eq!(err, "", "sow {}", args.join(" "));
    }
}

#[test]
fn a_reader_that_stops_after_the_first_line_ends_perft_quietly() {
    use std::io::BufRead as _;
    // Depth 7 takes seconds; its later lines are written long after the reader has gone.
    let mut child = command(&["perft", "nsolo", "--depth", "7"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sow");
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "1 15\n");
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}\n{err}", out.status);
    assert_eq!(err, "");
}

#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_error() {
    let full = std::fs::File::options().write(true).open("/dev/full").unwrap();
    let out = command(&["show", "nsolo"]).stdout(full).stderr(Stdio::piped()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: cannot write the output: No space left on device"), "{err}");
}

/// `--seat NAME=PLAYER` names who plays any seat; at a table of four every seat can be a
/// computer, and a seat the table does not have, or `--north` at a table of three, is refused
/// with the seats it has.
#[test]
fn play_names_every_seat_of_a_larger_table() {
    let seats =
        ["--south", "random", "--seat", "east=random", "--seat", "north=greedy", "--seat", "west=random"];
    let mut args = vec!["play", "quendo", "--seed", "1", "--max-plies", "8"];
    args.extend(seats);
    let (code, out, err) = sow(&args, "");
    assert_eq!(code, 0, "{err}");
    for line in ["East: the computer (random", "North: the computer (greedy", "West: the computer (random"] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    assert!(out.contains("West plays"), "{out}");
    let (code, _, err) = sow(&["play", "quendo", "--seat", "middle=random"], "");
    assert_ne!(code, 0);
    assert!(err.contains("the seats are south, east, north, west"), "{err}");
    let (code, _, err) = sow(&["play", "kalah", "--seat", "east=random"], "");
    assert_ne!(code, 0);
    assert!(err.contains("the seats are south, north"), "{err}");
}

/// Where every hole is everyone's, no player sits at rows: the players are named without an
/// empty row list (it read "South (rows ): …", blind test 5).
#[test]
fn players_of_common_holes_are_named_without_rows() {
    let dir = crate::common::scratch_dir("common-rows");
    let file = dir.join("common.sow");
    let text = r#"game "Common" {
    board 2 rows of 4 holes
    territory each player owns every hole
    setup {
        2 in every hole
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 2 seeds
    }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in a hole and the landing hole holds 2 seeds: capture pair
        otherwise: stop
    }
    capture pair {
        take the landing hole
    }
    end {
        a player who cannot move ends the game and the player who captured more seeds wins
    }
}
"#;
    std::fs::write(&file, text).unwrap();
    // South at the keyboard, so that the game waits for the `quit` sent to it.
    let (code, out, err) = sow(&["play", file.to_str().unwrap(), "--north", "random"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nSouth: you\n"), "{out}");
    assert!(!out.contains("(rows"), "{out}");
}

/// A capture made as a seed falls is told with the sowing: South a1 (3) → a2 (3 → 4, taken),
/// a3 (3 → 4, taken), a4.
#[test]
fn captures_in_passing_are_told() {
    let dir = crate::common::scratch_dir("passing");
    let file = dir.join("passing.sow");
    let text = r#"game "Passing" {
    board 2 rows of 4 holes, a store for each player
    territory each player owns row pit
    setup {
        3 in every hole
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 1 seed
    }
    sow all seeds from the next hole
    after each lap {
        when a seed before the last lands in a hole and the landing hole holds 4 seeds: capture fours
        otherwise: stop
    }
    capture fours {
        take the landing hole
        put the taken seeds in the owner's store
    }
    end {
        a player with no seeds ends the game and the player with more seeds wins
        a player who cannot move ends the game and the player with more seeds wins
    }
}
"#;
    std::fs::write(&file, text).unwrap();
    let (code, out, err) = sow(&["play", file.to_str().unwrap(), "--north", "random"], "a1\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("South sows a1: 1 lap, 3 seeds sown, the last in a4; captures 4 from a2 and 4 from a3."),
        "{out}"
    );
}
