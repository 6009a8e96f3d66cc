"""The browser edition: the lessons in JupyterLite, Python running in the page (Pyodide).

Two halves.  The site is built by ``python -m yacht_edu.lite build DIR`` and served by
``python -m yacht_edu.lite serve DIR`` (:mod:`yacht_edu.lite.site`, :mod:`yacht_edu.lite.serve`;
docs/classroom.md).  This module is the other half, what the package does when it finds itself
in the browser, or in any Python without numpy:

- the model, the board, "My chances", every exact chance (sympy) and the coach for the built-in
  rule sets (from the tables shipped in the package, :mod:`yacht_edu.shipped`) work as anywhere;
- what needs numpy or matplotlib (a new rule set's solve, a simulation, a plot) raises
  :class:`~yacht_edu.errors.NeedsLibraryError`, whose message says so and what to do in the
  learner's language; in the browser's kernel a cell that fails for want of either (a lesson's
  own ``import numpy``) shows the same message instead of a traceback
  (:func:`show_missing_libraries`), and the learner goes on with the next cell.

This module imports nothing beyond the standard library and the package's own words.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

from yacht_edu.errors import NeedsLibraryError
from yacht_edu.i18n import t

__all__ = ["has_numpy", "in_browser", "missing_library", "run_lessons", "show_missing_libraries"]

#: The libraries the browser edition may lack: what a cell needing them is told.
LIBRARIES = ("numpy", "matplotlib")

#: The modules that import without numpy and matplotlib, and must stay so: what the browser
#: edition runs (``tests/test_without_numpy.py`` imports each with both blocked).  Any other
#: module may import numpy at its top; these import it inside a function, if at all.
NUMPY_FREE = (
    # the model
    "yacht_edu", "yacht_edu.dice", "yacht_edu.rules", "yacht_edu.scorecard", "yacht_edu.game",
    "yacht_edu.events", "yacht_edu.saved", "yacht_edu.errors", "yacht_edu.checks",
    "yacht_edu.i18n", "yacht_edu.hands", "yacht_edu.custom", "yacht_edu.policies",
    "yacht_edu.guard", "yacht_edu.shown",
    # the exact chances, and the coach from the tables shipped in the package
    "yacht_edu.probability", "yacht_edu.probability.one_roll", "yacht_edu.probability.turn",
    "yacht_edu.probability.kind_chain", "yacht_edu.probability.table",
    "yacht_edu.probability.waiting", "yacht_edu.probability.fairness",
    "yacht_edu.probability.tally",
    "yacht_edu.ranking", "yacht_edu.expected", "yacht_edu.shipped", "yacht_edu.shipped.turn",
    "yacht_edu.situation", "yacht_edu.coach",
    # the faces: the board with its panels, the words and numbers shown
    "yacht_edu.display", "yacht_edu.display.coach", "yacht_edu.display.plain",
    "yacht_edu.display.words",
    "yacht_edu.widgets", "yacht_edu.widgets.board", "yacht_edu.widgets.panels",
    "yacht_edu.widgets.state", "yacht_edu.widgets.classview", "yacht_edu.widgets.tally",
    # the lessons' checks of lessons 1 to 4, 9 and 10, the class service's sender, the browser
    # edition
    "yacht_edu.lessons", "yacht_edu.lessons.lesson01", "yacht_edu.lessons.lesson02",
    "yacht_edu.lessons.lesson03", "yacht_edu.lessons.lesson04", "yacht_edu.lessons.lesson09",
    "yacht_edu.lessons.lesson10", "yacht_edu.sender",
    "yacht_edu.lite", "yacht_edu.lite.serve", "yacht_edu.lite.site",
)


def in_browser() -> bool:
    """Whether this Python runs in a web page (Pyodide: no processes, no threads, no signals)."""
    return sys.platform == "emscripten"


def has_numpy() -> bool:
    """Whether numpy can be imported here."""
    try:
        return importlib.util.find_spec("numpy") is not None
    except (ImportError, ValueError):
        return False


def missing_library(error: BaseException) -> NeedsLibraryError | None:
    """The package's error for an import that failed for want of numpy or matplotlib (else
    None): ``raise missing_library(error) or error``."""
    if isinstance(error, NeedsLibraryError):
        return error
    if not isinstance(error, ModuleNotFoundError) or not error.name:
        return None
    library = error.name.split(".")[0]
    return NeedsLibraryError(library=library) if library in LIBRARIES else None


def show_missing_libraries() -> bool:
    """In an IPython kernel: a cell that fails for want of numpy or matplotlib shows the
    package's message (what is missing and what to do) instead of a traceback.  True if set."""
    if "IPython" not in sys.modules:  # no kernel here (and importing IPython costs seconds)
        return False
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return False

    missed: list[str] = []  # the libraries cells of this session have needed

    def handler(shell: Any, kind: type[BaseException], error: BaseException, traceback: Any,
                tb_offset: int | None = None) -> None:
        said = missing_library(error) or after_missing(error, missed)
        if said is None:
            shell.showtraceback((kind, error, traceback), tb_offset=tb_offset)
            return
        if isinstance(said, NeedsLibraryError):
            missed.append(said.name or "")
        print(said, file=sys.stderr)

    shell.set_custom_exc((ModuleNotFoundError, NameError), handler)
    return True


def after_missing(error: BaseException, missed: list[str]) -> str | None:
    """What to say of a name a cell uses that an earlier cell could not make, for want of the
    last of the libraries in ``missed`` (in the learner's language); None for any other error,
    or when no cell has missed a library (a name the learner mistyped keeps Python's traceback)."""
    if not isinstance(error, NameError) or not missed:
        return None
    return t("lite.error.after_missing", name=error.name or "", library=missed[-1])


class CellRun(NamedTuple):
    """What one code cell of a lesson did: ``"ran"``, ``"needs"`` (``detail``: the library it
    said it needs), ``"follows"`` (it uses a name an earlier cell could not make, and says so:
    ``detail``, the library that cell needed) or ``"failed"`` (``detail``: the error); in how
    many seconds."""

    cell: int
    outcome: str
    detail: str = ""
    seconds: float = 0.0


def run_lessons(folder: str | Path, names: list[str] | None = None) -> dict[str, list[CellRun]]:
    """Run every code cell of each lesson in ``folder`` (default: every ``.ipynb`` there) in
    this IPython kernel, a fresh namespace per lesson, nothing shown: what each cell did.

    For a teacher who wants to know what works in a browser edition (in a scratch notebook:
    ``run_lessons("/drive")``), and for its test.  The namespace is emptied before each lesson.
    """
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        raise RuntimeError("run_lessons runs in an IPython kernel")
    found: dict[str, list[CellRun]] = {}
    for path in sorted(Path(folder).glob("*.ipynb")):
        if names is not None and path.name not in names:
            continue
        cells = [cell for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
                 if cell["cell_type"] == "code"]
        shell.reset(new_session=False)
        missed: list[str] = []
        found[path.name] = [run_cell(shell, at, "".join(cell["source"]), missed)
                            for at, cell in enumerate(cells)]
    shell.reset(new_session=False)
    return found


def run_cell(shell: Any, at: int, source: str, missed: list[str]) -> CellRun:
    """One cell run silently in ``shell``: what it did (``missed``: the libraries the lesson's
    cells before it needed, to which this adds the one it needs)."""
    said = io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        result = shell.run_cell(source, store_history=False, silent=True)
    seconds = round(time.perf_counter() - started, 3)
    error = result.error_in_exec or result.error_before_exec
    if error is None:
        return CellRun(at, "ran", "", seconds)
    needs = missing_library(error)
    if needs is not None:
        missed.append(needs.name or "")
        return CellRun(at, "needs", needs.name or "", seconds)
    if after_missing(error, missed) is not None:
        return CellRun(at, "follows", missed[-1], seconds)
    return CellRun(at, "failed", f"{type(error).__name__}: {error}"[:200], seconds)
