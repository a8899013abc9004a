"""Shared fixtures: the `sow` binary the figures are checked against."""

import os
import shutil

import pytest


@pytest.fixture(scope="session")
def sow_bin():
    """The command-line `sow` (tests/python.rs passes the one cargo built in SOW_BIN)."""
    path = os.environ.get("SOW_BIN") or shutil.which("sow")
    if not path:
        pytest.skip("no `sow` binary: set SOW_BIN (cargo test does)")
    return path


def pytest_collection_modifyitems(config, items):
    """Tests marked slow run with SOW_SLOW=1 or `-m slow`; otherwise they are skipped."""
    if os.environ.get("SOW_SLOW") == "1" or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: set SOW_SLOW=1 or run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
