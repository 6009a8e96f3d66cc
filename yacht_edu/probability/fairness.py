"""Is this die fair?  The chi-square test of a class's counts, exactly and by simulation.

A fair die shows each face with chance 1/6, so in ``n`` rolls each face is *expected*
``E = n/6`` times.  The chi-square statistic adds up how far the counts ``O`` stray from it:

    X² = Σ (O − E)² / E        (an exact fraction here)

With six faces it has 5 degrees of freedom, and for a fair die and enough rolls
P(X² ≥ x) = erfc(√(x/2)) + √(2x/π) · e^(−x/2) · (1 + x/3), the p-value, exactly.  The same
p-value by simulation: roll a fair die ``n`` times again and again, and count how often the
statistic is at least as large as the class's.

>>> result = fairness([8, 9, 12, 11, 6, 14])   # 60 rolls of a classroom die
>>> result.statistic, result.degrees_of_freedom
(21/5, 5)
>>> result.p_value
erfc(sqrt(210)/10) + 12*sqrt(210)*exp(-21/10)/(25*sqrt(pi))
>>> round(result.p_value_float, 4)
0.521
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import sympy
from sympy import Expr, Rational

from yacht_edu.checks import check_seed, faces, items, whole_number
from yacht_edu.dice import FACES
from yacht_edu.errors import InvalidDiceError, RuleError
from yacht_edu.i18n import Given, t
from yacht_edu.shown import shown_by

if TYPE_CHECKING:  # numpy only where fair dice are simulated: the statistic needs none
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "DEGREES_OF_FREEDOM",
    "BadCountsError",
    "FairnessTest",
    "FewRollsWarning",
    "chi_square",
    "chi_square_tail",
    "face_counts",
    "fairness",
    "simulated_statistics",
]

#: Six faces, one constraint (the counts add up to the rolls).
DEGREES_OF_FREEDOM = len(FACES) - 1
#: The test means little when a face is expected fewer times than this.
LEAST_EXPECTED = 5
#: The largest count of one face a tally or a fairness test takes.
MOST_TALLIED_ROLLS = 10**9
#: The most simulated classes a fairness test takes.
MOST_SIMULATIONS = 1_000_000


class BadCountsError(RuleError):
    """Counts of a die's faces that cannot be tested (not six, negative, not whole, none)."""

    default_msgid = "fairness.error.faces"


class FewRollsWarning(UserWarning):
    """Too few rolls for the chi-square p-value to mean much: trust the simulation instead."""


def face_counts(rolled: Iterable[int]) -> tuple[int, ...]:
    """How many times each face 1..6 appears among ``rolled`` faces (read as dice are)."""
    try:
        values = faces(rolled)
    except InvalidDiceError as wrong:
        raise BadCountsError(wrong.msgid, **wrong.params) from None
    return tuple(values.count(face) for face in FACES)


def checked_counts(counts: Sequence[int] | Mapping[int, int], *,
                   allow_none: bool = False) -> tuple[int, ...]:
    """Six whole, non-negative counts (a sequence for faces 1..6 or a mapping face → count);
    all zero only with ``allow_none``."""
    if isinstance(counts, Mapping):
        if not set(counts) <= set(FACES):
            raise BadCountsError(count=len(counts))
        counts = [counts.get(face, 0) for face in FACES]
    values = items(counts, BadCountsError, "fairness.error.not_counts")
    if len(values) != len(FACES):
        raise BadCountsError(count=len(values))
    numbers = tuple(whole_number(value) for value in values)
    for value, number in zip(values, numbers, strict=True):
        if number is None or not 0 <= number <= MOST_TALLIED_ROLLS:
            raise BadCountsError("fairness.error.count", value=Given(value))
    if sum(n or 0 for n in numbers) == 0 and not allow_none:
        raise BadCountsError("fairness.error.no_rolls")
    return tuple(n or 0 for n in numbers)


def chi_square(counts: Sequence[int]) -> Rational:
    """Σ (O − E)² / E with E = rolls/6, as an exact fraction."""
    rolls = sum(counts)
    expected = Rational(rolls, len(counts))
    total: Rational = sum(((count - expected) ** 2 / expected for count in counts), Rational(0))
    return total


def chi_square_tail(x: Expr | int) -> Expr:
    """P(X² ≥ x) for 5 degrees of freedom, in closed form:
    erfc(√(x/2)) + √(2x/π) · e^(−x/2) · (1 + x/3)."""
    x = sympy.sympify(x)
    return sympy.erfc(sympy.sqrt(x / 2)) + sympy.sqrt(2 * x / sympy.pi) * sympy.exp(-x / 2) * (
        1 + x / 3)


def simulated_statistics(rolls: int, simulations: int, seed: int) -> npt.NDArray[Any]:
    """``rolls`` · X² of ``simulations`` classes each rolling a fair die ``rolls`` times
    (whole numbers, so that comparing with the class's statistic is exact).

    Worked out as Σ (6·O − rolls)² / 6, which equals 6·Σ O² − rolls²: each square is that of a
    count's distance from what is expected, small enough for 64-bit integers even at
    :data:`MOST_TALLIED_ROLLS` of each face; a class too far from it for them (none ever is) is
    worked out in Python's whole numbers.
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    counts = rng.multinomial(rolls, [1 / 6] * 6, size=simulations)
    away = len(FACES) * counts.astype(np.int64) - rolls
    if np.abs(away).max(initial=0) >= 2**30:
        away = away.astype(object)
    scaled: npt.NDArray[Any] = (away**2).sum(axis=1) // len(FACES)
    return scaled


@dataclass(frozen=True)
class FairnessTest:
    """The chi-square test of a die's counts: the statistic, its exact and simulated p-values.

    ``reliable`` is False when a face is expected fewer than 5 times: the chi-square p-value
    then means little, and the simulated one is the one to read.
    """

    counts: tuple[int, ...]
    statistic: Rational
    degrees_of_freedom: int
    p_value: Expr
    p_value_float: float
    simulated_p_value: float
    simulations: int
    seed: int
    simulated: npt.NDArray[np.float64] = field(repr=False, compare=False)

    @property
    def rolls(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> Rational:
        """How many times a fair die shows each face in this many rolls."""
        return Rational(self.rolls, len(self.counts))

    @property
    def reliable(self) -> bool:
        return bool(self.expected >= LEAST_EXPECTED)

    @property
    def least_rolls(self) -> int:
        """The fewest rolls for a reliable test: each face expected :data:`LEAST_EXPECTED`
        times."""
        return LEAST_EXPECTED * len(self.counts)

    @property
    def simulated_error(self) -> float:
        """The standard error of the simulated p-value."""
        p = self.simulated_p_value
        return math.sqrt(p * (1 - p) / self.simulations)

    def __str__(self) -> str:
        """What a learner reads, in the session's language (``repr()`` is Python's)."""
        return shown_by(self, "yacht_edu.display.explain", "fairness_summary")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def __repr__(self) -> str:
        return (f"FairnessTest(counts={self.counts}, rolls={self.rolls}, "
                f"chi_square={self.statistic} ≈ {float(self.statistic):.4f}, "
                f"dof={self.degrees_of_freedom}, p={self.p_value_float:.4f}, simulated "
                f"p={self.simulated_p_value:.4f} ± {self.simulated_error:.4f}"
                f"{'' if self.reliable else ', too few rolls'})")


def fairness(counts: Sequence[int] | Mapping[int, int], *, simulations: int = 10_000,
             seed: int = 0) -> FairnessTest:
    """Test whether a die is fair from how many times each face came up.

    ``counts``: six counts for faces 1..6 (or a mapping face → count; a sequence of rolled
    faces goes through :func:`face_counts` first).  ``simulations`` classes of fair dice are
    rolled with numpy's ``default_rng(seed)`` for the simulated p-value.  With fewer than 30
    rolls a :class:`FewRollsWarning` says the chi-square p-value means little; the simulation
    is still there.
    """
    checked = checked_counts(counts)
    if whole_number(simulations) not in range(1, MOST_SIMULATIONS + 1):
        raise BadCountsError("fairness.error.simulations", value=Given(simulations))
    check_seed(seed)
    statistic = chi_square(checked)
    exact = chi_square_tail(statistic)
    rolls = sum(checked)
    scaled = simulated_statistics(rolls, simulations, seed)
    observed = len(FACES) * sum(c * c for c in checked) - rolls**2
    result = FairnessTest(checked, statistic, DEGREES_OF_FREEDOM, exact, float(exact.evalf(30)),
                          float((scaled >= observed).mean()), simulations, seed,
                          (scaled / rolls).astype(float))
    if not result.reliable:
        warnings.warn(t("fairness.few_rolls", None, least=result.least_rolls),
                      FewRollsWarning, stacklevel=2)
    return result
