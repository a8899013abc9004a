//! `sow._sow`: the Python bindings of `sow`, wrapped by the `sow` package (python/sow/).
//!
//! Games and states keep OpenSpiel's names, so that code written for `pyspiel` ports line for
//! line; [`VectorEnv`] steps many games at once with the GIL released, writing observations and
//! action masks into NumPy arrays that are made once and written in place.

use std::sync::Arc;

use miette::{GraphicalReportHandler, GraphicalTheme};
use numpy::{PyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use sow::ai::AgentSpec;
use sow::analysis::compare::CompareConfig;
use sow::analysis::matches::MatchConfig;
use sow::analysis::parts::{self, Merged, Part, Variant as PartVariant};
use sow::analysis::report::{self, SimulateReport, Timing};
use sow::analysis::shard::Shard;
use sow::analysis::simulate::SimConfig;
use sow::analysis::variant::VariantSpec;
use sow::engine::{DetachedPosition, Encoding, Hole, Move, MoveList, Outcome, Player, Position, Rules};

create_exception!(
    _sow,
    RulesError,
    PyValueError,
    "A rules file that does not compile; the message is the rendered diagnostic."
);

create_exception!(
    _sow,
    Error,
    PyException,
    "A fault inside sow (a panic caught at the Python boundary); please report it."
);

/// Run `work`, a panic in it raised as `sow.Error` (an `Exception`, where PyO3's own
/// `PanicException` is not one): no panic reaches Python as such.
fn guard<T>(work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            Err(Error::new_err(format!("a fault inside sow (please report it): {message}")))
        }
    }
}

/// A vector of `n` default values, its allocation fallible: `MemoryError` where it fails.
fn zeroed<T: Clone + Default>(n: usize, what: &str) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|e| PyMemoryError::new_err(format!("cannot allocate {what} ({n} values): {e}")))?;
    v.resize(n, T::default());
    Ok(v)
}

/// How a position is written for a learner, from the observing player's point of view.
///
/// The tensor (`observation_size()` float32 values) holds, for observer `p`:
/// - the seeds of every slot, `p`'s side first: for South the holes in board order (a1…an,
///   b1…, row `a` being South's outer row) then the stores (South's first); for North the
///   board turned half a circle (North's outer row first, each row from North's left) and the
///   stores swapped, so that either player sees their own side where South sees hers;
/// - the seeds `p` has taken out of play, then the opponent's;
/// - the seeds in `p`'s hand, then the opponent's;
/// - 1 if `p` is to move (0 otherwise, and once the game is over);
/// - 1 if `p` is North, 0 if South: with the value before, who is to move.
struct View {
    /// The slots in the order South sees them, and North.
    south: Vec<Hole>,
    north: Vec<Hole>,
}

impl View {
    fn new(rules: &Rules) -> View {
        let south = rules.slots_in_order();
        // The board turned half a circle, as a swap of sides turns it.
        let north = south.iter().map(|&h| rules.turned_slot(h)).collect();
        View { south, north }
    }

    fn size(&self) -> usize {
        self.south.len() + 6
    }

    /// Write `state` as `player` sees it into `out` (of `size()` values).
    fn observe(&self, state: &sow::State, player: Player, out: &mut [f32]) {
        let slots = if player == Player::South { &self.south } else { &self.north };
        let (counts, rest) = out.split_at_mut(slots.len());
        for (value, &hole) in counts.iter_mut().zip(slots) {
            *value = f32::from(state.count(hole));
        }
        let other = player.other();
        let (captured, hand) = (state.captured(), state.hand());
        rest[0] = f32::from(captured[player]);
        rest[1] = f32::from(captured[other]);
        rest[2] = f32::from(hand[player]);
        rest[3] = f32::from(hand[other]);
        rest[4] = if !state.is_over() && state.to_move() == player { 1.0 } else { 0.0 };
        rest[5] = if player == Player::North { 1.0 } else { 0.0 };
    }
}

/// The longest game `max_game_length` reports: the ply limit of `sow simulate`.
const MAX_GAME_LENGTH: u32 = SimConfig::MAX_PLIES;

/// OpenSpiel's player id of a terminal state.
const TERMINAL: i64 = -4;
/// OpenSpiel's `PlayerId.CHANCE`: the player of a chance node.
const CHANCE: i64 = -1;

/// Render a diagnostic as `sow check` does, without colour (it goes into an exception).
fn render(diagnostic: &dyn miette::Diagnostic) -> String {
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    if handler.render_report(&mut out, diagnostic).is_err() {
        out = diagnostic.to_string();
    }
    out
}

/// The text and display name of `rules`: rules text itself, a path, or a bundled name.
fn rules_source(rules: &str) -> PyResult<(String, String)> {
    // Rules text has a block (`game "…" { … }`); a path or a name has none.
    if rules.contains(['\n', '{']) {
        return Ok(("<rules text>".to_string(), rules.to_string()));
    }
    let path = std::path::Path::new(rules);
    if path.is_file() {
        let text = sow::source::read(path, sow::source::Kind::Rules).map_err(|e| match e {
            sow::source::ReadError::Io(e) => {
                PyValueError::new_err(format!("cannot read `{}`: {e}", path.display()))
            }
            sow::source::ReadError::Source(e) => RulesError::new_err(render(&*e)),
        })?;
        return Ok((rules.to_string(), text));
    }
    // A bundled name or an alias of one (`awari` is `oware`).
    if let (Some(stem), Some(text)) = (sow::bundled::resolve(rules), sow::bundled::bundled(rules)) {
        return Ok((format!("{stem}.sow (bundled)"), text.to_string()));
    }
    Err(PyValueError::new_err(sow::bundled::unknown(rules)))
}

/// Parameters from Python: a mapping `{"columns": 8}` or a list of `"columns=8"`.
fn params_from(params: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(params) = params else { return Ok(Vec::new()) };
    if params.is_none() {
        return Ok(Vec::new());
    }
    if let Ok(dict) = params.cast::<PyDict>() {
        let mut out = Vec::new();
        for (key, value) in dict.iter() {
            out.push(format!("{}={}", key.str()?, value.str()?));
        }
        return Ok(out);
    }
    if let Ok(list) = params.extract::<Vec<String>>() {
        return Ok(list);
    }
    Err(PyValueError::new_err(
        "params must be a dict such as {\"columns\": 8} or a list such as [\"columns=8\"]",
    ))
}

/// Compile rules for Python, every failure a Python exception.
fn compile(rules: &str, ruleset: Option<&str>, params: &[String]) -> PyResult<Rules> {
    guard(|| {
        let (name, text) = rules_source(rules)?;
        let params: Vec<&str> = params.iter().map(String::as_str).collect();
        let rules = sow::compile(&name, &text, &sow::Options::new(ruleset, &params))
            .map_err(|e| RulesError::new_err(render(&e)))?;
        // Observations, returns and the OpenSpiel adapter count two players.
        if rules.seats() != 2 {
            return Err(PyValueError::new_err(format!(
                "{name} is played by {} players; the Python package plays games of two for now",
                rules.seats()
            )));
        }
        Ok(rules)
    })
}

/// A game: compiled rules and their numbering of decisions (OpenSpiel's `pyspiel.Game`).
#[pyclass(frozen, module = "sow")]
pub struct Game {
    rules: Arc<Rules>,
    encoding: Arc<Encoding>,
    view: Arc<View>,
    /// The start position, settled.
    start: DetachedPosition,
    /// How it was loaded: the rules argument, the ruleset and the parameters.
    spec: (String, Option<String>, Vec<String>),
    /// The Python integers `0..num_distinct_actions()`, made on first use: lists of legal
    /// actions are built from them without making an integer per action per state.
    numbers: PyOnceLock<Vec<Py<PyAny>>>,
}

impl Game {
    fn new(rules: Rules, spec: (String, Option<String>, Vec<String>)) -> Game {
        let encoding = Encoding::new(&rules);
        let view = View::new(&rules);
        let start = Position::new(&rules).detach();
        Game {
            rules: Arc::new(rules),
            encoding: Arc::new(encoding),
            view: Arc::new(view),
            start,
            spec,
            numbers: PyOnceLock::new(),
        }
    }

    fn initial(slf: &Bound<'_, Self>) -> PyResult<GameState> {
        let game = slf.get();
        let mut state = GameState {
            game: slf.clone().unbind(),
            rules: game.rules.clone(),
            encoding: game.encoding.clone(),
            position: Some(game.start.clone()),
            legal: Vec::new(),
            actions: Vec::new(),
            history: Vec::new(),
        };
        state.settle()?;
        Ok(state)
    }

    /// A new list of the Python integers `actions`.
    fn action_list<'py>(&self, py: Python<'py>, actions: &[u32]) -> PyResult<Bound<'py, PyList>> {
        let numbers = self.numbers.get_or_try_init(py, || {
            (0..self.encoding.size())
                .map(|n| Ok(n.into_pyobject(py)?.into_any().unbind()))
                .collect::<PyResult<_>>()
        })?;
        PyList::new(py, actions.iter().map(|&a| numbers[a as usize].bind(py)))
    }
}

/// Load a game: `rules` is a bundled name (`"nsolo"`), a path to a `.sow` file, or rules text;
/// `ruleset` one of its rulesets; `params` a dict such as `{"columns": 16}`. A file that does
/// not compile raises `sow.RulesError` with the rendered diagnostic.
#[pyfunction]
#[pyo3(signature = (rules, ruleset=None, params=None))]
fn load_game(rules: &str, ruleset: Option<&str>, params: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
    let params = params_from(params)?;
    guard(|| {
        let compiled = compile(rules, ruleset, &params)?;
        Ok(Game::new(compiled, (rules.to_string(), ruleset.map(str::to_string), params)))
    })
}

#[pymethods]
impl Game {
    /// The start of a game.
    fn new_initial_state(slf: &Bound<'_, Self>) -> PyResult<GameState> {
        Game::initial(slf)
    }

    /// The state whose `serialize()` is `text` (the actions played, one a line), replayed
    /// from the start: an action that is not legal where it stands raises `ValueError`.
    fn deserialize_state(slf: &Bound<'_, Self>, text: &str) -> PyResult<GameState> {
        let mut state = Game::initial(slf)?;
        for (n, line) in text.lines().map(str::trim).filter(|l| !l.is_empty()).enumerate() {
            let action: i64 = line.parse().map_err(|_| {
                PyValueError::new_err(format!("line {}: `{line}` is not an action number", n + 1))
            })?;
            state.apply_action(action)?;
        }
        Ok(state)
    }

    /// An upper bound on the plies of a game: the ply limit of `sow simulate` (100,000); a
    /// game may in principle run longer, where its rules let it.
    fn max_game_length(&self) -> u32 {
        MAX_GAME_LENGTH
    }

    /// The parameters and their values, as `pyspiel.Game.get_parameters` gives them (here
    /// the rules' own parameters, as `params`).
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.params(py)
    }

    /// How many numbers decisions take: actions are `0..num_distinct_actions()`.
    fn num_distinct_actions(&self) -> usize {
        self.encoding.size()
    }

    /// Whether the game has chance nodes (lots drawn for the first player or between rounds):
    /// OpenSpiel's
    /// `EXPLICIT_STOCHASTIC` chance mode, else `DETERMINISTIC`.
    fn has_chance(&self) -> bool {
        self.rules.has_chance()
    }

    /// The most outcomes a chance node has: one a seat where the rules draw lots (`the first
    /// player is drawn by lot`, `, or by lot if each has 2`), else 0 (no chance).
    fn max_chance_outcomes(&self) -> usize {
        if self.rules.has_chance() { self.rules.seats() } else { 0 }
    }

    fn num_players(&self) -> usize {
        2
    }

    fn min_utility(&self) -> f64 {
        -1.0
    }

    fn max_utility(&self) -> f64 {
        1.0
    }

    /// Zero-sum: one player's win is the other's loss.
    fn utility_sum(&self) -> f64 {
        0.0
    }

    /// The shape of an observation tensor: `[slots + 6]` (see `State.observation_tensor`).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.view.size()]
    }

    fn observation_tensor_size(&self) -> usize {
        self.view.size()
    }

    /// The shape of a policy over the actions: `[num_distinct_actions()]`.
    fn policy_tensor_shape(&self) -> Vec<usize> {
        vec![self.encoding.size()]
    }

    /// The game's name, ruleset and parameters, as `sow` prints them.
    fn name(&self) -> String {
        sow::session::describe(&self.rules)
    }

    /// The names of the file's rulesets (of the base game's file).
    #[getter]
    fn rulesets(&self) -> Vec<String> {
        self.rules.meta().rulesets.clone()
    }

    /// The parameters and the values these rules were compiled with.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for p in self.rules.params() {
            dict.set_item(&p.name, p.value)?;
        }
        Ok(dict)
    }

    /// The rows and holes per row of the board.
    #[getter]
    fn board(&self) -> (usize, usize) {
        (self.rules.rows(), self.rules.columns())
    }

    /// Count the leaves of the decision tree `depth` plies below the start, as `sow perft`.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let rules = self.rules.clone();
        guard(|| Ok(py.detach(move || Position::new(&rules).perft(depth))))
    }

    /// `load_game`'s arguments, so that a game can be sent to another process (Ray, pickle).
    fn __getnewargs_ex__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyDict>)> {
        let kwargs = PyDict::new(py);
        kwargs.set_item("ruleset", self.spec.1.clone())?;
        kwargs.set_item("params", self.spec.2.clone())?;
        Ok(((self.spec.0.clone(),).into_pyobject(py)?.into_any(), kwargs))
    }

    #[new]
    #[pyo3(signature = (rules, ruleset=None, params=None))]
    fn py_new(rules: &str, ruleset: Option<&str>, params: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
        load_game(rules, ruleset, params)
    }

    fn __repr__(&self) -> String {
        format!("<sow.Game {}>", sow::session::describe(&self.rules))
    }
}

/// A position of a game and the decisions that led to it (OpenSpiel's `pyspiel.State`).
#[pyclass(module = "sow", name = "State")]
pub struct GameState {
    game: Py<Game>,
    rules: Arc<Rules>,
    encoding: Arc<Encoding>,
    /// Always `Some` between calls (taken while a decision is played).
    position: Option<DetachedPosition>,
    /// The legal decisions, in the engine's order.
    legal: Vec<Move>,
    /// Their actions, ascending.
    actions: Vec<u32>,
    /// The actions played.
    history: Vec<u32>,
}

impl GameState {
    fn position(&self) -> &DetachedPosition {
        self.position.as_ref().expect("a state always holds its position between calls")
    }

    /// List the legal decisions and their actions, settling the outcome where the player to
    /// move has none.
    fn settle(&mut self) -> PyResult<()> {
        let mut position =
            self.position.take().expect("a state always holds its position").attach(&self.rules);
        let mut moves = MoveList::new();
        position.legal_moves_or_settle(&mut moves);
        self.position = Some(position.detach());
        self.legal = moves.to_vec();
        let mut actions = std::mem::take(&mut self.actions);
        let encoded = self.encoding.encode_ascending(&self.legal, &mut actions);
        self.actions = actions;
        encoded.map_err(|mv| self.no_number(mv))?;
        Ok(())
    }

    fn apply(&mut self, action: i64) -> PyResult<()> {
        let mv = self.decode(action)?;
        let mut position =
            self.position.take().expect("a state always holds its position").attach(&self.rules);
        // A legal decision is played straight away; only a refused one is played checked, for
        // the engine's reason.
        let played = if self.legal.contains(&mv) {
            position.play_unchecked(mv);
            Ok(())
        } else {
            position.play(mv).map(|_| ())
        };
        self.position = Some(position.detach());
        match played {
            Ok(()) => {
                self.history.push(action as u32);
                self.settle()
            }
            Err(e) => Err(PyValueError::new_err(format!("{}: {e}", self.rules.move_text(mv)))),
        }
    }

    fn child_of(&self, py: Python<'_>, action: i64) -> PyResult<GameState> {
        let mv = self.decode(action)?;
        if !self.legal.contains(&mv) {
            // Played checked, as `apply_action` plays it, for the engine's reason.
            let mut child = self.clone(py);
            child.apply(action)?;
            return Ok(child);
        }
        let mut position = self.position().clone().attach(&self.rules);
        position.play_unchecked(mv);
        let mut history = Vec::with_capacity(self.history.len() + 1);
        history.extend_from_slice(&self.history);
        history.push(action as u32);
        // Made without the parent's lists of decisions, which `settle` makes anew.
        let mut child = GameState {
            game: self.game.clone_ref(py),
            rules: self.rules.clone(),
            encoding: self.encoding.clone(),
            position: Some(position.detach()),
            legal: Vec::new(),
            actions: Vec::new(),
            history,
        };
        child.settle()?;
        Ok(child)
    }

    fn player_arg(&self, player: Option<i64>) -> PyResult<Option<Player>> {
        match player {
            None => Ok(None),
            Some(0) => Ok(Some(Player::South)),
            Some(1) => Ok(Some(Player::North)),
            Some(p) => Err(PyValueError::new_err(format!("player {p} is not 0 (South) or 1 (North)"))),
        }
    }

    /// Whether `player` (by default the player to move) has the legal actions: not once the
    /// game is over, nor while the other player decides.
    fn decides(&self, player: Option<i64>) -> PyResult<bool> {
        Ok(match self.player_arg(player)? {
            Some(p) => {
                !self.is_terminal() && !self.is_chance_node() && p == self.position().state().to_move()
            }
            None => true,
        })
    }

    fn decode(&self, action: i64) -> PyResult<Move> {
        u32::try_from(action).ok().and_then(|a| self.encoding.decode(a)).ok_or_else(|| {
            PyValueError::new_err(format!(
                "action {action} is not a decision of this game (actions are 0..{})",
                self.encoding.size()
            ))
        })
    }

    fn encode(&self, mv: Move) -> PyResult<u32> {
        self.encoding.encode(mv).ok_or_else(|| self.no_number(mv))
    }

    /// Whose point of view an observation takes by default: the player to move, South once
    /// the game is over.
    fn observer(&self) -> Player {
        let state = self.position().state();
        if state.is_over() { Player::South } else { state.to_move() }
    }

    fn no_number(&self, mv: Move) -> PyErr {
        PyRuntimeError::new_err(format!(
            "the decision {} has no action number: a fault in sow",
            self.rules.move_text(mv)
        ))
    }

    /// `(player, action)` or `(action)`, as OpenSpiel takes both.
    fn action_of(&self, first: i64, second: Option<i64>) -> PyResult<i64> {
        match second {
            Some(action) => {
                self.player_arg(Some(first))?;
                Ok(action)
            }
            None => Ok(first),
        }
    }
}

fn returns_of(outcome: Option<Outcome>) -> [f64; 2] {
    match outcome.and_then(Outcome::winner) {
        Some(p) if p == Player::South => [1.0, -1.0],
        Some(_) => [-1.0, 1.0],
        None => [0.0, 0.0],
    }
}

#[pymethods]
impl GameState {
    /// The player to decide: 0 (South) or 1 (North); -1 (OpenSpiel's chance player) where
    /// lots are drawn between rounds; -4 (OpenSpiel's terminal) once over.
    fn current_player(&self) -> i64 {
        let state = self.position().state();
        match () {
            _ if state.is_over() => TERMINAL,
            _ if state.is_chance() => CHANCE,
            _ => state.to_move().index() as i64,
        }
    }

    fn is_terminal(&self) -> bool {
        self.position().state().is_over()
    }

    /// Lots are drawn here, for the first player or between rounds: the actions are chance
    /// outcomes (`chance_outcomes`), each with the same chance.
    fn is_chance_node(&self) -> bool {
        self.position().state().is_chance()
    }

    /// The outcomes of a chance node and their chances, `[(action, probability), …]`; empty
    /// elsewhere.
    fn chance_outcomes(&self) -> Vec<(u32, f64)> {
        if !self.is_chance_node() {
            return Vec::new();
        }
        let chance = 1.0 / self.actions.len() as f64;
        self.actions.iter().map(|&a| (a, chance)).collect()
    }

    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// A player decides here: the game is not over, and no lot is being drawn.
    fn is_player_node(&self) -> bool {
        !self.is_terminal() && !self.is_chance_node()
    }

    /// Whether no action has been played yet.
    fn is_initial_state(&self) -> bool {
        self.history.is_empty()
    }

    /// The legal actions, ascending (empty for another player, or once the game is over).
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyList>> {
        let actions = if self.decides(player)? { &self.actions[..] } else { &[] };
        self.game.get().action_list(py, actions)
    }

    /// A list of `num_distinct_actions()` ints, 1 for each legal action and 0 for the
    /// others (as pyspiel's: `np.asarray(mask, dtype=bool)` has the action space's shape).
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> PyResult<Vec<i64>> {
        let mut mask = vec![0i64; self.encoding.size()];
        if self.decides(player)? {
            for &a in &self.actions {
                mask[a as usize] = 1;
            }
        }
        Ok(mask)
    }

    /// Play an action; an illegal one raises `ValueError` with the engine's reason and
    /// changes nothing.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        guard(|| self.apply(action))
    }

    /// `apply_action`, which checks every action already.
    fn apply_action_with_legality_check(&mut self, action: i64) -> PyResult<()> {
        self.apply_action(action)
    }

    /// The actions played, one a line: `Game.deserialize_state` reads it back.
    fn serialize(&self) -> String {
        self.history.iter().map(|a| format!("{a}\n")).collect()
    }

    /// Pickled as its game and the actions played, replayed on loading.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((self.game.bind(py).getattr(intern!(py, "deserialize_state"))?, (self.serialize(),)))
    }

    /// A new state: this one after `action` (OpenSpiel's `child`).
    fn child(&self, py: Python<'_>, action: i64) -> PyResult<GameState> {
        guard(|| self.child_of(py, action))
    }

    /// The position as bytes, for transposition tables: two states with equal keys have the
    /// same future (the same legal actions, outcomes and repetitions from here on), however
    /// they were reached. Not a hash: unequal positions always have unequal keys.
    fn position_key<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.position().key())
    }

    /// The decision an action stands for, in `sow`'s notation (`b3`, `d1`, `stop`, …).
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(&self, player_or_action: i64, action: Option<i64>) -> PyResult<String> {
        let action = self.action_of(player_or_action, action)?;
        Ok(self.rules.move_text(self.decode(action)?))
    }

    /// The action of a decision written in `sow`'s notation, read in this state.
    #[pyo3(signature = (player_or_text, text=None))]
    fn string_to_action(&self, player_or_text: &Bound<'_, PyAny>, text: Option<&str>) -> PyResult<u32> {
        let text = match text {
            Some(text) => {
                self.player_arg(Some(player_or_text.extract::<i64>()?))?;
                text.to_string()
            }
            None => player_or_text.extract::<String>()?,
        };
        let mv = guard(|| {
            self.rules
                .parse_move(self.position().state(), text.trim())
                .map_err(|e| PyValueError::new_err(format!("`{text}`: {e}")))
        })?;
        self.encode(mv)
    }

    /// Each player's return: 1 for a win, -1 for a loss, 0 for a draw or a game still going.
    fn returns(&self) -> Vec<f64> {
        returns_of(self.position().state().outcome()).to_vec()
    }

    fn player_return(&self, player: i64) -> PyResult<f64> {
        let p = self.player_arg(Some(player))?.unwrap_or(Player::South);
        Ok(returns_of(self.position().state().outcome())[p.index()])
    }

    /// The rewards of the last action: the returns once the game is over (the only reward
    /// these games give), 0 for both players before.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    fn player_reward(&self, player: i64) -> PyResult<f64> {
        self.player_return(player)
    }

    /// The actions played from the start.
    fn history(&self) -> Vec<u32> {
        self.history.clone()
    }

    fn move_number(&self) -> usize {
        self.history.len()
    }

    /// The position as `player` sees it (default: the player to move; South once the game
    /// is over): a float32 array of `game.observation_tensor_size()` values, from `player`'s
    /// point of view — the seeds of every slot, `player`'s side first (North sees the board
    /// turned half a circle, the stores swapped); the seeds `player` has taken out of play,
    /// the opponent's; the seeds in `player`'s hand, the opponent's; 1 if `player` is to
    /// move; 1 if `player` is North. Two positions with different players to move never
    /// share an observation.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let state = self.position().state();
        let player = self.player_arg(player)?.unwrap_or_else(|| self.observer());
        let view = &self.game.get().view;
        let mut out = vec![0.0f32; view.size()];
        view.observe(state, player, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// The board as `sow play` draws it, and whose turn it is (the same for both players:
    /// everything is open in these games).
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.player_arg(player)?;
        Ok(self.__str__())
    }

    /// The actions played, one a line, then the board (OpenSpiel's information state of a
    /// game of perfect information: the history).
    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        self.player_arg(player)?;
        Ok(format!("{}{}", self.serialize(), self.__str__()))
    }

    fn clone(&self, py: Python<'_>) -> GameState {
        GameState {
            game: self.game.clone_ref(py),
            rules: self.rules.clone(),
            encoding: self.encoding.clone(),
            position: self.position.clone(),
            legal: self.legal.clone(),
            actions: self.actions.clone(),
            history: self.history.clone(),
        }
    }

    fn __copy__(&self, py: Python<'_>) -> GameState {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> GameState {
        self.clone(py)
    }

    fn get_game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    fn __str__(&self) -> String {
        self.rules.picture(self.position().state())
    }
}

/// Many games of one rules file stepped together in Rust, with the GIL released.
///
/// The arrays it hands out (`observations`, `action_masks`, `rewards`, `terminated`,
/// `truncated`, `current_player`, and `final_observations` in `info`) are made once and
/// rewritten in place by every `reset` and `step`: copy one to keep it past the next step.
/// A step writes buffers of its own while the GIL is released, then copies them into the
/// arrays with the GIL held; an array Python code has resized, reshaped or made read-only
/// meanwhile is replaced by a new one (so no Python code can free memory a step writes).
///
/// Gymnasium's vector conventions: a game that ends in a step is started again in the same
/// step (autoreset "same step"): the observation returned is the new game's, and
/// `info["final_obs"][i]` holds the ended game's last position, as the player who made the
/// last move sees it, where `info["_final_obs"][i]` is true.
#[pyclass(module = "sow")]
pub struct VectorEnv {
    game: Py<Game>,
    rules: Arc<Rules>,
    encoding: Arc<Encoding>,
    view: Arc<View>,
    start: DetachedPosition,
    games: Vec<Slot>,
    max_plies: u32,
    threads: Threads,
    /// `new`'s `threads` and `seed`, for pickling.
    threads_arg: Option<usize>,
    seed: u64,
    /// How many numbers `rng` has drawn since it was seeded (pickling replays them).
    draws: u64,
    rng: Xoshiro256PlusPlus,
    owned: Owned,
    observations: Py<PyArray2<f32>>,
    action_masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    current_player: Py<PyArray1<i64>>,
    final_observations: Py<PyArray2<f32>>,
    final_mask: Py<PyArray1<bool>>,
}

/// What `VectorEnv.step` returns: observations, rewards, terminated, truncated, info.
type StepResult<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyDict>,
);

/// One game of a [`VectorEnv`].
#[derive(Clone)]
struct Slot {
    /// Always `Some` between calls (taken while a decision is played).
    position: Option<DetachedPosition>,
    legal: Vec<Move>,
    /// The actions played since the game started (its plies are their number).
    history: Vec<u32>,
}

/// Games stepped by one task of a step's parallel part.
const GAMES_PER_TASK: usize = 64;

/// Where a [`VectorEnv`] steps its games.
#[derive(Clone)]
enum Threads {
    /// On the calling thread.
    One,
    /// On rayon's pool of one thread per core.
    All,
    /// On a pool of its own.
    Pool(Arc<rayon::ThreadPool>),
}

impl Threads {
    fn new(threads: Option<usize>) -> PyResult<Threads> {
        Ok(match threads {
            Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
            Some(1) => Threads::One,
            None => Threads::All,
            Some(n) => Threads::Pool(Arc::new(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| PyRuntimeError::new_err(format!("a pool of {n} threads: {e}")))?,
            )),
        })
    }

    /// Run `work`, whose parallel iterators run on these threads.
    fn install<R: Send>(&self, work: impl FnOnce() -> R + Send) -> R {
        match self {
            Threads::Pool(pool) => pool.install(work),
            Threads::One | Threads::All => work(),
        }
    }
}

/// The buffers a step writes without the GIL, owned by the environment.
struct Owned {
    observations: Vec<f32>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    players: Vec<i64>,
    finals: Vec<f32>,
    ended: Vec<bool>,
}

impl Owned {
    fn new(games: usize, observation: usize, actions: usize) -> PyResult<Owned> {
        let times = |a: usize, what: &str| {
            games.checked_mul(a).ok_or_else(|| {
                PyMemoryError::new_err(format!("{games} games of {a} values of {what} do not fit in memory"))
            })
        };
        Ok(Owned {
            observations: zeroed(times(observation, "observation")?, "the observations")?,
            masks: zeroed(times(actions, "action mask")?, "the action masks")?,
            rewards: zeroed(times(2, "rewards")?, "the rewards")?,
            terminated: zeroed(games, "the terminations")?,
            truncated: zeroed(games, "the truncations")?,
            players: zeroed(games, "the players to move")?,
            finals: zeroed(times(observation, "observation")?, "the final observations")?,
            ended: zeroed(games, "the final-observation mask")?,
        })
    }

    fn buffers(&mut self) -> Buffers<'_> {
        Buffers {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            players: &mut self.players,
            finals: &mut self.finals,
            ended: &mut self.ended,
        }
    }
}

/// The buffers of a step, as slices (cut into runs of games for the parallel part).
#[derive(Default)]
struct Buffers<'a> {
    observations: &'a mut [f32],
    masks: &'a mut [bool],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    players: &'a mut [i64],
    finals: &'a mut [f32],
    ended: &'a mut [bool],
}

impl<'a> Buffers<'a> {
    /// The arrays cut into the parts of successive runs of `games` games.
    fn split(self, games: usize, observation: usize, actions: usize) -> Vec<Buffers<'a>> {
        let mut observations = self.observations.chunks_mut(games * observation);
        let mut masks = self.masks.chunks_mut(games * actions);
        let mut rewards = self.rewards.chunks_mut(games * 2);
        let mut terminated = self.terminated.chunks_mut(games);
        let mut truncated = self.truncated.chunks_mut(games);
        let mut players = self.players.chunks_mut(games);
        let mut finals = self.finals.chunks_mut(games * observation);
        let mut ended = self.ended.chunks_mut(games);
        std::iter::from_fn(|| {
            Some(Buffers {
                observations: observations.next()?,
                masks: masks.next()?,
                rewards: rewards.next()?,
                terminated: terminated.next()?,
                truncated: truncated.next()?,
                players: players.next()?,
                finals: finals.next()?,
                ended: ended.next()?,
            })
        })
        .collect()
    }
}

impl Slot {
    fn state(&self) -> &sow::State {
        self.position.as_ref().expect("a game always holds its position between calls").state()
    }

    /// Attach the position to `rules` for `work`, then keep it again.
    fn with_position<T>(&mut self, rules: &Rules, work: impl FnOnce(&mut Position<'_>) -> T) -> T {
        let mut position = self.position.take().expect("a game always holds its position").attach(rules);
        let result = work(&mut position);
        self.position = Some(position.detach());
        result
    }

    /// List the legal decisions, settling the outcome where the player to move has none.
    fn settle(&mut self, rules: &Rules) {
        let mut moves = MoveList::new();
        self.with_position(rules, |position| position.legal_moves_or_settle(&mut moves));
        self.legal.clear();
        self.legal.extend_from_slice(&moves);
    }
}

/// The inner work of a step, free of Python.
impl VectorEnv {
    /// Where the first player is drawn by lot, the seed of the first lots of the games
    /// started (new, or reset), from the environment's generator, so that each reset draws
    /// them afresh; 0, and no number drawn, elsewhere.
    fn first_lots_seed(&mut self) -> u64 {
        if !self.rules.model().first_by_lot {
            return 0;
        }
        self.draws += 1;
        self.rng.next_u64()
    }
}

/// The seed of a lot drawn in a [`VectorEnv`]'s game: `salt` and the game's actions so far.
fn lots_seed(salt: u64, history: &[u32]) -> u64 {
    (history.iter())
        .fold(sow::ai::LOTS ^ salt, |h, &a| (h ^ u64::from(a)).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

struct Stepper<'a> {
    rules: &'a Rules,
    encoding: &'a Encoding,
    view: &'a View,
    start: &'a DetachedPosition,
    max_plies: u32,
}

impl Stepper<'_> {
    /// Write the observation and mask of game `i` (a game not over), from the view of its
    /// player to move.
    fn observe(&self, slot: &Slot, i: usize, out: &mut Buffers<'_>) {
        let state = slot.state();
        let (obs, actions) = (self.view.size(), self.encoding.size());
        self.view.observe(state, state.to_move(), &mut out.observations[i * obs..(i + 1) * obs]);
        let mask = &mut out.masks[i * actions..(i + 1) * actions];
        mask.fill(false);
        for &mv in &slot.legal {
            if let Some(a) = self.encoding.encode(mv) {
                mask[a as usize] = true;
            }
        }
        out.players[i] = state.to_move().index() as i64;
    }

    /// Start a game again; where its first player is drawn by lot, drawn from `salt`.
    fn restart(&self, slot: &mut Slot, salt: u64) {
        self.restart_undrawn(slot);
        self.draw_lots(slot, salt);
    }

    /// Start a game again, at its first lot if it has one (a pickled game replays it).
    fn restart_undrawn(&self, slot: &mut Slot) {
        slot.position = Some(self.start.clone());
        slot.history.clear();
        slot.settle(self.rules);
    }

    /// Lots drawn for the first player or between rounds are no player's action: drawn here,
    /// from the game's own actions and `salt` (so that a pickled environment replays them),
    /// each outcome with the same chance, and kept in its history.
    fn draw_lots(&self, slot: &mut Slot, salt: u64) {
        while slot.state().is_chance() && !slot.legal.is_empty() {
            let drawn = sow::ai::draw(&mut sow::ai::rng(lots_seed(salt, &slot.history)), &slot.legal);
            let Some(action) = self.encoding.encode(drawn) else { break };
            slot.with_position(self.rules, |position| position.play_unchecked(drawn));
            slot.history.push(action);
            slot.settle(self.rules);
        }
    }

    /// The decision `action` stands for in game `i`, if it is legal there.
    fn decision(&self, slot: &Slot, i: usize, action: i64) -> Result<Move, String> {
        u32::try_from(action)
            .ok()
            .and_then(|a| self.encoding.decode(a))
            .filter(|mv| slot.legal.contains(mv))
            .ok_or_else(|| format!("game {i}: action {action} is not legal there"))
    }

    /// Play the legal decision `mv` (action `action`) in the game `slot`, whose arrays are
    /// at `i` in `out`; a game that ends (or reaches the ply limit) is reported, its last
    /// position kept in `finals`, and started again.
    fn step(&self, slot: &mut Slot, i: usize, mv: Move, action: u32, out: &mut Buffers<'_>) {
        out.rewards[2 * i] = 0.0;
        out.rewards[2 * i + 1] = 0.0;
        out.terminated[i] = false;
        out.truncated[i] = false;
        out.ended[i] = false;
        let mover = slot.state().to_move();
        slot.with_position(self.rules, |position| position.play_unchecked(mv));
        slot.history.push(action);
        slot.settle(self.rules);
        self.draw_lots(slot, 0);
        let state = slot.state();
        let over = state.is_over();
        if over || slot.history.len() >= self.max_plies as usize {
            let obs = self.view.size();
            self.view.observe(state, mover, &mut out.finals[i * obs..(i + 1) * obs]);
            out.ended[i] = true;
            if over {
                let r = returns_of(state.outcome());
                out.rewards[2 * i] = r[0] as f32;
                out.rewards[2 * i + 1] = r[1] as f32;
                out.terminated[i] = true;
            } else {
                out.truncated[i] = true;
            }
            // The next game's first lot, where it has one, follows from the game that ended.
            let salt = lots_seed(i as u64 + 1, &slot.history);
            self.restart(slot, salt);
        }
        self.observe(slot, i, out);
    }
}

/// Copy `from` into the array `to` holds, with the GIL held; an array no longer of `shape`,
/// C-contiguous and writeable (Python code may have resized it) is replaced by a new one.
fn publish<T: numpy::Element + Copy, D: numpy::ndarray::Dimension>(
    py: Python<'_>,
    to: &mut Py<PyArray<T, D>>,
    from: &[T],
    shape: &[usize],
) -> PyResult<()> {
    use numpy::PyUntypedArrayMethods;
    let array = to.bind(py);
    // SAFETY: a field read of a live array object (the GIL is held).
    let flags = unsafe { (*array.as_array_ptr()).fields.flags };
    let writeable = flags & numpy::npyffi::flags::NPY_ARRAY_WRITEABLE != 0;
    if writeable && array.shape() == shape && array.is_c_contiguous() {
        // SAFETY: the GIL is held and no Python code runs during the copy; the array has the
        // length of `from` (its shape was checked just now), and no Rust reference to it
        // outlives this call.
        if let Ok(slice) = unsafe { array.as_slice_mut() } {
            slice.copy_from_slice(from);
            return Ok(());
        }
    }
    let fresh = PyArray1::from_vec(py, from.to_vec()).reshape(shape.to_vec())?;
    let fresh = fresh.cast_into::<PyArray<T, D>>().map_err(PyErr::from)?;
    *to = fresh.unbind();
    Ok(())
}

/// A new array of `shape` holding `values`.
fn array_of<T: numpy::Element + Copy, D: numpy::ndarray::Dimension>(
    py: Python<'_>,
    values: &[T],
    shape: &[usize],
) -> PyResult<Py<PyArray<T, D>>> {
    let mut v = Vec::new();
    v.try_reserve_exact(values.len()).map_err(|e| {
        PyMemoryError::new_err(format!("cannot allocate an array of {} values: {e}", values.len()))
    })?;
    v.extend_from_slice(values);
    let array = PyArray1::from_vec(py, v).reshape(shape.to_vec())?;
    Ok(array.cast_into::<PyArray<T, D>>().map_err(PyErr::from)?.unbind())
}

impl VectorEnv {
    /// Run `work` over the environment's own buffers with the GIL released, then copy them
    /// into the arrays Python holds.
    fn with_buffers<T: Send>(
        &mut self,
        py: Python<'_>,
        work: impl FnOnce(&Stepper<'_>, &mut [Slot], &mut Buffers<'_>) -> T + Send,
    ) -> PyResult<T> {
        let stepper = Stepper {
            rules: &self.rules,
            encoding: &self.encoding,
            view: &self.view,
            start: &self.start,
            max_plies: self.max_plies,
        };
        let games = &mut self.games;
        let mut buffers = self.owned.buffers();
        let result = guard(|| Ok(py.detach(|| work(&stepper, games, &mut buffers))))?;
        self.publish(py)?;
        Ok(result)
    }

    /// Copy the buffers into the arrays Python holds.
    fn publish(&mut self, py: Python<'_>) -> PyResult<()> {
        let (n, obs, actions) = (self.games.len(), self.view.size(), self.encoding.size());
        let o = &self.owned;
        publish(py, &mut self.observations, &o.observations, &[n, obs])?;
        publish(py, &mut self.action_masks, &o.masks, &[n, actions])?;
        publish(py, &mut self.rewards, &o.rewards, &[n, 2])?;
        publish(py, &mut self.terminated, &o.terminated, &[n])?;
        publish(py, &mut self.truncated, &o.truncated, &[n])?;
        publish(py, &mut self.current_player, &o.players, &[n])?;
        publish(py, &mut self.final_observations, &o.finals, &[n, obs])?;
        publish(py, &mut self.final_mask, &o.ended, &[n])?;
        Ok(())
    }

    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        info.set_item(intern!(py, "action_mask"), self.action_masks.bind(py))?;
        info.set_item(intern!(py, "current_player"), self.current_player.bind(py))?;
        info.set_item(intern!(py, "final_obs"), self.final_observations.bind(py))?;
        info.set_item(intern!(py, "_final_obs"), self.final_mask.bind(py))?;
        Ok(info)
    }

    /// The actions Python passed, checked: one integer per game, of any integer dtype (a
    /// list, a tuple or an array).
    fn actions_from(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
        // The common case, an int64 array of the right length, without a conversion.
        if let Ok(array) = actions.extract::<PyReadonlyArray1<'_, i64>>()
            && let Ok(slice) = array.as_slice()
            && slice.len() == self.games.len()
        {
            return Ok(slice.to_vec());
        }
        let array = py.import(intern!(py, "numpy"))?.call_method1(intern!(py, "asarray"), (actions,))?;
        let shape: Vec<usize> = array.getattr(intern!(py, "shape"))?.extract()?;
        if shape != [self.games.len()] {
            return Err(PyValueError::new_err(format!(
                "actions of shape {shape:?} for {} games: give one action per game",
                self.games.len()
            )));
        }
        let kind: String = array.getattr(intern!(py, "dtype"))?.getattr(intern!(py, "kind"))?.extract()?;
        if kind != "i" && kind != "u" {
            let dtype = array.getattr(intern!(py, "dtype"))?.str()?;
            return Err(PyValueError::new_err(format!("actions must be integers, not {dtype}")));
        }
        if kind == "u" {
            // Past i64::MAX an unsigned action is no action of any game.
            let too_big: bool = array.call_method0(intern!(py, "max"))?.gt(i64::MAX)?;
            if too_big {
                return Err(PyValueError::new_err("an action is larger than any game's actions"));
            }
        }
        let array = array.call_method1(intern!(py, "astype"), (intern!(py, "int64"),))?;
        let array: PyReadonlyArray1<'_, i64> = array.extract()?;
        Ok(array.as_slice()?.to_vec())
    }

    /// Each game's actions since it started, for pickling.
    fn histories(&self) -> Vec<Vec<u32>> {
        self.games.iter().map(|slot| slot.history.clone()).collect()
    }
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `game`, each started again when it ends or after `max_plies`
    /// decisions (then reported as truncated); `seed` seeds `sample_actions`. A step plays
    /// every game on the calling thread, or with `threads` above 1 (`None`: one per core) runs
    /// of 64 games in parallel: faster for large batches where the cores are free. More games
    /// than memory holds raise `MemoryError`.
    #[new]
    #[pyo3(signature = (game, num_envs, max_plies=5000, seed=0, threads=Some(1)))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, Game>,
        num_envs: usize,
        max_plies: u32,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<VectorEnv> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let g = game.get();
        let (obs, actions) = (g.view.size(), g.encoding.size());
        // A probe of the memory the games will take (their arrays and positions, roughly),
        // so that too many raise `MemoryError` here rather than abort on an allocation later.
        let per_game = 2 * 4 * obs + actions + 64 + 4 * 4 * g.encoding.observation_size() + 256;
        let total = num_envs
            .checked_mul(per_game)
            .filter(|&b| b <= isize::MAX as usize)
            .ok_or_else(|| PyMemoryError::new_err(format!("{num_envs} games do not fit in memory")))?;
        let mut probe = Vec::<u8>::new();
        probe.try_reserve_exact(total).map_err(|e| {
            PyMemoryError::new_err(format!("{num_envs} games do not fit in memory ({total} bytes): {e}"))
        })?;
        drop(probe);
        let mut slot = Slot { position: Some(g.start.clone()), legal: Vec::new(), history: Vec::new() };
        slot.settle(&g.rules);
        let mut games = Vec::new();
        games
            .try_reserve_exact(num_envs)
            .map_err(|e| PyMemoryError::new_err(format!("{num_envs} games do not fit in memory: {e}")))?;
        games.resize(num_envs, slot);
        let owned = Owned::new(num_envs, obs, actions)?;
        let mut env = VectorEnv {
            game: game.clone().unbind(),
            rules: g.rules.clone(),
            encoding: g.encoding.clone(),
            view: g.view.clone(),
            start: g.start.clone(),
            games,
            max_plies: max_plies.max(1),
            threads: Threads::new(threads)?,
            threads_arg: threads,
            seed,
            draws: 0,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            observations: array_of(py, &owned.observations, &[num_envs, obs])?,
            action_masks: array_of(py, &owned.masks, &[num_envs, actions])?,
            rewards: array_of(py, &owned.rewards, &[num_envs, 2])?,
            terminated: array_of(py, &owned.terminated, &[num_envs])?,
            truncated: array_of(py, &owned.truncated, &[num_envs])?,
            current_player: array_of(py, &owned.players, &[num_envs])?,
            final_observations: array_of(py, &owned.finals, &[num_envs, obs])?,
            final_mask: array_of(py, &owned.ended, &[num_envs])?,
            owned,
        };
        let seed = env.first_lots_seed();
        let stepper = Stepper {
            rules: &env.rules,
            encoding: &env.encoding,
            view: &env.view,
            start: &env.start,
            max_plies: env.max_plies,
        };
        for (i, slot) in env.games.iter_mut().enumerate() {
            stepper.draw_lots(slot, lots_seed(seed ^ (i as u64 + 1), &[]));
        }
        env.observe_all(py)?;
        Ok(env)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }

    #[getter]
    fn num_actions(&self) -> usize {
        self.encoding.size()
    }

    #[getter]
    fn observation_size(&self) -> usize {
        self.view.size()
    }

    /// Gymnasium's space of one game's action: `Discrete(num_actions)` (needs gymnasium).
    #[getter]
    fn single_action_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("gymnasium.spaces")?.call_method1("Discrete", (self.encoding.size(),))
    }

    /// Gymnasium's space of one game's observation: a float32 `Box` of `observation_size`.
    #[getter]
    fn single_observation_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let spaces = py.import("gymnasium.spaces")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("low", 0.0)?;
        kwargs.set_item("high", f64::INFINITY)?;
        kwargs.set_item("shape", (self.view.size(),))?;
        kwargs.set_item("dtype", py.import("numpy")?.getattr("float32")?)?;
        spaces.call_method("Box", (), Some(&kwargs))
    }

    /// Gymnasium's batched action space: `MultiDiscrete` of `num_actions`, one per game.
    #[getter]
    fn action_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let nvec = vec![self.encoding.size() as i64; self.games.len()];
        py.import("gymnasium.spaces")?.call_method1("MultiDiscrete", (nvec,))
    }

    /// Gymnasium's batched observation space: a float32 `Box` of `(num_envs, observation_size)`.
    #[getter]
    fn observation_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let spaces = py.import("gymnasium.spaces")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("low", 0.0)?;
        kwargs.set_item("high", f64::INFINITY)?;
        kwargs.set_item("shape", (self.games.len(), self.view.size()))?;
        kwargs.set_item("dtype", py.import("numpy")?.getattr("float32")?)?;
        spaces.call_method("Box", (), Some(&kwargs))
    }

    /// Start every game again: `(observations, info)`, info holding `action_mask` and
    /// `current_player`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyDict>)> {
        let seed = self.first_lots_seed();
        self.with_buffers(py, |stepper, games, out| {
            for (i, slot) in games.iter_mut().enumerate() {
                stepper.restart(slot, lots_seed(seed ^ (i as u64 + 1), &[]));
                out.rewards[2 * i] = 0.0;
                out.rewards[2 * i + 1] = 0.0;
                out.terminated[i] = false;
                out.truncated[i] = false;
                out.ended[i] = false;
                stepper.observe(slot, i, out);
            }
        })?;
        Ok((self.observations.bind(py).clone(), self.info(py)?))
    }

    /// Play one action in each game (for its player to move): `(observations, rewards,
    /// terminated, truncated, info)`. `actions` is one integer per game (a list or an array
    /// of any integer dtype). `rewards[i]` is each player's return for a game that ended with
    /// this step (then started again: the observation is the new game's, the ended game's
    /// last one is `info["final_obs"][i]`); an illegal action raises `ValueError` naming the
    /// game, and no game moves.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<StepResult<'py>> {
        let actions = self.actions_from(py, actions)?;
        let threads = self.threads.clone();
        let result = self.with_buffers(py, move |stepper, games, out| {
            // Every action is checked before any is played: a refused one changes nothing.
            let moves = games
                .iter()
                .zip(&actions)
                .enumerate()
                .map(|(i, (slot, &action))| stepper.decision(slot, i, action).map(|mv| (mv, action as u32)))
                .collect::<Result<Vec<(Move, u32)>, String>>()?;
            let run = |games: &mut [Slot], moves: &[(Move, u32)], out: &mut Buffers<'_>| {
                for (i, (slot, &(mv, action))) in games.iter_mut().zip(moves).enumerate() {
                    stepper.step(slot, i, mv, action, out);
                }
            };
            if matches!(threads, Threads::One) || games.len() <= GAMES_PER_TASK {
                run(games, &moves, out);
            } else {
                let (obs, actions) = (stepper.view.size(), stepper.encoding.size());
                let mut parts = std::mem::take(out).split(GAMES_PER_TASK, obs, actions);
                threads.install(|| {
                    games
                        .par_chunks_mut(GAMES_PER_TASK)
                        .zip(moves.par_chunks(GAMES_PER_TASK))
                        .zip(parts.par_iter_mut())
                        .for_each(|((games, moves), out)| run(games, moves, out));
                });
            }
            Ok::<(), String>(())
        })?;
        result.map_err(PyValueError::new_err)?;
        Ok((
            self.observations.bind(py).clone(),
            self.rewards.bind(py).clone(),
            self.terminated.bind(py).clone(),
            self.truncated.bind(py).clone(),
            self.info(py)?,
        ))
    }

    /// One legal action per game, drawn uniformly from this environment's own seeded
    /// generator: a random player for every game at once.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let encoding = self.encoding.clone();
        let mut out = Vec::new();
        out.try_reserve_exact(self.games.len())
            .map_err(|e| PyMemoryError::new_err(format!("cannot allocate the actions: {e}")))?;
        for slot in &self.games {
            let n = slot.legal.len() as u64;
            let k = if n == 0 {
                0
            } else {
                self.draws += 1;
                (self.rng.next_u64() % n) as usize
            };
            let action = slot.legal.get(k).and_then(|&mv| encoding.encode(mv)).map_or(-1, i64::from);
            out.push(action);
        }
        Ok(PyArray1::from_vec(py, out))
    }

    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.observations.bind(py).clone()
    }

    #[getter]
    fn action_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.action_masks.bind(py).clone()
    }

    #[getter]
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.current_player.bind(py).clone()
    }

    /// Pickled as `new`'s arguments and each game's actions since it started (replayed on
    /// loading), with the last step's rewards and flags and the generator's draws.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (Py<Game>, usize, u32, u64, Option<usize>),
        (Vec<Vec<u32>>, u64, Vec<f32>, Vec<bool>, Vec<bool>),
    )> {
        Ok((
            py.get_type::<VectorEnv>().into_any(),
            (self.game.clone_ref(py), self.games.len(), self.max_plies, self.seed, self.threads_arg),
            (
                self.histories(),
                self.draws,
                self.owned.rewards.clone(),
                self.owned.terminated.clone(),
                self.owned.truncated.clone(),
            ),
        ))
    }

    #[allow(clippy::type_complexity)]
    fn __setstate__(
        &mut self,
        py: Python<'_>,
        state: (Vec<Vec<u32>>, u64, Vec<f32>, Vec<bool>, Vec<bool>),
    ) -> PyResult<()> {
        let (histories, draws, rewards, terminated, truncated) = state;
        let n = self.games.len();
        if histories.len() != n || rewards.len() != 2 * n || terminated.len() != n || truncated.len() != n {
            return Err(PyValueError::new_err("a pickled VectorEnv of another size"));
        }
        let stepper = Stepper {
            rules: &self.rules,
            encoding: &self.encoding,
            view: &self.view,
            start: &self.start,
            max_plies: self.max_plies,
        };
        for (i, (slot, history)) in self.games.iter_mut().zip(histories).enumerate() {
            stepper.restart_undrawn(slot);
            for action in history {
                let mv = stepper.decision(slot, i, i64::from(action)).map_err(PyValueError::new_err)?;
                slot.with_position(stepper.rules, |position| position.play_unchecked(mv));
                slot.history.push(action);
                slot.settle(stepper.rules);
            }
        }
        self.rng = Xoshiro256PlusPlus::seed_from_u64(self.seed);
        for _ in 0..draws {
            self.rng.next_u64();
        }
        self.draws = draws;
        self.owned.rewards = rewards;
        self.owned.terminated = terminated;
        self.owned.truncated = truncated;
        self.observe_all(py)
    }
}

impl VectorEnv {
    /// Write every game's observation, mask and player to move, then publish them.
    fn observe_all(&mut self, py: Python<'_>) -> PyResult<()> {
        self.with_buffers(py, |stepper, games, out| {
            for (i, slot) in games.iter().enumerate() {
                stepper.observe(slot, i, out);
            }
        })
    }
}

fn threads_or_all(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get)).max(1)
}

fn agent(spec: &str) -> PyResult<AgentSpec> {
    spec.parse::<AgentSpec>().map_err(|e| PyValueError::new_err(format!("agent `{spec}`: {e}")))
}

fn shard(index: u32, count: u32) -> PyResult<Shard> {
    format!("{index}/{count}")
        .parse()
        .map_err(|e| PyValueError::new_err(format!("shard {index}/{count}: {e}")))
}

/// A variant word (`nsolo:sanderson-1913?columns=16`) compiled, with its description.
fn compile_variant(word: &str) -> PyResult<(String, String, Rules)> {
    let spec: VariantSpec = word.parse().map_err(PyValueError::new_err)?;
    let rules = compile(&spec.file, spec.ruleset.as_deref(), &spec.params)?;
    Ok((spec.label, sow::session::describe(&rules), rules))
}

/// A game's label as `sow match` writes it: `FILE[:RULESET][?KEY=VALUE&…]`.
fn label(rules: &str, ruleset: Option<&str>, params: &[String]) -> String {
    let mut label = rules.to_string();
    if let Some(r) = ruleset {
        label.push(':');
        label.push_str(r);
    }
    if !params.is_empty() {
        label.push('?');
        label.push_str(&params.join("&"));
    }
    label
}

/// Report a shard's games to a Python callable (with the GIL taken for the call alone),
/// at most every 50 ms.
fn reporter(progress: Option<Py<PyAny>>) -> impl FnMut(u32) {
    let mut last = std::time::Instant::now();
    move |done| {
        if let Some(callback) = &progress
            && last.elapsed() >= std::time::Duration::from_millis(50)
        {
            last = std::time::Instant::now();
            Python::attach(|py| {
                let _ = callback.call1(py, (done,));
            });
        }
    }
}

/// Play shard `shard_index`/`shard_count` of a comparison of `variants` (words as
/// `sow compare` takes them) and return the part as JSON text (what `--out` writes).
#[pyfunction]
#[pyo3(signature = (variants, games=1000, agents="random", seed=1, max_plies=SimConfig::MAX_PLIES, shard_index=1, shard_count=1, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn compare_part(
    py: Python<'_>,
    variants: Vec<String>,
    games: u32,
    agents: &str,
    seed: u64,
    max_plies: u32,
    shard_index: u32,
    shard_count: u32,
    threads: Option<usize>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    if variants.is_empty() {
        return Err(PyValueError::new_err("no variants to compare"));
    }
    let compiled = variants.iter().map(|v| compile_variant(v)).collect::<PyResult<Vec<_>>>()?;
    let config =
        CompareConfig { games, seed, threads: threads_or_all(threads), max_plies, agent: agent(agents)? };
    let shard = shard(shard_index, shard_count)?;
    guard(|| {
        Ok(py.detach(|| {
            let variants: Vec<PartVariant<'_>> =
                compiled.iter().map(|(label, game, rules)| PartVariant { label, game, rules }).collect();
            parts::compare_part(&variants, &config, shard, reporter(progress)).to_json()
        }))
    })
}

/// Play shard `shard_index`/`shard_count` of a match of agent `a` against agent `b` on
/// `rules` and return the part as JSON text.
#[pyfunction]
#[pyo3(signature = (rules, a, b, games=100, seed=1, ruleset=None, params=None, max_plies=SimConfig::MAX_PLIES, shard_index=1, shard_count=1, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn match_part(
    py: Python<'_>,
    rules: &str,
    a: &str,
    b: &str,
    games: u32,
    seed: u64,
    ruleset: Option<&str>,
    params: Option<&Bound<'_, PyAny>>,
    max_plies: u32,
    shard_index: u32,
    shard_count: u32,
    threads: Option<usize>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let params = params_from(params)?;
    let compiled = compile(rules, ruleset, &params)?;
    let (label, game) = (label(rules, ruleset, &params), sow::session::describe(&compiled));
    let config =
        MatchConfig { a: agent(a)?, b: agent(b)?, games, seed, threads: threads_or_all(threads), max_plies };
    let shard = shard(shard_index, shard_count)?;
    guard(|| {
        Ok(py.detach(|| {
            let variant = PartVariant { label: &label, game: &game, rules: &compiled };
            parts::match_part(&variant, &config, shard, reporter(progress)).to_json()
        }))
    })
}

/// Merge parts (JSON texts) into the figures of the whole run: `format` "json" (the text
/// of `--format json`), or for a comparison "table", "markdown" or "csv", for a match
/// "table". With `whole`, one part played on `threads` threads (default: all cores) is
/// timed as a run played whole; otherwise the time is the shards' seconds summed.
#[pyfunction]
#[pyo3(signature = (parts, format="json", threads=None, whole=false))]
fn merge(parts: Vec<String>, format: &str, threads: Option<usize>, whole: bool) -> PyResult<String> {
    guard(|| merge_parts(parts, format, threads, whole))
}

fn merge_parts(parts: Vec<String>, format: &str, threads: Option<usize>, whole: bool) -> PyResult<String> {
    let read = parts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            Part::from_json(&format!("part {}", i + 1), text).map_err(|e| PyValueError::new_err(render(&*e)))
        })
        .collect::<PyResult<Vec<Part>>>()?;
    let mut merged = parts::merge(read).map_err(|e| PyValueError::new_err(render(&e)))?;
    if whole {
        merged = merged.with_timing(Timing::Wall { threads: threads_or_all(threads) });
    }
    match (merged, format) {
        (Merged::Compare(r), "json") => Ok(report::json_text(&report::compare_json(&r))),
        (Merged::Compare(r), "table") => Ok(report::compare_table(&r)),
        (Merged::Compare(r), "markdown") => Ok(report::compare_markdown(&r)),
        (Merged::Compare(r), "csv") => Ok(report::compare_csv(&r)),
        (Merged::Match(r), "json") => Ok(report::json_text(&report::match_json(&r))),
        (Merged::Match(r), "table") => Ok(report::match_text(&r)),
        (_, other) => Err(PyValueError::new_err(format!("no format `{other}` for these figures"))),
    }
}

/// Random games of `rules`, as `sow simulate --format json`: the JSON text.
#[pyfunction]
#[pyo3(signature = (rules, games=1000, seed=1, ruleset=None, params=None, max_plies=SimConfig::MAX_PLIES, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    rules: &str,
    games: u32,
    seed: u64,
    ruleset: Option<&str>,
    params: Option<&Bound<'_, PyAny>>,
    max_plies: u32,
    threads: Option<usize>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let params = params_from(params)?;
    let compiled = compile(rules, ruleset, &params)?;
    let threads = threads_or_all(threads);
    let config = SimConfig { games, seed, threads, max_plies, timed: false };
    guard(|| {
        Ok(py.detach(|| {
            let stats = sow::analysis::simulate::simulate(&compiled, config, reporter(progress));
            let report = SimulateReport {
                game: sow::session::describe(&compiled),
                seed,
                seats: compiled.seats(),
                max_plies,
                threads,
                stats,
                slowest: None,
            };
            report::json_text(&report::simulate_json(&report))
        }))
    })
}

/// The names of the bundled rules files the package plays: those of two players.
#[pyfunction]
fn bundled_games() -> Vec<&'static str> {
    let two = |name: &str| {
        let text = sow::bundled::bundled(name).unwrap_or_default();
        sow::compile(name, text, &sow::Options::default()).is_ok_and(|rules| rules.seats() == 2)
    };
    sow::bundled::bundled_names().filter(|name| two(name)).collect()
}

#[pymodule]
fn _sow(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    m.add("Error", m.py().get_type::<Error>())?;
    m.add_class::<Game>()?;
    m.add_class::<GameState>()?;
    m.add_class::<VectorEnv>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(bundled_games, m)?)?;
    m.add_function(wrap_pyfunction!(compare_part, m)?)?;
    m.add_function(wrap_pyfunction!(match_part, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    Ok(())
}
