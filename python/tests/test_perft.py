"""Perft written against the pyspiel-style API agrees with `sow perft`, to depth 4, for every
bundled file and ruleset.

A few openings branch so widely that depth 4 takes minutes even in Rust (Makonn's transfers:
47.6 million positions at depth 3, 15.7 billion leaves at depth 4). For those (more than a
million positions at depth 3), `cargo test` checks depths 1-3; `SOW_PERFT_FULL=1` checks
depth 4 for them too.
"""

import os
import subprocess

import pytest

import sow

# Positions at depth 3 past which depth 4 is checked only with SOW_PERFT_FULL=1.
FULL_UP_TO = 1_000_000


def perft_table(state, deepest):
    """The leaves of the tree cut at each depth 1..deepest, in one walk: a node at depth d is
    a leaf of the cut at d, and a game over (or a player without a decision) at depth d is a
    leaf of every deeper cut too."""
    counts = [0] * (deepest + 1)

    def walk(state, d):
        counts[d] += 1
        actions = [] if state.is_terminal() else state.legal_actions()
        if not actions:
            for k in range(d + 1, deepest + 1):
                counts[k] += 1
            return
        if d + 1 == deepest:
            # The leaves one below are the decisions here, as `sow perft` counts them.
            counts[deepest] += len(actions)
            return
        for a in actions:
            walk(state.child(a), d + 1)

    walk(state, 0)
    return counts


def variants():
    for name in sow.bundled_games():
        yield name, None
        for ruleset in sow.load_game(name).rulesets:
            yield name, ruleset


def sow_perft(sow_bin, name, ruleset, depth, divide=False):
    args = [sow_bin, "perft", name, "--depth", str(depth)]
    args += ["--ruleset", ruleset] if ruleset else []
    args += ["--divide"] if divide else []
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    totals, below = {}, {}
    for line in out.splitlines():
        word, count = line.split()
        if word.isdigit():
            totals[int(word)] = int(count)
        else:
            below[word] = int(count)
    return totals, below


@pytest.mark.parametrize("name,ruleset", list(variants()))
def test_python_perft_matches_the_command_line(sow_bin, name, ruleset):
    totals, _ = sow_perft(sow_bin, name, ruleset, 3)
    deepest = 4 if totals[3] <= FULL_UP_TO or os.environ.get("SOW_PERFT_FULL") == "1" else 3
    if deepest == 4:
        totals, _ = sow_perft(sow_bin, name, ruleset, 4)
    counts = perft_table(sow.load_game(name, ruleset=ruleset).new_initial_state(), deepest)
    assert counts[1:] == [totals[d] for d in range(1, deepest + 1)]
