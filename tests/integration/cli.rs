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

#[test]
fn replay_rejects_a_bad_record() {
    let (code, _, err) = sow(&["replay", "tests/fixtures/records/illegal_singleton.txt"], "");
    assert_eq!(code, 1);
    insta::assert_snapshot!("replay_illegal_singleton", err);
}

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
/// usual, and so does an empty record; an empty rules file, invalid UTF-8, a binary file and a setup whose seed count does not
/// fit in 32 bits each get their diagnostic and a failing exit code.
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
        // A record of no turns, naming no rules: a game of the default rules not yet begun.
        ("replay", write("empty.txt", b"")),
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
    ];
    for (command, path, code_wanted) in &refused {
        let (code, out, err) = sow(&[command, path], "");
        assert_ne!(code, 0, "{command} {path}: {out}");
        assert!(err.contains(code_wanted), "{command} {path}: expected {code_wanted}\n{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
