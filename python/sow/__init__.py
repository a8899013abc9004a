"""sow: a rules language and engine for mancala games, from Python.

Games and states keep OpenSpiel's names, so that code written for ``pyspiel`` ports line for
line::

    import random
    import sow

    game = sow.load_game("nsolo", params={"columns": 8})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

``sow.VectorEnv`` steps many games at once in Rust; ``sow.env`` holds a PettingZoo
environment; ``sow.openspiel`` registers every bundled game with OpenSpiel (``import
sow.openspiel``, then ``pyspiel.load_game("sow_kalah")``); ``sow.distributed`` runs
comparisons and matches on Ray (``import sow.distributed``). A fault inside sow raises
``sow.Error``; rules that do not compile raise ``sow.RulesError``.
"""

import json

from . import _sow
from ._sow import Error, Game, RulesError, State, VectorEnv, bundled_games, load_game

__all__ = [
    "Error",
    "Game",
    "RulesError",
    "State",
    "VectorEnv",
    "bundled_games",
    "compare",
    "load_game",
    "match",
    "simulate",
]


def simulate(rules, games=1000, seed=1, ruleset=None, params=None, max_plies=100_000, threads=None):
    """Random games of ``rules``: the figures of ``sow simulate --format json``, as a dict."""
    return json.loads(_sow.simulate(rules, games, seed, ruleset, params, max_plies, threads))


def match(rules, a, b, games=100, seed=1, ruleset=None, params=None, max_plies=100_000, threads=None):
    """Agent ``a`` against agent ``b`` (``"random"``, ``"greedy"``, ``"alphabeta:4"``,
    ``"mcts:2000"``, …), sides alternating: the figures of ``sow match --format json``."""
    part = _sow.match_part(rules, a, b, games, seed, ruleset, params, max_plies, 1, 1, threads)
    return json.loads(_sow.merge([part], "json", threads, whole=True))


def compare(variants, games=1000, agents="random", seed=1, max_plies=100_000, threads=None):
    """Compare variants in play (words as ``sow compare`` takes them: ``"nsolo"``,
    ``"nsolo:sanderson-1913"``, ``"nsolo?columns=16"``): the figures of
    ``sow compare --format json``."""
    if isinstance(variants, str):
        variants = [variants]
    part = _sow.compare_part(list(variants), games, agents, seed, max_plies, 1, 1, threads)
    return json.loads(_sow.merge([part], "json", threads, whole=True))

