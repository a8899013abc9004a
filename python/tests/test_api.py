"""The native API where OpenSpiel's algorithms and Gymnasium/PettingZoo expect it, observations
a learner can use, and hostile use: every failure a Python exception, never a crash."""

import pickle
import random
import subprocess
import sys
import threading

import numpy as np
import pytest

import sow


def play(state, rng, plies):
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# --- OpenSpiel's names ------------------------------------------------------------------------


def test_aliases_load_the_file_that_lists_them():
    assert sow.load_game("awari").name() == sow.load_game("oware").name()
    assert sow.load_game("Abapa").name() == sow.load_game("oware").name()
    assert sow.load_game("mancala").name() == sow.load_game("kalah").name()
    with pytest.raises(ValueError, match="alias of several"):
        sow.load_game("choro")


def test_a_game_of_four_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="played by 4 players"):
        sow.load_game("quendo")


def test_aliases_resolve_in_the_command_line_too(sow_bin):
    out = subprocess.run([sow_bin, "show", "awari"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "Oware" in out.stdout


def test_the_legal_actions_mask_is_a_list_of_ints_of_the_action_space():
    game = sow.load_game("kalah")
    state = game.new_initial_state()
    mask = state.legal_actions_mask()
    assert isinstance(mask, list) and all(type(m) is int for m in mask)
    as_bool = np.asarray(mask, dtype=bool)
    assert as_bool.shape == (game.num_distinct_actions(),)
    assert np.flatnonzero(as_bool).tolist() == state.legal_actions()
    assert state.legal_actions_mask(1) == [0] * game.num_distinct_actions()


def test_the_methods_openspiels_algorithms_call():
    game = sow.load_game("kalah")
    assert game.max_game_length() >= 1000
    assert game.get_parameters() == {"columns": 6, "start": 4}
    assert game.policy_tensor_shape() == [game.num_distinct_actions()]
    state = game.new_initial_state()
    assert state.is_player_node() and state.is_initial_state()
    assert state.rewards() == [0.0, 0.0] and state.player_reward(0) == 0.0
    assert state.observation_string() == state.observation_string(0) == str(state)
    with pytest.raises(ValueError):
        state.apply_action_with_legality_check(6)  # North's hole, South to move
    state.apply_action_with_legality_check(0)
    play(state, random.Random(1), 10_000)
    assert not state.is_player_node()
    assert state.rewards() == state.returns() and state.player_reward(1) == state.returns()[1]


def test_serialize_and_deserialize_state_round_trip():
    game = sow.load_game("nsolo")
    state = play(game.new_initial_state(), random.Random(3), 25)
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and str(again) == str(state)
    with pytest.raises(ValueError, match="not an action number"):
        game.deserialize_state("1\nx\n")


@pytest.mark.parametrize("rules", ["kalah", "nsolo", "tsoro"])
def test_a_state_pickles_and_continues_identically(rules):
    game = sow.load_game(rules)
    rng = random.Random(5)
    state = play(game.new_initial_state(), rng, 20)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        assert copy.legal_actions() == state.legal_actions()
        state.apply_action(action)
        copy.apply_action(action)
    assert copy.returns() == state.returns()


def test_a_vector_env_pickles_and_continues_identically():
    game = sow.load_game("kalah")
    env = sow.VectorEnv(game, 6, seed=9)
    env.reset()
    for _ in range(30):
        env.step(env.sample_actions())
    copy = pickle.loads(pickle.dumps(env))
    assert (copy.observations == env.observations).all()
    assert (copy.action_masks == env.action_masks).all()
    for _ in range(60):
        a, b = env.sample_actions(), copy.sample_actions()
        assert (a == b).all()
        one, two = env.step(a), copy.step(b)
        for x, y in zip(one[:4], two[:4]):
            assert (x == y).all()


# --- Observations -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["kalah", "oware", "nsolo"])
def test_no_two_reachable_positions_share_an_observation_with_different_players_to_move(rules):
    game = sow.load_game(rules)
    seen = {}
    rng = random.Random(11)
    positions = 0
    for _ in range(300):
        state = game.new_initial_state()
        for _ in range(40):
            if state.is_terminal():
                break
            key = state.observation_tensor().tobytes()
            player = state.current_player()
            assert seen.setdefault(key, player) == player, state
            positions += 1
            state.apply_action(rng.choice(state.legal_actions()))
    # Breadth first to 6 plies as well, where the issue found collisions.
    frontier = [game.new_initial_state()]
    for _ in range(6):
        nxt = []
        for state in frontier:
            for action in state.legal_actions():
                child = state.child(action)
                if not child.is_terminal():
                    key = child.observation_tensor().tobytes()
                    assert seen.setdefault(key, child.current_player()) == child.current_player()
                    nxt.append(child)
        frontier = nxt[:3000]
    assert positions > 1000


def test_the_observation_is_from_the_observers_side_and_says_whose_turn_it_is():
    game = sow.load_game("kalah")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("a3"))  # South again: the last seed in her store
    state.apply_action(state.string_to_action("a1"))  # North to move now
    assert state.current_player() == 1
    south, north = state.observation_tensor(0), state.observation_tensor(1)
    # South sees a1..a6, b1..b6, her store, North's; North sees b6..b1, a6..a1, his, hers.
    assert list(south[:6]) == [0, 5, 1, 6, 6, 5] and list(south[6:12]) == [4] * 6
    assert list(north[:6]) == [4] * 6 and list(north[6:12]) == [5, 6, 6, 1, 5, 0]
    assert (south[12], south[13]) == (north[13], north[12])
    # To move: South no, North yes; seat: South 0, North 1.
    assert list(south[-2:]) == [0, 0] and list(north[-2:]) == [1, 1]
    assert (state.observation_tensor() == north).all()  # the player to move by default


def test_vector_env_observations_are_the_states():
    game = sow.load_game("nsolo")
    env = sow.VectorEnv(game, 3, seed=2)
    obs, info = env.reset()
    states = [game.new_initial_state() for _ in range(3)]
    for _ in range(50):
        actions = env.sample_actions()
        obs, rewards, terminated, truncated, info = env.step(list(actions))
        for i, state in enumerate(states):
            state.apply_action(int(actions[i]))
            if terminated[i]:
                assert info["_final_obs"][i]
                states[i] = game.new_initial_state()
            assert (obs[i] == states[i].observation_tensor()).all()


# --- Gymnasium conventions --------------------------------------------------------------------


def test_vector_env_takes_lists_and_any_integer_dtype_and_refuses_the_rest():
    env = sow.VectorEnv(sow.load_game("kalah"), 2)
    env.reset()
    env.step([0, 1])
    for dtype in (np.int8, np.uint16, np.int32, np.uint64):
        env.step(np.asarray(env.sample_actions(), dtype=dtype))
    with pytest.raises(ValueError, match="integers"):
        env.step(np.array([0.0, 1.0]))
    with pytest.raises(ValueError, match="shape"):
        env.step([0, 1, 2])
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros((2, 1), dtype=np.int64))


def test_an_ended_game_hands_back_its_final_observation():
    game = sow.load_game("kalah", params={"columns": 3, "start": 1})
    env = sow.VectorEnv(game, 4, seed=1)
    env.reset()
    ended = 0
    for _ in range(200):
        before = env.observations.copy()
        obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
        for i in np.flatnonzero(terminated | truncated):
            ended += 1
            assert info["_final_obs"][i]
            final = info["final_obs"][i]
            assert final.shape == before[i].shape and final.sum() > 0
        assert not info["_final_obs"][~(terminated | truncated)].any()
    assert ended > 0


def test_vector_env_has_gymnasiums_single_spaces():
    pytest.importorskip("gymnasium")
    from gymnasium import spaces

    game = sow.load_game("nsolo")
    env = sow.VectorEnv(game, 5)
    assert env.single_action_space == spaces.Discrete(game.num_distinct_actions())
    assert env.single_observation_space.shape == (game.observation_tensor_size(),)
    assert env.single_observation_space.dtype == np.float32
    assert env.observation_space.shape == (5, game.observation_tensor_size())
    assert env.single_observation_space.contains(env.reset()[0][0])


def test_pettingzoo_agents_are_player_0_and_player_1_unless_asked():
    pytest.importorskip("pettingzoo")
    from sow.env import raw_env

    assert raw_env("kalah").possible_agents == ["player_0", "player_1"]
    assert raw_env("kalah", agent_names=("south", "north")).possible_agents == ["south", "north"]
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("kalah", render_mode="rgb_array")


# --- Hostile use ------------------------------------------------------------------------------


def test_an_impossible_number_of_games_raises_memory_error():
    game = sow.load_game("kalah")
    with pytest.raises(MemoryError):
        sow.VectorEnv(game, 2**62)
    with pytest.raises(MemoryError):
        sow.VectorEnv(game, 2**40)


def test_ten_million_games_under_a_memory_cap_raise_memory_error():
    code = (
        "import resource, sow\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "game = sow.load_game('kalah')\n"
        "try:\n"
        "    sow.VectorEnv(game, 10**7)\n"
        "except MemoryError:\n"
        "    print('MemoryError')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "MemoryError"


def test_a_reshaped_or_frozen_output_array_is_replaced_not_written():
    env = sow.VectorEnv(sow.load_game("kalah"), 4)
    obs, info = env.reset()
    # The arrays do not own their memory: numpy refuses to resize (free) it.
    with pytest.raises(ValueError):
        obs.resize((1,), refcheck=False)
    obs.shape = (obs.size,)
    info["action_mask"].flags.writeable = False
    frozen = info["action_mask"].copy()
    env.step(env.sample_actions())
    assert env.observations.shape == (4, env.observation_size)
    assert env.action_masks.shape == (4, env.num_actions) and env.action_masks.flags.writeable
    assert (info["action_mask"] == frozen).all()  # the frozen one was left alone


def test_touching_the_arrays_from_another_thread_while_stepping_does_not_crash():
    env = sow.VectorEnv(sow.load_game("nsolo"), 512)
    env.reset()
    arrays = [env.observations, env.action_masks, env.current_player]
    stop = threading.Event()
    errors = []

    def meddle():
        while not stop.is_set():
            for array in arrays:
                try:
                    array.resize((3,), refcheck=False)
                except ValueError:
                    pass
                array.shape = (array.size,)
                array.flags.writeable = not array.flags.writeable
            try:
                env.observations
            except RuntimeError as e:  # the env is busy stepping: PyO3 refuses the borrow
                errors.append(e)

    thread = threading.Thread(target=meddle)
    thread.start()
    try:
        for _ in range(200):
            env.step(env.sample_actions())
    finally:
        stop.set()
        thread.join()
    assert env.observations.shape == (512, env.observation_size)


def test_a_rules_error_past_column_65535_raises_an_exception():
    text = 'game "Wide" {\n  board 2 x 6\n  seeds 4 in each hole\n  ' + " " * 70_000 + "nonsense\n}\n"
    with pytest.raises(Exception) as info:
        sow.load_game(text)
    assert isinstance(info.value, (sow.RulesError, sow.Error))


def test_sow_error_is_an_exception():
    assert issubclass(sow.Error, Exception)
