"""Steps per second of sow's batched environment, beside OpenSpiel's Python loop, measured in
the same run. A step is one decision in one game; games that end start again.

    .venv/bin/pip install ./python open-spiel
    .venv/bin/python python/bench/throughput.py [--seconds 3] [--rounds 3] [--markdown]

sow.VectorEnv plays N games at once in Rust (the GIL released), a random legal action per
game from its own generator (`sample_actions`), on one thread and on one per core (runs of 64
games in parallel). OpenSpiel's loop is what a Python user of pyspiel writes for N games (its
`mancala` is Kalah): for each state, a random legal action, `apply_action`, a new state when
one ends; the same loop over sow.State (the pyspiel-style API) is measured beside it. All draw
their actions uniformly among the legal ones.
"""

import argparse
import os
import random
import statistics
import time

import sow

GAMES = [("Nsolo 4×8", "nsolo", {"columns": 8}, None), ("Kalah", "kalah", None, "mancala"), ("Oware", "oware", None, "oware")]
BATCHES = [1, 64, 1024]


def timed(step, seconds):
    """Call `step` (which returns the steps it made) for about `seconds`; steps per second."""
    step()  # warm up
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed


def sow_rate(name, params, batch, seconds, threads):
    venv = sow.VectorEnv(sow.load_game(name, params=params), batch, seed=1, threads=threads)
    venv.reset()

    def step():
        venv.step(venv.sample_actions())
        return batch

    return timed(step, seconds)


def loop_rate(game, batch, seconds):
    """A Python loop over `batch` states of a game with the pyspiel API (OpenSpiel's or sow's)."""
    rng = random.Random(1)
    states = [game.new_initial_state() for _ in range(batch)]

    def step():
        for i, state in enumerate(states):
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                states[i] = game.new_initial_state()
        return batch

    return timed(step, seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; medians are reported")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401

        have_openspiel = True
    except ImportError:
        have_openspiel = False
        print("(open-spiel is not installed: pip install open-spiel for its column)")
    rows = []
    for label, name, params, spiel in GAMES:
        for batch in BATCHES:
            measures = [
                lambda: sow_rate(name, params, batch, args.seconds, threads=1),
                lambda: sow_rate(name, params, batch, args.seconds, threads=None),
                lambda: loop_rate(sow.load_game(name, params=params), batch, args.seconds),
            ]
            if spiel and have_openspiel:
                import pyspiel

                measures.append(lambda: loop_rate(pyspiel.load_game(spiel), batch, args.seconds))
            # Rounds interleaved, medians kept: a machine whose load changes affects all alike.
            rounds = [[measure() for measure in measures] for _ in range(args.rounds)]
            medians = [statistics.median(r[i] for r in rounds) for i in range(len(measures))]
            rows.append((label, batch, *medians, *([None] * (4 - len(medians)))))
            if not args.markdown:
                print(f"{label:10} batch {batch:5}: " + "   ".join(f"{h} {cell}" for h, cell in zip(HEADS, cells(rows[-1]))), flush=True)
    if args.markdown:
        print("| game | batch | " + " | ".join(HEADS) + " |")
        print("|---|---:|" + "---:|" * len(HEADS))
        for row in rows:
            print(f"| {row[0]} | {row[1]} | " + " | ".join(cells(row)) + " |")

HEADS = [
    "sow.VectorEnv (one thread, the default)",
    f"sow.VectorEnv, threads=None ({os.cpu_count()} here)",
    "sow.State loop",
    "OpenSpiel loop",
    "VectorEnv 1 thread ÷ OpenSpiel",
]


def cells(row):
    _, _, one, cores, states, theirs = row
    rate = lambda r: f"{r:,.0f}" if r else "–"  # noqa: E731
    return [rate(one), rate(cores), rate(states), rate(theirs), f"{one / theirs:.1f}×" if theirs else "–"]

if __name__ == "__main__":
    main()
