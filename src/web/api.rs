//! The JSON API's handlers, its request bodies and its errors.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, Path, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::engine::{ByPlayer, Game, PlayErrorKind, Player};
use crate::record::{Record, RecordError};
use crate::session::{self, Controller, HINT};

use super::games::{Info, Session, Shared, Store};
use super::view::{self, Catalogue, GameView, PlayedAnswer};
use super::{BODY_LIMIT, Source};

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
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), detail: None }
    }

    fn bad(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    fn with_detail(mut self, detail: String) -> ApiError {
        self.detail = Some(detail);
        self
    }

    pub(crate) fn internal(message: &str) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    pub(crate) fn no_game(id: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_game",
            format!("there is no game `{id}` (games left alone for a while are forgotten); start a new one"),
        )
    }

    pub(crate) fn too_many(max: usize) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_games",
            format!("{max} games are under way, the most this server keeps; try again later"),
        )
    }

    /// The rendered diagnostic if there is one, else the message (for startup errors).
    pub(crate) fn detail_or_message(self) -> String {
        self.detail.unwrap_or(self.message)
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
            ApiError::bad("bad_request", format!("the request body is not what this route takes: {e}"))
        })
    }
}

/// The game named in the path.
fn game_of(store: &Store, id: Result<Path<String>, PathRejection>) -> Result<Shared, ApiError> {
    let Path(id) = id.map_err(|e| ApiError::bad("bad_request", e.body_text()))?;
    store.get(&id)
}

/// What `f` makes of the path's game, under the game's lock.
async fn on_game<T>(
    store: &Store,
    id: Result<Path<String>, PathRejection>,
    f: impl FnOnce(&mut Game<'_>, &Info) -> Result<T, ApiError> + Send,
) -> Result<T, ApiError> {
    let shared = game_of(store, id)?;
    let mut session = shared.lock().await;
    session.with_game(f)?
}

/// [`on_game`] on a blocking thread, for a search: a computer that thinks holds up only its
/// own game.
async fn thinking<T: Send + 'static>(
    store: &Store,
    id: Result<Path<String>, PathRejection>,
    f: impl FnOnce(&mut Game<'_>, &Info) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let shared = game_of(store, id)?;
    let mut session = shared.lock_owned().await;
    tokio::task::spawn_blocking(move || session.with_game(f)?)
        .await
        .map_err(|_| ApiError::internal("the computer player failed"))?
}

type Answer<T> = Result<Json<T>, ApiError>;

/// `GET /api/rules`
pub(crate) async fn rules(State(store): State<Arc<Store>>) -> Json<Catalogue> {
    Json(store.catalogue.clone())
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
    /// `human`, a level (`easy`, `medium`, `hard`) or any computer player (`mcts:2s`).
    south: Option<String>,
    north: Option<String>,
    #[serde(default)]
    south_team: Vec<String>,
    #[serde(default)]
    north_team: Vec<String>,
    /// The computer players' seed (by default, a fresh one).
    seed: Option<u64>,
    /// A game record to continue: its tags choose the rules, ruleset and parameters.
    record: Option<String>,
}

fn controller(side: &str, text: Option<&str>, default: Controller) -> Result<Controller, ApiError> {
    match text {
        None => Ok(default),
        Some(text) => text.parse().map_err(|e| ApiError::bad("bad_player", format!("{side}: {e}"))),
    }
}

fn team(names: Vec<String>) -> Vec<String> {
    names.into_iter().map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect()
}

/// `POST /api/games`
pub(crate) async fn create(
    State(store): State<Arc<Store>>,
    Body(new): Body<NewGame>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let controllers = ByPlayer {
        south: controller("south", new.south.as_deref(), Controller::Human)?,
        north: controller("north", new.north.as_deref(), "medium".parse().unwrap_or(Controller::Human))?,
    };
    let teams = ByPlayer { south: team(new.south_team), north: team(new.north_team) };
    let seed = new.seed.unwrap_or_else(|| store.seed());
    let mut params: Vec<String> = new.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let (source, ruleset, record) = match &new.record {
        None => (find_source(&store, new.rules.as_deref())?, new.ruleset, None),
        Some(text) => {
            let record = Record::parse(text).map_err(|problem| record_error(text, problem))?;
            let named = record.tag("Rules").map(|t| t.node.clone());
            let source = find_source(&store, new.rules.as_deref().or(named.as_deref()))?;
            let mut from_record = record.params();
            from_record.append(&mut params);
            params = from_record;
            let ruleset = new.ruleset.or_else(|| record.tag("Ruleset").map(|t| t.node.clone()));
            (source, ruleset, Some(record))
        }
    };
    let rules = compile(source, ruleset, params)?;
    let game = match (&record, &new.record) {
        (Some(record), Some(text)) => {
            record.replay(&rules).map_err(|problem| record_error(text, problem))?.detach()
        }
        _ => Game::new(&rules).detach(),
    };
    let info = Info { id: String::new(), source: source.name.clone(), controllers, teams, seed };
    let shared = store.insert(Session::new(rules, game, info))?;
    let mut session = shared.lock().await;
    let view = session.with_game(|game, info| view::game_view(game, info))?;
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
            format!("no rules file `{name}` is offered here (offered: {}){hint}", names.join(", ")),
        )
    })
}

fn record_error(text: &str, problem: crate::record::RecordProblem) -> ApiError {
    let message = problem.to_string();
    let error = RecordError { src: miette::NamedSource::new("record", Arc::from(text)), problem };
    ApiError::bad("bad_record", message).with_detail(super::render(&error))
}

/// `GET /api/games/{id}`
pub(crate) async fn show(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<GameView> {
    on_game(&store, id, |game, info| Ok(view::game_view(game, info))).await.map(Json)
}

/// `DELETE /api/games/{id}`
pub(crate) async fn delete(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let Path(id) = id.map_err(|e| ApiError::bad("bad_request", e.body_text()))?;
    if store.remove(&id) { Ok(StatusCode::NO_CONTENT) } else { Err(ApiError::no_game(&id)) }
}

/// What `POST /api/games/{id}/play` takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayRequest {
    /// One decision (`b3`, `d1`, `stop`) or several (`b3 x d1 d1`), played in order.
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

fn code_of(kind: PlayErrorKind) -> &'static str {
    match kind {
        PlayErrorKind::GameOver => "game_over",
        _ => "illegal_move",
    }
}

/// `POST /api/games/{id}/play`
pub(crate) async fn play(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
    Body(request): Body<PlayRequest>,
) -> Answer<PlayedAnswer> {
    on_game(&store, id, |game, info| {
        check_turn(game, info, true)?;
        let rules = game.rules();
        let words = crate::Rules::turn_words(&request.words);
        if words.is_empty() {
            return Err(ApiError::bad("bad_notation", "no decision given: write a hole such as `b3`"));
        }
        let turn = game.state().turn();
        let mut played = Vec::new();
        let mut error = None;
        for word in words {
            // The rest of the words belong to this turn only, and to a person.
            if !played.is_empty() && (game.state().turn() != turn || check_turn(game, info, true).is_err()) {
                error = Some(format!("the turn ended before `{word}`; the rest was not played"));
                break;
            }
            let fail = match rules.parse_move(game.state(), word) {
                Err(e) => ApiError::bad("bad_notation", e.reason),
                Ok(mv) => {
                    let before = game.state().clone();
                    match game.play(mv) {
                        Ok(effect) => {
                            played.push(view::played_view(rules, &before, game.state(), mv, &effect));
                            continue;
                        }
                        Err(e) => ApiError::bad(code_of(e.kind), e.reason),
                    }
                }
            };
            if played.is_empty() {
                return Err(fail);
            }
            error = Some(fail.message);
            break;
        }
        Ok(PlayedAnswer { played, error, report: None, game: view::game_view(game, info) })
    })
    .await
    .map(Json)
}

/// `POST /api/games/{id}/computer`: the computer to move makes one decision, thinking on a
/// blocking thread.
pub(crate) async fn computer(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<PlayedAnswer> {
    thinking(&store, id, |game, info| {
        let me = check_turn(game, info, false)?;
        let Controller::Computer(spec) = info.controllers[me] else {
            return Err(ApiError::internal("the computer player is missing"));
        };
        // A fresh player for each decision, seeded by the game's seed and the decision: a
        // search's tree is dropped as soon as it has chosen, so an idle game keeps none.
        let decisions: usize = game.turns().iter().map(|t| t.moves.len()).sum();
        let mut agent = spec.build(info.seed.wrapping_add(decisions as u64));
        let legal = game.legal_moves();
        let mv = agent.choose(game.rules(), game.state(), &legal);
        let report = agent.report().filter(|r| r != "the only legal decision");
        let before = game.state().clone();
        let effect = game
            .play(mv)
            .map_err(|e| ApiError::internal(&format!("the computer chose an illegal move: {}", e.reason)))?;
        let played = view::played_view(game.rules(), &before, game.state(), mv, &effect);
        Ok(PlayedAnswer { played: vec![played], error: None, report, game: view::game_view(game, info) })
    })
    .await
    .map(Json)
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
    thinking(&store, id, |game, info| {
        check_turn(game, info, true)?;
        let mut adviser = HINT.build(info.seed ^ u64::from(game.state().turn()));
        let mv = adviser.choose(game.rules(), game.state(), &game.legal_moves());
        Ok(HintAnswer { text: game.rules().move_text(mv), report: adviser.report(), by: HINT.to_string() })
    })
    .await
    .map(Json)
}

/// `POST /api/games/{id}/undo`: back to the last turn a person started (one turn if the
/// computer plays both sides).
pub(crate) async fn undo(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<GameView> {
    on_game(&store, id, |game, info| {
        let someone = Player::BOTH.iter().any(|&p| info.controllers[p] == Controller::Human);
        let undone = if someone { session::undo_to_human(game, &info.controllers) } else { game.undo() };
        if !undone {
            return Err(ApiError::conflict("nothing_to_undo", "there is nothing to undo"));
        }
        Ok(view::game_view(game, info))
    })
    .await
    .map(Json)
}

/// `POST /api/games/{id}/resign`: the person to move resigns.
pub(crate) async fn resign(
    State(store): State<Arc<Store>>,
    id: Result<Path<String>, PathRejection>,
) -> Answer<GameView> {
    on_game(&store, id, |game, info| {
        check_turn(game, info, true)?;
        game.resign();
        Ok(view::game_view(game, info))
    })
    .await
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
    })
    .await?;
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

/// Any other path.
pub(crate) async fn no_route(request: Request) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("there is nothing at `{}`", request.uri().path()),
    )
}

/// A known path with the wrong method.
pub(crate) async fn no_method(request: Request) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("`{}` does not take {}", request.uri().path(), request.method()),
    )
}
