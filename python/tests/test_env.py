"""The PettingZoo environment passes PettingZoo's own API test."""

import pytest
from pettingzoo.test import api_test

from sow.env import env, raw_env


@pytest.mark.parametrize(
    "rules,ruleset,params",
    [
        ("nsolo", None, {"columns": 8}),
        # A four-row game with rulesets, one of them played.
        ("tsoro", "fixed-misoro", None),
        ("kalah", None, None),
    ],
)
def test_api_test_passes(rules, ruleset, params):
    api_test(env(rules, ruleset=ruleset, params=params), num_cycles=300)


def test_a_game_played_through_the_environment_ends_with_opposite_rewards():
    e = env("kalah")
    e.reset(seed=3)
    rewards = {"player_0": 0, "player_1": 0}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        rewards[agent] += reward
        if termination or truncation:
            action = None
        else:
            assert observation["action_mask"].sum() >= 1
            action = e.action_space(agent).sample(observation["action_mask"])
        e.step(action)
    assert rewards["player_0"] == -rewards["player_1"]


def test_a_long_game_is_truncated_at_max_plies():
    e = raw_env("nsolo", params={"columns": 8}, max_plies=10)
    e.reset()
    for _ in range(10):
        e.step(int(e.observe(e.agent_selection)["action_mask"].argmax()))
    assert all(e.truncations.values())


def test_lots_between_rounds_are_drawn_by_the_environment():
    """Where the rules draw lots between rounds, no agent is asked: the environment draws them
    (seeded by `reset`), and every agent it selects has legal actions."""
    import pathlib
    import random

    path = str(pathlib.Path(__file__).parents[2] / "tests" / "fixtures" / "told" / "lots.sow")
    api_test(env(path), num_cycles=300)
    e = raw_env(path)
    rng = random.Random(4)
    lots = 0
    for game in range(20):
        e.reset(seed=game)
        for agent in e.agent_iter(max_iter=5000):
            observation, reward, termination, truncation, info = e.last()
            if termination or truncation:
                e.step(None)
                continue
            assert not e.state.is_chance_node()
            legal = [a for a, ok in enumerate(observation["action_mask"]) if ok]
            assert legal
            before = len(e.state.history())
            e.step(rng.choice(legal))
            drawn = e.state.history()[before + 1 :]
            lots += sum(e.state.action_to_string(a).startswith("lot:") for a in drawn)
        if lots:
            break
    assert lots > 0


def test_a_first_player_drawn_by_lot_is_drawn_by_the_environment():
    """Where the first player is drawn by lot, `reset` draws it: no agent is asked, and the
    first agent selected is South after some seeds and North after others."""
    import pathlib

    path = str(pathlib.Path(__file__).parents[2] / "tests" / "fixtures" / "told" / "first_lot.sow")
    e = raw_env(path)
    first = set()
    for seed in range(12):
        e.reset(seed=seed)
        assert not e.state.is_chance_node()
        assert e.state.history()[0] in (0, 1)
        first.add(e.agent_selection)
    assert len(first) == 2
