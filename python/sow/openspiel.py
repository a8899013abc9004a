"""sow games as OpenSpiel games: ``pyspiel.load_game("sow_kalah")``.

Importing this module registers every bundled rules file with OpenSpiel (``pip install
./python[openspiel]`` installs ``open-spiel``), through OpenSpiel's own registration of Python
games: a ``pyspiel.GameType``, and subclasses of ``pyspiel.Game`` and ``pyspiel.State``. The
position stays in Rust (a ``sow.State``); the subclass adapts it. So OpenSpiel's C++ and Python
algorithms run on it unmodified: ``pyspiel.MCTSBot``, ``evaluate_bots``,
``minimax.alpha_beta_search``, ``rl_environment.Environment``, AlphaZero's evaluator,
``random_sim_test``, ``serialize_game_and_state``::

    import pyspiel
    import sow.openspiel  # registers sow_kalah, sow_oware, sow_nsolo, …

    game = pyspiel.load_game("sow_nsolo(columns=16)")

Names: ``sow_`` and the bundled file's name, ``-`` written ``_`` (``sow_bao_kiswahili``).
Parameters: the rules file's own (``columns=16``), and ``ruleset`` (a string; empty for the
file's default rules). ``register(rules, name)`` registers any other rules file (a path or rules
text) the same way.

Actions are ``sow``'s own numbers (``sow.Game.num_distinct_actions``), and observations its
tensors (``sow.State.observation_tensor``): from the observing player's point of view, saying
whose turn it is.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from ._sow import Game as _SowGame
from ._sow import bundled_games, load_game

__all__ = ["game_name", "register", "registered"]

_REGISTERED: dict[str, tuple[str, dict]] = {}


def game_name(rules: str) -> str:
    """The OpenSpiel name of a bundled rules file: ``sow_`` and its name (``-`` as ``_``)."""
    return "sow_" + rules.replace("-", "_").replace(" ", "_").lower()


def registered() -> list[str]:
    """The names of the sow games registered with OpenSpiel so far."""
    return sorted(_REGISTERED)


def _params_of(params: dict) -> tuple[str | None, dict]:
    """A ruleset and the rules' parameters from OpenSpiel's game parameters."""
    params = dict(params or {})
    ruleset = params.pop("ruleset", "") or None
    return ruleset, params


def register(
    rules: str, name: str | None = None, ruleset: str | None = None, params: dict | None = None
) -> str:
    """Register ``rules`` (a bundled name, a path or rules text) as the OpenSpiel game ``name``
    (default: ``game_name(rules)`` for a bundled name), its parameters defaulting to the rules
    file's own or ``params``; return the name. Registering a name twice replaces nothing
    (OpenSpiel keeps the first)."""
    if name is None:
        if rules not in bundled_games():
            raise ValueError("give a name to register rules that are not a bundled file's")
        name = game_name(rules)
    if name in _REGISTERED:
        return name
    base = load_game(rules, ruleset=ruleset, params=params)
    defaults = dict(base.params)
    defaults.update(params or {})
    spec = {"ruleset": ruleset or "", **{k: int(v) for k, v in defaults.items()}}
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"sow {base.name()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        # Lots drawn between rounds (`, or by lot if each has 2`) are chance nodes.
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if base.has_chance()
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )

    class Game(SowGame):
        _rules = rules
        _game_type = game_type

    Game.__name__ = Game.__qualname__ = f"SowGame_{name}"
    pyspiel.register_game(game_type, Game)
    _REGISTERED[name] = (rules, spec)
    return name


class SowGame(pyspiel.Game):
    """A sow game as a ``pyspiel.Game``; each registered name has its own subclass."""

    _rules: str
    _game_type: pyspiel.GameType

    def __init__(self, params=None):
        params = dict(params or {})
        full = {**self._game_type.parameter_specification, **params}
        ruleset, rules_params = _params_of(full)
        self.sow_game: _SowGame = load_game(self._rules, ruleset=ruleset, params=rules_params)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.sow_game.num_distinct_actions(),
            max_chance_outcomes=self.sow_game.max_chance_outcomes(),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.sow_game.max_game_length(),
        )
        super().__init__(self._game_type, info, full)

    def new_initial_state(self):
        return SowState(self, self.sow_game.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"sow observers take no parameters; given {params}")
        return _Observer(self.sow_game)


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)


class SowState(pyspiel.State):
    """A ``pyspiel.State`` holding a ``sow.State``: every call goes to the Rust state.

    The player to move (``pyspiel.PlayerId.TERMINAL`` once the game is over) is also kept as a
    Python int, set after each action: OpenSpiel's C++ code asks for it about five times a ply
    (``LegalActions``, ``ApplyAction``, ``IsChanceNode``, …), and each question crosses from C++
    into Python, so answering it there saves a call into Rust each time: a C++ ``MCTSBot`` with
    random playouts took 16–31% less time a game of Kalah."""

    def __init__(self, game: SowGame, state=None):
        super().__init__(game)
        self.sow_state = state if state is not None else game.sow_game.new_initial_state()
        self._to_move = self._player_of(self.sow_state)

    @staticmethod
    def _player_of(state) -> int:
        player = state.current_player()
        if player == _CHANCE:
            return _CHANCE
        return _TERMINAL if player < 0 else player

    def current_player(self):
        return self._to_move

    def _legal_actions(self, player):
        return self.sow_state.legal_actions()

    def chance_outcomes(self):
        """The lot's outcomes at a chance node, each with the same chance."""
        return self.sow_state.chance_outcomes()

    def _apply_action(self, action):
        state = self.sow_state
        state.apply_action(action)
        self._to_move = self._player_of(state)

    def _action_to_string(self, player, action):
        return self.sow_state.action_to_string(action)

    def is_terminal(self):
        return self._to_move == _TERMINAL

    def returns(self):
        return self.sow_state.returns()

    def __str__(self):
        return str(self.sow_state)


class _Observer:
    """OpenSpiel's Python observer of a sow game: ``sow.State.observation_tensor`` and the
    board as text, the same for every kind of observation (everything is open)."""

    def __init__(self, game: _SowGame):
        self.tensor = np.zeros(game.observation_tensor_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SowState, player: int) -> None:
        self.tensor[:] = state.sow_state.observation_tensor(player)

    def string_from(self, state: SowState, player: int) -> str:
        return state.sow_state.observation_string(player)


for _name in bundled_games():
    register(_name)
