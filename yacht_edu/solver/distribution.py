"""The exact distribution of the final score under optimal play (``yacht``, ``yacht_sum4``).

The exact solve (:mod:`yacht_edu.solver.exact`) says, for every state and hand, which keep and
which box the optimal player chooses.  Playing those choices *forwards* from the empty
scorecard, a turn at a time, carries the chance of every (state, points so far) pair to the
next layer; after the last turn only the points remain: the chance of every final score.

Its mean and variance are the exact solve's expected score and variance, computed the other
way round — a check the tests make.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from yacht_edu.i18n import t
from yacht_edu.rules import Rules
from yacht_edu.shown import shown_by
from yacht_edu.solver.exact import ExactSolution, turn_denominator
from yacht_edu.solver.play import turn_ends
from yacht_edu.solver.states import box_rows
from yacht_edu.solver.workers import Progress, counted

if TYPE_CHECKING:
    import sympy


@dataclass(frozen=True, eq=False)
class ScoreDistribution(Mapping[int, "sympy.Rational"]):
    """The chance of every final score: ``dist[score]`` is a ``sympy.Rational`` (0 if absent).

    ``numerators[score] / denominator`` without sympy, for fast sums.
    """

    rules: Rules
    numerators: Mapping[int, int]
    denominator: int

    def __getitem__(self, score: int) -> sympy.Rational:
        return _rational(self.numerators.get(score, 0), self.denominator)

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(self.numerators))

    def __len__(self) -> int:
        return len(self.numerators)

    def fraction(self, score: int) -> Fraction:
        return Fraction(self.numerators.get(score, 0), self.denominator)

    @property
    def mean(self) -> sympy.Rational:
        """The expected final score, exactly."""
        total = sum(score * n for score, n in self.numerators.items())
        return _rational(total, self.denominator)

    @property
    def variance(self) -> sympy.Rational:
        square = sum(score * score * n for score, n in self.numerators.items())
        return _rational(square, self.denominator) - self.mean**2

    @property
    def sd(self) -> float:
        return math.sqrt(float(self.variance))

    def at_least(self, score: int) -> sympy.Rational:
        """The chance of a final score of ``score`` or more."""
        total = sum(n for s, n in self.numerators.items() if s >= score)
        return _rational(total, self.denominator)

    def __str__(self) -> str:
        """What a learner reads, in the session's language (``repr()`` is Python's)."""
        return shown_by(self, "yacht_edu.display.plain", "distribution_text")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def __repr__(self) -> str:
        return (f"ScoreDistribution({self.rules.name}: {len(self)} scores from {min(self)} to "
                f"{max(self)}, mean {float(self.mean):.4f}, sd {self.sd:.4f})")


def _rational(numerator: int, denominator: int) -> sympy.Rational:
    """``numerator / denominator`` as a ``sympy.Rational`` (sympy imported at the first use)."""
    import sympy

    return sympy.Rational(numerator, denominator)


def final_hand_chances(solution: ExactSolution, state: int) -> npt.NDArray[Any]:
    """The chance of each hand (numerators over 6 ** 15) at the end of a turn played
    optimally from ``state``: the forward pass of :func:`~yacht_edu.solver.play.turn_ends`."""
    keeps = tuple(keep[state][:, None] for keep in solution.keeps)
    return turn_ends(keeps, exact=True)[:, 0]


def score_distribution_of(solution: ExactSolution,
                          progress: Progress | None = None) -> ScoreDistribution:
    """Play the exact solution forwards from the empty scorecard (see the module)."""
    space = solution.space
    rows = box_rows(solution.rules)
    # state -> (lowest score so far, numerators of the chances of each score from there)
    layer: dict[int, tuple[int, npt.NDArray[Any]]] = {0: (0, np.array([1], dtype=object))}
    with counted(progress, space.number_of_boxes, t("cache.progress_distribution")) as advance:
        for _ in range(space.number_of_boxes):
            following: dict[int, list[tuple[int, npt.NDArray[Any]]]] = {}
            for state, (low, chances) in layer.items():
                on_rows = np.zeros(rows.rows, dtype=object)
                np.add.at(on_rows, solution.box_row[state].astype(np.intp),
                          final_hand_chances(solution, state))
                offer = rows.in_states(np.array([state]))
                for row in np.flatnonzero(on_rows):
                    following.setdefault(int(offer.next[row, 0]), []).append(
                        (low + int(offer.gain[row, 0]), chances * on_rows[row]))
            layer = {state: _combine(parts) for state, parts in following.items()}
            advance(1)
    ((low, chances),) = layer.values()
    numerators = {low + i: int(n) for i, n in enumerate(chances) if n}
    return ScoreDistribution(solution.rules, numerators,
                             turn_denominator(solution.rules) ** space.number_of_boxes)


def _combine(parts: list[tuple[int, npt.NDArray[Any]]]) -> tuple[int, npt.NDArray[Any]]:
    """Add chance vectors that start at different scores."""
    low = min(start for start, _ in parts)
    high = max(start + len(chances) for start, chances in parts)
    total = np.zeros(high - low, dtype=object)
    for start, chances in parts:
        total[start - low:start - low + len(chances)] += chances
    return low, total
