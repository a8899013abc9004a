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
/// answered within two seconds under thousands of them (as many as the file descriptors
/// allow, up to 3,000), and each is closed once its headers are overdue. (A locked-out
/// request would wait the 10 s the headers are allowed; one second was met in 1.02 s on two
/// cores busy with the rest of the suite.)
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
    assert!(start.elapsed() < Duration::from_secs(2), "answered after {:?}", start.elapsed());
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

/// A `sow lsp` fed messages from a thread of its own (so that a server slow to read cannot
/// block the test), its answers read off as they come, and its peak memory watched.
struct Lsp {
    child: std::process::Child,
    input: std::sync::mpsc::Sender<Vec<u8>>,
    answers: std::sync::mpsc::Receiver<serde_json::Value>,
    next_id: i64,
}

impl Lsp {
    fn start() -> Lsp {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_sow"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("run sow lsp");
        let mut stdin = child.stdin.take().unwrap();
        let (input, to_send) = std::sync::mpsc::channel::<Vec<u8>>();
        std::thread::spawn(move || {
            for body in to_send {
                let header = format!("Content-Length: {}\r\n\r\n", body.len());
                if stdin.write_all(header.as_bytes()).and_then(|()| stdin.write_all(&body)).is_err() {
                    return;
                }
            }
        });
        let answers = crate::lsp::read_messages(child.stdout.take().unwrap());
        let mut lsp = Lsp { child, input, answers, next_id: 0 };
        lsp.request("initialize", serde_json::json!({"capabilities": {}}), Duration::from_secs(20));
        lsp
    }

    fn notify(&self, method: &str, params: serde_json::Value) {
        let message = serde_json::json!({"jsonrpc": "2.0", "method": method, "params": params});
        self.input.send(message.to_string().into_bytes()).unwrap();
    }

    /// Send a request and wait for its answer (notifications on the way are dropped, those
    /// given to `keep`); the answer's `result`.
    fn request(&mut self, method: &str, params: serde_json::Value, deadline: Duration) -> serde_json::Value {
        self.request_keeping(method, params, deadline, &mut |_| ())
    }

    fn request_keeping(
        &mut self,
        method: &str,
        params: serde_json::Value,
        deadline: Duration,
        keep: &mut dyn FnMut(serde_json::Value),
    ) -> serde_json::Value {
        self.next_id += 1;
        let id = self.next_id;
        let message = serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.input.send(message.to_string().into_bytes()).unwrap();
        let start = Instant::now();
        loop {
            let left = deadline.checked_sub(start.elapsed()).unwrap_or_default();
            let answer = self
                .answers
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no answer to {method} within {deadline:?}"));
            if answer["id"] == id {
                return answer["result"].clone();
            }
            keep(answer);
        }
    }

    /// The peak resident memory so far, in MiB (Linux).
    fn peak_mib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
    }
}

impl Drop for Lsp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn hover_at(line: u32, character: u32) -> serde_json::Value {
    serde_json::json!({"textDocument": {"uri": LSP_URI}, "position": {"line": line, "character": character}})
}

const LSP_URI: &str = "file:///hostile/game.sow";

/// Row 9: edits cost what they change, not the document's size: 200 changes of 1,000 edits
/// each (the most one change may carry) to a 985 KiB document, then 2,000 changes of one
/// edit each, are applied and answered within seconds and 300 MiB (about 2 s of CPU in all,
/// 52 MiB; on main, where each edit copied and indexed the whole text and each change parsed
/// it on the message loop, the first part took 342 s); the diagnostics of the last text
/// come, and a hover after them finds the text as edited.
#[test]
fn many_edits_to_a_large_document() {
    use serde_json::json;
    let text = lap_rules(14_400);
    assert!(text.len() > 970 << 10 && text.len() < sow::source::MAX_RULES_BYTES, "{}", text.len());
    let lines = text.lines().count() as u32;
    let mut lsp = Lsp::start();
    let start = Instant::now();
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": LSP_URI, "languageId": "sow", "version": 1, "text": text}}),
    );
    // Each edit puts a space before a lap rule, or takes it away again (so that the text
    // stays under the 1 MiB a rules file may have, and parses).
    let mut version = 1;
    let line = |k: u32| 10 + k / 2 * 7 % (lines - 20);
    let space = |k: u32| {
        let end = k % 2;
        json!({"range": {"start": {"line": line(k), "character": 0}, "end": {"line": line(k), "character": end}}, "text": if end == 0 { " " } else { "" }})
    };
    for change in 0..200 {
        version += 1;
        let edits: Vec<_> = (0..1_000).map(|k| space(change * 1_000 + k)).collect();
        lsp.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": LSP_URI, "version": version}, "contentChanges": edits}),
        );
    }
    // A request after them is answered once they are applied (it may find the text not yet
    // parsed: its answer does not matter here).
    lsp.request("textDocument/hover", hover_at(0, 0), Duration::from_secs(60));
    let took = start.elapsed();
    assert!(took < Duration::from_secs(30), "200,000 edits answered after {took:?}");
    let start = Instant::now();
    for k in 0..2_000 {
        version += 1;
        lsp.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": LSP_URI, "version": version}, "contentChanges": [space(200_000 + k)]}),
        );
    }
    let mut published = None;
    lsp.request_keeping("textDocument/hover", hover_at(0, 0), Duration::from_secs(60), &mut |m| {
        if m["method"] == "textDocument/publishDiagnostics" {
            published = Some(m["params"]["version"].clone());
        }
    });
    let took = start.elapsed();
    assert!(took < Duration::from_secs(30), "2,000 changes of one edit answered after {took:?}");
    // The last text is checked and its diagnostics published.
    let deadline = Instant::now() + Duration::from_secs(60);
    while published != Some(json!(version)) {
        let left = deadline.checked_duration_since(Instant::now()).expect("the last text's diagnostics");
        let m = lsp.answers.recv_timeout(left).expect("the last text's diagnostics");
        if m["method"] == "textDocument/publishDiagnostics" {
            published = Some(m["params"]["version"].clone());
        }
    }
    // A lap rule never edited (line 9), and one edited many times: a hover on the `when` of
    // each finds the lap rule.
    for (line, character) in [(9, 10), (10, 10)] {
        let hover = lsp.request("textDocument/hover", hover_at(line, character), Duration::from_secs(20));
        let value = hover["contents"]["value"].as_str().unwrap_or_default();
        assert!(value.contains("when the last seed lands in an occupied"), "line {line}: {hover}");
    }
    if let Some(peak) = lsp.peak_mib() {
        assert!(peak < 300, "peak memory {peak} MiB");
    }
}

/// "The language server never blocks": while a check of a few seconds runs (a 340 KiB file
/// of 5,000 lap rules and 16 parameters: 33 compilations), hovers are answered from the
/// parse the server keeps, each at once (on main a hover parsed the file again, twice, and
/// compiled it: 1.6 to 3 s each); and after an edit, the check of the old text is given up
/// and the hover finds the new text.
#[test]
fn hovers_are_answered_during_a_long_check() {
    use serde_json::json;
    let params: String =
        (0..16).map(|k| format!("    param p{} = 2 in 1..3 \"p\"\n", "q".repeat(k + 1))).collect();
    let text = lap_rules(5_000).replacen("{\n", &format!("{{\n{params}"), 1);
    let rule = text.lines().position(|l| l.contains("occupied own inner hole")).unwrap() as u32;
    let mut lsp = Lsp::start();
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": LSP_URI, "languageId": "sow", "version": 1, "text": text}}),
    );
    // The text is parsed off the message loop (a few hundred ms for 340 KiB, more on a loaded
    // machine): a hover finds the rule on its line once it is.
    let wait_parsed = |lsp: &mut Lsp, line: u32| {
        let start = Instant::now();
        while !lsp.request("textDocument/hover", hover_at(line, 10), Duration::from_secs(20))["contents"]["value"]
            .as_str()
            .is_some_and(|v| v.contains("when the last seed lands in an occupied own inner hole"))
        {
            assert!(start.elapsed() < Duration::from_secs(30), "the text was never parsed");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    let mut times = Vec::new();
    let mut answered = 0;
    let mut hover_all = |lsp: &mut Lsp, from: u32| {
        for k in 0..10 {
            let start = Instant::now();
            let hover = lsp.request("textDocument/hover", hover_at(from + k, 10), Duration::from_secs(20));
            times.push(start.elapsed());
            if hover["contents"]["value"]
                .as_str()
                .is_some_and(|v| v.contains("when the last seed lands in an occupied own inner hole"))
            {
                answered += 1;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    wait_parsed(&mut lsp, rule);
    hover_all(&mut lsp, rule);
    // An edit: the text moves down a line.
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": LSP_URI, "version": 2}, "contentChanges": [{"range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}}, "text": "\n"}]}),
    );
    wait_parsed(&mut lsp, rule + 1);
    hover_all(&mut lsp, rule + 1);
    times.sort();
    let (median, worst) = (times[times.len() / 2], times[times.len() - 1]);
    assert!(median < Duration::from_millis(100), "median hover {median:?} (all: {times:?})");
    assert!(worst < Duration::from_secs(1), "slowest hover {worst:?} (all: {times:?})");
    assert_eq!(answered, 20, "hovers that found the lap rule");
}

/// Informational: a 9 MB record of 1,500,000 turns, wrong at its first, is read into a few
/// times its size, not hundreds of bytes a turn (on main: 425 MiB before failing at turn 1),
/// and its error is the replay's.
#[test]
fn a_record_of_a_million_turns_is_read_compactly() {
    let dir = scratch_dir("hostile-million");
    let record = format!("[Rules \"nsolo\"]\n{}", "1. a1\n".repeat(1_500_000));
    let file = write(&dir, "million.txt", &record);
    let run = sow(&["replay", file.to_str().unwrap()], 250, Duration::from_secs(120));
    let err = String::from_utf8_lossy(&run.err);
    assert_eq!(run.code, Some(1), "{err}");
    assert!(err.contains("turn 1 is unfinished"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}

/// Informational: team names given on the command line are checked as the API checks them:
/// a bidirectional override, or a name with nothing visible, is refused before the game.
#[test]
fn team_names_on_the_command_line_are_checked() {
    for (name, why) in [
        ("Ama\u{202e}1. a1", "reorders or hides text"),
        ("\u{200b}\u{200b}", "needs a visible character"),
        ("\u{2066}Kofi", "reorders or hides text"),
    ] {
        let run = sow(
            &["play", "--south", "random", "--north", "random", "--seed", "1", "--south-team", name],
            1024,
            Duration::from_secs(60),
        );
        let err = String::from_utf8_lossy(&run.err);
        assert_eq!(run.code, Some(1), "{name:?}: {err}");
        assert!(err.contains("--south-team: a name") && err.contains(why), "{name:?}: {err}");
        assert!(run.out.is_empty(), "{name:?}: the game began: {}", String::from_utf8_lossy(&run.out));
    }
}
