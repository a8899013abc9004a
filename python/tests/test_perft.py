"""Perft written against the pyspiel-style API agrees with `sow perft`, to depth 4, for every
bundled file and ruleset.

The walk counts each position once however many lines reach it (`State.position_key`, as
perft programs do with a transposition table), and the last ply from `legal_actions`, as
`sow perft` counts it. Depth 4 of a few openings is still billions of leaves: Makonn's and
Lisolo's rearranging (more than ten million positions at depth 3; 15.7 and 3.4 billion leaves
at depth 4) takes two to three minutes a ruleset. For those `cargo test` checks depths 1-3;
`SOW_PERFT_FULL=1` checks depth 4 too, against the tables of tests/perft/, which are
`sow perft`'s counts (`cargo test --release --test integration perft_tables_deep -- --ignored`
checks them; the test checks their depths 1-3 against `sow perft` here).
"""

import os
import pathlib
import subprocess

import pytest

import sow

# Positions at depth 3 past which depth 4 is checked only with SOW_PERFT_FULL=1.
FULL_UP_TO = 5_000_000

TABLES = pathlib.Path(__file__).resolve().parents[2] / "tests" / "perft"


def perft(state, depth, seen):
    """The leaves of the tree cut `depth` plies below `state`, where a game over (or a player
    without a decision) is one leaf; `seen` keeps the counts of positions already walked."""
    if state.is_terminal():
        return 1
    actions = state.legal_actions()
    if not actions:
        return 1
    if depth == 1:
        return len(actions)
    key = (state.position_key(), depth)
    count = seen.get(key)
    if count is None:
        count = sum(perft(state.child(a), depth - 1, seen) for a in actions)
        seen[key] = count
    return count


def perft_table(state, deepest):
    seen = {}
    return [perft(state, depth, seen) for depth in range(1, deepest + 1)]


def variants():
    for name in sow.bundled_games():
        yield name, None
        for ruleset in sow.load_game(name).rulesets:
            yield name, ruleset


def sow_perft(sow_bin, name, ruleset, depth):
    args = [sow_bin, "perft", name, "--depth", str(depth)]
    args += ["--ruleset", ruleset] if ruleset else []
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return [int(line.split()[1]) for line in out.splitlines()]


def stored_table(name, ruleset):
    """The counts of tests/perft/ for a rules file and ruleset at its default parameters."""
    tables, current = [], None
    for path in sorted(TABLES.glob("*.perft")):
        for line in path.read_text().splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, value = line.split(" ", 1)
            if key == "rules":
                current = {"name": value.removesuffix(".sow"), "ruleset": None, "params": [], "perft": {}}
                tables.append(current)
            elif key == "perft":
                depth, count = value.split()
                current["perft"][int(depth)] = int(count)
            else:
                current[key if key == "ruleset" else "params"] = value
    for table in tables:
        if table["name"] == name and table["ruleset"] == ruleset and not table["params"]:
            return table["perft"]
    raise AssertionError(f"no table in tests/perft for {name} {ruleset}")


@pytest.mark.parametrize("name,ruleset", list(variants()))
def test_python_perft_matches_the_command_line(sow_bin, name, ruleset):
    expected = sow_perft(sow_bin, name, ruleset, 3)
    if expected[2] <= FULL_UP_TO:
        expected = sow_perft(sow_bin, name, ruleset, 4)
    elif os.environ.get("SOW_PERFT_FULL") == "1":
        table = stored_table(name, ruleset)
        assert [table[d] for d in (1, 2, 3)] == expected, "tests/perft disagrees with sow perft"
        expected.append(table[4])
    counts = perft_table(sow.load_game(name, ruleset=ruleset).new_initial_state(), len(expected))
    assert counts == expected
