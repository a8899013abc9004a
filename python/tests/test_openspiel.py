"""sow games run by OpenSpiel's own algorithms, unmodified (``sow.openspiel``), and the rules
compared with OpenSpiel's ``mancala`` and ``oware`` action by action.

The action mappings (sow's actions are its own numbers, holes in board order, a1 first):

- Kalah and ``mancala``: sow ``a1..a6`` (South, actions 0..5) are mancala's pits 1..6 (player 0),
  sow ``b1..b6`` (North, actions 6..11) are mancala's pits 13..8 (player 1, b1 = pit 13):
  sow action ``x`` is mancala action ``x + 1`` for ``x < 6`` and ``19 - x`` otherwise. Stores:
  South's is pit 7, North's pit 0.
- Oware and ``oware``: player 0's action ``j`` (house ``A..F``) is sow's ``a(j+1)``, action
  ``j``; player 1's action ``j`` (house ``a..f``, counted from North's right) is sow's
  ``b(6-j)``, action ``11 - j``.
"""

import random

import numpy as np
import pytest

import sow

pyspiel = pytest.importorskip("pyspiel")
import sow.openspiel  # noqa: E402  (registers the sow games)

GAMES = ["sow_kalah", "sow_oware", "sow_nsolo"]


def kalah_to_mancala(action):
    return action + 1 if action < 6 else 19 - action


def oware_to_openspiel(action):
    return action if action < 6 else 11 - action


def test_every_bundled_file_is_registered_with_its_parameters():
    names = pyspiel.registered_names()
    for name in sow.bundled_games():
        assert sow.openspiel.game_name(name) in names
    game = pyspiel.load_game("sow_nsolo(columns=16)")
    assert game.get_parameters()["columns"] == 16
    native = sow.load_game("nsolo", params={"columns": 16})
    assert game.num_distinct_actions() == native.num_distinct_actions()
    game_type = game.get_type()
    assert game_type.short_name == "sow_nsolo"
    assert game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert isinstance(game.new_initial_state(), pyspiel.State)


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_passes(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_a_serialised_game_continues_identically(name):
    game = pyspiel.load_game(name)
    rng = random.Random(7)
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.history() == state.history()
    while not state.is_terminal():
        assert state2.legal_actions() == state.legal_actions()
        assert state2.observation_tensor() == state.observation_tensor()
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        state2.apply_action(action)
    assert state2.is_terminal() and state2.returns() == state.returns()


def test_the_legal_actions_mask_has_the_shape_of_the_action_space():
    for name in GAMES:
        game = pyspiel.load_game(name)
        state = game.new_initial_state()
        mask = np.asarray(state.legal_actions_mask(), dtype=bool)
        assert mask.shape == (game.num_distinct_actions(),)
        assert np.flatnonzero(mask).tolist() == state.legal_actions()
        native = sow.load_game(name.removeprefix("sow_")).new_initial_state()
        assert np.asarray(native.legal_actions_mask(), dtype=bool).shape == mask.shape


def _store_difference_sow(state):
    obs = state.sow_state.observation_tensor(0)
    return float(obs[12] - obs[13])  # South's store minus North's


def _store_difference_mancala(state):
    obs = state.observation_tensor()
    return float(obs[7] - obs[0])


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_alpha_beta_values_equal_openspiels_on_kalah(depth):
    from open_spiel.python.algorithms import minimax

    ours, theirs = pyspiel.load_game("sow_kalah"), pyspiel.load_game("mancala")
    rng = random.Random(depth)
    for start in range(4):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        for _ in range(start * 3):
            if a.is_terminal():
                break
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(kalah_to_mancala(action))
        if a.is_terminal():
            continue
        for player in (0, 1):
            value_a, _ = minimax.alpha_beta_search(ours, a, _store_difference_sow, depth, player)
            value_b, _ = minimax.alpha_beta_search(theirs, b, _store_difference_mancala, depth, player)
            assert value_a == value_b, (start, player)


def _equivalence(ours, theirs, to_theirs, board_of, games, max_plies):
    rng = random.Random(2026)
    plies = 0
    for _ in range(games):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while not a.is_terminal() and a.move_number() < max_plies:
            assert not b.is_terminal()
            assert a.current_player() == b.current_player()
            assert sorted(to_theirs(x) for x in a.legal_actions()) == b.legal_actions()
            assert board_of(a) == board_of(b)
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(to_theirs(action))
            plies += 1
        if a.is_terminal():
            assert b.is_terminal() and a.returns() == b.returns()
    return plies


def test_kalah_equals_openspiels_mancala_action_by_action():
    def board(state):
        if isinstance(state, sow.State):
            obs = state.observation_tensor(0)
            return [obs[13]] + list(obs[0:6]) + [obs[12]] + list(obs[11:5:-1])
        return state.observation_tensor()[:14]

    ours, theirs = sow.load_game("kalah"), pyspiel.load_game("mancala")
    plies = _equivalence(ours, theirs, kalah_to_mancala, board, 1000, 10_000)
    assert plies > 30_000


def test_oware_equals_openspiels_oware_action_by_action():
    def board(state):
        if isinstance(state, sow.State):
            obs = state.observation_tensor(0)
            return [round(float(v)) for v in list(obs[0:6]) + list(obs[11:5:-1]) + list(obs[12:14])]
        return [round(v * 48) for v in state.observation_tensor()]

    # OpenSpiel's oware ends at 1,000 plies; the games are compared up to there.
    ours, theirs = sow.load_game("oware"), pyspiel.load_game("oware")
    plies = _equivalence(ours, theirs, oware_to_openspiel, board, 1000, 999)
    assert plies > 30_000


def test_rl_environment_runs_random_agents():
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    for name in GAMES:
        env = rl_environment.Environment(name)
        n = env.action_spec()["num_actions"]
        agents = [random_agent.RandomAgent(player_id=p, num_actions=n) for p in range(2)]
        for _ in range(3):
            time_step = env.reset()
            while not time_step.last():
                player = time_step.observations["current_player"]
                obs = time_step.observations["info_state"][player]
                assert len(obs) == env.observation_spec()["info_state"][0]
                time_step = env.step([agents[player].step(time_step).action])
            assert sorted(time_step.rewards) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_tabular_q_learner_trains_through_rl_environment():
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    env = rl_environment.Environment("sow_kalah(columns=3,start=2)")
    n = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=n) for p in range(2)]
    for _ in range(200):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            time_step = env.step([agents[player].step(time_step).action])
        for agent in agents:
            agent.step(time_step)
    assert any(len(q) > 0 for q in agents[0]._q_values.values())


def _mcts_wins(game, make_bot, games, seed):
    rng = np.random.RandomState(seed)
    wins = 0
    for g in range(games):
        seat = g % 2
        bots = [None, None]
        bots[seat] = make_bot(game, rng)
        bots[1 - seat] = pyspiel.make_uniform_random_bot(1 - seat, int(rng.randint(1 << 30)))
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, int(rng.randint(1 << 30)))
        wins += returns[seat] > 0
    return wins


def _cpp_mcts(game, rng, simulations=1000):
    evaluator = pyspiel.RandomRolloutEvaluator(1, int(rng.randint(1 << 30)))
    return pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, False, int(rng.randint(1 << 30)), False)


def _python_mcts(game, rng, simulations=1000):
    from open_spiel.python.algorithms import mcts

    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)


# MCTS against a uniform random bot through `evaluate_bots`, the MCTS bot's seat alternating.
# Every call OpenSpiel makes into a sow game crosses C++ -> Python -> Rust (about nine Python
# calls a ply of a random playout), so these are slow: OpenSpiel's own C++ `mancala` plays a
# game of 1,000-simulation MCTS in 0.14 s, `sow_kalah` in about 3 s.
#
# What runs by default (`cargo test`, CI):
# - the acceptance's line on Kalah: the C++ bot, 1,000 simulations, at least 45 of 50 games;
# - the C++ bot with 1,000 simulations on Oware and Nsolo, one game from each seat, both won;
# - OpenSpiel's Python bot with 50 simulations on the three games, 3 of 4 games won.
# With SOW_SLOW=1 (or `pytest -m slow`) also the acceptance's line on the five other pairs.
# Measured (wins of 50, seed 1, wall time on the 2-core machine while others compiled, load
# 6-25; an earlier session's quieter runs in brackets):
#   C++ bot:    Kalah 50 in 519 s (170 s), Oware 50 in 168 s (at least 45 in 1,180 s), Nsolo
#               50 in 1,542 s (511 s);
#   Python bot: Kalah 50 in 282 s (139 CPU-seconds), Oware 50 in 2,004 s, Nsolo 50 in 1,364 s
#               (706 CPU-seconds).
# The 2026-12-07 runs (Oware C++, Kalah and Nsolo Python) ran at the lowest priority beside
# builds, through `_mcts_wins` exactly as the tests call it.
SLOW = pytest.mark.slow


@pytest.mark.parametrize("name", ["sow_oware", "sow_nsolo"])
def test_cpp_mcts_with_1000_simulations_wins_from_either_seat(name):
    assert _mcts_wins(pyspiel.load_game(name), _cpp_mcts, 2, seed=5) == 2


@pytest.mark.parametrize("name", GAMES)
def test_python_mcts_beats_random_in_a_few_games(name):
    game = pyspiel.load_game(name)
    wins = _mcts_wins(game, lambda g, r: _python_mcts(g, r, simulations=50), 4, seed=5)
    assert wins >= 3


@pytest.mark.parametrize(
    "name, make_bot",
    [
        ("sow_kalah", _cpp_mcts),
        pytest.param("sow_oware", _cpp_mcts, marks=SLOW),
        pytest.param("sow_nsolo", _cpp_mcts, marks=SLOW),
        pytest.param("sow_kalah", _python_mcts, marks=SLOW),
        pytest.param("sow_oware", _python_mcts, marks=SLOW),
        pytest.param("sow_nsolo", _python_mcts, marks=SLOW),
    ],
    ids=["cpp-kalah", "cpp-oware", "cpp-nsolo", "python-kalah", "python-oware", "python-nsolo"],
)
def test_mcts_with_1000_simulations_beats_random_in_90_percent_of_50_games(name, make_bot):
    wins = _mcts_wins(pyspiel.load_game(name), make_bot, 50, seed=1)
    assert wins >= 45, f"{wins}/50"


def test_the_cpp_bot_chooses_a_move_through_step_with_policy():
    """OpenSpiel 2.0.2's `MCTSBot.step(state)` called from Python crashes the interpreter on
    any Python game (its own `python_tic_tac_toe` too); `step_with_policy` and `evaluate_bots`
    work, and are what the README shows."""
    game = pyspiel.load_game("sow_kalah")
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 3), 2.0, 200, 100, False, 5, False)
    state = game.new_initial_state()
    policy, action = bot.step_with_policy(state)
    assert action in state.legal_actions()
    assert sum(p for _, p in policy) == pytest.approx(1.0)


def test_the_alphazero_evaluator_reads_masks_and_observations():
    pytest.importorskip("jax")
    from open_spiel.python.algorithms.alpha_zero import evaluator as az_evaluator

    game = pyspiel.load_game("sow_kalah")
    seen = []

    class UniformModel:
        """A model as AlphaZero's evaluator calls it: ``inference(observations, masks)``."""

        def inference(self, observation, legals_mask):
            seen.append((np.asarray(observation).shape, np.asarray(legals_mask).shape))
            mask = np.asarray(legals_mask, dtype=np.float32)
            return np.zeros((len(mask), 1), np.float32), mask / mask.sum(axis=-1, keepdims=True)

    evaluator = az_evaluator.AlphaZeroEvaluator(game, UniformModel())
    state = game.new_initial_state()
    prior = evaluator.prior(state)
    assert [a for a, _ in prior] == state.legal_actions()
    assert all(p == pytest.approx(1 / len(prior)) for _, p in prior)
    assert seen[0][1][-1] == game.num_distinct_actions()
    assert seen[0][0][-1] == game.observation_tensor_size()


def test_the_readmes_openspiel_example_runs_as_written(capsys):
    import pathlib
    import re

    readme = (pathlib.Path(__file__).parents[2] / "README.md").read_text()
    section = readme[readme.index("### Using sow from OpenSpiel") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(code, "README.md", "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "[1.0, -1.0]"
    assert lines[1] in [f"a{i}" for i in range(1, 7)]


STATE_METHODS = [
    "current_player",
    "is_terminal",
    "is_chance_node",
    "is_player_node",
    "is_simultaneous_node",
    "is_initial_state",
    "returns",
    "rewards",
    "move_number",
]


def test_the_native_api_answers_as_pyspiel_does_method_by_method():
    """sow.State beside pyspiel's mancala state, one Kalah game played in both: every method
    OpenSpiel's algorithms call exists on both, returns the same kind of value, and the same
    value where the two numberings agree (players, returns, sizes)."""
    ours, theirs = sow.load_game("kalah"), pyspiel.load_game("mancala")
    game_methods = ["num_distinct_actions", "num_players", "min_utility", "max_utility", "utility_sum"]
    for method in game_methods + ["policy_tensor_shape"]:
        a, b = getattr(ours, method)(), getattr(theirs, method)()
        assert type(a) is type(b) and a == b, method
    assert ours.max_game_length() >= theirs.max_game_length()
    assert isinstance(ours.get_parameters(), dict) and isinstance(ours.observation_tensor_shape(), list)
    rng = random.Random(4)
    a, b = ours.new_initial_state(), theirs.new_initial_state()
    while True:
        for method in STATE_METHODS:
            x, y = getattr(a, method)(), getattr(b, method)()
            assert type(x) is type(y) and x == y, method
        for player in (0, 1):
            assert a.player_return(player) == b.player_return(player)
            assert a.player_reward(player) == b.player_reward(player)
            mask_a, mask_b = a.legal_actions_mask(player), b.legal_actions_mask(player)
            assert type(mask_a) is list and all(type(m) is int for m in mask_a)
            ours_legal = sorted(kalah_to_mancala(x) for x, m in enumerate(mask_a) if m)
            assert ours_legal == [x for x, m in enumerate(mask_b) if m]
        assert [kalah_to_mancala(x) for x in a.history()] == b.history()
        assert isinstance(a.serialize(), str) and isinstance(a.observation_string(), str)
        assert len(a.observation_tensor()) == ours.observation_tensor_size()
        assert ours.deserialize_state(a.serialize()).history() == a.history()
        assert theirs.deserialize_state(b.serialize()).history() == b.history()
        if a.is_terminal():
            break
        action = rng.choice(a.legal_actions())
        assert a.child(action).history() == a.history() + [action]
        a.apply_action_with_legality_check(action)
        b.apply_action_with_legality_check(kalah_to_mancala(action))


def test_any_rules_file_registers_under_a_name_of_ones_choosing():
    import pathlib

    path = pathlib.Path(__file__).parents[2] / "rules" / "kalah.sow"
    name = sow.openspiel.register(str(path), name="kalah_from_file", params={"columns": 4})
    assert name in sow.openspiel.registered()
    game = pyspiel.load_game(name)
    assert game.get_parameters()["columns"] == 4
    assert game.new_initial_state().legal_actions() == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="give a name"):
        sow.openspiel.register(str(path))


def test_lots_drawn_between_rounds_are_chance_nodes():
    """A file whose rounds draw lots for a last hole (`, or by lot if each has 2`) is an
    OpenSpiel game with explicit chance: at a lot, the chance player (-1) is to move, its
    outcomes are one a seat with the same chance, and OpenSpiel's own random simulation (which
    samples chance nodes) plays it through."""
    import pathlib

    path = pathlib.Path(__file__).parents[2] / "tests" / "fixtures" / "told" / "lots.sow"
    name = sow.openspiel.register(str(path), name="sow_lots_test")
    game = pyspiel.load_game(name)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 2
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    rng = random.Random(4)
    chances = 0
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                chances += 1
                assert state.current_player() == pyspiel.PlayerId.CHANCE
                outcomes = state.chance_outcomes()
                assert [p for _, p in outcomes] == [0.5, 0.5]
                assert sorted(a for a, _ in outcomes) == state.legal_actions()
                texts = {state.action_to_string(a) for a, _ in outcomes}
                assert texts == {"lot:south", "lot:north"}
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert chances > 0
    # A game without lots has no chance.
    kalah = pyspiel.load_game("sow_kalah")
    assert kalah.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kalah.max_chance_outcomes() == 0


def test_a_first_player_drawn_by_lot_is_a_chance_node_at_the_start():
    """`the first player is drawn by lot`: the initial state is a chance node whose outcomes
    are the two players, and each outcome starts the game with that player to move."""
    import pathlib

    path = pathlib.Path(__file__).parents[2] / "tests" / "fixtures" / "told" / "first_lot.sow"
    name = sow.openspiel.register(str(path), name="sow_first_lot_test")
    game = pyspiel.load_game(name)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == [0.5, 0.5]
    for action, _ in outcomes:
        child = state.child(action)
        assert not child.is_chance_node()
        assert child.current_player() == (0 if state.action_to_string(action) == "lot:south" else 1)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
