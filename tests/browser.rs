//! The page of `sow serve` in real headless Chromium, driven through chromedriver with
//! fantoccini:
//! - a whole game of the default rules played by clicks against the computer (captures and
//!   their strips picked by clicking the opponent's holes), the board checked against the
//!   engine after every turn and every pick, an illegal click explained, hint and undo, a
//!   4×36 board that fits a laptop's window and plays by keyboard, and every bundled file;
//! - Kalah's stores drawn at the ends of the board with a seed seen landing in one ("moves
//!   again"), misoro holes marked by clicks and shown, the page with no game (a bad
//!   parameter) showing the diagnostic with no game button live, a long sowing shown in
//!   about 3 s, and a window 800 px wide that leaves the board the room;
//! - axe-core on the page in each of its main states: no serious or critical violation.
//!
//! Screenshots go to `SOW_SHOTS` if set (a folder), else to the target's temporary folder.
//!
//! This is its own harness (libtest-mimic): without chromedriver, or without axe-core for
//! the accessibility check (`npm ci --prefix tests/browser`), the checks are reported as
//! ignored and the reason is printed; in CI (`CI=true`) they fail instead: `.ci/run`
//! installs Debian's `chromium` and `chromium-driver`, and axe-core with npm.

#[path = "support/server.rs"]
mod server;

use std::future::Future;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use libtest_mimic::{Arguments, Completion, Failed, Trial};
use serde_json::{Value, json};
use sow::engine::{ByPlayer, Move, Phase};
use sow::session::{Controller, undo_to_human};
use sow::{Game, Rules};

use server::{Api as _, Server};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
}

fn start_driver(program: &Path) -> Result<Driver> {
    let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let child = Command::new(program)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let driver = Driver { child, port };
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if start.elapsed() > Duration::from_secs(20) {
            return Err("chromedriver did not start listening within 20 s".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(driver)
}

async fn connect(driver: &Driver) -> Result<Client> {
    let mut options = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,900", "--hide-scrollbars", "--force-device-scale-factor=1"]
    });
    if let Some(chromium) = find_program("chromium") {
        options["binary"] = json!(chromium);
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_string(), options);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await?;
    Ok(client)
}

/// Run a script in the page; its value.
async fn js(client: &Client, script: &str) -> Result<Value> {
    Ok(client.execute(script, Vec::new()).await?)
}

/// Wait until the page is waiting for a person (or the game is over): no request, no
/// animation, no computer thinking.
async fn settled(client: &Client) -> Result<String> {
    let start = Instant::now();
    loop {
        let state = js(client, "return document.body.dataset.state").await?;
        let state = state.as_str().unwrap_or_default().to_string();
        if state == "ready" || state == "over" {
            return Ok(state);
        }
        if state == "error" || start.elapsed() > Duration::from_secs(30) {
            // What the page was doing, to tell a slow computer from a stuck page.
            let message = js(client, "return document.getElementById('message').textContent").await?;
            let url = client.current_url().await.map(|u| u.to_string()).unwrap_or_default();
            let status = js(client, "return document.getElementById('status').textContent").await?;
            let log = last_log(client).await.unwrap_or_default();
            return Err(format!(
                "the page is `{state}` after {:.1} s: {message} (at {url}; status {status}; last said: {log})",
                start.elapsed().as_secs_f64()
            )
            .into());
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// The counts the page shows, in board order.
async fn page_board(client: &Client, rules: &Rules) -> Result<Vec<u16>> {
    let script = "return Array.from(document.querySelectorAll('#board [data-hole]')).map(h => [h.dataset.hole, Number(h.dataset.count)])";
    let holes = js(client, script).await?;
    let mut board = vec![u16::MAX; rules.holes()];
    for hole in holes.as_array().ok_or("no holes")? {
        let name = hole[0].as_str().ok_or("no name")?;
        let h = rules.parse_hole(name)?;
        board[rules.row_of(h) * rules.columns() + rules.column_of(h)] =
            hole[1].as_u64().ok_or("no count")? as u16;
    }
    Ok(board)
}

/// The turns in the page's move list.
async fn page_turns(client: &Client) -> Result<Vec<String>> {
    let turns = js(
        client,
        "return Array.from(document.querySelectorAll('#moves li')).map(li => li.firstChild.textContent)",
    )
    .await?;
    Ok(turns
        .as_array()
        .ok_or("no move list")?
        .iter()
        .filter_map(|t| t.as_str().map(str::to_string))
        .collect())
}

async fn text(client: &Client, css: &str) -> Result<String> {
    Ok(client.find(Locator::Css(css)).await?.text().await?)
}

async fn click_hole(client: &Client, name: &str) -> Result<()> {
    client.find(Locator::Css(&format!("#board [data-hole='{name}']"))).await?.click().await?;
    Ok(())
}

/// Bring the engine's game up to the page's move list (the computer's turns), and check the
/// page's board against it.
async fn sync(client: &Client, rules: &Rules, game: &mut Game<'_>) -> Result<()> {
    let turns = page_turns(client).await?;
    for (i, turn) in turns.iter().enumerate() {
        let ours = game.turns().get(i).map(|t| rules.turn_text(&t.moves));
        match ours {
            Some(text) if text == *turn => {}
            // The page's last turn may go on from a part the engine has (a pick owed).
            Some(text) if i + 1 == game.turns().len() && turn.starts_with(&text) => {
                let rest = turn[text.len()..].trim_start();
                game.play_turn(rest).map_err(|e| format!("turn {}: {turn}: {e}", i + 1))?;
            }
            Some(text) => {
                return Err(format!("turn {}: the page has `{turn}`, the engine `{text}`", i + 1).into());
            }
            None => {
                game.play_turn(turn).map_err(|e| format!("turn {}: `{turn}`: {e}", i + 1))?;
            }
        }
    }
    assert_eq!(page_board(client, rules).await?, rules.board_counts(game.state()), "after {turns:?}");
    if rules.store(sow::engine::Player::South).is_some() {
        let shown = js(client, "return ['south', 'north'].map(s => Number(document.querySelector(`[data-store=${s}]`).dataset.count))").await?;
        let stores: Vec<u32> = [sow::engine::Player::South, sow::engine::Player::North]
            .into_iter()
            .map(|p| rules.store_seeds(game.state(), p))
            .collect();
        assert_eq!(shown, json!(stores), "the stores after {turns:?}");
    }
    Ok(())
}

/// The sowing a player who likes captures would choose: the most seeds taken at once.
fn choose(game: &Game<'_>) -> Move {
    let moves = game.legal_moves();
    let taken = |mv: Move| {
        let mut trial = game.clone();
        trial.play(mv).map(|e| e.taken.iter().map(|&(_, n)| u32::from(n)).sum::<u32>()).unwrap_or(0)
    };
    moves.iter().copied().max_by_key(|&mv| taken(mv)).unwrap_or(moves[0])
}

/// Play the person's turn by clicks: the sowing, then each pick. Returns the picks made.
async fn play_turn_by_clicks(
    client: &Client,
    rules: &Rules,
    game: &mut Game<'_>,
    shot: &mut Option<PathBuf>,
) -> Result<usize> {
    let mv = choose(game);
    click_hole(client, &rules.move_text(mv)).await?;
    game.play(mv)?;
    finish_turn(client, rules, game, shot).await
}

/// After a sowing: pick the capture's strip by clicking the opponent's holes (the ones the
/// page offers must be the engine's), checking the page's board and the count still owed
/// against the engine after each; then wait for the computer's reply. A screenshot is taken
/// to `shot` (once) while picks are owed. Returns the picks made.
async fn finish_turn(
    client: &Client,
    rules: &Rules,
    game: &mut Game<'_>,
    shot: &mut Option<PathBuf>,
) -> Result<usize> {
    let mut picks = 0;
    loop {
        settled(client).await?;
        sync(client, rules, game).await?;
        let Phase::Pick(pick) = game.state().phase() else { return Ok(picks) };
        if game.outcome().is_some() {
            return Ok(picks);
        }
        assert_eq!(text(client, "#owed").await?, format!("{} left", pick.remaining));
        let script =
            "return Array.from(document.querySelectorAll('.hole.pickable')).map(h => h.dataset.hole)";
        let shown: Vec<String> = js(client, script)
            .await?
            .as_array()
            .ok_or("no picks")?
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        let mut shown = shown;
        shown.sort();
        let mut legal: Vec<String> = game.legal_moves().iter().map(|&m| rules.move_text(m)).collect();
        legal.sort();
        assert_eq!(shown, legal, "the page offers the engine's picks");
        if let Some(path) = shot.take() {
            std::fs::write(path, client.screenshot().await?)?;
        }
        let pick = game.legal_moves()[0];
        click_hole(client, &rules.move_text(pick)).await?;
        game.play(pick)?;
        picks += 1;
    }
}

/// Play a decision as a person does on the page: click its hole (then choose the direction,
/// or click where a transfer goes), or its button. `moves` are the legal decisions: a hole
/// with one decision is played by its click alone (such as the row end a capture is sown
/// from), one with two asks the direction.
async fn click_move(client: &Client, rules: &Rules, mv: Move, moves: &[Move]) -> Result<()> {
    let button = |text: String| async move {
        let css = format!("#actions button[data-move='{text}']");
        client.find(Locator::Css(&css)).await?.click().await
    };
    match mv {
        Move::Sow(h) | Move::Pick(h) | Move::Mark(h) | Move::Empty(h) => {
            click_hole(client, &rules.hole_name(h)).await?;
            // A hole seeds may also be moved from is chosen by the first click, sown by the
            // second.
            if moves.iter().any(|m| matches!(m, Move::Transfer(from, _) if *from == h)) {
                click_hole(client, &rules.hole_name(h)).await?;
            }
        }
        Move::SowDirection(h, _) | Move::SowThrough(h) => {
            click_hole(client, &rules.hole_name(h)).await?;
            let on_hole = moves.iter().filter(
                |m| matches!(m, Move::Sow(x) | Move::SowDirection(x, _) | Move::SowThrough(x) if *x == h),
            );
            if on_hole.count() > 1 {
                button(rules.move_text(mv)).await?;
            }
        }
        Move::Transfer(from, to) => {
            click_hole(client, &rules.hole_name(from)).await?;
            click_hole(client, &rules.hole_name(to)).await?;
        }
        Move::Stop
        | Move::Relay
        | Move::Pass
        | Move::Enter
        | Move::SowHand
        | Move::Lift(_)
        | Move::Swap
        | Move::Offer
        | Move::Agree
        | Move::Refuse => button(rules.move_text(mv)).await?,
        // The server draws a lot itself: no page ever offers one.
        Move::Lot(_) => return Err("a lot offered to a person on the page".into()),
    }
    Ok(())
}

/// A person's turn of random decisions, each by clicks, the board checked after each.
async fn play_random_turn(
    client: &Client,
    rules: &Rules,
    game: &mut Game<'_>,
    rng: &mut sow::ai::Rng,
) -> Result<()> {
    let turn = game.state().turn();
    loop {
        let moves = game.legal_moves();
        let mv = moves[sow::ai::below(rng, moves.len())];
        click_move(client, rules, mv, &moves).await?;
        game.play(mv)?;
        let goes_on = game.state().turn() == turn && game.outcome().is_none();
        settled(client).await?;
        sync(client, rules, game).await?;
        if !goes_on {
            return Ok(());
        }
    }
}

/// Where screenshots go: the folder named by `SOW_SHOTS` if set, else the target's.
fn screenshot_path(name: &str) -> PathBuf {
    match std::env::var_os("SOW_SHOTS") {
        Some(dir) if !dir.is_empty() => {
            let _ = std::fs::create_dir_all(&dir);
            Path::new(&dir).join(name)
        }
        _ => Path::new(env!("CARGO_TARGET_TMPDIR")).join(name),
    }
}

async fn screenshot(client: &Client, name: &str) -> Result<()> {
    std::fs::write(screenshot_path(name), client.screenshot().await?)?;
    Ok(())
}

fn nsolo(columns: u32) -> Rules {
    let text = sow::bundled::bundled(sow::bundled::DEFAULT_RULES).expect("default rules");
    let columns = format!("columns={columns}");
    sow::compile("nsolo", text, &sow::Options::new(None, &[&columns])).expect("compiles")
}

fn bundled_rules(name: &str, ruleset: Option<&str>) -> Rules {
    let text = sow::bundled::bundled(name).expect("bundled rules");
    sow::compile(name, text, &sow::Options::new(ruleset, &[])).expect("compiles")
}

/// axe-core's script, as `npm ci --prefix tests/browser` installs it.
fn axe_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/node_modules/axe-core/axe.min.js")
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// A check of the page, run against a server and a browser of its own.
type Check = fn(Client, Arc<Server>) -> Pin<Box<dyn Future<Output = Result<()>> + Send>>;

/// The browser checks, each in a browser of its own. Without chromedriver (or, for the
/// accessibility check, axe-core) they are reported as ignored, saying why — and fail in CI
/// (`CI=true`), where `.ci/run` installs them.
fn main() -> ExitCode {
    let mut args = Arguments::from_args();
    // One browser at a time: the checks time animations, and the machine may be small.
    if args.test_threads.is_none() {
        args.test_threads = Some(1);
    }
    let driver = find_program("chromedriver");
    let axe = axe_path().is_file().then(axe_path);
    let checks: [(&str, Check, bool); 3] = [
        ("page::a_game_by_clicks", |c, s| Box::pin(async move { a_game_by_clicks(&c, &s).await }), false),
        (
            "page::stores_marks_errors_and_narrow_windows",
            |c, s| Box::pin(async move { looks(&c, &s).await }),
            false,
        ),
        (
            "page::accessibility_with_axe_core",
            |c, s| Box::pin(async move { accessibility(&c, &s).await }),
            true,
        ),
    ];
    let no_driver = "chromedriver is not installed (apt-get install chromium chromium-driver)".to_string();
    let no_axe = format!(
        "axe-core is not installed (npm ci --prefix tests/browser; looked for {})",
        axe_path().display()
    );
    let trials = checks
        .into_iter()
        .map(|(name, check, needs_axe)| {
            let lacking = match &driver {
                None => Some(no_driver.clone()),
                Some(_) if needs_axe && axe.is_none() => Some(no_axe.clone()),
                Some(_) => None,
            };
            let program = driver.clone();
            Trial::ignorable_test(name, move || match (lacking, program) {
                (None, Some(program)) => in_browser(&program, name, check).map(|()| Completion::Completed),
                (lacking, _) => {
                    let why = lacking.unwrap_or_default();
                    if in_ci() {
                        Err(format!("CI must run the browser checks, but {why}").into())
                    } else {
                        Ok(Completion::ignored_with(why))
                    }
                }
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}

/// Run a check against a fresh server in a fresh headless Chromium, closing the browser
/// whatever the check's outcome.
fn in_browser(program: &Path, name: &str, check: Check) -> std::result::Result<(), Failed> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let started = Instant::now();
        let server = Arc::new(Server::start(&[]));
        let driver = start_driver(program).map_err(|e| e.to_string())?;
        let client = connect(&driver).await.map_err(|e| e.to_string())?;
        // The check runs in its own task so that the browser is closed even when an
        // assertion fails (killing chromedriver alone would leave Chromium running).
        let run = tokio::spawn({
            let (client, server) = (client.clone(), server.clone());
            async move { check(client, server).await.map_err(|e| e.to_string()) }
        });
        let result = run.await;
        let closed = client.close().await;
        eprintln!("{name}: {:.1} s", started.elapsed().as_secs_f64());
        match result {
            Err(failure) if failure.is_panic() => std::panic::resume_unwind(failure.into_panic()),
            Err(failure) => return Err(Failed::from(failure.to_string())),
            Ok(checked) => checked.map_err(Failed::from)?,
        }
        closed.map_err(|e| Failed::from(e.to_string()))
    })
}

/// Wait until the page is in `state` (`error`, say).
async fn wait_state(client: &Client, state: &str) -> Result<()> {
    let start = Instant::now();
    loop {
        let now = js(client, "return document.body.dataset.state").await?;
        if now.as_str() == Some(state) {
            return Ok(());
        }
        if start.elapsed() > Duration::from_secs(30) {
            return Err(format!("the page is `{now}`, not `{state}`").into());
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn set_speed(client: &Client, speed: u32) -> Result<()> {
    let script = format!(
        "const s = document.getElementById('speed'); s.value = {speed}; s.dispatchEvent(new Event('input'))"
    );
    js(client, &script).await?;
    Ok(())
}

/// The last line of the page's log of what happened.
async fn last_log(client: &Client) -> Result<String> {
    let line = js(
        client,
        "const l = document.querySelectorAll('#log li'); return l.length ? l[l.length - 1].textContent : ''",
    )
    .await?;
    Ok(line.as_str().unwrap_or_default().to_string())
}

async fn attr(client: &Client, css: &str, name: &str) -> Result<String> {
    Ok(client.find(Locator::Css(css)).await?.attr(name).await?.unwrap_or_default())
}

/// Kalah's stores, misoro marks, the page with no game, and a narrow window; a long sowing
/// shown in a few seconds.
async fn looks(client: &Client, server: &Server) -> Result<()> {
    let base = format!("http://{}/", server.addr);

    // Kalah: a store at each end, as on a wooden board; South's a3 drops its last seed in
    // South's store (seen landing there), and South moves again.
    client.goto(&format!("{base}?rules=kalah&north=random&speed=1&seed=3")).await?;
    settled(client).await?;
    let rules = bundled_rules("kalah", None);
    let mut game = Game::new(&rules);
    sync(client, &rules, &mut game).await?;
    let ends = js(
        client,
        "const x = (css) => document.querySelector(css).getBoundingClientRect().left; \
         return [x('[data-store=north]'), x(\"[data-hole='b1']\"), x(\"[data-hole='a6']\"), x('[data-store=south]')]",
    )
    .await?;
    let ends: Vec<f64> = ends.as_array().ok_or("no stores")?.iter().filter_map(Value::as_f64).collect();
    assert!(
        ends.len() == 4 && ends[0] < ends[1] && ends[2] < ends[3],
        "North's store left, South's right: {ends:?}"
    );
    click_hole(client, "a3").await?;
    game.play(rules.parse_move(game.state(), "a3")?)?;
    let start = Instant::now();
    let mut seen = false;
    while start.elapsed() < Duration::from_secs(5) && !seen {
        seen = js(client, "return document.querySelector('[data-store=south].sowing') !== null")
            .await?
            .as_bool()
            == Some(true);
    }
    assert!(seen, "no seed was seen landing in South's store");
    settled(client).await?;
    sync(client, &rules, &mut game).await?;
    assert_eq!(attr(client, "[data-store=south]", "aria-label").await?, "South's store, 1 seed");
    let said = last_log(client).await?;
    assert!(said.contains("South's store") && said.contains("South moves again"), "{said}");
    assert_eq!(js(client, "return document.getElementById('announce').textContent").await?, json!(said));
    assert_eq!(text(client, "#status").await?, "South to move.");
    // South sows again; then North's reply; the stores follow the engine all along.
    set_speed(client, 0).await?;
    for _ in 0..3 {
        if game.outcome().is_some() || game.state().to_move() != sow::engine::Player::South {
            break;
        }
        let mv = choose(&game);
        click_hole(client, &rules.move_text(mv)).await?;
        game.play(mv)?;
        settled(client).await?;
        sync(client, &rules, &mut game).await?;
    }
    let stores = rules.store_seeds(game.state(), sow::engine::Player::South)
        + rules.store_seeds(game.state(), sow::engine::Player::North);
    assert!(stores > 1, "the stores hold {stores}");
    screenshot(client, "kalah-stores.png").await?;

    // Misoro Tsoro: each player marks two outer holes in the opening, by clicking them;
    // the marks are drawn, named in the legend, and said in the holes' labels.
    client.goto(&format!("{base}?rules=tsoro&ruleset=misoro-choice&north=random&speed=0&seed=5")).await?;
    settled(client).await?;
    let rules = bundled_rules("tsoro", Some("misoro-choice"));
    let mut game = Game::new(&rules);
    sync(client, &rules, &mut game).await?;
    let prompt = text(client, "#prompt").await?;
    assert!(prompt.contains("to mark as misoro"), "{prompt}");
    assert_eq!(attr(client, "[data-hole='a2']", "aria-label").await?, "a2, 2 seeds; mark as misoro");
    assert!(text(client, "#legend").await?.contains("misoro: a marked hole (none yet)"));
    for hole in ["a2", "a7"] {
        click_hole(client, hole).await?;
        game.play(rules.parse_move(game.state(), hole)?)?;
        settled(client).await?;
        sync(client, &rules, &mut game).await?;
    }
    assert_eq!(attr(client, "[data-hole='a2']", "aria-label").await?, "a2, 2 seeds, marked misoro; sow");
    assert!(text(client, "#legend").await?.contains("misoro: a marked hole (4 holes)"));
    // Then a sowing or two, marks kept.
    let mut rng = sow::ai::rng(3);
    for _ in 0..2 {
        if game.outcome().is_none() {
            play_random_turn(client, &rules, &mut game, &mut rng).await?;
        }
    }
    screenshot(client, "misoro-marks.png").await?;

    // No game: the diagnostic shown with its lines, the dialog open to choose again, and no
    // game button live; then a game from the dialog.
    client.goto(&format!("{base}?columns=999")).await?;
    wait_state(client, "error").await?;
    let problem = js(
        client,
        "const p = document.getElementById('problem'); const pre = p.querySelector('pre'); \
         return [p.hidden, p.querySelector('.summary').textContent, pre ? pre.textContent : '', \
                 document.getElementById('setup').open, document.getElementById('setup-error').hidden, \
                 document.querySelectorAll('#board .hole').length, getComputedStyle(document.getElementById('board-wrap')).display]",
    )
    .await?;
    assert_eq!(problem[0], json!(false), "{problem}");
    assert!(problem[1].as_str().unwrap_or_default().starts_with("This game cannot start: "), "{problem}");
    let diagnostic = problem[2].as_str().unwrap_or_default();
    assert!(diagnostic.lines().count() > 3 && diagnostic.contains("999"), "{diagnostic}");
    assert_eq!(
        (&problem[3], &problem[4], &problem[5], &problem[6]),
        (&json!(true), &json!(false), &json!(0), &json!("none"))
    );
    let live = js(
        client,
        "return ['undo', 'hint', 'resign', 'notation-input', 'notation-play'].filter(id => !document.getElementById(id).disabled)\
         .concat(document.getElementById('download').getAttribute('aria-disabled') === 'true' ? [] : ['download'])",
    )
    .await?;
    assert_eq!(live, json!([]), "game buttons live with no game");
    screenshot(client, "error-state.png").await?;
    client.find(Locator::Id("setup-cancel")).await?.click().await?;
    screenshot(client, "error-state-page.png").await?;
    client.find(Locator::Id("new-game")).await?.click().await?;
    client.find(Locator::Id("setup-start")).await?.click().await?;
    settled(client).await?;
    assert_eq!(js(client, "return document.getElementById('problem').hidden").await?, json!(true));
    assert_eq!(js(client, "return document.getElementById('resign').disabled").await?, json!(false));

    // A long sowing at normal speed is shown in about 3 s, however many seeds it drops.
    client.goto(&format!("{base}?columns=36&north=random&speed=2&seed=1")).await?;
    settled(client).await?;
    let rules = nsolo(36);
    let game = Game::new(&rules);
    let (mv, seeds) = game
        .legal_moves()
        .iter()
        .map(|&mv| (mv, rules.sowing_laps(game.state(), mv).iter().map(|l| l.drops.len()).sum::<usize>()))
        .max_by_key(|&(_, seeds)| seeds)
        .ok_or("no sowing")?;
    assert!(seeds * 90 > 4000, "the longest first sowing drops only {seeds} seeds");
    click_hole(client, &rules.move_text(mv)).await?;
    settled(client).await?;
    let shown = js(client, "return app.sowings").await?;
    let ours = shown.as_array().and_then(|s| s.first()).ok_or("no sowing shown")?;
    assert_eq!(ours["seeds"], json!(seeds), "{shown}");
    let ms = ours["ms"].as_u64().unwrap_or(u64::MAX);
    assert!(ms < 3300, "a sowing of {seeds} seeds took {ms} ms to show");
    eprintln!("a sowing of {seeds} seeds in {} laps shown in {ms} ms", ours["laps"]);

    // A window 800 px wide: the 4×8 board takes the room, the panel goes below.
    client.set_window_size(800, 900).await?;
    client.goto(&format!("{base}?north=easy&speed=0")).await?;
    settled(client).await?;
    let width = js(
        client,
        "return [document.getElementById('board').getBoundingClientRect().width, window.innerWidth]",
    )
    .await?;
    let board = width[0].as_f64().unwrap_or_default();
    assert!(board >= 550.0, "at {} px the board is {board} px wide", width[1]);
    let below = js(
        client,
        "return document.getElementById('panel').getBoundingClientRect().top >= document.getElementById('board').getBoundingClientRect().bottom",
    )
    .await?;
    assert_eq!(below, json!(true), "the panel is not below the board");
    screenshot(client, "narrow-800.png").await?;

    // Quendo, four players: a panel for each, in turn order; South (a person) sows a1, the
    // computer plays East, North and West, and the board is the engine's after those four
    // turns.
    client.set_window_size(1280, 1000).await?;
    client.goto(&format!("{base}?rules=quendo&speed=0&seed=1")).await?;
    settled(client).await?;
    let panels = js(client, "return Array.from(document.querySelectorAll('.side')).map(p => p.id)").await?;
    assert_eq!(panels, json!(["side-north", "side-south", "side-east", "side-west"]), "one panel a player");
    let rules = bundled_rules("quendo", None);
    let mut game = Game::new(&rules);
    click_hole(client, "a1").await?;
    settled(client).await?;
    game.play(rules.parse_move(game.state(), "a1")?)?;
    sync(client, &rules, &mut game).await?;
    assert_eq!(game.turns().len(), 4, "South, then the computer's East, North and West");
    assert_eq!(game.state().to_move(), rules.model().first_player());
    let east = text(client, "#side-east .who").await?;
    assert!(east.starts_with("East"), "East's panel: {east}");
    // Each hole's seeds are drawn in their holder's colour; an empty hole has none.
    let holders = js(
        client,
        "return ['a1', 'a2', 'a7', 'd5', 'b1'].map(h => document.querySelector(`[data-hole='${h}']`).dataset.holder || null)",
    )
    .await?;
    assert_eq!(holders, json!([null, "south", "east", "north", "west"]), "holders after four turns");
    screenshot(client, "four-players.png").await?;

    // Dongjintian, four players on a path of neighbouring holes: South lifts a1 and then
    // clicks the hole of each seed, among those offered; the computer plays East, North and
    // West, and the board is the engine's after those four turns.
    client.goto(&format!("{base}?rules=dongjintian&speed=0&seed=1")).await?;
    settled(client).await?;
    let rules = bundled_rules("dongjintian", None);
    let mut game = Game::new(&rules);
    click_hole(client, "a1").await?;
    settled(client).await?;
    let offered = js(
        client,
        "return Array.from(document.querySelectorAll('.hole.legal')).map(h => h.dataset.hole).sort()",
    )
    .await?;
    assert_eq!(offered, json!(["a2", "b1"]), "the first seed's holes after lifting a1");
    for h in ["a2", "b2", "b1", "c1", "d1"] {
        click_hole(client, h).await?;
        settled(client).await?;
    }
    game.play_turn("a1 a2 b2 b1 c1 d1")?;
    sync(client, &rules, &mut game).await?;
    assert_eq!(game.turns().len(), 4, "South, then the computer's East, North and West");
    Ok(())
}

/// axe-core's violations of impact serious or critical on the page as it is now (the
/// lesser ones are printed).
async fn axe_violations(client: &Client, state: &str) -> Result<Vec<String>> {
    let loaded = js(client, "return typeof axe !== 'undefined'").await?;
    if loaded != json!(true) {
        js(client, &std::fs::read_to_string(axe_path())?).await?;
    }
    let found = js(
        client,
        "return axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations\
           .map(v => [v.impact, `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map(n => n.target.join(' ') + \
             ` (${n.failureSummary.replace(/\\s+/g, ' ')})`).join('; ')}`]))",
    )
    .await?;
    let mut serious = Vec::new();
    for violation in found.as_array().ok_or("axe gave no answer")? {
        let text = format!("{state}: {}", violation[1].as_str().unwrap_or_default());
        match violation[0].as_str() {
            Some("serious" | "critical") => serious.push(text),
            _ => eprintln!("axe-core (not serious): {text}"),
        }
    }
    Ok(serious)
}

/// axe-core on the page in each of its main states: the setup dialog, a game under way, a
/// strip being picked, a game over, a board with stores, marked holes, and no game.
async fn accessibility(client: &Client, server: &Server) -> Result<()> {
    let base = format!("http://{}/", server.addr);
    let mut found = Vec::new();
    client.goto(&format!("{base}?north=easy&speed=0")).await?;
    settled(client).await?;
    // axe-core is there and finds what it should: a button with no name.
    js(
        client,
        "const b = document.createElement('button'); b.id = 'axe-probe'; document.body.appendChild(b)",
    )
    .await?;
    let probe = axe_violations(client, "probe").await?;
    assert!(
        probe.iter().any(|v| v.contains("critical button-name")),
        "axe-core does not see a nameless button: {probe:?}"
    );
    js(client, "document.getElementById('axe-probe').remove()").await?;
    found.extend(axe_violations(client, "a game under way").await?);
    client.find(Locator::Id("new-game")).await?.click().await?;
    found.extend(axe_violations(client, "the setup dialog").await?);
    client.find(Locator::Id("setup-cancel")).await?.click().await?;
    // a1 captures at once: a strip to pick.
    click_hole(client, "a1").await?;
    settled(client).await?;
    assert!(!text(client, "#owed").await?.is_empty(), "no strip owed after a1");
    found.extend(axe_violations(client, "a strip being picked").await?);
    client.find(Locator::Id("resign")).await?.click().await?;
    client.find(Locator::Id("resign")).await?.click().await?;
    wait_state(client, "over").await?;
    found.extend(axe_violations(client, "the game over").await?);
    client.goto(&format!("{base}?rules=kalah&north=easy&speed=0")).await?;
    settled(client).await?;
    found.extend(axe_violations(client, "a board with stores").await?);
    client.goto(&format!("{base}?rules=tsoro&ruleset=fixed-misoro&north=easy&speed=0")).await?;
    settled(client).await?;
    found.extend(axe_violations(client, "marked holes").await?);
    client.goto(&format!("{base}?columns=999")).await?;
    wait_state(client, "error").await?;
    found.extend(axe_violations(client, "no game, the dialog open").await?);
    client.find(Locator::Id("setup-cancel")).await?.click().await?;
    found.extend(axe_violations(client, "no game").await?);
    assert!(
        found.is_empty(),
        "axe-core finds {} serious or critical violations:\n{}",
        found.len(),
        found.join("\n")
    );
    Ok(())
}

/// A whole game of the default rules by clicks against the computer, then a village board
/// by keyboard, then every bundled file.
async fn a_game_by_clicks(client: &Client, server: &Server) -> Result<()> {
    let base = format!("http://{}/", server.addr);
    let started = Instant::now();
    let lap = |what: &str| eprintln!("  {what}: {:.1} s", started.elapsed().as_secs_f64());

    // The page opens on a game; a new one is chosen in the dialog: the default rules on
    // 4×8, a person against the easy computer.
    client.goto(&base).await?;
    settled(client).await?;
    client.find(Locator::Id("new-game")).await?.click().await?;
    client.find(Locator::Id("setup-rules")).await?.select_by_value(sow::bundled::DEFAULT_RULES).await?;
    client.find(Locator::Id("setup-param-columns")).await?.select_by_value("8").await?;
    client.find(Locator::Id("setup-south")).await?.select_by_value("human").await?;
    client.find(Locator::Id("setup-north")).await?.select_by_value("easy").await?;
    std::fs::write(screenshot_path("serve-setup.png"), client.screenshot().await?)?;
    client.find(Locator::Id("setup-start")).await?.click().await?;
    settled(client).await?;
    let rules = nsolo(8);
    let mut game = Game::new(&rules);
    sync(client, &rules, &mut game).await?;
    assert!(text(client, "#title").await?.contains("columns = 8"));

    // An illegal click is explained in the engine's words.
    click_hole(client, "c3").await?;
    settled(client).await?;
    let message = text(client, "#message").await?;
    assert!(message.contains("c3 is North's hole"), "{message}");

    // The first sowing is animated seed by seed at a visible speed.
    js(
        client,
        "const s = document.getElementById('speed'); s.value = 1; s.dispatchEvent(new Event('input'))",
    )
    .await?;
    click_hole(client, "a1").await?;
    game.play(rules.parse_move(game.state(), "a1")?)?;
    let start = Instant::now();
    let mut seen_sowing = false;
    while start.elapsed() < Duration::from_secs(5) && !seen_sowing {
        seen_sowing = js(client, "return document.querySelector('.hole.sowing') !== null").await?.as_bool()
            == Some(true);
    }
    assert!(seen_sowing, "no seed was seen falling");
    std::fs::write(screenshot_path("serve-sowing.png"), client.screenshot().await?)?;
    js(
        client,
        "const s = document.getElementById('speed'); s.value = 0; s.dispatchEvent(new Event('input'))",
    )
    .await?;

    // a1 captures at once: its strip is picked by clicking North's holes.
    let mut picks = finish_turn(client, &rules, &mut game, &mut None).await?;
    assert!(picks > 0, "the capture's strip was not picked");

    // Hint, then undo back to the start of the game.
    client.find(Locator::Id("hint")).await?.click().await?;
    settled(client).await?;
    assert!(text(client, "#message").await?.starts_with("Hint: "));
    assert_eq!(js(client, "return document.querySelectorAll('.hole.hint').length").await?, json!(1));
    client.find(Locator::Id("undo")).await?.click().await?;
    settled(client).await?;
    let controllers = ByPlayer::pair(Controller::Human, "easy".parse()?);
    undo_to_human(&mut game, &controllers);
    assert!(game.turns().is_empty());
    sync(client, &rules, &mut game).await?;

    lap("the first turn, hint and undo");
    // Then a whole game, every turn by clicks and checked; a screenshot of a strip being
    // picked after the opening.
    let mut shot = None;
    while game.outcome().is_none() {
        assert!(game.turns().len() < 400, "the game does not end");
        if game.turns().len() == 4 {
            shot = Some(screenshot_path("serve-4x8.png"));
        }
        picks += play_turn_by_clicks(client, &rules, &mut game, &mut shot).await?;
    }
    assert!(picks > 1);
    let status = text(client, "#status").await?;
    let outcome = game.outcome().ok_or("no outcome")?;
    assert_eq!(status, format!("Game over: {outcome}."));
    assert_eq!(settled(client).await?, "over");
    let record = server.raw("GET", &format!("/api/games/{}/record", page_game_id(client).await?), b"").1;
    assert!(record.contains(&format!("[Result \"{}\"]", outcome.result_tag())), "{record}");

    lap("a whole game");
    // A village board: 4×36 fits a laptop's window, plays by keyboard, and a team takes
    // South's turns in order.
    client.goto(&format!("{base}?columns=36&north=easy&speed=0&seed=2&south_team=Ama,Kofi,Esi")).await?;
    settled(client).await?;
    let rules = nsolo(36);
    let mut game = Game::new(&rules);
    sync(client, &rules, &mut game).await?;
    let fits = js(client, "const w = document.getElementById('board-wrap'); return [w.scrollWidth, w.clientWidth, getComputedStyle(document.documentElement).getPropertyValue('--hole')]").await?;
    assert!(fits[0].as_u64() <= fits[1].as_u64(), "the 4×36 board overflows: {fits}");
    // The arrow keys move between holes, and Enter sows from the one with the focus.
    let target = game
        .legal_moves()
        .iter()
        .find_map(|&m| match m {
            Move::Sow(h) if rules.row_of(h) == 0 && rules.column_of(h) > 0 => Some(h),
            _ => None,
        })
        .ok_or("no sowing in row a")?;
    js(client, "document.querySelector(\"#board [data-hole='a1']\").focus()").await?;
    for _ in 0..rules.column_of(target) {
        client.active_element().await?.send_keys(&Key::Right).await?;
    }
    let focused = client.active_element().await?.attr("data-hole").await?;
    assert_eq!(focused, Some(rules.hole_name(target)));
    client.active_element().await?.send_keys(&Key::Enter).await?;
    game.play(Move::Sow(target))?;
    finish_turn(client, &rules, &mut game, &mut None).await?;
    let team = ["Ama", "Kofi", "Esi"];
    let mut shot = None;
    for turn in 1..=4 {
        if game.outcome().is_some() {
            break;
        }
        assert_eq!(text(client, "#side-south .team .current").await?, team[turn % 3]);
        assert!(text(client, "#status").await?.starts_with(team[turn % 3]));
        if turn == 4 {
            shot = Some(screenshot_path("serve-4x36.png"));
        }
        play_turn_by_clicks(client, &rules, &mut game, &mut shot).await?;
    }
    if let Some(path) = shot {
        std::fs::write(path, client.screenshot().await?)?;
    }

    lap("4×36");
    // Every bundled rules file plays in the same page, by clicks: whatever its board, its
    // openings (transfers, taking turns) or its choices (a direction kept for good): three
    // turns of each, by random clicks.
    for name in sow::bundled::bundled_names() {
        client.goto(&format!("{base}?rules={name}&north=random&speed=0&seed=1")).await?;
        settled(client).await?;
        let text = sow::bundled::bundled(name).ok_or("bundled")?;
        let rules = sow::compile(name, text, &sow::Options::default())?;
        let mut game = Game::new(&rules);
        sync(client, &rules, &mut game).await?;
        let mut rng = sow::ai::rng(7);
        for _ in 0..3 {
            if game.outcome().is_some() {
                break;
            }
            play_random_turn(client, &rules, &mut game, &mut rng)
                .await
                .map_err(|e| format!("{name}: {e}"))?;
        }
        let turns: Vec<String> = game.turns().iter().map(|t| rules.turn_text(&t.moves)).collect();
        eprintln!("{name}: {}", turns.join(", "));
    }
    lap("every bundled file");
    Ok(())
}

async fn page_game_id(client: &Client) -> Result<String> {
    let hash = js(client, "return location.hash").await?;
    Ok(hash.as_str().and_then(|h| h.strip_prefix("#game=")).ok_or("no game in the address")?.to_string())
}
