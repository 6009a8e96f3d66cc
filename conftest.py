"""Shared by every test, doctest and lesson of one pytest run."""

from __future__ import annotations

import ast
import fnmatch
import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers.examples import FUZZ, FUZZ_FACTOR

_CACHE = "YACHT_EDU_CACHE"
# A wrong answer to a lesson's exercise is an error while the lessons run under nbval, so the
# teacher's edition fails when a worked answer goes wrong (the learner's blanks stay fine).
_STRICT = "YACHT_EDU_STRICT_CHECKS"


# Hypothesis profiles (docs/reliability.md), each from Hypothesis's own defaults.  "dev" (the
# default): new random examples each run, a failure printed with the blob that replays it.
# "ci" (chosen when CI is set, as .ci/run does): the same examples every run, no saved failures
# replayed, no deadline and no too-slow check on a busy machine, so a green commit stays green.
# "fuzz" (HYPOTHESIS_PROFILE=fuzz): twenty times the examples, to look for new bugs.
_DEFAULTS = settings.get_profile("default")
settings.register_profile("dev", _DEFAULTS, print_blob=True)
settings.register_profile("ci", _DEFAULTS, derandomize=True, database=None, deadline=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(FUZZ, _DEFAULTS, max_examples=100 * FUZZ_FACTOR, deadline=None,
                          print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI")
                                                               else "dev"))


def pytest_configure(config: pytest.Config) -> None:
    """Solved tables go to a temporary cache, never to the user's ``~/.cache/yacht_edu``.

    Set before any test or kernel starts, so the kernels nbval starts for the lessons inherit
    it too, and a table solved by one test is reused by the lessons in the same run.
    """
    os.environ.setdefault(_STRICT, "1")
    if _CACHE not in os.environ:
        folder = tempfile.mkdtemp(prefix="yacht_edu_cache_")
        os.environ[_CACHE] = folder
        config.stash[_folder_key] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_folder_key, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
        del os.environ[_CACHE]


_folder_key = pytest.StashKey[str]()


# nbval runs the English lessons of both editions and the Kannada and Urdu learner's editions; the
# other built editions hold the same code (tests/test_lessons_languages.py checks it) and are not
# run again.
collect_ignore_glob = ["notebooks/hi/*", "notebooks/bn/*", "teacher/*/*"]
#: The built learner's editions whose outputs must speak their language: an English sentence in
#: any output fails the cell (tests/helpers/english.py says what counts as one).
SPEAKING_EDITIONS = frozenset({"kn", "ur"})


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A lesson cell of a Kannada or Urdu learner's edition that ran as nbval expects still
    fails when its outputs (nbval keeps them on the item) hold an English sentence."""
    report = yield
    lang = item.path.parent.name
    if (call.when == "call" and report.passed and item.path.suffix == ".ipynb"
            and lang in SPEAKING_EDITIONS
            and item.path.parent.parent == item.config.rootpath / "notebooks"):
        from tests.helpers.english import english_in_outputs

        found = english_in_outputs(getattr(item, "test_outputs", None) or [], lang)
        if found:
            report.outcome = "failed"
            report.longrepr = (f"English in the outputs of {item.path.name}, {item.name}: "
                               + " | ".join(found))
    return report


#: Folders every test of which carries a marker (pytest_collection_modifyitems gives it to each):
#: a run whose ``-m`` deselects every test with that marker does not import them (Playwright,
#: nbformat, the hub's helpers) only to deselect them.
MARKED_FOLDERS = {"tests/browser": "browser", "tests/hub": "hub"}


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """What a run would import only to find nothing in it, or to deselect all of it: a folder of
    :data:`MARKED_FOLDERS` that ``-m`` leaves out, and, for ``--doctest-modules`` (which imports
    every module to look for examples), a module with none (no ``>>>``: a helper of the tests, a
    module of the package without examples).  Test files and conftest.py are collected as ever."""
    marker = {config.rootpath / folder: marker for folder, marker in MARKED_FOLDERS.items()}
    if collection_path in marker:
        return leaves_out(config.option.markexpr, marker[collection_path]) or None
    name = collection_path.name
    if (collection_path.suffix != ".py" or name == "conftest.py"
            or any(fnmatch.fnmatch(name, pattern) for pattern in config.getini("python_files"))):
        return None
    return ">>>" not in collection_path.read_text(encoding="utf-8") or None


def leaves_out(expression: str, marker: str) -> bool:
    """Whether ``-m expression`` deselects every test that carries ``marker``, whatever other
    markers it carries (tests/test_test_loop.py).  An expression this does not read (markers
    with arguments) leaves out nothing."""
    try:
        tree = ast.parse(expression, mode="eval").body
        others = sorted({node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
                        - {marker})
        return not any(truth(tree, {marker: True, **dict(zip(others, values, strict=True))})
                       for values in itertools.product((False, True), repeat=len(others)))
    except (SyntaxError, ValueError):
        return False


def truth(node: ast.expr, marked: dict[str, bool]) -> bool:
    """The value of a marker expression (``and``, ``or``, ``not``, names) for one test."""
    if isinstance(node, ast.Name):
        return marked[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not truth(node.operand, marked)
    if isinstance(node, ast.BoolOp):
        values = [truth(value, marked) for value in node.values]
        return all(values) if isinstance(node.op, ast.And) else any(values)
    raise ValueError(f"not a marker expression: {ast.unparse(node)}")


#: Docstrings whose examples solve a whole rule set (seconds to a minute).
SLOW_DOCTESTS = frozenset({"yacht_edu.solver"})
#: Modules every one of whose examples reads a solved table (the target table: half a minute).
SLOW_DOCTEST_MODULES = frozenset({"yacht_edu/reach.py"})


#: Exercises whose check plays whole games (seconds a call): the generic checks of them are slow.
SLOW_EXERCISES = frozenset({"07.5", "08.5"})


def checks_a_slow_exercise(item: pytest.Item) -> bool:
    task = getattr(getattr(item, "callspec", None), "params", {}).get("task")
    return getattr(task, "id", None) in SLOW_EXERCISES


#: The folder of the real-hub tests: pytest-xdist runs all of them on one worker (one hub at a
#: time: its learners are Unix users), shared by the files that use it.
HUB_TESTS = "tests/hub/"


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist's, when it is installed
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Two workers (``-n 2 --dist loadfile``), a file at a time (a lesson's cells share one
    kernel, a browser file its JupyterLab), and the hub's files together."""
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

    class OneHub(LoadFileScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            scope = str(super()._split_scope(nodeid))
            return HUB_TESTS if scope.startswith(HUB_TESTS) else scope

    return OneHub(config, log)


def is_the_lessons_run(item: pytest.Item) -> bool:
    """A lesson's cell (nbval) or an example of the README: what the lessons' run collects."""
    return item.path.suffix == ".ipynb" or item.path.name == "README.md"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The lessons' run (its cells take a kernel each, with solves inside; the build checks,
    marker ``lessons``) is slow, and so is a real JupyterHub (marker ``hub``): ``-m "not slow"``
    skips them.
    The browser tests last: they are the slowest, and Playwright keeps an event loop running
    in the main thread for the rest of the session."""
    for item in items:
        module = item.path.relative_to(item.config.rootpath).as_posix()
        if is_the_lessons_run(item):
            item.add_marker(pytest.mark.lessons)
        for folder, marker in MARKED_FOLDERS.items():
            if module.startswith(f"{folder}/"):
                item.add_marker(marker)
        if (item.get_closest_marker("lessons") or item.name in SLOW_DOCTESTS
                or module in SLOW_DOCTEST_MODULES or item.get_closest_marker("hub")
                or checks_a_slow_exercise(item)):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.fixture(autouse=True)
def _lenient_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unit tests feed ``check`` wrong answers on purpose: there it answers, never raises."""
    monkeypatch.delenv(_STRICT, raising=False)


@pytest.fixture
def solver_cache() -> Path:
    """The folder where this test run's solved tables are saved."""
    return Path(os.environ[_CACHE])


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A learner's own solver cache of the test's: no shared folder, no system one, no tables
    shipped in the package, nothing in memory, so a test sees exactly what it solves and saves
    itself."""
    from yacht_edu import shipped
    from yacht_edu.solver import cache
    from yacht_edu.solver.cache import clear_memory

    monkeypatch.setenv(_CACHE, str(tmp_path / "own"))
    monkeypatch.delenv("YACHT_EDU_SHARED_CACHE", raising=False)
    monkeypatch.setattr(cache, "SYSTEM_CACHE", tmp_path / "no-system-cache")
    monkeypatch.setattr(shipped, "FOLDER", tmp_path / "no-shipped-tables")
    clear_memory()
    yield tmp_path / "own"
    clear_memory()


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rule sets solved (not loaded) during the test."""
    import yacht_edu.solver as solver
    from yacht_edu.solver.backward import solve_layers as original

    seen: list[str] = []

    def counting(space: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(space.rules.name)
        return original(space, *args, **kwargs)

    monkeypatch.setattr(solver, "solve_layers", counting)
    return seen
