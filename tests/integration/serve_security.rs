//! `sow serve` attacked the ways DESIGN.md §9 names: each test makes the attack and sees it
//! refused. DNS rebinding (a foreign `Host`), requests from another site's page, text that is
//! too long or echoed back, a flood of games, computer players asked to think without end,
//! searches left running, a server that will not stop.
//!
//! What the server answers is tested on its routes in this process ([`Local`]); what needs
//! the binary on a loopback port ([`Server`]) is tested there: a foreign host as HTTP on the
//! wire names it, the memory a flood takes, a client that hangs up, signals, a rules file
//! refused before serving.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use sow::web::Limits;

use super::local::Local;
use super::server::{Api, Reply, Server};

/// The status and error code of a reply, checking that it is a JSON error.
fn refusal(reply: &Reply) -> (u16, String) {
    let value = reply.json();
    let code = value["code"].as_str().unwrap_or_else(|| panic!("no JSON error in {reply:?}"));
    assert!(value["error"].as_str().is_some_and(|e| !e.is_empty()), "{value}");
    (reply.status, code.to_string())
}

fn status(server: &impl Api) -> Value {
    server.ok("GET", "/api/status", None)
}

fn new_game(server: &impl Api, request: Value) -> String {
    server.ok("POST", "/api/games", Some(request))["id"].as_str().unwrap().to_string()
}

/// Poll `f` every 10 ms until it holds, for at most `limit`; how long it took.
fn within(limit: Duration, mut f: impl FnMut() -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if f() {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

#[test]
fn dns_rebinding_is_refused() {
    let server = Local::start();
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    let json = ("Content-Type", "application/json");
    let foreign =
        ["evil.example".to_string(), format!("evil.example:{port}"), "127.0.0.2:".to_string() + &port];
    for host in &foreign {
        for (method, path) in [("GET", "/"), ("GET", "/api/rules"), ("POST", "/api/games")] {
            let reply = server.exchange(method, path, &[("Host", host), json], b"{}");
            assert_eq!(refusal(&reply), (421, "wrong_host".to_string()), "{method} {path} Host: {host}");
        }
    }
    // No Host at all, and an absolute URI naming another host.
    let reply = server.exchange("GET", "/api/rules", &[], b"");
    assert_eq!(refusal(&reply), (421, "wrong_host".to_string()), "{reply:?}");
    let reply = server.exchange("GET", "http://evil.example/api/rules", &[("Host", &server.addr)], b"");
    assert_eq!(refusal(&reply), (421, "wrong_host".to_string()), "{reply:?}");
    // No game was made; the server's own names are answered.
    for host in [server.addr.clone(), format!("localhost:{port}"), format!("[::1]:{port}")] {
        let reply = server.exchange("GET", "/api/status", &[("Host", &host)], b"");
        assert_eq!(reply.status, 200, "Host: {host}: {reply:?}");
        assert_eq!(reply.json()["games"], 0);
    }
}

/// Through the binary: a `Host`, or its absence, and an absolute URI as HTTP/1.1 on the wire
/// carries them, read by the server's own HTTP stack.
#[test]
fn dns_rebinding_is_refused_on_the_wire() {
    let server = Server::start(&[]);
    let reply = server.exchange("GET", "/api/rules", &[("Host", "evil.example")], b"");
    assert_eq!(refusal(&reply), (421, "wrong_host".to_string()), "{reply:?}");
    let reply = server.exchange("GET", "/api/rules", &[], b"");
    assert_eq!(refusal(&reply), (421, "wrong_host".to_string()), "{reply:?}");
    let reply = Server::receive(server.send(
        "GET http://evil.example/api/rules HTTP/1.1",
        &[("Host", &server.addr)],
        b"",
    ));
    assert_eq!(refusal(&reply), (421, "wrong_host".to_string()), "{reply:?}");
    assert_eq!(server.exchange("GET", "/api/status", &[("Host", &server.addr)], b"").status, 200);
}

#[test]
fn requests_from_another_site_are_refused() {
    let server = Local::start();
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    let host = ("Host", server.addr.as_str());
    let own = format!("http://localhost:{port}");
    let body = br#"{"north": "easy"}"#;
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a [u8], u16, &'a str);
    let cases: &[Case] = &[
        // The attack as found: a page of another site posting text/plain.
        (&[("Origin", "http://evil.example"), ("Content-Type", "text/plain")], body, 403, "cross_origin"),
        (
            &[("Origin", "http://evil.example"), ("Content-Type", "application/json")],
            body,
            403,
            "cross_origin",
        ),
        (&[("Origin", "null"), ("Content-Type", "application/json")], body, 403, "cross_origin"),
        (&[("Origin", "https://127.0.0.1")], b"", 403, "cross_origin"),
        // What no page's script can send cross-site without a preflight: forms, plain text.
        (&[("Content-Type", "text/plain")], body, 415, "json_only"),
        (&[("Content-Type", "application/x-www-form-urlencoded")], b"north=easy", 415, "json_only"),
        (&[("Content-Type", "multipart/form-data; boundary=x")], body, 415, "json_only"),
        (&[], body, 415, "json_only"),
        // A bare POST is taken only from the server's own page.
        (&[], b"", 415, "json_only"),
    ];
    for (headers, body, status, code) in cases {
        let mut all = vec![host];
        all.extend_from_slice(headers);
        let reply = server.exchange("POST", "/api/games", &all, body);
        assert_eq!(refusal(&reply), (*status, code.to_string()), "{headers:?}");
    }
    assert_eq!(status(&server)["games"], 0, "a refused request made a game");
    // The page's own requests pass: JSON with its Origin, and a bare POST with its Origin.
    let made = server.exchange(
        "POST",
        "/api/games",
        &[host, ("Origin", &format!("http://{}", server.addr)), ("Content-Type", "application/json")],
        body,
    );
    assert_eq!(made.status, 201, "{made:?}");
    let id = made.json()["id"].as_str().unwrap().to_string();
    server.ok("POST", &format!("/api/games/{id}/play"), Some(json!({"move": "a2"})));
    let undone = server.exchange("POST", &format!("/api/games/{id}/undo"), &[host, ("Origin", &own)], b"");
    assert_eq!(undone.status, 200, "{undone:?}");
    // Another site cannot delete it either.
    let reply = server.exchange(
        "DELETE",
        &format!("/api/games/{id}"),
        &[host, ("Origin", "http://evil.example")],
        b"",
    );
    assert_eq!(refusal(&reply), (403, "cross_origin".to_string()));
    server.ok("GET", &format!("/api/games/{id}"), None);
}

#[test]
fn long_text_is_refused_and_never_echoed_whole() {
    let server = Local::start();
    let long = "x".repeat(250 * 1024);
    let name = "n".repeat(125 * 1024);
    let id = new_game(&server, json!({}));
    let cases: Vec<(String, Value, &str)> = vec![
        ("/api/games".into(), json!({"south_team": [name]}), "bad_team"),
        ("/api/games".into(), json!({"north_team": vec!["Ama"; 9]}), "bad_team"),
        ("/api/games".into(), json!({"south_team": ["a".repeat(41)]}), "bad_team"),
        ("/api/games".into(), json!({"south_team": ["Ama\n1. a1"]}), "bad_team"),
        ("/api/games".into(), json!({"rules": long}), "too_long"),
        ("/api/games".into(), json!({"ruleset": long}), "too_long"),
        ("/api/games".into(), json!({"north": long}), "too_long"),
        ("/api/games".into(), json!({"params": {long.clone(): 8}}), "too_long"),
        ("/api/games".into(), json!({long.clone(): 1}), "bad_request"),
        ("/api/games".into(), json!({"seed": long}), "bad_request"),
        ("/api/games".into(), json!({"north": format!("mcts {}", "y ".repeat(50))}), "bad_player"),
        ("/api/games".into(), json!({"record": format!("[Rules \"nsolo\"]\n\n1. {long}\n")}), "bad_record"),
        (format!("/api/games/{id}/play"), json!({"move": long}), "too_long"),
        (format!("/api/games/{id}/play"), json!({"move": "q".repeat(1500)}), "bad_notation"),
        (format!("/api/games/{}", "f".repeat(20 * 1024)), json!({}), "no_such_game"),
        (format!("/api/{}", "p".repeat(20 * 1024)), json!({}), "not_found"),
    ];
    for (path, body, code) in cases {
        let method = if path.contains("/play") || path == "/api/games" { "POST" } else { "GET" };
        let body = body.to_string();
        let reply = server.exchange(
            method,
            &path,
            &[("Host", &server.addr), ("Content-Type", "application/json")],
            body.as_bytes(),
        );
        let (status, got) = refusal(&reply);
        assert!(
            (400..500).contains(&status) && got == code,
            "{method} {}: {status} {got} (wanted {code})",
            &path[..40.min(path.len())]
        );
        // Nothing long comes back: not in the message, not in a diagnostic.
        assert!(reply.body.len() < 8 * 1024, "{code}: {} bytes came back", reply.body.len());
        for word in reply.json()["error"].as_str().unwrap().split_whitespace() {
            assert!(word.chars().count() <= 90, "{code}: a word of {} characters came back", word.len());
        }
        if let Some(detail) = reply.json()["detail"].as_str() {
            assert!(detail.lines().all(|l| l.chars().count() <= 170), "{code}: {detail}");
        }
    }
    assert_eq!(status(&server)["games"], 1);
}

/// Through the binary: the memory measured is the server process's own.
#[test]
fn a_flood_of_games_neither_locks_out_a_newcomer_nor_grows_memory() {
    // The attack as found: 1,010 games with long team names. Names are refused now; with the
    // longest names taken, games beyond the limits push out the least recently used ones.
    let server = Server::start(&["--max-memory", "4MiB", "--max-games", "500"]);
    let rss = || {
        let status = std::fs::read_to_string(format!("/proc/{}/status", server.pid())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .map_or(0, |kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().unwrap_or(0) * 1024)
    };
    let first = new_game(&server, json!({}));
    let before = rss();
    let names: Vec<String> = (0..8).map(|i| format!("{i}{}", "n".repeat(39))).collect();
    let request = json!({"south_team": names, "north_team": names}).to_string();
    let started = Instant::now();
    for _ in 0..1010 {
        let (status, text) = server.raw("POST", "/api/games", request.as_bytes());
        assert_eq!(status, 201, "{text}");
    }
    let flood = started.elapsed();
    let held = status(&server);
    assert!(held["memory"].as_u64().unwrap() <= 4 << 20, "{held}");
    assert!(held["games"].as_u64().unwrap() < 500, "{held}");
    let grown = rss().saturating_sub(before);
    assert!(grown < 48 << 20, "the server grew by {} MiB", grown >> 20);
    // The oldest game went first; a newcomer is let in at once.
    assert_eq!(server.call("GET", &format!("/api/games/{first}"), None).0, 404);
    let newcomer = server.call("POST", "/api/games", Some(json!({"north": "easy"})));
    assert_eq!(newcomer.0, 201, "{newcomer:?}");
    assert!(flood < Duration::from_secs(30), "{flood:?}");
}

#[test]
fn games_longer_than_the_limit_are_refused() {
    let server = Local::with(Limits { max_turns: 2, ..Limits::default() });
    let id = new_game(&server, json!({"south": "human", "north": "human"}));
    for word in ["a2", "d2"] {
        server.ok("POST", &format!("/api/games/{id}/play"), Some(json!({"move": word})));
    }
    let reply = server.call("POST", &format!("/api/games/{id}/play"), Some(json!({"move": "a3"})));
    assert_eq!((reply.0, reply.1["code"].as_str()), (409, Some("game_too_long")), "{reply:?}");
    assert!(reply.1["error"].as_str().unwrap().contains("--max-turns"));
    // A record of more turns than a server keeps is not loaded.
    let record = server.raw("GET", &format!("/api/games/{id}/record"), b"").1;
    let shorter = Local::with(Limits { max_turns: 1, ..Limits::default() });
    let reply = shorter.call("POST", "/api/games", Some(json!({"record": record})));
    assert_eq!((reply.0, reply.1["code"].as_str()), (400, Some("game_too_long")), "{reply:?}");
}

#[test]
fn computer_players_beyond_the_caps_are_refused() {
    let server = Local::start();
    for (player, flag) in [
        ("mcts:3600s", "--max-think"),
        ("alphabeta:11s", "--max-think"),
        ("alphabeta:64", "--max-depth"),
        ("mcts:100000000", "--max-playouts"),
    ] {
        for side in ["south", "north"] {
            let reply = server.call("POST", "/api/games", Some(json!({side: player})));
            assert_eq!((reply.0, reply.1["code"].as_str()), (400, Some("bad_player")), "{player}: {reply:?}");
            let message = reply.1["error"].as_str().unwrap();
            assert!(message.contains(flag) && message.contains(player), "{message}");
        }
    }
    assert_eq!(status(&server)["games"], 0);
    // Within the caps, and the levels the page offers.
    for player in ["mcts:10s", "alphabeta:20", "mcts:1000000", "hard", "medium", "easy"] {
        server.ok("POST", "/api/games", Some(json!({"south": player})));
    }
    // The caps are flags (`--max-think 1s --max-depth 4 --max-playouts 500`, read into these
    // limits as `cli/serve.rs` tests); a level is cut to them rather than refused.
    let server = Local::with(Limits {
        max_think: Duration::from_secs(1),
        max_depth: 4,
        max_playouts: 500,
        ..Limits::default()
    });
    let reply = server.call("POST", "/api/games", Some(json!({"south": "mcts:2s"})));
    assert!(reply.1["error"].as_str().unwrap().contains("at most 1 s"), "{reply:?}");
    for (player, ok) in
        [("alphabeta:5", false), ("alphabeta:4", true), ("mcts:501", false), ("mcts:500", true)]
    {
        assert_eq!(
            server.call("POST", "/api/games", Some(json!({"south": player}))).0 == 201,
            ok,
            "{player}"
        );
    }
    let hard = server.ok("POST", "/api/games", Some(json!({"south": "hard"})));
    assert_eq!(hard["players"]["south"]["controller"], "strongest:1s", "{hard}");
}

/// A game whose computer (South) thinks for `player`, and a thread asking it to move; the
/// thread's answer and how long it took.
fn thinking<S: Api + Send + Sync + 'static>(
    server: &Arc<S>,
    player: &str,
) -> (String, std::thread::JoinHandle<(Reply, Duration)>) {
    let id = new_game(server, json!({"south": player, "north": "human", "seed": 1}));
    let asker = {
        let server = server.clone();
        let id = id.clone();
        std::thread::spawn(move || {
            let start = Instant::now();
            let reply = server.exchange(
                "POST",
                &format!("/api/games/{id}/computer"),
                &[("Host", server.addr()), ("Content-Type", "application/json")],
                b"",
            );
            (reply, start.elapsed())
        })
    };
    assert!(
        within(Duration::from_secs(2), || status(server)["searches"] == 1).is_some(),
        "no search started"
    );
    (id, asker)
}

#[test]
fn a_thinking_computer_blocks_no_read_of_its_game_and_thinks_once() {
    let server = Arc::new(Local::start());
    let (id, asker) = thinking(&server, "mcts:2s");
    let start = Instant::now();
    let view = server.ok("GET", &format!("/api/games/{id}"), None);
    let read = start.elapsed();
    // (A read takes a few milliseconds; a busy machine may take longer, never the 2 s.)
    assert!(read < Duration::from_secs(1), "a read waited {read:?} for the computer");
    assert_eq!(view["computer_to_move"], true);
    assert_eq!(server.raw("GET", &format!("/api/games/{id}/record"), b"").0, 200);
    let again = server.call("POST", &format!("/api/games/{id}/computer"), None);
    assert_eq!((again.0, again.1["code"].as_str()), (409, Some("thinking")), "{again:?}");
    let (reply, took) = asker.join().unwrap();
    assert_eq!(reply.status, 200, "{reply:?}");
    assert!(took >= Duration::from_millis(500), "{took:?}");
    // A hint is a search too: one at a time per game.
    let human = new_game(&server, json!({"south": "human", "north": "human"}));
    let hinter = {
        let server = server.clone();
        let human = human.clone();
        std::thread::spawn(move || server.call("POST", &format!("/api/games/{human}/hint"), None))
    };
    assert!(within(Duration::from_secs(2), || status(&server)["searches"] == 1).is_some());
    let again = server.call("POST", &format!("/api/games/{human}/hint"), None);
    assert_eq!((again.0, again.1["code"].as_str()), (409, Some("thinking")), "{again:?}");
    assert_eq!(hinter.join().unwrap().0, 200);
}

/// A game whose computer (South, `player`) is asked to move by a raw request left open, once
/// the server counts its search: the game's id and the request's connection.
fn search_in_flight(server: &Server, player: &str) -> (String, std::net::TcpStream) {
    let id = new_game(server, json!({"south": player, "north": "human"}));
    let stream = server.send(
        &format!("POST /api/games/{id}/computer HTTP/1.1"),
        &[("Host", &server.addr), ("Content-Type", "application/json")],
        b"",
    );
    assert!(within(Duration::from_secs(2), || status(server)["searches"] == 1).is_some());
    (id, stream)
}

/// Through the binary: the client hangs up its connection.
#[test]
fn a_search_stops_when_its_client_goes() {
    let server = Server::start(&[]);
    // The client goes: the request is dropped, and its search with it.
    let (id, stream) = search_in_flight(&server, "mcts:8s");
    drop(stream);
    let stopped = within(Duration::from_secs(2), || status(&server)["searches"] == 0);
    assert!(
        stopped.is_some_and(|t| t < Duration::from_millis(1500)),
        "the search went on after its client left: {stopped:?}"
    );
    // The game is free for the next search at once.
    let stream = server.send(
        &format!("POST /api/games/{id}/computer HTTP/1.1"),
        &[("Host", &server.addr), ("Content-Type", "application/json")],
        b"",
    );
    assert!(within(Duration::from_secs(2), || status(&server)["searches"] == 1).is_some());
    drop(stream);
}

#[test]
fn a_search_stops_when_its_game_is_deleted_or_its_time_is_up() {
    // The game is deleted: its search stops, and its request says why.
    let server = Arc::new(Local::start());
    let (id, asker) = thinking(&server, "mcts:8s");
    assert_eq!(server.raw("DELETE", &format!("/api/games/{id}"), b"").0, 204);
    let (reply, took) = asker.join().unwrap();
    assert_eq!(refusal(&reply), (409, "changed".to_string()));
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert!(within(Duration::from_secs(1), || status(&server)["searches"] == 0).is_some());

    // A count budget is stopped at the think cap.
    let server = Arc::new(Local::with(Limits { max_think: Duration::from_millis(300), ..Limits::default() }));
    let (_, asker) = thinking(&server, "mcts:1000000");
    let (reply, took) = asker.join().unwrap();
    assert_eq!(reply.status, 200, "{reply:?}");
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn searches_at_once_are_capped() {
    // (A small tree for each search is enough to play: the tree stops growing, the search
    // goes on.)
    let server =
        Arc::new(Local::with(Limits { max_searches: 1, search_memory: 1 << 20, ..Limits::default() }));
    let (_, asker) = thinking(&server, "mcts:1s");
    let other = new_game(&server, json!({"south": "mcts:1s", "north": "human"}));
    let busy = server.call("POST", &format!("/api/games/{other}/computer"), None);
    assert_eq!((busy.0, busy.1["code"].as_str()), (503, Some("busy")), "{busy:?}");
    assert!(busy.1["error"].as_str().unwrap().contains("--max-searches"));
    assert_eq!(asker.join().unwrap().0.status, 200);
}

#[test]
fn a_signal_stops_a_thinking_server_within_a_second() {
    for signal in ["INT", "TERM"] {
        let mut server = Server::start(&[]);
        let (_, request) = search_in_flight(&server, "mcts:5s");
        let sent = Instant::now();
        server.signal(signal);
        let exit = server.wait_exit(Duration::from_secs(1));
        let took = sent.elapsed();
        assert!(exit.is_some_and(|s| s.success()), "SIG{signal}: {exit:?} after {took:?}");
        drop(request);
        // A signal as soon as the server has announced itself is heard too.
        let mut server = Server::start(&[]);
        server.signal(signal);
        let exit = server.wait_exit(Duration::from_secs(1));
        assert!(exit.is_some_and(|s| s.success()), "SIG{signal} at once: {exit:?}");
    }
}

#[test]
fn every_answer_carries_the_security_headers() {
    let server = Local::start();
    let json = ("Content-Type", "application/json");
    let replies = [
        server.exchange("GET", "/", &[("Host", &server.addr)], b""),
        server.exchange("GET", "/app.js", &[("Host", &server.addr)], b""),
        server.exchange("GET", "/api/rules", &[("Host", &server.addr)], b""),
        server.exchange("POST", "/api/games", &[("Host", &server.addr), json], b"{}"),
        server.exchange("GET", "/api/nothing", &[("Host", &server.addr)], b""),
        server.exchange("GET", "/", &[("Host", "evil.example")], b""),
        server.exchange(
            "POST",
            "/api/games",
            &[("Host", &server.addr), ("Origin", "http://evil.example")],
            b"",
        ),
    ];
    for reply in &replies {
        let csp = reply.header("content-security-policy").unwrap_or_else(|| panic!("no CSP: {}", reply.head));
        for part in ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'"] {
            assert!(csp.contains(part), "{csp}");
        }
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(reply.header("x-frame-options"), Some("DENY"));
        assert_eq!(reply.header("referrer-policy"), Some("no-referrer"));
    }
}

#[test]
fn api_errors_name_the_path_asked_for() {
    let server = Local::start();
    let (status, value) = server.call("GET", "/api/nothing", None);
    assert_eq!(status, 404);
    assert!(value["error"].as_str().unwrap().contains("`/api/nothing`"), "{value}");
    let (status, value) = server.call("DELETE", "/api/rules", None);
    assert_eq!(status, 405);
    assert!(value["error"].as_str().unwrap().contains("`/api/rules`"), "{value}");
}

#[test]
fn a_rules_file_with_a_broken_ruleset_is_reported_before_serving() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(["serve", "tests/fixtures/serve/broken_ruleset.sow", "--port", "0"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("serving"), "{stdout}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("sow::check::off_board"), "{err}");
}
