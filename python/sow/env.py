"""A PettingZoo environment (AEC) of any sow game.

Two agents, ``"player_0"`` (South, who starts) and ``"player_1"`` (North), as PettingZoo's
classic games name them (``agent_names=("south", "north")`` names them by seat), take
decisions in turn; a turn of several decisions (a sowing, then the picks of a strip) selects
the same agent again. Each observation is a dict, as in PettingZoo's classic games::

    {"observation": float32 array of game.observation_tensor_size(), from the agent's point
                    of view (its own side first), saying whose turn it is (see
                    sow.State.observation_tensor),
     "action_mask": int8 array of game.num_distinct_actions(), 1 for each legal action}

Render modes: ``"human"`` (prints the board) and ``"ansi"`` (returns it as text); no image
mode is offered.

The reward is given when the game ends: 1 to the winner, -1 to the loser, 0 to both on a
draw. A game still going after ``max_plies`` decisions is truncated.

    from sow.env import env

    e = env("kalah")
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(observation["action_mask"])
        e.step(action)
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._sow import Game, load_game

AGENTS = ["player_0", "player_1"]


def env(rules: str | Game = "nsolo", ruleset=None, params=None, **kwargs):
    """The environment of ``rules`` (a bundled name, a path, rules text or a ``sow.Game``),
    wrapped as PettingZoo's classic games are: an illegal action ends the game with a
    reward of -1 for its player, and the AEC protocol is enforced."""
    e = raw_env(rules, ruleset=ruleset, params=params, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv, EzPickle):
    """The unwrapped environment (see ``env``)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "sow_v0", "is_parallelizable": False}

    def __init__(
        self,
        rules: str | Game = "nsolo",
        ruleset=None,
        params=None,
        render_mode=None,
        max_plies=5000,
        agent_names=tuple(AGENTS),
    ):
        EzPickle.__init__(self, rules, ruleset, params, render_mode, max_plies, agent_names)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: sow offers {self.metadata['render_modes']}")
        agent_names = list(agent_names)
        if len(agent_names) != 2 or len(set(agent_names)) != 2:
            raise ValueError(f"agent_names must be two different names, not {agent_names!r}")
        self._names = agent_names
        self.game = rules if isinstance(rules, Game) else load_game(rules, ruleset=ruleset, params=params)
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.possible_agents = self._names[:]
        self.agents = self._names[:]
        n = self.game.num_distinct_actions()
        size = self.game.observation_tensor_size()
        self.action_spaces = {a: spaces.Discrete(n) for a in self._names}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=np.inf, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self._names
        }
        self.state = None
        self._lots = np.random.default_rng()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        player = self._names.index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if agent == self.agent_selection:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(player), "action_mask": mask}

    def reset(self, seed=None, options=None):
        # A seed seeds the spaces' samplers and the lots drawn between rounds, where the rules
        # have them (no agent draws a lot: see `_draw_lots`).
        if seed is not None:
            for a in self._names:
                self.action_spaces[a].seed(seed)
        self._lots = np.random.default_rng(seed)
        self.state = self.game.new_initial_state()
        # Where the first player is drawn by lot, the game starts at a chance node.
        self._draw_lots()
        self.agents = self._names[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._names[max(self.state.current_player(), 0)]

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            return self._was_dead_step(action)
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(int(action))
        self._draw_lots()
        self.rewards = dict.fromkeys(self.agents, 0)
        if self.state.is_terminal():
            returns = self.state.returns()
            self.rewards = {a: returns[i] for i, a in enumerate(self._names)}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.state.move_number() >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._names[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _draw_lots(self):
        """Lots drawn for the first player or between rounds (a chance node) are no agent's
        turn: drawn here, each outcome with the same chance, until a player is to move."""
        while self.state.is_chance_node():
            outcomes = self.state.chance_outcomes()
            self.state.apply_action(outcomes[int(self._lots.integers(len(outcomes)))][0])

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
