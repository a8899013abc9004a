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
