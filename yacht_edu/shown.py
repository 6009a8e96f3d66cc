"""How the model and the mathematics are shown: the one way they reach a face of ``display/``.

Five dice, a game, an advice or a fairness test show themselves (``_repr_html_``, ``__str__``,
their words), but what draws them lives above them, in :mod:`yacht_edu.display`: data flows
faces → mathematics → model, so the model and the mathematics never import a face when they
are imported.  Each asks :func:`shown_by` instead, which imports the face the first time
something is shown::

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.coach", "advice_html")

The face's module is written out in full, so a reader sees where it goes, and so does the import
graph of ``tests/test_imports.py``.  Pure Python, the standard library only.
"""

from __future__ import annotations

from importlib import import_module
from typing import cast

__all__ = ["shown_by"]


def shown_by(value: object, module: str, face: str, *more: object) -> str:
    """``value`` drawn by the function ``face`` of ``module`` (imported now if it was not), with
    ``more`` arguments after it: ``shown_by(choice, "yacht_edu.display.words", "choice_label",
    lang)`` is ``choice_label(choice, lang)``."""
    return cast(str, getattr(import_module(module), face)(value, *more))
