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

pub use games::GAME_BYTES;

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

/// How long a client may take to send a request's headers, from the moment the server waits
/// for them: a new connection's first request, or the next one on a kept-alive connection.
/// Past it the connection is closed, so that silent and idle connections do not pile up.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections open at once. At the cap, a new connection closes the oldest one that has no
/// request under way (a silent or idle one), so that a page's request is answered however
/// many connections others hold open; if every one is busy, it is answered 503.
pub const MAX_CONNECTIONS: usize = 256;

/// The answer to a connection over the cap when no open one can be closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: 75\r\nconnection: close\r\n\r\n{\"error\": \"too many connections are open; try again\", \"code\": \"busy\"}\n\n\n\n";

/// A connection open: whether a request is under way on it, and how to close it.
struct Open {
    id: u64,
    busy: Arc<std::sync::atomic::AtomicUsize>,
    abort: tokio::task::AbortHandle,
}

/// The connections open, oldest first.
#[derive(Default)]
struct Connections {
    open: std::sync::Mutex<std::collections::VecDeque<Open>>,
}

impl Connections {
    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::VecDeque<Open>> {
        self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Make room for one more: close the oldest idle connection if at the cap. Whether there
    /// is room.
    fn make_room(&self) -> bool {
        use std::sync::atomic::Ordering;
        let mut open = self.lock();
        if open.len() < MAX_CONNECTIONS {
            return true;
        }
        match open.iter().position(|o| o.busy.load(Ordering::Acquire) == 0) {
            Some(i) => {
                if let Some(idle) = open.remove(i) {
                    idle.abort.abort();
                }
                true
            }
            None => false,
        }
    }

    fn forget(&self, id: u64) {
        self.lock().retain(|o| o.id != id);
    }
}

/// Serve on `listener` until `shutdown` completes, forgetting idle games as it goes. Each
/// connection has [`HEADER_TIMEOUT`] to send each request's headers, and at most
/// [`MAX_CONNECTIONS`] are open at once. Once `shutdown` completes, every search is
/// cancelled and the requests still open are given a moment ([`GRACE`]) to finish; then the
/// server stops without them.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: App,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let port = listener.local_addr().map_err(ServeError::Address)?.port();
    let router = app.router(port);
    let sweeper = tokio::spawn(games::sweep_idle(app.store.clone()));
    let connections = Arc::new(Connections::default());
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut tasks = tokio::task::JoinSet::new();
    let mut shutdown = std::pin::pin!(shutdown);
    let mut next_id = 0u64;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        // Finished connections are reaped as new ones come.
        while tasks.try_join_next().is_some() {}
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was taken: wait a
            // moment (closing idle connections frees some) and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        if !connections.make_room() {
            // A fresh socket's send buffer takes the whole answer at once; then it is closed.
            let _ = stream.try_write(BUSY);
            continue;
        }
        let busy = Arc::new(AtomicUsize::new(0));
        let service = {
            let busy = busy.clone();
            let router = hyper_util::service::TowerToHyperService::new(router.clone());
            hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
                busy.fetch_add(1, Ordering::AcqRel);
                let busy = busy.clone();
                let answer = hyper::service::Service::call(&router, request.map(axum::body::Body::new));
                async move {
                    let answered = answer.await;
                    busy.fetch_sub(1, Ordering::AcqRel);
                    answered
                }
            })
        };
        let mut stopped = stopped.clone();
        next_id += 1;
        let id = next_id;
        let forget = connections.clone();
        // Listed before the task can end and strike itself off.
        let mut open = connections.lock();
        let abort = tasks.spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(hyper_util::rt::TokioTimer::new()).header_read_timeout(HEADER_TIMEOUT);
            let io = hyper_util::rt::TokioIo::new(stream);
            let mut conn = std::pin::pin!(builder.serve_connection(io, service));
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stopped.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
            forget.forget(id);
        });
        open.push_back(Open { id, busy, abort });
        drop(open);
    }
    app.stop_searches();
    let _ = stop.send(true);
    let _ = tokio::time::timeout(GRACE, async { while tasks.join_next().await.is_some() {} }).await;
    tasks.abort_all();
    sweeper.abort();
    Ok(())
}

/// A diagnostic as plain text: the message, the lines it points at, and the help.
fn render(diagnostic: &dyn miette::Diagnostic) -> String {
    crate::render::plain(diagnostic, 100)
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
