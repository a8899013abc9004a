//! `sow serve`: a page to play any rules file in the browser, and the small JSON API it is
//! built on, served on the loopback interface. The page and its script are embedded in the
//! binary; nothing is fetched from elsewhere.
//!
//! The API (every error is JSON: `{"error": "…", "code": "…"}` with a 4xx status):
//!
//! | route | what it does |
//! |---|---|
//! | `GET /api/rules` | the rules files offered, their rulesets and parameters, the levels |
//! | `GET /api/status` | games kept and their estimated memory, searches running, the limits |
//! | `POST /api/games` | a new game (or one loaded from a record); its view |
//! | `GET /api/games/{id}` | the view of a game: board, legal decisions, turns, outcome |
//! | `POST /api/games/{id}/play` | a person's decisions in notation (`{"move": "b3"}`) |
//! | `POST /api/games/{id}/computer` | the computer to move makes one decision |
//! | `POST /api/games/{id}/hint` | what the computer would play for the person to move |
//! | `POST /api/games/{id}/undo` | take back the last turn (and the computer's reply) |
//! | `POST /api/games/{id}/resign` | the person to move resigns |
//! | `GET /api/games/{id}/record` | the game record, as a text file |
//! | `DELETE /api/games/{id}` | forget the game |
//!
//! Each decision played comes back with its sowing lap by lap ([`crate::engine::SownLap`])
//! and what it took, so that the page can show it happen. Computer players think on
//! tokio's blocking threads, on a copy of the position, so a long search holds up nothing
//! else, not even a look at its own game. Games left alone for a while are forgotten, and so
//! are the least recently used ones when the games would take too much memory.
//!
//! What the server refuses, to stay safe on a machine whose browser visits other sites, is
//! told in `guard.rs` and [`Limits`].

mod api;
mod games;
mod guard;
mod view;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};

use crate::bundled::{DEFAULT_RULES, bundled, bundled_names};

/// A rules file the server offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// How the page and the API name it: a bundled file's name (`nsolo`) or the path given.
    pub name: String,
    /// How diagnostics name it: the path, or `NAME.sow (bundled)`.
    pub display: String,
    /// The text.
    pub text: String,
}

impl Source {
    /// A bundled rules file, by name.
    pub fn bundled(name: &str) -> Option<Source> {
        let text = bundled(name)?;
        let stem = name.strip_suffix(".sow").unwrap_or(name);
        Some(Source {
            name: stem.to_string(),
            display: format!("{stem}.sow (bundled)"),
            text: text.to_string(),
        })
    }
}

/// What the server offers and how it treats games.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rules files, the default first.
    pub sources: Vec<Source>,
    /// A game nobody has touched for this long is forgotten.
    pub idle: Duration,
    /// What the server lets its games and computer players take.
    pub limits: Limits,
}

/// What the server lets its games and computer players take. When games would take more
/// than `max_games` or `max_memory`, the least recently used ones that no request is using
/// are forgotten first; a newcomer is refused only while every game kept is in use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Games kept at once.
    pub max_games: usize,
    /// Bytes the games kept may take, by an estimate of each (its turns, its positions, its
    /// rules, its names).
    pub max_memory: usize,
    /// Turns in one game (played, or loaded from a record).
    pub max_turns: usize,
    /// The longest a computer player or a hint may think for one decision; a player asked
    /// for more is refused, and a search with a count budget is stopped at this time.
    pub max_think: Duration,
    /// The deepest `alphabeta:DEPTH` taken.
    pub max_depth: u32,
    /// The most playouts `mcts:PLAYOUTS` takes.
    pub max_playouts: u32,
    /// Bytes one search's tree may take (MCTS; alpha-beta's table is a fixed few MiB).
    pub search_memory: usize,
    /// Searches (computer players and hints) running at once, over all games.
    pub max_searches: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 1000,
            max_memory: 256 << 20,
            max_turns: 5000,
            max_think: Duration::from_secs(10),
            max_depth: 20,
            max_playouts: 1_000_000,
            search_memory: 64 << 20,
            max_searches: 4,
        }
    }
}

impl Config {
    /// The given rules files (the first is the default), then every bundled file not among
    /// them; with none given, the bundled default rules come first.
    pub fn new(given: Vec<Source>) -> Config {
        let mut sources = given;
        if sources.is_empty()
            && let Some(default) = Source::bundled(DEFAULT_RULES)
        {
            sources.push(default);
        }
        for name in bundled_names() {
            if !sources.iter().any(|s| s.name == name)
                && let Some(source) = Source::bundled(name)
            {
                sources.push(source);
            }
        }
        Config { sources, idle: Duration::from_secs(30 * 60), limits: Limits::default() }
    }
}

/// The largest request body taken (a long game's record fits many times over).
pub const BODY_LIMIT: usize = 256 * 1024;

/// How long a stopping server waits for the requests still open.
const GRACE: Duration = Duration::from_millis(300);

/// The page, its script and its style.
const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// A ruleset of a rules file to serve does not compile; the words are its rendered
    /// diagnostics.
    #[error("{}", render(.error.as_ref()))]
    Rules {
        /// The rules file, as its diagnostics name it.
        file: String,
        /// The ruleset, or `None` for the base game.
        ruleset: Option<String>,
        /// What the compiler found.
        error: Box<crate::RulesError>,
    },
    /// The listener's address could not be read.
    #[error("cannot read the address: {0}")]
    Address(std::io::Error),
    /// The server failed while serving.
    #[error("the server stopped: {0}")]
    Stopped(std::io::Error),
}

/// A server ready to listen: its rules files compiled, its table of games empty.
pub struct App {
    store: Arc<games::Store>,
}

impl App {
    /// Compile the catalogue (every ruleset of every rules file); fails with the rendered
    /// diagnostics if one does not compile.
    pub fn new(config: Config) -> Result<App, ServeError> {
        let catalogue = view::Catalogue::new(&config.sources)?;
        Ok(App { store: Arc::new(games::Store::new(config, catalogue)) })
    }

    /// The routes, answering only requests addressed to 127.0.0.1 (or localhost) at `port`.
    pub fn router(&self, port: u16) -> Router {
        let api = Router::new()
            .route("/rules", get(api::rules))
            .route("/status", get(api::status))
            .route("/games", post(api::create))
            .route("/games/{id}", get(api::show).delete(api::delete))
            .route("/games/{id}/play", post(api::play))
            .route("/games/{id}/computer", post(api::computer))
            .route("/games/{id}/hint", post(api::hint))
            .route("/games/{id}/undo", post(api::undo))
            .route("/games/{id}/resign", post(api::resign))
            .route("/games/{id}/record", get(api::record))
            .fallback(api::no_route)
            .method_not_allowed_fallback(api::no_method);
        let own = Arc::new(guard::Own { port });
        Router::new()
            .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }))
            .route("/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
            .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
            .nest("/api", api)
            .fallback(api::no_route)
            .method_not_allowed_fallback(api::no_method)
            .layer(DefaultBodyLimit::max(BODY_LIMIT))
            .with_state(self.store.clone())
            .layer(axum::middleware::from_fn_with_state(own, guard::guard))
    }

    /// Cancel every search under way and refuse new ones: the server is stopping.
    pub fn stop_searches(&self) {
        self.store.stop_all();
    }
}

/// Serve on `listener` until `shutdown` completes, forgetting idle games as it goes. Once
/// `shutdown` completes, every search is cancelled and the requests still open are given a
/// moment ([`GRACE`]) to finish; then the server stops without them.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: App,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let port = listener.local_addr().map_err(ServeError::Address)?.port();
    let router = app.router(port);
    let sweeper = tokio::spawn(games::sweep_idle(app.store.clone()));
    let stopping = Arc::new(tokio::sync::Notify::new());
    let signal = {
        let stopping = stopping.clone();
        async move {
            shutdown.await;
            app.stop_searches();
            stopping.notify_one();
        }
    };
    let served = axum::serve(listener, router).with_graceful_shutdown(signal);
    let result = tokio::select! {
        served = served => served.map_err(ServeError::Stopped),
        () = async { stopping.notified().await; tokio::time::sleep(GRACE).await } => Ok(()),
    };
    sweeper.abort();
    result
}

/// A diagnostic as plain text: the message, the lines it points at, and the help.
fn render(diagnostic: &dyn miette::Diagnostic) -> String {
    let mut out = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor()).with_width(100);
    if handler.render_report(&mut out, diagnostic).is_err() {
        out = diagnostic.to_string();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rules file that does not compile stops the server before it starts, with the file's
    /// rendered diagnostics as the words.
    #[test]
    fn rules_that_do_not_compile() {
        let source = Source { name: "bad".into(), display: "bad.sow".into(), text: "game".into() };
        let Err(e) = App::new(Config::new(vec![source])) else { panic!("bad rules compiled") };
        let ServeError::Rules { file, ruleset: None, error } = &e else { panic!("{e:?}") };
        assert_eq!(file, "bad.sow");
        assert_eq!(e.to_string(), render(error.as_ref()));
        assert!(e.to_string().contains("bad.sow"), "{e}");
    }
}
