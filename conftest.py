"""Shared by every test, doctest and lesson of one pytest run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session", autouse=True)
def _solver_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Solved tables go to a temporary cache, never to the user's ``~/.cache/yacht_edu``.

    The variable is inherited by the kernels nbval starts, so the lessons share it too.
    """
    from yacht_edu.solver import clear_memory

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("YACHT_EDU_CACHE", str(tmp_path_factory.getbasetemp() / "yacht_edu_cache"))
        clear_memory()
        yield
