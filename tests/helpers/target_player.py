"""The exact final-score distribution of the target player (lesson 8), played forwards.

The package's simulation plays ``simulate(..., target=T)`` with seeded dice; here the same
choices (the objective's plan for each situation: a scorecard and the points scored so far) are
played with every outcome carried by its chance instead, turn by turn from the empty scorecard:
the chance of every (state, points) pair, and after the last turn of every final score.  Its mean
and standard deviation are the exact figures lesson 8 states; the seeded run must lie within a
few of its standard errors (a second, Monte-Carlo, check), and the audit's own solver
(the third lessons audit, lessons-audit-3.md §1.2, written without yacht_edu) found the same.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from yacht_edu.policies import get_strategy
from yacht_edu.rules import get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver import objective_of
from yacht_edu.solver.objective import plan
from yacht_edu.solver.play import turn_ends
from yacht_edu.solver.states import StateSpace, box_rows, chunks
from yacht_edu.solver.turn import pick

__all__ = ["Moments", "final_scores", "moments"]

#: Situations planned at once (a plan holds a few arrays of 252 rows per situation).
CHUNK = 2048
#: More points than a game of Yacht scores (297).
MOST = 320


@functools.cache
def final_scores(target: int, rules: str = "yacht") -> Mapping[int, float]:
    """The chance of every final score of a game played for at least ``target`` points."""
    ruleset = get_rules(rules)
    objective = objective_of(get_strategy("optimal"), ruleset, target=target)
    space = StateSpace.of(ruleset)
    rows = box_rows(ruleset)
    at = np.zeros((space.size, MOST))  # the chance of each (state, points) at a turn's start
    at[space.number_of(Scorecard.empty(ruleset)), 0] = 1.0
    for _ in range(space.number_of_boxes):
        states, points = np.nonzero(at)
        after = np.zeros_like(at)
        for part in chunks(states, CHUNK):
            here, scored = states[part].astype(np.intp), points[part].astype(np.int64)
            turn = plan(objective, here, scored)
            ends = turn_ends(turn.keeps) * at[here, scored]   # hand × situation
            offer = rows.in_states(here)
            gain, following = pick(offer.gain, turn.box_row), pick(offer.next, turn.box_row)
            np.add.at(after, (following, scored[None, :] + gain), ends)
        at = after
    finals = at.sum(axis=0)
    return {int(score): float(chance) for score, chance in enumerate(finals) if chance > 0}


class Moments(NamedTuple):
    mean: float
    sd: float
    total: float  # the chances' sum: 1 but for rounding


def moments(chances: Mapping[int, float]) -> Moments:
    total = math.fsum(chances.values())
    mean = math.fsum(score * chance for score, chance in chances.items()) / total
    square = math.fsum(score * score * chance for score, chance in chances.items()) / total
    return Moments(mean, math.sqrt(square - mean * mean), total)
