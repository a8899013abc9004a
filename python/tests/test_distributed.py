"""Comparisons and matches on a local Ray: the same figures as the command line for any
number of shards, and a worker killed mid-run changes nothing."""

import json
import os
import signal
import subprocess
import threading
import time

import pytest

ray = pytest.importorskip("ray")

import sow  # noqa: E402
import sow.distributed  # noqa: E402
from test_figures import untimed  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def cli_json(sow_bin, *args):
    out = subprocess.run([sow_bin, *args, "--format", "json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def test_compare_on_ray_is_the_command_lines_for_any_number_of_shards(local_ray, sow_bin):
    variants = ["nsolo", "tsoro:fixed-misoro", "kalah"]
    cli = untimed(cli_json(sow_bin, "compare", *variants, "--games", "60", "--seed", "4"))
    for shards in (1, 2, 4):
        figures = sow.distributed.compare(variants, games=60, seed=4, shards=shards, progress=False)
        assert untimed(figures) == cli, shards


def test_match_on_ray_is_the_command_lines(local_ray, sow_bin):
    cli = untimed(cli_json(sow_bin, "match", "oware", "greedy", "random", "--games", "24", "--seed", "2"))
    for shards in (1, 2, 4):
        figures = sow.distributed.match("oware", "greedy", "random", games=24, seed=2, shards=shards, progress=False)
        assert untimed(figures) == cli, shards


def shard_workers():
    """Processes of Ray workers running a shard now (Ray titles them `ray::<task>`)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                title = f.read().replace(b"\0", b" ")
        except OSError:
            continue
        if title.startswith(b"ray::_compare_shard"):
            found.append(int(pid))
    return found


def test_a_worker_killed_mid_run_is_retried_and_the_figures_do_not_change(local_ray):
    variants = ["nsolo"]
    expected = untimed(sow.compare(variants, games=12_000, seed=6, threads=1))
    result, killed = {}, []

    def run():
        result["figures"] = sow.distributed.compare(variants, games=12_000, seed=6, shards=2, progress=False)

    thread = threading.Thread(target=run)
    thread.start()
    deadline = time.monotonic() + 60
    while not killed and thread.is_alive() and time.monotonic() < deadline:
        workers = shard_workers()
        if workers:
            os.kill(workers[0], signal.SIGKILL)
            killed.append(workers[0])
        time.sleep(0.02)
    thread.join(timeout=300)
    assert killed, "no shard was running long enough to be killed"
    assert untimed(result["figures"]) == expected
