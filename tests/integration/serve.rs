//! `sow serve`'s JSON API: a game played and checked against the engine, every error as JSON
//! with its status, every bundled rules file playable, a thinking computer that holds up no
//! other game (all through its routes in this process), idle games forgotten and a rules
//! file that does not compile (through the real binary).

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use sow::Game;
use sow::web::Limits;

use super::local::Local;
use super::server::{Api, Server};

fn board(view: &Value) -> Vec<u16> {
    view["board"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap() as u16).collect()
}

fn error_code(server: &impl Api, method: &str, path: &str, body: Option<Value>) -> (u16, String) {
    let (status, value) = server.call(method, path, body);
    let code = value["code"].as_str().unwrap_or_else(|| panic!("{method} {path}: no JSON error in {value}"));
    assert!(value["error"].as_str().is_some_and(|e| !e.is_empty()), "{value}");
    (status, code.to_string())
}

fn nsolo(columns: u32) -> sow::Rules {
    let text = sow::bundled::bundled(sow::bundled::DEFAULT_RULES).unwrap();
    let columns = format!("columns={columns}");
    sow::compile("nsolo", text, &sow::Options::new(None, &[&columns])).unwrap()
}

#[test]
fn a_game_through_the_api_matches_the_engine() {
    let server = Local::start();
    let catalogue = server.ok("GET", "/api/rules", None);
    assert_eq!(catalogue["default"], sow::bundled::DEFAULT_RULES);
    let players: Vec<&str> =
        catalogue["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(players, ["human", "easy", "medium", "hard"]);

    let view = server.ok("POST", "/api/games", Some(json!({"north": "easy", "seed": 1})));
    let id = view["id"].as_str().unwrap().to_string();
    let rules = nsolo(8);
    let mut game = Game::new(&rules);
    assert_eq!(board(&view), rules.board_counts(game.state()));
    assert_eq!(view["players"]["north"]["level"], "easy");

    // A capture from the start: a1 relays twice and lands in the empty b8.
    let answer = server.ok("POST", &format!("/api/games/{id}/play"), Some(json!({"move": "a1"})));
    let played = &answer["played"][0];
    let laps: Vec<&str> =
        played["laps"].as_array().unwrap().iter().map(|l| l["from"].as_str().unwrap()).collect();
    assert_eq!(laps, ["a1", "a3", "a6"]);
    assert_eq!(played["taken"][0][0], "c8");
    game.play(rules.parse_move(game.state(), "a1").unwrap()).unwrap();
    assert_eq!(board(&answer["game"]), rules.board_counts(game.state()));
    assert_eq!(answer["game"]["phase"], "pick");
    assert!(answer["game"]["pending"].as_str().unwrap().starts_with("take 2 seeds from North"));

    // A pick out of order is explained; the legal ones finish the turn.
    let (status, code) =
        error_code(&server, "POST", &format!("/api/games/{id}/play"), Some(json!({"move": "b3"})));
    assert_eq!((status, code.as_str()), (400, "illegal_move"));
    let mut view = answer["game"].clone();
    while view["phase"] == "pick" {
        let pick = view["legal"][0]["text"].as_str().unwrap().to_string();
        view =
            server.ok("POST", &format!("/api/games/{id}/play"), Some(json!({"move": pick})))["game"].clone();
        game.play(rules.parse_move(game.state(), &pick).unwrap()).unwrap();
        assert_eq!(board(&view), rules.board_counts(game.state()));
    }
    assert_eq!(view["computer_to_move"], true);

    // A person cannot move for the computer; the computer plays one decision at a time.
    let (status, code) =
        error_code(&server, "POST", &format!("/api/games/{id}/play"), Some(json!({"move": "d1"})));
    assert_eq!((status, code.as_str()), (409, "not_your_turn"));
    while view["computer_to_move"] == true {
        let answer = server.ok("POST", &format!("/api/games/{id}/computer"), None);
        let text = answer["played"][0]["text"].as_str().unwrap();
        game.play(rules.parse_move(game.state(), text).unwrap()).unwrap();
        view = answer["game"].clone();
        assert_eq!(board(&view), rules.board_counts(game.state()));
    }
    let (status, code) = error_code(&server, "POST", &format!("/api/games/{id}/computer"), None);
    assert_eq!((status, code.as_str()), (409, "not_your_turn"));

    // Illegal and unreadable clicks are explained in the engine's words.
    let (status, value) = server.call("POST", &format!("/api/games/{id}/play"), Some(json!({"move": "c3"})));
    assert_eq!(status, 400);
    assert_eq!(value["code"], "illegal_move");
    assert!(value["error"].as_str().unwrap().contains("North's hole"), "{value}");
    let (status, code) =
        error_code(&server, "POST", &format!("/api/games/{id}/play"), Some(json!({"move": "z9"})));
    assert_eq!((status, code.as_str()), (400, "bad_notation"));

    // The record names the turns; loading it gives the same game.
    let (status, record) = server.raw("GET", &format!("/api/games/{id}/record"), b"");
    assert_eq!(status, 200);
    assert!(record.contains("[Rules \"nsolo\"]") && record.contains("\n1. a1 x "), "{record}");
    let loaded = server.ok("POST", "/api/games", Some(json!({"record": record, "north": "easy"})));
    assert_eq!(board(&loaded), board(&view));
    assert_eq!(loaded["turns"], view["turns"]);
    // A record of `sow play rules/nsolo.sow` names a path; the offered file of that name serves.
    let by_path = record.replace("[Rules \"nsolo\"]", "[Rules \"rules/nsolo.sow\"]");
    let loaded = server.ok("POST", "/api/games", Some(json!({"record": by_path})));
    assert_eq!(board(&loaded), board(&view));

    // Hint, undo back to the person's turn, resign.
    let hint = server.ok("POST", &format!("/api/games/{id}/hint"), None);
    assert!(view["legal"].as_array().unwrap().iter().any(|m| m["text"] == hint["move"]), "{hint}");
    let undone = server.ok("POST", &format!("/api/games/{id}/undo"), None);
    assert_eq!(board(&undone), rules.start_counts());
    let (status, code) = error_code(&server, "POST", &format!("/api/games/{id}/undo"), None);
    assert_eq!((status, code.as_str()), (409, "nothing_to_undo"));
    let resigned = server.ok("POST", &format!("/api/games/{id}/resign"), None);
    assert_eq!(resigned["outcome"]["result"], "0-1");
    let (status, code) =
        error_code(&server, "POST", &format!("/api/games/{id}/play"), Some(json!({"move": "a2"})));
    assert_eq!((status, code.as_str()), (409, "game_over"));
    assert_eq!(server.raw("DELETE", &format!("/api/games/{id}"), b"").0, 204);
    let (status, code) = error_code(&server, "GET", &format!("/api/games/{id}"), None);
    assert_eq!((status, code.as_str()), (404, "no_such_game"));
}

#[test]
fn bad_requests_get_json_errors() {
    let server = Local::with(Limits { max_games: 3, ..Limits::default() });
    let cases: &[(&str, &str, Option<Value>, u16, &str)] = &[
        ("POST", "/api/games", Some(json!({"params": {"columns": 99}})), 400, "bad_rules"),
        ("POST", "/api/games", Some(json!({"ruleset": "nonesuch"})), 400, "bad_rules"),
        ("POST", "/api/games", Some(json!({"rules": "nsol"})), 404, "unknown_rules"),
        ("POST", "/api/games", Some(json!({"rules": "/etc/passwd"})), 404, "unknown_rules"),
        ("POST", "/api/games", Some(json!({"north": "wizard"})), 400, "bad_player"),
        ("POST", "/api/games", Some(json!({"colour": "red"})), 400, "bad_request"),
        ("POST", "/api/games", Some(json!({"record": "1. b9\n"})), 400, "bad_record"),
        ("POST", "/api/games", Some(json!([1, 2])), 400, "bad_request"),
        ("GET", "/api/games/0123", None, 404, "no_such_game"),
        ("POST", "/api/games/0123/play", Some(json!({"move": "a1"})), 404, "no_such_game"),
        ("GET", "/api/nothing", None, 404, "not_found"),
        ("DELETE", "/api/rules", None, 405, "method_not_allowed"),
    ];
    for (method, path, body, status, code) in cases {
        let got = error_code(&server, method, path, body.clone());
        assert_eq!(got, (*status, code.to_string()), "{method} {path} {body:?}");
    }
    let (status, value) = server.call("POST", "/api/games", Some(json!({"record": "1. b9\n"})));
    assert_eq!(status, 400);
    assert!(value["detail"].as_str().unwrap().contains("b9"), "{value}");
    let (status, text) = server.raw("POST", "/api/games", b"{not json");
    assert!(status == 400 && text.contains("bad_request"), "{status} {text}");
    let big = format!("{{\"record\": \"{}\"}}", "x".repeat(300 * 1024));
    let (status, text) = server.raw("POST", "/api/games", big.as_bytes());
    assert!(status == 413 && text.contains("too_large"), "{status} {text}");
    // Past the most games kept, the least recently used one goes (it was not in use).
    let ids: Vec<String> =
        (0..4).map(|_| server.ok("POST", "/api/games", None)["id"].as_str().unwrap().to_string()).collect();
    let (status, code) = error_code(&server, "GET", &format!("/api/games/{}", ids[0]), None);
    assert_eq!((status, code.as_str()), (404, "no_such_game"));
    server.ok("GET", &format!("/api/games/{}", ids[3]), None);
    // The page and its files are there.
    for path in ["/", "/app.js", "/style.css"] {
        let (status, text) = server.raw("GET", path, b"");
        assert!(status == 200 && !text.is_empty(), "{path}: {status}");
    }
}

#[test]
fn every_offered_rules_file_and_ruleset_plays() {
    let server = Local::start();
    let catalogue = server.ok("GET", "/api/rules", None);
    let files = catalogue["files"].as_array().unwrap();
    assert_eq!(files.len(), sow::bundled::bundled_names().count());
    for file in files {
        for ruleset in file["rulesets"].as_array().unwrap() {
            let request = json!({"rules": file["name"], "ruleset": ruleset["name"], "south": "random", "north": "random", "seed": 3});
            let mut view = server.ok("POST", "/api/games", Some(request));
            let id = view["id"].as_str().unwrap().to_string();
            for _ in 0..12 {
                if view["outcome"] != Value::Null {
                    break;
                }
                let answer = server.ok("POST", &format!("/api/games/{id}/computer"), None);
                let played = &answer["played"][0];
                // A seed placed from the hand where it captures from the middle of the row sows
                // nothing before the mover chooses the row end: the turn pauses, with no lap.
                let placed_and_paused = answer["game"]["phase"] == "lap_choice"
                    && played["taken"].as_array().is_some_and(|t| t.is_empty());
                // Where each seed goes into a neighbouring hole the mover chooses, the lift sows
                // nothing yet: the next decisions place the seeds.
                let lifted = answer["game"]["phase"] == "step"
                    && played["narration"].as_str().is_some_and(|n| n.contains(" lifts "));
                if played["kind"] == "sow" && !placed_and_paused && !lifted {
                    assert!(
                        !played["laps"].as_array().unwrap().is_empty(),
                        "{} {}: {played}",
                        file["name"],
                        ruleset["name"]
                    );
                }
                view = answer["game"].clone();
            }
        }
    }
}

#[test]
fn a_thinking_computer_holds_up_no_other_game() {
    let server = std::sync::Arc::new(Local::start());
    let slow = server.ok("POST", "/api/games", Some(json!({"south": "mcts:2s", "seed": 1})));
    let id = slow["id"].as_str().unwrap().to_string();
    let thinker = {
        let server = server.clone();
        std::thread::spawn(move || {
            let start = Instant::now();
            server.ok("POST", &format!("/api/games/{id}/computer"), None);
            start.elapsed()
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    let other = server.ok("POST", "/api/games", Some(json!({"north": "easy"})));
    let other_id = other["id"].as_str().unwrap();
    server.ok("POST", &format!("/api/games/{other_id}/play"), Some(json!({"move": "a2"})));
    server.ok("GET", &format!("/api/games/{other_id}"), None);
    let quick = start.elapsed();
    let thought = thinker.join().unwrap();
    assert!(quick < Duration::from_millis(700), "another game waited {quick:?}");
    assert!(thought > quick, "the computer thought {thought:?}, the other game took {quick:?}");
}

#[test]
fn a_typed_turn_is_played_whole_or_not_at_all() {
    let server = Local::start();
    let view = server.ok("POST", "/api/games", Some(json!({"south": "human", "north": "human"})));
    let id = view["id"].as_str().unwrap().to_string();
    let play =
        |words: &str| server.call("POST", &format!("/api/games/{id}/play"), Some(json!({"move": words})));
    // a1 captures and owes picks; b3 is no pick: nothing of the line is played.
    for (words, status, code) in [
        ("a1 b3", 400, "illegal_move"),
        ("a1 z9", 400, "bad_notation"),
        ("a2 d2", 400, "too_long"),
        ("b3 a1 a1", 400, "illegal_move"),
        ("x", 400, "bad_notation"),
        ("", 400, "bad_notation"),
    ] {
        let (got, value) = play(words);
        assert_eq!((got, value["code"].as_str()), (status, Some(code)), "{words}: {value}");
        assert!(
            value["error"].as_str().unwrap().contains("nothing was played")
                || words.trim_matches('x').is_empty(),
            "{value}"
        );
        let now = server.ok("GET", &format!("/api/games/{id}"), None);
        assert_eq!(now["board"], view["board"], "{words} changed the board");
        assert_eq!(now["turns"], view["turns"], "{words} changed the turns");
    }
    // A sowing alone leaves its picks owed, to send later; then the picks finish the turn.
    let (status, answer) = play("a1");
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["game"]["phase"], "pick");
    assert!(answer["error"].is_null());
    let picks: Vec<String> = (0..2).map(|_| "d1".to_string()).collect();
    let (status, answer) = play(&picks.join(" "));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["played"].as_array().unwrap().len(), 2);
    assert_eq!(answer["game"]["to_move"], "north");
}

/// The page offers the count of seeds to lift as decisions of their own (buttons: no hole),
/// after the hole, and tells the turn: South's a1 (2 seeds) chosen, then 1 of them lifted.
#[test]
fn the_page_offers_the_counts_to_lift() {
    let text = r#"game "Counts" {
    board 2 rows of 4 holes, no stores
    territory each player owns row pit
    setup {
        2 in every hole
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 1 seed
    }
    sow any number of seeds from the next hole
    after each lap {
        otherwise: stop
    }
    end {
        a player who cannot move ends the game and the player with more seeds wins
    }
}
"#;
    let source = sow::web::Source { name: "counts".into(), display: "counts.sow".into(), text: text.into() };
    let server = Local::serving(vec![source], sow::web::Limits::default());
    let view =
        server.ok("POST", "/api/games", Some(json!({"rules": "counts", "south": "human", "north": "human"})));
    let id = view["id"].as_str().unwrap().to_string();
    let answer = server.ok("POST", &format!("/api/games/{id}/play"), Some(json!({"move": "a1"})));
    let view = &answer["game"];
    assert_eq!(view["phase"], "lift");
    assert_eq!(view["pending"], "choose how many of the 2 seeds of a1 to lift (type the number)");
    let legal: Vec<(&str, &str, bool)> = (view["legal"].as_array().unwrap().iter())
        .map(|m| (m["text"].as_str().unwrap(), m["action"].as_str().unwrap(), m["hole"].is_null()))
        .collect();
    assert_eq!(legal, [("1", "lift 1 seed", true), ("2", "lift 2 seeds", true)]);
    let answer = server.ok("POST", &format!("/api/games/{id}/play"), Some(json!({"move": "1"})));
    assert_eq!(board(&answer["game"]), [1, 3, 2, 2, 2, 2, 2, 2]);
    assert_eq!(answer["game"]["turns"][0]["text"], "a1 1");
    assert_eq!(answer["game"]["to_move"], "north");
}

/// The page offers the holes a capture's seeds may go into as holes to click, and tells the
/// turn: South's a1 (1) lands in a2, empty, facing b2 (2); the seeds go into a4, not a1.
#[test]
fn the_page_offers_the_holes_for_captured_seeds() {
    let text = r#"game "Put" {
    board 2 rows of 4 holes, no stores
    territory each player owns row pit
    setup {
        2 in every hole
        0 in the 2nd pit hole
        1 in the leftmost pit hole
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 1 seed
    }
    sow all seeds from the next hole
    after each lap {
        when the last seed lands in an empty own hole and the opposite pit hole is occupied: capture across
        otherwise: stop
    }
    capture across {
        take the opposite pit hole
        put the taken seeds into the leftmost pit hole or the rightmost pit hole
    }
    end {
        a player who cannot move ends the game and the player with more seeds wins
    }
}
"#;
    let source = sow::web::Source { name: "put".into(), display: "put.sow".into(), text: text.into() };
    let server = Local::serving(vec![source], sow::web::Limits::default());
    let view =
        server.ok("POST", "/api/games", Some(json!({"rules": "put", "south": "human", "north": "human"})));
    let id = view["id"].as_str().unwrap().to_string();
    let answer = server.ok("POST", &format!("/api/games/{id}/play"), Some(json!({"move": "a1"})));
    let view = &answer["game"];
    assert_eq!(view["phase"], "put");
    assert_eq!(
        view["pending"],
        "choose the hole the 2 seeds taken by the capture at a2 go into (type its name)"
    );
    let legal: Vec<(&str, &str, &str)> = (view["legal"].as_array().unwrap().iter())
        .map(|m| (m["text"].as_str().unwrap(), m["action"].as_str().unwrap(), m["hole"].as_str().unwrap()))
        .collect();
    assert_eq!(
        legal,
        [("a1", "put the 2 taken seeds here", "a1"), ("a4", "put the 2 taken seeds here", "a4")]
    );
    let answer = server.ok("POST", &format!("/api/games/{id}/play"), Some(json!({"move": "a4"})));
    assert_eq!(board(&answer["game"]), [0, 1, 2, 4, 2, 0, 0, 1]);
    assert_eq!(answer["game"]["turns"][0]["text"], "a1 a4");
    assert_eq!(answer["game"]["to_move"], "north");
}

/// Lots drawn between rounds are drawn by the server, in the answer to the decision that
/// ended the round: no view waits at a lot, and a client's `lot:…` is refused, whoever's
/// turn it is. South's a1 ends the first round with South 6 (one hole, 2 over) and North 2
/// (no hole, 2 over): the lot gives North a hole (b3, made up with South's 2), or ends the
/// game for South.
#[test]
fn the_server_draws_the_lots_between_rounds() {
    let text = r#"game "Lots on the page" {
    board 2 rows of 3 holes, no stores
    territory each player owns row home
    setup {
        0 in every hole
        1 in a1
        3 in a2
        2 in each hand
    }
    circuit all rows anticlockwise
    choose {
        own hole with at least 1 seed
    }
    sow all seeds from the next hole
    after each lap {
        otherwise: stop
    }
    end {
        a player who cannot move ends the game and the player with more seeds wins
        the game is played in rounds: each player fills own holes from the left with 4 seeds each, the last with the seeds left if there are at least 3, or by lot if each has 2, made up with seeds the others have left, then the empty holes of the others, which become theirs
        after 100 turns the game is a draw
    }
}
"#;
    let source = sow::web::Source { name: "lots".into(), display: "lots.sow".into(), text: text.into() };
    let server = Local::serving(vec![source], sow::web::Limits::default());
    let mut fell = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let body = json!({"rules": "lots", "south": "human", "north": "human", "seed": seed});
        let view = server.ok("POST", "/api/games", Some(body));
        let id = view["id"].as_str().unwrap().to_string();
        let play = format!("/api/games/{id}/play");
        assert_eq!(
            error_code(&server, "POST", &play, Some(json!({"move": "lot:north"}))),
            (400, "illegal_move".into())
        );
        let answer = server.ok("POST", &play, Some(json!({"move": "a1"})));
        let played: Vec<&str> =
            (answer["played"].as_array().unwrap().iter()).map(|p| p["text"].as_str().unwrap()).collect();
        assert_eq!(played.len(), 2, "{answer}");
        assert_eq!(played[0], "a1");
        assert_eq!(answer["played"][1]["kind"], "lot");
        assert_ne!(answer["game"]["phase"], "lot");
        match played[1] {
            "lot:north" => {
                assert!(answer["game"]["outcome"].is_null(), "{answer}");
                // South's leftmost hole, a1, holds their 4; North's leftmost (from their seat),
                // b3, their 2 and South's 2.
                assert_eq!(board(&answer["game"]), [4, 0, 0, 0, 0, 4]);
            }
            "lot:south" => assert!(!answer["game"]["outcome"].is_null(), "{answer}"),
            other => panic!("{other}"),
        }
        assert_eq!(answer["game"]["turns"][0]["text"], format!("a1 {}", played[1]));
        fell.insert(played[1].to_string());
    }
    // Each seat's lot came up in a dozen games (each has the same chance).
    assert_eq!(fell.len(), 2, "{fell:?}");
}

/// A game whose first player is drawn by lot: the server draws it as it creates the game
/// (from the game's seed), so the game starts with a player to move, South in some games and
/// North in others, and the lot opens the first turn's record.
#[test]
fn the_server_draws_the_first_player_by_lot() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/told/first_lot.sow"))
            .unwrap();
    let source = sow::web::Source { name: "first".into(), display: "first_lot.sow".into(), text };
    let server = Local::serving(vec![source], sow::web::Limits::default());
    let mut first = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let body = json!({"rules": "first", "south": "human", "north": "human", "seed": seed});
        let view = server.ok("POST", "/api/games", Some(body));
        assert_ne!(view["phase"], "lot", "{view}");
        let lot = view["turns"][0]["text"].as_str().unwrap().to_string();
        assert!(lot == "lot:south" || lot == "lot:north", "{view}");
        let id = view["id"].as_str().unwrap().to_string();
        let play = format!("/api/games/{id}/play");
        assert_eq!(
            error_code(&server, "POST", &play, Some(json!({"move": "lot:north"}))),
            (400, "illegal_move".into())
        );
        // The lot's winner sows first: their leftmost hole.
        let hole = if lot == "lot:south" { "a1" } else { "b6" };
        let answer = server.ok("POST", &play, Some(json!({"move": hole})));
        assert_eq!(answer["game"]["turns"][0]["text"], format!("{lot} {hole}"), "{answer}");
        first.insert(lot);
    }
    assert_eq!(first.len(), 2, "{first:?}");
}

/// Through the binary: the flag, and the sweeper that `sow serve` runs beside its routes.
#[test]
fn idle_games_are_forgotten() {
    let server = Server::start(&["--idle", "1s"]);
    let view = server.ok("POST", "/api/games", None);
    let id = view["id"].as_str().unwrap();
    server.ok("GET", &format!("/api/games/{id}"), None);
    std::thread::sleep(Duration::from_millis(2500));
    let (status, code) = error_code(&server, "GET", &format!("/api/games/{id}"), None);
    assert_eq!((status, code.as_str()), (404, "no_such_game"));
}

#[test]
fn a_rules_file_that_does_not_compile_is_reported_before_serving() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(["serve", "tests/fixtures/check_err/board_rows.sow", "--port", "0"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("sow::"), "{err}");
}
