"""Fixtures shared by the unit tests (the root ``conftest.py`` sets the temporary solver cache)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture
def solver_cache() -> Path:
    """The folder where this test run's solved tables are saved."""
    return Path(os.environ["YACHT_EDU_CACHE"])
