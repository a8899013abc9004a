//! The JSON API's handlers, its request bodies and its errors.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, OriginalUri, Path, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::ai::{Agent, AgentSpec, Budget, MctsAgent, Stop, StrongestAgent};
use crate::engine::{ByPlayer, Game, Move, MoveList, PlayError, Player, State as Position, TurnError};
use crate::record::{Record, RecordError};
use crate::session::{self, Controller, HINT};

use super::games::{Info, Session, Shared, Status, Store, lock};
use super::view::{self, Catalogue, GameView, PlayedAnswer};
use super::{BODY_LIMIT, Limits, Source};

/// The most characters of a person's text an error message quotes back.
const QUOTE: usize = 80;
/// Characters in a short field: a rules file's name, a ruleset, a parameter, a player.
const MAX_FIELD: usize = 200;
/// Parameters set in one request.
const MAX_PARAMS: usize = 32;
/// Characters in the decisions of one `play` request.
const MAX_MOVE: usize = 2000;

/// `text` cut to [`QUOTE`] characters (and `…`), to quote back in a message.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// A message from elsewhere (serde, the engine, a spec) that may quote a person's text: every
/// word of it cut to [`QUOTE`] characters, and the whole to a few lines' worth.
fn clip_message(message: &str) -> String {
    const MOST: usize = 1000;
    if message.len() <= QUOTE && !message.contains('\n') {
        return message.to_string();
    }
    let mut out = String::new();
    for (i, word) in message.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&quote(word));
        if out.len() > MOST {
            let mut cut = MOST;
            while !out.is_char_boundary(cut) {
                cut -= 1;
            }
            out.truncate(cut);
            out.push('…');
            break;
        }
    }
    out
}

/// A rendered diagnostic, which shows the lines of a person's text it points at: each line
/// cut to a screen's width, and the whole to a few dozen lines.
fn clip_detail(detail: &str) -> String {
    const WIDTH: usize = 160;
    const LINES: usize = 60;
    let mut lines: Vec<String> = detail
        .lines()
        .take(LINES)
        .map(|line| match line.char_indices().nth(WIDTH) {
            Some((cut, _)) => format!("{}…", &line[..cut]),
            None => line.to_string(),
        })
        .collect();
    if detail.lines().nth(LINES).is_some() {
        lines.push("…".to_string());
    }
    lines.join("\n")
}

/// An error answered as `{"error": "…", "code": "…"}` (and `detail`: a diagnostic's
/// rendering, when there is one).
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    detail: Option<String>,
}

impl ApiError {
    /// An error; its message is clipped (see [`clip_message`]) in case it quotes a person's
    /// text at length.
    pub(crate) fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: clip_message(&message.into()), detail: None }
    }

    fn bad(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    fn with_detail(mut self, detail: String) -> ApiError {
        self.detail = Some(clip_detail(&detail));
        self
    }

    pub(crate) fn internal(message: &str) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    pub(crate) fn no_game(id: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_game",
            format!(
                "there is no game `{}` (games left alone for a while are forgotten, and so are the least recently used when the server is full); start a new one",
                quote(id)
            ),
        )
    }

    /// Every game kept is in use, and there is no room for one more.
    pub(crate) fn full(games: usize, memory: usize, limits: &Limits) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_games",
            format!(
                "the server is full: {games} games taking {} MiB (at most {} games, --max-games, and {} MiB, --max-memory), every one of them in use; try again in a moment",
                memory >> 20,
                limits.max_games,
                limits.max_memory >> 20
            ),
        )
    }

    /// A search is under way on the game already.
    pub(crate) fn thinking() -> ApiError {
        ApiError::conflict(
            "thinking",
            "the computer is already thinking about this game (a move or a hint); wait for its answer",
        )
    }

    /// Every search the server runs at once is under way.
    pub(crate) fn busy(limits: &Limits) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!(
                "the computer is thinking for {} games already, the most this server runs at once (--max-searches); try again in a moment",
                limits.max_searches
            ),
        )
    }

    /// The server is stopping.
    pub(crate) fn stopping() -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "stopping", "the server is stopping")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = serde_json::json!({ "error": self.message, "code": self.code });
        if let Some(detail) = self.detail {
            body["detail"] = detail.into();
        }
        (self.status, Json(body)).into_response()
    }
}

/// Compile a source with a ruleset and parameter settings; a `bad_rules` error otherwise.
pub(crate) fn compile(
    source: &Source,
    ruleset: Option<String>,
    params: Vec<String>,
) -> Result<crate::Rules, ApiError> {
    crate::compile(&source.display, &source.text, &crate::Options { ruleset, params })
        .map_err(|e| ApiError::bad("bad_rules", e.to_string()).with_detail(super::render(&e)))
}

/// A JSON request body. An empty body reads as `{}`; anything else that is not the JSON
/// wanted is a `bad_request`, and a body over [`BODY_LIMIT`] is refused with 413.
pub(crate) struct Body<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Body<T>, ApiError> {
        let bytes = Bytes::from_request(request, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "too_large",
                    format!("the request body is larger than {} KiB", BODY_LIMIT / 1024),
                )
            } else {
                ApiError::bad("bad_request", format!("cannot read the request body: {}", e.body_text()))
            }
        })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { &bytes };
        serde_json::from_slice(text).map(Body).map_err(|e| {
            // serde quotes the offending text: `ApiError::new` cuts it.
            ApiError::bad("bad_request", format!("the request body is not what this route takes: {e}"))
        })
    }
}

/// The id named in the path.
fn id_of(id: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    let Path(id) = id.map_err(|e| ApiError::bad("bad_request", e.body_text()))?;
    Ok(id)
}

/// What `f` makes of the path's game, without changing it. The game's lock is held only
/// for `f`: a computer thinking about the game does not hold it.
fn on_game<T>(
    store: &Store,
    id: Result<Path<String>, PathRejection>,
    f: impl FnOnce(&Game<'_>, &Info) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let shared = store.get(&id_of(id)?)?;
    let mut session = lock(&shared);
    session.read(f)?
}

/// Change the path's game with `f` (which must leave it as it was when it fails), then count
/// what the game now takes. A search under way on the game is cancelled.
fn change_game<T>(
    store: &Store,
    id: Result<Path<String>, PathRejection>,
    f: impl FnOnce(&mut Game<'_>, &Info) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let id = id_of(id)?;
    let shared = store.get(&id)?;
    let (out, size) = {
        let mut session = lock(&shared);
        let out = session.change(f)?;
        (out, session.size())
    };
    store.resize(&id, size);
    Ok(out)
}

type Answer<T> = Result<Json<T>, ApiError>;

/// `GET /api/rules`
pub(crate) async fn rules(State(store): State<Arc<Store>>) -> Json<Catalogue> {
    Json(store.catalogue.clone())
}

/// `GET /api/status`: games kept and what they are estimated to take, searches running,
/// and the server's limits.
pub(crate) async fn status(State(store): State<Arc<Store>>) -> Json<Status> {
    Json(store.status())
}

/// What `POST /api/games` takes; everything is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewGame {
    /// A rules file of the catalogue (by default, the default one).
    rules: Option<String>,
    ruleset: Option<String>,
    /// Parameter values by name, e.g. `{"columns": 36}`.
    #[serde(default)]
    params: BTreeMap<String, u32>,
    /// `human`, a level (`easy`, `medium`, `hard`) or any computer player (`mcts:2s`) within
    /// the server's limits.
    south: Option<String>,
    north: Option<String>,
    /// At most [`crate::session::MAX_TEAM`] names of at most [`crate::session::MAX_NAME`]
    /// characters.
    #[serde(default)]
    south_team: Vec<String>,
    #[serde(default)]
    north_team: Vec<String>,
    /// The computer players' seed (by default, a fresh one).
    seed: Option<u64>,
    /// A game record to continue: its tags choose the rules, ruleset and parameters.
    record: Option<String>,
}

/// Refuse a short field longer than [`MAX_FIELD`] characters.
fn short(field: &str, text: Option<&str>) -> Result<(), ApiError> {
    match text {
        Some(t) if t.chars().count() > MAX_FIELD => Err(ApiError::bad(
            "too_long",
            format!("`{field}` is at most {MAX_FIELD} characters; `{}` is longer", quote(t)),
        )),
        _ => Ok(()),
    }
}

/// The player a side asks for, within the server's limits. A level the server offers
/// (`hard`) thinks at most as long as the server lets it; any other player asking for more
/// than the limits is refused.
fn controller(
    side: &str,
    text: Option<&str>,
    default: Controller,
    limits: &Limits,
) -> Result<Controller, ApiError> {
    let Some(text) = text else { return Ok(default) };
    short(side, Some(text))?;
    let parsed: Controller = text.parse().map_err(|e| ApiError::bad("bad_player", format!("{side}: {e}")))?;
    let Controller::Computer(spec) = parsed else { return Ok(parsed) };
    if AgentSpec::level(text.trim()).is_some() {
        return Ok(Controller::Computer(capped(spec, limits)));
    }
    let over = |what: String, flag: &str| {
        Err(ApiError::bad("bad_player", format!("{side}: `{spec}` {what} (--{flag}); ask for less")))
    };
    match spec {
        AgentSpec::Mcts(Budget::Time(t))
        | AgentSpec::AlphaBeta(Budget::Time(t))
        | AgentSpec::Strongest(t)
        | AgentSpec::StrongestEndgame(t)
            if t > limits.max_think =>
        {
            over(
                format!(
                    "thinks {} a decision, and this server lets a player think at most {}",
                    seconds(t),
                    seconds(limits.max_think)
                ),
                "max-think",
            )
        }
        AgentSpec::AlphaBeta(Budget::Count(depth)) if depth > limits.max_depth => over(
            format!(
                "searches {depth} plies deep, and this server searches at most {} plies",
                limits.max_depth
            ),
            "max-depth",
        ),
        AgentSpec::Mcts(Budget::Count(n)) if n > limits.max_playouts => over(
            format!("runs {n} playouts a decision, and this server runs at most {}", limits.max_playouts),
            "max-playouts",
        ),
        _ => Ok(parsed),
    }
}

/// A time in seconds, as a person reads it (`10 s`, `0.5 s`).
fn seconds(t: std::time::Duration) -> String {
    format!("{} s", (t.as_secs_f64() * 1000.0).round() / 1000.0)
}

/// `spec` with its think time cut to the server's limit.
fn capped(spec: AgentSpec, limits: &Limits) -> AgentSpec {
    match spec {
        AgentSpec::Mcts(Budget::Time(t)) => AgentSpec::Mcts(Budget::Time(t.min(limits.max_think))),
        AgentSpec::AlphaBeta(Budget::Time(t)) => AgentSpec::AlphaBeta(Budget::Time(t.min(limits.max_think))),
        AgentSpec::Strongest(t) => AgentSpec::Strongest(t.min(limits.max_think)),
        AgentSpec::StrongestEndgame(t) => AgentSpec::StrongestEndgame(t.min(limits.max_think)),
        other => other,
    }
}

/// A team's names as [`crate::session::team_names`] takes them, or a `bad_team` error.
fn team(side: &str, names: Vec<String>) -> Result<Vec<String>, ApiError> {
    crate::session::team_names(names)
        .map_err(|why| ApiError::bad("bad_team", format!("`{side}_team`: {why}")))
}

/// Refuse a game longer than the server keeps.
fn check_length(turns: usize, limits: &Limits) -> Result<(), ApiError> {
    if turns >= limits.max_turns {
        return Err(ApiError::conflict(
            "game_too_long",
            format!(
                "this game has {turns} turns, the most this server keeps (--max-turns); download its record to keep it"
            ),
        ));
    }
    Ok(())
}

/// Refuse a record of more turns than the server keeps in a game.
fn too_long_record(turns: usize, limits: &Limits) -> Result<(), ApiError> {
    if turns > limits.max_turns {
        return Err(ApiError::bad(
            "game_too_long",
            format!(
                "the record has {turns} turns, and this server keeps games of at most {} (--max-turns)",
                limits.max_turns
            ),
        ));
    }
    Ok(())
}

/// `POST /api/games`
pub(crate) async fn create(
    State(store): State<Arc<Store>>,
    Body(new): Body<NewGame>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let limits = store.limits();
    short("rules", new.rules.as_deref())?;
    short("ruleset", new.ruleset.as_deref())?;
    if new.params.len() > MAX_PARAMS {
        return Err(ApiError::bad("too_long", format!("at most {MAX_PARAMS} parameters are taken")));
    }
    for name in new.params.keys() {
        short("params", Some(name))?;
    }
    let controllers = ByPlayer::pair(
        controller("south", new.south.as_deref(), Controller::Human, limits)?,
        controller(
            "north",
            new.north.as_deref(),
            Controller::Computer(capped(AgentSpec::level("medium").unwrap_or(AgentSpec::Greedy), limits)),
            limits,
        )?,
    );
    let mut teams = ByPlayer::pair(team("south", new.south_team)?, team("north", new.north_team)?);
    let seed = new.seed.unwrap_or_else(|| store.seed());
    let mut params: Vec<String> = new.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let (source, ruleset, record) = match &new.record {
        None => (find_source(&store, new.rules.as_deref())?, new.ruleset, None),
        Some(text) => {
            let record = Record::parse(text).map_err(|problem| record_error(text, problem))?;
            // Counted before the replay too, which would hold the whole game.
            too_long_record(record.turn_count(), limits)?;
            let named = record.tag("Rules").map(|t| t.node.clone());
            let source = find_source(&store, new.rules.as_deref().or(named.as_deref()))?;
            let mut from_record = record.params();
            from_record.append(&mut params);
            params = from_record;
            let ruleset = new.ruleset.or_else(|| record.tag("Ruleset").map(|t| t.node.clone()));
            // A side's tag names its team when it is not a player (`human`, `mcts:2s`): the
            // teams the record was played by go on, unless the request names others.
            for player in Player::BOTH {
                let (side, tag, team_of) = (player.word(), player.name(), &mut teams[player]);
                if let Some(names) = record.tag(tag).map(|t| t.node.as_str())
                    && team_of.is_empty()
                    && names.parse::<Controller>().is_err()
                {
                    *team_of = team(side, names.split(',').map(str::to_string).collect())?;
                }
            }
            (source, ruleset, Some(record))
        }
    };
    let rules = compile(source, ruleset, params)?;
    let game = match (&record, &new.record) {
        (Some(record), Some(text)) => {
            let game = record.replay(&rules).map_err(|problem| record_error(text, problem))?;
            too_long_record(game.turns().len(), limits)?;
            game.detach()
        }
        _ => {
            // Where the first player is drawn by lot, the server draws it as it draws lots
            // between rounds (see `draw_lot`): from the game's seed, no decision yet played.
            let mut game = Game::new(&rules);
            let mut rng = crate::ai::rng(seed ^ crate::ai::LOTS);
            game.draw_lot(&mut |n| crate::ai::below(&mut rng, n));
            game.detach()
        }
    };
    // `south` and `north` name those seats; at a table of more than two the others are the
    // computer (medium).
    let (controllers, teams) = if rules.seats() == 2 {
        (controllers, teams)
    } else {
        let computer =
            Controller::Computer(capped(AgentSpec::level("medium").unwrap_or(AgentSpec::Greedy), limits));
        let named = |p: Player| [Player::South, Player::North].into_iter().find(|q| q.word() == p.word());
        (
            ByPlayer::for_seats(rules.seats(), |p| named(p).map_or(computer, |q| controllers[q])),
            ByPlayer::for_seats(rules.seats(), |p| named(p).map(|q| teams[q].clone()).unwrap_or_default()),
        )
    };
    let info = Info { id: String::new(), source: source.name.clone(), controllers, teams, seed };
    let shared = store.insert(Session::new(rules, game, info))?;
    let view = lock(&shared).read(view::game_view)?;
    Ok((StatusCode::CREATED, Json(view)))
}

fn find_source<'s>(store: &'s Store, name: Option<&str>) -> Result<&'s Source, ApiError> {
    let sources = &store.config.sources;
    let Some(name) = name else {
        return sources.first().ok_or_else(|| ApiError::internal("this server offers no rules"));
    };
    let stem = name.strip_suffix(".sow").unwrap_or(name);
    // A record written by `sow play rules/x.sow` names a path: the server reads no path it
    // was not given, but takes the offered file of that name (the replay checks every turn).
    let file_stem = std::path::Path::new(name).file_stem().and_then(|s| s.to_str()).unwrap_or(stem);
    let found = sources
        .iter()
        .find(|s| s.name == name)
        .or_else(|| sources.iter().find(|s| s.name.eq_ignore_ascii_case(stem)))
        .or_else(|| sources.iter().find(|s| s.name.eq_ignore_ascii_case(file_stem)));
    found.ok_or_else(|| {
        let names: Vec<&str> = sources.iter().map(|s| s.name.as_str()).collect();
        let hint = crate::suggest::did_you_mean(stem, names.iter().copied())
            .map(|b| format!("; did you mean `{b}`?"))
            .unwrap_or_default();
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_rules",
            format!("no rules file `{}` is offered here (offered: {}){hint}", quote(name), names.join(", ")),
        )
    })
}

fn record_error(text: &str, problem: crate::record::RecordProblem) -> ApiError {
    let message = problem.to_string();
    let error = RecordError { src: miette::NamedSource::new("record", Arc::from(text)), problem };
    ApiError::bad("bad_record", message).with_detail(super::render(&error))
}

/// `GET /api/games/{id}`: answered at once, even while the game's computer thinks.
pub(crate) async fn show(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<GameView> {
    on_game(&store, id, |game, info| Ok(view::game_view(game, info))).map(Json)
}

/// `DELETE /api/games/{id}`: forget the game, stopping its computer if it is thinking.
pub(crate) async fn delete(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let id = id_of(id)?;
    if store.remove(&id) { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::no_game(&id)) }
}

/// What `POST /api/games/{id}/play` takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayRequest {
    /// One decision (`b3`, `d1`, `stop`) or several (`b3 x d1 d1`), all played or none.
    #[serde(rename = "move")]
    words: String,
}

/// Refuse to play when the game is over or `wanted` (a person, or the computer) is not to
/// move.
fn check_turn(game: &Game<'_>, info: &Info, human: bool) -> Result<Player, ApiError> {
    if let Some(outcome) = game.outcome() {
        return Err(ApiError::conflict("game_over", format!("the game is over: {outcome}")));
    }
    let me = game.state().to_move();
    let is_human = info.controllers[me] == Controller::Human;
    match (human, is_human) {
        (true, false) => Err(ApiError::conflict(
            "not_your_turn",
            format!("it is {me}'s turn, and {me} is the computer ({})", info.controllers[me]),
        )),
        (false, true) => {
            Err(ApiError::conflict("not_your_turn", format!("it is {me}'s turn, and {me} is a person")))
        }
        _ => Ok(me),
    }
}

/// A refused turn, as an answer: nothing of it was played.
fn turn_error(error: TurnError) -> ApiError {
    const NOTHING: &str = "; nothing was played";
    match error {
        TurnError::Empty => ApiError::bad("bad_notation", format!("{error}")),
        TurnError::Notation(e) => ApiError::bad("bad_notation", format!("{}{NOTHING}", e.reason)),
        TurnError::Illegal(e @ PlayError::GameOver { .. }) => {
            ApiError::conflict("game_over", format!("{e}{NOTHING}"))
        }
        TurnError::Illegal(e) => ApiError::bad("illegal_move", format!("{e}{NOTHING}")),
        TurnError::TooLong { extra } => ApiError::bad(
            "too_long",
            format!("the turn is over before `{}`{NOTHING}; send the next turn on its own", quote(&extra)),
        ),
        TurnError::Unfinished { .. } => ApiError::bad("bad_notation", format!("{error}{NOTHING}")),
    }
}

/// Where the last decision ended a round and lots are to be drawn for the next round's last
/// hole, the server draws them (a player never chooses a lot), from the game's seed and the
/// decisions played, so that a game's seed plays it again.
fn draw_lot(game: &mut Game<'_>, info: &Info) -> Option<crate::engine::Played> {
    let decisions: usize = game.turns().iter().map(|t| t.moves.len()).sum();
    let mut rng = crate::ai::rng(info.seed ^ crate::ai::LOTS ^ decisions as u64);
    game.draw_lot(&mut |n| crate::ai::below(&mut rng, n))
}

/// `POST /api/games/{id}/play`: the decisions written, all of them or none (the turn may
/// stay open for picks sent later).
pub(crate) async fn play(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
    Body(request): Body<PlayRequest>,
) -> Answer<PlayedAnswer> {
    if request.words.chars().count() > MAX_MOVE {
        return Err(ApiError::bad("too_long", format!("a turn is at most {MAX_MOVE} characters")));
    }
    let limits = store.limits().clone();
    change_game(&store, id, |game, info| {
        check_turn(game, info, true)?;
        check_length(game.turns().len(), &limits)?;
        let mut played = game.play_part(&request.words).map_err(turn_error)?;
        played.extend(draw_lot(game, info));
        let rules = game.rules();
        let played = played
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let after = played.get(i + 1).map_or(game.state(), |next| &next.before);
                view::played_view(rules, &p.before, after, p.mv, &p.effect)
            })
            .collect();
        Ok(PlayedAnswer { played, error: None, report: None, game: view::game_view(game, info) })
    })
    .map(Json)
}

/// A search under way for a request: dropping it (the request is answered, or its client has
/// gone and the server dropped the request) cancels the search and frees the game for the
/// next one.
struct Thinking {
    shared: Shared,
    stop: Stop,
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.stop.cancel();
        lock(&self.shared).end_search(&self.stop);
    }
}

/// What a search needs: a copy of the position, away from the game and its lock.
struct Snapshot {
    rules: Arc<crate::Rules>,
    state: Position,
    legal: MoveList,
    version: u64,
}

/// The agent the server runs for `spec`: within its memory limit, stopped by `stop`.
fn agent(spec: AgentSpec, seed: u64, limits: &Limits, stop: Stop) -> Box<dyn Agent + Send> {
    let mut agent: Box<dyn Agent + Send> = match spec {
        AgentSpec::Mcts(budget) => {
            Box::new(MctsAgent::new(budget, seed).with_max_memory(limits.search_memory))
        }
        AgentSpec::Strongest(time) => {
            Box::new(StrongestAgent::new(time, seed).with_max_memory(limits.search_memory))
        }
        AgentSpec::StrongestEndgame(time) => Box::new(crate::ai::EndgameAgent::new(Box::new(
            StrongestAgent::new(time, seed).with_max_memory(limits.search_memory),
        ))),
        other => other.build(seed),
    };
    agent.set_stop(stop);
    agent
}

/// Search the path's game with `ask` (which checks the game and names the player and seed):
/// on a blocking thread, on a copy of the position, without the game's lock. At most one
/// search runs per game (409 `thinking`), and at most `--max-searches` over all games.
/// Answers the decision chosen, its report, the snapshot searched, and whether the search
/// was cancelled (its answer is not wanted).
async fn search(
    store: &Store,
    id: &str,
    ask: impl FnOnce(&Game<'_>, &Info) -> Result<(AgentSpec, u64), ApiError>,
) -> Result<(Shared, Snapshot, Move, Option<String>, bool), ApiError> {
    let shared = store.get(id)?;
    let (spec, seed, snapshot, stop, permit) = {
        let mut session = lock(&shared);
        let (spec, seed, state, legal) = session.read(|game, info| {
            let (spec, seed) = ask(game, info)?;
            Ok::<_, ApiError>((spec, seed, game.state().clone(), game.legal_moves()))
        })??;
        let (stop, permit) = session.begin_search(store)?;
        let snapshot = Snapshot { rules: session.rules.clone(), state, legal, version: session.version() };
        (spec, seed, snapshot, stop, permit)
    };
    let thinking = Thinking { shared: shared.clone(), stop: stop.clone() };
    let limits = store.limits().clone();
    let (rules, state, legal) = (snapshot.rules.clone(), snapshot.state.clone(), snapshot.legal.clone());
    let searched = tokio::task::spawn_blocking(move || {
        // The permit is given back when the search ends, not when its request does.
        let _permit = permit;
        let mut agent = agent(spec, seed, &limits, stop);
        let mv = agent.choose(&rules, &state, &legal);
        (mv, agent.report())
    })
    .await;
    let (mv, report) = searched.map_err(|_| ApiError::internal("the computer player failed"))?;
    let cancelled = thinking.stop.is_cancelled();
    // Before the game is locked again: dropping takes the lock.
    drop(thinking);
    Ok((shared, snapshot, mv, report, cancelled))
}

/// Refuse a search's answer if the game changed (or was forgotten) while it thought.
fn unchanged(session: &Session, snapshot: &Snapshot, cancelled: bool, store: &Store) -> Result<(), ApiError> {
    if store.is_closing() {
        return Err(ApiError::stopping());
    }
    if cancelled || session.version() != snapshot.version {
        return Err(ApiError::conflict(
            "changed",
            "the game changed (or was deleted) while the computer thought; nothing was played",
        ));
    }
    Ok(())
}

/// `POST /api/games/{id}/computer`: the computer to move makes one decision.
pub(crate) async fn computer(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<PlayedAnswer> {
    let id = id_of(id)?;
    let limits = store.limits().clone();
    let (shared, snapshot, mv, report, cancelled) = search(&store, &id, |game, info| {
        let me = check_turn(game, info, false)?;
        check_length(game.turns().len(), &limits)?;
        let Controller::Computer(spec) = info.controllers[me] else {
            return Err(ApiError::internal("the computer player is missing"));
        };
        // A fresh player for each decision, seeded by the game's seed and the decision: a
        // search's tree is dropped as soon as it has chosen, so an idle game keeps none.
        let decisions: usize = game.turns().iter().map(|t| t.moves.len()).sum();
        Ok((spec, info.seed.wrapping_add(decisions as u64)))
    })
    .await?;
    let report = report.filter(|r| r != "the only legal decision");
    let (answer, size) = {
        let mut session = lock(&shared);
        unchanged(&session, &snapshot, cancelled, &store)?;
        let answer = session.change(|game, info| {
            let before = game.state().clone();
            let effect = game
                .play(mv)
                .map_err(|e| ApiError::internal(&format!("the computer chose an illegal move: {e}")))?;
            let lot = draw_lot(game, info);
            let after = lot.as_ref().map_or(game.state(), |lot| &lot.before);
            let mut played = vec![view::played_view(game.rules(), &before, after, mv, &effect)];
            played.extend(
                lot.map(|p| view::played_view(game.rules(), &p.before, game.state(), p.mv, &p.effect)),
            );
            Ok(PlayedAnswer { played, error: None, report, game: view::game_view(game, info) })
        })?;
        (answer, session.size())
    };
    store.resize(&id, size);
    Ok(Json(answer))
}

/// What `POST /api/games/{id}/hint` answers.
#[derive(Debug, serde::Serialize)]
pub(crate) struct HintAnswer {
    /// The decision suggested, in notation.
    #[serde(rename = "move")]
    text: String,
    /// How it was chosen.
    report: Option<String>,
    /// Who suggested it (`mcts:1s`).
    by: String,
}

/// `POST /api/games/{id}/hint`
pub(crate) async fn hint(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<HintAnswer> {
    let id = id_of(id)?;
    let adviser = capped(HINT, store.limits());
    let (shared, snapshot, mv, report, cancelled) = search(&store, &id, |game, info| {
        check_turn(game, info, true)?;
        Ok((adviser, info.seed ^ u64::from(game.state().turn())))
    })
    .await?;
    let session = lock(&shared);
    unchanged(&session, &snapshot, cancelled, &store)?;
    Ok(Json(HintAnswer { text: snapshot.rules.move_text(mv), report, by: adviser.to_string() }))
}

/// `POST /api/games/{id}/undo`: back to the last turn a person started (one turn if the
/// computer plays both sides).
pub(crate) async fn undo(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<GameView> {
    change_game(&store, id, |game, info| {
        let someone = Player::BOTH.iter().any(|&p| info.controllers[p] == Controller::Human);
        let undone = if someone { session::undo_to_human(game, &info.controllers) } else { game.undo() };
        if !undone {
            return Err(ApiError::conflict("nothing_to_undo", "there is nothing to undo"));
        }
        Ok(view::game_view(game, info))
    })
    .map(Json)
}

/// `POST /api/games/{id}/resign`: the person to move resigns.
pub(crate) async fn resign(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<GameView> {
    change_game(&store, id, |game, info| {
        check_turn(game, info, true)?;
        if !game.resign() {
            return Err(ApiError::conflict("cannot_resign", "at a table of more than two no one may resign"));
        }
        Ok(view::game_view(game, info))
    })
    .map(Json)
}

/// `GET /api/games/{id}/record`: the record as a text file to download.
pub(crate) async fn record(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let (text, name) = on_game(&store, id, |game, info| {
        let tags = session::record_tags(game.rules(), &info.source, &info.controllers, &info.teams);
        let text = crate::record::write_record_annotated(game, &tags, |i, p| {
            session::team_member(&info.teams, i, p).map(|name| format!("{p}: {name}"))
        });
        let stem: String = info
            .source
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '-' })
            .collect();
        Ok((text, format!("{}-{}.txt", stem.trim_matches('-'), info.id)))
    })?;
    let disposition = format!("attachment; filename=\"{name}\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// Any other path (named whole, `/api` included).
pub(crate) async fn no_route(OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", format!("there is nothing at `{}`", quote(uri.path())))
}

/// A known path with the wrong method.
pub(crate) async fn no_method(OriginalUri(uri): OriginalUri, method: Method) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("`{}` does not take {}", quote(uri.path()), quote(method.as_str())),
    )
}
