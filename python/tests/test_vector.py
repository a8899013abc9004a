"""The batched environment: games stepped in Rust, arrays written in place."""

import numpy as np
import pytest

import sow


def test_observations_and_masks_are_the_same_arrays_written_in_place():
    game = sow.load_game("kalah")
    venv = sow.VectorEnv(game, 8, seed=1)
    obs, info = venv.reset()
    assert obs.shape == (8, game.observation_tensor_size()) and obs.dtype == np.float32
    mask = info["action_mask"]
    assert mask.shape == (8, game.num_distinct_actions()) and mask.dtype == np.bool_
    assert (mask[:, :6]).all() and not mask[:, 6:].any()  # South's six holes, nothing else
    first = obs.__array_interface__["data"][0]
    obs2, rewards, terminated, truncated, info2 = venv.step(venv.sample_actions())
    assert obs2.__array_interface__["data"][0] == first
    assert info2["action_mask"] is not None and rewards.shape == (8, 2)


def test_each_game_follows_the_single_game_api_move_for_move():
    game = sow.load_game("nsolo", params={"columns": 8})
    venv = sow.VectorEnv(game, 4, seed=5)
    venv.reset()
    states = [game.new_initial_state() for _ in range(4)]
    for _ in range(300):
        actions = venv.sample_actions()
        obs, rewards, terminated, truncated, info = venv.step(actions)
        for i, state in enumerate(states):
            state.apply_action(int(actions[i]))
            if state.is_terminal():
                assert terminated[i]
                assert list(rewards[i]) == state.returns()
                states[i] = game.new_initial_state()
            else:
                assert not terminated[i]
                assert (obs[i] == states[i].observation_tensor()).all()
                legal = np.flatnonzero(info["action_mask"][i]).tolist()
                assert legal == states[i].legal_actions()
                assert info["current_player"][i] == states[i].current_player()


def test_games_end_and_start_again_on_their_own():
    venv = sow.VectorEnv(sow.load_game("kalah"), 16, seed=2)
    venv.reset()
    ended = 0
    for _ in range(400):
        _, rewards, terminated, _, _ = venv.step(venv.sample_actions())
        ended += int(terminated.sum())
        assert (rewards.sum(axis=1) == 0).all()
    assert ended > 16


def test_an_illegal_action_is_refused_naming_the_game_and_no_game_moves():
    venv = sow.VectorEnv(sow.load_game("kalah"), 2)
    obs, _ = venv.reset()
    before = obs.copy()
    with pytest.raises(ValueError, match="game 1: action 7"):
        venv.step(np.array([0, 7], dtype=np.int64))
    assert (venv.observations == before).all()
    with pytest.raises(ValueError, match="2 games"):
        venv.step(np.array([0], dtype=np.int64))


@pytest.mark.parametrize("threads", [1, 2, None])
def test_games_stepped_on_threads_play_as_on_one(threads):
    """Runs of 64 games go to other threads: every game still follows its own actions."""
    game = sow.load_game("oware")
    one, many = sow.VectorEnv(game, 200, seed=3, threads=1), sow.VectorEnv(game, 200, seed=3, threads=threads)
    one.reset(), many.reset()
    for _ in range(150):
        actions = one.sample_actions()
        assert (many.sample_actions() == actions).all()
        expected = [array.copy() for array in one.step(actions)[:4]]
        got = many.step(actions)[:4]
        for a, b in zip(expected, got):
            assert (a == b).all()
        assert (one.action_masks == many.action_masks).all()


def test_threads_must_be_at_least_one():
    with pytest.raises(ValueError, match="at least 1"):
        sow.VectorEnv(sow.load_game("kalah"), 4, threads=0)

def test_lots_between_rounds_are_drawn_inside_the_step():
    """Where the rules draw lots between rounds, a step plays on through them: no game waits
    at a chance node, every mask offers an action, and a pickled environment (whose games
    keep the lots in their histories) steps on identically."""
    import pathlib
    import pickle

    game = sow.load_game(str(pathlib.Path(__file__).parents[2] / "tests" / "fixtures" / "told" / "lots.sow"))
    venv = sow.VectorEnv(game, 16, seed=2)
    venv.reset()
    for _ in range(600):
        obs, rewards, terminated, truncated, info = venv.step(venv.sample_actions())
        assert (venv.current_player >= 0).all()
        assert info["action_mask"].any(axis=1).all()
    # The games since their last start, as pickled: a lot's outcomes are actions 0 and 1.
    histories = venv.__reduce__()[2][0]
    assert sum(h.count(0) + h.count(1) for h in histories) > 0
    copy = pickle.loads(pickle.dumps(venv))
    for _ in range(50):
        actions = venv.sample_actions()
        assert (copy.sample_actions() == actions).all()
        a = venv.step(actions)[0].copy()
        b = copy.step(actions)[0]
        assert (a == b).all()


def test_a_first_player_drawn_by_lot_is_drawn_at_each_start():
    """Where the first player is drawn by lot, the games start past the lot (new, reset or
    restarted after a game ends), some with South to move and some with North, and a pickled
    environment steps on identically."""
    import pathlib
    import pickle

    game = sow.load_game(str(pathlib.Path(__file__).parents[2] / "tests" / "fixtures" / "told" / "first_lot.sow"))
    venv = sow.VectorEnv(game, 16, seed=3)
    assert (venv.current_player >= 0).all()
    assert set(venv.current_player.tolist()) == {0, 1}
    venv.reset()
    assert set(venv.current_player.tolist()) == {0, 1}
    for _ in range(900):
        obs, rewards, terminated, truncated, info = venv.step(venv.sample_actions())
        assert (venv.current_player >= 0).all()
    copy = pickle.loads(pickle.dumps(venv))
    for _ in range(50):
        actions = venv.sample_actions()
        assert (copy.sample_actions() == actions).all()
        assert (venv.step(actions)[0] == copy.step(actions)[0]).all()
