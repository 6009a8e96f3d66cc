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

import importlib.util
import sys
from typing import Any

from yacht_edu.errors import NeedsLibraryError

__all__ = ["LIBRARIES", "has_numpy", "in_browser", "missing_library", "show_missing_libraries"]

#: The libraries the browser edition may lack: what a cell needing them is told.
LIBRARIES = ("numpy", "matplotlib")


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
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None:
        return False

    def handler(shell: Any, kind: type[BaseException], error: BaseException, traceback: Any,
                tb_offset: int | None = None) -> None:
        said = missing_library(error)
        if said is None:
            shell.showtraceback((kind, error, traceback), tb_offset=tb_offset)
            return
        print(said, file=sys.stderr)

    shell.set_custom_exc((ModuleNotFoundError,), handler)
    return True
