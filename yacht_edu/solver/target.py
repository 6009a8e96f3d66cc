"""The best chance to reach a target: play to win instead of playing for the highest average.

The expected-score solver (:mod:`yacht_edu.solver.backward`) gives each state one number, the
points still to come on average.  Here a state gets a whole column of numbers, one per *need*:
``chance[state, need]`` is the highest probability, over all strategies, of scoring at least
``need`` more points from ``state``.  A need of 0 or less is met already (chance 1); a need
above the most the open boxes can still give is hopeless (chance 0).

A turn is worked out by the same kernel as the expected score
(:func:`~yacht_edu.solver.turn.plan_turn`), with one column per (state, need) instead of one per
state, and the layers by the same driver (:func:`~yacht_edu.solver.workers.run_layers`):
:func:`hand_reach_chances` ends the turn with each hand, scored in the box that leaves the best
chance: the box adds its points, and the need that remains is looked up in the next state.

Among choices with the same chance (a target already certain, or out of reach), the target
player takes the one with the highest expected final score (:func:`target_plan`), so it plays
on for points rather than giving them away.

Every strategy's chance is a mixture of these, so the maximum at each step is the best chance.

Only ``yacht`` and ``yacht_sum4`` are offered: their state is just the set of filled boxes
(4,096 states).  ``yahtzee``'s upper subtotal and yahtzee bonus make a million states times
some 1,500 needs, too much for a teaching machine.

>>> table = solve_target("yacht")
>>> round(table.reach(Scorecard.empty("yacht"), 200), 4)   # 200 points in a whole game
0.2181
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from yacht_edu.checks import whole_number
from yacht_edu.errors import RuleError
from yacht_edu.i18n import Given
from yacht_edu.rules import BUILT_IN, ROLLS, Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver import cache
from yacht_edu.solver.backward import best_over_boxes, best_rows_then, open_rows
from yacht_edu.solver.states import BoxRows, StateSpace, box_rows
from yacht_edu.solver.turn import pick_each, plan_turn
from yacht_edu.solver.workers import Array, Ints, Progress, check_progress, processors, run_layers


def offers_target(rules: Rules) -> bool:
    """Whether a rule set's target table can be solved: its state is its filled boxes alone
    (no bonus) and its turn three rolls (the target's advice reads three)."""
    return not (rules.has_upper_bonus or rules.has_yahtzee_bonus) and rules.rolls == ROLLS


#: The built-in rule sets whose target table can be solved.
TARGET_RULES = tuple(name for name, rules in BUILT_IN.items() if offers_target(rules))

#: (state, need) columns worked out together: large enough for numpy, small enough for the
#: processor's cache.
COLUMNS = 2048


class BadTargetError(RuleError):
    """A target or a points total that is not a whole number of points."""

    default_msgid = "target.error.target"


def check_target(value: object, name: str = "target") -> int:
    """``value`` as a whole number of points (``name``: what it is, for the message)."""
    number = whole_number(value)
    if number is None:
        raise BadTargetError(name=name, value=Given(value))
    return number


class NotOfferedError(RuleError):
    """The chance to reach a target is not offered for this rule set."""

    default_msgid = "target.error.not_offered"


@dataclass(frozen=True, eq=False)
class TargetTable:
    """A solved rule set: ``chance[state, need]`` for every state and need ``0 ..  most + 1``
    (the last column is 0: more than the whole game can give)."""

    rules: Rules
    chance: npt.NDArray[np.float64]

    @property
    def space(self) -> StateSpace:
        return StateSpace.of(self.rules)

    @property
    def most(self) -> int:
        """The most points a whole game can give."""
        return int(self.chance.shape[1]) - 2

    def need_chance(self, state: int, need: int) -> float:
        """The best chance to score at least ``need`` more points from ``state``."""
        return float(self.chance[state, min(max(need, 0), self.most + 1)])

    def reach(self, card: Scorecard, target: int, points: int | None = None) -> float:
        """The best chance that the game ends with at least ``target`` points, from ``card``
        with ``points`` scored so far (default: the card's total)."""
        scored = card.total if points is None else points
        return self.need_chance(self.space.number_of(card), target - scored)


def check_offered(rules: Rules) -> None:
    """Refuse a rule set whose state is more than its filled boxes (:data:`TARGET_RULES`), or
    whose turn is not three rolls (the target's advice reads three)."""
    if not offers_target(rules):
        offered = [get_rules(name).label() for name in TARGET_RULES]
        raise NotOfferedError(rules=rules.label(), offered=", ".join(offered))


@functools.cache
def box_most(rules: Rules) -> npt.NDArray[np.int64]:
    """The most points each box can hold."""
    rows = box_rows(rules)
    most = np.zeros(StateSpace.of(rules).number_of_boxes, dtype=np.int64)
    np.maximum.at(most, rows.row_box, rows.row_points)
    return most


def most_to_come(rules: Rules, states: Ints) -> npt.NDArray[np.int64]:
    """The most points the open boxes of each state can still give."""
    filled = StateSpace.of(rules).unpack(states)[0]
    bits = (filled[:, None] >> np.arange(len(box_most(rules)))) & 1
    most: npt.NDArray[np.int64] = (1 - bits) @ box_most(rules)
    return most


# -- one turn, for (state, need) columns ---------------------------------------------------------


def row_chances(rows: BoxRows, states: Ints, needs: npt.NDArray[np.int64],
                chance: Array) -> tuple[Array, Ints]:
    """Each score row's chance (-1 where its box is closed): shape (rows used, columns), and
    the rows used (those of the boxes open in some state).

    ``needs`` has shape (1, n) — every state with each of ``n`` needs, the columns of the first
    state first — or (states, 1) — one need per state, a column each.
    """
    used = open_rows(rows, states)
    offer = rows.in_states(states, used)
    last = chance.shape[1] - 1
    left = np.clip(needs[None, :, :] - offer.gain[:, :, None], 0, last)
    by_row = chance[offer.next[:, :, None], left]
    by_row[~offer.allowed] = -1.0  # a closed box is never chosen
    return by_row.reshape(len(used), -1), used


def hand_reach_chances(rows: BoxRows, states: Ints, needs: npt.NDArray[np.int64],
                       chance: Array) -> Array:
    """End the turn with each hand in its best box: shape (252, columns); ``needs`` as for
    :func:`row_chances`."""
    by_row, used = row_chances(rows, states, needs, chance)
    return best_over_boxes(rows, by_row, used)


def target_hands(table: TargetTable, states: Ints, needs: npt.NDArray[np.int64],
                 mean: Array) -> tuple[tuple[Array, Array], Ints]:
    """End the turn for each (state, need) pair: each hand's chance and expected points to come
    in the box the target player chooses (the best chance; among equal chances the most
    expected points — ``mean``: each state's points still to come, from the expected-score
    solve), and the row chosen."""
    rows = box_rows(table.rules)
    last = table.chance.shape[1] - 1
    by_row, used = row_chances(rows, states, np.clip(needs, 0, last)[:, None], table.chance)
    offer = rows.in_states(states, used)
    with np.errstate(invalid="ignore"):  # closed rows may lead to unreachable states
        points = offer.gain + mean.take(offer.next)
    chosen = best_rows_then(rows, by_row, points, used, by_row >= 0)  # a closed box holds -1
    chance, expected = pick_each((by_row, points), chosen)
    return (chance, expected), used[chosen]


def solve_chunk(rows: BoxRows, states: Ints, top: int, chance: Array) -> None:
    """Fill ``chance[states, 1 .. top]`` (the states' later states are solved already)."""
    needs = np.arange(1, top + 1, dtype=np.int64)[None, :]
    plan = plan_turn((hand_reach_chances(rows, states, needs, chance),), None,
                     rows.space.rules.rolls, choose=None)
    chance[states, 1:top + 1] = np.clip(plan.worth[0].reshape(len(states), top), 0.0, 1.0)


def chunks_of(states: Ints, most: npt.NDArray[np.int64]) -> list[tuple[Ints, int]]:
    """The states of a layer in chunks of similar reach, each with the largest need it needs."""
    order = np.argsort(most, kind="stable")
    found = []
    start = 0
    while start < len(order):
        top = max(int(most[order[start]]), 1)
        size = max(1, COLUMNS // top)
        part = order[start:start + size]
        found.append((states[part], max(int(most[part].max()), 1)))
        start += size
    return found


def solve_target_layers(rules: Rules, *, within: int = 0, progress: Progress | None = None,
                        workers: int | None = None) -> npt.NDArray[np.float64]:
    """Every state's chance of every need, from the full scorecard back to the empty one.

    ``within``: only the states whose filled boxes include these (an endgame; the other
    states' chances are left at 0).
    """
    space = StateSpace.of(rules)
    job = _TargetJob.of(rules, within)
    run_layers(job, space.number_of_boxes, progress=progress,
               helpers=workers or processors(),
               total=sum(len(layer) for layer in job.layers), desc=rules.label())
    return job.chance


class _TargetJob(NamedTuple):
    """A target solve in progress: the layers' states and the table every part writes."""

    rules: Rules
    layers: list[Ints]
    chance: npt.NDArray[np.float64]

    @classmethod
    def of(cls, rules: Rules, within: int) -> _TargetJob:
        space = StateSpace.of(rules)
        chance = np.zeros((space.size, int(box_most(rules).sum()) + 2), dtype=np.float64)
        chance[:, 0] = 1.0
        return cls(rules, [space.layer(n, within).solved for n in range(space.number_of_boxes)],
                   chance)

    def parts(self, filled: int) -> list[tuple[Ints, int]]:
        states = self.layers[filled]
        return chunks_of(states, most_to_come(self.rules, states))

    def solve_part(self, part: tuple[Ints, int]) -> int:
        solve_chunk(box_rows(self.rules), part[0], part[1], self.chance)
        return len(part[0])

    def layer_done(self, filled: int) -> None:
        pass  # every state of a layer is written by its own part


# -- solved once, then kept ------------------------------------------------------------------

_tables: dict[Rules, TargetTable] = cache.memory()


def solve_target(rules: RulesLike = "yacht", *, progress: Progress | None = None,
                 workers: int | None = None, use_cache: bool = True) -> TargetTable:
    """The target table of a rule set: from memory, from the cache directory, or solved now.

    ``progress``: a progress-bar factory such as ``tqdm.auto.tqdm``.  ``use_cache=False``
    solves again and neither reads nor writes the cache.
    """
    ruleset = get_rules(rules)
    check_offered(ruleset)
    check_progress(progress)
    space = StateSpace.of(ruleset)
    width = int(box_most(ruleset).sum()) + 2
    return cache.kept(
        _tables, ruleset, "target", use_cache=use_cache,
        solve=lambda: TargetTable(ruleset, solve_target_layers(ruleset, progress=progress,
                                                               workers=workers)),
        layout={"chance": ((space.size, width), np.float64)},
        read=lambda saved: TargetTable(ruleset, saved["chance"]),
        arrays=lambda table: {"chance": table.chance})


def solve_target_endgame(card: Scorecard) -> TargetTable:
    """Solve only the states that can follow ``card`` (quick when few boxes are open).

    Nothing is cached; states that cannot follow ``card`` are left at chance 0.
    """
    check_offered(card.rules)
    space = StateSpace.of(card.rules)
    chance = solve_target_layers(card.rules, within=space.state_of(card).filled, workers=1)
    return TargetTable(card.rules, chance)
