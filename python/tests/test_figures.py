"""sow.simulate, sow.match and sow.compare give the figures of the command line, and a run in
shards merges to the run played whole."""

import json
import subprocess

import sow

# Figures that time the run, and so differ from one run to the next.
TIMED = {"seconds", "games_per_second", "time", "rate", "elapsed", "decisions_per_second", "threads", "summed_over_shards"}


def untimed(value):
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in TIMED}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def cli_json(sow_bin, *args):
    out = subprocess.run([sow_bin, *args, "--format", "json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def test_compare_matches_the_command_line(sow_bin):
    variants = ["nsolo", "nsolo:sanderson-1913", "tsoro?columns=8"]
    ours = sow.compare(variants, games=40, seed=3)
    theirs = cli_json(sow_bin, "compare", *variants, "--games", "40", "--seed", "3")
    assert untimed(ours) == untimed(theirs)
    assert [v["variant"] for v in ours["variants"]] == variants


def test_match_matches_the_command_line(sow_bin):
    ours = sow.match("kalah", "greedy", "random", games=30, seed=5)
    theirs = cli_json(sow_bin, "match", "kalah", "greedy", "random", "--games", "30", "--seed", "5")
    assert untimed(ours) == untimed(theirs)


def test_simulate_matches_the_command_line(sow_bin):
    ours = sow.simulate("oware", games=50, seed=2)
    theirs = cli_json(sow_bin, "simulate", "oware", "--games", "50", "--seed", "2")
    assert untimed(ours) == untimed(theirs)


def test_shards_merge_to_the_run_played_whole_in_any_number(sow_bin, tmp_path):
    from sow import _sow

    variants = ["kalah", "oware"]
    whole = untimed(sow.compare(variants, games=30, seed=9))
    for count in (1, 2, 4):
        parts = [_sow.compare_part(variants, 30, "random", 9, 100_000, i, count) for i in range(1, count + 1)]
        assert untimed(json.loads(_sow.merge(parts[::-1]))) == whole
    # The command line's parts merge the same.
    cli_parts = []
    for i in (1, 2):
        path = tmp_path / f"part-{i}.json"
        args = ["compare", *variants, "--games", "30", "--seed", "9", "--shard", f"{i}/2", "--out", str(path)]
        subprocess.run([sow_bin, *args], check=True, capture_output=True)
        cli_parts.append(path.read_text())
    assert untimed(json.loads(_sow.merge(cli_parts))) == whole
