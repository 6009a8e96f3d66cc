"""The exact solve of ``yacht`` and ``yacht_sum4``: every value a fraction, no rounding at all.

The float solve and this one run the very same functions (:mod:`yacht_edu.solver.backward`);
here the numpy arrays hold Python integers.  Every chance in a turn is a whole number of
6 ** 5-ths per roll, so a turn's values are whole numbers over 6 ** 15, and a state with ``k``
turns to go has values that are whole numbers over ``6 ** (15 * k)``: the solver keeps the
numerators, as integers of a few hundred digits.

The 4,096 states of Yacht take a few seconds.  Yahtzee's 359,424 states would take a hundred
times longer, and the saved policy (three choices for each of 252 hands in each state) would
not fit a cache file: Yahtzee is left to the float solve, which agrees with this one to about
1e-13 on Yacht at every state (see the tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from yacht_edu.errors import RuleError
from yacht_edu.rules import Rules
from yacht_edu.solver.backward import ChunkSolver, hand_worth, solve_layers
from yacht_edu.solver.states import BoxRows, StateSpace, box_rows
from yacht_edu.solver.turn import plan_turn
from yacht_edu.solver.workers import Progress

#: The denominator of one turn's chances: three rolls of at most five dice, 6 ** 15.
TURN_DENOMINATOR = 6**15


def turn_denominator(rules: Rules) -> int:
    """The denominator of one turn's chances: 6 ** 5 per roll (6 ** 15 for three rolls)."""
    denominator: int = 6 ** (5 * rules.rolls)
    return denominator


@dataclass(frozen=True, eq=False)
class ExactSolution:
    """The exact solve: numerators of every state's worth, and the optimal policy.

    ``mean[s] / denominator(s)`` is the expected number of points still to come in state ``s``,
    ``mean_square[s] / denominator(s)`` their mean square.  ``box_row[s, h]`` is the score row
    chosen for hand ``h`` after the last roll, ``keeps[r][s, h]`` the keep (an index in
    :data:`~yacht_edu.hands.KEEPS`) chosen with ``r + 1`` rolls still to come (as in
    :class:`~yacht_edu.solver.turn.TurnPlan`).
    """

    rules: Rules
    mean: npt.NDArray[Any]
    mean_square: npt.NDArray[Any]
    box_row: npt.NDArray[np.int16]
    keeps: tuple[npt.NDArray[np.int16], ...]

    @property
    def space(self) -> StateSpace:
        return StateSpace.of(self.rules)

    def denominator(self, state: int) -> int:
        """``6 ** (15 × turns left)`` (with three rolls) for the state numbered ``state``."""
        filled = int(self.space.unpack(state)[0])
        turns_left: int = self.space.number_of_boxes - filled.bit_count()
        return int(turn_denominator(self.rules) ** turns_left)


def solve_exact(rules: Rules, progress: Progress | None = None) -> ExactSolution:
    """Solve a rule set without bonuses exactly (``yacht``, ``yacht_sum4``)."""
    if rules.has_upper_bonus or rules.has_yahtzee_bonus:
        raise RuleError("solver.error.exact_needs_no_bonus", rules=repr(rules),
                        name=repr(rules.name))
    space = StateSpace.of(rules)
    rows = box_rows(rules)
    shape = (space.size, 252)
    policy = [np.full(shape, -1, dtype=np.int16) for _ in range(rules.rolls)]
    mean, mean_square = solve_layers(space, rows, progress=progress,
                                     solve_chunk=_exact_chunk(space, rows, policy), exact=True)
    return ExactSolution(rules, mean, mean_square, policy[0], tuple(policy[1:]))


def _exact_chunk(space: StateSpace, rows: BoxRows,
                 policy: list[npt.NDArray[np.int16]]) -> ChunkSolver:
    def work(states: npt.NDArray[np.intp], mean: npt.NDArray[Any], mean_square: npt.NDArray[Any],
             filled: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
        # the next layer's denominator
        scale = turn_denominator(space.rules) ** (space.number_of_boxes - filled - 1)
        worth, squares, box_row = hand_worth(rows, states, mean, mean_square, scale)
        plan = plan_turn((worth, squares), box_row, space.rules.rolls)
        for table, chosen in zip(policy, (box_row, *plan.keeps), strict=True):
            table[states] = chosen.T
        return plan.worth[0], plan.worth[1]

    return work
