"""Choices ranked best first, and what counts as a tie: pure Python, shared by the numpy solver
(:mod:`yacht_edu.solver.objective`) and the coach that reads the tables shipped in the package
(:mod:`yacht_edu.shipped`), so both rank the same way.

>>> found = [("sixes", ChoiceWorth(150.0, 150.0, 30.0)),
...          ("choice", ChoiceWorth(152.5, 152.5, 29.0)),
...          ("yacht", ChoiceWorth(152.5 - 1e-12, 152.5, 29.0))]
>>> [(r.choice, r.rank, r.loss) for r in rank(found, break_ties_by_expected=False)]
[('choice', 1, 0.0), ('yacht', 1, 0.0), ('sixes', 3, 2.5)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

#: Two values closer than this are a tie: expected scores (float rounding about 1e-13 of a
#: point) and chances alike.  A tie is broken by the objective's second value (a target: the
#: expected final score), then by a fixed order (more dice kept; the later score row).
TIE = 1e-9

ChoiceValue = tuple[int, ...] | str


class ChoiceWorth(NamedTuple):
    """A choice's worth: the objective's value (an expected final score, or a chance), the
    expected final score (NaN for a rule of thumb) and its standard deviation (NaN if unknown)."""

    value: float
    expected: float
    sd: float


def after_filling(gained: int, mean: float, mean_square: float) -> tuple[float, float]:
    """The mean and mean square of the rest of the game once a box gives ``gained`` points,
    from those of the state it leads to: the points shift the final score by ``gained``."""
    return gained + mean, gained * gained + 2 * gained * mean + mean_square


def expected_worth(values: Sequence[float], total: int) -> ChoiceWorth:
    """The worth of a choice after which the rest of the game has mean and mean square
    ``values``, on a card holding ``total`` points: its expected final score, twice (the value
    and the expected score are one for the optimal player), and its standard deviation."""
    future, mean_square = values
    return ChoiceWorth(total + future, total + future,
                       math.sqrt(max(mean_square - future * future, 0.0)))


class Ranked(NamedTuple):
    """A choice in the ranking: its worth, how much of the objective's value it gives up
    against the best (0 for ties), and its rank (1 for the best; equal for ties)."""

    choice: ChoiceValue
    worth: ChoiceWorth
    loss: float
    rank: int
    given_at: int  # its place among the choices given


def clusters(indices: Sequence[int], value: Callable[[int], float]) -> list[list[int]]:
    """``indices`` highest ``value`` first, cut into runs within :data:`TIE` of their first."""
    found: list[list[int]] = []
    for i in sorted(indices, key=lambda i: (-value(i), i)):
        if found and value(found[-1][0]) - value(i) <= TIE:
            found[-1].append(i)
        else:
            found.append([i])
    return found


def rank(found: Sequence[tuple[ChoiceValue, ChoiceWorth]],
         break_ties_by_expected: bool) -> list[Ranked]:
    """The choices best first: by value; values within :data:`TIE` of each other are a tie,
    broken by the expected final score (if ``break_ties_by_expected``, within the same
    tolerance), then by the order given.  Choices tied on every key share a rank; ``loss`` is
    the value given up against the best."""
    groups = clusters(range(len(found)), lambda i: found[i][1].value)
    best = found[groups[0][0]][1].value
    ranked: list[Ranked] = []
    for group in groups:
        ties = (clusters(group, lambda i: found[i][1].expected) if break_ties_by_expected
                else [group])
        for tie in ties:
            rank_here = len(ranked) + 1
            for i in sorted(tie):
                choice, worth = found[i]
                loss = best - worth.value
                ranked.append(Ranked(choice, worth, 0.0 if loss <= TIE else loss, rank_here, i))
    return ranked
