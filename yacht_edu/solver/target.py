"""The best chance to reach a target: play to win instead of playing for the highest average.

The expected-score solver (:mod:`yacht_edu.solver.backward`) gives each state one number, the
points still to come on average.  Here a state gets a whole column of numbers, one per *need*:
``chance[state, need]`` is the highest probability, over all strategies, of scoring at least
``need`` more points from ``state``.  A need of 0 or less is met already (chance 1); a need
above the most the open boxes can still give is hopeless (chance 0).

A turn is worked out exactly as for the expected score (:mod:`yacht_edu.solver.turn`), with
one column per (state, need) instead of one per state:

1. :func:`hand_chances` — end the turn with each hand, scored in the box that leaves the best
   chance: the box adds its points, and the need that remains is looked up in the next state;
2. :func:`best_keep_chances` — before the second and the third roll, each hand's best keep;
3. :func:`~yacht_edu.solver.turn.first_roll` — the turn before its first roll.

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
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from yacht_edu.errors import RuleError
from yacht_edu.rules import ROLLS, Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver import cache
from yacht_edu.solver.backward import (
    Progress,
    TurnPlan,
    best_over_boxes,
    best_rows,
    check_progress,
    open_rows,
    start_progress,
)
from yacht_edu.solver.states import BoxRows, StateSpace, box_rows
from yacht_edu.solver.turn import (
    HAND_ROLLS,
    ORDERED_ROLLS,
    best_keeps,
    best_of_sub_keeps,
    first_roll,
    pick,
    roll_the_rest,
)

__all__ = [
    "TARGET_RULES",
    "NotOfferedError",
    "TargetTable",
    "best_keep_chances",
    "clear_memory",
    "hand_chances",
    "most_to_come",
    "row_chances",
    "solve_target",
    "solve_target_endgame",
    "target_plan",
    "turn_chances",
]

Array = npt.NDArray[Any]
Ints = npt.NDArray[np.intp]

#: The rule sets whose target table can be solved.
TARGET_RULES = ("yacht", "yacht_sum4")

#: (state, need) columns worked out together: large enough for numpy, small enough for the
#: processor's cache.
COLUMNS = 2048
#: The chance of each of the 252 hands in one roll of five dice.
HAND_WEIGHTS = HAND_ROLLS / ORDERED_ROLLS


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
    space = StateSpace.of(rules)
    if space.uppers > 1 or space.fifties > 1 or rules.rolls != ROLLS:
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


def hand_chances(rows: BoxRows, states: Ints, needs: npt.NDArray[np.int64],
                 chance: Array) -> Array:
    """End the turn with each hand in its best box: shape (252, columns); ``needs`` as for
    :func:`row_chances`."""
    by_row, used = row_chances(rows, states, needs, chance)
    return best_over_boxes(rows, by_row, used)


def target_plan(table: TargetTable, states: Ints, needs: npt.NDArray[np.int64]) -> TurnPlan:
    """The target-optimal turn for each (state, need) pair: the box for each final hand and
    the keeps after the first and second roll (``mean``: the chance before the first roll)."""
    rows = box_rows(table.rules)
    last = table.chance.shape[1] - 1
    by_row, used = row_chances(rows, states, np.clip(needs, 0, last)[:, None], table.chance)
    chosen = best_rows(rows, by_row, used, by_row >= 0)  # a closed box holds -1
    hands = pick(by_row, chosen)
    keeps: list[Ints] = []
    for _ in range(table.rules.rolls - 1):
        keep_values = roll_the_rest(hands)
        keeps.append(best_keeps(keep_values))
        hands = pick(keep_values, keeps[-1])
    chance = first_roll(hands)
    return TurnPlan(used[chosen], tuple(keeps), chance, np.zeros_like(chance))


def best_keep_chances(keep_chances: Array) -> Array:
    """For each hand, the chance of its best keep (one of its sub-multisets): (252, columns).

    Works in place: ``keep_chances`` is changed (each keep then holds its best sub-keep's).
    """
    return best_of_sub_keeps(keep_chances)


def turn_chances(hands: Array, rolls: int = ROLLS) -> Array:
    """The chance before the turn's first roll, from the chances of ending it with each hand
    (a choice of keep before every roll but the first)."""
    for _ in range(rolls - 1):
        hands = best_keep_chances(roll_the_rest(hands))
    # first_roll's weighted sum, without the BLAS threads that crawl on a busy machine
    chance: Array = np.einsum("h,hc->c", HAND_WEIGHTS, hands)
    return chance


def solve_chunk(rows: BoxRows, states: Ints, top: int, chance: Array) -> None:
    """Fill ``chance[states, 1 .. top]`` (the states' later states are solved already)."""
    needs = np.arange(1, top + 1, dtype=np.int64)[None, :]
    worth = turn_chances(hand_chances(rows, states, needs, chance), rows.space.rules.rolls)
    chance[states, 1:top + 1] = np.clip(worth.reshape(len(states), top), 0.0, 1.0)


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
    rows = box_rows(rules)
    most = int(box_most(rules).sum())
    chance = np.zeros((space.size, most + 2), dtype=np.float64)
    chance[:, 0] = 1.0
    layers = [space.layer(n, within).solved for n in range(space.number_of_boxes)]
    bar = start_progress(progress, sum(len(layer) for layer in layers), rules.label("en"))
    threads = workers or os.cpu_count() or 1
    try:
        with ThreadPoolExecutor(threads) as pool:
            for states in reversed(layers):
                parts = chunks_of(states, most_to_come(rules, states))

                def work(part: tuple[Ints, int]) -> int:
                    solve_chunk(rows, part[0], part[1], chance)
                    return len(part[0])

                for done in (pool.map if threads > 1 else map)(work, parts):
                    if bar is not None:
                        bar.update(done)
    finally:
        if bar is not None:
            bar.close()
    return chance


# -- solved once, then kept ------------------------------------------------------------------

_lock = threading.Lock()
_tables: dict[Rules, TargetTable] = {}


def solve_target(rules: RulesLike = "yacht", *, progress: Progress | None = None,
                 workers: int | None = None, use_cache: bool = True) -> TargetTable:
    """The target table of a rule set: from memory, from the cache directory, or solved now.

    ``progress``: a progress-bar factory such as ``tqdm.auto.tqdm``.  ``use_cache=False``
    solves again and neither reads nor writes the cache.
    """
    ruleset = get_rules(rules)
    check_offered(ruleset)
    check_progress(progress)
    with _lock:
        if use_cache and ruleset in _tables:
            return _tables[ruleset]
        space = StateSpace.of(ruleset)
        width = int(box_most(ruleset).sum()) + 2
        expected = cache.header(ruleset, "target", box_rows(ruleset).fingerprint())
        path = cache.table_path(ruleset, "target")
        saved = cache.load(path, expected) if use_cache else None
        found = None if saved is None else saved.get("chance")
        if (found is None or found.shape != (space.size, width)
                or found.dtype != np.float64):
            found = solve_target_layers(ruleset, progress=progress, workers=workers)
            if use_cache:
                cache.save(path, {"chance": found}, expected)
        table = TargetTable(ruleset, found)
        if use_cache:
            _tables[ruleset] = table
        return table


def solve_target_endgame(card: Scorecard) -> TargetTable:
    """Solve only the states that can follow ``card`` (quick when few boxes are open).

    Nothing is cached; states that cannot follow ``card`` are left at chance 0.
    """
    check_offered(card.rules)
    space = StateSpace.of(card.rules)
    chance = solve_target_layers(card.rules, within=space.state_of(card).filled, workers=1)
    return TargetTable(card.rules, chance)


def clear_memory() -> None:
    """Forget the target tables kept in memory (the files in the cache directory stay)."""
    with _lock:
        _tables.clear()
