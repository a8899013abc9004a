//! Hostile inputs (issue 33): each attack reproduced at a size that shows its bound, in time
//! (generous bounds, on a loaded machine) and in memory or output.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use miette::Diagnostic;

use crate::common::scratch_dir;

/// What a run of `sow` gave: exit code (`None` if it was killed at the deadline), standard
/// output and error (at most a few megabytes of each are kept), and how long it took.
struct Run {
    code: Option<i32>,
    out: Vec<u8>,
    err: Vec<u8>,
    took: Duration,
}

/// Run `sow args` with at most `mem_mib` MiB of address space, killed after `deadline`.
fn sow(args: &[&str], mem_mib: u64, deadline: Duration) -> Run {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {}; exec \"$0\" \"$@\"", mem_mib * 1024))
        .arg(env!("CARGO_BIN_EXE_sow"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sow");
    let start = Instant::now();
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut kept = Vec::new();
            let mut buf = [0u8; 65536];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if kept.len() < 8 << 20 {
                    kept.extend_from_slice(&buf[..n]);
                }
            }
            kept
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = start.elapsed();
    Run { code, out: out.join().unwrap(), err: err.join().unwrap(), took }
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A game whose `after each lap` has `n` rules, all but the first shadowed by the first.
fn lap_rules(n: usize) -> String {
    let rules = "        when the last seed lands in an occupied own inner hole: relay\n".repeat(n - 1);
    format!(
        r#"game "Shadowed" {{
    board 4 rows of 8 holes, no stores
    territory each player owns rows outer, inner
    setup {{ 2 in every hole }}
    circuit own rows anticlockwise
    choose {{ own hole with at least 2 seeds }}
    sow all seeds from the next hole
    after each lap {{
        when the last seed lands in an occupied hole: relay
{rules}    }}
    after 100000 laps a sowing is endless
    end {{
        a player with no seeds loses
        a player who cannot move loses
        a repeated position is a draw
    }}
}}
"#
    )
}

/// Row 1: 5,000 shadowed lap rules are warned about once each, each naming the one rule that
/// shadows it (not every rule before it), and the report is capped: `check` and `show` stay
/// within seconds and 200 MiB, and print a bounded report.
#[test]
fn thousands_of_shadowed_lap_rules() {
    let dir = scratch_dir("hostile-laps");
    let text = lap_rules(5_000);
    let file = write(&dir, "laps.sow", &text);
    let (_, warnings) = sow::check_with_warnings("laps.sow", &text).expect("compiles");
    assert_eq!(warnings.len(), 4_999);
    for w in &warnings.warnings {
        assert_eq!(w.labels().map_or(0, Iterator::count), 2, "{w:?}");
    }
    let file = file.to_str().unwrap();
    let run = sow(&["check", file], 200, Duration::from_secs(60));
    assert_eq!(run.code, Some(0), "{}", String::from_utf8_lossy(&run.err));
    assert!(run.took < Duration::from_secs(4), "check took {:?}", run.took);
    assert!(run.err.len() < 200_000, "{} bytes of warnings", run.err.len());
    let err = String::from_utf8_lossy(&run.err);
    assert!(err.contains("and 4949 more not shown"), "{}", &err[err.len().saturating_sub(500)..]);
    let run = sow(&["show", file], 200, Duration::from_secs(60));
    assert_eq!(run.code, Some(0), "{}", String::from_utf8_lossy(&run.err));
    assert!(run.took < Duration::from_secs(4), "show took {:?}", run.took);
    assert!(String::from_utf8_lossy(&run.out).contains("Shadowed"));
    std::fs::remove_dir_all(dir).ok();
}

/// Row 1: an earlier rule that overlaps thousands of later ones is named at most 8 times in a
/// warning, and `otherwise` the same.
#[test]
fn labels_per_warning_are_capped() {
    let rules: String = (2..=41)
        .map(|k| {
            format!(
                "        when the last seed lands in a hole and the landing hole holds {k} seeds: relay\n"
            )
        })
        .collect();
    let text = lap_rules(2).replace(
        "        when the last seed lands in an occupied hole: relay\n",
        &format!("{rules}        when the last seed lands in an occupied own outer hole: relay\n"),
    );
    let text = text.replace(
        "        when the last seed lands in an occupied own inner hole: relay\n",
        "        when the last seed lands in an occupied hole: relay\n        when the last seed lands in an occupied own inner hole: relay\n",
    );
    let (_, warnings) = sow::check_with_warnings("many.sow", &text).expect("compiles");
    let shadowed = warnings.warnings.last().expect("the last rule is shadowed");
    let help = shadowed.help().unwrap().to_string();
    assert_eq!(shadowed.labels().map_or(0, Iterator::count), 1 + 8, "{help}");
    assert!(help.contains("8 marked, and 33 more"), "{help}");
}

/// A game with `rulesets` rulesets, each extending the one before and declaring `per` new
/// parameters.
fn chain(rulesets: usize, per: usize) -> String {
    let mut text = lap_rules(2).trim_end().trim_end_matches('}').to_string();
    let mut n = 0u32;
    // Names far from each other, so that none reads as a misspelt restatement.
    let mut name = || {
        n += 1;
        let mut x = n.wrapping_mul(2_654_435_761);
        (0..10)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                char::from(b'a' + ((x >> 16) % 26) as u8)
            })
            .collect::<String>()
    };
    for i in 1..=rulesets {
        let extends = if i > 1 { format!(" extends \"r{}\"", i - 1) } else { String::new() };
        text.push_str(&format!("    ruleset \"r{i}\"{extends} {{\n"));
        for _ in 0..per {
            text.push_str(&format!("        param {} = 2 in 1..3 \"p\"\n", name()));
        }
        text.push_str("    }\n");
    }
    text.push_str("}\n");
    text
}

/// Row 2: limits hold on the assembled game, so a chain of 64 rulesets that each declare 16
/// parameters is refused at the 17th, and quickly (on main the last ruleset had 1,024
/// parameters and `check` ran for hours).
#[test]
fn a_chain_of_rulesets_counts_its_parameters_together() {
    let text = chain(64, 16);
    let start = Instant::now();
    let Err(e) = sow::check("chain.sow", &text) else { panic!("a chain of 1,024 parameters checked") };
    assert!(start.elapsed() < Duration::from_secs(5), "check took {:?}", start.elapsed());
    let codes: Vec<String> = e.problems.iter().filter_map(|p| p.code().map(|c| c.to_string())).collect();
    assert!(codes.iter().all(|c| c == "sow::check::too_many"), "{codes:?}");
    assert!(e.problems.iter().any(|p| p.to_string().contains("at most 16 parameters")), "{e}");
    // Within the limit, the same chain checks in bounded time too.
    let text = chain(64, 0).replacen(
        "    ruleset \"r1\" {\n",
        "    ruleset \"r1\" {\n        param aaa = 2 in 1..3 \"p\"\n",
        1,
    );
    let start = Instant::now();
    let checked = sow::check("chain.sow", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(checked.len(), 65);
    assert!(start.elapsed() < Duration::from_secs(5), "check took {:?}", start.elapsed());
}

/// Row 3: captures add up along `extends` too: 5 rulesets of 60 captures each, the last
/// using all 300 in its lap rules, are refused (on main rule 257 compiled to capture 256
/// stored in a byte, which wrapped round to capture 0: a hole the file never said).
#[test]
fn captures_over_the_limit_along_a_chain_are_an_error() {
    let mut text = lap_rules(2).trim_end().trim_end_matches('}').to_string();
    for r in 1..=5 {
        let extends = if r > 1 { format!(" extends \"r{}\"", r - 1) } else { String::new() };
        text.push_str(&format!("    ruleset \"r{r}\"{extends} {{\n"));
        for c in 0..60 {
            text.push_str(&format!(
                "        capture take{r}x{c} {{\n            take the opposite inner hole\n        }}\n"
            ));
        }
        if r == 5 {
            text.push_str("        after each lap {\n");
            for (k, (rr, c)) in (1..=5).flat_map(|rr| (0..60).map(move |c| (rr, c))).enumerate() {
                text.push_str(&format!(
                    "            when the last seed lands in an occupied hole and the landing hole holds {} seeds: capture take{rr}x{c}\n",
                    k + 2
                ));
            }
            text.push_str("        }\n");
        }
        text.push_str("    }\n");
    }
    text.push_str("}\n");
    let e = sow::compile("captures.sow", &text, &sow::Options::new(Some("r5"), &[]))
        .map(|_| ())
        .expect_err("300 captures compiled");
    let problems: Vec<String> = e.problems.iter().map(|p| format!("{}: {p}", p.code().unwrap())).collect();
    assert_eq!(problems, ["sow::check::too_many: a game may have at most 64 captures"]);
}

/// Rows 4 and 11: an error past column 65,535 of a one-line file is drawn (miette panicked
/// there), and the line is quoted as a window, not whole.
#[test]
fn an_error_far_along_a_long_line() {
    let dir = scratch_dir("hostile-long-line");
    let text = format!("game \"x\" {{{}bogus{} }}\n", " ".repeat(70_000), " x".repeat(500_000 - 40_000));
    let file = write(&dir, "long.sow", &text);
    let run = sow(&["check", file.to_str().unwrap()], 400, Duration::from_secs(60));
    let err = String::from_utf8_lossy(&run.err);
    assert_eq!(run.code, Some(1), "{err}");
    assert!(err.contains("sow::syntax") && err.contains("bogus"), "{err}");
    assert!(err.contains("long.sow:1:70011"), "{err}");
    assert!(run.err.len() < 5_000, "{} bytes of diagnostic", run.err.len());
    std::fs::remove_dir_all(dir).ok();
}

/// Row 11: a large one-line record prints a window of its line, in bounded time.
#[test]
fn a_long_one_line_record() {
    let dir = scratch_dir("hostile-record");
    let record = format!("[Rules \"nsolo\"]\n1. {}\n", "a1 ".repeat(3_000_000));
    let file = write(&dir, "long.txt", &record);
    let run = sow(&["replay", file.to_str().unwrap()], 1024, Duration::from_secs(60));
    assert_eq!(run.code, Some(1), "{}", String::from_utf8_lossy(&run.err));
    assert!(run.err.len() < 5_000, "{} bytes printed", run.err.len());
    assert!(run.took < Duration::from_secs(10), "replay took {:?}", run.took);
    std::fs::remove_dir_all(dir).ok();
}

/// Row 6: control characters from a file reach the terminal escaped, never raw: no escape
/// sequence (colours, a window title, an OSC 52 clipboard write) comes from the input.
#[test]
fn control_characters_are_shown_escaped() {
    let dir = scratch_dir("hostile-control");
    let hostile = "\x1b]52;c;cHduZWQ=\x07\x1b]0;title\x07\x1b[2J\u{202e}";
    let text = format!("game \"x{hostile}\" {{\n    bogus {hostile}\n}}\n");
    let file = write(&dir, "ctl.sow", &text);
    let run = sow(&["check", file.to_str().unwrap()], 400, Duration::from_secs(60));
    let err = String::from_utf8_lossy(&run.err);
    assert_eq!(run.code, Some(1), "{err}");
    assert!(!err.contains("\x1b]") && !err.contains('\x07') && !err.contains('\u{202e}'), "{err:?}");
    assert!(err.contains("\\x1b]52;c;"), "{err}");
    // A binary-looking file of control characters: escaped, and a window of it.
    let junk: String =
        (0..100_000u32).map(|i| char::from(b"\x01\x1b\x07\x08abc"[(i % 7) as usize])).collect();
    let file = write(&dir, "junk.sow", &junk);
    let run = sow(&["check", file.to_str().unwrap()], 400, Duration::from_secs(60));
    let err = String::from_utf8_lossy(&run.err);
    assert_eq!(run.code, Some(1), "{err}");
    assert!(!err.contains('\x1b') && !err.contains('\x07') && !err.contains('\x01'), "{err:?}");
    assert!(run.err.len() < 10_000, "{} bytes printed", run.err.len());
    std::fs::remove_dir_all(dir).ok();
}

/// Row 7: a named pipe given as a rules file or a record, or named in a record's `[Rules]`
/// tag, is refused at once with a clear error, never opened and waited on.
#[cfg(unix)]
#[test]
fn a_named_pipe_is_refused() {
    let dir = scratch_dir("hostile-fifo");
    let fifo = dir.join("pipe.sow");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let pipe = fifo.to_str().unwrap();
    let record = write(&dir, "game.txt", &format!("[Rules \"{pipe}\"]\n1. a1\n"));
    let record = record.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["check", pipe],
        vec!["show", pipe],
        vec!["simulate", pipe, "--games", "1"],
        vec!["perft", pipe, "--depth", "1"],
        vec!["replay", pipe],
        vec!["replay", record],
        vec!["play", "--load", pipe],
        vec!["play", "--load", record],
        vec!["serve", pipe, "--port", "0"],
    ];
    for args in cases {
        let run = sow(&args, 1024, Duration::from_secs(20));
        let err = String::from_utf8_lossy(&run.err);
        assert_eq!(run.code, Some(1), "{args:?} {err}");
        // The words, however the report wraps them.
        let words = err.replace(['│', '\n'], " ").split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("named pipe (FIFO); sow reads rules files and records only from regular files"),
            "{args:?} {err}"
        );
    }
    std::fs::remove_dir_all(dir).ok();
}

/// Row 5: silent connections neither lock out a page's request nor stay open: a GET is
/// answered within a second under thousands of them (as many as the file descriptors allow,
/// up to 3,000), and each is closed once its headers are overdue.
#[test]
fn silent_connections_are_capped_and_closed() {
    use std::io::Write;
    use std::net::TcpStream;
    let server = crate::server::Server::start(&[]);
    let mut silent = Vec::new();
    for _ in 0..3_000 {
        match TcpStream::connect(&server.addr) {
            Ok(s) => silent.push(s),
            Err(_) => break,
        }
    }
    assert!(silent.len() >= 500, "only {} connections opened", silent.len());
    let start = Instant::now();
    let reply = crate::server::Server::receive(server.send(
        "GET /api/status HTTP/1.1",
        &[("Host", server.addr.as_str())],
        b"",
    ));
    assert_eq!(reply.status, 200, "{reply:?}");
    assert!(start.elapsed() < Duration::from_secs(1), "answered after {:?}", start.elapsed());
    // Two Host headers, and a request another site sent without an Origin.
    let reply = crate::server::Server::receive(server.send(
        "GET /api/status HTTP/1.1",
        &[("Host", server.addr.as_str()), ("Host", "evil.example")],
        b"",
    ));
    assert_eq!(reply.status, 400, "{reply:?}");
    let reply = crate::server::Server::receive(server.send(
        "POST /api/games HTTP/1.1",
        &[
            ("Host", server.addr.as_str()),
            ("Sec-Fetch-Site", "cross-site"),
            ("Content-Type", "application/json"),
        ],
        b"{}",
    ));
    assert_eq!(reply.status, 403, "{reply:?}");
    assert!(reply.body.contains("cross_origin"), "{reply:?}");
    // The newest silent connection (never closed to make room) is closed once its headers
    // are overdue: 10 s.
    let last = silent.last_mut().unwrap();
    last.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let start = Instant::now();
    let mut buf = [0u8; 16];
    let read = last.read(&mut buf);
    assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
    let waited = start.elapsed();
    assert!(waited < Duration::from_secs(15), "closed after {waited:?}");
    // A keep-alive connection left idle after its answer is closed too.
    let mut idle = TcpStream::connect(&server.addr).unwrap();
    write!(idle, "GET /api/status HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut all = Vec::new();
    let start = Instant::now();
    let _ = idle.read_to_end(&mut all);
    assert!(String::from_utf8_lossy(&all).starts_with("HTTP/1.1 200"));
    assert!(start.elapsed() < Duration::from_secs(15), "idle connection open for {:?}", start.elapsed());
}

/// Row 10: `sow fmt --check` of a 1 MiB file whose every rule line changes prints a bounded
/// diff, found within a deadline.
#[test]
fn fmt_check_of_a_large_unformatted_file() {
    let dir = scratch_dir("hostile-fmt");
    let text = lap_rules(14_000).replace("        when the last", "     when   the last");
    assert!(text.len() < sow::source::MAX_RULES_BYTES);
    let file = write(&dir, "unformatted.sow", &text);
    let run = sow(&["fmt", "--check", file.to_str().unwrap()], 1024, Duration::from_secs(120));
    assert_eq!(run.code, Some(1), "{}", String::from_utf8_lossy(&run.err));
    assert!(run.took < Duration::from_secs(10), "fmt --check took {:?}", run.took);
    assert!(run.out.len() < 100_000, "{} bytes of diff", run.out.len());
    assert!(String::from_utf8_lossy(&run.out).contains("more lines of difference not shown"));
    std::fs::remove_dir_all(dir).ok();
}

/// Informational: a team name that reverses the text after it, or shows nothing, is refused.
#[test]
fn team_names_that_hide_or_reorder_are_refused() {
    use crate::server::Api;
    let server = crate::local::Local::start();
    for name in ["Ama\u{202e}1. a1", "\u{200b}\u{200b}", "\u{2066}Kofi", "\u{feff}"] {
        let body = serde_json::json!({"south_team": [name]}).to_string();
        let (status, text) = server.raw("POST", "/api/games", body.as_bytes());
        assert_eq!(status, 400, "{name:?}: {text}");
        assert!(text.contains("bad_team"), "{name:?}: {text}");
    }
    let body = serde_json::json!({"south_team": ["Ama", "Kofi Ésì"]}).to_string();
    assert_eq!(server.raw("POST", "/api/games", body.as_bytes()).0, 201);
}

/// Informational: a record loaded through the API keeps the team names it was played by.
#[test]
fn a_record_loaded_through_the_api_keeps_its_teams() {
    use crate::server::Api;
    let server = crate::local::Local::start();
    let made = server.ok("POST", "/api/games", Some(serde_json::json!({"south_team": ["Ama", "Kofi"]})));
    let id = made["id"].as_str().unwrap().to_string();
    let (status, record) = server.raw("GET", &format!("/api/games/{id}/record"), b"");
    assert_eq!(status, 200);
    assert!(record.contains("[South \"Ama, Kofi\"]"), "{record}");
    let loaded = server.ok("POST", "/api/games", Some(serde_json::json!({"record": record})));
    let id = loaded["id"].as_str().unwrap().to_string();
    let (_, again) = server.raw("GET", &format!("/api/games/{id}/record"), b"");
    assert!(again.contains("[South \"Ama, Kofi\"]"), "{again}");
}
