"""An expected final score under optimal play, with its standard deviation: what
:func:`yacht_edu.optimal_expected_score` gives, from the numpy solver (:mod:`yacht_edu.solver`)
or, where numpy is missing, from the tables shipped in the package (:mod:`yacht_edu.shipped`).

Pure Python: it imports nothing beyond the standard library and :func:`~yacht_edu.shown.shown_by`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from yacht_edu.shown import shown_by

if TYPE_CHECKING:
    import sympy

__all__ = ["Expected"]


@dataclass(frozen=True)
class Expected:
    """An expected final score under optimal play, with its standard deviation.

    With ``exact=True`` the mean and the variance are ``sympy.Rational``; the standard
    deviation is a float (the square root of a rational is rarely rational).
    """

    mean: float | sympy.Rational
    sd: float
    variance: float | sympy.Rational = field(repr=False, default=math.nan)

    def __str__(self) -> str:
        """What a learner reads, in the session's language (``repr()`` is Python's)."""
        return shown_by(self, "yacht_edu.display.plain", "expected_text")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def __repr__(self) -> str:
        mean = self.mean if isinstance(self.mean, float) else f"{self.mean} ≈ {float(self.mean)}"
        return f"Expected(mean={mean}, sd={self.sd})"
