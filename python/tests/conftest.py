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
