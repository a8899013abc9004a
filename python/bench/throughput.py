"""Steps per second of sow's batched environment, beside OpenSpiel's Python loop, measured in
the same run. A step is one decision in one game; games that end start again.

    .venv/bin/pip install ./python open-spiel
    .venv/bin/python python/bench/throughput.py [--seconds 3] [--markdown]

sow.VectorEnv plays N games at once in Rust (the GIL released), a random legal action per
game from its own generator (`sample_actions`). OpenSpiel's loop is what a Python user of
pyspiel writes for N games (its `mancala` is Kalah): for each state, a random legal action, `apply_action`, a new
state when one ends. Both draw their actions uniformly among the legal ones.
"""

import argparse
import random
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


def sow_rate(name, params, batch, seconds):
    venv = sow.VectorEnv(sow.load_game(name, params=params), batch, seed=1)
    venv.reset()

    def step():
        venv.step(venv.sample_actions())
        return batch

    return timed(step, seconds)


def openspiel_rate(name, batch, seconds):
    import pyspiel

    game = pyspiel.load_game(name)
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
            ours = sow_rate(name, params, batch, args.seconds)
            theirs = openspiel_rate(spiel, batch, args.seconds) if spiel and have_openspiel else None
            rows.append((label, batch, ours, theirs))
            ratio = f"{ours / theirs:.1f}×" if theirs else "–"
            theirs_text = f"{theirs:,.0f}" if theirs else "–"
            if not args.markdown:
                print(f"{label:10} batch {batch:5}: sow {ours:12,.0f} steps/s   OpenSpiel {theirs_text:>10}   {ratio}", flush=True)
    if args.markdown:
        print("| game | batch | sow.VectorEnv steps/s | OpenSpiel Python loop steps/s | ratio |")
        print("|---|---:|---:|---:|---:|")
        for label, batch, ours, theirs in rows:
            theirs_text = f"{theirs:,.0f}" if theirs else "–"
            ratio = f"{ours / theirs:.1f}×" if theirs else "–"
            print(f"| {label} | {batch} | {ours:,.0f} | {theirs_text} | {ratio} |")


if __name__ == "__main__":
    main()
