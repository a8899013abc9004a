"""Comparisons and matches split into shards that run as Ray tasks, merged into the figures of
the whole run.

The same call runs on a laptop and on a cluster::

    import sow.distributed

    figures = sow.distributed.compare(["nsolo", "tsoro", "msuwa"], games=100_000, seed=1)
    # on a cluster, from a node of it (or with RAY_ADDRESS set):
    figures = sow.distributed.compare([...], games=1_000_000, address="auto")

Each shard plays a contiguous range of the games, and every game depends only on the seed and
its number, so the figures are those of ``sow compare`` (and of ``sow.compare``) whatever the
number of shards or workers. A worker that dies mid-shard is retried by Ray, and the shard's
games are played again from their seeds: the result does not change.
"""

from __future__ import annotations

import json
import sys
import time

from . import _sow


def _ray():
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the installation
        raise ImportError("sow.distributed needs Ray: pip install 'sow[ray]' (or pip install ray)") from e
    return ray


def _compare_shard(variants, games, agents, seed, max_plies, index, count, threads):
    return _sow.compare_part(variants, games, agents, seed, max_plies, index, count, threads)


def _match_shard(rules, a, b, games, seed, ruleset, params, max_plies, index, count, threads):
    return _sow.match_part(rules, a, b, games, seed, ruleset, params, max_plies, index, count, threads)


def _start(address):
    ray = _ray()
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)
    return ray


def _shards(ray, shards, games):
    if shards is None:
        shards = max(1, int(ray.cluster_resources().get("CPU", 1)))
    if shards < 1:
        raise ValueError("shards must be at least 1")
    return max(1, min(shards, games))


def _gather(ray, refs, progress, what):
    """The parts of `refs`, in shard order, showing shards done as they finish."""
    show = sys.stderr.isatty() if progress is None else progress
    pending, start = list(refs), time.monotonic()
    while pending:
        _, pending = ray.wait(pending, num_returns=len(pending), timeout=0.5)
        if show:
            done = len(refs) - len(pending)
            print(
                f"\r{what}: {done}/{len(refs)} shards done, {time.monotonic() - start:.0f} s",
                end="" if pending else "\n",
                file=sys.stderr,
                flush=True,
            )
    return ray.get(list(refs))


def _figures(parts, format):
    text = _sow.merge(parts, format)
    return json.loads(text) if format == "json" else text


def compare(
    variants,
    games=1000,
    agents="random",
    seed=1,
    max_plies=100_000,
    shards=None,
    address=None,
    progress=None,
    format="json",
    threads_per_shard=1,
    max_retries=3,
):
    """Compare variants (words as ``sow compare`` takes them) on Ray: ``shards`` tasks
    (default: one per CPU of the cluster), each of ``threads_per_shard`` threads. Returns the
    figures of ``sow compare --format json`` as a dict (or, with ``format`` "table",
    "markdown" or "csv", the text ``sow merge`` prints); the time is the shards' seconds
    summed. ``address`` is passed to ``ray.init`` when Ray is not started yet (``"auto"``: the
    cluster this machine belongs to); ``progress`` shows shards done on stderr (default: when
    it is a terminal)."""
    if isinstance(variants, str):
        variants = [variants]
    variants = list(variants)
    ray = _start(address)
    count = _shards(ray, shards, games)
    task = ray.remote(num_cpus=threads_per_shard, max_retries=max_retries)(_compare_shard)
    refs = [
        task.remote(variants, games, agents, seed, max_plies, i, count, threads_per_shard)
        for i in range(1, count + 1)
    ]
    return _figures(_gather(ray, refs, progress, f"sow compare ({games} games × {len(variants)})"), format)


def match(
    rules,
    a,
    b,
    games=100,
    seed=1,
    ruleset=None,
    params=None,
    max_plies=100_000,
    shards=None,
    address=None,
    progress=None,
    format="json",
    threads_per_shard=1,
    max_retries=3,
):
    """A match of agent ``a`` against agent ``b`` on ``rules``, on Ray (see ``compare``):
    the figures of ``sow match --format json`` as a dict, or with ``format="table"`` its text."""
    ray = _start(address)
    count = _shards(ray, shards, games)
    task = ray.remote(num_cpus=threads_per_shard, max_retries=max_retries)(_match_shard)
    refs = [
        task.remote(rules, a, b, games, seed, ruleset, params, max_plies, i, count, threads_per_shard)
        for i in range(1, count + 1)
    ]
    return _figures(_gather(ray, refs, progress, f"sow match ({games} games)"), format)
