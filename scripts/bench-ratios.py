#!/usr/bin/env python3
"""Compare builds of the engine on the speed benchmarks, interleaved.

Each build is a compiled benchmark binary (`cargo bench --bench ratio --no-run` or
`cargo bench --bench two_row --no-run`, copied out of target/release/deps/ before the next
build replaces it). Every round runs each binary once per case, one after the other, so a
busy moment of the machine falls on all of them; the ratio of a run is the engine's games/s
over the hand-written reference's games/s measured in that same run (higher is faster). The
table gives each build's median ratio over the rounds.

Examples:
  scripts/bench-ratios.py ratio /tmp/ratio_base /tmp/ratio_new --boards 8,13,36 --rounds 3
  scripts/bench-ratios.py two_row /tmp/two_row_base /tmp/two_row_new --rounds 5
  scripts/bench-ratios.py two_row /tmp/two_row_new --games oware --rounds 3
"""

import argparse
import statistics
import subprocess
import sys


def ratios(kind, binary, case, quick):
    """The engine ÷ reference ratio of each row one run of `binary` prints."""
    if kind == "ratio":
        args = [binary, str(case), "lists"]
    else:
        args = [binary] + ([case] if case else [])
    args += ["quick"] if quick else []
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not cells[-2].replace(".", "").isdigit() or cells[0] in ("board", "game"):
            continue
        if kind == "ratio":
            name, engine, reference = cells[0], float(cells[2]), float(cells[3])
        else:
            name, engine, reference = cells[0], float(cells[1]), float(cells[2])
        rows[name] = engine / reference
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["ratio", "two_row"], help="which benchmark the binaries are")
    parser.add_argument("binaries", nargs="+", help="the builds to compare, oldest first")
    parser.add_argument("--boards", default="8,10,13,16,20,36", help="ratio: the columns of the 4-row boards")
    parser.add_argument("--games", default=None, help="two_row: kalah or oware alone")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="5 samples a run instead of 25")
    a = parser.parse_args()
    cases = [int(b) for b in a.boards.split(",")] if a.kind == "ratio" else [a.games]
    seen = {}  # (row, binary) -> ratios
    for r in range(a.rounds):
        for case in cases:
            for b in a.binaries:
                for name, value in ratios(a.kind, b, case, a.quick).items():
                    seen.setdefault((name, b), []).append(value)
        print(f"round {r + 1} of {a.rounds} done", file=sys.stderr)
    names = list(dict.fromkeys(name for name, _ in seen))
    print("| case | " + " | ".join(a.binaries) + " |")
    print("|---|" + "---:|" * len(a.binaries))
    for name in names:
        cells = [statistics.median(seen[(name, b)]) if (name, b) in seen else None for b in a.binaries]
        print(f"| {name} | " + " | ".join("–" if c is None else f"{c:.3f}" for c in cells) + " |")


if __name__ == "__main__":
    main()
